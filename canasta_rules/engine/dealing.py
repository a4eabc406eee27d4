"""The deal that starts a hand: seeded (:func:`deal`), which knows the order of the stock, or
written out card by card (:func:`from_layout`), whose stock is the rest of the pack in an unknown
order, so that every draw must say which cards it took. The upcard is turned and the red threes
dealt are laid down here; :func:`empty_state` is the blank hand both start from (positions too).
"""

from __future__ import annotations

import random

from .. import cards as C
from .rules import BLACK3_KEY, KEY_OF, RED3_KEY, Rules
from .state import DealError, Phase, State, begin_turn, clear_turn


def empty_state(
    rules: Rules,
    dealer: int,
    scores: list[int],
    hand_no: int,
    previous: list[int] | None = None,
    player_scores: list[int] | None = None,
) -> State:
    n = rules.players
    s = State.__new__(State)
    s.rules = rules
    s.hands = [[0] * C.NUM_CARD_IDS for _ in range(n)]
    s.rc = [[0] * 16 for _ in range(n)]
    s.hand_len = [0] * n
    s.stock = []
    s.stock_known = True
    s.pile = []
    s.frozen = False
    s.freeze_card = -1
    s.freeze_spared = 0
    s.pile_takers = 0
    s.melds = [{} for _ in range(rules.sides)]
    s.red3 = [[] for _ in range(rules.sides)]
    s.side_of = rules.side_of
    s.opened = [False] * rules.sides
    s.player_melded = [False] * n
    s.asked_hand = 0
    s.prior_melded = False
    s.scores = list(scores) if scores else [0] * rules.sides
    if len(s.scores) != rules.sides:
        raise DealError(f"expected {rules.sides} side scores, got {len(s.scores)}")
    s.previous = list(previous) if previous else [0] * rules.sides
    if len(s.previous) != rules.sides:
        raise DealError(f"expected {rules.sides} previous-hand scores, got {len(s.previous)}")
    if player_scores:
        s.player_scores = list(player_scores)
        if len(s.player_scores) != n:
            raise DealError(f"expected {n} player scores, got {len(s.player_scores)}")
    else:
        s.player_scores = [s.scores[rules.side_of[p]] for p in range(n)]
    s.penalties = [0] * rules.sides
    s.dealer = dealer % n
    s.dealt_red3 = [[] for _ in range(n)]
    s.hand_no = hand_no
    s.turn = rules.next_seat(s.dealer)
    s.phase = Phase.DRAW
    s.had_turn = [False] * n
    clear_turn(s)
    s.last_drawer = -1
    s.end_reason = ""
    s.out_player = -1
    s.concealed = False
    s.moves = 0
    s.no_draw = 0
    s.face_up = ()
    s.feet = [() for _ in range(n)] if rules.foot else []
    s.walking = False
    return s


def _turn_upcard(s: State) -> None:
    """Start the pile: turn cards until one the variant does not cover shows."""
    r = s.rules
    while s.stock:
        c = s.stock.pop()
        s.pile.append(c)
        if r.upcard_freezes[c] and not s.frozen:
            s.frozen = True
            s.freeze_card = c
        if not r.cover[c]:
            return


def _expose_dealt_red_threes(s: State) -> None:
    """Setup-time exposure: in turn order, lay down dealt red threes and draw replacements."""
    r = s.rules
    p = r.next_seat(s.dealer)
    black = r.black3_bonus  # black threes are laid out too (black_threes.bonus)
    for _ in range(r.players):
        while (s.rc[p][RED3_KEY] or (black and s.rc[p][BLACK3_KEY])) and s.stock:
            for c in r.bonus_cards:
                while s.hands[p][c] and s.stock:
                    s.remove_card(p, c)
                    s.red3[r.side_of[p]].append(c)
                    s.dealt_red3[p].append(c)
                    s.add_card(p, s.stock.pop())
        p = r.next_seat(p)


def deal(
    rules: Rules,
    seed: int | str,
    dealer: int = 0,
    scores: list[int] | None = None,
    hand_no: int = 1,
    previous: list[int] | None = None,
    player_scores: list[int] | None = None,
) -> State:
    """A seeded deal: the same rules and seed give the same hand on every machine.

    ``scores`` are the sides' cumulative scores, ``previous`` their scores in the previous hand
    and ``player_scores`` each player's own total (what ``initial_meld.basis`` may read)."""
    s = empty_state(rules, dealer, scores or [], hand_no, previous, player_scores)
    stock = list(rules.deck)
    random.Random(seed).shuffle(stock)
    # The stock's top is the end of the list; deal one card at a time from the top, starting
    # with the player after the dealer.
    p = rules.next_seat(s.dealer)
    hands, keys, hand_len = s.hands, s.rc, s.hand_len
    step, players = rules.step, rules.players
    for _ in range(rules.hand_size * players):
        c = stock.pop()
        hands[p][c] += 1  # State.add_card
        keys[p][KEY_OF[c]] += 1
        hand_len[p] += 1
        p = (p + step) % players  # Rules.next_seat
    if rules.foot:
        # The feet are dealt after the hands, in the same way (foot.kind = "foot").
        feet: list[list[int]] = [[] for _ in range(rules.players)]
        for _ in range(rules.foot_size * rules.players):
            feet[p].append(stock.pop())
            p = rules.next_seat(p)
        s.feet = [tuple(f) for f in feet]
    s.stock = stock
    if rules.upcard:
        _turn_upcard(s)
    if not rules.red3_first_turn:
        _expose_dealt_red_threes(s)
    begin_turn(s, rules.next_seat(s.dealer))
    return s


def from_layout(
    rules: Rules,
    hands: list[list[int]],
    pile: list[int],
    red3: list[list[int]] | None = None,
    dealer: int = 0,
    scores: list[int] | None = None,
    hand_no: int = 1,
    stock: list[int] | None = None,
    previous: list[int] | None = None,
    player_scores: list[int] | None = None,
    feet: list[list[int]] | None = None,
) -> State:
    """A deal written out card by card.

    ``hands`` are each player's cards after any setup exposure, ``red3`` the red threes each
    player laid down during the deal, ``pile`` the upcards from bottom to top. The stock is the
    rest of the pack: in the given order (top last) if ``stock`` is given, otherwise unknown.
    ``feet`` are each player's foot where the variant deals one (``foot.kind = "foot"``).
    """
    s = empty_state(rules, dealer, scores or [], hand_no, previous, player_scores)
    n = rules.players
    if len(hands) != n:
        raise DealError(f"the deal lists {len(hands)} hands for {n} players")
    red3 = red3 or [[] for _ in range(n)]
    counts = [0] * C.NUM_CARD_IDS
    order = [rules.next_seat(s.dealer)]
    while len(order) < n:
        order.append(rules.next_seat(order[-1]))
    for p in order:  # in turn order from the dealer's left, as the deal lays red threes down
        h = hands[p]
        reds = red3[p] if p < len(red3) else []
        for c in reds:
            if not rules.bonus[c]:
                raise DealError(f"{C.name(c)} is laid down as a red three but is not one")
            s.red3[rules.side_of[p]].append(c)
            s.dealt_red3[p].append(c)
            counts[c] += 1
        if len(h) != rules.hand_size:
            raise DealError(f"seat {p} holds {len(h)} cards; this variant deals {rules.hand_size}")
        for c in h:
            if rules.bonus[c] and not rules.red3_first_turn:
                raise DealError(
                    f"{C.name(c)} is in a hand, but this variant lays dealt "
                    f"{'red' if C.is_red_three(c) else 'black'} threes down during the deal: "
                    "list it among that player's laid-out threes"
                )
            counts[c] += 1
        own, own_keys = s.hands[p], s.rc[p]  # the cards into the hand (State.add_card)
        for c in h:
            own[c] += 1
            own_keys[KEY_OF[c]] += 1
        s.hand_len[p] += len(h)
    if rules.foot:
        if feet is None or len(feet) != n:
            raise DealError("this variant deals every player a foot: the deal must list each one")
        for p, foot in enumerate(feet):
            if len(foot) != rules.foot_size:
                raise DealError(
                    f"seat {p}'s foot holds {len(foot)} cards; this variant deals {rules.foot_size}"
                )
            for c in foot:
                counts[c] += 1
        s.feet = [tuple(f) for f in feet]
    elif feet:
        raise DealError("this variant deals no foot")
    for c in pile:
        s.pile.append(c)
        counts[c] += 1
        if rules.upcard_freezes[c] and not s.frozen:
            s.frozen = True
            s.freeze_card = c
    if not rules.upcard:
        if pile:
            raise DealError("this variant turns no upcard: the pile starts empty")
    elif not pile:
        raise DealError("the deal needs an upcard")
    for c in pile[:-1]:
        if not rules.cover[c]:
            raise DealError(
                f"{C.name(c)} would not have been covered at the start under this variant"
            )
    if pile and rules.cover[pile[-1]]:
        raise DealError(f"{C.name(pile[-1])} would have been covered by another upcard")
    fill_stock(s, counts, stock, "deal")
    begin_turn(s, rules.next_seat(s.dealer))
    return s


def fill_stock(s: State, counts: list[int], stock: list[int] | None, what: str) -> None:
    """Make the stock the rest of the pack, given how many of each card ``counts`` has placed
    elsewhere: in the order given (top last), or in an unknown order."""
    pack = s.rules.deck_counts
    for c in range(C.NUM_CARD_IDS):
        if counts[c] > pack[c]:
            raise DealError(
                f"the {what} uses {counts[c]} of {C.name(c)}, but the pack holds {pack[c]}"
            )
    rest = [c for c in range(C.NUM_CARD_IDS) for _ in range(pack[c] - counts[c])]
    if stock is not None:
        if sorted(stock) != rest:
            raise DealError("the stock given is not the rest of the pack")
        s.stock = list(stock)
        s.stock_known = True
    else:
        s.stock = rest
        s.stock_known = False
