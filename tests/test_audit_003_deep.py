"""A sentence-by-sentence audit of 003_6d7b9b19ffba82c5.txt (a step-by-step guide to Canasta for
novices, cited as 003) against the built-in ruleset that follows it, ``novice``.

003 seats four players as two teams of two, or two or three players each playing alone, and deals
11 cards at every size. Each test below paraphrases one of 003's statements (its Step and the
sentence, in our words) and checks what the engine or the command line does with it, at the table
sizes the sentence concerns: rulings on positions and records, scores (``canasta score``,
``canasta tally``) and the rule sheet (``canasta rules novice``).

Where 003 is silent or contradicts itself, the variant pins a reading (``canasta variants show
novice``); tests on those points say which reading they check. The cases the earlier audit
(tests/test_audit_source_rulings.py) already made for 003 are not repeated here.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import pytest
from helpers import after, breakdown, code_of, refused, replay_error, run_cli, scored, write

from canasta_rules.cli import main
from canasta_rules.engine import deal, rules_for
from canasta_rules.engine.scoring import score_hand
from canasta_rules.variant import load_variant

Capsys = pytest.CaptureFixture[str]

SEATS = {2: "N S", 3: "N E W", 4: "N E S W"}
QUEENS7 = "Qc Qd Qh Qs Qc Qd Qh"


def position(
    players: int = 4,
    *,
    hands: dict[str, str],
    melds: dict[str, str] | None = None,
    red: dict[str, str] | None = None,
    pile: str = "7c 9d",
    frozen: bool | None = None,
    turn: str | None = "drew stock",
    to_move: str = "N play",
    scores: str | None = None,
    out: str | None = None,
) -> str:
    """A ``novice`` position at a table of ``players``; seats not in ``hands`` get filler cards
    that touch none of the ranks the tests play with."""
    filler = {"N": "8c 9c Td", "E": "8c 9c Td", "S": "8s 9s Th", "W": "8d 9h Ts"}
    lines = ['[Variant "novice"]', f'[Players "{", ".join(SEATS[players].split())}"]']
    if scores:
        lines.append(f'[Scores "{scores}"]')
    lines.append("")
    for seat in SEATS[players].split():
        lines.append(f"hand {seat}: {hands.get(seat, filler[seat])}".rstrip())
    for side, cards in (melds or {}).items():
        lines.append(f"melds {side}: {cards}")
    for side, cards in (red or {}).items():
        lines.append(f"red {side}: {cards}")
    lines.append(f"pile: {pile}")
    if frozen is not None:
        lines.append(f"frozen {'yes' if frozen else 'no'}")
    if out:
        lines.append(f"out {out}")
    else:
        if turn:
            lines.append(f"turn: {turn}")
        lines.append(f"to move: {to_move}")
    return "\n".join(lines) + "\n"


# ============================================================================================
# Steps 1-3: the pack, the seating, the deal


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_packs_with_their_jokers_and_eleven_cards_to_every_player(players: int) -> None:
    """003, Step 1: two full packs including their two jokers each, 108 cards; Step 2 / Step 3:
    each player is dealt 11 cards, and 003 says so for two and three players too."""
    r = rules_for(load_variant("novice"), players)
    assert sum(r.deck_counts) == 108
    s = deal(r, 3, 0)
    assert s.hand_len == [11] * players
    in_play = sum(s.hand_len) + len(s.stock) + len(s.pile) + sum(len(x) for x in s.red3)
    assert in_play == 108


def test_four_players_are_two_teams_of_partners_sitting_across() -> None:
    """003, Step 3: with four players two teams of two are chosen, and team-mates sit across the
    table from one another: North with South, East with West."""
    r = rules_for(load_variant("novice"), 4)
    assert (r.sides, r.side_of) == (2, (0, 1, 0, 1))


@pytest.mark.parametrize("players", [2, 3])
def test_two_or_three_players_form_no_teams(players: int) -> None:
    """003, Step 3: with two or three players no teams are formed; each plays on their own."""
    r = rules_for(load_variant("novice"), players)
    assert (r.sides, r.side_of) == (players, tuple(range(players)))


@pytest.mark.parametrize("players", [3, 4])
def test_play_moves_clockwise_from_the_dealers_left(players: int) -> None:
    """003, Step 2: play moves clockwise; Step 3: the player on the shuffler's left deals, and
    next hand the previous dealer shuffles, so the deal too passes one seat to the left (in a
    game the next hand's dealer is ``next_seat`` of this one). 003 names no first player; the
    variant pins the dealer's left (provenance of deal.rotation)."""
    r = rules_for(load_variant("novice"), players)
    order = [0]
    while len(order) < players:
        order.append(r.next_seat(order[-1]))
    assert order == list(range(players))
    assert deal(r, 4, 0).turn == 1


TWO_PLAYER_RECORD = """[Variant "novice"]
[Players "N, S"]

hand 1 dealer S
deal N: 9c 9d Jk Kc Kd Kh 6d 7h 8s Tc Jd
deal S: 4c 4d 4h Ac Ad 2c 9h 6s 7s Ts Js
upcard UPCARD
N draw 8c meld Kc Kd Kh, 8c 8s Jk discard 7h
S draw Ah meld 4c 4d 4h, Ac Ad Ah 2c discard 9h
"""


@pytest.mark.parametrize("upcard", ["Jk 9s", "2c 9s", "3h 9s", "3s 9s", "Jk 2c 3h 3s 4s"])
def test_a_joker_two_or_any_three_turned_up_is_covered(upcard: str) -> None:
    """003, Step 3: if the first card turned up is a joker, a two or a three, more cards are
    turned onto it until a natural card, four or higher, shows. The two-player deal accepts
    the covered upcards."""
    assert replay_error(TWO_PLAYER_RECORD.replace("UPCARD", upcard)) is None


@pytest.mark.parametrize("upcard", ["Jk", "2c", "3h", "3s"])
def test_a_joker_two_or_three_left_as_the_upcard_is_refused(upcard: str) -> None:
    """003, Step 3 (same sentence): a joker, two or three cannot be the card that starts play
    on the pile; the record that leaves one there is refused."""
    assert "would have been covered" in str(
        replay_error(TWO_PLAYER_RECORD.replace("UPCARD", upcard))
    )


def test_a_four_turned_up_is_natural_and_stops_the_turning() -> None:
    """003, Step 3: a natural card is a four or higher, so a four stops the turning, and a four
    with more cards turned on it is refused."""
    assert replay_error(TWO_PLAYER_RECORD.replace("UPCARD", "4s")) is None
    assert "would not have been covered" in str(
        replay_error(TWO_PLAYER_RECORD.replace("UPCARD", "4s 9s"))
    )


# ============================================================================================
# Step 3: red threes


def test_a_red_three_drawn_from_the_stock_is_laid_down_and_replaced() -> None:
    """003, Step 3: a red three found in hand at any point is placed face up in front of its
    player, who draws a replacement from the stock."""
    text = position(hands={"N": "5c 6d 8h"}, melds={"NS": "Qc Qd Qh"}, turn=None, to_move="N draw")
    s = after(text, "draw 3h 9c")
    assert len(s.red3[0]) == 1 and s.hand_len[0] == 4


def test_a_dealt_red_three_is_laid_down_and_replaced_in_three_handed_play() -> None:
    """003, Step 3 (same sentence), three players: East was dealt the three of hearts, laid it
    down and holds 11 cards after the replacement; the hand goes on, and the stock has given
    one card more: 108 - 33 dealt - 1 upcard - 1 replacement - 2 draws = 71."""
    record = """[Variant "novice"]
[Players "N, E, W"]

hand 1 dealer W
deal N: 9c 9d Jk Kc Kd Kh 6d 7h 8s Tc Jd
deal E: 3h | 4c 4d 4h Ac Ad 2c 9h 6s 7s Ts Js
deal W: 5c 5d 5h 6c 6h 7c 7d 8d 9s Qc Qd
upcard Qs
N draw 8c meld Kc Kd Kh, 8c 8s Jk discard 7h
E draw Ah meld 4c 4d 4h, Ac Ad Ah 2c discard 9h
stock 71
"""
    assert replay_error(record) is None


@pytest.mark.parametrize(("count", "total"), [(1, 100), (2, 200), (3, 300), (4, 800)])
def test_red_threes_count_100_each_and_200_each_when_one_team_has_all_four(
    count: int, total: int
) -> None:
    """003, Step 3 and Step 8: each red three is a bonus of 100; if one team holds all four each
    counts 200, 800 in all. North-South went out with a natural canasta of queens."""
    reds = " ".join(["3d", "3h", "3d", "3h"][:count])
    text = position(
        hands={"N": "", "S": "8s 9s"},
        melds={"NS": QUEENS7, "EW": "Kc Kd Kh"},
        red={"NS": reds},
        pile="7c",
        out="N",
    )
    ns, _ = scored(text)
    assert ns.red_threes == total
    assert ns.total == 70 - 20 + 500 + total + 100


def test_red_threes_split_between_teams_count_100_each() -> None:
    """003, Step 3: the doubling is only for one team holding all four; three and one are 300 and
    100."""
    text = position(
        hands={"N": "", "S": "8s 9s"},
        melds={"NS": QUEENS7, "EW": "Kc Kd Kh"},
        red={"NS": "3d 3h 3d", "EW": "3h"},
        pile="7c",
        out="N",
    )
    ns, ew = scored(text)
    assert (ns.red_threes, ew.red_threes) == (300, 100)


def test_one_player_alone_with_all_four_red_threes_scores_800() -> None:
    """003, Step 3: 'if one team, or player' plays all four red threes, 200 each: at a table of
    three, East alone has all four and has melded."""
    text = position(
        3,
        hands={"N": "", "E": "8c 9c", "W": "8d 9h Ts"},
        melds={"N": QUEENS7, "E": "Kc Kd Kh", "W": "Ac Ad Ah"},
        red={"E": "3d 3h 3d 3h"},
        pile="7c",
        out="N",
    )
    _, e, w = scored(text)
    assert breakdown(e) == {"Melds": 30, "Cards in hand": -20, "Red threes": 800, "Total": 810}
    assert w.red_threes == 0


@pytest.mark.parametrize("players", [2, 3])
def test_a_lone_player_who_has_not_opened_counts_red_threes_minus(players: int) -> None:
    """003, Step 8: if a player or team has not opened by the end of the round, its red threes
    count as negative points, with the cards in hand. Two and three players: the last seat has
    one red three and no meld; at three, East has one and has melded, so it counts plus."""
    last = SEATS[players].split()[-1]
    hands = {"N": "", last: "8d 9h Ts"}
    melds = {"N": QUEENS7}
    red = {last: "3h"}
    if players == 3:
        hands["E"] = "8c 9c"
        melds["E"] = "Kc Kd Kh"
        red["E"] = "3d"
    scores = scored(position(players, hands=hands, melds=melds, red=red, pile="7c", out="N"))
    assert breakdown(scores[-1]) == {"Cards in hand": -30, "Red threes": -100, "Total": -130}
    if players == 3:
        assert scores[1].red_threes == 100


# ============================================================================================
# Step 4: card values


def test_melded_cards_count_by_the_table_of_values() -> None:
    """003, Step 4: aces 20, kings to eights 10, sevens to fours 5, jokers 50, deuces 20. North
    went out: melds A-A-A-2 (80), 8-8-8-Jk (80), 7-7-7 (15), 4-4-4 (15) and seven queens (70)."""
    text = position(
        hands={"N": "", "S": "8s 9s"},
        melds={"NS": f"{QUEENS7}, Ac Ad Ah 2c, 8c 8d 8h Jk, 7c 7d 7h, 4c 4d 4h", "EW": "Kc Kd Kh"},
        pile="5c",
        out="N",
    )
    ns, _ = scored(text)
    assert breakdown(ns) == {
        "Melds": 80 + 80 + 15 + 15 + 70,
        "Cards in hand": -20,
        "Natural canastas": 500,
        "Going out": 100,
        "Total": 840,
    }


def test_cards_left_in_hand_count_minus_by_the_same_values() -> None:
    """003, Step 4: all cards left in any player's hand when a round ends count against their
    side: joker 50, deuce 20, ace 20, king 10, seven 5, black three 5 (listed with the natural
    cards at 5). East and West hold them; East-West melded kings."""
    text = position(
        hands={"N": "", "S": "", "E": "Jk 2c Ac", "W": "Kh 7c 3s"},
        melds={"NS": QUEENS7, "EW": "Kc Kd Kd"},
        pile="5c",
        out="N",
    )
    _, ew = scored(text)
    assert breakdown(ew) == {"Melds": 30, "Cards in hand": -110, "Total": -80}


def test_a_red_three_is_a_bonus_not_a_card_value() -> None:
    """003, Step 4: the red three is listed apart as a special card worth 100 each, not among the
    natural cards: it adds nothing to the melds' count when a side opens (the minimum of 50 is
    reached by 'the played card's points', Step 5)."""
    text = position(hands={"N": "5c 5d 5h 8h Kd"}, melds={"EW": "Ad Ah As"}, red={"NS": "3d 3h 3d"})
    assert refused(text, "meld 5c 5d 5h discard 8h") == "open.below_minimum"


# ============================================================================================
# Step 4: melds and canastas


def _meld_pos(hand: str, ns: str = QUEENS7, players: int = 4) -> str:
    seat_melds = {4: "NS", 3: "N", 2: "N"}[players]
    return position(players, hands={"N": hand}, melds={seat_melds: ns})


@pytest.mark.parametrize("players", [2, 4])
def test_a_meld_needs_three_cards(players: int) -> None:
    """003, Step 1: a meld is three or more cards of one rank; two fives are not one."""
    assert refused(_meld_pos("5c 5d 9h 8h Kd", players=players), "meld 5c 5d") == "meld.too_small"


def test_a_meld_is_of_one_rank_only() -> None:
    """003, Step 1 and Step 4: a meld is cards of the same rank; five, six and seven of clubs are
    not a meld."""
    assert refused(_meld_pos("5c 6c 7c 8h Kd"), "meld 5c 6c 7c") == "meld.mixed_ranks"


@pytest.mark.parametrize("players", [3, 4])
def test_a_meld_needs_two_natural_cards(players: int) -> None:
    """003, Step 4: a meld is only valid with two or more natural cards: 5-2-2 is refused."""
    assert (
        refused(_meld_pos("5c 2d 2h 8h Kd", players=players), "meld 5c 2d 2h")
        == "meld.too_few_naturals"
    )


def test_a_meld_holds_no_more_than_three_wild_cards() -> None:
    """003, Step 4: no more than three wild cards in a meld: 9-9-2-2-Jk is a meld, and
    9-9-2-2-2-Jk is not."""
    text = _meld_pos("9c 9d 2d 2h 2s Jk 8h Kd")
    assert refused(text, "meld 9c 9d 2d 2h Jk") is None
    assert refused(text, "meld 9c 9d 2d 2h 2s Jk") == "meld.too_many_wild"


def test_a_fourth_wild_card_cannot_be_added_even_to_a_canasta() -> None:
    """003, Step 4: the cap of three wild cards is given for every meld, and 003 never lifts it
    for a canasta: a mixed canasta of queens with three wild cards takes no fourth."""
    text = _meld_pos("2c 8h Kd 5c", ns="Qc Qd Qh Qs 2d 2h Jk, 9c 9d 9h")
    assert refused(text, "add Q: 2c") == "meld.too_many_wild"


def test_seven_cards_make_a_canasta_and_six_do_not() -> None:
    """003, Step 1 / Step 4: a canasta is a meld of at least seven cards. With a meld of six
    queens North cannot go out; adding a seventh queen while going out makes the canasta."""
    text = _meld_pos("Qc 5c 5d 5h 8h", ns="Qc Qd Qh Qs Qd Qh")
    short = _meld_pos("5c 5d 5h 8h", ns="Qc Qd Qh Qs Qd Qh")
    assert refused(short, "meld 5c 5d 5h discard 8h") == "meld.keep_a_card"
    s = after(text, "add Q: Qc meld 5c 5d 5h discard 8h")
    assert s.over and s.out_player == 0


def test_a_natural_canasta_has_no_wild_card_and_scores_500_a_mixed_one_300() -> None:
    """003, Step 4 and Step 8: a natural canasta holds seven natural cards and no wild card
    (500); a mixed canasta holds wild cards (300). Eight natural queens and a canasta of kings
    with two deuces."""
    text = position(
        hands={"N": "", "S": ""},
        melds={"NS": "Qc Qd Qh Qs Qc Qd Qh Qs, Kc Kd Kh Ks Kc 2c 2d", "EW": "Ac Ad Ah"},
        pile="5c",
        out="N",
    )
    ns, _ = scored(text)
    assert breakdown(ns) == {
        "Melds": 80 + 50 + 40,
        "Mixed canastas": 300,
        "Natural canastas": 500,
        "Going out": 100,
        "Total": 1070,
    }


def test_melds_are_laid_only_in_the_players_own_turn_after_drawing() -> None:
    """003, Step 4 / Step 5: a meld is laid during the player's turn to play, after a card is
    picked up and before the discard."""
    text = position(
        hands={"N": "5c 5d 5h 8h Kd"}, melds={"NS": "Qc Qd Qh"}, turn=None, to_move="N draw"
    )
    assert refused(text, "meld 5c 5d 5h") == "turn.draw_first"


# ============================================================================================
# Step 5: opening


def _opening(scores: str, hand: str, players: int = 4) -> str:
    other = {4: {"EW": "Kc Kd Kh"}, 3: {"E": "Kc Kd Kh"}, 2: {"S": "Kc Kd Kh"}}[players]
    return position(players, hands={"N": hand}, melds=other, scores=scores)


LOW, MIDDLE, HIGH = "meld 4c 4d 4h, 7c 7d 7h", "meld Ac Ad Ah 2c", "meld Ac Ad Ah 2c, 4c 4d 4h"
# The minimum is judged over the whole turn: each move ends with the discard.


@pytest.mark.parametrize(
    ("score", "short", "enough"),
    [
        (0, LOW, "meld 4c 4d 4h, 7c 7d 7h 2c"),
        (1499, LOW, "meld 4c 4d 4h, 7c 7d 7h 2c"),
        (1500, MIDDLE, HIGH),
        (2999, MIDDLE, HIGH),
        (3000, HIGH, "meld Ac Ad Ah 2c Jk"),
        (4999, HIGH, "meld Ac Ad Ah 2c Jk"),
    ],
)
def test_the_opening_minimum_follows_the_score_table(score: int, short: str, enough: str) -> None:
    """003, Step 5: a total score of 0-1499 needs 50 to open, 1500-2999 needs 90 and 3000-4999
    needs 120. At both ends of each band: 4-4-4 with 7-7-7 (30) is short of 50 and 4-4-4 with
    7-7-7-2 (50) is enough; A-A-A-2 (80) is short of 90 and with 4-4-4 (95) enough; 95 is short
    of 120 and A-A-A-2-Jk (130) is enough."""
    text = _opening(f"NS {score}, EW 0", "Ac Ad Ah 2c Jk 4c 4d 4h 7c 7d 7h 8h")
    assert refused(text, short + " discard 8h") == "open.below_minimum"
    assert refused(text, enough + " discard 8h") is None


def test_the_opening_may_be_several_melds_counted_together() -> None:
    """003, Step 5: to open, a player places a meld or melds whose cards together reach the
    minimum: 4-4-4 and 7-7-7-2 count 15 + 35 = 50; 4-4-4 alone (15) does not."""
    text = _opening("NS 0, EW 0", "4c 4d 4h 7c 7d 7h 2c 8h Kd")
    assert refused(text, "meld 4c 4d 4h discard 8h") == "open.below_minimum"
    assert refused(text, "meld 4c 4d 4h, 7c 7d 7h 2c discard 8h") is None


def test_a_canasta_bonus_does_not_count_toward_the_opening() -> None:
    """003, Step 5: it is the played cards' points that must reach the minimum: seven natural
    fours count 35, short of 50, though they make a natural canasta."""
    text = _opening("NS 0, EW 0", "4c 4d 4h 4s 4c 4d 4h 8h Kd")
    assert refused(text, "meld 4c 4d 4h 4s 4c 4d 4h discard 8h") == "open.below_minimum"


@pytest.mark.parametrize("players", [2, 3])
def test_a_lone_players_own_score_sets_the_minimum(players: int) -> None:
    """003, Step 5: the minimum follows 'the player's, or team's, total game score'. At two and
    three players North alone, at 1600, needs 90: A-A-A-2 (80) is short, with 4-4-4 (95) enough.
    The others' scores do not matter."""
    others = {2: "S 0", 3: "E 0, W 0"}[players]
    text = _opening(f"N 1600, {others}", "Ac Ad Ah 2c 4c 4d 4h 8h Kd", players)
    assert refused(text, "meld Ac Ad Ah 2c discard 8h") == "open.below_minimum"
    assert refused(text, "meld Ac Ad Ah 2c, 4c 4d 4h discard 8h") is None
    low = _opening(f"N 1400, {others.replace('0', '1600')}", "Ac Ad Ah 2c 4c 4d 4h 8h Kd", players)
    assert refused(low, "meld Ac Ad Ah 2c discard 8h") is None


def test_once_open_new_melds_need_no_minimum() -> None:
    """003, Step 5: once a player or team is open, later melds may be added or played without
    restriction: three fours (15) are enough."""
    text = position(hands={"N": "4c 4d 4h 8h Kd"}, melds={"NS": "Qc Qd Qh", "EW": "Kc Kd Kh"})
    assert refused(text, "meld 4c 4d 4h") is None


def test_one_partner_opens_for_the_team() -> None:
    """003, Step 5: in teams only one player must open; the partner's later melds go with the
    team's. South opened; North lays three fours with no minimum, and they join North-South."""
    text = position(
        hands={"N": "4c 4d 4h 8h Kd"},
        melds={"NS": "Qc Qd Qh Qs", "EW": "Kc Kd Kh"},
        scores="NS 3200, EW 0",
    )
    s = after(text, "meld 4c 4d 4h discard 8h")
    assert sorted(s.melds[0]) == [4, 12]  # fours beside the team's queens


# ============================================================================================
# Step 6: the frozen pile


DEALS = {
    "N": "9c 9d 2s Kc Kd Kh Jk 7h 8s Tc Jd",
    "E": "5c 5d 5h Qc Qd 2d 6c 6h 7c 7d Ks",
    "S": "4c 4d 4h Ac Ad 2c 9h 6s 7s Ts Js",
    "W": "8d 8h 2h Tc Td Th 9s Jc Jh Js 5s",
}
N_OPENS = "N draw 8c meld Kc Kd Kh, 8c 8s 2s discard 7h\n"


def _record(players: int, turns: str) -> str:
    """A record of the first turns of a hand at ``players`` (dealer: the last seat)."""
    seats = SEATS[players].split()
    lines = ['[Variant "novice"]', f'[Players "{", ".join(seats)}"]', ""]
    lines.append(f"hand 1 dealer {seats[-1]}")
    lines += [f"deal {s}: {DEALS[s]}" for s in seats]
    lines.append("upcard Qs")
    return "\n".join(lines) + "\n" + N_OPENS + turns


def _nine_discarded(players: int) -> str:
    """North has opened; the seat before North discards a nine, first card on the pile."""
    if players == 2:
        return _record(2, "S draw Ah meld 4c 4d 4h, Ac Ad Ah 2c discard 9h\n")
    return _record(3, "E draw 4c discard Ks\nW draw 9h meld 8d 8h 2h, Tc Td Th discard 9h\n")


@pytest.mark.parametrize("players", [2, 3])
def test_the_pile_starts_frozen_against_lone_players_too(players: int) -> None:
    """003, Step 6: at the start of every round the pile is frozen against all teams 'or
    players'. North has opened; a nine is discarded onto the upcard; North cannot take the pile
    with a nine and a joker, only with two natural nines from hand."""
    record = _nine_discarded(players)
    assert replay_error(record) is None
    assert code_of(replay_error(record + "N take 9h with 9d Jk discard Tc\n")) == (
        "pile.frozen.needs_natural_pair"
    )
    assert replay_error(record + "N take 9h with 9c 9d discard Tc\n") is None


def test_the_pile_starts_frozen_even_for_a_card_that_fits_the_teams_meld() -> None:
    """003, Step 6: frozen at the start against all teams, and a frozen pile is taken only by
    melding the top card with two matching natural cards from hand. North-South have kings down;
    East discards a king; South cannot put it on the team's kings to take the pile."""
    record = _record(4, "E draw 4c discard Ks\n")
    assert code_of(replay_error(record + "S take Ks discard 6s\n")) == (
        "pile.frozen.needs_natural_pair"
    )


@pytest.mark.parametrize("players", [2, 3])
def test_after_taking_the_pile_it_is_unfrozen_for_the_taker(players: int) -> None:
    """003, Step 6: after the frozen pile is taken the deck becomes unfrozen toward that player;
    North later takes a jack with a jack and a joker (one natural and one wild card, b) under
    'Taking an Unfrozen Discard Pile')."""
    record = _nine_discarded(players) + "N take 9h with 9c 9d discard Tc\n"
    if players == 2:
        record += "S draw 5d discard Js\n"
    else:
        record += "E draw 4d discard 4c\nW draw 5d discard Js\n"
    assert replay_error(record + "N take Js with Jd Jk discard 7h\n") is None


def test_a_taken_pile_goes_into_the_hand_and_more_melds_may_follow() -> None:
    """003, Step 6: after the top card's meld is laid the rest of the pile goes into the hand,
    and the player may lay further melds in the same turn. The queen upcard and the seven come
    into North's hand; North lays three queens with them at once."""
    record = _nine_discarded(2).replace(
        "deal N: 9c 9d 2s Kc Kd Kh Jk 7h 8s Tc Jd", "deal N: 9c 9d 2s Kc Kd Kh Jk 7h 8s Qc Qd"
    )
    assert replay_error(record + "N take 9h with 9c 9d meld Qc Qd Qs discard Jk\n") is None


def test_a_wild_discard_freezes_the_pile_until_a_natural_covers_it_and_a_pair_takes_it() -> None:
    """003, Step 6: the pile is frozen during play when a player discards a wild card; the next
    player cannot pick it up, and it can be picked up only once a natural card is discarded on
    it, and then (a frozen pile) only with two matching natural cards from hand. Two players:
    after North's pickup South discards a deuce; North cannot take it; South later covers it
    with a seven; North cannot take the sevens with a seven and a joker, only with two sevens."""
    record = _nine_discarded(2) + "N take 9h with 9c 9d discard Tc\n" + "S draw 2d discard 2d\n"
    assert replay_error(record) is None
    assert code_of(replay_error(record + "N take 2d with Jk discard 7h\n")) == "pile.top_wild"
    record += "N draw 7c discard Qs\nS draw 5d discard 7s\n"
    assert code_of(replay_error(record + "N take 7s with 7h Jk discard Jd\n")) == (
        "pile.frozen.needs_natural_pair"
    )
    assert replay_error(record + "N take 7s with 7h 7c discard Jd\n") is None


def _pile_pos(players: int, hand: str, pile: str, melds: str = "Qc Qd Qh Qs", **kw: object) -> str:
    own = {4: "NS", 3: "N", 2: "N"}[players]
    other = {4: "EW", 3: "E", 2: "S"}[players]
    return position(
        players,
        hands={"N": hand},
        melds={own: melds, other: "Kc Kd Kh"},
        pile=pile,
        turn=None,
        to_move="N draw",
        **kw,  # type: ignore[arg-type]
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_pile_with_a_wild_card_in_it_needs_a_natural_pair(players: int) -> None:
    """003, Step 6: a wild card discarded freezes the pile against the others; once covered by a
    natural card, the frozen pile is taken only with two natural cards of the top card's rank
    from hand, not with one natural and a wild card."""
    text = _pile_pos(players, "9c 9s Jk 5c 6d", "7c 2c 9h")
    assert refused(text, "take with 9c Jk") == "pile.frozen.needs_natural_pair"
    assert refused(text, "take with 9c 9s") is None


@pytest.mark.parametrize("players", [3, 4])
def test_a_wild_card_on_top_cannot_be_taken(players: int) -> None:
    """003, Step 6: the player whose turn immediately follows the freezing discard cannot pick up
    the pile, whatever they hold."""
    text = _pile_pos(players, "2d 2h Jk 5c 6d", "7c 9d 2c")
    assert refused(text, "take with 2d 2h") == "pile.top_wild"


def test_a_frozen_pile_needs_the_pair_in_hand_not_on_the_table() -> None:
    """003, Step 6: to take a frozen pile the two matching natural cards must be in the player's
    hand, 'not on the table'. North-South have four queens down and a queen tops a frozen pile:
    a queen and a joker from hand do not take it, nor does the team's meld alone; two queens
    do, and the seven queens make a natural canasta."""
    text = _pile_pos(4, "Qd Jk 5c 6d", "7c 2c Qc")
    assert refused(text, "take with Qd Jk") == "pile.frozen.needs_natural_pair"
    assert refused(text, "take") == "pile.frozen.needs_natural_pair"
    s = after(_pile_pos(4, "Qd Qh 5c 6d", "7c 2c Qc"), "take with Qd Qh")
    assert [m.size for m in s.melds[0].values()] == [7]
    assert s.hand_len[0] == 4  # the seven and the deuce come into hand


def test_a_frozen_pile_taken_with_a_pair_may_take_a_wild_card_too() -> None:
    """003, Step 6: the meld made with a frozen pile's top card must hold at least three natural
    cards, two or more from hand and the top card; 003 does not forbid a wild card beside them,
    so 9-9 and a joker with the top nine take it."""
    text = _pile_pos(3, "9c 9s Jk 5c 6d", "7c 2c 9h")
    assert refused(text, "take with 9c 9s Jk") is None


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(
    ("hand", "move", "melds"),
    [
        ("9c 9s 5c 6d", "take with 9c 9s", "Qc Qd Qh"),  # a) two natural cards
        ("9c 9s 9d 5c 6d", "take with 9c 9s 9d", "Qc Qd Qh"),  # a) or more
        ("9c Jk 5c 6d", "take with 9c Jk", "Qc Qd Qh"),  # b) a natural and a wild card
        ("4c 5c 6d", "take", "Qc Qd Qh, 9c 9d 9s"),  # c) onto the side's meld
    ],
)
def test_the_three_ways_to_take_an_unfrozen_pile(
    players: int, hand: str, move: str, melds: str
) -> None:
    """003, Step 6, 'Taking an Unfrozen Discard Pile': (a) a meld of two or more natural cards
    from hand with the top card, (b) one matching natural card and one wild card with it, (c)
    the top card added to a meld the player or the partner already has on the table."""
    text = _pile_pos(players, hand, "7c 4s 9h", melds=melds, frozen=False)
    assert refused(text, move) is None


def test_two_wild_cards_do_not_take_an_unfrozen_pile() -> None:
    """003, Step 6 (b) asks for one matching natural card besides the wild card, and Step 4 asks
    every meld for two natural cards: two deuces with the top nine are refused."""
    text = _pile_pos(4, "2d 2h 5c 6d", "7c 4s 9h", frozen=False)
    assert refused(text, "take with 2d 2h") == "pile.way_not_allowed"


def test_the_top_card_goes_only_onto_the_players_own_meld_at_three() -> None:
    """003, Step 6 (c): the top card goes onto a meld 'the player (or player's teammate) has
    already played'. At three, each plays alone: East's kings are not North's."""
    text = _pile_pos(3, "4c 5c 6d", "7c 4s Kh", frozen=False)
    assert refused(text, "take") == "pile.way_not_allowed"
    assert refused(_pile_pos(3, "4c 5c 6d", "7c 4s Qh", frozen=False), "take") is None


def test_a_team_that_has_not_opened_faces_a_frozen_pile() -> None:
    """003, Step 6: the pile starts every round frozen against all teams and is unfrozen toward a
    team only by its own pickup; the variant reads this (pinned: pile.frozen_before_opening) as
    frozen against any side that has not yet opened. North-South have no melds: a nine and a
    joker do not take the nine, two nines do."""
    text = position(
        hands={"N": "9c 9s Jk 5c 6d 8h Kd Ks Kc"},
        melds={"EW": "Ac Ad Ah"},
        pile="7c 4s 9h",
        frozen=False,
        turn=None,
        to_move="N draw",
    )
    assert refused(text, "take with 9c Jk and Kd Ks Kc") == "pile.frozen.needs_natural_pair"
    assert refused(text, "take with 9c 9s and Kd Ks Kc") is None


# ============================================================================================
# Step 7: going out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_going_out_needs_a_canasta_otherwise_a_card_stays_in_hand(players: int) -> None:
    """003, Step 7: to go out a player or team must have melded at least one canasta or make one
    while going out; otherwise the player must keep at least one card in hand. With four queens
    down, North cannot meld and discard the last cards, but may keep one."""
    text = _meld_pos("5c 5d 5h 8h", ns="Qc Qd Qh Qs", players=players)
    assert refused(text, "meld 5c 5d 5h discard 8h") == "meld.keep_a_card"
    keep = _meld_pos("5c 5d 5h 8h Kd", ns="Qc Qd Qh Qs", players=players)
    assert refused(keep, "meld 5c 5d 5h discard 8h") is None


def test_at_three_only_the_players_own_canasta_counts() -> None:
    """003, Step 7: the canasta must be the going-out player's own (or the team's); at three
    players East's canasta does not let North go out."""
    text = position(
        3,
        hands={"N": "5c 5d 5h 8h"},
        melds={"N": "Qc Qd Qh Qs", "E": "Kc Kd Kh Ks Kc Kd Kh"},
    )
    assert refused(text, "meld 5c 5d 5h discard 8h") == "meld.keep_a_card"


def test_the_partners_canasta_lets_a_player_go_out() -> None:
    """003, Step 7: 'a player, or team' must have melded a canasta: South's canasta of queens,
    on the team's side, lets North go out."""
    text = _meld_pos("5c 5d 5h 8h")
    s = after(text, "meld 5c 5d 5h discard 8h")
    assert s.over and s.out_player == 0


@pytest.mark.parametrize("players", [2, 4])
def test_going_out_concealed_adds_an_extra_100(players: int) -> None:
    """003, Step 7 and Step 8: going out without having opened earns an extra 100 on top of the
    100 for going out. North's side has no melds; North draws, melds seven kings and three
    fives, and discards: 70 + 15 melded, 500, and 200 for going out."""
    other = {4: "EW", 2: "S"}[players]
    text = position(
        players,
        hands={"N": "Kc Kd Kh Ks Kc Kd Kh 5c 5d 5h 8h"},
        melds={other: "Ac Ad Ah"},
    )
    s = after(text, "meld Kc Kd Kh Ks Kc Kd Kh, 5c 5d 5h discard 8h")
    assert s.concealed
    first = score_hand(s)[0]
    assert first.going_out == 200
    assert first.total == 85 + 500 + 200 + (-30 if players == 4 else 0)


def test_going_out_after_the_partner_has_opened_is_not_concealed() -> None:
    """003, Step 7: going out concealed is going out 'without opening'; South had already opened
    for North-South, so North's finish earns the plain 100."""
    text = position(
        hands={"N": "Kc Kd Kh Ks Kc Kd Kh 5c 5d 5h 8h"},
        melds={"NS": "4c 4d 4h", "EW": "Ac Ad Ah"},
    )
    s = after(text, "meld Kc Kd Kh Ks Kc Kd Kh, 5c 5d 5h discard 8h")
    assert not s.concealed and score_hand(s)[0].going_out == 100


# ============================================================================================
# Step 8: scoring


def test_a_partnership_counts_both_players_melds_and_both_hands() -> None:
    """003, Step 8: a partnership's score for the hand is the value of all cards melded by both
    players plus the extras, minus the cards left in both players' hands. East went out;
    North holds 4c 5c (10) and South Jk Ac (70); North-South have no canasta."""
    text = position(
        hands={"N": "4c 5c", "S": "Jk Ac", "E": "", "W": "8d 9h"},
        melds={"NS": "Qc Qd Qh Qs 2c, 8c 8d 8h", "EW": "Kc Kd Kh Ks Kc Kd Kh"},
        red={"NS": "3h"},
        pile="7c",
        out="E",
    )
    ns, ew = scored(text)
    assert breakdown(ns) == {"Melds": 90, "Cards in hand": -80, "Red threes": 100, "Total": 110}
    assert breakdown(ew) == {
        "Melds": 70,
        "Cards in hand": -20,
        "Natural canastas": 500,
        "Going out": 100,
        "Total": 650,
    }


def test_score_cli_two_players_each_scored_alone(capsys: Capsys, tmp_path: Path) -> None:
    """003, Step 3 and Step 8: two players each score their own melds, extras and hand: `canasta
    score` gives one column a player. North went out with a mixed canasta (300) and two red
    threes; South, unopened, loses the hand and a red three."""
    text = position(
        2,
        hands={"N": "", "S": "Kd 5c"},
        melds={"N": "Qc Qd Qh Qs Qc 2c Jk"},
        red={"N": "3h 3d", "S": "3h"},
        pile="7c",
        out="N",
    )
    status, out, err = run_cli(capsys, "score", str(write(tmp_path, text)), "--json")
    assert status == 0, err
    result = json.loads(out)
    assert list(result) == ["N", "S"]
    assert result["N"]["Total"] == 50 + 20 + 50 + 300 + 200 + 100
    assert result["S"]["Total"] == -15 - 100


def _tally(capsys: Capsys, *args: str) -> str:
    status, out, err = run_cli(capsys, "tally", "novice", *args)
    assert status == 0, err
    return out


def test_tally_the_bonus_items_of_step_8(capsys: Capsys) -> None:
    """003, Step 8: natural canasta 500 each, mixed 300 each, red threes 100 each, going out 100,
    the melded cards' values, minus the cards left in hand."""
    out = _tally(capsys, "--hand", "NS m 250 n 1 x 2 r 3 out h 15; EW m 120 x 1 r 1 h 40")
    assert re.search(r"Total\s+1735\s+480", out), out  # 250-15+500+600+300+100


def test_tally_concealed_is_100_more(capsys: Capsys) -> None:
    """003, Step 8: 'For going out concealed: (extra) 100', 200 in all."""
    out = _tally(capsys, "--hand", "NS m 85 n 1 concealed; EW h 30")
    assert re.search(r"Going out\s+200\s+0", out), out
    assert re.search(r"Total\s+785\s+-30", out), out


def test_tally_three_players_all_four_red_threes_and_an_unopened_player(capsys: Capsys) -> None:
    """003, Step 3 and Step 8 at three players: one player with all four red threes scores 800;
    a player who has not opened counts the cards in hand minus (and has no red threes here)."""
    out = _tally(capsys, "--players", "3", "--hand", "N m 100 n 1 r 4 out; E m 50 h 20; W h 30")
    assert re.search(r"Red threes\s+800\s+0\s+0", out), out
    assert re.search(r"Total\s+1500\s+30\s+-30", out), out


def test_tally_the_minimum_rises_with_the_total(capsys: Capsys) -> None:
    """003, Step 5: the minimum follows the total game score: 50 below 1500, 90 from 1500, 120
    from 3000; a negative total still needs 50 (no tier below zero)."""
    hand = "NS m 300 n 2 x 1 r 4 out; EW h 120"
    out = _tally(capsys, "--hand", hand)
    assert "totals after 1 hand: NS 2500, EW -120" in out
    assert "minimum to open next hand: NS 90, EW 50" in out
    out = _tally(capsys, "--hand", hand, "--hand", "NS m 500; EW m 50 n 1 out")
    assert "totals after 2 hands: NS 3000, EW 530" in out
    assert "minimum to open next hand: NS 120, EW 50" in out


def test_tally_the_game_ends_at_5000(capsys: Capsys) -> None:
    """003, Step 2 and the last line: when a score of 5000 is reached the game is over and that
    team wins; otherwise another round is played."""
    hand = "NS m 300 n 2 x 2 r 1 out; EW m 100 h 50"  # 2100 and 50 a hand
    out = _tally(capsys, "--hand", hand, "--hand", hand)
    assert "result" not in out and "target 5000" in out
    out = _tally(capsys, "--hand", hand, "--hand", hand, "--hand", hand)
    assert "result: North-South won, NS 6300, EW 150" in out


# ============================================================================================
# The rule sheet (`canasta rules novice`) and the variant's summary: each claim against 003


@pytest.fixture(scope="module")
def sheet() -> str:
    """The Markdown rule sheet, with the bracket escapes removed."""
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf), contextlib.suppress(SystemExit):
        main(["rules", "novice"])
    return buf.getvalue().replace("\\[", "[").replace("\\]", "]")


def test_sheet_names_003_as_its_only_source(sheet: str) -> None:
    """The sheet is for the variant that follows 003."""
    assert "- Sources: [003] Step-by-step guide for novices." in sheet


@pytest.mark.parametrize(
    "claim",
    [
        "two standard 52-card packs and four jokers (two per pack), 108 cards in all. [003]",
        "Four players in two partnerships of two, partners sitting opposite each other; each is "
        "dealt 11 cards, which leaves 64 for the upcard and the stock.",
        "Two players, each playing for themself; each is dealt 11 cards, which leaves 86",
        "Three players, each playing for themself; each is dealt 11 cards, which leaves 75",
        "Play passes clockwise, to the left",
        "One player shuffles the pack, and the player on the shuffler's left deals. [003]",
        "If that card is a joker, a two, a red three or a black three, another card is turned up "
        "on top of it, and so on until a card of another kind shows. [003]",
    ],
)
def test_sheet_seating_and_deal_match_steps_1_to_3(sheet: str, claim: str) -> None:
    """003, Steps 1-3: 108 cards; four players as two teams of partners sitting across, or two
    or three each alone; 11 cards to everyone (108 - 44 = 64, 108 - 22 = 86, 108 - 33 = 75);
    play clockwise; the shuffler's left deals; a joker, two or three turned up is covered."""
    assert claim in sheet


@pytest.mark.parametrize(
    "claim",
    [
        "A new meld needs at least three cards. [003]",
        "Every meld must hold at least two natural cards",
        "A meld may hold at most three wild cards. [003]",
        "A meld of 7 or more cards, at least 4 of them natural, is a canasta. [003]",
        "A natural canasta, with no wild card, earns its side a bonus of 500. [003]",
        "A mixed canasta, with one or more wild cards, earns 300. [003]",
        "a canasta too may hold at most three wild cards. [003]",
        "| Joker | 50 | 003 |",
        "| Two and ace | 20 | 003 |",
        "| King to eight | 10 | 003 |",
        "| Seven to four and black three | 5 | 003 |",
    ],
)
def test_sheet_melds_canastas_and_card_values_match_step_4(sheet: str, claim: str) -> None:
    """003, Step 4: the values (ace 20, K-8 10, 7-4 and black threes 5, joker 50, deuce 20),
    two or more natural cards and no more than three wild cards to a meld, seven cards to a
    canasta, natural (no wild cards) 500 and mixed 300."""
    assert claim in sheet


@pytest.mark.parametrize(
    "claim",
    [
        "| below 1500 | 50 |",
        "| 1500 to 2999 | 90 |",
        "| 3000 and above | 120 |",
        "The minimum is read from the side's total score before the deal. [003]",
    ],
)
def test_sheet_minimum_table_matches_step_5(sheet: str, claim: str) -> None:
    """003, Step 5: 0-1499 needs 50, 1500-2999 needs 90, 3000-4999 needs 120, by the player's or
    team's total game score (no lower tier: 'below 1500' takes in a negative score, pinned)."""
    assert claim in sheet


@pytest.mark.parametrize(
    "claim",
    [
        "| Pile not frozen | yes | yes | yes | 003 |",
        "| Pile frozen | yes | no | no | 003 |",
        "While it is frozen, only with two natural cards of its rank from their hand. [003]",
    ],
)
def test_sheet_pickup_table_matches_step_6(sheet: str, claim: str) -> None:
    """003, Step 6: an unfrozen pile is taken with a pair, a natural and a wild card, or onto the
    team's meld; a frozen one only with two matching natural cards from hand."""
    assert claim in sheet


@pytest.mark.parametrize(
    "claim",
    [
        "100 each; all four together 800. [003]",
        "| 1 | 100 |",
        "| 3 | 300 |",
        "| 4 | 800 |",
        "A player may go out only when their side has at least one canasta, which may be "
        "completed in the same turn. [003]",
        "Going out ends the hand and earns the player's side a bonus of 100. [003]",
        "Going out concealed earns 200 instead of 100. [003]",
        "| Natural canasta (no wild card) | 500 | 003 |",
        "| Mixed canasta (with wild cards) | 300 | 003 |",
        "| Red threes of a side that made no meld | count minus instead | 003 |",
        "| Going out | 100 | 003 |",
        "When, after a hand, a side's total has reached 5000 or more, the game ends. [003]",
    ],
)
def test_sheet_red_threes_going_out_scoring_and_target_match_steps_3_7_8(
    sheet: str, claim: str
) -> None:
    """003, Steps 3, 7 and 8: red threes 100 each, 200 each (800) for all four, minus for a side
    that has not opened; a canasta to go out, possibly made while going out; 100 for going out
    and an extra 100 concealed; canastas 500 and 300; the game to 5000."""
    assert claim in sheet


def test_variant_summary_matches_003(capsys: Capsys) -> None:
    """`canasta variants show novice` opens with the variant's summary: every claim in it is one
    of 003's (11 cards to 2, 3 or 4 players; the shuffler's left deals; any three turned up is
    covered; 50, 90, 120 with no lower tier; red threes 100 and 800; concealed adds 100)."""
    status, out, err = run_cli(capsys, "variants", "show", "novice")
    assert status == 0, err
    summary = " ".join(out.split("\n\n")[0].split())
    for claim in (
        "two or three players each alone, all dealt 11 cards",
        "The player on the shuffler's left deals",
        "any three turned up at the start is covered",
        "50, 90 or 120, with no lower minimum for a negative score",
        "count 100 each and 800 for all four",
        "Going out concealed adds 100",
    ):
        assert claim in summary, claim


def test_quick_reference_matches_003(capsys: Capsys) -> None:
    """`canasta rules novice --card`: the pack (108), the meld (3+ of one rank, 2+ natural, at
    most 3 wild), the canasta (7+ cards) and the game (to 5000), each marked as 003's."""
    status, out, err = run_cli(capsys, "rules", "novice", "--card")
    assert status == 0, err
    for row in (
        "| Pack | 108 cards: 2 packs + 4 jokers | 003 |",
        "| Meld | 3+ cards of one rank, 2+ natural, at most 3 wild | 003 |",
        "| Canasta | 7+ cards, 4+ natural | 003 |",
        "| Game | to 5000 | 003 |",
    ):
        assert row in out, row


def test_sheet_marks_the_stock_running_out_as_a_pinned_reading(sheet: str) -> None:
    """003 never says what happens when the stock runs out, so the sheet must not give that rule
    as 003's: both the pile play and the red three drawn last are pinned readings."""
    assert "ends the hand. A player must take it when they are allowed to" in sheet
    stock_out = sheet.split("### When the stock runs out")[1].split("## 7.")[0]
    assert len(re.findall(r"\[pinned \d+\\?\]", stock_out)) >= 2
    assert "[003]" not in stock_out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_whole_game_deals_in_turn_and_stops_at_5000(players: int) -> None:
    """003, Step 2 and Step 3: each hand's points are added to the running totals; the next hand
    is dealt by the seat on the last dealer's left (the last dealer shuffles), play starting on
    the dealer's left; once a score of 5000 is reached the game is over and that side wins. A
    seeded game between greedy bots at each table size."""
    from canasta_rules.bots import make_bot
    from canasta_rules.engine.game import Game

    r = rules_for(load_variant("novice"), players)
    result = Game(load_variant("novice"), seed=5, players=players).play(make_bot("greedy", 5))
    for before, nxt in zip(result.hands, result.hands[1:], strict=False):
        assert nxt.dealer == r.next_seat(before.dealer)
    for rec in result.hands:
        assert rec.start.turn == r.next_seat(rec.dealer)
        assert max(rec.scores_before) < 5000
    assert result.reason == "target" and max(result.scores) >= 5000
    assert result.winner == result.scores.index(max(result.scores))


def test_cards_that_could_have_been_melded_count_minus_in_hand() -> None:
    """003, Step 4 ('Important'): a meld counts plus only when laid on the table in its player's
    turn; cards left in hand count minus. South holds three kings when North goes out: -30."""
    text = position(
        hands={"N": "", "S": "Kh Kd Ks"},
        melds={"NS": QUEENS7, "EW": "Ac Ad Ah"},
        pile="7c",
        out="N",
    )
    ns, _ = scored(text)
    assert ns.hands == -30
