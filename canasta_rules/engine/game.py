"""A game: hand after hand, the deal rotating, until the target and the win rule decide."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from ..variant.model import Variant
from .apply import apply, apply_unchecked
from .moves import Move
from .rules import Rules, rules_for
from .scoring import SideScore, score_hand
from .state import State, deal

Chooser = Callable[[State], Move]
"""A player: given the state, the move to make (a bot, or moves read from a record)."""


def hand_seed(seed: int, hand_no: int) -> str:
    """The seed of one hand's shuffle, derived from the game's seed (stable across machines)."""
    return f"{seed}:{hand_no}"


def first_dealer(seed: int, players: int) -> int:
    return random.Random(f"{seed}:dealer").randrange(players)


@dataclass
class HandRecord:
    """One hand: its deal, the moves as they happened, the end and the score."""

    number: int
    dealer: int
    scores_before: list[int]
    start: State
    moves: list[tuple[int, Move]] = field(default_factory=list)
    """(seat that moved, move with drawn cards filled in)."""
    end: State | None = None
    score: list[SideScore] = field(default_factory=list)


@dataclass
class GameResult:
    hands: list[HandRecord]
    scores: list[int]
    winner: int | None
    """The winning side, or None when the guard ended a tied game."""
    reason: str


class Game:
    """Plays a whole game of a variant at a table size, seeded for reproducibility."""

    def __init__(self, variant: Variant, seed: int = 0, players: int | None = None):
        self.variant = variant
        self.rules: Rules = rules_for(variant, players)
        self.seed = seed

    def new_hand(self, number: int, dealer: int, scores: list[int]) -> State:
        return deal(self.rules, hand_seed(self.seed, number), dealer, scores, number)

    def play(self, choose: Chooser, check: bool = False) -> GameResult:
        """Play to the end, asking ``choose`` for every move. With ``check`` each move is
        checked (raising on an illegal one); bots that pick from ``legal_moves`` need not be."""
        r = self.rules
        scores = [0] * r.sides
        dealer = first_dealer(self.seed, r.players)
        hands: list[HandRecord] = []
        for number in range(1, r.max_hands + 1):
            s = self.new_hand(number, dealer, scores)
            rec = HandRecord(number, dealer, list(scores), s.copy())
            step = apply if check else apply_unchecked
            while not s.over:
                actor = s.actor
                m = choose(s)
                rec.moves.append((actor, step(s, m)))
            rec.end = s
            rec.score = score_hand(s)
            scores = [a + b.total for a, b in zip(scores, rec.score, strict=True)]
            hands.append(rec)
            best = max(scores)
            if best >= r.target and scores.count(best) == 1:
                return GameResult(hands, scores, scores.index(best), "target")
            dealer = r.next_seat(dealer)
        best = max(scores)
        winner = scores.index(best) if scores.count(best) == 1 else None
        return GameResult(hands, scores, winner, "max_hands")
