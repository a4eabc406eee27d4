"""Audit of two rules changed this session, each case read from the source texts.

1. Matching cards join the side's meld of their rank. 001_0cb887cc6d824426.txt ('Melds and
   canastas'): a team keeps one meld per rank, and cards of that rank go onto it.
   002_d58438592396a398.txt ('Melding'): no player has two separate melds of one rank; every card
   of a number put on the table goes into the one meld. 004_747f80dc7edc8b8b.txt ('(2) Melding'):
   in partnership play a side has at most one meld of a rank. So a ``meld`` group of a rank the
   side holds in an open meld is judged as an addition (the joined meld must be legal), and two
   groups of one rank in one action make one meld. Family games are checked against their own
   texts as docs/family/*.md report them.
2. ``pile.discard_freezes_against``. 003_6d7b9b19ffba82c5.txt, Step 6 ('Taking a Frozen Discard
   Pile'): the pile becomes frozen against a team or player when the OPPOSING team or player
   discards a wild card; at the start of each round it is frozen against everyone, and a side's
   own pickup unfreezes it toward that side. 001 ('What freezes it?') and 002 ('Frozen Discard
   Pile'): a discarded wild card freezes it for both teams / both players.

Every expected ruling below comes from the source sentence the docstring cites.
"""

from __future__ import annotations

import pytest
from family_helpers import family_pos
from helpers import after, breakdown, classic_pos, hand_scores, read_state, refused

from canasta_rules.engine.rules import RUN, WILD_KEY
from canasta_rules.engine.state import TableMeld

# Filler hands clear of the ranks these tests meld (queens, nines, sixes, threes, wild cards).
E4, W4, S4 = "8c Td Jh Kc", "8d Ts Jd Ks", "8s Th Jc Kh"


def four(variant: str, n: str, ns: str, *, pile: str = "7c 4s", **kw: str) -> str:
    """North to play after a stock draw, both sides opened (E-W hold three aces and a two)."""
    kw.setdefault("melded", "N S E" if ns else "E")
    for seat, filler in (("e", E4), ("w", W4), ("s", S4)):
        kw.setdefault(seat, filler)
    if variant == "novice":
        kw.setdefault("extra", "taken: NS EW" if ns else "taken: EW")
    return classic_pos(variant, n=n, ns=ns, pile=pile, **kw)


def group_sizes(side_melds: dict[int, TableMeld], rank: int) -> list[int]:
    """The sizes of a side's groups of ``rank`` (runs left out)."""
    return sorted(m.size for m in side_melds.values() if m.kind != RUN and m.rank == rank)


def two_player(variant: str, n: str, n_melds: str, *, turns: str = "", extra: str = "") -> str:
    """North and South each alone; North to play after a stock draw."""
    return (
        f'[Variant "{variant}"]\n[Players "N, S"]\n[Scores "N 0, S 0"]\n\n'
        f"hand N: {n}\nhand S: 4c 5d 7h Jk 9d Kd 9c\n"
        f"melds N: {n_melds}\nmelds S: Qc Qd Qh\n"
        f"pile: 7c 4s 6s\n{extra}"
        f"turn: drew stock\nto move: N play\n{turns}"
    )


def three_player(variant: str, n: str, n_melds: str, *, turns: str = "", extra: str = "") -> str:
    """North, East and West each alone; North to play after a stock draw."""
    return (
        f'[Variant "{variant}"]\n[Players "N, E, W"]\n[Scores "N 0, E 0, W 0"]\n\n'
        f"hand N: {n}\nhand E: 4c 5d 7h Jk 9d Kd 9c\nhand W: 4d 5h 9s 8c 9d Jk 2s\n"
        f"melds N: {n_melds}\nmelds E: Qc Qd Qh\nmelds W: Ac Ad Ah\n"
        f"pile: 7c 4s 6s\n{extra}"
        f"turn: drew stock\nto move: N play\n{turns}"
    )


# ============================================================================================
# 1. Matching cards join the side's meld of their rank


CLASSIC_FOUR = ["classic", "encyclopedia", "general", "novice", "bicycle"]


@pytest.mark.parametrize("variant", CLASSIC_FOUR)
def test_a_group_beside_the_sides_sixes_joins_them(variant: str) -> None:
    """001 'Melds and canastas' (one team meld per rank, matching cards join it); 004 '(2)
    Melding' (a side has at most one meld of a rank). Six and two laid beside the side's
    6-6-2-2 are no meld alone, but they join it: one meld of six sixes-and-twos."""
    pos = four(variant, "6c 2d 4d 8h 5c", "6s 6d 2c 2s")
    s = after(pos, "meld 6c 2d")
    assert group_sizes(s.melds[0], 6) == [6]
    assert s.melds[0][6].wilds == 3


@pytest.mark.parametrize("variant", CLASSIC_FOUR)
def test_the_joined_meld_keeps_three_wild_cards_at_most(variant: str) -> None:
    """001: every resulting meld stays legal, the three-wild-card limit included; 000, 002, 003
    and 004 cap a meld at three wild cards too. 6-6-2-2 is a legal meld on its own, but joined
    to the side's 6-6-2-2 it would hold four wild cards."""
    pos = four(variant, "6c 6h 2d 2h 4d", "6s 6d 2c 2s")
    assert refused(pos, "meld 6c 6h 2d 2h") == "meld.too_many_wild"


@pytest.mark.parametrize("variant", ["online", "two-hand"])
def test_two_players_a_group_joins_the_players_meld(variant: str) -> None:
    """002 'Melding': a player may not have two identical separate melds, and all same-number
    cards go into a single meld (two-hand follows the partnership rule of 001). The joined meld
    of 6-6-2-2 with 6-2 holds three naturals and three wild cards: legal (002 also asks for no
    more wild than natural cards: three against three passes)."""
    pos = two_player(variant, "6c 2d 6h 2h 4d 8h", "6s 6d 2c 2s")
    s = after(pos, "meld 6c 2d")
    assert group_sizes(s.melds[0], 6) == [6]
    assert refused(pos, "meld 6c 6h 2d 2h") == "meld.too_many_wild"


def test_three_players_a_group_joins_the_players_meld() -> None:
    """Three-hand (as 001 for melds): a player keeps one meld per rank; a six and a two join the
    player's 6-6-2-2."""
    pos = three_player("three-hand", "6c 2d 6h 2h 4d 8h", "6s 6d 2c 2s")
    s = after(pos, "meld 6c 2d")
    assert group_sizes(s.melds[0], 6) == [6]
    assert refused(pos, "meld 6c 6h 2d 2h") == "meld.too_many_wild"


def test_002_a_five_and_two_wild_cards_join_four_fives() -> None:
    """002 'Melding' and 'Special Cards': cards of a number join the meld of that number; no meld
    may hold more than three wild cards or more wild than natural cards. 5-2-2 alone has more
    wild than natural cards, but joined to 5-5-5-5 it makes five naturals and two wild cards."""
    pos = two_player("online", "5c 2c 2d 8h 9h", "5c 5d 5h 5s")
    s = after(pos, "meld 5c 2c 2d")
    assert group_sizes(s.melds[0], 5) == [7]


def test_004_a_finished_canasta_takes_any_number_of_wild_cards_as_a_joined_group() -> None:
    """004 '(2) Melding': once a canasta is formed any number of wild cards may be added. An
    eight and two twos laid beside the side's mixed canasta of eights join it (four wild cards
    in all). Under 001 ('The three-wild-card limit still applies') the same group is refused."""
    ns = "8c 8d 8h 8s 8c 2c 2d"
    n = "8d 2h 2s 5c 9h"
    s = after(
        four("general", n, ns, e="Tc Td Jh Kc", s="9s Th Jc Kh", w="9c Ts Jd Ks"), "meld 8d 2h 2s"
    )
    assert s.melds[0][8].wilds == 4 and s.melds[0][8].size == 10
    pos = four("classic", n, ns, e="Tc Td Jh Kc", s="9s Th Jc Kh", w="9c Ts Jd Ks")
    assert refused(pos, "meld 8d 2h 2s") == "meld.too_many_wild"


def test_001_two_groups_of_one_rank_count_as_one_meld_toward_the_opening() -> None:
    """002 (all cards of a number on the table go into a single meld); 001 'Your team's initial
    meld' (the cards put down that turn must reach the minimum, 50 below 1,500). Q-Q and Q-2
    are no melds alone; laid in one action they are one meld of three queens and a two, worth 50."""
    pos = four("classic", "Qc Qd Qh 2c 5d 8h", "", turn="drew stock")
    s = after(pos, "meld Qc Qd, Qh 2c")
    assert group_sizes(s.melds[0], 12) == [4]


def test_001_the_joined_opening_is_still_judged_against_its_minimum() -> None:
    """001: at 1,500-2,995 the minimum is 90. Four queens and a two (joined from two groups)
    count 60: refused, and concealed going out is not possible with cards left."""
    pos = four("classic", "Qc Qd Qh Qs 2c 5d 8h", "", scores="NS 1600, EW 900")
    assert refused(pos, "meld Qc Qd Qh, Qs 2c") == "open.below_minimum"


def test_001_a_second_meld_action_in_the_opening_turn_joins_the_meld_just_laid() -> None:
    """001: the opening is judged over the turn ('the cards put down on that turn'), and a queen
    laid in a later action of the same turn joins the queens laid before it."""
    pos = four("classic", "Qc Qd Qh Qs 2c 5d 8h", "")
    s = after(pos, "meld Qc Qd Qh meld Qs 2c discard 8h")
    assert group_sizes(s.melds[0], 12) == [5]


def test_001_two_cards_joining_a_meld_of_five_make_the_canasta_to_go_out() -> None:
    """001 'Going out': the team needs a canasta, which may be completed on the same turn, and
    may meld all its remaining cards. Two queens join the side's five queens: a natural canasta,
    so North may go out by melding them."""
    pos = four("classic", "Qd Qh", "Qc Qd Qh Qs Qc, 6c 6d 6h")
    v = after(pos, "meld Qd Qh")
    assert v.over and v.melds[0][12].size == 7


def test_001_without_the_canasta_the_last_cards_stay_in_hand() -> None:
    """001: without a team canasta keep at least one card after discarding. Two queens joining
    four make six, no canasta: melding them would leave one card to discard and none to keep."""
    pos = four("classic", "Qd Qh 5c", "Qc Qd Qh Qs, 6c 6d 6h")
    assert refused(pos, "meld Qd Qh") == "meld.keep_a_card"


# North has not melded; South has melded nines. North goes out with seven queens and three nines
# (which join South's nines) or three eights (a meld of North's own).
CONCEALED_E, CONCEALED_W, CONCEALED_S = "8c Td Jh Kc", "8d Ts Jd Ks", "8s Th Jc Kh"


def concealed_pos(variant: str, third: str, discard: bool = True) -> str:
    n = f"Qc Qd Qh Qs Qc Qd Qh {third}" + (" 5c" if discard else "")
    return classic_pos(
        variant,
        n=n,
        ns="9s 9h 9d, 6c 6d 6h",
        e="Tc Td Jh Kc" if "8c" in third else CONCEALED_E,
        w="Td Ts Jd Ks" if "8d" in third else CONCEALED_W,
        s="Ts Th Jc Kh" if "8s" in third else CONCEALED_S,
        melded="S E",
        pile="7c 4s",
    )


@pytest.mark.parametrize("variant", ["classic", "bicycle", "general"])
def test_001_004_nines_joining_partners_nines_spoil_concealed(variant: str) -> None:
    """001 'Going out' (concealed: without adding cards to partner's melds) and 004 'Concealed
    Hand' (never having laid off cards on the partner's melds). Three nines laid beside South's
    nines join them: that is a lay-off, so going out earns 100, not 200."""
    scores = hand_scores(
        concealed_pos(variant, "9c 9d 9h"), "meld Qc Qd Qh Qs Qc Qd Qh, 9c 9d 9h discard 5c"
    )
    assert breakdown(scores[0])["Going out"] == 100


@pytest.mark.parametrize("variant", ["classic", "bicycle", "general"])
def test_001_004_a_meld_of_a_rank_partner_lacks_stays_concealed(variant: str) -> None:
    """001, 004: the same finish with three eights, a meld of North's own, is concealed: 200."""
    scores = hand_scores(
        concealed_pos(variant, "8c 8d 8h"), "meld Qc Qd Qh Qs Qc Qd Qh, 8c 8d 8h discard 5c"
    )
    assert breakdown(scores[0])["Going out"] == 200


def test_004_melding_every_card_needs_a_concealed_hand() -> None:
    """004 '(3) Discarding' (the last card is discarded to go out) and 'Concealed Hand' (the whole
    hand melded in one turn): only a concealed hand may meld out without a discard. With the
    nines joining South's meld the hand is not concealed, so North must keep a card to discard."""
    assert refused(
        concealed_pos("general", "9c 9d 9h", False), "meld Qc Qd Qh Qs Qc Qd Qh, 9c 9d 9h"
    ) == ("out.final_discard")
    after(concealed_pos("general", "8c 8d 8h", False), "meld Qc Qd Qh Qs Qc Qd Qh, 8c 8d 8h")


def test_001_black_threes_laid_as_two_groups_are_one_meld_when_going_out() -> None:
    """001 'Red and black threes': three or four black threes, without wild cards, are melded
    only when going out; 002: same-number cards go into a single meld. 3-3 and 3 in one action
    are one meld of three black threes, laid as North goes out."""
    pos = four("classic", "3c 3s 3c 5c", "Qc Qd Qh Qs Qc Qd Qh, 6c 6d 6h")
    assert after(pos, "meld 3c 3s, 3c discard 5c").over


def test_001_a_pickup_onto_the_sides_meld_keeps_the_wild_card_limit() -> None:
    """001 'Taking the discard pile': an unfrozen pile may be taken with one natural and one wild
    card; all resulting melds must stay legal, the wild-card limit included. The top six with a
    six and a two joins the side's 6-6-2-2 (three wild cards: legal); with two twos it would
    hold four."""
    pos = four(
        "classic", "6h 2d 2h 5c 7d", "6s 6d 2c 2s", pile="4s 6c", turn=None, to_move="N draw"
    )
    s = after(pos, "take 6c with 6h 2d")
    assert group_sizes(s.melds[0], 6) == [7]
    assert refused(pos, "take 6c with 6h 2d 2h") == "meld.too_many_wild"


def test_001_002_a_frozen_pickup_with_a_pair_joins_the_sides_meld() -> None:
    """001 (frozen: two natural cards melded with the top card, even if the team already has that
    rank) and 002 'Taking the discard pile' (the cards go onto the meld already down, and both
    melds are merged). The natural pair and the top six join the side's three sixes: one meld."""
    pos = four(
        "classic", "6h 6d 5c 7d Jk", "6s 6d 6c", pile="4s 2c 6c", turn=None, to_move="N draw"
    )
    assert refused(pos, "take 6c with 6h Jk") == "pile.frozen.needs_natural_pair"
    s = after(pos, "take 6c with 6h 6d")
    assert group_sizes(s.melds[0], 6) == [6]


# --------------------------------------------------------------------------------------------
# The family games


def fam(variant: str, n: str, ns: str) -> str:
    return family_pos(variant, hands={"N": n}, ns=ns, end="to move: N play", turn="drew stock")


def test_samba_the_joined_meld_holds_two_wild_cards_at_most() -> None:
    """Samba (docs/family/samba.md, BC, WK, UR, KS): at most two wild cards in a group. A six and a
    two join 6-6-2 (two wild cards: legal); a six and two twos would make three."""
    pos = fam("samba", "6h 2d 2s 6c 9h 9c", "6s 6d 2c")
    assert group_sizes(after(pos, "meld 6h 2d").melds[0], 6) == [5]
    assert refused(pos, "meld 6h 2d 2s") == "meld.too_many_wild"


def test_samba_three_sixes_beside_five_would_pass_the_closed_seven() -> None:
    """Samba as pinned (UR, DX, KS: a completed canasta is closed; KS: a new meld of the rank only
    once the first is complete): three sixes join the side's five and would make eight."""
    pos = fam("samba", "6h 6c 6d 9h 9c 8d", "6s 6d 6h 6c 6s")
    assert refused(pos, "meld 6h 6c 6d") == "meld.canasta_closed"
    assert group_sizes(after(pos, "meld 6h 6c").melds[0], 6) == [7]


def test_samba_beside_a_closed_canasta_two_sixes_are_no_new_meld() -> None:
    """Samba (KS): beside a completed, closed canasta a new meld of the rank is started, and a new
    meld needs three cards: 6-6 cannot join the closed canasta."""
    pos = fam("samba", "6h 6c 6d 9h 9c 8d", "6s 6d 6h 6c 6s 6s 6d")
    assert group_sizes(after(pos, "meld 6h 6c 6d").melds[0], 6) == [3, 7]
    assert refused(pos, "meld 6h 6c") == "meld.too_small"


def test_samba_runs_and_groups_stay_apart() -> None:
    """Samba (BC, HSW): sequences of one suit are melds of their own kind; a group of sevens
    beside the run 5-6-7 of hearts is a group, and J-Q-K of hearts beside 8-9-10 is a second
    run (nothing joins runs)."""
    pos = fam("samba", "5h 6h 7h 7c 7d Jh Qh Kh", "8h 9h Th")
    s = after(pos, "meld 7h 7c 7d")
    assert group_sizes(s.melds[0], 7) == [3]
    s = after(pos, "meld Jh Qh Kh")
    assert sum(1 for m in s.melds[0].values() if m.kind == RUN) == 2


def test_bolivia_wild_cards_join_the_sides_open_meld_of_wild_cards() -> None:
    """Bolivia (docs/family/bolivia.md: a meld of 3 to 7 wild cards, the bolivia): two wild cards
    laid beside the side's open meld of wild cards join it."""
    pos = fam("bolivia", "2d 2s Jk 9h 9c 8d", "2c 2h Jk")
    assert after(pos, "meld 2d 2s").melds[0][WILD_KEY].size == 5


def test_bolivia_beside_a_finished_bolivia_wild_cards_start_a_new_meld() -> None:
    """Bolivia (RGB: nothing is added to a finished bolivia of seven): beside it three wild cards
    are a new meld, and two are too few for one."""
    pos = fam("bolivia", "2d 2s Jk 9h 9c 8d", "2c 2h Jk 2c 2h 2s Jk")
    after(pos, "meld 2d 2s Jk")
    assert refused(pos, "meld 2d 2s") == "meld.wild.too_small"


def test_uruguayan_wild_cards_join_the_meld_of_wild_cards_up_to_seven() -> None:
    """Uruguayan (docs/family/uruguayan.md: a meld of three to seven wild cards): a two joins the
    side's six wild cards; two more would make eight."""
    pos = fam("uruguayan", "2d 2s Jk 9h 9c 8d", "2c 2h Jk 2c 2h 2s")
    assert after(pos, "meld 2d").melds[0][WILD_KEY].size == 7
    assert refused(pos, "meld 2d 2s") == "meld.wild.too_big"


def test_modern_american_sevens_take_no_wild_card_when_joined() -> None:
    """Modern American (CCOM, POC, WUS, CCP: sevens never take a wild card; POC, WUS: one meld per
    rank): two sevens join the side's sevens; a two with them is refused."""
    pos = fam("modern-american", "7s 7c 2d 9h 9c Kd", "7c 7d 7h, Qc Qd Qh")
    assert group_sizes(after(pos, "meld 7s 7c").melds[0], 7) == [5]
    assert refused(pos, "meld 7s 7c 2d") == "meld.special.wild"


def test_modern_american_a_wild_card_joins_only_five_naturals() -> None:
    """Modern American (CC, CCOM: after the opening a wild card goes only onto a meld of five
    naturals; pinned: naturals laid in the same action count). Two eights and a two joining three
    eights make five naturals; one eight and a two make four."""
    pos = fam("modern-american", "8s 8c 2d 2h 9h 9c Kd", "8c 8d 8h, Qc Qd Qh")
    assert group_sizes(after(pos, "meld 8s 8c 2d").melds[0], 8) == [6]
    assert refused(pos, "meld 8s 2d") == "meld.wild.few_naturals"


def test_modern_american_no_meld_passes_seven_and_a_closed_rank_is_dead() -> None:
    """Modern American (CCOM, POC, CJ, WUS: no meld passes seven cards; CCOM, CJ: a rank with a
    canasta is dead): three queens beside five would make eight; beside a canasta of queens they
    are a dead rank."""
    pos = fam("modern-american", "Qs Qc Qd 9h 9c Kd", "Qc Qd Qh Qs Qh, 9c 9d 9h")
    assert refused(pos, "meld Qs Qc Qd") == "meld.canasta_closed"
    pos = fam("modern-american", "Qs Qc Qd 9h 9c Kd", "Qc Qd Qh Qs Qh 2c 2d, 9c 9d 9h")
    assert refused(pos, "meld Qs Qc Qd") == "meld.dead_rank"


HF = """[Variant "hand-and-foot"]
[Scores "NS 0, EW 0"]
[Dealer "W"]

hand N: {n}
hand E: 4c 5d 7h 7s 9c Td Jh
hand S: 6c 7d 8s Th Jc Qd Ac
hand W: 4d 5h 6h 8c 9h Ts Kh
foot N: taken
foot E: taken
foot S: taken
foot W: taken
melds NS: {ns}
melds EW: Kc Kd Kh
melded: N E S W
pile: 7c 4s 9d
turn: drew stock
to move: N play
"""


def test_hand_and_foot_a_joined_book_keeps_fewer_wild_than_natural_cards() -> None:
    """Hand and Foot (NWP: fewer wild cards than natural ones in a meld): 8-2-2 beside the side's
    8-8-2 joins it and would make three of each."""
    pos = HF.format(n="8h 8s 2d 2h 9s Kd Kd", ns="8c 8d 2c, Qc Qd Qh")
    assert refused(pos, "meld 8h 2d 2h") == "meld.wild_not_fewer_than_natural"
    assert group_sizes(after(pos, "meld 8h 8s 2d 2h").melds[0], 8) == [7]


def test_hand_and_foot_a_closed_book_leaves_room_for_a_new_book() -> None:
    """Hand and Foot (NWP: a book closes at seven cards, and a side may make more books of one
    rank): three eights beside an open meld of five would pass seven; beside a closed book they
    start a new book."""
    pos = HF.format(n="8h 8s 8d 9s Kd Kd", ns="8c 8d 8c 8h 8s, Qc Qd Qh")
    assert refused(pos, "meld 8h 8s 8d") == "meld.canasta_closed"
    pos = HF.format(n="8h 8s 8d 9s Kd Kd", ns="8c 8d 8c 8h 8s 2c 2d, Qc Qd Qh")
    assert group_sizes(after(pos, "meld 8h 8s 8d").melds[0], 8) == [3, 7]


CUTTHROAT = """[Variant "three-hand-cutthroat"]
[Scores "N 1200, E 800, W 3100"]

hand N: 6c 7c 4c Td Jh
hand E: 4d 4h 8s
hand W: Ks Kh 2c 8d 8h 5s 6s
alone: N
melds N: 5c 5d 5h, 9c 9d 9h
melds E: {kings}, Qc Qd Qh
melded: N E W
pile: {unseen} unseen, 6d
stock {stock}
turn: drew stock
to move: W play
"""


def test_cutthroat_partners_kings_join_into_one_meld() -> None:
    """Three-hand cutthroat (BCT: the two partners combine their melds; one meld per rank as in
    001): once North plays alone, West's kings join the kings East melded."""
    pos = CUTTHROAT.format(kings="Kc Kd Kh", unseen=43, stock=37)
    s = after(pos, "meld Ks Kh 2c")
    assert group_sizes(s.melds[1], 13) == [6]
    assert s.melds[2] == {}


def test_cutthroat_the_joined_meld_keeps_three_wild_cards_at_most() -> None:
    """Three-hand cutthroat (001's three-wild-card limit): East's kings already hold three wild
    cards, so West's K-K-2 cannot join them."""
    pos = CUTTHROAT.format(kings="Kc Kd Kh 2d 2h Jk", unseen=40, stock=37)
    assert refused(pos, "meld Ks Kh 2c") == "meld.too_many_wild"
    assert group_sizes(after(pos, "meld Ks Kh").melds[1], 13) == [8]


# ============================================================================================
# 2. Against whom a discarded wild card freezes the pile

FOUR_FREEZE = """[Variant "{v}"]
[Scores "NS 0, EW 0"]

hand N: 2c 5c 6d 9h 9d Jk
hand E: 4c 5d 7h Jk 9d Kd
hand S: 9h Jk 6c 7d 8s 9c
hand W: 4d 5h 6h 8c 9c Jk
{melds}pile: 7c 4s 9s
{extra}turn: drew stock
to move: N play
{turns}"""

NORTH_TWO = "N discard 2c\nE draw 4h discard 9d\n"  # South, North's partner, is to move


def freeze4(
    variant: str = "novice",
    turns: str = NORTH_TWO,
    extra: str = "taken: NS EW\n",
    melds: str = "melds NS: Kc Kd Kh\nmelds EW: Qc Qd Qh\n",
) -> str:
    return FOUR_FREEZE.format(v=variant, turns=turns, extra=extra, melds=melds)


def test_003_the_discarders_partner_takes_the_pile_as_unfrozen() -> None:
    """003 Step 6: the pile is frozen against a team when the OPPOSING team discards a wild card,
    so North's two leaves it unfrozen toward North-South; South takes it with a natural nine and
    a joker ('Taking an Unfrozen Discard Pile', way b)."""
    assert refused(freeze4(), "take with 9h Jk") is None


def test_003_the_opponents_of_the_discarder_need_a_natural_pair() -> None:
    """003 Step 6: against East-West, North's two freezes the pile: West needs two natural nines
    ('Taking a Frozen Discard Pile')."""
    turns = NORTH_TWO + "S draw 5s discard 9h\n"
    assert refused(freeze4(turns=turns), "take with 9c Jk") == "pile.frozen.needs_natural_pair"


def test_003_a_wild_card_from_each_side_freezes_it_against_both() -> None:
    """003 Step 6: after North's two, East's joker is an opposing team's wild card for
    North-South, so the pile is frozen against them too: once West covers it with a nine,
    North needs two natural nines, a nine and a joker are not enough."""
    turns = "N discard 2c\nE draw 4h discard Jk\nS draw 5s discard 6c\nW draw 5c discard 9c\n"
    pos = freeze4(turns=turns)
    assert refused(pos, "take with 9h Jk") == "pile.frozen.needs_natural_pair"
    assert refused(pos, "take with 9h 9d") is None
    state = read_state(freeze4(turns="N discard 2c\nE draw 4h discard Jk\n"))
    assert state.pile_frozen(0) and state.pile_frozen(1)


def test_003_a_side_that_has_not_taken_the_pile_yet_is_still_frozen_out() -> None:
    """003 Step 6: at the start of every round the pile is frozen against all teams, and a
    pickup unfreezes it toward the taker's team only. North-South have not taken it this hand,
    so North's own two does not open it to South: a natural pair is needed."""
    pos = freeze4(extra="taken: EW\n")
    assert refused(pos, "take with 9h Jk") == "pile.frozen.needs_natural_pair"
    assert refused(pos, "take with 9h 9c") is None


def test_003_a_side_that_has_neither_melded_nor_taken_the_pile_is_frozen_out() -> None:
    """003 Step 5 and 6 (frozen against all at the start; a team that has not opened takes the
    pile only with a natural pair, pinned as in 001): North-South have not melded, so North's own
    two does not open the pile to South."""
    pos = freeze4(extra="taken: EW\n", melds="melds EW: Qc Qd Qh\n")
    assert refused(pos, "take with 9h Jk") == "pile.frozen.needs_natural_pair"


@pytest.mark.parametrize("variant", ["classic", "encyclopedia", "general", "bicycle"])
def test_001_002_a_discarded_wild_card_freezes_it_for_both_teams(variant: str) -> None:
    """001 'What freezes it?' (a buried joker or two freezes the pile for both teams), 000 ('If a
    wild card has previously been discarded ... the pile is frozen'), 002 (against both players):
    South, the discarder's partner, needs a natural pair."""
    pos = freeze4(variant=variant, extra="")
    assert refused(pos, "take with 9h Jk") == "pile.frozen.needs_natural_pair"
    assert refused(pos, "take with 9h 9c") is None


def test_six_hand_a_discarded_wild_card_freezes_it_for_the_discarders_partners() -> None:
    """Six-hand (RG6, B; freezing as 001): A's two freezes the pile against C, A's partner."""
    pos = (
        '[Variant "six-hand"]\n[Players "A, B, C, D, E, F"]\n\n'
        "hand A: 2c 5c 6d 8h\nhand B: 4c 5d 7h 7s 9d Kd\nhand C: 9h Jk 6c 7d 8s\n"
        "hand D: 4d 5h 6h 8c 9c\nhand E: 4h 5s 6s\nhand F: 4s 6c 7c\n"
        "melds ACE: Kc Kd Kh\nmelds BDF: Qc Qd Qh\npile: 7c 4s 9s\n"
        "turn: drew stock\nto move: A play\n"
        "A discard 2c\nB draw 4h discard 9d\n"
    )
    assert refused(pos, "take with 9h Jk") == "pile.frozen.needs_natural_pair"


def test_003_two_players_the_discarder_takes_it_unfrozen() -> None:
    """003 Step 6 at two players (each on his own): North's two freezes the pile against South
    only; after South covers it, North takes it with a nine and a joker."""
    pos = two_player(
        "novice",
        "2c 5c 6d 8h 9h Jk 9c",
        "Kc Kd Kh",
        turns="N discard 2c\nS draw 4h discard 9d\n",
        extra="taken: N S\n",
    )
    assert refused(pos, "take with 9h Jk") is None


def test_003_two_players_the_opponent_needs_a_pair() -> None:
    """003 Step 6: South, North's opponent, finds the pile frozen by North's two."""
    pos = two_player(
        "novice",
        "2c 5c 6d 8h 9h Jk 9c",
        "Kc Kd Kh",
        turns="N discard 2c\nS draw 4h discard 5d\nN draw 8d discard 9h\n",
        extra="taken: N S\n",
    )
    assert refused(pos, "take with 9d Jk") == "pile.frozen.needs_natural_pair"
    assert refused(pos, "take with 9d 9c") is None


@pytest.mark.parametrize("variant", ["online", "online-3000"])
def test_002_two_players_a_wild_card_freezes_it_against_its_discarder_too(variant: str) -> None:
    """002 'Frozen Discard Pile': a wild card discarded freezes the pile against both players, so
    North's own two keeps North from taking it with a nine and a joker."""
    pos = two_player(
        variant, "2c 5c 6d 8h 9h Jk 9c", "Kc Kd Kh", turns="N discard 2c\nS draw 4h discard 9d\n"
    )
    assert refused(pos, "take with 9h Jk") == "pile.frozen.needs_natural_pair"
    assert refused(pos, "take with 9h 9c") is None


def test_003_three_players_the_discarder_alone_is_spared() -> None:
    """003 Step 6 at three players: North's two freezes the pile against East and West (each an
    opposing player) but not against North."""
    base = "N discard 2c\nE draw 4h discard 4c\nW draw 5s discard 9d\n"
    pos = three_player(
        "novice", "2c 5c 6d 8h 9h Jk 9c", "Kc Kd Kh", turns=base, extra="taken: N E W\n"
    )
    assert refused(pos, "take with 9h Jk") is None
    pos = three_player(
        "novice",
        "2c 5c 6d 8h 9h Jk 9c",
        "Kc Kd Kh",
        turns=base + "N draw 6h discard 9h\n",
        extra="taken: N E W\n",
    )
    assert refused(pos, "take with 9d Jk") == "pile.frozen.needs_natural_pair"


def test_003_three_players_a_second_players_wild_card_freezes_it_against_the_first() -> None:
    """003 Step 6: after North's two, East's joker is an opposing wild card for North: the pile is
    frozen against all three."""
    base = "N discard 2c\nE draw 4h discard Jk\nW draw 5s discard 4d\n"
    pos = three_player(
        "novice", "2c 5c 6d 8h 9h Jk 9c", "Kc Kd Kh", turns=base, extra="taken: N E W\n"
    )
    state = read_state(pos)
    assert [state.pile_frozen(side) for side in range(3)] == [True, True, True]


def test_003_frozen_no_speaks_for_the_mover_beside_a_wild_card() -> None:
    """docs/notation.md ('frozen yes|no'): under 003, 'frozen no' beside a wild card in the pile
    says the mover's side discarded it, so the pile stays frozen against the other side; and,
    under the start-of-hand freeze, that the mover's side has taken the pile."""
    text = (
        '[Variant "novice"]\n[Scores "NS 0, EW 0"]\n\n'
        "hand N: 9h Jk 5c 6d 9c\nhand E: 4c 5d 7h 7s 9c\nhand S: Ac 6c 7d 8s\n"
        "hand W: 4d 5h 6h 8c 9d\nmelds NS: Kc Kd Kh\nmelds EW: Qc Qd Qh\n"
        "pile: 10 unseen, 7c 2c 4s 9s\n{extra}to move: {mover} draw\n"
    )
    s = read_state(text.format(extra="taken: EW\nfrozen no\n", mover="N"))
    assert (s.pile_frozen(0), s.pile_frozen(1), s.pile_takers) == (False, True, 3)
    s = read_state(text.format(extra="frozen no\n", mover="E"))
    assert (s.pile_frozen(0), s.pile_frozen(1), s.pile_takers) == (True, False, 2)
    s = read_state(text.format(extra="taken: NS EW\nfrozen yes\n", mover="N"))
    assert s.pile_frozen(0) and s.pile_frozen(1)


def test_003_a_red_three_turned_up_freezes_it_against_everyone() -> None:
    """003 Step 6 (frozen against all at the start of every round; the red three turned up is
    pinned to freeze it as in 001): North, whose side has not taken the pile, needs a natural
    pair."""
    pos = freeze4(turns="", extra="").replace("pile: 7c 4s 9s", "pile: 7c 3h 4s 9s")
    pos = pos.replace("turn: drew stock\nto move: N play", "to move: N draw")
    assert refused(pos, "take with 9h Jk") == "pile.frozen.needs_natural_pair"
    assert refused(pos, "take with 9h 9d replace 5s") is None


def pickup_finish(partner_nines: bool) -> str:
    """North, who has not melded, takes a nine with two nines and goes out with seven queens;
    South has melded nines (or eights)."""
    ns = "9s 9h 9d, 6c 6d 6h" if partner_nines else "8s 8h 8d, 6c 6d 6h"
    return classic_pos(
        "classic",
        n="9c 9d Qc Qd Qh Qs Qc Qd Qh",
        ns=ns,
        e="8c Td Jh Kc",
        w="8d Ts Jd Ks",
        s="8s Th Jc Kh" if partner_nines else "9s Th Jc Kh",
        melded="S E",
        pile="4s 9c",
        turn=None,
        to_move="N draw",
    )


@pytest.mark.parametrize(("partner_nines", "bonus"), [(True, 100), (False, 200)])
def test_001_a_pickup_onto_partners_meld_is_a_lay_off(partner_nines: bool, bonus: int) -> None:
    """001 'Going out' (concealed: no cards added to partner's melds; a concealed finish may
    follow a pickup) and 002 (the pile's meld merges with the one already down): the top nine
    and North's pair join South's nines, a lay-off, so going out earns 100; with no nines of
    South's to join, the same finish is concealed: 200."""
    move = "take 9c with 9c 9d meld Qc Qd Qh Qs Qc Qd Qh discard 4s"
    assert breakdown(hand_scores(pickup_finish(partner_nines), move)[0])["Going out"] == bonus
