"""The search bot: its budget, its determinised worlds, and legal play."""

from __future__ import annotations

import pytest
from helpers import position

from canasta_rules.bots import SearchBot, StrategyBot, is_bot_kind, make_bot
from canasta_rules.engine import Phase, State, apply, deal, legal_moves, rules_for
from canasta_rules.engine.goingout import going_out_plan
from canasta_rules.variant import load_variant


def test_make_bot_reads_the_budget() -> None:
    assert make_bot("search").simulations == 16  # type: ignore[union-attr]
    assert make_bot("search:4").simulations == 4  # type: ignore[union-attr]
    assert make_bot("search:0.25s").seconds == 0.25  # type: ignore[union-attr]
    for bad in ("search:0", "search:x", "search:-1s"):
        assert not is_bot_kind(bad)
        with pytest.raises(ValueError, match="bad search budget"):
            make_bot(bad)


def _draw_or_take() -> tuple[SearchBot, State]:
    s = position(hands={"N": "Kh Kd 9s 6c 7h"}, pile="5c 6d 8h 9d Tc Ks", melds={0: ["Ah Ad As"]})
    s.stock_known = True
    return SearchBot(3, simulations=3), s


def test_a_simulation_budget_is_a_number_of_worlds() -> None:
    bot, s = _draw_or_take()
    moves = legal_moves(s)
    cands = bot.candidates(s, moves, StrategyBot(3)(s))
    assert len(cands) >= 2
    move = bot(s)
    assert move in moves
    assert bot.searched == 1 and bot.rollouts == 3 * len(cands)


def test_a_time_budget_plays_at_least_one_world() -> None:
    _, s = _draw_or_take()
    bot = SearchBot(3, seconds=0.01)
    assert bot(s) in legal_moves(s)
    assert bot.rollouts >= 2


def test_worlds_keep_what_the_player_sees() -> None:
    r = rules_for(load_variant("classic"))
    s = deal(r, "worlds")
    bot = SearchBot(1)
    changed = 0
    for _ in range(5):
        w = bot.determinise(s, 0)
        assert w.hands[0] == s.hands[0] and w.pile == s.pile
        assert w.hand_len == s.hand_len and len(w.stock) == len(s.stock)
        assert w.card_counts() == s.card_counts()
        changed += w.hands[1] != s.hands[1]
    assert changed


def test_answering_uses_worlds_where_partner_can_go_out() -> None:
    """North asks; South (the search bot) samples only hands with which North could go out."""
    s = position(
        hands={"N": "Kh Kd Ks 9h 9d 9s 4c"},
        melds={0: ["Ah Ad As Ac Jk 2c 2d"]},
        pile="5c 6d",
        phase=Phase.PLAY,
    )
    s.stock_known = True
    assert going_out_plan(s) is not None
    apply(s, legal_moves(s)[[str(m) for m in legal_moves(s)].index("ask")])
    assert s.phase == Phase.ANSWER
    bot = SearchBot(2)
    for _ in range(5):
        w = bot.world(s, s.answerer)
        w.phase = Phase.PLAY
        assert going_out_plan(w) is not None


def test_search_bot_plays_a_hand_legally() -> None:
    r = rules_for(load_variant("classic"))
    s = deal(r, "search-hand")
    bot = SearchBot(5, simulations=2)
    while not s.over:
        apply(s, bot(s))
    assert bot.searched > 0 and s.end_reason


def test_a_rollout_stops_after_its_horizon_of_turns() -> None:
    """With ``horizon=1`` a rollout plays out the current turn only and scores the position
    as it stands; with no horizon it plays to the end of the hand."""
    r = rules_for(load_variant("classic"))
    s = deal(r, "horizon")
    short = SearchBot(2, horizon=1)
    t = s.copy()
    first = t.turn
    short.rollout(t, 0)
    assert not t.over and t.turn == r.next_seat(first)
    full = SearchBot(2, horizon=None)
    u = s.copy()
    full.rollout(u, 0)
    assert u.over


def test_discards_of_one_rank_are_one_candidate() -> None:
    """Discarding the king of hearts or of diamonds is the same play in classic (no runs), so
    the search never spends a candidate slot (and its rollouts) on both."""
    s = position(hands={"N": "Kh Kd Qs 9c 7h 5d"}, phase=Phase.PLAY)
    bot = SearchBot(1, candidates=6)
    moves = legal_moves(s)
    cands = bot.candidates(s, moves, bot.policy(s))
    ranks = [str(m)[-2] for m in cands if str(m).startswith("discard")]
    assert len(ranks) == len(set(ranks)) == 5  # K, Q, 9, 7, 5: one king only


def test_pruning_stops_when_no_alternative_can_clear_the_margin() -> None:
    """With an unreachable margin every alternative is pruned after ``prune_after`` worlds:
    the search plays the strategy bot's pick and spends only those worlds."""
    bot, s = _draw_or_take()
    bot = SearchBot(3, simulations=8, margin=1e9, prune_after=2)
    pick = bot.policy(s)
    cands = bot.candidates(s, legal_moves(s), pick)
    assert len(cands) >= 2
    assert bot(s) == pick
    assert bot.pruned == 1 and bot.rollouts == 2 * len(cands)


def test_a_meld_the_strategy_bot_picks_is_played_without_search() -> None:
    """By default the strategy bot's melds are played at once (no rollouts); with
    ``search_melds`` the same decision is searched against holding back."""
    s = position(hands={"N": "Kh Kd Ks 9c 7h 5d 6s 8c"}, melds={0: ["Ah Ad As"]}, phase=Phase.PLAY)
    pick = StrategyBot(4)(s)
    assert str(pick).startswith("meld")
    quick = SearchBot(4, simulations=2)
    assert quick(s) == pick
    assert quick.searched == 0 and quick.rollouts == 0
    searching = SearchBot(4, simulations=2, search_melds=True)
    assert searching(s) in legal_moves(s)
    assert searching.searched == 1 and searching.rollouts >= 2
