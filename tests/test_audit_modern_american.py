"""An audit of the built-in `modern-american` against public rule texts of Modern American
Canasta, case by case: each test states what a text says (in our words), cites it by its id in
canasta_rules/sources.py with its title and address, and asserts the engine's ruling or score.

Texts read (through the project's `pages` search corpus):

- CC: Canasta Connection, Canasta Rules (https://www.canastaconnection.com/canasta-rules)
- CCP: Canasta.com, Count the points in Modern Canasta
  (https://canasta.com/2023/01/19/count-the-points-in-modern-canasta/)
- CJ: Canasta Junction, Scoring guide - the Count
  (https://canastajunction.com/2024/09/02/scoring-guide-part-3), Picking the pack
  (https://canastajunction.com/2024/07/05/picking-the-pack-in-canasta/), Differences between
  Modern and Classic Canasta
  (https://canastajunction.com/2024/07/01/differences-between-modern-and-classic-canasta/) and
  its help page on talons
  (https://help.canastajunction.com/hc/en-us/articles/35271283732759-What-is-a-Talon-and-how-do-I-get-one)
- POC: Play Online Canasta, The Facts of Modern American Canasta (http://www.playonlinecanasta.com/)
- BUF: Meggiesoft, Classic vs Modern American Canasta (http://bufton.org/meggiesoft/canasta.htm)
- WUS: Wikipedia, US American Canasta, melding rules (copy)
  (https://liquisearch.com/canasta/us_american_canasta/melding_rules)
- PAG: Pagat, Modern American Canasta (https://pagat.com/rummy/canasta.html), read through copies
  (https://www.euroarab-forum.eu/fc30b6395c-pnfvabpneqtnzrehyrf.shtml,
  http://audioselect.biz/rules-for-the-card-game-casino.html)
- HBC: Honors Bridge Club, Canasta House Rules
  (http://www.honorsbridgeclub.org/canastahouserules.html)
- CHM: Chick Magnets, Canasta essentials (https://chickmagnets.co/pages/canasta-essentials)
- cat / CLA: the catalog's Modern American notes (shared/RULE-PARAMETERS.md) and the Canasta League
  of America rules as the Canasta Puntentelling specification reports them
  (https://ebbeling.github.io/canasta/)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import code, cs, finished, position, run_cli, with_stock

from canasta_rules import cards as C
from canasta_rules.engine import (
    Answer,
    Ask,
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
from canasta_rules.engine.checks import talon_size
from canasta_rules.engine.game import game_end
from canasta_rules.variant import load_variant

V = "modern-american"
P = Phase.PLAY
KINGS = "Kc Kd Kh Ks Kc Kd Kh"
QUEENS = "Qc Qd Qh Qs Qc Qd Qh"
SEVENS = "7c 7d 7h 7s 7c 7d 7h"
ACES = "Ac Ad Ah As Ac Ad Ah"
EMPTY = {"N": "", "E": "", "S": "", "W": ""}


def _row(melds: dict[int, list[str]], out: int = 0, **kw: Any) -> Any:
    """North-South's score row for a hand that ended as written (every hand empty unless
    ``hands`` says otherwise, no pile)."""
    hands = {**EMPTY, **kw.pop("hands", {})}
    s = position(V, hands=hands, melds=melds, pile="", **kw)
    return score_hand(finished(s, out))[0]


def _ruling(capsys: pytest.CaptureFixture[str], tmp_path: Path, pos: str, move: str) -> list[str]:
    """``canasta ruling`` on a position written to a file: the exit status and first line."""
    f = tmp_path / "p.pos"
    f.write_text(pos, encoding="utf-8")
    status, out, err = run_cli(capsys, "ruling", str(f), move)
    return [str(status), (out + err).splitlines()[0]]


OPENING_POS = """\
[Variant "modern-american"]
[Scores "NS {ns}, EW 0"]
[Dealer "W"]

hand N: {north}
hand E: 4c 5d 7h 7s 9c Td Jh
hand S: 6c 7d 8s Th Jc Qd
hand W: 4d 5h 6h 8c 9h Ts Kh
pile: 6d {top}
to move: N draw
"""


# --------------------------------------------------------------------------------------------
# The deal and the draw


def test_thirteen_cards_each_and_no_discard_pile() -> None:
    """POC: four players get 13 cards each and no card starts a discard pile; BUF: 13 dealt, no
    initial discard pile; CCOM and CHM: 13 each. After the deal (threes laid out and replaced,
    CC), every hand holds 13 cards, the pile is empty and the first player can only draw."""
    r = rules_for(load_variant(V))
    for seed in (1, 7, 19):
        s = deal(r, seed)
        assert [s.hand_len[p] for p in range(4)] == [13, 13, 13, 13]
        assert s.pile == []
        assert legal_moves(s) == [Draw()]


def test_one_card_is_drawn_from_the_stock() -> None:
    """BUF (the comparison table): in Modern American Canasta one card is taken from the stock,
    where the classic two-player game takes two; CHM: players draw one card. A two-card draw is
    refused."""
    s = with_stock(position(V, hands={"N": "9c 9d 5h"}, pile="8d"), "4c 4d 5c 6c 6d")
    assert code(s, Draw(cs("6d 6c"))) == "draw.too_many"
    apply(s, Draw())
    assert s.hand_len[0] == 4 and len(s.stock) == 4


# --------------------------------------------------------------------------------------------
# The pile: always frozen, natural pair only, never past seven, never a dead card


def test_pile_needs_a_natural_pair_even_onto_an_own_meld() -> None:
    """CJ (picking the pack): a player must hold a matching pair for the top card; BUF: the pile
    is always frozen. A side with four jacks melded takes a jack only with two natural jacks
    from hand: not by laying the top card on its meld, not with a jack and a wild card."""
    kw: dict[str, Any] = {"melds": {0: ["Jc Jd Jh Js"]}, "pile": "5c Jd"}
    single = position(V, hands={"N": "Jh 9d 9h 5d"}, **kw)
    assert code(single, TakePile(())) == "pile.way_not_allowed"
    with_wild = position(V, hands={"N": "Jh 2c 9d 9h"}, **kw)
    assert code(with_wild, TakePile(cs("Jh 2c"))) == "pile.way_not_allowed"
    pair = position(V, hands={"N": "Jh Js 9d 9h"}, **kw)
    assert code(pair, TakePile(cs("Jh Js"))) is None


def test_pickup_may_not_push_a_meld_past_seven() -> None:
    """CJ (picking the pack): picking adds three cards to the meld (the pair and the top card),
    so it is refused when the meld would pass seven; four nines take the pile (seven), six do
    not (nine)."""
    four = position(V, hands={"N": "9d 9h 5d 6h"}, melds={0: ["9c 9s 9c 9s"]}, pile="5c 9h")
    assert code(four, TakePile(cs("9d 9h"))) is None
    six = position(V, hands={"N": "9d 9h 5d 6h"}, melds={0: ["9c 9s 9c 9s 2c 2d"]}, pile="5c 9h")
    assert code(six, TakePile(cs("9d 9h"))) == "meld.canasta_closed"


def test_a_dead_card_on_top_cannot_be_picked() -> None:
    """CJ (picking the pack): the card picked may not be one used in a closed canasta by either
    team. East-West closed jacks (five jacks and two twos); North holds the other two jacks and
    a jack tops the pile: refused. An eight on top, with two eights, is taken."""
    jacks = "Jh Js Jc Jd Jh 2c 2d"
    kw: dict[str, Any] = {"melds": {0: ["Kc Kd Kh"], 1: [jacks]}}
    dead = position(V, hands={"N": "Js Jc 9d 9h"}, pile="5c Jd", **kw)
    assert code(dead, TakePile(cs("Js Jc"))) == "pile.dead_rank"
    live = position(V, hands={"N": "8c 8d 9d 9h"}, pile="5c 8h", **kw)
    assert code(live, TakePile(cs("8c 8d"))) is None


def test_a_dead_rank_is_not_melded_again() -> None:
    """CCOM (as docs/family/modern-american.md reports it) and CJ (differences page): once a
    canasta of a rank is finished the opposing team may not meld that rank; POC and WUS: a team
    never holds two melds of one rank. East-West closed sixes: North may not lay three sixes.
    North-South closed fives: North may not start a second meld of fives."""
    sixes = "6c 6d 6h 6s 6c 2c 2d"
    s = position(V, hands={"N": "6s 6h 6d 9d 9h"}, melds={0: ["Kc Kd Kh"], 1: [sixes]}, phase=P)
    assert code(s, Meld((cs("6s 6h 6d"),))) == "meld.dead_rank"
    fives = "5c 5d 5h 5s 5c 2h 2s"
    t = position(V, hands={"N": "5s 5h 5d 9d 9h"}, melds={0: [fives]}, phase=P)
    assert code(t, Meld((cs("5s 5h 5d"),))) == "meld.dead_rank"


# --------------------------------------------------------------------------------------------
# The opening: 125 / 155 / 180 by the side's total, and the clean triple


@pytest.mark.parametrize(
    ("ns", "north", "move", "verdict"),
    [
        # 0 points: 125 needed. K pair + top K (30) and three aces (60): 90, refused.
        ("0", "Kc Kd Ac Ad Ah 9d 9h 5c", "N take Ks with Kc Kd and Ac Ad Ah", "1"),
        # ... with a joker on the aces: 30 + 110 = 140, legal.
        ("0", "Kc Kd Ac Ad Ah Jk 9d 9h 5c", "N take Ks with Kc Kd and Ac Ad Ah Jk", "0"),
        # 2995 is still below 3000: 125, so 140 suffices.
        ("2995", "Kc Kd Ac Ad Ah Jk 9d 9h 5c", "N take Ks with Kc Kd and Ac Ad Ah Jk", "0"),
        # 3000: 155, so 140 is refused.
        ("3000", "Kc Kd Ac Ad Ah Jk 9d 9h 5c", "N take Ks with Kc Kd and Ac Ad Ah Jk", "1"),
        # A negative total needs 125 too: 90 is refused.
        ("-650", "Kc Kd Ac Ad Ah 9d 9h 5c", "N take Ks with Kc Kd and Ac Ad Ah", "1"),
    ],
)
def test_opening_minimum_by_the_sides_total(
    ns: str,
    north: str,
    move: str,
    verdict: str,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    """cat and CLA (reported): the initial meld needs 125 below 3000 (a negative total too), 155
    from 3000 to 4995, 180 from 5000; CJ (differences page): Modern needs 125, 155 or 180 where
    classic needs 15, 50, 90 or 120. Opening with the pile, the top card counts."""
    pos = OPENING_POS.format(ns=ns, north=north, top="Ks")
    status, line = _ruling(capsys, tmp_path, pos, move)
    assert status == verdict, line
    if verdict == "1":
        assert line.endswith("(open.below_minimum)")


def test_180_from_5000_and_the_opponents_total_does_not_count() -> None:
    """cat, CLA (reported): from 5000 the opening needs 180. At NS 5000, three aces with a joker,
    three kings and four queens (110 + 30 + 40 = 180) open; with three queens (170) they do
    not. The minimum is the side's own: EW at 6000 does not raise NS's 125."""
    full = {"N": "Ac Ad Ah Jk Kc Kd Kh Qc Qd Qh Qs 9d 9h"}
    rich = position(V, hands=full, phase=P, scores=[5000, 0])
    assert code(rich, Meld((cs("Ac Ad Ah Jk"), cs("Kc Kd Kh"), cs("Qc Qd Qh Qs")))) is None
    hand = {"N": "Ac Ad Ah Jk Kc Kd Kh Qc Qd Qh 9d 9h"}
    opening = Meld((cs("Ac Ad Ah Jk"), cs("Kc Kd Kh"), cs("Qc Qd Qh")))
    short = position(V, hands=hand, phase=P, scores=[5000, 0])
    assert code(short, opening) == "open.below_minimum"
    poor = position(V, hands=hand, phase=P, scores=[0, 6000])
    assert code(poor, opening) is None


def test_the_opening_needs_a_meld_of_three_naturals() -> None:
    """CLA (reported): the opening must contain a clean triple; HBC: a clean canasta in the
    opening 'satisfies the clean triple'. Kings with a two and aces with a joker (50 + 90 = 140)
    have no clean meld and are refused; three clean kings with the aces open."""
    s = position(V, hands={"N": "Kc Kd Kh 2c Ac Ad Jk 9d 9h"}, phase=P)
    assert code(s, Meld((cs("Kc Kd Kh 2c"), cs("Ac Ad Jk")))) == "open.clean_triple"
    t = position(V, hands={"N": "Kc Kd Kh Ac Ad Ah Jk 9d 9h"}, phase=P)
    assert code(t, Meld((cs("Kc Kd Kh"), cs("Ac Ad Ah Jk")))) is None


def test_a_natural_pair_and_the_top_card_are_a_clean_triple() -> None:
    """CLA (reported): the clean triple is three natural cards of one rank; CJ (picking the
    pack): the pair from hand and the top card go to the table together. Opening with the pile
    (pair of kings + king on top) and a dirty ace meld (30 + 110 = 140) is legal."""
    s = position(V, hands={"N": "Kc Kd Ac Ad Jk 2c 9d 9h 5c"}, pile="6c Ks")
    assert code(s, TakePile(cs("Kc Kd"), (cs("Ac Ad Jk 2c"),))) is None


def test_the_opening_may_close_a_clean_canasta_not_a_dirty_one() -> None:
    """HBC (rule 7): the initial meld may not close a mixed canasta, but may close a natural one
    (which also satisfies the clean triple). Seven pure aces open alone (140); five kings with
    two twos beside three aces (90 + 60) do not."""
    s = position(V, hands={"N": f"{ACES} 9d 9h"}, phase=P)
    assert code(s, Meld((cs(ACES),))) is None
    t = position(V, hands={"N": "Kc Kd Kh Ks Kc 2c 2d Ac Ad Ah 9d 9h"}, phase=P)
    assert code(t, Meld((cs("Kc Kd Kh Ks Kc 2c 2d"), cs("Ac Ad Ah")))) == "open.mixed_canasta"


# --------------------------------------------------------------------------------------------
# Melds: three to seven cards, two naturals, at most two wild cards, five before a wild


def test_a_meld_has_at_least_three_cards() -> None:
    """POC: a natural meld holds three cards at least and seven at most; WUS: melds as in
    classic. Two kings alone are no meld."""
    s = position(V, hands={"N": "Kc Kd 9d 9h 5c"}, melds={0: ["Qc Qd Qh"]}, phase=P)
    assert code(s, Meld((cs("Kc Kd"),))) == "meld.too_small"


def test_no_meld_passes_seven_cards() -> None:
    """POC (seven cards tops), WUS (melds of more than seven strictly forbidden; the common
    exception when going out is not taken, the file pins that), CJ: a canasta holds at most
    seven. An eighth king is refused."""
    s = position(V, hands={"N": "Ks Ks 9d 9h"}, melds={0: ["Kc Kd Kh Kc Kd Kh"]}, phase=P)
    assert code(s, Meld(adds=((13, cs("Ks Ks")),))) == "meld.canasta_closed"
    assert code(s, Meld(adds=((13, cs("Ks")),))) is None
    t = position(V, hands={"N": "Jk 9d 9h 5c"}, melds={0: [QUEENS]}, phase=P)
    assert code(t, Meld(adds=((12, cs("Jk")),))) == "meld.canasta_closed"


def test_at_most_two_wild_cards_even_in_the_opening() -> None:
    """POC, WUS, CC: never more than two wild cards in a meld (classic allows three). In the
    opening, three kings with three wild cards are refused; with two (70, beside three aces)
    they are legal."""
    hand = {"N": "Kc Kd Kh 2c 2d Jk Ac Ad Ah 9d"}
    s = position(V, hands=hand, phase=P)
    assert code(s, Meld((cs("Kc Kd Kh 2c 2d Jk"), cs("Ac Ad Ah")))) == "meld.too_many_wild"
    assert code(s, Meld((cs("Kc Kd Kh 2c 2d"), cs("Ac Ad Ah")))) is None


def test_a_wild_card_needs_two_naturals_beside_it() -> None:
    """POC: a regular meld needs two natural cards; CC: in the opening a meld may take wild cards
    if it holds at least two naturals. One king with two wild cards is refused."""
    s = position(V, hands={"N": "Kc 2c Jk Qc Qd Qh Ac Ad Ah 9d"}, phase=P)
    ref = code(s, Meld((cs("Kc 2c Jk"), cs("Qc Qd Qh"), cs("Ac Ad Ah"))))
    assert ref is not None and ref.startswith("meld.")


def test_after_the_opening_a_wild_card_needs_five_naturals() -> None:
    """CC, HBC (rule 3): after the opening a wild card may join only a meld already holding five
    natural cards. Onto four nines: refused; onto five: legal; a new meld with a wild card:
    refused."""
    base: dict[str, Any] = {"hands": {"N": "2h 9d Td Th 4c"}, "phase": P}
    four = position(V, melds={0: ["Kc Kd Kh", "9c 9h 9s 9c"]}, **base)
    assert code(four, Meld(adds=((9, cs("2h")),))) == "meld.wild.few_naturals"
    five = position(V, melds={0: ["Kc Kd Kh", "9c 9h 9s 9c 9s"]}, **base)
    assert code(five, Meld(adds=((9, cs("2h")),))) is None
    assert code(five, Meld((cs("Td Th 2h"),))) == "meld.wild.few_naturals"


# --------------------------------------------------------------------------------------------
# Sevens and aces


def test_sevens_take_no_wild_card_even_in_the_opening() -> None:
    """POC: a wild card may never be used in a meld of sevens; WUS: melds of sevens cannot include
    wild cards. An opening meld of three sevens and a two is refused."""
    s = position(V, hands={"N": "7c 7d 7h 2c Ac Ad Ah Jk 9d"}, phase=P)
    assert code(s, Meld((cs("7c 7d 7h 2c"), cs("Ac Ad Ah Jk")))) == "meld.special.wild"


def test_aces_take_a_wild_card_only_in_the_opening() -> None:
    """POC: aces may be melded with wild cards only in a team's first meld; WUS: if the initial
    meld includes aces, wild cards may be added then, otherwise aces are treated like sevens.
    After the opening a new meld of two aces and a two is refused, and so is a two on five pure
    aces."""
    later = position(V, hands={"N": "Ac Ad 2c 9d 9h"}, melds={0: ["Kc Kd Kh"]}, phase=P)
    assert code(later, Meld((cs("Ac Ad 2c"),))) == "meld.special.wild"
    pure = position(V, hands={"N": "2c 9d 9h"}, melds={0: ["Kc Kd Kh", "Ac Ad Ah As Ac"]}, phase=P)
    assert code(pure, Meld(adds=((14, cs("2c")),))) == "meld.special.wild"
    opening = position(V, hands={"N": "Ac Ad Ah Jk Kc Kd Kh 9d 9h"}, phase=P)
    assert code(opening, Meld((cs("Ac Ad Ah Jk"), cs("Kc Kd Kh")))) is None


def test_sevens_and_pure_aces_canastas_count_2500() -> None:
    """CCP: a pure canasta of aces or sevens is worth 2500; WUS: a canasta of sevens 2500 rather
    than 500. An ace canasta holding a wild card from the opening counts as mixed (300)."""
    assert _row({0: [SEVENS]}).natural_canastas == 2500
    assert _row({0: [ACES]}).natural_canastas == 2500
    dirty = _row({0: ["Ac Ad Ah As Ac Ad 2c"]})
    assert (dirty.natural_canastas, dirty.mixed_canastas) == (0, 300)


def test_unfinished_sevens_or_pure_aces_cost_2500_each() -> None:
    """CCP: each incomplete pure canasta of aces or sevens costs 2500; WUS: the same for sevens,
    and aces like sevens. A side with four sevens and three aces on the table loses 5000."""
    row = _row({0: [KINGS, QUEENS, "7c 7d 7h 7s", "Ac Ad Ah"]}, out=1)
    assert row.penalties == -5000


def test_three_aces_or_sevens_in_hand_cost_1500_each_set() -> None:
    """CCP: three or more aces, even dead ones, or three or more sevens in one player's hand cost
    1500, counted twice if each partner holds such a set; CJ: 1500 for each set, both sets
    3000. North holds three aces (dead: EW closed aces), South four sevens."""
    row = _row(
        {0: [KINGS], 1: ["Ac Ad Ah As Ac 2c 2d"]},
        out=1,
        hands={"N": "Ad Ah As", "S": "7c 7d 7h 7s"},
    )
    assert row.sets_in_hand == -3000
    assert row.hands == -(3 * 20 + 4 * 5)


# --------------------------------------------------------------------------------------------
# Wild card melds


def _wild_canasta(cards: str) -> int:
    s = position(V, hands={"N": f"{cards} 9d 9h"}, melds={0: ["8c 8d 8h"]}, phase=P)
    apply(s, Meld((cs(cards),)))
    return score_hand(finished(s, -1))[0].wild_canastas


def test_wild_card_canastas_by_make_up() -> None:
    """CCP: a canasta of twos 3000; the four jokers with three twos 2500; any other mix 2000
    (WUS: the same three values)."""
    assert _wild_canasta("2c 2d 2h 2s 2c 2d 2s") == 3000
    assert _wild_canasta("Jk Jk Jk Jk 2c 2h 2s") == 2500
    assert _wild_canasta("Jk Jk 2c 2d 2h 2s 2c") == 2000


def test_a_wild_meld_holds_three_to_seven_cards() -> None:
    """CC: a meld of only wild cards holds three to seven twos and jokers."""
    s = position(V, hands={"N": "2c 2d 2h 2s 2c 2d 2h Jk 9d"}, melds={0: ["8c 8d 8h"]}, phase=P)
    assert code(s, Meld((cs("2c 2d"),))) == "meld.wild.too_small"
    assert code(s, Meld((cs("2c 2d 2h 2s 2c 2d 2h Jk"),))) == "meld.wild.too_big"
    assert code(s, Meld((cs("2c 2d 2h"),))) is None


def test_an_unfinished_wild_meld_costs_2000() -> None:
    """CCP: an incomplete wild-card canasta costs 2000; WUS: failing to complete one costs 2000."""
    s = position(V, hands={"N": "Jk 2c 2d 9d 9h"}, melds={0: ["8c 8d 8h"]}, phase=P)
    apply(s, Meld((cs("Jk 2c 2d"),)))
    assert score_hand(finished(s, 1))[0].penalties == -2000


# --------------------------------------------------------------------------------------------
# Threes


def test_threes_are_scored_colour_by_colour() -> None:
    """CCP: threes count by colour: one 100, two 300, three 500, four 1000, as a bonus for a team
    with two or more canastas. Two red threes (300) and three black ones (500)."""
    row = _row({0: [KINGS, QUEENS]}, red3={0: "3d 3h 3c 3s 3c"})
    assert (row.red_threes, row.laid_black_threes) == (300, 500)


def test_threes_count_nothing_with_one_canasta_and_minus_with_none() -> None:
    """CCP: with exactly one canasta the threes are disregarded; with none they are deducted. Four
    red threes: 0 with one canasta, -1000 with none."""
    one = _row({0: [KINGS]}, out=1, red3={0: "3d 3h 3d 3h"})
    none = _row({0: ["Kc Kd Kh"]}, out=1, red3={0: "3d 3h 3d 3h"})
    assert (one.red_threes, none.red_threes) == (0, -1000)


# --------------------------------------------------------------------------------------------
# Discards on an empty pile


def test_no_seven_ace_or_wild_card_onto_an_empty_pile() -> None:
    """CJ (picking the pack): no seven, ace, wild card or dead card (SWAD) may be discarded on an
    empty pile; PAG: on an empty pile (first turn, or after taking the pile) no ace or seven.
    Holding a nine too, the seven, ace and joker are refused; the same seven onto a pile with a
    card is legal."""
    kw: dict[str, Any] = {"hands": {"N": "7c Ac Jk 9d"}, "melds": {0: ["Kc Kd Kh"]}, "phase": P}
    empty = position(V, pile="", **kw)
    for card in ("7c", "Ac", "Jk"):
        assert code(empty, Discard(C.parse(card))) == "discard.empty_pile"
    assert code(empty, Discard(C.parse("9d"))) is None
    assert code(position(V, pile="8d", **kw), Discard(C.parse("7c"))) is None


def test_after_taking_the_pile_the_discard_may_not_be_an_ace() -> None:
    """CJ (picking the pack): the turn that picks the pack must end with a legal discard, and the
    pile is then empty, so no ace. PAG: the same after taking the pile."""
    s = position(V, hands={"N": "8c 8h Ac 5d 6d"}, melds={0: ["Kc Kd Kh"]}, pile="9h 8d")
    apply(s, TakePile(cs("8c 8h")))
    assert code(s, Discard(C.parse("Ac"))) == "discard.empty_pile"
    assert code(s, Discard(C.parse("5d"))) is None


def test_only_aces_sevens_and_wild_cards_left_may_be_discarded() -> None:
    """PAG: an ace or seven may go onto the empty pile when the player has no other natural card.
    Holding a seven and a two only, the seven may be discarded."""
    s = position(V, hands={"N": "7c 2d"}, melds={0: ["Kc Kd Kh"]}, pile="", phase=P)
    assert code(s, Discard(C.parse("7c"))) is None


# --------------------------------------------------------------------------------------------
# Talons


def test_talons_four_for_the_first_side_three_for_the_second() -> None:
    """PAG: the first team to meld draws four bonus cards, the second three; HBC (rule 2): the
    talon is taken after the initial meld and the discard; CJ (talon help page): four to the
    first team's melder, three to the second's, right after the discard."""
    stock = "4c 4d 5h 6c 6d 6h 9c 9h Tc Th Td Jc"
    first = with_stock(position(V, hands={"N": "Kc Kd Kh Ac Ad Ah Jk 9d 5c"}, phase=P), stock)
    apply(first, Meld((cs("Kc Kd Kh"), cs("Ac Ad Ah Jk"))))
    assert talon_size(first) == 4
    hand = {"N": "Kc Kd Kh Ac Ad Ah Jk 9d 5c"}
    second = with_stock(position(V, hands=hand, melds={1: ["Qc Qd Qh"]}, phase=P), stock)
    apply(second, Meld((cs("Kc Kd Kh"), cs("Ac Ad Ah Jk"))))
    assert talon_size(second) == 3
    apply(second, Discard(C.parse("5c")))
    assert second.hand_len[0] == 1 + 3


def test_no_talon_for_an_opening_that_picks_the_pack() -> None:
    """HBC (rule 6): melding and picking the pack in the same turn earns no talon; CJ (talon help
    page): no talon when the initial meld picks the pack."""
    s = position(V, hands={"N": "Kc Kd Ac Ad Ah Jk 9d 5c 6h"}, pile="6c Ks")
    with_stock(s, "4c 4d 5h 6c 6d 6h 9c 9h Tc Th Td Jc")
    apply(s, TakePile(cs("Kc Kd"), (cs("Ac Ad Ah Jk"),)))
    assert talon_size(s) == 0


def test_no_talon_once_the_turn_card_is_reached() -> None:
    """HBC (rule 1, 5): eight cards are counted from the bottom and the ninth turned; melding
    after the turn card earns no talon. CJ (talon help page): none after the turn card; CLA
    (reported): only while nine cards remain. With nine cards in stock a talon is due; with
    eight, none."""
    hand = {"N": "Kc Kd Kh Ac Ad Ah Jk 9d 5c"}
    for stock, due in (("4c 4d 5h 6c 6d 6h 9c 9h Tc", 4), ("4c 4d 5h 6c 6d 6h 9c 9h", 0)):
        s = with_stock(position(V, hands=hand, phase=P), stock)
        apply(s, Meld((cs("Kc Kd Kh"), cs("Ac Ad Ah Jk"))))
        assert talon_size(s) == due


# --------------------------------------------------------------------------------------------
# Going out


def test_going_out_needs_two_canastas() -> None:
    """cat, CLA (reported): a team needs two canastas to go out. With one, the last discard is
    refused; with a natural canasta and one of sevens, it goes out."""
    one = position(V, hands={"N": "5c"}, melds={0: [KINGS]}, phase=P)
    assert code(one, Discard(C.parse("5c"))) == "out.canastas"
    two = position(V, hands={"N": "5c"}, melds={0: [KINGS, SEVENS]}, phase=P)
    assert code(two, Discard(C.parse("5c"))) is None
    apply(two, Discard(C.parse("5c")))
    assert two.over and two.end_reason == "went_out"


def test_going_out_needs_a_final_discard() -> None:
    """cat, CLA (reported): the last card must be discarded. Melding the last three cards is
    refused; holding a fourth card, the same meld is legal and the discard goes out."""
    s = position(V, hands={"N": "9d 9h 9s"}, melds={0: [KINGS, QUEENS]}, phase=P)
    assert code(s, Meld((cs("9d 9h 9s"),))) == "out.final_discard"
    t = position(V, hands={"N": "9d 9h 9s 5c"}, melds={0: [KINGS, QUEENS]}, phase=P)
    apply(t, Meld((cs("9d 9h 9s"),)))
    apply(t, Discard(C.parse("5c")))
    assert t.end_reason == "went_out"


def test_no_going_out_with_an_open_wild_meld() -> None:
    """CC: a team whose wild-card meld holds fewer than seven cards cannot go out."""
    s = position(V, hands={"N": "2c 2d Jk 9d 9h 9s 5c"}, melds={0: [KINGS, QUEENS]}, phase=P)
    apply(s, Meld((cs("2c 2d Jk"),)))
    assert code(s, Meld((cs("9d 9h 9s"),))) == "out.wild_meld_open"


def test_permission_is_asked_once_per_hand() -> None:
    """cat (the catalog's Modern American note): permission to go out may be asked once per
    hand. North, able to go out, asks, hears no and discards;
    the others play a round; North, able again after drawing, may not ask again."""
    s = position(V, hands={"N": "9d 9h 9s 5c"}, melds={0: [KINGS, QUEENS]}, phase=P, pile="8d")
    with_stock(s, "4c 4d 4h 6c 6d 6h 8c 8h Tc Th")
    assert code(s, Ask()) is None
    apply(s, Ask())
    apply(s, Answer(False))
    apply(s, Discard(C.parse("5c")))
    for _ in range(3):
        top = s.stock[-1]
        apply(s, Draw())
        apply(s, Discard(top))
    apply(s, Draw())
    assert (s.turn, s.phase) == (0, P)
    assert code(s, Ask()) == "ask.once_per_hand"


def test_going_out_earns_100_and_nothing_more_concealed() -> None:
    """CCP: the team that went out counts 100; cat, CLA (reported): no bonus for going out
    concealed."""
    s = finished(position(V, hands=EMPTY, melds={0: [KINGS, QUEENS]}, pile=""), 0)
    assert score_hand(s)[0].going_out == 100
    s.concealed = True
    assert score_hand(s)[0].going_out == 100


def test_a_side_without_a_canasta_counts_its_melds_minus() -> None:
    """CJ (the Count): with no canasta, the face value of all the team's cards, melded ones
    included, counts minus. Three jacks and three tens on the table: -60."""
    row = _row({0: ["Jc Jd Jh", "Tc Td Th"], 1: [KINGS]}, out=1)
    assert row.melds == -60


# --------------------------------------------------------------------------------------------
# The game


def test_the_game_is_played_to_8500() -> None:
    """POC: the target is usually 8500; CHM: the game ends when a team reaches 8500 and the higher
    score wins. 8499 plays on; 8500 ends it; both past it, the higher total wins."""
    r = rules_for(load_variant(V))
    assert game_end(r, [8499, 7000], 0) == (False, None)
    assert game_end(r, [8500, 7000], 0) == (True, 0)
    assert game_end(r, [8700, 9100], 0) == (True, 1)
