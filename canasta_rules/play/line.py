"""The plain line mode of ``canasta play``: moves from standard input, the table printed.

Used where no terminal is attached (a pipe, CI) or with ``--line``. Bots play their seats and
each of their turns is printed (drawn cards hidden, as at a table); when a person is to move the
table is printed from that seat and one line is read. A line is a move in the notation (one or
more actions, the seat optional), or one of the commands the app shares (``play/commands.py``):
``help``, ``moves``, ``? CODE``, ``hint``, ``undo`` and ``quit``.

Each hand ends on a pause: the score breakdown, then an empty line (Enter) deals the next hand;
the commands work there too (``undo`` takes back the turn that ended the hand).

Reading from a pipe, a refused or unreadable line stops the game with a one-line error naming the
input line, the hand, the turn's seat and the rule code (exit status 2); at the keyboard it is
shown and the same player types again.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TextIO

from ..errors import MESSAGE_TARGET, CanastaError, NotationError, fit_refusal, placed
from .commands import command
from .session import IllegalMove, NotAMove, Session, move_text
from .view import hand_end_lines, public_text, table_lines


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
        for note in sess.notes:
            self.say(f"note: {note}")
        if sess.record_path is not None:
            self.say(f"record: {sess.record_path}")
        sess.save()
        while True:
            for actor, m, top in sess.run_bots():
                self.say(f"{sess.seats[actor]}: {public_text(sess.seats, actor, m, top)}")
            if sess.hand_over:
                self.say("", *hand_end_lines(sess))
                if sess.game_over:
                    return 0
                self.say(f"(Enter deals hand {sess.hand.number + 1}; or undo, help, quit)")
                step = self._pause(lines)
                if step == "next":
                    sess.next_hand()
                    self.say("", f"hand {sess.hand.number}, dealer {sess.seats[sess.hand.dealer]}")
                if step == "stop":
                    return self._stopped()
                continue
            seat = sess.actor
            self.say("", *table_lines(sess, seat))
            step = self._turn(lines)
            if step == "stop":
                return self._stopped()

    def _stopped(self) -> int:
        sess = self.sess
        where = f"; resume with: canasta play --resume {sess.record_path}"
        self.say(f"stopped{where if sess.record_path else ''}")
        return 0

    def _prompt(self, text: str) -> None:
        if not self.strict:
            print(text, end="", file=self.out, flush=True)

    def _command(self, text: str) -> str | None:
        """Answer a command: 'stop', 'again' (the game went back), 'shown', or None for a move."""
        reply = command(self.sess, text)
        if reply is None:
            return None
        self.say(*reply.lines)
        if reply.quit:
            return "stop"
        return "again" if reply.changed else "shown"

    def _pause(self, lines: Iterator[str]) -> str:
        """The pause after a hand: 'next' on an empty line, 'stop', or 'again' after an undo."""
        self._prompt("> ")
        for raw in lines:
            text = raw.split("#", 1)[0].strip()
            if not text:
                return "next"
            step = self._command(text)
            if step in ("stop", "again"):
                return step
            if step is None:
                msg = (
                    f"hand {self.sess.hand.number} is over: an empty line (Enter) deals the "
                    "next one"
                )
                if self.strict:
                    raise CanastaError(f"<stdin>:{self.line_no}: {msg}")
                self.say(msg)
            self._prompt("> ")
        return "stop"

    def _turn(self, lines: Iterator[str]) -> str:
        """Read lines until a move is played ('played'), or 'stop', or 'again' after an undo."""
        sess = self.sess
        seat = sess.seats[sess.actor]
        self._prompt(f"{seat}> ")
        for raw in lines:
            text = raw.split("#", 1)[0].strip()
            if not text:
                self._prompt(f"{seat}> ")
                continue
            step = self._command(text)
            if step in ("stop", "again"):
                return step
            if step == "shown":
                self._prompt(f"{seat}> ")
                continue
            try:
                played = sess.play_text(text)
            except (IllegalMove, NotationError) as e:
                reason = e.message if isinstance(e, NotationError) else str(e)
                legal = e.legal if isinstance(e, IllegalMove) else None
                where = f"hand {sess.hand.number}, {seat}"
                if self.strict:  # one line of about 200 characters, the rule code kept
                    way = f"; legal instead: {legal[0]}" if legal else ""
                    at = f"<stdin>:{self.line_no}: {where}"
                    if isinstance(e, IllegalMove):
                        room = MESSAGE_TARGET - len(way)
                        line = fit_refusal(at, e.move, e.refusal, room) + way
                        raise CanastaError(line) from None
                    raise CanastaError(placed(at, reason)) from None
                if isinstance(e, NotAMove):  # it lists the commands itself
                    self.say(f"cannot read: {reason}")
                elif isinstance(e, NotationError):
                    self.say(f"cannot read: {reason}  (type help for the commands)")
                else:
                    self.say(f"refused: {reason}")
                if legal:
                    self.say(f"  legal instead: {legal[0]}  ({legal[1]})")
                if isinstance(e, IllegalMove):
                    self.say(f"  (type ? {e.refusal.code} for the rule and its source)")
                self._prompt(f"{seat}> ")
                continue
            self.say(f"{seat}: " + " ".join(move_text(sess.seats, 0, m) for m in played))
            return "played"
        return "stop"
