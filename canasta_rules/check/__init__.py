"""``canasta check``: is a ruleset consistent? Static lints, then seeded games checked move by move.

:func:`run_check` is the library entry point (the command and ``canasta_rules.testing`` call it):

1. The variant is loaded and validated by the model (a file the model rejects is bad input and
   raises :class:`~canasta_rules.errors.VariantError`).
2. Lints (:mod:`.lints`) report what no game can reach or use: errors and warnings, by key.
3. N check games (:mod:`.play`: one seeded hand each, the random and the greedy bot in turn) are
   played with the engine's invariants checked after every move.
4. On the first failure (by game index, so the same whatever ``jobs`` is): the hand is replayed
   with every check after every move to find the first failing move, hypothesis shrinks it
   (:mod:`.shrink`), and the shortest failing hand is written as a record (:mod:`.record`) that
   ``canasta check --replay`` shows failing in the same way.

A report is *consistent* when there is no lint error and no game failed.
"""

from __future__ import annotations

import json
import shlex
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine.rules import rules_for
from ..fileio import write_text_atomic
from ..notation.record import variant_tag
from ..variant import load
from ..variant.plain import Variant, to_data
from .lints import Finding, lint
from .parallel import OptionError, chunk_size, chunks, run_tasks, variant_from_json
from .play import Failure, GameOutcome, HandRun, HandSetup, play_fast, play_full, setup_for
from .record import RecordCheck, check_document_text, check_record, record_text
from .shrink import shrink_failure

__all__ = [
    "CheckReport",
    "FailureReport",
    "Finding",
    "RecordCheck",
    "check_record",
    "lint",
    "run_check",
]


@dataclass(frozen=True)
class CheckTask:
    """One chunk of check games, as sent to a worker."""

    variant_json: str
    seed: int
    games: range
    full: bool


def check_chunk(task: CheckTask) -> list[GameOutcome]:
    """Play a chunk of check games; stop at the first that fails."""
    v = variant_from_json(task.variant_json)
    out: list[GameOutcome] = []
    for g in task.games:
        o = play_fast(v, setup_for(v, task.seed, g), task.full)
        out.append(o)
        if o.failure is not None:
            break
    return out


@dataclass
class FailureReport:
    """The first failing game, pinpointed, shrunk, and written as a record."""

    setup: HandSetup
    found: Failure
    """The failure as the N games found it."""
    failure: Failure
    """The failure of the written record: the first check to fail, at the move it fails."""
    original_moves: int
    """Moves of the bot's hand up to its first failing check."""
    moves: int
    """Moves in the record."""
    shrunk: bool
    """Whether hypothesis found a shorter failing hand than the bot's."""
    record_text: str
    record_path: str | None
    replay_command: str
    verified: bool
    """Whether re-checking the record gives the same failure (it should, always)."""

    def as_dict(self) -> dict[str, object]:
        s = self.setup
        return {
            "game": s.game,
            "bot": s.bot,
            "players": s.players,
            "deal_seed": s.deal_seed,
            "dealer": s.dealer,
            "scores": list(s.scores),
            "found": self.found.as_dict(),
            "failure": self.failure.as_dict(),
            "original_moves": self.original_moves,
            "moves": self.moves,
            "shrunk": self.shrunk,
            "record": self.record_path,
            "replay_command": self.replay_command,
            "verified": self.verified,
        }


@dataclass
class CheckReport:
    """What ``canasta check`` found."""

    ref: str
    sets: tuple[str, ...]
    variant: Variant
    findings: list[Finding]
    games: int
    seed: int
    full: bool
    outcomes: list[GameOutcome] = field(default_factory=list)
    failure: FailureReport | None = None

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.level == "error"]

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self.findings if f.level == "warning"]

    @property
    def consistent(self) -> bool:
        return not self.errors and self.failure is None

    def exit_code(self, strict: bool = False) -> int:
        """0 when consistent (``strict``: and no warning), else 1."""
        bad = not self.consistent or (strict and bool(self.warnings))
        return 1 if bad else 0

    @property
    def moves(self) -> int:
        return sum(o.moves for o in self.outcomes)

    def as_dict(self) -> dict[str, object]:
        ends = Counter(o.end or "unfinished" for o in self.outcomes)
        bots = Counter(o.bot for o in self.outcomes)
        tables = Counter(str(o.players) for o in self.outcomes)
        return {
            "variant": self.variant.name,
            "ref": self.ref,
            "sets": list(self.sets),
            "consistent": self.consistent,
            "static": {
                "errors": len(self.errors),
                "warnings": len(self.warnings),
                "findings": [f.as_dict() for f in self.findings],
            },
            "dynamic": {
                "games": self.games,
                "seed": self.seed,
                "full": self.full,
                "played": len(self.outcomes),
                "moves": self.moves,
                "bots": dict(sorted(bots.items())),
                "players": dict(sorted(tables.items())),
                "ends": dict(sorted(ends.items())),
                "failure": None if self.failure is None else self.failure.as_dict(),
            },
        }


def replay_command(path: str, ref: str | None = None, sets: tuple[str, ...] = ()) -> str:
    """The command that re-checks a record written by ``check``."""
    parts = ["canasta", "check"]
    if ref is not None:
        parts.append(ref)
        for s in sets:
            parts.extend(["--set", s])
    parts.extend(["--replay", path])
    return shlex.join(parts)


def _investigate(
    ref: str,
    sets: tuple[str, ...],
    variant: Variant,
    outcome: GameOutcome,
    seed: int,
    out: str | None,
    do_shrink: bool,
) -> FailureReport:
    assert outcome.failure is not None
    setup = setup_for(variant, seed, outcome.game)
    rules = rules_for(variant, setup.players)
    first = play_full(variant, setup)
    if first.failure is None:  # pragma: no cover - the fast checks are a subset of the full ones
        raise AssertionError(f"game {setup.game} failed once but not when replayed")
    chosen: HandRun = first
    shrunk = False
    if do_shrink and first.moves:
        small = shrink_failure(variant, setup, first.failure.signature)
        if small is not None and len(small.moves) < len(first.moves):
            chosen, shrunk = small, True
    # The record names its ruleset in its Variant tag; a file outside the record's folder is
    # refused there (variant/confine.py), so the command (and the check below) name it instead.
    own = _tag_readable(ref, out)
    command = replay_command(out or "FILE") if own else replay_command(out or "FILE", ref, sets)
    failure = chosen.failure
    assert failure is not None

    def text_for(run: HandRun) -> str:
        f = run.failure
        assert f is not None
        how = (
            f"shrunk by hypothesis from {len(first.moves)} to {len(run.moves)} moves"
            if run is not first
            else f"the bot's own hand, {len(run.moves)} moves"
        )
        comments = [
            f"canasta check: game {setup.game} ({setup.bot} bots, deal {setup.deal_seed}) fails "
            f"{f.where()}:",
            *(f"  {p}" for p in f.problems[:5]),
            f"This record is {how}. Show the failure again with:",
            f"  {command}",
        ]
        return record_text(rules, run, ref, sets, out, comments)

    text = text_for(chosen)
    under = None if own else (ref, sets)
    verified = _verify(text, out, failure, under)
    if not verified and chosen is not first:
        chosen, shrunk = first, False
        failure = first.failure
        text = text_for(first)
        verified = _verify(text, out, failure, under)
    if out:
        write_text_atomic(out, text)
    return FailureReport(
        setup=setup,
        found=outcome.failure,
        failure=failure,
        original_moves=len(first.moves),
        moves=len(chosen.moves),
        shrunk=shrunk,
        record_text=text,
        record_path=out,
        replay_command=command,
        verified=verified,
    )


def _tag_readable(ref: str, out: str | None) -> bool:
    """Whether a record written to ``out`` can name ``ref`` in its Variant tag and be read back
    by it: a built-in, or a file the confinement rule lets the record name."""
    from ..variant.confine import OutsideError, allowed_folders, confine

    tag = variant_tag(ref, out)
    try:
        confine(tag, out or None, allowed_folders())
    except OutsideError:
        return False
    return True


def _verify(
    text: str, out: str | None, failure: Failure, under: tuple[str, tuple[str, ...]] | None
) -> bool:
    """Whether the record ``text`` shows ``failure`` again: read under its own tags, or under
    ``under`` (the ruleset and overrides the command names)."""
    variant, sets = under if under is not None else (None, ())
    try:
        got = check_document_text(text, out or "<check>", variant, sets)
    except Exception:
        return False
    return got.failure is not None and got.failure.signature == failure.signature


def run_check(
    ref: str,
    sets: tuple[str, ...] = (),
    games: int = 200,
    seed: int = 0,
    *,
    full: bool = False,
    jobs: int = 1,
    scheduler: str | None = None,
    out: str | None = None,
    shrink_failures: bool = True,
    progress: Callable[[int], None] | None = None,
) -> CheckReport:
    """Check the ruleset ``ref`` (a built-in name or a file) with ``sets`` overrides.

    ``progress(n)`` is called as each chunk of ``n`` games finishes. A failing game is written
    to ``out`` when given (the report always holds the record's text)."""
    if games < 0:
        raise OptionError(f"--games must be 0 or more, not {games}")
    lv = load(ref, sets)
    v = lv.variant
    report = CheckReport(ref, sets, v, lint(v, lv), games, seed, full)
    if games == 0:
        return report
    text = json.dumps(to_data(v, tagged=True))  # rebuilt in each worker (check.parallel)
    tasks = [CheckTask(text, seed, r, full) for r in chunks(games, chunk_size(games, max(1, jobs)))]

    def done(i: int) -> None:
        if progress is not None:
            progress(len(tasks[i].games))

    results = run_tasks(
        check_chunk,
        tasks,
        jobs,
        scheduler,
        done,
        stop=lambda r: bool(r) and r[-1].failure is not None,
    )
    outcomes: list[GameOutcome] = []
    for chunk in results:
        if chunk is None:
            break
        outcomes.extend(chunk)
        if chunk and chunk[-1].failure is not None:
            break
    report.outcomes = outcomes
    failing = next((o for o in outcomes if o.failure is not None), None)
    if failing is not None:
        report.failure = _investigate(ref, sets, v, failing, seed, out, shrink_failures)
    return report
