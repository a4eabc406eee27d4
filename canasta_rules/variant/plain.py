"""The variant as the engine and the rest of the package read it: frozen plain objects, no pydantic.

Every class here has a pydantic twin of the same name in :mod:`canasta_rules.variant.model`,
which validates variant files and derives from it: a variant validated from a file is an instance
of these classes too, so the engine, the rule sheets and every other reader work with either
kind. The built-in variants reach the engine without pydantic at all: they ship in the package
already validated, as plain data (:mod:`.shipped`), and are built straight into these classes.

The fields are declared twice, here (name and type, which the readers see) and in the model
(default, bounds and description, which files are checked against); mypy checks that every
model field's type fits the one declared here, and ``tests/test_variant_shipped.py`` that both
name the same fields in the same order. Defining these classes costs no more than plain classes:
no dataclass machinery runs at import.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Literal, TypeVar, get_args

SpecialCard = Literal["joker", "two", "red_three", "black_three"]
EmptyPileBan = Literal["seven", "ace", "wild", "dead"]
NaturalRank = Literal[
    "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"
]
PickupWay = Literal["natural_pair", "natural_and_wild", "add_to_meld"]
AskMoment = Literal["before_draw", "after_draw", "after_melding"]

RankName = NaturalRank
"""A rank named as ``card_values`` names it (every natural rank that melds: four to ace)."""
RANK_OF_NAME: dict[str, int] = {n: i for i, n in enumerate(get_args(NaturalRank), start=4)}
"""The rank (4..14) a ``RankName`` names."""

CLASSES: dict[str, type[Record]] = {}
"""Every plain class by name: the only classes :func:`from_tagged` builds."""


class Record:
    """A frozen object with named fields: the base of every plain class.

    Its direct subclasses list their fields as annotations; instances are made with keyword
    arguments naming every field, and compare and hash by their fields, as the pydantic twins
    do (so a variant built from shipped data equals the same variant validated from its file)."""

    _fields: ClassVar[tuple[str, ...]] = ()
    _plain: ClassVar[type[Record]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if Record in cls.__bases__:  # a plain class (its pydantic twin derives from it)
            # (not inspect.get_annotations: importing inspect costs a command ~10 ms)
            cls._fields = tuple(cls.__dict__.get("__annotations__", {}))  # noqa: RUF063
            cls._plain = cls
            CLASSES[cls.__name__] = cls

    def __init__(self, **values: Any) -> None:
        if values.keys() != set(self._fields):
            odd = sorted(values.keys() ^ set(self._fields))
            raise TypeError(f"{type(self).__name__} needs exactly its fields; not {odd}")
        for name in self._fields:
            object.__setattr__(self, name, values[name])

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen")

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self._fields)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Record):
            return NotImplemented
        return self._plain is other._plain and self._values() == other._values()

    def __hash__(self) -> int:
        values = self._values()  # as pydantic hashes a frozen model
        return hash(values[0] if len(values) == 1 else values) if values else hash(0)

    def __repr__(self) -> str:
        inner = " ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__name__}({inner})"


R = TypeVar("R", bound=Record)


def replaced(record: R, **changes: Any) -> R:
    """A plain copy of ``record`` with the fields ``changes`` names set to new values (not
    validated: for tests and tools that build a variant by hand)."""
    values = {name: getattr(record, name) for name in record._fields}
    unknown = changes.keys() - values.keys()
    if unknown:
        raise TypeError(f"{type(record).__name__} has no field {sorted(unknown)[0]!r}")
    return record._plain(**{**values, **changes})  # type: ignore[return-value]


def to_data(value: Any, *, tagged: bool = False) -> Any:
    """``value`` as JSON data: objects as tables (in field order), tuples as arrays; as pydantic's
    ``model_dump(mode="json")`` gives it. ``tagged`` adds each object's class under the key
    ``"@"``, which :func:`from_tagged` reads back."""
    if isinstance(value, Record):
        out = {"@": value._plain.__name__} if tagged else {}
        for name in value._fields:
            out[name] = to_data(getattr(value, name), tagged=tagged)
        return out
    if isinstance(value, (tuple, list)):
        return [to_data(v, tagged=tagged) for v in value]
    if isinstance(value, Mapping):
        return {str(k): to_data(v, tagged=tagged) for k, v in value.items()}
    return value


def from_tagged(data: Any) -> Any:
    """Build what :func:`to_data` wrote with ``tagged``: a table with ``"@"`` as that plain class
    (which must name exactly its fields), other tables as dicts, arrays as tuples. Anything else
    (an unknown class, a missing or extra field, a value of no JSON type) is a ``ValueError``:
    the data chooses among these classes and values, never code."""
    if isinstance(data, dict):
        tag = data.get("@")
        if tag is None:
            return {str(k): from_tagged(v) for k, v in data.items()}
        cls = CLASSES.get(tag) if isinstance(tag, str) else None
        if cls is None or data.keys() - {"@"} != set(cls._fields):
            raise ValueError(f"not a plain object: {sorted(data)[:5]}")
        return cls(**{name: from_tagged(data[name]) for name in cls._fields})
    if isinstance(data, list):
        return tuple(from_tagged(v) for v in data)
    if data is None or isinstance(data, (str, int, bool)):
        return data
    raise ValueError(f"not plain data: {type(data).__name__}")


# --------------------------------------------------------------------------------------------
# The table


class Deck(Record):
    decks: int
    jokers_per_deck: int

    @property
    def size(self) -> int:
        return self.decks * (52 + self.jokers_per_deck)

    @property
    def red_threes(self) -> int:
        return 2 * self.decks

    @property
    def black_threes(self) -> int:
        return 2 * self.decks

    @property
    def wild_cards(self) -> int:
        """Twos and jokers."""
        return self.decks * (4 + self.jokers_per_deck)


class Seating(Record):
    """One table size the variant can be played at."""

    players: int
    hand_size: int
    side_size: int
    forming: Literal["fixed", "first_pickup_alone"]
    sit_out: Literal["none", "rotate_side_of_three"]

    @property
    def at_table(self) -> int:
        """How many play each hand (one fewer than ``players`` when someone sits out)."""
        return self.players - 1 if self.sit_out != "none" else self.players

    @property
    def sides(self) -> int:
        return self.at_table // self.side_size


class FootNone(Record):
    kind: Literal["none"]


class FootDealt(Record):
    kind: Literal["foot"]
    size: int
    needed_to_go_out: bool


Foot = FootNone | FootDealt


class Deal(Record):
    rotation: Literal["clockwise", "counterclockwise"]
    first_dealer: Literal["random", "first_seat_leads"]
    dealer: Literal["shuffler", "shuffler_left"]
    cutter: Literal["right", "left", "none"]
    upcard: Literal["turned", "none"]
    upcard_covered: tuple[SpecialCard, ...]
    upcard_freezes: tuple[SpecialCard, ...]


class CardValues(Record):
    joker: int
    two: int
    ace: int
    king: int
    queen: int
    jack: int
    ten: int
    nine: int
    eight: int
    seven: int
    six: int
    five: int
    four: int
    black_three: int

    def of_rank(self, rank: int) -> int:
        """The value of a card of ``rank`` (2..14, 15 = joker; 3 means a black three)."""
        return getattr(self, _RANK_FIELDS[rank])  # type: ignore[no-any-return]


_RANK_FIELDS = {
    2: "two",
    3: "black_three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "jack",
    12: "queen",
    13: "king",
    14: "ace",
    15: "joker",
}

# --------------------------------------------------------------------------------------------
# Threes


class RedThrees(Record):
    exposed: Literal["deal", "first_turn"]
    replaced_from_pile: bool
    totals: tuple[int, ...]
    count_against: Literal["no_meld", "no_canasta", "too_few_canastas", "never"]
    against_when_opponents_out: bool
    count_from_canastas: int


class BlackThrees(Record):
    discarded: Literal["stop", "freeze"]
    meld_when_going_out: bool
    meld_last: bool
    in_hand_penalty: int
    bonus: bool
    totals: tuple[int, ...]


# --------------------------------------------------------------------------------------------
# Melds and canastas


class SequencesNone(Record):
    kind: Literal["none"]


class SequencesSameSuit(Record):
    kind: Literal["same_suit"]
    min_length: int
    max_length: int
    canasta_bonus: int


Sequences = SequencesNone | SequencesSameSuit


class WildMeldsNone(Record):
    kind: Literal["none"]


class WildMeldsAllowed(Record):
    kind: Literal["allowed"]
    min_size: int
    max_size: int
    canasta_bonus: int
    twos_bonus: int | None
    jokers_bonus: int | None
    unfinished_penalty: int
    open_locks_wild: bool
    open_blocks_going_out: bool


WildMelds = WildMeldsNone | WildMeldsAllowed


class Melds(Record):
    min_size: int
    min_naturals: int
    max_wild: int
    wild_not_more_than_natural: bool
    wild_fewer_than_natural: bool
    canasta_wild: Literal["capped", "unlimited"]
    wild_add_min_naturals: int
    sequences: Sequences
    wild_melds: WildMelds


class SpecialRank(Record):
    rank: RankName
    wild: Literal["never", "opening_only"]
    pile_stays_pure: bool
    bonus: int
    unfinished_penalty: int
    open_blocks_going_out: bool


class Canastas(Record):
    size: int
    min_naturals: int
    natural_bonus: int
    mixed_bonus: int
    closed: bool
    reopen_closed_rank: bool
    dead_ranks: bool
    special: tuple[SpecialRank, ...]


# --------------------------------------------------------------------------------------------
# The first meld, the pile, the stock


class Tier(Record):
    below: int | None
    minimum: int


class InitialMeld(Record):
    basis: Literal["side_total", "previous_hand", "player_total", "round"]
    by_round: tuple[int, ...]
    tiers: tuple[Tier, ...]
    pile_cards: Literal["top_only", "whole_pile"]
    clean_triple: bool
    mixed_canasta: bool

    def minimum_for(self, score: int) -> int:
        for t in self.tiers:
            if t.below is None or score < t.below:
                return t.minimum
        raise AssertionError("the last tier has no bound")  # pragma: no cover


class Pile(Record):
    unfrozen: tuple[PickupWay, ...]
    frozen: tuple[PickupWay, ...]
    frozen_before_opening: Literal["side", "player"]
    one_card_ban: bool
    frozen_at_start: bool
    discard_freezes_against: Literal["everyone", "opponents"]
    empty_discard_bans: tuple[EmptyPileBan, ...]


class Draw(Record):
    count: int
    short_stock: Literal["draw_rest", "end_hand"]


class Talons(Record):
    sizes: tuple[int, ...]
    min_stock: int
    after_pickup: bool


class StockOutLastTurn(Record):
    kind: Literal["last_turn"]


class StockOutPilePlay(Record):
    kind: Literal["pile_play"]
    forced: Literal["none", "fits_meld", "any_legal"]


StockOut = StockOutLastTurn | StockOutPilePlay

# --------------------------------------------------------------------------------------------
# Going out, penalties, the game


class ConcealedSide(Record):
    kind: Literal["side_first_meld"]


class ConcealedPlayer(Record):
    kind: Literal["player_first_meld"]
    own_canasta: bool
    partner_melds: bool


Concealed = ConcealedSide | ConcealedPlayer


class PermissionNone(Record):
    kind: Literal["none"]


class PermissionAsk(Record):
    kind: Literal["ask"]
    when: tuple[AskMoment, ...]
    only_when_able: bool
    once_per_hand: bool
    yes_obliges: bool
    required: bool


Permission = PermissionNone | PermissionAsk


class GoingOut(Record):
    canastas: int
    sequence_canastas: int
    natural_canastas: int
    mixed_canastas: int
    wild_canastas: int
    final_discard: Literal["optional", "required", "required_unless_concealed"]
    bonus: int
    concealed_bonus: int
    concealed: Concealed
    concealed_waives_minimum: Literal["never", "after_stock_draw"]
    permission: Permission


class InHandSet(Record):
    rank: NaturalRank
    count: int
    points: int


class Penalties(Record):
    wild_returned: int
    extra_card: Literal["none", "skip_next_draw"]
    forgotten_draw: Literal["none", "draw_after_discard"]
    exposed_stock_card: Literal["none", "shown_and_returned"]
    exposed_card: Literal["none", "left_face_up"]
    in_hand_sets: tuple[InHandSet, ...]
    no_canasta_melds: Literal["plus", "minus"]


class Game(Record):
    target: int
    win: Literal["higher_total", "first_to_reach"]
    tie: Literal["play_on", "shared"]
    rounds: int
    max_hands: int


class Words(Record):
    """The names a rule sheet gives a variant's canastas."""

    canasta: str
    canastas: str
    run_canasta: str
    wild_canasta: str


class Provenance(Record):
    """Where one value of a variant comes from."""

    sources: tuple[str, ...]
    note: str
    pinned: bool


# --------------------------------------------------------------------------------------------
# The variant


class Variant(Record):
    """A complete Canasta ruleset."""

    name: str
    title: str
    summary: str
    sources: tuple[str, ...]
    deck: Deck
    seating: tuple[Seating, ...]
    deal: Deal
    foot: Foot
    card_values: CardValues
    red_threes: RedThrees
    black_threes: BlackThrees
    melds: Melds
    canastas: Canastas
    initial_meld: InitialMeld
    pile: Pile
    draw: Draw
    talons: Talons
    going_out: GoingOut
    stock_out: StockOut
    penalties: Penalties
    game: Game
    words: Words
    provenance: Mapping[str, Provenance]

    def seating_for(self, players: int | None = None) -> Seating:
        if players is None:
            return self.seating[0]
        for s in self.seating:
            if s.players == players:
                return s
        for s in self.seating:  # a record names the seats at the table: 4 of a five-player game
            if s.at_table == players:
                return s
        sizes = sorted({s.players for s in self.seating})
        counts = ", ".join(str(n) for n in sizes[:-1]) + " or " if len(sizes) > 1 else ""
        counts += str(sizes[-1])
        raise ValueError(f"variant {self.name!r} is for {counts} players, not {players}")

    def rules_only(self) -> dict[str, Any]:
        """The parameters without the descriptive metadata (name, title, sources, provenance)."""
        data: dict[str, Any] = to_data(self)
        for key in METADATA_KEYS:
            del data[key]
        return data


METADATA_KEYS = frozenset({"name", "title", "summary", "sources", "provenance"})
