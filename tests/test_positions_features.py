"""Positions that say everything a ruling depends on, and the commands that answer from them
(issue 11): who melded, how the turn began, the partner's answer, the stock as a count with
unseen cards, turn lines after a position, ``ruling`` under several rulesets, ``--json``,
``--show``, ``moves``, ``score --variant``, and the known defects fixed.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from canasta_rules.notation import parse, read, read_position, replay
from tests.helpers import cs, position, run_cli

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
POSITIONS = sorted(p.name for p in EXAMPLES.glob("*.pos"))


def _pos(name: str) -> str:
    return str(EXAMPLES / name)


@pytest.mark.parametrize("name", POSITIONS)
def test_every_example_position_reads_and_lists_its_moves(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_cli(capsys, "moves", _pos(name))
    assert code == 0, err
    assert out.strip()


def test_who_melded_per_player(capsys: pytest.CaptureFixture[str]) -> None:
    """South has melded, North has not. Under general (pile.frozen_before_opening = "player",
    after 002's online rules) the pile is frozen against North; under classic (001: the side's
    melds count) it is not, so a nine and a joker take it."""
    pos = _pos("partner-melded.pos")
    code, out, _ = run_cli(
        capsys, "ruling", pos, "take with 9c Jk", "--variant", "general", "--variant", "classic"
    )
    assert code == 1
    rows = {ln.split()[0]: ln.split()[1:] for ln in out.splitlines()[1:3]}
    assert rows["general"][:2] == ["refused", "pile.frozen.needs_natural_pair"]
    assert rows["classic"] == ["legal"]
    assert "- general: " in out and "frozen against you until you have melded" in out
    text = Path(pos).read_text().replace("melded: S E", "melded: N S E")
    doc = parse(text, "all-melded.pos")
    state = read_position(doc).state
    assert state.player_melded == [True, True, True, False]


def test_partner_answering_and_a_yes_that_obliges(capsys: pytest.CaptureFixture[str]) -> None:
    """001: partner's answer binds; under classic a "yes" obliges North to go out."""
    pos = _pos("asking.pos")
    code, out, _ = run_cli(capsys, "ruling", pos, "N ask yes discard 4s")
    assert code == 1
    assert out.startswith("refused: your partner said yes: you must go out this turn")
    assert "setting: Asking partner to go out: a player may ask; " in out
    assert "; a yes obliges going out; must ask before going out: no (going_out.permission)" in out
    assert "see the table" not in out
    code, out, _ = run_cli(capsys, "ruling", pos, "ask no meld 5c 5d 5h discard 4s")
    assert code == 0 and out.strip() == "legal"


def test_show_prints_the_consequences_and_the_score(capsys: pytest.CaptureFixture[str]) -> None:
    pos = _pos("asking.pos")
    code, out, _ = run_cli(
        capsys, "ruling", pos, "N ask yes meld 5c 5d 5h, K: Kd discard 4s", "--show"
    )
    assert code == 0
    assert out.startswith("legal\n")
    assert "- North-South melds fives: 5c 5d 5h" in out
    assert "- North goes out: the hand ends" in out
    assert re.search(r"Going out\s+100\s+0", out)
    after = out[out.index("[Variant") :]
    finished = read_position(parse(after, "after.pos"))
    assert finished.state.over and finished.state.out_player == 0


def test_stock_as_a_count(capsys: pytest.CaptureFixture[str]) -> None:
    """'stock 0' and the unseen cards of the pile as a count: the stock is used up, and the 9s on
    top fits North-South's nines, so North must take it (001, stock_out.forced)."""
    pos = _pos("stock-out.pos")
    code, out, _ = run_cli(capsys, "ruling", pos, "draw")
    assert code == 1 and "(stock.forced_pickup)" in out
    code, out, _ = run_cli(capsys, "moves", pos)
    assert code == 0 and out.splitlines() == [
        "Legal moves for North:",
        "take the pile (1):",
        "  take 9s    take the pile, adding the 9\u2660 on top to the side's nines",
    ]
    state = read_position(read(pos)).state
    assert len(state.stock) == 0 and len(state.pile) == 57


def test_a_draw_names_any_unseen_card(capsys: pytest.CaptureFixture[str]) -> None:
    """With 20 unseen stock cards and 46 unseen in the pile, a draw may name any card not written
    anywhere; a card whose every copy is written cannot come from the stock."""
    pos = _pos("partner-melded.pos")
    code, out, _ = run_cli(capsys, "ruling", pos, "draw Kc discard Kc")
    assert code == 0, out
    code, out, _ = run_cli(capsys, "ruling", pos, "draw Ts")
    assert code == 1 and "(draw.not_in_stock)" in out


def test_turn_lines_follow_a_position(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = (EXAMPLES / "e5-frozen-pile.pos").read_text()
    p = tmp_path / "then.pos"
    p.write_text(text + "N draw 5s discard 5s\nE draw 8d discard 8d\n")
    rp = read_position(read(str(p)))
    assert [seat for seat, _ in rp.moves] == [0, 0, 1, 1]
    assert rp.state.turn == 2 and rp.start is not None and rp.start.turn == 0
    code, out, _ = run_cli(capsys, "ruling", str(p), "S draw 4h discard 4h")
    assert code == 0 and out.strip() == "legal"


def test_json_and_the_first_word(capsys: pytest.CaptureFixture[str]) -> None:
    pos = _pos("e5-frozen-pile.pos")
    code, out, _ = run_cli(capsys, "ruling", pos, "take with Qc Jk", "--json")
    data = json.loads(out)
    assert code == 1
    assert data["verdict"] == "refused" and data["legal"] is False
    assert data["code"] == "pile.frozen.needs_natural_pair"
    assert data["parameter"] == "pile.frozen" and data["value"] == '["natural_pair"]'
    assert data["source"].startswith("Pagat's Classic Canasta, teaching page [001]: ")
    code, out, _ = run_cli(capsys, "ruling", pos, "take with Qc Jk")
    assert out.split(":")[0] == "refused"


def test_ruling_under_every_builtin(capsys: pytest.CaptureFixture[str]) -> None:
    from canasta_rules.variant.builtin import names

    code, out, _ = run_cli(capsys, "ruling", _pos("e5-frozen-pile.pos"), "take with Qc Jk", "--all")
    assert code == 1
    lines = out.splitlines()
    assert lines[0].split() == ["ruleset", "ruling", "rule", "parameter"]
    rows = {ln.split()[0]: ln.split()[1] for ln in lines[1 : 1 + len(names())]}
    assert set(rows) == set(names())
    assert rows["classic"] == "refused"
    assert rows["two-hand"] == "unfit" and "two-hand: no seat 'E'" in out  # seats 2 players


def test_score_under_another_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    pos = _pos("e3-end-of-hand.pos")
    code, out, _ = run_cli(capsys, "score", pos, "--json")
    assert code == 0 and json.loads(out)["NS"]["Total"] == 1630  # 000_1e7ce48765e073b7.txt
    code, out, _ = run_cli(capsys, "score", pos, "--set", "canastas.natural_bonus=600", "--json")
    ns = json.loads(out)["NS"]
    assert ns["Natural canastas"] == 600 * (ns["Natural canastas"] // 600) and ns["Total"] != 1630


def test_replay_at_past_the_end_of_a_hand(capsys: pytest.CaptureFixture[str]) -> None:
    game = str(EXAMPLES / "concealed.can")
    code, _, err = run_cli(capsys, "replay", game, "--at", "1.40")
    assert code == 2
    assert re.search(r"hand 1 has \d+ turns?, so there is no turn 40", err)
    code, _, err = run_cli(capsys, "replay", game, "--at", "9.1")
    assert code == 2 and "the record has no hand 9" in err


def test_an_expose_line_and_the_draw_after_it_are_one_turn(tmp_path: Path) -> None:
    """Under bicycle a player lays dealt red threes down first thing in the turn; writing that
    on a line of its own before the draw does not make it a turn of its own."""
    from canasta_rules.bots import make_bot
    from canasta_rules.engine import Game
    from canasta_rules.notation.record import game_record
    from canasta_rules.variant import load_variant

    for seed in range(40):
        game = Game(load_variant("bicycle"), seed)
        result = game.play(make_bot("greedy", seed))
        text = game_record(game.rules, result, "bicycle", (), seed, written_deals=True)
        lines = text.splitlines()
        i = next((k for k, ln in enumerate(lines) if " expose" in ln and " draw" in ln), None)
        if i is not None:
            break
    else:
        pytest.fail("no bicycle game with a red three exposed")
    seat, rest = lines[i].split(" ", 1)
    expose, draw = rest.split(" draw", 1)
    split = [*lines[:i], f"{seat} {expose}", f"{seat} draw{draw}", *lines[i + 1 :]]
    one = replay(parse(text, "one.can"))
    two = replay(parse("\n".join(split) + "\n", "two.can"))
    assert [h.turns for h in two.hands] == [h.turns for h in one.hands]
    assert two.totals == one.totals


def test_adding_to_the_opponents_meld_says_whose_meld_it_is(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = (EXAMPLES / "e5-frozen-pile.pos").read_text().replace("hand N: Qc", "hand N: Ac")
    text = text.replace("to move: N draw", "turn: drew stock\nto move: N play")
    p = tmp_path / "add.pos"
    p.write_text(text)
    code, out, _ = run_cli(capsys, "ruling", str(p), "add A: Ac")
    assert code == 1
    assert out.startswith("refused: the meld of aces is your opponents'")
    assert "(meld.not_your_side)" in out
    assert "your side has no meld" not in out


def test_no_buried_cards_clause_over_a_one_card_pile(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    p = tmp_path / "open.pos"
    p.write_text(
        '[Variant "classic"]\n'
        "hand N: 7d 7h 4c 5c 9s\nhand E: 4d 5d 6d\nhand S: 4h 5h 6h\nhand W: 4s 5s 6s\n"
        "pile: 7c\nto move: N draw\n"
    )
    code, out, _ = run_cli(capsys, "ruling", str(p), "take with 7d 7h")
    assert code == 1 and "(open.below_minimum)" in out
    assert "buried" not in out


def test_one_turn_is_one_turn() -> None:
    from canasta_rules.cli.notation import _turns

    assert _turns(1) == "1 turn" and _turns(2) == "2 turns"


def test_the_reference_example_in_the_docs_reads() -> None:
    doc = (EXAMPLES.parent / "notation.md").read_text()
    start = doc.index("## Reference: positions")
    block = doc[doc.index("```\n", start) + 4 : doc.index("```", doc.index("```\n", start) + 4)]
    pos = read_position(parse(block, "notation.md"))
    assert pos.unseen == 45 and len(pos.state.stock) == 20
    assert pos.state.player_melded == [False, True, True, False]


def test_how_the_turn_began() -> None:
    """took-the-pile.pos: West took the pile, laid the sevens as a first meld, and holds the
    rest of what came with it."""
    from canasta_rules.cards import parse as card

    pos = read_position(read(_pos("took-the-pile.pos")))
    s = pos.state
    assert s.drew == 2 and s.turn_new == [7] and s.turn_melded
    assert s.player_melded[3] and not s.prior_melded
    assert pos.taken == (card("7h"), card("9s"), card("Kh"))


def test_position_then_turns_example() -> None:
    pos = read_position(read(_pos("position-then-turns.pos")))
    assert len(pos.moves) == 4 and pos.state.turn == 2


def test_show_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(
        capsys,
        "ruling",
        _pos("asking.pos"),
        "N ask yes meld 5c 5d 5h, K: Kd discard 4s",
        "--show",
        "--json",
    )
    data = json.loads(out)
    assert code == 0 and data["verdict"] == "legal"
    assert "North goes out: the hand ends" in data["changes"]
    assert read_position(parse(data["after"], "after.pos")).state.over


def test_show_after_taking_up_an_unseen_foot_writes_no_stand_in_cards(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A foot the position gives as a count ('foot N: 13 unseen') becomes North's hand when it is
    taken up: its cards are not known, so ``--show`` says so instead of printing made-up cards."""
    args = ("ruling", _pos("hand-and-foot-unseen-feet.pos"), "N foot", "--show")
    code, out, _ = run_cli(capsys, *args)
    assert code == 0 and out.startswith("legal\n")
    assert "- North takes up the foot (13 cards)" in out
    assert "the position after the move is not written" in out
    assert "[Variant" not in out and "hand N:" not in out
    code, out, _ = run_cli(capsys, *args, "--json")
    data = json.loads(out)
    assert code == 0 and data["after"] is None
    assert "North takes up the foot (13 cards)" in data["changes"]


def test_show_keeps_another_seats_unseen_foot_a_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """North takes up a foot whose cards are written; South's, given as a count, stays a count in
    the position after the move, which reads back."""
    text = (EXAMPLES / "hand-and-foot-running.pos").read_text(encoding="utf-8")
    text = text.replace("foot S: 4s 5s 6s 7s 8d 8s 9d 9s Ts Js Qs Ks As", "foot S: 13 unseen")
    pos = tmp_path / "south-unseen.pos"
    pos.write_text(text, encoding="utf-8")
    code, out, _ = run_cli(capsys, "ruling", str(pos), "N foot meld 4c 4d 4h", "--show")
    assert code == 0, out
    after = out[out.index("[Variant") :]
    assert "foot S: 13 unseen" in after and "foot N: taken" in after
    back = read_position(parse(after, "after.pos"))
    assert back.unseen_feet == frozenset({2})
    assert sorted(back.state.hand_cards(0)) == sorted(cs("5c 5d 5h 6c 6d 6h 7c 7d 7h Ac"))


def test_show_names_a_wild_canasta_as_wild() -> None:
    """The consequences name a canasta's kind from engine/canastas.py: seven wild cards are a wild
    canasta (Bolivia's 'bolivia', BCB), not a mixed one."""
    from canasta_rules.engine import Meld, Phase, apply
    from canasta_rules.notation.ruling import consequences

    s = position(
        "bolivia",
        hands={"N": "2c 2d 2h 2s Jk Jk 2c 9c 9d"},
        melds={0: ["Qc Qd Qh"]},
        phase=Phase.PLAY,
    )
    before = s.copy()
    apply(s, Meld((cs("2c 2d 2h 2s Jk Jk 2c"),)))
    words = consequences(before, s)
    assert "North-South completes a wild canasta" in words


def test_show_names_a_run_canasta() -> None:
    """A run of seven in one suit is a canasta of its own kind (Samba's samba, PW)."""
    from canasta_rules.engine import Meld, Phase, apply
    from canasta_rules.notation.ruling import consequences

    s = position(
        "samba",
        hands={"N": "4c 5c 6c 7c 8c 9c Tc 9d 9h"},
        melds={0: ["Qc Qd Qh"]},
        phase=Phase.PLAY,
    )
    before = s.copy()
    apply(s, Meld((cs("4c 5c 6c 7c 8c 9c Tc"),)))
    words = consequences(before, s)
    assert "North-South completes a run canasta: the run of clubs from 4 to T" in words


def test_show_after_a_draw_from_a_position_with_unseen_pile_cards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A stock draw in a position whose pile hides unseen cards changes the stock, not the pile:
    --show says nothing was discarded (it used to read the exchanged unseen cards as a
    discard)."""
    text = """\
[Variant "classic"]
[Scores "NS 0, EW 0"]
hand N: Qc Jk 5c 6d 8h 9s Kd
hand E: 4c 5d 7h 7s 9c Td Jh
hand S: Ac 6c 7d 8s Th Jc Qd
hand W: 4d 5h 6h 8c 9h Ts Kh
melds NS: Qd Qh Qs, Kc Kh Ks
melds EW: Ad Ah As 2h
pile: 57 unseen, 7c
frozen yes
stock 12
to move: N draw
"""
    pos = tmp_path / "unseen.pos"
    pos.write_text(text, encoding="utf-8")
    code, out, _ = run_cli(capsys, "ruling", str(pos), "draw 5d", "--show")
    assert code == 0
    assert "- the stock goes from 12 to 11 cards" in out
    assert "discarded" not in out and "pile is taken" not in out
