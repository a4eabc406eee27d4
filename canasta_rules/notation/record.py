"""Writing a played game (bots, or a replay) as a record in the notation."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from ..engine.game import GameResult
from ..engine.rules import Rules
from ..seats import roster_note, seat_names, side_names
from . import ast as A
from .writer import document, format_document, hand_items


def variant_tag(ref: str, out: str | None) -> str:
    """The ``Variant`` tag for ``ref`` in a record written to ``out`` (None: standard output,
    read from the current folder).

    A built-in name stays as it is; a file is named relative to the record's folder, which is
    where a replay looks for it (and a file outside that folder is refused there unless its
    folder is allowed: docs/notation.md)."""
    if "/" not in ref and "\\" not in ref and not ref.endswith(".toml"):
        return ref
    base = Path(out).resolve().parent if out else Path.cwd()
    try:
        rel = os.path.relpath(Path(ref).resolve(), base)
    except ValueError:  # another drive (Windows)
        return str(Path(ref).resolve())
    return rel if ("/" in rel or rel.endswith(".toml")) else f"./{rel}"


def result_text(rules: Rules, totals: Sequence[int]) -> str:
    sides = side_names(rules.players, rules.sides)
    return ", ".join(f"{n} {v}" for n, v in zip(sides, totals, strict=True))


def game_record(
    rules: Rules,
    result: GameResult,
    variant_ref: str,
    sets: Sequence[str] = (),
    seed: int | None = None,
    event: str = "",
    players: Sequence[str] = (),
    written_deals: bool = True,
) -> str:
    """The record of a finished game. With ``written_deals`` every deal is written out (the
    record then replays without knowing how this program shuffles); otherwise each hand names
    its seed."""
    seats = seat_names(rules.players)
    tags: list[tuple[str, str]] = []
    if event:
        tags.append(("Event", event))
    tags.append(("Variant", variant_ref))
    tags.extend(("Set", s) for s in sets)
    names = list(players) or ["" for _ in seats]
    tags.append(
        ("Players", ", ".join(f"{s} {n}".strip() for s, n in zip(seats, names, strict=True)))
    )
    if seed is not None:
        tags.append(("Seed", str(seed)))
    tags.append(("Result", result_text(rules, result.scores)))
    items: list[A.Item] = []
    totals = [0] * rules.sides
    for h in result.hands:
        scores = [sc.total for sc in h.score]
        totals = [a + b for a, b in zip(totals, scores, strict=True)]
        hand_seed = None if written_deals else _seed_of(seed, h.number)
        items.extend(
            hand_items(rules, h.number, h.dealer, h.start, h.moves, hand_seed, scores, totals)
        )
    doc = document(tags, items)
    if rules.sit_out:
        # Who played where: a comment on each hand's header (the rotation is fixed by the hand's
        # number, so the reader needs nothing more).
        doc.lines = [
            A.Line(ln.item, f"# {roster_note(ln.item.number)}")
            if isinstance(ln.item, A.HandHeader)
            else ln
            for ln in doc.lines
        ]
    return format_document(doc)


def _seed_of(seed: int | None, number: int) -> str:
    from ..engine.game import hand_seed

    if seed is None:
        raise ValueError("a record without written deals needs the game's seed")
    return hand_seed(seed, number)
