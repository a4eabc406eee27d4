"""The ``bench`` extra of pyproject.toml holds what the scripts under bench/ import beyond the
standard library and the package itself (``pip install -e '.[bench]'``), and the ``test`` extra
does not take python-chess along."""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"

DISTRIBUTION = {"chess": "chess", "pyspiel": "open_spiel", "open_spiel": "open_spiel"}
"""The distribution each third-party module the benches import comes from (a module missing here
fails the test: name its distribution, and add it to the extra)."""


def _extra(name: str) -> set[str]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    requirements = data["project"]["optional-dependencies"][name]
    return {re.split(r"[<>=!~\[; ]", r, maxsplit=1)[0].lower() for r in requirements}


def _imported(path: Path) -> set[str]:
    """The top-level modules a script imports, wherever the import stands (in a function too)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            out.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.add(node.module.split(".")[0])
    return out


def test_the_bench_extra_holds_what_the_benches_import() -> None:
    ours = {p.stem for p in BENCH.glob("*.py")} | {"canasta_rules"}
    outside = {
        m: p.name
        for p in sorted(BENCH.glob("*.py"))
        for m in _imported(p)
        if m not in sys.stdlib_module_names and m not in ours
    }
    assert "chess" in outside and "pyspiel" in outside  # replay_speed's and openspiel_speed's
    unknown = {m: f for m, f in outside.items() if m not in DISTRIBUTION}
    assert unknown == {}
    assert {DISTRIBUTION[m] for m in outside} <= _extra("bench")


def test_the_test_extra_leaves_python_chess_out() -> None:
    assert "chess" not in _extra("test")
