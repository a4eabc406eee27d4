"""The built-in variant files: they load, they are well-formed, and they keep their sources' rules.

Each fact test names the source file (in shared/sources/) or the catalog column of
RULE-PARAMETERS.md (P = Pagat, B = Bicycle/Hoyle, W = Wikipedia) it comes from.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from canasta_rules.variant import builtin, load, load_variant
from canasta_rules.variant.plain import (
    ConcealedPlayer,
    ConcealedSide,
    PermissionAsk,
    PermissionNone,
    StockOutLastTurn,
    StockOutPilePlay,
)

SCHEMA_LINE = "#:schema ./canasta-variant.schema.json"
NOT_RULES = {"name", "title", "summary", "sources", "extends", "provenance"}
MINE = [
    "encyclopedia",
    "online",
    "online-draw-two",
    "online-two-canastas",
    "online-3000",
    "novice",
    "general",
    "bicycle",
    "two-hand",
    "three-hand",
    "six-hand",
    "six-hand-pairs",
]


def _files() -> list[Path]:
    return sorted(builtin.variants_dir().glob("*.toml"))


def _leaf_keys(data: Mapping[str, Any], prefix: str = "") -> Iterator[str]:
    """Dotted keys of a TOML document; arrays (of tables too) are leaves."""
    for k, v in data.items():
        key = f"{prefix}{k}"
        if isinstance(v, Mapping):
            yield from _leaf_keys(v, key + ".")
        else:
            yield key


def _covered(key: str, provenance: Mapping[str, Any]) -> bool:
    parts = key.split(".")
    return any(".".join(parts[:n]) in provenance for n in range(1, len(parts) + 1))


# --------------------------------------------------------------------------------------------
# Every built-in file


def test_my_variants_are_built_in() -> None:
    assert set(MINE) <= set(builtin.names())


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.stem)
def test_first_line_is_the_schema_comment(path: Path) -> None:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first == SCHEMA_LINE


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.stem)
def test_every_key_set_has_provenance_in_the_same_file(path: Path) -> None:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    provenance = data.get("provenance", {})
    rules = {k: v for k, v in data.items() if k not in NOT_RULES}
    missing = [key for key in _leaf_keys(rules) if not _covered(key, provenance)]
    assert missing == []


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.stem)
def test_file_names_itself_and_lists_sources(path: Path) -> None:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert data["name"] == path.stem
    assert data["sources"]
    assert data["title"] and data["summary"]


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.stem)
def test_loads(path: Path) -> None:
    lv = load(path.stem)
    assert lv.variant.name == path.stem


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.stem)
def test_pinned_notes_are_short_and_non_empty(path: Path) -> None:
    for key, prov in load(path.stem).variant.provenance.items():
        assert prov.note.strip(), key
        assert len(prov.note) <= 400, key


def _pinned(name: str, key: str) -> bool:
    prov = load(name).provenance(key)
    assert prov is not None, f"{name}: no provenance for {key}"
    return prov.pinned


# --------------------------------------------------------------------------------------------
# encyclopedia: 000_1e7ce48765e073b7.txt


def test_encyclopedia_concealed_is_the_sides_first_meld() -> None:
    """000_1e7ce48765e073b7.txt: concealed = the team's initial meld and going out in one turn,
    an additional 100 (200 in all)."""
    v = load_variant("encyclopedia")
    assert isinstance(v.going_out.concealed, ConcealedSide)
    assert v.going_out.concealed_bonus == 200
    assert v.going_out.bonus == 100


def test_encyclopedia_red_threes() -> None:
    """000_1e7ce48765e073b7.txt: 100 each up to three, the fourth 500 (800 for all four);
    subtracted when the team made no meld."""
    v = load_variant("encyclopedia")
    assert v.red_threes.totals == (0, 100, 200, 300, 800)
    assert v.red_threes.count_against == "no_meld"


def test_encyclopedia_permission_binds_both_ways() -> None:
    """000_1e7ce48765e073b7.txt: a refusal forbids going out, a yes obliges it."""
    p = load_variant("encyclopedia").going_out.permission
    assert isinstance(p, PermissionAsk)
    assert p.yes_obliges is True


def test_encyclopedia_stock_out_forces_any_legal_pickup() -> None:
    """000_1e7ce48765e073b7.txt: a player who can legally take the pile with the stock empty must
    (pinned against its 'may not meld')."""
    v = load_variant("encyclopedia")
    assert isinstance(v.stock_out, StockOutPilePlay)
    assert v.stock_out.forced == "any_legal"
    assert _pinned("encyclopedia", "stock_out")


def test_encyclopedia_initial_meld_example() -> None:
    """000_1e7ce48765e073b7.txt (E1): at 1600 the minimum is 90; below 1500 it is 50; from 3000
    it is 120; below zero 15."""
    v = load_variant("encyclopedia")
    assert v.initial_meld.minimum_for(1600) == 90
    assert v.initial_meld.minimum_for(1499) == 50
    assert v.initial_meld.minimum_for(3000) == 120
    assert v.initial_meld.minimum_for(-5) == 15
    assert v.initial_meld.pile_cards == "top_only"


def test_encyclopedia_pins_what_000_leaves_out() -> None:
    """000_1e7ce48765e073b7.txt is silent on canastas to go out, deck, meld size, first player and
    the unfrozen pickup: each value is pinned."""
    v = load_variant("encyclopedia")
    assert v.going_out.canastas == 1
    assert v.deck.size == 108
    assert v.melds.min_size == 3
    assert v.pile.unfrozen == ("natural_pair", "natural_and_wild", "add_to_meld")
    for key in (
        "going_out.canastas",
        "deck.decks",
        "melds.min_size",
        "deal.rotation",
        "pile.unfrozen",
        "going_out.concealed",
    ):
        assert _pinned("encyclopedia", key), key


# --------------------------------------------------------------------------------------------
# online and its options: 002_d58438592396a398.txt


def test_online_table() -> None:
    """002_d58438592396a398.txt: two players, 15 cards each, 108 cards, no partners."""
    v = load_variant("online")
    assert [(s.players, s.hand_size, s.side_size) for s in v.seating] == [(2, 15, 1)]
    assert v.deck.size == 108
    assert isinstance(v.going_out.permission, PermissionNone)


def test_online_wild_cards_never_outnumber_naturals() -> None:
    """002_d58438592396a398.txt: no meld may contain more than three wild cards or more wild than
    natural cards."""
    v = load_variant("online")
    assert v.melds.wild_not_more_than_natural is True
    assert v.melds.max_wild == 3
    assert v.melds.canasta_wild == "capped"


def test_online_upcard() -> None:
    """002_d58438592396a398.txt: a joker or red three turned up is covered (twos are not
    mentioned); a wild card or red three as the first card freezes the pile."""
    v = load_variant("online")
    assert set(v.deal.upcard_covered) == {"joker", "red_three"}
    assert set(v.deal.upcard_freezes) == {"joker", "two", "red_three"}
    assert _pinned("online", "deal.upcard_covered")
    assert _pinned("online", "deal.upcard_freezes")


def test_online_stock_out_and_basics() -> None:
    """002_d58438592396a398.txt: the hand ends when the turn of whoever drew the last stock card
    is over; draw one and one canasta in the base game; 5000 target."""
    v = load_variant("online")
    assert isinstance(v.stock_out, StockOutLastTurn)
    assert v.draw.count == 1
    assert v.going_out.canastas == 1
    assert v.game.target == 5000
    assert v.pile.frozen_before_opening == "player"


def test_online_concealed_is_player_level() -> None:
    """002_d58438592396a398.txt: concealed = all melds laid at once with nothing melded before;
    the minimum is waived only after drawing from the stock; 200 for going out concealed."""
    g = load_variant("online").going_out
    assert isinstance(g.concealed, ConcealedPlayer)
    assert g.concealed_waives_minimum == "after_stock_draw"
    assert g.concealed_bonus == 200


def test_online_draw_two() -> None:
    """002_d58438592396a398.txt: drawing two is an option; with one stock card left the hand may
    also end (pinned: it ends)."""
    v = load_variant("online-draw-two")
    assert v.draw.count == 2
    assert v.draw.short_stock == "end_hand"
    assert _pinned("online-draw-two", "draw.short_stock")
    assert v.melds.wild_not_more_than_natural is True  # inherited from online


def test_online_two_canastas() -> None:
    """002_d58438592396a398.txt: one or two canastas to go out, by option."""
    v = load_variant("online-two-canastas")
    assert v.going_out.canastas == 2
    assert v.draw.count == 1


def test_online_3000() -> None:
    """002_d58438592396a398.txt: the game is to 3000 or 5000, by option."""
    assert load_variant("online-3000").game.target == 3000
    assert load_variant("online-3000").seating[0].hand_size == 15


# --------------------------------------------------------------------------------------------
# novice: 003_6d7b9b19ffba82c5.txt


def test_novice_deals_eleven_at_every_table_size() -> None:
    """003_6d7b9b19ffba82c5.txt: 11 cards each; four players as two teams, two or three alone."""
    v = load_variant("novice")
    assert [(s.players, s.hand_size, s.side_size) for s in v.seating] == [
        (4, 11, 2),
        (2, 11, 1),
        (3, 11, 1),
    ]


def test_novice_deal() -> None:
    """003_6d7b9b19ffba82c5.txt: the shuffler's left deals; a joker, two or any three turned up
    is covered."""
    v = load_variant("novice")
    assert v.deal.dealer == "shuffler_left"
    assert set(v.deal.upcard_covered) == {"joker", "two", "red_three", "black_three"}


def test_novice_has_no_negative_tier() -> None:
    """003_6d7b9b19ffba82c5.txt: 0-1499: 50, 1500-2999: 90, 3000-4999: 120, and nothing lower
    for a negative score."""
    v = load_variant("novice")
    assert v.initial_meld.minimum_for(-100) == 50
    assert v.initial_meld.minimum_for(1499) == 50
    assert v.initial_meld.minimum_for(1500) == 90
    assert v.initial_meld.minimum_for(4999) == 120
    assert _pinned("novice", "initial_meld.tiers")


def test_novice_red_threes() -> None:
    """003_6d7b9b19ffba82c5.txt: replaced whenever found (pinned: from the pile too); 100 each,
    200 each when one side has all four."""
    v = load_variant("novice")
    assert v.red_threes.replaced_from_pile is True
    assert v.red_threes.totals[-1] == 800
    assert _pinned("novice", "red_threes.replaced_from_pile")


def test_novice_pinned_readings() -> None:
    """003_6d7b9b19ffba82c5.txt: concealed 'without opening', black threes, permission and
    'reached 5000 first' are pinned readings."""
    v = load_variant("novice")
    assert isinstance(v.going_out.concealed, ConcealedSide)
    assert v.going_out.concealed_bonus == 200
    assert v.black_threes.discarded == "stop"
    assert v.black_threes.meld_when_going_out is True
    assert isinstance(v.going_out.permission, PermissionNone)
    assert v.game.target == 5000
    for key in (
        "going_out.concealed",
        "black_threes.discarded",
        "going_out.permission",
        "game.win",
        "pile.frozen_before_opening",
    ):
        assert _pinned("novice", key), key
    assert v.game.win == "first_to_reach" and v.pile.frozen_at_start


# --------------------------------------------------------------------------------------------
# general: 004_747f80dc7edc8b8b.txt


def test_general_wild_cards() -> None:
    """004_747f80dc7edc8b8b.txt: wild cards never exceed naturals, at most three, but a completed
    canasta takes any number; a canasta needs a base of four naturals."""
    v = load_variant("general")
    assert v.melds.wild_not_more_than_natural is True
    assert v.melds.max_wild == 3
    assert v.melds.canasta_wild == "unlimited"
    assert v.canastas.min_naturals == 4


def test_general_going_out_and_penalty() -> None:
    """004_747f80dc7edc8b8b.txt: the last card must be discarded to go out, except by a concealed
    hand, which melds the whole hand in one turn; taking back a fourth wild card costs 100."""
    v = load_variant("general")
    assert v.going_out.final_discard == "required_unless_concealed"
    assert not _pinned("general", "going_out.final_discard")
    assert v.penalties.wild_returned == 100


def test_general_threes() -> None:
    """004_747f80dc7edc8b8b.txt: black three a stop card with no effect once covered; red threes
    100 each, 200 each for all four; minus with no meld, and minus when the opponents go out
    (pinned: 004's 'Red Trey' paragraph adds them for any side with a meld)."""
    v = load_variant("general")
    assert v.black_threes.discarded == "stop"
    assert v.red_threes.totals == (0, 100, 200, 300, 800)
    assert v.red_threes.count_against == "no_meld"
    assert v.red_threes.against_when_opponents_out
    assert _pinned("general", "red_threes.against_when_opponents_out")


def test_general_pile() -> None:
    """004_747f80dc7edc8b8b.txt: frozen against a player until they meld; one-card ban (item 9);
    opening uses only the pile's top card (pinned against E9)."""
    v = load_variant("general")
    assert v.pile.frozen_before_opening == "player"
    assert v.pile.one_card_ban is True
    assert v.initial_meld.pile_cards == "top_only"
    assert _pinned("general", "initial_meld.pile_cards")


def test_general_stock_out_permission_target() -> None:
    """004_747f80dc7edc8b8b.txt: stock-out read as pile play without forcing; permission binding
    (asked when ready to go out); no target stated, pinned 5000."""
    v = load_variant("general")
    assert isinstance(v.stock_out, StockOutPilePlay)
    assert v.stock_out.forced == "none"
    assert isinstance(v.going_out.permission, PermissionAsk)
    assert v.game.target == 5000
    assert v.going_out.permission.when == ("after_draw", "after_melding")
    assert v.initial_meld.basis == "previous_hand"
    for key in ("stock_out", "game.target", "initial_meld.tiers", "initial_meld.basis"):
        assert _pinned("general", key), key


def test_general_seating_and_e10() -> None:
    """004_747f80dc7edc8b8b.txt: 2-6 players, best four or six in partnership, no hand size
    (pinned 11); E10's 542 is noted under canastas."""
    v = load_variant("general")
    assert [(s.players, s.hand_size, s.side_size) for s in v.seating] == [(4, 11, 2), (6, 11, 3)]
    note = load("general").provenance("canastas.natural_bonus")
    assert note is not None and "542" in note.note and note.pinned


# --------------------------------------------------------------------------------------------
# bicycle: B (RULE-PARAMETERS.md) and 001_0cb887cc6d824426.txt's remarks on Bicycle


def test_bicycle_threes_and_upcard() -> None:
    """001_0cb887cc6d824426.txt / B: black threes freeze, any three turned up is covered, dealt
    red threes laid out on the first turn; a black three upcard freezes (pinned)."""
    v = load_variant("bicycle")
    assert v.black_threes.discarded == "freeze"
    assert set(v.deal.upcard_covered) == {"joker", "two", "red_three", "black_three"}
    assert "black_three" in v.deal.upcard_freezes
    assert v.red_threes.exposed == "first_turn"
    assert _pinned("bicycle", "deal.upcard_freezes")


def test_bicycle_cut_and_permission() -> None:
    """B (RULE-PARAMETERS.md): the dealer's left cuts; permission before or after drawing
    (pinned: after)."""
    v = load_variant("bicycle")
    assert v.deal.cutter == "left"
    assert isinstance(v.going_out.permission, PermissionAsk)
    assert _pinned("bicycle", "going_out.permission")
    assert v.deal.rotation == "clockwise"  # inherited from classic


# --------------------------------------------------------------------------------------------
# two-hand, three-hand: P / B / W (RULE-PARAMETERS.md)


def test_two_hand() -> None:
    """P/B/W (RULE-PARAMETERS.md): 15 cards, draw two, two canastas; E13: a single last stock card
    is a full draw."""
    v = load_variant("two-hand")
    assert [(s.players, s.hand_size, s.side_size) for s in v.seating] == [(2, 15, 1)]
    assert v.draw.count == 2
    assert v.draw.short_stock == "draw_rest"
    assert v.going_out.canastas == 2
    assert isinstance(v.going_out.permission, PermissionNone)
    assert _pinned("two-hand", "red_threes.count_against")


def test_three_hand() -> None:
    """B (RULE-PARAMETERS.md): 13 cards for three, 7500, the hand ends at the last drawer's
    discard; the draw of two and the two canastas are B's for the cutthroat game only ('2p and
    3p cutthroat: 2'), and RG3's plain game keeps the four-hand draw and canasta."""
    v = load_variant("three-hand")
    assert [(s.players, s.hand_size, s.side_size) for s in v.seating] == [(3, 13, 1)]
    assert v.draw.count == 1
    assert v.going_out.canastas == 1
    cut = load_variant("three-hand-cutthroat")
    assert (cut.draw.count, cut.going_out.canastas) == (2, 2)
    assert v.game.target == 7500
    assert isinstance(v.stock_out, StockOutLastTurn)
    assert isinstance(v.going_out.permission, PermissionNone)
    # The plain game (W, RG3): everyone alone all hand; the cutthroat form is its own built-in.
    assert not _pinned("three-hand", "seating")
    assert v.seating[0].forming == "fixed"
    assert load_variant("three-hand-cutthroat").seating[0].forming == "first_pickup_alone"


# --------------------------------------------------------------------------------------------
# six-hand, six-hand-pairs: B (RULE-PARAMETERS.md)


def test_six_hand() -> None:
    """B (RULE-PARAMETERS.md): three packs and six jokers (162), 13 each, two sides of three, two
    canastas, 10000, 150 from 7500, five red threes 1000 and six 1200."""
    v = load_variant("six-hand")
    assert v.deck.size == 162
    assert [(s.players, s.hand_size, s.side_size) for s in v.seating] == [(6, 13, 3)]
    assert v.going_out.canastas == 2
    assert v.game.target == 10000
    assert v.initial_meld.minimum_for(7499) == 120
    assert v.initial_meld.minimum_for(7500) == 150
    assert v.initial_meld.minimum_for(-1) == 15
    assert v.red_threes.totals == (0, 100, 200, 300, 400, 1000, 1200)
    # RG6 states every figure, four red threes (100 each) included: not a pinned reading.
    assert not _pinned("six-hand", "red_threes.totals")


def test_six_hand_pairs() -> None:
    """B (RULE-PARAMETERS.md): six players as three teams of two play to 7500."""
    v = load_variant("six-hand-pairs")
    assert [(s.players, s.side_size, s.sides) for s in v.seating] == [(6, 2, 3)]
    assert v.game.target == 7500
    assert v.deck.size == 162
    assert v.going_out.canastas == 2


# --------------------------------------------------------------------------------------------
# The family games (issue 10): docs/family/ and the sources it names


FAMILY_BASES = {
    "samba": "classic",
    "bolivia": "samba",
    "uruguayan": "classic",
    "modern-american": "classic",
}


@pytest.mark.parametrize("name", sorted(FAMILY_BASES))
def test_family_variants_follow_their_own_sources(name: str) -> None:
    """Each family game cites the public texts of its own docs/family/ page and extends the
    game its sources describe it against (Samba and Uruguayan: Canasta; Bolivia: Samba)."""
    from canasta_rules.sources import FAMILY

    lv = load(name)
    assert lv.chain[-2].label == f"builtin:{FAMILY_BASES[name]}"
    assert lv.variant.sources
    assert all(FAMILY[s].game == name for s in lv.variant.sources)
    assert (Path(__file__).resolve().parent.parent / "docs" / "family" / f"{name}.md").is_file()
