"""Loading a variant file of many unknown keys (issue 27, point 4): the time grows with the keys
as reading the TOML does, not with their square.

For files of 1,000 to about 47,000 unknown keys (the largest 1 MiB, the readers' limit), prints
the seconds ``load`` takes to refuse the file (wall clock, and the process's own CPU time, which
a shared machine disturbs less), the CPU seconds per 1,000 keys (flat when loading is linear),
the number of lines the error prints (at most 20 and the "and N more" line), and the ratio of
CPU time to ``tomllib.loads`` of the same text, the floor measured in the same run.

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


def best(repeat: int, fn: object) -> tuple[float, float]:
    """The least wall-clock and CPU seconds of ``repeat`` calls."""
    walls, cpus = [], []
    for _ in range(repeat):
        w0, c0 = time.perf_counter(), time.process_time()
        fn()  # type: ignore[operator]
        walls.append(time.perf_counter() - w0)
        cpus.append(time.process_time() - c0)
    return min(walls), min(cpus)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3, help="runs per size; the best is shown")
    args = ap.parse_args()
    load("classic")  # the built-in parent, validated and cached before the clock runs
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(
        f"{'keys':>7} {'bytes':>9} {'wall s':>7} {'cpu s':>6} {'cpu s/1000 keys':>15} "
        f"{'lines':>5} {'/tomllib':>8}"
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

            wall, cpu = best(args.repeat, refuse)
            _, floor = best(args.repeat, lambda text=text: tomllib.loads(text))
            print(
                f"{keys:>7,} {len(text):>9,} {wall:>7.2f} {cpu:>6.2f} {1000 * cpu / keys:>15.3f} "
                f"{len(shown):>5} {cpu / floor:>8.1f}"
            )


if __name__ == "__main__":
    main()
