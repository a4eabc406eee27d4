"""The rules model: every rule on which Canasta's sources disagree, as one frozen pydantic model.

Each parameter is declared once, here, with its default and its description. The defaults are
Pagat's Classic Canasta as ``001_0cb887cc6d824426.txt`` teaches it (the built-in ``classic``
variant); a test checks that ``variants/classic.toml`` and ``Variant()`` agree.

Rules that all five sources share are not parameters (see docs/variant-files.md, "Fixed rules"):
jokers and twos are wild; a side keeps one meld per rank; the initial-meld minimum is read from the
side's cumulative score before the deal; a wild card or black three on top of the pile can never be
taken.
"""

from __future__ import annotations

from difflib import get_close_matches
from functools import cache
from itertools import pairwise
from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator
from pydantic_core import PydanticCustomError

from ..sources import SOURCE_PATTERN

SourceId = Annotated[
    str,
    Field(
        pattern=SOURCE_PATTERN,
        description=(
            "A source: 000-004 are the files in shared/sources/ (by their numeric prefix); "
            "P, B, W and Brit are Pagat, Bicycle/Hoyle, Wikipedia and Britannica as "
            "RULE-PARAMETERS.md reports them; 'house' is a group's own rule; the other ids are "
            "the public rule texts of the family games (Samba, Bolivia, Uruguayan Canasta) "
            "listed in docs/sources.md."
        ),
    ),
]

SpecialCard = Literal["joker", "two", "red_three", "black_three"]
EmptyPileBan = Literal["seven", "ace", "wild", "dead"]
NaturalRank = Literal[
    "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"
]
PickupWay = Literal["natural_pair", "natural_and_wild", "add_to_meld"]


class Model(BaseModel):
    """Base for every part of a variant: frozen, and unknown keys are errors."""

    # defer_build: a model's schema is built when it first validates, not when the module is
    # imported, so that a variant read back from the cache (variant/cache.py) costs no schema.
    model_config = ConfigDict(frozen=True, extra="forbid", validate_default=True, defer_build=True)


KeyPath = tuple[str | int, ...]


def conflict(code: str, message: str, ctx: dict[str, Any], *keys: KeyPath) -> PydanticCustomError:
    """A broken cross-field rule, naming the keys involved.

    ``keys`` are paths relative to the model whose validator raises (pydantic gives that model's
    location). The loader reports the problem at the one of them that the latest file or
    ``--set`` wrote, so a file is blamed for what it changed, not for what it inherited.
    """
    return PydanticCustomError(code, message, {**ctx, "keys": keys})


def _unique(values: tuple[object, ...], field: str) -> None:
    seen: set[object] = set()
    for i, v in enumerate(values):
        if v in seen:
            raise conflict("duplicate", "lists {value} twice", {"value": f'"{v}"'}, (field, i))
        seen.add(v)


# --------------------------------------------------------------------------------------------
# Provenance


class Provenance(Model):
    """Where one value of a variant comes from."""

    sources: tuple[SourceId, ...] = Field(
        min_length=1, description="The sources that give (or, when pinned, bear on) this value."
    )
    note: str = Field(
        min_length=1,
        description="In our own words: what the source says, or why this reading was pinned.",
    )
    pinned: bool = Field(
        default=False,
        description=(
            "True when the source is silent or contradicts itself and the variant pins a reading."
        ),
    )


# --------------------------------------------------------------------------------------------
# The table: packs, seats and the deal


class Deck(Model):
    decks: int = Field(
        default=2,
        ge=1,
        le=8,
        description=(
            "Standard 52-card packs shuffled together (Hand and Foot uses one more than the "
            "players: 5 for four)."
        ),
    )
    jokers_per_deck: int = Field(
        default=2,
        ge=0,
        le=4,
        description="Jokers added with each pack (2 gives the usual 108 cards).",
    )

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


class Seating(Model):
    """One table size the variant can be played at."""

    players: int = Field(
        ge=2,
        le=6,
        description=(
            "Number of players in the game (with 'sit_out', one more than play in each hand)."
        ),
    )
    hand_size: int = Field(ge=1, le=30, description="Cards dealt to each player.")
    side_size: int = Field(
        default=2,
        ge=1,
        le=3,
        description=(
            "Players per side. 1: everyone plays for themself; 2 or 3: partners, seated so that "
            "the sides alternate around the table."
        ),
    )

    forming: Literal["fixed", "first_pickup_alone"] = Field(
        default="fixed",
        description=(
            "How sides form during a hand. 'fixed': as seated, for the whole game. "
            "'first_pickup_alone' (cutthroat, with sides of one): everyone starts the hand alone; "
            "the first player to take the discard pile plays alone for the rest of the hand and "
            "the others become partners, their melds joined into one side's. If someone goes out "
            "before the pile is taken, that player is the one alone. Each player keeps a score "
            "column: a partner scores the partnership's whole total plus or minus their own red "
            "threes (Hoyle's cutthroat three-hand, as Bicycle publishes it)."
        ),
    )
    sit_out: Literal["none", "rotate_side_of_three"] = Field(
        default="none",
        description=(
            "Whether someone sits out each hand. 'rotate_side_of_three' (five players): a side "
            "of three and a side of two; each hand one player of the three sits out in turn "
            "(the third listed first, then the second, then the first, and again), and the "
            "other four play as two partnerships of two, partners opposite, the side of two at "
            "N and S. 'side_size' is then the partners at the table (2). Scores are kept per "
            "side."
        ),
    )

    @model_validator(mode="after")
    def _layout_fits(self) -> Seating:
        if self.sit_out == "rotate_side_of_three":
            if self.players != 5 or self.side_size != 2 or self.forming != "fixed":
                raise conflict(
                    "layout",
                    "a side of three taking turns to sit out needs 5 players, 2 partners a "
                    "side at the table and fixed sides; this layout has {players} players in "
                    "sides of {size}",
                    {"players": self.players, "size": self.side_size},
                    ("sit_out",),
                    ("players",),
                )
            return self
        if self.forming == "first_pickup_alone" and (self.side_size != 1 or self.players < 3):
            raise conflict(
                "layout",
                "sides formed by the first pickup need everyone alone at the start "
                "(side_size = 1) and at least 3 players; this layout has {players} players "
                "in sides of {size}",
                {"players": self.players, "size": self.side_size},
                ("forming",),
                ("side_size",),
            )
        if self.players % self.side_size:
            raise conflict(
                "layout",
                "{players} players cannot form sides of {size}",
                {"players": self.players, "size": self.side_size},
                ("players",),
                ("side_size",),
            )
        if self.players // self.side_size < 2:
            raise conflict(
                "layout",
                "sides of {size} with {players} players leave nobody to play against",
                {"players": self.players, "size": self.side_size},
                ("players",),
                ("side_size",),
            )
        return self

    @property
    def at_table(self) -> int:
        """How many play each hand (one fewer than ``players`` when someone sits out)."""
        return self.players - 1 if self.sit_out != "none" else self.players

    @property
    def sides(self) -> int:
        return self.at_table // self.side_size


# --------------------------------------------------------------------------------------------
# The foot (Hand and Foot)


class FootNone(Model):
    """Each player is dealt one hand (every Canasta but Hand and Foot)."""

    kind: Literal["none"] = Field(description="No foot: one hand per player.")


class FootDealt(Model):
    """Each player is also dealt a *foot*, a second hand kept face down until the first is used
    up (Hand and Foot). A player whose hand runs out takes up the foot: at once, playing on in
    the same turn, when the last hand card was melded ('running'); as the turn ends, to play it
    next turn, when it was discarded ('walking'). A hand used up while the foot waits is not
    going out; cards left in hand and foot count against their owner."""

    kind: Literal["foot"] = Field(description="A foot is dealt to every player.")
    size: int = Field(
        default=13, ge=1, le=30, description="Cards in each foot (13: BW, RGH; 11: DNX, NWP)."
    )
    needed_to_go_out: bool = Field(
        default=True,
        description=(
            "Whether a player must have taken up the foot to go out (NWP, BGA). If not (RDC, Dr "
            "Wingnut), using up the hand goes out when the side meets the going-out contract "
            "(and the last card is discarded where a final discard is required); otherwise the "
            "player takes up the foot."
        ),
    )


Foot = Annotated[FootNone | FootDealt, Field(discriminator="kind")]


def _default_seating() -> tuple[Seating, ...]:
    return (Seating(players=4, hand_size=11, side_size=2),)


class Deal(Model):
    rotation: Literal["clockwise", "counterclockwise"] = Field(
        default="clockwise",
        description=(
            "Direction in which play passes and the deal moves after each hand. The player after "
            "the dealer in this direction plays first."
        ),
    )
    first_dealer: Literal["random", "first_seat_leads"] = Field(
        default="random",
        description=(
            "How the first hand's dealer is chosen: at random, or so that the first seat (N) "
            "plays first (002: the white player starts the first hand)."
        ),
    )
    dealer: Literal["shuffler", "shuffler_left"] = Field(
        default="shuffler",
        description=(
            "Who deals: the player who shuffled, or the player to the shuffler's left "
            "(003, where the previous dealer shuffles)."
        ),
    )
    cutter: Literal["right", "left", "none"] = Field(
        default="right", description="Which neighbour of the dealer cuts the pack."
    )
    upcard: Literal["turned", "none"] = Field(
        default="turned",
        description=(
            "Whether the top stock card is turned up after the deal to start the discard pile "
            "('turned'), or the hand starts with no discard pile at all ('none': Modern "
            "American, POC and BUF), so the first player must draw from the stock."
        ),
    )
    upcard_covered: tuple[SpecialCard, ...] = Field(
        default=("joker", "two", "red_three"),
        description=(
            "Cards that, turned up to start the discard pile, are covered by turning more cards "
            "from the stock until another card shows."
        ),
    )
    upcard_freezes: tuple[SpecialCard, ...] = Field(
        default=("joker", "two", "red_three"),
        description="Cards that freeze the discard pile when turned up at the start.",
    )

    @model_validator(mode="after")
    def _no_duplicates(self) -> Deal:
        _unique(self.upcard_covered, "upcard_covered")
        _unique(self.upcard_freezes, "upcard_freezes")
        return self


class CardValues(Model):
    """What each card counts, melded (plus) or left in hand (minus)."""

    joker: int = Field(default=50, ge=0, le=1000, description="A joker.")
    two: int = Field(default=20, ge=0, le=1000, description="A two (wild).")
    ace: int = Field(default=20, ge=0, le=1000, description="An ace.")
    king: int = Field(default=10, ge=0, le=1000, description="A king.")
    queen: int = Field(default=10, ge=0, le=1000, description="A queen.")
    jack: int = Field(default=10, ge=0, le=1000, description="A jack.")
    ten: int = Field(default=10, ge=0, le=1000, description="A ten.")
    nine: int = Field(default=10, ge=0, le=1000, description="A nine.")
    eight: int = Field(default=10, ge=0, le=1000, description="An eight.")
    seven: int = Field(default=5, ge=0, le=1000, description="A seven.")
    six: int = Field(default=5, ge=0, le=1000, description="A six.")
    five: int = Field(default=5, ge=0, le=1000, description="A five.")
    four: int = Field(default=5, ge=0, le=1000, description="A four.")
    black_three: int = Field(default=5, ge=0, le=1000, description="A black three.")

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


class RedThrees(Model):
    exposed: Literal["deal", "first_turn"] = Field(
        default="deal",
        description=(
            "When red threes dealt to a player are laid face up and replaced from the stock: "
            "during the deal, or at the start of that player's first turn."
        ),
    )
    replaced_from_pile: bool = Field(
        default=False,
        description=(
            "Whether a red three found in a discard pile a player takes is replaced by a card "
            "from the stock (a red three drawn from the stock or dealt is always replaced)."
        ),
    )
    totals: tuple[int, ...] = Field(
        default=(0, 100, 200, 300, 800),
        description=(
            "Score for a side holding 0, 1, 2, ... red threes (one entry per possible count, "
            "up to every red three in the pack). The last entry is the bonus for all of them."
        ),
    )
    count_against: Literal["no_meld", "no_canasta", "too_few_canastas", "never"] = Field(
        default="no_meld",
        description=(
            "When a side's red threes count minus instead of plus: when the side made no meld in "
            "the hand, when it completed no canasta, or when it completed fewer canastas than "
            "going out needs (Samba, Bolivia); 'never': they always count plus, a flat value "
            "(Hand and Foot)."
        ),
    )
    against_when_opponents_out: bool = Field(
        default=False,
        description=(
            "Whether a side's red threes also count minus when an opponent went out (004), "
            "whatever the side melded."
        ),
    )
    count_from_canastas: int = Field(
        default=0,
        ge=0,
        le=6,
        description=(
            "Canastas a side needs for its threes to count plus. With fewer, threes that do not "
            "count minus under 'count_against' score nothing (Modern American, CCP: with "
            "count_against = 'no_canasta' and 2 here, threes count minus with no canasta, "
            "nothing with one, plus with two or more). 0: no such rule. Laid-out black threes "
            "(black_threes.bonus) follow the same rule."
        ),
    )

    @model_validator(mode="after")
    def _totals_shape(self) -> RedThrees:
        if not self.totals or self.totals[0] != 0:
            raise conflict(
                "red_threes", "the first entry (no red threes) must be 0", {}, ("totals", 0)
            )
        for i, (a, b) in enumerate(pairwise(self.totals), start=1):
            if b < a:
                raise conflict(
                    "red_threes",
                    "totals must not decrease as a side holds more red threes ({b} after {a})",
                    {"a": a, "b": b},
                    ("totals", i),
                )
        return self


class BlackThrees(Model):
    discarded: Literal["stop", "freeze"] = Field(
        default="stop",
        description=(
            "A discarded black three always stops the next player taking the pile while it is "
            "on top. 'stop': covered, it has no further effect. 'freeze': it also freezes the "
            "pile until the pile is taken."
        ),
    )
    meld_when_going_out: bool = Field(
        default=True,
        description=(
            "Whether black threes may be melded (at least melds.min_size of them, no wild "
            "cards) as part of going out. They can never be melded otherwise."
        ),
    )
    in_hand_penalty: int = Field(
        default=0,
        ge=0,
        le=1000,
        description=(
            "Points a side loses for each black three left in its hands when a player goes out "
            "(Bolivia: 100), in place of the card's value (0: none; the card counts its value)."
        ),
    )
    bonus: bool = Field(
        default=False,
        description=(
            "Whether black threes are bonus cards like red threes (Modern American: CC, BUF, "
            "CCP): laid face up for the side and replaced from the stock during the deal and "
            "whenever drawn, so they are never melded, discarded or kept in hand. Needs "
            "red_threes.exposed = 'deal'."
        ),
    )
    totals: tuple[int, ...] = Field(
        default=(0,),
        min_length=1,
        max_length=13,
        description=(
            "With 'bonus': score for a side that laid out 0, 1, 2, ... black threes; a count past "
            "the last entry scores the last entry. They count plus or minus as the red threes "
            "do (red_threes.count_against, count_from_canastas). CCP: 0, 100, 300, 500, 1000."
        ),
    )

    @model_validator(mode="after")
    def _black_totals_shape(self) -> BlackThrees:
        if self.totals[0] != 0:
            raise conflict(
                "black_threes", "the first entry (no black threes) must be 0", {}, ("totals", 0)
            )
        for i, (a, b) in enumerate(pairwise(self.totals), start=1):
            if b < a:
                raise conflict(
                    "black_threes",
                    "totals must not decrease as a side holds more black threes ({b} after {a})",
                    {"a": a, "b": b},
                    ("totals", i),
                )
        return self


# --------------------------------------------------------------------------------------------
# Melds and canastas


class SequencesNone(Model):
    """Melds are groups of one rank only (every classic source: 'sequences do not count')."""

    kind: Literal["none"] = Field(description="No sequence melds.")


class SequencesSameSuit(Model):
    """Runs of one suit, natural cards only, from four up to the ace (Samba's runs, Bolivia's
    escaleras). Threes and wild cards never belong to a run; the ace is high only; runs of one
    suit share no rank while both can still take cards (a complete run's may be shared: two
    sambas of one suit, HSW). The pile's top card never starts a run, and goes onto one only
    alone, where ``pile.unfrozen`` has ``add_to_meld`` (BC: onto a meld below a canasta,
    "including a sequence meld"; never joined by a card from the hand, BC and HSW)."""

    kind: Literal["same_suit"] = Field(description="Runs of one suit may be melded.")
    min_length: int = Field(default=3, ge=3, le=11, description="Fewest cards in a new run.")
    max_length: int = Field(
        default=7, ge=3, le=11, description="Most cards a run may hold (Samba: 7)."
    )
    canasta_bonus: int = Field(
        default=1500,
        ge=0,
        le=10000,
        description="Bonus for a run as long as a canasta (a 'samba' or 'escalera').",
    )

    @model_validator(mode="after")
    def _lengths(self) -> SequencesSameSuit:
        if self.max_length < self.min_length:
            raise conflict(
                "sequences",
                "max_length ({a}) is below min_length ({b})",
                {"a": self.max_length, "b": self.min_length},
                ("max_length",),
                ("min_length",),
            )
        return self


Sequences = Annotated[SequencesNone | SequencesSameSuit, Field(discriminator="kind")]


class WildMeldsNone(Model):
    """Wild cards are never melded on their own."""

    kind: Literal["none"] = Field(description="No melds of wild cards.")


class WildMeldsAllowed(Model):
    """A side may meld wild cards on their own (Uruguayan, Bolivia, Modern American): one such
    meld per side, which a canasta of wild cards completes and closes."""

    kind: Literal["allowed"] = Field(description="Melds of wild cards only are allowed.")
    min_size: int = Field(default=3, ge=2, le=7, description="Fewest cards in a new wild meld.")
    max_size: int = Field(default=7, ge=3, le=15, description="Most cards a wild meld may hold.")
    canasta_bonus: int = Field(
        default=2000,
        ge=0,
        le=10000,
        description="Bonus for a canasta of wild cards (Uruguayan 2000, Bolivia 2500).",
    )
    twos_bonus: int | None = Field(
        default=None,
        ge=0,
        le=10000,
        description=(
            "Bonus for a canasta of wild cards that holds twos only, in place of canasta_bonus "
            "(Modern American 3000). Left out: canasta_bonus."
        ),
    )
    jokers_bonus: int | None = Field(
        default=None,
        ge=0,
        le=10000,
        description=(
            "Bonus for a canasta of wild cards that holds every joker of the pack, in place of "
            "canasta_bonus (Modern American, four jokers and three twos: 2500). Left out: "
            "canasta_bonus."
        ),
    )
    unfinished_penalty: int = Field(
        default=0,
        ge=0,
        le=10000,
        description=(
            "Points a side loses at the end of the hand for a meld of wild cards that is not a "
            "canasta, on top of the cards' values (Modern American 2000; 0: none)."
        ),
    )
    open_locks_wild: bool = Field(
        default=False,
        description=(
            "Whether, while the side's meld of wild cards is not yet a canasta, the side may put "
            "no wild card in any other meld (Modern American)."
        ),
    )
    open_blocks_going_out: bool = Field(
        default=False,
        description=(
            "Whether a player may not go out while the side's meld of wild cards is not yet a "
            "canasta (Modern American)."
        ),
    )

    @model_validator(mode="after")
    def _sizes(self) -> WildMeldsAllowed:
        if self.max_size < self.min_size:
            raise conflict(
                "wild_melds",
                "max_size ({a}) is below min_size ({b})",
                {"a": self.max_size, "b": self.min_size},
                ("max_size",),
                ("min_size",),
            )
        return self


WildMelds = Annotated[WildMeldsNone | WildMeldsAllowed, Field(discriminator="kind")]


class Melds(Model):
    min_size: int = Field(default=3, ge=2, le=7, description="Fewest cards in a new meld.")
    min_naturals: int = Field(
        default=2, ge=1, le=7, description="Fewest natural cards in any meld."
    )
    max_wild: int = Field(
        default=3, ge=0, le=7, description="Most wild cards a meld may hold (see canasta_wild)."
    )
    wild_not_more_than_natural: bool = Field(
        default=False,
        description="Whether a meld may never hold more wild cards than natural ones.",
    )
    wild_fewer_than_natural: bool = Field(
        default=False,
        description=(
            "Whether a meld must always hold fewer wild cards than natural ones (Hand and Foot, "
            "NWP): stricter than wild_not_more_than_natural, which it implies."
        ),
    )
    canasta_wild: Literal["capped", "unlimited"] = Field(
        default="capped",
        description=(
            "Whether the wild-card limits still apply to a completed canasta ('capped') or any "
            "number of wild cards may be added once it is complete ('unlimited')."
        ),
    )
    wild_add_min_naturals: int = Field(
        default=0,
        ge=0,
        le=15,
        description=(
            "Natural cards a meld must hold (counting those laid with the wild card) before a "
            "wild card may join it, except in the turn in which the side opens (Modern "
            "American: 5). Melds of wild cards are not concerned. 0: no such rule."
        ),
    )
    sequences: Sequences = Field(
        default_factory=lambda: SequencesNone(kind="none"),
        description="Whether runs of one suit may be melded, and their limits.",
    )
    wild_melds: WildMelds = Field(
        default_factory=lambda: WildMeldsNone(kind="none"),
        description="Whether wild cards may be melded on their own, and their limits.",
    )


RankName = NaturalRank
"""A rank named as ``card_values`` names it (every natural rank that melds: four to ace)."""
RANK_OF_NAME: dict[str, int] = {n: i for i, n in enumerate(get_args(NaturalRank), start=4)}
"""The rank (4..14) a ``RankName`` names."""


class SpecialRank(Model):
    """One rank with rules of its own. A meld of it without wild cards is *pure*: a pure canasta
    earns ``bonus`` (in place of canastas.natural_bonus), and a pure meld left unfinished at the
    end of the hand costs ``unfinished_penalty``. To give another rank a rule, add a table."""

    rank: RankName = Field(
        description="The rank, named as in card_values: four to ten, jack, queen, king or ace."
    )
    wild: Literal["never", "opening_only"] = Field(
        description=(
            "'never': a meld of this rank never holds a wild card (Modern American's sevens). "
            "'opening_only': a wild card may join it only when the meld is laid in the turn the "
            "side opens, with the wild card in it from the start; such a meld is an ordinary "
            "one (mixed canasta, no penalty), and one laid without a wild card stays pure "
            "(Modern American's aces)."
        ),
    )
    bonus: int = Field(
        ge=0, le=10000, description="Bonus for a canasta of this rank without wild cards."
    )
    unfinished_penalty: int = Field(
        default=0,
        ge=0,
        le=10000,
        description=(
            "Points a side loses at the end of the hand for a pure meld of this rank that is "
            "not a canasta, on top of the cards' values (0: none)."
        ),
    )


class Canastas(Model):
    size: int = Field(default=7, ge=3, le=15, description="Cards that make a meld a canasta.")
    min_naturals: int = Field(
        default=4,
        ge=1,
        le=15,
        description="Natural cards a meld needs (its base) to count as a canasta.",
    )
    natural_bonus: int = Field(
        default=500, ge=0, le=10000, description="Bonus for a canasta with no wild card."
    )
    mixed_bonus: int = Field(
        default=300, ge=0, le=10000, description="Bonus for a canasta holding wild cards."
    )
    closed: bool = Field(
        default=False,
        description=(
            "Whether a completed canasta takes no more cards (Samba). The side may then start "
            "another meld of that rank."
        ),
    )
    reopen_closed_rank: bool = Field(
        default=True,
        description=(
            "With closed = true: whether the side may then start another meld of a closed "
            "canasta's rank (Samba) or never melds that rank again in the hand (Modern "
            "American: a meld is capped at the canasta's size and a side has one meld a rank)."
        ),
    )
    dead_ranks: bool = Field(
        default=False,
        description=(
            "Whether a rank is dead once either side completes a canasta of it: neither side "
            "may start or add to a meld of that rank, and a discard pile with a card of that "
            "rank on top cannot be taken (Modern American)."
        ),
    )
    special: tuple[SpecialRank, ...] = Field(
        default=(),
        max_length=11,
        description=(
            "Ranks with rules of their own (Modern American's sevens and aces): whether their "
            "melds may hold wild cards, the bonus for a canasta of them without wild cards, and "
            "the penalty for such a meld left unfinished. In a file: one [[canastas.special]] "
            "table per rank."
        ),
    )

    @model_validator(mode="after")
    def _special_once(self) -> Canastas:
        _unique(tuple(sp.rank for sp in self.special), "special")
        return self


# --------------------------------------------------------------------------------------------
# The initial meld


class Tier(Model):
    below: int | None = Field(
        default=None,
        description=(
            "This tier applies to cumulative scores below this figure (and at or above the "
            "previous tier's). Left out on the last tier, which has no upper bound."
        ),
    )
    minimum: int = Field(ge=0, le=10000, description="Points the side's first melds must reach.")


def _default_tiers() -> tuple[Tier, ...]:
    return (
        Tier(below=0, minimum=15),
        Tier(below=1500, minimum=50),
        Tier(below=3000, minimum=90),
        Tier(minimum=120),
    )


class InitialMeld(Model):
    basis: Literal["side_total", "previous_hand", "player_total", "round"] = Field(
        default="side_total",
        description=(
            "The score the minimum is read from: the side's cumulative score before the deal "
            "(001), the side's score in the previous hand alone (004's wording), or the player's "
            "own cumulative score (for partnerships that change from hand to hand). 'round': no "
            "score at all; the minimum is the hand's entry in 'by_round' (Hand and Foot: 50, 90, "
            "120, 150 in rounds one to four)."
        ),
    )
    by_round: tuple[int, ...] = Field(
        default=(),
        max_length=100,
        description=(
            "With basis = 'round': the minimum in the first hand, the second, and so on; hands "
            "after the last entry keep the last minimum."
        ),
    )
    tiers: tuple[Tier, ...] = Field(
        default_factory=_default_tiers,
        min_length=1,
        description=(
            "Minimum count of a side's first melds in a hand, by the side's cumulative score "
            "before the deal. The first tier also covers every lower score."
        ),
    )
    pile_cards: Literal["top_only", "whole_pile"] = Field(
        default="top_only",
        description=(
            "Which cards of a discard pile taken to open may count toward the minimum: only its "
            "top card, or any card in it."
        ),
    )
    clean_triple: bool = Field(
        default=False,
        description=(
            "Whether the melds that open a side's account must include a clean triple: a new "
            "meld of at least three natural cards of one rank and no wild card (Modern "
            "American, as the CLA rules are reported, and HBC)."
        ),
    )
    mixed_canasta: bool = Field(
        default=True,
        description=(
            "Whether the turn in which a side opens may complete a canasta holding wild cards "
            "(HBC: the opening may close a clean canasta but not a dirty one)."
        ),
    )

    @model_validator(mode="after")
    def _tiers_ascend(self) -> InitialMeld:
        if (self.basis == "round") != bool(self.by_round):
            raise conflict(
                "by_round",
                "basis = 'round' and 'by_round' go together: give the minimums of the rounds "
                "with basis = 'round', and only then",
                {},
                ("by_round",),
                ("basis",),
            )
        for i, m in enumerate(self.by_round):
            if not 0 <= m <= 100000:
                raise conflict(
                    "by_round", "a minimum must be 0 to 100000, not {m}", {"m": m}, ("by_round", i)
                )
        *rest, last = self.tiers
        if last.below is not None:
            raise conflict(
                "tiers",
                "the last tier must have no 'below' (it covers every higher score)",
                {},
                ("tiers", len(rest), "below"),
            )
        for i, t in enumerate(rest):
            if t.below is None:
                raise conflict("tiers", "every tier but the last needs a 'below'", {}, ("tiers", i))
        for i in range(1, len(rest)):
            below, prev = rest[i].below, rest[i - 1].below
            assert below is not None and prev is not None
            if below <= prev:
                raise conflict(
                    "tiers",
                    "tiers must ascend: 'below' is {below}, not above the previous tier's {prev}",
                    {"below": below, "prev": prev},
                    ("tiers", i, "below"),
                )
        for i in range(1, len(self.tiers)):
            if self.tiers[i].minimum < self.tiers[i - 1].minimum:
                raise conflict(
                    "tiers",
                    "a higher tier must not ask for a smaller minimum ({m} after {prev})",
                    {"m": self.tiers[i].minimum, "prev": self.tiers[i - 1].minimum},
                    ("tiers", i, "minimum"),
                )
        return self

    def minimum_for(self, score: int) -> int:
        for t in self.tiers:
            if t.below is None or score < t.below:
                return t.minimum
        raise AssertionError("the last tier has no bound")  # pragma: no cover


# --------------------------------------------------------------------------------------------
# The discard pile and the stock


class Pile(Model):
    unfrozen: tuple[PickupWay, ...] = Field(
        default=("natural_pair", "natural_and_wild", "add_to_meld"),
        min_length=1,
        description=(
            "Ways to take an unfrozen pile: show two natural cards of the top card's rank, one "
            "natural and one wild card, or put the top card on the side's meld of that rank (or, "
            "alone, on a run of the side that it extends, where runs are melded)."
        ),
    )
    frozen: tuple[PickupWay, ...] = Field(
        default=("natural_pair",),
        min_length=1,
        description="Ways to take a frozen pile (and any pile before one's side has opened).",
    )
    frozen_before_opening: Literal["side", "player"] = Field(
        default="side",
        description=(
            "The pile counts as frozen against a player until their side has melded ('side') or "
            "until they themself have melded ('player')."
        ),
    )
    one_card_ban: bool = Field(
        default=True,
        description="Whether a player holding one card may not take a pile of one card.",
    )
    frozen_at_start: bool = Field(
        default=False,
        description=(
            "Whether the pile starts each hand frozen against every side, and stays frozen "
            "against a side until that side first takes it (with a natural pair, as a frozen "
            "pile is taken): another side's pickup does not unfreeze it for this one (003)."
        ),
    )
    empty_discard_bans: tuple[EmptyPileBan, ...] = Field(
        default=(),
        description=(
            "Cards that may not be discarded onto an empty discard pile (at the start of a hand "
            "with no upcard, or just after the pile was taken): 'seven', 'ace', 'wild', 'dead' (a "
            "card of a rank with a canasta on either side's table) (Modern American, CJ's "
            "'SWAD'; PAG: no ace or seven). A player holding nothing else may discard one (PAG's "
            "exception, pinned for every list: a turn must be able to end)."
        ),
    )

    @model_validator(mode="after")
    def _no_duplicates(self) -> Pile:
        _unique(self.unfrozen, "unfrozen")
        _unique(self.frozen, "frozen")
        _unique(self.empty_discard_bans, "empty_discard_bans")
        return self


class Draw(Model):
    count: int = Field(default=1, ge=1, le=2, description="Cards drawn from the stock per turn.")
    short_stock: Literal["draw_rest", "end_hand"] = Field(
        default="draw_rest",
        description=(
            "When fewer cards remain than a draw takes: draw what is left as a full draw, or end "
            "the hand (once the turn that left the stock short is over)."
        ),
    )


class Talons(Model):
    """Bonus cards for opening (Modern American's talons: PAG, HBC, CJ, POC, BUF, CLA)."""

    sizes: tuple[int, ...] = Field(
        default=(),
        max_length=6,
        description=(
            "Cards from the stock for the player whose melds open their side's hand: the first "
            "side to open, the second, and so on (Modern American: 4 then 3; PAG, HBC). They "
            "are taken right after that turn's discard, for the next turn (HBC: 'after the "
            "initial meld and after discarding'). Empty: no talons."
        ),
    )
    min_stock: int = Field(
        default=9,
        ge=0,
        le=200,
        description=(
            "A talon is taken only while the stock holds at least this many cards when it is "
            "due (CLA, reported: 9; CCOM and HBC: none once the turn card, the ninth from the "
            "bottom, has been drawn)."
        ),
    )
    after_pickup: bool = Field(
        default=False,
        description=(
            "Whether an opening made by taking the discard pile earns a talon too (HBC and CJ: no)."
        ),
    )

    @model_validator(mode="after")
    def _sizes(self) -> Talons:
        for i, n in enumerate(self.sizes):
            if not 0 <= n <= 20:
                raise conflict(
                    "talons", "a talon holds 0 to 20 cards, not {n}", {"n": n}, ("sizes", i)
                )
        return self


class StockOutLastTurn(Model):
    """The hand ends once the player who drew the last stock card has finished their turn."""

    kind: Literal["last_turn"] = Field(description="The hand ends after the last drawer's turn.")


class StockOutPilePlay(Model):
    """Play continues with the discard pile; a player who must draw and cannot ends the hand."""

    kind: Literal["pile_play"] = Field(description="Play goes on through discard-pile pickups.")
    forced: Literal["none", "fits_meld", "any_legal"] = Field(
        default="fits_meld",
        description=(
            "When a player must take the pile instead of ending the hand: never; when the pile is "
            "unfrozen and its top card fits a meld of the player's side; or whenever any pickup "
            "is legal."
        ),
    )


StockOut = Annotated[StockOutLastTurn | StockOutPilePlay, Field(discriminator="kind")]


# --------------------------------------------------------------------------------------------
# Going out


class ConcealedSide(Model):
    """Concealed: the side makes its first meld and goes out in the same turn."""

    kind: Literal["side_first_meld"] = Field(
        description="The side's first melds and going out happen in one turn."
    )


class ConcealedPlayer(Model):
    """Concealed: the player goes out in one turn having melded nothing before in the hand."""

    kind: Literal["player_first_meld"] = Field(
        description="The player melds their whole hand in one turn, having melded nothing before."
    )
    own_canasta: bool = Field(
        default=True,
        description="Whether the player's own melds of that turn must include a complete canasta.",
    )
    partner_melds: bool = Field(
        default=False,
        description="Whether the player may add cards to melds their partners made earlier.",
    )


Concealed = Annotated[ConcealedSide | ConcealedPlayer, Field(discriminator="kind")]


class PermissionNone(Model):
    kind: Literal["none"] = Field(description="Nobody asks partner's permission to go out.")


AskMoment = Literal["before_draw", "after_draw", "after_melding"]


class PermissionAsk(Model):
    """A player may ask a partner "may I go out?"; a "no" binds."""

    kind: Literal["ask"] = Field(description="A player may ask partner's permission to go out.")
    when: tuple[AskMoment, ...] = Field(
        default=("after_draw",),
        min_length=1,
        description=(
            "When in the turn a player may ask: 'before_draw' (at the start of the turn), "
            "'after_draw' (just after drawing or taking the pile, before any further meld), "
            "'after_melding' (after one or more meld actions of the turn). 001 allows only "
            "after_draw; 000 any of them; Bicycle before or after drawing; 004 after melding."
        ),
    )
    only_when_able: bool = Field(
        default=True,
        description=(
            "Whether a player may ask only when they could go out this turn (judged after the "
            "draw; before drawing nobody can know, so it is not judged then)."
        ),
    )
    once_per_hand: bool = Field(
        default=False,
        description=(
            "Whether a player may ask at most once in a hand (Modern American, as the catalog "
            "reports it: permission is asked once per hand)."
        ),
    )
    yes_obliges: bool = Field(
        default=True,
        description=(
            "Whether a 'yes' obliges the player to go out that turn (where going out is still "
            "possible: a 'yes' given before the draw binds only if the draw leaves a way out)."
        ),
    )

    required: bool = Field(
        default=False,
        description=(
            "Whether a player with a partner must ask, and be told yes, before going out (RDC: "
            "a player must always ask partner first). A player without a partner at the table "
            "goes out without asking."
        ),
    )

    @model_validator(mode="after")
    def _no_duplicates(self) -> PermissionAsk:
        _unique(self.when, "when")
        return self


Permission = Annotated[PermissionNone | PermissionAsk, Field(discriminator="kind")]


class GoingOut(Model):
    canastas: int = Field(
        default=1, ge=0, le=6, description="Canastas a side needs before a player may go out."
    )
    sequence_canastas: int = Field(
        default=0,
        ge=0,
        le=6,
        description=("How many of those canastas must be runs (Bolivia: at least one escalera)."),
    )
    natural_canastas: int = Field(
        default=0,
        ge=0,
        le=6,
        description=(
            "How many of those canastas must be natural, with no wild card (Hand and Foot's "
            "'clean' or 'red' books; BGA: 2)."
        ),
    )
    mixed_canastas: int = Field(
        default=0,
        ge=0,
        le=6,
        description=(
            "How many of those canastas must be mixed, groups holding wild cards (Hand and "
            "Foot's 'dirty' or 'black' books; BGA: 2)."
        ),
    )
    wild_canastas: int = Field(
        default=0,
        ge=0,
        le=6,
        description=(
            "How many of those canastas must be canastas of wild cards (BGA's optional wild "
            "book; needs melds.wild_melds)."
        ),
    )
    final_discard: Literal["optional", "required", "required_unless_concealed"] = Field(
        default="optional",
        description=(
            "Whether a player going out may meld every card or must discard the last one; "
            "'required_unless_concealed': a discard is needed except for a concealed finish, "
            "which melds the whole hand (004)."
        ),
    )
    bonus: int = Field(default=100, ge=0, le=10000, description="Bonus for going out.")
    concealed_bonus: int = Field(
        default=200,
        ge=0,
        le=10000,
        description="Bonus for going out concealed (in place of the ordinary bonus).",
    )
    concealed: Concealed = Field(
        default_factory=lambda: ConcealedPlayer(kind="player_first_meld"),
        description="What counts as going out concealed.",
    )
    concealed_waives_minimum: Literal["never", "after_stock_draw"] = Field(
        default="after_stock_draw",
        description=(
            "Whether going out concealed frees an unopened side from the initial-meld minimum: "
            "never, or when the turn began with a draw from the stock."
        ),
    )
    permission: Permission = Field(
        default_factory=lambda: PermissionAsk(kind="ask"),
        description="Asking partner's permission to go out.",
    )


class InHandSet(Model):
    """A set of cards of one rank that costs its holder's side points when the hand ends."""

    rank: NaturalRank = Field(description="The rank of the set's cards.")
    count: int = Field(
        default=3, ge=2, le=12, description="Cards of that rank one player must hold."
    )
    points: int = Field(
        default=1500, ge=0, le=10000, description="Points the holder's side loses for the set."
    )


class Penalties(Model):
    wild_returned: int = Field(
        default=0,
        ge=0,
        le=10000,
        description=(
            "Points a side loses when a player takes back into hand a wild card laid by mistake "
            "as a meld's fourth wild (0: no such penalty)."
        ),
    )
    extra_card: Literal["none", "skip_next_draw"] = Field(
        default="none",
        description=(
            "A card drawn from the stock by mistake on top of the draw (record line "
            "`penalty SEAT extra_card CARD`): none (no such rule; the line is refused), or "
            "skip_next_draw (the card stays in hand and the player's next turn begins with no "
            "draw: they meld if they like and discard)."
        ),
    )
    forgotten_draw: Literal["none", "draw_after_discard"] = Field(
        default="none",
        description=(
            "A player who discarded without drawing (record line `penalty SEAT forgot_draw` "
            "after that turn): none (no such rule; the line is refused), or draw_after_discard "
            "(the turn is played without a draw and the player takes the top stock card before "
            "the next player's turn)."
        ),
    )
    exposed_stock_card: Literal["none", "shown_and_returned"] = Field(
        default="none",
        description=(
            "A stock card exposed by mistake while drawing (record line `penalty SEAT "
            "exposed_stock CARD`, CARD the top stock card): none (no such rule; the line is "
            "refused), or shown_and_returned (every player sees it and it stays where it was, "
            "on top of the stock)."
        ),
    )
    exposed_card: Literal["none", "left_face_up"] = Field(
        default="none",
        description=(
            "A card of a player's hand exposed by mistake (record line `penalty SEAT exposed "
            "CARD`): none (no such rule; the line is refused), or left_face_up (the card stays "
            "face up on the table, still the player's, until it is melded or discarded)."
        ),
    )
    in_hand_sets: tuple[InHandSet, ...] = Field(
        default=(),
        max_length=11,
        description=(
            "Sets that cost points when a hand ends, on top of their card values: each player "
            "holding at least 'count' cards of 'rank' costs the side 'points' (Modern American, "
            "CCP, CJ, WUS: 1500 for three or more aces, and again for three or more sevens; CJ: "
            "four aces and three sevens in one hand cost 3000). One entry per rank."
        ),
    )
    no_canasta_melds: Literal["plus", "minus"] = Field(
        default="plus",
        description=(
            "What the cards a side melded count when it completed no canasta in the hand: plus "
            "as usual, or minus like cards left in hand (Modern American, CJ)."
        ),
    )

    @model_validator(mode="after")
    def _one_set_per_rank(self) -> Penalties:
        _unique(tuple(s.rank for s in self.in_hand_sets), "in_hand_sets")
        return self


class Game(Model):
    target: int = Field(
        default=5000, ge=100, le=100000, description="Cumulative score that ends the game."
    )
    win: Literal["higher_total", "first_to_reach"] = Field(
        default="higher_total",
        description=(
            "Who wins when a hand takes sides to the target: the higher total (001), or the first "
            "to reach it (003), read as: of several sides passing it in the same hand, the side "
            "whose player went out (it reached the target by ending the hand), else the higher "
            "total."
        ),
    )
    tie: Literal["play_on", "shared"] = Field(
        default="play_on",
        description=(
            "When the sides that would win have equal totals: play another hand, or end the game "
            "shared between them. No source says; the project pins play_on."
        ),
    )
    rounds: int = Field(
        default=0,
        ge=0,
        le=1000,
        description=(
            "A fixed number of hands (rounds): after the last, the side with the higher total "
            "wins whatever the target (Hand and Foot: four rounds). 0: the game ends at the "
            "target. A tie after the last round follows 'tie'."
        ),
    )
    max_hands: int = Field(
        default=100,
        ge=1,
        le=10000,
        description=(
            "Guard: a game still undecided after this many hands ends with the higher total "
            "winning. Not a rule of any source; it keeps simulations finite."
        ),
    )


# --------------------------------------------------------------------------------------------
# The variant


class Variant(Model):
    """A complete Canasta ruleset."""

    name: str = Field(
        default="classic",
        pattern=r"^[a-z0-9][a-z0-9-]*$",
        description="Short name: lower-case letters, digits and hyphens.",
    )
    title: str = Field(default="Classic Canasta", description="A one-line title.")
    summary: str = Field(default="", description="A few sentences on what this ruleset is.")
    sources: tuple[SourceId, ...] = Field(
        default=("001",), description="The sources this ruleset follows."
    )
    deck: Deck = Field(default_factory=Deck, description="The pack.")
    seating: tuple[Seating, ...] = Field(
        default_factory=_default_seating,
        min_length=1,
        description=(
            "The table sizes this variant can be played at; the first is the default. "
            "In a file: one [[seating]] table per table size."
        ),
    )
    deal: Deal = Field(default_factory=Deal, description="Dealing and the first upcard.")
    foot: Foot = Field(
        default_factory=lambda: FootNone(kind="none"),
        description="A second hand per player, the foot (Hand and Foot).",
    )
    card_values: CardValues = Field(default_factory=CardValues, description="Card values.")
    red_threes: RedThrees = Field(default_factory=RedThrees, description="Red threes.")
    black_threes: BlackThrees = Field(default_factory=BlackThrees, description="Black threes.")
    melds: Melds = Field(default_factory=Melds, description="Melds.")
    canastas: Canastas = Field(default_factory=Canastas, description="Canastas.")
    initial_meld: InitialMeld = Field(default_factory=InitialMeld, description="The first meld.")
    pile: Pile = Field(default_factory=Pile, description="Taking the discard pile.")
    draw: Draw = Field(default_factory=Draw, description="Drawing from the stock.")
    talons: Talons = Field(
        default_factory=Talons, description="Bonus cards from the stock for opening (talons)."
    )
    going_out: GoingOut = Field(default_factory=GoingOut, description="Going out.")
    stock_out: StockOut = Field(
        default_factory=lambda: StockOutPilePlay(kind="pile_play"),
        description=(
            "What happens once the stock is used up. In every variant a red three drawn as the "
            "last stock card ends the hand at once: its player can neither meld nor discard."
        ),
    )
    penalties: Penalties = Field(default_factory=Penalties, description="Penalties.")
    game: Game = Field(default_factory=Game, description="The end of the game.")
    provenance: dict[str, Provenance] = Field(
        default_factory=dict,
        description=(
            "Where each value comes from: dotted parameter path (or table) to its sources and a "
            "note. Built-in variants give one for every key they set."
        ),
    )

    @model_validator(mode="after")
    def _cross_field(self) -> Variant:
        known = parameter_paths()
        for key in self.provenance:
            if key not in known:
                close = get_close_matches(key, sorted(known), n=1)
                raise conflict(
                    "provenance_key",
                    "names no parameter or table{hint}",
                    {"hint": f" (did you mean {close[0]}?)" if close else ""},
                    ("provenance", key),
                )
        seen: set[int] = set()
        for i, s in enumerate(self.seating):
            if s.players in seen:
                raise conflict(
                    "seating",
                    "seating lists {players} players twice",
                    {"players": s.players},
                    ("seating", i, "players"),
                )
            seen.add(s.players)
        for i, s in enumerate(self.seating):
            foot = self.foot.size if isinstance(self.foot, FootDealt) else 0
            needed = s.at_table * (s.hand_size + foot) + 2
            if self.deck.size < needed:
                raise conflict(
                    "deck_too_small",
                    "a {size}-card pack cannot deal {hand} cards{feet} to {players} players and "
                    "still turn an upcard and leave a stock (needs at least {needed})",
                    {
                        "size": self.deck.size,
                        "hand": s.hand_size,
                        "feet": f" and a {foot}-card foot" if foot else "",
                        "players": s.at_table,
                        "needed": needed,
                    },
                    ("seating", i, "hand_size"),
                    ("deck", "decks"),
                    ("deck", "jokers_per_deck"),
                    ("seating", i, "players"),
                    # A foot dealt takes cards too: a file that only turns the foot on is to blame.
                    *((("foot", "size"), ("foot", "kind")) if foot else ()),
                )
        if len(self.red_threes.totals) != self.deck.red_threes + 1:
            raise conflict(
                "red_threes",
                "red_threes.totals has {n} entries, but a pack of {decks} decks holds {r} red "
                "threes, so it needs {want} (0 to {r})",
                {
                    "n": len(self.red_threes.totals),
                    "decks": self.deck.decks,
                    "r": self.deck.red_threes,
                    "want": self.deck.red_threes + 1,
                },
                ("red_threes", "totals"),
                ("deck", "decks"),
            )
        m, c = self.melds, self.canastas
        if m.min_naturals > m.min_size:
            raise conflict(
                "melds",
                "melds.min_naturals ({n}) exceeds melds.min_size ({s})",
                {"n": m.min_naturals, "s": m.min_size},
                ("melds", "min_naturals"),
                ("melds", "min_size"),
            )
        if c.size < m.min_size:
            raise conflict(
                "canastas",
                "canastas.size ({c}) is smaller than melds.min_size ({s})",
                {"c": c.size, "s": m.min_size},
                ("canastas", "size"),
                ("melds", "min_size"),
            )
        if c.min_naturals > c.size:
            raise conflict(
                "canastas",
                "canastas.min_naturals ({n}) exceeds canastas.size ({c})",
                {"n": c.min_naturals, "c": c.size},
                ("canastas", "min_naturals"),
                ("canastas", "size"),
            )
        if c.min_naturals < m.min_naturals:
            raise conflict(
                "canastas",
                "canastas.min_naturals ({c}) is below melds.min_naturals ({n}); every canasta is "
                "a meld",
                {"c": c.min_naturals, "n": m.min_naturals},
                ("canastas", "min_naturals"),
                ("melds", "min_naturals"),
            )
        if self.black_threes.bonus and self.red_threes.exposed != "deal":
            raise conflict(
                "black_threes",
                "black threes laid out as bonus cards are laid out during the deal, as red "
                "threes are: set red_threes.exposed = 'deal'",
                {},
                ("black_threes", "bonus"),
                ("red_threes", "exposed"),
            )
        g = self.going_out
        if g.sequence_canastas > g.canastas:
            raise conflict(
                "going_out",
                "going_out.sequence_canastas ({n}) exceeds going_out.canastas ({c})",
                {"n": g.sequence_canastas, "c": g.canastas},
                ("going_out", "sequence_canastas"),
                ("going_out", "canastas"),
            )
        kinds = g.sequence_canastas + g.natural_canastas + g.mixed_canastas + g.wild_canastas
        if kinds > g.canastas:
            raise conflict(
                "going_out",
                "the canastas going out needs by kind ({n}) exceed going_out.canastas ({c})",
                {"n": kinds, "c": g.canastas},
                ("going_out", "canastas"),
                ("going_out", "natural_canastas"),
                ("going_out", "mixed_canastas"),
                ("going_out", "wild_canastas"),
            )
        if g.wild_canastas and isinstance(m.wild_melds, WildMeldsNone):
            raise conflict(
                "going_out",
                "going_out.wild_canastas asks for canastas of wild cards, but melds.wild_melds "
                "allows no meld of wild cards",
                {},
                ("going_out", "wild_canastas"),
                ("melds", "wild_melds"),
            )
        if g.sequence_canastas and isinstance(m.sequences, SequencesNone):
            raise conflict(
                "going_out",
                "going_out.sequence_canastas asks for runs, but melds.sequences allows none",
                {},
                ("going_out", "sequence_canastas"),
                ("melds", "sequences"),
            )
        return self

    # Convenience -------------------------------------------------------------------------
    def seating_for(self, players: int | None = None) -> Seating:
        if players is None:
            return self.seating[0]
        for s in self.seating:
            if s.players == players:
                return s
        for s in self.seating:  # a record names the seats at the table: 4 of a five-player game
            if s.at_table == players:
                return s
        counts = ", ".join(str(s.players) for s in self.seating)
        raise ValueError(f"variant {self.name!r} is for {counts} players, not {players}")

    def rules_only(self) -> dict[str, object]:
        """The parameters without the descriptive metadata (name, title, sources, provenance)."""
        return self.model_dump(
            mode="json", exclude={"name", "title", "summary", "sources", "provenance"}
        )


def _models_in(ann: Any) -> list[type[BaseModel]]:
    if isinstance(ann, type) and issubclass(ann, BaseModel):
        return [ann]
    out: list[type[BaseModel]] = []
    for a in get_args(ann):
        out.extend(_models_in(a))
    return out


@cache
def parameter_paths() -> frozenset[str]:
    """Every dotted path of a rule parameter or table (array items without their index)."""
    out: set[str] = set()

    def walk(model: type[BaseModel], prefix: str) -> None:
        for name, info in model.model_fields.items():
            path = f"{prefix}{name}"
            if path in METADATA_KEYS:
                continue
            out.add(path)
            for sub in _models_in(info.annotation):
                walk(sub, path + ".")

    walk(Variant, "")
    return frozenset(out)


METADATA_KEYS = frozenset({"name", "title", "summary", "sources", "provenance"})
