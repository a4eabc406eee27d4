"""The lines of a position read without lark: hands, melds, red threes, whose move it is.

A position (``docs/examples/*.pos``) is tags, a pile line and a few position lines (``hand N:
...``, ``melds NS: ...``, ``red NS: ...``, ``foot N: ...``, ``to move: N draw``, ``out N``,
``melded: N S``, ``stock 12``, ``turn: ...`` ...), sometimes followed by turn lines. This module
reads them the way :mod:`.fastlines` reads a record's common lines: each line matched against a
regular expression made from the grammar's own terminals, giving the :mod:`.ast` value lark's
transformer gives. It matters for start-up: lark's contextual lexer compiles a scanner for each
parser state a text reaches (about 15 for a position), which cost a ruling more than the rest of
its reading, and importing lark costs as much again.

:func:`read_position` reads a whole text (tags, comments and piles with fastlines' own shapes,
turn lines by their actions' own terminals rather than the long ``TURN`` one) or nothing;
:func:`read_position_lines` reads the lines fastlines left over, all of them or none. Either way
the cards are counted against the reading limits only once all is read, in the order the earlier
reading counted them; otherwise lark reads the lines as before, with its own errors (file, line
and column). The shapes here are stricter than the grammar (a space after each keyword), never
looser; ``tests/test_notation_fastpos.py`` checks each against lark.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .. import limits
from . import actions as R
from . import ast as A
from . import fastlines as F
from .fastlines import Budget
from .shapes import SP, WS, Shapes, ShapeTable, Terminal
from .terminals import HasTerminals


@ShapeTable
def _shapes(t: Terminal) -> dict[str, str]:
    """The shapes of a position's lines, each compiled when first used (:mod:`.shapes`)."""
    cards, seat, side, phase = t("CARDS"), t("SEAT"), t("SIDE"), t("PHASE")
    unseen = rf"(?P<count>[0-9]+){SP}unseen(?:{WS},)?"
    return {
        "cards": cards,
        "hand": rf"hand{SP}(?P<seat>{seat}){WS}:(?:{WS}{unseen})?(?:{WS}(?P<cards>{cards}))?",
        "melds": (
            rf"melds{SP}(?P<side>{side}){WS}:(?:{WS}(?P<body>{cards}(?:{WS},{WS}{cards})*))?"
        ),
        "red": rf"red{SP}(?P<side>{side}){WS}:(?:{WS}(?P<cards>{cards}))?",
        "foot": (
            rf"foot{SP}(?P<seat>{seat}){WS}:{WS}(?:(?P<cards>{cards})"
            rf"|(?P<taken>taken)(?![A-Za-z0-9])|(?P<count>[0-9]+){SP}unseen)"
        ),
        "tomove": rf"to{SP}move(?:{WS}:)?{WS}(?P<seat>{seat}){WS}(?P<phase>{phase})",
        "out": rf"out{SP}(?P<seat>{seat})(?:{SP}(?P<concealed>concealed))?",
        "melded": rf"melded{WS}:(?P<seats>(?:{WS}{seat})*)",
        "seat": seat,
        "side": side,
        "stock": rf"stock{SP}(?P<count>[0-9]+)",
        "upcard": (rf"(?P<word>upcard|pile)(?:{WS}:)?(?:{WS}{unseen})?(?:{WS}(?P<cards>{cards}))?"),
        "turn": rf"turn{WS}:(?P<text>{t('TURNTEXT')})?",
        "alone": rf"alone{WS}:{WS}(?P<seat>{seat})",
        "asked": rf"asked{WS}:(?P<seats>(?:{WS}{seat})*)",
        "taken": rf"taken{WS}:(?P<sides>(?:{WS}{side})*)",
        **{kind: t(kind) for kind in R.KINDS},
    }


def _tail(rest: str) -> str | None:
    """What follows an item on its line: "" (nothing), a comment, or None (something else: a
    carriage return left after the line end's was taken off, too)."""
    r = rest.lstrip(" \t")
    if not r:
        return ""
    if r[0] == "#":
        return r
    return None


def _short(digits: str | None) -> bool:
    return digits is None or len(digits) <= limits.MAX_DIGITS


def _entries(m: re.Match[str], col: int) -> tuple[tuple[str, tuple[str, ...], int], ...]:
    """The entries of a ``turn:`` line (its text split at commas, each a word and its details,
    with the column of the word), as the parser gives them."""
    text = m.group("text")
    if text is None:
        return ()
    base = col + m.start("text")
    out: list[tuple[str, tuple[str, ...], int]] = []
    for e in re.finditer(r"[^,]+", text):
        words = e.group().split()
        if words:
            start = base + e.start() + (len(e.group()) - len(e.group().lstrip()))
            out.append((words[0], tuple(words[1:]), start))
    return tuple(out)


Spend = tuple[int, int, int]
"""Cards named by one list of cards, and its line and column (counted once all is read)."""


def _item(
    s: str, number: int, col: int, sh: Shapes, spends: list[Spend]
) -> tuple[A.Item, int] | None:
    """The item at the start of ``s`` (a line from its first word, which is at column ``col``)
    and where it ends in ``s``, or None."""
    first = s[0]
    if first.isspace():
        return None  # a space other than " " or a tab (a no-break space): the full parser says
    kw = A.Where(number, col, col + len(s.split(None, 1)[0].split(":", 1)[0]))

    def listed(m: re.Match[str], group: str = "cards") -> tuple[tuple[int, ...], tuple[int, ...]]:
        text = m.group(group)
        at = col + m.start(group)
        spends.append((len(text.split()), number, at))
        return R.cards(text), R.card_cols(text, at)

    m: re.Match[str] | None
    if first == "h":
        m = sh.hand.match(s)
        if m is None or not _short(m.group("count")):
            return None
        unseen = int(m.group("count") or 0)
        if m.group("cards") is None:
            return A.PosHand(m.group("seat"), (), kw, unseen=unseen), m.end()
        cards, cols = listed(m)
        return A.PosHand(m.group("seat"), cards, kw, cols, unseen), m.end()
    if first == "m":
        m = sh.melds.match(s)
        if m is not None:
            melds: list[tuple[int, ...]] = []
            cols_of: list[tuple[int, ...]] = []
            if m.group("body") is not None:
                for g in sh.cards.finditer(s, m.start("body"), m.end("body")):
                    at = col + g.start()
                    spends.append((len(g.group().split()), number, at))
                    melds.append(R.cards(g.group()))
                    cols_of.append(R.card_cols(g.group(), at))
            return A.PosMelds(m.group("side"), tuple(melds), kw, tuple(cols_of)), m.end()
        m = sh.melded.match(s)
        if m is None:
            return None
        found = list(sh.seat.finditer(s, m.start("seats"), m.end("seats")))
        seats = tuple(g.group() for g in found)
        return A.PosMelded(seats, kw, tuple(col + g.start() for g in found)), m.end()
    if first == "r":
        m = sh.red.match(s)
        if m is None:
            return None
        if m.group("cards") is None:
            return A.PosRed(m.group("side"), (), kw), m.end()
        cards, cols = listed(m)
        return A.PosRed(m.group("side"), cards, kw, cols), m.end()
    if first == "f":
        m = sh.foot.match(s)
        if m is None or not _short(m.group("count")):
            return None
        seat = m.group("seat")
        if m.group("count") is not None:
            return A.FootLine(seat, (), False, kw, unseen=int(m.group("count"))), m.end()
        if m.group("taken") is not None:
            return A.FootLine(seat, (), True, kw), m.end()
        cards, cols = listed(m)
        return A.FootLine(seat, cards, False, kw, cols), m.end()
    if first == "t":
        m = sh.tomove.match(s)
        if m is not None:
            return A.PosToMove(m.group("seat"), m.group("phase"), kw), m.end()
        m = sh.turn.match(s)
        if m is not None:
            return A.PosTurn(_entries(m, col), kw), m.end()
        m = sh.taken.match(s)
        if m is None:
            return None
        found = list(sh.side.finditer(s, m.start("sides"), m.end("sides")))
        sides = tuple(g.group() for g in found)
        return A.PosTaken(sides, kw, tuple(col + g.start() for g in found)), m.end()
    if first == "a":
        m = sh.alone.match(s)
        if m is not None:
            return A.PosAlone(m.group("seat"), kw, col + m.start("seat")), m.end()
        m = sh.asked.match(s)
        if m is None:
            return None
        found = list(sh.seat.finditer(s, m.start("seats"), m.end("seats")))
        seats = tuple(g.group() for g in found)
        return A.PosAsked(seats, kw, tuple(col + g.start() for g in found)), m.end()
    if first == "p" or first == "u":
        m = sh.upcard.match(s)
        if m is None or not _short(m.group("count")):
            return None
        word = m.group("word")
        where = A.Where(number, col, col + len(word))
        unseen = int(m.group("count") or 0)
        if m.group("cards") is None:
            return A.UpcardLine((), where, word, unseen), m.end()
        cards, cols = listed(m)
        return A.UpcardLine(cards, where, word, unseen, cols), m.end()
    if first == "o":
        m = sh.out.match(s)
        if m is None:
            return None
        return A.PosOut(m.group("seat"), m.group("concealed") is not None, kw), m.end()
    if first == "s":
        m = sh.stock.match(s)
        if m is None or not _short(m.group("count")):
            return None
        return A.Assertion("stock", number=int(m.group("count")), at=kw), m.end()
    return None


def read_position_lines(
    raws: list[str], numbers: list[int], p: HasTerminals, budget: Budget
) -> list[A.Line] | None:
    """The lines ``numbers`` of ``raws`` (1-based) read here, in order, or None when any of them
    is not one this module reads (lark then reads them all). The cards they name are counted
    against ``budget`` only when all are read; :class:`~.fastlines.Beyond` past a limit."""
    return _read(raws, numbers, p, budget, whole=False)


def read_position(raws: list[str], p: HasTerminals, budget: Budget) -> list[A.Line] | None:
    """Every line of a text (``raws``, split at its newlines) read without lark, when it is a
    position this module and :mod:`.fastlines` can read whole; else None, and nothing counted.

    The tags, comments and plain pile lines are read with :mod:`.fastlines`' own shapes and
    counted first, as :func:`~.fastlines.read_lines` would count them before lark counted the
    rest; but the reader of turn lines, whose expression is long to compile, is never made."""
    return _read(raws, range(1, len(raws) + 1), p, budget, whole=True)


def _read(
    raws: list[str], numbers: Iterable[int], p: HasTerminals, budget: Budget, whole: bool
) -> list[A.Line] | None:
    sh = _shapes(p)
    out: list[A.Line] = []
    first: list[Spend] = []  # what fastlines would have counted (whole texts only) ...
    turns: list[tuple[int, int, int, int]] = []  # ... with its turns: actions, cards, line, column
    spends: list[Spend] = []
    for number in numbers:
        raw = raws[number - 1]
        s = raw.lstrip(" \t")
        if not s or s == "\r":
            continue
        col = len(raw) - len(s) + 1
        if s[-1] == "\r" and "#" not in s:
            s = s[:-1]  # a CRLF line end (a comment keeps its CR, as lark reads it)
        if whole and s[0] in "#[pu":
            common = F.read_common(s, number, col, F._shapes(p), first)
            if common is not None:
                out.append(common)
                continue
            if s[0] in "#[":
                return None
        if whole and s[0] in _SEATS and len(s) > 1 and s[1] in " \t":
            turn = _turn_line(s, number, col, sh, turns)
            if turn is None:
                return None
            out.append(turn)
            continue
        got = _item(s, number, col, sh, spends)
        if got is None:
            return None
        item, end = got
        tail = _tail(s[end:])
        if tail is None:
            return None
        out.append(A.Line(item, tail or None))
    if turns:  # fastlines counted its lines in order: put the turns back among them
        early = sorted(
            [(line, 0, c, cards) for cards, line, c in first]
            + [(line, actions, c, cards) for actions, cards, line, c in turns]
        )
        for line, actions, column, cards in early:
            if actions:
                budget.turn(actions, cards, line, column)
            else:
                budget.named(cards, line, column)
    else:
        for cards, line, column in first:
            budget.named(cards, line, column)
    for cards, line, column in spends:
        budget.named(cards, line, column)
    return out


_SEATS = "NESWABCDF"
_KIND_OF = {kind.split("_")[0].lower(): kind for kind in R.KINDS}
"""An action's terminal by its keyword (``draw`` -> ``DRAW_ACT``)."""
_BETWEEN = re.compile(r"[ \t]+(?=(?:draw|take|expose|meld|add|discard|ask|foot)(?![A-Za-z0-9]))")
"""Where a turn line's actions start (as :data:`.actions._BETWEEN` splits them)."""


def _turn_line(
    s: str, number: int, col: int, sh: Shapes, turns: list[tuple[int, int, int, int]]
) -> A.Line | None:
    """A turn line read as :func:`.fastlines.read_lines` reads it, or None; its actions and
    cards are added to ``turns``. Where read_lines matches the grammar's ``TURN`` terminal (the
    seat, then actions; long to compile), this matches each action against its own terminal:
    no keyword can occur inside an action, so a line matches ``TURN`` exactly when it splits
    at its keywords into the seat and actions that each match their own."""
    hash_at = s.find("#")
    body = (s if hash_at < 0 else s[:hash_at]).rstrip(" \t")
    parts = _BETWEEN.split(body)
    if len(parts) < 2 or parts[0] != s[0]:
        return None
    for part in parts[1:]:
        kind = _KIND_OF.get(part.split(None, 1)[0])
        if kind is None or getattr(sh, kind).fullmatch(part) is None:
            return None
    tail = "" if len(body) == len(s) else F._tail(s[len(body) :])
    if tail is None:
        return None
    acts, cols, named = R.turn_shared(body, col)  # placed when asked, as read_lines does
    turns.append((len(acts), named, number, col))
    turn = A.unplaced_turn(s[0], acts, cols, A.Where(number, col, col + len(body)))
    return A.Line(turn, tail or None)
