"""The words of a position's ``turn:`` line, both ways (docs/notation.md, "Positions").

``turn: drew pile, took Kh Kd 7h, new K, added, first, melded, opening 70, asked no`` says what has
happened so far in the turn in progress. Each entry stands for one field of the engine's
:class:`~canasta_rules.engine.position.TurnState`; a new field there is one more entry here.
"""

from __future__ import annotations

from dataclasses import replace

from .. import cards as C
from ..engine.position import PILE, STOCK, UNDRAWN, TurnState
from ..engine.rules import RUN_REF0, run_ref, run_ref_parts
from ..engine.state import Permission
from ..errors import either, quoted, typed

WORDS = ("drew", "took", "new", "added", "first", "melded", "opening", "asked", "walking")
"""The entries, in the order they are written."""

_DREW = {"stock": STOCK, "pile": PILE, "nothing": UNDRAWN}

_MEANING = {
    "drew": "then 'stock', 'pile' or 'nothing'",
    "took": "then the cards from the pile",
    "new": "then the melds begun: K, 2, 5h",
    "opening": "then the count laid",
    "asked": "then 'yes' or 'no'",
}
"""What follows an entry, shown in an unknown entry's error (and dropped, as its asides, where
the line would be too long; docs/notation.md says what each entry means)."""

HELP = either([f"'{w}' ({_MEANING[w]})" if w in _MEANING else f"'{w}'" for w in WORDS])
"""The entries with what each says, as a list of choices."""


class TurnWordError(ValueError):
    """A ``turn:`` entry that cannot be read; ``index`` is the argument at fault (-1: the word)."""

    def __init__(self, message: str, index: int = -1):
        super().__init__(message)
        self.index = index


def _rank_key(text: str) -> int:
    """A meld named as in an ``add``: a rank (``K``; ``2`` is the meld of wild cards) or, with a
    suit (``5h``), the run of that suit holding that rank."""
    t = text.rstrip(",")
    suit = None
    if len(t) >= 2 and t[-1] in C.SUITS:
        t, suit = t[:-1], C.SUITS.index(t[-1])
    t = t.upper()
    if t == "10":
        t = "T"
    for key, ch in C.RANK_CHARS.items():
        if ch == t:
            return key if suit is None else run_ref(suit, key)
    raise ValueError(text)


def _key_text(key: int) -> str:
    if key >= RUN_REF0:
        suit, rank = run_ref_parts(key)
        return C.RANK_CHARS[rank] + C.SUITS[suit]
    return C.RANK_CHARS.get(key, str(key))


def apply_entry(ts: TurnState, word: str, args: tuple[str, ...]) -> TurnState:
    """``ts`` with one entry read into it (TurnWordError if the entry cannot be read)."""
    if word not in WORDS:
        raise TurnWordError(f"unknown turn entry {quoted(word)}: expected {HELP}")
    if word in ("added", "first", "melded", "walking") and args:
        raise TurnWordError(f"'{word}' takes nothing after it", 0)
    if word == "drew":
        if len(args) != 1 or args[0] not in _DREW:
            msg = f"'drew' is followed by {typed(tuple(_DREW))} (asked before drawing)"
            raise TurnWordError(msg, 0 if args else -1)
        return replace(ts, drew=_DREW[args[0]])
    if word == "opening":
        if len(args) != 1 or not args[0].isdigit() or len(args[0]) > 6:
            msg = "'opening' is followed by the count laid this turn toward the minimum"
            raise TurnWordError(msg, 0 if args else -1)
        return replace(ts, opening=int(args[0]))
    if word == "took":
        if not args:
            raise TurnWordError("'took' lists the cards that came with the pile")
        cards = []
        for i, a in enumerate(args):
            try:
                cards.append(C.parse(a))
            except C.CardSyntaxError as e:
                raise TurnWordError(str(e), i) from None
        return replace(ts, drew=PILE, taken=tuple(cards))
    if word == "new":
        if not args:
            raise TurnWordError("'new' lists the ranks of the melds begun this turn (new K 7)")
        keys = []
        for i, a in enumerate(args):
            try:
                keys.append(_rank_key(a))
            except ValueError:
                msg = f"{quoted(a)} names no meld (a rank 2..9, T, J, Q, K, A, or a run's card: 5h)"
                raise TurnWordError(msg, i) from None
        return replace(ts, new_melds=tuple(keys))
    if word == "added":
        return replace(ts, added_old=True)
    if word == "first":
        return replace(ts, first_melds=True)
    if word == "melded":
        return replace(ts, meld_action=True)
    if word == "walking":
        return replace(ts, walking=True)
    if len(args) != 1 or args[0] not in ("yes", "no"):
        msg = f"'asked' is followed by partner's answer: {typed(('yes', 'no'))}"
        raise TurnWordError(msg, 0 if args else -1)
    return replace(ts, permission=Permission.YES if args[0] == "yes" else Permission.NO)


def entries_of(ts: TurnState) -> list[tuple[str, tuple[str, ...]]]:
    """The entries that write ``ts`` (the default, a stock draw and nothing else, is written
    ``drew stock`` so that the line is never empty)."""
    out: list[tuple[str, tuple[str, ...]]] = []
    if ts.taken:
        out.append(("took", tuple(C.name(c) for c in ts.taken)))
    else:
        out.append(
            ("drew", ("pile" if ts.drew == PILE else "nothing" if ts.drew == UNDRAWN else "stock",))
        )
    if ts.new_melds:
        out.append(("new", tuple(_key_text(k) for k in ts.new_melds)))
    if ts.added_old:
        out.append(("added", ()))
    if ts.first_melds:
        out.append(("first", ()))
    if ts.meld_action:
        out.append(("melded", ()))
    if ts.opening is not None:
        out.append(("opening", (str(ts.opening),)))
    if ts.permission != Permission.NONE:
        out.append(("asked", ("yes" if ts.permission == Permission.YES else "no",)))
    if ts.walking:
        out.append(("walking", ()))
    return out
