"""Cutthroat three-hand Canasta: sides that form during a hand (``seating.forming``).

Sources (docs/family/three-hand-cutthroat.md compares them):
- BCT: Bicycle, "Cutthroat Canasta", http://www.bicyclecards.com/card-games/rule/cutthroat-canasta
- RG3: Rummy-Games, "Canasta For Three Players", http://www.rummy-games.com/rules/canasta-for-three.html
- LR3: LoveRummy, three-player rules, http://loverummy.com/rummy-rules-three-player-canasta/

Seats: N (0), E (1), W (2); each is a side of one at the deal, and the score columns stay one
per player.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import cs, position, run_cli

from canasta_rules import cards as C
from canasta_rules.engine import (
    Ask,
    Discard,
    Draw,
    Meld,
    Phase,
    TakePile,
    legal_moves,
    refusal,
)
from canasta_rules.engine.apply import apply
from canasta_rules.engine.scoring import score_hand
from canasta_rules.engine.state import State
from canasta_rules.errors import VariantError
from canasta_rules.variant import load

V = "three-hand-cutthroat"
N, E, W = 0, 1, 2
KING, QUEEN, NINE = 13, 12, 9


def _before_pickup(**kw: object) -> State:
    """N to draw, N opened with fives; E has melded kings and W queens, each alone so far. The
    pile's top is 9c and N holds two nines."""
    args: dict[str, object] = {
        "hands": {"N": "9d 9h 6c 7c", "E": "Ks 4d 4h", "W": "Qs 8d 8h"},
        "melds": {N: ["5c 5d 5h"], E: ["Kc Kd Kh"], W: ["Qc Qd Qh"]},
        "pile": "4c 9c",
    }
    args.update(kw)
    return position(V, **args)  # type: ignore[arg-type]


def test_everyone_alone_before_the_pile_is_taken_bct() -> None:
    """BCT, RG3, LR3: each player starts the hand alone; no one has partners until a pickup."""
    s = _before_pickup()
    assert not s.sides_formed
    assert [s.side(p) for p in (N, E, W)] == [0, 1, 2]
    assert s.partners(E) == [] and s.partners(W) == []


def test_first_pickup_makes_the_taker_alone_and_joins_the_others_melds_bct() -> None:
    """BCT, RG3, LR3: the first player to take the pile plays alone; the other two at once
    become partners and combine their melds."""
    s = _before_pickup()
    apply(s, TakePile(cs("9d 9h")))
    assert s.sides_formed
    assert s.side(N) == 0 and s.side(E) == s.side(W) == 1
    assert s.partners(E) == [W]
    assert set(s.melds[1]) == {KING, QUEEN} and s.melds[2] == {}
    assert s.opened[1]
    assert set(s.melds[0]) == {5, NINE}


def test_partner_adds_to_the_other_partners_meld_after_the_pickup_bct() -> None:
    """BCT: the partners' melds are combined, so E may add to the queens W melded."""
    s = _before_pickup(hands={"N": "9d 9h 6c 7c", "E": "Qs 4d 4h", "W": "Ks 8d 8h"})
    apply(s, TakePile(cs("9d 9h")))
    apply(s, Discard(C.parse("6c")))  # N's turn ends; E to draw
    apply(s, Draw(cs("Tc Td")))  # draw two; the stock order is unknown, so name the cards
    assert refusal(s, Meld(adds=((QUEEN, cs("Qs")),))) is None
    apply(s, Meld(adds=((QUEEN, cs("Qs")),)))
    assert len(s.melds[s.side(W)][QUEEN].cards) == 4


def test_partners_have_a_partner_but_do_not_ask_bct() -> None:
    """BCT says nothing of asking, and the variant pins that nobody asks; once the pickup has
    made E and W partners, E's question is refused for that reason, not as 'no partner'."""
    s = _before_pickup(hands={"N": "9d 9h 6c 7c", "E": "Qs 4d 4h", "W": "Ks 8d 8h"})
    apply(s, Draw(cs("Tc Td")))
    ref = refusal(s, Ask())
    assert ref is not None and ref.code == "ask.no_partner"  # before the pickup: alone
    t = _before_pickup(hands={"N": "9d 9h 6c 7c", "E": "Qs 4d 4h", "W": "Ks 8d 8h"})
    apply(t, TakePile(cs("9d 9h")))
    apply(t, Discard(C.parse("6c")))
    apply(t, Draw(cs("Tc Td")))
    ref = refusal(t, Ask())
    assert ref is not None and (ref.code, ref.parameter) == ("ask.not_used", "going_out.permission")


def test_before_the_pickup_a_player_cannot_add_to_another_players_meld_bct() -> None:
    """BCT: before sides form, everyone plays alone: E may not add to W's queens."""
    s = _before_pickup(turn="E", phase=Phase.PLAY, hands={"E": "Qs 4d 4h", "W": "Ks 8d 8h"})
    ref = refusal(s, Meld(adds=((QUEEN, cs("Qs")),)))
    assert ref is not None and ref.code == "meld.not_your_side"


def test_a_later_pickup_does_not_regroup_bct() -> None:
    """BCT: the partnership lasts for the rest of the hand, whoever takes the pile next."""
    s = _before_pickup()
    apply(s, TakePile(cs("9d 9h")))
    apply(s, Discard(C.parse("6c")))
    # E, now N's opponent with W, takes a pile topped by a card E can pair.
    s.pile.append(C.parse("4c"))
    apply(s, TakePile(cs("4d 4h")))
    assert s.side(N) == 0 and s.side(E) == s.side(W) == 1


def test_same_rank_melds_of_new_partners_become_one_meld_pinned() -> None:
    """Pinned where the texts are silent (BCT: "combine their melds"): two melds of one rank
    become one, keeping every card."""
    s = _before_pickup(melds={N: ["5c 5d 5h"], E: ["Kc Kd Kh"], W: ["Ks Kd Kh 2c"]})
    apply(s, TakePile(cs("9d 9h")))
    kings = s.melds[1][KING]
    assert len(kings.cards) == 7 and (kings.naturals, kings.wilds) == (6, 1)
    assert s.canastas(1) == 1


def test_the_pair_counts_as_melded_if_either_partner_had_lr3() -> None:
    """LR3 (and Pagat's copy): once one partner has met the minimum, the other melds freely.
    Here only E had melded; after N's pickup the pair is opened and the pile not frozen to W."""
    s = _before_pickup(melds={N: ["5c 5d 5h"], E: ["Kc Kd Kh"]})
    assert not s.opened[2]
    apply(s, TakePile(cs("9d 9h")))
    assert s.opened[s.side(W)] and not s.frozen_for(W)


def test_each_player_meets_their_own_minimum_bct_rg3() -> None:
    """BCT, RG3, LR3: each player's own total sets the minimum, so partners' minimums can
    differ: E at 0 needs 50, W at 3000 needs 120 (001's table)."""
    s = _before_pickup(melds={N: ["5c 5d 5h"]}, scores=[0, 0, 3000])
    apply(s, TakePile(cs("9d 9h")))
    pair = s.side(E)
    assert not s.opened[pair]
    s.turn = E
    assert s.minimum(pair) == 50
    s.turn = W
    assert s.minimum(pair) == 120


def _out_before_pickup(red3: dict[int, str] | None = None, pair_melds: bool = True) -> State:
    """N goes out by discarding 8c, holding two canastas; nobody has taken the pile."""
    melds = {N: ["Ac Ad Ah As Ac Ad Ah", "Jc Jd Jh Js Jc Jd Jh"]}
    if pair_melds:
        melds |= {E: ["Kc Kd Kh"], W: ["Qc Qd Qh"]}
    s = position(
        V,
        hands={"N": "8c", "E": "5c 6d", "W": "7h"},
        melds=melds,
        red3=red3,
        phase=Phase.PLAY,
        drew=1,
        melded=[True, pair_melds, pair_melds],
    )
    apply(s, Discard(C.parse("8c")))
    assert s.over and s.out_player == N
    return s


def test_going_out_before_any_pickup_makes_the_others_partners_bct() -> None:
    """BCT, RG3, LR3: a player who goes out before the pile is taken is the lone hand; the
    other two are scored as a partnership, each credited with its whole total."""
    s = _out_before_pickup()
    assert s.sides_formed and s.side(E) == s.side(W)
    n, e, w = score_hand(s)
    # N: aces 7 x 20 + jacks 7 x 10, two natural canastas, going out.
    assert (n.melds, n.natural_canastas, n.going_out, n.total) == (210, 1000, 100, 1310)
    # The pair: kings 30 + queens 30, minus 5c 6d 7h (15); each partner gets all of it.
    assert (e.melds, e.hands, e.total) == (60, -15, 45)
    assert w.total == e.total == 45


def test_a_partners_red_threes_count_for_that_partner_only_bct() -> None:
    """BCT: each partner receives the pair's total plus or minus their own red threes; RG3 and
    LR3 agree that red threes are personal."""
    s = _out_before_pickup(red3={E: "3h 3d"})
    _, e, w = score_hand(s)
    assert e.red_threes == 200 and w.red_threes == 0
    assert e.total == 45 + 200 and w.total == 45


def test_red_threes_of_a_pair_that_never_melded_count_minus_bct() -> None:
    """BCT: plus or minus according to whether the partner's side has melded (001's rule for
    red threes with no meld: minus)."""
    s = _out_before_pickup(red3={E: "3h 3d"}, pair_melds=False)
    _, e, w = score_hand(s)
    assert e.red_threes == -200 and w.red_threes == 0
    assert e.hands == w.hands == -15


def test_all_four_red_threes_need_one_owner_pinned() -> None:
    """Pinned (the sources do not say): the 800 for all four is one player's; partners who
    hold two each score 200 each."""
    split = _out_before_pickup(red3={E: "3h 3d", W: "3h 3d"})
    _, e, w = score_hand(split)
    assert e.red_threes == w.red_threes == 200
    one = _out_before_pickup(red3={E: "3h 3d 3h 3d"})
    _, e, w = score_hand(one)
    assert e.red_threes == 800 and w.red_threes == 0


def test_stock_out_with_the_pile_never_taken_everyone_scores_alone_bct_rg3() -> None:
    """BCT, RG3 (LR3 agrees): when the hand ends with the pile never taken, each player scores
    alone."""
    s = _before_pickup()
    s.end("stock_exhausted")
    assert not s.sides_formed
    n, e, w = score_hand(s)
    assert (e.melds, e.hands) == (30, -20)  # kings; Ks 4d 4h left
    assert (w.melds, w.hands) == (30, -30)  # queens; Qs 8d 8h left
    assert n.melds == 15


def test_the_lone_hand_scores_only_its_own_result_bct() -> None:
    """BCT, RG3, LR3: the lone hand scores only what it made itself."""
    s = _before_pickup()
    apply(s, TakePile(cs("9d 9h")))
    s.end("stock_exhausted")
    n, e, w = score_hand(s)
    # N: fives 15 and nines 30 (9c 9d 9h); in hand 6c 7c and the 4c from the pile.
    assert (n.melds, n.hands, n.total) == (45, -15, 30)
    # The pair: kings and queens 60, minus Ks 4d 4h and Qs 8d 8h (50), to each partner.
    assert (e.melds, e.hands, e.total) == (60, -50, 10)
    assert w.total == 10


def test_forming_needs_everyone_alone_at_the_deal() -> None:
    """The model refuses a cutthroat layout with partners at the deal, naming the keys."""
    with pytest.raises(VariantError, match="seating"):
        load(
            V,
            (
                "seating=[{players = 4, hand_size = 11, side_size = 2, "
                'forming = "first_pickup_alone"}]',
            ),
        )


def test_legal_moves_of_the_lone_hand_and_the_pair_stay_legal() -> None:
    """Every listed move passes the engine's own check after the sides form."""
    s = _before_pickup()
    apply(s, TakePile(cs("9d 9h")))
    for m in legal_moves(s):
        assert refusal(s, m) is None


def test_a_bot_game_is_recorded_and_replays_to_the_same_scores(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A cutthroat game written as a record replays identically (three score columns)."""
    out = tmp_path / "cutthroat.can"
    code, _, err = run_cli(capsys, "record", V, "--seed", "1", "--out", str(out))
    assert code == 0, err
    text = out.read_text(encoding="utf-8")
    scores = [line for line in text.splitlines() if line.startswith("score ")]
    assert scores and all(line.split()[1::2] == ["N", "E", "W"] for line in scores)
    code, shown, err = run_cli(capsys, "replay", str(out))
    assert code == 0, err
    assert "result:" in shown


# --------------------------------------------------------------------------------------------
# Positions: 'alone: SEAT' says the sides have regrouped

EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "examples" / "cutthroat-partners.pos"


def test_position_with_regrouped_sides_rules_the_partners_add_bct(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """BCT: after N's pickup, W may add to the kings E melded; three-hand (everyone alone all
    hand) cannot even read the position, and says which parameter."""
    code, out, err = run_cli(
        capsys, "ruling", str(EXAMPLE), "add K: Ks", "--variant", V, "--variant", "three-hand"
    )
    assert code == 0, err
    rows = {line.split()[0]: line.split()[1] for line in out.splitlines()[1:] if line.strip()}
    assert rows[V] == "legal" and rows["three-hand"] == "unfit"
    assert "seating.forming" in out


def test_position_round_trip_keeps_the_regrouped_sides() -> None:
    """A regrouped state written as a position reads back with the same sides and melds."""
    from canasta_rules.notation import parse, position_text, read_position

    s = _before_pickup()
    apply(s, TakePile(cs("9d 9h")))
    text = position_text(s, [("Variant", V)])
    assert "alone: N" in text
    back = read_position(parse(text, "regrouped.pos")).state
    assert back.side_of == s.side_of
    assert {k: m.cards for k, m in back.melds[1].items()} == {
        k: m.cards for k, m in s.melds[1].items()
    }


@pytest.mark.parametrize(
    ("edit", "where", "message"),
    [
        (('[Variant "three-hand-cutthroat"]', '[Variant "three-hand"]'), ":12:8:", "forming"),
        (
            ("melds E: Kc Kd Kh, Qc Qd Qh", "melds W: Kc Kd Kh, Qc Qd Qh"),
            ":14:10:",
            "list these melds under 'melds E:'",
        ),
        (("alone: N", "alone: X"), ":12:", "X"),
    ],
)
def test_broken_regrouped_positions_point_at_the_slip(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    edit: tuple[str, str],
    where: str,
    message: str,
) -> None:
    """An 'alone:' line where sides never regroup, melds left under the absorbed side, an
    unknown seat: one located error each, exit 2."""
    text = EXAMPLE.read_text(encoding="utf-8").replace(*edit)
    path = tmp_path / "broken.pos"
    path.write_text(text, encoding="utf-8")
    code, _, err = run_cli(capsys, "ruling", str(path), "draw")
    assert code == 2
    assert err.count("\n") == 1 and where in err and message in err, err


def test_a_finished_position_with_both_partners_melds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A position where N went out alone and E and W had each melded (no 'alone:' line): the
    engine regroups the sides as N goes out (BCT), joins E's and W's melds, and the score gives
    each partner the partnership's total. It used to fail with an internal error."""
    text = """\
[Variant "three-hand-cutthroat"]
hand N:
hand E: 4c 4d 7h
hand W: 8c 8d 6h
melds N: Kc Kd Kh Ks Kc Kd Kh, 9c 9d 9h 9s 9c 9d 9h
melds E: Qc Qd Qh
melds W: Jc Jd Jh
pile: 7c
out N
"""
    pos = tmp_path / "out.pos"
    pos.write_text(text, encoding="utf-8")
    code, out, err = run_cli(capsys, "score", str(pos))
    assert code == 0, err
    melds = next(line for line in out.splitlines() if line.startswith("Melds"))
    hands = next(line for line in out.splitlines() if line.startswith("Cards in hand"))
    assert melds.split()[1:] == ["140", "60", "60"]
    assert hands.split()[3:] == ["0", "-40", "-40"]


def test_the_minimum_refusal_speaks_of_the_players_own_minimum() -> None:
    """BCT, RG3, LR3: each player's own total sets the minimum (initial_meld.basis =
    "player_total"), so the refusal says 'your minimum', not the side's."""
    s = position(V, hands={"N": "5c 5d 5h 9s 8s"}, phase=Phase.PLAY, players=3)
    ref = refusal(s, Meld((cs("5c 5d 5h"),)))
    assert ref is not None and ref.code == "open.below_minimum"
    assert ref.message.startswith("your first melds must count at least 50")
