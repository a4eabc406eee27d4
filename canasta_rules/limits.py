"""Limits on what the readers accept, so that hostile or careless input gets a clear error.

Python and the libraries underneath have hard limits of their own (recursion depth, the 4,300
digits of ``int()``, file-name length) that surface as exceptions nobody can act on. The readers
check these smaller limits first and report them with the file, line and key, naming the limit.
Each is far above anything a real variant file or game record needs.
"""

from __future__ import annotations

import os
import stat

MAX_VARIANT_BYTES = 1 << 20
"""A variant file: 1 MiB (the largest built-in, general.toml, is under 10 KB)."""

MAX_RECORD_BYTES = 64 << 20
"""A record or position file: 64 MiB (docs/examples/classic-game.can, a whole game of several
hands with the deals written out, is about 6 KB)."""

MAX_SHEET_BYTES = 1 << 20
"""A tally sheet: 1 MiB (a sheet holds one short line a hand: a long game's is a few KB)."""

MAX_LINE_CHARS = 10_000
"""One line of a variant file or a record."""

MAX_DEPTH = 16
"""Nesting of tables and arrays in a variant file (the model itself needs 4)."""

MAX_INT = (1 << 63) - 1
"""TOML integers are 64-bit; ``tomllib`` accepts more, the project does not."""

MAX_DIGITS = 9
"""Digits of a number in the notation (hand numbers, stock counts, scores)."""

MAX_SEED_CHARS = 40
"""A hand's seed in the notation (``hand 2 seed 7:2``)."""

MAX_HANDS = 1_000
"""Hands in one record."""

MAX_TURNS = 10_000
"""Turns in one hand of a record."""

MAX_LINES = 100_000
"""Lines in one record or position (a game of 30 hands is about 5,000). With the two below, it
bounds what a text up to :data:`MAX_RECORD_BYTES` becomes in memory (bench/parse_memory.py):
every limit is counted as the text is read, so a text past one is refused before it is all
turned into objects."""

MAX_ACTIONS = 500_000
"""Actions (``draw 7s``, ``discard 4c`` ...) in one record (a hand has about 150)."""

MAX_CARDS = 1_000_000
"""Cards written in one record or position (deals, turns, hands, melds, the pile)."""

MAX_PATH_CHARS = 1_024
"""A path named in ``extends`` (and each of its parts at most 255, as most file systems)."""

MAX_NAME_CHARS = 255


def long_line(text: str, limit: int = MAX_LINE_CHARS) -> int | None:
    """The 1-based number of the first line of ``text`` longer than ``limit``, or None."""
    start = 0
    number = 1
    n = len(text)
    while start <= n:
        end = text.find("\n", start)
        if end < 0:
            end = n
        if end - start > limit:
            return number
        start = end + 1
        number += 1
    return None


class ReadRefused(Exception):
    """Why a file was not read (not a regular file, too large, not UTF-8 ...): one phrase, for
    the caller to put in its own located error."""


def read_limited(path: str | os.PathLike[str], max_bytes: int) -> str:
    """The text of a regular file of at most ``max_bytes``, decoded as UTF-8.

    A FIFO, a device or a socket is refused before it is opened (reading ``/dev/zero`` would never
    end, and opening a FIFO waits for a writer). Raises :class:`ReadRefused` with the reason;
    a missing file says ``no such file``."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise ReadRefused("no such file") from None
    except OSError as e:
        raise ReadRefused(f"cannot read: {e.strerror or e}") from None
    except ValueError:  # a NUL character in the name
        raise ReadRefused("not a file name") from None
    if stat.S_ISDIR(st.st_mode):
        raise ReadRefused("is a directory, not a file")
    if not stat.S_ISREG(st.st_mode):
        raise ReadRefused(f"is {_kind(st.st_mode)}, not a regular file")
    if st.st_size > max_bytes:
        raise ReadRefused(f"file too large: {st.st_size} bytes, the limit is {max_bytes}")
    # The file may have been swapped for a FIFO since the stat: opening without blocking, then
    # asking the open file what it is, closes that gap.
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as e:
        raise ReadRefused(f"cannot read: {e.strerror or e}") from None
    with os.fdopen(fd, "rb") as f:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise ReadRefused(f"is {_kind(mode)}, not a regular file")
        try:
            data = f.read(max_bytes + 1)
        except OSError as e:
            raise ReadRefused(f"cannot read: {e.strerror or e}") from None
    if len(data) > max_bytes:
        raise ReadRefused(f"file too large: the limit is {max_bytes} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ReadRefused(f"not UTF-8 text (byte {e.start})") from None


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"
