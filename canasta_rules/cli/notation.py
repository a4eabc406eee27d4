"""``canasta replay``, ``score``, ``ruling``, ``fmt`` and ``record``: the game notation."""

from __future__ import annotations

import re
from typing import Annotated

import typer
from rich.table import Table

from ..bots import make_bot
from ..engine.game import Game
from ..engine.scoring import OPTIONAL_ROWS, SideScore, score_hand
from ..errors import CanastaError, NotationError
from ..fileio import write_text_atomic
from ..notation import format_document, parse, read, read_position, replay
from ..notation.parser import read_text
from ..notation.record import game_record
from ..notation.replay import Replay
from ..notation.ruling import rule_on
from ..notation.writer import position_text
from ..seats import side_names
from .common import SetOption, check_seed, console, emit, load_ref

FileArg = Annotated[str, typer.Argument(metavar="FILE", help="A record or position file.")]
VariantOpt = Annotated[
    str | None,
    typer.Option("--variant", help="Replay under this ruleset instead of the record's own."),
]


def breakdown_table(sides: tuple[str, ...], scores: list[SideScore], title: str = "") -> Table:
    table = Table(title=title or None, title_justify="left", box=None, pad_edge=False)
    table.add_column("")
    for s in sides:
        table.add_column(s, justify="right")
    for i, (label, _) in enumerate(scores[0].rows()):
        values = [sc.rows()[i][1] for sc in scores]
        if label in OPTIONAL_ROWS and not any(values):
            continue
        table.add_row(label, *(str(v) for v in values))
    table.add_row("[bold]Total[/bold]", *(f"[bold]{sc.total}[/bold]" for sc in scores))
    return table


def _parse_at(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"([0-9]{1,9})\.([0-9]{1,9})", text.strip())
    if m is None:
        raise typer.BadParameter("use HAND.TURN, for example 2.14", param_hint="--at")
    hand, turn = int(m.group(1)), int(m.group(2))
    if hand < 1 or turn < 1:
        raise typer.BadParameter("hands and turns are numbered from 1", param_hint="--at")
    return hand, turn


def _print_replay(rp: Replay) -> None:
    names = rp.sides
    for h in rp.hands:
        end = h.end
        assert end is not None
        dealer = rp.seats[h.dealer]
        if h.score is None:
            console.print(
                f"hand {h.number} (dealer {dealer}): unfinished after {h.turns} turns, "
                f"{len(h.moves)} moves"
            )
            continue
        how = end.end_reason.replace("_", " ")
        if end.out_player >= 0:
            how = f"{rp.seats[end.out_player]} went out" + (" concealed" if end.concealed else "")
        turns = "1 turn" if h.turns == 1 else f"{h.turns} turns"
        console.print(f"hand {h.number} (dealer {dealer}): {how} after {turns}")
        console.print(breakdown_table(names, h.score))
        console.print()
    totals = ", ".join(f"{n} {v}" for n, v in zip(names, rp.totals, strict=True))
    if rp.game_over and rp.winner is not None:
        console.print(f"result: {names[rp.winner]} wins, {totals}")
    else:
        console.print(f"totals: {totals} (the game is not finished)")


def replay_cmd(
    file: FileArg,
    variant: VariantOpt = None,
    set_: SetOption = None,
    at: Annotated[
        str | None, typer.Option("--at", metavar="HAND.TURN", help="Show the position there.")
    ] = None,
) -> None:
    """Replay a record, checking every move, and print each hand's score and the result."""
    doc = read(file)
    stop = _parse_at(at) if at else None
    rp = replay(doc, variant, tuple(set_ or ()), stop)
    if stop is not None:
        last = rp.hands[-1] if rp.hands else None
        if rp.stopped is None or last is None or last.turns < stop[1]:
            # past the last turn of a hand, the replay stops at the hand's end: not the turn asked
            raise NotationError(f"the record has no hand {stop[0]}, turn {stop[1]}", file, 0, 0)
        # The position names the ruleset the replay used: the record's own (with its Set
        # tags and any --set), or --variant.
        vtag = doc.tag("Variant")
        ref = variant or (vtag.value if vtag is not None else "classic")
        _, own = doc.ruleset(variant)
        tags = [("Variant", ref)] + [("Set", s) for s in [*own, *(set_ or [])]]
        typer.echo(position_text(rp.stopped, tags), nl=False)
        return
    _print_replay(rp)


def score_cmd(file: FileArg, set_: SetOption = None) -> None:
    """The score breakdown of a finished-hand position."""
    doc = read(file)
    pos = read_position(doc, None, tuple(set_ or ()))
    s = pos.state
    if not s.over:
        raise NotationError(
            "not a finished hand: add 'out SEAT' (or 'to move: SEAT over' when the stock ran out)",
            file,
            0,
            0,
        )
    r = pos.rules
    console.print(breakdown_table(side_names(r.players, r.sides), score_hand(s)))


def ruling_cmd(
    position: Annotated[str, typer.Argument(metavar="POSITION", help="A position file.")],
    move: Annotated[
        str, typer.Argument(metavar="MOVE", help="A move in the notation, e.g. 'take with Qc Qd'.")
    ],
    set_: SetOption = None,
) -> None:
    """Is this move legal here, and why: the rule code, the parameter and its source.

    Exit status 0 when the move is legal, 1 when it is not."""
    pos = read_position(read(position), None, tuple(set_ or ()))
    verdict = rule_on(pos, move)
    console.print(verdict.text)
    if not verdict.legal:
        raise typer.Exit(code=1)


def fmt_cmd(
    file: FileArg,
    in_place: Annotated[bool, typer.Option("--in-place", "-i", help="Rewrite the file.")] = False,
    check: Annotated[
        bool, typer.Option("--check", help="Exit 1 if the file is not in canonical form.")
    ] = False,
) -> None:
    """Rewrite a record or position in canonical form (idempotent)."""
    if in_place and check:
        raise typer.BadParameter("use one of --in-place and --check, not both", param_hint="-i")
    original = read_text(file)
    text = format_document(parse(original, file))
    if check:
        if text != original:
            typer.echo(f"{file}: not in canonical form", err=True)
            raise typer.Exit(code=1)
        return
    if in_place:
        if text != original:
            write_text_atomic(file, text)
        return
    typer.echo(text, nl=False)


def record_cmd(
    variant: Annotated[str, typer.Argument(metavar="VARIANT|FILE")],
    seed: Annotated[int, typer.Option("--seed", help="Seed for the deals and the bots.")] = 0,
    bots: Annotated[str, typer.Option("--bots", help="random or greedy")] = "greedy",
    players: Annotated[
        int | None, typer.Option("--players", help="Table size (the variant's first by default).")
    ] = None,
    set_: SetOption = None,
    seeded_deals: Annotated[
        bool,
        typer.Option(
            "--seeded-deals", help="Name each hand's seed instead of writing the deal out."
        ),
    ] = False,
    out: Annotated[str | None, typer.Option("--out", "-o", help="Write to this file.")] = None,
) -> None:
    """A game played by bots, written as a record."""
    check_seed(seed)
    if bots not in ("random", "greedy"):
        raise typer.BadParameter("use random or greedy", param_hint="--bots")
    lv = load_ref(variant, set_)
    try:
        game = Game(lv.variant, seed, players)
    except ValueError as e:
        raise CanastaError(str(e)) from None
    result = game.play(make_bot(bots, seed))
    text = game_record(
        game.rules,
        result,
        variant,
        tuple(set_ or ()),
        seed,
        event=f"{bots} bots, seed {seed}",
        players=[bots] * game.rules.players,
        written_deals=not seeded_deals,
    )
    emit(text, out)


def register(app: typer.Typer) -> None:
    app.command("replay")(replay_cmd)
    app.command("score")(score_cmd)
    app.command("ruling")(ruling_cmd)
    app.command("fmt")(fmt_cmd)
    app.command("record")(record_cmd)
