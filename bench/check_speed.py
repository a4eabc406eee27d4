"""How long ``canasta check classic --games 1000`` takes on one core, and what the checks cost.

Run from the repository root::

    .venv/bin/python bench/check_speed.py             # classic, 1000 games, about 10 s in all
    .venv/bin/python bench/check_speed.py --games 300 --variant bicycle --full

It times, in this process and on one core (``jobs=1``):

1. ``run_check`` itself: the lints and the N check games with the fast checks (the command's
   default), the figure the goal is about (under 10 s for classic and 1000 games);
2. the same N hands (same deals, same bots) played with no check at all: the engine's share;
3. with ``--full``, also ``run_check(full=True)``: every invariant after every move.

It prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from canasta_rules.bots import make_bot
from canasta_rules.check import run_check
from canasta_rules.check.play import new_hand, setup_for
from canasta_rules.engine import apply_unchecked, rules_for
from canasta_rules.variant import load_variant


def unchecked(variant_name: str, games: int, seed: int) -> tuple[float, int]:
    """Play the check games' hands with no check. Returns (seconds, moves)."""
    v = load_variant(variant_name)
    start = time.perf_counter()
    moves = 0
    for g in range(games):
        setup = setup_for(v, seed, g)
        s = new_hand(rules_for(v, setup.players), setup)
        bot = make_bot(setup.bot, setup.bot_seed)
        while not s.over:
            apply_unchecked(s, bot(s))
            moves += 1
    return time.perf_counter() - start, moves


def checked(variant_name: str, games: int, seed: int, full: bool) -> tuple[float, int, bool]:
    start = time.perf_counter()
    report = run_check(variant_name, games=games, seed=seed, full=full)
    return time.perf_counter() - start, report.moves, report.consistent


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="classic", help="built-in variant (default classic)")
    ap.add_argument("--games", type=int, default=1000, help="check games (default 1000)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the run (default 0)")
    ap.add_argument("--full", action="store_true", help="also time --full")
    args = ap.parse_args(argv)

    checked(args.variant, 10, args.seed + 1, False)  # warm up imports and caches
    base, base_moves = unchecked(args.variant, args.games, args.seed)
    fast, moves, ok = checked(args.variant, args.games, args.seed, False)
    assert moves == base_moves or not ok, "the checked and unchecked runs played different games"

    print(f"variant:               {args.variant}, {args.games} games, seed {args.seed}")
    print(f"moves:                 {moves:,} ({moves / args.games:.1f} per game)")
    print(
        f"check (fast checks):   {fast:.2f} s, {args.games / fast:,.0f} games/s, "
        f"{moves / fast:,.0f} moves/s  [{'consistent' if ok else 'INCONSISTENT'}]"
    )
    print(
        f"same hands, no checks: {base:.2f} s, {args.games / base:,.0f} games/s "
        f"(the engine and the bots: {100 * base / fast:.0f}% of the check)"
    )
    print(f"cost of the checks:    x{fast / base:.2f}")
    if args.full:
        full, _, ok = checked(args.variant, args.games, args.seed, True)
        print(
            f"check --full:          {full:.2f} s, {args.games / full:,.0f} games/s, "
            f"x{full / base:.2f} the unchecked hands"
        )
    print("goal: check classic --games 1000 under 10 s on one core")


if __name__ == "__main__":
    main()
