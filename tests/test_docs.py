"""The hand-written docs stay true to the code: rule codes, links, the README's quick start."""

from __future__ import annotations

import io
import re
import shlex
import shutil
import sys
from pathlib import Path

import pytest
from helpers import run_cli

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


def _quick_start() -> list[tuple[str, str]]:
    """docs/index.md's quick start in order: ("sh", a command line) and ("toml", a file's text)."""
    text = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    steps: list[tuple[str, str]] = []
    for lang, body in re.findall(r"```(sh|toml)\n(.*?)```", section, re.DOTALL):
        if lang == "toml":
            steps.append(("toml", body))
        else:
            steps += [("sh", line) for line in body.splitlines() if line.strip()]
    return steps


def test_index_quick_start_runs_top_to_bottom_on_a_fresh_clone(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 24: the quick start ran `check my-house.toml` before showing the file. Every command
    now runs, in order, in a copy of the clone's docs (the only files it names), each one
    succeeding; the house file is saved where the text says, before anything reads it, and the
    two interactive commands (play, tally) get an empty standard input and stop cleanly."""
    shutil.copytree(ROOT / "docs", tmp_path / "docs")
    monkeypatch.chdir(tmp_path)
    steps = _quick_start()
    saved = re.search(r"Save these as `([^`]+)`", (ROOT / "docs" / "index.md").read_text())
    assert saved is not None
    ran: list[str] = []
    for kind, body in steps:
        if kind == "toml":
            (tmp_path / saved.group(1)).write_text(body, encoding="utf-8")
            continue
        words = shlex.split(body, comments=True)
        assert words[0] == "canasta", body
        for arg in words[1:]:
            if arg.endswith(".toml") and arg != "thursday-sheet.toml":
                assert (tmp_path / arg).exists(), f"{body}: {arg} is used before it is written"
        monkeypatch.setattr(sys, "stdin", io.StringIO(""))
        status, out, err = run_cli(capsys, *words[1:])
        # A ruling's exit status is its answer: 1 for a move refused (notation.md).
        assert status == (1 if words[1] == "ruling" else 0), (body, err)
        if "-o" not in words:
            assert out, body
        ran.append(words[1])
    assert ran[:2] == ["variants", "variants"] and "check" in ran and "play" in ran
    assert (tmp_path / "rules.html").is_file()
