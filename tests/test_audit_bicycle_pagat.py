"""An audit of the built-ins that follow Bicycle/Hoyle and Pagat beyond the five local sources:
`bicycle`, `two-hand`, `three-hand` and `three-hand-cutthroat`, rule statement by rule
statement, against rulings, replayed positions, scores and rule sheets. It leaves out what
tests/test_audit_001_deep.py, tests/test_audit_source_rulings.py and
tests/test_audit_table_sizes.py already check (001's account of Bicycle's differences, the
table sizes, the 15/13-card deals, E1 at 1400/1600, the cutthroat score columns).

Texts (read through the project's `pages` corpus, or the catalog):

- BIC: Bicycle/Hoyle, Canasta, through a copy of its text
  (http://enjoyplay.site/2017/gambling-card-games-concealment-2017.php: the dealer's left cuts,
  any three turned up is covered, a dealt red three is laid out on the player's first turn, a red
  three drawn is laid out and replaced); Bicycle's own canasta page is not in the corpus.
- B2: Bicycle, Two-Hand Canasta (http://www.bicyclecards.ca/game-rules/two-hand-canasta/115.php).
- BCT: Bicycle, Cutthroat Canasta (http://www.bicyclecards.com/card-games/rule/cutthroat-canasta).
- RG2: Rummy-Games, Canasta For Two Players (http://www.rummy-games.com/rules/canasta-for-two.html).
- RG3: Rummy-Games, Canasta For Three Players
  (http://www.rummy-games.com/rules/canasta-for-three.html).
- LR3: LoveRummy, Play Canasta - Rules for three players
  (http://loverummy.com/rummy-rules-three-player-canasta/).
- Brit: Britannica, Canasta: Going out (https://www.britannica.com/topic/canasta/Going-out).
- cat: shared/RULE-PARAMETERS.md, its P (Pagat, https://www.pagat.com/rummy/canasta.html, whose
  own page the corpus does not hold), B (Bicycle/Hoyle) and W columns; 001 =
  001_0cb887cc6d824426.txt, which teaches Pagat's rules.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import after as _after
from helpers import read_state, ruling, run_cli, sheet_text

from canasta_rules.engine.scoring import score_hand

Capsys = pytest.CaptureFixture[str]


def _rule(text: str, move: str) -> str:
    """'legal', or the rule code of the refusal."""
    verdict = ruling(text, move)
    if verdict.legal:
        return "legal"
    assert verdict.refusal is not None
    return verdict.refusal.code


# ============================================================================================
# bicycle: asking partner (cat B: "before or after drawing"; Brit: the answer binds)

ASK = """[Variant "{v}"]
[Scores "NS 1200, EW 900"]
hand N: {n}
hand E: 4c 5s 7h 7s 9d Td Jh
hand S: Ac 6c 7d 8s Th Jc Qd
hand W: 4d 6h 6h 8c 9h Ts Kh
melds NS: {ns}
melds EW: Ad Ah As 2h
melded: N S E
{turn}to move: N {phase}
"""
CANASTA = "Qc Qd Qh Qs Qs 2c Jk, Kc Kh Ks"
OUT = "meld 5c 5d 5h, K: Kd discard 4s"


def _ask(v: str = "bicycle", n: str = "5c 5d 5h Kd", ns: str = CANASTA, drawn: bool = False) -> str:
    turn, phase = ("turn: drew stock\n", "play") if drawn else ("", "draw")
    return ASK.format(v=v, n=n, ns=ns, turn=turn, phase=phase)


def test_bicycle_may_ask_before_drawing_classic_may_not() -> None:
    """cat B: a player who sees a way out may ask "Partner, may I go out?" before or after
    drawing; 001 (classic) asks only just after drawing, so asking first is refused there."""
    assert _rule(_ask(), "ask yes draw 4s " + OUT) == "legal"
    assert _rule(_ask("classic"), "ask yes draw 4s " + OUT) == "ask.too_early"


def test_bicycle_may_ask_after_drawing() -> None:
    """cat B: asking after the draw is the other time Bicycle allows."""
    assert _rule(_ask(), "draw 4s ask yes " + OUT) == "legal"


def test_bicycle_need_not_ask_at_all() -> None:
    """cat B / Brit: asking is the player's option, so going out unasked is legal."""
    assert _rule(_ask(), "draw 4s " + OUT) == "legal"


def test_bicycle_only_a_player_able_to_go_out_asks() -> None:
    """cat B (the question is put by a player who sees that they can go out): after the draw, a
    hand that cannot go out may not ask."""
    assert _rule(_ask(n="5c 6d 7h 9s", drawn=True), "ask yes") == "ask.cannot_go_out"


def test_bicycle_no_canasta_means_nothing_to_ask() -> None:
    """cat B with 001's one-canasta rule (B: one canasta in the partnership game): a side with no
    canasta cannot go out, so there is nothing to ask."""
    text = _ask(n="5c 5d 5h Kd", ns="Kc Kh Ks", drawn=True)
    assert _rule(text, "ask yes") == "ask.cannot_go_out"


def test_bicycle_a_no_binds_for_the_turn() -> None:
    """Brit (the player must abide by the answer) and cat B ("binding"): after a no the player may
    not go out this turn but may play on."""
    assert _rule(_ask(), "ask no draw 4s " + OUT) == "out.permission_refused"
    assert _rule(_ask(), "ask no draw 4s discard 4s") == "legal"


def test_bicycle_a_yes_obliges_the_player_to_go_out() -> None:
    """Brit / cat B: the answer binds; bicycle's pinned reading keeps 001's binding yes, so after
    a yes asked before the draw, keeping cards when going out is possible is refused."""
    assert _rule(_ask(), "ask yes draw 4s discard 5c") == "out.permission_obliges"


def test_bicycle_asks_before_melding() -> None:
    """cat B (before or after drawing) read with 001 (before any further melding): once North has
    melded after the draw, the question comes too late; right after taking the pile it is in
    time."""
    assert _rule(_ask(), "draw 4s meld 5c 5d 5h ask yes add K: Kd discard 4s") == "ask.too_late"
    text = _ask(n="5c 5d 5h 8c 8h").replace("melded: N S E\n", "melded: N S E\npile: 7c 8d\n")
    assert _rule(text, "take 8d with 8c 8h ask yes meld 5c 5d 5h discard 7c") == "legal"


def test_bicycle_one_card_in_hand_may_not_take_a_one_card_pile() -> None:
    """Brit (cat B's one_card_pickup_ban): a player holding one card may not take a discard pile
    of one card."""
    text = _ask(n="8c").replace("melded: N S E\n", "melded: N S E\npile: 8d\n")
    assert _rule(text, "take 8d") == "pile.one_card"


# ============================================================================================
# bicycle: black threes (cat B: a black three discarded freezes the pile; melded only going out)

BLACK = """[Variant "bicycle"]
[Scores "NS 1200, EW 900"]
hand N: {n}
hand E: 4c 5s 7h 7s 9d Td Jh
hand S: Ac 6c 7d 8s Th Jc Qd
hand W: 4d 6h 6h 8c 9h Ts Kh
melds NS: Qc Qd Qh Qs Qs 2c Jk, Kc Kh Ks
melds EW: Ad Ah As 2h
melded: N S E
pile: {pile}
{turn}to move: N {phase}
"""


def _black(n: str, pile: str = "7c 8d", drawn: bool = True) -> str:
    turn, phase = ("turn: drew stock\n", "play") if drawn else ("", "draw")
    return BLACK.format(n=n, pile=pile, turn=turn, phase=phase)


def test_bicycle_three_black_threes_may_be_melded_going_out() -> None:
    """cat B / Brit (E12): three or four black threes are melded only by a player going out; a
    player holding three goes out by melding them, with or without a last discard."""
    assert _rule(_black("3c 3s 3c"), "meld 3c 3s 3c") == "legal"
    assert _rule(_black("3c 3s 3c 5d"), "meld 3c 3s 3c discard 5d") == "legal"


def test_bicycle_black_threes_take_no_wild_card() -> None:
    """Brit (E12): wild cards may not be included in a meld of black threes."""
    assert _rule(_black("3c 3s 2d"), "meld 3c 3s 2d") == "meld.black_threes.wild"


def test_bicycle_black_threes_are_not_melded_without_going_out() -> None:
    """cat B / Brit: melding black threes while keeping cards is refused."""
    text = _black("3c 3s 3c 5d 6d")
    assert _rule(text, "meld 3c 3s 3c discard 5d") == "meld.black_threes.not_going_out"


def test_bicycle_black_three_on_top_blocks_even_a_natural_pair() -> None:
    """cat B ("frozen when ... a black three is ... discarded") and 001: a black three on top
    cannot be taken at all."""
    text = _black("9c 9h 5d 6d", pile="7c 3s", drawn=False)
    assert _rule(text, "take 3s with 9c 9h discard 5d") == "pile.top_black_three"


def test_bicycle_black_three_freeze_ends_when_the_pile_is_taken() -> None:
    """cat B: the black three freezes the pile until it is taken (a frozen pile is unfrozen by
    being taken). North takes it with a natural pair; the pile East then faces is not frozen."""
    text = _black("8c 8h 5d 6d", pile="4d 3s 8d", drawn=False)
    assert _rule(text, "take 8d with 8c 8h discard 5d") == "legal"
    after = _after(text, "take 8d with 8c 8h discard 5d")
    assert after.turn == 1 and not after.frozen


# ============================================================================================
# bicycle: red threes kept until the first turn (BIC), and drawn red threes

EXPOSE = """[Variant "bicycle"]
[Scores "NS 0, EW 0"]
hand N: 4c 5d 6h Kd 9c 9d Qs Js Td 8c 7c
hand E: 3d 3h 5s 7h 7s 9d Td Jh 8s 8h 5c
hand S: 6c 7d 8s Th 4s 4h 6s 7c Jc Qc Kc
hand W: 4h 6d 8c 9h Ts Kh Qh Qd Jd 5h 5s
pile: 7d 9s
to move: E expose
"""


def test_bicycle_second_player_lays_dealt_red_threes_on_his_first_turn() -> None:
    """BIC: a player finding a red three in the hand puts it face up on the table on their first
    turn and draws a replacement: East, dealt two, lays both and draws two before the turn's
    draw."""
    assert _rule(EXPOSE, "expose 4d 6c draw 2c discard 5c") == "legal"


def test_bicycle_each_dealt_red_three_is_replaced() -> None:
    """BIC: one replacement per red three; with two laid out, one replacement is short."""
    # (a code of its own since the replacements are no draw: replacement.too_few)
    assert _rule(EXPOSE, "expose 4d draw 2c discard 5c") == "replacement.too_few"


def test_bicycle_red_threes_before_the_turns_draw() -> None:
    """BIC: the dealt red threes go down on the first turn, before anything else."""
    assert _rule(EXPOSE, "draw 2c discard 5c") == "expose.first"


DRAW_RED = _black("5c 5d 5h 9s 8c", drawn=False)


def test_bicycle_a_red_three_drawn_is_laid_out_and_replaced() -> None:
    """BIC: a player who draws a red three from the stock lays it face up and draws a
    replacement; the replacement is owed."""
    assert _rule(DRAW_RED, "draw 3d 4h discard 9s") == "legal"
    assert _rule(DRAW_RED, "draw 3d discard 9s") == "draw.too_few"


# ============================================================================================
# bicycle: the minimum tiers (cat B: "as 001 (Minus 15...)")

OPEN = """[Variant "bicycle"]
[Scores "NS {score}, EW 900"]
hand N: {n}
hand E: 4c 5s 7h 7s 9d Td Jh
hand S: Ac 6c 7d 8s Th Jc Qd
hand W: 4d 6h 6h 8c 9h Ts Kh
melds EW: Ad Ah As 2h
melded: E
pile: 7c 8d
turn: drew stock
to move: N play
"""


@pytest.mark.parametrize(
    ("score", "hand", "move", "expected"),
    [
        (-100, "5c 5d 5h 9s 7d", "meld 5c 5d 5h discard 9s", "legal"),
        (0, "5c 5d 5h 9s 7d", "meld 5c 5d 5h discard 9s", "open.below_minimum"),
        (1495, "Ac Ad Ah Kc 9s 7d Jd", "meld Ac Ad Ah discard 9s", "legal"),
        (1500, "Ac Ad Ah Kc 9s 7d Jd", "meld Ac Ad Ah discard 9s", "open.below_minimum"),
        (2995, "Ac Ad Ah Kc Kd Kh 9s 7d", "meld Ac Ad Ah, Kc Kd Kh discard 9s", "legal"),
        (
            3000,
            "Ac Ad Ah Kc Kd Kh 2d 9s 7d",
            "meld Ac Ad Ah, Kc Kd Kh 2d discard 9s",
            "open.below_minimum",
        ),
        (
            3000,
            "Ac Ad Ah Jk Kc Kd Kh 2d 9s 7d",
            "meld Ac Ad Ah Jk, Kc Kd Kh 2d discard 9s",
            "legal",
        ),
    ],
)
def test_bicycle_minimum_count_tiers(score: int, hand: str, move: str, expected: str) -> None:
    """cat B (its minimum table, as 001): minus 15 below zero, 50 from 0, 90 from 1500 and 120
    from 3000, read from the side's score: three fives (15) open below zero but not at 0; three
    aces (60) at 1495 but not at 1500; aces and kings (90) at 2995; 110 is short at 3000 and 160
    enough."""
    assert _rule(OPEN.format(score=score, n=hand), move) == expected


# ============================================================================================
# bicycle: concealed going out (Brit: no earlier melds; 200)

CONCEALED = """[Variant "bicycle"]
[Scores "NS 1200, EW 900"]
hand N: Kc Kd Kh Ks Kc Kd Kh 5c 5d 5h {last}
hand E: 4c 5s 7h 7s 9d Td Jh
hand S: Ac 6c 7d 8s Th Jc Qd
hand W: 4d 6h 6h 8c 9h Ts Jd
{ns}melds EW: Ad Ah As 2h
melded: E{s}
pile: 7c 8d
turn: drew stock
to move: N play
"""


def test_bicycle_concealed_going_out_earns_200() -> None:
    """Brit (cat B's concealed column): going out without having melded before, the hand all
    melds with a canasta among them, earns 200 instead of 100."""
    text = CONCEALED.format(last="9s", ns="", s="")
    after = _after(text, "meld Kc Kd Kh Ks Kc Kd Kh, 5c 5d 5h discard 9s")
    ns, _ = score_hand(after)
    assert after.concealed and ns.going_out == 200
    assert ns.total == 70 + 15 + 500 + 200 - 70  # South still holds A 6 7 8 T J Q


def test_bicycle_concealed_is_the_players_own_even_after_partner_melded() -> None:
    """Brit: concealed means the player made no melds or layoffs before; partner's earlier melds
    do not stop it (cat: B player-level, as 001)."""
    text = CONCEALED.format(last="9s", ns="melds NS: Qc Qd Qh\n", s=" S")
    after = _after(text, "meld Kc Kd Kh Ks Kc Kd Kh, 5c 5d 5h discard 9s")
    assert after.concealed and score_hand(after)[0].going_out == 200


def test_bicycle_laying_off_on_partners_meld_is_not_concealed() -> None:
    """Brit: no layoffs before going out concealed; 001: no cards added to partner's melds. North
    lays the queen on South's queens while going out: the bonus is the plain 100."""
    text = CONCEALED.format(last="Qs", ns="melds NS: Qc Qd Qh\n", s=" S")
    after = _after(text, "meld Kc Kd Kh Ks Kc Kd Kh, 5c 5d 5h, Q: Qs")
    assert after.over and not after.concealed
    assert score_hand(after)[0].going_out == 100


# ============================================================================================
# bicycle: the stock running out (cat B "as 001": play on from the pile, forced when it fits)

STOCK_OUT = (
    Path(__file__)
    .parent.parent.joinpath("docs/examples/stock-out.pos")
    .read_text(encoding="utf-8")
    .replace('"classic"', '"bicycle"')
    .replace("hand E: 4d", "hand E: 3c 3s 4d")
    .replace("hand S: 6c", "hand S: 3c 3s 6c")
    .replace("54 unseen", "50 unseen")
)


def test_bicycle_stock_out_forces_a_pickup_that_fits_a_meld() -> None:
    """cat B (stock_out as 001): with the stock gone, a player must take the discard when it
    matches a meld of their side and the pile is not frozen; here the 9s fits NS's nines."""
    assert _rule(STOCK_OUT, "draw") == "stock.forced_pickup"
    after = _after(STOCK_OUT, "take 9s discard 4c")
    assert not after.over and after.turn == 1


def test_bicycle_stock_out_ends_when_the_player_cannot_use_the_discard() -> None:
    """cat B / 001: play goes on only while each player takes the discard; a player who does not
    (an 8h fits nothing of NS's) ends the hand."""
    text = STOCK_OUT.replace("7c 8h 9s", "7c 9s 8h")
    after = _after(text, "draw")
    assert after.over and after.end_reason == "stock_exhausted"


def test_bicycle_red_three_as_the_last_stock_card_ends_the_hand() -> None:
    """cat red3_last_stock (P, 001: the player may neither meld nor discard), which bicycle
    inherits: drawing a red three as the last stock card ends the hand at once; a meld after it
    is refused. (Brit, in cat's B column, lets the player meld and lay off first: see the
    report.)"""
    text = STOCK_OUT.replace("stock 0", "stock 1").replace("red NS: 3d 3h", "red NS: 3d")
    after = _after(text, "draw 3h")
    assert after.over and after.end_reason == "red_three_last"
    assert _rule(text, "draw 3h meld 4c 5d 6h") == "hand.over"


# ============================================================================================
# bicycle: the rule sheet


@pytest.mark.parametrize(
    "claim",
    [
        "The player on the dealer's left cuts the pack before the deal. [B]",
        "If that card is a joker, a two, a red three or a black three, another card is turned up",
        "keeps them until their first turn, then lays them face up before drawing",
        "it also freezes the pile until someone takes it. [B, 001]",
        "The question may be asked before drawing or just after drawing",
        "below 0 (a negative score) 15",
        "Going out concealed (instead of the above) 200",
    ],
)
def test_bicycle_rule_sheet_states_bicycles_rules(capsys: Capsys, claim: str) -> None:
    """BIC (left cuts; any three covered; red threes on the first turn) and cat B (black three
    freezes; asking before or after drawing; Minus 15; concealed 200 via Brit): `canasta rules
    bicycle` says each."""
    assert " ".join(claim.split()) in sheet_text(capsys, "bicycle")


# ============================================================================================
# two-hand: B2, RG2, cat P

TWO = """[Variant "two-hand"]
[Scores "N {score}, S 0"]
hand N: {n}
hand S: 4c 4d 7h Jd Td
{melds}pile: {pile}
{turn}to move: N {phase}
"""
TWO_CANASTAS = "melds N: Kc Kd Kh Ks Kc Kd Kh, 9c 9d 9h 9s 9c 9d 9h\n"


def _two(
    n: str, score: int = 0, melds: str = TWO_CANASTAS, pile: str = "7c 8d", drawn: bool = True
) -> str:
    turn, phase = ("turn: drew stock\n", "play") if drawn else ("", "draw")
    return TWO.format(n=n, score=score, melds=melds, pile=pile, turn=turn, phase=phase)


def test_two_hand_nobody_asks_permission() -> None:
    """B2 / RG2 (each plays for himself): there is no partner to ask."""
    assert _rule(_two("5c 5d 5h 6s"), "ask yes meld 5c 5d 5h discard 6s") == "ask.no_partner"


def test_two_hand_two_canastas_go_out_without_a_discard() -> None:
    """B2 (two canastas to go out) with the partnership game's optional last discard (cat P,
    001): melding every card goes out."""
    after = _after(_two("5c 5d 5h"), "meld 5c 5d 5h")
    assert after.over and after.out_player == 0


def test_two_hand_taking_the_pile_is_the_whole_draw() -> None:
    """B2: the two-card draw is a draw from the stock; a player who takes the pile draws nothing
    more that turn."""
    text = _two("8c 8h 6s 5d", drawn=False)
    assert _rule(text, "take 8d with 8c 8h draw 5c 5s") == "turn.drawn"
    after = _after(text, "take 8d with 8c 8h discard 6s")
    assert after.hand_len[0] == 2  # 5d and the 7c from under the top card


def test_two_hand_a_red_three_among_the_two_drawn_is_replaced() -> None:
    """B2 (standard rules apply) / RG2: a red three drawn is laid out and replaced, so the draw
    still brings two playing cards."""
    text = _two("8c 8h 6s 5d", drawn=False)
    after = _after(text, "draw 5c 3d 5s discard 6s")
    assert after.hand_len[0] == 5
    assert _rule(text, "draw 5c 3d discard 6s") == "draw.too_few"


@pytest.mark.parametrize(
    ("score", "hand", "move", "expected"),
    [
        (-50, "5c 5d 5h 6s 7s", "meld 5c 5d 5h discard 6s", "legal"),
        (0, "5c 5d 5h 6s 7s", "meld 5c 5d 5h discard 6s", "open.below_minimum"),
        (
            3000,
            "Ac Ad Ah Kc Kd Kh 2d 6s 7s",
            "meld Ac Ad Ah, Kc Kd Kh 2d discard 6s",
            "open.below_minimum",
        ),
    ],
)
def test_two_hand_minimums_follow_the_players_score(
    score: int, hand: str, move: str, expected: str
) -> None:
    """B2 / RG2 (the four-hand rules otherwise apply) and cat (B, P: as 001): 15 below zero, 50
    from 0, 120 from 3000, read from the player's own score."""
    assert _rule(_two(hand, score=score, melds=""), move) == expected


def test_two_hand_black_three_is_pagats_stop_not_bicycles_freeze() -> None:
    """cat P / 001: a black three only stops the next pickup; once covered, a natural and a joker
    take the pile. (B2 plays by Bicycle's standard rules, which freeze: the variant pins P and
    says so, see the next test.)"""
    text = _two("9c Jk 5d 6d", melds="melds N: Qc Qd Qh\n", pile="7c 3s 4s 8h 9d", drawn=False)
    assert _rule(text, "take 9d with 9c Jk discard 5d") == "legal"
    top = _two("9c 9h 5d 6d", melds="melds N: Qc Qd Qh\n", pile="7c 3s", drawn=False)
    assert _rule(top, "take 3s with 9c 9h discard 5d") == "pile.top_black_three"


def test_two_hand_pins_the_texts_it_departs_from(capsys: Capsys) -> None:
    """B2 refers to Bicycle's standard rules (a black three freezes) and exempts red threes from
    penalty; the variant follows P on both and marks them pinned with a note."""
    code, out, err = run_cli(capsys, "variants", "show", "two-hand")
    assert code == 0, err
    assert "note on black_threes (001, P; pinned)" in out
    assert "B's base game freezes the pile instead" in out
    assert "note on red_threes.count_against (B, P; pinned)" in out


def test_two_hand_stock_out_forces_a_fitting_pickup() -> None:
    """B2 / RG2 (otherwise the four-hand rules; cat P as 001): once the stock is gone, a player
    must take a discard that fits one of their melds, and ends the hand when they cannot use it."""
    text = """[Variant "two-hand"]
[Scores "N 2200, S 1900"]
hand N: 4c 5d 6h Kd
hand S: 4d 5s 7h 7s 9d Td Jh 2c 2h 2s 3c 3s
melds N: 9c 9d 9h 2c, Qc Qd Qh Qs Qs 2s Jk
melds S: Ad Ah As 2h, Jc Jd Js
red N: 3d 3h
red S: 3d 3h
pile: 63 unseen, 7c 8h 9s
stock 0
to move: N draw
""".replace("hand S: 4d", "hand S: 2d 2d Jk Jk Jk 3c 3s 4d").replace("63 unseen", "60 unseen")
    assert _rule(text, "draw") == "stock.forced_pickup"
    after = _after(text.replace("7c 8h 9s", "7c 9s 8h"), "draw")
    assert after.over and after.end_reason == "stock_exhausted"


@pytest.mark.parametrize(
    "claim",
    [
        "each is dealt 15 cards",
        "the player takes the top two cards of the stock",
        "at least two canastas",
        "Players have no partners, so nobody asks permission to go out.",
    ],
)
def test_two_hand_rule_sheet(capsys: Capsys, claim: str) -> None:
    """B2 / RG2: 15 cards, two drawn and one discarded, two canastas to go out; no partner to
    ask. `canasta rules two-hand` says each."""
    assert claim in sheet_text(capsys, "two-hand")


# ============================================================================================
# three-hand (plain): RG3's first form, cat B (3p: 7500, stock-out at the last drawer)

THREE = """[Variant "three-hand"]
[Scores "N {n_score}, E 0, W 0"]
hand N: {n}
hand E: Qs 4d 4h
hand W: Ks 8d 8h
{melds}melds E: Kc Kd Kh
melds W: Qc Qd Qh
pile: 4c 9c
turn: drew stock
to move: N play
"""


def test_three_hand_one_canasta_goes_out() -> None:
    """RG3 (plain: four-hand rules, each for himself): one canasta is enough to go out."""
    text = THREE.format(n_score=0, n="9s 7c", melds="melds N: 5c 5d 5h 5s 5c 5d 5h, 9c 9d 9h\n")
    after = _after(text, "add 9: 9s discard 7c")
    assert after.over and after.out_player == 0


def test_three_hand_nobody_asks_permission() -> None:
    """RG3: each player plays for himself, so there is no partner to ask."""
    text = THREE.format(n_score=0, n="9s 7c", melds="melds N: 5c 5d 5h 5s 5c 5d 5h, 9c 9d 9h\n")
    assert _rule(text, "ask yes") == "ask.no_partner"


def test_three_hand_minimum_is_each_players_own() -> None:
    """cat B ("3p: each ... uses own score") / RG3: North at 1500 needs 90, so three aces (60) do
    not open for North."""
    text = THREE.format(n_score=1500, n="Ac Ad Ah 7c 6d", melds="")
    assert _rule(text, "meld Ac Ad Ah discard 7c") == "open.below_minimum"
    text = THREE.format(n_score=1495, n="Ac Ad Ah 7c 6d", melds="")
    assert _rule(text, "meld Ac Ad Ah discard 7c") == "legal"


THREE_STOCK = """[Variant "three-hand"]
hand N: 6c 7c 4c
hand E: Qs 4d 4h
hand W: Ks 8d 8h
melds N: 5c 5d 5h
melds E: Kc Kd Kh
melds W: Qc Qd Qh
red N: 3h 3d
red E: 3h
red W: 3d
pile: 83 unseen, 4c 9c
frozen yes
stock 1
to move: N draw
"""


def test_three_hand_stock_out_ends_at_the_last_drawers_discard() -> None:
    """cat B (stock_out_rule: "3p: ends at last drawer's discard"): the player who draws the last
    stock card finishes the turn, and the hand is over; nobody plays on from the pile."""
    after = _after(THREE_STOCK, "draw Tc")
    assert not after.over
    after = _after(THREE_STOCK, "draw Tc discard 6c")
    assert after.over and after.end_reason == "stock_exhausted"


def test_three_hand_red_threes_count_minus_for_a_player_without_melds() -> None:
    """cat B (no meld: minus) and RG3 (four-hand rules): West, who never melded, counts his red
    three minus; North, who melded, plus."""
    text = """[Variant "three-hand"]
hand N:
hand E: 4d 4h
hand W: Ks 8d 8h
melds N: Ac Ad Ah As Ac Ad Ah, Jc Jd Jh Js Jc Jd Jh
melds E: Kc Kd Kh
red N: 3d
red W: 3h
pile: 7c
out N
"""
    n, _, w = score_hand(read_state(text))
    assert (n.red_threes, w.red_threes) == (100, -100)
    assert w.total == -100 - 30


# ============================================================================================
# three-hand-cutthroat: BCT, RG3 (cutthroat form), LR3

CUT_FORMED = """[Variant "three-hand-cutthroat"]
[Scores "N 1200, E 800, W 3100"]
hand N: 6c 7c 4c Td Jh
hand E: 4d 4h 8s 9s 9h
hand W: Ks 8d 8h 5s 6s
alone: N
melds N: 5c 5d 5h, 9c 9d 9h
melds E: Kc Kd Kh, Qc Qd Qh
melded: N E W
pile: 6d 9c
to move: E draw
"""


def test_cutthroat_a_later_pickup_does_not_change_the_sides() -> None:
    """BCT: only the first player to take the pile becomes the lone hand; when East takes it
    later, East and West stay partners against North."""
    after = _after(CUT_FORMED, "take 9c with 9s 9h discard 8s")
    assert [after.side(i) for i in range(3)] == [0, 1, 1]


def test_cutthroat_partners_melds_of_a_rank_combine_at_the_first_pickup() -> None:
    """BCT: the two join in partnership, combining their melds: East's kings and West's kings
    and a two become one meld, here a mixed canasta of seven."""
    text = """[Variant "three-hand-cutthroat"]
hand N: 9d 9h 6c 7c
hand E: Qs 4d 4h
hand W: Ks 8d 8h
melds N: 5c 5d 5h
melds E: Kc Kd Kh
melds W: Kc Kd Kh 2c
pile: 4c 9c
to move: N draw
"""
    after = _after(text, "take 9c with 9d 9h discard 6c")
    pair = after.melds[after.side(1)]
    assert list(pair) == [13] and len(pair[13].cards) == 7 and pair[13].wilds == 1


CUT_PAIR_PILE = """[Variant "three-hand-cutthroat"]
hand N: 6c 7c 4c Td Jh
hand E: 4d 4h 8s
hand W: 9s Jk 5s 6s
alone: N
melds N: 5c 5d 5h
{e_melds}melded: N{e}
pile: 6d 9c
to move: W draw
"""


def test_cutthroat_a_partner_shares_the_pairs_opening_for_the_pile() -> None:
    """BCT (the partners combine their melds) with 001 (the pile is frozen against a side until
    it has melded): East has melded, so West takes the nine with a nine and a joker; had neither
    partner melded, only a natural pair would do."""
    opened = CUT_PAIR_PILE.format(e_melds="melds E: Kc Kd Kh\n", e=" E")
    assert _rule(opened, "take 9c with 9s Jk discard 5s") == "legal"
    closed = CUT_PAIR_PILE.format(e_melds="", e="")
    assert _rule(closed, "take 9c with 9s Jk discard 5s") == "pile.frozen.needs_natural_pair"


CUT_W = """[Variant "three-hand-cutthroat"]
[Scores "N 1200, E 800, W 3100"]
hand N: 6c 7c 4c Td Jh
hand E: 4d 4h 8s
hand W: Js Jd Jc 8d
alone: N
melds N: 5c 5d 5h, 9c 9d 9h
melds E: {e}
melded: N E W
pile: 6d
turn: drew stock
to move: W play
"""


def test_cutthroat_a_partner_goes_out_on_the_pairs_canastas() -> None:
    """BCT (partners combine their melds) and RG3 (two canastas to go out): West may go out on the
    two canastas East made; with only one the pair may not."""
    two = "Kc Kd Kh Ks Kc Kd Kh, Qc Qd Qh Qs Qc Qd 2h"
    assert _rule(CUT_W.format(e=two), "meld Js Jd Jc discard 8d") == "legal"
    one = "Kc Kd Kh Ks Kc Kd Kh, Qc Qd Qh"
    assert _rule(CUT_W.format(e=one), "meld Js Jd Jc discard 8d") == "meld.keep_a_card"


def test_cutthroat_two_canastas_before_any_pickup_too() -> None:
    """RG3: two canastas are required to go out, also for a player going out before the pile
    was ever taken (who then becomes the lone hand: BCT)."""
    text = """[Variant "three-hand-cutthroat"]
hand N: 9s 7c
hand E: Qs 4d 4h
hand W: Ks 8d 8h
melds N: 5c 5d 5h 5s 5c 5d 5h, 9c 9d 9h
melds E: Kc Kd Kh
melds W: Qc Qd Qh
pile: 4c 8c
turn: drew stock
to move: N play
"""
    assert _rule(text, "add 9: 9s discard 7c") == "meld.keep_a_card"


def test_cutthroat_nobody_asks_permission() -> None:
    """BCT, RG3, LR3 say nothing of asking; the variant pins that nobody asks (the partnership
    lasts part of a hand), even a partner after the sides formed."""
    text = CUT_FORMED.replace("to move: E draw", "turn: drew stock\nto move: E play")
    # E has a partner now; the refusal says nobody asks in this game (it said 'no partner').
    assert _rule(text, "ask yes") == "ask.not_used"


CUT_REDS = """[Variant "three-hand-cutthroat"]
hand N: 6c 7c 4c Td
hand E:
hand W: 8d 8h
alone: N
{n_melds}melds E: Kc Kd Kh Ks Kc Kd Kh, Qc Qd Qh Qs Qc Qd 2h
{reds}pile: 6d
out E
"""
PAIR = 150 + 800 + 100 - 20


def test_cutthroat_red_threes_are_each_partners_own() -> None:
    """BCT / RG3: a red three counts only for its owner and is not part of the partnership
    total; two each are 200 apiece, not the pair's 800 for four."""
    text = CUT_REDS.format(
        n_melds="melds N: 5c 5d 5h, 9c 9d 9h\n", reds="red E: 3d 3h\nred W: 3d 3h\n"
    )
    _, e, w = score_hand(read_state(text))
    assert (e.red_threes, w.red_threes) == (200, 200)
    assert e.total == w.total == PAIR + 200


def test_cutthroat_all_four_red_threes_count_800_for_their_owner_only() -> None:
    """BCT (each partner receives the pair's total plus or minus his own red threes): East holds
    all four, 800 (001's value; the variant pins that one player must hold them), West none."""
    text = CUT_REDS.format(n_melds="melds N: 5c 5d 5h, 9c 9d 9h\n", reds="red E: 3d 3h 3d 3h\n")
    _, e, w = score_hand(read_state(text))
    assert (e.red_threes, w.red_threes) == (800, 0)
    assert (e.total, w.total) == (PAIR + 800, PAIR)


def test_cutthroat_lone_hand_without_melds_counts_red_threes_minus() -> None:
    """BCT: a red three counts plus or minus depending on whether its owner's side has melded: the
    lone North never melded (minus), West's side did (plus)."""
    text = CUT_REDS.format(n_melds="", reds="red N: 3d\nred W: 3h\n")
    n, _, w = score_hand(read_state(text))
    assert (n.red_threes, n.total) == (-100, -100 - 25)
    assert w.red_threes == 100 and w.total == PAIR + 100


def test_cutthroat_partners_who_never_melded_count_red_threes_minus() -> None:
    """BCT: plus or minus by whether the owner's side has melded: North went out alone and
    neither partner melded, so each partner's red three counts minus, and each partner gets the
    pair's hand cards (East 20, West 20) against him."""
    text = """[Variant "three-hand-cutthroat"]
hand N:
hand E: 4d 4h Kc
hand W: 8d 8h
alone: N
melds N: Ac Ad Ah As Ac Ad Ah, Jc Jd Jh Js Jc Jd Jh
red E: 3d
red W: 3h
pile: 6d 9c
out N
"""
    _, e, w = score_hand(read_state(text))
    assert (e.red_threes, w.red_threes) == (-100, -100)
    assert e.total == w.total == -40 - 100


def test_cutthroat_stock_out_after_a_pickup_scores_the_partnership() -> None:
    """BCT: only if the pile was never taken does each player score for himself at a stock-out;
    here North took it, so East and West each receive the pair's total plus their red threes."""
    text = """[Variant "three-hand-cutthroat"]
hand N: 6c 7c 4c
hand E: Qs 4d 4h
hand W: Ks 8d 8h
alone: N
melds N: 5c 5d 5h, 9c 9d 9h
melds E: Kc Kd Kh, Qc Qd Qh
red N: 3h
red E: 3h 3d
red W: 3d
melded: N E
pile: 79 unseen, 4c 6c
frozen yes
stock 2
to move: N draw
"""
    after = _after(text, "draw Tc Td discard 6c")
    assert after.over and after.end_reason == "stock_exhausted" and after.sides_formed
    n, e, w = score_hand(after)
    assert n.total == 45 - 30 + 100
    pair = 60 - 20 - 30
    assert (e.total, w.total) == (pair + 200, pair + 100)


def test_cutthroat_score_cli_gives_each_player_a_column(capsys: Capsys, tmp_path: Path) -> None:
    """BCT: the score sheet has three columns, one per player; `canasta score` of a finished
    cutthroat hand lists N, E and W, each partner with the pair's total and his red threes."""
    path = tmp_path / "cut.pos"
    path.write_text(
        CUT_REDS.format(n_melds="melds N: 5c 5d 5h, 9c 9d 9h\n", reds="red E: 3d\n"),
        encoding="utf-8",
    )
    code, out, err = run_cli(capsys, "score", str(path), "--json")
    assert code == 0, err
    score = json.loads(out)
    assert list(score) == ["N", "E", "W"]
    assert (score["E"]["Total"], score["W"]["Total"]) == (PAIR + 100, PAIR)


def test_cutthroat_tally_refuses_and_says_where_to_score(capsys: Capsys) -> None:
    """BCT: who plays alone decides the scoring, which a line of counts cannot say; the tally
    refuses cutthroat and points to `canasta score` on a position."""
    code, _, err = run_cli(
        capsys, "tally", "three-hand-cutthroat", "--hand", "N m 100; E m 50; W m 20"
    )
    assert code == 2
    assert "seating.forming" in err and "canasta score" in err


def test_cutthroat_player_below_zero_needs_15() -> None:
    """BCT (each player's minimum depends on his own score) with 001's table (cat B: Minus 15):
    a player below zero opens with three fives."""
    text = """[Variant "three-hand-cutthroat"]
[Scores "N -200, E 0, W 0"]
hand N: 5c 5d 5h 7c 6d
hand E: Qs 4d 4h
hand W: Ks 8d 8h
melds E: Kc Kd Kh
pile: 4c 9c
turn: drew stock
to move: N play
"""
    assert _rule(text, "meld 5c 5d 5h discard 7c") == "legal"
    assert _rule(text.replace("N -200", "N 0"), "meld 5c 5d 5h discard 7c") == "open.below_minimum"


@pytest.mark.parametrize(
    "claim",
    [
        "the first player to take the discard pile plays alone for the rest of the hand",
        "A partner scores the partnership's whole total for the hand, plus or minus their own red "
        "threes",
        "the player takes the top two cards of the stock",
        "at least two canastas",
    ],
)
def test_cutthroat_rule_sheet(capsys: Capsys, claim: str) -> None:
    """BCT / RG3: the lone hand, the partners' scores, the two-card draw and two canastas;
    `canasta rules three-hand-cutthroat` says each."""
    assert claim in sheet_text(capsys, "three-hand-cutthroat")


def test_cutthroat_and_three_hand_play_to_7500(capsys: Capsys) -> None:
    """BCT, RG3, LR3 (cutthroat) and cat B (3p: 7500): the rule sheets give 7500."""
    for variant in ("three-hand", "three-hand-cutthroat"):
        assert "reached 7500 or more" in sheet_text(capsys, variant)


# ============================================================================================
# replayed records

BIC_RECORD = """[Variant "bicycle"]
hand 1 dealer W
deal N: 3h 4c 5d 6h Kd 9c 9d Qs Js Td 8c
deal E: 3d 5s 7h 7s 9d Td Jh 8s 8h 5c 6c
deal S: 6c 7d 8s Th 4s 4h 6s 7c Jc Qc Kc
deal W: 4h 6d 8c 9h Ts Kh Qh Qd Jd 5h 5s
upcard 7d
N expose 2c draw 9s discard 4c
E expose Ad draw 4d discard 5c
S draw Ac discard 4s
W draw Kd discard 4h
"""


def _replay(capsys: Capsys, tmp_path: Path, text: str) -> tuple[int, str, str]:
    path = tmp_path / "g.can"
    path.write_text(text, encoding="utf-8")
    return run_cli(capsys, "replay", str(path))


def test_bicycle_record_each_player_exposes_on_their_own_first_turn(
    capsys: Capsys, tmp_path: Path
) -> None:
    """BIC: dealt red threes stay in the hand through the deal; each player lays them down on
    their own first turn: North on the first turn, East on the second. The record replays; with
    East's expose left out, East's draw is refused at its line; laid out in the deal (before the
    bar), it is refused."""
    code, out, err = _replay(capsys, tmp_path, BIC_RECORD)
    assert code == 0, err
    assert "unfinished after 4 turns" in out
    code, _, err = _replay(capsys, tmp_path, BIC_RECORD.replace("E expose Ad draw", "E draw"))
    assert code == 2 and ":9:3:" in err and "(expose.first)" in err
    code, _, err = _replay(capsys, tmp_path, BIC_RECORD.replace("deal E: 3d ", "deal E: 3d | "))
    assert code == 2 and "on the player's first turn" in err


TWO_RECORD = (
    Path(__file__).parent.parent.joinpath("docs/examples/two-hand-game.can").read_text("utf-8")
)


def test_two_hand_record_every_stock_draw_is_two_cards(capsys: Capsys, tmp_path: Path) -> None:
    """B2 / RG2: each stock draw is two cards, one discarded (a red three among them is listed
    with its replacement: 'draw Kd 3d 4h'). The example two-hand game replays to its result under
    the 5000 target; the same record with a one-card draw is refused at that turn."""
    assert "N draw Kd 3d 4h" in TWO_RECORD
    code, out, err = _replay(capsys, tmp_path, TWO_RECORD)
    assert code == 0, err
    assert "result: South won, N 5080, S 6270" in out
    code, _, err = _replay(
        capsys, tmp_path, TWO_RECORD.replace("S draw 5s 4d meld", "S draw 5s meld")
    )
    assert code == 2 and "(draw.too_few)" in err


CUT_RECORD = """[Variant "three-hand-cutthroat"]
hand 1 dealer W
deal N: 4c 5d 6h Kd 9c 9d Qs Js Td 8c 7c 7h 6s
deal E: 5s 7s 9h Th Jh 8s 8h 5c 6c Kc Kh Ks 4d
deal W: 4h 6d 8c 9s Ts Qh Qd Qc Jd 5h 5h Ac Ad
upcard 7d
N draw 2c 9h discard 4c
E draw Jk 3s meld Kc Kh Ks Jk discard 3s
W draw As 4s meld Ac Ad As, Qc Qd Qh discard 9s
N take 9s with 9c 9d 9h 2c discard 6s
E draw Qs 5d add Q: Qs discard 5c
"""


def test_cutthroat_record_first_pickup_makes_east_and_west_partners(
    capsys: Capsys, tmp_path: Path
) -> None:
    """BCT: the player who first takes the discard pile is the lone hand and the other two join
    in partnership: after North's pickup East lays a queen on West's queens. Had North drawn
    instead, the queens stay West's and East's add is refused."""
    code, out, err = _replay(capsys, tmp_path, CUT_RECORD)
    assert code == 0, err
    assert "unfinished after 5 turns" in out
    drew = CUT_RECORD.replace("N take 9s with 9c 9d 9h 2c discard 6s", "N draw 3c 4s discard 6s")
    code, _, err = _replay(capsys, tmp_path, drew)
    assert code == 2 and ":11:" in err and "(meld.not_your_side)" in err


# ============================================================================================
# tally: the next minimums


def test_bicycle_tally_gives_minus_15_after_a_negative_hand(capsys: Capsys) -> None:
    """cat B (Minus 15 below zero, 50 from 0): after a hand leaving EW at -180, the tally asks 15
    of EW and 50 of NS."""
    code, out, err = run_cli(capsys, "tally", "bicycle", "--hand", "NS m 100; EW m 20 h 200")
    assert code == 0, err
    assert "minimum to open next hand: NS 50, EW 15" in out


def test_three_hand_tally_gives_each_player_their_own_minimum(capsys: Capsys) -> None:
    """cat B (3p: each uses their own score) on 001's table: 700 needs 50, -180 needs 15 and
    1600 needs 90; the target is 7500 (cat B 3p)."""
    entry = "N m 100 n 1 out; E m 20 h 200; W m 1600"
    code, out, err = run_cli(capsys, "tally", "three-hand", "--hand", entry)
    assert code == 0, err
    assert "minimum to open next hand: N 50, E 15, W 90" in out
    assert "(target 7500)" in out
