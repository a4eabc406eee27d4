"""``canasta tally`` by counts of cards: each side counts its melded and held cards by kind, as
score pads do, and the tally works out the points from the ruleset's card values. A hand
counted by cards scores what the same hand entered as points scores; the kinds, their values
and what the pack holds of each come from the ruleset.

Card values: 001_0cb887cc6d824426.txt's table (joker 50; ace or two 20; eight to king 10;
four to seven and black three 5), the same in 000_1e7ce48765e073b7.txt. The worked hands are
000's (N-S 1630, E-W 575, every card listed) and 001's (1,235)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from canasta_rules.bots import make_bot
from canasta_rules.engine import Game
from canasta_rules.engine.rules import rules_for
from canasta_rules.seats import side_names
from canasta_rules.tally import Sheet, SideEntry, TallyError, entry_text, parse_entry
from canasta_rules.tally.cards import card_groups, card_points, count_cards
from canasta_rules.variant import load_variant

# 000's hand, its cards counted. N-S melded 3c 3s 3s; 6x6 2; 9x8; T T T; J J J J 2 2 Jk:
# 1 joker, 3 twos, 15 of K-8 (eight nines, three tens, four jacks), 6 of 7-4, 3 black threes.
# South holds 4 5 5 Q K A A. E-W melded 4 4 2; 7x5 2 Jk; T T Jk; A x5; East holds 2 5 6 T J J and
# West 4 4 T Q Q K K.
E3_000_CARDS = (
    "NS m 1 joker 3 twos 15 K-8 6 7-4 3 black threes n 1 x 2 r 2 h 2 aces 2 K-8 3 7-4 out; "
    "EW m 2 jokers 2 twos 5 aces 2 K-8 7 7-4 x 1 r 1 h 1 two 8 K-8 4 7-4"
)
E3_000_POINTS = "NS m 305 h 75 x 2 n 1 r 2 out; EW m 295 h 120 x 1 r 1"


def test_000_worked_hand_by_cards_is_1630_and_575() -> None:
    """000's example counted card by card: the melds make 305 and 295, the hands 75 and 120,
    and the hand scores 1630 and 575, row for row what the same hand entered as points scores."""
    by_cards = Sheet.new("encyclopedia").add(E3_000_CARDS)
    by_points = Sheet.new("encyclopedia").add(E3_000_POINTS)
    ns, ew = by_cards.scores
    assert (ns.melds, ns.hands, ew.melds, ew.hands) == (305, -75, 295, -120)
    assert (ns.total, ew.total) == (1630, 575)
    assert [s.rows() for s in by_cards.scores] == [s.rows() for s in by_points.scores]


def test_001_worked_hand_by_cards_is_1235() -> None:
    """001: a natural canasta of seven kings, a mixed one of five eights and two twos, two red
    threes, going out, partner left with an ace and a six: 800 + 160 + 200 + 100 - 25 = 1,235."""
    hand = Sheet.new("classic").add("NS m 2 twos 12 K-8 n 1 x 1 r 2 h 1 ace 1 7-4 out")
    ns = hand.scores[0]
    assert (ns.melds, ns.hands, ns.total) == (160, -25, 1235)


def test_classic_counts_the_kinds_of_001s_table() -> None:
    """001's table of card values gives the kinds a side counts: jokers 50, twos and aces 20,
    eights to kings 10, fours to sevens and black threes 5; red threes are scored apart."""
    groups = card_groups(rules_for(load_variant("classic")))
    assert [(g.name, g.value, g.in_pack) for g in groups] == [
        ("jokers", 50, 4),
        ("twos", 20, 8),
        ("aces", 20, 8),
        ("K-8", 10, 48),
        ("7-4", 5, 32),
        ("black threes", 5, 4),
    ]
    assert [g.words for g in groups][3:5] == ["kings to eights", "sevens to fours"]


def test_the_kinds_follow_the_rulesets_card_values() -> None:
    """A house file's values decide the kinds: queens worth 15 are counted alone, splitting kings
    from jacks to eights; the points follow."""
    r = rules_for(load_variant("classic"))
    house = Sheet.new("classic", ("card_values.queen=15",))
    names = [g.name for g in card_groups(house.rules)]
    assert names == ["jokers", "twos", "aces", "kings", "queens", "J-8", "7-4", "black threes"]
    hand = house.add("NS m 3 queens 4 J-8 n 1; EW h 1 queen 1 king")
    assert [hand.scores[0].melds, hand.scores[1].hands] == [85, -25]
    with pytest.raises(TallyError, match="kings are counted in K-8"):
        parse_entry(r, "NS m 3 kings")


def test_modern_american_lays_black_threes_out_and_counts_no_black_three_card() -> None:
    """Modern American lays black threes out as bonus cards (CCP), so they are the item b, never a
    card counted in melds or hands; its card values are the classic ones (NVSO, CJ)."""
    sheet = Sheet.new("modern-american")
    assert [g.name for g in card_groups(sheet.rules)] == ["jokers", "twos", "aces", "K-8", "7-4"]
    with pytest.raises(TallyError, match="'black threes' is not a kind of card counted"):
        sheet.add("NS m 1 ace 3 black threes")


@pytest.mark.parametrize(
    ("entry", "reason"),
    [
        (
            "NS m 3 jokers h 1 joker; EW h 1 joker",
            "5 jokers counted (NS 4, EW 1); the pack of 108 cards holds 4",
        ),
        (
            "NS m 12 K-8 1 joker n 1 x 1; EW m 30 K-8 8 7-4 h 10 K-8",
            "52 K-8 counted (NS 12, EW 40); the pack of 108 cards holds 48",
        ),
        (
            "NS m 7 K-8 3 black threes n 1; EW m 200 n 1 out",
            "NS: black threes in melds, but NS did not go out; black threes are melded only in "
            "going out (black_threes.meld_when_going_out)",
        ),
        (
            "NS m 2 black threes 7 K-8 n 1 out",
            "NS: 2 black threes in melds: a meld of black threes holds at least 3",
        ),
        (
            "NS m 12 K-8 1 ace n 1 x 1 out",
            "NS: 0 wild cards counted in melds, but 1 mixed canasta holds one or more",
        ),
        (
            "NS m 3 K-8 4 jokers x 1 out",
            "NS: 3 natural cards counted in melds, but the canastas and melds entered hold at "
            "least 4",
        ),
        ("NS m 2 jokers 3", "NS: after m, 3 of what? Name the cards after each count: jokers"),
        ("NS m 2 jokers 2 jokers", "NS: m: jokers counted twice"),
        ("NS m 2 jokers m 100", "NS: m is given twice"),
    ],
)
def test_counts_no_deal_can_hold_are_refused(entry: str, reason: str) -> None:
    """What only a count of cards shows: a kind counted more often than two packs hold it, black
    threes melded by a side that did not go out (001: only in going out) or fewer than a meld,
    canastas without the wild or natural cards they are made of."""
    with pytest.raises(TallyError) as e:
        Sheet.new("classic").add(entry)
    assert reason in str(e.value)


def test_entry_text_writes_counts_back() -> None:
    r = rules_for(load_variant("encyclopedia"))
    entries = parse_entry(r, E3_000_CARDS.replace("1 joker", "1 Jokers").replace("K-8", "8-k"))
    assert entry_text(r, entries) == E3_000_CARDS
    assert parse_entry(r, E3_000_CARDS) == entries


def test_black_threes_in_hand_cost_bolivias_penalty_by_count() -> None:
    """BCB (docs/family/bolivia.md): a black three left in hand when a player goes out counts
    minus 100 in place of its 5 points. Counted as cards, the tally charges it so; with no
    one out (the stock ran out) it counts its value."""
    sheet = Sheet.new("bolivia")
    hand = sheet.add("NS m 300 s 1 w 1 out; EW m 100 h 2 black threes 1 ace")
    ew = hand.scores[1]
    assert (ew.hands, ew.black_threes) == (-20, -200)
    stock_out = Sheet.new("bolivia").add("NS m 300; EW m 100 h 2 black threes 1 ace")
    assert (stock_out.scores[1].hands, stock_out.scores[1].black_threes) == (-30, 0)


@pytest.mark.parametrize(
    ("variant", "seed"),
    [("classic", 3), ("online", 5), ("six-hand", 1), ("bolivia", 2), ("samba", 4)],
)
def test_cards_counted_at_each_hands_end_give_the_engines_score(variant: str, seed: int) -> None:
    """Every hand of a bot game, its melded and held cards counted by kind and entered with the
    canastas, threes and who went out, scores in the tally what the engine scored it (black
    threes in hand at Bolivia's penalty included)."""
    game = Game(load_variant(variant), seed)
    result = game.play(make_bot("greedy", seed))
    r = game.rules
    names = side_names(r.players, r.sides)
    sheet = Sheet.new(variant)
    for h in result.hands:
        end = h.end
        assert end is not None
        parts = []
        for side, (name, sc) in enumerate(zip(names, h.score, strict=True)):
            melded = [c for m in end.melds[side].values() for c in m.cards]
            held = [
                c for p in r.members[side] for c, n in enumerate(end.hands[p]) for _ in range(n)
            ]
            out = end.out_player >= 0 and r.side_of[end.out_player] == side
            e = SideEntry(
                natural=sc.natural_count,
                mixed=sc.mixed_count,
                runs=sc.run_count,
                wild=sc.wild_count,
                red=sc.red_three_count,
                out=out,
                concealed=out and end.concealed,
                melded_cards=count_cards(r, melded),
                held_cards=count_cards(r, held),
            )
            parts.append(e.text(name))
        tallied = sheet.add("; ".join(parts))
        assert [s.rows() for s in tallied.scores] == [s.rows() for s in h.score]
    assert sheet.totals == result.scores


@st.composite
def _counted_hand(draw: st.DrawFn, variant: str) -> tuple[str, str]:
    """A hand of two sides that melded and held cards of every kind, within the pack, with no
    canasta and nobody out: its line by cards, and the same by points."""
    rules = rules_for(load_variant(variant))
    groups = card_groups(rules)
    melded: list[list[tuple[str, int]]] = [[], []]
    held: list[list[tuple[str, int]]] = [[], []]
    for g in groups:
        left = g.in_pack
        for side in (0, 1):
            for where in (melded, held):
                if g.black_three and where is melded:
                    continue  # black threes are melded only in going out
                n = draw(st.integers(0, min(left, 6)))
                left -= n
                if n:
                    where[side].append((g.name, n))
    reds = [draw(st.integers(0, 2)) for _ in (0, 1)]
    by_cards, by_points = [], []
    for side, name in enumerate(("NS", "EW")):
        m, h = tuple(melded[side]), tuple(held[side])
        cards = SideEntry(red=reds[side], melded_cards=m, held_cards=h)
        points = SideEntry(meld=card_points(rules, m), hand=card_points(rules, h), red=reds[side])
        by_cards.append(cards.text(name))
        by_points.append(points.text(name))
    return "; ".join(by_cards), "; ".join(by_points)


@settings(max_examples=40)
@given(data=st.data())
def test_a_hand_by_cards_scores_as_the_same_hand_by_points(data: st.DataObject) -> None:
    """Whatever cards each side counts (within the pack), entering them by kind scores every row
    as entering their points does."""
    variant = data.draw(st.sampled_from(["classic", "samba", "modern-american"]))
    cards, points = data.draw(_counted_hand(variant))
    by_cards = Sheet.new(variant).add(cards)
    by_points = Sheet.new(variant).add(points)
    assert [s.rows() for s in by_cards.scores] == [s.rows() for s in by_points.scores]
