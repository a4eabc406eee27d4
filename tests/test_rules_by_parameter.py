"""Every rule parameter does what the model says: one position, two rulesets, two rulings.

For each parameter the engine plays by, at least one test sets up a position and shows that two
rulesets differing on that parameter rule differently there: two built-in variants where some
differ on it (see ``canasta_rules.variant.compare.differences``), otherwise a variant and the same
variant with ``--set`` overrides. Each test names the sources it rests on (files in
shared/sources/, or a column of RULE-PARAMETERS.md: P = Pagat, B = Bicycle/Hoyle, W = Wikipedia)
and asserts the outcome itself: the refusal's rule code, the score figure, the end reason.

``@rule(...)`` records which parameters a test covers; ``test_every_parameter_has_a_test`` fails
when a parameter of the model has none (metadata, the purely descriptive deal keys and the
``game.max_hands`` guard aside).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import Any, TypeVar

import pytest
from helpers import code, cs, finished, position, rules_of, with_stock

from canasta_rules import cards as C
from canasta_rules.bots import make_bot
from canasta_rules.engine import (
    Answer,
    Ask,
    Discard,
    Draw,
    Expose,
    Foot,
    Game,
    Meld,
    Phase,
    SideScore,
    State,
    TakePile,
    deal,
    legal_moves,
    refusal,
    rules_for,
    score_hand,
)
from canasta_rules.engine import game as game_module
from canasta_rules.engine.apply import apply, apply_unchecked
from canasta_rules.engine.dealing import from_layout
from canasta_rules.engine.game import game_end, opening_dealer
from canasta_rules.engine.goingout import going_out_plan
from canasta_rules.engine.rules import RED3_KEY, Rules
from canasta_rules.engine.state import DealError
from canasta_rules.errors import NotationError
from canasta_rules.notation import parse, replay
from canasta_rules.variant import load, load_variant
from canasta_rules.variant.compare import differences
from canasta_rules.variant.model import parameter_paths

F = TypeVar("F", bound=Callable[..., Any])

COVERED: dict[str, list[str]] = {}
"""Parameter -> the tests that show it changing a ruling."""

DESCRIPTIVE = {
    "deal.cutter": "who cuts does not change the cards dealt",
    "deal.dealer": "who deals does not change the cards dealt",
    "game.max_hands": "a guard that keeps simulations finite, not a rule",
    "words.canasta": "a word the rule sheet uses (tests/test_rulesheet_words.py)",
    "words.canastas": "a word the rule sheet uses (tests/test_rulesheet_words.py)",
    "words.run_canasta": "a word the rule sheet uses (tests/test_rulesheet_words.py)",
    "words.wild_canasta": "a word the rule sheet uses (tests/test_rulesheet_words.py)",
}
"""Parameters that change no ruling of the engine, by design."""


def rule(*params: str) -> Callable[[F], F]:
    """Record that the decorated test shows ``params`` changing a ruling."""

    def mark(fn: F) -> F:
        for p in params:
            COVERED.setdefault(p, []).append(fn.__name__)
        return fn

    return mark


def _leaves() -> set[str]:
    paths = parameter_paths()
    return {p for p in paths if not any(q.startswith(p + ".") for q in paths)}


def _differ(a: str, b: str, key: str) -> bool:
    return any(k == key for k, _, _ in differences(load_variant(a), load_variant(b)))


def _seed_where(rules: Rules, test: Callable[[State], bool]) -> int:
    """The first seed whose deal under ``rules`` passes ``test`` (deals are deterministic)."""
    for seed in range(5000):
        if test(deal(rules, seed)):
            return seed
    raise AssertionError("no such deal in 5000 seeds")  # pragma: no cover


CANASTA_K = "Kc Kd Kh Ks Kc Kd Kh"


# --------------------------------------------------------------------------------------------
# The registry itself


def test_every_parameter_has_a_test() -> None:
    leaves = _leaves()
    assert set(DESCRIPTIVE) <= leaves
    unknown = set(COVERED) - leaves
    assert not unknown, f"@rule names parameters the model does not have: {sorted(unknown)}"
    missing = leaves - set(DESCRIPTIVE) - set(COVERED)
    assert not missing, f"parameters with no test: {sorted(missing)}"


# --------------------------------------------------------------------------------------------
# The pack, the seats and the deal


@rule("deck.decks")
def test_decks_three_packs_hold_three_of_each_card() -> None:
    """001_0cb887cc6d824426.txt (two decks and four jokers: 108 cards); RULE-PARAMETERS.md (B):
    six-hand Canasta uses three decks and six jokers (162 cards)."""
    assert _differ("classic", "six-hand", "deck.decks")
    assert len(rules_of("classic").deck) == 108
    assert len(rules_of("six-hand").deck) == 162
    three = ("deck.decks=3", "red_threes.totals=[0, 100, 200, 300, 400, 1000, 1200]")
    kw: dict[str, Any] = {"hands": {"N": "Kc Kc Kc 5d"}}
    with pytest.raises(DealError, match="uses 3 of Kc, but the pack holds 2"):
        position("classic", **kw)
    s = position("classic", sets=three, **kw)
    assert s.hands[0][C.parse("Kc")] == 3


@rule("deck.jokers_per_deck")
def test_jokers_per_deck_three_jokers_a_pack() -> None:
    """RULE-PARAMETERS.md (W): 108 or 110 cards, two or three jokers a pack;
    001_0cb887cc6d824426.txt: two decks and four jokers."""
    more = ("deck.jokers_per_deck=3",)
    assert rules_of("classic").deck_counts[C.JOKER] == 4
    assert rules_of("classic", sets=more).deck_counts[C.JOKER] == 6
    assert len(rules_of("classic", sets=more).deck) == 110
    kw: dict[str, Any] = {"hands": {"N": "Jk Jk Jk Jk Jk 5d"}}
    with pytest.raises(DealError, match="uses 5 of Jk, but the pack holds 4"):
        position("classic", **kw)
    assert position("classic", sets=more, **kw).hand_len[0] == 6


@rule("seating.players")
def test_players_three_hand_table() -> None:
    """003_6d7b9b19ffba82c5.txt: two or three players each for themself, as well as four in
    teams; 001_0cb887cc6d824426.txt teaches four players only."""
    with pytest.raises(ValueError, match="is for 4 players, not 3"):
        rules_for(load_variant("classic"), 3)
    r = rules_for(load_variant("novice"), 3)
    assert r.players == 3 and r.sides == 3
    # After the third seat play comes back to the first at three players; at four it goes on.
    assert r.next_seat(2) == 0
    assert rules_for(load_variant("novice"), 4).next_seat(2) == 3


@rule("seating.forming")
def test_forming_the_first_pickup_plays_alone() -> None:
    """Bicycle, "Cutthroat Canasta" (BCT, http://www.bicyclecards.com/card-games/rule/cutthroat-canasta),
    with Rummy-Games and LoveRummy: the first to take the pile plays alone and the other two
    join as partners. Under three-hand (everyone alone all hand) W may not add to E's kings
    after N's pickup; under three-hand-cutthroat W and E are partners and W may."""
    assert _differ("three-hand", "three-hand-cutthroat", "seating")
    kw: dict[str, Any] = {
        "hands": {"N": "9d 9h 6c 7c", "W": "Ks 8d 8h"},
        "melds": {0: ["5c 5d 5h"], 1: ["Kc Kd Kh"], 2: ["Qc Qd Qh"]},
        "pile": "4c 9c",
    }
    rulings = []
    for name in ("three-hand", "three-hand-cutthroat"):
        s = position(name, **kw)
        apply(s, TakePile(cs("9d 9h")))
        s.turn, s.phase = 2, Phase.PLAY  # W, after a draw (what E did does not matter here)
        rulings.append(code(s, Meld(adds=((13, cs("Ks")),))))
    assert rulings == ["meld.not_your_side", None]


@rule("seating.sit_out")
def test_sit_out_five_players_four_at_the_table() -> None:
    """Rummy-Games, "Canasta For Five Players" (RG5,
    http://www.rummy-games.com/rules/canasta-for-five.html): five play as three against two,
    one of the three sitting out each hand in turn. Classic's table for five (everyone alone,
    003's reading of more players) deals five hands; five-hand deals four, the sitter none."""
    five = rules_of("five-hand", 5)
    alone = rules_of("classic", 5, ("seating=[{players = 5, hand_size = 11, side_size = 1}]",))
    assert deal(five, 1).hand_len == [11, 11, 11, 11]
    assert deal(alone, 1).hand_len == [11, 11, 11, 11, 11]
    assert (five.people, five.sides) == (5, 2) and (alone.people, alone.sides) == (5, 5)


@rule("seating.hand_size")
def test_hand_size_fifteen_or_eleven_cards_at_two_players() -> None:
    """002_d58438592396a398.txt and RULE-PARAMETERS.md (P, B): 15 cards each at two players;
    003_6d7b9b19ffba82c5.txt: 11 cards even for two or three players."""
    pagat, novice = rules_of("two-hand", 2), rules_of("novice", 2)
    assert pagat.players == novice.players == 2
    assert deal(pagat, 1).hand_len == [15, 15]
    assert deal(novice, 1).hand_len == [11, 11]


@rule("seating.side_size")
def test_side_size_two_sides_of_three_or_three_of_two() -> None:
    """RULE-PARAMETERS.md (B): six players play two sides of three or three sides of two. Side
    A-C-E has melded; seat C shows a natural king and a two for the king on top of the pile. With
    sides of three C is A's partner, so the pile is open to C; with sides of two, C's own side has
    not melded and the pile is frozen against it."""
    kw: dict[str, Any] = {
        "hands": {"C": "Kc 2d 5d 6d"},
        "melds": {0: ["Qc Qd Qh"]},
        "pile": "5c 9d Kh",
        "turn": "C",
    }
    threes = position("six-hand", **kw)
    twos = position("six-hand-pairs", **kw)
    assert threes.rules.side_of[2] == 0 and twos.rules.side_of[2] == 2
    assert code(threes, TakePile(cs("Kc 2d"))) is None
    assert code(twos, TakePile(cs("Kc 2d"))) == "pile.frozen.needs_natural_pair"


@rule("deal.rotation")
def test_rotation_play_passes_left_or_right() -> None:
    """000_1e7ce48765e073b7.txt and 001_0cb887cc6d824426.txt: the player on the dealer's left
    starts, and turns and the deal move clockwise. Counterclockwise play (``--set``) passes the
    turn the other way round the table."""
    ccw = ("deal.rotation=counterclockwise",)
    # The first player is the dealer's neighbour in the direction of play.
    assert deal(rules_of("classic"), 3, dealer=0).turn == 1
    assert deal(rules_of("classic", sets=ccw), 3, dealer=0).turn == 3
    # After North's discard, East plays clockwise and West counterclockwise.
    kw: dict[str, Any] = {"hands": {"N": "5c 6d 9h"}, "phase": Phase.PLAY}
    for sets, nxt in (((), 1), (ccw, 3)):
        s = position("classic", sets=sets, **kw)
        apply(s, Discard(C.parse("9h")))
        assert s.turn == nxt and s.phase == Phase.DRAW


@rule("deal.upcard_covered")
def test_upcard_covered_black_three_turned_up() -> None:
    """001_0cb887cc6d824426.txt: a black three may be the starting top card (and blocks the
    pile until covered); 003_6d7b9b19ffba82c5.txt: any three turned up is covered by more cards.
    The same shuffle under classic and novice."""
    assert _differ("classic", "novice", "deal.upcard_covered")
    classic, novice = rules_of("classic"), rules_of("novice")
    seed = _seed_where(classic, lambda s: C.is_black_three(s.pile[0]))
    a, b = deal(classic, seed), deal(novice, seed)
    assert len(a.pile) == 1 and C.is_black_three(a.pile[-1])
    assert code(a, TakePile(())) == "pile.top_black_three"
    assert b.pile[0] == a.pile[0] and len(b.pile) >= 2
    assert not C.is_black_three(b.pile[-1]) and not C.is_wild(b.pile[-1])


@rule("deal.upcard_freezes")
def test_upcard_freezes_red_three_turned_up() -> None:
    """001_0cb887cc6d824426.txt: a red three turned up during setup freezes the pile (so does a
    wild card); RULE-PARAMETERS.md (W, older copy): the upcard freezes only when wild. The same
    shuffle with and without red threes among the freezing upcards; and Bicycle (B), whose black
    three turned up is covered and freezes, against classic, where it neither."""
    classic = rules_of("classic")
    no_red = rules_of("classic", sets=('deal.upcard_freezes=["joker", "two"]',))
    seed = _seed_where(classic, lambda s: C.is_red_three(s.pile[0]))
    a, b = deal(classic, seed), deal(no_red, seed)
    assert a.pile == b.pile and C.is_red_three(a.pile[0])
    assert a.frozen and C.is_red_three(a.freeze_card)
    assert not b.frozen and b.freeze_card == -1
    bicycle = rules_of("bicycle")
    seed = _seed_where(classic, lambda s: C.is_black_three(s.pile[0]))
    a, b = deal(classic, seed), deal(bicycle, seed)
    assert not a.frozen
    assert b.frozen and C.is_black_three(b.freeze_card)


# --------------------------------------------------------------------------------------------
# Card values


CARD_OF_VALUE = {
    "joker": "Jk",
    "two": "2c",
    "ace": "Ac",
    "king": "Kc",
    "queen": "Qc",
    "jack": "Jc",
    "ten": "Tc",
    "nine": "9c",
    "eight": "8c",
    "seven": "7c",
    "six": "6c",
    "five": "5c",
    "four": "4c",
    "black_three": "3c",
}


@rule(*(f"card_values.{k}" for k in CARD_OF_VALUE))
@pytest.mark.parametrize("kind", sorted(CARD_OF_VALUE))
def test_card_values_count_against_a_hand(kind: str) -> None:
    """000_1e7ce48765e073b7.txt and 001_0cb887cc6d824426.txt give the table of card values (joker
    50; ace and two 20; eight to king 10; four to seven and black three 5). A card left in hand at
    the end of the hand counts its value against the side; changed by ``--set``, the new value."""
    card = CARD_OF_VALUE[kind]
    standard = getattr(load_variant("classic").card_values, kind)
    sets = (f"card_values.{kind}={standard + 7}",)
    kw: dict[str, Any] = {"hands": {"N": "", "E": "", "S": card, "W": ""}, "pile": "9h"}
    a = score_hand(finished(position("classic", **kw)))[0]
    b = score_hand(finished(position("classic", sets=sets, **kw)))[0]
    assert a.hands == -standard
    assert b.hands == -(standard + 7)


# --------------------------------------------------------------------------------------------
# Threes


@rule("red_threes.exposed")
def test_red_threes_exposed_at_the_deal_or_on_the_first_turn() -> None:
    """001_0cb887cc6d824426.txt: dealt red threes are exposed and replaced during setup;
    RULE-PARAMETERS.md (B): on the player's first turn. The same shuffle under both."""
    assert _differ("classic", "bicycle", "red_threes.exposed")
    classic, bicycle = rules_of("classic"), rules_of("bicycle")
    seed = _seed_where(bicycle, lambda s: bool(s.rc[s.turn][RED3_KEY]))
    a, b = deal(classic, seed), deal(bicycle, seed)
    first = a.turn
    assert b.turn == first
    # Classic laid them down at the deal; the first player simply draws.
    assert a.phase == Phase.DRAW and a.red3[a.side(first)]
    assert code(a, Draw()) is None
    # Bicycle: the first player still holds them, and must lay them down before drawing.
    held = b.rc[first][RED3_KEY]
    assert b.phase == Phase.EXPOSE and not b.red3[b.side(first)]
    assert code(b, Draw()) == "expose.first"
    apply(b, Expose())
    assert len(b.red3[b.side(first)]) >= held and b.rc[first][RED3_KEY] == 0
    assert b.phase == Phase.DRAW


@rule("red_threes.replaced_from_pile")
def test_red_three_found_in_the_pile_replaced_or_not() -> None:
    """001_0cb887cc6d824426.txt and 002_d58438592396a398.txt: a red three found in a discard
    pile taken is laid down without a replacement; 003_6d7b9b19ffba82c5.txt: a red three found
    "at any point" is replaced from the stock."""
    assert _differ("classic", "novice", "red_threes.replaced_from_pile")
    kw: dict[str, Any] = {
        "hands": {"N": "8c 8d 5c 6c"},
        "melds": {0: ["Kc Kd Kh"]},
        "pile": "3d 9c 8h",
    }
    take = TakePile(cs("8c 8d"))
    replaced = TakePile(cs("8c 8d"), replacements=cs("7s"))
    a, b = position("classic", **kw), position("novice", **kw)
    assert code(a, replaced) == "pile.no_replacement"
    assert code(b, take) == "draw.cards_unknown"  # which card replaced it must be said
    apply(a, take)
    apply(b, replaced)
    assert a.red3[0] == b.red3[0] == list(cs("3d"))
    assert a.hand_len[0] == 3  # 5c 6c 9c
    assert b.hand_len[0] == 4 and b.hands[0][C.parse("7s")] == 1


@rule("red_threes.totals")
def test_red_three_totals_all_four_of_them() -> None:
    """001_0cb887cc6d824426.txt: all four red threes make 800; RULE-PARAMETERS.md (B): at six
    hands the red threes count 100 each up to four, five 1000 and six 1200 (so four make 400)."""
    assert _differ("classic", "six-hand", "red_threes.totals")
    kw: dict[str, Any] = {"melds": {0: ["Kc Kd Kh"]}, "red3": {0: "3d 3d 3h 3h"}, "pile": "9h"}
    a = score_hand(finished(position("classic", hands={"N": ""}, **kw), out_player=0))[0]
    six = position("six-hand", hands={"A": ""}, turn="A", **kw)
    b = score_hand(finished(six, out_player=0))[0]
    assert a.red_threes == 800 and a.red_three_count == 4
    assert b.red_threes == 400 and b.red_three_count == 4


@rule("red_threes.count_against")
def test_red_threes_count_against_a_side_with_no_canasta() -> None:
    """001_0cb887cc6d824426.txt: a side needs a meld, not a canasta, for its red threes to count
    plus; RULE-PARAMETERS.md (ardhindie.com in the red3_negative_if row): it needs a canasta."""
    kw: dict[str, Any] = {
        "hands": {"N": "", "E": "", "S": "", "W": ""},
        "melds": {0: ["Kc Kd Kh"], 1: [CANASTA_K.replace("K", "Q")]},
        "red3": {0: "3d 3h"},
        "pile": "9h",
    }
    a = score_hand(finished(position("classic", **kw), out_player=1))[0]
    sets = ("red_threes.count_against=no_canasta",)
    b = score_hand(finished(position("classic", sets=sets, **kw), out_player=1))[0]
    assert a.red_threes == 200
    assert b.red_threes == -200


@rule("black_threes.discarded")
def test_black_three_discarded_stops_or_freezes() -> None:
    """001_0cb887cc6d824426.txt and 004_747f80dc7edc8b8b.txt: a black three only stops the next
    player while on top, and once covered has no effect; RULE-PARAMETERS.md (B): a discarded black
    three freezes the pile. With a covered black three in the pile, taking it with a natural and a
    wild card is legal under classic and refused under bicycle."""
    assert _differ("classic", "bicycle", "black_threes.discarded")
    kw: dict[str, Any] = {
        "hands": {"N": "8c 2d 5d 6d"},
        "melds": {0: ["Kc Kd Kh"]},
        "pile": "5c 3s 9h 8d",
    }
    a, b = position("classic", **kw), position("bicycle", **kw)
    assert code(a, TakePile(cs("8c 2d"))) is None
    assert code(b, TakePile(cs("8c 2d"))) == "pile.frozen.needs_natural_pair"
    # Discarding one: on top it blocks the next player under both; only Bicycle freezes the pile.
    kw = {"hands": {"N": "3s 5d 6d", "E": "9c 9d 4h"}, "pile": "9h", "phase": Phase.PLAY}
    a, b = position("classic", **kw), position("bicycle", **kw)
    for s in (a, b):
        apply(s, Discard(C.parse("3s")))
        assert code(s, TakePile(cs("9c 9d"))) == "pile.top_black_three"
    assert not a.frozen
    assert b.frozen and b.freeze_card == C.parse("3s")


@rule("black_threes.meld_when_going_out")
def test_black_threes_melded_when_going_out() -> None:
    """000_1e7ce48765e073b7.txt and 001_0cb887cc6d824426.txt: black threes may be melded (three
    or four, no wild cards) only when going out; with ``--set`` they may never be melded."""
    kw: dict[str, Any] = {
        "hands": {"N": "3c 3s 3c"},
        "melds": {0: [CANASTA_K]},
        "phase": Phase.PLAY,
    }
    a = position("classic", **kw)
    b = position("classic", sets=("black_threes.meld_when_going_out=false",), **kw)
    move = Meld(melds=(cs("3c 3s 3c"),))
    assert code(b, move) == "meld.black_threes.never"
    apply(a, move)
    assert a.end_reason == "went_out" and a.melds[0][3].size == 3
    # Under the override a hand of three black threes cannot go out at all.
    assert going_out_plan(b) is None


@rule("black_threes.meld_last")
def test_black_threes_are_the_last_meld() -> None:
    """000_1e7ce48765e073b7.txt: black threes may be melded "only as the last play before a
    player goes out"; 001_0cb887cc6d824426.txt sets no order within the going-out turn."""
    kw: dict[str, Any] = {
        "hands": {"N": "3c 3s 3c 7h 7d 7c 9h"},
        "melds": {0: [CANASTA_K]},
        "phase": Phase.PLAY,
    }
    blacks, sevens = Meld(melds=(cs("3c 3s 3c"),)), Meld(melds=(cs("7h 7d 7c"),))
    # Encyclopedia (000): the sevens cannot follow the black threes, so laying the threes first
    # is refused at once (the turn could no longer go out) ...
    enc = position("encyclopedia", **kw)
    assert code(enc, blacks) == "meld.black_threes.not_last"
    # ... and a later meld is refused where a written position has them down already.
    down = position("encyclopedia", **kw)
    apply_unchecked(down, blacks)
    assert down.turn_black3 and code(down, sevens) == "meld.black_threes.not_last"
    # Sevens first, or both in one action, then the discard: out.
    for first in (sevens, Meld(melds=(cs("3c 3s 3c"), cs("7h 7d 7c")))):
        s = position("encyclopedia", **kw)
        apply(s, first)
        if not s.turn_black3:
            apply(s, blacks)
        apply(s, Discard(C.parse("9h")))
        assert s.end_reason == "went_out"
    # Classic (001) sets no order: threes first, then the sevens, then the discard.
    cl = position("classic", **kw)
    for move in (blacks, sevens, Discard(C.parse("9h"))):
        apply(cl, move)
    assert cl.end_reason == "went_out"
    # After the threes, more black threes may still go on them before the discard.
    more = position("encyclopedia", **{**kw, "hands": {"N": "3c 3s 3c 3s 9h"}})
    apply(more, blacks)
    assert code(more, Discard(C.parse("3s"))) == "meld.black_threes.not_going_out"
    apply(more, Meld(adds=((3, cs("3s")),)))
    apply(more, Discard(C.parse("9h")))
    assert more.end_reason == "went_out" and more.melds[0][3].size == 4


# --------------------------------------------------------------------------------------------
# Melds and canastas


def _meld_ruling(variant: str, meld: str, sets: tuple[str, ...] = (), **kw: Any) -> str | None:
    """The ruling on North laying ``meld`` as a new meld (side already open, cards to spare)."""
    s = position(
        variant,
        hands={"N": meld + " 5c 6c"},
        melds={0: ["Qc Qd Qh"]},
        phase=Phase.PLAY,
        sets=sets,
        **kw,
    )
    return code(s, Meld(melds=(cs(meld),)))


@rule("melds.min_size")
def test_min_size_three_or_four_cards() -> None:
    """001_0cb887cc6d824426.txt and 000_1e7ce48765e073b7.txt: a meld has at least three cards
    (5-5-2 is legal); with ``--set melds.min_size=4`` it needs four."""
    assert _meld_ruling("classic", "Kc Kd 2c") is None
    assert _meld_ruling("classic", "Kc Kd 2c", ("melds.min_size=4",)) == "meld.too_small"
    assert _meld_ruling("classic", "Kc Kd Kh 2c", ("melds.min_size=4",)) is None


@rule("melds.min_naturals")
def test_min_naturals_two_or_three() -> None:
    """000_1e7ce48765e073b7.txt: a meld needs at least two natural cards (5-5-2 legal, 5-2-2
    not); with ``--set melds.min_naturals=3``, 5-5-2 falls short."""
    assert _meld_ruling("classic", "5d 5h 2c") is None
    assert _meld_ruling("classic", "5d 2h 2c") == "meld.too_few_naturals"
    sets = ("melds.min_naturals=3",)
    assert _meld_ruling("classic", "5d 5h 2c", sets) == "meld.too_few_naturals"


@rule("melds.max_wild")
def test_max_wild_three_or_two() -> None:
    """000_1e7ce48765e073b7.txt: never more than three wild cards (9-9-9-2-2-Joker legal,
    9-9-2-2-2-Joker not); with ``--set melds.max_wild=2`` three wild cards are too many."""
    assert _meld_ruling("classic", "9c 9d 9h 2c 2d Jk") is None
    assert _meld_ruling("classic", "9c 9d 2h 2c 2d Jk") == "meld.too_many_wild"
    sets = ("melds.max_wild=2",)
    assert _meld_ruling("classic", "9c 9d 9h 2c 2d Jk", sets) == "meld.too_many_wild"


@rule("melds.wild_not_more_than_natural")
def test_wild_not_more_than_natural() -> None:
    """RULE-PARAMETERS.md (max_wild_per_meld row): K-K-2-2-2 is legal under
    001_0cb887cc6d824426.txt (at most three wild cards) and illegal under
    002_d58438592396a398.txt (never more wild than natural cards)."""
    assert _differ("classic", "online", "melds.wild_not_more_than_natural")
    assert _meld_ruling("classic", "Kc Kd 2c 2d 2h") is None
    assert _meld_ruling("online", "Kc Kd 2c 2d 2h") == "meld.more_wild_than_natural"
    assert _meld_ruling("online", "Kc Kd Kh 2c 2d 2h") is None


@rule("melds.wild_fewer_than_natural")
def test_wild_fewer_than_natural() -> None:
    """docs/family/hand-and-foot.md, NWP (North-West Pages, Hand and Foot): a book holds fewer
    wild cards than naturals, so K-K-2-2 is no meld under hand-and-foot, while online
    (002_d58438592396a398.txt: never more wild than natural) accepts it."""
    assert _differ("online", "hand-and-foot", "melds.wild_fewer_than_natural")
    assert _meld_ruling("online", "Kc Kd 2c 2d") is None
    assert _meld_ruling("hand-and-foot", "Kc Kd 2c 2d") == "meld.wild_not_fewer_than_natural"
    assert _meld_ruling("hand-and-foot", "Kc Kd Kh 2c 2d") is None


@rule("melds.canasta_wild")
def test_canasta_wild_capped_or_unlimited() -> None:
    """004_747f80dc7edc8b8b.txt: once a canasta is complete any number of wild cards may be
    added; 001_0cb887cc6d824426.txt: the three-wild-card limit still applies."""
    assert _differ("classic", "general", "melds.canasta_wild")
    kw: dict[str, Any] = {
        "hands": {"N": "2h 2s 5c 6c"},
        "melds": {0: ["Kc Kd Kh Ks Kc 2c 2d"]},
        "phase": Phase.PLAY,
    }
    add = Meld(adds=((13, cs("2h 2s")),))
    assert code(position("classic", **kw), add) == "meld.too_many_wild"
    s = position("general", **kw)
    assert code(s, add) is None
    apply(s, add)
    assert s.melds[0][13].wilds == 4


@rule("melds.canasta_wild", "going_out.concealed_waives_minimum")
def test_unlimited_wild_concealed_opening_may_take_two_actions() -> None:
    """004_747f80dc7edc8b8b.txt: after a stock draw an unopened player may go out concealed
    without the minimum, melding the whole hand in one turn, and wild cards beyond three may go on
    a completed canasta. The minimum and the concealed finish are judged over the whole turn
    (001_0cb887cc6d824426.txt: the cards put down on that turn), so seven fours with three twos,
    then the fourth two on the completed canasta, then the discard, goes out concealed below the
    minimum of 120. Under classic the fourth two cannot be placed at all, so there is no way out."""
    kw: dict[str, Any] = {
        "hands": {"N": "4c 4d 4h 4s 4c 4d 4h 2c 2d 2h 2s 9s"},
        "phase": Phase.PLAY,
        "scores": [3000, 0],
        "pile": "Kc",
    }
    s = position("classic", **kw)
    assert going_out_plan(s) is None
    assert Ask() not in legal_moves(s)
    side_total = ("initial_meld.basis=side_total",)  # read 3000 as the side's score
    for scores in ([3000, 0], [0, 0]):
        s = position("general", sets=side_total, **{**kw, "scores": scores})
        plan = going_out_plan(s)
        assert plan is not None and len(plan) == 3
        for m in plan:
            apply(s, m)
        assert s.end_reason == "went_out" and s.melds[0][4].wilds == 4
        assert s.concealed
    # After taking the pile the minimum is not waived: below 120 there is no way out.
    s = position("general", sets=side_total, **{**kw, "drew": 2})
    assert going_out_plan(s) is None


@rule("canastas.size")
def test_canasta_size_seven_or_eight_cards() -> None:
    """001_0cb887cc6d824426.txt and 000_1e7ce48765e073b7.txt: seven cards make a canasta; with
    ``--set canastas.size=8`` seven kings are only a meld, so North cannot go out and they earn
    no bonus."""
    kw: dict[str, Any] = {"hands": {"N": "5c"}, "melds": {0: [CANASTA_K]}, "phase": Phase.PLAY}
    a = position("classic", **kw)
    b = position("classic", sets=("canastas.size=8",), **kw)
    assert code(a, Discard(C.parse("5c"))) is None
    assert code(b, Discard(C.parse("5c"))) == "out.canastas"
    assert score_hand(finished(a, 0))[0].natural_canastas == 500
    assert score_hand(finished(b, 0))[0].natural_canastas == 0


@rule("canastas.min_naturals")
def test_canasta_base_of_four_or_five_naturals() -> None:
    """004_747f80dc7edc8b8b.txt: a canasta needs a base of four natural cards; K-K-K-K-2-2-Joker
    is a mixed canasta; with ``--set canastas.min_naturals=5`` it is not one."""
    kw: dict[str, Any] = {
        "hands": {"N": "5c"},
        "melds": {0: ["Kc Kd Kh Ks 2c 2d Jk"]},
        "phase": Phase.PLAY,
    }
    a = position("classic", **kw)
    b = position("classic", sets=("canastas.min_naturals=5",), **kw)
    assert a.canastas(0) == 1 and b.canastas(0) == 0
    assert code(a, Discard(C.parse("5c"))) is None
    assert code(b, Discard(C.parse("5c"))) == "out.canastas"


@rule("canastas.natural_bonus", "canastas.mixed_bonus")
def test_canasta_bonuses() -> None:
    """001_0cb887cc6d824426.txt and 000_1e7ce48765e073b7.txt: 500 for a natural canasta, 300 for
    a mixed one; ``--set`` changes each."""
    kw: dict[str, Any] = {
        "hands": {"N": "", "E": "", "S": "", "W": ""},
        "melds": {0: [CANASTA_K, "8c 8d 8h 8s 8c 2c 2d"]},
        "pile": "9h",
    }
    a = score_hand(finished(position("classic", **kw), 0))[0]
    sets = ("canastas.natural_bonus=1000", "canastas.mixed_bonus=250")
    b = score_hand(finished(position("classic", sets=sets, **kw), 0))[0]
    assert (a.natural_canastas, a.mixed_canastas) == (500, 300)
    assert (b.natural_canastas, b.mixed_canastas) == (1000, 250)
    assert b.total - a.total == 500 - 50


# --------------------------------------------------------------------------------------------
# The initial meld


def _opening(variant: str, score: int, meld: str, players: int | None = None) -> str | None:
    seat = "A" if players == 6 else "N"
    s = position(
        variant,
        hands={seat: meld + " 5c 6c"},
        phase=Phase.PLAY,
        scores=[score] + [0] * (rules_of(variant, players).sides - 1),
        turn=seat,
        players=players,
    )
    return code(s, Meld(melds=(cs(meld),)))


@rule("initial_meld.tiers.below")
def test_tiers_a_negative_score_needs_fifteen_or_fifty() -> None:
    """001_0cb887cc6d824426.txt and 000_1e7ce48765e073b7.txt: below zero the minimum is 15;
    003_6d7b9b19ffba82c5.txt has no negative tier, so 50 still applies. At -100, K-K-K (30)."""
    assert _differ("classic", "novice", "initial_meld.tiers")
    assert _opening("classic", -100, "Kc Kd Kh") is None
    assert _opening("novice", -100, "Kc Kd Kh") == "open.below_minimum"
    assert _opening("classic", 100, "Kc Kd Kh") == _opening("novice", 100, "Kc Kd Kh")


@rule("initial_meld.tiers.minimum")
def test_tiers_minimum_at_eight_thousand() -> None:
    """000_1e7ce48765e073b7.txt: from 3000 on the minimum is 120; RULE-PARAMETERS.md (B): six
    hands ask 150 from 7500. At 8000, four aces and a joker (130)."""
    assert _differ("classic", "six-hand", "initial_meld.tiers")
    meld = "Ac Ad Ah As Jk"
    assert _opening("classic", 8000, meld) is None
    assert _opening("six-hand", 8000, meld, players=6) == "open.below_minimum"
    assert _opening("six-hand", 5000, meld, players=6) is None


@rule("initial_meld.pile_cards")
def test_pile_cards_top_only_or_whole_pile() -> None:
    """001_0cb887cc6d824426.txt and 000_1e7ce48765e073b7.txt: only the top card of the pile may
    count toward the minimum; 004_747f80dc7edc8b8b.txt's example uses a buried jack."""
    kw: dict[str, Any] = {"hands": {"N": "Kc Kd Jc Jd 2c 8c 9c"}, "pile": "Jh 5s Kh"}
    move = TakePile(cs("Kc Kd"), (cs("Jc Jd Jh 2c"),))
    assert code(position("classic", **kw), move) == "open.buried_card"
    s = position("classic", sets=("initial_meld.pile_cards=whole_pile",), **kw)
    assert code(s, move) is None
    apply(s, move)
    assert s.melds[0][11].size == 4 and s.hand_len[0] == 3  # 5s 8c 9c


# --------------------------------------------------------------------------------------------
# Taking the discard pile


@rule("pile.unfrozen")
def test_unfrozen_pile_top_card_onto_a_meld() -> None:
    """001_0cb887cc6d824426.txt: an unfrozen pile may be taken by putting its top card on the
    side's meld of that rank; 004_747f80dc7edc8b8b.txt lists only a natural pair, or a natural
    and a wild card."""
    assert _differ("classic", "general", "pile.unfrozen")
    kw: dict[str, Any] = {
        "hands": {"N": "5d 6d 7d"},
        "melds": {0: ["Kc Kd Kh"]},
        "pile": "5c 9d Kh",
    }
    a, b = position("classic", **kw), position("general", **kw)
    assert code(a, TakePile(())) is None
    assert code(b, TakePile(())) == "pile.way_not_allowed"


@rule("pile.frozen")
def test_frozen_pile_natural_pair_only() -> None:
    """000_1e7ce48765e073b7.txt and 001_0cb887cc6d824426.txt: a frozen pile needs two natural
    cards of the top card's rank from hand; with ``--set`` a natural and a wild card will do."""
    kw: dict[str, Any] = {
        "hands": {"N": "Kc 2d 5d 6d"},
        "melds": {0: ["Qc Qd Qh"]},
        "pile": "5c 2h 9d Kh",
    }
    a = position("classic", **kw)
    b = position("classic", sets=('pile.frozen=["natural_pair", "natural_and_wild"]',), **kw)
    assert a.frozen and b.frozen
    assert code(a, TakePile(cs("Kc 2d"))) == "pile.frozen.needs_natural_pair"
    assert code(b, TakePile(cs("Kc 2d"))) is None


@rule("pile.frozen_before_opening")
def test_frozen_until_the_side_or_the_player_has_melded() -> None:
    """001_0cb887cc6d824426.txt: before the team's initial meld the pile is frozen against the
    team; 002_d58438592396a398.txt and 004_747f80dc7edc8b8b.txt: against a player until they have
    melded. South has melded, North has not."""
    assert _differ("classic", "general", "pile.frozen_before_opening")
    kw: dict[str, Any] = {
        "hands": {"N": "Kc 2d 5d 6d"},
        "melds": {0: ["Qc Qd Qh"]},
        "pile": "5c 9d Kh",
        "melded": [False, False, True, False],
    }
    a, b = position("classic", **kw), position("general", **kw)
    assert code(a, TakePile(cs("Kc 2d"))) is None
    assert code(b, TakePile(cs("Kc 2d"))) == "pile.frozen.needs_natural_pair"


@rule("pile.one_card_ban")
def test_one_card_ban() -> None:
    """001_0cb887cc6d824426.txt and 004_747f80dc7edc8b8b.txt: a player holding one card may not
    take a pile of one card; ``--set pile.one_card_ban=false`` lifts the ban."""
    kw: dict[str, Any] = {
        "hands": {"N": "5d"},
        "melds": {0: ["Kc Kd Kh", CANASTA_K.replace("K", "Q")]},
    }
    a = position("classic", pile="Kh", **kw)
    b = position("classic", pile="Kh", sets=("pile.one_card_ban=false",), **kw)
    assert code(a, TakePile(())) == "pile.one_card"
    assert code(b, TakePile(())) is None
    # A pile of two cards is not banned.
    assert code(position("classic", pile="9c Kh", **kw), TakePile(())) is None


# --------------------------------------------------------------------------------------------
# Drawing and the end of the stock


@rule("draw.count")
def test_draw_one_or_two() -> None:
    """002_d58438592396a398.txt: one card drawn per turn, or two as a game option."""
    assert _differ("online", "online-draw-two", "draw.count")
    kw: dict[str, Any] = {"hands": {"N": "5d 6d 7d"}, "players": 2}
    a, b = position("online", **kw), position("online-draw-two", **kw)
    one, two = Draw(cs("9c")), Draw(cs("9c 9d"))
    assert code(a, one) is None and code(a, two) == "draw.too_many"
    assert code(b, two) is None and code(b, one) == "draw.too_few"
    apply(a, one)
    apply(b, two)
    assert (a.hand_len[0], b.hand_len[0]) == (4, 5)


@rule("draw.short_stock")
def test_short_stock_last_card_drawn_or_hand_ends() -> None:
    """RULE-PARAMETERS.md (E13, P): drawing two, a single last stock card counts as a full draw;
    002_d58438592396a398.txt: with one card left the hand ends."""
    assert _differ("two-hand", "online-draw-two", "draw.short_stock")
    kw: dict[str, Any] = {"hands": {"N": "5d 6d 7d"}, "players": 2}
    a = with_stock(position("two-hand", **kw), "9c")
    b = with_stock(position("online-draw-two", **kw), "9c")
    assert apply(a, Draw()) == Draw(cs("9c"))
    assert a.phase == Phase.PLAY and a.hand_len[0] == 4
    apply(b, Draw())
    assert b.over and b.end_reason == "stock_exhausted" and b.hand_len[0] == 3


@rule("stock_out.kind")
def test_stock_out_last_turn_or_pile_play() -> None:
    """002_d58438592396a398.txt and RULE-PARAMETERS.md (B, three hands): the hand ends when the
    player who drew the last stock card has finished their turn; 001_0cb887cc6d824426.txt and
    003_6d7b9b19ffba82c5.txt (pinned): play goes on through discard-pile pickups."""
    assert _differ("novice", "three-hand", "stock_out.kind")
    kw: dict[str, Any] = {"hands": {"N": "5d 6d 7d"}, "players": 3, "pile": "8h"}
    a = with_stock(position("novice", **kw), "9c")
    b = with_stock(position("three-hand", **kw), "9c")
    apply(a, Draw())
    apply(b, Draw())
    assert not a.stock and not b.stock
    apply(a, Discard(C.parse("5d")))
    apply(b, Discard(C.parse("5d")))
    assert not a.over and a.turn == 1 and a.phase == Phase.DRAW
    assert b.over and b.end_reason == "stock_exhausted"


@rule("stock_out.forced")
def test_stock_out_forced_pickup() -> None:
    """With the stock used up: 001_0cb887cc6d824426.txt forces a pickup when the pile is unfrozen
    and its top card fits a meld of the side; 000_1e7ce48765e073b7.txt forces any legal pickup;
    004_747f80dc7edc8b8b.txt (general, pinned) leaves it optional."""
    assert _differ("classic", "encyclopedia", "stock_out.forced")
    assert _differ("classic", "general", "stock_out.forced")
    fits: dict[str, Any] = {
        "hands": {"N": "Kc Kd 7d"},
        "melds": {0: ["Kh Ks 2c", "Qc Qd Qh"]},
        "pile": "5c 9d Kh",
    }
    a = with_stock(position("classic", **fits), "")
    g = with_stock(position("general", **fits), "")
    assert code(a, Draw()) == "stock.forced_pickup"
    assert all(isinstance(m, TakePile) for m in legal_moves(a))
    assert code(g, Draw()) is None
    apply(g, Draw())
    assert g.end_reason == "stock_exhausted"
    # The top card fits no meld, but a natural pair could take it.
    pair: dict[str, Any] = {**fits, "hands": {"N": "Jc Jd 7d"}, "pile": "5c 9d Jh"}
    a = with_stock(position("classic", **pair), "")
    e = with_stock(position("encyclopedia", **pair), "")
    assert code(a, Draw()) is None
    assert code(e, Draw()) == "stock.forced_pickup"


# --------------------------------------------------------------------------------------------
# Going out


@rule("going_out.canastas")
def test_canastas_needed_to_go_out() -> None:
    """002_d58438592396a398.txt: one canasta, or two as a game option, before a player may go
    out."""
    assert _differ("online", "online-two-canastas", "going_out.canastas")
    kw: dict[str, Any] = {
        "hands": {"N": "5c"},
        "melds": {0: [CANASTA_K, "Qc Qd Qh"]},
        "phase": Phase.PLAY,
        "players": 2,
    }
    a, b = position("online", **kw), position("online-two-canastas", **kw)
    assert code(b, Discard(C.parse("5c"))) == "out.canastas"
    apply(a, Discard(C.parse("5c")))
    assert a.end_reason == "went_out"


@rule("going_out.final_discard")
def test_final_discard_optional_or_required() -> None:
    """001_0cb887cc6d824426.txt: a final discard is optional; 004_747f80dc7edc8b8b.txt: a player
    cannot meld the last card and must discard it to go out."""
    assert _differ("classic", "general", "going_out.final_discard")
    kw: dict[str, Any] = {
        "hands": {"N": "Qc Qd"},
        "melds": {0: [CANASTA_K, "Qh Qs 2c"]},
        "phase": Phase.PLAY,
    }
    add = Meld(adds=((12, cs("Qc Qd")),))
    a, b = position("classic", **kw), position("general", **kw)
    assert code(b, add) == "out.final_discard"
    apply(a, add)
    assert a.end_reason == "went_out" and a.out_player == 0


@rule("going_out.bonus", "going_out.concealed_bonus")
def test_going_out_bonuses() -> None:
    """001_0cb887cc6d824426.txt: 100 for going out, 200 in all for going out concealed;
    ``--set`` changes each."""
    kw: dict[str, Any] = {"hands": {"N": ""}, "melds": {0: [CANASTA_K]}, "pile": "9h"}
    sets = ("going_out.bonus=300", "going_out.concealed_bonus=700")
    plain = [score_hand(finished(position("classic", sets=x, **kw), 0))[0] for x in ((), sets)]
    hidden = [
        score_hand(finished(position("classic", sets=x, **kw), 0, concealed=True))[0]
        for x in ((), sets)
    ]
    assert [sc.going_out for sc in plain] == [100, 300]
    assert [sc.going_out for sc in hidden] == [200, 700]


def _go_out(s: State, *moves: Any) -> State:
    for m in moves:
        apply(s, m)
    assert s.end_reason == "went_out"
    return s


@rule("going_out.concealed.kind")
def test_concealed_player_or_side_first_meld() -> None:
    """001_0cb887cc6d824426.txt: concealed means the player melds the whole hand in one turn,
    having melded nothing before; 000_1e7ce48765e073b7.txt: it means the team's initial meld and
    going out in one turn. South has melded earlier; North now melds seven aces and discards."""
    assert _differ("classic", "encyclopedia", "going_out.concealed.kind")
    kw: dict[str, Any] = {
        "hands": {"N": "Ac Ad Ah As Ac Ad Ah 5c"},
        "melds": {0: ["Kc Kd Kh"]},
        "melded": [False, False, True, False],
        "phase": Phase.PLAY,
    }
    moves = (Meld(melds=(cs("Ac Ad Ah As Ac Ad Ah"),)), Discard(C.parse("5c")))
    a = _go_out(position("classic", **kw), *moves)
    b = _go_out(position("encyclopedia", **kw), *moves)
    assert a.concealed and score_hand(a)[0].going_out == 200
    assert not b.concealed and score_hand(b)[0].going_out == 100


@rule("going_out.concealed.own_canasta")
def test_concealed_needs_a_canasta_of_ones_own() -> None:
    """001_0cb887cc6d824426.txt and 004_747f80dc7edc8b8b.txt: going out concealed needs a
    complete canasta among the player's own melds; with ``--set`` the partner's will do. North has
    never melded and goes out with three aces, on the strength of South's canasta."""
    kw: dict[str, Any] = {
        "hands": {"N": "Ac Ad Ah 5c"},
        "melds": {0: [CANASTA_K]},
        "melded": [False, False, True, False],
        "phase": Phase.PLAY,
    }
    moves = (Meld(melds=(cs("Ac Ad Ah"),)), Discard(C.parse("5c")))
    a = _go_out(position("classic", **kw), *moves)
    sets = ("going_out.concealed.own_canasta=false",)
    b = _go_out(position("classic", sets=sets, **kw), *moves)
    assert not a.concealed and score_hand(a)[0].going_out == 100
    assert b.concealed and score_hand(b)[0].going_out == 200


@rule("going_out.concealed.partner_melds")
def test_concealed_may_not_add_to_partners_melds() -> None:
    """001_0cb887cc6d824426.txt: going out concealed, the player may not add to partner's melds;
    004_747f80dc7edc8b8b.txt: nor have laid off on them. With ``--set`` adding is allowed."""
    kw: dict[str, Any] = {
        "hands": {"N": "Ac Ad Ah As Ac Ad Ah Qs 5c"},
        "melds": {0: ["Qc Qd Qh"]},
        "melded": [False, False, True, False],
        "phase": Phase.PLAY,
    }
    moves = (
        Meld(melds=(cs("Ac Ad Ah As Ac Ad Ah"),), adds=((12, cs("Qs")),)),
        Discard(C.parse("5c")),
    )
    a = _go_out(position("classic", **kw), *moves)
    sets = ("going_out.concealed.partner_melds=true",)
    b = _go_out(position("classic", sets=sets, **kw), *moves)
    assert not a.concealed and score_hand(a)[0].going_out == 100
    assert b.concealed and score_hand(b)[0].going_out == 200


@rule("going_out.concealed_waives_minimum")
def test_concealed_waives_the_minimum_after_a_stock_draw() -> None:
    """001_0cb887cc6d824426.txt and 002_d58438592396a398.txt: going out concealed after a stock
    draw needs no initial-meld minimum; 000_1e7ce48765e073b7.txt gives no such exception
    (encyclopedia pins "never"). At 3000 (minimum 120), seven fours (35) and a discard."""
    assert _differ("classic", "encyclopedia", "going_out.concealed_waives_minimum")
    kw: dict[str, Any] = {
        "hands": {"N": "4c 4d 4h 4s 4c 4d 4h 9c"},
        "phase": Phase.PLAY,
        "scores": [3000, 0],
        "drew": 1,
        "pile": "Kc",
    }
    sevens = Meld(melds=(cs("4c 4d 4h 4s 4c 4d 4h"),))
    a, b = position("classic", **kw), position("encyclopedia", **kw)
    assert code(b, sevens) == "open.below_minimum"
    a = _go_out(a, sevens, Discard(C.parse("9c")))
    assert a.concealed and score_hand(a)[0].going_out == 200
    # After taking the pile instead of drawing, classic asks the minimum too.
    c = position("classic", **{**kw, "drew": 2})
    assert code(c, sevens) == "open.below_minimum"


def _can_ask(variant: str, sets: tuple[str, ...] = ()) -> State:
    """North could go out (three queens and a discard; the side has a canasta)."""
    return position(
        variant,
        hands={"N": "Qc Qd Qh 5c"},
        melds={0: [CANASTA_K]},
        phase=Phase.PLAY,
        sets=sets,
    )


@rule("going_out.permission.kind")
def test_asking_permission_to_go_out() -> None:
    """001_0cb887cc6d824426.txt and 000_1e7ce48765e073b7.txt: a player may ask partner "may I go
    out?", and a "no" binds; 003_6d7b9b19ffba82c5.txt never mentions asking (novice pins none)."""
    assert _differ("classic", "novice", "going_out.permission.kind")
    a, b = _can_ask("classic"), _can_ask("novice")
    assert Ask() in legal_moves(a) and Ask() not in legal_moves(b)
    assert code(b, Ask()) == "ask.not_used"
    apply(a, Ask())
    assert a.phase == Phase.ANSWER and a.actor == 2  # South answers
    apply(a, Answer(False))
    assert code(a, Meld(melds=(cs("Qc Qd Qh"),))) == "out.permission_refused"
    assert going_out_plan(a) is None
    assert code(b, Meld(melds=(cs("Qc Qd Qh"),))) is None


@rule("going_out.permission.yes_obliges")
def test_a_yes_obliges_the_player_to_go_out() -> None:
    """000_1e7ce48765e073b7.txt: if the partner says yes, the player must go out this turn;
    001_0cb887cc6d824426.txt: the answer is binding. With ``--set`` a yes only permits."""
    a = _can_ask("classic")
    b = _can_ask("classic", ("going_out.permission.yes_obliges=false",))
    for s in (a, b):
        apply(s, Ask())
        apply(s, Answer(True))
    assert code(a, Discard(C.parse("5c"))) == "out.permission_obliges"
    assert code(b, Discard(C.parse("5c"))) is None
    assert legal_moves(a) == [Meld(melds=(cs("Qc Qd Qh"),))]
    assert Discard(C.parse("5c")) in legal_moves(b)


# --------------------------------------------------------------------------------------------
# Penalties


@rule("penalties.wild_returned")
def test_wild_card_taken_back_costs_100_or_is_no_penalty() -> None:
    """004_747f80dc7edc8b8b.txt: a player who takes back into hand a fourth wild card laid by
    mistake loses 100; the other sources have no such penalty (classic: 0). Legal play never lays
    a fourth wild card, so the penalty comes from a record's ``penalty`` line: general charges it
    to the seat's side, classic has no such penalty and refuses the line."""
    assert _differ("classic", "general", "penalties.wild_returned")
    for name in ("classic", "general"):
        assert _meld_ruling(name, "9c 9d 9h 9s 2h 2c 2d Jk") == "meld.too_many_wild"
    record = '[Players "N, E, S, W"]\n\nhand 1 dealer W seed 5\npenalty S wild_returned\n'
    hand = replay(parse(record), variant="general").hands[0]
    assert hand.end is not None and hand.end.penalties == [100, 0]
    assert [sc.penalties for sc in score_hand(hand.end)] == [-100, 0]
    with pytest.raises(NotationError, match=r"penalties\.wild_returned is 0"):
        replay(parse(record), variant="classic")


_SLIP = '[Players "N, E, S, W"]\n\nhand 1 dealer W seed 5\n'
"""Seed 5, dealer W: N moves first; the stock's top cards are Ts, Jk, Jc, Qh."""


@rule("penalties.extra_card")
def test_extra_card_kept_with_a_drawless_next_turn_or_no_rule() -> None:
    """004_747f80dc7edc8b8b.txt (rule 3): an extra card drawn by mistake is discarded in a later
    turn played without drawing. general: the joker N drew too stays in hand and N's next turn
    has no draw; classic (001 has no such rule) refuses the line, naming the parameter."""
    assert _differ("classic", "general", "penalties.extra_card")
    body = "N draw Ts discard 4c\npenalty N extra_card Jk\n"
    tail = "E draw Jc discard 3s\nS draw Qh discard 4s\nW draw discard 3s\nN discard 4s\n"
    hand = replay(parse(_SLIP + body + tail), variant="general").hands[0]
    assert hand.end is not None and hand.end.hand_len[0] == 11 and hand.end.turn == 1
    with pytest.raises(NotationError, match=r"penalties\.extra_card is none"):
        replay(parse(_SLIP + body), variant="classic")


@rule("penalties.forgotten_draw")
def test_forgotten_draw_taken_after_the_discard_or_refused() -> None:
    """004_747f80dc7edc8b8b.txt (rule 4): a player who discards without drawing takes the top
    stock card before the next turn. general: N's drawless turn stands and N takes Ts; classic
    refuses the line, naming the parameter."""
    assert _differ("classic", "general", "penalties.forgotten_draw")
    record = _SLIP + "N discard 4c\npenalty N forgot_draw\n"
    s = replay(parse(record), variant="general").hands[0].end
    assert s is not None and s.hand_len[0] == 11 and C.name(s.stock[-1]) == "Jk"
    with pytest.raises(NotationError, match=r"penalties\.forgotten_draw is none"):
        replay(parse(record), variant="classic")


@rule("penalties.exposed_stock_card")
def test_exposed_stock_card_shown_and_left_or_refused() -> None:
    """004_747f80dc7edc8b8b.txt (rule 5): a stock card exposed while drawing is shown and put
    back. general: the stock is unchanged; classic refuses the line, naming the parameter."""
    assert _differ("classic", "general", "penalties.exposed_stock_card")
    record = _SLIP + "N draw Ts\npenalty N exposed_stock Jk\n"
    s = replay(parse(record), variant="general").hands[0].end
    assert s is not None and C.name(s.stock[-1]) == "Jk" and s.hand_len[0] == 12
    with pytest.raises(NotationError, match=r"penalties\.exposed_stock_card is none"):
        replay(parse(record), variant="classic")


@rule("penalties.exposed_card")
def test_exposed_card_left_face_up_or_refused() -> None:
    """004_747f80dc7edc8b8b.txt (rule 6): a card exposed by mistake lies face up until it is
    melded or discarded. general: N's Kh is face up and still N's; classic refuses the line,
    naming the parameter."""
    assert _differ("classic", "general", "penalties.exposed_card")
    record = _SLIP + "N draw Ts\npenalty N exposed Kh\n"
    s = replay(parse(record), variant="general").hands[0].end
    assert s is not None and s.face_up[0] == (C.parse("Kh"),) and s.hand_len[0] == 12
    with pytest.raises(NotationError, match=r"penalties\.exposed_card is none"):
        replay(parse(record), variant="classic")


# --------------------------------------------------------------------------------------------
# The game: target, winner and the deal's rotation


@rule("game.target")
def test_target_3000_or_5000() -> None:
    """002_d58438592396a398.txt: the game is to 3000 or 5000 points, as an option. The same seed
    and bots: the 3000 game stops after the hand in which a player first has 3000, the 5000 game
    plays on from the very same hands."""
    assert _differ("online", "online-3000", "game.target")
    short = Game(load_variant("online-3000"), seed=5).play(make_bot("greedy", 5))
    full = Game(load_variant("online"), seed=5).play(make_bot("greedy", 5))
    n = len(short.hands)
    assert short.reason == full.reason == "target"
    assert short.winner is not None and max(short.scores) >= 3000
    assert len(full.hands) > n and max(full.scores) >= 5000
    before = [0, 0]
    for h in full.hands[: n - 1]:
        before = [x + sc.total for x, sc in zip(before, h.score, strict=True)]
    assert max(before) < 3000
    assert [h.moves for h in full.hands[:n]] == [h.moves for h in short.hands]


def _scripted(monkeypatch: pytest.MonkeyPatch, totals: list[tuple[int, int]]) -> list[int]:
    """Make every hand of a game end at once and score ``totals`` (one pair per hand)."""
    script = iter(totals)
    dealers: list[int] = []

    def new_hand(self: Game, number: int, dealer: int, scores: list[int]) -> State:
        dealers.append(dealer)
        s = deal(self.rules, number, dealer, scores, number)
        return finished(s)

    def score(s: State) -> list[SideScore]:
        return [SideScore(t, 0, 0, 0, 0, 0, 0) for t in next(script)]

    monkeypatch.setattr(Game, "new_hand", new_hand)
    monkeypatch.setattr(game_module, "score_hand", score)
    return dealers


def test_win_rule_higher_total_after_the_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    """001_0cb887cc6d824426.txt: after a hand in which a team reaches 5000, the higher total
    wins, even when both teams cross the target in the same hand; 000_1e7ce48765e073b7.txt: the
    team with the highest total at that point wins. Exactly 5000 is enough; a tie at the top is
    no win, so another hand is played."""
    classic = load_variant("classic")
    cases = [
        ([(2600, 2400), (2500, 2900)], [5100, 5300], 1, 2),  # both over: the higher wins
        ([(2500, 2500), (2500, 2500), (10, 0)], [5010, 5000], 0, 3),  # a tie plays on
        ([(1000, 0)] * 5, [5000, 0], 0, 5),  # 5000 exactly reaches the target
    ]
    for totals, scores, winner, hands in cases:
        _scripted(monkeypatch, totals)
        r = Game(classic, seed=1).play(lambda s: Draw())
        assert (r.reason, r.scores, r.winner, len(r.hands)) == ("target", scores, winner, hands)


@rule("deal.rotation")
def test_rotation_the_deal_passes_round_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """000_1e7ce48765e073b7.txt: the deal rotates clockwise after every hand. Counterclockwise
    (``--set``), the next dealer is the previous one's right-hand neighbour."""
    seen = []
    for sets in ((), ("deal.rotation=counterclockwise",)):
        dealers = _scripted(monkeypatch, [(1000, 0)] * 5)
        v = load("classic", sets).variant if sets else load_variant("classic")
        Game(v, seed=11).play(lambda s: Draw())
        seen.append(dealers)
    cw, ccw = seen
    assert cw[0] == ccw[0]
    assert [(b - a) % 4 for a, b in pairwise(cw)] == [1] * 4
    assert [(b - a) % 4 for a, b in pairwise(ccw)] == [3] * 4


def test_random_first_dealer_is_seeded() -> None:
    """001_0cb887cc6d824426.txt and 000_1e7ce48765e073b7.txt: the first dealer is chosen at
    random (deal.first_dealer, descriptive): a game's seed picks it, the same every time."""
    dealers = {game_module.first_dealer(seed, 4) for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert game_module.first_dealer(9, 4) == game_module.first_dealer(9, 4)


# --------------------------------------------------------------------------------------------
# Rules judged by the turn, the game and the scores (issue 9, point 2)


def _ask_code(s: State) -> str | None:
    return code(s, Ask())


@rule("going_out.permission.when")
def test_permission_when_before_draw_after_draw_after_melding() -> None:
    """001_0cb887cc6d824426.txt: ask just after drawing or taking the pile, before melding;
    RULE-PARAMETERS.md (B): before or after drawing; 004_747f80dc7edc8b8b.txt: once melded;
    000_1e7ce48765e073b7.txt: whenever the player considers going out."""
    assert _differ("classic", "bicycle", "going_out.permission.when")
    able: dict[str, Any] = {
        "hands": {"N": "Kc Kd Kh 5c 5d 5h 9s"},
        "melds": {0: ["Qc Qd Qh Qs Qc Qd Qh", "Ks Ks Kd"]},
    }
    # Before drawing: refused under classic, allowed under bicycle and encyclopedia.
    assert _ask_code(position("classic", **able)) == "ask.too_early"
    for name in ("bicycle", "encyclopedia"):
        s = position(name, **able)
        assert _ask_code(s) is None and Ask() in legal_moves(s)
        apply(s, Ask())
        apply(s, Answer(True))
        assert s.phase == Phase.DRAW  # asked before drawing: the player now draws
    # After a meld action: refused under classic and bicycle, allowed under general.
    for name, want in (("classic", "ask.too_late"), ("bicycle", "ask.too_late"), ("general", None)):
        s = position(name, phase=Phase.PLAY, **able)
        apply(s, Meld(adds=((13, cs("Kc")),)))
        assert _ask_code(s) == want, name


@rule("going_out.permission.only_when_able")
def test_permission_only_when_able() -> None:
    """Pinned in 001 (no source makes it a condition): a player who could not go out this turn
    may not ask; with ``only_when_able = false`` anyone holding two cards may."""
    kw: dict[str, Any] = {"hands": {"N": "5c 6d 9h"}, "phase": Phase.PLAY}
    assert _ask_code(position("classic", **kw)) == "ask.cannot_go_out"
    s = position("classic", sets=("going_out.permission.only_when_able=false",), **kw)
    assert _ask_code(s) is None
    apply(s, Ask())
    apply(s, Answer(True))
    # A yes that cannot be honoured obliges nothing: the turn goes on as usual.
    assert code(s, Discard(C.parse("9h"))) is None


@rule("going_out.permission.required")
def test_permission_required() -> None:
    """RDC (Hand and Foot, compiled rules): the player going out must ask partner first;
    001_0cb887cc6d824426.txt leaves asking to the player. Melding down to the card to discard
    is refused until partner has said yes (a no heard with one card left would leave no legal
    play), and the yes lets the player go out."""
    kw: dict[str, Any] = {"hands": {"N": "9c 9d 9h 5s"}, "melds": {0: [CANASTA_K]}}
    nines = Meld(melds=(cs("9c 9d 9h"),))
    assert code(position("classic", phase=Phase.PLAY, **kw), nines) is None
    s = position("classic", phase=Phase.PLAY, sets=("going_out.permission.required=true",), **kw)
    assert code(s, nines) == "out.permission_required"
    assert code(s, Discard(C.parse("5s"))) is None  # a turn that keeps cards needs no yes
    apply(s, Ask())
    apply(s, Answer(True))
    assert code(s, nines) is None


@rule("going_out.permission.once_per_hand")
def test_permission_once_per_hand() -> None:
    """RULE-PARAMETERS.md (permission_ask row): in Modern American permission is asked once per
    hand (docs/family/modern-american.md, cat); 001_0cb887cc6d824426.txt sets no such limit. A
    player who asked earlier in the hand may ask again under classic, not under
    modern-american."""
    assert _differ("classic", "modern-american", "going_out.permission.once_per_hand")
    kw: dict[str, Any] = {"hands": {"N": "5c 6d 9h"}, "phase": Phase.PLAY}
    free = ("going_out.permission.only_when_able=false",)
    once = (*free, "going_out.permission.once_per_hand=true")
    for sets, expected in ((free, None), (once, "ask.once_per_hand")):
        s = position("classic", sets=sets, **kw)
        assert _ask_code(s) is None
        s.asked_hand = 1  # North asked in an earlier turn of this hand
        assert _ask_code(s) == expected
        assert (Ask() in legal_moves(s)) == (expected is None)  # the generator agrees
        t = position("classic", sets=sets, **kw)
        t.asked_hand = 1 << 2  # South's question does not count against North
        assert _ask_code(t) is None


@rule("red_threes.against_when_opponents_out")
def test_red_threes_against_when_opponents_out_004() -> None:
    """004_747f80dc7edc8b8b.txt: a side's red threes count minus when the opponent goes out;
    001_0cb887cc6d824426.txt: only a side that made no meld counts them minus."""
    assert _differ("classic", "general", "red_threes.against_when_opponents_out")
    kw: dict[str, Any] = {"melds": {0: ["5c 5d 5h"], 1: [CANASTA_K]}, "red3": {0: "3d 3h"}}
    a, b = position("classic", **kw), position("general", **kw)
    assert score_hand(finished(a, out_player=1))[0].red_threes == 200
    assert score_hand(finished(b, out_player=1))[0].red_threes == -200
    # When the side itself went out, its red threes count plus under both.
    kw2: dict[str, Any] = {"melds": {0: [CANASTA_K]}, "red3": {0: "3d 3h"}}
    assert score_hand(finished(position("general", **kw2), out_player=0))[0].red_threes == 200


@rule("initial_meld.basis")
def test_initial_meld_basis_running_total_or_previous_hand_004() -> None:
    """001_0cb887cc6d824426.txt: the minimum follows the team's score before the deal;
    004_747f80dc7edc8b8b.txt: the partners' score in the previous hand. At 3000 in total but 100
    in the last hand, kings and a two (50) open under general, not under classic (120)."""
    assert _differ("classic", "general", "initial_meld.basis")
    kw: dict[str, Any] = {"hands": {"N": "Kc Kd Kh 2c 5c 9d"}, "phase": Phase.PLAY}
    a = position("classic", scores=[3000, 0], **kw)
    b = position("general", scores=[3000, 0], **kw)
    b.previous = [100, 2000]
    assert a.minimum(0) == 120 and b.minimum(0) == 50
    opening = Meld((cs("Kc Kd Kh 2c"),))
    assert code(a, opening) == "open.below_minimum"
    assert code(b, opening) is None
    # A player's own total (for partnerships that change between hands).
    c = position("classic", sets=("initial_meld.basis=player_total",), scores=[0, 0], **kw)
    c.player_scores = [3000, 0, 0, 0]
    assert c.minimum(0) == 120


@rule("pile.discard_freezes_against")
def test_pile_discard_freezes_against_opponents_003() -> None:
    """003_6d7b9b19ffba82c5.txt (Step 6): the pile is frozen against a team when the opposing team
    discards a wild card. 001_0cb887cc6d824426.txt ('What freezes it?'): a buried joker or two
    freezes it for both teams. North's two: under novice North-South may still take the pile with
    a natural and a wild card; under classic they need a natural pair."""
    assert _differ("classic", "novice", "pile.discard_freezes_against")
    kw: dict[str, Any] = {
        "hands": {"N": "2c 5c 6d 8h", "S": "9h Jk 6c 7d"},
        "melds": {0: ["Kc Kd Kh"], 1: ["Qc Qd Qh"]},
        "pile": "7c 4s 9s",
        "phase": Phase.PLAY,
    }
    for variant, frozen in (("classic", True), ("novice", False)):
        s = position(variant, **kw)
        s.pile_takers = 0b11  # both sides have taken the pile (003 starts it frozen till then)
        apply(s, Discard(C.parse("2c")))
        assert s.frozen_for(2) is frozen and s.frozen_for(1) is True
        s.pile.append(C.parse("9d"))  # a natural card covers the two
        s.turn, s.phase = 2, Phase.DRAW
        expected = "pile.frozen.needs_natural_pair" if frozen else None
        assert code(s, TakePile(cs("9h Jk"))) == expected


@rule("pile.frozen_at_start")
def test_pile_frozen_at_start_until_first_taken_003() -> None:
    """003_6d7b9b19ffba82c5.txt (Step 6): at the start of every round the pile is frozen against
    all teams or players; a pickup with a natural pair unfreezes it toward the player and the
    player's team, and only toward them. 001_0cb887cc6d824426.txt: only a wild card or red three
    turned up freezes it."""
    assert _differ("classic", "novice", "pile.frozen_at_start")
    classic, novice = rules_of("classic"), rules_of("novice")
    seed = _seed_where(classic, lambda s: not s.frozen)
    assert not deal(classic, seed).frozen
    s = deal(novice, seed)
    assert not s.frozen  # no card freezes it: the start of the hand does, side by side
    assert all(s.start_frozen(side) for side in range(novice.sides))
    assert all(s.frozen_for(p) for p in range(novice.players))
    ref = refusal(s, TakePile(()))
    assert ref is not None and "start of the hand" in ref.message
    # North-South take it with a natural pair: unfrozen for them, still frozen for East-West.
    kw: dict[str, Any] = {
        "hands": {"N": "9c 9d 5c 6d", "E": "7h Jk 5h 6h"},
        "melds": {0: ["Kc Kd Kh"], 1: ["Qc Qd Qh"]},
        "pile": "7c 4s 9s",
    }
    t = position("novice", **kw)
    apply(t, TakePile(cs("9c 9d")))
    assert not t.start_frozen(0) and t.start_frozen(1)
    apply(t, Discard(C.parse("7c")))  # the 7c that came with the pile
    assert t.turn == 1 and t.frozen_for(1)
    assert code(t, TakePile(cs("7h Jk"))) == "pile.frozen.needs_natural_pair"
    # Under classic the same pile, once N-S have taken one, is open to E-W's natural and wild.
    u = position("classic", **kw)
    apply(u, TakePile(cs("9c 9d")))
    apply(u, Discard(C.parse("7c")))
    assert code(u, TakePile(cs("7h Jk"))) is None
    # A written-out deal starts frozen too.
    hands = [list(cs("5c 6d 7h 8s 9c Td 5d 6h 7s 8c 9d")) for _ in range(4)]
    hands[1] = list(cs("5h 6s 7c 8d 9h Ts 5s 6c 7d 8h 9s"))
    hands[3] = list(cs("4c 4d 4h 4s Jc Jd Jh Js Qc Qd Qh"))
    hands[2] = list(cs("Kc Kd Kh Ks Ac Ad Ah As Tc Th Qs"))
    assert from_layout(novice, hands, list(cs("Kd"))).start_frozen(1)
    assert not from_layout(classic, hands, list(cs("Kd"))).start_frozen(1)


@rule("game.win")
def test_game_win_higher_total_or_first_to_reach_003() -> None:
    """001_0cb887cc6d824426.txt: when both pass 5000 the higher total wins;
    003_6d7b9b19ffba82c5.txt: the team that reaches 5000 first wins, read as the side whose
    player went out when both pass it in one hand."""
    assert _differ("classic", "novice", "game.win")
    classic, novice = rules_of("classic"), rules_of("novice")
    assert game_end(classic, [5100, 5300], 0) == (True, 1)
    assert game_end(novice, [5100, 5300], 0) == (True, 0)
    assert game_end(novice, [5100, 5300], -1) == (True, 1)  # nobody went out: higher total
    assert game_end(novice, [5100, 4900], 1) == (True, 0)  # only one side reached it


@rule("game.tie")
def test_game_tie_play_on_or_shared() -> None:
    """No source says what a tie at the top does (pinned: play on); ``game.tie = "shared"``
    ends the game without a winner."""
    play_on = rules_of("classic")
    shared = rules_of("classic", sets=("game.tie=shared",))
    assert game_end(play_on, [5000, 5000], -1) == (False, None)
    assert game_end(shared, [5000, 5000], -1) == (True, None)
    assert game_end(shared, [5000, 4000], -1) == (True, 0)


@rule("deal.first_dealer")
def test_first_dealer_random_or_first_seat_leads_002() -> None:
    """002_d58438592396a398.txt: the white player starts the first hand, the black the second;
    001_0cb887cc6d824426.txt: the first dealer is chosen at random."""
    assert _differ("classic", "online", "deal.first_dealer")
    online, classic = rules_of("online"), rules_of("classic")
    for seed in range(20):
        assert deal(online, 1, opening_dealer(online, seed)).turn == 0
    assert {opening_dealer(classic, seed) for seed in range(40)} == {0, 1, 2, 3}
    result = Game(load_variant("online"), seed=5).play(make_bot("greedy", 5))
    firsts = [rec.start.turn for rec in result.hands[:4]]
    assert firsts[:2] == [0, 1]  # then alternating


@rule("going_out.final_discard")
def test_final_discard_required_unless_concealed_004() -> None:
    """004_747f80dc7edc8b8b.txt: a player goes out by discarding the last card, yet a concealed
    hand melds the whole hand in one turn."""
    kw: dict[str, Any] = {"hands": {"N": "Kc Kd Kh Ks Kc Kd Kh 5c 5d 5h"}, "phase": Phase.PLAY}
    whole = Meld((cs("Kc Kd Kh Ks Kc Kd Kh"), cs("5c 5d 5h")))
    s = position("general", scores=[0, 0], **kw)
    assert code(s, whole) is None
    apply(s, whole)
    assert s.concealed and s.end_reason == "went_out"
    # Not concealed (the side had melded before): the last card must be discarded.
    t = position(
        "general",
        melds={0: ["Qc Qd Qh"]},
        melded=[True, False, True, False],
        hands={"N": "Kc Kd Kh Ks Kc Kd Kh 5c 5d 5h"},
        phase=Phase.PLAY,
        sets=("going_out.concealed.own_canasta=true",),
    )
    t.prior_melded = True
    assert code(t, whole) == "out.final_discard"


# --------------------------------------------------------------------------------------------
# Meld kinds of the wider family (issue 10): runs, melds of wild cards, closed canastas

_SAMBA = (
    'melds.sequences={kind = "same_suit", min_length = 3, max_length = 7, canasta_bonus = 1500}',
    "canastas.closed=true",
)
_WILD = ('melds.wild_melds={kind = "allowed", min_size = 3, max_size = 7, canasta_bonus = 2000}',)


@rule("melds.sequences.kind", "melds.sequences.min_length", "melds.sequences.max_length")
def test_runs_of_one_suit_samba() -> None:
    """docs/family/samba.md (Bicycle, HowStuffWorks, Pagat's Samba): runs of three to seven
    natural cards of one suit, four up to the ace, no wild cards; 001_0cb887cc6d824426.txt: a
    suited sequence is not a meld."""
    kw: dict[str, Any] = {"hands": {"N": "4h 5h 6h 7h 9c 9d"}, "melds": {0: ["Qc Qd Qh"]}}
    kw["phase"] = Phase.PLAY
    run = Meld((cs("4h 5h 6h"),))
    assert code(position("classic", **kw), run) == "meld.mixed_ranks"
    s = position("classic", sets=_SAMBA, **kw)
    assert code(s, run) is None
    assert code(s, Meld((cs("4h 5h"),))) in ("meld.run.too_short", "meld.too_small")
    assert code(s, Meld((cs("4h 5h 7h"),))) == "meld.run.gap"
    apply(s, run)
    (key,) = [k for k, m in s.melds[0].items() if m.kind == 1]
    assert (s.melds[0][key].low, s.melds[0][key].high) == (4, 6)
    # Extended by a card of it named in the add: "add 4h: 7h".
    from canasta_rules.engine.rules import run_ref

    apply(s, Meld(adds=((run_ref(2, 4), cs("7h")),)))
    assert s.melds[0][key].high == 7
    assert code(s, Meld(adds=((run_ref(2, 4), cs("9c")),))) == "meld.run.suits"
    longer = position("classic", sets=(*_SAMBA, "melds.sequences.max_length=3"), **kw)
    assert code(longer, Meld((cs("4h 5h 6h 7h"),))) == "meld.run.too_long"


@rule("melds.sequences.canasta_bonus", "going_out.sequence_canastas")
def test_run_canasta_bonus_and_runs_needed_to_go_out_bolivia() -> None:
    """docs/family/bolivia.md (Bicycle's Bolivia, Rummy-Games): a run of seven is an escalera
    worth 1500, and going out needs two canastas, one of them an escalera."""
    seven = "4s 5s 6s 7s 8s 9s Ts"
    kw: dict[str, Any] = {"hands": {"N": "9d"}, "phase": Phase.PLAY}
    sets = (*_SAMBA, "going_out.canastas=2", "going_out.sequence_canastas=1")
    two_groups = position(
        "classic", sets=sets, melds={0: [CANASTA_K, "Qc Qd Qh Qs Qc Qd Qh"]}, **kw
    )
    assert code(two_groups, Discard(C.parse("9d"))) == "out.run_canastas"
    s = position("classic", sets=sets, melds={0: [CANASTA_K]}, **kw)
    s = position("classic", sets=sets, melds={0: [CANASTA_K]}, hands={"N": seven + " 9d"})
    s.phase = Phase.PLAY
    s.drew = 1
    apply(s, Meld((cs(seven),)))  # the escalera first, then the last card
    assert s.run_canastas(0) == 1
    apply(s, Discard(C.parse("9d")))
    assert score_hand(s)[0].run_canastas == 1500


@rule("melds.wild_melds.kind", "melds.wild_melds.min_size", "melds.wild_melds.max_size")
def test_melds_of_wild_cards_uruguayan() -> None:
    """docs/family/uruguayan.md (Rummy-Games, Scarne-style list): three to seven wild cards may be
    melded on their own; 001_0cb887cc6d824426.txt: an all-wild meld is not allowed."""
    kw: dict[str, Any] = {"hands": {"N": "2c 2d Jk 2h 9c 9d"}, "melds": {0: ["Qc Qd Qh"]}}
    kw["phase"] = Phase.PLAY
    wild = Meld((cs("2c 2d Jk"),))
    assert code(position("classic", **kw), wild) == "meld.all_wild"
    s = position("classic", sets=_WILD, **kw)
    assert code(s, Meld((cs("2c 2d"),))) == "meld.wild.too_small"
    apply(s, wild)
    assert code(s, Meld(adds=((2, cs("9c")),))) == "meld.wrong_rank"
    apply(s, Meld(adds=((2, cs("2h")),)))
    assert s.melds[0][2].wilds == 4
    small = position("classic", sets=(*_WILD, "melds.wild_melds.max_size=3"), **kw)
    apply(small, wild)
    assert code(small, Meld(adds=((2, cs("2h")),))) == "meld.wild.too_big"


@rule("melds.wild_melds.canasta_bonus")
def test_wild_canasta_bonus_2000() -> None:
    """docs/family/uruguayan.md: a canasta of seven wild cards earns 2000."""
    s = position(
        "classic",
        sets=_WILD,
        hands={"N": "2c 2d 2h 2s Jk Jk 2c 9d 9h"},
        melds={0: ["Qc Qd Qh"]},
        phase=Phase.PLAY,
    )
    apply(s, Meld((cs("2c 2d 2h 2s Jk Jk 2c"),)))
    sc = score_hand(finished(s))[0]
    assert sc.wild_canastas == 2000 and sc.natural_canastas == sc.mixed_canastas == 0


@rule("canastas.closed")
def test_closed_canasta_takes_no_more_cards_samba() -> None:
    """docs/family/samba.md (Úrval 1952, Pagat's Samba): a completed canasta takes no more
    cards, and the side may start another meld of that rank; 001_0cb887cc6d824426.txt: cards
    may be added beyond seven."""
    kw: dict[str, Any] = {"hands": {"N": "Ks Jc Jd Jh 9c 9d"}, "melds": {0: [CANASTA_K]}}
    kw["phase"] = Phase.PLAY
    add = Meld(adds=((13, cs("Ks")),))
    assert code(position("classic", **kw), add) is None
    s = position("classic", sets=_SAMBA, **kw)
    assert code(s, add) == "meld.canasta_closed"


@rule("black_threes.in_hand_penalty")
def test_black_threes_left_in_hand_bolivia() -> None:
    """docs/family/bolivia.md (Bicycle's Bolivia and others): each black three left in hand when
    anyone goes out costs 100; 001_0cb887cc6d824426.txt: it counts only its value, 5."""
    kw: dict[str, Any] = {"hands": {"N": "", "S": "3c 3s 9d"}, "melds": {0: [CANASTA_K]}}
    a = score_hand(finished(position("classic", **kw), out_player=0))[0]
    b = score_hand(
        finished(position("classic", sets=("black_threes.in_hand_penalty=100",), **kw), 0)
    )[0]
    assert a.black_threes == 0 and b.black_threes == -200
    assert a.hands == -5 - 5 - 10 and b.hands == -10  # the penalty replaces the value
    assert b.total - a.total == -200 + 10


# --------------------------------------------------------------------------------------------
# Rounds (Hand and Foot's game shape; the game itself is not built in yet)

_HF = (
    'initial_meld.basis="round"',
    "initial_meld.by_round=[50, 90, 120, 150]",
)


@rule("initial_meld.by_round")
def test_minimum_by_round_50_90_120_150() -> None:
    """Roger DeMeritt's compiled Hand and Foot rules (RDC, http://rogerdem.tripod.com/composit.htm):
    the minimum is 50, 90, 120 and 150 in rounds one to four, whatever the score. Kings and a two
    (50) open the first hand under those rounds, not the third; under classic the score decides
    (001_0cb887cc6d824426.txt: 50 at 0)."""
    kw: dict[str, Any] = {"hands": {"N": "Kc Kd Kh 2c 5c 9d"}, "phase": Phase.PLAY}
    first = position("classic", sets=_HF, scores=[3000, 0], **kw)
    third = position("classic", sets=_HF, scores=[0, 0], **kw)
    third.hand_no = 3
    opening = Meld((cs("Kc Kd Kh 2c"),))
    assert first.minimum(0) == 50 and third.minimum(0) == 120
    assert code(first, opening) is None
    assert code(third, opening) == "open.below_minimum"
    later = position("classic", sets=_HF, scores=[0, 0], **kw)
    later.hand_no = 9  # after the last round listed, its minimum stays
    assert later.minimum(0) == 150
    assert position("classic", scores=[3000, 0], **kw).minimum(0) == 120
    with pytest.raises(Exception, match="by_round"):
        load("classic", ('initial_meld.basis="round"',))


@rule("game.rounds")
def test_rounds_the_game_is_four_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bill Whitnack's Hand and Foot (BW,
    http://web.archive.org/web/20120203230831/http:/members.shaw.ca/bvwhit/hand.html) and RDC: a
    game is four rounds, the higher total after the fourth winning. Under classic
    (001_0cb887cc6d824426.txt) the same hands go on until a side reaches 5000."""
    totals = [(400, 300), (500, 600), (700, 100), (200, 900), (3000, 3000), (500, 0)]
    _scripted(monkeypatch, totals)
    rounds = load("classic", ("game.rounds=4",)).variant
    r = Game(rounds, seed=1).play(lambda s: Draw())
    assert (r.reason, r.scores, r.winner, len(r.hands)) == ("target", [1800, 1900], 1, 4)
    _scripted(monkeypatch, totals)
    r = Game(load_variant("classic"), seed=1).play(lambda s: Draw())
    assert (r.scores, r.winner, len(r.hands)) == ([5300, 4900], 0, 6)


def test_five_packs_hold_270_cards_and_ten_red_threes() -> None:
    """BW and RGH (Hand and Foot): one pack more than the players, 5 packs and their jokers for
    four, 270 cards. Red-three totals follow the pack: ten red threes, eleven entries."""
    five = (
        "deck.decks=5",
        "red_threes.totals=[0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]",
    )
    r = rules_of("classic", sets=five)
    assert len(r.deck) == 270
    s = deal(r, 1)
    assert s.card_total() == 270
    with pytest.raises(Exception, match=r"the red-three scores list 5 entries"):
        load("classic", ("deck.decks=5",))


# --------------------------------------------------------------------------------------------
# Modern American's upcard, threes, empty-pile discards and end-of-hand penalties (issue 10).
# Sources as docs/family/modern-american.md names them (canasta_rules.sources.FAMILY).

MA_THREES = (
    "red_threes.totals=[0, 100, 300, 500, 1000]",
    "red_threes.count_against=no_canasta",
    "red_threes.count_from_canastas=2",
    "black_threes.bonus=true",
    "black_threes.totals=[0, 100, 300, 500, 1000]",
)
"""CCP's threes, set on classic: by colour, 1 -> 100, 2 -> 300, 3 -> 500, 4 -> 1000, plus with
two canastas or more, nothing with one, minus with none."""


@rule("deal.upcard")
def test_no_upcard_the_first_player_draws() -> None:
    """Play Online Canasta (POC, http://www.playonlinecanasta.com/) and Meggiesoft (BUF,
    http://bufton.org/meggiesoft/canasta.htm): Modern American turns no upcard, so the hand
    starts with no discard pile and the first player can only draw. 001_0cb887cc6d824426.txt
    turns the top stock card up. The same shuffle under both."""
    classic, none = rules_of("classic"), rules_of("classic", sets=("deal.upcard=none",))
    seed = _seed_where(classic, lambda s: not any(s.red3))  # no replacements to tell apart
    a, b = deal(classic, seed), deal(none, seed)
    assert a.pile and not b.pile
    assert a.hands == b.hands
    assert len(b.stock) == len(a.stock) + len(a.pile)
    assert legal_moves(b) == [Draw()]
    assert code(b, TakePile(())) == "pile.empty"
    assert any(isinstance(m, Draw) for m in legal_moves(a))


@rule("black_threes.bonus")
def test_black_threes_laid_out_and_replaced() -> None:
    """Canasta Connection (CC, https://www.canastaconnection.com/canasta-rules) and BUF: in
    Modern American every three is a bonus card, laid out at once and replaced from the stock,
    dealt or drawn. 001_0cb887cc6d824426.txt: black threes stay in the hand."""
    classic = rules_of("classic")
    bonus = rules_of("classic", sets=("black_threes.bonus=true",))
    seed = _seed_where(classic, lambda s: any(s.rc[p][3] for p in range(4)))
    a, b = deal(classic, seed), deal(bonus, seed)
    assert any(a.rc[p][3] for p in range(4))
    assert not any(b.rc[p][3] for p in range(4))
    assert all(n == 11 for n in b.hand_len)
    laid = [c for reds in b.red3 for c in reds if C.is_black_three(c)]
    assert len(laid) == sum(a.rc[p][3] for p in range(4))
    # Drawn: the black three is laid out for the side and the next card replaces it.
    kw: dict[str, Any] = {"hands": {"N": "9c 9d 5h"}, "pile": "8d"}
    a = with_stock(position("classic", **kw), "Kh 3s")
    b = with_stock(position("classic", sets=("black_threes.bonus=true",), **kw), "Kh 3s")
    assert apply(a, Draw()) == Draw(cs("3s"))
    assert apply(b, Draw()) == Draw(cs("3s Kh"))
    assert a.hands[0][C.parse("3s")] == 1 and not a.red3[0]
    assert b.hands[0][C.parse("3s")] == 0 and b.red3[0] == [C.parse("3s")]
    assert b.hands[0][C.parse("Kh")] == 1
    # Never melded nor discarded: only a hand built by hand can hold one here.
    for c in cs("3c 3c 3s"):
        a.add_card(0, c)
        b.add_card(0, c)
    assert code(a, Discard(C.parse("3c"))) is None
    assert code(b, Discard(C.parse("3c"))) == "discard.black_three"
    assert code(b, Meld((cs("3c 3c 3s"),))) == "meld.black_threes.bonus"


def _ccp_side(canastas: int) -> dict[str, Any]:
    """N-S: ``canastas`` of the two canastas of CCP's example (a natural 500 of kings, a mixed
    300 of queens standing in for its 2500 sevens, which are MA's), two red threes and one
    black three laid out; N went out."""
    melds = [CANASTA_K, "Qc Qd Qh Qs Qc Qd 2c"][:canastas] or ["Kc Kd Kh"]
    if canastas == 1:
        melds.append("Qc Qd Qh")
    return {
        "hands": {"N": "", "E": "", "S": "", "W": ""},
        "melds": {0: melds},
        "red3": {0: "3d 3h 3s"},
        "pile": "9h",
    }


@rule("black_threes.totals", "red_threes.count_from_canastas")
def test_threes_by_colour_and_by_canastas_ccp() -> None:
    """Canasta.com, Count the points in Modern Canasta (CCP,
    https://canasta.com/2023/01/19/count-the-points-in-modern-canasta/): threes score by
    colour, 1 -> 100, 2 -> 300, 3 -> 500, 4 -> 1000, plus with two canastas or more, nothing
    with exactly one, minus with none. Its example: two canastas, two red threes and one black,
    going out: 100 + 500 + 300 + 300 (two red) + 100 (one black) before the count."""
    scores = {}
    for n in (2, 1, 0):
        s = finished(position("classic", sets=MA_THREES, **_ccp_side(n)), out_player=0)
        scores[n] = score_hand(s)[0]
    two = scores[2]
    assert (two.going_out, two.natural_canastas, two.mixed_canastas) == (100, 500, 300)
    assert (two.red_threes, two.laid_black_threes) == (300, 100)
    assert two.total - two.melds == 1300
    assert (scores[1].red_threes, scores[1].laid_black_threes) == (0, 0)
    assert scores[0].red_threes + scores[0].laid_black_threes == -400
    # black_threes.totals: with the default (0) a laid-out black three scores nothing.
    plain = (*MA_THREES[:-1], "black_threes.totals=[0]")
    s = finished(position("classic", sets=plain, **_ccp_side(2)), out_player=0)
    assert score_hand(s)[0].laid_black_threes == 0
    # count_from_canastas = 0: one canasta is enough for the threes to count plus.
    plus = (*MA_THREES[:2], "red_threes.count_from_canastas=0", *MA_THREES[3:])
    s = finished(position("classic", sets=plus, **_ccp_side(1)), out_player=0)
    assert (score_hand(s)[0].red_threes, score_hand(s)[0].laid_black_threes) == (300, 100)


@rule("pile.empty_discard_bans")
def test_no_seven_ace_or_wild_onto_an_empty_pile() -> None:
    """Canasta Junction (CJ, https://canastajunction.com/2024/07/05/picking-the-pack-in-canasta/):
    no seven, ace or wild card ('SWAD') may be discarded onto an empty pile; Pagat (PAG): no ace
    or seven, unless nothing else is held. 001_0cb887cc6d824426.txt has no such rule."""
    bans = ('pile.empty_discard_bans=["seven", "ace", "wild"]',)
    kw: dict[str, Any] = {"hands": {"N": "7c Ac 2d Jk 9h 9s"}, "pile": "", "phase": Phase.PLAY}
    a, b = position("classic", **kw), position("classic", sets=bans, **kw)
    for card in ("7c", "Ac", "2d", "Jk"):
        assert code(a, Discard(C.parse(card))) is None
        assert code(b, Discard(C.parse(card))) == "discard.empty_pile"
    assert code(b, Discard(C.parse("9h"))) is None
    assert {m.card for m in legal_moves(b) if isinstance(m, Discard)} == set(cs("9h 9s"))
    # On a pile that is not empty, any card may go.
    c = position("classic", sets=bans, **{**kw, "pile": "8d"})
    assert code(c, Discard(C.parse("7c"))) is None
    # Holding nothing but banned cards, one may go (PAG's exception, pinned).
    d = position("classic", sets=bans, **{**kw, "hands": {"N": "7c Ac"}})
    assert code(d, Discard(C.parse("7c"))) is None


@rule(
    "penalties.in_hand_sets.rank", "penalties.in_hand_sets.count", "penalties.in_hand_sets.points"
)
def test_three_aces_or_sevens_in_hand_cost_1500_each_cj() -> None:
    """CJ (https://canastajunction.com/2024/09/02/scoring-guide-part-3), CCP and Wikipedia's US
    American Canasta (WUS): a player holding three or more aces, or three or more sevens, at
    the end loses 1500 per set; four aces and three sevens cost 3000. 001: only card values."""
    sets = (
        'penalties.in_hand_sets=[{rank = "ace", count = 3, points = 1500}, '
        '{rank = "seven", count = 3, points = 1500}]',
    )
    kw: dict[str, Any] = {
        "hands": {"N": "", "E": "", "S": "Ac Ad Ah As 7c 7d 7h 9c", "W": "Ac Ad 7s 7s"},
        "melds": {1: [CANASTA_K]},
        "pile": "9h",
    }
    a = score_hand(finished(position("classic", **kw), out_player=1))[0]
    b = score_hand(finished(position("classic", sets=sets, **kw), out_player=1))[0]
    assert a.sets_in_hand == 0
    assert b.sets_in_hand == -3000  # S's four aces and three sevens; W's pairs cost nothing
    assert b.hands == a.hands and b.total == a.total - 3000


@rule("penalties.no_canasta_melds")
def test_a_side_without_a_canasta_counts_its_melds_minus_cj() -> None:
    """CJ (scoring guide, the Count): a side that made no canasta counts all its cards, melded
    ones included, minus. 001_0cb887cc6d824426.txt: melded cards always count plus."""
    sets = ("penalties.no_canasta_melds=minus",)
    kw: dict[str, Any] = {
        "hands": {"N": "", "E": "", "S": "9d", "W": ""},
        "melds": {0: ["Jc Jd Jh", "8c 8d 8h 2c"], 1: [CANASTA_K]},
        "pile": "9h",
    }
    a = score_hand(finished(position("classic", **kw), out_player=1))
    b = score_hand(finished(position("classic", sets=sets, **kw), out_player=1))
    assert (a[0].melds, b[0].melds) == (80, -80)
    assert a[0].hands == b[0].hands == -10
    assert a[1].melds == b[1].melds == 70  # the side with a canasta counts plus either way


TALONS = ("talons.sizes=[4, 3]",)
STOCK12 = "4c 4d 5c 5h 6c 6d 6h 9d 9h Tc Td Th"


def _talon_opening(sets: tuple[str, ...], stock: str = STOCK12, **kw: Any) -> State:
    """N has drawn and opens with kings and aces (90, over classic's 50), then discards 5d."""
    base: dict[str, Any] = {
        "hands": {"N": "Kc Kd Kh Ac Ad Ah 9c 5d", "E": "Qc Qd Qh Jc Jd Jh 8c 5s"},
        "pile": "8d",
        "phase": Phase.PLAY,
    }
    s = with_stock(position("classic", sets=sets, **{**base, **kw}), stock)
    apply(s, Meld((cs("Kc Kd Kh"), cs("Ac Ad Ah"))))
    return s


@rule("talons.sizes")
def test_talons_four_then_three_after_the_opening_discard() -> None:
    """Pagat's Modern American (PAG, https://pagat.com/rummy/canasta.html) and the Honors Bridge
    Club's house rules (HBC, http://www.honorsbridgeclub.org/canastahouserules.html): after
    the initial meld and its discard the melder takes a talon from the stock, four cards for the
    first side to meld and three for the second. 001_0cb887cc6d824426.txt has none."""
    a, b = _talon_opening(()), _talon_opening(TALONS)
    assert apply(a, Discard(C.parse("5d"))) == Discard(C.parse("5d"))
    assert apply(b, Discard(C.parse("5d"))) == Discard(C.parse("5d"), cs("Th Td Tc 9h"))
    assert (a.hand_len[0], b.hand_len[0]) == (1, 5)
    assert (len(a.stock), len(b.stock)) == (12, 8)
    # E opens second and takes three; the stock is below 9 now, so lower the floor to show it.
    c = _talon_opening(("talons.sizes=[4, 3]", "talons.min_stock=0"))
    apply(c, Discard(C.parse("5d")))
    apply(c, Draw())
    apply(c, Meld((cs("Qc Qd Qh"), cs("Jc Jd Jh"))))
    out = apply(c, Discard(C.parse("5s")))
    assert out == Discard(C.parse("5s"), cs("6h 6d 6c"))
    # Naming a talon where none is due, or the wrong cards, is refused.
    d = _talon_opening(())
    assert code(d, Discard(C.parse("5d"), cs("Th Td Tc 9h"))) == "talon.not_due"
    e = _talon_opening(TALONS)
    assert code(e, Discard(C.parse("5d"), cs("Th Td Tc 9d"))) == "draw.wrong_card"
    assert code(e, Discard(C.parse("5d"), cs("Th Td Tc"))) == "talon.too_few"


@rule("talons.min_stock")
def test_no_talon_once_the_stock_is_low() -> None:
    """The Canasta League of America, as reported (CLA, https://ebbeling.github.io/canasta/):
    talons only while at least 9 cards remain; Canasta.com (CCOM) and HBC: none once the turn
    card, the ninth from the bottom, has been drawn. With 8 cards left: none at 9, a talon at 8."""
    stock = "4c 4d 5c 5h 6c 6d 6h 9d"
    a = _talon_opening(TALONS, stock)
    b = _talon_opening((*TALONS, "talons.min_stock=8"), stock)
    assert apply(a, Discard(C.parse("5d"))) == Discard(C.parse("5d"))
    assert apply(b, Discard(C.parse("5d"))) == Discard(C.parse("5d"), cs("9d 6h 6d 6c"))


@rule("talons.after_pickup")
def test_no_talon_for_an_opening_by_taking_the_pile() -> None:
    """HBC: 'if you meld and pick the pack at the same time you do not also get a talon'; the
    Canasta Junction app (CJ) likewise. Set after_pickup and the opening by pickup earns one."""
    kw: dict[str, Any] = {
        "hands": {"N": "8c 8h Kc Kd Kh 9c 5d"},
        "pile": "4h 8d",
        "phase": Phase.DRAW,
    }
    out = []
    for sets in (TALONS, (*TALONS, "talons.after_pickup=true")):
        s = with_stock(position("classic", sets=sets, **kw), STOCK12)
        apply(s, TakePile(cs("8c 8h"), (cs("Kc Kd Kh"),)))
        out.append(apply(s, Discard(C.parse("5d"))))
    assert out == [Discard(C.parse("5d")), Discard(C.parse("5d"), cs("Th Td Tc 9h"))]


# Modern American Canasta's melding rules (docs/family/modern-american.md)

_MA_SPECIAL = (
    'canastas.special=[{rank = "seven", wild = "never", bonus = 2500, unfinished_penalty = 2500}, '
    '{rank = "ace", wild = "opening_only", bonus = 2500, unfinished_penalty = 2500}]',
)


@rule("canastas.reopen_closed_rank")
def test_closed_rank_is_not_melded_again_modern_american() -> None:
    """docs/family/modern-american.md (POC, WUS): a side never holds two melds of one rank;
    Samba (KS) lets it start another once the first is a closed canasta."""
    kw: dict[str, Any] = {"hands": {"N": "Ks Kd Kh 9c 9d"}, "melds": {0: ["Kc Kd Kh Ks Kc 2c 2d"]}}
    kw["phase"] = Phase.PLAY
    again = Meld((cs("Ks Kd Kh"),))
    assert code(position("classic", sets=_SAMBA, **kw), again) is None
    ma = position("classic", sets=(*_SAMBA, "canastas.reopen_closed_rank=false"), **kw)
    assert code(ma, again) == "meld.rank_closed"
    assert code(ma, Meld(adds=((13, cs("Ks")),))) == "meld.canasta_closed"


@rule("canastas.dead_ranks")
def test_dead_rank_neither_side_melds_it_modern_american() -> None:
    """docs/family/modern-american.md (CCOM, CJ): once either side closes a canasta of a rank,
    neither side may add to or start that rank, and a dead card on top of the pile cannot be
    taken (CJ); 001_0cb887cc6d824426.txt: each side melds every rank freely."""
    kings = "Kc Kd Kh Ks 2c 2d Jk"
    kw: dict[str, Any] = {"melds": {0: ["Kc Kd Kh"], 1: [kings]}}
    play = {**kw, "hands": {"N": "Ks 9c 9d"}, "phase": Phase.PLAY}
    add = Meld(adds=((13, cs("Ks")),))
    assert code(position("classic", **play), add) is None
    assert code(position("classic", sets=("canastas.dead_ranks=true",), **play), add) == (
        "meld.dead_rank"
    )
    pick = {"melds": {0: ["Qc Qd Qh"], 1: [kings]}, "hands": {"N": "Ks Kc 9c 9d"}}
    take = TakePile(cs("Ks Kc"))
    assert code(position("classic", pile="5c Kd", **pick), take) is None
    dead = position("classic", pile="5c Kd", sets=("canastas.dead_ranks=true",), **pick)
    assert code(dead, take) == "pile.dead_rank"


@rule("melds.wild_add_min_naturals")
def test_wild_card_needs_five_naturals_after_the_opening_modern_american() -> None:
    """docs/family/modern-american.md (CC, CCOM): wild cards go into the side's opening melds;
    later only onto a meld that holds five naturals; 001_0cb887cc6d824426.txt: any meld within
    the three-wild limit."""
    sets = ("melds.wild_add_min_naturals=5",)
    kw: dict[str, Any] = {"melds": {0: ["Qc Qd Qh", "Jc Jd Jh Js Jc"]}, "phase": Phase.PLAY}
    kw["hands"] = {"N": "2c 2d 9h 9d 8s"}
    on_three = Meld(adds=((12, cs("2c")),))
    assert code(position("classic", **kw), on_three) is None
    s = position("classic", sets=sets, **kw)
    assert code(s, on_three) == "meld.wild.few_naturals"
    assert code(s, Meld(adds=((11, cs("2c")),))) is None
    # In the side's opening, a wild card may go into a new meld of two naturals.
    opening = position(
        "classic", sets=sets, hands={"N": "Kc Kd 2c Ac Ad Ah 9h 9d"}, phase=Phase.PLAY
    )
    assert code(opening, Meld((cs("Kc Kd 2c"), cs("Ac Ad Ah")))) is None


@rule("canastas.special.rank", "canastas.special.wild")
def test_sevens_never_and_aces_only_as_opened_modern_american() -> None:
    """docs/family/modern-american.md (CCOM, POC, WUS): sevens never take a wild card; aces take
    one only in a meld laid with it in the side's opening; 001_0cb887cc6d824426.txt: any rank
    takes wild cards."""
    kw: dict[str, Any] = {"melds": {0: ["7c 7d 7h 7s 7c", "Ac Ad Ah", "8c 8d 8h"]}}
    kw |= {"hands": {"N": "2c 2d 9h 9d Jk"}, "phase": Phase.PLAY}
    on_sevens = Meld(adds=((7, cs("2c")),))
    on_aces = Meld(adds=((14, cs("2c")),))
    on_eights = Meld(adds=((8, cs("2c")),))
    classic = position("classic", **kw)
    assert code(classic, on_sevens) is None and code(classic, on_aces) is None
    ma = position("classic", sets=_MA_SPECIAL, **kw)
    assert code(ma, on_sevens) == "meld.special.wild"
    assert code(ma, on_aces) == "meld.special.wild"  # a pure meld of aces stays pure
    assert code(ma, on_eights) is None  # the rule names its ranks only
    # Opening with aces and a wild card: legal, and the meld is then an ordinary one.
    hands = {"N": "Ac Ad 2c Kc Kd Ks 9h 9d"}
    opening = position("classic", sets=_MA_SPECIAL, hands=hands, phase=Phase.PLAY)
    assert code(opening, Meld((cs("Ac Ad 2c"), cs("Kc Kd Ks")))) is None
    sevens = position("classic", sets=_MA_SPECIAL, hands={"N": "7c 7d 2c Kc Kd Ks 9h 9d"})
    sevens.phase = Phase.PLAY
    assert code(sevens, Meld((cs("7c 7d 2c"), cs("Kc Kd Ks")))) == "meld.special.wild"


@rule("canastas.special.pile_stays_pure")
def test_aces_taken_with_the_pile_stay_pure_modern_american() -> None:
    """docs/family/modern-american.md, 'aces taken with the pile' (CJ, Canasta Special Cards:
    an opening that picks the pack with aces keeps them natural): with pile_stays_pure the pair
    that takes the pile goes without a wild card, even in the opening, while aces melded from
    the hand in the opening still may take one (CCOM, POC, WUS). Without it (the opening's
    exception read for the pile too) the pickup with a wild card is legal."""
    hands = {"N": "Ac Ad 2c Kc Kd Ks 8c 8d 8h Qd Qd Jk"}
    with_wild = TakePile(shown=cs("Ac Ad 2c"), melds=(cs("Kc Kd Ks"), cs("8c 8d 8h")))
    loose_aces = (  # modern-american's two special ranks, the aces without pile_stays_pure
        'canastas.special=[{rank = "seven", wild = "never", bonus = 2500}, '
        '{rank = "ace", wild = "opening_only", bonus = 2500}]'
    )
    ma = position("modern-american", hands=hands, pile="4h As")
    assert code(ma, with_wild) == "meld.special.pile_pure"
    # The same pickup without the wild card, and a wild card with aces laid from the hand.
    natural = TakePile(shown=cs("Ac Ad"), melds=(cs("Kc Kd Ks"), cs("8c 8d 8h"), cs("Qd Qd 2c")))
    assert code(ma, natural) is None
    from_hand = position("modern-american", hands=hands, pile="4h 9s", phase=Phase.PLAY)
    assert code(from_hand, Meld((cs("Ac Ad 2c"), cs("Kc Kd Ks"), cs("8c 8d 8h")))) is None
    loose = position(
        "modern-american",
        hands=hands,
        pile="4h As",
        sets=(loose_aces,),
    )
    assert code(loose, with_wild) is None


@rule("canastas.special.bonus", "canastas.special.unfinished_penalty")
def test_canasta_of_sevens_2500_and_unfinished_minus_2500_modern_american() -> None:
    """docs/family/modern-american.md (CCP, WUS): a canasta of sevens earns 2500, and a meld of
    sevens left unfinished costs 2500; 001_0cb887cc6d824426.txt: 500 as any natural canasta,
    and an unfinished meld costs nothing beyond its cards."""
    done = {"melds": {0: ["7c 7d 7h 7s 7c 7d 7h"]}}
    a = score_hand(finished(position("classic", **done)))[0]
    b = score_hand(finished(position("classic", sets=_MA_SPECIAL, **done)))[0]
    assert a.natural_canastas == 500 and b.natural_canastas == 2500
    open_ = {"melds": {0: [CANASTA_K, "7c 7d 7h", "Ac Ad Ah Ac"]}}
    a = score_hand(finished(position("classic", **open_)))[0]
    b = score_hand(finished(position("classic", sets=_MA_SPECIAL, **open_)))[0]
    assert a.penalties == 0 and b.penalties == -5000
    assert b.total - a.total == -5000


@rule("canastas.special.open_blocks_going_out")
def test_unfinished_pure_sevens_stop_going_out_modern_american() -> None:
    """docs/family/modern-american.md (CJ, 'Aces & 7s in Canasta'): a side cannot go out while
    its pure aces or sevens are unfinished; without the rule (CCP, WUS give only the -2500
    charge) it may, and pays the charge."""
    blocking = (
        'canastas.special=[{rank = "seven", wild = "never", bonus = 2500, '
        "unfinished_penalty = 2500, open_blocks_going_out = true}]",
    )
    kw: dict[str, Any] = {
        "hands": {"N": "9d 9h 9s 5c"},
        "melds": {0: [CANASTA_K, "7c 7d 7h 7s 7c"]},
        "phase": Phase.PLAY,
    }
    out = Meld((cs("9d 9h 9s"),))
    free = position("classic", sets=_MA_SPECIAL, **kw)
    assert code(free, out) is None and going_out_plan(free) is not None
    barred = position("classic", sets=blocking, **kw)
    assert code(barred, out) == "out.special_meld_open"
    assert going_out_plan(barred) is None
    # Holding two cards back, the nines may still be laid: that is not going out.
    more = position("classic", sets=blocking, **{**kw, "hands": {"N": "9d 9h 9s 5c 6c"}})
    assert code(more, out) is None
    assert code(more, Discard(C.parse("5c"))) is None


_MA_WILD = (
    *_WILD,
    "melds.wild_melds.twos_bonus=3000",
    "melds.wild_melds.jokers_bonus=2500",
)


@rule("melds.wild_melds.twos_bonus", "melds.wild_melds.jokers_bonus")
def test_wild_canastas_by_make_up_modern_american() -> None:
    """docs/family/modern-american.md (CCP, WUS): a canasta of twos only earns 3000, one with
    the pack's four jokers and three twos 2500, any other mix 2000; docs/family/uruguayan.md:
    2000 whatever it holds."""

    def wild_bonus(cards: str, sets: tuple[str, ...]) -> int:
        s = position(
            "classic",
            sets=sets,
            hands={"N": f"{cards} 9d 9h"},
            melds={0: ["Qc Qd Qh"]},
            phase=Phase.PLAY,
        )
        apply(s, Meld((cs(cards),)))
        return score_hand(finished(s))[0].wild_canastas

    twos, jokers, mix = "2c 2d 2h 2s 2c 2d 2h", "Jk Jk Jk Jk 2c 2d 2h", "Jk Jk 2c 2d 2h 2s 2c"
    assert [wild_bonus(c, _WILD) for c in (twos, jokers, mix)] == [2000, 2000, 2000]
    assert [wild_bonus(c, _MA_WILD) for c in (twos, jokers, mix)] == [3000, 2500, 2000]


@rule(
    "melds.wild_melds.unfinished_penalty",
    "melds.wild_melds.open_locks_wild",
    "melds.wild_melds.open_blocks_going_out",
)
def test_open_meld_of_wild_cards_modern_american() -> None:
    """docs/family/modern-american.md (CC, WUS, CCP): while a side's meld of wild cards is
    unfinished it may add no wild card to another meld and cannot go out, and unfinished at the
    end it costs 2000; docs/family/uruguayan.md has none of these."""
    kw: dict[str, Any] = {"hands": {"N": "2c 2d 2h Jk 9d 9h 9s 5c"}, "melds": {0: [CANASTA_K]}}
    kw["phase"] = Phase.PLAY
    sets = (
        *_WILD,
        "melds.wild_melds.unfinished_penalty=2000",
        "melds.wild_melds.open_locks_wild=true",
        "melds.wild_melds.open_blocks_going_out=true",
    )
    plain, ma = position("classic", sets=_WILD, **kw), position("classic", sets=sets, **kw)
    for s in (plain, ma):
        apply(s, Meld((cs("2c 2d 2h"),)))
    joker_on_kings = Meld(adds=((13, cs("Jk")),))
    assert code(plain, joker_on_kings) is None
    assert code(ma, joker_on_kings) == "meld.wild.locked"
    assert code(ma, Meld(adds=((2, cs("Jk")),))) is None  # onto the wild meld itself
    nines_and_joker = Meld((cs("9d 9h 9s"),), ((2, cs("Jk")),))
    assert code(plain, nines_and_joker) is None  # one card left: 5c, discarded to go out
    assert code(ma, nines_and_joker) == "out.wild_meld_open"
    a, b = score_hand(finished(plain))[0], score_hand(finished(ma))[0]
    assert a.penalties == 0 and b.penalties == -2000


@rule("initial_meld.clean_triple")
def test_opening_needs_a_clean_triple_modern_american() -> None:
    """docs/family/modern-american.md (CLA as reported, HBC): the opening must contain three
    naturals of one rank with no wild card; 001_0cb887cc6d824426.txt: any melds reaching the
    minimum."""
    hands = {"N": "Kc Kd 2c Qc Qd Jk Ac Ad Ah 9d"}
    dirty = Meld((cs("Kc Kd 2c"), cs("Qc Qd Jk")))
    clean = Meld((cs("Kc Kd 2c"), cs("Ac Ad Ah")))
    s = position("classic", hands=hands, phase=Phase.PLAY)
    assert code(s, dirty) is None
    t = position("classic", sets=("initial_meld.clean_triple=true",), hands=hands)
    t.phase = Phase.PLAY
    assert code(t, dirty) == "open.clean_triple"
    assert code(t, clean) is None


@rule("initial_meld.mixed_canasta")
def test_opening_may_not_close_a_dirty_canasta_hbc() -> None:
    """docs/family/modern-american.md (HBC): the opening may close a clean canasta but not a
    dirty one; 001_0cb887cc6d824426.txt: any canasta may be melded at once."""
    hands = {"N": "Kc Kd Kh Ks Kc 2c 2d Qc Qd Qh Qs Qc Qd Qh 9d 9h"}
    dirty = Meld((cs("Kc Kd Kh Ks Kc 2c 2d"),))
    clean = Meld((cs("Qc Qd Qh Qs Qc Qd Qh"),))
    s = position("classic", hands=hands, phase=Phase.PLAY)
    assert code(s, dirty) is None
    t = position("classic", sets=("initial_meld.mixed_canasta=false",), hands=hands)
    t.phase = Phase.PLAY
    assert code(t, dirty) == "open.mixed_canasta"
    assert code(t, clean) is None


# Hand and Foot: the foot, the contract by kind, flat red threes (docs/family/hand-and-foot.md)

_FOOT_CARDS = "4c 4d 4h 5c 5d 5h 6c 6d 6h 7c 7d 7h Ac"
_MIXED_K = "Kc Kd Kh Ks Kc 2c Jk"
_NATURAL_Q = "Qc Qd Qh Qs Qc Qd Qh"


@rule("foot.kind")
def test_foot_a_hand_used_up_takes_up_the_foot() -> None:
    """BGA and NWP (Hand and Foot): a player whose hand is used up takes up the foot and is not
    out; under classic (001_0cb887cc6d824426.txt) discarding the last card with a canasta made
    goes out."""
    kw: dict[str, Any] = {"hands": {"N": "5s"}, "melds": {0: [_MIXED_K]}, "phase": Phase.PLAY}
    s = position("classic", **kw)
    apply(s, Discard(C.parse("5s")))
    assert s.over and s.end_reason == "went_out"
    t = position("classic", sets=("foot.kind=foot",), feet={"N": _FOOT_CARDS}, **kw)
    apply(t, Discard(C.parse("5s")))
    assert not t.over and t.phase == Phase.FOOT
    assert legal_moves(t) == [Foot()]


@rule("foot.size")
def test_foot_size_thirteen_or_eleven() -> None:
    """BW and RGH deal a foot of 13, DNX and NWP one of 11 (Hand and Foot): with five packs the
    stock keeps 270 - 4 x 26 = 166 or 270 - 4 x 24 = 174 cards for the upcard and the stock."""
    for size, left in ((13, 166), (11, 174)):
        s = deal(rules_of("hand-and-foot", sets=(f"foot.size={size}",)), 7)
        assert [len(f) for f in s.feet] == [size] * 4
        assert len(s.stock) + len(s.pile) + sum(len(x) for x in s.red3) == left


@rule("foot.needed_to_go_out")
def test_foot_needed_to_go_out() -> None:
    """NWP and BGA: a player must be in the foot to go out; RDC ('only one player needs to
    clear his hand') and Dr Wingnut do not ask it: the hand used up with the contract met goes
    out, and the foot left counts against its owner."""
    books = [_NATURAL_Q, "Ac Ad Ah As Ac Ad Ah", _MIXED_K, "Jc Jd Jh Js 2d 2h Jk"]
    kw: dict[str, Any] = {
        "hands": {"N": "5s"},
        "melds": {0: books},
        "phase": Phase.PLAY,
        "feet": {"N": _FOOT_CARDS},
    }
    s = position("hand-and-foot", **kw)
    apply(s, Discard(C.parse("5s")))
    assert not s.over and s.phase == Phase.FOOT
    t = position("hand-and-foot", sets=("foot.needed_to_go_out=false",), **kw)
    apply(t, Discard(C.parse("5s")))
    assert t.over and t.end_reason == "went_out"
    r = t.rules
    partner = sum(r.value[c] * n for c, n in enumerate(t.hands[2]))
    assert score_hand(t)[0].hands == -sum(r.value[c] for c in cs(_FOOT_CARDS)) - partner


def _last_discard(name: str, sets: tuple[str, ...], meld: str) -> str | None:
    s = position(name, sets=sets, hands={"N": "5s"}, melds={0: [meld]}, phase=Phase.PLAY)
    ref = refusal(s, Discard(C.parse("5s")))
    return None if ref is None else ref.code


@rule("going_out.natural_canastas")
def test_going_out_natural_canastas() -> None:
    """BGA (Hand and Foot): the contract asks for clean books; a side whose only canasta is
    mixed cannot go out when one natural canasta is needed (001: any canasta will do)."""
    assert _last_discard("classic", (), _MIXED_K) is None
    assert _last_discard("classic", ("going_out.natural_canastas=1",), _MIXED_K) == (
        "out.contract.natural"
    )


@rule("going_out.mixed_canastas")
def test_going_out_mixed_canastas() -> None:
    """BGA (Hand and Foot): the contract asks for dirty books too; a natural canasta alone does
    not meet a contract of one mixed canasta (001: any canasta will do)."""
    assert _last_discard("classic", (), _NATURAL_Q) is None
    assert _last_discard("classic", ("going_out.mixed_canastas=1",), _NATURAL_Q) == (
        "out.contract.mixed"
    )


@rule("going_out.wild_canastas")
def test_going_out_wild_canastas() -> None:
    """BGA (Hand and Foot): some tables add a wild book to the contract; with it, a side holding
    only a natural canasta cannot go out (uruguayan, which has melds of wild cards, asks none)."""
    assert _last_discard("uruguayan", (), _NATURAL_Q) is None
    assert _last_discard("uruguayan", ("going_out.wild_canastas=1",), _NATURAL_Q) == (
        "out.contract.wild"
    )


@rule("red_threes.count_against")
def test_red_threes_never_count_against() -> None:
    """BGA and JC (Hand and Foot): red threes are worth 100 each, a flat value; 001 counts them
    against a side that made no meld."""
    kw: dict[str, Any] = {"hands": {"N": "5s"}, "red3": {0: "3d 3h"}}
    s = finished(position("classic", **kw))
    assert score_hand(s)[0].red_threes == -200
    t = finished(position("classic", sets=("red_threes.count_against=never",), **kw))
    assert score_hand(t)[0].red_threes == 200
