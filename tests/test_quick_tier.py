"""The quick tier (`pytest -m "not slow"`, tests/conftest.py): a sweep keeps its sampled
rulesets, and every test file keeps tests in it, so that it still exercises every module."""

from __future__ import annotations

import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest
from conftest import QUICK_SAMPLE, _in_sample

ROOT = Path(__file__).resolve().parent.parent


def test_a_sweep_keeps_the_sampled_rulesets() -> None:
    assert QUICK_SAMPLE == ("classic", "hand-and-foot", "modern-american")
    for kept in ("classic", "greedy-classic-4p", "random-hand-and-foot-4p", "modern-american"):
        assert _in_sample(kept), kept
    for left in ("hand-and-foot-six", "random-hand-and-foot-six-6p", "bicycle", "samba-4p"):
        assert not _in_sample(left), left


def test_every_test_file_keeps_quick_tests(request: pytest.FixtureRequest) -> None:
    """Of the tests collected with this one, each file has some that are not slow."""
    quick: dict[str, int] = defaultdict(int)
    for item in request.session.items:
        quick[item.nodeid.split("::")[0]] += item.get_closest_marker("slow") is None
    assert [f for f, n in quick.items() if n == 0] == []


def test_one_test_of_a_listed_file_runs_alone_by_its_node_id() -> None:
    """``pytest FILE::TEST`` of a file that SLOW names tests of: the other tests are not
    collected, which is not a stale name in the list."""
    node = "tests/test_fuzz_readers.py::test_the_harness_sees_a_leak"
    pytest = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-o", "addopts="]
    r = subprocess.run(
        [*pytest, "-q", "--collect-only", node],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert r.returncode == 0, r.stdout + r.stderr
    assert node in r.stdout
