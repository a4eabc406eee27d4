"""How long a bot takes to choose a move, as ``canasta play`` asks it: the goal is under 0.2 s
for every move on one core, so that play feels immediate.

Run from the repository root::

    .venv/bin/python bench/bot_move_speed.py                     # greedy, a few variants
    .venv/bin/python bench/bot_move_speed.py --bots strategy --games 3

Each game is played to the end by the bot in every seat, through a ``canasta play`` session
(a fresh bot per move, seeded as the session seeds it, and the state copied as the session does);
the bot's decision is timed on its own, and, apart, applying the move with writing it to the
record (an appended line: ``bench/play_record.py`` compares that with rewriting the record
whole). The process is
pinned to one core where the system allows it. It prints figures only (mean, 99th percentile and
the slowest move per variant); it asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from canasta_rules.bots import make_bot
from canasta_rules.play.session import Options, Session


def time_game(variant: str, bots: str, seed: int, record: Path) -> tuple[list[float], list[float]]:
    """(bot decision times, times to apply a move and write it to the record) over one game."""
    opts = Options(ref=variant, seed=seed, humans=frozenset(), bots=bots)
    sess = Session.new(opts, record)
    times: list[float] = []
    writes: list[float] = []
    while True:
        s = sess.state
        if s.over:
            if sess.game_over:
                return times, writes
            sess.next_hand()
            continue
        bot = make_bot(bots, seed * 7919 + len(sess.hand.moves))
        view = s.copy()
        t0 = time.perf_counter()
        m = bot(view)
        t1 = time.perf_counter()
        sess.play(m)
        writes.append(time.perf_counter() - t1)
        times.append(t1 - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bots", default="greedy")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument(
        "--variants", default="classic,online,two-hand,six-hand,bicycle", help="comma-separated"
    )
    args = ap.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
        print(f"pinned to core {min(os.sched_getaffinity(0))}")
    print(f"bots: {args.bots}, {args.games} game(s) per variant; times per move in ms")
    print(
        f"{'variant':<12} {'moves':>7} {'mean':>8} {'p99':>8} {'max':>8}"
        f"   {'record write mean':>17} {'max':>8}"
    )
    worst = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for variant in args.variants.split(","):
            times: list[float] = []
            writes: list[float] = []
            for g in range(args.games):
                t, w = time_game(variant, args.bots, g + 1, Path(tmp) / "g.can")
                times += t
                writes += w
            times.sort()
            p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
            worst = max(worst, times[-1])
            print(
                f"{variant:<12} {len(times):>7} {statistics.mean(times) * 1e3:>8.3f} "
                f"{p99 * 1e3:>8.3f} {times[-1] * 1e3:>8.3f}"
                f"   {statistics.mean(writes) * 1e3:>17.3f} {max(writes) * 1e3:>8.3f}"
            )
    print(f"slowest bot move overall: {worst * 1e3:.3f} ms (goal: under 200 ms)")


if __name__ == "__main__":
    main()
