"""One step of an ``extends`` chain (a file, or the ``--set`` overrides), as every part of
loading a variant sees it: its document, its text and the line of each key; and how a message
shows a value.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import shorten
from .compare import show_value

if TYPE_CHECKING:
    from .tomlpos import Path as KeyPath

SET_LABEL = "--set"


@dataclass(frozen=True)
class Layer:
    """One step of an ``extends`` chain: a file, or the ``--set`` overrides."""

    label: str
    """How errors name it: the file's path as given, ``builtin:NAME`` or ``--set``."""
    data: dict[str, Any]
    """The file's TOML document; for ``--set``, a sparse document of what the overrides set
    (a changed array element stands for its whole array, since arrays are replaced whole)."""
    text: str = ""
    path: Path | None = None
    builtin_name: str | None = None
    set_keys: dict[KeyPath, str] = field(default_factory=dict)
    """For ``--set``: each key path and the override text it came from."""

    def line(self, key: KeyPath) -> int | None:
        if not self.text:
            return None
        from .tomlpos import line_of  # tomllib: only when a line is asked for

        return line_of(_lines(self.text), key)


@lru_cache(maxsize=64)
def _lines(text: str) -> dict[KeyPath, int]:
    from .tomlpos import key_lines

    return key_lines(text)


def _brief(value: Any) -> str:
    """A value as a message shows it: as written in TOML, shortened when long."""
    return shorten(show_value(value))
