"""``canasta check`` and ``canasta simulate``: is a ruleset consistent, and how does it play."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from ..check import CheckReport, check_record, run_check
from ..check.parallel import OptionError, progress_wanted
from ..check.record import RecordCheck
from ..errors import capped
from ..simulate import EVENTS, HAND_ENDS, Simulation, plot, simulate
from .common import BOTS_HELP, PlayersOption, SetOption, check_seed, console

DEFAULT_OUT = "canasta-check-failure.can"

VariantArg = Annotated[
    str, typer.Argument(metavar="VARIANT|FILE", help="A built-in name or a variant file.")
]
GamesOpt = Annotated[
    int, typer.Option("--games", "-n", metavar="N", help="How many whole games to play.")
]
CheckGamesOpt = Annotated[
    int,
    typer.Option(
        "--games",
        "-n",
        metavar="N",
        help="How many check games to play: each is one hand from a seeded deal, with the "
        "table size, dealer, scores before the deal (so the minimum tier) and bot drawn from "
        "the seed.",
    ),
]
SeedOpt = Annotated[
    int,
    typer.Option(
        "--seed", metavar="SEED", help="Seed of the run; each game's seed derives from it."
    ),
]
JsonOpt = Annotated[
    bool, typer.Option("--json", help="Print the results as JSON (its shape: docs/json.md).")
]
JobsOpt = Annotated[
    int,
    typer.Option("--jobs", "-j", metavar="N", help="Local processes to spread the games over."),
]
SchedulerOpt = Annotated[
    str | None,
    typer.Option(
        "--scheduler",
        metavar="ADDRESS",
        help="Run the games on this Dask scheduler (needs the dask extra), e.g. tcp://host:8786.",
    ),
]


@contextmanager
def progress_bar(total: int, label: str, threshold: int) -> Iterator[Callable[[int], None]]:
    """A progress bar on standard error for long runs on a terminal; otherwise nothing."""
    if not progress_wanted(total, threshold):
        yield lambda n: None
        return
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(label, total=total)
        yield lambda n: bar.advance(task, n)


def _print_json(data: Any) -> None:
    typer.echo(json.dumps(data, indent=2))


# --------------------------------------------------------------------------------------------
# check


def _show_check(r: CheckReport, strict: bool = False) -> None:
    v = r.variant
    console.print(Text(f"{v.name}: {v.title}", style="bold"))
    errors, warnings = r.errors, r.warnings
    counts = f"{len(errors)} error{'s' * (len(errors) != 1)}, "
    counts += f"{len(warnings)} warning{'s' * (len(warnings) != 1)}"
    console.print(Text(f"settings: {counts}"))
    for f in r.findings:
        style = "red" if f.level == "error" else "yellow"
        line = Text("  ")
        line.append(f.level, style=style)
        line.append(f" {f.key}")
        if f.where:
            line.append(f" ({f.where})", style="dim")
        line.append(f": {f.message}")
        console.print(line)
    if r.games:
        d = r.as_dict()["dynamic"]
        assert isinstance(d, dict)
        bots = ", ".join(f"{n} {k}" for k, n in d["bots"].items())
        tables = ", ".join(f"{k} players" for k in d["players"])
        console.print(
            Text(
                f"test games: {d['played']} of {r.games} played (one seeded hand each; "
                f"{bots}; {tables}), {d['moves']:,} moves, seed {r.seed}"
                + (", every check after every move" if r.full else "")
            )
        )
        fr = r.failure
        if fr is None:
            console.print(Text("  every check held after every move"))
        else:
            s = fr.setup
            console.print(
                Text(
                    f"  game {s.game} ({s.bot} bots, deal {s.deal_seed}) fails {fr.found.where()}:",
                    style="red",
                )
            )
            for p in fr.found.problems[:5]:
                console.print(Text(f"    {p}"))
            if fr.shrunk:
                console.print(
                    Text(
                        f"  cut down from {fr.original_moves} to {fr.moves} moves; it fails "
                        f"{fr.failure.where()}"
                        + (":" if fr.failure.problems != fr.found.problems else "")
                    )
                )
                if fr.failure.problems != fr.found.problems:
                    for p in fr.failure.problems[:5]:
                        console.print(Text(f"    {p}"))
            else:
                console.print(Text(f"  the record is the bot's own hand, {fr.moves} moves"))
            if fr.record_path:
                console.print(Text(f"  record written to {fr.record_path}; show it again with:"))
                console.print(Text(f"    {fr.replay_command}"))
            if not fr.verified:
                console.print(
                    Text("  (the record did not replay to the same failure)", style="yellow")
                )
    verdict = "consistent" if r.consistent else "inconsistent"
    if r.consistent and strict and r.warnings:
        n = len(r.warnings)
        verdict += f", but --strict fails on the {n} warning{'s' if n != 1 else ''} above"
    console.print(Text(verdict, style="bold"))


def _show_record_check(path: str, rc: RecordCheck) -> None:
    if rc.failure is None:
        console.print(
            Text(f"{path}: {rc.hands} hand(s), {rc.moves} moves: every check held after every move")
        )
        return
    f = rc.failure
    where = f"hand {rc.hand}, {f.where()}" if rc.hand else "replaying"
    console.print(Text(f"{path}: {where}:", style="red"))
    for p in capped(list(f.problems)):
        console.print(Text(f"  {p}"))


def check_cmd(
    variant: Annotated[
        str | None,
        typer.Argument(
            metavar="VARIANT|FILE",
            help="A built-in name or a variant file (with --replay: replay under it instead of "
            "the record's own ruleset).",
            show_default=False,
        ),
    ] = None,
    set_: SetOption = None,
    games: CheckGamesOpt = 200,
    seed: SeedOpt = 0,
    json_: JsonOpt = False,
    out: Annotated[
        str | None,
        typer.Option(
            "--out",
            "-o",
            metavar="FILE",
            help=f"Where to write the record of a failing game (default: {DEFAULT_OUT}).",
            show_default=False,
        ),
    ] = None,
    full: Annotated[
        bool, typer.Option("--full", help="Run every check of the table after every move (slower).")
    ] = False,
    jobs: JobsOpt = 1,
    scheduler: SchedulerOpt = None,
    strict: Annotated[bool, typer.Option("--strict", help="Exit 1 on warnings too.")] = False,
    no_shrink: Annotated[
        bool, typer.Option("--no-shrink", help="Write the failing hand without shrinking it.")
    ] = False,
    replay: Annotated[
        str | None,
        typer.Option(
            "--replay",
            metavar="FILE",
            help="Replay a record (one that check wrote) with every check after every move.",
        ),
    ] = None,
) -> None:
    """Is a ruleset sound? Its settings, then test games by bots.

    First the settings are read for rules no game could meet (errors) or that no game would
    ever use (warnings). Then --games hands from seeded deals are played by the random and greedy
    bots, and the table is checked after every move (every card of the pack in one place, every
    meld one the rules allow, the scores adding up); a hand that breaks a check is cut down to
    the fewest moves that still break it and written as a record. Exit 0 when sound, 1 when an
    error or a failure is found, 2 for bad input."""
    sets = tuple(set_ or ())
    if replay is not None:
        rc = check_record(replay, variant, sets)
        if json_:
            _print_json(
                {
                    "record": replay,
                    "hands": rc.hands,
                    "moves": rc.moves,
                    "consistent": rc.failure is None,
                    "hand": rc.hand or None,
                    "failure": None if rc.failure is None else rc.failure.as_dict(),
                }
            )
        else:
            _show_record_check(replay, rc)
        raise typer.Exit(code=0 if rc.failure is None else 1)
    if variant is None:
        raise typer.BadParameter("name a variant or a file (or give --replay FILE)")
    if games < 1:  # the library takes 0 (the lints alone); on the command line it is a slip
        raise OptionError(f"--games must be at least 1, not {games}")
    check_seed(seed)
    with progress_bar(games, "check", threshold=300) as step:
        report = run_check(
            variant,
            sets,
            games,
            seed,
            full=full,
            jobs=jobs,
            scheduler=scheduler,
            out=out or DEFAULT_OUT,
            shrink_failures=not no_shrink,
            progress=step,
        )
    if json_:
        _print_json(report.as_dict())
    else:
        _show_check(report, strict)
    raise typer.Exit(code=report.exit_code(strict))


# --------------------------------------------------------------------------------------------
# simulate


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _num(x: float) -> str:
    return f"{x:,.2f}".rstrip("0").rstrip(".") if isinstance(x, float) else f"{x:,}"


_END_LABELS = {
    "went_out": "went out",
    "went_out_concealed": "went out concealed",
    "stock_exhausted": "stock ran out",
    "red_three_last": "red three last card",
    "guard": "engine's move guard",
}


def _rows(
    st: dict[str, Any], kinds: tuple[str, ...] = (), foot: bool = True
) -> list[tuple[str, float, str]]:
    """(label, value, kind) rows of the summary table; kind is 'pct', 'num' or a text.
    ``kinds``: the canasta kinds beyond natural and mixed to show ("run", "wild"); ``foot``:
    whether a ruleset compared deals a foot (else its rows are left out)."""
    score = st["hand_score"]
    rows: list[tuple[str, float, str]] = [
        ("hands played", st["hands"], "num"),
        ("hands per game: mean", st["hands_per_game"]["mean"], "num"),
        ("hands per game: median", st["hands_per_game"]["median"], "num"),
        ("turns per hand: mean", st["turns_per_hand"]["mean"], "num"),
    ]
    for key in HAND_ENDS:
        if key == "guard" and not st["hand_ends"][key]["count"]:
            continue
        rows.append((f"hand ends: {_END_LABELS[key]}", st["hand_ends"][key]["share"], "pct"))
    rows += [
        ("canastas per hand", st["canastas_per_hand"]["mean"], "num"),
        ("  natural", st["natural_canastas_per_hand"], "num"),
        ("  mixed", st["mixed_canastas_per_hand"], "num"),
        *[(f"  {kind}", st[f"{kind}_canastas_per_hand"], "num") for kind in kinds],
        ("side's hand score: mean", score["mean"], "num"),
        ("side's hand score: sd", score["sd"], "num"),
        ("side's hand score: p10..p90", 0.0, f"{score['p10']:,}..{score['p90']:,}"),
        ("winner's final total: mean", st["winner_total"]["mean"], "num"),
        ("winning margin: mean", st["margin"]["mean"], "num"),
        ("games cut by game.max_hands", st["game_ends"]["max_hands"], "num"),
        ("first player's side: hands won", st["first_player"]["hands_won"], "pct"),
        ("  lead in a hand: mean", st["first_player"]["hand_lead"], "num"),
        ("  games won (hand 1)", st["first_player"]["games_won"], "pct"),
        ("rules fired, per hand:", 0.0, ""),
    ]
    for key in EVENTS:
        if key.startswith("foot_") and not foot:
            continue
        rows.append((f"  {key.replace('_', ' ')}", st["rules_fired"][key]["per_hand"], "num"))
    return rows


def _cell(value: float, kind: str) -> str:
    if kind == "pct":
        return _pct(value)
    if kind == "num":
        return _num(value)
    return kind  # a preformatted text


def _diff(a: float, b: float, kind: str) -> str:
    if kind not in ("pct", "num"):
        return ""
    d = b - a
    if kind == "pct":
        return f"{100 * d:+.1f} pts"
    return f"{d:+,.2f}".rstrip("0").rstrip(".") if isinstance(d, float) else f"{d:+,}"


def _show_sims(sims: list[Simulation]) -> None:
    stats = [s.stats() for s in sims]
    first = stats[0]
    head = (
        f"{first['games']} games, {first['bots']} bots at every seat, {first['players']} "
        f"players, seed {first['seed']}"
    )
    console.print(Text(head, style="bold"))
    for s in sims:
        if s.ref != s.name or s.sets:
            sets = "".join(f" --set {x}" for x in s.sets)
            console.print(Text(f"{s.name}: {s.ref}{sets}"))
    table = Table(box=None, pad_edge=False)
    table.add_column("", no_wrap=True)
    for s in sims:
        table.add_column(s.name, justify="right", no_wrap=True)
    if len(sims) == 2:
        table.add_column("difference", justify="right", no_wrap=True)
    kinds = tuple(k for k in ("run", "wild") if any(st[f"{k}_canastas_per_hand"] for st in stats))
    foot = any(s.foot for s in sims)
    rows = [_rows(st, kinds, foot) for st in stats]
    for i, (label, value, kind) in enumerate(rows[0]):
        cells = [_cell(r[i][1], r[i][2]) for r in rows]
        if len(sims) == 2:
            cells.append(_diff(value, rows[1][i][1], kind))
        table.add_row(label, *cells)
    console.print(table)
    for st in stats:
        wins = ", ".join(f"{k} {v}" for k, v in st["wins"].items() if k != "tie" or v)
        console.print(Text(f"wins ({st['variant']}): {wins}"))


def simulate_cmd(
    variant: VariantArg,
    vs: Annotated[
        str | None,
        typer.Option("--vs", metavar="OTHER", help="A second ruleset to show side by side."),
    ] = None,
    set_: SetOption = None,
    vs_set: Annotated[
        list[str] | None,
        typer.Option("--vs-set", metavar="KEY=VALUE", help="Override one parameter of --vs."),
    ] = None,
    games: GamesOpt = 200,
    bots: Annotated[
        str,
        typer.Option("--bots", metavar="KIND", help=f"The bots at every seat: {BOTS_HELP}."),
    ] = "strategy",
    players: PlayersOption = None,
    jobs: JobsOpt = 1,
    scheduler: SchedulerOpt = None,
    seed: SeedOpt = 0,
    json_: JsonOpt = False,
    plot_file: Annotated[
        str | None,
        typer.Option(
            "--plot",
            metavar="FILE.png",
            help="Draw the distributions as a picture (needs matplotlib: pip install matplotlib).",
        ),
    ] = None,
) -> None:
    """How a ruleset plays: statistics over whole games played by bots.

    Hands per game, turns per hand, how hands end, canastas, scores, the advantage of playing
    first, and how often each rule fires. --vs puts a second ruleset beside the first, played
    from the same seeds. The results depend only on the seed, never on --jobs."""
    check_seed(seed)
    refs = [(variant, tuple(set_ or ()))]
    if vs is not None:
        refs.append((vs, tuple(vs_set or ())))
    elif vs_set:
        raise typer.BadParameter("--vs-set needs --vs")
    sims: list[Simulation] = []
    with progress_bar(games * len(refs), "simulate", threshold=20) as step:
        for ref, sets in refs:
            sims.append(
                simulate(
                    ref,
                    sets,
                    games,
                    seed,
                    bots=bots,
                    players=players,
                    jobs=jobs,
                    scheduler=scheduler,
                    progress=step,
                )
            )
    if plot_file:
        plot(sims, plot_file)
    if json_:
        if len(sims) == 1:
            _print_json(sims[0].stats())
        else:
            _print_json({"a": sims[0].stats(), "b": sims[1].stats()})
    else:
        _show_sims(sims)
        if plot_file:
            console.print(Text(f"plot written to {plot_file}"))


def register(app: typer.Typer) -> None:
    app.command("check")(check_cmd)
    app.command("simulate")(simulate_cmd)
