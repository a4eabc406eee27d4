"""``canasta replay``, ``score``, ``ruling``, ``fmt`` and ``record``: the game notation."""

from __future__ import annotations

import json
import re
from collections.abc import Collection
from typing import TYPE_CHECKING, Annotated

import typer

from ..errors import CanastaError
from ..seats import roster_note, seat_names, seat_word, side_word
from .common import (
    BOTS_HELP,
    PlayersOption,
    SetOption,
    check_seed,
    console,
    emit,
    load_ref,
    plain_fits,
    plain_table,
    read_document,
    read_position_of,
)

if TYPE_CHECKING:  # the heavy modules load when a command runs, not at start-up
    from rich.table import Table

    from ..engine.scoring import SideScore
    from ..notation.position import ReadPosition
    from ..notation.replay import Replay
    from ..notation.ruling import RulingRow, Verdict
    from ..notation.unseen import Depends


def complete_variants(incomplete: str) -> list[str]:
    """Shell completion for a ruleset: built-in names, then variant files."""
    from ..variant.builtin import names

    found = [n for n in names() if n.startswith(incomplete)]
    return found + [f for f in complete_files(incomplete) if f.endswith((".toml", "/"))]


def complete_files(incomplete: str) -> list[str]:
    """Shell completion for a file (folders end with a slash, to go on into them)."""
    from pathlib import Path

    folder, _, stem = incomplete.rpartition("/")
    base = Path(folder or ".")
    try:
        entries = sorted(base.iterdir())
    except OSError:
        return []
    prefix = f"{folder}/" if folder else ""
    return [
        prefix + e.name + ("/" if e.is_dir() else "")
        for e in entries
        if e.name.startswith(stem) and not e.name.startswith(".")
    ]


FileArg = Annotated[
    str,
    typer.Argument(
        metavar="FILE", help="A record or position file.", autocompletion=complete_files
    ),
]
VariantOpt = Annotated[
    str | None,
    typer.Option(
        "--variant",
        metavar="NAME|FILE",
        help="Replay under this ruleset instead of the record's own.",
        autocompletion=complete_variants,
    ),
]


VariantsOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--variant",
        metavar="NAME|FILE",
        help="Rule under this ruleset instead of the position's own (repeatable: one row each).",
        autocompletion=complete_variants,
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print the answer as JSON.")]


def _breakdown_rows(
    sides: tuple[str, ...],
    scores: list[SideScore],
    unknown: Collection[int],
    hand_rows: Collection[str],
) -> list[list[str]]:
    """The cells of the score breakdown, a row per line item and then the total."""
    from ..engine.scoring import OPTIONAL_ROWS

    counted = hand_rows if unknown else ()
    rows: list[list[str]] = []
    for i, (label, _) in enumerate(scores[0].rows()):
        values = [sc.rows()[i][1] for sc in scores]
        if label in OPTIONAL_ROWS and not any(values) and label not in counted:
            continue
        shown = ["?" if j in unknown and label in counted else str(v) for j, v in enumerate(values)]
        rows.append([label, *shown])
    totals = ["?" if j in unknown else str(sc.total) for j, sc in enumerate(scores)]
    rows.append(["Total", *totals])
    return rows


def breakdown_table(
    sides: tuple[str, ...],
    scores: list[SideScore],
    title: str = "",
    unknown: Collection[int] = (),
    hand_rows: Collection[str] = (),
) -> Table:
    """The score breakdown, a column per side; the columns in ``unknown`` count cards nobody
    has seen (hands given as counts), so their ``hand_rows`` (the rows for cards in hand) and
    their totals show '?'."""
    from rich.table import Table

    table = Table(title=title or None, title_justify="left", box=None, pad_edge=False)
    table.add_column("")
    for s in sides:
        table.add_column(s, justify="right")
    *rows, total = _breakdown_rows(sides, scores, unknown, hand_rows)
    for row in rows:
        table.add_row(*row)
    table.add_row(*(f"[bold]{v}[/bold]" for v in total))
    return table


def print_breakdown(
    sides: tuple[str, ...],
    scores: list[SideScore],
    unknown: Collection[int] = (),
    hand_rows: Collection[str] = (),
) -> None:
    """Print the score breakdown: as plain text where rich would print it plain (output that is
    not a terminal, wide enough), which spares a ``score`` importing rich; else rich's table,
    the total in bold."""
    rows = [["", *sides], *_breakdown_rows(sides, scores, unknown, hand_rows)]
    lines = plain_table(rows, (False, *(True for _ in sides)))
    if plain_fits(max(len(line) for line in lines)):
        typer.echo("\n".join(lines))
    else:
        console.print(breakdown_table(sides, scores, unknown=unknown, hand_rows=hand_rows))


def _parse_at(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"([0-9]{1,9})\.([0-9]{1,9})", text.strip())
    if m is None:
        raise typer.BadParameter("use HAND.TURN, for example 2.14", param_hint="--at")
    hand, turn = int(m.group(1)), int(m.group(2))
    if hand < 1:
        raise typer.BadParameter("hands are numbered from 1", param_hint="--at")
    return hand, turn


def _turns(n: int) -> str:
    return "1 turn" if n == 1 else f"{n} turns"


def _print_replay(rp: Replay) -> None:
    names = rp.sides
    for h in rp.hands:
        end = h.end
        assert end is not None
        dealer = seat_word(rp.seats[h.dealer])  # the seats by name, as a player says them
        if not h.followed:
            # --keep-going: the hand's problem is reported below, on standard error.
            console.print(
                f"hand {h.number} (dealer {dealer}): the replay stopped at turn {h.turns} "
                "(the problem is shown below)",
                markup=False,
            )
            if h.totals is not None:
                shown = ", ".join(f"{n} {v}" for n, v in zip(names, h.totals, strict=True))
                console.print(f"the game goes on from the record's totals: {shown}", markup=False)
            console.print()
            continue
        if h.score is None:
            acts = "1 action" if len(h.moves) == 1 else f"{len(h.moves)} actions"
            console.print(
                f"hand {h.number} (dealer {dealer}): unfinished after {_turns(h.turns)} ({acts})"
            )
            continue
        from ..notation.wording import hand_ended

        how = hand_ended(end.end_reason)
        if end.out_player >= 0:
            who = seat_word(rp.seats[end.out_player])
            how = f"{who} went out" + (" concealed" if end.concealed else "")
        console.print(f"hand {h.number} (dealer {dealer}): {how} after {_turns(h.turns)}")
        if rp.rules.sit_out:
            console.print(roster_note(h.number))
        console.print(breakdown_table(names, h.score))
        console.print()
    totals = ", ".join(f"{n} {v}" for n, v in zip(names, rp.totals, strict=True))
    if not rp.totals_checked:
        console.print(
            "totals: not known (a hand that could not be followed writes no total)", markup=False
        )
    elif rp.game_over and rp.winner is not None:
        console.print(f"result: {side_word(names[rp.winner])} won, {totals}")
    else:
        console.print(f"totals: {totals} (the game is not finished)")


def replay_cmd(
    file: FileArg,
    variant: VariantOpt = None,
    set_: SetOption = None,
    at: Annotated[
        str | None,
        typer.Option(
            "--at",
            metavar="HAND.TURN",
            help="Show the position after that turn (HAND.0: the table as dealt).",
        ),
    ] = None,
    as_: Annotated[
        str | None,
        typer.Option(
            "--as",
            metavar="SEAT",
            help="With --at: the position as SEAT sees it (other hands and feet as counts).",
        ),
    ] = None,
    keep_going: Annotated[
        bool,
        typer.Option(
            "--keep-going",
            help="Report every refused move and wrong score, going on with the next hand after "
            "a hand that cannot be followed.",
        ),
    ] = False,
    json_: Annotated[
        bool,
        typer.Option(
            "--json",
            help="Print the hands, totals and problems as JSON (shape: docs/notation.md).",
        ),
    ] = False,
) -> None:
    """Replay a record, checking every move; each hand's score.

    Prints each hand's score breakdown, then the game's result.

    A refused move is shown with the mover's hand, the side's melds, the pile and the --at
    command that prints the whole table; a written score the replay does not give, with the
    hand's breakdown. Exit status 2 when the replay finds a problem."""
    from ..errors import NotationError
    from ..notation import replay
    from ..notation.writer import position_text

    if as_ is not None and at is None:
        raise typer.BadParameter("--as shows the position of --at HAND.TURN", param_hint="--as")
    doc = read_document(file)
    stop = _parse_at(at) if at else None
    if stop is not None and (keep_going or json_):
        which = "--keep-going" if keep_going else "--json"
        raise typer.BadParameter(f"--at prints one position: leave out {which}", param_hint="--at")
    sets = tuple(set_ or ())
    command = _replay_command(file, variant, sets)
    try:
        rp = replay(doc, variant, sets, stop, keep_going=keep_going, stop_at_first=json_)
    except CanastaError as e:
        _add_details(e, command)
        raise
    if stop is not None:
        if rp.stopped is None or rp.stop_turn != stop[1]:
            raise NotationError(_no_such_turn(rp, stop), file, 0, 0)
        # The position names the ruleset the replay used: the record's own (with its Set
        # tags and any --set), or --variant.
        vtag = doc.tag("Variant")
        ref = variant or (vtag.value if vtag is not None else "classic")
        _, own = doc.ruleset(variant)
        tags = [("Variant", ref)] + [("Set", s) for s in [*own, *(set_ or [])]]
        if as_ is not None:
            from ..notation.seen import position_as_seen

            if as_ not in rp.seats:
                seats = ", ".join(rp.seats)
                msg = f"no seat {as_!r} at this table (seats: {seats})"
                raise typer.BadParameter(msg, param_hint="--as")
            hand = rp.hands[-1]
            seat = rp.seats.index(as_)
            text = position_as_seen(hand.start, hand.moves, rp.stopped, seat, tags)
            typer.echo(text, nl=False)
            return
        typer.echo(position_text(rp.stopped, tags), nl=False)
        return
    if json_:
        from ..notation.report import replay_json

        label = variant or doc.ruleset(None)[0]
        typer.echo(json.dumps(replay_json(rp, label, command), indent=2))
    else:
        _print_replay(rp)
    if rp.slips:
        if not json_:
            _print_slips(rp, command)
        raise typer.Exit(code=2)


def _replay_command(file: str, variant: str | None, sets: tuple[str, ...]) -> str:
    """The command line that replays ``file`` as this one does (for ``--at`` hints)."""
    import shlex

    words = ["canasta", "replay", file]
    if variant:
        words += ["--variant", variant]
    for s in sets:
        words += ["--set", s]
    return " ".join(shlex.quote(w) for w in words)


def _add_details(e: CanastaError, command: str) -> None:
    """Give an error that stops a replay the lines that show its moment (notation/report.py)."""
    from ..notation.replay import Slip
    from ..notation.report import slip_details

    if isinstance(e.context, Slip):
        e.details = tuple(slip_details(e.context, command))


def _print_slips(rp: Replay, command: str) -> None:
    """Every problem of a replay on standard error, each as an error stopping the replay
    shows it, then their count."""
    import sys

    from ..notation.report import slip_details
    from . import print_error

    sys.stdout.flush()
    for slip in rp.slips:
        slip.error.details = tuple(slip_details(slip, command))
        print_error(slip.error)
    refused = sum(1 for s in rp.slips if s.kind == "refused")
    scores = sum(1 for s in rp.slips if s.kind in ("score", "total", "result"))
    other = len(rp.slips) - refused - scores
    parts = [
        f"{n} {word if n == 1 else plural}"
        for n, word, plural in (
            (refused, "refused move", "refused moves"),
            (scores, "wrong score", "wrong scores"),
            (other, "line not followed", "lines not followed"),
        )
        if n
    ]
    found = len(rp.slips)
    print(
        f"canasta: {found} problem{'s' if found != 1 else ''} found ({', '.join(parts)})",
        file=sys.stderr,
    )


def _no_such_turn(rp: Replay, stop: tuple[int, int]) -> str:
    hand, turn = stop
    if rp.stopped is None or not rp.hands or rp.hands[-1].number != hand:
        last = rp.hands[-1].number if rp.hands else 0
        return f"the record has no hand {hand} (it has {last} hand{'s' if last != 1 else ''})"
    return (
        f"hand {hand} has {_turns(rp.stop_turn)}, so there is no turn {turn} "
        f"(use --at {hand}.{rp.stop_turn} for the hand's last position)"
    )


def score_cmd(
    file: FileArg,
    variant: Annotated[
        str | None,
        typer.Option(
            "--variant",
            metavar="NAME|FILE",
            help="Score under this ruleset instead.",
            autocompletion=complete_variants,
        ),
    ] = None,
    set_: SetOption = None,
    json_: JsonOpt = False,
) -> None:
    """The score breakdown of a finished-hand position."""
    from ..engine.scoring import hand_rows, score_hand
    from ..errors import NotationError
    from ..seats import side_names

    pos = read_position_of(read_document(file), variant, set_)
    s = pos.state
    if not s.over:
        raise NotationError(
            "not a finished hand: add 'out SEAT' (or 'to move: SEAT over' when the stock ran out)",
            file,
            0,
            0,
        )
    r = pos.rules
    sides = side_names(r.players, r.sides)
    scores = score_hand(s)
    unknown: dict[int, Depends] = {}
    if pos.unseen_hands or pos.unseen_feet:  # a score may count cards nobody has seen
        from ..notation.unseen import unscored

        unknown = unscored(pos, s)
    rows = hand_rows(r)
    if json_:
        data: dict[str, object] = {
            name: _score_json(sc, rows if i in unknown else ())
            for i, (name, sc) in enumerate(zip(sides, scores, strict=True))
        }
        if unknown:
            data["depends"] = [d.as_json() for d in unknown.values()]
        typer.echo(json.dumps(data, indent=2))
        return
    print_breakdown(sides, scores, unknown=unknown, hand_rows=rows)
    for d in unknown.values():
        typer.echo(f"depends on: {d.text}")


def _score_json(sc: SideScore, unknown: Collection[str]) -> dict[str, int | None]:
    """One side's score as data; the rows for cards in hand (``unknown``), and the total, are
    null where they count unseen cards."""
    rows: dict[str, int | None] = {k: (None if k in unknown else v) for k, v in sc.rows()}
    rows["Total"] = None if unknown else sc.total
    return rows


def _ruleset_list(variants: list[str] | None, all_: bool) -> list[str | None]:
    if all_:
        from ..variant.builtin import names

        return list(names())
    return list(variants) if variants else [None]


def _print_rows(rows: list[RulingRow], json_: bool) -> None:
    if json_:
        data = [
            {"ruleset": row.ruleset, **(row.verdict.as_json() if row.verdict else {})}
            | ({"verdict": "unfit", "error": row.error} if row.error else {})
            for row in rows
        ]
        typer.echo(json.dumps(data if len(rows) > 1 else data[0], indent=2))
        return
    if len(rows) == 1:
        row = rows[0]
        assert row.verdict is not None
        typer.echo(row.verdict.text)
        return
    # Plain columns, one row a line however wide (a script reads the second word of a row).
    table = [("ruleset", "ruling", "rule", "parameter")]
    refused: dict[str, list[str]] = {}  # each reason, with the rulesets that give it
    notes: dict[str, list[str]] = {}
    unfit: list[str] = []
    for row in rows:
        v = row.verdict
        if v is None:
            table.append((row.ruleset, "unfit", "(see below)", ""))
            unfit.append(f"{row.ruleset}: {_short(row.error or '')}")
            continue
        ref = v.refusal
        code = ref.code if ref else ""
        param = f"{ref.parameter} = {v.value}" if ref and ref.parameter else ""
        table.append((row.ruleset, v.word, code, param))
        if ref is not None:
            refused.setdefault(ref.message, []).append(row.ruleset)
        # What the turn still owes, the legal way, the facts about unseen cards: said below
        # the table, once for the rulesets that say the same.
        for o in v.owed:
            notes.setdefault(f"legal so far: {o.message}", []).append(row.ruleset)
        if v.remedy is not None:
            said = f"legal instead: {v.remedy.text} ({v.remedy.why})"
            notes.setdefault(said, []).append(row.ruleset)
        if v.unnamed:
            notes.setdefault(v.unnamed, []).append(row.ruleset)
        for d in v.depends:
            notes.setdefault(f"depends on: {d.text}", []).append(row.ruleset)
    widths = [max(len(r[i]) for r in table) for i in range(4)]
    for r in table:
        typer.echo("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())
    for message, names in [*refused.items(), *notes.items()]:
        typer.echo(f"- {', '.join(names)}: {message}")
    for line in unfit:
        typer.echo(f"- {line}")


def _short(error: str) -> str:
    """An error message without its FILE:LINE:COL prefix."""
    head, sep, rest = error.partition(": ")
    return rest if sep and head.count(":") >= 2 else error


def ruling_cmd(
    position: Annotated[
        str,
        typer.Argument(metavar="POSITION", help="A position file.", autocompletion=complete_files),
    ],
    move: Annotated[
        str | None,
        typer.Argument(
            metavar="MOVE",
            help="A move in the notation, e.g. 'take with Qc Qd' (left out: the moves open).",
            show_default=False,
        ),
    ] = None,
    variant: VariantsOpt = None,
    all_: Annotated[
        bool, typer.Option("--all", help="Rule under every built-in ruleset, one row each.")
    ] = False,
    set_: SetOption = None,
    json_: JsonOpt = False,
    show: Annotated[
        bool,
        typer.Option("--show", help="For a legal move: the position after it, and what changed."),
    ] = False,
) -> None:
    """Is this move legal here, and why: the rule and its source.

    A refusal names its rule code (type it after '?' in canasta play, or look it up in
    docs/engine.md), the ruleset's setting behind it and the source that says so.

    Without a MOVE, it says whose turn it is and how to ask about one move, and lists the moves
    open to that player, as 'canasta moves' does (under one ruleset; --json gives the seat to
    move and the moves).

    A bare 'draw' where the stock's order is unknown asks "may I draw?": it is answered, but
    nothing after the draw is judged until the card drawn is named ('draw 4c').

    The answer's first word is 'legal' or 'refused'. Exit status 0 when the move is legal (under
    every ruleset asked) or no move is given, 1 when it is refused (under any), 2 when the
    position or the move cannot be read (a bare draw followed by more of the turn, too: the error
    says what to write)."""
    from ..notation.ruling import rule_under

    rulesets = _ruleset_list(variant, all_)
    if move is None:
        _open_moves(position, variant, set_, json_, show, all_)
        return
    doc = read_document(position)
    if len(rulesets) == 1:
        from ..notation.ruling import RulingRow, rule_on

        pos = read_position_of(doc, rulesets[0], set_)
        label = rulesets[0] or doc.ruleset(None)[0]
        verdict = rule_on(pos, move)
        rows = [RulingRow(label, verdict)]
        if json_ and show and verdict.legal:
            changes, text = _after(pos, verdict)
            data = {"ruleset": label, **verdict.as_json(), "changes": changes, "after": text}
            typer.echo(json.dumps(data, indent=2))
        else:
            _print_rows(rows, json_)
        if show and verdict.legal and not json_:
            _show(pos, verdict)
    else:
        rows = rule_under(doc, move, rulesets, tuple(set_ or ()))
        if all(row.exception is not None for row in rows):
            first = rows[0].exception
            assert first is not None
            raise first  # the position fits no ruleset asked: one error, exit 2
        _print_rows(rows, json_)
    if any(row.verdict is not None and not row.verdict.legal for row in rows):
        raise typer.Exit(code=1)


def _open_moves(
    position: str,
    variants: list[str] | None,
    sets: list[str] | None,
    json_: bool,
    show: bool,
    all_: bool,
) -> None:
    """``ruling`` without a move: whose turn it is, how to ask about one move, and the moves
    open to them (the list ``canasta moves`` prints)."""
    import shlex

    from ..notation.moves import legal_move_texts
    from .movelist import echo_lines, move_lines, to_move, width

    # click's UsageError, as typer carries it (its own copy of click in some versions): a usage
    # error raised in a command gets the command's name from the context click adds to it.
    usage_error = typer.BadParameter.__mro__[1]
    if all_ or (variants and len(variants) > 1):
        raise usage_error("name a MOVE to rule on under several rulesets")
    if show:
        raise usage_error("--show shows the position after a move: name the MOVE")
    variant = variants[0] if variants else None
    pos = read_position_of(read_document(position), variant, sets)
    groups = legal_move_texts(pos)
    if json_:
        seat = "" if pos.state.over else seat_names(pos.rules.players)[pos.state.actor]
        typer.echo(json.dumps({"to_move": seat, "moves": dict(groups)}, indent=2))
        return
    if not groups:
        typer.echo("no legal move: the hand is over" if pos.state.over else "no legal move")
        return
    example = next((m for _, ms in groups for m in ms if "CARD" not in m), "draw")
    example = example.partition(" (")[0].partition(" / ")[0]
    options = [a for v in variants or () for a in ("--variant", v)]
    options += [a for kv in sets or () for a in ("--set", kv)]
    command = " ".join(["canasta ruling", shlex.quote(position), *map(shlex.quote, options)])
    said = f'"{example}"' if " " in example else example
    # One line where it fits; else the command on a line of its own, whole, to be copied.
    head = [f"It is {to_move(pos)}'s turn. To ask about one move: {command} {said}"]
    if len(head[0]) > width():
        head = [f"It is {to_move(pos)}'s turn. To ask about one move:", f"{command} {said}"]
    echo_lines([*head, *move_lines(pos, groups, width())])


def _after(pos: ReadPosition, verdict: Verdict) -> tuple[list[str], str | None]:
    """What a legal move changed, and the position after it (in the notation), or None where it
    cannot be written: a foot taken up that the position gave as a count is now the player's
    hand, and its cards are not known."""
    from ..engine.moves import Foot, TakePile
    from ..notation.ruling import consequences
    from ..notation.writer import position_text

    if verdict.unnamed:
        why = verdict.unnamed.partition(", so")[0]  # 'the card drawn is not named'
        return [f"the position after the draw is not shown, as {why}"], None
    assert verdict.before is not None and verdict.after is not None
    changes = consequences(verdict.before, verdict.after, verdict.moves)
    moves = list(verdict.moves)
    blind = [p for p, m in moves if isinstance(m, Foot) and p in pos.unseen_feet]
    if blind:
        seat = seat_names(verdict.before.rules.players)[blind[0]]
        changes.append(
            f"{seat_word(seat)}'s hand is now the foot the position gives as a count, so the "
            f"position after the move is not written (give the foot's cards as 'foot {seat}: ...')"
        )
        return changes, None
    took = any(isinstance(m, TakePile) for _, m in moves)  # the unseen cards now in hand
    # The cards that came with the pile ('turn: took ...'), where every one of them was written.
    taken = verdict.before.pile if took and not pos.unseen else []
    keep = [(n, v) for n, v in pos.tags if n not in ("Scores", "Dealer")]
    text = position_text(
        verdict.after,
        keep,
        0 if took else pos.unseen,
        taken,
        pos.unseen_feet,
        pos.unseen_hands,
    )
    return changes, text


def _show(pos: ReadPosition, verdict: Verdict) -> None:
    from ..engine.scoring import hand_rows, score_hand
    from ..notation.unseen import unscored
    from ..seats import side_names

    changes, text = _after(pos, verdict)
    after = verdict.after
    console.print()
    for line in changes:
        console.print(f"- {line}", markup=False)
    console.print()
    if after is not None and after.over:
        r = after.rules
        unknown = unscored(pos, after)
        console.print(
            breakdown_table(
                side_names(r.players, r.sides),
                score_hand(after),
                unknown=unknown,
                hand_rows=hand_rows(r),
            )
        )
        for d in unknown.values():
            console.print(f"depends on: {d.text}", markup=False)
        console.print()
    if text is not None:
        typer.echo(text, nl=False)


def fmt_cmd(
    file: FileArg,
    in_place: Annotated[bool, typer.Option("--in-place", "-i", help="Rewrite the file.")] = False,
    check: Annotated[
        bool, typer.Option("--check", help="Exit 1 if the file is not in the standard layout.")
    ] = False,
) -> None:
    """Rewrite a record or position in the standard layout.

    One line a turn, cards and seats written the one way the reader writes them; a file in that
    layout is left as it is."""
    from ..fileio import write_text_atomic
    from ..notation import format_document, parse
    from ..notation.parser import read_text

    if in_place and check:
        raise typer.BadParameter("use one of --in-place and --check, not both", param_hint="-i")
    original = read_text(file)
    text = format_document(parse(original, file))
    if check:
        if text != original:
            typer.echo(f"{file}: not in the standard layout (canasta fmt -i rewrites it)", err=True)
            raise typer.Exit(code=1)
        return
    if in_place:
        if text != original:
            write_text_atomic(file, text)
        return
    typer.echo(text, nl=False)


def record_cmd(
    variant: Annotated[
        str, typer.Argument(metavar="VARIANT|FILE", help="A built-in name or a variant file.")
    ],
    seed: Annotated[
        int, typer.Option("--seed", metavar="SEED", help="Seed for the deals and the bots.")
    ] = 0,
    bots: Annotated[
        str,
        typer.Option("--bots", metavar="KIND", help=f"The bots at every seat: {BOTS_HELP}."),
    ] = "greedy",
    players: PlayersOption = None,
    set_: SetOption = None,
    seeded_deals: Annotated[
        bool,
        typer.Option(
            "--seeded-deals", help="Name each hand's seed instead of writing the deal out."
        ),
    ] = False,
    out: Annotated[
        str | None, typer.Option("--out", "-o", metavar="FILE", help="Write to this file.")
    ] = None,
) -> None:
    """A game played by bots, written as a record."""
    from ..bots import BOT_KINDS, is_bot_kind, make_bot
    from ..engine.game import Game
    from ..errors import CanastaError
    from ..notation.record import game_record, variant_tag

    check_seed(seed)
    if not is_bot_kind(bots):
        raise typer.BadParameter(f"use {', '.join(BOT_KINDS)}", param_hint="--bots")
    lv = load_ref(variant, set_)
    try:
        game = Game(lv.variant, seed, players)
    except ValueError as e:
        raise CanastaError(str(e)) from None
    result = game.play(make_bot(bots, seed))
    text = game_record(
        game.rules,
        result,
        variant_tag(variant, out),  # a file named as the record's replay looks for it
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
