"""Generated documentation pages: ``docs/cli.md``, ``docs/sources.md``, ``docs/parameters.md``
and the rule sheets ``docs/rules/*.md``.

Regenerate them all with ``python -m canasta_rules.docgen --write docs``; ``--check docs`` exits
1 when a committed page differs from what the code and the variants now generate (tests run the
same checks). The JSON schema of variant files has its own command (it lives beside the variant
files): ``python -m canasta_rules.variant.schema > variants/canasta-variant.schema.json``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..fileio import stale_pages, write_pages

__all__ = ["PAGES", "expected", "stale", "write"]


def _cli_page() -> str:
    from .cli import page

    return page()


def _sources_page() -> str:
    from .sources import page

    return page()


def _parameters_page() -> str:
    from ..variant.reference import parameters_markdown

    return parameters_markdown()


PAGES: dict[str, Callable[[], str]] = {
    "cli.md": _cli_page,
    "sources.md": _sources_page,
    "parameters.md": _parameters_page,
}
"""File name (in the docs folder) -> the function that generates it."""

RULES = "rules"
"""The folder (in the docs folder) of the rule sheets, one per built-in variant
(``canasta_rules.rulesheet.docs``)."""


def expected() -> dict[str, str]:
    """File name -> text, for every generated page."""
    return {fname: make() for fname, make in PAGES.items()}


def stale(directory: Path) -> list[str]:
    """Problems with the pages in ``directory`` and its rule sheets: missing or out of date."""
    from ..rulesheet import docs as sheets

    return stale_pages(directory, expected()) + sheets.stale(directory / RULES)


def write(directory: Path) -> list[Path]:
    """Write (atomically) every page that is missing or differs, and the rule sheets; returns the
    files written (or removed: a sheet of a variant that is gone)."""
    from ..rulesheet import docs as sheets

    return write_pages(directory, expected()) + sheets.write_docs(directory / RULES)
