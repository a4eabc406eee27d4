"""Audit of going out, asking partner, and going out concealed, as rulings and scores at the
table, from the sources (000: encyclopedia, 001: classic, 002: online, 004: general; files
under /work/shared/sources/). Each expectation is the source's, in our own words."""

from __future__ import annotations

import pytest
from audit_rulings_helpers import pos, to_draw
from helpers import hand_scores, refused, replay_code, ruling

OPENED = "N S E W"
KINGS7 = "Kc Kd Kh Ks Kc Kd Kh"
QUEENS7 = "Qc Qd Qh Qs Qc Qd Qh"


def test_001_no_canasta_no_going_out() -> None:
    """001, 'Going out': without a team canasta a card must stay after the discard; melding
    three fives and discarding the last card is refused."""
    text = pos("classic", n="5c 5d 5h 4s", ns="Qc Qd Qh", melded=OPENED)
    assert refused(text, "meld 5c 5d 5h discard 4s") == "meld.keep_a_card"


def test_001_with_a_canasta_the_whole_hand_may_be_melded() -> None:
    """001, 'Going out': with a canasta the player may meld every card, no final discard."""
    v = ruling(pos("classic", n="5c 5d 5h", ns=QUEENS7, melded=OPENED), "meld 5c 5d 5h")
    assert v.legal and v.after is not None and v.after.over


def test_001_the_canasta_may_be_made_in_the_going_out_turn() -> None:
    """001, 'Going out': the team's canasta may be completed in the same turn."""
    text = pos("classic", n="5c 5d 5h Qs", ns="Qc Qd Qh Qs Qc Qd", melded=OPENED)
    v = ruling(text, "meld 5c 5d 5h, Q: Qs")
    assert v.legal and v.after is not None and v.after.over


@pytest.mark.parametrize(
    ("move", "expected"),
    [("meld 5c 5d 5h", "out.final_discard"), ("meld 5c 5d 5h discard 4s", None)],
)
def test_004_going_out_ends_with_a_discard(move: str, expected: str | None) -> None:
    """004, '(3) Discarding': the player cannot meld the last card and goes out by discarding
    it (general pins the discard, except for a concealed finish)."""
    n = "5c 5d 5h" if expected else "5c 5d 5h 4s"
    assert refused(pos("general", n=n, ns=QUEENS7, melded=OPENED), move) == expected


def test_002_two_canastas_option() -> None:
    """002, 'End of a hand': with the option of two canastas, one is not enough to go out."""
    text = f"""[Variant "online-two-canastas"]
[Scores "N 1200, S 900"]

hand N: 5c 5d 5h 4s
hand S: 4c 6c 8c Tc Td
melds N: {QUEENS7}
melds S: Ac Ad Ah
melded: N S
pile: 7c 8d
turn: drew stock
to move: N play
"""
    assert refused(text, "meld 5c 5d 5h discard 4s") is not None
    assert refused(text, "meld 5c 5d 5h") is not None


def test_001_ask_before_further_melding() -> None:
    """001, 'Going out': ask just after drawing or taking the pile, before melding more."""
    text = pos("classic", n="5c 5d 5h 4s 6s", ns=QUEENS7, melded=OPENED)
    assert refused(text, "meld 5c 5d 5h ask yes") == "ask.too_late"


@pytest.mark.parametrize("variant", ["classic", "encyclopedia"])
def test_a_yes_obliges_the_asker_to_go_out(variant: str) -> None:
    """000 ('If the partner responds yes, the player must go out this turn') and 001 (the
    answer is binding): after a yes, a discard that keeps cards is refused, and the form the
    ruling suggests instead is legal and ends the hand."""
    text = pos(variant, n="5c 5d 5h 4s 2c", ns=QUEENS7, melded=OPENED)
    v = ruling(text, "ask yes discard 4s")
    assert v.refusal is not None and v.refusal.code == "out.permission_obliges"
    assert v.remedy is not None
    w = ruling(text, v.remedy.text.removeprefix("N "))
    assert w.legal and w.after is not None and w.after.over


@pytest.mark.parametrize("variant", ["classic", "encyclopedia"])
def test_a_no_forbids_going_out_this_turn(variant: str) -> None:
    """000 ('If the partner refuses permission, the player may not go out this turn'), 001."""
    text = pos(variant, n="5c 5d 5h 9s 9c 9h 4s", ns=QUEENS7, melded=OPENED)
    assert refused(text, "ask no meld 5c 5d 5h, 9s 9c 9h discard 4s") == "out.permission_refused"
    # Melding down to one card would leave a discard that goes out: refused too.
    assert refused(text, "ask no meld 5c 5d 5h, 9s 9c 9h") == "out.permission_refused"
    assert refused(text, "ask no meld 5c 5d 5h discard 4s") is None  # three nines kept


def test_001_concealed_after_a_stock_draw_needs_no_minimum() -> None:
    """001, 'Going out': a concealed finish after a stock draw waives the initial-meld minimum
    of an unopened team. At 3000 (120 needed) North lays seven kings and three fives (85) and
    discards: 200 for going out concealed, 500 for the natural canasta, 85 melded, less South's
    40 (6c 7d 8s Th Td)."""
    text = pos("classic", n=KINGS7 + " 5c 5d 5h 4s", ew="", melded="", scores="NS 3000, EW 0")
    ns, _ = hand_scores(text, f"meld {KINGS7}, 5c 5d 5h discard 4s")
    assert (ns.going_out, ns.natural_canastas, ns.melds, ns.hands) == (200, 500, 85, -40)
    assert ns.total == 745


def test_000_concealed_is_the_teams_initial_meld_and_keeps_the_minimum() -> None:
    """000 gives no exception to the minimum and calls a concealed finish the team's initial
    meld (encyclopedia pins that it must reach the minimum): 85 at 3000 is refused."""
    text = pos("encyclopedia", n=KINGS7 + " 5c 5d 5h 4s", ew="", melded="", scores="NS 3000, EW 0")
    assert refused(text, f"meld {KINGS7}, 5c 5d 5h discard 4s") == "open.below_minimum"


@pytest.mark.parametrize(("variant", "bonus"), [("classic", 200), ("encyclopedia", 100)])
def test_concealed_when_partner_has_melded(variant: str, bonus: int) -> None:
    """001: concealed is the player's own matter (nothing melded before by that player, no
    cards onto partner's melds), so South's melds do not stop North: 200. 000: concealed is
    making the team's initial meld and going out in one turn, so with South's queens down it
    is an ordinary going out: 100."""
    text = pos(variant, n=KINGS7 + " 5c 5d 5h 4s", ns="Qc Qd Qh", melded="S E W")
    ns, _ = hand_scores(text, f"meld {KINGS7}, 5c 5d 5h discard 4s")
    assert ns.going_out == bonus


def test_001_a_card_onto_partners_meld_spoils_a_concealed_finish() -> None:
    """001: going out concealed means adding nothing to partner's melds; a queen that joins
    South's queens (matching cards join the team's meld) makes it an ordinary going out."""
    text = pos("classic", n=KINGS7 + " 5c 5d 5h Qs 4s", ns="Qc Qd Qh", melded="S E W")
    ns, _ = hand_scores(text, f"meld {KINGS7}, 5c 5d 5h, Q: Qs discard 4s")
    assert ns.going_out == 100


def test_001_concealed_after_taking_the_pile_still_needs_the_minimum() -> None:
    """001: a concealed finish after a discard-pile pickup must meet the minimum before the
    pile is taken: six kings in hand and the top king make 70, short of 120 at 3000."""
    text = to_draw(
        "classic",
        n="Kc Kd Kh Ks Kc Kd 5c 5d",
        ew="",
        melded="",
        pile="Ah 9s Kh",
        scores="NS 3000, EW 0",
    )
    assert refused(text, "take Kh with Kc Kd Kh Ks Kc Kd") == "open.below_minimum"


# --------------------------------------------------------------------------------------------
# A turn ends with its discard: nothing after it on the same line is the next player's move


@pytest.mark.parametrize(
    "move", ["discard 4s ask yes", "discard 4s draw 7c discard 7c", "N discard 4s draw 7c"]
)
def test_a_ruling_does_not_play_the_next_players_turn(move: str) -> None:
    """000 and 001: a turn ends when the player discards. A ruling on North's move that goes
    on after the discard is refused (turn.over); it was answered 'legal', the actions after the
    discard being played for East (under encyclopedia, where asking before the draw is allowed,
    'discard 4s ask yes' read as East asking)."""
    text = pos("encyclopedia", n="5c 5d 5h 4s 2c", ns="Kc Kd Kh", melded=OPENED)
    assert refused(text, move) == "turn.over"


RECORD = """[Variant "encyclopedia"]

hand 1 dealer W
deal N: Kc Kd Kh Ac Ad 2c 4s 5s 6s 7s 9s
deal E: 4c 5c 6c 7c 8d 9d Td Jd Qd Kd 8s
deal S: 8c Jk 4h 5h 6h 7h 9h Th Jh Qh Ks
deal W: 4d 5d 6d 7d 9c Tc Jc Qc Ts Js Qs
upcard 8h
N draw Ah discard 4s LATER
E draw 3c discard 8d
"""


@pytest.mark.parametrize("later", ["ask no", "draw 9h"])
def test_a_record_line_that_goes_on_past_the_discard_is_refused(later: str) -> None:
    """000: a turn ends with the discard. The replay accepted 'N draw Ah discard 4s ask no'
    (the ask played as East's) and stopped on the next line with a misleading 'already drawn'
    when North's line held a second draw; now the line itself is refused."""
    assert replay_code(RECORD.replace("LATER", later)) == "turn.over"
    assert replay_code(RECORD.replace(" LATER", "")) is None
