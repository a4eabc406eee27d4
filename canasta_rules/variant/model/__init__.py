"""The rules model: every rule on which Canasta's sources disagree, as one frozen pydantic model.

Each parameter is declared here with its default, its bounds and its description; each class
derives from the plain class of its name in :mod:`canasta_rules.variant.plain`, which declares
the same fields (name and type) for the readers, so that a variant validated from a file and a
built-in built from its shipped data are read alike. The defaults are
Pagat's Classic Canasta as the teaching page 001 gives it (the built-in ``classic``
variant); a test checks that ``variants/classic.toml`` and ``Variant()`` agree.

Rules that all five sources share are not parameters (see docs/variant-files.md, "Fixed rules"):
jokers and twos are wild; a side keeps one meld per rank; the initial-meld minimum is read from the
side's cumulative score before the deal; a wild card or black three on top of the pile can never be
taken.
"""

from __future__ import annotations

from ..plain import METADATA_KEYS
from .base import (
    EmptyPileBan,
    KeyPath,
    Model,
    NaturalRank,
    PickupWay,
    SourceId,
    SpecialCard,
    conflict,
)
from .going_out import (
    AskMoment,
    Concealed,
    ConcealedPlayer,
    ConcealedSide,
    GoingOut,
    Permission,
    PermissionAsk,
    PermissionNone,
)
from .initial_meld import InitialMeld, Tier
from .melds import (
    RANK_OF_NAME,
    Canastas,
    Melds,
    RankName,
    Sequences,
    SequencesNone,
    SequencesSameSuit,
    SpecialRank,
    WildMelds,
    WildMeldsAllowed,
    WildMeldsNone,
)
from .penalties import Game, InHandSet, Penalties
from .pile import Draw, Pile, StockOut, StockOutLastTurn, StockOutPilePlay, Talons
from .provenance import Provenance
from .table import CardValues, Deal, Deck, Foot, FootDealt, FootNone, Seating
from .threes import BlackThrees, RedThrees
from .variant import Variant, parameter_paths
from .words import Words

__all__ = [
    "METADATA_KEYS",
    "RANK_OF_NAME",
    "AskMoment",
    "BlackThrees",
    "Canastas",
    "CardValues",
    "Concealed",
    "ConcealedPlayer",
    "ConcealedSide",
    "Deal",
    "Deck",
    "Draw",
    "EmptyPileBan",
    "Foot",
    "FootDealt",
    "FootNone",
    "Game",
    "GoingOut",
    "InHandSet",
    "InitialMeld",
    "KeyPath",
    "Melds",
    "Model",
    "NaturalRank",
    "Penalties",
    "Permission",
    "PermissionAsk",
    "PermissionNone",
    "PickupWay",
    "Pile",
    "Provenance",
    "RankName",
    "RedThrees",
    "Seating",
    "Sequences",
    "SequencesNone",
    "SequencesSameSuit",
    "SourceId",
    "SpecialCard",
    "SpecialRank",
    "StockOut",
    "StockOutLastTurn",
    "StockOutPilePlay",
    "Talons",
    "Tier",
    "Variant",
    "WildMelds",
    "WildMeldsAllowed",
    "WildMeldsNone",
    "Words",
    "conflict",
    "parameter_paths",
]
