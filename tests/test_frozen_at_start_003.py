"""003's pile that starts each hand frozen, side by side (``pile.frozen_at_start``, novice).

003_6d7b9b19ffba82c5.txt, Step 6 ("Taking a Frozen Discard Pile"): at the start of every round
the pile is frozen against all teams or players; a player who takes it (with two matching natural
cards from hand) unfreezes it toward that player and the player's team. Another side's pickup
does not unfreeze it for a side that has not taken it. A position lists the sides that have
taken the pile this hand on a ``taken:`` line (docs/notation.md).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import placed, run_cli, shown

BASE = """\
[Variant "novice"]
[Scores "NS 0, EW 0"]

hand N: 9h Jk 5c 6d
hand E: 4c 5d 7h 7s 9c
hand S: Ac 6c 7d 8s
hand W: 4d 5h 6h 8c 9d
melds NS: Kc Kd Kh
melds EW: Qc Qd Qh
pile: 11 unseen, 7c 4s 9s
stock 70
{extra}to move: N draw
"""


def rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: str, move: str, *args: str
) -> tuple[int, str, str]:
    p = tmp_path / "q.pos"
    p.write_text(BASE.format(extra=extra))
    return run_cli(capsys, "ruling", str(p), move, *args)


def test_nobody_has_taken_it_yet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """003: frozen against all at the start: a natural and a wild card are not enough."""
    code, out, _ = rule(tmp_path, capsys, "", "take with 9h Jk")
    assert code == 1
    assert out.splitlines()[0] == (
        "refused: the pile is frozen against your side from the start of the hand until your "
        "side first takes it; you must show two natural nines from your hand "
        "(pile.frozen.needs_natural_pair)"
    )
    assert "(pile.frozen)" in out


def test_the_side_that_took_it_may_take_it_unfrozen(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """003: after its pickup the pile is unfrozen toward the player's team."""
    code, out, _ = rule(tmp_path, capsys, "taken: NS\n", "take with 9h Jk")
    assert (code, out) == (0, "legal\n")


def test_the_other_sides_pickup_does_not_unfreeze_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """003 unfreezes the pile toward the taker's team only: East-West's pickup leaves it frozen
    against North-South (001's pile, unfrozen for everyone once taken, is not 003's)."""
    code, out, _ = rule(tmp_path, capsys, "taken: EW\n", "take with 9h Jk")
    assert code == 1 and "(pile.frozen.needs_natural_pair)" in out


def test_frozen_no_speaks_for_the_player_to_move(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``frozen no`` says the pile is not frozen against North, so North-South have taken it;
    ``ruling --show`` writes that back as ``taken: NS``."""
    code, out, _ = rule(tmp_path, capsys, "frozen no\n", "take with 9h Jk", "--json", "--show")
    assert code == 0
    answer = json.loads(out)
    assert answer["verdict"] == "legal"
    assert "\ntaken: NS\n" in answer["after"]


def test_a_player_alone_is_told_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """003 at two players: frozen against each player until that player takes it."""
    p = tmp_path / "two.pos"
    p.write_text(
        '[Variant "novice"]\n[Players "N, S"]\n\nhand N: 9h Jk 5c 6d\nhand S: 8s 9d Th\n'
        "melds N: Qc Qd Qh\nmelds S: Kc Kd Kh\npile: 7c 4s 9s\ntaken: S\nto move: N draw\n"
    )
    code, out, _ = run_cli(capsys, "ruling", str(p), "take with 9h Jk")
    assert code == 1
    assert out.startswith(
        "refused: the pile is frozen against you from the start of the hand until you first "
        "take it;"
    )


@pytest.mark.parametrize(
    ("variant", "extra", "col", "message"),
    [
        (
            "classic",
            "taken: NS\n",
            1,
            "in this ruleset a pickup does not unfreeze the pile side by side",
        ),
        ("novice", "taken: NS NS\n", 11, "NS is listed twice"),
        ("novice", "taken: NE\n", 8, "no side 'NE' (sides: NS, EW)"),
        ("novice", "taken: NS\ntaken: EW\n", 1, "'taken:' is listed twice"),
    ],
)
def test_broken_taken_lines(
    variant: str,
    extra: str,
    col: int,
    message: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    p = tmp_path / "bad.pos"
    text = BASE.format(extra=extra).replace('"novice"', f'"{variant}"')
    p.write_text(text)
    line = text.splitlines().index(extra.splitlines()[-1]) + 1
    code, _, err = run_cli(capsys, "moves", str(p))
    assert code == 2 and "Traceback" not in err
    assert err.startswith("canasta: "), err
    assert placed(err.removeprefix("canasta: "), p, f"{line}:{col}: {message}", first=True), err


def test_a_record_shows_the_pile_frozen_against_the_side_that_has_not_taken_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A whole hand: North takes the pile with a natural pair, then East (whose side has
    melded but never taken the pile) finds it frozen against East-West, and a natural and a
    wild card are refused (003)."""
    record = tmp_path / "game.can"
    record.write_text(
        '[Variant "novice"]\n\nhand 1 dealer W\n'
        "deal N: 9c 9d 2s Kc Kd Kh Jk 7h 8s Tc Jd\n"
        "deal E: 5c 5d 5h Qc Qd Qh 2d Ts Jk 7c 7d\n"
        "deal S: 4c 4d 4h Ac Ad 2c 9h 6s 7s Ts Js\n"
        "deal W: 8d 8h 2h Tc Td Th 9s Jc Jh Js 5s\n"
        "upcard Qs\n"
        "N draw 8c meld Kc Kd Kh, 8c 8s 2s discard 7h\n"
        "E draw 4c meld 5c 5d 5h, Qc Qd Qh 2d discard 4c\n"
        "S draw 5d discard 6s\n"
        "W draw 6d discard 9s\n"
        "N take 9s with 9c 9d discard Tc\n"
        "frozen yes\n"
        "E take Tc with Ts Jk discard 7c\n"
    )
    code, _, err = run_cli(capsys, "replay", str(record))
    assert code == 2
    assert f"{shown(record)}:15:3: hand 1, turn 6, E: take Tc with Ts Jk" in err
    assert "(pile.frozen.needs_natural_pair)" in err


def test_taken_cannot_stand_beside_the_red_three_turned_up(tmp_path: Path) -> None:
    """003 (Step 6: a pickup takes the whole pile): a red three lies in the pile only as the card
    turned up to start it, so while it is still there nobody has taken the pile, and a 'taken:'
    line cannot be; the error points at the first side it names."""
    from canasta_rules.errors import NotationError
    from canasta_rules.notation import parse, read_position

    text = BASE.format(extra="taken: NS\n").replace(
        "pile: 11 unseen, 7c 4s 9s", "pile: 3h 7c 4s 9s"
    )
    text = text.replace("stock 70", "stock 80")
    with pytest.raises(NotationError) as e:
        read_position(parse(text, "q.pos"))
    assert (e.value.line, e.value.column) == (12, 8)
    assert "still holds the 3h turned up to start it" in e.value.message
