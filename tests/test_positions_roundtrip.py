"""Positions written from random play read back as the same position and get the same rulings.

Hypothesis picks a built-in variant and table size, a seed and a number of random moves (the hand
may end, so finished hands with ``out`` are written too); the state reached is written as a
position (every field: hands, melds, red threes, who melded, the turn in progress, the stock as a
count, penalties, who moves or who went out), read back, and compared with the state it came from:
the same layout and turn, the same legal moves, the same refusal code for every discard and a
sample of other moves, and the same score for a finished hand.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from canasta_rules.bots import make_bot
from canasta_rules.engine import (
    Draw,
    Expose,
    Move,
    State,
    TakePile,
    apply_unchecked,
    deal,
    legal_moves,
    refusal,
    rules_for,
    score_hand,
)
from canasta_rules.engine.checks import talon_size
from canasta_rules.engine.moves import Ask, Discard
from canasta_rules.engine.rules import CLOSED_KEY0
from canasta_rules.notation import parse, read_position
from canasta_rules.notation.position import ReadPosition
from canasta_rules.notation.writer import position_text
from canasta_rules.variant import builtin, load, load_variant

TABLES: list[tuple[str, int, tuple[str, ...]]] = [
    (name, seat.players, ()) for name in builtin.names() for seat in load_variant(name).seating
]
# The meld kinds of the wider family, on the classic table: runs of one suit with closed
# canastas (as Samba has them), and melds of wild cards.
FAMILY = [
    (
        'melds.sequences={kind = "same_suit", min_length = 3, max_length = 7, '
        "canasta_bonus = 1500}",
        "canastas.closed=true",
    ),
    ('melds.wild_melds={kind = "allowed", min_size = 3, max_size = 7, canasta_bonus = 2000}',),
]
TABLES += [("classic", 4, sets) for sets in FAMILY]


@st.composite
def played(draw: st.DrawFn) -> tuple[str, tuple[str, ...], State]:
    name, players, sets = draw(st.sampled_from(TABLES))
    seed = draw(st.integers(0, 10**6))
    steps = draw(st.integers(0, 400))
    # Stop early at a phase that random play passes through quickly (a partner's answer, a
    # first-turn exposure), at the first chance after a few moves.
    stop_at = draw(st.sampled_from([None, None, "ANSWER", "EXPOSE", "PLAY"]))
    after = draw(st.integers(0, 60))
    r = rules_for(load(name, sets).variant, players)
    scores = [(seed * 733 + 311 * side) % 5200 - 400 for side in range(r.sides)]
    previous = [(seed * 97 + 53 * side) % 3000 - 500 for side in range(r.sides)]
    # The hand of the game (tag Hand): within a game in rounds, any of its hands.
    hand_no = 1 + seed % (r.rounds or 7)
    s = deal(r, seed, dealer=seed % r.players, scores=scores, previous=previous, hand_no=hand_no)
    rng = random.Random(seed)
    greedy = make_bot("greedy", seed)  # plays towards going out, where asking makes sense
    for i in range(steps):
        if stop_at is not None and i >= after and s.phase.name == stop_at:
            break
        moves = legal_moves(s)
        if not moves:
            break
        asks = [m for m in moves if isinstance(m, Ask)]
        if stop_at == "ANSWER" and asks and i >= after:
            apply_unchecked(s, asks[0])  # random play seldom asks; this question is the point
            continue
        apply_unchecked(s, greedy(s) if stop_at == "ANSWER" else rng.choice(moves))
    return name, sets, s


def _layout(s: State) -> tuple[object, ...]:
    return (
        [s.hand_cards(p) for p in range(s.rules.players)],
        [sorted((k, sorted(m.cards)) for k, m in side.items()) for side in s.melds],
        [sorted(r) for r in s.red3],
        s.pile[-1:] if s.pile else [],
        len(s.pile),
        len(s.stock),
        s.frozen,
        s.opened,
        s.player_melded,
        s.scores,
        s.previous,
        s.hand_no,
        s.minimum(0),
        s.penalties,
        s.phase,
        s.actor,
        s.over,
        s.out_player if s.over else -1,
        s.concealed if s.over else False,
    )


def _turn(s: State) -> tuple[object, ...]:
    if s.over or s.phase.name not in ("PLAY", "ANSWER", "DRAW"):
        return ()
    if s.phase.name == "DRAW":  # partner may have answered a question asked before the draw
        return (s.turn, s.permission)
    return (
        s.turn,
        s.drew,
        sorted(s.turn_new),
        s.turn_added_old,
        s.turn_melded,
        s.permission,
        s.prior_melded,
        s.turn_opened,
        s.turn_value,
        s.turn_black3,
    )


def _named(s: State, m: Move) -> Move:
    """A draw or exposure, or a discard that takes a talon, with the stock cards it takes named
    (a read position's stock has no order)."""
    if isinstance(m, Draw | Expose | Discard):
        return apply_unchecked(s.copy(), m)
    return m


def _talon_due(s: State) -> bool:
    return s.phase.name == "PLAY" and s.hand_len[s.turn] > 1 and bool(talon_size(s))


def _code(pos: ReadPosition | None, s: State, m: Move) -> str | None:
    t = s.copy()
    if pos is not None:
        pos.prepare(t, m)
    ref = refusal(t, m)
    return None if ref is None else ref.code


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played())
def test_written_positions_read_back_and_rule_the_same(
    case: tuple[str, tuple[str, ...], State],
) -> None:
    name, sets, s = case
    event(f"phase {s.phase.name}")
    event(f"stock {'empty' if not s.stock else 'short' if len(s.stock) < 20 else 'long'}")
    kinds = {m.kind for side in s.melds for m in side.values()}
    event(f"meld kinds {sorted(kinds)}")
    if any(k >= CLOSED_KEY0 for side in s.melds for k in side):
        event("a closed canasta set aside")
    if s.turn_opened:
        event("opening this turn")
    tags = [("Variant", name), *(("Set", x) for x in sets)]
    text = position_text(s, tags)
    pos = read_position(parse(text, "random.pos"))
    t = pos.state
    assert _layout(t) == _layout(s), text
    assert _turn(t) == _turn(s), text
    # Every legal move of the original is legal in the position read back (draws with their
    # cards named), and the position offers no other move (draws aside: it cannot order them).
    original = [_named(s, m) for m in legal_moves(s)]
    for m in original:
        assert _code(pos, t, m) is None, (m, text)
    # A discard that takes a talon (talons.sizes) draws from the stock, as a draw does: in the
    # position read back it is legal only with its cards named (checked above).
    chance = (Draw, Expose, Discard) if _talon_due(s) else (Draw, Expose)
    offered = {m for m in legal_moves(t) if not isinstance(m, chance)}
    assert offered == {m for m in legal_moves(s) if not isinstance(m, chance)}, text
    # Refused moves are refused for the same rule.
    probes: list[Move] = [Discard(c) for c in range(53)] + [Ask()]
    if s.pile:
        probes.append(TakePile(()))
    for m in probes:
        assert _code(pos, t, m) == _code(None, s, m), (m, text)
    if s.over:
        assert score_hand(t) == score_hand(s), text
    # Writing the position read back gives the same text.
    assert position_text(t, tags) == text
