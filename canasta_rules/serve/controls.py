"""The page's controls: one for every parameter of a ruleset, read from the model.

A control's kind follows the parameter's type (a toggle for ``true``/``false``, a number, a choice
among the allowed words, boxes for a set of words, a row editor for an array of small tables such
as the opening tiers), and it carries what the sources say (:mod:`.sayings`) and the base's own
note. The controls are grouped in the sections of the rule sheet, in the sheet's order: a
parameter goes with the first section whose statements are generated from it.
"""

from __future__ import annotations

import types
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any, Literal, Union, get_args, get_origin

import annotated_types
from pydantic import BaseModel
from pydantic.fields import FieldInfo

from ..rulesheet import build
from ..rulesheet.document import block_statements, claims_key
from ..sources import label
from ..variant import LoadedVariant
from ..variant.compare import flatten, show_value
from ..variant.model import Variant as Model
from ..variant.plain import Variant
from .sayings import Saying, disagree, sayings
from .words import choice_words, setting_title

Widget = Literal["toggle", "number", "choice", "multi", "numbers", "rows", "text"]


@dataclass(frozen=True)
class Column:
    """One field of the tables in an array edited as rows."""

    name: str
    widget: Widget
    choices: tuple[str, ...] = ()
    optional: bool = False
    help: str = ""
    title: str = ""
    """The field's name in words (``Cards dealt to each player``)."""
    options: tuple[tuple[str, str], ...] = ()
    """Each choice with its words, for the choice's select."""


@dataclass(frozen=True)
class Control:
    key: str
    label: str
    help: str
    widget: Widget
    value: Any
    base_value: Any
    choices: tuple[str, ...] = ()
    options: tuple[tuple[str, str], ...] = ()
    """Each choice (of a choice or a set of boxes) with its words: ``("stop", "stops the next
    player, nothing more")``; the value is what the form and the house file keep."""
    low: int | None = None
    high: int | None = None
    optional: bool = False
    """A number that may be left out (empty)."""
    columns: tuple[Column, ...] = ()
    note: str = ""
    """The base ruleset's provenance note for this value."""
    note_sources: str = ""
    pinned: bool = False
    sayings: tuple[Saying, ...] = ()
    """Each value the sources give (shown as a file writes it) with those sources."""
    problems: tuple[str, ...] = ()

    @property
    def changed(self) -> bool:
        return bool(self.value != self.base_value)

    @property
    def disputed(self) -> bool:
        """Sources give this rule different values for the same table."""
        return disagree(self.sayings)

    @property
    def by_table(self) -> bool:
        """The values differ only between table sizes."""
        return len(self.sayings) > 1 and not self.disputed

    @property
    def shown_value(self) -> str:
        return show_value(self.value)


@dataclass(frozen=True)
class Group:
    id: str
    title: str
    controls: tuple[Control, ...] = field(default=())


def _models(ann: Any) -> list[type[BaseModel]]:
    if isinstance(ann, type) and issubclass(ann, BaseModel):
        return [ann]
    if get_origin(ann) in (Union, types.UnionType):
        return [m for a in get_args(ann) for m in _models(a)]
    return []


def _kind_of(model: type[BaseModel]) -> str:
    return str(get_args(model.model_fields["kind"].annotation)[0])


def _field(key: str, dumped: dict[str, Any]) -> tuple[FieldInfo, list[type[BaseModel]]]:
    """The field of ``key`` (through the kinds ``dumped`` holds) and, for a ``kind`` key, every
    model of its union."""
    model: type[BaseModel] = Model
    node: Any = dumped
    parts = key.split(".")
    union: list[type[BaseModel]] = []
    for i, part in enumerate(parts):
        info = model.model_fields[part]
        if i == len(parts) - 1:
            return info, union if part == "kind" else []
        node = node.get(part, {}) if isinstance(node, dict) else {}
        models = _models(info.annotation)
        if len(models) > 1:
            kind = node.get("kind") if isinstance(node, dict) else None
            model = next((m for m in models if _kind_of(m) == kind), models[0])
            union = models
        else:
            model = models[0]
            union = []
    raise KeyError(key)  # pragma: no cover - every flattened key names a field


def description(v: Variant, key: str) -> str:
    """What the parameter ``key`` of ``v`` is, in the model's words ('' where it has none)."""
    try:
        info, _ = _field(key, v.rules_only())
    except KeyError:
        return ""
    return info.description or ""


def _bound(info: FieldInfo, kind: type) -> int | None:
    for m in info.metadata:
        if isinstance(m, kind):
            return int(getattr(m, kind.__name__.lower()))
    return None


def _scalar(ann: Any) -> tuple[Widget, tuple[str, ...], bool] | None:
    """The widget for a scalar type, its choices, and whether it may be left out."""
    if ann is bool:
        return "toggle", (), False
    if ann is int:
        return "number", (), False
    if ann == int | None:
        return "number", (), True
    if get_origin(ann) is Literal:
        return "choice", tuple(str(a) for a in get_args(ann)), False
    if ann is str:
        return "text", (), False
    return None


def _widget(info: FieldInfo, union: list[type[BaseModel]]) -> dict[str, Any]:
    if union:
        return {"widget": "choice", "choices": tuple(_kind_of(m) for m in union)}
    ann = info.annotation
    found = _scalar(ann)
    if found is not None:
        widget, choices, optional = found
        return {
            "widget": widget,
            "choices": choices,
            "optional": optional,
            "low": _bound(info, annotated_types.Ge),
            "high": _bound(info, annotated_types.Le),
        }
    if get_origin(ann) is tuple:
        item = get_args(ann)[0]
        if get_origin(item) is Literal:
            return {"widget": "multi", "choices": tuple(str(a) for a in get_args(item))}
        if item is int:
            return {"widget": "numbers"}
        models = _models(item)
        if len(models) == 1:
            columns = []
            for name, sub in models[0].model_fields.items():
                col = _scalar(sub.annotation)
                if col is None:
                    return {"widget": "text"}
                columns.append(Column(name, col[0], col[1], col[2], sub.description or ""))
            return {"widget": "rows", "columns": tuple(columns)}
    return {"widget": "text"}


def _worded(key: str, col: Column) -> Column:
    """``col`` of the rows of ``key`` with its name and its choices in words."""
    entry = f"{key}[].{col.name}"
    options = tuple((ch, choice_words(entry, ch)) for ch in col.choices)
    return replace(col, title=setting_title(entry), options=options)


def _sections(v: Variant) -> list[tuple[str, str, list[str]]]:
    """(id, title, claims in reading order) for each section of ``v``'s rule sheet."""
    out: list[tuple[str, str, list[str]]] = []
    for sec in build(v).sections:
        claims: list[str] = []
        for b in sec.blocks:
            for st in block_statements(b):
                claims += [c for c in st.claims if c not in claims]
        out.append((sec.id, sec.title, claims))
    return out


def groups(
    base: LoadedVariant, current: LoadedVariant, problems: dict[str, list[str]] | None = None
) -> list[Group]:
    """Every parameter of ``current`` as a control, in the sections of its rule sheet."""
    problems = problems or {}
    flat = flatten(current.variant)
    base_flat = flatten(base.variant)
    dumped = current.variant.rules_only()
    placed: dict[str, list[Control]] = {}
    order = _sections(current.variant)
    home: dict[str, str] = {}
    for key in flat:
        home[key] = next(
            (sid for sid, _, claims in order if any(claims_key(c, key) for c in claims)),
            "other",
        )
    for key, value in flat.items():
        info, union = _field(key, dumped)
        widget = _widget(info, union)
        many = widget["widget"] == "multi"
        options = tuple((ch, choice_words(key, ch, many=many)) for ch in widget.get("choices", ()))
        if "columns" in widget:
            widget["columns"] = tuple(_worded(key, col) for col in widget["columns"])
        entry = base.provenance_entry(key)
        note = entry[1] if entry is not None else None
        placed.setdefault(home[key], []).append(
            Control(
                key=key,
                label=setting_title(key),
                help=info.description or "",
                value=value,
                base_value=base_flat.get(key),
                note=note.note if note is not None else "",
                note_sources=", ".join(label(s) for s in note.sources) if note else "",
                pinned=bool(note and note.pinned),
                sayings=sayings(key, base.variant.name),
                problems=tuple(problems.get(key, ())),
                options=options,
                **widget,
            )
        )
    out = [Group(sid, title, tuple(placed[sid])) for sid, title, _ in order if sid in placed]
    if "other" in placed:
        out.append(Group("other", "Other rules", tuple(placed["other"])))
    return out


def iter_controls(gs: list[Group]) -> Iterator[Control]:
    for g in gs:
        yield from g.controls
