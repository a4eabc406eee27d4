"""The command line's conventions (issue 24): ``--version``, a did-you-mean for a mistyped
command or option, one line each on standard error with exit status 2."""

from __future__ import annotations

import re
import sys
from importlib.metadata import version

import pytest
from helpers import run_cli


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_cli(capsys, "--version")
    assert status == 0 and err == ""
    assert out == (
        f"canasta {version('canasta-rules')} (canasta-rules; Python {sys.version.split()[0]})\n"
    )


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ("rulse", "classic"),
            "canasta: No such command 'rulse'. Did you mean 'rules'? (see 'canasta --help')",
        ),
        (
            ("rule", "classic"),
            "canasta: No such command 'rule'. Did you mean 'rules' or 'ruling'? "
            "(see 'canasta --help')",
        ),
        (  # a lazy command's own subcommands
            ("variants", "lst"),
            "canasta variants: No such command 'lst'. Did you mean 'list'? "
            "(see 'canasta variants --help')",
        ),
        (
            ("check", "classic", "--gmaes", "3"),
            "canasta check: No such option: --gmaes. Did you mean '--games'? "
            "(see 'canasta check --help')",
        ),
        (
            ("rules", "classic", "--crad"),
            "canasta rules: No such option: --crad. Did you mean '--card'? "
            "(see 'canasta rules --help')",
        ),
        (
            ("--versoin",),
            "canasta: No such option: --versoin. Did you mean '--version'? (see 'canasta --help')",
        ),
    ],
)
def test_did_you_mean(capsys: pytest.CaptureFixture[str], args: tuple[str, ...], line: str) -> None:
    status, out, err = run_cli(capsys, *args)
    assert (status, out, err) == (2, "", line + "\n")


def test_no_suggestion_when_nothing_is_close(capsys: pytest.CaptureFixture[str]) -> None:
    status, _out, err = run_cli(capsys, "zzzz")
    assert status == 2
    assert err == "canasta: No such command 'zzzz'. (see 'canasta --help')\n"


def _paths() -> list[str]:
    import canasta_rules.cli  # noqa: F401  (first: it picks the plain help before typer loads)
    from canasta_rules.docgen import cli as cli_doc

    return cli_doc.command_paths()


@pytest.mark.parametrize("path", _paths())
def test_help_names_what_each_option_takes(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, path: str
) -> None:
    """Every option and argument of every command and subcommand shows a name for what it takes
    (FILE, SEED, N, KIND ...), never the Python type typer would show (``<int>``, ``<str>``).
    The help is click's plain text (the command sets ``TYPER_USE_RICH=0`` before typer loads;
    in this process typer may have loaded first)."""
    import typer.core

    monkeypatch.setattr(typer.core, "HAS_RICH", False)
    code, out, err = run_cli(capsys, *path.split()[1:], "--help")
    assert (code, err) == (0, ""), path
    assert "Usage:" in out
    typed = re.findall(r"<(?:int|str|float|path|integer|text|filename)>", out, flags=re.I)
    assert not typed, (path, typed, out)


_PANELS = r"""
import contextlib, io, json, sys
import canasta_rules.cli as cli
from canasta_rules.docgen import cli as cli_doc
import typer.core
assert typer.core.HAS_RICH
out = {}
for node in cli_doc.walk(cli.app):
    names = [p.metavar for p in node.command.params if p.metavar]
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        try:
            cli.main([*node.path.split()[1:], "--help"])
            code = 0
        except SystemExit as e:
            code = e.code
    out[node.path] = {"code": code, "text": buf.getvalue(), "metavars": names}
json.dump(out, sys.stdout)
"""


def test_the_rich_panels_name_what_each_option_takes() -> None:
    """Under ``TYPER_USE_RICH=1`` (typer's help panels) every argument and option shows its
    metavar, never a Python type (an argument showed ``<str>`` beside its name), a help string's
    own "(default: ...)" survives (rich took "[default: ...]" for markup and dropped it), and a
    command's help is wrapped at the terminal's width (the panels kept each line break of the
    source, cutting sentences at about 100 columns)."""
    import json
    import os
    import subprocess

    env = {**os.environ, "TYPER_USE_RICH": "1", "COLUMNS": "80", "TERM": "dumb"}
    env.pop("NO_COLOR", None)
    p = subprocess.run(
        [sys.executable, "-c", _PANELS], capture_output=True, text=True, env=env, timeout=120
    )
    assert p.returncode == 0, p.stderr
    helps = json.loads(p.stdout)
    assert set(helps) == set(_paths())
    for path, got in helps.items():
        text = got["text"]
        assert got["code"] == 0 and "╭─ Options" in text, path
        typed = re.findall(r"<(?:int|str|float|path|integer|text|filename)>", text, flags=re.I)
        assert not typed, (path, typed, text)
        for name in got["metavars"]:
            assert re.search(rf"(?<![\w|.]){re.escape(name)}(?![\w|.])", text), (path, name, text)
        top = text.split("╭", 1)[0].splitlines()
        assert all(len(line) <= 80 for line in text.splitlines()), path
        paragraphs = "\n".join(line.strip() for line in top).split("\n\n")
        for para in paragraphs:
            lines = para.strip().splitlines()
            # a paragraph's lines are full to the width but its last (80 columns, a margin)
            assert all(len(line) >= 55 for line in lines[:-1]), (path, para)

    def words(path: str) -> str:
        return " ".join(helps[path]["text"].replace("│", " ").split())

    assert "(default: canasta-check-failure.can)" in words("canasta check")
    assert "(default: NAME.toml in this folder)" in words("canasta variants new")


CODE_WORDS = (
    "canonical",
    "idempotent",
    "lint",
    "invariant",
    "hypothesis",
    "provenance",
    "arithmetic",
    "WORLDS",
    "plot extra",
    "card(s)",
)
"""Words of the code that a player reading the help would not know (the reading pass of
issue 26's follow-up): 'canonical form (idempotent)', 'Lints ... invariants ... shrunk by
hypothesis', 'provenance notes', 'the variant's arithmetic', 'search[:WORLDS|:SECONDSs]'."""


@pytest.mark.parametrize("path", _paths())
def test_help_is_in_a_players_words(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, path: str
) -> None:
    """Every command's help at 80 columns: no word of the code, and a list of commands whose
    one-line summaries fit whole (click cut them with '...' at 80 columns)."""
    import typer.core

    monkeypatch.setattr(typer.core, "HAS_RICH", False)
    monkeypatch.setenv("COLUMNS", "80")
    code, out, err = run_cli(capsys, *path.split()[1:], "--help")
    assert (code, err) == (0, ""), path
    found = [w for w in CODE_WORDS if w.lower() in out.lower()]
    assert not found, (path, found, out)
    commands = out.split("\nCommands:\n", 1)[1] if "\nCommands:\n" in out else ""
    cut = [line for line in commands.splitlines() if line.rstrip().endswith("...")]
    assert not cut, (path, cut)
