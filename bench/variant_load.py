"""Loading a variant file of many unknown keys (issue 27, point 4): the time grows with the keys
as reading the TOML does, not with their square.

For files of 1,000 to about 47,000 unknown keys (the largest 1 MiB, the readers' limit), prints
the seconds ``load`` takes to refuse the file, the seconds per 1,000 keys (flat when loading is
linear), the number of lines the error prints (at most 20 and the "and N more" line), and the
ratio to ``tomllib.loads`` of the same text, the floor measured in the same run (so the ratio
holds on a busy machine).

    python bench/variant_load.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import tomllib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from canasta_rules import limits
from canasta_rules.errors import VariantError
from canasta_rules.variant import load


def text_of(keys: int) -> str:
    lines = ['extends = "classic"'] + [f"unknown_key_{i:05d} = 1" for i in range(keys)]
    return "\n".join(lines) + "\n"


def largest() -> int:
    """The most keys that fit in the size limit."""
    per_line = len("unknown_key_00000 = 1\n")
    return (limits.MAX_VARIANT_BYTES - 40) // per_line


def best(repeat: int, fn: object) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()  # type: ignore[operator]
        times.append(time.perf_counter() - t0)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3, help="runs per size; the best is shown")
    args = ap.parse_args()
    load("classic")  # the built-in parent, validated and cached before the clock runs
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(
        f"{'keys':>7} {'bytes':>9} {'load s':>7} {'s/1000 keys':>11} {'lines':>5} {'/tomllib':>8}"
    )
    with tempfile.TemporaryDirectory() as tmp:
        for keys in (1_000, 4_000, 16_000, largest()):
            path = Path(tmp) / "many.toml"
            text = text_of(keys)
            path.write_text(text)
            shown: list[str] = []

            def refuse(path: Path = path, shown: list[str] = shown) -> None:
                try:
                    load(path)
                except VariantError as e:
                    shown[:] = e.lines()

            seconds = best(args.repeat, refuse)
            floor = best(args.repeat, lambda text=text: tomllib.loads(text))
            print(
                f"{keys:>7,} {len(text):>9,} {seconds:>7.2f} {1000 * seconds / keys:>11.3f} "
                f"{len(shown):>5} {seconds / floor:>8.1f}"
            )


if __name__ == "__main__":
    main()
