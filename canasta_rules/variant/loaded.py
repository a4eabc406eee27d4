"""Loading a variant: :func:`load` and the :class:`LoadedVariant` it returns, without pydantic.

A built-in variant comes from the validated data shipped in the package (:mod:`.shipped`),
built straight into the plain objects of :mod:`.plain`, so a ruling on a built-in ruleset never
imports pydantic. A variant file, ``--set`` overrides, or a built-in whose shipped data does not
match the files beside it (a changed checkout) is read and validated by :mod:`.loading`, imported
only then. Either way the caller gets the same :class:`LoadedVariant`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

from ..errors import VariantError, VariantWarning
from . import builtin, shipped
from .layer import Layer
from .plain import Provenance, Variant

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


def load(
    ref: str | Path, sets: Sequence[str] = (), allow_extends: Sequence[str | Path] = ()
) -> LoadedVariant:
    """Load a built-in variant by name, or a variant file by path, with ``--set`` overrides.

    ``extends`` in a file may name a built-in variant or a file inside that file's folder; files
    under the folders of ``allow_extends`` (and of ``CANASTA_ALLOW_EXTENDS``) are allowed too.
    Raises :class:`~canasta_rules.errors.VariantError` listing every problem found."""
    ref = str(ref)
    if not sets and not builtin.looks_like_path(ref) and builtin.path_of(ref) is not None:
        return _load_builtin(ref)  # files may change on disk, so only built-ins are kept
    import warnings

    from . import loading  # pydantic: only for files and --set
    from .replaced import replaced_arrays

    lv = LoadedVariant(*loading.validate(ref, tuple(sets), allow_extends))
    for note in replaced_arrays(lv.chain):  # an array a house file replaced whole
        warnings.warn(VariantWarning(str(note)), stacklevel=2)
    return lv


@cache
def _load_builtin(name: str) -> LoadedVariant:
    found = shipped.parts(name)
    if found is not None:
        return LoadedVariant(*found)
    from . import loading  # the shipped data does not match the files here: validate them

    return LoadedVariant(*loading.validate(name))


def load_variant(
    ref: str | Path = "classic", sets: Sequence[str] = (), allow_extends: Sequence[str | Path] = ()
) -> Variant:
    """The validated variant for a built-in name or a file path."""
    return load(ref, sets, allow_extends).variant
