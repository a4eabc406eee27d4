"""Is this move legal here, and if not, why: the one function every part of the project asks.

``refusal(state, move)`` returns ``None`` for a legal move, or a :class:`Refusal`: a stable rule
code, the variant parameter behind the rule (empty for rules every variant shares), and a message
in a player's words. The replayer, the move generator, the bots and ``canasta ruling`` all rely on
it; the move generator's output is tested to pass it.

Some rules are judged over the whole turn, not one action (001: the cards put down *on that turn*
meet the initial-meld minimum; black threes are melded when *going out*). A meld action that leaves
such a rule unmet is legal when the turn can still be completed legally from the position after it
(the planner in :mod:`.goingout` decides that); the turn's last action (the discard, or the meld
that goes out) is refused if the rule is still unmet.

Layers (no import circles): ``checks`` and ``pile`` judge shapes and pickups, ``mutate`` applies,
``goingout`` plans the rest of a turn, and this module combines them; ``generate`` lists moves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import cards as C
from ..errors import Refusal
from .checks import (
    STOCK,
    check_add,
    check_new_meld,
    check_stock_sequence,
    cite_minimum,
    concealed_now,
    contract_refusal,
    draw_ends_hand,
    foot_next,
    in_hand,
    joined,
    keep_a_card,
    not_held,
    resolve_key,
    run_overlap,
    runs_refusal,
    side_out_refusal,
    talon_size,
    value_of,
    whose_minimum,
)
from .goingout import can_complete_opening, can_go_out
from .limits import banned_on_empty, check_lay, out_refusal
from .meldkinds import NEW_RUN, rank_name, run_span
from .moves import Answer, Ask, Discard, Draw, Expose, Foot, Meld, Move, TakePile
from .mutate import apply_unchecked
from .pile import check_take, pile_takes
from .rules import (
    BLACK3_KEY,
    KEY_OF,
    RED3_KEY,
    RUN,
    RUN_REF0,
    WILD_KEY,
    run_ref_parts,
)
from .state import ANSWER, ANSWER_YES, DRAW, EXPOSE, FOOT, NOT_ASKED, OVER, PLAY, State

__all__ = [
    "check_add",
    "check_new_meld",
    "draw_ends_hand",
    "forced_pickup",
    "is_legal",
    "meld_outcome",
    "refusal",
    "refusal_on_line",
]


def meld_outcome(s: State, m: Meld) -> tuple[Refusal | None, int, list[int], bool]:
    """Check a meld action's cards and shapes, ``m`` as :func:`~.checks.joined` lays it. Returns
    (refusal, canastas after, new ranks, whether it adds to a meld made before this turn)."""
    r = s.rules
    p = s.turn
    side = s.side_of[p]
    melds = s.melds[side]
    all_cards = [c for g in m.melds for c in g] + [c for _, g in m.adds for c in g]
    if not all_cards:
        return Refusal("meld.empty", "", "a meld action needs cards"), 0, [], False
    missing = in_hand(s, p, all_cards)
    if missing is not None:
        return not_held(missing), 0, [], False
    canastas = s.canastas(side)
    new_ranks: list[int] = []
    new_runs: list[tuple[int, int, int]] = []
    for g in m.melds:
        ref, rank, nat, wild = check_new_meld(r, g)
        if ref is not None:
            return ref, 0, [], False
        if rank == NEW_RUN:
            span = run_span(g)
            assert span is not None
            ref = run_overlap(s, side, span, new=new_runs)
            if ref is not None:
                return ref, 0, [], False
            new_runs.append(span)
            new_ranks.append(rank)
            canastas += r.is_canasta(nat, nat + wild)
            continue
        # No side meld of this rank takes cards, and no other new group has it (``joined``).
        new_ranks.append(rank)
        canastas += r.is_canasta(nat, nat + wild)
    added_old = False
    seen_adds: set[int] = set()
    for ref_key, g in m.adds:
        key = resolve_key(s, side, ref_key)
        meld = None if key is None else melds[key]
        if meld is None or key is None:
            return _no_such_meld(s, side, ref_key), 0, [], False
        rank = key
        if rank in seen_adds:
            return (
                Refusal("meld.add_twice", "", f"add to the {rank_name(rank)} once per action"),
                0,
                [],
                False,
            )
        seen_adds.add(rank)
        ref, nat, wild = check_add(r, meld, g)
        if ref is None and meld.kind == RUN:
            ranks = [meld.low, meld.high, *(C.RANK_OF[c] for c in g)]
            ref = run_overlap(s, side, (meld.suit, min(ranks), max(ranks)), skip=key)
        if ref is not None:
            return ref, 0, [], False
        canastas += r.is_canasta(nat, nat + wild) - r.is_canasta(meld.naturals, meld.size)
        if rank not in s.turn_new:
            added_old = True
    return None, canastas, new_ranks, added_old


def meld_name(ref: int) -> str:
    """How a message names the meld an ``add`` refers to."""
    if ref == WILD_KEY:
        return "wild cards"
    if ref >= RUN_REF0:
        suit, rank = run_ref_parts(ref)
        if 0 <= suit < 4 and 4 <= rank <= 14:
            return f"run holding {C.name(C.card(rank, suit))}"
    elif 3 <= ref <= 14:
        return rank_name(ref)
    return f"key {ref}"  # names no rank or run (a table key such as a run's, or junk)


def _no_such_meld(s: State, side: int, ref: int) -> Refusal:
    others = [o for o in range(s.rules.sides) if o != side]
    if any(resolve_key(s, o, ref) is not None for o in others):
        return Refusal(
            "meld.not_your_side",
            "",
            f"the meld of {meld_name(ref)} is your opponents': you may add only to your own "
            "side's melds",
        )
    return Refusal("meld.no_such_meld", "", f"your side has no meld of {meld_name(ref)} to add to")


def _below_minimum(s: State, side: int, total: int, last: bool, concealed: bool = False) -> Refusal:
    """The opening short of its minimum; ``concealed``: the move goes out concealed, which this
    ruleset does not let escape the minimum here."""
    minimum = s.minimum(side)
    whose = whose_minimum(s)
    its = "your" if whose == "your" else "its"
    if last:
        msg = (
            f"{whose} first melds this turn count {total}, short of {its} minimum {minimum}: "
            "the turn cannot end before they reach it"
        )
    else:
        msg = (
            f"{whose} first melds must count at least {minimum} this turn; these count "
            f"{total}, and the rest of your hand cannot make up the difference"
        )
    r = s.rules
    if r.concealed_waives:
        # Said only where it helps: this turn began from the stock and the hand can still go
        # out (below the minimum the going-out plan finds only a concealed finish).
        if s.drew == STOCK and can_go_out(s):
            msg += (
                " (you may still go out concealed this turn instead: after drawing from the "
                "stock, that needs no minimum)"
            )
    elif concealed:
        msg += (
            " (going out concealed does not waive it in this ruleset: "
            "going_out.concealed_waives_minimum)"
        )
    return cite_minimum(s, Refusal("open.below_minimum", "initial_meld.tiers", msg))


def _black_threes_not_out(last: bool) -> Refusal:
    msg = (
        "black threes were melded this turn, so the turn must end by going out"
        if last
        else "black threes may be melded only on a turn in which you go out, and after this you "
        "could not go out"
    )
    return Refusal("meld.black_threes.not_going_out", "black_threes.meld_when_going_out", msg)


def _after_black_threes(m: Meld) -> Refusal | None:
    """Where black threes are the last meld of the going-out turn (``black_threes.meld_last``,
    000), what refuses a later action that lays anything else."""
    laid = [c for g in m.melds for c in g] + [c for _, g in m.adds for c in g]
    other = next((c for c in laid if not C.is_black_three(c)), None)
    if other is None:
        return None
    return Refusal(
        "meld.black_threes.not_last",
        "black_threes.meld_last",
        f"black threes were melded this turn, and they are the last meld before going out: "
        f"{C.name(other)} cannot be laid after them (only more black threes and the discard)",
    )


def _out_but_for_order(t: State) -> bool:
    """Whether the player could still go out from ``t`` (black threes down this turn) if melds
    could follow them: then only ``black_threes.meld_last`` stands in the way. Changes ``t``,
    a scratch copy."""
    t.turn_black3 = False
    return can_go_out(t)


def _waived(s: State, after: State) -> bool:
    """Whether a finish below the minimum is allowed: concealed, after a stock draw."""
    return s.rules.concealed_waives and s.drew == STOCK and after.concealed


def _check_meld(s: State, m: Meld) -> Refusal | None:
    m = joined(s, m)  # matching cards join the side's meld of their rank (applied the same way)
    r = s.rules
    if r.black3_last and s.turn_black3:
        ref = _after_black_threes(m)
        if ref is not None:
            return ref
    p = s.turn
    side = s.side_of[p]
    ref, canastas_after, new_ranks, _added_old = meld_outcome(s, m)
    if ref is not None:
        return ref
    n_cards = sum(len(g) for g in m.melds) + sum(len(g) for _, g in m.adds)
    after = s.hand_len[p] - n_cards
    if r.meld_limits:
        ref = check_lay(s, side, m.melds, m.adds, after)
        if ref is not None:
            return ref
    ref = keep_a_card(s, side, after, canastas_after)
    if ref is not None:
        return ref
    short = s.opening_short(side)
    if short:
        short -= sum(value_of(r, g) for g in m.melds) + sum(value_of(r, g) for _, g in m.adds)
    black = s.turn_black3 or BLACK3_KEY in new_ranks
    obliged = obliged_to_go_out(s)
    unless_concealed = after == 0 and r.discard_unless_concealed
    # With the foot still waiting (foot.kind = "foot") a hand played down is not going out.
    waiting = r.foot and bool(s.feet[p])
    runs_needed = after <= 1 and r.run_canastas_to_go_out > 0 and not waiting
    kinds_needed = after <= 1 and r.kinds_contract and not waiting
    if (
        short <= 0
        and not black
        and not obliged
        and not unless_concealed
        and not runs_needed
        and not kinds_needed
    ):
        return None
    if (
        after == 0
        and not r.foot
        and short <= 0
        and not (unless_concealed or runs_needed or kinds_needed)
    ):
        # This action uses up the hand and no foot waits, so it goes out (mutate._hand_used_up):
        # going out settles black threes and a partner's "yes", and nothing below speaks.
        return None
    t = s.copy()
    apply_unchecked(t, m)
    if t.phase == FOOT:
        # The hand is used up and the foot comes next; the turn goes on, but an opening must
        # have reached its minimum with the hand's cards.
        if short > 0:
            return _below_minimum(s, side, t.turn_value, False)
        return None
    if runs_needed and t.run_canastas(side) < r.run_canastas_to_go_out:
        return runs_refusal(r, after)
    if kinds_needed:
        ref = contract_refusal(t, side, after)
        if ref is not None:
            return ref
    if t.over:  # this action goes out
        if unless_concealed and not t.concealed:
            return Refusal(
                "out.final_discard",
                "going_out.final_discard",
                "only a concealed finish may meld every card: keep one card to discard",
            )
        if short > 0 and not _waived(s, t):
            return _below_minimum(s, side, t.turn_value, True, t.concealed)
        return None
    out_possible = can_go_out(t)
    if obliged and not out_possible:
        return Refusal(
            "out.permission_obliges",
            "going_out.permission",
            "your partner said yes: you must go out this turn, and after this you could not",
        )
    if black and not out_possible:
        others = t.hand_len[p] - t.rc[p][BLACK3_KEY]
        if r.black3_last and others > 1 and _out_but_for_order(t):
            return Refusal(
                "meld.black_threes.not_last",
                "black_threes.meld_last",
                f"black threes are the last meld before going out, and after this you would "
                f"still hold {others} other cards: lay the other melds first, or in the same "
                "action",
            )
        return _black_threes_not_out(False)
    if short > 0 and not out_possible and not can_complete_opening(t):
        # Holding one card or none, the player is about to go out (concealed, if nothing of
        # theirs was on the table): say that this does not waive the minimum here.
        finishing = after <= 1 and concealed_now(t, p, t.turn_new, t.turn_added_old)
        return _below_minimum(s, side, t.turn_value, False, finishing)
    return None


_RED_THREE = tuple(C.is_red_three(c) for c in range(C.NUM_CARD_IDS))


def discard_card_refusal(s: State, card: int) -> Refusal | None:
    """What refuses discarding ``card`` whatever the rest of the turn: not holding it, or its
    being a red three (red threes are laid face up, never discarded: 000, 001, 002, 003, 004).
    In legal play a red three is never in hand after the draw; a written position may hold
    one."""
    if not 0 <= card < C.NUM_CARD_IDS or s.hands[s.turn][card] <= 0:
        return not_held(card)
    if _RED_THREE[card]:
        return Refusal(
            "discard.red_three",
            "red_threes",
            f"{C.name(card)} is a red three: it is laid face up, never discarded",
        )
    r = s.rules
    if r.black3_bonus and C.is_black_three(card):
        return Refusal(
            "discard.black_three",
            "black_threes.bonus",
            f"{C.name(card)} is a black three: here it is laid face up, never discarded",
        )
    if r.empty_bans and not s.pile and banned_on_empty(s, card):
        return empty_pile_refusal(s, card)
    return None


def empty_pile_refusal(s: State, card: int) -> Refusal | None:
    """``pile.empty_discard_bans``: ``card`` may not go onto the empty pile while its player
    holds any card the list does not ban (CJ, PAG). Holding only banned cards, the player may
    discard one: a turn must be able to end, and a player going out holds only the last card
    (PAG's "unless nothing else is held", pinned for every list)."""
    hand = s.hands[s.turn]
    if all(banned_on_empty(s, c) for c in range(C.NUM_CARD_IDS) if hand[c]):
        return None
    return Refusal(
        "discard.empty_pile",
        "pile.empty_discard_bans",
        f"the discard pile is empty: {C.name(card)} may not be discarded onto it while you "
        "hold another card",
    )


def keep_discard_refusal(s: State, can_out: bool | None = None) -> Refusal | None:
    """What refuses a discard that leaves cards in hand, whichever card it is: black threes
    melded this turn (only a going-out turn melds them), an opening still short of its minimum,
    or a partner's binding "yes" while going out is still possible. ``can_out`` is whether the
    player can still go out, when the caller already knows."""
    side = s.side_of[s.turn]
    if s.turn_black3:
        return _black_threes_not_out(True)
    if s.turn_opened and s.opening_short(side) > 0:
        return _below_minimum(s, side, s.turn_value, True)
    if s.permission == ANSWER_YES and s.rules.yes_obliges:
        if can_out is None:
            can_out = can_go_out(s)
        if can_out:
            return Refusal(
                "out.permission_obliges",
                "going_out.permission",
                "your partner said yes: you must go out this turn",
            )
    return None


def _check_discard(s: State, m: Discard) -> Refusal | None:
    ref = discard_card_refusal(s, m.card)
    if ref is not None:
        return ref
    r = s.rules
    p = s.turn
    side = s.side_of[p]
    if s.hand_len[p] - 1 > 0:
        return keep_discard_refusal(s)
    if r.foot and foot_next(s, p, True):
        return keep_discard_refusal(s)  # walking to the foot: the turn ends as usual
    ref = side_out_refusal(s, side)
    if ref is not None:
        return ref
    if r.meld_limits:
        ref = out_refusal(s, side)
        if ref is not None:
            return ref
    if s.turn_opened and s.opening_short(side) > 0:
        concealed = concealed_now(s, p, s.turn_new, s.turn_added_old)
        if not (r.concealed_waives and s.drew == STOCK and concealed):
            return _below_minimum(s, side, s.turn_value, True, concealed)
    return None


def _check_ask(s: State) -> Refusal | None:
    r = s.rules
    p = s.turn
    if not r.permission:
        if r.side_size == 1 and not s.partners(p):  # cutthroat pairs have partners, not asking
            return Refusal("ask.no_partner", "seating.side_size", "you have no partner to ask")
        return Refusal(
            "ask.not_used",
            "going_out.permission",
            "this ruleset has no asking permission to go out",
        )
    if s.permission != NOT_ASKED:
        return Refusal("ask.already", "going_out.permission", "you have already asked this turn")
    if r.ask_once and s.asked_hand >> p & 1:
        return Refusal(
            "ask.once_per_hand",
            "going_out.permission.once_per_hand",
            "you have already asked once this hand, and a player asks only once a hand",
        )
    if s.phase == DRAW:
        return None if r.ask_before_draw else _ask_moment(s, "too_early")
    if s.turn_melded:
        if not r.ask_after_melding:
            return _ask_moment(s, "too_late")
    elif not r.ask_after_draw:
        return _ask_moment(s, "too_early" if r.ask_after_melding else "too_late")
    if s.hand_len[p] < 2:
        return Refusal(
            "ask.one_card",
            "going_out.permission",
            "with one card left there is nothing to ask: discard it to go out",
        )
    if r.ask_only_when_able and not can_go_out(s):
        return Refusal(
            "ask.cannot_go_out",
            "going_out.permission.only_when_able",
            "you could not go out this turn, so there is nothing to ask",
        )
    return None


_MOMENT_WORDS = {
    "before_draw": "before drawing",
    "after_draw": "just after drawing or taking the pile, before melding",
    "after_melding": "after melding",
}


def _ask_moment(s: State, code: str) -> Refusal:
    perm = s.rules.variant.going_out.permission
    when = getattr(perm, "when", ())
    moments = [_MOMENT_WORDS[w] for w in when]
    if set(when) == {"after_draw", "after_melding"}:
        moments = ["after drawing or taking the pile (before melding or after)"]
    msg = f"in this ruleset you ask {' or '.join(moments)}"
    if code == "too_early":
        return Refusal("ask.too_early", "going_out.permission.when", msg)
    return Refusal("ask.too_late", "going_out.permission.when", msg)


def obliged_to_go_out(s: State) -> bool:
    """A partner's binding "yes" obliges the player to go out this turn, while going out is
    still possible (a "yes" given before the draw binds only if the draw leaves a way out)."""
    return s.permission == ANSWER_YES and s.rules.yes_obliges and can_go_out(s)


def forced_pickup(s: State) -> bool:
    """With the stock used up, whether this player must take the pile rather than end the hand."""
    r = s.rules
    if r.forced == "none" or s.phase != DRAW or not draw_ends_hand(s):
        return False
    takes = pile_takes(s)
    if not takes:
        return False
    if r.forced == "any_legal":
        return True
    p = s.turn
    top = s.pile[-1]
    return not s.frozen_for(p) and KEY_OF[top] in s.melds[s.side_of[p]]


def _refuse_expose(s: State, m: Expose) -> Refusal | None:
    if s.phase == FOOT:
        return _foot_first()
    if s.phase != EXPOSE:
        return Refusal(
            "expose.nothing", "red_threes.exposed", "there are no red threes to lay down now"
        )
    return check_stock_sequence(s, m.replacements, s.rc[s.turn][RED3_KEY], replacing=True)


def _refuse_draw(s: State, m: Draw) -> Refusal | None:
    if s.phase != DRAW:
        return _not_draw_phase(s)
    if draw_ends_hand(s):
        if m.cards:
            msg = "the stock cannot give that draw"
            if s.stock:  # a short stock that ends the hand
                n, want = len(s.stock), s.rules.draw_count
                msg = (
                    f"the stock holds {n} card{'' if n == 1 else 's'}, fewer than the {want} a "
                    'draw takes, and a short stock ends the hand (draw.short_stock = "end_hand")'
                )
            return Refusal("draw.stock_empty", "", msg)
        if forced_pickup(s):
            return Refusal(
                "stock.forced_pickup",
                "stock_out.forced",
                "the stock is used up and you must take the discard pile",
            )
        return None
    return check_stock_sequence(s, m.cards, s.rules.draw_count)


def _refuse_take(s: State, m: TakePile) -> Refusal | None:
    if s.phase != DRAW:
        return _not_draw_phase(s)
    return check_take(s, m)


def _foot_first() -> Refusal:
    return Refusal("foot.take_up", "foot", "your hand is used up: take up your foot first")


def _refuse_foot(s: State, m: Foot) -> Refusal | None:
    if s.phase != FOOT:
        return Refusal(
            "foot.not_now",
            "foot",
            "a foot is taken up only when its player's hand is used up",
        )
    reds = sum(1 for c in s.feet[s.turn] if s.rules.bonus[c])
    if not reds and not m.replacements:
        return None
    return check_stock_sequence(s, m.replacements, reds, replacing=True)


def _not_draw_phase(s: State) -> Refusal:
    if s.phase == FOOT:
        return _foot_first()
    if s.phase == EXPOSE:
        return Refusal(
            "expose.first",
            "red_threes.exposed",
            "first lay down the red threes you were dealt and draw replacements",
        )
    return Refusal("turn.drawn", "", "you have already drawn this turn")


def _in_play_phase(s: State) -> Refusal | None:
    ph = s.phase
    if ph == PLAY:
        return None
    if ph in (EXPOSE, FOOT):
        return _not_draw_phase(s)
    return Refusal("turn.draw_first", "", "draw from the stock or take the pile first")


def _refuse_meld(s: State, m: Meld) -> Refusal | None:
    return _in_play_phase(s) or _check_meld(s, m)


def _refuse_discard(s: State, m: Discard) -> Refusal | None:
    if s.phase != PLAY:
        return _in_play_phase(s)
    ref = _check_discard(s, m)
    if ref is None and (m.talon is not None or s.rules.talons):
        return _check_talon(s, m)
    return ref


def _check_talon(s: State, m: Discard) -> Refusal | None:
    """The talon a discard names (``talons``): the stock's next cards when one is due, none
    otherwise (a discard that goes out takes none: the hand is over)."""
    size = talon_size(s) if s.hand_len[s.turn] > 1 else 0
    if not size:
        if m.talon:
            return Refusal("talon.not_due", "talons.sizes", "no talon is due after this discard")
        return None
    if m.talon is None and s.stock and not s.stock_known:
        return Refusal(
            "talon.cards_unknown",
            "talons.sizes",
            f"a talon of {size} cards is due after this discard: name them "
            f"(discard CARD talon CARDS), since the order of this stock is not known",
        )
    return check_stock_sequence(s, m.talon, size, talon=True)


def _refuse_ask(s: State, m: Ask) -> Refusal | None:
    if s.phase == DRAW and s.rules.permission:
        return _check_ask(s)
    return _in_play_phase(s) or _check_ask(s)


_REFUSE: dict[type, Callable[[State, Any], Refusal | None]] = {
    Draw: _refuse_draw,
    TakePile: _refuse_take,
    Meld: _refuse_meld,
    Discard: _refuse_discard,
    Ask: _refuse_ask,
    Expose: _refuse_expose,
    Foot: _refuse_foot,
}


def refusal(s: State, m: Move) -> Refusal | None:
    """``None`` if ``m`` is legal in ``s``; otherwise why not."""
    ph = s.phase
    if ph == OVER:
        return Refusal("hand.over", "", "the hand is over")
    if type(m) is Answer:
        if ph != ANSWER:
            return Refusal("answer.not_asked", "", "nobody has asked to go out")
        return None
    if ph == ANSWER:
        return Refusal("answer.awaited", "", "your partner must answer first")
    check = _REFUSE.get(type(m))
    if check is None:
        return Refusal("move.unknown", "", f"not a move: {m!r}")
    return check(s, m)


def refusal_on_line(s: State, owner: int, m: Move) -> Refusal | None:
    """:func:`refusal` for ``m`` written in the turn of seat ``owner`` (a record's turn line, a
    ruling's move, a typed line): once that turn has passed to another seat (its discard ended
    it), whatever the line still holds is refused, never played for the next player."""
    if s.turn != owner and s.phase != OVER:
        return Refusal(
            "turn.over",
            "",
            "your turn ended with the discard: nothing more can be played in it "
            "(the next player's turn goes on a line of its own)",
        )
    return refusal(s, m)


def is_legal(s: State, m: Move) -> bool:
    return refusal(s, m) is None
