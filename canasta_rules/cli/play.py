"""``canasta play``: a game at the terminal against bots, or several people at one keyboard."""

from __future__ import annotations

import secrets
import sys
from typing import Annotated

import typer

from ..engine.rules import rules_for
from ..errors import CanastaError
from ..play.session import Options, PlayError, Session
from ..seats import seat_names
from ..variant import load
from .common import BOTS_HELP, PlayersOption, SetOption


def _humans(text: str, players: int) -> frozenset[int]:
    seats = seat_names(players)
    if text.strip().lower() == "all":
        return frozenset(range(players))
    if text.strip().lower() in ("none", ""):
        return frozenset()
    out = set()
    for name in text.replace(",", "").replace(" ", "").upper():  # "N S", "N,S" and "NS"
        if name not in seats:
            raise PlayError(
                f"--humans: no seat {name!r} at a {players}-player table (seats: {' '.join(seats)})"
            )
        out.add(seats.index(name))
    return frozenset(out)


def play_cmd(
    variant: Annotated[
        str, typer.Argument(metavar="VARIANT|FILE", help="The ruleset (default classic).")
    ] = "classic",
    set_: SetOption = None,
    players: PlayersOption = None,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed", metavar="SEED", help="Seed for the deals and the bots (default random)."
        ),
    ] = None,
    humans: Annotated[
        str,
        typer.Option(
            "--humans",
            metavar="SEATS",
            help="Seats played by people, e.g. N or 'N S' (hot seat) or all; bots play the rest.",
        ),
    ] = "N",
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots",
            metavar="KIND",
            help=f"The bots (default greedy; when resuming, the record's): {BOTS_HELP}.",
        ),
    ] = None,
    record: Annotated[
        str | None,
        typer.Option(
            "--record",
            metavar="FILE",
            help="Write the game here, after every move (default canasta-SEED.can).",
        ),
    ] = None,
    resume: Annotated[
        str | None,
        typer.Option("--resume", metavar="FILE", help="Go on with the game recorded in FILE."),
    ] = None,
    line: Annotated[
        bool,
        typer.Option(
            "--line", help="Plain line mode even at a terminal (moves typed, one a line)."
        ),
    ] = False,
) -> None:
    """Play against bots (friends too); every move is recorded.

    At a terminal this opens a full-screen table (Textual); where no terminal is attached it
    reads moves in the notation from standard input, one a line, and prints the table after
    each. Both take the commands help, moves, hint, undo, '? CODE' and quit; each hand ends on
    a pause (an empty line deals the next). The record replays with 'canasta replay' and
    resumes with --resume."""
    if resume is not None:
        if set_ or players is not None or seed is not None or record is not None:
            raise PlayError(
                "--resume takes the ruleset, table and seed from the record; leave out "
                "--set, --players, --seed and --record"
            )
        sess = Session.resume(resume, bots)
    else:
        opts = Options(ref=variant, sets=tuple(set_ or ()), players=players, bots=bots or "greedy")
        opts.seed = seed if seed is not None else secrets.randbelow(1_000_000)
        try:
            table = rules_for(load(variant, opts.sets).variant, players).players
        except ValueError as e:
            if isinstance(e, CanastaError):
                raise
            raise PlayError(str(e)) from None
        opts.humans = _humans(humans, table)
        sess = Session.new(opts, record or f"canasta-{opts.seed}.can")
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    if line or not interactive:
        from ..play.line import LineMode

        code = LineMode(sess, sys.stdin, sys.stdout, strict=not sys.stdin.isatty()).run()
        raise typer.Exit(code)
    from ..play.app import PlayApp
    from ..play.view import hand_end_lines

    PlayApp(sess).run()
    if sess.game_over:
        typer.echo("\n".join(hand_end_lines(sess)))
    elif sess.record_path is not None:
        typer.echo(f"stopped; resume with: canasta play --resume {sess.record_path}")


def register(app: typer.Typer) -> None:
    app.command("play")(play_cmd)
