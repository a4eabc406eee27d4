"""What the pages show of a position, a ruling and a replay: plain data for the templates and the
page's script, read from the library. Nothing here decides a rule."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import cards as C
from ..engine.scoring import SideScore
from ..engine.state import Phase, State
from ..errors import CanastaError
from ..notation import read, read_position
from ..notation.moves import legal_move_texts
from ..notation.ruling import Verdict, rule_on
from ..notation.steps import Steps, steps
from ..notation.wording import how_ended
from ..seats import seat_names, side_names


def _cards(cards: list[int] | tuple[int, ...]) -> list[str]:
    return [C.name(c) for c in sorted(cards, key=C.sort_key)]


def _meld_title(rank: int, kind: int) -> str:
    if kind == 1:
        return "run"
    if kind == 2:
        return "wild cards"
    return C.rank_word(rank, plural=True)


def table(s: State, seats: tuple[str, ...] | None = None) -> dict[str, Any]:
    """The table after a turn: every hand, each side's melds and red threes, the pile, the stock."""
    r = s.rules
    seats = seats or seat_names(r.players)
    sides = side_names(r.players, r.sides)
    melds = []
    for side, name in enumerate(sides):
        rows = []
        for m in s.melds[side].values():
            rows.append(
                {
                    "title": _meld_title(m.rank, m.kind),
                    "cards": _cards(m.cards),
                    "canasta": r.is_canasta(m.naturals, m.naturals + m.wilds),
                }
            )
        melds.append(
            {
                "side": name,
                "melds": rows,
                "red_threes": _cards(s.red3[side]),
                "score": s.scores[side],
            }
        )
    return {
        "hands": [
            {"seat": seat, "cards": _cards(s.hand_cards(p)), "count": s.hand_len[p]}
            for p, seat in enumerate(seats)
        ],
        "sides": melds,
        "pile_top": C.name(s.pile[-1]) if s.pile else "",
        "pile_size": len(s.pile),
        "frozen": s.frozen,
        "stock": len(s.stock),
        "to_move": "" if s.over else seats[s.actor],
        "over": s.over,
        "end": how_ended(s, seats) if s.over else "",
        "phase": s.phase.name.lower() if s.phase != Phase.OVER else "over",
    }


def score_rows(sides: tuple[str, ...], scores: tuple[SideScore, ...]) -> list[list[str]]:
    """The score breakdown as rows: the item, then each side's figure."""
    if not scores:
        return []
    items = [k for k, _ in scores[0].rows()]
    out = [[k, *(str(dict(sc.rows())[k]) for sc in scores)] for k in items]
    out.append(["Total", *(str(sc.total) for sc in scores)])
    return [["", *sides], *out]


@dataclass(frozen=True)
class Answer:
    """A ruling as ``canasta ruling`` gives it, with the legal moves of the position."""

    verdict: Verdict | None
    error: str = ""
    moves: list[tuple[str, list[str]]] = field(default_factory=list)
    to_move: str = ""


def ruling(position: Path, move: str, variant: str | None, sets: tuple[str, ...]) -> Answer:
    """Rule on ``move`` in the position file ``position`` (an upload in its own folder)."""
    try:
        pos = read_position(read(str(position)), variant, sets)
    except CanastaError as e:
        return Answer(None, plain(e, position.parent))
    moves = legal_move_texts(pos)
    who = "" if pos.state.over else seat_names(pos.rules.players)[pos.state.actor]
    if not move.strip():
        return Answer(None, "", moves, who)
    try:
        return Answer(rule_on(pos, move), "", moves, who)
    except CanastaError as e:
        return Answer(None, plain(e, position.parent), moves, who)


def replay_steps(record: Path) -> tuple[Steps | None, str]:
    """Every turn of an uploaded record, or why it cannot be read at all."""
    try:
        return steps(read(str(record))), ""
    except CanastaError as e:
        return None, plain(e, record.parent)


def step_data(st: Steps) -> list[dict[str, Any]]:
    """Each step as plain data for the page's script."""
    out = []
    for step in st.steps:
        out.append(
            {
                "hand": step.hand,
                "turn": step.turn,
                "text": step.text,
                "table": table(step.state, st.seats),
                "score": score_rows(st.sides, step.score),
            }
        )
    return out


def plain(e: CanastaError, folder: Path) -> str:
    """An error's lines, its files named as they were uploaded (without the private folder the
    server kept them in)."""
    return "\n".join(e.lines()).replace(f"{folder}{os.sep}", "")
