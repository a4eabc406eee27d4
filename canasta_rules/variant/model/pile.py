"""The discard pile and the stock: the ways to take the pile, frozen or not (:class:`Pile`),
drawing from the stock (:class:`Draw`), the talons of Modern American (:class:`Talons`), and what
happens once the stock is used up (:data:`StockOut`).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from .. import plain
from .base import EmptyPileBan, Model, PickupWay, _unique, conflict


class Pile(Model, plain.Pile):
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
            "The pile counts as frozen against a player until their side has melded ('side'), or "
            "until they themselves have melded ('player')."
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
    discard_freezes_against: Literal["everyone", "opponents"] = Field(
        default="everyone",
        description=(
            "Against whom a freezing discard (a wild card, or a black three where black threes "
            "freeze) freezes the pile: every side, its own included ('everyone': 000, 001, 002), "
            "or only the discarder's opponents ('opponents': 003), until a freezing card of "
            "another side lands on it. A card turned up to start the pile freezes it against "
            "every side either way."
        ),
    )
    empty_discard_bans: tuple[EmptyPileBan, ...] = Field(
        default=(),
        description=(
            "Cards that may not be discarded onto an empty discard pile (at the start of a hand "
            "with no upcard, or just after the pile was taken): sevens ('seven'), aces ('ace'), "
            "wild cards ('wild') and cards of a dead rank, one with a canasta on either side's "
            "table ('dead') (Modern American, CJ's 'SWAD'; PAG: no ace or seven). A player "
            "holding nothing else may discard one (PAG's exception, pinned for every list: a turn "
            "must be able to end)."
        ),
    )

    @model_validator(mode="after")
    def _no_duplicates(self) -> Pile:
        _unique(self.unfrozen, "unfrozen")
        _unique(self.frozen, "frozen")
        _unique(self.empty_discard_bans, "empty_discard_bans")
        return self


class Draw(Model, plain.Draw):
    count: int = Field(default=1, ge=1, le=2, description="Cards drawn from the stock per turn.")
    short_stock: Literal["draw_rest", "end_hand"] = Field(
        default="draw_rest",
        description=(
            "When fewer cards remain than a draw takes: draw what is left as a full draw, or end "
            "the hand (once the turn that left the stock short is over)."
        ),
    )


class Talons(Model, plain.Talons):
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


class StockOutLastTurn(Model, plain.StockOutLastTurn):
    """The hand ends once the player who drew the last stock card has finished their turn."""

    kind: Literal["last_turn"] = Field(description="The hand ends after the last drawer's turn.")


class StockOutPilePlay(Model, plain.StockOutPilePlay):
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
