"""Syntax errors in words: where lark stops reading a record or a position, what the writer most
likely meant (a card that is no card, an action without its cards, a tag without quotes), said in
one line with the file, line and column. :func:`syntax_error` is the parser's only entry here.
"""

from __future__ import annotations

import re
from difflib import get_close_matches

from lark import Lark, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput

from .. import cards as C
from ..errors import NotationError, either, quoted, typed
from ..seats import seat_word
from .fastlines import source_lines

# Slips that lark's match_examples can name from the parser state alone. Each example fails at
# the spot its label describes.
_EXAMPLES: dict[str, list[str]] = {
    "a tag's value is in double quotes: '[Variant \"classic\"]'": [
        "[Variant classic]\n",
        "[Event]\n",
    ],
    "a hand starts with its number: 'hand 2', 'hand 2 dealer E' or 'hand 2 seed 7:2'": [
        "hand\n",
        "hand N\n",
    ],
}

# How a syntax error words what could have come instead (docs/notation.md, "Design notes"):
# a word or sign the writer types is quoted as it is typed ('unseen', ':'), as the word that
# was read is; anything else is named in words ("a card (Kh, ...)", "the end of the line"), and
# the list reads as a sentence: "expected 'unseen', a card (Kh, ...) or the end of the line".

ACTIONS = ("draw", "take", "expose", "meld", "add", "discard", "ask", "foot")
"""The actions of a turn, in the order a turn usually takes them."""

_ACTION_HELP = {
    "meld": "meld lists cards, several melds separated by commas; 'Q: Qh 2c' adds to the queens",
    "add": "add names the meld's rank and a colon before the cards, as in 'add Q: Qh 2c'",
    "discard": "discard names exactly one card, as in 'discard 4c'",
    "ask": "'ask' is followed by partner's answer: 'ask yes' or 'ask no'",
    "take": "take reads 'take [TOP] [with CARDS] [and MELD, MELD ...] [replace CARDS]'",
    "draw": "draw lists the cards drawn, as in 'draw 7s'",
    "expose": "expose lists the replacement cards drawn, as in 'expose 9c'",
    "foot": "foot lists the replacements drawn for red threes in the foot, as in 'foot 9c'",
}
_ACTION_OF_TOKEN = {f"{a.upper()}_ACT": a for a in ACTIONS}


_LINE_START = (
    "a line starts with a seat, a tag such as '[Event \"...\"]' or a word such as "
    + typed(("hand", "deal", "score"))
)

_NAMED = {
    "CARDS": "a card (Kh, Ts, 3d, 2c, Jk)",
    "SEAT": "a seat (N, E, S, W ...)",
    "SIDE": "a side (NS, EW ...)",
    "INT": "a number",
    "SIGNED": "a number",
    "STRING": "a value in double quotes",
    "TAGNAME": "a tag name (Variant, Event ...)",
    "PENALTY": "a penalty's name",
    "SEEDTEXT": "a seed",
    "TURNTEXT": "what happened this turn ('drew stock', 'took Kh Kd', 'asked yes' ...)",
    "TURN": "a turn ('N draw 7s discard 4c' ...)",
    "TURNS": "a turn ('N draw 7s discard 4c' ...)",
    "COMMENT": "a # comment",
    "_NL": "the end of the line",
}
"""The terminals that are no fixed word, in a player's words; in this order after the words."""

_FIXED = re.compile(r"\(\?:([a-z]+(?:\|[a-z]+)*)\)")
"""A terminal that is one of a few words, as lark writes it: ``(?:upcard|pile)``."""


def expected_items(names: set[str], p: Lark) -> list[str]:
    """What lark expected (``names``: its terminals), as items of a sentence: the words to type,
    quoted and in alphabetical order, then the rest in words."""
    words: set[str] = set()
    named: list[str] = []
    for name in names:
        if name in _ACTION_OF_TOKEN:
            words.add(_ACTION_OF_TOKEN[name])
            continue
        if name in _NAMED:
            named.append(name)
            continue
        try:
            pattern = p.get_terminal(name).pattern
        except KeyError:
            continue  # not a terminal of the grammar (never seen): nothing a player could type
        fixed = _FIXED.fullmatch(pattern.value) if pattern.type == "re" else None
        if pattern.type == "str":
            words.add(pattern.value)
        elif fixed is not None:
            words.update(fixed.group(1).split("|"))
    order = list(_NAMED)
    shown = [f"'{w}'" for w in sorted(words)]
    for name in sorted(named, key=order.index):
        if _NAMED[name] not in shown:
            shown.append(_NAMED[name])
    return shown


def _word_at(text: str, pos: int) -> str:
    if pos < len(text) and text[pos] == ",":
        return ","
    end = pos
    while end < len(text) and not text[end].isspace() and text[end] != ",":
        end += 1
    return text[pos:end]


def _card_problem(word: str) -> str | None:
    """Why ``word`` is not a card, when it looks like an attempt at one."""
    w = word.rstrip(",:")
    if not (len(w) == 2 or (len(w) == 3 and w.startswith("10"))):
        return None
    if w[0] not in "123456789TtJjQqKkAa":
        return None
    try:
        C.parse(w)
    except C.CardSyntaxError as e:
        return str(e)
    return None


_CARD_LEADS = frozenset(
    {"draw", "take", "with", "and", "meld", "discard", "expose", "foot", "replace"}
)
"""Words of a turn line that a card follows."""


def _card_slot_slip(word: str, before: str) -> str | None:
    """Why ``word`` is not a card, where a turn line expects one (after ``draw``, ``discard``, a
    card ...) and the word is two letters or digits that are no card, such as ``Xy``; words that
    :func:`_card_problem` does not take for an attempt at a card."""
    w = word.rstrip(",:")
    previous = before.split()
    if len(w) != 2 or not w.isalnum() or w in ("no", "NS", "EW") or not previous:
        return None
    lead = previous[-1].rstrip(",")
    if lead not in _CARD_LEADS:
        try:
            C.parse(lead)
        except C.CardSyntaxError:
            return None
    try:
        C.parse(w)
    except C.CardSyntaxError as e:
        return str(e)
    return None


_ACTION_WORD = re.compile(rf"\b({'|'.join(ACTIONS)})\b")

_TAKE_PARTS = ("on", "with", "and", "replace")
"""The words of a take after its top card, in the order they are written."""


def _after_take(take: str) -> list[str]:
    """What may come next in a take written so far (``take``, from the word take on): a card
    where a list of cards can go on, the words of its later parts, or another action."""
    words = take.replace(",", " , ").split()[1:]
    parts = [w for w in words if w in _TAKE_PARTS]
    last = parts[-1] if parts else None
    later = list(_TAKE_PARTS[_TAKE_PARTS.index(last) + 1 :] if last else _TAKE_PARTS)
    card = last in ("with", "and", "replace") or not words  # a list goes on, or the top card
    items = [*(["a card"] if card else []), *(f"'{w}'" for w in later)]
    if last == "and":
        items.append("a comma before another meld")
    return [*items, "another action"]


def _turn_slip(word: str, before: str) -> str:
    """A message for a slip inside a turn line: ``word`` is where reading stopped and ``before``
    is the line up to there."""
    if word in _ACTION_HELP:
        return _ACTION_HELP[word]
    starts = list(_ACTION_WORD.finditer(before))
    last = starts[-1].group() if starts else None
    if last in ("discard", "ask") and _card_problem(word) is None and word not in ("yes", "no"):
        return f"{_ACTION_HELP[last]} ({quoted(word)} is left over)"
    if word == ",":
        return "a comma must be followed by another meld's cards"
    if last == "take":
        items = _after_take(before[starts[-1].start() :])
        return f"unknown word {quoted(word)} in a take: expected {either(items)}"
    close = get_close_matches(word.lower(), ACTIONS, n=1)
    mean = f" (did you mean {quoted(close[0])}?)" if close else ""
    return f"unknown action {quoted(word)}{mean}: expected {typed(ACTIONS)}"


_TAKE_THEN_MELD = re.compile(r"[ \t]*meld[ \t]+([^#]*)")


def _and_form(before: str, after: str) -> str | None:
    """``take with 8c 8d, meld Kh Kd Ks``: the melds laid with a pickup follow ``and`` in the
    take itself (a comma joins melds, not actions). The message spells out the line as it should
    read, from the cards written."""
    starts = [m.start() for m in re.finditer(r"\btake\b", before)]
    melds = _TAKE_THEN_MELD.match(after)
    if not starts or melds is None or _ACTION_WORD.search(before, starts[-1] + 4):
        return None
    take = before[starts[-1] :].rstrip()
    cards = melds.group(1).strip()
    joined = f"{take}, {cards}" if re.search(r"\band\b", take) else f"{take} and {cards}"
    return (
        "cards melded with a pickup are laid with it, after 'and', not in a meld after a "
        f"comma: '{joined}'"
    )


_SEAT_LED: dict[str, tuple[str, str]] = {
    "hand": ("seat", "hand N: Kd Kh"),
    "deal": ("seat", "deal N: Kd Kh"),
    "foot": ("seat", "foot N: Kd Kh"),
    "melds": ("side", "melds NS: Kc Kd Kh, 7c 7d 7s"),
    "red": ("side", "red NS: 3h"),
    "penalty": ("seat", "penalty N wild_returned"),
    "out": ("seat", "out N"),
    "to move": ("seat", "to move: N draw"),
    "alone": ("seat", "alone: N"),
    "score": ("side", "score NS 120 EW 85"),
    "total": ("side", "total NS 120 EW 85"),
    "frozen against": ("side", "frozen against EW"),
}
"""The lines that name a seat or a side after their first word, and the form of each."""

_LEAD = re.compile(
    r"[ \t]*(?P<word>hand|deal|foot|melds|red|penalty|out|to[ \t]+move|alone|score|total"
    r"|frozen[ \t]+against)(?P<gap>(?:[ \t]*:)?[ \t]*)(?P<slot>[^ \t#]*)(?P<rest>.*)"
)


def _missing_seat(src: str) -> tuple[str, int] | None:
    """A line that leaves out its seat or side (``hand 5c 6c``, ``melds: 7c 7d 7h``, ``to move:
    draw``): the message and the column where the seat belongs. Lark reads ``hand 5`` as a
    record's hand number and stops at the ``c``; the slip is the seat left out."""
    m = _LEAD.match(src)
    if m is None:
        return None
    word = re.sub(r"[ \t]+", " ", m.group("word"))
    slot, gap = m.group("slot").rstrip(","), m.group("gap")
    if word == "hand" and ((slot.isdigit() and "unseen" not in m.group("rest")) or not slot):
        return None  # a record's hand line ('hand 2 dealer E'), or 'hand' alone (its own label)
    colon_after = word in ("hand", "deal", "foot", "melds", "red")
    missing = (
        not slot
        or (colon_after and ":" in gap)
        or slot[0].isdigit()
        or _is_card(slot)
        or re.fullmatch(r"[a-z_]{4,}", slot) is not None
    )
    if not missing:
        return None
    kind, form = _SEAT_LED[word]
    col = m.start("slot") + 1 if not (colon_after and ":" in gap) else src.index(":") + 1
    return f"the {kind} is missing after '{word}', as in '{form}'", col


_NO_COLON: dict[str, str] = {
    "stock": "stock 40",
    "score": "score NS 120 EW 85",
    "total": "total NS 120 EW 85",
    "frozen": "frozen yes",
    "out": "out N",
    "penalty": "penalty N wild_returned",
}
"""Lines whose first word takes no colon (unlike 'pile:' or 'hand N:'), and the form of each."""

_COLON_AFTER = re.compile(r"[ \t]*(?P<word>stock|score|total|frozen|out|penalty)[ \t]*:")
_TO_MOVE = re.compile(
    r"[ \t]*to[ \t]+move[ \t]*:?[ \t]*(?P<seat>[NESWA-F])\b[ \t]*(?P<what>[^ \t#]*)"
)
_PHASES = ("draw", "play", "answer", "expose", "foot", "over")


def _line_form_slip(src: str) -> tuple[str, int] | None:
    """A line of a known kind written in another form: a colon after a word that takes none
    (``stock: 40``), or ``to move`` without what the seat is to do (``to move: N``). The
    message and the column to point at."""
    m = _COLON_AFTER.match(src)
    if m is not None:
        word = m.group("word")
        return f"'{word}' takes no colon, as in '{_NO_COLON[word]}'", m.end()
    m = _TO_MOVE.match(src)
    if m is not None and m.group("what") not in _PHASES:
        seat = m.group("seat")
        return (
            f"say what {seat_word(seat)} is to do: 'to move: {seat} draw' before drawing or "
            f"taking the pile, 'to move: {seat} play' after it (or {typed(_PHASES[2:])})",
            m.start("what") + 1,
        )
    return None


def _is_card(word: str) -> bool:
    try:
        C.parse(word)
    except C.CardSyntaxError:
        return False
    return True


def syntax_error(e: UnexpectedInput, text: str, file: str, parser: Lark) -> NotationError:
    """The :class:`NotationError` for lark's ``e`` in ``text``: the file, line and column, and
    the slip in words (``parser``: the grammar's, which names the terminals lark expected and
    re-parses the examples ``match_examples`` compares)."""
    lines = source_lines(text)
    if isinstance(e, UnexpectedEOF) or e.line is None or e.line < 1:
        line = max(1, len(lines))
        col = len(lines[-1]) + 1 if lines else 1
        return NotationError("the text ends in the middle of a line", file, line, col)
    line, col = e.line, e.column
    src = lines[line - 1] if 0 < line <= len(lines) else ""
    before = src[: col - 1]
    if isinstance(e, UnexpectedCharacters):
        expected = set(e.allowed or ())
        pos = getattr(e, "pos_in_stream", None)
        word = _word_at(text, pos) if isinstance(pos, int) else ""
        tok_type = ""
    else:
        expected = set(getattr(e, "expected", ()) or ())
        tok = getattr(e, "token", None)
        tok_type = tok.type if tok is not None else ""
        word = _word_at(src, col - 1) if src else str(tok)
    if tok_type == "_NL" or (not word and col > len(src)):
        word = ""
    odd = src[col - 1] if 0 < col <= len(src) else ""
    if odd not in ("", " ", "\t") and (odd.isspace() or not odd.isprintable()):
        # A no-break space or another character a reader cannot see (often pasted in): the
        # words around it would show nothing wrong, so name it.
        msg = (
            f"an invisible character here (U+{ord(odd):04X}), perhaps pasted in: type an "
            "ordinary space instead, or delete it"
        )
        return NotationError(msg, file, line, col)
    missing = _missing_seat(src) or _line_form_slip(src)
    if missing is not None:
        return NotationError(missing[0], file, line, missing[1])
    turn_line = bool(re.match(r"[NESWA-F][ \t]", src)) and col > 2
    bad_card = _card_problem(word) or (_card_slot_slip(word, before) if turn_line else None)
    if bad_card and before.strip():  # (no line starts with a card: that is another slip)
        return NotationError(bad_card, file, line, col)
    if turn_line and word in _ACTION_HELP:
        # An action is one token of the grammar (``discard 4c``): a slip in its card fails the
        # whole word; point at the card that is not one.
        rest = src[col - 1 + len(word) :]
        after = rest.lstrip(" \t")
        nxt = _word_at(after, 0) if after else ""
        slip = _card_problem(nxt) or _card_slot_slip(nxt, word + " ")
        if slip:
            return NotationError(slip, file, line, col + len(word) + len(rest) - len(after))
    if turn_line and word == ",":
        hint = _and_form(before, src[col:])
        if hint is not None:
            return NotationError(hint, file, line, col)
    if word == ":" and re.fullmatch(r"[ \t]*[NESWA-F]", before):
        # 'N: ...' is a turn written with a colon, or a hand's cards without 'hand': say both.
        msg = "a turn follows its seat with no colon ('N draw'); a hand's cards: 'hand N: Kd Kh'"
        return NotationError(msg, file, line, col)
    if expected & _ACTION_OF_TOKEN.keys() or (turn_line and expected <= {"COMMENT", "_NL"}):
        if not word:
            msg = f"a turn needs an action: {typed(ACTIONS)}"
            return NotationError(msg, file, line, col)
        return NotationError(_turn_slip(word, before), file, line, col)
    if col == 1 and "SEAT" in expected and "TAGNAME" not in expected:
        return NotationError(f"cannot read {quoted(word)}: {_LINE_START}", file, line, col)
    label = _label(e, parser)
    shown = f"unexpected {quoted(word)}" if word else "unexpected end of the line"
    if label:
        return NotationError(f"{label} ({shown})", file, line, col)
    if len(expected) > 6 and "_NL" in expected:
        # lark lists every way a new line could start; what is missing is the line's end
        expected = {"_NL", "COMMENT"}
    items = expected_items(expected, parser)
    if len(items) > 6:
        listed = f"one of {len(items)}: {items[0]}, {items[1]} ... {items[-1]}"
    else:
        listed = either(items) or "something else"
    return NotationError(f"{shown}; expected {listed}", file, line, col)


def _label(e: UnexpectedInput, parser: Lark) -> str | None:
    try:
        label: str | None = e.match_examples(parser.parse, _EXAMPLES, use_accepts=True)
        return label
    except Exception:  # match_examples re-parses; never let it hide the real error
        return None
