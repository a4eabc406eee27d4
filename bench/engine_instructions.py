"""Instructions a hand of random play, counted by valgrind: the engine's cost without the noise.

Run from the repository root (needs ``valgrind``)::

    .venv/bin/python bench/engine_instructions.py                       # classic, 200 hands
    .venv/bin/python bench/engine_instructions.py --variant samba --hands 60
    .venv/bin/python bench/engine_instructions.py --against /tmp/canasta-main  # and main

Each count plays seeded hands as ``bench/engine_speed.py`` does (``RandomBot``, ``legal_moves``,
``apply_unchecked``) in a child ``python`` under ``valgrind --tool=callgrind``, once with the
hands and once with none (the imports, the rules tables and one throwaway deal), and prints the
difference a hand in millions of instructions. ``PYTHONHASHSEED`` is fixed, so a count repeats
exactly from run to run; on a busy machine, where timings move by 20%, it is the figure to judge
a change by. Fewer instructions is not always faster (memory: see docs/architecture.md, "The
engine's lead"), so confirm a gain with ``bench/engine_speed.py``.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

_CHILD = """
import sys
sys.path.insert(0, sys.argv[1])
from canasta_rules.bots import RandomBot
from canasta_rules.engine import apply_unchecked, deal, rules_for
from canasta_rules.variant import load_variant
rules = rules_for(load_variant(sys.argv[2]), None)
deal(rules, "warm", dealer=0)
for h in range(int(sys.argv[3])):
    s = deal(rules, f"bench:{h}", dealer=h % rules.players)
    bot = RandomBot(h)
    while not s.over:
        apply_unchecked(s, bot(s))
"""


def instructions(tree: Path, variant: str, hands: int) -> int:
    """Instructions valgrind counts for ``hands`` hands of ``variant`` with ``tree``'s engine."""
    out = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            "-c",
            _CHILD,
            str(tree),
            variant,
            str(hands),
        ],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONHASHSEED": "0"},
        check=True,
    )
    found = re.search(r"Collected : (\d+)", out.stderr)
    if found is None:  # pragma: no cover - valgrind always reports it
        raise RuntimeError("valgrind printed no count")
    return int(found.group(1))


def per_hand(tree: Path, variant: str, hands: int) -> float:
    """Millions of instructions a hand: ``hands`` hands less none."""
    return (instructions(tree, variant, hands) - instructions(tree, variant, 0)) / hands / 1e6


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="classic", help="built-in variant (default classic)")
    ap.add_argument("--hands", type=int, default=200, help="hands to count (default 200)")
    ap.add_argument("--against", default=None, help="another checkout to count too")
    args = ap.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("engine_instructions: valgrind is not installed", file=sys.stderr)
        raise SystemExit(2)
    here = per_hand(HERE, args.variant, args.hands)
    print(f"{args.variant}, {args.hands} hands: {here:.2f} M instructions a hand")
    if args.against:
        there = per_hand(Path(args.against).resolve(), args.variant, args.hands)
        print(f"{args.against}: {there:.2f} M instructions a hand; ratio {there / here:.2f}")


if __name__ == "__main__":
    main()
