"""A sentence-by-sentence audit of 002_d58438592396a398.txt (the help page of a two-player online
Canasta game with options) against the built-in variants that follow it: ``online`` (draw one,
one canasta to go out, 5000), and its three options ``online-3000``, ``online-draw-two`` and
``online-two-canastas``.

Each test names the section of 002 it checks and paraphrases the sentence; the expected outcome
was read from 002, never from the engine. Where 002 is silent or unclear and the variant pins a
reading (its provenance notes, RULE-PARAMETERS.md section 3), the test says so. The cases of
tests/test_audit_source_rulings.py (002's E7, red threes and the minimum, the concealed
exception at 90, the two-canasta refusal, the stock running out in the base game, ...) are not
repeated here: the tests below go to the other sentences, the option variants, the boundaries of
the tables, records replayed, scores, the tally and the rule sheets.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from helpers import (
    breakdown,
    cli_tally,
    cs,
    diff_settings,
    hand_scores,
    refused,
    replay_code,
    ruled_legal,
    run_cli,
    shown_settings,
)

SRC = "002_d58438592396a398.txt"
PACK = 108
# South's filler: no queens, nines, kings, aces, sevens or wild cards, so North's cards are free.
S_HAND = "8c 8s Td Jh 5d 6h 4h"
Q7 = "Qc Qd Qh Qs Qc Qd Qh"
# Every wild card and red three of the pack, for positions whose stock is short: the unseen part
# of the pile may hold neither (docs/notation.md, positions).
S_SHORT = S_HAND + " 2c 2c 2d 2d 2h 2h 2s 2s Jk Jk Jk Jk"


def _count(*texts: str) -> int:
    return sum(len(t.replace(",", " ").split()) for t in texts)


def two(
    variant: str = "online",
    *,
    n: str,
    s: str = S_HAND,
    mn: str = "",
    ms: str = "Ad Ah As",
    rn: str = "",
    rs: str = "",
    pile: str = "7c 9d",
    stock: int | None = None,
    turn: str | None = "drew stock",
    to_move: str = "N play",
    scores: str = "N 1200, S 900",
) -> str:
    """A two-player position in the notation. With ``stock``, the stock holds that many unseen
    cards and the rest of the unseen cards lie at the bottom of the pile."""
    lines = [f'[Variant "{variant}"]', f'[Scores "{scores}"]', "", f"hand N: {n}", f"hand S: {s}"]
    if mn:
        lines.append(f"melds N: {mn}")
    if ms:
        lines.append(f"melds S: {ms}")
    if rn:
        lines.append(f"red N: {rn}")
    if rs:
        lines.append(f"red S: {rs}")
    if stock is not None:
        unseen = PACK - _count(n, s, mn, ms, rn, rs, pile) - stock
        lines.append(f"pile: {unseen} unseen, {pile}")
        lines.append(f"stock {stock}")
    else:
        lines.append(f"pile: {pile}")
    if turn:
        lines.append(f"turn: {turn}")
    lines.append(f"to move: {to_move}")
    return "\n".join(lines) + "\n"


def drawing(variant: str = "online", **kw: Any) -> str:
    """North to draw (the turn not begun)."""
    return two(variant, turn=None, to_move="N draw", **kw)


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    code, out, err = run_cli(capsys, *args)
    assert code == 0, err
    return out


def cli_score(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str
) -> dict[str, list[int]]:
    """``canasta score`` on a finished position: each row's figures, N then S."""
    f = tmp_path / "hand.pos"
    f.write_text(text)
    out = cli(capsys, "score", str(f))
    table: dict[str, list[int]] = {}
    for line in out.splitlines()[1:]:
        m = re.match(r"^(.*?)\s+(-?\d+)\s+(-?\d+)$", line)
        if m:
            table[m.group(1).strip()] = [int(m.group(2)), int(m.group(3))]
    return table


def sheet(capsys: pytest.CaptureFixture[str], variant: str) -> str:
    """The rule sheet as plain text, lines joined so that sentences can be searched whole."""
    out = cli(capsys, "rules", variant, "-f", "txt")
    return re.sub(r"\s+", " ", out)


# --------------------------------------------------------------------------------------------
# The Deal, and the turn order (002, 'The Deal', 'The Play')

DEAL_N = "4c 4d 4h 4s 4c 4d 4h 5c 5d 5h 6c 6d 6h Kc Kd"
DEAL_S = "7c 7d 7h 8c 8d 8h 9c 9d 9h Tc Td Th Jc Jd Jh"


def _record(deal_n: str = DEAL_N, deal_s: str = DEAL_S, upcard: str = "Qc", rest: str = "") -> str:
    return f"""[Variant "online"]
[Players "N Ana, S Ben"]

hand 1 dealer S
deal N: {deal_n}
deal S: {deal_s}
upcard {upcard}
{rest}"""


def test_deal_fifteen_cards_each_and_the_rest_is_the_stock() -> None:
    """002, 'The Deal': each player gets 15 cards, the rest face down as the stock, whose first
    card is turned up to start the pile: 108 - 30 - 1 = 77 left in the stock."""
    assert replay_code(_record(rest="stock 77\n")) is None
    assert replay_code(_record(rest="stock 76\n")) is not None


def test_a_deal_of_fourteen_is_refused() -> None:
    """002, 'The Deal': 15 cards each; a written deal of 14 does not fit the online game."""
    err = replay_code(_record(deal_n=DEAL_N.removesuffix(" Kd")))
    assert err is not None and "this variant deals 15" in err


def test_joker_and_red_three_upcards_are_covered_and_freeze_the_pile() -> None:
    """002, 'The Deal': a joker or red three turned up is covered by further cards until the top
    is neither; 'Frozen Discard Pile': such a first card freezes the pile for both players. A
    red three dealt is laid out in the deal and replaced from the stock: 108 - 16 - 15 - 3."""
    text = _record(
        deal_n="3h | " + DEAL_N.removesuffix(" Kd") + " Ks",
        upcard="Jk 3d Qc",
        rest="frozen yes\nstock 74\n",
    )
    assert replay_code(text) is None


def test_a_joker_left_on_top_of_the_upcards_is_refused() -> None:
    """002, 'The Deal': cards are turned until the top card of the pile is neither a joker nor a
    red three, so a pile that starts with a joker on top cannot have been dealt."""
    err = replay_code(_record(upcard="Jk"))
    assert err is not None and "covered" in err


def test_a_black_three_upcard_is_not_covered() -> None:
    """002, 'The Deal': only a joker or a red three is covered; a black three turned up stays on
    top (writing another card over it is refused), and while it is there it stops North taking
    the pile ('Special Cards': black threes are stop cards)."""
    err = replay_code(_record(upcard="3c Qc"))
    assert err is not None and "would not have been covered" in err
    text = _record(upcard="3c", rest="N take with Kc Kd\n")
    assert replay_code(text) == "pile.top_black_three"


def test_a_two_upcard_stays_on_top_and_freezes_the_pile() -> None:
    """002, 'The Deal' names only jokers and red threes as covered (pinned reading: a two turned
    up stays); 'Frozen Discard Pile': a wild card as the first card turned freezes the pile for
    both players. With the two on top nobody can take the pile ('Taking the discard pile': the
    first card may not be a wild card)."""
    assert replay_code(_record(upcard="2c Qc")) is not None
    assert replay_code(_record(upcard="2c", rest="frozen yes\n")) is None
    assert replay_code(_record(upcard="2c", rest="N take with Kc Kd\n")) == "pile.top_wild"


def test_dealt_red_threes_are_laid_out_not_kept() -> None:
    """002, 'The Deal': each player lays the red threes dealt face up in their place and draws
    replacements; a red three written among the 15 cards held is refused."""
    err = replay_code(_record(deal_n="3h " + DEAL_N.removesuffix(" Kd")))
    assert err is not None and "lays dealt red threes down during the deal" in err


GAME_TWO_HANDS = """[Variant "online"]
[Players "N Ana, S Ben"]

hand 1 dealer S
deal N: 4c 4d 4h 4s 4c 4d 4h 5c 5d 5h 6c 6d 6h Kc Kd
deal S: 7c 7d 7h 8c 8d 8h 9c 9d 9h Tc Td Th Jc Jd Jh
upcard Qc
N draw Ks meld 4c 4d 4h 4s 4c 4d 4h, 5c 5d 5h, 6c 6d 6h, Kc Kd Ks
score N 795 S -135

hand 2 dealer N
deal N: 6c 6d 6h 9c 9d Tc Td Jc Jd Qc Qd Kc Kd Ac Ad
deal S: 5c 5d 5h 7c 7d 8c 8d 9h 9s Th Ts Jh Js Qh Qs
upcard 4c
S draw 4d meld 5c 5d 5h discard 4d
"""


def test_white_starts_the_first_hand_black_the_second() -> None:
    """002, 'The Play': the white player (N) starts the first hand, the black player (S) the
    second, and so by turns. In hand 1 S deals and N plays first; in hand 2 the deal has
    passed to N and S plays first. A record with S dealing both hands is refused, and so is N
    dealing the first hand and then playing first."""
    assert replay_code(GAME_TWO_HANDS) is None
    assert replay_code(GAME_TWO_HANDS.replace("hand 2 dealer N", "hand 2 dealer S")) is not None
    assert replay_code(GAME_TWO_HANDS.replace("hand 1 dealer S", "hand 1 dealer N")) == (
        "turn.out_of_turn"
    )


def test_going_out_at_once_by_melding_all_sixteen_cards_scores_concealed() -> None:
    """002, 'End of a hand' and 'Bonus': a player may go out by melding all the cards (no
    discard needed), and laying every meld at once is going out concealed, 200. N: cards 95
    (4x7 = 35, 5x3, 6x3, Kx3), natural canasta 500, concealed 200 = 795; S holds 135 points."""
    # The record's own 'score' line checks the figures.
    assert replay_code(GAME_TWO_HANDS) is None
    assert replay_code(GAME_TWO_HANDS.replace("score N 795", "score N 695")) is not None


def test_the_minimum_follows_each_player_s_own_total() -> None:
    """002, 'Minimum points required for first meld': the minimum follows the points the player
    scored in previous hands. After hand 1, S has -135 and opens with 5-5-5 (15); N has 795 and
    6-6-6 (15) is short of 50."""
    assert replay_code(GAME_TWO_HANDS) is None
    refused_n = GAME_TWO_HANDS + "N draw 4h meld 6c 6d 6h discard 4h\n"
    assert replay_code(refused_n) == "open.below_minimum"


# --------------------------------------------------------------------------------------------
# Drawing one or two (002, 'The Play': the top card of the stock, or the two top cards by option)


def test_base_game_draws_one_card() -> None:
    """002, 'The Play': in the base game the turn begins with the card on top of the stock; two
    cards are the option, not the base."""
    text = drawing(n="9c 9h 4c", mn=Q7)
    assert refused(text, "draw 5c 6c") == "draw.too_many"
    assert refused(text, "draw 5c discard 4c") is None


def test_draw_two_option_takes_two_and_discards_one() -> None:
    """002, 'The Play' and 'Melding': with the option the player draws the two top cards of the
    stock; the turn still ends with one card on the pile (N: 3 + 2 - 1 = 4 cards)."""
    text = drawing("online-draw-two", n="9c 9h 4c", mn=Q7)
    assert refused(text, "draw 5c") == "draw.too_few"
    v = ruled_legal(text, "draw 5c 6c discard 4c")
    assert v.after is not None
    assert v.after.turn == 1 and v.after.hand_len[0] == 4
    assert len(v.after.pile) == 3


def test_draw_two_red_three_is_laid_out_and_replaced() -> None:
    """002, 'Special Cards': a red three from the stock is laid face up and another card drawn to
    replace it, with the two-card draw too: N draws 3d (replaced), 5c, 6c."""
    v = ruled_legal(drawing("online-draw-two", n="9c 9h 4c", mn=Q7), "draw 3d 5c 6c discard 4c")
    assert v.after is not None and v.after.hand_len[0] == 4
    assert v.after.red3[0] == list(cs("3d"))


def test_taking_the_pile_means_melding_its_top_card() -> None:
    """002, 'The Play': a player who takes the pile must meld; 'Taking the discard pile': the top
    card must go into a valid meld. One nine in hand and no meld of nines: no pickup."""
    text = drawing(n="9c 4c 8h", mn=Q7, pile="9s 7c 9d")
    assert refused(text, "take") == "pile.way_not_allowed"
    assert refused(text, "take with 9c") == "pile.way_not_allowed"


# --------------------------------------------------------------------------------------------
# Melding (002, 'Melding', 'Special Cards')


def test_a_meld_needs_three_cards() -> None:
    """002, 'Melding': a meld is three or more cards of a like value."""
    assert refused(two(n="5c 5d 8h 9h", mn=Q7), "meld 5c 5d") == "meld.too_small"


def test_a_meld_needs_two_natural_cards() -> None:
    """002, 'Melding': at least two of the cards of a meld must be natural: 5-2-2 is no meld."""
    assert refused(two(n="5c 2c 2d 8h 9h", mn=Q7), "meld 5c 2c 2d") == "meld.too_few_naturals"


def test_as_many_wild_as_natural_cards_is_allowed() -> None:
    """002, 'Special Cards': no more than three wild cards and never more wild than natural:
    5-5-5-2-2-2 (three of each) is on the right side of both limits."""
    assert refused(two(n="5c 5d 5h 2c 2d 2h 8h 9h", mn=Q7), "meld 5c 5d 5h 2c 2d 2h") is None


def test_a_canasta_holds_no_more_than_three_wild_cards() -> None:
    """002, 'Melding': a canasta may hold wild cards, but no more than three. A joker onto
    K-K-K-K-K-2-2-2 would make four wild cards to five naturals: not more wild than natural,
    but over the cap of three."""
    text = two(n="Jk 8h 9h", s="8c 8s Td Jh 5d 6h 4h", mn=Q7 + ", Kc Kd Kh Ks Kc 2c 2d 2h")
    assert refused(text, "add K: Jk") == "meld.too_many_wild"


def test_natural_or_wild_cards_may_be_added_to_melds() -> None:
    """002, 'Melding': in their turn a player may add natural or wild cards to their melds on the
    table: a two onto 5-5-5, a five onto it as well."""
    text = two(n="2c 5s 8h 9h", mn=Q7 + ", 5c 5d 5h")
    assert refused(text, "add 5: 2c 5s") is None


def test_no_two_separate_melds_of_one_rank() -> None:
    """002, 'Melding': a player may not have two separate melds of the same rank; cards of that
    rank go into the one meld ('automatically placed in a single meld'). Three kings laid as a
    new meld beside a meld of kings join it, as an add does: one meld of six kings, not two."""
    text = two(n="Kc Kd Kh 8h 9h", mn=Q7 + ", Ks Kd Kh")
    for move in ("meld Kc Kd Kh", "add K: Kc Kd Kh"):
        v = ruled_legal(text, move)
        assert v.after is not None
        assert sorted(m.size for m in v.after.melds[0].values()) == [6, 7]


def test_melds_kept_in_hand_earn_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """002, 'Melding': melds kept in hand earn no points; only melds on the table before the hand
    ends count. S holds seven jacks: no canasta bonus, and 70 off as cards in hand."""
    text = """[Variant "online"]

hand N:
hand S: Jc Jc Jd Jd Jh Jh Js
melds N: Qc Qd Qh Qs Qc Qd Qh
melds S: Ac Ad Ah
pile: 5s
out N
"""
    table = cli_score(capsys, tmp_path, text)
    assert table["Cards in hand"] == [0, -70]
    assert table["Natural canastas"] == [500, 0]
    assert table["Total"] == [70 + 500 + 100, 60 - 70]


# --------------------------------------------------------------------------------------------
# The first meld (002, 'The First Meld', 'Minimum points required for first meld')

_OPENINGS = {
    # the melds, their card points
    "meld 5c 5d 5h discard 8h": 15,
    "meld 6c 6d 6h, Kc Kd Ks 2c discard 8h": 65,
    "meld 6c 6d 6h, Ac Ad As 2c discard 8h": 95,
    "meld Ac Ad Ah 2c, Kc Kd Ks discard 8h": 110,
    "meld Ac Ad Ah 2c, Kc Kd Ks Jk discard 8h": 160,
}


@pytest.mark.parametrize(
    ("score", "minimum"),
    [("-5", 15), ("0", 50), ("1495", 50), ("1500", 90), ("2995", 90), ("3000", 120)],
)
def test_minimum_table_at_its_boundaries(score: str, minimum: int) -> None:
    """002, 'Minimum points required for first meld': negative score 15; 0-1495: 50; 1500-2995:
    90; 3000 or more: 120; one or several melds may reach it ('To meet the minimum ... more than
    one meld'). Each opening of 15, 65, 95, 110 and 160 is legal exactly when it reaches the
    minimum of the player's score."""
    for move, points in _OPENINGS.items():
        cards = " ".join(re.findall(r"\b(?:[2-9TJQKA][cdhs]|Jk)\b", move.split(" discard")[0]))
        text = two(n=cards + " 8h 9h", s=S_HAND, ms="", scores=f"N {score}, S 900")
        expected = None if points >= minimum else "open.below_minimum"
        assert refused(text, move) == expected, (move, points, minimum)


def test_a_canasta_in_hand_cannot_open_below_the_minimum() -> None:
    """002, 'The First Meld': a canasta already formed in hand may not be laid down until the
    minimum is met, and its bonus does not count: seven kings (70) at 1500 (90) are refused;
    seven aces (140) are enough."""
    kings = two(n="Kc Kd Kh Ks Kc Kd Kh 8h 9h", s="8c 8s Td Jc 5d 6h 4h", scores="N 1500, S 900")
    assert refused(kings, "meld Kc Kd Kh Ks Kc Kd Kh discard 8h") == "open.below_minimum"
    aces = two(n="Ac Ad Ah As Ac Ad Ah 8h 9h", ms="Kd Kh Ks", scores="N 1500, S 900")
    assert refused(aces, "meld Ac Ad Ah As Ac Ad Ah discard 8h") is None


def test_concealed_exception_at_120_with_a_mixed_canasta() -> None:
    """002, 'The First Meld': the one exception to the minimum: after drawing from the stock, a
    player who has melded nothing may lay down all the cards, even a canasta, whatever the
    minimum. At 3000 (120) a mixed canasta of fours and three fives (80 in all) go out; 'Bonus':
    mixed canasta 300, concealed 200."""
    text = two(n="4c 4d 4h 4s 4c 2c 2d 5c 5d 5h 6c", scores="N 3000, S 900")
    n, _ = hand_scores(text, "meld 4c 4d 4h 4s 4c 2c 2d, 5c 5d 5h discard 6c")
    assert breakdown(n) == {"Melds": 80, "Mixed canastas": 300, "Going out": 200, "Total": 580}


def test_concealed_exception_with_the_two_canasta_option() -> None:
    """002, 'The First Meld': with the two-canasta option the exception lays down 'two canastas'
    at once: 35 + 65 points at 1500 (90 needed, waived), natural 500, mixed 300, concealed 200."""
    text = two(
        "online-two-canastas",
        n="4c 4d 4h 4s 4c 4d 4h 5c 5d 5h 5s 5c 2c 2d 6c",
        s="8c 8s Td Jh 6d 6h 7h",
        scores="N 1500, S 900",
    )
    n, _ = hand_scores(text, "meld 4c 4d 4h 4s 4c 4d 4h, 5c 5d 5h 5s 5c 2c 2d discard 6c")
    assert breakdown(n) == {
        "Melds": 35 + 65,
        "Mixed canastas": 300,
        "Natural canastas": 500,
        "Going out": 200,
        "Total": 1100,
    }


def test_concealed_exception_needs_a_stock_draw() -> None:
    """002, 'The First Meld': the exception holds for a player who 'has already drawn cards from
    the stock' (pinned: the turn began with a stock draw). Taking the pile instead, the pickup
    must reach the minimum: the fours (30 with the top card) are short of 90."""
    text = drawing(
        n="4c 4d 4s 4c 4d 4h 5c 5d 5h 6c",
        s="8c 8s Td Jh 6d 6h 7h",
        pile="7c 4h",
        scores="N 1500, S 900",
    )
    assert refused(text, "take 4h with 4c 4d and 5c 5d 5h") == "open.below_minimum"


def test_all_melds_laid_at_once_with_the_pile_is_concealed() -> None:
    """002, 'Scoring': going out concealed is laying all the hand's melds at once. N takes a
    one-card pile with A-A (60 with the top ace, over 50), lays seven kings and is out: 200."""
    text = drawing(n="Ac Ad Kc Kd Ks Kh Kc Kd Kh", ms="9c 9d 9h", pile="Ah", scores="N 0, S 900")
    n, _ = hand_scores(text, "take with Ac Ad and Kc Kd Ks Kh Kc Kd Kh")
    assert (n.going_out, n.natural_canastas, n.total) == (200, 500, 60 + 70 + 500 + 200)


def test_a_player_who_melded_earlier_goes_out_unconcealed() -> None:
    """002, 'Scoring': a player who has already melded during the hand can only go out
    unconcealed: 100, even when the canasta goes down in the last turn."""
    text = two(n=Q7 + " 4c", mn="5c 5d 5h")
    n, _ = hand_scores(text, f"meld {Q7} discard 4c")
    assert breakdown(n) == {"Melds": 85, "Natural canastas": 500, "Going out": 100, "Total": 685}


# --------------------------------------------------------------------------------------------
# Special cards: black threes and wild cards on canastas (002, 'Special Cards')


def test_black_threes_are_not_melded_except_to_go_out() -> None:
    """002, 'Special Cards': black threes cannot make melds unless the player melds three or four
    of them to end the hand."""
    text = two(n="3c 3s 3c 8h 9h", mn=Q7)
    assert refused(text, "meld 3c 3s 3c") == "meld.black_threes.not_going_out"


def test_four_black_threes_melded_to_go_out_score_their_card_value() -> None:
    """002, 'Special Cards' and 'Cards Score': four black threes melded to end the hand; black
    threes are worth 5 each, so the melds count 70 + 20."""
    n, _ = hand_scores(two(n="3c 3s 3c 3s", mn=Q7), "meld 3c 3s 3c 3s")
    assert breakdown(n) == {"Melds": 90, "Natural canastas": 500, "Going out": 100, "Total": 690}


def test_black_three_meld_takes_no_wild_card_online() -> None:
    """002, 'Special Cards': a meld of black threes to end the hand may not contain wild cards
    (checked here under the online variant itself)."""
    text = two(n="3c 3s 2c 8h", mn=Q7)
    assert refused(text, "meld 3c 3s 2c discard 8h") == "meld.black_threes.wild"


def test_a_wild_card_makes_a_pure_canasta_mixed() -> None:
    """002, 'Special Cards': a wild card added to a pure canasta makes it mixed; 'Bonus': mixed
    300, not 500."""
    n, _ = hand_scores(two(n="2c 8h", mn=Q7), "add Q: 2c discard 8h")
    assert breakdown(n) == {"Melds": 90, "Mixed canastas": 300, "Going out": 100, "Total": 490}


def test_a_discarded_black_three_stops_the_other_player() -> None:
    """002, 'Special Cards': a discarded black three keeps the other player off the pile, even
    with a meld of the rank or a pair in hand."""
    text = drawing(n="3c 3s 8h 9h", mn=Q7, pile="7c 3s")
    assert refused(text, "take with 3c 3s") == "pile.top_black_three"


def test_a_covered_black_three_no_longer_stops() -> None:
    """002, 'Frozen Discard Pile' lists only wild cards and red threes as freezing, and 'Taking
    the discard pile' bars only a black three as the first card: once covered, a nine is taken
    with a nine and a joker."""
    text = drawing(n="9c Jk 8h", mn=Q7, pile="7c 3s 9d")
    assert refused(text, "take with 9c Jk") is None


# --------------------------------------------------------------------------------------------
# The frozen pile and taking it (002, 'Frozen Discard Pile', 'Taking the discard pile')


def test_pile_frozen_against_a_player_who_has_not_melded() -> None:
    """002, 'Frozen Discard Pile': the pile is frozen against a player who has not laid down a
    first meld, so a natural and a wild card do not take it; 'Taking the discard pile': two
    natural cards with the top card, and the minimum met (9-9-9 and K-K-K, 60)."""
    text = drawing(n="9c 9h Jk 8h Kc Kd Kh", scores="N 0, S 900")
    assert refused(text, "take with 9c Jk and Kc Kd Kh") == "pile.frozen.needs_natural_pair"
    assert refused(text, "take with 9c 9h and Kc Kd Kh") is None


def test_an_opening_pickup_below_the_minimum_is_refused() -> None:
    """002, 'Taking the discard pile': a player who has not melded takes the pile with two
    natural cards and the top card, meeting the minimum: 9-9-9 alone is 30, short of 50."""
    text = drawing(n="9c 9h 8h 4h", scores="N 0, S 900")
    assert refused(text, "take with 9c 9h") == "open.below_minimum"


def test_other_pile_cards_do_not_count_toward_the_first_meld() -> None:
    """002, 'Taking the discard pile': the meld is made with the first card drawn from the pile,
    without any other card of the pile: the king under the nine cannot complete K-K-K."""
    text = drawing(n="9c 9h 8h Kd Kh 4c", pile="Ks 4s 9d", scores="N 0, S 900")
    assert refused(text, "take with 9c 9h and Kd Kh Ks") == "open.buried_card"


def test_a_buried_card_does_not_make_the_pair() -> None:
    """002, 'Taking the discard pile': the meld with the first card uses no other pile card, so
    a nine in hand and a nine buried in the pile are not a pair."""
    text = drawing(n="9c 4c 8h", mn=Q7, pile="9s 7c 9d")
    assert refused(text, "take with 9c 9s") == "card.not_in_hand"


def test_unfrozen_pile_natural_and_wild_or_onto_a_meld() -> None:
    """002, 'Taking the discard pile': unfrozen, the top card may go into any valid meld (a nine
    and a joker: pinned as P's natural-and-wild) or be added to a meld of its rank."""
    assert refused(drawing(n="9c Jk 8h", mn=Q7, pile="7c 4s 9d"), "take with 9c Jk") is None
    text = drawing(n="9c 8h 4c", mn=Q7 + ", 9h 9s 9s", pile="7c 4s 9d")
    assert refused(text, "take") is None


def test_a_discarded_two_freezes_the_pile_for_a_melded_player() -> None:
    """002, 'Frozen Discard Pile': a discarded wild card freezes the pile against both players,
    even under other cards; only two natural cards matching the top card then take it, not a
    natural and a wild card, nor the top card onto a meld of its rank."""
    text = drawing(n="9c Jk 8h", mn=Q7 + ", 9h 9s 9s", pile="7c 2s 4s 9d")
    assert refused(text, "take with 9c Jk") == "pile.frozen.needs_natural_pair"
    assert refused(text, "take") == "pile.frozen.needs_natural_pair"
    pair = drawing(n="9c 9h 8h", mn=Q7, pile="7c 2s 4s 9d")
    assert refused(pair, "take with 9c 9h") is None


def test_a_red_three_upcard_freezes_the_pile_for_a_melded_player() -> None:
    """002, 'Frozen Discard Pile': a red three turned up at the start freezes the pile against
    both players: a melded player with a nine and a joker cannot take it."""
    text = drawing(n="9c Jk 8h", mn=Q7, pile="3h 7c 9d")
    assert refused(text, "take with 9c Jk") == "pile.frozen.needs_natural_pair"


def test_a_red_three_in_the_pile_is_laid_out_without_replacement(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """002, 'Special Cards': a red three in the pile (turned up at the deal and covered) is laid
    face up by whoever takes the pile, who draws no replacement: N keeps 4c and 8h, gets the
    seven, and holds three cards."""
    f = tmp_path / "p.pos"
    f.write_text(drawing(n="9c 9h 8h 4c", mn=Q7, pile="3h 7c 9d"))
    out = cli(capsys, "ruling", str(f), "take with 9c 9h", "--show")
    assert out.startswith("legal")
    assert "North lays down red three 3h" in out
    assert "hand N: 4c 7c 8h\n" in out
    assert "red N: 3h\n" in out


def test_the_frozen_pile_stays_frozen_under_other_cards() -> None:
    """002, 'Frozen Discard Pile': a discarded wild card freezes the pile for both players, and
    wild cards are set beside the pile so that it stays visibly frozen with other cards on top:
    after S discards a two, the pile is frozen for everyone two turns later, and N (7-Jk in hand)
    cannot take a seven with a wild card."""
    text = _record(
        deal_n="Kc Kd 7c Jk 4c 4d 4h 4s 4c 4d 4h 5c 5d 5h 6c",
        deal_s="Ks Kh 7d 7h 8c 8d 8h 9c 9d 9h Tc Td Th Jc Jd",
        upcard="Qc",
        rest="""frozen no
N draw Js discard 4c
S draw 2c discard 2c
frozen yes
N draw Jh discard 5c
frozen yes
S draw 7s discard 7s
frozen yes
""",
    )
    assert replay_code(text) is None
    assert replay_code(text + "N take with 7c Jk\n") == "pile.frozen.needs_natural_pair"


# --------------------------------------------------------------------------------------------
# Going out (002, 'End of a hand')


def test_no_going_out_without_a_canasta() -> None:
    """002, 'End of a hand': no player may go out or meld all the cards before melding a
    canasta; and a player must keep a card after discarding."""
    text = two(n="9c 9h 9s 4c", mn="Kc Kd Kh")
    assert refused(text, "meld 9c 9h 9s discard 4c") == "meld.keep_a_card"
    assert refused(two(n="9c 9h 9s", mn="Kc Kd Kh"), "meld 9c 9h 9s") == "out.canastas"


def test_keeping_one_card_after_the_discard_is_allowed() -> None:
    """002, 'End of a hand': players must play so that a card is left in their hand after the
    discard: melding 9-9-9 from five cards and discarding leaves one, which is fine."""
    assert refused(two(n="9c 9h 9s 4c 5c", mn="Kc Kd Kh"), "meld 9c 9h 9s discard 4c") is None


def test_going_out_by_melding_everything_or_all_but_one() -> None:
    """002, 'End of a hand': with a canasta the player goes out by melding all the cards, or all
    but one and discarding it; either way 100 for going out unconcealed ('Bonus')."""
    for move, hand in (("meld 9c 9h 9s", "9c 9h 9s"), ("meld 9c 9h 9s discard 4c", "9c 9h 9s 4c")):
        n, s = hand_scores(two(n=hand, mn=Q7), move)
        assert breakdown(n) == {
            "Melds": 100,
            "Natural canastas": 500,
            "Going out": 100,
            "Total": 700,
        }
        assert s.hands == -55


def test_the_canasta_may_be_completed_in_the_going_out_turn() -> None:
    """002, 'End of a hand': once a canasta is formed, the player who made it may go out: four
    kings onto K-K-K make the canasta and the last card is discarded."""
    n, _ = hand_scores(two(n="Kc Kd Ks Ks 4c", mn="Kh Kh Kd"), "add K: Kc Kd Ks Ks discard 4c")
    assert (n.natural_canastas, n.going_out) == (500, 100)


def test_two_canasta_option_with_two_canastas_goes_out() -> None:
    """002, 'End of a hand' (two-canasta option): with a natural and a mixed canasta down the
    player goes out: melds 70 + 90 + 30, natural 500, mixed 300, out 100."""
    text = two("online-two-canastas", n="9c 9h 9s 4c", mn=Q7 + ", Kc Kd Kh Ks Kc Kd 2c")
    n, _ = hand_scores(text, "meld 9c 9h 9s discard 4c")
    assert breakdown(n) == {
        "Melds": 180,
        "Mixed canastas": 300,
        "Natural canastas": 500,
        "Going out": 100,
        "Total": 1080,
    }


def test_two_canasta_option_second_canasta_in_the_last_turn() -> None:
    """002, 'End of a hand': 'once two canastas are formed' (the option), the player may go out:
    the seventh king completes the second canasta and the player discards the last card."""
    text = two("online-two-canastas", n="Kc 4c", mn=Q7 + ", Kh Kd Kh Ks Kc Kd")
    n, _ = hand_scores(text, "add K: Kc discard 4c")
    assert (n.natural_canastas, n.going_out) == (1000, 100)
    assert (
        refused(
            two("online-two-canastas", n="Kc 4c", mn=Q7 + ", Kh Kd Kh Ks Kc"),
            ("add K: Kc discard 4c"),
        )
        == "meld.keep_a_card"
    )


def test_ruling_under_both_canasta_options(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """002, 'End of a hand': one canasta or two to go out, by the option chosen: the same move is
    legal under ``online`` and refused under ``online-two-canastas``."""
    f = tmp_path / "p.pos"
    f.write_text(two(n="9c 9h 9s 4c", mn=Q7))
    code, out, _ = run_cli(
        capsys,
        "ruling",
        str(f),
        "meld 9c 9h 9s discard 4c",
        "--variant",
        "online",
        "--variant",
        "online-two-canastas",
    )
    assert code == 1
    lines = {
        line.split()[0]: line.split()[1:] for line in out.splitlines() if line.startswith("online")
    }
    assert lines["online"] == ["legal"]
    assert lines["online-two-canastas"][:2] == ["refused", "meld.keep_a_card"]


# --------------------------------------------------------------------------------------------
# The stock running out (002, 'End of a hand')

SHORT: dict[str, Any] = dict(s=S_SHORT, mn=Q7, rn="3d 3h", rs="3d 3h")


def test_the_last_drawer_may_still_go_out() -> None:
    """002, 'End of a hand': the hand ends when the turn of the player who took the last stock
    card is over, so that player may still go out in it and earn the 100."""
    text = drawing(n="9c 9h 5c", stock=1, **SHORT)
    n, s = hand_scores(text, "draw 9s meld 9c 9h 9s discard 5c")
    assert (n.going_out, n.red_threes, s.going_out) == (100, 200, 0)


def test_stock_out_red_threes_count_against_the_unmelded_player() -> None:
    """002, 'Scoring': red threes cost 100 each to a player who never melded, also when the hand
    ends with the stock: S, without a meld, loses 200 for two."""
    text = drawing(n="9c 9h 5c 4c", stock=1, **(SHORT | {"ms": ""}))
    n, s = hand_scores(text, "draw 9s meld 9c 9h 9s discard 5c")
    assert (n.going_out, n.hands, s.red_threes, s.melds) == (0, -5, -200, 0)


def test_a_red_three_as_the_last_card_ends_the_online_hand() -> None:
    """002, 'End of a hand': if the last stock card is a red three, it is laid out as usual and
    the hand ends at once: no meld, no discard. N ends with two red threes (200) and 35 in hand."""
    text = drawing(n="9c 9h 9s 5c", stock=1, **(SHORT | {"rn": "3d"}))
    assert refused(text, "draw 3h meld 9c 9h 9s") == "hand.over"
    assert refused(text, "draw 3h discard 5c") == "hand.over"
    n, _ = hand_scores(text, "draw 3h")
    assert (n.red_threes, n.going_out, n.hands) == (200, 0, -35)


def test_draw_two_ends_the_hand_when_one_card_is_left() -> None:
    """002, 'End of a hand': drawing two, the hand may also end with a single card left in the
    stock (pinned: it ends after the turn that left it); nobody scores for going out."""
    text = drawing("online-draw-two", n="9c 9h 4c", stock=3, **SHORT)
    n, s = hand_scores(text, "draw 5c 6c discard 4c")
    assert (n.going_out, s.going_out, n.hands) == (0, 0, -30)
    # In the base game the same turn leaves two cards and the hand goes on.
    base = drawing(n="9c 9h 4c", stock=3, **SHORT)
    v = ruled_legal(base, "draw 5c discard 4c")
    assert v.after is not None and not v.after.over


def test_draw_two_red_three_as_the_last_card_ends_at_once() -> None:
    """002, 'End of a hand': a red three as the last card taken from the stock ends the hand at
    once, also in the second card of a two-card draw; it counts as N's (melded) red three."""
    text = drawing("online-draw-two", n="9c 9h 9s 5c", stock=2, **(SHORT | {"rn": "3d"}))
    assert refused(text, "draw 5h 3h meld 9c 9h 9s") == "hand.over"
    n, _ = hand_scores(text, "draw 5h 3h")
    assert (n.red_threes, n.hands) == (200, -40)


# --------------------------------------------------------------------------------------------
# Scoring (002, 'Cards Score', 'Bonus', 'Scoring')


def test_card_values_left_in_hand(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """002, 'Cards Score': joker 50; ace and two 20; K to 8: 10; 7 to 4 and black threes 5. S
    holds one of each kind (125), subtracted from its score."""
    text = """[Variant "online"]

hand N:
hand S: Jk Ac 2c Kd 8h 7c 4d 3c
melds N: Qc Qd Qh Qs Qc Qd Qh
melds S: 9c 9d 9h
pile: 5s
out N
"""
    table = cli_score(capsys, tmp_path, text)
    assert table["Cards in hand"] == [0, -125]
    assert table["Total"] == [670, 30 - 125]


def test_every_bonus_in_one_hand(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """002, 'Bonus' and 'Scoring': melded cards plus 500 a pure canasta, 300 a mixed one, 800 for
    the four red threes of a player who melded, 100 for going out; cards in hand subtracted."""
    text = """[Variant "online"]

hand N:
hand S: 9d 4c Jk
melds N: Qc Qd Qh Qs Qc Qd Qh, Kc Kd Kh Ks 2c Kc 2d, 5c 5d 5h
red N: 3d 3h 3d 3h
melds S: Ac Ad Ah
pile: 5s
out N
"""
    table = cli_score(capsys, tmp_path, text)
    assert table["Melds"] == [70 + 90 + 15, 60]
    assert table["Mixed canastas"] == [300, 0]
    assert table["Natural canastas"] == [500, 0]
    assert table["Red threes"] == [800, 0]
    assert table["Going out"] == [100, 0]
    assert table["Total"] == [1875, 60 - 65]


@pytest.mark.parametrize(("melds_s", "expected"), [("", -300), ("Tc Td Th", 300)])
def test_three_red_threes_plus_or_minus(melds_s: str, expected: int) -> None:
    """002, 'Bonus' and 'Scoring': 100 a red three for a player who melded at least once; a
    player who never melded loses 100 a red three instead (three: -300 or +300)."""
    text = two(n="9c 9h 9s 4c", s="8c 8s", ms=melds_s, rs="3d 3h 3d", mn=Q7)
    _, s = hand_scores(text, "meld 9c 9h 9s discard 4c")
    assert s.red_threes == expected


def test_tally_concealed_200_and_a_lone_red_three_against(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """002, 'Bonus': 200 for going out concealed; 'Scoring': one red three of a player who never
    melded costs 100."""
    out = cli_tally(capsys, "online", "N m 300 n 1 x 1 concealed; S r 1 h 30")
    assert "totals after 1 hand: N 1300, S -130 (target 5000)" in out


def test_tally_four_red_threes_800_for_a_melded_player(capsys: pytest.CaptureFixture[str]) -> None:
    """002, 'Bonus': 800 for the four red threes when the player has melded; going out 100."""
    out = cli_tally(capsys, "online", "N m 200 n 1 r 4 out; S m 100 h 20")
    assert "totals after 1 hand: N 1600, S 80" in out


def test_tally_next_minimums_by_each_player_s_score(capsys: pytest.CaptureFixture[str]) -> None:
    """002, 'Minimum points required for first meld': a negative total asks 15, 1500 and over 90
    (N: 600 + 500 + 300 + 100 + 100 = 1600; S: -4 red threes unmelded and 30 in hand)."""
    out = cli_tally(capsys, "online", "N m 600 n 1 x 1 out; S r 4 h 30")
    assert "totals after 1 hand: N 1500, S -830" in out
    assert "minimum to open next hand: N 90, S 15" in out


def test_tally_3000_option_ends_at_exactly_3000(capsys: pytest.CaptureFixture[str]) -> None:
    """002, 'End of the game': with the 3,000 option the game ends when a player reaches 3,000;
    N at 3000 exactly wins over S at 2900. Under the 5,000 game the same hand goes on."""
    hand = "N m 1100 n 3 x 1 out; S m 1000 n 3 x 1 r 1"
    assert "result: North won, N 3000, S 2900" in cli_tally(capsys, "online-3000", hand)
    assert "totals after 1 hand: N 3000, S 2900 (target 5000)" in cli_tally(capsys, "online", hand)


def test_tally_both_reach_5000_the_higher_wins(capsys: pytest.CaptureFixture[str]) -> None:
    """002, 'End of the game': when either or both players reach 5,000 the game ends and the
    higher score wins: N 5000 and S 5100 after the second hand, S wins."""
    out = cli_tally(
        capsys,
        "online",
        "N m 1000 n 4 x 2 out; S m 1000 n 4 x 1",
        "N m 300 n 1 x 1 r 1; S m 500 n 1 x 2 r 1 out",
    )
    # hand 1: N 1000 + 2000 + 600 + 100 = 3700; S 1000 + 2000 + 300 = 3300
    # hand 2: N 300 + 500 + 300 + 100 = 1200 -> 4900; S 500 + 500 + 600 + 100 + 100 = 1800 -> 5100
    assert "result: South won, N 4900, S 5100" in out


# --------------------------------------------------------------------------------------------
# The variant tables and the rule sheets: every claim against 002


def test_variants_show_the_options(capsys: pytest.CaptureFixture[str]) -> None:
    """002, 'Objective', 'The Deal', 'The Play', 'End of a hand': 15 cards; draw one (option:
    two); one canasta (option: two); 5000 in the base (option: 3000)."""
    expected = {
        "online": ("1 card", "1 canasta", "5000 points"),
        "online-draw-two": ("2 cards", "1 canasta", "5000 points"),
        "online-two-canastas": ("1 card", "2 canastas", "5000 points"),
        "online-3000": ("1 card", "1 canasta", "3000 points"),
    }
    for name, (draw, canastas, target) in expected.items():
        values = {
            k: v for k, (v, _) in shown_settings(cli(capsys, "variants", "show", name)).items()
        }
        assert (values["draw.count"], values["going_out.canastas"], values["game.target"]) == (
            draw,
            canastas,
            target,
        ), name
        assert values["seating"] == "2 players, each alone, 15 cards each"
        assert values["melds.max_wild"] == "3 wild cards"
        assert values["melds.wild_not_more_than_natural"] == "yes"
        assert values["pile.frozen_before_opening"] == "until the player has melded"


def test_each_option_differs_from_the_base_in_its_own_parameter(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """002 names three options (3000/5000, one or two drawn, one or two canastas); each option
    variant changes only that rule of the base."""
    cases = {
        "online-3000": {"game.target"},
        "online-two-canastas": {"going_out.canastas"},
        "online-draw-two": {"draw.count", "draw.short_stock"},
    }
    for name, params in cases.items():
        listed = set(diff_settings(cli(capsys, "variants", "diff", "online", name)))
        assert listed == params, name


def test_rule_sheet_deal_and_cards(capsys: pytest.CaptureFixture[str]) -> None:
    """002, 'Introduction', 'The Deal', 'Cards Score': 108 cards, 15 each, and the card values."""
    text = sheet(capsys, "online")
    assert "108 cards in all. [002]" in text
    assert "each is dealt 15 cards" in text
    for row in (
        "Joker 50 002",
        "Two and ace 20 002",
        "King to eight 10 002",
        "Seven to four and black three 5 002",
    ):
        assert row in text


def test_rule_sheet_melds(capsys: pytest.CaptureFixture[str]) -> None:
    """002, 'Melding' and 'Special Cards': three cards, two natural, at most three wild, never
    more wild than natural, canastas of seven with the same limits, a wild card making a pure
    canasta mixed."""
    text = sheet(capsys, "online")
    for claim in (
        "A new meld needs at least three cards. [002]",
        "Every meld must hold at least two natural cards",
        "A meld may hold at most three wild cards. [002]",
        "A meld may never hold more wild cards than natural ones, so 5-5-2-2-2 is not a meld. "
        "[002]",
        "A meld of 7 or more cards, at least 4 of them natural, is a canasta. [002]",
        "a wild card added to a natural canasta makes it mixed. [002]",
        "a canasta too may hold at most three wild cards. [002]",
    ):
        assert claim in text, claim


def test_rule_sheet_minimum_table(capsys: pytest.CaptureFixture[str]) -> None:
    """002, 'Minimum points required for first meld': 15 / 50 / 90 / 120 by the player's score;
    the top card only from the pile; bonuses and red threes do not count."""
    text = sheet(capsys, "online")
    assert "below 0 (a negative score) 15 0 to 1499 50 1500 to 2999 90 3000 and above 120" in text
    assert "bonuses and red threes do not count" in text
    assert (
        "may use the pile's top card toward the minimum, but none of the cards beneath it" in text
    )


def test_rule_sheet_pile_and_threes(capsys: pytest.CaptureFixture[str]) -> None:
    """002, 'Frozen Discard Pile', 'Taking the discard pile', 'Special Cards': frozen only with a
    natural pair; frozen against a player who has not melded; black threes stop; red threes from
    the pile without replacement; 100 each, 800 for four, minus for a player who never melded."""
    text = sheet(capsys, "online")
    for claim in (
        "While it is frozen, only with two natural cards of its rank from their hand. [002]",
        "Until a player has melded cards themself, the pile counts as frozen against them.",
        "Red threes found in a discard pile a player takes are laid down too, without "
        "replacement. [002]",
        "100 each; all four together 800. [002]",
        "If the side has made no meld at all by the end of the hand, its red threes count that "
        "much against it instead. [002]",
        "three or more of them together, with no wild card. [002]",
    ):
        assert claim in text, claim


def test_rule_sheet_going_out_and_scoring(capsys: pytest.CaptureFixture[str]) -> None:
    """002, 'End of a hand', 'Bonus', 'End of the game': one canasta to go out, meld all or all
    but one; 100 / 200; 500 / 300; the stock rule; 5000 and the higher score."""
    text = sheet(capsys, "online")
    for claim in (
        "A player may go out only when their side has at least one canasta",
        "melding them all, or melding all but one and discarding it. [002]",
        "Going out concealed earns 200 instead of 100. [002]",
        "Natural canasta (no wild card) 500 002",
        "Mixed canasta (with wild cards) 300 002",
        "When a player draws the last card of the stock, they play out that turn",
        "reached 5000 or more, the game ends.",
        "The side with the highest total wins",
    ):
        assert claim in text, claim


def test_rule_sheets_of_the_options(capsys: pytest.CaptureFixture[str]) -> None:
    """002's options, each in its own sheet: two cards drawn and one discarded; two canastas to
    go out; 3000 to win."""
    draw_two = sheet(capsys, "online-draw-two")
    assert "the player takes the top two cards of the stock" in draw_two
    assert "Drawing two does not change the discard: it is still one card. [002]" in draw_two
    assert "when a turn leaves fewer cards in the stock than a draw takes" in draw_two
    assert "at least two canastas" in sheet(capsys, "online-two-canastas")
    assert "reached 3000 or more, the game ends. [002]" in sheet(capsys, "online-3000")


def test_rule_sheet_marks_as_pinned_what_002_does_not_say(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """002 is silent on the one-card pickup, the dealer, the cut and ties, and names no default
    target: the sheet must not credit these to 002 but mark them as pinned readings."""
    text = sheet(capsys, "online")
    for claim in (
        "A player holding a single card may not take a pile of a single card. [pinned",
        "The dealer shuffles the pack and deals. [pinned",
        "The pack is not cut. [pinned",
        "reached 5000 or more, the game ends. [pinned",
        "If the winning totals are equal, another hand is played. [pinned",
    ):
        assert claim in text, claim


def test_quick_reference_cards_of_the_options(capsys: pytest.CaptureFixture[str]) -> None:
    """002's options on the one-page quick reference (``rules --card``, its Markdown table
    rows): two cards drawn and one discarded; two canastas to go out; 3000 to win; in every one
    15 cards each from 108, and a meld of three, two natural, at most three wild and never more
    wild than natural."""

    def card(variant: str) -> set[str]:
        return set(cli(capsys, "rules", variant, "--card").splitlines())

    turn = "| Turn | draw {} from the stock or take the pile; meld; discard 1 | 002 |"
    assert turn.format(2) in card("online-draw-two")
    base = card("online")
    assert turn.format(1) in base
    assert "| Game | to 3000 | 002 |" in card("online-3000")
    assert "| Game | to 5000 | pinned |" in base
    assert any(
        r.startswith("| Going out | needs two canastas;") for r in card("online-two-canastas")
    )
    assert "| Players | 2 players, each alone, 15 cards each | 002 |" in base
    assert "| Pack | 108 cards: 2 packs + 4 jokers | 002 |" in base
    meld = "3+ cards of one rank, 2+ natural, at most 3 wild, never more wild than natural"
    assert f"| Meld | {meld} | 002 |" in base
