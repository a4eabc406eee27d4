"""Refusals worded for the table: what the engine's message leaves unsaid in a given state.

The engine words each refusal once, for every state; a few read oddly in particular positions. The
notation layer adds or drops a clause here, by rule code, without judging the move again. (Adding
to the opponents' meld has its own code, ``meld.not_your_side``, worded by the engine.)
"""

from __future__ import annotations

from dataclasses import replace

from ..engine.moves import Move
from ..engine.state import Phase, State
from ..errors import Refusal

_BURIED = " (cards buried in the pile do not count)"

HAND_ENDED = {
    "stock_exhausted": "the stock ran out",
    "red_three_last": "the stock ran out on a red three",
    "guard": "the engine's guard stopped the hand",
}
"""How a hand that nobody went out of ended (the engine's ``end_reason``), in words."""

TO_DO = {
    Phase.EXPOSE: "to lay down red threes",
    Phase.DRAW: "to draw or take the pile",
    Phase.PLAY: "to meld, then discard",
    Phase.ANSWER: "to answer: may partner go out?",
    Phase.FOOT: "to take up the foot",
    Phase.OVER: "done: the hand is over",
}
"""What the player to move does next, by the engine's phase, in words."""


def hand_ended(reason: str) -> str:
    """The engine's ``end_reason`` of a hand nobody went out of, in words."""
    return HAND_ENDED.get(reason, reason.replace("_", " "))


def how_ended(s: State, seats: tuple[str, ...]) -> str:
    """How the hand of ``s`` (over) ended: who went out (concealed), or why it stopped."""
    if s.out_player >= 0:
        return f"{seats[s.out_player]} went out" + (" concealed" if s.concealed else "")
    return hand_ended(s.end_reason)


def worded(s: State, m: Move, ref: Refusal) -> Refusal:
    """``ref`` (the refusal of ``m`` in ``s``) worded for this position."""
    if ref.code == "open.below_minimum" and _BURIED in ref.message and len(s.pile) <= 1:
        # Nothing is buried under the top card: the clause would only puzzle.
        return replace(ref, message=ref.message.replace(_BURIED, ""))
    return ref
