"""Matching cards join the side's meld of their rank.

001 ('Melds and canastas'): keep only one team meld per rank; matching cards join that meld. 002
('Melding'): a player may not have two identical separate melds; all same-number cards played
on the table go into a single meld. 004 ('(2) Melding'): a side cannot have more than one meld
of the same rank. So a group laid with ``meld`` in a rank the side already holds is an addition to
that meld, judged as one (the joined meld must be legal, not the group alone), and two groups of
one rank in one action are one meld. A closed canasta (``canastas.closed``, Samba) takes no more
cards, so beside it a group of its rank is a new meld.
"""

from __future__ import annotations

import pytest
from helpers import code, cs, position

from canasta_rules.bots import RandomBot
from canasta_rules.engine import (
    Meld,
    Phase,
    TakePile,
    apply_unchecked,
    deal,
    legal_moves,
    refusal,
)
from canasta_rules.engine.invariants import state_problems
from canasta_rules.engine.rules import IS_WILD, RUN, rules_for
from canasta_rules.engine.state import State
from canasta_rules.variant import load_variant

P = Phase.PLAY


def sixes(s: State, side: int = 0) -> list[int]:
    """The sizes of the side's melds of sixes."""
    return sorted(m.size for m in s.melds[side].values() if m.kind != RUN and m.rank in (6,))


def test_001_a_group_beside_the_sides_meld_joins_it() -> None:
    """001: matching cards join the team's meld: three sixes laid beside the team's three sixes
    make one meld of six."""
    s = position("classic", hands={"N": "6c 6c 6h 4d 8h"}, melds={0: ["6s 6s 6d"]}, phase=P)
    m = Meld((cs("6c 6c 6h"),))
    assert code(s, m) is None
    apply_unchecked(s, m)
    assert sixes(s) == [6]
    assert s.turn_added_old  # the cards went onto a meld made before this turn


def test_001_two_cards_that_could_be_no_meld_alone_still_join() -> None:
    """001: a six and a joker are no meld on their own (three cards at least), but laid beside the
    team's sixes they join them."""
    s = position("classic", hands={"N": "6c Jk 4d 8h"}, melds={0: ["6s 6s 6d"]}, phase=P)
    assert code(s, Meld((cs("6c Jk"),))) is None


def test_001_the_joined_meld_keeps_the_wild_card_limit() -> None:
    """001: all resulting melds must stay legal, the wild-card limit included (classic: at most
    three wild cards). Two sixes and two twos are a legal meld alone, but with the team's 6-6-2-2
    they would make a meld with four wild cards: refused as the addition it is."""
    s = position("classic", hands={"N": "6c 6h 2d 2h 4d 8h"}, melds={0: ["6s 6d 2c 2s"]}, phase=P)
    assert code(s, Meld((cs("6c 6h 2d 2h"),))) == "meld.too_many_wild"
    s = position("classic", hands={"N": "6c 6h 2d 4d 8h"}, melds={0: ["6s 6d 2c 2s"]}, phase=P)
    assert code(s, Meld((cs("6c 6h 2d"),))) is None


def test_002_two_groups_of_one_rank_in_one_action_are_one_meld() -> None:
    """002: same-number cards on the table are placed in a single meld: kings laid as two groups in
    one action make one meld of six."""
    s = position("online", hands={"N": "Kc Kd Kh Ks Kc 2c 8h 9h"}, melds={0: ["Qc Qd Qh"]}, phase=P)
    m = Meld((cs("Kc Kd Kh"), cs("Ks Kc 2c")))
    assert code(s, m) is None
    apply_unchecked(s, m)
    assert sorted(x.size for x in s.melds[0].values()) == [3, 6]


def test_004_a_group_and_an_add_of_one_rank_in_one_action() -> None:
    """004: one meld per rank, whatever the notation: 'add 6:' and a group of sixes in the same
    action both go onto the side's sixes."""
    s = position("general", hands={"N": "6c 6h 6d 2c 4d 8h"}, melds={0: ["6s 6s 6d"]}, phase=P)
    m = Meld((cs("6h 6d 2c"),), ((6, cs("6c")),))
    assert code(s, m) is None
    apply_unchecked(s, m)
    assert sixes(s) == [7]


def test_samba_a_group_beside_a_closed_canasta_is_a_new_meld() -> None:
    """Samba (docs/family/samba.md: UR, DX, KS close a completed canasta; KS: a new meld may be
    started in the rank of a completed canasta): three sixes beside a finished canasta of sixes
    start a second meld of sixes."""
    s = position(
        "samba", hands={"N": "6c 6c 6h 4d 8h 9h"}, melds={0: ["6s 6s 6d 6d 6h 6c 6s"]}, phase=P
    )
    m = Meld((cs("6c 6c 6h"),))
    assert code(s, m) is None
    apply_unchecked(s, m)
    assert sixes(s) == [3, 7]


@pytest.mark.parametrize("variant", ["classic", "online", "general", "samba", "modern-american"])
def test_a_group_on_a_meld_is_ruled_and_played_as_the_add(variant: str) -> None:
    """Across random play: wherever the move generator adds cards to a group (``add R:``), the same
    cards laid as a group with ``meld`` get the same ruling and leave the same table (wild cards
    alone excepted: as a group they are no group of the rank)."""
    rules = rules_for(load_variant(variant))
    checked = 0
    for seed in range(12):
        s = deal(rules, f"join:{seed}", dealer=seed % rules.players)
        bot = RandomBot(seed)
        while not s.over and checked < 60:
            side = s.side_of[s.turn]
            for mv in legal_moves(s) if s.phase == Phase.PLAY else ():
                if not isinstance(mv, Meld) or mv.melds or len(mv.adds) != 1:
                    continue
                key, cards = mv.adds[0]
                meld = s.melds[side].get(key)
                if meld is None or meld.kind == RUN or meld.rank != key:
                    continue
                if all(IS_WILD[c] for c in cards):
                    continue  # wild cards alone laid as a group are a meld of wild cards
                as_group = Meld((cards,))
                assert refusal(s, as_group) is None, (variant, seed, mv)
                a, b = s.copy(), s.copy()
                apply_unchecked(a, mv)
                apply_unchecked(b, as_group)
                assert a.melds == b.melds and a.hands == b.hands, (variant, seed, mv)
                checked += 1
            apply_unchecked(s, bot(s))
    assert checked >= 10, f"only {checked} adds seen under {variant}"


def test_001_black_threes_laid_in_two_actions_of_the_going_out_turn() -> None:
    """001 ('Red and black threes'): three or four black threes, without wild cards, may be
    melded only when going out. Laid as three and then one in the same going-out turn they are
    one meld of four, as laid together; a wild card still may not join them."""
    hands = {"N": "3c 3s 3c 3s 2d 5c"}
    melds = {0: ["Qc Qd Qh Qs Qc Qd Qh", "6c 6d 6h"]}
    s = position("classic", hands=hands, melds=melds, phase=P)
    first = Meld((cs("3c 3s 3c"),))
    assert code(s, first) is None
    apply_unchecked(s, first)
    assert code(s, Meld((cs("3s"),))) is None
    assert code(s, Meld(adds=((3, cs("3s")),))) is None
    assert code(s, Meld(adds=((3, cs("2d")),))) == "meld.black_threes.wild"


def test_002_a_pickups_melds_of_one_rank_are_one_meld() -> None:
    """002: all same-number cards on the table go into one meld, a pickup's too: opening with the
    pile, nines laid as two groups with it (one of them too small alone) are one meld of five."""
    hands = {"N": "Qc Qd 9c 9d 9h 9s 2c 5c"}
    s = position("classic", hands=hands, pile="4s Qs", scores=[1200, 900])
    take = TakePile(cs("Qc Qd"), (cs("9c 9d 9h"), cs("9s 2c")))
    assert code(s, take) is None
    apply_unchecked(s, take)
    assert sorted(m.size for m in s.melds[0].values()) == [3, 5]


def test_an_add_of_a_rank_laid_in_the_same_action_joins_it() -> None:
    """'meld Kc Kd Kh, K: Ks': the add names the kings the same action lays, so the king goes on
    that new meld (one meld per rank, 001/004)."""
    s = position("classic", hands={"N": "Kc Kd Kh Ks 5c 8h"}, melds={0: ["Qc Qd Qh"]}, phase=P)
    m = Meld((cs("Kc Kd Kh"),), ((13, cs("Ks")),))
    assert code(s, m) is None
    apply_unchecked(s, m)
    assert sorted(x.size for x in s.melds[0].values()) == [3, 4]


@pytest.mark.parametrize(
    ("variant", "sets", "expected"),
    [
        ("uruguayan", (), "meld.wild.too_big"),
        ("bolivia", (), None),
        ("uruguayan", ("canastas.closed=true",), None),
        ("modern-american", (), "meld.rank_closed"),
    ],
)
def test_wild_cards_beside_a_wild_canasta_of_seven(
    variant: str, sets: tuple[str, ...], expected: str | None
) -> None:
    """Three twos beside the side's wild canasta of seven. Uruguayan (canastas never close; a
    meld of wild cards holds three to seven, docs/family/uruguayan.md): they join it, and it
    takes no more. Bolivia (RGB: nothing is added to a finished bolivia; pinned: the side may then
    start another meld of wild cards), and any ruleset whose canastas close and may be begun again
    (canastas.reopen_closed_rank): a new meld, the bolivia set aside as a closed group is. Modern
    American (POC, WUS: a side never melds a closed canasta's kind again): refused. (Before, the
    new meld was allowed everywhere canastas close, and the engine then piled it onto the
    canasta.)"""
    melds = {0: ["Qc Qd Qh", "2s 2s Jk Jk 2c 2d 2h"]}
    hands = {"N": "2c 2d 2h 9c 9d 5c 6d"}
    s = position(variant, hands=hands, melds=melds, phase=P, sets=sets)
    m = Meld((cs("2c 2d 2h"),))
    assert code(s, m) == expected
    if expected is None:
        apply_unchecked(s, m)
        assert sorted(x.size for x in s.melds[0].values() if x.naturals == 0) == [3, 7]
        assert state_problems(s) == []
