"""Reading records and positions: the entry points, which load lark only for a line that needs it.

:func:`parse` reads a whole position with :mod:`.fastpos`, else a record's common lines with
:mod:`.fastlines` and a position's lines with :mod:`.fastpos`, and hands what is left to the lark
parser of :mod:`.parser` (the grammar, its transformer and its worded syntax errors). The line
readers take the grammar's terminals from ``terminals.json``, so a command that reads a
position (a ruling, a score, the legal moves) never imports lark, which costs about a third of
such a command's start-up.
"""

from __future__ import annotations

import threading
from functools import cache
from types import ModuleType

from .. import limits
from ..errors import NotationError
from . import ast as A
from . import terminals
from .fastlines import Beyond, Budget, check_lines, read_lines, source_lines
from .fastpos import read_position, read_position_lines
from .terminals import HasTerminals

_LOCAL = threading.local()
"""The :class:`~.fastlines.Budget` of the text being parsed in this thread."""


@cache
def _terminals() -> HasTerminals:
    """The grammar's terminals for the line readers: shipped as plain data (no parser to build),
    else from the parser."""
    found = terminals.shipped()
    if found is not None:
        return found
    from .parser import _parser

    return _parser()


def _check_counts(lines: list[A.Line], file: str) -> None:
    """At most :data:`~canasta_rules.limits.MAX_HANDS` hands, and
    :data:`~canasta_rules.limits.MAX_TURNS` turns in each (in the order of the text, once the
    lines read by lark and those read on their own are back together)."""
    hands = 0
    turns = 0
    for ln in lines:
        item = ln.item
        if isinstance(item, A.HandHeader):
            hands += 1
            turns = 0
            if hands > limits.MAX_HANDS:
                msg = f"too many hands: the limit is {limits.MAX_HANDS} in one record"
                raise NotationError(msg, file, item.at.line, item.at.column)
        elif isinstance(item, A.Turn):
            turns += 1
            if turns > limits.MAX_TURNS:
                msg = f"too many turns in one hand: the limit is {limits.MAX_TURNS}"
                raise NotationError(msg, file, item.at.line, item.at.column)


def _lark() -> ModuleType:
    """The lark parser's module (:mod:`.parser`), imported when a line needs it."""
    from . import parser

    return parser


def _merged(fast: list[A.Line], slow: list[A.Line]) -> list[A.Line]:
    """Two lists of lines, each in the order of the text, as one."""
    out: list[A.Line] = []
    i = 0
    for ln in slow:
        at = ln.item.at.line
        while i < len(fast) and fast[i].item.at.line < at:
            out.append(fast[i])
            i += 1
        out.append(ln)
    out.extend(fast[i:])
    return out


def parse(text: str, file: str = "<text>") -> A.Document:
    """Parse a record or a position. Raises :class:`NotationError` with the spot and the reason.

    A position whose every line :mod:`.fastpos` reads is read whole there; otherwise the
    common lines of a record (turns, deals, hand headers, scores, tags) are read on their own
    (:mod:`.fastlines`), a position's lines by :mod:`.fastpos` when it can read them all, and
    the rest by lark; the limits of :mod:`canasta_rules.limits` are
    counted as the text is read, so a text past one is refused before it is all in memory."""
    if not text.endswith("\n"):
        text += "\n"
    budget = Budget()
    _LOCAL.budget = budget
    try:
        raws = check_lines(text)
        whole = read_position(raws, _terminals(), budget)
        if whole is not None:  # a position read whole without lark (notation/fastpos.py)
            return A.Document(whole, file, source_lines(text))
        try:
            fast, rest = read_lines(raws, _terminals(), budget)
        except Beyond as e:
            # A syntax error before the limit is the first thing wrong with the text.
            _LOCAL.budget = None
            before = read_lines(raws[: e.line - 1], _terminals(), Budget(bounded=False))[1]
            if before:
                _lark()._lark_lines(raws, before, file)
            raise
        if rest:
            # A position's own lines, read here too when every one of them can be (lark, which
            # compiles a scanner for each state it reaches, then has nothing to read).
            pos = read_position_lines(raws, rest, _terminals(), budget)
            slow = pos if pos is not None else _lark()._lark_lines(raws, rest, file)
            lines = _merged(fast, slow)
        else:
            lines = fast
    except Beyond as e:
        raise NotationError(e.message, file, e.line, e.column) from None
    finally:
        _LOCAL.budget = None
    if rest:
        _check_counts(lines, file)
    return A.Document(lines, file, source_lines(text))


def read(path: str) -> A.Document:
    """Read and parse a file; a missing, unreadable or special file (a FIFO, a device) is a
    NotationError too, and so is one past :data:`~canasta_rules.limits.MAX_RECORD_BYTES`."""
    return parse(read_text(path), path)


def read_text(path: str) -> str:
    """The text of a record or position file, or a NotationError saying why it was not read."""
    try:
        return limits.read_limited(path, limits.MAX_RECORD_BYTES)
    except limits.ReadRefused as e:
        raise NotationError(str(e), path, 0, 0) from None


def parse_side_values(text: str) -> list[tuple[str, int]]:
    """``"NS 1600, EW 0"`` as pairs; ValueError if it is not of that form."""
    words = text.replace(",", " ").split()
    if not words or len(words) % 2:
        raise ValueError(text)
    return [(words[i], int(words[i + 1])) for i in range(0, len(words), 2)]
