"""Cards, moves, seats and sides in words (canasta_rules.notation.saywords, canasta_rules.seats):
what the web page and the command line say for the notation."""

from __future__ import annotations

from canasta_rules.notation.saywords import listed_move, move_words
from canasta_rules.seats import seat_names, seat_word, side_names, side_word

FOUR = seat_names(4)


def test_seats_and_sides_by_name() -> None:
    assert [seat_word(s) for s in FOUR] == ["North", "East", "South", "West"]
    assert [side_word(s) for s in side_names(4, 2)] == ["North-South", "East-West"]
    assert [side_word(s) for s in side_names(3, 3)] == ["North", "East", "West"]
    assert seat_word("A") == "player A"
    assert [side_word(s) for s in side_names(6, 3)] == [
        "players A and D",
        "players B and E",
        "players C and F",
    ]


def test_moves_in_words() -> None:
    assert move_words("discard 4d", FOUR) == "discard the 4\u2666"
    assert move_words("W draw 5c discard Th", FOUR) == (
        "draw the 5\u2663 from the stock, then discard the 10\u2665"
    )
    assert move_words("discard", FOUR) == ""  # not a move the notation reads
    assert listed_move("draw CARD (any card the stock may hold)", FOUR, None, False) == {
        "text": "draw CARD",
        "words": "draw from the stock, naming the card drawn (any card the stock may hold)",
        "fill": "draw ",
    }
