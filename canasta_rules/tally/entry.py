"""The tally's entry language: one hand's per-side counts (:class:`SideEntry`), read from a line
(:func:`parse_entry`) and written back in its canonical form (:func:`entry_text`). The items
are listed in the package's docstring (``canasta_rules.tally``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import cards as C
from .. import limits
from ..engine.rules import Rules
from ..errors import CanastaError, quoted, shorten
from ..seats import side_names
from .cards import (
    CardCounts,
    card_groups,
    card_points,
    group_names,
    names_of,
    say_count,
    where_counted,
)


class TallyError(CanastaError):
    """An entry or a sheet that cannot be scored."""


COUNT_KEYS = {
    "m": "meld",
    "n": "natural",
    "x": "mixed",
    "s": "runs",
    "w": "wild",
    "w2": "twos",
    "wj": "jokers",
    "uw": "wild_open",
    "r": "red",
    "b": "black",
    "h": "hand",
    "p": "penalty",
}
"""Keys of an entry that take a number, and the field each sets."""

RANK_KEYS = {"c": "special", "u": "unfinished", "h": "sets"}
"""Keys followed by a rank (``c7``, ``uA``, ``hA``): the field of per-rank counts each sets."""

ORDER = ("m", "n", "c", "x", "s", "w", "w2", "wj", "u", "uw", "r", "b", "h", "h*", "p")
"""The canonical order of the items (``c``, ``u`` and ``h*`` stand for their per-rank keys)."""

FLAGS = ("out", "concealed")

RankCounts = tuple[tuple[int, int], ...]
"""Per-rank counts: (rank, count) pairs by rank, no zero count."""

_RANK_OF_CHAR = {ch.lower(): rank for rank, ch in C.RANK_CHARS.items() if rank in C.NATURAL_RANKS}
_RANK_OF_CHAR["10"] = 10


def rank_key(prefix: str, rank: int) -> str:
    """The canonical per-rank key: ``c7``, ``uA``, ``hT``."""
    return prefix + C.RANK_CHARS[rank]


def counted(n: int, one: str, many: str = "") -> str:
    """``1 canasta``, ``2 canastas``: a number and what it counts, read aloud as it is written."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def ranks_named(ranks: list[int] | tuple[int, ...]) -> str:
    """``sevens, aces``: the plural names of ``ranks``."""
    return ", ".join(C.RANK_WORDS[k][1] for k in ranks)


@dataclass(frozen=True)
class SideEntry:
    """What one side has at the end of a hand, as counted at the table."""

    meld: int = 0
    natural: int = 0
    """Natural canastas earning ``canastas.natural_bonus`` (those of a special rank are in
    ``special``)."""
    mixed: int = 0
    runs: int = 0
    wild: int = 0
    """Canastas of wild cards earning ``wild_melds.canasta_bonus`` (any other make-up)."""
    red: int = 0
    hand: int = 0
    penalty: int = 0
    out: bool = False
    concealed: bool = False
    twos: int = 0
    """Canastas of wild cards that are all twos (``wild_melds.twos_bonus``)."""
    jokers: int = 0
    """Canastas of wild cards holding every joker of the pack (``wild_melds.jokers_bonus``)."""
    wild_open: int = 0
    """Melds of wild cards left unfinished (``wild_melds.unfinished_penalty``)."""
    black: int = 0
    """Black threes laid out as bonus cards (``black_threes.bonus``)."""
    special: RankCounts = ()
    """Canastas without wild cards of a special rank (``canastas.special``), by rank."""
    unfinished: RankCounts = ()
    """Melds without wild cards of a special rank left unfinished, by rank."""
    sets: RankCounts = ()
    """Players holding a set of a rank at the end (``penalties.in_hand_sets``), by rank."""
    melded_cards: CardCounts = ()
    """The cards in the side's melds counted by kind (``tally.cards``), where they were
    counted; ``meld`` is then their points."""
    held_cards: CardCounts = ()
    """The cards left in the side's hands counted by kind; ``hand`` is then their points."""

    def __post_init__(self) -> None:
        for attr in ("special", "unfinished", "sets"):
            pairs = tuple(sorted((k, n) for k, n in getattr(self, attr) if n))
            object.__setattr__(self, attr, pairs)

    @property
    def special_canastas(self) -> int:
        return sum(n for _, n in self.special)

    @property
    def naturals(self) -> int:
        """Natural canastas of every rank, special ones included (the engine's kind)."""
        return self.natural + self.special_canastas

    @property
    def wild_canastas(self) -> int:
        """Canastas of wild cards of every make-up."""
        return self.wild + self.twos + self.jokers

    @property
    def canastas(self) -> int:
        return self.naturals + self.mixed + self.runs + self.wild_canastas

    @property
    def unfinished_melds(self) -> int:
        return sum(n for _, n in self.unfinished) + self.wild_open

    @property
    def melded(self) -> bool:
        return self.meld > 0 or self.canastas > 0 or self.unfinished_melds > 0

    @property
    def empty(self) -> bool:
        """Whether nothing at all was entered for the side."""
        return self == SideEntry()

    def text(self, name: str) -> str:
        parts = [name]
        per_rank = {"c": self.special, "u": self.unfinished, "h*": self.sets}
        cards = {"m": self.melded_cards, "h": self.held_cards}
        for key in ORDER:
            if key in per_rank:
                prefix = key[0]
                parts += [f"{rank_key(prefix, k)} {n}" for k, n in per_rank[key]]
                continue
            if cards.get(key):
                parts.append(key)
                parts += [say_count(group, n) for group, n in cards[key]]
                continue
            value = getattr(self, COUNT_KEYS[key])
            if value:
                parts.append(f"{key} {value}")
        if self.concealed:
            parts.append("concealed")
        elif self.out:
            parts.append("out")
        return " ".join(parts)


def entry_text(rules: Rules, entries: list[SideEntry]) -> str:
    """The canonical one-line form of a hand's entries."""
    names = side_names(rules.players, rules.sides)
    return "; ".join(e.text(n) for n, e in zip(names, entries, strict=True))


def find_side(rules: Rules, word: str) -> int:
    """The side ``word`` names, its seats in any order and case (``ns``, ``SN``); TallyError
    naming the sides when it names none."""
    names = side_names(rules.players, rules.sides)
    canon = {"".join(sorted(n)): i for i, n in enumerate(names)}
    side = canon.get("".join(sorted(word.upper())))
    if side is None:
        raise TallyError(f"{quoted(word)} is not a side at this table (sides: {' '.join(names)})")
    return side


def parse_entry(rules: Rules, text: str) -> list[SideEntry]:
    """The per-side entries of one hand, one line as in the package docstring."""
    names = side_names(rules.players, rules.sides)
    found: dict[int, SideEntry] = {}
    parts = [p.strip() for p in text.split(";")]
    if not any(parts):
        raise TallyError("an empty entry: write e.g. 'NS m 380 n 1 r 2 out; EW m 200 h 35'")
    for part in parts:
        if not part:
            continue
        words = part.split()
        side = find_side(rules, words[0])
        if side in found:
            raise TallyError(f"{names[side]} is entered twice")
        found[side] = _side_entry(rules, names[side], words[1:])
    return [found.get(i, SideEntry()) for i in range(rules.sides)]


def _item(word: str) -> tuple[str, int] | None:
    """What an item word sets: (field, 0) for a count, (field, rank) for a per-rank count."""
    attr = COUNT_KEYS.get(word)
    if attr is not None:
        return attr, 0
    per_rank = RANK_KEYS.get(word[:1])
    rank = _RANK_OF_CHAR.get(word[1:])
    if per_rank is None or rank is None:
        return None
    return per_rank, rank


def _read_cards(
    rules: Rules, name: str, key: str, words: list[str], i: int
) -> tuple[CardCounts, int]:
    """The card counts written after ``m`` or ``h`` (``key``) from ``words[i]``: pairs of a count
    and a kind of card (``tally.cards``), as long as they go on; none where ``words[i]`` is a
    number of points. Returns the counts in the kinds' order and the index of the next word."""
    groups = card_groups(rules)
    named = names_of(groups)
    found: dict[str, int] = {}
    while i < len(words) and _plain_digits(words[i]):
        if len(words[i]) > limits.MAX_DIGITS:  # no count is that large; int() fails past 4300
            raise TallyError(
                f"{name}: {key} {shorten(words[i])}: a count has at most {limits.MAX_DIGITS} digits"
            )
        if i + 1 == len(words):
            if found:
                raise TallyError(
                    f"{name}: after {key}, {words[i]} of what? Name the cards after each count: "
                    f"{group_names(rules)}"
                )
            break
        width = 2 if words[i + 1].lower() == "black" and i + 2 < len(words) else 1
        said = " ".join(words[i + 1 : i + 1 + width])
        group = named.get(said.lower())
        if group is None:
            inside = where_counted(groups, said.lower())
            if not found and inside is None:
                break  # a number of points
            what = f"{words[i]} of what?"
            if inside is not None:
                what = f"{words[i]} {said}: {inside}."
            elif _item(words[i + 1].lower()) is None and words[i + 1].lower() not in FLAGS:
                what = (
                    f"{words[i]} {shorten(said, 20)}: {quoted(said, 20)} is not a kind of card "
                    "counted in this ruleset."
                )
            raise TallyError(
                f"{name}: after {key}, {what} Name the cards after each count: {group_names(rules)}"
            )
        if group.name in found:
            raise TallyError(f"{name}: {key}: {group.name} counted twice")
        found[group.name] = int(words[i])
        i += 1 + width
    return tuple((g.name, found[g.name]) for g in groups if found.get(g.name)), i


def _not_an_item(word: str) -> str:
    """Why ``word`` is not an item, in a scorer's words, with the form to write: a letter and its
    number run together (``n1``: 'n 1'), else one example of an item (the tally's help lists
    them all; a list here would bury the answer)."""
    low = word.lower()
    for key in sorted([*COUNT_KEYS, *RANK_KEYS], key=len, reverse=True):
        head, rest = low[: len(key)], low[len(key) :]
        if head != key or not rest:
            continue
        if key in RANK_KEYS:  # c7 1 run together: 'c71'; the rank first, then the count
            rank = next((r for r in ("10", *_RANK_OF_CHAR) if rest.startswith(r)), "")
            head, rest = word[: len(key) + len(rank)], rest[len(rank) :]
            if not rank or not rest:
                continue
        else:
            head = word[: len(key)]
        if _plain_digits(rest) and len(rest) <= limits.MAX_DIGITS:
            return (
                f"{quoted(word, 12)}: put a space between '{head}' and its number: '{head} {rest}'"
            )
    return (
        f"{quoted(word, 12)} is not one of the tally's counts: write a letter and a number, as in "
        "'n 1' (one natural canasta; the help lists the letters)"
    )


def _plain_digits(word: str) -> bool:
    return word.isascii() and word.isdigit()


def _side_entry(rules: Rules, name: str, words: list[str]) -> SideEntry:
    values: dict[str, Any] = {}
    per_rank: dict[str, dict[int, int]] = {attr: {} for attr in RANK_KEYS.values()}
    i = 0
    while i < len(words):
        w = words[i].lower()
        if w in FLAGS:
            if "out" in values:
                raise TallyError(f"{name}: say 'out' or 'concealed' once")
            values["out"] = True
            values["concealed"] = w == "concealed"
            i += 1
            continue
        item = _item(w)
        if item is None:
            raise TallyError(f"{name}: {_not_an_item(words[i])}")
        attr, rank = item
        if (attr in values) if not rank else (rank in per_rank[attr]):
            raise TallyError(f"{name}: {w} is given twice")
        if i + 1 >= len(words):
            raise TallyError(f"{name}: {w} needs a number")
        if w in ("m", "h"):
            cards, after = _read_cards(rules, name, w, words, i + 1)
            if after > i + 1:
                values[attr] = card_points(rules, cards)
                values["melded_cards" if w == "m" else "held_cards"] = cards
                i = after
                continue
        raw = words[i + 1]
        # Digits only: Python's int() would also take '1_000', '+5' and other scripts' digits.
        digits = raw[1:] if raw.startswith("-") else raw
        if not _plain_digits(digits):
            raise TallyError(f"{name}: {w} needs a whole number, not {quoted(raw)}")
        if len(digits) > limits.MAX_DIGITS:  # no count is that large; int() fails past 4300
            raise TallyError(
                f"{name}: {w} {shorten(raw)}: a count has at most {limits.MAX_DIGITS} digits"
            )
        number = int(raw)
        if number < 0:
            what = "hand points are entered as a positive number" if w == "h" else "no negatives"
            raise TallyError(f"{name}: {w} {number}: {what}")
        if rank:
            per_rank[attr][rank] = number
        else:
            values[attr] = number
        i += 2
    for attr, by_rank in per_rank.items():
        values[attr] = tuple(by_rank.items())
    return SideEntry(**values)
