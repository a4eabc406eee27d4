"""The dynamic part of ``canasta check``: seeded hands played by the bots, checked as they go.

A check "game" is one hand from a seeded deal (see :func:`setup_for`): the table size, the dealer,
the sides' cumulative scores (hence the initial-meld tier) and the bot all come from ``(seed,
game index)``, so that a thousand games cover every tier, every seat as dealer and every table
size the variant lists. Whole games, hand after hand, are what ``canasta simulate`` plays.

What is checked, and when. Every check is one of the engine's own (``engine.invariants``,
``engine.legality.refusal``); this module only decides how often to run the dearer ones.

After every move, in the fast mode used for the N games:

- the move the bot chose from ``legal_moves`` passes ``refusal`` (generator and rules agree);
- no card lost or created: ``State.card_total()`` equals the pack's size;
- after a move that changes melds (a meld, a pickup): ``invariants.meld_problems`` (one rank per
  side's meld, sizes, naturals, wild-card limits, no wild card among black threes);
- a player in the play phase has drawn;
- a live position has a legal move (the bot's own ``legal_moves`` call finds none otherwise);
- the engine raises nothing.

At the end of each hand, and whenever a check above fails: ``invariants.state_problems`` in full
(the per-card recount against the pack, each hand's rank counters and length, red threes left in
a hand, meld shapes, the score rows adding up to the total) and that the hand ended by a rule and
not by the engine's move guard.

``full=True`` (``canasta check --full``) runs ``state_problems`` after every move instead; the
pinpointing, the shrinking and ``check --replay`` always do, so a reported failure names the first
move at which any check fails. The fast mode can only find a problem later than the full mode
would (a card swapped for another mid-hand shows in the recount at the hand's end), never miss
one that is still there when the hand ends.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from .. import cards as C
from ..bots import make_bot
from ..engine.apply import apply_unchecked
from ..engine.dealing import deal
from ..engine.generate import legal_moves
from ..engine.invariants import meld_problems, state_problems
from ..engine.legality import refusal
from ..engine.moves import Meld, Move, TakePile
from ..engine.rules import Rules, rules_for
from ..engine.state import Phase, State
from ..seats import seat_names
from ..variant.plain import Variant

BOTS = ("random", "greedy")
DEALING = "dealing"
"""The ``move`` of a failure that happened while the hand was being dealt."""


def game_seed(seed: int, index: int, purpose: str) -> int:
    """A 60-bit seed for game ``index`` of a run seeded ``seed``: the same on every machine."""
    digest = hashlib.sha256(f"canasta-{purpose}:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 4


@dataclass(frozen=True)
class HandSetup:
    """Everything a check game depends on: replaying the same setup gives the same hand."""

    game: int
    players: int
    deal_seed: str
    dealer: int
    scores: tuple[int, ...]
    bot: str
    bot_seed: int


def _score_in_tier(rules: Rules, rng: random.Random) -> int:
    tiers = rules.tiers
    t = rng.randrange(len(tiers))
    first_below = tiers[0][0]
    if t == 0:
        hi = first_below if first_below is not None else rules.target
        lo = hi - 1000
    else:
        lo_b = tiers[t - 1][0]
        assert lo_b is not None
        lo = lo_b
        below = tiers[t][0]
        hi = below if below is not None else lo + 1500
    return lo + 5 * rng.randrange(max(1, (hi - lo) // 5))


def setup_for(variant: Variant, seed: int, game: int) -> HandSetup:
    """The setup of check game ``game`` of a run seeded ``seed``."""
    seating = variant.seating[game % len(variant.seating)]
    rules = rules_for(variant, seating.players)
    rng = random.Random(f"canasta-check:{seed}:{game}:setup")
    scores = tuple(_score_in_tier(rules, rng) for _ in range(rules.sides))
    return HandSetup(
        game=game,
        players=seating.players,
        deal_seed=f"check:{seed}:{game}",
        dealer=rng.randrange(rules.players),
        scores=scores,
        bot=BOTS[(game // len(variant.seating)) % len(BOTS)],
        bot_seed=game_seed(seed, game, "check-bot"),
    )


def new_hand(rules: Rules, setup: HandSetup) -> State:
    return deal(rules, setup.deal_seed, setup.dealer, list(setup.scores), 1)


# --------------------------------------------------------------------------------------------
# Failures


_CARD = re.compile(r"\b(?:10|[2-9TJQKA])[cdhs]\b|\bJk\b")
_NUMBER = re.compile(r"-?\d+")
_RANKS = re.compile(
    r"\b(?:"
    + "|".join(sorted({w for pair in C.RANK_WORDS.values() for w in pair}, key=len)[::-1])
    + r"|black threes?)\b"
)


def signature(text: str) -> str:
    """A problem's kind, without the cards, ranks and numbers that differ from game to game.

    ``card count: Kh appears 1 times; the pack has 2`` and the same message for ``7c`` have one
    signature; the shrinker keeps a game only while it fails with the signature it started from.
    """
    t = _CARD.sub("<card>", text)
    t = _RANKS.sub("<rank>", t)
    return _NUMBER.sub("#", t)


@dataclass(frozen=True)
class Failure:
    """The first check a hand failed."""

    kind: str
    """``invariant`` (``state_problems``), ``refused`` (``legal_moves`` offered a move that
    ``refusal`` refuses), ``guard`` (the hand hit the engine's move guard) or ``exception``."""
    problems: tuple[str, ...]
    signature: str
    moves: int
    """Moves applied when it was found (0: right after the deal)."""
    move: str = ""
    """The last move, as ``SEAT move``, or empty after the deal."""

    @property
    def headline(self) -> str:
        return self.problems[0]

    def where(self) -> str:
        if self.moves == 0 and self.move in ("", DEALING):
            return "while dealing" if self.move == DEALING else "right after the deal"
        return f"at move {self.moves} ({self.move})"

    def as_dict(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "signature": self.signature,
            "problems": list(self.problems),
            "moves": self.moves,
            "move": self.move,
        }


def invariant_failure(problems: list[str], moves: int, move: str) -> Failure:
    return Failure("invariant", tuple(problems), signature(problems[0]), moves, move)


def refused_failure(m: Move, reason: str, code: str, moves: int, move: str) -> Failure:
    text = f"legal_moves offered '{m}', which refusal() refuses: {reason}"
    return Failure("refused", (text,), f"refused:{code}", moves, move)


def guard_failure(moves: int, move: str) -> Failure:
    text = f"the hand reached the engine's move guard after {moves} moves without ending by a rule"
    return Failure("guard", (text,), "guard", moves, move)


def exception_failure(e: BaseException, moves: int, move: str) -> Failure:
    text = f"the engine raised {type(e).__name__}: {e}"
    return Failure(
        "exception", (text,), f"exception:{type(e).__name__}:{signature(str(e))}", moves, move
    )


def describe(rules: Rules, actor: int, m: Move) -> str:
    return f"{seat_names(rules.players)[actor]} {m}"


def _problems_or(s: State, e: BaseException, moves: int, move: str) -> Failure:
    """After the engine raised: report a broken invariant if there is one, else the exception."""
    try:
        problems = state_problems(s)
    except Exception:
        problems = []
    if problems:
        return invariant_failure(problems, moves, move)
    return exception_failure(e, moves, move)


# --------------------------------------------------------------------------------------------
# The fast loop (the N games)


@dataclass(frozen=True)
class GameOutcome:
    """What one check game did: its moves, how its hand ended, and any failure."""

    game: int
    bot: str
    players: int
    moves: int
    end: str
    failure: Failure | None = None


def play_fast(variant: Variant, setup: HandSetup, full: bool = False) -> GameOutcome:
    """Play the setup's hand with its bot, checking as the module docstring says."""
    rules = rules_for(variant, setup.players)
    try:
        s = new_hand(rules, setup)
    except Exception as e:
        failure = exception_failure(e, 0, DEALING)
        return GameOutcome(setup.game, setup.bot, setup.players, 0, "", failure)

    def out(moves: int, failure: Failure | None = None) -> GameOutcome:
        return GameOutcome(setup.game, setup.bot, setup.players, moves, s.end_reason, failure)

    try:
        problems = state_problems(s)
    except Exception as e:
        return out(0, exception_failure(e, 0, ""))
    if problems:
        return out(0, invariant_failure(problems, 0, ""))
    bot = make_bot(setup.bot, setup.bot_seed)
    pack = len(rules.deck)
    n = 0
    last: tuple[int, Move] | None = None

    def said() -> str:
        return "" if last is None else describe(rules, *last)

    try:
        while not s.over:
            actor = s.actor
            try:
                m = bot(s)
            except Exception as e:
                return out(n, _problems_or(s, e, n, said()))
            ref = refusal(s, m)
            if ref is not None:
                what = describe(rules, actor, m)
                return out(n + 1, refused_failure(m, str(ref), ref.code, n + 1, what))
            last = (actor, apply_unchecked(s, m))
            n += 1
            if not (
                full
                or s.card_total() != pack
                or ((type(m) is Meld or type(m) is TakePile) and meld_problems(s))
                or (s.phase == Phase.PLAY and s.drew == 0)
            ):
                continue
            problems = state_problems(s)
            if problems:
                return out(n, invariant_failure(problems, n, said()))
        if s.end_reason == "guard":
            return out(n, guard_failure(n, said()))
        problems = state_problems(s)
        if problems:
            return out(n, invariant_failure(problems, n, said()))
    except Exception as e:
        return out(n, exception_failure(e, n, said()))
    return out(n)


# --------------------------------------------------------------------------------------------
# The full loop (pinpointing, shrinking, records)

Chooser = Callable[[State, list[Move], Move], Move]
"""Given the state, its legal moves and the bot's pick, the move to play."""


@dataclass
class HandRun:
    """A hand played with every check after every move, up to its first failure."""

    setup: HandSetup
    start: State | None
    """The dealt state (None when the engine failed to deal)."""
    moves: list[tuple[int, Move]] = field(default_factory=list)
    """(seat, move as applied, drawn cards filled in); a move the engine refused or raised on
    is the last entry, as chosen."""
    end: State | None = None
    failure: Failure | None = None


def check_after(rules: Rules, s: State, n: int, move: str) -> Failure | None:
    """Every check on ``s`` after its ``n``-th move (the full mode)."""
    try:
        problems = state_problems(s)
    except Exception as e:
        return exception_failure(e, n, move)
    if problems:
        return invariant_failure(problems, n, move)
    if s.over and s.end_reason == "guard":
        return guard_failure(n, move)
    return None


def play_full(variant: Variant, setup: HandSetup, choose: Chooser | None = None) -> HandRun:
    """Play the setup's hand with every check after every move; stop at the first failure.

    ``choose`` picks each move (given the legal moves and the bot's pick); by default the bot's
    pick. It is called outside the engine's error handling, so it may raise to abandon the hand.
    """
    rules = rules_for(variant, setup.players)
    try:
        s = new_hand(rules, setup)
    except Exception as e:
        return HandRun(setup, None, failure=exception_failure(e, 0, DEALING))
    run = HandRun(setup, s.copy())
    run.failure = check_after(rules, s, 0, "")
    if run.failure is not None:
        run.end = s
        return run
    bot = make_bot(setup.bot, setup.bot_seed)
    n = 0
    while not s.over:
        actor = s.actor
        try:
            legal = legal_moves(s) if choose is not None else []
            pick = bot(s)
        except Exception as e:
            run.failure = _problems_or(s, e, n, run_last(rules, run))
            break
        m = pick if choose is None else choose(s, legal, pick)
        what = describe(rules, actor, m)
        try:
            ref = refusal(s, m)
        except Exception as e:
            run.moves.append((actor, m))
            run.failure = exception_failure(e, n + 1, what)
            break
        if ref is not None:
            run.moves.append((actor, m))
            run.failure = refused_failure(m, str(ref), ref.code, n + 1, what)
            break
        try:
            done = apply_unchecked(s, m)
        except Exception as e:
            run.moves.append((actor, m))
            run.failure = exception_failure(e, n + 1, what)
            break
        run.moves.append((actor, done))
        n += 1
        run.failure = check_after(rules, s, n, describe(rules, actor, done))
        if run.failure is not None:
            break
    run.end = s
    return run


def run_last(rules: Rules, run: HandRun) -> str:
    if not run.moves:
        return ""
    actor, m = run.moves[-1]
    return describe(rules, actor, m)
