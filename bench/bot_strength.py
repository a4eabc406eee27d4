"""How strong one bot is against another: whole games, seats and deals swapped.

Run from the repository root::

    .venv/bin/python bench/bot_strength.py                         # strategy vs greedy, 100 deals
    .venv/bin/python bench/bot_strength.py --deals 1000 --jobs 2 --variants classic
    .venv/bin/python bench/bot_strength.py --a search --b strategy --deals 1000 --jobs 2 \
        --variants classic --budget 6 --progress 50

Deal ``i`` is the game seeded ``i`` (its shuffles and first dealer), played twice: once with bot A
on side 0 and bot B on side 1, once the other way round. So each bot plays both sides of every
deal and the luck of the cards cancels out as far as it can. Both variants' sides are two (a side's
seats are all played by the same bot). A game is won by the side with more points at the end; a tie
(which the ``game.max_hands`` guard can leave) counts half.

Printed per variant: A's share of the games with a 95% confidence interval (Wilson score), the
deal-level record (deals where A won both games, split, lost both), games per second of wall-clock
time, and each bot's mean time per move. The figures depend on the machine's load for the rates
only; the win counts depend only on the seeds (for the search bot, with a simulation budget).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from canasta_rules.bots import make_bot
from canasta_rules.engine import Game
from canasta_rules.engine.moves import Move
from canasta_rules.engine.rules import Rules
from canasta_rules.engine.state import State
from canasta_rules.variant import load_variant

DEFAULT_VARIANTS = ("classic", "online", "six-hand")


def _bot(kind: str, seed: int, budget: int) -> object:
    """A bot of ``kind``; a bare ``search`` gets ``budget`` worlds (``search:0.1s`` and
    ``search:8`` carry their own budget)."""
    if kind == "search":
        return make_bot(f"search:{budget}", seed)
    return make_bot(kind, seed)


Result = tuple[list[float], list[float], list[int]]


def play_pair(job: tuple[str, str, str, int, int]) -> Result:
    """Deal ``seed`` played twice, sides swapped. Returns A's result in each game (1, 0.5, 0),
    each bot's total seconds thinking and longest move, and each bot's move count."""
    variant_name, a, b, seed, budget = job
    v = load_variant(variant_name)
    results: list[float] = []
    secs = [0.0, 0.0, 0.0, 0.0]  # total A, total B, longest A, longest B
    counts = [0, 0]
    for a_side in (0, 1):
        game = Game(v, seed=seed)
        r = game.rules
        if r.sides != 2:
            raise SystemExit(f"{variant_name}: the bench needs two sides, not {r.sides}")
        bots = {a_side: _bot(a, seed, budget), 1 - a_side: _bot(b, seed, budget)}

        def choose(
            s: State, bots: dict[int, object] = bots, a_side: int = a_side, r: Rules = r
        ) -> Move:
            side = r.side_of[s.actor]
            t0 = time.perf_counter()
            m: Move = bots[side](s)  # type: ignore[operator]
            k = 0 if side == a_side else 1
            took = time.perf_counter() - t0
            secs[k] += took
            secs[k + 2] = max(secs[k + 2], took)
            counts[k] += 1
            return m

        res = game.play(choose)
        if res.winner is None:
            results.append(0.5)
        else:
            results.append(1.0 if res.winner == a_side else 0.0)
    return results, secs, counts


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / n``."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return centre - half, centre + half


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--a", default="strategy", help="bot A (default strategy)")
    ap.add_argument("--b", default="greedy", help="bot B (default greedy)")
    ap.add_argument("--variants", nargs="+", default=list(DEFAULT_VARIANTS))
    ap.add_argument("--deals", type=int, default=100, help="deals per variant (2 games each)")
    ap.add_argument("--first", type=int, default=0, help="seed of the first deal")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--budget", type=int, default=16, help="search bot: worlds per decision")
    ap.add_argument("--progress", type=int, default=0, help="print the tally every N deals")
    args = ap.parse_args()
    print(f"{args.a} (A) vs {args.b} (B): {args.deals} deals x 2 games per variant, seats swapped")
    for name in args.variants:
        jobs = [(name, args.a, args.b, args.first + i, args.budget) for i in range(args.deals)]
        start = time.perf_counter()
        out: list[Result] = []
        if args.jobs > 1:
            with ProcessPoolExecutor(args.jobs) as pool:
                for res in pool.map(play_pair, jobs, chunksize=1 if args.progress else 4):
                    out.append(res)
                    if args.progress and len(out) % args.progress == 0:
                        report(f"{name} (first {len(out)} deals)", out, start, args)
        else:
            for j in jobs:
                out.append(play_pair(j))
                if args.progress and len(out) % args.progress == 0:
                    report(f"{name} (first {len(out)} deals)", out, start, args)
        report(name, out, start, args)


def report(
    label: str,
    out: list[Result],
    start: float,
    args: argparse.Namespace,
) -> None:
    elapsed = time.perf_counter() - start
    score = sum(sum(r) for r, _, _ in out)
    games = 2 * len(out)
    both = sum(1 for r, _, _ in out if sum(r) == 2)
    none = sum(1 for r, _, _ in out if sum(r) == 0)
    split = len(out) - both - none
    lo, hi = wilson(score, games)
    secs = [sum(s[k] for _, s, _ in out) for k in (0, 1)]
    counts = [sum(c[k] for _, _, c in out) for k in (0, 1)]
    ms = [1000 * secs[k] / max(counts[k], 1) for k in (0, 1)]
    longest = [1000 * max(s[k] for _, s, _ in out) for k in (2, 3)]
    print(
        f"{label}: A won {score:g} of {games} games = {score / games:.1%} "
        f"(95% CI {lo:.1%}..{hi:.1%}); deals won both/split/lost both "
        f"{both}/{split}/{none}; {games / elapsed:.2f} games/s with {args.jobs} job(s); "
        f"{args.a} {ms[0]:.3f} ms/move (longest {longest[0]:.1f}), "
        f"{args.b} {ms[1]:.3f} ms/move (longest {longest[1]:.1f})"
    )
    sys.stdout.flush()


if __name__ == "__main__":
    main()
