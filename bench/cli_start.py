"""Start-up time of the ``canasta`` commands a table uses most, against ``python -c pass``.

Each command runs as a fresh process pinned to one core, the commands interleaved round by round
so that a change in the machine's load touches them all alike. Byte code is written to a temporary
folder first (``PYTHONPYCACHEPREFIX``; the runs then read it, as an installed package does), and
one warm-up round is not counted. Prints each command's median and fastest wall time, and the
median as a multiple of ``python -c pass`` measured in the same run, and the median CPU time
(user + system), which a busy machine disturbs less than the wall time.

    python bench/cli_start.py [--rounds 15]

The goal (issue 11) is a median under 0.15 s for each of the four commands on a quiet machine.
Three rows measure floors: importing typer with the pydantic adapters it builds for every option
(what any command with options pays), that plus the variant model a ruling reads, and typer and
lark alone reading the position a ruling reads (none of the project's code), and lark by itself.
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

FLOOR_MODEL = "import typer.main, typer._adapters, canasta_rules.variant.model"

LARK_PARSE = (
    f"p = lark.Lark(open({str(ROOT / 'grammar' / 'canasta.lark')!r}).read(), parser='lalr', "
    "maybe_placeholders=False, keep_all_tokens=True, cache=True); "
    f"p.parse(open({str(EXAMPLES / 'e5-frozen-pile.pos')!r}).read())"
)

FLOOR_PARSE = "import typer.main, lark; " + LARK_PARSE

COMMANDS: list[tuple[str, list[str]]] = [
    ("python -c pass", [sys.executable, "-c", "pass"]),
    ("canasta --help", [*CANASTA, "--help"]),
    (
        "canasta ruling",
        [*CANASTA, "ruling", str(EXAMPLES / "e5-frozen-pile.pos"), "take with Qc Jk"],
    ),
    ("canasta score", [*CANASTA, "score", str(EXAMPLES / "e3-end-of-hand.pos")]),
    ("canasta variants list", [*CANASTA, "variants", "list"]),
    # What every command with options pays before any of the project's code: typer (0.29 and
    # later) coerces each option's value with a pydantic TypeAdapter, so it imports pydantic.
    ("floor: typer + pydantic", [sys.executable, "-c", "import typer.main, typer._adapters"]),
    # The rules model every ruling reads (pydantic model classes built at import).
    ("floor: + variant model", [sys.executable, "-c", FLOOR_MODEL]),
    # The two libraries the design fixes, and nothing of the project: typer without the pydantic
    # adapters (as --help loads it) and lark reading a position with the project's grammar from
    # lark's table cache. A ruling cannot start faster than this.
    ("floor: typer + lark parse", [sys.executable, "-c", FLOOR_PARSE]),
    # lark alone (the design card's parser, nothing else): importing it and reading one position
    # from its table cache. Its contextual lexer compiles a scanner for each parser state the
    # text reaches, on every run.
    ("floor: lark parse alone", [sys.executable, "-c", "import lark; " + LARK_PARSE]),
]


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
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = cache
        env["COLUMNS"] = "100"
        times: dict[str, list[float]] = {name: [] for name, _ in COMMANDS}
        cpus: dict[str, list[float]] = {name: [] for name, _ in COMMANDS}
        for _name, args in COMMANDS:  # warm-up: writes the byte code and lark's table cache
            _run(args, env)
        for _ in range(opts.rounds):
            for name, args in COMMANDS:
                wall, cpu = _run(args, env)
                times[name].append(wall)
                cpus[name].append(cpu)
    base = statistics.median(times["python -c pass"])
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{opts.rounds} rounds, one core each, load average {load:.2f} at the end")
    print(f"{'command':24} {'median s':>9} {'fastest s':>10} {'x python':>9} {'CPU median s':>13}")
    for name, _ in COMMANDS:
        ts = times[name]
        med = statistics.median(ts)
        cpu = statistics.median(cpus[name])
        print(f"{name:24} {med:9.3f} {min(ts):10.3f} {med / base:9.1f} {cpu:13.3f}")


if __name__ == "__main__":
    main()
