"""Five-hand Canasta, two against three, one of the three sitting out (``seating.sit_out``).

Source: Rummy-Games, "Canasta For Five Players" (RG5,
http://www.rummy-games.com/rules/canasta-for-five.html), and RULE-PARAMETERS.md's reading of it
("5p (rummy-games): 2 v 3, one sits out, 4 active at 11"); docs/family/five-hand.md.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import run_cli

from canasta_rules.engine import Game, deal, rules_for
from canasta_rules.errors import VariantError
from canasta_rules.seats import roster, roster_note, sitting_out
from canasta_rules.variant import load, load_variant

V = "five-hand"


def test_the_three_take_turns_to_sit_out_rg5() -> None:
    """RG5's example: A3 sits out the first hand, then A2, then A1, and so on."""
    assert [sitting_out(n) for n in range(1, 7)] == ["A3", "A2", "A1", "A3", "A2", "A1"]


def test_the_side_of_two_always_plays_and_partners_sit_opposite_rg5() -> None:
    """RG5: the two always play; pinned: they sit N and S, the two playing members of the three
    E and W in their listed order, so partners are opposite."""
    assert roster(1) == ("B1", "A1", "B2", "A2")
    assert roster(2) == ("B1", "A1", "B2", "A3")
    assert roster(3) == ("B1", "A2", "B2", "A3")
    assert roster_note(2) == "A2 sits out: N B1, E A1, S B2, W A3"


def test_each_hand_is_four_handed_partnership_canasta_rg5() -> None:
    """RG5: the four who play play regular partnership Canasta, 11 cards each; two sides."""
    r = rules_for(load_variant(V), 5)
    assert (r.people, r.players, r.sides, r.side_size) == (5, 4, 2, 2)
    assert r.side_of == (0, 1, 0, 1)
    assert deal(r, 1).hand_len == [11, 11, 11, 11]
    # The same table as classic's four: the hand's rules are classic's.
    classic = rules_for(load_variant("classic"))
    assert (classic.players, classic.sides, classic.hand_size) == (4, 2, r.hand_size)


def test_scores_are_kept_per_side_rg5() -> None:
    """RG5: one score per side ("We" and "They"), whoever of the three played."""
    from canasta_rules.bots import make_bot

    result = Game(load_variant(V), seed=4, players=5).play(make_bot("greedy", 4))
    assert len(result.scores) == 2
    assert all(len(h.score) == 2 for h in result.hands)
    assert result.scores == [sum(h.score[i].total for h in result.hands) for i in (0, 1)]


def test_a_game_is_recorded_with_its_sitters_and_replays_identically(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Each hand's header says who sits out and who plays where; the record replays to the
    same scores."""
    out = tmp_path / "five.can"
    code, _, err = run_cli(capsys, "record", V, "--seed", "3", "--out", str(out))
    assert code == 0, err
    text = out.read_text(encoding="utf-8")
    headers = [line for line in text.splitlines() if line.startswith("hand ")]
    assert headers and all("sits out:" in h for h in headers)
    assert "# A3 sits out: N B1, E A1, S B2, W A2" in headers[0]
    if len(headers) > 1:
        assert "# A2 sits out" in headers[1]
    code, shown, err = run_cli(capsys, "replay", str(out))
    assert code == 0, err
    assert "A3 sits out: N B1, E A1, S B2, W A2" in shown
    result = next(line for line in text.splitlines() if line.startswith("[Result"))
    totals = result.split('"')[1]
    assert "result: " in shown and totals.split(", ")[0] in shown


def test_sitting_out_needs_five_players_in_three_and_two() -> None:
    """The model refuses the rotation at any other layout, naming the keys."""
    layout = "players = 6, hand_size = 11, side_size = 2, sit_out = 'rotate_side_of_three'"
    with pytest.raises(VariantError, match="sit out"):
        load(V, (f"seating=[{{{layout}}}]",))


def test_rule_sheet_says_who_sits_out() -> None:
    from canasta_rules.rulesheet import build, render

    text = render(build(load_variant(V)), "md")
    assert "sits out in turn" in text and "Scores are kept per side" in text
