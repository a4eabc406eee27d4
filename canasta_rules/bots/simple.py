"""Two simple players for tests, checks and simulations.

``RandomBot`` picks uniformly among ``legal_moves``. ``GreedyBot`` takes the pile whenever it can,
then lays every meld it can (going out when able), and discards the card it can best spare.
Both are seeded, so a game they play is reproducible.
"""

from __future__ import annotations

import random

from .. import cards as C
from ..engine.generate import legal_moves
from ..engine.moves import Answer, Ask, Discard, Draw, Meld, Move, TakePile
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
