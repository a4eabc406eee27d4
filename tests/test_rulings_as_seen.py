"""A ruling from what the player to move sees is the ruling on the whole position.

Hypothesis plays random hands of every built-in variant and table size (the helper of
tests/test_positions_roundtrip.py) and writes the position reached twice: whole, and as the
player to move sees it, every other hand given as a count (``hand E: 11 unseen``). Each legal
move of the player to move, and a sample of refused ones (every discard, asking, pickups and
melds of the player's own cards, draws naming any card), is ruled on in both: the verdict, the
rule code, what the turn still owes and the legal form offered for a refusal are the same. The
one exception is a rule that truly reads an unseen card: a draw (or a replacement, a talon)
naming a card that an unseen hand may hold. There the answer from what the player sees must say
so ("depends on: the 8h being in the stock: ..."), and the whole position's refusal is that
every copy is accounted for.
"""

from __future__ import annotations

from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from canasta_rules import cards as C
from canasta_rules.engine import Move, State, legal_moves
from canasta_rules.engine.moves import Answer, Ask, Discard, Draw, Expose, Meld, TakePile
from canasta_rules.engine.state import Phase
from canasta_rules.errors import NotationError
from canasta_rules.notation import parse, read_position
from canasta_rules.notation.moves import move_text
from canasta_rules.notation.position import ReadPosition
from canasta_rules.notation.ruling import Verdict, rule_on
from canasta_rules.notation.writer import position_text
from canasta_rules.seats import seat_names
from tests.test_positions_roundtrip import _named, played


def _text(pos: ReadPosition, s: State, m: Move) -> str:
    """``m`` as a turn line, with its seat (the asker's ``ask yes`` for partner's answer)."""
    names = seat_names(s.rules.players)
    if isinstance(m, Answer):
        return f"{names[s.turn]} ask {'yes' if m.yes else 'no'}"
    if isinstance(m, Ask):
        return f"{names[s.actor]} ask yes"
    return f"{names[s.actor]} {move_text(pos, m)}"


def _ruled(pos: ReadPosition, text: str) -> Verdict | str:
    try:
        return rule_on(pos, text)
    except NotationError as e:  # a move the position cannot judge (the same for both)
        return e.message


def _same(whole: Verdict | str, seen: Verdict | str, text: str, doc: str) -> None:
    where = f"{text}\n{doc}"
    if isinstance(whole, str) or isinstance(seen, str):
        assert whole == seen, where
        return
    if (whole.legal, whole.refusal and whole.refusal.code) != (
        seen.legal,
        seen.refusal and seen.refusal.code,
    ):
        # Only a card named from the stock that an unseen hand may hold changes the answer,
        # and the answer says so.
        assert whole.refusal is not None and whole.refusal.code == "draw.not_in_stock", where
        assert [d.kind for d in seen.depends] and seen.depends[0].kind == "stock_card", where
        event("a draw that depends on an unseen hand")
        return
    if whole.owed != seen.owed:
        # What the asker's turn owes after partner's answer may read the asker's unseen cards.
        assert any(d.kind == "turn_owed" for d in seen.depends), where
        event("what the turn owes depends on an unseen hand")
    else:
        assert not any(d.kind == "turn_owed" for d in whole.depends), where
    assert (whole.remedy and whole.remedy.text) == (seen.remedy and seen.remedy.text), where


@st.composite
def cases(draw: st.DrawFn) -> tuple[str, tuple[str, ...], State, list[Move]]:
    """A random position, and refused-looking moves of the player to move: melds and pickups of
    that player's own cards, draws naming any card."""
    name, sets, s = draw(played())
    probes: list[Move] = []
    if not s.over:
        held = s.hand_cards(s.actor)
        some = st.lists(st.sampled_from(held), min_size=1, max_size=4) if held else st.nothing()
        if held:
            for cards in draw(st.lists(some, max_size=3)):
                probes.append(Meld((tuple(cards),)))
                probes.append(TakePile(tuple(cards[:2]), (tuple(cards[2:]),) if cards[2:] else ()))
        named = st.lists(st.integers(0, C.NUM_CARD_IDS - 1), min_size=1, max_size=2)
        probes.extend(Draw(tuple(c)) for c in draw(st.lists(named, max_size=3)))
    return name, sets, s, probes


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases())
def test_the_mover_rules_the_same_from_what_they_see(
    case: tuple[str, tuple[str, ...], State, list[Move]],
) -> None:
    name, sets, s, probes = case
    assume(not s.over)  # a finished hand has nobody to move
    event(f"phase {s.phase.name}")
    tags = [("Variant", name), *(("Set", x) for x in sets)]
    others = {p: () for p in range(s.rules.players) if p != s.actor}
    whole_text = position_text(s, tags)
    seen_text = position_text(s, tags, unseen_hands=others)
    whole = read_position(parse(whole_text, "whole.pos"))
    seen = read_position(parse(seen_text, "seen.pos"))
    moves = [_named(s, m) for m in legal_moves(s)]
    if s.phase == Phase.EXPOSE:
        moves = [m for m in moves if not isinstance(m, Expose)]  # no cards to name, unseen stock
    refused: list[Move] = [Discard(c) for c in range(C.NUM_CARD_IDS)] + probes
    if s.phase in (Phase.DRAW, Phase.PLAY) and s.rules.permission:
        refused.append(Ask())
    if s.pile and s.phase == Phase.DRAW:
        refused.append(TakePile(()))
    for m in moves:
        text = _text(whole, s, m)
        verdict = _ruled(whole, text)
        assert isinstance(verdict, str) or verdict.legal, (text, whole_text)
        _same(verdict, _ruled(seen, text), text, seen_text)
    for m in refused:
        text = _text(whole, s, m)
        _same(_ruled(whole, text), _ruled(seen, text), text, seen_text)
