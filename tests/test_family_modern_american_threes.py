"""Modern American Canasta's threes, talons, upcard, empty-pile discards and end-of-hand
penalties, as parameters on a classic-derived ruleset (issue 10; the `modern-american` built-in
sets them once it exists).

Sources, as docs/family/modern-american.md names them (canasta_rules.sources.FAMILY): Canasta
Connection (CC), Canasta.com's rules (CCOM) and its count of the points (CCP), Canasta Junction
(CJ), Play Online Canasta (POC), Meggiesoft (BUF), Wikipedia's US American Canasta (WUS), Pagat
(PAG), the Honors Bridge Club (HBC) and the Canasta League of America as reported (CLA). Each test
names the ones it rests on and asserts the ruling itself: the refusal's rule code, the score.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import code, cs, finished, position, rules_of, run_cli, with_stock
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canasta_rules import cards as C
from canasta_rules.bots import make_bot
from canasta_rules.check import run_check
from canasta_rules.engine import (
    Discard,
    Draw,
    Game,
    Meld,
    Phase,
    State,
    TakePile,
    apply,
    deal,
    legal_moves,
    rules_for,
    score_hand,
)
from canasta_rules.engine.checks import talon_size
from canasta_rules.engine.dealing import from_layout
from canasta_rules.engine.state import DealError
from canasta_rules.notation import parse, replay
from canasta_rules.testing import hands, variants
from canasta_rules.variant import load

MA = (
    "deal.upcard=none",
    "red_threes.totals=[0, 100, 300, 500, 1000]",
    "red_threes.count_against=no_canasta",
    "red_threes.count_from_canastas=2",
    "black_threes.bonus=true",
    "black_threes.totals=[0, 100, 300, 500, 1000]",
    'pile.empty_discard_bans=["seven", "ace", "wild"]',
    'penalties.in_hand_sets=[{rank = "ace", count = 3, points = 1500}, '
    '{rank = "seven", count = 3, points = 1500}]',
    "penalties.no_canasta_melds=minus",
    "talons.sizes=[4, 3]",
    "talons.min_stock=9",
)
"""Every key of this file at the value Modern American needs, on classic."""

MA_TOML = """\
extends = "classic"
name = "ma-threes"
title = "Classic with Modern American's threes, talons, bans and penalties"

[deal]
upcard = "none"

[red_threes]
totals = [0, 100, 300, 500, 1000]
count_against = "no_canasta"
count_from_canastas = 2

[black_threes]
bonus = true
totals = [0, 100, 300, 500, 1000]

[pile]
empty_discard_bans = ["seven", "ace", "wild"]

[penalties]
no_canasta_melds = "minus"
in_hand_sets = [
    { rank = "ace", count = 3, points = 1500 },
    { rank = "seven", count = 3, points = 1500 },
]

[talons]
sizes = [4, 3]
min_stock = 9
"""

KINGS = "Kc Kd Kh Ks Kc Kd Kh"
QUEENS_MIXED = "Qc Qd Qh Qs Qc Qd 2c"


def ma(**kw: Any) -> State:
    return position("classic", sets=MA, **kw)


def ma_rules(players: int | None = None) -> Any:
    return rules_of("classic", players, MA)


def _side(**kw: Any) -> dict[str, Any]:
    """A finished-hand position: every hand empty unless ``hands`` gives it, no pile."""
    hands_ = {"N": "", "E": "", "S": "", "W": "", **kw.pop("hands", {})}
    return {"pile": "", **kw, "hands": hands_}


# --------------------------------------------------------------------------------------------
# No upcard


def test_the_hand_starts_with_no_discard_pile() -> None:
    """POC (playonlinecanasta.com) and BUF (bufton.org): Modern American turns no upcard. Every
    card is in a hand, laid out, or in the stock; the pile is empty and not frozen."""
    r = ma_rules()
    for seed in range(5):
        s = deal(r, seed)
        assert s.pile == [] and not s.frozen
        assert s.card_total() == 108
        assert len(s.stock) == 108 - 44 - sum(len(x) for x in s.red3)


def test_the_first_player_can_only_draw() -> None:
    """POC, BUF: with nothing to take, the first player draws from the stock (one card: BUF,
    CHM)."""
    s = deal(ma_rules(), 11)
    assert legal_moves(s) == [Draw()]
    assert code(s, TakePile(())) == "pile.empty"
    apply(s, Draw())
    assert s.phase == Phase.PLAY and s.hand_len[s.turn] == 12


def test_a_written_deal_has_an_empty_upcard_line() -> None:
    """POC, BUF: a written-out deal of this ruleset gives no upcard; one that names a card is
    refused, with the reason."""
    r = ma_rules()
    s = deal(r, 3)
    hands_ = [s.hand_cards(p) for p in range(4)]
    reds = [list(x) for x in s.dealt_red3]
    again = from_layout(r, hands_, [], reds, dealer=s.dealer)
    assert again.pile == [] and again.hands == s.hands
    with pytest.raises(DealError, match="turns no upcard"):
        from_layout(r, hands_, [again.stock[0]], reds, dealer=s.dealer)


# --------------------------------------------------------------------------------------------
# Black threes are bonus cards


def test_dealt_black_threes_are_laid_out_and_replaced() -> None:
    """CC (canastaconnection.com) and BUF: all threes are bonus cards, laid out at once and
    replaced from the stock. After the deal nobody holds a three, and every hand is whole."""
    r = ma_rules()
    seen_black = 0
    for seed in range(20):
        s = deal(r, seed)
        assert all(s.rc[p][1] == 0 and s.rc[p][3] == 0 for p in range(4))
        assert all(n == 11 for n in s.hand_len)
        seen_black += sum(1 for x in s.red3 for c in x if C.is_black_three(c))
    assert seen_black > 0


def test_a_black_three_drawn_last_ends_the_hand() -> None:
    """BUF: a drawn three is laid out and replaced. As for a red three (every classic source), a
    black three that is the last stock card ends the hand: there is nothing to replace it."""
    s = with_stock(ma(hands={"N": "9c 9d 5h"}, pile="8d"), "3c")
    apply(s, Draw())
    assert s.over and s.end_reason == "red_three_last"
    assert s.red3[0] == [C.parse("3c")]


def test_a_black_three_in_a_taken_pile_is_laid_out() -> None:
    """CC: a three is never kept in the hand. A black three buried in a pile (a written position:
    with no upcard and no black three ever discarded, play cannot put one there) goes to the
    taker's side, laid out, like the pile's red threes."""
    s = ma(hands={"N": "8c 8h 5d 6d"}, melds={0: ["Kc Kd Kh"]}, pile="3s 9h 8d")
    apply(s, TakePile(cs("8c 8h")))
    assert C.parse("3s") in s.red3[0]
    assert s.hands[0][C.parse("3s")] == 0 and s.hands[0][C.parse("9h")] == 1


# --------------------------------------------------------------------------------------------
# Threes scored by colour and by canastas (CCP)


@pytest.mark.parametrize(("n", "points"), [(1, 100), (2, 300), (3, 500), (4, 1000)])
def test_threes_of_one_colour_score_100_300_500_1000(n: int, points: int) -> None:
    """CCP (canasta.com, count the points): per colour, 1 three 100, 2 300, 3 500, 4 1000, with
    two canastas. The black threes score on the same scale, separately."""
    reds = " ".join(["3d", "3h", "3d", "3h"][:n])
    blacks = " ".join(["3c", "3s", "3c", "3s"][:n])
    s = finished(ma(**_side(melds={0: [KINGS, QUEENS_MIXED]}, red3={0: f"{reds} {blacks}"})), 0)
    row = score_hand(s)[0]
    assert (row.red_threes, row.laid_black_threes) == (points, points)
    assert (row.red_three_count, row.black_three_count) == (n, n)


def test_ccp_worked_example_two_canastas() -> None:
    """CCP's example: two canastas, two red threes and one black three, going out: 100 + 500 +
    300 + 300 + 100 before the count (CCP's second canasta is of sevens at 2500, which is MA's
    helper's rule; a mixed 300 stands in)."""
    s = finished(ma(**_side(melds={0: [KINGS, QUEENS_MIXED]}, red3={0: "3d 3h 3s"})), 0)
    row = score_hand(s)[0]
    assert row.total - row.melds - row.hands == 100 + 500 + 300 + 300 + 100
    assert row.melds == 70 + 60 + 20


def test_threes_count_nothing_with_exactly_one_canasta() -> None:
    """CCP: with exactly one canasta the side's threes are ignored."""
    s = finished(ma(**_side(melds={0: [KINGS, "Qc Qd Qh"]}, red3={0: "3d 3h 3h 3s"})), 0)
    row = score_hand(s)[0]
    assert (row.red_threes, row.laid_black_threes) == (0, 0)


def test_threes_count_minus_with_no_canasta() -> None:
    """CCP: with no canasta the threes count minus: here four red (1000) and two black (300)."""
    s = finished(ma(**_side(melds={0: ["Qc Qd Qh"]}, red3={0: "3d 3h 3d 3h 3c 3s"})), 1)
    row = score_hand(s)[0]
    assert (row.red_threes, row.laid_black_threes) == (-1000, -300)


# --------------------------------------------------------------------------------------------
# Discarding onto an empty pile (CJ's SWAD, PAG)


def test_no_seven_after_taking_the_pile() -> None:
    """CJ (picking the pack): the pickup must end with a legal discard, and on the pile just
    taken (empty) no seven, ace or wild card may go."""
    s = ma(hands={"N": "8c 8h 7c Ac Jk 5d 6d"}, melds={0: ["Kc Kd Kh"]}, pile="9h 8d")
    apply(s, TakePile(cs("8c 8h")))
    assert s.pile == []
    for card in ("7c", "Ac", "Jk"):
        assert code(s, Discard(C.parse(card))) == "discard.empty_pile"
    assert code(s, Discard(C.parse("9h"))) is None


def test_a_wild_card_may_go_when_nothing_else_is_held() -> None:
    """PAG: no ace or seven onto an empty pile unless nothing else is held; the engine pins that
    exception for the whole list, wild cards included, so that a turn can always end."""
    s = ma(hands={"N": "7c Ac 2d"}, pile="", phase=Phase.PLAY)
    assert [code(s, Discard(C.parse(c))) for c in ("7c", "Ac", "2d")] == [None, None, None]
    assert len([m for m in legal_moves(s) if isinstance(m, Discard)]) == 3


def test_going_out_with_a_seven_onto_an_empty_pile() -> None:
    """The exception covers going out: the last card is all the player holds (pinned; the
    sources speak only of discards that keep the game going)."""
    s = ma(hands={"N": "7c"}, melds={0: [KINGS, QUEENS_MIXED]}, pile="", phase=Phase.PLAY)
    assert code(s, Discard(C.parse("7c"))) is None
    apply(s, Discard(C.parse("7c")))
    assert s.end_reason == "went_out"


# --------------------------------------------------------------------------------------------
# End-of-hand penalties (CJ, CCP, WUS)


def test_four_aces_and_three_sevens_cost_3000() -> None:
    """CJ (scoring guide, the Count): a player caught with four aces and three sevens costs the
    side 3000, two sets of 1500 (CCP, WUS: 1500 for three or more aces or sevens)."""
    s = finished(
        ma(**_side(hands={"N": "", "E": "Ac Ad Ah As 7c 7d 7h"}, melds={0: [KINGS, QUEENS_MIXED]})),
        0,
    )
    row = score_hand(s)[1]
    assert row.sets_in_hand == -3000
    assert row.hands == -(4 * 20 + 3 * 5)


def test_sets_are_counted_per_player() -> None:
    """CJ and CCP speak of a player's hand: two aces in each partner's hand are no set; three in
    each are two."""
    two_each = _side(hands={"N": "", "E": "Ac Ad 9c", "W": "Ah As 9d"}, melds={0: [KINGS]})
    three_each = _side(hands={"N": "", "E": "Ac Ad Ah", "W": "As Ac Ad"}, melds={0: [KINGS]})
    assert score_hand(finished(ma(**two_each), 0))[1].sets_in_hand == 0
    assert score_hand(finished(ma(**three_each), 0))[1].sets_in_hand == -3000


def test_a_side_without_a_canasta_counts_every_card_minus() -> None:
    """CJ: a side with no canasta counts all its cards minus, melded ones included. The side
    with a canasta counts its melds plus."""
    kw = _side(
        hands={"N": "", "E": "9c 5d"}, melds={0: [KINGS, QUEENS_MIXED], 1: ["Jc Jd Jh", "8c 8d 2d"]}
    )
    rows = score_hand(finished(ma(**kw), 0))
    assert rows[1].melds == -(30 + 20 + 20)
    assert rows[1].hands == -15
    assert rows[0].melds == 70 + 60 + 20


# --------------------------------------------------------------------------------------------
# Talons (PAG, HBC, CJ, CLA)


def test_a_talon_three_is_laid_out_and_replaced() -> None:
    """CC: every three drawn is laid out and replaced; a talon is drawn from the stock (PAG), so
    a three in it is replaced too, and the record lists the replacement."""
    s = with_stock(
        ma(hands={"N": "Kc Kd Kh Ac Ad Ah 9c 5d"}, pile="", phase=Phase.PLAY),
        "4c 4d 5c 5h 6c 6d 6h 9d 9h Tc 3h Th",
    )
    apply(s, Meld((cs("Kc Kd Kh"), cs("Ac Ad Ah"))))
    out = apply(s, Discard(C.parse("5d")))
    assert out == Discard(C.parse("5d"), cs("Th 3h Tc 9h 9d"))
    assert s.hand_len[0] == 1 + 4 and C.parse("3h") in s.red3[0]


def test_no_talon_once_the_side_has_opened() -> None:
    """PAG, HBC: a talon goes with a side's first melds, once: a later discard by a side that had
    already opened takes none, and naming one is refused."""
    kw: dict[str, Any] = {
        "hands": {"N": "9c 9d 5h 6h"},
        "melds": {0: ["Kc Kd Kh"]},
        "pile": "",
        "phase": Phase.PLAY,
    }
    s = with_stock(ma(**kw), "4c 4d 5c 5h 6c 6d 6h 9d 9h Tc Th Td")
    assert code(s, Discard(C.parse("5h"), cs("Td"))) == "talon.not_due"
    assert apply(s, Discard(C.parse("5h"))) == Discard(C.parse("5h"))
    assert s.hand_len[0] == 3


def test_records_with_talons_replay_identically(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """PAG, HBC: a talon is a draw from the stock after the opening discard; a bot game written
    as a record names each talon's cards (`discard 5d talon ...`) and replays to the same game."""
    f = tmp_path / "ma.toml"
    f.write_text(MA_TOML, encoding="utf-8")
    out = tmp_path / "game.can"
    rc, _, err = run_cli(
        capsys, "record", str(f), "--bots", "greedy", "--seed", "3", "-o", str(out)
    )
    assert rc == 0, err
    text = out.read_text(encoding="utf-8")
    assert " talon " in text and "\nupcard\n" in text
    rp = replay(parse(text, str(out)))
    v = load(str(f)).variant
    result = Game(v, 3).play(make_bot("greedy", 3))
    assert rp.game_over and rp.totals == result.scores
    for mine, theirs in zip(rp.hands, result.hands, strict=True):
        assert [m for _, m in mine.moves] == [m for _, m in theirs.moves]


# --------------------------------------------------------------------------------------------
# Every key on together: check and random variants


def test_check_finds_no_violation_with_every_key_on(tmp_path: Path) -> None:
    """`canasta check` on a classic-derived file with all of these keys: static lints clean and
    300 seeded hands (random and greedy bots) with every invariant held after every move."""
    f = tmp_path / "ma.toml"
    f.write_text(MA_TOML, encoding="utf-8")
    report = run_check(str(f), (), games=300, seed=5)
    assert report.errors == [] and report.failure is None
    assert len(report.outcomes) == 300


NEW_KEYS = [
    "deal.upcard",
    "black_threes.bonus",
    "black_threes.totals",
    "red_threes.count_from_canastas",
    "pile.empty_discard_bans",
    "penalties.in_hand_sets",
    "penalties.no_canasta_melds",
    "talons.sizes",
    "talons.min_stock",
]


@settings(
    max_examples=30,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(hands(variants("classic", vary=NEW_KEYS, max_changes=6)))
def test_random_variants_with_these_keys_play_and_keep_every_invariant(played: Any) -> None:
    """Random classic-derived variants with several of these keys changed: a hand played to its
    end by hypothesis's choice of legal moves keeps every invariant after every move (the
    strategy asserts them), and its score rows add up."""
    assert played.end is not None and played.end.over
    for row in score_hand(played.end):
        assert sum(v for _, v in row.rows()) == row.total


def test_openspiel_plays_every_key_on(tmp_path: Path) -> None:
    """The OpenSpiel game deals with no upcard, lays black threes out as chance brings them, and
    draws each talon as chance outcomes (PAG, HBC): OpenSpiel's own random simulation test,
    with serialisation, passes on the file with every key on."""
    import pyspiel

    import canasta_rules.openspiel  # noqa: F401  (registers the game)

    f = tmp_path / "ma.toml"
    f.write_text(MA_TOML, encoding="utf-8")
    game = pyspiel.load_game("canasta", {"variant": str(f)})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_the_tally_counts_melds_minus_without_a_canasta() -> None:
    """CJ: the scorekeeper (`canasta tally`) applies the same count: a side's melded cards,
    entered as counted (m 70), go minus when it made no canasta, plus when it made one."""
    from canasta_rules.tally import SideEntry, score_entries

    r = ma_rules()
    rows = score_entries(r, [SideEntry(meld=70, hand=15), SideEntry(meld=250, natural=1, out=True)])
    assert rows[0].melds == -70 and rows[1].melds == 250
    classic = rules_for(load("classic").variant)
    plain = score_entries(
        classic, [SideEntry(meld=70, hand=15), SideEntry(meld=250, natural=1, out=True)]
    )
    assert plain[0].melds == 70


@settings(max_examples=40, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 120))
def test_positions_with_these_keys_read_back_the_same(seed: int, steps: int) -> None:
    """A position reached by random play under every key here, written out (no upcard: an empty
    `pile:` line; black threes on the side's `red` line) and read back, holds the same cards in
    the same places and offers the same moves, chance moves aside (draws, and discards that take
    a talon from a stock whose order a position does not know); a finished hand scores the
    same."""
    import random

    from canasta_rules.notation import read_position
    from canasta_rules.notation.writer import position_text

    r = ma_rules()
    s = deal(r, seed, dealer=seed % 4)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.over:
            break
        apply(s, rng.choice(legal_moves(s)))
    tags = [("Variant", "classic"), *(("Set", x) for x in MA)]
    text = position_text(s, tags)
    t = read_position(parse(text, "ma.pos")).state
    assert [t.hand_cards(p) for p in range(4)] == [s.hand_cards(p) for p in range(4)], text
    assert [sorted(x) for x in t.red3] == [sorted(x) for x in s.red3], text
    assert (t.pile, len(t.stock), t.phase, t.turn) == (s.pile, len(s.stock), s.phase, s.turn)

    def offered(x: State) -> set[Any]:
        chance = not x.over and x.phase == Phase.PLAY and talon_size(x) > 0
        return {
            m
            for m in legal_moves(x)
            if not isinstance(m, Draw) and not (chance and isinstance(m, Discard))
        }

    assert offered(t) == offered(s), text
    if s.over:
        assert score_hand(t) == score_hand(s), text
    assert position_text(t, tags) == text


def test_a_dead_card_may_not_go_onto_an_empty_pile() -> None:
    """CJ, 'Picking the pack': no seven, wild card, ace or dead card (SWAD) goes onto an empty
    pile; a king is dead once either side holds a canasta of kings. Holding only banned cards,
    the player may discard one (PAG's exception, pinned)."""
    kings = "Kc Kd Kh Ks Kc Kd Kh"
    s = position(
        "modern-american",
        hands={"N": "Ks 9d 5c"},
        melds={0: ["Qc Qd Qh"], 1: [kings]},
        pile="",
        phase=Phase.PLAY,
    )
    assert not s.pile
    assert code(s, Discard(C.parse("Ks"))) == "discard.empty_pile"
    assert code(s, Discard(C.parse("5c"))) is None
    only = position(
        "modern-american",
        hands={"N": "Ks 2c"},
        melds={0: ["Qc Qd Qh"], 1: [kings]},
        pile="",
        phase=Phase.PLAY,
    )
    assert code(only, Discard(C.parse("Ks"))) is None
