"""Rules judged over the whole turn, not one meld action (issue 9, point 1).

001_0cb887cc6d824426.txt: "the cards put down on that turn must meet a minimum" and "several legal
melds may combine to reach the minimum"; black threes may be melded "only when going out"; a
concealed finish after a stock draw "waives the initial-meld minimum". Each is judged on everything
the player laid this turn; an action is refused only when the turn can no longer be completed
legally, and the discard that would end a turn below the minimum is refused.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import code, cs, position

from canasta_rules import cards as C
from canasta_rules.engine import Discard, Meld, Phase, legal_moves, refusal
from canasta_rules.engine.apply import apply
from canasta_rules.engine.state import State
from canasta_rules.errors import IllegalMoveError
from canasta_rules.notation import parse, replay

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"


def meld(*groups: str, adds: tuple[tuple[int, str], ...] = ()) -> Meld:
    return Meld(tuple(cs(g) for g in groups), tuple((k, cs(g)) for k, g in adds))


def opening(hand: str, score: int, drew: int = 1) -> State:
    return position("classic", hands={"N": hand}, phase=Phase.PLAY, scores=[score, 0], drew=drew)


def test_opening_in_two_meld_actions_001() -> None:
    """At 1500 the minimum is 90: aces (60) then kings (30) in a second action reach it."""
    s = opening("Ac Ad Ah Kc Kd Kh 5c 9d", 1500)
    apply(s, meld("Ac Ad Ah"))
    assert s.turn_value == 60 and s.opening_short(0) == 30
    apply(s, meld("Kc Kd Kh"))
    assert s.opening_short(0) == 0
    apply(s, Discard(C.parse("5c")))
    assert s.opened[0] and not s.over


def test_opening_two_actions_below_minimum_refused_001() -> None:
    """At 3000 (minimum 120) the same cards make 90 at most: the first action is refused, because
    the rest of the hand cannot make up the difference."""
    s = opening("Ac Ad Ah Kc Kd Kh 5c 9d", 3000)
    assert code(s, meld("Ac Ad Ah")) == "open.below_minimum"
    ref = refusal(s, meld("Ac Ad Ah"))
    assert ref is not None and "cannot make up the difference" in ref.message


def test_discard_below_minimum_refused_001() -> None:
    """The aces alone are a legal first action at 90 (the kings can follow), but discarding
    without them ends the turn below the minimum: the discard is refused."""
    s = opening("Ac Ad Ah Kc Kd Kh 5c 9d", 1500)
    apply(s, meld("Ac Ad Ah"))
    assert code(s, Discard(C.parse("5c"))) == "open.below_minimum"
    # legal_moves offers no dead end: every discard is gone until the minimum is reached.
    assert not [m for m in legal_moves(s) if isinstance(m, Discard)]


def test_meld_then_add_reaches_minimum_001() -> None:
    """At 50: three kings (30) then a two added to them (20) in a second action make 50."""
    s = opening("Kc Kd Kh 2c 5c 9d", 0)
    apply(s, meld("Kc Kd Kh"))
    apply(s, meld(adds=((13, "2c"),)))
    assert s.turn_value == 50
    apply(s, Discard(C.parse("5c")))
    assert s.opened[0]
    # Without the two the kings make 30 and the discard is refused.
    t = opening("Kc Kd Kh 2c 5c 9d", 0)
    apply(t, meld("Kc Kd Kh"))
    assert code(t, Discard(C.parse("5c"))) == "open.below_minimum"


def test_concealed_finish_in_several_actions_after_stock_draw_001() -> None:
    """At 3000 (minimum 120), after a stock draw: seven kings (70, a canasta of the player's own),
    then three fives (15), then the last card discarded: a concealed finish, which waives the
    minimum although the turn laid only 85."""
    hand = "Kc Kd Kh Ks Kc Kd Kh 5c 5d 5h 9s"
    s = opening(hand, 3000)
    apply(s, meld("Kc Kd Kh Ks Kc Kd Kh"))
    apply(s, meld("5c 5d 5h"))
    apply(s, Discard(C.parse("9s")))
    assert s.end_reason == "went_out" and s.concealed
    # After taking the pile (drew = 2) the minimum is not waived: the first action is refused.
    t = opening(hand, 3000, drew=2)
    assert code(t, meld("Kc Kd Kh Ks Kc Kd Kh")) == "open.below_minimum"


def test_concealed_finish_without_going_out_is_refused_001() -> None:
    """The waiver needs the finish: having laid 85 of 120, keeping the fives and discarding is
    a turn that ends below the minimum."""
    s = opening("Kc Kd Kh Ks Kc Kd Kh 5c 5d 5h 9s", 3000)
    apply(s, meld("Kc Kd Kh Ks Kc Kd Kh"))
    assert code(s, Discard(C.parse("9s"))) == "open.below_minimum"


def _opened_with_canasta(hand: str) -> State:
    return position(
        "classic",
        hands={"N": hand},
        melds={0: ["Qc Qd Qh Qs Qc Qd Qh"]},
        phase=Phase.PLAY,
    )


def test_black_threes_in_an_earlier_action_of_going_out_001() -> None:
    """Black threes melded first, then the fives, then the last card discarded: the player goes
    out, so the black threes were melded on a going-out turn."""
    s = _opened_with_canasta("3c 3s 3c 5d 5h 5s 9c")
    apply(s, meld("3c 3s 3c"))
    apply(s, meld("5d 5h 5s"))
    apply(s, Discard(C.parse("9c")))
    assert s.end_reason == "went_out"


def test_black_threes_without_going_out_refused_001() -> None:
    """If going out is impossible after them, melding black threes is refused; if the player
    melds them and then discards without going out, the discard is refused."""
    s = _opened_with_canasta("3c 3s 3c 5d 5h 9c Kd")
    assert code(s, meld("3c 3s 3c")) == "meld.black_threes.not_going_out"
    t = _opened_with_canasta("3c 3s 3c 5d 5h 5s 9c")
    apply(t, meld("3c 3s 3c"))
    assert code(t, Discard(C.parse("9c"))) == "meld.black_threes.not_going_out"


def test_two_action_opening_replays_from_a_record_001() -> None:
    text = (EXAMPLES / "opening-two-actions.can").read_text()
    game = replay(parse(text, "opening-two-actions.can"))
    assert game.hands and not game.hands[0].end.over  # type: ignore[union-attr]
    bad = text.replace("meld Kc Kd Kh discard 5c", "discard 5c")
    with pytest.raises(IllegalMoveError) as e:
        replay(parse(bad, "bad.can"))
    assert e.value.refusal.code == "open.below_minimum"
    assert "bad.can:12:" in str(e.value)


def test_red_three_is_never_discarded_001() -> None:
    """001: red threes are placed face up apart from the melds (and replaced), never played to
    the pile. Legal play never leaves one in hand after the draw; a written position can, and
    then the discard is refused while the other cards may still be discarded."""
    s = position("classic", hands={"N": "3h 5c 9d Kc"}, phase=Phase.PLAY, drew=1)
    assert code(s, Discard(C.parse("3h"))) == "discard.red_three"
    moves = legal_moves(s)
    discards = {m.card for m in moves if isinstance(m, Discard)}
    assert C.parse("3h") not in discards
    assert discards == {C.parse(c) for c in ("5c", "9d", "Kc")}
