"""``python -m canasta_rules.docgen --write docs`` (or ``--check docs``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import stale, write


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m canasta_rules.docgen",
        description="Write or check every generated page under docs/ (CLI reference, sources, "
        "parameters, rule sheets).",
    )
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", metavar="DIR", type=Path, help="write the pages into DIR")
    group.add_argument("--check", metavar="DIR", type=Path, help="exit 1 if DIR is out of date")
    args = parser.parse_args(argv)
    if args.write is not None:
        for p in write(args.write):
            print(f"updated {p}")
        return 0
    problems = stale(args.check)
    for line in problems:
        print(line, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
