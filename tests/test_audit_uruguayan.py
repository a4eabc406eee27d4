"""Deep audit of the built-in variant `uruguayan` against the public texts of Uruguayan Canasta.

Every case is built from a sentence of a source text (paraphrased in the test's docstring), not
from what the engine does. Positions are written in the notation (docs/notation.md) and judged
with `canasta ruling` / `canasta score` / `canasta tally` / `canasta rules`; a few read the
ruleset's table (deck, deal, game end) or play a move through the library.

Sources (canasta_rules/sources.py; read again through the `pages` corpus):
- RGU: Rummy-Games (Randy Rasa), "Uruguay Rules", http://www.rummy-games.com/rules/uruguay.html
  (Canasta with a few minor changes: wild cards melded as a set of their own, three or more;
  twos and jokers not told apart and mixed freely; seven wild cards a canasta with a 2000 bonus;
  the pile always frozen, taken only with a natural pair matching the upcard).
- SCU: Blackcoin, "Canasta poker rules and variations", section Uruguay Canasta,
  https://blackcoin.co/canasta-poker-rules-and-variations/ (the forerunner of regular
  partnership Canasta, played the same except: three to seven wild cards form a meld, a canasta
  of seven wild cards counts 2000; the pile always frozen, taken only with two natural cards
  matching the upcard).
- PBU: David Parlett, "The Penguin Book of Card Games", Canasta variants, entry Uruguay,
  https://read-online-books.com/book/read-online-the-penguin-book-of-card-games-everything-
  you-need-to-know-to-play-over-250-games-free/page-171 (two-pack Canasta with wild-card melds
  added; a wild canasta counts 2000 extra).
- 001 (/work/shared/sources, the classic variant): the partnership game that RGU and SCU say
  is otherwise played unchanged, for every rule they do not restate.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from family_helpers import family_pos
from helpers import cli_refused as ruling
from helpers import cli_score as score
from helpers import code, cs, position, run_cli, shown_settings

from canasta_rules import cards as C
from canasta_rules.engine import Draw, Meld, Phase, TakePile, apply, deal, legal_moves, rules_for
from canasta_rules.engine.game import game_end
from canasta_rules.engine.rules import WILD_KEY
from canasta_rules.variant import load_variant

V = "uruguayan"
CANASTA_K = "Kc Kd Kh Ks Kc Kd Kh"
WILD7 = "2c 2d 2h 2s Jk Jk 2c"
PLAY = "to move: N play"
DREW = "drew stock"


def pos(variant: str = V, **kw: Any) -> str:
    """A four-player position in the notation (family_helpers.family_pos), uruguayan unless
    ``variant`` says otherwise."""
    return family_pos(variant, **kw)


def tally(capsys: pytest.CaptureFixture[str], *hands: str) -> tuple[int, str, str]:
    """`canasta tally uruguayan --hand ...`: status, output, errors."""
    args = ["tally", V]
    for h in hands:
        args += ["--hand", h]
    return run_cli(capsys, *args)


def play(hand: str, ns: str = "Qc Qd Qh", **kw: str) -> str:
    """North to play after a stock draw, North-South opened (by default) with three queens."""
    return pos(hands={"N": hand}, ns=ns, end=PLAY, turn=DREW, **kw)


# ============================================================================================
# Packs and deal (RGU: Canasta with minor changes; SCU: played the same; PBU: two-pack)
# ============================================================================================


def test_two_packs_and_four_jokers() -> None:
    """PBU: Uruguay is a two-pack Canasta; RGU/SCU change nothing of the pack, so 001's 108
    cards hold: two 52-card packs and four jokers, eight twos and four jokers wild."""
    r = rules_for(load_variant(V))
    assert len(r.deck) == 108
    wild = [c for c in r.deck if C.is_wild(c)]
    assert len(wild) == 12
    assert sum(1 for c in r.deck if c == C.parse("Jk")) == 4


def test_four_players_eleven_cards_one_card_draw() -> None:
    """SCU: played the same as regular partnership Canasta (001): four players in two pairs,
    eleven cards each, one card drawn a turn."""
    r = rules_for(load_variant(V))
    assert (r.players, r.sides, r.draw_count) == (4, 2, 1)
    s = deal(r, 7)
    assert [s.hand_len[p] for p in range(4)] == [11] * 4


def test_upcard_is_never_wild_or_a_red_three() -> None:
    """001 by reference (RGU, SCU change nothing of the deal): a wild card or red three turned
    up is covered until another card shows, so the pile's top after the deal is neither."""
    r = rules_for(load_variant(V))
    for seed in range(12):
        top = deal(r, seed).pile[-1]
        assert not C.is_wild(top)
        assert top not in (C.parse("3d"), C.parse("3h"))


# ============================================================================================
# Melds of wild cards (RGU, SCU, PBU)
# ============================================================================================


def test_three_wild_cards_form_a_meld_where_classic_refuses(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """RGU: wild cards may be melded as a set of their own, three or more (SCU: three to seven
    form a valid meld); classic (001) allows no such meld."""
    hand = "2c Jk 2d 9c 9d"
    assert ruling(capsys, tmp_path, play(hand), "meld 2c Jk 2d") is None
    classic = pos("classic", hands={"N": hand}, ns="Qc Qd Qh", end=PLAY, turn=DREW)
    assert ruling(capsys, tmp_path, classic, "meld 2c Jk 2d") == "meld.all_wild"


@pytest.mark.parametrize("cards", ["2c 2d 2h", "Jk Jk Jk", "2s Jk 2h Jk"])
def test_twos_and_jokers_mix_freely(
    cards: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """RGU: jokers and twos are not told apart; both are wild and may be mixed freely in the
    meld of wild cards: twos alone, jokers alone or both."""
    assert ruling(capsys, tmp_path, play(cards + " 9c 9d"), f"meld {cards}") is None


def test_two_wild_cards_are_not_a_meld(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """RGU (three or more), SCU (from three): two wild cards are too few for a meld."""
    assert ruling(capsys, tmp_path, play("2c Jk 9c 9d"), "meld 2c Jk") == "meld.wild.too_small"


def test_eight_wild_cards_are_too_many(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """SCU: from three to seven wild cards form a meld; eight are refused (RGU's 'three or more'
    is bounded by the canasta of seven, the variant's pinned reading)."""
    text = play(WILD7 + " 2d 9c")
    assert ruling(capsys, tmp_path, text, f"meld {WILD7} 2d") == "meld.wild.too_big"
    assert ruling(capsys, tmp_path, text, f"meld {WILD7}") is None


def test_a_wild_meld_grows_to_a_canasta_of_seven(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """SCU: three to seven wild cards; a side adds wild cards to its meld of wild cards until the
    canasta of seven, and no further."""
    text = play("2s Jk Jk 2c 2d 9c", ns="Qc Qd Qh, 2c 2d 2h")
    assert ruling(capsys, tmp_path, text, "add 2: 2s Jk Jk 2c") is None
    assert ruling(capsys, tmp_path, text, "add 2: 2s Jk Jk 2c 2d") == "meld.wild.too_big"
    full = play("2d 9c 9d", ns=f"Qc Qd Qh, {WILD7}")
    assert ruling(capsys, tmp_path, full, "add 2: 2d") == "meld.wild.too_big"


def test_a_meld_of_wild_cards_takes_no_natural_card(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """RGU: wild cards are melded as a set of their own; with one natural card the cards are an
    ordinary group, which needs two natural cards (001)."""
    text = play("2c 2d 2h Kc 9c")
    assert ruling(capsys, tmp_path, text, "meld 2c 2d 2h Kc") == "meld.too_few_naturals"


def test_one_meld_of_wild_cards_per_side(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Pinned (the rule sheet: 'one such meld'; RGU speaks of 'a set of their own'): beside a
    finished wild canasta a side may not begin a second meld of wild cards: the wild cards
    laid join the canasta, which takes no more."""
    text = play("2h 2s Jk 9c 9d", ns=f"Qc Qd Qh, {WILD7}")
    assert ruling(capsys, tmp_path, text, "meld 2h 2s Jk") == "meld.wild.too_big"


def test_wild_cards_still_join_groups_beside_a_wild_meld(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """RGU/SCU say nothing against it, and 001 lets a wild card join any group within the cap of
    three: with a meld of wild cards on the table a two still goes onto the queens."""
    text = play("2h 9c 9d", ns="Qc Qd Qh, 2c 2d Jk")
    assert ruling(capsys, tmp_path, text, "add Q: 2h") is None


def test_groups_keep_the_partnership_limits(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """SCU: otherwise played as regular partnership Canasta (001): a group holds two natural
    cards at least and three wild cards at most."""
    text = play("Kc Kd 2c 2d 2h Jk 9c")
    assert ruling(capsys, tmp_path, text, "meld Kc 2c 2d") == "meld.too_few_naturals"
    assert ruling(capsys, tmp_path, text, "meld Kc Kd 2c 2d 2h Jk") == "meld.too_many_wild"
    assert ruling(capsys, tmp_path, text, "meld Kc Kd 2c 2d 2h") is None


# ============================================================================================
# The pile, always frozen (RGU, SCU)
# ============================================================================================


def test_top_card_never_goes_onto_the_sides_meld(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """RGU: the pile is always frozen and only a natural pair matching the upcard takes it; so a
    pile with no wild card in it is not taken by putting its king on the side's kings, which
    classic (001) allows."""
    text = pos(hands={"N": "Kd 9c 9d"}, ns="Kc Ks Kh", pile="5c 8d Kh")
    assert ruling(capsys, tmp_path, text, "take Kh") == "pile.way_not_allowed"
    classic = text.replace('"uruguayan"', '"classic"')
    assert ruling(capsys, tmp_path, classic, "take Kh") is None


def test_one_natural_and_a_wild_card_never_take_a_clean_pile(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """SCU: the pile may be taken only when the player holds two natural cards matching the
    upcard: a king and a joker are refused even though the pile holds no wild card."""
    text = pos(hands={"N": "Kd Jk 9c 9d"}, ns="Kc Ks Kh", pile="5c 8d Kh")
    assert ruling(capsys, tmp_path, text, "take Kh with Kd Jk") == "pile.way_not_allowed"
    classic = text.replace('"uruguayan"', '"classic"')
    assert ruling(capsys, tmp_path, classic, "take Kh with Kd Jk") is None


def test_a_natural_pair_takes_a_clean_pile(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """RGU: a player holding a natural pair matching the upcard takes the pile."""
    text = pos(hands={"N": "Kd Ks 9c 9d"}, ns="Qc Qd Qh", pile="5c 8d Kh")
    assert ruling(capsys, tmp_path, text, "take Kh with Kd Ks") is None


def test_a_pile_holding_a_wild_card_wants_the_same_pair(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """RGU, SCU (and 001 for a frozen pile): with a two in the pile, a king and a joker are
    refused, two natural kings take it, and a joker may join the pair in the new meld."""
    text = pos(hands={"N": "Kd Ks Jk 9c 9d"}, ns="Qc Qd Qh", pile="5c 2h 8d Kh")
    assert ruling(capsys, tmp_path, text, "take Kh with Kd Jk") == "pile.frozen.needs_natural_pair"
    assert ruling(capsys, tmp_path, text, "take Kh with Kd Ks") is None
    assert ruling(capsys, tmp_path, text, "take Kh with Kd Ks Jk") is None


def test_a_pair_of_twos_never_takes_a_wild_upcard(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """RGU: only a natural pair matches the upcard; a wild card on top has no natural match, so
    two twos (even with a meld of wild cards to go to) never take it."""
    text = pos(hands={"N": "2d 2s Jk 9c"}, ns="Kc Kd Ks", pile="5c 2h")
    assert ruling(capsys, tmp_path, text, "take 2h with 2d 2s") == "pile.top_wild"
    wild = pos(hands={"N": "2d 9c 9d"}, ns="Kc Kd Ks, 2c Jk 2s", pile="5c 2h")
    assert ruling(capsys, tmp_path, wild, "take 2h") == "pile.top_wild"


def test_a_black_three_on_top_blocks_the_pile(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """001 by reference (RGU, SCU keep black threes as in Canasta): a black three on top stops
    the next player, even one holding two black threes."""
    text = pos(hands={"N": "3c 3s 9d"}, ns="Kc Kd Ks", pile="5c 3c")
    assert ruling(capsys, tmp_path, text, "take 3c with 3c 3s") == "pile.top_black_three"


def test_taking_the_pile_to_open_needs_the_minimum(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """RGU/SCU with 001: an unopened side takes the pile with its natural pair, and the opening
    must reach 50 counting the upcard but not the buried cards: K K K is 30, refused; with
    three aces laid in the same action it is 90."""
    text = pos(hands={"N": "Kd Ks Ad As Ac 9c"}, pile="Ah Ad 5c Kh")
    assert ruling(capsys, tmp_path, text, "take Kh with Kd Ks") == "open.below_minimum"
    assert ruling(capsys, tmp_path, text, "take Kh with Kd Ks and Ad As Ac") is None


def test_opening_with_the_pile_and_a_meld_of_wild_cards(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """RGU (wild cards melded on their own) with 001's opening: a meld of wild cards laid with
    the pickup counts toward the minimum (30 + 90)."""
    text = pos(hands={"N": "Kd Ks 2c Jk 2d 9c"}, pile="5c 8d Kh")
    assert ruling(capsys, tmp_path, text, "take Kh with Kd Ks and 2c Jk 2d") is None


def test_a_pair_taken_pile_joins_the_sides_meld_of_its_rank() -> None:
    """RGU, SCU, with 001: the upcard and the natural pair go to the side's kings, and the rest
    of the pile to the hand."""
    s = position(V, hands={"N": "Kd Ks 9c 9d"}, melds={0: ["Kc Kh Ks"]}, pile="5c 8d Kh")
    apply(s, TakePile(cs("Kd Ks")))
    assert s.melds[0][13].size == 6
    assert s.pile == []


def test_no_move_offers_the_pile_without_a_natural_pair() -> None:
    """RGU: only a natural pair takes the pile: the legal moves of a player holding one king
    and a joker, beside the side's kings and a clean pile topped by a king, take nothing."""
    s = position(V, hands={"N": "Kd Jk 9c 9d"}, melds={0: ["Kc Kh Ks"]}, pile="5c 8d Kh")
    assert not [m for m in legal_moves(s) if isinstance(m, TakePile)]
    t = position(V, hands={"N": "Kd Kc 9c 9d"}, melds={0: ["Kh Ks Kh"]}, pile="5c 8d Ks")
    assert [m for m in legal_moves(t) if isinstance(m, TakePile)]


def test_nobody_is_forced_to_take_the_pile_when_the_stock_is_out() -> None:
    """RGU/SCU with 001: 001 forces a pickup only from an unfrozen pile whose top fits a meld;
    the Uruguayan pile is always frozen, so a player with a fitting pair may let the hand end
    (the variant's pinned stock_out), where classic forces the pickup."""
    fits: dict[str, Any] = {
        "hands": {"N": "Kc Kd 7d"},
        "melds": {0: ["Kh Ks 2c", "Qc Qd Qh"]},
        "pile": "5c Kh",
    }
    for variant, want in ((V, None), ("classic", "stock.forced_pickup")):
        s = position(variant, **fits)
        s.stock = []
        s.stock_known = True
        assert code(s, Draw()) == want


# ============================================================================================
# Minimums (001 by reference)
# ============================================================================================


@pytest.mark.parametrize(
    ("scores", "short", "enough"),
    [
        ("NS -100, EW 0", "9c 9d 9h", None),  # 15: three nines (30) are enough
        ("NS 1495, EW 0", "Kc Kd Kh Ks", "Kc Kd Kh Ks 2c"),  # 50: 40 short, 60 enough
        ("NS 1500, EW 0", "Kc Kd Kh Ks 2c 2d", "Kc Kd Kh Ks Jk"),  # 90: 80 short, 90 enough
        ("NS 3000, EW 0", "Kc Kd Kh Ks Jk 2c", "Kc Kd Kh Ks Jk 2c 2d"),  # 120: 110 / 130
    ],
)
def test_initial_meld_tiers(
    scores: str, short: str, enough: str | None, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """001 by reference (SCU: played the same): minimum 15 below 0, 50 to 1495, 90 to 2995,
    120 from 3000, counted on the side's total before the deal."""
    text = pos(hands={"N": "Kc Kd Kh Ks Jk 2c 2d 9c 9d 9h Ts"}, scores=scores, end=PLAY, turn=DREW)
    if enough is None:
        assert ruling(capsys, tmp_path, text, f"meld {short} discard Ts") is None
    else:
        assert ruling(capsys, tmp_path, text, f"meld {short} discard Ts") == "open.below_minimum"
        assert ruling(capsys, tmp_path, text, f"meld {enough} discard Ts") is None


def test_a_meld_of_wild_cards_opens_by_its_card_values(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Pinned (RGU/SCU silent): a meld of wild cards counts like any meld, twos 20 and jokers
    50 (001): three twos (60) open at 0 but not at 1500 (90); joker-two-two (90) does."""
    hand = "2c 2d 2h Jk 9c 9d"
    low = pos(hands={"N": hand}, end=PLAY, turn=DREW)
    assert ruling(capsys, tmp_path, low, "meld 2c 2d 2h discard 9c") is None
    high = pos(hands={"N": hand}, scores="NS 1500, EW 0", end=PLAY, turn=DREW)
    assert ruling(capsys, tmp_path, high, "meld 2c 2d 2h discard 9c") == "open.below_minimum"
    assert ruling(capsys, tmp_path, high, "meld Jk 2c 2d discard 9c") is None


# ============================================================================================
# Red and black threes (001 by reference)
# ============================================================================================


def test_red_threes_score_100_each_and_800_for_four(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """001 by reference (SCU: played the same): a side that has melded scores 100 a red three,
    800 for all four."""
    one = pos(hands={"N": ""}, ns=f"Qc Qd Qh, {CANASTA_K}", red_ns="3d", end="out N")
    assert score(capsys, tmp_path, one)["NS"]["Red threes"] == 100
    four = pos(hands={"N": ""}, ns=f"Qc Qd Qh, {CANASTA_K}", red_ns="3d 3h 3d 3h", end="out N")
    assert score(capsys, tmp_path, four)["NS"]["Red threes"] == 800


def test_red_threes_count_minus_for_a_side_that_never_melded(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """001 by reference: red threes of a side with no meld count against it; a side that melded
    keeps them plus when the opponents go out."""
    text = pos(hands={"N": ""}, ns=CANASTA_K, red_ew="3d 3h", end="out N")
    assert score(capsys, tmp_path, text)["EW"]["Red threes"] == -200
    melded = pos(hands={"N": ""}, ns=CANASTA_K, ew="8c 8d 8h", red_ew="3d 3h", end="out N")
    assert score(capsys, tmp_path, melded)["EW"]["Red threes"] == 200


def test_black_threes_meld_only_when_going_out(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """001 by reference: three or four black threes may be melded only by a player going out in
    that turn, and never with a wild card."""
    staying = play("3c 3s 3c 9d 9h", ns=CANASTA_K)
    assert ruling(capsys, tmp_path, staying, "meld 3c 3s 3c") == "meld.black_threes.not_going_out"
    going = play("3c 3s 3c", ns=CANASTA_K)
    assert ruling(capsys, tmp_path, going, "meld 3c 3s 3c") is None
    wild = play("3c 3s 2c", ns=CANASTA_K)
    assert ruling(capsys, tmp_path, wild, "meld 3c 3s 2c") == "meld.black_threes.wild"


def test_a_black_three_left_in_hand_costs_its_five(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """001 by reference: a black three left in hand counts only its value, 5, against the side
    (no Uruguayan text adds a penalty, unlike Bolivia's 100)."""
    text = pos(hands={"N": "", "S": "3c"}, ns=CANASTA_K, end="out N")
    ns = score(capsys, tmp_path, text)["NS"]
    assert ns["Cards in hand"] == -5
    assert ns["Black threes in hand"] == 0


# ============================================================================================
# Going out (001 by reference; the wild canasta counts as a canasta: RGU, SCU)
# ============================================================================================


def test_going_out_needs_a_canasta(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """001 by reference: a player may go out only when the side has a canasta; until then they
    must keep a card after melding."""
    text = play("9c", ns="Qc Qd Qh")
    assert ruling(capsys, tmp_path, text, "discard 9c") == "out.canastas"
    keep = play("Kc Kd Kh 9c", ns="Qc Qd Qh")
    assert ruling(capsys, tmp_path, keep, "meld Kc Kd Kh") == "meld.keep_a_card"


def test_a_wild_canasta_is_the_canasta_that_lets_a_side_go_out(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """RGU: a canasta of seven wild cards is a canasta (SCU: 'a Canasta (seven cards) of wild
    cards'), so with it alone the side may go out; six wild cards are not one."""
    done = play("9c", ns=f"Qc Qd Qh, {WILD7}")
    assert ruling(capsys, tmp_path, done, "discard 9c") is None
    six = play("9c", ns="Qc Qd Qh, 2c 2d 2h 2s Jk Jk")
    assert ruling(capsys, tmp_path, six, "discard 9c") == "out.canastas"


def test_the_wild_canasta_may_be_finished_on_the_turn_of_going_out(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """001 by reference (the canasta may be completed on the going-out turn), with RGU/SCU's
    wild canasta: add the seventh wild card and discard the last card."""
    text = play("Jk 9c", ns="Qc Qd Qh, 2c 2d 2h 2s Jk 2c")
    assert ruling(capsys, tmp_path, text, "add 2: Jk discard 9c") is None


def test_going_out_concealed_with_a_wild_canasta(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """001 by reference: melding the whole hand at once, with a canasta, after a stock draw,
    goes out concealed for 200; RGU/SCU's wild canasta serves as that canasta."""
    text = pos(hands={"N": f"{WILD7} Kc Kd Kh 9c"}, end=PLAY, turn=DREW)
    assert ruling(capsys, tmp_path, text, f"meld {WILD7}, Kc Kd Kh discard 9c") is None
    done = pos(hands={"N": ""}, ns=f"{WILD7}, Kc Kd Kh", pile="4c 9c", end="out N concealed")
    ns = score(capsys, tmp_path, done)["NS"]
    assert (ns["Going out"], ns["Wild canastas"], ns["Melds"]) == (200, 2000, 230)


# ============================================================================================
# Scoring of every kind of canasta
# ============================================================================================


def test_a_wild_canasta_earns_2000_on_top_of_its_cards(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """RGU: a canasta of seven wild cards earns a 2000 bonus; PBU: wild canastas count 2000
    extra; the cards count their values too (five twos and two jokers: 200)."""
    text = pos(hands={"N": ""}, ns=f"Qc Qd Qh, {WILD7}", end="out N")
    ns = score(capsys, tmp_path, text)["NS"]
    assert ns["Wild canastas"] == 2000
    assert ns["Melds"] == 30 + 200
    assert ns["Mixed canastas"] == ns["Natural canastas"] == 0
    assert ns["Cards in hand"] == -20  # South's 6c 7d 8s
    assert ns["Total"] == 230 + 2000 + 100 - 20


def test_a_canasta_of_twos_alone_earns_the_same_2000(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """RGU: twos and jokers are not told apart, so seven wild cards with no joker earn the same
    2000 (no extra for all twos or for jokers, as Modern American has)."""
    twos = "2c 2d 2h 2s 2c 2d 2h"
    text = pos(hands={"N": ""}, ns=f"Qc Qd Qh, {twos}", end="out N")
    ns = score(capsys, tmp_path, text)["NS"]
    assert (ns["Wild canastas"], ns["Melds"]) == (2000, 30 + 140)


def test_natural_mixed_and_wild_canastas_in_one_hand(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """SCU: otherwise as regular partnership Canasta (001: natural 500, mixed 300), plus RGU's
    2000 for the wild canasta: each kind scores its own bonus."""
    text = pos(
        hands={"N": "", "S": "6c 7d Jk"},
        ns=f"2c 2d 2h 2s Jk Jk 2c, {CANASTA_K}, Qc Qd Qh Qs 2d Qc Qd",
        ew="8c 8d 8h, 2h 2s Jk",
        red_ns="3h",
        end="out N",
    )
    data = score(capsys, tmp_path, text)
    ns, ew = data["NS"], data["EW"]
    assert (ns["Natural canastas"], ns["Mixed canastas"], ns["Wild canastas"]) == (500, 300, 2000)
    assert (ns["Melds"], ns["Cards in hand"], ns["Red threes"], ns["Going out"]) == (
        350,
        -60,
        100,
        100,
    )
    assert ns["Total"] == 3290
    assert (ew["Melds"], ew["Cards in hand"], ew["Total"]) == (120, -30, 90)


def test_an_unfinished_meld_of_wild_cards_costs_nothing_extra(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """RGU, SCU and PBU give no penalty for a meld of wild cards left short of seven (Pagat's
    1000 is a house rule of classic Canasta): its cards count plus, 90 for two-two-joker."""
    text = pos(hands={"N": ""}, ns=CANASTA_K, ew="8c 8d 8h, 2h 2s Jk", end="out N")
    ew = score(capsys, tmp_path, text)["EW"]
    assert ew["Melds"] == 30 + 90
    assert ew["Penalties"] == 0
    assert ew["Wild canastas"] == 0


def test_a_hand_ending_with_the_stock_scores_no_going_out(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """001 by reference: when the hand ends without anyone going out, no side scores the
    going-out bonus; the wild canasta still scores its 2000."""
    text = pos(hands={"N": "9c"}, ns=f"Qc Qd Qh, {WILD7}", end="to move: N over")
    ns = score(capsys, tmp_path, text)["NS"]
    assert (ns["Going out"], ns["Wild canastas"], ns["Cards in hand"]) == (
        0,
        2000,
        -30,
    )  # 9c, 6c 7d 8s


# ============================================================================================
# canasta tally
# ============================================================================================


def test_tally_scores_a_wild_canasta(capsys: pytest.CaptureFixture[str]) -> None:
    """RGU: 2000 for the wild canasta; 001: natural 500, mixed 300, red threes 100, going out
    100: the same hand as the position scored above, entered as counts."""
    status, out, err = tally(capsys, "NS m 350 h 60 n 1 x 1 w 1 r 1 out; EW m 120 h 30")
    assert status == 0, err
    assert "Wild canastas     2000" in out
    assert "NS 3290, EW 90" in out


def test_tally_going_out_concealed_with_a_wild_canasta(capsys: pytest.CaptureFixture[str]) -> None:
    """001 by reference: going out concealed earns 200; the wild canasta (RGU) is its canasta."""
    status, out, err = tally(capsys, "NS m 140 w 1 concealed")
    assert status == 0, err
    assert "NS 2340, EW 0" in out


def test_tally_refuses_a_wild_canasta_worth_too_few_points(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """RGU: a wild canasta is seven wild cards, at least 7 x 20 = 140 on the table (001's value
    of a two): meld points below that cannot hold one."""
    status, _out, err = tally(capsys, "NS m 100 w 1 out")
    assert status == 2
    assert "at least 140" in err


def test_tally_refuses_going_out_without_a_canasta(capsys: pytest.CaptureFixture[str]) -> None:
    """001 by reference: going out needs one canasta."""
    status, _out, err = tally(capsys, "NS m 90 out")
    assert status == 2
    assert "going_out.canastas" in err


def test_tally_ends_the_game_at_5000(capsys: pytest.CaptureFixture[str]) -> None:
    """001 by reference (SCU: played the same): the game ends when a side reaches 5000, and a
    further hand is refused."""
    first = "NS m 1000 n 2 x 1 w 1 r 4 out; EW m 100"
    status, out, err = tally(capsys, first)
    assert status == 0, err
    assert "result: North-South won, NS 5200, EW 100" in out
    status, _out, err = tally(capsys, first, "NS m 500 n 1 out")
    assert status == 2
    assert "the game is over" in err


# ============================================================================================
# The end of the game (001 by reference)
# ============================================================================================


def test_game_to_5000_highest_total_wins() -> None:
    """001 by reference (SCU: played the same): a side reaching 5000 ends the game; when both
    pass it the higher total wins."""
    r = rules_for(load_variant(V))
    assert game_end(r, [4995, 4000], 0) == (False, None)
    assert game_end(r, [5000, 300], 0) == (True, 0)
    assert game_end(r, [5100, 5600], 0) == (True, 1)


def test_equal_totals_past_5000_play_another_hand() -> None:
    """Pinned (game.tie; no text settles it): equal winning totals play another hand."""
    r = rules_for(load_variant(V))
    assert game_end(r, [5200, 5200], 0) == (False, None)


# ============================================================================================
# The rule sheet and the ruleset's own description
# ============================================================================================


def _rules(capsys: pytest.CaptureFixture[str], *extra: str) -> str:
    status, out, err = run_cli(capsys, "rules", V, *extra)
    assert status == 0, err
    return out


def test_sheet_pack_deal_and_target(capsys: pytest.CaptureFixture[str]) -> None:
    """PBU (two packs), SCU (otherwise regular partnership Canasta, 001): 108 cards, four
    players in pairs with eleven cards each, a one-card draw, game to 5000."""
    out = _rules(capsys)
    assert "108 cards in all" in out
    assert "each is dealt 11 cards" in out
    assert "reached 5000 or more, the game ends" in out


def test_sheet_states_the_wild_melds_and_their_bonus(capsys: pytest.CaptureFixture[str]) -> None:
    """SCU: three to seven wild cards form a meld and a canasta of them counts 2000 (RGU:
    2000-point bonus; PBU: 2000 extra)."""
    out = _rules(capsys)
    assert "A side may meld wild cards on their own" in out
    assert "of 3 to 7 wild cards; a canasta of wild cards is worth 2000" in out
    assert "| Canasta of wild cards | 2000 |" in out


def test_sheet_pile_table_allows_only_the_natural_pair(capsys: pytest.CaptureFixture[str]) -> None:
    """RGU, SCU: the pile is taken only by a player holding a natural pair matching the upcard:
    every row of the pile table says pair yes, natural + wild no, onto a meld no."""
    out = _rules(capsys)
    assert "| Pile not frozen | yes | no | no | RGU, SCU |" in out
    assert "| Pile frozen | yes | no | no | RGU, SCU |" in out
    assert "| Side not opened yet | yes | no | no |" in out


def test_sheet_bonuses_and_minimums_are_classic(capsys: pytest.CaptureFixture[str]) -> None:
    """001 by reference: natural 500, mixed 300, going out 100, concealed 200, red threes 100
    each and 800 for four, minimums 15 / 50 / 90 / 120."""
    out = _rules(capsys)
    for row in (
        "| Natural canasta (no wild card) | 500 |",
        "| Mixed canasta (with wild cards) | 300 |",
        "| Going out | 100 |",
        "| Going out concealed (instead of the above) | 200 |",
        "| 4 | 800 |",
        "| below 0 (a negative score) | 15 |",
        "| 0 to 1499 | 50 |",
        "| 1500 to 2999 | 90 |",
        "| 3000 and above | 120 |",
    ):
        assert row in out, row


def test_sheet_says_nobody_is_forced_at_stock_out(capsys: pytest.CaptureFixture[str]) -> None:
    """The pinned stock_out (the pile always frozen, RGU/SCU): no forced pickup is stated."""
    out = _rules(capsys)
    assert "Nobody is obliged to take the pile." in out


def test_quick_reference_card(capsys: pytest.CaptureFixture[str]) -> None:
    """RGU/SCU/PBU on the card: the wild canasta's 2000 among the bonuses, and the pile table
    with the natural pair the only way."""
    out = _rules(capsys, "--card")
    assert "| Canasta of wild cards | 2000 |" in out
    assert "| Pile not frozen | yes | no | no | RGU, SCU |" in out
    assert "| Pack | 108 cards: 2 packs + 4 jokers |" in out
    assert "| Game | to 5000 |" in out


def test_variant_summary_and_show(capsys: pytest.CaptureFixture[str]) -> None:
    """RGU, SCU: the summary names the two changes (wild melds of three to seven worth 2000 and
    a pile always frozen) and `variants show` the natural pair as the one way to take it."""
    status, out, err = run_cli(capsys, "variants", "show", V)
    assert status == 0, err
    assert "the discard pile is always frozen" in out
    assert "three to seven wild cards may be melded on their own" in out
    shown = shown_settings(out)
    assert shown["pile.unfrozen"][0] == "pair of naturals"
    assert shown["pile.frozen"][0] == "pair of naturals"


def test_the_wild_meld_key_is_the_side_meld_of_wild_cards() -> None:
    """RGU (a set of their own), through the library: after a meld of three wild cards the side
    holds one meld under the wild key, of three cards."""
    s = position(V, hands={"N": "2c Jk 2d 9c 9d"}, melds={0: ["Qc Qd Qh"]}, phase=Phase.PLAY)
    apply(s, Meld((cs("2c Jk 2d"),)))
    assert s.melds[0][WILD_KEY].size == 3
