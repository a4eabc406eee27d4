"""Rulings at the table (issue 23, points 1 to 3): positions written from what one player sees,
answers that say what the turn still owes, refusals that show the legal way.

- Unseen hands: ``hand E: 11 unseen`` and ``hand S: 10 unseen, 7c`` in positions, the answers
  that depend on them saying which fact they depend on, ``replay --at --as SEAT``.
- What is still owed (engine/owed.py): the opening minimum judged over the whole turn (001),
  a concealed finish that alone can end the turn (001), black threes that oblige going out
  (001), partner's binding "yes" (000, 001), the foot to take up (Hand and Foot: BW, RGH, BGA).
- The legal way (engine/remedy.py): the pickup with its melds, the 'and' form, an addition in
  place of a meld (001: matching cards join the side's meld), the final discard (004), the melds
  that complete an opening (Modern American's clean triple: CLA, HBC), the way out a binding
  "yes" asks for, the forced pickup (001); nothing where there is none.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canasta_rules import cards as C
from canasta_rules.engine import State
from canasta_rules.engine.legality import keep_discard_refusal
from canasta_rules.engine.moves import Discard, Meld, TakePile
from canasta_rules.engine.owed import CONCEALED, FOOT, GO_OUT, OPENING, owed
from canasta_rules.engine.state import Phase
from canasta_rules.errors import NotationError
from canasta_rules.notation import format_document, parse, read_position
from canasta_rules.notation.remedy import suggest
from canasta_rules.notation.ruling import Verdict, rule_on
from canasta_rules.notation.writer import position_text
from canasta_rules.testing import positions
from canasta_rules.variant import builtin, load_variant
from tests.helpers import cs, rules_of, run_cli, write

ROOT = Path(__file__).resolve().parent.parent
EX = ROOT / "docs" / "examples"

# North's hand after a stock draw; the others as North sees them.
OPENING_120 = """\
[Variant "classic"]
[Scores "NS 3000, EW 900"]

hand N: 4c 4d 4h Ac Ad Ah Kc Kd Ks Jk 2c 9s 8h
hand E: 11 unseen
hand S: 11 unseen
hand W: 11 unseen
pile: 7c 9d
turn: drew stock
to move: N play
"""

PICKUP_50 = """\
[Variant "classic"]
[Scores "NS 0, EW 0"]

hand N: 4c 5c 8c 8d Kh Kd Ks 9s
hand E: 11 unseen
hand S: 10 unseen, 7c
hand W: 11 unseen
pile: 8h 9c 8s
to move: N draw
"""


def _rule(text: str, move: str, variant: str | None = None) -> Verdict:
    return rule_on(read_position(parse(text, "table.pos"), variant), move)


# --------------------------------------------------------------------------------------------
# Unseen hands


def test_a_hand_as_a_count_holds_that_many_cards_and_writes_back() -> None:
    pos = read_position(parse(PICKUP_50, "t.pos"))
    s = pos.state
    assert [s.hand_len[p] for p in range(4)] == [8, 11, 11, 11]
    assert s.hands[2][cs("7c")[0]] >= 1  # the card written is in the hand
    # No stand-in is a card the ruleset lays down at once (classic: red threes, 001).
    assert not any(
        s.rules.bonus[c] and s.hands[p][c] for p in (1, 2, 3) for c in range(C.NUM_CARD_IDS)
    )
    assert pos.unseen_hands == {1: (), 2: cs("7c"), 3: ()}
    text = format_document(parse(PICKUP_50))
    assert "hand E: 11 unseen\nhand S: 10 unseen, 7c\n" in text


def test_a_stock_count_leaves_room_for_the_unseen_hands(tmp_path: Path) -> None:
    """108 cards: 8 + 33 written or unseen in hands, 3 in the pile: the stock holds 64."""
    s = read_position(parse(PICKUP_50 + "stock 64\n")).state
    assert len(s.stock) == 64
    with pytest.raises(NotationError, match="64 cards are left for the stock and the pile once"):
        read_position(parse(PICKUP_50 + "stock 70\n"))


def test_more_unseen_cards_than_the_pack_has_left_is_an_error() -> None:
    text = PICKUP_50.replace("hand W: 11 unseen", "hand W: 90 unseen")
    msg = (
        r"t.pos:7:1: only \d+ cards that a hand may hold are left written nowhere, so West's hand "
    )
    msg += "cannot hide 90$"
    with pytest.raises(NotationError, match=msg):
        read_position(parse(text, "t.pos"))


def test_an_empty_hand_in_a_live_hand_suggests_a_count() -> None:
    text = PICKUP_50.replace("hand E: 11 unseen", "hand E:")
    with pytest.raises(NotationError) as e:
        read_position(parse(text, "t.pos"))
    assert "East holds no cards, but the hand is not over" in str(e.value)
    assert "('hand E: 11 unseen')" in str(e.value)  # classic deals 11 (000, 001)


def test_a_move_of_a_player_whose_hand_is_unseen_is_not_judged(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = PICKUP_50.replace("to move: N draw", "to move: E draw")
    path = write(tmp_path, text)
    status, _, err = run_cli(capsys, "ruling", str(path), "draw 4h")
    assert status == 2
    assert (
        "East's hand has 11 unseen cards, and a ruling on East's move depends on what East holds"
        in err
    )
    status, _, err = run_cli(capsys, "moves", str(path))
    assert status == 2 and f"{path.name}:5:1: East's hand has 11 unseen cards" in err
    # Turn lines after the position: E's line is where the reading stops.
    status, _, err = run_cli(
        capsys,
        "ruling",
        str(write(tmp_path, PICKUP_50 + "N draw 9h discard 9h\nE draw 7d discard 7d\n", "t2.pos")),
        "draw 4h",
    )
    assert status == 2 and "t2.pos:11:3: East's hand has 11 unseen cards" in err


def test_a_draw_of_a_card_an_unseen_hand_may_hold_says_so() -> None:
    """The 9h is written nowhere: from what North sees it may be in the stock or in E's, S's or
    W's hand. The draw is legal if the stock holds it, and the answer says that it assumes so."""
    v = _rule(PICKUP_50, "draw 9h")
    assert v.legal
    assert v.text.splitlines() == [
        "legal",
        "depends on: the 9h being in the stock: East, South or West may hold it instead",
    ]
    assert v.as_json()["depends"] == [
        {
            "kind": "stock_card",
            "text": "the 9h being in the stock: East, South or West may hold it instead",
            "card": "9h",
            "seats": ["E", "S", "W"],
        }
    ]
    # A card every copy of which is written is no question: refused, and nothing depends.
    text = PICKUP_50.replace("hand S: 10 unseen, 7c", "hand S: 8 unseen, 7c Qh Qh")
    v = _rule(text, "draw Qh")
    assert v.refusal is not None and v.refusal.code == "draw.not_in_stock"
    assert v.depends == ()


def test_a_draw_in_the_turn_lines_after_the_position_is_a_fact_of_every_ruling_there() -> None:
    v = _rule(PICKUP_50 + "N draw 9h\n", "discard 4c")
    assert v.legal
    assert [d.card for d in v.depends] == ["9h"]


def test_the_whole_position_and_the_view_agree_on_the_pickup() -> None:
    whole = PICKUP_50.replace("hand E: 11 unseen", "hand E: 4d 5d 6d 7d 9d Td Jd Qd Kc Qc Jc")
    for text in (whole, PICKUP_50):
        v = _rule(text, "take with 8c 8d")
        assert v.refusal is not None and v.refusal.code == "open.below_minimum"


def test_ruling_under_every_ruleset_invents_no_card(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Issue 23: a three made up for South made modern-american 'unfit'. With the other hands
    as counts nothing is made up: a ruleset is unfit only for what is written (a table of other
    seats, a foot the position does not give), and every four-seat ruleset without a foot rules
    on the pickup. The legal way is said below the table, once for the rulesets that agree."""
    text = PICKUP_50.replace('[Variant "classic"]\n', "")
    text = text.replace("hand S: 10 unseen, 7c", "hand S: 11 unseen")
    path = write(tmp_path, text)
    status, out, err = run_cli(capsys, "ruling", str(path), "take with 8c 8d", "--all")
    assert status == 1, err
    lines = out.splitlines()
    rows = {ln.split()[0]: ln.split()[1] for ln in lines[1:] if not ln.startswith("- ")}
    assert set(rows) == set(builtin.names())
    fits = {n for n in rows if rules_of(n).players == 4 and not rules_of(n).foot}
    assert {n for n, word in rows.items() if word != "unfit"} == fits
    assert rows["modern-american"] == "refused"
    for line in lines:
        if line.startswith("- ") and ("seat" in line or "foot" in line):
            assert "no seat" in line or "deals every player a foot" in line, line
    assert any(
        ln.startswith("- ") and "classic" in ln and "legal instead: take 8s with 8c 8d and" in ln
        for ln in lines
    )


def test_score_marks_what_counts_unseen_cards(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """North went out (000, 001: the side that goes out scores its bonus); E and W hold cards
    nobody has seen, which count against EW: its hand row and total are not known."""
    text = """\
[Variant "classic"]
hand N:
hand E: 5 unseen
hand S: 4c 5d
hand W: 7 unseen, Kh
melds NS: Qc Qd Qh Qs Jk 2c 2d
melds EW: 9c 9d 9h
out N
"""
    path = write(tmp_path, text)
    status, out, _ = run_cli(capsys, "score", str(path))
    assert status == 0
    rows = {ln[:18].strip(): ln.split()[-2:] for ln in out.splitlines() if ln and ln[0].isupper()}
    assert rows["Cards in hand"] == ["-10", "?"]
    assert rows["Total"] == ["520", "?"]
    assert out.splitlines()[-1] == (
        "depends on: East-West's score counts the cards left in East's and West's hands, which "
        "are unseen: "
        "write them to score it"
    )
    status, out, _ = run_cli(capsys, "score", str(path), "--json")
    data = json.loads(out)
    assert data["NS"]["Total"] == 520 and data["EW"]["Total"] is None
    assert data["EW"]["Cards in hand"] is None and data["EW"]["Melds"] == 30
    assert data["depends"][0]["seats"] == ["E", "W"]


def test_show_writes_the_unseen_hands_back_as_counts(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path, PICKUP_50)
    status, out, err = run_cli(
        capsys, "ruling", str(path), "take with 8c 8d and Kh Kd Ks", "--show"
    )
    assert status == 0, err
    lines = out.splitlines()
    assert lines[0] == "legal"
    assert "hand E: 11 unseen" in lines and "hand S: 10 unseen, 7c" in lines
    assert "hand N: 4c 5c 8h 9c 9s" in lines
    # The position written reads back.
    after = "\n".join(lines[lines.index('[Variant "classic"]') :]) + "\n"
    assert read_position(parse(after)).state.hand_len[1] == 11


# --------------------------------------------------------------------------------------------
# replay --at H.T --as SEAT


def test_replay_as_a_seat_gives_the_other_hands_as_counts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """At 1.12 of the classic game East has taken the pile with its black threes in it: North
    saw them go into East's hand, so they are written; the rest of each hand is a count."""
    game = str(EX / "classic-game.can")
    status, whole, _ = run_cli(capsys, "replay", game, "--at", "1.12")
    status, seen, err = run_cli(capsys, "replay", game, "--at", "1.12", "--as", "N")
    assert status == 0, err
    lines = seen.splitlines()
    assert "hand N: Jh" in lines
    assert "hand E: 5 unseen, 3c 3c 3s 3s" in lines
    assert "hand S: 5 unseen" in lines and "hand W: 5 unseen" in lines
    # Everything on the table is as in the whole position.
    strip = [ln for ln in whole.splitlines() if not ln.startswith("hand ")]
    assert strip == [ln for ln in lines if not ln.startswith("hand ")]
    assert read_position(parse(seen)).state.hand_len[1] == 9
    # West took the pile with Jh Qd Qh in it (by 1.21); at 1.22 West took it again (a 9c came
    # with it) and melded Jc Jd Jh: the jack laid may be the one seen, so it is known no more.
    _, seen, _ = run_cli(capsys, "replay", game, "--at", "1.21", "--as", "N")
    assert "hand W: 2 unseen, Jh Qd Qh" in seen.splitlines()
    _, seen, _ = run_cli(capsys, "replay", game, "--at", "1.22", "--as", "N")
    assert "hand W: 1 unseen, 9c Qd Qh" in seen.splitlines()


def test_a_card_face_up_by_a_penalty_is_written_in_the_hand_given_as_a_count() -> None:
    """004 (penalties.exposed_card = "left_face_up"): a card exposed by mistake stays face up
    until it is laid, so everyone knows it is in that hand."""
    text = """\
[Variant "general"]
hand N: 4c 5c 8c 8d Kh Kd Ks 9s
hand E: 4d 5d 6d 7d 9d Td Jd Qd Kc Qc Jc
hand S: 4h 5h 6h 7h 9h Th Jh Qh 4s 5s 6s
hand W: 5h 6c 7c 9c Tc Ac Ad Ah As 7s 8s
penalty E exposed Qd
pile: 6s
to move: N draw
"""
    s = read_position(parse(text)).state
    seen = position_text(s, [("Variant", "general")], unseen_hands={1: (), 2: (), 3: ()})
    assert "hand E: 10 unseen, Qd" in seen.splitlines()
    assert "penalty E exposed Qd" in seen.splitlines()
    assert read_position(parse(seen)).state.hand_len[1] == 11


@pytest.mark.parametrize("at", ["1.3", "1.7", "1.11", "1.15"])
def test_replay_as_the_mover_lists_the_same_moves(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, at: str
) -> None:
    game = str(EX / "classic-game.can")
    _, whole, _ = run_cli(capsys, "replay", game, "--at", at)
    mover = next(ln.split()[2] for ln in whole.splitlines() if ln.startswith("to move:"))
    _, seen, _ = run_cli(capsys, "replay", game, "--at", at, "--as", mover)
    assert seen != whole
    _, a, _ = run_cli(capsys, "moves", str(write(tmp_path, whole, "whole.pos")))
    _, b, _ = run_cli(capsys, "moves", str(write(tmp_path, seen, "seen.pos")))
    assert a == b


def test_replay_as_needs_at_and_a_seat(capsys: pytest.CaptureFixture[str]) -> None:
    game = str(EX / "classic-game.can")
    status, _, err = run_cli(capsys, "replay", game, "--as", "N")
    assert status == 2 and "--as shows the position of --at HAND.TURN" in err
    status, _, err = run_cli(capsys, "replay", game, "--at", "1.3", "--as", "X")
    assert status == 2 and "no seat 'X' at this table (seats: N, E, S, W)" in err


def test_replay_as_writes_every_foot_face_down_as_a_count(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Hand and Foot: a foot lies face down until taken up (BW, RGH), so even the player's own
    foot is unseen."""
    status, record, err = run_cli(capsys, "record", "hand-and-foot", "--seed", "3")
    assert status == 0, err
    path = write(tmp_path, record, "hf.can")
    status, seen, err = run_cli(capsys, "replay", str(path), "--at", "1.4", "--as", "S")
    assert status == 0, err
    feet = [ln for ln in seen.splitlines() if ln.startswith("foot ")]
    assert feet == [f"foot {x}: 13 unseen" for x in "NESW"]
    read_position(parse(seen))


# --------------------------------------------------------------------------------------------
# What the turn still owes


def test_an_opening_short_of_its_minimum_says_how_far() -> None:
    """001: 'Several legal melds may combine to reach the minimum': the minimum (120 at 3000,
    001's table) is judged over the turn, so three fours alone are legal so far."""
    v = _rule(OPENING_120, "meld 4c 4d 4h")
    assert v.legal
    assert v.text == (
        "legal so far: your side's first melds count 15 of 120 this turn; 105 more before you "
        "discard, unless you go out concealed"
    ) or v.text == (
        "legal so far: your side's first melds count 15 of 120 this turn; 105 more before you "
        "discard"
    )
    (o,) = v.owed
    assert (o.kind, o.parameter, o.counted, o.minimum, o.more) == (
        OPENING,
        "initial_meld.tiers",
        15,
        120,
        105,
    )
    data = v.as_json()
    assert data["verdict"] == "legal"
    assert data["owed"][0]["kind"] == "opening_minimum"
    assert (data["owed"][0]["counted"], data["owed"][0]["minimum"], data["owed"][0]["more"]) == (
        15,
        120,
        105,
    )
    # Reached: nothing more is owed, and the answer is plain 'legal'.
    v = _rule(OPENING_120, "meld 4c 4d 4h, Ac Ad Ah Jk, Kc Kd Ks")
    assert v.text == "legal" and v.owed == ()


def test_an_opening_only_a_concealed_finish_can_end() -> None:
    """001: 'If your team has not opened, a concealed finish after a stock draw waives the
    initial-meld minimum.' North cannot reach 120, but can go out concealed: after the fives,
    the turn must end that way."""
    text = OPENING_120.replace(
        "hand N: 4c 4d 4h Ac Ad Ah Kc Kd Ks Jk 2c 9s 8h", "hand N: 4c 4d 4h 4s 4c 4d 2h 5c 5d 5h 9s"
    )
    v = _rule(text, "meld 5c 5d 5h")
    assert v.legal
    (o,) = v.owed
    assert o.kind == CONCEALED and o.parameter == "going_out.concealed_waives_minimum"
    assert v.text == (
        "legal so far: your side's first melds count 15 of 120 this turn, and the rest of your "
        "hand cannot make up the 105: the turn must end by going out concealed, which needs no "
        "minimum here"
    )


def test_black_threes_oblige_going_out() -> None:
    """001: 'Only when going out may you meld three or four black threes together'."""
    text = """\
[Variant "classic"]
[Scores "NS 600, EW 900"]
hand N: 3c 3s 3c Kc Kd Kh 9s
hand E: 11 unseen
hand S: 11 unseen
hand W: 11 unseen
melds NS: Qc Qd Qh Qs Qs 2c Jk
pile: 7c 9d
turn: drew stock
to move: N play
"""
    v = _rule(text, "meld 3c 3s 3c")
    assert v.legal and [o.kind for o in v.owed] == [GO_OUT]
    assert v.owed[0].because == "black_threes"
    assert (
        v.text == "legal so far: black threes were melded this turn, so you must go out this turn"
    )


def test_partner_yes_obliges_going_out() -> None:
    """000: 'the player must abide by the partner's answer'; classic's yes binds (001)."""
    v = _rule((EX / "asking.pos").read_text(), "N ask yes")
    assert v.text == "legal so far: your partner said yes, so you must go out this turn"
    assert v.owed[0].parameter == "going_out.permission"
    v = _rule((EX / "asking.pos").read_text(), "N ask no")
    assert v.text == "legal" and v.owed == ()
    # Ruled from South's seat (North's hand a count), South's answer is legal, and whether the
    # yes binds North rests on North's unseen cards: the answer says so.
    seen = (EX / "asking.pos").read_text().replace("hand N: 5c 5d 5h 4s Kd", "hand N: 5 unseen")
    v = _rule(seen, "N ask yes")
    assert v.legal and v.owed == ()
    assert v.text.splitlines() == [
        "legal",
        "depends on: whether North can go out this turn with the unseen cards: partner's yes binds "
        "only then",
    ]


HAND_AND_FOOT = """\
[Variant "hand-and-foot"]
[Scores "NS 0, EW 0"]
hand N: 4c 4d 4h
hand E: 7 unseen
hand S: 7 unseen
hand W: 7 unseen
foot N: 13 unseen
foot E: taken
foot S: 13 unseen
foot W: taken
melds NS: 9c 9d 9h, Qc Qd Qh Qs
melds EW: Kc Kd Kh
melded: N E S W
pile: 7c 4s 9d
turn: drew stock
to move: N play
"""


def test_a_hand_used_up_owes_the_foot() -> None:
    """BGA, TX, RDC (hand-and-foot.toml): melding the last hand card takes up the foot and play
    goes on ('running'); discarding it takes up the foot as the turn ends ('walking')."""
    v = _rule(HAND_AND_FOOT, "meld 4c 4d 4h")
    assert v.legal and [(o.kind, o.because) for o in v.owed] == [(FOOT, "running")]
    assert (
        v.text == "legal so far: your hand is used up: take up your foot next, then play on from it"
    )
    walking = HAND_AND_FOOT.replace("hand N: 4c 4d 4h", "hand N: 5s")
    v = _rule(walking, "discard 5s")
    assert v.legal and [(o.kind, o.because) for o in v.owed] == [(FOOT, "walking")]
    assert v.text.endswith("take up your foot next, and that ends your turn")


def test_ruling_json_carries_what_is_owed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, _ = run_cli(
        capsys, "ruling", str(write(tmp_path, OPENING_120)), "meld 4c 4d 4h", "--json"
    )
    assert status == 0
    data = json.loads(out)
    assert data["verdict"] == "legal"
    assert [o["kind"] for o in data["owed"]] == ["opening_minimum"]
    assert data["owed"][0]["more"] == 105 and data["remedy"] is None


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(st.sampled_from([load_variant(n) for n in sorted(builtin.names())])))
def test_a_discard_is_refused_for_the_turn_exactly_when_something_is_owed(s: State) -> None:
    """The obligations are the facts the legality rules read: over random play of every
    built-in ruleset, a discard that keeps cards is refused for a reason of the turn
    (``keep_discard_refusal``) exactly when :func:`owed` lists a minimum, a concealed finish or
    a going out."""
    if s.phase != Phase.PLAY or s.hand_len[s.turn] < 2:
        return
    bars = {o.kind for o in owed(s)} & {OPENING, CONCEALED, GO_OUT}
    assert (keep_discard_refusal(s) is not None) == bool(bars)


# --------------------------------------------------------------------------------------------
# The legal way


def test_a_pickup_short_of_the_minimum_names_the_pickup_with_melds() -> None:
    """001: an opening with the pile reaches the minimum with the melds laid with the pickup
    ('A concealed finish after discard-pile pickup still has to meet that minimum before taking
    the pile')."""
    v = _rule(PICKUP_50, "take with 8c 8d")
    assert v.refusal is not None and v.refusal.code == "open.below_minimum"
    assert v.remedy is not None and v.remedy.remedy.kind == "pickup"
    assert v.remedy.text == "take 8s with 8c 8d and Kd Kh Ks"
    assert v.text.splitlines()[-1] == (
        "legal instead: take 8s with 8c 8d and Kd Kh Ks (a side opening with the pile lays its "
        "first melds with the pickup: those cards count toward the minimum)"
    )
    assert v.as_json()["remedy"] == {
        "move": "take 8s with 8c 8d and Kd Kh Ks",
        "kind": "pickup",
        "why": "a side opening with the pile lays its first melds with the pickup: those cards "
        "count toward the minimum",
    }


def test_melds_written_after_a_pickup_are_laid_with_it() -> None:
    v = _rule(PICKUP_50, "take with 8c 8d meld Kh Kd Ks discard 4c")
    assert v.refusal is not None and v.refusal.code == "open.below_minimum"
    assert v.remedy is not None and v.remedy.remedy.kind == "and_form"
    assert v.remedy.text == "take 8s with 8c 8d and Kh Kd Ks discard 4c"
    assert _rule(PICKUP_50, v.remedy.text).legal


def test_a_comma_before_meld_after_a_take_names_the_and_form() -> None:
    with pytest.raises(NotationError) as e:
        _rule(PICKUP_50, "take with 8c 8d, meld Kh Kd Ks")
    assert e.value.column == 16  # the comma, as typed
    assert e.value.message == (
        "cards melded with a pickup are laid with it, after 'and', not in a meld after a comma: "
        "'take with 8c 8d and Kh Kd Ks'"
    )
    with pytest.raises(NotationError, match="'take 8s with 8c 8d and 4c 5c 6c, Kh Kd Ks'"):
        _rule(PICKUP_50, "take 8s with 8c 8d and 4c 5c 6c, meld Kh Kd Ks")
    # A comma after a meld is the old slip, told as before.
    with pytest.raises(NotationError, match="a comma must be followed by another meld's cards"):
        _rule(PICKUP_50, "draw 4h, meld Kh Kd Ks")


OPENED = """\
[Variant "classic"]
[Scores "NS 600, EW 900"]
hand N: Ks 2c Qc Qd Qh 9s 8h
hand E: 11 unseen
hand S: 11 unseen
hand W: 11 unseen
melds NS: Kc Kd Kh
pile: 7c 9d
turn: drew stock
to move: N play
"""


def test_cards_written_as_a_meld_go_onto_the_side_meld() -> None:
    """001: 'Keep only one team meld per rank; matching cards join that meld' (a group of the
    side's rank is an addition already, engine/checks.joined). A wild card alone is no meld
    (001: a meld needs at least two naturals), and goes onto one."""
    assert _rule(OPENED, "meld Ks").legal
    v = _rule(OPENED, "meld 2c")
    assert v.refusal is not None
    assert v.remedy is not None and (v.remedy.remedy.kind, v.remedy.text) == ("add", "add K: 2c")
    v = _rule(OPENED, "add Q: Qc Qd Qh")
    assert v.refusal is not None and v.refusal.code == "meld.no_such_meld"
    assert v.remedy is not None and v.remedy.text == "meld Qc Qd Qh"


def test_going_out_keeps_a_card_to_discard() -> None:
    """004: 'The player can not meld to the last card and has to discard the last card to go
    out'; general reads it as a discard required unless the finish is concealed."""
    text = (
        OPENED.replace('"classic"', '"general"')
        .replace("hand N: Ks 2c Qc Qd Qh 9s 8h", "hand N: Ks Qc Qd Qh")
        .replace("melds NS: Kc Kd Kh", "melds NS: Kc Kd Kh Kh Kd 2c 2d, Jc Jd Jh")
    )
    v = _rule(text, "meld Qc Qd Qh, K: Ks")
    assert v.refusal is not None and v.refusal.code == "out.final_discard"
    assert v.remedy is not None and v.remedy.remedy.kind == "final_discard"
    assert v.remedy.text == "meld Qc Qd Qh discard Ks"
    assert v.remedy.why == "going out needs a final discard: keep Ks back and discard it"
    assert _rule(text, v.remedy.text).legal


@pytest.mark.parametrize(
    ("hand", "move", "code"),
    [
        # 001: a meld holds at most three wild cards; this one holds four.
        ("5c 5d 2h 2c 2s Jk 9s 8h", "meld 5c 5d 2h 2c 2s Jk", "meld.too_many_wild"),
        # 001: a side without a canasta may not go out, so the player keeps two cards (one to
        # discard, one to hold); this meld would leave one.
        ("5c 5d 2h Jk 9s", "meld 5c 5d 2h Jk", "meld.keep_a_card"),
    ],
)
def test_a_meld_that_leaves_cards_in_hand_keeps_one_back_without_a_discard(
    hand: str, move: str, code: str
) -> None:
    """Where the refused meld does not meld every card held, the legal form keeps a card in
    the hand; it adds no discard, and does not say the player is going out (the hand still
    holds 9s after it)."""
    text = OPENED.replace("hand N: Ks 2c Qc Qd Qh 9s 8h", f"hand N: {hand}").replace(
        "melds NS: Kc Kd Kh", "melds NS: Kc Kd Kh, 7c 7d 7h"
    )
    v = _rule(text, move)
    assert v.refusal is not None and v.refusal.code == code
    assert v.remedy is not None and v.remedy.remedy.kind == "keep_back"
    kept = v.remedy.text
    assert "discard" not in kept and "going out" not in v.remedy.why
    assert v.remedy.why == "the same meld with 2h kept in your hand"
    assert kept == "meld " + move.removeprefix("meld ").replace("2h ", "")
    assert _rule(text, kept).legal


def test_an_opening_without_its_clean_triple_names_the_melds_that_complete_it() -> None:
    """Modern American (CLA, HBC): the opening action must hold a clean triple, and count 125
    below 3000 (CLA); the dirty jacks are legal laid with the clean melds."""
    text = """\
[Variant "modern-american"]
hand N: Kc Kd Ks Kh Qc Qd Qh Jc Jd 2c Td Tc Jk 9s 8h
hand E: 13 unseen
hand S: 13 unseen
hand W: 13 unseen
pile: 9c
turn: drew stock
to move: N play
"""
    v = _rule(text, "meld Jc Jd 2c")
    assert v.refusal is not None and v.refusal.code == "open.clean_triple"
    assert v.remedy is not None and v.remedy.remedy.kind == "more_melds"
    assert v.remedy.text.startswith("meld Jc Jd 2c, ")
    assert _rule(text, v.remedy.text).legal


def test_a_discard_after_a_binding_yes_names_the_way_out() -> None:
    v = _rule((EX / "asking.pos").read_text(), "N ask yes discard 4s")
    assert v.refusal is not None and v.refusal.code == "out.permission_obliges"
    assert v.remedy is not None and v.remedy.remedy.kind == "go_out"
    assert v.remedy.text == "ask yes meld 5c 5d 5h, K: Kd discard 4s"
    assert _rule((EX / "asking.pos").read_text(), v.remedy.text).legal


def test_a_draw_where_the_pile_must_be_taken_names_the_pickup() -> None:
    """001: 'an unfrozen pile whose top fits a side meld must be taken' once the stock is out."""
    v = _rule((EX / "stock-out.pos").read_text(), "draw")
    assert v.refusal is not None and v.refusal.code == "stock.forced_pickup"
    assert v.remedy is not None and v.remedy.text == "take 9s"


def test_no_remedy_where_there_is_none(capsys: pytest.CaptureFixture[str]) -> None:
    """001: a frozen pile needs a natural pair; North holds one queen: no pickup is legal, and
    the answer names none."""
    v = _rule((EX / "e5-frozen-pile.pos").read_text(), "take with Qc Jk")
    assert v.refusal is not None and v.remedy is None
    assert "legal instead" not in v.text
    status, out, _ = run_cli(
        capsys, "ruling", str(EX / "e5-frozen-pile.pos"), "take with Qc Jk", "--json"
    )
    assert status == 1 and json.loads(out)["remedy"] is None


def test_the_library_function_for_play() -> None:
    """``suggest(state, moves)``: what the play screen shows under a refusal."""
    pos = read_position(parse(PICKUP_50))
    s = pos.state
    found = suggest(s, [TakePile(cs("8c 8d"))])
    assert found is not None and found.text == "take 8s with 8c 8d and Kd Kh Ks"
    assert found.remedy.moves == (TakePile(cs("8c 8d"), (cs("Kd Kh Ks"),)),)
    assert suggest(s, [TakePile(cs("8c 8d"), (cs("Kh Kd Ks"),))]) is None  # legal: nothing
    opened = read_position(parse(OPENED)).state
    found = suggest(opened, [Meld((cs("2c"),)), Discard(cs("9s")[0])])
    assert found is not None and found.text == "add K: 2c discard 9s"
    assert found.remedy.moves == (Meld((), ((13, cs("2c")),)), Discard(cs("9s")[0]))
