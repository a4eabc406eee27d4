"""A refused move's legal form, in the notation: what a ruling, the play screen or a web page
shows after "refused" (the search itself is :func:`canasta_rules.engine.remedy.legal_form`).

    >>> found = suggest(state, moves)     # the state before the line, the line's engine moves
    >>> found.text, found.why             # ('take with 8c 8d and Kh Kd Ks', 'cards melded ...')

``suggest`` returns None when every move of the line is legal, or when no legal form with the
same intent exists: nothing is invented.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..deferred import dataclass as deferred_dataclass
from ..engine.moves import Move, TakePile
from ..engine.remedy import Remedy, remedy_of_line
from ..engine.state import State
from ..seats import seat_names


@deferred_dataclass(frozen=True)  # made on first use (start-up speed)
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


def line_text(s: State, moves: Sequence[Move]) -> str:
    """``moves``, played one after the other from ``s`` by the player to move, as one line of
    actions without the seat, each pickup naming the top card it takes (``take 8s with 8c 8d
    and Kh Kd Ks``)."""
    from ..engine.apply import apply_unchecked
    from . import ast as A
    from .writer import action_text, turn_lines  # a ruling loads the writer only to say this

    t = s.copy()
    played: list[tuple[int, Move]] = []
    tops: list[int | None] = []
    for m in moves:
        if isinstance(m, TakePile):
            tops.append(t.pile[-1] if t.pile else None)
        played.append((t.actor, m))
        apply_unchecked(t, m)
    seats = seat_names(s.rules.players)
    top = iter(tops)
    words = []
    for turn in turn_lines(seats, played):
        for a in turn.actions:
            if isinstance(a, A.TakeAct):
                a = A.TakeAct(next(top), a.shown, a.melds, a.replacements, a.at, onto=a.onto)
            words.append(action_text(a))
    return " ".join(words)


def suggest(s: State, moves: Sequence[Move]) -> Suggestion | None:
    """For a line of ``moves`` played from ``s`` (the state before the first of them): a legal
    form of the whole line (the legal moves before the first refused one, then the form found
    for the rest), with the same intent, or None."""
    found = remedy_of_line(s, moves)
    if found is None:
        return None
    return Suggestion(found, line_text(s, found.moves))
