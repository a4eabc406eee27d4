"""Hand and Foot (variants/hand-and-foot.toml) plays by its sources' rules.

Sources, as docs/family/hand-and-foot.md names them (sources.FAMILY has titles and addresses):
Bill Whitnack's rules (BW), Rummy-Games (RGH), Board Game Arena's help page (BGA), North-West
Pages (NWP), Roger DeMeritt's compilation (RDC), Denexa (DNX), TXNetStars (TX) and Jerry Colby
(JC). No text claims a standard; the variant follows the pins of the family page. Each test names
the sources it rests on and asserts the ruling itself.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import code, cs, finished, points, position

from canasta_rules import cards as C
from canasta_rules.bots import make_bot
from canasta_rules.engine import (
    Discard,
    Draw,
    Foot,
    Game,
    Meld,
    Phase,
    TakePile,
    apply,
    deal,
    legal_moves,
    rules_for,
    score_hand,
)
from canasta_rules.engine.invariants import state_problems
from canasta_rules.engine.rules import WILD_KEY
from canasta_rules.errors import IllegalMoveError, NotationError
from canasta_rules.notation import parse, read_position, replay
from canasta_rules.notation.record import game_record
from canasta_rules.notation.writer import position_text
from canasta_rules.variant import load_variant

V = "hand-and-foot"
P = Phase.PLAY
FOOT = "4c 4d 4h 5c 5d 5h 6c 6d 6h 7c 7d 7h Ac"  # 13 cards, no red three
CLEAN_K = "Kc Kd Kh Ks Kc Kd Kh"
CLEAN_Q = "Qc Qd Qh Qs Qc Qd Qh"
DIRTY_J = "Jc Jd Jh Js 2c 2d Jk"
DIRTY_T = "Tc Td Th Ts Tc 2h 2s"
CONTRACT = [CLEAN_K, CLEAN_Q, DIRTY_J, DIRTY_T]  # BGA: two clean and two dirty books


# --------------------------------------------------------------------------------------------
# The table and the deal


def test_five_packs_and_the_worked_example_of_the_deal() -> None:
    """BW, RGH, NWP: one pack more than the players, jokers kept: 5 packs, 270 cards, for four.
    BW, RGH: a hand and a foot of 13 each. The family page's worked example: 270 - 4 x 26 = 166
    cards stay for the upcard and the stock after the deal."""
    r = rules_for(load_variant(V))
    assert len(r.deck) == 270 and r.players == 4 and r.side_size == 2
    assert len(r.deck) - r.players * (r.hand_size + r.foot_size) == 166
    for seed in range(5):
        s = deal(r, seed)
        assert s.hand_len == [13] * 4
        assert [len(f) for f in s.feet] == [13] * 4
        # Red threes dealt are laid down and replaced from the stock (BGA, JC).
        laid = sum(len(x) for x in s.red3)
        assert len(s.stock) + len(s.pile) + laid == 166
        assert not state_problems(s)


def test_the_foot_stays_unseen_until_the_hand_is_used_up() -> None:
    """BW, RGH, BGA: the foot lies face down; it cannot be taken up while the hand holds
    cards, and nothing but taking it up may follow once the hand is used up."""
    s = position(V, hands={"N": "9c 9d 9h 5s"}, melds={0: ["8c 8d 8h"]}, phase=P, feet={"N": FOOT})
    assert code(s, Foot()) == "foot.not_now"
    assert Foot() not in legal_moves(s)


def test_running_to_the_foot() -> None:
    """BGA, TX, RDC: a player who melds the last card of the hand takes up the foot at once and
    plays on in the same turn ('running')."""
    s = position(V, hands={"N": "9c 9d 9h"}, melds={0: ["8c 8d 8h"]}, phase=P, feet={"N": FOOT})
    apply(s, Meld((cs("9c 9d 9h"),)))
    assert s.phase == Phase.FOOT and not s.over and s.turn == 0
    assert legal_moves(s) == [Foot()]
    assert code(s, Discard(C.parse("9c"))) == "foot.take_up"
    assert code(s, Draw()) == "foot.take_up"
    apply(s, Foot())
    assert s.phase == P and s.turn == 0 and s.hand_len[0] == 13
    assert sorted(s.hand_cards(0)) == sorted(cs(FOOT)) and not s.feet[0]


def test_walking_to_the_foot() -> None:
    """BGA, TX, RDC: a player who discards the last card of the hand takes up the foot, but the
    turn ends; the foot is played next turn ('walking')."""
    s = position(V, hands={"N": "5s"}, melds={0: ["8c 8d 8h"]}, phase=P, feet={"N": FOOT})
    apply(s, Discard(C.parse("5s")))
    assert s.phase == Phase.FOOT and s.turn == 0 and s.pile[-1] == C.parse("5s")
    apply(s, Foot())
    assert s.turn == 1 and s.phase == Phase.DRAW and s.hand_len[0] == 13


def test_the_foot_waiting_lifts_keeping_two_cards() -> None:
    """BGA, RDC: the hand is played down to nothing before the foot; with the foot waiting a
    player need not keep two cards (001's rule where the side cannot go out)."""
    kw = {"hands": {"N": "9c 9d 9h 5s"}, "melds": {0: ["8c 8d 8h"]}, "phase": P}
    assert code(position(V, **kw, feet={"N": FOOT}), Meld((cs("9c 9d 9h"),))) is None
    assert code(position(V, **kw), Meld((cs("9c 9d 9h"),))) == "meld.keep_a_card"


def test_a_hand_used_up_with_the_foot_waiting_is_not_going_out() -> None:
    """NWP, BGA: a player must play into the foot to go out; discarding the last hand card with
    the contract met walks to the foot instead of ending the hand."""
    s = position(V, hands={"N": "5s"}, melds={0: CONTRACT}, phase=P, feet={"N": FOOT})
    apply(s, Discard(C.parse("5s")))
    assert not s.over and s.phase == Phase.FOOT and s.out_player == -1


def test_going_out_from_the_foot() -> None:
    """BGA, NWP: in the foot, with two clean and two dirty books, a player goes out by melding
    all but one card and discarding it; going out earns 100 (BGA, JC)."""
    s = position(V, hands={"N": "9c 9d 9h 5s"}, melds={0: CONTRACT}, phase=P)
    apply(s, Meld((cs("9c 9d 9h"),)))
    apply(s, Discard(C.parse("5s")))
    assert s.over and s.end_reason == "went_out" and s.out_player == 0
    ns = score_hand(s)[0]
    assert ns.going_out == 100
    assert ns.natural_canastas == 2 * 500 and ns.mixed_canastas == 2 * 300


def test_the_contract_needs_two_clean_books() -> None:
    """BGA: the common contract for pairs is two clean and two dirty books; four books with one
    clean one are not enough, and the refusal names what is missing."""
    books = [CLEAN_K, DIRTY_J, DIRTY_T, "Qc Qd Qh Qs 2c 2d Jk"]
    s = position(V, hands={"N": "5s"}, melds={0: books}, phase=P)
    assert s.canastas(0) == 4
    ref = code(s, Discard(C.parse("5s")))
    assert ref == "out.contract.natural"
    from canasta_rules.engine import refusal

    msg = refusal(s, Discard(C.parse("5s")))
    assert msg is not None and "your side needs one more natural canasta" in msg.message


def test_the_contract_needs_two_dirty_books() -> None:
    """BGA: three clean books and one dirty one do not meet the contract (two dirty)."""
    books = [CLEAN_K, CLEAN_Q, DIRTY_J, "Ac Ad Ah As Ac Ad Ah"]
    s = position(V, hands={"N": "9c 9d 9h 5s"}, melds={0: books}, phase=P)
    assert code(s, Discard(C.parse("5s"))) is None  # keeps cards: an ordinary discard
    assert code(s, Meld((cs("9c 9d 9h"),))) == "meld.keep_a_card"
    s2 = position(V, hands={"N": "5s"}, melds={0: books}, phase=P)
    assert code(s2, Discard(C.parse("5s"))) == "out.contract.mixed"


def test_the_final_card_must_be_discarded() -> None:
    """NWP (TX: a discard completes play on the foot): melding every card is not going out."""
    s = position(V, hands={"N": "9c 9d 9h"}, melds={0: CONTRACT}, phase=P)
    assert code(s, Meld((cs("9c 9d 9h"),))) == "out.final_discard"


def test_cards_left_in_hand_and_foot_count_against_their_owner() -> None:
    """TX, BGA: at the end of the round the cards in a player's hand and in a foot never taken
    up both count against the side."""
    kw = {"hands": {"N": "Ac 5s", "S": "9c"}, "melds": {0: ["8c 8d 8h"]}}
    waiting = finished(position(V, **kw, feet={"S": FOOT}))
    taken = finished(position(V, **kw))
    assert score_hand(taken)[0].hands == -(20 + 5 + 10)
    assert score_hand(waiting)[0].hands == -(20 + 5 + 10) - points(V, FOOT)


def test_a_red_three_in_a_foot_never_taken_up_counts_against() -> None:
    """BGA: the cards left in hand and foot count against the side; GSF and Rarepike charge a red
    three caught in hand or foot. A red three in a foot never taken up was never laid down, so it
    costs a red three's value (100 here) instead of scoring it."""
    foot = "3h 4d 4h 5c 5d 5h 6c 6d 6h 7c 7d 7h Ac"
    kw = {"hands": {"N": "5s", "S": "9c"}, "melds": {0: ["8c 8d 8h"]}, "feet": {"S": foot}}
    sc = score_hand(finished(position(V, **kw)))[0]
    assert sc.red_threes == 0
    assert sc.hands == -5 - 10 - points(V, foot.replace("3h ", "")) - 100


def test_red_threes_are_a_flat_100_each() -> None:
    """BGA, JC: each red three scores 100; no text gives a bonus for all of them or turns them
    minus, so a side that melded nothing still scores them plus (001 would count them minus)."""
    kw = {"hands": {"N": "5s"}, "red3": {0: "3d 3h 3d"}}
    s = finished(position(V, **kw))
    assert not s.melds[0]
    assert score_hand(s)[0].red_threes == 300
    assert (
        score_hand(finished(position("classic", hands={"N": "5s"}, red3={0: "3d 3h"})))[
            0
        ].red_threes
        == -200
    )


def test_a_black_three_left_in_hand_costs_5() -> None:
    """BGA: a black three counts -5 when left in hand."""
    s = finished(position(V, hands={"N": "3c", "S": "5s"}, melds={0: ["8c 8d 8h"]}), out_player=1)
    assert score_hand(s)[0].hands == -(5 + 5)


def test_threes_are_never_melded() -> None:
    """RGH, RDC (the core every text shares): threes are never melded."""
    s = position(V, hands={"N": "3c 3s 3c 9d 9h"}, melds={0: ["8c 8d 8h"]}, phase=P)
    assert code(s, Meld((cs("3c 3s 3c"),))) == "meld.black_threes.never"


def test_minimums_rise_by_round() -> None:
    """RDC, TX: the initial meld needs 50 in round one and 150 in round four, whatever the
    score."""
    kw = {"hands": {"N": "Ac Ad Ah Kc Kd Kh 5s 6s"}, "phase": P, "scores": [0, 0]}
    one = position(V, **kw)
    assert code(one, Meld((cs("Ac Ad Ah"),))) is None  # 60 >= 50
    four = position(V, **kw)
    four.hand_no = 4
    assert code(four, Meld((cs("Ac Ad Ah"),))) == "open.below_minimum"
    assert code(four, Meld((cs("Ac Ad Ah"), cs("Kc Kd Kh")))) == "open.below_minimum"  # 90
    three = position(V, **kw)
    three.hand_no = 2
    assert code(three, Meld((cs("Ac Ad Ah"), cs("Kc Kd Kh")))) is None  # 90 in round two


def test_running_needs_the_opening_met_first() -> None:
    """RDC's minimums by round, with the project's reading (docs/engine.md): a side still
    opening reaches its minimum with the hand's cards before running to the foot."""
    kw = {"phase": P, "feet": {"N": FOOT}}
    short = position(V, hands={"N": "9c 9d 9h"}, **kw)
    assert code(short, Meld((cs("9c 9d 9h"),))) == "open.below_minimum"
    rich = position(V, hands={"N": "Ac Ad Ah"}, **kw)
    apply(rich, Meld((cs("Ac Ad Ah"),)))
    assert rich.phase == Phase.FOOT


def test_the_pile_only_with_a_natural_pair() -> None:
    """RGH, NWP: the pile is taken only with a natural pair of the top card's rank, never with
    a natural and a wild card (001 allows that on an unfrozen pile)."""
    kw = {"hands": {"N": "Kd Kh 2c 5s"}, "melds": {0: ["8c 8d 8h"]}, "pile": "9s Kc"}
    s = position(V, **kw)
    assert code(s, TakePile(cs("Kd 2c"))) is not None
    assert code(s, TakePile(cs("Kd Kh"))) is None
    assert code(position("classic", **kw), TakePile(cs("Kd 2c"))) is None


def test_draw_two() -> None:
    """RGH, BGA, TX, RDC: draw two cards from the stock, discard one."""
    s = deal(rules_for(load_variant(V)), 3)
    before = s.hand_len[s.turn]
    apply(s, Draw())
    assert s.hand_len[s.turn] == before + 2


def test_wild_cards_at_most_three_and_fewer_than_naturals() -> None:
    """NWP: at most three wild cards in a book, and fewer than the naturals."""
    s = position(V, hands={"N": "9c 9d 9h 9s 2c 2d 2h Jk 5s 6s"}, melds={0: ["8c 8d 8h"]}, phase=P)
    assert code(s, Meld((cs("9c 9d 9h 9s 2c 2d 2h Jk"),))) == "meld.canasta_closed"  # 8 cards
    assert code(s, Meld((cs("9c 9d 9h 2c 2d 2h Jk"),))) == "meld.too_many_wild"
    assert code(s, Meld((cs("9c 9d 2c 2d 2h"),))) == "meld.wild_not_fewer_than_natural"
    assert code(s, Meld((cs("9c 9d 2c 2d"),))) == "meld.wild_not_fewer_than_natural"
    assert code(s, Meld((cs("9c 9d 9h 2c 2d"),))) is None
    assert code(s, Meld((cs("9c 9d 9h 9s 2c 2d 2h"),))) is None


def test_a_wild_book_scores_1500() -> None:
    """BW, RGH, BGA: wild cards may form a meld of their own; seven make a wild book worth
    1500 (BGA)."""
    wild = "2c 2d 2h 2s Jk Jk 2c"
    s = position(V, hands={"N": wild + " 9c 9d"}, melds={0: ["8c 8d 8h"]}, phase=P)
    apply(s, Meld((cs(wild),)))
    assert s.melds[0][WILD_KEY].size == 7
    assert score_hand(finished(s))[0].wild_canastas == 1500


def test_a_red_three_in_the_foot_is_laid_down_and_replaced() -> None:
    """BGA, JC: red threes are laid out and replaced from the stock; one in the foot likewise
    when the foot is taken up (the position's stock order is unknown, so the move names the
    replacement)."""
    foot = "3h 4d 4h 5c 5d 5h 6c 6d 6h 7c 7d 7h Ac"
    s = position(V, hands={"N": "9c 9d 9h"}, melds={0: ["8c 8d 8h"]}, phase=P, feet={"N": foot})
    apply(s, Meld((cs("9c 9d 9h"),)))
    assert code(s, Foot()) == "draw.cards_unknown"
    apply(s, Foot(cs("9s")))
    assert C.parse("3h") in s.red3[0] and s.hand_len[0] == 13
    assert s.hands[0][C.parse("9s")] == 1


def test_the_stock_running_out_ends_the_round_without_a_bonus() -> None:
    """BGA: when the stock is exhausted the round ends and nobody earns the going-out bonus."""
    r = rules_for(load_variant(V))
    assert r.stock_out_last_turn
    s = finished(position(V, hands={"N": "5s"}, melds={0: CONTRACT}))
    assert [sc.going_out for sc in score_hand(s)] == [0, 0]


def test_four_rounds() -> None:
    """BW, RDC, BGA, JC: a game is four rounds; the higher total after the fourth wins."""
    v = load_variant(V)
    result = Game(v, seed=1).play(make_bot("greedy", 1))
    assert len(result.hands) == 4


def test_a_greedy_game_is_recorded_and_replays_identically() -> None:
    """A bot game written as a record (the foot pickups as 'foot' actions, the feet of a
    written-out deal as 'foot N:' lines) replays to the same moves, hands and scores."""
    v = load_variant(V)
    for written in (False, True):
        g = Game(v, 2)
        result = g.play(make_bot("greedy", 2))
        feet_taken = sum(1 for h in result.hands for _, m in h.moves if isinstance(m, Foot))
        assert feet_taken > 0
        text = game_record(g.rules, result, V, (), 2, written_deals=written)
        assert "foot" in text
        rp = replay(parse(text, "game.can"))
        assert rp.totals == result.scores
        for mine, theirs in zip(rp.hands, result.hands, strict=True):
            assert [m for _, m in mine.moves] == [m for _, m in theirs.moves]
            a, b = mine.end, theirs.end
            assert a is not None and b is not None
            assert a.hands == b.hands and a.melds == b.melds
            assert [sorted(f) for f in a.feet] == [sorted(f) for f in b.feet]  # order unseen


# --------------------------------------------------------------------------------------------
# The notation: the foot in records and positions, and its slips


def test_a_foot_line_in_a_ruleset_without_a_foot_is_an_error() -> None:
    """A position names its feet only where the ruleset deals them (docs/notation.md)."""
    text = '[Variant "classic"]\n\nhand N: 5c\nhand E: 5d\nhand S: 5h\nhand W: 5s\nfoot N: taken\n'
    text += "pile: 7c\nto move: N draw\n"
    with pytest.raises(NotationError, match=r"p\.pos:7:1: this ruleset deals no foot"):
        read_position(parse(text, "p.pos"))


def test_a_position_must_list_every_foot() -> None:
    """In Hand and Foot every seat's foot is listed, its cards or 'taken'."""
    text = '[Variant "hand-and-foot"]\n\nhand N: 5c\nhand E: 5d\nhand S: 5h\nhand W: 5s\n'
    text += "foot N: taken\npile: 7c\nto move: N draw\n"
    with pytest.raises(NotationError, match="deals every player a foot"):
        read_position(parse(text, "p.pos"))


def test_taking_up_the_foot_too_early_is_refused_where_it_is_written() -> None:
    """A record's 'foot' while the hand still holds cards is refused with the rule code, at the
    line and column of the action."""
    v = load_variant(V)
    g = Game(v, 5)
    result = g.play(make_bot("greedy", 5))
    text = game_record(g.rules, result, V, (), 5, written_deals=False)
    lines = text.splitlines()
    i = next(k for k, ln in enumerate(lines) if ln.startswith(("N draw", "E draw")))
    lines[i] = lines[i].replace(" discard", " foot discard", 1)
    with pytest.raises(IllegalMoveError, match=r"game\.can:\d+:\d+: .*foot\.not_now"):
        replay(parse("\n".join(lines) + "\n", "game.can"))


def test_a_written_out_deal_gives_every_foot() -> None:
    """A written-out Hand and Foot deal lists each seat's foot ('foot N: CARDS'); one missing is
    an error naming the seat."""
    v = load_variant(V)
    g = Game(v, 4)
    result = g.play(make_bot("random", 4))
    text = game_record(g.rules, result, V, (), 4, written_deals=True)
    lines = [ln for ln in text.splitlines() if not ln.startswith("foot W:")]
    with pytest.raises(NotationError, match="gives none to W"):
        replay(parse("\n".join(lines) + "\n", "game.can"))


def test_a_position_taking_up_the_foot_reads_back() -> None:
    """A position written while a player is to take up the foot keeps whether they walk (the
    turn then ends) or run (they play on): 'to move: N foot' and the turn entry 'walking'."""
    for walking in (True, False):
        hands = {"N": "5s"} if walking else {"N": "9c 9d 9h"}
        s = position(V, hands=hands, melds={0: ["8c 8d 8h"]}, phase=P, feet={"N": FOOT})
        apply(s, Discard(C.parse("5s")) if walking else Meld((cs("9c 9d 9h"),)))
        text = position_text(s, [("Variant", V)])
        assert "to move: N foot" in text and ("walking" in text) == walking
        assert "foot N: 4c 4d 4h" in text
        t = read_position(parse(text, "p.pos")).state
        assert t.phase == Phase.FOOT and t.walking == walking
        apply(t, Foot())
        assert (t.turn, t.phase) == ((1, Phase.DRAW) if walking else (0, P))
        assert position_text(read_position(parse(text, "p.pos")).state, [("Variant", V)]) == text


def test_an_out_claim_with_the_foot_face_down_is_an_error() -> None:
    """NWP, BGA: a player must take up the foot to go out, so a position cannot say N went out
    with N's foot still face down."""
    feet = "foot N: " + FOOT + "\nfoot E: taken\nfoot S: taken\nfoot W: taken\n"
    melds = "melds NS: " + ", ".join(CONTRACT) + "\n"
    text = f'[Variant "{V}"]\n\nhand N:\nhand E: 5d\nhand S: 5h\nhand W: 5s\n{feet}{melds}'
    text += "pile: 7c\nout N\n"
    with pytest.raises(NotationError, match="foot still face down"):
        read_position(parse(text, "p.pos"))
    ok = text.replace("foot N: " + FOOT, "foot N: taken")
    assert read_position(parse(ok, "p.pos")).state.out_player == 0


def test_six_players_in_two_teams_of_three_with_seven_packs() -> None:
    """BW, RGH: six play as two teams of three with one pack more than the players, seven packs
    (378 cards); 378 - 6 x 26 = 222 cards stay for the upcard and the stock."""
    r = rules_for(load_variant("hand-and-foot-six"))
    assert len(r.deck) == 378 and r.players == 6 and r.sides == 2 and r.side_size == 3
    s = deal(r, 1)
    assert s.hand_len == [13] * 6 and [len(f) for f in s.feet] == [13] * 6
    assert len(s.stock) + len(s.pile) + sum(len(x) for x in s.red3) == 222
    result = Game(load_variant("hand-and-foot-six"), 1).play(make_bot("greedy", 1))
    assert len(result.hands) == 4


def test_taking_up_a_foot_already_taken_is_an_error() -> None:
    """A position whose player is to take up the foot must show that foot still face down."""
    feet = "foot N: taken\nfoot E: taken\nfoot S: taken\nfoot W: taken\n"
    text = f'[Variant "{V}"]\n\nhand N:\nhand E: 5d\nhand S: 5h\nhand W: 5s\n{feet}'
    text += "melds NS: 8c 8d 8h\npile: 7c\nto move: N foot\n"
    with pytest.raises(NotationError, match=r"p\.pos:\d+:1: North has no foot face down"):
        read_position(parse(text, "p.pos"))


# --------------------------------------------------------------------------------------------
# Feet face down written as counts (docs/notation.md: 'foot N: 13 unseen')

UNSEEN = Path(__file__).parent.parent / "docs" / "examples" / "hand-and-foot-unseen-feet.pos"


def test_a_foot_face_down_may_be_written_as_a_count() -> None:
    """A position leaves a face-down foot unseen, as it leaves the stock's order: it reads, the
    cards standing in for the foot come from those written nowhere, and the stock is the rest."""
    rp = read_position(parse(UNSEEN.read_text(encoding="utf-8"), "p.pos"))
    s = rp.state
    assert [len(f) for f in s.feet] == [13, 0, 13, 0]
    assert len(s.stock) == 210
    assert rp.unseen_feet == frozenset({0, 2})
    assert not state_problems(s)


def test_taking_up_an_unseen_foot_is_legal_but_nothing_after_it_can_be_judged() -> None:
    from canasta_rules.notation.ruling import rule_on

    rp = read_position(parse(UNSEEN.read_text(encoding="utf-8"), "p.pos"))
    assert rule_on(rp, "N foot").legal
    after = rule_on(rp, "N foot meld 4c 4d 4h")
    assert not after.legal and after.refusal is not None
    assert after.refusal.code == "foot.cards_unknown"


def test_an_unseen_foot_of_the_wrong_size_or_in_a_deal_is_refused() -> None:
    text = UNSEEN.read_text(encoding="utf-8").replace("foot S: 13 unseen", "foot S: 12 unseen")
    with pytest.raises(NotationError, match=r"p\.pos:\d+:1: a foot face down holds 13 cards"):
        read_position(parse(text, "p.pos"))
    g = Game(load_variant(V), 3)
    result = g.play(make_bot("greedy", 3))
    text = game_record(g.rules, result, V, (), 3, written_deals=True)
    lines = text.splitlines()
    i = next(i for i, ln in enumerate(lines) if ln.startswith("foot N: "))
    lines[i] = "foot N: 13 unseen"
    with pytest.raises(
        NotationError, match=rf"d\.can:{i + 1}:1: .*lists the cards of North's foot"
    ):
        replay(parse("\n".join(lines) + "\n", "d.can"))


def test_an_unseen_foot_is_written_back_as_a_count() -> None:
    from canasta_rules.notation import format_document

    text = UNSEEN.read_text(encoding="utf-8")
    assert "foot N: 13 unseen" in format_document(parse(text, "p.pos"))


def test_a_position_says_which_round_it_is_in() -> None:
    """RDC, RV: the minimum goes by the round (50, 90, 120, 150). A position carries the round as
    its hand number (tag Hand), written back when it is not the first: three aces (60) open in
    round one and fall short of round three's 120."""
    from canasta_rules.notation import parse, position_text, read_position
    from canasta_rules.notation.ruling import rule_on

    s = position(V, hands={"N": "Ac Ad Ah 5s 6s"}, phase=P)
    first = position_text(s, [("Variant", V)])
    assert "[Hand" not in first
    s.hand_no = 3
    third = position_text(s, [("Variant", V)])
    assert '[Hand "3"]' in third
    move = "meld Ac Ad Ah discard 5s"
    assert rule_on(read_position(parse(first, "one.pos")), move).legal
    pos = read_position(parse(third, "three.pos"))
    assert pos.state.hand_no == 3 and pos.state.minimum(0) == 120
    verdict = rule_on(pos, move)
    assert verdict.refusal is not None and verdict.refusal.code == "open.below_minimum"


def test_equal_totals_after_the_fourth_round_share_the_game() -> None:
    """BW, RDC: four rounds make the game, the higher total winning (BGA, JC); equal totals after
    the fourth are shared (pinned: there is no fifth round), and the tally says so."""
    from canasta_rules.engine.game import game_end
    from canasta_rules.tally import Sheet, status_lines

    r = rules_for(load_variant(V))
    assert game_end(r, [300, 300], -1, hand_no=4) == (True, None)
    assert game_end(r, [300, 299], -1, hand_no=4) == (True, 0)
    sheet = Sheet.new(V)
    for line in ("NS m 100", "NS m 100", "NS m 100", "EW m 300"):
        sheet.add(line)
    assert status_lines(sheet) == ["result: shared, NS 300, EW 300"]


def test_ruling_show_lists_the_foot_taken_up_before_the_melds_from_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`ruling --show` tells what happened in the order it happened: North, whose hand is used
    up, takes up the foot, then melds three of its fours, then discards."""
    from helpers import run_cli

    pos = Path(__file__).resolve().parent.parent / "docs/examples/hand-and-foot-running.pos"
    status, out, _ = run_cli(capsys, "ruling", str(pos), "foot meld 4c 4d 4h discard 7c", "--show")
    assert status == 0
    changes = [ln[2:] for ln in out.splitlines() if ln.startswith("- ")]
    assert changes[:3] == [
        "North takes up the foot (13 cards)",
        "North-South melds fours: 4c 4d 4h",
        "7c is discarded",
    ]
