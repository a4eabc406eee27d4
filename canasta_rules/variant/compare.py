"""Flattening a variant to dotted parameters, and the differences between two variants.

``variants diff`` and the rule sheet's ``--diff`` both use :func:`differences`, so they always list
the same parameters.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .plain import METADATA_KEYS, Record, Variant, to_data


def flatten(variant: Variant) -> dict[str, Any]:
    """Every rule parameter as ``dotted.key -> value``; arrays stay whole values."""
    out: dict[str, Any] = {}

    def walk(node: Mapping[str, Any], prefix: str) -> None:
        for k, v in node.items():
            key = f"{prefix}{k}"
            if isinstance(v, Mapping):
                walk(v, key + ".")
            else:
                out[key] = v

    walk(variant.rules_only(), "")
    return out


def flatten_at(variant: Variant, key: str) -> dict[str, Any]:
    """The entries of :func:`flatten` that are ``key`` or lie under it, found by walking down to
    ``key`` rather than turning the whole variant into data (a ruling shows one parameter)."""
    parts = key.split(".")
    if parts[0] in METADATA_KEYS:
        return {}
    node: Any = variant
    for part in parts:
        if isinstance(node, Record):
            if part not in node._fields:
                return {}
            node = getattr(node, part)
        elif isinstance(node, Mapping):
            found = [v for k, v in node.items() if str(k) == part]
            if not found:
                return {}
            node = found[0]
        else:
            return {}
    data = to_data(node)
    if not isinstance(data, Mapping):
        return {key: data}
    out: dict[str, Any] = {}

    def walk(node: Mapping[str, Any], prefix: str) -> None:
        for k, v in node.items():
            if isinstance(v, Mapping):
                walk(v, f"{prefix}{k}.")
            else:
                out[f"{prefix}{k}"] = v

    walk(data, key + ".")
    return out


def differences(a: Variant, b: Variant) -> list[tuple[str, Any, Any]]:
    """Parameters whose values differ, in model order: (key, value in a, value in b).

    A key present in only one of them (a field of one kind of a rule that the other variant
    replaces with another kind) shows ``None`` on the side that lacks it.
    """
    fa, fb = flatten(a), flatten(b)
    keys = list(fa) + [k for k in fb if k not in fa]
    return [(k, fa.get(k), fb.get(k)) for k in keys if fa.get(k) != fb.get(k)]


def show_value(value: Any) -> str:
    """A value as it would be written in a variant file."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(show_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        inner = ", ".join(f"{k} = {show_value(v)}" for k, v in value.items() if v is not None)
        return "{" + inner + "}"
    if isinstance(value, int) and value.bit_length() > 1000:
        # str() refuses ints of more than 4,300 digits, and nobody reads 300 digits anyway
        sign = "-" if value < 0 else ""
        return f"{sign}<an integer of about {int(value.bit_length() * 0.30103)} digits>"
    return str(value)
