"""How a syntax error words what could have come instead: every word or sign a player types is
quoted as typed ('unseen', ':'), everything else is named in words (a card, the end of the line),
and the choices read as a sentence ("a, b or c"). docs/notation.md, "Design notes"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import run_cli

from canasta_rules.errors import NotationError
from canasta_rules.notation import parse, read_position
from canasta_rules.notation.parser import _parser
from canasta_rules.notation.slips import expected_items

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"
FROZEN = (EXAMPLES / "e5-frozen-pile.pos").read_text()
GAME = (EXAMPLES / "two-hand-game.can").read_text()

QUOTED = re.compile(r"'[^']+'")
"""A word or sign as typed."""
IN_WORDS = re.compile(r"(a|an|the|what) [a-z# ']+( \(.*\))?")
"""Something named in words, with examples in parentheses."""


def test_every_terminal_is_worded_one_way() -> None:
    """Each terminal lark can expect is either quoted as typed or named in words: no bare word
    ("expected unseen") and no terminal's name ("expected seat")."""
    p = _parser()
    for t in p.terminals:
        if t.name.startswith("__IGNORE"):
            continue
        items = expected_items({t.name}, p)
        assert items, t.name
        for item in items:
            assert QUOTED.fullmatch(item) or IN_WORDS.fullmatch(item), (t.name, item)


def test_the_choices_read_as_a_sentence() -> None:
    items = expected_items({"CARDS", "INT", "_NL", "COMMENT", "COLON"}, _parser())
    assert items == [
        "':'",
        "a card (Kh, Ts, 3d, 2c, Jk)",
        "a number",
        "a # comment",
        "the end of the line",
    ]


def _error(text: str) -> NotationError:
    with pytest.raises(NotationError) as e:
        read_position(parse(text, "x.pos"))
    return e.value


@pytest.mark.parametrize(
    ("old", "new", "where", "message"),
    [
        # a word the grammar spells out, and one it lists among others: both quoted
        (
            "hand E: 4c 5d 7h 7s 9c Td Jh",
            "hand E: 7 unsen",
            (8, 11),
            "unexpected 'unsen'; expected 'unseen'",
        ),
        ("to move: N draw", "to mov: N draw", (14, 4), "unexpected 'mov:'; expected 'move'"),
        # a to-move line that does not say what the seat is to do, or says it in other words
        (
            "to move: N draw",
            "to move: N",
            (14, 11),
            "say what North is to do: 'to move: N draw' before drawing or taking the pile, "
            "'to move: N play' after it (or 'answer', 'expose', 'foot' or 'over')",
        ),
        (
            "to move: N draw",
            "to move: N discard",
            (14, 12),
            "say what North is to do: 'to move: N draw' before drawing",
        ),
        # 'pile:' takes a colon, 'stock' none
        ("to move: N draw", "stock: 40\nto move: N draw", (14, 6), "'stock' takes no colon"),
        (
            "pile: 7c 2c 9d Qh",
            "pile zz 7c",
            (13, 6),
            "unexpected 'zz'; expected ':', a card (Kh, Ts, 3d, 2c, Jk), a number, a # comment or "
            "the end of the line",
        ),
        ("melds NS: Qc", "melds NS Qc", (11, 10), "unexpected 'Qc'; expected ':'"),
        (
            '[Variant "classic"]',
            '[Variant "classic"',
            (4, 19),
            "unexpected end of the line; expected ']'",
        ),
        # no line starts with a card: the slip is the line's first word
        ("hand W: 4d", "12\nhand W: 4d", (10, 1), "cannot read '12': a line starts with a seat"),
        (
            "hand W: 4d",
            "N: 4d",
            (10, 2),
            "a turn follows its seat with no colon ('N draw'); a hand's cards: 'hand N: Kd Kh'",
        ),
    ],
)
def test_position_slips(old: str, new: str, where: tuple[int, int], message: str) -> None:
    assert old in FROZEN
    e = _error(FROZEN.replace(old, new))
    assert (e.line, e.column) == where
    assert e.message.startswith(message), e.message


@pytest.mark.parametrize(
    ("line", "column", "message"),
    [
        (
            "N draw 4c mled 4c 4d 4h",
            11,
            "unknown action 'mled' (did you mean 'meld'?): expected 'draw', 'take', 'expose', "
            "'meld', 'add', 'discard', 'ask' or 'foot'",
        ),
        (
            "N draw 4c zzz 4c 4d 4h",
            11,
            "unknown action 'zzz': expected 'draw', 'take', 'expose', 'meld', 'add', 'discard', "
            "'ask' or 'foot'",
        ),
        (
            "N take wth 4c 4d",
            8,
            "unknown word 'wth' in a take: expected a card, 'on', 'with', 'and', 'replace' or "
            "another action",
        ),
        (
            "N take 7s with 7c 7d adn 8c 8h 8s",
            22,
            "unknown word 'adn' in a take: expected a card, 'and', 'replace' or another action",
        ),
        (
            "N take with 7c 7d and 8c 8h 8s rplace 4c",
            32,
            "unknown word 'rplace' in a take: expected a card, 'replace', a comma before another "
            "meld or another action",
        ),
        (
            "N",
            2,
            "a turn needs an action: 'draw', 'take', 'expose', 'meld', 'add', 'discard', 'ask' or "
            "'foot'",
        ),
        ("N draw 4c discard 4x", 19, "'4x' is not a card: the suit must be 'c', 'd', 'h' or 's'"),
    ],
)
def test_turn_slips(line: str, column: int, message: str) -> None:
    with pytest.raises(NotationError) as e:
        parse(line + "\n", "x.can")
    assert (e.value.line, e.value.column) == (1, column)
    assert e.value.message.startswith(message), e.value.message


def test_a_turn_entry_lists_the_entries_quoted() -> None:
    e = _error(FROZEN.replace("to move: N draw", "turn: drw stock\nto move: N play"))
    assert "unknown turn entry 'drw': expected 'drew' (then 'stock', 'pile' or 'nothing')" in str(
        e.message
    )
    assert e.message.endswith("'asked' (then 'yes' or 'no') or 'walking'")
    e = _error(FROZEN.replace("to move: N draw", "turn: drew deck\nto move: N play"))
    assert "'drew' is followed by 'stock', 'pile' or 'nothing'" in e.message


def test_through_the_commands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``ruling``, ``moves`` and ``replay`` print the slip as one located line, exit status 2."""
    monkeypatch.chdir(tmp_path)  # short names: a long path is shortened on a long line
    pos = Path("e5.pos")
    pos.write_text(FROZEN.replace("hand E: 4c 5d 7h 7s 9c Td Jh", "hand E: 7 unsen"))
    can = Path("game.can")
    can.write_text(GAME.replace("S draw 5s 4d meld", "S draw 5s 4d mled", 1))
    cases = [
        (["ruling", str(pos), "draw"], f"{pos}:8:11: unexpected 'unsen'; expected 'unseen'"),
        (["moves", str(pos)], f"{pos}:8:11: unexpected 'unsen'; expected 'unseen'"),
        (
            ["ruling", str(EXAMPLES / "e5-frozen-pile.pos"), "take wth Qc Jk"],
            "<move>:1:6: unknown word 'wth' in a take: expected a card, 'on', 'with', 'and', "
            "'replace' or another action",
        ),
        (
            ["replay", str(can)],
            f"{can}:13:14: unknown action 'mled' (did you mean 'meld'?): expected 'draw', "
            "'take', 'expose', 'meld', 'add', 'discard', 'ask' or 'foot'",
        ),
    ]
    for args, line in cases:
        code, out, err = run_cli(capsys, *args)
        assert (code, out, err) == (2, "", f"canasta: {line}\n"), args


ODD_BREAKS = "# a page break\x0c, a line separator\u2028 and a paragraph one\u2029 in a comment"
"""Characters :meth:`str.splitlines` takes for line breaks and lark does not."""


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_lines_are_counted_at_newlines_only(newline: str) -> None:
    """An error's line and column, and the line its words come from, are lark's: lines end at
    a newline (a CRLF too), not at a form feed or U+2028 in a comment before the error."""
    text = f'[Variant "classic"]\nfrozen yes {ODD_BREAKS}\nN draw 4c mled 5c\n'
    with pytest.raises(NotationError) as e:
        parse(text.replace("\n", newline), "x.can")
    assert (e.value.line, e.value.column) == (3, 11)
    assert e.value.message.startswith("unknown action 'mled'"), e.value.message
    text = f'[Variant "classic"]\npenalty N exposed Kh {ODD_BREAKS}\nstock zz\n'
    with pytest.raises(NotationError) as e:
        parse(text.replace("\n", newline), "x.can")
    assert (e.value.line, e.value.column) == (3, 7)
    assert e.value.message == "unexpected 'zz'; expected a number"


def test_a_turn_entry_column_after_odd_breaks() -> None:
    """The column of a ``turn:`` entry's argument is found in the document's own line 15."""
    text = FROZEN.replace('[Variant "classic"]', f'[Variant "classic"]\n{ODD_BREAKS}')
    text = text.replace("to move: N draw", "turn: drew deck\nto move: N play")
    doc = parse(text, "x.pos")
    assert doc.source == text.split("\n")[:-1]  # the text ends with a newline
    assert doc.source[4] == ODD_BREAKS and doc.source[14] == "turn: drew deck"
    with pytest.raises(NotationError) as e:
        read_position(doc)
    assert (e.value.line, e.value.column) == (15, 12)  # at 'deck'
    assert "'drew' is followed by 'stock', 'pile' or 'nothing'" in e.value.message


@pytest.mark.parametrize(
    ("line", "column", "kind", "form"),
    [
        ("hand 5c 6c", 6, "seat", "hand N: Kd Kh"),  # lark read 'hand 5' and stopped at 'c'
        ("hand: 5c 6c", 5, "seat", "hand N: Kd Kh"),
        ("hand 11 unseen", 6, "seat", "hand N: Kd Kh"),
        ("foot 4c 4d", 6, "seat", "foot N: Kd Kh"),
        ("foot taken", 6, "seat", "foot N: Kd Kh"),
        ("deal 5c 6c", 6, "seat", "deal N: Kd Kh"),
        ("melds 7c 7d 7h", 7, "side", "melds NS: Kc Kd Kh, 7c 7d 7s"),
        ("melds: 7c 7d 7h", 6, "side", "melds NS: Kc Kd Kh, 7c 7d 7s"),
        ("red 3h", 5, "side", "red NS: 3h"),
        ("penalty wild_returned", 9, "seat", "penalty N wild_returned"),
        ("out concealed", 5, "seat", "out N"),
        ("to move: draw", 10, "seat", "to move: N draw"),
        ("alone: 5c", 8, "seat", "alone: N"),
        ("score 120 EW 85", 7, "side", "score NS 120 EW 85"),
        ("frozen against", 15, "side", "frozen against EW"),
    ],
)
def test_a_seat_left_out_is_named(line: str, column: int, kind: str, form: str) -> None:
    """A line that leaves out the seat (or side) it names says so, with the line's form, at the
    place the seat belongs (it said "unexpected 'c'" for 'hand 5c 6c')."""
    text = FROZEN.replace("hand W: 4d", f"{line}\nhand W: 4d", 1)
    e = _error(text)
    word = line.split()[0].rstrip(":")
    word = {"to": "to move", "frozen": "frozen against"}.get(word, word)
    assert (e.line, e.column) == (10, column)
    assert e.message == f"the {kind} is missing after '{word}', as in '{form}'"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        # a seat written, with another slip: the usual message
        ("hand X: 5c", "unexpected 'X:'; expected a seat (N, E, S, W ...) or a number"),
        ("melds NS 7c", "unexpected '7c'; expected ':'"),
    ],
)
def test_a_seat_written_is_not_called_missing(line: str, message: str) -> None:
    e = _error(FROZEN.replace("hand W: 4d", f"{line}\nhand W: 4d", 1))
    assert e.message == message


def test_a_seat_left_out_from_the_command_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """One line on standard error, file:line:column, exit status 2; in a record too, where
    'hand 5' is a hand's number."""
    monkeypatch.chdir(tmp_path)
    Path("north.pos").write_text(FROZEN.replace("hand W: 4d", "hand 5c 6c\nhand W: 4d", 1))
    status, out, err = run_cli(capsys, "moves", "north.pos")
    assert (status, out) == (2, "")
    assert (
        err == "canasta: north.pos:10:6: the seat is missing after 'hand', as in 'hand N: Kd Kh'\n"
    )
    game = GAME.replace("deal N:", "deal ", 1)
    Path("game.can").write_text(game)
    line = next(i for i, t in enumerate(game.splitlines(), 1) if t.startswith("deal  "))
    status, out, err = run_cli(capsys, "replay", "game.can")
    assert (status, out) == (2, "")
    assert err == (
        f"canasta: game.can:{line}:7: the seat is missing after 'deal', as in 'deal N: Kd Kh'\n"
    )
