"""The notation's parser tables as plain data, shipped in the package (``tables.json``).

Building the LALR tables from ``grammar/canasta.lark`` costs about 0.1 s, more than the rest of a
command's start-up. lark's own ``cache=True`` would save them as a pickle in the shared
temporary folder, where anyone on the machine could plant one that runs code when loaded (issue
26: no pickle anywhere). So the tables are made once, when the grammar changes, and shipped as
JSON, which reading runs no code from:

    python -m canasta_rules.notation.ship_tables --write    # after changing the grammar
    python -m canasta_rules.notation.ship_tables --check    # exit 1 when tables.json is stale

The file carries a key: a hash of the grammar's text, the options it is built with and lark's
minor version (the format of lark's serialized tables). Where the key does not match what is
here (a grammar edited and the tables not rewritten, another lark), or the file cannot be read,
the parser is built from the grammar as before: slower, never wrong. tests/test_parser_tables.py
checks that the shipped tables parse every example as freshly built ones do.

lark numbers the states of the tables in an order that follows Python's string hashing, so two
builds of the same grammar give different files, with the same meaning; ``--check`` therefore
compares the key, not the bytes.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import re
import sys
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import limits
from ..variant.builtin import data_dir

if TYPE_CHECKING:
    from lark import Lark

GRAMMAR_FILE = "canasta.lark"
TABLES = Path(__file__).with_name("tables.json")
FORMAT = 1
OPTIONS: dict[str, Any] = {"parser": "lalr", "maybe_placeholders": False, "keep_all_tokens": True}
"""The options the tables are built with; those given at load (a transformer, lexer callbacks)
do not change the tables."""

MAX_BYTES = 1 << 20
"""The tables are about 90 KB; a file far past that is not ours."""


def grammar_text() -> str:
    return (data_dir("grammar") / GRAMMAR_FILE).read_text(encoding="utf-8")


def key(grammar: str) -> str:
    """What the shipped tables must have been made from to be used here."""
    minor = ".".join(lark_version().split(".")[:2])
    made = json.dumps([FORMAT, minor, OPTIONS, grammar], sort_keys=True)
    return hashlib.sha256(made.encode()).hexdigest()


@cache
def lark_version() -> str:
    """lark's version, read from its package's ``__init__.py`` without importing it (a command
    that reads no line with lark does not import it: about a third of a ruling's start-up); from
    lark itself where that is already loaded or the line is not found."""
    loaded = sys.modules.get("lark")
    if loaded is None:
        try:
            spec = importlib.util.find_spec("lark")
            origin = spec.origin if spec is not None else None
            if origin is not None:
                text = limits.read_limited(origin, 1 << 20)
                m = re.search(r"^__version__\s*(?::\s*str\s*)?=\s*[\"']([^\"']+)[\"']", text, re.M)
                if m is not None:
                    return m.group(1)
        except (ImportError, ValueError, limits.ReadRefused):
            pass
    import lark

    return str(lark.__version__)


def _int_keys(d: dict[str, Any]) -> dict[Any, Any]:
    """JSON writes the integer keys of lark's tables (states, memo ids) as strings."""
    return {int(k) if k.isdigit() else k: v for k, v in d.items()}


def shipped(grammar: str) -> dict[str, Any] | None:
    """The shipped tables, when they are well formed and made from ``grammar`` here."""
    try:
        data = json.loads(limits.read_limited(TABLES, MAX_BYTES), object_hook=_int_keys)
    except (limits.ReadRefused, ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("key") != key(grammar):
        return None
    return data


def parser(**runtime: Any) -> Lark:
    """The notation's parser, with ``runtime`` options (``transformer``, ``lexer_callbacks``):
    from the shipped tables where they fit, else built from the grammar."""
    from lark import Lark

    grammar = grammar_text()
    data = shipped(grammar)
    if data is not None:
        try:
            loaded: Lark = Lark._load_from_dict(  # type: ignore[no-untyped-call]
                data["data"], data["memo"], **runtime
            )
            return loaded
        except Exception:
            pass
    return Lark(grammar, **OPTIONS, **runtime)
