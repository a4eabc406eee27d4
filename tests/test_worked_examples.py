"""The sources' worked examples (RULE-PARAMETERS.md section 2, E1-E13), one test each.

E9 and E10 are arithmetic errors in 004_747f80dc7edc8b8b.txt: their tests record the source's figure
and assert the correct one.
"""

from __future__ import annotations

from helpers import cs, position

from canasta_rules.engine import Discard, Draw, Meld, Phase, TakePile, refusal, score_hand
from canasta_rules.engine.apply import apply
from canasta_rules.engine.legality import check_new_meld
from canasta_rules.engine.rules import rules_for
from canasta_rules.variant import load_variant


def _open(score: int, melds: list[str], variant: str = "encyclopedia"):
    s = position(
        variant,
        hands={"N": " ".join(melds) + " 4c 4d"},
        phase=Phase.PLAY,
        scores=[score, 0],
    )
    return refusal(s, Meld(melds=tuple(cs(m) for m in melds)))


def test_e1_minimum_by_team_score_000() -> None:
    """000_1e7ce48765e073b7.txt: at 1600 the minimum is 90; 6-6-6 + K-K-K-2 (65) fails,
    6-6-6 + A-A-A-2 (95) passes; below 1500 both pass; at 3000 or more both fail."""
    low = ["6c 6d 6h", "Kc Kd Kh 2c"]
    high = ["6c 6d 6h", "Ac Ad Ah 2c"]
    ref = _open(1600, low)
    assert ref is not None and ref.code == "open.below_minimum"
    assert "at least 90" in ref.message and "count 65" in ref.message
    assert _open(1600, high) is None
    assert _open(1495, low) is None and _open(1495, high) is None
    for score in (3000, 4200):
        assert _open(score, low) is not None
        assert _open(score, high) is not None
    v = load_variant("encyclopedia")
    assert [v.initial_meld.minimum_for(x) for x in (-5, 0, 1499, 1500, 2999, 3000)] == [
        15,
        50,
        50,
        90,
        90,
        120,
    ]


def test_e2_meld_shapes_000() -> None:
    """000_1e7ce48765e073b7.txt: 5-5-2 and 9-9-9-2-2-Joker are legal; 5-2-2 (one natural) and
    9-9-2-2-2-Joker (four wild cards) are not."""
    r = rules_for(load_variant("encyclopedia"))
    assert check_new_meld(r, cs("5c 5d 2h"))[0] is None
    assert check_new_meld(r, cs("9c 9d 9h 2h 2s Jk"))[0] is None
    ref = check_new_meld(r, cs("5c 2d 2h"))[0]
    assert ref is not None and ref.code == "meld.too_few_naturals"
    ref = check_new_meld(r, cs("9c 9d 2h 2s 2c Jk"))[0]
    assert ref is not None and ref.code == "meld.too_many_wild"


def test_e3_end_of_hand_scoring_000() -> None:
    """000_1e7ce48765e073b7.txt: North went out (not concealed); N-S 1630, E-W 575, row by row."""
    s = position(
        "encyclopedia",
        hands={
            "N": "",
            "S": "4c 5c 5d Qc Kc Ac Ad",
            "E": "2c 5h 6h Tc Jc Jd",
            "W": "4d 4h Td Qd Qh Kd Kh",
        },
        melds={
            0: [
                "3c 3s 3s",
                "6c 6d 6h 6s 6c 6d 2d",
                "9c 9d 9h 9s 9c 9d 9h 9s",
                "Th Ts Tc",
                "Jh Js Jc Jd 2h 2s Jk",
            ],
            1: ["4s 4c 2c", "7c 7d 7h 7s 7c 2d Jk", "Th Ts Jk", "Ah As Ac Ad Ah"],
        },
        red3={0: "3d 3d", 1: "3h"},
        pile="8h",
    )
    s.phase = Phase.OVER
    s.out_player = 0
    ns, ew = score_hand(s)
    assert (ns.melds, ns.hands, ns.mixed_canastas, ns.natural_canastas) == (305, -75, 600, 500)
    assert (ns.red_threes, ns.going_out, ns.total) == (200, 100, 1630)
    assert (ew.melds, ew.hands, ew.mixed_canastas, ew.natural_canastas) == (295, -120, 300, 0)
    assert (ew.red_threes, ew.going_out, ew.total) == (100, 0, 575)


def test_e4_scoring_example_001() -> None:
    """001_0cb887cc6d824426.txt: natural canasta of seven kings, mixed canasta of five eights and
    two twos, two red threes, ordinary going out, partner holds an ace and a six:
    800 + 160 + 200 + 100 - 25 = 1235."""
    s = position(
        "classic",
        hands={"N": "", "S": "Ac 6c"},
        melds={0: ["Kc Kd Kh Ks Kc Kd Kh", "8c 8d 8h 8s 8c 2c 2d"]},
        red3={0: "3d 3h"},
    )
    s.phase = Phase.OVER
    s.out_player = 0
    ns = score_hand(s)[0]
    assert ns.natural_canastas + ns.mixed_canastas == 800
    assert ns.melds == 160 and ns.red_threes == 200 and ns.going_out == 100 and ns.hands == -25
    assert ns.total == 1235


def test_e5_frozen_pile_needs_natural_pair_001() -> None:
    """001_0cb887cc6d824426.txt: queen on top of a frozen pile, four queens melded; a queen and a
    joker cannot take it; two queens can, making a natural canasta of seven."""
    common = {
        "melds": {0: ["Qc Qd Qh Qs", "Kc Kd Kh"]},
        "pile": "7c 2c 9d Qh",
    }
    s = position("classic", hands={"N": "Qc Jk 5c 6d"}, **common)
    ref = refusal(s, TakePile(cs("Qc Jk")))
    assert ref is not None and ref.code == "pile.frozen.needs_natural_pair"
    assert "two natural queens" in ref.message
    ref = refusal(s, TakePile(()))
    assert ref is not None and ref.code == "pile.frozen.needs_natural_pair"
    s = position("classic", hands={"N": "Qc Qd 5c 6d"}, **common)
    apply(s, TakePile(cs("Qc Qd")))
    q = s.melds[0][12]
    assert q.size == 7 and q.wilds == 0 and s.canastas(0) == 1


def test_e6_opening_with_the_pile_at_90_001() -> None:
    """001_0cb887cc6d824426.txt: needing 90, top card an ace: A-A plus K-K-K reaches 90;
    A-A alone (60) does not; a king buried in the pile cannot help."""
    kw = {"scores": [1600, 0], "pile": "Kd 5s Ac"}
    s = position("classic", hands={"N": "Ad Ah Kc Kh Ks 5c"}, **kw)
    assert refusal(s, TakePile(cs("Ad Ah"), (cs("Kc Kh Ks"),))) is None
    ref = refusal(s, TakePile(cs("Ad Ah")))
    assert ref is not None and ref.code == "open.below_minimum" and "count 60" in ref.message
    s = position("classic", hands={"N": "Ad Ah Kc Kh 5c 6c"}, **kw)
    ref = refusal(s, TakePile(cs("Ad Ah"), (cs("Kc Kh Kd"),)))
    assert ref is not None and ref.code == "open.buried_card"


def test_e7_frozen_pile_onto_existing_meld_002() -> None:
    """002_d58438592396a398.txt: pile frozen, four sevens melded, opponent discards a seven: the
    player may take it only with two sevens in hand, which makes a canasta."""
    kw = {"melds": {0: ["7c 7d 7h 7s"]}, "pile": "9c Jk 7c", "players": 2}
    s = position("online", hands={"N": "7d 5c 6c"}, **kw)
    assert refusal(s, TakePile(())) is not None
    assert refusal(s, TakePile(cs("7d"))) is not None
    s = position("online", hands={"N": "7d 7h 5c 6c"}, **kw)
    apply(s, TakePile(cs("7d 7h")))
    assert s.canastas(0) == 1


def test_e8_pickups_004() -> None:
    """004_747f80dc7edc8b8b.txt: 5-5 in hand takes a discarded 5 as 5-5-5; with the pile frozen
    and 6-6-6-6 on the table, a discarded 6 needs 6-6 from hand."""
    s = position("general", hands={"N": "5c 5d 8c 9c"}, melds={0: ["Kc Kd Kh"]}, pile="4d 5h")
    assert refusal(s, TakePile(cs("5c 5d"))) is None
    kw = {"melds": {0: ["6c 6d 6h 6s"]}, "pile": "4d 2c 6h"}
    s = position("general", hands={"N": "6c 8c 9c"}, **kw)
    ref = refusal(s, TakePile(()))
    assert ref is not None and ref.code == "pile.frozen.needs_natural_pair"
    s = position("general", hands={"N": "6c 6d 8c 9c"}, **kw)
    assert refusal(s, TakePile(cs("6c 6d"))) is None


def test_e9_flawed_opening_example_004() -> None:
    """004_747f80dc7edc8b8b.txt claims K-K-K with J-J-J-2 from hand and pile makes 100 toward a
    50 minimum. It is 80 (K-K-K 30 + J-J-J 30 + two 20), and it uses a buried jack. Under the
    top-card rule (000, 001, P) K-K-K + J-J-2 = 70 from hand and the top king is enough."""
    r = rules_for(load_variant("classic"))
    kkk_jjj2 = cs("Kc Kd Kh Jc Jd Jh 2c")
    assert sum(r.value[c] for c in kkk_jjj2) == 80  # the source says 100
    kw = {"hands": {"N": "Kc Kd Jc Jd 2c 8c 9c"}, "pile": "Jh 5s Kh"}
    s = position("classic", **kw)
    assert refusal(s, TakePile(cs("Kc Kd"), (cs("Jc Jd 2c"),))) is None  # 70 >= 50
    ref = refusal(s, TakePile(cs("Kc Kd"), (cs("Jc Jd Jh 2c"),)))
    assert ref is not None and ref.code == "open.buried_card"
    s = position("classic", sets=("initial_meld.pile_cards=whole_pile",), **kw)
    assert refusal(s, TakePile(cs("Kc Kd"), (cs("Jc Jd Jh 2c"),))) is None


def test_e10_flawed_canasta_of_sixes_004() -> None:
    """004_747f80dc7edc8b8b.txt says a natural canasta of sixes is worth 542 (500 + 6x7); sixes
    count 5, so it is 535. Pagat's seven kings make 570."""
    for cards_, want in (("6c 6d 6h 6s 6c 6d 6h", 535), ("Kc Kd Kh Ks Kc Kd Kh", 570)):
        s = position("general", hands={"N": ""}, melds={0: [cards_]})
        s.phase = Phase.OVER
        sc = score_hand(s)[0]
        assert sc.melds + sc.natural_canastas == want
        assert want != 542


def test_e11_all_red_threes_and_concealed_totals() -> None:
    """P via RULE-PARAMETERS.md (E11), 001_0cb887cc6d824426.txt: four red threes make 800 in all;
    going out concealed makes 200 in all."""
    s = position("classic", hands={"N": ""}, melds={0: ["Kc Kd Kh"]}, red3={0: "3d 3h 3d 3h"})
    s.phase = Phase.OVER
    s.out_player = 0
    s.concealed = True
    sc = score_hand(s)[0]
    assert sc.red_threes == 800 and sc.going_out == 200


def test_e12_black_threes_when_going_out_brit() -> None:
    """Brit via RULE-PARAMETERS.md (E12), 001_0cb887cc6d824426.txt: with two black threes left a
    player cannot go out; with one, discard it; with three, meld them (no wild cards)."""
    canasta = {0: ["Kc Kd Kh Ks Kc Kd Kh"]}
    s = position("classic", hands={"N": "3c 3s"}, melds=canasta, phase=Phase.PLAY)
    assert refusal(s, Meld(melds=(cs("3c 3s"),))) is not None
    assert refusal(s, Discard(cs("3c")[0])) is None
    apply(s, Discard(cs("3c")[0]))
    assert not s.over
    s = position("classic", hands={"N": "3c"}, melds=canasta, phase=Phase.PLAY)
    apply(s, Discard(cs("3c")[0]))
    assert s.end_reason == "went_out"
    s = position("classic", hands={"N": "3c 3s 3c 2d"}, melds=canasta, phase=Phase.PLAY)
    ref = refusal(s, Meld(melds=(cs("3c 3s 3c 2d"),)))
    assert ref is not None and ref.code == "meld.black_threes.wild"
    apply(s, Meld(melds=(cs("3c 3s 3c"),)))
    apply(s, Discard(cs("2d")[0]))
    assert s.end_reason == "went_out"


def test_e13_last_single_card_is_a_full_draw_of_two() -> None:
    """P via RULE-PARAMETERS.md (E13): drawing two, a single card left in the stock counts as a
    full draw (two-hand); 002_d58438592396a398.txt's option instead ends the hand then."""
    s = position("two-hand", hands={"N": "5c 6d", "S": "7c 8d"}, melds={}, players=2)
    s.stock = [cs("9c")[0]]
    s.stock_known = True
    # make the card count consistent: the rest of the pack goes to the pile for this test
    moved = apply(s, Draw())
    assert isinstance(moved, Draw) and len(moved.cards or ()) == 1
    assert s.phase == Phase.PLAY and not s.over
    s = position("online-draw-two", hands={"N": "5c 6d", "S": "7c 8d"}, players=2)
    s.stock = [cs("9c")[0]]
    s.stock_known = True
    apply(s, Draw())
    assert s.over and s.end_reason == "stock_exhausted"


def test_short_stock_ends_the_hand_after_the_turn_002() -> None:
    """002_d58438592396a398.txt, drawing two: with one card left in the stock the hand ends; the
    player who left it there was the last to draw, so the hand ends when their turn is over."""
    s = position("online-draw-two", hands={"N": "5c 6d 7h", "S": "7c 8d"}, players=2)
    s.stock = list(cs("9c 9d 9h"))
    s.stock_known = True
    apply(s, Draw())  # N draws 9h and 9d, leaving 9c
    assert len(s.stock) == 1 and not s.over
    apply(s, Discard(cs("5c")[0]))
    assert s.over and s.end_reason == "stock_exhausted"
    s = position("two-hand", hands={"N": "5c 6d 7h", "S": "7c 8d"}, players=2)
    s.stock = list(cs("9c 9d 9h"))
    s.stock_known = True
    apply(s, Draw())
    apply(s, Discard(cs("5c")[0]))
    assert not s.over and s.turn == 1  # two-hand draws the last card as a full draw instead
