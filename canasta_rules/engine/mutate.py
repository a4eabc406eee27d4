"""Applying moves to a state, unchecked: the state changes every move makes.

``apply`` checks the move first and raises :class:`IllegalMoveError` with the reason;
``apply_unchecked`` trusts its caller (the move generator's output, or a move already checked).
Both return the move as it happened, with any stock cards it drew filled in.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..cards import NUM_CARD_IDS
from .checks import (
    PILE,
    STOCK,
    concealed_now,
    draw_ends_hand,
    foot_next,
    pile_home,
    resolve_key,
    talon_size,
)
from .meldkinds import KIND, closed_group, recognise, set_aside
from .moves import Answer, Ask, Discard, Draw, Expose, Foot, Meld, Move, TakePile
from .rules import (
    BLACK3_KEY,
    CARDS_OF_KEY,
    GROUP,
    IS_WILD,
    KEY_OF,
    RED3_KEY,
    RUN,
)
from .state import (
    ANSWER,
    ANSWER_NO,
    ANSWER_YES,
    DRAW,
    FOOT,
    OVER,
    PLAY,
    State,
    begin_turn,
    form_sides,
)

_DRAWN_ONE: tuple[Draw, ...] = tuple(Draw((c,)) for c in range(NUM_CARD_IDS))
"""A draw of one card, as applied (moves are immutable, so these are shared)."""


def _draw_sequence(s: State, player: int, cards: tuple[int, ...] | None, need: int) -> list[int]:
    """Draw ``need`` non-red-three cards (red threes exposed as they come). Ends the hand if a
    red three comes as the last stock card."""
    r = s.rules
    stock = s.stock
    if cards is None and need == 1 and stock and not r.bonus[stock[-1]]:
        # One card off a known stock, not a bonus three (most draws): the loop below, unrolled.
        c = stock.pop()
        s.hands[player][c] += 1  # State.add_card
        s.rc[player][KEY_OF[c]] += 1
        s.hand_len[player] += 1
        if not stock and s.last_drawer < 0:
            s.last_drawer = player
        return [c]
    side = r.side_of[player]
    taken: list[int] = []
    i = 0
    while need > 0 and stock:
        # State.take_from_stock; with no cards named, the top of the stock.
        c = stock.pop() if cards is None else s.take_from_stock(cards[i])
        i += 1
        taken.append(c)
        if r.bonus[c]:  # a red three (or a black one, where black_threes.bonus) is laid out
            s.red3[side].append(c)
            if not stock:
                s.end("red_three_last")
                break
        else:
            s.add_card(player, c)
            need -= 1
    if not stock and s.last_drawer < 0:
        s.last_drawer = player
    return taken


def _went_out(s: State, player: int) -> None:
    if s.rules.lone_pickup:
        form_sides(s, player)  # nobody took the pile: whoever goes out is the one alone
    s.out_player = player
    s.concealed = concealed_now(s, player, s.turn_new, s.turn_added_old)
    s.end("went_out")


def _finish_turn(s: State) -> None:
    p = s.turn
    r = s.rules
    s.had_turn[p] = True
    if r.stock_out_last_turn and s.last_drawer >= 0:
        s.end("stock_exhausted")
        return
    if r.short_stock_ends and 0 < len(s.stock) < r.draw_count:
        # draw.short_stock = "end_hand": no one can make a full draw any more, so the player who
        # left the stock short was the last to draw (002, drawing two: the hand ends then).
        s.end("stock_exhausted")
        return
    begin_turn(s, r.next_seat(p))


def _lay(s: State, side: int, rank: int, cards: tuple[int, ...], kind: int = GROUP) -> None:
    """Lay ``cards`` on the side's meld filed under ``rank`` (a new meld of ``kind`` if there is
    none, or if the one there is a closed canasta, which moves aside)."""
    melds = s.melds[side]
    old = melds.get(rank)
    wild = 0
    for c in cards:
        if IS_WILD[c]:
            wild += 1
    if old is not None and s.rules.canasta_closed and closed_group(s.rules, old):
        set_aside(melds, rank)
        old = None
    if old is None:
        melds[rank] = KIND[kind].build(rank, cards, wild)
        s.turn_new.append(rank)
        if rank == BLACK3_KEY:
            s.turn_black3 = True
    else:
        melds[rank] = KIND[old.kind].extended(old, cards, wild)
        if rank not in s.turn_new:
            s.turn_added_old = True


def _lay_new(s: State, side: int, cards: tuple[int, ...]) -> None:
    """Lay a new meld: a group of one rank, a meld of wild cards, or a run."""
    _, kind, rank, _ = recognise(s.rules, cards)
    if kind == RUN:
        key = KIND[RUN].home(s.melds[side], rank)
        s.melds[side][key] = KIND[RUN].build(key, cards, 0)
        s.turn_new.append(key)
        return
    _lay(s, side, rank, cards, kind)


def _apply_draw(s: State, m: Draw) -> Move:
    if draw_ends_hand(s):
        s.end("stock_exhausted")
        return Draw(())
    taken = _draw_sequence(s, s.turn, m.cards, s.rules.draw_count)
    if s.phase != OVER:
        s.drew = STOCK
        s.phase = PLAY
    if m.cards is not None:
        return m
    return _DRAWN_ONE[taken[0]] if len(taken) == 1 else Draw(tuple(taken))


def _apply_discard(s: State, m: Discard) -> Move:
    p = s.turn
    c = m.card
    s.hands[p][c] -= 1  # State.remove_card
    s.rc[p][KEY_OF[c]] -= 1
    s.hand_len[p] -= 1
    s.pile.append(c)
    if s.rules.discard_freezes[c]:
        if s.rules.freeze_spares_discarder:
            # 003: frozen against the discarder's opponents; a freezing card of another side on
            # top of it freezes it against every side.
            bit = 1 << s.side_of[p]
            s.freeze_spared = s.freeze_spared & bit if s.frozen else bit
        if not s.frozen:
            s.frozen = True
            s.freeze_card = c
    if s.hand_len[p] == 0:
        _hand_used_up(s, p, True)
        return m
    out: Move = m
    if s.rules.talons:
        # talons: the opening player takes the talon from the stock after the discard (HBC).
        size = talon_size(s)
        if size:
            out = Discard(c, tuple(_draw_sequence(s, p, m.talon, size)))
            if s.over:  # a bonus three was the last stock card
                return out
    _finish_turn(s)
    return out


def _apply_meld(s: State, m: Meld) -> Move:
    p = s.turn
    side = s.side_of[p]
    if s.turn_opened or not s.opened[side]:
        # Cards laid while the side is opening count toward its minimum (judged over the turn).
        value = s.rules.value
        s.turn_opened = True
        s.turn_value += sum(value[c] for g in m.melds for c in g)
        s.turn_value += sum(value[c] for _, g in m.adds for c in g)
    hand, keys = s.hands[p], s.rc[p]
    for g in m.melds:
        for c in g:  # State.remove_card
            hand[c] -= 1
            keys[KEY_OF[c]] -= 1
        s.hand_len[p] -= len(g)
        _lay_new(s, side, tuple(g))
    for ref, g in m.adds:
        for c in g:
            hand[c] -= 1
            keys[KEY_OF[c]] -= 1
        s.hand_len[p] -= len(g)
        key = resolve_key(s, side, ref)
        assert key is not None, "an add to a meld the side does not have"
        _lay(s, side, key, tuple(g))
    s.opened[side] = True
    s.player_melded[p] = True
    s.turn_melded = True
    if s.hand_len[p] == 0:
        _hand_used_up(s, p, False)
    return m


def _apply_take(s: State, m: TakePile) -> Move:
    r = s.rules
    p = s.turn
    side = s.side_of[p]
    top = s.pile.pop()
    if s.turn_opened or not s.opened[side]:
        # As for a meld action: the pickup's cards count toward the opening (judged over the turn).
        value = r.value
        s.turn_opened = True
        s.turn_value += value[top] + sum(value[c] for c in m.shown)
        s.turn_value += sum(value[c] for g in m.melds for c in g)
    rest = s.pile
    s.pile = []
    s.frozen = False
    s.freeze_card = -1
    s.freeze_spared = 0
    s.pile_takers |= 1 << side
    home = pile_home(s, side, top, m.shown, m.onto)  # the group of its rank, or a run
    for c in m.shown:
        s.remove_card(p, c)
    _lay(s, side, home if isinstance(home, int) else KEY_OF[top], (top, *m.shown))
    reds = 0
    own = r.side_of[p]  # red threes are their owner's, whatever side the owner plays for now
    bonus = r.bonus
    hand, keys = s.hands[p], s.rc[p]
    for c in rest:
        if bonus[c]:
            s.red3[own].append(c)
            reds += 1
        else:  # State.add_card
            hand[c] += 1
            keys[KEY_OF[c]] += 1
    s.hand_len[p] += len(rest) - reds
    for g in m.melds:
        for c in g:
            s.remove_card(p, c)
        _lay_new(s, side, tuple(g))
    out: Move = m
    if reds and r.red3_replaced_from_pile:
        replaced = tuple(_draw_sequence(s, p, m.replacements, reds))
        out = TakePile(m.shown, m.melds, replaced, m.onto)
    s.opened[side] = True
    s.player_melded[p] = True
    if r.lone_pickup:
        form_sides(s, p)  # the first to take the pile plays alone (seating.forming)
    if not s.over:
        s.drew = PILE
        s.phase = PLAY
        if s.hand_len[p] == 0:
            _hand_used_up(s, p, False)
    return out


def _apply_expose(s: State, m: Expose) -> Move:
    p = s.turn
    side = s.rules.side_of[p]
    dealt = [c for c in CARDS_OF_KEY[RED3_KEY] for _ in range(s.hands[p][c])]
    for c in dealt:
        s.remove_card(p, c)
        s.red3[side].append(c)
    out = Expose(tuple(_draw_sequence(s, p, m.replacements, len(dealt))))
    if not s.over:
        s.phase = DRAW
    return out


def _hand_used_up(s: State, p: int, by_discard: bool) -> None:
    """Player ``p`` has no card left: the foot waits (``foot.kind``), to be taken up at once
    after a meld (running) or as the turn ends after a discard (walking), or the player has
    gone out."""
    if s.rules.foot and foot_next(s, p, by_discard):
        s.phase = FOOT  # the only move now is to take the foot up (``Foot``)
        s.walking = by_discard
    else:
        _went_out(s, p)


def _apply_foot(s: State, m: Foot) -> Move:
    """Take up the foot: its cards join the (empty) hand, red threes laid down and replaced.
    Walking, the turn then ends; running, the player plays on."""
    p = s.turn
    foot = s.feet[p]
    feet = list(s.feet)  # copied on write (State.feet)
    feet[p] = ()
    s.feet = feet
    reds = 0
    own = s.rules.side_of[p]
    bonus = s.rules.bonus  # red threes, and black ones where black_threes.bonus, are laid out
    for c in foot:
        if bonus[c]:
            s.red3[own].append(c)
            reds += 1
        else:
            s.add_card(p, c)
    out = Foot(tuple(_draw_sequence(s, p, m.replacements, reds))) if reds else Foot()
    if s.over:
        return out
    if s.walking:
        s.walking = False
        _finish_turn(s)
    else:
        s.phase = PLAY
    return out


def _apply_ask(s: State, m: Ask) -> Move:
    r = s.rules
    p = s.turn
    s.asked_hand |= 1 << p  # going_out.permission.once_per_hand
    partners = s.partners(p)
    s.answerer = partners[0]
    for q in partners:  # the next partner in the direction of play answers
        if (q - p) * r.step % r.players < (s.answerer - p) * r.step % r.players:
            s.answerer = q
    s.phase = ANSWER
    return m


def _apply_answer(s: State, m: Answer) -> Move:
    s.permission = ANSWER_YES if m.yes else ANSWER_NO
    s.phase = PLAY if s.drew else DRAW  # asked before drawing: now draw
    s.answerer = -1
    return m


_APPLY: dict[type, Callable[[State, Any], Move]] = {
    Draw: _apply_draw,
    Discard: _apply_discard,
    Meld: _apply_meld,
    TakePile: _apply_take,
    Expose: _apply_expose,
    Ask: _apply_ask,
    Answer: _apply_answer,
    Foot: _apply_foot,
}


def apply_unchecked(s: State, m: Move) -> Move:
    """Apply ``m`` to ``s`` without checking it. Returns the move with drawn cards filled in."""
    s.moves += 1
    out = _APPLY[type(m)](s, m)
    if s.moves >= s.rules.max_moves_per_hand and s.phase != OVER:
        s.end("guard")
    return out
