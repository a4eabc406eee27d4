"""The legal moves of a position, in a documented canonical form.

Listing every legal combination of cards would explode (which two of three natural queens to show,
which of several wild cards to add, every subset of melds), so ``legal_moves`` lists one
representative per kind of play. The canonical forms (docs/engine.md):

- Drawing: one ``Draw()``; the stock decides the cards (a seeded deal knows its order).
- Taking the pile: for each way the variant allows in this position, one move: two naturals of
  the top card's rank; one natural and one wild card (one move per kind of wild card held); or
  the top card alone onto the side's meld. A side that has not opened adds, if the top meld falls
  short, its opening groups (below) in order of value until the minimum is reached.
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
"""

from __future__ import annotations

from .. import cards as C
from .goingout import going_out_plan
from .legality import draw_ends_hand, forced_pickup, refusal
from .moves import Answer, Ask, Discard, Draw, Expose, Meld, Move, TakePile
from .rules import BLACK3_KEY, CARDS_OF_KEY, IS_WILD, KEY_OF
from .state import Permission, Phase, State

_NATURAL_KEYS = tuple(range(4, 15))


def _of_key(hand: list[int], key: int) -> list[int]:
    out: list[int] = []
    for c in CARDS_OF_KEY[key]:
        n = hand[c]
        if n:
            out.extend([c] * n)
    return out


def _wilds(hand: list[int]) -> list[int]:
    """The wild cards of a hand, twos first."""
    return _of_key(hand, C.TWO) + _of_key(hand, C.JOKER_RANK)


def opening_groups(s: State, hand: list[int], exclude: int = -1) -> list[tuple[int, ...]]:
    """Canonical opening groups of ``hand`` (see the module docstring), most valuable first."""
    r = s.rules
    wild = _wilds(hand)
    groups: list[tuple[int, ...]] = []
    for k in _NATURAL_KEYS:
        if k == exclude:
            continue
        nat = _of_key(hand, k)
        if len(nat) < r.min_naturals:
            continue
        need = max(0, r.min_size - len(nat))
        if need > r.meld_wild_cap(len(nat)) or need > len(wild):
            continue
        groups.append(tuple(nat + wild[:need]))
        wild = wild[need:]
    value = r.value
    groups.sort(key=lambda g: -sum(value[c] for c in g))
    return groups


def pile_takes(s: State) -> list[Move]:
    """Canonical legal ways to take the pile in this position."""
    if s.phase != Phase.DRAW or not s.pile:
        return []
    top = s.pile[-1]
    if IS_WILD[top] or C.is_black_three(top) or C.is_red_three(top):
        return []
    r = s.rules
    p = s.turn
    side = r.side_of[p]
    hand = s.hands[p]
    rank = KEY_OF[top]
    ways = r.frozen_ways if s.frozen_for(p) else r.unfrozen_ways
    nat = _of_key(hand, rank)
    shows: list[tuple[int, ...]] = []
    if "natural_pair" in ways and len(nat) >= 2:
        shows.append((nat[0], nat[1]))
    if "natural_and_wild" in ways and nat:
        for key in (C.TWO, C.JOKER_RANK):
            w = _of_key(hand, key)
            if w:
                shows.append((nat[0], w[0]))
    if "add_to_meld" in ways and rank in s.melds[side]:
        shows.append(())
    out: list[Move] = []
    for show in shows:
        if s.opened[side]:
            cand = TakePile(show)
        else:
            minimum = s.minimum(side)
            total = sum(r.value[c] for c in (top, *show))
            extras: list[tuple[int, ...]] = []
            if total < minimum:
                left = hand[:]
                for c in show:
                    left[c] -= 1
                for g in opening_groups(s, left, exclude=rank):
                    extras.append(g)
                    total += sum(r.value[c] for c in g)
                    if total >= minimum:
                        break
            cand = TakePile(show, tuple(extras))
        if refusal(s, cand) is None:
            out.append(cand)
    return out


def _meld_moves(s: State) -> list[Move]:
    r = s.rules
    p = s.turn
    side = r.side_of[p]
    hand = s.hands[p]
    rc = s.rc[p]
    melds = s.melds[side]
    wild = _wilds(hand)
    cands: list[Move] = []
    if s.opened[side]:
        for k in _NATURAL_KEYS:
            c = rc[k]
            if not c:
                continue
            nat = _of_key(hand, k)
            if k in melds:
                cands.append(Meld(adds=((k, tuple(nat)),)))
            elif c >= r.min_naturals:
                lo = max(0, r.min_size - c)
                hi = min(r.meld_wild_cap(c), len(wild))
                for w in range(lo, hi + 1):
                    cands.append(Meld(melds=(tuple(nat + wild[:w]),)))
        if wild:
            one = wild[0]
            for k in melds:
                if k != BLACK3_KEY:
                    cands.append(Meld(adds=((k, (one,)),)))
    else:
        groups = opening_groups(s, hand)
        minimum = s.minimum(side)
        value = r.value
        vals = [sum(value[c] for c in g) for g in groups]
        seen: set[tuple[int, ...]] = set()
        for i, g in enumerate(groups):
            if vals[i] >= minimum:
                cands.append(Meld(melds=(g,)))
                seen.add((i,))
        for i in range(len(groups)):
            for j in range(i + 1, len(groups)):
                if vals[i] < minimum and vals[j] < minimum and vals[i] + vals[j] >= minimum:
                    cands.append(Meld(melds=(groups[i], groups[j])))
                    seen.add((i, j))
        everything = tuple(range(len(groups)))
        if len(groups) > 2 and sum(vals) >= minimum and everything not in seen:
            cands.append(Meld(melds=tuple(groups)))
    return [m for m in cands if refusal(s, m) is None]


def legal_moves(s: State) -> list[Move]:
    """Every legal move here, in canonical form (see the module docstring), in a fixed order."""
    ph = s.phase
    if ph == Phase.OVER:
        return []
    if ph == Phase.ANSWER:
        return [Answer(True), Answer(False)]
    if ph == Phase.EXPOSE:
        return [Expose()] if s.stock_known else []
    if ph == Phase.DRAW:
        takes = pile_takes(s)
        if draw_ends_hand(s):
            if takes and forced_pickup(s):
                return takes
            return [Draw(), *takes]
        return ([Draw()] if s.stock_known else []) + takes
    r = s.rules
    p = s.turn
    plan = going_out_plan(s)
    if s.permission == Permission.YES and r.yes_obliges:
        return [plan[0]] if plan else []
    moves: list[Move] = _meld_moves(s)
    if (
        plan is not None
        and isinstance(plan[0], Meld)
        and plan[0] not in moves
        and refusal(s, plan[0]) is None
    ):
        moves.append(plan[0])
    if (
        r.permission
        and s.permission == Permission.NONE
        and not s.turn_melded
        and s.hand_len[p] >= 2
        and plan is not None
    ):
        moves.append(Ask())
    hand = s.hands[p]
    if s.hand_len[p] >= 2:
        moves.extend(Discard(c) for c in range(C.NUM_CARD_IDS) if hand[c])
    else:
        last = next(c for c in range(C.NUM_CARD_IDS) if hand[c])
        if refusal(s, Discard(last)) is None:
            moves.append(Discard(last))
    return moves
