"""Validation errors as located problems: each of pydantic's errors worded as a short message
and placed at the dotted key, file and line of the layer that wrote the value (a rule broken
between several keys at the key the latest layer wrote).
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from typing import Any, get_args

from pydantic import BaseModel, ValidationError

from ..errors import MAX_PROBLEM_LINES, Problem, VariantError, quoted, shorten
from ..sources import SOURCE_PATTERN
from .layer import SET_LABEL, Layer, _brief
from .model import Provenance, Variant, parameter_paths
from .tomlpos import Path as KeyPath
from .tomlpos import dotted


def _clean_loc(loc: tuple[str | int, ...], data: Any) -> KeyPath:
    """Drop the discriminator tags pydantic adds to union locations."""
    out: list[str | int] = []
    node = data
    for part in loc:
        if isinstance(node, dict):
            if part in node:
                out.append(part)
                node = node[part]
            elif node.get("kind") == part:
                continue
            else:
                out.append(part)
                node = None
        elif isinstance(node, list) and isinstance(part, int):
            out.append(part)
            node = node[part] if part < len(node) else None
        else:
            out.append(part)
            node = None
    return tuple(out)


def _models_in(ann: Any) -> list[type[BaseModel]]:
    if isinstance(ann, type) and issubclass(ann, BaseModel):
        return [ann]
    found: list[type[BaseModel]] = []
    for a in get_args(ann):
        found.extend(_models_in(a))
    return found


def _kind_of(model: type[BaseModel]) -> str | None:
    info = model.model_fields.get("kind")
    args = get_args(info.annotation) if info is not None else ()
    return str(args[0]) if args else None


def _models_at(path: KeyPath, data: Any) -> list[type[BaseModel]]:
    """The models a table at ``path`` may be: one, or the kinds of a union that fit the data."""
    models: list[type[BaseModel]] = [Variant]
    node = data
    for p in path:
        if isinstance(p, int):
            node = node[p] if isinstance(node, list) and p < len(node) else None
            continue
        found: list[type[BaseModel]] = []
        for m in models:
            info = m.model_fields.get(p)
            if info is not None:
                found.extend(_models_in(info.annotation))
        if p == "provenance" and models == [Variant]:
            return []
        node = node.get(p) if isinstance(node, dict) else None
        kind = node.get("kind") if isinstance(node, dict) else None
        chosen = [m for m in found if _kind_of(m) == kind]
        models = chosen or found
        if not models:
            return []
    return models


def _unknown_key(path: KeyPath, data: Any) -> str:
    key = str(path[-1]) if path else ""
    here = _models_at(path[:-1], data)
    if path[:1] == ("provenance",) and len(path) == 3:
        here = [Provenance]
    known = [name for m in here for name in m.model_fields]
    if here == [Variant]:
        known.append("extends")
    if len(here) == 1 and (kind := _kind_of(here[0])) is not None:
        others = [m for m in _models_at(path[:-2], data) for m in _field_models(m, path[-2])]
        owner = next((_kind_of(m) for m in others if key in m.model_fields), None)
        if owner is not None and owner != kind:
            return f"unknown key for kind {kind!r} (it belongs to kind {owner!r})"
    close = difflib.get_close_matches(key, known, n=1)
    if close:
        return f"unknown key (did you mean {quoted(close[0])}?)"
    if here == [Variant] and key in _DESCRIBING:
        return "unknown key (a variant is described by 'title' and 'summary')"
    elsewhere = sorted(p for p in parameter_paths() if p.rsplit(".", 1)[-1] == key)
    if elsewhere:
        return f"unknown key here (did you mean {' or '.join(map(quoted, elsewhere[:2]))}?)"
    if here and here != [Variant] and len(set(known)) <= _LISTED:
        table = dotted(tuple(p for p in path[:-1] if not isinstance(p, int)))
        keys = ", ".join(k for k in dict.fromkeys(known) if k != "kind")
        return f"unknown key; [{table}] has {keys}"
    return "unknown key"


_LISTED = 8
"""A table with at most this many keys lists them after an unknown key that resembles none."""


_DESCRIBING = frozenset({"description", "desc", "about", "notes", "comment", "comments"})
"""Keys a writer may reach for to describe a variant, where the model has ``title`` and
``summary``."""


def _field_models(model: type[BaseModel], name: str | int) -> list[type[BaseModel]]:
    info = model.model_fields.get(name) if isinstance(name, str) else None
    return _models_in(info.annotation) if info is not None else []


_SOURCE_PATTERN = SOURCE_PATTERN
_TYPE_WORDS = {
    "int_type": "must be a whole number",
    "bool_type": "must be true or false",
    "string_type": "must be a string",
    "tuple_type": "must be an array",
    "list_type": "must be an array",
    "model_type": "must be a table",
    "model_attributes_type": "must be a table",
    "dict_type": "must be a table",
}


def _choices(expected: str, width: int = 60) -> str:
    """pydantic's list of allowed values ("'a', 'b' or 'c'"), shortened when long (a rank name
    has eleven) so that the message keeps to one short line: its first two and its last."""
    if len(expected) <= width:
        return expected
    head, _, last = expected.rpartition(" or ")
    items = [*head.split(", "), last]
    return f"one of {len(items)}: {items[0]}, {items[1]} ... {items[-1]}"


_PATTERN_WORDS = {
    r"^[a-z0-9][a-z0-9-]*$": (
        "lower-case letters, digits and hyphens, starting with a letter or digit"
    ),
    r"^[a-z][a-z '-]{0,29}$": (
        "a word of up to 30 lower-case letters (spaces, hyphens and apostrophes allowed)"
    ),
    r"^$|^[a-z][a-z '-]{0,29}$": (
        "empty, or a word of up to 30 lower-case letters (spaces, hyphens and apostrophes allowed)"
    ),
}
"""What the model's patterns ask for, in words (a regular expression means nothing to most)."""


def _entries(n: Any) -> str:
    return f"{n} entry" if n == 1 else f"{n} entries"


def _message(err: Any, path: KeyPath, data: Any) -> str:
    typ: str = err["type"]
    ctx: dict[str, Any] = err.get("ctx") or {}
    inp = err.get("input")
    got = f", got {_brief(inp)}"
    if typ == "extra_forbidden":
        return _unknown_key(path, data)
    if typ == "missing":
        return "required key is missing"
    if typ == "union_tag_invalid":
        kind = quoted(str(ctx.get("tag")))
        return f"unknown kind {kind}; expected one of {ctx.get('expected_tags')}"
    if typ == "union_tag_not_found":
        return "needs a 'kind' key"
    if typ in ("tuple_type", "list_type") and isinstance(inp, dict) and path:
        # [seating] where [[seating]] belongs: TOML's header for one entry of an array of tables
        name = dotted(path)
        return (
            f"must be an array of tables: write [[{name}]], with double brackets, above each entry"
        )
    if typ in _TYPE_WORDS:
        return _TYPE_WORDS[typ] + got
    if typ == "greater_than_equal":
        return f"must be at least {ctx['ge']}{got}"
    if typ == "less_than_equal":
        return f"must be at most {ctx['le']}{got}"
    if typ == "too_short":
        return f"must have at least {_entries(ctx['min_length'])}, got {ctx['actual_length']}"
    if typ == "string_too_short":
        n = ctx["min_length"]
        return "must not be empty" if n == 1 else f"must have at least {n} characters{got}"
    if typ == "too_long":
        return f"must have at most {_entries(ctx['max_length'])}, got {ctx['actual_length']}"
    if typ == "literal_error":
        return f"must be {_choices(str(ctx['expected']))}{got}"
    if typ == "string_pattern_mismatch":
        if ctx.get("pattern") == _SOURCE_PATTERN:
            ids = "000 to 004, P, B, W, Brit, house or an id in docs/sources.md"
            return f"not a source: use {ids}{got}"
        return f"must be {_PATTERN_WORDS.get(str(ctx.get('pattern')), 'written differently')}{got}"
    msg: str = err["msg"]
    if "keys" in ctx:  # a cross-field rule: its message is complete
        return msg
    msg = msg.removeprefix("Value error, ")
    return f"{msg[:1].lower()}{msg[1:]}{got}"


def _step(node: Any, key: str | int) -> Any:
    """``node[key]`` for a table or an array, or None when there is no such entry."""
    if isinstance(node, dict):
        return node.get(key)
    if isinstance(node, list) and isinstance(key, int) and key < len(node):
        return node[key]
    return None


def _origin_layer(path: KeyPath, layers: Sequence[Layer]) -> int | None:
    """Index of the last layer whose data holds ``path`` (or an array that contains it).

    A provenance note is replaced whole, never merged: what is wrong inside one (a missing
    ``note``) belongs to the last layer that wrote the note, even where a parent's note had it."""
    if len(path) > 2 and path[0] == "provenance":
        path = path[:2]
    # An array, or a table of another kind, replaces the parent's whole (merge.py): what is
    # wrong inside it, a key left out included, belongs to the layer that wrote it.
    for k in range(1, len(path)):
        i = _last_holding(path[:k], layers)
        if i is None:
            break
        node = _at(layers[i].data, path[:k])
        if isinstance(node, list):
            return i
        kind = node.get("kind") if isinstance(node, dict) else None
        if kind is not None and any(
            isinstance(n := _at(layer.data, path[:k]), dict) and n.get("kind") != kind
            for layer in layers[:i]
        ):
            return i
    return _last_holding(path, layers)


def _at(data: Any, path: KeyPath) -> Any:
    """The node at ``path`` in one layer's data (None where it has none)."""
    node = data
    for p in path:
        node = _step(node, p)
        if node is None:
            return None
    return node


def _last_holding(path: KeyPath, layers: Sequence[Layer]) -> int | None:
    """Index of the last layer whose data holds ``path``."""
    for i in range(len(layers) - 1, -1, -1):
        if _at(layers[i].data, path) is not None:
            return i
    return None


def _set_item(layer: Layer, path: KeyPath) -> str:
    """The ``--set`` text behind ``path``."""
    for k, item in layer.set_keys.items():
        if k[: len(path)] == path or path[: len(k)] == k:
            return item
    for k, item in layer.set_keys.items():
        cut = next((j for j, p in enumerate(k) if isinstance(p, int)), len(k))
        if path[:cut] == k[:cut]:
            return item
    return ""


def _blame(candidates: Sequence[KeyPath], layers: Sequence[Layer]) -> KeyPath:
    """Of the keys a cross-field rule involves, the one the latest layer wrote (preferring, in
    that layer, a key an override named exactly; then the order the rule lists them)."""

    def rank(j: int) -> tuple[int, bool, int]:
        i = _origin_layer(candidates[j], layers)
        named = i is not None and candidates[j] in layers[i].set_keys
        return (-1 if i is None else i, named, -j)

    return candidates[max(range(len(candidates)), key=rank)]


def _problems(e: ValidationError, document: Any, layers: Sequence[Layer]) -> list[Problem]:
    """Every problem of ``e``, worded and placed, by file and then by line."""
    return _located(e, document, layers, None)[0]


def located_error(e: ValidationError, document: Any, layers: Sequence[Layer]) -> VariantError:
    """The :class:`VariantError` for ``e``: its first problems (by file, then by line) worded
    and placed, the others only counted. Placing a problem is a few look-ups; wording it may
    search the model for the key meant, so a file of thousands of unknown keys is worded only
    as far as the error shows it."""
    shown, more = _located(e, document, layers, MAX_PROBLEM_LINES)
    return VariantError(shown, more)


def _located(
    e: ValidationError, document: Any, layers: Sequence[Layer], limit: int | None
) -> tuple[list[Problem], int]:
    errors = e.errors()
    paths = [_clean_loc(tuple(err["loc"]), document) for err in errors]
    inner = {p[:i] for p in paths for i in range(len(p))}  # every path with one below it
    placed: list[tuple[int, int, int, KeyPath]] = []
    for n, (err, path) in enumerate(zip(errors, paths, strict=True)):
        if err["type"] == "too_short" and path in inner:
            continue  # an array emptied by its own bad entries: those are the problems
        ctx = err.get("ctx") or {}
        if "keys" in ctx:
            candidates = [(*path, *k) for k in ctx["keys"]]
            path = _blame(candidates, layers)
        i = _origin_layer(path, layers)
        if i is None:
            i = max(j for j, lay in enumerate(layers) if lay.label != SET_LABEL)
        line = 0 if layers[i].label == SET_LABEL else layers[i].line(path) or 0
        placed.append((i, line, n, path))
    placed.sort(key=lambda t: (t[0], t[1]))  # by file, then by line (stable: pydantic's order)
    shown = placed if limit is None else placed[:limit]
    out: list[Problem] = []
    for i, line, n, path in shown:
        layer = layers[i]
        message = _message(errors[n], path, document)
        if layer.label == SET_LABEL:
            item = _set_item(layer, path)
            out.append(Problem(SET_LABEL, None, dotted(path), f"{message} [{shorten(item)}]"))
        else:
            out.append(Problem(layer.label, line or None, dotted(path), message))
    return out, len(placed) - len(shown)
