"""Messages and examples fixed after the audits: each test asserts the exact new wording (or
behaviour) of one finding, numbered as in the audit list.

Findings 2 and 11 were fixed in the position writer and reader after the rest.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
from helpers import run_cli

from canasta_rules.errors import NotationError
from canasta_rules.notation import parse
from canasta_rules.notation.tags import READ_TAGS, meant, tag_warnings

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"
Capsys = pytest.CaptureFixture[str]


def _write(tmp_path: Path, text: str, name: str = "p.pos") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def _ruling(capsys: Capsys, tmp_path: Path, text: str, *args: str) -> tuple[int, str, str]:
    return run_cli(capsys, "ruling", _write(tmp_path, text), *args)


CLASSIC = """\
[Variant "classic"]
[Scores "NS 300, EW 250"]
[Dealer "S"]

hand N: 5c 6c 7c 8s 9c Td Jh Qs Kd Ac Ad
hand E: 4h 5s 6c 8d 9d Th Jc Qh Ks 4c 4d
hand S: 4s 5c 6d 8h 9h Tc Js Qd Kc 5d 5h
hand W: 4d 5h 6s 9s Ac Ad As Kh 7d 7h 8c
pile: 9h
turn: drew stock
to move: N play
"""

# ---------------------------------------------------------------------------------------------
# 1. the ranks of a mixed meld, in rank order


def test_1_mixed_ranks_are_listed_in_rank_order(capsys: Capsys, tmp_path: Path) -> None:
    code, out, _ = _ruling(capsys, tmp_path, CLASSIC, "meld 5c 6c 7c")
    assert code == 1
    assert out.splitlines()[0] == (
        "refused: a meld holds one rank, not fives, sixes, sevens (meld.mixed_ranks)"
    )


def test_1_aces_come_last(capsys: Capsys, tmp_path: Path) -> None:
    _, out, _ = _ruling(capsys, tmp_path, CLASSIC, "meld Ac 9c Td")
    assert out.splitlines()[0] == (
        "refused: a meld holds one rank, not nines, tens, aces (meld.mixed_ranks)"
    )


# ---------------------------------------------------------------------------------------------
# 2. empty rows of a position written back


def test_2_a_missing_row_reads_as_an_empty_one(capsys: Capsys, tmp_path: Path) -> None:
    """What leaving the empty rows out relies on: a position without its empty 'melds' and
    'red' rows reads the same (the same moves, the same ruling and position after it)."""
    code, bare, _ = run_cli(capsys, "replay", str(EXAMPLES / "classic-game.can"), "--at", "1.2")
    assert code == 0 and "melds NS" not in bare and "red NS" not in bare  # written without
    text = bare.replace("melds EW:", "melds NS:\nred NS:\nmelds EW:", 1)
    answers = []
    for name, body in (("full.pos", text), ("bare.pos", bare)):
        path = _write(tmp_path, body, name)
        answers.append(
            (run_cli(capsys, "moves", path), run_cli(capsys, "ruling", path, "draw 5c", "--show"))
        )
    assert answers[0] == answers[1]


def test_2_show_writes_no_empty_rows(capsys: Capsys) -> None:
    code, out, _ = run_cli(capsys, "replay", str(EXAMPLES / "classic-game.can"), "--at", "1.2")
    assert code == 0
    assert not [ln for ln in out.splitlines() if ln != ln.rstrip()]
    assert not re.search(r"^(melds|red) \S+:$", out, re.MULTILINE)


# ---------------------------------------------------------------------------------------------
# 3. a player alone has no side


NOVICE_TWO = """\
[Variant "novice"]
[Players "N Ana, S Bo"]
[Scores "N 300, S 250"]
[Dealer "S"]

hand N: 5c 5d 5h 8s 9c Td Jh Qs Kd Ac Ad 4c 4d
hand S: 4s 5c 6d 8h 9h Tc Js Qd Kc 5d 5h
pile: 9h 4h
to move: N {phase}
"""


def test_3_a_player_alone_opens_with_your_first_melds(capsys: Capsys, tmp_path: Path) -> None:
    _, out, _ = _ruling(capsys, tmp_path, NOVICE_TWO.format(phase="play"), "meld 5c 5d 5h")
    assert out.splitlines()[0] == (
        "refused: your first melds must count at least 50 this turn; these count 15, and the "
        "rest of your hand cannot make up the difference (open.below_minimum)"
    )


CONCEALED_OPEN = """\
[Variant "classic"]
[Scores "NS 300, EW 250"]

hand N: 4c 4d 4h Kc Kd Kh Ks Kc Kd 2c 9s
hand E: 11 unseen
hand S: 11 unseen
hand W: 11 unseen
pile: 7d
turn: drew stock
to move: N play
"""


def test_3_the_concealed_way_out_is_named_only_where_the_hand_has_it(
    capsys: Capsys, tmp_path: Path
) -> None:
    """001 (classic): going out concealed after a stock draw needs no minimum. The refusal of
    an opening short of its minimum names that way out when the hand has it (here the kings
    with the two make a canasta, the fours a meld, the 9s the discard), and not otherwise (the
    novice hands above cannot go out this turn; after taking the pile the waiver never
    applies)."""
    _, out, _ = _ruling(capsys, tmp_path, CONCEALED_OPEN, "meld 4c 4d 4h discard 9s")
    assert out.splitlines()[0] == (
        "refused: your side's first melds this turn count 15, short of its minimum 50: the turn "
        "cannot end before they reach it (you may still go out concealed this turn instead: "
        "after drawing from the stock, that needs no minimum) (open.below_minimum)"
    )
    _, out, _ = _ruling(
        capsys, tmp_path, CONCEALED_OPEN, "meld 4c 4d 4h, Kc Kd Kh Ks Kc Kd 2c discard 9s"
    )
    assert out.splitlines()[0].startswith("legal")


def test_3_a_player_alone_taking_the_pile(capsys: Capsys, tmp_path: Path) -> None:
    _, out, _ = _ruling(capsys, tmp_path, NOVICE_TWO.format(phase="draw"), "take with 4c 4d")
    assert out.splitlines()[0] == (
        "refused: your first melds must count at least 50; these count 15 (cards buried in the "
        "pile do not count) (open.below_minimum)"
    )


def test_3_three_players_alone_too(capsys: Capsys, tmp_path: Path) -> None:
    text = NOVICE_TWO.replace('"N Ana, S Bo"', '"N Ana, E Bo, W Cy"')
    text = text.replace('"N 300, S 250"', '"N 300, E 250, W 0"').replace('"S"]', '"W"]')
    text = text.replace("hand S: 4s 5c 6d 8h 9h Tc Js Qd Kc 5d 5h", "hand E: 4s 5c\nhand W: 6d 8h")
    _, out, _ = _ruling(capsys, tmp_path, text.format(phase="play"), "meld 5c 5d 5h")
    assert out.startswith("refused: your first melds must count at least 50 this turn")


def test_3_partners_still_open_for_their_side(capsys: Capsys, tmp_path: Path) -> None:
    text = CLASSIC.replace("hand N: 5c 6c 7c", "hand N: 6h 6h 6d")
    _, out, _ = _ruling(capsys, tmp_path, text, "meld 6h 6h 6d")
    assert out.startswith("refused: your side's first melds must count at least 50 this turn")


# ---------------------------------------------------------------------------------------------
# 4. draws of two cards: listed and refused in words that say how many

TWO_HAND = """\
[Variant "two-hand"]
[Scores "N 300, S 250"]
[Dealer "S"]

hand N: 5c 5d 5h 8s 9c Td Jh Qs Kd Ac Ad 4c 4d 7c 7d
hand S: 4s 5c 6d 8h 9h Tc Js Qd Kc 5d 5h 7h 7s 8c 8d
pile: 9h 4h
to move: N draw
"""


def test_4_moves_shows_a_card_for_each_card_drawn(capsys: Capsys, tmp_path: Path) -> None:
    code, out, _ = run_cli(capsys, "moves", _write(tmp_path, TWO_HAND))
    assert code == 0
    assert out.splitlines() == [
        "Legal moves for North:",
        "draw (1):",
        "  draw CARD CARD    draw from the stock, naming the cards drawn (any 2 cards the",
        "                    stock may hold)",
    ]
    code, out, _ = run_cli(capsys, "moves", str(EXAMPLES / "position-then-turns.pos"))
    assert out.splitlines()[:4] == [
        "Legal moves for South:",
        "draw (1):",
        "  draw CARD    draw from the stock, naming the card drawn (any card the stock",
        "               may hold)",
    ]


def test_4_too_few_cards_drawn_says_how_many(capsys: Capsys, tmp_path: Path) -> None:
    code, out, _ = _ruling(capsys, tmp_path, TWO_HAND, "draw 6c")
    assert code == 1
    assert out.splitlines()[0] == (
        "refused: this draw takes 2 cards from the stock here, and names 1: name every card "
        "drawn (draw.too_few)"
    )
    assert _ruling(capsys, tmp_path, TWO_HAND, "draw 6c 6h")[:2] == (0, "legal\n")


def test_4_too_many_is_worded_in_the_singular_too(capsys: Capsys, tmp_path: Path) -> None:
    text = TWO_HAND.replace('"two-hand"]', '"two-hand"]\n[Set "draw.count=1"]')
    _, out, _ = _ruling(capsys, tmp_path, text, "draw 6c 6h")
    assert out.splitlines()[0] == (
        "refused: this draws 2 cards, but only 1 comes from the stock here (draw.too_many)"
    )


# ---------------------------------------------------------------------------------------------
# 5. a draw that names no card where the stock is unseen, followed by more: an input error
# (a bare draw alone is answered: test_moves_in_words.py)


def test_5_a_bare_draw_then_more_is_an_input_error(capsys: Capsys, tmp_path: Path) -> None:
    pos = str(EXAMPLES / "position-then-turns.pos")
    code, out, err = run_cli(capsys, "ruling", pos, "draw discard 9c")
    assert (code, out) == (2, "")
    assert err == (
        "canasta: <move>:1:1: name the card drawn, as in 'draw 4c': the order of this stock is "
        "not known\n"
    )
    code, out, err = _ruling(capsys, tmp_path, TWO_HAND, "draw meld 5c 5d 5h", "--json")
    assert (code, out) == (2, "")
    assert err == (
        "canasta: <move>:1:1: name the 2 cards drawn, as in 'draw 4c 4d': the order of this "
        "stock is not known\n"
    )


def test_5_the_suggested_draw_is_legal(capsys: Capsys, tmp_path: Path) -> None:
    assert _ruling(capsys, tmp_path, TWO_HAND, "draw 4c 4d")[:2] == (0, "legal\n")


def test_5_a_talon_that_names_no_cards(capsys: Capsys, tmp_path: Path) -> None:
    text = """\
[Variant "classic"]
[Set "talons.sizes=[4, 3]"]
[Scores "NS 300, EW 250"]
[Dealer "S"]

hand N: 5c 5d 5h Ac Ad As 8s 9c
hand E: 4h 5s 6c 8d 9d Th Jc Qh Ks 4c 4d
hand S: 4s 5c 6d 8h 9h Tc Js Qd Kc
hand W: 4d 6s 9s Kh 7d 7h 8c
pile: 9h
turn: drew stock
to move: N play
"""
    move = "meld 5c 5d 5h, Ac Ad As discard 9c"
    code, out, err = _ruling(capsys, tmp_path, text, move)
    assert (code, out) == (2, "")
    assert err == (
        "canasta: <move>:1:25: name the talon's 4 cards, as in 'discard 9c talon 4c 4h 4s 5d': "
        "the order of this stock is not known\n"
    )
    assert _ruling(capsys, tmp_path, text, f"{move} talon 4c 4h 4s 5d")[:2] == (0, "legal\n")
    _, out, _ = _ruling(capsys, tmp_path, text, f"{move} talon 4c")
    assert out.splitlines()[0] == (
        "refused: the talon takes 4 cards from the stock here, and names 1: name every card "
        "drawn (talon.too_few)"
    )


def test_5_a_bare_draw_that_ends_the_hand_is_still_ruled(capsys: Capsys) -> None:
    code, out, _ = run_cli(capsys, "ruling", str(EXAMPLES / "stock-out.pos"), "draw")
    assert code == 1
    assert out.splitlines()[0] == (
        "refused: the stock is used up and you must take the discard pile (stock.forced_pickup)"
    )


def test_5_documented() -> None:
    text = (ROOT / "docs" / "notation.md").read_text()
    assert "a draw names the card drawn (`draw 7c`)" in text
    assert "name the card drawn, as in 'draw 4c'" in text


# ---------------------------------------------------------------------------------------------
# 6. a mistyped tag: kept, as every unknown tag is, but warned about


def test_6_a_mistyped_tag_is_warned_about(capsys: Capsys, tmp_path: Path) -> None:
    text = CLASSIC.replace('[Scores "NS 300, EW 250"]', '[Score "NS 1600, EW 400"]')
    path = _write(tmp_path, text)
    code, out, err = run_cli(capsys, "moves", path)
    assert code == 0 and out
    assert err == (
        f"canasta: warning: {path}:2:1: tag 'Score' is kept but not read (did you mean 'Scores'?)\n"
    )
    code, out, err = run_cli(capsys, "ruling", path, "meld 5c 6c 7c")
    assert code == 1 and out.startswith("refused:") and "did you mean 'Scores'?" in err


def test_6_other_tags_are_kept_without_a_word(capsys: Capsys, tmp_path: Path) -> None:
    text = '[Event "Thursday club"]\n[Site "Ana\'s"]\n[Round "3"]\n' + CLASSIC
    code, _, err = run_cli(capsys, "moves", _write(tmp_path, text))
    assert (code, err) == (0, "")


def test_6_records_are_warned_about_too(capsys: Capsys, tmp_path: Path) -> None:
    game = (EXAMPLES / "frozen-pickup.can").read_text().replace("[Variant ", "[Varient ")
    path = _write(tmp_path, game, "g.can")
    line = 1 + game.splitlines().index(next(ln for ln in game.splitlines() if "Varient" in ln))
    code, _, err = run_cli(capsys, "replay", path)
    assert code == 0
    assert err == (
        f"canasta: warning: {path}:{line}:1: tag 'Varient' is kept but not read "
        "(did you mean 'Variant'?)\n"
    )


def test_6_which_names_look_mistyped() -> None:
    assert [meant(n) for n in ("Score", "scores", "Player", "Dealr", "Previos", "Hands")] == [
        "Scores",
        "Scores",
        "Players",
        "Dealer",
        "Previous",
        "Hand",
    ]
    assert [meant(n) for n in ("Scores", "Event", "Site", "Date", "Round", "Opening")] == [None] * 6
    doc = parse('[Score "NS 10, EW 0"]\n[Event "x"]\n', "t.pos")
    assert tag_warnings(doc) == [
        "t.pos:1:1: tag 'Score' is kept but not read (did you mean 'Scores'?)"
    ]


def test_6_every_tag_the_readers_read_is_known() -> None:
    """READ_TAGS lists every tag the code reads, so that no read tag is taken for a slip."""
    pattern = r'(?:tag|tags\.get|_side_tag)\("([A-Z][A-Za-z]*)"|\.name == "([A-Z][A-Za-z]*)"'
    found = set()
    for path in (ROOT / "canasta_rules").rglob("*.py"):
        for m in re.finditer(pattern, path.read_text()):
            found.add(m.group(1) or m.group(2))
    assert {"Scores", "Variant", "Set", "Hand"} <= found
    assert found <= set(READ_TAGS)


# ---------------------------------------------------------------------------------------------
# 7. a bad --set is the command line's, not the position file's


def test_7_unknown_set_key_names_no_file(capsys: Capsys, tmp_path: Path) -> None:
    path = _write(tmp_path, TWO_HAND)
    code, out, err = run_cli(capsys, "ruling", path, "draw 4c 4d", "--set", "x=1")
    assert (code, out, err) == (2, "", "canasta: --set: x: unknown key [x=1]\n")
    for command in (["ruling", path, "draw 4c 4d"], ["moves", path], ["score", path]):
        code, out, err = run_cli(capsys, *command, "--set", "draw.cont=1")
        assert (code, out) == (2, "")
        assert err == (
            "canasta: --set: draw.cont: unknown key (did you mean 'count'?) [draw.cont=1]\n"
        )


def test_7_a_bad_variant_tag_is_still_placed(capsys: Capsys, tmp_path: Path) -> None:
    path = _write(tmp_path, TWO_HAND.replace("two-hand", "two-hnd"))
    code, _, err = run_cli(capsys, "moves", path, "--set", "x=1")
    assert code == 2
    assert err == f"canasta: {path}:1:1: no built-in variant 'two-hnd'; did you mean 'two-hand'?\n"


# ---------------------------------------------------------------------------------------------
# 8. a long path loses characters before the message loses its advice


def test_8_a_long_path_keeps_the_hint() -> None:
    path = "/tmp/" + "/".join(["a-rather-long-folder-name-for-paths"] * 4) + "/over.pos"
    message = (
        "the stock is empty: under this ruleset the hand ended when the last card's drawer "
        "finished the turn (write 'to move: N over')"
    )
    text = str(NotationError(message, path, 9, 1))
    assert text.endswith(": " + message)
    assert text.startswith("\u2026") and "/over.pos:9:1: " in text
    assert len(text) <= 200
    # A path that leaves room is shown as before; a message too long for any path is cut.
    assert str(NotationError(message, "over.pos", 9, 1)) == f"over.pos:9:1: {message}"
    assert str(NotationError(message * 2, path, 9, 1)).startswith("\u2026" + path[-79:])


def test_8_on_the_command_line(capsys: Capsys, tmp_path: Path) -> None:
    deep = tmp_path.joinpath(*["a-rather-long-folder-name-for-paths"] * 3)
    deep.mkdir(parents=True)
    text = TWO_HAND.replace("pile: 9h 4h", "pile: 9h 4h\nstock 0")
    text = text.replace('"two-hand"]', '"online"]')
    path = _write(deep, text, "over.pos")
    code, _, err = run_cli(capsys, "moves", path)
    assert code == 2
    assert err.rstrip().endswith("(write 'pile: 76 unseen, ...')")
    assert re.match(r"canasta: \u2026[^ ]*/over\.pos:8:1: 76 cards are not written", err)


# ---------------------------------------------------------------------------------------------
# 9. compare: totals under a ruleset that could not follow the game


BOTH = ("--variant", "classic", "--variant", "bicycle")


def test_9_no_totals_where_no_hand_was_replayed(capsys: Capsys) -> None:
    record = str(EXAMPLES / "frozen-pickup.can")
    code, out, _ = run_cli(capsys, "compare", record, *BOTH)
    assert code == 1
    lines = out.splitlines()
    assert "totals under classic: NS 4360, EW 4470" in lines
    assert "totals under bicycle: none (the hand could not be replayed under bicycle)" in lines


def test_9_incomplete_totals_say_so(capsys: Capsys) -> None:
    record = str(EXAMPLES / "classic-game.can")
    code, out, _ = run_cli(capsys, "compare", record, *BOTH)
    assert code == 1
    lines = out.splitlines()
    assert "totals under classic: NS 5395, EW 2870" in lines
    assert (
        "totals under bicycle: NS 1795, EW 410 (incomplete: 4 of 5 hands could not be replayed)"
        in lines
    )


# ---------------------------------------------------------------------------------------------
# 10. the parameter that set the minimum

HAND_AND_FOOT_2 = """\
[Variant "hand-and-foot"]
[Scores "NS 0, EW 0"]
[Dealer "W"]
[Hand "2"]

hand N: 4c 4d 4h 8c 9c
hand E: 4c 5d 7h 7s 9c Td Jh
hand S: 6c 7d 8s Th Jc Qd Ac
hand W: 4d 5h 6h 8c 9h Ts Kh
foot N: 5c 5d 5h 6c 6d 6h 7c 7d 7h Ac 4s 5s 6s
foot E: 4s 5s 6s 7s 8d 8s 9d 9s Ts Js Qs Ks As
foot S: 4s 5s 6s 7s 8d 8s 9d 9s Ts Js Qs Ks As
foot W: 4s 5s 6s 7s 8d 8s 9d 9s Ts Js Qs Ks As
pile: 7c 4s 9d
turn: drew stock
to move: N play
"""


def test_10_a_minimum_by_round_cites_by_round(capsys: Capsys, tmp_path: Path) -> None:
    code, out, _ = _ruling(capsys, tmp_path, HAND_AND_FOOT_2, "meld 4c 4d 4h")
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith("refused: your side's first melds must count at least 90 ")
    assert lines[1] == (
        "setting: Initial meld minimum by round: round 1: 50; round 2: 90; round 3: 120; "
        "round 4 and later: 150 (initial_meld.by_round)"
    )
    assert lines[2].startswith("source: Roger DeMeritt") and "TXNetStars" in lines[2]
    assert "initial_meld.tiers" not in out
    _, out, _ = _ruling(capsys, tmp_path, HAND_AND_FOOT_2, "meld 4c 4d 4h", "--json")
    data = json.loads(out)
    assert (data["code"], data["parameter"]) == ("open.below_minimum", "initial_meld.by_round")


def test_10_a_minimum_by_score_still_cites_the_tiers(capsys: Capsys, tmp_path: Path) -> None:
    text = CLASSIC.replace("hand N: 5c 6c 7c", "hand N: 6h 6h 6d")
    _, out, _ = _ruling(capsys, tmp_path, text, "meld 6h 6h 6d")
    assert out.splitlines()[1].startswith("setting: Initial meld minimum by score: ")


# ---------------------------------------------------------------------------------------------
# 11. bicycle's black threes freeze the pile but are not wild cards

BICYCLE = """\
[Variant "bicycle"]
[Scores "NS 300, EW 250"]
[Dealer "S"]

hand N: 2c 2d 2h 2s Jk Jk 5c 6c
hand E: 2c 2d 2h 2s Jk Jk 5d 6d
hand S: 4s 5s 6s 7s
hand W: 4h 5h 6h 7h
red NS: 3d 3h
red EW: 3d 3h
pile: 77 unseen, 9h
stock 2
to move: N draw
"""


def test_11_black_threes_are_named_as_such(capsys: Capsys, tmp_path: Path) -> None:
    code, _, err = run_cli(capsys, "moves", _write(tmp_path, BICYCLE))
    assert code == 2
    assert "4 black threes are not written anywhere" in err
    assert "wild cards" not in err


# ---------------------------------------------------------------------------------------------
# 12. a wild card on a natural canasta


def test_12_a_natural_canasta_turning_mixed_is_shown(capsys: Capsys, tmp_path: Path) -> None:
    text = """\
[Variant "classic"]
[Scores "NS 300, EW 250"]
[Dealer "S"]

hand N: 2h 5c 6c 8s
hand E: 4h 5s 6c 8d 9d
hand S: 4s 5c 6d 8h 9h
hand W: 4d 6s 9s Kh 7d
melds NS: Qc Qd Qh Qs Qc Qd Qh
pile: 9c
turn: drew stock
to move: N play
"""
    code, out, _ = _ruling(capsys, tmp_path, text, "add Q: 2h", "--show")
    assert code == 0
    assert out.splitlines()[:5] == [
        "legal",
        "",
        "- North-South adds 2h to the queens",
        "- North-South's natural canasta of queens turns mixed "
        "(natural 500 \u2192 mixed 300 bonus)",
        "",
    ]
    # A wild card on a mixed canasta changes nothing of the kind.
    text = text.replace("melds NS: Qc Qd Qh Qs Qc Qd Qh", "melds NS: Qc Qd Qh Qs Qc Qd 2c")
    _, out, _ = _ruling(capsys, tmp_path, text, "add Q: 2h", "--show")
    assert out.splitlines()[2:4] == ["- North-South adds 2h to the queens", ""]


# ---------------------------------------------------------------------------------------------
# 13. docs/notation.md lists each position row once


def test_13_each_position_row_is_listed_once() -> None:
    text = (ROOT / "docs" / "notation.md").read_text()
    rows = re.findall(r"^\| (`[^|]*`) \|", text, re.MULTILINE)
    assert rows.count("`red SIDE: CARDS`") == 1
    assert rows.count("`melds SIDE: MELD, MELD`") == 1


# ---------------------------------------------------------------------------------------------
# 14. every command quoted in the examples' comments answers as the comment says

_QUOTED = re.compile(r"^#\s+(canasta \S+ docs/examples/.*?)(?:\s+->\s+(\w+).*)?$")


def _quoted_commands() -> list[tuple[str, str, str | None]]:
    found = []
    for path in sorted(EXAMPLES.glob("*.pos")):
        for line in path.read_text().splitlines():
            m = _QUOTED.match(line)
            if m:
                found.append((path.name, m.group(1), m.group(2)))
    return found


def test_14_the_examples_quote_commands() -> None:
    names = {name for name, _, _ in _quoted_commands()}
    assert {"took-the-pile.pos", "cutthroat-partners.pos", "asking.pos"} <= names


@pytest.mark.parametrize(("name", "command", "claim"), _quoted_commands())
def test_14_quoted_commands_answer_as_claimed(
    capsys: Capsys, monkeypatch: pytest.MonkeyPatch, name: str, command: str, claim: str | None
) -> None:
    monkeypatch.chdir(ROOT)
    argv = shlex.split(command)[1:]
    code, out, err = run_cli(capsys, *argv)
    assert code in (0, 1), err  # every quoted command reads its position
    if claim is not None:
        assert out.split()[0].rstrip(":") == claim
        assert code == (0 if claim == "legal" else 1)


def test_14_took_the_pile_opens_legally(capsys: Capsys) -> None:
    path = str(EXAMPLES / "took-the-pile.pos")
    code, out, _ = run_cli(capsys, "ruling", path, "discard 4d")
    assert (code, out) == (0, "legal\n")
    code, out, _ = run_cli(capsys, "ruling", path, "meld Ac Ad As", "--show")
    assert code == 0
    assert "turn: drew pile, new 7 A, first, melded, opening 125" in out.splitlines()


def test_14_cutthroat_example_is_unfit_under_three_hand(capsys: Capsys) -> None:
    path = str(EXAMPLES / "cutthroat-partners.pos")
    args = ["--variant", "three-hand-cutthroat", "--variant", "three-hand"]
    code, out, _ = run_cli(capsys, "ruling", path, "add K: Ks", *args)
    assert code == 0
    rows = [ln.split()[:2] for ln in out.splitlines()[1:3]]
    assert rows == [["three-hand-cutthroat", "legal"], ["three-hand", "unfit"]]
    comment = (EXAMPLES / "cutthroat-partners.pos").read_text()
    assert "the same add is refused" not in comment and "shows 'unfit'" in comment


def test_a_slip_in_a_ruling_move_points_at_its_column_as_typed(capsys: Capsys) -> None:
    """The seat the ruling puts in front of a move does not shift the column of a slip."""
    pos = str(EXAMPLES / "e5-frozen-pile.pos")
    for move, col in (("dra 5c", 1), ("N dra 5c", 3), ("  dra 5c", 3), ("draw 5c dscard 5c", 9)):
        code, _, err = run_cli(capsys, "ruling", pos, move)
        assert code == 2
        assert err.startswith(f"canasta: <move>:1:{col}: unknown action"), (move, err)


def test_show_after_a_pickup_writes_the_cards_taken(capsys: Capsys, tmp_path: Path) -> None:
    """The position after 'take' keeps what came with the pile on its 'turn:' line, as
    docs/examples/took-the-pile.pos writes it (it used to say only 'drew pile')."""
    text = """\
[Variant "classic"]
[Scores "NS 1200, EW 900"]

hand N: Qc Qs 5c 6d 8h 9s Kd
hand E: 4c 5d 7h 7s 9c Td Jh
hand S: Ac 6c 7d 8s Th Jc Qd
hand W: 4d 5h 6h 8c 9h Ts Kh
melds NS: Kc Kh Ks
melds EW: Ad Ah As 2h
pile: 7c 9d Qh
to move: N draw
"""
    code, out, _ = _ruling(capsys, tmp_path, text, "take with Qc Qs", "--show")
    assert code == 0
    assert "\nturn: took 7c 9d Qh, new Q\nto move: N play\n" in out


def test_an_invisible_character_is_named_where_it_stands(
    capsys: Capsys, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A no-break space pasted between 'hand N:' and its cards (or a zero-width space starting
    a line) looks like nothing on screen: the error names it by its code, at its column."""
    monkeypatch.chdir(tmp_path)  # a short name: a long path is shortened in the message
    Path("pasted.pos").write_text('[Variant "classic"]\nhand N:\u00a04c\n', encoding="utf-8")
    code, _, err = run_cli(capsys, "ruling", "pasted.pos", "discard 4c")
    assert code == 2
    assert err == (
        "canasta: pasted.pos:2:8: an invisible character here (U+00A0), perhaps pasted in: type "
        "an ordinary space instead, or delete it\n"
    )
