"""An audit of hand-and-foot and hand-and-foot-six against public rule texts of Hand and Foot.

Each test states a rule in our words and names the text it comes from. Ids are those of
canasta_rules/sources.py (BW, RGH, BGA, NWP, RDC, DNX, TX, JC: docs/family/hand-and-foot.md gives
their titles and addresses). Other texts, read through the project's search tool, are cited by
title and address:

- GSF: Good Sams Florida, "Game Rules - Hand and Foot",
  http://goodsams-florida.org/GameRules-HandandFoot.html
- RDM: Roger DeMeritt, "Rules of the game, as played by Roger DeMeritt & friends",
  http://rogerdem.tripod.com/myrules.htm
- LR: "Rules of the game, as played at Lakemont Ridge Park", http://la.gradeless.com/handandfoot.htm
- RP: Rarepike, "Hand and Foot scoring guide", https://rarepike.com/hand-and-foot/scoring-guide
- DW: Dr Wingnut, "Hand & Foot card game", https://www.drwingnut.info/?p=8904
- ARC: Arcadeferro's copy of a Hand and Foot rule page,
  http://arcadeferro.blogg.se/2022/june/i-want-to-play-hand-and-foot-card-game-on-line.html
- BGAE: Board Game Arena, "Hand and Foot" help page (English),
  https://en.doc.boardgamearena.com/Gamehelphandandfoot (BGA's text; the copy at
  http://animalstill.blogg.se/2022/may/card-game-canasta-online-free.html has its later sections)
- RV: Ron Veenstra, "Card Games 3: Hand and Foot",
  http://ronveenstra.com/2006/02/card-games-3-hand-and-foot/
- PCH: Pachunka, "Hand and Foot", https://pachunka.com/games/handnfoot

The rulings are asked as a player at the table would ask them: a position in the notation
(docs/notation.md) and a move, through canasta_rules.notation.ruling.rule_on; scores through
score_hand on a finished position.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import finished, points, position, run_cli

from canasta_rules import cards as C
from canasta_rules.engine import Phase, deal, rules_for, score_hand
from canasta_rules.engine.game import game_end
from canasta_rules.notation import parse, read_position
from canasta_rules.notation.ruling import Verdict, rule_on
from canasta_rules.variant import load_variant

V = "hand-and-foot"
V6 = "hand-and-foot-six"

ALL_TAKEN = "foot N: taken\nfoot E: taken\nfoot S: taken\nfoot W: taken\n"
# A foot of 13 for North: four triples and an ace to discard.
N_FOOT = (
    "foot N: 4c 4d 4h 5c 5d 5h 6c 6d 6h 8c 8d 8h Ac\nfoot E: taken\nfoot S: taken\nfoot W: taken\n"
)
# Two clean and two dirty books (the contract, BGA and GSF).
BOOKS = "Kc Kd Kh Ks Kc Kd Kh, Qc Qd Qh Qs Qc Qd Qh, Jc Jd Jh Js 2c 2d Jk, Tc Td Th Ts Tc 2h 2s"
OPENED = "Kc Kd Kh"


def pos_text(
    n: str,
    *,
    to_move: str = "play",
    pile: str = "7c 4s 9d",
    ns: str = OPENED,
    feet: str = ALL_TAKEN,
    extra: str = "",
    variant: str = V,
) -> str:
    melds = f"melds NS: {ns}\n" if ns else ""
    return (
        f'[Variant "{variant}"]\n\n'
        f"hand N: {n}\n"
        "hand E: 4c 5d 7h 7s 9c Td Jh\n"
        "hand S: 6c 7d 8s Th Jc Qd Ac\n"
        "hand W: 4d 5h 6h 8c 9h Ts Kh\n"
        f"{feet}{melds}pile: {pile}\n{extra}to move: N {to_move}\n"
    )


def ruling(move: str, n: str, **kw: str) -> Verdict:
    return rule_on(read_position(parse(pos_text(n, **kw), "audit.pos")), move)


def refused(move: str, n: str, **kw: str) -> str | None:
    """The rule code refusing ``move`` (None when it is legal)."""
    v = ruling(move, n, **kw)
    return None if v.legal else (v.refusal.code if v.refusal else "?")


# --------------------------------------------------------------------------------------------
# The table, the packs and the deal


def test_five_packs_with_their_jokers_for_four() -> None:
    """BW ('Players, Cards'): four players use five ordinary packs with two jokers each, 270 cards
    in all. RP: with five packs there are ten red threes."""
    r = rules_for(load_variant(V))
    deck = list(r.deck)
    assert len(deck) == 270
    assert deck.count(C.JOKER) == 10
    assert sum(1 for c in deck if C.is_red_three(c)) == 10
    assert r.players == 4 and r.sides == 2 and r.side_size == 2


def test_seven_packs_for_six_in_two_teams_of_three() -> None:
    """BW: one pack more than the players (six players, seven packs), played as three against
    three; 7 x 54 = 378 cards, 14 jokers, 14 red threes."""
    r = rules_for(load_variant(V6))
    deck = list(r.deck)
    assert len(deck) == 378
    assert sum(1 for c in deck if C.is_red_three(c)) == 14
    assert r.players == 6 and r.sides == 2 and r.side_size == 3
    # Fourteen red threes laid out by one side score 100 each (BGA, JC), as for four.
    s = finished(position(V6, hands={"A": "5s"}, turn="A", red3={0: " ".join(["3h", "3d"] * 7)}))
    assert score_hand(s)[0].red_threes == 1400


def test_hand_and_foot_of_thirteen_and_red_threes_laid_out_from_the_hand() -> None:
    """BW ('The Deal'): each player gets a hand of 13 and a foot of 13, the foot left face down.
    BGA (order of play): red threes in the hand are played and replaced, so no hand holds one
    when play starts; the foot keeps its cards until taken up."""
    r = rules_for(load_variant(V))
    for seed in range(6):
        s = deal(r, seed)
        assert s.hand_len == [13] * 4
        assert [len(f) for f in s.feet] == [13] * 4
        for p in range(4):
            assert not any(C.is_red_three(c) for c in s.hand_cards(p))


def test_draw_exactly_two() -> None:
    """BGA (order of play): a turn begins by drawing two cards from the stock (GSF: each player
    must draw two cards)."""
    kw = {"to_move": "draw"}
    assert refused("draw 5c", "9c 9d 9h 5s", **kw) == "draw.too_few"
    assert refused("draw 5c 6c", "9c 9d 9h 5s", **kw) is None
    assert refused("draw 5c 6c 7c", "9c 9d 9h 5s", **kw) == "draw.too_many"


def test_a_red_three_drawn_is_laid_out_and_replaced() -> None:
    """BGA (order of play): draw two cards, playing and replacing any red three drawn; it then
    scores 100 for the side (BGA's table, JC)."""
    v = ruling("draw 3h 5c 6c", "9c 9d 9h 5s", to_move="draw")
    assert v.legal and v.after is not None
    assert C.parse("3h") in v.after.red3[0]
    assert v.after.hand_len[0] == 4 + 2


# --------------------------------------------------------------------------------------------
# Melds and books


def test_a_meld_is_three_or_more_of_one_rank() -> None:
    """BW (minimum card count): every starting meld has at least three cards; NWP: three or
    more cards start a book, and the game uses sets, not runs (LR: no runs are allowed)."""
    assert refused("meld 9c 9d", "9c 9d 5s 6s") == "meld.too_small"
    assert refused("meld 5h 6h 7h", "5h 6h 7h 9s") == "meld.mixed_ranks"
    assert refused("meld 9c 9d 9h", "9c 9d 9h 5s 6s") is None


def test_several_starting_melds_make_the_minimum_together() -> None:
    """BW: there may be more than one starting meld, of different ranks, to meet the round's
    minimum (50 in round one): three kings (30) alone are short, kings and queens (60) meet it."""
    hand = "Kc Kd Kh Qc Qd Qh 5s 6s"
    assert refused("meld Kc Kd Kh discard 5s", hand, ns="") == "open.below_minimum"
    assert refused("meld Kc Kd Kh, Qc Qd Qh discard 5s", hand, ns="") is None
    # The minimum is judged over the whole turn: two meld actions count together.
    assert refused("meld Kc Kd Kh meld Qc Qd Qh discard 5s", hand, ns="") is None


def test_fewer_wild_cards_than_naturals() -> None:
    """NWP: the wild cards in a book must be fewer than its natural cards (GSF: one more natural
    card than wild cards; RDM: more natural cards than wild cards)."""
    hand = "9c 9d 2c 2d 5s 6s"
    assert refused("meld 9c 9d 2c", hand) is None
    assert refused("meld 9c 9d 2c 2d", hand) == "meld.wild_not_fewer_than_natural"
    assert refused("meld 9c 2c 2d", hand) == "meld.too_few_naturals"


def test_never_more_than_three_wild_cards_in_a_book() -> None:
    """NWP: the wild cards in a book can never exceed three (DW: at most three in a set; GSF: a
    black book holds up to three wild cards); and a book is closed at seven cards (NWP), so a
    dirty book of seven takes neither a wild card nor a natural, and a clean one stays clean
    (Rarepike: no wild card onto a completed clean book)."""
    assert refused("meld 9c 9d 9h 2c 2d 2h Jk", "9c 9d 9h 2c 2d 2h Jk 5s 6s") == (
        "meld.too_many_wild"
    )
    dirty = "9c 9d 9h 9s 2c 2d 2h"
    assert refused("add 9: Jk", "Jk 5s 6s", ns=dirty) == "meld.canasta_closed"
    assert refused("add 9: 9d", "9d 5s 6s", ns=dirty) == "meld.canasta_closed"
    clean = "9c 9d 9h 9s 9c 9d 9h"
    assert refused("add 9: Jk", "Jk 5s 6s", ns=clean) == "meld.canasta_closed"
    assert refused("add 9: 2c", "2c 5s 6s", ns="9c 9d 9h 9s 9c 9d") is None


def test_threes_are_never_melded() -> None:
    """DW: a set of threes is not allowed; BGA: black threes cannot be melded at all (red threes
    are laid out apart, never in a meld)."""
    assert refused("meld 3c 3s 3c", "3c 3s 3c 5s 6s") == "meld.black_threes.never"


def test_a_meld_of_wild_cards_is_allowed_from_three() -> None:
    """BW: jokers and twos may make up mixed melds or wild-card melds; BGA: a meld of all wild
    cards, where the house allows it, scores more than a clean book. A meld starts at three."""
    assert refused("meld 2c 2d Jk", "2c 2d Jk 5s 6s") is None
    assert refused("meld 2c 2d", "2c 2d Jk 5s 6s") == "meld.wild.too_small"


def test_book_bonuses_clean_dirty_and_wild() -> None:
    """BGA (scoring table): clean book 500, dirty book 300, wild book 1500; JC: each clean pile
    500, each dirty pile 300. The cards in the books count their values besides."""
    clean, dirty, wild = "Kc Kd Kh Ks Kc Kd Kh", "Jc Jd Jh Js 2c 2d Jk", "2h 2s Jk Jk 2c 2d 2h"
    s = finished(position(V, hands={"N": "5s"}, melds={0: [clean, dirty, wild]}))
    sc = score_hand(s)[0]
    assert (sc.natural_canastas, sc.mixed_canastas, sc.wild_canastas) == (500, 300, 1500)
    assert (sc.natural_count, sc.mixed_count, sc.wild_count) == (1, 1, 1)
    assert sc.melds == points(V, clean) + points(V, dirty) + points(V, wild) == 70 + 130 + 200


def test_a_clean_book_of_seven_tens_counts_570() -> None:
    """RP (book bonuses): a clean book of seven tens counts its 500 bonus and 7 x 10 for the
    cards, 570 in all."""
    s = finished(position(V, hands={"N": "5s"}, melds={0: ["Tc Td Th Ts Tc Td Th"]}))
    sc = score_hand(s)[0]
    assert sc.natural_canastas + sc.melds == 570


def test_rarepikes_round_total_of_1695() -> None:
    """RP (score calculation example): two clean books (kings, eights) 1000, one dirty book 300,
    melded card points 340, going out 100, three cards left in the partner's hand -45: 1695.

    The example's side has only one dirty book, short of the built-in contract, so the hand is
    ended directly (the arithmetic, not the right to go out, is what the example shows)."""
    melds = [
        "Kc Kd Kh Ks Kc Kd Kh",  # 70
        "8c 8d 8h 8s 8c 8d 8h",  # 70
        "5c 5d 5h 5s 5c 2c 2d",  # 65
        "Ac Ad Ah",  # 60
        "Qc Qd Qh",  # 30
        "9c 9d 9h",  # 30
        "4c 4d 4h",  # 15
    ]
    s = finished(position(V, hands={"N": "", "S": "Ac 2c 5h"}, melds={0: melds}), out_player=0)
    sc = score_hand(s)[0]
    assert sc.melds == 340
    assert (sc.natural_canastas, sc.mixed_canastas, sc.going_out, sc.hands) == (1000, 300, 100, -45)
    assert sc.total == 1695


# --------------------------------------------------------------------------------------------
# Taking the discard pile


def test_a_natural_pair_takes_the_whole_pile() -> None:
    """RDM: to pick up the pile a player needs a pair in hand matching the top card, and the
    entire pile is picked up (RGH: the whole pile). NWP: the top card and the two cards from the
    hand go to the table at once, the rest of the cards taken to the hand."""
    pile = "5c 6d 7h 8s Td 9d"
    v = ruling("take 9d with 9s 9h", "9s 9h 5s 6s", to_move="draw", pile=pile)
    assert v.legal and v.after is not None
    assert v.after.pile == []
    assert v.after.hand_len[0] == 4 - 2 + (len(pile.split()) - 1)
    assert v.after.melds[0][C.RANK_OF[C.parse("9d")]].size == 3


def test_one_natural_and_a_wild_card_do_not_take_the_pile() -> None:
    """NWP (drawing from the discard pile): two cards in the hand must match the top card (only a
    house rule allows one wild card and one match)."""
    code = refused("take 9d with 9s 2h", "9s 2h 5s 6s", to_move="draw")
    assert code == "pile.way_not_allowed"


def test_the_top_card_alone_on_a_meld_does_not_take_the_pile() -> None:
    """RDM and NWP: a matching pair from the hand is needed even when the side has a meld of the
    rank (RGH's second way, adding the top card to a meld, is a reading the variant drops)."""
    code = refused("take 9d", "8s 2h 5s 6s", to_move="draw", ns="Kc Kd Kh, 9c 9h 9s")
    assert code == "pile.way_not_allowed"


def test_a_wild_card_on_top_blocks_the_pile() -> None:
    """NWP: the discard pile cannot be taken while a wild card is on top (LR: a two on top may not
    be picked up). BW would let a matching wild pair take it: see the report."""
    kw = {"to_move": "draw", "pile": "7c 4s 2c"}
    assert refused("take 2c with 2d 2h", "2d 2h 5c 6c", **kw) == "pile.top_wild"


def test_a_black_three_on_top_blocks_the_pile() -> None:
    """NWP: a three on top prevents taking the pile; BGA: black threes cannot be taken from the
    top of the discard pile (LR: a three on top may not be picked up)."""
    kw = {"to_move": "draw", "pile": "7c 4s 3c"}
    assert refused("take 3c with 3s 3c", "3s 3c 5c 6c", **kw) == "pile.top_black_three"


def test_opening_with_the_pile_counts_only_the_top_card() -> None:
    """ARC: a side opening with the pile counts the top card, the matching pair and any more
    melds from the hand toward the minimum, but none of the other cards picked up."""
    kw = {"to_move": "draw", "ns": ""}
    assert refused("take Ac with Ad Ah", "Ad Ah 5c 6c", pile="7c 4s Ac", **kw) is None  # 60
    low = refused("take Kc with Kd Kh", "Kd Kh 5c 6c", pile="7c 4s Kc", **kw)
    assert low == "open.below_minimum"  # 30 < 50
    more = "take Kc with Kd Kh and Ad Ah As"
    assert refused(more, "Kd Kh Ad Ah As 6c", pile="7c 4s Kc", **kw) is None  # 90
    buried = "take Kc with Kd Kh and Ac Ad Ah"
    assert refused(buried, "Kd Kh 5c 6c", pile="Ac Ad Ah 7c 4s Kc", **kw) == "open.buried_card"


# --------------------------------------------------------------------------------------------
# The rounds and their minimums


def test_the_minimum_rises_by_round_50_90_120_150() -> None:
    """RV and PCH (meld points by round), RDC and TX (docs/family/hand-and-foot.md): the first
    melds need 50, 90, 120 and 150 points in rounds one to four."""
    r = rules_for(load_variant(V))
    assert [deal(r, 7, hand_no=k).minimum(0) for k in (1, 2, 3, 4)] == [50, 90, 120, 150]
    assert [deal(r, 7, hand_no=k).minimum(1) for k in (1, 2, 3, 4)] == [50, 90, 120, 150]


def test_the_minimum_follows_the_round_not_the_score() -> None:
    """RDC, RV: the minimum belongs to the round; a side far ahead still needs 50 in round one
    (classic's table would ask 120 of a side over 3000), and a side at 0 needs 120 in round
    three."""
    hand = {"N": "Ac Ad Ah Kc Kd Kh 5s 6s"}
    one = position(V, hands=hand, phase=Phase.PLAY, scores=[7000, 0])
    assert one.minimum(0) == 50
    three = position(V, hands=hand, phase=Phase.PLAY, scores=[0, 0])
    three.hand_no = 3
    assert three.minimum(0) == 120


def test_a_game_is_four_rounds_whatever_the_score() -> None:
    """BW: there are four rounds to a game; JC: four rounds, the most points wins. A total past
    classic's 5000 does not end the game before round four; after it the higher total wins."""
    r = rules_for(load_variant(V))
    assert game_end(r, [9000, 0], 0, hand_no=1) == (False, None)
    assert game_end(r, [9000, 0], 0, hand_no=3) == (False, None)
    assert game_end(r, [1200, 1500], 0, hand_no=4) == (True, 1)


# --------------------------------------------------------------------------------------------
# The foot


def test_the_foot_is_not_taken_while_the_hand_holds_cards() -> None:
    """LR: a player must play the hand completely before picking up the foot (RDM likewise)."""
    assert refused("foot", "9c 9d 9h 5s", feet=N_FOOT) == "foot.not_now"


def test_running_melding_the_last_card_goes_straight_into_the_foot() -> None:
    """BGA: a player who runs out of cards without discarding picks up the foot and plays from it
    at once ('running'); RDM: if the hand is cleared without a discard the player goes directly
    into the foot."""
    move = "meld 9c 9d 9h foot meld 4c 4d 4h discard Ac"
    v = ruling(move, "9c 9d 9h", feet=N_FOOT)
    assert v.legal and v.after is not None
    assert v.after.turn == 1 and v.after.hand_len[0] == 13 - 3 - 1


def test_walking_discarding_the_last_card_waits_for_the_next_turn() -> None:
    """BGA: a player who discards the last card picks up the foot but plays from it only next
    turn ('walking'); RDM: if the hand is cleared by a discard the player waits till next turn."""
    v = ruling("discard 5s foot", "5s", feet=N_FOOT)
    assert v.legal and v.after is not None
    assert v.after.turn == 1 and v.after.phase == Phase.DRAW
    assert v.after.hand_len[0] == 13 and not v.after.over


def test_a_red_three_in_the_foot_is_laid_out_and_replaced() -> None:
    """BGA: red threes in the hand are played and replaced; a red three met in the foot when it
    is taken up is laid out likewise, and the replacement is named in the record."""
    feet = N_FOOT.replace("foot N: 4c", "foot N: 3h")
    v = ruling("meld 9c 9d 9h foot 9s", "9c 9d 9h", feet=feet)
    assert v.legal and v.after is not None
    assert C.parse("3h") in v.after.red3[0]
    assert v.after.hand_len[0] == 13 and v.after.hands[0][C.parse("9s")] == 1


def test_clearing_the_hand_with_the_foot_face_down_is_not_going_out() -> None:
    """NWP (to go out): a player must have played both the hand and the foot. With the contract
    met, discarding the last hand card walks into the foot and the round goes on."""
    v = ruling("discard 5s", "5s", ns=BOOKS, feet=N_FOOT)
    assert v.legal and v.after is not None
    assert not v.after.over and v.after.out_player == -1


# --------------------------------------------------------------------------------------------
# Going out


def test_the_contract_is_two_clean_and_two_dirty_books() -> None:
    """GSF: two red books and two black books are required to go out; BGA: the contract is a
    number of clean, dirty (and wild) books. With two and two the last discard goes out; a dirty
    or a clean book short, it is refused and the refusal says which kind is missing."""
    assert refused("discard 5s", "5s", ns=BOOKS) is None
    three_one = (
        "Kc Kd Kh Ks Kc Kd Kh, Qc Qd Qh Qs Qc Qd Qh, Ac Ad Ah As Ac Ad Ah, Jc Jd Jh Js 2c 2d Jk"
    )
    assert refused("discard 5s", "5s", ns=three_one) == "out.contract.mixed"
    # Three books of any kind are not enough (four are needed in all).
    three = "Kc Kd Kh Ks Kc Kd Kh, Qc Qd Qh Qs Qc Qd Qh, Jc Jd Jh Js 2c 2d Jk"
    assert refused("discard 5s", "5s", ns=three) == "out.canastas"
    one_three = (
        "Kc Kd Kh Ks Kc Kd Kh, Qc Qd Qh Qs Qc 2c 2d, Jc Jd Jh Js 2c 2d Jk, Tc Td Th Ts 2h 2s Jk"
    )
    assert refused("discard 5s", "5s", ns=one_three) == "out.contract.natural"


def test_a_wild_book_does_not_stand_for_a_dirty_book() -> None:
    """BGA: the contract counts clean, dirty and wild books separately (commonly two clean, two
    dirty and one wild); a wild book is not one of the two dirty books."""
    books = "Kc Kd Kh Ks Kc Kd Kh, Qc Qd Qh Qs Qc Qd Qh, Jc Jd Jh Js 2c 2d Jk, 2h 2s Jk Jk 2c 2d 2h"
    assert refused("discard 5s", "5s", ns=books) == "out.contract.mixed"


def test_going_out_needs_a_final_discard() -> None:
    """NWP: the final card must be discarded; GSF: a player must have a discard when going out."""
    assert refused("meld 9c 9d 9h", "9c 9d 9h", ns=BOOKS) == "out.final_discard"
    assert refused("meld 9c 9d 9h discard 5s", "9c 9d 9h 5s", ns=BOOKS) is None


def test_running_into_the_foot_and_going_out_in_one_turn() -> None:
    """BGA: the round ends when a side has its contract and one of its players has played out
    both the hand and the foot; running lets this happen in the turn the hand is used up."""
    move = "meld 9c 9d 9h foot meld 4c 4d 4h, 5c 5d 5h, 6c 6d 6h, 8c 8d 8h discard Ac"
    v = ruling(move, "9c 9d 9h", ns=BOOKS, feet=N_FOOT)
    assert v.legal and v.after is not None
    assert v.after.over and v.after.out_player == 0


def test_partners_no_forbids_going_out_and_yes_allows_it() -> None:
    """GSF: a player asks partner's permission before going out (RDC: must ask). After a 'no'
    the player may not go out that turn; after a 'yes' the player goes out."""
    kw = {"ns": BOOKS, "extra": "turn: drew stock\n"}
    out = "meld 9c 9d 9h discard 5s"
    assert refused(f"ask no {out}", "9c 9d 9h 5s", **kw) == "out.permission_refused"
    assert refused(f"ask yes {out}", "9c 9d 9h 5s", **kw) is None


# --------------------------------------------------------------------------------------------
# Scoring the round


def test_going_out_scores_100_and_the_other_side_counts_its_cards_against() -> None:
    """BGA and JC: 100 for going out; GSF: when a player goes out, every card left in the other
    players' hands counts against them. Played through a position: North goes out."""
    v = ruling("meld 9c 9d 9h discard 5s", "9c 9d 9h 5s", ns=BOOKS)
    assert v.legal and v.after is not None and v.after.over
    ns, ew = score_hand(v.after)
    assert ns.going_out == 100 and ew.going_out == 0
    assert ns.hands == -points(V, "6c 7d 8s Th Jc Qd Ac")  # South's cards
    assert ew.hands == -points(V, "4c 5d 7h 7s 9c Td Jh 4d 5h 6h 8c 9h Ts Kh")


def test_cards_left_in_hand_and_in_an_untaken_foot_count_against() -> None:
    """BGA: cards left in the hand and the foot are scored against the team; GSF: the partner's
    cards count against the side too."""
    foot = "4c 4d 4h 5c 5d 5h 6c 6d 6h 7c 7d 7h Ac"
    s = finished(position(V, hands={"N": "", "S": "9c Kd"}, feet={"S": foot}), out_player=0)
    assert score_hand(s)[0].hands == -(10 + 10) - points(V, foot) == -(20 + 80)


def test_card_values_when_left_in_hand() -> None:
    """BGA's table (JC alike): joker 50, two and ace 20, king to eight 10, seven to four 5, a black
    three 5 against its side."""
    s = finished(position(V, hands={"N": "", "S": "Jk 2c Ac Kd 8h 7s 4c 3c"}), out_player=0)
    assert score_hand(s)[0].hands == -(50 + 20 + 20 + 10 + 10 + 5 + 5 + 5)


def test_red_threes_count_100_each_without_a_bonus_for_four() -> None:
    """BGA and JC: each red three scores 100. No text gives classic's 800 for four of them, or
    turns them minus for a side that has not melded."""
    s = finished(position(V, hands={"N": "5s"}, red3={0: "3h 3d 3h 3d"}))
    assert not s.melds[0]
    assert score_hand(s)[0].red_threes == 400


def test_the_stock_running_out_pays_no_going_out_bonus() -> None:
    """BGA: if the draw pile is exhausted the round ends and no team gets the going-out bonus;
    both sides count their cards against."""
    s = finished(position(V, hands={"N": "5s", "S": "9c"}, melds={0: [BOOKS.split(", ")[0]]}))
    ns, ew = score_hand(s)
    assert ns.going_out == ew.going_out == 0
    assert ns.hands == -(5 + 10) and ns.natural_canastas == 500


def test_partners_alternate_round_the_table_of_six() -> None:
    """BW: six play three against three; emil.com ("Hand and Foot", http://www.emil.com/my_stuff/
    canasta/): every player sits between two players of the other team. The six-player game keeps
    the four-player minimums and deal of 13 + 13 (BW)."""
    r = rules_for(load_variant(V6))
    assert r.members == ((0, 2, 4), (1, 3, 5))
    s = deal(r, 3, hand_no=2)
    assert s.minimum(0) == 90 and s.hand_len == [13] * 6 and [len(f) for f in s.feet] == [13] * 6


def test_a_player_goes_out_while_partner_is_still_in_the_hand() -> None:
    """NWP: the player going out must have played hand and foot; BGA: the round ends when one of
    the side's players has played out both. Partner's foot still face down does not stop it, and
    its cards count against the side (BGA: cards in hand and foot count against)."""
    feet = ALL_TAKEN.replace("foot S: taken", "foot S: 4c 4d 4h 5c 5d 5h 6c 6d 6h 7c 7d 7h Ac")
    v = ruling("discard 5s", "5s", ns=BOOKS, feet=feet)
    assert v.legal and v.after is not None and v.after.over and v.after.out_player == 0
    ns = score_hand(v.after)[0]
    assert ns.hands == -points(V, "6c 7d 8s Th Jc Qd Ac") - 80


def test_a_wild_card_or_a_black_three_may_be_discarded() -> None:
    """BW: a wild card may be discarded (rarely); BGA: black threes cannot be melded, so they
    leave the hand by discard. Either then blocks the pile for the next player (NWP)."""
    v = ruling("discard 2c", "2c 9c 9d 9h 5s")
    assert v.legal and v.after is not None and v.after.pile[-1] == C.parse("2c")
    assert refused("discard 3c", "3c 9c 9d 9h 5s") is None


def test_the_cli_rules_on_walking_into_the_foot(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """BGA and RDM, through `canasta ruling`: discarding the last hand card takes the foot up and
    ends the turn; melding in the same turn after the walk is refused."""
    f = tmp_path / "walk.pos"
    f.write_text(pos_text("5s", feet=N_FOOT), encoding="utf-8")
    code, out, _ = run_cli(capsys, "ruling", str(f), "N discard 5s foot")
    assert code == 0 and out.splitlines()[0] == "legal"
    code, out, _ = run_cli(capsys, "ruling", str(f), "N discard 5s foot meld 4c 4d 4h")
    assert code == 1 and out.startswith("refused:")
