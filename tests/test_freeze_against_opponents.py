"""Against whom a discarded wild card freezes the pile (``pile.discard_freezes_against``).

003_6d7b9b19ffba82c5.txt, Step 6: the pile can be frozen against a team or player during play,
when the opposing team or player discards a wild card; so the discarder's own side is not frozen
out by it (``"opponents"``, novice). 001_0cb887cc6d824426.txt ('What freezes it?'): a buried joker
or two freezes the pile for both teams; 002_d58438592396a398.txt ('Frozen Discard Pile'): against
both players (``"everyone"``, classic and online). Where both sides have laid a freezing card, the
pile is frozen against both (our reading: each card freezes it against the other side).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import run_cli

from canasta_rules import cards as C
from canasta_rules.engine import Discard, apply_unchecked
from canasta_rules.errors import CanastaError
from canasta_rules.notation import parse, position_text, read_position
from canasta_rules.notation.position import ReadPosition
from canasta_rules.notation.ruling import rule_on

# Both sides have taken the pile this hand (003 starts it frozen against a side until then), and
# both have opened. North is to discard; each test plays on from there.
POSITION = """\
[Variant "{variant}"]
[Scores "NS 0, EW 0"]

hand N: 2c 5c 6d 8h
hand E: 4c 5d 7h 7s 9d Kd
hand S: 9h Jk 6c 7d 8s
hand W: 4d 5h 6h 8c 9c Jk
melds NS: Kc Kd Kh
melds EW: Qc Qd Qh
pile: 11 unseen, 7c 4s 9s
stock 67
{taken}turn: drew stock
to move: N play
{turns}"""


def text(variant: str, turns: str) -> str:
    taken = "taken: NS EW\n" if variant == "novice" else ""
    return POSITION.format(variant=variant, taken=taken, turns=turns)


def rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], variant: str, turns: str, move: str
) -> str:
    p = tmp_path / "q.pos"
    p.write_text(text(variant, turns))
    code, out, err = run_cli(capsys, "ruling", str(p), move)
    assert err == ""
    first = out.splitlines()[0]
    assert (code == 0) == (first == "legal"), out
    return first


NORTH_FREEZES = "N discard 2c\nE draw 4h discard 9d\n"


def test_003_the_discarders_partner_takes_it_as_unfrozen(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """003: North's two freezes the pile against East-West only; South, North's partner, takes it
    with a nine and a joker, as an unfrozen pile allows."""
    assert rule(tmp_path, capsys, "novice", NORTH_FREEZES, "take with 9h Jk") == "legal"


def test_001_the_discarders_partner_is_frozen_out_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """001: a buried two freezes the pile for both teams: South needs a natural pair."""
    first = rule(tmp_path, capsys, "classic", NORTH_FREEZES, "take with 9h Jk")
    assert first.endswith("(pile.frozen.needs_natural_pair)")
    assert "frozen by a two in it" in first


def test_003_the_opponents_are_frozen_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """003: against the opposing team the pile is frozen: West, with a nine and a joker, may not
    take it once a natural card covers North's two."""
    turns = "N discard 2c\nE draw 4h discard 9d\nS draw 5h discard 9h\n"
    first = rule(tmp_path, capsys, "novice", turns, "take with 9c Jk")
    assert first.endswith("(pile.frozen.needs_natural_pair)")


def state(variant: str, turns: str) -> ReadPosition:
    return read_position(parse(text(variant, turns), "q.pos"))


def test_003_a_wild_card_from_each_side_freezes_it_against_both() -> None:
    """Our reading of 003 where both sides freeze it: after North's two, East's joker (a freezing
    card of the other side) freezes the pile against North-South as well."""
    turns = "N discard 2c\nE draw 4h discard Jk\n"
    body = text("novice", turns).replace("hand E: 4c 5d 7h 7s 9d Kd", "hand E: 4c 5d 7h Jk 9d Kd")
    s = read_position(parse(body, "q.pos")).state
    assert s.pile_frozen(0) and s.pile_frozen(1)
    assert s.pile[-2:] == [C.parse("2c"), C.parse("Jk")]


def test_the_engine_keeps_the_freeze_per_side() -> None:
    """The engine's freeze, move by move: North's two spares North-South only; taking the pile
    clears it for both."""
    s = state("novice", "").state
    apply_unchecked(s, Discard(C.parse("2c")))
    assert not s.pile_frozen(0) and s.pile_frozen(1)
    assert s.frozen_for(2) is False and s.frozen_for(1) is True
    s = state("classic", "").state
    apply_unchecked(s, Discard(C.parse("2c")))
    assert s.pile_frozen(0) and s.pile_frozen(1)


def test_the_position_written_back_names_the_sides_frozen_out() -> None:
    """Written back after North's two and East's turn, the position says the pile is frozen
    against East-West only ('frozen against EW', docs/notation.md); read again, the pile is still
    unfrozen for North-South and frozen for East-West."""
    rp = state("novice", NORTH_FREEZES)
    assert not rp.state.pile_frozen(0) and rp.state.pile_frozen(1)
    written = position_text(rp.state, rp.tags, rp.unseen)
    assert "\nfrozen against EW\n" in written
    again = read_position(parse(written, "again.pos")).state
    assert not again.pile_frozen(0) and again.pile_frozen(1)


def test_play_goes_on_from_a_written_position_as_in_the_game() -> None:
    """The join/freeze audit's case: with West to move after North's two, a position written
    then must keep the pile unfrozen for North-South, so that South, two turns on, takes it with a
    natural and a wild card as in the game itself (003)."""
    turns = NORTH_FREEZES + "S draw 5h discard 6c\n"
    rp = state("novice", turns)
    assert rp.state.turn == 3  # West
    written = position_text(rp.state, rp.tags, rp.unseen)
    assert "\nfrozen against EW\n" in written
    more = "W draw 5d discard 8c\nN draw 4d discard 5c\nE draw 6s discard 7h\n"
    then = read_position(parse(written + more, "again.pos"))
    assert then.state.turn == 2 and not then.state.pile_frozen(0)
    v = rule_on(then, "take with 7d Jk")
    assert v.legal, v.text


def test_frozen_against_is_only_for_a_one_sided_freeze(tmp_path: Path) -> None:
    """Under 001's rule a discarded wild card freezes the pile against both teams, so a position
    may not say it is frozen against one side only: the line is refused where it stands."""
    body = text("classic", "").replace("stock 67\n", "stock 67\nfrozen against EW\n")
    with pytest.raises(CanastaError) as e:
        read_position(parse(body, "q.pos"))
    assert (e.value.line, "'frozen against'" in e.value.message) == (12, True)


def test_a_record_checks_frozen_against(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A record may assert whom the pile is frozen against. In a seeded novice game South
    discards the two of clubs: the pile is frozen against East-West only (003), which the record
    may say; saying North-South is an error at that line."""
    game = tmp_path / "game.can"
    assert (
        run_cli(capsys, "record", "novice", "--seed", "1", "--bots", "random", "-o", str(game))[0]
        == 0
    )
    lines = game.read_text().splitlines()
    at = lines.index("S draw 8c discard 2c")  # the hand's first wild discard (the seed's game)
    assert not any(re.search(r"discard (2[cdhs]|Jk)$", ln) for ln in lines[:at])
    for said, ok in (("EW", True), ("NS", False)):
        body = "\n".join([*lines[: at + 1], f"frozen against {said}", *lines[at + 1 :]])
        code, _, err = run_cli(capsys, "replay", _write(tmp_path, body))
        assert (code == 0) is ok, err
        if not ok:
            assert (
                f":{at + 2}:1: the record says the pile is frozen against NS; it is frozen " in err
            )
            assert err.rstrip().endswith("against EW")


def _write(tmp_path: Path, body: str) -> str:
    p = tmp_path / "asserted.can"
    p.write_text(body + "\n")
    return str(p)


@pytest.mark.parametrize(("variant", "accepted"), [("novice", True), ("classic", False)])
def test_frozen_no_beside_unseen_wild_cards(variant: str, accepted: bool) -> None:
    """With a stock of 5, at least four of the nine wild cards not written lie unseen in the
    pile. Under 003 'frozen no' can stand beside them (the mover's side discarded them); under 001
    they would freeze the pile against everyone, so the position cannot occur."""
    body = text(variant, "").replace("pile: 11 unseen", "pile: 73 unseen")
    body = body.replace("stock 67\n", "stock 5\nfrozen no\n")
    if accepted:
        s = read_position(parse(body, "q.pos")).state
        assert not s.pile_frozen(0)
    else:
        with pytest.raises(CanastaError, match="one in the pile would freeze it"):
            read_position(parse(body, "q.pos"))


def test_one_position_ruled_under_rulesets_that_keep_no_such_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A novice position with 'taken:' and 'frozen against' lines, ruled under classic too
    (--variant): classic keeps no record of who took the pile, and its discarded wild card
    freezes the pile against both teams (001), so there the lines say what 'frozen yes' says.
    Both rulesets answer: legal under 003 for North-South, a natural pair needed under 001."""
    p = tmp_path / "q.pos"
    rp = state("novice", NORTH_FREEZES)
    p.write_text(position_text(rp.state, rp.tags, rp.unseen))
    assert "\ntaken: NS EW\n" in p.read_text() and "\nfrozen against EW\n" in p.read_text()
    _, out, err = run_cli(
        capsys, "ruling", str(p), "take with 9h Jk", "--variant", "novice", "--variant", "classic"
    )
    assert err == ""
    rows = {ln.split()[0]: ln for ln in out.splitlines()[1:] if ln.strip()}
    assert rows["novice"].split()[1] == "legal"
    assert rows["classic"].split()[1] == "refused"
    assert "pile.frozen.needs_natural_pair" in rows["classic"]


def test_the_lines_are_still_refused_under_the_positions_own_classic_rules(tmp_path: Path) -> None:
    """Written for classic itself, a 'taken:' line is a slip, refused where it stands."""
    body = text("classic", "").replace("stock 67\n", "stock 67\ntaken: NS\n")
    with pytest.raises(CanastaError, match="does not list who took it"):
        read_position(parse(body, "q.pos"))


@pytest.mark.parametrize(
    ("variant", "pile", "refused"),
    [
        ("classic", "7c 4s 2c 9d", True),  # 001: the discarded two froze it for both teams
        ("novice", "7c 4s 2c 9d", False),  # 003: it may have spared the mover's side
        ("classic", "2c 7c 4s 9d", False),  # the two may be the upcard, covered (deal rules)
        ("classic", "7c 4s 9d", False),
    ],
)
def test_frozen_no_beside_a_discarded_wild_card(variant: str, pile: str, refused: bool) -> None:
    """A position that cannot occur is refused where it says so: under 001 a wild card discarded
    on the pile freezes it against both teams until the pile is taken, so 'frozen no' cannot
    stand beside one. Cards at the bottom that may have been turned up are passed over."""
    moved = "2c" in pile.split()  # North's two, now in the pile
    unseen = 11 + 3 - len(pile.split()) + moved
    body = text(variant, "").replace("pile: 11 unseen, 7c 4s 9s", f"pile: {unseen} unseen, {pile}")
    body = body.replace("stock 67\n", "stock 67\nfrozen no\n")
    if moved:
        body = body.replace("hand N: 2c 5c 6d 8h", "hand N: 5c 6d 8h")
    if refused:
        with pytest.raises(CanastaError) as e:
            read_position(parse(body, "q.pos"))
        assert e.value.line == 12 and "'frozen no', but the 2c discarded" in e.value.message
    else:
        read_position(parse(body, "q.pos"))
