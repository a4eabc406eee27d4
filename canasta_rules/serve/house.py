"""A house ruleset as the web page holds it: a built-in base and the parameters changed from it.

The page sends its changes as ``{dotted key: value}``; they become the same ``--set`` overrides the
command line takes (:func:`sets_of`), so a house ruleset is loaded, validated and explained by the
library exactly as ``canasta rules classic --set ...`` would be, and every problem comes back at
its dotted key. :func:`house_toml` writes the house ruleset as a file that extends the base and
holds only the changes, each with a comment saying which sources give that value.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import tomli_w

from ..errors import VariantError
from ..variant import LoadedVariant, load
from ..variant.builtin import names as builtin_names
from ..variant.compare import differences, show_value
from .sayings import sayings, source_names

MAX_CHANGES = 200
"""Changes one request may carry (a variant has about 110 parameters)."""


class HouseError(ValueError):
    """A request whose house ruleset cannot even be put together (not a built-in base, too many
    changes, a key that is not text): one message, for the page."""


def toml_inline(value: Any) -> str:
    """``value`` as one inline TOML value (tables inline, arrays on one line)."""
    if isinstance(value, Mapping):
        # a key left out (None in the model's dump, e.g. the last tier's 'below') is not written
        inner = ", ".join(
            f"{_key(k)} = {toml_inline(v)}" for k, v in value.items() if v is not None
        )
        return "{ " + inner + " }" if inner else "{}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_inline(v) for v in value) + "]"
    return tomli_w.dumps({"v": value}).partition("=")[2].strip()


def _key(k: str) -> str:
    return tomli_w.dumps({k: 0}).partition("=")[0].strip()


def sets_of(changes: Mapping[str, Any]) -> tuple[str, ...]:
    """The ``--set`` overrides for ``changes``: each table's ``kind`` first (outer tables before
    inner ones), since setting a kind replaces its table and would drop a key set before it; then
    the rest in the order given."""
    if len(changes) > MAX_CHANGES:
        raise HouseError(f"too many changes: the limit is {MAX_CHANGES}")
    keys = sorted(changes, key=lambda k: k.count(".") if k.endswith(".kind") else 1_000)
    return tuple(f"{k}={toml_inline(changes[k])}" for k in keys)


@dataclass(frozen=True)
class House:
    """A base and the changes from it, loaded (or the problems that stop it loading)."""

    base: LoadedVariant
    changes: dict[str, Any]
    loaded: LoadedVariant | None
    problems: tuple[tuple[str, str], ...] = ()
    """(dotted key, message) for each problem; the key is '' where the problem has none."""

    @property
    def base_name(self) -> str:
        return self.base.variant.name

    @property
    def diff(self) -> list[tuple[str, Any, Any]]:
        """(key, base value, house value) for each parameter that differs."""
        if self.loaded is None:
            return []
        return differences(self.base.variant, self.loaded.variant)


def base_of(name: str) -> LoadedVariant:
    if not isinstance(name, str) or name not in builtin_names():
        raise HouseError("choose a built-in ruleset as the base")
    return load(name)


def house(base: str, changes: Mapping[str, Any]) -> House:
    """The house ruleset of ``base`` with ``changes`` applied through ``--set``."""
    lv = base_of(base)
    if not all(isinstance(k, str) and 0 < len(k) <= 200 for k in changes):
        raise HouseError("each change must name a parameter")
    kept = dict(changes)
    sets = sets_of(kept)
    try:
        loaded = load(base, sets)
    except VariantError as e:
        problems = tuple((p.key, _unechoed(p.message, sets)) for p in e.problems)
        return House(lv, kept, None, problems)
    return House(lv, kept, loaded)


def _unechoed(message: str, sets: tuple[str, ...]) -> str:
    """``message`` without the ``[key=value]`` the loader adds to say which ``--set`` it is
    about: on the page the problem stands beside the control it is about."""
    for s in sets:
        if message.endswith(f" [{s}]"):
            return message[: -len(s) - 3]
    return message


def changes_of(base: LoadedVariant, loaded: LoadedVariant) -> dict[str, Any]:
    """The changes that turn ``base`` into ``loaded``, for the page's controls."""
    return {k: v for k, _, v in differences(base.variant, loaded.variant) if v is not None}


def _comment(key: str, value: Any, base_name: str, base_value: Any) -> list[str]:
    """Comment lines for a changed value: what the base had, and which sources give the new one."""
    shown = show_value(value)
    sources = [src for said, srcs, _ in sayings(key, base_name) for src in srcs if said == shown]
    was = (
        f"{base_name} has {show_value(base_value)}"
        if base_value is not None
        else f"new in this kind of rule ({base_name} has no {key.rpartition('.')[2]})"
    )
    if sources:
        text = f"{was}; {shown} is given by {source_names(sources)}."
    else:
        text = f"{was}; {shown} is a house rule (no source gives it)."
    return textwrap.wrap(text, 98, initial_indent="# ", subsequent_indent="# ")


def house_toml(h: House, name: str = "house") -> str:
    """The house ruleset as a variant file: ``extends`` the base, holds only the changes, and
    says above each which sources give its value."""
    assert h.loaded is not None
    base_flat = {k: b for k, b, _ in h.diff}
    tables: dict[str, list[tuple[str, Any]]] = {}
    for key, _, value in h.diff:
        if value is None:
            continue  # a key of a kind the house replaced; the new kind's keys are written
        table, _, leaf = key.rpartition(".")
        tables.setdefault(table, []).append((leaf, value))
    title = json.dumps(f"{h.base.variant.title}, with house rules", ensure_ascii=False)
    out = [
        f"# House rules on {h.base_name}, written by 'canasta serve'.",
        f"# Check it with: canasta variants validate {name}.toml",
        "",
        f'extends = "{h.base_name}"',
        f"name = {json.dumps(name)}",
        f"title = {title}",
    ]
    top = tables.pop("", [])
    for leaf, value in top:
        out += ["", *_comment(leaf, value, h.base_name, base_flat[leaf])]
        out.append(f"{_key(leaf)} = {toml_inline(value)}")
    for table, entries in tables.items():
        out += ["", f"[{table}]"]
        # a kind first: the table it names replaces the base's
        entries.sort(key=lambda e: e[0] != "kind")
        for leaf, value in entries:
            full = f"{table}.{leaf}"
            out += _comment(full, value, h.base_name, base_flat[full])
            out.append(f"{_key(leaf)} = {toml_inline(value)}")
    return "\n".join(out) + "\n"


def problems_by_key(problems: Sequence[tuple[str, str]]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for key, message in problems:
        out.setdefault(key, []).append(message)
    return out
