"""Where the search bot spends its time, and how often it overrules the strategy bot.

Run from the repository root::

    .venv/bin/python bench/search_decisions.py --deals 2 --budget 6
    .venv/bin/python bench/search_decisions.py --deals 2 --budget 6 --horizon none --search-melds

Plays deals ``first`` .. ``first + deals - 1`` under a variant twice each (the search bot on
either side, the strategy bot on the other, as bench/bot_strength.py does) and prints, per kind of
searched decision (the phase and the strategy bot's pick, then ``>`` and what the search played
instead when it differed), how many there were, the mean milliseconds each took and the total.
Decisions the bot does not search (one legal move, one candidate, a meld with ``search_melds``
off) are not counted. The times depend on the machine's load; the counts only on the seeds.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from canasta_rules.bots import SearchBot, StrategyBot
from canasta_rules.engine import Game
from canasta_rules.engine.moves import Move
from canasta_rules.engine.state import State
from canasta_rules.variant import load_variant


class CountingSearchBot(SearchBot):
    """The search bot, timing each searched decision by kind."""

    def __init__(self, stats: dict[str, list[float]], **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self.stats = stats

    def search(self, s: State, cands: list[Move]) -> Move:
        t0 = time.perf_counter()
        played = super().search(s, cands)
        pick = cands[0]
        kind = f"{s.phase.name.lower()}: {type(pick).__name__}"
        if played != pick:
            kind += f" > {type(played).__name__}"
        st = self.stats[kind]
        st[0] += 1
        st[1] += time.perf_counter() - t0
        return played


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default="classic")
    ap.add_argument("--deals", type=int, default=2)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--budget", type=int, default=6, help="worlds per decision")
    ap.add_argument("--candidates", type=int, default=3)
    ap.add_argument("--horizon", default="4", help="turns per rollout, or 'none' (whole hand)")
    ap.add_argument("--prune-after", type=int, default=2)
    ap.add_argument("--search-melds", action="store_true")
    args = ap.parse_args()
    horizon = None if args.horizon == "none" else int(args.horizon)
    v = load_variant(args.variant)
    stats: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
    start = time.perf_counter()
    games = 0
    for seed in range(args.first, args.first + args.deals):
        for a_side in (0, 1):
            game = Game(v, seed=seed)
            search = CountingSearchBot(
                stats,
                seed=seed,
                simulations=args.budget,
                candidates=args.candidates,
                horizon=horizon,
                prune_after=args.prune_after,
                search_melds=args.search_melds,
            )
            bots: dict[int, SearchBot | StrategyBot] = {
                a_side: search,
                1 - a_side: StrategyBot(seed),
            }

            def choose(s: State, bots: dict[int, SearchBot | StrategyBot] = bots) -> Move:
                return bots[s.side_of[s.actor]](s)

            game.play(choose)
            games += 1
    elapsed = time.perf_counter() - start
    print(
        f"{args.variant}: {games} games in {elapsed:.1f} s ({elapsed / games:.2f} s/game); "
        f"budget {args.budget}, candidates {args.candidates}, horizon {args.horizon}, "
        f"prune after {args.prune_after}, search melds {args.search_melds}"
    )
    for kind, (n, secs) in sorted(stats.items()):
        print(f"  {kind:28s} {int(n):5d} decisions {1000 * secs / n:8.1f} ms each {secs:7.1f} s")


if __name__ == "__main__":
    main()
