"""Audit of the meld and wild-card rules as rulings at the table, case by case from the sources
(000: encyclopedia, 001: classic, 002: online, 003: novice, 004: general; files under
/work/shared/sources/). Each expectation is the source's, in our own words."""

from __future__ import annotations

import pytest
from audit_rulings_helpers import pos
from helpers import after, hand_scores, refused

OPENED = "N S E W"
HAND = "5c 5d 2c 2d 2h 9c 9d 9h 4s 6s Jk"


def two_seat(n: str, melds_n: str = "Kc Kd Kh", variant: str = "online") -> str:
    """A two-player position (002's game), North to play after drawing."""
    return f"""[Variant "{variant}"]
[Scores "N 1200, S 900"]

hand N: {n}
hand S: 4c 6c 8c Tc Td
melds N: {melds_n}
melds S: Ac Ad Ah
melded: N S
pile: 7c 8d
turn: drew stock
to move: N play
"""


@pytest.mark.parametrize(
    ("variant", "meld", "expected"),
    [
        # 003, 'Step 4': two or more natural cards and no more than three wild cards.
        ("novice", "5c 5d 2c 2d 2h", None),
        ("novice", "9c 9d 2c 2d 2h Jk", "meld.too_many_wild"),
        ("novice", "2c 2d Jk", "meld.all_wild"),
        # 004: the wild cards never outnumber the naturals in a meld.
        ("general", "5c 5d 2c 2d 2h", "meld.more_wild_than_natural"),
        ("general", "5c 5d 2c 2d", None),
        ("general", "9c 9d 9h 2c 2d Jk", None),
        # 001: three cards at least; a two-card meld is not one.
        ("classic", "5c 5d", "meld.too_small"),
    ],
)
def test_meld_shapes(variant: str, meld: str, expected: str | None) -> None:
    """A new meld of one rank judged by the wild-card limits of each source."""
    text = pos(variant, n=HAND, ns="Kc Kd Kh", melded=OPENED)
    assert refused(text, f"meld {meld}") == expected


@pytest.mark.parametrize(
    ("meld", "expected"),
    [("5c 5d 2c 2d", None), ("5c 5d 2c 2d 2h", "meld.more_wild_than_natural")],
)
def test_002_no_meld_holds_more_wild_than_natural_cards(meld: str, expected: str | None) -> None:
    """002, 'Special Cards': no meld may hold more than three wild cards or more wild cards
    than natural ones: two and two is allowed, two and three is not."""
    assert refused(two_seat("5c 5d 2c 2d 2h 4s"), f"meld {meld}") == expected


def test_001_a_run_is_not_a_meld() -> None:
    """001, 'Melds and canastas': a suited sequence such as 4-5-6 of clubs is not a meld."""
    text = pos("classic", n="4c 5c 6c 9s", ns="Kc Kd Kh", melded=OPENED)
    assert refused(text, "meld 4c 5c 6c") == "meld.mixed_ranks"


@pytest.mark.parametrize(
    ("variant", "expected"), [("classic", "meld.too_many_wild"), ("general", None)]
)
def test_a_fourth_wild_card_onto_a_finished_canasta(variant: str, expected: str | None) -> None:
    """001: the three-wild-card limit still applies to a canasta; 004: once a canasta is
    complete any number of wild cards may be added to it."""
    text = pos(variant, n="2c 9s 4s", ns="Kc Kd Kh Ks 2d 2h Jk", melded=OPENED)
    assert refused(text, "add K: 2c") == expected


def test_004_a_finished_canasta_may_take_more_wild_than_natural_cards() -> None:
    """004: after the canasta is formed any number of wild cards may join it, so four kings
    and three wild cards take two more (five wild cards, four naturals)."""
    text = pos("general", n="2c Jk 9s 4s", ns="Kc Kd Kh Ks 2d 2h Jk", melded=OPENED)
    s = after(text, "add K: 2c Jk")
    kings = [m for m in s.melds[0].values() if m.size == 9]
    assert len(kings) == 1 and kings[0].wilds == 5


def test_002_matching_cards_join_the_meld_of_their_rank() -> None:
    """002, 'Melding': a player may not have two separate melds of one rank; cards of a rank
    already melded go into that meld (three queens onto four make one meld of seven)."""
    s = after(two_seat("Qs Qc Qd 4s 6s", "Qh Qs Qc Qd"), "meld Qs Qc Qd")
    assert [m.size for m in s.melds[0].values()] == [7]


def test_001_a_wild_card_added_to_a_natural_canasta_makes_it_mixed() -> None:
    """001, 'Melds and canastas': adding a wild card to a natural canasta turns it mixed and
    lowers its bonus. North adds a two to seven kings and goes out by discarding: NS score
    70 + 20 (melds), 300 (mixed canasta, not 500), 100 (going out), less South's 4s (5) = 485;
    East-West 80 for their aces less 70 in hand (4c 6d 7h 8c Tc, 4d 6h 7s 8d Ts: 35 each) = 10."""
    text = pos("classic", n="2c 4s", ns="Kc Kd Kh Ks Kc Kd Kh", s="4s", melded=OPENED)
    ns, ew = hand_scores(text, "add K: 2c discard 4s")
    assert (ns.mixed_canastas, ns.natural_canastas, ns.going_out, ns.total) == (300, 0, 100, 485)
    assert ew.total == 80 - 70


def test_000_the_three_wild_limit_holds_when_adding_too() -> None:
    """000: a meld can never have more than three wild cards; adding a joker to a meld of two
    nines and three twos is refused."""
    text = pos("encyclopedia", n="Jk 4s 6s", ns="9c 9d 2c 2d 2h", melded=OPENED)
    assert refused(text, "add 9: Jk") == "meld.too_many_wild"
