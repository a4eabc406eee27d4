"""Which rulesets a file may name: the one confinement rule for every name found inside a file.

Files name rulesets in several places: a variant file's ``extends``, a record's or a position's
``[Variant "..."]`` tag, a tally sheet's ``variant = "..."``, and whatever a web page accepts
with an upload. Such a file is often someone else's, so the name it gives may only be

- a **built-in** ruleset, by name (``classic``, ``bicycle``); or
- a **file in the naming file's folder**, or in a folder below it (``house.toml``,
  ``rules/house.toml``; a bare name such as ``house`` that is no built-in is looked for there
  too); or
- a file **under one of the allowed folders** (``--allow-extends DIR`` on the command line, the
  :data:`ALLOW_EXTENDS_ENV` variable, ``allow_extends=`` in the library), by a relative or an
  absolute path.

Anything else is refused before anything is opened: a path that climbs out with ``..``, an
absolute path outside the allowed folders (even one that names the naming file's own folder:
the rule is about how a file is named, and an absolute name breaks when the folder moves), a
symbolic link whose target lies outside (links are followed when the rule is checked), and a
name that cannot be a file name (a NUL, over :data:`~canasta_rules.limits.MAX_PATH_CHARS`
characters, a part over :data:`~canasta_rules.limits.MAX_NAME_CHARS`, a backslash). Since the
target is never read, nothing of its content can reach a message.

A name the user gives on the command line (``canasta replay --variant FILE``, ``canasta tally
FILE``) is the user's own choice and is not confined: only names that come from inside a file
go through :func:`confine`.

For a program that reads files others hand it (a web server taking uploads)::

    from canasta_rules.variant.confine import OutsideError, confine

    try:
        ref = confine(tag_value, upload_path, allowed=[SHARED_RULES], line=3, column=1)
    except OutsideError as e:
        return bad_request(str(e))    # one line, "upload.can:3:1: '../x.toml' is outside ..."
    variant = load(ref)               # a built-in name (str) or the file's path (Path)

With ``naming_file=None`` (a text that has no folder of its own) only built-ins and files under
the allowed folders can be named.
"""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from .. import limits
from ..errors import CanastaError, NotationError, one_line, quoted, shorten_path
from . import builtin
from .builtin import looks_like_path

ALLOW_EXTENDS_ENV = "CANASTA_ALLOW_EXTENDS"
"""Folders (separated by ``os.pathsep``) that a file may also name rulesets in; the command
line's ``--allow-extends DIR`` sets it, so that worker processes see the same folders."""


def allowed_folders(extra: Sequence[str | os.PathLike[str]] = ()) -> tuple[Path, ...]:
    """The folders beyond a file's own that it may name rulesets in: ``extra`` and those in
    :data:`ALLOW_EXTENDS_ENV`, each resolved (symbolic links followed)."""
    env = [d for d in os.environ.get(ALLOW_EXTENDS_ENV, "").split(os.pathsep) if d]
    return tuple(Path(os.path.realpath(d)) for d in [*extra, *env])


class OutsideError(CanastaError):
    """A ruleset name, given inside a file, that the rule refuses; nothing was read.

    ``str()`` is one line: ``FILE:LINE:COLUMN: REASON`` (the notation's form), or
    ``FILE:LINE: KEY: REASON`` when a key is given (a TOML file's form), or ``FILE: REASON``
    without a line. :attr:`reason` is the bare reason, for a caller that places it itself."""

    def __init__(
        self, reason: str, file: str = "", line: int = 0, column: int = 0, key: str = ""
    ) -> None:
        self.reason = reason
        self.file = file
        self.line = line
        self.column = column
        self.key = key
        where = shorten_path(file) if file else ""
        if where and line:
            where += f":{line}:{column}" if column and not key else f":{line}"
        parts = [p for p in (where, key, reason) if p]
        super().__init__(one_line(": ".join(parts)))


def no_builtin(name: str) -> str:
    """The reason for a name that is neither a built-in nor a file: the closest built-in, or
    the command that lists them (the whole list would not fit on the line)."""
    close = difflib.get_close_matches(name[:100], builtin.names(), n=1)
    more = (
        f"did you mean {quoted(close[0])}?" if close else "'canasta variants list' names them all"
    )
    return f"no built-in variant {quoted(name, 30)}; {more}"


def inside(path: str, folders: Iterable[Path]) -> bool:
    """Whether ``path`` (normalised) is one of ``folders`` or under one of them."""
    return any(path == str(f) or path.startswith(str(f).rstrip(os.sep) + os.sep) for f in folders)


def confine(
    name: str,
    naming_file: str | os.PathLike[str] | None,
    allowed: Iterable[str | os.PathLike[str]] = (),
    *,
    line: int = 0,
    column: int = 0,
    key: str = "",
) -> str | Path:
    """What ``name``, found inside ``naming_file``, lets the caller load: the built-in's name
    (a ``str``), or the file's path (a :class:`~pathlib.Path`: ``name`` joined to the naming
    file's folder as that file was named, or ``name`` itself when it is absolute).

    ``allowed`` are the extra folders (``--allow-extends``; pass :func:`allowed_folders` for
    the command line's). ``line``, ``column`` and ``key`` place the name in the naming file,
    for the error. Nothing is opened here: only names are looked at and links followed.

    Raises :class:`OutsideError` when the rule refuses the name, or when a bare name (no
    ``.toml``, no slash) is neither a built-in nor a file in the folder. A path the rule allows
    is returned whether or not the file exists: the reader says what is wrong with it."""
    label = "" if naming_file is None else os.fspath(naming_file)

    def refuse(reason: str) -> OutsideError:
        return OutsideError(reason, label, line, column, key)

    bare = not looks_like_path(name)
    if bare and builtin.path_of(name) is not None:
        return name
    parts = re.split(r"[/\\]", name)
    if (
        "\x00" in name
        or len(name) > limits.MAX_PATH_CHARS
        or any(len(p) > limits.MAX_NAME_CHARS for p in parts)
    ):
        raise refuse(f"path too long or not a file name: {quoted(name)}")
    if "\\" in name:
        raise refuse(f"{quoted(name)}: write paths with '/'")
    if not name:
        raise refuse("an empty name: name a built-in ruleset or a file")
    extra = tuple(Path(os.path.realpath(d)) for d in allowed)
    q = quoted(name)
    if os.path.isabs(name):
        lexical = os.path.normpath(name)
        lanes = extra
        if not inside(lexical, extra):
            raise refuse(f"{q} is an absolute path; see --allow-extends")
        given = Path(lexical)
    else:
        if naming_file is None:
            if bare:
                raise refuse(no_builtin(name))
            raise refuse(f"{q} names a file, and this text has no folder of its own")
        try:
            folder = Path(os.path.realpath(os.path.dirname(os.path.abspath(label))))
        except (OSError, ValueError):
            raise refuse(f"path cannot be resolved: {q}") from None
        lanes = (folder, *extra)
        lexical = os.path.normpath(os.path.join(folder, name))
        if not inside(lexical, lanes):
            raise refuse(f"{q} is outside this file's folder; see --allow-extends")
        given = Path(os.path.normpath(os.path.join(os.path.dirname(label), name)))
    try:
        real = os.path.realpath(lexical)
    except (OSError, ValueError):
        raise refuse(f"path cannot be resolved: {q}") from None
    if not inside(real, lanes):
        raise refuse(f"{q} leads outside this file's folder through a symbolic link")
    if bare and not _is_file(lexical):
        raise refuse(no_builtin(name))
    return given


def _is_file(path: str) -> bool:
    try:
        return os.path.isfile(path)
    except (OSError, ValueError):
        return False


def document_ruleset(name: str, file: str, line: int, column: int) -> str:
    """What a record's or a position's ``[Variant "name"]`` tag lets the reader load, by
    :func:`confine` with the command line's allowed folders: the built-in's name, or the file's
    path as a string. A refusal is a :class:`~canasta_rules.errors.NotationError` at the tag.

    A document read from standard input (``-``) counts as a file in the current folder; one
    with no file at all (a name in angle brackets, such as ``<text>``) can name only built-ins
    and files under the allowed folders."""
    naming: str | None = file
    if file == "-":
        naming = os.path.join(os.getcwd(), "-")
    elif file.startswith("<") and file.endswith(">"):
        naming = None
    try:
        return str(confine(name, naming, allowed_folders()))
    except OutsideError as e:
        raise NotationError(e.reason, file, line, column) from None
