"""Each setting in a player's words (:mod:`canasta_rules.variant.spoken`): every key named, every
allowed word of the model given words, and the words for a value as ``variants show`` and
``diff`` print them."""

from __future__ import annotations

import re
from itertools import combinations

import pytest

from canasta_rules.variant import builtin, load
from canasta_rules.variant.compare import differences, flatten
from canasta_rules.variant.reference import parameters
from canasta_rules.variant.spoken import (
    CHOICES,
    SPECIAL_CARDS,
    setting_name,
    table_words,
    value_words,
)

_SPECIAL_LISTS = {"deal.upcard_covered", "deal.upcard_freezes"}


def _model_keys() -> list[tuple[str, str]]:
    """(key, type and allowed values) of every key docs/parameters.md lists."""
    return [(key, typ) for rows in parameters().values() for key, typ, _d, _desc in rows]


def test_every_key_of_the_model_has_a_name_in_words() -> None:
    unnamed = [key for key, _ in _model_keys() if setting_name(key) == key]
    assert unnamed == []
    # An array entry's key, as an error names it, is named too.
    assert setting_name("seating.0.hand_size") == "Cards dealt to each player"
    assert setting_name("initial_meld.tiers.2.minimum") == "Minimum"
    # ... and as a provenance note names it, without the index.
    assert setting_name("seating.sit_out") == "Sitting out"
    assert setting_name("no.such_key") == "no.such_key"


def test_every_allowed_word_of_the_model_has_words() -> None:
    """A choice the model allows (``"first_pickup_alone"``) is never shown as the file writes it."""
    missing = []
    for key, typ in _model_keys():
        if not typ.startswith(("one of", "array of `")):
            continue
        for word in re.findall(r'`"([a-z_]+)"`', typ):
            if key in _SPECIAL_LISTS:
                ok = word in SPECIAL_CARDS
            elif key.endswith(".rank"):
                ok = True  # a rank is said by its plural (sevens, aces)
            else:
                ok = word in CHOICES.get(key, {})
            if not ok:
                missing.append((key, word))
    assert missing == []


def test_values_that_differ_read_differently() -> None:
    """Between any two built-in rulesets, a setting whose values differ is never said the same
    way on both sides (``variants diff`` would list a difference nobody can see)."""
    same = []
    for a, b in combinations(builtin.names(), 2):
        for key, va, vb in differences(load(a).variant, load(b).variant):
            if value_words(key, va) == value_words(key, vb):
                same.append((a, b, key, value_words(key, va)))
    assert same == []


def test_no_value_is_said_as_a_file_writes_it() -> None:
    """No quotes, brackets, braces, true/false or underscores in any built-in value's words."""
    raw = []
    for name in builtin.names():
        for key, value in flatten(load(name).variant).items():
            words = value_words(key, value)
            if re.search(r'["\[\]{}_]|\btrue\b|\bfalse\b', words):
                raw.append((name, key, words))
    assert raw == []


@pytest.mark.parametrize(
    ("key", "value", "words"),
    [
        ("pile.unfrozen", ["natural_pair", "add_to_meld"], "pair of naturals or onto side's meld"),
        ("pile.frozen", ["natural_pair"], "pair of naturals"),
        ("pile.one_card_ban", True, "yes"),
        ("canastas.closed", False, "no"),
        ("deal.cutter", "right", "the player on the dealer's right"),
        ("deal.upcard_covered", ["red_three", "joker", "two"], "jokers, twos and red threes"),
        ("deal.upcard_freezes", [], "none"),
        ("black_threes.discarded", "freeze", "freezes the pile"),
        ("red_threes.totals", [0, 100, 200, 300, 800], "100 each; all four together 800"),
        (
            "red_threes.totals",
            [0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000],
            "100 each, for up to ten threes",
        ),
        ("black_threes.totals", [0], "nothing"),
        ("red_threes.count_from_canastas", 0, "no such rule"),
        ("red_threes.count_from_canastas", 2, "2 canastas"),
        ("going_out.canastas", 1, "1 canasta"),
        ("going_out.natural_canastas", 2, "two"),
        ("game.target", 5000, "5000 points"),
        ("game.rounds", 0, "none: play to the target"),
        ("draw.count", 2, "2 cards"),
        ("melds.wild_melds.twos_bonus", None, "as any wild canasta"),
        ("melds.wild_melds.min_size", None, "does not apply"),
        (
            "going_out.permission.when",
            ["before_draw", "after_draw"],
            "before drawing or after drawing",
        ),
        ("initial_meld.basis", "side_total", "the side's total score before the deal"),
        (
            "initial_meld.tiers",
            [{"below": 0, "minimum": 15}, {"below": 1500, "minimum": 50}, {"minimum": 90}],
            "below 0 (a negative score): 15; 0 to 1499: 50; 1500 and above: 90",
        ),
        (
            "seating",
            [
                {
                    "players": 4,
                    "hand_size": 11,
                    "side_size": 2,
                    "forming": "fixed",
                    "sit_out": "none",
                }
            ],
            "4 players in two partnerships of two, 11 cards each",
        ),
        (
            "penalties.in_hand_sets",
            [{"rank": "ace", "count": 3, "points": 1500}],
            "three or more aces: 1500 points",
        ),
        (
            "talons.sizes",
            [4, 3],
            "4 cards to the first side to open, 3 cards to the second side to open",
        ),
        ("words.run_canasta", "", "none: the common word"),
        ("words.canasta", "book", "book"),
    ],
)
def test_value_words(key: str, value: object, words: str) -> None:
    assert value_words(key, value) == words


def test_a_table_of_settings_in_words() -> None:
    """``going_out.permission`` as one value (``{kind = "ask", when = [...], ...}``): its kind,
    then each setting by name, a yes/no one by its name alone when it holds."""
    permission = {
        "kind": "ask",
        "when": ["after_draw"],
        "only_when_able": True,
        "once_per_hand": False,
        "yes_obliges": True,
        "required": False,
    }
    assert table_words("going_out.permission", permission) == (
        "a player may ask; when a player may ask: after drawing; ask only when able to go out; "
        "ask at most once a hand: no; a yes obliges going out; must ask before going out: no"
    )
    assert value_words("going_out.permission", {"kind": "none"}) == "nobody asks"


def test_descriptions_name_no_key_in_their_prose() -> None:
    """Every description (docs/parameters.md, the rule sheets' choose page, ``variants new``)
    reads in words: a value a file writes may stand quoted beside the words that say it
    (``('opening_only')``), a record line in backquotes, but no key is named in the prose
    (``at least melds.min_size of them``, ``With meld_when_going_out:``)."""
    keys = {part for key, _ in _model_keys() for part in re.split(r"[.\[\]]+", key) if "_" in part}
    values = {w for _key, typ in _model_keys() for w in re.findall(r'`"([a-z_]+)"`', typ)}
    named = []
    for key, desc in ((k, d) for rows in parameters().values() for k, _t, _d, d in rows):
        prose = re.sub(r"'[^']*'|`[^`]*`|\[\[[^\]]*\]\]", "", desc)
        dotted = re.findall(r"\b[a-z]+\.[a-z_]+\b", prose)
        bare = [w for w in re.findall(r"\b[a-z]+(?:_[a-z]+)+\b", prose) if w in keys]
        quoted = [w for w in re.findall(r"'([a-z_]+)'", desc) if w in keys - values]
        bare += quoted
        if dotted or bare:
            named.append((key, dotted + bare))
    assert named == []


@pytest.mark.parametrize(
    ("key", "description"),
    [
        (
            "black_threes.meld_when_going_out",
            "Whether black threes may be melded (at least as many as a new meld needs, with no "
            "wild card) as part of going out. They can never be melded otherwise.",
        ),
        (
            "melds.max_wild",
            "Most wild cards a meld may hold (whether the limit still holds on a finished canasta "
            "is a setting of its own).",
        ),
        (
            "initial_meld.by_round",
            "Where the minimum goes by the round: the minimum in the first hand, the second, and "
            "so on; hands after the last entry keep the last minimum.",
        ),
        (
            "going_out.permission.kind",
            "Which kind of rule this is: 'none': nobody asks partner's permission to go out; "
            "'ask': a player may ask partner's permission to go out.",
        ),
    ],
)
def test_description_words(key: str, description: str) -> None:
    found = {k: d for rows in parameters().values() for k, _t, _d, d in rows}
    assert found[key] == description
