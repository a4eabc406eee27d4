"""``canasta replay`` shows a problem with its moment, and ``--keep-going`` reports every one
(issue 23, point 4).

A refused move: the one located line, then the mover's hand, the side's melds, the pile's top card
(frozen or not, and why) and the ``replay --at HAND.TURN`` command that prints the whole table
before that turn. A written score the replay does not give: the hand's breakdown with the written
figures beneath. ``--keep-going``: every hand with a refused move is reported and the replay goes
on with the next hand, dealt from its written deal; exit status 2. ``--json``: the same as data.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from canasta_rules.errors import IllegalMoveError
from canasta_rules.notation import parse, replay
from canasta_rules.notation.replay import Slip
from tests.helpers import run_cli

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
GAME = (EXAMPLES / "two-hand-game.can").read_text(encoding="utf-8")

# Three slips in three hands, and a wrong score in a fourth (two-hand, deals written out):
SLIPS = (
    # hand 1, turn 3: S shows 7h, which S does not hold (S holds 7c 7d)
    ("S take 7s with 7c 7d discard 5s", "S take 7s with 7c 7h discard 5s"),
    # hand 2: the score line says 1080 for S, who scores 1085
    ("score N 835 S 1085", "score N 835 S 1080"),
    # hand 3, turn 10: N discards 4d, not held (N drew 4h 3s)
    ("N draw 4h 3s discard 4h\n", "N draw 4h 3s discard 4d\n"),
    # hand 4, turn 2: S discards 5c, not held
    (
        "S draw 6h Kc meld Kc Kd Kh Ks Ks, Th Ts 2h, 6h 6h 2h add K: Jk discard 5d",
        "S draw 6h Kc meld Kc Kd Kh Ks Ks, Th Ts 2h, 6h 6h 2h add K: Jk discard 5c",
    ),
)


def _slipped(text: str = GAME) -> str:
    for good, bad in SLIPS:
        assert text.count(good) == 1, good
        text = text.replace(good, bad)
    return text


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder to run in, so that the commands name files as a person would type them."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_refused_move_shows_the_table_at_that_moment(
    capsys: pytest.CaptureFixture[str], here: Path
) -> None:
    """The located line as before, then S's hand (after the draw of the turn), S's melds, the
    pile and the command that prints the table before turn 3."""
    (here / "one.can").write_text(GAME.replace(*SLIPS[0]), encoding="utf-8")
    status, out, err = run_cli(capsys, "replay", "one.can")
    assert status == 2 and out == ""
    assert err.splitlines() == [
        "canasta: one.can:15:3: hand 1, turn 3, S: take 7s with 7c 7h: you do not hold 7h "
        "(card.not_in_hand)",
        "  South holds 10 cards: 5s 7c 7d 8c 9c Ts Jh Js Qh Kd",
        "  melds of South: 6h 6h 2c, Ac Ad Ad",
        "  pile: 7s on top of 3 cards, not frozen",
        "  the whole table before this turn: canasta replay one.can --at 1.2",
    ]
    # The command it names prints that table: S to take or draw, holding the hand above.
    status, out, _ = run_cli(capsys, "replay", "one.can", "--at", "1.2")
    assert status == 0
    assert "hand S: 5s 7c 7d 8c 9c Ts Jh Js Qh Kd\n" in out
    assert "pile: Kc 4d 7s\n" in out and out.endswith("to move: S draw\n")


def test_at_hand_dot_zero_is_the_table_as_dealt(
    capsys: pytest.CaptureFixture[str], here: Path
) -> None:
    """A refusal in a hand's first turn points at ``--at H.0``: the deal, before any turn."""
    first_turn = "S draw 5s 4d meld Ac Ad Ad meld 6h 6h 2c discard 4d"
    (here / "first.can").write_text(GAME.replace(first_turn, "S draw 5s 4d discard 4c"))
    status, _, err = run_cli(capsys, "replay", "first.can")
    assert status == 2
    assert err.splitlines()[-1] == "  the table as dealt: canasta replay first.can --at 1.0"
    status, out, _ = run_cli(capsys, "replay", "first.can", "--at", "1.0")
    assert status == 0
    assert "hand S: 2c 6h 6h 7c 7d 8c 9c Ts Jh Js Qh Kd Ac Ad Ad\n" in out
    assert "pile: Kc\n" in out and out.endswith("to move: S draw\n")


def test_keep_going_reports_three_slips_in_three_hands(
    capsys: pytest.CaptureFixture[str], here: Path
) -> None:
    """Each hand with a refused move is reported and the replay goes on with the next hand
    (its deal is written out); the wrong score of hand 2 is reported beside its breakdown;
    hands 2 and 5 are replayed and scored; exit status 2."""
    (here / "slips.can").write_text(_slipped(), encoding="utf-8")
    status, out, err = run_cli(capsys, "replay", "--keep-going", "slips.can")
    assert status == 2
    located = [ln for ln in err.splitlines() if ln.startswith("canasta: ")]
    assert located == [
        "canasta: slips.can:15:3: hand 1, turn 3, S: take 7s with 7c 7h: you do not hold 7h "
        "(card.not_in_hand)",
        "canasta: slips.can:95:1: the record says S scored 1080 in hand 2; the replay gives 1085",
        "canasta: slips.can:111:14: hand 3, turn 10, N: discard 4d: you do not hold 4d "
        "(card.not_in_hand)",
        "canasta: slips.can:137:64: hand 4, turn 2, S: discard 5c: you do not hold 5c "
        "(card.not_in_hand)",
        "canasta: 4 problems found (3 refused moves, 1 wrong score)",
    ]
    assert "  the whole table before this turn: canasta replay slips.can --at 3.9" in err
    assert "  the whole table before this turn: canasta replay slips.can --at 4.1" in err
    # Hands that could not be followed say so; the game goes on from the record's totals.
    assert "hand 1 (dealer North): the replay stopped at turn 3 (the problem is shown below)" in out
    assert "the game goes on from the record's totals: N 1210, S 1215" in out
    assert "hand 2 (dealer South): South went out after 30 turns" in out
    assert "hand 5 (dealer North): South went out after 35 turns" in out
    # Hand 5's own play gives the record's Result from the totals written after hand 4.
    assert out.rstrip().endswith("result: South won, N 5080, S 6270")
    # Every line fits 80 columns but the located lines (one line each, as every error).
    assert all(len(ln) <= 80 for ln in err.splitlines() if not ln.startswith("canasta: "))


def test_a_wrong_score_prints_the_breakdown_beside_the_written_score(
    capsys: pytest.CaptureFixture[str], here: Path
) -> None:
    """The rows of engine/scoring.py for the hand, its total, then the written score."""
    (here / "score.can").write_text(GAME.replace(*SLIPS[1]), encoding="utf-8")
    status, out, err = run_cli(capsys, "replay", "score.can")
    assert status == 2 and out == ""
    lines = err.splitlines()
    assert lines[0] == (
        "canasta: score.can:95:1: the record says S scored 1080 in hand 2; the replay gives 1085"
    )
    table = {ln.split("  ")[1].strip(): ln.split()[-2:] for ln in lines[3:]}
    assert lines[1] == "  hand 2, as the replay scores it:"
    assert lines[2].split() == ["N", "S"]
    assert table["Melds"] == ["345", "385"]
    assert table["Mixed canastas"] == ["300", "600"]
    assert table["Going out"] == ["0", "100"]
    assert table["Total"] == ["835", "1085"]
    assert lines[-1].split()[-4:] == ["Written", "score", "835", "1080"]


def test_a_wrong_total_shows_the_totals_before_and_after(
    capsys: pytest.CaptureFixture[str], here: Path
) -> None:
    text = GAME.replace("total N 2045 S 2300", "total N 2045 S 2305")
    (here / "total.can").write_text(text, encoding="utf-8")
    status, _, err = run_cli(capsys, "replay", "total.can")
    assert status == 2
    rows = {" ".join(ln.split()[:-2]): ln.split()[-2:] for ln in err.splitlines()[3:]}
    assert rows["Total"] == ["835", "1085"]
    assert rows["Total before the hand"] == ["1210", "1215"]
    assert rows["Game total"] == ["2045", "2300"]
    assert rows["Written total"] == ["2045", "2305"]


def test_keep_going_without_a_written_total_stops_checking_totals() -> None:
    """A hand not followed that writes neither score nor total leaves the game's totals
    unknown: later total lines and the Result are not checked (they could only be wrong)."""
    text = GAME.replace(*SLIPS[0]).replace("score N 1210 S 1215\ntotal N 1210 S 1215\n", "")
    rp = replay(parse(text, "t.can"), keep_going=True)
    assert [s.kind for s in rp.slips] == ["refused"]
    assert not rp.totals_checked
    assert [h.followed for h in rp.hands] == [False, True, True, True, True]
    assert rp.hands[0].totals is None


def test_the_library_keeps_raising_without_keep_going() -> None:
    """``replay()`` still raises the first problem; the error carries the slip the command
    shows (the table just before the move, a copy)."""
    with pytest.raises(IllegalMoveError) as info:
        replay(parse(_slipped(), "t.can"))
    slip = info.value.context
    assert isinstance(slip, Slip) and slip.kind == "refused"
    assert (slip.hand, slip.turn, slip.seat) == (1, 3, 1)
    assert slip.state is not None and len(slip.state.pile) == 3


def test_json_reports_hands_totals_and_problems(
    capsys: pytest.CaptureFixture[str], here: Path
) -> None:
    """The shape docs/notation.md describes ('replay --json')."""
    (here / "slips.can").write_text(_slipped(), encoding="utf-8")
    status, out, err = run_cli(capsys, "replay", "--keep-going", "--json", "slips.can")
    assert status == 2 and err == ""
    data = json.loads(out)
    assert data["ruleset"] == "two-hand" and data["sides"] == ["N", "S"]
    assert data["complete"] is True
    assert [h["followed"] for h in data["hands"]] == [False, True, False, False, True]
    assert data["hands"][1]["score"]["S"]["Total"] == 1085
    assert data["hands"][1]["end"] == {"reason": "went_out", "out": "S", "concealed": False}
    assert data["totals"] == {"N": 5080, "S": 6270} and data["winner"] == "S"
    kinds = [(p["kind"], p["hand"]) for p in data["problems"]]
    assert kinds == [("refused", 1), ("score", 2), ("refused", 3), ("refused", 4)]
    first = data["problems"][0]
    assert first["code"] == "card.not_in_hand" and first["move"] == "take 7s with 7c 7h"
    assert (first["line"], first["column"], first["turn"], first["seat"]) == (15, 3, 3, "S")
    assert first["table"]["pile_top"] == "7s" and first["table"]["frozen"] is None
    assert first["table"]["melds"] == [["6h", "6h", "2c"], ["Ac", "Ad", "Ad"]]
    assert first["see"] == "canasta replay slips.can --at 1.2"
    score = data["problems"][1]
    assert score["written"] == {"N": 835, "S": 1080}
    assert score["replayed"] == {"N": 835, "S": 1085}
    assert score["breakdown"]["S"]["Going out"] == 100


def test_json_without_keep_going_stops_at_the_first_problem(
    capsys: pytest.CaptureFixture[str], here: Path
) -> None:
    (here / "slips.can").write_text(_slipped(), encoding="utf-8")
    status, out, _ = run_cli(capsys, "replay", "--json", "slips.can")
    assert status == 2
    data = json.loads(out)
    assert data["complete"] is False and data["totals"] is None
    assert [p["hand"] for p in data["problems"]] == [1]


def test_json_of_a_clean_record_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "replay", "--json", str(EXAMPLES / "two-hand-game.can"))
    assert status == 0
    data = json.loads(out)
    assert data["problems"] == [] and data["over"] is True
    assert [h["totals"]["S"] for h in data["hands"]] == [1215, 2300, 3540, 4805, 6270]


BLACK_THREE = """\
[Variant "bicycle"]
[Players "N, E, S, W"]

hand 1 dealer N
deal N: 4d 5c 6s 7s 8c 8s Jc Jd Qc Qd Kc
deal E: 2h 3s 4s 5c 7h 8h 9c 9s Jd Kd As
deal S: 6c 6h 9c Th Ts Ts Jh Jh Ks 4c 5h
deal W: 4c 4s 5d 5d 6d 8d 8s Tc 9h Ac Jk
upcard Qs
E draw 7c discard 3s
S draw 7d discard 9c
W take 9c with 9h Jk discard 4c
"""


def test_a_pile_frozen_by_a_black_three_says_so_in_the_replay(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Bicycle: a discarded black three freezes the pile (black_threes.discarded; Bicycle/Hoyle,
    as the variant cites it). The refusal says what froze the pile even where a long path cuts
    the line: in the line itself ('frozen by a black three in it') and, with the parameter, in
    the lines under it."""
    deep = tmp_path / ("a-rather-long-folder-name-" * 3) / "black-three-record.can"
    deep.parent.mkdir()
    deep.write_text(BLACK_THREE, encoding="utf-8")
    status, _, err = run_cli(capsys, "replay", str(deep))
    assert status == 2
    first, *details = err.splitlines()
    assert "the pile is frozen by a black three in it" in first
    assert first.endswith("(pile.frozen.needs_natural_pair)")
    said = " ".join(" ".join(details).split())
    assert "pile: 9c on top of 3 cards, frozen by a black three in it (black_threes.discarded)" in (
        said
    )
    assert "in full: the pile is frozen by a black three in it (black_threes.discarded); you " in (
        said
    )


def test_at_refuses_keep_going_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run_cli(
        capsys, "replay", "--at", "1.2", "--keep-going", str(EXAMPLES / "two-hand-game.can")
    )
    assert status == 2
    assert "--at prints one position: leave out --keep-going" in err
