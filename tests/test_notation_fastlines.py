"""The common lines read without lark (notation/fastlines.py) read exactly as lark reads them,
and the reading limits stop a huge record while it is read."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reading_helpers import LINE_CHANGES, LINE_SAMPLES, both_ways

from canasta_rules import limits
from canasta_rules.bots import make_bot
from canasta_rules.engine import Game
from canasta_rules.errors import NotationError
from canasta_rules.notation import ast as A
from canasta_rules.notation import parse, replay
from canasta_rules.notation.fastlines import Budget, read_lines
from canasta_rules.notation.parser import _lark_lines, _parser
from canasta_rules.notation.record import game_record
from canasta_rules.variant import load_variant

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"


def _game(seed: int) -> str:
    g = Game(load_variant("classic"), seed)
    return game_record(g.rules, g.play(make_bot("greedy", seed)), "classic", (), seed)


@settings(max_examples=300)
@given(line=st.sampled_from(LINE_SAMPLES), mutate=st.lists(LINE_CHANGES, max_size=3))
def test_a_line_read_on_its_own_reads_as_lark_reads_it(line: str, mutate: list) -> None:
    for f in mutate:
        line = f(line)
    mine, larks = both_ways(line)
    if mine is not None:
        assert mine == larks, line


@pytest.mark.parametrize(
    "path", sorted(EXAMPLES.glob("*.can")) + sorted(EXAMPLES.glob("*.pos")), ids=lambda p: p.name
)
def test_every_example_line_reads_as_lark_reads_it(path: Path) -> None:
    for line in path.read_text(encoding="utf-8").split("\n"):
        mine, larks = both_ways(line)
        if mine is not None:
            assert mine == larks, line


def test_a_game_is_read_without_lark_and_the_same_as_by_lark() -> None:
    text = _game(3)
    raws = text.split("\n")
    fast, rest = read_lines(raws, _parser(), Budget())
    assert rest == []  # every line of a written game is a common line
    numbers = [n for n, raw in enumerate(raws, 1) if raw.strip()]
    assert fast == [ln for n in numbers for ln in _lark_lines(raws, [n], "x.can")]


def test_a_replay_places_no_action_and_a_turn_places_them_when_asked() -> None:
    """A turn read on its own holds its actions unplaced (ast.Turn): a replay of the game makes
    no placed copy, and the copies made when something asks are what lark reads, places and
    all."""
    text = _game(3)
    doc = parse(text, "x.can")
    assert replay(doc).moves > 100
    turns = [ln.item for ln in doc.lines if isinstance(ln.item, A.Turn)]
    assert len(turns) > 50
    assert all("actions" not in vars(t) for t in turns)
    raws = text.split("\n")
    for t in turns[:50]:
        (larks,) = _lark_lines(raws, [t.at.line], "x.can")
        assert isinstance(larks.item, A.Turn)
        assert t.actions == larks.item.actions
        assert [a.at for a in t.actions] == [a.at for a in larks.item.actions]
        assert t == larks.item
    assert "actions" in vars(turns[0])  # made once, then kept


def test_lines_left_to_lark_keep_their_place_among_the_others() -> None:
    text = "[Seed 1]\nhand 1 dealer N\nstock 40\nN draw 4h discard 4h\nfrozen yes\n"
    with pytest.raises(NotationError) as e:
        parse(text, "x.can")
    assert (e.value.line, e.value.column) == (1, 7)  # lark's error, at lark's spot
    doc = parse(text.replace("[Seed 1]", '[Seed "1"]'), "x.can")
    kinds = [type(ln.item).__name__ for ln in doc.lines]
    assert kinds == ["Tag", "HandHeader", "Assertion", "Turn", "Assertion"]
    assert [ln.item.at.line for ln in doc.lines] == [1, 2, 3, 4, 5]


# ------------------------------------------------------------------------------ limits


def test_too_many_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_LINES", 50)
    with pytest.raises(NotationError) as e:
        parse("hand 1 dealer N\n" + "N draw\n" * 60, "x.can")
    assert (e.value.line, e.value.message) == (51, "too many lines: the limit is 50 in one record")


def test_too_many_actions(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_ACTIONS", 100)
    text = "hand 1 dealer N\n" + "N draw draw draw draw draw\n" * 30
    with pytest.raises(NotationError) as e:
        parse(text, "x.can")
    assert (e.value.line, e.value.column) == (22, 1)  # the 101st action is on the 21st turn
    assert e.value.message == "too many actions: the limit is 100 in one record"


def test_too_many_cards_fast_lines_and_lark_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_CARDS", 30)
    with pytest.raises(NotationError) as e:
        parse("hand 1 dealer N\n" + "deal N: 4h 4s 5h 8c 9d Td Th Ts Ts Jh Qc\n" * 3, "x.can")
    assert (e.value.line, e.value.message) == (4, "too many cards: the limit is 30 in one record")
    position = "hand N: 4h 4s 5h 8c 9d Td Th Ts Ts Jh Qc\n" * 3  # lines lark reads
    with pytest.raises(NotationError) as e:
        parse(position, "x.pos")
    assert (e.value.line, e.value.column) == (3, 9)


def test_a_syntax_error_before_a_limit_is_the_error_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_TURNS", 5)
    text = "hand 1 dealer N\nN drew 4h\n" + "N draw\n" * 10
    with pytest.raises(NotationError) as e:
        parse(text, "x.can")
    assert e.value.line == 2 and "too many" not in e.value.message


_MEASURE = textwrap.dedent(
    """
    import json, resource, sys
    from canasta_rules.errors import NotationError
    from canasta_rules.notation import parse
    text = open(sys.argv[1], encoding="utf-8").read()
    try:
        parse(text, sys.argv[1])
        outcome = "read"
    except NotationError as e:
        outcome = f"{e.line}: {e.message}"
    # The high-water mark of this program's memory: ru_maxrss would also count the memory of
    # the process this one was forked from, before it ran Python.
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            status = f.read()
        peak = int(status.split("VmHWM:")[1].split()[0]) * 1024
    except (OSError, IndexError):
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    print(json.dumps({"outcome": outcome, "peak": peak}))
    """
)


_TURNS = "N draw 4h discard 4h\nE draw 5c meld 5c 5d 5s discard Kh\n"


def _measured(path: Path) -> dict[str, object]:
    run = subprocess.run(
        [sys.executable, "-c", _MEASURE, str(path)], capture_output=True, text=True, check=True
    )
    got: dict[str, object] = json.loads(run.stdout)
    return got


@pytest.mark.parametrize("shape", ["one hand", "hands of 600 turns"])
def test_a_20_mb_record_of_turns_is_handled_in_under_200_mb(tmp_path: Path, shape: str) -> None:
    if shape == "one hand":
        text = "hand 1 dealer N\n" + _TURNS * -(-20_000_000 // len(_TURNS))
    else:
        hand = _TURNS * 300
        count = -(-20_000_000 // len(hand))
        text = "".join(f"hand {i + 1} dealer N\n{hand}" for i in range(count))
    path = tmp_path / "big.can"
    path.write_text(text, encoding="utf-8")
    assert path.stat().st_size >= 20_000_000
    got = _measured(path)
    assert isinstance(got["peak"], int) and got["peak"] < 200_000_000, got
    assert got["outcome"] == "100001: too many lines: the limit is 100000 in one record", got


def test_a_record_of_as_many_lines_as_allowed_is_read_in_under_200_mb(tmp_path: Path) -> None:
    per_hand = _TURNS * 300
    hands = (limits.MAX_LINES - 1) // (per_hand.count("\n") + 1)
    text = "".join(f"hand {i + 1} dealer N\n{per_hand}" for i in range(hands))
    assert text.count("\n") > limits.MAX_LINES * 0.99
    path = tmp_path / "full.can"
    path.write_text(text, encoding="utf-8")
    got = _measured(path)
    assert got["outcome"] == "read"
    assert isinstance(got["peak"], int) and got["peak"] < 200_000_000, got
