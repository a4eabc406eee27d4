"""``going_out.permission.required``: where a player must ask partner before going out.

RDC (Roger DeMeritt's compiled Hand and Foot rules, canasta_rules/sources.py) has the player who
wants to go out ask partner first, always; the classic texts (000, 001, 004) let a player ask but
never oblige it. With ``required = true`` going out, or melding down to the one card left to
discard, needs partner's yes that turn; the answer binds as before. A player with no partner at
the table goes out without asking. The built-in Hand and Foot keeps asking optional (pinned in
variants/hand-and-foot.toml); these tests set the parameter on classic and on Hand and Foot.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import run_cli

REQUIRED = "going_out.permission.required=true"

# North holds three nines and a five; North-South have a natural canasta of queens, so North
# could go out this turn by melding the nines and discarding the five (001's going out).
CLASSIC = """\
[Variant "classic"]
[Scores "NS 1200, EW 900"]

hand N: 9c 9d 9h 5s
hand E: 4c 5d 7h 7s 9c Td Jh
hand S: Ac 6c 7d 8s Th Jc 4h
hand W: 4d 5h 6h 8c 9h Ts Kh
melds NS: Qc Qd Qh Qs Qc Qd Qh, Kc Kh Ks
melds EW: Ad Ah As 2h
pile: 46 unseen, 7c 4s 9d
stock 20
turn: drew stock
to move: N play
"""


def rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, move: str, *sets: str
) -> dict[str, object]:
    p = tmp_path / "q.pos"
    p.write_text(text)
    args = [a for s in sets for a in ("--set", s)]
    code, out, err = run_cli(capsys, "ruling", str(p), move, "--json", "--show", *args)
    assert code in (0, 1), err
    answer: dict[str, object] = json.loads(out)
    return answer


def test_without_the_parameter_nobody_need_ask(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """001: asking is the player's choice; going out unasked is legal."""
    a = rule(tmp_path, capsys, CLASSIC, "meld 9c 9d 9h discard 5s")
    assert a["verdict"] == "legal"
    assert "North goes out: the hand ends" in a["changes"]  # type: ignore[operator]


def test_going_out_unasked_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """RDC: the player must ask before going out. Melding down to the last card, the one to be
    discarded, is already refused: a 'no' heard with one card left would leave nothing legal."""
    a = rule(tmp_path, capsys, CLASSIC, "meld 9c 9d 9h discard 5s", REQUIRED)
    assert (a["verdict"], a["code"], a["parameter"]) == (
        "refused",
        "out.permission_required",
        "going_out.permission.required",
    )
    assert "ask 'may I go out?' while you hold two cards" in str(a["reason"])


def test_a_yes_lets_the_player_go_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """RDC: asked, and told yes, the player goes out."""
    a = rule(tmp_path, capsys, CLASSIC, "ask yes meld 9c 9d 9h discard 5s", REQUIRED)
    assert a["verdict"] == "legal"
    assert "North goes out: the hand ends" in a["changes"]  # type: ignore[operator]


def test_a_no_still_binds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """000/001: after a no the player may not go out that turn (required or not)."""
    a = rule(tmp_path, capsys, CLASSIC, "ask no meld 9c 9d 9h discard 5s", REQUIRED)
    assert a["code"] == "out.permission_refused"


def test_play_that_does_not_go_out_needs_no_question(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Only going out needs the yes: melding and keeping two cards is an ordinary turn."""
    a = rule(tmp_path, capsys, CLASSIC, "discard 5s", REQUIRED)
    assert a["verdict"] == "legal"


def test_going_out_concealed_without_a_discard_needs_the_yes_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """001: going out concealed needs no final discard; with asking required the whole hand
    laid down at once is still going out, so it needs partner's yes first."""
    text = (
        CLASSIC.replace("hand N: 9c 9d 9h 5s", "hand N: 9c 9d 9h 9s 8c 8d 8h")
        .replace("melds NS: Qc Qd Qh Qs Qc Qd Qh, Kc Kh Ks", "melds NS:")
        .replace("hand S: Ac 6c 7d 8s Th Jc 4h", "hand S: Ac 6c 7d Qs Th Jc 4h")
        .replace("pile: 46 unseen", "pile: 51 unseen")
    )
    # Six nines and eights are no canasta: make one with wild cards.
    text = text.replace("hand N: 9c 9d 9h 9s 8c 8d 8h", "hand N: 9c 9d 9h 9s 2c 2d Jk 8c 8d 8h")
    text = text.replace("pile: 51 unseen", "pile: 50 unseen")
    move = "meld 9c 9d 9h 9s 2c 2d Jk, 8c 8d 8h"
    unasked = rule(tmp_path, capsys, text, move, REQUIRED)
    assert unasked["code"] == "out.permission_required"
    assert "before you go out" in str(unasked["reason"])
    asked = rule(tmp_path, capsys, text, f"ask yes {move}", REQUIRED)
    assert asked["verdict"] == "legal"
    assert "North goes out concealed: the hand ends" in asked["changes"]  # type: ignore[operator]


def test_a_player_without_a_partner_goes_out_unasked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two-hand (P, B; two canastas to go out): nobody to ask, so the requirement cannot
    apply."""
    text = """\
[Variant "two-hand"]
[Scores "N 1200, S 900"]

hand N: 9c 9d 9h 5s
hand S: Ac 6c 7d 8s Th Jc 4h
melds N: Qc Qd Qh Qs Qc Qd Qh, Kc Kh Ks Kd Kc Kd 2c
melds S: Ad Ah As 2h
pile: 56 unseen, 7c 4s 9d
stock 20
turn: drew stock
to move: N play
"""
    a = rule(
        tmp_path,
        capsys,
        text,
        "meld 9c 9d 9h discard 5s",
        "going_out.permission.kind=ask",
        REQUIRED,
    )
    assert a["verdict"] == "legal"


def test_the_rule_sheet_says_asking_is_required(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "rules", "classic", "--set", REQUIRED, "-f", "txt")
    assert code == 0
    assert "A player must ask a partner" in " ".join(out.split())
    code, out, _ = run_cli(capsys, "rules", "classic", "-f", "txt")
    assert "but need not ask before going out" in " ".join(out.split())


@pytest.mark.parametrize(
    ("variant", "sets"),
    [
        ("classic", ()),
        ("classic", ('going_out.permission.when=["after_draw","after_melding"]',)),
        ("hand-and-foot", ()),
        ("hand-and-foot", ("foot.needed_to_go_out=false",)),
    ],
)
def test_bot_games_stay_consistent(
    variant: str, sets: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    """Seeded bot hands with asking required: the bots ask before going out, and no hand ends
    in a dead end or breaks an invariant (``canasta check``)."""
    args = [a for s in (REQUIRED, *sets) for a in ("--set", s)]
    code, out, err = run_cli(capsys, "check", variant, *args, "--games", "40", "--json")
    assert code == 0, out + err
    result = json.loads(out)
    assert result["consistent"] is True
