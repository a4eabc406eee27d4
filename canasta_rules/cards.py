"""Cards as small integers, their short names, and the deck.

A card is an ``int``: ``rank_index * 4 + suit`` for the 52 suited cards (0..51) and ``JOKER`` (52)
for a joker. Decks of several packs hold the same card several times, so hands, the stock and the
pile count cards by this id rather than treating them as unique objects.

Rank numbers follow the cards: 2..10, J = 11, Q = 12, K = 13, A = 14, and the joker is 15. Suits are
clubs, diamonds, hearts, spades (0..3); diamonds and hearts are red, which matters only for threes.

Short names are a rank character and a suit letter: ``Kh``, ``Ts`` (or ``10s``), ``3d``, ``2c``; a
joker is ``Jk``. Parsing accepts either case for the rank and the joker's ``k``; the suit letter is
always lower case, so ``Jk`` (joker) and ``Jc`` (jack of clubs) can never be confused.
"""

from __future__ import annotations

from collections.abc import Iterable

JOKER = 52
NUM_CARD_IDS = 53

TWO, THREE, JACK, QUEEN, KING, ACE, JOKER_RANK = 2, 3, 11, 12, 13, 14, 15
NATURAL_RANKS: tuple[int, ...] = tuple(range(4, 15))
"""Ranks that form ordinary melds: four through ace."""

SUITS = "cdhs"
RANK_CHARS = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "T"}
RANK_CHARS.update({JACK: "J", QUEEN: "Q", KING: "K", ACE: "A"})
_CHAR_RANKS = {v: k for k, v in RANK_CHARS.items()}

RANK_WORDS = {
    2: ("two", "twos"),
    3: ("three", "threes"),
    4: ("four", "fours"),
    5: ("five", "fives"),
    6: ("six", "sixes"),
    7: ("seven", "sevens"),
    8: ("eight", "eights"),
    9: ("nine", "nines"),
    10: ("ten", "tens"),
    JACK: ("jack", "jacks"),
    QUEEN: ("queen", "queens"),
    KING: ("king", "kings"),
    ACE: ("ace", "aces"),
    JOKER_RANK: ("joker", "jokers"),
}

# Card "kinds": the vocabulary that variant files use for cards with special roles.
KIND_JOKER = "joker"
KIND_TWO = "two"
KIND_RED_THREE = "red_three"
KIND_BLACK_THREE = "black_three"

RANK_OF: tuple[int, ...] = tuple([c // 4 + 2 for c in range(52)] + [JOKER_RANK])
SUIT_OF: tuple[int, ...] = tuple([c % 4 for c in range(52)] + [-1])


def card(rank: int, suit: int) -> int:
    """The id of the card of ``rank`` (2..14) and ``suit`` (0..3)."""
    return (rank - 2) * 4 + suit


def is_wild(c: int) -> bool:
    return c == JOKER or RANK_OF[c] == TWO


def is_red_three(c: int) -> bool:
    return c < 52 and RANK_OF[c] == THREE and SUIT_OF[c] in (1, 2)


def is_black_three(c: int) -> bool:
    return c < 52 and RANK_OF[c] == THREE and SUIT_OF[c] in (0, 3)


def kind_of(c: int) -> str | None:
    """The special-role kind of a card (joker, two, red_three, black_three), or None."""
    if c == JOKER:
        return KIND_JOKER
    r = RANK_OF[c]
    if r == TWO:
        return KIND_TWO
    if r == THREE:
        return KIND_RED_THREE if SUIT_OF[c] in (1, 2) else KIND_BLACK_THREE
    return None


RED_THREES: tuple[int, ...] = (card(3, 1), card(3, 2))
BLACK_THREES: tuple[int, ...] = (card(3, 0), card(3, 3))
BLACK_THREE_RANK = 3
"""Melds of black threes are keyed by rank 3 (red threes are never melded)."""


def name(c: int) -> str:
    """The short name of a card: ``Kh``, ``Ts``, ``Jk``."""
    if c == JOKER:
        return "Jk"
    return RANK_CHARS[RANK_OF[c]] + SUITS[SUIT_OF[c]]


def names(cards: Iterable[int]) -> str:
    return " ".join(name(c) for c in cards)


class CardSyntaxError(ValueError):
    """A card name that does not name a card."""


def parse(text: str) -> int:
    """The card named by a short name such as ``Kh``, ``10s``, ``Ts`` or ``Jk``."""
    t = text.strip()
    if t in ("Jk", "JK", "jk", "jK"):
        return JOKER
    if len(t) == 3 and t[:2] == "10":
        rank_part, suit_part = "T", t[2]
    elif len(t) == 2:
        rank_part, suit_part = t[0].upper(), t[1]
    else:
        raise CardSyntaxError(f"{text!r} is not a card (cards look like Kh, Ts, 3d, 2c or Jk)")
    if rank_part not in _CHAR_RANKS:
        raise CardSyntaxError(f"{text!r} is not a card: no rank {rank_part!r}")
    if suit_part not in SUITS:
        raise CardSyntaxError(
            f"{text!r} is not a card: the suit must be 'c', 'd', 'h' or 's' (lower case)"
        )
    return card(_CHAR_RANKS[rank_part], SUITS.index(suit_part))


def rank_word(rank: int, plural: bool = False) -> str:
    return RANK_WORDS[rank][1 if plural else 0]


def deck(decks: int, jokers_per_deck: int) -> list[int]:
    """Every card of ``decks`` packs with ``jokers_per_deck`` jokers each, in a fixed order."""
    one = list(range(52)) + [JOKER] * jokers_per_deck
    return one * decks


def sort_key(c: int) -> tuple[int, int]:
    """Order for printing: by rank (jokers last), then suit."""
    return (RANK_OF[c], SUIT_OF[c])
