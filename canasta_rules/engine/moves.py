"""Moves: small frozen values, one class per kind of play.

Cards are ids from :mod:`canasta_rules.cards`. A move says what a player does, not whether it is
allowed; :func:`canasta_rules.engine.legality.refusal` answers that.

Chance is explicit, as in a recorded game: ``Draw.cards`` lists the stock cards a draw took, in
order, including red threes and the cards that replaced them. A move with ``cards=None`` leaves
the stock to decide, which needs a stock whose order is known (a seeded deal); applying it returns
the same move with the cards filled in, so that a game's history always records what happened.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import cards as C


@dataclass(frozen=True, slots=True)
class Expose:
    """Lay down the red threes dealt to you (on your first turn, where the variant says so).

    ``replacements`` are the stock cards drawn to replace them, red threes among them exposed and
    replaced in turn.
    """

    replacements: tuple[int, ...] | None = None

    def __str__(self) -> str:
        return "expose" + ("" if self.replacements is None else " " + C.names(self.replacements))


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw from the stock. With the stock used up this ends the hand instead (if allowed)."""

    cards: tuple[int, ...] | None = None

    def __str__(self) -> str:
        return "draw" + ("" if not self.cards else " " + C.names(self.cards))


@dataclass(frozen=True, slots=True)
class TakePile:
    """Take the discard pile.

    ``shown`` are the cards from hand melded with the top card (none when the top card goes onto
    one of the side's melds). ``melds`` are further new melds laid with the pickup, which count
    toward the initial-meld minimum when the side has not opened. ``replacements`` are stock cards
    drawn for red threes found in the pile, where the variant replaces those. ``onto`` names the
    side's run the top card extends, as an ``add`` names a run (``rules.run_ref``); 0 puts it on
    the side's meld of its rank or, where the side has none, on the one run it extends
    (``checks.pile_home``).
    """

    shown: tuple[int, ...] = ()
    melds: tuple[tuple[int, ...], ...] = ()
    replacements: tuple[int, ...] | None = None
    onto: int = 0

    def __str__(self) -> str:
        s = "take"
        if self.onto:
            suit, rank = divmod(self.onto - 128, 16)  # rules.run_ref_parts
            s += " on " + C.name(C.card(rank, suit))
        if self.shown:
            s += " with " + C.names(self.shown)
        for m in self.melds:
            s += ", " + C.names(m)
        return s


@dataclass(frozen=True, slots=True)
class Meld:
    """Lay new melds and add cards to the side's melds, in one action.

    ``melds`` are new melds (each one rank, with any wild cards). ``adds`` pairs the rank of an
    existing meld of the side with the cards added to it. A side's initial-meld minimum is judged
    over all the meld actions of the turn in which it opens.
    """

    melds: tuple[tuple[int, ...], ...] = ()
    adds: tuple[tuple[int, tuple[int, ...]], ...] = ()
    form: int = field(default=0, compare=False, repr=False)
    """Which of ``legal_moves``'s canonical forms this is (a ``FORM_*`` code below; 0: not
    said). The move generator says so for the plainest forms, so that a numbering of the moves
    (the OpenSpiel encoding) need not work it out again from the cards. It takes no part in
    equality, hashing or the move's text."""

    def __str__(self) -> str:
        parts = ["meld " + ", ".join(C.names(m) for m in self.melds)] if self.melds else []
        for rank, cs in self.adds:
            parts.append(f"add {C.RANK_CHARS.get(rank, str(rank))}: {C.names(cs)}")
        return "; ".join(parts)


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard one card, ending the turn (and the hand, if it was the last card)."""

    card: int
    talon: tuple[int, ...] | None = None
    """The stock cards of a talon taken after this discard (``talons``), in order, bonus threes
    and their replacements included; ``None`` lets a known stock decide (or: no talon due)."""

    def __str__(self) -> str:
        if self.talon:
            return f"discard {C.name(self.card)} talon {C.names(self.talon)}"
        return f"discard {C.name(self.card)}"


DISCARDS: tuple[Discard, ...] = tuple(Discard(c) for c in range(C.NUM_CARD_IDS))
"""A discard of each card, with no talon (moves are immutable, so these are shared)."""


@dataclass(frozen=True, slots=True)
class Ask:
    """Ask partner "may I go out?"."""

    def __str__(self) -> str:
        return "ask"


@dataclass(frozen=True, slots=True)
class Answer:
    """A partner's answer to "may I go out?"."""

    yes: bool

    def __str__(self) -> str:
        return "answer yes" if self.yes else "answer no"


@dataclass(frozen=True, slots=True)
class Foot:
    """Take up your foot, your hand being used up (``foot.kind = "foot"``, Hand and Foot): the
    only move while the foot waits. Red threes in the foot are laid down at once and
    ``replacements`` drawn for them from the stock, as for dealt ones."""

    replacements: tuple[int, ...] | None = None

    def __str__(self) -> str:
        return "foot" + ("" if not self.replacements else " " + C.names(self.replacements))


FORM_ADD = 1 << 12
"""``FORM_ADD | key``: every natural of the rank held, added to the side's meld of it."""
FORM_NEW = 2 << 12
"""``FORM_NEW | key << 6 | w``: every natural of the rank held and the first ``w`` wild cards
held (twos first), as a new meld."""
FORM_WILD = 3 << 12
"""``FORM_WILD | key``: one wild card (a two if held, else a joker) added to the meld ``key``."""
FORM_WILD_MELD = 4 << 12
"""A new meld of wild cards: the first of those held, twos first, up to the most it may hold."""
FORM_OPEN = 5 << 12
"""``FORM_OPEN | mask``: the opening groups of the ranks in ``mask`` (bit ``key - 4``), in the
generator's order (only where a side opens with melds of one rank each: no runs)."""

Move = Expose | Draw | TakePile | Meld | Discard | Ask | Answer | Foot
