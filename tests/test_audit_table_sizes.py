"""An audit of the built-in variants for tables other than four: `two-hand`, `three-hand`,
`three-hand-cutthroat`, `five-hand`, `six-hand`, `six-hand-pairs`, and `general` at six players.

Each test states what a text says (in our words), cites it, and asserts a ruling, a score or a
deal, mostly through `canasta ruling` / `canasta score` / `canasta tally` on positions written
here. Texts (read through the project's `pages` corpus unless they are files):

- 001: 001_0cb887cc6d824426.txt (classic partnership rules: minimum table, red-three table,
  concealed 200, scoring); 004: 004_747f80dc7edc8b8b.txt ("Classic canasta", 2 to 6 players);
  cat: shared/RULE-PARAMETERS.md (P, B, W columns and E1, E13).
- B2: Bicycle, Two-Hand Canasta
  (http://www.bicyclecards.ca/game-rules/two-hand-canasta/115.php?page_id=32).
- RG2: Rummy-Games, Canasta For Two Players (http://www.rummy-games.com/rules/canasta-for-two.html).
- W3: Wikipedia, Canasta for two or three players (copy)
  (https://www.liquisearch.com/canasta/canasta_for_two_or_three_players).
- BCT: Bicycle, Cutthroat Canasta (http://www.bicyclecards.com/card-games/rule/cutthroat-canasta).
- RG3: Rummy-Games, Canasta For Three Players
  (http://www.rummy-games.com/rules/canasta-for-three.html).
- LR3: LoveRummy, Play Canasta - Rules for three players
  (http://loverummy.com/rummy-rules-three-player-canasta/).
- PCG: PlayCardGames, Three Handed Canasta
  (http://www.playcardgames.org/canasta/three-handed-canasta/).
- RG5: Rummy-Games, Canasta For Five Players (http://www.rummy-games.com/rules/canasta-for-five.html).
- RG6: Rummy-Games, Canasta For Six Players (http://www.rummy-games.com/rules/canasta-for-six.html).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import after, cli_score, cli_verdict, cs, read_state, run_cli, write

from canasta_rules.engine import Discard, Draw, Meld, Phase, apply, deal, rules_for
from canasta_rules.engine.scoring import score_hand
from canasta_rules.seats import roster, sitting_out
from canasta_rules.variant import load_variant

Capsys = pytest.CaptureFixture[str]


def _tally(capsys: Capsys, variant: str, entry: str, *extra: str) -> str:
    status, out, err = run_cli(capsys, "tally", variant, "--hand", entry, *extra)
    assert status == 0, err
    return out


# ============================================================================================
# two-hand: B2, RG2, W3 (cat: P, B, W), the rest from 001


def test_two_hand_deals_fifteen_cards_to_each_of_two_b2_rg2(capsys: Capsys, tmp_path: Path) -> None:
    """B2, RG2, W3: each of the two players receives 15 cards and plays alone. A written deal of
    11 (the four-hand deal) is refused."""
    r = rules_for(load_variant("two-hand"), 2)
    assert (r.players, r.sides) == (2, 2)
    assert deal(r, 11).hand_len == [15, 15]
    record = (
        '[Variant "two-hand"]\n'
        "hand 1 dealer S\n"
        "deal N: 4c 4d 6s 7c 7d 9h Td Jc Qs Kd Ah\n"
        "deal S: 5c 5d 6h 8c 8d 9c Tc Js Qh Kc 2d\n"
        "upcard 9d\n"
    )
    status, _, err = run_cli(capsys, "replay", str(write(tmp_path, record, "g.can")))
    assert status == 2 and "deals 15" in err


TWO_DRAW = """[Variant "two-hand"]
hand N: 8c 8d 5h 6s
hand S: 4c 4d 7h
melds N: Kc Kd Kh Ks Kc Kd Kh, 9c 9d 9h
pile: 7c
to move: N draw
"""


def test_two_hand_a_stock_draw_is_two_cards_b2_rg2(capsys: Capsys, tmp_path: Path) -> None:
    """B2: a draw from the stock is two cards instead of one (RG2, W3 the same)."""
    assert cli_verdict(capsys, tmp_path, TWO_DRAW, "draw 5c") == "draw.too_few"
    assert cli_verdict(capsys, tmp_path, TWO_DRAW, "draw 5c 5d") == "legal"
    assert cli_verdict(capsys, tmp_path, TWO_DRAW, "draw 5c 5d 5s") == "draw.too_many"


def test_two_hand_only_one_card_is_discarded_b2() -> None:
    """B2, RG2: two cards drawn, only one discarded: the hand grows by one card a turn, and the
    turn passes after that single discard."""
    s = read_state(TWO_DRAW)
    before = s.hand_len[0]
    apply(s, Draw(cs("5c 5d")))
    apply(s, Discard(cs("5h")[0]))
    assert s.hand_len[0] == before + 1
    assert s.turn == 1 and s.phase == Phase.DRAW


TWO_OUT = """[Variant "two-hand"]
hand N: 9s 5h
hand S: 4c 4d 7h
melds N: Kc Kd Kh Ks Kc Kd Kh, {second}
pile: 7c
turn: drew stock
to move: N play
"""


def test_two_hand_going_out_needs_two_canastas_b2_rg2(capsys: Capsys, tmp_path: Path) -> None:
    """B2, RG2: a player must have two canastas to go out (W3: usually). With one canasta the
    last card cannot go; with two it can."""
    one = TWO_OUT.format(second="9c 9d 9h")
    assert cli_verdict(capsys, tmp_path, one, "add 9: 9s discard 5h") == "meld.keep_a_card"
    two = TWO_OUT.format(second="9c 9d 9h 9c 9d 9h")
    assert cli_verdict(capsys, tmp_path, two, "add 9: 9s discard 5h") == "legal"


TWO_LAST_CARD = """[Variant "two-hand"]
hand N: 5h 6s
hand S: 4c 4d 7h
red N: 3h 3d
red S: 3h 3d
pile: 97 unseen, 7c
frozen yes
stock 1
to move: N draw
"""


def test_two_hand_a_single_last_stock_card_is_a_full_draw_rg2() -> None:
    """RG2 (cat E13): with one card left in the stock, the player draws it and plays on as
    though two had been drawn: a legal turn, not the end of the hand."""
    s = after(TWO_LAST_CARD, "draw 5c")
    assert s.phase == Phase.PLAY and not s.over and s.hand_len[0] == 3 and not s.stock
    s = after(TWO_LAST_CARD, "draw 5c discard 5h")
    assert not s.over and s.turn == 1


TWO_PILE = """[Variant "two-hand"]
hand N: 8c 2d 5h 6s Ac Ad Ah
hand S: 4c 4d 7h
{melds}pile: 5c 8d
to move: N draw
"""


def test_two_hand_pile_is_frozen_against_a_player_who_has_not_melded_001(
    capsys: Capsys, tmp_path: Path
) -> None:
    """001's pickup table ("your team has not opened: treat the pile as frozen"), which RG2 keeps
    for two ("same as four-handed"): one natural eight and a two cannot take the pile before N
    has melded, even with an opening meld beside them; once N has melded they can."""
    before = TWO_PILE.format(melds="")
    assert (
        cli_verdict(capsys, tmp_path, before, "take 8d with 8c 2d and Ac Ad Ah")
        == "pile.frozen.needs_natural_pair"
    )
    after = TWO_PILE.format(melds="melds N: Kc Kd Kh\n").replace(" Ac Ad Ah", "")
    assert cli_verdict(capsys, tmp_path, after, "take 8d with 8c 2d") == "legal"


TWO_OPEN = """[Variant "two-hand"]
[Scores "N {n}, S 0"]
hand N: 6c 6d 6h Kc Kd Kh Ac Ad Ah 2c 5s 7d
hand S: 4c 4d 7h
pile: 7c
turn: drew stock
to move: N play
"""


@pytest.mark.parametrize(
    ("score", "kings", "aces"),
    [(1600, "open.below_minimum", "legal"), (1400, "legal", "legal")],
)
def test_two_hand_minimum_is_the_players_own_score_e1(
    capsys: Capsys, tmp_path: Path, score: int, kings: str, aces: str
) -> None:
    """cat E1 (000, and 001's table) read for two players, each a side of one (RG2: the
    four-hand rules): at 1600 the minimum is 90, so 6-6-6 + K-K-K-2 (65) is short and
    6-6-6 + A-A-A-2 (95) enough; below 1500 both reach 50."""
    text = TWO_OPEN.format(n=score)
    assert cli_verdict(capsys, tmp_path, text, "meld 6c 6d 6h, Kc Kd Kh 2c discard 7d") == kings
    assert cli_verdict(capsys, tmp_path, text, "meld 6c 6d 6h, Ac Ad Ah 2c discard 7d") == aces


TWO_CONCEALED = """[Variant "two-hand"]
hand N: Kc Kd Kh Ks Kc Kd Kh Qc Qd Qh Qs Qc Qd 2h 5s
hand S: 4c 4d 7h
red S: 3d
pile: 7c
turn: drew stock
to move: N play
"""


def test_two_hand_concealed_finish_with_two_canastas_scores_200_001(
    capsys: Capsys, tmp_path: Path
) -> None:
    """001: going out concealed (the whole hand in one turn, nothing melded before) earns 200 in
    all; B2/RG2 need both canastas in it. S, who never melded, counts the red three minus
    (001's table; RG2 lists no exception for red threes)."""
    move = "meld Kc Kd Kh Ks Kc Kd Kh, Qc Qd Qh Qs Qc Qd 2h discard 5s"
    assert cli_verdict(capsys, tmp_path, TWO_CONCEALED, move) == "legal"
    s = read_state(TWO_CONCEALED)
    apply(s, Meld((cs("Kc Kd Kh Ks Kc Kd Kh"), cs("Qc Qd Qh Qs Qc Qd 2h"))))
    apply(s, Discard(cs("5s")[0]))
    assert s.over and s.out_player == 0 and s.concealed
    n, s_ = score_hand(s)
    assert (n.melds, n.natural_canastas, n.mixed_canastas) == (150, 500, 300)
    assert (n.going_out, n.total) == (200, 1150)
    assert (s_.hands, s_.red_threes, s_.total) == (-15, -100, -115)


TWO_REDS = """[Variant "two-hand"]
hand N:
hand S: 4c 4d 7h
melds N: Kc Kd Kh Ks Kc Kd Kh, Qc Qd Qh Qs Qc Qd Qh
{melds_s}red {owner}: 3h 3h 3d 3d
pile: 7c
out N
"""


@pytest.mark.parametrize(
    ("owner", "melds_s", "expected"),
    [("N", "", 800), ("S", "", -800), ("S", "melds S: 8c 8d 8h\n", 800)],
)
def test_two_hand_all_four_red_threes_count_800_plus_or_minus_001(
    capsys: Capsys, tmp_path: Path, owner: str, melds_s: str, expected: int
) -> None:
    """001's red-three table, which RG2 keeps for two players: all four count 800, plus for a
    player who melded, minus for one who made no meld."""
    text = TWO_REDS.format(owner=owner, melds_s=melds_s)
    assert cli_score(capsys, tmp_path, text)[owner]["Red threes"] == expected


def test_two_hand_game_is_to_5000(capsys: Capsys) -> None:
    """cat (P, B, W; RG2 "same as four-handed", 001): the game is to 5000."""
    assert "result:" not in _tally(capsys, "two-hand", "N m 4990; S m 0")
    assert "result: North won" in _tally(capsys, "two-hand", "N m 5000; S m 0")


# ============================================================================================
# three-hand (plain): RG3's first form, W3, PCG


def test_three_hand_deals_thirteen_each_rg3_w3() -> None:
    """RG3 (plain form), W3, PCG: three players, 13 cards each, each playing alone."""
    r = rules_for(load_variant("three-hand"), 3)
    assert (r.players, r.sides, r.side_of) == (3, 3, (0, 1, 2))
    assert deal(r, 5).hand_len == [13, 13, 13]


THREE_ALONE = """[Variant "three-hand"]
hand N: 6c 7c 4c
hand E: Qs 5d 5h
hand W: Ks 8d 8h
melds N: 5c 5d 5h
melds E: Kc Kd Kh
melds W: Qc Qd Qh
pile: 4c 9c
turn: drew stock
to move: E play
"""


def test_three_hand_each_plays_for_himself_rg3(capsys: Capsys, tmp_path: Path) -> None:
    """RG3, PCG: each player plays for himself, so E may add only to E's own melds."""
    assert cli_verdict(capsys, tmp_path, THREE_ALONE, "add Q: Qs") == "meld.not_your_side"
    text = THREE_ALONE.replace("hand E: Qs 5d 5h", "hand E: Ks 5d 5h").replace(
        "hand W: Ks 8d 8h", "hand W: Qs 8d 8h"
    )
    assert cli_verdict(capsys, tmp_path, text, "add K: Ks") == "legal"


def test_three_hand_each_player_keeps_a_score_pcg(capsys: Capsys, tmp_path: Path) -> None:
    """PCG: no teams, each player scores only for himself: three columns, and W's result does
    not depend on E's."""
    text = """[Variant "three-hand"]
hand N:
hand E: 4d 4h
hand W: Ks 8d 8h
melds N: Ac Ad Ah As Ac Ad Ah, Jc Jd Jh Js Jc Jd Jh
melds E: Kc Kd Kh
melds W: Qc Qd Qh
red W: 3h
pile: 7c
out N
"""
    score = cli_score(capsys, tmp_path, text)
    assert list(score) == ["N", "E", "W"]
    assert score["N"]["Total"] == 210 + 1000 + 100
    assert score["E"]["Total"] == 30 - 10
    assert score["W"]["Total"] == 30 - 30 + 100


# ============================================================================================
# three-hand-cutthroat: BCT, RG3 (cutthroat form), LR3


def test_cutthroat_deals_thirteen_each_rg3_lr3() -> None:
    """RG3, LR3: 13 cards each (LR3: some tables 11); everyone alone at the deal."""
    r = rules_for(load_variant("three-hand-cutthroat"), 3)
    assert deal(r, 9).hand_len == [13, 13, 13]
    assert r.side_of == (0, 1, 2)


CUT_BEFORE = """[Variant "three-hand-cutthroat"]
hand N: 9d 9h 6c 7c
hand E: Qs 4d 4h
hand W: Ks 8d 8h
melds N: 5c 5d 5h
melds E: Kc Kd Kh
melds W: Qc Qd Qh
pile: 4c 9c
to move: N draw
"""


def test_cutthroat_draws_two_from_the_stock_bct(capsys: Capsys, tmp_path: Path) -> None:
    """BCT, RG3, LR3: a stock draw takes two cards; one is discarded."""
    assert cli_verdict(capsys, tmp_path, CUT_BEFORE, "draw Tc") == "draw.too_few"
    assert cli_verdict(capsys, tmp_path, CUT_BEFORE, "draw Tc Td") == "legal"


def test_cutthroat_first_to_take_the_pile_plays_alone_bct(capsys: Capsys, tmp_path: Path) -> None:
    """BCT: the first player to take the pile becomes the lone hand; the other two at once join
    in partnership and combine their melds, so E may then add to the queens W melded. Had N
    drawn instead, E and W would still be opponents."""
    took = CUT_BEFORE + "N take 9c with 9d 9h discard 6c\nE draw Tc Td\n"
    assert cli_verdict(capsys, tmp_path, took, "add Q: Qs") == "legal"
    drew = CUT_BEFORE + "N draw Ts Th discard 6c\nE draw Tc Td\n"
    assert cli_verdict(capsys, tmp_path, drew, "add Q: Qs") == "meld.not_your_side"


CUT_LONE = """[Variant "three-hand-cutthroat"]
[Scores "N 1200, E {e}, W {w}"]
hand N: {n_hand}
hand E: {e_hand}
hand W: {w_hand}
alone: N
melds N: 5c 5d 5h, 9c 9d 9h
{pair}pile: 6h
turn: drew stock
to move: {who} play
"""


def test_cutthroat_the_lone_hand_may_not_add_to_the_pairs_melds_bct(
    capsys: Capsys, tmp_path: Path
) -> None:
    """BCT: two play in partnership against the lone hand; the lone hand's melds are its own and
    the pair's are theirs."""
    text = CUT_LONE.format(
        e=0,
        w=0,
        n_hand="Ks 5s 7c",
        e_hand="4d 4h",
        w_hand="8d 8h",
        pair="melds E: Kc Kd Kh\n",
        who="N",
    )
    assert cli_verdict(capsys, tmp_path, text, "add K: Ks") == "meld.not_your_side"
    assert cli_verdict(capsys, tmp_path, text, "add 5: 5s") == "legal"


def test_cutthroat_each_partner_meets_their_own_minimum_bct(capsys: Capsys, tmp_path: Path) -> None:
    """BCT, RG3: each player's minimum depends on his own score, so partners' requirements
    differ: E at 0 needs 50 and W at 3000 needs 120 (001's table); three aces (60) open for E,
    not for W."""
    common = {
        "e": 0,
        "w": 3000,
        "n_hand": "6c 7c 4c Td",
        "e_hand": "Ac Ad Ah 5s 6s",
        "w_hand": "As Ad Ah 5d 6d",
        "pair": "",
    }
    e_turn = CUT_LONE.format(**common, who="E")
    assert cli_verdict(capsys, tmp_path, e_turn, "meld Ac Ad Ah") == "legal"
    w_turn = CUT_LONE.format(**common, who="W")
    assert cli_verdict(capsys, tmp_path, w_turn, "meld As Ad Ah") == "open.below_minimum"


def test_cutthroat_after_one_partner_opens_the_other_melds_freely_lr3(
    capsys: Capsys, tmp_path: Path
) -> None:
    """LR3: the partner who melds first meets his own minimum; the other partner may then start
    melds freely: W at 3000 lays three kings (30) once E has opened the pair."""
    text = CUT_LONE.format(
        e=0,
        w=3000,
        n_hand="6c 7c 4c Td",
        e_hand="5s 6s",
        w_hand="Ks Kd Kh 5d 6d",
        pair="melds E: Ac Ad Ah\nmelded: N E\n",
        who="W",
    )
    assert cli_verdict(capsys, tmp_path, text, "meld Ks Kd Kh") == "legal"


def test_cutthroat_lone_hand_needs_two_canastas_to_go_out_rg3(
    capsys: Capsys, tmp_path: Path
) -> None:
    """RG3: two canastas are required to go out, for the lone hand as for anyone."""
    text = CUT_LONE.format(
        e=0,
        w=0,
        n_hand="9s 7c",
        e_hand="4d 4h",
        w_hand="8d 8h",
        pair="melds E: Kc Kd Kh\n",
        who="N",
    ).replace("melds N: 5c 5d 5h, 9c 9d 9h", "melds N: 5c 5d 5h 5s 5c 5d 5h, 9c 9d 9h")
    assert cli_verdict(capsys, tmp_path, text, "add 9: 9s discard 7c") == "meld.keep_a_card"


CUT_SCORED = """[Variant "three-hand-cutthroat"]
[Scores "N 1200, E 800, W 3100"]
hand N: 6c 7c 4c Td
hand E:
hand W: 8d 8h
alone: N
melds N: 5c 5d 5h, 9c 9d 9h
melds E: Kc Kd Kh Ks Kc Kd Kh, Qc Qd Qh Qs Qc Qd 2h
red N: 3h
red E: 3d 3d
red W: 3h
{melded}pile: 6d
out E
"""


def test_cutthroat_scores_lone_hand_alone_and_each_partner_the_whole_pair_total_bct(
    capsys: Capsys, tmp_path: Path
) -> None:
    """BCT: the lone hand scores only his own result; everything else the partnership made
    (melds, canastas, going out, both partners' cards left) is totalled and each partner
    receives the whole total, plus his own red threes (LR3: added to both partners' scores;
    RG3: red threes are not part of the partnership total)."""
    score = cli_score(capsys, tmp_path, CUT_SCORED.format(melded=""))
    n, e, w = score["N"], score["E"], score["W"]
    # N: fives 15 + nines 30, minus 6c 7c 4c Td (25), plus one red three.
    assert (n["Melds"], n["Cards in hand"], n["Red threes"], n["Going out"], n["Total"]) == (
        45,
        -25,
        100,
        0,
        120,
    )
    # The pair: kings 70 + queens 80, natural 500 + mixed 300, out 100, minus W's 8d 8h (20).
    pair = 150 + 800 + 100 - 20
    assert (e["Going out"], w["Going out"]) == (100, 100)
    assert (e["Total"], w["Total"]) == (pair + 200, pair + 100)


def test_cutthroat_a_partners_red_three_counts_plus_when_his_side_melded_bct(
    capsys: Capsys, tmp_path: Path
) -> None:
    """BCT: a red three counts for its owner, plus or minus by whether his side has melded. W
    laid no meld himself, but his side did (E), so W's red three counts plus."""
    score = cli_score(capsys, tmp_path, CUT_SCORED.format(melded="melded: N E\n"))
    assert score["W"]["Red threes"] == 100


def test_cutthroat_going_out_before_any_pickup_makes_the_goer_the_lone_hand_bct() -> None:
    """BCT, RG3, LR3: if a player goes out before the pile was ever taken, he is the lone hand
    and the other two score as a partnership: E and W each get the pair's total."""
    text = """[Variant "three-hand-cutthroat"]
hand N: 8c
hand E: 5c 6d
hand W: 7h
melds N: Ac Ad Ah As Ac Ad Ah, Jc Jd Jh Js Jc Jd Jh
melds E: Kc Kd Kh
melds W: Qc Qd Qh
pile: 9c
turn: drew stock
to move: N play
"""
    s = after(text, "discard 8c")
    assert s.over and s.out_player == 0
    assert s.sides_formed and s.side(1) == s.side(2) != s.side(0)
    n, e, w = score_hand(s)
    assert n.total == 140 + 70 + 1000 + 100
    pair = 30 + 30 - (5 + 5 + 5)
    assert e.total == w.total == pair


CUT_STOCK_OUT = """[Variant "three-hand-cutthroat"]
hand N: 6c 7c 4c
hand E: Qs 4d 4h
hand W: Ks 8d 8h
melds N: 5c 5d 5h
melds E: Kc Kd Kh
melds W: Qc Qd Qh
red N: 3h 3d
red E: 3h
red W: 3d
pile: 82 unseen, 4c 9c
frozen yes
stock 2
to move: N draw
"""


def test_cutthroat_stock_out_ends_at_the_last_drawers_discard_each_alone_bct_rg3() -> None:
    """BCT, RG3: if no one goes out, play ends with the discard of the player who drew the last
    stock card; if the pile was never taken, each player scores for himself."""
    s = after(CUT_STOCK_OUT, "draw Tc Td")
    assert not s.over and s.phase == Phase.PLAY
    s = after(CUT_STOCK_OUT, "draw Tc Td discard 6c")
    assert s.over and s.end_reason == "stock_exhausted" and not s.sides_formed
    n, e, w = score_hand(s)
    assert (n.melds, n.hands, n.red_threes, n.total) == (15, -30, 200, 185)
    assert (e.melds, e.hands, e.red_threes, e.total) == (30, -20, 100, 110)
    assert (w.melds, w.hands, w.red_threes, w.total) == (30, -30, 100, 100)


def test_cutthroat_game_is_to_7500_bct_rg3_lr3() -> None:
    """BCT, RG3, LR3: the game is to 7500; LR3: the highest score then wins. The score sheet
    has a column per player (BCT, RG3). (The tally refuses cutthroat: its counts cannot say who
    played alone; the game's end is the engine's.)"""
    from canasta_rules.engine.game import game_end

    r = rules_for(load_variant("three-hand-cutthroat"), 3)
    assert r.sides == 3
    assert game_end(r, [7490, 7000, 0], 0) == (False, None)
    assert game_end(r, [7500, 7600, 0], 0) == (True, 1)


# ============================================================================================
# five-hand: RG5


def test_five_hand_the_three_take_turns_to_sit_out_rg5() -> None:
    """RG5's example: with the three as A, B, C, hand one is played by A and B, hand two by A and
    C, hand three by B and C, and so on; the side of two always plays."""
    playing = [set(roster(n)) - {"B1", "B2"} for n in range(1, 7)]
    assert playing == [{"A1", "A2"}, {"A1", "A3"}, {"A2", "A3"}] * 2
    assert all({"B1", "B2"} <= set(roster(n)) for n in range(1, 7))
    assert [sitting_out(n) for n in (1, 2, 3)] == ["A3", "A2", "A1"]


def test_five_hand_four_play_partnership_canasta_with_11_cards_rg5() -> None:
    """RG5: the two sides play regular partnership Canasta (cat: 4 active at 11): four hands of
    11, partners opposite, two score columns ("We" and "They")."""
    r = rules_for(load_variant("five-hand"), 5)
    assert (r.people, r.players, r.sides, r.side_of) == (5, 4, 2, (0, 1, 0, 1))
    assert deal(r, 2).hand_len == [11, 11, 11, 11]


FIVE = """[Variant "five-hand"]
hand N: 9s 5h
hand E: 4c 4d 7h
hand S: Ks Qs 6d 7d
hand W: 8c 8d
melds NS: Kc Kd Kh, 9c 9d 9h
melds EW: Qc Qd Qh
pile: 7c
turn: drew stock
to move: S play
"""


def test_five_hand_partners_share_melds_and_need_one_canasta_rg5(
    capsys: Capsys, tmp_path: Path
) -> None:
    """RG5: regular partnership Canasta: S may add to the kings N melded, never to the
    opponents' queens; one canasta goes out (001), so S cannot go out without one."""
    assert cli_verdict(capsys, tmp_path, FIVE, "add K: Ks") == "legal"
    assert cli_verdict(capsys, tmp_path, FIVE, "add Q: Qs") == "meld.not_your_side"
    out = FIVE.replace("hand S: Ks Qs 6d 7d", "hand S: Ks 6d")
    assert cli_verdict(capsys, tmp_path, out, "add K: Ks discard 6d") == "meld.keep_a_card"


def test_five_hand_score_is_kept_per_side_to_5000_rg5(capsys: Capsys) -> None:
    """RG5: the score is kept per partnership ("We" against "They"), not per player; the game
    is classic's 5000 (001)."""
    below = _tally(capsys, "five-hand", "NS m 4990; EW m 0", "--players", "5")
    assert "NS 4990, EW 0 (target 5000)" in below
    assert "result: North-South won" in _tally(
        capsys, "five-hand", "NS m 5000; EW m 0", "--players", "5"
    )


# ============================================================================================
# six-hand and six-hand-pairs: RG6 (cat: B's six-player figures)


def test_six_hand_three_packs_thirteen_each_two_sides_of_three_alternating_rg6() -> None:
    """RG6: 162 cards (three packs and six jokers), 13 each; two partnerships of three, seated
    alternately."""
    r = rules_for(load_variant("six-hand"), 6)
    assert len(r.deck) == 162
    assert r.side_of == (0, 1, 0, 1, 0, 1)
    assert deal(r, 3).hand_len == [13] * 6


SIX = """[Variant "{variant}"]
[Scores "{scores}"]
hand A: Ac Ad Ah Jk Kc Kd Kh 2c 5s 6s
hand B: Qs 4d 5d
hand C: 7h 8h 5c
hand D: Qs 8c 5h
hand E: 9h Th
hand F: 9c Tc
melds {a_side}: Qc Qd Qh
pile: 4h
turn: drew stock
to move: {who} play
"""


def test_six_hand_partners_are_every_other_seat_rg6(capsys: Capsys, tmp_path: Path) -> None:
    """RG6: two three-player partnerships sit alternately (A C E against B D F): C may add to
    A's queens, B and D may not."""
    base = {"variant": "six-hand", "scores": "ACE 0, BDF 0", "a_side": "ACE"}
    c_turn = (
        SIX.format(**base, who="C")
        .replace("hand C: 7h 8h", "hand C: Qs 8h")
        .replace("hand B: Qs 4d", "hand B: 7h 4d")
    )
    assert cli_verdict(capsys, tmp_path, c_turn, "add Q: Qs") == "legal"
    assert cli_verdict(capsys, tmp_path, SIX.format(**base, who="B"), "add Q: Qs") == (
        "meld.not_your_side"
    )
    assert cli_verdict(capsys, tmp_path, SIX.format(**base, who="D"), "add Q: Qs") == (
        "meld.not_your_side"
    )


def test_six_hand_pairs_three_partnerships_of_two_rg6(capsys: Capsys, tmp_path: Path) -> None:
    """RG6: three two-player partnerships, seated alternately (A D, B E, C F): D may add to A's
    queens, B may not."""
    base = {"variant": "six-hand-pairs", "scores": "AD 0, BE 0, CF 0", "a_side": "AD"}
    r = rules_for(load_variant("six-hand-pairs"), 6)
    assert (r.sides, r.side_of, len(r.deck)) == (3, (0, 1, 2, 0, 1, 2), 162)
    assert cli_verdict(capsys, tmp_path, SIX.format(**base, who="D"), "add Q: Qs") == "legal"
    assert cli_verdict(capsys, tmp_path, SIX.format(**base, who="B"), "add Q: Qs") == (
        "meld.not_your_side"
    )


@pytest.mark.parametrize(
    ("scores", "meld", "expected"),
    [
        (
            "ACE 7600, BDF 2000",
            "meld Ac Ad Ah Jk, Kc Kd Kh discard 6s",
            "open.below_minimum",
        ),  # 140
        ("ACE 7600, BDF 2000", "meld Ac Ad Ah Jk, Kc Kd Kh 2c discard 6s", "legal"),  # 160
        ("ACE 7499, BDF 2000", "meld Ac Ad Ah Jk, Kc Kd Kh discard 6s", "legal"),  # 140 >= 120
        ("ACE 7499, BDF 2000", "meld Ac Ad Ah, Kc Kd Kh discard 6s", "open.below_minimum"),  # 90
    ],
)
def test_six_hand_initial_meld_is_150_from_7500_rg6(
    capsys: Capsys, tmp_path: Path, scores: str, meld: str, expected: str
) -> None:
    """RG6: playing to 10000, a side with 7500 or more needs 150 for its initial meld; below
    that the four-hand table holds (001: 120 from 3000)."""
    text = SIX.format(variant="six-hand", scores=scores, a_side="BDF", who="A")
    assert cli_verdict(capsys, tmp_path, text, meld) == expected


SIX_OUT = """[Variant "{variant}"]
hand A: 9s 5h
hand B: 4c 4d
hand C: 7h 8h
hand D: 7c 8c
hand E: 9h Th
hand F: 9c Tc
melds {side}: Kc Kd Kh Ks Kc Kd Kh, 9c 9d 9h{second}
pile: 4h
turn: drew stock
to move: A play
"""


@pytest.mark.parametrize(("variant", "side"), [("six-hand", "ACE"), ("six-hand-pairs", "AD")])
def test_six_hand_going_out_needs_two_canastas_rg6(
    capsys: Capsys, tmp_path: Path, variant: str, side: str
) -> None:
    """RG6: two canastas are required to go out, whether two or three partnerships play."""
    one = SIX_OUT.format(variant=variant, side=side, second="")
    assert cli_verdict(capsys, tmp_path, one, "add 9: 9s discard 5h") == "meld.keep_a_card"
    two = SIX_OUT.format(variant=variant, side=side, second=" 9c 9d 9h")
    assert cli_verdict(capsys, tmp_path, two, "add 9: 9s discard 5h") == "legal"


def test_six_hand_draws_one_card_rg6(capsys: Capsys, tmp_path: Path) -> None:
    """RG6 changes nothing about drawing, so the four-hand rule holds (001: take one stock
    card)."""
    text = SIX_OUT.format(variant="six-hand", side="ACE", second="").replace(
        "turn: drew stock\nto move: A play", "to move: A draw"
    )
    assert cli_verdict(capsys, tmp_path, text, "draw 5c") == "legal"
    assert cli_verdict(capsys, tmp_path, text, "draw 5c 5d") == "draw.too_many"


SIX_RED = """[Variant "{variant}"]
hand A:
hand B: 4c 4d
hand C: 7h 8h
hand D: 7c 8c
hand E: 9h Th
hand F: 9c Tc
melds {side}: Kc Kd Kh Ks Kc Kd Kh, Qc Qd Qh Qs Qc Qd Qh
red {side}: {reds}
pile: 4h
out A
"""


@pytest.mark.parametrize(
    ("reds", "bonus"),
    [("3h 3h 3d 3d", 400), ("3h 3h 3h 3d 3d", 1000), ("3h 3h 3h 3d 3d 3d", 1200)],
)
@pytest.mark.parametrize(("variant", "side"), [("six-hand", "ACE"), ("six-hand-pairs", "AD")])
def test_six_hand_red_threes_rg6(
    capsys: Capsys, tmp_path: Path, variant: str, side: str, reds: str, bonus: int
) -> None:
    """RG6: up to four red threes count 100 each; a partnership holding five scores 1000, six
    1200."""
    text = SIX_RED.format(variant=variant, side=side, reds=reds)
    score = cli_score(capsys, tmp_path, text)[side]
    assert score["Red threes"] == bonus
    # Kings and queens 140, two natural canastas, out 100, minus C and E's cards (15 + 20)
    # (in six-hand-pairs only D's 7c 8c count against A's side).
    hands = -35 if variant == "six-hand" else -15
    assert score["Total"] == 140 + 1000 + 100 + bonus + hands


def test_six_hand_targets_10000_for_two_sides_and_7500_for_three_rg6(capsys: Capsys) -> None:
    """RG6: with two teams the game is to 10000; with three teams, to 7500."""
    two = _tally(capsys, "six-hand", "ACE m 7600; BDF m 100")
    assert "result:" not in two and "target 10000" in two
    assert "minimum to open next hand: ACE 150" in two
    assert "result: players A, C and E won" in _tally(capsys, "six-hand", "ACE m 10000; BDF m 100")
    three = _tally(capsys, "six-hand-pairs", "AD m 7490; BE m 100; CF m 0")
    assert "result:" not in three and "target 7500" in three
    assert "result: players A and D won" in _tally(
        capsys, "six-hand-pairs", "AD m 7500; BE m 100; CF m 0"
    )


# ============================================================================================
# general at six players: 004


def test_general_six_players_two_sides_of_three_004() -> None:
    """004: Canasta is best as a partnership game of four or six. The variant pins 11 each
    from the two-pack deck, the partners of each side seated alternately."""
    r = rules_for(load_variant("general"), 6)
    assert (len(r.deck), r.sides, r.side_of) == (108, 2, (0, 1, 0, 1, 0, 1))
    assert deal(r, 1).hand_len == [11] * 6


GEN6 = """[Variant "general"]
hand A: 5h 6h 6d 6s
hand B: 4c 4d
hand C: 7h 8h
hand D: 7c 8c
hand E: 9d 9h
hand F: 9c Tc
melds ACE: Kc Kd Kh Ks Kc Kd Kh, 5c 5d 5s
melds BDF: Qc Qd Qh
red BDF: 3d
pile: 4h
turn: drew stock
to move: A play
"""


def test_general_six_going_out_needs_a_final_discard_004(capsys: Capsys, tmp_path: Path) -> None:
    """004: a player may not meld down to the last card; the last card is discarded to go out
    (one canasta suffices). Melding every card is refused; melding all but one and discarding
    it goes out."""
    assert cli_verdict(capsys, tmp_path, GEN6, "add 5: 5h meld 6h 6d 6s") == "out.final_discard"
    assert cli_verdict(capsys, tmp_path, GEN6, "meld 6h 6d 6s discard 5h") == "legal"


def test_general_six_red_threes_count_minus_when_the_opponents_go_out_004(
    capsys: Capsys, tmp_path: Path
) -> None:
    """004: a red three counts for its side when that side goes out and against it when the
    opponents go out. B D F melded and hold a red three; A goes out: -100."""
    text = GEN6.replace("hand A: 5h 6h 6d 6s", "hand A:").replace(
        "turn: drew stock\nto move: A play\n", "out A\n"
    )
    text = text.replace(
        "melds ACE: Kc Kd Kh Ks Kc Kd Kh, 5c 5d 5s",
        "melds ACE: Kc Kd Kh Ks Kc Kd Kh, 5c 5d 5s 5h, 6h 6d 6s",
    )
    text = text.replace("pile: 4h", "pile: 4h 7d")
    score = cli_score(capsys, tmp_path, text)
    assert score["BDF"]["Red threes"] == -100
    assert score["BDF"]["Total"] == 30 - (10 + 15 + 20) - 100
    assert score["ACE"]["Going out"] == 100


GEN6_PILE = """[Variant "general"]
hand A: 4c 4d 5h
hand B: 4h 4s 5d
hand C: 8c 2d 5s 6s
hand D: 7c 8h 9s
hand E: 9d 9h 7h
hand F: 9c Tc 7d
melds ACE: Kc Kd Kh
melded: {melded}
pile: 5c 8d
to move: C draw
"""


def test_general_six_pile_is_frozen_against_each_player_until_they_meld_004(
    capsys: Capsys, tmp_path: Path
) -> None:
    """004: the pile is frozen against a player until he has made his initial meld: at six, C
    may not take an eight with one natural and a two while only A of his side has melded; once
    C has melded, he may."""
    only_a = GEN6_PILE.format(melded="A")
    assert cli_verdict(capsys, tmp_path, only_a, "take 8d with 8c 2d") == (
        "pile.frozen.needs_natural_pair"
    )
    both = GEN6_PILE.format(melded="A C")
    assert cli_verdict(capsys, tmp_path, both, "take 8d with 8c 2d") == "legal"
