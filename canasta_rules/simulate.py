"""``canasta simulate``: how a ruleset plays, in statistics over many seeded bot games.

Each game is a whole game (hand after hand until the target, or the ``game.max_hands`` guard),
played exactly as :meth:`canasta_rules.engine.Game.play` plays it: game ``i`` of a run seeded ``S``
has the seed :func:`~canasta_rules.check.play.game_seed` ``(S, i)`` and every seat is played by
the same bot kind. While it plays, a watcher notes what happens at each move (a frozen pile taken,
a forced pickup, partner saying no, ...); it reads the state before and after the move and never
changes it, so a simulated game is move for move the game ``Game.play`` would give.

The statistics only add up integers per game and sort lists; averages and percentiles are
computed once at the end, from the games in index order. So the JSON is the same, byte for byte,
for a given seed whatever ``--jobs`` is and wherever the games ran (see ``check/parallel.py``).
"""

from __future__ import annotations

import io
import json
import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import cards as C
from .bots import BOT_KINDS, is_bot_kind, make_bot
from .check.parallel import OptionError, chunk_size, chunks, run_tasks, variant_from_json
from .check.play import game_seed
from .engine.apply import apply_unchecked
from .engine.dealing import deal
from .engine.game import game_end, hand_seed, opening_dealer
from .engine.legality import draw_ends_hand, forced_pickup
from .engine.moves import Answer, Ask, Discard, Foot, Meld, TakePile
from .engine.rules import BLACK3_KEY, rules_for
from .engine.scoring import score_hand
from .engine.state import Phase
from .errors import shorten_path
from .fileio import write_bytes_atomic
from .seats import side_names
from .variant import load
from .variant.plain import Variant, to_data

HAND_ENDS: dict[str, str] = {
    "went_out": "a player went out",
    "went_out_concealed": "a player went out concealed",
    "stock_exhausted": "the stock ran out",
    "red_three_last": "a red three was the last stock card",
    "guard": "the engine's move guard (should never happen)",
}

EVENTS: dict[str, str] = {
    "pile_taken": "the discard pile taken",
    "frozen_pile_taken": "a frozen pile taken (by a wild card, a black three or the upcard)",
    "pile_taken_to_open": "the pile taken by a side that had not opened (frozen against it)",
    "forced_pickup": "the pile taken because the stock was out and stock_out.forced said so",
    "pile_frozen_by_discard": "a discard that froze the pile (a wild card; a black three under "
    "black_threes.discarded = freeze)",
    "pile_stopped_by_black_three": "a turn that began with a black three on top of the pile",
    "opened_from_hand": "a side's first melds laid from hand (not with the pile)",
    "black_threes_melded": "black threes melded (when going out)",
    "permission_asked": "a player asked partner 'may I go out?'",
    "permission_granted": "partner said yes",
    "permission_refused": "partner said no",
    "went_out_with_discard": "a player went out by discarding the last card",
    "red_threes_against": "a side's red threes counted against it",
    "foot_running": "a foot taken up after melding the hand's last card (running)",
    "foot_walking": "a foot taken up after discarding the hand's last card (walking)",
}


# --------------------------------------------------------------------------------------------
# One game


@dataclass
class GameStats:
    """What one simulated game did: plain integers and lists, cheap to send between processes."""

    hands: int = 0
    end: str = ""
    winner: int | None = None
    first_side: int = 0
    """The side of the player who played first in hand 1."""
    totals: list[int] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)
    moves: list[int] = field(default_factory=list)
    hand_ends: list[str] = field(default_factory=list)
    canastas: list[int] = field(default_factory=list)
    natural: int = 0
    mixed: int = 0
    run: int = 0
    wild: int = 0
    hand_scores: list[int] = field(default_factory=list)
    """Every side's score in every hand."""
    first_won: int = 0
    """Hands won outright (the highest hand score) by the side that played first."""
    first_lead: int = 0
    """Sum over hands of (first side's score x (sides - 1) - the other sides' scores)."""
    events: Counter[str] = field(default_factory=Counter)


def play_game(variant: Variant, players: int | None, bots: str, seed: int) -> GameStats:
    """Play one game with every seat played by ``bots``, watching what happens."""
    rules = rules_for(variant, players)
    sides = rules.sides
    side_of = rules.side_of
    bot = make_bot(bots, seed)
    stats = GameStats()
    ev = stats.events
    scores = [0] * sides
    dealer = opening_dealer(rules, seed)
    stats.first_side = side_of[rules.next_seat(dealer)]
    stock_forced = rules.forced != "none"
    winner: int | None = None
    reason = "max_hands"
    previous = [0] * sides
    for number in range(1, rules.max_hands + 1):
        s = deal(rules, hand_seed(seed, number), dealer, scores, number, previous)
        first = side_of[s.turn]
        turns = moves = 0
        while not s.over:
            p = s.turn
            side = s.side_of[p]
            forced = False
            if s.phase == Phase.DRAW:
                turns += 1
                if s.pile and C.is_black_three(s.pile[-1]):
                    ev["pile_stopped_by_black_three"] += 1
                if stock_forced and draw_ends_hand(s):
                    forced = forced_pickup(s)
            m = bot(s)
            t = type(m)
            if t is TakePile:
                ev["pile_taken"] += 1
                if s.frozen:
                    ev["frozen_pile_taken"] += 1
                elif s.frozen_for(p):
                    ev["pile_taken_to_open"] += 1
                if forced:
                    ev["forced_pickup"] += 1
                apply_unchecked(s, m)
            elif t is Discard:
                was_frozen = s.frozen
                apply_unchecked(s, m)
                if s.frozen and not was_frozen:
                    ev["pile_frozen_by_discard"] += 1
                if s.over and s.out_player == p:
                    ev["went_out_with_discard"] += 1
            elif t is Meld:
                opened = s.opened[side]
                had_b3 = BLACK3_KEY in s.melds[side]
                apply_unchecked(s, m)
                if not opened:
                    ev["opened_from_hand"] += 1
                if not had_b3 and BLACK3_KEY in s.melds[side]:
                    ev["black_threes_melded"] += 1
            else:
                if t is Ask:
                    ev["permission_asked"] += 1
                elif t is Answer:
                    assert isinstance(m, Answer)
                    ev["permission_granted" if m.yes else "permission_refused"] += 1
                elif t is Foot:
                    ev["foot_walking" if s.walking else "foot_running"] += 1
                apply_unchecked(s, m)
            moves += 1
        sc = score_hand(s)
        end = s.end_reason
        if end == "went_out" and s.concealed:
            end = "went_out_concealed"
        stats.hands += 1
        stats.turns.append(turns)
        stats.moves.append(moves)
        stats.hand_ends.append(end)
        hand = [x.total for x in sc]
        stats.hand_scores.extend(hand)
        stats.canastas.append(
            sum(x.natural_count + x.mixed_count + x.run_count + x.wild_count for x in sc)
        )
        stats.natural += sum(x.natural_count for x in sc)
        stats.mixed += sum(x.mixed_count for x in sc)
        stats.run += sum(x.run_count for x in sc)
        stats.wild += sum(x.wild_count for x in sc)
        ev["red_threes_against"] += sum(1 for x in sc if x.red_threes < 0)
        best = max(hand)
        if hand.count(best) == 1 and hand.index(best) == first:
            stats.first_won += 1
        stats.first_lead += hand[first] * (sides - 1) - (sum(hand) - hand[first])
        scores = [a + b for a, b in zip(scores, hand, strict=True)]
        previous = hand
        out_side = side_of[s.out_player] if s.out_player >= 0 else -1
        over, won = game_end(rules, scores, out_side, number)
        if over:
            winner, reason = won, "target"
            break
        dealer = rules.next_seat(dealer)
    if reason == "max_hands":
        top = max(scores)
        winner = scores.index(top) if scores.count(top) == 1 else None
    stats.end = reason
    stats.winner = winner
    stats.totals = scores
    return stats


# --------------------------------------------------------------------------------------------
# Many games


@dataclass(frozen=True)
class SimTask:
    """A chunk of games, as sent to a worker."""

    variant_json: str
    players: int | None
    bots: str
    seed: int
    games: range


def sim_chunk(task: SimTask) -> list[GameStats]:
    v = variant_from_json(task.variant_json)
    return [
        play_game(v, task.players, task.bots, game_seed(task.seed, i, "simulate"))
        for i in task.games
    ]


def distribution(values: Sequence[int]) -> dict[str, float | int]:
    """Mean, standard deviation and percentiles (nearest rank) of integers."""
    n = len(values)
    if not n:
        return {"n": 0}
    xs = sorted(values)
    total = sum(xs)
    squares = sum(x * x for x in xs)
    mean = total / n
    var = max(0.0, squares / n - mean * mean)

    def pct(p: int) -> int:
        return xs[min(n - 1, max(0, math.ceil(p * n / 100) - 1))]

    return {
        "n": n,
        "mean": round(mean, 3),
        "sd": round(math.sqrt(var), 3),
        "min": xs[0],
        "p10": pct(10),
        "median": pct(50),
        "p90": pct(90),
        "max": xs[-1],
    }


def _share(count: int, of: int) -> float:
    return round(count / of, 4) if of else 0.0


@dataclass
class Simulation:
    """The games of one ruleset, and their statistics."""

    name: str
    ref: str
    sets: tuple[str, ...]
    players: int
    sides: tuple[str, ...]
    bots: str
    seed: int
    games: list[GameStats]
    foot: bool = False
    """Whether the ruleset deals a foot (the foot rows of the summary apply only then)."""

    def series(self) -> dict[str, list[int]]:
        """The raw distributions (for plots)."""
        return {
            "hands_per_game": [g.hands for g in self.games],
            "turns_per_hand": [t for g in self.games for t in g.turns],
            "canastas_per_hand": [c for g in self.games for c in g.canastas],
            "hand_score": [x for g in self.games for x in g.hand_scores],
        }

    def hand_end_counts(self) -> dict[str, int]:
        counts = Counter(e for g in self.games for e in g.hand_ends)
        return {k: counts.get(k, 0) for k in HAND_ENDS}

    def stats(self) -> dict[str, Any]:
        """Everything, as plain JSON values in a fixed key order."""
        games = self.games
        n = len(games)
        hands = sum(g.hands for g in games)
        series = self.series()
        ends = self.hand_end_counts()
        events: Counter[str] = Counter()
        for g in games:
            events.update(g.events)
        wins = Counter(g.winner for g in games)
        winners = [max(g.totals) for g in games]
        losers = [min(g.totals) for g in games]
        first_games = sum(1 for g in games if g.winner == g.first_side)
        sides = len(self.sides)
        lead = sum(g.first_lead for g in games)
        return {
            "variant": self.name,
            "ref": self.ref,
            "sets": list(self.sets),
            "players": self.players,
            "bots": self.bots,
            "seed": self.seed,
            "games": n,
            "hands": hands,
            "game_ends": {
                "target": sum(1 for g in games if g.end == "target"),
                "max_hands": sum(1 for g in games if g.end == "max_hands"),
            },
            "wins": {
                **{name: wins.get(i, 0) for i, name in enumerate(self.sides)},
                "tie": wins.get(None, 0),
            },
            "hands_per_game": distribution(series["hands_per_game"]),
            "turns_per_hand": distribution(series["turns_per_hand"]),
            "moves_per_hand": distribution([m for g in games for m in g.moves]),
            "hand_ends": {
                k: {"count": ends[k], "share": _share(ends[k], hands)} for k in HAND_ENDS
            },
            "canastas_per_hand": distribution(series["canastas_per_hand"]),
            "natural_canastas_per_hand": round(sum(g.natural for g in games) / hands, 4)
            if hands
            else 0.0,
            "mixed_canastas_per_hand": round(sum(g.mixed for g in games) / hands, 4)
            if hands
            else 0.0,
            "run_canastas_per_hand": round(sum(g.run for g in games) / hands, 4) if hands else 0.0,
            "wild_canastas_per_hand": round(sum(g.wild for g in games) / hands, 4)
            if hands
            else 0.0,
            "hand_score": distribution(series["hand_score"]),
            "winner_total": distribution(winners),
            "loser_total": distribution(losers),
            "margin": distribution([a - b for a, b in zip(winners, losers, strict=True)]),
            "first_player": {
                "hands_won": _share(sum(g.first_won for g in games), hands),
                "hand_lead": round(lead / (hands * (sides - 1)), 3) if hands else 0.0,
                "games_won": _share(first_games, n),
            },
            "rules_fired": {
                k: {"count": events.get(k, 0), "per_hand": _share(events.get(k, 0), hands)}
                for k in EVENTS
            },
        }


def simulate(
    ref: str,
    sets: tuple[str, ...] = (),
    games: int = 200,
    seed: int = 0,
    *,
    bots: str = "strategy",
    players: int | None = None,
    jobs: int = 1,
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> Simulation:
    """Simulate ``games`` games of the ruleset ``ref`` (built-in name or file)."""
    if not is_bot_kind(bots):
        raise OptionError(f"--bots must be one of {', '.join(BOT_KINDS)}, not {bots!r}")
    if games < 1:
        raise OptionError(f"--games must be at least 1, not {games}")
    v = load(ref, sets).variant
    try:
        rules = rules_for(v, players)
    except ValueError as e:
        raise OptionError(str(e)) from None
    text = json.dumps(to_data(v, tagged=True))  # rebuilt in each worker (check.parallel)
    tasks = [
        SimTask(text, rules.players, bots, seed, r)
        for r in chunks(games, chunk_size(games, max(1, jobs)))
    ]

    def done(i: int) -> None:
        if progress is not None:
            progress(len(tasks[i].games))

    results = run_tasks(sim_chunk, tasks, jobs, scheduler, done)
    played = [g for chunk in results if chunk is not None for g in chunk]
    return Simulation(
        v.name,
        ref,
        sets,
        rules.players,
        side_names(rules.players, rules.sides),
        bots,
        seed,
        played,
        rules.foot,
    )


# --------------------------------------------------------------------------------------------
# Plots


def plot(sims: Sequence[Simulation], path: str) -> None:
    """Histograms of the distributions, one colour per ruleset, written to ``path`` (PNG or SVG)."""
    kind = Path(path).suffix[1:].lower() or "png"
    # Drawn in memory and written whole: a missing or read-only folder is an OutputError, and a
    # failed write leaves no half-drawn file.
    write_bytes_atomic(path, plot_bytes(sims, kind, f"--plot {shorten_path(path)}"))


def plot_bytes(sims: Sequence[Simulation], kind: str = "png", what: str = "the plot") -> bytes:
    """The histograms of :func:`plot` as the bytes of a ``kind`` file (``png``, ``svg`` or
    another kind matplotlib draws); ``what`` names the output in an error."""
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise OptionError(
            "--plot needs the plot extra: pip install 'canasta-rules[plot]'"
        ) from None
    fig = Figure(figsize=(11, 8), layout="constrained")
    axes = fig.subplots(2, 3).flatten()
    titles = {
        "hands_per_game": "Hands per game",
        "turns_per_hand": "Turns per hand",
        "canastas_per_hand": "Canastas per hand (both sides)",
        "hand_score": "Score of a side in a hand",
    }
    labels = [f"{s.name}" + (f" ({s.ref})" if s.ref != s.name else "") for s in sims]
    for ax, (key, title) in zip(axes, titles.items(), strict=False):
        data = [s.series()[key] for s in sims]
        lo = min(min(d) for d in data if d)
        hi = max(max(d) for d in data if d)
        integer = key != "hand_score"
        bins: Any = [x - 0.5 for x in range(lo, hi + 2)] if integer and hi - lo <= 60 else 40
        for d, label in zip(data, labels, strict=True):
            ax.hist(d, bins=bins, alpha=0.55, label=label, density=True)
        ax.set_title(title)
    ax = axes[4]
    width = 0.8 / len(sims)
    keys = list(HAND_ENDS)
    for j, (s, label) in enumerate(zip(sims, labels, strict=True)):
        counts = s.hand_end_counts()
        total = sum(counts.values()) or 1
        ax.bar(
            [i + j * width for i in range(len(keys))],
            [counts[k] / total for k in keys],
            width=width,
            label=label,
        )
    ax.set_xticks([i + 0.4 - width / 2 for i in range(len(keys))])
    ax.set_xticklabels([k.replace("_", "\n") for k in keys], fontsize=7)
    ax.set_title("How hands end (share)")
    ax = axes[5]
    fired = [k for k in EVENTS if any(s.stats()["rules_fired"][k]["count"] for s in sims)]
    for j, (s, label) in enumerate(zip(sims, labels, strict=True)):
        st = s.stats()["rules_fired"]
        ax.barh(
            [i + j * width for i in range(len(fired))],
            [st[k]["per_hand"] for k in fired],
            height=width,
            label=label,
        )
    ax.set_yticks([i + 0.4 - width / 2 for i in range(len(fired))])
    ax.set_yticklabels([k.replace("_", " ") for k in fired], fontsize=7)
    ax.set_title("Rules fired (per hand)")
    axes[0].legend(fontsize=8)
    fig.suptitle(" vs ".join(labels) + f": {len(sims[0].games)} games, {sims[0].bots} bots")
    if kind not in fig.canvas.get_supported_filetypes():
        raise OptionError(f"{what}: cannot draw a .{kind} file; use .png or .svg")
    buf = io.BytesIO()
    fig.savefig(buf, dpi=100, format=kind)
    return buf.getvalue()
