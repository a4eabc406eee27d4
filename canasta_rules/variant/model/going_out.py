"""Going out: the canastas a side needs, the final discard and the bonuses (:class:`GoingOut`),
what counts as going out concealed (:data:`Concealed`), and asking partner's permission to go out
(:data:`Permission`).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from .. import plain
from .base import Model, _unique


class ConcealedSide(Model, plain.ConcealedSide):
    """Concealed: the side makes its first meld and goes out in the same turn."""

    kind: Literal["side_first_meld"] = Field(
        description="The side's first melds and going out happen in one turn."
    )


class ConcealedPlayer(Model, plain.ConcealedPlayer):
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


class PermissionNone(Model, plain.PermissionNone):
    kind: Literal["none"] = Field(description="Nobody asks partner's permission to go out.")


AskMoment = plain.AskMoment


class PermissionAsk(Model, plain.PermissionAsk):
    """A player may ask a partner "may I go out?"; a "no" binds."""

    kind: Literal["ask"] = Field(description="A player may ask partner's permission to go out.")
    when: tuple[AskMoment, ...] = Field(
        default=("after_draw",),
        min_length=1,
        description=(
            "When in the turn a player may ask: at the start of the turn ('before_draw'); just "
            "after drawing or taking the pile, before any further meld ('after_draw'); after one "
            "or more melds of the turn ('after_melding'). 001 allows asking only after drawing; "
            "000 at any of these; Bicycle before or after drawing; 004 after melding."
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


class GoingOut(Model, plain.GoingOut):
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
            "How many of those canastas must be canastas of wild cards (BGA's optional wild book; "
            "needs melds of wild cards to be allowed)."
        ),
    )
    final_discard: Literal["optional", "required", "required_unless_concealed"] = Field(
        default="optional",
        description=(
            "Whether a player going out may meld every card ('optional') or must discard the last "
            "one ('required'); or a discard is needed except for a concealed finish, which melds "
            "the whole hand ('required_unless_concealed': 004)."
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
