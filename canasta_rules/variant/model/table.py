"""The table: the pack (:class:`Deck`), the table sizes a variant can be played at
(:class:`Seating`), the second hand of Hand and Foot (:data:`Foot`), dealing and the first upcard
(:class:`Deal`), and what each card counts, melded or left in hand (:class:`CardValues`).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from .. import plain
from .base import Model, SpecialCard, _unique, conflict


class Deck(Model, plain.Deck):
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


class Seating(Model, plain.Seating):
    """One table size the variant can be played at."""

    players: int = Field(
        ge=2,
        le=6,
        description=(
            "Number of players in the game (where one sits out each hand, one more than play in "
            "it)."
        ),
    )
    hand_size: int = Field(ge=1, le=30, description="Cards dealt to each player.")
    side_size: int = Field(
        default=2,
        ge=1,
        le=3,
        description=(
            "Players per side. 1: everyone plays alone; 2 or 3: partners, seated so that the "
            "sides alternate around the table."
        ),
    )

    forming: Literal["fixed", "first_pickup_alone"] = Field(
        default="fixed",
        description=(
            "How sides form during a hand: as seated, for the whole game ('fixed'); or, in "
            "cutthroat with sides of one ('first_pickup_alone'), everyone starts the hand alone, "
            "and the first player to take the discard pile plays alone for the rest of the hand "
            "while the others become partners, their melds joined into one side's. If someone "
            "goes out before the pile is taken, that player is the one alone. Each player keeps a "
            "score column: a partner scores the partnership's whole total plus or minus their own "
            "red threes (Hoyle's cutthroat three-hand, as Bicycle publishes it)."
        ),
    )
    sit_out: Literal["none", "rotate_side_of_three"] = Field(
        default="none",
        description=(
            "Whether someone sits out each hand: nobody ('none'); or, with five players, one of a "
            "side of three in turn ('rotate_side_of_three'). Then a side of three plays a side of "
            "two; each hand one player of the three sits out (the third listed first, then the "
            "second, then the first, and again), and the other four play as two partnerships of "
            "two, partners opposite, the side of two at North and South. Players per side then "
            "counts the partners at the table (2). Scores are kept per side."
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
                "(one player a side) and at least 3 players; this layout has {players} players "
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


# --------------------------------------------------------------------------------------------
# The foot (Hand and Foot)


class FootNone(Model, plain.FootNone):
    """Each player is dealt one hand (every Canasta but Hand and Foot)."""

    kind: Literal["none"] = Field(description="No foot; one hand per player.")


class FootDealt(Model, plain.FootDealt):
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


class Deal(Model, plain.Deal):
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
            "('turned'), or the hand starts with no discard pile at all ('none': Modern American, "
            "POC and BUF), so that the first player must draw from the stock."
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


class CardValues(Model, plain.CardValues):
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
