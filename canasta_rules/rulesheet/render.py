"""Rendering a :class:`~.document.Sheet` as Markdown, HTML or plain text.

All three show the same statements in the same order; only the markup differs. HTML is one
self-contained page: its style sheet is inline (with print rules), and it refers to nothing outside
itself. Text is wrapped at 78 columns.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Sequence
from typing import Literal

from ..htmlpage import escaped, page_head
from ..sources import FAMILY
from ..sources import legend as legend_of
from .document import (
    Block,
    Bullets,
    Heading,
    House,
    Origin,
    Para,
    Row,
    Section,
    Sentence,
    Sheet,
    Table,
)
from .words import source_name

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
    return f"{what} for the variant {sheet.name}, written out from its settings."


def _meta(sheet: Sheet) -> list[str]:
    sources = sheet.sources
    family = [i for i in sheet.source_ids if i in FAMILY]
    if sheet.kind != "rules" and family:  # a card names family sources by id alone (short)
        sources = tuple(i if i in FAMILY else source_name(i) for i in sheet.source_ids)
    sep = ", " if family == list(sheet.source_ids) else "; "
    lines = [f"Sources: {sep.join(sources) or 'none named'}."]
    if sheet.kind != "rules" and family:
        lines[0] += " The full rule sheet and docs/sources.md give their titles."
    if sheet.overrides:
        lines.append(f"Changed with --set: {', '.join(sheet.overrides)}.")
    if sheet.base is not None:
        n = len(sheet.house_keys)
        if n:
            lines.append(
                f"Compared with {sheet.base}, “{sheet.base_title}”: {n} "
                f"setting{'s differ' if n != 1 else ' differs'}. Each rule that states one is "
                f"marked, followed by {sheet.base}'s rule: “Changed” with the source the "
                f"variant's notes cite for it, or “{HOUSE[:-1]}” where they cite none."
            )
            named = [_lowered(sheet.setting_name(k)) for k in sheet.house_keys]
            lines.append(f"Settings that differ: {', '.join(named)}.")
        else:
            lines.append(f"Compared with {sheet.base}, “{sheet.base_title}”: no rule differs.")
    return lines


# --------------------------------------------------------------------------------------------
# Where each rule comes from: markers, the legend and the notes on pinned readings

SOURCE_HEADER = "Source"
PINNED_TITLE = "Pinned readings"


def _lowered(name: str) -> str:
    """A setting's name inside a sentence: ``table sizes``."""
    return name[:1].lower() + name[1:]


def _part(sheet: Sheet, o: Origin) -> str:
    if o.kind == "stated":
        return ", ".join(o.sources)
    if o.kind == "filled":
        return "from " + ", ".join(o.sources)
    if o.kind == "pinned":
        if sheet.kind != "rules":
            return "pinned"
        return f"pinned {sheet.pinned.index(o) + 1}"
    if o.kind == "common":
        return "common"
    return "no source"


def origin_text(sheet: Sheet, origins: Sequence[Origin]) -> str:
    """What a marker says, without its brackets: ``001``, ``from P; pinned 3``, ``common``."""
    return "; ".join(dict.fromkeys(_part(sheet, o) for o in origins))


def marker(sheet: Sheet, origins: Sequence[Origin]) -> str:
    """The bracketed marker after a rule (empty when it has no origin)."""
    text = origin_text(sheet, origins)
    return f"[{text}]" if text else ""


def legend(sheet: Sheet) -> str:
    """The short legend of the markers the sheet uses (empty when it uses none)."""
    origins = [o for st in sheet.statements() for o in st.origins]
    kinds = {o.kind for o in origins}
    if not kinds:
        return ""
    items: list[str] = []
    stated = [s for o in origins if o.kind == "stated" for s in o.sources if s != "house"]
    if stated:
        items.append(f"[{stated[0]}] stated by that source, one of this variant's")
    if any(o.kind == "stated" and "house" in o.sources for o in origins):
        items.append("[house] a house rule of this variant's own")
    if "filled" in kinds:
        other = next(o.sources[0] for o in origins if o.kind == "filled" and o.sources)
        items.append(f"[from {other}] filled in from another source")
    if "pinned" in kinds:
        if sheet.kind == "rules":
            items.append(
                "[pinned N] the sources are silent, unclear or disagree, so the project pinned "
                f"a reading (note N under {PINNED_TITLE} says why)"
            )
        else:
            items.append("[pinned] a reading the project pinned (the full rule sheet says why)")
    if "common" in kinds:
        items.append("[common] a rule the sources share, with no parameter")
    if "unsourced" in kinds:
        items.append("[no source] the variant file cites none")
    tables = any(
        isinstance(b, Table) and _source_column(b) for sec in sheet.sections for b in sec.blocks
    )
    where = " (and in the Source column of tables)" if tables else ""
    text = f"Where each rule comes from, in brackets after it{where}: " + "; ".join(items) + "."
    if any(len({o.kind for o in st.origins}) > 1 for st in sheet.statements()):
        text += (
            " A sentence that states several rules lists an origin for each, separated by "
            "semicolons: [SOURCE; pinned N] is partly the source's and partly a pinned reading."
        )
    # The ids a marker or a pinned note shows that the Sources line does not name.
    cited = (s for o in origins if o.kind in ("filled", "pinned") for s in o.sources)
    ids = [i for i in dict.fromkeys(cited) if i not in sheet.source_ids and i != "house"]
    if ids:
        if sheet.kind != "rules":  # a card stays short: family sources by id alone
            named = [i if i in FAMILY else source_name(i) for i in ids]
        else:
            named = legend_of(ids)
        text += " Other sources: " + "; ".join(named) + "."
    return text


def pinned_notes(sheet: Sheet) -> list[str]:
    """The numbered notes that ``[pinned N]`` refers to, as plain sentences (rules sheets only)."""
    if sheet.kind != "rules":
        return []
    out: list[str] = []
    for o in sheet.pinned:
        what = o.keys[0] if o.reading else ", ".join(sheet.setting_name(k) for k in o.keys)
        cited = ["no parameter"] if o.reading else []
        if o.sources:
            cited.append(", ".join(o.sources))
        out.append(f"{what} ({'; '.join(cited)}): {o.note}" if cited else f"{what}: {o.note}")
    return out


def _source_column(t: Table) -> bool:
    return any(r.origins for r in t.rows)


def _base_note(h: House) -> str:
    return f"(Base rule, {h.base_name}: {h.base_text})"


def _section_title(sheet: Sheet, i: int, sec: Section) -> str:
    return f"{i}. {sec.title}" if sheet.kind == "rules" else sec.title


def _marked_rows(table: Table) -> list[Row]:
    return [r for r in table.rows if r.house is not None]


def _row_note(row: Row) -> str:
    assert row.house is not None
    return f"* {row.house.label}: {row.plain}. {_base_note(row.house)}"


# --------------------------------------------------------------------------------------------
# Markdown

_MD_SPECIAL = re.compile(r"([\\`*\[\]<>|]|(?<![0-9A-Za-z])_|_(?![0-9A-Za-z]))")


def md_escape(text: str) -> str:
    """Text with Markdown's special characters escaped (``_`` only where it could emphasise)."""
    return _MD_SPECIAL.sub(r"\\\1", text)


def _with_marker(sheet: Sheet, s: Sentence, text: str, escape: Callable[[str], str]) -> str:
    m = marker(sheet, s.origins)
    return f"{text} {escape(m)}" if m else text


def _md_sentence(sheet: Sheet, s: Sentence) -> str:
    text = _with_marker(sheet, s, md_escape(s.text), md_escape)
    if s.house is None:
        return text
    return f"**{md_escape(s.house.label)}:** {text} *{md_escape(_base_note(s.house))}*"


def _header(t: Table) -> tuple[str, ...]:
    return (*t.header, SOURCE_HEADER) if _source_column(t) else t.header


def _row_cells(sheet: Sheet, t: Table, r: Row) -> list[str]:
    cells = list(r.cells)
    if _source_column(t):
        cells.append(origin_text(sheet, r.origins))
    return cells


def _md_block(sheet: Sheet, b: Block) -> list[str]:
    if isinstance(b, Heading):
        return [f"### {md_escape(b.text)}", ""]
    if isinstance(b, Para):
        text = " ".join(_md_sentence(sheet, s) for s in b.sentences)
        return [f"*{text}*" if b.style == "note" and "*" not in text else text, ""]
    if isinstance(b, Bullets):
        out = [_md_sentence(sheet, b.lead), ""] if b.lead else []
        out += [f"- {_md_sentence(sheet, s)}" for s in b.items]
        return [*out, ""]
    out = [_md_sentence(sheet, b.caption), ""] if b.caption.text else []
    header = _header(b)
    out.append("| " + " | ".join(md_escape(h) for h in header) + " |")
    out.append("|" + "|".join("---" for _ in header) + "|")
    for r in b.rows:
        cells = [md_escape(c) for c in _row_cells(sheet, b, r)]
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
    if legend(sheet):
        lines += [md_escape(legend(sheet)), ""]
    for i, sec in enumerate(sheet.sections, 1):
        lines += [f"## {md_escape(_section_title(sheet, i, sec))}", ""]
        for b in sec.blocks:
            lines += _md_block(sheet, b)
    notes = pinned_notes(sheet)
    if notes:
        lines += [f"## {PINNED_TITLE}", ""]
        lines += [f"{n}. {md_escape(text)}" for n, text in enumerate(notes, 1)]
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
.src { font-size: .8em; color: #555; white-space: nowrap; }
.legend { font-size: .9em; color: #333; }
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


_h = escaped


def _html_marker(m: str) -> str:
    return f'<span class="src">{_h(m)}</span>'


def _html_sentence(sheet: Sheet, s: Sentence) -> str:
    m = marker(sheet, s.origins)
    text = f"{_h(s.text)} {_html_marker(m)}" if m else _h(s.text)
    if s.house is None:
        return text
    return (
        f'<span class="house"><span class="house-label">{_h(s.house.label)}:</span> {text} '
        f'<span class="base">{_h(_base_note(s.house))}</span></span>'
    )


def _html_block(sheet: Sheet, b: Block) -> list[str]:
    if isinstance(b, Heading):
        return [f"<h3>{_h(b.text)}</h3>"]
    if isinstance(b, Para):
        cls = ' class="note"' if b.style == "note" else ""
        return [f"<p{cls}>" + " ".join(_html_sentence(sheet, s) for s in b.sentences) + "</p>"]
    if isinstance(b, Bullets):
        out = [f"<p>{_html_sentence(sheet, b.lead)}</p>"] if b.lead else []
        out.append("<ul>")
        out += [f"<li>{_html_sentence(sheet, s)}</li>" for s in b.items]
        out.append("</ul>")
        return out
    out = [f"<p>{_html_sentence(sheet, b.caption)}</p>"] if b.caption.text else []
    out.append("<table>")
    out.append("<thead><tr>" + "".join(f"<th>{_h(h)}</th>" for h in _header(b)) + "</tr></thead>")
    out.append("<tbody>")
    for r in b.rows:
        cells = [_h(c) for c in _row_cells(sheet, b, r)]
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
        *page_head(title, _CSS),
        f'<body class="{body_cls}">',
        "<header>",
        f"<h1>{_h(title)}</h1>",
        f'<p class="subtitle">{_h(_subtitle(sheet))}</p>',
        '<ul class="meta">',
        *[f"<li>{_h(m)}</li>" for m in _meta(sheet)],
        "</ul>",
        *([f'<p class="legend">{_h(legend(sheet))}</p>'] if legend(sheet) else []),
        "</header>",
        "<main>",
    ]
    for i, sec in enumerate(sheet.sections, 1):
        out.append(f'<section id="{_h(sec.id.replace(".", "-"))}">')
        out.append(f"<h2>{_h(_section_title(sheet, i, sec))}</h2>")
        for b in sec.blocks:
            out += _html_block(sheet, b)
        out.append("</section>")
    notes = pinned_notes(sheet)
    if notes:
        out += ['<section id="pinned">', f"<h2>{_h(PINNED_TITLE)}</h2>", "<ol>"]
        out += [f"<li>{_h(text)}</li>" for text in notes]
        out += ["</ol>", "</section>"]
    out += ["</main>", "</body>", "</html>"]
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------------------------
# Plain text


def _txt_sentence(sheet: Sheet, s: Sentence) -> str:
    text = _with_marker(sheet, s, s.text, str)
    if s.house is None:
        return text
    return f"[{s.house.label.upper()}] {text} {_base_note(s.house)}"


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


def _txt_table(sheet: Sheet, t: Table) -> list[str]:
    grid = [list(_header(t))] + [
        [
            c + (" *" if j == 0 and r.house is not None else "")
            for j, c in enumerate(_row_cells(sheet, t, r))
        ]
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


def _txt_block(sheet: Sheet, b: Block) -> list[str]:
    if isinstance(b, Heading):
        return [b.text, "~" * len(b.text), ""]
    if isinstance(b, Para):
        text = " ".join(_txt_sentence(sheet, s) for s in b.sentences)
        if b.style == "note":
            return [*_fill(text, "  "), ""]
        return [*_fill(text), ""]
    if isinstance(b, Bullets):
        out = [*_fill(_txt_sentence(sheet, b.lead)), ""] if b.lead else []
        for s in b.items:
            out += _fill(_txt_sentence(sheet, s), "    ", "  - ")
        return [*out, ""]
    out = [*_fill(_txt_sentence(sheet, b.caption)), ""] if b.caption.text else []
    out += _txt_table(sheet, b)
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
    if legend(sheet):
        lines += [*_fill(legend(sheet)), ""]
    for i, sec in enumerate(sheet.sections, 1):
        lines += [*_underline(_section_title(sheet, i, sec), "-"), ""]
        for b in sec.blocks:
            lines += _txt_block(sheet, b)
    notes = pinned_notes(sheet)
    if notes:
        lines += [*_underline(PINNED_TITLE, "-"), ""]
        for n, text in enumerate(notes, 1):
            lines += _fill(text, " " * (len(str(n)) + 2), f"{n}. ")
    while lines and lines[-1] == "":
        lines.pop()
    return "\n".join(line.rstrip() for line in lines) + "\n"
