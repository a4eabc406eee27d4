"""Checks shared by the legality rules, the move generator and the going-out planner.

The shape of a meld (its rank, its natural and wild cards), what a hand holds, the stock's next
cards, and the rule that a hand may shrink to one card or none only when its player may go out.
These are pure functions of a state and a move's cards: they apply nothing and look nowhere ahead,
so every other engine module may import them (legality, the planner and the generator all do).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from .. import cards as C
from ..errors import Refusal
from .canastas import MIXED, NATURAL, WILD_CANASTA, Tally
from .meldkinds import KIND, plural, recognise
from .moves import Meld
from .rules import (
    KEY_OF,
    RUN,
    RUN_KEY0,
    Rules,
    run_ref_parts,
)
from .state import ANSWER_NO, ANSWER_YES, State, TableMeld

STOCK, PILE = 1, 2


# --------------------------------------------------------------------------------------------
# Meld shape checks, shared with the move generator and the going-out planner; each kind of meld
# judges itself (engine/meldkinds.py).


def check_new_meld(r: Rules, cards: Sequence[int]) -> tuple[Refusal | None, int, int, int]:
    """Check a new meld's shape. Returns (refusal, rank key, naturals, wilds): the key is the
    group's rank, ``WILD_KEY`` for wild cards alone or ``NEW_RUN`` for a run."""
    ref, kind, rank, nat = recognise(r, cards)
    if ref is None:
        ref = KIND[kind].judge_new(r, cards, rank, nat)
    return ref, rank, nat, len(cards) - nat


def open_meld(s: State, side: int, key: int) -> TableMeld | None:
    """The side's meld filed under ``key`` that can still take cards of its rank: None if there
    is none, or if it is a closed canasta (``canastas.closed``; a new meld of the rank may then
    be started)."""
    m = s.melds[side].get(key)
    if m is not None and s.rules.canasta_closed and s.rules.is_canasta(m.naturals, m.size):
        return None
    return m


def joined(s: State, m: Meld) -> Meld:
    """A meld action as the table lays it: a side keeps one meld per rank, and matching cards join
    it (001, 'keep only one team meld per rank; matching cards join that meld'; 002, all cards of
    a rank on the table go into a single meld; 004, a side has no two melds of a rank). So a new
    group of a rank the side holds in an open meld is an addition to that meld, and new groups of
    one rank laid in one action are one meld, with any ``add`` of that rank in the action. Runs
    stay as laid; a closed canasta (``canastas.closed``) takes nothing, so a group beside it is a
    new meld. Returns ``m`` itself when nothing joins, as for every move the generator makes
    (those add explicitly)."""
    if not m.melds:
        return m
    r = s.rules
    side = s.side_of[s.turn]
    keys: list[int | None] = []
    for g in m.melds:
        ref, kind, rank, _ = recognise(r, g)
        keys.append(rank if ref is None and kind != RUN else None)
    named = [k for k in keys if k is not None]
    onto = [k for k in named if open_meld(s, side, k) is not None]
    # An add naming a rank this action lays anew ('meld Kc Kd Kh, K: Ks') goes on that meld.
    late = [i for i, (k, _) in enumerate(m.adds) if k in named and resolve_key(s, side, k) is None]
    if not onto and not late and len(set(named)) == len(named):
        return m
    melds: list[tuple[int, ...]] = []
    adds = [(ref_key, tuple(g)) for i, (ref_key, g) in enumerate(m.adds) if i not in late]
    new_at: dict[int, int] = {}  # rank -> where in ``melds`` the new group of that rank is
    for key, g in zip(keys, m.melds, strict=True):
        if key is not None and key in onto:
            # onto the side's meld: with the cards this action already adds to it, if any
            at = next((i for i, (k, _) in enumerate(adds) if resolve_key(s, side, k) == key), -1)
            if at < 0:
                adds.append((key, tuple(g)))
            else:
                adds[at] = (adds[at][0], adds[at][1] + tuple(g))
        elif key is not None and key in new_at:
            melds[new_at[key]] += tuple(g)
        else:
            if key is not None:
                new_at[key] = len(melds)
            melds.append(tuple(g))
    for i in late:
        key, g = m.adds[i]
        melds[new_at[key]] += tuple(g)
    return Meld(tuple(melds), tuple(adds))


def resolve_key(s: State, side: int, ref: int) -> int | None:
    """The key of the side's meld an ``add`` names: a rank (a group, or WILD_KEY for the meld of
    wild cards) or a run reference (a card of the run). None if the side has no such meld."""
    melds = s.melds[side]
    if ref < RUN_KEY0 - 1:
        return ref if ref in melds else None
    if ref < 128:
        return None
    suit, rank = run_ref_parts(ref)
    found = None
    for k, m in melds.items():
        if m.kind == RUN and m.suit == suit and m.low <= rank <= m.high:
            if m.size < s.rules.run_max:
                return k  # the run holding the card that can still take cards
            found = k  # a complete run (another run of its suit may share its ranks)
    return found


def run_overlap(
    s: State,
    side: int,
    span: tuple[int, int, int],
    skip: int = -1,
    new: Sequence[tuple[int, int, int]] = (),
) -> Refusal | None:
    """Runs of one suit may not share a rank while both can still take cards, so that an
    ``add`` names one run by a card; a complete run (``melds.sequences.max_length`` cards) takes
    no more, and another run of its suit may hold its ranks (HSW: two sambas of one suit are
    hard to make, not barred). ``span`` is the new or extended run; ``skip`` the key of the run
    it extends; ``new`` runs laid earlier in the same action."""
    r = s.rules
    suit, lo, hi = span
    if hi - lo + 1 >= r.run_max:
        return None
    spans = [
        (m.suit, m.low, m.high)
        for k, m in s.melds[side].items()
        if m.kind == RUN and k != skip and m.size < r.run_max
    ]
    spans += [sp for sp in new if sp[2] - sp[1] + 1 < r.run_max]
    for su, a, b in spans:
        if su == suit and a <= hi and lo <= b:
            return Refusal(
                "meld.run.overlaps",
                "melds.sequences",
                "your side already has a run of that suit holding these ranks, which can still "
                "take cards: add to it instead",
            )
    return None


def pile_home(s: State, side: int, top: int, shown: Sequence[int], onto: int) -> int | Refusal:
    """The key of the side's meld that a pickup lays the pile's top card on: the group of its
    rank (open, or new with the cards ``shown`` from hand), or a run of its suit it extends.

    The top card alone may go onto a run (BC: onto a meld below a canasta, "including a sequence
    meld"), never with cards from hand (BC, HSW). ``onto`` names the run; with ``onto`` 0 the
    card goes on the open group of its rank, else on the one run it extends. A refusal when the
    run named is not there or two runs fit."""
    rank = KEY_OF[top]
    if not onto and (shown or not s.rules.runs or open_meld(s, side, rank) is not None):
        return rank
    if onto and shown:
        return Refusal(
            "pile.run_with_cards",
            "melds.sequences",
            "the top card goes onto a run alone: no card from your hand may go with it",
        )
    suit, r = C.SUIT_OF[top], C.RANK_OF[top]
    if onto:
        key = resolve_key(s, side, onto)
        if key is None:
            return Refusal("pile.no_such_run", "", "your side has no run holding that card")
        return key
    fits = [
        k
        for k, m in s.melds[side].items()
        if m.kind == RUN
        and m.suit == suit
        and r in (m.low - 1, m.high + 1)
        and m.size < s.rules.run_max
    ]
    if len(fits) > 1:
        names = " or ".join(f"'on {C.name(C.card(s.melds[side][k].low, suit))}'" for k in fits)
        return Refusal(
            "pile.run_ambiguous",
            "",
            f"{C.name(top)} fits two of your side's runs: say which ({names})",
        )
    return fits[0] if fits else rank


def check_add(r: Rules, meld: TableMeld, cards: Sequence[int]) -> tuple[Refusal | None, int, int]:
    """Check adding ``cards`` to ``meld``. Returns (refusal, naturals after, wilds after)."""
    if not cards:
        return Refusal("meld.empty", "", "nothing to add"), meld.naturals, meld.wilds
    if r.wild_melds:  # a kind's own limit speaks first (a full meld of wild cards)
        full = KIND[meld.kind].full(r, meld)
        if full is not None:
            return full, meld.naturals, meld.wilds
    if r.canasta_closed and r.is_canasta(meld.naturals, meld.size):
        return (
            Refusal(
                "meld.canasta_closed",
                "canastas.closed",
                "a completed canasta is closed: it takes no more cards",
            ),
            meld.naturals,
            meld.wilds,
        )
    return KIND[meld.kind].judge_add(r, meld, cards)


def in_hand(s: State, player: int, cards: Iterable[int]) -> int | None:
    """The first card of ``cards`` the player does not hold (counting repeats), or None."""
    if isinstance(cards, tuple | list) and len(cards) <= 8:
        # A few cards (a pickup's shown cards): each counted in place, in order, the same answer.
        few: tuple[int, ...] | list[int] = cards
        hand = s.hands[player]
        for c in few:
            if not 0 <= c < C.NUM_CARD_IDS or hand[c] < few.count(c):
                return c
        return None
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


def not_held(c: int) -> Refusal:
    name = C.name(c) if 0 <= c < C.NUM_CARD_IDS else str(c)
    return Refusal("card.not_in_hand", "", f"you do not hold {name}")


def value_of(r: Rules, cards: Iterable[int]) -> int:
    v = r.value
    return sum(v[c] for c in cards)


def needs_text(r: Rules) -> str:
    """The canastas going out needs, as the refusals say it: "a canasta", "2 canastas"."""
    return plural(r.canastas_to_go_out, "canasta", "a")


def keep_a_card(s: State, side: int, after: int, canastas_after: int) -> Refusal | None:
    """The rule that a hand may reach 0 or 1 cards only when the player may go out."""
    r = s.rules
    if after >= 2:
        return None
    if r.foot and s.feet[s.turn]:
        return None  # the foot waits: the hand may be played out (running or walking)
    if after == 0 and r.discard_required and not r.discard_unless_concealed:
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
                f"you cannot go out: your side needs {needs_text(r)} first",
            )
        return Refusal(
            "meld.keep_a_card",
            "going_out.canastas",
            f"you must keep two cards (one to discard, one to hold) until your side has "
            f"{needs_text(r)} to go out",
        )
    if s.permission == ANSWER_NO:
        return Refusal(
            "out.permission_refused",
            "going_out.permission",
            "your partner said no: you may not go out this turn, so keep two cards",
        )
    if r.ask_required and s.permission != ANSWER_YES:
        # Asked with one card left, a "no" would leave a card that can be neither kept nor
        # discarded: so the yes comes first, while two cards are held (as with a "no").
        return _ask_first(
            "before you go out"
            if after == 0
            else "while you hold two cards: keep two until you have asked"
        )
    return None


def _ask_first(when: str = "before you go out") -> Refusal:
    return Refusal(
        "out.permission_required",
        "going_out.permission.required",
        f"going out needs your partner's yes: ask 'may I go out?' {when}",
    )


def whose_minimum(s: State) -> str:
    """Whose first melds the initial-meld minimum judges, in the words of a refusal: yours where
    each player's own total sets it (cutthroat) or where the player to move plays alone (two or
    three players without partners), else your side's."""
    if s.rules.minimum_basis == "player_total" or not s.partners(s.turn):
        return "your"
    return "your side's"


def cite_minimum(s: State, ref: Refusal) -> Refusal:
    """``ref`` (``open.below_minimum``, citing the tiers of scores) citing the parameter that set
    the minimum: the rounds' list where the minimum goes by the round (Hand and Foot)."""
    if s.rules.minimum_basis == "round":
        return replace(ref, parameter="initial_meld.by_round")
    return ref


def kind_counts(s: State, side: int) -> tuple[int, int, int]:
    """The side's natural, mixed and wild-card canastas (runs are counted by ``run_canastas``)."""
    counts = Tally(s.rules, s.melds[side].values()).counts
    return counts[NATURAL], counts[MIXED], counts[WILD_CANASTA]


def contract_missing(s: State, side: int) -> str:
    """What the side still lacks of the canastas going out needs by kind
    (``going_out.natural_canastas``, ``mixed_canastas``, ``wild_canastas``): '' when it has
    them, else the missing canastas in words ('one more natural canasta and 2 more mixed
    canastas')."""
    r = s.rules
    if not r.kinds_contract:
        return ""
    have = kind_counts(s, side)
    want = (r.natural_to_go_out, r.mixed_to_go_out, r.wild_to_go_out)
    words = ("natural canasta", "mixed canasta", "canasta of wild cards")
    parts = []
    for h, w, word in zip(have, want, words, strict=True):
        if h < w:
            n = w - h
            parts.append(
                f"one more {word}"
                if n == 1
                else f"{n} more {word.replace('canasta', 'canastas', 1)}"
            )
    return " and ".join(parts)


def runs_refusal(r: Rules, after: int) -> Refusal:
    """Going out (``after`` 0), or keeping fewer than two cards, without the runs among its
    canastas that ``going_out.sequence_canastas`` asks of the side."""
    n = r.run_canastas_to_go_out
    what = "a complete run" if n == 1 else f"{n} complete runs"
    if after == 0:
        return Refusal(
            "out.run_canastas",
            "going_out.sequence_canastas",
            f"you cannot go out: among its canastas your side needs {what}",
        )
    return Refusal(
        "meld.keep_a_card",
        "going_out.sequence_canastas",
        f"you must keep two cards until your side has {what} among its canastas",
    )


def contract_refusal(s: State, side: int, after: int) -> Refusal | None:
    """Going out without the canastas by kind the contract names (``going_out.
    natural_canastas``, ``mixed_canastas``, ``wild_canastas``): the code names the first kind
    missing, the message every one."""
    missing = contract_missing(s, side)
    if not missing:
        return None
    if after > 0:
        return Refusal(
            "meld.keep_a_card",
            "going_out.canastas",
            f"you must keep two cards until your side has the canastas going out needs: {missing}",
        )
    msg = f"you cannot go out: your side needs {missing}"
    if "natural" in missing:
        return Refusal("out.contract.natural", "going_out.natural_canastas", msg)
    if "mixed" in missing:
        return Refusal("out.contract.mixed", "going_out.mixed_canastas", msg)
    return Refusal("out.contract.wild", "going_out.wild_canastas", msg)


def side_out_refusal(s: State, side: int) -> Refusal | None:
    """Why the side may not go out now, on what it holds and partner's answer: too few
    canastas, runs or canastas of each kind the contract names, or partner's "no". None: those
    allow it (the rest of going out is judged by the move)."""
    r = s.rules
    if s.canastas(side) < r.canastas_to_go_out:
        return Refusal(
            "out.canastas",
            "going_out.canastas",
            f"you cannot go out: your side needs {needs_text(r)} first",
        )
    if s.run_canastas(side) < r.run_canastas_to_go_out:
        return runs_refusal(r, 0)
    if r.kinds_contract:
        ref = contract_refusal(s, side, 0)
        if ref is not None:
            return ref
    if s.permission == ANSWER_NO:
        return Refusal(
            "out.permission_refused",
            "going_out.permission",
            "your partner said no: you may not go out this turn",
        )
    if r.ask_required and s.permission != ANSWER_YES:
        return _ask_first()
    return None


def foot_next(s: State, player: int, by_discard: bool) -> bool:
    """Whether a hand used up now (by a discard, or by melding its last card) takes up the foot
    rather than going out (``foot.kind = "foot"``). With ``foot.needed_to_go_out`` it always
    does; without, it goes out when the side meets the going-out contract, partner has not said
    no, and, where a final discard is required, the last card was discarded."""
    if not s.feet or not s.feet[player]:
        return False
    r = s.rules
    if r.foot_needed or (not by_discard and r.discard_required):
        return True
    return side_out_refusal(s, s.side_of[player]) is not None


def concealed_now(s: State, player: int, turn_new: Iterable[int], added_old: bool) -> bool:
    """Whether going out at this point of the turn counts as concealed."""
    r = s.rules
    side = s.side_of[player]
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


def concealed_still_possible(s: State) -> bool:
    """A quick necessary condition for going out concealed later this turn (``concealed_now``
    can only become true if this holds): the player has not melded before this turn (or, for a
    side's first meld, every meld the side has was laid this turn), and has not added to
    partner's melds where that spoils it."""
    r = s.rules
    if not r.concealed_player:
        new = s.turn_new
        return all(k in new for k in s.melds[s.side_of[s.turn]])
    if s.prior_melded:
        return False
    return not (s.turn_added_old and not r.concealed_partner_melds)


# --------------------------------------------------------------------------------------------
# Stock sequences (draws and replacements)


def check_stock_sequence(
    s: State,
    cards: Sequence[int] | None,
    need: int,
    talon: bool = False,
    replacing: bool = False,
) -> Refusal | None:
    """Check that ``cards`` are what the stock gives for ``need`` non-red-three cards (a draw,
    with ``replacing`` red threes' replacements, or with ``talon`` a talon, whose size
    ``talons.sizes`` says)."""
    if cards is None:
        if s.stock_known or not s.stock:
            return None
        return Refusal(
            "draw.cards_unknown",
            "",
            "say which cards were drawn: the order of this stock is not known",
        )
    bonus = s.rules.bonus  # red threes, and black ones where black_threes.bonus
    # An unknown stock is the rest of the pack: count only the cards this draw names in it.
    avail = None
    if not s.stock_known:
        if len(cards) == 1:  # one card (most draws): in the stock, or not
            c = cards[0]
            if c in s.stock:
                if need == 1 and not bonus[c]:
                    return None  # the one card the draw needs, and it is there
            elif need > 0 and s.stock:
                return _not_in_stock(c)
        else:
            avail = {c: s.stock.count(c) for c in set(cards)}
    pos = len(s.stock)
    i = 0
    while need > 0 and pos > 0:
        if i >= len(cards):
            # Count as the rule does: the cards besides bonus threes (each laid down, replaced).
            named = sum(1 for c in cards if not bonus[c])
            takes = named + min(need, pos)
            count = f"takes {plural(takes, 'card', 'one')} from the stock here, and names {named}"
            if any(bonus[c] for c in cards):
                count += " besides the bonus threes it lays down"
            if talon:
                return Refusal(
                    "talon.too_few", "talons.sizes", f"the talon {count}: name every card drawn"
                )
            if replacing:  # a red three laid down is replaced from the stock: no parameter
                return Refusal(
                    "replacement.too_few",
                    "",
                    f"replacing the red threes laid down {count}: name every card drawn",
                )
            return Refusal(
                "draw.too_few", "draw.count", f"this draw {count}: name every card drawn"
            )
        c = cards[i]
        if not s.stock_known:
            if avail is not None:
                if avail.get(c, 0) <= 0:
                    return _not_in_stock(c)
                avail[c] -= 1
        else:
            top = s.stock[pos - 1]
            if c != top:
                return Refusal(
                    "draw.wrong_card",
                    "",
                    f"the next stock card is {C.name(top)}, not {C.name(c)}",
                )
        pos -= 1
        i += 1
        if not bonus[c]:
            need -= 1
    if i < len(cards):
        n = len(cards)
        msg = (
            f"{n} card{'' if n == 1 else 's'}, but only {i} {'comes' if i == 1 else 'come'} "
            "from the stock here"
        )
        # One code for every card taken from the stock: a draw (its count is draw.count's), red
        # threes' replacements and a talon.
        what = "replaces red threes with" if replacing else "takes as a talon" if talon else "draws"
        return Refusal("draw.too_many", "draw.count", f"this {what} {msg}")
    return None


def _not_in_stock(c: int) -> Refusal:
    return Refusal(
        "draw.not_in_stock",
        "",
        f"{C.name(c)} cannot come from the stock: every copy is accounted for",
    )


def talon_size(s: State) -> int:
    """How many cards a discard now that keeps cards in hand takes as a talon (``talons``): the
    player's side made its first melds this turn (not by taking the pile, unless
    ``talons.after_pickup``), the stock still holds ``talons.min_stock`` cards, and the side is
    the first, second, ... to open, in the order of ``talons.sizes``. 0: no talon due."""
    r = s.rules
    if not r.talons or not s.turn_opened or (s.drew == PILE and not r.talon_after_pickup):
        return 0
    if len(s.stock) < r.talon_min_stock or not s.stock:
        return 0
    k = sum(1 for o in s.opened if o) - 1  # sides that opened before this one
    return r.talons[k] if 0 <= k < len(r.talons) else 0


def draw_ends_hand(s: State) -> bool:
    """Whether a draw now ends the hand (no stock, or a short stock that the variant ends on)."""
    r = s.rules
    return not s.stock or (len(s.stock) < r.draw_count and r.short_stock_ends)
