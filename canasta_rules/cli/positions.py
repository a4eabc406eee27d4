"""``canasta moves`` (legal moves in a position) and ``canasta compare`` (rulesets on one game)."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from .common import SetOption, console, read_document, read_position_of
from .notation import complete_files, complete_variants


def moves_cmd(
    position: Annotated[
        str,
        typer.Argument(metavar="POSITION", help="A position file.", autocompletion=complete_files),
    ],
    variant: Annotated[
        str | None,
        typer.Option(
            "--variant",
            metavar="NAME|FILE",
            help="Under this ruleset instead.",
            autocompletion=complete_variants,
        ),
    ] = None,
    set_: SetOption = None,
    json_: Annotated[bool, typer.Option("--json", help="Print the moves as JSON.")] = False,
) -> None:
    """The legal moves in a position, in the notation and in words.

    The list is headed by the player to move ('Legal moves for West:'). Each move is written
    as it is typed ('discard 4d'), with what it does in words beside it ('discard the 4' and the
    sign of diamonds; the card in letters, 'the 4d', where the output cannot show suit signs).
    --json gives the notation only, each kind with its moves."""
    from ..notation.moves import legal_move_texts
    from .movelist import echo_lines, move_lines, to_move, width

    pos = read_position_of(read_document(position), variant, set_)
    groups = legal_move_texts(pos)
    if json_:
        typer.echo(json.dumps({k: v for k, v in groups}, indent=2))
        return
    # Plain lines, as rich would print them (no markup), without importing rich.
    if not groups:
        typer.echo("no legal move: the hand is over" if pos.state.over else "no legal move")
        return
    echo_lines([f"Legal moves for {to_move(pos)}:", *move_lines(pos, groups, width())])


def compare_cmd(
    record: Annotated[
        str, typer.Argument(metavar="RECORD", help="A game record.", autocompletion=complete_files)
    ],
    variant: Annotated[
        list[str] | None,
        typer.Option(
            "--variant",
            metavar="NAME|FILE",
            help="A ruleset to compare (repeatable); one alone is compared with the record's own.",
            autocompletion=complete_variants,
        ),
    ] = None,
    set_: SetOption = None,
) -> None:
    """Replay one game under several rulesets: where they differ.

    Each move a ruleset refuses (its rule code, and the parameter's value under each ruleset),
    each hand that cannot be followed under a ruleset, and each hand whose score differs, with
    the breakdowns side by side. Exit status 0 when the rulesets agree on the whole game, 1 when
    they diverge."""
    from ..notation.compare import compare
    from .notation import breakdown_table

    refs: list[str | None] = list(variant or [])
    if len(refs) < 2:
        refs.insert(0, None)
    cmp = compare(read_document(record), refs, tuple(set_ or ()))
    names = cmp.rulesets
    console.print(f"comparing {' / '.join(names)} on {record}", markup=False)
    for h in cmp.hands:
        console.print()
        console.print(f"hand {h.number}", markup=False)
        for r in (x for x in cmp.refused if x.hand == h.number):
            where = f"line {r.at.line}" if r.at.line else ""
            console.print(
                f"  refused under {names[r.ruleset]}: turn {r.turn}, {r.seat}: {r.move} "
                f"({where}): {r.refusal}",
                markup=False,
            )
            if r.refusal.parameter:
                vals = ", ".join(f"{n} {v}" for n, v in zip(names, r.values, strict=True))
                console.print(f"    {r.refusal.parameter}: {vals}", markup=False)
            for key, values in r.behind:
                vals = ", ".join(f"{n} {v}" for n, v in zip(names, values, strict=True))
                console.print(f"    differs: {key}: {vals}", markup=False)
        for i, why in enumerate(h.stopped):
            if why is not None and cmp.after_end(i, h.number):
                console.print(f"  not played under {names[i]}: {why}", markup=False)
            elif why is not None:
                console.print(f"  not replayable under {names[i]}: {why}", markup=False)
        if h.differs:
            console.print("  the score differs:", markup=False)
            for i, sc in enumerate(h.scores):
                assert sc is not None
                console.print(breakdown_table(cmp.sides, sc, title=f"  {names[i]}"))
        elif all(sc is not None for sc in h.scores) and not any(
            x.hand == h.number for x in cmp.refused
        ):
            first = h.scores[0]
            assert first is not None
            totals = ", ".join(f"{s} {sc.total}" for s, sc in zip(cmp.sides, first, strict=True))
            console.print(f"  the same under every ruleset: {totals}", markup=False)
    console.print()
    for i, (name, sums) in enumerate(zip(names, cmp.totals, strict=True)):
        shown = ", ".join(f"{s} {v}" for s, v in zip(cmp.sides, sums, strict=True))
        missing, hands = cmp.unfollowed(i), len(cmp.hands)
        if hands and missing == hands:
            what = "no hand could" if hands > 1 else "the hand could not"
            shown = f"none ({what} be replayed under {name})"
        elif missing:
            shown += f" (incomplete: {missing} of {hands} hands could not be replayed)"
        console.print(f"totals under {name}: {shown}", markup=False)
    for name, end in zip(names, cmp.ends, strict=True):
        if end is None:
            said = "not over at the end of the record"
        else:
            won = "shared" if end.winner is None else f"{cmp.sides[end.winner]} wins"
            said = f"over after hand {end.hand}: {won}"
        console.print(f"game under {name}: {said}", markup=False)
    if cmp.results_differ:
        console.print("  the game's result differs", markup=False)
    n = cmp.divergences
    console.print(f"{n} divergence{'s' if n != 1 else ''}", markup=False)
    if n:
        raise typer.Exit(code=1)


def register(app: typer.Typer) -> None:
    app.command("moves")(moves_cmd)
    app.command("compare")(compare_cmd)
