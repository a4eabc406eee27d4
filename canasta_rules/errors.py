"""The project's exceptions: one family, each carrying where the problem is.

Every error the library raises for bad input is a ``CanastaError`` (and a ``ValueError``). Its
``str()`` is one line that a person can act on; the command-line tool prints that line (one per
problem for variant files) and exits with status 2.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .deferred import dataclass as deferred_dataclass

MESSAGE_LIMIT = 300
"""The most characters one problem's line may have; longer text is cut with an ellipsis.

Messages are written to fit in about 200 characters with a file name of ordinary length: the
values they quote from the input (words, keys, paths) are shortened where they are put in. This
cap is the safety net behind that, set high enough never to cut a rule code off a refusal."""

MESSAGE_TARGET = 200
"""What a message is written to fit in, with a file name of ordinary length: long values are
shortened, and a refusal's explanation is trimmed (:func:`fit_refusal`) to stay within it."""

VALUE_LIMIT = 30
"""How many characters of a quoted value (a word, a path) a message shows."""

KEY_LIMIT = 60
"""How many characters of a dotted key a message shows (fewer when the line would be long)."""

_SPACE = re.compile(r"\s+")


def one_line(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` on one line (runs of white space, newlines included, become one space), cut to
    ``limit`` characters with an ellipsis."""
    flat = _SPACE.sub(" ", text).strip()
    return flat if len(flat) <= limit else flat[: limit - 1] + "\u2026"


_CONTROL = {c: f"\\x{c:02x}" for c in [*range(32), 127]}


def visible(text: str) -> str:
    """Control characters (a NUL, a tab, a newline ...) as ``\\xNN``, so that a name or value
    from the input cannot break or hide part of the line."""
    return text.translate(_CONTROL)


def shorten_path(path: str, limit: int = 80) -> str:
    """A long path keeps its end (the file name), not its start."""
    path = visible(path)
    return path if len(path) <= limit else "\u2026" + path[-(limit - 1) :]


def elide(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters by an ellipsis in the middle, so that both ends show:
    the table and the last part of a long dotted key, the opening and the closing of a value."""
    text = visible(text)
    if len(text) <= limit:
        return text
    head = limit // 2
    tail = limit - 1 - head
    return text[:head] + "\u2026" + (text[-tail:] if tail > 0 else "")


def shorten(value: str, limit: int = VALUE_LIMIT) -> str:
    """A long value cut for a message: its two ends around an ellipsis, and how long it was."""
    text = visible(value)
    if len(text) <= limit:
        return text
    return f"{elide(text, limit)} ({len(value)} characters)"


def quoted(value: str, limit: int = VALUE_LIMIT) -> str:
    """``repr`` of a value, shortened the same way: ``'aaa\u2026aaa' (5000 characters)``. The
    limit applies to the ``repr`` (escapes included), so odd characters cannot stretch it."""
    text = repr(value)
    if len(text) <= limit + 2:
        return text
    return f"{elide(text, limit)} ({len(value)} characters)"


def either(items: list[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``: a list of choices as a sentence says it."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} or {items[-1]}"


def typed(words: tuple[str, ...] | list[str]) -> str:
    """Words a player types, each quoted as it is typed (as :func:`quoted` quotes the word that
    was read): ``'yes' or 'no'``."""
    return either([f"'{w}'" for w in words])


class CanastaError(ValueError):
    """Base of every error about bad input (a variant file, a record, a move)."""

    details: tuple[str, ...] = ()
    """Lines that follow the error's own line, for a person to read (a replay's refused move:
    the mover's hand, the side's melds, the pile); the command-line tool prints them under it,
    indented. Empty for most errors."""

    context: object = None
    """What the raiser knew beyond the message, for a caller that shows more (a replay's
    ``Slip``: the table as it stood); None for most errors."""

    def lines(self) -> list[str]:
        """The error as one or more one-line messages (each at most about 200 characters)."""
        return [one_line(str(self))]


class CanastaWarning(UserWarning):
    """Something the user should know that does not stop the command (``warnings.warn``); the
    command line prints each as one line, ``canasta: warning: ...``."""


@deferred_dataclass(frozen=True)  # made on first use (start-up speed)
class Problem:
    """One problem in a variant: where it is and what is wrong."""

    file: str
    line: int | None
    key: str
    message: str

    def _head(self, message: str) -> str:
        """``FILE:LINE: KEY`` (or ``FILE:LINE``) for a message of that length."""
        file = shorten_path(self.file)
        where = file if self.line is None else f"{file}:{self.line}"
        if not self.key:
            return where
        room = MESSAGE_TARGET - len(where) - len(message) - 4
        return f"{where}: {elide(self.key, max(min(KEY_LIMIT, room), 24))}"

    def __str__(self) -> str:
        message = one_line(self.message)
        return one_line(f"{self._head(message)}: {message}")

    def fitted(self) -> str:
        """:meth:`__str__` made to fit in about :data:`MESSAGE_TARGET` characters, as an error's
        line is: a long rule behind a long path loses its asides first (:func:`fit_message`)."""
        message = one_line(self.message)
        head = self._head(message)
        return one_line(f"{head}: {fit_message(head, message)}")


MAX_PROBLEM_LINES = 20
"""The most problems an error shows, one a line; a last line says how many more there are
(a file of 45,000 unknown keys would otherwise print 45,000 lines)."""


def capped(lines: list[str], more: int = 0, where: str = "", what: str = "problem") -> list[str]:
    """``lines`` cut to :data:`MAX_PROBLEM_LINES`, with ``[WHERE: ]and N more problems`` for
    those left out (and ``more`` others never put into lines); ``what`` names them."""
    hidden = max(0, len(lines) - MAX_PROBLEM_LINES) + more
    if not hidden:
        return lines
    tail = f"and {hidden} more {what}{'s' if hidden != 1 else ''}"
    return [*lines[:MAX_PROBLEM_LINES], f"{shorten_path(where)}: {tail}" if where else tail]


class VariantWarning(UserWarning):
    """A note on a valid variant file that may not mean what it says (an array that replaces
    the parent's whole, dropping part of it); the command line prints it on standard error."""


class VariantError(CanastaError):
    """A variant file, name or override that does not give a valid ruleset.

    ``problems`` are the ones worded and placed (the first :data:`MAX_PROBLEM_LINES` when there
    are many); ``more`` counts the others, left unworded."""

    def __init__(self, problems: list[Problem], more: int = 0):
        self.problems = problems
        self.more = more
        super().__init__("\n".join(self.lines()))

    def lines(self) -> list[str]:
        shown = [p.fitted() for p in self.problems[: MAX_PROBLEM_LINES + 1]]
        hidden = len(self.problems) - len(shown) + self.more
        files = {p.file for p in self.problems}
        return capped(shown, hidden, files.pop() if len(files) == 1 else "")


class NotationError(CanastaError):
    """A game record or position that cannot be read: ``FILE:LINE:COL: message``."""

    def __init__(self, message: str, file: str = "<text>", line: int = 0, column: int = 0):
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        text = one_line(message)
        where = located(file, line, column, len(text))
        super().__init__(one_line(f"{where}: {fit_message(where, text)}"))


def located(file: str, line: int, column: int, need: int, target: int = MESSAGE_TARGET) -> str:
    """``FILE:LINE:COL`` (``FILE`` alone for line 0) before a message of ``need`` characters.

    The path is shortened (:func:`shorten_path`) as usual; where a long path would leave the
    message too little room, so that it would lose its advice (an aside such as "(write 'to move:
    N over')") or its tail, the path is shortened further, down to its file name, as far as the
    whole message then fits. A message too long for any path keeps the usual path."""

    def where(limit: int) -> str:
        shown = shorten_path(file, limit)
        return f"{shown}:{line}:{column}" if line > 0 else shown

    usual = where(80)
    if len(usual) + 2 + need <= target:
        return usual
    name = len(visible(file).rsplit("/", 1)[-1]) + 2  # "…/NAME"
    for limit in (60, 40, max(name, 16)):
        shorter = where(limit)
        if len(shorter) + 2 + need <= target:
            return shorter
    return usual


def fit_message(where: str, message: str, target: int = MESSAGE_TARGET) -> str:
    """``message`` made to fit behind ``where`` in about ``target`` characters: first without its
    asides in parentheses (a list of choices explained one by one), then cut after a word."""
    room = max(target - len(where) - 2, 40)
    if len(message) > room:
        message = _without_asides(message)
    return _cut(message, room)


def placed(where: str, message: str) -> str:
    """``WHERE: MESSAGE`` on one line fitted to about :data:`MESSAGE_TARGET` characters
    (:func:`fit_message`: the asides go first), for a message put behind a place it did not
    know of (a tally entry's refusal behind its sheet, line and hand)."""
    return f"{where}: {fit_message(where, one_line(message))}"


def _without_asides(text: str) -> str:
    """``text`` without its parenthesised asides, nested ones included."""
    while True:
        shorter = _ASIDE.sub("", text)
        if shorter == text:
            return text
        text = shorter


@dataclass(frozen=True)
class Refusal:
    """Why a move is illegal: a stable rule code, the variant parameter behind it, in words."""

    code: str
    parameter: str
    message: str

    def __str__(self) -> str:
        return f"{self.message} ({self.code})"


_ASIDE = re.compile(r"\s*\([^()]*\)")


def fit_refusal(where: str, move: str, refusal: Refusal, target: int = MESSAGE_TARGET) -> str:
    """``WHERE: MOVE: MESSAGE (CODE)`` on one line of at most ``target`` characters where it can
    be.

    A refusal's message states the rule, then (after a ``;``) what this move did, then perhaps an
    aside in parentheses; behind a location and a move it may not fit. Until the line fits, the
    message loses its asides, then its tail (at a word, with an ellipsis) as long as the rule's
    own clause stays whole, else every clause but the rule's; then a long move is shortened
    further, and last the rule's clause loses its tail too. The rule code is always kept (it is
    how the rule is looked up); the whole message stays in :attr:`IllegalMoveError.refusal`."""
    code = f" ({refusal.code})" if refusal.code else ""
    message = one_line(refusal.message)

    def lead(move_limit: int) -> str:
        head = ": ".join(p for p in (where, shorten(move, move_limit)) if p)
        return f"{head}: " if head else ""

    start = lead(60)
    room = target - len(start) - len(code)
    if len(message) > room:
        message = _without_asides(message)
    rule = message.split("; ", 1)[0]
    if len(message) > room:
        message = _cut(message, room) if len(rule) + 8 < room else rule
    if len(message) > room:
        start = lead(24)
        room = max(target - len(start) - len(code), 30)  # the rule stays readable
        message = _cut(message, room)
    return f"{start}{message}{code}"


def _cut(text: str, limit: int) -> str:
    """``text`` cut after a word to at most ``limit`` characters, with an ellipsis."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    if " " in cut:
        cut = cut.rsplit(" ", 1)[0]
    return cut.rstrip(",;: ") + "\u2026"


class IllegalMoveError(CanastaError):
    """A move the rules do not allow in the position where it is played. Its line is fitted to
    about :data:`MESSAGE_TARGET` characters (:func:`fit_refusal`)."""

    def __init__(self, refusal: Refusal, where: str = "", move: str = ""):
        self.refusal = refusal
        self.where = where
        self.move = move
        super().__init__(one_line(fit_refusal(where, move, refusal)))
