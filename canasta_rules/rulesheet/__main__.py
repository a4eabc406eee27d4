"""``python -m canasta_rules.rulesheet --write-docs docs/rules`` (or ``--check docs/rules``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .docs import stale, write_docs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m canasta_rules.rulesheet",
        description="Write or check the generated rule sheets of the built-in variants.",
    )
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--write-docs", metavar="DIR", type=Path, help="write DIR/NAME.md")
    group.add_argument("--check", metavar="DIR", type=Path, help="exit 1 if DIR is out of date")
    args = parser.parse_args(argv)
    if args.write_docs is not None:
        for p in write_docs(args.write_docs):
            print(f"updated {p}")
        return 0
    problems = stale(args.check)
    for line in problems:
        print(line, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
