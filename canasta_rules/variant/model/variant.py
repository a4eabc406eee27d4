"""The variant: :class:`Variant`, the root model holding every section, with the cross-field rules
between sections and its convenience methods, and :func:`parameter_paths`, every dotted path of a
rule parameter or table (what a ``provenance`` key or ``--set`` may name), beside the
:data:`METADATA_KEYS` that describe a variant rather than rule it.
"""

from __future__ import annotations

from difflib import get_close_matches
from functools import cache
from typing import Any, get_args

from pydantic import BaseModel, Field, model_validator

from .. import plain
from ..plain import METADATA_KEYS
from .base import Model, SourceId, conflict
from .going_out import GoingOut
from .initial_meld import InitialMeld
from .melds import Canastas, Melds, SequencesNone, WildMeldsNone
from .penalties import Game, Penalties
from .pile import Draw, Pile, StockOut, StockOutPilePlay, Talons
from .provenance import Provenance
from .table import CardValues, Deal, Deck, Foot, FootDealt, FootNone, Seating, _default_seating
from .threes import BlackThrees, RedThrees
from .words import Words


class Variant(Model, plain.Variant):
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
    words: Words = Field(
        default_factory=Words,
        description="The names the rule sheet gives the variant's canastas (no rule changes).",
    )
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
                    {"hint": f" (did you mean '{close[0]}'?)" if close else ""},
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
                "the red-three scores list {n} entries, but the pack of {cards} cards holds {r} "
                "red threes, so they need {want}: one for each count from 0 to {r}",
                {
                    "n": len(self.red_threes.totals),
                    "cards": self.deck.size,
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
                "a meld cannot need {n} natural cards when a new meld may have {s} cards "
                "(melds.min_size)",
                {"n": m.min_naturals, "s": m.min_size},
                ("melds", "min_naturals"),
                ("melds", "min_size"),
            )
        if c.size < m.min_size:
            raise conflict(
                "canastas",
                "a canasta of {c} cards is smaller than a new meld, which needs {s} cards "
                "(melds.min_size)",
                {"c": c.size, "s": m.min_size},
                ("canastas", "size"),
                ("melds", "min_size"),
            )
        if c.min_naturals > c.size:
            raise conflict(
                "canastas",
                "a canasta cannot need {n} natural cards when it has {c} cards (canastas.size)",
                {"n": c.min_naturals, "c": c.size},
                ("canastas", "min_naturals"),
                ("canastas", "size"),
            )
        if c.min_naturals < m.min_naturals:
            raise conflict(
                "canastas",
                "a canasta cannot need fewer natural cards ({c}) than any meld needs ({n}, "
                "melds.min_naturals): every canasta is a meld",
                {"c": c.min_naturals, "n": m.min_naturals},
                ("canastas", "min_naturals"),
                ("melds", "min_naturals"),
            )
        if self.black_threes.bonus and self.red_threes.exposed != "deal":
            raise conflict(
                "black_threes",
                "black threes laid out as bonus cards are laid out during the deal, as red "
                "threes are: dealt red threes must be laid down during the deal too "
                "(red_threes.exposed = 'deal')",
                {},
                ("black_threes", "bonus"),
                ("red_threes", "exposed"),
            )
        g = self.going_out
        if g.sequence_canastas > g.canastas:
            raise conflict(
                "going_out",
                "going out cannot need {n} runs among {c} (going_out.canastas)",
                {
                    "n": g.sequence_canastas,
                    "c": f"{g.canastas} canasta{'' if g.canastas == 1 else 's'}",
                },
                ("going_out", "sequence_canastas"),
                ("going_out", "canastas"),
            )
        kinds = g.sequence_canastas + g.natural_canastas + g.mixed_canastas + g.wild_canastas
        if kinds > g.canastas:
            raise conflict(
                "going_out",
                "the canastas going out needs by kind ({n}) are more than it needs in all "
                "({c}, going_out.canastas)",
                {"n": kinds, "c": g.canastas},
                ("going_out", "canastas"),
                ("going_out", "natural_canastas"),
                ("going_out", "mixed_canastas"),
                ("going_out", "wild_canastas"),
            )
        if g.wild_canastas and isinstance(m.wild_melds, WildMeldsNone):
            raise conflict(
                "going_out",
                "going out asks for canastas of wild cards, but no meld of wild cards is "
                "allowed (melds.wild_melds)",
                {},
                ("going_out", "wild_canastas"),
                ("melds", "wild_melds"),
            )
        if g.sequence_canastas and isinstance(m.sequences, SequencesNone):
            raise conflict(
                "going_out",
                "going out asks for runs, but no run may be melded (melds.sequences)",
                {},
                ("going_out", "sequence_canastas"),
                ("melds", "sequences"),
            )
        return self


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
