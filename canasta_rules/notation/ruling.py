"""Rulings: is this move legal in this position, and which rule (and source) says so."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.apply import apply_unchecked
from ..engine.legality import refusal
from ..errors import NotationError, Refusal
from ..seats import seat_names
from ..sources import cite
from ..variant.compare import flatten, show_value
from . import ast as A
from .parser import parse
from .position import ReadPosition
from .replay import moves_of


@dataclass(frozen=True)
class Verdict:
    legal: bool
    refusal: Refusal | None
    text: str
    """The ruling in words: 'legal', or the reason, the parameter with its value, the source."""


def rule_on(pos: ReadPosition, move: str) -> Verdict:
    """Rule on ``move`` (notation text, with or without the seat) in position ``pos``.

    The move may be several actions (``draw 7s discard 4c``): they are checked in order and the
    first illegal one is the ruling. The position itself is not changed."""
    s = pos.state.copy()
    names = seat_names(pos.rules.players)
    text = move.strip()
    if not text or text.split()[0] not in names:
        text = f"{names[s.actor]} {text}"
    doc = parse(text + "\n", "<move>")
    turn = doc.lines[0].item if doc.lines else None
    if not isinstance(turn, A.Turn):
        raise NotationError("expected a move, such as 'discard 4c'", "<move>", 1, 1)
    if turn.seat != names[s.actor]:
        wrong = Refusal("turn.out_of_turn", "", f"it is {names[s.actor]}'s turn, not {turn.seat}'s")
        return Verdict(False, wrong, f"illegal: {wrong}")
    for act in turn.actions:
        for m in moves_of(act):
            ref = refusal(s, m)
            if ref is not None:
                return Verdict(False, ref, _explain(pos, ref))
            apply_unchecked(s, m)
    return Verdict(True, None, "legal")


def _explain(pos: ReadPosition, ref: Refusal) -> str:
    lines = [f"illegal: {ref}"]
    if not ref.parameter:
        lines.append("rule: shared by every variant (not a parameter)")
        return "\n".join(lines)
    value = flatten(pos.loaded.variant).get(ref.parameter)
    shown = show_value(value) if value is not None else "(see the table)"
    lines.append(f"parameter: {ref.parameter} = {shown}")
    prov = pos.loaded.provenance(ref.parameter)
    if prov is not None:
        pinned = " (pinned reading)" if prov.pinned else ""
        cited = ", ".join(cite(x) for x in prov.sources)
        lines.append(f"source: {cited}{pinned}: {prov.note}")
    return "\n".join(lines)
