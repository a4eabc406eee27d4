"""Audit of what a player is told: the initial-meld minimum still owed, by the sources' tiers and
worked example, the legal form a refusal suggests, and the figures of a hand's score (000:
encyclopedia, 001: classic, 002: online, 003: novice, 004: general; files under
/work/shared/sources/). Each expectation is the source's, in our own words."""

from __future__ import annotations

import pytest
from audit_rulings_helpers import pos
from helpers import refused, ruling, scored

from canasta_rules.engine.owed import OPENING

HAND_1600 = "6c 6d 6h Kc Kd Kh 2c Ac Ad Ah 2d 4s 5s"


def opening(variant: str, score: int, n: str = HAND_1600) -> str:
    """North-South have not melded this hand and stand at ``score``; North has drawn."""
    return pos(variant, n=n, ew="", melded="", scores=f"NS {score}, EW 0")


@pytest.mark.parametrize(
    ("variant", "score", "minimum"),
    [
        # 000's table: below 0: 15; 0-1499: 50; 1500-2999: 90; 3000 and above: 120.
        ("encyclopedia", 0, 50),
        ("encyclopedia", 1499, 50),
        ("encyclopedia", 1500, 90),
        ("encyclopedia", 2999, 90),
        ("encyclopedia", 3000, 120),
        # 001's table (1495/2995, scores moving in fives), the same tiers.
        ("classic", 1495, 50),
        ("classic", 2995, 90),
        # 003's table has no negative tier: a negative score needs 50.
        ("novice", -5, 50),
        ("novice", 4999, 120),
    ],
)
def test_the_minimum_still_owed_after_three_sixes(variant: str, score: int, minimum: int) -> None:
    """After three sixes (15) the ruling says how far the opening still is from the tier's
    minimum: '15 of M this turn; M - 15 more before you discard'."""
    v = ruling(opening(variant, score), "meld 6c 6d 6h")
    assert v.legal
    (owed,) = [o for o in v.owed if o.kind == OPENING]
    assert (owed.counted, owed.minimum, owed.more) == (15, minimum, minimum - 15)
    assert f"15 of {minimum} this turn; {minimum - 15} more before you discard" in v.text


@pytest.mark.parametrize("variant", ["encyclopedia", "classic"])
def test_a_negative_score_needs_15_and_three_sixes_are_enough(variant: str) -> None:
    """000 and 001: below zero the minimum is 15, so three sixes open and nothing is owed."""
    v = ruling(opening(variant, -5), "meld 6c 6d 6h")
    assert v.legal and v.owed == ()
    assert refused(opening(variant, -5), "meld 6c 6d 6h discard 4s") is None


def test_000_the_1600_example_says_what_is_owed() -> None:
    """000's example at a team score of 1600 (minimum 90): 6-6-6 and K-K-K-2 count 65, so 25
    more are owed; ending the turn there is refused, and the legal form suggested (more melds
    before the discard) is itself legal."""
    text = opening("encyclopedia", 1600)
    v = ruling(text, "meld 6c 6d 6h, Kc Kd Kh 2c")
    (owed,) = v.owed
    assert (owed.counted, owed.minimum, owed.more) == (65, 90, 25)
    w = ruling(text, "meld 6c 6d 6h, Kc Kd Kh 2c discard 4s")
    assert w.refusal is not None and w.refusal.code == "open.below_minimum"
    assert "count 65, short of its minimum 90" in w.refusal.message
    assert w.remedy is not None
    assert refused(text, w.remedy.text.removeprefix("N ")) is None


@pytest.mark.parametrize(
    ("score", "kings", "aces"),
    [
        (1600, "open.below_minimum", None),
        (1499, None, None),
        (3000, "open.below_minimum", "open.below_minimum"),
    ],
)
def test_000_the_1600_example_at_each_tier(score: int, kings: str | None, aces: str | None) -> None:
    """000: at 1600, 6-6-6 K-K-K-2 (65) cannot open and 6-6-6 A-A-A-2 (95) can; below 1500
    both can; at 3000 or more neither can."""
    text = opening("encyclopedia", score)
    assert refused(text, "meld 6c 6d 6h, Kc Kd Kh 2c discard 4s") == kings
    assert refused(text, "meld 6c 6d 6h, Ac Ad Ah 2c discard 4s") == aces


def test_001_bonuses_do_not_count_toward_the_minimum() -> None:
    """001, 'Your team's initial meld': canasta and red-three bonuses do not count; a natural
    canasta of sixes (35) with two red threes laid out does not reach 50."""
    text = pos(
        "classic",
        n="6c 6d 6h 6s 6c 6d 6h 4s 9s",
        ew="",
        melded="",
        red_ns="3d 3h",
        scores="NS 0, EW 0",
        e="4c 7h 8c Tc",
        w="4d 7s 8d Ts",
        s="7d 8s Th Td",
    )
    v = ruling(text, "meld 6c 6d 6h 6s 6c 6d 6h discard 4s")
    assert v.refusal is not None and v.refusal.code == "open.below_minimum"


def test_001_the_minimum_is_owed_while_the_rest_of_the_hand_could_go_out_concealed() -> None:
    """001: a concealed finish after a stock draw waives the minimum. With seven kings and
    three fives and three aces at 3000, the kings alone (70 of 120) leave 50 owed 'unless you
    go out concealed': the aces would reach the minimum, and the fives and aces with a
    discard would go out concealed."""
    text = opening("classic", 3000, n="Kc Kd Kh Ks Kc Kd Kh 5c 5d 5h Ac Ad Ah 4s")
    v = ruling(text, "meld Kc Kd Kh Ks Kc Kd Kh")
    (owed,) = v.owed
    assert (owed.counted, owed.minimum) == (70, 120)
    assert "50 more before you discard, unless you go out concealed" in v.text


# --------------------------------------------------------------------------------------------
# Scores


def out_n(variant: str, ns: str, *, red_ns: str = "", s: str = "", e: str = "4c 7h") -> str:
    """A hand North has ended by going out (not concealed); East-West have melded three aces."""
    lines = [f'[Variant "{variant}"]', "", "hand N:", f"hand E: {e}", f"hand S: {s}"]
    lines += ["hand W: 4d 7s", f"melds NS: {ns}", "melds EW: Ad Ah As"]
    lines += [f"red NS: {red_ns}"] * bool(red_ns) + ["pile: 8h", "melded: N S E W", "out N"]
    return "\n".join(lines) + "\n"


def test_004_a_natural_canasta_of_sixes_is_535_not_542() -> None:
    """004's canasta example counts seven sixes as 500 + 6 x 7 = 542; sixes are worth 5 each
    in every table (004's own values), so the canasta brings 500 + 35 = 535 (RULE-PARAMETERS
    E10). North goes out: 535 and the going-out 100."""
    ns, _ = scored(out_n("general", "6c 6d 6h 6s 6c 6d 6h", s="7d"))
    assert (ns.melds, ns.natural_canastas, ns.going_out, ns.hands) == (35, 500, 100, -5)


def test_seven_kings_are_570() -> None:
    """RULE-PARAMETERS E10 (Pagat via EB): a natural canasta of seven kings is 570 in all."""
    ns, _ = scored(out_n("classic", "Kc Kd Kh Ks Kc Kd Kh", s="7d"))
    assert ns.melds + ns.natural_canastas == 570


def test_000_the_score_of_a_side_that_did_not_go_out() -> None:
    """000: a team's score is its melded cards less its cards in hand plus its bonuses; East-
    West melded three aces (60) and hold 4c 7h and 4d 7s (20): 40, with no bonus."""
    _, ew = scored(out_n("encyclopedia", "Kc Kd Kh Ks Kc Kd Kh", s="7d"))
    assert (ew.melds, ew.hands, ew.total) == (60, -20, 40)


def test_001_a_hand_score_may_be_negative() -> None:
    """001: a negative hand score is possible: East-West hold 4c 7h Jk Jk and 4d 7s (120)
    against 60 melded: -60."""
    _, ew = scored(out_n("classic", "Kc Kd Kh Ks Kc Kd Kh", s="7d", e="4c 7h Jk Jk"))
    assert ew.total == 60 - 120


def test_002_the_two_player_score() -> None:
    """002, 'Bonus' and 'Scoring': melded cards, plus 100 for going out unconcealed, 500 for
    a pure canasta and 100 for a red three of a player who has melded, less the cards in hand
    (the other player's 4c 6c: -10, red three counted for North only)."""
    text = """[Variant "online"]

hand N:
hand S: 4c 6c
melds N: Kc Kd Kh Ks Kc Kd Kh, 9c 9d 9h
red N: 3d
melds S: Ad Ah As
melded: N S
pile: 8h
out N
"""
    n, s = scored(text)
    assert (n.melds, n.natural_canastas, n.red_threes, n.going_out, n.total) == (
        100,
        500,
        100,
        100,
        800,
    )
    assert s.total == 60 - 10
