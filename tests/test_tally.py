"""``canasta tally``: the sources' worked scores from entered counts, minimums across hands,
impossible entries refused, the sheet file, and agreement with the engine's own scoring."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from helpers import run_cli, shown

from canasta_rules.bots import make_bot
from canasta_rules.engine import Game
from canasta_rules.engine.rules import rules_for
from canasta_rules.seats import side_names
from canasta_rules.tally import (
    Sheet,
    SideEntry,
    TallyError,
    entry_text,
    parse_entry,
    score_entries,
)
from canasta_rules.variant import load_variant

E3_000 = "NS m 305 h 75 x 2 n 1 r 2 out; EW m 295 h 120 x 1 r 1"


def _rows(sc: object) -> tuple[int, ...]:
    from canasta_rules.engine.scoring import OPTIONAL_ROWS

    return tuple(
        v
        for label, v in sc.rows()  # type: ignore[attr-defined]
        if label not in OPTIONAL_ROWS or label == "Penalties"
    )


def test_000_worked_example_1630_575() -> None:
    """000_1e7ce48765e073b7.txt's end-of-hand example, entered as counts: N-S melds 305, two
    mixed canastas and a natural one, two red threes, going out, 75 left in hand: 1630;
    E-W 295, one mixed canasta, one red three, 120 in hand: 575."""
    sheet = Sheet.new("encyclopedia")
    hand = sheet.add(E3_000)
    ns, ew = hand.scores
    assert _rows(ns) == (305, -75, 600, 500, 200, 100, 0)
    assert _rows(ew) == (295, -120, 300, 0, 100, 0, 0)
    assert (ns.total, ew.total) == (1630, 575)
    assert sheet.totals == [1630, 575]


def test_001_worked_example_1235() -> None:
    """001_0cb887cc6d824426.txt: a natural canasta (kings) and a mixed one (eights and twos),
    160 in melds, two red threes, going out, partner left with an ace and a six:
    800 + 160 + 200 + 100 - 25 = 1235."""
    sheet = Sheet.new("classic")
    ns = sheet.add("NS m 160 n 1 x 1 r 2 out h 25; EW h 10").scores[0]
    assert ns.natural_canastas + ns.mixed_canastas == 800
    assert (ns.melds, ns.red_threes, ns.going_out, ns.hands) == (160, 200, 100, -25)
    assert ns.total == 1235


def test_minimums_across_hands_classic() -> None:
    """001's tiers: below 0: 15; below 1500: 50; below 3000: 90; then 120. The minimum follows
    each side's running total from hand to hand."""
    sheet = Sheet.new("classic")
    assert sheet.minimums() == [50, 50]
    # NS goes out; EW never melds and holds a red three: 1095 and -100 - 60 = -160
    sheet.add("NS m 195 n 1 x 1 out; EW r 1 h 60")
    assert sheet.totals == [1095, -160]
    assert sheet.minimums() == [50, 15]
    sheet.add("NS m 405 n 1; EW m 300 x 1 out")  # +905 -> 2000; +700 -> 540
    assert sheet.totals == [2000, 540]
    assert sheet.minimums() == [90, 50]
    sheet.add("NS m 500 n 2 out; EW m 150 h 40")  # +1600 -> 3600; +110 -> 650
    assert sheet.totals == [3600, 650]
    assert sheet.minimums() == [120, 50]
    assert sheet.winner is None


def test_minimums_and_target_online() -> None:
    """002 (``online``): two players each for themself, the same tiers by the player's score,
    5000 to win; ``online-3000`` ends at 3000."""
    sheet = Sheet.new("online")
    assert sheet.sides == ("N", "S")
    sheet.add("N m 400 n 2 x 1 r 2 concealed; S r 1 h 230")  # 400+1300+200+200; -100-230
    assert sheet.totals == [2100, -330]
    assert sheet.minimums() == [90, 15]
    sheet.add("N m 600 n 3 out; S m 90 h 15")  # 600+1500+100 = 2200; 90-15 = 75
    assert sheet.totals == [4300, -255]
    assert sheet.minimums() == [120, 15]
    assert sheet.winner is None
    sheet.add("N m 300 n 1 out; S m 100 h 50")
    assert sheet.winner == 0
    with pytest.raises(TallyError, match="the game is over: North won"):
        sheet.add("N m 100; S m 100")
    short = Sheet.new("online-3000")
    short.add("N m 600 n 3 out; S h 100")
    short.add("N m 400 n 1 out; S h 100")
    assert short.totals == [3200, -200] and short.winner == 0


def test_tie_at_the_top_plays_on() -> None:
    """As the engine's games: both sides at the target with equal totals play another hand."""
    sheet = Sheet.new("classic", ("game.target=1000",))
    sheet.add("NS m 200 n 1 x 1 out; EW m 200 n 1 x 1 h 100")
    assert sheet.totals == [1100, 900]
    assert sheet.winner == 0
    tie = Sheet.new("classic", ("game.target=1000",))
    tie.add("NS m 200 n 1 x 1 out; EW m 300 n 1 x 1")
    assert tie.totals == [1100, 1100] and tie.winner is None


def test_red_threes_count_against() -> None:
    """001: red threes count against a side that has not melded; all four are worth 800.
    With count_against = no_canasta (a house setting) a side with melds but no canasta loses."""
    classic = Sheet.new("classic")
    ns, ew = classic.add("NS m 200 n 1 r 4 out; EW m 50 r 0 h 20").scores
    assert ns.red_threes == 800
    ns, ew = classic.add("NS m 60 h 20; EW m 200 x 1 out").scores
    assert ns.red_threes == 0
    ns, ew = classic.add("NS r 2 h 90; EW m 200 x 1 out").scores
    assert ns.red_threes == -200
    house = Sheet.new("classic", ("red_threes.count_against=no_canasta",))
    ns, ew = house.add("NS m 60 r 1 h 20; EW m 200 x 1 r 1 out").scores
    assert (ns.red_threes, ew.red_threes) == (-100, 100)


def test_six_hand_red_three_scale() -> None:
    """The six-hand table's three packs hold six red threes, scored along its own scale."""
    v = load_variant("six-hand")
    totals = v.red_threes.totals
    sheet = Sheet.new("six-hand")
    names = sheet.sides
    text = f"{names[0]} m 400 n 2 r 6 out; {names[1]} h 50"
    assert sheet.add(text).scores[0].red_threes == totals[6]
    with pytest.raises(
        TallyError, match=r"7 red threes entered \(ACE 6, BDF 1\); the pack of 162 cards holds 6"
    ):
        Sheet.new("six-hand").add(f"{names[0]} m 400 n 2 r 6 out; {names[1]} r 1")


@pytest.mark.parametrize(
    ("variant", "entry", "reason"),
    [
        (
            "classic",
            "NS r 3; EW r 2",
            "5 red threes entered (NS 3, EW 2); the pack of 108 cards holds 4",
        ),
        (
            "classic",
            "NS m 100 concealed; EW",
            "NS went out concealed with no canasta; this ruleset needs 1 canasta to go out "
            "concealed (going_out.canastas)",
        ),
        (
            "two-hand",
            "N m 300 n 1 out; S",
            "N went out with only 1 canasta; this ruleset needs 2 canastas to go out "
            "(going_out.canastas)",
        ),
        ("classic", "NS m 200 n 1 out; EW m 200 x 1 out", "NS and EW cannot both go out"),
        (
            "classic",
            "NS m 30 n 1; EW",
            "NS: 1 canasta of 7 cards is worth at least 35 in meld points",
        ),
        ("classic", "NS m 35 n 0 x 1; EW", "worth at least 50 in meld points, but m is 35"),
        ("classic", "NS m 333; EW", "m 333 is not a multiple of 5"),
        ("classic", "NS m 300; EW h 12", "EW: h 12 is not a multiple of 5"),
        ("online", "N m 300 n 1 out h 20; S", "N went out, so holds no cards: h 20"),
        ("classic", "NE m 300; EW", "'NE' is not a side at this table (sides: NS EW)"),
        ("classic", "NS m 300; NS m 100", "NS is entered twice"),
        ("classic", "NS m; EW", "NS: m needs a number"),
        ("classic", "NS m -5; EW", "NS: m -5: no negatives"),
        ("classic", "NS h -5; EW", "hand points are entered as a positive number"),
        (
            "classic",
            "NS m 10 q 2",
            "NS: 'q' is not one of the tally's counts: write a letter and a number, as in 'n 1' "
            "(one natural canasta; the help lists the letters)",
        ),
        # a letter and its number run together: the form to write, not the list of letters
        ("classic", "NS m 120 n1; EW", "NS: 'n1': put a space between 'n' and its number: 'n 1'"),
        (
            "classic",
            "NS m 120; EW m50",
            "EW: 'm50': put a space between 'm' and its number: 'm 50'",
        ),
        ("classic", "NS out concealed; EW", "say 'out' or 'concealed' once"),
        ("classic", " ; ", "an empty entry"),
        # RGU: seven wild cards make a wild canasta; the 108-card pack holds 12 wild cards, so
        # two are impossible (found by the uruguayan audit), and one mixed beside one too many.
        (
            "uruguayan",
            "NS m 300 w 2 out; EW",
            "w: the canastas entered need at least 14 wild cards (each wild canasta 7, each mixed "
            "one 1); the pack of 108 cards holds 12",
        ),
        ("uruguayan", "NS m 200 w 1 out; EW m 200 w 1", "need at least 14 wild cards"),
        ("uruguayan", "NS m 300 w 1 x 6 out; EW", "need at least 13 wild cards"),
    ],
)
def test_impossible_entries_refused(variant: str, entry: str, reason: str) -> None:
    sheet = Sheet.new(variant)
    with pytest.raises(TallyError) as info:
        sheet.add(entry)
    message = str(info.value)
    assert reason in message
    assert "\n" not in message
    assert sheet.hands == []


def test_entry_text_round_trips() -> None:
    r = rules_for(load_variant("classic"))
    entries = parse_entry(r, "ew h 35 x 1 m 200;ns  m 380 n 1 x 1 r 2 OUT")
    assert entry_text(r, entries) == "NS m 380 n 1 x 1 r 2 out; EW m 200 x 1 h 35"
    assert parse_entry(r, entry_text(r, entries)) == entries
    assert entries[1] == SideEntry(meld=200, mixed=1, hand=35)


@pytest.mark.parametrize(("variant", "seed"), [("classic", 3), ("online", 5), ("six-hand", 1)])
def test_tally_agrees_with_engine_scoring(variant: str, seed: int) -> None:
    """Counts read off the end of every hand of a bot game, entered in the tally, give the
    engine's own score for every side and hand."""
    game = Game(load_variant(variant), seed)
    result = game.play(make_bot("greedy", seed))
    r = game.rules
    names = side_names(r.players, r.sides)
    sheet = Sheet.new(variant)
    for h in result.hands:
        end = h.end
        assert end is not None
        parts = []
        for side, (name, sc) in enumerate(zip(names, h.score, strict=True)):
            e = SideEntry(
                meld=sc.melds,
                natural=sc.natural_count,
                mixed=sc.mixed_count,
                red=sc.red_three_count,
                hand=-sc.hands,
                out=end.out_player >= 0 and r.side_of[end.out_player] == side,
                concealed=end.out_player >= 0
                and r.side_of[end.out_player] == side
                and end.concealed,
            )
            parts.append(e.text(name))
        tallied = sheet.add("; ".join(parts))
        assert [s.total for s in tallied.scores] == [s.total for s in h.score]
        assert [s.rows() for s in tallied.scores] == [s.rows() for s in h.score]
    assert sheet.totals == result.scores
    assert sheet.winner == result.winner


def test_score_entries_refuses_before_scoring() -> None:
    r = rules_for(load_variant("classic"))
    with pytest.raises(TallyError):
        score_entries(r, [SideEntry(red=5), SideEntry()])


def test_sheet_file_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "thursday.toml"
    sheet = Sheet.new("encyclopedia")
    sheet.add(E3_000)
    sheet.add("NS m 120 h 30; EW m 400 n 1 x 1 r 1 out")
    sheet.save(path)
    data = tomllib.loads(path.read_text())
    assert data["variant"] == "encyclopedia"
    assert data["hands"][0] == "NS m 305 n 1 x 2 r 2 h 75 out; EW m 295 x 1 r 1 h 120"
    again = Sheet.read(path)
    assert again.totals == sheet.totals == [1630 + 90, 575 + 1400]
    assert [h.totals for h in again.hands] == [h.totals for h in sheet.hands]


def test_sheet_with_variant_file_resolves_relative_to_sheet(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    house = tmp_path / "rules" / "house.toml"
    house.parent.mkdir()
    house.write_text('extends = "classic"\nname = "house"\n[game]\ntarget = 3000\n')
    for sheet_path in (tmp_path / "s.toml", tmp_path / "sheets" / "s.toml"):
        sheet_path.parent.mkdir(exist_ok=True)
        sheet = Sheet.new(str(house))
        sheet.add("NS m 200 n 1 out; EW h 50")
        sheet.save(sheet_path)
    assert tomllib.loads((tmp_path / "s.toml").read_text())["variant"] == "rules/house.toml"
    again = Sheet.read(tmp_path / "s.toml")
    assert again.rules.target == 3000 and again.totals == [800, -50]
    # A sheet in another folder names the file with '..': the one rule for names inside files
    # (variant/confine.py) refuses it until the folder is allowed.
    outside = tmp_path / "sheets" / "s.toml"
    assert tomllib.loads(outside.read_text())["variant"] == str(Path("..") / "rules/house.toml")
    with pytest.raises(TallyError) as e:
        Sheet.read(outside)
    assert str(e.value) == (
        f"{shown(outside)}:2: variant: '../rules/house.toml' is outside this file's folder; "
        "see --allow-extends"
    )
    monkeypatch.setenv("CANASTA_ALLOW_EXTENDS", str(house.parent))
    assert Sheet.read(outside).rules.target == 3000


def test_bad_sheet_names_the_hand(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text('variant = "classic"\nhands = ["NS m 100; EW", "NS r 9; EW"]\n')
    with pytest.raises(TallyError, match=r"s.toml:2: hand 2: 9 red threes entered \(NS 9\)"):
        Sheet.read(path)
    path.write_text("variant = \n")
    with pytest.raises(TallyError, match="not a tally sheet"):
        Sheet.read(path)


# ------------------------------------------------------------------------------------------------
# The command


def _canasta(
    args: list[str], stdin: str = "", cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "canasta_rules", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=60,
    )


def test_cli_hands_sheet_and_print(tmp_path: Path) -> None:
    sheet = tmp_path / "s.toml"
    p = _canasta(["tally", "encyclopedia", "--sheet", str(sheet), "--hand", E3_000])
    assert p.returncode == 0, p.stderr
    assert "1630" in p.stdout and "575" in p.stdout
    assert "minimum to open next hand: NS 90, EW 50" in p.stdout
    p = _canasta(["tally", "--sheet", str(sheet), "--hand", "NS m 100 h 20; EW m 200 n 1 out"])
    assert p.returncode == 0, p.stderr
    p = _canasta(["tally", "--sheet", str(sheet), "--print"])
    assert p.returncode == 0, p.stderr
    assert "totals after 2 hands: NS 1710, EW 1375" in p.stdout


def test_cli_refuses_in_one_line(tmp_path: Path) -> None:
    sheet = tmp_path / "s.toml"
    p = _canasta(["tally", "--sheet", str(sheet), "--hand", "NS r 3; EW r 3"])
    assert p.returncode == 2
    assert p.stderr.strip().splitlines() == [
        "canasta: --hand 1: 6 red threes entered (NS 3, EW 3); the pack of 108 cards holds 4"
    ]
    assert "Traceback" not in p.stderr


def test_cli_reads_a_pipe(tmp_path: Path) -> None:
    sheet = tmp_path / "s.toml"
    script = f"{E3_000}\nundo\n{E3_000}\nNS m 100 h 20; EW m 200 n 1 out\nquit\n"
    p = _canasta(["tally", "encyclopedia", "--sheet", str(sheet)], stdin=script)
    assert p.returncode == 0, p.stderr
    assert "hand 1 taken off the sheet" in p.stdout
    assert len(tomllib.loads(sheet.read_text())["hands"]) == 2
    bad = _canasta(["tally", "--sheet", str(sheet)], stdin="NS m 100; EW m 7\n")
    assert bad.returncode == 2
    assert bad.stderr.strip() == (
        "canasta: <stdin>:1: EW: m 7 is not a multiple of 5; every card counts a multiple of 5 "
        "in this ruleset"
    )
    assert len(tomllib.loads(sheet.read_text())["hands"]) == 2  # kept as it was


def test_cli_resume_refuses_another_ruleset(tmp_path: Path) -> None:
    sheet = tmp_path / "s.toml"
    assert _canasta(["tally", "--sheet", str(sheet), "--hand", "NS m 50; EW m 50"]).returncode == 0
    p = _canasta(["tally", "online", "--sheet", str(sheet), "--print"])
    assert p.returncode == 2 and "already names its ruleset (classic)" in p.stderr


def test_guided_prompt_builds_the_entry() -> None:
    """The prompt asks each count in turn (blank is 0), then who went out: 000's hand again."""
    from canasta_rules.tally import guided_entry

    answers = iter(["305", "1", "2", "2", "75", "295", "", "1", "1", "120", "XY", "ns", "n"])
    asked: list[str] = []
    said: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return next(answers)

    sheet = Sheet.new("encyclopedia")
    text = guided_entry(sheet, ask, said.append)
    assert asked[0] == "NS meld points (cards on the table): "
    # A side that is not at the table is asked again, alone; the counts stay.
    assert asked[-3:] == [
        "who went out (NS, EW, or blank if nobody did)? ",
        "who went out (NS, EW, or blank if nobody did)? ",
        "did NS go out concealed (y/N)? ",
    ]
    assert said[1:] == [
        "  'XY' is not a side at this table (sides: NS EW). Type a side, or nothing if nobody "
        "went out."
    ]
    assert sheet.add(text).scores[0].total == 1630
    assert sheet.totals == [1630, 575]


def test_tally_follows_004_red_threes_and_previous_hand_minimum() -> None:
    """004_747f80dc7edc8b8b.txt (``general``): red threes count minus for a side whose opponents
    went out, and the next minimum is read from the side's score in the previous hand."""
    sheet = Sheet.new("general")
    hand = sheet.add("NS m 400 n 1 x 1 r 2 out; EW m 300 x 1 r 1 h 40")
    assert [s.red_threes for s in hand.scores] == [200, -100]
    sheet.add("NS m 200 n 1 x 1 r 1 out; EW m 100 h 60")  # NS 1200 this hand, 2300 in all
    assert sheet.totals[0] >= 1500
    # In classic the running total sets the minimum; in general the last hand alone does.
    assert sheet.minimums()[0] == 50
    classic = Sheet.new("classic")
    classic.add("NS m 400 n 1 x 1 r 2 out; EW m 300 x 1 r 1 h 40")
    classic.add("NS m 200 n 1 x 1 r 1 out; EW m 100 h 60")
    assert classic.minimums()[0] == 90


# --------------------------------------------------------------------------------------------
# The family games: runs and wild canastas entered, contracts checked, what counts cannot score
# (Modern American's special canastas and charges: tests/test_tally_special.py)


def test_samba_run_canasta_and_two_canastas() -> None:
    """BC, HSW (docs/family/samba.md): a samba earns 1500 and counts toward the two canastas
    going out needs; going out earns 200; red threes 100 each."""
    sheet = Sheet.new("samba")
    hand = sheet.add("NS m 500 n 1 s 1 r 2 out; EW m 200 h 35")
    ns = hand.scores[0]
    assert (ns.natural_canastas, ns.run_canastas, ns.going_out, ns.red_threes) == (
        500,
        1500,
        200,
        200,
    )
    assert ns.total == 500 + 500 + 1500 + 200 + 200
    with pytest.raises(TallyError, match=r"needs 2 canastas to go out"):
        Sheet.new("samba").add("NS m 300 s 1 out")


def test_bolivia_escalera_needed_and_wild_canasta() -> None:
    """BCB, RGB (docs/family/bolivia.md): a side goes out only with an escalera among its
    canastas; a canasta of wild cards (a bolivia) earns 2500."""
    with pytest.raises(TallyError, match=r"going_out.sequence_canastas"):
        Sheet.new("bolivia").add("NS m 600 n 1 w 1 out")
    hand = Sheet.new("bolivia").add("NS m 600 s 1 w 1 out")
    assert (hand.scores[0].run_canastas, hand.scores[0].wild_canastas) == (1500, 2500)


def test_hand_and_foot_contract_by_kind() -> None:
    """BGA (docs/family/hand-and-foot.md): going out needs two clean and two dirty books."""
    with pytest.raises(TallyError, match=r"going_out.mixed_canastas"):
        Sheet.new("hand-and-foot").add("NS m 1500 n 3 x 1 out")
    hand = Sheet.new("hand-and-foot").add("NS m 1500 n 2 x 2 r 1 out")
    assert hand.scores[0].natural_canastas == 1000 and hand.scores[0].red_threes == 100


def test_runs_and_wild_canastas_only_where_the_ruleset_has_them() -> None:
    with pytest.raises(TallyError, match=r"no runs \(melds.sequences\)"):
        Sheet.new("classic").add("NS m 300 s 1")
    with pytest.raises(TallyError, match=r"no melds of wild cards \(melds.wild_melds\)"):
        Sheet.new("classic").add("NS m 300 w 1")


def test_cutthroat_is_refused_in_one_line() -> None:
    """BCT: once the pile is taken the two partners pool their result and each is credited the
    whole. A line of per-side counts cannot say who played alone, so the tally refuses the
    ruleset instead of scoring each partner alone (canasta score takes the position)."""
    with pytest.raises(TallyError, match=r"seating.forming.*canasta score"):
        Sheet.new("three-hand-cutthroat")


def test_one_meld_of_wild_cards_a_side_where_canastas_stay_open() -> None:
    """RGU (one meld of wild cards a side, pinned in uruguayan): with three packs there are wild
    cards enough for two wild canastas, but a side keeps one meld of wild cards while canastas
    are never closed; where they close (canastas.closed), a second may be started."""
    three_packs = ("deck.decks=3", "red_threes.totals=[0,100,200,300,400,1000,1200]")
    sheet = Sheet.new("uruguayan", three_packs)
    with pytest.raises(TallyError, match="NS: w 2: a side keeps one meld of wild cards"):
        sheet.add("NS m 300 w 2; EW")
    closed = Sheet.new("uruguayan", (*three_packs, "canastas.closed=true"))
    closed.add("NS m 300 w 2; EW")
    assert len(closed.hands) == 1


def test_a_count_run_together_is_answered_in_one_short_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A scorer who writes 'n1' is told what was wrong and the form to write, not every letter
    the tally knows."""
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(capsys, "tally", "--hand", "NS m 120 n1 r 1; EW m 50")
    assert (code, out) == (2, "")
    assert err == "canasta: --hand 1: NS: 'n1': put a space between 'n' and its number: 'n 1'\n"
