"""Can the player to move go out this turn, and how: a small exact planner.

Going out means placing every card of the hand (but one, which is then discarded) in legal melds
so that the side holds the canastas it needs. The naturals leave little choice: each rank joins
the side's meld of that rank or forms a new one (which needs enough naturals), and black threes
form their own meld. The freedom is where the wild cards go, so the planner tries each possible
discard and distributes the wild cards by dynamic programming over the melds, maximising the
canastas completed.

The plan is a list of moves (meld actions, then the discard if any) that the ordinary legality
check accepts; it is used to decide whether asking permission makes sense, to keep a player whom
partner told "yes" on a path out, and to offer bots a way out.
"""

from __future__ import annotations

from itertools import compress

from .. import cards as C
from .checks import STOCK, concealed_still_possible, contract_missing, open_meld
from .limits import check_lay, may_lay, out_refusal, wild_room
from .moves import DISCARDS, Meld, Move
from .mutate import apply_unchecked
from .rules import BLACK3_KEY, CARDS_OF_KEY, KEY_OF, RED3_KEY, WILD_KEY, Rules
from .state import ANSWER_NO, PLAY, State

_INF = 10**6
_NATURAL_KEYS = tuple(range(4, 15))
_CARD_IDS = tuple(range(C.NUM_CARD_IDS))


def _cards_of(hand: list[int], key: int, skip: int) -> list[int]:
    out: list[int] = []
    for c in CARDS_OF_KEY[key]:
        n = hand[c] - (1 if c == skip else 0)
        if n == 1:
            out.append(c)
        elif n > 0:
            out.extend([c] * n)
    return out


def _plan_without(s: State, p: int, discard: int) -> list[Move] | None:
    """A plan that places every card except ``discard`` (-1: none)."""
    r: Rules = s.rules
    side = s.side_of[p]
    hand = s.hands[p]
    rc = list(s.rc[p])
    if discard >= 0:
        rc[KEY_OF[discard]] -= 1
    if rc[RED3_KEY] or (r.black3_bonus and rc[BLACK3_KEY]):
        return None
    melds = s.melds[side]
    csize = r.canasta_size
    base = r.canasta_base
    closed = r.canasta_closed
    unlimited = r.canasta_unlimited
    caps = r.wild_caps
    wilds = rc[C.TWO] + rc[C.JOKER_RANK]
    # The fewest wild cards the new melds need (their ``lo``): more than are held, and the
    # programme below finds no plan (it can always give each item its ``lo``), so stop here.
    need = 0
    # Items: (rank, naturals after, wilds before, size before, lo, hi, was canasta, existing)
    items: list[tuple[int, int, int, int, int, int, bool, bool]] = []
    n_existing = 0  # the items that are melds of the side
    for k in _NATURAL_KEYS:
        c = rc[k]
        m = open_meld(s, side, k) if closed else melds.get(k)
        if m is not None:
            size = m.naturals + m.wilds
            if closed and size + c > csize:
                return None  # a closed canasta would overflow: beyond this planner (it is exact
                # for groups up to the canasta's size)
            nat = m.naturals + c
            was = size >= csize and m.naturals >= base
            hi = _INF if was and unlimited else caps[nat] - m.wilds
            if hi < 0:
                hi = 0
            if closed:  # wild cards too stop at the canasta's size
                hi = min(hi, csize - size - c)
            if r.meld_limits:  # engine/limits.py: a dead or closed rank takes nothing
                if may_lay(s, side, k) is not None:
                    if c:
                        return None
                    hi = 0
                elif not wild_room(s, side, k, m, nat):
                    hi = 0
            items.append((k, nat, m.wilds, size + c, 0, hi, was, True))
            n_existing += 1
        elif c:
            if closed and c > csize:
                return None
            if c < r.min_naturals:
                return None
            lo = r.min_size - c if c < r.min_size else 0
            hi = caps[c]
            if r.canasta_closed:
                hi = min(hi, r.canasta_size - c)
            if r.meld_limits:
                if may_lay(s, side, k) is not None:
                    return None
                if not wild_room(s, side, k, None, c):
                    hi = 0
            if lo > hi:
                return None
            need += lo
            if need > wilds:
                return None
            items.append((k, c, 0, c, lo, hi, False, False))
    b = rc[BLACK3_KEY]
    # Fewer black threes than a meld needs may still join the meld of them laid this turn.
    if b and (not r.black3_meldable or (b < r.min_size and BLACK3_KEY not in melds)):
        return None
    # Dynamic programme over items: best[w] = (canastas, sink, choices) using w wild cards.
    # (Every item holds naturals, so Rules.is_canasta is the size and base test, inlined.)
    # An item that can take no wild card and makes no sink maps every entry to itself: its
    # canasta, if any, is counted apart (the same for every entry, so no choice changes) and
    # its 0 put back into the choices below. Most plans hold no wild card at all.
    best: dict[tuple[int, bool], tuple[int, tuple[int, ...]]] = {(0, False): (0, ())}
    fixed = 0  # canastas of the items left out of the programme
    passive: list[int] = []  # their places in ``items``
    for i, (_rank, nat, _w0, size0, lo, hi, _was, _existing) in enumerate(items):
        top = hi if hi < wilds else wilds
        enough = nat >= base
        if top == 0 and lo == 0:
            is_c = enough and size0 >= csize
            if not (is_c and unlimited):
                fixed += is_c
                passive.append(i)
                continue
        nxt: dict[tuple[int, bool], tuple[int, tuple[int, ...]]] = {}
        for (used, sink), (score, choice) in best.items():
            for w in range(lo, top + 1):
                if used + w > wilds:
                    break
                is_c = enough and size0 + w >= csize
                key = (used + w, sink or (is_c and unlimited))
                val = score + is_c
                old = nxt.get(key)
                if old is None or old[0] < val:
                    nxt[key] = (val, choice + (w,))  # noqa: RUF005 (faster than unpacking)
        best = nxt
        if not best:
            return None
    # Canastas among melds that are not groups of a natural rank (runs, the meld of wild cards,
    # closed canastas moved aside) stay what they are: this planner lays nothing on them.
    other_canastas = r.is_canasta(b, b) if b else 0
    if len(melds) > n_existing:
        item_keys = {it[0] for it in items if it[7]}
        other_canastas += sum(
            1
            for k, m in melds.items()
            if k not in item_keys
            and k != BLACK3_KEY
            and r.is_canasta(m.naturals, m.naturals + m.wilds)
        )
    plan_choice: tuple[int, ...] | None = None
    for (used, sink), (score, choice) in best.items():
        if used != wilds and not sink:
            continue
        if score + fixed + other_canastas < r.canastas_to_go_out:
            continue
        if plan_choice is None or used > sum(plan_choice):
            plan_choice = choice
    if plan_choice is None:
        return None
    if passive:
        full = list(plan_choice)
        for i in passive:
            full.insert(i, 0)
        plan_choice = tuple(full)
    # Build the moves: wild cards by id, twos first.
    wild_cards = (
        _cards_of(hand, C.TWO, discard) + _cards_of(hand, C.JOKER_RANK, discard) if wilds else []
    )
    wi = 0
    new: list[tuple[int, ...]] = []
    adds: list[tuple[int, tuple[int, ...]]] = []
    extra: list[tuple[int, tuple[int, ...]]] = []
    for (rank, _nat, _w0, _size0, _lo, _hi, _was, existing), w in zip(
        items, plan_choice, strict=True
    ):
        if not (w or rc[rank]):
            continue  # a meld of the side that takes nothing
        naturals = _cards_of(hand, rank, discard) if rc[rank] else []
        ws = wild_cards[wi : wi + w]
        wi += w
        group = tuple(naturals + ws)
        if existing:
            if group:
                adds.append((rank, group))
        else:
            new.append(group)
    if wi < len(wild_cards):
        # Under unlimited canastas, wild cards beyond the caps go in a second action onto a
        # canasta that the first action completed.
        sink_rank = next(
            (
                it[0]
                for it, w in zip(items, plan_choice, strict=True)
                if r.is_canasta(it[1], it[3] + w)
            ),
            None,
        )
        if sink_rank is None:
            return None
        extra.append((sink_rank, tuple(wild_cards[wi:])))
    blacks = tuple(_cards_of(hand, BLACK3_KEY, discard)) if b else ()
    moves: list[Move] = []
    if extra:
        # Two actions: black threes may be melded only by the action that goes out, so they go
        # with the second.
        moves.append(Meld(tuple(new), tuple(adds)))
        moves.append(Meld((blacks,) if blacks else (), tuple(extra)))
    elif new or adds or blacks:
        moves.append(Meld((*new, blacks) if blacks else tuple(new), tuple(adds)))
    if discard >= 0:
        moves.append(DISCARDS[discard])
    if not moves:
        return None
    if r.meld_limits and not _limits_allow(s, moves):
        return None
    short = s.opening_short(side)
    if short:
        short -= sum(r.value[c] for mv in moves if isinstance(mv, Meld) for c in _laid(mv))
    if discard < 0 and r.discard_unless_concealed:
        # Melding every card is only for a concealed finish (004).
        t = s.copy()
        for mv in moves:
            apply_unchecked(t, mv)
        if not t.concealed:
            return None
    if r.foot or r.kinds_contract:
        # The contract by kind (and, with a foot waiting, whether the hand goes out at all) is
        # judged on the plan played out; the search above maximised canastas, not kinds.
        t = s.copy()
        for mv in moves:
            apply_unchecked(t, mv)
        if not t.over or t.out_player != p or contract_missing(t, side):
            return None
    if short > 0:
        # Below the minimum, only going out concealed after a stock draw is allowed (the
        # minimum and the concealed finish are judged over the whole turn).
        if not (r.concealed_waives and s.drew == STOCK and not s.prior_melded):
            return None
        t = s.copy()
        for mv in moves:
            apply_unchecked(t, mv)
        if not t.concealed:
            return None
    return moves


def _limits_allow(s: State, moves: list[Move]) -> bool:
    """Whether Modern American's melding rules (engine/limits.py) let the plan through: the
    planner places wild cards within their caps, and this checks the rest (the lock of an open
    meld of wild cards, the opening's clean triple, going out with a meld of wild cards open)."""
    t = s.copy()
    p = t.turn
    side = t.side_of[p]
    for mv in moves:
        if isinstance(mv, Meld):
            after = t.hand_len[p] - len(_laid(mv))
            if check_lay(t, side, mv.melds, mv.adds, after) is not None:
                return False
        elif t.hand_len[p] == 1 and out_refusal(t, side) is not None:
            return False
        apply_unchecked(t, mv)
    return True


def _laid(m: Meld) -> list[int]:
    return [c for g in m.melds for c in g] + [c for _, g in m.adds for c in g]


def going_out_plan(s: State) -> list[Move] | None:
    """Moves that take the player to move out this turn, or None if they cannot."""
    if s.phase != PLAY or s.permission == ANSWER_NO:
        return None
    r = s.rules
    p = s.turn
    side = s.side_of[p]
    if r.foot and r.foot_needed and s.feet[p]:
        return None  # the foot still waits: playing the hand out takes it up, not out
    if r.run_canastas_to_go_out and s.run_canastas(side) < r.run_canastas_to_go_out:
        return None  # the runs going out needs must be complete already: the planner lays none
    rc = s.rc[p]
    # Black threes laid this turn as the last meld (black_threes.meld_last): only more of them
    # and one discard may follow.
    last_black = r.black3_last and s.turn_black3
    others = s.hand_len[p] - rc[BLACK3_KEY] if last_black else 0
    if others > 1:
        return None
    # Cheap screen: cards that can go nowhere must be the one discard (stop at a second one).
    strays = 0
    stray_key = -1
    melds = s.melds[side]
    min_naturals = r.min_naturals
    for k in compress(_NATURAL_KEYS, rc[4:15]):  # the ranks held
        c = rc[k]
        if c < min_naturals and k not in melds:
            strays += c
            if strays > 1:
                return None
            stray_key = k
    b = rc[BLACK3_KEY]
    if b and (not r.black3_meldable or (b < r.min_size and BLACK3_KEY not in melds)):
        strays += b
        if strays > 1:
            return None
        stray_key = BLACK3_KEY
    # Not enough cards to make the canastas needed: skip the search. A rank can hold a canasta
    # after this turn only if its meld, all the player's naturals of it and every wild card held
    # reach the canasta's size and base (a canasta, once made, stays one).
    have = 0
    possible = 0
    wilds = rc[C.TWO] + rc[C.JOKER_RANK]
    size, base = r.canasta_size, r.canasta_base
    for k, m in melds.items():
        n = m.naturals
        if m.wilds + n >= size and (n >= base if n else r.wild_melds):  # Rules.is_canasta
            have += 1
        elif k < len(rc):
            nat = m.naturals + rc[k]
            if nat >= base and nat + m.wilds + wilds >= size:
                possible += 1
    if have < r.canastas_to_go_out:
        for k in _NATURAL_KEYS:
            c = rc[k]
            if c >= base and c + wilds >= size and k not in melds:
                possible += 1
        if b >= base and b >= size and BLACK3_KEY not in melds:
            possible += 1
        if have + possible < r.canastas_to_go_out:
            return None
    candidates: list[int] = []
    if strays:
        hand = s.hands[p]
        for c in CARDS_OF_KEY[stray_key]:
            if hand[c]:
                candidates = [c]  # the first card of the stray's rank held
                break
    else:
        if not r.discard_required or (r.discard_unless_concealed and concealed_still_possible(s)):
            candidates.append(-1)
        seen: set[int] = set()
        for c in compress(_CARD_IDS, s.hands[p]):  # the cards held, by id
            if KEY_OF[c] not in seen:
                seen.add(KEY_OF[c])
                candidates.append(c)
    if others:
        candidates = [c for c in candidates if c >= 0 and KEY_OF[c] != BLACK3_KEY]

    # The same screen as _plan_without's first loop, made once for every discard: a plan needs
    # each new meld's naturals (at least min_naturals) and, to reach min_size, wild cards (its
    # ``lo``); where the new melds need more wild cards than the hand keeps, or a rank left
    # holds too few naturals for a meld of its own, _plan_without returns None, so it is not
    # asked. Only the discard's own rank and the wild cards differ from one discard to another.
    closed = r.canasta_closed
    min_size = r.min_size
    fresh: set[int] = set()  # ranks held that would be new melds
    need = 0
    for k in compress(_NATURAL_KEYS, rc[4:15]):
        if (open_meld(s, side, k) if closed else melds.get(k)) is None:
            fresh.add(k)
            if rc[k] < min_size:
                need += min_size - rc[k]
    for d in candidates:
        kd = KEY_OF[d] if d >= 0 else -1
        need_d = need
        if kd in fresh:
            c = rc[kd]
            left = c - 1
            if 0 < left < min_naturals:
                continue
            need_d += (max(0, min_size - left) if left else 0) - max(0, min_size - c)
        if need_d > wilds - (kd == C.TWO or kd == C.JOKER_RANK):
            continue
        plan = _plan_without(s, p, d)
        if plan is not None:
            return plan
    return None


def can_go_out(s: State) -> bool:
    return going_out_plan(s) is not None


# --------------------------------------------------------------------------------------------
# Completing an opening begun this turn


def _layable_value(s: State, rc: list[int], hand: list[int]) -> int:
    """The most the player could still lay this turn from cards ``rc``/``hand`` (not black threes,
    which only a going-out turn melds): every natural that joins a side meld or forms a new one,
    and the wild cards that fit, the dearest first."""
    r: Rules = s.rules
    side = s.side_of[s.turn]
    wild_vals = sorted(
        [
            r.value[c]
            for key in (C.TWO, C.JOKER_RANK)
            for c in CARDS_OF_KEY[key]
            for _ in range(hand[c])
        ],
        reverse=True,
    )
    total = 0
    room = 0
    needy: list[tuple[int, int, int]] = []  # (value of the naturals, wild cards needed, room after)
    for k in _NATURAL_KEYS:
        c = rc[k]
        m = open_meld(s, side, k)
        if not c and m is None:
            continue
        nat_value = c * r.key_value[k]
        if m is not None:
            total += nat_value
            if r.canasta_unlimited and r.is_canasta(m.naturals + c, m.size + c):
                room += len(wild_vals)
            else:
                room += max(0, r.meld_wild_cap(m.naturals + c) - m.wilds)
        elif c >= r.min_naturals:
            need = max(0, r.min_size - c)
            cap = r.meld_wild_cap(c)
            if need > cap:
                continue
            if need == 0:
                total += nat_value
                room += cap
            else:
                needy.append((nat_value, need, cap - need))
    wilds = len(wild_vals)
    used = 0
    for nat_value, need, extra in sorted(needy, reverse=True):
        if used + need <= wilds:
            used += need
            total += nat_value
            room += extra
    placed = min(wilds, used + room + _wild_meld_room(s, side, wilds - used))
    return total + sum(wild_vals[:placed])


def _wild_meld_room(s: State, side: int, free: int) -> int:
    """Wild cards a meld of wild cards could still take this turn (``melds.wild_melds``), of
    ``free`` wild cards no natural meld needs: the room left in the side's open one, or a new
    one's, where enough are free to start it (one such meld per side at a time)."""
    r = s.rules
    if not r.wild_melds or free <= 0:
        return 0
    m = s.melds[side].get(WILD_KEY)
    if m is not None:
        if r.is_canasta(m.naturals, m.size) and r.canasta_closed:
            return 0
        return max(0, r.wild_meld_max - m.size)
    return r.wild_meld_max if free >= r.wild_meld_min else 0


def can_complete_opening(s: State) -> bool:
    """Whether the player, mid-turn with the side's opening short of its minimum, can still lay
    enough to reach it and end the turn with a discard (going out is the planner's question).

    The player must keep two cards (one to discard, one to hold), so every way of keeping two
    cards is tried, and the rest laid as richly as the melds allow.
    """
    if s.phase != PLAY or s.turn_black3:
        return False
    p = s.turn
    short = s.opening_short(s.side_of[p])
    if short <= 0:
        return True
    if s.hand_len[p] < 3:
        return False
    hand = s.hands[p][:]
    rc = s.rc[p][:]
    held = [c for c, n in enumerate(hand) if n]
    for i, a in enumerate(held):
        for b in held[i:]:
            if a == b and hand[a] < 2:
                continue
            for c in (a, b):
                hand[c] -= 1
                rc[KEY_OF[c]] -= 1
            ok = _layable_value(s, rc, hand) >= short
            for c in (a, b):
                hand[c] += 1
                rc[KEY_OF[c]] += 1
            if ok:
                return True
    return False
