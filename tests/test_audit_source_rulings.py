"""An audit of the classic family by positions and rulings, as a rule writer or a card club
would use the tool: each test is a position in the notation (docs/notation.md) and a move, or a
finished hand, and asserts what the source text says: legal, or refused with the rule code, or
the score breakdown.

The built-in variant that follows each source (`canasta variants list`):

- 000_1e7ce48765e073b7.txt (encyclopedia summary): ``encyclopedia``
- 001_0cb887cc6d824426.txt (Pagat's Classic Canasta as taught): ``classic``
- 002_d58438592396a398.txt (two-player online game): ``online`` (and its options)
- 003_6d7b9b19ffba82c5.txt (guide for novices): ``novice``
- 004_747f80dc7edc8b8b.txt (general rules site): ``general``

Every expectation was read from the source text (quoted section in each docstring, paraphrased),
never from the engine. Where a source is silent or contradicts itself, the test says which
reading it checks (RULE-PARAMETERS.md records the contradictions).
"""

from __future__ import annotations

import pytest
from helpers import (
    EW_MELDS,
    breakdown,
    hand_scores,
    refused,
    replay_code,
    ruled_legal,
    ruling,
    scored,
)
from helpers import classic_pos as pos

QUEEN_CANASTA = "Qc Qd Qh Qs Qc Qd Qh"


# --------------------------------------------------------------------------------------------
# Taking the discard pile: black threes, wild cards, red threes


def _covered_black_three(variant: str) -> str:
    return pos(
        variant,
        n="9c Jk 5c 6d 8h",
        ns="Qc Qd Qh Qs",
        pile="7c 3s 9d",
        turn=None,
        to_move="N draw",
    )


def test_001_a_covered_black_three_imposes_nothing() -> None:
    """001, 'Taking the discard pile' / 'Does a black three freeze the discard pile?': a black
    three stops the next player only while on top; once covered there is no further
    restriction, so a nine and a joker take an unfrozen pile topped by a nine. The same text
    says Bicycle's account makes black threes freezing cards, so 'bicycle' refuses."""
    text = _covered_black_three("classic")
    assert refused(text, "take with 9c Jk") is None
    assert refused(text, "take with 9c Jk", "bicycle") == "pile.frozen.needs_natural_pair"


def test_004_a_covered_black_three_loses_its_significance() -> None:
    """004, 'Black threes': once a discard covers the black three it loses its significance and
    the pile can be lifted (with a natural and a wild card: 'Frozen Discard Pile')."""
    assert refused(_covered_black_three("general"), "take with 9c Jk") is None


def test_000_a_black_three_on_top_cannot_be_taken() -> None:
    """000, 'If a wild card or a black three is on top of the discard pile, it may not be picked
    up.' Even a player holding two black threes cannot take it."""
    text = pos(
        "encyclopedia",
        n="3c 3s 5c 6d 8h",
        ns="Qc Qd Qh Qs",
        pile="7c 9d 3s",
        turn=None,
        to_move="N draw",
    )
    assert refused(text, "take with 3c 3s") == "pile.top_black_three"


def test_001_a_wild_card_on_top_blocks_the_pile() -> None:
    """001, 'Taking the discard pile': a wild card or black three on top always blocks pickup."""
    text = pos(
        "classic",
        n="2c Jk 5c 6d 8h",
        ns="Qc Qd Qh Qs",
        pile="7c 9d 2d",
        turn=None,
        to_move="N draw",
    )
    assert refused(text, "take with 2c Jk") == "pile.top_wild"


def _red_three_upcard(variant: str, hand: str) -> str:
    return pos(
        variant,
        n=f"{hand} 5c 6d 8h Ts Kd",
        ns="Qc Qd Qh Qs",
        pile="3h 7c 9d",
        turn=None,
        to_move="N draw",
    )


def test_000_a_red_three_turned_up_freezes_the_pile() -> None:
    """000, deal: 'If this first card is a red three or a wild card, the discard pile is frozen';
    a frozen pile is taken only with two natural cards of the top card's rank from hand."""
    assert refused(_red_three_upcard("encyclopedia", "9c Jk"), "take with 9c Jk") == (
        "pile.frozen.needs_natural_pair"
    )


def test_001_a_red_three_in_a_taken_pile_is_laid_out_without_replacement() -> None:
    """001, 'Red and black threes': a red three found inside a legally taken discard pile is
    exposed without a replacement. Seven cards, two shown, the 7c comes in: six in hand."""
    v = ruled_legal(_red_three_upcard("classic", "9c 9h"), "take with 9c 9h")
    assert v.after is not None
    assert len(v.after.red3[0]) == 1 and v.after.hand_len[0] == 6


def test_003_a_red_three_found_at_any_point_is_replaced() -> None:
    """003, Step 3: a red three found in hand at any point is laid down and replaced from the
    stock (the novice variant reads this as covering one taken with the pile), so the pickup
    names the replacement and the hand keeps one card more than under 001."""
    text = _red_three_upcard("novice", "9c 9h")
    assert refused(text, "take with 9c 9h") == "draw.cards_unknown"
    v = ruled_legal(text, "take with 9c 9h replace 4h")
    assert v.after is not None
    assert len(v.after.red3[0]) == 1 and v.after.hand_len[0] == 7


# --------------------------------------------------------------------------------------------
# Taking the discard pile: how many natural cards, adding to a meld


def test_001_unfrozen_pile_top_card_onto_a_side_meld() -> None:
    """001, pickup table, 'Unfrozen': adding the top card directly to an existing team meld is
    enough to take the pile."""
    text = pos(
        "classic",
        n="4c 5c 6d",
        ns="Qc Qd Qh Qs, 9s 9h 9d",
        pile="7c 4s 9d",
        turn=None,
        to_move="N draw",
    )
    assert refused(text, "take") is None


def test_004_unfrozen_pile_needs_cards_shown_from_hand() -> None:
    """004, 'Drawing From Discard Pile': the player must show cards from hand that make a valid
    meld with the discard (a pair, or 'a single natural card ... and a wild card'). The general
    variant's pinned reading (provenance of pile.unfrozen) does not let the top card go onto a
    meld alone."""
    text = pos(
        "general",
        n="4c 5c 6d",
        ns="Qc Qd Qh Qs, 9s 9h 9d",
        pile="7c 4s 9d",
        turn=None,
        to_move="N draw",
    )
    assert refused(text, "take") == "pile.way_not_allowed"
    assert refused(text.replace("hand N: 4c", "hand N: 9c Jk 4c"), "take with 9c Jk") is None


def test_002_unfrozen_pile_top_card_onto_a_meld_in_the_two_player_game() -> None:
    """002, 'Taking the discard pile': the first card may be added to a meld as long as the pile
    is not frozen."""
    text = """[Variant "online"]
[Scores "N 1200, S 900"]

hand N: 4h 5h 6d Kd
hand S: 8c 9s Td Jh Kc 5d 6h 8d 9d Ts Jd Ks Qc Qd
melds N: 7c 7c 7h 7s
melds S: Ad Ah As
pile: 5s 4s 7d
to move: N draw
"""
    assert refused(text, "take") is None


def test_002_frozen_pile_needs_the_pair_even_with_the_rank_melded() -> None:
    """002, 'Taking the discard pile' (E7): the pile frozen, the player has four sevens melded and
    a seven is discarded: only two more sevens from hand take it, and they make a canasta."""
    text = """[Variant "online"]
[Scores "N 1200, S 900"]

hand N: 7d 7s 5c 6d 8h Ts Kd 9c 9h Jc Jd 4c 4d
hand S: 8c 9s Td Jh Kc 5d 6h 4h 8d 9d Ts Jd Ks Qc Qd
melds N: 7c 7c 7h 7s
melds S: Ad Ah As
pile: 5s 2c 4s 7d
to move: N draw
"""
    assert refused(text, "take") == "pile.frozen.needs_natural_pair"
    assert refused(text.replace("7d 7s 5c", "7d Jk 5c"), "take with 7d Jk") == (
        "pile.frozen.needs_natural_pair"
    )
    v = ruled_legal(text, "take with 7d 7s")
    assert v.after is not None
    sevens = [m for m in v.after.melds[0].values() if m.size == 7]
    assert len(sevens) == 1


def test_004_frozen_pile_sixes_need_two_sixes_from_hand() -> None:
    """004, 'Frozen Discard Pile' (E8): with 6-6-6-6 on the table and the pile frozen, a
    discarded six is taken only with two more sixes from hand, making a canasta."""
    text = pos(
        "general",
        n="6c Jk 5c 8h",
        ns="6d 6h 6s 6s",
        pile="7c 2c 4s 6d",
        turn=None,
        to_move="N draw",
    )
    assert refused(text, "take with 6c Jk") == "pile.frozen.needs_natural_pair"
    assert refused(text.replace("6c Jk", "6c 6c"), "take with 6c 6c") is None


def test_001_red_threes_do_not_open_so_the_pile_stays_frozen() -> None:
    """001, 'Your team's initial meld': exposed red threes do not open the team; pickup table:
    before opening the pile is treated as frozen, so a nine and a joker cannot take it."""
    text = pos(
        "classic",
        n="9c Jk 5c 6d 8h",
        ew="",
        red_ns="3d 3h",
        pile="7c 4s 9d",
        turn=None,
        to_move="N draw",
    )
    assert refused(text, "take with 9c Jk") == "pile.frozen.needs_natural_pair"


def _partner_has_melded(variant: str) -> str:
    return pos(
        variant,
        n="9c Jk 5c 6d 8h",
        ns="Qc Qd Qh Qs",
        melded="S E",
        pile="7c 4s 9d",
        turn=None,
        to_move="N draw",
    )


def test_001_the_partner_s_melds_unfreeze_the_pile_for_the_side() -> None:
    """001, 'What freezes it?': before the team's initial meld the pile is frozen against the
    team; once the partner has melded it is open to both partners (a natural and a wild)."""
    assert refused(_partner_has_melded("classic"), "take with 9c Jk") is None


def test_004_the_pile_stays_frozen_until_the_player_has_melded() -> None:
    """004, 'Initial meld requirement': the discard pile is frozen against the player till he
    forms the initial meld, whatever the partner has done."""
    assert refused(_partner_has_melded("general"), "take with 9c Jk") == (
        "pile.frozen.needs_natural_pair"
    )


def _one_card(pile: str) -> str:
    return pos(
        "classic",
        n="5c",
        ns=f"{QUEEN_CANASTA}, 9s 9h 9d",
        pile=pile,
        turn=None,
        to_move="N draw",
    )


def test_001_one_card_in_hand_cannot_take_a_one_card_pile() -> None:
    """001, 'Taking the discard pile': a player holding only one card cannot take a discard pile
    containing only one card (also 004, rule 9)."""
    assert refused(_one_card("9c"), "take") == "pile.one_card"


def test_001_one_card_in_hand_may_take_a_two_card_pile() -> None:
    """001, same sentence: only a pile of one card is barred; the nine goes onto the side's
    nines and the four comes into hand."""
    assert refused(_one_card("4h 9c"), "take") is None


def test_003_the_pile_is_frozen_from_the_start_of_the_round() -> None:
    """003, Step 6, 'Taking a Frozen Discard Pile': at the start of every round the pile is frozen
    against all teams, so even after North-South have opened, South cannot take the first
    eight with an eight and a joker. Under 001 (classic) nothing froze it at the start."""
    record = """[Variant "VARIANT"]

hand 1 dealer W
deal N: Kc Kd Kh Ac Ad 2c 4s 5s 6s 7s 9s
deal E: 4c 5c 6c 7c 8d 9d Td Jd Qd Kd 8s
deal S: 8c Jk 4h 5h 6h 7h 9h Th Jh Qh Ks
deal W: 4d 5d 6d 7d 9c Tc Jc Qc Ts Js Qs
upcard 8h
N draw Ah meld Kc Kd Kh, Ac Ad Ah 2c discard 4s
E draw 3c discard 8d
S take 8d with 8c Jk discard 4h
"""
    assert replay_code(record.replace("VARIANT", "novice")) == "pile.frozen.needs_natural_pair"
    assert replay_code(record.replace("VARIANT", "classic")) is None


def test_003_any_three_turned_up_is_covered_but_001_keeps_a_black_three() -> None:
    """003, Step 3: an upcard that is a joker, two or three is covered until a natural card
    (four or higher) shows. 001, 'Setup': a black three may be the starting top card."""
    record = """[Variant "VARIANT"]

hand 1 dealer W
deal N: Kc Kd Kh Ac Ad 2c 4s 5s 6s 7s 9s
deal E: 4c 5c 6c 7c 8d 9d Td Jd Qd Kd 8s
deal S: 8c Jk 4h 5h 6h 7h 9h Th Jh Qh Ks
deal W: 4d 5d 6d 7d 9c Tc Jc Qc Ts Js Qs
upcard UPCARD
N draw Ah meld Kc Kd Kh, Ac Ad Ah 2c discard 4s
"""
    black_alone = record.replace("UPCARD", "3s")
    covered = record.replace("UPCARD", "3s 8h")
    assert replay_code(covered.replace("VARIANT", "novice")) is None
    assert replay_code(black_alone.replace("VARIANT", "classic")) is None
    assert "would have been covered" in str(replay_code(black_alone.replace("VARIANT", "novice")))
    assert "would not have been covered" in str(replay_code(covered.replace("VARIANT", "classic")))


# --------------------------------------------------------------------------------------------
# Opening with the pile: the top card only


def _aces_and_kings(variant: str, scores: str) -> str:
    return pos(
        variant,
        n="Ac Ad Kc Kd Kh 5c 6d",
        s="8s 9s Th Jc",
        ew="Qc Qd Qh",
        pile="7c Ah",
        turn=None,
        to_move="N draw",
        scores=scores,
    )


def test_001_opening_at_90_with_the_pile_two_melds_combine() -> None:
    """001, 'Pickup example: opening at 90': top ace, two aces and three kings in hand; the aces
    with the top ace (60) and the kings (30) make 90, enough to take the pile."""
    text = _aces_and_kings("classic", "NS 1500, EW 900")
    assert refused(text, "take Ah with Ac Ad and Kc Kd Kh") is None


def test_001_opening_at_90_the_aces_alone_are_short() -> None:
    """001, same example: two aces alone reach only 60 with the top ace."""
    text = _aces_and_kings("classic", "NS 1500, EW 900")
    assert refused(text, "take Ah with Ac Ad") == "open.below_minimum"


def _kings_and_jacks(variant: str, scores: str, previous: str | None = None) -> str:
    # Top K; a king and a jack buried in the pile (E9 of RULE-PARAMETERS.md).
    return pos(
        variant,
        n="Kc Kd Jc Jd 2c 5c 6d",
        s="8s 9s Th 4h",
        ew="Qc Qd Qh",
        pile="7c Kh Js 4c Ks",
        turn=None,
        to_move="N draw",
        scores=scores,
        previous=previous,
    )


def test_000_only_the_top_card_counts_toward_the_minimum() -> None:
    """000, 'Only the top card may be used in meeting the requirement before the player may pick
    up the rest': K-K-K (with the top king) and J-J-2 from hand count 70, short of 90 at team
    score 1500, though the buried king and jack would have made 90."""
    text = _kings_and_jacks("encyclopedia", "NS 1500, EW 900")
    assert refused(text, "take Ks with Kc Kd and Jc Jd 2c") == "open.below_minimum"


def test_004_e9_kings_and_jacks_reach_50_with_the_top_king_alone() -> None:
    """004, initial-meld example (E9): top king, hand K K J J 2, requirement 50. Read as 000/001
    do (the general variant's pinned pile_cards), K-K-K + J-J-2 = 70 is enough."""
    text = _kings_and_jacks("general", "NS 0, EW 900")
    assert refused(text, "take Ks with Kc Kd and Jc Jd 2c") is None


def test_004_e9_at_90_the_buried_cards_cannot_help() -> None:
    """004 reads the minimum from the partners' score in the previous hand ('Initial meld
    requirement'); at 1600 there the minimum is 90 and the 70 from hand and top card fails."""
    text = _kings_and_jacks("general", "NS 0, EW 900", previous="NS 1600, EW 0")
    assert refused(text, "take Ks with Kc Kd and Jc Jd 2c") == "open.below_minimum"


# --------------------------------------------------------------------------------------------
# The initial meld minimum by score, and what counts toward it


def _open_with(variant: str, hand: str, scores: str, previous: str | None = None) -> str:
    return pos(variant, n=hand, s="8s 9s Th Jc", ew="Qc Qd Qh", scores=scores, previous=previous)


def test_001_below_zero_the_minimum_is_15() -> None:
    """001, minimum table: below zero, 15; three fours (15) open."""
    text = _open_with("classic", "4c 4h 4s 8h Kd", "NS -200, EW 900")
    assert refused(text, "meld 4c 4h 4s") is None


def test_003_has_no_tier_below_zero() -> None:
    """003, Step 5: the table starts at 0-1499 (50); no lower tier is given, so a side below
    zero still needs 50 and three fours do not open."""
    text = _open_with("novice", "4c 4h 4s 8h Kd", "NS -200, EW 900")
    assert refused(text, "meld 4c 4h 4s") == "open.below_minimum"


def test_000_1499_needs_50_and_1500_needs_90() -> None:
    """000, minimum table: 0-1499: 50; 1500-2999: 90. K-K-K-2 counts 50."""
    hand = "Kc Kd Ks 2c 8h 5c"
    assert refused(_open_with("encyclopedia", hand, "NS 1499, EW 900"), "meld Kc Kd Ks 2c") is None
    assert refused(_open_with("encyclopedia", hand, "NS 1500, EW 900"), "meld Kc Kd Ks 2c") == (
        "open.below_minimum"
    )


def test_003_3000_and_over_needs_120() -> None:
    """003, Step 5: 3000-4999 needs 120. A-A-A-2 counts 80 (short); A-A-A-2-Joker counts 130."""
    short = _open_with("novice", "Ac Ad Ah 2c 8h Kd", "NS 3000, EW 900")
    assert refused(short, "meld Ac Ad Ah 2c") == "open.below_minimum"
    enough = _open_with("novice", "Ac Ad Ah 2c Jk 8h Kd", "NS 3000, EW 900")
    assert refused(enough, "meld Ac Ad Ah 2c Jk") is None


def test_004_minimum_from_the_previous_hand() -> None:
    """004, 'Initial meld requirement': the count requirement is determined using the partners'
    collective score in the previous hand: 1600 there means 90 (K-K-K-2 = 50 fails), whatever
    the running total; 100 there means 50."""
    hand = "Kc Kd Ks 2c 8h 5c"
    high = _open_with("general", hand, "NS 0, EW 900", previous="NS 1600, EW 0")
    assert refused(high, "meld Kc Kd Ks 2c") == "open.below_minimum"
    low = _open_with("general", hand, "NS 1600, EW 900", previous="NS 100, EW 0")
    assert refused(low, "meld Kc Kd Ks 2c") is None


def test_001_a_canasta_bonus_does_not_count_toward_the_minimum() -> None:
    """001, 'Your team's initial meld': canasta bonuses do not count; a natural canasta of fours
    counts only its 35 card points, short of 50. (002 says the same: a canasta held in hand
    cannot be laid down before the minimum is met.)"""
    text = _open_with("classic", "4c 4d 4h 4s 4c 4d 4h 8h Kd", "NS 0, EW 900")
    assert refused(text, "meld 4c 4d 4h 4s 4c 4d 4h") == "open.below_minimum"


def test_002_red_threes_do_not_count_toward_the_first_meld() -> None:
    """002, 'Special Cards': red threes are not taken into account in first meldings; a player
    with two red threes down still needs 50 from the cards melded (here 30)."""
    text = """[Variant "online"]
[Scores "N 0, S 900"]

hand N: 5c 5d 5h 6c 6d 6h 8h Kd
hand S: 8c 9s Td Jh Kc 4d 4h 8d 9d Ts Jd Ks
melds S: Ad Ah As
red N: 3d 3h
pile: 7c 9d
turn: drew stock
to move: N play
"""
    assert refused(text, "meld 5c 5d 5h, 6c 6d 6h") == "open.below_minimum"


def test_001_the_minimum_is_judged_on_the_whole_turn() -> None:
    """001, 'Your team's initial meld': the cards put down on the opening turn together must
    meet the minimum: 5-5-5 then A-A-A (75) open at 50; 5-5-5 and a discard do not."""
    text = _open_with("classic", "5c 5d 5h Ac Ac Ad 6d 4d", "NS 0, EW 900")
    assert refused(text, "meld 5c 5d 5h meld Ac Ac Ad discard 6d") is None
    assert refused(text, "meld 5c 5d 5h discard 6d") == "open.below_minimum"


# --------------------------------------------------------------------------------------------
# Going out concealed


def _concealed(variant: str, scores: str = "NS 1500, EW 900", **kw: str) -> str:
    # A natural canasta of fours (35) and three fives (15): 50 card points.
    return pos(variant, n="4c 4d 4h 4s 4c 4d 4h 5c 5d 5h 6c", ew=EW_MELDS, scores=scores, **kw)


CONCEALED_MOVE = "meld 4c 4d 4h 4s 4c 4d 4h, 5c 5d 5h discard 6c"


def test_001_concealed_after_a_stock_draw_waives_the_minimum() -> None:
    """001, 'Going out': if the team has not opened, a concealed finish after a stock draw waives
    the initial-meld minimum (here 90 at 1500, with 50 laid); concealed earns 200 in all."""
    ns, _ = hand_scores(_concealed("classic"), CONCEALED_MOVE)
    assert breakdown(ns) == {
        "Melds": 50,
        "Cards in hand": -50,
        "Natural canastas": 500,
        "Going out": 200,
        "Total": 700,
    }


def test_000_concealed_is_the_team_s_initial_meld_so_the_minimum_holds() -> None:
    """000 gives no exception to the minimum, and calls going out concealed making the team's
    initial meld and going out in one turn (the encyclopedia variant's pinned reading): 50
    laid at a minimum of 90 is refused."""
    verdict = ruling(_concealed("encyclopedia"), CONCEALED_MOVE)
    assert verdict.refusal is not None and verdict.refusal.code == "open.below_minimum"
    assert "going out concealed does not waive it" in verdict.text


def test_002_going_out_without_the_minimum_after_drawing_from_the_stock() -> None:
    """002, 'The First Meld': the one exception to the minimum: a player who has melded nothing
    but has drawn from the stock may lay down all the cards, even a canasta; concealed earns
    200 ('Bonus')."""
    text = """[Variant "online"]
[Scores "N 1500, S 900"]

hand N: 4c 4d 4h 4s 4c 4d 4h 5c 5d 5h 6c
hand S: 8c 9s Td Jh Kc 5s 6h 4s 8d 9d Ts Jd Ks Qc Qd
melds S: Ad Ah As
pile: 7c 9h
turn: drew stock
to move: N play
"""
    n, _ = hand_scores(text, CONCEALED_MOVE)
    assert (n.melds, n.natural_canastas, n.going_out, n.total) == (50, 500, 200, 750)


def test_002_two_canastas_option_needs_both_to_go_out_concealed() -> None:
    """002, 'The First Meld' and 'End of a hand': with the two-canastas option the concealed
    exception lays down 'two canastas', and no player may meld out without them."""
    text = """[Variant "online-two-canastas"]
[Scores "N 1500, S 900"]

hand N: 4c 4d 4h 4s 4c 4d 4h 5c 5d 5h 6c
hand S: 8c 9s Td Jh Kc 5s 6h 4s 8d 9d Ts Jd Ks Qc Qd
melds S: Ad Ah As
pile: 7c 9h
turn: drew stock
to move: N play
"""
    assert refused(text, CONCEALED_MOVE) == "meld.keep_a_card"


def test_001_concealed_after_taking_the_pile_still_needs_the_minimum() -> None:
    """001, 'Going out': a concealed finish after a discard-pile pickup still has to meet the
    minimum before taking the pile: 30 (with the top four) is short of 90."""
    text = pos(
        "classic",
        n="4c 4d 4s 4c 4d 4h 5c 5d 5h 6c",
        pile="7c 4h",
        turn=None,
        to_move="N draw",
        scores="NS 1500, EW 900",
    )
    assert refused(text, "take 4h with 4c 4d and 5c 5d 5h") == "open.below_minimum"


def test_001_concealed_when_partner_has_already_melded() -> None:
    """001, 'Going out': concealed is the player's own matter: never having melded or added to
    partner's melds, the player lays the whole hand in one turn with a canasta of their own.
    Partner's earlier melds do not prevent it: 200."""
    text = _concealed("classic", scores="NS 1200, EW 900", ns="Qc Qd Qh", melded="S E W")
    ns, _ = hand_scores(text, CONCEALED_MOVE)
    assert (ns.going_out, ns.total) == (200, 730)


def test_000_concealed_needs_the_team_s_initial_meld() -> None:
    """000, bonus table: a player goes out concealed when making the team's initial meld and
    going out in the same turn; with partner's queens already down, it is ordinary: 100."""
    text = _concealed("encyclopedia", scores="NS 1200, EW 900", ns="Qc Qd Qh", melded="S E W")
    ns, _ = hand_scores(text, CONCEALED_MOVE)
    assert (ns.going_out, ns.total) == (100, 630)


def test_001_adding_to_partner_s_meld_spoils_a_concealed_finish() -> None:
    """001, 'Going out': the concealed player must not add cards to partner's melds; one queen
    added to partner's queens makes it an ordinary 100."""
    text = pos(
        "classic",
        n="4c 4d 4h 4s 4c 4d 4h 5c 5d 5h 6c Qs",
        ns="Qc Qd Qh",
        melded="S E W",
    )
    ns, _ = hand_scores(text, "meld 4c 4d 4h 4s 4c 4d 4h, 5c 5d 5h, Q: Qs discard 6c")
    assert ns.going_out == 100


def test_001_concealed_needs_a_canasta_of_one_s_own() -> None:
    """001, 'Going out': the concealed hand includes a complete canasta of the player's own;
    going out on partner's canasta with two new melds is ordinary: 100."""
    text = pos("classic", n="5c 5d 5h 6c 6d 6h 4d", ns=QUEEN_CANASTA, melded="S E W")
    ns, _ = hand_scores(text, "meld 5c 5d 5h, 6c 6d 6h discard 4d")
    assert ns.going_out == 100


def test_001_earlier_red_threes_do_not_spoil_a_concealed_finish() -> None:
    """001, 'Going out': previously exposed red threes do not disqualify a concealed finish."""
    text = _concealed("classic", scores="NS 0, EW 900", red_ns="3h", melded="E W")
    ns, _ = hand_scores(text, CONCEALED_MOVE)
    assert breakdown(ns) == {
        "Melds": 50,
        "Cards in hand": -50,
        "Natural canastas": 500,
        "Red threes": 100,
        "Going out": 200,
        "Total": 800,
    }


def test_004_a_concealed_hand_melds_everything_without_a_discard() -> None:
    """004, 'Concealed Hand': the player melds the entire hand in one turn (so no last discard,
    though 'Discarding' otherwise requires one); 100 on top of going out."""
    text = _concealed("general", scores="NS 0, EW 900", melded="E W").replace(" 6c\n", "\n", 1)
    ns, _ = hand_scores(text, "meld 4c 4d 4h 4s 4c 4d 4h, 5c 5d 5h")
    assert (ns.going_out, ns.total) == (200, 700)


# --------------------------------------------------------------------------------------------
# Going out: the canasta, the last discard


def test_001_without_a_canasta_keep_a_card_after_discarding() -> None:
    """001, 'Going out': without a team canasta, keep at least one card after discarding;
    melding down to a single card would force an illegal finish."""
    text = pos("classic", n="6c 6d 6h 5c", ns="Qc Qd Qh Qs")
    assert refused(text, "meld 6c 6d 6h") == "meld.keep_a_card"


def test_001_going_out_may_meld_every_card() -> None:
    """001, 'Going out' / 'Can you go out without a final discard?': with a team canasta the
    player may meld the whole remaining hand; ordinary going out earns 100."""
    ns, _ = hand_scores(pos("classic", n="6c 6d 6h", ns=QUEEN_CANASTA), "meld 6c 6d 6h")
    assert breakdown(ns) == {
        "Melds": 85,
        "Cards in hand": -50,
        "Natural canastas": 500,
        "Going out": 100,
        "Total": 635,
    }


def test_004_going_out_ends_with_a_discard() -> None:
    """004, 'Discarding': the player cannot meld the last card and has to discard it to go out;
    melding the whole hand (not concealed) is refused, keeping one to discard is fine."""
    text = pos("general", n="6c 6d 6h", ns=QUEEN_CANASTA)
    assert refused(text, "meld 6c 6d 6h") == "out.final_discard"
    text = pos("general", n="6c 6d 6h 5c", ns=QUEEN_CANASTA)
    assert refused(text, "meld 6c 6d 6h discard 5c") is None


def test_001_the_canasta_may_be_completed_on_the_going_out_turn() -> None:
    """001, 'Going out': the team canasta may be completed on the same turn."""
    text = pos("classic", n="Qc Qd 6c 6d 6h 5c", ns="Qh Qs Qc Qd Qh")
    ns, _ = hand_scores(text, "meld 6c 6d 6h, Q: Qc Qd discard 5c")
    assert (ns.natural_canastas, ns.going_out) == (500, 100)


def test_001_a_pickup_that_empties_the_hand_needs_a_canasta() -> None:
    """001, 'Going out': without a team canasta a player may not empty the hand, and taking a
    one-card pile with the last two cards would do that."""
    text = pos("classic", n="9c 9h", ns="Qc Qd Qh Qs", pile="9d", turn=None, to_move="N draw")
    assert refused(text, "take with 9c 9h") == "out.canastas"


# --------------------------------------------------------------------------------------------
# Permission to go out


HAND_OUT = "6c 6d 6h 5c 5d 5h 4d"  # 6-6-6, 5-5-5 and a discard: out with the queens' canasta


def test_000_a_no_forbids_going_out_this_turn() -> None:
    """000, 'When considering going out ...': if the partner refuses permission, the player may
    not go out this turn."""
    text = pos("encyclopedia", n="6c 6d 6h 5c", ns=QUEEN_CANASTA)
    assert refused(text, "ask no meld 6c 6d 6h discard 5c") == "out.permission_refused"


def test_001_a_yes_binds() -> None:
    """001, 'Going out': partner's yes or no is binding: after a yes the player must go out."""
    text = pos("classic", n=HAND_OUT, ns=QUEEN_CANASTA)
    assert refused(text, "ask yes meld 6c 6d 6h discard 4d") == "out.permission_obliges"
    assert refused(text, "ask yes meld 6c 6d 6h, 5c 5d 5h discard 4d") is None


def test_001_ask_before_further_melding() -> None:
    """001, 'Going out': ask just after drawing or taking the pile, before further melding."""
    text = pos("classic", n=HAND_OUT, ns=QUEEN_CANASTA)
    assert refused(text, "meld 6c 6d 6h ask yes meld 5c 5d 5h discard 4d") == "ask.too_late"


def test_004_ask_once_done_melding() -> None:
    """004, 'May I go out?': a player who is done melding, with a canasta, may ask; asking after
    melding is allowed."""
    text = pos("general", n=HAND_OUT, ns=QUEEN_CANASTA)
    assert refused(text, "meld 6c 6d 6h ask yes meld 5c 5d 5h discard 4d") is None


def test_001_ask_after_taking_the_pile() -> None:
    """001, 'Going out': the question may follow taking the pile (with the meld the pickup
    needs), then the player goes out as bound."""
    text = pos(
        "classic",
        n="9c 9h 5c 5d 5h 6d",
        ns=QUEEN_CANASTA,
        pile="9d",
        turn=None,
        to_move="N draw",
    )
    assert refused(text, "take with 9c 9h ask yes meld 5c 5d 5h discard 6d") is None


def test_001_no_asking_before_the_draw() -> None:
    """001, 'Going out': the question comes just after drawing or taking the pile."""
    text = pos("classic", n="6c 6d 6h 5c", ns=QUEEN_CANASTA, turn=None, to_move="N draw")
    assert refused(text, "ask yes draw 7d meld 6c 6d 6h discard 5c") == "ask.too_early"


# --------------------------------------------------------------------------------------------
# Meld limits: black threes, wild cards


def test_000_black_threes_melded_only_when_going_out() -> None:
    """000, 'Black threes may be melded only as the last play before a player goes out'."""
    text = pos("encyclopedia", n="3c 3s 3c 5c 5d 4d", ns=QUEEN_CANASTA)
    assert refused(text, "meld 3c 3s 3c") == "meld.black_threes.not_going_out"
    text = pos("encyclopedia", n="3c 3s 3c 4d", ns=QUEEN_CANASTA)
    assert refused(text, "meld 3c 3s 3c discard 4d") is None


def test_002_no_wild_cards_in_a_meld_of_black_threes() -> None:
    """002, 'Special Cards': a meld of black threes made to end the hand may not contain wild
    cards."""
    text = pos("classic", n="3c 3s 2c 4d", ns=QUEEN_CANASTA)
    assert refused(text, "meld 3c 3s 2c discard 4d") == "meld.black_threes.wild"


def test_003_two_naturals_and_three_wild_cards_is_a_meld() -> None:
    """003, Step 4: a meld is valid if it has two or more natural cards and no more than three
    wild cards: 5-5-2-2-2 is one."""
    text = pos("novice", n="5c 5d 2c 2d 2h 4d 8h", ns=QUEEN_CANASTA)
    assert refused(text, "meld 5c 5d 2c 2d 2h") is None


def test_002_never_more_wild_cards_than_natural() -> None:
    """002, 'Special Cards': no meld may contain more wild than natural cards; adding two twos to
    5-5-2 is refused."""
    text = """[Variant "online"]
[Scores "N 1200, S 900"]

hand N: 2d 2h 4d 8h
hand S: 8c 9s Td Jh 5s 6h 4s 8d 9d Ts Jd Qc Qd
melds N: Kc Kd Kh Ks Kc Kd Kh, 5c 5d 2c
melds S: Ad Ah As
pile: 7c 9h
turn: drew stock
to move: N play
"""
    assert refused(text, "add 5: 2d 2h") == "meld.more_wild_than_natural"


def test_001_the_wild_card_cap_still_binds_a_canasta() -> None:
    """001, 'Melds and canastas': you may add beyond seven, but the three-wild-card limit still
    applies: a joker onto K-K-K-K-2-2-2 is refused."""
    text = pos("classic", n="Jk 4d 8h", ns="Kc Kd Kh Ks 2c 2d 2h")
    assert refused(text, "add K: Jk") == "meld.too_many_wild"


def test_004_a_completed_canasta_takes_any_number_of_wild_cards() -> None:
    """004, 'Melding': once formed, a canasta can be added with any number of wild cards: two
    jokers onto K-K-K-K-2-2-2 (five wild cards to four naturals)."""
    text = pos("general", n="Jk Jk 4d 8h", ns="Kc Kd Kh Ks 2c 2d 2h")
    assert refused(text, "add K: Jk Jk") is None


def test_004_a_canasta_is_not_completed_by_a_fourth_wild_card() -> None:
    """004, 'Melding' / 'Canasta Value': a set forming a canasta holds at most three wild cards
    and at least four naturals (its base): 5-5-5-2-2-2 plus a two is refused."""
    text = pos("general", n="2s 4d 8h", ns="5c 5d 5h 2c 2d 2h")
    assert refused(text, "add 5: 2s") == "meld.too_many_wild"


def test_001_one_meld_per_rank() -> None:
    """001, 'Melds and canastas': keep only one team meld per rank; matching cards join that
    meld (three sixes laid beside the team's sixes go onto them, as the notation's add does)."""
    text = pos("classic", n="6c 6c 6h 4d 8h", ns="Qc Qd Qh Qs, 6s 6s 6d")
    assert refused(text, "meld 6c 6c 6h") is None
    assert refused(text, "add 6: 6c 6c 6h") is None


# --------------------------------------------------------------------------------------------
# The end of the stock


def _stock_out(n: str, ns: str, pile: str, e: str = "8c 9s Td Jh Kc 2c 2d 2s 2h") -> str:
    return pos(
        "classic",
        n=n,
        s="8s Th Jc Kh",
        e=e,
        w="8d Ts Jd Ks 4h 2c 2d 2s Jk Jk Jk Jk",
        ns=ns,
        red_ns="3d 3h",
        red_ew="3d 3h",
        melded="N S E W",
        pile=pile,
        stock="0",
        turn=None,
        to_move="N draw",
    )


def test_000_with_the_stock_used_up_a_legal_pickup_is_compulsory() -> None:
    """000, end of the stock: if the player can legally pick up the discard pile when the stock
    is empty, they must. Two nines in hand take the nine on top, so ending the hand with a draw
    is refused; 001 forces only a top card that fits a team meld, so there the hand ends and
    nobody earns a going-out bonus."""
    text = _stock_out("9c 9h 5c 6d", QUEEN_CANASTA, "62 unseen, 7c 9d")
    assert refused(text, "draw", "encyclopedia") == "stock.forced_pickup"
    ns, ew = hand_scores(text, "draw", "classic")
    assert ns.going_out == ew.going_out == 0
    assert breakdown(ns) == {
        "Melds": 70,
        "Cards in hand": -70,
        "Natural canastas": 500,
        "Red threes": 200,
        "Total": 700,
    }


def test_001_stock_used_up_a_top_card_that_fits_a_meld_must_be_taken() -> None:
    """001, 'When the stock runs out': with an unfrozen pile a player must take it if its top
    card fits an existing team meld. 004 makes taking upcards optional (general)."""
    text = _stock_out(
        "4c 5c 6d", f"{QUEEN_CANASTA}, 9c 9h 9s", "61 unseen, 7c 9d", e="8c Td Jh Kc 2c 2d 2s 2h"
    )
    assert refused(text, "draw", "classic") == "stock.forced_pickup"
    assert refused(text, "take", "classic") is None
    assert refused(text, "draw", "general") is None


def test_001_stock_used_up_a_frozen_pile_is_not_forced() -> None:
    """001, 'When the stock runs out': only an unfrozen pile is forced; other legal pickups
    remain optional. With a two in the pile, the nines may stay where they are (000 would force
    them)."""
    text = _stock_out(
        "9c 9h 5c 6d",
        f"{QUEEN_CANASTA}, 9s 9s 9d",
        "60 unseen, 2c 7c 9d",
        e="8c Td Jh Kc 2d 2s 2h",
    )
    assert refused(text, "draw", "classic") is None
    assert refused(text, "take with 9c 9h", "classic") is None
    assert refused(text, "draw", "encyclopedia") == "stock.forced_pickup"


def test_001_the_forced_pickup_keeps_the_one_card_restriction() -> None:
    """001, 'When the stock runs out': the forced pickup is subject to the one-card-hand
    restriction; holding one card over a one-card pile, the player ends the hand instead.
    (Every card written: the stock and pile hold nothing unseen.)"""
    text = pos(
        "classic",
        n="5c",
        s="4c 4c 4d 4d 4h 4h 4s 4s 5c 5d 5d 5h 5h 5s 5s 6c 6c 6d 6d 6h 6h 6s 6s 7c 7c 7d 7d 7h 7h",
        e="7s 7s 8c 8c 8d 8d 8h 8h 8s 8s 9c 9d 9h 9h Tc Tc Td Td Th Th Ts Ts Jc Jc Jd Jd Jh Jh Js",
        w="Js Qs Kc Kc Kd Kd Kh Kh Ks Ks Ac Ac Ad Ah As 2c 2c 2d 2d 2h 2s 2s "
        "3c 3c 3s 3s Jk Jk Jk Jk",
        ns=f"{QUEEN_CANASTA}, 9s 9s 9d",
        red_ns="3d 3h",
        red_ew="3d 3h",
        melded="N S E W",
        pile="9c",
        stock="0",
        turn=None,
        to_move="N draw",
    )
    assert refused(text, "take") == "pile.one_card"
    assert refused(text, "draw") is None


def test_001_a_red_three_as_the_last_stock_card_ends_the_hand() -> None:
    """001, 'When the stock runs out': if the last stock card is a red three, it is exposed and
    the hand ends at once: the player can neither meld nor discard. (002 and 000 agree.)"""
    text = pos(
        "classic",
        n="9c 9h 9s 5c 6d",
        s="8s Th Jc Kh",
        e="8c Td Jh Kc 2c 2d 2s 2h",
        w="8d Ts Jd Ks 4h 2c 2d 2s Jk Jk Jk Jk",
        ns=QUEEN_CANASTA,
        red_ns="3d 3h",
        red_ew="3h",
        melded="N S E W",
        pile="62 unseen, 7c 5d",
        stock="1",
        turn=None,
        to_move="N draw",
    )
    assert refused(text, "draw 3d meld 9c 9h 9s") == "hand.over"
    assert refused(text, "draw 3d discard 5c") == "hand.over"
    ns, _ = hand_scores(text, "draw 3d")
    assert (ns.red_threes, ns.going_out, ns.hands) == (300, 0, -80)


def test_002_the_hand_ends_after_the_last_drawer_s_turn() -> None:
    """002, 'End of a hand': if nobody goes out before the stock is used up, the hand ends when
    the turn of the player who took the last card is over; no going-out bonus."""
    text = """[Variant "online"]
[Scores "N 1200, S 900"]

hand N: 9c 9h 5c 6d
hand S: 8s Th Jc Kh 8c 9s Td Jh Kc 2c 2d 2s 2h 8d Ts Jd Ks 4h 2c 2d 2s Jk Jk Jk Jk
melds N: Qc Qd Qh Qs Qc Qd Qh
melds S: Ad Ah As 2h
red N: 3d 3h
red S: 3d 3h
pile: 61 unseen, 7c 9d
stock 1
to move: N draw
"""
    n, s = hand_scores(text, "draw 4c discard 4c")
    assert n.going_out == s.going_out == 0
    assert (n.melds, n.hands, n.natural_canastas, n.red_threes) == (70, -30, 500, 200)


# --------------------------------------------------------------------------------------------
# Red threes and penalties at the end of the hand


def _out_n(variant: str, ew: str, red: str) -> str:
    lines = [
        f'[Variant "{variant}"]',
        "",
        "hand N:",
        "hand S: 8s 9s",
        "hand E: 8c 9c Td",
        "hand W: 8d 9h Ts",
        f"melds NS: {QUEEN_CANASTA}, 5c 5d 5h",
    ]
    if ew:
        lines.append(f"melds EW: {ew}")
    lines += [red, "pile: 7c", "out N"]
    return "\n".join(lines) + "\n"


def test_000_red_threes_of_a_side_without_melds_count_minus() -> None:
    """000, scoring: a team with three red threes and no melds suffers 300 rather than gaining
    it."""
    _, ew = scored(_out_n("encyclopedia", "", "red EW: 3d 3h 3d"))
    assert breakdown(ew) == {"Cards in hand": -60, "Red threes": -300, "Total": -360}


def test_000_the_fourth_red_three_is_worth_500() -> None:
    """000, bonus table: 100 for each of three red threes, 500 for the fourth, 800 for all four;
    North went out with them."""
    ns, _ = scored(_out_n("encyclopedia", "Kc Kd Kh", "red NS: 3d 3h 3d 3h"))
    assert breakdown(ns) == {
        "Melds": 85,
        "Cards in hand": -20,
        "Natural canastas": 500,
        "Red threes": 800,
        "Going out": 100,
        "Total": 1465,
    }


def test_003_four_red_threes_without_opening_count_800_minus() -> None:
    """003, Step 8: all four red threes count 200 each, and a team that has not opened counts
    them as negative points: -800."""
    _, ew = scored(_out_n("novice", "", "red EW: 3d 3h 3d 3h"))
    assert (ew.red_threes, ew.total) == (-800, -860)


def test_004_red_threes_count_minus_when_the_opponents_go_out() -> None:
    """004, 'Red threes': if the player has a red three and the opponent goes out, the bonus is
    subtracted (the general variant applies this with the no-meld rule). 001 (classic) counts
    it plus for any side that has melded."""
    text = _out_n("general", "Kc Kd Kh", "red EW: 3h")
    _, ew = scored(text)
    assert breakdown(ew) == {"Melds": 30, "Cards in hand": -60, "Red threes": -100, "Total": -130}
    _, ew = scored(text, "classic")
    assert (ew.red_threes, ew.total) == (100, 70)


def test_004_a_fourth_wild_card_returned_to_hand_costs_100() -> None:
    """004, rule 7: an unintentional fourth wild card on a meld must be removed; returning it to
    the hand costs 100 points."""
    text = _out_n("general", "Kc Kd Kh", "").replace(
        "pile: 7c", "penalty E wild_returned\npile: 7c"
    )
    _, ew = scored(text)
    assert breakdown(ew) == {"Melds": 30, "Cards in hand": -60, "Penalties": -100, "Total": -130}


def test_001_a_wild_card_turns_a_natural_canasta_mixed() -> None:
    """001, 'Melds and canastas': adding a wild card to a natural canasta turns it mixed and
    reduces its bonus to 300; the two still counts its 20."""
    text = pos("classic", n="2c 5c 5d 5h 4d", ns=QUEEN_CANASTA)
    ns, _ = hand_scores(text, "add Q: 2c meld 5c 5d 5h discard 4d")
    assert breakdown(ns) == {
        "Melds": 105,
        "Cards in hand": -50,
        "Mixed canastas": 300,
        "Going out": 100,
        "Total": 455,
    }


def test_001_black_threes_left_in_hand_count_five_each() -> None:
    """001, 'Card values' and 'Scoring': black threes count 5, and unplayed cards count against
    the team: South's two black threes and a king cost 20."""
    text = _out_n("classic", "Kc Kd Kh", "").replace("hand S: 8s 9s", "hand S: 3c 3s Kh")
    ns, _ = scored(text)
    assert ns.hands == -20


@pytest.mark.parametrize("variant", ["classic", "encyclopedia", "novice", "general"])
def test_going_out_without_asking_is_allowed(variant: str) -> None:
    """000 ('it is not necessary to ask permission before going out'), 001 ('You may go out
    without consulting your partner'), 004 ('There is no obligation as such'); 003 never asks."""
    text = pos(variant, n="6c 6d 6h 5c", ns=QUEEN_CANASTA)
    assert refused(text, "meld 6c 6d 6h discard 5c") is None


def test_000_a_meld_with_the_top_card_needs_two_naturals() -> None:
    """000, melds: a meld needs at least two natural cards (5-2-2 is not a meld), so two wild
    cards from hand with the nine on top do not take even an unfrozen pile (001's table: one
    natural and one wild at the least)."""
    text = pos(
        "encyclopedia",
        n="2c Jk 5c 6d 8h",
        ns="Qc Qd Qh Qs",
        pile="7c 4s 9d",
        turn=None,
        to_move="N draw",
    )
    assert refused(text, "take with 2c Jk") == "pile.way_not_allowed"


def test_000_asking_before_the_draw_and_the_yes_binds_after_it() -> None:
    """000, 'When considering going out, a player may ask' (no moment named): asked before the
    draw, a yes obliges the player to go out once the drawn five makes it possible; a no forbids
    it."""
    text = pos("encyclopedia", n="6c 6d 6h 5c 5d 4d", ns=QUEEN_CANASTA, turn=None, to_move="N draw")
    assert refused(text, "ask yes draw 5h meld 6c 6d 6h discard 4d") == "out.permission_obliges"
    assert refused(text, "ask yes draw 5h meld 6c 6d 6h, 5c 5d 5h discard 4d") is None
    assert refused(text, "ask no draw 5h meld 6c 6d 6h, 5c 5d 5h discard 4d") == (
        "out.permission_refused"
    )


def test_004_concealed_is_the_player_s_own_first_meld() -> None:
    """004, 'Concealed Hand': the player melds the whole hand in one turn with a canasta, never
    having melded before nor added to partner's melds; partner's earlier melds do not matter:
    200 (100 for going out and 100 more)."""
    text = _concealed("general", scores="NS 1200, EW 900", ns="Qc Qd Qh", melded="S E W")
    text = text.replace(" 6c\n", "\n", 1)
    ns, _ = hand_scores(text, "meld 4c 4d 4h 4s 4c 4d 4h, 5c 5d 5h")
    assert (ns.going_out, ns.total) == (200, 730)


def test_001_concealed_may_begin_with_the_pile() -> None:
    """001, 'Going out': a concealed finish after a discard-pile pickup is allowed once the
    minimum is met (here 100 at 50): nine pair with the top nine and seven kings, every card
    melded, 200 in all."""
    text = pos(
        "classic",
        n="9c 9h Kc Kd Kh Ks Kc Kd Kh 5c",
        s="8s 9s Th Jc",
        e="8c 9c Td Jh 4c",
        w="8d 9h Ts Jd 4s",
        pile="9d",
        turn=None,
        to_move="N draw",
    )
    ns, _ = hand_scores(text, "take 9d with 9c 9h and Kc Kd Kh Ks Kc Kd Kh discard 5c")
    assert (ns.melds, ns.natural_canastas, ns.going_out) == (100, 500, 200)


def test_001_a_pickup_may_not_break_the_wild_card_limit() -> None:
    """001, 'Taking the discard pile': all resulting melds must stay legal, including the
    wild-card limit: a nine and a joker with the top nine would join the side's 9-9-2-2-2 and
    make four wild cards."""
    text = pos(
        "classic",
        n="9c Jk 5c 5d 5h 6d",
        ns=f"{QUEEN_CANASTA}, 9h 9s 2c 2d 2h",
        ew="Ad Ah As 2s",
        pile="7c 4s 9d",
        turn=None,
        to_move="N draw",
    )
    assert refused(text, "take with 9c Jk") == "meld.too_many_wild"


def test_004_e10_a_natural_canasta_of_sixes_is_535() -> None:
    """004, 'Canasta Value' (E10): the text gives 542 (500 + 6x7) for a natural canasta of sixes,
    but sixes are worth 5 in every source's table: 500 + 35 = 535."""
    text = "\n".join(
        [
            '[Variant "general"]',
            "",
            "hand N:",
            "hand E: 8c",
            "hand S:",
            "hand W: 8d",
            "melds NS: 6c 6d 6h 6s 6c 6d 6h",
            "pile: 7c",
            "out N",
        ]
    )
    ns, _ = scored(text + "\n")
    assert (ns.melds, ns.natural_canastas, ns.melds + ns.natural_canastas) == (35, 500, 535)


def test_000_a_discarded_wild_card_freezes_the_pile() -> None:
    """000, 'If a wild card has previously been discarded to the pile, the discard pile is
    frozen'; while on top it cannot be taken at all. North discards a two: East cannot take it;
    once East covers it with a king, South needs two natural kings (a king and a joker fail)."""
    base = pos(
        "encyclopedia",
        n="2c 5c 6d 4d",
        s="Kh Jk 8s 9s",
        e="8c 9c Td Jh Kc 7s",
        ns="Qc Qd Qh Qs",
    )
    played = base + "N discard 2c\n"
    assert refused(played, "E take with Kc") == "pile.top_wild"
    covered = played + "E draw 5s discard Kc\n"
    assert refused(covered, "S take with Kh Jk") == "pile.frozen.needs_natural_pair"
    pair = covered.replace("hand S: Kh Jk", "hand S: Kh Kd")
    assert refused(pair, "S take with Kh Kd") is None


def test_002_cards_from_the_pile_may_be_melded_after_the_pickup() -> None:
    """002, 'Taking the discard pile': the meld with the first card uses no other pile card,
    but other cards from the pile may be used afterwards to meld: the two sevens under the
    nine join a seven from hand."""
    text = """[Variant "online"]
[Scores "N 1200, S 900"]

hand N: 9c 9h 7h 5c
hand S: 8c 9s Td Jh Kc 5s 6h 4s 8d Ts Jd Ks
melds N: Qc Qd Qh Qs
melds S: Ad Ah As
pile: 7c 7d 4s 9d
to move: N draw
"""
    assert refused(text, "take with 9c 9h meld 7c 7d 7h discard 5c") is None
