"""Audit of samba, bolivia and uruguayan against their public rule texts.

Every case is built from a sentence of a source text (cited by its id in canasta_rules/sources.py
with its title and address), not from what the engine does. Most cases are positions written in
the notation (docs/notation.md) and judged with `canasta ruling` / `canasta score`; a few read the
ruleset's table (deck, deal, target) through the library.

Sources (pages corpus):
- BC: Bicycle, Game Rules Finder: Samba,
  http://www.bicyclecards.ca/game-rules/samba/169.php?page_id=32
- HSW: HowStuffWorks, How to Play Canasta (Samba section),
  https://entertainment.howstuffworks.com/how-to-play-canasta3.htm
- WK: White Knuckle Cards, Samba, https://whiteknucklecards.com/games/samba.html
- PW: Pagat's Samba page (Harrie Wiering), read through the copy at
  https://gamesitereviews.biz/guides/202401/samba-rummy-games (original
  https://www.pagat.com/rummy/samba.html)
- DX: Denexa Games blog, Samba, https://www.denexa.com/blog/tag/samba/
- UR: "Kanasta - og nu samba", Urval, October 1952, https://timarit.is/page/7907399 and
  https://timarit.is/page/7907400
- KS: Kortspel.net, Samba, https://kortspel.net/samba.htm
- BCB: Bicycle, Game Rules Finder: Bolivia,
  http://www.bicyclecards.ca/game-rules/bolivia/48.php?page_id=32
- RGB: Rummy-Games, Bolivia Rules, http://www.rummy-games.com/rules/bolivia.html
- BNC: Bolivian Canasta (archived rules page),
  http://web.archive.org/web/20010109180700/bright.net/~mile505/General/BCanasta.html
- SC / SCU: Blackcoin, Canasta poker rules and variations (Bolivian Canasta / Uruguay Canasta),
  https://blackcoin.co/canasta-poker-rules-and-variations/
- RGU: Rummy-Games, Uruguay Rules, http://www.rummy-games.com/rules/uruguay.html
"""

from __future__ import annotations

from pathlib import Path

import pytest
from family_helpers import family_pos as pos
from helpers import cli_refused as ruling
from helpers import cli_score as score
from helpers import run_cli, write

from canasta_rules.engine import deal, rules_for
from canasta_rules.engine.game import game_end
from canasta_rules.variant import load_variant

CANASTA_K = "Kc Kd Kh Ks Kc Kd Kh"
CANASTA_Q = "Qc Qd Qh Qs Qc Qd Qh"
SAMBA_D = "5d 6d 7d 8d 9d Td Jd"
BOLIVIA = "2c 2d 2h 2s Jk Jk 2c"


PLAY = "to move: N play"
DREW = "drew stock"


# ============================================================================================
# Samba
# ============================================================================================


def test_samba_pack_deal_and_two_card_draw() -> None:
    """BC: three 52-card packs and six jokers, 162 cards; the dealer gives 15 cards to each of
    four players in two partnerships (also HSW, WK, DX, UR)."""
    r = rules_for(load_variant("samba"))
    assert len(r.deck) == 162
    assert (r.players, r.sides) == (4, 2)
    assert r.draw_count == 2
    s = deal(r, 11)
    assert [s.hand_len[p] for p in range(4)] == [15, 15, 15, 15]


def test_samba_a_stock_draw_is_two_cards(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """BC, HSW, UR, KS: drawing from the stock, a player takes two cards (and discards one)."""
    text = pos("samba", hands={"N": "9c 9d Kc"}, ns="Qc Qd Qh")
    assert ruling(capsys, tmp_path, text, "draw Ah") == "draw.too_few"
    assert ruling(capsys, tmp_path, text, "draw Ah As") is None


def test_samba_a_run_is_three_of_one_suit(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """BC, WK: a sequence meld is three or more cards of the same suit in order; cards of
    mixed suits are no sequence."""
    text = pos("samba", hands={"N": "9h Th Jh Jd 8c 8d"}, ns="Qc Qd Qh", end=PLAY, turn=DREW)
    assert ruling(capsys, tmp_path, text, "meld 9h Th Jh") is None
    assert ruling(capsys, tmp_path, text, "meld 9h Th Jd") == "meld.run.suits"


def test_samba_runs_go_from_four_to_ace_without_turning_the_corner(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """BC: sequences rank ace high, four low (WK: 4 is low and Ace is high); so a three never
    joins one and K-A-4 is no sequence."""
    text = pos(
        "samba", hands={"N": "Kh Ah 4h 5h 3c 4c 5c 8c 8d"}, ns="Qc Qd Qh", end=PLAY, turn=DREW
    )
    assert ruling(capsys, tmp_path, text, "meld 4h 5h Kh Ah") == "meld.run.gap"
    assert ruling(capsys, tmp_path, text, "meld 3c 4c 5c") == "meld.run.threes"
    assert ruling(capsys, tmp_path, text, "meld 4h 5h") == "meld.run.too_short"


def test_samba_no_wild_card_in_a_run(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """BC: no sequence meld may contain any wild card (HSW, WK, UR too): not when it is laid,
    nor added later."""
    text = pos(
        "samba", hands={"N": "9s Ts 2c Jk 8c 8d"}, ns="Qc Qd Qh, 5h 6h 7h", end=PLAY, turn=DREW
    )
    assert ruling(capsys, tmp_path, text, "meld 9s Ts 2c") == "meld.run.wild"
    assert ruling(capsys, tmp_path, text, "add 5h: Jk") == "meld.run.wild"


def test_samba_either_partner_extends_a_run_at_either_end(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """WK: once a sequence is laid out, either partner may extend it by adding more cards (at
    the low or the high end, four low and ace high)."""
    text = pos(
        "samba",
        hands={"N": "8c 8d 9c", "S": "4h 8h 9d 9s"},
        ns="Qc Qd Qh, 5h 6h 7h",
        end="to move: S play",
        turn=DREW,
    )
    assert ruling(capsys, tmp_path, text, "add 5h: 4h 8h") is None
    assert ruling(capsys, tmp_path, text, "add 5h: 4h") is None
    assert ruling(capsys, tmp_path, text, "add 5h: 8h") is None


def test_samba_a_run_stops_at_seven_cards(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """BC: cards may be added to a sequence until there are seven, when it becomes a samba; a
    samba takes no more (DX: melds grow to at most seven cards)."""
    six = pos(
        "samba", hands={"N": "Th Jh 8c 8d"}, ns="Qc Qd Qh, 4h 5h 6h 7h 8h 9h", end=PLAY, turn=DREW
    )
    assert ruling(capsys, tmp_path, six, "add 4h: Th") is None
    assert ruling(capsys, tmp_path, six, "add 4h: Th Jh") == "meld.run.too_long"
    seven = pos(
        "samba", hands={"N": "Jh 8c 8d"}, ns="Qc Qd Qh, 4h 5h 6h 7h 8h 9h Th", end=PLAY, turn=DREW
    )
    assert ruling(capsys, tmp_path, seven, "add 4h: Jh") == "meld.canasta_closed"


def test_samba_a_samba_scores_1500_and_its_cards(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """BC: a samba ranks as a canasta with a bonus of 1,500 (HSW: sambas earn 1,500); the cards
    count their values (PW's table: 7-4 five, K-8 ten), a natural canasta 500 (UR)."""
    text = pos("samba", hands={"N": ""}, ns=f"{CANASTA_K}, {SAMBA_D}", end="out N")
    ns = score(capsys, tmp_path, text)["NS"]
    assert ns["Run canastas"] == 1500
    assert ns["Natural canastas"] == 500
    assert ns["Melds"] == 70 + (5 * 3 + 10 * 4)
    assert ns["Going out"] == 200


def test_samba_at_most_two_wild_cards_in_a_group(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """BC: no regular meld may contain more than two wild cards (WK, UR, KS; HSW: at most two in
    any mixed canasta), whether laid at once or added."""
    text = pos(
        "samba",
        hands={"N": "Kc Kd Kh 2c 2d Jk 8c 8d"},
        ns="Qc Qd Qh Qs 2h 2s",
        end=PLAY,
        turn=DREW,
    )
    assert ruling(capsys, tmp_path, text, "meld Kc Kd Kh 2c 2d") is None
    assert ruling(capsys, tmp_path, text, "meld Kc Kd Kh 2c 2d Jk") == "meld.too_many_wild"
    assert ruling(capsys, tmp_path, text, "add Q: Jk") == "meld.too_many_wild"


def test_samba_wild_cards_are_never_melded_alone(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """BC: wild cards may not be melded separately (WK: only to complete other melds; HSW: not
    without natural cards)."""
    text = pos("samba", hands={"N": "2c 2d Jk 8c 8d"}, ns="Qc Qd Qh", end=PLAY, turn=DREW)
    assert ruling(capsys, tmp_path, text, "meld 2c 2d Jk") == "meld.all_wild"


def test_samba_a_completed_canasta_takes_no_wild_card(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """UR: wild cards may not be added to a canasta once laid, and in Samba no card may be added
    to a completed canasta."""
    text = pos("samba", hands={"N": "2c Ks 8c 8d"}, ns=CANASTA_K, end=PLAY, turn=DREW)
    assert ruling(capsys, tmp_path, text, "add K: 2c") == "meld.canasta_closed"
    assert ruling(capsys, tmp_path, text, "add K: Ks") == "meld.canasta_closed"


def test_samba_pile_with_a_natural_pair_but_not_a_natural_and_a_wild(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """BC: the pile may be taken with a natural matching pair; UR: in Samba one natural card
    and a wild card are not enough even when the pile is not frozen (KS: never one natural and
    one wild card)."""
    pair = pos("samba", hands={"N": "Kh Kd 8c 8d"}, ns="Qc Qd Qh", pile="5d Kc")
    assert ruling(capsys, tmp_path, pair, "take Kc with Kh Kd") is None
    mixed = pos("samba", hands={"N": "Kh 2d 8c 8d"}, ns="Qc Qd Qh", pile="5d Kc")
    assert ruling(capsys, tmp_path, mixed, "take Kc with Kh 2d") == "pile.way_not_allowed"


def test_samba_unfrozen_pile_top_card_onto_a_group_below_seven(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """BC: when the pile is not frozen, its top card may be added to a meld that is less than a
    canasta; one of six cards is less than a canasta, and the top card completes it."""
    three = pos("samba", hands={"N": "8c 8d 9c"}, ns="Kd Kh Ks", pile="5d Kc")
    assert ruling(capsys, tmp_path, three, "take Kc") is None
    six = pos("samba", hands={"N": "8c 8d 9c"}, ns="Kd Kh Ks Kd Kh 2c", pile="5d Kc")
    assert ruling(capsys, tmp_path, six, "take Kc") is None


def test_samba_top_card_never_onto_a_canasta_but_a_pair_starts_a_new_meld(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """HSW: you may not pick up the upcard to add to a canasta, but you can use cards from your
    hand; KS: the pile is not taken just to put the top card on a finished canasta, but a new
    canasta may be begun in the rank of a finished one."""
    onto = pos("samba", hands={"N": "8c 8d 9c"}, ns=CANASTA_K, pile="5d Ks")
    assert ruling(capsys, tmp_path, onto, "take Ks") == "pile.onto_closed_canasta"
    pair = pos("samba", hands={"N": "Ks Ks 9c"}, ns="Kc Kd Kh Ks Kc Kd Kh", pile="5d Kh")
    assert ruling(capsys, tmp_path, pair, "take Kh with Ks Ks") is None
    beside = pos("samba", hands={"N": "8c 8d 9c"}, ns=f"{CANASTA_K}, Ks Kd Kh", pile="5d Kc")
    assert ruling(capsys, tmp_path, beside, "take Kc") is None  # onto the three, below seven


def test_samba_top_card_never_starts_a_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """BC: the top card may not be taken to start a sequence meld (HSW: not to make a
    sequential meld)."""
    text = pos("samba", hands={"N": "5h 6h 8c 8d"}, ns="Qc Qd Qh", pile="5d 7h")
    assert ruling(capsys, tmp_path, text, "take 7h with 5h 6h") == "pile.run_start"


def test_samba_top_card_never_joins_a_hand_card_on_a_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """BC: the top card may not be combined with a card from the hand in adding to a sequence
    meld (HSW says the same)."""
    text = pos("samba", hands={"N": "8h 8c 8d"}, ns="Qc Qd Qh, 4h 5h 6h", pile="5d 7h")
    assert ruling(capsys, tmp_path, text, "take 7h with 8h") == "pile.run_with_cards"


def test_samba_frozen_pile_needs_a_natural_pair(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """BC: only when the pile is not frozen may its top card go onto a meld; a frozen pile (a
    wild card in it, as in Canasta) is taken only with a natural matching pair (UR, KS)."""
    onto = pos("samba", hands={"N": "Kh 8c 8d"}, ns="Kd Kh Ks", pile="2c 5d Kc")
    assert ruling(capsys, tmp_path, onto, "take Kc") == "pile.frozen.needs_natural_pair"
    pair = pos("samba", hands={"N": "Kh Kd 8c 8d"}, ns="Kd Kh Ks", pile="2c 5d Kc")
    assert ruling(capsys, tmp_path, pair, "take Kc with Kh Kd") is None


@pytest.mark.parametrize(
    ("scores", "meld", "verdict"),
    [
        ("NS -200, EW 0", "meld 4c 4d 4h", None),  # below zero: 15
        ("NS 1495, EW 0", "meld Kc Kd Kh, Qc Qd Qh", None),  # 0 to 1,495: 50
        ("NS 1500, EW 0", "meld Kc Kd Kh, Qc Qd Qh", "open.below_minimum"),  # 1,500: 90
        ("NS 1500, EW 0", "meld Ac Ad Ah, Kc Kd Kh", None),  # 90 exactly
        ("NS 3000, EW 0", "meld Ac Ad Ah, Kc Kd Kh", "open.below_minimum"),  # 3,000: 120
        ("NS 6995, EW 0", "meld Ac Ad Ah, Kc Kd Kh, Qc Qd Qh", None),  # 120 up to 6,995
        ("NS 7000, EW 0", "meld Ac Ad Ah Jk, Kc Kd Kh Ks", "open.below_minimum"),  # 150 < 160
        ("NS 7000, EW 0", "meld Ac Ad Ah Jk, Kc Kd Kh 2c", None),  # 160
    ],
)
def test_samba_initial_meld_minimums(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, scores: str, meld: str, verdict: str | None
) -> None:
    """BC: 15 with a minus score; 50 from 0 to 1,495; 90 from 1,500 to 2,995; 120 from 3,000 to
    6,995; 160 over 7,000 (HSW: 7,000 or more requires 160). The turn may not end below it."""
    hand = "4c 4d 4h Ac Ad Ah 2c Jk Kc Kd Kh Ks Qc Qd Qh 8c 8d"
    text = pos("samba", hands={"N": hand}, scores=scores, end=PLAY, turn=DREW)
    assert ruling(capsys, tmp_path, text, f"{meld} discard 8c") == verdict


def test_samba_a_run_counts_toward_the_opening(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """BC: a sequence is a meld like a group, so its cards count toward the initial meld
    requirement (50 from 0 to 1,495): Q-K-A of hearts is 40, J-Q-K-A 50."""
    text = pos("samba", hands={"N": "Jh Qh Kh Ah 8c 8d"}, end=PLAY, turn=DREW)
    assert ruling(capsys, tmp_path, text, "meld Qh Kh Ah discard 8c") == "open.below_minimum"
    assert ruling(capsys, tmp_path, text, "meld Jh Qh Kh Ah discard 8c") is None


def test_samba_going_out_needs_two_canastas(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """BC: a side needs two canastas (mixed, natural or samba) to go out (HSW, UR, KS)."""
    one = pos("samba", hands={"N": "9d"}, ns=CANASTA_K, end=PLAY, turn=DREW)
    assert ruling(capsys, tmp_path, one, "discard 9d") == "out.canastas"
    samba = pos("samba", hands={"N": "9d"}, ns=f"{CANASTA_K}, {SAMBA_D}", end=PLAY, turn=DREW)
    assert ruling(capsys, tmp_path, samba, "discard 9d") is None


def test_samba_two_canastas_of_one_rank_are_two_canastas(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """BC: a side may have two canastas in the same rank (KS: a new canasta may be begun in the
    rank of a finished one); they are the two canastas going out needs."""
    text = pos(
        "samba",
        hands={"N": "9d"},
        ns=f"{CANASTA_K}, Kc Kd Kh Ks Ks 2c Jk",
        end=PLAY,
        turn=DREW,
    )
    assert ruling(capsys, tmp_path, text, "discard 9d") is None


def test_samba_red_threes_100_each_all_six_1000(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """BC: red threes are 100 each unless one side holds all six, when they count 1,000 (HSW:
    all the red threes, 1,000)."""
    six = pos(
        "samba",
        hands={"N": ""},
        ns=f"{CANASTA_K}, {CANASTA_Q}",
        red_ns="3d 3h 3d 3h 3d 3h",
        end="out N",
    )
    assert score(capsys, tmp_path, six)["NS"]["Red threes"] == 1000
    five = pos(
        "samba",
        hands={"N": ""},
        ns=f"{CANASTA_K}, {CANASTA_Q}",
        red_ns="3d 3h 3d 3h 3d",
        end="out N",
    )
    assert score(capsys, tmp_path, five)["NS"]["Red threes"] == 500


def test_samba_red_threes_count_against_a_side_without_two_canastas(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """HSW: the red threes' value is deducted if two canastas have not been made by the end of
    play (to receive credit for red threes a side needs two canastas)."""
    text = pos(
        "samba",
        hands={"N": ""},
        ns=f"{CANASTA_K}, {CANASTA_Q}",
        ew="Ac Ad Ah Ac Ad Ah As",
        red_ew="3d 3h",
        end="out N",
    )
    assert score(capsys, tmp_path, text)["EW"]["Red threes"] == -200


def test_samba_going_out_200_and_nothing_more_concealed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """BC: a 200-point bonus for going out, and no bonus for a concealed hand (HSW: 200)."""
    melds = f"{CANASTA_K}, {CANASTA_Q}"
    plain = pos("samba", hands={"N": ""}, ns=melds, end="out N")
    concealed = pos("samba", hands={"N": ""}, ns=melds, end="out N concealed")
    assert score(capsys, tmp_path, plain)["NS"]["Going out"] == 200
    assert score(capsys, tmp_path, concealed)["NS"]["Going out"] == 200


def test_samba_cards_left_in_hand_count_against(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """PW's table of values (joker 50, ace and two 20, K-8 10, 7-4 5) with Canasta's rule that
    cards left in hand count against their side (KS: values as in Canasta)."""
    text = pos(
        "samba",
        hands={"N": "", "S": "Jk Ac 9c 4d", "E": "2c Kd", "W": "7s"},
        ns=f"{CANASTA_K}, {CANASTA_Q}",
        end="out N",
    )
    sides = score(capsys, tmp_path, text)
    assert sides["NS"]["Cards in hand"] == -(50 + 20 + 10 + 5)
    assert sides["EW"]["Cards in hand"] == -(20 + 10 + 5)


def test_samba_game_is_10000() -> None:
    """BC: game is 10,000 (HSW, DX, UR, KS)."""
    r = rules_for(load_variant("samba"))
    assert game_end(r, [9995, 0], 0) == (False, None)
    assert game_end(r, [10000, 0], 0) == (True, 0)


# ============================================================================================
# Bolivia
# ============================================================================================


def test_bolivia_pack_deal_draw() -> None:
    """BNC: three packs and six jokers, 162 cards; each player is dealt 15; a stock draw is two
    cards, one discarded (SC says the same)."""
    r = rules_for(load_variant("bolivia"))
    assert len(r.deck) == 162 and r.draw_count == 2
    s = deal(r, 5)
    assert [s.hand_len[p] for p in range(4)] == [15] * 4


def test_bolivia_three_to_seven_wild_cards_make_a_meld(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """BNC: three to seven wild cards can form a meld (BCB: three or more; RGB: twos and jokers
    mixed freely)."""
    text = pos("bolivia", hands={"N": "2c 2d Jk 8c 8d"}, ns="Qc Qd Qh", end=PLAY, turn=DREW)
    assert ruling(capsys, tmp_path, text, "meld 2c Jk 2d") is None
    assert ruling(capsys, tmp_path, text, "meld 2c Jk") == "meld.wild.too_small"


def test_bolivia_nothing_is_added_to_a_bolivia(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """RGB: no additional cards may be added to a bolivia (BNC: a wild meld holds at most
    seven)."""
    text = pos("bolivia", hands={"N": "2d 8c 8d"}, ns=f"Qc Qd Qh, {BOLIVIA}", end=PLAY, turn=DREW)
    assert ruling(capsys, tmp_path, text, "add 2: 2d") == "meld.wild.too_big"


def test_bolivia_bolivia_2500_escalera_1500(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """BCB: a canasta of seven wild cards, a bolivia, counts 2,500; BNC: a seven-card sequence
    without wild cards, an escalera, is worth 1,500."""
    text = pos("bolivia", hands={"N": ""}, ns=f"{BOLIVIA}, {SAMBA_D}", end="out N")
    ns = score(capsys, tmp_path, text)["NS"]
    assert ns["Wild canastas"] == 2500
    assert ns["Run canastas"] == 1500
    assert ns["Melds"] == (5 * 20 + 2 * 50) + (5 * 3 + 10 * 4)


def test_bolivia_a_wild_card_on_top_blocks_the_pile(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """BCB: when the discard pile is topped by a wild card, it may not be taken (RGB)."""
    text = pos("bolivia", hands={"N": "2d 2s 8c 8d"}, ns="Qc Qd Qh, 2c Jk 2h", pile="5d 2h")
    assert ruling(capsys, tmp_path, text, "take 2h with 2d 2s") == "pile.top_wild"
    assert ruling(capsys, tmp_path, text, "take 2h") == "pile.top_wild"


def test_bolivia_going_out_needs_an_escalera(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """BCB: at least one of the two canastas must be a sequence canasta, an escalera (RGB, BNC,
    SC)."""
    groups = pos("bolivia", hands={"N": "9d"}, ns=f"{CANASTA_K}, {CANASTA_Q}", end=PLAY, turn=DREW)
    assert ruling(capsys, tmp_path, groups, "discard 9d") == "out.run_canastas"
    with_run = pos("bolivia", hands={"N": "9d"}, ns=f"{CANASTA_K}, {SAMBA_D}", end=PLAY, turn=DREW)
    assert ruling(capsys, tmp_path, with_run, "discard 9d") is None


def test_bolivia_black_threes_in_hand_cost_the_partner_and_the_opponents(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """BCB: a black three left in the hand when any other player, a partner included, goes out
    counts minus 100 (RGB: each counts 100 against you)."""
    text = pos(
        "bolivia",
        hands={"N": "", "S": "3s 6c", "E": "3c 4d", "W": "7h"},
        ns=f"{CANASTA_K}, {SAMBA_D}",
        end="out N",
    )
    sides = score(capsys, tmp_path, text)
    assert sides["NS"]["Black threes in hand"] == -100
    assert sides["EW"]["Black threes in hand"] == -100


def test_bolivia_black_threes_melded_going_out_count_5(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """BCB: black threes melded in going out count 5 points each (BNC: a black three melded
    counts only 5)."""
    text = pos(
        "bolivia",
        hands={"N": "3c 3s 3c"},
        ns=f"{CANASTA_K}, {SAMBA_D}",
        end=PLAY,
        turn=DREW,
    )
    status, out, err = run_cli(
        capsys, "ruling", str(write(tmp_path, text)), "meld 3c 3s 3c", "--show"
    )
    assert status == 0, err
    assert out.startswith("legal")
    done = pos(
        "bolivia",
        hands={"N": ""},
        ns=f"{CANASTA_K}, {SAMBA_D}, 3c 3s 3c",
        end="out N",
    )
    ns = score(capsys, tmp_path, done)["NS"]
    assert ns["Melds"] == 70 + 55 + 15
    assert ns["Black threes in hand"] == 0


def test_bolivia_minimum_stays_150_from_7000(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """BCB: the initial meld requirement stays at 150 from 7,000 points up (RGB; BNC, SC: 7,000
    or more needs 150), where Samba asks 160."""
    hand = "Ac Ad Ah Jk Kc Kd Kh Ks 8c 8d"
    text = pos("bolivia", hands={"N": hand}, scores="NS 7000, EW 0", end=PLAY, turn=DREW)
    meld = "meld Ac Ad Ah Jk, Kc Kd Kh Ks discard 8c"  # 150
    assert ruling(capsys, tmp_path, text, meld) is None
    samba = pos("samba", hands={"N": hand}, scores="NS 7000, EW 0", end=PLAY, turn=DREW)
    assert ruling(capsys, tmp_path, samba, meld) == "open.below_minimum"


def test_bolivia_red_threes_plus_with_two_canastas_of_any_kind(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """BNC: red threes count 100 each, all six 1,000; plus if the partnership has melded two
    canastas of any kind (a bolivia and a group canasta will do), otherwise minus."""
    ew = f"{CANASTA_Q}, {SAMBA_D}"
    two = pos(
        "bolivia",
        hands={"N": "9c 9d", "E": ""},
        ns=f"{CANASTA_K}, {BOLIVIA}",
        red_ns="3d 3h 3d",
        ew=ew,
        end="out E",
    )
    assert score(capsys, tmp_path, two)["NS"]["Red threes"] == 300
    one = pos(
        "bolivia",
        hands={"N": "9c 9d", "E": ""},
        ns=CANASTA_K,
        red_ns="3d 3h 3d",
        ew=ew,
        end="out E",
    )
    assert score(capsys, tmp_path, one)["NS"]["Red threes"] == -300


def test_bolivia_a_run_holds_no_three(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """BNC: sequence cards rank from ace down to four; wild cards and threes are not involved.
    Its example 5-6-7 of one suit is a meld."""
    text = pos(
        "bolivia", hands={"N": "3c 4c 5c 5h 6h 7h 8c 8d"}, ns="Qc Qd Qh", end=PLAY, turn=DREW
    )
    assert ruling(capsys, tmp_path, text, "meld 5h 6h 7h") is None
    assert ruling(capsys, tmp_path, text, "meld 3c 4c 5c") == "meld.run.threes"


def test_bolivia_game_is_15000() -> None:
    """BCB: game is 15,000 (RGB, BNC, SC)."""
    r = rules_for(load_variant("bolivia"))
    assert game_end(r, [14995, 0], 0) == (False, None)
    assert game_end(r, [15000, 0], 0) == (True, 0)


# ============================================================================================
# Uruguayan
# ============================================================================================


def test_uruguayan_is_the_two_pack_game() -> None:
    """SCU: played the same as regular partnership Canasta (RGU: Canasta with a few
    modifications): 108 cards, 11 each, a one-card draw, game to 5,000."""
    r = rules_for(load_variant("uruguayan"))
    assert len(r.deck) == 108 and r.draw_count == 1
    s = deal(r, 2)
    assert [s.hand_len[p] for p in range(4)] == [11] * 4
    assert game_end(r, [4995, 0], 0) == (False, None)
    assert game_end(r, [5000, 0], 0) == (True, 0)


def test_uruguayan_wild_cards_meld_on_their_own(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """SCU: from three to seven wild cards form a valid meld (RGU: three or more, twos and
    jokers mixed freely)."""
    text = pos("uruguayan", hands={"N": "2c Jk 2d 2h 8c 8d"}, ns="Qc Qd Qh", end=PLAY, turn=DREW)
    assert ruling(capsys, tmp_path, text, "meld 2c Jk 2d") is None
    assert ruling(capsys, tmp_path, text, "meld 2c Jk") == "meld.wild.too_small"


def test_uruguayan_wild_canasta_2000(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """RGU: a canasta of seven wild cards earns 2,000 (SCU: counts 2,000); with it the side has
    the one canasta partnership Canasta needs to go out, and going out earns 100."""
    wild = "2c 2d 2h 2s Jk Jk 2c"
    ready = pos("uruguayan", hands={"N": "9d"}, ns=f"Qc Qd Qh, {wild}", end=PLAY, turn=DREW)
    assert ruling(capsys, tmp_path, ready, "discard 9d") is None
    done = pos("uruguayan", hands={"N": ""}, ns=f"Qc Qd Qh, {wild}", end="out N")
    ns = score(capsys, tmp_path, done)["NS"]
    assert ns["Wild canastas"] == 2000
    assert ns["Mixed canastas"] == 0
    assert ns["Going out"] == 100


def test_uruguayan_pile_only_with_a_natural_pair(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """RGU: the discard pile is always frozen and can be taken only by a player holding a natural
    pair matching the upcard (SCU: two natural cards matching it): not by putting the top card
    on the side's meld, nor with one natural card and a wild card, even with no wild card in the
    pile."""
    onto = pos("uruguayan", hands={"N": "Kh 8c 8d"}, ns="Kd Kh Ks", pile="5d Kc")
    assert ruling(capsys, tmp_path, onto, "take Kc") == "pile.way_not_allowed"
    mixed = pos("uruguayan", hands={"N": "Kh 2d 8c 8d"}, ns="Kd Kh Ks", pile="5d Kc")
    assert ruling(capsys, tmp_path, mixed, "take Kc with Kh 2d") == "pile.way_not_allowed"
    pair = pos("uruguayan", hands={"N": "Kh Kd 8c 8d"}, ns="Kd Kh Ks", pile="5d Kc")
    assert ruling(capsys, tmp_path, pair, "take Kc with Kh Kd") is None


def test_uruguayan_groups_keep_three_wild_cards(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """SCU, RGU: otherwise played as partnership Canasta, whose melds hold at least two natural
    cards and at most three wild cards (UR, describing Canasta: up to three wild cards)."""
    text = pos("uruguayan", hands={"N": "Kc Kd 2c 2d 2h Jk 8c"}, ns="Qc Qd Qh", end=PLAY, turn=DREW)
    assert ruling(capsys, tmp_path, text, "meld Kc Kd 2c 2d 2h") is None
    assert ruling(capsys, tmp_path, text, "meld Kc Kd 2c 2d 2h Jk") == "meld.too_many_wild"


def test_uruguayan_red_threes_are_canastas(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """SCU, RGU: otherwise partnership Canasta: red threes 100 each, all four 800 for a side
    that has melded (UR's account of Canasta, 1950 issue: all four 800)."""
    text = pos(
        "uruguayan",
        hands={"N": ""},
        ns=f"Qc Qd Qh, {CANASTA_K}",
        red_ns="3d 3h 3d 3h",
        end="out N",
    )
    assert score(capsys, tmp_path, text)["NS"]["Red threes"] == 800
