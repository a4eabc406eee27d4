"""Start-up: ``canasta`` loads a command's module only when that command runs (issue 11).

The times themselves are measured by bench/cli_start.py, never asserted here; these tests check
what makes them short: which modules a command imports, and that the one-line helps ``--help``
lists without importing the commands match the commands' own.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from canasta_rules.cli import LAZY, load_command
from tests.helpers import run_cli

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"

HEAVY = (
    "hypothesis",
    "canasta_rules.rulesheet.builder",
    "canasta_rules.check",
    "canasta_rules.simulate",
    "canasta_rules.bots",
    "rich.progress",
    "dask",
    # The built-ins come from their shipped data (issue 26): pydantic validates files only, and
    # export and compare load when asked.
    "pydantic",
    "pydantic_core",
    "importlib.metadata",
    "canasta_rules.variant.model",
    "canasta_rules.variant.loading",
    "canasta_rules.variant.export",
    "typer._adapters",
)

_PROBE = """
import json, sys
from canasta_rules.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


def _modules(*args: str) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, *args],
        capture_output=True,
        text=True,
        check=False,
    )
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


@pytest.mark.parametrize(
    "args",
    [
        ("--help",),
        ("ruling", str(EXAMPLES / "e5-frozen-pile.pos"), "take with Qc Jk"),
        ("score", str(EXAMPLES / "e3-end-of-hand.pos")),
        ("moves", str(EXAMPLES / "e5-frozen-pile.pos")),
        ("variants", "list"),
    ],
    ids=["help", "ruling", "score", "moves", "variants-list"],
)
def test_quick_commands_leave_heavy_modules_alone(args: tuple[str, ...]) -> None:
    loaded = _modules(*args)
    assert "canasta_rules.cli" in loaded
    heavy = sorted(m for m in loaded if m.startswith(HEAVY))
    assert heavy == []


def test_help_imports_no_command_module() -> None:
    loaded = _modules("--help")
    assert not [
        m for m in loaded if m.startswith("canasta_rules.cli.") and m != "canasta_rules.cli.common"
    ]
    assert "lark" not in loaded and "canasta_rules.engine" not in loaded
    # The plain help: rich's panels would bring rich, markdown-it and pygments.
    assert "rich" not in loaded and "markdown_it" not in loaded
    assert "pydantic" not in loaded


def test_a_ruling_prints_plain_lines_without_rich() -> None:
    loaded = _modules("ruling", str(EXAMPLES / "e5-frozen-pile.pos"), "take with Qc Jk")
    assert "rich" not in loaded
    assert "canasta_rules.notation.writer" not in loaded


def test_no_arguments_print_the_help(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bare ``canasta`` prints the plain help. The command sets ``TYPER_USE_RICH=0`` before
    typer loads; in this process another test may have loaded typer first, so its switch is set
    here as the command's own process has it (this test failed after test_docgen.py)."""
    import typer.core

    monkeypatch.setattr(typer.core, "HAS_RICH", False)
    code, out, err = run_cli(capsys)
    assert code == 0 and err == ""
    assert out.startswith("Usage: canasta [OPTIONS] COMMAND [ARGS]...")
    assert "ruling" in out and "tally" in out


@pytest.mark.parametrize("name", sorted(LAZY))
def test_listed_help_matches_the_command(name: str) -> None:
    cmd = load_command(name)
    first = (cmd.help or "").strip().split("\n\n")[0].replace("\n", " ")
    assert LAZY[name][1] == first


def test_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    from tests.helpers import run_cli

    code, out, _ = run_cli(capsys, "--help")
    assert code == 0
    for name in LAZY:
        assert f" {name} " in out


def test_shell_completion_offers_commands_and_rulesets() -> None:
    env = {"_CANASTA_COMPLETE": "complete_bash", "COMP_WORDS": "canasta ru", "COMP_CWORD": "1"}
    import os

    run = subprocess.run(
        [sys.executable, "-m", "canasta_rules"],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=False,
    )
    assert set(run.stdout.split()) == {"ruling", "rules"}
    env["COMP_WORDS"] = f"canasta ruling {EXAMPLES / 'e5-frozen-pile.pos'} x --variant cl"
    env["COMP_CWORD"] = "5"
    run = subprocess.run(
        [sys.executable, "-m", "canasta_rules"],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.stdout.split() == ["classic"]


def test_the_allow_extends_variable_is_the_loaders() -> None:
    """The command sets the variable the loader reads, without importing the loader to learn it."""
    from canasta_rules import cli
    from canasta_rules.variant import loading

    assert cli.ALLOW_EXTENDS_ENV == loading.ALLOW_EXTENDS_ENV


@pytest.mark.parametrize(
    "args",
    [
        ("ruling", str(EXAMPLES / "e5-frozen-pile.pos"), "take with Qc Jk"),
        ("score", str(EXAMPLES / "e3-end-of-hand.pos")),
        ("moves", str(EXAMPLES / "took-the-pile.pos")),
    ],
    ids=["ruling", "score", "moves"],
)
def test_a_position_is_read_without_lark(args: tuple[str, ...]) -> None:
    """A position's lines are read by the line readers, with the grammar's terminals shipped
    as data: lark is not even imported (nor its parser built, nor a scanner compiled for each
    state it reaches)."""
    loaded = _modules(*args)
    assert "canasta_rules.notation.reading" in loaded
    assert "lark" not in loaded and "canasta_rules.notation.parser" not in loaded


def test_a_line_only_lark_reads_still_reads(tmp_path: Path) -> None:
    """A position with a line the line readers leave to lark (a penalty) loads lark and reads."""
    pos = tmp_path / "p.pos"
    text = (EXAMPLES / "e5-frozen-pile.pos").read_text(encoding="utf-8")
    pos.write_text(text + "penalty N forgot_draw\n", encoding="utf-8")
    loaded = _modules("moves", str(pos))
    assert "lark" in loaded


def test_a_ruling_loads_neither_the_replayer_nor_the_game_loop() -> None:
    loaded = _modules("ruling", str(EXAMPLES / "e5-frozen-pile.pos"), "take with Qc Jk")
    assert "canasta_rules.notation.replay" not in loaded
    assert "canasta_rules.engine.game" not in loaded


@pytest.mark.parametrize(
    "args",
    [
        ("score", str(EXAMPLES / "e3-end-of-hand.pos")),
        ("moves", str(EXAMPLES / "e5-frozen-pile.pos")),
        ("variants", "list"),
    ],
    ids=["score", "moves", "variants-list"],
)
def test_tables_into_a_pipe_print_without_rich(args: tuple[str, ...]) -> None:
    assert "rich" not in _modules(*args)
