"""Cards and moves of the notation in words, as a player reads them aloud.

The notation is what one types (``W discard Kh``); a family at the table reads "West may discard
the K♥". The web page (``canasta serve``) and the command line (``canasta moves``, ``canasta
ruling``) word a move here, from the notation's own reading of it (:mod:`.ast`): the words follow
what the move says, never what the engine would make of it. A move that cannot be read gets no
words (the ruling's error says why). Seats are named by :func:`canasta_rules.seats.seat_word`;
:func:`~canasta_rules.notation.ruling.consequences` words what a legal move changed, once played.

Moves are worded without a person ("take the pile", "from hand", "the side's queens"), so that the
same words fit a list of legal moves and a verdict ("West may take the pile ...").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .. import cards as C
from ..engine.rules import RUN_REF0, WILD_KEY, run_ref_parts
from ..errors import CanastaError
from . import ast as A
from .reading import parse

_SUIT_SIGNS = {"c": "\u2663", "d": "\u2666", "h": "\u2665", "s": "\u2660"}
_SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")  # in the order of cards.SUITS


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


def listed(parts: Sequence[str]) -> str:
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
    return f"draw the {listed([card_word(c) for c in act.cards])} from the stock"


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


_PLAIN = str.maketrans(
    {**{sign: letter for letter, sign in _SUIT_SIGNS.items()}, "\u201c": '"', "\u201d": '"'}
)


def plain_words(text: str) -> str:
    """``text`` in ASCII, for an output that cannot show the suit signs (a terminal or file that
    is not UTF-8): a card in letters, as the notation and the terminal write it elsewhere
    (``K♥``: ``Kh``, ``10♠``: ``10s``), curly quotes straight."""
    return text.translate(_PLAIN)
