"""What writing the record costs ``canasta play`` after each move: appending the move's line (as
play does now) against rewriting the whole record atomically (as it did before issue 26), on
the same moves in the same run.

Run from the repository root::

    .venv/bin/python bench/play_record.py                  # classic and two others, 2 games each
    .venv/bin/python bench/play_record.py --games 5 --variants classic

Bots play every seat of whole games through a ``canasta play`` session writing its record to a
temporary folder. After each move the session appends as it does in play, timed; then the same
record is written whole to another file through ``write_text_atomic``, timed, the way every move
was written before. The process is pinned to one core where the system allows it. It prints
figures only (per move: mean, 99th percentile and slowest, in ms, and by how far into the game
the move came); it asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from canasta_rules.engine.moves import Move
from canasta_rules.fileio import write_text_atomic
from canasta_rules.play.session import Options, Session


class Timed(Session):
    """A session that times its own record write after each move, and then the old way."""

    whole_to: Path
    appends: list[float]
    wholes: list[float]

    def _record(self, actor: int, m: Move, top: int | None) -> None:
        t0 = time.perf_counter()
        super()._record(actor, m, top)
        t1 = time.perf_counter()
        write_text_atomic(self.whole_to, self.record_text())
        t2 = time.perf_counter()
        self.appends.append(t1 - t0)
        self.wholes.append(t2 - t1)


def play_game(variant: str, seed: int, folder: Path) -> tuple[list[float], list[float], float, int]:
    """(append times, whole-rewrite times, the game end's write, final record bytes) over one
    game. The last move ends the game, where the record is written whole once (its ``Result``
    tag heads it), so it is left out of the appends and given apart."""
    opts = Options(ref=variant, seed=seed, humans=frozenset())
    rec = folder / f"{variant}-{seed}.can"
    sess = Timed.new(opts, rec)
    sess.whole_to = folder / f"{variant}-{seed}-whole.can"
    sess.appends, sess.wholes = [], []
    sess.save()
    while not sess.game_over:
        if sess.hand_over:
            sess.next_hand()
            continue
        sess.bot_move()
    last = sess.appends.pop()
    sess.wholes.pop()
    return sess.appends, sess.wholes, last, rec.stat().st_size


def _row(label: str, xs: list[float]) -> str:
    xs = sorted(xs)
    p99 = xs[min(len(xs) - 1, int(len(xs) * 0.99))]
    return f"  {label:<22} {statistics.mean(xs) * 1e3:>8.3f} {p99 * 1e3:>8.3f} {xs[-1] * 1e3:>8.3f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--variants", default="classic,online,six-hand", help="comma-separated")
    args = ap.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
        print(f"pinned to core {min(os.sched_getaffinity(0))}")
    print(f"{args.games} game(s) per variant, bots in every seat; times per move in ms")
    with tempfile.TemporaryDirectory() as tmp:
        for variant in args.variants.split(","):
            appends: list[float] = []
            wholes: list[float] = []
            early: list[tuple[float, float]] = []
            late: list[tuple[float, float]] = []
            size = 0
            ends: list[float] = []
            for g in range(args.games):
                a, w, end, n = play_game(variant, g + 1, Path(tmp))
                ends.append(end)
                appends += a
                wholes += w
                size = max(size, n)
                fifth = max(1, len(a) // 5)  # the game's first and last fifth of its moves
                early.append((statistics.mean(a[:fifth]), statistics.mean(w[:fifth])))
                late.append((statistics.mean(a[-fifth:]), statistics.mean(w[-fifth:])))
            print(f"{variant}: {len(appends)} moves, largest finished record {size} bytes")
            print(f"  {'':<22} {'mean':>8} {'p99':>8} {'max':>8}")
            print(_row("append (now)", appends))
            print(_row("whole rewrite (before)", wholes))
            for label, part in (("first fifth of a game", early), ("last fifth of a game", late)):
                a_ms = statistics.mean(x for x, _ in part) * 1e3
                w_ms = statistics.mean(y for _, y in part) * 1e3
                print(f"  {label}: append {a_ms:.3f}, whole {w_ms:.3f} ({w_ms / a_ms:.0f}x)")
            print(f"  the game's end, written whole once: {statistics.mean(ends) * 1e3:.3f}")
            ratio = statistics.mean(wholes) / statistics.mean(appends)
            print(f"  whole rewrite / append, mean over the moves: {ratio:.0f}x")


if __name__ == "__main__":
    main()
