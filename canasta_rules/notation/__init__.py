"""The game notation: records and positions, parsed with lark, replayed, written back.

The names below load with the module that defines them (:mod:`canasta_rules.lazy`), so that a
command that reads one position (a ruling) imports neither the replayer nor the writer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

if TYPE_CHECKING:
    from .position import read_position
    from .reading import parse, read
    from .replay import Replay, replay
    from .writer import format_document, position_text

__all__ = ["Replay", "format_document", "parse", "position_text", "read", "read_position", "replay"]

__getattr__ = lazy_names(
    __name__,
    {
        "parse": "reading",
        "read": "reading",
        "read_position": "position",
        "format_document": "writer",
        "position_text": "writer",
        "replay": "replay",
        "Replay": "replay",
    },
)
