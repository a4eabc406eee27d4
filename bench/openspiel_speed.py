"""How fast random play runs through the OpenSpiel API: our ``canasta`` game against
jhtschultz/canasta-openspiel (``python_canasta``), in the same run.

Run from the repository root (needs the ``openspiel`` extra)::

    .venv/bin/python bench/openspiel_speed.py               # classic, about 10 s per game
    .venv/bin/python bench/openspiel_speed.py --seconds 30 --variant online

Both games are played the same way, only through the OpenSpiel API: at a chance node an outcome is
sampled from ``chance_outcomes()``, at a decision node a uniformly random ``legal_actions()``
entry; ``apply_action`` for both. A hand of ours is one game (``whole_game`` false); the other game
plays whole games, so its hands are counted by its hand number (``_hand_number``) changing. The
other package is measured only if it is installed (its module is ``canasta``); otherwise the bench
says so and prints our figures alone. Figures: hands/s, actions/s, and the ratio of hands/s.
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pyspiel

import canasta_rules.openspiel  # noqa: F401  (registers "canasta")


def play(game: Any, seconds: float, rng: random.Random) -> tuple[int, int, float]:
    """Random play until ``seconds`` pass. Returns (hands, actions, elapsed)."""
    hands = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = game.new_initial_state()
        last_hand = getattr(state, "_hand_number", None)
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                r = rng.random()
                acc = 0.0
                action = outcomes[-1][0]
                for a, p in outcomes:
                    acc += p
                    if r < acc:
                        action = a
                        break
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply_action(action)
            actions += 1
            number = getattr(state, "_hand_number", None)
            if number is not None and number != last_hand:
                if last_hand:
                    hands += 1
                last_hand = number
        hands += 1
        now = time.perf_counter()
        if now >= deadline:
            return hands, actions, now - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=10.0, help="time per game (default 10)")
    ap.add_argument("--variant", default="classic")
    args = ap.parse_args()
    ours = pyspiel.load_game("canasta", {"variant": args.variant})
    h, a, t = play(ours, args.seconds, random.Random(0))
    print(f"canasta-rules {args.variant}: {h} hands, {h / t:.1f} hands/s, {a / t:,.0f} actions/s")
    try:
        importlib.import_module("canasta")
        other = pyspiel.load_game("python_canasta")
    except Exception as e:  # ImportError, or a package of that name without the game
        print(f"jhtschultz/canasta-openspiel: not installed ({type(e).__name__}); no ratio")
        return
    h2, a2, t2 = play(other, args.seconds, random.Random(0))
    print(
        f"jhtschultz/canasta-openspiel: {h2} hands, {h2 / t2:.1f} hands/s, {a2 / t2:,.0f} actions/s"
    )
    if h2:
        print(f"ratio (ours / theirs, hands per second): {(h / t) / (h2 / t2):.2f}")


if __name__ == "__main__":
    main()
