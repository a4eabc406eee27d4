"""Options and helpers shared by the command modules."""

from __future__ import annotations

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


def plain_fits(width: int) -> bool:
    """Whether rich would print a table ``width`` characters wide to standard output as plain
    text, on one line a row: the output is not a terminal by rich's own test (so it carries no
    styles) and the width rich would give it, reckoned as rich does, holds the table. Where
    this holds, a command can print the table itself and spare importing rich (start-up speed);
    the text is the same."""
    import os
    import sys

    env = os.environ
    compatible = env.get("TTY_COMPATIBLE", "")
    if compatible == "1":
        return False
    if compatible != "0":
        force = env.get("FORCE_COLOR")
        if force is not None:
            if force != "":
                return False
        else:
            try:
                if sys.stdout.isatty():
                    return False
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
    return width <= (room or 80)


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
