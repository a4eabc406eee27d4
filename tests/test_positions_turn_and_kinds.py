"""Positions with the wider family's meld kinds and the turn-level state of issue 9.

A position lists runs, melds of wild cards and closed canastas set aside on a side's ``melds`` line
and files them under the engine's keys; its ``turn:`` line says which melds were begun this turn
(``new K 3 4h``: a rank, black threes, a run by one of its cards), and ``opening N`` the count a
side that began opening this turn has laid (derived from the layout when left out). Rules cited:
001_0cb887cc6d824426.txt (the initial-meld minimum, black threes only when going out);
docs/family/samba.md (runs, closed canastas).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from canasta_rules.engine.rules import CLOSED_KEY0, RUN_KEY0, WILD_KEY
from canasta_rules.engine.state import Permission, Phase
from canasta_rules.notation import parse, read_position
from canasta_rules.notation.writer import position_text
from tests.helpers import run_cli

FAMILY_TAGS = (
    '[Set "melds.sequences={kind = \\"same_suit\\", min_length = 3, max_length = 7, '
    'canasta_bonus = 1500}"]\n'
    '[Set "canastas.closed=true"]\n'
    '[Set "melds.wild_melds={kind = \\"allowed\\", min_size = 3, max_size = 7, '
    'canasta_bonus = 2000}"]\n'
)

HANDS = (
    "hand N: 8h 9c 9d Qs 4s 5c\n"
    "hand E: 4c 4d 5d 6s 7s 8s 9s Tc Jc\n"
    "hand S: 5h 6c 6d 7c 7d 8c 8d Td Jd\n"
    "hand W: 4h 5s 6h 7h 9h Th Jh Qh\n"
)


def _kinds(melds: str, turn: str = "turn: drew stock\n") -> str:
    return (
        '[Variant "classic"]\n'
        + FAMILY_TAGS
        + '[Scores "NS 0, EW 0"]\n[Dealer "W"]\n\n'
        + HANDS
        + f"melds NS: {melds}\nred NS:\nmelds EW: Ac Ad Ah\nred EW:\npile: 9s\n"
        + turn
        + "to move: N play\n"
    )


def _opening(melds: str, turn: str, hand_n: str = "8h 9c 9d Qs 4s 5c") -> str:
    return (
        '[Variant "classic"]\n[Scores "NS 0, EW 0"]\n[Dealer "W"]\n\n'
        + HANDS.replace("8h 9c 9d Qs 4s 5c", hand_n)
        + f"melds NS: {melds}\nred NS:\nmelds EW: Ac Ad Ah\nred EW:\npile: 9s\n"
        + turn
        + "to move: N play\n"
    )


def _write(tmp_path: Path, text: str) -> str:
    p = tmp_path / "p.pos"
    p.write_text(text)
    return str(p)


def test_runs_wild_melds_and_a_closed_canasta_are_filed_as_the_engine_files_them() -> None:
    text = _kinds(
        "2c 2d Jk, Kc Kd Kh, Kc Kd Kh Ks Ks 2h 2s, 4h 5h 6h 7h", "turn: drew stock, new 4h\n"
    )
    s = read_position(parse(text, "kinds.pos")).state
    melds = s.melds[0]
    assert sorted(melds) == [WILD_KEY, 13, RUN_KEY0, CLOSED_KEY0]
    assert len(melds[CLOSED_KEY0].cards) == 7 and len(melds[13].cards) == 3
    assert (melds[RUN_KEY0].low, melds[RUN_KEY0].high) == (4, 7)
    assert s.turn_new == [RUN_KEY0]
    # Written back in key order and read again: the same keys and the same text.
    again = position_text(s, [("Variant", "classic"), *_set_tags(text)])
    assert "melds NS: 2c 2d Jk, Kc Kd Kh, 4h 5h 6h 7h, Kc Kd Kh Ks Ks 2h 2s\n" in again
    assert "turn: drew stock, new 4h\n" in again
    t = read_position(parse(again, "again.pos")).state
    assert {k: m.cards for k, m in t.melds[0].items()} == {k: m.cards for k, m in melds.items()}
    assert position_text(t, [("Variant", "classic"), *_set_tags(text)]) == again


def _set_tags(text: str) -> list[tuple[str, str]]:
    doc = parse(text, "x.pos")
    return [(t.name, t.value) for t in doc.tags() if t.name == "Set"]


def test_a_run_is_added_to_by_one_of_its_cards(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """docs/family/samba.md: a run grows at either end, one suit, no wild cards."""
    pos = _write(tmp_path, _kinds("Kc Kd Kh, 4h 5h 6h 7h"))
    code, out, _ = run_cli(capsys, "ruling", pos, "add 5h: 8h")
    assert (code, out) == (0, "legal\n")
    code, out, _ = run_cli(capsys, "moves", pos)
    assert "add 4h: 8h" in out


def test_two_open_melds_of_one_rank_are_refused_at_the_second(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pos = _write(tmp_path, _kinds("Kc Kd Kh, Kc Kd Ks"))
    code, _, err = run_cli(capsys, "moves", pos)
    assert code == 2
    assert err.startswith(
        f"canasta: {pos}:12:21: North-South has two melds of kings (the other on line 12)"
    )


def test_the_opening_is_judged_over_the_turn(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """001: below 1500 a side's first melds must count 50. NS began opening this turn with three
    kings (30): the turn cannot end until the count reaches 50."""
    text = _opening("Kc Kd Kh", "turn: drew stock, new K, first, melded\n")
    s = read_position(parse(text, "o.pos")).state
    assert (s.turn_opened, s.turn_value, s.turn_black3) == (True, 30, False)
    assert "turn: drew stock, new K, first, melded, opening 30\n" in position_text(
        s, [("Variant", "classic")]
    )
    code, out, _ = run_cli(capsys, "ruling", _write(tmp_path, text), "discard 4s")
    assert code == 1
    assert out.startswith("refused: your side's first melds this turn count 30, short of its")
    assert "(open.below_minimum)" in out


def test_an_opening_count_that_disagrees_with_the_layout_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = _opening("Kc Kd Kh", "turn: drew stock, new K, first, melded, opening 40\n")
    pos = _write(tmp_path, text)
    code, _, err = run_cli(capsys, "moves", pos)
    assert code == 2
    assert err == f"canasta: {pos}:14:41: the cards North-South has melded count 30, not 40\n"
    text = _opening("Kc Kd Kh", "turn: drew stock, added, opening 30\n")
    code, _, err = run_cli(capsys, "moves", _write(tmp_path, text))
    assert code == 2 and "so it had no melds before it: 'added' says it had" in err


def test_an_earlier_meld_means_the_side_opened_before_this_turn() -> None:
    """Three kings begun this turn beside aces laid before it: the side had opened already, so
    nothing this turn counts toward a minimum."""
    text = _opening("Ac Ad Ah, Kc Kd Kh", "turn: drew stock, new K, added, melded\n")
    text = text.replace("melds EW: Ac Ad Ah", "melds EW:")
    s = read_position(parse(text, "o.pos")).state
    assert (s.turn_opened, s.turn_value) == (False, 0)


def test_black_threes_melded_this_turn_oblige_going_out(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """001: black threes may be melded only when going out."""
    text = _opening("Kc Kd Kh, 3c 3c 3s", "turn: drew stock, new K 3, first, melded\n")
    s = read_position(parse(text, "b.pos")).state
    assert (s.turn_black3, s.turn_value) == (True, 45)
    code, out, _ = run_cli(capsys, "ruling", _write(tmp_path, text), "discard 4s")
    assert code == 1
    assert "(meld.black_threes.not_going_out)" in out


def test_asked_and_answered_before_the_draw(tmp_path: Path) -> None:
    """bicycle lets a player ask partner before drawing; the answer stands for the turn."""
    text = (
        '[Variant "bicycle"]\n[Dealer "W"]\n\n'
        + HANDS
        + "melds NS:\nred NS:\nmelds EW:\nred EW:\npile: 9s\n"
        + "turn: drew nothing, asked no\nto move: N draw\n"
    )
    s = read_position(parse(text, "a.pos")).state
    assert (s.phase, s.permission, s.drew) == (Phase.DRAW, Permission.NO, 0)
    assert "turn: drew nothing, asked no\nto move: N draw\n" in position_text(
        s, [("Variant", "bicycle")]
    )
    classic = text.replace('"bicycle"', '"classic"')
    with pytest.raises(Exception, match="asks partner only after the draw"):
        read_position(parse(classic, "a.pos"))


def test_previous_hand_scores_set_the_minimum_where_the_variant_reads_them() -> None:
    """general reads the initial-meld minimum from the previous hand's score (004)."""
    text = _opening("", "").replace('"classic"', '"general"')
    text = text.replace("turn: \n", "").replace("to move: N play", "to move: N draw")
    plain = read_position(parse(text, "g.pos")).state
    prev = text.replace("[Dealer", '[Previous "NS 1600, EW 0"]\n[Dealer')
    s = read_position(parse(prev, "g.pos")).state
    assert s.previous == [1600, 0]
    assert s.minimum(0) > plain.minimum(0)
    assert '[Previous "NS 1600, EW 0"]' in position_text(s, [("Variant", "general")])
