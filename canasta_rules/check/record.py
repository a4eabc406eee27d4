"""A failing check game as a record, and ``canasta check --replay``: a record re-checked.

The record is an ordinary game record (``docs/notation.md``) of one hand: the ruleset (``Variant``
and ``Set`` tags), the table (``Players``), the sides' scores before the hand (``Scores``, which set
the initial-meld minimum), and ``hand 1 dealer SEAT seed SEED`` so that the replay deals the same
cards in the same stock order. It ends with the move after which the first check failed; comments
at the top say what failed and give the command that shows it again.

``canasta replay`` replays it (it checks every move's legality); :func:`check_record` also runs
every check of ``canasta check`` after every move, and so shows an invariant failure too.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.apply import apply_unchecked
from ..engine.rules import Rules
from ..errors import CanastaError, IllegalMoveError
from ..notation import ast as A
from ..notation import parse, read, replay
from ..notation.record import variant_tag
from ..notation.writer import document, format_document, turn_lines
from ..seats import seat_names, side_names
from .play import Failure, HandRun, check_after, describe, exception_failure


def record_text(
    rules: Rules,
    run: HandRun,
    ref: str,
    sets: tuple[str, ...],
    out: str | None,
    comments: list[str],
) -> str:
    """The record of ``run`` (one hand, up to its failure), with ``comments`` on top."""
    setup = run.setup
    seats = seat_names(rules.players)
    sides = side_names(rules.players, rules.sides)
    tags: list[tuple[str, str]] = [("Event", "canasta check: a failing game")]
    tags.append(("Variant", variant_tag(ref, out)))
    tags.extend(("Set", s) for s in sets)
    tags.append(("Players", ", ".join(f"{s} {setup.bot}" for s in seats)))
    if any(setup.scores):
        tags.append(
            ("Scores", ", ".join(f"{n} {v}" for n, v in zip(sides, setup.scores, strict=True)))
        )
    # Pickups are written without their top card (which is optional): naming it would mean
    # applying every move again, and the last move may be the one the engine fails on.
    items: list[A.Item] = [A.HandHeader(1, seats[setup.dealer], setup.deal_seed, A.Where(0, 0))]
    items.extend(turn_lines(seats, run.moves))
    text = format_document(document(tags, items))
    head = "".join(f"# {c}\n" if c else "#\n" for c in comments)
    return head + text


@dataclass
class RecordCheck:
    """The outcome of re-checking a record: where it failed, if it did."""

    hands: int
    moves: int
    failure: Failure | None
    hand: int = 0
    """The hand (1-based) that failed."""


def check_document_text(
    text: str, file: str, variant: str | None = None, sets: tuple[str, ...] = ()
) -> RecordCheck:
    """:func:`check_record` on a record's text (``file`` names it, for relative paths)."""
    return _check(parse(text, file), variant, sets)


def check_record(path: str, variant: str | None = None, sets: tuple[str, ...] = ()) -> RecordCheck:
    """Replay a record and run every check of ``canasta check`` after every move.

    The replay itself checks each move's legality: a move the rules refuse is a failure of kind
    ``refused`` (a record written by ``check`` holds only moves that ``legal_moves`` offered). A
    record that cannot be read, or whose ruleset cannot be loaded, raises the usual
    :class:`~canasta_rules.errors.CanastaError` (bad input)."""
    return _check(read(path), variant, sets)


def _check(doc: A.Document, variant: str | None, sets: tuple[str, ...]) -> RecordCheck:
    try:
        rp = replay(doc, variant, sets)
    except IllegalMoveError as e:
        refused = Failure("refused", (str(e),), f"refused:{e.refusal.code}", 0, e.move)
        return RecordCheck(0, 0, refused)
    except CanastaError:
        raise
    except Exception as e:
        return RecordCheck(0, 0, exception_failure(e, 0, "while replaying"))
    rules = rp.rules
    total = 0
    for h in rp.hands:
        s = h.start.copy()
        failure = check_after(rules, s, 0, "")
        n = 0
        for actor, m in h.moves:
            if failure is not None:
                break
            try:
                done = apply_unchecked(s, m)
            except Exception as e:
                failure = exception_failure(e, n + 1, describe(rules, actor, m))
                break
            n += 1
            failure = check_after(rules, s, n, describe(rules, actor, done))
        total += n
        if failure is not None:
            return RecordCheck(len(rp.hands), total, failure, h.number)
    return RecordCheck(len(rp.hands), total, None)
