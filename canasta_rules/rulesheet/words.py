"""Small helpers for writing rules in words: counts, lists, card names, sources."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..sources import label
from ..variant.plain import Words

_NUMBER_WORDS = (
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
)


def number(n: int) -> str:
    """``n`` as a word up to ten (``no`` for 0), digits above."""
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``one canasta``, ``two canastas``, ``11 cards``."""
    word = noun if n == 1 else (plural or noun + "s")
    return f"{number(n)} {word}"


def digits_count(n: int, noun: str, plural: str | None = None) -> str:
    """Like :func:`count` but always in digits: ``1 card``, ``11 cards``."""
    word = noun if n == 1 else (plural or noun + "s")
    return f"{n} {word}"


def join(items: Sequence[str], last: str = "or") -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    items = list(items)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


SPECIAL_CARDS = {
    "joker": ("a joker", "jokers"),
    "two": ("a two", "twos"),
    "red_three": ("a red three", "red threes"),
    "black_three": ("a black three", "black threes"),
}
_SPECIAL_ORDER = ("joker", "two", "red_three", "black_three")


def special_cards(kinds: Sequence[str], *, plural: bool = False) -> str:
    """``a joker, a two or a red three`` (in a fixed order, whatever the file's order)."""
    ordered = [k for k in _SPECIAL_ORDER if k in kinds]
    return join([SPECIAL_CARDS[k][1 if plural else 0] for k in ordered], "or")


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
