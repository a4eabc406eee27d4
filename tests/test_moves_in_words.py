"""``canasta moves`` (and ``canasta ruling`` without a move) as a player reads them: each move in
the notation with its words beside it, the player to move by name, at 80 columns, and in letters
where standard output cannot show the suit signs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import run_cli

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
TOOK = str(EXAMPLES / "took-the-pile.pos")

TOOK_MOVES = [
    "Legal moves for West:",
    "meld (1):",
    "  meld Ac Ad As    meld A\u2663 A\u2666 A\u2660",
    "discard (8):",
    "  discard 4d       discard the 4\u2666",
    "  discard 5h       discard the 5\u2665",
    "  discard 6s       discard the 6\u2660",
    "  discard 9s       discard the 9\u2660",
    "  discard Kh       discard the K\u2665",
    "  discard Ac       discard the A\u2663",
    "  discard Ad       discard the A\u2666",
    "  discard As       discard the A\u2660",
]


def test_each_move_has_its_words_beside_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    code, out, err = run_cli(capsys, "moves", TOOK)
    assert (code, err, out.splitlines()) == (0, "", TOOK_MOVES)


def test_long_words_wrap_under_their_column_at_80(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = run_cli(capsys, "moves", str(EXAMPLES / "e5-frozen-pile.pos"))
    assert code == 0
    assert out.splitlines() == [
        "Legal moves for North:",
        "draw (1):",
        "  draw CARD    draw from the stock, naming the card drawn (any card the stock",
        "               may hold)",
    ]
    assert max(len(line) for line in out.splitlines()) <= 80


def test_json_keeps_the_notation_only(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "moves", TOOK, "--json")
    assert code == 0
    assert out.startswith('{\n  "meld": [\n    "meld Ac Ad As"\n  ],\n  "discard": [\n')


def _ascii(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "COLUMNS": "80"}
    return subprocess.run(
        [sys.executable, "-m", "canasta_rules", *args],
        capture_output=True,
        text=True,
        encoding="ascii",
        env=env,
        timeout=120,
    )


def test_an_ascii_output_gets_the_cards_in_letters() -> None:
    p = _ascii("moves", TOOK)
    assert (p.returncode, p.stderr) == (0, "")
    assert p.stdout.splitlines()[:5] == [
        "Legal moves for West:",
        "meld (1):",
        "  meld Ac Ad As    meld Ac Ad As",
        "discard (8):",
        "  discard 4d       discard the 4d",
    ]
    p = _ascii("moves", str(EXAMPLES / "asking.pos"))
    assert (p.returncode, p.stderr) == (0, "")
    assert p.stdout.splitlines()[2] == '  ask yes    answer yes to partner\'s "may I go out?"'


def test_ruling_without_a_move_lists_the_moves_open(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A player who asks for a ruling without naming a move is told whose turn it is, how to ask
    about one move, and the moves open: the list ``moves`` prints."""
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.chdir(EXAMPLES)
    code, out, err = run_cli(capsys, "ruling", "took-the-pile.pos")
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "It is West's turn. To ask about one move:",
        'canasta ruling took-the-pile.pos "meld Ac Ad As"',
        *TOOK_MOVES[1:],
    ]
    code, out, err = run_cli(capsys, "ruling", "asking.pos")
    assert (code, err) == (0, "")
    assert out.splitlines()[:2] == [
        'It is South\'s turn. To ask about one move: canasta ruling asking.pos "ask yes"',
        "answer (2):",
    ]
    code, out, _ = run_cli(capsys, "ruling", "e5-frozen-pile.pos", "--variant", "classic")
    assert out.splitlines()[:2] == [
        "It is North's turn. To ask about one move:",
        "canasta ruling e5-frozen-pile.pos --variant classic draw",
    ]
    code, out, _ = run_cli(capsys, "ruling", "e3-end-of-hand.pos")
    assert (code, out) == (0, "no legal move: the hand is over\n")


def test_ruling_without_a_move_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "ruling", str(EXAMPLES / "asking.pos"), "--json")
    assert code == 0
    assert json.loads(out) == {
        "to_move": "S",
        "moves": {"answer": ["ask yes (you answer yes)", "ask no (you answer no)"]},
    }


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--all"], "name a MOVE to rule on under several rulesets"),
        (
            ["--variant", "classic", "--variant", "general"],
            "name a MOVE to rule on under several rulesets",
        ),
        (["--show"], "--show shows the position after a move: name the MOVE"),
    ],
)
def test_ruling_without_a_move_where_one_is_needed(
    capsys: pytest.CaptureFixture[str], options: list[str], message: str
) -> None:
    code, out, err = run_cli(capsys, "ruling", TOOK, *options)
    assert (code, out) == (2, "")
    assert err == f"canasta ruling: {message} (see 'canasta ruling --help')\n"


# "May I draw?": a bare draw where the stock's order is unknown ---------------------------------

THEN = str(EXAMPLES / "position-then-turns.pos")


def test_may_i_draw_is_answered(capsys: pytest.CaptureFixture[str]) -> None:
    """A player asking whether they may draw does not know the card: drawing is legal there,
    and the answer says nothing after the draw is judged, and how to ask about the rest."""
    code, out, err = run_cli(capsys, "ruling", THEN, "draw")
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "legal",
        "the card drawn is not named, so nothing after the draw is judged",
        "to ask about the rest of the turn, name it, as in 'draw 4c'",
    ]
    code, out, _ = run_cli(capsys, "ruling", THEN, "draw", "--json")
    assert code == 0
    assert json.loads(out)["unnamed"] == (
        "the card drawn is not named, so nothing after the draw is judged; to ask about the rest "
        "of the turn, name it, as in 'draw 4c'"
    )
    code, out, _ = run_cli(capsys, "ruling", THEN, "draw 4c", "--json")
    assert (code, json.loads(out)["unnamed"]) == (0, None)


def test_may_i_draw_two(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "two.pos"
    path.write_text(
        '[Variant "two-hand"]\n[Scores "N 300, S 250"]\n[Dealer "S"]\n\n'
        "hand N: 5c 5d 5h 8s 9c Td Jh Qs Kd Ac Ad 4c 4d 7c 7d\n"
        "hand S: 4s 5c 6d 8h 9h Tc Js Qd Kc 5d 5h 7h 7s 8c 8d\n"
        "pile: 9h 4h\nto move: N draw\n",
        encoding="utf-8",
    )
    code, out, _ = run_cli(capsys, "ruling", str(path), "draw")
    assert code == 0
    assert out.splitlines()[1:] == [
        "the 2 cards drawn are not named, so nothing after the draw is judged",
        "to ask about the rest of the turn, name them, as in 'draw 4c 4d'",
    ]


def test_may_i_draw_where_the_pile_must_be_taken(capsys: pytest.CaptureFixture[str]) -> None:
    """001: the stock used up and the top card fitting a meld: drawing is refused, as ever."""
    code, out, _ = run_cli(capsys, "ruling", str(EXAMPLES / "stock-out.pos"), "draw")
    assert code == 1
    assert out.splitlines()[0] == (
        "refused: the stock is used up and you must take the discard pile (stock.forced_pickup)"
    )


def test_may_i_draw_out_of_turn(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "ruling", THEN, "W draw")
    assert code == 1
    assert out.splitlines()[0].startswith("refused: it is ")


def test_may_i_draw_with_show_says_why_no_position_follows(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run_cli(capsys, "ruling", THEN, "draw", "--show")
    assert (code, err) == (0, "")
    assert out.splitlines()[3:] == [
        "",
        "- the position after the draw is not shown, as the card drawn is not named",
        "",
    ]
    code, out, _ = run_cli(capsys, "ruling", THEN, "draw", "--show", "--json")
    data = json.loads(out)
    assert (code, data["after"], data["changes"]) == (
        0,
        None,
        ["the position after the draw is not shown, as the card drawn is not named"],
    )


def test_may_i_draw_under_several_rulesets(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(
        capsys, "ruling", THEN, "draw", "--variant", "classic", "--variant", "general"
    )
    assert code == 0
    assert out.splitlines()[-1] == (
        "- classic, general: the card drawn is not named, so nothing after the draw is judged; "
        "to ask about the rest of the turn, name it, as in 'draw 4c'"
    )
