"""What the pages say in words about rule settings and sources, as a player reads them aloud.

Cards and moves are worded by :mod:`canasta_rules.notation.saywords` (the command line words them
too), seats by :func:`canasta_rules.seats.seat_word`.
"""

from __future__ import annotations

import re
import tomllib

from markupsafe import Markup, escape

from ..sources import SOURCE_IDS, label
from ..variant.spoken import setting_name, value_words

# ---- rule settings --------------------------------------------------------------------------
# The words for a setting and its values are :mod:`canasta_rules.variant.spoken`'s, which
# ``canasta variants show`` and ``diff`` print too; the page only adds the row of a table.


def setting_title(key: str) -> str:
    """A setting's name in words (``A discarded black three`` for ``black_threes.discarded``). A
    key into a row of a table (``initial_meld.tiers.1.minimum``, as a check names it) names the
    table and the row too: ``Initial meld minimum by score, row 2: minimum``."""
    parts = key.split(".")
    at = next((i for i, p in enumerate(parts) if p.isdigit()), -1)
    if at > 0:
        head = setting_name(".".join(parts[:at]))
        said = f"{head}, row {int(parts[at]) + 1}"
        if at + 1 < len(parts):
            field = setting_name(key)
            said += f": {field[:1].lower()}{field[1:]}"
        return said
    return setting_name(key)


def choice_words(key: str, choice: str, *, many: bool = False) -> str:
    """One allowed value of ``key`` in words, as an option or a box is labelled: ``stops the
    next player, nothing more``. A setting that takes a list (``many``: ``pile.unfrozen``,
    ``deal.upcard_covered``) says one entry as the list of it alone says it (``jokers``)."""
    return value_words(key, [choice] if many else choice)


def shown_words(shown: str, key: str) -> str:
    """A value of ``key`` as a variant file writes it (``"freeze"``, ``[2, 3]``, ``-`` for none)
    in words (``freezes the pile``); as it is where it is not a TOML value."""
    if shown == "-":
        return value_words(key, None)
    try:
        return value_words(key, tomllib.loads(f"v = {shown}")["v"])
    except (tomllib.TOMLDecodeError, KeyError, RecursionError):
        return shown


# ---- sources named in a text ----------------------------------------------------------------

_SOURCE_ID = re.compile(
    r"(?<![\w/.-])("
    + "|".join(
        sorted(
            (re.escape(i) for i in SOURCE_IDS if len(i) > 1 and i != "house"), key=len, reverse=True
        )
    )
    + r")(?![\w/-])"
)
"""A source id written in a text (``001``, ``CJ``, ``RG3``); the one-letter ids (P, B, W) are
left alone, as they read as letters in a sentence."""


def sources_in(*texts: str) -> list[tuple[str, str]]:
    """(id, label) of each source id the texts name, in order: the legend under a rule whose
    description or note says ``(004)`` or ``CLA, reported: 9``."""
    found = dict.fromkeys(m.group(1) for t in texts for m in _SOURCE_ID.finditer(t or ""))
    return [(i, label(i)) for i in found]


def with_sources(text: str) -> Markup:
    """``text`` (escaped) with each source id it names marked, its label shown on pointing."""
    escaped = str(escape(text))
    return Markup(
        _SOURCE_ID.sub(
            lambda m: f'<abbr title="{escape(label(m.group(1)))}">{m.group(1)}</abbr>', escaped
        )
    )
