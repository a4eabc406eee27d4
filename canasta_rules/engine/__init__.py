"""The rules engine: deal, moves, legality with reasons, scoring, games.

The names below load with the module that defines them (:mod:`canasta_rules.lazy`): a ruling
does not import the game loop, the dealer or the move generator."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

if TYPE_CHECKING:
    from .apply import apply, apply_unchecked
    from .dealing import deal, from_layout
    from .game import Game, GameResult, HandRecord
    from .generate import legal_moves
    from .legality import is_legal, refusal
    from .moves import Answer, Ask, Discard, Draw, Expose, Foot, Meld, Move, TakePile
    from .rules import Rules, rules_for
    from .scoring import SideScore, score_hand
    from .state import Phase, State

__all__ = [
    "Answer",
    "Ask",
    "Discard",
    "Draw",
    "Expose",
    "Foot",
    "Game",
    "GameResult",
    "HandRecord",
    "Meld",
    "Move",
    "Phase",
    "Rules",
    "SideScore",
    "State",
    "TakePile",
    "apply",
    "apply_unchecked",
    "deal",
    "from_layout",
    "is_legal",
    "legal_moves",
    "refusal",
    "rules_for",
    "score_hand",
]

__getattr__ = lazy_names(
    __name__,
    {
        "apply": "apply",
        "apply_unchecked": "apply",
        "deal": "dealing",
        "from_layout": "dealing",
        "Game": "game",
        "GameResult": "game",
        "HandRecord": "game",
        "legal_moves": "generate",
        "is_legal": "legality",
        "refusal": "legality",
        "Answer": "moves",
        "Ask": "moves",
        "Discard": "moves",
        "Draw": "moves",
        "Expose": "moves",
        "Foot": "moves",
        "Meld": "moves",
        "Move": "moves",
        "TakePile": "moves",
        "Rules": "rules",
        "rules_for": "rules",
        "SideScore": "scoring",
        "score_hand": "scoring",
        "Phase": "state",
        "State": "state",
    },
)
