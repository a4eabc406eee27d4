"""Audit of ``canasta tally`` under ``modern-american`` against the public Modern American texts
(docs/family/modern-american.md gives the ids): every figure of a hand's count, one item at a
time, and the entries that no deal can produce, refused in one line naming the item at fault.

Texts read for this audit (through the project's search tool, stored copies):

- CCP: Canasta.com, *Count the points in Modern Canasta*
  <https://canasta.com/2023/01/19/count-the-points-in-modern-canasta/>
- CJ: Canasta Junction, *Scoring guide - the Base* (part 2)
  <https://canastajunction.com/2024/09/02/scoring-guide-part-2/>, *Scoring guide - the Count*
  (part 3) <https://canastajunction.com/2024/09/02/scoring-guide-part-3>, and *Understanding
  Canasta special cards* <https://canastajunction.com/2024/06/17/canasta-special-cards-aces-wild-cards-7s/>
- WUS: Wikipedia copy, *US American Canasta - melding rules*
  <https://liquisearch.com/canasta/us_american_canasta/melding_rules>
- CC: Canasta Connection, *Canasta Rules* <https://www.canastaconnection.com/canasta-rules>
- POC, CHM, cat, CLA: as docs/family/modern-american.md lists them
- NVSO: Northern Virginia Senior Olympics, *Canasta* (American Canasta Society rules with
  exceptions) <https://nvso.us/events/canasta/>: the card values and the 8,500 game.
"""

from __future__ import annotations

import pytest
from helpers import points, run_cli

from canasta_rules.tally import Sheet, TallyError

V = "modern-american"


def totals(entry: str) -> list[int]:
    """Each side's total for one hand entered on a new Modern American sheet."""
    return [sc.total for sc in Sheet.new(V).add(entry).scores]


def row(entry: str, label: str, side: int = 0) -> int:
    """One row of one side's score (0 where the row is not shown)."""
    scores = Sheet.new(V).add(entry).scores
    return dict(scores[side].rows()).get(label, 0)


def refusal(entry: str) -> str:
    """The one-line reason an entry is refused with."""
    with pytest.raises(TallyError) as e:
        Sheet.new(V).add(entry)
    return str(e.value)


# ------------------------------------------------------------------------------------------------
# Card values (the tally takes meld points as counted; the engine's table must match the texts)


@pytest.mark.parametrize(
    ("cards", "value"),
    [
        ("Jk", 50),  # CJ special cards: jokers 50; NVSO: jokers 50
        ("2c", 20),  # CJ: twos 20; NVSO: deuces 20
        ("Ac", 20),  # NVSO: aces 20
        ("Kc Qc Jc Tc 9c 8c", 60),  # NVSO: 8 to king 10 each
        ("7c 6c 5c 4c", 20),  # NVSO: 4 to 7 five each
    ],
)
def test_card_values(cards: str, value: int) -> None:
    """NVSO (point values and starting play) and CJ (special cards): the card values of the
    Modern American count, the same as the classic game's."""
    assert points(V, cards) == value


# ------------------------------------------------------------------------------------------------
# Canasta bonuses


@pytest.mark.parametrize(
    ("entry", "label", "bonus"),
    [
        # CCP: a regular pure canasta 500, a mixed one 300 (CJ part 2: the same).
        ("NS m 35 n 1", "Natural canastas", 500),
        ("NS m 50 x 1", "Mixed canastas", 300),
        # CCP, WUS, CJ special cards: a pure canasta of sevens, or of aces, 2,500.
        ("NS m 35 c7 1", "Natural canastas", 2500),
        ("NS m 140 cA 1", "Natural canastas", 2500),
        # CCP, WUS: wild cards, all twos 3,000; all four jokers with three twos 2,500; other 2,000.
        ("NS m 140 w2 1", "Wild canastas", 3000),
        ("NS m 260 wj 1", "Wild canastas", 2500),
        ("NS m 190 w 1", "Wild canastas", 2000),
    ],
)
def test_canasta_bonus(entry: str, label: str, bonus: int) -> None:
    """Each kind of canasta earns its own bonus, once (a canasta of sevens is not a natural
    canasta too): CCP's base-score list, WUS's sevens, aces and wild-card canastas."""
    assert row(entry, label) == bonus


def test_special_and_plain_natural_canastas_add_up() -> None:
    """CCP: a side counts each finished canasta's bonus; a pure canasta of sevens (2,500) beside a
    regular pure one (500) and a pure one of aces (2,500) is 5,500 in bonuses, with the fewest
    meld points these cards make (7 sevens 35, 7 fours 35, 7 aces 140: 210)."""
    assert totals("NS m 210 n 1 c7 1 cA 1") == [210 + 500 + 2500 + 2500, 0]


def test_ccp_worked_count_3500_before_the_cards() -> None:
    """CCP's order (going out, canastas, threes) on docs/family/modern-american.md's example: a
    natural canasta, one of sevens, two red threes and one black three, going out:
    100 + 500 + 2,500 + 300 + 100 = 3,500 before the count of the cards."""
    sc = Sheet.new(V).add("NS m 250 n 1 c7 1 r 2 b 1 out").scores[0]
    assert sc.total - sc.melds - sc.hands == 3500
    assert sc.total == 3750


# ------------------------------------------------------------------------------------------------
# Threes: by colour, and the sign set by the number of canastas


@pytest.mark.parametrize(("count", "value"), [(1, 100), (2, 300), (3, 500), (4, 1000)])
def test_red_threes_by_colour(count: int, value: int) -> None:
    """CCP, CJ part 2: one three of a colour 100, two 300, three 500, all four 1,000, counted
    plus for a side with two or more finished canastas."""
    assert row(f"NS m 100 n 1 x 1 r {count}", "Red threes") == value


@pytest.mark.parametrize(("count", "value"), [(1, 100), (2, 300), (3, 500), (4, 1000)])
def test_black_threes_by_colour(count: int, value: int) -> None:
    """CCP: the black threes are scored on the same scale as the red, colour by colour."""
    assert row(f"NS m 100 n 1 x 1 b {count}", "Black threes laid out") == value


def test_each_colour_on_its_own_scale() -> None:
    """CCP: threes are counted per colour: two red (300) and two black (300) make 600, not the
    1,000 of four threes of one colour."""
    sc = Sheet.new(V).add("NS m 100 n 1 x 1 r 2 b 2").scores[0]
    assert (sc.red_threes, sc.laid_black_threes) == (300, 300)


def test_threes_count_nothing_with_exactly_one_canasta() -> None:
    """CCP, CJ part 2: with exactly one canasta the threes neither add nor subtract, whatever
    their number (here a canasta of sevens, all eight threes)."""
    sc = Sheet.new(V).add("NS m 35 c7 1 r 4 b 4").scores[0]
    assert (sc.red_threes, sc.laid_black_threes, sc.total) == (0, 0, 2535)


def test_threes_count_minus_with_no_canasta() -> None:
    """CCP, CJ part 2: with no canasta the threes are a penalty (three red -500, two black -300);
    CJ part 3: the melded cards count minus too."""
    sc = Sheet.new(V).add("NS m 100 r 3 b 2").scores[0]
    assert (sc.red_threes, sc.laid_black_threes, sc.melds, sc.total) == (-500, -300, -100, -900)


def test_threes_minus_for_a_side_that_never_melded() -> None:
    """CCP: no canasta at all, threes deducted: a side that laid out one red three and melded
    nothing scores -100."""
    assert totals("NS r 1") == [-100, 0]


def test_a_wild_canasta_counts_towards_the_two_for_threes() -> None:
    """CCP: 'two or more finished canastas' make the threes a bonus; a canasta of wild cards is
    one of them (a canasta of sevens and one of twos: one red three +100)."""
    assert row("NS m 175 c7 1 w2 1 r 1", "Red threes") == 100


def test_threes_plus_even_when_the_opponents_went_out() -> None:
    """CCP sets the threes' sign by canastas alone: a side with two canastas whose opponents went
    out still scores its two red threes +300."""
    assert row("NS m 100 n 1 x 1 r 2; EW m 100 n 1 x 1 out", "Red threes") == 300


# ------------------------------------------------------------------------------------------------
# Going out


def test_going_out_100() -> None:
    """CCP, CJ part 2: the side that goes out adds 100."""
    assert row("NS m 100 n 1 x 1 out", "Going out") == 100


def test_concealed_earns_the_same_100() -> None:
    """cat, CLA (reported): no extra bonus for going out concealed; the variant's note says a
    concealed finish earns the ordinary 100."""
    assert row("NS m 100 n 1 x 1 concealed", "Going out") == 100


def test_going_out_with_two_special_canastas() -> None:
    """cat, CLA: two canastas of any kind let a side go out: a pure canasta of aces and one of
    sevens (5,000), going out (100), 175 in cards."""
    assert totals("NS m 175 cA 1 c7 1 out") == [5275, 0]


# ------------------------------------------------------------------------------------------------
# Penalties


@pytest.mark.parametrize(
    ("entry", "penalty"),
    [
        # CCP, CJ part 2, WUS: an unfinished pure meld of sevens or aces -2,500 each.
        ("NS m 100 n 1 x 1 u7 1", -2500),
        ("NS m 160 n 1 x 1 uA 1", -2500),
        # CCP, CJ part 2, WUS: an unfinished meld of wild cards -2,000.
        ("NS m 160 n 1 x 1 uw 1", -2000),
        # CJ part 2: several incomplete canastas, the penalties add up.
        ("NS m 250 n 1 x 1 u7 1 uA 1 uw 1", -7000),
    ],
)
def test_unfinished_special_melds(entry: str, penalty: int) -> None:
    """CCP (after the threes, the penalties), CJ part 2 (penalties for incomplete canastas)."""
    assert row(entry, "Penalties") == penalty


@pytest.mark.parametrize(
    ("entry", "charge"),
    [
        ("NS m 100 n 1 x 1 hA 1 h 60", -1500),  # CCP, CJ part 3: three aces held -1,500
        ("NS m 100 n 1 x 1 h7 1 h 15", -1500),  # CCP, CJ part 3, WUS: three sevens -1,500
        ("NS m 100 n 1 x 1 hA 1 h 80", -1500),  # CJ part 3: four aces, still one -1,500
        ("NS m 100 n 1 x 1 hA 1 h7 1 h 75", -3000),  # CJ part 3: both, double: -3,000
        ("NS m 100 n 1 x 1 hA 2 h 120", -3000),  # CCP: each player holding a set, twice
    ],
)
def test_sets_held_at_the_end(entry: str, charge: int) -> None:
    """CCP and CJ part 3: three or more aces or sevens in one player's hand at the end cost
    1,500 a set; the cards' own points are charged as well (in h)."""
    assert row(entry, "Sets in hand") == charge


def test_a_set_held_besides_its_cards() -> None:
    """CJ part 3: the 1,500 comes on top of the cards left in hand counting minus (three aces,
    60, plus a king, 10)."""
    sc = Sheet.new(V).add("NS m 100 n 1 x 1 hA 1 h 70").scores[0]
    assert (sc.hands, sc.sets_in_hand, sc.total) == (-70, -1500, 100 + 800 - 70 - 1500)


def test_no_canasta_all_cards_minus() -> None:
    """CJ part 3: a side with no canasta counts the face value of every card minus, melded ones
    included: 100 melded, 45 in hand, -145."""
    assert totals("NS m 100 h 45") == [-145, 0]


def test_unfinished_sevens_without_a_canasta() -> None:
    """CCP and CJ together: no canasta, so the three sevens melded count minus (-15), and the
    unfinished pure sevens cost 2,500: -2,515."""
    assert totals("NS m 15 u7 1") == [-2515, 0]


# ------------------------------------------------------------------------------------------------
# Minimums for the opening, and the game


def _sheet(*hands: str) -> Sheet:
    s = Sheet.new(V)
    for h in hands:
        s.add(h)
    return s


@pytest.mark.parametrize(
    ("hands", "total", "minimum"),
    [
        ((), 0, 125),  # cat, CLA: below 3,000, 125
        (("NS m 100 r 1",), -200, 125),  # CLA (reported): a negative score 125 too
        (("NS m 70 c7 1 n 1 h 75",), 2995, 125),
        (("NS m 75 c7 1 n 1 h 75",), 3000, 155),  # cat, CLA: 3,000 to 4,995, 155
        (("NS m 70 c7 1 n 1 h 75", "NS m 200 n 1 x 1 r 4"), 4995, 155),
        (("NS m 70 c7 1 n 1 h 75", "NS m 205 n 1 x 1 r 4"), 5000, 180),  # 5,000 up: 180
    ],
)
def test_opening_minimum_by_total(hands: tuple[str, ...], total: int, minimum: int) -> None:
    """cat and CLA (reported): the initial meld needs 125 below 3,000 (negative totals too),
    155 from 3,000 to 4,995, 180 from 5,000."""
    s = _sheet(*hands)
    assert (s.totals[0], s.minimums()[0]) == (total, minimum)


THREE_HANDS = ("NS m 295 n 1 c7 1 r 2 b 1 out", "NS m 205 cA 1 x 1 r 2 b 2 out")


def test_8495_plays_on() -> None:
    """POC, CHM: the game is to 8,500; at 8,495 another hand is dealt."""
    s = _sheet(*THREE_HANDS, "NS m 95 n 1 x 1 out")
    assert (s.totals, s.result) == ([8495, 0], (False, None))


def test_8500_wins() -> None:
    """CHM: the game ends when a side reaches 8,500; POC: the target is usually 8,500."""
    s = _sheet(*THREE_HANDS, "NS m 100 n 1 x 1 out")
    assert (s.totals, s.winner) == ([8500, 0], 0)


BOTH_CLOSE = "NS m 200 n 1 c7 1 r 2 b 2 out; EW m 200 n 1 cA 1 r 2 b 2"


def test_both_past_8500_higher_wins() -> None:
    """CHM: the game ends when a team reaches 8,500 and the team with the higher score wins:
    9,000 against 9,500 after the same hand."""
    s = _sheet(BOTH_CLOSE, "NS m 175 cA 1 c7 1 h 75; EW m 300 w2 1 n 1 x 1 r 4 b 3 out")
    assert (s.totals, s.winner) == ([9000, 9500], 1)


def test_equal_past_8500_plays_on() -> None:
    """game.tie (pinned, no text says): both sides at 9,000 after a hand, another is dealt."""
    s = _sheet(BOTH_CLOSE, "NS m 175 cA 1 c7 1 h 75; EW m 300 w2 1 n 1 x 1 r 3 b 3 out")
    assert (s.totals, s.result) == ([9000, 9000], (False, None))


# ------------------------------------------------------------------------------------------------
# Entries no deal can produce


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        # CC, CCP: two packs hold four red and four black threes.
        (
            "NS m 100 n 1 x 1 r 5",
            "5 red threes entered (NS 5); the pack of 108 cards holds 4",
        ),
        (
            "NS m 100 n 1 x 1 b 3; EW b 2",
            "5 black threes entered (NS 3, EW 2); the pack of 108 cards holds 4",
        ),
        # cat, CLA: two canastas to go out, concealed too.
        (
            "NS m 100 n 1 out",
            "NS went out with only 1 canasta; this ruleset needs 2 canastas to go out "
            "(going_out.canastas)",
        ),
        (
            "NS m 100 n 1 concealed",
            "NS went out concealed with only 1 canasta; this ruleset needs 2 canastas to "
            "go out concealed (going_out.canastas)",
        ),
        # An unfinished meld is no canasta.
        (
            "NS m 50 n 1 u7 1 out",
            "NS went out with only 1 canasta; this ruleset needs 2 canastas to go out "
            "(going_out.canastas)",
        ),
        # CC: with a meld of wild cards unfinished the team cannot go out.
        (
            "NS m 160 n 1 x 1 uw 1 out",
            "NS went out with a meld of wild cards unfinished; this ruleset forbids it "
            "(melds.wild_melds.open_blocks_going_out)",
        ),
        ("NS out; EW out", "NS and EW cannot both go out"),
        # CCOM, CJ: a rank is dead once a canasta of it is closed.
        (
            "NS m 35 c7 1; EW m 35 c7 1",
            "2 canastas of sevens entered; once one is made nobody melds sevens again "
            "(canastas.dead_ranks)",
        ),
        # Eight sevens in the pack: a canasta of seven and a meld of three are ten.
        (
            "NS m 35 c7 1; EW m 15 u7 1",
            "the sevens entered need at least 10 of them (each canasta 7, each unfinished meld "
            "3); the pack of 108 cards holds 8",
        ),
        (
            "NS m 140 cA 1; EW hA 1 h 60",
            "the aces entered need at least 10 of them (each canasta 7, each set held 3); the "
            "pack of 108 cards holds 8",
        ),
        # POC, WUS: never two melds of one rank.
        ("NS m 30 u7 2", "NS: u7 2: a side has one meld of sevens at a time"),
        (
            "NS m 50 c7 1 u7 1",
            "NS: 2 melds of sevens: a closed canasta of a rank is not melded again "
            "(canastas.reopen_closed_rank)",
        ),
        # CCP: a set is charged per player holding it.
        (
            "NS hA 3 h 180",
            "NS: hA 3: a side of 2 players holds at most 2 sets of aces (one a player)",
        ),
        (
            "NS m 100 n 1 x 1 out hA 2 h 120",
            "NS: hA 2: a side of 2 players, one of whom went out, holds at most 1 set of "
            "aces (one a player)",
        ),
        (
            "NS m 100 hA 2 h 119",
            "NS: the sets held are at least 120 points of cards in hand, but h is 119",
        ),
        # Twelve wild cards in the pack: one canasta of wild cards between both sides.
        (
            "NS m 140 w 1; EW m 140 w 1",
            "w: the canastas entered need at least 14 wild cards (each wild canasta 7, each mixed "
            "one 1); the pack of 108 cards holds 12",
        ),
        # CCP: the twos canasta is seven twos (20 each), the jokers one four jokers and 3 twos.
        (
            "NS m 139 w2 1",
            "NS: 1 canasta of 7 cards is worth at least 140 in meld points, but m is 139",
        ),
        (
            "NS m 259 wj 1",
            "NS: 1 canasta of 7 cards is worth at least 260 in meld points, but m is 259",
        ),
        (
            "NS m 55 uA 1",
            "NS: 1 unfinished meld is worth at least 60 in meld points, but m is 55",
        ),
        (
            "NS m 253 n 1",
            "NS: m 253 is not a multiple of 5; every card counts a multiple of 5 in this ruleset",
        ),
        # CCOM, POC: only sevens and aces have rules of their own; no set of kings is charged.
        (
            "NS m 100 x 2 cK 1",
            "NS: cK 1: kings have no rule of their own in this ruleset (canastas.special: "
            "sevens, aces)",
        ),
        (
            "NS m 100 hK 1 h 30",
            "NS: hK 1: this ruleset charges no set of kings held at the end "
            "(penalties.in_hand_sets; it charges sevens, aces)",
        ),
    ],
)
def test_impossible_entry_refused(entry: str, message: str) -> None:
    """An entry the 108 cards and the Modern American rules cannot produce is refused with one
    line naming the side and item at fault."""
    assert refusal(entry) == message


def test_refusal_is_one_line_at_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/play-and-tally.md: a slip is refused in one line naming the hand and the item, with
    exit status 2, and nothing is scored."""
    status, out, err = run_cli(capsys, "tally", V, "--hand", "NS m 100 n 1 x 1 out hA 2 h 120")
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("canasta: --hand 1: NS: hA 2: ")
