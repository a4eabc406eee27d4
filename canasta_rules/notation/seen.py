"""A moment of a replayed hand as one player sees it (``canasta replay --at H.T --as SEAT``).

At the table a player knows their own hand, what lies face up (melds, red threes, the pile, a
card exposed by a penalty), and the cards seen going into another player's hand: the pile a
player takes was face up card by card as it was discarded, so its cards are known to be in the
taker's hand until they come out again. Everything else of another hand (the deal, the stock
draws, a talon) is unseen, and so is every foot still face down, the player's own included.

:func:`known_cards` follows the hand's moves and keeps, for each player, the cards known to be
in that hand: the pile's cards when the player takes it, less each card of a rank that player
then lays or discards (copies of a card cannot be told apart, so a card laid may be the known
one). The position written from that (:func:`position_as_seen`) gives every other hand as
``hand E: N unseen, CARDS``; a ruling on the player's own move there is the same as on the
whole position (tests/test_rulings_at_the_table.py checks this over random play).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..engine.moves import Discard, Meld, Move, TakePile
from ..engine.penalties import face_up
from ..engine.state import State
from .writer import position_text


def known_cards(
    start: State, moves: Sequence[tuple[int, Move]], end: State, seat: int
) -> dict[int, tuple[int, ...]]:
    """For each player but ``seat``: the cards of their hand in ``end`` that ``seat`` has seen
    go into it (and not come out since), after ``moves`` (seat, move as applied) from
    ``start``."""
    r = start.rules
    bonus = r.bonus
    pile = list(start.pile)
    known = [Counter[int]() for _ in range(r.players)]
    for actor, m in moves:
        entered: Counter[int] = Counter()
        laid: Counter[int] = Counter()
        if isinstance(m, TakePile):
            entered.update(pile)  # every card of the pile was face up when it was laid
            laid.update(pile[-1:])  # the top card goes to the meld with the cards shown
            laid.update(c for c in pile if bonus[c])  # red threes in it are laid face up
            laid.update(m.shown)
            laid.update(c for g in m.melds for c in g)
            pile = []
        elif isinstance(m, Meld):
            laid.update(c for g in m.melds for c in g)
            laid.update(c for _, g in m.adds for c in g)
        elif isinstance(m, Discard):
            laid[m.card] += 1
            pile.append(m.card)
        if entered or laid:
            k = known[actor] + entered
            k.subtract(laid)
            known[actor] = +k  # keeps the counts above zero
    out: dict[int, tuple[int, ...]] = {}
    for p in range(r.players):
        if p == seat:
            continue
        k = known[p]
        shown = face_up(end, p)  # exposed by a penalty: face up, still in the hand
        for c in shown:
            k[c] = max(k[c], shown.count(c))
        held = end.hands[p]
        cards = [c for c in sorted(k) for _ in range(min(k[c], held[c]))]
        out[p] = tuple(cards)
    return out


def position_as_seen(
    start: State,
    moves: Sequence[tuple[int, Move]],
    end: State,
    seat: int,
    tags: Sequence[tuple[str, str]],
) -> str:
    """The position ``end`` as ``seat`` sees it: the other hands as counts with the cards known
    to be in them, every foot still face down as a count."""
    feet = frozenset(p for p in range(end.rules.players) if end.feet and end.feet[p])
    known = known_cards(start, moves, end, seat)
    return position_text(end, tags, 0, (), feet, known)
