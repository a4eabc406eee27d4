"""``canasta_rules.testing``: the strategies, the helpers, and the pytest plugin as users load it.

The plugin is tested in a fresh pytest process, as a user's test suite would load it: with
``-p canasta_rules.testing``, which is what the ``pytest11`` entry point does for an installed
package (the entry point is named after the module, so giving both is harmless).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canasta_rules.engine import deal, legal_moves, rules_for
from canasta_rules.engine.state import Phase, State
from canasta_rules.testing import (
    PARAMETERS,
    RULE_ENDS,
    PlayedHand,
    assert_consistent,
    deals,
    games,
    hands,
    play_checked,
    positions,
    resolve,
    variants,
)
from canasta_rules.variant import Variant, load_variant
from canasta_rules.variant.compare import differences

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "examples" / "house-rules"
FEW = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ------------------------------------------------------------------------------ strategies


@FEW
@given(variant=variants(max_changes=2))
def test_variants_change_a_few_known_parameters(variant: Variant) -> None:
    keys = [k for k, _, _ in differences(load_variant("classic"), variant)]
    changed = {p for p in PARAMETERS if any(k == p or k.startswith(p + ".") for k in keys)}
    assert len(changed) <= 2
    assert all(any(k == p or k.startswith(p + ".") for p in changed) for k in keys)
    assert variant.name in ("classic", "classic-varied")
    assert variant.name == "classic-varied" or not changed


@FEW
@given(variant=variants(vary=["draw.count"], max_changes=1))
def test_variants_vary_only_what_is_asked(variant: Variant) -> None:
    assert [k for k, _, _ in differences(load_variant("classic"), variant)] in ([], ["draw.count"])


def test_variants_rejects_an_unknown_parameter() -> None:
    with pytest.raises(ValueError, match=r"cannot vary melds\.min_size"):
        variants(vary=["melds.min_size"])


@FEW
@given(state=deals("novice"))
def test_deals_are_fresh_consistent_hands(state: State) -> None:
    assert_consistent(state)
    r = state.rules
    assert r.players in (2, 3, 4)
    assert state.moves == 0 and not state.over
    assert all(n == r.hand_size for n in state.hand_len)
    assert all(x % 5 == 0 and -1000 <= x < r.target for x in state.scores)


@FEW
@given(state=positions("classic", max_moves=60))
def test_positions_are_live(state: State) -> None:
    assert not state.over and legal_moves(state)
    assert_consistent(state)


@FEW
@given(hand=hands("two-hand"))
def test_hands_end_by_a_rule(hand: PlayedHand) -> None:
    assert hand.end is not None and hand.end.end_reason in RULE_ENDS
    assert hand.rules.players == 2 and len(hand.moves) == hand.end.moves


@settings(max_examples=3, deadline=None)
@given(result=games("online-3000"))
def test_games_end_by_the_target_or_the_guard(result: object) -> None:
    from canasta_rules.engine import GameResult

    assert isinstance(result, GameResult)
    assert result.reason in ("target", "max_hands")
    assert result.reason == "max_hands" or max(result.scores) >= 3000


@FEW
@given(variant=variants(vary=["black_threes.discarded", "going_out.canastas"]), data=st.data())
def test_strategies_take_a_strategy_of_variants(variant: Variant, data: st.DataObject) -> None:
    hand = data.draw(hands(st.just(variant)))
    assert hand.start.rules.variant is variant


def _dealt(seed: int) -> State:
    return deal(rules_for(load_variant("classic")), seed)


def test_assert_consistent_names_every_problem() -> None:
    s = _dealt(1)
    assert_consistent(s)
    s.hands[0][0] += 1  # a card from nowhere
    with pytest.raises(AssertionError, match=r"inconsistent state:\ncard count: 2c appears"):
        assert_consistent(s)


def test_play_checked_plays_to_the_end() -> None:
    s = _dealt(2)
    moves = play_checked(s, lambda state, legal: legal[-1])
    assert s.over and len(moves) == s.moves
    t = _dealt(3)
    assert len(play_checked(t, max_moves=5)) == 5 and t.phase != Phase.OVER


def test_resolve_accepts_names_files_and_variants(tmp_path: Path) -> None:
    v = load_variant("bicycle")
    assert resolve(v) is v
    assert resolve("classic", ["draw.count=2"]).draw.count == 2
    assert resolve(EXAMPLE / "thursday-club.toml").name == "thursday-club"
    with pytest.raises(TypeError):
        resolve(v, ["draw.count=2"])


# ------------------------------------------------------------------------------ the plugin


def test_pyproject_registers_the_plugin() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    entry = data["project"]["entry-points"]["pytest11"]
    assert entry == {"canasta_rules.testing": "canasta_rules.testing"}
    assert "matplotlib>=3.7" in data["project"]["optional-dependencies"]["test"]
    assert "dask[distributed]>=2024.1" in data["project"]["optional-dependencies"]["test"]


def _pytest(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PYTEST_ADDOPTS", None)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "canasta_rules.testing", "-p", "no:cacheprovider",
         "-q", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )  # fmt: skip


def test_the_documented_example_passes(tmp_path: Path) -> None:
    work = tmp_path / "house-rules"
    shutil.copytree(EXAMPLE, work)
    done = _pytest(work)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "5 passed" in done.stdout


def test_the_fixtures_read_the_options(tmp_path: Path) -> None:
    shutil.copy(EXAMPLE / "thursday-club.toml", tmp_path / "house.toml")
    (tmp_path / "pytest.ini").write_text(
        "[pytest]\ncanasta_variant = house.toml\ncanasta_sets =\n    game.target=3000\n"
    )
    (tmp_path / "test_fixtures.py").write_text(
        "def test_the_configured_ruleset(canasta_variant, canasta_check):\n"
        "    assert canasta_variant.name == 'thursday-club'\n"
        "    assert canasta_variant.game.target == 3000\n"
        "    report = canasta_check(games=4)\n"
        "    assert report.variant.game.target == 3000 and report.consistent\n"
        "    assert len(report.outcomes) == 4\n"
        "    assert canasta_check('classic', 'draw.count=2', games=2).variant.draw.count == 2\n"
    )
    done = _pytest(tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 passed" in done.stdout
    (tmp_path / "test_fixtures.py").write_text(
        "def test_the_command_line_wins(canasta_variant):\n"
        "    assert canasta_variant.name == 'two-hand'\n"
    )
    done = _pytest(tmp_path, "--canasta-variant", "two-hand")
    assert done.returncode == 0, done.stdout + done.stderr
    help_text = _pytest(tmp_path, "--help").stdout
    assert "--canasta-variant=VARIANT|FILE" in help_text and "canasta_variant" in help_text
