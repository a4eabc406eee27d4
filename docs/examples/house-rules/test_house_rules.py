"""Property tests for a house ruleset, written with canasta_rules.testing.

Copy this folder next to your own ruleset and run ``pytest`` in it. Installing canasta-rules
registers the pytest plugin (the ``canasta_variant`` and ``canasta_check`` fixtures); from a
source checkout without installing, run ``pytest -p canasta_rules.testing`` instead.

The house ruleset, thursday-club.toml, is classic Canasta where a discarded black three freezes
the pile, a side needs two canastas to go out, and a player draws two cards a turn.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from canasta_rules import cards as C
from canasta_rules.check import CheckReport
from canasta_rules.engine import Discard, apply_unchecked, legal_moves
from canasta_rules.engine.state import State
from canasta_rules.testing import (
    RULE_ENDS,
    PlayedHand,
    assert_consistent,
    hands,
    positions,
    variants,
)
from canasta_rules.variant import Variant

HOUSE = Path(__file__).with_name("thursday-club.toml")
FEW = settings(max_examples=15, deadline=None)


def test_the_house_rules_are_consistent(canasta_check: Callable[..., CheckReport]) -> None:
    """The static lints and 60 seeded bot hands find nothing wrong."""
    report = canasta_check(HOUSE, games=60)
    assert report.findings == []
    assert report.consistent, report.failure and report.failure.failure.problems


@FEW
@given(hand=hands(HOUSE))
def test_every_hand_ends_by_a_rule(hand: PlayedHand) -> None:
    """Whatever the players do, a hand ends by going out, the stock, or a red three.

    ``hands`` already checks every invariant after every move; this adds our own property."""
    assert hand.end is not None
    assert hand.end.end_reason in RULE_ENDS


@FEW
@given(state=positions(HOUSE))
def test_nobody_goes_out_with_fewer_than_two_canastas(state: State) -> None:
    """Our house rule: two canastas before going out, whatever move is tried."""
    side = state.rules.side_of[state.turn]
    for move in legal_moves(state):
        after = state.copy()
        apply_unchecked(after, move)
        assert_consistent(after)
        if after.over and after.out_player >= 0:
            assert after.canastas(side) >= 2


@FEW
@given(state=positions(HOUSE))
def test_a_discarded_black_three_freezes_the_pile(state: State) -> None:
    """The other house rule: a black three discarded freezes the pile until it is taken."""
    for move in legal_moves(state):
        if isinstance(move, Discard) and C.is_black_three(move.card):
            after = state.copy()
            apply_unchecked(after, move)
            assert after.frozen or after.over


@FEW
@given(
    variant=variants(HOUSE, vary=["going_out.canastas", "black_threes.discarded"]),
    data=st.data(),
)
def test_the_neighbouring_rulesets_play_too(variant: Variant, data: st.DataObject) -> None:
    """Our ruleset with its two house rules changed back and forth: every hand still plays."""
    hand = data.draw(hands(variant))
    assert hand.end is not None and hand.end.end_reason in RULE_ENDS
