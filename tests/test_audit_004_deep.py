"""A sentence-by-sentence audit of 004_747f80dc7edc8b8b.txt (a general rules site, "Classic
canasta", cited as 004) against the built-in variant that follows it, ``general``.

Every expectation below was read from 004 (the section or numbered item named in each docstring,
paraphrased), never from the engine. Where 004 is silent, refers to a table it does not contain,
or contradicts itself, the test says so and checks the reading ``general`` pins (its provenance
notes; /work/shared/RULE-PARAMETERS.md lists 004's contradictions and its two flawed worked
examples, E9 and E10).

These cases deepen, and do not repeat, tests/test_audit_source_rulings.py (the ``test_004_*``
cases there), tests/test_penalties_004.py (004's items 3-6 as record lines) and the 004 cases of
tests/test_audit_scoring.py and tests/test_audit_table_sizes.py.
"""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path
from typing import Any

import pytest
from helpers import after, breakdown, classic_pos, cli_score, refused, run_cli

from canasta_rules import cards as C
from canasta_rules.engine import deal, rules_for
from canasta_rules.engine.scoring import score_hand
from canasta_rules.notation import parse, read_position, replay
from canasta_rules.variant import load_variant

Capsys = pytest.CaptureFixture[str]

QUEENS = "Qc Qd Qh Qs Qc Qd Qh"  # a natural canasta of queens, 70 points


def pos(n: str, **kw: Any) -> str:
    """A four-player ``general`` position (helpers.classic_pos); ``turn=None`` leaves the 'turn:'
    line out."""
    return classic_pos("general", n=n, **kw)


def drawing(n: str, pile: str, **kw: str) -> str:
    """N to draw, everyone melded (the pile is not frozen against anyone by the melded rule)."""
    kw.setdefault("ns", "Kc Kd Kh")
    kw.setdefault("extra", "melded: N E S W")
    return pos(n, pile=pile, turn=None, to_move="N draw", **kw)


def hand_scores(text: str, move: str) -> tuple[dict[str, int], dict[str, int]]:
    """The breakdowns (NS, EW) of the hand that ``move`` ends."""
    s = after(text, move)
    assert s.over
    ns, ew = score_hand(s)
    return breakdown(ns), breakdown(ew)


def finished(ns_melds: str, *, n: str = "", s: str = "", e: str = "8c", w: str = "8d") -> str:
    """A finished hand: N went out; NS's melds as given, EW with three nines."""
    lines = [
        '[Variant "general"]',
        "",
        f"hand N: {n}",
        f"hand E: {e}",
        f"hand S: {s}",
        f"hand W: {w}",
        f"melds NS: {ns_melds}",
        "melds EW: 9c 9d 9h",
        "pile: 7c",
        "out N",
    ]
    return "\n".join(lines) + "\n"


def cli_ruling(capsys: Capsys, tmp_path: Path, text: str, move: str) -> tuple[int, str]:
    path = tmp_path / "p.pos"
    path.write_text(text)
    code, out, err = run_cli(capsys, "ruling", str(path), move)
    assert code in (0, 1), err
    return code, out


# ============================================================================================
# The players


def test_five_players_are_not_a_general_table(capsys: Capsys) -> None:
    """004, opening: two or three may play, but the game is best as a partnership of four or
    six; 004 never mentions five. ``general`` seats four (2x2) and six (2x3), and refuses five
    with a message naming the sizes it has."""
    code, out, err = run_cli(capsys, "tally", "general", "--players", "5", "--hand", "NS m 50")
    assert code != 0
    assert "variant 'general' is for 4 or 6 players, not 5" in err + out
    code, out, _ = run_cli(capsys, "variants", "list")
    assert code == 0
    lines = out.splitlines()
    i = next(n for n, line in enumerate(lines) if line.startswith("general "))
    about = " ".join(line.strip() for line in lines[i + 1 : i + 3])
    assert about == (
        "4 players in two partnerships of two, or 6 players in two teams of three; sources 004"
    )


G6 = """[Variant "general"]
hand A: 6h 6d 6s 7d
hand B: 4c 4d
hand C: 5h 5h 8h Jk
hand D: 7c 8c
hand E: 9d 9h
hand F: 9c Tc
melds ACE: Kc Kd Kh Ks Kc Kd Kh, 5c 5d 5s
melds BDF: Qc Qd Qh
melded: A C E B
pile: 4h
turn: drew stock
to move: {seat} play
"""


def test_six_players_a_side_of_three_shares_one_meld_per_rank() -> None:
    """004, 'Melding': in a partnership game the partners' melds lie in one place and a side
    may not have two melds of one rank. At six, C adds to the fives A's side has down; fives
    laid as a new meld join them."""
    text = G6.format(seat="C")
    assert refused(text, "meld 5h 5h Jk") is None
    assert refused(text, "add 5: 5h 5h Jk") is None


def test_six_players_the_partner_s_no_binds() -> None:
    """004, 'May I go out?': the player who asks must obey the answer, yes or no; at six the
    project has the next partner answer (pinned). After a no, A may not go out; after a yes A
    must."""
    text = G6.format(seat="A")
    assert refused(text, "ask no meld 6h 6d 6s discard 7d") == "out.permission_refused"
    assert refused(text, "ask yes meld 6h 6d 6s discard 7d") is None
    assert refused(text, "ask yes discard 7d") == "out.permission_obliges"


# ============================================================================================
# (2) Melding


def test_any_number_of_melds_in_one_turn() -> None:
    """004, '(2) Melding': there is no limit on the number of melds a player forms in a turn;
    three new melds and a discard are one legal turn."""
    text = pos("Kc Kd Kh 5c 5d 5h 9c 9d 9h 4d 8h", s="8s Th Jc", ns="Qs Qd Qh")
    text = text.replace("hand E: 8c 9c Td Jh Kc", "hand E: 8c Td Jh")
    s = after(text, "meld Kc Kd Kh, 5c 5d 5h, 9c 9d 9h discard 4d")
    assert len(s.melds[0]) == 4 and s.hand_len[0] == 1


def test_sequences_are_not_melds() -> None:
    """004, '(2) Melding': sequences are not valid melds in Canasta."""
    assert refused(pos("5c 6c 7c 4d 8h", ns="Kc Kd Kh"), "meld 5c 6c 7c") == "meld.mixed_ranks"


def test_a_side_has_one_meld_of_a_rank() -> None:
    """004, '(2) Melding': in a partnership game a side cannot have more than one meld of the
    same rank; sixes laid as a new meld go onto the side's sixes (judged as an addition: with
    a wild card too many for the joined meld, they are refused as one)."""
    text = pos("6c 6d 6s 4d 8h", ns="6h 6h 6s")
    assert refused(text, "meld 6c 6d 6s") is None
    assert refused(text, "add 6: 6c 6d 6s") is None


def test_a_meld_of_wild_cards_alone_is_not_valid() -> None:
    """004, '(2) Melding': jokers and twos are wild, and a meld of all wild cards is not
    valid."""
    assert refused(pos("2c 2d Jk 5c 8h", ns="Kc Kd Kh"), "meld 2c 2d Jk") == "meld.all_wild"


def test_a_three_card_meld_needs_two_naturals() -> None:
    """004, '(2) Melding': a meld of three cards must hold at least two natural cards."""
    text = pos("5c 2d Jk 6c 8h", ns="Kc Kd Kh")
    assert refused(text, "meld 5c 2d Jk") == "meld.too_few_naturals"
    text = pos("5c 5d Jk 6c 8h", ns="Kc Kd Kh")
    assert refused(text, "meld 5c 5d Jk") is None


def test_wild_cards_never_exceed_naturals_below_a_canasta() -> None:
    """004, '(2) Melding': it concludes that wild cards can never exceed natural ones in a meld
    (except a completed canasta), so 5-5-2-2-2 is refused; 5-5-5-2-2-2 (three and three) is
    a meld."""
    text = pos("5c 5d 5h 2d 2h Jk 6c 8h", ns="Kc Kd Kh")
    assert refused(text, "meld 5c 5d 2d 2h Jk") == "meld.more_wild_than_natural"
    assert refused(text, "meld 5c 5d 5h 2d 2h Jk") is None


def test_a_canasta_laid_at_once_holds_at_most_three_wild_cards() -> None:
    """004, '(2) Melding': a set forming a canasta may not hold more than three wild cards; the
    limit is lifted only once the canasta is complete, so eight cards with four wild cards are
    not laid as a new canasta."""
    text = pos("5c 5d 5h 5s 2c 2d 2s Jk 4d 8h")
    assert refused(text, "meld 5c 5d 5h 5s 2c 2d 2s Jk") == "meld.too_many_wild"


def test_four_naturals_and_three_wild_cards_complete_a_canasta() -> None:
    """004, 'Canasta Value': a canasta is seven or more cards on a base of four naturals, with
    at most three wild cards: a joker onto 5-5-5-5-2-2 makes a mixed canasta."""
    s = after(pos("Jk 4d 8h 9h", ns="5c 5d 5h 5s 2c 2d"), "add 5: Jk")
    assert s.canastas(0) == 1


def test_partners_build_one_another_s_melds() -> None:
    """004, '(2) Melding': a player may add natural and wild cards to a meld formed by his side
    (the partners' melds lie in the same area)."""
    text = pos("Qc 2c 4d 8h", ns="Qs Qd Qh", extra="melded: S E W")
    assert refused(text, "add Q: Qc 2c") is None


def test_no_adding_to_the_opponents_melds() -> None:
    """004, '(2) Melding': a player cannot add cards to melds formed by the opponents."""
    assert refused(pos("Ac 4d 8h", ns="Ks Kd Kh"), "add A: Ac") == "meld.not_your_side"


def test_a_completed_canasta_goes_on_taking_wild_cards_and_stays_mixed(
    capsys: Capsys, tmp_path: Path
) -> None:
    """004, '(2) Melding' and 'Canasta Value': once formed, a canasta takes any number of wild
    cards; 004 prices a mixed canasta (one to three wild cards) at 300 and says nothing of more,
    which ``general`` pins at 300 too. Four naturals and five wild cards: 300 bonus plus
    20 + 40 + 150 card points for the kings, twos and jokers."""
    text = finished("Kc Kd Kh Ks 2c 2d Jk Jk Jk, " + QUEENS)
    score = cli_score(capsys, tmp_path, text)["NS"]
    assert (score["Mixed canastas"], score["Natural canastas"]) == (300, 500)
    assert score["Melds"] == 40 + 40 + 150 + 70


def test_a_wild_card_turns_a_natural_canasta_mixed() -> None:
    """004, 'Canasta Value': even a formed natural canasta becomes mixed when a wild card is
    added, lowering its bonus from 500 to 300. N adds a two to the natural queens and goes
    out."""
    text = pos("2c 6c 6d 6h 5c", ns=QUEENS)
    ns, _ = hand_scores(text, "add Q: 2c meld 6c 6d 6h discard 5c")
    assert (ns.get("Natural canastas", 0), ns["Mixed canastas"]) == (0, 300)
    assert ns["Melds"] == 70 + 20 + 15


def test_cards_added_to_a_canasta_count_their_value_only() -> None:
    """004, 'Canasta Value': cards added to a made canasta earn their card values but do not
    change the bonus. All eight queens, natural: 500 and 80."""
    text = pos("Qs 6c 6d 6h 5c", ns=QUEENS)
    ns, _ = hand_scores(text, "add Q: Qs meld 6c 6d 6h discard 5c")
    assert (ns["Natural canastas"], ns["Melds"]) == (500, 80 + 15)


# ============================================================================================
# Threes


def test_black_three_on_top_stops_even_a_pair_of_black_threes() -> None:
    """004, 'Black threes': a discarded black three cannot be taken by the next player, who must
    draw from the stock (the 'stop card'); also item 8 of the closing list."""
    text = drawing("3c 3c 5c 8h", "7c 9d 3s")
    assert refused(text, "take with 3c 3c") == "pile.top_black_three"
    assert refused(text, "draw 5d") is None


def test_wild_card_on_top_cannot_be_taken() -> None:
    """004, 'Drawing From Discard Pile' and item 8: the top discard cannot be picked if it is a
    wild card."""
    text = drawing("9c 9s 5c 8h", "7c 9d 2s")
    assert refused(text, "take with 9c 9s") == "pile.top_wild"


def test_black_threes_melded_only_when_going_out() -> None:
    """004, 'Black threes': a player may meld black threes only when ready to go out; three
    black threes laid on a turn that does not end the hand are refused, and on the going-out
    turn they are legal."""
    text = pos("3c 3s 3c 5c 8h 9h", ns=QUEENS)
    assert refused(text, "meld 3c 3s 3c discard 5c") == "meld.black_threes.not_going_out"
    text = pos("3c 3s 3c 5c", ns=QUEENS)
    ns, _ = hand_scores(text, "meld 3c 3s 3c discard 5c")
    assert ns["Melds"] == 70 + 15 and ns["Going out"] == 100


def test_a_meld_of_black_threes_takes_no_wild_card() -> None:
    """004, 'Black threes': the meld of black threes cannot have a wild card."""
    text = pos("3c 3s 2c 5c", ns=QUEENS)
    assert refused(text, "meld 3c 3s 2c discard 5c") == "meld.black_threes.wild"


def test_black_threes_left_in_hand_count_five_each() -> None:
    """004 has no charge for black threes kept in hand (its card table is missing): ``general``
    counts their card value, 5 each, like any card left in hand. S keeps 3s 3s and a king."""
    text = finished(QUEENS, s="3s 3s Kh")
    ns, _ = score_hand(read_position(parse(text)).state)
    assert breakdown(ns)["Cards in hand"] == -20


def test_red_threes_dealt_are_laid_out_at_once_and_replaced() -> None:
    """004, 'Red threes': a red three dealt to a hand is placed face up at once and replaced
    from the stock. Seed 0 deals N two red threes: they lie on NS's line before play starts,
    every hand still holds 11, and the stock has given up two more cards (108 - 44 - 2 - 1)."""
    r = rules_for(load_variant("general"), 4)
    s = deal(r, 0)
    assert [C.name(c) for c in s.red3[0]] == ["3d", "3h"] and s.red3[1] == []
    assert s.hand_len == [11, 11, 11, 11] and len(s.stock) == 61


def test_a_red_three_drawn_is_laid_down_and_replaced() -> None:
    """004, 'Red threes': a red three taken from the stock is placed on the table and a
    replacement card drawn."""
    before = read_position(parse(drawing("9c 9s 5c 8h", "7c 9d"))).state
    s = after(drawing("9c 9s 5c 8h", "7c 9d"), "draw 3h 5d")
    assert [C.name(c) for c in s.red3[0]] == ["3h"]
    assert s.hand_len[0] == 5 and "5d" in [C.name(c) for c in s.hand_cards(0)]
    assert len(s.stock) == len(before.stock) - 2


def test_a_red_three_in_the_taken_pile_is_laid_without_replacement() -> None:
    """004, 'Red threes': a red three found in a taken pile is placed on the table and no
    replacement card is drawn."""
    text = drawing("9c 9s 5c 8h", "7c 3h 4c 9d")
    before = read_position(parse(text)).state
    s = after(text, "take with 9c 9s")
    assert [C.name(c) for c in s.red3[0]] == ["3h"]
    assert sorted(C.name(c) for c in s.hand_cards(0)) == sorted(["5c", "8h", "7c", "4c"])
    assert len(s.stock) == len(before.stock)


def test_three_red_threes_of_the_side_that_goes_out_add_300() -> None:
    """004, 'Red Trey': a red three earns its side 100 when the side has melded (and 004's
    red-three rule adds the bonus when the player goes out); all four would be 800."""
    text = finished(QUEENS).replace("pile: 7c", "red NS: 3d 3h 3d\npile: 7c")
    ns, _ = score_hand(read_position(parse(text)).state)
    assert breakdown(ns)["Red threes"] == 300


# ============================================================================================
# Initial meld


def _opening(hand: str, previous: str) -> str:
    return pos(hand, s="8s 9s Th Jc", ew="Qc Qd Qh", scores="NS 0, EW 900", previous=previous)


def test_the_initial_meld_may_combine_melds_of_different_ranks() -> None:
    """004, 'Initial meld requirement': the count can be reached with several melds, not
    necessarily of one rank: 9-9-9 and 8-8-8 make 60 for a minimum of 50; 9-9-9 and 7-7-7
    (45) fall short."""
    assert (
        refused(_opening("9s 9h 9c 8c 8d 8h 4h 5c", "NS 100, EW 0"), "meld 9s 9h 9c, 8c 8d 8h")
        is None
    )
    ok = _opening("9s 9h 9c 8c 8d 8h 4h 5c", "NS 100, EW 0")
    assert refused(ok, "meld 9s 9h 9c, 8c 8d 8h") is None
    short = _opening("9s 9h 9c 7c 7d 7h 8h 5c", "NS 100, EW 0")
    assert refused(short, "meld 9s 9h 9c, 7c 7d 7h") == "open.below_minimum"


def test_a_negative_previous_hand_needs_15() -> None:
    """004, 'Initial meld requirement': the minimum follows the partners' score in the previous
    hand; 004's table is missing and ``general`` pins the classic tiers, so a negative score
    needs 15 and three fours open, while a score of 0 needs 50."""
    assert refused(_opening("4c 4h 4s 8h Kd", "NS -50, EW 0"), "meld 4c 4h 4s") is None
    assert refused(_opening("4c 4h 4s 8h Kd", "NS 0, EW 0"), "meld 4c 4h 4s") == (
        "open.below_minimum"
    )


def test_3000_in_the_previous_hand_needs_120() -> None:
    """004, 'Initial meld requirement' (pinned classic tiers): 2999 needs 90, 3000 needs 120;
    A-A-A-Jk counts 110, A-A-A-Jk-2 130."""
    hand = "Ac Ad As Jk 2c 8h 5c"
    assert refused(_opening(hand, "NS 2999, EW 0"), "meld Ac Ad As Jk discard 2c") is None
    move = "meld Ac Ad As Jk discard 2c"
    assert refused(_opening(hand, "NS 3000, EW 0"), move) == "open.below_minimum"
    assert refused(_opening(hand, "NS 3000, EW 0"), "meld Ac Ad As Jk 2c discard 5c") is None


def test_once_the_partner_has_opened_no_minimum_is_asked() -> None:
    """004, 'Concealed Hand': a player who takes the pile is held to the minimum only 'if his
    partner too did not make any initial meld', so the requirement is the side's: after S has
    opened, N's first meld of 15 stands though 3500 in the previous hand would ask 120."""
    text = pos(
        "5c 5d 5h 8h 9h",
        ns="Kc Kd Kh",
        extra="melded: S E W",
        scores="NS 0, EW 900",
        previous="NS 3500, EW 0",
    )
    assert refused(text, "meld 5c 5d 5h discard 8h") is None


def test_e9_the_buried_jack_cannot_be_melded() -> None:
    """004's initial-meld example (E9) melds J-J-J-2 with a jack from inside the pile; 004 also
    says the initial meld is made from hand or stock. ``general`` pins only the top card as
    usable (RULE-PARAMETERS.md E9), so naming the buried jack is refused, and the buried king
    is not in the hand."""
    text = pos(
        "Kc Kd Jc Jd 2c 5c 6d",
        s="8s 9s Th 4h",
        ew="Qc Qd Qh",
        pile="7c Kh Js 4c Ks",
        turn=None,
        to_move="N draw",
        scores="NS 0, EW 900",
    )
    assert refused(text, "take Ks with Kc Kd and Jc Jd Js 2c") == "open.buried_card"
    assert refused(text, "take Ks with Kc Kd Kh and Jc Jd 2c") == "card.not_in_hand"


# ============================================================================================
# Drawing from the discard pile


def test_e8_a_pair_of_fives_takes_the_five_and_the_whole_pile() -> None:
    """004, 'Drawing From Discard Pile' (E8): with 5-5 in hand and a 5 discarded, the player
    lays 5-5-5 and must take the entire pile into the hand."""
    s = after(drawing("5c 5d 8h 9h", "7c 4d 5h"), "take 5h with 5c 5d")
    assert len(s.pile) == 0
    assert sorted(C.name(c) for c in s.hand_cards(0)) == sorted(["8h", "9h", "7c", "4d"])
    assert s.melds[0][5].naturals == 3


def test_an_unopened_player_may_take_the_pile_with_a_natural_pair() -> None:
    """004, 'Initial meld requirement' says the initial meld is made from hand or stock 'since
    the pile is frozen against the player', yet its own example opens with the pile; a frozen
    pile is taken with two naturals ('Frozen Discard Pile'). ``general`` reads it so: N, not
    yet melded, takes kings with two kings for 30 + 30 = 60."""
    text = pos(
        "Kc Kd 9s 9h 9c 5c",
        s="8s 9d Th Jc",
        ew="Qc Qd Qh",
        pile="7c 4d Kh",
        turn=None,
        to_move="N draw",
        scores="NS 0, EW 900",
    )
    assert refused(text, "take Kh with Kc Kd and 9s 9h 9c") is None
    assert refused(text, "take Kh with Kc Kd") == "open.below_minimum"


def test_one_card_in_hand_cannot_take_a_one_card_pile() -> None:
    """004, item 9: a single card in the discard pile cannot be taken by a player holding a
    single card (in ``general`` any pickup needs two cards shown from hand, so the rule names
    the case a one-card hand meets first)."""
    text = drawing("6c", "6d", ns="Kc Kd Kh, 6h 6h 6s")
    assert refused(text, "take 6d") == "pile.one_card"
    # With two cards in the pile the one-card rule is not what stops N: under ``general`` the
    # top card alone never goes onto a meld (pinned pile.unfrozen).
    assert refused(drawing("6c", "7c 6d", ns="Kc Kd Kh, 6h 6h 6s"), "take 6d") == (
        "pile.way_not_allowed"
    )


# ============================================================================================
# (3) Discarding and going out


def test_the_discard_comes_from_the_hand_never_a_meld() -> None:
    """004, '(3) Discarding': the discard is made from the hand, never from a meld."""
    assert refused(pos("6c 5c 8h", ns="Qs Qd Qh"), "discard Qs") == "card.not_in_hand"


def test_without_a_canasta_no_melding_down_to_one_card() -> None:
    """004, going out: a player without a canasta who melds all but one card may not discard
    that last card; ``general`` has the player keep two cards instead."""
    text = pos("6c 6d 6h 5c", ns="Qs Qd Qh")
    assert refused(text, "meld 6c 6d 6h discard 5c") == "meld.keep_a_card"
    assert refused(pos("6c 6d 6h 5c 8h", ns="Qs Qd Qh"), "meld 6c 6d 6h discard 5c") is None


def test_without_a_canasta_no_going_out() -> None:
    """004, going out: a player can go out only with at least one canasta; melding the whole
    hand without one is illegal."""
    assert refused(pos("6c 6d 6h", ns="Qs Qd Qh"), "meld 6c 6d 6h") == "out.canastas"


def test_the_canasta_may_be_completed_on_the_going_out_turn() -> None:
    """004, going out: a player may complete a canasta and go out in the same turn."""
    text = pos("Qc Qd 6c 6d 6h 5c", ns="Qs Qd Qh Jk 2c")
    ns, _ = hand_scores(text, "add Q: Qc Qd meld 6c 6d 6h discard 5c")
    assert (ns["Mixed canastas"], ns["Going out"]) == (300, 100)


def test_asking_is_refused_for_a_player_who_cannot_go_out() -> None:
    """004, 'May I go out?': the question comes from a player who has melded his cards and has a
    canasta; one whose side has no canasta has nothing to ask."""
    text = pos("6c 6d 6h 5c 5d 5h 4d", ns="Qc Qd Qh")
    assert refused(text, "ask yes") == "ask.cannot_go_out"


def test_a_no_from_partner_binds() -> None:
    """004, 'May I go out?': the player must obey the partner's answer; after a no he may not
    go out."""
    text = pos("6c 6d 6h 5c", ns=QUEENS)
    assert refused(text, "ask no meld 6c 6d 6h discard 5c") == "out.permission_refused"


def test_a_yes_from_partner_binds() -> None:
    """004, 'May I go out?': the answer binds either way; after a yes the player must go out."""
    text = pos("6c 6d 6h 5c 5d 5h 4d", ns=QUEENS)
    assert refused(text, "ask yes meld 6c 6d 6h discard 4d") == "out.permission_obliges"
    assert refused(text, "ask yes meld 6c 6d 6h, 5c 5d 5h discard 4d") is None


def test_no_asking_before_the_draw() -> None:
    """004, 'May I go out?': the question is asked once the player has melded (after the draw);
    ``general`` refuses it before the draw."""
    text = pos("6c 6d 6h 5c 5d 5h 4d", ns=QUEENS, turn=None, to_move="N draw")
    assert refused(text, "ask yes") == "ask.too_early"


def test_the_ruling_names_004_for_the_binding_answer(capsys: Capsys, tmp_path: Path) -> None:
    """``canasta ruling`` cites 004 for the binding answer ('May I go out?')."""
    code, out = cli_ruling(
        capsys, tmp_path, pos("6c 6d 6h 5c", ns=QUEENS), "ask no meld 6c 6d 6h discard 5c"
    )
    assert code == 1
    assert out.startswith("refused: your partner said no")
    assert "source: General rules site, Classic Canasta [004]" in out


# ============================================================================================
# Concealed hand


CONCEALED_HAND = "4c 4d 4h 4s 4c 4d 4h 5c 5d 5h"  # a natural canasta of fours and 5-5-5: 50


def test_concealed_after_a_stock_draw_waives_a_minimum_of_90() -> None:
    """004, 'Concealed Hand': after a stock draw the player may go out concealed directly,
    earning 100 on top of going out; 1600 in the previous hand would ask 90 and the hand
    counts 50."""
    text = pos(CONCEALED_HAND, scores="NS 0, EW 900", previous="NS 1600, EW 0")
    ns, _ = hand_scores(text, "meld 4c 4d 4h 4s 4c 4d 4h, 5c 5d 5h")
    assert (ns["Going out"], ns["Natural canastas"], ns["Melds"]) == (200, 500, 50)


def _concealed_from_pile(previous: str, **kw: str) -> str:
    return pos(
        "4c 4d 4h 4s 4c 4d 5c 5d 5h",
        pile="9d 4h",
        turn=None,
        to_move="N draw",
        scores="NS 0, EW 900",
        previous=previous,
        **kw,
    )


def test_concealed_after_taking_the_pile_needs_the_minimum() -> None:
    """004, 'Concealed Hand': a player who lifts the pile is held to the minimum count while his
    partner has not melded: 50 is refused at 90 and goes out concealed (200) at 50."""
    move = "take 4h with 4c 4d 4h 4s 4c 4d and 5c 5d 5h discard 9d"
    assert refused(_concealed_from_pile("NS 1600, EW 0"), move) == "open.below_minimum"
    ns, _ = hand_scores(_concealed_from_pile("NS 100, EW 0"), move)
    assert (ns["Going out"], ns["Natural canastas"]) == (200, 500)


def test_concealed_after_the_pile_when_partner_has_melded() -> None:
    """004, 'Concealed Hand': the minimum binds the pile-taker only if the partner too has not
    melded; with S's kings down, N takes the pile and goes out concealed at 90 with 50."""
    text = _concealed_from_pile("NS 1600, EW 0", ns="Kc Kd Kh", extra="melded: S E W")
    ns, _ = hand_scores(text, "take 4h with 4c 4d 4h 4s 4c 4d meld 5c 5d 5h discard 9d")
    assert ns["Going out"] == 200


def test_adding_to_partner_s_meld_spoils_the_concealed_bonus() -> None:
    """004, 'Concealed Hand': the player must never have added cards to the partner's melds;
    adding a king to S's kings on the going-out turn earns the plain 100."""
    text = pos(CONCEALED_HAND + " Kc 8h", ns="Ks Kd Kh", extra="melded: S E W")
    ns, _ = hand_scores(text, "meld 4c 4d 4h 4s 4c 4d 4h, 5c 5d 5h, K: Kc discard 8h")
    assert ns["Going out"] == 100
    ns, _ = hand_scores(
        text.replace(" Kc 8h", " 8h"), "meld 4c 4d 4h 4s 4c 4d 4h, 5c 5d 5h discard 8h"
    )
    assert ns["Going out"] == 200


def test_a_player_who_melded_earlier_is_not_concealed() -> None:
    """004, 'Concealed Hand': the player must never have made a meld before in the hand. The same
    finish earns 200 when only S has melded, 100 when N laid the kings earlier."""
    move = "meld 4c 4d 4h 4s 4c 4d 4h, 5c 5d 5h discard 8h"
    partner = pos(CONCEALED_HAND + " 8h", ns="Kc Kd Kh", extra="melded: S E W")
    own = pos(CONCEALED_HAND + " 8h", ns="Kc Kd Kh", extra="melded: N E W")
    assert hand_scores(partner, move)[0]["Going out"] == 200
    assert hand_scores(own, move)[0]["Going out"] == 100


def test_concealed_needs_a_canasta_in_the_hand_melded() -> None:
    """004, 'Concealed Hand': the hand melded in one turn must itself have made a canasta; a
    player who goes out on the partner's canasta, melding two small sets, earns 100."""
    text = pos("5c 5d 5h 6c 6d 6h 8h", ns=QUEENS, extra="melded: S E W")
    ns, _ = hand_scores(text, "meld 5c 5d 5h, 6c 6d 6h discard 8h")
    assert ns["Going out"] == 100


# ============================================================================================
# The stock runs out


STOCK_OUT = Path(__file__).resolve().parent.parent / "docs" / "examples" / "stock-out.pos"


def _stock_out() -> str:
    return STOCK_OUT.read_text().replace('[Variant "classic"]', '[Variant "general"]')


def test_stock_used_up_taking_the_pile_is_optional() -> None:
    """004, item 1 of the closing list: with the stock used up, a player can choose upcards
    that can be melded; the earlier 'Forcing' passage is not followed (pinned). N holds a pair
    of nines for the 9s on top, may take it, and may instead end the hand."""
    text = _stock_out().replace("hand N: 4c 5d 6h Kd", "hand N: 9c 9s 6h Kd")
    assert refused(text, "take with 9c 9s") is None
    s = after(text, "draw")
    assert s.over and s.end_reason == "stock_exhausted"


def test_stock_used_up_a_player_who_cannot_take_ends_the_hand() -> None:
    """004, stock running out: a player who wants a stock card cannot have one, and the play
    ends; a pickup still needs the usual way (unfrozen: two naturals or a natural and a wild
    from hand)."""
    text = _stock_out()
    assert refused(text, "take") == "pile.way_not_allowed"
    s = after(text, "draw")
    assert s.over and s.end_reason == "stock_exhausted"


def test_a_red_three_as_the_last_stock_card_ends_the_hand() -> None:
    """004, stock running out and item 2: if the last stock card drawn is a red three, there is
    no replacement and the game ends at once; the drawer may not discard (nor meld)."""
    text = _stock_out().replace("stock 0", "stock 1").replace("red NS: 3d 3h", "red NS: 3d")
    s = after(text, "draw 3h")
    assert s.over and s.end_reason == "red_three_last"
    assert len(s.red3[0]) == 2
    assert refused(text, "draw 3h discard 4c") == "hand.over"
    assert refused(text, "draw 3h add 9: 2c") == "hand.over"


# ============================================================================================
# Scoring


def test_a_mixed_canasta_on_a_base_of_four() -> None:
    """004, 'Canasta Value': one to three wild cards make a mixed canasta, worth 300, and the
    bonus comes on top of the card values: K-K-K-K-2-2-Jk is 300 + 130."""
    text = finished("Kc Kd Kh Ks 2c 2d Jk")
    ns, _ = score_hand(read_position(parse(text)).state)
    assert breakdown(ns) == {"Melds": 130, "Mixed canastas": 300, "Going out": 100, "Total": 530}


def test_partners_are_scored_together_and_the_losers_alike(capsys: Capsys, tmp_path: Path) -> None:
    """004, scoring: melded card values plus bonuses, minus the cards left in hand, computed for
    the partners as a whole, and in the same way for the side that did not go out. E and W hold
    8c and 8d (20) against their three nines (30)."""
    text = finished(QUEENS, s="4c 5d Kh")
    score = cli_score(capsys, tmp_path, text)
    assert score["NS"]["Cards in hand"] == -20 and score["NS"]["Total"] == 70 + 500 + 100 - 20
    assert (score["EW"]["Melds"], score["EW"]["Cards in hand"], score["EW"]["Total"]) == (
        30,
        -20,
        10,
    )


def test_a_canasta_bonus_counts_for_the_side_that_did_not_go_out(
    capsys: Capsys, tmp_path: Path
) -> None:
    """004, scoring: both the winning and losing hands are computed the same way, bonuses
    included: E-W's natural canasta of nines earns them 500 though N went out."""
    text = finished(QUEENS).replace("melds EW: 9c 9d 9h", "melds EW: 9c 9d 9h 9s 9c 9d 9h")
    score = cli_score(capsys, tmp_path, text)["EW"]
    assert (score["Natural canastas"], score["Melds"], score["Total"]) == (500, 70, 550)


def test_e10_natural_canasta_of_sixes_in_the_tally(capsys: Capsys) -> None:
    """004, 'Canasta Value' (E10) prices seven natural sixes at 542 (500 + 6x7), but its own
    scheme (card values) and every source count a six as 5: the project treats the figure as a
    slip (provenance of canastas.natural_bonus) and a tally entry of 35 meld points with one
    natural canasta gives 535 before the going-out bonus."""
    code, out, err = run_cli(capsys, "tally", "general", "--hand", "NS m 35 n 1 out; EW m 30")
    assert code == 0, err
    total = next(line for line in out.splitlines() if line.startswith("Total"))
    assert total.split()[1] == "635"


def test_tally_concealed_with_three_red_threes(capsys: Capsys) -> None:
    """004: concealed 100 on top of going out (200), three red threes 300, canastas 500 and
    300 plus the card values; the losers lose their hand count."""
    code, out, err = run_cli(
        capsys, "tally", "general", "--hand", "NS m 150 n 1 x 1 r 3 concealed; EW m 80 h 100"
    )
    assert code == 0, err
    rows = {line.split()[0]: line.split()[-2:] for line in out.splitlines() if line[:1].isupper()}
    assert rows["Total"] == ["1450", "-20"]


# Hand 1 of `canasta record general --seed 3 --seeded-deals` (greedy bots): S goes out.
RECORD = """[Variant "general"]
[Players "N, E, S, W"]

hand 1 dealer W seed 3:1
N draw 8c meld Td Ts Jk meld 6c 6s 2s discard 7d
E draw 5d discard 7s
S take 7s with 7c 7s meld Jh Js Js add 6: 6d add 7: 7d add T: Td discard 4c
W draw Qd meld 5c 5s Jk meld 9c 9d 9h Jk discard 3s
N draw 8d discard 9d
E draw Tc add 5: 5c 5d 5d add 9: 9c add 5: 2c add 5: 2d add 5: 2h add 5: Jk discard Tc
S draw Tc add T: Tc discard 8s
W draw Qd discard 7h
N draw Qs meld Qc Qs Qs discard Ah
E draw Jh discard Jh
S draw 7h add 7: 7h add Q: Qc discard Kc
W draw Jc discard Ks
N draw Kh discard Kh
E draw 4s discard 4s
S draw Ac discard Ac
W draw 4h discard 4h
N draw 3s discard 3s
E draw 7d discard 7d
S draw 8d discard 8d
W draw 3h 9s add 9: 9s discard 8h
N take 8h with 8c 8d meld 4c 4h 4s meld Kc Kh Ks add 7: 7d 7h add 8: 8d 8s
N add T: Tc add J: Jh discard 9d
E draw Kh discard 8c
S draw Ks add K: Ks discard Ad
"""


def test_a_played_hand_scores_as_004_counts() -> None:
    """A whole hand replayed under ``general``: E-W's fives take five wild cards once complete
    ('any number of wild cards', 004 'Melding') and still score as mixed (300); E-W melded,
    yet their red three counts minus because S went out (004 'Red threes'); N's two black
    threes left in hand cost 5 each."""
    end = replay(parse(RECORD + "score NS 1005 EW 415\n")).hands[0].end
    assert end is not None and end.over
    ns, ew = (breakdown(x) for x in score_hand(end))
    assert ew == {
        "Melds": 285,
        "Cards in hand": -70,
        "Mixed canastas": 300,
        "Red threes": -100,
        "Total": 415,
    }
    assert ns["Red threes"] == 100 and ns["Going out"] == 100 and ns["Total"] == 1005


def test_e_stopped_by_the_black_three_in_the_record() -> None:
    """004, 'Black threes': after N discards the 3s, E may not take the pile; the record's line
    'E take ...' is refused at that turn."""
    text = RECORD.replace("E draw 7d discard 7d", "E take 3s with 3s 3s discard 7d")
    with pytest.raises(Exception, match=r"pile\.top_black_three"):
        replay(parse(text))


def test_a_wild_card_returned_to_hand_costs_100_in_a_replayed_record(
    capsys: Capsys, tmp_path: Path
) -> None:
    """004, item 7: a fourth wild card put on a meld by mistake must go elsewhere; taking it
    back into hand costs 100. A ``penalty E wild_returned`` line in the record charges E-W 100
    in the hand's score, and the replay checks the asserted score against it."""
    text = RECORD.replace(
        "E draw Jh discard Jh\n", "E draw Jh discard Jh\npenalty E wild_returned\n"
    )
    path = tmp_path / "slip.can"
    path.write_text(text + "score NS 1005 EW 315\n")
    code, out, err = run_cli(capsys, "replay", str(path))
    assert code == 0, err
    assert re.search(r"Penalties\s+0\s+-100", out)
    assert re.search(r"Total\s+1005\s+315", out)
    path.write_text(text + "score NS 1005 EW 415\n")
    code, _, err = run_cli(capsys, "replay", str(path))
    assert code == 2 and "the record says EW scored 415 in hand 1; the replay gives 315" in err


# ============================================================================================
# The rule sheet and the provenance of E9/E10


@pytest.fixture(scope="module")
def sheet() -> str:
    from canasta_rules.cli import main

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf), contextlib.suppress(SystemExit):
        main(["rules", "general"])
    return buf.getvalue()


def test_sheet_black_three_stops_until_covered(sheet: str) -> None:
    """004, 'Black threes': the stop card, and its loss of effect once covered, marked as 004's."""
    assert (
        "A black three discarded on the pile stops the next player: nobody can take the pile "
        "while it is on top. Once another card covers it, it has no further effect. \\[004\\]"
    ) in sheet


def test_sheet_canasta_base_and_wild_cards(sheet: str) -> None:
    """004, 'Canasta Value' and 'Melding': seven cards on four naturals; a completed canasta
    takes any number of wild cards (the sheet marks that reading as pinned)."""
    assert "A meld of 7 or more cards, at least 4 of them natural, is a canasta." in sheet
    assert "any number of wild cards may be added to it, beyond the usual limits" in sheet
    assert "A meld may never hold more wild cards than natural ones, so 5-5-2-2-2" in sheet


def test_sheet_red_three_values(sheet: str) -> None:
    """004, 'Red Trey': 100 each, 200 each (800) with all four."""
    assert "| 3 | 300 |" in sheet and "| 4 | 800 |" in sheet
    assert "Red threes found in a discard pile a player takes are laid down too, without" in sheet


def test_sheet_going_out_and_concealed(sheet: str) -> None:
    """004, '(3) Discarding' and 'Concealed Hand': the last card is discarded except for a
    concealed hand, which earns 200 in all."""
    assert (
        "A player goes out by melding every card but one and then discarding that last card, "
        "except that a player going out concealed melds the whole hand."
    ) in sheet
    assert "Going out concealed earns 200 instead of 100." in sheet


def test_sheet_penalties_of_the_closing_list(sheet: str) -> None:
    """004, items 3-7: the sheet states each remedy ``general`` sets."""
    assert "takes it back into hand instead costs their side 100. \\[004\\]" in sheet
    assert "takes the top card of the stock before the next player's turn begins" in sheet
    assert "lies face up on the table, still one of their cards" in sheet


def test_sheet_says_two_to_six_players_are_pinned_to_four_and_six(sheet: str) -> None:
    """004, opening: 2 or 3 may play, best with four or six. The sheet offers 4 or 6 and its
    pinned note says 004 allows 2-6."""
    assert "This ruleset is for 4 or 6 players: \\[pinned 2\\]" in sheet
    assert "004 allows 2-6 players" in sheet


def test_provenance_treats_e9_and_e10_as_slips(capsys: Capsys) -> None:
    """RULE-PARAMETERS.md E9 and E10: 004's two worked examples add up wrongly. ``variants show
    general`` records the readings: seven natural sixes make 535, and E9 makes 70 with the
    top king alone."""
    code, out, err = run_cli(capsys, "variants", "show", "general")
    assert code == 0, err
    flat = " ".join(out.split())
    assert "sixes count 5, so 535" in flat
    assert "K-K-K + J-J-2 = 70, enough for 50" in flat


def test_sheet_card_values_are_pinned_for_the_missing_table(sheet: str) -> None:
    """004, scoring: 'each card has a value, shown in the table below', but the table is
    missing; the sheet marks every row of its card values as a pinned reading, not 004's."""
    for row in ("| Joker | 50 | pinned 8 |", "| Two and ace | 20 | pinned 8 |"):
        assert row in sheet
    assert "Seven to four and black three | 5 | pinned 8 |" in sheet
