"""The quick tier (`pytest -m "not slow"`, tests/conftest.py): a sweep keeps its sampled
rulesets, and every test file keeps tests in it, so that it still exercises every module."""

from __future__ import annotations

from collections import defaultdict

import pytest
from conftest import QUICK_SAMPLE, _in_sample


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
