"""Canasta kinds, in one place: which kind of canasta a meld on the table is, what it earns, and
what a meld left unfinished at the end of the hand costs.

The kinds are ``NATURAL`` (a group of one rank with no wild card), ``MIXED`` (a group with wild
cards), ``RUN`` (a run of one suit as long as a canasta: Samba's sambas, Bolivia's escaleras)
and ``WILD`` (a meld of wild cards only: Bolivia, Uruguayan, Modern American, Hand and Foot).
A pure group of a rank under ``canastas.special`` is a natural canasta that earns its rank's
bonus, and a meld of wild cards earns by its make-up where ``melds.wild_melds`` gives
``twos_bonus`` / ``jokers_bonus`` (Modern American).

Everything that counts canastas by kind or scores them asks here: the hand's score
(``scoring``), the going-out contract by kind (``checks.contract_missing``: Hand and Foot's
clean and dirty books). To add a kind of canasta: a constant and its name in ``KINDS``, its case
in :func:`kind_of`, its bonus in :func:`bonus_of` (and a charge in :func:`unfinished_charge` if
an unfinished one costs points), and a row of the score (``SideScore`` in ``scoring``, which
maps each kind to its row in ``_column``). docs/architecture.md lists what a new kind of *meld*
touches besides.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .. import cards as C
from .rules import GROUP, RUN, WILD, Rules

if TYPE_CHECKING:
    from .state import TableMeld

NATURAL, MIXED, RUN_CANASTA, WILD_CANASTA = range(4)
KINDS: tuple[str, ...] = ("natural", "mixed", "run", "wild")
"""Names of the kinds, by constant (the going-out contract and the score rows use them)."""

NOT_A_CANASTA = -1


def kind_of(r: Rules, m: TableMeld) -> int:
    """The kind of canasta ``m`` is, or ``NOT_A_CANASTA`` while it is not one."""
    if not r.is_canasta(m.naturals, m.size):
        return NOT_A_CANASTA
    if m.kind == RUN:
        return RUN_CANASTA
    if m.kind == WILD:
        return WILD_CANASTA
    return MIXED if m.wilds else NATURAL


def bonus_of(r: Rules, m: TableMeld, kind: int) -> int:
    """The bonus the canasta ``m`` (of ``kind``, from :func:`kind_of`) earns."""
    if kind == NATURAL:
        # canastas.special: a pure canasta of a special rank earns its own bonus (CCP).
        return r.special_bonus[m.rank] if r.special_scoring else r.natural_bonus
    if kind == MIXED:
        return r.mixed_bonus
    if kind == RUN_CANASTA:
        return r.run_bonus
    if r.special_scoring:
        # A canasta of wild cards by make-up (CCP, WUS): all twos; every joker of the pack with
        # twos; any other mix earns the wild canasta's bonus.
        twos = sum(1 for c in m.cards if c != C.JOKER)
        if twos == len(m.cards) and r.wild_twos_bonus is not None:
            return r.wild_twos_bonus
        jokers = r.deck_counts[C.JOKER]
        if r.wild_jokers_bonus is not None and jokers and len(m.cards) - twos >= jokers:
            return r.wild_jokers_bonus
    return r.wild_canasta_bonus


def unfinished_charge(r: Rules, m: TableMeld) -> int:
    """What a meld that is not a canasta costs its side at the end of the hand: a pure meld of
    a special rank its ``unfinished_penalty``, a meld of wild cards ``wild_melds``'
    ``unfinished_penalty`` (Modern American); nothing in other rulesets."""
    if not r.special_scoring:
        return 0
    if m.kind == GROUP and not m.wilds:
        return r.special_penalty[m.rank]
    if m.kind == WILD:
        return r.wild_unfinished_penalty
    return 0


class Tally:
    """A side's melds counted by kind of canasta: how many, their bonuses, and the charges for
    the melds left unfinished."""

    __slots__ = ("bonuses", "counts", "unfinished")

    def __init__(self, r: Rules, melds: Iterable[TableMeld]):
        self.counts = [0] * len(KINDS)
        self.bonuses = [0] * len(KINDS)
        self.unfinished = 0
        for m in melds:
            kind = kind_of(r, m)
            if kind == NOT_A_CANASTA:
                self.unfinished += unfinished_charge(r, m)
                continue
            self.counts[kind] += 1
            self.bonuses[kind] += bonus_of(r, m, kind)

    @property
    def canastas(self) -> int:
        return sum(self.counts)
