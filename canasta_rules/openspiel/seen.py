"""What a player sees of a position of the OpenSpiel game: the observation and information-state
strings and tensors (:class:`CanastaObserver`), the position in words (``str(state)``), and a
world the player cannot tell from it (:func:`resample`, for ISMCTS).

A player sees their own hand, the table (melds, red threes, the pile, hand sizes, the stock's
size, scores) and the cards known to be in other hands (taken with the pile and not yet played).
The information-state string adds the public history of the hand (who drew, what was melded,
discarded, asked); the observation string and both tensors hold the current view only.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

import numpy as np

from .. import cards as C
from ..engine.moves import Draw, Expose, Foot, Move, TakePile
from ..engine.rules import Rules
from ..engine.state import Phase, State
from .table import LogEntry, Table


class Positioned(Protocol):
    """A state of the game (``CanastaState``): its :class:`Table` is ``d``."""

    d: Table


def describe(t: Table) -> str:
    """The whole position in words, every hand shown (``str(state)``)."""
    s = t.s
    if s is None:
        return f"dealing hand {t.hand_no}"
    lines = [f"hand {t.hand_no}, seat {s.actor} to move, phase {s.phase.name}"]
    for p in range(t.rules.players):
        lines.append(f"seat {p}: {C.names(s.hand_cards(p))}")
    lines.append(_table(s))
    return "\n".join(lines)


def view(t: Table, player: int) -> str:
    """The current view of ``player``: own hand, the table, cards known in other hands."""
    s = t.s
    head = f"seat {player}; hand {t.hand_no}; scores {t.scores}"
    if s is None:
        mine = [c for c in t.deal_hands[player]]
        mine.sort(key=C.sort_key)
        return f"{head}; dealing; own {C.names(mine)}; upcards {C.names(t.deal_pile)}"
    parts = [head, f"own {C.names(s.hand_cards(player))}", _table(s)]
    for q in range(t.rules.players):
        k = t.known[q]
        if q != player and any(k):
            parts.append(f"seat {q} holds {C.names(c for c in range(53) for _ in range(k[c]))}")
    if t.pending is not None:
        parts.append(f"seat {s.turn} drawing")
    return "; ".join(parts)


def information_state(t: Table, player: int) -> str:
    """What ``player`` sees now (:func:`view`) and the hand's history as ``player`` saw it."""
    log, words = t.log, t.words
    if len(words) < len(log):
        words.extend(map(log_text, log[len(words) :]))
    seen = (-1, player)
    history = [text for entry, text in zip(log, words, strict=True) if entry[0] in seen]
    return view(t, player) + "\n" + "\n".join(history)


def resample(t: Table, player_id: int, rng: random.Random) -> None:
    """A state ``player_id`` cannot tell from this one: the cards it has not seen (other
    hands, except cards known from pile pickups, and the stock) dealt afresh at random."""
    s = t.s
    if s is None or t.pending is not None:
        return  # pragma: no cover - ISMCTS resamples at decision nodes
    r = t.rules
    pool: list[int] = list(s.stock)
    if r.foot:  # nobody has seen a foot still waiting, its owner included
        pool.extend(c for foot in s.feet for c in foot)
    slots: dict[int, int] = {}
    for q in range(r.players):
        if q == player_id:
            continue
        hidden = s.hand_len[q] - sum(t.known[q])
        slots[q] = hidden
        for c in range(C.NUM_CARD_IDS):
            extra = s.hands[q][c] - t.known[q][c]
            pool.extend([c] * extra)
    rng.shuffle(pool)
    if r.foot:
        feet: list[tuple[int, ...]] = []
        for foot in s.feet:
            feet.append(tuple(pool[: len(foot)]))
            pool = pool[len(foot) :]
        s.feet = feet
    # Red threes unseen are in the stock: a hand holds one only before its first turn
    # under red_threes.exposed = "first_turn", so dealing them to hands would make
    # positions play cannot reach. (Such a hand is redealt without them: still a world
    # consistent with what the player saw.)
    reds = [c for c in pool if r.bonus[c]]  # black threes too, where they are bonus cards
    pool = [c for c in pool if not r.bonus[c]]
    i = 0
    for q, n in slots.items():
        for c in range(C.NUM_CARD_IDS):
            while s.hands[q][c] > t.known[q][c]:
                s.remove_card(q, c)
        for c in pool[i : i + n]:
            s.add_card(q, c)
        i += n
    stock = pool[i:] + reds
    rng.shuffle(stock)
    s.stock = stock
    t._legal = None
    t._total = -1  # the stock holds other cards now: count them again


def log_text(entry: LogEntry) -> str:
    _, text, item = entry
    if item is None:
        return text
    if isinstance(item, int):
        return text + C.name(item)
    return text + _public(item)


def _public(m: Move) -> str:
    """What everyone sees of a move: not the cards drawn."""
    if isinstance(m, Draw):
        return "draw"
    if isinstance(m, Expose):
        return "expose"
    if isinstance(m, Foot):
        return "foot"
    if isinstance(m, TakePile):
        return str(TakePile(m.shown, m.melds, None, m.onto))
    return str(m)


def _table(s: State) -> str:
    r = s.rules
    parts = []
    for side in range(r.sides):
        melds = " | ".join(C.names(m.cards) for _, m in sorted(s.melds[side].items()))
        parts.append(f"side {side} melds [{melds}] red3 {len(s.red3[side])}")
    parts.append(f"pile {C.names(s.pile)}{' frozen' if s.frozen else ''}")
    parts.append(f"stock {len(s.stock)}; hand sizes {s.hand_len}")
    parts.append(f"turn {s.turn} phase {s.phase.name} permission {s.permission.name}")
    return "; ".join(parts)


_PHASES = len(Phase)


class CanastaObserver:
    """The tensor and string views of a state (both the information state and the observation
    use this layout; the information-state string adds the public history)."""

    def __init__(self, rules: Rules, perfect_recall: bool):
        n = rules.players
        sides = rules.sides
        self.perfect = perfect_recall
        pieces = [
            ("player", n),
            ("hand", C.NUM_CARD_IDS),
            ("known", n * C.NUM_CARD_IDS),
            ("pile", C.NUM_CARD_IDS),
            ("top", C.NUM_CARD_IDS),
            ("melds", sides * 16 * 2),
            ("red3", sides),
            ("opened", sides),
            ("hand_sizes", n),
            ("stock", 1),
            ("frozen", 1),
            ("phase", _PHASES),
            ("turn", n),
            ("permission", 3),
            ("scores", sides),
            # Cards in each player's foot still face down (foot.kind = "foot"; none otherwise).
            ("feet", n if rules.foot else 0),
        ]
        size = sum(k for _, k in pieces)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {}
        i = 0
        for name, k in pieces:
            self.dict[name] = self.tensor[i : i + k]
            i += k

    def set_from(self, state: Positioned, player: int) -> None:
        self.tensor.fill(0)
        d = self.dict
        d["player"][player] = 1
        table = state.d
        s = table.s
        if s is None:
            for c in table.deal_hands[player]:
                d["hand"][c] += 1
            return
        d["hand"][:] = s.hands[player]
        for q in range(s.rules.players):
            if q != player:
                base = q * C.NUM_CARD_IDS
                d["known"][base : base + C.NUM_CARD_IDS] = table.known[q]
        for c in s.pile:
            d["pile"][c] += 1
        if s.pile:
            d["top"][s.pile[-1]] = 1
        for side, melds in enumerate(s.melds):
            for k, m in melds.items():
                if 0 <= k < 16:
                    d["melds"][(side * 16 + k) * 2] = m.naturals
                    d["melds"][(side * 16 + k) * 2 + 1] = m.wilds
            d["red3"][side] = len(s.red3[side])
            d["opened"][side] = s.opened[side]
            d["scores"][side] = s.scores[side] / 1000
        d["hand_sizes"][:] = s.hand_len
        d["stock"][0] = len(s.stock)
        d["frozen"][0] = s.pile_frozen(s.side_of[player])  # against the observer
        d["phase"][int(s.phase)] = 1
        d["turn"][s.actor] = 1
        d["permission"][int(s.permission)] = 1
        if s.feet:
            d["feet"][:] = [len(f) for f in s.feet]

    def string_from(self, state: Positioned, player: int) -> str:
        table = state.d
        return information_state(table, player) if self.perfect else view(table, player)
