"""Modern American Canasta (variants/modern-american.toml) plays by its sources' rules.

Sources, as docs/family/modern-american.md names them: Canasta Connection (CC), Canasta.com's
rules (CCOM) and count (CCP), Canasta Junction (CJ), Play Online Canasta (POC), Meggiesoft (BUF),
the Wikipedia copy (WUS), Pagat (PAG), the Honors Bridge Club (HBC), Chick Magnets (CHM), the
Canasta League of America as reported (CLA) and the project's catalog (cat). Each test names the
ones it rests on and asserts the ruling itself. The threes, talons, missing upcard, empty-pile bans
and end-of-hand penalties are tested parameter by parameter in
tests/test_family_modern_american_threes.py; the worked count here uses the built-in whole.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from family_helpers import replays_identically
from helpers import code, cs, finished, position, run_cli, shown

from canasta_rules import cards as C
from canasta_rules.bots import make_bot
from canasta_rules.engine import (
    Discard,
    Game,
    Meld,
    Phase,
    TakePile,
    apply,
    deal,
    refusal,
    rules_for,
    score_hand,
)
from canasta_rules.engine.goingout import going_out_plan
from canasta_rules.errors import NotationError
from canasta_rules.notation import parse, replay
from canasta_rules.variant import load_variant

V = "modern-american"
P = Phase.PLAY
CANASTA_K = "Kc Kd Kh Ks Kc Kd Kh"
CANASTA_Q = "Qc Qd Qh Qs Qc Qd Qh"


def test_the_table() -> None:
    """CC, CCOM, POC, BUF, CHM: four players in two pairs, 108 cards, 13 each, one card drawn
    from the stock, game to 8500."""
    r = rules_for(load_variant(V))
    assert len(r.deck) == 108 and r.draw_count == 1 and r.target == 8500
    assert (r.players, r.sides) == (4, 2)
    s = deal(r, 3)
    assert [s.hand_len[p] for p in range(4)] == [13] * 4


def test_minimums_125_155_180() -> None:
    """cat, CLA (reported): 125 below 3000 (negative scores too), 155 below 5000, 180 above."""
    r = rules_for(load_variant(V))
    assert [r.minimum(x) for x in (-800, 0, 2995, 3000, 4995, 5000, 9000)] == [
        125,
        125,
        125,
        155,
        155,
        180,
        180,
    ]
    hand = {"N": "Kc Kd Ks Ac Ad Ah 9d 9h"}  # 30 + 60 = 90
    s = position(V, hands=hand, phase=P)
    assert code(s, Meld((cs("Kc Kd Ks"), cs("Ac Ad Ah")))) == "open.below_minimum"


def test_the_pile_is_always_frozen() -> None:
    """BUF, CJ: the pile is taken only with a natural pair of the top card's rank, even by a
    side that has opened and with no wild card in the pile; 001_0cb887cc6d824426.txt (classic)
    also takes an unfrozen pile with a natural and a wild card."""
    kw: dict[str, Any] = {"hands": {"N": "Kc 2c Ks 9d"}, "melds": {0: ["Qc Qd Qh"]}}
    kw["pile"] = "5c 6d Kd"
    one_and_wild = TakePile(cs("Kc 2c"))
    assert code(position("classic", **kw), one_and_wild) is None
    assert code(position(V, **kw), one_and_wild) == "pile.way_not_allowed"
    assert code(position(V, **kw), TakePile(cs("Kc Ks"))) is None


def test_at_most_two_wild_cards() -> None:
    """CC, CCOM, POC, WUS: a meld holds at most two wild cards (classic: three)."""
    kw: dict[str, Any] = {"hands": {"N": "Kc Kd 2c 2d Jk Ac Ad Ah 9d 9h"}, "phase": P}
    three_wild = Meld((cs("Kc Kd 2c 2d Jk"), cs("Ac Ad Ah")))
    assert code(position("classic", **kw), three_wild) is None
    assert code(position(V, **kw), three_wild) == "meld.too_many_wild"


def test_a_meld_stops_at_seven() -> None:
    """CCOM, POC, CJ: no meld holds more than seven cards (classic: a canasta keeps growing)."""
    kw: dict[str, Any] = {"hands": {"N": "Jh Js 9d 9h"}, "melds": {0: ["Jc Jd Jh Js Jc Jd"]}}
    kw["phase"] = P
    two_more = Meld(adds=((11, cs("Jh Js")),))
    assert code(position("classic", **kw), two_more) is None
    assert code(position(V, **kw), two_more) == "meld.canasta_closed"


def test_five_jacks_cannot_take_the_pile_with_a_pair_of_jacks() -> None:
    """WUS's example: a side with a meld of five jacks may not take the pile with a pair of
    jacks (the meld would pass seven, and a second meld of jacks is not allowed)."""
    kw: dict[str, Any] = {"hands": {"N": "Jh Js 9d 9h"}, "melds": {0: ["Jc Jd Jh Js Jc"]}}
    kw["pile"] = "5c 6d Jd"
    pair = TakePile(cs("Jh Js"))
    assert code(position("classic", **kw), pair) is None
    assert code(position(V, **kw), pair) == "meld.canasta_closed"


def test_a_dead_rank_is_melded_by_neither_side() -> None:
    """CCOM: once a canasta of queens is closed, no side starts or adds to queens; CJ: a dead
    card on top of the pile cannot be picked."""
    theirs = "Qc Qd Qh Qs Qc 2c 2d"
    s = position(V, hands={"N": "Qd Qh Qs 9d 9h"}, melds={0: ["Kc Kd Ks"], 1: [theirs]}, phase=P)
    assert code(s, Meld((cs("Qd Qh Qs"),))) == "meld.dead_rank"
    t = position(V, hands={"N": "Qd Qh 9d 9h"}, melds={0: ["Kc Kd Ks"], 1: [theirs]}, pile="Qs")
    assert code(t, TakePile(cs("Qd Qh"))) == "pile.dead_rank"
    # Their own closed canasta is as dead for them.
    own = position(V, hands={"N": "Qd Qh Qs 9d 9h"}, melds={0: [theirs]}, phase=P)
    assert code(own, Meld((cs("Qd Qh Qs"),))) == "meld.dead_rank"


def test_wild_cards_join_only_five_naturals_after_the_opening() -> None:
    """CC, CCOM: after the side's opening, a wild card joins only a meld holding five naturals;
    classic lets it join any meld within the limit."""
    kw: dict[str, Any] = {"hands": {"N": "2c 2d 9d 9h Jk"}, "phase": P}
    kw["melds"] = {0: ["Kc Kd Kh Ks", "8c 8d 8h 8s 8c"]}
    on_four = Meld(adds=((13, cs("2c")),))
    assert code(position("classic", **kw), on_four) is None
    assert code(position(V, **kw), on_four) == "meld.wild.few_naturals"
    assert code(position(V, **kw), Meld(adds=((8, cs("2c")),))) is None
    new_dirty = Meld((cs("9d 9h 2c"),))
    assert code(position(V, **kw), new_dirty) == "meld.wild.few_naturals"


def test_wild_cards_in_the_opening() -> None:
    """CC: the opening may use wild cards with two naturals; CCOM: aces opened with a wild card
    form an ordinary meld."""
    s = position(V, hands={"N": "Ac Ad Ah Jk Kc Kd Ks 9d 9h"}, phase=P)
    assert code(s, Meld((cs("Ac Ad Ah Jk"), cs("Kc Kd Ks")))) is None  # 110 + 30
    apply(s, Meld((cs("Ac Ad Ah Jk"), cs("Kc Kd Ks"))))
    assert s.melds[0][14].wilds == 1


def test_sevens_never_take_a_wild_card() -> None:
    """CCOM, POC, WUS: sevens are never melded with wild cards, in the opening or after."""
    s = position(V, hands={"N": "2c 9d 9h Jk"}, melds={0: ["7c 7d 7h 7s 7c"]}, phase=P)
    assert code(s, Meld(adds=((7, cs("2c")),))) == "meld.special.wild"
    opening = position(V, hands={"N": "7c 7d 2c Ac Ad Ah Jk Kc Kd Ks"}, phase=P)
    assert code(opening, Meld((cs("7c 7d 2c"), cs("Ac Ad Ah Jk")))) == "meld.special.wild"


def test_pure_aces_stay_pure() -> None:
    """CCOM, POC, WUS: a meld of aces laid without a wild card never takes one, even with five
    naturals; one laid with a wild card in the opening is an ordinary meld."""
    kw: dict[str, Any] = {"hands": {"N": "2c 9d 9h Jk"}, "phase": P}
    pure = position(V, melds={0: ["Ac Ad Ah Ac Ad"]}, **kw)
    assert code(pure, Meld(adds=((14, cs("2c")),))) == "meld.special.wild"
    ordinary = position(V, melds={0: ["Ac Ad Ah Ac Ad 2d"]}, **kw)
    assert code(ordinary, Meld(adds=((14, cs("2c")),))) is None


def test_canasta_bonuses() -> None:
    """CCP: natural canasta 500, mixed 300, sevens 2500, pure aces 2500; an ace canasta opened
    with a wild card counts as mixed."""

    def bonus(meld: str) -> tuple[int, int]:
        sc = score_hand(finished(position(V, melds={0: [meld]})))[0]
        return sc.natural_canastas, sc.mixed_canastas

    assert bonus(CANASTA_K) == (500, 0)
    assert bonus("Kc Kd Kh Ks Kc 2c Jk") == (0, 300)
    assert bonus("7c 7d 7h 7s 7c 7d 7h") == (2500, 0)
    assert bonus("Ac Ad Ah As Ac Ad Ah") == (2500, 0)
    assert bonus("Ac Ad Ah As Ac Ad Jk") == (0, 300)


def test_unfinished_sevens_and_pure_aces_cost_2500() -> None:
    """CCP, WUS: a meld of sevens or of pure aces left unfinished at the end of the hand costs
    2500; an ace meld opened with a wild card costs nothing beyond its cards."""
    sc = score_hand(finished(position(V, melds={0: ["7c 7d 7h", "Ac Ad Ah Ac"]})))[0]
    assert sc.penalties == -5000
    ordinary = score_hand(finished(position(V, melds={0: ["Ac Ad Ah Jk"]})))[0]
    assert ordinary.penalties == 0


def test_wild_canastas_by_make_up() -> None:
    """CCP, WUS: seven twos 3000; the four jokers and three twos 2500; any other mix 2000."""

    def wild_bonus(cards: str) -> int:
        s = position(V, hands={"N": f"{cards} 9d 9h"}, melds={0: ["8c 8d 8h"]}, phase=P)
        apply(s, Meld((cs(cards),)))
        return score_hand(finished(s))[0].wild_canastas

    assert wild_bonus("2c 2d 2h 2s 2c 2d 2h") == 3000
    assert wild_bonus("Jk Jk Jk Jk 2c 2d 2h") == 2500
    assert wild_bonus("Jk Jk Jk 2c 2d 2h 2s") == 2000


def test_an_open_wild_meld_locks_wild_cards_and_costs_2000() -> None:
    """CC, WUS: while the side's wild meld is unfinished no wild card goes elsewhere, and it
    cannot go out (CC); CCP: unfinished at the end it costs 2000."""
    kw: dict[str, Any] = {"hands": {"N": "2c 2d 2h Jk 9d 9h 9s 5c"}, "phase": P}
    s = position(V, melds={0: [CANASTA_K, "8c 8d 8h 8s 8c"], 1: []}, **kw)
    apply(s, Meld((cs("2c 2d 2h"),)))
    assert code(s, Meld(adds=((8, cs("Jk")),))) == "meld.wild.locked"
    assert code(s, Meld(adds=((2, cs("Jk")),))) is None
    assert score_hand(finished(s))[0].penalties == -2000


def test_no_going_out_with_an_open_wild_meld() -> None:
    """CC: a side cannot go out while its meld of wild cards is open."""
    s = position(V, hands={"N": "2c 2d 2h 9d 9h 9s 5c"}, melds={0: [CANASTA_K, CANASTA_Q]})
    s.phase = P
    apply(s, Meld((cs("2c 2d 2h"),)))
    assert code(s, Meld((cs("9d 9h 9s"),))) == "out.wild_meld_open"
    t = position(V, hands={"N": "9d 9h 9s 5c"}, melds={0: [CANASTA_K, CANASTA_Q]}, phase=P)
    assert code(t, Meld((cs("9d 9h 9s"),))) is None


def test_the_going_out_planner_keeps_to_these_rules() -> None:
    """CC, CCOM: with the kings and queens closed, a two has nowhere to go (three nines are too
    few for it, sevens never take one), so the player cannot go out; classic would put it on the
    nines. Without the two, and with the sevens a canasta (CJ: no going out while they are
    unfinished), the planner's way out is legal move by move."""
    melds = {0: [CANASTA_K, CANASTA_Q, "7c 7d 7h 7s 7c"]}
    stuck = position(V, hands={"N": "9d 9h 9s 2c 5c"}, melds=melds, phase=P)
    assert going_out_plan(stuck) is None
    assert going_out_plan(position("classic", hands={"N": "9d 9h 9s 2c 5c"}, melds=melds, phase=P))
    melds = {0: [CANASTA_K, CANASTA_Q, "7c 7d 7h 7s 7c 7d 7h"]}
    s = position(V, hands={"N": "9d 9h 9s 5c"}, melds=melds, phase=P)
    plan = going_out_plan(s)
    assert plan is not None
    for move in plan:
        assert refusal(s, move) is None
        apply(s, move)
    assert s.phase == Phase.OVER and s.out_player == 0


def test_two_canastas_and_a_discard_to_go_out() -> None:
    """cat, CLA (reported): a side needs two canastas, and the last card is discarded."""
    one = position(V, hands={"N": "9d 9h 9s 5c"}, melds={0: [CANASTA_K]}, phase=P)
    assert code(one, Meld((cs("9d 9h 9s"),))) == "meld.keep_a_card"
    two = position(V, hands={"N": "9d 9h 9s"}, melds={0: [CANASTA_K, CANASTA_Q]}, phase=P)
    assert code(two, Meld((cs("9d 9h 9s"),))) == "out.final_discard"


def test_the_opening_needs_a_clean_triple() -> None:
    """CLA (reported), HBC: the opening must hold three naturals of one rank, no wild card."""
    hand = {"N": "Kc Kd 2c Ac Ad Jk Qc Qd Qh 9d 9h"}
    s = position(V, hands=hand, phase=P)
    assert code(s, Meld((cs("Kc Kd 2c"), cs("Ac Ad Jk")))) == "open.clean_triple"
    assert code(s, Meld((cs("Kc Kd 2c"), cs("Ac Ad Jk"), cs("Qc Qd Qh")))) is None


def test_the_opening_may_close_a_clean_canasta_not_a_dirty_one() -> None:
    """HBC: the opening may close a clean canasta but not a dirty one."""
    hand = {"N": "Kc Kd Kh Ks Kc 2c 2d Qc Qd Qh Qs Qc Qd Qh 9d 9h"}
    s = position(V, hands=hand, phase=P)
    assert code(s, Meld((cs("Kc Kd Kh Ks Kc 2c 2d"), cs("Qc Qd Qh")))) == "open.mixed_canasta"
    assert code(s, Meld((cs(CANASTA_Q),))) is None


def test_going_out_earns_100_concealed_or_not() -> None:
    """CCP: going out 100; cat, CLA (reported): no extra bonus for going out concealed."""
    s = position(V, melds={0: [CANASTA_K, CANASTA_Q]})
    s = finished(s, out_player=0)
    assert score_hand(s)[0].going_out == 100
    s.concealed = True
    assert score_hand(s)[0].going_out == 100


SEVENS = "7c 7d 7h 7s 7c 7d 7h"


def _out_hand(**kw: Any) -> dict[str, Any]:
    """A finished-hand position: every hand empty, no pile."""
    return {"pile": "", "hands": {"N": "", "E": "", "S": "", "W": ""}, **kw}


def test_ccp_worked_count() -> None:
    """CCP's worked count, in its order: a side going out (100) with a natural canasta (500) and
    a canasta of sevens (2500), two red threes (300) and one black three (100) has 3500 before
    the count of its cards."""
    s = finished(position(V, **_out_hand(melds={0: [CANASTA_K, SEVENS]}, red3={0: "3d 3h 3s"})), 0)
    row = score_hand(s)[0]
    assert row.total - row.melds - row.hands == 3500
    assert (row.going_out, row.red_threes, row.laid_black_threes) == (100, 300, 100)


def test_ccp_threes_with_one_canasta_or_none() -> None:
    """CCP: with exactly one canasta a side's threes count nothing; with none they count minus
    (two red 300 and one black 100: -400)."""
    one = finished(position(V, **_out_hand(melds={0: [CANASTA_K]}, red3={0: "3d 3h 3s"})), 1)
    row = score_hand(one)[0]
    assert (row.red_threes, row.laid_black_threes) == (0, 0)
    none = finished(position(V, **_out_hand(melds={0: ["Kc Kd Kh"]}, red3={0: "3d 3h 3s"})), 1)
    row = score_hand(none)[0]
    assert row.red_threes + row.laid_black_threes == -400


def test_no_canasta_counts_melds_minus_and_sets_in_hand_cost_1500() -> None:
    """CJ: a side with no canasta counts its melded cards minus; CJ, CCP, WUS: a player left
    with three or more aces, or three or more sevens, costs 1500 a set (four aces and three
    sevens: 3000)."""
    s = position(
        V,
        **_out_hand(
            melds={0: ["Kc Kd Kh"], 1: [CANASTA_Q]},
            hands={"N": "Ac Ad Ah As 7c 7d 7h", "E": "", "S": "", "W": ""},
        ),
    )
    row = score_hand(finished(s, 1))[0]
    assert row.melds == -30
    assert row.sets_in_hand == -3000 and row.hands == -(4 * 20 + 3 * 5)


def test_a_greedy_bot_game_is_recorded_and_replays_identically(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """issue 10: a whole greedy-bot game of Modern American Canasta, written by `canasta record`,
    replays to the same moves, hands and totals, and ends at 8500."""
    replays_identically(capsys, tmp_path, V, "greedy", seed=2)


def test_a_random_bot_game_is_recorded_and_replays_identically(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """issue 10: a random-bot game replays identically too. Random bots leave sevens, aces and
    wild melds unfinished (2000-2500 each, CCP), so their totals run far below zero and the game
    ends at the ``game.max_hands`` guard; the replay ends it there too, with the same winner."""
    out = tmp_path / f"{V}.can"
    status, _, err = run_cli(capsys, "record", V, "--bots", "random", "--seed", "2", "-o", str(out))
    assert status == 0, err
    rp = replay(parse(out.read_text(encoding="utf-8"), str(out)))
    result = Game(load_variant(V), 2).play(make_bot("random", 2))
    assert result.reason == "max_hands" and max(result.scores) < 0
    assert rp.totals == result.scores and len(rp.hands) == len(result.hands)
    assert rp.game_over and rp.winner == result.winner
    for mine, theirs in zip(rp.hands, result.hands, strict=True):
        assert [m for _, m in mine.moves] == [m for _, m in theirs.moves]
        a, b = mine.end, theirs.end
        assert a is not None and b is not None
        assert a.hands == b.hands and a.melds == b.melds and a.end_reason == b.end_reason


@pytest.mark.parametrize(
    ("tables", "message"),
    [
        (
            '[[canastas.special]]\nrank = "3"\nwild = "never"\nbonus = 10\n',
            "bad.toml:5: canastas.special.0.rank: must be one of 11: 'four', 'five' ... "
            "'ace', got \"3\"",
        ),
        (
            '[[canastas.special]]\nrank = "seven"\nwild = "never"\nbonus = 10\n\n'
            '[[canastas.special]]\nrank = "seven"\nwild = "never"\nbonus = 20\n',
            'bad.toml:9: canastas.special.1: lists "seven" twice',
        ),
    ],
)
def test_a_bad_special_rank_is_one_located_line(
    tables: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A special rank that is no rank, or a rank given twice, is refused with the file, line
    and dotted key, exit status 2."""
    f = tmp_path / "bad.toml"
    f.write_text(f'extends = "classic"\nname = "bad"\n\n{tables}', encoding="utf-8")
    status, out, err = run_cli(capsys, "variants", "validate", str(f))
    assert status == 2
    lines = (out + err).splitlines()
    assert lines == [message.replace("bad.toml", shown(f), 1)]


def test_who_asked_this_hand_is_written_in_a_position() -> None:
    """cat: permission is asked once per hand, so a position says who has asked ('asked: N');
    it reads back, rules the second question out, and is refused under a ruleset without the
    limit."""
    from canasta_rules.engine import Ask
    from canasta_rules.notation import read_position
    from canasta_rules.notation.writer import position_text

    s = position(V, hands={"N": "5c 6d 9h"}, melds={0: [CANASTA_K]}, phase=P)
    s.asked_hand = 1
    text = position_text(s, [("Variant", V)])
    assert "\nasked: N\n" in text
    t = read_position(parse(text, "p.pos")).state
    ref = refusal(t, Ask())
    assert t.asked_hand == 1 and ref is not None and ref.code == "ask.once_per_hand"
    other = text.replace(f'[Variant "{V}"]', '[Variant "classic"]')
    with pytest.raises(NotationError, match=r"p\.pos:\d+:1: this ruleset does not limit asking"):
        read_position(parse(other, "p.pos"))


def test_no_going_out_while_pure_sevens_or_aces_are_unfinished() -> None:
    """CJ, *Aces & 7s in Canasta* (https://canastajunction.com/?p=10831): a team cannot go out
    while its natural aces or sevens canasta is incomplete; the -2500 charge (CCP, WUS) is for a
    hand that ends otherwise. Aces opened with a wild card are an ordinary meld and do not
    block."""
    hands = {"N": "9d 9h 9s 5c"}
    for pure in ("7c 7d 7h 7s 7c", "Ac Ad Ah"):
        s = position(V, hands=hands, melds={0: [CANASTA_K, CANASTA_Q, pure]}, phase=P)
        assert code(s, Meld((cs("9d 9h 9s"),))) == "out.special_meld_open"
        assert going_out_plan(s) is None
    keep = position(V, hands={"N": "9d 9h 9s 5c 6c"}, melds={0: [CANASTA_K, CANASTA_Q, "Ac Ad Ah"]})
    keep.phase = P
    assert code(keep, Meld((cs("9d 9h 9s"),))) is None  # two cards kept: not going out
    dirty = position(V, hands=hands, melds={0: [CANASTA_K, CANASTA_Q, "Ac Ad 2c"]}, phase=P)
    assert code(dirty, Meld((cs("9d 9h 9s"),))) is None
    # Finishing the sevens in the going-out turn lifts the bar.
    fin = position(
        V, hands={"N": "7d 7h 9c"}, melds={0: [CANASTA_K, CANASTA_Q, "7c 7d 7h 7s 7c"]}, phase=P
    )
    apply(fin, Meld(adds=((7, cs("7d 7h")),)))
    apply(fin, Discard(C.parse("9c")))
    assert fin.phase == Phase.OVER and fin.out_player == 0


def test_a_position_cannot_say_a_side_went_out_past_an_open_pure_meld() -> None:
    """CJ (no going out with pure aces or sevens unfinished) and CC (nor with a meld of wild
    cards unfinished): an 'out' line beside such a meld is refused at that line."""
    from family_helpers import family_pos

    from canasta_rules.errors import NotationError
    from canasta_rules.notation import read_position

    canastas = "Kc Kd Kh Ks Kc Kd Kh, Qc Qd Qh Qs Qc Qd Qh"
    for meld, words in (
        ("7c 7d 7h 7s", "sevens without wild cards is unfinished"),
        ("2c 2d Jk", "meld of wild cards is unfinished"),
    ):
        text = family_pos(V, hands={"N": ""}, ns=f"{canastas}, {meld}", pile="9c", end="out N")
        with pytest.raises(NotationError) as e:
            read_position(parse(text))
        msg = str(e.value)
        assert msg.startswith(f"<text>:{text.splitlines().index('out N') + 1}:")
        assert "North cannot have gone out:" in msg and words in msg
    fine = family_pos(V, hands={"N": ""}, ns=canastas, pile="9c", end="out N")
    assert read_position(parse(fine)).state.out_player == 0
