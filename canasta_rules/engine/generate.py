"""The legal moves of a position, in a documented canonical form.

Listing every legal combination of cards would explode (which two of three natural queens to show,
which of several wild cards to add, every subset of melds), so ``legal_moves`` lists one
representative per kind of play. The canonical forms (docs/engine.md):

- Drawing: one ``Draw()``; the stock decides the cards (a seeded deal knows its order).
- Taking the pile: for each way the variant allows in this position, one move: two naturals of
  the top card's rank; one natural and one wild card (one move per kind of wild card held); or
  the top card alone onto the side's meld. A side that has not opened may also show every natural
  of the rank, and those with as many wild cards as the cap allows; if the top meld still falls
  short, its opening groups (below) follow in order of value until the minimum is reached.
- Melding, once the side has opened: for each rank held, all its naturals as a new meld (with each
  number of wild cards from the fewest the meld needs to the most it may hold) or added to the
  side's meld; one wild card (a two if held, else a joker) onto each meld with room.
- Opening: "opening groups" are, for each rank with enough naturals, all of them plus the fewest
  wild cards that make the meld big enough (twos first). Each group or pair of groups that reaches
  the minimum, and all of them together, is one move.
- Going out: when the player can go out, the first meld action of the plan the going-out planner
  finds (so that a player told "yes" by partner, or able to go out concealed, has it offered).
- Discarding: one move per distinct card held.
- Asking permission and answering: as they are.

Every move listed passes ``legality.refusal``, and a position that is not over always has one
(the tests check both over random games of every built-in variant). Chance moves (draws,
replacements) are listed only when the stock's order is known.

Speed: pickups and the going-out plan's first action go through ``refusal``; meld actions are
built well-formed, so only the going-out rules that ``refusal`` applies to them are checked here
(the same functions), which is most of the generator's time saved. The simple moves are shared
instances, and each meld action of an opened side says which form it is (``Meld.form``; none
where a closed canasta caps what it takes), so that the OpenSpiel encoding numbers it without
reading its cards again. Meld actions are remembered by what determines them (a rank's counts
held, the wild cards), so a later position hands out the same instance without collecting cards;
only the ranks held are visited; and the side's canastas, which only an action leaving fewer
than two cards needs, are counted only then (docs/architecture.md, "The engine's lead").
"""

from __future__ import annotations

from itertools import compress
from typing import TypeVar, cast

from .. import cards as C
from .checks import check_add, draw_ends_hand, keep_a_card, talon_size
from .goingout import going_out_plan
from .legality import forced_pickup, keep_discard_refusal, refusal
from .limits import banned_on_empty, check_lay
from .moves import (
    DISCARDS,
    FORM_ADD,
    FORM_NEW,
    FORM_OPEN,
    FORM_WILD,
    FORM_WILD_MELD,
    Answer,
    Ask,
    Draw,
    Expose,
    Foot,
    Meld,
    Move,
)
from .pile import hand_runs, of_key, pile_takes, valued_opening_groups, wilds_of
from .rules import (
    BLACK3_KEY,
    CARDS_OF_KEY,
    IS_WILD,
    KEY_OF,
    RED3_KEY,
    RUN,
    WILD_KEY,
    Rules,
    run_ref,
)
from .state import ANSWER, ANSWER_YES, DRAW, EXPOSE, FOOT, NOT_ASKED, OVER, State, TableMeld

_NATURAL_KEYS = tuple(range(4, 15))
_FIRST_ID = tuple(CARDS_OF_KEY[k][0] if 4 <= k <= 14 else -1 for k in range(16))
"""The first card id of each natural rank: its four cards, one a suit, follow it."""
assert all(CARDS_OF_KEY[k] == tuple(range(_FIRST_ID[k], _FIRST_ID[k] + 4)) for k in _NATURAL_KEYS)
_K = TypeVar("_K")

# Moves are immutable values, so the generator hands out shared instances of the simple ones.
_DRAW = Draw()
_EXPOSE = Expose()
_FOOT = Foot()
_ASK = Ask()
_YES, _NO = Answer(True), Answer(False)
# Plain ints for the hot paths (an IntEnum member's lookup costs more than a global's).
_YES_GIVEN = int(ANSWER_YES)


# The meld actions the generator makes, remembered by what determines them (their form and
# cards), so that a position shares the instances an earlier one made (moves are immutable
# values). Each is emptied when it grows past _MEMO_MAX; it depends on no ruleset.
_ADDS: dict[tuple[int, ...], Meld] = {}
"""Where canastas are closed, the first n naturals of a rank onto its meld, by the rank, n and
the counts of its four cards held (and _NEWS: as many as the canasta takes, and w wild cards,
as a new meld)."""
_ADDS_HELD: dict[tuple[int, ...], Meld] = {}
"""Every natural of a rank onto its meld, by the rank and the counts of its four cards held."""
_NEWS: dict[tuple[int, ...], Meld] = {}
_NEWS_HELD: dict[tuple[int, ...], Meld] = {}
"""A new meld of every natural of a rank and w wild cards, by the rank, the counts of the
rank's four cards held and the w wild cards."""
_WILD_ADDS: dict[tuple[int, int], Meld] = {}
_WILD_MELDS: dict[tuple[int, ...], Meld] = {}
"""A new meld of wild cards, by its cards."""
_OPENS: dict[tuple[tuple[tuple[int, ...], ...], int], Meld] = {}
"""An opening meld action, by its groups and form."""
_MEMO_MAX = 1 << 14
_UNKNOWN = 2  # not yet in Rules.wild_add_memo (whose values are -1, 0, 1 or None)


def _remember(memo: dict[_K, Meld], key: _K, meld: Meld) -> Meld:
    if len(memo) >= _MEMO_MAX:
        memo.clear()
    memo[key] = meld
    return meld


def _wild_add_delta(r: Rules, old: TableMeld, one: int) -> int | None:
    """None where the rules refuse adding the wild card ``one`` to ``old``; else how the side's
    canastas change by it (-1, 0 or 1). ``check_add`` reads, for one wild card, only the meld's
    kind, naturals, wild cards and whether it is of black threes."""
    if check_add(r, old, (one,))[0] is not None:
        return None
    size = old.naturals + old.wilds
    return int(r.is_canasta(old.naturals, size + 1)) - int(r.is_canasta(old.naturals, size))


def _meld_candidates(s: State) -> tuple[list[Meld], dict[int, tuple[int, int]]]:
    """The canonical meld actions, and for each that would leave the player fewer than two cards
    (by its place in the list) the cards it lays and the side's canastas after it.

    Every candidate is well-formed by construction: its cards are in hand, each new meld has the
    naturals, size and wild cards its variant asks, additions keep within the wild-card limits,
    and a side that has not opened reaches its minimum. What remains to check is the going-out
    side of the move (``legality._keep_a_card``, and a partner's binding "yes").

    Only such an action has a going-out rule to answer (``keep_a_card``); for the others neither
    figure is recorded, and the side's canastas are counted only when one needs them.
    """
    r = s.rules
    p = s.turn
    side = s.side_of[p]
    hand = s.hands[p]
    rc = s.rc[p]
    melds = s.melds[side]
    is_canasta = r.is_canasta
    # Rules.is_canasta inlined for the loops below (the hottest lines of the generator): a meld
    # with naturals is a canasta at the size and base; one without is a meld of wild cards.
    csize = r.canasta_size
    base = r.canasta_base
    near = s.hand_len[p] - 1  # an action laying this many cards leaves fewer than two
    canastas = -1  # the side's canastas now, counted when an action needs them
    out: list[Meld] = []
    ends: dict[int, tuple[int, int]] = {}  # the actions that leave fewer than two cards
    if s.opened[side]:
        wild = wilds_of(hand) if rc[C.TWO] or rc[C.JOKER_RANK] else []
        wild_ids = tuple(wild)
        n_wild = len(wild)
        min_naturals = r.min_naturals
        min_size = r.min_size
        closed = r.canasta_closed
        caps = r.wild_caps
        # Only the ranks held (``compress`` skips the others without a Python step each).
        for k in compress(_NATURAL_KEYS, rc[4:15]):
            c = rc[k]
            old = melds.get(k)
            if (
                closed
                and old is not None
                and old.naturals + old.wilds >= csize
                and is_canasta(old.naturals, old.naturals + old.wilds)
            ):
                old = None  # a closed canasta takes nothing (checks.open_meld)
            if old is not None:
                if closed:  # only what the canasta takes: the first n naturals held
                    n = csize - old.naturals - old.wilds  # min(c, max(0, room))
                    if n > c:
                        n = c
                    if n <= 0:
                        continue
                    i = _FIRST_ID[k]
                    key: tuple[int, ...] = (k, n, hand[i], hand[i + 1], hand[i + 2], hand[i + 3])
                    meld = _ADDS.get(key)
                    if meld is None:
                        nat = tuple(of_key(hand, k)[:n])
                        meld = _remember(_ADDS, key, Meld(adds=((k, nat),)))
                else:
                    # Every natural of the rank: the move is known from the rank's counts.
                    n = c
                    i = _FIRST_ID[k]
                    key = (k, hand[i], hand[i + 1], hand[i + 2], hand[i + 3])
                    meld = _ADDS_HELD.get(key)
                    if meld is None:
                        nat = tuple(of_key(hand, k))
                        meld = Meld(adds=((k, nat),), form=FORM_ADD | k)
                        _remember(_ADDS_HELD, key, meld)
                if n < near:
                    out.append(meld)
                    continue
                if canastas < 0:
                    canastas = s.canastas(side)
                o_nat = old.naturals
                o_size = o_nat + old.wilds
                after = canastas
                if o_size >= csize and o_nat >= base:
                    after -= 1
                if o_size + n >= csize and o_nat + n >= base:
                    after += 1
                ends[len(out)] = (n, after)
                out.append(meld)
            elif c >= min_naturals:
                n = csize if closed and c > csize else c
                lo = min_size - n if n < min_size else 0
                if lo > n_wild:
                    continue  # too few wild cards held to make the meld big enough
                hi = caps[n]
                if hi > n_wild:
                    hi = n_wild
                if closed and hi > csize - n:
                    hi = csize - n
                if lo > hi:
                    continue  # more wild cards needed than the meld may hold
                if n + hi >= near and canastas < 0:
                    canastas = s.canastas(side)
                base_met = n >= base
                if closed:  # as many naturals as the canasta takes (n), and w wild cards
                    i = _FIRST_ID[k]
                    held: tuple[int, ...] = (k, n, hand[i], hand[i + 1], hand[i + 2], hand[i + 3])
                    for w in range(lo, hi + 1):
                        news_key = held + wild_ids[:w]  # its length says w
                        meld = _NEWS.get(news_key)
                        if meld is None:
                            group = tuple(of_key(hand, k)[:n] + wild[:w])
                            meld = _remember(_NEWS, news_key, Meld(melds=(group,)))
                        size = n + w
                        if size >= near:
                            ends[len(out)] = (size, canastas + (base_met and size >= csize))
                        out.append(meld)
                    continue
                # Every natural of the rank and the first w wild cards: the move is known from
                # the rank's counts and those wild cards.
                i = _FIRST_ID[k]
                held = (k, hand[i], hand[i + 1], hand[i + 2], hand[i + 3])
                for w in range(lo, hi + 1):
                    news_key = held + wild_ids[:w]  # its length says w
                    meld = _NEWS_HELD.get(news_key)
                    if meld is None:
                        group = tuple(of_key(hand, k) + wild[:w])
                        meld = Meld(melds=(group,), form=FORM_NEW | k << 6 | w)
                        _remember(_NEWS_HELD, news_key, meld)
                    size = n + w
                    if size >= near:
                        ends[len(out)] = (size, canastas + (base_met and size >= csize))
                    out.append(meld)
        if wild:
            one = wild[0]
            if canastas < 0 and near <= 1:
                canastas = s.canastas(side)
            # What one wild card does to a meld (refused, or the change in canastas) depends on
            # the meld's kind, size and whether it is of black threes (checks.check_add):
            # remembered per ruleset.
            wild_adds = r.wild_add_memo
            for k, old in melds.items():
                if k == BLACK3_KEY or old.kind == RUN:
                    continue
                shape = (old.kind, old.naturals, old.wilds, old.rank == BLACK3_KEY)
                delta = wild_adds.get(shape, _UNKNOWN)
                if delta == _UNKNOWN:
                    delta = wild_adds[shape] = _wild_add_delta(r, old, one)
                if delta is None:
                    continue  # the wild-card limits refuse it (meld.too_many_wild, ...)
                meld = _WILD_ADDS.get((k, one))
                if meld is None:
                    meld = _remember(
                        _WILD_ADDS, (k, one), Meld(adds=((k, (one,)),), form=FORM_WILD | k)
                    )
                if near <= 1:
                    ends[len(out)] = (1, canastas + delta)
                out.append(meld)
            if r.wild_melds and WILD_KEY not in melds and n_wild >= r.wild_meld_min:
                group = wild_ids[: r.wild_meld_max]
                meld = _WILD_MELDS.get(group)
                if meld is None:
                    meld = _remember(_WILD_MELDS, group, Meld(melds=(group,), form=FORM_WILD_MELD))
                if len(group) >= near:
                    if canastas < 0:
                        canastas = s.canastas(side)
                    ends[len(out)] = (len(group), canastas + is_canasta(0, len(group)))
                out.append(meld)
        if r.runs:
            for meld, n, delta in _run_candidates(s, side):
                if n >= near:
                    if canastas < 0:
                        canastas = s.canastas(side)
                    ends[len(out)] = (n, canastas + delta)
                out.append(meld)
    else:
        groups, vals = valued_opening_groups(s, hand, counts=rc)
        if not groups:
            return out, ends
        minimum = s.minimum(side)
        sizes = [len(g) for g in groups]
        made = [0] * len(groups)  # canastas each group makes (worked out where read)
        if sum(sizes) >= near:  # some action may leave fewer than two cards
            canastas = s.canastas(side)
            made = [is_canasta(len(g) - len([c for c in g if IS_WILD[c]]), len(g)) for g in groups]
        # Each group's rank as a bit of the form (FORM_OPEN); with runs a group may be a run,
        # and the groups are not named.
        bit = [0 if r.runs or IS_WILD[g[0]] else 1 << (KEY_OF[g[0]] - 4) for g in groups]
        for i, g in enumerate(groups):
            if vals[i] >= minimum:
                form = bit[i] and FORM_OPEN | bit[i]
                if sizes[i] >= near:
                    ends[len(out)] = (sizes[i], canastas + made[i])
                out.append(_opening((g,), form))
        for i in range(len(groups)):
            for j in range(i + 1, len(groups)):
                if vals[i] < minimum and vals[j] < minimum and vals[i] + vals[j] >= minimum:
                    form = bit[i] and bit[j] and FORM_OPEN | bit[i] | bit[j]
                    if sizes[i] + sizes[j] >= near:
                        ends[len(out)] = (sizes[i] + sizes[j], canastas + made[i] + made[j])
                    out.append(_opening((groups[i], groups[j]), form))
        # All of them together, where there are more than two (one or two are listed above).
        if len(groups) > 2 and sum(vals) >= minimum:
            form = FORM_OPEN | sum(bit) if all(bit) else 0
            if sum(sizes) >= near:
                ends[len(out)] = (sum(sizes), canastas + sum(made))
            out.append(_opening(tuple(groups), form))
    return out, ends


def _opening(groups: tuple[tuple[int, ...], ...], form: int) -> Meld:
    """The opening meld action of ``groups``, said to be ``form`` (remembered)."""
    key = (groups, form)
    meld = _OPENS.get(key)
    if meld is None:
        meld = _remember(_OPENS, key, Meld(melds=groups, form=form))
    return meld


def _turn_bound(s: State, side: int) -> bool:
    """Whether this turn still owes something that only later actions can settle: a partner's
    binding "yes", black threes melded (the turn must go out), or an opening short of its
    minimum. Then every candidate goes through ``refusal``, which looks ahead."""
    if s.turn_black3:
        return True
    if s.permission == _YES_GIVEN and s.rules.yes_obliges:
        return True
    return s.turn_opened and s.opening_short(side) > 0


def _run_candidates(s: State, side: int) -> list[tuple[Meld, int, int]]:
    """New runs from the hand, and each run's extension by the cards held that continue it:
    each with the cards it lays and the change it makes to the side's canastas."""
    r = s.rules
    hand = s.hands[s.turn]
    out: list[tuple[Meld, int, int]] = []
    # Runs that can still take cards; a complete run's ranks may be held by another run of its
    # suit (checks.run_overlap).
    runs = [m for m in s.melds[side].values() if m.kind == RUN and m.size < r.run_max]
    taken = {(m.suit, k) for m in runs for k in range(m.low, m.high + 1)}
    for g in hand_runs(s, hand):
        if len(g) < r.run_max and any((C.SUIT_OF[c], C.RANK_OF[c]) in taken for c in g):
            continue
        out.append((Meld(melds=(g,)), len(g), int(r.is_canasta(len(g), len(g)))))
    for m in runs:
        room = r.run_max - m.size
        ext: list[int] = []
        for step, start in ((1, m.high + 1), (-1, m.low - 1)):
            rank = start
            while 4 <= rank <= 14 and len(ext) < room:
                c = C.card(rank, m.suit)
                if not hand[c] or (m.suit, rank) in taken:
                    break
                ext.append(c)
                rank += step
        if ext:
            delta = r.is_canasta(m.size + len(ext), m.size + len(ext)) - r.is_canasta(
                m.size, m.size
            )
            ref = run_ref(m.suit, m.low)
            out.append((Meld(adds=((ref, tuple(sorted(ext))),)), len(ext), delta))
    return out


def _meld_moves(s: State, bound: bool) -> list[Move]:
    """The canonical meld actions that are legal here.

    The candidates are legal in shape by construction, so only the going-out rules are checked
    here (exactly as ``refusal`` checks them); a binding "yes" from partner, which needs a look
    ahead, goes through ``refusal`` itself.
    """
    cands, ends = _meld_candidates(s)
    if s.rules.meld_limits:
        # Modern American's melding rules (engine/limits.py) are not built into the candidates.
        side, left = s.side_of[s.turn], s.hand_len[s.turn]
        kept: list[Meld] = []
        kept_ends: dict[int, tuple[int, int]] = {}
        for i, m in enumerate(cands):
            end = ends.get(i)
            laid = _cards_laid(m) if end is None else end[0]
            if check_lay(s, side, m.melds, m.adds, left - laid) is None:
                if end is not None:
                    kept_ends[len(kept)] = end
                kept.append(m)
        cands, ends = kept, kept_ends
    if bound:
        return [m for m in cands if refusal(s, m) is None]
    if not ends:
        # Every action keeps two cards: no going-out rule speaks (keep_a_card).
        return cast("list[Move]", cands)  # a string: nothing to build at run time
    r = s.rules
    p = s.turn
    side = s.side_of[p]
    hand_len = s.hand_len[p]
    out: list[Move] = []
    for i, m in enumerate(cands):
        end = ends.get(i)
        if end is None:
            out.append(m)
            continue
        n_cards, canastas_after = end
        after = hand_len - n_cards
        if keep_a_card(s, side, after, canastas_after) is None:
            strict = (after == 0 and r.discard_unless_concealed) or (
                after < 2 and (r.run_canastas_to_go_out or r.kinds_contract)
            )
            if strict and refusal(s, m) is not None:
                continue
            out.append(m)
    return out


def _listed(m: Meld, melds: list[Move]) -> bool:
    """``m in melds``, for a list of meld actions: equal cards laid (``Meld.form`` is not
    compared), without a call of ``Meld.__eq__`` for each."""
    groups, adds = m.melds, m.adds
    return any(type(x) is Meld and x.melds == groups and x.adds == adds for x in melds)


def _cards_laid(m: Meld) -> int:
    n = 0
    for g in m.melds:
        n += len(g)
    for _, g in m.adds:
        n += len(g)
    return n


def _asked(s: State) -> bool:
    """Whether the player to move has asked once this hand where that is all they may ask
    (``going_out.permission.once_per_hand``)."""
    return s.rules.ask_once and bool(s.asked_hand >> s.turn & 1)


def legal_moves(s: State) -> list[Move]:
    """Every legal move here, in canonical form (see the module docstring), in a fixed order."""
    ph = s.phase
    if ph == OVER:
        return []
    if ph == ANSWER:
        return [_YES, _NO]
    if ph == EXPOSE:
        return [_EXPOSE] if s.stock_known else []
    if ph == FOOT:  # the hand is used up: take up the foot (foot.kind = "foot")
        if s.stock_known or not any(s.rules.bonus[c] for c in s.feet[s.turn]):
            return [_FOOT]
        return []
    r = s.rules
    if ph == DRAW:
        takes = pile_takes(s)
        if draw_ends_hand(s):
            if takes and forced_pickup(s):
                return takes
            out = [_DRAW, *takes]
        else:
            out = ([_DRAW] if s.stock_known else []) + takes
        if r.ask_before_draw and s.permission == NOT_ASKED and not _asked(s):
            out.append(_ASK)
        return out
    r = s.rules
    p = s.turn
    plan = going_out_plan(s)
    if s.permission == ANSWER_YES and r.yes_obliges and plan is not None:
        return [plan[0]] if refusal(s, plan[0]) is None else []
    # _turn_bound speaks only after black threes, a partner's yes or an opening this turn.
    bound = (s.turn_black3 or s.permission == _YES_GIVEN or s.turn_opened) and _turn_bound(
        s, s.side_of[p]
    )
    moves: list[Move] = _meld_moves(s, bound)
    if (
        plan is not None
        and isinstance(plan[0], Meld)
        and not _listed(plan[0], moves)
        and refusal(s, plan[0]) is None
    ):
        moves.append(plan[0])
    if (
        r.permission
        and s.permission == NOT_ASKED
        and (r.ask_after_melding if s.turn_melded else r.ask_after_draw)
        and s.hand_len[p] >= 2
        and (plan is not None or not r.ask_only_when_able)
        and not _asked(s)
    ):
        moves.append(_ASK)
    hand = s.hands[p]
    if s.hand_len[p] >= 2 and r.talons and not s.stock_known and talon_size(s):
        pass  # a discard here takes a talon from a stock of unknown order: a chance move
    elif s.hand_len[p] >= 2:
        # A discard that keeps cards in hand is refused for reasons of the turn, the same for
        # every card (``keep_discard_refusal``), or for its card (``discard_card_refusal``: only
        # a red three, which legal play never leaves in hand after the draw).
        if not bound or keep_discard_refusal(s, plan is not None) is None:
            if s.rc[p][RED3_KEY] or (r.black3_bonus and s.rc[p][BLACK3_KEY]):
                bonus = r.bonus
                moves.extend(d for d in compress(DISCARDS, hand) if not bonus[d.card])
            elif r.empty_bans and not s.pile:
                # pile.empty_discard_bans: the banned cards only when nothing else is held.
                held = list(compress(DISCARDS, hand))
                free = [d for d in held if not banned_on_empty(s, d.card)]
                moves.extend(free or held)
            else:
                moves.extend(compress(DISCARDS, hand))
    else:
        last = DISCARDS[hand.index(1)]
        if refusal(s, last) is None:
            moves.append(last)
    return moves
