"""House-rules files (issue 24, point 4): ``canasta variants new`` writes a commented starter
file that validates and plays as its base; the loaders note an array that replaces the parent's
(naming what is dropped); structural slips get their fix."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from helpers import run_cli, shown

from canasta_rules import fileio
from canasta_rules.errors import VariantError, VariantWarning
from canasta_rules.sources import label
from canasta_rules.variant import builtin, load
from canasta_rules.variant.compare import flatten, show_value
from canasta_rules.variant.starter import ARGUED, readings

# --------------------------------------------------------------------------------------------
# variants new


def _new(capsys: pytest.CaptureFixture[str], tmp_path: Path, *args: str) -> Path:
    status, out, err = run_cli(capsys, "variants", "new", *args)
    assert status == 0, err
    path = Path(out.splitlines()[0].split(": written")[0])
    return path if path.is_absolute() else tmp_path / path


@pytest.mark.parametrize("base", ["classic", "bicycle", "online", "novice", "samba"])
def test_starter_validates_and_plays_as_its_base(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, base: str
) -> None:
    monkeypatch.chdir(tmp_path)
    path = _new(capsys, tmp_path, "our-table", "--from", base)
    assert path == tmp_path / "our-table.toml"
    text = path.read_text(encoding="utf-8")
    data = tomllib.loads(text)
    assert (data["name"], data["extends"]) == ("our-table", base)
    lv = load(str(path))
    assert flatten(lv.variant) == flatten(load(base).variant)
    status, out, _err = run_cli(capsys, "variants", "validate", str(path))
    assert (status, out) == (0, f"{path}: ok (our-table)\n")
    # Every argued rule is there, commented out at the base's value, with its allowed values.
    base_values = flatten(load(base).variant)
    for key in ARGUED:
        leaf = key.rsplit(".", 1)[1]
        block = text.split(f"[{key.rsplit('.', 1)[0]}]\n", 1)[1]
        assert re.search(rf"^# {leaf} = ", block, re.M), key
        assert "# Allowed: " in block
        if key != "initial_meld.tiers":  # an array of tables: one inline table a line
            assert f"# {leaf} = {show_value(base_values[key])}\n" in block, key
    assert not re.search(r"\d{3}_[0-9a-f]{16}", text)


def test_uncommenting_a_line_makes_the_house_rule(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    path = _new(capsys, tmp_path, "thursday")
    text = path.read_text(encoding="utf-8")
    text = text.replace('# discarded = "stop"', 'discarded = "freeze"')
    text = text.replace("#   { below = 0, minimum = 15 },", "#   { below = 0, minimum = 15 },")
    path.write_text(text, encoding="utf-8")
    lv = load(str(path))
    assert lv.variant.black_threes.discarded == "freeze"
    changed = {
        k for k, v in flatten(lv.variant).items() if flatten(load("classic").variant)[k] != v
    }
    assert changed == {"black_threes.discarded"}


def test_which_source_says_what() -> None:
    """The starter's 'Sources say' comes from the built-in rulesets and their notes: a black
    three freezes the pile for Bicycle/Hoyle (B) and only stops it for 000, 001 and 004
    (RULE-PARAMETERS.md's black_three_discard row); 002's 3000 is for its two-player game."""
    said = dict(readings("black_threes.discarded", frozenset({4})))
    assert said == {'"freeze"': "B", '"stop"': "000, 001, 004; 002 for 2 players"}
    target = dict(readings("game.target", frozenset({4})))
    assert target["3000"] == "002 for 2 players"
    assert target["5000"].startswith("000, 001, 003, B")


def test_starter_names_its_sources_by_label(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    text = _new(capsys, tmp_path, "thursday").read_text(encoding="utf-8")
    for source in ("000", "001", "002", "003", "004", "B", "P", "W"):
        assert f"#   [{source}] {label(source)}\n" in text


def test_new_refuses_what_it_cannot_write(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "thursday.toml").write_text("ours\n")
    status, out, err = run_cli(capsys, "variants", "new", "thursday")
    assert (status, out) == (2, "")
    assert err == (
        "canasta: thursday.toml: already exists; give another --out, or --force to replace it\n"
    )
    assert (tmp_path / "thursday.toml").read_text() == "ours\n"
    status, _out, err = run_cli(capsys, "variants", "new", "Thursday")
    assert status == 2 and "'Thursday' is not a ruleset name" in err
    status, _out, err = run_cli(capsys, "variants", "new", "x", "--from", "bycicle")
    assert status == 2 and "no built-in ruleset 'bycicle'; did you mean 'bicycle'?" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["thursday.toml"]
    assert "bicycle" in builtin.names()


def test_new_writes_whole_or_not_at_all(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The file goes through fileio's atomic write: a failed write leaves nothing behind."""
    monkeypatch.chdir(tmp_path)

    def full_disk(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(fileio.os, "replace", full_disk)
    status, _out, err = run_cli(capsys, "variants", "new", "thursday")
    assert status == 2
    assert err == "canasta: thursday.toml: cannot write: No space left on device\n"
    assert list(tmp_path.iterdir()) == []


# --------------------------------------------------------------------------------------------
# An array replaced whole is noted, naming what is dropped


def _house(tmp_path: Path, body: str) -> Path:
    p = tmp_path / "house.toml"
    p.write_text('extends = "classic"\nname = "our-table"\n' + body)
    return p


def test_validate_notes_a_seating_that_drops_the_four_player_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Issue 24: a [[seating]] in a house file replaced all of classic's tables silently; the
    4-player game vanished and validate said ok. It still is valid, and now says so."""
    p = _house(tmp_path, "[[seating]]\nplayers = 2\nhand_size = 15\nside_size = 1\n")
    status, out, err = run_cli(capsys, "variants", "validate", str(p))
    assert (status, err) == (0, "")
    assert out.splitlines() == [
        f"{p}: ok (our-table)",
        f"note: {shown(p)}:3: seating: replaces classic's table size (4 players) with 2 players; "
        "4 players can no longer play",
    ]


def test_every_loader_notes_it_once_on_standard_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    p = _house(tmp_path, '[deal]\nupcard_freezes = ["joker"]\n')
    status, out, err = run_cli(capsys, "rules", str(p), "-f", "txt")
    assert status == 0 and out
    assert err == (
        f"canasta: note: {shown(p)}:4: deal.upcard_freezes: replaces classic's jokers, twos and "
        "red threes with jokers (a list is replaced whole, not merged); dropped: twos and red "
        "threes\n"
    )
    with pytest.warns(VariantWarning, match="dropped: twos and red threes"):
        load(str(p))


def test_seatings_named_as_a_player_would(tmp_path: Path) -> None:
    six = tmp_path / "six.toml"
    six.write_text(
        'extends = "general"\nname = "six"\n[[seating]]\nplayers = 6\nhand_size = 13\n'
        "side_size = 3\n[initial_meld]\n"
        "tiers = [{ below = 1500, minimum = 50 }, { minimum = 90 }]\n"
    )
    with pytest.warns(VariantWarning) as noted:
        load(str(six))
    assert [str(w.message) for w in noted] == [
        f"{shown(six)}:3: seating: replaces general's table sizes (4, 6 players) with 6 players; "
        "4 players can no longer play",
    ]


def test_no_note_where_nothing_is_dropped(tmp_path: Path) -> None:
    """More table sizes, or the same ones dealt differently, keep all the parent had; a tier
    table is a whole table of minimums, replaced on purpose; the built-ins replace arrays on
    purpose and are never noted."""
    import warnings

    p = _house(
        tmp_path,
        "[[seating]]\nplayers = 4\nhand_size = 13\n[[seating]]\nplayers = 2\nhand_size = 15\n"
        'side_size = 1\n[deal]\nupcard_freezes = ["joker", "two", "red_three", '
        '"black_three"]\n',
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        load(str(p))
        for name in builtin.names():
            load(name)


# --------------------------------------------------------------------------------------------
# Structural slips get their fix


@pytest.mark.parametrize(
    ("body", "line"),
    [
        (
            "[seating]\nplayers = 4\nhand_size = 11\n",
            ":3: seating: must be an array of tables: write [[seating]], with double brackets, "
            "above each entry",
        ),
        (
            "[initial_meld]\ntiers = { minimum = 50 }\n",
            ":4: initial_meld.tiers: must be an array of tables: write [[initial_meld.tiers]], "
            "with double brackets, above each entry",
        ),
        (  # no close spelling: the table's keys
            "[game]\nfoo = 1\n",
            ":4: game.foo: unknown key; [game] has target, win, tie, rounds, max_hands",
        ),
        (
            "[[seating]]\nplayers = 4\nhand_size = 11\nseats = 4\n",
            ":6: seating.0.seats: unknown key; [seating] has players, hand_size, side_size, "
            "forming, sit_out",
        ),
        ("[game]\ntraget = 3000\n", ":4: game.traget: unknown key (did you mean 'target'?)"),
        ("[[seating]]\nhand_size = 11\n", ":3: seating.0.players: required key is missing"),
        (
            '[initial_meld]\nbasis = "round"\n',
            ":4: initial_meld.basis: a minimum that goes by the round needs the minimum of each "
            "round (by_round), which is missing",
        ),
    ],
)
def test_structural_slips_get_their_fix(tmp_path: Path, body: str, line: str) -> None:
    p = _house(tmp_path, body)
    with pytest.raises(VariantError) as e:
        load(str(p))
    assert e.value.lines() == [f"{shown(p)}{line}"]


def test_the_docs_show_the_starter_as_it_is_written() -> None:
    """docs/variant-files.md quotes a block of the starter file; it is the real one."""
    from canasta_rules.variant.starter import starter_text

    page = (Path(__file__).resolve().parent.parent / "docs" / "variant-files.md").read_text()
    block = page.split("## A starter file", 1)[1].split("```toml\n", 1)[1].split("```", 1)[0]
    assert block in starter_text("thursday", "classic")
