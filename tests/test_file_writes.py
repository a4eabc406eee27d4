"""Writes keep what the user had (issue 27, point 3; canasta_rules/fileio.py): a rewritten file
keeps its mode and owner, a symbolic link is written through to its target, and a file with
other hard links is written whole, with a warning that the other names keep the old text."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import run_cli, shown

from canasta_rules import fileio
from canasta_rules.fileio import LinksBroken, write_text_atomic

EXAMPLES = Path(__file__).parent.parent / "docs" / "examples"


def untidy(path: Path) -> str:
    """A record not in canonical form, so that ``fmt -i`` has something to write."""
    text = (EXAMPLES / "concealed.can").read_text().replace("\nhand 1", "\n\n\nhand  1")
    path.write_text(text)
    return text


def mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


# ------------------------------------------------------------------------------ mode and owner


def test_fmt_in_place_keeps_a_private_mode(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rec = tmp_path / "private.can"
    old = untidy(rec)
    rec.chmod(0o600)
    code, _, err = run_cli(capsys, "fmt", "-i", str(rec))
    assert (code, err) == (0, "")
    assert rec.read_text() != old
    assert mode(rec) == 0o600


@pytest.mark.parametrize("command", ["record", "variants export"])
def test_out_keeps_a_private_mode(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "private.out"
    out.write_text("old\n")
    out.chmod(0o600)
    args = {
        "record": ["record", "classic", "--seed", "1", "--out", str(out)],
        "variants export": ["variants", "export", "classic", "--out", str(out)],
    }[command]
    code, _, err = run_cli(capsys, *args)
    assert (code, err) == (0, "")
    assert out.read_text() != "old\n"
    assert mode(out) == 0o600


def test_a_tally_sheet_keeps_a_private_mode(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheet = tmp_path / "sheet.toml"
    code, _, _ = run_cli(capsys, "tally", "--sheet", str(sheet), "--hand", "NS m 100; EW m 50")
    assert code == 0 and mode(sheet) == 0o666 & ~_umask()
    sheet.chmod(0o640)
    code, _, _ = run_cli(capsys, "tally", "--sheet", str(sheet), "--hand", "NS m 90; EW m 50")
    assert code == 0
    assert mode(sheet) == 0o640
    assert "NS m 90" in sheet.read_text()


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_a_new_file_follows_the_umask(tmp_path: Path) -> None:
    old = os.umask(0o077)
    try:
        write_text_atomic(tmp_path / "new.txt", "x\n")
    finally:
        os.umask(old)
    assert mode(tmp_path / "new.txt") == 0o600


def test_owner_and_group_are_kept_where_permitted(tmp_path: Path) -> None:
    f = tmp_path / "theirs.can"
    f.write_text("old\n")
    if os.geteuid() == 0:  # root may give the new file any owner: another user's stays theirs
        os.chown(f, 4242, 4343)
    before = os.stat(f)
    write_text_atomic(f, "new\n")
    after = os.stat(f)
    assert (after.st_uid, after.st_gid) == (before.st_uid, before.st_gid)
    assert f.read_text() == "new\n"


def test_without_the_owner_the_set_id_bits_are_dropped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the owner cannot be kept, the new file is this user's: it must not carry the old
    owner's set-user or set-group bit; the rest of the mode stays."""
    f = tmp_path / "theirs"
    f.write_text("old\n")
    f.chmod(0o6750)

    def refuse(path: str, uid: int, gid: int) -> None:
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(fileio.os, "stat", _other_owner(os.stat, f))
    monkeypatch.setattr(fileio.os, "chown", refuse)
    write_text_atomic(f, "new\n")
    assert mode(f) == 0o750


def _other_owner(real: object, target: Path) -> object:
    """``os.stat`` that says ``target`` belongs to another user."""

    def fake(path: str | os.PathLike[str], *a: object, **k: object) -> os.stat_result:
        st = real(path, *a, **k)  # type: ignore[operator]
        if Path(path) == target:
            fields = list(st)
            fields[stat.ST_UID] = st.st_uid + 1
            return os.stat_result(fields)
        return st  # type: ignore[no-any-return]

    return fake


# ------------------------------------------------------------------------------ symbolic links


def test_out_through_a_symlink_writes_its_target(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "store").mkdir()
    target = tmp_path / "store" / "game.can"
    target.write_text("old\n")
    target.chmod(0o600)
    link = tmp_path / "latest.can"
    link.symlink_to(Path("store") / "game.can")  # a relative link, resolved from its folder
    code, _, err = run_cli(capsys, "record", "classic", "--seed", "1", "--out", str(link))
    assert (code, err) == (0, "")
    assert link.is_symlink() and os.readlink(link) == str(Path("store") / "game.can")
    assert target.read_text().startswith('[Event "greedy bots, seed 1"]')
    assert mode(target) == 0o600
    assert sorted(os.listdir(tmp_path / "store")) == ["game.can"]  # no temporary file left


def test_fmt_in_place_through_a_symlink(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "real.can"
    old = untidy(target)
    link = tmp_path / "link.can"
    link.symlink_to(target)
    code, _, err = run_cli(capsys, "fmt", "-i", str(link))
    assert (code, err) == (0, "")
    assert link.is_symlink()
    assert target.read_text() != old and "hand 1" in target.read_text()


def test_a_dangling_symlink_creates_its_target(tmp_path: Path) -> None:
    link = tmp_path / "link.toml"
    link.symlink_to(tmp_path / "made.toml")
    write_text_atomic(link, "x\n")
    assert link.is_symlink() and (tmp_path / "made.toml").read_text() == "x\n"


def test_a_symlink_loop_is_an_error_not_a_crash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a, b = tmp_path / "a.can", tmp_path / "b.can"
    a.symlink_to(b)
    b.symlink_to(a)
    code, _, err = run_cli(capsys, "record", "classic", "--out", str(a))
    assert code == 2
    assert err == f"canasta: {shown(a)}: cannot write: Too many levels of symbolic links\n"


def test_out_to_standard_output_appends_where_the_shell_appends(tmp_path: Path) -> None:
    """``--out /dev/stdout >> log`` names an open descriptor: written in place, after what the
    log held, not by replacing the log."""
    log = tmp_path / "log.txt"
    log.write_text("earlier\n")
    with open(log, "a") as f:
        subprocess.run(
            [sys.executable, "-m", "canasta_rules", "record", "classic", "--seed", "1", "--out",
             "/dev/stdout"],
            stdout=f,
            check=True,
            timeout=120,
        )  # fmt: skip
    text = log.read_text()
    assert text.startswith("earlier\n[Event ")


# ------------------------------------------------------------------------------ hard links


def test_a_hard_linked_file_is_written_whole_and_the_user_told(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rec = tmp_path / "game.can"
    old = untidy(rec)
    rec.chmod(0o600)
    other = tmp_path / "copy.can"
    os.link(rec, other)
    code, _, err = run_cli(capsys, "fmt", "-i", str(rec))
    assert code == 0
    assert err == (
        f"canasta: warning: {shown(rec)} had 1 other hard link: it was written whole as a new "
        "file, and the other name keeps the old text\n"
    )
    assert other.read_text() == old and rec.read_text() != old
    assert os.stat(rec).st_nlink == 1 and mode(rec) == 0o600


def test_the_library_warns_with_its_own_category(tmp_path: Path) -> None:
    f = tmp_path / "a"
    f.write_text("old")
    os.link(f, tmp_path / "b")
    os.link(f, tmp_path / "c")
    with pytest.warns(LinksBroken, match="had 2 other hard links: .* the other names keep"):
        write_text_atomic(f, "new")
    assert (tmp_path / "b").read_text() == (tmp_path / "c").read_text() == "old"


def test_a_play_record_keeps_a_private_mode(tmp_path: Path) -> None:
    rec = tmp_path / "game.can"

    def play(*args: str, moves: str) -> None:
        subprocess.run(
            [sys.executable, "-m", "canasta_rules", "play", "--line", *args],
            input=moves,
            capture_output=True,
            text=True,
            check=True,
            timeout=120,
        )

    play("--seed", "1", "--record", str(rec), moves="quit\n")
    before = rec.read_text()
    rec.chmod(0o600)
    play("--resume", str(rec), moves="draw\nquit\n")
    assert rec.read_text() != before  # the draw was written
    assert mode(rec) == 0o600
