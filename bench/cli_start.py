"""Start-up of the ``canasta`` commands a table uses most, in CPU time, against two floors.

Each command runs as a fresh process pinned to one core, all of them interleaved round by round
so that a change in the machine's load touches them alike. Byte code is written to a temporary
folder first (``PYTHONPYCACHEPREFIX``; the runs then read it, as an installed package does), and
one warm-up round is not counted. For each command: the median CPU time (user + system of the
child, which a machine shared with other work disturbs far less than the wall time), the median
wall time, and the CPU time as a multiple of its floor, measured in the same run:

- ``canasta --help`` against ``python -c "import typer"`` (goal: at most 1.2 times);
- ``ruling``, ``score``, ``moves`` and ``variants list`` against
  ``python -c "import typer, lark"`` (goal: at most 1.5 times), the two libraries every one of
  them needs before any of the project's code runs.

The multiple is the median over rounds of command / floor within the round (each pair ran within
a second of each other).

    python bench/cli_start.py [--rounds 15]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"

# The installed console script, as a person runs it (else the module).
_SCRIPT = Path(sys.executable).with_name("canasta")
CANASTA = [str(_SCRIPT)] if _SCRIPT.exists() else [sys.executable, "-m", "canasta_rules"]

TYPER = "import typer"
TYPER_LARK = "import typer, lark"

# name -> (command, floor it is measured against, goal as a multiple of the floor)
COMMANDS: dict[str, tuple[list[str], str | None, float | None]] = {
    "python -c pass": ([sys.executable, "-c", "pass"], None, None),
    f"floor: {TYPER}": ([sys.executable, "-c", TYPER], None, None),
    f"floor: {TYPER_LARK}": ([sys.executable, "-c", TYPER_LARK], None, None),
    "canasta --help": ([*CANASTA, "--help"], f"floor: {TYPER}", 1.2),
    "canasta ruling": (
        [*CANASTA, "ruling", str(EXAMPLES / "e5-frozen-pile.pos"), "take with Qc Jk"],
        f"floor: {TYPER_LARK}",
        1.5,
    ),
    "canasta score": (
        [*CANASTA, "score", str(EXAMPLES / "e3-end-of-hand.pos")],
        f"floor: {TYPER_LARK}",
        1.5,
    ),
    "canasta moves": (
        [*CANASTA, "moves", str(EXAMPLES / "e5-frozen-pile.pos")],
        f"floor: {TYPER_LARK}",
        1.5,
    ),
    "canasta variants list": ([*CANASTA, "variants", "list"], f"floor: {TYPER_LARK}", 1.5),
}


def _pin() -> None:
    """Run the child on one core (the first the parent may use)."""
    if hasattr(os, "sched_setaffinity"):
        cores = sorted(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cores[0]})


def _run(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall time, CPU time) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        args,
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        preexec_fn=_pin,
        check=False,
    )
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(args)} failed: {done.stderr.decode().strip()}")
    return elapsed, cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=15)
    opts = ap.parse_args()
    walls: dict[str, list[float]] = {name: [] for name in COMMANDS}
    cpus: dict[str, list[float]] = {name: [] for name in COMMANDS}
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = cache
        env["COLUMNS"] = "100"
        for args, _, _ in COMMANDS.values():  # warm-up: writes the byte code and lark's cache
            _run(args, env)
        for _ in range(opts.rounds):
            for name, (args, _, _) in COMMANDS.items():
                wall, cpu = _run(args, env)
                walls[name].append(wall)
                cpus[name].append(cpu)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{opts.rounds} rounds, one core each, load average {load:.2f} at the end")
    print(
        f"{'command':32} {'CPU median s':>12} {'wall median s':>13} "
        f"{'CPU x floor':>11} {'goal':>6}  floor"
    )
    for name, (_, floor, goal) in COMMANDS.items():
        cpu = statistics.median(cpus[name])
        wall = statistics.median(walls[name])
        if floor is None:
            print(f"{name:32} {cpu:12.3f} {wall:13.3f}")
            continue
        ratio = statistics.median(c / f for c, f in zip(cpus[name], cpus[floor], strict=True))
        print(
            f"{name:32} {cpu:12.3f} {wall:13.3f} {ratio:11.2f} {goal:6.1f}  "
            f"{floor.removeprefix('floor: ')}"
        )


if __name__ == "__main__":
    main()
