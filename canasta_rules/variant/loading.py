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
words and places validation errors, and :mod:`.export` writes a loaded variant back out. This
module puts them together and keeps the public names.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ..errors import VariantError, VariantWarning
from . import builtin
from .export import export_provenance, export_toml
from .extends import ALLOW_EXTENDS_ENV, _chain, _looks_like_path, allowed_extends
from .layer import SET_LABEL, Layer
from .located import _problems
from .merge import _overlay, _resolve_provenance, _rules_part, deep_merge, leaf_keys
from .model import Provenance, Variant
from .overrides import SET_METADATA, _set_document, _set_error, parse_set
from .replaced import replaced_arrays
from .tomlpos import Path as KeyPath

__all__ = [
    "ALLOW_EXTENDS_ENV",
    "DEFAULT_LABEL",
    "SET_LABEL",
    "SET_METADATA",
    "Layer",
    "LoadedVariant",
    "allowed_extends",
    "covering",
    "deep_merge",
    "default_provenance",
    "export_provenance",
    "export_toml",
    "leaf_keys",
    "load",
    "load_variant",
    "parse_set",
]

DEFAULT_LABEL = "default"


@dataclass(frozen=True)
class LoadedVariant:
    """A validated variant, with the chain of files it came from and each value's origin."""

    variant: Variant
    chain: tuple[Layer, ...]
    origins: dict[str, int]
    """Dotted leaf key -> index in ``chain`` of the layer that set it (absent: model default).
    Arrays are leaves: ``seating``, not ``seating.0.players``."""

    def origin_label(self, key: str) -> str:
        i = self.origins.get(key)
        return DEFAULT_LABEL if i is None else self.chain[i].label

    def provenance(self, key: str) -> Provenance | None:
        """The provenance note that covers ``key`` (its own, or its nearest table's)."""
        found = self.provenance_entry(key)
        return None if found is None else found[1]

    def provenance_entry(self, key: str) -> tuple[str, Provenance] | None:
        """Like :meth:`provenance`, with the key the note is filed under (``key`` or a table).

        A value left at the model's default has the note ``classic.toml`` gives for it, since
        the defaults are classic's values."""
        found = covering(self.variant.provenance, key)
        if found is None and self.is_default(key) and self.variant.name != "classic":
            found = _default_provenance_entry(key)
        return found

    def is_default(self, key: str) -> bool:
        """Whether no layer set ``key`` (a parameter or a table) or anything in it (nor a table
        or an array that holds it)."""
        parts = key.split(".")
        return key not in self._set_prefixes and not any(
            ".".join(parts[:i]) in self.origins for i in range(1, len(parts))
        )

    @cached_property
    def _set_prefixes(self) -> frozenset[str]:
        """Each key a layer set, and each table above it."""
        out: set[str] = set()
        for k in self.origins:
            parts = k.split(".")
            out.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
        return frozenset(out)


def covering(prov: Mapping[str, Provenance], key: str) -> tuple[str, Provenance] | None:
    """The entry of ``prov`` for ``key`` or its nearest enclosing table."""
    parts = key.split(".")
    for k in range(len(parts), 0, -1):
        name = ".".join(parts[:k])
        p = prov.get(name)
        if p is not None:
            return name, p
    return None


def _default_provenance_entry(key: str) -> tuple[str, Provenance] | None:
    try:
        classic = load("classic")
    except VariantError:  # pragma: no cover - the built-ins are tested
        return None
    return covering(classic.variant.provenance, key)


def default_provenance(key: str) -> Provenance | None:
    """Provenance of a model default: the note ``classic.toml`` gives for it."""
    found = _default_provenance_entry(key)
    return None if found is None else found[1]


def _strict_input(value: Any) -> Any:
    """TOML arrays as tuples, so that the model can be validated strictly."""
    if isinstance(value, list):
        return tuple(_strict_input(v) for v in value)
    if isinstance(value, dict):
        return {k: _strict_input(v) for k, v in value.items()}
    return value


def load(
    ref: str | Path, sets: Sequence[str] = (), allow_extends: Sequence[str | Path] = ()
) -> LoadedVariant:
    """Load a built-in variant by name, or a variant file by path, with ``--set`` overrides.

    ``extends`` in a file may name a built-in variant or a file inside that file's folder; files
    under the folders of ``allow_extends`` (and of :data:`ALLOW_EXTENDS_ENV`) are allowed too.
    Raises :class:`~canasta_rules.errors.VariantError` listing every problem found."""
    ref = str(ref)
    if not sets and not _looks_like_path(ref) and builtin.path_of(ref) is not None:
        return _load_builtin(ref)  # files may change on disk, so only built-ins are cached
    lv = _load(ref, tuple(sets), allowed_extends(allow_extends))
    for note in replaced_arrays(lv.chain):  # an array a house file replaced whole
        warnings.warn(VariantWarning(str(note)), stacklevel=2)
    return lv


@cache
def _load_builtin(name: str) -> LoadedVariant:
    from .cache import cached_builtin  # validated once, then read back (variant/cache.py)

    return cached_builtin(name, lambda n: _load(n, ()))


def _load(ref: str, sets: tuple[str, ...], allowed: tuple[Path, ...] = ()) -> LoadedVariant:
    layers = _chain(ref, allowed)
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
                    f"--set changes rule parameters (and {', '.join(SET_METADATA)}), not {head}",
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
        raise VariantError(_problems(e, document, all_layers)) from None
    return LoadedVariant(
        variant,
        tuple(all_layers),
        {".".join(str(p) for p in k): i for k, i in origins.items()},
    )


def load_variant(
    ref: str | Path = "classic", sets: Sequence[str] = (), allow_extends: Sequence[str | Path] = ()
) -> Variant:
    """The validated ``Variant`` for a built-in name or a file path."""
    return load(ref, sets, allow_extends).variant
