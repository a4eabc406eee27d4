"""``canasta simulate``: whole games with statistics, the same for a seed wherever they run."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers import run_cli

from canasta_rules.bots import make_bot
from canasta_rules.engine import Game
from canasta_rules.simulate import EVENTS, HAND_ENDS, distribution, play_game, simulate
from canasta_rules.variant import load_variant

ROOT = Path(__file__).resolve().parent.parent
HOUSE = ROOT / "docs" / "examples" / "house-rules" / "thursday-club.toml"


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    return run_cli(capsys, *args)


def sim_json(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[str, Any]:
    code, out, err = run(["simulate", *args, "--json"], capsys)
    assert code == 0 and err == ""
    return out, json.loads(out)


def test_jobs_give_byte_identical_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["classic", "--games", "10", "--seed", "42", "--bots", "random"]
    one, data = sim_json([*args, "--jobs", "1"], capsys)
    two, _ = sim_json([*args, "--jobs", "2"], capsys)
    assert one == two
    assert data["games"] == 10 and data["seed"] == 42 and data["bots"] == "random"
    other, _ = sim_json(["classic", "--games", "10", "--seed", "43", "--bots", "random"], capsys)
    assert other != one


def test_a_dask_cluster_gives_the_same_results(capsys: pytest.CaptureFixture[str]) -> None:
    """A local cluster started here stands in for a real one: same seed, same JSON."""
    from distributed import LocalCluster

    sim = ["simulate", "two-hand", "--games", "6", "--seed", "9", "--json"]
    check = ["check", "two-hand", "--games", "12", "--json"]
    _, here, _ = run(sim, capsys)
    _, checked_here, _ = run(check, capsys)
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        where = ["--scheduler", cluster.scheduler_address]
        code, there, _ = run([*sim, *where], capsys)  # the cluster may log to stderr
        assert code == 0
        code, checked_there, _ = run([*check, *where], capsys)
        assert code == 0
    assert json.loads(here)["games"] == 6
    assert there == here
    assert checked_there == checked_here


def test_an_unreachable_scheduler_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        ["simulate", "classic", "--games", "2", "--scheduler", "nonsense://x"], capsys
    )
    assert code == 2 and out == ""
    assert "--scheduler nonsense://x: cannot connect: unknown address scheme" in err


@pytest.mark.parametrize(("name", "bots"), [("classic", "greedy"), ("three-hand", "random")])
def test_a_simulated_game_is_the_game_game_play_plays(name: str, bots: str) -> None:
    v = load_variant(name)
    for seed in (1, 2):
        stats = play_game(v, None, bots, seed)
        result = Game(v, seed).play(make_bot(bots, seed))
        assert stats.totals == result.scores
        assert stats.winner == result.winner and stats.end == result.reason
        assert stats.hands == len(result.hands)
        assert stats.moves == [len(h.moves) for h in result.hands]
        assert stats.hand_scores == [sc.total for h in result.hands for sc in h.score]


def test_statistics_add_up() -> None:
    st = simulate("classic", games=12, seed=3, bots="random").stats()
    hands = st["hands"]
    assert st["games"] == 12 and st["hands_per_game"]["n"] == 12
    assert st["hands_per_game"]["mean"] * 12 == pytest.approx(hands)
    assert sum(e["count"] for e in st["hand_ends"].values()) == hands
    assert sum(e["share"] for e in st["hand_ends"].values()) == pytest.approx(1, abs=1e-3)
    assert sum(st["wins"].values()) == 12
    assert st["game_ends"]["target"] + st["game_ends"]["max_hands"] == 12
    assert st["hand_score"]["n"] == 2 * hands  # two sides
    assert st["winner_total"]["min"] >= 5000 or st["game_ends"]["max_hands"]
    assert list(st["rules_fired"]) == list(EVENTS) and list(st["hand_ends"]) == list(HAND_ENDS)
    assert 0 <= st["first_player"]["hands_won"] <= 1


def test_rules_fire_where_the_ruleset_has_them() -> None:
    """Specific outcomes: each counter moves with the rule behind it."""
    classic = simulate("classic", games=6, seed=1, bots="random").stats()["rules_fired"]
    online = simulate("online", games=6, seed=1, bots="random").stats()["rules_fired"]
    # Asking partner exists at a partnership table under classic; online is two players.
    assert classic["permission_asked"]["count"] > 0
    assert classic["permission_asked"]["count"] == (
        classic["permission_granted"]["count"] + classic["permission_refused"]["count"]
    )
    assert online["permission_asked"]["count"] == 0
    # Forced pickups need stock_out.kind = pile_play (classic), not last_turn (online).
    assert classic["forced_pickup"]["count"] > 0 and online["forced_pickup"]["count"] == 0
    # The greedy bot never discards a wild card, so only a black three can freeze by discard,
    # and only where black_threes.discarded = "freeze" (bicycle).
    greedy_classic = simulate("classic", games=4, seed=1, bots="greedy").stats()["rules_fired"]
    greedy_bicycle = simulate("bicycle", games=4, seed=1, bots="greedy").stats()["rules_fired"]
    assert greedy_classic["pile_frozen_by_discard"]["count"] == 0
    assert greedy_bicycle["pile_frozen_by_discard"]["count"] > 0


def test_vs_puts_two_rulesets_side_by_side(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        ["simulate", "classic", "--vs", str(HOUSE), "--games", "6", "--seed", "2"], capsys
    )
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "6 games, strategy bots at every seat, 4 players, seed 2"
    assert f"thursday-club: {HOUSE}" in lines
    header = next(ln for ln in lines if "difference" in ln)
    assert header.split() == ["classic", "thursday-club", "difference"]
    assert any(ln.startswith("hands per game: mean") for ln in lines)
    _, data = sim_json(["classic", "--vs", str(HOUSE), "--games", "6", "--seed", "2"], capsys)
    assert set(data) == {"a", "b"}
    assert data["a"]["variant"] == "classic" and data["b"]["variant"] == "thursday-club"
    # The house needs two canastas to go out: more canastas are made in each hand.
    assert data["b"]["canastas_per_hand"]["mean"] > data["a"]["canastas_per_hand"]["mean"]
    code, _, err = run(["simulate", "classic", "--vs-set", "draw.count=2"], capsys)
    assert code == 2 and "--vs-set needs --vs" in err


def test_vs_set_changes_only_the_second(capsys: pytest.CaptureFixture[str]) -> None:
    _, data = sim_json(
        ["classic", "--vs", "classic", "--vs-set", "game.target=3000", "--games", "4"], capsys
    )
    a, b = data["a"], data["b"]
    assert a["sets"] == [] and b["sets"] == ["game.target=3000"]
    assert b["winner_total"]["mean"] < a["winner_total"]["mean"]


def test_plot_draws_a_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    png = tmp_path / "plot.png"
    code, out, _ = run(
        ["simulate", "classic", "--vs", "bicycle", "--games", "3", "--plot", str(png)], capsys
    )
    assert code == 0 and f"plot written to {png}" in out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 20_000


def test_distribution_percentiles() -> None:
    d = distribution([5, 1, 4, 2, 3, 6, 7, 8, 9, 10])
    assert d == {
        "n": 10,
        "mean": 5.5,
        "sd": 2.872,
        "min": 1,
        "p10": 1,
        "median": 5,
        "p90": 9,
        "max": 10,
    }
    assert distribution([]) == {"n": 0}


def test_players_option(capsys: pytest.CaptureFixture[str]) -> None:
    _, data = sim_json(["novice", "--players", "3", "--games", "2"], capsys)
    assert data["players"] == 3 and set(data["wins"]) == {"N", "E", "W", "tie"}
    code, _, err = run(["simulate", "classic", "--players", "3"], capsys)
    assert code == 2 and "is for 4 players, not 3" in err


def test_runs_and_wild_canastas_are_counted_with_strategy_bots() -> None:
    """The strategy bot weighs adds to runs (named by a card of the run), and the canastas per
    hand count runs and canastas of wild cards with the natural and mixed ones (Bolivia)."""
    st = simulate("bolivia", games=3, seed=0, bots="strategy").stats()
    kinds = ("natural", "mixed", "run", "wild")
    parts = sum(st[f"{k}_canastas_per_hand"] for k in kinds)
    assert st["canastas_per_hand"]["mean"] == pytest.approx(parts, abs=1e-3)
    assert st["run_canastas_per_hand"] > 0
