"""One confinement rule for every ruleset named inside a file (issue 27, point 1;
canasta_rules/variant/confine.py): a record's or a position's ``[Variant]`` tag, a tally sheet's
``variant``, ``play --resume``, as ``extends`` already was (tests/test_hostile_extends.py). A
name that leads outside the naming file's folder, by ``..``, an absolute path or a symbolic
link, gets one located line; the file is never opened and none of its values is shown."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers import run_cli, shown

from canasta_rules import limits
from canasta_rules.errors import NotationError
from canasta_rules.notation import parse, replay
from canasta_rules.tally import Sheet, TallyError
from canasta_rules.variant.confine import OutsideError, allowed_folders, confine

EXAMPLES = Path(__file__).parent.parent / "docs" / "examples"
SECRET = 'extends = "classic"\nname = "top-secret-value"\n[game]\ntarget = "SECRET-VALUE"\n'
LEAKS = ("SECRET-VALUE", "top-secret-value")
OUTSIDE = "is outside this file's folder; see --allow-extends"
THROUGH_LINK = "leads outside this file's folder through a symbolic link"


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every file the readers open through the guarded reader, resolved."""
    seen: list[str] = []
    real = limits.read_limited

    def spy(path: str | os.PathLike[str], max_bytes: int) -> str:
        seen.append(os.path.realpath(path))
        return real(path, max_bytes)

    monkeypatch.setattr(limits, "read_limited", spy)
    return seen


@pytest.fixture
def table(tmp_path: Path) -> Path:
    """``game/`` (where the handed-over files live), a secret ruleset beside it, outside, and a
    link in ``game/`` to the folder above."""
    game = tmp_path / "game"
    game.mkdir()
    (tmp_path / "secret.toml").write_text(SECRET)
    (game / "up").symlink_to(tmp_path, target_is_directory=True)
    (game / "linked.toml").symlink_to(tmp_path / "secret.toml")
    return game


def hostile_names(game: Path) -> list[tuple[str, str]]:
    """(name, the reason it is refused) for each way out of ``game``."""
    secret = game.parent / "secret.toml"
    return [
        ("../secret.toml", f"'../secret.toml' {OUTSIDE}"),
        ("sub/../../secret.toml", f"'sub/../../secret.toml' {OUTSIDE}"),
        (str(secret), "is an absolute path; see --allow-extends"),
        ("up/secret.toml", f"'up/secret.toml' {THROUGH_LINK}"),
        ("linked.toml", f"'linked.toml' {THROUGH_LINK}"),
    ]


def no_leak(text: str) -> None:
    for value in LEAKS:
        assert value not in text


# ------------------------------------------------------------------------------ the function


def test_confine_returns_a_builtin_name_or_a_path(tmp_path: Path) -> None:
    (tmp_path / "house.toml").write_text('extends = "classic"\n')
    (tmp_path / "house").write_text('extends = "classic"\n')
    sheet = tmp_path / "sheet.toml"
    assert confine("classic", sheet) == "classic"
    assert confine("house.toml", sheet) == tmp_path / "house.toml"
    assert confine("house", sheet) == tmp_path / "house"  # a bare name: in the file's folder
    assert confine("rules/new.toml", sheet) == tmp_path / "rules" / "new.toml"  # need not exist
    # named as the naming file was: a relative file gives a relative path
    assert confine("house.toml", "sheet.toml") == Path("house.toml")


def test_confine_refuses_with_a_located_line(table: Path, opened: list[str]) -> None:
    for name, reason in hostile_names(table):
        with pytest.raises(OutsideError) as e:
            confine(name, table / "g.can", line=3, column=1)
        assert str(e.value).startswith(f"{shown(table / 'g.can')}:3:1: "), str(e.value)
        assert e.value.reason.endswith(reason)
        with pytest.raises(OutsideError) as e:
            confine(name, table / "s.toml", line=2, key="variant")
        assert str(e.value).startswith(f"{shown(table / 's.toml')}:2: variant: ")
    assert opened == []


def test_confine_allows_the_allowed_folders(table: Path) -> None:
    secret = table.parent / "secret.toml"
    assert confine("../secret.toml", table / "g.can", [table.parent]) == secret
    assert confine(str(secret), table / "g.can", [table.parent]) == secret
    assert confine("up/secret.toml", table / "g.can", [table.parent]) == table / "up/secret.toml"


def test_a_text_with_no_folder_names_only_builtins(table: Path) -> None:
    assert confine("classic", None) == "classic"
    with pytest.raises(OutsideError) as e:
        confine("house.toml", None)
    assert str(e.value) == "'house.toml' names a file, and this text has no folder of its own"
    with pytest.raises(OutsideError) as e:
        confine("clasic", None)
    assert str(e.value) == "no built-in variant 'clasic'; did you mean 'classic'?"
    secret = table.parent / "secret.toml"
    assert confine(str(secret), None, [table.parent]) == secret


def test_allowed_folders_read_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CANASTA_ALLOW_EXTENDS", f"{tmp_path}{os.pathsep}/")
    assert allowed_folders(["x"]) == (Path(os.path.realpath("x")), tmp_path, Path("/"))


# ------------------------------------------------------------------------------ records


def test_a_record_naming_an_outside_file(
    table: Path, opened: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    rec = table / "game.can"
    for name, reason in hostile_names(table):
        rec.write_text(f'[Event "x"]\n[Variant "{name}"]\n[Seed "1"]\nhand 1\n')
        code, out, err = run_cli(capsys, "replay", str(rec))
        assert (code, out) == (2, "")
        assert err.startswith(f"canasta: {shown(rec)}:2:1: ") and err.endswith(f"{reason}\n")
        assert err.count("\n") == 1
        no_leak(err)
    assert str(table.parent / "secret.toml") not in opened


def test_the_library_refuses_at_the_tag(table: Path) -> None:
    doc = parse('[Variant "../secret.toml"]\n[Seed "1"]\nhand 1\n', str(table / "g.can"))
    with pytest.raises(NotationError) as e:
        replay(doc)
    assert (e.value.line, e.value.column) == (1, 1)
    assert e.value.message == f"'../secret.toml' {OUTSIDE}"


def test_a_record_from_no_file_names_only_builtins(table: Path) -> None:
    with pytest.raises(NotationError) as e:
        replay(parse('[Variant "secret.toml"]\n[Seed "1"]\nhand 1\n'))
    assert str(e.value) == (
        "<text>:1:1: 'secret.toml' names a file, and this text has no folder of its own"
    )


def test_a_bare_name_is_looked_for_beside_the_record_not_in_the_current_folder(
    tmp_path: Path, table: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (table / "house").write_text('extends = "classic"\n[game]\ntarget = 3000\n')
    monkeypatch.chdir(table.parent)
    (table.parent / "house").write_text(SECRET)  # the current folder's, never read
    rec = table / "game.can"
    rec.write_text('[Variant "house"]\n[Seed "1"]\nhand 1\n')
    assert replay(parse(rec.read_text(), str(rec))).rules.target == 3000
    other = tmp_path / "elsewhere.can"
    other.write_text('[Variant "house"]\n[Seed "1"]\nhand 1\n')
    (table.parent / "house").unlink()
    with pytest.raises(NotationError) as e:
        replay(parse(other.read_text(), str(other)))
    assert e.value.message.startswith("no built-in variant 'house'")


def test_inside_files_and_allowed_folders_still_work(
    table: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (table / "rules").mkdir()
    (table / "rules" / "house.toml").write_text('extends = "classic"\n[game]\ntarget = 3000\n')
    rec = table / "game.can"
    rec.write_text('[Variant "rules/house.toml"]\n[Seed "1"]\nhand 1\n')
    code, _, err = run_cli(capsys, "replay", str(rec))
    assert (code, err) == (0, "")
    shared = table.parent / "shared"
    shared.mkdir()
    (shared / "base.toml").write_text('extends = "classic"\n')
    rec.write_text('[Variant "../shared/base.toml"]\n[Seed "1"]\nhand 1\n')
    code, _, err = run_cli(capsys, "replay", str(rec))
    assert code == 2 and OUTSIDE in err
    code, _, err = run_cli(capsys, "--allow-extends", str(shared), "replay", str(rec))
    assert (code, err) == (0, "")


def test_the_users_own_variant_option_is_not_confined(
    table: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--variant FILE`` is the user's choice on the command line, not a name from a file."""
    (table.parent / "mine.toml").write_text('extends = "classic"\n[game]\ntarget = 3000\n')
    rec = table / "game.can"
    rec.write_text('[Variant "../secret.toml"]\n[Seed "1"]\nhand 1\n')
    code, _, err = run_cli(capsys, "replay", str(rec), "--variant", str(table.parent / "mine.toml"))
    assert (code, err) == (0, "")


# ------------------------------------------------------------------------------ positions


@pytest.mark.parametrize(
    ("command", "example", "extra"),
    [
        ("ruling", "asking.pos", ["N ask yes discard 4s"]),
        ("moves", "asking.pos", []),
        ("score", "e3-end-of-hand.pos", []),
    ],
)
def test_a_position_naming_an_outside_file(
    command: str,
    example: str,
    extra: list[str],
    table: Path,
    opened: list[str],
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = (EXAMPLES / example).read_text()
    tag = next(ln for ln in text.splitlines() if ln.startswith("[Variant "))
    line = text.splitlines().index(tag) + 1
    pos = table / example
    for name, reason in hostile_names(table):
        pos.write_text(text.replace(tag, f'[Variant "{name}"]'))
        code, out, err = run_cli(capsys, command, str(pos), *extra)
        assert code == 2, (out, err)
        assert err.startswith(f"canasta: {shown(pos)}:{line}:1: ") and err.endswith(f"{reason}\n")
        no_leak(out + err)
    assert str(table.parent / "secret.toml") not in opened
    pos.write_text(text)
    code, out, err = run_cli(capsys, command, str(pos), *extra)
    assert code in (0, 1) and err == ""


# ------------------------------------------------------------------------------ play --resume


def test_play_resume_of_a_record_naming_an_outside_file(
    table: Path, opened: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    rec = table / "canasta-1.can"
    for name, reason in hostile_names(table):
        rec.write_text(f'[Event "canasta play"]\n[Variant "{name}"]\n[Seed "1"]\nhand 1\n')
        code, out, err = run_cli(capsys, "play", "--resume", str(rec), "--line")
        assert code == 2
        assert err == f"canasta: {shown(rec)}:2:1: {err.split(':2:1: ', 1)[1]}"
        assert err.endswith(f"{reason}\n")
        no_leak(out + err)
    assert str(table.parent / "secret.toml") not in opened


# ------------------------------------------------------------------------------ tally sheets


def test_a_tally_sheet_naming_an_outside_file(
    table: Path, opened: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    sheet = table / "sheet.toml"
    for name, reason in hostile_names(table):
        sheet.write_text(f'# a sheet\nvariant = "{name}"\nhands = []\n')
        with pytest.raises(TallyError) as e:
            Sheet.read(sheet)
        assert str(e.value).startswith(f"{shown(sheet)}:2: variant: ")
        assert str(e.value).endswith(reason)
        code, out, err = run_cli(capsys, "tally", "--sheet", str(sheet), "--print")
        assert (code, out) == (2, "")
        assert err == f"canasta: {e.value}\n"
        no_leak(err)
        assert sheet.read_text() == f'# a sheet\nvariant = "{name}"\nhands = []\n'  # unchanged
    assert str(table.parent / "secret.toml") not in opened


# ------------------------------------------------------------------------------ records written


def test_record_names_its_variant_file_as_the_replay_looks_for_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``canasta record FILE -o OUT`` names FILE relative to OUT (it wrote the path as given,
    which a replay read from OUT's folder, or, absolute, is now refused)."""
    (tmp_path / "rules").mkdir()
    house = tmp_path / "rules" / "house.toml"
    house.write_text('extends = "classic"\n[game]\ntarget = 3000\n')
    monkeypatch.chdir(tmp_path)
    beside = tmp_path / "rules" / "game.can"
    for given in (str(house), "rules/house.toml"):
        code, _, err = run_cli(capsys, "record", given, "--seed", "2", "-o", str(beside))
        assert (code, err) == (0, "")
        assert '[Variant "house.toml"]' in beside.read_text()
        code, _, err = run_cli(capsys, "replay", str(beside))
        assert (code, err) == (0, "")
    code, out, _ = run_cli(capsys, "record", "rules/house.toml", "--seed", "2")
    assert code == 0 and '[Variant "rules/house.toml"]' in out  # standard output: from here
