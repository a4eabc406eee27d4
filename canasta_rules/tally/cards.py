"""Counting a side's cards by kind, as score pads do: jokers, twos, aces, kings to eights,
sevens to fours, black threes. The kinds are the ruleset's own (:func:`card_groups`): every
rank is counted at its value in ``card_values``, and ranks of one value that follow each other
are counted together, so a house file that makes queens 15 gets a line for queens alone.

An entry writes a count before the kind it counts, after ``m`` (cards in melds) or ``h`` (cards
left in hands), in place of the points: ``m 1 joker 3 twos 15 K-8 6 7-4 3 black threes``.
The points are the counts times the values; the counts also let the tally check what points
cannot (``score.py``): a kind counted more often than the pack holds it, black threes melded by
a side that did not go out, canastas without the natural or wild cards they are made of."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from .. import cards as C
from ..engine.rules import Rules

CardCounts = tuple[tuple[str, int], ...]
"""Counts of cards by group: (group name, count) pairs in the groups' order, no zero count."""


@dataclass(frozen=True)
class CardGroup:
    """One kind of card a side counts: ranks of one value (or the jokers, the twos, the black
    threes), with how many the pack holds."""

    name: str
    """How an entry names it: ``jokers``, ``twos``, ``aces``, ``K-8``, ``7-4``, ``black threes``."""
    words: str
    """How a prompt says it: ``kings to eights``."""
    ranks: tuple[int, ...]
    """The ranks counted (15 the joker, 3 the black three), highest first."""
    value: int
    in_pack: int
    wild: bool = False
    black_three: bool = False
    singular: str = ""
    """The name for one card (``joker``, ``ace``); empty for a range of ranks (``K-8``)."""

    def say(self, count: int) -> str:
        """``1 joker``, ``3 twos``, ``15 K-8``: a count as an entry writes it."""
        return say_count(self.name, count)


_SINGULAR = {many: one for one, many in C.RANK_WORDS.values()} | {"black threes": "black three"}


def say_count(group: str, count: int) -> str:
    """``1 joker``, ``3 twos``, ``15 K-8``: a count of a group (by its name) as an entry writes
    it, the name for one card after 1."""
    return f"{count} {_SINGULAR.get(group, group) if count == 1 else group}"


def where_counted(groups: Iterable[CardGroup], word: str) -> str | None:
    """Where the rank ``word`` names (``kings``, ``king``) is counted when it is inside a range of
    ranks: ``kings are counted in K-8``; None otherwise."""
    for g in groups:
        for rank in g.ranks if len(g.ranks) > 1 else ():
            if word in C.RANK_WORDS[rank]:
                return f"{C.RANK_WORDS[rank][1]} are counted in {g.name}"
    return None


def _span_char(rank: int) -> str:
    return "10" if rank == 10 else C.RANK_CHARS[rank]


@cache
def _groups(values: tuple[int, ...], counts: tuple[int, ...], black: bool) -> tuple[CardGroup, ...]:
    """The groups for a pack: ``values`` and ``counts`` by rank key (0..15), ``black`` whether
    black threes are counted as cards (not laid out as bonus cards)."""
    groups: list[CardGroup] = []
    if counts[C.JOKER_RANK]:
        groups.append(
            CardGroup("jokers", "jokers", (C.JOKER_RANK,), values[C.JOKER_RANK],
                      counts[C.JOKER_RANK], wild=True, singular="joker")
        )  # fmt: skip
    groups.append(
        CardGroup("twos", "twos", (C.TWO,), values[C.TWO], counts[C.TWO], wild=True, singular="two")
    )
    run: list[int] = []
    for rank in (*reversed(C.NATURAL_RANKS), 0):  # aces down to fours; 0 closes the last run
        if run and (rank == 0 or values[rank] != values[run[0]]):
            hi, lo = run[0], run[-1]
            one, many = C.RANK_WORDS[hi]
            if hi == lo:
                group = CardGroup(many, many, (hi,), values[hi], counts[hi], singular=one)
            else:
                name = f"{_span_char(hi)}-{_span_char(lo)}"
                words = f"{many} to {C.RANK_WORDS[lo][1]}"
                group = CardGroup(name, words, tuple(run), values[hi], sum(counts[k] for k in run))
            groups.append(group)
            run = []
        if rank:
            run.append(rank)
    if black and counts[C.THREE]:
        groups.append(
            CardGroup("black threes", "black threes", (C.THREE,), values[C.THREE],
                      counts[C.THREE], black_three=True, singular="black three")
        )  # fmt: skip
    return tuple(groups)


def card_groups(rules: Rules) -> tuple[CardGroup, ...]:
    """The kinds of card a side counts under ``rules``, in the order a prompt asks them: jokers
    (where the pack has them), twos, the natural ranks from aces down, each run of ranks of one
    value together, and black threes where they are cards (not bonus cards laid out)."""
    values = tuple(rules.variant.card_values.of_rank(k) if k >= 2 else 0 for k in range(16))
    counts = [0] * 16
    for c in range(C.NUM_CARD_IDS):
        n = rules.deck_counts[c]
        if not n or C.is_red_three(c):
            continue
        counts[C.RANK_OF[c]] += n
    return _groups(values, tuple(counts), not rules.black3_bonus)


def names_of(groups: Iterable[CardGroup]) -> dict[str, CardGroup]:
    """Every way an entry may name a group, lower case: its name, the name for one card, and a
    range written either way round (``K-8``, ``8-K``)."""
    found: dict[str, CardGroup] = {}
    for g in groups:
        found[g.name.lower()] = g
        if g.singular:
            found[g.singular.lower()] = g
        if "-" in g.name:
            hi, lo = g.name.split("-")
            found[f"{lo}-{hi}".lower()] = g
            for a, b in ((hi, lo), (lo, hi)):  # ten written T as well as 10
                found[f"{a}-{b}".lower().replace("10", "t")] = g
    return found


def group_names(rules: Rules) -> str:
    """``jokers, twos, aces, K-8, 7-4, black threes``: the groups an entry may count."""
    return ", ".join(g.name for g in card_groups(rules))


def card_points(rules: Rules, counts: CardCounts) -> int:
    """What ``counts`` of cards count at the ruleset's card values."""
    by_name = {g.name: g for g in card_groups(rules)}
    return sum(by_name[g].value * n for g, n in counts)


def count_cards(rules: Rules, cards: Iterable[int]) -> CardCounts:
    """``cards`` (card ids, red threes left out) counted by the groups of ``rules``: what a
    table counting them by kind enters."""
    groups = card_groups(rules)
    group_of = {rank: g.name for g in groups for rank in g.ranks}
    found: dict[str, int] = {}
    for c in cards:
        if C.is_red_three(c):
            continue
        name = group_of[C.RANK_OF[c]]
        found[name] = found.get(name, 0) + 1
    return tuple((g.name, found[g.name]) for g in groups if found.get(g.name))
