"""The plain line mode of ``canasta play``: moves from standard input, the table printed.

Used where no terminal is attached (a pipe, CI) or with ``--line``. Bots play their seats and
each of their turns is printed (drawn cards hidden, as at a table); when a person is to move the
table is printed from that seat and one line is read. A line is a move in the notation (one or
more actions, the seat optional), or:

- ``moves``: the legal moves (one representative of each kind, as ``legal_moves`` lists them);
- ``? CODE`` or ``? PARAMETER``: the rule behind a refusal, its value here and its source;
- ``quit``: stop (the record is already written; ``--resume`` goes on from it).

Reading from a pipe, a refused or unreadable line stops the game with a one-line error naming the
input line, the hand, the turn's seat and the rule code (exit status 2); at the keyboard it is
shown and the same player types again.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TextIO

from ..engine.moves import Draw, Expose, Foot, Move, TakePile
from ..errors import CanastaError, NotationError, fit_refusal, placed
from .explain import explain
from .session import IllegalMove, Session, move_text
from .view import hand_end_lines, table_lines


def _public(m: Move) -> Move:
    """A move as the other players see it: drawn cards hidden."""
    if isinstance(m, Draw) and m.cards:
        return Draw(None)
    if isinstance(m, Expose) and m.replacements:
        return Expose(None)
    if isinstance(m, Foot) and m.replacements:
        return Foot(None)
    if isinstance(m, TakePile) and m.replacements:
        return TakePile(m.shown, m.melds, None, m.onto)
    return m


class LineMode:
    def __init__(self, sess: Session, inp: TextIO, out: TextIO, strict: bool):
        self.sess = sess
        self.inp = inp
        self.out = out
        self.strict = strict
        self.line_no = 0

    def say(self, *lines: str) -> None:
        for ln in lines:
            print(ln, file=self.out)

    def _read(self) -> Iterator[str]:
        for raw in self.inp:
            self.line_no += 1
            yield raw

    def run(self) -> int:
        """Play until the game ends or the input does. Returns the exit status."""
        sess = self.sess
        lines = self._read()
        if sess.record_path is not None:
            self.say(f"record: {sess.record_path}")
        sess.save()
        while True:
            for actor, m in sess.run_bots():
                self.say(f"{sess.seats[actor]}: {move_text(sess.seats, actor, _public(m))}")
            if sess.hand_over:
                self.say(*hand_end_lines(sess))
                if sess.game_over:
                    return 0
                sess.next_hand()
                self.say("")
                continue
            seat = sess.actor
            self.say("", *table_lines(sess, seat))
            if not self.strict:
                print(f"{sess.seats[seat]}> ", end="", file=self.out, flush=True)
            text = self._next_move(lines)
            if text is None:
                where = f"; resume with: canasta play --resume {sess.record_path}"
                self.say(f"stopped{where if sess.record_path else ''}")
                return 0

    def _next_move(self, lines: Iterator[str]) -> str | None:
        """Read lines until one is played; None at the end of input or on 'quit'."""
        sess = self.sess
        for raw in lines:
            text = raw.split("#", 1)[0].strip()
            if not text:
                continue
            word = text.lower()
            if word in ("quit", "q", "exit"):
                return None
            if word == "moves":
                self.say(*(f"  {t}" for t in sess.legal_texts()))
                continue
            if text.startswith("?"):
                self.say(*explain(sess.loaded, sess.refusals, text[1:]))
                continue
            seat = sess.seats[sess.actor]
            try:
                played = sess.play_text(text)
            except (IllegalMove, NotationError) as e:
                reason = e.message if isinstance(e, NotationError) else str(e)
                where = f"hand {sess.hand.number}, {seat}"
                if self.strict:  # one line of about 200 characters, the rule code kept
                    where = f"<stdin>:{self.line_no}: {where}"
                    if isinstance(e, IllegalMove):
                        raise CanastaError(fit_refusal(where, e.move, e.refusal)) from None
                    raise CanastaError(placed(where, reason)) from None
                self.say(f"refused: {reason}")
                if isinstance(e, IllegalMove):
                    self.say(f"  (type ? {e.refusal.code} for the rule and its source)")
                continue
            self.say(f"{seat}: " + " ".join(move_text(sess.seats, 0, m) for m in played))
            return text
        return None
