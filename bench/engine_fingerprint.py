"""One hash of everything the engine decides in random play, to show that a speed-up changed
no rule.

Run from the repository root (or with ``PYTHONPATH`` naming another checkout, to hash that one's
engine with this script)::

    .venv/bin/python bench/engine_fingerprint.py                # every built-in, every table size
    PYTHONPATH=/tmp/canasta-main .venv/bin/python bench/engine_fingerprint.py   # another commit
    .venv/bin/python bench/engine_fingerprint.py --hands 5 --verbose

It plays seeded random hands (``RandomBot``, ``apply_unchecked``) of every built-in variant at
each table size the variant allows, and of a few house rulesets (``HOUSE``: built-ins with
``--set`` overrides that reach corners no built-in does: other meld sizes, closed canastas in
classic, partner's permission required, no canasta needed to go out ...), from varied scores and
hand numbers (so that every tier of the initial-meld minimum comes up), and hashes at every
position:

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
from canasta_rules.variant import Variant, builtin, load_variant

_FIELDS = tuple(f for f in State.__slots__ if f != "rules")

HOUSE: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "classic",
        (
            "melds.min_size=4",
            "melds.min_naturals=3",
            "melds.max_wild=2",
            'melds.canasta_wild="unlimited"',
        ),
    ),
    (
        "classic",
        (
            "canastas.closed=true",
            'initial_meld.pile_cards="whole_pile"',
            "going_out.permission.required=true",
            "draw.count=2",
        ),
    ),
    (
        "classic",
        (
            "melds.min_size=2",
            "melds.min_naturals=1",
            'going_out.final_discard="required_unless_concealed"',
            "going_out.canastas=2",
        ),
    ),
    (
        "uruguayan",
        ("melds.wild_not_more_than_natural=true", "canastas.size=5", "canastas.min_naturals=3"),
    ),
    (
        "classic",
        (
            "going_out.canastas=0",
            'going_out.final_discard="required"',
            "black_threes.meld_last=true",
        ),
    ),
    ("hand-and-foot", ("foot.needed_to_go_out=false",)),
    (
        "samba",
        (
            'melds.canasta_wild="unlimited"',
            'pile.frozen=["natural_pair", "natural_and_wild"]',
            "pile.frozen_at_start=true",
        ),
    ),
)
"""House rulesets: a built-in and the overrides, as ``canasta --set`` takes them."""


def _moves_text(moves: list[Move] | None) -> str:
    if moves is None:
        return "-"
    return "|".join(
        f"{type(m).__name__}:{m}:{m.form if isinstance(m, Meld) else ''}:{m!r}" for m in moves
    )


def _state_text(s: State) -> str:
    return ";".join(f"{f}={getattr(s, f)!r}" for f in _FIELDS)


def hand_digest(variant: Variant, rules_name: str, players: int, hand: int) -> str:
    """The hash of one seeded random hand of ``variant`` (called ``rules_name``) at
    ``players``."""
    rules = rules_for(variant, players)
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
    rulesets = [(name, load_variant(name)) for name in builtin.names()]
    for base, sets in HOUSE:
        rulesets.append((f"{base}+{len(sets)}:{sets[0]}", load_variant(base, sets=list(sets))))
    for name, variant in rulesets:
        for seat in variant.seating:
            part = hashlib.sha256()
            for hand in range(args.hands):
                part.update(hand_digest(variant, name, seat.players, hand).encode())
            if args.verbose:
                print(f"{name[:40]:40} {seat.players}  {part.hexdigest()[:16]}")
            total.update(f"{name}:{seat.players}:{part.hexdigest()}".encode())
    import canasta_rules

    print(f"engine: {Path(canasta_rules.__file__).parent}", file=sys.stderr)
    print(total.hexdigest())


if __name__ == "__main__":
    main()
