"""Generated documentation pages: ``docs/cli.md`` and ``docs/sources.md``.

Regenerate both with ``python -m canasta_rules.docgen --write docs``; ``--check docs`` exits 1
when a committed page differs from what the code and the variants now generate (a test runs the
same check).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..fileio import write_text_atomic

__all__ = ["PAGES", "expected", "stale", "write"]


def _cli_page() -> str:
    from .cli import page

    return page()


def _sources_page() -> str:
    from .sources import page

    return page()


PAGES: dict[str, Callable[[], str]] = {
    "cli.md": _cli_page,
    "sources.md": _sources_page,
}
"""File name (in the docs folder) -> the function that generates it."""


def expected() -> dict[str, str]:
    """File name -> text, for every generated page."""
    return {fname: make() for fname, make in PAGES.items()}


def stale(directory: Path) -> list[str]:
    """Problems with the pages in ``directory``: missing or out of date."""
    problems: list[str] = []
    for fname, text in expected().items():
        p = directory / fname
        if not p.is_file():
            problems.append(f"{p}: missing")
        elif p.read_text(encoding="utf-8") != text:
            problems.append(f"{p}: out of date")
    return problems


def write(directory: Path) -> list[Path]:
    """Write (atomically) every page that is missing or differs; returns the files written."""
    directory.mkdir(parents=True, exist_ok=True)
    changed: list[Path] = []
    for fname, text in expected().items():
        p = directory / fname
        if not p.is_file() or p.read_text(encoding="utf-8") != text:
            write_text_atomic(p, text)
            changed.append(p)
    return changed
