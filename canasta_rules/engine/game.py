"""A game: hand after hand, the deal rotating, until the target and the win rule decide."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from ..variant.plain import Variant
from .apply import apply, apply_unchecked
from .dealing import deal
from .moves import Move
from .rules import Rules, rules_for
from .scoring import SideScore, score_hand
from .state import State

Chooser = Callable[[State], Move]
"""A player: given the state, the move to make (a bot, or moves read from a record)."""


def hand_seed(seed: int, hand_no: int) -> str:
    """The seed of one hand's shuffle, derived from the game's seed (stable across machines)."""
    return f"{seed}:{hand_no}"


def first_dealer(seed: int, players: int) -> int:
    return random.Random(f"{seed}:dealer").randrange(players)


def opening_dealer(rules: Rules, seed: int) -> int:
    """The first hand's dealer: seeded at random, or the seat before the first seat where the
    first seat plays first (``deal.first_dealer = "first_seat_leads"``, 002)."""
    if rules.first_seat_leads:
        return next(p for p in range(rules.players) if rules.next_seat(p) == 0)
    return first_dealer(seed, rules.players)


def game_end(
    rules: Rules, scores: list[int], out_side: int, hand_no: int = 0
) -> tuple[bool, int | None]:
    """After a hand: whether the game is over, and the winning side (None: shared).

    ``scores`` are the totals after the hand, ``out_side`` the side whose player went out (-1 if
    nobody did), ``hand_no`` the hand just played. ``game.win`` and ``game.tie`` decide between
    sides that passed the target; with ``game.rounds`` the game ends after that many hands,
    the higher total winning."""
    if rules.rounds:
        if hand_no < rules.rounds:
            return False, None
        reached = list(range(len(scores)))
    else:
        reached = [i for i, x in enumerate(scores) if x >= rules.target]
    if not reached:
        return False, None
    if rules.win_first_to_reach and not rules.rounds and len(reached) > 1 and out_side in reached:
        return True, out_side
    best = max(scores)
    top = [i for i, x in enumerate(scores) if x == best]
    if len(top) == 1:
        return True, top[0]
    if rules.tie_shared:
        return True, None
    return False, None


def after_hand(
    rules: Rules, scores: list[int], out_side: int, hand_no: int
) -> tuple[bool, int | None]:
    """:func:`game_end`, with ``game.max_hands`` (the guard that keeps bot games finite) ending
    the game after its last hand, the higher total winning (shared when equal), as
    :meth:`Game.play` ends it."""
    over, winner = game_end(rules, scores, out_side, hand_no)
    if over or hand_no < rules.max_hands:
        return over, winner
    best = max(scores)
    return True, scores.index(best) if scores.count(best) == 1 else None


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
    """The winning side, or None when the game is shared (a tie under ``game.tie = "shared"``, or
    the guard ending a tied game)."""
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
        dealer = opening_dealer(r, self.seed)
        hands: list[HandRecord] = []
        previous = [0] * r.sides
        for number in range(1, r.max_hands + 1):
            s = self.new_hand(number, dealer, scores)
            s.previous = list(previous)  # for initial_meld.basis = "previous_hand"
            rec = HandRecord(number, dealer, list(scores), s.copy())
            step = apply if check else apply_unchecked
            while not s.over:
                actor = s.actor
                m = choose(s)
                rec.moves.append((actor, step(s, m)))
            rec.end = s
            rec.score = score_hand(s)
            previous = [b.total for b in rec.score]
            scores = [a + b for a, b in zip(scores, previous, strict=True)]
            hands.append(rec)
            out_side = r.side_of[s.out_player] if s.out_player >= 0 else -1
            over, winner = game_end(r, scores, out_side, number)
            if over:
                return GameResult(hands, scores, winner, "target")
            dealer = r.next_seat(dealer)
        best = max(scores)
        winner = scores.index(best) if scores.count(best) == 1 else None
        return GameResult(hands, scores, winner, "max_hands")
