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
def _cited(key: str, games: frozenset[str]) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """(ruleset, value shown, the sources its note cites for ``key``) for each built-in that
    sets ``key`` from sources of ``games``, pinned readings left out."""
    out = []
    for name, flat in _flat().items():
        if key not in flat:
            continue
        entry = load(name).provenance_entry(key)
        if entry is None or entry[1].pinned:
            continue
        ids = tuple(s for s in entry[1].sources if s != "house" and _group(s) in games)
        if ids:
            out.append((name, show_value(flat[key]), ids))
    return tuple(out)


def _tables(name: str) -> frozenset[int]:
    return frozenset(s.players for s in load(name).variant.seating)


@cache
def sayings(key: str, base: str = "classic") -> tuple[Saying, ...]:
    """Each value the sources of ``base``'s game give ``key``: the value, those sources and the
    built-in rulesets that play it, in the order first met. Sources of other games (Samba's for
    classic) are left out: a different game is not a disagreement.

    A ruleset cites its other sources too, and one of them may only report the value: 001 plays
    the black three as a stop and says that Bicycle freezes the pile, so bicycle cites ``["B",
    "001"]`` for "freeze". A source is therefore not counted for a value where it is not the
    ruleset's first source and, as the first source of a ruleset for the same table size, gives
    another value (001 is counted for "stop" only; Bicycle's 10000 for six players stays beside
    its 5000 for four)."""
    games = frozenset(_group(src) for src in load(base).variant.sources)
    cited = _cited(key, games)
    gives: dict[str, list[tuple[str, frozenset[int]]]] = {}
    for name, shown, ids in cited:
        first = load(name).variant.sources[0]
        if first in ids:
            gives.setdefault(first, []).append((shown, _tables(name)))

    def reports_only(src: str, name: str, shown: str) -> bool:
        if src == load(name).variant.sources[0]:
            return False
        tables = _tables(name)
        return any(v != shown and tables & t for v, t in gives.get(src, []))

    found: dict[str, tuple[list[str], list[str]]] = {}
    for name, shown, ids in cited:
        srcs, rulesets = found.setdefault(shown, ([], []))
        srcs += [s for s in ids if s not in srcs and not reports_only(s, name, shown)]
        rulesets.append(name)
    return tuple((shown, tuple(srcs), tuple(rs)) for shown, (srcs, rs) in found.items())


def source_names(ids: tuple[str, ...] | list[str]) -> str:
    """Sources for a sentence: ``001 (teaching page ...) and 003 (...)``."""
    parts = [f"{s} ({S.label(s)})" for s in dict.fromkeys(ids)]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def disagree(said: tuple[Saying, ...]) -> bool:
    """Whether the values ``said`` disagree for one table: two of them played by rulesets for
    the same number of players. Values that differ only between table sizes (two packs for four
    players, three for six) are the game's, not a disagreement of its sources."""
    tables = [frozenset().union(*(_tables(r) for r in rulesets)) for _, _, rulesets in said]
    return any(a & b for i, a in enumerate(tables) for b in tables[i + 1 :])
