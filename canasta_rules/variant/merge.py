"""Merging the layers of a chain: tables key by key (arrays and tables of another ``kind``
replaced whole), recording which layer set each value; and the provenance notes, dropping those
that a later layer made stale.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..errors import Problem, VariantError
from .layer import SET_LABEL, Layer, _brief
from .model import METADATA_KEYS
from .tomlpos import Path as KeyPath


def _forget(origins: dict[KeyPath, int], path: KeyPath, old: Any) -> None:
    """Drop the origins of ``old``, the value at ``path`` about to be replaced: its leaves, which
    are all the origins under ``path`` (looked up one by one, so that a file of many keys loads
    in time linear in them)."""
    if old is None:
        return
    if isinstance(old, Mapping):
        for leaf in leaf_keys(old, path):
            origins.pop(leaf, None)
    origins.pop(path, None)


def _overlay(
    base: Mapping[str, Any],
    over: Mapping[str, Any],
    origins: dict[KeyPath, int],
    index: int,
    prefix: KeyPath = (),
) -> dict[str, Any]:
    """``over`` merged into ``base``, recording in ``origins`` the leaves that ``over`` sets."""
    out = dict(base)
    for k, v in over.items():
        path = (*prefix, k)
        old = out.get(k)
        if isinstance(v, Mapping) and isinstance(old, Mapping):
            if "kind" in v and v["kind"] != old.get("kind"):
                # A different kind of rule has a different shape: replace, do not merge.
                _forget(origins, path, old)
                out[k] = dict(v)
                for leaf in leaf_keys(v, path):
                    origins[leaf] = index
            else:
                out[k] = _overlay(old, v, origins, index, path)
        else:
            _forget(origins, path, old)
            out[k] = v
            if isinstance(v, Mapping):
                for leaf in leaf_keys(v, path):
                    origins[leaf] = index
            else:
                origins[path] = index
    return out


def deep_merge(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    """``over`` merged into ``base``: tables merge key by key, anything else is replaced.

    A table that names a different ``kind`` from its parent's (a discriminated union such as
    ``stock_out``) replaces the parent's table whole, since its keys belong to another shape.
    """
    return _overlay(base, over, {}, 0)


def leaf_keys(data: Mapping[str, Any], prefix: KeyPath = ()) -> Iterable[KeyPath]:
    """Every leaf key path of a TOML document; arrays count as leaves."""
    for k, v in data.items():
        if isinstance(v, Mapping):
            yield from leaf_keys(v, (*prefix, k))
        else:
            yield (*prefix, k)


def _rules_part(data: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in METADATA_KEYS and k != "extends"}


def _resolve_provenance(layers: Sequence[Layer]) -> dict[str, Any]:
    """Merge the layers' provenance tables, dropping notes that a later layer made stale."""
    result: dict[str, Any] = {}
    for layer in layers:
        changed = {tuple(str(p) for p in k) for k in leaf_keys(_rules_part(layer.data))}
        if changed:
            # a note is stale when a key at it, under it or above it changed
            above = {c[:i] for c in changed for i in range(1, len(c))}
            for key in list(result):
                kp = tuple(key.split("."))
                if kp in changed or kp in above or any(kp[:i] in changed for i in range(len(kp))):
                    del result[key]
        if layer.label == SET_LABEL:
            continue
        prov = layer.data.get("provenance", {})
        if not isinstance(prov, dict):
            problem = Problem(
                layer.label,
                layer.line(("provenance",)),
                "provenance",
                f"must be a table of notes, got {_brief(prov)}",
            )
            raise VariantError([problem])
        result.update(prov)
    return result
