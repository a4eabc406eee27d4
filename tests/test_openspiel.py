"""The OpenSpiel game: OpenSpiel's own random-simulation test for every built-in variant, the action
encoding, parameters, information states and resampling, and ISMCTS playing a hand."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import canasta_rules.openspiel  # noqa: F401  (registers the game)
from canasta_rules import cards as C
from canasta_rules.bots import RandomBot, StrategyBot
from canasta_rules.engine import apply_unchecked, deal, legal_moves, rules_for
from canasta_rules.engine.moves import Meld
from canasta_rules.engine.rules import Rules
from canasta_rules.openspiel import CanastaState, Encoding
from canasta_rules.variant import builtin, load, load_variant


def _sample(state: CanastaState, rng: random.Random) -> int:
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        return rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
    return rng.choice(state.legal_actions())


@pytest.mark.parametrize("name", builtin.names())
def test_random_sim_test_passes(name: str) -> None:
    game = pyspiel.load_game("canasta", {"variant": name})
    sims = 2 if name == "classic" else 1
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


@pytest.mark.parametrize("name", builtin.names())
def test_every_legal_move_has_its_own_action(name: str) -> None:
    """Over random hands, the canonical moves of each position get distinct ids in range, and
    the game maps each id back to its move."""
    _check_actions(rules_for(load_variant(name)))


def test_actions_after_sides_regroup_read_the_new_sides_melds() -> None:
    """Under ``seating.forming = "first_pickup_alone"`` (three-hand cutthroat) the players
    who join a side meld onto its melds, not their seat's first side's. With closed canastas (a
    house rule) an addition's form reads what that meld still takes: it used to read the seat's
    emptied side, so additions lost their ids and two of them could share the go-out id."""
    v = load("three-hand-cutthroat", ("canastas.closed=true",)).variant
    r = rules_for(v)
    regrouped = _check_actions(r, seeds=4)
    assert regrouped > 20  # positions where a mover's side is not its seat's first side


def _check_actions(r: Rules, seeds: int = 3) -> int:
    """The checks of ``test_every_legal_move_has_its_own_action`` over ``seeds`` random hands
    under ``r``; the number of positions whose mover had changed sides."""
    enc = Encoding(r)
    regrouped = 0
    seen: Counter[str] = Counter()
    named = 0  # melds whose form the generator named and the encoding numbers from it alone
    for seed in range(seeds):
        s = deal(r, f"enc:{seed}")
        bot = RandomBot(seed)
        while not s.over:
            moves = legal_moves(s)
            regrouped += s.side_of[s.turn] != r.side_of[s.turn]
            ids = [enc.action(s, m) for m in moves]
            assert len(set(ids)) == len(ids), [str(m) for m in moves]
            assert all(0 <= a < enc.size for a in ids)
            assert enc.actions(s, moves) == dict(zip(ids, moves, strict=True))
            for a, m in zip(ids, moves, strict=True):
                seen[enc.describe(a).split()[0]] += 1
                if enc.add <= a < enc.go_out and not enc.take_run <= a < enc.wild_meld:
                    assert enc.meld(s, a) == m
                if isinstance(m, Meld):
                    named += m.form in enc.forms
                    # The quick forms of an opened side agree with the general rule: the form
                    # the meld's shape names, if that form picks out exactly its cards.
                    form = enc._meld_form(s, m, s.side_of[s.turn])
                    assert a == (
                        form if form is not None and enc.meld(s, form) == m else enc.go_out
                    )
            apply_unchecked(s, bot(s))
    assert seen["discard"] and seen["draw"]
    # ``actions`` (above) numbers these by their form, ``action`` from their cards: the same ids.
    assert named or r.canasta_closed
    return regrouped


@pytest.mark.parametrize(
    "name", ["classic", "bolivia", "hand-and-foot", "modern-american", "novice"]
)
def test_python_answers_agree_with_openspiels_own(name: str) -> None:
    """``legal_actions`` and ``is_chance_node`` answered in Python (no call through OpenSpiel's
    C++ state) give what OpenSpiel's C++ path gives, for every player, at every node of a hand;
    and each chance node's outcomes are the stock's cards less those already chosen, each in
    proportion to its copies (the counts are kept from one draw to the next)."""
    game = pyspiel.load_game("canasta", {"variant": name})
    players = game.num_players()
    rng = random.Random(7)
    state = game.new_initial_state()
    decisions = 0
    while True:
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        for p in range(players):
            assert state.legal_actions(p) == pyspiel.State.legal_actions(state, p)
        if state.is_terminal():
            assert state.legal_actions() == []
            break
        if state.is_chance_node():
            table = state.d
            left = list(table.remaining) if table.s is None else [0] * C.NUM_CARD_IDS
            if table.s is not None:
                for c in table.s.stock:
                    left[c] += 1
                for c in table.pending_cards:
                    left[c] -= 1
            total = sum(left)
            assert state.chance_outcomes() == [(c, n / total) for c, n in enumerate(left) if n]
            assert state.legal_actions(-1) == [c for c, n in enumerate(left) if n]
        else:
            decisions += 1
            with pytest.raises(pyspiel.SpielError):
                state.legal_actions(-1)
            with pytest.raises(pyspiel.SpielError):
                pyspiel.State.legal_actions(state, -1)
            if decisions % 25 == 0:  # a copy and a resampled world count their own stock
                copy = state.resample_from_infostate(
                    state.current_player(), pyspiel.UniformProbabilitySampler(decisions, 0.0, 1.0)
                )
                copy.apply_action(copy.legal_actions()[0])
                assert copy.is_chance_node() == pyspiel.State.is_chance_node(copy)
                if copy.is_chance_node():
                    stock = copy.d.s.stock
                    assert sorted(c for c, _ in copy.chance_outcomes()) == sorted(set(stock))
        state.apply_action(_sample(state, rng))
    assert decisions > 20


def test_a_copy_made_while_the_feet_are_dealt_deals_its_own() -> None:
    """OpenSpiel's ``clone`` copies the feet being dealt (Hand and Foot): dealing on the copy
    leaves the original's feet as they were."""
    game = pyspiel.load_game("canasta", {"variant": "hand-and-foot"})
    state = game.new_initial_state()
    while not any(state.d.deal_feet):
        state.apply_action(state.chance_outcomes()[0][0])
    feet = [f[:] for f in state.d.deal_feet]
    copy = state.clone()
    copy.apply_action(copy.chance_outcomes()[0][0])
    assert state.d.deal_feet == feet
    assert sum(map(len, copy.d.deal_feet)) == sum(map(len, feet)) + 1


def test_parameters_reach_the_variant() -> None:
    game = pyspiel.load_game(
        "canasta", {"variant": "classic", "set": "game.target=3000; draw.count=2"}
    )
    assert game.variant.game.target == 3000 and game.rules.draw_count == 2
    six = pyspiel.load_game("canasta", {"variant": "general", "players": 6})
    assert six.num_players() == 6 and six.rules.sides == 2
    assert pyspiel.load_game("canasta").num_players() == 4
    house = Path(__file__).resolve().parent.parent / "docs/examples/house-rules/thursday-club.toml"
    club = pyspiel.load_game("canasta", {"variant": str(house)})
    assert club.variant.name == "thursday-club" and club.rules.canastas_to_go_out == 2
    pyspiel.random_sim_test(club, num_sims=1, serialize=True, verbose=False)


def test_information_state_hides_other_hands_and_resampling_keeps_it() -> None:
    game = pyspiel.load_game("canasta", {"variant": "classic"})
    rng = random.Random(4)
    state = game.new_initial_state()
    while state.is_chance_node() or len(state.history()) < 140:
        state.apply_action(_sample(state, rng))
        if state.is_terminal():  # pragma: no cover - a hand this short is unlikely
            pytest.fail("the hand ended early")
    p = state.current_player()
    info = state.information_state_string(p)
    table = state.d
    assert table.s is not None
    mine = C.names(table.s.hand_cards(p))
    assert mine in info
    # The history: the cards dealt to this player, in the order dealt; others' are not named.
    dealt = [line for line in info.splitlines() if line.startswith("dealt ")]
    assert len(dealt) == 11
    first = state.history()[: 4 * 11]
    seat = state.d.rules.next_seat(0)  # the dealer of hand 1 is seat 0; the deal starts left
    order = [first[i] for i in range((p - seat) % 4, 44, 4)]
    assert dealt == [f"dealt {C.name(c)}" for c in order]
    # The history's words are kept once made; a copy that plays on adds its own, not ours.
    later = state.clone()
    while len(later.d.log) == len(table.log) or later.d.log[-1][0] != -1:
        later.apply_action(_sample(later, rng))
    assert later.information_state_string(p).count("\n") > info.count("\n")
    assert state.information_state_string(p) == info
    other = (p + 1) % 4
    assert C.names(table.s.hand_cards(other)) not in state.observation_string(p)
    changed = 0
    for i in range(5):
        t = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(i, 0.0, 1.0))
        assert t.information_state_string(p) == info
        assert t.d.s.card_counts() == table.s.card_counts()
        assert t.d.s.hand_len == table.s.hand_len
        changed += t.d.s.hands[other] != table.s.hands[other]
    assert changed
    tensor = np.array(state.observation_tensor(p))
    assert tensor.sum() > 0 and len(state.information_state_tensor(p)) == len(tensor)


def test_whole_game_returns_one_for_the_winners() -> None:
    game = pyspiel.load_game(
        "canasta", {"variant": "online", "set": "game.target=300", "whole_game": True}
    )
    state = game.new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply_action(_sample(state, rng))
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
    assert state.d.hand_no >= 1


def test_ismcts_plays_a_hand_against_the_strategy_bot() -> None:
    """OpenSpiel's ISMCTS (random rollouts) holds seats 0 and 2, the strategy bot 1 and 3."""
    game = pyspiel.load_game("canasta", {"variant": "classic"})
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    search = ismcts.ISMCTSBot(
        game,
        evaluator,
        uct_c=2.0,
        max_simulations=4,
        random_state=np.random.RandomState(1),
        allow_inconsistent_action_sets=True,
    )
    strategy = StrategyBot(0)
    rng = random.Random(0)
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            action = _sample(state, rng)
        elif state.current_player() % 2 == 0:
            action = search.step(state)
            searched += 1
        else:
            s = state.d.s
            action = game.encoding.action(s, strategy(s))
        state.apply_action(action)
    returns = state.returns()
    assert searched > 5
    assert returns[0] == returns[2] == -returns[1] == -returns[3]
    assert state.d.s is not None and state.d.s.end_reason
