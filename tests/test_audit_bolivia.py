"""Audit of the built-in `bolivia` variant against the public Bolivia rule texts, sentence by
sentence.

Every case is built from a sentence of a source (paraphrased in the docstring, cited by its id in
canasta_rules/sources.py), not from what the engine does today. Most cases are small positions
written in the notation (docs/notation.md) and ruled on or scored in-process; a few read the
ruleset's table (pack, seating, target) through the library, and one plays a short record of
turns from a position.

Bolivia texts (pages corpus):
- BCB: Bicycle, Game Rules Finder: Bolivia,
  http://www.bicyclecards.ca/game-rules/bolivia/48.php?page_id=32 ("the same game as Samba with
  the following changes")
- RGB: Rummy-Games, Bolivia Rules, http://www.rummy-games.com/rules/bolivia.html ("plays just
  like Samba except")
- BNC: Bolivian Canasta (archived rules page),
  http://web.archive.org/web/20010109180700/bright.net/~mile505/General/BCanasta.html ("played
  the same as four-player Canasta except")
- SC: Blackcoin, Canasta poker rules and variations (Bolivian Canasta, a numbered list),
  https://blackcoin.co/canasta-poker-rules-and-variations/
- WKB: White Knuckle Cards, Bolivia, https://whiteknucklecards.com/games/bolivia.html
Samba texts the Bolivia ones refer back to (BCB, RGB):
- BC: Bicycle, Game Rules Finder: Samba, http://www.bicyclecards.ca/game-rules/samba/169.php?page_id=32
- HSW: HowStuffWorks, How to Play Canasta (Samba section),
  https://entertainment.howstuffworks.com/how-to-play-canasta3.htm
- UR, KS: as in docs/family/samba.md.
"""

from __future__ import annotations

from collections import Counter

import pytest
from family_helpers import family_pos
from helpers import after, breakdown, refused, scored

from canasta_rules import cards as C
from canasta_rules.engine import deal, rules_for, score_hand
from canasta_rules.engine.game import game_end
from canasta_rules.engine.rules import WILD_KEY
from canasta_rules.engine.state import State
from canasta_rules.variant import load_variant

V = "bolivia"
PLAY = "to move: N play"
DREW = "drew stock"
OUT = "out N"
K7 = "Kc Kd Kh Ks Kc Kd Kh"  # natural canasta of kings, 70
Q7 = "Qc Qd Qh Qs Qc Qd Qh"  # natural canasta of queens, 70
ESC = "5d 6d 7d 8d 9d Td Jd"  # an escalera, 55
ESC_H = "8h 9h Th Jh Qh Kh Ah"  # an escalera, 80
BOL = "2c 2d 2h 2s Jk Jk 2c"  # a bolivia, 200
OPEN = "Qc Qd Qh"  # a side that has opened
# family_pos fills the seats not named: S holds 6c 7d 8s (20), E 4c 5d 7h (15), W 4d 5h 6h (15).
S_FILL = 20
EW_FILL = 30


def play(hand: str, ns: str = OPEN, **kw: str) -> str:
    """N, whose side holds ``ns``, has drawn from the stock and is to play with ``hand``."""
    return family_pos(V, hands={"N": hand}, ns=ns, end=PLAY, turn=DREW, **kw)


def to_draw(hand: str, pile: str, ns: str = OPEN, **kw: str) -> str:
    """N, whose side holds ``ns``, is to begin a turn with ``hand`` beside ``pile``."""
    return family_pos(V, hands={"N": hand}, ns=ns, pile=pile, **kw)


def out_n(
    ns: str, hands: dict[str, str] | None = None, end: str = OUT, **kw: str
) -> list[dict[str, int]]:
    """Each side's score rows when N has gone out (``end``) beside the side's melds ``ns``."""
    text = family_pos(V, hands={"N": ""} | (hands or {}), ns=ns, end=end, **kw)
    return [breakdown(sc) for sc in scored(text)]


def wild_melds(s: State, side: int = 0) -> list[int]:
    """The sizes of a side's melds of wild cards alone."""
    return sorted(m.size for m in s.melds[side].values() if m.naturals == 0 and m.wilds)


# ============================================================================================
# The cards, the table, the deal, the draw


def test_pack_is_three_packs_and_six_jokers() -> None:
    """BNC (first point) and SC 1: three 52-card packs plus six jokers, 162 cards (WKB: 162;
    BCB: three packs including jokers); twos and jokers are the wild cards (WKB)."""
    r = rules_for(load_variant(V))
    counts = Counter(r.deck)
    assert len(r.deck) == 162
    assert counts[C.parse("Jk")] == 6
    assert sum(n for c, n in counts.items() if C.RANK_OF[c] == C.TWO) == 12


def test_four_players_in_two_partnerships_only() -> None:
    """BCB: 'Players: 4'; WKB: as explained there, four people in two fixed partnerships. No
    Bolivia text seats another number, so other table sizes are refused."""
    v = load_variant(V)
    r = rules_for(v)
    assert (r.players, r.sides) == (4, 2)
    for n in (2, 3, 6):
        with pytest.raises(ValueError, match="for 4 players"):
            rules_for(v, n)


def test_each_player_is_dealt_fifteen() -> None:
    """BNC and SC 3: each player is dealt 15 cards; the rest of the 162 are stock and pile."""
    r = rules_for(load_variant(V))
    s = deal(r, 21)
    assert s.hand_len == [15, 15, 15, 15]
    laid = sum(len(x) for x in s.red3)
    assert len(s.stock) + len(s.pile) + 60 + laid == 162


def test_a_stock_draw_is_two_cards() -> None:
    """BNC and SC 4: drawing from the stock a player takes two cards, and only one is
    discarded."""
    text = to_draw("9c 9d Kc", pile="4c")
    assert refused(text, "draw Ah") == "draw.too_few"
    assert refused(text, "draw Ah As") is None
    s = after(text, "draw Ah As discard Kc")
    assert s.hand_len[0] == 3 + 2 - 1 and s.turn == 1


def test_a_red_three_drawn_is_laid_down_and_replaced() -> None:
    """BNC: 'the same as four-player Canasta' (BCB: as Samba), where a red three drawn is laid
    face up and replaced from the stock: a two-card draw with a red three brings three cards."""
    text = to_draw("9c 9d Kc", pile="4c")
    s = after(text, "draw 3d 8c 9h")
    assert [C.name(c) for c in s.red3[0]] == ["3d"]
    assert s.hand_len[0] == 5
    assert [s.hands[0][C.parse(x)] for x in ("8c", "9h", "9c", "9d", "Kc")] == [1, 1, 1, 1, 1]


# ============================================================================================
# Melds of wild cards and the bolivia


def test_three_wild_cards_twos_and_jokers_mixed_make_a_meld() -> None:
    """BNC, SC 5: three to seven wild cards form a meld; RGB: twos and jokers may be mixed
    freely; BCB: no distinction between deuces and jokers."""
    s = after(play("2c Jk 2d 8c 8d"), "meld 2c Jk 2d")
    assert wild_melds(s) == [3]


def test_two_wild_cards_are_not_a_meld() -> None:
    """BCB: three or more wild cards may be melded (BNC, SC: from three): two are too few."""
    assert refused(play("2c Jk 8c 8d"), "meld 2c Jk") == "meld.wild.too_small"


def test_a_bolivia_may_be_laid_in_one_action() -> None:
    """BNC: three to seven wild cards form a meld, and seven are a bolivia: all seven may be
    laid at once, and the side then holds a wild canasta."""
    s = after(play(BOL + " 8c 8d"), f"meld {BOL}")
    assert wild_melds(s) == [7]


def test_a_wild_meld_grows_to_seven_and_no_further() -> None:
    """BNC: a meld of wild cards holds three to seven; SC 5 the same. From three, four more make
    seven; five more would make eight."""
    ns = f"{OPEN}, 2c 2d Jk"
    assert refused(play("2h 2s Jk Jk 8c 8d", ns), "add 2: 2h 2s Jk Jk") is None
    assert refused(play("2h 2s Jk 2d 2c 8c 8d", ns), "add 2: 2h 2s Jk 2d 2c") == (
        "meld.wild.too_big"
    )


def test_no_meld_of_eight_wild_cards_at_once() -> None:
    """BNC, SC 5: at most seven wild cards in such a meld."""
    assert refused(play(BOL + " 2d 8c 8d"), f"meld {BOL} 2d") == "meld.wild.too_big"


def test_a_natural_card_does_not_go_on_the_meld_of_wild_cards() -> None:
    """RGB: wild cards may be melded as a set of their own; BNC: three to seven wild cards form
    a meld. A king is not a wild card."""
    assert refused(play("Kh 8c 8d", f"{OPEN}, 2c 2d Jk"), "add 2: Kh") == "meld.wrong_rank"


def test_no_card_may_be_added_to_a_bolivia() -> None:
    """RGB: no additional cards may be added to a bolivia; a joker is refused as a two is, by
    the rule of melds of wild cards (melds.wild_melds, which cites RGB), not Samba's closed
    canastas."""
    assert refused(play("Jk 8c 8d", f"{OPEN}, {BOL}"), "add 2: Jk") == "meld.wild.too_big"


def test_second_group_of_wild_cards_joins_the_open_one() -> None:
    """Pinned (bolivia.toml provenance, melds.wild_melds): the texts are silent on two melds of
    wild cards at once; the side holds one, so three more wild cards join it."""
    s = after(play("2s Jk Jk 8c 8d", f"{OPEN}, 2c 2d 2h"), "meld 2s Jk Jk")
    assert wild_melds(s) == [6]


def test_beside_a_bolivia_wild_cards_start_a_new_meld() -> None:
    """RGB: nothing goes on a bolivia; pinned: the side may then start another meld of wild
    cards."""
    s = after(play("2s Jk 2d 8c 8d", f"{OPEN}, {BOL}"), "meld 2s Jk 2d")
    assert wild_melds(s) == [3, 7]


def test_a_bolivia_scores_2500_whatever_its_twos_and_jokers() -> None:
    """BCB: no distinction between deuces and jokers, and a canasta of seven wild cards counts
    2,500 (RGB, BNC, SC 5, WKB); the cards still count their own values (joker 50, two 20)."""
    jokers = out_n(f"{ESC}, Jk Jk Jk Jk Jk Jk 2c")[0]
    twos = out_n(f"{ESC}, 2c 2c 2c 2d 2d 2d 2h")[0]
    assert jokers["Wild canastas"] == twos["Wild canastas"] == 2500
    assert jokers["Melds"] == 55 + 6 * 50 + 20
    assert twos["Melds"] == 55 + 7 * 20


def test_an_unfinished_meld_of_wild_cards_counts_its_cards_only() -> None:
    """BNC: only a canasta of seven wild cards is a bolivia worth 2,500; six wild cards on the
    table earn no bonus and (no text names one) no penalty: their card values count."""
    sides = out_n(f"{K7}, {ESC}", ew="Ac Ad Ah, 2c 2d Jk Jk 2h 2s")
    assert sides[1] == {"Melds": 60 + 4 * 20 + 2 * 50, "Cards in hand": -EW_FILL, "Total": 210}


def test_wild_cards_count_toward_the_initial_meld() -> None:
    """AOL thread and BNC: the melds' card values count toward the minimum; a meld of wild
    cards is a meld. At 3,000 (BNC, SC 7: 120 needed) two jokers and a two (120) open; a joker
    and three twos (110) do not."""
    at_3000 = "NS 3000, EW 0"
    assert refused(play("Jk Jk 2c 8c 8d", "", scores=at_3000), "meld Jk Jk 2c discard 8c") is None
    assert refused(play("Jk 2d 2h 2c 8c 8d", "", scores=at_3000), "meld Jk 2d 2h 2c") == (
        "open.below_minimum"
    )


# ============================================================================================
# Groups and canastas of one rank (Samba's, by BCB and RGB)


def test_a_group_holds_at_most_two_wild_cards() -> None:
    """BC (by BCB, RGB): no regular meld may hold more than two wild cards. Pinned against
    WKB's 'as many wild cards as you like' (bolivia.toml, melds.max_wild)."""
    assert refused(play("2c 8c 8d", "Qc Qd Qh 2d 2h"), "add Q: 2c") == "meld.too_many_wild"


def test_a_group_needs_two_natural_cards() -> None:
    """BC via BCB: wild cards are not melded with fewer than two naturals in a group (only a
    meld of wild cards alone stands without naturals)."""
    assert refused(play("Kc 2c 2d 8c 8d"), "meld Kc 2c 2d") == "meld.too_few_naturals"


def test_natural_and_mixed_canastas_score_500_and_300() -> None:
    """Canasta's and Samba's bonuses, which BCB and RGB keep: a natural canasta 500, a mixed one
    300 (the variant's pinned samba values)."""
    ns = out_n(f"Kc Kd Kh Ks Kc 2c 2d, {ESC}, {Q7}")[0]
    assert ns["Mixed canastas"] == 300 and ns["Natural canastas"] == 500
    assert ns["Melds"] == 50 + 40 + 55 + 70


def test_no_wild_card_goes_on_a_completed_canasta() -> None:
    """Samba (UR; Rummy-Games' Samba page: no wild cards may be added to a completed canasta):
    a wild card cannot join a finished canasta of kings."""
    assert refused(play("2c 8c 8d", f"{OPEN}, {K7}"), "add K: 2c") == "meld.canasta_closed"


def test_beside_a_closed_canasta_a_new_meld_of_its_rank_may_start() -> None:
    """KS (samba.toml, canastas.reopen_closed_rank): once a canasta is complete the side may
    start a new meld of its rank; BC lets a side hold two canastas of one rank."""
    s = after(play("Ks Kc Kd 8c 8d", f"{OPEN}, {K7}"), "meld Ks Kc Kd")
    kings = [m.size for m in s.melds[0].values() if C.RANK_OF[m.cards[0]] == C.KING]
    assert sorted(kings) == [3, 7]


# ============================================================================================
# Sequences and the escalera


def test_sc_example_four_five_six_of_hearts_is_a_meld() -> None:
    """SC 6: a sequence of three or more cards of one suit is a valid meld, for example the
    four-five-six of hearts (BNC's example: 5-6-7)."""
    assert refused(play("4h 5h 6h 8c 8d"), "meld 4h 5h 6h") is None


def test_the_ace_is_high_only() -> None:
    """BNC, SC 6: cards rank from ace (high) to four (low): Q-K-A is a sequence, A-4-5 is not."""
    assert refused(play("Qh Kh Ah 8c 8d"), "meld Qh Kh Ah") is None
    assert refused(play("Ah 4h 5h 8c 8d"), "meld Ah 4h 5h") == "meld.run.gap"


def test_a_sequence_is_of_one_suit() -> None:
    """SC 6: three or more cards in the same suit."""
    assert refused(play("4h 5c 6h 8c 8d"), "meld 4h 5c 6h") == "meld.run.suits"


def test_threes_are_not_part_of_a_sequence() -> None:
    """BNC, SC 6: wild cards and threes are not involved in sequences."""
    assert refused(play("3s 4s 5s 8c 8d"), "meld 3s 4s 5s") == "meld.run.threes"


def test_no_wild_card_is_added_to_a_sequence() -> None:
    """BNC, SC 6 (and BC: no sequence meld may contain any wild card)."""
    assert refused(play("2c 8c 8d", f"{OPEN}, 5d 6d 7d"), "add 5d: 2c") == "meld.run.wild"


def test_a_sequence_grows_to_seven_then_is_an_escalera_and_closed() -> None:
    """WKB: either partner may extend a sequence, and at seven cards it becomes an escalera; BC
    (Samba): cards may be added until there are seven."""
    assert refused(play("4d 8c 8d", f"{OPEN}, 5d 6d 7d 8d 9d Td"), "add 5d: 4d") is None
    assert refused(play("4d 8c 8d", f"{OPEN}, {ESC}"), "add 5d: 4d") == "meld.canasta_closed"


@pytest.mark.parametrize("run", ["4c 5c 6c 7c 8c 9c Tc", "8s 9s Ts Js Qs Ks As"])
def test_the_lowest_and_highest_escaleras(run: str) -> None:
    """BNC, SC 6, WKB: four low and ace high, so an escalera runs from 4-10 at the lowest to
    8-A at the highest; both may be laid at once."""
    s = after(play(f"{run} 8h 8d"), f"meld {run}")
    runs = [m for m in s.melds[0].values() if m.naturals == 7]
    assert len(runs) == 1


def test_an_escalera_earns_1500_and_an_unfinished_sequence_its_cards() -> None:
    """BNC, SC 6: a seven-card sequence with no wild card is an escalera worth 1,500; a shorter
    sequence earns no bonus, only its cards."""
    sides = out_n(f"{K7}, {ESC_H}", ew="Ac Ad Ah, 4h 5h 6h 7h 8h 9h")
    assert sides[1]["Melds"] == 60 + 5 * 4 + 2 * 10
    assert "Run canastas" not in sides[1]
    assert sides[0]["Run canastas"] == 1500 and sides[0]["Melds"] == 70 + 80


# ============================================================================================
# The discard pile


def test_a_natural_pair_takes_an_unfrozen_pile() -> None:
    """BC (Samba, by BCB and RGB): the pile may be taken with a natural matching pair."""
    assert refused(to_draw("Kc Kd 8c", pile="5c Kh"), "take Kh with Kc Kd") is None


def test_one_natural_and_one_wild_card_do_not_take_the_pile() -> None:
    """BC: the pile may be taken only with a natural matching pair (or by the top card alone
    onto a meld); Rummy-Games' Samba: an unfrozen pack may not be taken with one natural and
    one wild card."""
    assert refused(to_draw("Kc 2d 8c", pile="5c Kh"), "take Kh with Kc 2d") == (
        "pile.way_not_allowed"
    )


def test_the_top_card_alone_goes_on_a_group_below_seven() -> None:
    """BC: when the pile is not frozen, its top card may be added to a meld that is less than
    a canasta."""
    assert refused(to_draw("8c 7c", pile="5c 9s", ns=f"{OPEN}, 9c 9d 9h"), "take 9s") is None


def test_the_top_card_does_not_go_on_a_completed_canasta() -> None:
    """BC: only to a meld that is less than a canasta; HSW: you may not pick up the upcard to
    add to a canasta."""
    text = to_draw("8c 7c", pile="5c Ks", ns=f"{OPEN}, {K7}")
    assert refused(text, "take Ks") == "pile.onto_closed_canasta"


def test_the_top_card_does_not_start_a_sequence() -> None:
    """BC: the top card may not be taken to start a sequence meld (HSW says the same)."""
    text = to_draw("9h Th 7c", pile="5c 8h")
    assert refused(text, "take 8h with 9h Th") == "pile.run_start"


def test_the_top_card_goes_on_a_sequence_alone() -> None:
    """BC: the top card may be added to a sequence meld below seven, but not combined with a card
    from the hand to do so."""
    ns = f"{OPEN}, 4h 5h 6h"
    assert refused(to_draw("9c 7c", pile="5c 7h", ns=ns), "take 7h") is None
    text = to_draw("7h 7c", pile="5c 8h", ns=ns)
    assert refused(text, "take 8h on 4h with 7h") == "pile.run_with_cards"


def test_the_top_card_does_not_go_on_an_escalera() -> None:
    """BC: the top card goes only to a meld that is less than a canasta; an escalera is a
    canasta (WKB)."""
    text = to_draw("9c 7c", pile="5c 4d", ns=f"{OPEN}, {ESC}")
    assert refused(text, "take 4d") == "pile.way_not_allowed"


def test_a_frozen_pile_needs_a_natural_pair() -> None:
    """BC: only when the pile is not frozen may the top card go on a meld; a two in the pile
    freezes it (Canasta's rule, to which Samba and BNC refer), so a natural pair is needed."""
    ns = f"{OPEN}, 9c 9d 9h"
    assert refused(to_draw("8c 7c", pile="2c 5c 9s", ns=ns), "take 9s") == (
        "pile.frozen.needs_natural_pair"
    )
    assert refused(to_draw("9c 9d 7c", pile="2c 5c 9s", ns=ns), "take 9s with 9c 9d") is None


@pytest.mark.parametrize("top", ["Jk", "2h"])
def test_a_wild_card_on_top_blocks_the_pile(top: str) -> None:
    """BCB: when the discard pile is topped by a wild card it may not be taken (RGB), even to
    join the side's meld of wild cards, and even with two wild cards from the hand."""
    text = to_draw("Jk 2d 7c", pile=f"5c {top}", ns=f"{OPEN}, 2c 2h 2s")
    assert refused(text, f"take {top}") == "pile.top_wild"
    assert refused(text, f"take {top} with Jk 2d") == "pile.top_wild"


def test_a_black_three_on_top_stops_the_pile() -> None:
    """Canasta's rule (BNC; Samba by BCB): a black three discarded blocks the next player's
    pickup."""
    text = to_draw("Kc Kd 7c", pile="5c Ks 3c", ns=f"{OPEN}, 9c 9d 9h")
    assert refused(text, "take 3c") == "pile.top_black_three"
    assert refused(play("3c 9h 9d", f"{K7}, {ESC}"), "discard 3c") is None


def test_before_opening_the_pile_needs_a_natural_pair_and_the_minimum() -> None:
    """Canasta's rule (BNC; Samba by BCB): before its initial meld the pile is frozen against a
    side: a natural pair is needed, and with the pile's top card the melds must reach the
    minimum (50 at a score of 0, BNC, SC 7)."""
    text = to_draw("Kc Kd Kc 2d Ac Ad Ah As 7c", pile="5c Kh", ns="")
    assert refused(text, "take Kh with Kc Kd") == "open.below_minimum"
    assert refused(text, "take Kh with Kc Kd and Ac Ad Ah") is None
    assert refused(text, "take Kh with Kc 2d and Ac Ad Ah As") == "pile.frozen.needs_natural_pair"


# ============================================================================================
# The initial meld


@pytest.mark.parametrize(
    ("score", "hand", "meld", "ok"),
    [
        ("NS -5, EW 0", "4c 4d 4h 8c 8d", "4c 4d 4h", True),  # minus score: 15
        ("NS 0, EW 0", "Kc Kd Kh 5c 5d 5h 8c 8d", "Kc Kd Kh, 5c 5d 5h", False),  # 45 < 50
        ("NS 1495, EW 0", "Kc Kd 2h 5c 5d 5h 8c 8d", "Kc Kd 2h, 5c 5d 5h", True),  # 55 >= 50
        ("NS 1500, EW 0", "Ac Ad 2c 7c 7d 7h 7s 7c 8c 8d", "Ac Ad 2c, 7c 7d 7h 7s 7c", False),
        ("NS 1500, EW 0", "Ac Ad 2c Kc Kd Kh 8c 8d", "Ac Ad 2c, Kc Kd Kh", True),  # 90
        ("NS 6995, EW 0", "Jk Jk 2c 8c 8d", "Jk Jk 2c", True),  # 120
        ("NS 7000, EW 0", "Jk Jk 2c 8c 8d", "Jk Jk 2c", False),  # 120 < 150
    ],
)
def test_initial_meld_minimums(score: str, hand: str, meld: str, ok: bool) -> None:
    """BNC and SC 7: a minus score needs 15; 0 to 1,495 needs 50; 1,500 to 2,995, 90; 3,000 to
    6,995, 120; 7,000 or more, 150 (BCB, RGB: it stays at 150 from 7,000 up)."""
    text = family_pos(V, hands={"N": hand}, scores=score, end=PLAY, turn=DREW)
    got = refused(text, f"meld {meld} discard 8c")
    assert got == (None if ok else "open.below_minimum")


def test_a_sequence_counts_toward_the_minimum() -> None:
    """AOL thread (a family's recollection, docs/family/bolivia.md): a run's cards count toward
    the meld; BNC: a sequence is a valid meld. T-J-Q-K-A of hearts (60) opens at a score of 0."""
    text = family_pos(V, hands={"N": "Th Jh Qh Kh Ah 8c 8d"}, end=PLAY, turn=DREW)
    assert refused(text, "meld Th Jh Qh Kh Ah discard 8c") is None


# ============================================================================================
# Going out


def test_a_bolivia_and_a_group_canasta_do_not_let_a_side_go_out() -> None:
    """BCB: at least one of the two canastas must be an escalera (RGB, BNC, SC 8)."""
    assert refused(play("9d", f"{K7}, {BOL}"), "discard 9d") == "out.run_canastas"


def test_an_escalera_and_a_mixed_canasta_go_out() -> None:
    """BNC, SC 8: two canastas, at least one an escalera; the other may be mixed."""
    assert refused(play("9d", f"Kc Kd Kh Ks Kc 2c 2d, {ESC}"), "discard 9d") is None


def test_two_escaleras_go_out() -> None:
    """BNC: at least one of the two must be an escalera, so two escaleras will do."""
    assert refused(play("9c", f"{ESC}, {ESC_H}"), "discard 9c") is None


@pytest.mark.parametrize("ns", [ESC, f"{ESC}, 8h 9h Th Jh Qh Kh"])
def test_one_escalera_alone_is_not_enough(ns: str) -> None:
    """BNC, SC 8: two canastas are required to go out; a sequence of six is not yet one."""
    assert refused(play("9c", ns), "discard 9c") == "out.canastas"


def test_going_out_by_melding_every_card_earns_200() -> None:
    """BC (Samba via BCB): a 200-point bonus for going out; as in Canasta a player may go out
    by melding the last cards, with no discard."""
    text = play("Jd 9c 9h 9s", f"{K7}, 5d 6d 7d 8d 9d Td")
    s = after(text, "meld 9c 9h 9s, 5d: Jd")
    assert s.over and s.out_player == 0
    assert refused(text, "meld 9c 9h 9s, 5d: Jd") is None


def test_no_bonus_for_going_out_concealed() -> None:
    """BC (Samba via BCB): no bonus is awarded for a concealed hand, only the 200 for going
    out. N lays an escalera and a canasta in one turn, the side's first melds."""
    hand = f"{ESC} {K7} 9h"
    text = family_pos(V, hands={"N": hand}, end=PLAY, turn=DREW)
    s = after(text, f"meld {ESC}, {K7} discard 9h")
    assert s.over and s.concealed
    ns = breakdown(score_hand(s)[0])
    assert ns["Going out"] == 200
    assert ns["Run canastas"] == 1500 and ns["Natural canastas"] == 500


def test_a_bolivia_laid_in_the_going_out_turn_counts_as_a_canasta() -> None:
    """BNC: two canastas of any kind with one escalera; a bolivia laid this turn is one."""
    text = play(f"Ah {BOL}", f"{K7}, 8h 9h Th Jh Qh Kh")
    assert refused(text, f"meld {BOL}, 8h: Ah") is None
    assert after(text, f"meld {BOL}, 8h: Ah").over


# ============================================================================================
# Black threes


def test_black_threes_melded_only_when_going_out() -> None:
    """BCB: black threes melded in going out count 5 each; Canasta's rule (BNC): they are
    melded only then, never with wild cards; three or four of them."""
    ns = f"{K7}, {ESC}"
    assert refused(play("3c 3s 3c 9h 9d", ns), "meld 3c 3s 3c") == (
        "meld.black_threes.not_going_out"
    )
    assert refused(play("3c 3s 2c", ns), "meld 3c 3s 2c") == "meld.black_threes.wild"
    assert refused(play("3c 3s 3c 3s", ns), "meld 3c 3s 3c 3s") is None
    assert refused(play("3c 3s 3c 9h", ns), "meld 3c 3s 3c discard 9h") is None


def test_black_threes_left_in_the_opponents_hands_cost_100_each() -> None:
    """RGB: caught with black threes in your hand when someone goes out, each counts 100
    against you; BNC: a black three left in the hand counts minus 100 (not 100 on top of its
    five)."""
    sides = out_n(f"{K7}, {ESC}", hands={"E": "3c 3s 4d", "W": "3c"})
    assert sides[1] == {"Cards in hand": -5, "Black threes in hand": -300, "Total": -305}


def test_black_threes_in_the_partners_hand_cost_100() -> None:
    """BCB: a black three left in the hand when any other player, a partner included, goes out
    counts minus 100."""
    ns = out_n(f"{K7}, {ESC}", hands={"S": "3s 6c"})[0]
    assert ns["Black threes in hand"] == -100 and ns["Cards in hand"] == -5


def test_no_black_three_charge_when_the_stock_runs_out() -> None:
    """Pinned (bolivia.toml, black_threes.in_hand_penalty): every text ties the 100 to a player
    going out; when the hand ends with the stock used up, black threes count their value."""
    sides = out_n(f"{K7}, {ESC}", hands={"E": "3c 3s 4d", "W": "3c"}, end="to move: N over")
    assert sides[1] == {"Cards in hand": -20, "Total": -20}


# ============================================================================================
# Red threes


@pytest.mark.parametrize(("reds", "value"), [("3d", 100), ("3d 3h 3d 3h 3d", 500)])
def test_red_threes_count_100_each(reds: str, value: int) -> None:
    """BNC: red threes count 100 points each."""
    assert out_n(f"{K7}, {ESC}", red_ns=reds)[0]["Red threes"] == value


def test_all_six_red_threes_count_1000() -> None:
    """BNC: all six are worth 1,000 (BC, Samba: 1,000 for one side's six)."""
    assert out_n(f"{K7}, {ESC}", red_ns="3d 3h 3d 3h 3d 3h")[0]["Red threes"] == 1000


def test_red_threes_count_minus_without_two_canastas() -> None:
    """BNC: red threes count plus if the partnership has melded two canastas of any kind,
    otherwise minus: with one meld and no canasta all six cost 1,000; with no meld two cost
    200."""
    six = out_n(f"{K7}, {ESC}", ew="Ac Ad Ah", red_ew="3d 3h 3d 3h 3d 3h")[1]
    assert six["Red threes"] == -1000
    two = out_n(f"{K7}, {ESC}", red_ew="3d 3h")[1]
    assert two["Red threes"] == -200


def test_a_bolivia_and_an_escalera_are_two_canastas_for_the_red_threes() -> None:
    """BNC: two canastas 'of any kind' make the red threes count plus."""
    ew = out_n(f"{K7}, {ESC}", ew=f"{ESC_H}, {BOL}", red_ew="3d 3h")[1]
    assert ew["Red threes"] == 200
    assert ew["Wild canastas"] == 2500 and ew["Run canastas"] == 1500


def test_two_group_canastas_without_an_escalera_make_red_threes_count_plus() -> None:
    """BNC: red threes count plus once the partnership has melded two canastas of any kind; the
    escalera is needed to go out, not for the red threes. N-S hold two natural canastas and no
    escalera when E goes out, and when the stock runs out."""
    ew = f"Ac Ad Ah Ac Ad Ah As, {ESC}"
    hands = {"N": "9c 9d", "E": ""}
    went = out_n(f"{K7}, {Q7}", hands=hands, red_ns="3d 3h", ew=ew, end="out E")[0]
    assert went == {
        "Melds": 140,
        "Cards in hand": -20 - S_FILL,
        "Natural canastas": 1000,
        "Red threes": 200,
        "Total": 1300,
    }
    dry = out_n(f"{K7}, {Q7}", hands=hands, red_ns="3d 3h", ew=ew, end="to move: N over")[0]
    assert dry["Red threes"] == 200


# ============================================================================================
# The game


def test_the_game_is_to_15000_and_the_higher_total_wins() -> None:
    """BCB: game is 15,000 (RGB, BNC, SC 2). Pinned (game.win): once a side reaches it, the
    higher total wins; pinned (game.tie): equal totals play another hand."""
    r = rules_for(load_variant(V))
    assert game_end(r, [14995, 14000], 0) == (False, None)
    assert game_end(r, [16000, 15000], 0) == (True, 0)
    assert game_end(r, [15500, 16000], 0) == (True, 1)
    assert game_end(r, [15000, 15000], 0) == (False, None)


# ============================================================================================
# A short record played from a position


def test_a_short_record_two_card_draws_and_a_two_freezing_the_pile() -> None:
    """BNC 4 (draw two, discard one), BC (the top card alone goes on a meld only when the pile
    is not frozen) and Canasta's freeze (a discarded two): N melds nines, E discards a two, and
    when W throws a nine N may not put it on the nines alone, only with a natural pair."""
    hands = {"N": "9c 9d Kc 5h 9h 9h", "E": "4c 5d 7h 2d", "S": "8s Kd Qs", "W": "9d 5s 6h"}
    text = family_pos(V, hands=hands, ns=OPEN) + (
        "N draw 9s 7c meld 9c 9d 9s discard 7c\n"
        "E draw 6c 2h discard 2d\n"
        "S draw 4h 4d discard 4h\n"
        "W draw 8h 8d discard 9d\n"
    )
    assert refused(text, "take 9d") == "pile.frozen.needs_natural_pair"
    s = after(text, "take 9d with 9h 9h")
    nines = s.melds[0][9]
    assert nines.size == 6 and WILD_KEY not in s.melds[0]
