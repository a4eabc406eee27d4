"""Fuzz the readers for N minutes on one core: mutated records and positions (some naming a
path in their Variant tag), mutated variant files, tally sheets, ``--hand`` lines, the input of
``canasta play``'s line mode, and random text, through the public API (parse, replay,
read_position, ruling, score, fmt; load, export, diff; Sheet.read and save; Sheet.add; the
line mode of a game in progress). Prints how many inputs of each kind were tried, rejected (with
the project's own error), accepted and crashed (any other exception), with the time each kind
took and its inputs per second, and how many rejections broke the message rules (more than one
line, over 200 characters, no location, a value from a file outside the input's folder), with
examples. Each crash is saved as a file, with its traceback beside it, so that it can join the
regression corpus in tests/fuzz/; so are the first few inputs with each flaw (``flawed-*``, with
the message beside them).

    python bench/fuzz.py --minutes 10 [--seed 0] [--mix record=4,variant=2,...] [--crashes DIR]

The kinds take turns in one process, in the proportions of ``--mix`` (by default, in each round,
four records, two variant files, two sheets, two ``--hand`` entries and one game in line mode,
which costs the most: issue 14's goal was 100,000 records and 50,000 variant files in 10
minutes); each kind's rate is its inputs over the time spent on them alone (making the
input and trying it), so every rate is an honest share of the same core. The load average is
printed at the start and the end, since the machine may be shared.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
import warnings
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from canasta_rules.errors import VariantWarning
from canasta_rules.fuzz import (
    FLAWS,
    RECORD_MUTATIONS,
    VARIANT_MUTATIONS,
    Outcome,
    mutate,
    prepare,
    random_text,
    seed_records,
    seed_variants,
    try_record,
    try_variant,
)
from canasta_rules.fuzz_table import (
    PLAY_MUTATIONS,
    PLAY_VARIANTS,
    mutate_hand,
    mutate_sheet,
    play_input,
    seed_hand_lines,
    seed_sheets,
    try_hand,
    try_play,
    try_sheet,
)

KINDS = ("record", "variant", "sheet", "hand", "play")
SUFFIX = {"record": ".can", "variant": ".toml", "sheet": ".sheet", "hand": ".hand", "play": ".play"}

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


def _mix(text: str) -> list[str]:
    """``record=2,variant=1,...`` as the round of kinds it makes."""
    weights = dict.fromkeys(KINDS, 0)
    for part in text.split(","):
        kind, _, n = part.partition("=")
        if kind.strip() not in weights or not n.strip().isdigit():
            raise ValueError(part)
        weights[kind.strip()] = int(n)
    return [k for k in KINDS for _ in range(weights[k])]


class Inputs:
    """Makes one input of each kind, and tries it, in ``folder`` (:func:`prepare`'s)."""

    def __init__(self, rng: random.Random, folder: Path, examples: Path):
        self.rng = rng
        self.folder = folder
        self.records = seed_records(examples)
        self.variants = seed_variants(examples)
        self.hands = seed_hand_lines(games=3)
        self.sheets = seed_sheets(self.hands)

    def make_and_try(self, kind: str) -> tuple[str, str, Outcome]:
        """(the input's text, what else it needs to be tried again, the outcome)."""
        rng = self.rng
        wild = rng.random() < 0.05  # random text instead of a mutation
        if kind == "record":
            which, text = rng.choice(self.records)
            text = random_text(rng) if wild else mutate(rng, text, RECORD_MUTATIONS)
            return text, which, try_record(which, text, self.folder)
        if kind == "variant":
            text = rng.choice(self.variants)
            text = random_text(rng) if wild else mutate(rng, text, VARIANT_MUTATIONS)
            sets = (rng.choice(SETS),) if rng.random() < 0.1 else ()
            return text, f"--set {sets}", try_variant(text, self.folder, sets)
        if kind == "sheet":
            text = rng.choice(self.sheets)
            text = random_text(rng) if wild else mutate_sheet(rng, text)
            return text, "", try_sheet(text, self.folder)
        if kind == "hand":
            variant, text = rng.choice(self.hands)
            text = random_text(rng) if wild else mutate_hand(rng, text)
            return text, f"variant {variant}", try_hand(variant, text)
        variant = rng.choice(PLAY_VARIANTS)
        seed = rng.randrange(1_000_000)
        text = play_input(rng, variant, seed, rng.randint(1, 20))
        if rng.random() < 0.8:
            text = random_text(rng) if wild else mutate(rng, text, PLAY_MUTATIONS)
        strict = rng.random() < 0.5
        return (
            text,
            f"variant {variant} seed {seed} strict {strict}",
            try_play(variant, seed, text, strict),
        )


def main() -> None:
    # A mutated file's notes (an array replaced whole) are what the tool should say; here
    # they would bury the figures.
    warnings.simplefilter("ignore", VariantWarning)
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=1.0)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--mix",
        default="record=4,variant=2,sheet=2,hand=2,play=1",
        help="inputs of each kind in a round (record, variant, sheet, hand, play)",
    )
    ap.add_argument(
        "--crashes", default="fuzz-crashes", help="folder for crashing (and flawed) inputs"
    )
    ap.add_argument(
        "--show", type=int, default=3, help="flawed messages to print (and save), per flaw"
    )
    args = ap.parse_args()
    try:
        rounds = _mix(args.mix)
    except ValueError as e:
        ap.error(f"--mix: not KIND=N with a kind of {', '.join(KINDS)}: {e}")
    if args.minutes <= 0 or not rounds:
        ap.error("--minutes must be above 0 and --mix must name a kind")

    rng = random.Random(args.seed)
    examples_dir = Path(__file__).resolve().parent.parent / "docs" / "examples"
    counts: dict[str, Counter[str]] = {k: Counter() for k in KINDS if k in rounds}
    seconds = dict.fromkeys(counts, 0.0)
    flawed: Counter[str] = Counter()
    shown: dict[str, list[str]] = {f: [] for f in FLAWS}
    crash_dir = Path(args.crashes)
    crashes = 0
    print(f"fuzz: load average at start {_load()}", flush=True)
    clock = time.perf_counter
    shm = Path("/dev/shm")  # a file system in memory, when there is one: each input is a file
    with tempfile.TemporaryDirectory(dir=shm if shm.is_dir() else None) as tmp:
        inputs = Inputs(rng, prepare(Path(tmp)), examples_dir)
        start = clock()
        end = start + 60 * args.minutes
        n = 0
        while clock() < end:
            which = rounds[n % len(rounds)]
            n += 1
            t0 = clock()
            text, extra, out = inputs.make_and_try(which)
            seconds[which] += clock() - t0
            counts[which]["tried"] += 1
            counts[which][out.kind] += 1
            suffix = SUFFIX[which]
            if out.kind == "crashed":
                crashes += 1
                crash_dir.mkdir(parents=True, exist_ok=True)
                stem = crash_dir / f"{which}-{args.seed}-{n}"
                stem.with_suffix(suffix).write_text(text, encoding="utf-8", errors="surrogatepass")
                stem.with_suffix(".txt").write_text(f"{extra}\n{out.detail}")
            for flaw in out.flaws:
                flawed[flaw] += 1
                if len(shown[flaw]) < args.show:
                    shown[flaw].append(out.flawed_lines[0][:400] if out.flawed_lines else "")
                    crash_dir.mkdir(parents=True, exist_ok=True)
                    stem = crash_dir / f"flawed-{which}-{args.seed}-{n}"
                    stem.with_suffix(suffix).write_text(
                        text, encoding="utf-8", errors="surrogatepass"
                    )
                    stem.with_suffix(".txt").write_text(f"{flaw}\n{extra}\n{out.detail}\n")
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
