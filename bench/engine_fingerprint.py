"""One hash of everything the engine decides in random play, to show that a speed-up changed
no rule.

Run from the repository root (or with ``PYTHONPATH`` naming another checkout, to hash that one's
engine with this script)::

    .venv/bin/python bench/engine_fingerprint.py                # every built-in, every table size
    PYTHONPATH=/tmp/canasta-main .venv/bin/python bench/engine_fingerprint.py   # another commit
    .venv/bin/python bench/engine_fingerprint.py --hands 5 --verbose

It plays seeded random hands (``RandomBot``, ``apply_unchecked``) of every built-in variant at
each table size the variant allows, from varied scores and hand numbers (so that every tier of
the initial-meld minimum comes up), and hashes at every position:

- the exact list of ``legal_moves``, in order, each move's ``str()``, type and, for a meld,
  its ``Meld.form``;
- the same list for a copy of the position whose stock order is unknown (as in a replayed
  record, where chance moves are not listed);
- ``going_out_plan`` (the bots and the permission rules read it);
- the move as ``apply_unchecked`` returned it, and every field of the state after it (hands,
  counts, melds in their order, pile, stock, threes, the turn's flags, ...);

and at each hand's end the score of every side. Two checkouts whose engines play alike print
the same hash; the figure says nothing of speed.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import sys
from pathlib import Path

if not os.environ.get("PYTHONPATH"):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from canasta_rules.bots import RandomBot
from canasta_rules.engine import apply_unchecked, deal, legal_moves, rules_for, score_hand
from canasta_rules.engine.goingout import going_out_plan
from canasta_rules.engine.moves import Meld, Move
from canasta_rules.engine.state import State
from canasta_rules.variant import builtin, load_variant

_FIELDS = tuple(f for f in State.__slots__ if f != "rules")


def _moves_text(moves: list[Move] | None) -> str:
    if moves is None:
        return "-"
    return "|".join(
        f"{type(m).__name__}:{m}:{m.form if isinstance(m, Meld) else ''}:{m!r}" for m in moves
    )


def _state_text(s: State) -> str:
    return ";".join(f"{f}={getattr(s, f)!r}" for f in _FIELDS)


def hand_digest(rules_name: str, players: int, hand: int) -> str:
    """The hash of one seeded random hand of ``rules_name`` at ``players``."""
    rules = rules_for(load_variant(rules_name), players)
    rng = random.Random(f"fingerprint:{rules_name}:{players}:{hand}")
    scores = [rng.choice((0, 0, 600, 1600, 2600, 3200, -200)) for _ in range(rules.sides)]
    s = deal(
        rules,
        f"fp:{rules_name}:{players}:{hand}",
        dealer=hand % rules.players,
        scores=scores,
        hand_no=1 + hand % 5,
        previous=[rng.choice((0, 50, 900, 2000)) for _ in range(rules.sides)],
    )
    bot = RandomBot(hand)
    h = hashlib.sha256()
    h.update(_state_text(s).encode())
    while not s.over:
        moves = legal_moves(s)
        h.update(_moves_text(moves).encode())
        blind = s.copy()
        blind.stock_known = False
        h.update(_moves_text(legal_moves(blind)).encode())
        h.update(_moves_text(going_out_plan(s)).encode())
        m = bot(s)
        out = apply_unchecked(s, m)
        h.update(f"{out!r}:{out}".encode())
        h.update(_state_text(s).encode())
    for col in score_hand(s):
        h.update(repr(col).encode())
    return h.hexdigest()


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=25, help="hands per variant and size (25)")
    ap.add_argument("--verbose", action="store_true", help="print each variant's hash too")
    args = ap.parse_args(argv)
    total = hashlib.sha256()
    for name in builtin.names():
        for seat in load_variant(name).seating:
            part = hashlib.sha256()
            for hand in range(args.hands):
                part.update(hand_digest(name, seat.players, hand).encode())
            if args.verbose:
                print(f"{name:22} {seat.players}  {part.hexdigest()[:16]}")
            total.update(f"{name}:{seat.players}:{part.hexdigest()}".encode())
    import canasta_rules

    print(f"engine: {Path(canasta_rules.__file__).parent}", file=sys.stderr)
    print(total.hexdigest())


if __name__ == "__main__":
    main()
