"""Parsing records and positions: the lark grammar, a thin transformer, friendly syntax errors.

The grammar lives in ``grammar/canasta.lark`` (LALR). The transformer runs inside the parser, so
no parse tree is built: each rule turns straight into the values of :mod:`.ast`. Syntax errors
become :class:`NotationError` with the file, line and column, the offending text, and what was
expected, in words (worded in :mod:`.slips`; lark's ``match_examples`` names the common slips).
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import Any

from lark import (
    Lark,
    LarkError,
    Token,
    Transformer,
    UnexpectedInput,
)

from .. import cards as C
from .. import limits
from ..engine.moves import Answer, Ask, Discard, Draw, Expose, Foot, Meld, TakePile
from ..engine.rules import run_ref
from ..errors import NotationError
from ..variant.builtin import data_dir
from . import ast as A
from .slips import syntax_error

GRAMMAR_FILE = "canasta.lark"


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


def _card(text: str) -> int:
    c = _CARD_IDS.get(text)
    return C.parse(text) if c is None else c


def _cards(text: str) -> tuple[int, ...]:
    return tuple(_card(t) for t in text.split())


def _card_cols(tok: Token) -> tuple[int, ...]:
    """The column of each card of a CARDS token."""
    col = tok.column or 0
    return tuple(col + m.start() for m in re.finditer(r"\S+", str(tok)))


def _rank(text: str) -> int:
    """The meld an ``add`` names: a rank (``Q:``; ``2:`` is the meld of wild cards) or, with a
    suit (``5h:``), the side's run of that suit holding that rank."""
    t = text.rstrip(":").strip()
    suit = None
    if len(t) >= 2 and t[-1] in C.SUITS:
        t, suit = t[:-1], C.SUITS.index(t[-1])
    t = t.upper()
    if t == "10":
        t = "T"
    rank = {v: k for k, v in C.RANK_CHARS.items()}[t]
    return rank if suit is None else run_ref(suit, rank)


def _group(text: str) -> tuple[int | None, tuple[int, ...]]:
    """``Q: Qh 2c`` -> (rank, cards); ``7h 7c 7s`` -> (None, cards)."""
    if ":" in text:
        rank_text, _, rest = text.partition(":")
        return _rank(rank_text), _cards(rest)
    return None, _cards(text)


_NOWHERE = A.Where(0, 0)


def _action(kind: str, text: str, at: A.Where) -> A.Action:
    """One action (``draw 7s``, ``meld 7h 7c 7s, Q: Qh 2c`` ...) as an :mod:`.ast` value that
    carries the engine moves it stands for.

    The same text always means the same action, and games repeat their actions a lot (``discard
    3s``), so the reading is cached and only the position is new."""
    t = _read_action(kind, text)
    if isinstance(t, A.DrawAct):
        return A.DrawAct(t.cards, at, t.text, t.moves)
    if isinstance(t, A.DiscardAct):
        return A.DiscardAct(t.card, at, t.text, t.moves, t.talon)
    if isinstance(t, A.MeldAct):
        return A.MeldAct(t.melds, t.adds, t.verb, at, t.text, t.moves)
    if isinstance(t, A.TakeAct):
        return A.TakeAct(t.top, t.shown, t.melds, t.replacements, at, t.text, t.moves, t.onto)
    if isinstance(t, A.AskAct):
        return A.AskAct(t.yes, at, t.text, t.moves)
    if isinstance(t, A.FootAct):
        return A.FootAct(t.replacements, at, t.text, t.moves)
    return A.ExposeAct(t.replacements, at, t.text, t.moves)


@lru_cache(maxsize=8192)
def _read_action(kind: str, text: str) -> A.Action:
    at = _NOWHERE
    if kind == "DRAW_ACT":
        rest = text[4:].strip()
        cards = _cards(rest) if rest else None
        return A.DrawAct(cards, at, text, (Draw(cards),))
    if kind == "DISCARD_ACT":
        split = re.split(r"\s+talon\s+", text[7:].strip(), maxsplit=1)
        card = _card(split[0].strip())
        talon = _cards(split[1]) if len(split) > 1 else None
        return A.DiscardAct(card, at, text, (Discard(card, talon),), talon)
    if kind == "ASK_ACT":
        yes = text.split()[1] == "yes"
        return A.AskAct(yes, at, text, (Ask(), Answer(yes)))
    if kind == "EXPOSE_ACT":
        rest = text[6:].strip()
        cards = _cards(rest) if rest else None
        return A.ExposeAct(cards, at, text, (Expose(cards),))
    if kind == "FOOT_ACT":
        rest = text[4:].strip()
        cards = _cards(rest) if rest else None
        return A.FootAct(cards, at, text, (Foot(cards),))
    if kind == "MELD_ACT" or kind == "ADD_ACT":
        body = text[4:] if kind == "MELD_ACT" else text[3:]
        melds: list[tuple[int, ...]] = []
        adds: list[tuple[int, tuple[int, ...]]] = []
        for part in body.split(","):
            rank, cards = _group(part)
            if rank is None:
                melds.append(cards)
            else:
                adds.append((rank, cards))
        verb = "meld" if kind == "MELD_ACT" else "add"
        tm, ta = tuple(melds), tuple(adds)
        return A.MeldAct(tm, ta, verb, at, text, (Meld(tm, ta),))
    # TAKE_ACT: take [TOP] [on CARD] [with CARDS] [and CARDS, CARDS...] [replace CARDS]
    words = text.split()[1:]
    top = None
    section = "top"
    parts: dict[str, list[str]] = {"on": [], "with": [], "and": [], "replace": []}
    for w in words:
        if w in parts:
            section = w
        elif section == "top":
            top = _card(w)
        else:
            parts[section].append(w)
    groups = " ".join(parts["and"]).split(",") if parts["and"] else []
    shown = tuple(_card(w) for w in parts["with"])
    tmelds = tuple(_cards(g) for g in groups)
    repl = tuple(_card(w) for w in parts["replace"]) if parts["replace"] else None
    onto = 0
    if parts["on"]:
        run_card = _card(parts["on"][0])
        onto = run_ref(C.SUIT_OF[run_card], C.RANK_OF[run_card])
    move = TakePile(shown, tmelds, repl, onto)
    return A.TakeAct(top, shown, tmelds, repl, at, text, (move,), onto)


_ACTIONS = (
    "TAKE_ACT",
    "DRAW_ACT",
    "EXPOSE_ACT",
    "MELD_ACT",
    "ADD_ACT",
    "DISCARD_ACT",
    "ASK_ACT",
    "FOOT_ACT",
)


_ACTION_START = re.compile(
    r"(?<![^ \t])(draw|take|expose|meld|add|discard|ask|foot)(?![A-Za-z0-9])"
)
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


def _split_turn(tok: Token) -> tuple[A.Action, ...]:
    """The actions of a whole-line TURN token, each with its own column.

    The token already matched the grammar's TURN terminal, so the text is well formed: every
    action starts with its keyword, and no keyword can occur inside an action (cards, ``with``,
    ``and``, ``replace``, ``yes`` and ``no`` are not keywords)."""
    text = str(tok)
    line = tok.line or 0
    col0 = tok.column or 0
    starts = [(m.start(), m.group(1)) for m in _ACTION_START.finditer(text, 1)]
    out: list[A.Action] = []
    for i, (pos, word) in enumerate(starts):
        end = starts[i + 1][0] if i + 1 < len(starts) else len(text)
        body = text[pos:end].rstrip()
        out.append(_action(_KIND[word], body, A.Where(line, col0 + pos, col0 + pos + len(body))))
    return tuple(out)


def _where(children: list[Any]) -> A.Where:
    """Where a rule starts: at its first token (keywords are kept for exactly this)."""
    for ch in children:
        if isinstance(ch, Token):
            return A.Where(ch.line or 0, ch.column or 0, ch.end_column or 0)
    return A.Where(0, 0)


class _Beyond(Exception):
    """A token beyond a limit, raised inside the transformer; :func:`parse` adds the file."""

    def __init__(self, message: str, tok: Token):
        super().__init__(message)
        self.message = message
        self.line = tok.line or 0
        self.column = tok.column or 0


def _int(tok: Token) -> int:
    """A number token, refused past :data:`~canasta_rules.limits.MAX_DIGITS` digits."""
    digits = str(tok).lstrip("-")
    if len(digits) > limits.MAX_DIGITS:
        raise _Beyond(
            f"number too long: {len(digits)} digits, the limit is {limits.MAX_DIGITS}", tok
        )
    return int(str(tok))


def _values(children: list[Any], *types: str) -> list[Token]:
    return [ch for ch in children if isinstance(ch, Token) and ch.type in types]


class _ToAst(Transformer[Token, Any]):
    """Rule by rule, from tokens to :mod:`.ast` values. The parser keeps every token (so each
    rule knows where it starts); ``_values`` picks the ones that carry values."""

    @staticmethod
    def start(children: list[Any]) -> list[A.Line]:
        out: list[A.Line] = []
        for ch in children:
            if isinstance(ch, A.Line):
                out.append(ch)
            elif isinstance(ch, list):  # a run of turn lines
                out.extend(ch)
        return out

    @staticmethod
    def turns(children: list[Any]) -> list[A.Line]:
        tok = children[0]
        line = tok.line or 0
        col = tok.column or 0
        out = []
        for i, text in enumerate(str(tok).splitlines()):
            sub = Token("TURN", text.rstrip(), line=line + i, column=col if i == 0 else 1)
            out.append(A.Line(A.Turn(text[0], _split_turn(sub), A.Where(line + i, 1, len(text)))))
        return out

    @staticmethod
    def line(children: list[Any]) -> A.Line | list[A.Line]:
        for ch in children:
            if isinstance(ch, list):
                # A run of turn lines; a comment can only follow its last line.
                run: list[A.Line] = ch
                note = next((str(t) for t in children if isinstance(t, Token)), None)
                if note is not None:
                    run[-1] = A.Line(run[-1].item, note)
                return run
        comment = None
        item: Any = None
        for ch in children:
            if isinstance(ch, Token):
                if ch.type == "COMMENT":
                    comment = str(ch)
                    if item is None:
                        item = A.CommentOnly(_where([ch]))
            else:
                item = ch
        return A.Line(item, comment)

    @staticmethod
    def tag(children: list[Any]) -> A.Tag:
        name, value = _values(children, "TAGNAME", "STRING")
        raw = str(value)[1:-1]
        text = raw.replace('\\"', '"').replace("\\\\", "\\")
        return A.Tag(str(name), text, _where(children))

    @staticmethod
    def hand_header(children: list[Any]) -> A.HandHeader:
        number = _int(_values(children, "INT")[0])
        dealer = _values(children, "SEAT")
        seed = _values(children, "SEEDTEXT")
        if seed and len(seed[0]) > limits.MAX_SEED_CHARS:
            n = limits.MAX_SEED_CHARS
            raise _Beyond(f"seed too long: {len(seed[0])} characters, the limit is {n}", seed[0])
        return A.HandHeader(
            number,
            str(dealer[0]) if dealer else None,
            str(seed[0]) if seed else None,
            _where(children),
        )

    @staticmethod
    def deal_line(children: list[Any]) -> A.DealLine:
        seat = str(_values(children, "SEAT")[0])
        lists = [_cards(str(t)) for t in _values(children, "CARDS")]
        has_bar = any(isinstance(ch, Token) and str(ch) == "|" for ch in children)
        reds: tuple[int, ...] = lists[0] if has_bar and lists else ()
        cards = lists[-1] if lists and (len(lists) == 2 or not has_bar) else ()
        return A.DealLine(seat, reds, cards, _where(children))

    @staticmethod
    def upcard_line(children: list[Any]) -> A.UpcardLine:
        lists = _values(children, "CARDS")
        word = str(_values(children, "UPCARD_WORD")[0])
        unseen = _values(children, "INT")
        return A.UpcardLine(
            _cards(str(lists[0])) if lists else (),
            _where(children),
            word,
            _int(unseen[0]) if unseen else 0,
            _card_cols(lists[0]) if lists else (),
        )

    @staticmethod
    def turn(children: list[Any]) -> A.Turn:
        first = children[0]
        if first.type == "TURN":
            return A.Turn(first[0], _split_turn(first), _where(children))
        acts = tuple(
            _action(ch.type, str(ch), A.Where(ch.line or 0, ch.column or 0, ch.end_column or 0))
            for ch in children[1:]
            if ch.type in _ACTIONS
        )
        return A.Turn(str(first), acts, _where(children))

    @staticmethod
    def side_values(children: list[Any]) -> tuple[tuple[str, int], ...]:
        vals = _values(children, "SIDE", "SIGNED")
        return tuple((str(vals[i]), _int(vals[i + 1])) for i in range(0, len(vals), 2))

    @staticmethod
    def assert_score(children: list[Any]) -> A.Assertion:
        sides = next(ch for ch in children if isinstance(ch, tuple))
        return A.Assertion("score", sides=sides, at=_where(children))

    @staticmethod
    def assert_total(children: list[Any]) -> A.Assertion:
        sides = next(ch for ch in children if isinstance(ch, tuple))
        return A.Assertion("total", sides=sides, at=_where(children))

    @staticmethod
    def assert_stock(children: list[Any]) -> A.Assertion:
        n = _int(_values(children, "INT")[0])
        return A.Assertion("stock", number=n, at=_where(children))

    @staticmethod
    def assert_frozen(children: list[Any]) -> A.Assertion:
        flag = str(_values(children, "YESNO")[0]) == "yes"
        return A.Assertion("frozen", flag=flag, at=_where(children))

    @staticmethod
    def assert_frozen_against(children: list[Any]) -> A.Assertion:
        sides = tuple(str(t) for t in _values(children, "SIDE"))
        return A.Assertion("frozen", flag=True, against=sides, at=_where(children))

    @staticmethod
    def penalty(children: list[Any]) -> A.PenaltyLine:
        seat, kind, *cards = _values(children, "SEAT", "PENALTY", "CARDS")
        card = None
        if cards:
            named = _cards(str(cards[0]))
            if len(named) != 1:
                raise _Beyond(f"a penalty line names one card, not {len(named)}", cards[0])
            card = named[0]
        return A.PenaltyLine(str(seat), str(kind), _where(children), card)

    @staticmethod
    def pos_hand(children: list[Any]) -> A.PosHand:
        seat = str(_values(children, "SEAT")[0])
        lists = _values(children, "CARDS")
        counts = _values(children, "INT")
        unseen = _int(counts[0]) if counts else 0
        if not lists:
            return A.PosHand(seat, (), _where(children), unseen=unseen)
        cards, cols = _cards(str(lists[0])), _card_cols(lists[0])
        return A.PosHand(seat, cards, _where(children), cols, unseen)

    @staticmethod
    def pos_melds(children: list[Any]) -> A.PosMelds:
        side = str(_values(children, "SIDE")[0])
        toks = _values(children, "CARDS")
        melds = tuple(_cards(str(t)) for t in toks)
        return A.PosMelds(side, melds, _where(children), tuple(_card_cols(t) for t in toks))

    @staticmethod
    def pos_red(children: list[Any]) -> A.PosRed:
        side = str(_values(children, "SIDE")[0])
        lists = _values(children, "CARDS")
        if not lists:
            return A.PosRed(side, (), _where(children))
        return A.PosRed(side, _cards(str(lists[0])), _where(children), _card_cols(lists[0]))

    @staticmethod
    def foot_line(children: list[Any]) -> A.FootLine:
        seat = str(_values(children, "SEAT")[0])
        lists = _values(children, "CARDS")
        counts = _values(children, "INT")
        if counts:
            return A.FootLine(seat, (), False, _where(children), unseen=_int(counts[0]))
        if not lists:
            return A.FootLine(seat, (), True, _where(children))
        return A.FootLine(
            seat, _cards(str(lists[0])), False, _where(children), _card_cols(lists[0])
        )

    @staticmethod
    def pos_tomove(children: list[Any]) -> A.PosToMove:
        seat, phase = _values(children, "SEAT", "PHASE")
        return A.PosToMove(str(seat), str(phase), _where(children))

    @staticmethod
    def pos_out(children: list[Any]) -> A.PosOut:
        seat = _values(children, "SEAT")[0]
        concealed = bool(_values(children, "CONCEALED"))
        return A.PosOut(str(seat), concealed, _where(children))

    @staticmethod
    def pos_melded(children: list[Any]) -> A.PosMelded:
        seats = _values(children, "SEAT")
        return A.PosMelded(
            tuple(str(t) for t in seats), _where(children), tuple(t.column or 0 for t in seats)
        )

    @staticmethod
    def pos_asked(children: list[Any]) -> A.PosAsked:
        seats = _values(children, "SEAT")
        return A.PosAsked(
            tuple(str(t) for t in seats), _where(children), tuple(t.column or 0 for t in seats)
        )

    @staticmethod
    def pos_taken(children: list[Any]) -> A.PosTaken:
        sides = _values(children, "SIDE")
        return A.PosTaken(
            tuple(str(t) for t in sides), _where(children), tuple(t.column or 0 for t in sides)
        )

    @staticmethod
    def pos_alone(children: list[Any]) -> A.PosAlone:
        seat = _values(children, "SEAT")[0]
        return A.PosAlone(str(seat), _where(children), seat.column or 0)

    @staticmethod
    def pos_turn(children: list[Any]) -> A.PosTurn:
        texts = _values(children, "TURNTEXT")
        entries: list[tuple[str, tuple[str, ...], int]] = []
        if texts:
            tok = texts[0]
            col = tok.column or 0
            for m in re.finditer(r"[^,]+", str(tok)):
                words = m.group().split()
                if not words:
                    continue
                start = col + m.start() + (len(m.group()) - len(m.group().lstrip()))
                entries.append((words[0], tuple(words[1:]), start))
        return A.PosTurn(tuple(entries), _where(children))


@cache
def _parser() -> Lark:
    text = (data_dir("grammar") / GRAMMAR_FILE).read_text(encoding="utf-8")
    return Lark(
        text,
        parser="lalr",
        maybe_placeholders=False,
        keep_all_tokens=True,
        transformer=_ToAst(),
        # The LALR tables are cached in the temporary folder, keyed by the grammar's hash and
        # lark's version: building them costs more than the rest of a command's start-up.
        cache=True,
    )


def _check_size(text: str, file: str) -> None:
    """The limits a text must meet before lark sees it: the length of its lines."""
    long = limits.long_line(text)
    if long is not None:
        n = len(text.split("\n", long)[long - 1])
        msg = f"line too long: {n} characters, the limit is {limits.MAX_LINE_CHARS}"
        raise NotationError(msg, file, long, 1)


def _check_counts(lines: list[A.Line], file: str) -> None:
    """At most :data:`~canasta_rules.limits.MAX_HANDS` hands, and
    :data:`~canasta_rules.limits.MAX_TURNS` turns in each."""
    hands = 0
    turns = 0
    for ln in lines:
        item = ln.item
        if isinstance(item, A.HandHeader):
            hands += 1
            turns = 0
            if hands > limits.MAX_HANDS:
                msg = f"too many hands: the limit is {limits.MAX_HANDS} in one record"
                raise NotationError(msg, file, item.at.line, item.at.column)
        elif isinstance(item, A.Turn):
            turns += 1
            if turns > limits.MAX_TURNS:
                msg = f"too many turns in one hand: the limit is {limits.MAX_TURNS}"
                raise NotationError(msg, file, item.at.line, item.at.column)


def parse(text: str, file: str = "<text>") -> A.Document:
    """Parse a record or a position. Raises :class:`NotationError` with the spot and the reason."""
    if not text.endswith("\n"):
        text += "\n"
    _check_size(text, file)
    try:
        lines: list[A.Line] = _parser().parse(text)  # type: ignore[assignment]
    except UnexpectedInput as e:
        raise syntax_error(e, text, file, _parser()) from None
    except _Beyond as e:
        raise NotationError(e.message, file, e.line, e.column) from None
    except LarkError as e:  # pragma: no cover - the grammar's errors are UnexpectedInput
        raise NotationError(f"cannot read: {type(e).__name__}", file, 1, 1) from None
    _check_counts(lines, file)
    return A.Document(lines, file, text.splitlines())


def read(path: str) -> A.Document:
    """Read and parse a file; a missing, unreadable or special file (a FIFO, a device) is a
    NotationError too, and so is one past :data:`~canasta_rules.limits.MAX_RECORD_BYTES`."""
    return parse(read_text(path), path)


def read_text(path: str) -> str:
    """The text of a record or position file, or a NotationError saying why it was not read."""
    try:
        return limits.read_limited(path, limits.MAX_RECORD_BYTES)
    except limits.ReadRefused as e:
        raise NotationError(str(e), path, 0, 0) from None


def parse_side_values(text: str) -> list[tuple[str, int]]:
    """``"NS 1600, EW 0"`` as pairs; ValueError if it is not of that form."""
    words = text.replace(",", " ").split()
    if not words or len(words) % 2:
        raise ValueError(text)
    return [(words[i], int(words[i + 1])) for i in range(0, len(words), 2)]
