"""Every rule code the package can refuse a move with, and the parameter behind it, read from the
package's own source: each ``Refusal(code, parameter, ...)`` call, whose code and parameter are
literal strings (a convention docs/engine.md's table and its test rely on).

Reading the source keeps one list, the code itself: a table written out by hand would drift from
it. The scan parses the package's modules with :mod:`ast` (about a tenth of a second), so it runs
only when asked, for ``? CODE`` at the table (``canasta play``) and for the docs' test.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent


@cache
def rule_codes() -> dict[str, str]:
    """``{code: parameter}`` for every refusal in the package ('' where no parameter sets the
    rule: a rule every variant shares)."""
    found: dict[str, str] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if isinstance(fn, ast.FunctionDef):
                found.update(_codes_in(fn))
    return found


def _codes_in(fn: ast.FunctionDef) -> dict[str, str]:
    """The refusals one function builds: the code may be a literal or a local name bound to
    literals (``code = "a.b" if ... else "a.c"``)."""
    assigned: dict[str, list[str]] = {}
    for node in ast.walk(fn):
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            consts = [
                n.value
                for n in ast.walk(node.value)
                if isinstance(n, ast.Constant) and isinstance(n.value, str)
            ]
            assigned.setdefault(node.targets[0].id, []).extend(consts)
    out: dict[str, str] = {}
    for node in ast.walk(fn):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "Refusal"
            and len(node.args) >= 2
        ):
            continue
        code_arg, param_arg = node.args[0], node.args[1]
        param = param_arg.value if isinstance(param_arg, ast.Constant) else "?"
        codes: list[str] = []
        if isinstance(code_arg, ast.Constant):
            codes = [str(code_arg.value)]
        elif isinstance(code_arg, ast.Name):
            codes = assigned.get(code_arg.id, [])
        for code in codes:
            if "." in str(code):  # rule codes are dotted; other constants are not
                out[str(code)] = str(param)
    return out
