"""The sheet written out for people and programs: CSV for a spreadsheet, one printable HTML
page, and JSON (:func:`sheet_json`, its shape in docs/play-and-tally.md)."""

from __future__ import annotations

import csv
import io
from typing import Any

from ..engine.scoring import OPTIONAL_ROWS, ROWS
from ..htmlpage import escaped, page_head
from .sheet import Sheet, status_lines

ROW_KEYS = tuple(key for key, _ in ROWS)
"""The rows of a side's score in the JSON, in the order of the sources' tables."""


def sheet_json(sheet: Sheet) -> dict[str, Any]:
    """The sheet as data: the ruleset, the sides and their teams, each hand's entry, rows and
    running totals, and where the game stands."""
    sides = sheet.sides

    def by_side(values: list[int]) -> dict[str, int]:
        return dict(zip(sides, values, strict=True))

    r = sheet.rules
    over, winner = sheet.result
    hands = []
    for number, (h, line) in enumerate(zip(sheet.hands, sheet.lines(), strict=True), 1):
        scores = {
            side: {**{key: getattr(sc, key) for key in ROW_KEYS}, "total": sc.total}
            for side, sc in zip(sides, h.scores, strict=True)
        }
        hands.append(
            {
                "hand": number,
                "entry": line,
                "scores": scores,
                "totals": by_side(h.totals),
                "warnings": list(h.doubts),
            }
        )
    return {
        "ruleset": sheet.ref,
        "set": list(sheet.sets),
        "players": r.players,
        "sides": list(sides),
        "teams": {sides[i]: name for i, name in sorted(sheet.teams.items())},
        "goal": {"hands": r.rounds} if r.rounds else {"target": r.target},
        "hands": hands,
        "totals": by_side(sheet.totals),
        "next_minimums": None if over else by_side(sheet.minimums()),
        "over": over,
        "winner": sides[winner] if over and winner is not None else None,
    }


def sheet_csv(sheet: Sheet) -> str:
    """One row a hand: its number, each side's score and running total, and the entry line."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    header = ["hand"]
    for label in sheet.labels:
        header += [label, f"{label} total"]
    w.writerow([*header, "entry"])
    for number, (h, line) in enumerate(zip(sheet.hands, sheet.lines(), strict=True), 1):
        row: list[object] = [number]
        for sc, total in zip(h.scores, h.totals, strict=True):
            row += [sc.total, total]
        w.writerow([*row, line])
    return out.getvalue()


_CSS = """\
body { font-family: Georgia, "Times New Roman", serif; color: #111; max-width: 50em;
  margin: 2em auto; padding: 0 1em; }
h1 { font-size: 1.5em; margin: 0 0 .2em; }
h2 { font-size: 1.15em; border-bottom: 1px solid #999; margin: 1.4em 0 .5em; }
.meta { margin: 0 0 1em; color: #333; }
table { border-collapse: collapse; margin: .3em 0 1em; }
th, td { border: 1px solid #999; padding: .2em .6em; }
th { background: #eee; text-align: center; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
td.total { font-weight: bold; }
tr.sum td { border-top: 2px solid #333; font-weight: bold; }
.status { margin: .2em 0; }
.hand { display: inline-block; vertical-align: top; margin: 0 1.5em .5em 0; }
.hand h3 { font-size: 1em; margin: .4em 0 .2em; }
.entry { font-family: "DejaVu Sans Mono", Consolas, monospace; font-size: .85em; color: #333;
  max-width: 30em; }
.warn { color: #8a4b00; font-size: .9em; }
@page { margin: 14mm; }
@media print {
  body { max-width: none; margin: 0; padding: 0; font-size: 10.5pt; }
  table, .hand { break-inside: avoid; page-break-inside: avoid; }
  th { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
"""


_h = escaped


def sheet_html(sheet: Sheet) -> str:
    """One printable page: the running sheet (each hand's score and the totals, side by side),
    where the game stands, and each hand's rows with the line it was entered as."""
    labels = sheet.labels
    r = sheet.rules
    goal = f"{r.rounds} hands" if r.rounds else f"game to {r.target}"
    title = f"Canasta score sheet: {sheet.loaded.variant.name}"
    out = [
        *page_head(title, _CSS),
        "<body>",
        f"<h1>{_h(title)}</h1>",
        f'<p class="meta">{_h(_meta(sheet, goal))}</p>',
        '<table class="sheet">',
        "<thead>",
        '<tr><th rowspan="2">Hand</th>'
        + "".join(f'<th colspan="2">{_h(label)}</th>' for label in labels)
        + "</tr>",
        "<tr>" + "<th>score</th><th>total</th>" * len(labels) + "</tr>",
        "</thead>",
        "<tbody>",
    ]
    for number, h in enumerate(sheet.hands, 1):
        cells = "".join(
            f'<td class="n">{sc.total}</td><td class="n total">{total}</td>'
            for sc, total in zip(h.scores, h.totals, strict=True)
        )
        out.append(f'<tr><td class="n">{number}</td>{cells}</tr>')
    out += ["</tbody>", "</table>"]
    out += [f'<p class="status">{_h(line)}</p>' for line in status_lines(sheet)]
    if sheet.hands:
        out.append("<h2>The hands</h2>")
    for number, (h, line) in enumerate(zip(sheet.hands, sheet.lines(), strict=True), 1):
        out += [
            '<div class="hand">',
            f"<h3>Hand {number}</h3>",
            "<table>",
            "<tr><th></th>" + "".join(f"<th>{_h(label)}</th>" for label in labels) + "</tr>",
        ]
        for i, (label, _) in enumerate(h.scores[0].rows()):
            values = [sc.rows()[i][1] for sc in h.scores]
            if label in OPTIONAL_ROWS and not any(values):
                continue
            cells = "".join(f'<td class="n">{v}</td>' for v in values)
            out.append(f"<tr><td>{_h(label)}</td>{cells}</tr>")
        totals = "".join(f'<td class="n">{sc.total}</td>' for sc in h.scores)
        out += [f'<tr class="sum"><td>Total</td>{totals}</tr>', "</table>"]
        out.append(f'<p class="entry">{_h(line)}</p>')
        out += [f'<p class="warn">warning: {_h(d)}</p>' for d in h.doubts]
        out.append("</div>")
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"


def _meta(sheet: Sheet, goal: str) -> str:
    v = sheet.loaded.variant
    parts = [f"Rules: {v.title}" if v.title else f"Rules: {v.name}", goal]
    parts.append(f"{sheet.rules.players} players")
    if sheet.sets:
        parts.append("with " + ", ".join(sheet.sets))
    return "; ".join(parts)
