"""Completion of typed moves: whole legal moves, action words, cards from the hand."""

from __future__ import annotations

import pytest
from helpers import cs

from canasta_rules.play.complete import complete

HELD = cs("Kh Kd 7c 7d 2c Jk Ts")
LEGAL = ["draw", "take with Kh Kd", "discard Kh", "discard 7c"]


@pytest.mark.parametrize(
    ("typed", "want"),
    [
        ("d", "draw"),  # the first legal move that fits
        ("ta", "take with Kh Kd"),
        ("disc", "discard Kh"),
        ("discard 7", "discard 7c"),  # a legal move
        ("meld K", "meld Kd"),  # a card held
        ("meld Kh K", "meld Kh Kd"),  # not the king already named
        ("meld Kh Kd 2", "meld Kh Kd 2c"),
        ("meld Kh Kd 2c J", "meld Kh Kd 2c Jk"),
        ("meld 10", "meld Ts"),
        ("meld kh k", "meld kh Kd"),
        ("meld Kh Kd di", "meld Kh Kd discard"),  # an action after cards
        ("ex", "expose"),
        ("meld 7c 7d 7", None),  # no third seven in hand
        ("meld Kh ", None),
        ("", None),
        ("zz", None),
    ],
)
def test_complete(typed: str, want: str | None) -> None:
    assert complete(typed, LEGAL, HELD) == want
