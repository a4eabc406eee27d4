"""Two simple players for tests, checks and simulations.

``RandomBot`` picks uniformly among ``legal_moves``. ``GreedyBot`` takes the pile whenever it can,
then lays every meld it can (going out when able), and discards the card it can best spare. Under
rules that charge for unfinished melds (Modern American's sevens, aces and wild melds) it lays no
meld that would add to its side's charge.
Both are seeded, so a game they play is reproducible.
"""

from __future__ import annotations

import random

from .. import cards as C
from ..engine.generate import legal_moves
from ..engine.moves import Answer, Ask, Discard, Draw, Meld, Move, TakePile
from ..engine.mutate import apply_unchecked
from ..engine.scoring import score_hand
from ..engine.state import Phase, State


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(f"random-bot:{seed}")

    def __call__(self, s: State) -> Move:
        moves = legal_moves(s)
        if not moves:
            raise RuntimeError(f"no legal move in a live position (phase {s.phase.name})")
        return moves[self.rng.randrange(len(moves))]


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(f"greedy-bot:{seed}")

    def __call__(self, s: State) -> Move:
        moves = legal_moves(s)
        if not moves:
            raise RuntimeError(f"no legal move in a live position (phase {s.phase.name})")
        if s.phase == Phase.ANSWER:
            return Answer(True)
        if s.phase == Phase.DRAW:
            takes = [m for m in moves if isinstance(m, TakePile)]
            if takes:
                return max(takes, key=lambda m: len(m.shown) + sum(len(g) for g in m.melds))
            return next((m for m in moves if isinstance(m, Draw)), moves[0])
        melds = [m for m in moves if isinstance(m, Meld)]
        if melds and s.rules.special_scoring:
            melds = without_new_charges(s, melds, moves)
        if melds:
            return max(
                melds,
                key=lambda m: sum(len(g) for g in m.melds) + sum(len(g) for _, g in m.adds),
            )
        asks = [m for m in moves if isinstance(m, Ask)]
        if asks:
            return asks[0]
        discards = [m for m in moves if isinstance(m, Discard)]
        if discards:
            # Spare a card of a rank held singly, lowest value first; never a wild if avoidable.
            value = s.rules.value
            held = [0] * 16  # cards held per rank (both colours of three together)
            for c, n in enumerate(s.hands[s.turn]):
                if n:
                    held[C.RANK_OF[c]] += n
            costs = [
                (int(C.is_wild(m.card)), held[C.RANK_OF[m.card]], value[m.card]) for m in discards
            ]
            best = min(costs)
            options = [m for m, k in zip(discards, costs, strict=True) if k == best]
            return options[self.rng.randrange(len(options))]
        return moves[0]


def without_new_charges(s: State, melds: list[Meld], moves: list[Move]) -> list[Meld]:
    """Under rules that charge a side for unfinished melds (Modern American's sevens, pure aces
    and melds of wild cards), the melds that add no such charge; all of them when nothing else
    (a discard) is legal."""
    side = s.side_of[s.turn]
    before = score_hand(s)[side].penalties

    def charge(m: Meld) -> int:
        t = s.copy()
        apply_unchecked(t, m)
        return before - score_hand(t)[side].penalties

    kept = [m for m in melds if charge(m) <= 0]
    if kept or len(melds) == len(moves):
        return kept or melds
    return []
