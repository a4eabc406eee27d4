"""Consistency checks on a state, run after every move by the tests and by ``canasta check``.

Each check returns a list of one-line problems; an empty list means the state is consistent. They
re-derive everything from first principles (the pack, the meld rules) rather than trusting the
counters the engine keeps.
"""

from __future__ import annotations

from .. import cards as C
from .generate import legal_moves
from .meldkinds import KIND
from .rules import BLACK3_KEY, IS_WILD, KEY_OF, RED3_KEY, RUN
from .scoring import score_hand
from .state import Phase, State


def card_problems(s: State) -> list[str]:
    """No card lost or duplicated: every card of the pack is somewhere, exactly once."""
    r = s.rules
    out = []
    counts = s.card_counts()
    for c in range(C.NUM_CARD_IDS):
        if counts[c] != r.deck_counts[c]:
            out.append(
                f"card count: {C.name(c)} appears {counts[c]} times; the pack has "
                f"{r.deck_counts[c]}"
            )
    for p in range(r.players):
        if sum(s.hands[p]) != s.hand_len[p]:
            out.append(f"card count: seat {p} hand length {s.hand_len[p]} != {sum(s.hands[p])}")
        rc = [0] * 16
        for c, n in enumerate(s.hands[p]):
            if n < 0:
                out.append(f"card count: seat {p} holds {n} of {C.name(c)}")
            rc[KEY_OF[c]] += n
        if rc != s.rc[p]:
            out.append(f"card count: seat {p} rank counts out of step")
        if rc[RED3_KEY] and (not r.red3_first_turn or s.had_turn[p]):
            out.append(f"red three: seat {p} holds a red three it should have laid down")
        if r.black3_bonus and rc[BLACK3_KEY]:
            out.append(f"black three: seat {p} holds a black three it should have laid down")
    return out


def meld_problems(s: State) -> list[str]:
    """Every meld has the shape its variant allows, and one open group per rank per side."""
    r = s.rules
    out = []
    for side, melds in enumerate(s.melds):
        runs: list[tuple[int, int, int]] = []
        # Sides that regrouped (seating.forming) joined their players' melds of one rank into
        # one meld, each within the limits when joined: the limits scale with the players.
        joined = max(1, len(s.members(side))) if s.sides_formed else 1
        for key, m in melds.items():
            wild = sum(1 for c in m.cards if IS_WILD[c])
            nat = len(m.cards) - wild
            if (nat, wild) != (m.naturals, m.wilds):
                where = f"side {side} meld {key}"
                out.append(f"{where}: counts {m.naturals}+{m.wilds} but holds {nat}+{wild}")
            found = KIND[m.kind].problems(r, side, key, m, joined)
            out.extend(found)
            if m.kind == RUN and not found and m.size < r.run_max:
                # Runs of one suit share no rank while both can take cards (checks.run_overlap).
                for su, a, b in runs:
                    if su == m.suit and a <= m.high and m.low <= b:
                        out.append(f"side {side} meld {key}: overlaps another run of its suit")
                runs.append((m.suit, m.low, m.high))
    return out


def foot_problems(s: State) -> list[str]:
    """The feet (``foot.kind = "foot"``): each waiting foot holds the size dealt, only a player
    whose hand is used up is taking one up, and no hand is left empty while its foot waits
    (outside that moment, or a hand that ended)."""
    r = s.rules
    if not r.foot:
        return ["foot: a variant without a foot holds feet"] if s.feet else []
    out = []
    if len(s.feet) != r.players:
        return [f"foot: {len(s.feet)} feet for {r.players} players"]
    for p, foot in enumerate(s.feet):
        if foot and len(foot) != r.foot_size:
            out.append(f"foot: seat {p}'s foot holds {len(foot)} cards, not {r.foot_size}")
        if foot and not s.hand_len[p] and not s.over and s.phase != Phase.FOOT:
            out.append(f"foot: seat {p}'s hand is empty but the foot was not taken up")
    if s.phase == Phase.FOOT and (not s.feet[s.turn] or s.hand_len[s.turn]):
        out.append("foot: taking up a foot with cards in hand, or no foot waiting")
    return out


def score_problems(s: State) -> list[str]:
    out = []
    for side, sc in enumerate(score_hand(s)):
        if sum(v for _, v in sc.rows()) != sc.total:
            out.append(f"score: side {side} rows do not add up to its total")
    return out


def state_problems(s: State, need_move: bool = True) -> list[str]:
    """All checks; with ``need_move``, also that a live position has a legal move."""
    out = card_problems(s) + meld_problems(s)
    if s.feet or s.rules.foot:
        out.extend(foot_problems(s))
    if s.phase == Phase.PLAY and s.drew == 0:
        out.append("phase: playing without having drawn")
    if s.over:
        out.extend(score_problems(s))
    elif need_move and s.stock_known and not legal_moves(s):
        out.append(f"dead end: no legal move in phase {s.phase.name}")
    return out
