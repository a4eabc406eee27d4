"""Writing ``tables.json``, the notation's parser tables as plain data (:mod:`.tables`), and
``terminals.json``, its token patterns for the line readers (:mod:`.terminals`).

python -m canasta_rules.notation.ship_tables --write    # after changing the grammar
python -m canasta_rules.notation.ship_tables --check    # exit 1 when tables.json is stale
"""

from __future__ import annotations

import json
import sys

from lark import Lark

from ..fileio import write_text_atomic
from . import terminals
from .tables import OPTIONS, TABLES, grammar_text, key, shipped


def tables_json(grammar: str) -> str:
    """The text of ``tables.json`` for ``grammar``."""
    from lark.grammar import Rule
    from lark.lexer import TerminalDef

    built = Lark(grammar, **OPTIONS)
    data, memo = built.memo_serialize([TerminalDef, Rule])
    return json.dumps({"key": key(grammar), "data": data, "memo": memo}, sort_keys=True) + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    grammar = grammar_text()
    if args == ["--check"]:
        stale = [
            str(path)
            for path, found in (
                (TABLES, shipped(grammar)),
                (terminals.TERMINALS, terminals.shipped(grammar)),
            )
            if found is None
        ]
        for path in stale:
            print(f"{path}: stale or unreadable: run --write", file=sys.stderr)
        return 1 if stale else 0
    if args != ["--write"]:
        print(
            "usage: python -m canasta_rules.notation.ship_tables --write | --check", file=sys.stderr
        )
        return 2
    write_text_atomic(TABLES, tables_json(grammar))
    print(f"updated {TABLES}")
    write_text_atomic(
        terminals.TERMINALS, terminals.terminals_json(Lark(grammar, **OPTIONS), grammar)
    )
    print(f"updated {terminals.TERMINALS}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
