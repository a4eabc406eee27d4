"""A sentence-by-sentence audit of one source, 000_1e7ce48765e073b7.txt (an encyclopedia-style
summary of classic partnership Canasta), against the built-in variant that follows it,
``encyclopedia``.

Every test reads one rule statement of 000 (paraphrased in its docstring) and checks what the
engine or the command line does with it: a ruling on a position, a replayed record, a score, a
tally, or a line of the generated rule sheet (``canasta rules encyclopedia``). Where 000 is
silent or contradicts itself the variant pins a reading (its provenance notes, and
RULE-PARAMETERS.md section 3); such tests say so. Cases already in
tests/test_audit_source_rulings.py are not repeated here.
"""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest
from helpers import breakdown, hand_scores, refused, replay_error, ruling, run_cli, scored

from canasta_rules.errors import CanastaError
from canasta_rules.notation import parse, read_position, replay

Capsys = pytest.CaptureFixture[str]

V = "encyclopedia"
QUEENS = "Qc Qd Qh Qs Qc Qd Qh"  # a natural canasta, so that the side may go out
CARD = re.compile(r"\b(?:[2-9TJQKA][cdhs]|Jk)\b")
PACK = 108


def pos(
    *,
    n: str,
    e: str = "8c 9c Td Jh Kc",
    s: str = "8s 9s Th Jc Kh",
    w: str = "8d 9h Ts Jd Ks",
    ns: str = "",
    ew: str = "Ad Ah As 2h",
    red_ns: str = "",
    red_ew: str = "",
    melded: str | None = None,
    pile: str = "7c 9d",
    stock: int | None = None,
    to_move: str = "N play",
    scores: str = "NS 1200, EW 900",
) -> str:
    """A four-player ``encyclopedia`` position. ``stock=k``: a stock of k unseen cards, and every
    other unwritten card lies unseen at the bottom of the pile. A ``play`` position has drawn
    from the stock; a ``draw`` position has no ``turn:`` line."""
    body = [f"hand N: {n}", f"hand E: {e}", f"hand S: {s}", f"hand W: {w}"]
    for label, cards in (
        ("melds NS", ns),
        ("melds EW", ew),
        ("red NS", red_ns),
        ("red EW", red_ew),
    ):
        if cards:
            body.append(f"{label}: {cards}")
    if melded is not None:
        body.append(f"melded: {melded}")
    if stock is None:
        body.append(f"pile: {pile}")
    else:
        written = len(CARD.findall("\n".join(body) + " " + pile))
        body.append(f"pile: {PACK - written - stock} unseen, {pile}")
        body.append(f"stock {stock}")
    if to_move.endswith("play"):
        body.append("turn: drew stock")
    body.append(f"to move: {to_move}")
    return f'[Variant "{V}"]\n[Scores "{scores}"]\n\n' + "\n".join(body) + "\n"


def out_n(ns: str, ew: str = "Kc Kd Kh", *, s: str = "8s 4s", reds: str = "") -> str:
    """A finished hand: North has gone out (not concealed)."""
    lines = [
        f'[Variant "{V}"]',
        "",
        "hand N:",
        f"hand S: {s}",
        "hand E: 8c 4c Td",
        "hand W: 8d 4h Ts",
    ]
    lines.append(f"melds NS: {ns}")
    if ew:
        lines.append(f"melds EW: {ew}")
    if reds:
        lines.append(reds)
    lines += ["pile: 7c", "out N"]
    return "\n".join(lines) + "\n"


def record(deal_n: str, upcard: str, *turns: str, dealer: str = "W") -> str:
    return (
        "\n".join(
            [
                f'[Variant "{V}"]',
                "",
                f"hand 1 dealer {dealer}",
                f"deal N: {deal_n}",
                "deal E: 4h 4s 5h 5s 6h 6s 7h 7s 8h 8s 9d",
                "deal S: Tc Td Th Ts Jc Jd Jh Js Qc Qd Qh",
                "deal W: Kc Kd Kh Ks Ac Ad Ah As 9h 9s Qs",
                f"upcard {upcard}",
                *turns,
            ]
        )
        + "\n"
    )


N_DEAL = "4c 4d 5c 5d 6c 6d 7c 7d 8c 8d 9c"


def cli(capsys: Capsys, *args: str) -> tuple[int, str]:
    code, out, err = run_cli(capsys, *args)
    return code, out + err


@pytest.fixture(scope="module")
def sheet() -> str:
    """The generated rule sheet of ``encyclopedia`` (plain text), its words joined by single
    spaces so that a sentence wrapped over two lines reads as one."""
    import contextlib
    import io

    from canasta_rules.cli import main

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf), contextlib.suppress(SystemExit):
        main(["rules", V, "-f", "txt"])
    return " ".join(buf.getvalue().split())


# --------------------------------------------------------------------------------------------
# The deal (000, second and third paragraphs)


def test_000_each_player_is_dealt_eleven_cards() -> None:
    """000, dealing: the dealer gives 11 cards to each player. A written deal of ten is refused
    when the record is read."""
    assert replay_error(record(N_DEAL, "Tc")) is None
    short = record("4c 4d 5c 5d 6c 6d 7c 7d 8c 8d", "Tc")
    err = replay_error(short)
    assert err is not None and "North holds 10 cards; this variant deals 11" in err


def test_000_the_deal_rotates_clockwise(capsys: Capsys) -> None:
    """000, dealing: after every hand the deal moves on clockwise (N, E, S, W go clockwise in the
    notation). A bot game shows each hand's dealer one seat on from the last."""
    code, out = cli(capsys, "record", V, "--seed", "3", "--seeded-deals")
    assert code == 0, out
    dealers = re.findall(r"^hand \d+ dealer ([NESW])", out, re.M)
    assert len(dealers) >= 3
    order = "NESW"
    for a, b in itertools.pairwise(dealers):
        assert order[(order.index(a) + 1) % 4] == b


def test_000_the_first_dealer_is_chosen_at_random(capsys: Capsys) -> None:
    """000, dealing: the first dealer is picked at random (here: by the game's seed, so that
    different seeds give different first dealers)."""
    firsts = set()
    for seed in range(8):
        code, out = cli(capsys, "record", V, "--seed", str(seed), "--seeded-deals")
        assert code == 0, out
        firsts.add(re.search(r"^hand 1 dealer ([NESW])", out, re.M).group(1))  # type: ignore[union-attr]
    assert len(firsts) > 1


def test_000_a_turned_red_three_or_wild_card_is_covered_and_freezes() -> None:
    """000, the first upcard: a red three or a wild card turned up freezes the pile, and further
    stock cards are turned onto it until the top is neither. Here a two and a red three are
    covered by a ten; the record's 'frozen yes' assertion holds after two turns."""
    text = record(N_DEAL, "2c 3d Tc", "frozen yes", "N draw 4c discard 9c", "E draw 4h discard 9d")
    assert replay_error(text + "frozen yes\n") is None
    assert replay_error(text + "frozen no\n") is not None


def test_000_turning_stops_once_the_top_is_neither_red_three_nor_wild() -> None:
    """000, the first upcard: cards are turned only while the top is a red three or a wild card,
    so a two left on top of the starting pile is impossible."""
    err = replay_error(record(N_DEAL, "2c"))
    assert err is not None and "2c would have been covered by another upcard" in err
    err = replay_error(record(N_DEAL, "3h"))
    assert err is not None and "covered" in err


def test_000_a_black_three_upcard_stays_and_does_not_freeze() -> None:
    """000, the first upcard: only a red three or a wild card is covered or freezes the pile; a
    black three turned up stays on top, and the pile is not frozen."""
    assert replay_error(record(N_DEAL, "3s", "frozen no")) is None


def test_000_an_ordinary_upcard_leaves_the_pile_unfrozen() -> None:
    """000, the first upcard: the pile starts frozen only after a red three or a wild card."""
    assert replay_error(record(N_DEAL, "Tc", "frozen no")) is None
    assert replay_error(record(N_DEAL, "Tc", "frozen yes")) is not None


def test_000_a_dealt_red_three_goes_down_at_once_and_is_replaced() -> None:
    """000: a player dealt a red three must put it on the table for the team at once and draw
    a replacement. The written deal puts it before the bar; North still holds eleven cards and
    the side has the red three before anyone plays."""
    rep = replay(parse(record("3h | " + N_DEAL, "Tc")))
    start = rep.hands[0].start
    assert start.hand_len[0] == 11
    assert len(start.red3[0]) == 1 and len(start.red3[1]) == 0


def test_000_a_red_three_cannot_stay_in_a_hand() -> None:
    """000: a dealt red three goes to the table immediately, so a position that shows one in a
    player's hand is refused when read."""
    with pytest.raises(CanastaError, match="red three"):
        read_position(parse(pos(n="3h 5c 6d 8h", ns=QUEENS)))


# --------------------------------------------------------------------------------------------
# A turn (000, fifth paragraph)


def test_000_any_number_of_melds_in_one_turn() -> None:
    """000: after drawing, the player may lay as many legal melds as wished."""
    text = pos(n="6c 6d 6h 5c 5d 5h 4d 4h 4s 7d 7h", ns="Qc Qd Qh")
    assert refused(text, "meld 6c 6d 6h, 5c 5d 5h, 4d 4h 4s discard 7d") is None


def test_000_the_discard_ends_the_turn() -> None:
    """000: the turn ends when the player discards one card; nothing more may follow in it (a
    second discard, or a meld, belongs to no turn of this player's: turn.over, where it once
    read as the next player's move and was refused for want of that player's draw)."""
    text = pos(n="6c 6d 6h 5c 5d 5h 4d 4h 4s 7d 7h", ns="Qc Qd Qh")
    assert refused(text, "discard 7d discard 7h") == "turn.over"
    assert refused(text, "discard 7d meld 6c 6d 6h") == "turn.over"


# --------------------------------------------------------------------------------------------
# Melds: the examples of 000 (E2), by rulings


MELD_HAND = "5c 5d 2c 2d 9c 9d 9h 2h 2s Jk 8h 4d"


@pytest.mark.parametrize("meld", ["5c 5d 2c", "9c 9d 9h 2h 2s Jk"])
def test_000_e2_legal_melds(meld: str) -> None:
    """000, melds: 5-5-2 and 9-9-9-2-2-Joker are given as legal melds."""
    assert refused(pos(n=MELD_HAND, ns=QUEENS), f"meld {meld}") is None


def test_000_e2_five_two_two_has_one_natural() -> None:
    """000, melds: 5-2-2 is not a meld, having only one natural card."""
    assert refused(pos(n=MELD_HAND, ns=QUEENS), "meld 5c 2c 2d") == "meld.too_few_naturals"


def test_000_e2_four_wild_cards_are_too_many() -> None:
    """000, melds: 9-9-2-2-2-Joker is not a meld, holding more than three wild cards."""
    assert refused(pos(n=MELD_HAND, ns=QUEENS), "meld 9c 9d 2c 2d 2h Jk") == "meld.too_many_wild"


def test_000_the_wild_cap_binds_later_additions() -> None:
    """000, melds: a meld may never hold more than three wild cards, so a fourth may not be
    added to 9-9-9-2-2-Joker later either."""
    text = pos(n="2c 5c 6d 8h", ns=f"{QUEENS}, 9c 9d 9h 2h 2s Jk")
    assert refused(text, "add 9: 2c") == "meld.too_many_wild"


def test_000_two_naturals_and_three_wild_cards_are_a_meld() -> None:
    """000, melds: only 'at least two natural cards' and 'never more than three wild cards' are
    stated, so 5-5-2-2-2 is legal (the variant's reading, RULE-PARAMETERS.md max_wild row)."""
    assert refused(pos(n=MELD_HAND, ns=QUEENS), "meld 5c 5d 2c 2d 2h") is None


def test_000_wild_cards_alone_are_no_meld() -> None:
    """000, melds: a meld needs two natural cards, so 2-2-Joker is refused."""
    assert refused(pos(n=MELD_HAND, ns=QUEENS), "meld 2c 2d Jk") == "meld.all_wild"


# --------------------------------------------------------------------------------------------
# Canastas (000, 'A canasta is a meld of at least seven cards')


def test_000_the_wild_cap_still_binds_a_canasta() -> None:
    """000: the three-wild limit is stated for every meld, so a canasta holding three wild cards
    takes no fourth; the third one, which completes the canasta, is fine."""
    assert refused(pos(n="2c 5c 6d 8h", ns="Kc Kd Kh Ks 2d 2h Jk"), "add K: 2c") == (
        "meld.too_many_wild"
    )
    assert refused(pos(n="2c 5c 6d 8h", ns="Kc Kd Kh Ks 2d 2h"), "add K: 2c") is None


def test_000_natural_canasta_500_mixed_300() -> None:
    """000, canastas and bonus table: a natural (clean) canasta has only natural cards and earns
    500; a mixed (dirty) one has natural and wild cards and earns 300. Both kinds here: kings
    7 x 10 = 70, queens 6 x 10 + 2 = 80."""
    ns, _ = scored(out_n("Kc Kd Kh Ks Kc Kd Kh, Qc Qd Qh Qs Qc Qd 2c", ew="5c 5d 5h"))
    assert breakdown(ns) == {
        "Melds": 150,
        "Cards in hand": -15,
        "Mixed canastas": 300,
        "Natural canastas": 500,
        "Going out": 100,
        "Total": 1035,
    }


def test_000_a_canasta_may_hold_more_than_seven_cards() -> None:
    """000: a canasta is a meld of at least seven cards; E3's eight nines are one natural
    canasta (80 + 500)."""
    ns, _ = scored(out_n("9c 9d 9h 9s 9c 9d 9h 9s", ew="5c 5d 5h"))
    assert (ns.melds, ns.natural_canastas, ns.mixed_canastas) == (80, 500, 0)


def test_000_a_wild_card_in_a_canasta_makes_it_mixed() -> None:
    """000: a natural canasta is one of only natural cards; with a wild card among them it is
    mixed (both natural and wild), so eight nines and a two earn 300, not 500."""
    ns, _ = scored(out_n("9c 9d 9h 9s 9c 9d 9h 9s 2c", ew="5c 5d 5h"))
    assert (ns.melds, ns.natural_canastas, ns.mixed_canastas) == (100, 0, 300)


def test_000_six_cards_are_no_canasta() -> None:
    """000: a canasta needs at least seven cards. A side whose best meld is Q-Q-Q-Q-2-2 earns no
    canasta bonus when the stock runs out (the hand ends with nobody out)."""
    text = stock_out(
        n="9c 5c 6d 7d", ns="Qc Qd Qh Qs 2c 2d", pile="7c 9d", w="8d Ts Jd Ks 4h 2s Jk Jk Jk Jk"
    )
    ns, _ = hand_scores(text, "draw")
    assert (ns.natural_canastas, ns.mixed_canastas, ns.going_out) == (0, 0, 0)
    assert ns.melds == 80


# --------------------------------------------------------------------------------------------
# The initial meld: the table and its example at 1600 (E1)


E1_HAND = "6c 6d 6h Kc Kd Ks 2c Ac Ad Ah 2d 8h"
E1_KINGS = "meld 6c 6d 6h, Kc Kd Ks 2c discard 8h"  # 15 + 50 = 65
E1_ACES = "meld 6c 6d 6h, Ac Ad Ah 2d discard 8h"  # 15 + 60 + 20 = 95


def e1(score: int) -> str:
    return pos(n=E1_HAND, ew="Qc Qd Qh", scores=f"NS {score}, EW 900")


def test_000_e1_at_1600_the_kings_count_65_and_fail() -> None:
    """000, initial-meld example: at a team score of 1600 the requirement is 90, and 6-6-6 with
    K-K-K-2 counts only 65, so it cannot be made."""
    v = ruling(e1(1600), E1_KINGS)
    assert v.refusal is not None and v.refusal.code == "open.below_minimum"
    assert "count 65, short of its minimum 90" in v.text


def test_000_e1_at_1600_the_aces_count_95_and_open() -> None:
    """000, initial-meld example: 6-6-6 with A-A-A-2 counts 95 and may be played at 1600."""
    assert refused(e1(1600), E1_ACES) is None


@pytest.mark.parametrize("score", [0, 1499])
def test_000_e1_below_1500_both_open(score: int) -> None:
    """000, initial-meld example: below 1500 both initial melds could be played (minimum 50)."""
    assert refused(e1(score), E1_KINGS) is None
    assert refused(e1(score), E1_ACES) is None


@pytest.mark.parametrize("score", [3000, 4990])
def test_000_e1_at_3000_or_more_neither_opens(score: int) -> None:
    """000, initial-meld example: at 3000 or higher (minimum 120) neither could be played; the
    table's last tier has no upper end."""
    for move, count in ((E1_KINGS, 65), (E1_ACES, 95)):
        v = ruling(e1(score), move)
        assert v.refusal is not None and v.refusal.code == "open.below_minimum"
        assert f"count {count}, short of its minimum 120" in v.text


def test_000_2999_is_still_the_90_tier() -> None:
    """000, minimum table: 1500-2999 needs 90, so at 2999 the aces (95) open and the kings (65)
    do not."""
    assert refused(e1(2999), E1_ACES) is None
    assert refused(e1(2999), E1_KINGS) == "open.below_minimum"


def test_000_below_zero_the_minimum_is_15_and_at_zero_50() -> None:
    """000, minimum table: a team score below 0 needs 15 (three fours open), 0 needs 50."""
    hand = "4c 4d 4h 8h 9d"
    assert refused(pos(n=hand, ew="Qc Qd Qh", scores="NS -5, EW 0"), "meld 4c 4d 4h") is None
    assert refused(pos(n=hand, ew="Qc Qd Qh", scores="NS 0, EW 0"), "meld 4c 4d 4h") == (
        "open.below_minimum"
    )


def test_000_the_minimum_follows_the_team_s_own_score() -> None:
    """000, minimum table: the minimum is read from the player's team score; the opponents'
    3500 does not raise North-South's 50."""
    text = pos(n=E1_HAND, ew="Qc Qd Qh", scores="NS 1200, EW 3500")
    assert refused(text, E1_KINGS) is None


def test_000_the_minimum_binds_only_before_the_team_has_melded() -> None:
    """000: the requirement is for a team that has not yet made any melds in the hand; at 3000,
    once partner has melded, three fours (15) may be laid."""
    text = pos(n="4c 4d 4h 8h 9d", ns="Kc Kd Kh", ew="Qc Qd Qh", scores="NS 3000, EW 0")
    assert refused(text, "meld 4c 4d 4h") is None


# --------------------------------------------------------------------------------------------
# The discard pile and freezing


def pile_pos(pile: str, ns: str = "Qc Qd Qh Qs, 6s 6s 6d") -> str:
    return pos(n="6c 6h Jk 5c 4d 8h", ns=ns, pile=pile, to_move="N draw")


def test_000_a_discarded_wild_card_freezes_the_pile_against_a_meld_of_the_rank() -> None:
    """000: with a wild card discarded into it, the pile is frozen and is taken only by melding
    the top card with two natural cards of its rank from hand: not onto the side's meld of sixes,
    not with a natural six and a joker; two natural sixes do take it."""
    text = pile_pos("7c 2s 6d")
    assert refused(text, "take") == "pile.frozen.needs_natural_pair"
    assert refused(text, "take with 6c Jk") == "pile.frozen.needs_natural_pair"
    assert refused(text, "take with 6c 6h") is None


@pytest.mark.parametrize("move", ["take with 6c 6h", "take with 6c Jk", "take"])
def test_000_unfrozen_pile_for_an_opened_side(move: str) -> None:
    """000 defines only how a frozen pile is taken; the variant pins P/001's three ways for an
    unfrozen one (a natural pair, a natural and a wild card, the top card onto the side's meld).
    With no wild card in the pile and the side opened, each works."""
    assert refused(pile_pos("7c 4s 6d"), move) is None


def test_000_the_pile_is_frozen_for_a_team_that_has_not_melded() -> None:
    """000: if the player's team has made no melds, the pile is frozen for that team: a nine and
    a joker may not take it, though there is no wild card in it."""
    text = pos(n="9c 9h Jk Kc Kd Ks 5c", ns="", ew="Qc Qd Qh", pile="7c 4s 9d", to_move="N draw")
    v = ruling(text, "take with 9c Jk and Kc Kd Ks")
    assert v.refusal is not None and v.refusal.code == "pile.frozen.needs_natural_pair"
    assert "until it has melded" in v.text


def test_000_the_same_pile_is_not_frozen_for_the_opened_team() -> None:
    """000: the freeze for a team without melds is that team's alone; East-West, who have
    melded, take the same pile with a nine and a joker."""
    text = pos(
        n="8h 5c", ns="", e="9c Jk 5d 6d 8c", ew="Qc Qd Qh", pile="7c 4s 9d", to_move="E draw"
    )
    assert refused(text, "take with 9c Jk") is None


def test_000_opening_with_the_pile_must_reach_the_minimum() -> None:
    """000: a team without melds must meet the initial-meld requirement using the top card to
    take the pile: 9-9 with the top nine is 30 (short of 50), with K-K-K as well 60."""
    text = pos(
        n="9c 9h Jk Kc Kd Ks 5c",
        ns="",
        ew="Qc Qd Qh",
        pile="7c 4s 9d",
        to_move="N draw",
        scores="NS 0, EW 0",
    )
    v = ruling(text, "take with 9c 9h")
    assert v.refusal is not None and v.refusal.code == "open.below_minimum"
    assert "cards buried in the pile do not count" in v.text
    assert refused(text, "take with 9c 9h and Kc Kd Ks") is None


def test_000_a_wild_card_on_top_cannot_be_taken() -> None:
    """000: a wild card on top of the pile may not be picked up, even with two wild cards."""
    text = pos(n="2c Jk 5c 6d 8h", ns="Qc Qd Qh Qs", pile="7c 9d Jk", to_move="N draw")
    assert refused(text, "take with 2c Jk") == "pile.top_wild"


def test_000_a_covered_black_three_leaves_the_pile_unfrozen() -> None:
    """000 gives a black three no freezing effect: it blocks only while on top. Covered by a
    nine, it lets a nine and a joker take the pile (unfrozen ways as pinned)."""
    text = pos(n="9c Jk 5c 6d 8h", ns="Qc Qd Qh Qs", pile="7c 3s 9d", to_move="N draw")
    assert refused(text, "take with 9c Jk") is None


# --------------------------------------------------------------------------------------------
# Black threes


def test_000_no_wild_cards_in_a_meld_of_black_threes() -> None:
    """000: wild cards may not be used in a meld of black threes, even when going out."""
    text = pos(n="3c 3s 2d 4d", ns=QUEENS)
    assert refused(text, "meld 3c 3s 2d discard 4d") == "meld.black_threes.wild"


def test_000_four_black_threes_melded_to_go_out() -> None:
    """000: black threes are melded as the last play before going out; four of them may be."""
    text = pos(n="3c 3s 3c 3s 4d", ns=QUEENS)
    v = ruling(text, "meld 3c 3s 3c 3s discard 4d")
    assert v.legal and v.after is not None and v.after.over


def test_000_e3_black_threes_melded_count_five_each() -> None:
    """000, card values and E3: black threes are worth 5; North-South's melded 3-3-3 counts 15
    of their 305."""
    ns, _ = scored(out_n(f"{QUEENS}, 3c 3s 3s", ew="5c 5d 5h"))
    assert ns.melds == 70 + 15


# --------------------------------------------------------------------------------------------
# Going out, permission, concealed


def test_000_the_hand_ends_when_a_player_goes_out() -> None:
    """000: the hand ends immediately when a player goes out; the going-out bonus is 100."""
    text = pos(n="6c 6d 6h 4d", ns=QUEENS)
    ns, _ = hand_scores(text, "meld 6c 6d 6h discard 4d")
    assert ns.going_out == 100


def test_000_a_yes_obliges_the_player_to_go_out() -> None:
    """000: if the partner answers yes, the player must go out this turn."""
    text = pos(n="6c 6d 6h 5c 5d 5h 4d", ns=QUEENS)
    assert refused(text, "ask yes meld 6c 6d 6h discard 4d") == "out.permission_obliges"
    assert refused(text, "ask yes meld 6c 6d 6h, 5c 5d 5h discard 4d") is None


def test_000_after_a_no_the_turn_goes_on_as_usual() -> None:
    """000: a refusal bars going out this turn only; the player melds and discards as usual."""
    text = pos(n="6c 6d 6h 5c 5d 5h 4d", ns=QUEENS)
    assert refused(text, "ask no meld 6c 6d 6h discard 4d") is None


def test_000_asking_after_melding() -> None:
    """000 names no moment for the question ('when considering going out'): the variant lets a
    player ask after melding too."""
    text = pos(n="6c 6d 6h 5c 5d 5h 4d", ns=QUEENS)
    assert refused(text, "meld 6c 6d 6h ask yes meld 5c 5d 5h discard 4d") is None


def test_000_asking_only_when_considering_going_out() -> None:
    """000 ties the question to a player considering going out; the variant pins that only a
    player able to go out this turn may ask (provenance note, only_when_able)."""
    text = pos(n="6c 6d 6h 5c 9d 4d Kd Ks Ac 2d", ns="Qc Qd Qh Qs")
    assert refused(text, "ask yes") == "ask.cannot_go_out"


def test_000_concealed_from_the_stock_scores_200() -> None:
    """000, bonus table: going out concealed earns an additional 100 (200 in all), when the
    player lays the team's initial meld and goes out in one turn. At 0 the 50 minimum is met
    exactly (fours 35 + fives 15)."""
    text = pos(n="4c 4d 4h 4s 4c 4d 4h 5c 5d 5h 6c", scores="NS 0, EW 900")
    ns, _ = hand_scores(text, "meld 4c 4d 4h 4s 4c 4d 4h, 5c 5d 5h discard 6c")
    assert breakdown(ns) == {
        "Melds": 50,
        "Cards in hand": -50,
        "Natural canastas": 500,
        "Going out": 200,
        "Total": 700,
    }


def test_000_concealed_may_start_with_the_pile() -> None:
    """000: concealed is the team's initial meld and going out in the same turn; nothing says
    the turn must start from the stock, so opening with the pile and going out is concealed."""
    text = pos(
        n="4c 4d 4s 4c 4d 4s 5c 5d 5h 6c", pile="4h", to_move="N draw", scores="NS 0, EW 900"
    )
    ns, _ = hand_scores(text, "take with 4c 4d 4s 4c 4d 4s and 5c 5d 5h discard 6c")
    assert ns.going_out == 200


def test_000_red_threes_on_the_table_do_not_spoil_a_concealed_finish() -> None:
    """000: red threes are played to the table, not melded; a team with a red three down still
    makes its initial meld on the going-out turn, so the finish is concealed (200)."""
    text = pos(n="4c 4d 4h 4s 4c 4d 4h 5c 5d 5h 6c", red_ns="3d", scores="NS 0, EW 900")
    ns, _ = hand_scores(text, "meld 4c 4d 4h 4s 4c 4d 4h, 5c 5d 5h discard 6c")
    assert (ns.going_out, ns.red_threes) == (200, 100)


# --------------------------------------------------------------------------------------------
# The stock running out


def stock_out(
    n: str,
    ns: str,
    pile: str,
    stock: int = 0,
    red_ew: str = "3d 3h",
    w: str = "8d Ts Jd Ks 4h 2c 2d 2s Jk Jk Jk Jk",
) -> str:
    """North to draw with the stock at ``stock`` cards; every wild card is written."""
    return pos(
        n=n,
        s="8s Th Jc Kh",
        e="8c 9s Td Jh Kc 2c 2d 2s 2h",
        w=w,
        ns=ns,
        ew="Ad Ah As 2h",
        red_ns="3d 3h",
        red_ew=red_ew,
        melded="N S E W",
        pile=pile,
        stock=stock,
        to_move="N draw",
    )


def test_000_an_empty_stock_ends_the_hand_with_nobody_out() -> None:
    """000: if the stock is empty when a player must draw (and the pile cannot be taken: no
    nines to go with the top nine), the hand ends with no player going out. Cards in hand count
    against, wild cards at their values (East 50 + 80, West 40 + 5 + 60 + 200: 435)."""
    text = stock_out(n="9c 5c 6d 7d", ns=QUEENS, pile="7c 9d")
    ns, ew = hand_scores(text, "draw")
    assert breakdown(ns) == {
        "Melds": 70,
        "Cards in hand": -65,
        "Natural canastas": 500,
        "Red threes": 200,
        "Total": 705,
    }
    assert breakdown(ew) == {"Melds": 80, "Cards in hand": -435, "Red threes": 200, "Total": -155}


def test_000_no_melding_once_the_empty_stock_ends_the_hand() -> None:
    """000: the player may not meld any cards before the hand ends."""
    text = stock_out(n="9c 5c 5d 5h 6d", ns=QUEENS, pile="7c 9d")
    assert refused(text, "draw meld 5c 5d 5h") == "hand.over"


def test_000_the_top_card_onto_a_side_meld_is_forced_too() -> None:
    """000: a player who can legally pick up the pile with the stock empty must do so; the top
    nine fits the side's meld of nines, so ending the hand is refused."""
    text = stock_out(n="4c 5c 6d", ns=f"{QUEENS}, 9c 9h 9s", pile="7c 9d")
    assert refused(text, "draw") == "stock.forced_pickup"
    assert refused(text, "take") is None


def test_000_a_red_three_as_the_last_card_ends_the_hand() -> None:
    """000: the hand also ends when a red three drawn as the last stock card calls for a
    replacement; the player may not meld. Its bonus counts (three red threes: 300)."""
    text = stock_out(n="9c 9h 9s 5c 6d", ns=QUEENS, pile="7c 5d", stock=1, red_ew="3h")
    assert refused(text, "draw 3d meld 9c 9h 9s") == "hand.over"
    ns, _ = hand_scores(text, "draw 3d")
    assert (ns.red_threes, ns.going_out, ns.hands) == (300, 0, -80)


# --------------------------------------------------------------------------------------------
# Scoring


def test_000_card_values_in_hand() -> None:
    """000, card values: joker 50; two and ace 20; eight to king 10; four to seven and black
    threes 5. South holds one of each (50+20+20+10+10+5+5+5 = 125), counted against."""
    ns, _ = scored(out_n(QUEENS, ew="5c 5d 5h", s="Jk 2c Ac Kd 8h 7c 4d 3c"))
    assert ns.hands == -125


def test_000_red_threes_100_each_up_to_three() -> None:
    """000, bonus table: each red three up to three is worth 100."""
    for reds, want in (("3d", 100), ("3d 3h", 200), ("3d 3h 3d", 300)):
        ns, _ = scored(out_n(QUEENS, ew="5c 5d 5h", reds=f"red NS: {reds}"))
        assert ns.red_threes == want


def test_000_one_red_three_without_melds_costs_100() -> None:
    """000: a team that made no melds has its red-three bonus subtracted: one red three, -100."""
    _, ew = scored(out_n(QUEENS, ew="", reds="red EW: 3d"))
    assert ew.red_threes == -100


def test_000_four_red_threes_without_melds_cost_800() -> None:
    """000: the subtraction is of the whole bonus, so four red threes without melds cost 800."""
    _, ew = scored(out_n(QUEENS, ew="", reds="red EW: 3d 3h 3d 3h"))
    assert breakdown(ew) == {"Cards in hand": -50, "Red threes": -800, "Total": -850}


def test_000_red_threes_count_plus_for_a_melded_side_whose_opponents_went_out() -> None:
    """000: only a team without melds counts its red threes minus; East-West melded, so their
    two red threes earn 200 though North went out."""
    _, ew = scored(out_n(QUEENS, ew="5c 5d 5h", reds="red EW: 3d 3h"))
    assert ew.red_threes == 200


E3 = """[Variant "encyclopedia"]

hand N:
hand E: 2d 5s 6c Ts Js Jh
hand S: 4d 5h 5c Qs Ks Ac Ah
hand W: 4h 4s Tc Qd Qh Kd Kh
melds NS: 3c 3s 3s, 6c 6d 6h 6s 6h 6d 2s, 9c 9d 9h 9s 9c 9d 9h 9s, Th Td Tc, Jc Jd Jh Js 2h 2c Jk
red NS: 3d 3h
melds EW: 4c 4c 2h, 7c 7d 7h 7s 7d 2c Jk, Td Ts Jk, Ad Ah As Ac Ad
red EW: 3d
pile: 8h
out N
"""


def test_000_e3_every_row_of_the_breakdown(capsys: Capsys, tmp_path: Path) -> None:
    """000, scoring example (E3), our own layout of its cards: N-S melds 305, hands -75, mixed
    canastas 600, natural 500, red threes 200, going out 100: 1630; E-W 295, -120, 300, 0, 100,
    0: 575. Every other row the command prints is 0 (000 knows no other item)."""
    f = tmp_path / "e3.pos"
    f.write_text(E3)
    code, out = cli(capsys, "score", str(f), "--json")
    assert code == 0, out
    data = json.loads(out)
    want = {
        "NS": {
            "Melds": 305,
            "Cards in hand": -75,
            "Mixed canastas": 600,
            "Natural canastas": 500,
            "Red threes": 200,
            "Going out": 100,
            "Total": 1630,
        },
        "EW": {
            "Melds": 295,
            "Cards in hand": -120,
            "Mixed canastas": 300,
            "Red threes": 100,
            "Total": 575,
        },
    }
    for side, expected in want.items():
        assert {k: v for k, v in data[side].items() if v} == expected


def test_000_e3_the_hands_row_is_the_partners_together() -> None:
    """000, E3: East's 2 5 6 10 J J (20 + 5 + 5 + 30 = 60) and West's 4 4 10 Q Q K K (10 + 50 =
    60) make E-W's -120; the two in East's hand counts 20 against."""
    _, ew = scored(E3)
    assert ew.hands == -120


def test_000_game_ends_at_5000_and_the_higher_total_wins(capsys: Capsys, tmp_path: Path) -> None:
    """000: the game ends when a team's total reaches 5000 or more; the team with the highest
    total then wins. E3's hand first (1630 / 575, the game goes on), then a hand that takes both
    teams past 5000: E-W scored more in it, but N-S's total is higher."""
    sheet_file = tmp_path / "sheet.toml"
    code, out = cli(
        capsys,
        "tally",
        V,
        "--sheet",
        str(sheet_file),
        "--hand",
        "NS m 305 h 75 x 2 n 1 r 2 out; EW m 295 h 120 x 1 r 1",
    )
    assert code == 0, out
    assert "totals after 1 hand: NS 1630, EW 575 (target 5000)" in out
    code, out = cli(
        capsys, "tally", "--sheet", str(sheet_file), "--hand", "NS m 3000 n 1 out; EW m 4500"
    )
    assert code == 0, out
    assert "result: North-South won, NS 5230, EW 5075" in out


def test_000_exactly_5000_ends_the_game(capsys: Capsys, tmp_path: Path) -> None:
    """000: 'reaches 5000 or above': a total of exactly 5000 ends the game."""
    code, out = cli(
        capsys,
        "tally",
        V,
        "--sheet",
        str(tmp_path / "s.toml"),
        "--hand",
        "NS m 4400 n 1 out; EW m 100",
    )
    assert code == 0, out
    assert "result: North-South won, NS 5000, EW 100" in out


# --------------------------------------------------------------------------------------------
# The rule sheet: every claim it makes about this variant, against 000


@pytest.mark.parametrize(
    "claim",
    [
        # dealing
        "each is dealt 11 cards",
        "The first dealer is chosen at random. [000]",
        "The player on the dealer's right cuts the pack before the deal. [000]",
        "If that card is a joker, a two or a red three, another card is turned up on top of it,",
        "the pile begins frozen",
        # melds
        "Every meld must hold at least two natural cards, so wild cards can never be melded on"
        " their own. [000]",
        "A meld may hold at most three wild cards. [000]",
        "a canasta too may hold at most three wild cards. [000]",
        "A meld of 7 or more cards, at least 4 of them natural, is a canasta. [000]",
        "A natural canasta, with no wild card, earns its side a bonus of 500. [000]",
        "A mixed canasta, with one or more wild cards, earns 300. [000]",
        # card values
        "Joker 50 000",
        "Two and ace 20 000",
        "King to eight 10 000",
        "Seven to four and black three 5 000",
        # minimum table
        "below 0 (a negative score) 15 0 to 1499 50 1500 to 2999 90 3000 and above 120",
        "The minimum is read from the side's total score before the deal. [000]",
        "may use the pile's top card toward the minimum, but none of the cards beneath it",
        # the pile
        "A wild card, a black three or a red three on top of the pile can never be taken.",
        "While it is frozen, only with two natural cards of its rank from their hand. [000]",
        "Until a side has made its initial meld, the pile counts as frozen against its players."
        " [000]",
        # threes
        "each is replaced by a card from the stock. [000]",
        "Red threes 100 each; all four 800 000",
        "If the side has made no meld at all by the end of the hand, its red threes count that"
        " much against it instead. [000]",
        "Black threes can be melded only by a player who goes out in that turn: three or more of"
        " them together, with no wild card.",
        # going out
        "Going out ends the hand and earns the player's side a bonus of 100. [000]",
        "Going out concealed earns 200 instead of 100. [000]",
        "after a no the player may not go out in that turn, and after a yes they must. [000]",
        "need not ask before going out",
        # stock
        "A player must take it whenever they are allowed to. [pinned",
        "A red three drawn as the last card of the stock ends the hand at once: its player can"
        " neither meld nor discard.",
        # game end
        "a side's total has reached 5000 or more, the game ends. [000]",
        "The side with the highest total wins, even if another side has also passed the target."
        " [000]",
    ],
)
def test_000_the_rule_sheet_states_it(sheet: str, claim: str) -> None:
    """The generated rule sheet of 'encyclopedia' states each rule as 000 does (the claim is
    matched in the sheet with its words single-spaced), marked [000] where 000 says it."""
    assert claim in sheet


@pytest.mark.parametrize(
    "claim",
    [
        # 000 is silent on each of these: the sheet must mark them pinned, not [000]
        "108 cards in all. [pinned",
        "A new meld needs at least three cards. [pinned",
        "A player may go out only when their side has at least one canasta, which may be"
        " completed in the same turn. [pinned",
        "A player holding a single card may not take a pile of a single card. [pinned",
        "Red threes found in a discard pile a player takes are laid down too, without"
        " replacement. [pinned",
        "If the winning totals are equal, another hand is played. [pinned",
    ],
)
def test_000_silences_are_marked_pinned_on_the_sheet(sheet: str, claim: str) -> None:
    """RULE-PARAMETERS.md, 000's gaps: no deck count, no minimum meld size, no canasta needed to
    go out, no one-card rule, nothing on red threes in a taken pile, no tie rule. The sheet
    gives each as a pinned reading, never as 000's."""
    assert claim in sheet


def test_000_the_sheet_explains_the_stock_out_contradiction(sheet: str) -> None:
    """RULE-PARAMETERS.md, 000's self-contradiction: the hand ends when a draw is due from an
    empty stock, yet a player who can take the pile must, and may not meld. The sheet's pinned
    note says how the variant reads it."""
    assert re.search(
        r"\d+\. When the stock runs out \(000, 001\): 000 ends the hand when a draw from the "
        r"empty stock is due",
        sheet,
    )
    assert "the no-meld rule is read as applying only when the hand ends" in sheet


def test_000_variants_show_cites_000_for_the_tiers(capsys: Capsys) -> None:
    """000's minimum table and its 1600 example are the source of initial_meld.tiers: `canasta
    variants show` names 000 and the note gives the 65 / 95 example."""
    code, out = cli(capsys, "variants", "show", V)
    assert code == 0, out
    flat = " ".join(out.split())
    assert "6-6-6 + K-K-K-2 (65) fails and 6-6-6 + A-A-A-2 (95) passes" in flat


def test_000_melding_comes_after_the_draw() -> None:
    """000: the player 'may then' meld, after the draw (and any red-three replacement); a meld
    before drawing is refused."""
    text = pos(n="6c 6d 6h 4d", ns=QUEENS, to_move="N draw")
    assert refused(text, "meld 6c 6d 6h") == "turn.draw_first"


@pytest.fixture(scope="module")
def card() -> str:
    """The quick-reference card of ``encyclopedia`` (plain text), single-spaced."""
    import contextlib
    import io

    from canasta_rules.cli import main

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf), contextlib.suppress(SystemExit):
        main(["rules", V, "--card", "-f", "txt"])
    return " ".join(buf.getvalue().split())


@pytest.mark.parametrize(
    "claim",
    [
        "Players 4 players in two partnerships of two, 11 000",  # the cell wraps:
        "cards each",  # the rest of it on the next line
        "Canasta 7+ cards, 4+ natural 000",
        "Black three discarded blocks the next player 000",
        "Game to 5000 000",
        "below 0 (a negative score) 15 0 to 1499 50 1500 to 2999 90 3000 and above 120",
        "Natural canasta (no wild card) 500 000",
        "Mixed canasta (with wild cards) 300 000",
        "Going out concealed (instead of the above) 200 000",
        "Never with a wild card, a black three or a red three on top.",
    ],
)
def test_000_the_quick_reference_states_it(card: str, claim: str) -> None:
    """The one-page card of 'encyclopedia' gives 000's players and deal, canasta, black-three
    stop, target, minimum table and bonuses, each marked 000."""
    assert claim in card


def test_000_the_variant_summary(capsys: Capsys) -> None:
    """`canasta variants show encyclopedia` opens with the variant's summary: concealed is the
    side's initial meld and going out in one turn, 200 in all (000, bonus table and its
    definition); the fourth red three is 500, all four 800; a yes obliges; with the stock
    empty a possible pickup is compulsory (000, each in its paragraph)."""
    code, out = cli(capsys, "variants", "show", V)
    assert code == 0, out
    flat = " ".join(out.split())
    for claim in (
        "Going out concealed means making the side's initial meld and going out in one turn,"
        " 200 in all.",
        "The fourth red three is worth 500, so all four make 800.",
        'A partner\'s yes to "may I go out?" obliges the player to go out.',
        "With the stock empty, a player who can take the pile must.",
    ):
        assert claim in flat


def test_000_a_red_three_buried_in_the_starting_pile_goes_to_the_taker() -> None:
    """000 covers a red three turned up at the start but never says who gets it; the variant
    pins 001's rule (laid out by the side taking the pile, no replacement). Five cards, two
    nines shown, the 7c joins the hand: four cards, and one red three for North-South."""
    text = pos(n="9c 9h 5c 6d 8h", ns="Qc Qd Qh Qs", pile="3h 7c 9d", to_move="N draw")
    v = ruling(text, "take with 9c 9h")
    assert v.legal and v.after is not None
    assert (len(v.after.red3[0]), len(v.after.red3[1]), v.after.hand_len[0]) == (1, 0, 4)
