"""The game notation: records and positions, parsed with lark, replayed, written back."""

from .parser import parse, read
from .position import read_position
from .replay import Replay, replay
from .writer import format_document, position_text

__all__ = ["Replay", "format_document", "parse", "position_text", "read", "read_position", "replay"]
