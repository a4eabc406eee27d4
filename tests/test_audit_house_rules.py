"""Audit of the house-rules workflow, as a card club would follow it from the docs alone.

A club writes a ruleset that extends ``classic`` and changes five things (the shapes and the
commands are those of README.md, docs/variant-files.md, docs/parameters.md and docs/cli.md):

- a discarded black three freezes the pile (Bicycle's rule, as 001_0cb887cc6d824426.txt reports
  it in 'Bicycle's account differs': Bicycle describes black threes as freezing cards);
- a second table size, two players dealt 15 cards each (002_d58438592396a398.txt deals 15 cards
  to each of its two players);
- the game ends at 3000 (002 offers 3000 or 5000);
- going out concealed earns 500 (001 'Going out concealed': 200 in place of 100; the club's own);
- an initial-meld table scaled to the shorter game (001's tiers are 50 / 90 / 120 from 0, 1500
  and 3000; the club's are from 0, 1000 and 2000).

Each override is checked three ways: the file validates and ``variants diff`` lists it; the rule
sheet states it and marks it ``[house]`` (docs/variant-files.md, 'Provenance'); the engine rules a
position differently under the house file than under classic. Then the mistakes a person makes,
each of which docs/variant-files.md ('Reading validation errors') says is one line
``FILE:LINE: dotted.key: message``, exit status 2, no traceback.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import (
    after,
    breakdown,
    classic_pos,
    diff_settings,
    hand_scores,
    refused,
    run_cli,
    sheet_text,
    shown_settings,
)

from canasta_rules.engine.rules import rules_for
from canasta_rules.errors import VariantError
from canasta_rules.variant import load, load_variant

HOUSE = """\
#:schema ./canasta-variant.schema.json
extends = "classic"
name = "tuesday"
title = "Tuesday club canasta"
summary = \"\"\"Classic with black threes freezing, 15 cards for two, game to 3000.\"\"\"
sources = ["001", "house"]

[[seating]]
players = 4
hand_size = 11

[[seating]]
players = 2
hand_size = 15
side_size = 1

[black_threes]
discarded = "freeze"

[going_out]
concealed_bonus = 500

[game]
target = 3000

[[initial_meld.tiers]]
below = 0
minimum = 15

[[initial_meld.tiers]]
below = 1000
minimum = 50

[[initial_meld.tiers]]
below = 2000
minimum = 90

[[initial_meld.tiers]]
minimum = 120

[provenance]
"black_threes.discarded" = { sources = ["house", "B"], note = "A discarded black three freezes." }
"seating" = { sources = ["house"], note = "Fifteen cards each for two players." }
"going_out.concealed_bonus" = { sources = ["house"], note = "Going out concealed earns 500." }
"game.target" = { sources = ["house"], note = "A short game to 3000." }
"initial_meld.tiers" = { sources = ["house"], note = "Minimums scaled to a 3000 game." }
"""

OVERRIDES = [
    "seating",
    "black_threes.discarded",
    "initial_meld.tiers",
    "going_out.concealed_bonus",
    "game.target",
]


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run from the test's folder, so that files are named relative to it: a long absolute path
    is shortened in messages (and widens tables), which would hide what these tests read."""
    monkeypatch.chdir(tmp_path)


@pytest.fixture
def house(tmp_path: Path) -> Path:
    path = tmp_path / "house.toml"
    path.write_text(HOUSE, encoding="utf-8")
    return path


def one_line_error(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """Run a command that must fail on bad input: exit 2, exactly one line, no traceback."""
    status, out, err = run_cli(capsys, *args)
    lines = [line for line in (out + err).splitlines() if line.strip()]
    assert status == 2, (out, err)
    assert "Traceback" not in out + err
    assert len(lines) == 1, lines
    assert len(lines[0]) <= 200, lines[0]
    return lines[0]


def invalid(capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str) -> str:
    """``canasta variants validate`` on ``text`` as house.toml: its one line, path removed."""
    (tmp_path / "house.toml").write_text(text, encoding="utf-8")
    line = one_line_error(capsys, "variants", "validate", "house.toml")
    assert line.startswith("house.toml:"), line
    return line.removeprefix("house.toml:")


# ============================================================================================
# 1. The workflow: validate, diff, show, export, the rule sheet


def test_the_house_file_validates(capsys: pytest.CaptureFixture[str], house: Path) -> None:
    """docs/variant-files.md 'A worked example': validate prints 'FILE: ok (NAME)'."""
    status, out, err = run_cli(capsys, "variants", "validate", "house.toml")
    assert (status, err) == (0, "")
    assert out.strip() == "house.toml: ok (tuesday)"


def test_diff_against_classic_lists_exactly_the_overrides(
    capsys: pytest.CaptureFixture[str], house: Path
) -> None:
    """docs/variant-files.md 'A worked example': ``variants diff classic FILE`` lists only the
    parameters the file changes, with each side's sources ('001 / house')."""
    status, out, _ = run_cli(capsys, "variants", "diff", "classic", "house.toml")
    assert status == 0
    rows = diff_settings(out)
    assert list(rows) == OVERRIDES
    assert rows["black_threes.discarded"] == [
        "stops the next player, nothing more",
        "freezes the pile",
        "001 / house, B",
    ]


def test_diff_against_bicycle_leaves_out_the_black_three_it_shares(
    capsys: pytest.CaptureFixture[str], house: Path
) -> None:
    """001 'Bicycle's account differs': Bicycle's black threes freeze, as the house's do, so a
    diff against bicycle does not list black_threes.discarded but does list Bicycle's other
    departures from 001 (its cutter, its covered upcards)."""
    status, out, _ = run_cli(capsys, "variants", "diff", "bicycle", "house.toml")
    assert status == 0
    named = list(diff_settings(out))
    assert "black_threes.discarded" not in named
    assert {"deal.cutter", "deal.upcard_covered", "game.target", "seating"} <= set(named)


def test_show_names_the_house_file_as_setter_of_each_override(
    capsys: pytest.CaptureFixture[str], house: Path
) -> None:
    """docs/variant-files.md 'Provenance': ``variants show`` prints each value with the file that
    set it and the sources its note cites."""
    status, out, _ = run_cli(capsys, "variants", "show", "house.toml")
    assert status == 0
    rows = shown_settings(out)
    for key in ("going_out.concealed_bonus", "game.target"):
        assert rows[key][1].startswith("from house.toml ("), rows[key]
    assert rows["black_threes.discarded"] == ("freezes the pile", "from house.toml (house, B)")
    assert rows["going_out.bonus"] == ("100 points", "from builtin:classic (001)")
    assert "resolved from: builtin:classic -> house.toml" in out


def test_export_is_a_standalone_file_with_the_same_rules(
    capsys: pytest.CaptureFixture[str], house: Path, tmp_path: Path
) -> None:
    """docs/variant-files.md 'extends': ``variants export`` prints the result as one standalone
    file with every parameter spelled out."""
    out_path = tmp_path / "full.toml"
    status, _, err = run_cli(capsys, "variants", "export", "house.toml", "--out", str(out_path))
    assert status == 0, err
    text = out_path.read_text()
    assert "extends" not in text.split("[")[0]
    assert load(out_path).variant.model_dump() == load(house).variant.model_dump()


def test_sheet_states_the_fifteen_card_deal_for_two(
    capsys: pytest.CaptureFixture[str], house: Path
) -> None:
    """002 deals 15 cards to each of two players; 108 - 30 leaves 78 for upcard and stock."""
    text = sheet_text(capsys, "house.toml")
    assert "This ruleset is for 2 or 4 players: [house]" in text
    assert (
        "Two players, each playing for themself; each is dealt 15 cards, which leaves 78 for "
        "the upcard and the stock. [house]" in text
    )
    assert "each is dealt 11 cards, which leaves 64 for the upcard and the stock." in text


def test_sheet_states_the_black_three_freeze_as_a_house_rule(
    capsys: pytest.CaptureFixture[str], house: Path
) -> None:
    """001 'Bicycle's account differs' (black threes as freezing cards), against 001's own
    'a black three ... once covered imposes no further restriction'."""
    text = sheet_text(capsys, "house.toml")
    assert (
        "A black three discarded on the pile stops the next player, since nobody can take the "
        "pile while it is on top, and it also freezes the pile until someone takes it. [house]"
    ) in text
    assert "it also freezes the pile" not in sheet_text(capsys, "classic")


def test_sheet_states_the_concealed_bonus_with_both_sources(
    capsys: pytest.CaptureFixture[str], house: Path
) -> None:
    """001 'Going out concealed': 200 in place of the ordinary 100; the house makes it 500, and
    the sentence states both values, so it cites both notes."""
    text = sheet_text(capsys, "house.toml")
    assert "Going out concealed earns 500 instead of 100. [house, 001]" in text
    assert "Going out concealed (instead of the above) 500 house" in text


def test_sheet_states_the_target(capsys: pytest.CaptureFixture[str], house: Path) -> None:
    """002 plays to 3000 or 5000; the house to 3000."""
    text = sheet_text(capsys, "house.toml")
    assert "a side's total has reached 3000 or more, the game ends. [house]" in text


def test_sheet_states_the_minimum_table(capsys: pytest.CaptureFixture[str], house: Path) -> None:
    """001's tiers (below 0: 15; to 1495: 50; to 2995: 90; then 120) moved down by the house to
    1000 and 2000; the sheet's table shows the house rows, and the rule is marked [house]."""
    text = sheet_text(capsys, "house.toml")
    assert "must count at least a minimum that depends on a score (see below): [house]" in text
    for row in ("below 0 (a negative score) 15", "0 to 999 50", "1000 to 1999 90"):
        assert row in text
    assert "2000 and above 120" in text
    assert "1500 to 2999" not in text


def test_sheet_diff_marks_every_override(capsys: pytest.CaptureFixture[str], house: Path) -> None:
    """docs/cli.md 'canasta rules': --diff BASE marks the rules whose parameters differ, the same
    parameters ``variants diff`` lists."""
    text = sheet_text(capsys, "house.toml", "--diff", "classic")
    assert (
        "Settings that differ: table sizes, a discarded black three, initial meld minimum by "
        "score, bonus for going out concealed, target score." in text
    )
    assert "(Base rule, classic: When, after a hand, a side's total has reached 5000" in text
    assert "(Base rule, classic: Going out concealed earns 200 instead of 100.)" in text


# ============================================================================================
# 2. The engine applies each override


def pickup_position(pile: str = "7c 3s 9d", n: str = "9c 2h 5c 6d 8h", ns: str = "") -> str:
    return classic_pos(
        "classic", n=n, ns=ns or "Kd Kh Ks", melded="N S E", pile=pile, turn=None, to_move="N draw"
    )


def test_black_three_in_the_pile_freezes_it_under_the_house_file(house: Path) -> None:
    """001 'What freezes it?': a covered black three imposes nothing (classic: a natural and a
    wild card take the pile); under the house rule it froze the pile, and a frozen pile is taken
    only with a natural pair (001 'Frozen')."""
    pos = pickup_position()
    assert refused(pos, "take 9d with 9c 2h") is None
    assert refused(pos, "take 9d with 9c 2h", str(house)) == "pile.frozen.needs_natural_pair"
    assert refused(pickup_position(n="9c 9h 5c 6d 8h"), "take 9d with 9c 9h", str(house)) is None


def test_black_three_freeze_also_stops_adding_to_the_sides_meld(house: Path) -> None:
    """001 'Frozen': two natural cards from hand even when the side already has the rank melded;
    under classic the covered black three leaves 'onto the side's meld' open."""
    pos = pickup_position(n="5c 6d 8h 4c", ns="9h 9s 9d, Kd Kh Ks")
    assert refused(pos, "take 9d") is None
    assert refused(pos, "take 9d", str(house)) == "pile.frozen.needs_natural_pair"


def test_discarding_a_black_three_freezes_the_pile_for_both_sides(house: Path) -> None:
    """001 'Bicycle's account differs' (a black three freezes, for Bicycle) and 001 'What freezes
    it?' (a freezing discard freezes the pile for both teams): after North discards a black three
    the pile is frozen against both sides under the house file, against nobody under classic."""
    pos = classic_pos("classic", n="3s 5c 6d 8h", ns="Kd Kh Ks", melded="N S E")
    for variant, frozen in ((None, False), (str(house), True)):
        state = after(pos, "discard 3s", variant)
        assert [state.pile_frozen(side) for side in (0, 1)] == [frozen, frozen]


def test_cli_ruling_shows_both_rulesets_side_by_side(
    capsys: pytest.CaptureFixture[str], house: Path, tmp_path: Path
) -> None:
    """docs/cli.md 'canasta ruling': --variant is repeatable, one row each; exit 1 when refused
    under any. The refusal says what froze the pile."""
    pos = tmp_path / "p.pos"
    pos.write_text(pickup_position())
    status, out, _ = run_cli(
        capsys,
        "ruling",
        str(pos),
        "take 9d with 9c 2h",
        "--variant",
        "classic",
        "--variant",
        "house.toml",
    )
    assert status == 1
    rows = out.splitlines()
    assert rows[1].split()[:2] == ["classic", "legal"]
    assert rows[2].split()[1:3] == ["refused", "pile.frozen.needs_natural_pair"]
    assert "the pile is frozen by a black three in it (black_threes.discarded)" in out


def test_a_position_naming_the_house_file_is_ruled_by_it(
    capsys: pytest.CaptureFixture[str], house: Path
) -> None:
    """docs/notation.md 'Tags': Variant names a built-in or a variant file relative to the
    record; the house note is the source the ruling quotes for a house value."""
    pos = house.parent / "tier.pos"
    pos.write_text(
        classic_pos("house.toml", n="Kc Kd Kh Qc Qd Qh 5c 6d", melded="E", scores="NS 1200, EW 0")
    )
    status, out, _ = run_cli(capsys, "ruling", str(pos), "meld Kc Kd Kh, Qc Qd Qh")
    assert status == 1
    assert "must count at least 90 this turn; these count 60" in out
    assert out.splitlines()[0].endswith("(open.below_minimum)")
    assert "source: house rule: Minimums scaled to a 3000 game." in out


@pytest.mark.parametrize(
    ("scores", "melds", "house_code", "classic_code"),
    [
        # 1200: house 90 (1000-1999), classic 50 (0-1495): 60 points
        ("NS 1200, EW 0", "meld Kc Kd Kh, Qc Qd Qh", "open.below_minimum", None),
        # 2500: house 120, classic 90 (1500-2995): 105 points
        ("NS 2500, EW 0", "meld Ac Ad Ah, Kc Kd Kh, 7c 7d 7h", "open.below_minimum", None),
        # 500: both 50
        ("NS 500, EW 0", "meld Kc Kd Kh, Qc Qd Qh", None, None),
        # -100: both 15
        ("NS -100, EW 0", "meld 7c 7d 7h", None, None),
    ],
)
def test_minimum_table_is_the_houses(
    house: Path, scores: str, melds: str, house_code: str | None, classic_code: str | None
) -> None:
    """001 'Initial meld' (classic tiers at 0, 1500, 3000) against the house tiers at 0, 1000,
    2000: the same opening is refused only where the two tables differ. North keeps only a five
    and a six besides the opening, so nothing later in the turn could make up a shortfall."""
    cards = {"K": "Kc Kd Kh", "Q": "Qc Qd Qh", "A": "Ac Ad Ah", "7": "7c 7d 7h"}
    laid = " ".join(cards[g.split()[0][0]] for g in melds.removeprefix("meld ").split(", "))
    pos = classic_pos(
        "classic",
        n=f"{laid} 5c 6d",
        ew="Jd Jh Js 2h",
        melded="E",
        scores=scores,
    )
    assert refused(pos, melds) == classic_code
    assert refused(pos, melds, str(house)) == house_code


def concealed_position() -> str:
    return classic_pos("classic", n="Qc Qd Qh Qs Qc Qd 2c 5h 5d 5s", melded="E")


def test_concealed_going_out_scores_the_house_bonus(house: Path) -> None:
    """001 'Going out concealed': 200 in place of 100 (classic); the house's 500. North, whose
    side has not melded, lays a canasta and a meld after a stock draw and goes out (no minimum
    after a stock draw, 001)."""
    move = "meld Qc Qd Qh Qs Qc Qd 2c, 5h 5d 5s"
    classic_ns = breakdown(hand_scores(concealed_position(), move)[0])
    house_ns = breakdown(hand_scores(concealed_position(), move, str(house))[0])
    assert classic_ns["Going out"] == 200
    assert house_ns["Going out"] == 500
    assert house_ns["Total"] - classic_ns["Total"] == 300


def test_ordinary_going_out_is_unchanged(house: Path) -> None:
    """001 'Going out': 100; the house changes only the concealed bonus."""
    pos = classic_pos(
        "classic",
        n="Qc 5h 5d 5s",
        ns="Qd Qh Qs Qc Qd Qh 2c",
        melded="N S E",
    )
    move = "meld 5h 5d 5s discard Qc"
    assert breakdown(hand_scores(pos, move, str(house))[0])["Going out"] == 100


def test_two_players_are_dealt_fifteen(house: Path) -> None:
    """002: 15 cards each for two; the house keeps classic's 11 for four."""
    v = load(house).variant
    assert rules_for(v, 2).hand_size == 15
    assert rules_for(v, 4).hand_size == 11
    assert [s.players for s in load_variant("classic").seating] == [4]


def test_a_two_player_house_record_replays_under_the_house_file_only(
    capsys: pytest.CaptureFixture[str], house: Path
) -> None:
    """docs/cli.md 'canasta record' and 'canasta replay': a record the bots play under the house
    file at two players deals 15 cards a seat and replays; novice (003) deals 11 even to two,
    and classic seats four only."""
    rec = house.parent / "g2.can"
    status, _, err = run_cli(
        capsys, "record", "house.toml", "--players", "2", "--seed", "3", "-o", str(rec)
    )
    assert status == 0, err
    deals = [line for line in rec.read_text().splitlines() if line.startswith("deal ")]
    assert deals and all(len(d.split("|")[-1].split(":")[-1].split()) == 15 for d in deals)
    status, out, _ = run_cli(capsys, "replay", str(rec))
    assert status == 0
    assert out.rstrip().splitlines()[-1].startswith("result: ")
    line = one_line_error(capsys, "replay", str(rec), "--variant", "novice")
    assert line.endswith("North holds 15 cards; this variant deals 11")
    line = one_line_error(capsys, "replay", str(rec), "--variant", "classic")
    assert line.endswith("variant 'classic' is for 4 players, not 2")


def test_replay_ends_the_game_at_the_house_target(
    capsys: pytest.CaptureFixture[str], house: Path
) -> None:
    """002 (3000) against 001 (5000): the same record is a finished game under the house file
    and an unfinished one with the target set back to 5000."""
    rec = house.parent / "g2.can"
    run_cli(capsys, "record", "house.toml", "--players", "2", "--seed", "3", "-o", str(rec))
    _, out, _ = run_cli(capsys, "replay", str(rec))
    last = out.rstrip().splitlines()[-1]
    assert last.startswith("result: ")
    totals = [int(t.rstrip(",")) for t in last.split()[-3::2]]
    assert max(totals) >= 3000
    status, out, _ = run_cli(capsys, "replay", str(rec), "--set", "game.target=5000")
    assert status == 0
    assert out.rstrip().endswith("(the game is not finished)")


def test_check_finds_the_house_file_consistent(
    capsys: pytest.CaptureFixture[str], house: Path
) -> None:
    """docs/cli.md 'canasta check': lints, then seeded games at each table size; exit 0 when
    consistent."""
    status, out, err = run_cli(capsys, "check", "house.toml", "--games", "50")
    assert status == 0, err
    assert "settings: 0 errors, 0 warnings" in out
    assert "test games: 50 of 50 played" in out and "2 players, 4 players" in out
    assert out.rstrip().endswith("consistent")


def test_tally_ends_the_game_at_3000(capsys: pytest.CaptureFixture[str], house: Path) -> None:
    """001 'Scoring' (canastas 500/300, red threes 800 for four, going out 100): 560 + 1000 +
    600 + 800 + 100 = 3060, a win at 3000 and not at classic's 5000."""
    hand = "NS m 560 n 2 x 2 r 4 out; EW m 300 h 40"
    status, out, _ = run_cli(capsys, "tally", "house.toml", "--hand", hand)
    assert status == 0
    assert "result: North-South won, NS 3060, EW 260" in out
    status, out, _ = run_cli(capsys, "tally", "classic", "--hand", hand)
    assert "totals after 1 hand: NS 3060, EW 260 (target 5000)" in out


def test_tally_next_minimum_follows_the_house_table(
    capsys: pytest.CaptureFixture[str], house: Path
) -> None:
    """At 1300 the house asks 90 (1000-1999), classic 50 (0-1495)."""
    hand = "NS m 400 n 1 x 1 out; EW m 200 h 30"
    _, out, _ = run_cli(capsys, "tally", "house.toml", "--hand", hand)
    assert "minimum to open next hand: NS 90, EW 50" in out
    _, out, _ = run_cli(capsys, "tally", "classic", "--hand", hand)
    assert "minimum to open next hand: NS 50, EW 50" in out


def test_tally_concealed_uses_the_house_bonus(
    capsys: pytest.CaptureFixture[str], house: Path
) -> None:
    """001: concealed 200 in place of 100; the house's 500."""
    hand = "NS m 300 n 1 concealed; EW m 200 h 30"
    _, out, _ = run_cli(capsys, "tally", "house.toml", "--hand", hand)
    assert "Total             1300" in out
    _, out, _ = run_cli(capsys, "tally", "classic", "--hand", hand)
    assert "Total             1000" in out


# ============================================================================================
# 3. Tables overridden in part (docs/variant-files.md 'extends': tables merge, arrays are
#    replaced whole, a different kind replaces the table)


def test_a_partial_table_merges_into_the_parents(tmp_path: Path) -> None:
    """Setting one key of [card_values] and one of [going_out.concealed] keeps the rest."""
    path = tmp_path / "p.toml"
    path.write_text(
        'extends = "classic"\n[card_values]\nace = 30\n[going_out.concealed]\nown_canasta = false\n'
    )
    v = load(path).variant
    assert (v.card_values.ace, v.card_values.king, v.card_values.joker) == (30, 10, 50)
    c = v.going_out.concealed
    assert (c.kind, c.own_canasta, c.partner_melds) == ("player_first_meld", False, False)


def test_a_different_kind_drops_the_parents_keys(tmp_path: Path) -> None:
    """classic's stock_out is pile_play with forced = fits_meld; kind = last_turn replaces it."""
    path = tmp_path / "p.toml"
    path.write_text('extends = "classic"\n[stock_out]\nkind = "last_turn"\n')
    assert load(path).variant.stock_out.kind == "last_turn"
    assert not hasattr(load(path).variant.stock_out, "forced")


def test_arrays_are_replaced_whole_so_a_partial_tier_is_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """'To change one tier of the initial-meld minimum, write out every tier': a lone tier with
    no minimum is not merged with classic's first tier."""
    (tmp_path / "house.toml").write_text(
        'extends = "classic"\n\n[[initial_meld.tiers]]\nbelow = 1000\n'
    )
    line = one_line_error(capsys, "variants", "validate", "house.toml")
    # The error is at the house file's tier (line 3), not at classic's tiers.
    assert line == "house.toml:3: initial_meld.tiers.0.minimum: required key is missing"


def test_arrays_are_replaced_whole_so_a_partial_seating_is_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """One [[seating]] with players only: its hand_size is not taken from classic's."""
    (tmp_path / "house.toml").write_text('extends = "classic"\n\n[[seating]]\nplayers = 2\n')
    line = one_line_error(capsys, "variants", "validate", "house.toml")
    assert line == "house.toml:3: seating.0.hand_size: required key is missing"
    # Written by --set, the array is blamed on the --set that wrote it.
    (tmp_path / "house.toml").write_text(
        'extends = "classic"\n\n[[seating]]\nplayers = 2\nhand_size = 15\n'
    )
    line = one_line_error(
        capsys, "variants", "show", "house.toml", "--set", "seating=[{players=2}]"
    )
    assert (
        line
        == "canasta: --set: seating.0.hand_size: required key is missing [seating=[{players=2}]]"
    )


def test_a_kind_key_of_the_other_shape(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """docs/variant-files.md: the other keys allowed in a kind table depend on the kind."""
    line = invalid(
        capsys, tmp_path, 'extends = "classic"\n[stock_out]\nkind = "last_turn"\nforced = "none"\n'
    )
    assert line == (
        "4: stock_out.forced: unknown key for kind 'last_turn' (it belongs to kind 'pile_play')"
    )


# ============================================================================================
# 4. Mistakes: one line, the dotted key and the TOML line, exit 2, no traceback


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            'extends = "classic"\n\n[black_threes]\ndiscard = "freeze"\n',
            "4: black_threes.discard: unknown key (did you mean 'discarded'?)",
        ),
        (
            'extends = "classic"\n\n[black_three]\ndiscarded = "freeze"\n',
            "3: black_three: unknown key (did you mean 'black_threes'?)",
        ),
        ('extend = "classic"\n', "1: extend: unknown key (did you mean 'extends'?)"),
        (
            'extends = "classic"\n\n[game]\ntarget = "3000"\n',
            '4: game.target: must be a whole number, got "3000"',
        ),
        (
            'extends = "classic"\n\n[game]\ntarget = 3000.0\n',
            "4: game.target: must be a whole number, got 3000.0",
        ),
        (
            'extends = "classic"\n\n[going_out]\nconcealed_bonus = true\n',
            "4: going_out.concealed_bonus: must be a whole number, got true",
        ),
        (
            'extends = "classic"\n\n[black_threes]\ndiscarded = "frozen"\n',
            "4: black_threes.discarded: must be 'stop' or 'freeze', got \"frozen\"",
        ),
        (
            'extends = "classic"\n\n[deal]\nupcard_covered = "joker"\n',
            '4: deal.upcard_covered: must be an array, got "joker"',
        ),
        (
            'extends = "classic"\n[game]\ntarget = -5\n',
            "3: game.target: must be at least 100, got -5",
        ),
        (
            'extends = "classic"\nname = "Tuesday Club"\n',
            "2: name: must be lower-case letters, digits and hyphens, starting with a letter or "
            'digit, got "Tuesday Club"',
        ),
        (
            'extends = "classic"\n\n[provenance]\n'
            '"game.targt" = { sources = ["house"], note = "x" }\n',
            '4: provenance."game.targt": names no parameter or table '
            "(did you mean 'game.target'?)",
        ),
        (
            'extends = "classic"\n\n[going_out.permission]\nkind = "asked"\n',
            "3: going_out.permission: unknown kind 'asked'; expected one of 'none', 'ask'",
        ),
    ],
    ids=[
        "misspelt-key",
        "misspelt-table",
        "misspelt-extends",
        "string-for-int",
        "float-for-int",
        "bool-for-int",
        "bad-choice",
        "string-for-array",
        "below-range",
        "bad-name",
        "provenance-typo",
        "unknown-kind",
    ],
)
def test_single_mistakes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, expected: str
) -> None:
    """docs/variant-files.md 'Reading validation errors': FILE:LINE: dotted.key: message."""
    assert invalid(capsys, tmp_path, text) == expected


def test_several_mistakes_are_listed_in_line_order(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """'All the problems that can be found in one pass are listed together, in file and line
    order', one line each."""
    (tmp_path / "house.toml").write_text(
        'extends = "classic"\n[going_out]\nconcealed_bonus = "500"\ncanastas = "two"\n'
        "[black_threes]\ndiscarded = 1\n"
    )
    status, out, _ = run_cli(capsys, "variants", "validate", "house.toml")
    assert status == 2
    assert [line.removeprefix("house.toml:") for line in out.splitlines()] == [
        '3: going_out.concealed_bonus: must be a whole number, got "500"',
        '4: going_out.canastas: must be a whole number, got "two"',
        "6: black_threes.discarded: must be 'stop' or 'freeze', got 1",
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # classic's canastas need 4 naturals: a canasta of 3 cannot hold them
        (
            'extends = "classic"\n\n[canastas]\nsize = 3\n',
            "4: canastas.size: a canasta cannot need 4 natural cards when it has 3 cards "
            "(canastas.size)",
        ),
        # a canasta smaller than the smallest meld, both written here
        (
            'extends = "classic"\n\n[canastas]\nsize = 3\n\n[melds]\nmin_size = 4\n',
            "4: canastas.size: a canasta of 3 cards is smaller than a new meld, which needs 4 "
            "cards (melds.min_size)",
        ),
        (
            'extends = "classic"\n\n[melds]\nmin_naturals = 4\n',
            "4: melds.min_naturals: a meld cannot need 4 natural cards when a new meld may have 3 "
            "cards (melds.min_size)",
        ),
        (
            'extends = "classic"\n\n[[seating]]\nplayers = 2\nhand_size = 15\n',
            "4: seating.0.players: sides of 2 with 2 players leave nobody to play against",
        ),
        (
            'extends = "classic"\n\n[red_threes]\ntotals = [0, 100, 200]\n',
            "4: red_threes.totals: the red-three scores list 3 entries, but the pack of 108 "
            "cards holds 4 red threes, so they need 5: one for each count from 0 to 4",
        ),
    ],
    ids=["canasta-below-naturals", "canasta-below-meld", "meld-naturals", "sides", "red-totals"],
)
def test_impossible_combinations(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, expected: str
) -> None:
    """'Some rules tie several keys together ... reported at the key that the latest file in
    the extends chain wrote'."""
    assert invalid(capsys, tmp_path, text) == expected


def test_combination_blamed_on_the_child_not_the_parent(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """'If your file sets melds.min_size = 5 on a parent whose canastas have 4 cards, the error
    points at your min_size, not at the parent.'"""
    (tmp_path / "club").mkdir()
    (tmp_path / "club" / "base.toml").write_text('extends = "classic"\n[canastas]\nsize = 5\n')
    line = invalid(capsys, tmp_path, 'extends = "club/base.toml"\n\n[melds]\nmin_size = 6\n')
    assert line == (
        "4: melds.min_size: a canasta of 5 cards is smaller than a new meld, which needs 6 "
        "cards (melds.min_size)"
    )


@pytest.mark.parametrize(
    ("tiers", "expected"),
    [
        (
            [(0, 15), (3000, 50), (1500, 90), (None, 120)],
            "12: initial_meld.tiers.2.below: the tiers must go up: this tier's upper bound "
            "(1500) is not above the previous tier's (3000)",
        ),
        (
            [(0, 15), (1500, 50), (1500, 90), (None, 120)],
            "12: initial_meld.tiers.2.below: the tiers must go up: this tier's upper bound "
            "(1500) is not above the previous tier's (1500)",
        ),
        (
            [(0, 15), (1500, 90), (3000, 50), (None, 120)],
            "13: initial_meld.tiers.2.minimum: a higher tier must not ask for a smaller minimum "
            "(50 after 90)",
        ),
        (
            [(0, 15), (None, 50), (None, 90)],
            "7: initial_meld.tiers.1: every tier but the last needs its upper bound ('below')",
        ),
        (
            [(0, 15), (1500, 50)],
            "8: initial_meld.tiers.1.below: the last tier covers every higher score, so it "
            "takes no upper bound ('below')",
        ),
    ],
    ids=["below-descends", "below-repeats", "minimum-descends", "middle-open", "last-bounded"],
)
def test_a_minimum_table_that_does_not_increase(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    tiers: list[tuple[int | None, int]],
    expected: str,
) -> None:
    """docs/parameters.md 'initial_meld.tiers[].below': each tier covers scores below its figure
    and at or above the previous tier's; the last has no upper bound."""
    text = 'extends = "classic"\n'
    for below, minimum in tiers:
        text += "\n[[initial_meld.tiers]]\n"
        text += "" if below is None else f"below = {below}\n"
        text += f"minimum = {minimum}\n"
    assert invalid(capsys, tmp_path, text) == expected


def test_extends_a_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """'An extends that names no built-in and no file ... is reported at the extends line'."""
    line = invalid(capsys, tmp_path, '# club rules\nextends = "club/base.toml"\n')
    assert line == "2: extends: parent file 'club/base.toml' not found"


def test_extends_a_misspelt_builtin(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    line = invalid(capsys, tmp_path, 'extends = "clasic"\n')
    assert line == "1: extends: no built-in variant 'clasic'; did you mean 'classic'?"


def test_extends_cycle(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """'b.toml:3: extends: cycle: a.toml -> b.toml -> a.toml' (the docs' example)."""
    (tmp_path / "a.toml").write_text('extends = "b.toml"\nname = "a"\n')
    (tmp_path / "b.toml").write_text('name = "b"\n\nextends = "a.toml"\n')
    line = one_line_error(capsys, "variants", "validate", "a.toml")
    assert line == "b.toml:3: extends: cycle: a.toml -> b.toml -> a.toml"


def test_extends_itself(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    line = invalid(capsys, tmp_path, 'extends = "house.toml"\n')
    assert line == "1: extends: cycle: house.toml -> house.toml"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            'extends = "classic"\n\n[game\ntarget = 3000\n',
            "3: not valid TOML: expected ']' at the end of a table declaration",
        ),
        (
            'extends = "classic"\n\n[game]\ntarget = 3000,\n',
            "4: not valid TOML: expected newline or end of document after a statement",
        ),
    ],
    ids=["unclosed-table", "trailing-comma"],
)
def test_toml_syntax_errors(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, expected: str
) -> None:
    """'A file that is not valid TOML gets the TOML reader's message at the line where reading
    stopped.'"""
    assert invalid(capsys, tmp_path, text) == expected


@pytest.mark.parametrize(
    "command",
    [
        ("variants", "show", "{f}"),
        ("variants", "diff", "classic", "{f}"),
        ("variants", "export", "{f}"),
        ("rules", "{f}"),
        ("rules", "classic", "--diff", "{f}"),
        ("ruling", "{pos}", "draw 4c", "--variant", "{f}"),
        ("replay", "{pos}", "--variant", "{f}"),
        ("check", "{f}", "--games", "5"),
        ("tally", "{f}", "--hand", "NS m 100; EW m 100"),
    ],
    ids=lambda c: "-".join(p for p in c if not p.startswith("{") and not p.startswith("-"))[:30],
)
def test_every_command_reports_the_same_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: tuple[str, ...]
) -> None:
    """'The other commands (show, export, ...) report the same lines on standard error, prefixed
    with canasta:, and also exit with status 2. None of them prints a traceback.'"""
    bad = tmp_path / "house.toml"
    bad.write_text('extends = "classic"\n\n[black_threes]\ndiscard = "freeze"\n')
    pos = tmp_path / "p.pos"
    pos.write_text(pickup_position())
    args = [a.format(f=bad.name, pos=pos.name) for a in command]
    line = one_line_error(capsys, *args)
    assert (
        line
        == "canasta: house.toml:4: black_threes.discard: unknown key (did you mean 'discarded'?)"
    )


@pytest.mark.parametrize(
    ("item", "expected"),
    [
        ("game.targt=3000", "game.targt: unknown key (did you mean 'target'?) [game.targt=3000]"),
        ("game.target=abc", 'game.target: must be a whole number, got "abc" [game.target=abc]'),
        (
            "black_threes.discarded=frozen",
            "black_threes.discarded: must be 'stop' or 'freeze', got \"frozen\" "
            "[black_threes.discarded=frozen]",
        ),
    ],
)
def test_set_mistakes_on_the_house_file(
    capsys: pytest.CaptureFixture[str], house: Path, item: str, expected: str
) -> None:
    """docs/variant-files.md '--set': problems are reported against --set with the override
    quoted."""
    line = one_line_error(capsys, "variants", "show", "house.toml", "--set", item)
    assert line == f"canasta: --set: {expected}"


def test_variant_error_carries_key_and_line(tmp_path: Path) -> None:
    """The library raises the same located problem the command prints."""
    path = tmp_path / "house.toml"
    path.write_text('extends = "classic"\n\n[game]\ntarget = "3000"\n')
    with pytest.raises(VariantError) as e:
        load(path)
    [p] = e.value.problems
    assert (p.file, p.line, p.key) == (str(path), 4, "game.target")


def test_tally_two_players_deals_with_the_house_arithmetic(
    capsys: pytest.CaptureFixture[str], house: Path
) -> None:
    """docs/cli.md 'canasta tally' (--players: a table size of the variant): at two, each player
    is a side; the concealed 500 and the 1000-1999 tier apply there too."""
    hand = "N m 300 n 1 concealed; S m 200 h 30"
    status, out, _ = run_cli(capsys, "tally", "house.toml", "--players", "2", "--hand", hand)
    assert status == 0
    assert "totals after 1 hand: N 1300, S 170 (target 3000)" in out
    assert "minimum to open next hand: N 90, S 50" in out
    line = one_line_error(capsys, "tally", "house.toml", "--players", "3", "--hand", "N m 1")
    assert line.endswith("not 3")


def test_a_mistake_in_the_parent_file_is_reported_in_the_parent(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """'A problem inside a parent file is reported in that file, at its own line.'"""
    base = tmp_path / "base.toml"
    base.write_text('extends = "classic"\nname = "base"\n\n[melds]\nmax_wlid = 2\n')
    house = tmp_path / "house.toml"
    house.write_text('extends = "base.toml"\n[game]\ntarget = 3000\n')
    line = one_line_error(capsys, "variants", "validate", house.name)
    assert line == f"{base.name}:5: melds.max_wlid: unknown key (did you mean 'max_wild'?)"


PERMISSION = """\
extends = "classic"
[going_out.permission]
yes_obliges = false
[provenance]
"going_out.permission.yes_obliges" = { sources = ["house"], note = "A yes is only leave." }
"""


def test_a_partial_kind_table_override_is_stated_and_applied(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """001 'Going out' (the answer binds: after a yes the player must go out); a house table that
    sets only yes_obliges keeps the rest of [going_out.permission] (when: after the draw), the
    sheet says a yes permits without obliging, marked [001, house], and the engine lets the
    player discard after a yes."""
    path = tmp_path / "perm.toml"
    path.write_text(PERMISSION)
    v = load(path).variant
    assert (v.going_out.permission.kind, v.going_out.permission.when) == ("ask", ("after_draw",))
    text = sheet_text(capsys, str(path))
    assert "after a yes they may go out but need not. [001, house]" in text
    pos = classic_pos("classic", n="5h 5d 5s 8c", ns="Qd Qh Qs Qc Qd Qh 2c", melded="N S E")
    assert refused(pos, "ask yes discard 8c") == "out.permission_obliges"
    assert refused(pos, "ask yes discard 8c", str(path)) is None


def test_check_warns_of_a_tier_past_the_house_target(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """docs/cli.md 'canasta check': static lints report rules no game can use (warnings). A club
    that moves the target to 3000 (002) but writes a tier from 5000 gets a warning at that tier,
    and --strict makes it fail."""
    path = tmp_path / "house.toml"
    path.write_text(
        'extends = "classic"\n[game]\ntarget = 3000\n'
        "[[initial_meld.tiers]]\nbelow = 0\nminimum = 15\n"
        "[[initial_meld.tiers]]\nbelow = 5000\nminimum = 50\n"
        "[[initial_meld.tiers]]\nminimum = 90\n"
    )
    status, out, _ = run_cli(capsys, "check", "house.toml", "--games", "1")
    assert status == 0
    assert "settings: 0 errors, 1 warning" in out
    warning = next(line for line in out.splitlines() if "warning" in line and "tiers" in line)
    assert warning.split()[:2] == ["warning", "initial_meld.tiers.2"]
    assert "house.toml:10" in warning and "game.target (3000)" in warning
    status, _, _ = run_cli(capsys, "check", "house.toml", "--games", "1", "--strict")
    assert status == 1


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            'extends = "classic"\n\n[game]\ntarget = 3000\ntarget = 4000\n',
            "5: game.target: not valid TOML: set twice (write each key once)",
        ),
        (
            'extends = "classic"\ngame.target = 3000\ngame.target = 4000\n',
            "3: game.target: not valid TOML: set twice (write each key once)",
        ),
        (
            'extends = "classic"\n[game]\ntarget = 3000\n[game]\nwin = "higher"\n',
            "4: game: not valid TOML: this table is written twice (write each table once)",
        ),
    ],
)
def test_a_key_or_table_written_twice_is_named(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, expected: str
) -> None:
    """TOML forbids writing a key or a table twice; the reader stops at the second, and the error
    names the dotted key (tomllib's own message names neither key nor table, or shows a Python
    tuple)."""
    assert invalid(capsys, tmp_path, text) == expected
