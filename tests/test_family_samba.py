"""Samba (variants/samba.toml) plays by its sources' rules.

Sources, as docs/family/samba.md names them: "Bicycle, Game Rules Finder: Samba" (BC),
"HowStuffWorks, How to Play Canasta" (HSW), "White Knuckle Cards, Samba" (WK), "Kanasta - og nu
samba", Urval 1952 (UR), "Kortspel.net, Samba" (KS), "Denexa Games blog, Samba" (DX). Each test
names the ones it rests on and asserts the ruling itself: the refusal's rule code, the score.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from family_helpers import laid, replays_identically
from helpers import code, cs, finished, position, run_cli

from canasta_rules import cards as C
from canasta_rules.engine import (
    Ask,
    Discard,
    Draw,
    Meld,
    Phase,
    TakePile,
    apply,
    deal,
    legal_moves,
    rules_for,
    score_hand,
)
from canasta_rules.engine.game import game_end
from canasta_rules.engine.legality import refusal
from canasta_rules.engine.rules import RUN, run_ref
from canasta_rules.variant import load_variant

V = "samba"
P = Phase.PLAY
CANASTA_K = "Kc Kd Kh Ks Kc Kd Kh"
CANASTA_Q = "Qc Qd Qh Qs Qc Qd Qh"


# --------------------------------------------------------------------------------------------
# The pack, the deal, the draw


def test_three_packs_and_six_jokers_fifteen_cards_each() -> None:
    """BC, HSW, WK: 162 cards, three packs and six jokers; 15 cards to each of four players."""
    r = rules_for(load_variant(V))
    assert len(r.deck) == 162
    assert sum(1 for c in r.deck if c == C.JOKER) == 6
    assert sum(1 for c in r.deck if C.is_red_three(c)) == 6
    s = deal(r, 5)
    assert r.players == 4 and r.sides == 2
    assert [s.hand_len[p] for p in range(4)] == [15, 15, 15, 15]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_two_three_or_five_players_each_play_alone_with_fifteen(players: int) -> None:
    """PW: two, three or five players each play for themselves, 15 cards each."""
    r = rules_for(load_variant(V), players)
    assert (r.players, r.sides) == (players, players)
    s = deal(r, 3)
    assert [s.hand_len[p] for p in range(players)] == [15] * players


def test_six_players_are_three_partnerships_with_thirteen() -> None:
    """PW: six players form three partnerships, partners facing each other, 13 cards each."""
    r = rules_for(load_variant(V), 6)
    assert r.sides == 3
    assert r.members == ((0, 3), (1, 4), (2, 5))
    s = deal(r, 3)
    assert [s.hand_len[p] for p in range(6)] == [13] * 6


def test_bolivia_is_for_four_only() -> None:
    """BCB, WKB: Bolivia is a four-player partnership game; Samba's other tables (PW) are not
    inherited by the variant that extends it."""
    v = load_variant("bolivia")
    assert [s.players for s in v.seating] == [4]


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_every_samba_table_plays_whole_games(players: int) -> None:
    """Each table PW gives plays a whole game to 10000 with every move checked."""
    from canasta_rules.bots import make_bot
    from canasta_rules.engine.game import Game

    result = Game(load_variant(V), seed=players, players=players).play(
        make_bot("greedy", players), check=True
    )
    assert result.reason == "target"
    assert result.winner is not None and max(result.scores) >= 10000


def test_draw_two_cards_discard_one() -> None:
    """BC, HSW, UR, KS: a player draws two cards from the stock and discards one."""
    s = position(V, hands={"N": "9c 9d Kc"})
    two = tuple(c for c in s.stock if not C.is_red_three(c))[:2]
    assert code(s, Draw(two[:1])) == "draw.too_few"
    apply(s, Draw(two))
    assert s.hand_len[0] == 5 and s.phase == P


# --------------------------------------------------------------------------------------------
# Groups and canastas


def test_a_group_holds_at_most_two_wild_cards() -> None:
    """BC, WK, UR, KS: at most two wild cards in a meld of one rank."""
    s = position(V, hands={"N": "Kh Kc Kd 2c 2d 2h 9c"}, melds={0: ["Qc Qd Qh"]}, phase=P)
    assert code(s, Meld((cs("Kh Kc Kd 2c 2d 2h"),))) == "meld.too_many_wild"
    assert code(s, Meld((cs("Kh Kc Kd 2c 2d"),))) is None


def test_a_wild_card_is_never_melded_alone() -> None:
    """BC, WK: no meld of wild cards in Samba (Bolivia adds them)."""
    s = position(V, hands={"N": "2c 2d Jk 9c 9d"}, melds={0: ["Qc Qd Qh"]}, phase=P)
    assert code(s, Meld((cs("2c 2d Jk"),))) == "meld.all_wild"


def test_a_completed_canasta_is_closed_but_a_new_meld_of_its_rank_may_start() -> None:
    """UR: nothing may be added to a completed canasta; KS: a new meld may start in the rank of
    a completed canasta."""
    s = position(V, hands={"N": "Ks Kh Kd 9c 9d"}, melds={0: [CANASTA_K]}, phase=P)
    assert code(s, Meld(adds=((13, cs("Ks")),))) == "meld.canasta_closed"
    apply(s, Meld((cs("Ks Kh Kd"),)))
    kings = [m for m in s.melds[0].values() if m.rank == 13]
    assert sorted(m.size for m in kings) == [3, 7]


def test_a_mixed_canasta_holds_five_naturals_and_scores_300() -> None:
    """UR: a canasta holds at most two wild cards, so at least five naturals; natural 500 (UR),
    mixed 300 (classic, pinned)."""
    s = position(V, hands={"N": "9c 9d"}, melds={0: ["Kc Kd Kh Ks Kc 2d Jk", CANASTA_Q]})
    sc = score_hand(finished(s))[0]
    assert (sc.mixed_count, sc.natural_count) == (1, 1)
    assert sc.mixed_canastas == 300 and sc.natural_canastas == 500


# --------------------------------------------------------------------------------------------
# Runs and sambas


def test_runs_of_one_suit_from_four_to_the_ace() -> None:
    """BC, HSW, WK: a run is three or more cards of one suit in order, four low and ace high;
    threes never belong to one, and it does not turn the corner."""
    s = position(
        V,
        hands={"N": "3c 4c 5c Qh Kh Ah 4h 9c 9d"},
        melds={0: ["Qc Qd Qh"]},
        phase=P,
    )
    assert code(s, Meld((cs("Qh Kh Ah"),))) is None
    assert code(s, Meld((cs("3c 4c 5c"),))) == "meld.run.threes"
    assert code(s, Meld((cs("Qh Kh Ah 4h"),))) == "meld.run.gap"


def test_runs_hold_no_wild_cards() -> None:
    """BC, HSW, WK, UR: no wild card may be used in a run."""
    s = position(V, hands={"N": "4h 5h 2h 9c 9d"}, melds={0: ["Qc Qd Qh"]}, phase=P)
    assert code(s, Meld((cs("4h 5h 2h"),))) == "meld.run.wild"


def test_a_run_stops_at_seven_cards() -> None:
    """BC, DX: a run grows to seven cards, a samba, and no further."""
    s = position(V, hands={"N": "4h 5h 6h 7h 8h 9h Th Jh 9c 9d"}, melds={0: ["Qc Qd Qh"]}, phase=P)
    assert code(s, Meld((cs("4h 5h 6h 7h 8h 9h Th Jh"),))) == "meld.run.too_long"
    apply(s, Meld((cs("4h 5h 6h 7h 8h 9h Th"),)))
    hearts = C.SUIT_OF[C.parse("4h")]
    assert code(s, Meld(adds=((run_ref(hearts, 4), cs("Jh")),))) == "meld.canasta_closed"


def test_worked_example_hsw_the_five_windows_of_a_samba() -> None:
    """HSW's tip: the lowest samba is 4 to 10, the highest 8 to ace, so every samba holds the 8, 9
    and 10 of its suit; exactly five seven-card runs exist in a suit."""
    ranks = ["4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"]
    legal = []
    for low in range(len(ranks) - 6):
        run = " ".join(f"{r}s" for r in ranks[low : low + 7])
        s = position(V, hands={"N": run + " 9c 9d"}, melds={0: ["Qc Qd Qh"]}, phase=P)
        if code(s, Meld((cs(run),))) is None:
            legal.append(run)
            assert all(f"{r}s" in run.split() for r in "89T")
    assert len(legal) == 5
    assert legal[0].startswith("4s") and legal[-1].endswith("As")


def test_a_samba_scores_1500() -> None:
    """BC, HSW: a sequence canasta (samba) earns 1500."""
    seven = "5d 6d 7d 8d 9d Td Jd"
    s = position(V, hands={"N": seven + " 9c 9h"}, melds={0: ["Qc Qd Qh"]}, phase=P)
    apply(s, Meld((cs(seven),)))
    sc = score_hand(finished(s))[0]
    assert sc.run_count == 1 and sc.run_canastas == 1500
    assert sc.melds == 5 + 5 + 5 + 10 + 10 + 10 + 10 + 30


def test_the_pile_top_never_starts_a_run() -> None:
    """BC ("The top card may not be taken to start a sequence meld"), HSW: the refusal names
    that rule and its parameter (melds.sequences), not a rule of every variant."""
    s = position(V, hands={"N": "4h 5h 9c 9d Kc"}, pile="5d 6h", melds={0: ["Qc Qd Qh"]})
    assert code(s, TakePile(shown=cs("4h 5h"))) == "pile.run_start"
    ref = refusal(s, TakePile(shown=cs("4h 5h")))
    assert ref is not None and ref.parameter == "melds.sequences"
    assert ref.message == "the top card of the pile may not start a run"
    # Classic melds no runs: a card of another rank simply does not meld with the top card.
    c = position("classic", hands={"N": "4h 5h 9c 9d Kc"}, pile="5d 6h", melds={0: ["Qc Qd Qh"]})
    assert code(c, TakePile(shown=cs("4h 5h"))) == "pile.shown_wrong_card"


def test_a_hand_card_is_never_joined_to_the_top_card_on_a_run() -> None:
    """BC (nor may it "combine with a card from the hand in adding to a sequence meld"), HSW:
    the top card with a card of its suit from hand beside the side's run is refused by that
    rule, named or not."""
    s = laid(V, ["4h 5h 6h"], top="7h", s_hand="9c 8h Kc")
    onto = run_ref(C.SUIT_OF[C.parse("4h")], 4)
    for move in (TakePile(shown=cs("8h")), TakePile(shown=cs("8h"), onto=onto)):
        ref = refusal(s, move)
        assert ref is not None and ref.code == "pile.run_with_cards", move
        assert ref.parameter == "melds.sequences"


def test_the_pile_top_alone_may_extend_a_run() -> None:
    """BC: when the pile is not frozen its top card may be added to a meld below a canasta,
    "including a sequence meld", but not joined by a card from the hand on a sequence (BC, HSW);
    a frozen pile still needs a natural pair."""
    s = laid(V, ["4h 5h 6h"], top="7h", s_hand="9c 9d Kc")
    assert code(s, TakePile()) is None
    assert [str(m) for m in legal_moves(s)] == ["take on 4h"]
    apply(s, TakePile())
    assert [C.names(m.cards) for m in s.melds[0].values() if m.kind == RUN] == ["4h 5h 6h 7h"]
    t = laid(V, ["4h 5h 6h"], top="7h", s_hand="9c 7d Kc")
    onto = TakePile(shown=cs("7d"), onto=run_ref(C.SUIT_OF[C.parse("4h")], 4))
    assert code(t, onto) == "pile.run_with_cards"
    u = laid(V, ["4h 5h 6h"], top="7h", s_hand="9c 9d Kc")
    u.frozen = True
    assert code(u, TakePile()) == "pile.frozen.needs_natural_pair"


# --------------------------------------------------------------------------------------------
# The pile


def test_never_with_one_natural_and_one_wild_card() -> None:
    """BC, UR: a natural card with a wild card does not take the pile, frozen or not."""
    s = position(V, hands={"N": "Kh 2d 9c 9d"}, pile="5d Kc", melds={0: ["Qc Qd Qh"]})
    assert s.frozen is False
    assert code(s, TakePile(shown=cs("Kh 2d"))) == "pile.way_not_allowed"


def test_unfrozen_pile_top_card_onto_a_meld_below_seven() -> None:
    """BC: an unfrozen pile may be taken by adding its top card to the side's meld of its rank
    that is not yet a canasta; never onto a canasta (HSW), which is closed."""
    s = position(V, hands={"N": "9c 9d 5h"}, pile="5d Kc", melds={0: ["Kd Kh Ks"]})
    assert code(s, TakePile()) is None
    t = position(V, hands={"N": "9c 9d 5h"}, pile="5d Kc", melds={0: [CANASTA_K]})
    ref = refusal(t, TakePile())
    assert ref is not None and ref.code == "pile.onto_closed_canasta"
    assert ref.parameter == "canastas.closed"
    # The refusal says the meld is closed and offers no meld of kings to put the card on.
    assert ref.message.startswith("your side's canasta of kings is closed")
    assert "meld of kings" not in ref.message
    assert "two natural kings from your hand" in ref.message


def test_frozen_pile_only_with_a_natural_pair() -> None:
    """BC, UR, KS: a frozen pile only with two natural cards of the top card's rank."""
    kw: dict[str, Any] = {"pile": "2c 5d Kc", "melds": {0: ["Kd Kh Ks"]}}
    s = position(V, hands={"N": "Kh 9c 9d"}, **kw)
    assert s.frozen is True
    assert code(s, TakePile()) == "pile.frozen.needs_natural_pair"
    t = position(V, hands={"N": "Kh Kd 9c 9d"}, **kw)
    assert code(t, TakePile(shown=cs("Kh Kd"))) is None


# --------------------------------------------------------------------------------------------
# The initial meld


def test_initial_meld_minimums_up_to_160() -> None:
    """BC, HSW: 15 below zero, 50, 90 from 1500, 120 from 3000, 160 from 7000 (UR's 150 is the
    reading not pinned)."""
    r = rules_for(load_variant(V))
    assert [r.minimum(x) for x in (-5, 0, 1495, 1500, 2995, 3000, 6995, 7000, 9995)] == [
        15, 50, 50, 90, 90, 120, 120, 160, 160,
    ]  # fmt: skip


def test_an_opening_of_150_is_short_at_7000() -> None:
    """BC, HSW: a side with 7000 needs 160; three aces, three kings and three queens (150) with
    a joker (200) suffice."""
    hand = "Ac Ad Ah Kc Kd Kh Qc Qd Qh Jk 9c 9d"
    kw: dict[str, Any] = {"hands": {"N": hand}, "phase": P, "scores": [7000, 0]}
    s = position(V, **kw)
    short = Meld((cs("Ac Ad Ah"), cs("Kc Kd Kh"), cs("Qc Qd Qh")))
    apply(s, short)
    assert code(s, Discard(C.parse("9c"))) == "open.below_minimum"
    t = position(V, **kw)
    assert code(t, Meld((cs("Ac Ad Ah Jk"), cs("Kc Kd Kh"), cs("Qc Qd Qh")))) is None


# --------------------------------------------------------------------------------------------
# Red threes, going out, scoring, the game


def test_all_six_red_threes_score_1000_with_two_canastas() -> None:
    """BC, HSW: 100 each, 1000 for all six; HSW: they count against a side without the two
    canastas going out needs."""
    six = "3d 3h 3d 3h 3d 3h"
    two = position(V, melds={0: [CANASTA_K, CANASTA_Q]}, red3={0: six})
    one = position(V, melds={0: [CANASTA_K, "Qc Qd Qh"]}, red3={0: six})
    assert score_hand(finished(two))[0].red_threes == 1000
    assert score_hand(finished(one))[0].red_threes == -1000
    three = position(V, melds={0: [CANASTA_K, CANASTA_Q]}, red3={0: "3d 3h 3d"})
    assert score_hand(finished(three))[0].red_threes == 300


def test_going_out_needs_two_canastas_a_samba_counting() -> None:
    """BC, HSW, UR, KS: two canastas to go out, of any kind: natural, mixed or samba."""
    one = position(V, hands={"N": "9d"}, melds={0: [CANASTA_K]}, phase=P)
    assert code(one, Discard(C.parse("9d"))) == "out.canastas"
    seven = "5d 6d 7d 8d 9d Td Jd"
    t = position(V, hands={"N": seven + " 9h"}, melds={0: [CANASTA_K]}, phase=P)
    apply(t, Meld((cs(seven),)))
    assert t.run_canastas(0) == 1
    assert code(t, Discard(C.parse("9h"))) is None
    apply(t, Discard(C.parse("9h")))
    sc = score_hand(t)[0]
    assert t.out_player == 0 and sc.going_out == 200


def test_going_out_concealed_earns_no_extra() -> None:
    """BC, HSW: there is no bonus for going out concealed: 200, as for going out."""
    hand = "Kc Kd Kh Ks Kc Kd Kh Qc Qd Qh Qs Qc Qd Qh 9d"
    s = position(V, hands={"N": hand}, phase=P, melds={1: ["5c 5d 5h"]})
    apply(s, Meld((cs(CANASTA_K), cs(CANASTA_Q))))
    apply(s, Discard(C.parse("9d")))
    assert s.concealed
    assert score_hand(s)[0].going_out == 200


def test_a_concealed_finish_still_needs_the_minimum() -> None:
    """Pinned (BC and HSW give a concealed finish nothing special): going out in one turn after
    a stock draw does not lift the initial-meld minimum, unlike classic (001)."""
    hand = "5c 5d 5h 5s 5c 5d 5h 6c 6d 6h 6s 6c 6d 6h 9d"
    kw: dict[str, Any] = {"hands": {"N": hand}, "phase": P, "scores": [7000, 0]}
    melds = Meld((cs("5c 5d 5h 5s 5c 5d 5h"), cs("6c 6d 6h 6s 6c 6d 6h")))
    assert code(position(V, **kw), melds) == "open.below_minimum"
    c = position("classic", **{**kw, "scores": [3000, 0]})
    apply(c, melds)
    apply(c, Discard(C.parse("9d")))
    assert c.concealed and c.out_player == 0


def test_the_game_is_to_10000() -> None:
    """BC, HSW, DX, UR, KS: the game ends when a side reaches 10000."""
    r = rules_for(load_variant(V))
    assert game_end(r, [9995, 5000], 0) == (False, None)
    assert game_end(r, [10000, 5000], 0) == (True, 0)


def test_no_asking_when_wild_cards_would_overflow_a_closed_canasta() -> None:
    """Regression (found by `canasta check samba`): with six aces melded, two jokers cannot both
    go on them (UR: a canasta is closed at seven), so the player cannot go out and may not ask;
    the planner once counted both jokers onto the aces."""
    s = position(
        V,
        hands={"W": "Jk Jk 9d"},
        melds={1: ["Ac Ac Ad Ad Ah As", "7c 7c 7d 7d 7h 7s 7h"]},
        turn="W",
        phase=P,
    )
    moves = [str(m) for m in legal_moves(s)]
    assert "ask" not in moves and "add A: Jk" in moves
    assert code(s, Ask()) is not None


# --------------------------------------------------------------------------------------------
# Whole games


@pytest.mark.parametrize("bots", ["random", "greedy"])
def test_a_bot_game_is_recorded_and_replays_identically(
    bots: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """issue 10: a whole bot game of Samba, written by `canasta record`, replays to the same
    moves, hands and totals."""
    replays_identically(capsys, tmp_path, V, bots, seed=2)


_RUN_POS = """\
[Variant "samba"]
hand N: 9c 9d 8h Kc
hand E: 4d 5h 6h 8c 9h Ts Kh
hand S: Ac 6c 7d 8s Th Jc Qd
hand W: 4s 5s 6s 8d 9s Ts Ks
melds NS: 5h 6h 7h, Qc Qd Qh
melds EW: Kc Kd Kh
pile: 4c 8h
to move: N draw
"""


def test_a_ruling_on_the_top_card_onto_a_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """BC: the unfrozen pile's top card may extend a sequence meld. Written plainly (`take 8h`)
    or naming the run by one of its cards (`take 8h on 5h`); `canasta moves` lists the second,
    and `fmt` keeps it."""
    pos = tmp_path / "run.pos"
    pos.write_text(_RUN_POS, encoding="utf-8")
    for move in ("take 8h", "take 8h on 5h"):
        code_, out, _ = run_cli(capsys, "ruling", str(pos), move)
        assert (code_, out.strip()) == (0, "legal"), move
    code_, out, _ = run_cli(capsys, "moves", str(pos))
    assert "take 8h on 5h" in out
    rec = tmp_path / "after.pos"
    rec.write_text(_RUN_POS + "N take 8h on 5h discard Kc\n", encoding="utf-8")
    code_, out, _ = run_cli(capsys, "fmt", str(rec))
    assert code_ == 0 and "N take 8h on 5h discard Kc" in out


def test_two_runs_the_top_card_fits_must_be_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A seven of hearts fits both 4-5-6 and 8-9-10 of hearts: plain `take 7h` is refused as
    ambiguous, and naming either run takes the pile."""
    text = _RUN_POS.replace(
        "melds NS: 5h 6h 7h, Qc Qd Qh", "melds NS: 4h 5h 6h, 8h 9h Th, Qc Qd Qh"
    )
    text = text.replace("hand N: 9c 9d 8h Kc", "hand N: 9c 9d 7h Kc")
    text = text.replace("hand E: 4d 5h 6h 8c 9h Ts Kh", "hand E: 4d 5s 6h 8c 9h Ts Kh")
    text = text.replace("pile: 4c 8h", "pile: 4c 7h")
    pos = tmp_path / "two.pos"
    pos.write_text(text, encoding="utf-8")
    code_, out, _ = run_cli(capsys, "ruling", str(pos), "take 7h")
    assert code_ == 1 and "(pile.run_ambiguous)" in out and "'on 4h' or 'on 8h'" in out
    for move in ("take 7h on 4h", "take 7h on 9h"):
        code_, out, _ = run_cli(capsys, "ruling", str(pos), move)
        assert (code_, out.strip()) == (0, "legal"), move


def test_two_sambas_in_one_suit() -> None:
    """HSW's tip: every samba holds the 8, 9 and 10 of its suit, so two sambas in one suit are hard
    to make, not barred. Runs of one suit share no rank while both can still take cards (an
    `add` names a run by a card); a complete samba takes no more, so a second run may share
    its ranks, and an `add` naming a card of both goes on the one still open."""
    samba = "4h 5h 6h 7h 8h 9h Th"
    s = position(V, hands={"N": "8h 9h Th Jh 6s 6d"}, melds={0: ["Qc Qd Qh", samba]}, phase=P)
    assert code(s, Meld((cs("8h 9h Th"),))) is None
    apply(s, Meld((cs("8h 9h Th"),)))
    ref = run_ref(C.SUIT_OF[C.parse("8h")], 9)
    assert code(s, Meld(adds=((ref, cs("Jh")),))) is None
    apply(s, Meld(adds=((ref, cs("Jh")),)))
    runs = sorted(C.names(m.cards) for m in s.melds[0].values() if m.kind == RUN)
    assert runs == ["4h 5h 6h 7h 8h 9h Th", "8h 9h Th Jh"]
    open_run = position(
        V, hands={"N": "6h 7h 8h 6s 6d"}, melds={0: ["Qc Qd Qh", "4h 5h 6h"]}, phase=P
    )
    assert code(open_run, Meld((cs("6h 7h 8h"),))) == "meld.run.overlaps"
    adjacent = position(
        V, hands={"N": "7h 6s 6d"}, melds={0: ["Qc Qd Qh", "4h 5h 6h", "7h 8h 9h"]}, phase=P
    )
    onto_low = run_ref(C.SUIT_OF[C.parse("4h")], 4)
    assert code(adjacent, Meld(adds=((onto_low, cs("7h")),))) == "meld.run.overlaps"


def test_the_refusal_names_a_run_among_the_ways(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Where runs are melded, the pile's ways include a run the top card extends (BC), and a
    refusal says so."""
    pos = tmp_path / "nine.pos"
    pos.write_text(_RUN_POS.replace("pile: 4c 8h", "pile: 4c 9d"), encoding="utf-8")
    code_, out, _ = run_cli(capsys, "ruling", str(pos), "take 9d with 9c")
    assert code_ == 1
    assert "or your side's meld of nines or a run of your side it extends, to put it on" in out
