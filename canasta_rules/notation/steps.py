"""A record replayed turn by turn: the position after each turn, for stepping through a game.

:func:`steps` replays a record as ``canasta replay`` does and keeps, for every turn, the position
after it and the turn as the notation writes it. Where the record goes wrong (an illegal move, a
record that does not hang together) the steps stop at the last position reached, and the error
that stopped them is kept beside them, as ``replay`` would print it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.apply import apply_unchecked
from ..engine.moves import Move
from ..engine.scoring import SideScore
from ..engine.state import State
from ..errors import CanastaError
from . import ast as A
from .replay import Replay, ReplayedHand, _Replayer
from .writer import format_item, turn_lines


@dataclass(frozen=True)
class Step:
    hand: int
    turn: int
    """0 for the deal; then 1, 2, ... within the hand."""
    seat: str
    """Who played the turn ('' for the deal)."""
    text: str
    """The turn as the notation writes it ('' for the deal)."""
    state: State
    """The position after the turn."""
    score: tuple[SideScore, ...] = ()
    """The hand's score, on its last step once the hand is over."""


@dataclass(frozen=True)
class Steps:
    seats: tuple[str, ...]
    sides: tuple[str, ...]
    steps: tuple[Step, ...]
    error: CanastaError | None = None
    """What stopped the replay, or None where the whole record replayed."""
    replay: Replay | None = None


class _Keeping(_Replayer):
    """The replayer, keeping each hand as it is dealt (so that a hand cut short by an error is
    still there to step through)."""

    def __init__(self, doc: A.Document, variant: str | None, sets: tuple[str, ...]):
        super().__init__(doc, variant, sets, None)
        self.kept: list[ReplayedHand] = []

    def _deal(
        self, header: A.HandHeader, body: list[A.Line], dealer: int, scores: list[int]
    ) -> ReplayedHand:
        hand = super()._deal(header, body, dealer, scores)
        self.kept.append(hand)
        return hand


def _hand_steps(seats: tuple[str, ...], hand: ReplayedHand) -> list[Step]:
    s = hand.start.copy()
    out = [Step(hand.number, 0, "", "", s.copy())]
    turn: list[tuple[int, Move]] = []
    mover = s.turn

    def close() -> None:
        if turn:
            text = "; ".join(format_item(t) for t in turn_lines(seats, turn))
            out.append(Step(hand.number, len(out), seats[mover], text, s.copy()))

    for actor, m in hand.moves:
        if s.turn != mover:
            close()
            turn = []
            mover = s.turn
        apply_unchecked(s, m)
        turn.append((actor, m))
    close()
    if hand.score is not None and out:
        last = out[-1]
        out[-1] = Step(last.hand, last.turn, last.seat, last.text, last.state, tuple(hand.score))
    return out


def steps(doc: A.Document, variant: str | None = None, sets: tuple[str, ...] = ()) -> Steps:
    """Every turn of ``doc`` with the position after it (see the module's docstring). A record
    whose ruleset cannot be loaded raises, as ``replay`` does: there is nothing to step through."""
    keeper = _Keeping(doc, variant, sets)
    seats, sides = keeper.seats, keeper.sides
    error: CanastaError | None = None
    rp: Replay | None = None
    try:
        rp = keeper.run()
    except CanastaError as e:
        error = e
    out: list[Step] = []
    for hand in keeper.kept:
        out += _hand_steps(seats, hand)
    return Steps(seats, sides, tuple(out), error, rp)
