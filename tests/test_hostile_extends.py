"""``extends`` stays in its lane: built-in names, and files in the folder of the file that names
them (or under ``--allow-extends DIR``); anything else is refused before it is read (issue 14,
point 3; docs/variant-files.md, "extends")."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers import run_cli, shown

from canasta_rules import limits
from canasta_rules.errors import VariantError
from canasta_rules.variant import load

SECRET = 'extends = "classic"\nname = "top-secret-value"\ntitle = "hunter2"\n'
OUTSIDE = "is outside this file's folder"


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every file the loader reads, in order."""
    seen: list[str] = []
    real = limits.read_limited

    def spy(path: str | os.PathLike[str], max_bytes: int) -> str:
        seen.append(os.path.realpath(path))
        return real(path, max_bytes)

    monkeypatch.setattr(limits, "read_limited", spy)
    return seen


def layout(tmp_path: Path) -> tuple[Path, Path]:
    """``club/`` (where the house file lives) and a secret file next to it, outside it."""
    club = tmp_path / "club"
    club.mkdir()
    secret = tmp_path / "secret.toml"
    secret.write_text(SECRET)
    return club, secret


def refusal(house: Path) -> str:
    with pytest.raises(VariantError) as e:
        load(house)
    [p] = e.value.problems
    assert (p.file, p.line, p.key) == (str(house), 1, "extends")
    assert "secret-value" not in str(p) and "hunter2" not in str(p)
    assert len(str(p)) <= 200
    return p.message


@pytest.mark.parametrize(
    "ref", ["../secret.toml", "./../secret.toml", "sub/../../secret.toml", "..//secret.toml"]
)
def test_dot_dot_out_of_the_folder(tmp_path: Path, opened: list[str], ref: str) -> None:
    club, secret = layout(tmp_path)
    (club / "sub").mkdir()
    house = club / "house.toml"
    house.write_text(f'extends = "{ref}"\n')
    assert refusal(house) == f"{ref!r} {OUTSIDE}; see --allow-extends"
    assert str(secret) not in opened
    assert opened == [str(house)]


def test_absolute_path(tmp_path: Path, opened: list[str]) -> None:
    club, secret = layout(tmp_path)
    house = club / "house.toml"
    house.write_text(f'extends = "{secret}"\n')
    assert refusal(house).endswith(" is an absolute path; see --allow-extends")
    assert opened == [str(house)]


def test_absolute_path_into_the_same_folder_is_refused_too(tmp_path: Path) -> None:
    # An absolute path is refused whatever it names: the rule is about how the file is named.
    club, _ = layout(tmp_path)
    (club / "base.toml").write_text('extends = "classic"\n')
    house = club / "house.toml"
    house.write_text(f'extends = "{club / "base.toml"}"\n')
    assert "is an absolute path" in refusal(house)


def test_symlink_out_of_the_folder(tmp_path: Path, opened: list[str]) -> None:
    club, secret = layout(tmp_path)
    (club / "base.toml").symlink_to(secret)
    (club / "linked").symlink_to(tmp_path, target_is_directory=True)
    for ref in ("base.toml", "linked/secret.toml"):
        house = club / "house.toml"
        house.write_text(f'extends = "{ref}"\n')
        msg = refusal(house)
        assert msg == f"{ref!r} leads outside this file's folder through a symbolic link"
    assert str(secret) not in opened


def test_symlink_without_the_toml_suffix(tmp_path: Path, opened: list[str]) -> None:
    """A bare name that is a file in the folder is allowed, so a link named that way is checked
    too."""
    club, secret = layout(tmp_path)
    (club / "base").symlink_to(secret)
    house = club / "house.toml"
    house.write_text('extends = "base"\n')
    assert refusal(house) == "'base' leads outside this file's folder through a symbolic link"
    assert str(secret) not in opened


def test_symlink_inside_the_folder_is_fine(tmp_path: Path) -> None:
    club, _ = layout(tmp_path)
    (club / "real.toml").write_text('extends = "classic"\n[game]\ntarget = 3000\n')
    (club / "base.toml").symlink_to(club / "real.toml")
    house = club / "house.toml"
    house.write_text('extends = "base.toml"\n')
    assert load(house).variant.game.target == 3000


@pytest.mark.parametrize(
    "ref",
    ["a" * 5000 + ".toml", "a" * 300, "/".join(["d"] * 600) + "/x.toml", "x\\u0000y.toml"],
)
def test_very_long_or_impossible_names(tmp_path: Path, opened: list[str], ref: str) -> None:
    club, _ = layout(tmp_path)
    house = club / "house.toml"
    house.write_text(f'extends = "{ref}"\n')
    msg = refusal(house)
    assert msg.startswith("path too long or not a file name: "), msg
    assert opened == [str(house)]


def test_files_in_the_folder_and_below_are_allowed(tmp_path: Path) -> None:
    club, _ = layout(tmp_path)
    (club / "rules").mkdir()
    (club / "rules" / "base.toml").write_text('extends = "classic"\n[game]\ntarget = 3000\n')
    (club / "rules" / "mid.toml").write_text('extends = "base.toml"\n[melds]\nmax_wild = 2\n')
    house = club / "house.toml"
    house.write_text('extends = "rules/mid.toml"\n')
    v = load(house).variant
    assert (v.game.target, v.melds.max_wild) == (3000, 2)


def test_each_file_is_held_to_its_own_folder(tmp_path: Path) -> None:
    """A parent in a sub-folder cannot reach back up to its child's folder."""
    club, _ = layout(tmp_path)
    (club / "rules").mkdir()
    (club / "base.toml").write_text('extends = "classic"\n')
    (club / "rules" / "mid.toml").write_text('extends = "../base.toml"\n')
    house = club / "house.toml"
    house.write_text('extends = "rules/mid.toml"\n')
    with pytest.raises(VariantError) as e:
        load(house)
    [p] = e.value.problems
    assert (p.file, p.key) == (str(club / "rules" / "mid.toml"), "extends")
    assert OUTSIDE in p.message


def test_allow_extends_opens_one_more_folder(tmp_path: Path) -> None:
    club, _ = layout(tmp_path)
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "base.toml").write_text('extends = "classic"\n[game]\ntarget = 3000\n')
    house = club / "house.toml"
    house.write_text('extends = "../shared/base.toml"\n')
    assert OUTSIDE in refusal(house)
    assert load(house, allow_extends=[shared]).variant.game.target == 3000
    # ... and only that folder: the secret next to it stays out of reach.
    house.write_text('extends = "../secret.toml"\n')
    with pytest.raises(VariantError):
        load(house, allow_extends=[shared])
    house.write_text(f'extends = "{shared / "base.toml"}"\n')
    assert load(house, allow_extends=[shared]).variant.game.target == 3000


def test_allow_extends_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    club, _ = layout(tmp_path)
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "base.toml").write_text('extends = "classic"\n[game]\ntarget = 3000\n')
    house = club / "house.toml"
    house.write_text('extends = "../shared/base.toml"\n')
    code, out, err = run_cli(capsys, "variants", "validate", str(house))
    assert code == 2
    assert (
        out == f"{shown(house)}:1: extends: '../shared/base.toml' {OUTSIDE}; see --allow-extends\n"
    )
    code, out, err = run_cli(
        capsys, "--allow-extends", str(shared), "variants", "validate", str(house)
    )
    assert (code, err) == (0, "")
    # The option holds for that one command only.
    code, _, _ = run_cli(capsys, "variants", "validate", str(house))
    assert code == 2


def test_the_top_level_file_may_be_anywhere(tmp_path: Path) -> None:
    """The rule is about what a file names, not about the file the user names."""
    _, secret = layout(tmp_path)
    assert load(secret).variant.name == "top-secret-value"
