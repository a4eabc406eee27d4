"""The command line's conventions (issue 24): ``--version``, a did-you-mean for a mistyped
command or option, one line each on standard error with exit status 2."""

from __future__ import annotations

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
