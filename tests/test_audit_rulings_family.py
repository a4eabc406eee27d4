"""Audit of the family games' rulings against the public pages docs/sources.md cites (each case
names the page by its id there): Samba (BC: Bicycle, Game Rules Finder: Samba,
bicyclecards.ca/game-rules/samba/169.php; HSW: HowStuffWorks, How to Play Canasta, Samba
section, entertainment.howstuffworks.com/how-to-play-canasta3.htm), Bolivia (BCB: Bicycle, Game
Rules Finder: Bolivia, bicyclecards.ca/game-rules/bolivia/48.php), Modern American (CC: Canasta
Connection, canastaconnection.com/canasta-rules; PAG: Pagat, pagat.com/rummy/canasta.html) and
Hand and Foot (RGH: Rummy-Games, rummy-games.com/rules/hand-and-foot-canasta.html; BW: Bill
Whitnack, Our Rules for Hand and Foot)."""

from __future__ import annotations

import pytest
from audit_rulings_helpers import pos, to_draw
from helpers import refused, ruling

OPENED = "N S E W"
KINGS7 = "Kc Kd Kh Ks Kc Kd Kh"


# --------------------------------------------------------------------------------------------
# Samba (BC, HSW)


@pytest.mark.parametrize(
    ("move", "expected"), [("meld 6h 7h 2c", "meld.run.wild"), ("add 9h: 2c", "meld.run.wild")]
)
def test_samba_no_wild_card_in_a_sequence(move: str, expected: str) -> None:
    """BC, 'Wild Cards': no sequence meld may contain any wild card, new or added."""
    text = pos("samba", n="6h 7h 2c 9s 4s", ns="9h Th Jh", melded=OPENED)
    assert refused(text, move) == expected


def test_samba_a_two_refused_on_a_run_is_not_answered_with_another_meld() -> None:
    """BC: a wild card cannot join a sequence. The ruling used to suggest, 'instead', a new
    meld of kings that happened to use the two ('meld Ks Ks 2c'): not the move the player
    meant. Cards meant for a run are now kept on that run, so no such suggestion is made."""
    text = pos("samba", n="6h 7h 2c 9s Ks Ks 4s", ns=f"{KINGS7}, 9h Th Jh", melded=OPENED)
    v = ruling(text, "add 9h: 2c")
    assert v.refusal is not None and v.refusal.code == "meld.run.wild"
    assert v.remedy is None


def test_samba_at_most_two_wild_cards_in_a_group() -> None:
    """BC: no regular meld may contain more than two wild cards; the suggested form (one wild
    card fewer) is legal."""
    text = pos("samba", n="9c 9d 2c 2d Jk 4s 4h", ns="Kc Kd Kh", melded=OPENED)
    v = ruling(text, "meld 9c 9d 2c 2d Jk")
    assert v.refusal is not None and v.refusal.code == "meld.too_many_wild"
    assert v.remedy is not None and refused(text, v.remedy.text.removeprefix("N ")) is None


@pytest.mark.parametrize(
    ("move", "expected"), [("take 8h on 9h", None), ("take 8h with 7h", "pile.run_with_cards")]
)
def test_samba_the_top_card_onto_a_sequence(move: str, expected: str | None) -> None:
    """BC, 'The Deal': when the pile is not frozen its top card may be added to a meld below a
    canasta, a sequence included, but may not combine with a card from the hand in adding to a
    sequence."""
    text = to_draw("samba", n="7h 4s 4h 5c", ns="9h Th Jh", melded=OPENED, pile="7c 8h")
    assert refused(text, move) == expected


def test_samba_never_a_natural_and_a_wild_card() -> None:
    """BC: the pile is taken only with a natural matching pair, or the top card onto a meld."""
    text = to_draw("samba", n="9c Jk 4s 4h", ns="Kc Kd Kh", melded=OPENED, pile="7c 9d")
    assert refused(text, "take 9d with 9c Jk") == "pile.way_not_allowed"


def test_samba_the_top_card_cannot_go_onto_a_canasta() -> None:
    """HSW: you may not pick up the upcard to add to a canasta (BC: onto a meld less than a
    canasta)."""
    text = to_draw("samba", n="9c 4s 4h", ns=KINGS7, melded=OPENED, pile="7c Kd")
    assert refused(text, "take Kd") == "pile.onto_closed_canasta"


def test_samba_two_canastas_to_go_out() -> None:
    """BC, 'Canastas': a side needs two canastas (mixed, natural or samba) to go out."""
    text = pos("samba", n="5c 5d 5h 4s", ns=KINGS7, melded=OPENED)
    assert refused(text, "meld 5c 5d 5h discard 4s") == "meld.keep_a_card"


@pytest.mark.parametrize(("variant", "minimum"), [("samba", 160), ("bolivia", 150)])
def test_the_minimum_from_7000(variant: str, minimum: int) -> None:
    """BC, 'Scoring': 160 from 7000 in Samba; BCB: in Bolivia the requirement stays at 150
    from 7000 up. Aces and kings with a wild card each (130) fall short of both."""
    text = pos(
        variant, n="Ac Ad Ah 2c Kc Kd Kh 2d 4s 5s 6s", ew="", melded="", scores="NS 7000, EW 0"
    )
    v = ruling(text, "meld Ac Ad Ah 2c, Kc Kd Kh 2d discard 4s")
    assert v.refusal is not None and v.refusal.code == "open.below_minimum"
    assert f"at least {minimum}" in v.refusal.message


# --------------------------------------------------------------------------------------------
# Bolivia (BCB)


def test_bolivia_a_wild_card_on_top_cannot_be_taken() -> None:
    """BCB, 'Wild Cards': when the pile is topped by a wild card it may not be taken, even with
    wild cards melded on the side."""
    text = to_draw("bolivia", n="2d Jk 4s 4h", ns="Kc Kd Kh", melded=OPENED, pile="7c 9d 2s")
    assert refused(text, "take 2s with 2d Jk") == "pile.top_wild"


def test_bolivia_three_wild_cards_may_be_melded_alone() -> None:
    """BCB, 'Wild Cards': three or more wild cards may be melded (a bolivia at seven)."""
    text = pos("bolivia", n="2c 2d Jk 4s 4h", ns="Kc Kd Kh", melded=OPENED)
    assert refused(text, "meld 2c 2d Jk") is None


# --------------------------------------------------------------------------------------------
# Modern American (CC, PAG)


def test_modern_american_the_pile_always_needs_a_natural_pair() -> None:
    """CC and PAG: in Modern American the pile is taken only with a natural pair matching the
    top card, never with one natural and a wild card, even after the side has melded."""
    text = to_draw(
        "modern-american", n="9c Jk 4s 4h 5c", ns="Kc Kd Kh", melded=OPENED, pile="7c 9d"
    )
    assert refused(text, "take 9d with 9c Jk") is not None
    assert refused(text.replace("9c Jk", "9c 9h"), "take 9d with 9c 9h") is None


def test_modern_american_opening_needs_125_below_3000() -> None:
    """CC: below 3000 the first meld must count 125; clean aces and kings with two twos (130)
    reach it, three kings alone (30, a clean triple as the opening needs) do not."""
    text = pos(
        "modern-american",
        n="Ac Ad Ah 2c Kc Kd Kh 2d 4s 5s 6s",
        ew="",
        melded="",
        scores="NS 0, EW 0",
    )
    v = ruling(text, "meld Kc Kd Kh discard 4s")
    assert v.refusal is not None and v.refusal.code == "open.below_minimum"
    assert "125" in v.refusal.message
    assert refused(text, "meld Ac Ad Ah, Kc Kd Kh 2c 2d discard 4s talon 5c 5d 9c 9h") is None


def test_modern_american_two_canastas_to_go_out() -> None:
    """CC: a side needs two canastas before it can go out; one is not enough."""
    text = pos("modern-american", n="5c 5d 5h 4s", ns=KINGS7, melded=OPENED)
    assert refused(text, "meld 5c 5d 5h discard 4s") is not None


# --------------------------------------------------------------------------------------------
# Hand and Foot (RGH, BW)


def test_hand_and_foot_fewer_wild_cards_than_naturals() -> None:
    """BW and RGH: a book's wild cards must be fewer than its natural cards: two nines and two
    twos are refused, three nines and two twos are legal."""
    text = """[Variant "hand-and-foot"]
[Scores "NS 0, EW 0"]
[Dealer "W"]

hand N: 9c 9d 9h 2c 2d 4s 6s
hand E: 4c 5d 7h 7s 9c Td Jh
hand S: 6c 7d 8s Th Jc Qd Ac
hand W: 4d 5h 6h 8c 9h Ts Kh
foot N: 4c 4d 4h 5c 5d 5h 6c 6d 6h 7c 7d 7h Ac
foot E: taken
foot S: 4s 5s 6s 7s 8d 8s 9d 9s Ts Js Qs Ks As
foot W: taken
melds NS: Qc Qd Qh Qs
red NS:
melds EW: Kc Kd Kh
red EW:
melded: N E S W
pile: 7c 4s 9d
stock 206
turn: drew stock
to move: N play
"""
    assert refused(text, "meld 9c 9d 2c 2d") is not None
    assert refused(text, "meld 9c 9d 9h 2c 2d") is None
