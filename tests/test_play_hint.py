"""``hint`` at the table (issue 24): the strategy bot's move for the person to move, and the
reason read off what the move does, in a player's words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import classic_pos, read_state

from canasta_rules import cards as C
from canasta_rules.engine.moves import Discard, Draw, Meld, TakePile
from canasta_rules.play.hint import hint, reason
from canasta_rules.play.session import Options, Session

SEATS = ("N", "E", "S", "W")
VARIANTS = sorted(p.stem for p in (Path(__file__).parent.parent / "variants").glob("*.toml"))


def cs(text: str) -> tuple[int, ...]:
    return tuple(C.parse(x) for x in text.split())


def test_an_opening_meld_counts_toward_the_minimum() -> None:
    """A side that has not opened needs 50 (classic, under 1500: 001); three kings make 30 of it
    and, with three aces beside them in the same action, 90: enough."""
    text = classic_pos("classic", n="Kc Kd Kh Ac Ad Ah 4c 5d", ew="", scores="NS 0, EW 0")
    s = read_state(text)
    said = reason(s, Meld((cs("Kc Kd Kh"),)), SEATS)
    assert said == (
        "meld your three kings: that makes 30 points this turn, toward the 50 your side needs "
        "to open"
    )
    both = Meld((cs("Kc Kd Kh"), cs("Ac Ad Ah")))
    assert reason(s, both, SEATS) == (
        "meld your kings and aces: that makes 90 points this turn: enough to open "
        "(your side needs 50)"
    )


def test_a_canasta_made_is_named_with_its_bonus() -> None:
    """Six queens on the table and a seventh added: a natural canasta, 500 (001)."""
    text = classic_pos("classic", n="Qs 4c 5d 6h", ns="Qc Qc Qd Qd Qh Qh")
    s = read_state(text)
    assert reason(s, Meld((), ((C.QUEEN, cs("Qs")),)), SEATS) == (
        "add your queen to your queens: it makes a natural canasta of queens (500 bonus)"
    )


def test_a_black_three_is_discarded_as_a_stopper() -> None:
    text = classic_pos("classic", n="3c 4c 5d 6h", ns="Qc Qd Qh")
    s = read_state(text)
    said = reason(s, Discard(C.parse("3c")), SEATS)
    assert said == "a black three on top stops E taking the pile"


def test_a_discard_names_what_makes_it_safe() -> None:
    """The single card of a rank the next side has not melded, one of which is in the pile."""
    text = classic_pos("classic", n="4c 5d 5h 6h", ns="Qc Qd Qh", pile="7c 4d")
    s = read_state(text)
    assert reason(s, Discard(C.parse("4c")), SEATS) == (
        "the card least likely to give E the pile, and of least use to you: your only four; "
        "E's side has no fours melded; a four is in the pile already, so E is less likely to "
        "hold a pair"
    )


def test_a_draw_says_why_the_pile_is_not_taken() -> None:
    """The pile frozen (a two in it) and no natural pair of its top card in hand (001)."""
    text = classic_pos(
        "classic", n="Qc 5c 6d 8h", ns="Kc Kd Kh", pile="7c 2c 9d", turn=None, to_move="N draw"
    )
    s = read_state(text)
    assert reason(s, Draw(), SEATS) == "the pile is frozen, and the cards you hold cannot take it"
    small = classic_pos(
        "classic", n="9c 9h 6d 8h", ns="Kc Kd Kh", pile="9d", turn=None, to_move="N draw"
    )
    assert reason(read_state(small), Draw(), SEATS) == (
        "the pile is only 1 card: keep your pairs for a bigger one"
    )


def test_a_pickup_says_what_it_brings() -> None:
    text = classic_pos(
        "classic", n="9c 9h 6d 8h", ns="Kc Kd Kh", pile="7c 4h 9d", turn=None, to_move="N draw"
    )
    s = read_state(text)
    assert reason(s, TakePile(cs("9c 9h")), SEATS).startswith(
        "the pile brings you 3 cards for your two nines"
    )


# ------------------------------------------------------------------------------ every ruleset


@pytest.mark.parametrize("variant", VARIANTS)
def test_following_every_hint_plays_a_legal_hand(variant: str) -> None:
    """Everyone at the keyboard, each typing the hint's move: every hint is legal (it plays as
    typed), says why in words (no code's names), and asking changes nothing."""
    probe = Session.new(Options(ref=variant, seed=4), None)
    sess = Session.new(
        Options(ref=variant, seed=4, humans=frozenset(range(probe.rules.players))), None
    )
    n = 0
    while not sess.hand_over and n < 400:
        before = (len(sess.hand.moves), sess.state.hand_len)
        lines = hint(sess)
        assert hint(sess) == lines and (len(sess.hand.moves), sess.state.hand_len) == before
        assert len(lines) == 2 and lines[0].startswith("hint: ")
        why = lines[1].removeprefix("  why: ")
        assert why != lines[1] and len(why) > 10
        assert not re.search(r"[_<>{}]|None|\(\)", why), why
        sess.play_text(lines[0].removeprefix("hint: "))
        n += 1
    assert sess.hand_over


def test_no_hint_when_it_is_not_your_turn() -> None:
    sess = Session.new(Options(seed=3, humans=frozenset({2})), None)  # S; N plays first
    assert not sess.human_to_move
    assert hint(sess) == ["no hint: it is not your turn"]
