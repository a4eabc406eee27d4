"""How fast the engine plays: random self-play hands of a variant, and the cost of copying a state.

Run from the repository root::

    .venv/bin/python bench/engine_speed.py              # classic, 4 players, about 5 s
    .venv/bin/python bench/engine_speed.py --seconds 20 --variant bicycle
    .venv/bin/python bench/engine_speed.py --peer ../canasta-openspiel   # and the peer's lead

Every move is chosen by ``RandomBot`` from ``legal_moves`` and applied with ``apply_unchecked``, so
the figures measure move generation (with its legality checks) and application. It prints figures
only; the goals on one core are at least 200 hands/s, 30,000 moves/s and a copy under 10 us.
Times are CPU time (user + system of this process).

With ``--peer`` (a checkout of jhtschultz/canasta-openspiel, or ``--peer installed``) it also
plays the peer's game at random through the OpenSpiel API for as long, in turns with the engine
(``--rounds``), and prints the engine's lead in hands per second (issue 26: at least 5x); see
``bench/openspiel_speed.py`` for how the peer is played and obtained.
"""

from __future__ import annotations

import argparse
import sys
import time
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from canasta_rules.bots import RandomBot
from canasta_rules.engine import apply_unchecked, deal, rules_for
from canasta_rules.engine.rules import Rules
from canasta_rules.engine.state import State
from canasta_rules.variant import load_variant


def play_hands(rules: Rules, seconds: float, first: int = 0) -> tuple[int, int, float]:
    """Play seeded random hands until ``seconds`` of CPU time have passed. Returns (hands,
    moves, CPU seconds)."""
    hands = moves = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        n = first + hands
        s = deal(rules, f"bench:{n}", dealer=n % rules.players)
        bot = RandomBot(n)
        while not s.over:
            apply_unchecked(s, bot(s))
            moves += 1
        hands += 1
        now = time.process_time()
        if now >= deadline:
            return hands, moves, now - start


def mid_hand_state(rules: Rules) -> State:
    """A state some way into a random hand (still live), to time ``copy()`` on."""
    for seed in range(100):
        s = deal(rules, f"bench-copy:{seed}")
        bot = RandomBot(seed)
        for _ in range(60):
            if s.over:
                break
            apply_unchecked(s, bot(s))
        if not s.over:
            return s
    raise RuntimeError("no random hand lasted 60 moves")  # pragma: no cover


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=5.0, help="how long to play (default 5)")
    ap.add_argument("--variant", default="classic", help="built-in variant (default classic)")
    ap.add_argument("--players", type=int, default=None, help="table size (default: its first)")
    ap.add_argument("--peer", default=None, help="a checkout of jhtschultz/canasta-openspiel")
    ap.add_argument("--rounds", type=int, default=5, help="rounds against the peer (default 5)")
    args = ap.parse_args(argv)

    rules = rules_for(load_variant(args.variant), args.players)
    # Warm up caches (rules tables, imports) before timing.
    play_hands(rules, 0.2)
    hands, moves, elapsed = play_hands(rules, args.seconds)

    s = mid_hand_state(rules)
    number = 20000
    best = min(timeit.repeat(s.copy, number=number, repeat=5)) / number

    print(f"variant:          {args.variant} ({rules.players} players)")
    print(f"hands played:     {hands} in {elapsed:.2f} s")
    print(f"hands/s:          {hands / elapsed:,.1f}")
    print(f"moves/s:          {moves / elapsed:,.0f}")
    print(f"moves per hand:   {moves / hands:.1f}")
    print(f"copy (mid-hand):  {best * 1e6:.2f} us")
    if args.peer is not None:
        _against_peer(rules, args)


def _against_peer(rules: Rules, args: argparse.Namespace) -> None:
    """The engine's lead over the peer, round by round in the same run."""
    import random
    import statistics

    from openspiel_speed import load_peer, play_pyspiel

    peer = load_peer(None if args.peer == "installed" else args.peer)
    if peer is None:
        return
    seconds = args.seconds / args.rounds
    leads = []
    done = 0
    for r in range(args.rounds):
        h, _, t = play_hands(rules, seconds, 10**6 + done)
        done += h
        h2, _, t2 = play_pyspiel(peer, seconds, random.Random(r))
        leads.append((h / t) / (h2 / t2))
    print(
        f"engine / peer through pyspiel (hands/s): {statistics.median(leads):.2f} "
        f"(rounds {min(leads):.2f} to {max(leads):.2f})"
    )


if __name__ == "__main__":
    main()
