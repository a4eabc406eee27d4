"""Penalties and the end of the game: points a side loses for mistakes, for sets of one rank left in
hand and for melds without a canasta (:class:`Penalties`, :class:`InHandSet`), and the target,
rounds and tie rule that end a game (:class:`Game`).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from .. import plain
from .base import Model, NaturalRank, _unique


class InHandSet(Model, plain.InHandSet):
    """A set of cards of one rank that costs its holder's side points when the hand ends."""

    rank: NaturalRank = Field(description="The rank of the set's cards.")
    count: int = Field(
        default=3, ge=2, le=12, description="Cards of that rank one player must hold."
    )
    points: int = Field(
        default=1500, ge=0, le=10000, description="Points the holder's side loses for the set."
    )


class Penalties(Model, plain.Penalties):
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
            "A card drawn from the stock by mistake on top of the draw (record line `penalty SEAT "
            "extra_card CARD`): no such rule, and the line is refused ('none'); or the card stays "
            "in hand and the player's next turn begins with no draw: they meld if they like and "
            "discard ('skip_next_draw')."
        ),
    )
    forgotten_draw: Literal["none", "draw_after_discard"] = Field(
        default="none",
        description=(
            "A player who discarded without drawing (record line `penalty SEAT forgot_draw` after "
            "that turn): no such rule, and the line is refused ('none'); or the turn is played "
            "without a draw and the player takes the top stock card before the next player's turn "
            "('draw_after_discard')."
        ),
    )
    exposed_stock_card: Literal["none", "shown_and_returned"] = Field(
        default="none",
        description=(
            "A stock card exposed by mistake while drawing (record line `penalty SEAT "
            "exposed_stock CARD`, CARD the top stock card): no such rule, and the line is refused "
            "('none'); or every player sees it and it stays where it was, on top of the stock "
            "('shown_and_returned')."
        ),
    )
    exposed_card: Literal["none", "left_face_up"] = Field(
        default="none",
        description=(
            "A card of a player's hand exposed by mistake (record line `penalty SEAT exposed "
            "CARD`): no such rule, and the line is refused ('none'); or the card stays face up on "
            "the table, still the player's, until it is melded or discarded ('left_face_up')."
        ),
    )
    in_hand_sets: tuple[InHandSet, ...] = Field(
        default=(),
        max_length=11,
        description=(
            "Sets that cost points when a hand ends, on top of their card values: a player "
            "holding at least the set's number of cards of its rank costs their side the set's "
            "points (Modern American, CCP, CJ, WUS: 1500 for three or more aces, and again for "
            "three or more sevens; CJ: four aces and three sevens in one hand cost 3000). One set "
            "a rank."
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


class Game(Model, plain.Game):
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
            "When the sides that would win have equal totals: play another hand ('play_on'), or "
            "end the game shared between them ('shared'). No source says; the project pins "
            "playing on."
        ),
    )
    rounds: int = Field(
        default=0,
        ge=0,
        le=1000,
        description=(
            "A fixed number of hands (rounds): after the last, the side with the higher total "
            "wins whatever the target (Hand and Foot: four rounds). 0: the game ends at the "
            "target. A tie after the last round is settled as any tie for the win."
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
