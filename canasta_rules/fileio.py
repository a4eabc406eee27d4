"""Writing files whole or not at all, keeping what the user had.

A regular file (or a new one) is written through a temporary file in the same folder and a rename,
so a failure (a full disk, a read-only folder) leaves the old file as it was and no temporary file
behind; an existing file this user may not write (mode 0444) is refused, not replaced. A target
that exists and is not a regular file (``/dev/stdout``, ``/dev/null``, a FIFO, ``/dev/full``) is
written in place instead: renaming over it would replace the device itself, and a write error
there (``/dev/full`` says the disk is full) is still an error.

What the user had is kept (``fmt -i``, ``--out``, tally sheets, play records, all through here):

- **Mode and owner.** The new file gets the old one's permission bits (a private 0600 record
  stays 0600), and its owner and group where this user may set them (root may; anyone may keep
  their own, or a group they belong to). Where the owner cannot be kept, the set-user and
  set-group bits are dropped rather than given to another owner. A new file gets 0666 less the
  umask, as the shell's ``>`` would.
- **Symbolic links.** A link is followed, and its target is rewritten (atomically, in the
  target's own folder); the link stays a link. A dangling link creates its target, as ``>``
  does. ``/dev/stdout``, ``/dev/fd/N`` and links into ``/proc`` name an open descriptor, not a
  file, and are written in place (``--out /dev/stdout >> log`` appends to the log).
- **Hard links: broken, and said so.** A file with other names (``st_nlink`` above 1) cannot
  be both replaced whole and kept the same file under every name: writing it in place would
  leave a half-written file, under every name, if the write failed half way, and would change
  the copies that backup tools keep as hard links. So files stay whole: the name written gets
  the new text, the other names keep the old, and a :class:`LinksBroken` warning
  (``warnings.warn``; the command line prints it as ``canasta: warning: ...``) says so.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
import warnings
from pathlib import Path

from .errors import CanastaError, CanastaWarning, shorten_path


class OutputError(CanastaError):
    """A file that could not be written."""


class LinksBroken(CanastaWarning):
    """A file with other hard links was replaced under one name: the others keep the old text."""


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


def _keep_owner(tmp: str, old: os.stat_result) -> bool:
    """Give ``tmp`` the old file's owner and group, as far as this user may; whether both are
    kept."""
    mine = os.stat(tmp)
    if (mine.st_uid, mine.st_gid) == (old.st_uid, old.st_gid):
        return True
    try:
        os.chown(tmp, old.st_uid, old.st_gid)
        return True
    except OSError:
        pass
    with contextlib.suppress(OSError):  # at least the group, where this user is in it
        os.chown(tmp, -1, old.st_gid)
    return False


def _write(p: Path, data: bytes, old: os.stat_result | None) -> None:
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        if old is None:
            mode = 0o666 & ~_umask()
        else:
            mode = stat.S_IMODE(old.st_mode)
            if not _keep_owner(tmp, old):
                mode &= ~(stat.S_ISUID | stat.S_ISGID)
        os.chmod(tmp, mode)  # after chown, which clears the set-user and set-group bits
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
    # appending: a device or a FIFO has no start to truncate to, and a descriptor the shell
    # opened (``> out`` truncated it already, ``>> log`` did not and must not be)
    with open(p, "ab") as f:
        f.write(data)
        f.flush()


_DESCRIPTORS = ("/proc/", "/dev/fd/", "/dev/stdout", "/dev/stderr")


def _target(p: Path) -> Path | None:
    """The file a write to ``p`` goes to: ``p``, or the end of its chain of symbolic links;
    None where the path or a link on the way names an open descriptor (``/dev/stdout``,
    ``/proc/self/fd/1``), which is written in place: renaming over the file behind it would
    replace what the shell opened (``>> log`` would lose the log)."""
    hop = os.path.abspath(p)
    for _ in range(40):
        if hop.startswith(_DESCRIPTORS):
            return None
        if not os.path.islink(hop):
            break
        hop = os.path.normpath(os.path.join(os.path.dirname(hop), os.readlink(hop)))
    if not p.is_symlink():
        return p
    return Path(os.path.realpath(p))


def write_bytes_atomic(path: str | Path, data: bytes) -> None:
    """Bytes version of :func:`write_text_atomic`; raises :class:`OutputError` on failure."""
    p = Path(path)
    try:
        if _special(p):
            _write_in_place(p, data)
            return
        target = _target(p)
        if target is None:
            _write_in_place(p, data)
            return
        try:
            old: os.stat_result | None = os.stat(target)
        except FileNotFoundError:
            old = None
        if old is not None and stat.S_ISDIR(old.st_mode):
            raise IsADirectoryError(errno.EISDIR, "is a directory")
        if old is not None and not os.access(target, os.W_OK):
            # a file its owner made read-only is not replaced behind their back (the rename
            # would succeed in a writable folder), as the shell's '>' would not write it
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))
        _write(target, data, old)
    except OSError as e:
        raise _fail(p, e) from None
    if old is not None and old.st_nlink > 1:
        others = old.st_nlink - 1
        names = "name keeps" if others == 1 else "names keep"
        warnings.warn(
            LinksBroken(
                f"{shorten_path(str(p))} had {others} other hard link{'s' if others > 1 else ''}:"
                f" it was written whole as a new file, and the other {names} the old text"
            ),
            stacklevel=2,
        )


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
