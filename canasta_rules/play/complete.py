"""Completion for a typed move: whole legal moves first, then the next word or card.

``complete(typed, legal, held)`` returns the completed text (which starts with ``typed``), or
None. In order it tries: a legal move (as ``legal_moves`` lists them) that starts with what is
typed; an action word (``draw``, ``take``, ``meld``, ...) for a partly typed first word or for a
word after a card; a card of the hand for a partly typed card (a rank, or ``10``), skipping cards
already named as often as they are held.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .. import cards as C

ACTIONS = ("draw", "take", "meld", "add", "discard", "ask", "expose", "foot", "yes", "no")


def _card_names(held: Sequence[int]) -> list[str]:
    return [C.name(c) for c in sorted(held, key=lambda c: (C.is_wild(c), C.sort_key(c)))]


def _word(typed: str, last: str) -> str | None:
    for word in ACTIONS:
        if word.startswith(last.lower()) and word != last.lower():
            return typed + word[len(last) :]
    return None


def _card(typed: str, last: str, words: Sequence[str], held: Sequence[int]) -> str | None:
    used = Counter(w.rstrip(",") for w in words)
    prefix = "T" + last[2:] if last.startswith("10") else ("T" if last == "1" else last)
    seen: Counter[str] = Counter()
    for name in _card_names(held):
        seen[name] += 1
        if seen[name] <= used[name]:
            continue
        if name.lower().startswith(prefix.lower()) and len(name) > len(prefix):
            return typed[: len(typed) - len(last)] + name
    return None


def complete(typed: str, legal: Sequence[str], held: Sequence[int]) -> str | None:
    if not typed:
        return None
    low = typed.lower()
    for text in legal:
        if text.lower().startswith(low) and len(text) > len(typed):
            return typed + text[len(typed) :]
    if typed.endswith(" "):
        return None
    head, _, last = typed.rpartition(" ")
    words = head.split()
    if not words:
        return _word(typed, last)
    return _card(typed, last, words, held) or _word(typed, last)
