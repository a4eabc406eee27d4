"""The game notation: records and positions, parsed with lark, replayed, written back.

The names below load with the module that defines them (PEP 562), so that a command that reads
one position does not import the writer it does not use. ``replay`` is imported at once: the
import system binds a loaded submodule to the package under its own name, which would hide the
function of the same name."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .replay import Replay, replay

if TYPE_CHECKING:
    from .parser import parse, read
    from .position import read_position
    from .writer import format_document, position_text

_HOME = {
    "parse": "parser",
    "read": "parser",
    "read_position": "position",
    "format_document": "writer",
    "position_text": "writer",
}

__all__ = ["Replay", "format_document", "parse", "position_text", "read", "read_position", "replay"]


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{home}", __name__), name)
    globals()[name] = value
    return value
