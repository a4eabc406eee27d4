"""A card that is no card, in a turn line: the error names the word as a card slip and points at
its column, wherever the grammar stops (before it reads the card after ``draw``, or at the start of
``discard``, whose card is part of the same token)."""

from __future__ import annotations

import pytest

from canasta_rules.errors import NotationError
from canasta_rules.notation import parse

HEAD = '[Variant "classic"]\n[Seed "1"]\nhand 1\n'


@pytest.mark.parametrize(
    ("turn", "column", "message"),
    [
        ("N draw Xy", 8, "'Xy' is not a card: no rank 'X'"),
        ("N draw 5c discard Xy", 19, "'Xy' is not a card: no rank 'X'"),
        ("N take Xy with 5c 5d", 8, "'Xy' is not a card: no rank 'X'"),
        ("N draw 5c xx 4c", 11, "'xx' is not a card: no rank 'X'"),
        (
            "N expose Qq",
            10,
            "'Qq' is not a card: the suit must be 'c', 'd', 'h' or 's' (lower case)",
        ),
        ("N draw 5c meld 5c Qq 5d discard 4c", 19, "'Qq' is not a card: the suit must be"),
        ("N draw 5c add 5: 5c Pp discard 4c", 21, "'Pp' is not a card: no rank 'P'"),
    ],
)
def test_a_word_in_a_card_slot_is_named_as_no_card(turn: str, column: int, message: str) -> None:
    with pytest.raises(NotationError) as e:
        parse(HEAD + turn + "\n", "game.can")
    assert (e.value.line, e.value.column) == (4, column)
    assert e.value.message.startswith(message)


@pytest.mark.parametrize(
    ("turn", "message"),
    [
        # Words that are not attempts at a card keep their own messages.
        ("N draw 5c discard 4c no", "unknown action 'no'"),
        ("N draw 5c discard", "discard names exactly one card"),
        ("N draw 5c jump", "unknown action 'jump'"),
    ],
)
def test_other_slips_keep_their_messages(turn: str, message: str) -> None:
    with pytest.raises(NotationError) as e:
        parse(HEAD + turn + "\n", "game.can")
    assert e.value.message.startswith(message)
