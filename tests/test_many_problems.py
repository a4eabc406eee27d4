"""Errors stop after 20 lines with "and N more" (issue 27, point 4), and a variant file of
thousands of unknown keys is refused in time linear in its keys: only the problems shown are
worded (bench/variant_load.py measures the time)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import run_cli, shown

from canasta_rules.errors import MAX_PROBLEM_LINES, Problem, VariantError, capped
from canasta_rules.variant import load, located, merge


def many_keys(tmp_path: Path, keys: int) -> Path:
    f = tmp_path / "many.toml"
    lines = ['extends = "classic"', "[game]", 'target = "x"', "[melds]"]
    lines += [f"unknown_{i:05d} = 1" for i in range(keys)]
    f.write_text("\n".join(lines) + "\n")
    return f


def test_twenty_problems_then_a_count(tmp_path: Path) -> None:
    f = many_keys(tmp_path, 3000)
    with pytest.raises(VariantError) as e:
        load(f)
    lines = e.value.lines()
    assert len(lines) == MAX_PROBLEM_LINES + 1
    assert lines[0] == f'{shown(f)}:3: game.target: must be a whole number, got "x"'
    assert lines[1] == f"{shown(f)}:5: melds.unknown_00000: unknown key"
    assert lines[19] == f"{shown(f)}:23: melds.unknown_00018: unknown key"
    assert lines[20] == f"{shown(f)}: and 2981 more problems"
    assert str(e.value) == "\n".join(lines)
    assert (len(e.value.problems), e.value.more) == (20, 2981)


def test_only_the_problems_shown_are_worded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Wording an unknown key looks for the key meant (difflib over the model's names): done for
    45,000 keys that was most of the 86 s the issue measured."""
    worded: list[object] = []
    real = located._message

    def spy(err: object, path: object, data: object) -> str:
        worded.append(path)
        return real(err, path, data)  # type: ignore[arg-type]

    monkeypatch.setattr(located, "_message", spy)
    with pytest.raises(VariantError):
        load(many_keys(tmp_path, 2000))
    assert len(worded) == MAX_PROBLEM_LINES


def test_replacing_a_table_forgets_only_its_own_origins() -> None:
    """``_forget`` drops the origins under the replaced value (its leaves), not by scanning
    every origin: the same result as before, in time linear in the keys."""
    origins: dict[tuple[str | int, ...], int] = {}
    base = merge._overlay({}, {"a": {"b": 1, "c": {"d": 2}}, "e": 3}, origins, 0)
    assert origins == {("a", "b"): 0, ("a", "c", "d"): 0, ("e",): 0}
    merge._overlay(base, {"a": 5, "e": {"f": 6}}, origins, 1)
    assert origins == {("a",): 1, ("e", "f"): 1}


def test_the_command_prints_twenty_lines_and_the_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = many_keys(tmp_path, 500)
    code, out, _ = run_cli(capsys, "variants", "validate", str(f))
    assert code == 2
    lines = out.splitlines()
    assert len(lines) == 21 and lines[-1] == f"{shown(f)}: and 481 more problems"
    code, _, err = run_cli(capsys, "rules", str(f))
    assert code == 2
    assert err.splitlines()[-1] == f"canasta: {shown(f)}: and 481 more problems"
    assert len(err.splitlines()) == 21


def test_problems_in_several_files_are_counted_without_a_file() -> None:
    problems = [Problem(f"f{i % 2}.toml", i, "k", "bad") for i in range(23)]
    assert VariantError(problems).lines()[-1] == "and 3 more problems"
    assert VariantError(problems[:20]).lines() == [str(p) for p in problems[:20]]
    assert capped(["a"] * 21)[-1] == "and 1 more problem"
    assert capped(["a"], more=2, where="x.can", what="warning") == [
        "a",
        "x.can: and 2 more warnings",
    ]


def test_tag_warnings_stop_after_twenty(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = tmp_path / "game.can"
    tags = "".join(f'[Score "NS {i}, EW 0"]\n' for i in range(25))
    rec.write_text(f'[Variant "classic"]\n[Seed "1"]\n{tags}hand 1\n')
    code, _, err = run_cli(capsys, "replay", str(rec))
    assert code == 0  # warnings, and the replay goes on
    lines = err.splitlines()
    assert len(lines) == 21
    assert lines[0] == (
        f"canasta: warning: {shown(rec)}:3:1: tag 'Score' is kept but not read "
        "(did you mean 'Scores'?)"
    )
    assert lines[-1] == f"canasta: warning: {shown(rec)}: and 5 more warnings"


def test_an_error_line_loses_its_asides_to_fit() -> None:
    """A long rule behind a long path is fitted to 200 characters in an error (its aside goes
    first); the problem itself, as a note quotes it, is kept whole."""
    rule = (
        "sides formed by the first pickup need everyone alone at the start (side_size = 1) and "
        "at least 3 players; this layout has 3 players in sides of 2"
    )
    p = Problem("/dev/shm/tmpatan22nk/game/v.toml", 23, "seating.0.forming", rule)
    assert len(str(p)) > 200 and "(side_size = 1)" in str(p)
    [line] = VariantError([p]).lines()
    assert line == (
        "/dev/shm/tmpatan22nk/game/v.toml:23: seating.0.forming: sides formed by the first pickup "
        "need everyone alone at the start and at least 3 players; this layout has 3 players in "
        "sides of 2"
    )
