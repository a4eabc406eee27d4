"""Options and helpers shared by the command modules."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console

from ..fileio import write_text_atomic
from ..variant import LoadedVariant, load

SetOption = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        metavar="KEY=VALUE",
        help="Override one parameter, e.g. --set going_out.canastas=2 (repeatable).",
    ),
]

console = Console(highlight=False, soft_wrap=True)


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
    return load(ref, tuple(sets or ()))


def emit(text: str, out: str | None) -> None:
    """Print ``text``, or write it whole to ``out``."""
    if out:
        write_text_atomic(out, text)
    else:
        typer.echo(text, nl=not text.endswith("\n"))
