"""The legal moves of a position, in the notation, grouped by kind (``canasta moves``)."""

from __future__ import annotations

from ..engine.generate import legal_moves
from ..engine.legality import draw_ends_hand
from ..engine.moves import Answer, Ask, Discard, Draw, Expose, Foot, Meld, Move, TakePile
from ..engine.state import Phase, State
from ..seats import seat_names
from . import ast as A
from .position import ReadPosition
from .writer import action_text, turn_lines

_GROUPS: tuple[tuple[type, str], ...] = (
    (Expose, "lay down red threes"),
    (Draw, "draw"),
    (TakePile, "take the pile"),
    (Meld, "meld"),
    (Discard, "discard"),
    (Ask, "ask to go out"),
    (Answer, "answer"),
    (Foot, "take up the foot"),
)


def move_text(pos: ReadPosition, m: Move) -> str:
    """``m`` as its seat would write it in a turn line (without the seat)."""
    s = pos.state
    names = seat_names(pos.rules.players)
    if isinstance(m, Answer):
        # The notation writes an answer in the asker's action ('ask yes'), and a ruling on an
        # answering position reads 'ask yes' as the answer: the line a player copies is that one.
        return "ask yes (you answer yes)" if m.yes else "ask no (you answer no)"
    if isinstance(m, Ask):
        return "ask yes / ask no"
    turn = turn_lines(names, [(s.actor, m)])[0]
    act = turn.actions[0]
    if isinstance(act, A.TakeAct) and s.pile:
        act = A.TakeAct(s.pile[-1], act.shown, act.melds, act.replacements, act.at, onto=act.onto)
    return action_text(act)


def draw_placeholder(s: State) -> str:
    """The stock draw where the stock's order is unknown, with a ``CARD`` for each card the draw
    takes (``draw.count``, or what is left of the stock), so that it is copied in a form the
    ruling accepts once the cards are named."""
    n = min(s.rules.draw_count, len(s.stock))
    cards = " ".join(["CARD"] * n)
    held = "any card the stock may hold" if n == 1 else f"any {n} cards the stock may hold"
    return f"draw {cards} ({held})"


def legal_move_texts(pos: ReadPosition) -> list[tuple[str, list[str]]]:
    """The legal moves in ``pos``, grouped by kind, each group in the engine's order.

    Where the stock's order is unknown the engine offers no draw (it cannot say which card comes);
    the list then shows ``draw CARD`` once (``draw CARD CARD`` where two are drawn), for the cards
    the player names."""
    s = pos.state
    blind = pos.moves_unseen()
    if blind is not None:
        raise blind
    groups: dict[str, list[str]] = {}
    for m in legal_moves(s):
        title = next(t for cls, t in _GROUPS if isinstance(m, cls))
        text = move_text(pos, m)
        if text not in groups.setdefault(title, []):
            groups[title].append(text)
    if s.phase == Phase.DRAW and not s.stock_known and s.stock and not draw_ends_hand(s):
        groups.setdefault("draw", []).insert(0, draw_placeholder(s))
    order = [t for _, t in _GROUPS]
    return sorted(groups.items(), key=lambda kv: order.index(kv[0]))
