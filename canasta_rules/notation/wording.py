"""Refusals worded for the table: what the engine's message leaves unsaid in a given state.

The engine words each refusal once, for every state; a few read oddly in particular positions. The
notation layer adds or drops a clause here, by rule code, without judging the move again. (Adding
to the opponents' meld has its own code, ``meld.not_your_side``, worded by the engine.)
"""

from __future__ import annotations

from dataclasses import replace

from ..engine.moves import Move
from ..engine.state import State
from ..errors import Refusal

_BURIED = " (cards buried in the pile do not count)"


def worded(s: State, m: Move, ref: Refusal) -> Refusal:
    """``ref`` (the refusal of ``m`` in ``s``) worded for this position."""
    if ref.code == "open.below_minimum" and _BURIED in ref.message and len(s.pile) <= 1:
        # Nothing is buried under the top card: the clause would only puzzle.
        return replace(ref, message=ref.message.replace(_BURIED, ""))
    return ref
