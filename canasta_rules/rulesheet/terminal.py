"""A rule sheet drawn in a terminal: its Markdown rendered by rich (headings, lists, tables).

``canasta rules NAME`` shows a sheet this way when its output is a terminal; piped, written with
``--out`` or asked for with ``-f md``, it prints the Markdown itself. Both come from the same
Markdown text, so the terminal shows exactly what the Markdown says.

The docs' picture of a rendered sheet is made the same way (rich's SVG export)::

    python -m canasta_rules.rulesheet.terminal docs/images
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console

MAX_WIDTH = 100
"""The widest a sheet is drawn: longer lines are hard to read, whatever the terminal's width."""

SCREENSHOT = ("classic", 88, 103)
"""The docs' picture: the variant, its width and how many lines of the sheet it shows."""


def draw(markdown: str, console: Console | None = None) -> None:
    """Print the sheet's Markdown rendered, at most :data:`MAX_WIDTH` wide, to ``console`` (by
    default a new one on standard output, its lines wrapped to the terminal's width)."""
    from rich.console import Console
    from rich.markdown import Markdown

    console = console or Console(highlight=False)
    console.print(Markdown(markdown), width=min(console.width, MAX_WIDTH))


def screenshot(out: Path) -> Path:
    """Write ``rules-sheet.svg`` to the folder ``out``: the top of a built-in's rendered sheet."""
    import io

    from rich.console import Console
    from rich.markdown import Markdown
    from rich.segment import Segment, Segments

    from ..variant import load
    from . import build, render

    name, width, shown = SCREENSHOT
    text = render(build(load(name).variant), "md")
    console = Console(record=True, width=width, file=io.StringIO(), force_terminal=True)
    lines = console.render_lines(Markdown(text), console.options, pad=False)
    console.print(Segments([s for line in lines[:shown] for s in (*line, Segment.line())]))
    path = out / "rules-sheet.svg"
    console.save_svg(str(path), title=f"canasta rules {name}")
    return path


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m canasta_rules.rulesheet.terminal FOLDER", file=sys.stderr)
        return 2
    print(screenshot(Path(argv[0])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
