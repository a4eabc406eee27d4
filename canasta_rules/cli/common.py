"""Options and helpers shared by the command modules."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..fileio import write_text_atomic

if TYPE_CHECKING:  # rich and the variant model load when a command needs them (start-up speed)
    from rich.console import Console

    from ..notation.ast import Document
    from ..notation.position import ReadPosition
    from ..variant import LoadedVariant

SetOption = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        metavar="KEY=VALUE",
        help="Override one parameter, e.g. --set going_out.canastas=2 (repeatable).",
    ),
]
PlayersOption = Annotated[
    int | None,
    typer.Option("--players", metavar="N", help="Table size (the variant's first by default)."),
]
OutOption = Annotated[
    str | None,
    typer.Option("--out", "-o", metavar="FILE", help="Write to this file instead of printing."),
]
BOTS_HELP = (
    "random, greedy, strategy or search, the strongest and slowest (search:32 tries each "
    "choice in 32 guesses at the cards it cannot see; search:0.5s thinks half a second a move)"
)
"""The kinds of bot ``--bots`` takes (canasta_rules.bots.make_bot)."""


class _LazyConsole:
    """The commands' rich console, made on first use: a command that prints plain lines (a
    ruling) does not import rich at all."""

    _console: Console | None = None

    @classmethod
    def real(cls) -> Console:
        if cls._console is None:
            from rich.console import Console

            cls._console = Console(highlight=False, soft_wrap=True)
        return cls._console

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real(), name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self.real(), name, value)


console: Console = _LazyConsole()  # type: ignore[assignment]


def plain_width() -> int | None:
    """The width rich would give standard output where it would print there as plain text
    (the output is not a terminal by rich's own test, so it carries no styles), else None.
    Where this is not None, a command can print a table itself, as rich would, and spare
    importing rich (start-up speed); the text is the same."""
    import os
    import sys

    if _LazyConsole._console is not None:
        return None  # rich is loaded and its console may be set up otherwise: let it draw
    env = os.environ
    compatible = env.get("TTY_COMPATIBLE", "")
    if compatible == "1":
        return None
    if compatible != "0":
        force = env.get("FORCE_COLOR")
        if force is not None:
            if force != "":
                return None
        else:
            try:
                if sys.stdout.isatty():
                    return None
            except (AttributeError, ValueError):
                pass
    room: int | None = None
    for fd in (0, 1, 2):  # rich asks standard input, output and error in turn
        try:
            room = os.get_terminal_size(fd).columns
        except (AttributeError, ValueError, OSError):
            continue
        break
    columns = env.get("COLUMNS")
    if columns is not None and columns.isdigit():
        room = int(columns)
    return room or 80


def plain_fits(width: int) -> bool:
    """Whether rich would print a table ``width`` characters wide to standard output as plain
    text, a row on one line (:func:`plain_width`)."""
    room = plain_width()
    return room is not None and width <= room


def wrapped(text: str, width: int) -> list[str]:
    """``text`` as rich wraps a cell that folds long words (``overflow="fold"``) into ``width``
    columns: each line broken before the word that does not fit, a word longer than the width
    cut into pieces, whitespace beyond the width dropped. ASCII text (one column a character)."""
    out: list[str] = []
    for para in text.split("\n"):
        breaks: list[int] = []
        offset = 0
        for m in _WORD.finditer(para):
            start, word = m.start(), m.group()
            length = len(word.rstrip())
            if width - offset >= length:
                offset += len(word)
            elif length > width:
                pieces = [word[i : i + width] for i in range(0, len(word), width)]
                for i, piece in enumerate(pieces):
                    if start:
                        breaks.append(start)
                    if i == len(pieces) - 1:
                        offset = len(piece)
                    else:
                        start += len(piece)
            elif offset and start:
                breaks.append(start)
                offset = len(word)
        for a, b in zip([0, *breaks], [*breaks, len(para)], strict=True):
            line = para[a:b]
            if len(line) > width:
                excess = len(line) - width
                line = line[: len(line) - min(len(line) - len(line.rstrip()), excess)]
            out.append(line[:width])
    return out


_WORD = re.compile(r"\s*\S+\s*")
"""A word and the whitespace around it, as rich splits text to wrap it."""


def plain_folded_table(
    rows: list[tuple[str, str]], width: int, header: bool = False
) -> list[str] | None:
    """Rows of two cells as rich draws a table without a box or outer padding whose first
    column does not wrap and whose second folds (``overflow="fold"``), in ``width`` columns:
    cells two spaces apart and padded to their column's width, the second column narrowed to
    what is left and its cells wrapped; with ``header``, the first row is the header, whose
    cells rich sets at the bottom. None where rich would squeeze the first column too."""
    first = max(len(a) for a, _ in rows) + 1
    second = max(len(line) for _, b in rows for line in b.split("\n")) + 1
    if first + second > width:
        second = width - first
        if second < 2:
            return None
    out: list[str] = []
    for n, (a, b) in enumerate(rows):
        lines = wrapped(b, second - 1)
        at = len(lines) - 1 if header and n == 0 else 0
        for i, line in enumerate(lines):
            left = a if i == at else ""
            out.append(left.ljust(first - 1) + "  " + line.ljust(second - 1))
    return out


def plain_table(rows: list[list[str]], right: tuple[bool, ...]) -> list[str]:
    """``rows`` (the header first) as rich draws a table without a box or outer padding:
    columns two spaces apart, each as wide as its widest cell, ``right`` the columns set to the
    right."""
    widths = [max(len(r[j]) for r in rows) for j in range(len(rows[0]))]
    return [
        "  ".join(
            cell.rjust(w) if r else cell.ljust(w)
            for cell, w, r in zip(row, widths, right, strict=True)
        )
        for row in rows
    ]


MAX_SEED = (1 << 63) - 1


def check_seed(seed: int) -> None:
    """A seed is a whole number from 0 to 2^63-1: a negative seed would play the same games as its
    positive twin (Python's ``random`` takes the absolute value), and records keep seeds as 64-bit
    numbers."""
    if not 0 <= seed <= MAX_SEED:
        shown = str(seed) if abs(seed).bit_length() < 200 else "a huge number"
        raise typer.BadParameter(f"must be from 0 to 2^63-1, not {shown}", param_hint="--seed")


def load_ref(ref: str, sets: list[str] | None) -> LoadedVariant:
    """A built-in variant name or a variant file, with ``--set`` overrides applied."""
    from ..variant import load

    return load(ref, tuple(sets or ()))


def emit(text: str, out: str | None) -> None:
    """Print ``text``, or write it whole to ``out``."""
    if out:
        write_text_atomic(out, text)
    else:
        typer.echo(text, nl=not text.endswith("\n"))


def read_document(path: str) -> Document:
    """Read a record or position file. A tag that looks like a mistyped one the readers know
    (``Score`` for ``Scores``) is kept and not read, as every unknown tag is, and warned about on
    standard error with its place; the command goes on."""
    from ..errors import capped
    from ..notation import read
    from ..notation.tags import tag_warnings

    doc = read(path)
    for line in capped(tag_warnings(doc), where=doc.file, what="warning"):
        typer.echo(f"canasta: warning: {line}", err=True)
    return doc


def read_position_of(doc: Document, variant: str | None, sets: list[str] | None) -> ReadPosition:
    """The position ``doc`` read under ``variant`` (None: its own) with the ``--set`` overrides.

    A position that cannot be read names its place; but the reader puts a ruleset that cannot be
    loaded at the document's ``Variant`` tag, so when a ``--set`` is at fault the error is given
    as the command line's own (``--set: KEY: unknown key``), with no place in the file."""
    from ..errors import NotationError
    from ..notation import read_position

    try:
        return read_position(doc, variant, tuple(sets or ()))
    except NotationError:
        problem = _set_problem(doc, variant, tuple(sets or ()))
        if problem is not None:
            raise problem from None
        raise


def _set_problem(doc: Document, variant: str | None, sets: tuple[str, ...]) -> Exception | None:
    """The error the ``--set`` overrides ``sets`` make in the ruleset of ``doc`` (``variant``,
    or its own), or None where they make none or the ruleset fails without them."""
    from ..errors import VariantError
    from ..variant import load

    if not sets:
        return None
    ref, own = doc.ruleset(variant)
    try:
        load(ref, own)
    except VariantError:
        return None  # the document's own ruleset is at fault: the reader says where
    try:
        load(ref, own + sets)
    except VariantError as e:
        return e
    return None
