"""Shrinking a failing check game with hypothesis, to the shortest hand that still fails.

The hand keeps its deal (seed, dealer, scores); what hypothesis draws is the moves. At each move
with a choice, hypothesis draws an offset ``k`` into ``legal_moves``, counted from the bot's own
pick: ``k = 0`` plays what the bot would, ``k = 1`` the next legal move, and so on. Every check
runs after every move (:func:`play.play_full`) and the hand stops at its first failure, so the
number of draws is the number of decisions up to the failure.

Hypothesis's simplest example is all zeros, which is the bot's own failing hand: it is found at
once, whatever the fault. Hypothesis then keeps looking a little (random offsets are random play)
and shrinks: it prefers fewer draws (a shorter hand) and smaller offsets (closer to the bot's
play), and keeps a candidate only if it fails with the same :func:`play.signature`. The result is
deterministic (``derandomize=True``, no example database) and bounded by a budget of hands.
"""

from __future__ import annotations

from hypothesis import HealthCheck, Phase, Verbosity, given, reject, settings
from hypothesis import strategies as st

from ..engine.moves import Move
from ..engine.state import State
from ..variant.plain import Variant
from .play import HandRun, HandSetup, play_full

DEFAULT_BUDGET = 250
"""Hands played while shrinking, at most (each stops at its failure, so most are short)."""


class _Reproduced(Exception):
    """Raised inside the hypothesis test when a hand fails with the wanted signature."""


def shrink_failure(
    variant: Variant, setup: HandSetup, wanted: str, budget: int = DEFAULT_BUDGET
) -> HandRun | None:
    """The shortest failing hand hypothesis finds from ``setup`` whose failure has the
    signature ``wanted``, or None if even the bot's own hand no longer fails that way."""
    best: list[tuple[tuple[int, tuple[int, ...]], HandRun]] = []
    calls = 0

    @settings(
        database=None,
        derandomize=True,
        deadline=None,
        max_examples=30,
        phases=(Phase.generate, Phase.shrink),
        suppress_health_check=list(HealthCheck),
        verbosity=Verbosity.quiet,
        report_multiple_bugs=True,
        print_blob=False,
    )
    @given(st.data())
    def probe(data: st.DataObject) -> None:
        nonlocal calls
        calls += 1
        # Past the budget only the best hand so far may run (hypothesis replays it at the end).
        follow = best[0][0][1] if calls > budget and best else None
        draws: list[int] = []

        def choose(s: State, legal: list[Move], pick: Move) -> Move:
            n = len(legal)
            if n <= 1:
                return pick
            base = legal.index(pick) if pick in legal else 0
            k = data.draw(st.integers(min_value=0, max_value=n - 1))
            if follow is not None and (len(draws) >= len(follow) or follow[len(draws)] != k):
                reject()
            draws.append(k)
            return legal[(base + k) % n]

        run = play_full(variant, setup, choose)
        if run.failure is not None and run.failure.signature == wanted:
            key = (len(draws), tuple(draws))
            if not best or key < best[0][0]:
                best[:] = [(key, run)]
            raise _Reproduced

    try:
        probe()
    except _Reproduced:
        pass
    except Exception:  # pragma: no cover - hypothesis gave up (flaky, unsatisfiable, ...)
        pass
    return best[0][1] if best else None
