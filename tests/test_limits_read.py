"""The guarded reader (canasta_rules/limits.py, ``read_limited``): every reader of a file a person
names goes through it. Here, the gap between asking what a file is and opening it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from canasta_rules import limits

_SWAPPED = """
import os, stat, sys
from canasta_rules import limits
fifo = sys.argv[1]
regular = os.stat(sys.argv[2])
real_stat = os.stat
# The file was a regular file when it was looked at, and a FIFO by the time it is opened.
limits.os.stat = lambda p, *a, **k: regular if os.fspath(p) == fifo else real_stat(p, *a, **k)
print("ready", flush=True)
try:
    limits.read_limited(fifo, 1000)
except limits.ReadRefused as e:
    print(e)
"""


def test_a_file_swapped_for_a_fifo_after_the_look_is_refused_without_blocking(
    tmp_path: Path,
) -> None:
    """A FIFO put in a file's place between the look and the open would block the reader
    until a writer came; the open file is asked again what it is. A hang fails the test by its
    timeout (the child is started and ready before the clock runs)."""
    fifo = tmp_path / "game.can"
    os.mkfifo(fifo)
    plain = tmp_path / "plain.can"
    plain.write_text("x")
    with subprocess.Popen(
        [sys.executable, "-c", _SWAPPED, str(fifo), str(plain)],
        stdout=subprocess.PIPE,
        text=True,
    ) as proc:
        assert proc.stdout is not None
        assert proc.stdout.readline() == "ready\n"
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise
        assert proc.stdout.read() == "is a FIFO, not a regular file\n"


def test_a_regular_file_reads_as_before(tmp_path: Path) -> None:
    f = tmp_path / "a.toml"
    f.write_text("name = 'x'\n", encoding="utf-8")
    assert limits.read_limited(f, 100) == "name = 'x'\n"
    with pytest.raises(limits.ReadRefused, match="file too large"):
        limits.read_limited(f, 5)
