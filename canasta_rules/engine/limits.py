"""Modern American Canasta's melding rules: closed ranks, dead ranks, when a wild card may join a
meld, special ranks (canastas.special), the lock an unfinished meld of wild cards puts on wild
cards, and the opening's clean triple.

Every rule here is off unless the variant sets it; the engine asks this module only when
``Rules.meld_limits`` is true, so other rulesets pay one attribute test. The checks are pure
functions of a state and the cards an action lays (its shapes already passed ``checks``), so
legality, the pile, the move generator and the going-out planner all read one definition.

A special rank's rule is read from ``Rules.special_wild`` / ``special_bonus`` /
``special_penalty`` (built from ``canastas.special``): a new rank rule is a new table in the
variant file, and a new kind of rank rule one more value of ``SpecialRank.wild`` handled in
``_wild_refusal`` below. What a special canasta earns, and an unfinished one costs, is scored
with every other kind of canasta in ``engine/canastas.py``.

Readings pinned where the sources are silent (docs/family/modern-american.md):
- "The side's opening" is the turn in which the side first melds (``State.opening_now``).
- The five naturals a meld needs before a wild card joins it count the naturals laid with the
  wild card in the same action.
- The clean triple must be among the melds of the action (or pickup) that opens the side.
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import cards as C
from ..errors import Refusal
from .meldkinds import closed_group, rank_name
from .rules import BLACK3_KEY, GROUP, IS_WILD, KEY_OF, NEVER, OPENING_ONLY, WILD, WILD_KEY
from .state import State, TableMeld


def dead(s: State, key: int) -> bool:
    """Whether ``key`` is a dead rank: a group of it is a canasta on either side's table."""
    r = s.rules
    for melds in s.melds:
        for m in melds.values():
            if m.rank == key and m.kind == GROUP and r.is_canasta(m.naturals, m.size):
                return True
    return False


def banned_on_empty(s: State, card: int) -> bool:
    """Whether ``pile.empty_discard_bans`` bans ``card`` from the empty pile: by its kind (seven,
    ace, wild card), or, with 'dead', as a card of a rank with a canasta on the table (CJ's
    SWAD)."""
    r = s.rules
    if r.empty_banned[card]:
        return True
    key = KEY_OF[card]
    return r.empty_ban_dead and not IS_WILD[card] and key >= 4 and dead(s, key)


def closed_rank(s: State, side: int, key: int) -> bool:
    """Whether the side has closed a canasta of ``key`` and may not meld that rank again."""
    r = s.rules
    m = s.melds[side].get(key)
    return r.no_reopen and m is not None and r.is_canasta(m.naturals, m.size)


def may_lay(s: State, side: int, key: int) -> Refusal | None:
    """Whether the side may lay cards of rank ``key`` at all (start or add)."""
    r = s.rules
    if r.dead_ranks and dead(s, key):
        return Refusal(
            "meld.dead_rank",
            "canastas.dead_ranks",
            f"{rank_name(key)} are dead: a canasta of them has been made, so nobody melds them",
        )
    if closed_rank(s, side, key):
        return Refusal(
            "meld.rank_closed",
            "canastas.reopen_closed_rank",
            f"your side's canasta of {rank_name(key)} is closed: that rank is not melded again",
        )
    return None


def open_wild_meld(s: State, side: int) -> TableMeld | None:
    """The side's meld of wild cards while it is not yet a canasta."""
    m = s.melds[side].get(WILD_KEY)
    if m is None or m.kind != WILD or s.rules.is_canasta(0, m.size):
        return None
    return m


def wild_room(s: State, side: int, key: int, meld: TableMeld | None, naturals: int) -> bool:
    """Whether a wild card may join the side's group of ``key`` (``meld``, None for a new one),
    which holds ``naturals`` natural cards once this action's naturals are laid (the wild-card
    caps of ``melds`` aside)."""
    return _wild_refusal(s, side, key, meld, naturals) is None


def _wild_refusal(
    s: State, side: int, key: int, meld: TableMeld | None, naturals: int
) -> Refusal | None:
    r = s.rules
    kind = r.special_wild[key]
    if kind == NEVER:
        return Refusal(
            "meld.special.wild",
            "canastas.special",
            f"a meld of {rank_name(key)} never holds a wild card",
        )
    opening = s.opening_now(side)
    pure = not opening if meld is None else not meld.wilds
    if kind == OPENING_ONLY and pure:
        return Refusal(
            "meld.special.wild",
            "canastas.special",
            f"a meld of {rank_name(key)} holds wild cards only when it is laid with one in the "
            "turn your side opens",
        )
    if r.wild_add_min and not opening and naturals < r.wild_add_min:
        return Refusal(
            "meld.wild.few_naturals",
            "melds.wild_add_min_naturals",
            f"after your side's opening turn a wild card joins only a meld of at least "
            f"{r.wild_add_min} natural cards; this one would hold {naturals}",
        )
    return None


def check_lay(
    s: State,
    side: int,
    groups: Sequence[Sequence[int]],
    adds: Sequence[tuple[int, Sequence[int]]],
    after: int,
    pickup: bool = False,
) -> Refusal | None:
    """Check the cards one action lays: new ``groups`` and ``adds`` (meld key, cards) to the
    side's melds, leaving the player ``after`` cards. The shapes passed ``checks`` already.
    ``pickup``: the first group is the one the pile's top card begins."""
    r = s.rules
    melds = s.melds[side]
    wild_elsewhere = False
    wild_meld_cards = 0
    made_mixed = False
    clean_triple = False
    for i, g in enumerate(groups):
        nat = sum(1 for c in g if not IS_WILD[c])
        wild = len(g) - nat
        if not nat:
            if closed_rank(s, side, WILD_KEY):
                return Refusal(
                    "meld.rank_closed",
                    "canastas.reopen_closed_rank",
                    "your side's canasta of wild cards is closed: no other meld of wild cards is "
                    "begun",
                )
            wild_meld_cards += wild
            continue
        key = _group_key(g)
        if key < 0:
            continue  # a run: none of these rules speaks of runs
        ref = may_lay(s, side, key)
        if ref is not None:
            return ref
        if wild:
            wild_elsewhere = True
            if pickup and i == 0 and r.special_pile_pure[key]:
                return Refusal(
                    "meld.special.pile_pure",
                    "canastas.special",
                    f"{rank_name(key)} taken with the discard pile stay pure: no wild card goes "
                    "with them, even in your side's opening",
                )
            ref = _wild_refusal(s, side, key, None, nat)
            if ref is not None:
                return ref
            made_mixed = made_mixed or r.is_canasta(nat, nat + wild)
        elif nat >= 3 and key != BLACK3_KEY:
            clean_triple = True
    for key, g in adds:
        m = melds.get(key)
        if m is None:
            continue
        wild = sum(1 for c in g if IS_WILD[c])
        if m.kind == WILD:
            wild_meld_cards += wild
            continue
        if m.kind != GROUP:
            continue
        ref = may_lay(s, side, key)
        if ref is not None:
            return ref
        nat = m.naturals + len(g) - wild
        if wild:
            wild_elsewhere = True
            ref = _wild_refusal(s, side, key, m, nat)
            if ref is not None:
                return ref
        if (m.wilds or wild) and not r.is_canasta(m.naturals, m.size):
            made_mixed = made_mixed or r.is_canasta(nat, m.size + len(g))
    if r.wild_lock and wild_elsewhere and _wild_meld_open_after(s, side, wild_meld_cards):
        return Refusal(
            "meld.wild.locked",
            "melds.wild_melds.open_locks_wild",
            "while your side's meld of wild cards is unfinished, no wild card goes on another meld",
        )
    if r.clean_triple and not s.opened[side] and not clean_triple:
        return Refusal(
            "open.clean_triple",
            "initial_meld.clean_triple",
            "your side's opening must include a clean triple: three or more natural cards of "
            "one rank with no wild card",
        )
    if r.opening_no_mixed and made_mixed and s.opening_now(side):
        return Refusal(
            "open.mixed_canasta",
            "initial_meld.mixed_canasta",
            "the turn your side opens may complete a natural canasta, not one with wild cards",
        )
    if after <= 1 and r.wild_blocks_out and _wild_meld_open_after(s, side, wild_meld_cards):
        return wild_meld_blocks_out(after)
    if after <= 1 and r.special_blocks_out:
        pure = _pure_meld_open_after(s, side, groups, adds)
        if pure is not None:
            return special_meld_blocks_out(pure, after)
    return None


def _pure_meld_open_after(
    s: State,
    side: int,
    groups: Sequence[Sequence[int]],
    adds: Sequence[tuple[int, Sequence[int]]],
) -> int | None:
    """A rank of ``canastas.special`` with ``open_blocks_going_out`` whose pure meld would be
    unfinished once these cards are laid (None: none)."""
    r = s.rules
    melds = s.melds[side]
    for key in r.special_blocks_out:
        m = melds.get(key)
        m = m if m is not None and m.kind == GROUP and not closed_group(r, m) else None
        nat = m.naturals if m is not None else 0
        wild = m.wilds if m is not None else 0
        laid = [g for g in groups if _group_key(g) == key]
        laid += [g for k, g in adds if k == key]
        for g in laid:
            w = sum(1 for c in g if IS_WILD[c])
            nat, wild = nat + len(g) - w, wild + w
        if nat and not wild and not r.is_canasta(nat, nat):
            return key
    return None


def special_meld_blocks_out(key: int, after: int) -> Refusal:
    what = f"your side's meld of {C.RANK_WORDS[key][1]} without wild cards is unfinished"
    return Refusal("out.special_meld_open", "canastas.special", _open_meld_bars(what, after))


def _open_meld_bars(what: str, after: int) -> str:
    """Why a side with ``what`` (an open meld that stops going out) may not go out, or, holding
    one card after the action (``after``), must keep two."""
    if after == 0:
        return f"you cannot go out while {what}"
    return f"you must keep two cards: {what}, so you cannot go out"


def _group_key(g: Sequence[int]) -> int:
    """The rank key of a group's natural cards (-1 when they are of several ranks: a run)."""
    keys = {KEY_OF[c] for c in g if not IS_WILD[c]}
    return keys.pop() if len(keys) == 1 else -1


def _wild_meld_open_after(s: State, side: int, added: int) -> bool:
    m = s.melds[side].get(WILD_KEY)
    size = (m.size if m is not None and m.kind == WILD else 0) + added
    return size > 0 and not s.rules.is_canasta(0, size)


def wild_meld_blocks_out(after: int) -> Refusal:
    msg = _open_meld_bars("your side's meld of wild cards is unfinished", after)
    return Refusal("out.wild_meld_open", "melds.wild_melds.open_blocks_going_out", msg)


def out_refusal(s: State, side: int) -> Refusal | None:
    """What refuses going out by the last discard under these rules."""
    if s.rules.wild_blocks_out and open_wild_meld(s, side) is not None:
        return wild_meld_blocks_out(0)
    if s.rules.special_blocks_out:
        pure = _pure_meld_open_after(s, side, (), ())
        if pure is not None:
            return special_meld_blocks_out(pure, 0)
    return None
