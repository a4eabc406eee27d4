"""What the pages say in words: seats, cards, moves and rule settings, as a player reads them aloud.

The notation is what one types (``W discard Kh``), and the pages keep it, but a family at the table
reads "West may discard the K♥". Nothing in the library words a seat or a whole move yet
(``canasta moves`` and ``canasta ruling`` print the notation;
:func:`~canasta_rules.notation.ruling.consequences` words what a legal move changed, once played),
so the page words them here, from the notation's own reading of the move
(:mod:`canasta_rules.notation.ast`): the words follow what the move says, never what the engine
would make of it. A move that cannot be read gets no words (the ruling's error says why).

Moves are worded without a person ("take the pile", "from hand", "the side's queens"), so that the
same words fit a list of legal moves and a verdict ("West may take the pile ...").
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Sequence
from typing import Any

from markupsafe import Markup, escape

from .. import cards as C
from ..engine.rules import RUN_REF0, WILD_KEY, run_ref_parts
from ..errors import CanastaError
from ..notation import ast as A
from ..notation.reading import parse
from ..sources import SOURCE_IDS, label

SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}
"""The compass seats (two, three and four players) by name; five and six sit A to F."""

_SUIT_SIGNS = {"c": "\u2663", "d": "\u2666", "h": "\u2665", "s": "\u2660"}
_SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")  # in the order of cards.SUITS


def seat_word(seat: str) -> str:
    """``North`` for ``N``; ``player A`` at a table of five or six."""
    return SEAT_WORDS.get(seat, f"player {seat}")


def card_word(c: int) -> str:
    """A card as a player writes it by hand: ``K♥``, ``10♠``, ``joker``."""
    if c == C.JOKER:
        return "joker"
    rank = C.RANK_CHARS[C.RANK_OF[c]]
    return ("10" if rank == "T" else rank) + _SUIT_SIGNS[C.SUITS[C.SUIT_OF[c]]]


def cards_word(cards: Iterable[int]) -> str:
    """Cards side by side, as they lie: ``8♣ 8♦ joker``."""
    return " ".join(card_word(c) for c in cards)


def _the(cards: Sequence[int]) -> str:
    """``the K♥`` for one card, ``K♥ K♦`` for several."""
    return f"the {card_word(cards[0])}" if len(cards) == 1 else cards_word(cards)


def _listed(parts: Sequence[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _meld_of_key(key: int) -> str:
    """The side's meld an ``add`` names: by rank, the meld of wild cards, or a run by a card."""
    if key >= RUN_REF0:
        suit, rank = run_ref_parts(key)
        return f"the side's run of {_SUIT_WORDS[suit]} holding the {card_word(C.card(rank, suit))}"
    if key == WILD_KEY:
        return "the side's meld of wild cards"
    if key in C.RANK_WORDS:
        return f"the side's {C.rank_word(key, plural=True)}"
    return "the side's meld"  # pragma: no cover - the notation names no other meld


def _draw(act: A.DrawAct) -> str:
    if not act.cards:
        return "draw from the stock"
    return f"draw the {_listed([card_word(c) for c in act.cards])} from the stock"


def _take(act: A.TakeAct, top: int | None) -> str:
    top = act.top if act.top is not None else top
    card = f"the {card_word(top)} on top" if top is not None else "its top card"
    if act.shown:
        out = f"take the pile, melding {card} with {cards_word(act.shown)} from hand"
    elif act.onto:
        out = f"take the pile, adding {card} to {_meld_of_key(act.onto)}"
    elif top is not None and not C.is_wild(top):
        out = f"take the pile, adding {card} to {_meld_of_key(C.RANK_OF[top])}"
    else:
        out = "take the pile"
    if act.melds:
        out += ", and meld " + " and ".join(cards_word(m) for m in act.melds) + " with it"
    if act.replacements:
        out += f", drawing {cards_word(act.replacements)} for the red threes in it"
    return out


def _meld(act: A.MeldAct) -> str:
    parts = []
    if act.melds:
        parts.append("meld " + " and ".join(cards_word(m) for m in act.melds))
    parts += [f"add {_the(cards)} to {_meld_of_key(key)}" for key, cards in act.adds]
    return ", ".join(parts)


def _discard(act: A.DiscardAct) -> str:
    out = f"discard the {card_word(act.card)}"
    if act.talon:
        out += f", then take the talon {cards_word(act.talon)} from the stock"
    return out


def _ask(act: A.AskAct, answering: bool) -> str:
    said = "yes" if act.yes else "no"
    if answering:
        return f"answer {said} to partner's \u201cmay I go out?\u201d"
    return f"ask partner \u201cmay I go out?\u201d and be told {said}"


def _replaced(what: str, replacements: tuple[int, ...] | None) -> str:
    if not replacements:
        return what
    return f"{what}, drawing {cards_word(replacements)} in place of the red threes"


def action_words(act: A.Action, top: int | None = None, answering: bool = False) -> str:
    """One action of a turn in words (``top``: the pile's top card, for a take that does not
    name it; ``answering``: the position waits for partner's answer)."""
    if isinstance(act, A.DrawAct):
        return _draw(act)
    if isinstance(act, A.TakeAct):
        return _take(act, top)
    if isinstance(act, A.MeldAct):
        return _meld(act)
    if isinstance(act, A.DiscardAct):
        return _discard(act)
    if isinstance(act, A.AskAct):
        return _ask(act, answering)
    if isinstance(act, A.ExposeAct):
        return _replaced("lay down the red threes", act.replacements)
    return _replaced("take up the foot", act.replacements)


def read_move(text: str, seats: Sequence[str]) -> tuple[str, tuple[A.Action, ...]] | None:
    """The seat a move is written for ('' where it names none) and its actions, or None where
    the notation cannot read it."""
    words = text.strip().split()
    if not words:
        return None
    seat = words[0] if words[0] in seats else ""
    line = text.strip() if seat else f"{seats[0]} {text.strip()}"
    try:
        doc = parse(line + "\n", "<move>")
    except CanastaError:
        return None
    if len(doc.lines) != 1 or not isinstance(doc.lines[0].item, A.Turn):
        return None
    return seat, A.unplaced(doc.lines[0].item)


def move_words(
    text: str, seats: Sequence[str], top: int | None = None, answering: bool = False
) -> str:
    """A move of the notation in words (``discard Kh``: "discard the K♥"), its actions in
    order; '' where the notation cannot read it."""
    read = read_move(text, seats)
    if read is None:
        return ""
    return ", then ".join(action_words(a, top, answering) for a in read[1])


def listed_move(
    text: str, seats: Sequence[str], top: int | None, answering: bool
) -> dict[str, str]:
    """A legal move as the ruling page lists it: the notation, the words, and what clicking it
    puts in the Move box. :func:`canasta_rules.notation.moves.legal_move_texts` explains two
    kinds of move in brackets (the draw whose card the player names, an answer written as the
    ask): those keep their explanation as their words."""
    typed, _, aside = text.partition(" (")
    if typed.startswith("draw CARD"):
        named = "the cards drawn" if typed.count("CARD") > 1 else "the card drawn"
        words = f"draw from the stock, naming {named} ({aside.rstrip(')')})"
        return {"text": typed, "words": words, "fill": "draw "}
    if aside:  # an answer, written as the ask: 'ask yes (you answer yes)'
        words = move_words(typed, seats, top, answering) or aside.rstrip(")")
        return {"text": typed, "words": words, "fill": typed}
    if " / " in typed:  # both answers: 'ask yes / ask no'
        return {"text": typed, "words": "ask partner \u201cmay I go out?\u201d", "fill": "ask yes"}
    return {"text": typed, "words": move_words(typed, seats, top, answering), "fill": typed}


# ---- rule settings --------------------------------------------------------------------------

_ABBREVIATIONS = {"min": "minimum", "max": "maximum"}


def _key_words(part: str) -> str:
    return " ".join(_ABBREVIATIONS.get(w, w) for w in part.split("_"))


def parameter_name(key: str) -> str:
    """A parameter's name in words, from its last two parts: ``Black threes: discarded`` for
    ``black_threes.discarded``, ``Melds: minimum size`` for ``melds.min_size``. A key into a row
    of a table (``initial_meld.tiers.1.minimum``, as a check names it) names the row:
    ``Initial meld: tiers, row 2: minimum``."""
    parts = key.split(".")
    at = next((i for i, p in enumerate(parts) if p.isdigit()), -1)
    if at > 0:
        head = parameter_name(".".join(parts[:at]))
        rest = [_key_words(p) for p in parts[at + 1 :]]
        return f"{head}, row {int(parts[at]) + 1}" + "".join(f": {w}" for w in rest)
    text = ": ".join(_key_words(p) for p in parts[-2:])
    return text[:1].upper() + text[1:]


def value_words(value: Any) -> str:
    """A setting's value as a person reads it: ``freeze``, ``yes``, ``2 and 3``, a table's rows
    as ``below 0, minimum 15; minimum 120``."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return value.replace("_", " ") if value else "(none)"
    if isinstance(value, int):
        return str(value)
    if value is None:
        return "left out"
    if isinstance(value, dict):
        return ", ".join(
            f"{_key_words(str(k))} {value_words(v)}" for k, v in value.items() if v is not None
        )
    if isinstance(value, list | tuple):
        if not value:
            return "none"
        if any(isinstance(v, dict) for v in value):
            return "; ".join(value_words(v) for v in value)
        return _listed([value_words(v) for v in value])
    return str(value)


def shown_words(shown: str) -> str:
    """A value as a variant file writes it (``"freeze"``, ``[2, 3]``) in words (``freeze``,
    ``2 and 3``); as it is where it is not a TOML value."""
    try:
        return value_words(tomllib.loads(f"v = {shown}")["v"])
    except (tomllib.TOMLDecodeError, KeyError, RecursionError):
        return shown


# ---- sources named in a text ----------------------------------------------------------------

_SOURCE_ID = re.compile(
    r"(?<![\w/.-])("
    + "|".join(
        sorted(
            (re.escape(i) for i in SOURCE_IDS if len(i) > 1 and i != "house"), key=len, reverse=True
        )
    )
    + r")(?![\w/-])"
)
"""A source id written in a text (``001``, ``CJ``, ``RG3``); the one-letter ids (P, B, W) are
left alone, as they read as letters in a sentence."""


def sources_in(*texts: str) -> list[tuple[str, str]]:
    """(id, label) of each source id the texts name, in order: the legend under a rule whose
    description or note says ``(004)`` or ``CLA, reported: 9``."""
    found = dict.fromkeys(m.group(1) for t in texts for m in _SOURCE_ID.finditer(t or ""))
    return [(i, label(i)) for i in found]


def with_sources(text: str) -> Markup:
    """``text`` (escaped) with each source id it names marked, its label shown on pointing."""
    escaped = str(escape(text))
    return Markup(
        _SOURCE_ID.sub(
            lambda m: f'<abbr title="{escape(label(m.group(1)))}">{m.group(1)}</abbr>', escaped
        )
    )
