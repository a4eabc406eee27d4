"""The command line as a whole: usage errors and internal errors are one line, never a
traceback; help exits 0."""

from __future__ import annotations

import pytest
from helpers import run_cli


@pytest.mark.parametrize(
    ("args", "start"),
    [
        (["record", "classic", "--bots", "smart"], "canasta record: Invalid value for --bots"),
        (["nonsense"], "canasta: No such command 'nonsense'."),
        (["replay"], "canasta replay: Missing argument 'FILE'."),
        (["variants", "diff", "classic"], "canasta variants diff: Missing argument"),
        (["simulate", "classic", "--games", "x"], "canasta simulate: Invalid value for '--games'"),
    ],
)
def test_usage_errors_are_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], start: str
) -> None:
    code, out, err = run_cli(capsys, *args)
    assert code == 2
    assert out == ""
    assert err.startswith(start) and err.count("\n") == 1, err
    assert "--help" in err


def test_help_exits_zero(capsys: pytest.CaptureFixture[str]) -> None:
    for args in ([], ["--help"], ["variants"], ["replay", "--help"]):
        code, out, _ = run_cli(capsys, *args)
        assert code == 0 and "Usage: canasta" in out


def test_internal_error_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bug (not bad input) still gives one line and its own exit status, 70."""
    import canasta_rules.cli.variants as variants_cli

    def broken() -> None:
        raise RuntimeError("planted")

    monkeypatch.setattr(variants_cli.builtin, "names", broken)
    code, _, err = run_cli(capsys, "variants", "list")
    assert code == 70
    assert err == (
        "canasta: internal error: RuntimeError: planted (set CANASTA_DEBUG=1 for details)\n"
    )


@pytest.mark.parametrize("columns", ["80", "200"])
def test_tables_of_settings_end_their_lines_without_padding(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, columns: str
) -> None:
    """``variants diff`` (and ``show --table``'s rows) print rich's table or, where it is too
    narrow, a block a setting; either way no line ends in the spaces rich pads cells with."""
    monkeypatch.setenv("COLUMNS", columns)
    code, out, _ = run_cli(capsys, "variants", "diff", "classic", "samba")
    assert code == 0
    lines = out.splitlines()
    assert "deck.decks" in out and "Sources (docs/sources.md has their addresses):" in lines
    assert [line for line in lines if line != line.rstrip()] == []


def test_variants_show_wraps_its_prose_at_80_columns(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``variants show``: the ruleset's summary and the notes on its settings are prose, wrapped
    at the terminal's width (they ran to 160 columns), a note's lines hanging under its first;
    no line ends in a space."""
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = run_cli(capsys, "variants", "show", "classic")
    assert code == 0
    lines = out.splitlines()
    assert [line for line in lines if len(line) > 80 or line != line.rstrip()] == []
    assert lines[1].startswith("Four players in two partnerships with 108 cards")
    at = lines.index(
        "  note on deal.rotation (001): Turns and the deal pass clockwise; the dealer's"
    )
    assert lines[at + 1] == "    left plays first."
