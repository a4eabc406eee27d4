"""Random-play properties of the engine, over every built-in variant at every table size it allows.

Seeded deals are played out by the random and the greedy bot (``canasta_rules.bots``). After every
move the state must be consistent (``invariants.state_problems``: the pack's cards all present once,
melds within their variant's limits, one meld per rank per side, a live state has a legal move);
every move ``legal_moves`` offers must pass ``refusal``; every hand must end by a rule, not by the
engine's move guard; the score rows must add up to the total; and the same seed must give the same
hand. Beyond the generator's canonical moves, random meld actions and pickups that ``refusal``
accepts must keep the state consistent too. Hypothesis picks the seeds; ``derandomize=True`` makes
the examples the same on every run (the whole file takes some 20-30 s on two cores).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canasta_rules.bots import make_bot
from canasta_rules.engine import (
    Game,
    Meld,
    Move,
    Phase,
    State,
    TakePile,
    apply_unchecked,
    deal,
    legal_moves,
    refusal,
    rules_for,
    score_hand,
)
from canasta_rules.engine.invariants import state_problems
from canasta_rules.variant import builtin, load_variant

TABLES = [(name, seat.players) for name in builtin.names() for seat in load_variant(name).seating]
"""Every built-in variant at every table size (seating entry) it lists."""

RULE_ENDS = {"went_out", "stock_exhausted", "red_three_last"}

# 25 seeded hands per table and bot (every built-in seating, two bots) keep CI well inside its
# time; `canasta check NAME --games N` plays as many more as wanted.
SETTINGS = settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)


def _ids(table: tuple[str, int]) -> str:
    return f"{table[0]}-{table[1]}p"


def _state(name: str, players: int, seed: int) -> State:
    r = rules_for(load_variant(name), players)
    # Vary the dealer and the sides' scores (hence the initial-meld minimum) with the seed.
    scores = [(seed * 733 + 311 * side) % 5200 - 400 for side in range(r.sides)]
    return deal(r, seed, dealer=seed % r.players, scores=scores)


def _play_checked(s: State, bot_kind: str, seed: int) -> list[tuple[int, Move]]:
    """Play the hand out, checking every property after every move. Returns the history."""
    bot = make_bot(bot_kind, seed)
    history: list[tuple[int, Move]] = []
    assert state_problems(s) == []
    while not s.over:
        moves = legal_moves(s)
        assert moves, f"no legal move in phase {s.phase.name}"
        for m in moves:
            ref = refusal(s, m)
            assert ref is None, f"legal_moves offered {m}, which is refused: {ref}"
        actor = s.actor
        m = bot(s)
        assert m in moves
        history.append((actor, apply_unchecked(s, m)))
        problems = state_problems(s)
        assert problems == [], f"after {m}: {problems}"
    assert s.end_reason in RULE_ENDS, f"the hand ended by {s.end_reason!r}"
    for sc in score_hand(s):
        assert sum(v for _, v in sc.rows()) == sc.total
    return history


def _play_quietly(s: State, bot_kind: str, seed: int) -> tuple[list[Move], list[int], str]:
    bot = make_bot(bot_kind, seed)
    moves: list[Move] = []
    while not s.over:
        moves.append(apply_unchecked(s, bot(s)))
    return moves, [sc.total for sc in score_hand(s)], s.end_reason


@pytest.mark.parametrize("table", TABLES, ids=_ids)
@pytest.mark.parametrize("bot_kind", ["random", "greedy"])
@SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_hands_keep_every_invariant(
    table: tuple[str, int], bot_kind: str, seed: int
) -> None:
    name, players = table
    _play_checked(_state(name, players, seed), bot_kind, seed)


@pytest.mark.parametrize("table", TABLES, ids=_ids)
@settings(max_examples=5, deadline=None, derandomize=True)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_same_seed_same_hand(table: tuple[str, int], seed: int) -> None:
    name, players = table
    for bot_kind in ("random", "greedy"):
        first = _play_quietly(_state(name, players, seed), bot_kind, seed)
        again = _play_quietly(_state(name, players, seed), bot_kind, seed)
        assert first == again
        assert first[0], "a hand with no moves"


def _random_melds(s: State, rng: random.Random) -> list[Move]:
    """Meld actions from random cards of the hand: new groups, and additions to the side's melds."""
    hand = s.hand_cards(s.turn)
    ranks = list(s.melds[s.rules.side_of[s.turn]])
    out: list[Move] = []
    for _ in range(10):
        pick = rng.sample(hand, rng.randint(1, min(len(hand), 9)))
        cut = rng.randint(0, len(pick))
        head, tail = tuple(pick[:cut]), tuple(pick[cut:])
        if ranks and rng.random() < 0.5:
            adds = ((rng.choice(ranks), tail),) if tail else ()
            out.append(Meld(melds=(head,) if head else (), adds=adds))
        else:
            out.append(Meld(melds=tuple(g for g in (head, tail) if g)))
    return out


def _random_takes(s: State, rng: random.Random) -> list[Move]:
    """Ways to take the pile showing random cards, sometimes with a further random meld."""
    hand = s.hand_cards(s.turn)
    out: list[Move] = []
    for _ in range(6):
        shown = rng.sample(hand, rng.randint(0, min(len(hand), 4)))
        rest = list(hand)
        for c in shown:
            rest.remove(c)
        melds: tuple[tuple[int, ...], ...] = ()
        if len(rest) >= 3 and rng.random() < 0.5:
            melds = (tuple(rng.sample(rest, rng.randint(3, min(len(rest), 6)))),)
        out.append(TakePile(tuple(shown), melds))
    return out


@pytest.mark.parametrize("table", TABLES, ids=_ids)
@settings(max_examples=6, deadline=None, derandomize=True)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_any_move_refusal_accepts_keeps_every_invariant(table: tuple[str, int], seed: int) -> None:
    """Not only the generator's canonical moves: random meld actions and pickups, whenever
    ``refusal`` accepts one, leave a consistent state with a legal move (if the hand goes on)."""
    name, players = table
    s = _state(name, players, seed)
    rng = random.Random(seed)
    bot = make_bot("random", seed)
    while not s.over:
        if s.phase in (Phase.PLAY, Phase.DRAW) and s.hand_len[s.turn]:
            tries = _random_melds(s, rng) if s.phase == Phase.PLAY else _random_takes(s, rng)
            for m in tries:
                if refusal(s, m) is None:
                    t = s.copy()
                    apply_unchecked(t, m)
                    assert state_problems(t) == [], f"after {m}: {state_problems(t)}"
        apply_unchecked(s, bot(s))


@pytest.mark.parametrize("name", ["classic", "online-3000"])
def test_whole_games_end_by_the_target_and_replay(name: str) -> None:
    """A whole game of greedy bots reaches the target; the same seed gives the same game."""
    v = load_variant(name)
    results = [Game(v, seed=7).play(make_bot("greedy", 7), check=True) for _ in range(2)]
    a, b = results
    assert a.reason == "target"
    assert a.winner is not None and a.scores[a.winner] >= v.game.target
    assert a.scores == b.scores and a.winner == b.winner
    assert [h.moves for h in a.hands] == [h.moves for h in b.hands]
    for h in a.hands:
        assert h.end is not None and h.end.end_reason in RULE_ENDS
