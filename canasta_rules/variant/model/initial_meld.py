"""The initial meld: the minimum a side's first melds in a hand must reach, read from score tiers
(:class:`Tier`) or from the round, and which cards may count toward it (:class:`InitialMeld`).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from .. import plain
from .base import Model, conflict


class Tier(Model, plain.Tier):
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


class InitialMeld(Model, plain.InitialMeld):
    basis: Literal["side_total", "previous_hand", "player_total", "round"] = Field(
        default="side_total",
        description=(
            "The score the minimum is read from: the side's cumulative score before the deal "
            "(001), the side's score in the previous hand alone (004's wording), or the player's "
            "own cumulative score (for partnerships that change from hand to hand). Or no score "
            "at all ('round'): the minimum is the hand's entry in the list of minimums by round "
            "(Hand and Foot: 50, 90, 120, 150 in rounds one to four)."
        ),
    )
    by_round: tuple[int, ...] = Field(
        default=(),
        max_length=100,
        description=(
            "Where the minimum goes by the round: the minimum in the first hand, the second, and "
            "so on; hands after the last entry keep the last minimum."
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
        if self.basis == "round" and not self.by_round:  # a missing key, named
            raise conflict(
                "by_round",
                "a minimum that goes by the round needs the minimum of each round (by_round), "
                "which is missing",
                {},
                ("basis",),
            )
        if self.by_round and self.basis != "round":
            raise conflict(
                "by_round",
                "the minimums by round are read only where the minimum goes by the round "
                "(basis = 'round')",
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
                "the last tier covers every higher score, so it takes no upper bound ('below')",
                {},
                ("tiers", len(rest), "below"),
            )
        for i, t in enumerate(rest):
            if t.below is None:
                raise conflict(
                    "tiers",
                    "every tier but the last needs its upper bound ('below')",
                    {},
                    ("tiers", i),
                )
        for i in range(1, len(rest)):
            below, prev = rest[i].below, rest[i - 1].below
            assert below is not None and prev is not None
            if below <= prev:
                raise conflict(
                    "tiers",
                    "the tiers must go up: this tier's upper bound ({below}) is not above the "
                    "previous tier's ({prev})",
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
