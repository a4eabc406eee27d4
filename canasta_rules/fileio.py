"""Writing files whole or not at all.

A regular file (or a new one) is written through a temporary file in the same folder and a rename,
so a failure (a full disk, a read-only folder) leaves the old file as it was and no temporary file
behind; an existing file this user may not write (mode 0444) is refused, not replaced. A target
that exists and is not a regular file (``/dev/stdout``, ``/dev/null``, a FIFO, ``/dev/full``) is
written in place instead: renaming over it would replace the device itself, and a write error
there (``/dev/full`` says the disk is full) is still an error.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from pathlib import Path

from .errors import CanastaError


class OutputError(CanastaError):
    """A file that could not be written."""


def _fail(path: Path, e: OSError) -> OutputError:
    return OutputError(f"{path}: cannot write: {e.strerror or e}")


def write_text_atomic(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename, so that a reader never
    sees a half-written file and a failure leaves any old file as it was."""
    write_bytes_atomic(path, text.encode("utf-8"))


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _write(p: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, p)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


def _special(p: Path) -> bool:
    """Whether ``p`` exists and is something other than a regular file or a folder."""
    try:
        mode = os.stat(p).st_mode
    except OSError:
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


def _write_in_place(p: Path, data: bytes) -> None:
    with open(p, "wb") as f:
        f.write(data)
        f.flush()


def write_bytes_atomic(path: str | Path, data: bytes) -> None:
    """Bytes version of :func:`write_text_atomic`; raises :class:`OutputError` on failure."""
    p = Path(path)
    try:
        if _special(p):
            _write_in_place(p, data)
        elif p.is_dir():
            raise IsADirectoryError(21, "is a directory")
        elif p.exists() and not os.access(p, os.W_OK):
            # a file its owner made read-only is not replaced behind their back (the rename
            # would succeed in a writable folder), as the shell's '>' would not write it
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))
        else:
            _write(p, data)
    except OSError as e:
        raise _fail(p, e) from None


def stale_pages(directory: Path, want: dict[str, str]) -> list[str]:
    """Generated pages in ``directory`` (file name -> the text it should hold) that are missing or
    out of date, one problem a line."""
    problems: list[str] = []
    for fname, text in want.items():
        p = directory / fname
        if not p.is_file():
            problems.append(f"{p}: missing")
        elif p.read_text(encoding="utf-8") != text:
            problems.append(f"{p}: out of date")
    return problems


def write_pages(directory: Path, want: dict[str, str]) -> list[Path]:
    """Write (each atomically) every page of ``want`` that is missing or differs; the files
    written."""
    directory.mkdir(parents=True, exist_ok=True)
    changed: list[Path] = []
    for fname, text in want.items():
        p = directory / fname
        if not p.is_file() or p.read_text(encoding="utf-8") != text:
            write_text_atomic(p, text)
            changed.append(p)
    return changed
