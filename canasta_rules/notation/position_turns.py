"""The turn lines that may follow a position: played from it, each move checked by the engine,
so that a record can start from a position.
"""

from __future__ import annotations

from ..engine.apply import apply_unchecked
from ..engine.legality import refusal_on_line
from ..engine.moves import Ask, Move
from ..engine.penalties import settle
from ..engine.state import Phase, State
from ..errors import IllegalMoveError, Refusal, shorten_path
from ..seats import seat_word
from . import ast as A
from .position_table import ReadPosition, _Table
from .wording import how_ended, worded


def unseen_foot() -> Refusal:
    """The refusal of a move made after taking up a foot whose cards a position does not write."""
    return Refusal(
        "foot.cards_unknown",
        "",
        "the foot just taken up is written as a count (foot N: 13 unseen), so what follows "
        "cannot be judged: write its cards",
    )


class _Turns(_Table):
    """The position reader's part that plays the turn lines after the position."""

    # -------------------------------------------------------------------- turns that follow
    def _play(self, rp: ReadPosition, turns: list[A.Turn]) -> None:
        s = rp.state.copy()
        unseen = rp.unseen
        blind = False  # a foot written as a count was taken up: nothing after it can be judged
        count = 0
        prev: A.Turn | None = None
        for t in turns:
            p = self.seat(t.seat, t.at)
            continuing = (
                prev is not None
                and p == s.turn
                and self.seat(prev.seat, prev.at) == p
                and _continues(s, prev)
            )
            if s.over:
                raise self.err(
                    t.at,
                    f"the hand is over: {how_ended(s, tuple(seat_word(x) for x in self.seats))}",
                )
            if not continuing:
                last = -1 if prev is None else self.seat(prev.seat, prev.at)
                if prev is not None and last == s.turn and s.phase == Phase.PLAY:
                    msg = f"{self.who(s.turn)}'s turn is not over: a turn ends with a discard"
                    raise self.err(prev.at, msg)
                count += 1
                if p != s.actor and not _asker_line(s, t, p):
                    wrong = Refusal(
                        "turn.out_of_turn",
                        "",
                        f"it is {self.who(s.actor)}'s turn, not {seat_word(t.seat)}'s",
                    )
                    raise IllegalMoveError(wrong, self._where(t.at, count, t.seat))
            prev = t
            owner = s.turn  # the turn this line plays (the asker's while partner answers)
            for act, moves in answering(s, t):
                for m in moves:
                    hidden = rp.blind_move(s, m)
                    if hidden is not None:
                        raise self.err(act.at, hidden)
                    if rp.unseen_hands:  # a card drawn that an unseen hand may hold
                        from .unseen import stock_facts

                        rp.depends.extend(stock_facts(rp, s, m, unseen))
                    unseen = rp.prepare(s, m, unseen)
                    ref = unseen_foot() if blind else refusal_on_line(s, owner, m)
                    if ref is not None:
                        ref = worded(s, m, ref)
                        raise IllegalMoveError(ref, self._where(act.at, count, t.seat), act.text)
                    blind = blind or rp.takes_unseen_foot(s, m)
                    actor = s.actor
                    rp.moves.append((actor, apply_unchecked(s, m)))
            settle(s)  # face-up cards melded or discarded (engine/penalties.py)
        rp.state = s
        rp.unseen = unseen

    def _where(self, at: A.Where, turn: int, seat: str) -> str:
        file = shorten_path(self.doc.file)  # as NotationError shows it
        return f"{file}:{at.line}:{at.column}: turn {turn} from the position, {seat}"


def _asker_line(s: State, t: A.Turn, p: int) -> bool:
    """Whether line ``t`` by seat ``p`` is the asker's, written while partner answers: a
    position in the ANSWER phase is followed by the asker's ``ask yes`` (or ``ask no``)."""
    return (
        s.phase == Phase.ANSWER
        and p == s.turn
        and bool(t.actions)
        and isinstance(t.actions[0], A.AskAct)
    )


def answering(s: State, t: A.Turn) -> list[tuple[A.Action, tuple[Move, ...]]]:
    """The moves of turn line ``t``, action by action. In a position where partner is answering,
    the line's first action ``ask yes`` stands for the answer alone (the question was asked)."""
    out = [(act, act.moves) for act in t.actions]
    if out and s.phase == Phase.ANSWER and isinstance(t.actions[0], A.AskAct):
        act, moves = out[0]
        out[0] = (act, tuple(m for m in moves if not isinstance(m, Ask)))
    return out


def _continues(s: State, prev: A.Turn) -> bool:
    """Whether a line by the same seat continues the turn of ``prev``: the turn is still in play,
    or ``prev`` only laid red threes down (its draw follows on the next line)."""
    if s.phase in (Phase.PLAY, Phase.ANSWER, Phase.FOOT):
        return True
    return s.phase == Phase.DRAW and all(isinstance(a, A.ExposeAct) for a in prev.actions)
