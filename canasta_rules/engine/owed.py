"""What the turn in progress still owes: the rules judged over the whole turn, read as data.

Some rules are judged over the whole turn rather than one action (legality.py's notes): the
initial-meld minimum (001: the cards put down on that turn), black threes melded only when going
out, a partner's binding "yes", and in Hand and Foot the foot taken up once the hand is used up.
An action that leaves one of these unmet is legal while the turn can still meet it, so "legal"
alone would read as "done". :func:`owed` says what is left, each item with its rule parameter
and a sentence a player can read aloud, for a ruling (``canasta ruling``), the play screen and
anything else that shows a legal move.

The facts are the ones the legality rules read: ``State.opening_short`` and ``turn_value`` (the
minimum, as ``legality.keep_discard_refusal`` refuses a discard below it), ``turn_black3`` and
the partner's answer (the same function), the planner's ``can_go_out`` and
``can_complete_opening`` (which way the turn can still end), and ``Phase.FOOT``. A discard that
keeps cards is refused exactly when :func:`owed` lists a minimum, a concealed finish or a going
out (tests/test_rulings_at_the_table.py checks this over random play).
"""

from __future__ import annotations

from ..deferred import dataclass as deferred_dataclass
from .checks import STOCK, whose_minimum
from .goingout import can_complete_opening, can_go_out
from .state import Permission, Phase, State

OPENING = "opening_minimum"
"""The side began opening this turn and its melds count less than its minimum so far."""
CONCEALED = "concealed_finish"
"""The same, where only going out concealed (which needs no minimum here) can end the turn."""
GO_OUT = "go_out"
"""Black threes were melded this turn, or partner's binding "yes": the turn must go out."""
FOOT = "take_up_foot"
"""The hand is used up and the foot waits (Hand and Foot): it is the next move."""


@deferred_dataclass(frozen=True)  # made on first use (start-up speed)
class Owed:
    """One thing the turn in progress still owes."""

    kind: str
    """``opening_minimum``, ``concealed_finish``, ``go_out`` or ``take_up_foot``."""
    parameter: str
    """The rule parameter behind it."""
    message: str
    """In a player's words, to read aloud after "legal so far:"."""
    counted: int = 0
    """For the opening: what the side's first melds count so far this turn."""
    minimum: int = 0
    """For the opening: the side's minimum."""
    because: str = ""
    """For going out: ``black_threes`` or ``permission``; for the foot: ``walking`` (the turn
    ends once it is taken up) or ``running`` (the player plays on)."""

    @property
    def more(self) -> int:
        """For the opening: the count still to lay this turn."""
        return max(0, self.minimum - self.counted)

    def as_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "kind": self.kind,
            "parameter": self.parameter,
            "message": self.message,
        }
        if self.kind in (OPENING, CONCEALED):
            out |= {"counted": self.counted, "minimum": self.minimum, "more": self.more}
        if self.because:
            out["because"] = self.because
        return out


def owed(s: State, hand_known: bool = True) -> tuple[Owed, ...]:
    """What the turn of the player to move still owes in ``s`` (nothing outside a turn in
    progress: the PLAY, ANSWER and FOOT phases).

    ``hand_known`` False: the player's hand holds cards nobody has seen (a position's
    ``N unseen``), so what depends on the rest of the hand is left out (:func:`unknown_owed`
    says what): whether a partner's "yes" binds (only while going out is possible), and whether
    an opening short of its minimum may end concealed instead."""
    if s.phase not in (Phase.PLAY, Phase.ANSWER, Phase.FOOT):
        return ()
    r = s.rules
    if s.phase == Phase.FOOT:
        if s.walking:
            msg = "your hand is used up: take up your foot next, and that ends your turn"
        else:
            msg = "your hand is used up: take up your foot next, then play on from it"
        return (Owed(FOOT, "foot", msg, because="walking" if s.walking else "running"),)
    out: list[Owed] = []
    side = s.side_of[s.turn]
    short = s.opening_short(side) if s.turn_opened else 0
    out_possible: bool | None = None
    if short > 0:
        minimum = s.minimum(side)
        counted = s.turn_value
        whose = whose_minimum(s)
        so_far = f"{whose} first melds count {counted} of {minimum} this turn"
        concealed_way = r.concealed_waives and s.drew == STOCK and hand_known
        if concealed_way:
            out_possible = can_go_out(s)
        if concealed_way and out_possible and not can_complete_opening(s):
            msg = (
                f"{so_far}, and the rest of your hand cannot make up the {short}: "
                "the turn must end by going out concealed, which needs no minimum here"
            )
            out.append(Owed(CONCEALED, "going_out.concealed_waives_minimum", msg, counted, minimum))
        else:
            msg = f"{so_far}; {short} more before you discard"
            if concealed_way and out_possible:
                msg += ", unless you go out concealed"
            parameter = (
                "initial_meld.by_round" if r.minimum_basis == "round" else ("initial_meld.tiers")
            )
            out.append(Owed(OPENING, parameter, msg, counted, minimum))
    if s.turn_black3:
        msg = "black threes were melded this turn, so you must go out this turn"
        if r.black3_last:
            msg += ", laying nothing after them but more black threes and the discard"
        out.append(Owed(GO_OUT, "black_threes.meld_when_going_out", msg, because="black_threes"))
    elif s.permission == Permission.YES and r.yes_obliges and hand_known:
        if out_possible is None:
            out_possible = can_go_out(s)
        if out_possible:
            msg = "your partner said yes, so you must go out this turn"
            out.append(Owed(GO_OUT, "going_out.permission", msg, because="permission"))
    return tuple(out)


def unknown_owed(s: State) -> list[str]:
    """What :func:`owed` leaves out when the player's hand holds unseen cards: ``concealed``
    (whether the rest of the hand could end an opening short of its minimum by going out
    concealed instead) and ``go_out`` (whether partner's binding "yes" binds: only while the
    hand can go out)."""
    if s.phase not in (Phase.PLAY, Phase.ANSWER):
        return []
    r = s.rules
    out = []
    side = s.side_of[s.turn]
    if s.turn_opened and s.opening_short(side) > 0 and r.concealed_waives and s.drew == STOCK:
        out.append(CONCEALED)
    if s.permission == Permission.YES and r.yes_obliges and not s.turn_black3:
        out.append(GO_OUT)
    return out
