"""A position's lines read without lark (notation/fastpos.py) read exactly as lark reads them;
a text with any line it cannot read is left whole to lark, with lark's errors; the parser's
terminals come from the shipped terminals.json, and a stale or odd one is not used."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reading_helpers import LINE_CHANGES, LINE_SAMPLES, POSITION_CHANGES, both_ways

from canasta_rules import limits
from canasta_rules.errors import NotationError
from canasta_rules.notation import parse, reading, terminals
from canasta_rules.notation import parser as P
from canasta_rules.notation.fastlines import Beyond, Budget, read_lines
from canasta_rules.notation.fastpos import read_position, read_position_lines
from canasta_rules.notation.parser import _lark_lines, _parser
from canasta_rules.notation.shapes import Shapes
from canasta_rules.notation.tables import grammar_text

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"


SAMPLES = [
    "hand N: Qc Jk 5c 6d 8h 9s Kd",
    "hand E:",
    "hand S: 13 unseen",
    "hand W: 2 unseen, Qc 10d",
    "hand N: 10c Qd",
    "foot N: 4c 5c 6c",
    "foot E: taken",
    "foot S: 11 unseen",
    "melds NS: Qc Qd Qh Qs, Kc Kh Ks",
    "melds EW:",
    "melds ABC: 4s 4c 2c, 7c 7d 7h 7s 7c 2d Jk",
    "red NS: 3d 3d",
    "red EW:",
    "to move: N draw",
    "to move E play",
    "out N",
    "out S concealed",
    "melded: N S",
    "melded:",
    "asked: E",
    "taken: NS EW",
    "alone: N",
    "stock 40",
    "pile: 53 unseen, 7c 2d 9d",
    "upcard 46 unseen",
    "turn: drew stock",
    "turn: took 7h 9s Kh, new 7, first, melded",
    "turn:",
]


@settings(max_examples=400)
@given(line=st.sampled_from(SAMPLES), mutate=st.lists(POSITION_CHANGES, max_size=3))
def test_a_position_line_reads_as_lark_reads_it(line: str, mutate: list) -> None:
    for f in mutate:
        line = f(line)
    mine, larks = both_ways(line, position=True)
    if mine is not None:
        assert mine == larks, line


@pytest.mark.parametrize("line", SAMPLES)
def test_each_sample_is_read_here(line: str) -> None:
    mine, larks = both_ways(line, position=True)
    assert mine is not None and mine == larks


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.pos")), ids=lambda p: p.name)
def test_every_example_position_is_read_without_lark_and_as_lark_reads_it(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    raws = text.split("\n")
    _, rest = read_lines(raws, _parser(), Budget())
    mine = read_position_lines(raws, rest, _parser(), Budget())
    assert mine is not None
    assert mine == _lark_lines(raws, rest, path.name)


def test_one_line_lark_must_read_sends_every_line_to_lark(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    text = "hand N: Qc Qd\nmelds NS: Kc Kd Kh\nto move: N dran\n"
    with pytest.raises(NotationError) as e:
        parse(text, "x.pos")
    assert (e.value.file, e.value.line, e.value.column) == ("x.pos", 3, 12)
    called: list[list[int]] = []
    real = P._lark_lines

    def spy(raws: list[str], numbers: list[int], file: str) -> list[object]:
        called.append(numbers)
        return real(raws, numbers, file)  # type: ignore[return-value]

    monkeypatch.setattr(P, "_lark_lines", spy)
    parse(text.replace("dran", "draw"), "x.pos")
    assert called == []  # all read here
    doc = parse(text.replace("dran", "draw") + "penalty N forgot_draw\n", "x.pos")
    assert called == [[1, 2, 3, 4]]  # one line for lark: lark reads them all
    assert [type(ln.item).__name__ for ln in doc.lines] == [
        "PosHand",
        "PosMelds",
        "PosToMove",
        "PenaltyLine",
    ]


def test_too_many_cards_in_position_lines_stops_at_the_same_spot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(limits, "MAX_CARDS", 30)
    position = (
        "melds NS: 4h 4s 5h, 8c 9d Td Th\n" + "hand N: 4h 4s 5h 8c 9d Td Th Ts Ts Jh Qc\n" * 3
    )
    raws = position.split("\n")
    with pytest.raises(NotationError) as e:
        parse(position, "x.pos")
    assert (e.value.line, e.value.column) == (4, 9)
    P._LOCAL.budget = Budget()  # as lark counted them before
    try:
        with pytest.raises(Beyond) as by_lark:
            _lark_lines(raws, [n for n, r in enumerate(raws, 1) if r], "x.pos")
    finally:
        P._LOCAL.budget = None
    assert (by_lark.value.line, by_lark.value.column) == (4, 9)


def test_the_shipped_terminals_are_the_parsers() -> None:
    shipped = terminals.shipped()
    assert shipped is not None, "terminals.json is stale: run ship_tables --write"
    assert shipped._patterns == terminals.patterns_of(_parser())


@pytest.mark.parametrize(
    "content",
    ["", "{", "[]", '{"key": "0", "terminals": {}}', '{"key": null}', "\x00" * 10],
)
def test_an_odd_or_stale_terminals_file_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: str
) -> None:
    odd = tmp_path / "terminals.json"
    odd.write_text(content, encoding="utf-8")
    monkeypatch.setattr(terminals, "TERMINALS", odd)
    assert terminals.shipped() is None


def test_terminals_of_another_grammar_are_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = json.loads(terminals.TERMINALS.read_text(encoding="utf-8"))
    data["terminals"]["CARDS"] = "x"
    other = tmp_path / "terminals.json"
    other.write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(terminals, "TERMINALS", other)
    assert terminals.shipped() is not None  # same key: the key is what is checked
    assert terminals.shipped(grammar_text() + "\n// edited\n") is None


def test_a_fifo_in_place_of_terminals_is_not_waited_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fifo = tmp_path / "terminals.json"
    import os

    os.mkfifo(fifo)
    monkeypatch.setattr(terminals, "TERMINALS", fifo)
    assert terminals.shipped() is None


def _old_way(monkeypatch: pytest.MonkeyPatch, text: str) -> object:
    """``text`` parsed as before this module read whole positions (fastlines, then lark or
    the position lines), or the error's text."""
    with monkeypatch.context() as m:
        m.setattr(reading, "read_position", lambda *a: None)
        try:
            return parse(text, "x.pos")
        except NotationError as e:
            return str(e)


def _new_way(text: str) -> object:
    try:
        return parse(text, "x.pos")
    except NotationError as e:
        return str(e)


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.pos")), ids=lambda p: p.name)
@pytest.mark.parametrize(
    "change",
    [
        lambda s: s,
        lambda s: s.replace("\n", "\r\n"),
        lambda s: s.replace(": ", ":"),
        lambda s: s.replace(" ", "  "),
        lambda s: s.replace("\n", "\n\t"),
        lambda s: s.replace("\n", " # note\n"),
        lambda s: s + "N draw 4h discard 4h\n",
        lambda s: s.replace("hand", "hand  ", 1).replace("pile:", "pile: x"),
    ],
)
def test_a_whole_position_reads_as_before(
    path: Path, change: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = change(path.read_text(encoding="utf-8"))  # type: ignore[operator]
    assert _new_way(text) == _old_way(monkeypatch, text)


def test_a_whole_position_compiles_no_turn_shape() -> None:
    """Reading a position builds the expressions of its own lines only, not the long one of
    turn lines."""
    from canasta_rules.notation import fastlines

    fresh = terminals.shipped()
    assert fresh is not None
    raws = (EXAMPLES / "e5-frozen-pile.pos").read_text(encoding="utf-8").split("\n")
    assert read_position(raws, fresh, Budget()) is not None
    assert set(fastlines._shapes.made[id(fresh)]._compiled) <= {"tag", "upcard"}


def test_cards_past_the_limit_in_a_whole_position_stop_where_they_did(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Lines fastlines read (a pile) were counted before lark's (hands): the whole reading
    counts them in that order too, so the limit stops at the same line and column."""
    monkeypatch.setattr(limits, "MAX_CARDS", 20)
    hand = "hand N: 4h 4s 5h 8c 9d Td Th Ts Ts Jh Qc\n"
    text = '[Variant "classic"]\n' + hand + hand + "pile: 7c 2c 9d Qh\n"
    new = _new_way(text)
    assert new == _old_way(monkeypatch, text)
    assert isinstance(new, str) and new.startswith("x.pos:3:9: too many cards")


@settings(max_examples=500)
@given(
    line=st.sampled_from([*LINE_SAMPLES, *SAMPLES]),
    mutate=st.lists(LINE_CHANGES, max_size=3),
)
def test_any_line_alone_reads_as_before(line: str, mutate: list) -> None:
    """One line, a text of its own (as a ruling's move is): the whole reading (turn lines by
    their actions, tags, piles, position lines) gives what fastlines and lark gave, errors
    included."""
    for f in mutate:
        line = f(line)
    with pytest.MonkeyPatch.context() as m:
        assert _new_way(line) == _old_way(m, line), line


def test_a_move_is_read_without_the_turn_shape() -> None:
    fresh = terminals.shipped()
    assert fresh is not None
    from canasta_rules.notation import fastlines

    got = read_position(["N take with Qc Jk  # a move", ""], fresh, Budget())
    assert got is not None and type(got[0].item).__name__ == "Turn"
    assert "turn" not in fastlines._shapes.made.get(id(fresh), Shapes({}))._compiled
