"""Rule sheets (``canasta rules``): generated from the parameters, complete, exact under --diff.

The sheets are checked against the built-in variants' own numbers (which come from the sources in
shared/sources/ and the catalog of RULE-PARAMETERS.md), and every parameter is changed in turn to
check that the sentence stating it changes too.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from helpers import diff_settings, run_cli

from canasta_rules.cli import main
from canasta_rules.rulesheet import build, render, unstated_keys
from canasta_rules.rulesheet.builder import red_three_scale, tier_label
from canasta_rules.rulesheet.docs import GENERATED, docs_text, stale, write_docs
from canasta_rules.rulesheet.document import Sentence, Sheet, Statement, claims_key
from canasta_rules.rulesheet.render import WIDTH
from canasta_rules.rulesheet.words import number
from canasta_rules.variant import builtin, load, load_variant
from canasta_rules.variant.compare import differences, flatten
from canasta_rules.variant.model import CardValues, Tier, Variant, parameter_paths
from canasta_rules.variant.plain import to_data
from canasta_rules.variant.spoken import setting_name

BUILTINS = builtin.names()
DOCS = Path(__file__).resolve().parent.parent / "docs" / "rules"


def sheet_of(name: str, *sets: str, card: bool = False, base: str | None = None) -> Sheet:
    v = load(name, sets).variant
    return build(v, card=card, base=load_variant(base) if base else None)


def text_of(sheet: Sheet, id_: str) -> str:
    st = sheet.statement(id_)
    assert st is not None, f"no statement {id_!r}"
    return st.plain


def with_values(v: Variant, changes: dict[str, Any]) -> Variant:
    """``v`` with dotted keys replaced (a whole table for a ``kind`` change)."""
    data = to_data(v)
    del data["provenance"]
    for key, value in changes.items():
        node = data
        *path, last = key.split(".")
        for p in path:
            node = node[p]
        node[last] = value
    return Variant.model_validate(data)


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """Run ``canasta ARGS``; it must succeed. Returns what it printed."""
    try:
        main(list(args))
    except SystemExit as e:  # typer exits 0 after a command that succeeded
        assert e.code in (0, None), capsys.readouterr().err
    return capsys.readouterr().out


# --------------------------------------------------------------------------------------------
# Every built-in sheet states its key numbers


@pytest.mark.parametrize("name", BUILTINS)
def test_sheet_states_the_key_numbers(name: str) -> None:
    v = load_variant(name)
    md = render(build(v), "md")
    txt = " ".join(render(build(v), "txt").split())
    for text in (md, txt):
        assert v.title in text
        if v.game.rounds:
            assert f"The game is {number(v.game.rounds)} rounds" in text
        else:
            assert f"reached {v.game.target} or more" in text
        assert f"{v.deck.size} cards in all" in text
        for seat in v.seating:
            assert f"each is dealt {seat.hand_size} cards" in text
        n = v.going_out.canastas
        word = ["no", "one", "two", "three", "four", "five", "six"][n]
        assert f"at least {word} {v.words.canasta if n == 1 else v.words.canastas}" in text
        assert f"a bonus of {v.canastas.natural_bonus}" in text
        assert f"earns {v.canastas.mixed_bonus}" in text
        assert f"a bonus of {v.going_out.bonus}" in text
        g = v.going_out
        if g.concealed_bonus != g.bonus:
            assert f"earns {g.concealed_bonus} instead of {g.bonus}" in text
        else:  # Samba, Bolivia: no extra for a concealed finish
            assert f"Going out concealed earns no more than going out: {g.bonus}." in text
        totals = v.red_threes.totals
        if totals[-1] != totals[1] * (len(totals) - 1):  # a bonus for all of them
            assert f"together {totals[-1]}" in text
        else:  # Hand and Foot: a flat value each
            assert f"red threes: {totals[1]} each." in text
    # The minimum tiers, row by row, in the Markdown table.
    tiers = v.initial_meld.tiers
    for i, t in enumerate(tiers if v.initial_meld.basis != "round" else ()):
        assert f"| {tier_label(tiers, i)} | {t.minimum} |" in md


def test_classic_sheet_by_hand() -> None:
    """001_0cb887cc6d824426.txt: 11 cards, 5000, 15/50/90/120, 500/300, 100 each and 800."""
    md = render(sheet_of("classic"), "md")
    for phrase in (
        "Four players in two partnerships of two, partners sitting opposite each other; each is "
        "dealt 11 cards, which leaves 64 for the upcard and the stock.",
        "two standard 52-card packs and four jokers (two per pack), 108 cards in all",
        "| below 0 (a negative score) | 15 |",
        "| 0 to 1499 | 50 |",
        "| 1500 to 2999 | 90 |",
        "| 3000 and above | 120 |",
        "A natural canasta, with no wild card, earns its side a bonus of 500.",
        "A mixed canasta, with one or more wild cards, earns 300.",
        "100 each; all four together 800",
        "at least one canasta",
        "reached 5000 or more",
        "Going out concealed earns 200 instead of 100.",
    ):
        assert phrase in md, phrase


def test_six_hand_sheet_by_hand() -> None:
    """Bicycle/Hoyle six-hand (catalog B): 162 cards, 13 each, 150 at 7500, 1000/1200 threes."""
    txt = render(sheet_of("six-hand"), "txt")
    flat = " ".join(txt.split())
    for phrase in (
        "three standard 52-card packs and six jokers (two per pack), 162 cards in all",
        "Six players in two teams of three, seated so that the teams alternate around the table; "
        "each is dealt 13 cards, which leaves 84 for the upcard and the stock.",
        "100 each up to four; five together 1000; all six together 1200",
        "at least two canastas",
        "reached 10000 or more",
        "With two partners, the next of them in turn answers.",
    ):
        assert phrase in flat, phrase
    assert re.search(r"^7500 and above\s+150$", txt, re.M)
    assert re.search(r"^3000 to 7499\s+120$", txt, re.M)


def test_novice_has_no_negative_tier() -> None:
    """003_6d7b9b19ffba82c5.txt: no lower minimum for a negative score."""
    md = render(sheet_of("novice"), "md")
    assert "| below 1500 | 50 |" in md
    assert "below 0" not in md
    assert "This ruleset is for 2, 3 or 4 players:" in md


# --------------------------------------------------------------------------------------------
# The shape of each rule follows its parameters


def test_black_three_stop_or_freeze() -> None:
    stop = text_of(sheet_of("classic"), "black_threes.discarded")
    freeze = text_of(sheet_of("bicycle"), "black_threes.discarded")
    assert "Once another card covers it, it has no further effect." in stop
    assert "freezes" not in stop
    assert "it also freezes the pile until someone takes it" in freeze


def test_concealed_kinds() -> None:
    player = text_of(sheet_of("classic"), "going_out.concealed")
    side = text_of(sheet_of("encyclopedia"), "going_out.concealed")
    assert "having melded nothing earlier in the hand" in player
    assert "must include a complete canasta" in player
    assert "may not add cards to melds their partners made earlier" in player
    assert "their side had no melds before that turn" in side
    loose = text_of(
        sheet_of(
            "classic",
            "going_out.concealed.own_canasta=false",
            "going_out.concealed.partner_melds=true",
        ),
        "going_out.concealed",
    )
    assert "they need no canasta of their own" in loose
    assert "They may add cards to melds their partners made earlier." in loose


def test_concealed_minimum_waiver() -> None:
    waived = text_of(sheet_of("classic"), "going_out.concealed_waives_minimum")
    never = text_of(sheet_of("encyclopedia"), "going_out.concealed_waives_minimum")
    assert "after drawing from the stock needs no initial-meld minimum" in waived
    assert "never lifts the initial-meld minimum" in never


@pytest.mark.parametrize(
    ("name", "sets", "phrase"),
    [
        ("online", (), "When a player draws the last card of the stock, they play out that turn"),
        ("general", (), "Nobody is obliged to take the pile."),
        ("classic", (), "its top card goes on a meld their side already has"),
        ("encyclopedia", (), "A player must take it whenever they are allowed to."),
    ],
)
def test_stock_out_shapes(name: str, sets: tuple[str, ...], phrase: str) -> None:
    assert phrase in text_of(sheet_of(name, *sets), "stock_out")


def test_short_stock() -> None:
    """002_d58438592396a398.txt, drawing two: the hand ends once one stock card is left."""
    two = text_of(sheet_of("two-hand"), "draw.short_stock")
    ends = text_of(sheet_of("online-draw-two"), "draw.short_stock")
    assert "gets what is left, and that counts as a full draw" in two
    assert "never arises" not in two
    assert ends.startswith("The hand ends as soon as a full draw is impossible")
    assert "take the discard pile" not in ends
    assert "never arises" in text_of(sheet_of("classic"), "draw.short_stock")


def test_permission_none_or_ask() -> None:
    ask = text_of(sheet_of("classic"), "going_out.permission")
    loose = text_of(
        sheet_of("classic", "going_out.permission.yes_obliges=false"), "going_out.permission"
    )
    none = text_of(sheet_of("novice"), "going_out.permission")
    assert "“May I go out?”" in ask and "after a yes they must" in ask
    assert "after a yes they may go out but need not" in loose
    assert none == "Nobody asks a partner's permission before going out."


def test_pile_ways() -> None:
    classic = sheet_of("classic")
    general = sheet_of("general")
    assert "or by adding it to their side's meld of that rank" in text_of(classic, "pile.unfrozen")
    assert "adding it" not in text_of(general, "pile.unfrozen")
    assert text_of(classic, "pile.frozen") == (
        "While it is frozen, only with two natural cards of its rank from their hand."
    )
    md = render(general, "md")
    assert "| Pile not frozen | yes | yes | no |" in md
    assert "| Pile frozen | yes | no | no |" in md
    assert "| Player not melded yet | yes | no | no |" in md
    assert "| Side not opened yet | yes | no | no |" in render(classic, "md")


def test_frozen_before_opening() -> None:
    side = text_of(sheet_of("classic"), "pile.frozen_before_opening")
    player = text_of(sheet_of("online"), "pile.frozen_before_opening")
    assert side.startswith("Until a side has made its initial meld")
    assert player.startswith("Until a player has melded cards themself")


def test_tier_labels() -> None:
    tiers = (Tier(below=0, minimum=15), Tier(below=1500, minimum=50), Tier(minimum=120))
    assert [tier_label(tiers, i) for i in range(3)] == [
        "below 0 (a negative score)",
        "0 to 1499",
        "1500 and above",
    ]
    assert tier_label((Tier(minimum=50),), 0) == "any score"
    assert tier_label((Tier(below=2000, minimum=50), Tier(minimum=90)), 0) == "below 2000"


def test_red_three_scale() -> None:
    assert red_three_scale((0, 100, 200, 300, 800)) == "100 each; all four together 800"
    assert red_three_scale((0, 100, 200, 300, 400)) == "100 each"
    assert red_three_scale((0, 100, 200, 300, 400, 1000, 1200)) == (
        "100 each up to four; five together 1000; all six together 1200"
    )
    assert red_three_scale((0, 0, 0, 0, 800)) == "nothing for up to three; all four together 800"


def test_seating_per_table_size() -> None:
    sheet = sheet_of("novice")
    assert text_of(sheet, "seating.2") == (
        "Two players, each playing for themself; each is dealt 11 cards, which leaves 86 for "
        "the upcard and the stock."
    )
    assert "Four players in two partnerships of two" in text_of(sheet, "seating.4")
    pairs = text_of(sheet_of("six-hand-pairs"), "seating.6")
    assert "in three partnerships of two, seated so that the partnerships alternate" in pairs


def test_deck_size_is_computed() -> None:
    one = sheet_of("classic", "deck.jokers_per_deck=3")
    assert "and six jokers (three per pack), 110 cards in all" in text_of(one, "deck")


def test_wild_rules() -> None:
    classic = sheet_of("classic")
    general = sheet_of("general")
    assert "5-5-2-2-2 is a meld" in text_of(classic, "melds.wild_not_more_than_natural")
    assert "5-5-2-2-2 is not a meld" in text_of(general, "melds.wild_not_more_than_natural")
    assert "a canasta too may hold at most three wild cards" in text_of(
        classic, "melds.canasta_wild"
    )
    assert "any number of wild cards may be added" in text_of(general, "melds.canasta_wild")


def test_final_discard() -> None:
    assert "melding them all, or melding all but one" in text_of(
        sheet_of("classic"), "going_out.final_discard"
    )
    general = load("general", ["going_out.final_discard=required"]).variant
    assert "melding the last card instead is not allowed" in text_of(
        build(general), "going_out.final_discard"
    )
    # 004_747f80dc7edc8b8b.txt: the last card is discarded, but a concealed hand is melded whole.
    assert "except that a player going out concealed melds the whole hand" in text_of(
        sheet_of("general"), "going_out.final_discard"
    )


def test_penalty_only_when_nonzero() -> None:
    assert sheet_of("classic").statement("penalties.wild_returned") is None
    # 004_747f80dc7edc8b8b.txt, penalty item 7: the extra wild card goes to another meld or the
    # discard; only taking it back into hand costs 100.
    general = text_of(sheet_of("general"), "penalties.wild_returned")
    assert "either add it to another meld or discard it" in general
    assert "takes it back into hand instead costs their side 100" in general
    # Under --diff a removed penalty is stated, so that the change is marked.
    marked = sheet_of("classic", base="general")
    st = marked.statement("penalties.wild_returned")
    assert st is not None and st.house is not None
    assert "at no cost in points" in st.plain


def test_upcard_rules() -> None:
    online = sheet_of("online")
    assert "If that card is a joker or a red three, another card is turned up" in text_of(
        online, "deal.upcard_covered"
    )
    bicycle = sheet_of("bicycle")
    assert "a joker, a two, a red three or a black three is among the cards" in text_of(
        bicycle, "deal.upcard_freezes"
    )
    none = sheet_of("classic", "deal.upcard_covered=[]", "deal.upcard_freezes=[]")
    assert text_of(none, "deal.upcard_covered") == "That first card stays on top, whatever it is."
    assert text_of(none, "deal.upcard_freezes") == (
        "No card turned up at the start freezes the pile."
    )


FIXED_ONCE = (
    "Jokers and twos are wild",
    "A side keeps one meld of each rank",
    "A wild card, a black three or a red three on top of the pile can never be taken.",
    "A red three drawn as the last card of the stock ends the hand at once",
    "Red threes found in a discard pile a player takes are laid down too",
    "of them together, with no wild card",
)


@pytest.mark.parametrize("name", BUILTINS)
def test_fixed_rules_are_stated_once(name: str) -> None:
    """The rules all sources share are not parameters: each is stated exactly once."""
    sheet = build(load_variant(name))
    texts = [s.plain for s in sheet.statements()]
    for phrase in FIXED_ONCE:
        if phrase.endswith("with no wild card") and (
            not load_variant(name).black_threes.meld_when_going_out
            or load_variant(name).black_threes.bonus  # laid out: never melded
        ):
            continue
        if phrase.endswith("one meld of each rank") and load_variant(name).canastas.closed:
            phrase = "A side keeps one open meld of each rank"  # Samba, Bolivia
        v = load_variant(name)
        if phrase.startswith("A wild card, a black three") and (
            v.deal.upcard == "none" and v.black_threes.bonus
        ):
            phrase = "A wild card on top of the pile can never be taken"  # no three reaches it
        if phrase.startswith("Red threes found in a discard pile") and v.deal.upcard == "none":
            continue  # no red three ever reaches the pile: the sheet leaves the rule out
        assert sum(phrase in t for t in texts) == 1, phrase


# --------------------------------------------------------------------------------------------
# Every parameter is stated, and changing it changes what the sheet says


@pytest.mark.parametrize("name", BUILTINS)
def test_every_parameter_is_claimed(name: str) -> None:
    v = load_variant(name)
    keys = list(flatten(v))
    sheet = build(v)
    assert set(keys) - sheet.claimed(keys) == unstated_keys(v)


@pytest.mark.parametrize("name", BUILTINS)
def test_claims_name_parameters_and_ids_are_unique(name: str) -> None:
    known = parameter_paths()
    for sheet in (build(load_variant(name)), build(load_variant(name), card=True)):
        ids = [s.id for s in sheet.statements()]
        assert len(ids) == len(set(ids))
        for st in sheet.statements():
            for claim in st.claims:
                assert claim in known, (st.id, claim)


ALTERNATES: dict[str, dict[str, Any]] = {
    "deck.decks": {"deck.decks": 3, "red_threes.totals": [0, 100, 200, 300, 400, 1000, 1200]},
    "deck.jokers_per_deck": {"deck.jokers_per_deck": 3},
    "seating": {"seating": [{"players": 2, "hand_size": 15, "side_size": 1}]},
    "deal.rotation": {"deal.rotation": "counterclockwise"},
    "deal.dealer": {"deal.dealer": "shuffler_left"},
    "deal.cutter": {"deal.cutter": "left"},
    "deal.upcard_covered": {"deal.upcard_covered": ["joker"]},
    "deal.upcard_freezes": {"deal.upcard_freezes": ["joker", "black_three"]},
    "red_threes.exposed": {"red_threes.exposed": "first_turn"},
    "red_threes.replaced_from_pile": {"red_threes.replaced_from_pile": True},
    "red_threes.totals": {"red_threes.totals": [0, 100, 200, 300, 1000]},
    "red_threes.count_against": {"red_threes.count_against": "no_canasta"},
    "red_threes.against_when_opponents_out": {"red_threes.against_when_opponents_out": True},
    "initial_meld.basis": {"initial_meld.basis": "previous_hand"},
    "pile.frozen_at_start": {"pile.frozen_at_start": True},
    "pile.discard_freezes_against": {"pile.discard_freezes_against": "opponents"},
    "going_out.permission.when": {"going_out.permission.when": ["before_draw"]},
    "going_out.permission.only_when_able": {"going_out.permission.only_when_able": False},
    "going_out.permission.once_per_hand": {"going_out.permission.once_per_hand": True},
    "going_out.permission.required": {"going_out.permission.required": True},
    "game.win": {"game.win": "first_to_reach"},
    "game.tie": {"game.tie": "shared"},
    "deal.first_dealer": {"deal.first_dealer": "first_seat_leads"},
    "melds.sequences.kind": {"melds.sequences": {"kind": "same_suit"}},
    "melds.wild_melds.kind": {"melds.wild_melds": {"kind": "allowed"}},
    "canastas.closed": {"canastas.closed": True},
    "going_out.sequence_canastas": {
        "melds.sequences": {"kind": "same_suit"},
        "going_out.sequence_canastas": 1,
    },
    "black_threes.in_hand_penalty": {"black_threes.in_hand_penalty": 100},
    "black_threes.discarded": {"black_threes.discarded": "freeze"},
    "black_threes.meld_when_going_out": {"black_threes.meld_when_going_out": False},
    "black_threes.meld_last": {"black_threes.meld_last": True},
    "melds.min_size": {"melds.min_size": 4},
    "melds.min_naturals": {"melds.min_naturals": 3},
    "melds.max_wild": {"melds.max_wild": 2},
    "melds.wild_not_more_than_natural": {"melds.wild_not_more_than_natural": True},
    "melds.wild_fewer_than_natural": {"melds.wild_fewer_than_natural": True},
    "melds.canasta_wild": {"melds.canasta_wild": "unlimited"},
    "canastas.size": {"canastas.size": 8},
    "canastas.min_naturals": {"canastas.min_naturals": 5},
    "canastas.natural_bonus": {"canastas.natural_bonus": 600},
    "canastas.mixed_bonus": {"canastas.mixed_bonus": 250},
    "initial_meld.tiers": {"initial_meld.tiers": [{"below": 3000, "minimum": 50}, {"minimum": 90}]},
    "initial_meld.pile_cards": {"initial_meld.pile_cards": "whole_pile"},
    "pile.unfrozen": {"pile.unfrozen": ["natural_pair"]},
    "pile.frozen": {"pile.frozen": ["natural_pair", "natural_and_wild"]},
    "pile.frozen_before_opening": {"pile.frozen_before_opening": "player"},
    "pile.one_card_ban": {"pile.one_card_ban": False},
    "draw.count": {"draw.count": 2},
    "draw.short_stock": {"draw.short_stock": "end_hand"},
    "going_out.canastas": {"going_out.canastas": 2},
    "going_out.final_discard": {"going_out.final_discard": "required"},
    "going_out.bonus": {"going_out.bonus": 150},
    "going_out.concealed_bonus": {"going_out.concealed_bonus": 300},
    "going_out.concealed.kind": {"going_out.concealed": {"kind": "side_first_meld"}},
    "going_out.concealed.own_canasta": {"going_out.concealed.own_canasta": False},
    "going_out.concealed.partner_melds": {"going_out.concealed.partner_melds": True},
    "going_out.concealed_waives_minimum": {"going_out.concealed_waives_minimum": "never"},
    "going_out.permission.kind": {"going_out.permission": {"kind": "none"}},
    "going_out.permission.yes_obliges": {"going_out.permission.yes_obliges": False},
    "stock_out.kind": {"stock_out": {"kind": "last_turn"}},
    "stock_out.forced": {"stock_out.forced": "any_legal"},
    "penalties.wild_returned": {"penalties.wild_returned": 100},
    "penalties.extra_card": {"penalties.extra_card": "skip_next_draw"},
    "penalties.forgotten_draw": {"penalties.forgotten_draw": "draw_after_discard"},
    "penalties.exposed_stock_card": {"penalties.exposed_stock_card": "shown_and_returned"},
    "penalties.exposed_card": {"penalties.exposed_card": "left_face_up"},
    "game.target": {"game.target": 3000},
    "game.rounds": {"game.rounds": 4},
    "initial_meld.by_round": {"initial_meld.basis": "round", "initial_meld.by_round": [50, 90]},
    "game.max_hands": {"game.max_hands": 50},
    # Modern American's threes, discard bans and end-of-hand penalties (issue 10, M3)
    "deal.upcard": {"deal.upcard": "none"},
    "black_threes.bonus": {"black_threes.bonus": True},
    "black_threes.totals": {"black_threes.bonus": True, "black_threes.totals": [0, 100, 300]},
    "red_threes.count_from_canastas": {"red_threes.count_from_canastas": 2},
    "pile.empty_discard_bans": {"pile.empty_discard_bans": ["seven", "ace"]},
    "penalties.no_canasta_melds": {"penalties.no_canasta_melds": "minus"},
    "talons.sizes": {"talons.sizes": [4, 3]},
    "talons.min_stock": {"talons.sizes": [4, 3], "talons.min_stock": 20},
    "talons.after_pickup": {"talons.sizes": [4, 3], "talons.after_pickup": True},
    "penalties.in_hand_sets": {
        "penalties.in_hand_sets": [{"rank": "ace", "count": 3, "points": 1500}]
    },
    # Modern American's melding rules (docs/family/modern-american.md)
    "melds.wild_add_min_naturals": {"melds.wild_add_min_naturals": 5},
    "canastas.reopen_closed_rank": {"canastas.closed": True, "canastas.reopen_closed_rank": False},
    "canastas.dead_ranks": {"canastas.dead_ranks": True},
    "canastas.special": {"canastas.special": [{"rank": "seven", "wild": "never", "bonus": 2500}]},
    "initial_meld.clean_triple": {"initial_meld.clean_triple": True},
    "initial_meld.mixed_canasta": {"initial_meld.mixed_canasta": False},
    "foot.kind": {
        "foot": {"kind": "foot", "size": 11},
        "deck.decks": 3,
        "red_threes.totals": [0, 100, 200, 300, 400, 500, 1000],
    },
    "going_out.natural_canastas": {"going_out.canastas": 2, "going_out.natural_canastas": 1},
    "going_out.mixed_canastas": {"going_out.canastas": 2, "going_out.mixed_canastas": 1},
    "going_out.wild_canastas": {
        "melds.wild_melds": {"kind": "allowed"},
        "going_out.wild_canastas": 1,
    },
}
ALTERNATES.update({f"card_values.{f}": {f"card_values.{f}": 35} for f in CardValues.model_fields})
SINGLE_VALUED: set[str] = set()
"""Parameters with one allowed value: nothing to change them to."""


WORDS = {"words.canasta", "words.canastas", "words.run_canasta", "words.wild_canasta"}
"""The names the sheet speaks in, claimed by no statement (tests/test_rulesheet_words.py)."""


def test_alternates_cover_every_parameter() -> None:
    assert set(flatten(Variant())) - WORDS == set(ALTERNATES) | SINGLE_VALUED


def _said(st: Statement) -> tuple[str, str]:
    """What a statement says: its text, and for a table caption the table's gist."""
    return (st.plain, st.gist if isinstance(st, Sentence) else "")


@pytest.mark.parametrize("key", sorted(ALTERNATES))
def test_changing_a_parameter_changes_its_sentence(key: str) -> None:
    """Each parameter, changed alone, changes at least one statement that claims it."""
    classic = load_variant("classic")
    before = {s.id: _said(s) for s in build(classic).statements()}
    after = build(with_values(classic, ALTERNATES[key]))
    changed = [
        s.id
        for s in after.statements()
        if any(claims_key(c, key) for c in s.claims) and before.get(s.id) != _said(s)
    ]
    assert changed, key


@pytest.mark.parametrize(
    ("setting", "id_", "old", "new"),
    [
        ("going_out.canastas=2", "going_out.canastas", "at least one canasta", "at least two"),
        ("game.target=3000", "game.target", "reached 5000 or more", "reached 3000 or more"),
        ("canastas.natural_bonus=600", "canastas.natural_bonus", "bonus of 500", "bonus of 600"),
        ("draw.count=2", "draw.count", "the top card of the stock", "the top two cards"),
        ("black_threes.discarded=freeze", "black_threes.discarded", "no further", "also freezes"),
        ("pile.one_card_ban=false", "pile.one_card_ban", "may not take", "may take"),
        ("seating.0.hand_size=13", "seating.4", "dealt 11 cards", "dealt 13 cards"),
    ],
)
def test_set_changes_the_sentence(
    capsys: pytest.CaptureFixture[str], setting: str, id_: str, old: str, new: str
) -> None:
    plain = text_of(sheet_of("classic"), id_)
    changed = text_of(sheet_of("classic", setting), id_)
    assert old in plain and old not in changed
    assert new in changed
    out = " ".join(cli(capsys, "rules", "classic", "--set", setting, "-f", "txt").split())
    assert new in out
    assert f"Changed with --set: {setting}." in out


# --------------------------------------------------------------------------------------------
# --diff marks exactly what ``differences`` lists


PAIRS = [(b, n) for b in ("classic", "online", "general", "six-hand") for n in BUILTINS if n != b]


@pytest.mark.parametrize(("base", "name"), PAIRS)
def test_diff_marks_exactly_the_differences(base: str, name: str) -> None:
    b, v = load_variant(base), load_variant(name)
    keys = {k for k, _, _ in differences(b, v)}
    # What a game of fixed rounds makes moot (its target, tiers beside minimums by round) is
    # listed as a difference but marks nothing: no statement of its sheet speaks of it.
    moot = unstated_keys(v) & {"game.target", "initial_meld.tiers"}
    moot |= WORDS  # the sheet speaks in its words, and marks no rule for them
    sheet = build(v, base=b)
    assert sheet.marked_keys() == keys - moot
    assert set(sheet.house_keys) == keys
    for st in sheet.statements():
        if st.house is not None:
            assert st.house.base_name == base
            assert st.house.base_text


def test_diff_with_itself_marks_nothing() -> None:
    v = load_variant("classic")
    sheet = build(v, base=v)
    assert sheet.marked_keys() == set()
    assert "no rule differs" in render(sheet, "md")


def test_diff_with_set_marks_the_override() -> None:
    sheet = sheet_of("classic", "game.target=3000", base="classic")
    assert sheet.marked_keys() == {"game.target"}
    st = sheet.statement("game.target")
    assert st is not None and st.house is not None
    assert "reached 5000 or more" in st.house.base_text


def _variants_diff_keys(capsys: pytest.CaptureFixture[str], a: str, b: str) -> list[str]:
    # a table under its header, or (too wide for 80 columns) a block a setting
    return list(diff_settings(cli(capsys, "variants", "diff", a, b)))


@pytest.mark.parametrize(
    ("base", "name", "label"),
    [("classic", "general", "[CHANGED (004)]"), ("classic", "six-hand", "[CHANGED (RG6, B)]")],
)
def test_rules_diff_lists_what_variants_diff_lists(
    capsys: pytest.CaptureFixture[str], base: str, name: str, label: str
) -> None:
    want = _variants_diff_keys(capsys, base, name)
    out = cli(capsys, "rules", name, "--diff", base, "--format", "txt")
    flat = " ".join(out.split())
    m = re.search(r"Settings that differ: (.*?)\. ", flat)
    assert m is not None
    # each setting by its name in words, as variants show and diff name it
    assert m.group(1).split(", ") == [
        setting_name(k)[:1].lower() + setting_name(k)[1:] for k in want
    ]
    assert "table sizes" in m.group(1).split(", ")
    assert f"{len(want)} settings differ" in flat
    # Each change is the variant's source's own rule, so none is called a house rule.
    assert label in out
    assert "[HOUSE RULE]" not in out


def test_diff_marks_in_every_format() -> None:
    sheet = sheet_of("general", base="classic")
    md, html, txt = (render(sheet, f) for f in ("md", "html", "txt"))
    assert "**Changed (004):** A meld may never hold more wild cards than natural ones" in md
    assert "*(Base rule, classic: Within that limit" in md
    assert '<span class="house-label">Changed (004):</span>' in html
    assert "[CHANGED (004)] A meld may never hold" in " ".join(txt.split())
    # A marked table row is starred, with its note below the table (general pins its pickups).
    assert "| Pile not frozen \\* | yes | yes | no |" in md
    assert "\\* Changed (pinned): Pile not frozen:" in md
    # A value changed with --set has no note: that is a house rule.
    txt = render(sheet_of("general", "game.target=4000", base="classic"), "txt")
    assert "[HOUSE RULE] When, after a hand, a side's total has reached 4000" in " ".join(
        txt.split()
    )


def test_card_diff_marks_rows() -> None:
    sheet = sheet_of("six-hand", card=True, base="classic")
    marked = {s.id for s in sheet.statements() if s.house is not None}
    assert {"card.players", "card.pack", "card.going_out", "card.game"} <= marked
    assert "card.tiers" in marked and "card.bonuses.red_threes" in marked
    assert sheet.marked_keys() <= {k for k, _, _ in sheet_differences("classic", "six-hand")}


def sheet_differences(a: str, b: str) -> list[tuple[str, Any, Any]]:
    return differences(load_variant(a), load_variant(b))


# --------------------------------------------------------------------------------------------
# The quick-reference card


@pytest.mark.parametrize("name", BUILTINS)
def test_card_has_the_quick_reference_tables(name: str) -> None:
    v = load_variant(name)
    md = render(build(v, card=True), "md")
    assert "quick reference" in md
    for title in ("## Card values", "## Initial meld", "## Bonuses", "## Taking the discard pile"):
        assert title in md
    assert f"| Joker | {v.card_values.joker} |" in md
    if v.initial_meld.basis == "round":
        for i, minimum in enumerate(v.initial_meld.by_round[:-1], start=1):
            assert f"| {i} | {minimum} |" in md
    else:
        for t in v.initial_meld.tiers:
            assert f"| {t.minimum} |" in md
    assert f"| Natural {v.words.canasta} (no wild card) | {v.canastas.natural_bonus} |" in md
    assert f"| Going out concealed (instead of the above) | {v.going_out.concealed_bonus} |" in md
    totals = v.red_threes.totals
    if totals[-1] != totals[1] * (len(totals) - 1):  # a bonus for all of them
        assert f"all {number(v.deck.red_threes)} " in md
    assert "| Pile frozen |" in md
    if v.game.rounds:
        assert f"| Game | {number(v.game.rounds)} rounds, the higher total winning |" in md
    else:
        assert f"| Game | to {v.game.target} |" in md


def test_card_is_short() -> None:
    for name in BUILTINS:
        txt = render(build(load_variant(name), card=True), "txt")
        # The family games carry more bonuses, charges and minimum tiers than classic (Modern
        # American's threes, special canastas and unfinished-meld charges most of all).
        assert len(txt.splitlines()) < 110, name


# --------------------------------------------------------------------------------------------
# Formats


class _Checker(HTMLParser):
    VOID = frozenset({"meta", "br", "hr", "img", "link", "input"})

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.tags: list[str] = []
        self.attrs: list[tuple[str, str | None]] = []
        self.errors: list[str] = []
        self.style = ""
        self._in_style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attrs.extend(attrs)
        if tag not in self.VOID:
            self.stack.append(tag)
        self._in_style = tag == "style"

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"unexpected </{tag}> (open: {self.stack})")
        else:
            self.stack.pop()
        self._in_style = False

    def handle_data(self, data: str) -> None:
        if self._in_style:
            self.style += data


def _html_cases() -> list[tuple[str, bool, str | None]]:
    return [(n, c, None) for n in BUILTINS for c in (False, True)] + [
        ("general", False, "classic"),
        ("six-hand", True, "classic"),
    ]


@pytest.mark.parametrize(("name", "card", "base"), _html_cases())
def test_html_parses_and_is_self_contained(name: str, card: bool, base: str | None) -> None:
    html = render(sheet_of(name, card=card, base=base), "html")
    p = _Checker()
    p.feed(html)
    p.close()
    assert p.errors == []
    assert p.stack == []
    assert p.tags[:2] == ["html", "head"]
    assert html.startswith("<!DOCTYPE html>")
    assert not {"script", "link", "img", "iframe", "object", "embed", "base"} & set(p.tags)
    assert not [a for a, _ in p.attrs if a in ("src", "href", "srcset", "action")]
    assert "@media print" in p.style
    assert "url(" not in p.style and "@import" not in p.style
    assert "://" not in html and "http" not in html.lower()


def test_html_escapes_text(tmp_path: Path) -> None:
    f = tmp_path / "mine.toml"
    f.write_text(
        'extends = "classic"\nname = "mine"\ntitle = "Ours <script>alert(1)</script> & co"\n',
        encoding="utf-8",
    )
    html = render(build(load(str(f)).variant), "html")
    assert "<script>" not in html
    assert "Ours &lt;script&gt;alert(1)&lt;/script&gt; &amp; co" in html
    md = render(build(load(str(f)).variant), "md")
    assert "# Ours \\<script\\>alert(1)\\</script\\> & co" in md


@pytest.mark.parametrize("name", BUILTINS)
def test_text_is_wrapped(name: str) -> None:
    for card in (False, True):
        txt = render(build(load_variant(name), card=card, base=load_variant("classic")), "txt")
        long = [line for line in txt.splitlines() if len(line) > WIDTH]
        assert long == []


def test_markdown_structure() -> None:
    md = render(sheet_of("classic"), "md")
    headings = [line for line in md.splitlines() if line.startswith("## ")]
    assert headings == [
        "## 1. The players and the deal",
        "## 2. A turn",
        "## 3. Melds and canastas",
        "## 4. The discard pile",
        "## 5. Red and black threes",
        "## 6. Going out, and the end of a hand",
        "## 7. Scoring",
        "## 8. The end of the game",
        "## Pinned readings",
    ]
    assert md.startswith("# Classic Canasta (Pagat's rules)\n")
    assert "- Sources: \\[001\\] Pagat's Classic Canasta, teaching page." in md


def test_sources_are_named() -> None:
    md = render(sheet_of("two-hand"), "md")
    # Each by the id its rules are marked with and a label a player knows (sources.LABELS).
    assert (
        "- Sources: \\[P\\] Pagat, as other accounts quote it; \\[B\\] Bicycle/Hoyle; "
        "\\[W\\] Wikipedia and its copies; \\[001\\] Pagat's Classic Canasta, teaching page." in md
    )


# --------------------------------------------------------------------------------------------
# The command


def test_cli_prints_markdown_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    out = cli(capsys, "rules", "classic")
    assert out.startswith("# Classic Canasta")
    assert out == render(sheet_of("classic"), "md")


def test_cli_draws_the_sheet_in_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """In a terminal the sheet is drawn from its Markdown (rich): no Markdown marks or escapes
    are left, the markers read [001], and tables are drawn; -f md still prints Markdown."""
    import canasta_rules.cli.rules as rules_cli

    monkeypatch.setattr(rules_cli, "on_terminal", lambda: True)
    monkeypatch.setenv("COLUMNS", "90")
    out = cli(capsys, "rules", "classic")
    lines = out.splitlines()
    assert lines[0].strip() == "Classic Canasta (Pagat's rules)"
    assert "\\[" not in out and "## " not in out and "|---|" not in out
    assert "Sources: [001] Pagat's Classic Canasta, teaching page." in out
    assert "Four players in two partnerships" in out and "stock. [001]" in out
    assert re.search(r"Joker\s+50\s+001", out), "the card values table is drawn"
    assert max(len(line.rstrip()) for line in lines) <= 90
    assert cli(capsys, "rules", "classic", "-f", "md") == render(sheet_of("classic"), "md")


def test_the_docs_picture_of_a_drawn_sheet(tmp_path: Path) -> None:
    """docs/images/rules-sheet.svg is the top of classic's sheet as the terminal draws it (rich's
    SVG export), made by python -m canasta_rules.rulesheet.terminal docs/images."""
    from canasta_rules.rulesheet.terminal import screenshot

    made = screenshot(tmp_path).read_text(encoding="utf-8")
    assert made.startswith("<svg") and "Classic&#160;Canasta&#160;(Pagat" in made
    assert "Pagat&#x27;s&#160;Classic&#160;Canasta,&#160;teaching&#160;page" in made or (
        "Pagat's&#160;Classic&#160;Canasta,&#160;teaching&#160;page" in made
    )
    committed = Path(__file__).resolve().parent.parent / "docs" / "images" / "rules-sheet.svg"
    assert committed.is_file()
    assert "Classic&#160;Canasta&#160;(Pagat" in committed.read_text(encoding="utf-8")


def test_cli_formats_and_card(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(capsys, "rules", "online", "--format", "html").startswith("<!DOCTYPE html>")
    txt = cli(capsys, "rules", "online", "--card", "-f", "txt")
    assert txt.startswith("Two-player online Canasta: quick reference\n====")


def test_cli_out_writes_the_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "sheet.html"
    assert cli(capsys, "rules", "general", "-f", "html", "--out", str(target)) == ""
    assert target.read_text(encoding="utf-8") == render(sheet_of("general"), "html")


def test_cli_reads_a_variant_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "house.toml"
    f.write_text(
        'extends = "classic"\nname = "house"\ntitle = "Our table"\n[game]\ntarget = 4000\n',
        encoding="utf-8",
    )
    out = cli(capsys, "rules", str(f), "--diff", "classic", "-f", "txt")
    flat = " ".join(out.split())
    assert flat.startswith("Our table")
    assert "[HOUSE RULE] When, after a hand, a side's total has reached 4000 or more" in flat
    assert "Settings that differ: target score." in flat


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["rules", "nosuch"], "no built-in variant 'nosuch'"),
        (["rules", "classic", "--set", "going_out.canastas=lots"], "going_out.canastas"),
        (["rules", "classic", "--set", "no.such.key=1"], "no"),
        (["rules", "classic", "--diff", "nosuch"], "no built-in variant 'nosuch'"),
        (["rules", "missing-file.toml"], "missing-file.toml: no such file"),
    ],
)
def test_cli_bad_input_exits_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as e:
        main(args)
    assert e.value.code == 2
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert lines and all(line.startswith("canasta: ") for line in lines)
    assert message in err


def test_cli_bad_format_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main(["rules", "classic", "--format", "pdf"])
    assert e.value.code == 2


# --------------------------------------------------------------------------------------------
# docs/rules


def test_docs_hold_one_sheet_per_builtin() -> None:
    assert sorted(p.stem for p in DOCS.glob("*.md")) == sorted(BUILTINS)


def test_docs_are_up_to_date() -> None:
    """Regenerate with: python -m canasta_rules.rulesheet --write-docs docs/rules"""
    assert stale(DOCS) == []


def test_docs_text_is_the_markdown_sheet() -> None:
    text = docs_text("classic")
    assert text.startswith(GENERATED.format(name="classic") + "\n\n# Classic Canasta")
    assert text.endswith(render(sheet_of("classic"), "md"))


def test_write_docs_writes_and_prunes(tmp_path: Path) -> None:
    (tmp_path / "gone.md").write_text(GENERATED.format(name="gone") + "\n", encoding="utf-8")
    (tmp_path / "notes.md").write_text("# not generated\n", encoding="utf-8")
    (tmp_path / "classic.md").write_text("old\n", encoding="utf-8")
    changed = write_docs(tmp_path)
    names = sorted(p.name for p in tmp_path.glob("*.md"))
    assert names == sorted([*(f"{n}.md" for n in BUILTINS), "notes.md"])
    assert tmp_path / "gone.md" in changed and tmp_path / "classic.md" in changed
    assert stale(tmp_path) == [f"{tmp_path / 'notes.md'}: no built-in variant 'notes'"]
    assert write_docs(tmp_path) == []


def test_module_entry_point(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from canasta_rules.rulesheet.__main__ import main as rulesheet_main

    assert rulesheet_main(["--check", str(tmp_path)]) == 1
    assert "classic.md: missing" in capsys.readouterr().err
    assert rulesheet_main(["--write-docs", str(tmp_path)]) == 0
    assert rulesheet_main(["--check", str(tmp_path)]) == 0


# --------------------------------------------------------------------------------------------
# Attributions an audit against the source texts found wrong (each checked against the source)


def _origin_kinds(sheet: Sheet, id_: str) -> list[str]:
    st = sheet.statement(id_)
    assert st is not None, id_
    return [o.kind for o in st.origins]


def _note(name: str, key: str) -> str:
    return load_variant(name).provenance[key].note


@pytest.mark.parametrize("name", BUILTINS)
def test_card_has_no_unsourced_row(name: str) -> None:
    """The built-in files trace every value, so no card row says "no source" (the going-out row
    claimed the canastas by kind even where they are 0, unused and without a note)."""
    sheet = build(load_variant(name), card=True)
    assert not [s.id for s in sheet.statements() for o in s.origins if o.kind == "unsourced"]
    assert "no source" not in render(sheet, "txt")
    row = sheet.statement("card.going_out")
    assert row is not None
    g = load_variant(name).going_out
    kinds = bool(g.natural_canastas or g.mixed_canastas or g.wild_canastas)
    assert ("going_out.natural_canastas" in row.claims) == kinds


def test_card_going_out_still_claims_the_kinds_where_used() -> None:
    row = sheet_of("hand-and-foot", card=True).statement("card.going_out")
    assert row is not None and "going_out.mixed_canastas" in row.claims
    assert "unsourced" not in _origin_kinds(sheet_of("hand-and-foot", card=True), "card.going_out")


def test_encyclopedia_canastas_of_every_kind_is_pinned() -> None:
    """000_1e7ce48765e073b7.txt names no canasta for going out at all."""
    sheet = sheet_of("encyclopedia")
    assert text_of(sheet, "going_out.sequence_canastas") == (
        "Canastas of every kind count toward going out."
    )
    assert _origin_kinds(sheet, "going_out.sequence_canastas") == ["pinned"]


def test_encyclopedia_summary_says_the_highest_total_wins() -> None:
    """000: when a team reaches 5000, the team with the highest total wins."""
    summary = " ".join(load_variant("encyclopedia").summary.split())
    assert "first side to 5000" not in summary
    assert "The game ends after a hand in which a side reaches 5000, the highest total" in summary


def test_general_asking_after_the_draw_is_pinned() -> None:
    """004 has the player ask after melding; asking just after the draw is the project's."""
    sheet = sheet_of("general")
    assert "just after drawing" in text_of(sheet, "going_out.permission.when")
    assert _origin_kinds(sheet, "going_out.permission.when") == ["pinned"]
    note = _note("general", "going_out.permission.when")
    assert "ask.one_card" in note and "after melding everything" in note


def test_general_wild_card_penalty_note_is_true() -> None:
    """Records and positions charge it with penalty lines (tests/test_penalties_004.py)."""
    sheet = sheet_of("general")
    st = sheet.statement("fixed.penalty_engine")
    assert st is not None
    assert "never charges" not in st.plain
    assert "charges it with a line penalty SEAT wild_returned in its record or position" in (
        st.plain
    )


@pytest.mark.parametrize("card", [False, True])
def test_general_bonus_table_has_the_opponents_out_rule(card: bool) -> None:
    """004: a side's red threes count against it when the opponents go out (its 'Red threes'
    paragraph), though its 'Red Trey' paragraph adds them for any side with a meld: the two
    clash, so the rule is pinned."""
    prefix = "card.bonuses" if card else "bonuses"
    sheet = sheet_of("general", card=card)
    assert text_of(sheet, f"{prefix}.red_threes_opponents_out") == (
        "Red threes of a side whose opponents went out: count minus too"
    )
    assert _origin_kinds(sheet, f"{prefix}.red_threes_opponents_out") == ["pinned"]
    assert sheet_of("classic", card=card).statement(f"{prefix}.red_threes_opponents_out") is None


def test_general_black_three_in_hand_is_pinned() -> None:
    """004's table of card values is missing, so a black three's value is not 004's."""
    sheet = sheet_of("general")
    assert text_of(sheet, "black_threes.in_hand_penalty") == (
        "A black three left in a hand counts only its card value against the side."
    )
    assert _origin_kinds(sheet, "black_threes.in_hand_penalty") == ["pinned"]


@pytest.mark.parametrize(
    ("name", "qualified"), [("general", True), ("classic", True), ("online", False)]
)
def test_concealed_after_the_pile_keeps_the_partner_qualifier(name: str, qualified: bool) -> None:
    """004: the pile-taker is held to the minimum only if the partner has not opened either;
    where a partner may have opened the side, the sentence says so."""
    text = text_of(sheet_of(name), "going_out.concealed_waives_minimum")
    assert "one who took the discard pile must still reach it" in text
    assert ("unless a partner has already made the side's initial meld" in text) == qualified


@pytest.mark.parametrize("name", ["classic", "novice", "encyclopedia", "general", "online"])
def test_short_stock_draw_is_the_projects_reading(name: str) -> None:
    """No source 000-004 says what a draw finding too few cards does."""
    sheet = sheet_of(name)
    assert "counts as a full draw" in text_of(sheet, "draw.short_stock")
    assert "pinned" in _origin_kinds(sheet, "draw.short_stock")
    assert "The project's reading" in _note(name, "draw.short_stock")
    for family in ("hand-and-foot", "samba"):
        assert "pinned" in _origin_kinds(sheet_of(family), "draw.short_stock")


def test_red_threes_kept_until_the_first_turn() -> None:
    """Bicycle keeps dealt red threes in the hand until the first turn."""
    bicycle = sheet_of("bicycle")
    assert bicycle.statement("fixed.red_threes") is None
    text = text_of(bicycle, "red_threes.kept")
    assert "never melded or kept in the hand" not in text
    assert "until that player's first turn" in text
    classic = sheet_of("classic")
    assert "never melded or kept in the hand" in text_of(classic, "fixed.red_threes")


def test_card_and_sheet_mark_the_black_three_on_top_alike() -> None:
    """003 gives a black three on the pile no rule: both the sheet and the card pin it."""
    assert _origin_kinds(sheet_of("novice"), "fixed.pile_blocked") == ["pinned"]
    assert _origin_kinds(sheet_of("novice", card=True), "fixed.card.blocked") == ["pinned"]
    assert _origin_kinds(sheet_of("classic", card=True), "fixed.card.blocked") == ["common"]


def test_online_start_freeze_note_names_the_two() -> None:
    """002: the pile is frozen for both if a wild card or red three was a first card turned."""
    note = _note("online", "pile.frozen_at_start")
    assert "only if a joker or red three" not in note
    assert "a two" in note and "wild card" in note
    assert "a joker, a two or a red three" in text_of(sheet_of("online"), "deal.upcard_freezes")


@pytest.mark.parametrize(
    ("name", "marker"),
    [("online", "[002]"), ("classic", "[001]"), ("encyclopedia", "[000]"), ("general", "[004]")],
)
def test_red_three_last_cites_the_source_that_states_it(name: str, marker: str) -> None:
    sheet = sheet_of(name)
    st = sheet.statement("fixed.red_three_last")
    assert st is not None and [o.kind for o in st.origins] == ["stated"]
    flat = " ".join(render(sheet, "txt").split())
    assert f"its player can neither meld nor discard. {marker}" in flat
    # 003 says nothing of it: there it stays the project's reading.
    assert _origin_kinds(sheet_of("novice"), "fixed.red_three_last") == ["pinned"]


def test_diff_labels_a_sourced_change_by_its_source() -> None:
    """online-draw-two's changes are options 002 offers, not house rules."""
    sheet = sheet_of("online-draw-two", base="online")
    txt = " ".join(render(sheet, "txt").split())
    assert "[HOUSE RULE]" not in txt
    assert "[CHANGED (002)] A turn begins with a draw: the player takes the top two cards" in txt
    assert "[CHANGED (002)] The hand ends as soon as a full draw is impossible" in txt
    md = render(sheet, "md")
    assert "**Changed (002):** A turn begins with a draw" in md


def test_samba_closed_canasta_note_does_not_cite_hsw_for_it() -> None:
    """HSW lets hand cards go onto a completed canasta; only the upcard may not be taken for it."""
    p = load_variant("samba").provenance["canastas.closed"]
    assert p.pinned
    assert "HSW still lets cards from the hand go onto a canasta" in p.note
    assert "BC lets a side's melds of one rank combine" in p.note
    assert _origin_kinds(sheet_of("samba"), "canastas.closed") == ["pinned"]


@pytest.mark.parametrize(("name", "cited"), [("uruguayan", "RGU"), ("modern-american", "CJ")])
def test_a_pile_taken_only_as_a_frozen_one_is_called_always_frozen(name: str, cited: str) -> None:
    """RGU and SCU (uruguayan), and the Modern American texts: the pile is always frozen. A
    ruleset whose unfrozen pile is taken only the way a frozen one is says so, instead of
    'a hand's pile starts unfrozen' (found by the uruguayan audit)."""
    text = " ".join(render(sheet_of(name), "txt").split())
    assert "In effect the pile is always frozen" in text
    assert "A hand's pile starts unfrozen" not in text
    assert cited in text.split("In effect the pile is always frozen", 1)[1].split("]", 1)[0]


def test_five_hand_seating_shows_its_pinned_sitting_order(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """RG5 gives the rotation of the side of three; where each plays (the two at N and S) is
    the project's pin (seating.sit_out). The sheet marks the seating paragraph pinned, and
    `variants show` prints that note beside the seating note (found by the five/six audit)."""
    text = " ".join(render(sheet_of("five-hand"), "txt").split())
    assert "Scores are kept per side. [RG5; pinned 1]" in text
    assert "1. Sitting out (RG5, house): RG5's rotation" in text
    code, out, _ = run_cli(capsys, "variants", "show", "five-hand")
    assert code == 0
    assert "note on seating.sit_out (RG5, house; pinned): RG5's rotation" in " ".join(out.split())


def test_a_base_rule_that_reads_the_same_is_given_as_its_setting_in_words() -> None:
    """Where the base's statement reads as the variant's does, the mark says the base's setting
    in words (``Table sizes: 2 players, each alone, 15 cards each``), never as a file writes it
    (``seating = [{players = 2, ...}]``)."""
    sheet = sheet_of("bicycle", base="online")
    st = sheet.statement("seating.4")
    assert st is not None and st.house is not None
    assert st.house.base_text == "Table sizes: 2 players, each alone, 15 cards each"
