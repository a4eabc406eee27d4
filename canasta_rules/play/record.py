"""The record of ``canasta play``: its text, and its file, written whole at the start and then
a line a move.

Rewriting the whole record after every move cost more the longer the game ran (issue 26: 5 to 13
ms a move on average, up to 112 ms, against well under a millisecond for a bot's decision). So
the record is written whole (atomically, :func:`~canasta_rules.fileio.write_text_atomic`) only
where its head changes or its lines are taken back: when a game starts or resumes, after an
``undo``, and at the end of the game (the ``Result`` tag). In between each move is appended as a
line of its own (``N meld Kc Kd Kh``: a seat's turn may run over several lines, which the replay
reads as one turn), and a finished hand appends its ``score`` and ``total`` lines and the next
hand's header. An append costs the same on the first move and the thousandth.

An append is one small write, but a crash (a power cut) can still stop it part-way, leaving a
last line without its end of line: ``N disc``. Every line the game writes ends with one, so
:func:`read_record_text` leaves out a last line that has none (even one that happens to read
well: ``add 5: 5c 5d`` may be the start of ``add 5: 5c 5d 5d``) and says so; resuming then
rewrites the file whole without it. The file's mode is kept: an append does not touch it.

Before each append the file's size is compared with what this game wrote; if another program
changed the file in the meantime (or the record is not a regular file), the record is written
whole instead, so it never ends up with a move appended to the wrong text.

The whole text (:func:`whole_text`) is a turn a line, as ``canasta fmt`` writes a record; an
appended move (:func:`move_line`) is a line of its own, a question joined to its answer.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine.game import hand_seed
from ..engine.moves import Move
from ..fileio import OutputError, write_text_atomic
from ..notation import ast as A
from ..notation.parser import read_text
from ..notation.record import result_text
from ..notation.writer import document, format_document, format_item, hand_items, turn_lines

if TYPE_CHECKING:
    from .session import Session

_NOWHERE = A.Where(0, 0)

HUMAN = "human"
"""How the ``Players`` tag names a seat a person plays (else the kind of bot)."""


class RecordFile:
    """Where a game's record goes, and how much of it this game has written."""

    def __init__(self, path: Path):
        self.path = path
        self.size: int | None = None
        """Bytes this game has written to the file, or None when the file's content is not
        known to be this game's (then the next write is a whole one)."""

    def write_whole(self, text: str) -> None:
        data = text.encode("utf-8")
        self.size = None
        write_text_atomic(self.path, text)
        self.size = len(data)

    def append(self, text: str) -> bool:
        """Append ``text`` (whole lines) to the record; returns False, writing nothing, when the
        file is not as this game left it (the caller then writes the record whole)."""
        if self.size is None or not self._as_left():
            return False
        data = text.encode("utf-8")
        try:
            with open(self.path, "ab") as f:
                f.write(data)
        except OSError as e:
            self.size = None
            raise OutputError(f"{self.path}: cannot write: {e.strerror or e}") from None
        self.size += len(data)
        return True

    def _as_left(self) -> bool:
        try:
            st = os.stat(self.path)
        except OSError:
            return False
        return stat.S_ISREG(st.st_mode) and st.st_size == self.size


def read_record_text(path: str) -> tuple[str, str | None]:
    """A record's text without a last line cut short (no end of line), and that line if any."""
    text = read_text(path)
    if not text or text.endswith("\n"):
        return text, None
    head, _, torn = text.rpartition("\n")
    return (head + "\n" if head else ""), torn


def torn_note(path: str, torn: str) -> str:
    shown = torn if len(torn) <= 60 else torn[:57] + "..."
    return (
        f"{path}: the last line has no end of line, as a write stopped part-way leaves it; "
        f"it is left out: {shown!r}"
    )


# ------------------------------------------------------------------------------ the record's text


def whole_text(sess: Session) -> str:
    """The whole record of ``sess``'s game: its tags, then each hand a turn a line."""
    r = sess.rules
    o = sess.opts
    tags: list[tuple[str, str]] = [("Event", "canasta play")]
    tags.append(("Variant", _relative(o.ref, sess.record_path)))
    tags.extend(("Set", x) for x in o.sets)
    who = [HUMAN if sess.is_human(p) else o.bots for p in range(r.players)]
    seated = zip(sess.seats, who, strict=True)
    tags.append(("Players", ", ".join(f"{s} {w}" for s, w in seated)))
    tags.append(("Seed", str(o.seed)))
    if sess.game_over:
        tags.append(("Result", result_text(r, sess.totals)))
    items: list[A.Item] = []
    totals = [0] * r.sides
    for h in sess.hands:
        finished = h.end is not None and h.end.over
        scores = [sc.total for sc in h.score] if finished else None
        if scores is not None:
            totals = [a + b for a, b in zip(totals, scores, strict=True)]
        seed = hand_seed(o.seed, h.number)
        ends = totals if finished else None
        items.extend(hand_items(r, h.number, h.dealer, h.start, h.moves, seed, scores, ends))
    return format_document(document(tags, items))


def move_line(seats: Sequence[str], moves: Sequence[tuple[int, Move]], top: int | None) -> str:
    """One move as its own line of the record (a question with its answer: ``N ask yes``);
    ``top``: the card a pickup took, which the record names (``W take 7h with 7c 7d``)."""
    turn = turn_lines(seats, moves)[0]
    if top is not None:
        acts = tuple(replace(a, top=top) if isinstance(a, A.TakeAct) else a for a in turn.actions)
        turn = A.Turn(turn.seat, acts, turn.at)
    return format_item(turn)


def score_lines(sides: Sequence[str], scores: Sequence[int], totals: Sequence[int]) -> list[str]:
    """The ``score`` and ``total`` lines that close a finished hand."""
    return [
        format_item(A.Assertion("score", tuple(zip(sides, scores, strict=True)), at=_NOWHERE)),
        format_item(A.Assertion("total", tuple(zip(sides, totals, strict=True)), at=_NOWHERE)),
    ]


def header_line(number: int, dealer: str, seed: str) -> str:
    """A hand's first line: ``hand 2 dealer E seed 7:2``."""
    return format_item(A.HandHeader(number, dealer, seed, _NOWHERE))


def _relative(ref: str, record: Path | None) -> str:
    """A variant file as the record names it: relative to the record (as ``replay`` reads it)."""
    if record is None or not ("/" in ref or "\\" in ref or ref.endswith(".toml")):
        return ref
    try:
        return os.path.relpath(Path(ref).resolve(), Path(record).resolve().parent)
    except ValueError:  # another drive (Windows)
        return str(Path(ref).resolve())
