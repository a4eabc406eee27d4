"""Audit: whole-game records (docs/notation.md, "Reference: records"), written by hand and replayed
move by move under the five classic sources' rulesets, with the rules that span hands: the
initial-meld minimum read from the score before the deal, red threes dealt and laid down, the
going-out and concealed bonuses, the scores carried hand to hand, the deal passing clockwise, the
end of the game at the target and who wins, and `score`/`total`/`Result` lines checked at their
line.

Which variant follows which source (`canasta variants show NAME`):

- 000_1e7ce48765e073b7.txt: ``encyclopedia``
- 001_0cb887cc6d824426.txt: ``classic``
- 002_d58438592396a398.txt: ``online`` (5000) and ``online-3000``
- 003_6d7b9b19ffba82c5.txt: ``novice``
- 004_747f80dc7edc8b8b.txt: ``general``

Each deal is designed so that the hand ends within a few turns (a player goes out). Card values
(001's table, shared by all five): joker 50, two and ace 20, king to eight 10, seven to four and
black three 5.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import refused, run_cli, write

from canasta_rules.errors import CanastaError
from canasta_rules.notation import parse, replay
from canasta_rules.notation.replay import Replay

Capsys = pytest.CaptureFixture[str]


def game(text: str, variant: str | None = None) -> Replay:
    """``text`` replayed as the record ``game.can`` (``variant`` replaces its own ruleset)."""
    return replay(parse(text, "game.can"), variant)


def stops(text: str, variant: str | None = None) -> str:
    """The message at which the replay of ``text`` stops (it must stop)."""
    with pytest.raises(CanastaError) as e:
        game(text, variant)
    return str(e.value)


def hand_totals(r: Replay) -> list[list[int]]:
    """Each hand's score, side by side."""
    return [[sc.total for sc in h.score or []] for h in r.hands]


def row(r: Replay, hand: int, label: str) -> list[int]:
    """One row of hand ``hand``'s breakdown (from 1), for each side."""
    return [dict(sc.rows())[label] for sc in r.hands[hand - 1].score or []]


def without_assertions(text: str) -> str:
    """``text`` without its `score`, `total` and `Result` lines (they belong to its own rules)."""
    keep = (ln for ln in text.splitlines() if not ln.startswith(("score ", "total ", "[Result")))
    return "\n".join(keep) + "\n"


# --------------------------------------------------------------------------------------------
# Record A (classic, 001): NS starts at 1200, crosses 1500 in hand 1 (its minimum becomes 90);
# EW goes negative (its minimum becomes 15). Hand 2: EW opens with 15, South goes out concealed
# with 70 after a stock draw, North's dealt red three counts.

A = """\
[Variant "classic"]
[Scores "NS 1200, EW 0"]

hand 1 dealer W
deal N: Kc Kd Kh Ks Kc Kd 2c Ac Ad Ah 5c
deal E: 4c 4d 6c 6d 7c 7d 9c 9d Jk 2h 5s
deal S: Qc Qd Qh Jc Jd Jh Tc Td Th 8c 8d
deal W: 3h | 4h 4s 6h 6s 7h 7s 9h 9s Ac Ad Js
upcard 5h
N draw 9h meld Kc Kd Kh Ks Kc Kd 2c, Ac Ad Ah discard 9h
E draw 5d discard 5d
S draw 8h meld Qc Qd Qh, Jc Jd Jh, Tc Td Th, 8c 8d 8h
score NS 655 EW -325
total NS 1855 EW -325

hand 2 dealer N
deal N: 3d | Qc Qd Jc Jd Tc Td 8c 8d 6c 6d 5s
deal E: 5c 5d 5h Kc Kd Ks Ac 9c 9d 6h 4s
deal S: 7c 7d 7h 7s 7c 7d 2d 4c 4d 4h 4s
deal W: Ah Ad As Qh Qs Js Th Ts 8h 8s 6s
upcard 9h
E draw Kh meld 5c 5d 5h discard 4s
S draw Jh meld 7c 7d 7h 7s 7c 7d 2d, 4c 4d 4h 4s discard Jh
score NS 575 EW -205
total NS 2430 EW -530
"""


def test_a_scores_carried_hand_to_hand() -> None:
    # 001 "Winning": each hand is scored and added to the running total; no side reaches 5000.
    r = game(A)
    assert hand_totals(r) == [[655, -325], [575, -205]]
    assert r.totals == [2430, -530]
    assert not r.game_over and r.winner is None
    assert [h.scores_before for h in r.hands] == [[1200, 0], [1855, -325]]


def test_a_hand1_red_three_of_a_side_without_melds_counts_minus() -> None:
    # 001 scoring: a red three counts +100 with a meld, minus for a side that made none. West's
    # dealt 3h, EW having melded nothing: -100. North's 9h discard leaves 5c (-5); South goes
    # out (+100) beside NS's mixed canasta of kings (300).
    r = game(A)
    assert row(r, 1, "Red threes") == [0, -100]
    assert row(r, 1, "Going out") == [100, 0]
    assert row(r, 1, "Mixed canastas") == [300, 0]
    assert row(r, 1, "Cards in hand") == [-5, -225]


def test_a_hand2_concealed_finish_waives_90_after_stock_draw() -> None:
    # 001: concealed = 200 in all; a concealed finish after a stock draw waives the minimum, so
    # NS (1855: minimum 90) goes out with melds worth 70. North's dealt red three: +100.
    r = game(A)
    assert row(r, 2, "Going out") == [200, 0]
    assert row(r, 2, "Red threes") == [100, 0]
    assert row(r, 2, "Melds") == [70, 15]


def test_a_negative_total_opens_with_15_under_001_and_000() -> None:
    # 001's table and 000's: below 0, 15. EW at -325 opens hand 2 with 5-5-5 (the replay stops
    # after that turn, before 000 refuses South's finish).
    for variant in ("classic", "encyclopedia"):
        r = replay(parse(A, "game.can"), variant, at=(2, 1))
        assert r.stopped is not None and r.stop_turn == 1, variant
        assert r.hands[1].scores_before == [1855, -325]


def test_a_novice_has_no_negative_tier() -> None:
    # 003 Step 5 lists 50/90/120 from 0 up, no tier below 0: EW at -325 still needs 50; the
    # 5-5-5 opening fails at the discard that ends the turn.
    msg = stops(A, "novice")
    assert msg.startswith("game.can:22:25: hand 2, turn 1, E: discard 4s: ")
    assert "count 15, short of its minimum 50" in msg
    assert msg.endswith("(open.below_minimum)")


def test_a_encyclopedia_concealed_finish_does_not_waive_the_minimum() -> None:
    # 000: concealed is making the team's initial meld and going out in one turn; no exception to
    # the minimum is given (pinned: no waiver). NS at 1855 needs 90; South's 70 is refused at
    # the meld, nothing left in hand could make up the difference.
    msg = stops(A, "encyclopedia")
    assert msg.startswith("game.can:23:11: hand 2, turn 2, S: meld 7c 7d 7h 7s 7c 7d 2d, 4c 4d ")
    assert msg.endswith("(open.below_minimum)")


def test_a_dealer_passes_clockwise_when_omitted() -> None:
    # 001: the deal moves clockwise: W, then N.
    r = game(A.replace("hand 2 dealer N", "hand 2"))
    assert [h.dealer for h in r.hands] == [3, 0]


def test_a_wrong_dealer_reported_at_hand_line() -> None:
    msg = stops(A.replace("hand 2 dealer N", "hand 2 dealer E"))
    assert msg == "game.can:16:1: the deal passes to North, not East"


def test_a_dealers_left_plays_first() -> None:
    # 001: the player on the dealer's left starts: after dealer N, East; South first is refused.
    text = A.replace("E draw Kh meld 5c 5d 5h discard 4s", "S draw Kh discard Kh")
    msg = stops(text)
    assert (
        msg == "game.can:22:1: hand 2, turn 1, S: it is East's turn, not South's (turn.out_of_turn)"
    )


def test_a_hands_numbered_in_order() -> None:
    assert stops(A.replace("hand 2 dealer N", "hand 3 dealer N")) == (
        "game.can:16:1: expected hand 2, not hand 3"
    )


def test_a_wrong_score_line_reported_at_its_line() -> None:
    msg = stops(A.replace("score NS 655 EW -325", "score NS 655 EW -340"))
    assert msg == "game.can:13:1: the record says EW scored -340 in hand 1; the replay gives -325"


def test_a_wrong_total_line_reported_at_its_line() -> None:
    msg = stops(A.replace("total NS 2430 EW -530", "total NS 2430 EW -520"))
    assert msg == (
        "game.can:25:1: the record says EW has a total of -520 in hand 2; the replay gives -530"
    )


def test_a_total_that_forgets_the_starting_scores_is_wrong() -> None:
    # The Scores tag's 1200 is carried: a total of 655 after hand 1 is wrong at line 14.
    msg = stops(A.replace("total NS 1855 EW -325", "total NS 655 EW -325"))
    assert msg.startswith("game.can:14:1: the record says NS has a total of 655 in hand 1")


def test_a_result_tag_checked() -> None:
    good = A.replace(
        '[Scores "NS 1200, EW 0"]', '[Scores "NS 1200, EW 0"]\n[Result "NS 2430, EW -530"]'
    )
    assert game(good).totals == [2430, -530]
    bad = good.replace('EW -530"]', 'EW -520"]')
    assert stops(bad) == (
        "game.can:3:1: Result says 'NS 2430, EW -520'; the replay gives NS 2430, EW -530"
    )


def test_a_compare_classic_encyclopedia_novice(capsys: Capsys, tmp_path: Path) -> None:
    # Every refusal reported, with its rule code and line: 000's missing waiver (meld and
    # discard of South's concealed turn), 003's missing negative tier (East's discard).
    path = write(tmp_path, A, "a.can")
    status, out, _ = run_cli(
        capsys, "compare", str(path), "--variant", "classic", "--variant", "encyclopedia",
        "--variant", "novice",
    )  # fmt: skip
    assert status == 1
    assert "hand 1\n  the same under every ruleset: NS 655, EW -325" in out
    assert (
        "refused under encyclopedia: turn 2, S: meld 7c 7d 7h 7s 7c 7d 2d, 4c 4d 4h 4s (line 23)"
        in out
    )
    assert "refused under novice: turn 1, E: discard 4s (line 22)" in out
    assert out.rstrip().endswith("3 divergences")


def test_a_replay_at_writes_scores_before_the_deal(capsys: Capsys, tmp_path: Path) -> None:
    path = write(tmp_path, A, "a.can")
    status, out, _ = run_cli(capsys, "replay", str(path), "--at", "2.1")
    assert status == 0
    assert '[Scores "NS 1855, EW -325"]' in out
    assert '[Hand "2"]' in out
    assert '[Dealer "N"]' in out
    assert "melds EW: 5c 5d 5h" in out
    assert out.rstrip().endswith("to move: S draw")


def test_a_ruling_at_the_written_position_matches_the_replay(
    capsys: Capsys, tmp_path: Path
) -> None:
    # The position --at 2.1 writes carries NS's 1855: 90 to open. The concealed finish is legal
    # under 001 (waived after a stock draw) and refused under 000, as in the replays above.
    path = write(tmp_path, A, "a.can")
    _, pos, _ = run_cli(capsys, "replay", str(path), "--at", "2.1")
    move = "draw Jh meld 7c 7d 7h 7s 7c 7d 2d, 4c 4d 4h 4s discard Jh"
    assert refused(pos, move) is None
    assert refused(pos, move, "encyclopedia") == "open.below_minimum"
    # Not going out, the 70 is short of 90 under 001 as well.
    assert refused(pos, "draw Jh meld 7c 7d 7h 7s 7c 7d 2d, 4c 4d 4h discard Jh") == (
        "open.below_minimum"
    )


def test_a_replay_at_past_the_hand(capsys: Capsys, tmp_path: Path) -> None:
    path = write(tmp_path, A, "a.can")
    status, _, err = run_cli(capsys, "replay", str(path), "--at", "1.5")
    assert status == 2
    assert "hand 1 has 3 turns, so there is no turn 5 (use --at 1.3" in err
    status, _, err = run_cli(capsys, "replay", str(path), "--at", "3.1")
    assert status == 2 and "the record has no hand 3 (it has 2 hands)" in err


# --------------------------------------------------------------------------------------------
# 000's worked initial-meld example: at 1600, 6-6-6 + K-K-K-2 (65) fails, 6-6-6 + A-A-A-2 (95)
# passes; below 1500 both pass, at 3000 or more neither.

G = """\
[Variant "encyclopedia"]
[Scores "NS 1600, EW 0"]

hand 1 dealer W
deal N: 6c 6d 6h Kc Kd Ks Ac Ad Ah 2c 9c
deal E: 4c 4d 6s 7c 7d 9d Tc Jc Qc Qd 5s
deal S: 4h 4s 7h 7s 8c 8d 9h Th Jh Qh 5c
deal W: 5d 5h 8h 8s 9s Ts Js Qs Kh As Jk
upcard Td
N draw Jd meld 6c 6d 6h, Kc Kd Ks 2c discard Jd
"""
G_ACES = G.replace("Kc Kd Ks 2c discard", "Ac Ad Ah 2c discard")


def test_000_example_at_1600_kings_fail() -> None:
    msg = stops(G)
    assert msg.startswith("game.can:10:38: hand 1, turn 1, N: discard Jd: ")
    assert "count 65, short of its minimum 90" in msg
    assert msg.endswith("(open.below_minimum)")


def test_000_example_at_1600_aces_pass() -> None:
    r = game(G_ACES)
    assert r.hands[0].turns == 1 and r.hands[0].score is None


@pytest.mark.parametrize("variant", ["encyclopedia", "classic", "novice"])
def test_000_example_below_1500_both_pass(variant: str) -> None:
    # 000: "both initial melds could be played" below 1500 (001, 003: 50 up to 1495/1499).
    game(G.replace("NS 1600", "NS 1495"), variant)
    game(G_ACES.replace("NS 1600", "NS 1495"), variant)


@pytest.mark.parametrize("variant", ["encyclopedia", "classic", "novice"])
def test_000_example_at_3000_neither(variant: str) -> None:
    # 000, 001, 003: 3000 and above needs 120; 95 fails too.
    msg = stops(G_ACES.replace("NS 1600", "NS 3000"), variant)
    assert "count 95, short of its minimum 120" in msg and msg.startswith("game.can:10:38:")


def test_novice_at_1500_needs_90() -> None:
    # 003 Step 5: 1500-2999 needs 90.
    assert "short of its minimum 90" in stops(G.replace("NS 1600", "NS 1500"), "novice")


# --------------------------------------------------------------------------------------------
# Record B: both sides pass 5000 in the same hand; NS goes out, EW ends higher.

B = """\
[Variant "classic"]
[Scores "NS 4700, EW 4900"]

hand 1 dealer W
deal N: Kc Kd Kh Ks Kc Kd 2c Ac Ad Ah 5c
deal E: Qc Qd Qh Qs Qc Qd Qh Jc Jd Jk 4c
deal S: Tc Td Th 9c 9d 9s 8c 8d 8h 6c 6d
deal W: 4h 4s 7h 7s 7c 7d As Ts Js 5h 5s
upcard Kh
N draw 9h meld Kc Kd Kh Ks Kc Kd 2c, Ac Ad Ah discard 9h
E draw 5d meld Qc Qd Qh Qs Qc Qd Qh, Jc Jd Jk discard 5d
S draw 6h meld Tc Td Th, 9c 9d 9s, 8c 8d 8h, 6c 6d 6h
score NS 640 EW 555
total NS 5340 EW 5455
"""


def test_b_minimum_120_met_from_4700_and_4900() -> None:
    # 001: 3000 or more needs 120: North's 80 + 60 and East's 70 + 70 both reach it; East's
    # natural canasta of queens earns 500.
    r = game(B)
    assert row(r, 1, "Natural canastas") == [0, 500]
    assert row(r, 1, "Mixed canastas") == [300, 0]


@pytest.mark.parametrize("variant", ["classic", "encyclopedia"])
def test_b_both_over_5000_higher_total_wins(variant: str) -> None:
    # 001: when both cross 5000 in one hand, the higher total wins; 000: the highest total at
    # that point.
    r = game(B, variant)
    assert r.game_over and r.totals == [5340, 5455]
    assert r.sides[r.winner or 0] == "EW" and r.winner == 1


def test_b_novice_first_to_reach_wins() -> None:
    # 003: the team that reaches 5000 first wins; pinned: the side whose player went out ended
    # the hand and reached it first.
    r = game(B, "novice")
    assert r.game_over and r.winner == 0


def test_b_replay_prints_the_result(capsys: Capsys, tmp_path: Path) -> None:
    path = write(tmp_path, B, "b.can")
    status, out, _ = run_cli(capsys, "replay", str(path))
    assert status == 0 and out.rstrip().endswith("result: East-West won, NS 5340, EW 5455")
    status, out, _ = run_cli(capsys, "replay", str(path), "--variant", "novice")
    assert out.rstrip().endswith("result: North-South won, NS 5340, EW 5455")


@pytest.mark.parametrize(("ns", "over"), [(4345, True), (4340, False)])
def test_target_reached_exactly(ns: int, over: bool) -> None:
    # 001: a side with 5000 or more after a hand ends the game. Record A's hand 1 gives NS 655.
    text = without_assertions(A.split("\nhand 2")[0]).replace("NS 1200", f"NS {ns}")
    r = game(text)
    assert r.totals[0] == ns + 655
    assert r.game_over is over
    assert r.winner == (0 if over else None)


# --------------------------------------------------------------------------------------------
# Record C: both sides pass 5000 with equal totals (5340 each): no source says who wins; the
# variants pin another hand (game.tie = play_on), except 003's first-to-reach, where the side
# that went out reached it first.

C = B.replace("EW 4900", "EW 4785").replace("total NS 5340 EW 5455", "total NS 5340 EW 5340")
C += """
hand 2 dealer N
deal N: 4c 4d 5c 5d 6c 6d 7c 7d 8c 8d 9c
deal E: Kc Kd Kh Ks Kc Kd 2c Ac Ad Ah Ac
deal S: 4h 4s 5h 5s 6h 6s 7h 7s 8h 8s 9d
deal W: Qc Qd Qh Jc Jd Jh Tc Td Th 9h 9s
upcard 3c
E draw 5d meld Kc Kd Kh Ks Kc Kd 2c, Ac Ad Ah Ac discard 5d
score NS -140 EW 550
total NS 5200 EW 5890
"""


def test_c_equal_totals_over_target_play_on() -> None:
    r = game(C)
    assert hand_totals(r) == [[640, 555], [-140, 550]]
    assert r.game_over and r.winner == 1 and r.totals == [5200, 5890]


def test_c_hand2_concealed_at_5340_needs_no_minimum_check_here() -> None:
    # East's kings and aces (160) beat 120 anyway; a concealed finish: 200 (001).
    r = game(C)
    assert row(r, 2, "Going out") == [0, 200]
    assert row(r, 2, "Cards in hand") == [-140, -110]


def test_c_novice_game_over_after_hand_1() -> None:
    # Under 003 NS, who went out, reached 5000 first: the game is over, and a further hand is
    # reported at its line.
    assert stops(C, "novice") == "game.can:16:1: the game was over after hand 1"
    r = game(C.split("\nhand 2")[0], "novice")
    assert r.game_over and r.winner == 0


# --------------------------------------------------------------------------------------------
# Record F: North opens (KKK QQQ), South then lays the whole hand at once with a canasta of its
# own; each side's red threes: NS holds all four.

F = """\
[Variant "classic"]
[Scores "NS 0, EW 0"]

hand 1 dealer W
deal N: 3h 3d | Kc Kd Ks Qc Qd Qs 5c 5d 9c 9d 4h
deal E: Ac Ad Ah 5s 5h 7c 7d 7h 9s Jc Jd
deal S: 3h 3d | Tc Td Th Ts Tc Td 2c 8c 8d 8h 8s
deal W: Qh Jh Th 7s 6s 4c 4d Ks 2s 6c 6d
upcard Jk 9h
N draw 4s meld Kc Kd Ks, Qc Qd Qs discard 4s
E draw 5c discard 5c
S draw 6h meld Tc Td Th Ts Tc Td 2c, 8c 8d 8h 8s discard 6h
"""


def test_f_all_four_red_threes_800() -> None:
    # 001, 000, 003, 004: all four red threes to one side with a meld: 800.
    for variant in ("classic", "encyclopedia", "novice", "general"):
        assert row(game(F, variant), 1, "Red threes") == [800, 0], variant


def test_f_concealed_is_the_players_own_under_001_and_004() -> None:
    # 001: concealed = the player had not melded nor added to partner's melds, and lays the whole
    # hand with a canasta of their own; 004 the same. Partner's earlier meld does not matter.
    for variant in ("classic", "general"):
        r = game(F, variant)
        assert hand_totals(r) == [[1445, -205]], variant
        assert row(r, 1, "Going out") == [200, 0]


def test_f_concealed_is_the_sides_first_meld_under_000_and_003() -> None:
    # 000: concealed = making the team's initial meld and going out in one turn; 003: going out
    # without (the side) having opened. North opened, so South's finish earns 100.
    for variant in ("encyclopedia", "novice"):
        r = game(F, variant)
        assert hand_totals(r) == [[1345, -205]], variant


def test_f_compare_reports_the_concealed_difference(capsys: Capsys, tmp_path: Path) -> None:
    path = write(tmp_path, F, "f.can")
    status, out, _ = run_cli(
        capsys, "compare", str(path), "--variant", "encyclopedia", "--variant", "general"
    )
    assert status == 1
    assert "the score differs" in out
    assert "totals under encyclopedia: NS 1345, EW -205" in out
    assert "totals under general: NS 1445, EW -205" in out
    assert out.rstrip().endswith("1 divergence")


# --------------------------------------------------------------------------------------------
# Record H (classic): EW is dealt red threes and never melds: all four (-800), then three (-300).

H = """\
[Variant "classic"]

hand 1 dealer W
deal N: Kc Kd Kh Ks Kc Kd 2c Ac Ad Ah 5c
deal E: 3h 3d | 4c 4d 6c 6d 7c 7d 9c 9d 5s Qs Js
deal S: Qc Qd Qh Jc Jd Jh Tc Td Th 8c 8d
deal W: 3h 3d | 4h 4s 6h 6s 7h 7s 9s Ts As Ad Jk
upcard 5h
N draw 9h meld Kc Kd Kh Ks Kc Kd 2c, Ac Ad Ah discard 9h
E draw 5d discard 5d
S draw 8h meld Qc Qd Qh, Jc Jd Jh, Tc Td Th, 8c 8d 8h
score NS 655 EW -1015
total NS 655 EW -1015

hand 2 dealer N
deal N: 3d | Qc Qd Jc Jd Tc Td 8c 8d 6c 6d 5s
deal E: 3h | Kc Kd Ks Ac 9c 9d 6h 5c 5d 5h Qh
deal S: 7c 7d 7h 7s 7c 7d 2d 4c 4d 4h 4s
deal W: 3d 3h | Ah Ad As Qs Js Th Ts 8h 8s 6s 9h
upcard 9s
E draw Kh discard Kh
S draw Jh meld 7c 7d 7h 7s 7c 7d 2d, 4c 4d 4h 4s discard Jh
score NS 575 EW -535
total NS 1230 EW -1550
"""


def test_h_red_threes_minus_without_a_meld() -> None:
    # 001: all four with no meld: -800; 000: three red threes and no meld: -300.
    for variant in ("classic", "encyclopedia"):
        r = game(H, variant)
        assert row(r, 1, "Red threes") == [0, -800], variant
        assert row(r, 2, "Red threes") == [100, -300], variant
        assert r.totals == [1230, -1550]


def test_h_no_scores_tag_starts_at_zero() -> None:
    # docs/notation.md: Scores defaults to 0 for each side.
    assert game(H).hands[0].scores_before == [0, 0]


# --------------------------------------------------------------------------------------------
# Record E (general, 004): the minimum read from the previous hand's score (pinned reading of
# 004), and West's red three counting minus when the opponents go out although EW melded.

E = """\
[Variant "general"]
[Scores "NS 2000, EW 2000"]

hand 1 dealer W
deal N: Kc Kd Kh Ks Kc Kd Kh 5c 5d 9c 9d
deal E: Ac Ad Ah 5s 5h 7c 7d 7h 9s Jc Jd
deal S: Tc Td Th Ts 8c 8d 8h 8s 6c 6d 6h
deal W: 3h | Qh Qs Jh Th 7s 6s 4h 4c 4d Ks 2s
upcard Qc
N draw 9h meld Kc Kd Kh Ks Kc Kd Kh discard 9h
E draw 4s meld Ac Ad Ah discard 4s
S draw Js meld Tc Td Th Ts, 8c 8d 8h 8s, 6c 6d 6h discard Js
score NS 735 EW -190
total NS 2735 EW 1810

hand 2 dealer N
deal N: Qc Qd Jc Jd Tc Td 9c 9d 8c 8d 6s
deal E: 5c 5d 5h Ac Ad Kc Kh Qh Jh Th 9h
deal S: 7c 7d 7h 7s 7c 7d 7h 4c 4d 4h 4s
deal W: As Ah Qs Js Ts 8h 8s 6c 6d 6h 2d
upcard 3s
E draw 9s meld 5c 5d 5h discard 9s
S draw Kd meld 7c 7d 7h 7s 7c 7d 7h, 4c 4d 4h 4s discard Kd
score NS 650 EW -210
total NS 3385 EW 1600
"""


def test_e_general_replays() -> None:
    r = game(E)
    assert hand_totals(r) == [[735, -190], [650, -210]]
    assert r.totals == [3385, 1600] and not r.game_over


def test_e_red_three_minus_when_opponents_go_out() -> None:
    # 004 Scoring: a side's red threes count against it when the opponents go out (as well as
    # without a meld); 001 counts them plus once the side has melded.
    assert row(game(E), 1, "Red threes") == [0, -100]
    hand1 = without_assertions(E.split("\nhand 2")[0])
    r = game(hand1.replace("NS 2000, EW 2000", "NS 0, EW 0"), "classic")
    assert row(r, 1, "Red threes") == [0, 100]


def test_e_previous_hand_basis_opens_with_15_at_a_positive_total() -> None:
    # 004: the minimum follows the partners' score in the previous hand: EW scored -190, so 15
    # opens hand 2 although its total is 1810 (under 001, 90: see the comparison below).
    r = game(E)
    assert r.hands[1].scores_before == [2735, 1810]
    assert row(r, 2, "Melds") == [55, 15]


def test_e_classic_refuses_north_70_at_2000() -> None:
    # 001: 1500-2995 needs 90 (the total before the deal); 004's previous hand was 0: 50.
    msg = stops(E, "classic")
    assert msg.startswith("game.can:10:37: hand 1, turn 1, N: discard 9h: ")
    assert "count 70, short of its minimum 90" in msg


def test_e_compare_general_classic(capsys: Capsys, tmp_path: Path) -> None:
    path = write(tmp_path, E, "e.can")
    status, out, _ = run_cli(capsys, "compare", str(path), "--variant", "classic")
    assert status == 1
    assert "refused under classic: turn 1, N: discard 9h (line 10)" in out
    assert "refused under classic: turn 2, E: meld Ac Ad Ah (line 11)" in out
    assert "refused under classic: turn 1, E: meld 5c 5d 5h (line 22)" in out
    assert "totals under general: NS 3385, EW 1600" in out
    assert "totals under classic: NS 3385, EW 1800" in out
    assert out.rstrip().endswith("6 divergences")


def test_e_replay_at_writes_previous_hand(capsys: Capsys, tmp_path: Path) -> None:
    # The position after East's turn in hand 2 keeps the previous hand's scores; a ruling there
    # reads 50 for NS (735 last hand) under 004, 90 under 001 (total 2735).
    path = write(tmp_path, E, "e.can")
    status, pos, _ = run_cli(capsys, "replay", str(path), "--at", "2.1")
    assert status == 0
    assert '[Scores "NS 2735, EW 1810"]' in pos
    assert '[Previous "NS 735, EW -190"]' in pos
    move = "draw Kd meld 7c 7d 7h 7s 7c 7d 7h, 4c 4d 4h discard 4s"  # 50, not going out
    assert refused(pos, move) is None
    assert refused(pos, move, "classic") == "open.below_minimum"


def test_e_general_requires_the_final_discard() -> None:
    # 004 goes out by discarding the last card (but for a concealed hand); 001: optional.
    text = without_assertions(E.split("\nhand 2")[0]).replace("NS 2000, EW 2000", "NS 0, EW 0")
    text = text.replace(
        "S draw Js meld Tc Td Th Ts, 8c 8d 8h 8s, 6c 6d 6h discard Js",
        "S draw 6s meld Tc Td Th Ts, 8c 8d 8h 8s, 6c 6d 6h 6s",
    )
    msg = stops(text)
    assert msg.startswith("game.can:12:11: hand 1, turn 3, S: meld Tc Td Th Ts")
    assert msg.endswith("(out.final_discard)")
    r = game(text, "classic")
    assert r.hands[0].end is not None and r.hands[0].end.out_player == 2


# --------------------------------------------------------------------------------------------
# Records O (online, 002): two players, 15 cards; the first seat starts hand 1 (dealer South).

ONLINE_1 = """\
[Variant "online"]
[Scores "N 2900, S 0"]

hand 1 dealer S
deal N: Kc Kd Kh Ks Kc Kd 2c Ac Ad Ah Qc Qd Qh Jc Jd
deal S: 4c 4d 5c 5d 6c 6d 7c 7d 8c 8d 9c 9d Tc Td 4h
upcard 3c
N draw Jh meld Kc Kd Kh Ks Kc Kd 2c, Ac Ad Ah, Qc Qd Qh, Jc Jd Jh
score N 700 S -105
total N 3600 S -105
"""
ONLINE = (
    ONLINE_1
    + """
hand 2 dealer N
deal N: 3h | 9c 9d 9h 9s 9c 9d 9h Tc Td Th Jc Jd Jh Qc Qd
deal S: 4c 4d 4h 5c 5d 6c 6d 7c 7d 8c 8d Kc Kd Ac Ad
upcard 6h
S draw 2s meld 4c 4d 4h discard 2s
N draw Qh meld 9c 9d 9h 9s 9c 9d 9h, Tc Td Th, Jc Jd Jh, Qc Qd Qh
score N 960 S -95
total N 4560 S -200
"""
)


def test_o_online_5000_game_goes_on() -> None:
    # 002: concealed 200; a negative score needs 15 (South's 4-4-4 at -105); the dealt red three
    # +100; 5000 not reached.
    r = game(ONLINE)
    assert hand_totals(r) == [[700, -105], [960, -95]]
    assert row(r, 2, "Red threes") == [100, 0]
    assert row(r, 2, "Going out") == [200, 0]
    assert r.totals == [4560, -200] and not r.game_over


def test_o_online_3000_ends_after_hand_1() -> None:
    # 002: with the 3000 option, the game ends once a player has 3000 after a hand.
    r = game(ONLINE_1, "online-3000")
    assert r.game_over and r.winner == 0 and r.totals == [3600, -105]
    assert stops(ONLINE, "online-3000") == "game.can:12:1: the game was over after hand 1"


@pytest.mark.parametrize(("n", "over"), [(2300, True), (2295, False)])
def test_o_online_3000_exact_target(n: int, over: bool) -> None:
    text = without_assertions(ONLINE_1).replace("N 2900", f"N {n}")
    r = game(text, "online-3000")
    assert r.totals[0] == n + 700 and r.game_over is over


def test_o_online_negative_score_minimum_15_zero_needs_50() -> None:
    # 002's table: "Negative score 15 points", 0-1495 needs 50. Record O's hand 2 as a first
    # hand: South at -50 opens with 4-4-4 (15); at 0 the same opening is refused on line 8.
    hand2 = without_assertions(ONLINE).split("\nhand 2 dealer N\n")[1]
    first = '[Variant "online"]\n[Scores "N 0, S -50"]\n\nhand 1 dealer N\n' + hand2
    r = game(first)
    assert hand_totals(r) == [[960, -95]] and r.totals == [960, -145]
    msg = stops(first.replace("S -50", "S 0"))
    assert msg.startswith("game.can:8:")
    assert "count 15" in msg and msg.endswith("(open.below_minimum)")


def test_o_replay_at_two_players(capsys: Capsys, tmp_path: Path) -> None:
    path = write(tmp_path, ONLINE, "o.can")
    status, pos, _ = run_cli(capsys, "replay", str(path), "--at", "2.1")
    assert status == 0
    assert '[Scores "N 3600, S -105"]' in pos and "melds S: 4c 4d 4h" in pos
    assert "red N: 3h" in pos


def test_f_red_threes_laid_down_do_not_count_toward_the_minimum() -> None:
    # 001: exposed red threes do not open the team; 002: bonuses do not count toward the
    # minimum. North has laid two red threes (200) in the deal; K-K-K alone (30) is short of 50.
    msg = stops(F.replace("meld Kc Kd Ks, Qc Qd Qs discard 4s", "meld Kc Kd Ks discard 4s"))
    assert msg.startswith("game.can:10:25: hand 1, turn 1, N: discard 4s: ")
    assert "count 30, short of its minimum 50" in msg and msg.endswith("(open.below_minimum)")


def test_a_hand_that_does_not_end_before_the_next() -> None:
    # A new hand is dealt only after the last one ended (001 "Winning": finish and score the
    # hand, then deal again); the slip is reported at hand 1's last line.
    text = without_assertions(A).replace(
        "S draw 8h meld Qc Qd Qh, Jc Jd Jh, Tc Td Th, 8c 8d 8h\n", ""
    )
    assert stops(text) == "game.can:11:1: hand 1 does not end before the next hand"


@pytest.mark.parametrize(("score", "minimum"), [(1499, None), (1500, 90), (-5, None), (2999, 90)])
def test_000_tier_bounds(score: int, minimum: int | None) -> None:
    # 000's table: less than 0: 15; 0-1499: 50; 1500-2999: 90. The kings opening counts 65.
    text = G.replace("NS 1600", f"NS {score}")
    if minimum is None:
        assert game(text).hands[0].turns == 1
    else:
        assert f"count 65, short of its minimum {minimum}" in stops(text)


# --------------------------------------------------------------------------------------------
# compare: the game's end under each ruleset (found by this audit: compare used to say nothing)


def test_b_compare_reports_a_different_winner(capsys: Capsys, tmp_path: Path) -> None:
    """Record B: both sides pass 5000 in one hand. 001 (classic): the higher total wins, EW;
    003 (novice): the side that went out first to reach it wins, NS. Same scores, other winner:
    one divergence."""
    path = write(tmp_path, B, "b.can")
    status, out, _ = run_cli(
        capsys, "compare", str(path), "--variant", "classic", "--variant", "novice"
    )
    assert status == 1
    assert "game under classic: over after hand 1: EW wins" in out
    assert "game under novice: over after hand 1: NS wins" in out
    assert "the game's result differs" in out
    assert out.rstrip().endswith("1 divergence")


def test_o_compare_a_game_over_earlier_under_another_target(capsys: Capsys, tmp_path: Path) -> None:
    """Record O: N reaches 3600 after hand 1. Under online-3000 (002's 3000 option) the game is
    over then, so hand 2 is not played under it; under online (5000) it goes on."""
    path = write(tmp_path, ONLINE, "o.can")
    status, out, _ = run_cli(
        capsys, "compare", str(path), "--variant", "online", "--variant", "online-3000"
    )
    assert status == 1
    assert "hand 2\n  not played under online-3000: the game was over after hand 1 (N won)" in out
    assert "totals under online: N 4560, S -200" in out
    assert "totals under online-3000: N 3600, S -105\n" in out  # no "incomplete" note
    assert "game under online: not over at the end of the record" in out
    assert "game under online-3000: over after hand 1: N wins" in out
    assert out.rstrip().endswith("1 divergence")


def test_compare_agrees_on_the_result(capsys: Capsys, tmp_path: Path) -> None:
    """Record B under classic and encyclopedia (000 and 001 both let the higher total win): the
    same scores and the same result, no divergence."""
    path = write(tmp_path, B, "b.can")
    status, out, _ = run_cli(
        capsys, "compare", str(path), "--variant", "classic", "--variant", "encyclopedia"
    )
    assert status == 0
    assert "game under encyclopedia: over after hand 1: EW wins" in out
    assert out.rstrip().endswith("0 divergences")


def test_compare_names_the_parameter_that_differs(capsys: Capsys, tmp_path: Path) -> None:
    """Where the refusing parameter has the same value under both rulesets, compare names the
    one that differs: record A's concealed finish below the minimum (000 never waives it, 001
    does after a stock draw) and record E's minimum read from the previous hand (004) or the
    side's total (001)."""
    path = write(tmp_path, A, "a.can")
    _, out, _ = run_cli(
        capsys, "compare", str(path), "--variant", "classic", "--variant", "encyclopedia"
    )
    assert (
        '    differs: going_out.concealed_waives_minimum: classic "after_stock_draw", '
        'encyclopedia "never"'
    ) in out
    path = write(tmp_path, E, "e.can")
    _, out, _ = run_cli(
        capsys, "compare", str(path), "--variant", "general", "--variant", "classic"
    )
    assert '    differs: initial_meld.basis: general "previous_hand", classic "side_total"' in out


def test_e_previous_tag_gives_the_hand_before_the_record(capsys: Capsys, tmp_path: Path) -> None:
    """004 (general) reads the minimum from the side's score in the previous hand. A game
    recorded from its middle says that score with [Previous]: with EW at 1600 in the hand before,
    East's aces (60) fall short of 90 (line 12 of the record with the tag); NS, at 0 in it,
    opens its kings (70) with 50."""
    text = E.replace(
        '[Scores "NS 2000, EW 2000"]', '[Scores "NS 2000, EW 2000"]\n[Previous "NS 0, EW 1600"]'
    )
    path = write(tmp_path, text, "e.can")
    status, _out, err = run_cli(capsys, "replay", str(path))
    assert status == 2
    assert (
        "e.can:12:" in err
        and "hand 1, turn 2, E:" in err
        and "at least 90" in err
        and "(open.below_minimum)" in err
    )
    # Without the tag the hand before counts 0, so 50 is enough (the record replays).
    status, _out, _err = run_cli(capsys, "replay", str(write(tmp_path, E, "e0.can")))
    assert status == 0


def test_o_online_first_seat_leads_with_no_dealer_written(capsys: Capsys, tmp_path: Path) -> None:
    """002: the first seat (the white player, N) plays first in a game's first hand, so a record
    of that hand needs no dealer: South deals. Mid-game (non-zero scores) the dealer must be
    said."""
    start = ONLINE_1.replace('[Scores "N 2900, S 0"]', "").replace("hand 1 dealer S", "hand 1")
    text = without_assertions(start)
    status, _out, err = run_cli(capsys, "replay", str(write(tmp_path, text, "o.can")))
    assert status == 0, err
    mid = without_assertions(ONLINE_1.replace("hand 1 dealer S", "hand 1"))
    status, _out, err = run_cli(capsys, "replay", str(write(tmp_path, mid, "m.can")))
    assert status == 2 and "say who deals" in err
