"""Peak memory of reading a huge record: each shape of text is written to a file of ``--mb``
megabytes (default 64 MiB, ``limits.MAX_RECORD_BYTES``) and read by ``canasta_rules.notation.read``
in a fresh process, which reports its peak resident memory (``ru_maxrss``) and what came of it.

    python bench/parse_memory.py [--mb 64] [--shape NAME ...]

Issue 27 asks that a record at the size limit be refused, or read, in at most 10 times its size in
memory (the reading limits, ``limits.MAX_LINES``, ``MAX_ACTIONS`` and ``MAX_CARDS``, are counted
while the text is read). The first row is the floor: the same process reading an empty record.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from canasta_rules import limits

ROOT = Path(__file__).resolve().parent.parent

_MEASURE = """
import json, resource, sys
from canasta_rules.errors import NotationError
from canasta_rules.notation import read
try:
    doc = read(sys.argv[1])
    outcome = f"read, {len(doc.lines)} lines"
except NotationError as e:
    outcome = f"refused at line {e.line}: {e.message}"
# The high-water mark of this program's memory: ru_maxrss would also count the memory of the
# process this one was forked from, before it ran Python.
try:
    with open("/proc/self/status", encoding="ascii") as f:
        status = f.read()
    peak = int(status.split("VmHWM:")[1].split()[0]) * 1024
except (OSError, IndexError):
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps({"outcome": outcome, "peak": peak}))
"""

_TURNS = "N draw 4h discard 4h\nE draw 5c meld 5c 5d 5s discard Kh\n"


def _repeat(unit: str, size: int, head: str = "") -> str:
    return head + unit * max(1, (size - len(head)) // len(unit))


def _turn_lines(size: int) -> str:
    return _repeat(_TURNS, size, "hand 1 dealer N\n")


def _hands_of_turns(size: int) -> str:
    hand = _TURNS * 300
    count = max(1, size // (len(hand) + 20))
    return "".join(f"hand {i + 1} dealer N\n{hand}" for i in range(count))


def _long_turn_lines(size: int) -> str:
    # As few lines as the line limit allows, each as long as needed: many actions a line.
    width = min(limits.MAX_LINE_CHARS - 20, size // (limits.MAX_LINES - 2000))
    line = "N" + " draw 4h discard 4h" * -(-width // 19) + "\n"
    hand = line * 5000
    return "".join(f"hand {i + 1} dealer N\n{hand}" for i in range(max(1, size // len(hand))))


def _position_cards(size: int) -> str:
    # Position lines (read by lark) naming as many cards as a line may hold.
    line = "hand N:" + " 4h" * ((limits.MAX_LINE_CHARS - 8) // 3) + "\n"
    return _repeat(line, size)


def _most_lines(size: int) -> str:
    # A record of as many ordinary lines as allowed, read whole (whatever --mb says).
    hand = _TURNS * 300
    lines = hand.count("\n") + 1
    return "".join(f"hand {i + 1} dealer N\n{hand}" for i in range(limits.MAX_LINES // lines))


SHAPES: dict[str, Callable[[int], str]] = {
    "turn lines, one hand": _turn_lines,
    "hands of 600 turns": _hands_of_turns,
    "long turn lines": _long_turn_lines,
    "position lines of cards": _position_cards,
    "the most lines allowed": _most_lines,
}


def measure(path: Path) -> dict[str, object]:
    run = subprocess.run(
        [sys.executable, "-c", _MEASURE, str(path)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    got: dict[str, object] = json.loads(run.stdout)
    return got


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=float, default=limits.MAX_RECORD_BYTES / 2**20)
    ap.add_argument("--shape", action="append", choices=list(SHAPES), default=None)
    args = ap.parse_args()
    size = int(args.mb * 2**20)
    with tempfile.TemporaryDirectory() as tmp:
        empty = Path(tmp) / "empty.can"
        empty.write_text("", encoding="utf-8")
        floor = measure(empty)["peak"]
        assert isinstance(floor, int)
        print(f"{'shape':26} {'MB':>7} {'peak MB':>8} {'peak/size':>9}  outcome")
        print(f"{'(an empty record)':26} {0:7.1f} {floor / 1e6:8.1f} {'':>9}  read")
        for name in args.shape or list(SHAPES):
            path = Path(tmp) / "big.can"
            path.write_text(SHAPES[name](size), encoding="utf-8")
            n = path.stat().st_size
            got = measure(path)
            peak = got["peak"]
            assert isinstance(peak, int)
            print(f"{name:26} {n / 1e6:7.1f} {peak / 1e6:8.1f} {peak / n:9.1f}  {got['outcome']}")
            path.unlink()


if __name__ == "__main__":
    main()
