"""A refused move's legal form, in the notation: what a ruling, the play screen or a web page
shows after "refused" (the search itself is :func:`canasta_rules.engine.remedy.legal_form`).

    >>> found = suggest(state, moves)     # the state before the line, the line's engine moves
    >>> found.text, found.why             # ('take with 8c 8d and Kh Kd Ks', 'cards melded ...')

``suggest`` returns None when every move of the line is legal, or when no legal form with the
same intent exists: nothing is invented.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.moves import Move
from ..engine.remedy import Remedy, remedy_of_line
from ..engine.state import State
from ..seats import seat_names


@dataclass(frozen=True)
class Suggestion:
    """A legal form of a refused line: the engine's remedy and the line in the notation."""

    remedy: Remedy
    text: str
    """The whole line as the player would write it, without the seat
    (``take with 8c 8d and Kh Kd Ks``)."""

    @property
    def why(self) -> str:
        return self.remedy.why

    def as_json(self) -> dict[str, object]:
        return {"move": self.text, "kind": self.remedy.kind, "why": self.remedy.why}


def remedy_text(s: State, remedy: Remedy) -> str:
    """The moves of ``remedy``, played by the player to move in ``s``, as one line of actions
    (the seat left out)."""
    from .writer import action_text, turn_lines  # a ruling loads the writer only to say this

    seats = seat_names(s.rules.players)
    turns = turn_lines(seats, [(s.actor, m) for m in remedy.moves])
    return " ".join(action_text(a) for t in turns for a in t.actions)


def suggest(s: State, moves: Sequence[Move]) -> Suggestion | None:
    """For a line of ``moves`` played from ``s`` (the state before the first of them): a legal
    form of the line from its first refused move on, with the same intent, or None."""
    found = remedy_of_line(s, moves)
    if found is None:
        return None
    return Suggestion(found, remedy_text(s, found))
