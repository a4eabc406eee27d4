"""Applying moves to a state.

``apply`` checks the move first and raises :class:`IllegalMoveError` with the reason;
``apply_unchecked`` (from :mod:`.mutate`) trusts its caller (the move generator's output, or a move
already checked). Both return the move as it happened, with any stock cards it drew filled in.
"""

from __future__ import annotations

from ..errors import IllegalMoveError
from .legality import refusal
from .moves import Move
from .mutate import apply_unchecked
from .state import State

__all__ = ["apply", "apply_unchecked"]


def apply(s: State, m: Move, where: str = "") -> Move:
    """Check and apply ``m``; raise :class:`IllegalMoveError` (with the reason) if illegal."""
    ref = refusal(s, m)
    if ref is not None:
        raise IllegalMoveError(ref, where, str(m))
    return apply_unchecked(s, m)
