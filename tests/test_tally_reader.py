"""Tally sheets read within the readers' limits (issue 27, point 2): a sheet goes through the
guarded reader the variant files use (canasta_rules/variant/tomlread.py), so that a FIFO, a
device, a huge or deep or non-UTF-8 sheet, and numbers past any count get one located line and
exit status 2, never a traceback or a hang; long numbers are shortened in messages, in a sheet
and in ``--hand`` alike."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import run_cli, shown

from canasta_rules import limits
from canasta_rules.tally import Sheet, TallyError

HAND = "NS m 100 n 1 out; EW m 50"


def refusal(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """The one line a refused command prints, without 'canasta: '."""
    code, out, err = run_cli(capsys, *args)
    assert (code, out) == (2, ""), err
    assert err.count("\n") == 1 and err.startswith("canasta: "), err
    assert len(err) <= len("canasta: \n") + 200 and "Traceback" not in err
    return err.removeprefix("canasta: ").rstrip("\n")


def test_a_fifo_sheet_is_refused_at_once(tmp_path: Path) -> None:
    """Opening a FIFO waits for a writer that never comes: the sheet is refused before it is
    opened. The command runs in a process of its own, started and ready before the clock runs:
    if it hung, the timeout would kill it and the test would fail."""
    fifo = tmp_path / "sheet.toml"
    os.mkfifo(fifo)
    script = (
        "import sys\n"
        "from canasta_rules.tally import Sheet, TallyError\n"
        "print('ready', flush=True)\n"
        "try:\n"
        "    Sheet.read(sys.argv[1])\n"
        "except TallyError as e:\n"
        "    print(e)\n"
    )
    with subprocess.Popen(
        [sys.executable, "-c", script, str(fifo)], stdout=subprocess.PIPE, text=True
    ) as proc:
        assert proc.stdout is not None
        assert proc.stdout.readline() == "ready\n"  # imports done: the read alone is timed
        try:
            proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise
        said = proc.stdout.read()
        assert said == f"{shown(fifo)}: not a tally sheet: is a FIFO, not a regular file\n"


def test_a_fifo_sheet_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "sheet.toml"
    os.mkfifo(fifo)
    line = refusal(capsys, "tally", "--sheet", str(fifo), "--hand", HAND)
    assert line == f"{shown(fifo)}: not a tally sheet: is a FIFO, not a regular file"


def test_a_sheet_that_links_to_a_device(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sheet = tmp_path / "sheet.toml"
    sheet.symlink_to("/dev/zero")
    line = refusal(capsys, "tally", "--sheet", str(sheet), "--print")
    assert line == f"{shown(sheet)}: not a tally sheet: is a character device, not a regular file"


def test_a_sheet_over_the_size_limit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sheet = tmp_path / "sheet.toml"
    sheet.write_text('variant = "classic"\n' + "# filler\n" * (limits.MAX_SHEET_BYTES // 9))
    line = refusal(capsys, "tally", "--sheet", str(sheet), "--print")
    assert line.startswith(f"{shown(sheet)}: not a tally sheet: file too large: ")


def test_a_sheet_that_is_not_utf8(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sheet = tmp_path / "sheet.toml"
    sheet.write_bytes(b'variant = "cl\xffassic"\n')
    line = refusal(capsys, "tally", "--sheet", str(sheet), "--print")
    assert line == f"{shown(sheet)}: not a tally sheet: not UTF-8 text (byte 13)"


def test_a_sheet_nested_thousands_deep(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sheet = tmp_path / "sheet.toml"
    sheet.write_text('variant = "classic"\nhands = ' + "[\n" * 5000 + "]\n" * 5000)
    line = refusal(capsys, "tally", "--sheet", str(sheet), "--print")
    assert line.startswith(f"{shown(sheet)}:")
    assert "nested too deeply: the limit is 16 levels" in line


def test_a_long_key_in_a_sheets_set_keeps_the_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A key of thousands of characters in a sheet's ``set`` is shortened in the one line, so
    the reason after it still shows (found by bench/fuzz.py: the line was cut before it)."""
    sheet = tmp_path / "sheet.toml"
    key = ".".join(["a"] * 3000) + ".b"
    sheet.write_text(f'variant = "classic"\nset = ["{key}=1"]\nhands = []\n')
    line = refusal(capsys, "tally", "--sheet", str(sheet), "--print")
    assert line.startswith(f"{shown(sheet)}:2: set: a.a.a")
    assert "key nested too deeply: the limit is 16" in line


@pytest.mark.parametrize("digits", [20, 4299, 4300, 5000])
def test_an_integer_past_64_bits_in_a_sheet(
    digits: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheet = tmp_path / "sheet.toml"
    sheet.write_text(f'variant = "classic"\nplayers = {"9" * digits}\n')
    line = refusal(capsys, "tally", "--sheet", str(sheet), "--print")
    assert line.startswith(f"{shown(sheet)}:2: ")
    assert "TOML integers are 64-bit" in line


@pytest.mark.parametrize("digits", [10, 4299, 4300, 9000])
def test_a_long_count_in_a_sheets_hand(
    digits: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheet = tmp_path / "sheet.toml"
    sheet.write_text(f'variant = "classic"\nhands = [\n  "{HAND}",\n  "NS m {"9" * digits}"\n]\n')
    line = refusal(capsys, "tally", "--sheet", str(sheet), "--print")
    shown_count = "9" * 10 if digits == 10 else f"999999999999999\u202699999999999999 ({digits}"
    assert line.startswith(f"{shown(sheet)}:4: hand 2: NS: m {shown_count}")
    assert line.endswith(": a count has at most 9 digits")


@pytest.mark.parametrize("item", ["m", "p", "h", "r", "cA"])
def test_a_long_count_in_a_hand_line(item: str, capsys: pytest.CaptureFixture[str]) -> None:
    count = "9" * 4299
    line = refusal(capsys, "tally", "--hand", f"NS {item} {count} out; EW m 0")
    assert line == (
        f"--hand 1: NS: {item if item != 'cA' else 'ca'} 999999999999999\u202699999999999999 "
        "(4299 characters): a count has at most 9 digits"
    )


def test_long_words_in_a_hand_line_are_shortened(capsys: pytest.CaptureFixture[str]) -> None:
    junk = "z" * 3000
    assert "(3000 characters)" in refusal(capsys, "tally", "--hand", f"{junk} m 1; EW m 0")
    assert "(3000 characters)" in refusal(capsys, "tally", "--hand", f"NS {junk} 1; EW m 0")
    assert "(3001 characters)" in refusal(capsys, "tally", "--hand", f"NS m 1{junk}; EW m 0")


def test_nine_digits_are_still_a_count() -> None:
    sheet = Sheet.new("classic")
    sheet.add("NS m 999999995 n 1 out; EW m 0")
    assert sheet.hands[0].entries[0].meld == 999999995


def test_sheet_keys_of_the_wrong_kind_are_placed(tmp_path: Path) -> None:
    sheet = tmp_path / "sheet.toml"
    cases = {
        "variant = 3\n": "1: variant: expected the ruleset's name or file",
        'variant = "classic"\n\nset = "x"\n': "3: set: expected a list of KEY=VALUE strings",
        'variant = "classic"\nplayers = true\n': "2: players: expected a whole number",
        'variant = "classic"\nhands = [1]\n': "2: hands: expected a list of entry lines",
        'variant = "classic"\nset = ["game.target=x"]\n': (
            '2: set: game.target: must be a whole number, got "x" [game.target=x]'
        ),
    }
    for text, message in cases.items():
        sheet.write_text(text)
        with pytest.raises(TallyError) as e:
            Sheet.read(sheet)
        assert str(e.value) == f"{shown(sheet)}:{message}"


def test_a_long_count_of_cards_in_a_hand_line(capsys: pytest.CaptureFixture[str]) -> None:
    """Cards counted by kind (``m 2 jokers 4 aces``) take counts of at most 9 digits too."""
    count = "9" * 5000
    line = refusal(capsys, "tally", "--hand", f"NS m 2 jokers {count} aces out; EW m 0")
    assert line == (
        "--hand 1: NS: m 999999999999999\u202699999999999999 (5000 characters): a count has at "
        "most 9 digits"
    )
    line = refusal(capsys, "tally", "--hand", f"NS m 2 jokers 1 {'q' * 3000} out; EW m 0")
    assert "q" * 30 not in line and "is not a kind of card counted in this ruleset" in line
