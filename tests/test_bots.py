"""The strategy bot: its decisions in set positions, legal play in every variant, and the rules it
makes fire in a simulation (docs/bots.md describes the heuristics tested here)."""

from __future__ import annotations

import pytest
from helpers import cs, position

from canasta_rules.bots import BOT_KINDS, GreedyBot, RandomBot, StrategyBot, make_bot
from canasta_rules.engine import Answer, Discard, Draw, Game, Meld, Phase, TakePile, legal_moves
from canasta_rules.simulate import simulate
from canasta_rules.variant import builtin, load_variant


def test_make_bot_knows_every_kind() -> None:
    assert isinstance(make_bot("random"), RandomBot)
    assert isinstance(make_bot("greedy"), GreedyBot)
    assert isinstance(make_bot("strategy"), StrategyBot)
    assert set(BOT_KINDS) >= {"random", "greedy", "strategy"}
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        make_bot("clever")


@pytest.mark.parametrize("name", builtin.names())
def test_strategy_bot_plays_whole_games_legally(name: str) -> None:
    """Every move is checked by the engine (``check=True`` raises on an illegal one), and the
    same seed gives the same game."""
    v = load_variant(name)
    results = [Game(v, seed=11).play(StrategyBot(11), check=True) for _ in range(2)]
    assert results[0].scores == results[1].scores
    assert results[0].reason in ("target", "max_hands")


def test_discards_a_black_three_as_a_stopper() -> None:
    s = position(
        hands={"N": "3c Kh Qd 9s 7c 7d"},
        pile="5c 6d 8h",
        phase=Phase.PLAY,
        melds={0: ["Ah Ad As"]},
    )
    assert StrategyBot()(s) == Discard(cs("3c")[0])


def test_does_not_feed_the_next_players_meld() -> None:
    """East (next, on the other side) has melded kings; the king is the one unsafe card."""
    hand = "Kh 9s 6c 7c 7d"
    safe = position(hands={"N": hand}, pile="5c 6d 8h", phase=Phase.PLAY, melds={0: ["Ah Ad As"]})
    feeding = position(
        hands={"N": hand},
        pile="5c 6d 8h",
        phase=Phase.PLAY,
        melds={0: ["Ah Ad As"], 1: ["Kc Kd Ks"]},
    )
    king = Discard(cs("Kh")[0])
    assert StrategyBot()(feeding) != king
    # Without the kings meld the king is an ordinary singleton: keeping the pair of sevens matters.
    assert StrategyBot()(safe) not in (Discard(cs("7c")[0]), Discard(cs("7d")[0]))


def test_keeps_wild_cards_unless_freezing_a_rich_pile() -> None:
    lean = position(
        hands={"N": "2c Jk 9s 6c"}, pile="5c 6d", phase=Phase.PLAY, melds={0: ["Ah Ad As"]}
    )
    assert StrategyBot()(lean) in (Discard(cs("9s")[0]), Discard(cs("6c")[0]))
    rich = position(
        hands={"N": "2c Jk 9s 6c"},
        pile="5c 6d 8h 9d Tc Jd Qh Kc 4d",
        phase=Phase.PLAY,
        melds={0: ["Ah Ad As"], 1: ["Qc Qd Qs"]},
    )
    move = StrategyBot()(rich)
    assert isinstance(move, Discard) and move.card in cs("2c Jk")


def test_takes_a_rich_pile_and_leaves_a_poor_one_that_costs_a_wild_card() -> None:
    rich = position(
        hands={"N": "Kh Kd 9s 6c 7h"}, pile="5c 6d 8h 9d Tc Ks", melds={0: ["Ah Ad As"]}
    )
    assert isinstance(StrategyBot()(rich), TakePile)
    poor = position(hands={"N": "Kh 2c 9s 6c 7h"}, pile="Ks", melds={0: ["Ah Ad As"]})
    poor.stock_known = True  # the rest of the pack, in the order the position lists it
    assert any(isinstance(m, TakePile) for m in legal_moves(poor))
    assert StrategyBot()(poor) == Draw()


def test_builds_canastas_with_naturals_but_spends_no_wild_card_idly() -> None:
    s = position(
        hands={"N": "Kh Kd Ks 2c 9s 6c 7h"},
        pile="5c",
        phase=Phase.PLAY,
        melds={0: ["Ah Ad As"]},
    )
    move = StrategyBot()(s)
    assert isinstance(move, Meld)
    assert sorted(c for g in move.melds for c in g) == sorted(cs("Kh Kd Ks"))


def _asked(hands: dict[str, str], melds: dict[int, list[str]]) -> bool:
    s = position(hands=hands, pile="5c 6d", phase=Phase.PLAY, melds=melds)
    s.phase = Phase.ANSWER
    s.answerer = 2  # South answers North
    move = StrategyBot()(s)
    assert isinstance(move, Answer)
    return move.yes


def test_answers_yes_or_no_by_its_own_hand() -> None:
    """South holds little: yes. South holds a near canasta and points in hand: no (deep stock,
    the opponents far from going out)."""
    melds = {0: ["Ah Ad As Ac Jk", "8h 8d 8s 8c 8c 2d 2h"]}
    assert _asked({"S": "4c 5d"}, melds)
    assert not _asked({"S": "Ah Jk Kc Kd Ks Qh Qd"}, melds)


def test_simulation_shows_the_rules_firing() -> None:
    """Classic (001): permission is asked, granted and refused, hands end concealed, and frozen
    piles are taken, all by strategy bots at every seat."""
    fired = simulate("classic", games=60, seed=0).stats()
    assert fired["bots"] == "strategy"
    rules = fired["rules_fired"]
    for event in (
        "permission_asked",
        "permission_granted",
        "permission_refused",
        "frozen_pile_taken",
        "pile_frozen_by_discard",
        "pile_stopped_by_black_three",
    ):
        assert rules[event]["count"] > 0, event
    assert fired["hand_ends"]["went_out_concealed"]["count"] > 0
