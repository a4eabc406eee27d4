"""Audit of the printed rule sheets (``canasta rules NAME``, docs/rules/NAME.md).

A club prints a ruleset's sheet and puts it on the table, so every sentence checked here was
read against the text the variant follows: the five classic built-ins against their one source
each (encyclopedia = 000, classic = 001, online = 002, novice = 003, general = 004, files in
shared/sources/, and shared/RULE-PARAMETERS.md), and samba and modern-american against
docs/family/samba.md and docs/family/modern-american.md. Each case below names the sheet, the
words the sheet must contain, and the source sentence that backs them (paraphrased).

Only sentences verified as correct are pinned here; the wrong, unclear or missing ones are in the
audit report, not in failing tests.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from canasta_rules.rulesheet.docs import docs_text

DOCS = Path(__file__).resolve().parent.parent / "docs" / "rules"
AUDITED = ("encyclopedia", "classic", "online", "novice", "general", "samba", "modern-american")


@cache
def sheet(name: str) -> str:
    """The generated Markdown sheet of ``name``, unescaped, with runs of white space as one."""
    return re.sub(r"\s+", " ", docs_text(name).replace("\\", ""))


def says(name: str, words: str) -> bool:
    """Whether the sheet says ``words`` (white space folded). A note's number, ``[pinned N]``,
    matches any number: the notes are numbered in the order the sheet reaches them, so a pinned
    reading added elsewhere moves them."""
    pattern = re.escape(re.sub(r"\s+", " ", words))
    pattern = re.sub(r"pinned\\ \d+", r"pinned\\ \\d+", pattern)
    return re.search(pattern, sheet(name)) is not None


@pytest.mark.parametrize("name", AUDITED)
def test_the_printed_file_is_the_generated_sheet(name: str) -> None:
    """What a club prints (docs/rules/NAME.md) is what `canasta rules NAME` generates, so the
    facts below hold for the file on the table too."""
    printed = (DOCS / f"{name}.md").read_text(encoding="utf-8")
    assert re.sub(r"\s+", " ", printed.replace("\\", "")).strip() == sheet(name).strip()


# (sheet, words the sheet must contain, the source sentence it follows, paraphrased)
FACTS = [
    # ---- encyclopedia: 000_1e7ce48765e073b7.txt -------------------------------------------
    ("encyclopedia", "| Joker | 50 | 000 |", "000 card table: joker 50"),
    ("encyclopedia", "| Two and ace | 20 | 000 |", "000 card table: A and 2 count 20"),
    ("encyclopedia", "| King to eight | 10 | 000 |", "000 card table: 8 to K count 10"),
    (
        "encyclopedia",
        "| Seven to four and black three | 5 | 000 |",
        "000 card table: black threes and 4 to 7 count 5",
    ),
    (
        "encyclopedia",
        "each is dealt 11 cards, which leaves 64 for the upcard and the stock. [000]",
        "000 deal: the dealer gives 11 cards to each player (108 - 44 = 64)",
    ),
    (
        "encyclopedia",
        "The player on the dealer's right cuts the pack before the deal. [000]",
        "000 deal: the player to the dealer's right cuts",
    ),
    (
        "encyclopedia",
        "The first dealer is chosen at random. [000]",
        "000 deal: the initial dealer is chosen at random",
    ),
    (
        "encyclopedia",
        "If that card is a joker, a two or a red three, another card is turned up on top of it",
        "000 upcard: more cards are turned until the top is neither a red three nor a wild card",
    ),
    (
        "encyclopedia",
        "Every meld must hold at least two natural cards, so wild cards can never be melded on "
        "their own. [000] A meld may hold at most three wild cards. [000]",
        "000 melds: at least two naturals, never more than three wild cards (E2: 5-2-2 and "
        "9-9-2-2-2-Joker are illegal)",
    ),
    ("encyclopedia", "| below 0 (a negative score) | 15 |", "000 minimum table: below 0 needs 15"),
    ("encyclopedia", "| 1500 to 2999 | 90 |", "000 minimum table: 1500-2999 needs 90 (E1)"),
    ("encyclopedia", "| 3000 and above | 120 |", "000 minimum table: 3000 and above needs 120"),
    (
        "encyclopedia",
        "may use the pile's top card toward the minimum, but none of the cards beneath it",
        "000: only the top card may be used in meeting the requirement",
    ),
    (
        "encyclopedia",
        "Until a side has made its initial meld, the pile counts as frozen against its players. "
        "[000]",
        "000: if the player's team has not yet made any melds, the pile is frozen for that team",
    ),
    (
        "encyclopedia",
        "While it is frozen, only with two natural cards of its rank from their hand. [000]",
        "000: a frozen pile is taken only by melding the top card with two naturals from hand",
    ),
    (
        "encyclopedia",
        "Black threes can be melded only by a player who goes out in that turn: three or more of "
        "them together, with no wild card.",
        "000: black threes are melded only as the last play before going out, without wilds",
    ),
    (
        "encyclopedia",
        "At the end of the hand a side scores its red threes: 100 each; all four together 800. "
        "[000] If the side has made no meld at all by the end of the hand, its red threes count "
        "that much against it instead. [000]",
        "000 bonus table (100 each, fourth 500, 800 for four) and the penalty for a team with no "
        "melds (three red threes: -300)",
    ),
    (
        "encyclopedia",
        "The answer binds: after a no the player may not go out in that turn, and after a yes "
        "they must. [000]",
        "000: a refusal forbids going out this turn; a yes obliges the player to go out",
    ),
    (
        "encyclopedia",
        "A red three drawn as the last card of the stock ends the hand at once: its player can "
        "neither meld nor discard. [000]",
        "000: the hand ends when a draw (also a red three's replacement) finds the stock empty; "
        "the player may not meld",
    ),
    (
        "encyclopedia",
        "| Going out concealed (instead of the above) | 200 | 000 |",
        "000 bonus table: going out concealed is an additional 100 (200 in all)",
    ),
    (
        "encyclopedia",
        "When, after a hand, a side's total has reached 5000 or more, the game ends. [000] The "
        "side with the highest total wins",
        "000: the game ends when a team reaches 5000; the highest total wins",
    ),
    # ---- classic: 001_0cb887cc6d824426.txt ---------------------------------------------------
    (
        "classic",
        "their own melds of that turn must include a complete canasta. They may not add cards to "
        "melds their partners made earlier. [001] Going out concealed earns 200 instead of 100.",
        "001 concealed: whole hand in one turn with a complete canasta of one's own, no adding to "
        "partner's melds; 200 in all",
    ),
    (
        "classic",
        "A player who goes out concealed after drawing from the stock needs no initial-meld "
        "minimum; one who took the discard pile must still reach it",
        "001: a concealed finish after a stock draw waives the minimum; after a pickup it does not",
    ),
    (
        "classic",
        "The question may be asked just after drawing from the stock or taking the pile, before "
        "melding anything more. [001]",
        "001: ask just after drawing or taking the pile, before further melding",
    ),
    (
        "classic",
        "A player holding a single card may not take a pile of a single card. [001]",
        "001: a player holding one card cannot take a pile of one card",
    ),
    (
        "classic",
        "A player must take it when they are allowed to, it is not frozen against them, and its "
        "top card goes on a meld their side already has. [001]",
        "001 stock out: with an unfrozen pile a player must take it if the top fits a team meld",
    ),
    (
        "classic",
        "A hand that ends this way, with nobody out, earns nobody the going-out bonus. [001]",
        "001: nobody earns a going-out bonus merely because the stock ran out",
    ),
    (
        "classic",
        "Red threes found in a discard pile a player takes are laid down too, without "
        "replacement. [001]",
        "001: a red three inside a taken pile is exposed without a replacement",
    ),
    (
        "classic",
        "| Pile not frozen | yes | yes | yes | 001 |",
        "001 pickup table: unfrozen pile by a natural pair, natural + wild, or onto a team meld",
    ),
    (
        "classic",
        "a canasta too may hold at most three wild cards. [001]",
        "001: the three-wild-card limit still applies beyond seven cards",
    ),
    (
        "classic",
        "The side with the highest total wins, even if another side has also passed the target. "
        "[001]",
        "001: the higher final total wins, also when both teams cross 5000 in the same hand",
    ),
    # ---- online: 002_d58438592396a398.txt ----------------------------------------------------
    (
        "online",
        "Two players, each playing for themself; each is dealt 15 cards, which leaves 78 for the "
        "upcard and the stock. [002]",
        "002 deal: each player is dealt 15 cards (108 - 30 = 78)",
    ),
    (
        "online",
        "A meld may never hold more wild cards than natural ones, so 5-5-2-2-2 is not a meld. "
        "[002]",
        "002: no meld may contain more than three wild cards or more wild than natural cards",
    ),
    (
        "online",
        "Until a player has melded cards themself, the pile counts as frozen against them.",
        "002: the pile is frozen against any player who has not yet laid down a first meld",
    ),
    (
        "online",
        "When a player draws the last card of the stock, they play out that turn (melding, then "
        "discarding or going out), and then the hand ends. [002]",
        "002: the hand ends when the turn of the player who took the last stock card is over",
    ),
    (
        "online",
        "Red threes found in a discard pile a player takes are laid down too, without "
        "replacement. [002]",
        "002: a red three covered at the start is laid out by the taker, who draws no replacement",
    ),
    (
        "online",
        "If that card is a joker or a red three, another card is turned up on top of it",
        "002 deal: a joker or red three turned first is covered (twos are not named; pinned)",
    ),
    (
        "online",
        "| Red threes of a side that made no meld | count minus instead | 002 |",
        "002 scoring: a player who never melded loses 100 a red three, 800 for all four",
    ),
    # ---- novice: 003_6d7b9b19ffba82c5.txt ----------------------------------------------------
    (
        "novice",
        "Two players, each playing for themself; each is dealt 11 cards, which leaves 86",
        "003: each player is dealt 11 cards, two or three players play alone",
    ),
    (
        "novice",
        "Three players, each playing for themself; each is dealt 11 cards, which leaves 75",
        "003: each player is dealt 11 cards, two or three players play alone",
    ),
    (
        "novice",
        "One player shuffles the pack, and the player on the shuffler's left deals. [003]",
        "003 step 3: one player shuffles, the player to the shuffler's left deals",
    ),
    (
        "novice",
        "If that card is a joker, a two, a red three or a black three, another card is turned up",
        "003: an initial upcard of a joker, 2 or 3 is covered until a natural card shows",
    ),
    ("novice", "| below 1500 | 50 |", "003 step 5: no negative tier; 0-1499 opens at 50"),
    (
        "novice",
        "A wild card discarded on the pile freezes it only against the discarder's opponents",
        "003: the pile is frozen against a team when the opposing team discards a wild card",
    ),
    (
        "novice",
        "At the start of every hand the pile is frozen against every side",
        "003: at the start of every round the discard pile is frozen against all teams",
    ),
    (
        "novice",
        "Red threes found in a discard pile a player takes are laid down too, and each is "
        "replaced by a card from the stock. [pinned 12]",
        "003: a red three found in hand at any point is laid out and replaced",
    ),
    (
        "novice",
        "| Going out concealed (instead of the above) | 200 | 003 |",
        "003 scoring: going out concealed earns an extra 100",
    ),
    (
        "novice",
        "The first side to reach the target wins.",
        "003: the team that reaches 5000 points first wins",
    ),
    # ---- general: 004_747f80dc7edc8b8b.txt ---------------------------------------------------
    (
        "general",
        "Once a meld is a complete canasta, any number of wild cards may be added to it",
        "004: a completed canasta may be added with any number of wild cards",
    ),
    (
        "general",
        "A meld may never hold more wild cards than natural ones, so 5-5-2-2-2 is not a meld.",
        "004: the wild cards can never exceed the natural cards in a meld",
    ),
    (
        "general",
        "A player who takes it back into hand instead costs their side 100. [004]",
        "004 item 7: a fourth wild card returned to the hand costs 100",
    ),
    (
        "general",
        "A player who discards without having drawn takes the top card of the stock before the "
        "next player's turn begins. [004]",
        "004 item 4: a player who forgot to draw takes the top stock card before the next turn",
    ),
    (
        "general",
        "A player goes out by melding every card but one and then discarding that last card, "
        "except that a player going out concealed melds the whole hand. [004]",
        "004: the player cannot meld the last card and must discard it to go out; a concealed "
        "hand melds the entire hand",
    ),
    (
        "general",
        "one who took the discard pile must still reach it, unless a partner has already made "
        "the side's initial meld. [004]",
        "004 concealed: after lifting the pile the minimum applies if the partner has not opened",
    ),
    (
        "general",
        "Until a player has melded cards themself, the pile counts as frozen against them, even "
        "when a partner has already melded. [004]",
        "004: the pile is frozen against the player till he forms the initial meld",
    ),
    (
        "general",
        "A card a player exposes by mistake lies face up on the table, still one of their cards, "
        "until they meld it or discard it. [004]",
        "004 item 6: exposed cards stay face up until melded or discarded",
    ),
    (
        "general",
        "A black three discarded on the pile stops the next player: nobody can take the pile "
        "while it is on top. Once another card covers it, it has no further effect. [004]",
        "004: the black three is a stop card that loses its significance once covered",
    ),
    # ---- samba: docs/family/samba.md -------------------------------------------------------
    (
        "samba",
        "three standard 52-card packs and six jokers (two per pack), 162 cards in all.",
        "samba.md pack row: 3 packs + 6 jokers = 162 (BC, HSW, WK, PW, DX)",
    ),
    (
        "samba",
        "each is dealt 15 cards, which leaves 102 for the upcard and the stock.",
        "samba.md deal row: 15 cards each for four players",
    ),
    (
        "samba",
        "each is dealt 13 cards, which leaves 84 for the upcard and the stock.",
        "samba.md deal row: PW deals 13 to six players",
    ),
    (
        "samba",
        "the player takes the top two cards of the stock",
        "samba.md stock draw row: two cards, discard one (BC, HSW, UR, KS)",
    ),
    (
        "samba",
        "A meld may hold at most two wild cards. [BC, WK, UR, KS]",
        "samba.md: at most 2 wild cards per group",
    ),
    (
        "samba",
        "A meld of exactly 7 cards, at least 5 of them natural, is a canasta.",
        "samba.md: with at most two wild cards a canasta holds at least five naturals",
    ),
    (
        "samba",
        "from four up to the ace (the ace is high only; threes and wild cards never belong to a "
        "run)",
        "samba.md sequence row: one suit, 4 low, ace high, no wild cards",
    ),
    ("samba", "| Run as long as a canasta (samba) | 1500 |", "samba.md samba row: bonus 1,500"),
    (
        "samba",
        "A player may go out only when their side has at least two canastas",
        "samba.md going out row: two canastas (BC, HSW, UR, KS)",
    ),
    (
        "samba",
        "| Going out | 200 | BC, HSW |",
        "samba.md going-out bonus row: 200",
    ),
    (
        "samba",
        "Going out concealed earns no more than going out: 200.",
        "samba.md concealed bonus row: none (BC, HSW)",
    ),
    ("samba", "| 6 | 1000 |", "samba.md red threes row: all six to one side 1,000"),
    ("samba", "| 7000 and above | 160 |", "samba.md minimums row: 160 from 7,000 (BC, HSW)"),
    (
        "samba",
        "a side's total has reached 10000 or more, the game ends.",
        "samba.md target row: 10,000",
    ),
    (
        "samba",
        "| Pile not frozen | yes | no | yes | pinned 5 |",
        "samba.md taking the pile row: never with one natural and one wild card (BC)",
    ),
    # ---- modern-american: docs/family/modern-american.md -------------------------------------
    (
        "modern-american",
        "each is dealt 13 cards, which leaves 56 for the stock.",
        "modern-american.md deal row: 13 each",
    ),
    (
        "modern-american",
        "no card is turned up: each hand starts with no discard pile",
        "modern-american.md upcard row: none (POC, BUF)",
    ),
    ("modern-american", "| below 3000 | 125 |", "modern-american.md minimums: 125 below 3,000"),
    ("modern-american", "| 3000 to 4999 | 155 |", "modern-american.md minimums: 155"),
    ("modern-american", "| 5000 and above | 180 |", "modern-american.md minimums: 180 from 5,000"),
    (
        "modern-american",
        "A player may go out only when their side has at least two canastas",
        "modern-american.md going out row: two canastas",
    ),
    (
        "modern-american",
        "melding the last card instead is not allowed.",
        "modern-american.md going out row: the last card must be discarded",
    ),
    (
        "modern-american",
        "| Wild canasta: twos only | 3000 |",
        "modern-american.md wild canastas row: all twos 3,000",
    ),
    (
        "modern-american",
        "| Wild canasta: all four jokers | 2500 |",
        "modern-american.md wild canastas row: all four jokers 2,500",
    ),
    (
        "modern-american",
        "| Wild canasta: any other mix | 2000 |",
        "modern-american.md wild canastas row: any other mix 2,000",
    ),
    (
        "modern-american",
        "| Pure sevens unfinished | -2500 |",
        "modern-american.md unfinished special melds row: pure sevens -2,500",
    ),
    (
        "modern-american",
        "| Wild meld unfinished | -2000 |",
        "modern-american.md unfinished special melds row: wild-card meld -2,000",
    ),
    (
        "modern-american",
        "one 100; two together 300; three together 500; all four together 1000",
        "modern-american.md threes scoring row: 1 -> 100, 2 -> 300, 3 -> 500, 4 -> 1,000",
    ),
    (
        "modern-american",
        "Otherwise a side with fewer than two canastas scores nothing for its threes; with two or "
        "more they count plus.",
        "modern-american.md threes scoring row: ignored with exactly one canasta, plus with two",
    ),
    (
        "modern-american",
        "the first side to open four cards; the second side to open three cards.",
        "modern-american.md talon row: 4 for the first side to meld, 3 for the second",
    ),
    (
        "modern-american",
        "Once either side has a canasta of a rank, that rank is dead: neither side may start or "
        "add to a meld of it",
        "modern-american.md dead ranks row (CCOM, CJ)",
    ),
    (
        "modern-american",
        "must include a clean triple: a new meld of three or more natural cards of one rank, "
        "with no wild card.",
        "modern-american.md opening must hold row: a clean triple (CLA, HBC)",
    ),
    (
        "modern-american",
        "three or more aces cost 1500; three or more sevens cost 1500.",
        "modern-american.md aces or sevens in hand row: -1,500 a set",
    ),
    (
        "modern-american",
        "Nobody may discard a seven, an ace, a wild card or a dead card",
        "modern-american.md discarding on an empty pile row (CJ's SWAD, PAG)",
    ),
    (
        "modern-american",
        "A side that completed no canasta in the hand counts its melded cards against it too",
        "modern-american.md side with no canasta row: melded cards count minus (CJ)",
    ),
    (
        "modern-american",
        "a side's total has reached 8500 or more, the game ends.",
        "modern-american.md target row: 8,500",
    ),
]


@pytest.mark.parametrize(
    ("name", "words", "source"),
    FACTS,
    ids=[f"{n}-{i}" for i, (n, _, _) in enumerate(FACTS)],
)
def test_sheet_states_the_source_rule(name: str, words: str, source: str) -> None:
    assert says(name, words), f"{name} sheet lacks: {words!r} ({source})"


def test_classic_and_online_tiers_match_their_tables() -> None:
    """001 and 002 print 0-1,495 and 1,500-2,995; scores move in steps of 5 (every card value and
    bonus is a multiple of 5), so the sheets' 0-1499 / 1500-2999 cover the same totals."""
    for name in ("classic", "online"):
        assert says(name, "| 0 to 1499 | 50 |")
        assert says(name, "| 1500 to 2999 | 90 |")
        assert says(name, "| 3000 and above | 120 |")


def test_general_reads_the_minimum_from_the_previous_hand() -> None:
    """004: the count requirement is set by the partners' collective score in the previous hand,
    not by the running total (pinned, with the note saying so)."""
    assert says("general", "| Side's score in the previous hand | Minimum |")
    assert says("general", "not from its running total. [pinned 10]")


def test_permission_rules_differ_as_their_sources_do() -> None:
    """000, 001 and 004 have a binding question; 002 (two players) and 003 never mention it."""
    for name in ("encyclopedia", "classic", "general"):
        assert says(name, "A player may ask a partner “May I go out?”, but need not ask")
    assert says("online", "Players have no partners, so nobody asks permission to go out. [002]")
    assert says("novice", "Nobody asks a partner's permission before going out. [pinned 18]")


def test_sheets_pin_what_the_source_leaves_open() -> None:
    """000 never says a canasta is needed to go out, nor the meld size, nor the pack: the sheet
    marks each as pinned rather than stated by 000 (RULE-PARAMETERS section 3, 000's gaps)."""
    assert says(
        "encyclopedia",
        "A player may go out only when their side has at least one "
        "canasta, which may be completed in the same turn. [pinned 7]",
    )
    assert says("encyclopedia", "A new meld needs at least three cards. [pinned 3]")
    assert says("encyclopedia", "108 cards in all. [pinned 1]")


def test_classic_states_that_melds_stay_and_red_threes_are_not_melds() -> None:
    """001: cards laid down stay there, and wild cards cannot be moved between melds; exposed red
    threes do not open a team, and do not stop a player going out concealed."""
    assert says("classic", "Cards once melded stay where they are: none goes back into a hand")
    assert says("classic", "moves to another meld, wild cards included. [001]")
    assert says(
        "classic",
        "Laying red threes down is not melding: it does not open a side, counts nothing toward "
        "the initial meld, and does not stop a player from going out concealed. [001]",
    )
