"""A strategy bot: plays as a careful club player would, in any variant.

Every decision reads the variant through the engine's :class:`~canasta_rules.engine.Rules`
(``state.rules``): card values, canasta size and bonuses, the ways a pile may be taken, the
going-out and concealed bonuses, whether partners ask permission. It never looks at a variant's
name, and it looks only at what its seat may see: its own hand, the table (melds, red threes, the
pile, hand sizes, the stock's size, the scores). The heuristics, and why, are in docs/bots.md.

A decision in brief:

- **Draw or take the pile**: take it when the pile is worth more than the cards the take costs,
  never spending a wild card on a small pile.
- **Meld**: lay naturals where they build towards a canasta; spend wild cards only to finish a
  canasta, to make a meld legal, or when the hand is in danger; keep pairs (they take the pile);
  keep a few cards in hand; dump everything when an opponent is about to go out; under rules that
  charge for unfinished melds (Modern American's sevens, aces, wild melds), lay none that adds a
  charge.
- **Go out or hold back**: go out when it pays (the game is won, a concealed finish, the
  opponents are close, partner holds little); otherwise keep building canastas.
- **Ask and answer**: where the variant has partners ask, ask whenever going out is wanted;
  answer by the cards in one's own hand, the stock and the opponents' progress.
- **Discard**: the card least useful to the next player and least useful to keep: a black three
  (a stopper), a card the next player cannot take the pile with, a singleton of low value; a wild
  card only to freeze a rich pile.
"""

from __future__ import annotations

import random
from math import comb

from .. import cards as C
from ..engine.checks import resolve_key
from ..engine.generate import legal_moves
from ..engine.goingout import going_out_plan
from ..engine.moves import Answer, Ask, Discard, Draw, Meld, Move, TakePile
from ..engine.rules import BLACK3_KEY, IS_WILD, KEY_OF
from ..engine.state import Permission, Phase, State
from .simple import without_new_charges

_NATURAL_KEYS = tuple(range(4, 15))
_WILD_KEYS = (C.TWO, C.JOKER_RANK)


def _unseen(s: State, p: int) -> list[int]:
    """Per rank key, how many cards ``p`` cannot see (other hands and the stock)."""
    r = s.rules
    out = [0] * 16
    for c, n in enumerate(r.deck_counts):
        if n:
            out[KEY_OF[c]] += n
    for k, n in enumerate(s.rc[p]):
        out[k] -= n
    for side in s.melds:
        for m in side.values():
            for c in m.cards:
                out[KEY_OF[c]] -= 1
    for c in s.pile:
        out[KEY_OF[c]] -= 1
    for reds in s.red3:
        for c in reds:  # laid-out threes: red, and black where black_threes.bonus
            out[KEY_OF[c]] -= 1
    return out


def _p_at_least_two(pool: int, good: int, drawn: int) -> float:
    """P(a hand of ``drawn`` cards from ``pool`` unseen cards holds two or more of ``good``)."""
    if good < 2 or drawn < 2 or pool <= 0:
        return 0.0
    drawn = min(drawn, pool)
    total = comb(pool, drawn)
    p0 = comb(pool - good, drawn) / total
    p1 = good * comb(pool - good, drawn - 1) / total
    return max(0.0, 1.0 - p0 - p1)


class StrategyBot:
    """The strategy bot (``--bots strategy``). Deterministic apart from its seeded tie-breaks."""

    name = "strategy"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(f"strategy-bot:{seed}")

    # ------------------------------------------------------------------ entry point
    def __call__(self, s: State) -> Move:
        moves = legal_moves(s)
        if not moves:
            raise RuntimeError(f"no legal move in a live position (phase {s.phase.name})")
        if len(moves) == 1:
            return moves[0]
        ph = s.phase
        if ph == Phase.ANSWER:
            return Answer(self.answer_yes(s))
        if ph == Phase.DRAW:
            return self.draw_or_take(s, moves)
        return self.play(s, moves)

    # ------------------------------------------------------------------ situation
    @staticmethod
    def opponents_close(s: State, p: int) -> bool:
        """An opponent could go out soon: few cards in hand and a canasta (or the stock is low)."""
        r = s.rules
        side = s.side_of[p]
        if len(s.stock) <= 2 * r.players * r.draw_count:
            return True
        for q in range(r.players):
            if s.side_of[q] == side:
                continue
            if s.hand_len[q] <= 4 and s.canastas(s.side_of[q]) >= r.canastas_to_go_out:
                return True
        return False

    @staticmethod
    def would_win(s: State, p: int) -> bool:
        """Whether going out now very likely ends the game with this side ahead."""
        r = s.rules
        side = s.side_of[p]
        melds = sum(r.value[c] for m in s.melds[side].values() for c in m.cards)
        bonus = sum(
            (r.mixed_bonus if m.wilds else r.natural_bonus)
            for m in s.melds[side].values()
            if r.is_canasta(m.naturals, m.size)
        )
        mine = s.scores[side] + melds + bonus + r.out_bonus
        others = max((sc for i, sc in enumerate(s.scores) if i != side), default=0)
        return mine >= r.target and mine > others + 300

    def want_out(self, s: State, p: int, concealed: bool) -> bool:
        """Go out now, or hold back to build more canastas?"""
        r = s.rules
        if concealed and r.concealed_bonus > r.out_bonus:
            return True
        if self.opponents_close(s, p) or self.would_win(s, p):
            return True
        partner_cards = sum(s.hand_len[q] for q in s.partners(p))
        if partner_cards <= 4:
            return True
        # Hold back while partner holds many cards, the stock is deep and there are canastas
        # within reach: they are worth more than the going-out bonus.
        side = s.side_of[p]
        near = sum(
            1
            for m in s.melds[side].values()
            if not r.is_canasta(m.naturals, m.size) and m.size >= r.canasta_size - 2
        )
        deep = len(s.stock) >= 6 * r.players
        return not (partner_cards >= 7 and deep and near >= 1)

    def answer_yes(self, s: State) -> bool:
        """Partner asks to go out; answer from this seat's own hand."""
        r = s.rules
        me = s.answerer
        asker = s.turn
        if self.opponents_close(s, me) or self.would_win(s, asker):
            return True
        side = s.side_of[me]
        melds = s.melds[side]
        hand = s.hands[me]
        rc = s.rc[me]
        at_risk = sum(r.value[c] * n for c, n in enumerate(hand) if n)
        # Cards the answerer could lay on its next turn: ranks the side has melded, threes of a
        # kind, wild cards.
        layable = 0
        for k in _NATURAL_KEYS:
            if rc[k] and (k in melds or rc[k] >= r.min_size):
                layable += rc[k] * r.key_value[k]
        layable += sum(rc[k] * r.key_value[k] for k in _WILD_KEYS)
        near = sum(
            1
            for k, m in melds.items()
            if not r.is_canasta(m.naturals, m.size)
            and k in _NATURAL_KEYS
            and m.size + rc[k] >= r.canasta_size - 1
        )
        deep = len(s.stock) >= 5 * r.players
        worth_waiting = near or layable >= r.out_bonus // 2
        return not (deep and worth_waiting and at_risk > r.out_bonus // 2)

    # ------------------------------------------------------------------ the draw
    def draw_or_take(self, s: State, moves: list[Move]) -> Move:
        takes = [m for m in moves if isinstance(m, TakePile)]
        draw = next((m for m in moves if isinstance(m, Draw)), None)
        if not takes:
            return draw if draw is not None else moves[0]
        pile = len(s.pile)

        def cost(m: TakePile) -> tuple[int, int]:
            wild = sum(1 for c in m.shown if IS_WILD[c]) + sum(
                1 for g in m.melds for c in g if IS_WILD[c]
            )
            return (wild, -len(m.shown) - sum(len(g) for g in m.melds))

        best = min(takes, key=cost)
        wild = cost(best)[0]
        if draw is None:
            return best
        side = s.side_of[s.turn]
        opening = not s.opened[side]
        # A pile that opens the side, or any pile of a few cards, is worth a pair from hand; a
        # wild card is spent only on a rich pile.
        if wild:
            return best if pile >= 6 or (opening and pile >= 4) else draw
        if pile >= 3 or opening or not best.shown:
            return best
        return best if pile >= 2 and len(s.stock) > 10 else draw

    # ------------------------------------------------------------------ melding and discarding
    def play(self, s: State, moves: list[Move]) -> Move:
        r = s.rules
        p = s.turn
        plan = going_out_plan(s)
        if plan is not None:
            concealed = self._plan_concealed(s, p, plan)
            if self.want_out(s, p, concealed):
                if r.permission and s.permission == Permission.NONE and Ask() in moves:
                    return Ask()
                first = plan[0]
                if first in moves:
                    return first
        if self._hold_for_concealed(s, p):
            return self.discard(s, moves)
        melds = [m for m in moves if isinstance(m, Meld)]
        if melds and r.special_scoring:  # no meld that adds an unfinished-meld charge
            melds = without_new_charges(s, melds, moves)
        best: Meld | None = None
        best_score = 0.0
        # Playing alone and drawing several cards a turn, holding melds back does not pay: with
        # no partner to build with, the cards held only count against the player when the
        # opponent goes out (measured under two-hand; with one card a turn, as in online, holding
        # back is better). So melds go down at once.
        alone_fast = r.side_size == 1 and r.draw_count > 1
        danger = alone_fast or self.opponents_close(s, p)
        for m in melds:
            sc = self._meld_score(s, m, danger)
            if sc > best_score:
                best, best_score = m, sc
        if best is not None:
            return best
        return self.discard(s, moves)

    @staticmethod
    def _plan_concealed(s: State, p: int, plan: list[Move]) -> bool:
        """Whether following the going-out plan would count as concealed (the engine's rule,
        ``legality.concealed_now``, applied to the plan before it is played)."""
        r = s.rules
        side = s.side_of[p]
        if not r.concealed_player:
            return not s.opened[side]
        if s.prior_melded or s.turn_melded:
            return False
        added_old = any(isinstance(m, Meld) and m.adds for m in plan)
        if added_old and not r.concealed_partner_melds:
            return False
        if not r.concealed_own_canasta:
            return True
        return any(
            r.is_canasta(sum(1 for c in g if not IS_WILD[c]), len(g))
            for m in plan
            if isinstance(m, Meld)
            for g in m.melds
        )

    def _hold_for_concealed(self, s: State, p: int) -> bool:
        """Hold the hand back (meld nothing) to try for a concealed finish, where it pays."""
        r = s.rules
        if r.concealed_bonus <= r.out_bonus or s.player_melded[p] or s.turn_melded:
            return False
        side = s.side_of[p]
        if not s.opened[side] or self.opponents_close(s, p):
            return False
        if s.hand_len[p] > r.canasta_size + 5:
            return False
        rc = s.rc[p]
        wild = rc[C.TWO] + rc[C.JOKER_RANK]
        # A canasta of one's own within two cards, counting the wild cards the variant allows.
        for k in _NATURAL_KEYS:
            nat = rc[k]
            if nat >= r.canasta_base and nat + min(wild, r.meld_wild_cap(nat)) >= (
                r.canasta_size - 1
            ):
                return True
        return False

    def _meld_score(self, s: State, m: Meld, danger: bool) -> float:
        r = s.rules
        p = s.turn
        side = s.side_of[p]
        melds = s.melds[side]
        laid = sum(len(g) for g in m.melds) + sum(len(g) for _, g in m.adds)
        left = s.hand_len[p] - laid
        opening = not s.opened[side]
        score = 0.0
        for g in m.melds:
            nat = sum(1 for c in g if not IS_WILD[c])
            wild = len(g) - nat
            score += nat
            if r.is_canasta(nat, len(g)):
                score += 8 if wild == 0 else 6
            elif not opening and not danger:
                needed = max(0, r.min_size - nat)
                score -= 2.5 * max(0, wild - needed)
                if nat == r.min_naturals and nat < r.min_size:
                    score -= 1.5  # a pair is worth more in hand, to take the pile with
        for ref, g in m.adds:
            key = resolve_key(s, side, ref)  # a run is named by a card of it, not by its key
            if key is None:  # pragma: no cover - legal moves name the side's melds
                continue
            old = melds[key]
            nat = sum(1 for c in g if not IS_WILD[c])
            wild = len(g) - nat
            was = r.is_canasta(old.naturals, old.size)
            now = r.is_canasta(old.naturals + nat, old.size + len(g))
            score += 1.2 * nat
            if now and not was:
                score += 8 if old.wilds + wild == 0 else 6
            elif wild and not danger:
                # A wild card on a meld pays only when it brings the canasta near.
                short = r.canasta_size - old.size - len(g)
                score += 0.5 if short <= 1 else -2.5 * wild
        if opening:
            score += 3 + s.minimum(side) / 50
        if danger:
            score += sum(r.value[c] for g in m.melds for c in g) / 20
            score += sum(r.value[c] for _, g in m.adds for c in g) / 20
        elif left < 3 and not opening:
            score -= 4  # keep cards to take the pile with
        return score

    def discard(self, s: State, moves: list[Move]) -> Move:
        costs = self.discard_costs(s, moves)
        if not costs:
            return moves[0]
        best_cost = min(c for c, _ in costs)
        ties = [m for c, m in costs if c <= best_cost + 1e-9]
        if len(ties) > 1:
            return ties[self.rng.randrange(len(ties))]
        return ties[0]

    def discard_costs(self, s: State, moves: list[Move]) -> list[tuple[float, Discard]]:
        """Each legal discard with its cost (lower is better), in the order of ``moves``."""
        discards = [m for m in moves if isinstance(m, Discard)]
        out: list[tuple[float, Discard]] = []
        if not discards:
            return out
        r = s.rules
        p = s.turn
        side = s.side_of[p]
        nxt = r.next_seat(p)
        nside = s.side_of[nxt]
        rc = s.rc[p]
        unseen = _unseen(s, p)
        pool = sum(s.hand_len[q] for q in range(r.players) if q != p) + len(s.stock)
        pile_n = len(s.pile) + 1
        frozen_next = s.frozen_for(nxt) if nside != side else True
        ways = r.frozen_ways if frozen_next else r.unfrozen_ways
        danger = self.opponents_close(s, p)
        in_pile = [0] * 16
        for c in s.pile:
            in_pile[KEY_OF[c]] += 1
        nwild = rc[C.TWO] + rc[C.JOKER_RANK]
        freeze = not s.frozen and nwild >= 2 and len(s.pile) >= 8 and s.opened[nside] and not danger
        for m in discards:
            c = m.card
            k = KEY_OF[c]
            value = r.value[c]
            if IS_WILD[c]:
                cost = -5.0 if freeze else 40.0 + value / 10
            elif k == BLACK3_KEY:
                # A stopper: the next player cannot take the pile over it.
                cost = -2.0 if pile_n > 2 else 1.0
                if r.black3_meldable and rc[BLACK3_KEY] >= r.min_size:
                    cost += 3
            else:
                # Danger: can the next player take the pile with this card?
                feed = 0.0
                if nside != side:
                    if "add_to_meld" in ways and k in s.melds[nside]:
                        feed = 1.0
                    else:
                        pair = _p_at_least_two(pool, unseen[k], s.hand_len[nxt])
                        if in_pile[k]:
                            pair *= 0.5  # passed before: the next player likely lacks a pair
                        one = 0.0
                        if "natural_and_wild" in ways and unseen[k]:
                            one = 0.3 * min(1.0, unseen[k] * s.hand_len[nxt] / max(pool, 1))
                        feed = pair if "natural_pair" in ways else 0.0
                        feed = max(feed, one)
                keep = 0.0
                held = rc[k]
                if held >= 2:
                    keep += 2.5 + held  # pairs take the pile; threes make melds
                if k in s.melds[side]:
                    keep += 3.0
                cost = feed * (2.0 + pile_n / 2) * 3 + keep
                cost += value / (4.0 if danger else 20.0)
            out.append((cost, m))
        return out
