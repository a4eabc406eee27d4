"""The hand-written docs stay true to the code: rule codes, links, the README's quick start."""

from __future__ import annotations

import re
from pathlib import Path

from canasta_rules.codes import rule_codes
from canasta_rules.variant.model import parameter_paths

ROOT = Path(__file__).resolve().parent.parent


def _refusal_codes() -> dict[str, str]:
    """Every ``Refusal(code, parameter, ...)`` the package can raise, read from its source."""
    return rule_codes()


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
