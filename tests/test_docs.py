"""The hand-written docs stay true to the code: rule codes, links, the README's quick start."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from canasta_rules.variant.model import parameter_paths

ROOT = Path(__file__).resolve().parent.parent


def _refusal_codes() -> dict[str, str]:
    """Every ``Refusal(code, parameter, ...)`` the package can raise, read from its source."""
    found: dict[str, str] = {}
    for path in (ROOT / "canasta_rules").rglob("*.py"):
        tree = ast.parse(path.read_text())
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef):
                continue
            assigned: dict[str, list[str]] = {}
            for node in ast.walk(fn):
                if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
                    consts = [
                        n.value
                        for n in ast.walk(node.value)
                        if isinstance(n, ast.Constant) and isinstance(n.value, str)
                    ]
                    assigned.setdefault(node.targets[0].id, []).extend(consts)
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
                if isinstance(code_arg, ast.Constant):
                    codes = [code_arg.value]
                elif isinstance(code_arg, ast.Name):
                    codes = assigned.get(code_arg.id, [])
                else:
                    codes = []
                for code in codes:
                    if "." in str(code):  # rule codes are dotted; other constants are not
                        found[str(code)] = str(param)
    return found


def _documented_codes() -> dict[str, str]:
    text = (ROOT / "docs" / "engine.md").read_text()
    rows = re.findall(r"^\| `([a-z_.]+)` \| ?(?:`([a-z_.]+)`)? ?\|", text, re.MULTILINE)
    return {code: param for code, param in rows}


def test_every_rule_code_is_documented_with_its_parameter() -> None:
    code = _refusal_codes()
    docs = _documented_codes()
    assert len(code) > 50
    assert code == docs


def test_documented_parameters_exist() -> None:
    known = parameter_paths()
    for param in _documented_codes().values():
        assert param == "" or param in known, param


def test_doc_links_resolve() -> None:
    for page in (ROOT / "docs").glob("*.md"):
        for target in re.findall(r"\]\(([^)#]+)\)", page.read_text()):
            if target.startswith("http"):
                continue
            assert (page.parent / target).exists(), f"{page.name} links to missing {target}"


def test_readme_quick_start() -> None:
    """Two commands: one sets up and replays a bundled game, one sets up and runs the tests;
    .ci/run runs exactly the second."""
    readme = (ROOT / "README.md").read_text()
    block = re.search(r"## Quick start.*?```sh\n(.*?)```", readme, re.DOTALL)
    assert block is not None
    commands = [ln for ln in block.group(1).splitlines() if ln and not ln.startswith("#")]
    assert len(commands) == 2
    main, tests = commands
    assert "canasta replay docs/examples/" in main
    game = re.search(r"canasta replay (\S+)", main)
    assert game is not None and (ROOT / game.group(1)).is_file()
    assert tests in (ROOT / ".ci" / "run").read_text().splitlines()
