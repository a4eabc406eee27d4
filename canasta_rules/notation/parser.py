"""Parsing records and positions: the lark grammar, a thin transformer, friendly syntax errors.

The grammar lives in ``grammar/canasta.lark`` (LALR). The transformer runs inside the parser, so
no parse tree is built: each rule turns straight into the values of :mod:`.ast`. Syntax errors
become :class:`NotationError` with the file, line and column, the offending text, and what was
expected, in words (worded in :mod:`.slips`; lark's ``match_examples`` names the common slips).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from lark import (
    Lark,
    LarkError,
    Token,
    Transformer,
    UnexpectedInput,
)

from .. import limits
from ..errors import NotationError
from . import actions as R
from . import ast as A
from . import tables
from .fastlines import Budget
from .reading import _LOCAL as _LOCAL
from .reading import parse as parse
from .reading import parse_side_values as parse_side_values
from .reading import read as read
from .reading import read_text as read_text
from .slips import syntax_error


def _card(text: str) -> int:
    return R.card(text)


def _cards(text: str) -> tuple[int, ...]:
    return R.cards(text)


def _card_cols(tok: Token) -> tuple[int, ...]:
    """The column of each card of a CARDS token."""
    return R.card_cols(str(tok), tok.column or 0)


_ACTIONS = R.KINDS


def _split_turn(tok: Token) -> tuple[A.Action, ...]:
    """The actions of a whole-line TURN token, each with its own column (counted against the
    reading limits)."""
    acts, named = R.turn_actions(str(tok), tok.line or 0, tok.column or 0)
    _spend(len(acts), named, tok)
    return acts


def _spend(actions: int, cards: int, tok: Token) -> None:
    """Count what a line lark read names against the reading limits."""
    budget: Budget | None = getattr(_LOCAL, "budget", None)
    if budget is not None:
        line, column = tok.line or 0, tok.column or 0
        if actions:
            budget.acts(actions, cards, line, column)
        else:
            budget.named(cards, line, column)


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
            R.action(ch.type, str(ch), A.Where(ch.line or 0, ch.column or 0, ch.end_column or 0))
            for ch in children[1:]
            if ch.type in _ACTIONS
        )
        named = sum(R.read_action(ch.type, str(ch))[1] for ch in children if ch.type in _ACTIONS)
        _spend(len(acts), named, first)
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


def _count_cards(tok: Token) -> Token:
    """A list of cards lark read, counted against the reading limits as it is read."""
    _spend(0, len(tok.split()), tok)
    return tok


@cache
def _parser() -> Lark:
    # The LALR tables come shipped as plain data (notation/tables.py); lark's own cache would
    # pickle them into the shared temporary folder.
    return tables.parser(transformer=_ToAst(), lexer_callbacks={"CARDS": _count_cards})


def clear_caches() -> None:
    """Empty the caches of action readings (for benchmarks that time a cold start)."""
    R.clear_caches()


def _lark_lines(raws: list[str], numbers: list[int], file: str) -> list[A.Line]:
    """The lines ``numbers`` of a text (1-based; ``raws`` is the text split at its newlines),
    read by lark. The other lines are handed over empty, so that lark's lines and columns are
    the text's own."""
    keep = [""] * len(raws)
    for n in numbers:
        keep[n - 1] = raws[n - 1]
    text = "\n".join(keep)
    try:
        lines: list[A.Line] = _parser().parse(text)  # type: ignore[assignment]
    except UnexpectedInput as e:
        raise syntax_error(e, text, file, _parser()) from None
    except _Beyond as e:
        raise NotationError(e.message, file, e.line, e.column) from None
    except LarkError as e:  # pragma: no cover - the grammar's errors are UnexpectedInput
        raise NotationError(f"cannot read: {type(e).__name__}", file, 1, 1) from None
    return lines
