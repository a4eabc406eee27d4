"""The common lines of a record read without lark, and the limits checked while reading.

A record is mostly turn lines (``E draw Js discard 8c``), with a deal, an upcard, a ``hand``
header and the scores for each hand. Lines stand alone in the grammar (``start`` is a list of
lines), so each of these can be read by itself: :func:`read_lines` matches it against a regular
expression built from the grammar's own terminals (``TURN``, ``CARDS``, ``SEAT`` ...: the
patterns lark compiled from ``grammar/canasta.lark``) and builds the same :mod:`.ast` value the
lark transformer would. A line it does not recognise, in the exact form it knows, is left to lark,
which reads it with the rest of the grammar and words its errors (:mod:`.slips`). The shapes here
are stricter than the grammar (a space after each keyword, no odd spacing), never looser, so a
line read here is one lark accepts, with the same meaning; ``tests/test_notation_fastlines.py``
checks that line by line against lark.

:class:`Budget` counts what a text holds as it is read (hands, turns in a hand, actions, cards)
and stops at the first line past a limit of :mod:`canasta_rules.limits`, so a huge record is
refused before it has been turned into objects, not after.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from .. import limits
from . import actions as R
from . import ast as A
from .shapes import SP, WS, Shapes, ShapeTable, Terminal

if TYPE_CHECKING:
    from .terminals import HasTerminals


class Beyond(Exception):
    """A limit passed at a spot of the text; :func:`~.parser.parse` adds the file."""

    def __init__(self, message: str, line: int, column: int):
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column


class Budget:
    """What one text has used of the reading limits so far."""

    __slots__ = ("actions", "cards", "hands", "max_actions", "max_cards", "max_turns", "turns")

    def __init__(self, bounded: bool = True) -> None:
        """A budget within the limits of :mod:`canasta_rules.limits` as they are now (or, not
        ``bounded``, one that only counts)."""
        self.hands = 0
        self.turns = 0
        self.actions = 0
        self.cards = 0
        self.max_turns = limits.MAX_TURNS if bounded else sys.maxsize
        self.max_actions = limits.MAX_ACTIONS if bounded else sys.maxsize
        self.max_cards = limits.MAX_CARDS if bounded else sys.maxsize

    def hand(self, line: int, column: int) -> None:
        self.hands += 1
        self.turns = 0
        if self.hands > limits.MAX_HANDS and self.max_turns < sys.maxsize:
            msg = f"too many hands: the limit is {limits.MAX_HANDS} in one record"
            raise Beyond(msg, line, column)

    def turn(self, actions: int, cards: int, line: int, column: int) -> None:
        self.turns += 1
        self.actions += actions
        self.cards += cards
        if (
            self.turns > self.max_turns
            or self.actions > self.max_actions
            or self.cards > self.max_cards
        ):
            self.actions -= actions
            self.cards -= cards
            if self.turns > self.max_turns:
                msg = f"too many turns in one hand: the limit is {limits.MAX_TURNS}"
                raise Beyond(msg, line, column)
            self.acts(actions, cards, line, column)

    def acts(self, actions: int, cards: int, line: int, column: int) -> None:
        self.actions += actions
        if self.actions > self.max_actions:
            msg = f"too many actions: the limit is {limits.MAX_ACTIONS} in one record"
            raise Beyond(msg, line, column)
        self.named(cards, line, column)

    def named(self, cards: int, line: int, column: int) -> None:
        self.cards += cards
        if self.cards > self.max_cards:
            msg = f"too many cards: the limit is {limits.MAX_CARDS} in one record"
            raise Beyond(msg, line, column)


def check_lines(text: str) -> list[str]:
    """The limits on the text's lines, checked before anything is read: their number and their
    length. Returns the text split at its newlines."""
    if text.count("\n") > limits.MAX_LINES:
        msg = f"too many lines: the limit is {limits.MAX_LINES} in one record"
        raise Beyond(msg, limits.MAX_LINES + 1, 1)
    raws = text.split("\n")
    if max(map(len, raws)) > limits.MAX_LINE_CHARS:  # the lengths in C; the line if one is over
        long = next(i for i, raw in enumerate(raws) if len(raw) > limits.MAX_LINE_CHARS)
        msg = f"line too long: {len(raws[long])} characters, the limit is {limits.MAX_LINE_CHARS}"
        raise Beyond(msg, long + 1, 1)
    return raws


def source_lines(text: str) -> list[str]:
    """The text's lines as lark counts them, for quoting a line and finding a column in it:
    split at each newline (a CRLF's CR dropped), never at the other characters that
    :meth:`str.splitlines` takes for a line break (a form feed, U+2028 ...), which a comment
    may hold."""
    lines = (text.replace("\r\n", "\n") if "\r" in text else text).split("\n")
    if lines[-1] == "":
        lines.pop()  # the end of the last line, not a line of its own
    return lines


@ShapeTable
def _shapes(t: Terminal) -> dict[str, str]:
    """The shapes of the common lines, each compiled when first used (:mod:`.shapes`)."""
    cards, seat, side = t("CARDS"), t("SEAT"), t("SIDE")
    return {
        "turn": t("TURN"),
        "deal": (
            rf"deal{SP}(?P<seat>{seat}){WS}:"
            rf"(?:{WS}(?P<one>{cards})(?:{WS}(?P<bar>\|)(?:{WS}(?P<two>{cards}))?)?)?"
        ),
        "hand": (
            rf"hand{SP}(?P<number>[0-9]+)(?:{SP}dealer{SP}(?P<dealer>{seat}))?"
            rf"(?:{SP}seed{SP}(?P<seed>{t('SEEDTEXT')}))?"
        ),
        "upcard": rf"(?P<word>upcard|pile)(?:{WS}:)?(?:{WS}(?P<cards>{cards}))?",
        "scores": rf"(?P<kind>score|total)(?P<body>(?:{SP}{side}{SP}{t('SIGNED')})+)",
        "pair": rf"(?P<side>{side}){SP}(?P<value>{t('SIGNED')})",
        "tag": rf"\[{WS}(?P<name>{t('TAGNAME')}){SP}(?P<value>{t('STRING')}){WS}\]",
    }


def _tail(rest: str) -> str | None:
    """What follows an item on its line: "" (nothing), a comment, or None (something else, for
    lark to read)."""
    r = rest.lstrip(" \t")
    if not r or r == "\r":
        return ""
    if r[0] == "#":
        return r
    return None


def read_lines(raws: list[str], p: HasTerminals, budget: Budget) -> tuple[list[A.Line], list[int]]:
    """The lines ``raws`` (a text split at its newlines) read here, and the numbers of the lines
    left for lark (blank lines are in neither)."""
    sh = _shapes(p)
    turn_re, deal_re, hand_re = sh.turn, sh.deal, sh.hand
    out: list[A.Line] = []
    rest: list[int] = []
    number = 0
    # Every line passes here: the names the loop uses most are local.
    Line, Where, turn_shared, spend = A.Line, A.Where, R.turn_shared, budget.turn
    unplaced_turn = A.unplaced_turn
    for raw in raws:
        number += 1
        s = raw.lstrip(" \t")
        if not s or s == "\r":
            continue
        col = len(raw) - len(s) + 1
        if s[-1] == "\r" and "#" not in s:
            s = s[:-1]  # a CRLF line end (a comment keeps its CR, as lark reads it)
        first = s[0]
        item: A.Item | None = None
        tail: str | None = None
        if first in "NESWABCDF" and len(s) > 1 and (s[1] == " " or s[1] == "\t"):
            m = turn_re.match(s)
            if m is not None:
                end = m.end()
                tail = "" if end == len(s) else _tail(s[end:])
                if tail is not None:
                    body = m.group()
                    # The actions are placed when something asks (ast.Turn): a replay does not.
                    acts, cols, named = turn_shared(body, col)
                    spend(len(acts), named, number, col)
                    turn = unplaced_turn(first, acts, cols, Where(number, col, col + len(body)))
                    out.append(Line(turn, tail or None))
                    continue
        elif first == "d":
            m = deal_re.match(s)
            if m is not None:
                tail = _tail(s[m.end() :])
                if tail is not None:
                    seat, one, bar, two = m.group("seat", "one", "bar", "two")
                    reds = R.cards(one) if bar and one else ()
                    dealt = R.cards(two) if two else (R.cards(one) if one and not bar else ())
                    budget.named(len(reds) + len(dealt), number, col)
                    item = A.DealLine(seat, reds, dealt, A.Where(number, col, col + 4))
        elif first == "h":
            m = hand_re.match(s)
            if m is not None:
                tail = _tail(s[m.end() :])
                digits, dealer, seed = m.group("number", "dealer", "seed")
                if tail is not None and (
                    len(digits) > limits.MAX_DIGITS
                    or (seed is not None and len(seed) > limits.MAX_SEED_CHARS)
                ):
                    tail = None  # lark's reader words these limits
                if tail is not None:
                    budget.hand(number, col)
                    item = A.HandHeader(int(digits), dealer, seed, A.Where(number, col, col + 4))
            elif s.startswith("hand ") and s[5:6].isdigit():
                budget.hand(number, col)  # a header lark reads: the turns count afresh
        elif first == "u" or first == "p":
            m = sh.upcard.match(s)
            if m is not None:
                tail = _tail(s[m.end() :])
                if tail is not None:
                    word, listed = m.group("word", "cards")
                    at = A.Where(number, col, col + len(word))
                    if listed:
                        up = R.cards(listed)
                        budget.named(len(up), number, col)
                        cols = R.card_cols(listed, col + m.start("cards"))
                        item = A.UpcardLine(up, at, word, 0, cols)
                    else:
                        item = A.UpcardLine((), at, word)
        elif first == "s" or first == "t":
            m = sh.scores.match(s)
            if m is not None:
                tail = _tail(s[m.end() :])
                kind, body = m.group("kind", "body")
                pairs = [pm.group("side", "value") for pm in sh.pair.finditer(body)]
                short = all(len(v.lstrip("-")) <= limits.MAX_DIGITS for _, v in pairs)
                if tail is not None and short:
                    sides = tuple((side, int(v)) for side, v in pairs)
                    at = A.Where(number, col, col + len(kind))
                    item = A.Assertion(kind, sides=sides, at=at)
                else:
                    tail = None
        elif first == "[":
            m = sh.tag.match(s)
            if m is not None:
                tail = _tail(s[m.end() :])
                if tail is not None:
                    name, value = m.group("name", "value")
                    raw_value = value[1:-1]
                    value = raw_value.replace('\\"', '"').replace("\\\\", "\\")
                    item = A.Tag(name, value, A.Where(number, col, col + 1))
        elif first == "#":
            out.append(Line(A.CommentOnly(Where(number, col, col + len(s))), s))
            continue
        if item is None or tail is None:
            rest.append(number)
            continue
        out.append(Line(item, tail or None))
    return out, rest


def read_common(
    s: str, number: int, col: int, sh: Shapes, spends: list[tuple[int, int, int]]
) -> A.Line | None:
    """A tag, a comment or a pile (upcard) line read as :func:`read_lines` reads it (``s`` from
    its first word, its line end taken off, at column ``col``), or None; the cards it names are
    added to ``spends`` (count, line, column) rather than counted. For :mod:`.fastpos`, which
    reads a whole position without compiling the shapes of turn lines."""
    first = s[0]
    if first == "#":
        return A.Line(A.CommentOnly(A.Where(number, col, col + len(s))), s)
    if first == "[":
        m = sh.tag.match(s)
        if m is None:
            return None
        tail = _tail(s[m.end() :])
        if tail is None:
            return None
        name, value = m.group("name", "value")
        value = value[1:-1].replace('\\"', '"').replace("\\\\", "\\")
        return A.Line(A.Tag(name, value, A.Where(number, col, col + 1)), tail or None)
    m = sh.upcard.match(s)
    if m is None:
        return None
    tail = _tail(s[m.end() :])
    if tail is None:
        return None
    word, listed = m.group("word", "cards")
    at = A.Where(number, col, col + len(word))
    if not listed:
        return A.Line(A.UpcardLine((), at, word), tail or None)
    up = R.cards(listed)
    spends.append((len(up), number, col))
    cols = R.card_cols(listed, col + m.start("cards"))
    return A.Line(A.UpcardLine(up, at, word, 0, cols), tail or None)
