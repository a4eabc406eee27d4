"""Audit of red and black threes and of the stock running out, as rulings and scores at the
table, from the sources (000: encyclopedia, 001: classic, 003: novice, 004: general; files under
/work/shared/sources/). Each expectation is the source's, in our own words."""

from __future__ import annotations

import pytest
from audit_rulings_helpers import pos, stock_out, to_draw
from helpers import code, position, refused, ruling, scored, with_stock

from canasta_rules.engine.moves import Draw, TakePile

OPENED = "N S E W"
QUEENS7 = "Qc Qd Qh Qs Qc Qd Qh"
KINGS7 = "Kc Kd Kh Ks Kc Kd Kh"


# --------------------------------------------------------------------------------------------
# Red threes


@pytest.mark.parametrize(
    ("variant", "replaced"), [("classic", False), ("encyclopedia", False), ("novice", True)]
)
def test_a_red_three_found_in_a_taken_pile(variant: str, replaced: bool) -> None:
    """001 ('A red three found inside a legally taken discard pile is exposed without a
    replacement'; encyclopedia pins 001, 000 being silent); 003 replaces a red three found in
    hand 'at any point' (novice reads that literally). The pickup names a replacement exactly
    where one is drawn."""
    text = to_draw(variant, n="9c 9h 4d", ns="Kc Kd Kh", melded=OPENED, pile="3h 7c 9d")
    plain, with_card = "take 9d with 9c 9h", "take 9d with 9c 9h replace 5s"
    if replaced:
        assert refused(text, with_card) is None
        assert refused(text, plain) is not None
    else:
        assert refused(text, plain) is None
        assert refused(text, with_card) == "pile.no_replacement"


def finished(variant: str, *, ns: str, red_ew: str, ew: str = "", red_ns: str = "") -> str:
    """A hand North has just ended by going out; East-West hold 20 in hand (4c 6d, 4d 6h)."""
    lines = [f'[Variant "{variant}"]', "", "hand N:", "hand E: 4c 6d", "hand S: 6c 7d"]
    lines += ["hand W: 4d 6h", f"melds NS: {ns}"]
    lines += [f"red NS: {red_ns}"] * bool(red_ns) + [f"melds EW: {ew}"] * bool(ew)
    lines += [f"red EW: {red_ew}", "pile: 8h", "out N"]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("variant", "reds", "melded", "expected"),
    [
        # 000: 100 each up to three, the fourth 500 (800 for four); minus for a team that
        # made no melds (three red threes and no meld: -300).
        ("encyclopedia", "3d 3h 3d", True, 300),
        ("encyclopedia", "3d 3h 3d", False, -300),
        ("encyclopedia", "3d 3h 3d 3h", True, 800),
        # 003: 100 each, 200 each when one team has all four; minus if the team has not opened.
        ("novice", "3d 3h", True, 200),
        ("novice", "3d 3h 3d 3h", True, 800),
        ("novice", "3d 3h 3d 3h", False, -800),
        # 001: -100 each and -800 for four with no meld; a meld, not a canasta, makes them plus.
        ("classic", "3d", True, 100),
        ("classic", "3d 3h 3d 3h", False, -800),
    ],
)
def test_red_three_bonus(variant: str, reds: str, melded: bool, expected: int) -> None:
    """East-West's red threes at the end of a hand North went out of."""
    text = finished(variant, ns=KINGS7, red_ew=reds, ew="Ad Ah As" if melded else "")
    assert scored(text)[1].red_threes == expected


def test_004_red_threes_count_against_a_side_whose_opponents_went_out() -> None:
    """004, 'Red threes': a side holding red threes when the opponents go out has the bonus
    subtracted (general follows this rule as well as the no-meld one): East-West melded aces
    and still lose 200 for two red threes when North goes out."""
    text = finished("general", ns=KINGS7, red_ew="3d 3h", ew="Ad Ah As")
    assert scored(text)[1].red_threes == -200


# --------------------------------------------------------------------------------------------
# Black threes


def test_001_black_threes_melded_only_when_going_out() -> None:
    """001, 'Red and black threes': three or four black threes may be melded only when going
    out; melding them and keeping two cards is refused, melding them and discarding the last
    card is legal."""
    text = pos("classic", n="3c 3s 3s 4s 6s", ns=QUEENS7, melded=OPENED)
    assert refused(text, "meld 3c 3s 3s discard 4s") == "meld.black_threes.not_going_out"
    going = pos("classic", n="3c 3s 3s 4s", ns=QUEENS7, melded=OPENED)
    assert refused(going, "meld 3c 3s 3s discard 4s") is None


def test_000_a_meld_of_black_threes_takes_no_wild_card() -> None:
    """000: wild cards may not be used in a meld of black threes."""
    text = pos("encyclopedia", n="3c 3s 2c", ns=QUEENS7, melded=OPENED)
    assert refused(text, "meld 3c 3s 2c") == "meld.black_threes.wild"


def test_001_a_black_three_on_top_blocks_the_pickup() -> None:
    """001: a black three on top always blocks pickup, even for a player holding two of them."""
    text = to_draw("classic", n="3c 3s 4d", ns="Kc Kd Kh", melded=OPENED, pile="7c 9d 3s")
    assert refused(text, "take 3s with 3c 3s") == "pile.top_black_three"


def test_000_black_threes_melded_count_5_each_in_the_score() -> None:
    """000's scoring example: N-S's melded black threes 3-3-3 count 15 among their melds.
    North goes out with seven kings and three black threes: melds 70 + 15 = 85."""
    text = finished("encyclopedia", ns=f"{KINGS7}, 3c 3s 3s", red_ew="3d")
    assert scored(text)[0].melds == 85


# --------------------------------------------------------------------------------------------
# The stock runs out


def test_001_forced_when_the_top_card_fits_a_meld() -> None:
    """001, 'When the stock runs out': with an unfrozen pile a player must take it if its top
    card fits a team meld; the suggested form is the pickup itself, and it is legal."""
    text = stock_out("classic", n="4c 5d", ns="9c 9d 9h", pile="7c 9s")
    v = ruling(text, "draw")
    assert v.refusal is not None and v.refusal.code == "stock.forced_pickup"
    assert v.remedy is not None and refused(text, v.remedy.text.removeprefix("N ")) is None


@pytest.mark.parametrize(
    ("variant", "pile", "expected"),
    [
        # 001: other legal pickups stay optional: a natural pair with no meld of the rank,
        # on an unfrozen pile or a frozen one.
        ("classic", "7c 9s", None),
        ("classic", "2c 7c 9s", None),
        # 000: if the player can legally pick up the pile with the stock used up, they must.
        ("encyclopedia", "7c 9s", "stock.forced_pickup"),
        ("encyclopedia", "2c 7c 9s", "stock.forced_pickup"),
    ],
)
def test_a_natural_pair_with_no_meld_of_the_rank(variant: str, pile: str, expected: str) -> None:
    """North holds two nines; North-South have no nines on the table."""
    extra = {"e": "2h 2s 2d Jk Jk 4c"} if pile.startswith("2c") else {}
    text = stock_out(variant, n="9c 9h 4d", ns="Kc Kd Kh", pile=pile, **extra)
    assert refused(text, "draw") == expected


def test_001_the_forced_pickup_gives_way_to_the_one_card_rule() -> None:
    """001: the forced pickup is subject to the one-card-hand restriction: holding one card,
    North need not (and may not) take a one-card pile whose top fits the side's nines; the
    hand ends. Holding two, North must take it."""
    one = with_stock(
        position("classic", hands={"N": "4d"}, melds={0: ["9c 9d 9h"], 1: ["Ac Ad Ah"]}, pile="9s"),
        "",
    )
    assert code(one, TakePile(())) == "pile.one_card"
    assert code(one, Draw(())) is None
    two = with_stock(
        position(
            "classic", hands={"N": "4d 5d"}, melds={0: ["9c 9d 9h"], 1: ["Ac Ad Ah"]}, pile="9s"
        ),
        "",
    )
    assert code(two, Draw(())) == "stock.forced_pickup"


def test_001_the_hand_ends_without_a_going_out_bonus() -> None:
    """001: nobody earns a going-out bonus because the stock ran out. North declines an
    optional pickup and the hand ends: neither side has a going-out row."""
    text = stock_out("classic", n="9c 9h 4d", ns="Kc Kd Kh", pile="7c 9s")
    v = ruling(text, "draw")
    assert v.legal and v.after is not None and v.after.over
    from canasta_rules.engine.scoring import score_hand

    assert [sc.going_out for sc in score_hand(v.after)] == [0, 0]


def test_004_no_pickup_is_forced() -> None:
    """004 makes taking upcards after the stock is gone optional (general pins no forced
    pickup): the top nine fits North-South's nines, yet North may end the hand."""
    text = stock_out("general", n="4c 5d", ns="9c 9d 9h", pile="7c 9s")
    assert refused(text, "draw") is None
