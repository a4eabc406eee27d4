"""'Try it': bot games under the house rules and under the base, side by side, bounded.

A trial plays the same seeded games ``canasta simulate`` would (the games of seed 0 with the
strategy bots, unless asked otherwise), in small batches so that the page can show progress.
It runs in a thread of its own; each client may have one trial at a time, the server at most
:data:`MAX_RUNNING` at once, and a trial stops after :data:`MAX_SECONDS` with the games played
so far.
"""

from __future__ import annotations

import json
import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from ..bots import BOT_KINDS
from ..check.parallel import chunks
from ..engine.rules import rules_for
from ..seats import side_names
from ..simulate import HAND_ENDS, SimTask, Simulation, sim_chunk
from ..variant import LoadedVariant
from ..variant.plain import to_data

MAX_GAMES = 200
"""Games per ruleset in one trial."""
MAX_SECONDS = 60.0
"""A trial stops after this long, with the games played so far."""
MAX_RUNNING = 2
"""Trials running at once, over every client."""
BATCH = 5


class TrialRefused(ValueError):
    """A trial that cannot start now: one message for the page."""


@dataclass
class Trial:
    id: str
    client: str
    games: int
    bots: str
    rulesets: tuple[tuple[str, LoadedVariant, tuple[str, ...]], ...]
    """(label, loaded ruleset, its --set overrides) for the house rules and the base."""
    played: list[int] = field(default_factory=list)
    sims: list[Simulation] = field(default_factory=list)
    done: bool = False
    stopped_early: bool = False
    error: str = ""
    started: float = field(default_factory=time.monotonic)

    @property
    def total(self) -> int:
        return self.games * len(self.rulesets)

    @property
    def progress(self) -> int:
        return sum(self.played)


_lock = threading.Lock()
_trials: dict[str, Trial] = {}


def start(
    client: str,
    rulesets: tuple[tuple[str, LoadedVariant, tuple[str, ...]], ...],
    games: int,
    bots: str = "strategy",
) -> Trial:
    """Start a trial for ``client``; refused while that client's last one runs, or while
    :data:`MAX_RUNNING` run."""
    if not 1 <= games <= MAX_GAMES:
        raise TrialRefused(f"choose from 1 to {MAX_GAMES} games")
    if bots not in BOT_KINDS:
        raise TrialRefused(f"the bots are one of {', '.join(BOT_KINDS)}")
    for _, lv, _ in rulesets:
        try:
            rules_for(lv.variant, None)
        except ValueError as e:
            raise TrialRefused(str(e)) from None
    with _lock:
        running = [t for t in _trials.values() if not t.done]
        if any(t.client == client for t in running):
            raise TrialRefused("your last trial is still running: wait for it to finish")
        if len(running) >= MAX_RUNNING:
            raise TrialRefused("the server is busy with other trials: try again in a minute")
        for old in [k for k, t in _trials.items() if t.done and t.client == client]:
            del _trials[old]
        trial = Trial(secrets.token_hex(8), client, games, bots, rulesets)
        trial.played = [0] * len(rulesets)
        _trials[trial.id] = trial
    threading.Thread(target=_run, args=(trial,), daemon=True, name=f"trial-{trial.id}").start()
    return trial


def get(trial_id: str, client: str) -> Trial | None:
    with _lock:
        t = _trials.get(trial_id)
    return t if t is not None and t.client == client else None


def _run(trial: Trial) -> None:
    try:
        for i, (label, lv, sets) in enumerate(trial.rulesets):
            v = lv.variant
            rules = rules_for(v, None)
            text = json.dumps(to_data(v, tagged=True))  # as simulate sends it to workers
            played = []
            for r in chunks(trial.games, BATCH):
                if time.monotonic() - trial.started > MAX_SECONDS:
                    trial.stopped_early = True
                    break
                played += sim_chunk(SimTask(text, rules.players, trial.bots, 0, r))
                trial.played[i] = len(played)
            trial.sims.append(
                Simulation(
                    label,
                    label,
                    sets,
                    rules.players,
                    side_names(rules.players, rules.sides),
                    trial.bots,
                    0,
                    played,
                    rules.foot,
                )
            )
    except Exception as e:  # a bug must not kill the server; the page says what happened
        trial.error = f"the trial failed: {type(e).__name__}"
    finally:
        trial.done = True


ROWS: tuple[tuple[str, str], ...] = (
    ("games", "games played"),
    ("hands_per_game.mean", "hands a game (mean)"),
    ("turns_per_hand.mean", "turns a hand (mean)"),
    ("canastas_per_hand.mean", "canastas a hand, both sides (mean)"),
    ("hand_score.mean", "a side's score in a hand (mean)"),
    ("winner_total.mean", "the winner's total (mean)"),
    ("margin.mean", "winning margin (mean)"),
    ("first_player.games_won", "games won by the side that plays first"),
)
SHARES = frozenset({"first_player.games_won"})
"""Rows whose figure is a share of the games: shown as a percentage."""


def table(sims: list[Simulation]) -> list[tuple[str, list[str]]]:
    """Rows of figures, one column per ruleset."""
    stats = [s.stats() for s in sims]
    rows: list[tuple[str, list[str]]] = []
    for key, words in ROWS:
        cells = []
        for st in stats:
            value: Any = st
            for part in key.split("."):
                value = value[part]
            if key in SHARES:
                cells.append(f"{value:.0%}")
            else:
                cells.append(f"{value:.2f}" if isinstance(value, float) else str(value))
        rows.append((words, cells))
    ends = [s.hand_end_counts() for s in sims]
    for end in ends[0]:
        if end == "guard" and not any(counts.get(end) for counts in ends):
            continue  # the engine's guard against a hand without end: nothing a player meets
        cells = []
        for counts in ends:
            total = sum(counts.values()) or 1
            cells.append(f"{counts.get(end, 0) / total:.0%}")
        rows.append(
            (f"hands that ended because {HAND_ENDS.get(end, end.replace('_', ' '))}", cells)
        )
    return rows


def plot_svg(sims: list[Simulation]) -> str | None:
    """The distributions drawn by matplotlib (the plot extra), or None without it."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return None
    from ..simulate import plot_bytes

    return plot_bytes(sims, "svg").decode("utf-8")
