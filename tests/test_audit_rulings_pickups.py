"""Audit of the pickup and freezing rules as a player hears them at the table: each case is a
position and a move, with the verdict the source gives (never the engine's answer read back).

Sources: /work/shared/sources/000_1e7ce48765e073b7.txt (000), 001_0cb887cc6d824426.txt (001),
002_d58438592396a398.txt (002), 003_6d7b9b19ffba82c5.txt (003), 004_747f80dc7edc8b8b.txt (004);
the variants that follow them: encyclopedia (000), classic (001), online (002), novice (003),
general (004), bicycle (001's account of Bicycle)."""

from __future__ import annotations

import pytest
from audit_rulings_helpers import to_draw
from helpers import after, code, position, refused, ruling, with_stock

from canasta_rules.engine.moves import TakePile

OPENED = "N S E W"


def test_001_one_card_in_hand_cannot_take_a_one_card_pile() -> None:
    """001, 'Taking the discard pile': a player holding a single card may not take a pile of a
    single card, even where the top card would join the side's meld."""
    s = with_stock(position("classic", hands={"N": "9c"}, melds={0: ["9d 9h 9s"]}, pile="9d"), "")
    s.stock = list(s.stock)  # an empty stock is allowed here: the rule is about the pile
    assert code(s, TakePile(())) == "pile.one_card"


def test_004_one_card_in_hand_cannot_take_a_one_card_pile() -> None:
    """004, rule 9: a lone card in the discard pile cannot be taken by a player holding a lone
    card (general follows 004)."""
    s = position("general", hands={"N": "9c"}, melds={0: ["9d 9h 9s"]}, pile="9d", drew=0)
    assert code(s, TakePile(())) == "pile.one_card"


def test_001_one_card_in_hand_may_take_a_pile_of_two() -> None:
    """001: the ban is on a one-card pile only; with a card under the top the pickup stands."""
    text = to_draw("classic", n="4s", ns="9c 9h 9s", melded=OPENED, pile="4c 9d")
    assert refused(text, "take 9d") is None


@pytest.mark.parametrize(
    ("move", "expected"),
    [
        ("take 9d with 9c Jk", "pile.frozen.needs_natural_pair"),
        ("take 9d with 9c 9h", None),
    ],
)
def test_001_a_red_three_turned_at_setup_freezes_the_pile(move: str, expected: str | None) -> None:
    """001, 'What freezes it?': a red three turned up during setup freezes the pile for both
    teams until it is taken, so a natural and a wild card no longer do; a natural pair does."""
    text = to_draw("classic", n="9c 9h Jk 4d", ns="Kc Kd Kh", melded=OPENED, pile="3h 7c 9d")
    assert refused(text, move) == expected


def test_001_a_red_three_in_the_pile_stops_the_top_card_going_onto_a_meld() -> None:
    """001, pickup table, 'Frozen': only a natural pair from hand; adding the top card to the
    side's meld of nines is an unfrozen pile's way."""
    text = to_draw("classic", n="4h Jk 4d", ns="9c 9h 9s", melded=OPENED, pile="3h 7c 9d")
    assert refused(text, "take 9d") == "pile.frozen.needs_natural_pair"


@pytest.mark.parametrize(
    ("variant", "expected"),
    [("classic", None), ("bicycle", "pile.frozen.needs_natural_pair")],
)
def test_a_covered_black_three_under_001_and_under_bicycle(
    variant: str, expected: str | None
) -> None:
    """001, 'A black three is different': once covered it imposes no further restriction, so a
    nine and a joker take the pile; 001, 'Variants': Bicycle's account makes black threes
    freezing cards, so there the natural pair is needed."""
    text = to_draw(variant, n="9c Jk 4d", ns="Kc Kd Kh", melded=OPENED, pile="7c 3s 9d")
    assert refused(text, "take 9d with 9c Jk") == expected


@pytest.mark.parametrize("variant", ["encyclopedia", "classic", "general", "novice"])
def test_a_wild_card_on_top_cannot_be_taken(variant: str) -> None:
    """000 ('If a wild card or a black three is on top ... it may not be picked up'), 001 ('A
    wild card or black three on top always blocks pickup'), 004 (rule 8), 003 (the player after
    a freezing discard cannot take the pile): two natural twos in hand do not help."""
    text = to_draw(variant, n="2d 2h 4d", ns="Kc Kd Kh", melded=OPENED, pile="7c 9d 2s")
    assert refused(text, "take 2s with 2d 2h") == "pile.top_wild"


def test_001_frozen_pile_top_fits_the_meld_but_no_pair_in_hand() -> None:
    """001, 'Common mistakes': taking a frozen pile because its top fits a meld on the table,
    without a natural pair in hand."""
    text = to_draw("classic", n="Qc Jk 5d", ns="Qd Qh Qs Qc", melded=OPENED, pile="7c 2c 9d Qh")
    assert refused(text, "take Qh") == "pile.frozen.needs_natural_pair"


def test_001_unopened_side_cannot_take_with_a_natural_and_a_wild() -> None:
    """001, pickup table, 'Your team has not opened': treat the pile as frozen (a natural pair
    from hand), though no wild card lies in it."""
    text = to_draw("classic", n="Kc Jk Ad 4d", ew="", melded="", pile="7c Ks", scores="NS 0, EW 0")
    assert refused(text, "take Ks with Kc Jk") == "pile.frozen.needs_natural_pair"


def test_001_a_pickup_that_would_put_a_fourth_wild_card_in_a_meld() -> None:
    """001, 'All resulting melds must stay legal, including the wild-card limit': showing a nine
    and a two onto nines that hold three wild cards is refused; the suggested form, the top card
    alone onto the meld, is itself legal."""
    text = to_draw("classic", n="9c 2c 5d 6d", ns="9d 9h 2d 2h Jk", melded=OPENED, pile="7c 9s")
    v = ruling(text, "take 9s with 9c 2c")
    assert v.refusal is not None and v.refusal.code == "meld.too_many_wild"
    assert v.remedy is not None
    assert refused(text, v.remedy.text.removeprefix("N ")) is None


@pytest.mark.parametrize(
    ("n", "move", "expected"),
    [
        ("Ac Ad Kc Kd Kh 4d", "take As with Ac Ad and Kc Kd Kh", None),
        ("Ac Ad Kc Kd Kh 4d", "take As with Ac Ad", "open.below_minimum"),
    ],
)
def test_001_opening_at_90_with_the_pile(n: str, move: str, expected: str | None) -> None:
    """001, 'Pickup example: opening at 90': an ace on top, two aces and three kings in hand:
    60 + 30 = 90 takes the pile; the aces alone reach 60 and do not, and the king buried in the
    pile cannot help."""
    text = to_draw("classic", n=n, ew="", melded="", pile="Kh 7c As", scores="NS 1500, EW 0")
    assert refused(text, move) == expected


def test_000_only_the_top_card_counts_toward_the_opening() -> None:
    """000: only the top card of the pile may count toward the initial meld before the rest is
    taken; two aces with the top ace make 60, short of 90 at 1600, whatever lies below."""
    text = to_draw(
        "encyclopedia",
        n="Ac Ad 4d 5d",
        ew="",
        melded="",
        pile="Ah Kh Kd As",
        scores="NS 1600, EW 0",
    )
    assert refused(text, "take As with Ac Ad") == "open.below_minimum"


def test_002_frozen_pile_a_pair_onto_four_sevens_makes_a_canasta() -> None:
    """002, 'Taking the discard pile' (its sevens example): the pile frozen, four sevens melded,
    a seven discarded: two sevens from hand take it and the seven sevens are a canasta."""
    text = """[Variant "online"]
[Scores "N 1200, S 900"]

hand N: 7c 7d 4d 5d 6d
hand S: 4c 6c 8c 9c Tc
melds N: 7h 7s 7c 7d
melds S: Kc Kd Kh
melded: N S
pile: 2c 9d 7h
to move: N draw
"""
    assert refused(text, "take 7h") == "pile.frozen.needs_natural_pair"
    s = after(text, "take 7h with 7c 7d")
    sevens = [m for m in s.melds[0].values() if m.size == 7 and m.wilds == 0]
    assert len(sevens) == 1


def test_004_a_pair_of_fives_takes_an_unfrozen_pile() -> None:
    """004, 'Drawing From Discard Pile' example: two fives in hand and a five discarded: the
    fives are shown, 5-5-5 melded, and the whole pile taken."""
    text = to_draw("general", n="5c 5d 4d", ns="Kc Kd Kh", melded=OPENED, pile="8h 9d 5h")
    s = after(text, "take 5h with 5c 5d")
    assert sum(s.hands[0]) == 1 + 2  # the four of diamonds and the two cards below the top


def test_003_the_pile_starts_each_hand_frozen_against_everyone() -> None:
    """003, 'Taking a Frozen Discard Pile': at the start of every round the pile is frozen
    against all teams, so even a side that has opened needs a natural pair until it has taken
    the pile itself; a nine and a wild card do not do."""
    text = to_draw("novice", n="9c Jk 4d", ns="Kc Kd Kh", melded=OPENED, pile="7c 9d")
    assert refused(text, "take 9d with 9c Jk") == "pile.frozen.needs_natural_pair"
