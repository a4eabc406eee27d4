"""Is this move legal here, and if not, why: the one function every part of the project asks.

``refusal(state, move)`` returns ``None`` for a legal move, or a :class:`Refusal`: a stable rule
code, the variant parameter behind the rule (empty for rules every variant shares), and a message
in a player's words. The replayer, the move generator, the bots and ``canasta ruling`` all rely on
it; the move generator's output is tested to pass it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .. import cards as C
from ..errors import Refusal
from .moves import Answer, Ask, Discard, Draw, Expose, Meld, Move, TakePile
from .rules import BLACK3_KEY, IS_WILD, KEY_OF, RED3_KEY, Rules
from .state import Permission, Phase, State, TableMeld

STOCK, PILE = 1, 2


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def rank_name(rank: int, plural: bool = True) -> str:
    if rank == BLACK3_KEY:
        return "black threes" if plural else "black three"
    return C.rank_word(rank, plural)


def _freeze_reason(s: State, player: int) -> str:
    if s.frozen and s.freeze_card >= 0:
        kind = C.kind_of(s.freeze_card)
        what = {
            "joker": "a joker",
            "two": "a two",
            "red_three": "a red three",
            "black_three": "a black three",
        }.get(kind or "", C.name(s.freeze_card))
        return f"the pile is frozen ({what} is in it)"
    if s.frozen:
        return "the pile is frozen"
    if s.rules.freeze_until_player_melds:
        return "the pile is frozen against you until you have melded"
    return "the pile is frozen against your side until it has melded"


# --------------------------------------------------------------------------------------------
# Meld shape checks, shared with the move generator and the going-out planner


def check_new_meld(r: Rules, cards: Sequence[int]) -> tuple[Refusal | None, int, int, int]:
    """Check a new meld's shape. Returns (refusal, rank key, naturals, wilds)."""
    if not cards:
        return Refusal("meld.empty", "", "a meld needs cards"), 0, 0, 0
    keys = set()
    wild = 0
    for c in cards:
        if IS_WILD[c]:
            wild += 1
        else:
            keys.add(KEY_OF[c])
    nat = len(cards) - wild
    if RED3_KEY in keys:
        return (
            Refusal("meld.red_three", "", "red threes are laid apart, never melded"),
            0,
            nat,
            wild,
        )
    if len(keys) > 1:
        ranks = ", ".join(sorted(rank_name(k) for k in keys))
        return (
            Refusal("meld.mixed_ranks", "", f"a meld holds one rank, not {ranks}"),
            0,
            nat,
            wild,
        )
    if not keys:
        return (
            Refusal(
                "meld.all_wild",
                "melds.min_naturals",
                "wild cards cannot be melded on their own",
            ),
            0,
            nat,
            wild,
        )
    rank = keys.pop()
    if rank == BLACK3_KEY:
        if not r.black3_meldable:
            return (
                Refusal(
                    "meld.black_threes.never",
                    "black_threes.meld_when_going_out",
                    "black threes cannot be melded in this ruleset",
                ),
                rank,
                nat,
                wild,
            )
        if wild:
            return (
                Refusal(
                    "meld.black_threes.wild",
                    "black_threes.meld_when_going_out",
                    "a meld of black threes cannot hold wild cards",
                ),
                rank,
                nat,
                wild,
            )
    if len(cards) < r.min_size:
        return (
            Refusal(
                "meld.too_small",
                "melds.min_size",
                f"a new meld needs at least {r.min_size} cards; this has {len(cards)}",
            ),
            rank,
            nat,
            wild,
        )
    if nat < r.min_naturals:
        return (
            Refusal(
                "meld.too_few_naturals",
                "melds.min_naturals",
                f"a meld needs at least {r.min_naturals} natural cards; this has {nat}",
            ),
            rank,
            nat,
            wild,
        )
    ref = _wild_limits(r, nat, wild)
    return ref, rank, nat, wild


def _wild_limits(r: Rules, nat: int, wild: int) -> Refusal | None:
    if wild > r.max_wild:
        return Refusal(
            "meld.too_many_wild",
            "melds.max_wild",
            f"a meld may hold at most {_plural(r.max_wild, 'wild card')}; this would hold {wild}",
        )
    if r.wild_le_nat and wild > nat:
        return Refusal(
            "meld.more_wild_than_natural",
            "melds.wild_not_more_than_natural",
            f"a meld may not hold more wild cards than natural ones ({wild} wild, {nat} natural)",
        )
    return None


def check_add(r: Rules, meld: TableMeld, cards: Sequence[int]) -> tuple[Refusal | None, int, int]:
    """Check adding ``cards`` to ``meld``. Returns (refusal, naturals after, wilds after)."""
    if not cards:
        return Refusal("meld.empty", "", "nothing to add"), meld.naturals, meld.wilds
    nat, wild = meld.naturals, meld.wilds
    for c in cards:
        if IS_WILD[c]:
            wild += 1
        elif KEY_OF[c] == meld.rank and meld.rank != BLACK3_KEY:
            nat += 1
        else:
            return (
                Refusal(
                    "meld.wrong_rank",
                    "",
                    f"{C.name(c)} cannot go on your meld of {rank_name(meld.rank)}",
                ),
                nat,
                wild,
            )
    if wild > meld.wilds:
        if meld.rank == BLACK3_KEY:
            return (
                Refusal(
                    "meld.black_threes.wild",
                    "black_threes.meld_when_going_out",
                    "a meld of black threes cannot hold wild cards",
                ),
                nat,
                wild,
            )
        unlimited = r.canasta_unlimited and r.is_canasta(meld.naturals, meld.size)
        if not unlimited:
            ref = _wild_limits(r, nat, wild)
            if ref is not None:
                return ref, nat, wild
    return None, nat, wild


def in_hand(s: State, player: int, cards: Iterable[int]) -> int | None:
    """The first card of ``cards`` the player does not hold (counting repeats), or None."""
    need: dict[int, int] = {}
    for c in cards:
        need[c] = need.get(c, 0) + 1
    hand = s.hands[player]
    for c, n in need.items():
        if not 0 <= c < C.NUM_CARD_IDS:
            return c
        if hand[c] < n:
            return c
    return None


def _not_held(c: int) -> Refusal:
    name = C.name(c) if 0 <= c < C.NUM_CARD_IDS else str(c)
    return Refusal("card.not_in_hand", "", f"you do not hold {name}")


def _value(r: Rules, cards: Iterable[int]) -> int:
    v = r.value
    return sum(v[c] for c in cards)


def _needs(r: Rules) -> str:
    return _plural(r.canastas_to_go_out, "canasta")


def _keep_a_card(s: State, side: int, after: int, canastas_after: int) -> Refusal | None:
    """The rule that a hand may reach 0 or 1 cards only when the player may go out."""
    r = s.rules
    if after >= 2:
        return None
    if after == 0 and r.discard_required:
        return Refusal(
            "out.final_discard",
            "going_out.final_discard",
            "you must keep one card to discard when you go out",
        )
    if canastas_after < r.canastas_to_go_out:
        if after == 0:
            return Refusal(
                "out.canastas",
                "going_out.canastas",
                f"you cannot go out: your side needs {_needs(r)} first",
            )
        return Refusal(
            "meld.keep_a_card",
            "going_out.canastas",
            f"you must keep two cards (one to discard, one to hold) until your side has "
            f"{_needs(r)} to go out",
        )
    if s.permission == Permission.NO:
        return Refusal(
            "out.permission_refused",
            "going_out.permission",
            "your partner said no: you may not go out this turn, so keep two cards",
        )
    return None


def concealed_now(s: State, player: int, turn_new: Iterable[int], added_old: bool) -> bool:
    """Whether going out at this point of the turn counts as concealed."""
    r = s.rules
    side = r.side_of[player]
    new = set(turn_new)
    melds = s.melds[side]
    if not r.concealed_player:
        return bool(melds) and all(rank in new for rank in melds)
    if s.prior_melded:
        return False
    if added_old and not r.concealed_partner_melds:
        return False
    if r.concealed_own_canasta:
        return any(r.is_canasta(melds[k].naturals, melds[k].size) for k in new if k in melds)
    return True


# --------------------------------------------------------------------------------------------
# Stock sequences (draws and replacements)


def check_stock_sequence(s: State, cards: Sequence[int] | None, need: int) -> Refusal | None:
    """Check that ``cards`` are what the stock gives for ``need`` non-red-three cards."""
    if cards is None:
        if s.stock_known or not s.stock:
            return None
        return Refusal(
            "draw.cards_unknown",
            "",
            "say which cards were drawn: the order of this stock is not known",
        )
    # An unknown stock is the rest of the pack: count only the cards this draw names in it.
    avail = None if s.stock_known else {c: s.stock.count(c) for c in set(cards)}
    pos = len(s.stock)
    i = 0
    while need > 0 and pos > 0:
        if i >= len(cards):
            return Refusal(
                "draw.too_few",
                "draw.count",
                f"the stock still owes {_plural(need, 'card')} here",
            )
        c = cards[i]
        if avail is None:
            top = s.stock[pos - 1]
            if c != top:
                return Refusal(
                    "draw.wrong_card",
                    "",
                    f"the next stock card is {C.name(top)}, not {C.name(c)}",
                )
        else:
            if avail.get(c, 0) <= 0:
                return Refusal(
                    "draw.not_in_stock",
                    "",
                    f"{C.name(c)} cannot come from the stock: every copy is accounted for",
                )
            avail[c] -= 1
        pos -= 1
        i += 1
        if not C.is_red_three(c):
            need -= 1
    if i < len(cards):
        return Refusal(
            "draw.too_many",
            "draw.count",
            f"this draws {len(cards)} cards, but only {i} come from the stock here",
        )
    return None


def draw_ends_hand(s: State) -> bool:
    """Whether a draw now ends the hand (no stock, or a short stock that the variant ends on)."""
    r = s.rules
    return not s.stock or (len(s.stock) < r.draw_count and r.short_stock_ends)


# --------------------------------------------------------------------------------------------
# The pile


def _pickup_way(has_meld: bool, nat: int, wild: int) -> str | None:
    if nat >= 2:
        return "natural_pair"
    if nat == 1 and wild >= 1:
        return "natural_and_wild"
    if has_meld:
        return "add_to_meld"
    return None


_WAY_WORDS = {
    "natural_pair": "two natural {r} from your hand",
    "natural_and_wild": "a natural {r1} and a wild card from your hand",
    "add_to_meld": "your side's meld of {r} to put it on",
}


def _ways_text(ways: Iterable[str], rank: int) -> str:
    order = ["natural_pair", "natural_and_wild", "add_to_meld"]
    parts = [
        _WAY_WORDS[w].format(r=rank_name(rank), r1=rank_name(rank, False))
        for w in order
        if w in ways
    ]
    return " or ".join(parts)


def _check_take(s: State, m: TakePile) -> Refusal | None:
    r = s.rules
    p = s.turn
    side = r.side_of[p]
    if not s.pile:
        return Refusal("pile.empty", "", "the discard pile is empty")
    top = s.pile[-1]
    if IS_WILD[top]:
        return Refusal("pile.top_wild", "", "a wild card on top of the pile blocks it")
    if C.is_black_three(top):
        return Refusal(
            "pile.top_black_three",
            "black_threes.discarded",
            "a black three on top of the pile blocks it",
        )
    if C.is_red_three(top):
        return Refusal("pile.top_red_three", "", "a red three on top of the pile blocks it")
    if r.one_card_ban and s.hand_len[p] == 1 and len(s.pile) == 1:
        return Refusal(
            "pile.one_card",
            "pile.one_card_ban",
            "holding one card, you may not take a pile of one card",
        )
    missing = in_hand(s, p, m.shown)
    if missing is not None:
        return _not_held(missing)
    rank = KEY_OF[top]
    nat = wild = 0
    for c in m.shown:
        if IS_WILD[c]:
            wild += 1
        elif KEY_OF[c] == rank:
            nat += 1
        else:
            return Refusal(
                "pile.shown_wrong_card",
                "",
                f"{C.name(c)} cannot meld with the {C.name(top)} on top of the pile",
            )
    frozen = s.frozen_for(p)
    ways = r.frozen_ways if frozen else r.unfrozen_ways
    melds = s.melds[side]
    existing = melds.get(rank)
    way = _pickup_way(existing is not None, nat, wild)
    if way is None or way not in ways:
        need = _ways_text(ways, rank)
        if frozen:
            code = (
                "pile.frozen.needs_natural_pair"
                if ways == {"natural_pair"}
                else "pile.frozen.way_not_allowed"
            )
            return Refusal(code, "pile.frozen", f"{_freeze_reason(s, p)}; you must show {need}")
        return Refusal(
            "pile.way_not_allowed", "pile.unfrozen", f"to take the pile you must show {need}"
        )
    if existing is not None:
        ref, _, _ = check_add(r, existing, (top, *m.shown))
        nat_after, size_after = existing.naturals + nat + 1, existing.size + len(m.shown) + 1
        was_canasta = r.is_canasta(existing.naturals, existing.size)
    else:
        ref, _, _, _ = check_new_meld(r, (top, *m.shown))
        nat_after, size_after = nat + 1, len(m.shown) + 1
        was_canasta = False
    if ref is not None:
        return ref
    canastas_after = s.canastas(side) - was_canasta + r.is_canasta(nat_after, size_after)
    rest = s.pile[:-1]
    extra_cards: list[int] = [c for g in m.melds for c in g]
    if not s.opened[side]:
        # Opening with the pile: the top card and this turn's melds must reach the minimum.
        hand_left = Counter({c: n for c, n in enumerate(s.hands[p]) if n})
        hand_left.subtract(m.shown)
        pool = hand_left.copy()
        if r.opening_whole_pile:
            pool.update(rest)
        need_cards = Counter(extra_cards)
        for c, n in need_cards.items():
            if pool[c] < n:
                where = "your hand or the pile" if r.opening_whole_pile else "your hand"
                if r.opening_whole_pile or c not in rest:
                    return Refusal("card.not_in_hand", "", f"{C.name(c)} is not in {where}")
                return Refusal(
                    "open.buried_card",
                    "initial_meld.pile_cards",
                    f"{C.name(c)} is buried in the pile: only the top card may help you open",
                )
        seen = {rank}
        for g in m.melds:
            ref, grank, gnat, gwild = check_new_meld(r, g)
            if ref is not None:
                return ref
            if grank == BLACK3_KEY:
                return Refusal(
                    "meld.black_threes.not_going_out",
                    "black_threes.meld_when_going_out",
                    "black threes may be melded only as you go out",
                )
            if grank in seen:
                return Refusal(
                    "meld.rank_twice",
                    "",
                    f"you meld {rank_name(grank)} twice; a side keeps one meld per rank",
                )
            seen.add(grank)
            canastas_after += r.is_canasta(gnat, gnat + gwild)
        total = _value(r, (top, *m.shown, *extra_cards))
        minimum = s.minimum(side)
        if total < minimum:
            extra = "" if r.opening_whole_pile else " (cards buried in the pile do not count)"
            return Refusal(
                "open.below_minimum",
                "initial_meld.tiers",
                f"your side's first melds must count at least {minimum}; these count "
                f"{total}{extra}",
            )
    elif m.melds:
        return Refusal(
            "pile.melds_after",
            "",
            "your side has opened: lay further melds after taking the pile",
        )
    reds_in_rest = sum(1 for c in rest if C.is_red_three(c))
    if r.red3_replaced_from_pile and reds_in_rest:
        ref = check_stock_sequence(s, m.replacements, reds_in_rest)
        if ref is not None:
            return ref
        gained = (
            len(m.replacements) if m.replacements is not None else min(reds_in_rest, len(s.stock))
        )
        gained -= sum(1 for c in (m.replacements or ()) if C.is_red_three(c))
    else:
        if m.replacements:
            return Refusal(
                "pile.no_replacement",
                "red_threes.replaced_from_pile",
                "red threes found in the pile are not replaced in this ruleset",
            )
        gained = 0
    after = s.hand_len[p] - len(m.shown) - len(extra_cards) + len(rest) - reds_in_rest + gained
    return _keep_a_card(s, side, after, canastas_after)


# --------------------------------------------------------------------------------------------
# Melding


def meld_outcome(s: State, m: Meld) -> tuple[Refusal | None, int, list[int], bool]:
    """Check a meld action's cards and shapes. Returns (refusal, canastas after, new ranks,
    whether it adds to a meld made before this turn)."""
    r = s.rules
    p = s.turn
    side = r.side_of[p]
    melds = s.melds[side]
    all_cards = [c for g in m.melds for c in g] + [c for _, g in m.adds for c in g]
    if not all_cards:
        return Refusal("meld.empty", "", "a meld action needs cards"), 0, [], False
    missing = in_hand(s, p, all_cards)
    if missing is not None:
        return _not_held(missing), 0, [], False
    canastas = s.canastas(side)
    new_ranks: list[int] = []
    for g in m.melds:
        ref, rank, nat, wild = check_new_meld(r, g)
        if ref is not None:
            return ref, 0, [], False
        if rank in melds:
            return (
                Refusal(
                    "meld.rank_exists",
                    "",
                    f"your side already has a meld of {rank_name(rank)}: add to it instead",
                ),
                0,
                [],
                False,
            )
        if rank in new_ranks:
            return (
                Refusal(
                    "meld.rank_twice",
                    "",
                    f"you meld {rank_name(rank)} twice; a side keeps one meld per rank",
                ),
                0,
                [],
                False,
            )
        new_ranks.append(rank)
        canastas += r.is_canasta(nat, nat + wild)
    added_old = False
    seen_adds: set[int] = set()
    for rank, g in m.adds:
        meld = melds.get(rank)
        if meld is None:
            return (
                Refusal(
                    "meld.no_such_meld",
                    "",
                    f"your side has no meld of {rank_name(rank)} to add to",
                ),
                0,
                [],
                False,
            )
        if rank in seen_adds:
            return (
                Refusal("meld.add_twice", "", f"add to the {rank_name(rank)} once per action"),
                0,
                [],
                False,
            )
        seen_adds.add(rank)
        ref, nat, wild = check_add(r, meld, g)
        if ref is not None:
            return ref, 0, [], False
        canastas += r.is_canasta(nat, nat + wild) - r.is_canasta(meld.naturals, meld.size)
        if rank not in s.turn_new:
            added_old = True
    return None, canastas, new_ranks, added_old


def _check_meld(s: State, m: Meld) -> Refusal | None:
    r = s.rules
    p = s.turn
    side = r.side_of[p]
    ref, canastas_after, new_ranks, added_old = meld_outcome(s, m)
    if ref is not None:
        return ref
    n_cards = sum(len(g) for g in m.melds) + sum(len(g) for _, g in m.adds)
    after = s.hand_len[p] - n_cards
    going_out = after == 0 or (after == 1 and canastas_after >= r.canastas_to_go_out)
    if BLACK3_KEY in new_ranks and not (after <= 1 and going_out):
        return Refusal(
            "meld.black_threes.not_going_out",
            "black_threes.meld_when_going_out",
            "black threes may be melded only as you go out",
        )
    if not s.opened[side]:
        total = sum(_value(r, g) for g in m.melds)
        minimum = s.minimum(side)
        if total < minimum:
            waived = False
            if r.concealed_waives and s.drew == STOCK and going_out:
                hypothetical_new = [*s.turn_new, *new_ranks]
                # Going out concealed on this action: the canasta test needs the new melds.
                waived = _would_be_concealed(s, m, hypothetical_new, added_old)
            if not waived:
                # The opening is checked as a whole: every opening meld goes in this action.
                hint = "; lay all your opening melds in one meld action"
                if r.concealed_waives:
                    hint += " (going out concealed after drawing from the stock needs no minimum)"
                return Refusal(
                    "open.below_minimum",
                    "initial_meld.tiers",
                    f"your side's first melds must count at least {minimum}; these count "
                    f"{total}{hint}",
                )
    ref = _keep_a_card(s, side, after, canastas_after)
    if ref is not None:
        return ref
    if s.permission == Permission.YES and r.yes_obliges and after > 0:
        from .apply import apply_unchecked
        from .goingout import can_go_out

        t = s.copy()
        apply_unchecked(t, m)
        if not t.over and not can_go_out(t):
            return Refusal(
                "out.permission_obliges",
                "going_out.permission",
                "your partner said yes: you must go out this turn, and after this you could not",
            )
    return None


def _would_be_concealed(s: State, m: Meld, new_ranks: list[int], added_old: bool) -> bool:
    r = s.rules
    if not r.concealed_player:
        return True  # the side has not opened: every meld is this turn's
    if s.prior_melded or (added_old and not r.concealed_partner_melds):
        return False
    if not r.concealed_own_canasta:
        return True
    for g in m.melds:
        nat = sum(1 for c in g if not IS_WILD[c])
        if r.is_canasta(nat, len(g)):
            return True
    return False


def _check_discard(s: State, m: Discard) -> Refusal | None:
    r = s.rules
    p = s.turn
    if not 0 <= m.card < C.NUM_CARD_IDS or s.hands[p][m.card] <= 0:
        return _not_held(m.card)
    side = r.side_of[p]
    after = s.hand_len[p] - 1
    if after == 0:
        if s.canastas(side) < r.canastas_to_go_out:
            return Refusal(
                "out.canastas",
                "going_out.canastas",
                f"you cannot go out: your side needs {_needs(r)} first",
            )
        if s.permission == Permission.NO:
            return Refusal(
                "out.permission_refused",
                "going_out.permission",
                "your partner said no: you may not go out this turn",
            )
        return None
    if s.permission == Permission.YES and r.yes_obliges:
        return Refusal(
            "out.permission_obliges",
            "going_out.permission",
            "your partner said yes: you must go out this turn",
        )
    return None


def _check_ask(s: State) -> Refusal | None:
    r = s.rules
    p = s.turn
    if not r.permission:
        if r.side_size == 1:
            return Refusal("ask.no_partner", "seating.side_size", "you have no partner to ask")
        return Refusal(
            "ask.not_used",
            "going_out.permission",
            "this ruleset has no asking permission to go out",
        )
    if s.permission != Permission.NONE:
        return Refusal("ask.already", "going_out.permission", "you have already asked this turn")
    if s.turn_melded:
        return Refusal(
            "ask.too_late",
            "going_out.permission",
            "ask just after drawing or taking the pile, before melding",
        )
    if s.hand_len[p] < 2:
        return Refusal(
            "ask.one_card",
            "going_out.permission",
            "with one card left there is nothing to ask: discard it to go out",
        )
    from .goingout import can_go_out

    if not can_go_out(s):
        return Refusal(
            "ask.cannot_go_out",
            "going_out.permission",
            "you could not go out this turn, so there is nothing to ask",
        )
    return None


def forced_pickup(s: State) -> bool:
    """With the stock used up, whether this player must take the pile rather than end the hand."""
    r = s.rules
    if r.forced == "none" or s.phase != Phase.DRAW or not draw_ends_hand(s):
        return False
    from .generate import pile_takes

    takes = pile_takes(s)
    if not takes:
        return False
    if r.forced == "any_legal":
        return True
    p = s.turn
    top = s.pile[-1]
    return not s.frozen_for(p) and KEY_OF[top] in s.melds[r.side_of[p]]


def _refuse_expose(s: State, m: Expose) -> Refusal | None:
    if s.phase != Phase.EXPOSE:
        return Refusal(
            "expose.nothing", "red_threes.exposed", "there are no red threes to lay down now"
        )
    return check_stock_sequence(s, m.replacements, s.rc[s.turn][RED3_KEY])


def _refuse_draw(s: State, m: Draw) -> Refusal | None:
    if s.phase != Phase.DRAW:
        return _not_draw_phase(s)
    if draw_ends_hand(s):
        if m.cards:
            return Refusal("draw.stock_empty", "", "the stock cannot give that draw")
        if forced_pickup(s):
            return Refusal(
                "stock.forced_pickup",
                "stock_out.forced",
                "the stock is used up and you must take the discard pile",
            )
        return None
    return check_stock_sequence(s, m.cards, s.rules.draw_count)


def _refuse_take(s: State, m: TakePile) -> Refusal | None:
    if s.phase != Phase.DRAW:
        return _not_draw_phase(s)
    return _check_take(s, m)


def _not_draw_phase(s: State) -> Refusal:
    if s.phase == Phase.EXPOSE:
        return Refusal(
            "expose.first",
            "red_threes.exposed",
            "first lay down the red threes you were dealt and draw replacements",
        )
    return Refusal("turn.drawn", "", "you have already drawn this turn")


def _in_play_phase(s: State) -> Refusal | None:
    ph = s.phase
    if ph == Phase.PLAY:
        return None
    if ph == Phase.EXPOSE:
        return _not_draw_phase(s)
    return Refusal("turn.draw_first", "", "draw from the stock or take the pile first")


def _refuse_meld(s: State, m: Meld) -> Refusal | None:
    return _in_play_phase(s) or _check_meld(s, m)


def _refuse_discard(s: State, m: Discard) -> Refusal | None:
    return _in_play_phase(s) or _check_discard(s, m)


def _refuse_ask(s: State, m: Ask) -> Refusal | None:
    return _in_play_phase(s) or _check_ask(s)


_REFUSE: dict[type, Callable[[State, Any], Refusal | None]] = {
    Draw: _refuse_draw,
    TakePile: _refuse_take,
    Meld: _refuse_meld,
    Discard: _refuse_discard,
    Ask: _refuse_ask,
    Expose: _refuse_expose,
}


def refusal(s: State, m: Move) -> Refusal | None:
    """``None`` if ``m`` is legal in ``s``; otherwise why not."""
    ph = s.phase
    if ph == Phase.OVER:
        return Refusal("hand.over", "", "the hand is over")
    if type(m) is Answer:
        if ph != Phase.ANSWER:
            return Refusal("answer.not_asked", "", "nobody has asked to go out")
        return None
    if ph == Phase.ANSWER:
        return Refusal("answer.awaited", "", "your partner must answer first")
    check = _REFUSE.get(type(m))
    if check is None:
        return Refusal("move.unknown", "", f"not a move: {m!r}")
    return check(s, m)


def is_legal(s: State, m: Move) -> bool:
    return refusal(s, m) is None
