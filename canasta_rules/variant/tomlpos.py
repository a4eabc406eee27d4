"""Line numbers of keys in a TOML document, for error messages.

``tomllib`` parses TOML but keeps no positions, and no maintained TOML library reports the line of
a key, so this module scans the text once more and records the line on which each key path is
first written. It only has to be right about *where* things are, never about what they mean: the
values always come from ``tomllib``, and the scanner is only run on text that ``tomllib`` accepted.

A key path is a tuple of table keys and array indices, as pydantic reports locations:
``("initial_meld", "tiers", 2, "below")``. The scanner follows what TOML allows:

* dotted and quoted keys (``a."b.c".d``; a quoted key is unescaped as TOML does);
* ``[table]`` and ``[[array.of.tables]]`` headers, counting the elements of each array of tables,
  and sub-tables of the current element (``[[a]]`` then ``[a.sub]`` is ``a.<last>.sub``);
* inline tables and arrays, nested and spread over several lines, with comments between the
  elements; each element is recorded at the line where it starts;
* basic, literal and multi-line strings, so that a ``#``, ``=``, ``[`` or ``,`` inside a string
  is never taken for structure.
"""

from __future__ import annotations

import contextlib
import re
import tomllib
from bisect import bisect_right

Path = tuple[str | int, ...]

_BARE = re.compile(r"[A-Za-z0-9_-]+")
_SCALAR_END = frozenset(",]}#\n\r")
_SIMPLE = re.compile(
    r"([A-Za-z0-9_-]+(?:[ \t]*\.[ \t]*[A-Za-z0-9_-]+)*)[ \t]*=[ \t]*"
    r"""(?:[-+0-9A-Za-z_.:]+|"[^"\\\n]*"|'[^'\n]*')[ \t]*(?=[#\r\n]|\Z)"""
)
"""A statement most lines of a variant file are: bare (dotted) key, one-line scalar value. Read
with one match rather than character by character (a file of 45,000 keys in a second)."""


MAX_PARTS = 64
"""A dotted key or header with more parts than this (far deeper than the variant model, and than
the loader's nesting limit) ends the scan once the lines of its first parts are recorded (those
are all the loader's messages name): recording every part would take time in the square of its
length."""


class _Stop(Exception):
    """The text ended, or is not TOML after all: keep what was found so far."""


class _Scanner:
    def __init__(self, text: str):
        self.s = text
        self.n = len(text)
        self.i = 0
        self._starts = [0] + [m.end() for m in re.finditer("\n", text)]
        self.out: dict[Path, int] = {}
        self.aot: dict[Path, int] = {}
        """Array-of-tables path (with the indices of enclosing arrays) -> its last index."""

    # Positions ------------------------------------------------------------------------------
    def line(self, pos: int | None = None) -> int:
        return bisect_right(self._starts, self.i if pos is None else pos)

    def record(self, path: Path, pos: int) -> None:
        self.out.setdefault(path, self.line(pos))

    def peek(self, k: int = 0) -> str:
        j = self.i + k
        return self.s[j] if j < self.n else ""

    def expect(self, ch: str) -> None:
        if self.peek() != ch:
            raise _Stop
        self.i += 1

    def skip_blanks(self) -> None:
        """Spaces and tabs."""
        while self.peek() in (" ", "\t"):
            self.i += 1

    def skip_comment(self) -> None:
        if self.peek() == "#":
            while self.i < self.n and self.s[self.i] != "\n":
                self.i += 1

    def skip_space(self) -> None:
        """Spaces, newlines and comments (between statements, and inside arrays)."""
        while self.i < self.n:
            ch = self.s[self.i]
            if ch in " \t\r\n":
                self.i += 1
            elif ch == "#":
                self.skip_comment()
            else:
                return

    # Keys -------------------------------------------------------------------------------------
    def key(self) -> tuple[str, ...]:
        parts: list[str] = []
        while True:
            self.skip_blanks()
            ch = self.peek()
            if ch in ('"', "'"):
                start = self.i
                self.string()
                raw = self.s[start : self.i]
                if len(parts) > MAX_PARTS:
                    pass  # past the cap: only skipped over
                elif raw[:3] in ('"""', "'''") or (ch == '"' and "\\" in raw):
                    parts.append(tomllib.loads(f"k = {raw}")["k"])  # escapes: as TOML reads them
                else:
                    parts.append(raw[1:-1])
            else:
                m = _BARE.match(self.s, self.i)
                if not m:
                    raise _Stop
                if len(parts) <= MAX_PARTS:
                    parts.append(m.group(0))
                self.i = m.end()
            self.skip_blanks()
            if self.peek() != ".":
                return tuple(parts)
            self.i += 1

    # Values -----------------------------------------------------------------------------------
    def string(self) -> None:
        q = self.peek()
        if self.s.startswith(q * 3, self.i):
            self.i += 3
            while self.i < self.n:
                if q == '"' and self.s[self.i] == "\\":
                    self.i += 2
                    continue
                if self.s.startswith(q * 3, self.i):
                    run = 3
                    while run < 5 and self.peek(run) == q:
                        run += 1
                    self.i += run
                    return
                self.i += 1
            raise _Stop
        self.i += 1
        while self.i < self.n:
            ch = self.s[self.i]
            if q == '"' and ch == "\\":
                self.i += 2
                continue
            self.i += 1
            if ch == q:
                return
            if ch == "\n":
                raise _Stop
        raise _Stop

    def value(self, path: Path) -> None:
        ch = self.peek()
        if ch in ('"', "'"):
            self.string()
        elif ch == "[":
            self.array(path)
        elif ch == "{":
            self.inline_table(path)
        else:
            start = self.i
            while self.i < self.n and self.s[self.i] not in _SCALAR_END:
                self.i += 1
            if self.i == start:
                raise _Stop

    def array(self, path: Path) -> None:
        self.expect("[")
        index = 0
        while True:
            self.skip_space()
            if self.peek() == "]":
                self.i += 1
                return
            self.record((*path, index), self.i)
            self.value((*path, index))
            index += 1
            self.skip_space()
            if self.peek() == ",":
                self.i += 1
            elif self.peek() != "]":
                raise _Stop

    def inline_table(self, path: Path) -> None:
        self.expect("{")
        while True:
            self.skip_blanks()
            if self.peek() == "}":
                self.i += 1
                return
            self.key_value(path)
            self.skip_blanks()
            if self.peek() == ",":
                self.i += 1
            elif self.peek() != "}":
                raise _Stop

    def key_value(self, table: Path) -> None:
        start = self.i
        key = self.key()
        for k in range(1, len(key) + 1):
            self.record((*table, *key[:k]), start)
        if len(key) > MAX_PARTS:
            raise _Stop
        self.expect("=")
        self.skip_blanks()
        self.value((*table, *key))

    # Headers ----------------------------------------------------------------------------------
    def header(self) -> Path:
        start = self.i
        is_array = self.s.startswith("[[", self.i)
        self.i += 2 if is_array else 1
        parts = self.key()
        self.expect("]")
        if is_array:
            self.expect("]")
        resolved: Path = ()
        for j, part in enumerate(parts):
            resolved = (*resolved, part)
            if j == len(parts) - 1 and is_array:
                self.record(resolved, start)
                index = self.aot.get(resolved, -1) + 1
                self.aot[resolved] = index
                resolved = (*resolved, index)
                self.record(resolved, start)
            elif resolved in self.aot:
                resolved = (*resolved, self.aot[resolved])
            else:
                self.record(resolved, start)
        if len(parts) > MAX_PARTS:
            raise _Stop
        return resolved

    def document(self) -> None:
        table: Path = ()
        while True:
            self.skip_space()
            if self.i >= self.n:
                return
            if self.peek() == "[":
                table = self.header()
            elif m := _SIMPLE.match(self.s, self.i):
                key = tuple(part.strip() for part in m.group(1).split("."))
                for k in range(1, min(len(key), MAX_PARTS + 1) + 1):
                    self.record((*table, *key[:k]), self.i)
                if len(key) > MAX_PARTS:
                    raise _Stop
                self.i = m.end()
            else:
                self.key_value(table)
            self.skip_blanks()
            self.skip_comment()


def key_lines(text: str) -> dict[Path, int]:
    """Map every key path in ``text`` to the 1-based line where it is first written.

    Array elements are keyed by their index; the elements of an array of tables also map to the
    line of their ``[[header]]``. Meant for text that ``tomllib`` has accepted: on anything else
    it returns what it found before the first thing it could not follow.
    """
    scanner = _Scanner(text)
    with contextlib.suppress(_Stop, tomllib.TOMLDecodeError, RecursionError):
        scanner.document()
    return scanner.out


def line_of(lines: dict[Path, int], path: Path) -> int | None:
    """The line of ``path``, or of its nearest ancestor that appears in the text."""
    for k in range(len(path), 0, -1):
        if path[:k] in lines:
            return lines[path[:k]]
    return None


def dotted(path: Path) -> str:
    """A key path as a dotted key: ``seating.0.hand_size``, ``provenance."melds.max_wild"``."""
    parts = []
    for p in path:
        s = str(p)
        parts.append(f'"{s}"' if isinstance(p, str) and not _BARE.fullmatch(s) else s)
    return ".".join(parts)
