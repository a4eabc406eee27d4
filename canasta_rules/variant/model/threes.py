"""Threes: when red threes are laid out, whether one in a taken pile is replaced and what they
score, plus or minus (:class:`RedThrees`); what a discarded black three does, whether black threes
may be melded to go out, and whether they are bonus cards like red threes (:class:`BlackThrees`).
"""

from __future__ import annotations

from itertools import pairwise
from typing import Literal

from pydantic import Field, model_validator

from .. import plain
from .base import Model, conflict


class RedThrees(Model, plain.RedThrees):
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
            "going out needs (Samba, Bolivia); or never ('never'): they always count plus, a flat "
            "value (Hand and Foot)."
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
            "count minus score nothing (Modern American, CCP: threes count minus for a side with "
            "no canasta, nothing with one, plus with two or more). 0: no such rule. Black threes "
            "laid out as bonus cards follow the same rule."
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
                    "the scores must not go down as a side holds more red threes ({b} after {a})",
                    {"a": a, "b": b},
                    ("totals", i),
                )
        return self


class BlackThrees(Model, plain.BlackThrees):
    discarded: Literal["stop", "freeze"] = Field(
        default="stop",
        description=(
            "A discarded black three always stops the next player taking the pile while it is on "
            "top. Once covered, it has no further effect ('stop'), or it also freezes the pile "
            "until the pile is taken ('freeze')."
        ),
    )
    meld_when_going_out: bool = Field(
        default=True,
        description=(
            "Whether black threes may be melded (at least as many as a new meld needs, with no "
            "wild card) as part of going out. They can never be melded otherwise."
        ),
    )
    meld_last: bool = Field(
        default=False,
        description=(
            "Where black threes may be melded in going out: whether they are the last meld of "
            "that turn (000: 'the last play before a player goes out'). After the action that "
            "lays them, only more black threes and the final discard may follow; other melds laid "
            "in the same action count as laid with them. If not, they may come at any point of "
            "the turn."
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
            "whenever drawn, so that they are never melded, discarded or kept in hand. Needs "
            "dealt red threes laid down during the deal."
        ),
    )
    totals: tuple[int, ...] = Field(
        default=(0,),
        min_length=1,
        max_length=13,
        description=(
            "Where black threes are bonus cards: the score for a side that laid out 0, 1, 2, ... "
            "black threes; a count past the last entry scores the last entry. They count plus or "
            "minus as the red threes do (the same rules for counting minus and for the canastas "
            "needed to count plus). CCP: 0, 100, 300, 500, 1000."
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
                    "the scores must not go down as a side lays out more black threes "
                    "({b} after {a})",
                    {"a": a, "b": b},
                    ("totals", i),
                )
        return self
