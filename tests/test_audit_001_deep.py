"""A sentence-by-sentence audit of 001_0cb887cc6d824426.txt (a teaching page that follows Pagat's
Classic Canasta and says where Bicycle's account differs) against the built-in rulesets that
follow it: ``classic`` (001 as taught) and ``bicycle`` (for the differences 001 attributes to
Bicycle).

Every expectation below was read from 001 (its section named in each docstring, paraphrased), or
from RULE-PARAMETERS.md where it records a worked example or a gap of 001; never from the engine.
tests/test_audit_source_rulings.py already checks the first layer of 001 (a covered black three,
the pickup ways one at a time, the opening at 90, the concealed waiver, the stock-out cases); this
file goes further: the setup, the full pickup table under each cause of freezing, the minimum at
every tier boundary, the meld and canasta limits, the black threes, the stock running out turn by
turn, scores through ``canasta score`` and ``canasta tally``, and every claim the generated rule
sheet (``canasta rules classic``) and quick reference make.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import after, breakdown, hand_scores, refused, ruled_legal, run_cli

from canasta_rules.engine.scoring import score_hand
from canasta_rules.errors import CanastaError, NotationError
from canasta_rules.notation import parse, read_position, replay

SRC = "001_0cb887cc6d824426.txt"
EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"

# Seat fillers with no nines, queens, kings, aces, threes or wild cards, so that the ranks the
# tests play with are free.
E_CARDS = "4c 5d 7h 7s Td"
S_CARDS = "6c 7d 8s Th Jc"  # 40 points
W_CARDS = "4d 5h 6h 8c Ts"
EW_JACKS = "Jd Jh Js"
QUEENS = "Qc Qd Qh Qs"
QUEEN_CANASTA = "Qc Qd Qh Qs Qc Qd Qh"
KINGS7 = "Kc Kd Kh Ks Kc Kd Kh"
# Every wild card, for positions whose unseen cards all lie in an unfrozen pile.
WILDS = "2c 2c 2d 2d 2h 2h 2s 2s Jk Jk Jk Jk"


def position(
    *,
    n: str,
    variant: str = "classic",
    e: str = E_CARDS,
    s: str = S_CARDS,
    w: str = W_CARDS,
    ns: str = "",
    ew: str = EW_JACKS,
    red_ns: str = "",
    red_ew: str = "",
    melded: str | None = None,
    pile: str = "7c 9d",
    stock: str | None = None,
    turn: str | None = "drew stock",
    to_move: str = "N play",
    scores: str = "NS 1200, EW 900",
) -> str:
    """A four-player position in the notation (docs/notation.md); ``turn=None`` leaves the
    'turn:' line out."""
    lines = [f'[Variant "{variant}"]', f'[Scores "{scores}"]', ""]
    lines += [f"hand N: {n}", f"hand E: {e}", f"hand S: {s}", f"hand W: {w}"]
    for label, value in (
        ("melds NS", ns),
        ("red NS", red_ns),
        ("melds EW", ew),
        ("red EW", red_ew),
    ):
        if value:
            lines.append(f"{label}: {value}")
    if melded is not None:
        lines.append(f"melded: {melded}")
    lines.append(f"pile: {pile}")
    if stock is not None:
        lines.append(f"stock {stock}")
    if turn:
        lines.append(f"turn: {turn}")
    lines.append(f"to move: {to_move}")
    return "\n".join(lines) + "\n"


def to_draw(**kw: str) -> str:
    """A position at the start of a turn (North to draw unless ``to_move`` says otherwise)."""
    return position(turn=None, to_move=kw.pop("to_move", "N draw"), **kw)


def frozen_after(text: str, move: str, variant: str | None = None) -> bool:
    """Whether the pile is frozen (for everyone) after the legal ``move``."""
    return after(text, move, variant).frozen


RECORD = """[Variant "VARIANT"]

hand 1 dealer W
deal N: Kc Kd Kh Ac Ad 2c 4s 5s 6s 7s 9s
deal E: 4c 5c 6c 7c 8d 9d Td Jd Qd Kd 8s
deal S: 8c Jk 4h 5h 6h 7h 9h Th Jh Qh Ks
deal W: 4d 5d 6d 7d 9c Tc Jc Qc Ts Js Qs
upcard UPCARD
TURNS
"""

# North opens with kings and aces (80) and discards the four of spades; East discards the eight
# of diamonds; South offers to take it with the eight of clubs and the joker.
OPENING_TURNS = (
    "N draw Ah meld Kc Kd Kh, Ac Ad Ah 2c discard 4s\n"
    "E draw 3c discard 8d\n"
    "S take 8d with 8c Jk discard 4h"
)


def replay_error(variant: str, upcard: str, turns: str = "") -> str | None:
    """Where the replay of RECORD stops (the error text), or None when it replays."""
    text = RECORD.replace("VARIANT", variant).replace("UPCARD", upcard).replace("TURNS", turns)
    try:
        replay(parse(text))
    except CanastaError as e:
        return str(e)
    return None


# --------------------------------------------------------------------------------------------
# Setup: the upcard, dealt red threes, who starts


@pytest.mark.parametrize("upcard", ["3h 8h", "2c 8h", "Jk 8h", "3h 2d 8h"])
def test_setup_a_wild_or_red_three_upcard_is_covered_and_freezes(upcard: str) -> None:
    """001, 'Setup': a joker, two or red three turned up to start the pile has more cards turned
    onto it until the top is neither; 'What freezes it?': a red three turned up during setup (or
    a buried wild card) freezes the pile. The record's `frozen yes` holds, `frozen no` fails."""
    assert replay_error("classic", upcard, "frozen yes") is None
    assert "the record says the pile is not frozen; it is frozen" in str(
        replay_error("classic", upcard, "frozen no")
    )


@pytest.mark.parametrize("upcard", ["3h", "2c", "Jk"])
def test_setup_a_wild_or_red_three_is_never_left_on_top(upcard: str) -> None:
    """001, 'Setup': more cards are turned until the top is neither wild nor a red three, so a
    deal whose pile is only that card cannot have happened."""
    assert "would have been covered by another upcard" in str(replay_error("classic", upcard))


def test_setup_a_black_three_upcard_stays_and_blocks_the_first_pickup() -> None:
    """001, 'Setup': a black three may be the starting top card, but nobody can take the pile
    until it is covered; it does not freeze the pile ('frozen no')."""
    assert replay_error("classic", "3s", "frozen no") is None
    assert "(pile.top_black_three)" in str(replay_error("classic", "3s", "N take"))


def test_setup_a_covered_black_three_upcard_leaves_the_pile_open() -> None:
    """001, 'A black three is different': once covered it imposes nothing further, so after the
    starting black three is covered, South (whose side has opened) takes an eight with an eight
    and a joker. Bicycle (001, 'Variants': it covers any three at the start and describes black
    threes as freezing cards) covers it, and the pile is then frozen for South."""
    assert replay_error("classic", "3s", OPENING_TURNS) is None
    assert replay_error("bicycle", "3s 8h", "frozen yes") is None
    assert "(pile.frozen.needs_natural_pair)" in str(
        replay_error("bicycle", "3s 8h", OPENING_TURNS)
    )


def test_setup_bicycle_never_leaves_a_black_three_on_top() -> None:
    """001, 'Variants': Bicycle covers any three during the initial discard setup; 001 instead
    allows an initial black three."""
    assert "would have been covered by another upcard" in str(replay_error("bicycle", "3s"))
    assert "would not have been covered" in str(replay_error("classic", "3s 8h"))


def test_setup_dealt_red_threes_are_laid_down_during_the_deal() -> None:
    """001, 'Setup': expose red threes dealt to you and draw replacements before play; 'Variants':
    Bicycle exposes them on each player's first turn instead. A deal line with red threes laid
    down before the bar replays under classic and is refused under bicycle."""
    record = RECORD.replace("deal N: Kc", "deal N: 3h 3d | Kc")
    text = record.replace("UPCARD", "8h").replace("TURNS", "N draw Ah discard 4s")
    replay(parse(text.replace("VARIANT", "classic")))
    with pytest.raises(CanastaError, match="on the player's first turn"):
        replay(parse(text.replace("VARIANT", "bicycle")))


def test_setup_bicycle_lays_dealt_red_threes_down_on_the_first_turn() -> None:
    """001, 'Variants': Bicycle exposes dealt red threes on each player's first turn. Under
    bicycle North, holding a dealt red three, must expose it (and draw its replacement) before
    drawing; under classic a red three can never be held in the hand (exposed during setup)."""
    text = position(
        variant="bicycle",
        n="3h 9c 9h 5c 6d 8h",
        ns="",
        ew="",
        turn=None,
        to_move="N expose",
        scores="NS 0, EW 0",
    )
    assert refused(text, "draw 4h") == "expose.first"
    assert refused(text, "expose 4h") is None
    with pytest.raises(NotationError, match="as soon as it is dealt or drawn"):
        read_position(parse(text.replace('"bicycle"', '"classic"')))


def test_setup_the_dealer_s_left_plays_first() -> None:
    """001, 'Setup': the player on the dealer's left starts; turns move clockwise. With West
    dealing, North leads; East or West leading is refused."""
    assert replay_error("classic", "8h", "N draw Ah discard 4s") is None
    assert "(turn.out_of_turn)" in str(replay_error("classic", "8h", "E draw 3c discard 8d"))
    assert "(turn.out_of_turn)" in str(replay_error("classic", "8h", "W draw 3c discard 8d"))


def test_setup_eleven_cards_each() -> None:
    """001, 'Setup': deal 11 cards each; a written deal of ten for North is refused."""
    text = RECORD.replace("VARIANT", "classic").replace("UPCARD", "8h").replace("TURNS", "")
    replay(parse(text))
    with pytest.raises(CanastaError, match="North holds 10 cards; this variant deals 11"):
        replay(parse(text.replace(" 7s 9s\n", " 7s\n", 1)))


# --------------------------------------------------------------------------------------------
# Turns: the draw


def test_turn_one_card_from_the_stock() -> None:
    """001, 'Turns' 1: draw one stock card (or take the pile); two are refused."""
    text = to_draw(n="9c 9h 5c 6d 8h", ns=QUEENS, pile="7c 4s 9d")
    assert refused(text, "draw 7d 8d") == "draw.too_many"
    assert refused(text, "draw 7d") is None


def test_turn_a_red_three_drawn_is_replaced_again_and_again() -> None:
    """001, 'Turns' 1: a red three drawn from the stock is exposed and replaced, repeating as
    needed: two red threes in a row, then an eight, leave North six cards and two red threes."""
    text = to_draw(n="9c 9h 5c 6d 8h", ns=QUEENS, pile="7c 4s 9d")
    v = ruled_legal(text, "draw 3d 3h 8d")
    assert v.after is not None
    assert len(v.after.red3[0]) == 2 and v.after.hand_len[0] == 6


# --------------------------------------------------------------------------------------------
# Melds and canastas


def test_melds_a_rank_group_with_one_wild_card_is_a_meld() -> None:
    """001, 'Melds and canastas': K-K-2 is legal (two naturals, a wild card; suits do not
    matter)."""
    assert refused(position(n="Kc Kd 2h 8h 9c", ns=QUEENS), "meld Kc Kd 2h") is None


def test_melds_a_suited_sequence_is_not_a_meld() -> None:
    """001, 'Melds and canastas': a suited sequence such as 4-5-6 of clubs is not a meld
    ('Common mistakes': Canasta uses matching ranks, not sequences)."""
    text = position(n="4c 5c 6c 8h 9c", e="4d 5d 7h 7s Td", w="4h 5h 6h 8c Ts", ns=QUEENS)
    assert refused(text, "meld 4c 5c 6c") == "meld.mixed_ranks"


def test_melds_an_all_wild_meld_is_not_allowed() -> None:
    """001, 'Melds and canastas': an all-wild meld is not allowed ('Variants': some tables allow
    them, not this page)."""
    assert refused(position(n="2c 2d Jk 8h 9c", ns=QUEENS), "meld 2c 2d Jk") == "meld.all_wild"


def test_melds_at_most_three_wild_cards_in_a_new_meld() -> None:
    """001, 'Melds and canastas': at least two natural cards and no more than three wild: 9-9
    with three wild cards is a meld, with four it is not."""
    text = position(n="9c 9h 2c 2d 2h Jk 8h 5c", ns=QUEENS)
    assert refused(text, "meld 9c 9h 2c 2d Jk") is None
    assert refused(text, "meld 9c 9h 2c 2d 2h Jk") == "meld.too_many_wild"


def test_melds_need_three_cards() -> None:
    """001, 'Melds and canastas': a regular meld has at least three cards; a pair is not one."""
    assert refused(position(n="9c 9h 8h 5c", ns=QUEENS), "meld 9c 9h") == "meld.too_small"


def test_melds_never_onto_the_opponents_meld() -> None:
    """001, 'Melds and canastas': you may add to your partner's melds, never to your opponents'.
    North-South have no aces; East-West's ace meld is theirs alone. South's queens take North's
    queen."""
    text = position(n="Ac Qc 5c 8h", ns="Qd Qh Qs", melded="S E W", ew="Ad Ah As")
    assert refused(text, "add A: Ac") == "meld.not_your_side"
    assert refused(text, "add Q: Qc") is None


def test_canastas_grow_beyond_seven_and_score_every_card() -> None:
    """001, 'Melds and canastas': you can keep adding cards beyond seven; 'Scoring': the cards in
    a canasta count as well as its bonus. Eight kings going out: 80 + 500 + 100 - 40 (South)."""
    text = position(n="Kc 5c", ns="Kc Kd Kh Ks Kd Kh Ks")
    ns, _ = hand_scores(text, "add K: Kc discard 5c")
    assert breakdown(ns) == {
        "Melds": 80,
        "Cards in hand": -40,
        "Natural canastas": 500,
        "Going out": 100,
        "Total": 640,
    }


def test_canastas_a_wild_card_on_a_grown_natural_canasta_makes_it_mixed() -> None:
    """001, 'Melds and canastas': adding a wild card to a natural canasta turns it mixed and
    reduces its bonus (300), here on eight kings: 80 + 50 melded, 300, out 100, South -40."""
    text = position(n="Jk 5c", ns="Kc Kd Kh Ks Kd Kh Ks Kc")
    ns, _ = hand_scores(text, "add K: Jk discard 5c")
    assert breakdown(ns) == {
        "Melds": 130,
        "Cards in hand": -40,
        "Mixed canastas": 300,
        "Going out": 100,
        "Total": 490,
    }


def test_canastas_four_naturals_and_three_wild_cards_is_mixed() -> None:
    """001, 'Melds and canastas': a mixed canasta has one to three wild cards, 300 points: four
    kings and three twos, completed by the fourth king (40 + 60 melded)."""
    text = position(n="Kc 5c", ns="Kd Kh Ks 2c 2d 2h")
    ns, _ = hand_scores(text, "add K: Kc discard 5c")
    assert (ns.melds, ns.mixed_canastas, ns.natural_canastas, ns.total) == (100, 300, 0, 460)


def test_canastas_six_cards_are_not_a_canasta() -> None:
    """001, 'Melds and canastas': a canasta has seven or more cards; 'Going out': the team needs
    one before the hand is emptied. Six queens are not enough to go out on."""
    text = position(n="Qc 5c", ns="Qh Qs Qc Qd Qh")
    assert refused(text, "add Q: Qc discard 5c") == "meld.keep_a_card"


# --------------------------------------------------------------------------------------------
# The initial meld: every tier boundary, and what counts


@pytest.mark.parametrize(
    ("score", "hand", "move", "ok"),
    [
        # Below zero: 15 (three fours).
        ("-5", "4c 4h 4s", "meld 4c 4h 4s", True),
        # 0-1,495: 50 (K-K-K-2); 30 is short.
        ("0", "Kc Kd Kh 2c", "meld Kc Kd Kh 2c", True),
        ("0", "Kc Kd Kh 2c", "meld Kc Kd Kh discard 8h", False),
        ("1495", "Kc Kd Kh 2c", "meld Kc Kd Kh 2c", True),
        # 1,500-2,995: 90 (E1 of RULE-PARAMETERS.md: 6-6-6 + K-K-K-2 = 65 short,
        # 6-6-6 + A-A-A-2 = 95 enough).
        ("1500", "Kc Kd Kh 2c", "meld Kc Kd Kh 2c", False),
        ("1600", "6c 6d 6h Kc Kd Kh 2c", "meld 6c 6d 6h, Kc Kd Kh 2c", False),
        ("1600", "6c 6d 6h Ac Ad Ah 2c", "meld 6c 6d 6h, Ac Ad Ah 2c", True),
        ("2995", "6c 6d 6h Ac Ad Ah 2c", "meld 6c 6d 6h, Ac Ad Ah 2c", True),
        # 3,000 or more: 120 (the 95 is short; A-A-A-2-2 and K-K-K = 130).
        ("3000", "6c 6d 6h Ac Ad Ah 2c", "meld 6c 6d 6h, Ac Ad Ah 2c", False),
        ("3000", "Ac Ad Ah 2c 2d Kc Kd Kh", "meld Ac Ad Ah 2c 2d, Kc Kd Kh", True),
    ],
)
def test_initial_meld_minimum_by_team_score(score: str, hand: str, move: str, ok: bool) -> None:
    """001, 'Your team's initial meld', the table: below zero 15; 0-1,495 50; 1,500-2,995 90;
    3,000 or more 120, by the team's score before the deal; several melds combine."""
    text = position(n=f"{hand} 8h 9c", scores=f"NS {score}, EW 0")
    assert refused(text, move) == (None if ok else "open.below_minimum")


def test_initial_meld_exposed_red_threes_count_nothing() -> None:
    """001, 'Your team's initial meld': exposed red threes do not open your team, and only the
    cards being melded count: two red threes down, K-K-K (30) is short of 50."""
    text = position(n="Kc Kd Kh 8h 5c", red_ns="3d 3h", scores="NS 0, EW 0")
    assert refused(text, "meld Kc Kd Kh") == "open.below_minimum"


def test_initial_meld_once_partner_opened_melds_are_free() -> None:
    """001, 'Your team's initial meld': after the first meld both partners meld freely for the
    rest of the hand: at 3,200 North lays three fours (15) once South has opened."""
    text = position(n="4c 4h 4s 8h Kd", ns="Kc Kh Ks", melded="S E W", scores="NS 3200, EW 0")
    assert refused(text, "meld 4c 4h 4s") is None


def test_initial_meld_a_buried_king_cannot_help() -> None:
    """001, 'Pickup example: opening at 90' (E6): a king buried in the pile cannot help you
    qualify: needing 90, with A-A and K-K in hand, the buried king may not complete the kings;
    a two from hand may (60 + 40 = 100)."""
    text = to_draw(n="Ac Ad Kc Kd 2c 5c 6d", pile="7c Ks 4s Ah", scores="NS 1500, EW 0")
    assert refused(text, "take Ah with Ac Ad and Kc Kd Ks") == "open.buried_card"
    assert refused(text, "take Ah with Ac Ad and Kc Kd 2c") is None


def test_initial_meld_the_top_card_alone_can_reach_15() -> None:
    """001, 'Your team's initial meld': the top card of the pile being taken may count. Below
    zero (15), a natural pair of fives with the top five (15) opens; at 0 (50) it does not."""
    text = to_draw(n="5c 5d 8h 6d", pile="7c 5h", scores="NS -100, EW 0")
    assert refused(text, "take with 5c 5d") is None
    text = to_draw(n="5c 5d 8h 6d", pile="7c 5h", scores="NS 0, EW 0")
    assert refused(text, "take with 5c 5d") == "open.below_minimum"


# --------------------------------------------------------------------------------------------
# Taking the discard pile: the full table


def test_pickup_the_named_top_card_must_be_the_top() -> None:
    """001, 'Taking the discard pile': you must first show a legal use for the top card; a take
    naming another card is refused."""
    text = to_draw(n="8c 8h 9c 9h 5c 6d", ns=QUEENS, pile="7c 4s 9d")
    assert refused(text, "take 8d with 8c 8h") == "pile.top_mismatch"
    assert refused(text, "take 9d with 9c 9h") is None


def test_pickup_buried_cards_cannot_justify_it() -> None:
    """001, 'Taking the discard pile' and 'Can you take just the top discard?': you cannot use
    cards underneath the top to establish the right to take it. A nine buried under the top nine
    does not make North's single nine a pair."""
    text = to_draw(n="9c 5c 6d 8h", ns=QUEENS, pile="7c 9h 4s 9d")
    assert refused(text, "take with 9c") == "pile.way_not_allowed"
    assert refused(text, "take with 9c 9h") == "card.not_in_hand"
    assert refused(text, "take") == "pile.way_not_allowed"


def test_pickup_a_black_three_on_top_blocks_even_a_pair_of_black_threes() -> None:
    """001, 'Taking the discard pile': a wild card or black three on top always blocks pickup;
    the top must be a natural four to ace."""
    text = to_draw(n="3c 3s 5c 6d 8h", ns=QUEENS, pile="7c 9d 3s")
    assert refused(text, "take with 3c 3s") == "pile.top_black_three"


@pytest.mark.parametrize(
    ("move", "hand"),
    [
        ("take with 9c 9h", "9c 9h 5c 6d 8h"),  # two matching naturals
        ("take with 9c Jk", "9c Jk 5c 6d 8h"),  # one natural and one wild card
        ("take", "5c 6d 8h"),  # the top card onto the side's nines
    ],
)
def test_pickup_unfrozen_every_way_of_the_table(move: str, hand: str) -> None:
    """001, pickup table, 'Unfrozen': two matching naturals; one matching natural and a wild; or
    adding the top card to an existing team meld. Each alone takes the pile."""
    text = to_draw(n=hand, ns="Qc Qd Qh Qs, 9s 9s 9h", pile="7c 4s 9d")
    assert refused(text, move) is None


@pytest.mark.parametrize("pile", ["3h 7c 9d", "7c Jk 4s 9d", "7c 2d 4s 9d"])
def test_pickup_frozen_only_the_natural_pair(pile: str) -> None:
    """001, pickup table, 'Frozen', and 'What freezes it?': a red three turned up at setup, or a
    buried joker or two, freezes the pile; then only two matching naturals from hand take it,
    even with that rank already melded: the natural and wild, and the top card onto the nines,
    are refused."""
    text = to_draw(n="9c Jk 9h 5c 6d", ns="Qc Qd Qh Qs, 9s 9s 9h", pile=pile)
    assert refused(text, "take with 9c Jk") == "pile.frozen.needs_natural_pair"
    assert refused(text, "take") == "pile.frozen.needs_natural_pair"
    assert refused(text, "take with 9c 9h") is None


def test_pickup_a_discarded_two_freezes_a_discarded_black_three_does_not() -> None:
    """001, 'What freezes it?': a joker or two buried in the pile freezes it; a black three only
    stops the next player. After North discards a two the pile is frozen; after a black three it
    is not (under bicycle, where 001 says black threes freeze, it is)."""
    text = position(n="2c 3c 5c 6d 8h", ns=QUEENS)
    assert frozen_after(text, "discard 2c")
    assert not frozen_after(text, "discard 3c")
    assert frozen_after(text, "discard 3c", "bicycle")


def test_pickup_frozen_for_both_teams_by_a_buried_joker() -> None:
    """001, 'What freezes it?': a buried joker or two freezes the pile for both teams: East-West
    have opened too, and East's nine and two are refused as North's nine and joker are."""
    text = to_draw(
        n="9c Jk 5c 6d", e="9h 2s 8h Td", ns=QUEENS, ew="Ad Ah As 2h", pile="7c Jk 4s 9d"
    )
    assert refused(text, "take with 9c Jk") == "pile.frozen.needs_natural_pair"
    east = text.replace("to move: N draw", "to move: E draw")
    assert refused(east, "take with 9h 2s") == "pile.frozen.needs_natural_pair"


def test_pickup_a_taken_pile_is_no_longer_frozen() -> None:
    """001, 'What freezes it?': the pile stays frozen until someone legally takes it: after a
    natural pair takes a pile frozen by a red three upcard, it is unfrozen."""
    text = to_draw(n="9c Jk 9h 5c 6d", ns="Qc Qd Qh Qs, 9s 9s 9d", pile="3h 7c 9d")
    v = ruled_legal(text, "take with 9c 9h")
    assert v.after is not None and not v.after.frozen


def test_pickup_frozen_before_opening_against_that_team_alone() -> None:
    """001, 'What freezes it?': before your team's initial meld the pile is frozen against your
    team alone. The same unfrozen pile: East (whose side has opened) takes it with a nine and a
    two; North (whose side has not) is refused."""
    text = to_draw(
        n="9c Jk 5c 6d", e="9h 2s 8h Td", ew="Ad Ah As 2h", pile="7c 4s 9d", to_move="E draw"
    )
    assert refused(text, "take with 9h 2s") is None
    north = text.replace("to move: E draw", "to move: N draw")
    assert refused(north, "take with 9c Jk") == "pile.frozen.needs_natural_pair"


def test_pickup_e5_frozen_queens_through_the_cli(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """001, 'Pickup example: a frozen pile' (E5): queen on top of a frozen pile, four queens
    melded; a queen and a joker cannot take it (status 1, the rule, its parameter and 001 as the
    source); two queens can, and the three join the four as a natural canasta."""
    e5 = EXAMPLES / "e5-frozen-pile.pos"
    code, out, _ = run_cli(capsys, "ruling", str(e5), "take with Qc Jk")
    assert code == 1
    assert out.startswith("refused:") and "(pile.frozen.needs_natural_pair)" in out
    assert "(pile.frozen)" in out and "Pagat's Classic Canasta, teaching page [001]" in out
    code, out, _ = run_cli(capsys, "ruling", str(e5), "take")
    assert code == 1 and "(pile.frozen.needs_natural_pair)" in out
    pair = tmp_path / "e5-pair.pos"
    pair.write_text(e5.read_text().replace("hand N: Qc Jk", "hand N: Qc Qs"))
    code, out, _ = run_cli(capsys, "ruling", str(pair), "take with Qc Qs", "--show")
    assert code == 0 and out.startswith("legal")
    assert "North-South completes a natural canasta of queens" in out
    assert "the pile is no longer frozen" in out


# --------------------------------------------------------------------------------------------
# Red and black threes


def test_black_threes_not_melded_unless_going_out() -> None:
    """001, 'Red and black threes': only when going out may you meld three or four black threes
    together."""
    text = position(n="3c 3s 3c 5c 5d 4d", ns=QUEEN_CANASTA)
    assert refused(text, "meld 3c 3s 3c") == "meld.black_threes.not_going_out"


def test_black_threes_four_of_them_go_out_and_count_five_each() -> None:
    """001, 'Red and black threes': four black threes may be melded when going out; 'Card
    values': each counts 5. Queens 70 + threes 20, out 100, South -40."""
    text = position(n="3c 3s 3c 3s 4d", ns=QUEEN_CANASTA)
    ns, _ = hand_scores(text, "meld 3c 3s 3c 3s discard 4d")
    assert breakdown(ns) == {
        "Melds": 90,
        "Cards in hand": -40,
        "Natural canastas": 500,
        "Going out": 100,
        "Total": 650,
    }


def test_black_threes_two_cannot_be_melded() -> None:
    """001, 'Red and black threes': three or four black threes together, so two cannot be melded
    to go out (RULE-PARAMETERS.md E12: holding two, one cannot go out that way)."""
    text = position(n="3c 3s 4d", ns=QUEEN_CANASTA)
    assert refused(text, "meld 3c 3s discard 4d") == "meld.too_small"


def test_bicycle_a_discarded_black_three_is_a_lasting_freeze() -> None:
    """001, 'Variants': Bicycle describes black threes as freezing cards, while 001 makes the
    block disappear once covered. Two cards above the black three: classic lets a nine and a
    joker take the pile; bicycle needs the natural pair, and the pair still works."""
    text = to_draw(variant="bicycle", n="9c Jk 9h 5c 6d", ns=QUEENS, pile="7c 3s 4s 8h 9d")
    assert refused(text, "take with 9c Jk") == "pile.frozen.needs_natural_pair"
    assert refused(text, "take with 9c 9h") is None
    assert refused(text, "take with 9c Jk", "classic") is None


# --------------------------------------------------------------------------------------------
# Going out


def test_going_out_needs_a_canasta_even_with_a_final_discard() -> None:
    """001, 'Going out': the team must have a canasta before you empty your hand; melding all
    but one and discarding it is refused without one, as is discarding a last card."""
    text = position(n="6c 6d 6h 5c", ns=QUEENS)
    assert refused(text, "meld 6c 6d 6h discard 5c") == "meld.keep_a_card"
    assert refused(position(n="5c", ns=QUEENS), "discard 5c") == "out.canastas"


def test_going_out_a_no_binds_under_classic() -> None:
    """001, 'Going out': partner's no is binding: after a no the player may not go out this turn,
    but may play on and keep cards."""
    text = position(n="6c 6d 6h 5c", ns=QUEEN_CANASTA)
    assert refused(text, "ask no meld 6c 6d 6h discard 5c") == "out.permission_refused"
    assert refused(text, "ask no discard 5c") is None


def test_going_out_asking_after_an_opening_pickup() -> None:
    """001, 'Going out': ask just after taking the pile, before further melding apart from the
    meld needed for pickup. An unopened side's pickup lays its opening melds with it (the aces
    with the top ace and seven kings: 130 at a minimum of 90); the question may follow, and after
    the yes North goes out (concealed: nothing melded before, 200)."""
    text = to_draw(n=f"Ac Ad {KINGS7} 5c 5d 5h 6d", pile="Ah", scores="NS 1500, EW 0")
    ns, _ = hand_scores(text, f"take Ah with Ac Ad and {KINGS7} ask yes meld 5c 5d 5h discard 6d")
    assert (ns.melds, ns.natural_canastas, ns.going_out) == (145, 500, 200)


def test_concealed_without_a_final_discard_scores_200() -> None:
    """001, 'Going out': going out concealed earns 200 in all; a final discard is optional. The
    whole hand melded (seven kings and three fives) after a stock draw, the 90 minimum waived:
    85 + 500 + 200 - 40 (South)."""
    text = position(n=f"{KINGS7} 5c 5d 5h", scores="NS 1500, EW 900")
    ns, _ = hand_scores(text, f"meld {KINGS7}, 5c 5d 5h")
    assert breakdown(ns) == {
        "Melds": 85,
        "Cards in hand": -40,
        "Natural canastas": 500,
        "Going out": 200,
        "Total": 745,
    }


def test_concealed_may_be_laid_in_several_actions_of_the_turn() -> None:
    """001, 'Going out': concealed means putting the whole hand down in one turn, a complete
    canasta of your own included; laying it in several meld actions of that turn is still one
    turn: 200, and the minimum is still waived after the stock draw."""
    text = position(n=f"{KINGS7} 5c 5d 5h 6d", scores="NS 1500, EW 900")
    ns, _ = hand_scores(text, "meld Kc Kd Kh Ks meld 5c 5d 5h add K: Kc Kd Kh discard 6d")
    assert (ns.going_out, ns.total) == (200, 745)


def test_concealed_is_lost_by_a_meld_earlier_in_the_hand() -> None:
    """001, 'Going out': to go out concealed you must not previously have melded. North laid the
    aces on an earlier turn, so going out with seven kings is ordinary: 100."""
    text = position(n=f"{KINGS7} 5c", ns="Ac Ad Ah", melded="N E W", scores="NS 1500, EW 900")
    ns, _ = hand_scores(text, f"meld {KINGS7} discard 5c")
    assert (ns.going_out, ns.total) == (100, 690)


def test_concealed_waiver_only_for_a_finish() -> None:
    """001, 'Going out': the waiver belongs to a concealed finish; the same canasta and fives
    (85) laid without going out, keeping a card, must meet the 90."""
    text = position(n=f"{KINGS7} 5c 5d 5h 6d 8d", scores="NS 1500, EW 900")
    assert refused(text, f"meld {KINGS7}, 5c 5d 5h discard 6d") == "open.below_minimum"


# --------------------------------------------------------------------------------------------
# When the stock runs out


def _stock_out(pile: str, **kw: str) -> str:
    """Stock used up; every wild card in West's hand and the red threes laid out, so the unseen
    part of the pile can be unfrozen."""
    kw.setdefault("w", f"{W_CARDS} {WILDS}")
    kw.setdefault("red_ns", "3d 3h")
    kw.setdefault("red_ew", "3d 3h")
    return to_draw(pile=pile, stock="0", **kw)


def test_stock_out_play_continues_then_ends_with_no_going_out_bonus() -> None:
    """001, 'When the stock runs out': play continues through legal pickups (North must take a
    nine that fits the side's nines, and discards); East can take nothing and would have to
    draw from the empty stock, so the hand ends; nobody earns a going-out bonus for it."""
    text = _stock_out(
        "59 unseen, 7c 9d", n="4c 5c 6d", ns=f"{QUEEN_CANASTA}, 9c 9h 9s", melded="N S E W"
    )
    assert refused(text, "draw") == "stock.forced_pickup"
    east = text + "N take discard 4c\n"
    assert refused(east, "take with 4c") == "pile.way_not_allowed"
    v = ruled_legal(east, "draw")
    assert v.after is not None and v.after.over
    assert [sc.going_out for sc in score_hand(v.after)] == [0, 0]


def test_stock_out_an_unopened_team_is_not_forced() -> None:
    """001, 'When the stock runs out': the forced pickup is for a top card that fits an existing
    team meld; a team that has not opened has none (RULE-PARAMETERS.md marks the case unclear),
    so North may decline a pile his nines could open with, and the hand ends; his side's red
    threes then count minus (no meld)."""
    text = _stock_out(
        "68 unseen, 7c 9d", n="9c 9h 5c 6d", ns="", melded="E W", scores="NS -100, EW 0"
    )
    assert refused(text, "take with 9c 9h") is None
    ns, _ = hand_scores(text, "draw")
    assert (ns.going_out, ns.red_threes) == (0, -200)


def test_stock_out_a_red_three_drawn_as_the_last_replacement_ends_the_hand() -> None:
    """001, 'Turns' 1 (a red three drawn is replaced, repeating as needed) and 'When the stock
    runs out' (a red three as the last stock card is exposed and the hand ends: no meld, no
    discard). Two cards left: a red three, and another as its replacement. NS: three red
    threes 300, queens 70 + 500, hands -70 (North 30, South 40), no going-out bonus."""
    text = to_draw(
        n="9c 9h 5c 6d",
        ns=QUEEN_CANASTA,
        w=f"{W_CARDS} {WILDS}",
        red_ns="3d",
        red_ew="3h",
        melded="N S E W",
        pile="61 unseen, 7c 5d",
        stock="2",
    )
    assert refused(text, "draw 3d 3h discard 5c") == "hand.over"
    ns, _ = hand_scores(text, "draw 3d 3h")
    assert breakdown(ns) == {
        "Melds": 70,
        "Cards in hand": -70,
        "Natural canastas": 500,
        "Red threes": 300,
        "Total": 800,
    }


# --------------------------------------------------------------------------------------------
# Scoring


def test_scoring_unplayed_cards_count_even_if_they_could_meld(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """001, 'Scoring': unplayed cards count against your team even if they could form a meld:
    South's three nines (30) are subtracted; E4's arithmetic otherwise (800 + 160 + 200 + 100)."""
    f = tmp_path / "kings.pos"
    f.write_text(
        """[Variant "classic"]

hand N:
hand S: 9c 9d 9h
hand E: 5c
hand W: Qc Qd
melds NS: Kc Kd Kh Ks Kc Kd Kh, 8c 8d 8h 8s 8c 2c 2d
red NS: 3d 3h
melds EW: 4c 4d 4h
pile: 5s
out N
"""
    )
    code, out, err = run_cli(capsys, "score", str(f), "--json")
    assert code == 0, err
    ns = json.loads(out)["NS"]
    assert ns["Cards in hand"] == -30
    assert ns["Total"] == 500 + 300 + (70 + 90) + 200 + 100 - 30


def test_scoring_e4_gone_out_concealed_would_be_1335(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """001, worked scoring example (E4, 1,235) with the bonus table's concealed line: had the
    hand gone out concealed, 200 in all replaces the 100, so 800 + 160 + 200 + 200 - 25 = 1,335.
    Counted with `canasta tally`."""
    sheet = tmp_path / "sheet.toml"
    code, out, err = run_cli(
        capsys,
        "tally",
        "classic",
        "--sheet",
        str(sheet),
        "--hand",
        "NS m 160 n 1 x 1 r 2 h 25 concealed",
    )
    assert code == 0, err
    assert "1335" in out and "1235" not in out


def test_scoring_a_negative_hand_and_total(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """001, 'Scoring': a negative hand or cumulative score is possible; then ('Your team's
    initial meld') the team needs only 15 next hand. A side melding 30 and left with 120 in hand
    scores -90."""
    sheet = tmp_path / "sheet.toml"
    code, out, err = run_cli(
        capsys,
        "tally",
        "classic",
        "--sheet",
        str(sheet),
        "--hand",
        "NS m 30 h 120; EW m 200 n 1 out",
    )
    assert code == 0, err
    assert "-90" in out
    assert "minimum to open next hand: NS 15, EW 50" in out


def test_winning_5000_in_visible_melds_does_not_end_the_hand() -> None:
    """001, 'Winning': reaching 5,000 in visible melds does not end play immediately; the hand
    is finished and scored first. At 4,990, seven kings laid (70 + 500) leave the hand going on."""
    text = position(n=f"{KINGS7} 5c 6d 8d", ns="Ac Ad Ah", melded="N S E W", scores="NS 4990, EW 0")
    v = ruled_legal(text, f"meld {KINGS7}")
    assert v.after is not None and not v.after.over


# --------------------------------------------------------------------------------------------
# The rule sheet and quick reference: every claim against 001


def _flat(text: str) -> str:
    """The Markdown sheet on one line, so that a claim may span the sheet's line breaks."""
    return " ".join(text.split())


@pytest.fixture(scope="module")
def sheet_text() -> str:
    from canasta_rules.cli import main

    return _cli_text(main, ["rules", "classic"])


@pytest.fixture(scope="module")
def card_text() -> str:
    from canasta_rules.cli import main

    return _cli_text(main, ["rules", "classic", "--card"])


def _cli_text(main: object, args: list[str]) -> str:
    import contextlib
    import io

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        try:
            main(args)  # type: ignore[operator]
        except SystemExit as e:
            assert not e.code
    return _flat(buf.getvalue().replace("\\", ""))


@pytest.mark.parametrize(
    "claim",
    [
        # 'Setup': two decks and four jokers, 108 cards; 11 each; the dealer's right cuts.
        "108 cards in all. [001]",
        "each is dealt 11 cards",
        "The player on the dealer's right cuts the pack before the deal. [001]",
        "the player on the dealer's left plays first",
        # 'Setup': joker, two or red three turned up is covered.
        "If that card is a joker, a two or a red three, another card is turned up on top of it",
        # 'Melds and canastas'.
        "A new meld needs at least three cards. [001]",
        "A meld may hold at most three wild cards. [001]",
        "A natural canasta, with no wild card, earns its side a bonus of 500. [001]",
        "a wild card added to a natural canasta makes it mixed. [001]",
        "a canasta too may hold at most three wild cards. [001]",
        "Runs of one suit are not melds: every meld is of one rank. [001]",
        # Card values.
        "| Joker | 50 | 001 |",
        "| Two and ace | 20 | 001 |",
        "| King to eight | 10 | 001 |",
        "| Seven to four and black three | 5 | 001 |",
        # 'Your team's initial meld'.
        "| below 0 (a negative score) | 15 |",
        "| 0 to 1499 | 50 |",
        "| 1500 to 2999 | 90 |",
        "| 3000 and above | 120 |",
        "may use the pile's top card toward the minimum, but none of the cards beneath it",
        # Pickup table.
        "| Pile not frozen | yes | yes | yes | 001 |",
        "| Pile frozen | yes | no | no | 001 |",
        "| Side not opened yet | yes | no | no | 001 |",
        "Until a side has made its initial meld, the pile counts as frozen against its players.",
        "A player holding a single card may not take a pile of a single card. [001]",
        # Red and black threes.
        "Red threes found in a discard pile a player takes are laid down too, without replacement",
        "100 each; all four together 800. [001]",
        "If the side has made no meld at all by the end of the hand, its red threes count that "
        "much against it instead. [001]",
        "Once another card covers it, it has no further effect. [001]",
        "three or more of them together, with no wild card. [001]",
        # Going out.
        "at least one canasta, which may be completed in the same turn. [001]",
        "melding them all, or melding all but one and discarding it. [001]",
        "Going out concealed earns 200 instead of 100. [001]",
        "A player who goes out concealed after drawing from the stock needs no initial-meld "
        "minimum; one who took the discard pile must still reach it, unless a partner has "
        "already made the side's initial meld. [001]",
        "after a no the player may not go out in that turn, and after a yes they must. [001]",
        "just after drawing from the stock or taking the pile, before melding anything more",
        # When the stock runs out.
        "its top card goes on a meld their side already has. [001]",
        "A red three drawn as the last card of the stock ends the hand at once: its player can "
        "neither meld nor discard.",
        # Winning.
        "has reached 5000 or more, the game ends. [001]",
        "even if another side has also passed the target. [001]",
    ],
)
def test_rule_sheet_claim_matches_001(sheet_text: str, claim: str) -> None:
    """`canasta rules classic` states what 001 states (each claim's 001 section is named in the
    comment above it). The minimum table's 1499 and 2999 bounds are 001's 1,495 and 2,995 read
    for scores that move in fives (the provenance note of initial_meld.tiers says so)."""
    assert _flat(claim) in sheet_text


@pytest.mark.parametrize(
    "wrong",
    [
        "A black three discarded on the pile freezes",  # 001: only a block while on top
        "black three, another card is turned up",  # 001 allows a black three upcard
        "on their first turn",  # 001 exposes dealt red threes during setup
        "must end with a discard",  # 001: final discard optional
        "All four red threes 400",
    ],
)
def test_rule_sheet_says_nothing_001_rejects(sheet_text: str, wrong: str) -> None:
    """001, 'Variants': the Bicycle rules (freezing black threes, covering any three, red threes
    on the first turn) and the rules of other tables are not this page's; the sheet must not
    state them for classic."""
    assert _flat(wrong) not in sheet_text


@pytest.mark.parametrize(
    "claim",
    [
        "| Pack | 108 cards: 2 packs + 4 jokers | 001 |",
        "| Meld | 3+ cards of one rank, 2+ natural, at most 3 wild | 001 |",
        "| Canasta | 7+ cards, 4+ natural | 001 |",
        "| Black three discarded | blocks the next player | 001 |",
        "| Game | to 5000 | 001 |",
        "| Going out concealed (instead of the above) | 200 | 001 |",
        "| Red threes | 100 each; all four 800 | 001 |",
        "| Going out | needs one canasta; final discard optional |",
    ],
)
def test_quick_reference_matches_001(card_text: str, claim: str) -> None:
    """`canasta rules classic --card`: 001's setup (108 cards), meld and canasta limits, the
    black-three stop, the 5,000 target, the bonus table and the going-out rule."""
    assert _flat(claim) in card_text


def test_bicycle_differs_from_classic_where_001_says(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """001, 'Variants': Bicycle's account freezes with black threes, covers any three at the
    setup, and exposes dealt red threes on the first turn. `variants diff classic bicycle` lists
    those parameters (besides B's cut and asking time, which 001 does not mention)."""
    code, out, err = run_cli(capsys, "variants", "diff", "classic", "bicycle")
    assert code == 0, err
    table = out.split("\n\n")[0]  # the key to the sources follows
    params = {line.split()[0] for line in table.splitlines() if line and "." in line.split()[0]}
    assert {
        "black_threes.discarded",
        "deal.upcard_covered",
        "deal.upcard_freezes",
        "red_threes.exposed",
    } <= params
    assert params <= {
        "black_threes.discarded",
        "deal.upcard_covered",
        "deal.upcard_freezes",
        "red_threes.exposed",
        "deal.cutter",
        "going_out.permission.when",
    }
