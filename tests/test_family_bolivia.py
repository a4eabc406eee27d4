"""Bolivia (variants/bolivia.toml) plays by its sources' rules.

Sources, as docs/family/bolivia.md names them: "Bicycle, Game Rules Finder: Bolivia" (BCB),
"Rummy-Games, Bolivia Rules" (RGB), "Bolivian Canasta", an archived rules page (BNC), "Blackcoin,
Canasta poker rules and variations" (SC) and "White Knuckle Cards, Bolivia" (WKB); everything else
is Samba's ("plays just like Samba except": BCB, RGB). Each test names the ones it rests on and
asserts the ruling itself: the refusal's rule code, the score.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from family_helpers import laid, replays_identically
from helpers import code, cs, finished, position

from canasta_rules import cards as C
from canasta_rules.engine import (
    Discard,
    Meld,
    Phase,
    TakePile,
    apply,
    deal,
    rules_for,
    score_hand,
)
from canasta_rules.engine.game import game_end
from canasta_rules.engine.legality import refusal
from canasta_rules.engine.rules import WILD_KEY
from canasta_rules.variant import load, load_variant

V = "bolivia"
P = Phase.PLAY
CANASTA_K = "Kc Kd Kh Ks Kc Kd Kh"
CANASTA_Q = "Qc Qd Qh Qs Qc Qd Qh"
ESCALERA = "5d 6d 7d 8d 9d Td Jd"
BOLIVIA = "2c 2d 2h 2s Jk Jk 2c"


def test_samba_table_pack_and_draw() -> None:
    """BNC, SC, WKB: 162 cards, 15 each, draw two (Samba's table, BCB: 'like Samba')."""
    r = rules_for(load_variant(V))
    assert len(r.deck) == 162 and r.draw_count == 2
    s = deal(r, 3)
    assert [s.hand_len[p] for p in range(4)] == [15] * 4


# --------------------------------------------------------------------------------------------
# Melds of wild cards and the bolivia


def test_three_to_seven_wild_cards_make_a_meld() -> None:
    """BCB, RGB, BNC, SC, WKB: three to seven wild cards, twos and jokers mixed freely, form a
    meld of their own."""
    s = position(V, hands={"N": "2c 2d Jk 2h 9c 9d"}, melds={0: ["Qc Qd Qh"]}, phase=P)
    assert code(s, Meld((cs("2c 2d"),))) == "meld.wild.too_small"
    apply(s, Meld((cs("2c Jk 2d"),)))
    apply(s, Meld(adds=((WILD_KEY, cs("2h")),)))
    assert s.melds[0][WILD_KEY].wilds == 4


def test_no_meld_of_more_than_seven_wild_cards() -> None:
    """BCB, BNC, SC: a wild-card meld holds at most seven cards."""
    s = position(V, hands={"N": BOLIVIA + " 2d 9c 9d"}, melds={0: ["Qc Qd Qh"]}, phase=P)
    assert code(s, Meld((cs(BOLIVIA + " 2d"),))) == "meld.wild.too_big"


def test_a_bolivia_scores_2500() -> None:
    """BCB, RGB, BNC, SC, WKB: a canasta of seven wild cards, a bolivia, earns 2500."""
    s = position(V, hands={"N": BOLIVIA + " 9c 9d"}, melds={0: ["Qc Qd Qh"]}, phase=P)
    apply(s, Meld((cs(BOLIVIA),)))
    sc = score_hand(finished(s))[0]
    assert sc.wild_count == 1 and sc.wild_canastas == 2500
    assert sc.melds == 30 + 5 * 20 + 2 * 50


def test_nothing_may_be_added_to_a_bolivia() -> None:
    """RGB: once a bolivia is complete nothing may be added to it; the side may then start
    another meld of wild cards (pinned: one such meld at a time)."""
    s = position(V, hands={"N": BOLIVIA + " 2d 2h Jk 9c 9d"}, melds={0: ["Qc Qd Qh"]}, phase=P)
    apply(s, Meld((cs(BOLIVIA),)))
    # Refused by the rule of melds of wild cards, which Bolivia's own sources state (RGB: "No
    # additional cards may be added to a bolivia"), not by Samba's closed canastas.
    ref = refusal(s, Meld(adds=((WILD_KEY, cs("2d")),)))
    assert ref is not None and ref.code == "meld.wild.too_big"
    assert ref.parameter == "melds.wild_melds"
    cited = load(V).provenance(ref.parameter)
    assert cited is not None and "RGB" in cited.sources
    assert "to which nothing may be added (RGB)" in (cited.note or "")
    assert code(s, Meld((cs("2d 2h Jk"),))) is None


def test_one_meld_of_wild_cards_at_a_time() -> None:
    """Pinned (the texts are silent): while a side's meld of wild cards is open, more wild cards
    go on it, not into a second one: wild cards laid as a new meld join it."""
    s = position(V, hands={"N": "2c 2d 2h 2s Jk Jk 9c 9d"}, melds={0: ["Qc Qd Qh"]}, phase=P)
    apply(s, Meld((cs("2c 2d 2h"),)))
    assert code(s, Meld((cs("2s Jk Jk"),))) is None
    apply(s, Meld((cs("2s Jk Jk"),)))
    wild = [m for m in s.melds[0].values() if m.naturals == 0]
    assert [m.size for m in wild] == [6]


def test_a_wild_card_on_top_blocks_the_pile() -> None:
    """BCB, RGB: a pile with a wild card on top may not be taken."""
    s = laid(V, ["2c Jk 2d"], top="2h", s_hand="2d 2s 9c 9d")
    assert code(s, TakePile()) == "pile.top_wild"
    assert code(s, TakePile(shown=cs("2d 2s"))) == "pile.top_wild"


def test_a_group_still_holds_at_most_two_wild_cards() -> None:
    """BCB, RGB (Samba's groups; pinned against WKB's 'any number')."""
    s = position(V, hands={"N": "Kh Kc Kd 2c 2d 2h 9c"}, melds={0: ["Qc Qd Qh"]}, phase=P)
    assert code(s, Meld((cs("Kh Kc Kd 2c 2d 2h"),))) == "meld.too_many_wild"


# --------------------------------------------------------------------------------------------
# Runs and the escalera


def test_worked_example_bnc_a_run_of_five_six_seven() -> None:
    """BNC's example: 5-6-7 of one suit is a legal meld; a wild card in a run and a run turning
    the corner are not (BNC, SC, WKB: ace high, four low, no wild cards)."""
    s = position(V, hands={"N": "5h 6h 7h 2c Qh Kh Ah 4h 9c 9d"}, melds={0: ["Qc Qd Qh"]}, phase=P)
    assert code(s, Meld((cs("5h 6h 7h"),))) is None
    assert code(s, Meld((cs("5h 6h 2c"),))) == "meld.run.wild"
    assert code(s, Meld((cs("Qh Kh Ah 4h"),))) == "meld.run.gap"


def test_an_escalera_scores_1500() -> None:
    """BNC, SC, WKB: a run of seven, an escalera, earns 1500."""
    s = position(V, hands={"N": ESCALERA + " 9c 9h"}, melds={0: ["Qc Qd Qh"]}, phase=P)
    apply(s, Meld((cs(ESCALERA),)))
    assert score_hand(finished(s))[0].run_canastas == 1500


def test_the_pile_top_alone_may_go_on_a_run() -> None:
    """BCB, RGB by reference to Samba (BC): an unfrozen pile's top card, alone, may extend one of
    the side's sequences; it may not start one (BC, HSW)."""
    s = laid(V, ["4h 5h 6h"], top="7h", s_hand="9c 9d Kc")
    assert code(s, TakePile()) is None
    t = laid(V, ["4h 5h 6h"], top="9h", s_hand="9c 9d Kc")
    assert code(t, TakePile()) == "pile.way_not_allowed"


# --------------------------------------------------------------------------------------------
# Going out


def test_going_out_needs_an_escalera() -> None:
    """BCB, RGB, BNC, SC: two canastas to go out, at least one of them an escalera; a bolivia
    counts as the other."""
    kw: dict[str, Any] = {"hands": {"N": "9d"}, "phase": P}
    groups = position(V, melds={0: [CANASTA_K, CANASTA_Q]}, **kw)
    assert code(groups, Discard(C.parse("9d"))) == "out.run_canastas"
    s = position(V, hands={"N": ESCALERA + " " + BOLIVIA + " 9h"}, melds={0: ["Qc Qd Qh"]}, phase=P)
    apply(s, Meld((cs(ESCALERA), cs(BOLIVIA))))
    assert code(s, Discard(C.parse("9h"))) is None
    apply(s, Discard(C.parse("9h")))
    sc = score_hand(s)[0]
    assert s.out_player == 0
    assert (sc.run_canastas, sc.wild_canastas, sc.going_out) == (1500, 2500, 200)


def test_an_escalera_alone_is_not_enough() -> None:
    """BCB, RGB, BNC, SC: the escalera is one of the two canastas, not a substitute for them:
    with one canasta a player may not meld down to a last card."""
    s = position(V, hands={"N": ESCALERA + " 9h"}, melds={0: ["Qc Qd Qh"]}, phase=P)
    assert code(s, Meld((cs(ESCALERA),))) == "meld.keep_a_card"
    t = position(V, hands={"N": "9h"}, melds={0: [CANASTA_K]}, phase=P)
    assert code(t, Discard(C.parse("9h"))) == "out.canastas"


# --------------------------------------------------------------------------------------------
# Threes, minimums, the game


def test_black_threes_left_in_any_hand_cost_100_each() -> None:
    """BCB, RGB, BNC, SC: a black three left in a hand when a player goes out counts minus 100,
    the partner's hand included; that 100 is what it costs (BNC: minus 100 in hand against 5
    when melded), not 100 on top of its value."""
    s = position(V, hands={"N": "", "S": "3c 3s 9d", "E": "3c 9h"}, melds={0: [CANASTA_K]})
    a, b = score_hand(finished(s, out_player=0))
    assert a.black_threes == -200 and b.black_threes == -100
    assert a.hands == -10  # the nine's value; each black three costs 100, not 105


def test_black_threes_melded_going_out_score_five() -> None:
    """BCB, BNC: black threes melded when going out count 5 each, with no penalty."""
    s = position(V, hands={"N": "3c 3s 3c 9h 9d"}, melds={0: [CANASTA_K]}, phase=P)
    s2 = position(V, hands={"N": ESCALERA + " 3c 3s 3c 9h"}, melds={0: [CANASTA_K]}, phase=P)
    apply(s2, Meld((cs(ESCALERA), cs("3c 3s 3c"))))
    apply(s2, Discard(C.parse("9h")))
    sc = score_hand(s2)[0]
    assert sc.black_threes == 0 and s2.out_player == 0
    assert sc.melds == 70 + (5 + 5 + 5 + 10 + 10 + 10 + 10) + 3 * 5
    assert code(s, Meld((cs("3c 3s 3c"),))) == "meld.black_threes.not_going_out"


def test_no_black_three_charge_when_the_stock_runs_out() -> None:
    """Pinned: the texts charge black threes when a player goes out; a hand that ends with the
    stock used up charges only their card value."""
    s = position(V, hands={"N": "", "S": "3c 3s 9d"}, melds={0: [CANASTA_K]})
    sc = score_hand(finished(s))[0]
    assert sc.black_threes == 0 and sc.hands == -5 - 5 - 10


def test_red_threes_plus_only_with_two_canastas() -> None:
    """BNC: red threes 100 each, 1000 for all six, plus for a side that melded two canastas,
    minus otherwise."""
    six = "3d 3h 3d 3h 3d 3h"
    two = position(V, hands={"N": BOLIVIA + " 9c 9d"}, melds={0: [CANASTA_K]}, red3={0: six})
    two.phase = P
    two.drew = 1
    apply(two, Meld((cs(BOLIVIA),)))
    one = position(V, melds={0: [CANASTA_K]}, red3={0: "3d 3h"})
    assert score_hand(finished(two))[0].red_threes == 1000
    assert score_hand(finished(one))[0].red_threes == -200


def test_minimum_stays_150_from_7000() -> None:
    """BNC, SC; BCB and RGB: the minimum stays at 150 from 7000 up (Samba's is 160)."""
    r = rules_for(load_variant(V))
    assert [r.minimum(x) for x in (-5, 0, 1500, 3000, 7000, 14000)] == [15, 50, 90, 120, 150, 150]
    hand = "Ac Ad Ah As Kc Kd Kh Qc Qd Qh Qs 9c 9d"
    opening = Meld((cs("Ac Ad Ah As"), cs("Kc Kd Kh"), cs("Qc Qd Qh Qs")))  # 80 + 30 + 40
    s = position(V, hands={"N": hand}, phase=P, scores=[7000, 0])
    apply(s, opening)
    assert code(s, Discard(C.parse("9c"))) is None
    samba = position("samba", hands={"N": hand}, phase=P, scores=[7000, 0])
    assert code(samba, opening) == "open.below_minimum"


def test_the_game_is_to_15000() -> None:
    """BCB, RGB, BNC, SC: the game ends when a side reaches 15000."""
    r = rules_for(load_variant(V))
    assert game_end(r, [14995, 12000], 0) == (False, None)
    assert game_end(r, [15000, 12000], 0) == (True, 0)


@pytest.mark.parametrize("bots", ["random", "greedy"])
def test_a_bot_game_is_recorded_and_replays_identically(
    bots: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """issue 10: a whole bot game of Bolivia, written by `canasta record`, replays to the same
    moves, hands and totals."""
    replays_identically(capsys, tmp_path, V, bots, seed=2)
