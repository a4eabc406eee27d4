"""Audit: the end of the stock, across the five classic sources and the built-in variants that
follow them (docs/notation.md positions with a `stock N` line, and short records: a position
followed by turn lines).

Which variant follows which source (`canasta variants show NAME`):

- 000_1e7ce48765e073b7.txt: ``encyclopedia`` (stock_out pile_play, forced any_legal: pinned)
- 001_0cb887cc6d824426.txt: ``classic`` (pile_play, forced fits_meld); ``bicycle``, ``two-hand``
  and (pinned to 001) ``novice`` follow it
- 002_d58438592396a398.txt: ``online`` and its options (last_turn; ``online-draw-two`` ends the
  hand when one card is left: draw.short_stock = end_hand, pinned)
- 003_6d7b9b19ffba82c5.txt: ``novice`` (silent on the stock's end; pinned to 001)
- 004_747f80dc7edc8b8b.txt: ``general`` (pile_play, nothing forced: pinned)
- Bicycle/Hoyle (RULE-PARAMETERS.md, column B): ``three-hand`` (last_turn, pinned)

RULE-PARAMETERS.md rows: stock_out_rule, red3_last_stock, single_last_card_draw2 (and E13).

Positions: unseen cards lie in the pile under the written ones (`pile: N unseen, ...`), so every
wild card and red three is written (West, or South at two, holds the wild cards).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from helpers import (
    after,
    breakdown,
    hand_scores,
    read_state,
    refused,
    replay_code,
    ruling,
    run_cli,
    scored,
    write,
)

from canasta_rules.engine import Phase
from canasta_rules.errors import CanastaError

Capsys = pytest.CaptureFixture[str]

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"

WILDS = "2c 2c 2d 2d 2h 2h 2s 2s Jk Jk Jk Jk"
QUEEN_CANASTA = "Qc Qd Qh Qs Qc Qd Qh"
NS_MELDS = f"{QUEEN_CANASTA}, 9c 9h 9s"  # 70 + 30 = 100, one natural canasta
E_HAND = "8c Td Jh Kc"  # 40
S_HAND = "6c 7d 8s Th"  # 30
W_HAND = f"4d 5h 6h 8c Ts {WILDS}"  # 35 + 360 = 395
BLACK_THREES = "3c 3c 3s 3s"
PACK = Counter([f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs" for _ in range(2)] + ["Jk"] * 4)


def _cards(text: str) -> list[str]:
    return [t for t in text.replace(",", " ").split() if t]


def table(
    variant: str,
    hands: dict[str, str],
    melds: dict[str, str],
    red: dict[str, str],
    *,
    pile: str,
    stock: int,
    to_move: str,
    turn: str | None = None,
    extra: tuple[str, ...] = (),
    scores: str = "NS 1200, EW 900",
) -> str:
    """A position: the cards not written lie unseen, ``stock`` of them in the stock and the rest
    at the bottom of the pile."""
    written: Counter[str] = Counter(_cards(pile))
    lines = [f'[Variant "{variant}"]', f'[Scores "{scores}"]', ""]
    for seat, cards in hands.items():
        lines.append(f"hand {seat}: {cards}")
        written.update(_cards(cards))
    for side, m in melds.items():
        if m:
            lines.append(f"melds {side}: {m}")
            written.update(_cards(m))
    for side, r in red.items():
        if r:
            lines.append(f"red {side}: {r}")
            written.update(_cards(r))
    lines += list(extra)
    unseen = sum(PACK.values()) - sum(written.values()) - stock
    assert unseen >= 0 and not written - PACK
    lines.append(f"pile: {unseen} unseen, {pile}" if unseen else f"pile: {pile}")
    lines.append(f"stock {stock}")
    if turn:
        lines.append(f"turn: {turn}")
    lines.append(f"to move: {to_move}")
    return "\n".join(lines) + "\n"


def four(
    variant: str = "classic",
    *,
    n: str = "4c 5c 6d",
    e: str = E_HAND,
    s: str = S_HAND,
    w: str = W_HAND,
    ns: str = NS_MELDS,
    ew: str = "Jc Jd Js",
    red_ns: str = "3d 3h",
    red_ew: str = "3d 3h",
    pile: str = "7c 9d",
    stock: int = 0,
    to_move: str = "N draw",
    turn: str | None = None,
    extra: tuple[str, ...] | None = None,
    scores: str = "NS 1200, EW 900",
) -> str:
    """Four players, North-South holding a queen canasta and three nines, East-West three
    jacks; West holds every wild card."""
    if extra is None:
        extra = ("melded: N E S W",) if ns and ew else ()
    return table(
        variant,
        {"N": n, "E": e, "S": s, "W": w},
        {"NS": ns, "EW": ew},
        {"NS": red_ns, "EW": red_ew},
        pile=pile,
        stock=stock,
        to_move=to_move,
        turn=turn,
        extra=extra,
        scores=scores,
    )


def two(
    variant: str = "online",
    *,
    n: str = "4c 5c 6d Kd",
    s: str = f"{S_HAND} {WILDS}",
    n_melds: str = NS_MELDS,
    s_melds: str = "Jc Jd Js",
    red_n: str = "3d 3h",
    red_s: str = "3d 3h",
    pile: str = "7c 9d",
    stock: int = 0,
    to_move: str = "N draw",
    turn: str | None = None,
    scores: str = "N 1200, S 900",
) -> str:
    """Two players, North with a queen canasta and three nines, South three jacks and every
    wild card."""
    return table(
        variant,
        {"N": n, "S": s},
        {"N": n_melds, "S": s_melds},
        {"N": red_n, "S": red_s},
        pile=pile,
        stock=stock,
        to_move=to_move,
        turn=turn,
        scores=scores,
    )


def three(*, stock: int, to_move: str = "N draw", red_n: str = "3d 3h", w_melds: str = "") -> str:
    """Three players alone (``three-hand``): North as in ``two``, East three jacks, West every
    wild card and (unless ``w_melds``) no meld."""
    return table(
        "three-hand",
        {"N": "4c 5c 6d Kd", "E": E_HAND, "W": f"{S_HAND} {WILDS}"},
        {"N": NS_MELDS, "E": "Jc Jd Js", "W": w_melds},
        {"N": red_n, "E": "3d", "W": "3h"},
        pile="7c 9d",
        stock=stock,
        to_move=to_move,
        scores="N 1200, E 900, W 0",
    )


def _all_written(n: str, pile: str) -> str:
    """Four players, stock 0, every card written: West holds what no one else does."""
    used = Counter(_cards(" ".join([n, S_HAND, E_HAND, pile, NS_MELDS, "Jc Jd Js", "3d 3h 3d 3h"])))
    return " ".join((PACK - used).elements())


def totals(text: str, move: str, variant: str | None = None) -> list[dict[str, int]]:
    return [breakdown(sc) for sc in hand_scores(text, move, variant)]


def read_error(text: str) -> str:
    with pytest.raises(CanastaError) as e:
        read_state(text)
    return str(e.value)


# The base table's hand at the stock's end (four players, nobody out): NS 100 melded + 500
# natural canasta + 200 red threes - 45 in hand (N 15, S 30) = 755; EW 30 + 200 - 435 (E 40,
# W 395) = -205.
BASE_NS = {
    "Melds": 100,
    "Cards in hand": -45,
    "Natural canastas": 500,
    "Red threes": 200,
    "Total": 755,
}
BASE_EW = {"Melds": 30, "Cards in hand": -435, "Red threes": 200, "Total": -205}


# ============================================================================================
# The last ordinary stock card


def test_001_after_the_last_stock_card_the_drawer_plays_on_and_the_next_player_is_to_move() -> None:
    """001, 'When the stock runs out': the discards are not recycled; after the last ordinary
    stock card is drawn, play may continue. North draws it, discards, and East is to move with
    the stock at 0: the hand is not over."""
    text = four(stock=1, red_ns="3d", red_ew="3d 3h")
    s = after(text, "draw 5d discard 4c")
    assert not s.over and s.turn == 1 and s.phase == Phase.DRAW and not s.stock


def test_001_the_drawer_of_the_last_card_may_go_out_and_earns_the_bonus() -> None:
    """001, 'Going out' (a team canasta, then meld all the cards or all but one and discard)
    and 'When the stock runs out' (nobody earns a going-out bonus *merely because* the stock
    ran out): North drew the last card (stock 0, play) and goes out, so the 100 is earned.
    NS: melds 100 + 15 (fours) + 15 (sevens) = 130, canasta 500, red threes 200, out 100,
    South's 30 against: 900."""
    text = four(
        n="4c 4d 4h 7d 7h 7s 5c", stock=0, to_move="N play", turn="drew stock", pile="7c Ks"
    )
    ns, _ = totals(text, "meld 4c 4d 4h, 7d 7h 7s discard 5c")
    assert ns == {
        "Melds": 130,
        "Cards in hand": -30,
        "Natural canastas": 500,
        "Red threes": 200,
        "Going out": 100,
        "Total": 900,
    }


def test_002_the_hand_ends_when_the_last_drawers_turn_is_over() -> None:
    """002, 'End of a hand': if neither player goes out before the stock is empty, the hand
    ends when the turn of the player who took the last stock card is over; no going-out bonus.
    North draws the last card and discards: the hand is over, and South never moves."""
    text = two(stock=1, red_n="3d")
    s = after(text, "draw 5d discard 4c")
    assert s.over and s.end_reason == "stock_exhausted" and s.turn == 0
    n, s_ = totals(text, "draw 5d discard 4c")
    assert n == {"Melds": 100, "Cards in hand": -25, "Natural canastas": 500, "Red threes": 100,
                 "Total": 675}  # fmt: skip
    assert s_ == {"Melds": 30, "Cards in hand": -390, "Red threes": 200, "Total": -160}


def test_002_the_drawer_of_the_last_card_plays_the_turn_out_and_may_go_out() -> None:
    """002, 'End of a hand': the hand ends when the last drawer's *turn* is over, so that turn
    is played (melds, discard); going out in it ends the hand as going out does, with the
    bonus (100 for going out unconcealed, 'Bonus'). North: 100 + 15 melded, 500, 100, 100."""
    text = two(n="4c 4d 5c", stock=1, red_n="3d")
    n, _ = totals(text, "draw 4h meld 4c 4d 4h discard 5c")
    assert n == {
        "Melds": 115,
        "Natural canastas": 500,
        "Red threes": 100,
        "Going out": 100,
        "Total": 815,
    }


@pytest.mark.parametrize("variant", ["online", "online-3000", "online-two-canastas"])
def test_002_an_empty_stock_with_a_player_to_draw_is_not_a_position(variant: str) -> None:
    """002, 'End of a hand': the hand ended with the last drawer's turn, so nobody can be to
    draw from an empty stock; the reader says to write the hand as over."""
    msg = read_error(two(variant, stock=0))
    assert "the stock is empty" in msg and "write 'to move: N over'" in msg


def test_002_a_hand_over_at_the_stock_end_reads_and_scores_no_going_out() -> None:
    """002, 'End of a hand': points are scored but no player scores the going-out bonus."""
    n, s = (breakdown(sc) for sc in scored(two(stock=0, to_move="N over")))
    assert "Going out" not in n and "Going out" not in s
    assert (n["Total"], s["Total"]) == (100 - 25 + 500 + 200, 30 - 390 + 200)


def test_b_three_hand_ends_with_the_last_drawers_discard() -> None:
    """RULE-PARAMETERS.md, stock_out_rule, column B: with three players the hand ends at the
    last drawer's discard (three-hand pins B; its note says so). East never takes the pile.
    West made no meld: 100 for its red three counts minus."""
    text = three(stock=1, red_n="3d")
    s = after(text, "draw 5d discard 4c")
    assert s.over and s.end_reason == "stock_exhausted" and s.turn == 0
    _, _, w = totals(text, "draw 5d discard 4c")
    assert w == {"Cards in hand": -390, "Red threes": -100, "Total": -490}


def test_b_three_hand_an_empty_stock_with_a_player_to_draw_is_not_a_position() -> None:
    """RULE-PARAMETERS.md, column B (three players: ends at the last drawer's discard)."""
    assert "write 'to move: N over'" in read_error(three(stock=0))


def test_001_an_empty_stock_with_north_to_draw_is_a_position_and_the_draw_ends_the_hand() -> None:
    """001, 'When the stock runs out': the hand ends when a player cannot take the pile and
    would need to draw from the empty stock. Nothing fits the king on top; `draw` ends it."""
    text = four(pile="7c Ks")
    s = after(text, "draw")
    assert s.over and s.end_reason == "stock_exhausted"
    assert totals(text, "draw") == [BASE_NS, BASE_EW]


@pytest.mark.parametrize("variant", ["classic", "encyclopedia", "general", "novice", "bicycle"])
def test_a_draw_naming_a_card_from_the_empty_stock_is_refused(variant: str) -> None:
    """000, 001, 004 and (pinned) 003: the discards are not recycled into a stock (001: 'Do
    not recycle the discards'), so no card can be drawn once it is empty."""
    w = f"{W_HAND} {BLACK_THREES}" if variant == "bicycle" else W_HAND
    assert refused(four(variant, w=w, pile="7c Ks"), "draw 5d") == "draw.stock_empty"


# ============================================================================================
# A red three as the last stock card


@pytest.mark.parametrize(
    ("variant", "source"),
    [
        ("classic", "001"),
        ("encyclopedia", "000"),
        ("general", "004"),
        ("novice", "003/001"),
        ("bicycle", "001"),
    ],
)
def test_a_red_three_as_the_last_card_ends_the_hand_at_once(variant: str, source: str) -> None:
    """001 ('If the last stock card is a red three, expose it and end the hand immediately:
    that player cannot meld or discard'), 000 (the hand ends when a red three's replacement
    cannot be drawn; the player may not meld), 004 (item 2: the game ends without delay; the
    drawer may not discard). 003 is silent: novice pins 001. Bicycle follows 001."""
    w = f"{W_HAND} {BLACK_THREES}" if variant == "bicycle" else W_HAND
    text = four(variant, n="4c 4d 4h 5c", w=w, stock=1, red_ns="3d", red_ew="3d 3h")
    s = after(text, "draw 3h")
    assert s.over and s.end_reason == "red_three_last", source
    assert len(s.red3[0]) == 2
    assert refused(text, "draw 3h discard 5c") == "hand.over"
    assert refused(text, "draw 3h meld 4c 4d 4h") == "hand.over"


@pytest.mark.parametrize("variant", ["online", "online-3000", "two-hand"])
def test_a_red_three_as_the_last_card_ends_the_two_hand_game(variant: str) -> None:
    """002 ('If the last card taken from the stock by a player is a red three ... the game will
    immediately end ... not allowed to meld or discard'); two-hand follows 001/P (stock_out
    note): the same. With draw.count 2 (two-hand), a lone red three left is the whole draw."""
    text = two(variant, n="4c 4d 4h 5c", stock=1, red_n="3d")
    s = after(text, "draw 3h")
    assert s.over and s.end_reason == "red_three_last"
    assert refused(text, "draw 3h discard 5c") == "hand.over"
    assert refused(text, "draw 3h meld 4c 4d 4h") == "hand.over"


def test_b_three_hand_a_red_three_as_the_last_card_ends_the_hand() -> None:
    """Parameter docs (stock_out: in every variant a red three drawn last ends the hand at
    once), as 001 and 002 say; three-hand (B) too. North's second red three: 200."""
    text = three(stock=1, red_n="3d")
    assert refused(text, "draw 3h discard 4c") == "hand.over"
    n, _, _ = totals(text, "draw 3h")
    assert n["Red threes"] == 200 and "Going out" not in n


def test_001_the_fourth_red_three_drawn_last_makes_800() -> None:
    """001, 'Scoring': all four red threes with at least one meld: 800 in all. North draws the
    fourth as the last stock card; the hand ends with it counted."""
    text = four(stock=1, red_ns="3d 3h 3d", red_ew="", pile="7c Ks")
    ns, _ = totals(text, "draw 3h")
    assert ns == BASE_NS | {"Red threes": 800, "Total": 755 + 600}


def test_001_a_red_three_drawn_last_by_a_side_with_no_meld_counts_minus() -> None:
    """001, 'Scoring': each exposed red three of a team that made no meld: -100. NS has not
    melded; North's last draw is its second red three: -200, and 45 in hand."""
    text = four(ns="", stock=1, red_ns="3d", red_ew="3d 3h", pile="7c Ks", extra=("melded: E W",))
    ns, _ = totals(text, "draw 3h")
    assert ns == {"Cards in hand": -45, "Red threes": -200, "Total": -245}


def test_000_three_red_threes_and_no_meld_at_the_stock_end_cost_300() -> None:
    """000, red-three bonus: a team with three red threes and no melds at the end of the hand
    suffers -300; 000 ends the hand when a red three's replacement cannot be drawn."""
    text = four(
        "encyclopedia",
        ns="",
        stock=1,
        red_ns="3d 3h",
        red_ew="3h",
        pile="7c Ks",
        extra=("melded: E W",),
        scores="NS 0, EW 900",
    )
    ns, _ = totals(text, "draw 3d")
    assert ns == {"Cards in hand": -45, "Red threes": -300, "Total": -345}


def test_002_draw_two_a_red_three_as_the_second_and_last_card_ends_the_hand() -> None:
    """002, 'End of a hand' (the last card taken from the stock is a red three: the hand ends,
    no meld, no discard) under the draw-two option (online-draw-two)."""
    text = two("online-draw-two", n="4c 4d 5c", stock=2, red_n="3d")
    s = after(text, "draw 4h 3h")
    assert s.over and s.end_reason == "red_three_last"
    assert refused(text, "draw 4h 3h discard 5c") == "hand.over"


def test_002_draw_two_a_red_three_first_then_the_last_card_plays_on() -> None:
    """002, 'End of a hand': only a red three as the *last* card taken ends the hand at once.
    Red three first, then the last card: the turn is played, and the hand ends when it is over
    (the stock is empty). North: one red three more (200), 4h drawn, 5c discarded."""
    text = two("online-draw-two", n="4c 4d 5c", stock=2, red_n="3d")
    s = after(text, "draw 3h 4h")
    assert not s.over and s.phase == Phase.PLAY
    n, _ = totals(text, "draw 3h 4h discard 5c")
    assert n == {"Melds": 100, "Cards in hand": -15, "Natural canastas": 500, "Red threes": 200,
                 "Total": 785}  # fmt: skip


def test_003_a_red_three_from_the_pile_replaced_by_a_last_red_three_ends_the_hand() -> None:
    """003, red threes (one found at any point is laid down and replaced from the stock:
    novice replaces those in a taken pile) and 001, pinned for the stock's end (a red three as
    the last stock card ends the hand: no replacement). The pile's buried 3h (an upcard) is
    replaced by the last stock card, the other 3h."""
    text = four(
        "novice",
        n="4c 5c 6d Kd Kh",
        red_ns="3d",
        red_ew="3d",
        pile="3h 7c Ks",
        stock=1,
    )
    s = after(text, "take with Kd Kh replace 3h")
    assert s.over and s.end_reason == "red_three_last"
    assert refused(text, "take with Kd Kh replace 3h discard 4c") == "hand.over"


# ============================================================================================
# Must the pile be taken? (stock 0)


def test_001_a_top_card_that_fits_a_completed_canasta_must_be_taken() -> None:
    """001, 'When the stock runs out': with an unfrozen pile a player must take it if its top
    card fits an existing team meld; a canasta is a meld (one may keep adding to it)."""
    text = four(pile="7c Qs")
    assert refused(text, "draw") == "stock.forced_pickup"
    s = after(text, "take")
    assert len(s.melds[0][12]) == 8 and s.phase == Phase.PLAY


def test_001_a_pair_for_a_new_meld_is_an_optional_pickup() -> None:
    """001, 'When the stock runs out': other legal pickups remain optional. A natural pair of
    kings may take the king on top, or North may decline and end the hand."""
    text = four(n="4c 5c 6d Kd Kh", pile="7c Ks")
    assert refused(text, "take with Kd Kh") is None
    s = after(text, "draw")
    assert s.over and s.end_reason == "stock_exhausted"


def test_001_a_natural_and_a_wild_card_is_an_optional_pickup() -> None:
    """001, pickup table (unfrozen: one natural and one wild from hand) and 'When the stock
    runs out' (only a top card fitting a team meld is forced)."""
    text = four(n="4c 5c 6d Kd Jk", w=W_HAND.replace("Jk ", "", 1), pile="7c Ks")
    assert refused(text, "take with Kd Jk") is None
    assert after(text, "draw").over


def test_000_a_pair_for_a_new_meld_must_be_taken() -> None:
    """000, stock depleted: if the player can legally pick up the pile, they must
    (encyclopedia: every legal pickup forced, pinned)."""
    text = four("encyclopedia", n="4c 5c 6d Kd Kh", pile="7c Ks")
    assert refused(text, "draw") == "stock.forced_pickup"
    assert refused(text, "take with Kd Kh") is None


def test_000_a_natural_and_a_wild_card_must_be_taken() -> None:
    """000, stock depleted: any legal pickup is compulsory; encyclopedia pins P's unfrozen
    ways (a natural and a wild card among them: its pile.unfrozen note)."""
    text = four("encyclopedia", n="4c 5c 6d Kd Jk", w=W_HAND.replace("Jk ", "", 1), pile="7c Ks")
    assert refused(text, "draw") == "stock.forced_pickup"
    assert refused(text, "take with Kd Jk") is None


def test_000_an_unopened_side_that_can_open_with_the_pile_must() -> None:
    """000, stock depleted (a legal pickup is compulsory) and its pickup rule for a team with
    no melds (the top card with a natural pair must meet the minimum: 50 at 0). Two aces and
    the top ace: 60."""
    text = four(
        "encyclopedia",
        n="4c 5c 6d Ad Ah",
        ns="",
        pile="7c As",
        extra=("melded: E W",),
        scores="NS 0, EW 900",
    )
    assert refused(text, "draw") == "stock.forced_pickup"
    assert after(text, "take with Ad Ah").opened[0]


def test_000_an_unopened_side_below_its_minimum_cannot_take_and_the_hand_ends() -> None:
    """000, initial meld from the pile: only the top card counts toward the minimum (50 at 0);
    two kings and the top king make 30, so no pickup is legal and the draw ends the hand; the
    side's two red threes count minus (no melds)."""
    text = four(
        "encyclopedia",
        n="4c 5c 6d Kd Kh",
        ns="",
        pile="7c Ks",
        extra=("melded: E W",),
        scores="NS 0, EW 900",
    )
    assert refused(text, "take with Kd Kh") == "open.below_minimum"
    ns, _ = totals(text, "draw")
    assert ns == {"Cards in hand": -65, "Red threes": -200, "Total": -265}


def test_000_the_player_who_ends_the_hand_may_not_meld() -> None:
    """000, stock depleted: the hand ends at once, and the player may not meld any cards
    before it ends."""
    text = four("encyclopedia", n="4c 4d 4h 6d", pile="7c Ks")
    assert refused(text, "draw meld 4c 4d 4h") == "hand.over"
    assert refused(text, "draw discard 6d") == "hand.over"


def test_004_taking_upcards_is_optional_when_the_stock_is_used() -> None:
    """004, penalties item 1: once the stock is used before anyone has gone out, a player
    *can* choose upcards that can be melded (general: nothing forced, pinned). A pair of kings
    may take the king; the player may also end the hand."""
    text = four("general", n="4c 5c 6d Kd Kh", pile="7c Ks")
    assert refused(text, "take with Kd Kh") is None
    assert totals(text, "draw") == [BASE_NS | {"Cards in hand": -65, "Total": 735}, BASE_EW]


def test_004_a_top_card_alone_onto_a_meld_is_no_pickup_so_the_hand_ends() -> None:
    """004, pickup (hand cards are always shown: general's pile.unfrozen pin) and stock
    running out: a nine on top of the side's nines cannot be taken alone; the hand ends."""
    text = four("general")
    assert refused(text, "take") == "pile.way_not_allowed"
    assert after(text, "draw").end_reason == "stock_exhausted"


def test_003_novice_forces_a_pickup_only_once_the_side_has_taken_the_pile() -> None:
    """003, Step 6 (the pile starts each round frozen against all teams, until a team takes
    it) and 001, pinned for the stock's end (forced only when unfrozen and fitting a meld)."""
    not_yet = four("novice")
    assert refused(not_yet, "take") == "pile.frozen.needs_natural_pair"
    assert after(not_yet, "draw").over
    taken = four("novice", extra=("melded: N E S W", "taken: NS"))
    assert refused(taken, "draw") == "stock.forced_pickup"
    assert refused(taken, "take") is None


def test_001_two_hand_forces_a_top_card_that_fits_a_meld() -> None:
    """001/P (two-hand's stock_out note: as in the partnership game): a nine onto North's
    nines must be taken."""
    text = two("two-hand")
    assert refused(text, "draw") == "stock.forced_pickup"
    assert refused(text, "take") is None


def test_bicycle_a_buried_black_three_keeps_the_pile_frozen_so_nothing_is_forced() -> None:
    """RULE-PARAMETERS.md, black_three_discard, column B: a discarded black three freezes the
    pile (bicycle); 001's forced pickup is for an unfrozen pile only. Under classic (001: a
    covered black three imposes nothing) the same pile must be taken."""
    text = four("bicycle", w=f"{W_HAND} {BLACK_THREES[:-3]}", pile="7c 3s 9d")
    assert refused(text, "take") == "pile.frozen.needs_natural_pair"
    assert after(text, "draw").over
    assert refused(text, "draw", "classic") == "stock.forced_pickup"


def test_001_a_black_three_on_top_cannot_be_taken_so_the_hand_ends() -> None:
    """001, taking the pile (a black three on top always blocks pickup) and 'When the stock
    runs out' (a player who cannot take and would have to draw ends the hand)."""
    text = four(w=f"{W_HAND} {BLACK_THREES[:-3]}", pile="7c 9d 3s")
    assert refused(text, "take") == "pile.top_black_three"
    assert totals(text, "draw") == [BASE_NS, BASE_EW | {"Cards in hand": -450, "Total": -220}]


def test_001_a_wild_card_on_top_cannot_be_taken_so_the_hand_ends() -> None:
    """001, taking the pile (a wild card on top always blocks pickup) and 'When the stock runs
    out'."""
    text = four(w=W_HAND.replace("2c ", "", 1), pile="7c 9d 2c")
    assert refused(text, "take") == "pile.top_wild"
    assert after(text, "draw").end_reason == "stock_exhausted"


def test_001_the_forced_taker_plays_on_and_may_go_out_with_the_bonus() -> None:
    """001, 'When the stock runs out' (the forced pickup) and 'Going out': the taker melds the
    whole hand (a final discard is optional) and earns 100. Every card is written: the pile
    is two cards. NS: 100 + 10 (the nine) + 15 (fours) + 15 (sevens) = 140, 500, 200, 100,
    South's 30 against: 910."""
    n = "4c 4d 4h 7d 7h"
    text = four(n=n, w=_all_written(n, "7c 9d"), pile="7c 9d")
    assert refused(text, "draw") == "stock.forced_pickup"
    ns, _ = totals(text, "take meld 4c 4d 4h, 7c 7d 7h")
    assert ns == {
        "Melds": 140,
        "Cards in hand": -30,
        "Natural canastas": 500,
        "Red threes": 200,
        "Going out": 100,
        "Total": 910,
    }


def test_001_short_record_forced_pickup_then_the_next_player_ends_the_hand() -> None:
    """001, 'When the stock runs out': North must take the nine, adds it, discards the king;
    East cannot use a king (no pair, no meld of kings) and would have to draw: the hand ends,
    nobody earning a going-out bonus. NS: melds 110; hands: North's pile cards and 4c 5c 6d
    against."""
    text = four(pile="7c 9d") + "N take discard Kh\n"
    assert refused(text, "take") == "pile.way_not_allowed"
    s = after(text, "draw")
    assert s.over and s.end_reason == "stock_exhausted" and s.turn == 1
    ns, ew = totals(text, "draw")
    assert "Going out" not in ns and "Going out" not in ew
    assert ns["Melds"] == 110 and ew == BASE_EW


def test_001_a_draw_after_the_hand_ended_is_refused_in_a_record() -> None:
    """001, 'When the stock runs out': once a player declines (or cannot take) and would need
    to draw, the hand is over; no further turn is played."""
    text = four(pile="7c Ks") + "N draw\nE draw\n"
    with pytest.raises(CanastaError, match="the hand is over"):
        read_state(text)


def test_001_moves_offers_only_the_pickup_when_it_is_forced(capsys: Capsys, tmp_path: Path) -> None:
    """001, 'When the stock runs out': with a top card fitting a team meld the pickup is the
    only move; with a king on top nothing can be taken and only ending the hand remains."""
    status, out, err = run_cli(capsys, "moves", str(write(tmp_path, four())), "--json")
    assert status == 0, err
    assert json.loads(out) == {"take the pile": ["take 9d"]}
    status, out, err = run_cli(capsys, "moves", str(write(tmp_path, four(pile="7c Ks"))), "--json")
    assert status == 0, err
    assert json.loads(out) == {"draw": ["draw"]}


def test_001_the_bundled_forced_pickup_record_refuses_a_declined_pickup() -> None:
    """001, 'When the stock runs out' (docs/examples/stock-out-forced-pickup.can): South must
    take the ace that fits the side's aces; writing a draw instead is refused."""
    record = (EXAMPLES / "stock-out-forced-pickup.can").read_text(encoding="utf-8")
    assert replay_code(record.replace("S take Ad discard 5h", "S draw")) == "stock.forced_pickup"
    assert replay_code(record.replace("W draw\n", "W draw 5c\n")) == "draw.stock_empty"


def test_001_the_bundled_red_three_record_refuses_a_discard_after_the_last_red_three() -> None:
    """001, 'When the stock runs out' (docs/examples/red-three-last.can): East's last draw is
    a red three; East cannot discard."""
    record = (EXAMPLES / "red-three-last.can").read_text(encoding="utf-8")
    assert replay_code(record.replace("E draw 3d  #", "E draw 3d discard 4c  #")) == "hand.over"


def test_the_red_three_last_record_scores_alike_under_every_four_hand_source(
    capsys: Capsys,
) -> None:
    """000, 001, 004 (and 003 through novice's pin): a red three as the last stock card ends
    the hand with nobody out. The bundled record scores NS -440, EW -410 under each."""
    args = ["compare", str(EXAMPLES / "red-three-last.can")]
    for v in ("classic", "encyclopedia", "general", "novice"):
        args += ["--variant", v]
    status, out, err = run_cli(capsys, *args)
    assert status == 0, err
    assert "the same under every ruleset: NS -440, EW -410" in out and "0 divergences" in out


# ============================================================================================
# Drawing two (two-hand: draw_rest; online-draw-two: end_hand)


def test_p_two_hand_a_single_last_card_is_a_full_draw() -> None:
    """RULE-PARAMETERS.md E13 (P via EB): a single card left in the stock counts as a full draw
    of two (two-hand's draw.short_stock note). Naming two cards is refused."""
    text = two("two-hand", stock=1, red_n="3d")
    s = after(text, "draw 5d")
    assert s.phase == Phase.PLAY and not s.stock and not s.over
    assert refused(text, "draw 5d 6d") == "draw.too_many"


def test_p_two_hand_after_the_last_full_draw_the_next_player_must_take_a_fitting_card() -> None:
    """E13 and 001/P ('When the stock runs out', pile play): North's lone-card draw empties
    the stock; South's jacks fit the jack North discards, so South must take it."""
    text = two("two-hand", n="4c 5c 6d Jh", stock=1, red_n="3d") + "N draw 5d discard Jh\n"
    assert refused(text, "draw") == "stock.forced_pickup"
    assert refused(text, "take") is None


def test_002_draw_two_one_card_left_the_hand_ends() -> None:
    """002, 'End of a hand': a hand may also end when one card is left and the players draw
    two a turn (online-draw-two pins that it does, and its note says so). The draw ends it;
    the lone card cannot be drawn."""
    text = two("online-draw-two", stock=1, red_n="3d")
    assert refused(text, "draw 5d") == "draw.stock_empty"
    s = after(text, "draw")
    assert s.over and s.end_reason == "stock_exhausted" and len(s.stock) == 1
    assert totals(text, "draw")[0] == {"Melds": 100, "Cards in hand": -25, "Natural canastas": 500,
                                        "Red threes": 100, "Total": 675}  # fmt: skip


def test_002_draw_two_the_turn_that_leaves_one_card_ends_the_hand() -> None:
    """002, 'End of a hand' (draw-two, one card left: the hand ends): North draws two of three
    and discards; the hand is over with a card still in the stock, no going-out bonus."""
    text = two("online-draw-two", n="4c 4d 5c", stock=3, red_n="3d")
    s = after(text, "draw 4h 4s discard 5c")
    assert s.over and s.end_reason == "stock_exhausted" and len(s.stock) == 1
    assert "Going out" not in totals(text, "draw 4h 4s discard 5c")[0]


def test_002_draw_two_the_last_two_cards_then_the_hand_ends_with_the_turn() -> None:
    """002, 'End of a hand': the hand ends when the turn of the player who took the last
    stock card is over."""
    text = two("online-draw-two", n="4c 4d 5c", stock=2, red_n="3d")
    assert not after(text, "draw 4h 4s").over
    s = after(text, "draw 4h 4s discard 5c")
    assert s.over and s.end_reason == "stock_exhausted" and not s.stock


def test_002_draw_two_a_hand_over_with_one_card_left_reads_as_a_position() -> None:
    """002, 'End of a hand' (draw-two: the hand ends with one card left, no going-out bonus)."""
    n, s = scored(two("online-draw-two", stock=1, red_n="3d", to_move="N over"))
    assert n.going_out == s.going_out == 0 and n.red_threes == 100


def test_002_one_card_draws_reach_an_empty_stock_before_the_hand_ends() -> None:
    """002, 'End of a hand' (the base game draws one card): with one card left North draws
    it and plays; only the turn's end ends the hand."""
    text = two(stock=1, red_n="3d")
    s = after(text, "draw 5d")
    assert not s.over and s.phase == Phase.PLAY and not s.stock


# ============================================================================================
# Scoring a hand that ends with nobody out


def test_001_scoring_at_the_stock_end(capsys: Capsys, tmp_path: Path) -> None:
    """001, 'Scoring' (bonuses + melded values - both partners' hand values) and 'When the
    stock runs out' (nobody earns a going-out bonus for it): `canasta score` on the hand
    ended by the stock."""
    path = write(tmp_path, four(pile="7c Ks", to_move="N over"))
    status, out, err = run_cli(capsys, "score", str(path), "--json")
    assert status == 0, err
    score = json.loads(out)
    assert score["NS"]["Going out"] == score["EW"]["Going out"] == 0
    assert (score["NS"]["Total"], score["EW"]["Total"]) == (755, -205)


def test_001_a_side_with_no_meld_at_the_stock_end_loses_its_red_threes() -> None:
    """001, 'Scoring': each exposed red three of a team that made no meld, -100 (the opponents
    did not go out: the rule is the meld)."""
    text = four(ns="", pile="7c Ks", extra=("melded: E W",))
    ns, ew = totals(text, "draw")
    assert ns == {"Cards in hand": -45, "Red threes": -200, "Total": -245}
    assert ew == BASE_EW


def test_000_all_four_red_threes_at_the_stock_end_make_800() -> None:
    """000, bonus table: the fourth red three is worth 500 (800 for all four); the team has
    melded, and nobody goes out."""
    text = four("encyclopedia", red_ns="3d 3h 3d 3h", red_ew="", pile="7c Ks")
    ns, _ = totals(text, "draw")
    assert ns == BASE_NS | {"Red threes": 800, "Total": 1355}


def test_004_red_threes_count_plus_for_both_melded_sides_when_nobody_went_out() -> None:
    """004, red threes: minus when the opponent goes out or when the side made no meld. At the
    stock's end nobody went out and both sides melded: both +200. The fourth wild card's
    penalty (004, 100; `penalty E wild_returned`) stays charged."""
    text = four("general", pile="7c Ks", extra=("melded: N E S W", "penalty E wild_returned"))
    ns, ew = totals(text, "draw")
    assert ns == BASE_NS
    assert ew == BASE_EW | {"Penalties": -100, "Total": -305}


def test_004_a_side_with_no_meld_at_the_stock_end_counts_its_red_threes_minus() -> None:
    """004, red threes: deducted from a side that made no meld."""
    text = four("general", ew="", pile="7c Ks", extra=("melded: N S",))
    _, ew = totals(text, "draw")
    assert ew == {"Cards in hand": -435, "Red threes": -200, "Total": -635}


def test_003_four_red_threes_at_the_stock_end() -> None:
    """003, Step 8: 200 each when one team holds all four (800); a team that has not opened by
    the end of the round counts them as negative points."""
    opened = four("novice", red_ns="3d 3h 3d 3h", red_ew="", pile="7c Ks")
    assert totals(opened, "draw")[0]["Red threes"] == 800
    closed = four(
        "novice",
        ns="",
        red_ns="3d 3h 3d 3h",
        red_ew="",
        pile="7c Ks",
        extra=("melded: E W",),
        scores="NS 0, EW 900",
    )
    assert totals(closed, "draw")[0] == {"Cards in hand": -45, "Red threes": -800, "Total": -845}


def test_002_a_player_who_never_melded_loses_800_for_four_red_threes() -> None:
    """002, scoring: a player who has not melded even once loses 100 per red three, 800 for
    all four; the hand ended with the stock (no going-out bonus)."""
    text = two(n_melds="", red_n="3d 3h 3d 3h", red_s="", pile="7c Ks", stock=1,
               scores="N 0, S 0")  # fmt: skip
    n, _ = totals(text, "draw 5d discard 4c")
    assert n == {"Cards in hand": -25, "Red threes": -800, "Total": -825}


def test_002_four_red_threes_and_a_meld_at_the_stock_end() -> None:
    """002, scoring: 800 for the four red threes if the player has melded at least once."""
    text = two(red_n="3d 3h 3d 3h", red_s="", pile="7c Ks", stock=1)
    n, _ = totals(text, "draw 5d discard 4c")
    assert n["Red threes"] == 800 and "Going out" not in n


def test_b_three_hand_a_meld_turns_the_red_three_plus() -> None:
    """RULE-PARAMETERS.md, red3_negative_if (B, 001: no meld): West, holding a meld, counts
    its red three plus at the stock's end."""
    _, _, w = (breakdown(sc) for sc in scored(three(stock=0, to_move="N over", w_melds="Ac Ad Ah")))
    assert w["Red threes"] == 100 and "Going out" not in w


@pytest.mark.parametrize("variant", ["classic", "encyclopedia"])
def test_001_a_single_card_over_a_one_card_pile_is_not_forced(variant: str) -> None:
    """001, 'When the stock runs out' (the forced pickup is subject to the one-card-hand
    restriction) and the pickup table (one card in hand cannot take a one-card pile);
    encyclopedia pins the same ban (000 is silent), so even its 'every legal pickup' forces
    nothing here."""
    text = four(variant, n="4c", w=_all_written("4c", "9d"), pile="9d")
    assert refused(text, "take") == "pile.one_card"
    assert after(text, "draw").end_reason == "stock_exhausted"


def test_001_a_single_card_over_a_two_card_pile_is_forced() -> None:
    """001, pickup table: the ban is for a one-card pile only; over two cards the nine that
    fits the side's nines must be taken."""
    text = four(n="4c", w=_all_written("4c", "7c 9d"), pile="7c 9d")
    assert refused(text, "draw") == "stock.forced_pickup"
    s = after(text, "take discard 7c")
    assert not s.over and s.turn == 1


def _at(capsys: Capsys, record: str, turn: str) -> str:
    """``canasta replay RECORD --at TURN``: the position written there."""
    status, out, err = run_cli(capsys, "replay", str(EXAMPLES / record), "--at", turn)
    assert status == 0, err
    return out


def test_001_the_position_before_the_last_red_three_is_written_with_stock_1(
    capsys: Capsys,
) -> None:
    """001, 'When the stock runs out': the position before East's last draw says `stock 1`;
    drawing the red three ends the hand (no discard), and the hand scores NS -440, EW -410 as
    the record says; the position after it is written as over and scores the same."""
    before = _at(capsys, "red-three-last.can", "1.57")
    assert "stock 1\n" in before and before.endswith("to move: E draw\n")
    assert refused(before, "draw 3d discard 9h") == "hand.over"
    assert [sc.total for sc in hand_scores(before, "draw 3d")] == [-440, -410]
    over = _at(capsys, "red-three-last.can", "1.58")
    assert "stock 0\n" in over and over.endswith("to move: E over\n")
    assert [sc.total for sc in scored(over)] == [-440, -410]


def test_the_forced_pickup_position_under_each_source(capsys: Capsys) -> None:
    """The bundled forced-pickup record at South's turn (stock 0, an ace on top that fits
    North's aces, South not yet melded): 001 forces it (the team meld is North's); 000 forces
    every legal pickup; 004 forces none, and there the pile is frozen against a player until
    that player has melded (general's pile.frozen_before_opening), so South may end the hand."""
    text = _at(capsys, "stock-out-forced-pickup.can", "1.60")
    assert "stock 0\n" in text and text.endswith("to move: S draw\n")
    assert refused(text, "draw") == "stock.forced_pickup"
    assert refused(text, "draw", "encyclopedia") == "stock.forced_pickup"
    assert refused(text, "draw", "general") is None
    assert refused(text, "take", "general") == "pile.frozen.needs_natural_pair"
    end = _at(capsys, "stock-out-forced-pickup.can", "1.62")
    assert end.endswith("to move: W over\n")
    assert [sc.total for sc in scored(end)] == [-480, -615]


@pytest.mark.parametrize(("against", "forced"), [("EW", True), ("NS", False)])
def test_003_a_pile_frozen_only_against_the_opponents_is_forced_on_the_spared_side(
    against: str, forced: bool
) -> None:
    """003, Step 6 (a discarded wild card freezes the pile against the discarder's opponents
    only) and 001, pinned for novice's stock end (a pickup is forced when the pile is not
    frozen against the player and the top fits a side meld). The two buried under the nine
    spares North-South when East-West are the ones it is frozen against, and not otherwise."""
    text = four(
        "novice",
        w=W_HAND.replace("2c ", "", 1),
        pile="7c 2c 9d",
        extra=("melded: N E S W", "taken: NS EW", f"frozen against {against}"),
    )
    if forced:
        assert refused(text, "draw") == "stock.forced_pickup"
        assert refused(text, "take") is None
    else:
        assert refused(text, "take") == "pile.frozen.needs_natural_pair"
        assert after(text, "draw").end_reason == "stock_exhausted"


# --------------------------------------------------------------------------------------------
# A hand over with nobody out: the written stock must be gone (found by this audit)


@pytest.mark.parametrize("variant", ["classic", "encyclopedia", "general", "novice"])
def test_a_hand_over_with_cards_in_a_written_stock_is_not_a_position(variant: str) -> None:
    """000 (a draw due from an empty stock), 001 ('When the stock runs out'), 003 and 004 ('play
    stops when the stock pile runs out'): with nobody out, a hand ends only when the stock is
    gone, so 'stock 5' beside 'to move: N over' is refused at the stock line."""
    text = four(variant, stock=5, to_move="N over")
    line = text.splitlines().index("stock 5") + 1
    assert read_error(text) == (
        f"<text>:{line}:1: the hand cannot be over with nobody out while the stock holds 5 "
        "cards: a hand ends so only when the stock runs out (write 'stock 0'), or when a player "
        "goes out ('out SEAT')"
    )
    assert read_state(four(variant, stock=0, to_move="N over")).end_reason == "stock_exhausted"


def test_002_draw_two_a_stock_of_one_can_end_the_hand() -> None:
    """002, drawing two: the hand may also end when one card is left, too few for a draw
    (online-draw-two pins it: draw.short_stock = "end_hand"); two cards are a full draw."""
    assert read_state(two("online-draw-two", stock=1, to_move="N over")).over
    msg = read_error(two("online-draw-two", stock=2, to_move="N over"))
    assert "while the stock holds 2 cards" in msg and "(write 'stock 1' or less)" in msg


def test_a_hand_over_with_no_stock_line_says_nothing_of_the_stock(
    capsys: Capsys, tmp_path: Path
) -> None:
    """Without a 'stock' line a position over with nobody out is read as ended by the stock
    (docs/notation.md): the cards written nowhere are out of play, and it scores with no
    going-out bonus (001: nobody gets it when the stock runs out)."""
    text = four("classic", stock=0, to_move="N over").replace("stock 0\n", "")
    assert read_state(text).end_reason == "stock_exhausted"
    path = write(tmp_path, text)
    code, out, _err = run_cli(capsys, "score", str(path))
    assert code == 0 and re.search(r"Going out\s+0\s+0\n", out), out
    assert re.search(r"Total\s+755\s+-205\n", out), out


def test_002_an_empty_stock_with_a_turn_begun_from_the_pile_is_not_a_position() -> None:
    """002, 'End of a hand': once the last card is drawn the hand ends with that drawer's turn,
    so at stock 0 the only player still playing drew the last card; a turn begun by taking the
    pile is refused at the stock line."""
    msg = read_error(two("online", stock=0, to_move="N play", turn="drew pile"))
    assert "the stock is empty, but this turn began by taking the pile" in msg
    assert read_state(two("online", stock=0, to_move="N play", turn="drew stock")).stock == []


def test_messages_at_the_stock_end_count_cards_and_name_the_rule() -> None:
    """A pile pickup whose red three (003: replaced at any point) finds the stock empty, and a
    draw from a stock of one where the players draw two (002): the messages say so."""
    text = four("novice", n="4c 5c 6d Kd Kh", red_ew="3d", pile="3h 7c Ks", stock=0)
    v = ruling(text, "take with Kd Kh replace 5s")
    assert v.refusal is not None and v.refusal.code == "draw.too_many"
    assert "this replaces red threes with 1 card, but only 0 come from the stock here" in v.text
    v = ruling(two("online-draw-two", stock=1, red_n="3d"), "draw 5d")
    assert v.refusal is not None and v.refusal.code == "draw.stock_empty"
    assert "holds 1 card, fewer than the 2 a draw takes" in v.text
    assert 'draw.short_stock = "end_hand"' in v.text
