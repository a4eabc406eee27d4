"""``to move: N answer`` says that N's partner has just asked "may I go out?". Where the rules for
asking could not have let that player ask (after melding where one asks before it, with one
card left, unable to go out where only a player who can may ask), nobody has asked and there is
nothing to answer: the position is refused at its ``to move:`` line, in a player's words, with
exit status 2. Before this check it was read, and every move but an answer was refused with
"your partner must answer first"."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import run_cli

# docs/examples/asking.pos, where North has asked and South answers; here the roles are turned
# round: South (whose turn it is) would have asked and North would answer.
HEAD = """\
[Variant "classic"]
[Scores "NS 1200, EW 900"]

hand N: 5c 5d 5h 4s Kd
hand E: 4c 5s 7h 7s 9d Td Jh
hand W: 4d 6h 6h 8c 9h Ts Kh
melds NS: Qc Qd Qh Qs Qs 2c Jk, Kc Kh Ks
melds EW: Ad Ah As 2h
melded: N S E
stock 12
pile: 53 unseen, 7c 2d 9d
"""
SOUTH = "hand S: Ac 6c 7d 8s Th Jc Qd\n"


def _run(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    text: str,
    *args: str,
) -> tuple[int, str, str]:
    (tmp_path / "q.pos").write_text(text)
    monkeypatch.chdir(tmp_path)
    return run_cli(capsys, *args, "q.pos")


CASES = {
    "could not go out": (
        HEAD + SOUTH + "to move: N answer\n",
        'q.pos:13:1: nobody can have asked "may I go out?", so North has nothing to answer: '
        "South could not go out this turn, and a player asks only when able to "
        "(going_out.permission.only_when_able)",
    ),
    "asked after melding": (
        HEAD + SOUTH + "turn: drew stock, melded\nto move: N answer\n",
        'q.pos:14:1: nobody can have asked "may I go out?", so North has nothing to answer: '
        "South has melded this turn, and in this ruleset a player asks just after drawing or "
        "taking the pile, before melding",
    ),
    "one card left": (
        HEAD.replace("stock 12", "stock 18") + "hand S: 7d\nto move: N answer\n",
        'q.pos:13:1: nobody can have asked "may I go out?", so North has nothing to answer: '
        "South holds one card, and with one card left there is nothing to ask",
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("command", ["moves", "score"])
def test_an_answer_nobody_asked_for_is_refused(
    name: str,
    command: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    text, line = CASES[name]
    status, out, err = _run(tmp_path, monkeypatch, capsys, text, command)
    assert (status, out, err) == (2, "", f"canasta: {line}\n")


def test_a_ruling_there_is_refused_the_same_way(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text, line = CASES["could not go out"]
    (tmp_path / "q.pos").write_text(text)
    monkeypatch.chdir(tmp_path)
    for move in ("S discard Qd", "N ask yes"):
        status, out, err = run_cli(capsys, "ruling", "q.pos", move)
        assert (status, out, err) == (2, "", f"canasta: {line}\n")


def test_a_question_that_could_be_asked_still_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """South able to go out (a hand of three fives and a discard, a canasta of queens on the
    side) may ask: the answer position reads and lists the answers."""
    able = HEAD.replace("hand N: 5c 5d 5h 4s Kd", "hand N: Ac 6c 7d 8s Th Jc Qd")
    able = able + "hand S: 5c 5d 5h 4s Kd\nto move: N answer\n"
    status, out, err = _run(tmp_path, monkeypatch, capsys, able, "moves")
    assert (status, err) == (0, "")
    assert out.splitlines() == [
        "Legal moves for North:",
        "answer (2):",
        "  ask yes    answer yes to partner's \u201cmay I go out?\u201d",
        "  ask no     answer no to partner's \u201cmay I go out?\u201d",
    ]


def test_an_unseen_asker_is_not_judged_on_going_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Written from North's seat, South's hand is a count: whether South could go out is not
    known, so the question stands."""
    seen = HEAD + "hand S: 7 unseen\nto move: N answer\n"
    status, out, err = _run(tmp_path, monkeypatch, capsys, seen, "moves")
    assert (status, err) == (0, "")
    assert out.startswith("Legal moves for North:\nanswer (2):\n")


def test_after_melding_is_a_moment_to_ask_where_the_ruleset_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """general (004) lets a player ask after melding too: the same position, able to go out,
    reads there."""
    able = HEAD.replace("classic", "general").replace(
        "hand N: 5c 5d 5h 4s Kd", "hand N: Ac 6c 7d 8s Th Jc Qd"
    )
    able += "hand S: 5c 5d 5h 4s Kd\nturn: drew stock, melded\nto move: N answer\n"
    status, out, err = _run(tmp_path, monkeypatch, capsys, able, "moves")
    assert (status, err) == (0, "")
    assert out.startswith("Legal moves for North:\nanswer (2):\n")


def test_an_answer_already_given_while_partner_is_still_to_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/examples/asking.pos with 'asked yes' on the turn line: the turn says South has
    answered, the to-move line that South has not. The slip is told both ways to mend it."""
    text = (Path(__file__).resolve().parent.parent / "docs/examples/asking.pos").read_text()
    text = text.replace("turn: drew stock\n", "turn: drew stock, asked yes\n")
    code, out, err = _run(tmp_path, monkeypatch, capsys, text, "moves")
    assert (code, out) == (2, "")
    assert err == (
        "canasta: q.pos:18:19: 'asked' says partner has answered North, but the 'to move' line "
        "says partner is still to answer: leave 'asked' out until then, or write "
        "'to move: N play' after the answer\n"
    )
