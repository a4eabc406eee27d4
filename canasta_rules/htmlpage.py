"""What the project's printable HTML pages share (a rule sheet, a tally sheet): text escaped for
HTML, and the page's opening up to its ``<body>``: the doctype, the language, the character set,
the viewport for a phone and the page's own style sheet inline, so that the file stands alone."""

from __future__ import annotations

import html


def escaped(text: object) -> str:
    """``text`` as HTML text or an attribute's value (quotes escaped too)."""
    return html.escape(str(text), quote=True)


def page_head(title: str, css: str) -> list[str]:
    """The lines of a page from its doctype to the end of its ``<head>``: ``title`` (escaped
    here) and the style sheet ``css`` inline."""
    return [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escaped(title)}</title>",
        "<style>",
        css.rstrip("\n"),
        "</style>",
        "</head>",
    ]
