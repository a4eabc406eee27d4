"""The notation's token patterns without the parser: what the fast line readers need.

The line readers of :mod:`.fastlines` and :mod:`.fastpos` build their regular expressions from
the grammar's own terminals (``CARDS``, ``SEAT``, ``TURN`` ...). Taking them from the parser
meant building lark's parser from its tables on every start (several milliseconds) even for a
text that lark never reads. ``terminals.json`` holds the same patterns as plain data, written
beside ``tables.json`` by ``python -m canasta_rules.notation.ship_tables --write`` and carrying
the same key (:func:`.tables.key`: the grammar's text, the build options and lark's minor
version). Where the key does not match what is here, or the file cannot be read, the readers take
the patterns from the parser as before: slower, never wrong.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from .. import limits
from .tables import grammar_text, key

if TYPE_CHECKING:
    from lark import Lark

TERMINALS = Path(__file__).with_name("terminals.json")
MAX_BYTES = 1 << 16
"""The patterns are about 10 kB; a file far past that is not ours."""


class PatternLike(Protocol):
    def to_regexp(self) -> str: ...


class TerminalLike(Protocol):
    @property
    def pattern(self) -> PatternLike: ...


class HasTerminals(Protocol):
    """What the line readers ask of a parser (lark's, or :class:`Terminals`): a terminal's
    definition by name, whose pattern gives its regular expression."""

    def get_terminal(self, name: str) -> TerminalLike: ...


class _Pattern:
    __slots__ = ("_regexp",)

    def __init__(self, regexp: str) -> None:
        self._regexp = regexp

    def to_regexp(self) -> str:
        return self._regexp


class _Terminal:
    __slots__ = ("name", "pattern")

    def __init__(self, name: str, regexp: str) -> None:
        self.name = name
        self.pattern = _Pattern(regexp)


class Terminals:
    """The grammar's terminals read from ``terminals.json``: name -> regular expression. Plain
    objects, not lark's: reading a position imports no lark."""

    def __init__(self, patterns: dict[str, str]) -> None:
        self._patterns = patterns

    def get_terminal(self, name: str) -> _Terminal:
        return _Terminal(name, self._patterns[name])


def patterns_of(parser: Lark) -> dict[str, str]:
    """Every terminal of ``parser`` as its regular expression (what ``terminals.json`` holds)."""
    return {t.name: t.pattern.to_regexp() for t in parser.terminals}


def terminals_json(parser: Lark, grammar: str) -> str:
    """The text of ``terminals.json`` for a parser built from ``grammar``."""
    data = {"key": key(grammar), "terminals": patterns_of(parser)}
    return json.dumps(data, sort_keys=True, indent=0) + "\n"


def shipped(grammar: str | None = None) -> Terminals | None:
    """The shipped terminals, when they are well formed and made from the grammar here."""
    try:
        data = json.loads(limits.read_limited(TERMINALS, MAX_BYTES))
    except (limits.ReadRefused, ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("key") != key(grammar or grammar_text()):
        return None
    found = data.get("terminals")
    if not isinstance(found, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in found.items()
    ):
        return None
    return Terminals(found)
