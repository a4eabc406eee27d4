"""Small helpers for writing rules in words: counts, lists, card names, sources."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..sources import FAMILY
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


SOURCE_FILES = {
    "000": "000_1e7ce48765e073b7.txt",
    "001": "001_0cb887cc6d824426.txt",
    "002": "002_d58438592396a398.txt",
    "003": "003_6d7b9b19ffba82c5.txt",
    "004": "004_747f80dc7edc8b8b.txt",
}
"""The source files in shared/sources/, by their numeric prefix."""

CATALOG = {
    "P": "Pagat's Classic Canasta (catalog P in RULE-PARAMETERS.md)",
    "B": "Bicycle/Hoyle (catalog B in RULE-PARAMETERS.md)",
    "W": "Wikipedia (catalog W in RULE-PARAMETERS.md)",
    "Brit": "Britannica (catalog Brit in RULE-PARAMETERS.md)",
    "house": "house rules",
}


def source_name(source: str) -> str:
    """A source id as a reader can find it: the file name for 000-004, the title of a family
    source (docs/sources.md gives its address)."""
    if source in FAMILY:
        return f"{source}: {FAMILY[source].title}"
    return SOURCE_FILES.get(source) or CATALOG.get(source, source)


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
