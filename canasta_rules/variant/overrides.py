"""``--set dotted.key=value`` overrides: parsing one, and turning it into a sparse document to
merge over the chain (an array element stands for its whole array).
"""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Mapping
from typing import Any

from .. import limits
from ..errors import Problem, VariantError, shorten
from .layer import SET_LABEL
from .tomlpos import Path as KeyPath
from .tomlpos import dotted
from .tomlread import _check_document

SET_METADATA = ("name", "title", "summary", "sources")
"""Descriptive keys that ``--set`` may change besides the rule parameters."""


def _set_error(path: KeyPath | str, message: str, item: str) -> VariantError:
    key = path if isinstance(path, str) else dotted(path)
    return VariantError([Problem(SET_LABEL, None, key, f"{message} [{shorten(item)}]")])


def parse_set(item: str) -> tuple[KeyPath, Any]:
    """``dotted.key=value`` as a key path and a TOML value (bare words are strings)."""
    if "=" not in item:
        raise _set_error(item, "expected dotted.key=value, for example melds.max_wild=2", item)
    key_text, value_text = item.split("=", 1)
    key_text, value_text = key_text.strip(), value_text.strip()
    if not key_text:
        raise _set_error(key_text, "no key before '='", item)
    parts: list[str | int] = []
    for p in key_text.split("."):
        p = p.strip()
        if not p:
            raise _set_error(key_text, "empty part in dotted key", item)
        if p.isdigit() and len(p) > limits.MAX_DIGITS:
            raise _set_error(key_text, "array index too large", item)
        parts.append(int(p) if p.isdigit() else p)
    if isinstance(parts[0], int):
        raise _set_error(key_text, "a key cannot start with an array index", item)
    if len(parts) > limits.MAX_DEPTH:
        raise _set_error(key_text, f"key nested too deeply: the limit is {limits.MAX_DEPTH}", item)
    if not value_text:
        raise _set_error(key_text, "no value after '='", item)
    if len(value_text) > limits.MAX_LINE_CHARS:
        raise _set_error(key_text, f"value too long: the limit is {limits.MAX_LINE_CHARS}", item)
    try:
        value = tomllib.loads(f"v = {value_text}")["v"]
    except tomllib.TOMLDecodeError:
        value = value_text
    except RecursionError:
        raise _set_error(
            key_text, f"value nested too deeply: the limit is {limits.MAX_DEPTH}", item
        ) from None
    except ValueError:
        raise _set_error(key_text, "integer too large: TOML integers are 64-bit", item) from None
    try:
        _check_document({"v": value}, "", SET_LABEL)
    except VariantError as e:
        why = e.problems[0].message
        raise _set_error(key_text, why, item) from None
    return tuple(parts), value


def _replace_in(node: Any, rest: KeyPath, value: Any, done: KeyPath, item: str) -> Any:
    """``node`` (a copy) with ``rest`` set to ``value``; ``done`` is the path to ``node``."""
    p = rest[0]
    if isinstance(p, int):
        if not isinstance(node, list):
            raise _set_error((*done, p), f"{dotted(done)} is not an array", item)
        if p >= len(node):
            raise _set_error((*done, p), f"no such entry: {dotted(done)} has {len(node)}", item)
    elif not isinstance(node, dict):
        raise _set_error((*done, p), f"{dotted(done)} is a value, not a table", item)
    if len(rest) == 1:
        node[p] = value
        return node
    if isinstance(node, dict) and p not in node:
        node[p] = {}
    node[p] = _replace_in(node[p], rest[1:], value, (*done, p), item)
    return node


def _set_document(merged: Mapping[str, Any], path: KeyPath, value: Any, item: str) -> Any:
    """The override ``path = value`` as a sparse document to merge into ``merged``.

    Down to the first array index the document is a chain of one-key tables; from there it holds
    the whole array with the one element changed, since arrays are replaced whole."""
    cut = next((j for j, p in enumerate(path) if isinstance(p, int)), len(path))
    node: Any = merged
    for j in range(cut):
        if node is None:
            break
        if not isinstance(node, Mapping):
            raise _set_error(path, f"{dotted(path[:j])} is a value, not a table", item)
        node = node.get(path[j])
    leaf = value
    if cut < len(path):
        leaf = _replace_in(copy.deepcopy(node), path[cut:], value, path[:cut], item)
    for p in reversed(path[:cut]):
        leaf = {p: leaf}
    return leaf
