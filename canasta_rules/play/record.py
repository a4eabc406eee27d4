"""The record file of ``canasta play``: written whole at the start, then a line a move.

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
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from ..fileio import OutputError, write_text_atomic
from ..notation.parser import read_text


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
