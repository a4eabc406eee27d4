"""Tags that look mistyped: a tag the readers do not know is kept and not read, as in PGN
(docs/notation.md, "Tags"), so ``[Score "NS 1600, EW 0"]`` for ``[Scores ...]`` would pass
unseen and change the ruling (the minimum falls to the one for 0). A tag whose name is close to
one the readers know draws a warning with its place and the name it probably meant."""

from __future__ import annotations

import difflib

from ..errors import quoted, shorten_path
from . import ast as A

READ_TAGS: tuple[str, ...] = (
    "Variant",
    "Set",
    "Players",
    "Partnerships",
    "Seed",
    "Dealer",
    "Scores",
    "Previous",
    "Hand",
    "Result",
)
"""Every tag a record or a position is read with (the replay's and the position reader's)."""

KEPT_TAGS: frozenset[str] = frozenset(
    {"Event", "Site", "Date", "Round", "Time", "Annotator", "Comment", "Source", "Note"}
)
"""Tags kept as they are and never read, which no warning questions however close they are to a
read one."""


def meant(name: str) -> str | None:
    """The read tag that ``name`` is probably a slip for, or None: the same name in other case
    (``scores``), or one close to it (``Score``, ``Player``, ``Dealr``)."""
    if name in READ_TAGS or name in KEPT_TAGS:
        return None
    for known in READ_TAGS:
        if name.lower() == known.lower():
            return known
    close = difflib.get_close_matches(name, READ_TAGS, n=1, cutoff=0.75)
    if not close:
        lower = {k.lower(): k for k in READ_TAGS}
        close = [lower[c] for c in difflib.get_close_matches(name.lower(), lower, 1, 0.75)]
    return close[0] if close else None


def tag_warnings(doc: A.Document) -> list[str]:
    """One line for each tag of ``doc`` that looks like a mistyped read tag:
    ``FILE:LINE:COL: tag 'Score' is not read (did you mean 'Scores'?)``."""
    out: list[str] = []
    for tag in doc.tags():
        guess = meant(tag.name)
        if guess is None:
            continue
        where = f"{shorten_path(doc.file)}:{tag.at.line}:{tag.at.column}"
        out.append(
            f"{where}: tag {quoted(tag.name)} is kept but not read (did you mean {guess!r}?)"
        )
    return out
