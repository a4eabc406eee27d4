"""The legal moves of a position as ``canasta moves`` and ``canasta ruling`` (without a move)
print them: grouped by kind, each in the notation with its words beside it, aligned, as the web
page lists them (``discard 4d    discard the 4♦``)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from ..engine.state import Phase
from ..notation.saywords import listed_move, plain_words
from ..seats import seat_names, seat_word
from .common import wrapped

if TYPE_CHECKING:
    from ..notation.position import ReadPosition

INDENT = 2
GAP = 4
WIDEST = 24
"""A move longer than this (a pickup with its melds) has its words on the next line, so that one
long move does not push every other move's words to the right."""


def to_move(pos: ReadPosition) -> str:
    """The player to move, by name (``West``)."""
    return seat_word(seat_names(pos.rules.players)[pos.state.actor])


def move_lines(pos: ReadPosition, groups: list[tuple[str, list[str]]], width: int) -> list[str]:
    """``groups`` (:func:`canasta_rules.notation.moves.legal_move_texts`) as lines of at most
    ``width`` columns: each kind with its count, then its moves, the words wrapped under their
    column."""
    s = pos.state
    seats = seat_names(pos.rules.players)
    top = s.pile[-1] if s.pile else None
    answering = s.phase == Phase.ANSWER
    listed = [(t, [listed_move(m, seats, top, answering) for m in ms]) for t, ms in groups]
    short = [len(m["text"]) for _, ms in listed for m in ms if len(m["text"]) <= WIDEST]
    column = INDENT + max(short, default=WIDEST) + GAP
    room = max(width - column, 20)
    lines = []
    for title, moves in listed:
        lines.append(f"{title} ({len(moves)}):")
        for m in moves:
            text = " " * INDENT + m["text"]
            words = [w.rstrip() for w in wrapped(m["words"], room)]
            if not m["words"]:
                lines.append(text)
                continue
            if len(text) + GAP > column:
                lines.append(text)
                text = ""
            lines.append(text.ljust(column) + words[0])
            lines.extend(" " * column + w for w in words[1:])
    return lines


def width() -> int:
    """``COLUMNS``, else the width of the terminal standard output is, else 80 (a pipe, a file:
    the same lines whoever runs the command)."""
    import os

    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    try:
        if sys.stdout.isatty():
            return os.get_terminal_size(sys.stdout.fileno()).columns or 80
    except (AttributeError, ValueError, OSError):
        pass
    return 80


def echo_lines(lines: list[str]) -> None:
    """Print ``lines``, in ASCII where standard output cannot show the suit signs."""
    import typer

    text = "\n".join(lines)
    try:
        text.encode(sys.stdout.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        text = plain_words(text)
    typer.echo(text)
