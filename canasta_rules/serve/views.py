"""What the pages show of a position, a ruling and a replay: plain data for the templates and the
page's script, read from the library. Nothing here decides a rule."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import cards as C
from ..engine.rules import RUN, WILD
from ..engine.scoring import OPTIONAL_ROWS, SideScore
from ..engine.state import Phase, State, TableMeld
from ..errors import CanastaError
from ..notation import read, read_position
from ..notation import saywords as W
from ..notation.moves import legal_move_texts
from ..notation.position import ReadPosition
from ..notation.ruling import Verdict, rule_on
from ..notation.steps import Steps, steps
from ..notation.wording import how_ended
from ..seats import seat_names, seat_word, side_names
from ..variant.compare import flatten_at
from ..variant.spoken import table_words, value_words
from .controls import description
from .words import setting_title


def _cards(cards: list[int] | tuple[int, ...]) -> list[str]:
    """Cards in order, as a player writes them by hand (``K♥``, ``10♠``, ``joker``)."""
    return [W.card_word(c) for c in sorted(cards, key=C.sort_key)]


def _meld_title(m: TableMeld) -> str:
    """A meld as a player names it: ``Kings``, ``Run of hearts``, ``Wild cards``."""
    if m.kind == RUN:
        suit = C.SUIT_OF[next(c for c in m.cards if not C.is_wild(c))]
        return f"Run of {('clubs', 'diamonds', 'hearts', 'spades')[suit]}"
    if m.kind == WILD:
        return "Wild cards"
    return C.rank_word(m.rank, plural=True).capitalize()


def table(s: State, seats: tuple[str, ...] | None = None) -> dict[str, Any]:
    """The table after a turn: every hand, each side's melds and red threes, the pile, the stock;
    seats by name (``North``), sides as players write them (``NS``)."""
    r = s.rules
    seats = seats or seat_names(r.players)
    named = tuple(seat_word(x) for x in seats)
    sides = side_names(r.players, r.sides)
    melds = []
    for side, name in enumerate(sides):
        rows = []
        for m in s.melds[side].values():
            rows.append(
                {
                    "title": _meld_title(m),
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
            for p, seat in enumerate(named)
        ],
        "sides": melds,
        "pile_top": W.card_word(s.pile[-1]) if s.pile else "",
        "pile_size": len(s.pile),
        "frozen": s.frozen,
        "stock": len(s.stock),
        "to_move": "" if s.over else named[s.actor],
        "over": s.over,
        "end": how_ended(s, named) if s.over else "",
        "phase": s.phase.name.lower() if s.phase != Phase.OVER else "over",
    }


def score_rows(sides: tuple[str, ...], scores: tuple[SideScore, ...]) -> list[list[str]]:
    """The score breakdown as rows: the item, then each side's figure."""
    if not scores:
        return []
    items = [k for k, _ in scores[0].rows()]
    figures = [dict(sc.rows()) for sc in scores]
    # the rows a ruleset may not have (runs, wild canastas, ...) only where they scored, as the
    # command line prints them
    items = [k for k in items if k not in OPTIONAL_ROWS or any(f[k] for f in figures)]
    out = [[k, *(str(f[k]) for f in figures)] for k in items]
    out.append(["Total", *(str(sc.total) for sc in scores)])
    return [["", *sides], *out]


@dataclass(frozen=True)
class Answer:
    """A ruling as ``canasta ruling`` gives it, with the legal moves of the position, and what the
    page says of it in words."""

    verdict: Verdict | None
    error: str = ""
    moves: list[tuple[str, list[dict[str, str]]]] = field(default_factory=list)
    """Each kind of legal move, with its moves: the notation, the words, what a click types."""
    to_move: str = ""
    """The seat to move, in words (``West``)."""
    said: str = ""
    """The verdict as a sentence: ``Legal: West may discard the K♥.``"""
    remedy_words: str = ""
    """The legal form of a refused move, in words."""
    rule: dict[str, str] = field(default_factory=dict)
    """The setting behind a refusal: its name and value in words, and its key."""
    ruleset: str = ""
    """The rules ruled under, by title (``Classic Canasta (Pagat's rules)``)."""


def _said(pos: ReadPosition, v: Verdict, move: str) -> str:
    """The verdict in a sentence: who may (or may not) make the move, in words."""
    s = pos.state
    seats = seat_names(pos.rules.players)
    read = W.read_move(move, seats)
    seat = read[0] if read and read[0] else seats[s.actor]
    top = s.pile[-1] if s.pile else None
    what = W.move_words(move, seats, top, s.phase == Phase.ANSWER) or f"play {move.strip()}"
    who = seat_word(seat)
    if v.legal:
        head = "Legal so far" if v.owed else "Legal"
        return f"{head}: {who} may {what}."
    return f"Refused: {who} may not {what}."


def _rule(pos: ReadPosition, v: Verdict) -> dict[str, str]:
    """The setting behind a refusal: ``{name, key, value}`` in words; empty for a rule every
    ruleset shares."""
    key = v.refusal.parameter if v.refusal else ""
    if not key:
        return {}
    flat = flatten_at(pos.loaded.variant, key)
    inner = {k[len(key) + 1 :]: x for k, x in flat.items() if k.startswith(key + ".")}
    what = description(pos.loaded.variant, key)
    return {
        "name": setting_title(key),
        "key": key,
        "what": what.partition(". ")[0].rstrip(".") + "." if what else "",
        "value": value_words(key, flat[key]) if key in flat else table_words(key, inner),
    }


def ruling(
    position: Path, move: str, variant: str | None, sets: tuple[str, ...], pasted: bool = False
) -> Answer:
    """Rule on ``move`` in the position file ``position`` (an upload in its own folder, or the
    text pasted in the Position box: ``pasted``)."""
    boxes = {position.name: "Position"} if pasted else None
    try:
        pos = read_position(read(str(position)), variant, sets)
    except CanastaError as e:
        return Answer(None, plain(e, position.parent, boxes))
    s = pos.state
    seats = seat_names(pos.rules.players)
    top = s.pile[-1] if s.pile else None
    answering = s.phase == Phase.ANSWER
    try:
        texts = legal_move_texts(pos)
    except CanastaError as e:  # the mover's own hand is unseen: their moves cannot be listed
        texts, unlisted = [], plain(e, position.parent, boxes)
    else:
        unlisted = ""
    moves = [(t, [W.listed_move(m, seats, top, answering) for m in ms]) for t, ms in texts]
    who = "" if s.over else seat_word(seats[s.actor])
    if not move.strip():
        return Answer(None, unlisted, moves, who)
    try:
        v = rule_on(pos, move)
    except CanastaError as e:
        return Answer(None, plain(e, position.parent, boxes), moves, who)
    remedy = W.move_words(v.remedy.text, seats, top, answering) if v.remedy else ""
    title = pos.loaded.variant.title + (" with your house rules" if sets else "")
    return Answer(v, "", moves, who, _said(pos, v, move), remedy, _rule(pos, v), title)


def replay_steps(record: Path, pasted: bool = False) -> tuple[Steps | None, str]:
    """Every turn of an uploaded record (or of the text pasted in the Record box: ``pasted``),
    or why it cannot be read at all."""
    try:
        return steps(read(str(record))), ""
    except CanastaError as e:
        return None, plain(e, record.parent, {record.name: "Record"} if pasted else None)


def turn_words(text: str, seats: tuple[str, ...], before: State | None) -> str:
    """A turn of a record in words, said for its seat: ``North: draw the 5♣ from the stock, then
    discard the 3♠`` ('' where the notation cannot read it)."""
    top = before.pile[-1] if before is not None and before.pile else None
    said = []
    for part in text.split("; "):
        read = W.read_move(part, seats)
        words = W.move_words(part, seats, top)
        if read is None or not words:
            return ""
        said.append(f"{seat_word(read[0])}: {words}" if read[0] else words)
    return "; ".join(said)


def step_data(st: Steps) -> list[dict[str, Any]]:
    """Each step as plain data for the page's script."""
    out = []
    before: State | None = None
    for step in st.steps:
        out.append(
            {
                "hand": step.hand,
                "turn": step.turn,
                "text": step.text,
                "words": turn_words(step.text, st.seats, before) if step.text else "",
                "table": table(step.state, st.seats),
                "score": score_rows(st.sides, step.score),
            }
        )
        before = step.state
    return out


_PLACE = re.compile(r"^(\S+?):(\d+):(\d+): ", re.M)


def plain(e: CanastaError, folder: Path, pasted: dict[str, str] | None = None) -> str:
    """An error's lines, its files named as they were uploaded (without the private folder the
    server kept them in). ``pasted`` names the text boxes: ``{file name the server gave the
    pasted text: the box's name}``; a place in one of them, or in the Move box (``<move>``, as
    the library calls a move typed alone), is said as "Position, line 8, column 6"."""
    text = "\n".join(e.lines()).replace(f"{folder}{os.sep}", "")
    boxes = {"<move>": "Move", **(pasted or {})}

    def place(m: re.Match[str]) -> str:
        box = boxes.get(m.group(1))
        if box is None:
            return m.group(0)
        if box == "Move":
            return f"Move, at character {m.group(3)}: "
        return f"{box}, line {m.group(2)}, column {m.group(3)}: "

    return _PLACE.sub(place, text)
