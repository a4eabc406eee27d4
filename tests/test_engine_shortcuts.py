"""The engine's speed-ups give the answers of the plain definitions they stand in for.

The move generator and its helpers take shortcuts where a position allows (docs/architecture.md,
"The engine's lead"): an opened side's pickups skip ``check_take``'s checks of the cards shown,
opening groups read the hand's counts per rank, ``recognise`` remembers its answers, new runs are
read a suit at a time. Each test here plays seeded random hands and holds a shortcut to the plain
reading at every position it meets. (``bench/engine_fingerprint.py`` holds the whole engine to
its earlier answers; these pin the pieces.)
"""

from __future__ import annotations

import random

import pytest

from canasta_rules import cards as C
from canasta_rules.bots import RandomBot
from canasta_rules.engine import State, apply_unchecked, deal, rules_for
from canasta_rules.engine.checks import open_meld
from canasta_rules.engine.meldkinds import _RECOGNISED_MAX, _recognise, recognise
from canasta_rules.engine.moves import TakePile
from canasta_rules.engine.pile import (
    check_take,
    hand_runs,
    key_counts,
    of_key,
    pile_takes,
    valued_opening_groups,
)
from canasta_rules.engine.rules import CARDS_OF_KEY, KEY_OF
from canasta_rules.engine.state import DRAW
from canasta_rules.variant import load_variant

VARIANTS = ["classic", "samba", "hand-and-foot", "modern-american", "bolivia"]


def _positions(name: str, hands: int) -> list[State]:
    """A copy of every position of ``hands`` seeded random hands of ``name``."""
    r = rules_for(load_variant(name), None)
    out: list[State] = []
    for h in range(hands):
        s = deal(r, f"shortcuts:{h}", dealer=h % r.players)
        bot = RandomBot(h)
        while not s.over:
            out.append(s.copy())
            apply_unchecked(s, bot(s))
    return out


def _runs_rank_by_rank(s: State, hand: list[int]) -> list[tuple[int, ...]]:
    """``hand_runs`` as first written: every rank of every suit asked in turn."""
    r = s.rules
    out: list[tuple[int, ...]] = []
    for suit in range(4):
        stretch: list[int] = []
        for rank in range(4, 16):
            c = C.card(rank, suit) if rank <= 14 else -1
            if c >= 0 and hand[c] > 0:
                stretch.append(c)
                continue
            while len(stretch) >= r.run_min:
                out.append(tuple(stretch[: r.run_max]))
                stretch = stretch[r.run_max :]
            stretch = []
    return out


@pytest.mark.parametrize("name", VARIANTS)
def test_every_canonical_pickup_check_take_accepts_is_listed(name: str) -> None:
    """An opened side's pickups (two naturals, a natural and each kind of wild card, the top
    card alone onto the meld) are listed exactly when ``check_take`` accepts them."""
    seen = 0
    for s in _positions(name, 6):
        side = s.side_of[s.turn]
        if s.phase != DRAW or not s.pile or not s.opened[side]:
            continue
        hand = s.hands[s.turn]
        rank = KEY_OF[s.pile[-1]]
        nat = of_key(hand, rank) if rank >= 4 else []
        # The top card alone goes onto the side's meld of its rank (onto a run, it names it).
        shows: list[tuple[int, ...]] = [()] if open_meld(s, side, rank) is not None else []
        if len(nat) >= 2:
            shows.append((nat[0], nat[1]))
        for key in (C.TWO, C.JOKER_RANK):
            if nat and s.rc[s.turn][key]:
                shows.append((nat[0], of_key(hand, key)[0]))
        listed = [m for m in pile_takes(s) if isinstance(m, TakePile) and not m.onto]
        accepted = [TakePile(show) for show in shows if check_take(s, TakePile(show)) is None]
        assert sorted(map(str, listed)) == sorted(map(str, accepted))
        seen += bool(accepted)
    assert seen  # some position had a pickup to take


@pytest.mark.parametrize("name", VARIANTS)
def test_opening_groups_read_from_counts_or_cards_alike(name: str) -> None:
    for s in _positions(name, 3):
        hand = s.hands[s.turn]
        assert key_counts(hand) == s.rc[s.turn]
        assert valued_opening_groups(s, hand) == valued_opening_groups(s, hand, counts=s.rc[s.turn])


@pytest.mark.parametrize("name", ["samba", "bolivia"])
def test_new_runs_read_a_suit_at_a_time_as_rank_by_rank(name: str) -> None:
    rng = random.Random(7)
    s = _positions(name, 1)[0]
    for _ in range(300):
        hand = [rng.choice((0, 0, 1, 1, 2)) for _ in range(C.NUM_CARD_IDS)]
        assert hand_runs(s, hand) == _runs_rank_by_rank(s, hand)


def test_recognise_remembers_what_it_would_work_out_and_stays_bounded() -> None:
    rng = random.Random(3)
    for name in ("classic", "samba", "bolivia"):
        r = rules_for(load_variant(name), None)
        for _ in range(500):
            group = [rng.randrange(C.NUM_CARD_IDS) for _ in range(rng.randrange(1, 6))]
            assert recognise(r, group) == _recognise(r, tuple(group))
            assert recognise(r, tuple(group)) == _recognise(r, tuple(group))
    r = rules_for(load_variant("classic"), None)
    for i in range(_RECOGNISED_MAX + 10):
        recognise(r, (i % 52, (i // 52) % 52, 52))
        assert len(r.recognised) <= _RECOGNISED_MAX


def test_key_counts_of_a_hand() -> None:
    hand = [0] * C.NUM_CARD_IDS
    for c in (*CARDS_OF_KEY[7], CARDS_OF_KEY[7][0], C.JOKER, C.card(2, 1)):
        hand[c] += 1
    counts = key_counts(hand)
    assert counts[7] == 5 and counts[C.JOKER_RANK] == 1 and counts[C.TWO] == 1
    assert sum(counts) == 7
