"""Reading the words of a turn: cards, one action (``draw 7s``, ``meld 7h 7c 7s, Q: Qh 2c``) and
a whole turn line, into the values of :mod:`.ast`.

The grammar (``grammar/canasta.lark``) decides what is well formed; these functions are only
ever given text it accepted (a token, or a line that matched its ``TURN`` terminal), so they read
it without checking it again. Both readers of a record use them: the lark transformer
(:mod:`.parser`) and the line-by-line reader of the common lines (:mod:`.fastlines`).
"""

from __future__ import annotations

import re
from functools import lru_cache

from .. import cards as C
from ..engine.moves import Answer, Ask, Discard, Draw, Expose, Foot, Meld, TakePile
from ..engine.rules import run_ref
from . import ast as A

_CARD_IDS: dict[str, int] = {}
for _c in range(C.NUM_CARD_IDS):
    _n = C.name(_c)
    for _v in {_n, _n[0].lower() + _n[1:], _n[0].upper() + _n[1:].lower(), _n.upper(), _n.lower()}:
        try:
            if C.parse(_v) == _c:
                _CARD_IDS[_v] = _c
        except C.CardSyntaxError:
            pass
    if _n[0] == "T":
        _CARD_IDS["10" + _n[1]] = _c


def card(text: str) -> int:
    c = _CARD_IDS.get(text)
    return C.parse(text) if c is None else c


def cards(text: str) -> tuple[int, ...]:
    ids = _CARD_IDS
    try:
        return tuple([ids[t] for t in text.split()])
    except KeyError:
        return tuple(card(t) for t in text.split())


_WORD = re.compile(r"\S+")


def card_cols(text: str, col: int) -> tuple[int, ...]:
    """The column of each card of a list of cards written from column ``col``."""
    return tuple(col + m.start() for m in _WORD.finditer(text))


def rank(text: str) -> int:
    """The meld an ``add`` names: a rank (``Q:``; ``2:`` is the meld of wild cards) or, with a
    suit (``5h:``), the side's run of that suit holding that rank."""
    t = text.rstrip(":").strip()
    suit = None
    if len(t) >= 2 and t[-1] in C.SUITS:
        t, suit = t[:-1], C.SUITS.index(t[-1])
    t = t.upper()
    if t == "10":
        t = "T"
    r = _RANK_OF_CHAR[t]
    return r if suit is None else run_ref(suit, r)


_RANK_OF_CHAR = {v: k for k, v in C.RANK_CHARS.items()}


def group(text: str) -> tuple[int | None, tuple[int, ...]]:
    """``Q: Qh 2c`` -> (rank, cards); ``7h 7c 7s`` -> (None, cards)."""
    if ":" in text:
        rank_text, _, rest = text.partition(":")
        return rank(rank_text), cards(rest)
    return None, cards(text)


_NOWHERE = A.Where(0, 0)

KINDS = (
    "TAKE_ACT",
    "DRAW_ACT",
    "EXPOSE_ACT",
    "MELD_ACT",
    "ADD_ACT",
    "DISCARD_ACT",
    "ASK_ACT",
    "FOOT_ACT",
)
"""The grammar's action terminals."""

_KIND = {
    "draw": "DRAW_ACT",
    "take": "TAKE_ACT",
    "expose": "EXPOSE_ACT",
    "meld": "MELD_ACT",
    "add": "ADD_ACT",
    "discard": "DISCARD_ACT",
    "ask": "ASK_ACT",
    "foot": "FOOT_ACT",
}


_placed = A.placed


def action(kind: str, text: str, at: A.Where) -> A.Action:
    """One action (``draw 7s``, ``meld 7h 7c 7s, Q: Qh 2c`` ...) as an :mod:`.ast` value that
    carries the engine moves it stands for.

    The same text always means the same action, and games repeat their actions a lot (``discard
    3s``), so the reading is cached and only the position is new."""
    return _placed(read_action(kind, text)[0], at)


@lru_cache(maxsize=8192)
def read_action(kind: str, text: str) -> tuple[A.Action, int]:
    """The action ``text`` (placed nowhere) and how many cards it names."""
    at = _NOWHERE
    if kind == "DRAW_ACT":
        rest = text[4:].strip()
        drawn = cards(rest) if rest else None
        return A.DrawAct(drawn, at, text, (Draw(drawn),)), len(drawn or ())
    if kind == "DISCARD_ACT":
        split = re.split(r"\s+talon\s+", text[7:].strip(), maxsplit=1)
        c = card(split[0].strip())
        talon = cards(split[1]) if len(split) > 1 else None
        return A.DiscardAct(c, at, text, (Discard(c, talon),), talon), 1 + len(talon or ())
    if kind == "ASK_ACT":
        yes = text.split()[1] == "yes"
        return A.AskAct(yes, at, text, (Ask(), Answer(yes))), 0
    if kind == "EXPOSE_ACT":
        rest = text[6:].strip()
        shown = cards(rest) if rest else None
        return A.ExposeAct(shown, at, text, (Expose(shown),)), len(shown or ())
    if kind == "FOOT_ACT":
        rest = text[4:].strip()
        repl = cards(rest) if rest else None
        return A.FootAct(repl, at, text, (Foot(repl),)), len(repl or ())
    if kind == "MELD_ACT" or kind == "ADD_ACT":
        body = text[4:] if kind == "MELD_ACT" else text[3:]
        melds: list[tuple[int, ...]] = []
        adds: list[tuple[int, tuple[int, ...]]] = []
        n = 0
        for part in body.split(","):
            r, cs = group(part)
            n += len(cs)
            if r is None:
                melds.append(cs)
            else:
                adds.append((r, cs))
        verb = "meld" if kind == "MELD_ACT" else "add"
        tm, ta = tuple(melds), tuple(adds)
        return A.MeldAct(tm, ta, verb, at, text, (Meld(tm, ta),)), n
    # TAKE_ACT: take [TOP] [on CARD] [with CARDS] [and CARDS, CARDS...] [replace CARDS]
    words = text.split()[1:]
    top = None
    section = "top"
    parts: dict[str, list[str]] = {"on": [], "with": [], "and": [], "replace": []}
    for w in words:
        if w in parts:
            section = w
        elif section == "top":
            top = card(w)
        else:
            parts[section].append(w)
    groups = " ".join(parts["and"]).split(",") if parts["and"] else []
    shown = tuple(card(w) for w in parts["with"])
    tmelds = tuple(cards(g) for g in groups)
    repl = tuple(card(w) for w in parts["replace"]) if parts["replace"] else None
    onto = 0
    if parts["on"]:
        run_card = card(parts["on"][0])
        onto = run_ref(C.SUIT_OF[run_card], C.RANK_OF[run_card])
    move = TakePile(shown, tmelds, repl, onto)
    named = (top is not None) + len(parts["on"]) + len(shown) + sum(map(len, tmelds))
    return A.TakeAct(top, shown, tmelds, repl, at, text, (move,), onto), named + len(repl or ())


_BETWEEN = re.compile(r"([ \t]+)(?=(?:draw|take|expose|meld|add|discard|ask|foot)(?![A-Za-z0-9]))")
"""The space before each action of a turn line (kept, to count the columns)."""


def turn_actions(text: str, line: int, col0: int) -> tuple[tuple[A.Action, ...], int]:
    """The actions of a turn line ``text`` that matched the grammar's ``TURN`` terminal (the
    seat, then its actions; written from column ``col0``), each with its own place, and how many
    cards they name."""
    shared, cols, named = turn_shared(text, col0)
    Where = A.Where
    placed = tuple(
        _placed(t, Where(line, c, c + len(t.text))) for t, c in zip(shared, cols, strict=True)
    )
    return placed, named


def turn_shared(text: str, col0: int) -> tuple[tuple[A.Action, ...], tuple[int, ...], int]:
    """The actions of a turn line ``text`` as :func:`turn_actions` reads them, but placed
    nowhere (each the value read once for its text, shared), with the column each starts at, and
    how many cards they name.

    The text is well formed: every action starts with its keyword, and no keyword can occur
    inside an action (cards, ``with``, ``and``, ``replace``, ``yes`` and ``no`` are not
    keywords)."""
    parts = _BETWEEN.split(text)
    out: list[A.Action] = []
    cols: list[int] = []
    named = 0
    col = col0 + len(parts[0])
    read = _READ.get
    for i in range(2, len(parts), 2):
        col += len(parts[i - 1])
        body = parts[i]
        t, n = read(body) or _read_turn_action(body)
        named += n
        out.append(t)
        cols.append(col)
        col += len(body)
    return tuple(out), tuple(cols), named


_READ: dict[str, tuple[A.Action, int]] = {}
"""Actions read in turn lines, by their text (the most recent few thousand)."""


def _read_turn_action(body: str) -> tuple[A.Action, int]:
    word = body.split(None, 1)[0]
    got = read_action(_KIND[word], body)
    if len(_READ) >= 8192:
        _READ.clear()
    _READ[body] = got
    return got


def clear_caches() -> None:
    """Empty the cache of action readings (for benchmarks that time a cold start)."""
    read_action.cache_clear()
    _READ.clear()
