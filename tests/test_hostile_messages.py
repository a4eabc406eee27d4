"""Long messages made to fit (issue 14, point 2: one line per problem, at most about 200
characters, with the location): the cases a fuzz run found over 200 characters, by kind. Each
input is of the kind that produced a long line; the assertions check the line's length and shape
and that what matters survived the shortening (the location, the rule code, both ends of a long
key or value)."""

from __future__ import annotations

from pathlib import Path

import pytest

from canasta_rules.errors import (
    MESSAGE_TARGET,
    CanastaError,
    IllegalMoveError,
    NotationError,
    Refusal,
    VariantError,
    elide,
    fit_refusal,
)
from canasta_rules.notation import parse, read_position, replay
from canasta_rules.variant import load

EXAMPLES = Path(__file__).parent.parent / "docs" / "examples"
RECORD = "games/club/game.can"
"""A record's file name of ordinary length, as a person would type it."""


def refused(text: str) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as e:
        replay(parse(text, RECORD))
    return e.value


def assert_fits(e: CanastaError) -> list[str]:
    lines = e.lines()
    for line in lines:
        assert "\n" not in line and "\r" not in line, line
        assert len(line) <= MESSAGE_TARGET, (len(line), line)
    return lines


def test_a_refusal_loses_its_aside_then_its_tail() -> None:
    """001's opening minimum, refused while the side needs 120 (a total of 3,000): the engine's
    message names the way out concealed in parentheses (North could still go out concealed,
    which needs no minimum after a stock draw: seven fives with the two wild cards, four kings,
    the 8s to discard; the kings melded with a two leave no canasta); the line keeps the rule
    and the count, drops the aside, and still names place, hand, turn, player and move."""
    text = (EXAMPLES / "opening-two-actions.can").read_text()
    text = text.replace("NS 1500", "NS 3000")
    text = text.replace("Ac Ad Ah Kc Kd Kh 5c 6d 7h 8s 9c", "5c 5c 5d 5h 5s 2c 2d Kc Kd Kh 8s")
    text = text.replace(
        "N draw Jc meld Ac Ad Ah meld Kc Kd Kh discard 5c", "N draw Kh meld Kc Kd 2c"
    )
    e = refused(text)
    assert "go out concealed" in e.refusal.message  # the whole message is kept on the error
    (line,) = assert_fits(e)
    assert line.startswith(f"{RECORD}:12:11: hand 1, turn 1, N: meld Kc Kd 2c: ")
    assert "must count at least 120 this turn; these count 40" in line
    assert "concealed" not in line
    assert line.endswith("\u2026 (open.below_minimum)")


def test_a_refusal_without_clauses_is_cut_at_a_word() -> None:
    """Taking an unfrozen pile with nothing shown (001: a natural pair, a natural card and a wild
    card, or the side's meld of that rank): no aside or second clause to drop, so the message's
    tail goes, at a word, and the rule code stays."""
    lines = (EXAMPLES / "classic-game.can").read_text().split("\n")
    e = refused("\n".join([*lines[:17], "E take", ""]))
    assert e.refusal.code == "pile.way_not_allowed"
    (line,) = assert_fits(e)
    assert line.startswith(f"{RECORD}:18:3: hand 1, turn 4, E: take: to take the pile you must")
    assert line.endswith("\u2026 (pile.way_not_allowed)")
    assert line.split("\u2026")[0][-1].isalpha()  # cut after a whole word


def test_a_long_move_is_shortened_in_the_line() -> None:
    lines = (EXAMPLES / "classic-game.can").read_text().split("\n")
    e = refused("\n".join([*lines[:15], "W draw " + "4h " * 1000, ""]))
    (line,) = assert_fits(e)
    assert line.startswith(f"{RECORD}:16:3: hand 1, turn 2, W: draw 4h")
    assert "characters)" in line and line.endswith(f"({e.refusal.code})")


def test_a_long_file_name_keeps_its_end(tmp_path: Path) -> None:
    text = (EXAMPLES / "opening-two-actions.can").read_text()
    text = text.replace("NS 1500", "NS 3000").replace(" meld Kc Kd Kh discard 5c", "")
    name = str(tmp_path / ("d" * 200) / "night.can")
    with pytest.raises(IllegalMoveError) as e:
        replay(parse(text, name))
    (line,) = assert_fits(e.value)
    assert line.startswith("\u2026") and "night.can:12:11: hand 1, turn 1, N" in line
    assert line.endswith("(open.below_minimum)")


def test_fitting_keeps_the_code_whatever_the_location() -> None:
    refusal = Refusal("x.code", "", "a rule; why it holds (and an aside) " + "word " * 60)
    line = fit_refusal("w" * 300, "draw 4h", refusal)
    assert line.endswith(" (x.code)") and "\n" not in line
    assert "a rule" in line  # the rule's own words are never cut to nothing
    short = fit_refusal("g.can:1:1: hand 1, turn 1, N", "draw 4h", Refusal("c", "", "ok"))
    assert short == "g.can:1:1: hand 1, turn 1, N: draw 4h: ok (c)"


def variant_lines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> list[str]:
    monkeypatch.chdir(tmp_path)
    Path("v.toml").write_text(text)
    with pytest.raises(VariantError) as e:
        load("v.toml")
    return assert_fits(e.value)


def test_a_long_key_and_a_long_value_both_fit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A provenance note under a long key, with a 6,000-character source (the fuzz case)."""
    text = (
        'extends = "classic"\n[provenance]\n"going_out.sequence_canastas" = '
        '{ note = "n", sources = ["' + "[" * 6000 + '"] }\n'
    )
    (line,) = variant_lines(tmp_path, monkeypatch, text)
    # the key gives way to the message, keeping both its ends; the value shows both of its own
    assert line.startswith('v.toml:3: provenance."going_out.')
    assert '_canastas".sources.0: not a source' in line
    assert '"[[[[' in line and '[["' in line
    assert line.endswith("(6002 characters)")


def test_a_long_unknown_key_shows_both_ends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = "house_" + "x" * 150 + "_rule"
    (line,) = variant_lines(tmp_path, monkeypatch, f'extends = "classic"\n[game]\n{key} = 1\n')
    assert line.startswith("v.toml:3: game.house_x") and "\u2026" in line
    assert "_rule: unknown key" in line


def test_a_toml_error_quoting_a_deep_key_fits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    header = "[" + ".".join(["t"] * 3000) + "]"
    (line,) = variant_lines(tmp_path, monkeypatch, f"{header}\n{header}\n")
    assert line.startswith("v.toml:2: t.t.t")
    assert line.endswith(": not valid TOML: this table is written twice (write each table once)")
    assert "\u2026" in line and len(line) < 200


def test_a_long_override_key_fits() -> None:
    with pytest.raises(VariantError) as e:
        load("classic", ["game." + "k" * 300 + ".x=1"])
    (line,) = assert_fits(e.value)
    assert line.startswith("--set: game.kkk")
    assert "kkk: unknown key; [game] has target, win, tie, rounds, max_hands [game.kkk" in line
    assert line.endswith(".x=1 (309 characters)]")


def test_elide_keeps_both_ends() -> None:
    assert elide("abcdefghij", 10) == "abcdefghij"
    assert elide("abcdefghijk", 5) == "ab\u2026jk"
    assert elide("a\nb" * 40, 20).startswith("a\\x0ab")  # control characters stay visible


def test_a_notation_error_loses_its_asides_to_fit() -> None:
    """A turn entry that is not one: the help lists every entry with an explanation in
    parentheses; behind the location only the list is kept, on one line of at most 200."""
    text = (EXAMPLES / "cutthroat-partners.pos").read_text()
    text = "\n".join(
        "turn: da.a.rew stock" if ln.startswith("turn:") else ln for ln in text.split("\n")
    )
    assert "turn: da.a.rew stock" in text
    with pytest.raises(NotationError) as e:
        read_position(parse(text, RECORD))
    (line,) = assert_fits(e.value)
    assert line.startswith(f"{RECORD}:") and "unknown turn entry 'da.a.rew': expected" in line
    choices = "'drew', 'took', 'new', 'added', 'first', 'melded', 'opening', 'asked' or 'walking'"
    assert line.endswith(f"expected {choices}")  # the choices, without their explanations
    assert len(e.value.message) > MESSAGE_TARGET  # the whole help stays on the error
