"""Small helpers for writing rules in words: counts, lists, card names, sources."""

from __future__ import annotations

import re

from ..sources import label
from ..variant.plain import Words
from ..variant.spoken import SPECIAL_CARDS, join, number, special_cards

__all__ = [
    "SPECIAL_CARDS",
    "article",
    "capital",
    "count",
    "digits_count",
    "join",
    "number",
    "renamed",
    "source_name",
    "special_cards",
]


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``one canasta``, ``two canastas``, ``11 cards``."""
    word = noun if n == 1 else (plural or noun + "s")
    return f"{number(n)} {word}"


def digits_count(n: int, noun: str, plural: str | None = None) -> str:
    """Like :func:`count` but always in digits: ``1 card``, ``11 cards``."""
    word = noun if n == 1 else (plural or noun + "s")
    return f"{n} {word}"


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def source_name(source: str) -> str:
    """A source id as a sheet names it among its sources: ``[001] Pagat's Classic Canasta,
    teaching page``, the id its rules are marked with and the source's label
    (:func:`canasta_rules.sources.label`)."""
    return f"[{source}] {label(source)}"


def article(word: str) -> str:
    """``a`` or ``an`` before ``word`` (by its first letter: an escalera, a samba)."""
    return "an" if word[:1] in "aeiou" else "a"


_CANASTA = re.compile(r"(?<![\w.])(canastas|canasta|Canastas)(?!\w|\.\w)")
_CANASTA_OPENING = re.compile(r"(^|[.:;!?]\s+)Canasta(?!\w|\.\w)")


def renamed(text: str, words: Words) -> str:
    """``text`` with the common word for a canasta replaced by the variant's own (Hand and Foot's
    books): ``canasta``, ``canastas`` and ``Canastas`` wherever they stand, and ``Canasta`` where
    it opens a sentence or a label; elsewhere ``Canasta`` names the game and stays. A dotted key
    (``going_out.canastas``) is left alone."""
    if words.canasta == "canasta" and words.canastas == "canastas":
        return text
    plural = words.canastas
    subs = {"canasta": words.canasta, "canastas": plural, "Canastas": capital(plural)}
    text = _CANASTA.sub(lambda m: subs[m.group(1)], text)
    return _CANASTA_OPENING.sub(lambda m: m.group(1) + capital(words.canasta), text)
