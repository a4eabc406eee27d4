"""Reading variant files: ``extends`` chains, deep merging, ``--set`` overrides, located errors.

A variant reference is either the name of a built-in variant (``classic``) or the path of a TOML
file. A file may name a parent with ``extends`` (a built-in name, or a path relative to the file);
the parent is resolved first and the file's tables are merged into it key by key. Arrays (such as
``seating`` and ``initial_meld.tiers``) are replaced as a whole, never merged element by element,
and a table that names a different ``kind`` from its parent's replaces the parent's table.

``name``, ``title`` and ``summary`` describe one file and are not inherited; everything else is.
A ``provenance`` entry inherited from a parent is dropped when a later file changes a value under
it without giving provenance of its own, so a note never vouches for a value it did not describe.

Values are checked strictly, as TOML types them: ``decks = "2"`` is a string where an integer
belongs, and is an error rather than a silent conversion. Every problem is reported as a
:class:`~canasta_rules.errors.Problem` with the file, the line and the dotted key; a rule broken
between several keys is reported at the one that the latest file (or ``--set``) wrote.

The parts live beside this module: :mod:`.extends` follows the chain (reading each file with
:mod:`.tomlread`), :mod:`.merge` merges it, :mod:`.overrides` applies ``--set``, :mod:`.located`
words and places validation errors. This module puts them together in :func:`validate`, the one
place that imports pydantic to read a variant; :func:`~canasta_rules.variant.loaded.load` calls
it for files (and for built-ins only when their shipped data does not match them).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from .extends import ALLOW_EXTENDS_ENV, _chain, allowed_extends
from .layer import SET_LABEL, Layer
from .located import located_error
from .merge import _overlay, _resolve_provenance, _rules_part, deep_merge, leaf_keys
from .model import Variant
from .overrides import SET_METADATA, _set_document, _set_error, parse_set
from .tomlpos import Path as KeyPath

__all__ = [
    "ALLOW_EXTENDS_ENV",
    "SET_LABEL",
    "SET_METADATA",
    "Layer",
    "Validated",
    "allowed_extends",
    "deep_merge",
    "leaf_keys",
    "parse_set",
    "validate",
]

Validated = tuple[Variant, tuple[Layer, ...], dict[str, int]]
"""A validated variant, its chain of layers, and the layer that set each dotted leaf key: the
parts of a :class:`~canasta_rules.variant.loaded.LoadedVariant`."""


def _strict_input(value: Any) -> Any:
    """TOML arrays as tuples, so that the model can be validated strictly."""
    if isinstance(value, list):
        return tuple(_strict_input(v) for v in value)
    if isinstance(value, dict):
        return {k: _strict_input(v) for k, v in value.items()}
    return value


def validate(
    ref: str, sets: Sequence[str] = (), allow_extends: Sequence[str | Path] = ()
) -> Validated:
    """Read the variant ``ref`` (a built-in name or a file path) with its ``extends`` chain and
    ``sets``, and validate it. Raises :class:`~canasta_rules.errors.VariantError` listing every
    problem found."""
    layers = _chain(ref, allowed_extends(allow_extends))
    merged: dict[str, Any] = {}
    origins: dict[KeyPath, int] = {}
    for i, layer in enumerate(layers):
        merged = _overlay(merged, _rules_part(layer.data), origins, i)
    leaf = layers[-1]
    meta: dict[str, Any] = {k: leaf.data[k] for k in ("name", "title", "summary") if k in leaf.data}
    if "name" not in meta:
        stem = (leaf.path.stem if leaf.path else "custom").lower()
        meta["name"] = re.sub(r"[^a-z0-9-]+", "-", stem).strip("-") or "custom"
    if "title" not in meta:
        parent_title = next(
            (lay.data["title"] for lay in reversed(layers[:-1]) if "title" in lay.data), None
        )
        meta["title"] = f"{parent_title}, with house rules" if parent_title else meta["name"]
    sources = next((lay.data["sources"] for lay in reversed(layers) if "sources" in lay.data), None)
    if sources is not None:
        meta["sources"] = sources
    all_layers = list(layers)
    if sets:
        index = len(layers)
        sparse: dict[str, Any] = {}
        keys: dict[KeyPath, str] = {}
        for item in sets:
            path, value = parse_set(item)
            head = path[0]
            if head in ("provenance", "extends"):
                raise _set_error(
                    path,
                    f"--set changes rule settings (and {', '.join(SET_METADATA)}), not {head}",
                    item,
                )
            keys[path] = item
            if head in SET_METADATA:
                if len(path) > 1:
                    raise _set_error(path, f"{head} is a value, not a table", item)
                meta[str(head)] = value
                sparse[str(head)] = value
                continue
            doc = _set_document(merged, path, value, item)
            merged = _overlay(merged, doc, origins, index)
            sparse = deep_merge(sparse, doc)
        all_layers.append(Layer(SET_LABEL, sparse, set_keys=keys))
    document = {**merged, **meta, "provenance": _resolve_provenance(all_layers)}
    try:
        variant = Variant.model_validate(_strict_input(document), strict=True)
    except ValidationError as e:
        raise located_error(e, document, all_layers) from None
    return (
        variant,
        tuple(all_layers),
        {".".join(str(p) for p in k): i for k, i in origins.items()},
    )
