"""The rules engine: deal, moves, legality with reasons, scoring, games."""

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
