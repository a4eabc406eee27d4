"""The command line under faults (issue 14, point 5): Ctrl-C, failed writes, special files named
as input, and options that mean nothing. Each ends with one line and a clear exit status."""

from __future__ import annotations

import errno
import os
import signal
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import run_cli, shown

from canasta_rules import fileio

EXAMPLES = Path(__file__).parent.parent / "docs" / "examples"
CANASTA = [sys.executable, "-c", "from canasta_rules.cli import main; main()"]


def canasta(*args: str, timeout: float = 60, **kw: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*CANASTA, *args], capture_output=True, text=True, timeout=timeout, check=False, **kw
    )


# ------------------------------------------------------------------------------ Ctrl-C


def _children(pid: int) -> list[int]:
    out = []
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(d))
    return out


def _workers(pid: int) -> list[int]:
    out = []
    for c in _children(pid):
        try:
            with open(f"/proc/{c}/cmdline", "rb") as f:
                if b"spawn_main" in f.read():
                    out.append(c)
        except OSError:
            continue
    return out


def _alive(pid: int) -> bool:
    """Running, not a zombie waiting for its parent to collect it."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.parametrize(
    ("args", "whole_group"),
    [
        (["simulate", "classic", "-n", "100000", "-j", "2"], False),
        (["check", "classic", "-n", "1000000", "-j", "2", "--no-shrink"], True),
    ],
)
def test_ctrl_c_stops_a_jobs_2_run(args: list[str], whole_group: bool, tmp_path: Path) -> None:
    """SIGINT to the command alone, or to its whole process group as a terminal's Ctrl-C sends
    it: exit 130, one line, and every worker process gone."""
    p = subprocess.Popen(
        [*CANASTA, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and len(_workers(p.pid)) < 2:
            time.sleep(0.2)
        assert len(_workers(p.pid)) == 2, "the workers never started"
        time.sleep(1.0)  # let them get into their games
        workers = _children(p.pid)  # the workers, and multiprocessing's resource tracker
        if whole_group:
            os.killpg(p.pid, signal.SIGINT)
        else:
            p.send_signal(signal.SIGINT)
        _, err = p.communicate(timeout=30)
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
    assert p.returncode == 130
    assert err == "canasta: interrupted\n"
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(_alive(w) for w in workers):
        time.sleep(0.1)
    assert [w for w in workers if _alive(w)] == []


# ------------------------------------------------------------------------------ failed writes


@pytest.mark.parametrize(
    "args",
    [
        ["record", "classic", "--out", "/dev/full"],
        ["variants", "export", "classic", "--out", "/dev/full"],
        ["variants", "schema", "--out", "/dev/full"],
        ["rules", "classic", "--out", "/dev/full"],
    ],
)
def test_disk_full(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(capsys, *args)
    assert code == 2
    assert err == "canasta: /dev/full: cannot write: No space left on device\n"
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)  # written to, never replaced


@pytest.mark.parametrize("args", [["variants", "schema"], ["record", "classic"]])
def test_standard_output_on_a_full_disk(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        r = subprocess.run(
            [*CANASTA, *args],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            check=False,
        )
    assert r.returncode == 2
    assert r.stderr == "canasta: standard output: cannot write: No space left on device\n"


def test_writing_to_a_device_that_takes_it(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(capsys, "variants", "schema", "--out", "/dev/null")
    assert (code, err) == (0, "")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_disk_full_on_a_regular_file_keeps_the_old_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "classic.toml"
    target.write_text("the old file\n")
    real = os.fdopen

    class Full:
        def __init__(self, fd: int, mode: str):
            self.f = real(fd, mode)

        def __enter__(self) -> Full:
            return self

        def __exit__(self, *exc: object) -> None:
            self.f.close()

        def write(self, data: bytes) -> int:
            self.f.write(data[:100])
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(fileio.os, "fdopen", Full)
    code, _, err = run_cli(capsys, "variants", "export", "classic", "--out", str(target))
    assert code == 2
    assert err == f"canasta: {target}: cannot write: No space left on device\n"
    assert target.read_text() == "the old file\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["classic.toml"]


@pytest.fixture
def read_only_dir(tmp_path: Path) -> Iterator[Path]:
    """A folder nobody may create files in. Root ignores file modes, so when a mode-0555 folder
    still takes files, /sys (read-only for everyone) stands in."""
    ro = tmp_path / "ro"
    ro.mkdir()
    (ro / "old.can").write_text("old\n")
    ro.chmod(0o555)
    try:
        probe = ro / "probe"
        try:
            probe.write_text("")
        except PermissionError:
            yield ro
        else:
            probe.unlink()
            yield Path("/sys")
    finally:
        ro.chmod(0o755)


def test_read_only_folder(read_only_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = sorted(os.listdir(read_only_dir))
    target = read_only_dir / "old.can"
    code, _, err = run_cli(capsys, "record", "classic", "--out", str(target))
    assert code == 2
    assert err == f"canasta: {target}: cannot write: Permission denied\n"
    assert sorted(os.listdir(read_only_dir)) == before
    if (read_only_dir / "old.can").exists():
        assert (read_only_dir / "old.can").read_text() == "old\n"


@pytest.mark.parametrize("command", ["record", "fmt", "variants export"])
def test_read_only_file_is_refused_not_replaced(
    command: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A file its owner made read-only (mode 0444), in a folder that takes new files: the rename
    that writes files whole would replace it, so it is refused first, as the shell's '>' refuses
    it, and left as it was. Root may write any file (and the test's Python is not reachable by
    another user), so as root the permission check answers as it would for its owner."""
    target = tmp_path / "old.can"
    old = (EXAMPLES / "concealed.can").read_text().replace("\nhand 1", "\n\n\nhand  1")
    target.write_text(old)  # not in canonical form, so that fmt -i has something to write
    target.chmod(0o444)
    if os.geteuid() == 0:
        real = os.access
        monkeypatch.setattr(
            fileio.os,
            "access",
            lambda p, mode: not (Path(p) == target and mode & os.W_OK) and real(p, mode),
        )
    args = {
        "record": ["record", "classic", "--out", str(target)],
        "fmt": ["fmt", "-i", str(target)],
        "variants export": ["variants", "export", "classic", "--out", str(target)],
    }[command]
    code, _, err = run_cli(capsys, *args)
    assert (code, err) == (2, f"canasta: {target}: cannot write: Permission denied\n")
    assert target.read_text() == old
    assert stat.S_IMODE(target.stat().st_mode) == 0o444
    assert os.listdir(tmp_path) == ["old.can"]


@pytest.mark.parametrize("where", ["missing", "read-only"])
def test_plot_into_a_folder_that_cannot_take_it(
    where: str, tmp_path: Path, read_only_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "nowhere" if where == "missing" else read_only_dir
    png = folder / "plot.png"
    code, _, err = run_cli(capsys, "simulate", "classic", "-n", "2", "--plot", str(png))
    assert code == 2
    why = "No such file or directory" if where == "missing" else "Permission denied"
    assert err == f"canasta: {png}: cannot write: {why}\n"


def test_plot_in_a_format_that_cannot_be_drawn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "plot.docx"
    code, _, err = run_cli(capsys, "simulate", "classic", "-n", "2", "--plot", str(out))
    assert code == 2
    assert err == f"canasta: --plot {shown(out)}: cannot draw a .docx file; use .png or .svg\n"
    assert not out.exists()


# ------------------------------------------------------------------------------ special input


def test_fifo_named_in_a_variant_tag(tmp_path: Path) -> None:
    """Refused at once: opening the FIFO would wait for a writer forever."""
    os.mkfifo(tmp_path / "rules.toml")
    rec = tmp_path / "game.can"
    rec.write_text('[Variant "rules.toml"]\n[Seed "1"]\nhand 1\n')
    r = canasta("replay", str(rec), timeout=30)
    assert r.returncode == 2
    assert r.stderr == f"canasta: {shown(tmp_path / 'rules.toml')}: is a FIFO, not a regular file\n"


@pytest.mark.parametrize("command", ["replay", "score", "fmt", "check --replay"])
def test_fifo_named_as_a_record(command: str, tmp_path: Path) -> None:
    fifo = tmp_path / "game.can"
    os.mkfifo(fifo)
    r = canasta(*command.split(), str(fifo), timeout=30)
    assert r.returncode == 2
    assert r.stderr == f"canasta: {shown(fifo)}: is a FIFO, not a regular file\n"


def test_device_named_in_a_variant_tag(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Refused by the confinement rule (an absolute path), and where /dev is allowed, by the
    reader, which does not open a device."""
    rec = tmp_path / "game.can"
    rec.write_text('[Variant "/dev/zero"]\n[Seed "1"]\nhand 1\n')
    code, _, err = run_cli(capsys, "replay", str(rec))
    assert code == 2
    assert err == (
        f"canasta: {shown(rec)}:1:1: '/dev/zero' is an absolute path; see --allow-extends\n"
    )
    code, _, err = run_cli(capsys, "--allow-extends", "/dev", "replay", str(rec))
    assert code == 2
    assert err == "canasta: /dev/zero: is a character device, not a regular file\n"


@pytest.mark.parametrize(
    "args", [["variants", "show", "/dev/zero"], ["check", "/dev/urandom"], ["rules", "/dev/zero"]]
)
def test_device_named_as_a_variant(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(capsys, *args)
    assert code == 2
    assert err == f"canasta: {args[-1]}: is a character device, not a regular file\n"


@pytest.mark.parametrize("command", ["replay", "fmt", "score"])
def test_non_utf8_record(command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = tmp_path / "game.can"
    rec.write_bytes(b'[Event "caf\xe9"]\n')
    code, _, err = run_cli(capsys, command, str(rec))
    assert code == 2
    assert err == f"canasta: {rec}: not UTF-8 text (byte 11)\n"


def test_non_utf8_variant(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "house.toml"
    f.write_bytes(b'title = "caf\xe9"\n')
    code, out, _ = run_cli(capsys, "variants", "validate", str(f))
    assert code == 2
    assert out == f"{f}: not UTF-8 text (byte 12)\n"


# ------------------------------------------------------------------------------ options


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["check", "classic", "-n", "0"], "canasta: --games must be at least 1, not 0"),
        (
            ["replay", "--at", "1.99999", str(EXAMPLES / "concealed.can")],
            f"canasta: {EXAMPLES / 'concealed.can'}: hand 1 has 1 turn, so there is no turn 99999 "
            "(use --at 1.1 for the hand's last position)",
        ),
        (
            ["replay", "--at", "0.1", str(EXAMPLES / "concealed.can")],
            "canasta replay: Invalid value for --at: hands are numbered from 1",
        ),
        (
            ["replay", "--at", "1." + "9" * 5000, str(EXAMPLES / "concealed.can")],
            "canasta replay: Invalid value for --at: use HAND.TURN, for example 2.14",
        ),
        (
            ["record", "classic", "--seed", "-1"],
            "canasta record: Invalid value for --seed: must be from 0 to 2^63-1, not -1",
        ),
        (
            ["record", "classic", "--seed", str(2**64)],
            f"canasta record: Invalid value for --seed: must be from 0 to 2^63-1, not {2**64}",
        ),
        (
            ["fmt", "-i", "--check", str(EXAMPLES / "concealed.can")],
            "canasta fmt: Invalid value for -i: use one of --in-place and --check, not both",
        ),
    ],
)
def test_meaningless_options(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_cli(capsys, *args)
    assert (code, out) == (2, "")
    [line] = err.splitlines()
    assert line.startswith(message), line


def test_ctrl_c_on_a_dask_run_cancels_its_games() -> None:
    """With --scheduler, an interrupted run leaves none of its games on the cluster (they are
    cancelled, and the client that held them is closed)."""
    from distributed import Client, LocalCluster

    from canasta_rules.check.parallel import run_tasks

    def interrupt(i: int) -> None:
        raise KeyboardInterrupt

    with LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        with pytest.raises(KeyboardInterrupt):
            run_tasks(
                time.sleep, [0.0] + [0.5] * 20, scheduler=cluster.scheduler_address, done=interrupt
            )
        with Client(cluster.scheduler_address, set_as_default=False) as client:
            deadline = time.monotonic() + 20
            left = -1
            while time.monotonic() < deadline:
                left = client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks))
                if left == 0:
                    break
                time.sleep(0.1)
    assert left == 0


@pytest.mark.parametrize(
    ("address", "reason"),
    [
        ("not-an-address", "missing port number in address 'not-an-address'"),
        ("tls://127.0.0.1:1", "TLS expects a `ssl_context` argument"),
    ],
)
def test_a_scheduler_address_that_cannot_be_used(address: str, reason: str) -> None:
    """One line and exit 2, and nothing after it: the half-made Dask client used to wait 20 s
    at exit and print a traceback (issue 27, point 5). In a process of its own, since the
    traceback came at the interpreter's exit."""
    r = canasta("check", "classic", "-n", "2", "--scheduler", address, timeout=120)
    assert r.returncode == 2
    assert r.stderr.startswith(f"canasta: --scheduler {address}: cannot connect: {reason}")
    assert r.stderr.count("\n") == 1, r.stderr
    assert r.stdout == ""
