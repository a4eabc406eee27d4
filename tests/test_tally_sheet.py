"""The tally's sheet kept as a score pad: team names, a past hand edited or deleted (the hands
after it scored again), the sheet printed as a table, CSV, one printable HTML page and JSON,
and a sheet file written only once something is entered.

The minimums are 001_0cb887cc6d824426.txt's tiers (50 below 1,500, 90 below 3,000, then 120);
the hands are 000_1e7ce48765e073b7.txt's worked one (N-S 1630, E-W 575) and 001's (1,235)."""

from __future__ import annotations

import csv
import io
import json
import tomllib
from pathlib import Path

import pytest
from helpers import run_cli

from canasta_rules.tally import Sheet, TallyError
from canasta_rules.tally.export import ROW_KEYS, sheet_csv, sheet_html, sheet_json

E3_000 = "NS m 305 n 1 x 2 r 2 h 75 out; EW m 295 x 1 r 1 h 120"
H_001 = "NS m 160 n 1 x 1 r 2 h 25 out; EW h 10"

Capsys = pytest.CaptureFixture[str]


def two_hands() -> Sheet:
    sheet = Sheet.new("encyclopedia")
    sheet.add(E3_000)
    sheet.add("NS m 140 h 55; EW m 410 n 1 x 1 r 1 concealed")
    return sheet


# ------------------------------------------------------------------------------------------------
# Editing and deleting past hands


def test_editing_a_hand_scores_the_later_hands_and_minimums_again() -> None:
    """After 000's hand N-S are past 1,500 and open the next hand at 90; with that hand
    changed to 001's (1,235) they stay under 1,500 and open at 50."""
    sheet = two_hands()
    assert sheet.totals == [1715, 2085] and sheet.minimums()[0] == 90
    edited = sheet.edit(1, H_001)
    assert edited.scores[0].total == 1235
    assert sheet.totals == [1235 + 85, -10 + 1510]
    assert [h.totals for h in sheet.hands] == [[1235, -10], [1320, 1500]]
    assert sheet.minimums() == [50, 90]


def test_deleting_a_hand_scores_the_later_hands_again() -> None:
    sheet = two_hands()
    dropped = sheet.delete(1)
    assert dropped.totals == [1630, 575]
    assert sheet.lines() == ["NS m 140 h 55; EW m 410 n 1 x 1 r 1 concealed"]
    assert sheet.totals == [85, 1510]


def test_an_edit_a_later_hand_cannot_follow_leaves_the_sheet_as_it_was() -> None:
    """A first hand changed to reach the target ends the game there: the second hand cannot be
    played after it, so the change is refused and nothing moves."""
    sheet = Sheet.new("classic", ("game.target=1000",))
    sheet.add("NS m 100 n 1 out; EW h 10")
    sheet.add("NS m 100 n 1 out; EW h 10")
    before = sheet.lines()
    with pytest.raises(TallyError) as e:
        sheet.edit(1, "NS m 500 n 1 x 1 out; EW h 10")
    assert str(e.value) == "after the change to hand 1, hand 2: the game is over: North-South won"
    assert sheet.lines() == before
    with pytest.raises(TallyError, match=r"^hand 2: NS: m 7 is not a multiple of 5"):
        sheet.edit(2, "NS m 7")
    with pytest.raises(TallyError, match=r"^no hand 3: the sheet has hands 1 to 2$"):
        sheet.delete(3)
    with pytest.raises(TallyError, match=r"^no hand on the sheet yet$"):
        Sheet.new("classic").edit(1, "NS m 50")


# ------------------------------------------------------------------------------------------------
# Team names


def test_team_names_on_the_sheet_and_in_its_file(tmp_path: Path) -> None:
    sheet = two_hands()
    sheet.set_team("sn", "  Anna   and Bob ")
    sheet.set_team("EW", "Carl & Dee")
    assert sheet.labels == ("Anna and Bob (NS)", "Carl & Dee (EW)")
    path = tmp_path / "s.toml"
    sheet.save(path)
    assert tomllib.loads(path.read_text())["teams"] == {"NS": "Anna and Bob", "EW": "Carl & Dee"}
    again = Sheet.read(path)
    assert again.teams == sheet.teams and again.totals == sheet.totals
    sheet.set_team("EW", "")
    assert sheet.labels[1] == "EW"


@pytest.mark.parametrize(
    ("side", "name", "message"),
    [
        ("NE", "Anna", "'NE' is not a side at this table (sides: NS EW)"),
        ("NS", "x" * 41, "NS: a team's name is up to 40 letters, digits, spaces or signs"),
        ("NS", "Anna\x1b[2J", "NS: a team's name is up to 40 letters"),
    ],
)
def test_a_team_name_must_fit_a_column(side: str, name: str, message: str) -> None:
    with pytest.raises(TallyError) as e:
        Sheet.new("classic").set_team(side, name)
    assert message in str(e.value)


def test_a_sheet_file_with_a_bad_team_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text('variant = "classic"\nhands = []\n[teams]\nXY = "Anna"\n')
    with pytest.raises(TallyError, match=r"s.toml: teams: 'XY' is not a side at this table"):
        Sheet.read(path)
    path.write_text('variant = "classic"\nteams = ["Anna"]\n')
    with pytest.raises(TallyError, match=r's.toml: teams: expected a table of side = "name"'):
        Sheet.read(path)


# ------------------------------------------------------------------------------------------------
# The sheet printed


def test_json_shape() -> None:
    """The shape docs/play-and-tally.md documents."""
    sheet = two_hands()
    sheet.set_team("NS", "Anna and Bob")
    data = json.loads(json.dumps(sheet_json(sheet)))
    assert set(data) == {
        "ruleset", "set", "players", "sides", "teams", "goal", "hands", "totals",
        "next_minimums", "over", "winner",
    }  # fmt: skip
    assert data["ruleset"] == "encyclopedia" and data["players"] == 4
    assert data["sides"] == ["NS", "EW"] and data["teams"] == {"NS": "Anna and Bob"}
    assert data["goal"] == {"target": 5000}
    first = data["hands"][0]
    assert first["hand"] == 1 and first["entry"] == E3_000 and first["warnings"] == []
    assert list(first["scores"]["NS"]) == [*ROW_KEYS, "total"]
    assert first["scores"]["NS"]["mixed_canastas"] == 600
    assert (first["scores"]["NS"]["total"], first["scores"]["EW"]["total"]) == (1630, 575)
    assert data["hands"][1]["totals"] == {"NS": 1715, "EW": 2085}
    assert data["totals"] == {"NS": 1715, "EW": 2085}
    assert data["next_minimums"] == {"NS": 90, "EW": 90}
    assert (data["over"], data["winner"]) == (False, None)


def test_json_of_a_finished_game_names_the_winner() -> None:
    sheet = Sheet.new("online-3000")
    sheet.add("N m 600 n 3 out; S h 100")
    sheet.add("N m 400 n 1 out; S h 100")
    data = sheet_json(sheet)
    assert (data["over"], data["winner"], data["next_minimums"]) == (True, "N", None)


def test_csv_a_row_a_hand() -> None:
    sheet = two_hands()
    sheet.set_team("EW", 'Carl "the card" Dee')
    rows = list(csv.reader(io.StringIO(sheet_csv(sheet))))
    assert rows == [
        ["hand", "NS", "NS total", 'Carl "the card" Dee (EW)', 'Carl "the card" Dee (EW) total',
         "entry"],
        ["1", "1630", "1630", "575", "575", E3_000],
        ["2", "85", "1715", "1510", "2085", "NS m 140 h 55; EW m 410 n 1 x 1 r 1 concealed"],
    ]  # fmt: skip


def test_html_is_one_printable_page_with_names_escaped() -> None:
    sheet = two_hands()
    sheet.set_team("NS", "<b>Anna</b> & Bob")
    page = sheet_html(sheet)
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert "@media print" in page
    assert "&lt;b&gt;Anna&lt;/b&gt; &amp; Bob (NS)" in page and "<b>Anna" not in page
    assert '<td class="n">2</td><td class="n">85</td><td class="n total">1715</td>' in page
    assert "totals after 2 hands: &lt;b&gt;Anna&lt;/b&gt; &amp; Bob (NS) 1715, EW 2085" in page
    assert "<h3>Hand 1</h3>" in page and "<td>Mixed canastas</td>" in page
    assert f'<p class="entry">{E3_000}</p>' in page


# ------------------------------------------------------------------------------------------------
# The command


def test_cli_team_edit_delete_and_print_forms(
    capsys: Capsys, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(
        capsys, "tally", "encyclopedia", "--sheet", "s.toml", "--team", "NS=Anna and Bob",
        "--hand", E3_000, "--hand", "NS m 140 h 55; EW m 410 n 1 x 1 r 1 concealed",
    )  # fmt: skip
    assert code == 0, err
    assert "Anna and Bob (NS)" in out
    code, out, err = run_cli(capsys, "tally", "--sheet", "s.toml", "--edit", "1", "--hand", H_001)
    assert code == 0, err
    assert "totals after 2 hands: Anna and Bob (NS) 1320, EW 1500 (target 5000)" in out
    code, out, err = run_cli(capsys, "tally", "--sheet", "s.toml", "--json")
    assert code == 0, err
    assert json.loads(out)["totals"] == {"NS": 1320, "EW": 1500}
    code, out, err = run_cli(capsys, "tally", "--sheet", "s.toml", "--print", "-f", "csv")
    assert out.splitlines()[0] == "hand,Anna and Bob (NS),Anna and Bob (NS) total,EW,EW total,entry"
    code, out, err = run_cli(capsys, "tally", "--sheet", "s.toml", "-f", "html", "-o", "s.html")
    assert code == 0 and out == ""
    assert "Anna and Bob (NS)" in (tmp_path / "s.html").read_text()
    code, out, err = run_cli(capsys, "tally", "--sheet", "s.toml", "--delete", "1")
    assert code == 0, err
    assert "hand 1 taken off the sheet" in out
    assert Sheet.read("s.toml").lines() == ["NS m 140 h 55; EW m 410 n 1 x 1 r 1 concealed"]
    code, out, err = run_cli(capsys, "tally", "--sheet", "s.toml", "--print")
    assert code == 0
    assert out.splitlines()[0].split() == ["hand", "Anna", "and", "Bob", "(NS)", "total", "EW",
                                           "total"]  # fmt: skip


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--edit", "1"], "--edit N takes one --hand: the new entry of hand N"),
        (["--edit", "1", "--hand", "NS m 50", "--delete", "1"], "one change at a time"),
        (["--team", "NS"], "--team NS: write SIDE=NAME"),
        (["--team", "XY=Anna"], "--team: 'XY' is not a side at this table"),
        (["--json", "-f", "csv"], "--json and --format csv: choose one"),
        (["--delete", "5"], "no hand 5: the sheet has hands 1 to 1"),
    ],
)
def test_cli_refusals_in_one_line(
    capsys: Capsys, tmp_path: Path, args: list[str], message: str
) -> None:
    path = tmp_path / "s.toml"
    path.write_text('variant = "classic"\nhands = ["NS m 100 n 1 out; EW h 10"]\n')
    code, _out, err = run_cli(capsys, "tally", "--sheet", str(path), *args)
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and message in err


def test_looking_at_a_sheet_that_does_not_exist_writes_nothing(
    capsys: Capsys, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Opening a sheet only to look (nothing entered, or --print) leaves no file behind."""
    path = tmp_path / "new.toml"
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code, out, _err = run_cli(capsys, "tally", "--sheet", str(path))
    assert code == 0 and not path.exists()
    assert "totals after 0 hands" in out
    monkeypatch.setattr("sys.stdin", io.StringIO("help\nquit\n"))
    assert run_cli(capsys, "tally", "--sheet", str(path))[0] == 0 and not path.exists()
    code, _out, err = run_cli(capsys, "tally", "--sheet", str(path), "--print")
    assert code == 2 and "no such sheet (a sheet is written with its first hand)" in err
    assert not path.exists()
    monkeypatch.setattr("sys.stdin", io.StringIO("NS m 100 n 1 out; EW h 10\n"))
    assert run_cli(capsys, "tally", "--sheet", str(path))[0] == 0
    assert Sheet.read(path).totals == [700, -10]
