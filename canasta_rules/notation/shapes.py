"""Named regular expressions compiled when first used, for the line readers.

The line readers (:mod:`.fastlines`, :mod:`.fastpos`) match each kind of line against its own
expression, built from the grammar's terminals. A text uses a few of them (a position has no turn
lines; a record has no hands), and compiling costs far more than matching, so each is compiled
when a line first needs it."""

from __future__ import annotations

import re


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
