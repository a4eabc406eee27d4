"""Players for tests, checks, simulations and benches.

``RandomBot`` picks uniformly among ``legal_moves``; ``GreedyBot`` takes and melds all it can;
``StrategyBot`` plays as a careful club player would (docs/bots.md); ``SearchBot`` searches
determinised deals with the strategy bot as its rollout policy. All are seeded, so a game they play
is reproducible (the search bot with a simulation budget; a time budget depends on the machine).
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.moves import Move
from ..engine.state import State
from .simple import GreedyBot, RandomBot
from .strategy import StrategyBot

BOT_KINDS = ("random", "greedy", "strategy")
"""Bot kinds that ``make_bot`` builds."""

Bot = Callable[[State], Move]


def make_bot(kind: str, seed: int = 0) -> RandomBot | GreedyBot | StrategyBot:
    if kind == "random":
        return RandomBot(seed)
    if kind == "greedy":
        return GreedyBot(seed)
    if kind == "strategy":
        return StrategyBot(seed)
    raise ValueError(f"unknown bot {kind!r}: use {', '.join(BOT_KINDS)}")


__all__ = ["BOT_KINDS", "Bot", "GreedyBot", "RandomBot", "StrategyBot", "make_bot"]
