"""``canasta tally``: keep a real table's score with the variant's arithmetic."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from ..errors import placed
from ..tally import (
    Sheet,
    TallyError,
    TallyHand,
    guided_entry,
    hand_table_rows,
    status_lines,
)
from .common import SetOption, console
from .notation import breakdown_table

HELP_LINE = (
    "one line per hand, sides separated by ';': NS m 380 n 1 x 1 r 2 out; EW m 200 x 1 h 35 "
    "(m meld points, n natural and x mixed canastas, s runs and w wild canastas where the "
    "ruleset has them, r red threes, h points left in hands, "
    "p penalty points, out or concealed; where the ruleset has them: c7, cA canastas of a "
    "special rank without wild cards, u7, uA such melds unfinished, w2 and wj canastas of "
    "wild cards all twos or with every joker, uw unfinished melds of wild cards, b black "
    "threes, hA, h7 players holding a set); 'ask' asks for each count in turn, 'undo' drops "
    "the last hand, 'quit' ends"
)


def sheet_table(sheet: Sheet) -> Table:
    table = Table(box=None, pad_edge=False, title_justify="left")
    table.add_column("hand", justify="right")
    for name in sheet.sides:
        table.add_column(f"{name} hand", justify="right")
        table.add_column(f"{name} total", justify="right")
    for row in hand_table_rows(sheet):
        table.add_row(*row)
    return table


def _show_hand(sheet: Sheet, hand: TallyHand) -> None:
    number = len(sheet.hands)
    for doubt in hand.doubts:
        typer.echo(f"canasta: warning: hand {number}: {doubt} (scored as entered)", err=True)
    console.print(breakdown_table(sheet.sides, hand.scores, f"hand {number}"))
    for line in status_lines(sheet):
        console.print(line)


def _show_sheet(sheet: Sheet) -> None:
    if sheet.hands:
        console.print(sheet_table(sheet))
    for line in status_lines(sheet):
        console.print(line)


def _save(sheet: Sheet, path: str | None) -> None:
    if path:
        sheet.save(path)


def _read_loop(sheet: Sheet, path: str | None) -> None:
    """Entries from the keyboard (refused ones are asked again) or from a pipe (a refused one
    stops with its line number)."""
    interactive = sys.stdin.isatty()
    if interactive:
        console.print(HELP_LINE)
    for number, raw in enumerate(_lines(interactive, sheet), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        word = line.lower()
        if word in ("quit", "q", "exit"):
            break
        if word == "help":
            console.print(HELP_LINE)
            continue
        if word == "ask" and interactive:
            try:
                line = guided_entry(sheet, input)
            except EOFError:
                break
            except TallyError as e:
                console.print(f"refused: {e}")
                continue
        if word == "undo":
            dropped = sheet.undo()
            console.print("nothing to undo" if dropped is None else "last hand dropped")
            _save(sheet, path)
            continue
        try:
            hand = sheet.add(line)
        except TallyError as e:
            if interactive:
                console.print(f"refused: {e}")
                continue
            raise TallyError(placed(f"<stdin>:{number}", str(e))) from None
        _save(sheet, path)
        _show_hand(sheet, hand)
        if sheet.winner is not None:
            break


def _lines(interactive: bool, sheet: Sheet) -> list[str] | _Prompted:
    return _Prompted(sheet) if interactive else sys.stdin.readlines()


class _Prompted:
    def __init__(self, sheet: Sheet):
        self.sheet = sheet

    def __iter__(self) -> _Prompted:
        return self

    def __next__(self) -> str:
        try:
            return input(f"hand {len(self.sheet.hands) + 1}> ")
        except EOFError:
            raise StopIteration from None


def tally_cmd(
    variant: Annotated[
        str | None,
        typer.Argument(metavar="VARIANT|FILE", help="The ruleset (default classic)."),
    ] = None,
    set_: SetOption = None,
    players: Annotated[
        int | None, typer.Option("--players", help="Table size (the variant's first by default).")
    ] = None,
    sheet_file: Annotated[
        str | None,
        typer.Option(
            "--sheet",
            metavar="FILE",
            help="Keep the sheet in this TOML file (resumed if it exists).",
        ),
    ] = None,
    hands: Annotated[
        list[str] | None,
        typer.Option(
            "--hand", metavar="ENTRY", help="Add one hand, e.g. 'NS m 380 n 1 out; EW m 200 h 35'."
        ),
    ] = None,
    print_only: Annotated[
        bool, typer.Option("--print", help="Print the sheet and exit (with --sheet).")
    ] = False,
) -> None:
    """Score a game played with cards: per-side counts in, the variant's arithmetic out.

    Each hand is one line of counts per side; the command shows the hand's breakdown, the
    running totals, each side's minimum for the next hand and the winner at the target. Without
    --hand it reads entries from the keyboard, or from standard input when that is a pipe.

    The counts: m meld points (the cards, not the bonuses), n natural and x mixed canastas, s
    runs and w canastas of wild cards (where the ruleset has them), r red threes, h points left
    in hands, p penalty points, out or concealed. Where the ruleset has the rule: c7, cA (c and
    a rank) canastas of a special rank without wild cards, earning its bonus (not counted in
    n); u7, uA such melds left unfinished; w2 canastas of wild cards all twos, wj those with
    every joker (w: any other make-up); uw melds of wild cards left unfinished; b black threes
    laid out; hA, h7 (h and a rank) players left holding a set of that rank. Modern American,
    e.g.: 'NS m 250 c7 1 n 1 r 2 b 1 out; EW m 195 x 1 uA 1 uw 1 h 80 hA 1'."""
    if sheet_file and Path(sheet_file).exists():
        sheet = Sheet.read(sheet_file)
        if variant is not None or set_ or players is not None:
            raise TallyError(
                f"{sheet_file}: the sheet already names its ruleset ({sheet.ref}); "
                "leave out VARIANT, --set and --players to resume it"
            )
    else:
        if print_only:
            raise TallyError(f"{sheet_file or '--sheet'}: no sheet to print")
        sheet = Sheet.new(variant or "classic", tuple(set_ or ()), players)
    if print_only:
        _show_sheet(sheet)
        return
    if hands:
        for i, text in enumerate(hands, 1):
            try:
                hand = sheet.add(text)
            except TallyError as e:
                raise TallyError(placed(f"--hand {i}", str(e))) from None
            _save(sheet, sheet_file)
            _show_hand(sheet, hand)
        return
    _save(sheet, sheet_file)
    _read_loop(sheet, sheet_file)
    console.print()
    _show_sheet(sheet)


def register(app: typer.Typer) -> None:
    app.command("tally")(tally_cmd)
