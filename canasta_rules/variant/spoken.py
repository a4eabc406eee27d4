"""Each setting of a variant in a player's words: its name, and its value as one reads it aloud.

A variant file writes ``pile.unfrozen = ["natural_pair", "add_to_meld"]``; a family choosing house
rules hears "Ways to take an unfrozen pile: pair of naturals or onto side's meld". ``canasta
variants show`` and ``diff`` print these words (``--json`` and ``variants export`` keep the file's
values for scripts). The rule sheet (:mod:`canasta_rules.rulesheet`) writes whole sentences, but it
takes the words a setting's value shares with them from here (the special cards, the ways to take
the pile, the red-three scale, the opening tiers, the table sizes), so that both say a value the
same way.

Every key of the model has a name here (``tests/test_variant_spoken.py`` checks it); a value
whose words are not listed (a new choice) is shown as the file writes it, with spaces for
underscores, rather than not at all.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .plain import Seating, Tier

# ---- small helpers ----------------------------------------------------------------------------

_NUMBER_WORDS = (
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
)


def number(n: int) -> str:
    """``n`` as a word up to ten (``no`` for 0), digits above."""
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)


def join(items: Sequence[str], last: str = "or") -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    items = list(items)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


SPECIAL_CARDS = {
    "joker": ("a joker", "jokers"),
    "two": ("a two", "twos"),
    "red_three": ("a red three", "red threes"),
    "black_three": ("a black three", "black threes"),
}
_SPECIAL_ORDER = ("joker", "two", "red_three", "black_three")


def special_cards(kinds: Sequence[str], *, plural: bool = False, last: str = "or") -> str:
    """``a joker, a two or a red three`` (in a fixed order, whatever the file's order)."""
    ordered = [k for k in _SPECIAL_ORDER if k in kinds]
    return join([SPECIAL_CARDS[k][1 if plural else 0] for k in ordered], last)


WAY_LABELS = {
    "natural_pair": "pair of naturals",
    "natural_and_wild": "natural + wild",
    "add_to_meld": "onto side's meld",
}
"""The ways to take the discard pile, as the rule sheet's pickup table heads its columns."""

BASIS_LABELS = {
    "side_total": "side's total score before the deal",
    "previous_hand": "side's score in the previous hand",
    "player_total": "player's own total score before the deal",
    "round": "round",
}
"""What the initial-meld minimum goes by, as the rule sheet heads its table of minimums."""


def red_three_scale(totals: Sequence[int]) -> str:
    """Red-three scores in words: ``100 each; all four together 800``."""
    n = len(totals) - 1
    if n <= 0:
        return "nothing"
    per = totals[1]
    k = 1
    while k < n and totals[k + 1] == (k + 1) * per:
        k += 1
    if k == n:
        return f"{per} each" if per else "nothing"
    rest = n - k
    upto = f" up to {number(k)}" if rest > 1 else ""
    parts = [f"{per} each{upto}" if per else f"nothing for up to {number(k)}"]
    if k == 1 and per:
        parts = [f"one {per}"]  # a scale that rises at once (CCP: 100, 300, 500, 1000)
    for i in range(k + 1, n + 1):
        who = f"all {number(i)} together" if i == n else f"{number(i)} together"
        parts.append(f"{who} {totals[i]}")
    return "; ".join(parts)


def tier_label(tiers: Sequence[Tier], i: int) -> str:
    """The scores a tier covers: ``below 0``, ``0 to 1499``, ``3000 and above``."""
    t = tiers[i]
    prev = tiers[i - 1].below if i > 0 else None
    if t.below is None:
        return "any score" if prev is None else f"{prev} and above"
    if prev is None:
        return "below 0 (a negative score)" if t.below == 0 else f"below {t.below}"
    return f"{prev} to {t.below - 1}"


def minimum_words(m: int) -> str:
    return str(m) if m else "no minimum"


def tiers_words(tiers: Sequence[Tier]) -> str:
    """``below 0 (a negative score): 15; 0 to 1499: 50; ...; 3000 and above: 120``."""
    return "; ".join(
        f"{tier_label(tiers, i)}: {minimum_words(t.minimum)}" for i, t in enumerate(tiers)
    )


def by_round_labels(by_round: Sequence[int]) -> list[str]:
    """``1``, ``2``, ... ``4 and later``: the rounds a list of minimums covers."""
    last = len(by_round) - 1
    return [f"{i + 1}" + (" and later" if i == last else "") for i in range(len(by_round))]


def by_round_words(by_round: Sequence[int]) -> str:
    """``round 1: 50; round 2: 90; ...; round 4 and later: 150``."""
    labels = by_round_labels(by_round)
    return "; ".join(f"round {lab}: {m}" for lab, m in zip(labels, by_round, strict=True))


def seating_words(seat: Seating) -> str:
    """One table size: ``4 players in two partnerships of two``."""
    if seat.sit_out != "none":
        return f"{seat.players} players, three against two, one of the three sitting out"
    if seat.forming == "first_pickup_alone":
        return f"{seat.players} players, the first to take the pile alone against the rest"
    if seat.side_size == 1:
        return f"{seat.players} players, each alone"
    kind = "partnerships" if seat.side_size == 2 else "teams"
    return f"{seat.players} players in {number(seat.sides)} {kind} of {number(seat.side_size)}"


# ---- the names of the settings --------------------------------------------------------------

_CARD_NAMES = {
    "joker": "a joker",
    "two": "a two",
    "ace": "an ace",
    "king": "a king",
    "queen": "a queen",
    "jack": "a jack",
    "ten": "a ten",
    "nine": "a nine",
    "eight": "an eight",
    "seven": "a seven",
    "six": "a six",
    "five": "a five",
    "four": "a four",
    "black_three": "a black three",
}

RANK_PLURALS = {
    "four": "fours",
    "five": "fives",
    "six": "sixes",
    "seven": "sevens",
    "eight": "eights",
    "nine": "nines",
    "ten": "tens",
    "jack": "jacks",
    "queen": "queens",
    "king": "kings",
    "ace": "aces",
}

NAMES: dict[str, str] = {
    "deck": "The pack",
    "deck.decks": "Packs shuffled together",
    "deck.jokers_per_deck": "Jokers in each pack",
    "seating": "Table sizes",
    "seating[].players": "Players",
    "seating[].hand_size": "Cards dealt to each player",
    "seating[].side_size": "Players on a side",
    "seating[].forming": "How sides form",
    "seating[].sit_out": "Sitting out",
    "deal": "The deal",
    "deal.rotation": "Direction of play",
    "deal.first_dealer": "First dealer",
    "deal.dealer": "Who deals",
    "deal.cutter": "Who cuts the pack",
    "deal.upcard": "Card turned up to start the pile",
    "deal.upcard_covered": "Upcards covered by another card",
    "deal.upcard_freezes": "Upcards that freeze the pile",
    "foot": "The foot (a second hand)",
    "foot.kind": "The foot (a second hand)",
    "foot.size": "Cards in each foot",
    "foot.needed_to_go_out": "Foot taken up before going out",
    "card_values": "Card values",
    **{f"card_values.{k}": f"Value of {v}" for k, v in _CARD_NAMES.items()},
    "red_threes": "Red threes",
    "red_threes.exposed": "Dealt red threes laid down",
    "red_threes.replaced_from_pile": "Red three from the pile replaced",
    "red_threes.totals": "Red threes score",
    "red_threes.count_against": "Red threes count minus",
    "red_threes.against_when_opponents_out": "Red threes minus if opponents go out",
    "red_threes.count_from_canastas": "Canastas for threes to count plus",
    "black_threes": "Black threes",
    "black_threes.discarded": "A discarded black three",
    "black_threes.meld_when_going_out": "Black threes melded in going out",
    "black_threes.meld_last": "Black threes melded last",
    "black_threes.in_hand_penalty": "Penalty for a black three in hand",
    "black_threes.bonus": "Black threes are bonus cards",
    "black_threes.totals": "Black threes score",
    "melds": "Melds",
    "melds.min_size": "Fewest cards in a new meld",
    "melds.min_naturals": "Fewest natural cards in a meld",
    "melds.max_wild": "Most wild cards in a meld",
    "melds.wild_not_more_than_natural": "Never more wild than natural",
    "melds.wild_fewer_than_natural": "Always fewer wild than natural",
    "melds.canasta_wild": "Wild cards on a finished canasta",
    "melds.wild_add_min_naturals": "Naturals before a wild card joins",
    "melds.sequences": "Runs",
    "melds.sequences.kind": "Runs",
    "melds.sequences.min_length": "Fewest cards in a new run",
    "melds.sequences.max_length": "Most cards in a run",
    "melds.sequences.canasta_bonus": "Bonus for a run canasta",
    "melds.wild_melds": "Melds of wild cards",
    "melds.wild_melds.kind": "Melds of wild cards",
    "melds.wild_melds.min_size": "Fewest cards in a new wild meld",
    "melds.wild_melds.max_size": "Most cards in a wild meld",
    "melds.wild_melds.canasta_bonus": "Bonus for a wild canasta",
    "melds.wild_melds.twos_bonus": "Bonus for a canasta of twos",
    "melds.wild_melds.jokers_bonus": "Bonus for a canasta of all jokers",
    "melds.wild_melds.unfinished_penalty": "Penalty for an unfinished wild meld",
    "melds.wild_melds.open_locks_wild": "Unfinished wild meld holds all wilds",
    "melds.wild_melds.open_blocks_going_out": "Unfinished wild meld bars going out",
    "canastas": "Canastas",
    "canastas.size": "Cards in a canasta",
    "canastas.min_naturals": "Natural cards a canasta needs",
    "canastas.natural_bonus": "Bonus for a natural canasta",
    "canastas.mixed_bonus": "Bonus for a mixed canasta",
    "canastas.closed": "A finished canasta is closed",
    "canastas.reopen_closed_rank": "New meld of a closed canasta's rank",
    "canastas.dead_ranks": "A canasta's rank goes dead",
    "canastas.special": "Ranks with rules of their own",
    "canastas.special[].rank": "Rank",
    "canastas.special[].wild": "Wild cards in its melds",
    "canastas.special[].pile_stays_pure": "Taken with the pile, stays pure",
    "canastas.special[].bonus": "Bonus for a pure canasta",
    "canastas.special[].unfinished_penalty": "Penalty for an unfinished pure meld",
    "canastas.special[].open_blocks_going_out": "Unfinished pure meld bars going out",
    "initial_meld": "The initial meld",
    "initial_meld.basis": "Basis of the initial meld minimum",
    "initial_meld.by_round": "Initial meld minimum by round",
    "initial_meld.tiers": "Initial meld minimum by score",
    "initial_meld.tiers[].below": "For scores below",
    "initial_meld.tiers[].minimum": "Minimum",
    "initial_meld.pile_cards": "Pile cards counting to the minimum",
    "initial_meld.clean_triple": "Opening needs a clean triple",
    "initial_meld.mixed_canasta": "Opening may finish a mixed canasta",
    "pile": "The discard pile",
    "pile.unfrozen": "Ways to take an unfrozen pile",
    "pile.frozen": "Ways to take a frozen pile",
    "pile.frozen_before_opening": "Pile frozen before opening",
    "pile.one_card_ban": "No one-card pile to a one-card hand",
    "pile.frozen_at_start": "Pile frozen at the start of a hand",
    "pile.discard_freezes_against": "Whom a freezing discard freezes it for",
    "pile.empty_discard_bans": "Cards barred from an empty pile",
    "draw": "Drawing",
    "draw.count": "Cards drawn from the stock",
    "draw.short_stock": "Stock too short for a draw",
    "talons": "Talons",
    "talons.sizes": "Talons for opening",
    "talons.min_stock": "Least stock for a talon",
    "talons.after_pickup": "Talon for opening with the pile",
    "going_out": "Going out",
    "going_out.canastas": "Canastas needed to go out",
    "going_out.sequence_canastas": "Runs needed to go out",
    "going_out.natural_canastas": "Natural canastas needed to go out",
    "going_out.mixed_canastas": "Mixed canastas needed to go out",
    "going_out.wild_canastas": "Wild canastas needed to go out",
    "going_out.final_discard": "Final discard in going out",
    "going_out.bonus": "Bonus for going out",
    "going_out.concealed_bonus": "Bonus for going out concealed",
    "going_out.concealed": "Going out concealed",
    "going_out.concealed.kind": "Going out concealed",
    "going_out.concealed.own_canasta": "Concealed needs one's own canasta",
    "going_out.concealed.partner_melds": "Concealed may add to partner's melds",
    "going_out.concealed_waives_minimum": "Concealed going out skips the minimum",
    "going_out.permission": "Asking partner to go out",
    "going_out.permission.kind": "Asking partner to go out",
    "going_out.permission.when": "When a player may ask",
    "going_out.permission.only_when_able": "Ask only when able to go out",
    "going_out.permission.once_per_hand": "Ask at most once a hand",
    "going_out.permission.yes_obliges": "A yes obliges going out",
    "going_out.permission.required": "Must ask before going out",
    "stock_out": "When the stock runs out",
    "stock_out.kind": "When the stock runs out",
    "stock_out.forced": "Forced pickup once the stock is out",
    "penalties": "Penalties",
    "penalties.wild_returned": "Penalty for taking back a wild card",
    "penalties.extra_card": "An extra card drawn by mistake",
    "penalties.forgotten_draw": "A forgotten draw",
    "penalties.exposed_stock_card": "A stock card shown by mistake",
    "penalties.exposed_card": "A card of a hand shown by mistake",
    "penalties.in_hand_sets": "Sets left in hand that cost points",
    "penalties.in_hand_sets[].rank": "Rank",
    "penalties.in_hand_sets[].count": "Cards of it in one hand",
    "penalties.in_hand_sets[].points": "Points lost",
    "penalties.no_canasta_melds": "Melds of a side with no canasta",
    "game": "The game",
    "game.target": "Target score",
    "game.win": "Winner",
    "game.tie": "A tie for the win",
    "game.rounds": "Fixed number of hands",
    "game.max_hands": "Most hands (a guard for simulations)",
    "words": "Names for canastas",
    "words.canasta": "Word for a canasta",
    "words.canastas": "Word for canastas",
    "words.run_canasta": "Word for a run canasta",
    "words.wild_canasta": "Word for a wild canasta",
}
"""Each key's name in words: the tables' and ``kind`` keys' too (a kind is named as its table),
and the keys of an array's entries as ``seating[].players``."""


def _entry_key(key: str) -> str:
    """``seating.0.hand_size`` (as an error names it) as ``seating[].hand_size``."""
    return ".".join("[]" if p.isdigit() else p for p in key.split(".")).replace(".[]", "[]")


def setting_name(key: str) -> str:
    """A key's name in words; a key of no known setting gives itself back. A key into the
    entries of an array (``seating.sit_out``, as a note names it, or ``seating.0.sit_out``, as
    an error does) is named as the entries' key."""
    found = NAMES.get(key) or NAMES.get(_entry_key(key))
    if found:
        return found
    parts = key.split(".")
    for i in range(1, len(parts)):
        entry = ".".join(parts[:i]) + "[]." + ".".join(parts[i:])
        if entry in NAMES:
            return NAMES[entry]
    return key


# ---- the values ---------------------------------------------------------------------------

CHOICES: dict[str, dict[str, str]] = {
    "seating[].forming": {
        "fixed": "as seated, for the whole game",
        "first_pickup_alone": "the first to take the pile plays alone",
    },
    "seating[].sit_out": {
        "none": "nobody",
        "rotate_side_of_three": "one of the side of three, in turn",
    },
    "deal.rotation": {"clockwise": "clockwise", "counterclockwise": "counterclockwise"},
    "deal.first_dealer": {
        "random": "chosen at random",
        "first_seat_leads": "so that North plays first",
    },
    "deal.dealer": {
        "shuffler": "the player who shuffled",
        "shuffler_left": "the player to the shuffler's left",
    },
    "deal.cutter": {
        "right": "the player on the dealer's right",
        "left": "the player on the dealer's left",
        "none": "nobody",
    },
    "deal.upcard": {
        "turned": "yes, the top card of the stock",
        "none": "none, the pile starts empty",
    },
    "foot.kind": {"none": "none", "foot": "each player has a foot"},
    "red_threes.exposed": {"deal": "during the deal", "first_turn": "at the player's first turn"},
    "red_threes.count_against": {
        "no_meld": "when the side made no meld",
        "no_canasta": "when the side made no canasta",
        "too_few_canastas": "when the side has too few canastas to go out",
        "never": "never",
    },
    "black_threes.discarded": {
        "stop": "stops the next player, nothing more",
        "freeze": "freezes the pile",
    },
    "melds.canasta_wild": {
        "capped": "within a meld's limits",
        "unlimited": "any number",
    },
    "melds.sequences.kind": {"none": "not allowed", "same_suit": "allowed, in one suit"},
    "melds.wild_melds.kind": {"none": "not allowed", "allowed": "allowed"},
    "canastas.special[].wild": {
        "never": "never",
        "opening_only": "only in the opening",
    },
    "initial_meld.basis": {k: f"the {v}" for k, v in BASIS_LABELS.items()},
    "initial_meld.pile_cards": {
        "top_only": "the top card only",
        "whole_pile": "any card of the pile",
    },
    "pile.unfrozen": WAY_LABELS,
    "pile.frozen": WAY_LABELS,
    "pile.frozen_before_opening": {
        "side": "until the player's side has melded",
        "player": "until the player has melded",
    },
    "pile.discard_freezes_against": {
        "everyone": "everyone, the discarder's side too",
        "opponents": "the discarder's opponents only",
    },
    "pile.empty_discard_bans": {
        "seven": "sevens",
        "ace": "aces",
        "wild": "wild cards",
        "dead": "cards of a dead rank",
    },
    "draw.short_stock": {"draw_rest": "draw what is left", "end_hand": "the hand ends"},
    "going_out.final_discard": {
        "optional": "optional",
        "required": "required",
        "required_unless_concealed": "required, except going out concealed",
    },
    "going_out.concealed.kind": {
        "side_first_meld": "the side's first meld and going out in one turn",
        "player_first_meld": "the player's first meld and going out in one turn",
    },
    "going_out.concealed_waives_minimum": {
        "never": "never",
        "after_stock_draw": "after a draw from the stock",
    },
    "going_out.permission.kind": {"none": "nobody asks", "ask": "a player may ask"},
    "going_out.permission.when": {
        "before_draw": "before drawing",
        "after_draw": "after drawing",
        "after_melding": "after melding",
    },
    "stock_out.kind": {
        "last_turn": "the hand ends after that turn",
        "pile_play": "play goes on with the pile",
    },
    "stock_out.forced": {
        "none": "never",
        "fits_meld": "when the pile's top card fits a meld",
        "any_legal": "whenever a pickup is legal",
    },
    "penalties.extra_card": {
        "none": "no rule",
        "skip_next_draw": "kept; the next draw is skipped",
    },
    "penalties.forgotten_draw": {
        "none": "no rule",
        "draw_after_discard": "the card is drawn after the discard",
    },
    "penalties.exposed_stock_card": {
        "none": "no rule",
        "shown_and_returned": "shown to all and left on the stock",
    },
    "penalties.exposed_card": {"none": "no rule", "left_face_up": "left face up on the table"},
    "penalties.no_canasta_melds": {"plus": "plus, as usual", "minus": "minus"},
    "game.win": {
        "higher_total": "the higher total",
        "first_to_reach": "the first to reach the target",
    },
    "game.tie": {"play_on": "play another hand", "shared": "a shared win"},
}
"""The words for each allowed value of a key whose values are words (or lists of words)."""

_SPECIAL_LISTS = ("deal.upcard_covered", "deal.upcard_freezes")

_UNITS: dict[str, tuple[str, str]] = {
    "deck.decks": ("pack", "packs"),
    "deck.jokers_per_deck": ("joker", "jokers"),
    "foot.size": ("card", "cards"),
    "melds.min_size": ("card", "cards"),
    "melds.min_naturals": ("natural card", "natural cards"),
    "melds.max_wild": ("wild card", "wild cards"),
    "melds.wild_add_min_naturals": ("natural card", "natural cards"),
    "melds.sequences.min_length": ("card", "cards"),
    "melds.sequences.max_length": ("card", "cards"),
    "melds.wild_melds.min_size": ("card", "cards"),
    "melds.wild_melds.max_size": ("card", "cards"),
    "canastas.size": ("card", "cards"),
    "canastas.min_naturals": ("natural card", "natural cards"),
    "red_threes.count_from_canastas": ("canasta", "canastas"),
    "draw.count": ("card", "cards"),
    "talons.min_stock": ("card", "cards"),
    "going_out.canastas": ("canasta", "canastas"),
    "game.rounds": ("hand", "hands"),
    "game.max_hands": ("hand", "hands"),
}
"""What a number counts, where it is not points."""

_ZERO: dict[str, str] = {
    "red_threes.count_from_canastas": "no such rule",
    "black_threes.in_hand_penalty": "nothing more than its value",
    "melds.wild_add_min_naturals": "no such rule",
    "melds.wild_melds.unfinished_penalty": "nothing more than its cards",
    "penalties.wild_returned": "nothing",
    "going_out.canastas": "none",
    "going_out.sequence_canastas": "none",
    "going_out.natural_canastas": "none",
    "going_out.mixed_canastas": "none",
    "going_out.wild_canastas": "none",
    "game.rounds": "none: play to the target",
}
"""What 0 means, where it means "no such rule" rather than a count."""

_NONE: dict[str, str] = {
    "melds.wild_melds.twos_bonus": "as any wild canasta",
    "melds.wild_melds.jokers_bonus": "as any wild canasta",
}
"""What a number left out means."""

_EMPTY_WORD = "none: the common word"


def _plain_word(value: str) -> str:
    return value.replace("_", " ")


def _choice(key: str, value: str) -> str:
    return CHOICES.get(key, {}).get(value) or _plain_word(value)


def _int(key: str, n: int) -> str:
    if n == 0 and key in _ZERO:
        return _ZERO[key]
    unit = _UNITS.get(key)
    if unit is not None:
        return f"{n} {unit[0] if n == 1 else unit[1]}"
    if key.startswith("going_out.") and key.endswith("_canastas"):
        return number(n)
    return f"{n} points"


def _seating(value: Sequence[Mapping[str, Any]]) -> str:
    seats = [Seating(**dict(s)) for s in value]
    return "; or ".join(f"{seating_words(s)}, {s.hand_size} cards each" for s in seats)


def _tiers(value: Sequence[Mapping[str, Any]]) -> str:
    return tiers_words([Tier(below=t.get("below"), minimum=t["minimum"]) for t in value])


def _special(value: Sequence[Mapping[str, Any]]) -> str:
    out = []
    for s in value:
        parts = ["no wild cards" if s["wild"] == "never" else "wild cards only in the opening meld"]
        if s["wild"] == "opening_only" and s["pile_stays_pure"]:
            parts[0] += ", not when taken with the pile"
        parts.append(f"pure canasta {s['bonus']}")
        if s["unfinished_penalty"]:
            parts.append(f"unfinished costs {s['unfinished_penalty']}")
        if s["open_blocks_going_out"]:
            parts.append("no going out while unfinished")
        out.append(f"{RANK_PLURALS.get(s['rank'], s['rank'])}: {', '.join(parts)}")
    return "; ".join(out) or "none"


def _sets(value: Sequence[Mapping[str, Any]]) -> str:
    return (
        "; ".join(
            f"{number(s['count'])} or more {RANK_PLURALS.get(s['rank'], s['rank'])}: "
            f"{s['points']} points"
            for s in value
        )
        or "none"
    )


def _threes_scale(value: Sequence[int]) -> str:
    """:func:`red_three_scale`, saying how many threes a flat scale runs to (a longer pack has
    more threes: 100 each for up to ten, or up to fourteen)."""
    words = red_three_scale(value)
    if "together" not in words and len(value) > 2 and any(value):
        words += f", for up to {number(len(value) - 1)} threes"
    return words


def _talons(value: Sequence[int]) -> str:
    if not value:
        return "none"
    order = ("first", "second", "third", "fourth", "fifth", "sixth")
    return ", ".join(
        f"{n} {'card' if n == 1 else 'cards'} to the {order[i]} side to open"
        for i, n in enumerate(value)
    )


def _by_round(value: Sequence[int]) -> str:
    return by_round_words(value) if value else "none"


_LISTS: dict[str, Callable[[Any], str]] = {
    "seating": _seating,
    "initial_meld.tiers": _tiers,
    "initial_meld.by_round": _by_round,
    "canastas.special": _special,
    "penalties.in_hand_sets": _sets,
    "red_threes.totals": _threes_scale,
    "black_threes.totals": _threes_scale,
    "talons.sizes": _talons,
}


def value_words(key: str, value: Any) -> str:
    """The value of the setting ``key`` (as :func:`~.compare.flatten` gives it: JSON data) in
    words: ``yes``, ``pair of naturals or onto side's meld``, ``100 each; all four together 800``.
    None, the value of a key the variant does not have (another kind of the rule holds it), is
    ``does not apply``."""
    if value is None:
        return _NONE.get(key, "does not apply")
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return _int(key, value)
    if isinstance(value, str):
        if key.startswith("words."):
            return value or _EMPTY_WORD
        return _choice(key, value)
    if key in _LISTS and isinstance(value, (list, tuple)):
        return _LISTS[key](value)
    if key in _SPECIAL_LISTS and isinstance(value, (list, tuple)):
        return special_cards(value, plural=True, last="and") or "none"
    if isinstance(value, (list, tuple)):
        if not value:
            return "none"
        last = (
            "or"
            if key.startswith(("pile.unfrozen", "pile.frozen", "going_out.permission"))
            else "and"
        )
        return join([value_words(key, v) for v in value], last)
    if isinstance(value, Mapping):
        return table_words(key, value)
    return str(value)


def table_words(key: str, fields: Mapping[str, Any]) -> str:
    """A table of settings (``going_out.permission``: ``{kind = "ask", when = [...], ...}``) in
    words: its kind, then each other setting by name, ``yes``/``no`` settings by name alone
    where they are yes: ``a player may ask; when a player may ask: after drawing; ...``."""
    parts: list[str] = []
    for name, value in fields.items():
        sub = f"{key}.{name}"
        if value is None:
            continue
        if name == "kind":
            parts.append(value_words(sub, value))
        elif isinstance(value, bool):
            said = setting_name(sub)
            parts.append(said[:1].lower() + said[1:] + ("" if value else ": no"))
        else:
            said = setting_name(sub)
            parts.append(f"{said[:1].lower() + said[1:]}: {value_words(sub, value)}")
    return "; ".join(parts)


def setting_words(key: str, flat: Mapping[str, Any]) -> str:
    """What a ruleset sets ``key`` to, by name and in words, for a ruling or ``?`` at the table:
    ``Ways to take a frozen pile: pair of naturals``. ``flat`` holds the ruleset's entries at
    and under ``key`` (``compare.flatten_at``); a table of settings is said field by field."""
    if key in flat:
        said = value_words(key, flat[key])
    else:
        inner = {k[len(key) + 1 :]: v for k, v in flat.items() if k.startswith(key + ".")}
        said = table_words(key, inner) if inner else "not set in this ruleset"
    return f"{setting_name(key)}: {said}"
