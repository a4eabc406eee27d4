"""Random play, this checkout against another, variant by variant, in one run.

Run from the repository root, with a second checkout of the commit to compare against::

    git worktree add /tmp/canasta-base e4b2b1c
    .venv/bin/python bench/engine_ab.py --against /tmp/canasta-base
    .venv/bin/python bench/engine_ab.py --against /tmp/canasta-base --variant classic --rounds 7

Each measurement plays the same seeded hands with ``RandomBot`` and ``apply_unchecked`` (as
bench/engine_speed.py does) in a fresh process, and times them in CPU seconds. The two
checkouts take turns, round after round, so that a busy machine slows both alike; the best
round of each is kept. Where a variant's rules changed between the two commits the hands
differ, so the figure compared is moves per second; where they did not, the move counts are
equal and the ratio is a ratio of times. A ratio above 1.00 means this checkout is faster.
A variant the other checkout does not have is skipped.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

# Played in a child process with the checkout's package first on the path.
_CHILD = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from canasta_rules.bots import RandomBot
from canasta_rules.engine import apply_unchecked, deal, rules_for
from canasta_rules.variant import load_variant
try:
    rules = rules_for(load_variant(sys.argv[2]), None)
except Exception as e:
    print(json.dumps({"error": type(e).__name__}))
    raise SystemExit(0)
hands = int(sys.argv[3])

def play():
    moves = 0
    for h in range(hands):
        s = deal(rules, f"bench:{h}", dealer=h % rules.players)
        bot = RandomBot(h)
        while not s.over:
            apply_unchecked(s, bot(s))
            moves += 1
    return moves

play()  # warm up
t = time.process_time()
moves = play()
print(json.dumps({"moves": moves, "cpu": time.process_time() - t}))
"""


def _measure(tree: Path, variant: str, hands: int) -> dict[str, float] | None:
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, str(tree), variant, str(hands)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    data = json.loads(out.strip().splitlines()[-1])
    return None if "error" in data else data


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--against", type=Path, required=True, help="the other checkout's root")
    ap.add_argument("--variant", action="append", help="built-in variant (default: every one)")
    ap.add_argument("--hands", type=int, default=120, help="hands per measurement (default 120)")
    ap.add_argument("--rounds", type=int, default=3, help="alternating rounds (default 3)")
    args = ap.parse_args(argv)
    variants = args.variant or sorted(p.stem for p in (HERE / "variants").glob("*.toml"))

    print(f"this: {HERE}\nbase: {args.against.resolve()}")
    print(f"{'variant':22s} {'moves/s this':>13s} {'moves/s base':>13s} {'ratio':>6s}  moves")
    ratios: list[float] = []
    for v in variants:
        best: dict[str, tuple[float, int]] = {}
        skipped = False
        for _ in range(args.rounds):
            for name, tree in (("this", HERE), ("base", args.against)):
                m = _measure(tree, v, args.hands)
                if m is None:
                    skipped = True
                    break
                rate = m["moves"] / m["cpu"]
                if name not in best or rate > best[name][0]:
                    best[name] = (rate, int(m["moves"]))
            if skipped:
                break
        if skipped:
            print(f"{v:22s} {'(not in the base checkout)':>34s}")
            continue
        ratio = best["this"][0] / best["base"][0]
        ratios.append(ratio)
        same = "same" if best["this"][1] == best["base"][1] else "differ"
        print(f"{v:22s} {best['this'][0]:13,.0f} {best['base'][0]:13,.0f} {ratio:6.2f}  {same}")
    if ratios:
        print(f"lowest ratio: {min(ratios):.2f}; median: {sorted(ratios)[len(ratios) // 2]:.2f}")


if __name__ == "__main__":
    main()
