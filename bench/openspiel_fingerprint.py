"""One hash of everything the OpenSpiel game shows in random play, to show that a change to the
bridge (speed, layout) changed nothing a program using it can see.

Run from the repository root (or with ``PYTHONPATH`` naming another checkout, to hash that one's
game with this script)::

    .venv/bin/python bench/openspiel_fingerprint.py                 # every built-in, 2 hands each
    PYTHONPATH=/tmp/other-checkout .venv/bin/python bench/openspiel_fingerprint.py
    .venv/bin/python bench/openspiel_fingerprint.py --hands 4 --verbose

It plays seeded random hands of every built-in variant through ``pyspiel`` (one hand a game, and
one whole game of ``classic`` to 1500) and hashes at every node: the player to move, the legal
actions or chance outcomes, each action's words, and at decisions every player's information
state string and tensor and the observation string and tensor; at the end the returns. Two
checkouts whose games behave alike print the same hash; the figure says nothing of speed.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import sys
from pathlib import Path
from typing import Any

if not os.environ.get("PYTHONPATH"):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pyspiel

import canasta_rules.openspiel  # noqa: F401  (registers "canasta")
from canasta_rules.variant import builtin


def game_digest(params: dict[str, Any], seed: int) -> str:
    """The hash of one seeded random game with ``params``."""
    game = pyspiel.load_game("canasta", params)
    rng = random.Random(f"openspiel-fingerprint:{sorted(params.items())}:{seed}")
    state = game.new_initial_state()
    h = hashlib.sha256()
    players = game.num_players()
    while not state.is_terminal():
        player = state.current_player()
        h.update(f"P{player}".encode())
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            h.update(repr(outcomes).encode())
            r, acc, action = rng.random(), 0.0, outcomes[-1][0]
            for a, p in outcomes:
                acc += p
                if r < acc:
                    action = a
                    break
        else:
            legal = state.legal_actions()
            h.update(repr(legal).encode())
            h.update("|".join(state.action_to_string(player, a) for a in legal).encode())
            for p in range(players):
                h.update(state.information_state_string(p).encode())
                h.update(str(state.information_state_tensor(p)).encode())
            h.update(state.observation_string(player).encode())
            h.update(str(state.observation_tensor(player)).encode())
            action = legal[rng.randrange(len(legal))]
        state.apply_action(action)
    h.update(repr(state.returns()).encode())
    h.update(repr(state.history()).encode())
    return h.hexdigest()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=2, help="hands a variant (default 2)")
    ap.add_argument("--verbose", action="store_true", help="a hash a game as well")
    args = ap.parse_args()
    total = hashlib.sha256()
    games: list[tuple[dict[str, Any], int]] = [
        ({"variant": name}, seed) for name in builtin.names() for seed in range(args.hands)
    ]
    games.append(({"variant": "classic", "whole_game": True, "set": "game.target=1500"}, 0))
    for params, seed in games:
        d = game_digest(params, seed)
        total.update(d.encode())
        if args.verbose:
            print(f"{d[:16]}  {params} seed {seed}")
    print(total.hexdigest())


if __name__ == "__main__":
    main()
