"""Against whom a discarded wild card freezes the pile (``pile.discard_freezes_against``).

003_6d7b9b19ffba82c5.txt, Step 6: the pile can be frozen against a team or player during play,
when the opposing team or player discards a wild card; so the discarder's own side is not frozen
out by it (``"opponents"``, novice). 001_0cb887cc6d824426.txt ('What freezes it?'): a buried joker
or two freezes the pile for both teams; 002_d58438592396a398.txt ('Frozen Discard Pile'): against
both players (``"everyone"``, classic and online). Where both sides have laid a freezing card, the
pile is frozen against both (our reading: each card freezes it against the other side).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import run_cli

from canasta_rules import cards as C
from canasta_rules.engine import Discard, apply_unchecked
from canasta_rules.errors import CanastaError
from canasta_rules.notation import parse, position_text, read_position
from canasta_rules.notation.position import ReadPosition

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
    assert "(a two is in it)" in first


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


def test_the_position_written_back_keeps_the_freeze_as_the_mover_finds_it() -> None:
    """A position speaks of the freeze for the player to move: written back after North's two and
    East's turn, it says 'frozen no' for South beside the two in the pile (North-South laid it,
    003); read again, the pile is unfrozen for North-South and frozen for East-West."""
    rp = state("novice", NORTH_FREEZES)
    assert not rp.state.pile_frozen(0) and rp.state.pile_frozen(1)
    written = position_text(rp.state, rp.tags, rp.unseen)
    assert "\nfrozen no\n" in written
    again = read_position(parse(written, "again.pos")).state
    assert not again.pile_frozen(0) and again.pile_frozen(1)


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
