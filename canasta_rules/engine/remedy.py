"""The legal way: for a refused move, a legal form with the same intent, if there is one.

A refusal says what is wrong; a player also wants to hear what would be right. ``take with 8c
8d`` for a side that has not opened is short of the minimum, yet ``take with 8c 8d and Kh Kd Ks``
is legal; ``meld Kc Kd`` beside the side's kings is too few cards for a new meld, and ``add K:
Kc Kd`` is legal; melding every card where going out needs a discard is refused, and the same
meld with one card kept back to discard is legal. :func:`legal_form` finds such a form: first by
rewriting what the player wrote (cards melded just after a pickup laid with it, a meld turned
into an addition, one card kept back: as the final discard where the meld took every card held,
else in the hand), then among the move generator's
canonical moves (:mod:`.generate`, :func:`.pile.pile_takes`, the going-out planner) the one
closest to what was written. Every form offered passes :func:`~.legality.refusal`, action by
action; where none does, there is no remedy, and none is invented.

The search is bounded: a handful of rewrites of the written line, then one call of the move
generator, each candidate checked once (bench/remedy_speed.py measures it on top of a ruling).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .. import cards as C
from ..deferred import dataclass as deferred_dataclass
from .apply import apply_unchecked
from .checks import resolve_key
from .generate import legal_moves
from .goingout import going_out_plan
from .legality import forced_pickup, refusal
from .moves import Discard, Draw, Meld, Move, TakePile
from .pile import opening_groups, pile_takes
from .rules import CLOSED_KEY0, IS_WILD, KEY_OF, RUN, RUN_REF0, run_ref
from .state import Permission, Phase, State

AND_FORM = "and_form"
"""Cards melded just after a pickup, laid with it (``take ... and MELD``): only those count
toward the minimum of a side opening with the pile."""
PICKUP = "pickup"
"""The pickup in a form the rules allow (other cards shown, more melds laid with it)."""
ADD = "add"
"""Cards written as a new meld, added to the side's meld they fit (or the other way round)."""
FINAL_DISCARD = "final_discard"
"""Going out with one card kept back and discarded."""
KEEP_BACK = "keep_back"
"""The same meld with one card left in the hand (too many wild cards, too few cards kept)."""
MORE_MELDS = "more_melds"
"""The same melds with more laid in the same action, reaching the minimum."""
GO_OUT = "go_out"
"""The turn must go out (partner's binding yes, black threes melded): the way out."""


@deferred_dataclass(frozen=True)  # made on first use (start-up speed)
class Remedy:
    """A legal form of a refused line, and what makes it legal, in a player's words."""

    kind: str
    moves: tuple[Move, ...]
    """The moves that replace the refused one and those after it, all legal in turn."""
    why: str
    """What makes it legal, in a player's words."""


def legal_line(s: State, moves: Sequence[Move]) -> bool:
    """Whether ``moves`` are legal one after the other from ``s`` (which is not changed)."""
    if not moves:
        return False
    t = s.copy()
    for m in moves:
        if t.over or refusal(t, m) is not None:
            return False
        apply_unchecked(t, m)
    return True


def legal_form(s: State, refused: Move, rest: Sequence[Move] = ()) -> Remedy | None:
    """A legal form, with the same intent, of ``refused`` (refused in ``s``) and the moves
    written after it in the same line, or None where there is none."""
    rest = tuple(rest)
    if isinstance(refused, TakePile):
        return _pickup(s, refused, rest)
    if isinstance(refused, Meld):
        return _meld(s, refused, rest)
    if isinstance(refused, Discard):
        return _going_out(s, rest) or _opening_first(s, refused, rest)
    if isinstance(refused, Draw) and forced_pickup(s):
        # The stock is used up and the pile must be taken (stock_out.forced).
        takes = pile_takes(s)
        if takes and legal_line(s, takes[:1]):
            return Remedy(PICKUP, (takes[0],), "with the stock used up, you must take the pile")
    return None


def remedy_of_line(s: State, moves: Sequence[Move]) -> Remedy | None:
    """For play: the first move of ``moves`` refused from ``s``, and a legal form of the line
    from there, as :func:`legal_form`; the remedy's moves are the whole line (the legal moves
    before the refused one, then the form found). None when every move is legal, or no form
    is."""
    t = s.copy()
    for i, m in enumerate(moves):
        if t.over:
            return None
        if refusal(t, m) is not None:
            found = legal_form(t, m, moves[i + 1 :])
            if found is None:
                return None
            return Remedy(found.kind, (*moves[:i], *found.moves), found.why)
        apply_unchecked(t, m)
    return None


# --------------------------------------------------------------------------------------------
# Pickups


def _pickup(s: State, m: TakePile, rest: tuple[Move, ...]) -> Remedy | None:
    side = s.side_of[s.turn]
    opening = not s.opened[side]
    # Melds written as actions after the pickup count toward the minimum only when laid with it.
    folded: list[tuple[int, ...]] = list(m.melds)
    used = 0
    for nxt in rest:
        if not isinstance(nxt, Meld) or nxt.adds:
            break
        folded.extend(nxt.melds)
        used += 1
    if opening and used:
        cand = TakePile(m.shown, tuple(folded), m.replacements, m.onto)
        tail = rest[used:]
        for line in ((cand, *tail), (cand,)):
            if legal_line(s, line):
                why = (
                    "cards melded with a pickup count toward the minimum only when laid with "
                    "it, after 'and'"
                )
                return Remedy(AND_FORM, line, why)
    takes = pile_takes(s)
    if not takes:
        return None
    want = Counter(m.shown)
    written = Counter(c for g in m.melds for c in g)

    def closeness(t: Move) -> tuple[int, int, int, int]:
        assert isinstance(t, TakePile)
        shown = Counter(t.shown)
        laid = Counter(c for g in t.melds for c in g)
        keeps = sum((want & shown).values()) + sum((written & laid).values())
        same_rank = sum(1 for c in t.shown if any(KEY_OF[c] == KEY_OF[w] for w in want))
        extra = sum(laid.values())
        return (-keeps, -same_rank, extra, len(t.shown))

    for t in sorted(takes, key=closeness):
        assert isinstance(t, TakePile)
        for line in ((t, *rest), (t,)):
            if legal_line(s, line):
                if t.melds and not m.melds:
                    why = (
                        "a side opening with the pile lays its first melds with the pickup: "
                        "those cards count toward the minimum"
                    )
                elif t.melds:
                    why = "the melds laid with the pickup reach the minimum"
                elif opening:
                    why = "these cards from your hand take the pile and reach your side's minimum"
                else:
                    why = "these cards from your hand take the pile here"
                return Remedy(PICKUP, line, why)
    return None


# --------------------------------------------------------------------------------------------
# Melds


def _meld(s: State, m: Meld, rest: tuple[Move, ...]) -> Remedy | None:
    for cand, kind, why in _meld_rewrites(s, m):
        for line in ((*cand, *rest), tuple(cand)):
            if legal_line(s, line):
                return Remedy(kind, line, why)
    return _more_melds(s, m, rest)


def _meld_rewrites(s: State, m: Meld) -> list[tuple[tuple[Move, ...], str, str]]:
    """Rewrites of meld action ``m`` that keep its cards: a new meld as an addition to the
    side's meld it fits, an addition as a new meld, and the action less one card kept back: as
    the final discard where ``m`` melds every card held, else kept in the hand (the reason a
    final discard gives would not be true of a hand that still holds other cards)."""
    side = s.side_of[s.turn]
    out: list[tuple[tuple[Move, ...], str, str]] = []
    for i, g in enumerate(m.melds):
        others = m.melds[:i] + m.melds[i + 1 :]
        for ref in _homes(s, side, g):
            cand = Meld(others, (*m.adds, (ref, g)))
            out.append(((cand,), ADD, "your side has that meld already: add the cards to it"))
    for i, (_ref, g) in enumerate(m.adds):
        others_adds = m.adds[:i] + m.adds[i + 1 :]
        cand = Meld((*m.melds, g), others_adds)
        out.append(((cand,), ADD, "your side has no such meld yet: these cards begin one"))
    seen: set[int] = set()
    laid = [*(c for g in m.melds for c in g), *(c for _, g in m.adds for c in g)]
    every_card = len(laid) == s.hand_len[s.turn]
    for c in laid:
        if c in seen:
            continue
        seen.add(c)
        kept = _without(m, c)
        if kept is None:
            continue
        if every_card:
            why = f"going out needs a final discard: keep {C.name(c)} back and discard it"
            out.append(((kept, Discard(c)), FINAL_DISCARD, why))
        else:
            out.append(((kept,), KEEP_BACK, f"the same meld with {C.name(c)} kept in your hand"))
    return out


def _homes(s: State, side: int, g: tuple[int, ...]) -> list[int]:
    """The side's melds that cards ``g`` could be added to, as an ``add`` names them: the group
    of their rank, a run of their suit, and for wild cards alone any meld (the checks decide)."""
    naturals = [c for c in g if not IS_WILD[c]]
    ranks = {KEY_OF[c] for c in naturals}
    suits = {C.SUIT_OF[c] for c in naturals}
    out: list[int] = []
    for k, t in s.melds[side].items():
        if t.kind == RUN:
            if not naturals or suits == {t.suit}:
                out.append(run_ref(t.suit, t.low))
        elif k < CLOSED_KEY0 and (not naturals or ranks == {t.rank}):
            out.append(k)
    return out


def _without(m: Meld, c: int) -> Meld | None:
    """Meld action ``m`` with one copy of card ``c`` left out (None if nothing would be laid)."""
    melds = list(m.melds)
    adds = list(m.adds)
    for i, g in enumerate(melds):
        if c in g:
            left = list(g)
            left.remove(c)
            melds[i] = tuple(left)
            break
    else:
        for i, (ref, g) in enumerate(adds):
            if c in g:
                left = list(g)
                left.remove(c)
                adds[i] = (ref, tuple(left))
                break
    kept = Meld(tuple(g for g in melds if g), tuple(a for a in adds if a[1]))
    return kept if kept.melds or kept.adds else None


def _more_melds(s: State, m: Meld, rest: tuple[Move, ...]) -> Remedy | None:
    """Among the generator's meld actions, one that lays every card of ``m`` and more (an
    opening short of its minimum, with the melds that reach it), the fewest extra cards first."""
    if s.phase != Phase.PLAY:
        return None
    want = Counter([*(c for g in m.melds for c in g), *(c for _, g in m.adds for c in g)])
    side = s.side_of[s.turn]
    if s.opening_now(side) and not want - Counter(s.hand_cards(s.turn)):
        # The melds as written, with the hand's other opening groups (the most valuable first)
        # until the action is legal.
        left = list(s.hands[s.turn])
        for c, n in want.items():
            left[c] -= n
        extra: list[tuple[int, ...]] = []
        for g in opening_groups(s, left):
            extra.append(g)
            cand = Meld((*m.melds, *extra), m.adds)
            for line in ((cand, *rest), (cand,)):
                if legal_line(s, line):
                    why = "laid in the same action, these melds reach the minimum"
                    return Remedy(MORE_MELDS, line, why)
    # Cards meant for a run stay on that run: a two refused on a run of hearts is not
    # answered with a new meld of kings that happens to use it.
    on_runs = [(resolve_key(s, side, ref), Counter(g)) for ref, g in m.adds if ref >= RUN_REF0]
    found: list[tuple[int, Meld]] = []
    for move in legal_moves(s):
        if not isinstance(move, Meld):
            continue
        laid = Counter([*(c for g in move.melds for c in g), *(c for _, g in move.adds for c in g)])
        if want - laid:
            continue
        if on_runs and not all(
            any(key == resolve_key(s, side, r2) and not cards - Counter(g2) for r2, g2 in move.adds)
            for key, cards in on_runs
        ):
            continue
        found.append((sum(laid.values()), move))
    for _, best in sorted(found, key=lambda x: x[0]):
        for line in ((best, *rest), (best,)):
            if legal_line(s, line):
                why = "laid with more cards from your hand, these cards are legal"
                if s.opening_now(side):
                    why = "laid in the same action, these melds reach the minimum"
                return Remedy(MORE_MELDS, line, why)
    return None


# --------------------------------------------------------------------------------------------
# A discard where the turn must go out


def _going_out(s: State, rest: tuple[Move, ...]) -> Remedy | None:
    """A discard refused because the turn must go out (partner's binding yes, black threes
    melded this turn): the planner's way out, where there is one."""
    if s.phase != Phase.PLAY or not (s.turn_black3 or s.permission == Permission.YES):
        return None
    plan = going_out_plan(s)
    if plan is None or not legal_line(s, plan):
        return None
    return Remedy(GO_OUT, tuple(plan), "the turn must end by going out, and this goes out")


def _opening_first(s: State, refused: Discard, rest: tuple[Move, ...]) -> Remedy | None:
    """A discard refused because the side's opening this turn is short of its minimum: one
    more meld action from the generator that reaches it, then the same discard (the fewest
    cards first)."""
    side = s.side_of[s.turn]
    if s.phase != Phase.PLAY or not s.turn_opened or s.opening_short(side) <= 0:
        return None
    melds = [m for m in legal_moves(s) if isinstance(m, Meld)]
    melds.sort(key=lambda m: sum(len(g) for g in m.melds) + sum(len(g) for _, g in m.adds))
    for m in melds:
        line = (m, refused, *rest)
        if legal_line(s, line) or legal_line(s, line[:2]):
            why = "your side's first melds must reach the minimum before the discard"
            return Remedy(MORE_MELDS, line if legal_line(s, line) else line[:2], why)
    return None
