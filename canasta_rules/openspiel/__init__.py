"""Canasta as an OpenSpiel game: every variant, built-in or a house-rules file (the ``openspiel``
extra). Importing the package registers the game as ``"canasta"``; see docs/bots.md."""

from __future__ import annotations

from .encoding import Encoding
from .game import GAME_TYPE, SHORT_NAME, CanastaGame, CanastaState, register

register()

__all__ = ["GAME_TYPE", "SHORT_NAME", "CanastaGame", "CanastaState", "Encoding", "register"]
