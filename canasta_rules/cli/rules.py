"""``canasta rules``: a variant's rule sheet or quick-reference card, house rules marked."""

from __future__ import annotations

import sys
from enum import StrEnum
from typing import Annotated

import typer

from ..rulesheet import build, render
from .common import OutOption, SetOption, emit, load_ref


class SheetFormat(StrEnum):
    md = "md"
    html = "html"
    txt = "txt"


def rules(
    ref: Annotated[str, typer.Argument(metavar="VARIANT|FILE", help="A built-in name or a file.")],
    format_: Annotated[
        SheetFormat | None,
        typer.Option(
            "--format",
            "-f",
            help="md (Markdown), html (one printable page) or txt. Without it a terminal shows "
            "the sheet drawn, and a pipe or --out gets Markdown.",
        ),
    ] = None,
    card: Annotated[
        bool,
        typer.Option(
            "--card",
            help="A one-page quick reference: card values, minimums, bonuses, pickups.",
        ),
    ] = False,
    diff: Annotated[
        str | None,
        typer.Option(
            "--diff",
            metavar="BASE",
            help="Mark every rule that departs from BASE (a built-in name or a file).",
        ),
    ] = None,
    set_: SetOption = None,
    out: OutOption = None,
) -> None:
    """Print a variant's rule sheet (see HELP)."""
    lv = load_ref(ref, set_)
    base = load_ref(diff, None).variant if diff is not None else None
    sheet = build(lv.variant, card=card, base=base, overrides=tuple(set_ or ()))
    text = render(sheet, (format_ or SheetFormat.md).value)
    if format_ is None and out is None and on_terminal():
        from ..rulesheet.terminal import draw

        draw(text)
    else:
        emit(text, out)


def on_terminal() -> bool:
    """Whether standard output is a terminal (a person reading, not a pipe or a file)."""
    return sys.stdout.isatty()


HELP = "\n\n".join(
    [
        "The rules of a variant in words, generated from its settings.",
        "In the order a player learns the game: the deal, a turn, melds and canastas, the "
        "discard pile, red and black threes, going out, scoring, and the end of the game.",
        "In a terminal the sheet is drawn (headings, lists and tables); piped, written with "
        "--out or asked for with -f md it is Markdown.",
        "Each rule is marked with where it comes from, as the variant file's notes say: the "
        "source that states it, another source it was filled in from, or a reading the "
        "project chose where the sources are silent or unclear (explained in notes at the "
        "end); a short legend says which is which.",
        "--diff marks the rules whose settings differ from BASE: the same settings that "
        "'canasta variants diff BASE VARIANT' lists. --set applies to VARIANT.",
    ]
)


def register(app: typer.Typer) -> None:
    """Add ``rules`` to the main ``canasta`` app."""
    app.command("rules", help=HELP)(rules)
