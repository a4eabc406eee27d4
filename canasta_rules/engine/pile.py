"""Taking the discard pile: whether a pickup is legal, and the canonical pickups of a position.

Both live here so that the legality rules (which must know, once the stock is used up, whether a
pickup is forced) and the move generator read one definition of a legal pickup.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import replace
from itertools import compress

from .. import cards as C
from ..errors import Refusal
from .checks import (
    check_add,
    check_new_meld,
    check_stock_sequence,
    cite_minimum,
    contract_refusal,
    in_hand,
    joined,
    keep_a_card,
    not_held,
    open_meld,
    pile_home,
    run_overlap,
    runs_refusal,
    value_of,
    whose_minimum,
)
from .limits import check_lay, dead
from .meldkinds import NEW_RUN, closed_group, rank_name, run_span
from .moves import Meld, Move, TakePile
from .mutate import apply_unchecked
from .rules import BLACK3_KEY, CARDS_OF_KEY, IS_WILD, KEY_OF, RUN, RUN_REF0, run_ref
from .state import DRAW, State, TableMeld

_BLACK_THREE = tuple(C.is_black_three(c) for c in range(C.NUM_CARD_IDS))
_RED_THREE = tuple(C.is_red_three(c) for c in range(C.NUM_CARD_IDS))
_BLOCKS = tuple(IS_WILD[c] or _BLACK_THREE[c] or _RED_THREE[c] for c in range(C.NUM_CARD_IDS))
"""Cards that block the pile from the top: wild cards and threes (``check_take`` says why)."""


_TAKES: dict[tuple[int, ...], TakePile] = {}
"""The pickups of an opened side that show cards and lay nothing more, by the cards shown
(moves are immutable values, so positions share them; emptied when it grows past 4096)."""


def freeze_reason(s: State, player: int) -> str:
    """Why the pile is frozen against ``player``, after "the pile is": ``frozen by a two in
    it``, ``frozen against your side until it has melded``... The card that froze it is named
    in the clause itself, not in an aside, so that a refusal fitted to one line keeps it."""
    side = s.side_of[player]
    if s.card_frozen(side) and s.freeze_card >= 0:
        kind = C.kind_of(s.freeze_card)
        what = {
            "joker": "a joker",
            "two": "a two",
            "red_three": "a red three",
            "black_three": "a black three",
        }.get(kind or "", C.name(s.freeze_card))
        if kind == "black_three":  # only where black_threes.discarded = "freeze"
            return f"frozen by {what} in it (black_threes.discarded)"
        return f"frozen by {what} in it"
    if not s.card_frozen(side) and s.start_frozen(side):
        alone = len(s.rules.members[side]) == 1
        who, taker = ("you", "you first take") if alone else ("your side", "your side first takes")
        return f"frozen against {who} from the start of the hand until {taker} it"
    if s.card_frozen(side):
        return "frozen"
    if s.rules.freeze_until_player_melds:
        return "frozen against you until you have melded"
    return "frozen against your side until it has melded"


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
    "natural_pair": "two natural {r}",
    "natural_and_wild": "a natural {r1} and a wild card",
    "add_to_meld": "your side's meld of {r} to put it on",
}


def _ways_text(ways: Iterable[str], rank: int, runs: bool = False, closed: bool = False) -> str:
    """The ways to take the pile, in words: the cards shown from hand, said once, then the
    side's meld (``two natural fours or a natural four and a wild card from your hand, or your
    side's meld of fours to put it on``), and where runs are melded a run it extends. With
    ``closed`` the side's meld of the rank is a closed canasta, which takes no card: it is not
    offered."""
    words = {w: _WAY_WORDS[w].format(r=rank_name(rank), r1=rank_name(rank, False)) for w in ways}
    shown = [words[w] for w in ("natural_pair", "natural_and_wild") if w in words]
    parts = [" or ".join(shown) + " from your hand"] if shown else []
    if "add_to_meld" in words:
        onto = words["add_to_meld"]
        if runs:
            onto = onto.replace(" to put it on", " or a run of your side it extends, to put it on")
        if closed:
            onto = "a run of your side it extends, to put it on" if runs else ""
        if onto:
            parts.append(onto)
    return ", or ".join(parts)


def _add_ref(m: TableMeld) -> int:
    """How an ``add`` names meld ``m``: its rank, or for a run a card of it (``run_ref``)."""
    return run_ref(m.suit, m.low) if m.kind == RUN else m.rank


def _run_pickup(s: State, side: int, top: int, m: TakePile) -> Refusal:
    """A pickup that shows cards of the top card's suit: the top card would start a run with
    them, or join them on a run of the side. Neither is allowed where runs are melded
    (``melds.sequences``; BC: the top card "may not be taken to start a sequence meld or combine
    with a card from the hand in adding to a sequence meld"; HSW the same)."""
    mine = [c for c in m.shown if not IS_WILD[c] and C.SUIT_OF[c] == C.SUIT_OF[top]]
    runs = [x for x in s.melds[side].values() if x.kind == RUN and x.suit == C.SUIT_OF[top]]
    onto_run = m.onto >= RUN_REF0 or any(run_span([*x.cards, top, *mine]) is not None for x in runs)
    if onto_run:
        return Refusal(
            "pile.run_with_cards",
            "melds.sequences",
            "the top card goes onto a run alone: no card from your hand may go with it",
        )
    return Refusal(
        "pile.run_start", "melds.sequences", "the top card of the pile may not start a run"
    )


def check_take(s: State, m: TakePile) -> Refusal | None:
    r = s.rules
    p = s.turn
    side = s.side_of[p]
    if len(m.melds) > 1 and not s.opened[side]:
        # The pickup's other melds of one rank are one meld (``checks.joined``), as the move
        # lays them.
        m = replace(m, melds=joined(s, Meld(m.melds)).melds)
    if not s.pile:
        return Refusal("pile.empty", "", "the discard pile is empty")
    top = s.pile[-1]
    if IS_WILD[top]:
        return Refusal("pile.top_wild", "", "a wild card on top of the pile blocks it")
    if _BLACK_THREE[top]:
        return Refusal(
            "pile.top_black_three",
            "black_threes.discarded",
            "a black three on top of the pile blocks it",
        )
    if _RED_THREE[top]:
        return Refusal("pile.top_red_three", "", "a red three on top of the pile blocks it")
    ref = _top_refusal(s, top)
    if ref is not None:
        return ref
    missing = in_hand(s, p, m.shown)
    if missing is not None:
        return not_held(missing)
    rank = KEY_OF[top]
    nat = wild = 0
    for c in m.shown:
        if IS_WILD[c]:
            wild += 1
        elif KEY_OF[c] == rank:
            nat += 1
        elif r.runs and KEY_OF[c] >= 4 and C.SUIT_OF[c] == C.SUIT_OF[top]:
            return _run_pickup(s, side, top, m)
        else:
            return Refusal(
                "pile.shown_wrong_card",
                "",
                f"{C.name(c)} cannot meld with the {C.name(top)} on top of the pile",
            )
    return _take_way(s, m, top, nat, wild)


def _top_refusal(s: State, top: int) -> Refusal | None:
    """What refuses taking the pile, whatever is shown, for its top card (not a wild card or a
    three): a dead rank, or a pile of one card taken holding one card."""
    r = s.rules
    p = s.turn
    if r.meld_limits and r.dead_ranks and dead(s, KEY_OF[top]):
        return Refusal(
            "pile.dead_rank",
            "canastas.dead_ranks",
            f"{rank_name(KEY_OF[top])} are dead (a canasta of them is made): the pile cannot be "
            "taken with one on top",
        )
    if r.one_card_ban and s.hand_len[p] == 1 and len(s.pile) == 1:
        return Refusal(
            "pile.one_card",
            "pile.one_card_ban",
            "holding one card, you may not take a pile of one card",
        )
    return None


def _take_way(s: State, m: TakePile, top: int, nat: int, wild: int) -> Refusal | None:
    """``check_take`` past the cards shown (held, ``nat`` naturals of the top card's rank and
    ``wild`` wild cards): the way of taking it, then the meld it makes."""
    r = s.rules
    p = s.turn
    side = s.side_of[p]
    rank = KEY_OF[top]
    frozen = s.frozen_for(p)
    ways = r.frozen_ways if frozen else r.unfrozen_ways
    home = pile_home(s, side, top, m.shown, m.onto)
    if isinstance(home, Refusal):
        return home
    existing = open_meld(s, side, home)
    way = _pickup_way(existing is not None, nat, wild)
    if way is None or way not in ways:
        closed = existing is None and any(
            x.rank == rank and closed_group(r, x) for x in s.melds[side].values()
        )
        need = _ways_text(ways, rank, r.runs, closed)
        if closed and not m.shown and "add_to_meld" in ways:
            # The top card alone, onto the side's canasta of its rank, which takes no more.
            return Refusal(
                "pile.onto_closed_canasta",
                "canastas.closed",
                f"your side's canasta of {rank_name(rank)} is closed: the top card cannot go "
                f"onto it; to take the pile you must show {need}",
            )
        if frozen:
            code = (
                "pile.frozen.needs_natural_pair"
                if ways == {"natural_pair"}
                else "pile.frozen.way_not_allowed"
            )
            return Refusal(
                code, "pile.frozen", f"the pile is {freeze_reason(s, p)}; you must show {need}"
            )
        return Refusal(
            "pile.way_not_allowed", "pile.unfrozen", f"to take the pile you must show {need}"
        )
    return _take_outcome(s, m, top, nat, existing, home)


def _take_outcome(
    s: State, m: TakePile, top: int, nat: int, existing: TableMeld | None, home: int
) -> Refusal | None:
    """``check_take`` past the way of taking the pile: the meld the top card joins or makes
    (``existing``, the side's open meld filed under ``home``, or a new one) with the ``nat``
    naturals and the rest shown, an opening's melds, the red threes in the pile, and the cards
    left in hand."""
    r = s.rules
    p = s.turn
    side = s.side_of[p]
    rank = KEY_OF[top]
    if existing is not None:
        ref, _, _ = check_add(r, existing, (top, *m.shown))
        if ref is None and existing.kind == RUN:
            at = C.RANK_OF[top]
            span = (existing.suit, min(existing.low, at), max(existing.high, at))
            ref = run_overlap(s, side, span, skip=home)
        nat_after = existing.naturals + nat + 1
        size_after = existing.naturals + existing.wilds + len(m.shown) + 1
    else:
        ref, _, _, _ = check_new_meld(r, (top, *m.shown))
        nat_after, size_after = nat + 1, len(m.shown) + 1
    if ref is not None:
        return ref
    # How the side's canastas change: the pickup's melds' here, the top card's meld's at the end
    # (counted only where keep_a_card reads them).
    canastas_change = 0
    rest = s.pile[:-1]
    extra_cards: list[int] = [c for g in m.melds for c in g] if m.melds else []
    if not s.opened[side]:
        # Opening with the pile: the top card and this turn's melds must reach the minimum.
        # What the melds may draw on: the hand less the cards shown (all held, checked above),
        # and under initial_meld.pile_cards = "whole_pile" the rest of the pile.
        hand = s.hands[p]
        need_cards = Counter(extra_cards)
        for c, n in need_cards.items():
            pool = hand[c] - m.shown.count(c) if 0 <= c < C.NUM_CARD_IDS else 0
            if r.opening_whole_pile:
                pool += rest.count(c)
            if pool < n:
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
            if grank in seen and grank != NEW_RUN:
                how = "name them all after 'with'" if grank == rank else "lay them as one meld"
                return Refusal(
                    "meld.rank_twice",
                    "",
                    f"you meld {rank_name(grank)} twice; a side keeps one meld per rank: {how}",
                )
            seen.add(grank)
            canastas_change += r.is_canasta(gnat, gnat + gwild)
        total = value_of(r, (top, *m.shown, *extra_cards))
        minimum = s.minimum(side)
        if total < minimum:
            extra = "" if r.opening_whole_pile else " (cards buried in the pile do not count)"
            msg = (
                f"{whose_minimum(s)} first melds must count at least {minimum}; these count "
                f"{total}{extra}"
            )
            return cite_minimum(s, Refusal("open.below_minimum", "initial_meld.tiers", msg))
    elif m.melds:
        return Refusal(
            "pile.melds_after",
            "",
            "your side has opened: lay further melds after taking the pile",
        )
    bonus = r.bonus
    reds_in_rest = sum(map(rest.count, r.bonus_cards)) if rest else 0
    if r.red3_replaced_from_pile and reds_in_rest:
        ref = check_stock_sequence(s, m.replacements, reds_in_rest, replacing=True)
        if ref is not None:
            return ref
        gained = (
            len(m.replacements) if m.replacements is not None else min(reds_in_rest, len(s.stock))
        )
        gained -= sum(1 for c in (m.replacements or ()) if bonus[c])
    else:
        if m.replacements:
            return Refusal(
                "pile.no_replacement",
                "red_threes.replaced_from_pile",
                "red threes found in the pile are not replaced in this ruleset",
            )
        gained = 0
    after = s.hand_len[p] - len(m.shown) - len(extra_cards) + len(rest) - reds_in_rest + gained
    if after <= 1 and r.foot and s.feet[p]:
        return None  # the foot waits: the hand may be played out (foot.kind = "foot")
    if after <= 1 and r.kinds_contract:
        t = s.copy()
        apply_unchecked(t, m)
        ref = contract_refusal(t, side, 1)
        if ref is not None:
            return ref
    if after <= 1 and s.run_canastas(side) < r.run_canastas_to_go_out:
        return runs_refusal(r, 1)
    if after == 0 and r.discard_required:
        # A pickup that leaves no card to discard: with a discard required unless concealed
        # (004), the concealed exception is read as melding the hand after a stock draw.
        return Refusal(
            "out.final_discard",
            "going_out.final_discard",
            "you must keep one card to discard when you go out",
        )
    if r.meld_limits:
        if existing is not None:
            ref = check_lay(s, side, m.melds, ((_add_ref(existing), (top, *m.shown)),), after)
        else:
            ref = check_lay(s, side, ((top, *m.shown), *m.melds), (), after, pickup=True)
        if ref is not None:
            return ref
    if after >= 2:
        return None  # two cards kept: keep_a_card has nothing to say
    canastas_change += r.is_canasta(nat_after, size_after)
    if existing is not None:
        canastas_change -= r.is_canasta(existing.naturals, existing.size)
    return keep_a_card(s, side, after, s.canastas(side) + canastas_change)


# --------------------------------------------------------------------------------------------
# Canonical pickups (the move generator's forms, docs/engine.md)

_NATURAL_KEYS = tuple(range(4, 15))
_CARD_IDS = tuple(range(C.NUM_CARD_IDS))


def of_key(hand: list[int], key: int) -> list[int]:
    """The cards of ``key`` in ``hand``, by card id."""
    out: list[int] = []
    for c in CARDS_OF_KEY[key]:
        n = hand[c]
        if n == 1:
            out.append(c)
        elif n:
            out.extend([c] * n)
    return out


def wilds_of(hand: list[int]) -> list[int]:
    """The wild cards of a hand, twos first."""
    return of_key(hand, C.TWO) + of_key(hand, C.JOKER_RANK)


def opening_groups(
    s: State, hand: list[int], exclude: int = -1, counts: list[int] | None = None
) -> list[tuple[int, ...]]:
    """Canonical opening groups of ``hand`` (see the module docstring), most valuable first.

    ``counts``, when given, is the hand's count of cards per key (``State.rc``), which lets the
    ranks too short for a meld be skipped without collecting their cards."""
    return valued_opening_groups(s, hand, exclude, counts)[0]


def valued_opening_groups(
    s: State, hand: list[int], exclude: int = -1, counts: list[int] | None = None
) -> tuple[list[tuple[int, ...]], list[int]]:
    """``opening_groups`` and the count of each group, in the same order."""
    r = s.rules
    if counts is None:
        counts = key_counts(hand)
    wild: list[int] | None = None  # the wild cards not yet given to a group (read when needed)
    wild_left = counts[C.TWO] + counts[C.JOKER_RANK]
    groups: list[tuple[int, ...]] = []
    min_naturals = r.min_naturals
    min_size = r.min_size
    caps = r.wild_caps
    for k in compress(_NATURAL_KEYS, counts[4:15]):  # the ranks held
        n = counts[k]
        if n < min_naturals or k == exclude:
            continue
        need = min_size - n if n < min_size else 0
        if need and (need > caps[n] or need > wild_left):
            continue
        nat = of_key(hand, k)
        if r.canasta_closed and n + need > r.canasta_size:
            nat = nat[: r.canasta_size]
        if need:
            if wild is None:
                wild = wilds_of(hand)
            groups.append(tuple(nat + wild[:need]))
            wild = wild[need:]
            wild_left -= need
        else:
            groups.append(tuple(nat))
    if r.runs:
        left = hand[:]
        for g in groups:
            for c in g:
                left[c] -= 1
        groups.extend(hand_runs(s, left))
    value = r.value
    vals: list[int] = []
    for g in groups:
        v = 0
        for c in g:
            v += value[c]
        vals.append(v)
    if len(groups) > 1:
        # Most valuable first; groups of equal count keep their order (a stable sort, which
        # ``reverse`` keeps stable).
        order = sorted(range(len(groups)), key=vals.__getitem__, reverse=True)
        groups = [groups[i] for i in order]
        vals = [vals[i] for i in order]
    return groups, vals


def key_counts(hand: list[int]) -> list[int]:
    """A hand's count of cards per key (``State.rc``), from its count per card."""
    counts = [0] * len(CARDS_OF_KEY)
    for c in compress(_CARD_IDS, hand):
        counts[KEY_OF[c]] += hand[c]
    return counts


def hand_runs(s: State, hand: list[int]) -> list[tuple[int, ...]]:
    """Canonical new runs of ``hand``: per suit, each stretch of consecutive ranks held (one
    card a rank) as long as a new run may be, cut to the longest a run may hold."""
    r = s.rules
    run_min, run_max = r.run_min, r.run_max
    out: list[tuple[int, ...]] = []
    for suit in range(4):
        first = C.card(4, suit)
        held = hand[first : C.card(14, suit) + 1 : 4]  # the suit's fours to aces, by rank
        if len(held) - held.count(0) < run_min:
            continue  # too few of the suit held for a run
        stretch: list[int] = []
        # The ranks in order, and past the ace one more held none, which ends the last stretch.
        for c, n in zip(range(first, first + 4 * len(held) + 4, 4), [*held, 0], strict=True):
            if n > 0:
                stretch.append(c)
                continue
            while len(stretch) >= run_min:
                out.append(tuple(stretch[:run_max]))
                stretch = stretch[run_max:]
            stretch = []
    return out


def pile_takes(s: State) -> list[Move]:
    """Canonical legal ways to take the pile in this position."""
    if s.phase != DRAW or not s.pile:
        return []
    top = s.pile[-1]
    if _BLOCKS[top]:
        return []
    r = s.rules
    p = s.turn
    side = s.side_of[p]
    rank = KEY_OF[top]
    rc = s.rc[p]
    held = rc[rank]
    if (
        held < 2
        and not r.runs
        and rank not in s.melds[side]
        and not (held and (rc[C.TWO] or rc[C.JOKER_RANK]))
    ):
        return []  # no natural pair, no natural with a wild card, no meld to put it on
    # (_top_refusal's two rules: dead ranks under meld_limits, and pile.one_card_ban.)
    if (r.meld_limits or r.one_card_ban) and _top_refusal(s, top) is not None:
        return []  # check_take refuses every pickup alike
    hand = s.hands[p]
    ways = r.frozen_ways if s.frozen_for(p) else r.unfrozen_ways
    nat = of_key(hand, rank) if held else []
    shows: list[tuple[int, ...]] = []
    if "natural_pair" in ways and len(nat) >= 2:
        shows.append((nat[0], nat[1]))
    if "natural_and_wild" in ways and nat:
        for key in (C.TWO, C.JOKER_RANK):
            if rc[key]:  # the first wild card of the kind held
                shows.append((nat[0], of_key(hand, key)[0]))
    if "add_to_meld" in ways and open_meld(s, side, rank) is not None:
        shows.append(())
    if not s.opened[side] and "natural_pair" in ways and len(nat) >= 2:
        # Opening with the pile: the top meld may need every natural of the rank, and wild
        # cards up to the cap, to reach the minimum.
        wild = wilds_of(hand)[: r.meld_wild_cap(len(nat) + 1)]
        for show in (tuple(nat), tuple(nat) + tuple(wild)):
            if show not in shows:
                shows.append(show)
    out: list[Move] = []
    opened = s.opened[side]
    existing = open_meld(s, side, rank) if opened else None
    for show in shows:
        if opened:
            cand = _TAKES.get(show)
            if cand is None:
                if len(_TAKES) >= 4096:
                    _TAKES.clear()
                cand = _TAKES[show] = TakePile(show)
            # Two naturals, a natural and a wild card, or nothing: cards held, shown in a way
            # ``ways`` allows, for the meld of the top card's rank (all that check_take checks
            # first). What remains is the meld it makes and what it leaves.
            nat_shown = 2 - IS_WILD[show[1]] if show else 0
            if _take_outcome(s, cand, top, nat_shown, existing, rank) is None:
                out.append(cand)
            continue
        minimum = s.minimum(side)
        total = sum(r.value[c] for c in (top, *show))
        extras: list[tuple[int, ...]] = []
        if total < minimum:
            left = hand[:]
            left_counts = s.rc[p][:]
            for c in show:
                left[c] -= 1
                left_counts[KEY_OF[c]] -= 1
            for g in opening_groups(s, left, exclude=rank, counts=left_counts):
                extras.append(g)
                total += sum(r.value[c] for c in g)
                if total >= minimum:
                    break
        cand = TakePile(show, tuple(extras))
        if check_take(s, cand) is None:
            out.append(cand)
    if "add_to_meld" in ways and r.runs:
        # The top card alone onto a run it extends (BC), each run named (TakePile.onto).
        suit, at = C.SUIT_OF[top], C.RANK_OF[top]
        for m in s.melds[side].values():
            if (
                m.kind == RUN
                and m.suit == suit
                and at in (m.low - 1, m.high + 1)
                and m.size < r.run_max
            ):
                cand = TakePile(onto=run_ref(suit, m.low))
                if check_take(s, cand) is None:
                    out.append(cand)
    return out
