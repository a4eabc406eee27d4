"""A deep audit of the five- and six-player rulesets: `five-hand` (two against three, one of the
three sitting out), `six-hand` (two sides of three) and `six-hand-pairs` (three sides of two).

Every test states a rule of a text (in our words), cites it, and checks the engine or the CLI
against it: rulings on positions, scores, tallies, seeded records replayed, and the rule sheets.
tests/test_audit_table_sizes.py and tests/test_five_hand.py already cover the basic layouts; the
cases here are new. Texts, read through the project's `pages` corpus:

- RG5: Rummy-Games (Randy Rasa), Canasta For Five Players
  (http://www.rummy-games.com/rules/canasta-for-five.html): a side of three and a side of two;
  the three take turns sitting out (A and B, then A and C, then B and C, and so on); the two
  sides then play regular partnership Canasta; the sitter only watches; one score per side.
- RG6: Rummy-Games (Randy Rasa), Canasta For Six Players
  (http://www.rummy-games.com/rules/canasta-for-six.html): two partnerships of three or three of
  two; three packs and six jokers (162 cards); thirteen cards each; game 7500 with three teams,
  10000 with two; at 7500 the initial meld needs 150 when playing to 10000; up to four red
  threes 100 each, five 1000 in all, six 1200; two canastas to go out; everything else as the
  four-handed game.
- H5: a "How to play Canasta" text read through scraped copies (for example
  http://kangarooland.review/casino-spiele-kostenlos/how-to-play-canasta-with-2-people.php):
  five play two against three, one sitting out each hand; six play three against three.
- B: Bicycle/Hoyle as shared/RULE-PARAMETERS.md reports it (its six-player figures: 162 cards,
  13 each, 10000 / 7500, two canastas, 150 from 7500, five red threes 1000, six 1200); the
  catalog says these figures "come from Hoyle/rummy-games only". Bicycle's own six-hand text
  is not in the corpus.
- 001: 001_0cb887cc6d824426.txt, the four-handed partnership rules RG5 and RG6 defer to.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from helpers import after, cli_score, cli_tally, cli_verdict, run_cli, sheet_text, write

from canasta_rules import cards as C
from canasta_rules.engine import deal, rules_for
from canasta_rules.engine.game import game_end
from canasta_rules.engine.position import answerer_of
from canasta_rules.engine.scoring import score_hand
from canasta_rules.seats import side_word
from canasta_rules.variant import load_variant

Capsys = pytest.CaptureFixture[str]


def _show(capsys: Capsys, tmp_path: Path, text: str, move: str) -> dict[str, object]:
    status, out, err = run_cli(
        capsys, "ruling", str(write(tmp_path, text)), move, "--json", "--show"
    )
    assert status in (0, 1), err
    answer: dict[str, object] = json.loads(out)
    return answer


def _tally_refused(capsys: Capsys, variant: str, entry: str) -> str:
    status, out, err = run_cli(capsys, "tally", variant, "--hand", entry)
    assert status == 2, out
    return err


# ============================================================================================
# five-hand: RG5 (H5), the hand itself classic partnership Canasta (001)


def test_five_hand_each_hand_uses_the_two_pack_deck_of_the_four_hand_game_rg5() -> None:
    """RG5: the two sides play regular partnership Canasta, so the pack is the four-hand game's
    108 cards (001: two packs and four jokers) with four red threes, and each of the four who
    play gets 11; every card is in a hand, the pile, the stock or among the red threes laid
    out."""
    r = rules_for(load_variant("five-hand"), 5)
    count = Counter(r.deck)
    assert len(r.deck) == 108
    assert count[C.parse("Jk")] == 4
    assert count[C.parse("3h")] + count[C.parse("3d")] == 4
    for seed in (1, 2, 3):
        s = deal(r, seed)
        reds = sum(len(x) for x in s.red3)
        assert s.hand_len == [11, 11, 11, 11]
        assert sum(s.hand_len) + len(s.pile) + len(s.stock) + reds == 108


@pytest.fixture(scope="module")
def five_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from canasta_rules.cli import main

    out = tmp_path_factory.mktemp("five") / "five.can"
    with pytest.raises(SystemExit) as done:
        main(["record", "five-hand", "--seed", "3", "--out", str(out)])
    assert done.value.code in (0, None)
    return out


def test_five_hand_record_seats_the_two_every_hand_and_rotates_the_three_rg5(
    five_record: Path,
) -> None:
    """RG5: the side of two plays every hand; of the three, A and B play the first hand, A and C
    the second, B and C the third, and so on. A whole seeded game shows it hand after hand, with
    the deal passing to the left (001) whoever sits in the dealer's seat."""
    headers = [
        line for line in five_record.read_text(encoding="utf-8").splitlines() if line[:5] == "hand "
    ]
    assert len(headers) >= 4
    order = ["N", "E", "S", "W"]
    sitters = ["A3", "A2", "A1"]
    first = order.index(headers[0].split()[3])
    for n, line in enumerate(headers):
        found = re.match(
            r"hand (\d+) dealer ([NESW])  # (A\d) sits out: N (\S+), E (\S+), S (\S+), W (\S+)$",
            line,
        )
        assert found, line
        assert int(found.group(1)) == n + 1
        assert found.group(2) == order[(first + n) % 4]
        assert found.group(3) == sitters[n % 3]
        assert (found.group(4), found.group(6)) == ("B1", "B2")
        playing = {found.group(5), found.group(7)}
        assert playing == {"A1", "A2", "A3"} - {found.group(3)}


def test_five_hand_replay_keeps_one_score_per_side_to_5000_rg5(
    capsys: Capsys, five_record: Path
) -> None:
    """RG5: the score is kept per partnership ("We" and "They"), not per player, whoever of the
    three played; 001: the game ends once a side has 5000, the higher total winning. The
    replayed record ends with two totals, one of them at 5000 or more and the winner's."""
    status, out, err = run_cli(capsys, "replay", str(five_record))
    assert status == 0, err
    found = re.search(r"result: (North-South|East-West) won, NS (-?\d+), EW (-?\d+)", out)
    assert found, out
    totals = {"NS": int(found.group(2)), "EW": int(found.group(3))}
    winner = {"North-South": "NS", "East-West": "EW"}[found.group(1)]
    assert totals[winner] >= 5000 and totals[winner] > min(totals.values())
    text = five_record.read_text(encoding="utf-8")
    assert f'[Result "NS {totals["NS"]}, EW {totals["EW"]}"]' in text


FIVE_OPEN = """[Variant "five-hand"]
[Hand "{hand}"]
[Scores "NS 0, EW {ew}"]
hand N: 4c 4d 9s
hand E: 6c 6d 6h Kc Kd Kh Ac Ad Ah 2c 5s 7d
hand S: 4h 8d 9h
hand W: 5c 7c 8c
pile: 7s
turn: drew stock
to move: E play
"""


@pytest.mark.parametrize("hand", [2, 3])
def test_five_hand_the_three_share_one_minimum_whoever_plays_rg5(
    capsys: Capsys, tmp_path: Path, hand: int
) -> None:
    """RG5: one score for the side of three, whoever of them plays, and 001's minimum read
    from the side's score: at 1600 E needs 90 (6-6-6 + K-K-K-2 = 65 is short, 6-6-6 +
    A-A-A-2 = 95 enough), in hand 2 (E is A1) as in hand 3 (E is A2)."""
    text = FIVE_OPEN.format(hand=hand, ew=1600)
    assert cli_verdict(capsys, tmp_path, text, "meld 6c 6d 6h, Kc Kd Kh 2c discard 7d") == (
        "open.below_minimum"
    )
    assert cli_verdict(capsys, tmp_path, text, "meld 6c 6d 6h, Ac Ad Ah 2c discard 7d") == "legal"


@pytest.mark.parametrize(
    ("ew", "move", "expected"),
    [
        (-200, "meld 6c 6d 6h discard 7d", "legal"),  # 15: a negative score needs 15
        (0, "meld 6c 6d 6h, Kc Kd Kh discard 7d", "open.below_minimum"),  # 45 < 50
        (4900, "meld Ac Ad Ah 2c, Kc Kd Kh discard 7d", "open.below_minimum"),  # 110 < 120
        (4900, "meld Ac Ad Ah 2c, Kc Kd Kh, 6c 6d 6h discard 7d", "legal"),  # 125: no 150 tier
    ],
)
def test_five_hand_minimums_are_the_four_hand_table_rg5_001(
    capsys: Capsys, tmp_path: Path, ew: int, move: str, expected: str
) -> None:
    """RG5 leaves the minimums to the four-hand game: 001's 15 below zero, 50, 90, 120 from
    3000, and nothing higher (the 150 tier belongs to RG6's game to 10000)."""
    text = FIVE_OPEN.format(hand=1, ew=ew)
    assert cli_verdict(capsys, tmp_path, text, move) == expected


FIVE = """[Variant "five-hand"]
hand N: 4c 4d 9s
hand E: 5d 7h 8h
hand S: {s_hand}
hand W: 5c 7c 8c
melds NS: Kc Kd Kh Ks Kc Kd Kh, 9c 9d 9h
melds EW: Qc Qd Qh
pile: {pile}
{extra}to move: S {phase}
"""


def test_five_hand_draw_is_one_card_rg5_001(capsys: Capsys, tmp_path: Path) -> None:
    """RG5 changes nothing about drawing: 001's draw of one card from the stock."""
    text = FIVE.format(s_hand="Js 6d", pile="7s", extra="", phase="draw")
    assert cli_verdict(capsys, tmp_path, text, "draw 5h") == "legal"
    assert cli_verdict(capsys, tmp_path, text, "draw 5h 5s") == "draw.too_many"


def test_five_hand_one_canasta_made_by_partner_lets_a_player_go_out_rg5_001(
    capsys: Capsys, tmp_path: Path
) -> None:
    """RG5: regular partnership Canasta, where (001) one canasta of the side suffices to go
    out, whichever partner made it: S goes out on the kings N completed."""
    text = FIVE.format(s_hand="9s 6d", pile="7s", extra="turn: drew stock\n", phase="play")
    assert cli_verdict(capsys, tmp_path, text, "add 9: 9s discard 6d") == "legal"
    s = after(text, "add 9: 9s discard 6d")
    assert s.over and s.out_player == 2
    ns, ew = score_hand(s)
    assert (ns.going_out, ew.going_out) == (100, 0)


def test_five_hand_pile_frozen_against_a_side_until_it_melds_rg5_001(
    capsys: Capsys, tmp_path: Path
) -> None:
    """001 (the four-hand rules RG5 keeps): until a side has melded, the pile is frozen against
    it and needs a natural pair; once it has melded, one natural and a wild card will do. E
    and W have not melded here; N and S have."""
    base = """[Variant "five-hand"]
hand N: 4c 4d 9s
hand E: 8c 2d 5h 6s Ac Ad Ah
hand S: 4h 8h 2h 7d
hand W: 5c 7c 6c
melds NS: Kc Kd Kh
pile: 5c 8d
to move: {who} draw
"""
    assert cli_verdict(
        capsys, tmp_path, base.format(who="E"), "take 8d with 8c 2d and Ac Ad Ah"
    ) == ("pile.frozen.needs_natural_pair")
    south = base.format(who="S").replace("hand E: 8c 2d", "hand E: 9c 9d")
    assert cli_verdict(capsys, tmp_path, south, "take 8d with 8h 2h") == "legal"


FIVE_OUT = """[Variant "five-hand"]
hand N:
hand E: 4d 4h
hand S: Ks 8d 8h
hand W: 5c 7c
melds NS: Ac Ad Ah As Ac Ad Ah, Jc Jd Jh
{melds_ew}red {owner}: {reds}
pile: 7s 9c
out N
"""


@pytest.mark.parametrize(
    ("owner", "reds", "melds_ew", "expected"),
    [
        ("NS", "3h 3h 3d 3d", "", 800),
        ("EW", "3h 3h 3d 3d", "", -800),
        ("EW", "3h 3d 3d", "melds EW: Qc Qd Qh\n", 300),
    ],
)
def test_five_hand_red_threes_are_the_four_hand_figures_rg5_001(
    capsys: Capsys, tmp_path: Path, owner: str, reds: str, melds_ew: str, expected: int
) -> None:
    """RG5 keeps the four-hand scoring (001): 100 a red three, 800 for all four, counted
    against a side that made no meld."""
    text = FIVE_OUT.format(owner=owner, reds=reds, melds_ew=melds_ew)
    assert cli_score(capsys, tmp_path, text)[owner]["Red threes"] == expected


def test_five_hand_concealed_going_out_earns_200_rg5_001(capsys: Capsys, tmp_path: Path) -> None:
    """001 (kept by RG5): a player who melds the whole hand in one turn, having melded nothing
    before, with a canasta among the melds, goes out concealed for 200; cards left in hands
    count against their side (W's for E's side, N's and S's for theirs)."""
    text = """[Variant "five-hand"]
hand N: 4c 4d 9s
hand E: Kc Kd Kh Ks Kc Kd 2h Qc Qd Qh 5s
hand S: 4h 8d 9h
hand W: 5c 7c 6c
melds NS: Jc Jd Jh
pile: 7s
turn: drew stock
to move: E play
"""
    move = "meld Kc Kd Kh Ks Kc Kd 2h, Qc Qd Qh discard 5s"
    assert cli_verdict(capsys, tmp_path, text, move) == "legal"
    s = after(text, move)
    assert s.over and s.concealed
    ns, ew = score_hand(s)
    assert (ew.melds, ew.mixed_canastas, ew.going_out, ew.hands) == (110, 300, 200, -15)
    assert ew.total == 110 + 300 + 200 - 15
    assert ns.total == 30 - (5 + 5 + 10 + 5 + 10 + 10)


def test_five_hand_permission_is_asked_of_the_playing_partner_rg5_001(
    capsys: Capsys, tmp_path: Path
) -> None:
    """001: a player may ask partner "may I go out?" and the answer binds; RG5: the sitter takes
    no part, so only the partner at the table answers. Told no, S may not go out."""
    text = FIVE.format(s_hand="9s 6d", pile="7s", extra="turn: drew stock\n", phase="play")
    assert cli_verdict(capsys, tmp_path, text, "ask no add 9: 9s discard 6d") == (
        "out.permission_refused"
    )
    yes = _show(capsys, tmp_path, text, "ask yes add 9: 9s discard 6d")
    assert yes["verdict"] == "legal" and "South goes out: the hand ends" in yes["changes"]  # type: ignore[operator]
    r = rules_for(load_variant("five-hand"), 5)
    assert answerer_of(r, 2) == 0 and answerer_of(r, 1) == 3  # S asks N, E asks W


def test_five_hand_tally_keeps_the_sides_columns_and_the_108_card_limits_rg5(
    capsys: Capsys,
) -> None:
    """RG5: scores kept per side; 001's arithmetic (all four red threes 800; one canasta to go
    out) and its minimum table for the next hand: at 1500 a side needs 90. Five red threes
    cannot be entered: the two-pack deck holds four."""
    out = cli_tally(
        capsys,
        "five-hand",
        "NS m 300 n 1 x 1 r 4 out; EW m 120 h 45",
        "NS m 100 h 30; EW m 260 x 1 out",
    )
    assert re.search(r"Red threes\s+800\s+0\n", out), out
    assert "totals after 1 hand: NS 2000, EW 75 (target 5000)" in out
    assert "totals after 2 hands: NS 2070, EW 735 (target 5000)" in out
    assert "minimum to open next hand: NS 90, EW 50" in out
    err = _tally_refused(capsys, "five-hand", "NS m 300 n 1 r 5 out; EW m 120")
    assert "5 red threes entered (NS 5); the pack of 108 cards holds 4" in err
    err = _tally_refused(capsys, "five-hand", "NS m 300 out; EW m 120")
    assert "(going_out.canastas)" in err


def test_five_hand_rule_sheet_says_who_sits_out_and_the_four_hand_figures_rg5(
    capsys: Capsys,
) -> None:
    """RG5's rule as the sheet prints it: a side of three and one of two, the three sitting out
    in turn, the other four playing partnership Canasta with 11 cards each from 108 cards,
    one score per side, the game to 5000, and the four-hand minimums (120 the highest)."""
    text = sheet_text(capsys, "five-hand")
    assert "108 cards in all" in text
    assert "a side of three and a side of two" in text
    assert "sits out in turn (the third, then the second, then the first, and again)" in text
    assert "the sitter takes no part in the hand" in text
    assert "each is dealt 11 cards" in text
    assert "Scores are kept per side" in text
    assert "a side's total has reached 5000 or more, the game ends" in text
    assert "1500 to 2999 90 3000 and above 120 The minimum" in text
    assert "7500" not in text
    assert "may go out only when their side has at least one canasta" in text


# ============================================================================================
# six-hand and six-hand-pairs: RG6 (B as the catalog reports it), the rest 001


@pytest.mark.parametrize("variant", ["six-hand", "six-hand-pairs"])
def test_six_hand_pack_holds_six_jokers_six_red_threes_and_deals_thirteen_rg6(
    variant: str,
) -> None:
    """RG6: three 52-card packs and six jokers, 162 cards, so three of every card (six red
    threes, twelve twos); thirteen cards to each of the six, whether two sides of three or three
    of two; every card accounted for after the deal."""
    r = rules_for(load_variant(variant), 6)
    count = Counter(r.deck)
    assert len(r.deck) == 162
    assert count[C.parse("Jk")] == 6
    assert all(count[C.parse(x)] == 3 for x in ("3h", "3d", "3c", "2s", "Ah", "7c"))
    for seed in (1, 2):
        s = deal(r, seed)
        reds = sum(len(x) for x in s.red3)
        assert s.hand_len == [13] * 6
        assert sum(s.hand_len) + len(s.pile) + len(s.stock) + reds == 162


def test_six_hand_a_written_deal_of_eleven_is_refused_rg6(capsys: Capsys, tmp_path: Path) -> None:
    """RG6: each player is dealt thirteen; a record dealing the four-hand game's eleven is
    refused when replayed."""
    hands = [
        "4c 4d 5c 5d 6c 6d 7c 7d 8c 8d 9c",
        "4h 4s 5h 5s 6h 6s 7h 7s 8h 8s 9h",
        "Tc Td Jc Jd Qc Qd Kc Kd Ac Ad 9d",
        "Th Ts Jh Js Qh Qs Kh Ks Ah As 9s",
        "4c 4d 5c 5d 6c 6d 7c 7d 8c 8d 9c",
        "4h 4s 5h 5s 6h 6s 7h 7s 8h 8s 9h",
    ]
    record = (
        '[Variant "six-hand"]\nhand 1 dealer F\n'
        + "".join(f"deal {seat}: {h}\n" for seat, h in zip("ABCDEF", hands, strict=True))
        + "upcard Tc\n"
    )
    status, _, err = run_cli(capsys, "replay", str(write(tmp_path, record, "g.can")))
    assert status == 2 and "deals 13" in err


SIX_OPEN = """[Variant "{variant}"]
[Scores "{scores}"]
hand A: 4c 4d 9s
hand B: 4h 8d 9h
hand C: Ac Ad Ah 2c Kc Kd Kh 5c 5d 5h 7d 8s
hand D: 5s 7c 8c
hand E: 6c 6d 9d
hand F: 6h 6s Td
{melds}pile: 7s
turn: drew stock
to move: C play
"""


@pytest.mark.parametrize(
    ("score", "move", "expected"),
    [
        (-100, "meld 5c 5d 5h discard 7d", "legal"),  # 15
        (0, "meld Kc Kd Kh, 5c 5d 5h discard 7d", "open.below_minimum"),  # 45 < 50
        (1495, "meld Kc Kd Kh 2c discard 7d", "legal"),  # 50
        (1500, "meld Kc Kd Kh 2c discard 7d", "open.below_minimum"),  # 50 < 90
        (2995, "meld Ac Ad Ah 2c, Kc Kd Kh discard 7d", "legal"),  # 110 >= 90
        (3000, "meld Ac Ad Ah 2c, Kc Kd Kh discard 7d", "open.below_minimum"),  # 110 < 120
        (3000, "meld Ac Ad Ah 2c, Kc Kd Kh, 5c 5d 5h discard 7d", "legal"),  # 125
    ],
)
def test_six_hand_minimums_below_7500_are_the_four_hand_table_rg6_001(
    capsys: Capsys, tmp_path: Path, score: int, move: str, expected: str
) -> None:
    """RG6 adds only the 150 tier at 7500; below it the four-hand table holds (001: 15 for a
    negative score, 50 to 1495, 90 from 1500, 120 from 3000), read from the side's total."""
    text = SIX_OPEN.format(variant="six-hand", scores=f"ACE {score}, BDF 0", melds="")
    assert cli_verdict(capsys, tmp_path, text, move) == expected


def test_six_hand_pairs_a_side_near_7500_still_needs_only_120_rg6(
    capsys: Capsys, tmp_path: Path
) -> None:
    """RG6 sets 150 at 7500 only for the game to 10000; with three teams the game ends at 7500,
    so a side at 7495 needs 120 (A-A-A-2 + K-K-K-2 = 140 is enough; A-A-A-2 + K-K-K = 110 is
    not)."""
    text = SIX_OPEN.format(variant="six-hand-pairs", scores="AD 0, BE 0, CF 7495", melds="")
    assert cli_verdict(capsys, tmp_path, text, "meld Ac Ad Ah 2c, Kc Kd Kh discard 7d") == (
        "open.below_minimum"
    )
    text = text.replace("hand C: Ac Ad Ah 2c", "hand C: Ac Ad Ah 2c 2h")
    assert (
        cli_verdict(capsys, tmp_path, text, "meld Ac Ad Ah 2c, Kc Kd Kh 2h discard 7d") == "legal"
    )


def test_six_hand_one_partners_opening_opens_the_side_for_all_three_rg6_001(
    capsys: Capsys, tmp_path: Path
) -> None:
    """001 (kept by RG6): the minimum is the side's, met once; after A has opened for A C E, C
    melds three fives (15) freely even at 3000."""
    text = SIX_OPEN.format(
        variant="six-hand",
        scores="ACE 3000, BDF 0",
        melds="melds ACE: Qc Qd Qh\nmelded: A\n",
    )
    assert cli_verdict(capsys, tmp_path, text, "meld 5c 5d 5h discard 7d") == "legal"


SIX_PILE = """[Variant "six-hand"]
hand A: 4c 4d 9s
hand B: 8h 2h 5d 7d
hand C: 8c 2d 8s 6s
hand D: 5s 7c 6c
hand E: 6d 9d 9h
hand F: 6h Ts Td
melds ACE: Kc Kd Kh
melded: A
pile: {pile}
to move: {who} draw
"""


def test_six_hand_pile_frozen_against_a_side_until_it_melds_rg6_001(
    capsys: Capsys, tmp_path: Path
) -> None:
    """001 (the four-hand rule RG6 keeps): the pile is frozen against a side, not a player,
    until it has melded. A has opened for A C E, so C may take an eight with one natural and a
    two; B, whose side has not melded, may not."""
    text = SIX_PILE.format(pile="5c 8d", who="C")
    assert cli_verdict(capsys, tmp_path, text, "take 8d with 8c 2d") == "legal"
    text = SIX_PILE.format(pile="5c 8d", who="B")
    assert cli_verdict(capsys, tmp_path, text, "take 8d with 8h 2h") == (
        "pile.frozen.needs_natural_pair"
    )


def test_six_hand_a_wild_card_in_the_pile_freezes_it_for_everyone_rg6_001(
    capsys: Capsys, tmp_path: Path
) -> None:
    """001: a pile with a wild card in it is frozen: even a side that has melded needs a natural
    pair from hand."""
    text = SIX_PILE.format(pile="5c 2c 8d", who="C")
    assert cli_verdict(capsys, tmp_path, text, "take 8d with 8c 2d") == (
        "pile.frozen.needs_natural_pair"
    )
    assert cli_verdict(capsys, tmp_path, text, "take 8d with 8c 8s") == "legal"


def test_six_hand_a_red_three_taken_with_the_pile_is_laid_out_unreplaced_rg6_001(
    capsys: Capsys, tmp_path: Path
) -> None:
    """001 (RG6 changes nothing here): a red three found in a pile taken goes face up to the
    side with no replacement from the stock."""
    text = SIX_PILE.format(pile="3h 5c 8d", who="C")
    s = after(text, "take 8d with 8c 8s")
    assert s.red3[0] == [C.parse("3h")]
    assert s.hand_len[2] == 4 - 2 + 1  # the pair went out, the five came in, nothing for the 3


SIX_PLAY = """[Variant "{variant}"]
hand A: {a_hand}
hand B: 4c 4d
hand C: 7h 8h
hand D: 7c 8c
hand E: 9h Th
hand F: 9c Tc
{melds}pile: 4h
turn: drew stock
to move: A play
"""


def test_six_hand_concealed_going_out_needs_both_canastas_in_the_hand_rg6_001(
    capsys: Capsys, tmp_path: Path
) -> None:
    """RG6: two canastas are required to go out, concealed or not; 001: going out concealed
    (the whole hand at once, nothing melded before) earns 200. A's hand with one canasta
    cannot go out; with two it can, and scores 200 for going out."""
    one = SIX_PLAY.format(variant="six-hand", a_hand="Kc Kd Kh Ks Kc Kd Kh Qc Qd Qh 5s", melds="")
    assert cli_verdict(capsys, tmp_path, one, "meld Kc Kd Kh Ks Kc Kd Kh, Qc Qd Qh discard 5s") == (
        "meld.keep_a_card"
    )
    two = SIX_PLAY.format(
        variant="six-hand", a_hand="Kc Kd Kh Ks Kc Kd Kh Qc Qd Qh Qs Qc Qd 2h 5s", melds=""
    )
    move = "meld Kc Kd Kh Ks Kc Kd Kh, Qc Qd Qh Qs Qc Qd 2h discard 5s"
    assert cli_verdict(capsys, tmp_path, two, move) == "legal"
    s = after(two, move)
    assert s.over and s.concealed
    ace, bdf = score_hand(s)
    assert (ace.melds, ace.natural_canastas, ace.mixed_canastas, ace.going_out) == (
        150,
        500,
        300,
        200,
    )
    assert ace.hands == -(15 + 20)  # C's 7h 8h and E's 9h Th
    assert ace.total == 150 + 800 + 200 - 35
    assert bdf.total == -(10 + 15 + 20)  # B's 4c 4d, D's 7c 8c, F's 9c Tc


@pytest.mark.parametrize(("variant", "side"), [("six-hand", "ACE"), ("six-hand-pairs", "AD")])
def test_six_hand_the_second_canasta_may_be_made_in_the_going_out_turn_rg6_001(
    capsys: Capsys, tmp_path: Path, variant: str, side: str
) -> None:
    """RG6: two canastas to go out; 001: a canasta completed in the going-out turn counts. A
    completes the nines (six to seven) and goes out."""
    text = SIX_PLAY.format(
        variant=variant,
        a_hand="9s 5h",
        melds=f"melds {side}: Kc Kd Kh Ks Kc Kd Kh, 9c 9d 9h 9s 9c 9d\n",
    )
    assert cli_verdict(capsys, tmp_path, text, "add 9: 9s discard 5h") == "legal"
    s = after(text, "add 9: 9s discard 5h")
    assert s.over and s.out_player == 0


SIX_END = """[Variant "{variant}"]
hand A:
hand B: {b}
hand C: 7h 8h
hand D: 7c 8c
hand E: 9h Th
hand F: 9c Tc
melds {side}: Kc Kd Kh Ks Kc Kd Kh, Qc Qd Qh Qs Qc Qd Qh
{rest}pile: 4h 5s
out A
"""


def test_six_hand_five_red_threes_of_a_side_without_melds_cost_1000_rg6_001(
    capsys: Capsys, tmp_path: Path
) -> None:
    """RG6: five red threes are worth 1000 to a partnership; 001: a side that made no meld
    counts its red threes against it. B D F never melded and hold five: -1000, besides the
    cards in their hands."""
    text = SIX_END.format(
        variant="six-hand", b="4c 4d", side="ACE", rest="red BDF: 3h 3h 3h 3d 3d\n"
    )
    bdf = cli_score(capsys, tmp_path, text)["BDF"]
    assert bdf["Red threes"] == -1000
    assert bdf["Total"] == -1000 - (10 + 15 + 20)


@pytest.mark.parametrize(("ace", "bdf"), [("3h 3h 3d 3d", "3h 3d"), ("3h 3h 3h", "3d 3d 3d")])
def test_six_hand_red_threes_split_between_the_sides_count_100_each_rg6(
    capsys: Capsys, tmp_path: Path, ace: str, bdf: str
) -> None:
    """RG6: up to four red threes are worth 100 each (the 800 of the two-pack game does not
    apply): four and two, or three and three, score 100 a three for sides that melded."""
    text = SIX_END.format(
        variant="six-hand",
        b="4c 4d",
        side="ACE",
        rest=f"melds BDF: 5c 5d 5h\nred ACE: {ace}\nred BDF: {bdf}\n",
    )
    score = cli_score(capsys, tmp_path, text)
    assert score["ACE"]["Red threes"] == 100 * len(ace.split())
    assert score["BDF"]["Red threes"] == 100 * len(bdf.split())


def test_six_hand_pairs_each_of_three_sides_scores_its_own_hand_rg6_001(
    capsys: Capsys, tmp_path: Path
) -> None:
    """RG6: three two-player partnerships, each its own score (001's scoring per side): A D go
    out (100); B E melded and keep their red three plus; C F never melded and count theirs
    minus; each side loses its own partners' cards left in hand."""
    text = SIX_END.format(
        variant="six-hand-pairs",
        b="Js",
        side="AD",
        rest="melds BE: Jc Jd Jh\nred BE: 3h\nred CF: 3d 3d\n",
    )
    score = cli_score(capsys, tmp_path, text)
    assert list(score) == ["AD", "BE", "CF"]
    ad, be, cf = score["AD"], score["BE"], score["CF"]
    assert (ad["Going out"], ad["Cards in hand"]) == (100, -(5 + 10))  # D: 7c 8c
    assert ad["Total"] == 140 + 1000 + 100 - 15
    assert (be["Melds"], be["Cards in hand"], be["Red threes"]) == (30, -(10 + 10 + 10), 100)
    assert (cf["Melds"], cf["Cards in hand"], cf["Red threes"]) == (0, -(5 + 10 + 10 + 10), -200)


def test_six_hand_pairs_draw_is_one_card_rg6_001(capsys: Capsys, tmp_path: Path) -> None:
    """RG6 changes nothing about drawing (001: one stock card), with three teams too."""
    text = SIX_PLAY.format(variant="six-hand-pairs", a_hand="9s 5h", melds="").replace(
        "turn: drew stock\nto move: A play", "to move: A draw"
    )
    assert cli_verdict(capsys, tmp_path, text, "draw 5c") == "legal"
    assert cli_verdict(capsys, tmp_path, text, "draw 5c 5d") == "draw.too_many"


def test_six_hand_a_meld_takes_at_most_three_wild_cards_rg6_001(
    capsys: Capsys, tmp_path: Path
) -> None:
    """001 (RG6 keeps the four-hand melds; B as the catalog reports it too): no meld holds more
    than three wild cards, even with three packs' twelve twos and six jokers about."""
    text = SIX_PLAY.format(
        variant="six-hand", a_hand="Ks 2c 2d 2h Jk 5h 6h", melds="melds ACE: Kc Kd Kh\n"
    )
    assert cli_verdict(capsys, tmp_path, text, "add K: 2c 2d 2h") == "legal"
    assert cli_verdict(capsys, tmp_path, text, "add K: 2c 2d 2h Jk") == "meld.too_many_wild"


def test_six_hand_permission_is_answered_by_the_next_partner_rg6_001(
    capsys: Capsys, tmp_path: Path
) -> None:
    """001: a player may ask partner whether to go out, and the answer binds. RG6 is silent on
    which of two partners answers; the project pins the next of them in turn (A asks C, C asks
    E, E asks A). A told no keeps two cards."""
    r = rules_for(load_variant("six-hand"), 6)
    assert [answerer_of(r, p) for p in range(6)] == [2, 3, 4, 5, 0, 1]
    text = SIX_PLAY.format(
        variant="six-hand",
        a_hand="9s 5h",
        melds="melds ACE: Kc Kd Kh Ks Kc Kd Kh, 9c 9d 9h 9s 9c 9d\n",
    )
    assert cli_verdict(capsys, tmp_path, text, "ask no add 9: 9s discard 5h") == (
        "out.permission_refused"
    )
    assert cli_verdict(capsys, tmp_path, text, "ask yes add 9: 9s discard 5h") == "legal"


@pytest.mark.parametrize(("reds", "figure"), [(1, 100), (4, 400), (5, 1000), (6, 1200)])
def test_six_hand_tally_red_three_figures_rg6(capsys: Capsys, reds: int, figure: int) -> None:
    """RG6: up to four red threes 100 each, five 1000 in all, six 1200."""
    out = cli_tally(capsys, "six-hand", f"ACE m 300 n 2 r {reds} out; BDF m 100")
    assert re.search(rf"Red threes\s+{figure}\s+0\n", out), out


def test_six_hand_tally_refuses_what_the_three_pack_game_cannot_produce_rg6(
    capsys: Capsys,
) -> None:
    """RG6: the pack holds six red threes, and a side needs two canastas to go out."""
    err = _tally_refused(capsys, "six-hand", "ACE m 300 n 2 r 7 out; BDF m 100")
    assert "7 red threes entered (ACE 7); the pack of 162 cards holds 6" in err
    err = _tally_refused(capsys, "six-hand", "ACE m 300 n 1 r 2 out; BDF m 100")
    assert "needs 2 canastas to go out (going_out.canastas)" in err


def test_six_hand_pairs_tally_three_columns_to_7500_rg6(capsys: Capsys) -> None:
    """RG6: with three teams the game is to 7500, a score per team; the next hand's minimum
    is read from each team's total (001's table; the 150 tier is not reached before the
    end). The meld points entered are ones the 162 cards can hold (the tally refuses more)."""
    out = cli_tally(
        capsys,
        "six-hand-pairs",
        "AD m 500 n 2 x 2 out; BE m 400 n 1 h 20; CF m 0 h 40",
        "AD m 700 n 4 x 3 out; BE m 90; CF m 10",
        "AD m 600 n 3 x 2 out; BE m 50; CF m 10",
    )
    assert "totals after 1 hand: AD 2200, BE 880, CF -40 (target 7500)" in out
    assert "minimum to open next hand: AD 90, BE 50, CF 15" in out
    assert "totals after 2 hands: AD 5900, BE 970, CF -30 (target 7500)" in out
    assert "minimum to open next hand: AD 120, BE 50, CF 15" in out
    assert "result: players A and D won, AD 8700, BE 1020, CF -20" in out


@pytest.mark.parametrize(
    ("variant", "totals", "expected"),
    [
        ("six-hand", [9990, 9000], (False, None)),
        ("six-hand", [10200, 10500], (True, 1)),
        ("six-hand-pairs", [7490, 7000, 7495], (False, None)),
        ("six-hand-pairs", [7600, 7500, 7900], (True, 2)),
    ],
)
def test_six_hand_game_ends_at_the_target_the_higher_total_winning_rg6_001(
    variant: str, totals: list[int], expected: tuple[bool, int | None]
) -> None:
    """RG6: game 10000 for two teams, 7500 for three; 001: when more than one side has passed
    it, the higher total wins."""
    r = rules_for(load_variant(variant), 6)
    assert game_end(r, totals, 0) == expected


@pytest.mark.parametrize(
    ("variant", "sides", "target"),
    [("six-hand", ("ACE", "BDF"), 10000), ("six-hand-pairs", ("AD", "BE", "CF"), 7500)],
)
def test_six_hand_seeded_record_replays_to_the_target_rg6(
    capsys: Capsys, tmp_path: Path, variant: str, sides: tuple[str, ...], target: int
) -> None:
    """RG6: a whole seeded game between bots, recorded and replayed: one total per team, the
    game over once a team reaches 10000 (two teams) or 7500 (three), the highest total
    winning; the record's thirteen-card deals replay."""
    out = tmp_path / "six.can"
    status, _, err = run_cli(capsys, "record", variant, "--seed", "1", "--out", str(out))
    assert status == 0, err
    text = out.read_text(encoding="utf-8")
    deals = [line for line in text.splitlines() if line.startswith("deal ")]
    assert deals and all(len(d.split("|")[-1].split(":")[-1].split()) == 13 for d in deals)
    status, shown, err = run_cli(capsys, "replay", str(out))
    assert status == 0, err
    found = re.search(r"result: (.+) won, (.*)", shown)
    assert found, shown
    totals = dict(item.split() for item in found.group(2).split(", "))
    assert tuple(totals) == sides
    values = {k: int(v) for k, v in totals.items()}
    (winner,) = [k for k in totals if side_word(k) == found.group(1)]
    assert values[winner] == max(values.values()) >= target
    assert f'[Result "{found.group(2)}"]' in text


def test_six_hand_rule_sheet_gives_rg6s_figures(capsys: Capsys) -> None:
    """RG6's list as the rule sheet prints it: 162 cards, two teams of three alternating, 13
    cards each, the 150 minimum from 7500, red threes 100 each to four, 1000 for five and 1200
    for six, two canastas to go out, game 10000."""
    text = sheet_text(capsys, "six-hand")
    assert "162 cards in all" in text
    assert "two teams of three, seated so that the teams alternate" in text
    assert "each is dealt 13 cards, which leaves 84 for the upcard and the stock" in text
    assert "3000 to 7499 120 7500 and above 150" in text
    assert "1 100 2 200 3 300 4 400 5 1000 6 1200" in text
    assert "may go out only when their side has at least two canastas" in text
    assert "a side's total has reached 10000 or more, the game ends" in text


def test_six_hand_pairs_rule_sheet_gives_three_partnerships_and_7500_rg6(
    capsys: Capsys,
) -> None:
    """RG6: three partnerships of two seated alternately, game 7500, the rest as six-hand."""
    text = sheet_text(capsys, "six-hand-pairs")
    assert "three partnerships of two, seated so that the partnerships alternate" in text
    assert "each is dealt 13 cards" in text
    assert "a side's total has reached 7500 or more, the game ends" in text
    assert "at least two canastas" in text
