"""What the legal way costs on top of a ruling: the time ``canasta ruling`` spends finding a
refused move's legal form (engine/remedy.py), measured against the same ruling without it.

Run from the repository root::

    .venv/bin/python bench/remedy_speed.py             # about 20 s
    .venv/bin/python bench/remedy_speed.py --positions 200

Two sets of refused moves: the worked examples of docs/notation.md ("A ruling at the table") and
the example positions, and refused moves drawn from random positions of every built-in ruleset
(seeded random play, then pickups, melds and discards of the mover's own cards that the rules
refuse). Each ruling is timed in CPU seconds (``time.process_time``), best of a few runs, once
as ``rule_on`` gives it and once with the search switched off; the difference is the search.
Prints the median ruling without the search, then the median, the 95th percentile and the
largest extra time of the search, in milliseconds, and the median ratio of the two. Issue 23
asks for under 50 ms on top of the ruling.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from canasta_rules.engine import apply_unchecked, deal, legal_moves, refusal, rules_for  # noqa: E402
from canasta_rules.engine.moves import Discard, Meld, Move, TakePile  # noqa: E402
from canasta_rules.notation import parse, read_position  # noqa: E402
from canasta_rules.notation import ruling as R  # noqa: E402
from canasta_rules.notation.moves import move_text  # noqa: E402
from canasta_rules.notation.position import ReadPosition  # noqa: E402
from canasta_rules.notation.writer import position_text  # noqa: E402
from canasta_rules.variant import builtin, load_variant  # noqa: E402

EXAMPLES = ROOT / "docs" / "examples"
FIXED = [
    ("e5-frozen-pile.pos", "take with Qc Jk"),
    ("asking.pos", "N ask yes discard 4s"),
    ("stock-out.pos", "draw"),
    ("took-the-pile.pos", "discard 4d discard 4d"),
]


def _cpu(fn: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best


def _timed(pos: ReadPosition, text: str, repeat: int) -> tuple[float, float, bool]:
    """(with the search, without it, whether a legal form was found), in seconds."""
    found = R.rule_on(pos, text).remedy is not None
    with_search = _cpu(lambda: R.rule_on(pos, text), repeat)
    keep = R._remedy
    R._remedy = lambda *args: None  # type: ignore[assignment]
    try:
        without = _cpu(lambda: R.rule_on(pos, text), repeat)
    finally:
        R._remedy = keep
    return with_search, without, found


def _docs_cases() -> list[tuple[ReadPosition, str]]:
    page = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    section = page.split("## A ruling at the table", 1)[1].split("\n## ", 1)[0]
    blocks = section.split("```\n")[1::2]
    files = {b.split(":", 1)[0][2:]: b for b in blocks if b.startswith("# ")}
    cases = []
    for b in blocks:
        for line in b.splitlines():
            if line.startswith("$ canasta ruling "):
                name, _, move = line[len("$ canasta ruling ") :].partition(" ")
                cases.append((read_position(parse(files[name], name)), move.strip('"')))
    cases += [(read_position(parse((EXAMPLES / f).read_text(), f)), m) for f, m in FIXED]
    return cases


def _random_cases(n: int, seed: int) -> list[tuple[ReadPosition, str]]:
    rng = random.Random(seed)
    names = builtin.names()
    cases: list[tuple[ReadPosition, str]] = []
    while len(cases) < n:
        name = rng.choice(names)
        r = rules_for(load_variant(name), None)
        s = deal(r, rng.randrange(10**6), dealer=0)
        for _ in range(rng.randrange(0, 120)):
            moves = legal_moves(s)
            if not moves:
                break
            t = s.copy()
            apply_unchecked(t, rng.choice(moves))
            if t.over:
                break
            s = t
        if s.phase.name not in ("DRAW", "PLAY"):
            continue
        held = s.hand_cards(s.actor)
        tries: list[Move] = []
        for _ in range(6):
            cards = tuple(rng.sample(held, min(len(held), rng.randint(1, 4))))
            tries.append(TakePile(cards[:2]) if s.phase.name == "DRAW" else Meld((cards,)))
        tries.append(Discard(rng.choice(held)))
        pos = read_position(parse(position_text(s, [("Variant", name)]), "random.pos"))
        for m in tries:
            if refusal(pos.state, m) is not None:
                cases.append((pos, move_text(pos, m)))
                break
    return cases


def _report(title: str, rows: list[tuple[float, float, bool]]) -> None:
    extra = sorted(max(0.0, w - wo) * 1000 for w, wo, _ in rows)
    ratios = [w / wo for w, wo, _ in rows if wo > 0]
    found = sum(1 for *_, f in rows if f)
    p95 = extra[min(len(extra) - 1, int(0.95 * len(extra)))]
    base = statistics.median(wo for _, wo, _ in rows) * 1000
    print(
        f"{title:28} {len(rows):5} {found:6} {base:9.2f} {statistics.median(extra):9.2f} "
        f"{p95:9.2f} {extra[-1]:9.2f} {statistics.median(ratios):8.2f}"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=120, help="random refused moves")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each ruling (best kept)")
    ap.add_argument("--seed", type=int, default=23)
    opts = ap.parse_args()
    docs = [_timed(p, m, opts.repeat) for p, m in _docs_cases()]
    rand = [_timed(p, m, opts.repeat) for p, m in _random_cases(opts.positions, opts.seed)]
    print("extra CPU time of the legal-form search on a refused ruling (ms)")
    print(
        f"{'moves':28} {'cases':>5} {'found':>6} {'ruling':>9} {'median':>9} {'95th':>9} "
        f"{'max':>9} {'ratio':>8}"
    )
    _report("docs and example positions", docs)
    _report("random refused moves", rand)


if __name__ == "__main__":
    main()
