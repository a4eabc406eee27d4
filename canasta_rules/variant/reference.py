"""The parameter reference (``docs/parameters.md``), generated from the model.

Every row comes from a field of :class:`~canasta_rules.variant.model.Variant`: its dotted key, its
type and allowed values (from the annotation and the bounds), its default and its description. A
test fails when the committed page differs from :func:`parameters_markdown`; regenerate it with
``python -m canasta_rules.docgen --write docs`` (or this module alone: ``python -m
canasta_rules.variant.reference > docs/parameters.md``).
"""

from __future__ import annotations

import types
from collections.abc import Iterator
from typing import Any, Literal, Union, get_args, get_origin

import annotated_types
from pydantic import BaseModel
from pydantic.fields import FieldInfo

from .compare import show_value
from .model import METADATA_KEYS, Variant

Row = tuple[str, str, str, str]
"""Key, type, default, description."""


def _models(ann: Any) -> list[type[BaseModel]]:
    if isinstance(ann, type) and issubclass(ann, BaseModel):
        return [ann]
    if get_origin(ann) in (Union, types.UnionType):
        return [m for a in get_args(ann) for m in _models(a)]
    return []


def _kind(model: type[BaseModel]) -> str:
    return str(get_args(model.model_fields["kind"].annotation)[0])


def _bounds(info: FieldInfo) -> str:
    lo = next((m.ge for m in info.metadata if isinstance(m, annotated_types.Ge)), None)
    hi = next((m.le for m in info.metadata if isinstance(m, annotated_types.Le)), None)
    if lo is not None and hi is not None:
        return f"integer, {lo} to {hi}"
    if lo is not None:
        return f"integer, at least {lo}"
    if hi is not None:
        return f"integer, at most {hi}"
    return "integer"


def _choices(ann: Any) -> str:
    return ", ".join(f'`"{a}"`' for a in get_args(ann))


def _min_items(info: FieldInfo) -> str:
    n = next((m.min_length for m in info.metadata if isinstance(m, annotated_types.MinLen)), 0)
    return f", at least {n}" if n else ""


def _pattern(ann: Any, info: FieldInfo) -> str | None:
    for meta in [*info.metadata, *(get_args(ann)[1:] if get_origin(ann) is not None else ())]:
        for m in [meta, *getattr(meta, "metadata", [])]:
            p = getattr(m, "pattern", None)
            if p:
                return str(p)
    return None


def _type(info: FieldInfo) -> str:
    ann = info.annotation
    if ann is bool:
        return "`true` or `false`"
    if ann is int:
        return _bounds(info)
    if ann == int | None:
        return "integer, or left out"
    if ann is str:
        pattern = _pattern(ann, info)
        return f"string matching `{pattern}`" if pattern else "string"
    if get_origin(ann) is Literal:
        if len(get_args(ann)) == 1:
            return f"{_choices(ann)} (the only choice so far)"
        return "one of " + _choices(ann)
    if get_origin(ann) is tuple:
        item = get_args(ann)[0]
        if get_origin(item) is Literal:
            return f"array of {_choices(item)}, each at most once{_min_items(info)}"
        if item is int:
            return "array of integers"
        if _models(item):
            return f"array of tables{_min_items(info)}"
        pattern = _pattern(item, FieldInfo(annotation=item))
        return f"array of strings matching `{pattern}`" if pattern else "array of strings"
    models = _models(ann)
    if len(models) > 1:
        return "table, one of the kinds below"
    if models:
        return "table"
    return str(ann)  # pragma: no cover - every field type of the model is handled above


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _default(value: Any) -> str:
    if value is _MISSING:
        return "(required)"
    if value is None:
        return "(left out)"
    return f"`{show_value(value)}`"


_MISSING = object()


def _rows(model: type[BaseModel], prefix: str, defaults: Any) -> Iterator[Row]:
    """Rows for the fields of ``model``; ``defaults`` is its default as a dict, if it has one."""
    for name, info in model.model_fields.items():
        if isinstance(defaults, dict):
            value = defaults.get(name, _MISSING)
        elif info.is_required():
            value = _MISSING
        else:
            value = info.get_default(call_default_factory=True)
            if isinstance(value, BaseModel):
                value = value.model_dump(mode="json", exclude_none=True)
        yield from _field_rows(f"{prefix}{name}", info, value)


def _kinds_said(models: list[type[BaseModel]]) -> str:
    """What each kind of a rule means, from its ``kind`` field's description: ``'none': nobody
    asks partner's permission to go out; 'ask': a player may ask ...``."""
    said = []
    for m in models:
        desc = (m.model_fields["kind"].description or "").rstrip(".")
        said.append(f"'{_kind(m)}': {desc[:1].lower()}{desc[1:]}")
    return "Which kind of rule this is: " + "; ".join(said) + "."


def _field_rows(key: str, info: FieldInfo, value: Any) -> Iterator[Row]:
    """The row of one field, followed by the rows of the keys inside it."""
    models = _models(info.annotation)
    item_models = (
        _models(get_args(info.annotation)[0]) if get_origin(info.annotation) is tuple else []
    )
    description = info.description or ""
    if len(models) > 1:
        kinds = ", ".join(f'`"{_kind(m)}"`' for m in models)
        yield key, _type(info), _default(value), description
        kind = value.get("kind", _MISSING) if isinstance(value, dict) else _MISSING
        yield f"{key}.kind", f"one of {kinds}", _default(kind), _kinds_said(models)
        for m in models:
            active = isinstance(value, dict) and value.get("kind") == _kind(m)
            for sub_key, typ, default, desc in _rows(m, f"{key}.", value if active else None):
                if not sub_key.endswith(".kind"):
                    yield sub_key, typ, default, f'(kind `"{_kind(m)}"`) {desc}'
    elif models:
        yield from _rows(models[0], f"{key}.", value if isinstance(value, dict) else None)
    elif item_models:
        yield key, _type(info), _default(value), description
        yield from _rows(item_models[0], f"{key}[].", None)
    else:
        yield key, _type(info), _default(value), description


def parameters() -> dict[str, list[Row]]:
    """The rule parameters, grouped by top-level table (``seating`` is an array of tables)."""
    defaults = Variant().model_dump(mode="json", exclude_none=True)
    return {
        name: list(_field_rows(name, info, defaults.get(name, _MISSING)))
        for name, info in Variant.model_fields.items()
        if name not in METADATA_KEYS
    }


def _metadata_rows() -> list[Row]:
    rows: list[Row] = [
        (
            "extends",
            "string",
            "(none)",
            "A built-in variant's name, or the path of another variant file relative to this one. "
            "This file's keys are merged into it.",
        )
    ]
    in_a_file = {
        "name": "the file's name without `.toml`, lower-cased",
        "title": "the parent's title with `, with house rules`, or the name",
        "summary": '`""`',
        "sources": 'the parent\'s; `["001"]` without a parent',
        "provenance": "the parent's notes on the values this file does not change",
    }
    for name, default in in_a_file.items():
        info = Variant.model_fields[name]
        typ = "table of notes" if name == "provenance" else _type(info)
        rows.append((name, typ, default, info.description or ""))
    rows.append(
        (
            'provenance."KEY".sources',
            "array of source ids, at least 1",
            "(required)",
            "The sources that give, or bear on, the value at KEY (a parameter or a table).",
        )
    )
    rows.append(
        (
            'provenance."KEY".note',
            "string, not empty",
            "(required)",
            "What the source says, in our words, or why a reading was pinned.",
        )
    )
    rows.append(
        (
            'provenance."KEY".pinned',
            "`true` or `false`",
            "`false`",
            "True when the sources are silent or disagree and the variant pins a reading.",
        )
    )
    return rows


def _table(rows: list[Row]) -> list[str]:
    out = ["| key | type and allowed values | default | description |", "| --- | --- | --- | --- |"]
    for key, typ, default, desc in rows:
        out.append(f"| `{key}` | {_cell(typ)} | {_cell(default)} | {_cell(desc)} |")
    return out


def parameters_markdown() -> str:
    """``docs/parameters.md``: every parameter of a variant file, generated from the model."""
    lines = [
        "# Variant parameters",
        "",
        "<!-- Generated from the model by canasta_rules.variant.reference.parameters_markdown();",
        "     do not edit by hand: python -m canasta_rules.docgen --write docs -->",
        "",
        "Every key a variant file may set, table by table. The defaults are the model's, which",
        "are the built-in `classic` variant's values. `seating[]` and `initial_meld.tiers[]`",
        "name the keys of each entry of an array of tables (`[[seating]]`); in error messages",
        "an entry is numbered from 0, as in `seating.0.hand_size`. A table with a `kind` key",
        "holds one of several shapes of a rule; each kind's own keys are marked with it.",
        "See [variant-files.md](variant-files.md) for how files are written and combined.",
    ]
    for group, rows in parameters().items():
        lines += ["", f"## `{group}`", ""]
        if rows[0][0] != group:  # a plain table: its description is not in a row of its own
            lines += [Variant.model_fields[group].description or "", ""]
        lines += _table(rows)
    lines += [
        "",
        "## Describing the variant",
        "",
        "These keys describe a file rather than set a rule. `name`, `title` and `summary` are",
        "not inherited through `extends`; `sources` and `provenance` are.",
        "",
        *_table(_metadata_rows()),
    ]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":  # pragma: no cover
    print(parameters_markdown(), end="")
