"""What ``canasta replay`` shows of a problem beyond its one located line, and the replay as JSON.

A refused move is shown with the table as the player saw it just before the move: the mover's
hand, the side's melds, the pile's top card and whether (and why) the pile is frozen, and the
``replay --at HAND.TURN`` command that prints the whole table before that turn. A written score
or total that the replay does not give is shown with the hand's breakdown, the written figures in
a row beneath it. Lines fit in 80 columns with the two spaces the command indents them by.

:func:`replay_json` is the shape ``canasta replay --json`` prints; docs/notation.md describes it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import cards as C
from ..engine.pile import freeze_reason
from ..engine.scoring import OPTIONAL_ROWS, SideScore
from ..engine.state import State
from ..errors import IllegalMoveError, NotationError, fit_refusal
from ..seats import seat_names, seat_word, side_names, side_word
from .replay import Replay, Slip

WIDTH = 78
"""The width of a detail line: 80 columns less the indent the command prints."""


def _wrapped(head: str, items: Sequence[str], sep: str = " ") -> list[str]:
    """``head`` and ``items`` joined by ``sep``, broken between items to fit :data:`WIDTH`;
    lines after the first are indented four spaces."""
    lines: list[str] = []
    line = head
    for i, item in enumerate(items):
        joiner = "" if i == 0 else sep.rstrip()
        piece = f"{joiner} {item}" if line else item
        if len(line) + len(piece) > WIDTH and line.strip():
            lines.append(line + joiner)
            line = "    " + item
        else:
            line += piece
    lines.append(line)
    return lines


def _sorted_meld(cards: Sequence[int]) -> list[int]:
    return sorted(cards, key=lambda c: (C.is_wild(c), C.sort_key(c)))


def _pile_words(s: State, seat: int) -> str:
    """The pile for ``seat``: its top card, its size, whether and why it is frozen."""
    if not s.pile:
        return "pile: empty"
    size = "1 card" if len(s.pile) == 1 else f"{len(s.pile)} cards"
    head = f"pile: {C.name(s.pile[-1])} on top of {size}"
    if len(s.pile) == 1:
        head = f"pile: {C.name(s.pile[-1])} alone"
    frozen = s.frozen_for(seat)
    return f"{head}, {freeze_reason(s, seat) if frozen else 'not frozen'}"


def at_command(command: str, hand: int, turn: int) -> str:
    """The command that prints the table before ``turn`` of ``hand`` (turn 0: as dealt)."""
    return f"{command} --at {hand}.{max(turn - 1, 0)}"


def refused_details(slip: Slip, command: str) -> list[str]:
    """The lines under a refused move: the refusal in full where its line had to cut it, the
    mover's hand, the side's melds, the pile, and the command that shows the whole table."""
    s = slip.state
    assert s is not None and isinstance(slip.error, IllegalMoveError)
    e = slip.error
    r = s.rules
    seat = slip.seat
    name = seat_word(seat_names(r.players)[seat])
    out: list[str] = []
    message = e.refusal.message
    if message not in fit_refusal(e.where, e.move, e.refusal):
        out += _wrapped("in full:", message.split(" "))
    held = s.hand_cards(seat)
    naturals = [c for c in held if not C.is_wild(c)]
    wilds = sorted((c for c in held if C.is_wild(c)), key=C.sort_key)
    size = "1 card" if len(held) == 1 else f"{len(held)} cards"
    out += _wrapped(f"{name} holds {size}:", [C.name(c) for c in naturals + wilds])
    if r.foot and s.feet[seat]:
        out.append(f"{name}'s foot: {len(s.feet[seat])} cards, not yet taken up")
    side = s.side_of[seat]
    label = side_word(side_names(r.players, r.sides)[side])
    melds = [C.names(_sorted_meld(m.cards)) for _, m in sorted(s.melds[side].items())]
    out += _wrapped(f"melds of {label}:", melds or ["none"], sep=", ")
    out += _wrapped("", _pile_words(s, seat).split(" "))
    before = "the table as dealt" if slip.turn <= 1 else "the whole table before this turn"
    show = at_command(command, slip.hand, slip.turn)
    if len(before) + 2 + len(show) <= WIDTH:
        out.append(f"{before}: {show}")
    else:  # a command is not broken: it goes whole on a line of its own
        out += [f"{before}:", f"    {show}"]
    return out


def breakdown_lines(
    sides: Sequence[str],
    scores: Sequence[SideScore],
    extra: Sequence[tuple[str, Sequence[int | None]]] = (),
) -> list[str]:
    """A hand's score rows as plain columns (the rows of ``engine/scoring.py``; optional rows
    left out where every side has 0), the total, then ``extra`` rows (a dash for no figure)."""
    rows: list[tuple[str, list[str]]] = []
    for i, (label, _) in enumerate(scores[0].rows()):
        values = [sc.rows()[i][1] for sc in scores]
        if label in OPTIONAL_ROWS and not any(values):
            continue
        rows.append((label, [str(v) for v in values]))
    rows.append(("Total", [str(sc.total) for sc in scores]))
    for label, figures in extra:
        rows.append((label, ["-" if v is None else str(v) for v in figures]))
    first = max(len(label) for label, _ in rows)
    width = max(6, *(len(s) for s in sides), *(len(v) for _, vs in rows for v in vs))
    head = " " * first + "".join(f"  {s:>{width}}" for s in sides)
    return [head] + [
        f"{label:<{first}}" + "".join(f"  {v:>{width}}" for v in values) for label, values in rows
    ]


def score_details(slip: Slip, sides: Sequence[str]) -> list[str]:
    """The lines under a written score or total the replay does not give: the hand's
    breakdown, and for a total the totals before the hand and after it, beside the written
    figures."""
    assert slip.score is not None
    written = [slip.written.get(x) for x in range(len(sides))]
    extra: list[tuple[str, Sequence[int | None]]]
    if slip.kind == "score":
        extra = [("Written score", written)]
    else:
        before = slip.before or [0] * len(sides)
        extra = [
            ("Total before the hand", list(before)),
            ("Game total", list(slip.got)),
            ("Written total", written),
        ]
    lines = breakdown_lines(sides, slip.score, extra)
    return [f"hand {slip.hand}, as the replay scores it:", *lines]


def slip_details(slip: Slip, command: str) -> list[str]:
    """The lines shown under a slip's own line."""
    if slip.kind == "refused" and slip.state is not None:
        return refused_details(slip, command)
    if slip.kind in ("score", "total") and slip.score is not None:
        return score_details(slip, slip.sides)
    return []


# ------------------------------------------------------------------------------------- JSON


def _by_side(sides: Sequence[str], values: Sequence[int] | None) -> dict[str, int] | None:
    return None if values is None else dict(zip(sides, values, strict=True))


def _breakdown(sides: Sequence[str], scores: Sequence[SideScore]) -> dict[str, dict[str, int]]:
    """The shape of ``canasta score --json``: each side's rows and its total."""
    return {
        name: {**dict(sc.rows()), "Total": sc.total} for name, sc in zip(sides, scores, strict=True)
    }


def _place(slip: Slip) -> dict[str, Any]:
    e = slip.error
    if isinstance(e, NotationError):
        return {"line": e.line, "column": e.column}
    return {"line": slip.line, "column": slip.column}


def slip_json(slip: Slip, sides: Sequence[str], command: str) -> dict[str, Any]:
    """One problem as JSON (the shape is in docs/notation.md)."""
    out: dict[str, Any] = {
        "kind": slip.kind,
        "text": str(slip.error),
        **_place(slip),
        "hand": slip.hand or None,
    }
    e = slip.error
    s = slip.state
    if slip.kind == "refused" and isinstance(e, IllegalMoveError) and s is not None:
        r = s.rules
        side = s.side_of[slip.seat]
        out |= {
            "turn": slip.turn,
            "seat": seat_names(r.players)[slip.seat],
            "move": e.move,
            "code": e.refusal.code,
            "parameter": e.refusal.parameter,
            "message": e.refusal.message,
            "table": {
                "hand": [C.name(c) for c in s.hand_cards(slip.seat)],
                "melds": [
                    [C.name(c) for c in _sorted_meld(m.cards)]
                    for _, m in sorted(s.melds[side].items())
                ],
                "pile_top": C.name(s.pile[-1]) if s.pile else None,
                "pile_size": len(s.pile),
                "frozen": freeze_reason(s, slip.seat) if s.frozen_for(slip.seat) else None,
            },
            "see": at_command(command, slip.hand, slip.turn),
        }
    elif slip.kind in ("score", "total", "result"):
        out["written"] = {sides[x]: v for x, v in sorted(slip.written.items())}
        out["replayed"] = _by_side(sides, slip.got)
        if slip.score is not None:
            out["breakdown"] = _breakdown(sides, slip.score)
        if slip.kind == "total":
            out["before"] = _by_side(sides, slip.before)
    else:
        out["message"] = e.message if isinstance(e, NotationError) else str(e)
    return out


def replay_json(rp: Replay, ruleset: str, command: str) -> dict[str, Any]:
    """The replay as JSON: each hand followed (or not), its score and the totals after it, the
    game's totals and result, and every problem found."""
    sides = rp.sides
    hands = []
    for h in rp.hands:
        end = h.end
        finished = h.followed and end is not None and end.over and h.score is not None
        how = None
        if finished and end is not None:
            how = {
                "reason": end.end_reason,
                "out": rp.seats[end.out_player] if end.out_player >= 0 else None,
                "concealed": bool(end.concealed),
            }
        hands.append(
            {
                "hand": h.number,
                "dealer": rp.seats[h.dealer],
                "followed": h.followed,
                "turns": h.turns,
                "moves": len(h.moves),
                "end": how,
                "score": _breakdown(sides, h.score) if finished and h.score else None,
                "totals": _by_side(sides, h.totals),
            }
        )
    known = rp.totals_checked and rp.complete
    return {
        "file": rp.document.file,
        "ruleset": ruleset,
        "seats": list(rp.seats),
        "sides": list(sides),
        "complete": rp.complete,
        "hands": hands,
        "totals": _by_side(sides, rp.totals) if known else None,
        "over": rp.game_over,
        "winner": sides[rp.winner] if rp.game_over and rp.winner is not None else None,
        "problems": [slip_json(s, sides, command) for s in rp.slips],
    }
