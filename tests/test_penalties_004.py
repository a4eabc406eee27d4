"""004's procedural penalties as record ``penalty`` lines (004_747f80dc7edc8b8b.txt, rules 3-6).

``general`` (004) has each remedy; ``classic`` (001) has none and refuses each line, naming the
parameter. The hand used throughout: seed 5, dealer W; N is first to move and the stock's top
cards are Ts, Jk, Jc, Qh, then 3d, 3h, Jd, 7c.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import placed, run_cli

from canasta_rules import cards as C
from canasta_rules.engine.invariants import state_problems
from canasta_rules.engine.state import NO_DRAW, Phase, State
from canasta_rules.errors import NotationError
from canasta_rules.notation import parse, replay
from canasta_rules.notation.position import read_position
from canasta_rules.notation.writer import format_document

ROOT = Path(__file__).resolve().parent.parent
HEAD = '[Players "N, E, S, W"]\n\nhand 1 dealer W seed 5\n'
N, E, S, W = range(4)


def _end(body: str, variant: str = "general") -> State:
    hand = replay(parse(HEAD + body), variant=variant).hands[0]
    assert hand.end is not None
    return hand.end


def _ok(s: State) -> None:
    assert state_problems(s, need_move=False) == []


def _hand(s: State, seat: int) -> list[str]:
    return [C.name(c) for c in s.hand_cards(seat)]


def test_extra_card_stays_and_the_next_turn_has_no_draw() -> None:
    """004 rule 3: an extra card drawn by mistake is discarded in a future turn without a draw."""
    before = _end("N draw Ts discard 4c\n")
    s = _end("N draw Ts discard 4c\npenalty N extra_card Jk\n")
    _ok(s)
    assert s.hand_len[N] == before.hand_len[N] + 1 and "Jk" in _hand(s, N)
    assert len(s.stock) == len(before.stock) - 1 and C.name(s.stock[-1]) == "Jc"
    assert s.no_draw == 1 << N
    s = _end(
        "N draw Ts discard 4c\npenalty N extra_card Jk\nE draw Jc discard 3s\n"
        "S draw Qh discard 4s\nW draw discard 3s\n"
    )
    assert s.turn == N and s.phase == Phase.PLAY and s.drew == NO_DRAW and s.no_draw == 0
    _ok(s)
    s = _end(
        "N draw Ts discard 4c\npenalty N extra_card Jk\nE draw Jc discard 3s\n"
        "S draw Qh discard 4s\nW draw discard 3s\nN discard 4s\n"
    )
    assert s.turn == E and s.hand_len[N] == 11 and s.phase == Phase.DRAW
    _ok(s)
    # Drawing on that turn is refused: the turn has begun without a draw.
    with pytest.raises(Exception, match=r"turn\.drawn"):
        _end(
            "N draw Ts discard 4c\npenalty N extra_card Jk\nE draw Jc discard 3s\n"
            "S draw Qh discard 4s\nW draw discard 3s\nN draw discard 4s\n"
        )


def test_forgotten_draw_takes_the_top_stock_card_after_the_discard() -> None:
    """004 rule 4: a player who discards without drawing takes the top stock card before the
    next player's turn."""
    s = _end("N discard 4c\npenalty N forgot_draw\n")
    _ok(s)
    assert s.turn == E and s.phase == Phase.DRAW
    assert s.hand_len[N] == 11 and "Ts" in _hand(s, N) and "4c" not in _hand(s, N)
    assert C.name(s.stock[-1]) == "Jk" and C.name(s.pile[-1]) == "4c"
    # Without the penalty line, the same turn is refused as usual.
    with pytest.raises(Exception, match=r"turn\.draw_first"):
        _end("N discard 4c\nE draw discard 3s\n")
    # The line must follow the seat's own drawless turn.
    with pytest.raises(NotationError, match="forgot_draw follows a turn North played without"):
        _end("N draw Ts discard 4c\npenalty N forgot_draw\n")


def test_exposed_stock_card_is_shown_and_stays_on_top() -> None:
    """004 rule 5: a stock card exposed while drawing is shown to all and put back."""
    before = _end("N draw Ts\n")
    s = _end("N draw Ts\npenalty N exposed_stock Jk\n")
    _ok(s)
    assert s.stock == before.stock and s.hands == before.hands
    with pytest.raises(NotationError, match=r"Jc is not the top stock card \(Jk is\)"):
        _end("N draw Ts\npenalty N exposed_stock Jc\n")


def test_exposed_card_lies_face_up_until_melded() -> None:
    """004 rule 6: a card exposed by mistake stays face up until it is melded or discarded."""
    kh = C.parse("Kh")
    s = _end("N draw Ts\npenalty N exposed Kh\n")
    _ok(s)
    assert s.face_up[N] == (kh,) and s.hands[N][kh] == 2  # still N's card
    # Discarding one of N's two Kh: the record does not say which; one Kh stays face up.
    s = _end("N draw Ts\npenalty N exposed Kh\nN discard Kh\n")
    assert s.face_up[N] == (kh,)
    # Exposing a card N does not hold, or a third Kh of two, is refused.
    with pytest.raises(NotationError, match=r"exposed: Qs is not in the hand"):
        _end("N draw Ts\npenalty N exposed Qs\n")
    with pytest.raises(NotationError, match=r"already face up"):
        _end("N draw Ts\npenalty N exposed Kh\npenalty N exposed Kh\npenalty N exposed Kh\n")


def test_example_record_melds_the_face_up_card() -> None:
    """docs/examples/penalties-004.can uses all four lines; the face-up Kh is melded on N's turn
    without a draw, and no card is lost along the way."""
    text = (ROOT / "docs" / "examples" / "penalties-004.can").read_text()
    doc = parse(text, "penalties-004.can")
    hand = replay(doc).hands[0]
    s = hand.end
    assert s is not None
    _ok(s)
    assert s.face_up == () and s.hand_len[N] == 7 and len(s.melds[0]) == 1
    assert len(s.stock) == 54


@pytest.mark.parametrize(
    ("line", "parameter"),
    [
        ("penalty N extra_card Jk", "penalties.extra_card"),
        ("penalty N exposed_stock Jk", "penalties.exposed_stock_card"),
        ("penalty N exposed Kh", "penalties.exposed_card"),
    ],
)
def test_classic_refuses_each_line_naming_the_parameter(line: str, parameter: str) -> None:
    """001 has none of 004's remedies: classic refuses the line at its spot."""
    with pytest.raises(NotationError, match=rf"^<text>:5:1: .*\({parameter} is none\)"):
        _end(f"N draw Ts\n{line}\n", "classic")


def test_classic_refuses_a_forgotten_draw() -> None:
    """001 has no remedy for a forgotten draw: the drawless turn itself is refused."""
    with pytest.raises(NotationError, match=r"penalties\.forgotten_draw is none"):
        _end("N discard 4c\npenalty N forgot_draw\n", "classic")


@pytest.mark.parametrize(
    ("line", "column", "message"),
    [
        ("penalty N exposed Kh Kd", 19, "a penalty line names one card, not 2"),
        ("penalty N exposed", 1, "the penalty 'exposed' names one card"),
        ("penalty N wild_returned Ts", 1, "the penalty 'wild_returned' names no card"),
        ("penalty N extra_card Jc", 1, "extra_card: Jc is not the top stock card"),
        ("penalty N slipped", 1, "no penalty is called 'slipped'"),
        ("penalty N exposed Zz", 1, ""),
    ],
)
def test_bad_penalty_line_is_located_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str, column: int, message: str
) -> None:
    path = tmp_path / "slip.can"
    path.write_text(f'[Variant "general"]\n{HEAD}N draw Ts\n{line}\n')
    code, out, err = run_cli(capsys, "replay", str(path))
    assert code == 2, (out, err)
    assert placed(err, path, "6:") and message in err
    if message:
        assert placed(err, path, f"6:{column}:")
    assert "Traceback" not in err


def test_penalty_lines_round_trip_through_fmt(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = ROOT / "docs" / "examples" / "penalties-004.can"
    doc = parse(src.read_text())
    text = format_document(doc)
    for line in (
        "penalty N extra_card Jk",
        "penalty S forgot_draw",
        "penalty W exposed_stock 7c",
        "penalty N exposed Kh",
    ):
        assert line in text
    again = parse(text)
    assert format_document(again) == text
    assert replay(again).hands[0].end is not None
    path = tmp_path / "p.can"
    path.write_text(text)
    code, _, _ = run_cli(capsys, "fmt", "--check", str(path))
    assert code == 0


def test_a_position_says_the_penalties_still_in_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A position written mid-hand keeps N's face-up Kh and N's coming turn with no draw; read
    back, the turn lines after it play that turn without a draw and the melded Kh leaves the
    table (004 rules 3 and 6)."""
    record = tmp_path / "slips.can"
    record.write_text(
        f'[Variant "general"]\n{HEAD}N draw Ts\npenalty N exposed Kh\nN discard 4c\n'
        "penalty N extra_card Jk\nE draw Jc discard 3s\n"
    )
    code, out, err = run_cli(capsys, "replay", str(record), "--at", "1.2")
    assert code == 0, err
    assert "penalty N extra_card\npenalty N exposed Kh\n" in out
    rp = read_position(parse(out))
    assert rp.state.no_draw == 1 << N and rp.state.face_up[N] == (C.parse("Kh"),)
    _ok(rp.state)
    more = "S draw Qh discard 4s\nW draw 7c discard 3s\nN meld Kd Kh Kh Jk discard 4s\n"
    s = read_position(parse(out + more)).state
    assert s.turn == E and s.hand_len[N] == 7 and s.face_up == () and s.no_draw == 0
    _ok(s)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("penalty N forgot_draw", "a position says only 'extra_card' (no card) and 'exposed CARD'"),
        ("penalty N extra_card 4c", "not 'extra_card' with a card"),
        ("penalty N exposed 9h", "exposed: 9h is not in the hand"),
    ],
)
def test_a_position_refuses_what_cannot_be_pending(line: str, message: str) -> None:
    text = (
        '[Variant "general"]\n\nhand N: 4c 5d\nhand E: 4d 5s\nhand S: 6c 7d\nhand W: 8s 9h\n'
        f"pile: 7c\n{line}\nto move: N draw\n"
    )
    with pytest.raises(NotationError, match=rf"^<text>:8:1: .*{re.escape(message)}"):
        read_position(parse(text))
    classic = text.replace("general", "classic")
    with pytest.raises(NotationError, match=r"is none\)"):
        read_position(parse(classic))
