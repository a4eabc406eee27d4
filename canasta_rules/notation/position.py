"""Reading positions: one moment of a hand, written out (docs/notation.md, "Positions").

A position names its ruleset with the same tags as a record, then lists every hand, each side's
melds and red threes, the pile from bottom to top, and who is to move in which phase (or who went
out, for a finished hand). What it leaves out is derived: the stock is the rest of the pack, in an
unknown order; a side with melds has opened; the pile is frozen when it holds a card that freezes.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.position import Position
from ..engine.rules import Rules, rules_for
from ..engine.state import DealError, Phase, State
from ..errors import NotationError, quoted
from ..seats import seat_names, side_names
from ..variant import LoadedVariant, load
from . import ast as A
from .replay import parse_side_values

_PHASES = {
    "draw": Phase.DRAW,
    "play": Phase.PLAY,
    "answer": Phase.ANSWER,
    "expose": Phase.EXPOSE,
    "over": Phase.OVER,
}


@dataclass
class ReadPosition:
    loaded: LoadedVariant
    rules: Rules
    state: State
    tags: list[tuple[str, str]]


def _err(doc: A.Document, at: A.Where, msg: str) -> NotationError:
    return NotationError(msg, doc.file, at.line, at.column)


def read_position(
    doc: A.Document, variant: str | None = None, sets: tuple[str, ...] = ()
) -> ReadPosition:
    """The state a position document describes."""
    tags = {t.name: t for t in doc.tags()}
    ref, own_sets = doc.ruleset(variant)
    loaded = load(ref, own_sets + sets)
    hands_lines = [ln.item for ln in doc.lines if isinstance(ln.item, A.PosHand)]
    players = len(hands_lines) or None
    try:
        r = rules_for(loaded.variant, players)
    except ValueError as e:
        raise _err(doc, hands_lines[0].at if hands_lines else A.Where(1, 1), str(e)) from None
    seats = seat_names(r.players)
    sides = side_names(r.players, r.sides)

    def seat(name: str, at: A.Where) -> int:
        if name not in seats:
            raise _err(doc, at, f"no seat {quoted(name)} at this table (seats: {', '.join(seats)})")
        return seats.index(name)

    def side(name: str, at: A.Where) -> int:
        canon = "".join(sorted(name))
        for i, s in enumerate(sides):
            if "".join(sorted(s)) == canon:
                return i
        raise _err(doc, at, f"no side {quoted(name)} (sides: {', '.join(sides)})")

    hands: list[list[int] | None] = [None] * r.players
    melds: list[list[tuple[int, ...]]] = [[] for _ in range(r.sides)]
    reds: list[list[int]] = [[] for _ in range(r.sides)]
    pile: list[int] = []
    turn = 0
    phase = Phase.DRAW
    went_out = -1
    concealed = False
    frozen: bool | None = None
    stock_count: A.Assertion | None = None
    saw_move = False
    for ln in doc.lines:
        it = ln.item
        if isinstance(it, A.PosHand):
            p = seat(it.seat, it.at)
            if hands[p] is not None:
                raise _err(doc, it.at, f"{it.seat}'s hand is listed twice")
            hands[p] = list(it.cards)
        elif isinstance(it, A.PosMelds):
            melds[side(it.side, it.at)].extend(it.melds)
        elif isinstance(it, A.PosRed):
            reds[side(it.side, it.at)].extend(it.cards)
        elif isinstance(it, A.UpcardLine):
            pile = list(it.cards)
        elif isinstance(it, A.PosToMove):
            turn = seat(it.seat, it.at)
            phase = _PHASES[it.phase]
            saw_move = True
        elif isinstance(it, A.PosOut):
            went_out = seat(it.seat, it.at)
            turn = went_out
            concealed = it.concealed
            phase = Phase.OVER
            saw_move = True
        elif isinstance(it, A.Assertion) and it.kind == "frozen":
            frozen = it.flag
        elif isinstance(it, A.Assertion) and it.kind == "stock":
            stock_count = it
        elif isinstance(it, A.Tag | A.CommentOnly):
            continue
        else:
            raise _err(doc, it.at, "this line belongs in a game record, not in a position")
    if not hands_lines:
        raise _err(doc, A.Where(1, 1), "a position lists every hand ('hand N: ...')")
    if not saw_move:
        msg = "say who is to move ('to move: N draw') or who went out ('out N')"
        raise _err(doc, hands_lines[-1].at, msg)
    scores = [0] * r.sides
    stag = tags.get("Scores")
    if stag is not None:
        try:
            pairs = parse_side_values(stag.value)
        except ValueError:
            raise _err(doc, stag.at, "Scores should read like 'NS 1600, EW 0'") from None
        for name, value in pairs:
            scores[side(name, stag.at)] = value
    dealer = r.players - 1
    dtag = tags.get("Dealer")
    if dtag is not None:
        dealer = seat(dtag.value, dtag.at)
    pos = Position(
        rules=r,
        hands=[h or [] for h in hands],
        melds=melds,
        red_threes=reds,
        pile=pile,
        scores=scores,
        dealer=dealer,
        turn=turn,
        phase=phase,
        drew=1,
        frozen=frozen,
        went_out=went_out,
        concealed=concealed,
    )
    try:
        state = pos.to_state()
    except DealError as e:
        raise _err(doc, hands_lines[0].at, str(e)) from None
    if phase == Phase.ANSWER:
        raise _err(doc, hands_lines[0].at, "a position cannot start while a partner is answering")
    if stock_count is not None and stock_count.number != len(state.stock):
        msg = (
            f"the stock is the rest of the pack: {len(state.stock)} cards here, "
            f"not {stock_count.number}"
        )
        raise _err(doc, stock_count.at, msg)
    return ReadPosition(loaded, r, state, [(t.name, t.value) for t in doc.tags()])
