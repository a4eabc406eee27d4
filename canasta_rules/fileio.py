"""Writing files whole or not at all."""

from __future__ import annotations

import contextlib
import os
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


def write_bytes_atomic(path: str | Path, data: bytes) -> None:
    """Bytes version of :func:`write_text_atomic`; raises :class:`OutputError` on failure."""
    p = Path(path)
    try:
        _write(p, data)
    except OSError as e:
        raise _fail(p, e) from None
