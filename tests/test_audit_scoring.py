"""Audit of SCORING across the built-in rulesets, as a card club's scorekeeper checks it.

Every case is worked out from a source (000-004 in /work/shared/sources, RULE-PARAMETERS.md, or a
family page's source, cited by its id in docs/family/*.md with the address), and checked through
the command line three ways where possible: ``canasta score`` on a finished-hand position,
``canasta tally`` on per-side counts, and ``canasta replay`` of a whole (short) game with score
assertions and the game's end.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import run_cli, shown_settings

# --------------------------------------------------------------------------------------------
# helpers


def _table(text: str) -> tuple[list[str], dict[str, list[int]]]:
    """The side names and the rows of a printed score breakdown (``score``, ``tally``,
    ``replay``): label -> one number per side."""
    names: list[str] = []
    rows: dict[str, list[int]] = {}
    for line in text.splitlines():
        parts = line.split()
        if not parts:
            continue
        if not names and all(p.isalpha() and p.isupper() for p in parts):
            names = parts
            continue
        if names and len(parts) > len(names):
            nums = parts[-len(names) :]
            if all(n.lstrip("-").isdigit() for n in nums):
                rows[" ".join(parts[: -len(names)])] = [int(n) for n in nums]
    return names, rows


def _score(capsys: pytest.CaptureFixture[str], tmp_path: Path, pos: str) -> dict[str, list[int]]:
    f = tmp_path / "hand.pos"
    f.write_text(pos)
    code, out, err = run_cli(capsys, "score", str(f))
    assert code == 0, err
    return _table(out)[1]


def _tally(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, variant: str, *hands: str
) -> tuple[int, str, str]:
    """Enter ``hands`` one by one on a fresh sheet; the last call's status and output."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    sheet = tmp_path / "sheet.toml"
    code, out, err = 0, "", ""
    for i, hand in enumerate(hands):
        args = ["tally", variant] if i == 0 else ["tally"]
        code, out, err = run_cli(capsys, *args, "--sheet", str(sheet), "--hand", hand)
        if code:
            break
    return code, out, err


def _tally_rows(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, variant: str, *hands: str
) -> tuple[dict[str, list[int]], str]:
    code, out, err = _tally(capsys, tmp_path, variant, *hands)
    assert code == 0, err
    return _table(out)[1], out


def _replay(capsys: pytest.CaptureFixture[str], tmp_path: Path, record: str) -> tuple[int, str]:
    f = tmp_path / "game.can"
    f.write_text(record)
    code, out, err = run_cli(capsys, "replay", str(f))
    return code, out + err


# A one-turn hand: North melds seven kings and four queens at once and goes out concealed; the
# others hold low cards. NS: 110 melded + 500 natural canasta + 200 concealed - 70 (South) = 740;
# EW: -70 (East) - 120 (West) = -190.
ONE_TURN = """[Variant "{variant}"]
[Scores "{scores}"]

hand 1 dealer W
deal N: Kc Kd Kh Ks Kc Kd Kh Qc Qd Qh Qs
deal E: 4c 4d 5c 5d 6c 6d 7c 7d 8c 8d 9c
deal S: 4h 4s 5h 5s 6h 6s 7h 7s 8h 8s 9d
deal W: 9h 9s Tc Td Th Ts Jc Jd Jh Js Ac
upcard Ad
N draw Ah meld Kc Kd Kh Ks Kc Kd Kh, Qc Qd Qh Qs discard Ah
score NS 740 EW -190
"""


# --------------------------------------------------------------------------------------------
# canasta score: finished-hand positions


E3_POSITION = """[Variant "{variant}"]

hand N:
hand S: 4c 5c 5d Qc Kc Ad Ah
hand E: 2c 5h 6h Tc Jc Jd
hand W: 4d 4h Td Qd Qh Kd Kh
melds NS: 3c 3s 3s, 6c 6d 6h 6s 6c 6d 2d, 9c 9d 9h 9s 9c 9d 9h 9s, Th Ts Tc, Jh Js Jc Jd 2h 2s Jk
red NS: 3d 3d
melds EW: 4c 4s 2s, 7c 7d 7h 7s 7c 2c Jk, Td Th Jk, Ac Ad Ah As Ac
red EW: 3h
pile: 5s
out N
"""


@pytest.mark.parametrize("variant", ["encyclopedia", "classic"])
def test_e3_000_position_1630_575(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, variant: str
) -> None:
    """000_1e7ce48765e073b7.txt, "Scoring Example" (RULE-PARAMETERS.md E3): North out, not
    concealed. N-S melds 305 (black threes melded in going out count 5 each: 15 of it), South's
    hand -75, two mixed canastas 600, one natural 500, two red threes 200, out 100: 1630. E-W
    295, hands -120, one mixed 300, one red three 100: 575. Classic (001) has the same values."""
    rows = _score(capsys, tmp_path, E3_POSITION.format(variant=variant))
    assert rows["Melds"] == [305, 295]
    assert rows["Cards in hand"] == [-75, -120]
    assert rows["Mixed canastas"] == [600, 300]
    assert rows["Natural canastas"] == [500, 0]
    assert rows["Red threes"] == [200, 100]
    assert rows["Going out"] == [100, 0]
    assert rows["Total"] == [1630, 575]


def test_e4_001_position_1235_opponents_melded_without_canasta(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """001_0cb887cc6d824426.txt, "Scoring example" (E4): natural canasta of seven kings, mixed one
    of five eights and two twos, two red threes, out, partner left with an ace and a six: 1235.
    Same source, FAQ "Are red threes positive if your team has no canasta?": yes, with one meld;
    here E-W melded three fours only and keep their red three as +100."""
    rows = _score(
        capsys,
        tmp_path,
        """[Variant "classic"]

hand N:
hand S: Ac 6c
hand E: 9c
hand W: Qc Qd
melds NS: Kc Kd Kh Ks Kc Kd Kh, 8c 8d 8h 8s 8c 2c 2d
red NS: 3d 3h
melds EW: 4c 4d 4h
red EW: 3d
pile: 5s
out N
""",
    )
    assert rows["Total"] == [1235, 15 + 100 - 30]
    assert rows["Red threes"] == [200, 100]


def test_card_values_of_cards_left_in_hand(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """001_0cb887cc6d824426.txt, card-value table: joker 50; ace and two 20; eight to king 10;
    four to seven and black three 5 -- the same values count against the side for cards left in
    hand ("minus the value of cards left", 000's scoring section). South's hand below holds one
    card of each value class: 50 + 20 + 20 + 10 + 10 + 5 + 5 + 5 = 125."""
    rows = _score(
        capsys,
        tmp_path,
        """[Variant "classic"]

hand N:
hand S: Jk 2c Ac Kc 8c 7c 4c 3c
hand E: 9c
hand W: 9d
melds NS: Qc Qd Qh Qs Qc Qd Qh
melds EW: Tc Td Th
pile: 5s
out N
""",
    )
    assert rows["Cards in hand"] == [-125, -20]
    assert rows["Melds"] == [70, 30]


def test_all_four_red_threes_800_with_a_meld(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """001_0cb887cc6d824426.txt, bonus table: all four red threes with at least one meld count
    800 in total (not 400). The side holding them need not have gone out."""
    rows = _score(
        capsys,
        tmp_path,
        """[Variant "classic"]

hand N:
hand S: 9c
hand E: 9d
hand W: 9h
melds NS: Qc Qd Qh Qs Qc Qd Qh
melds EW: Tc Td Th
red EW: 3d 3h 3d 3h
pile: 5s
out N
""",
    )
    assert rows["Red threes"] == [0, 800]
    assert rows["Total"] == [570 + 100 - 10, 30 + 800 - 20]


def test_all_four_red_threes_minus_800_without_a_meld(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """001_0cb887cc6d824426.txt, bonus table: all four red threes with no meld, -800 in total;
    002_d58438592396a398.txt, scoring: a player who never melded loses 800 for the four (the
    two-player `online` ruleset)."""
    classic = """[Variant "classic"]

hand N:
hand S: 9c
hand E: 9d 4c
hand W: 9h
melds NS: Qc Qd Qh Qs Qc Qd Qh, Kc Kd Kh Ks Kc Kd Kh
red EW: 3d 3h 3d 3h
pile: 5s
out N
"""
    online = """[Variant "online"]

hand N:
hand S: 9d 4c
melds N: Qc Qd Qh Qs Qc Qd Qh, Kc Kd Kh Ks Kc Kd Kh
red S: 3d 3h 3d 3h
pile: 5s
out N
"""
    rows = _score(capsys, tmp_path, classic)
    assert rows["Red threes"] == [0, -800]
    assert rows["Total"] == [140 + 1000 + 100 - 10, -800 - 25]
    rows = _score(capsys, tmp_path, online)
    assert rows["Red threes"] == [0, -800]
    assert rows["Total"] == [140 + 1000 + 100, -800 - 15]


def test_000_three_red_threes_without_meld_minus_300(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """000_1e7ce48765e073b7.txt, scoring: a team with three red threes and no melds at the end
    loses 300 instead of gaining 300."""
    rows = _score(
        capsys,
        tmp_path,
        """[Variant "encyclopedia"]

hand N:
hand S: 9c
hand E: 4c 4d
hand W: 9h
melds NS: Qc Qd Qh Qs Qc Qd Qh
red EW: 3d 3h 3d
pile: 5s
out N
""",
    )
    assert rows["Red threes"] == [0, -300]
    assert rows["Total"][1] == -300 - 10 - 10


def test_004_red_threes_against_a_melded_side_when_opponents_go_out(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """004_747f80dc7edc8b8b.txt, "Red threes": the bonus is added when the player's side goes
    out, and subtracted when the opponents go out. Under `general` (which follows 004), E-W
    have melded, hold two red threes, and North goes out: -200. Under `classic` (001: only a
    side with no meld counts them minus), the same hand gives E-W +200."""
    pos = """[Variant "{v}"]

hand N:
hand S: 9c
hand E: 4c
hand W: 9h
melds NS: Qc Qd Qh Qs Qc Qd Qh
melds EW: Tc Td Th
red EW: 3d 3h
pile: 5s
out N
"""
    assert _score(capsys, tmp_path, pos.format(v="general"))["Red threes"] == [0, -200]
    assert _score(capsys, tmp_path, pos.format(v="classic"))["Red threes"] == [0, 200]


def test_004_red_threes_plus_when_the_stock_runs_out(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """004_747f80dc7edc8b8b.txt, "Red Trey" in the scoring section: added for a side with at
    least one meld, deducted from a side with none. With nobody out (the stock used up) the
    opponents-out rule has nothing to apply to, and nobody scores for going out
    (002_d58438592396a398.txt: no going-out bonus when the stock runs out)."""
    rows = _score(
        capsys,
        tmp_path,
        """[Variant "general"]

hand N: 4s
hand S: 9c
hand E: 4c
hand W: 9h
melds NS: Qc Qd Qh Qs Qc Qd Qh
melds EW: Tc Td Th
red NS: 3h 3d
red EW: 3d 3h
pile: 89 unseen, 5s
frozen yes
stock 0
to move: N over
""",
    )
    assert rows["Red threes"] == [200, 200]
    assert rows["Going out"] == [0, 0]
    assert rows["Total"] == [570 + 200 - 15, 30 + 200 - 15]


@pytest.mark.parametrize(
    ("variant", "bonus"),
    [("classic", 200), ("encyclopedia", 200), ("online", 200), ("samba", 200)],
)
def test_going_out_concealed_bonus(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, variant: str, bonus: int
) -> None:
    """Concealed going out: 001 bonus table (200 in all, replacing the 100); 000 ("additional
    100", so 200); 002 ("200 points for going out concealed"); Samba, BC
    (http://www.bicyclecards.ca/game-rules/samba/169.php?page_id=32): 200 for going out and no
    bonus for a concealed hand, so 200 either way."""
    if variant == "samba":
        pos = """[Variant "samba"]

hand N:
hand S: 9c
hand E: 4c
hand W: 9h
melds NS: Qc Qd Qh Qs Qc Qd Qh, 4h 5h 6h 7h 8h 9h Th
pile: 5s
out N concealed
"""
    elif variant == "online":
        pos = """[Variant "online"]

hand N:
hand S: 4c
melds N: Qc Qd Qh Qs Qc Qd Qh
pile: 5s
out N concealed
"""
    else:
        pos = f"""[Variant "{variant}"]

hand N:
hand S: 9c
hand E: 4c
hand W: 9h
melds NS: Qc Qd Qh Qs Qc Qd Qh
pile: 5s
out N concealed
"""
    assert _score(capsys, tmp_path, pos)["Going out"][0] == bonus


def test_cutthroat_pair_credited_whole_total_red_threes_personal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """three-hand-cutthroat, BCT (http://www.bicyclecards.com/card-games/rule/cutthroat-canasta)
    and LR3 (http://loverummy.com/rummy-rules-three-player-canasta/): the pair's result (melds,
    canastas, minus both partners' hands) is credited whole to each partner, and each adds only
    his own red threes; the lone hand scores his own. Pair: 100 melded + 500 - 20 = 580; East
    has two red threes (+200), West none."""
    rows = _score(
        capsys,
        tmp_path,
        """[Variant "three-hand-cutthroat"]
[Scores "N 1200, E 800, W 3100"]

hand N:
hand E: 4d 4h
hand W: 8d
alone: N
melds N: 5c 5d 5h 5s 5c 5d 5h, 9c 9d 9h 9s 9c 9d 9h
melds E: Kc Kd Kh Ks Kc Kd Kh, Qc Qd Qh
red E: 3d 3h
pile: 6d
out N
""",
    )
    assert rows["Total"] == [105 + 1000 + 100, 580 + 200, 580]


# --------------------------------------------------------------------------------------------
# canasta tally: per-side counts


def test_tally_e3_and_next_minimum(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """000_1e7ce48765e073b7.txt: the worked hand, counted (1630 / 575); and its minimum table
    (RULE-PARAMETERS.md E1): N-S now at 1630 need 90, E-W at 575 need 50."""
    rows, out = _tally_rows(
        capsys, tmp_path, "encyclopedia", "NS m 305 h 75 x 2 n 1 r 2 out; EW m 295 h 120 x 1 r 1"
    )
    assert rows["Total"] == [1630, 575]
    assert "minimum to open next hand: NS 90, EW 50" in out


def test_tally_001_1235(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """001_0cb887cc6d824426.txt, scoring example: 800 + 160 + 200 + 100 - 25 = 1235."""
    rows, _ = _tally_rows(capsys, tmp_path, "classic", "NS m 160 n 1 x 1 r 2 out h 25")
    assert rows["Total"][0] == 1235


@pytest.mark.parametrize(
    ("variant", "reds", "want"),
    [
        ("classic", 4, 800),  # 001: all four 800
        ("classic", 3, 300),  # 001: 100 each
        ("encyclopedia", 4, 800),  # 000: 100 up to three, the fourth 500
        ("encyclopedia", 3, 300),
        ("novice", 4, 800),  # 003: 200 each when one team has all four
        ("general", 4, 800),  # 004: 200 each, 800 in all
        ("uruguayan", 4, 800),  # classic by reference (docs/family/uruguayan.md)
    ],
)
def test_tally_red_threes_by_count(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, variant: str, reds: int, want: int
) -> None:
    """Red threes for a melded side that went out, by number held (sources in the cases)."""
    rows, _ = _tally_rows(capsys, tmp_path, variant, f"NS m 200 n 1 r {reds} out")
    assert rows["Red threes"][0] == want
    assert rows["Total"][0] == 200 + 500 + want + 100


def test_tally_red_threes_minus_for_unmelded_side(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """001_0cb887cc6d824426.txt bonus table (-100 each, -800 for four with no meld); 003
    ("haven't opened by the end ... red threes count as negative points")."""
    rows, _ = _tally_rows(capsys, tmp_path, "classic", "NS r 4 h 30; EW m 300 n 1 out")
    assert rows["Red threes"] == [-800, 0]
    assert rows["Total"] == [-830, 900]
    rows, _ = _tally_rows(capsys, tmp_path / "n", "novice", "NS r 2 h 30; EW m 300 n 1 out")
    assert rows["Total"][0] == -230


def test_tally_004_red_threes_against_when_opponents_go_out(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """004_747f80dc7edc8b8b.txt, "Red threes": subtracted when the opponent goes out, even for
    a side that melded (general follows 004)."""
    rows, _ = _tally_rows(capsys, tmp_path, "general", "NS m 200 n 1 out; EW m 100 r 2")
    assert rows["Red threes"] == [0, -200]
    assert rows["Total"] == [800, -100]


def test_tally_samba_bonuses(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Samba, BC (http://www.bicyclecards.ca/game-rules/samba/169.php?page_id=32) and HSW
    (https://entertainment.howstuffworks.com/how-to-play-canasta3.htm): a samba earns 1,500;
    going out 200, with no extra for concealed; all six red threes 1,000."""
    rows, _ = _tally_rows(capsys, tmp_path, "samba", "NS m 400 s 1 n 1 r 6 concealed; EW m 300 n 1")
    assert rows["Run canastas"] == [1500, 0]
    assert rows["Red threes"] == [1000, 0]
    assert rows["Going out"] == [200, 0]
    assert rows["Total"] == [400 + 1500 + 500 + 1000 + 200, 800]


def test_tally_samba_red_threes_need_two_canastas(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Samba, HSW: red threes are deducted, at the same value, from a side that has not made two
    canastas by the end of play -- even a side that melded and has one canasta."""
    rows, _ = _tally_rows(capsys, tmp_path, "samba", "NS m 400 n 1 r 2; EW m 500 s 1 n 1 out")
    assert rows["Red threes"] == [-200, 0]
    assert rows["Total"] == [700, 2700]


def test_tally_bolivia_bonuses(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Bolivia, BNC (http://web.archive.org/web/20010109180700/bright.net/~mile505/General/
    BCanasta.html): escalera 1,500, bolivia (seven wild cards) 2,500; red threes plus only for a
    side with two canastas of any kind, else minus. Going out 200 (Samba's, via BCB)."""
    rows, _ = _tally_rows(
        capsys, tmp_path, "bolivia", "NS m 500 s 1 w 1 r 2 out; EW m 200 x 1 r 2 h 100"
    )
    assert rows["Run canastas"] == [1500, 0]
    assert rows["Wild canastas"] == [2500, 0]
    assert rows["Red threes"] == [200, -200]
    assert rows["Total"] == [4900, 200]


def test_tally_uruguayan_wild_canasta_2000(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Uruguayan, RGU (http://www.rummy-games.com/rules/uruguay.html) and SCU
    (https://blackcoin.co/canasta-poker-rules-and-variations/): a canasta of wild cards counts
    2,000; the rest as classic (going out 100)."""
    rows, _ = _tally_rows(capsys, tmp_path, "uruguayan", "NS m 400 w 1 out; EW m 100")
    assert rows["Wild canastas"] == [2000, 0]
    assert rows["Total"] == [2500, 100]


def test_tally_hand_and_foot_book_bonuses(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Hand and Foot, BGA (http://ja.doc.boardgamearena.com/index.php?title=Gamehelphandandfoot
    &diff=6844&oldid=6843): clean book 500, dirty 300, wild 1,500, going out 100, red three 100
    each (flat: no text gives an all-of-them bonus)."""
    rows, _ = _tally_rows(
        capsys,
        tmp_path,
        "hand-and-foot",
        "NS m 1000 n 2 x 2 w 1 r 4 out; EW m 200 n 1 r 1 h 50",
    )
    assert rows["Natural canastas"] == [1000, 500]
    assert rows["Mixed canastas"] == [600, 0]
    assert rows["Wild canastas"] == [1500, 0]
    assert rows["Red threes"] == [400, 100]
    assert rows["Going out"] == [100, 0]
    assert rows["Total"] == [4600, 750]


def test_tally_hand_and_foot_four_rounds_and_minimums(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Hand and Foot, BW/RDC (docs/family/hand-and-foot.md): four rounds with minimums 50, 90,
    120, 150 by round, not by score; the higher total after the fourth round wins, so passing
    5,000 earlier does not end the game."""
    hand = "NS m 1000 n 2 x 2 w 1 out; EW m 200 n 1 h 50"
    sheet = tmp_path / "hf.toml"
    outs = []
    for i in range(4):
        args = ["tally", "hand-and-foot"] if i == 0 else ["tally"]
        code, out, err = run_cli(capsys, *args, "--sheet", str(sheet), "--hand", hand)
        assert code == 0, err
        outs.append(out)
    assert "minimum to open next hand: NS 90, EW 90" in outs[0]
    assert "NS 4200" in outs[0] and "result" not in outs[0]  # 4200 < 5000 anyway
    assert "minimum to open next hand: NS 120, EW 120" in outs[1]  # NS at 8400: still playing
    assert "result" not in outs[1]
    assert "minimum to open next hand: NS 150, EW 150" in outs[2]
    assert "result: North-South won, NS 16800, EW 2600" in outs[3]
    code, _, err = run_cli(capsys, "tally", "--sheet", str(sheet), "--hand", hand)
    assert code == 2 and "the game is over" in err


def test_tally_concealed_needs_a_canasta(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """001_0cb887cc6d824426.txt, going out concealed: the whole hand goes down in one turn,
    including a complete canasta of one's own; an entry without one is refused."""
    code, _, err = _tally(capsys, tmp_path, "classic", "NS m 120 concealed r 2; EW h 40")
    assert code == 2 and "(going_out.canastas)" in err


def test_tally_two_hand_needs_two_canastas(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """two-hand: Pagat's two-player rule (RULE-PARAMETERS.md, canastas_to_go_out: "P 2p: 2"):
    going out needs two canastas; with two, the natural bonuses are 2 x 500."""
    code, _, err = _tally(capsys, tmp_path, "two-hand", "N m 300 n 1 out; S m 100")
    assert code == 2 and "needs 2 canastas" in err
    rows, _ = _tally_rows(capsys, tmp_path / "b", "two-hand", "N m 300 n 2 out; S m 100")
    assert rows["Total"] == [1400, 100]


def test_tally_penalty_points_subtracted(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """004_747f80dc7edc8b8b.txt, penalties (7): a fourth wild card returned to the hand costs
    100; entered as `p 100` it comes off the side's hand score."""
    rows, _ = _tally_rows(capsys, tmp_path, "general", "NS m 200 n 1 out p 100; EW m 100")
    assert rows["Total"] == [200 + 500 + 100 - 100, 100]


@pytest.mark.parametrize(
    ("variant", "target"),
    [
        ("classic", 5000),  # 000, 001
        ("online-3000", 3000),  # 002: 3000 or 5000 by option
        ("three-hand", 7500),  # B: 3p 7500
        ("three-hand-cutthroat", 7500),  # BCT, RG3, LR3
        ("samba", 10000),  # BC, HSW
        ("bolivia", 15000),  # BCB, RGB, BNC
        ("modern-american", 8500),  # RULE-PARAMETERS.md note
    ],
)
def test_targets(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, variant: str, target: int
) -> None:
    """The target of each ruleset, as its sources give it (comments on the cases)."""
    code, out, err = run_cli(capsys, "variants", "show", variant)
    assert code == 0, err
    assert shown_settings(out)["game.target"][0] == f"{target} points"


def test_tally_online_3000_game_ends_at_3000(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """002_d58438592396a398.txt, end of the game: with the 3,000 option the game ends when a
    player reaches 3,000 after a hand; the higher score wins."""
    code, out, err = _tally(
        capsys,
        tmp_path,
        "online-3000",
        "N m 500 n 2 out; S m 300",
        "N m 500 n 2 x 1 r 2 out; S m 300",
    )
    assert code == 0, err
    assert "result: North won, N 3700, S 600" in out


def test_tally_both_pass_target_higher_wins(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """001_0cb887cc6d824426.txt, end of the game: when either team reaches 5,000, the higher
    total wins, also when both cross on the same hand."""
    code, out, err = _tally(
        capsys,
        tmp_path,
        "classic",
        "NS m 1000 n 4 x 1 r 4 out; EW m 900 n 4 x 2",
        "NS m 300 n 1 out; EW m 700 n 2 x 1",
    )
    # hand 1: NS 1000+2000+300+800+100 = 4200; EW 900+2000+600 = 3500
    # hand 2: NS 300+500+100 = 900 -> 5100; EW 700+1000+300 = 2000 -> 5500
    assert code == 0, err
    assert "result: East-West won, NS 5100, EW 5500" in out


def test_tally_minimum_tiers_follow_totals(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """000_1e7ce48765e073b7.txt and 001 minimum table (E1): below 0: 15; 0-1495: 50;
    1500-2995: 90; 3000 up: 120. Totals -830 and 3500 after the hand give 15 and 120."""
    rows, out = _tally_rows(capsys, tmp_path, "classic", "NS r 4 h 30; EW m 1400 n 3 x 1 out")
    assert rows["Total"] == [-830, 1400 + 1500 + 300 + 100]
    assert "minimum to open next hand: NS 15, EW 120" in out


def test_tally_novice_no_negative_tier(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """003_6d7b9b19ffba82c5.txt, minimum table: no separate tier below zero; 0-1499 needs 50, so a
    side at -230 still needs 50."""
    _, out = _tally_rows(capsys, tmp_path, "novice", "NS r 2 h 30; EW m 300 n 1 out")
    assert "minimum to open next hand: NS 50, EW 50" in out


def test_tally_samba_and_bolivia_top_tier(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Samba, BC: 160 from 7,000 (120 from 3,000 to 6,995); Bolivia, BCB/BNC: the minimum
    stays at 150 from 7,000 up."""
    _, out = _tally_rows(capsys, tmp_path, "samba", "NS m 1700 s 2 n 2 r 2 out; EW m 1000 n 2 x 2")
    # NS 1700 + 3000 + 1000 + 200 + 200 = 6100; EW 1000 + 1000 + 600 = 2600
    assert "totals after 1 hand: NS 6100, EW 2600" in out
    assert "minimum to open next hand: NS 120, EW 90" in out
    _, out = _tally_rows(
        capsys, tmp_path / "b", "bolivia", "NS m 1700 s 2 w 1 n 2 out; EW m 1000 n 2 x 2"
    )
    # NS 1700 + 3000 + 2500 + 1000 + 200 = 8400
    assert "NS 8400" in out and "minimum to open next hand: NS 150, EW 90" in out


def test_tally_scores_modern_american(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """docs/play-and-tally.md: Modern American's special canastas, unfinished-meld charges,
    black threes and sets held have items of their own; CCP's worked count (a natural canasta,
    one of sevens, two red threes and one black three, going out) is 3500 before the cards."""
    code, out, err = _tally(
        capsys,
        tmp_path,
        "modern-american",
        "NS m 250 n 1 c7 1 r 2 b 1 out; EW m 195 x 1 uA 1 uw 1 h 80 hA 1",
    )
    assert code == 0, err
    assert "totals after 1 hand: NS 3750, EW -5585" in out


# --------------------------------------------------------------------------------------------
# canasta replay: whole games with score assertions and the game's end


def test_replay_concealed_hand_and_target_reached(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """001_0cb887cc6d824426.txt: concealed 200 in all; the target is checked after the hand is
    scored, and a side at 5,000 or more with the higher total wins (000: "reaches 5000 or
    above ... highest total wins")."""
    code, out = _replay(
        capsys, tmp_path, ONE_TURN.format(variant="classic", scores="NS 4300, EW 4000")
    )
    assert code == 0, out
    assert "result: North-South won, NS 5040, EW 3810" in out


def test_replay_below_target_game_goes_on(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """001_0cb887cc6d824426.txt: if neither team has 5,000 after the hand, deal again."""
    code, out = _replay(
        capsys, tmp_path, ONE_TURN.format(variant="classic", scores="NS 4000, EW 4000")
    )
    assert code == 0, out
    assert "totals: NS 4740, EW 3810 (the game is not finished)" in out


def test_replay_equal_totals_over_target_play_on(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """000/001 name the higher total the winner and say nothing of equal totals; the classic
    ruleset pins another hand (game.tie = "play_on", provenance "house"). NS 4500 + 740 and
    EW 5430 - 190 are both 5240: the game is not over."""
    code, out = _replay(
        capsys, tmp_path, ONE_TURN.format(variant="classic", scores="NS 4500, EW 5430")
    )
    assert code == 0, out
    assert "totals: NS 5240, EW 5240 (the game is not finished)" in out


def test_replay_score_assertion_catches_a_wrong_sum(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The same hand with the scorekeeper's slip (concealed counted as 100, so 640): the record's
    assertion is refused, as a club would catch it at the table (001: concealed is 200 in all)."""
    rec = ONE_TURN.format(variant="classic", scores="NS 0, EW 0").replace(
        "score NS 740", "score NS 640"
    )
    code, out = _replay(capsys, tmp_path, rec)
    assert code != 0
    assert "740" in out


FIRST_TO_REACH = """[Variant "{variant}"]
[Scores "NS 4300, EW 4700"]

hand 1 dealer W
deal N: Kc Kd Kh Ks Kc Kd Kh Qc Qd Qh Qs
deal E: Ac Ad Ah As Jk Jk 2c 4c 4d 5c 5d
deal S: 4h 4s 5h 5s 6h 6s 7h 7s 8h 8s 9d
deal W: 9h 9s Tc Td Th Ts Jc Jd Jh Js 6c
upcard 7c
N draw 9c discard 9c
E draw 6d meld Ac Ad Ah As Jk Jk 2c discard 6d
S draw 7d discard 7d
W draw 6h discard 6h
N draw 8c meld Kc Kd Kh Ks Kc Kd Kh, Qc Qd Qh Qs discard 8c
score NS 740 EW 375
total NS 5040 EW 5075
"""


def test_replay_both_cross_higher_total_wins_classic(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """001_0cb887cc6d824426.txt: when both cross 5,000 on the same hand, the higher total wins --
    here East-West (5075), though North went out. East's opening 200 (four aces, two jokers and
    a two: a mixed canasta) meets the 120 due at 4,700; North's concealed finish after a stock
    draw waives NS's 120 (001)."""
    code, out = _replay(capsys, tmp_path, FIRST_TO_REACH.format(variant="classic"))
    assert code == 0, out
    assert "result: East-West won, NS 5040, EW 5075" in out


def test_replay_novice_first_to_reach(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """003_6d7b9b19ffba82c5.txt: "the team that reached 5000 first wins". The same hand under
    `novice` (game.win = first_to_reach): both cross on the hand North ends by going out, and
    North-South win on the lower total."""
    code, out = _replay(capsys, tmp_path, FIRST_TO_REACH.format(variant="novice"))
    assert code == 0, out
    assert "result: North-South won, NS 5040, EW 5075" in out


def test_bolivia_black_threes_left_in_hand_cost_100_each(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Bolivia, BCB (http://www.bicyclecards.ca/game-rules/bolivia/48.php?page_id=32): a black
    three left in the hand when any other player, partner included, goes out counts minus 100;
    RGB (http://www.rummy-games.com/rules/bolivia.html): each counts 100 against. North goes out
    with a canasta of kings and an escalera; South holds two black threes, East one."""
    rows = _score(
        capsys,
        tmp_path,
        """[Variant "bolivia"]

hand N:
hand S: 3c 3s 9d
hand E: 3c 9h
hand W: 4d
melds NS: Kc Kd Kh Ks Kc Kd Kh, 4h 5h 6h 7h 8h 9h Th
melds EW: Qc Qd Qh
pile: 5s
out N
""",
    )
    assert rows["Black threes in hand"] == [-200, -100]
    assert rows["Cards in hand"] == [
        -10,
        -15,
    ]  # the nine, and the nine and four: threes not counted twice
    assert rows["Run canastas"] == [1500, 0]
    assert rows["Going out"] == [200, 0]
    assert rows["Total"] == [120 - 10 + 500 + 1500 - 200 + 200, 30 - 15 - 100]


def test_tally_natural_canasta_of_sixes_535_not_542(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """004_747f80dc7edc8b8b.txt, "Canasta Value" (RULE-PARAMETERS.md E10): the source's 542 for a
    natural canasta of sixes takes a six as 6 points; sixes count 5 (its own card values), so
    500 + 35 = 535. Pagat via EB: seven kings, 570."""
    rows, _ = _tally_rows(capsys, tmp_path, "general", "NS m 35 n 1; EW m 70 n 1 out")
    assert rows["Total"] == [535, 570 + 100]


def test_tally_six_hand_red_threes_target_and_150_tier(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """six-hand, B (Hoyle-derived six-player text, RULE-PARAMETERS.md rows red3_values,
    target_score, initial_meld_tiers): three packs; five red threes 1000, all six 1200; two
    sides of three play to 10,000; a side at 7,500 or more needs 150."""
    rows, out = _tally_rows(
        capsys, tmp_path, "six-hand", "ACE m 200 n 2 r 5 out; BDF m 2500 n 10 r 1"
    )
    assert rows["Red threes"] == [1000, 100]
    assert rows["Total"] == [2300, 7600]
    assert "minimum to open next hand: ACE 90, BDF 150" in out and "result" not in out
    rows, _ = _tally_rows(capsys, tmp_path / "six", "six-hand", "ACE m 200 n 2 r 6 out")
    assert rows["Red threes"][0] == 1200


def test_tally_general_minimum_from_previous_hand(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """004_747f80dc7edc8b8b.txt, "Initial meld requirement": the requirement changes after each
    deal and follows the partners' collective score in the previous hand (general pins this
    reading). NS score 1600, then 100, then -100: their next minimums are 90, 50 and 15,
    whatever the running total (1600, 1700, 1600)."""
    code, out, err = _tally(capsys, tmp_path, "general", "NS m 1000 n 1 out; EW m 100")
    assert code == 0, err
    assert "minimum to open next hand: NS 90, EW 50" in out
    for hand, want in (
        ("NS m 100; EW m 100 n 1 out", "NS 50, EW 50"),
        ("NS h 100; EW m 100 n 1 out", "NS 15, EW 50"),
    ):
        code, out, err = run_cli(
            capsys, "tally", "--sheet", str(tmp_path / "sheet.toml"), "--hand", hand
        )
        assert code == 0, err
        assert f"minimum to open next hand: {want}" in out
    assert "NS 1600, EW 1500" in out
