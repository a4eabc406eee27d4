"""What ``moves``, ``ruling`` and ``replay`` print, read as a player would read it aloud: the
engine's names (phases, end reasons) come out in words, and a move ``moves`` lists is one that
``ruling`` reads."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import run_cli

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"

ENGINE_WORDS = re.compile(r"\b(stock exhausted|red three last|went_out|DRAW|PLAY|ANSWER|EXPOSE)\b")
"""The engine's names for phases and hand ends, as they leaked before."""


def _listed(capsys: pytest.CaptureFixture[str], position: Path) -> list[str]:
    """The moves ``moves`` lists, in the notation: the first column of each move's line (its words
    beside it, and their continuation lines under them, left out)."""
    code, out, err = run_cli(capsys, "moves", str(position))
    assert (code, err) == (0, ""), err
    lines = [line for line in out.splitlines() if line.startswith("  ") and line[2] != " "]
    return [re.split(r"\s{2,}", line.strip())[0] for line in lines]


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.pos")), ids=lambda p: p.name)
def test_every_move_listed_is_one_the_ruling_reads_as_legal(
    capsys: pytest.CaptureFixture[str], path: Path
) -> None:
    """What ``moves`` lists, copied without its note in parentheses, is legal to ``ruling``
    (a draw's CARD is a placeholder for the card the player names; an ask lists both answers)."""
    for text in _listed(capsys, path):
        move = re.sub(r" \(.*\)$", "", text)
        if "CARD" in move:
            continue
        for one in move.split(" / "):
            code, out, err = run_cli(capsys, "ruling", str(path), one)
            assert (code, err) == (0, ""), (path.name, one, err)
            assert out.startswith("legal"), (path.name, one, out)


def test_an_answer_is_listed_as_the_ask_it_answers(capsys: pytest.CaptureFixture[str]) -> None:
    """asking.pos: South answers North's ask. The notation writes the answer in the ask
    ('ask yes'); there is no 'answer' action to type."""
    code, out, _ = run_cli(capsys, "moves", str(EXAMPLES / "asking.pos"))
    assert (code, out.splitlines()) == (
        0,
        [
            "Legal moves for South:",
            "answer (2):",
            "  ask yes    answer yes to partner's \u201cmay I go out?\u201d",
            "  ask no     answer no to partner's \u201cmay I go out?\u201d",
        ],
    )


@pytest.mark.parametrize(
    ("record", "line"),
    [
        (
            "red-three-last.can",
            "hand 1 (dealer West): the stock ran out on a red three after 58 turns",
        ),
        ("stock-out-forced-pickup.can", "hand 1 (dealer East): the stock ran out after 62 turns"),
        ("opening-two-actions.can", "hand 1 (dealer West): unfinished after 1 turn (4 actions)"),
        ("concealed.can", "hand 1 (dealer West): North went out concealed after 1 turn"),
    ],
)
def test_replay_says_how_a_hand_ended_in_words(
    capsys: pytest.CaptureFixture[str], record: str, line: str
) -> None:
    code, out, _ = run_cli(capsys, "replay", str(EXAMPLES / record))
    assert code == 0 and out.splitlines()[0] == line
    assert not ENGINE_WORDS.search(out), out


def test_show_says_what_the_next_player_does(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(
        capsys, "ruling", str(EXAMPLES / "took-the-pile.pos"), "discard 4d", "--show"
    )
    assert code == 0
    assert "- 4d is discarded\n- North is to draw or take the pile\n" in out
    assert "(draw)" not in out


@pytest.mark.parametrize(
    ("position", "move", "first"),
    [
        (
            "e5-frozen-pile.pos",
            "E draw 4h",
            "refused: it is North's turn, not East's (turn.out_of_turn)",
        ),
        ("e4-end-of-hand.pos", "draw 4c", "refused: the hand is over; nothing more can be played"),
        ("e5-frozen-pile.pos", "take Kd with Qc Jk", "refused: the top of the pile is Qh, not Kd"),
    ],
)
def test_a_refusal_of_a_shared_rule_says_so(
    capsys: pytest.CaptureFixture[str], position: str, move: str, first: str
) -> None:
    """Every refusal names its rule: a shared one says that no parameter sets it, as the
    engine's refusals do."""
    code, out, _ = run_cli(capsys, "ruling", str(EXAMPLES / position), move)
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith(first), out
    assert lines[1] == "rule: the same in every ruleset (no setting changes it)"


def test_a_turn_after_the_end_says_how_the_hand_ended(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    lines = (EXAMPLES / "red-three-last.can").read_text(encoding="utf-8").split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("score"))
    lines.insert(at, "N draw 4c discard 4c")
    record = tmp_path / "late.can"
    record.write_text("\n".join(lines), encoding="utf-8")
    code, _, err = run_cli(capsys, "replay", str(record))
    assert code == 2
    assert err.endswith(f":{at + 1}:1: the hand is over: the stock ran out on a red three\n")
