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
from .search import SearchBot
from .simple import GreedyBot, RandomBot
from .strategy import StrategyBot

BOT_KINDS = ("random", "greedy", "strategy", "search")
"""Bot kinds that ``make_bot`` builds. ``search`` takes a budget: ``search:32`` (worlds per
decision, 16 by default) or ``search:0.5s`` (seconds per decision)."""

Bot = Callable[[State], Move]
AnyBot = RandomBot | GreedyBot | StrategyBot | SearchBot


def _search(kind: str, seed: int) -> SearchBot | None:
    name, _, budget = kind.partition(":")
    if name != "search":
        return None
    if not budget:
        return SearchBot(seed)
    try:
        if budget.endswith("s"):
            seconds = float(budget[:-1])
            if seconds > 0:
                return SearchBot(seed, seconds=seconds)
        elif int(budget) >= 1:
            return SearchBot(seed, simulations=int(budget))
    except ValueError:
        pass
    raise ValueError(
        f"bad search budget {budget!r}: give worlds per decision (search:32) or seconds "
        "(search:0.5s)"
    )


def is_bot_kind(kind: str) -> bool:
    """Whether ``make_bot`` knows ``kind`` (a bad search budget counts as unknown)."""
    try:
        make_bot(kind)
    except ValueError:
        return False
    return True


def make_bot(kind: str, seed: int = 0) -> AnyBot:
    if kind == "random":
        return RandomBot(seed)
    if kind == "greedy":
        return GreedyBot(seed)
    if kind == "strategy":
        return StrategyBot(seed)
    search = _search(kind, seed)
    if search is not None:
        return search
    raise ValueError(f"unknown bot {kind!r}: use {', '.join(BOT_KINDS)}")


__all__ = [
    "BOT_KINDS",
    "AnyBot",
    "Bot",
    "GreedyBot",
    "RandomBot",
    "SearchBot",
    "StrategyBot",
    "is_bot_kind",
    "make_bot",
]
