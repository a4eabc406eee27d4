"""Fuzz the readers for N minutes on one core: mutated records and positions, mutated variant
files and random text, through the public API (parse, replay, read_position, ruling, score, fmt;
load, export, diff). Prints how many inputs were tried, rejected (with the project's own error),
accepted and crashed (any other exception), with the time each kind took and its inputs per
second, and how many rejections broke the message rules (more than one line, over 200
characters, no location), with examples. Each crash is saved as a file, with its traceback
beside it, so that it can join the regression corpus in tests/fuzz/; so are the first few inputs
with each flaw (``flawed-*``, with the message beside them).

    python bench/fuzz.py --minutes 10 [--seed 0] [--ratio 2] [--crashes DIR]

The two fuzzers take turns in one process (``--ratio`` records per variant file, 2 by default,
the proportions of issue 14's goal of 100,000 records and 50,000 variant files in 10 minutes);
each kind's rate is its inputs over the time spent on them alone (making the input and trying
it), so both rates are honest shares of the same core. The load average is printed at the start
and the end, since the machine may be shared.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from canasta_rules.fuzz import (
    FLAWS,
    RECORD_MUTATIONS,
    VARIANT_MUTATIONS,
    Outcome,
    mutate,
    random_text,
    seed_records,
    seed_variants,
    try_record,
    try_variant,
)

SETS = [
    "melds.max_wild=2",
    "game.target=" + "9" * 30,
    "seating.0.players=" + "[" * 50,
    "a.b.c.d=1",
    "going_out.permission.kind=ask",
]


def _load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:  # pragma: no cover - no load average on this system
        return "unknown"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=1.0)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--ratio", type=int, default=2, help="records tried per variant file")
    ap.add_argument(
        "--crashes", default="fuzz-crashes", help="folder for crashing (and flawed) inputs"
    )
    ap.add_argument(
        "--show", type=int, default=3, help="flawed messages to print (and save), per flaw"
    )
    args = ap.parse_args()
    if args.minutes <= 0 or args.ratio < 1:
        ap.error("--minutes must be above 0 and --ratio at least 1")

    rng = random.Random(args.seed)
    examples_dir = Path(__file__).resolve().parent.parent / "docs" / "examples"
    records = seed_records(examples_dir)
    variants = seed_variants(examples_dir)
    counts: dict[str, Counter[str]] = {"record": Counter(), "variant": Counter()}
    seconds = {"record": 0.0, "variant": 0.0}
    flawed: Counter[str] = Counter()
    shown: dict[str, list[str]] = {f: [] for f in FLAWS}
    crash_dir = Path(args.crashes)
    crashes = 0
    print(f"fuzz: load average at start {_load()}", flush=True)
    clock = time.perf_counter
    start = clock()
    end = start + 60 * args.minutes
    shm = Path("/dev/shm")  # a file system in memory, when there is one: each input is a file
    with tempfile.TemporaryDirectory(dir=shm if shm.is_dir() else None) as tmp:
        folder = Path(tmp)
        (folder / "secret.toml").write_text('name = "secret"\n')
        n = 0
        while clock() < end:
            n += 1
            which = "variant" if n % (args.ratio + 1) == 0 else "record"
            t0 = clock()
            if which == "record":
                kind, text = rng.choice(records)
                text = (
                    random_text(rng) if rng.random() < 0.05 else mutate(rng, text, RECORD_MUTATIONS)
                )
                out: Outcome = try_record(kind, text, folder)
                suffix = ".pos" if kind == "position" else ".can"
            else:
                text = rng.choice(variants)
                text = (
                    random_text(rng)
                    if rng.random() < 0.05
                    else mutate(rng, text, VARIANT_MUTATIONS)
                )
                sets = (rng.choice(SETS),) if rng.random() < 0.1 else ()
                out = try_variant(text, folder, sets)
                suffix = ".toml"
            seconds[which] += clock() - t0
            counts[which]["tried"] += 1
            counts[which][out.kind] += 1
            if out.kind == "crashed":
                crashes += 1
                crash_dir.mkdir(parents=True, exist_ok=True)
                stem = crash_dir / f"{which}-{args.seed}-{n}"
                stem.with_suffix(suffix).write_text(text, encoding="utf-8", errors="surrogatepass")
                stem.with_suffix(".txt").write_text(out.detail)
            for flaw in out.flaws:
                flawed[flaw] += 1
                if len(shown[flaw]) < args.show:
                    shown[flaw].append(out.flawed_lines[0][:400] if out.flawed_lines else "")
                    crash_dir.mkdir(parents=True, exist_ok=True)
                    stem = crash_dir / f"flawed-{which}-{args.seed}-{n}"
                    stem.with_suffix(suffix).write_text(
                        text, encoding="utf-8", errors="surrogatepass"
                    )
                    stem.with_suffix(".txt").write_text(f"{flaw}\n{out.detail}\n")
    elapsed = clock() - start
    print(f"fuzz: {elapsed:.0f} s on one core, seed {args.seed}, load average at end {_load()}")
    for which, c in counts.items():
        spent = seconds[which]
        rate = c["tried"] / spent if spent else 0.0
        print(
            f"{which + 's':9} tried {c['tried']:>8,}  rejected {c['rejected']:>8,}  "
            f"accepted {c['accepted']:>7,}  crashed {c['crashed']:>4,}  "
            f"in {spent:5.0f} s: {rate:,.0f} inputs/s"
        )
    total = sum(c["tried"] for c in counts.values())
    print(f"all       tried {total:>8,}  {total / elapsed:,.0f} inputs/s")
    rejected = sum(c["rejected"] for c in counts.values())
    print(f"flawed rejection messages: {sum(flawed.values())} of {rejected:,}")
    for flaw in FLAWS:
        print(f"  {flaw}: {flawed[flaw]}")
        for line in shown[flaw]:
            print(f"    e.g. {line}")
    if crashes or any(flawed.values()):
        print(f"{crashes} crashing inputs (and examples of flawed ones) saved in {crash_dir}/")
    sys.exit(1 if crashes else 0)


if __name__ == "__main__":
    main()
