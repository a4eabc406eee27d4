"""What the sources say about one parameter, read from the built-in rulesets' provenance notes.

Every built-in ruleset notes, for each value it sets, which sources give it (or that the project
pinned a reading where they are silent or disagree). Gathered over all the built-ins, those notes
say which source gives which value of a parameter: ``game.target`` is 5000 in 000, 001, 003 and
004, and 3000 or 5000 in 002. A pinned reading is the project's, not a source's, and is left out.
"""

from __future__ import annotations

from functools import cache

from .. import sources as S
from ..variant import load
from ..variant.builtin import names as builtin_names
from ..variant.compare import flatten, show_value

Saying = tuple[str, tuple[str, ...], tuple[str, ...]]
"""A value as a variant file writes it, the sources that give it, and the built-in rulesets that
play it."""

CLASSIC_FAMILY = frozenset(S.SOURCE_FILES) | {"P", "B", "W", "Brit"}
"""The sources of classic Canasta; each family game (Samba, Bolivia, ...) has sources of its own."""


def _group(source: str) -> str:
    return S.FAMILY[source].game if source in S.FAMILY else "classic"


@cache
def _flat() -> dict[str, dict[str, object]]:
    return {name: flatten(load(name).variant) for name in builtin_names()}


@cache
def sayings(key: str, base: str = "classic") -> tuple[Saying, ...]:
    """Each value the sources of ``base``'s game give ``key``: the value, those sources and the
    built-in rulesets that play it, in the order first met. Sources of other games (Samba's for
    classic) are left out: a different game is not a disagreement."""
    games = {_group(src) for src in load(base).variant.sources}
    found: dict[str, tuple[list[str], list[str]]] = {}
    for name, flat in _flat().items():
        if key not in flat:
            continue
        entry = load(name).provenance_entry(key)
        if entry is None or entry[1].pinned:
            continue
        ids = [s for s in entry[1].sources if s != "house" and _group(s) in games]
        if not ids:
            continue
        shown = show_value(flat[key])
        srcs, rulesets = found.setdefault(shown, ([], []))
        srcs += [s for s in ids if s not in srcs]
        rulesets.append(name)
    return tuple((shown, tuple(srcs), tuple(rs)) for shown, (srcs, rs) in found.items())


def label(source: str) -> str:
    """A source as a person knows it: what it is, not its file name."""
    if source in S.FAMILY:
        return S.FAMILY[source].title
    return S.DESCRIPTIONS.get(source, source)


def source_names(ids: tuple[str, ...] | list[str]) -> str:
    """Sources for a sentence: ``001 (teaching page ...) and 003 (...)``."""
    parts = [f"{s} ({label(s)})" for s in dict.fromkeys(ids)]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]
