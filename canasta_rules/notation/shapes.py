"""Named regular expressions compiled when first used, for the line readers.

The line readers (:mod:`.fastlines`, :mod:`.fastpos`) match each kind of line against its own
expression, built from the grammar's terminals. A text uses a few of them (a position has no turn
lines; a record has no hands), and compiling costs far more than matching, so each is compiled
when a line first needs it."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .terminals import HasTerminals

SP, WS = r"[ \t]+", r"[ \t]*"
"""Spaces that must be there, and spaces that may be."""


class Shapes:
    """Regular expressions by name, each compiled on first use (``shapes.turn``)."""

    def __init__(self, sources: dict[str, str]) -> None:
        self._sources = sources
        self._compiled: dict[str, re.Pattern[str]] = {}

    def __getattr__(self, name: str) -> re.Pattern[str]:
        if name.startswith("_"):
            raise AttributeError(name)
        try:
            return self._compiled[name]
        except KeyError:
            pass
        try:
            source = self._sources[name]
        except KeyError:
            raise AttributeError(name) from None
        compiled = self._compiled[name] = re.compile(source)
        return compiled


def terminal(p: HasTerminals, name: str) -> str:
    """The expression of the grammar's terminal ``name``, as a group."""
    return f"(?:{p.get_terminal(name).pattern.to_regexp()})"


Terminal = Callable[[str], str]
"""A parser's terminals by name, each as a group (:func:`terminal`)."""


class ShapeTable:
    """A line reader's table of shapes: ``build`` names each expression, given the parser's
    terminals; the table is made once for each parser (a reader's terminals live as long as the
    program), and each expression compiled when first used. Used as a decorator::

        @ShapeTable
        def _shapes(t: Terminal) -> dict[str, str]:
            return {"stock": rf"stock{SP}(?P<count>{t('INT')})"}

        _shapes(parser).stock.match(line)
    """

    def __init__(self, build: Callable[[Terminal], dict[str, str]]) -> None:
        self._build = build
        self.made: dict[int, Shapes] = {}
        """The tables made, by the parser's ``id``."""

    def __call__(self, p: HasTerminals) -> Shapes:
        got = self.made.get(id(p))
        if got is None:
            got = self.made[id(p)] = Shapes(self._build(lambda name: terminal(p, name)))
        return got
