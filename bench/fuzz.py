"""Fuzz the readers for N minutes on one core: mutated records and positions, mutated variant
files and random text, through the public API (parse, replay, read_position, ruling, score, fmt;
load, export, diff). Prints how many inputs were tried, rejected (with the project's own error),
accepted and crashed (any other exception), and how many rejections broke the message rules
(more than one line, over 200 characters, no location). Each crash is saved as a file, with its
traceback beside it, so that it can join the regression corpus in tests/fuzz/.

    python bench/fuzz.py --minutes 10 [--seed 0] [--crashes DIR]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from canasta_rules.fuzz import (
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=1.0)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--crashes", default="fuzz-crashes", help="folder for crashing inputs")
    ap.add_argument("--show", type=int, default=3, help="flawed messages to print")
    args = ap.parse_args()

    rng = random.Random(args.seed)
    examples = Path(__file__).resolve().parent.parent / "docs" / "examples"
    records = seed_records(examples)
    variants = seed_variants(examples)
    counts: dict[str, Counter[str]] = {"record": Counter(), "variant": Counter()}
    flawed: Counter[str] = Counter()
    examples: list[str] = []
    crash_dir = Path(args.crashes)
    crashes = 0
    end = time.monotonic() + 60 * args.minutes
    start = time.monotonic()
    shm = Path("/dev/shm")  # a file system in memory, when there is one: each input is a file
    with tempfile.TemporaryDirectory(dir=shm if shm.is_dir() else None) as tmp:
        folder = Path(tmp)
        (folder / "secret.toml").write_text('name = "secret"\n')
        n = 0
        while time.monotonic() < end:
            n += 1
            which = "variant" if n % 3 == 0 else "record"
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
            counts[which]["tried"] += 1
            counts[which][out.kind] += 1
            if out.kind == "crashed":
                crashes += 1
                crash_dir.mkdir(parents=True, exist_ok=True)
                stem = crash_dir / f"{which}-{args.seed}-{n}"
                stem.with_suffix(suffix).write_text(text, encoding="utf-8", errors="surrogatepass")
                stem.with_suffix(".txt").write_text(out.detail)
            for flaw in out.flaws:
                flawed[flaw.split()[-1] if flaw[0].isdigit() else flaw] += 1
                if len(examples) < args.show:
                    examples.append(out.detail[:300])
    elapsed = time.monotonic() - start
    print(f"fuzz: {elapsed:.0f} s on one core, seed {args.seed}")
    for which, c in counts.items():
        rate = c["tried"] / elapsed if elapsed else 0.0
        print(
            f"{which + 's':9} tried {c['tried']:>8,}  rejected {c['rejected']:>8,}  "
            f"accepted {c['accepted']:>7,}  crashed {c['crashed']:>4,}  ({rate:,.0f}/s)"
        )
    bad = sum(flawed.values())
    print(f"flawed rejection messages: {bad}" + (f" {dict(flawed)}" if bad else ""))
    for ex in examples:
        print(f"  e.g. {ex}")
    if crashes:
        print(f"{crashes} crashing inputs saved in {crash_dir}/")
    sys.exit(1 if crashes else 0)


if __name__ == "__main__":
    main()
