"""Every variant as an OpenSpiel game (``pyspiel.load_game("canasta", {"variant": "classic"})``).

The game wraps the engine: a Python ``pyspiel.Game`` and ``pyspiel.State`` whose moves are the
engine's ``legal_moves``, numbered by :mod:`.encoding`. Chance nodes deal the cards one by one (in
the order a dealer deals them: round the table, then the upcards, then replacements for red threes
laid down during the deal) and give every card a draw takes from the stock. A chance outcome is the
card id of the next stock card, with probability proportional to how many of that card the stock
holds.

Parameters: ``variant`` (a built-in name or a variant file), ``set`` (``KEY=VALUE`` overrides
separated by ``;``), ``players`` (0: the variant's first table size) and ``whole_game`` (false: one
hand, returns are each side's hand score minus the other sides' mean; true: hands until the
variant's target, returns +1 for the winning side, -1/(sides-1) for the others, 0 for a tie).

What a player sees (:mod:`.seen`): their own hand, the table and the cards known to be in other
hands; the information state adds the hand's public history. ``resample_from_infostate`` deals the
unseen cards afresh among the other hands and the stock, so OpenSpiel's ISMCTS can search the game.

The modules: this one declares the game to OpenSpiel; :mod:`.table` keeps a position's
bookkeeping (the deal, chance, the engine's state, the log); :mod:`.seen` words and encodes what a
player sees; :mod:`.encoding` numbers the moves.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pyspiel

from .. import cards as C
from ..engine.rules import Rules, rules_for
from ..variant import load
from .seen import CanastaObserver, describe, resample
from .table import CHANCE, MAX_PLAYERS, TERMINAL, Setup, Table

SHORT_NAME = "canasta"

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Canasta (canasta-rules, any variant)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"variant": "classic", "set": "", "players": 0, "whole_game": False},
)


class CanastaGame(pyspiel.Game):  # type: ignore[misc]
    """A variant at a table size, as an OpenSpiel game."""

    def __init__(self, params: dict[str, Any] | None = None):
        params = dict(params or {})
        ref = str(params.get("variant", "classic"))
        sets = tuple(x.strip() for x in str(params.get("set", "")).split(";") if x.strip())
        players = int(params.get("players", 0)) or None
        self.variant = load(ref, sets).variant
        self.rules: Rules = rules_for(self.variant, players)
        self.whole_game = bool(params.get("whole_game", False))
        self.setup = Setup(self.rules, self.whole_game)
        self.encoding = self.setup.encoding
        r = self.rules
        hands = r.max_hands if self.whole_game else 1
        bound = 100_000.0
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.size,
            max_chance_outcomes=C.NUM_CARD_IDS,
            num_players=r.players,
            min_utility=-1.0 if self.whole_game else -bound,
            max_utility=1.0 if self.whole_game else bound,
            utility_sum=0.0,
            max_game_length=r.max_moves_per_hand * hands,
        )
        super().__init__(GAME_TYPE, info, params)

    def new_initial_state(self) -> CanastaState:
        return CanastaState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> CanastaObserver:
        perfect = iig_obs_type is None or iig_obs_type.perfect_recall
        return CanastaObserver(self.rules, perfect)


class CanastaState(pyspiel.State):  # type: ignore[misc]
    """A position of the OpenSpiel game (its bookkeeping is a :class:`Table`, ``self.d``)."""

    def __init__(self, game: CanastaGame):
        super().__init__(game)
        self.d = Table(game.setup)

    def current_player(self) -> int:
        d = self.d  # Table.current_player, inlined: OpenSpiel asks several times an action
        if d.done:
            return TERMINAL
        if d.s is None or d.pending is not None:
            return CHANCE
        return d.s.actor

    def _legal_actions(self, player: int) -> list[int]:
        return self.d.legal_actions()

    # OpenSpiel's C++ ``State`` answers ``legal_actions`` and ``is_chance_node`` by calling back
    # into Python for ``current_player``, ``is_terminal`` and ``_legal_actions`` (four or five
    # calls across the language boundary, about 4 us). Defined here, a Python caller (random
    # play, ISMCTS, MCTS rollouts) gets the same answer without the round trip, as it already
    # does for ``current_player``, ``is_terminal`` and ``chance_outcomes``; C++ callers still go
    # through ``_legal_actions``. The rules are OpenSpiel's (``PyState::LegalActions``).
    def legal_actions(self, player: int | None = None) -> list[int]:
        d = self.d
        if d.done:
            return []
        if d.s is None or d.pending is not None:
            return d.chance_actions()
        if player is None or player == d.s.actor:
            legal = d._legal  # Table.legal_actions, inlined (a hot path)
            return sorted(legal if legal is not None else d._legal_map())
        if player < 0:
            raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")
        return []

    def is_chance_node(self) -> bool:
        d = self.d
        return not d.done and (d.s is None or d.pending is not None)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.d.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.d.apply_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return self.d.action_to_string(player, action)

    def is_terminal(self) -> bool:
        return self.d.done

    def returns(self) -> list[float]:
        return self.d.returns()

    def __str__(self) -> str:
        return describe(self.d)

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float] | None = None
    ) -> CanastaState:
        """A state ``player_id`` cannot tell from this one: the cards it has not seen (other
        hands, except cards known from pile pickups, and the stock) dealt afresh at random."""
        seed = int(probability_sampler() * 2**31) if probability_sampler else random.random()
        t: CanastaState = self.clone()
        resample(t.d, player_id, random.Random(seed))
        return t


def register() -> None:
    """Register the game with OpenSpiel (once; importing this package does it)."""
    if SHORT_NAME not in pyspiel.registered_names():
        pyspiel.register_game(GAME_TYPE, CanastaGame)
