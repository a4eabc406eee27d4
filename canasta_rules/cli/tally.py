"""``canasta tally``: keep a real table's score with the variant's arithmetic."""

from __future__ import annotations

import contextlib
import json
import sys
import textwrap
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from ..errors import placed
from ..tally import Sheet, TallyError, TallyHand, hand_table_rows, status_lines
from .common import PlayersOption, SetOption, console, emit
from .notation import breakdown_table


class PrintFormat(StrEnum):
    table = "table"
    csv = "csv"
    html = "html"
    json = "json"


def _labels(sheet: Sheet) -> tuple[str, ...]:
    """The sides' names as table headings: a team's name is shown as typed, never as markup."""
    return tuple(escape(label) for label in sheet.labels)


def _say(text: object) -> None:
    """Print a line of the tally's own: a plain line wrapped to the terminal's width (its
    indent kept, the lines after it indented further), a table as it is."""
    if not isinstance(text, str):
        console.print(text)
        return
    width = max(console.width - 1, 40)
    lead = text[: len(text) - len(text.lstrip(" "))]
    if "\n" in text.strip("\n") or len(text) <= width:
        console.print(text, markup=False, highlight=False)
        return
    wrapped = textwrap.fill(text.strip(), width, initial_indent=lead, subsequent_indent=lead + "  ")
    console.print(wrapped, markup=False, highlight=False)


def sheet_table(sheet: Sheet) -> Table:
    table = Table(box=None, pad_edge=False, title_justify="left")
    table.add_column("hand", justify="right")
    for label in _labels(sheet):
        table.add_column(label, justify="right")
        table.add_column("total", justify="right")
    for row in hand_table_rows(sheet):
        table.add_row(*row)
    return table


def _warn(text: str) -> None:
    typer.echo(f"canasta: {text}", err=True)


def _show_hand(sheet: Sheet, hand: TallyHand, number: int, saved: bool = True) -> None:
    """A hand's breakdown; where it is saved as it comes, the warnings about it first."""
    for doubt in hand.doubts if saved else ():
        _warn(f"warning: hand {number}: {doubt} (scored as entered)")
    console.print(breakdown_table(_labels(sheet), hand.scores, f"hand {number}"))


def _show_sheet(sheet: Sheet) -> None:
    if sheet.hands:
        console.print(sheet_table(sheet))
    for line in status_lines(sheet):
        _say(line)


def _printed(sheet: Sheet, fmt: PrintFormat) -> str:
    from ..tally.export import sheet_csv, sheet_html, sheet_json

    if fmt is PrintFormat.json:
        return json.dumps(sheet_json(sheet), indent=2, ensure_ascii=False) + "\n"
    if fmt is PrintFormat.csv:
        return sheet_csv(sheet)
    return sheet_html(sheet)


def _keyboard_input(prompt: str) -> str:
    """A line typed at the prompt (with line editing and history where readline is there)."""
    return input(prompt)


def _piped_input(lines: list[str]) -> Callable[[str], str]:
    it = iter(lines)

    def ask(prompt: str) -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return ask


def _team(sheet: Sheet, text: str) -> None:
    side, sep, name = text.partition("=")
    if not sep:
        raise TallyError(f"--team {text}: write SIDE=NAME, for example --team 'NS=Anna and Bob'")
    try:
        sheet.set_team(side.strip(), name)
    except TallyError as e:
        raise TallyError(f"--team: {e}") from None


def _read(sheet: Sheet, path: str | None) -> None:
    from ..tally.session import Session

    interactive = sys.stdin.isatty()
    ask: Callable[[str], str]
    if interactive:
        with contextlib.suppress(ImportError):  # not on every platform
            import readline  # noqa: F401  (line editing and history for input())
        ask = _keyboard_input
    else:
        ask = _piped_input(sys.stdin.read().splitlines())
    session = Session(
        sheet,
        path,
        ask,
        _say,
        interactive=interactive,
        show_hand=lambda hand, number: _show_hand(sheet, hand, number, saved=False),
        show_sheet=lambda: _show_sheet(sheet),
        warn=_warn,
    )
    session.run()


def tally_cmd(
    variant: Annotated[
        str | None,
        typer.Argument(metavar="VARIANT|FILE", help="The ruleset (default classic)."),
    ] = None,
    set_: SetOption = None,
    players: PlayersOption = None,
    sheet_file: Annotated[
        str | None,
        typer.Option(
            "--sheet",
            metavar="FILE",
            help="Keep the sheet in this TOML file (resumed if it exists; written only once "
            "something is entered).",
        ),
    ] = None,
    hands: Annotated[
        list[str] | None,
        typer.Option(
            "--hand", metavar="ENTRY", help="Add one hand, e.g. 'NS m 380 n 1 out; EW m 200 h 35'."
        ),
    ] = None,
    edit: Annotated[
        int | None,
        typer.Option(
            "--edit", metavar="N", help="Put the one --hand in place of hand N (with --sheet)."
        ),
    ] = None,
    delete: Annotated[
        int | None,
        typer.Option("--delete", metavar="N", help="Take hand N off the sheet (with --sheet)."),
    ] = None,
    teams: Annotated[
        list[str] | None,
        typer.Option(
            "--team",
            metavar="SIDE=NAME",
            help="Name a side's team on the sheet, e.g. --team 'NS=Anna and Bob' (repeatable).",
        ),
    ] = None,
    print_only: Annotated[
        bool, typer.Option("--print", help="Print the sheet and exit (with --sheet).")
    ] = False,
    format_: Annotated[
        PrintFormat | None,
        typer.Option(
            "--format",
            "-f",
            help="How --print prints the sheet: table (default), csv, html (a printable page) "
            "or json.",
        ),
    ] = None,
    json_: Annotated[bool, typer.Option("--json", help="Print the sheet as JSON.")] = False,
    out: Annotated[
        str | None,
        typer.Option("--out", "-o", metavar="FILE", help="Write the printed sheet to this file."),
    ] = None,
) -> None:
    """Keep the score of a game played with real cards.

    Each side's counts go in (melds, canastas, red threes, cards left in hand ...); the ruleset's
    scoring comes out.

    Each hand is one line of counts per side; the command shows the hand's breakdown, the
    running totals, each side's minimum for the next hand and the winner at the target. Without
    --hand it reads entries from the keyboard ('ask' or 'count' there asks each count in turn,
    'help' lists the commands), or from standard input when that is a pipe.

    The counts: m meld points (the cards, not the bonuses), n natural and x mixed canastas, s
    runs and w canastas of wild cards (where the ruleset has them), r red threes, h points left
    in hands, p penalty points, out or concealed. In place of the points after m and h, the
    cards may be counted by kind, each count before its kind: m 2 jokers 3 twos 14 K-8 6 7-4
    (the kinds and their values are the ruleset's). Where the ruleset has the rule: c7, cA (c
    and a rank) canastas of a special rank without wild cards, earning its bonus (not counted
    in n); u7, uA such melds left unfinished; w2 canastas of wild cards all twos, wj those with
    every joker (w: any other make-up); uw melds of wild cards left unfinished; b black threes
    laid out; hA, h7 (h and a rank) players left holding a set of that rank. Modern American,
    e.g.: 'NS m 250 c7 1 n 1 r 2 b 1 out; EW m 195 x 1 uA 1 uw 1 h 80 hA 1'.

    --print shows the sheet (--format csv or html, or --json, for the other forms; --out
    writes it to a file); --edit N with one --hand changes a hand, --delete N takes one off,
    --team names a side's team."""
    fmt = PrintFormat.json if json_ else format_
    print_only = print_only or fmt is PrintFormat.table
    if json_ and format_ not in (None, PrintFormat.json):
        raise TallyError(f"--json and --format {format_.value}: choose one")
    if (edit is not None or delete is not None) and not sheet_file:
        raise TallyError("--edit and --delete change a sheet: name it with --sheet FILE")
    if edit is not None and len(hands or ()) != 1:
        raise TallyError("--edit N takes one --hand: the new entry of hand N")
    if edit is not None and delete is not None:
        raise TallyError("--edit and --delete: one change at a time")
    if sheet_file and Path(sheet_file).exists():
        sheet = Sheet.read(sheet_file)
        if variant is not None or set_ or players is not None:
            raise TallyError(
                f"{sheet_file}: the sheet already names its ruleset ({sheet.ref}); "
                "leave out VARIANT, --set and --players to resume it"
            )
    else:
        if (print_only or edit is not None or delete is not None) and not sheet_file:
            raise TallyError("--print shows a sheet kept in a file: name it with --sheet FILE")
        if print_only or edit is not None or delete is not None:
            raise TallyError(
                f"{sheet_file}: no such sheet (a sheet is written with its first hand)"
            )
        sheet = Sheet.new(variant or "classic", tuple(set_ or ()), players)
    changed = False
    for text in teams or ():
        _team(sheet, text)
        changed = True
    if delete is not None:
        sheet.delete(delete)
        changed = True
        _say(f"hand {delete} taken off the sheet; the hands after it are scored again")
    elif edit is not None:
        assert hands is not None
        sheet.edit(edit, hands[0])
        changed = True
        if fmt is None:
            _show_hand(sheet, sheet.hands[edit - 1], edit)
    else:
        for i, text in enumerate(hands or (), 1):
            try:
                hand = sheet.add(text)
            except TallyError as e:
                if changed and sheet_file:
                    sheet.save(sheet_file)  # the hands before it stay on the sheet
                raise TallyError(placed(f"--hand {i}", str(e))) from None
            changed = True
            if fmt is None:
                _show_hand(sheet, hand, len(sheet.hands))
                for line in status_lines(sheet):
                    _say(line)
    if changed and sheet_file:
        sheet.save(sheet_file)
    if fmt is not None and fmt is not PrintFormat.table:
        emit(_printed(sheet, fmt), out)
        return
    if print_only:
        if out:
            raise TallyError("--out writes the sheet as csv, html or json: add --format")
        _show_sheet(sheet)
        return
    if edit is not None or delete is not None:
        for line in status_lines(sheet):
            _say(line)
    if hands or edit is not None or delete is not None:
        return
    _read(sheet, sheet_file)
    console.print()
    _show_sheet(sheet)


def register(app: typer.Typer) -> None:
    app.command("tally")(tally_cmd)
