"""What the pages say in words about rule settings and sources, as a player reads them aloud.

Cards and moves are worded by :mod:`canasta_rules.notation.saywords` (the command line words them
too), seats by :func:`canasta_rules.seats.seat_word`.
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

from markupsafe import Markup, escape

from ..notation.saywords import listed
from ..sources import SOURCE_IDS, label

# ---- rule settings --------------------------------------------------------------------------

_ABBREVIATIONS = {"min": "minimum", "max": "maximum"}


def _key_words(part: str) -> str:
    return " ".join(_ABBREVIATIONS.get(w, w) for w in part.split("_"))


def parameter_name(key: str) -> str:
    """A parameter's name in words, from its last two parts: ``Black threes: discarded`` for
    ``black_threes.discarded``, ``Melds: minimum size`` for ``melds.min_size``. A key into a row
    of a table (``initial_meld.tiers.1.minimum``, as a check names it) names the row:
    ``Initial meld: tiers, row 2: minimum``."""
    parts = key.split(".")
    at = next((i for i, p in enumerate(parts) if p.isdigit()), -1)
    if at > 0:
        head = parameter_name(".".join(parts[:at]))
        rest = [_key_words(p) for p in parts[at + 1 :]]
        return f"{head}, row {int(parts[at]) + 1}" + "".join(f": {w}" for w in rest)
    text = ": ".join(_key_words(p) for p in parts[-2:])
    return text[:1].upper() + text[1:]


def value_words(value: Any) -> str:
    """A setting's value as a person reads it: ``freeze``, ``yes``, ``2 and 3``, a table's rows
    as ``below 0, minimum 15; minimum 120``."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return value.replace("_", " ") if value else "(none)"
    if isinstance(value, int):
        return str(value)
    if value is None:
        return "left out"
    if isinstance(value, dict):
        return ", ".join(
            f"{_key_words(str(k))} {value_words(v)}" for k, v in value.items() if v is not None
        )
    if isinstance(value, list | tuple):
        if not value:
            return "none"
        if any(isinstance(v, dict) for v in value):
            return "; ".join(value_words(v) for v in value)
        return listed([value_words(v) for v in value])
    return str(value)


def shown_words(shown: str) -> str:
    """A value as a variant file writes it (``"freeze"``, ``[2, 3]``) in words (``freeze``,
    ``2 and 3``); as it is where it is not a TOML value."""
    try:
        return value_words(tomllib.loads(f"v = {shown}")["v"])
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
