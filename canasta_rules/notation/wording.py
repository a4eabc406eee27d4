"""Refusals worded for the table: what the engine's message leaves unsaid in a given state.

The engine words each refusal once, for every state; a few read oddly in particular positions. The
notation layer adds or drops a clause here, by rule code, without judging the move again.
"""

from __future__ import annotations

from dataclasses import replace

from ..engine.moves import Meld, Move
from ..engine.state import State
from ..errors import Refusal
from ..seats import side_names

_BURIED = " (cards buried in the pile do not count)"


def worded(s: State, m: Move, ref: Refusal) -> Refusal:
    """``ref`` (the refusal of ``m`` in ``s``) worded for this position."""
    if ref.code == "open.below_minimum" and _BURIED in ref.message and len(s.pile) <= 1:
        # Nothing is buried under the top card: the clause would only puzzle.
        return replace(ref, message=ref.message.replace(_BURIED, ""))
    if ref.code == "meld.no_such_meld" and isinstance(m, Meld):
        r = s.rules
        own = r.side_of[s.turn]
        names = side_names(r.players, r.sides)
        for rank, _ in m.adds:
            if rank in s.melds[own]:
                continue
            others = [names[i] for i in range(r.sides) if i != own and rank in s.melds[i]]
            if others:
                extra = (
                    f"; that meld is {' and '.join(others)}'s, and a player adds only to the "
                    "own side's melds"
                )
                return replace(ref, message=ref.message + extra)
    return ref
