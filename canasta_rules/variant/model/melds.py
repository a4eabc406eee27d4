"""Melds and canastas: a meld's size and wild-card limits (:class:`Melds`), runs of one suit
(:data:`Sequences`) and melds of wild cards (:data:`WildMelds`) where a variant allows them, what
makes a canasta and its bonuses (:class:`Canastas`), and ranks with rules of their own
(:class:`SpecialRank`, named by :data:`RankName`; :data:`RANK_OF_NAME` gives the rank number).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from .. import plain
from .base import Model, _unique, conflict


class SequencesNone(Model, plain.SequencesNone):
    """Melds are groups of one rank only (every classic source: 'sequences do not count')."""

    kind: Literal["none"] = Field(description="No runs: every meld is a group of one rank.")


class SequencesSameSuit(Model, plain.SequencesSameSuit):
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
                "the longest run ({a} cards) is shorter than a new run must be ({b} cards, "
                "min_length)",
                {"a": self.max_length, "b": self.min_length},
                ("max_length",),
                ("min_length",),
            )
        return self


Sequences = Annotated[SequencesNone | SequencesSameSuit, Field(discriminator="kind")]


class WildMeldsNone(Model, plain.WildMeldsNone):
    """Wild cards are never melded on their own."""

    kind: Literal["none"] = Field(description="No melds of wild cards.")


class WildMeldsAllowed(Model, plain.WildMeldsAllowed):
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
            "Bonus for a canasta of wild cards that holds twos only, in place of the bonus for a "
            "canasta of wild cards (Modern American 3000). Left out: that bonus."
        ),
    )
    jokers_bonus: int | None = Field(
        default=None,
        ge=0,
        le=10000,
        description=(
            "Bonus for a canasta of wild cards that holds every joker of the pack, in place of "
            "the bonus for a canasta of wild cards (Modern American, four jokers and three twos: "
            "2500). Left out: that bonus."
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
                "the largest meld of wild cards ({a} cards) is smaller than a new one must be "
                "({b} cards, min_size)",
                {"a": self.max_size, "b": self.min_size},
                ("max_size",),
                ("min_size",),
            )
        return self


WildMelds = Annotated[WildMeldsNone | WildMeldsAllowed, Field(discriminator="kind")]


class Melds(Model, plain.Melds):
    min_size: int = Field(default=3, ge=2, le=7, description="Fewest cards in a new meld.")
    min_naturals: int = Field(
        default=2, ge=1, le=7, description="Fewest natural cards in any meld."
    )
    max_wild: int = Field(
        default=3,
        ge=0,
        le=7,
        description=(
            "Most wild cards a meld may hold (whether the limit still holds on a finished canasta "
            "is a setting of its own)."
        ),
    )
    wild_not_more_than_natural: bool = Field(
        default=False,
        description="Whether a meld may never hold more wild cards than natural ones.",
    )
    wild_fewer_than_natural: bool = Field(
        default=False,
        description=(
            "Whether a meld must always hold fewer wild cards than natural ones (Hand and Foot, "
            "NWP): stricter than never holding more wild cards than natural ones, which it "
            "includes."
        ),
    )
    canasta_wild: Literal["capped", "unlimited"] = Field(
        default="capped",
        description=(
            "Whether the wild-card limits still apply to a completed canasta ('capped'), or any "
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


RankName = plain.RankName
RANK_OF_NAME = plain.RANK_OF_NAME


class SpecialRank(Model, plain.SpecialRank):
    """One rank with rules of its own. A meld of it without wild cards is *pure*: a pure canasta
    earns ``bonus`` (in place of canastas.natural_bonus), and a pure meld left unfinished at the
    end of the hand costs ``unfinished_penalty``. To give another rank a rule, add a table."""

    rank: RankName = Field(
        description=(
            "The rank: four to ten, jack, queen, king or ace (written as the card values name "
            "them)."
        )
    )
    wild: Literal["never", "opening_only"] = Field(
        description=(
            "Whether its melds may hold wild cards: never ('never'; Modern American's sevens), or "
            "only a meld laid in the turn the side opens, with the wild card in it from the start "
            "('opening_only'). Such a meld is an ordinary one (a mixed canasta, no penalty), and "
            "one laid without a wild card stays pure (Modern American's aces)."
        ),
    )
    pile_stays_pure: bool = Field(
        default=False,
        description=(
            "Where wild cards join this rank only in the opening: whether a meld of it begun by "
            "taking the discard pile stays pure even in the opening, so that no wild card goes "
            "with the pair that takes the pile (Modern American's aces, CJ)."
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
    open_blocks_going_out: bool = Field(
        default=False,
        description=(
            "Whether a pure meld of this rank that is not yet a canasta stops its side going "
            "out (Modern American, CJ: no going out while pure aces or sevens are unfinished)."
        ),
    )


class Canastas(Model, plain.Canastas):
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
            "Where a finished canasta is closed: whether the side may then start another meld of "
            "its rank (Samba), or never melds that rank again in the hand (Modern American: a "
            "meld is capped at the canasta's size and a side has one meld a rank)."
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
