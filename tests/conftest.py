"""Test settings shared by the whole suite.

Hypothesis runs derandomized by default, so that a CI run is reproducible: the property tests and
fuzzers explore the same examples every time. To explore new ones, run
``pytest --hypothesis-profile=explore`` (random seeds, more examples).
"""

from __future__ import annotations

import re

import pytest
from hypothesis import settings

settings.register_profile("default", derandomize=True, deadline=None)
settings.register_profile("explore", derandomize=False, deadline=None, max_examples=500)
settings.load_profile("default")


# --------------------------------------------------------------------------------------------
# The quick tier: `pytest -m "not slow"` (README.md gives both commands and their times)
#
# Every test file keeps tests in the quick tier, so that it still exercises every module of the
# package; what it leaves to the whole suite is chosen by measurement (`pytest --durations=50`):
# the sweeps that repeat a test for every built-in ruleset keep a sample of rulesets, and the
# few tests that play many whole games, start many processes or fuzz at length are slow.

QUICK_SAMPLE: tuple[str, ...] = ("classic", "hand-and-foot", "modern-american")
"""The rulesets a sweep keeps in the quick tier: the classic game, a foot (Hand and Foot) and
special ranks with wild-card canastas (Modern American), the engine's three families of rules."""

SWEEPS: tuple[str, ...] = (
    "tests/test_engine_properties.py::test_random_hands_keep_every_invariant",
    "tests/test_engine_properties.py::test_any_move_refusal_accepts_keeps_every_invariant",
    "tests/test_engine_properties.py::test_same_seed_same_hand",
    "tests/test_openspiel.py::test_random_sim_test_passes",
    "tests/test_openspiel.py::test_every_legal_move_has_its_own_action",
    "tests/test_source_labels.py::test_no_output_of_a_builtin_names_a_source_file",
    "tests/test_check.py::test_every_builtin_variant_passes",
    "tests/test_play_line.py::test_every_move_typed_as_text_in_every_builtin_variant",
    "tests/test_bots.py::test_strategy_bot_plays_whole_games_legally",
    "tests/test_schema.py::test_export_passes_the_schema_and_names_it",
    "tests/test_schema.py::test_builtin_passes_the_schema",
)
"""Tests parametrized by built-in ruleset: only the QUICK_SAMPLE cases are quick."""

SLOW: dict[str, tuple[str, ...]] = {
    # a test: the parameter ids it keeps in the quick tier (none: every case is slow)
    "tests/test_variant_properties.py::test_invalid_mutation_is_rejected_at_the_mutated_key": (
        "unknown key",
        "wrong type",
    ),
    "tests/test_variant_properties.py::test_valid_variant_survives_file_and_export": (),
    "tests/test_variant_properties.py::test_extends_plus_overrides_is_the_merge": (),
    "tests/test_notation.py::test_written_games_replay_to_the_same_states_and_scores": (),
    "tests/test_testing_plugin.py::test_the_fixtures_read_the_options": (),
    "tests/test_testing_plugin.py::test_the_documented_example_passes": (),
    "tests/test_openspiel.py::test_ismcts_plays_a_hand_against_the_strategy_bot": (),
    "tests/test_check.py::test_a_broken_engine_is_caught_shrunk_and_recorded": ("lose_a_card",),
    "tests/test_check.py::test_results_depend_on_the_seed_only": (),
    "tests/test_play_app.py::test_a_whole_hand_through_the_app": (),
    "tests/test_hostile_cli.py::test_fifo_named_as_a_record": ("replay",),
    "tests/test_hostile_cli.py::test_plot_into_a_folder_that_cannot_take_it": (),
    "tests/test_hostile_cli.py::test_ctrl_c_stops_a_jobs_2_run": (),
    "tests/test_hostile_cli.py::test_ctrl_c_on_a_dask_run_cancels_its_games": (),
    "tests/test_play_line.py::test_stop_and_resume_gives_the_same_game": (),
    "tests/test_play_line.py::test_bad_options_are_one_line": (),
    "tests/test_play_line.py::test_whole_game_from_a_script_replays_to_the_same_scores": (),
    "tests/test_play_app.py::test_resume_in_the_app": (),
    "tests/test_play_app.py::test_hot_seat_hides_the_hand_between_turns": (),
    "tests/test_bots.py::test_simulation_shows_the_rules_firing": (),
    "tests/test_cli_start.py::test_quick_commands_leave_heavy_modules_alone": (),
    "tests/test_docs.py::test_index_quick_start_runs_top_to_bottom_on_a_fresh_clone": (),
    "tests/test_family_modern_american.py::"
    "test_a_random_bot_game_is_recorded_and_replays_identically": (),
    "tests/test_simulate.py::test_jobs_give_byte_identical_json": (),
    "tests/test_simulate.py::test_plot_draws_a_png": (),
    "tests/test_family_modern_american_threes.py::"
    "test_check_finds_no_violation_with_every_key_on": (),
    "tests/test_family_modern_american_threes.py::"
    "test_random_variants_with_these_keys_play_and_keep_every_invariant": (),
    "tests/test_permission_required.py::test_bot_games_stay_consistent": (),
    "tests/test_fuzz_readers.py::test_a_wrong_type_at_every_key_is_reported_at_that_line": (),
    "tests/test_fuzz_readers.py::test_mutated_records": (),
    "tests/test_fuzz_readers.py::test_mutated_variant_files": (),
}
"""Tests measured slow, by node id without parameters."""


def _in_sample(param_id: str) -> bool:
    """Whether a sweep's case names a sampled ruleset (``classic``, ``greedy-classic-4p``)."""
    return any(
        re.fullmatch(rf"(?:[a-z]+-)?{re.escape(v)}(?:-\d+p)?", param_id) for v in QUICK_SAMPLE
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the slow tests (SWEEPS and SLOW above). A name in those lists that no collected
    test of its file has is an error, so that a renamed test cannot leave the list unseen."""
    seen: set[str] = set()
    files = {item.nodeid.split("::")[0] for item in items}
    for item in items:
        base, _, param = item.nodeid.partition("[")
        param = param.removesuffix("]")
        if base in SWEEPS:
            seen.add(base)
            if not _in_sample(param):
                item.add_marker(pytest.mark.slow)
        elif base in SLOW:
            seen.add(base)
            if param not in SLOW[base]:
                item.add_marker(pytest.mark.slow)
    stale = [n for n in (*SWEEPS, *SLOW) if n.split("::")[0] in files and n not in seen]
    chosen = any("::" in str(a) for a in config.args)  # tests picked by node id: not the file's
    if (
        stale
        and not chosen
        and not config.getoption("keyword")
        and not config.getoption("markexpr", "")
    ):
        raise pytest.UsageError(f"tests/conftest.py names tests that do not exist: {stale}")
