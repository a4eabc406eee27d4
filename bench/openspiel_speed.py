"""How fast random play runs through the OpenSpiel API: our ``canasta`` game, the bare engine it
wraps, and jhtschultz/canasta-openspiel (``python_canasta``, "the peer"), in the same run.

Run from the repository root (needs the ``openspiel`` extra)::

    .venv/bin/python bench/openspiel_speed.py                       # classic, 3 s a side a round
    .venv/bin/python bench/openspiel_speed.py --peer ../canasta-openspiel --rounds 5

Three sides, played round by round for ``--seconds`` of CPU time each (user + system of this
process), so a change in the machine's load touches them alike:

- **bare engine**: seeded deals, every move chosen by ``RandomBot`` from ``legal_moves`` and
  applied with ``apply_unchecked`` (what ``bench/engine_speed.py`` times);
- **ours through pyspiel**: ``pyspiel.load_game("canasta")``, one hand a game;
- **the peer through pyspiel**, when its package (module ``canasta``) is importable: installed,
  or from a checkout given with ``--peer``. It is not on PyPI: clone
  https://github.com/jhtschultz/canasta-openspiel (the figures in docs/architecture.md are from
  its commit 5e5bbda). It plays whole games; its hands are counted by its hand number
  (``_hand_number``) changing.

Both OpenSpiel games are played alike: at a chance node an outcome is sampled from
``chance_outcomes()``, at a decision node a uniformly random entry of ``legal_actions()``, then
``apply_action``. At a hand's end the peer starts the next hand from inside ``legal_actions()``,
which then returns nothing: the loop asks the state again. The bare engine's random bot chooses
uniformly among the same legal moves our game numbers as actions, so both play the same games
(the same deals and policy), and the ratio of hands per second is what the bridge costs.

Three more sides, **the pyspiel floor**, play a Python game that does nothing through the same
loop: as many chance nodes and decisions a hand as ours (their averages over 50 random hands),
each chance node offering 53 outcomes and each decision 8 actions, all made once. They are what
the OpenSpiel API and the loop cost by themselves, whatever a game does: "C++ path" answers
``legal_actions`` and ``is_chance_node`` the usual way for a Python game (OpenSpiel's C++ state
asks Python for the current player, whether the game is over and ``_legal_actions``), "Python
path" answers them in Python, as our game does. "Fresh outcomes" is the Python path with a new
list of outcome pairs at every chance node, as any game must make whose outcomes change from one
node to the next (ours: the cards left, in proportion to their copies): the least a bridge that
deals card by card can cost, with no rules at all.

Figures: hands/s and actions (or moves)/s per side, medians over the rounds, and the medians of
the per-round ratios: bare engine / ours (the bridge's cost; issue 26's goal is at most 1.5),
ours / peer (goal at least 3) and bare engine / peer (the engine's lead; goal at least 5), and
what the floor costs a hand beside the bare engine's.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pyspiel
from engine_speed import play_hands as play_bare  # the bare engine, as engine_speed times it

import canasta_rules.openspiel  # noqa: F401  (registers "canasta")
from canasta_rules.engine import rules_for
from canasta_rules.variant import load_variant

Figure = tuple[int, int, float]
"""(hands, actions or moves, CPU seconds)."""


def play_pyspiel(game: Any, seconds: float, rng: random.Random) -> Figure:
    """Random play through the OpenSpiel API until ``seconds`` of CPU time have passed."""
    hands = actions = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        state = game.new_initial_state()
        last_hand = getattr(state, "_hand_number", None)
        if last_hand is None:  # one hand a game (ours, the floor): nothing to watch
            hands += 1
            actions += _play_one(state, rng)
            now = time.process_time()
            if now >= deadline:
                return hands, actions, now - start
            continue
        while not state.is_terminal():
            if state.is_chance_node():
                action = _chance(state.chance_outcomes(), rng.random())
            else:
                legal = state.legal_actions()
                if not legal:
                    # The peer ends a hand inside legal_actions() and returns no action; the
                    # state has moved on (a new deal, or the end of the game): ask it again.
                    number = getattr(state, "_hand_number", None)
                    if number is not None and number != last_hand:
                        hands += 1
                        last_hand = number
                    continue
                action = legal[rng.randrange(len(legal))]
            state.apply_action(action)
            actions += 1
            number = getattr(state, "_hand_number", None)
            if number is not None and number != last_hand:
                hands += 1
                last_hand = number
        hands += 1
        now = time.process_time()
        if now >= deadline:
            return hands, actions, now - start


def _chance(outcomes: list[tuple[int, float]], r: float) -> int:
    """The outcome that ``r`` (uniform in [0, 1)) falls on, by the outcomes' probabilities."""
    acc = 0.0
    for a, p in outcomes:
        acc += p
        if r < acc:
            return a
    return outcomes[-1][0]


def _play_one(state: Any, rng: random.Random) -> int:
    """The loop of ``play_pyspiel`` for a game of one hand; the number of actions applied."""
    actions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            action = _chance(state.chance_outcomes(), rng.random())
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state.apply_action(action)
        actions += 1
    return actions


def floor_game(chance: int, decisions: int, python_path: bool, fresh: bool = False) -> Any:
    """A Python OpenSpiel game that does nothing: ``chance`` chance nodes (53 outcomes each), then
    ``decisions`` decisions (8 actions each) for four players in turn, every answer made once;
    with ``python_path``, ``legal_actions`` and ``is_chance_node`` are answered in Python; with
    ``fresh``, each chance node makes its list of outcomes anew, the least a game whose outcomes
    change from node to node can do (one ``zip`` of card ids and probabilities made once)."""
    name = f"bench_floor_{chance}_{decisions}_{int(python_path)}_{int(fresh)}"
    outcomes = [(c, 1 / 53) for c in range(53)]
    ids = list(range(53))
    probs = [1 / 53] * 53
    legal = list(range(8))
    end = chance + decisions
    game_type = pyspiel.GameType(
        short_name=name,
        long_name="the OpenSpiel API alone",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=4,
        min_num_players=4,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification={},
    )
    info = pyspiel.GameInfo(
        num_distinct_actions=53,
        max_chance_outcomes=53,
        num_players=4,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=end,
    )

    class FloorState(pyspiel.State):  # type: ignore[misc]
        def __init__(self, game: Any):
            super().__init__(game)
            self.n = 0

        def current_player(self) -> int:
            if self.n >= end:
                return int(pyspiel.PlayerId.TERMINAL)
            return int(pyspiel.PlayerId.CHANCE) if self.n < chance else self.n % 4

        def _legal_actions(self, player: int) -> list[int]:
            return legal

        def chance_outcomes(self) -> list[tuple[int, float]]:
            return outcomes

        def _apply_action(self, action: int) -> None:
            self.n += 1

        def is_terminal(self) -> bool:
            return self.n >= end

        def returns(self) -> list[float]:
            return [0.0] * 4

    class FloorStatePython(FloorState):
        def legal_actions(self, player: int | None = None) -> list[int]:
            if self.n >= end:
                return []
            return [a for a, _ in outcomes] if self.n < chance else legal

        def is_chance_node(self) -> bool:
            return self.n < chance

    class FloorStateFresh(FloorStatePython):
        def chance_outcomes(self) -> list[tuple[int, float]]:
            return list(zip(ids, probs, strict=True))

    class FloorGame(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: Any = None):
            super().__init__(game_type, info, params or {})

        def new_initial_state(self) -> FloorState:
            if fresh:
                return FloorStateFresh(self)
            return FloorStatePython(self) if python_path else FloorState(self)

    if name not in pyspiel.registered_names():
        pyspiel.register_game(game_type, FloorGame)
    return pyspiel.load_game(name)


def count_nodes(game: Any, hands: int, rng: random.Random) -> tuple[int, int]:
    """Chance nodes and decisions a hand of ``game``, on average over ``hands`` random hands."""
    chance = decisions = 0
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                chance += 1
                outcomes = state.chance_outcomes()
                weights = [p for _, p in outcomes]
                state.apply_action(rng.choices(outcomes, weights)[0][0])
            else:
                decisions += 1
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
    return round(chance / hands), round(decisions / hands)


def load_peer(path: str | None) -> Any | None:
    """The peer's game, or None (with a line saying why) when it cannot be loaded."""
    if path is not None:
        sys.path.insert(0, str(Path(path).resolve()))
    try:
        importlib.import_module("canasta")
        return pyspiel.load_game("python_canasta")
    except Exception as e:  # ImportError, or a package of that name without the game
        print(f"jhtschultz/canasta-openspiel: not found ({type(e).__name__}); no peer figures")
        return None


def _rate(runs: list[Figure], i: int) -> float:
    return statistics.median(r[i] / r[2] for r in runs)


def _ratio(a: list[Figure], b: list[Figure]) -> str:
    ratios = [(x[0] / x[2]) / (y[0] / y[2]) for x, y in zip(a, b, strict=True)]
    return f"{statistics.median(ratios):.2f} (rounds {min(ratios):.2f} to {max(ratios):.2f})"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="CPU seconds a side a round")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--variant", default="classic")
    ap.add_argument("--peer", default=None, help="a checkout of jhtschultz/canasta-openspiel")
    args = ap.parse_args()
    ours = pyspiel.load_game("canasta", {"variant": args.variant})
    rules = rules_for(load_variant(args.variant), None)
    peer = load_peer(args.peer)
    play_bare(rules, 0.2, 10**6)  # warm up (tables, caches) outside the timings
    play_pyspiel(ours, 0.2, random.Random(-1))
    chance, decisions = count_nodes(ours, 50, random.Random(-2))
    floors = [
        floor_game(chance, decisions, python_path=False),
        floor_game(chance, decisions, python_path=True),
        floor_game(chance, decisions, python_path=True, fresh=True),
    ]
    bare: list[Figure] = []
    mine: list[Figure] = []
    theirs: list[Figure] = []
    empty: list[list[Figure]] = [[], [], []]
    for r in range(args.rounds):
        bare.append(play_bare(rules, args.seconds, sum(f[0] for f in bare)))
        mine.append(play_pyspiel(ours, args.seconds, random.Random(r)))
        if peer is not None:
            theirs.append(play_pyspiel(peer, args.seconds, random.Random(r)))
        for runs, floor in zip(empty, floors, strict=True):
            runs.append(play_pyspiel(floor, args.seconds / 4, random.Random(r)))
    print(f"{args.variant}, {args.rounds} rounds of {args.seconds:g} CPU s a side; medians")
    rows = [("bare engine", bare, "moves"), ("ours through pyspiel", mine, "actions")]
    if theirs:
        rows.append(("peer through pyspiel", theirs, "actions"))
    rows.append(("floor, C++ path", empty[0], "actions"))
    rows.append(("floor, Python path", empty[1], "actions"))
    rows.append(("floor, fresh outcomes", empty[2], "actions"))
    for label, runs, unit in rows:
        hands = sum(f[0] for f in runs)
        print(
            f"  {label + ':':22} {_rate(runs, 0):8.1f} hands/s {_rate(runs, 1):9,.0f} {unit}/s"
            f"  ({hands} hands, {sum(f[1] for f in runs) / hands:.0f} {unit} a hand)"
        )
    print(f"bridge cost, bare engine / ours through pyspiel (hands/s): {_ratio(bare, mine)}")
    if theirs:
        print(f"ours through pyspiel / peer (hands/s):                 {_ratio(mine, theirs)}")
        print(f"bare engine / peer (hands/s):                          {_ratio(bare, theirs)}")
    print(f"pyspiel floor ({chance} chance nodes + {decisions} decisions a hand), its CPU a hand")
    paths = ("C++ path", "Python path", "Python path, fresh outcome lists")
    for label, runs in zip(paths, empty, strict=True):
        per_hand = [(f[2] / f[0]) / (b[2] / b[0]) for f, b in zip(runs, bare, strict=True)]
        print(f"  / the bare engine's, {label + ':':33} {statistics.median(per_hand):.2f}")


if __name__ == "__main__":
    main()
