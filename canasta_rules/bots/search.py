"""A search bot: determinised information-set search with the strategy bot as rollout policy.

At a decision with a real choice the bot takes the strategy bot's pick and a few alternatives
(every way to take the pile or draw; holding back instead of asking to go out; the next-best
discards by the strategy bot's own costs, one per rank where suits cannot matter; both answers to
partner). A meld the strategy bot picks is played at once unless ``search_melds`` is set. It then
deals the cards it cannot see afresh (other hands keep their sizes, the stock its size, in a new
order), plays each candidate in that same world, and plays on with strategy bots at every seat
for ``horizon`` turns (or to the end of the hand), scoring the hand as it then stands. The worlds
are shared by the candidates, so their comparison is paired. From ``prune_after`` worlds on, an
alternative whose paired gain over the pick stays below ``margin`` even ``prune_z`` standard
errors up is dropped, and when none is left the pick is played at once. After the budget (a
number of worlds, or seconds) the candidate with the best mean score for its side (minus the
others' mean) is played if its paired gain over the strategy bot's pick exceeds ``margin`` points
and ``z`` standard errors; otherwise the pick.

Answering partner's "may I go out?", only worlds in which partner can go out are used (the ask
says so). What the bot treats as unseen: every card not in its hand, on the table (melds, red
threes) or in the pile. It does not remember which cards other players took with the pile (the
state does not record it), so it deals those as unknown too; red threes are kept in the stock,
since a player holding one would have laid it down.
"""

from __future__ import annotations

import random
import time

from ..engine.apply import apply_unchecked
from ..engine.generate import legal_moves
from ..engine.goingout import going_out_plan
from ..engine.moves import Ask, Discard, Meld, Move
from ..engine.rules import KEY_OF
from ..engine.scoring import score_hand
from ..engine.state import Phase, State
from .strategy import StrategyBot


class SearchBot:
    """The search bot (``--bots search``): ``simulations`` worlds per decision, or ``seconds``."""

    name = "search"

    def __init__(
        self,
        seed: int = 0,
        simulations: int = 16,
        seconds: float | None = None,
        candidates: int = 3,
        margin: float = 10.0,
        z: float = 1.5,
        horizon: int | None = 4,
        prune_after: int = 2,
        prune_z: float = 2.0,
        search_melds: bool = False,
    ):
        self.rng = random.Random(f"search-bot:{seed}")
        self.policy = StrategyBot(seed)
        self.rollout_policy = StrategyBot(seed + 1)
        self.simulations = simulations
        self.seconds = seconds
        self.width = candidates
        self.margin = margin
        self.z = z
        self.horizon = horizon
        """Turns a rollout plays after the candidate before the position is scored as it stands
        (``None``: to the end of the hand)."""
        self.prune_after = prune_after
        self.prune_z = prune_z
        self.search_melds = search_melds
        """Whether a meld the strategy bot picks is searched against holding back (off by
        default: see docs/bots.md)."""
        self.rollouts = 0
        """Rollouts played so far (for tests and benches)."""
        self.searched = 0
        """Decisions searched so far (for benches)."""
        self.pruned = 0
        """Searches stopped early because every alternative was pruned."""

    def __call__(self, s: State) -> Move:
        moves = legal_moves(s)
        if not moves:
            raise RuntimeError(f"no legal move in a live position (phase {s.phase.name})")
        pick = self.policy(s)
        if len(moves) == 1 or (isinstance(pick, Meld) and not self.search_melds):
            return pick
        cands = self.candidates(s, moves, pick)
        if len(cands) == 1:
            return pick
        self.searched += 1
        return self.search(s, cands)

    # ------------------------------------------------------------------ candidates
    def candidates(self, s: State, moves: list[Move], pick: Move) -> list[Move]:
        """The strategy bot's pick first, then the alternatives worth a look."""
        out = [pick]
        seen = {self._same(s, pick)}
        if s.phase in (Phase.ANSWER, Phase.DRAW):
            out.extend(m for m in moves if m != pick)
            return out[: self.width]
        if isinstance(pick, (Meld, Ask)):
            # Hold back: discard now instead of melding (or of asking to go out).
            d = self.policy.discard(s, moves)
            if isinstance(d, Discard) and d not in out:
                out.append(d)
                seen.add(self._same(s, d))
        costs = sorted(self.policy.discard_costs(s, moves), key=lambda cm: cm[0])
        for _, m in costs:
            if len(out) >= self.width:
                break
            key = self._same(s, m)
            if m not in out and key not in seen:
                out.append(m)
                seen.add(key)
        return out

    @staticmethod
    def _same(s: State, m: Move) -> object:
        """A key equal for moves that do the same thing: discarding either of two cards of one
        rank and value is the same play where the variant has no runs (suits then never matter)."""
        if isinstance(m, Discard) and not s.rules.runs:
            return ("discard", KEY_OF[m.card], s.rules.value[m.card])
        return m

    # ------------------------------------------------------------------ search
    def search(self, s: State, cands: list[Move]) -> Move:
        me = s.actor
        side = s.side_of[me]
        values: list[list[float]] = [[] for _ in cands]
        live = list(range(len(cands)))  # the pick (0) and the alternatives still in the running
        worlds = 0
        start = time.perf_counter()
        deadline = None if self.seconds is None else start + self.seconds
        while True:
            began = time.perf_counter()
            world = self.world(s, me)
            tie_seed = self.rng.random()
            for i in live:
                self.rollout_policy.rng.seed(tie_seed)  # the same tie-breaks for every candidate
                t = world.copy()
                apply_unchecked(t, cands[i])
                values[i].append(self.rollout(t, side))
            worlds += 1
            if worlds >= self.prune_after:
                # Drop the alternatives that cannot plausibly clear the margin; with none left,
                # the pick stands and the search stops early.
                keep = [0]
                for i in live[1:]:
                    mean, se = self._gain(values[i], values[0])
                    if mean + self.prune_z * se > self.margin:
                        keep.append(i)
                live = keep
                if len(live) == 1:
                    self.pruned += 1
                    return cands[0]
            if deadline is not None:
                # Start another world only if one more (as long as the last) fits the budget.
                now = time.perf_counter()
                if now + (now - began) > deadline:
                    break
            elif worlds >= self.simulations:
                break
        # Paired comparison with the pick: switch only for a gain above the margin and above
        # ``z`` standard errors of the mean difference (the worlds are shared, so the noise of
        # the deal largely cancels).
        best, best_gain = 0, 0.0
        for i in live[1:]:
            mean, se = self._gain(values[i], values[0])
            if mean > self.margin and mean > self.z * se and mean > best_gain:
                best, best_gain = i, mean
        return cands[best]

    @staticmethod
    def _gain(alt: list[float], pick: list[float]) -> tuple[float, float]:
        """The mean paired gain of an alternative over the pick, and its standard error."""
        n = len(pick)
        diffs = [a - b for a, b in zip(alt, pick, strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
        return mean, (var / n) ** 0.5

    def world(self, s: State, me: int) -> State:
        """A determinisation consistent with what ``me`` knows. Answering partner's "may I go
        out?", that includes that partner can go out: worlds where the redealt hand could not are
        drawn again (after 50 tries, partner keeps the real hand)."""
        if s.phase != Phase.ANSWER:
            return self.determinise(s, me)
        asker = s.turn
        for _ in range(50):
            t = self.determinise(s, me)
            t.phase = Phase.PLAY
            ok = going_out_plan(t) is not None
            t.phase = Phase.ANSWER
            if ok:
                return t
        return self.determinise(s, me, keep=asker)

    def determinise(self, s: State, me: int, keep: int = -1) -> State:
        """A copy of ``s`` with the cards ``me`` cannot see dealt afresh."""
        t = s.copy()
        r = t.rules
        pool: list[int] = list(t.stock)
        for q in range(r.players):
            if q in (me, keep):
                continue
            for c, n in enumerate(t.hands[q]):
                if n:
                    pool.extend([c] * n)
                    for _ in range(n):
                        t.remove_card(q, c)
        if r.foot:
            # Feet still waiting are unseen by everyone, their owners included (foot.kind).
            pool.extend(c for foot in t.feet for c in foot)
            self.rng.shuffle(pool)
            feet: list[tuple[int, ...]] = []
            for foot in t.feet:
                feet.append(tuple(pool[: len(foot)]))
                pool = pool[len(foot) :]
            t.feet = feet
        # Bonus threes (red, and black where black_threes.bonus) are never held: keep them in
        # the stock.
        reds = [c for c in pool if r.bonus[c]]
        rest = [c for c in pool if not r.bonus[c]]
        self.rng.shuffle(rest)
        i = 0
        for q in range(r.players):
            if q in (me, keep):
                continue
            need = s.hand_len[q]
            for c in rest[i : i + need]:
                t.add_card(q, c)
            i += need
        stock = rest[i:] + reds
        self.rng.shuffle(stock)
        t.stock = stock
        t.stock_known = True
        return t

    def rollout(self, t: State, side: int) -> float:
        """Play on with strategy bots to the end of the hand, or for ``horizon`` turns; then the
        side's hand score as it stands minus the others' mean."""
        bot = self.rollout_policy
        self.rollouts += 1
        horizon = self.horizon
        turns = 0
        turn = t.turn
        while not t.over:
            apply_unchecked(t, bot(t))
            if t.turn != turn:
                turn = t.turn
                turns += 1
                if horizon is not None and turns >= horizon:
                    break
        scores = [x.total for x in score_hand(t)]
        others = (sum(scores) - scores[side]) / max(1, len(scores) - 1)
        return scores[side] - others
