"""Uruguayan Canasta (variants/uruguayan.toml) plays by its sources' rules.

Sources, as docs/family/uruguayan.md names them: "Rummy-Games, Uruguay Rules" (RGU), "Blackcoin,
Canasta poker rules and variations", section Uruguay Canasta (SCU), and Parlett's "The Penguin
Book of Card Games", entry Uruguay (PBU). Both RGU and SCU play classic partnership Canasta
(001_0cb887cc6d824426.txt, the classic variant) except for melds of wild cards and a pile that is
always frozen. Each test names the ones it rests on and asserts the ruling itself.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from family_helpers import replays_identically
from helpers import code, cs, finished, position, with_stock

from canasta_rules import cards as C
from canasta_rules.engine import (
    Discard,
    Draw,
    Meld,
    Phase,
    TakePile,
    apply,
    deal,
    legal_moves,
    rules_for,
    score_hand,
)
from canasta_rules.engine.rules import WILD_KEY
from canasta_rules.variant import load_variant

V = "uruguayan"
P = Phase.PLAY
CANASTA_K = "Kc Kd Kh Ks Kc Kd Kh"
WILD_CANASTA = "2c 2d 2h 2s Jk Jk 2c"


def test_the_classic_table() -> None:
    """RGU, SCU ('played the same' as partnership Canasta): 108 cards, 11 each, draw one,
    game to 5000."""
    r = rules_for(load_variant(V))
    assert len(r.deck) == 108 and r.draw_count == 1 and r.target == 5000
    s = deal(r, 1)
    assert [s.hand_len[p] for p in range(4)] == [11] * 4


# --------------------------------------------------------------------------------------------
# Melds of wild cards


def test_three_wild_cards_make_a_meld() -> None:
    """RGU, SCU, PBU: wild cards may be melded on their own, three or more of them, twos and
    jokers mixed freely; 001 forbids it (the classic variant)."""
    kw: dict[str, Any] = {"hands": {"N": "2c Jk 2d 9c 9d"}, "melds": {0: ["Qc Qd Qh"]}}
    s = position(V, phase=P, **kw)
    assert code(s, Meld((cs("2c Jk"),))) == "meld.wild.too_small"
    assert code(s, Meld((cs("2c Jk 2d"),))) is None
    assert code(position("classic", phase=P, **kw), Meld((cs("2c Jk 2d"),))) == "meld.all_wild"


def test_at_most_seven_wild_cards() -> None:
    """SCU: three to seven wild cards (pinned against RGU's open 'three or more')."""
    s = position(V, hands={"N": WILD_CANASTA + " 2d 9c 9d"}, melds={0: ["Qc Qd Qh"]}, phase=P)
    assert code(s, Meld((cs(WILD_CANASTA + " 2d"),))) == "meld.wild.too_big"


def test_a_wild_canasta_scores_2000() -> None:
    """RGU, SCU, PBU: a canasta of seven wild cards earns 2000."""
    s = position(V, hands={"N": WILD_CANASTA + " 9c 9d"}, melds={0: ["Qc Qd Qh"]}, phase=P)
    apply(s, Meld((cs(WILD_CANASTA),)))
    sc = score_hand(finished(s))[0]
    assert (sc.wild_count, sc.wild_canastas) == (1, 2000)
    assert sc.natural_canastas == sc.mixed_canastas == 0


def test_a_wild_meld_grows_to_seven_and_then_takes_no_more() -> None:
    """RGU, SCU: cards are added to the wild meld until it is a canasta of seven."""
    s = position(V, hands={"N": WILD_CANASTA + " 2d 9c 9d"}, melds={0: ["Qc Qd Qh"]}, phase=P)
    apply(s, Meld((cs("2c 2d 2h"),)))
    apply(s, Meld(adds=((WILD_KEY, cs("2s Jk Jk 2c")),)))
    assert s.melds[0][WILD_KEY].size == 7
    assert code(s, Meld(adds=((WILD_KEY, cs("2d")),))) == "meld.wild.too_big"


def test_a_wild_meld_counts_toward_the_initial_meld() -> None:
    """Pinned (the texts are silent): a meld of wild cards counts like any meld, joker 50 and two
    20 (001's values), so three of them open a side that needs 90."""
    s = position(V, hands={"N": "Jk 2c 2d 9c 9d"}, phase=P, scores=[1500, 0])
    apply(s, Meld((cs("Jk 2c 2d"),)))
    assert code(s, Discard(C.parse("9c"))) is None
    t = position(V, hands={"N": "2h 2c 2d 9c 9d"}, phase=P, scores=[1500, 0])
    assert code(t, Meld((cs("2h 2c 2d"),))) == "open.below_minimum"


def test_an_opening_meld_of_wild_cards_may_grow_later_in_the_turn() -> None:
    """001 judges the minimum over the whole turn; RGU lets a meld of wild cards take more wild
    cards. Three twos (60) are no refusal while a joker in hand can still join them (110 against
    90): the look-ahead counts room in the meld of wild cards (found by the uruguayan audit)."""
    s = position(V, hands={"N": "2c 2d 2h Jk 9c 9d"}, phase=P, scores=[1500, 0])
    assert code(s, Meld((cs("2c 2d 2h"),))) is None
    apply(s, Meld((cs("2c 2d 2h"),)))
    assert code(s, Discard(C.parse("9c"))) == "open.below_minimum"  # not yet: 60
    apply(s, Meld(adds=((WILD_KEY, cs("Jk")),)))
    assert code(s, Discard(C.parse("9c"))) is None


def test_a_wild_canasta_lets_the_side_go_out() -> None:
    """RGU, SCU: a canasta of seven wild cards is a canasta, and one canasta is enough to go
    out, as in 001."""
    s = position(V, hands={"N": WILD_CANASTA + " 9c"}, melds={0: ["Qc Qd Qh"]}, phase=P)
    apply(s, Meld((cs(WILD_CANASTA),)))
    apply(s, Discard(C.parse("9c")))
    assert s.out_player == 0 and score_hand(s)[0].going_out == 100


def test_groups_keep_the_classic_limits() -> None:
    """RGU, SCU (otherwise as 001): a group needs two naturals and holds at most three wild
    cards."""
    s = position(V, hands={"N": "Kc Kd 2c 2d 2h Jk 9c 9d"}, melds={0: ["Qc Qd Qh"]}, phase=P)
    assert code(s, Meld((cs("Kc 2c 2d"),))) == "meld.too_few_naturals"
    assert code(s, Meld((cs("Kc Kd 2c 2d 2h Jk"),))) == "meld.too_many_wild"
    assert code(s, Meld((cs("Kc Kd 2c 2d 2h"),))) is None


# --------------------------------------------------------------------------------------------
# The pile, always frozen


def test_worked_example_one_king_and_a_joker_do_not_take_the_pile() -> None:
    """docs/family/uruguayan.md's example from RGU and SCU: with K K K 2 on the table and a pile
    that classic Canasta leaves unfrozen, one king and a joker may not take a king; two natural
    kings may."""
    kw: dict[str, Any] = {"melds": {0: ["Kc Kd Ks 2c"]}, "pile": "5c 9d Kh"}
    s = position(V, hands={"N": "Kd Jk 5d"}, **kw)
    assert s.frozen is False
    assert code(s, TakePile(cs("Kd Jk"))) == "pile.way_not_allowed"
    assert code(position("classic", hands={"N": "Kd Jk 5d"}, **kw), TakePile(cs("Kd Jk"))) is None
    t = position(V, hands={"N": "Kd Ks 5d"}, **kw)
    assert code(t, TakePile(cs("Kd Ks"))) is None


def test_the_top_card_never_goes_onto_a_meld() -> None:
    """RGU, SCU: only a natural pair of the top card's rank takes the pile; 001 lets an unfrozen
    pile's top card go onto the side's meld."""
    kw: dict[str, Any] = {"hands": {"N": "5d 6d 7d"}, "melds": {0: ["Kc Kd Ks"]}, "pile": "5c Kh"}
    assert code(position(V, **kw), TakePile()) == "pile.way_not_allowed"
    assert code(position("classic", **kw), TakePile()) is None


def test_a_wild_card_on_top_is_never_taken() -> None:
    """RGU, SCU: a natural pair must match the top card, so a wild card on top can never be
    taken."""
    s = position(V, hands={"N": "2d 2s Jk 9c"}, pile="5c 2h", melds={0: ["Kc Kd Ks"]})
    assert code(s, TakePile(cs("2d 2s"))) == "pile.top_wild"


def test_a_natural_pair_takes_the_pile_before_the_side_opens() -> None:
    """RGU, SCU: the natural pair is the one way, opened or not; the opening still has to reach
    the minimum (001: 50 from 0), counting the top card."""
    s = position(V, hands={"N": "Ad As Jk Kd Ks 9c"}, pile="5c Ah")
    assert code(s, TakePile(cs("Ad Jk"))) == "pile.frozen.needs_natural_pair"
    assert code(s, TakePile(cs("Ad As"))) is None  # 60
    k = position(V, hands={"N": "Kd Ks 9c 9d"}, pile="5c Kh")
    assert code(k, TakePile(cs("Kd Ks"))) == "open.below_minimum"  # 30


def test_nobody_is_forced_to_take_the_pile_once_the_stock_is_out() -> None:
    """Pinned: 001 forces a pickup when the stock is used up and an unfrozen pile's top card
    fits the side's meld; the Uruguayan pile is never unfrozen, so the player may end the hand."""
    fits: dict[str, Any] = {
        "hands": {"N": "Kc Kd 7d"},
        "melds": {0: ["Kh Ks 2c", "Qc Qd Qh"]},
        "pile": "5c 9d Kh",
    }
    c = with_stock(position("classic", **fits), "")
    assert code(c, Draw()) == "stock.forced_pickup"
    u = with_stock(position(V, **fits), "")
    assert code(u, Draw()) is None
    assert "take with Kc Kd" in [str(m) for m in legal_moves(u)]
    apply(u, Draw())
    assert u.end_reason == "stock_exhausted"


# --------------------------------------------------------------------------------------------
# Threes and the game, as classic


def test_red_threes_are_classic() -> None:
    """RGU, SCU (as 001): 100 each, 800 for all four, minus for a side that made no meld."""
    four = "3d 3h 3d 3h"
    s = position(V, melds={0: ["Qc Qd Qh"]}, red3={0: four})
    assert score_hand(finished(s))[0].red_threes == 800
    t = position(V, melds={1: ["Qc Qd Qh"]}, red3={0: "3d"})
    assert score_hand(finished(t))[0].red_threes == -100


def test_wild_cards_still_join_natural_melds_while_a_wild_meld_is_open() -> None:
    """Pinned (RGU and SCU are silent; Modern American forbids it): a side with an open meld of
    wild cards may still add wild cards to its groups."""
    s = position(V, hands={"N": "2c Jk 2d 2h 9c 9d"}, melds={0: ["Qc Qd Qh"]}, phase=P)
    apply(s, Meld((cs("2c Jk 2d"),)))
    assert code(s, Meld(adds=((12, cs("2h")),))) is None


def test_black_threes_are_classic() -> None:
    """RGU, SCU (as 001): a black three on top stops the next player, and one left in hand
    costs only its 5 points."""
    s = position(V, hands={"N": "3c 3s 9d"}, pile="5c 3c", melds={0: ["Kc Kd Ks"]})
    assert code(s, TakePile(cs("3c 3s"))) == "pile.top_black_three"
    t = position(V, hands={"S": "3c 3s 9d"}, melds={0: [CANASTA_K]})
    sc = score_hand(finished(t, out_player=0))[0]
    assert sc.black_threes == 0


@pytest.mark.parametrize("bots", ["random", "greedy"])
def test_a_bot_game_is_recorded_and_replays_identically(
    bots: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """issue 10: a whole bot game of Uruguayan Canasta, written by `canasta record`, replays to
    the same moves, hands and totals."""
    replays_identically(capsys, tmp_path, V, bots, seed=2)
