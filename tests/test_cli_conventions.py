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
