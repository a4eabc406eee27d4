"""Rendering a :class:`~.document.Sheet` as Markdown, HTML or plain text.

All three show the same statements in the same order; only the markup differs. HTML is one
self-contained page: its style sheet is inline (with print rules), and it refers to nothing outside
itself. Text is wrapped at 78 columns.
"""

from __future__ import annotations

import html
import re
import textwrap
from collections.abc import Sequence
from typing import Literal

from .document import Block, Bullets, Heading, House, Para, Row, Section, Sentence, Sheet, Table

Format = Literal["md", "html", "txt"]
FORMATS: tuple[Format, ...] = ("md", "html", "txt")
WIDTH = 78
HOUSE = "House rule:"


def render(sheet: Sheet, fmt: Format) -> str:
    """The sheet as text in ``fmt`` (``md``, ``html`` or ``txt``), ending with a newline."""
    if fmt == "md":
        return to_markdown(sheet)
    if fmt == "html":
        return to_html(sheet)
    if fmt == "txt":
        return to_text(sheet)
    raise ValueError(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}")


# --------------------------------------------------------------------------------------------
# What every format says around the sections


def _subtitle(sheet: Sheet) -> str:
    what = "Rule sheet" if sheet.kind == "rules" else "Quick reference"
    return f"{what} for the variant {sheet.name}, generated from its rule parameters."


def _meta(sheet: Sheet) -> list[str]:
    lines = [f"Sources: {'; '.join(sheet.sources) or 'none named'}."]
    if sheet.overrides:
        lines.append(f"Changed with --set: {', '.join(sheet.overrides)}.")
    if sheet.base is not None:
        n = len(sheet.house_keys)
        if n:
            lines.append(
                f"Compared with {sheet.base}, “{sheet.base_title}”: {n} "
                f"parameter{'s differ' if n != 1 else ' differs'}. Each rule that states one is "
                f"marked “{HOUSE[:-1]}”, followed by the base rule."
            )
            lines.append(f"Parameters that differ: {', '.join(sheet.house_keys)}.")
        else:
            lines.append(f"Compared with {sheet.base}, “{sheet.base_title}”: no rule differs.")
    return lines


def _base_note(h: House) -> str:
    return f"(Base rule, {h.base_name}: {h.base_text})"


def _section_title(sheet: Sheet, i: int, sec: Section) -> str:
    return f"{i}. {sec.title}" if sheet.kind == "rules" else sec.title


def _marked_rows(table: Table) -> list[Row]:
    return [r for r in table.rows if r.house is not None]


def _row_note(row: Row) -> str:
    assert row.house is not None
    return f"* {HOUSE} {row.plain}. {_base_note(row.house)}"


# --------------------------------------------------------------------------------------------
# Markdown

_MD_SPECIAL = re.compile(r"([\\`*\[\]<>|]|(?<![0-9A-Za-z])_|_(?![0-9A-Za-z]))")


def md_escape(text: str) -> str:
    """Text with Markdown's special characters escaped (``_`` only where it could emphasise)."""
    return _MD_SPECIAL.sub(r"\\\1", text)


def _md_sentence(s: Sentence) -> str:
    if s.house is None:
        return md_escape(s.text)
    return f"**{HOUSE}** {md_escape(s.text)} *{md_escape(_base_note(s.house))}*"


def _md_block(b: Block) -> list[str]:
    if isinstance(b, Heading):
        return [f"### {md_escape(b.text)}", ""]
    if isinstance(b, Para):
        text = " ".join(_md_sentence(s) for s in b.sentences)
        return [f"*{text}*" if b.style == "note" and "*" not in text else text, ""]
    if isinstance(b, Bullets):
        out = [_md_sentence(b.lead), ""] if b.lead else []
        out += [f"- {_md_sentence(s)}" for s in b.items]
        return [*out, ""]
    out = [_md_sentence(b.caption), ""] if b.caption.text else []
    out.append("| " + " | ".join(md_escape(h) for h in b.header) + " |")
    out.append("|" + "|".join("---" for _ in b.header) + "|")
    for r in b.rows:
        cells = [md_escape(c) for c in r.cells]
        if r.house is not None:
            cells[0] += " \\*"
        out.append("| " + " | ".join(cells) + " |")
    out.append("")
    for r in _marked_rows(b):
        out += [md_escape(_row_note(r)), ""]
    return out


def to_markdown(sheet: Sheet) -> str:
    title = sheet.title if sheet.kind == "rules" else f"{sheet.title}: quick reference"
    lines = [f"# {md_escape(title)}", "", f"*{md_escape(_subtitle(sheet))}*", ""]
    lines += [f"- {md_escape(m)}" for m in _meta(sheet)]
    lines.append("")
    for i, sec in enumerate(sheet.sections, 1):
        lines += [f"## {md_escape(_section_title(sheet, i, sec))}", ""]
        for b in sec.blocks:
            lines += _md_block(b)
    while lines and lines[-1] == "":
        lines.pop()
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------------------------
# HTML

_CSS = """\
body { font-family: Georgia, "Times New Roman", serif; line-height: 1.45; color: #111;
  max-width: 46em; margin: 2em auto; padding: 0 1em; }
h1 { font-size: 1.6em; margin: 0 0 .2em; }
h2 { font-size: 1.25em; border-bottom: 1px solid #999; margin: 1.6em 0 .5em; }
h3 { font-size: 1.05em; margin: 1em 0 .3em; }
p { margin: .4em 0 .7em; }
.subtitle { font-style: italic; margin-top: 0; }
.meta { color: #333; font-size: .95em; padding-left: 1.2em; }
table { border-collapse: collapse; margin: .3em 0 1em; }
th, td { border: 1px solid #999; padding: .2em .6em; text-align: left; vertical-align: top; }
th { background: #eee; }
.house { background: #fff1b8; }
.house-label { font-weight: bold; }
.base { color: #555; font-style: italic; }
.note { font-size: .85em; color: #444; }
tr.house td { background: #fff1b8; }
body.card { max-width: 60em; font-size: .95em; }
body.card main { columns: 2 22em; column-gap: 2em; }
body.card section { break-inside: avoid; page-break-inside: avoid; }
body.card h2 { margin-top: .6em; }
@page { margin: 14mm; }
@media print {
  body { max-width: none; margin: 0; padding: 0; font-size: 10.5pt; }
  body.card { font-size: 8.5pt; }
  h2, h3 { break-after: avoid; page-break-after: avoid; }
  table, tr, li, .house { break-inside: avoid; page-break-inside: avoid; }
  .house, tr.house td, th { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
"""


def _h(text: str) -> str:
    return html.escape(text, quote=True)


def _html_sentence(s: Sentence) -> str:
    if s.house is None:
        return _h(s.text)
    return (
        f'<span class="house"><span class="house-label">{_h(HOUSE)}</span> {_h(s.text)} '
        f'<span class="base">{_h(_base_note(s.house))}</span></span>'
    )


def _html_block(b: Block) -> list[str]:
    if isinstance(b, Heading):
        return [f"<h3>{_h(b.text)}</h3>"]
    if isinstance(b, Para):
        cls = ' class="note"' if b.style == "note" else ""
        return [f"<p{cls}>" + " ".join(_html_sentence(s) for s in b.sentences) + "</p>"]
    if isinstance(b, Bullets):
        out = [f"<p>{_html_sentence(b.lead)}</p>"] if b.lead else []
        out.append("<ul>")
        out += [f"<li>{_html_sentence(s)}</li>" for s in b.items]
        out.append("</ul>")
        return out
    out = [f"<p>{_html_sentence(b.caption)}</p>"] if b.caption.text else []
    out.append("<table>")
    out.append("<thead><tr>" + "".join(f"<th>{_h(h)}</th>" for h in b.header) + "</tr></thead>")
    out.append("<tbody>")
    for r in b.rows:
        cells = [_h(c) for c in r.cells]
        cls = ""
        if r.house is not None:
            cells[0] += " *"
            cls = ' class="house"'
        out.append(f"<tr{cls}>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    out += ["</tbody>", "</table>"]
    for r in _marked_rows(b):
        out.append(f'<p class="note">{_h(_row_note(r))}</p>')
    return out


def to_html(sheet: Sheet) -> str:
    title = sheet.title if sheet.kind == "rules" else f"{sheet.title}: quick reference"
    body_cls = "card" if sheet.kind == "card" else "rules"
    out = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_h(title)}</title>",
        "<style>",
        _CSS.rstrip("\n"),
        "</style>",
        "</head>",
        f'<body class="{body_cls}">',
        "<header>",
        f"<h1>{_h(title)}</h1>",
        f'<p class="subtitle">{_h(_subtitle(sheet))}</p>',
        '<ul class="meta">',
        *[f"<li>{_h(m)}</li>" for m in _meta(sheet)],
        "</ul>",
        "</header>",
        "<main>",
    ]
    for i, sec in enumerate(sheet.sections, 1):
        out.append(f'<section id="{_h(sec.id.replace(".", "-"))}">')
        out.append(f"<h2>{_h(_section_title(sheet, i, sec))}</h2>")
        for b in sec.blocks:
            out += _html_block(b)
        out.append("</section>")
    out += ["</main>", "</body>", "</html>"]
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------------------------
# Plain text


def _txt_sentence(s: Sentence) -> str:
    if s.house is None:
        return s.text
    return f"[{HOUSE[:-1].upper()}] {s.text} {_base_note(s.house)}"


def _fill(text: str, indent: str = "", first: str | None = None) -> list[str]:
    return textwrap.wrap(
        text,
        WIDTH,
        initial_indent=indent if first is None else first,
        subsequent_indent=indent,
        break_long_words=False,
        break_on_hyphens=False,
    ) or [""]


def _widths(rows: Sequence[Sequence[str]], sep: int) -> list[int]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    floor = 6
    while sum(widths) + sep * (len(widths) - 1) > WIDTH and max(widths) > floor:
        i = widths.index(max(widths))
        widths[i] -= 1
    return widths


def _txt_table(t: Table) -> list[str]:
    grid = [list(t.header)] + [
        [c + (" *" if j == 0 and r.house is not None else "") for j, c in enumerate(r.cells)]
        for r in t.rows
    ]
    sep = 2
    widths = _widths(grid, sep)
    out: list[str] = []

    def emit(cells: Sequence[str]) -> None:
        wrapped = [
            textwrap.wrap(c, w, break_long_words=True) or [""]
            for c, w in zip(cells, widths, strict=True)
        ]
        for k in range(max(len(w) for w in wrapped)):
            parts = [(w[k] if k < len(w) else "").ljust(widths[j]) for j, w in enumerate(wrapped)]
            out.append((" " * sep).join(parts).rstrip())

    emit(grid[0])
    out.append((" " * sep).join("-" * w for w in widths))
    for row in grid[1:]:
        emit(row)
    return out


def _txt_block(b: Block) -> list[str]:
    if isinstance(b, Heading):
        return [b.text, "~" * len(b.text), ""]
    if isinstance(b, Para):
        text = " ".join(_txt_sentence(s) for s in b.sentences)
        if b.style == "note":
            return [*_fill(text, "  "), ""]
        return [*_fill(text), ""]
    if isinstance(b, Bullets):
        out = [*_fill(_txt_sentence(b.lead)), ""] if b.lead else []
        for s in b.items:
            out += _fill(_txt_sentence(s), "    ", "  - ")
        return [*out, ""]
    out = [*_fill(_txt_sentence(b.caption)), ""] if b.caption.text else []
    out += _txt_table(b)
    out.append("")
    for r in _marked_rows(b):
        out += [*_fill(_row_note(r), "  "), ""]
    return out


def _underline(text: str, char: str) -> list[str]:
    return [text, char * min(len(text), WIDTH)]


def to_text(sheet: Sheet) -> str:
    title = sheet.title if sheet.kind == "rules" else f"{sheet.title}: quick reference"
    lines = [*_fill(title), "=" * min(len(title), WIDTH), ""]
    lines += [*_fill(_subtitle(sheet)), ""]
    for m in _meta(sheet):
        lines += _fill(m, "  ", "- ")
    lines.append("")
    for i, sec in enumerate(sheet.sections, 1):
        lines += [*_underline(_section_title(sheet, i, sec), "-"), ""]
        for b in sec.blocks:
            lines += _txt_block(b)
    while lines and lines[-1] == "":
        lines.pop()
    return "\n".join(line.rstrip() for line in lines) + "\n"
