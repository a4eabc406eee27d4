"""``canasta tally`` under Modern American (docs/family/modern-american.md): canastas of sevens
and aces (CCOM, POC, WUS, CCP), canastas of wild cards by make-up and the charges for unfinished
special melds (CCP, WUS, CC), black threes laid out (CC, BUF, CCP), sets of aces or sevens held at
the end (CCP, CJ, WUS). Each count is scored against the engine's own score of the same finished
table, the impossible ones are refused in one line, and a whole sheet goes through the command.
A house ruleset with another special rank works the same way, from its data alone."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from helpers import cs, finished, points, position, run_cli

from canasta_rules import cards as C
from canasta_rules.bots import make_bot
from canasta_rules.engine import Game, State, score_hand
from canasta_rules.engine.rules import Rules
from canasta_rules.engine.scoring import SideScore
from canasta_rules.seats import side_names
from canasta_rules.tally import (
    Sheet,
    SideEntry,
    TallyError,
    entry_text,
    guided_entry,
    parse_entry,
    score_entries,
)
from canasta_rules.variant import load_variant

V = "modern-american"


def _rows(scores: list[SideScore]) -> list[list[tuple[str, int]]]:
    return [sc.rows() for sc in scores]


def tallied(entry: str, variant: str = V) -> list[SideScore]:
    """The scores of one hand entered on a new sheet."""
    return Sheet.new(variant).add(entry).scores


# ------------------------------------------------------------------------------------------------
# Each count against the engine's score of the same finished table


def test_sevens_black_threes_unfinished_aces_wild_meld_and_a_set_held() -> None:
    """CCP's worked example: a side with a natural canasta (500) and one of sevens (2500), two
    red threes (300) and one black three (100), going out (100): 3500 before the count. The
    other side: a mixed canasta, pure aces left unfinished (-2500, CCP, WUS), a meld of wild
    cards left unfinished (-2000, CCP, WUS), three aces in East's hand (-1500, CCP, CJ)."""
    s = position(
        V,
        hands={"N": "", "S": "Qc 9d", "E": "Ac Ad Ah 7s 5c", "W": "8c"},
        melds={
            0: ["7c 7d 7h 7s 7c 7d 7h", "Kc Kd Kh Ks Kc Kd Kh"],
            1: ["Qd Qh Qs Qd Qh 2s Jk", "Ac Ad Ah", "Jk Jk 2h"],
        },
        red3={0: "3h 3d 3c", 1: "3s"},
    )
    engine = score_hand(finished(s, 0))
    ns_m = points(V, "7c 7d 7h 7s 7c 7d 7h Kc Kd Kh Ks Kc Kd Kh")
    ew_m = points(V, "Qd Qh Qs Qd Qh 2s Jk Ac Ad Ah Jk Jk 2h")
    ew_h = points(V, "Ac Ad Ah 7s 5c 8c")
    ns_h = points(V, "Qc 9d")
    entry = (
        f"NS m {ns_m} n 1 c7 1 r 2 b 1 h {ns_h} out; EW m {ew_m} x 1 uA 1 uw 1 b 1 h {ew_h} hA 1"
    )
    scores = tallied(entry)
    assert _rows(scores) == _rows(engine)
    ns, ew = scores
    assert ns.total - ns.melds - ns.hands == 100 + 500 + 2500 + 300 + 100 == 3500
    assert (ew.penalties, ew.sets_in_hand, ew.red_threes) == (-4500, -1500, 0)
    assert (ns.natural_count, ns.black_three_count) == (2, 1)


def test_pure_aces_and_a_canasta_with_every_joker() -> None:
    """CCP, WUS: a canasta of pure aces 2500, a canasta of wild cards holding the pack's four
    jokers (with three twos) 2500; the other side's canasta of twos alone 3000, beside pure
    sevens left unfinished (-2500)."""
    s = position(
        V,
        hands={"N": "", "S": "", "E": "Kc", "W": "9h 9s"},
        melds={
            0: ["Ac Ad Ah As Ac Ad Ah", "Jk Jk Jk Jk 2c 2d 2h", "Qc Qd Qh"],
            1: ["7c 7d 7h 7s", "Kd Kh Ks Kd Kh Ks 2s"],
        },
        red3={0: "3h", 1: "3c 3s 3d"},
    )
    # N goes out; S was left with no cards either (a position may say so).
    engine = score_hand(finished(s, 0))
    ns_m = points(V, "Ac Ad Ah As Ac Ad Ah Jk Jk Jk Jk 2c 2d 2h Qc Qd Qh")
    ew_m = points(V, "7c 7d 7h 7s Kd Kh Ks Kd Kh Ks 2s")
    entry = f"NS m {ns_m} cA 1 wj 1 r 1 out; EW m {ew_m} x 1 u7 1 r 1 b 2 h 30"
    assert _rows(tallied(entry)) == _rows(engine)
    assert (engine[0].natural_canastas, engine[0].wild_canastas) == (2500, 2500)


def test_twos_alone_and_other_make_ups() -> None:
    """CCP, WUS: seven twos 3000; any other mix of wild cards 2000 (``w``). A side with no
    canasta counts its melds minus (CJ) and its threes minus (CCP), and an ace meld opened with
    a wild card is an ordinary meld, not charged unfinished (CCOM, POC)."""
    twos = position(
        V,
        hands={"N": "", "S": "5d", "E": "Kc Kd", "W": ""},
        melds={0: ["2c 2d 2h 2s 2c 2d 2h", "Qc Qd Qh Qs Qc Qd Qh"], 1: ["Ac Ad Ah Jk", "9c 9d 9h"]},
        red3={1: "3h 3c"},
    )
    engine = score_hand(finished(twos, 0))
    ns_m = points(V, "2c 2d 2h 2s 2c 2d 2h Qc Qd Qh Qs Qc Qd Qh")
    ew_m = points(V, "Ac Ad Ah Jk 9c 9d 9h")
    entry = f"NS m {ns_m} n 1 w2 1 h 5 out; EW m {ew_m} r 1 b 1 h 20"
    scores = tallied(entry)
    assert _rows(scores) == _rows(engine)
    assert scores[1].melds == -ew_m and scores[1].red_threes == scores[1].laid_black_threes == -100
    mixed = position(
        V,
        hands={"N": "", "S": "", "E": "4c", "W": "4d"},
        melds={0: ["Jk Jk Jk 2c 2d 2h 2s", "Kc Kd Kh Ks Kc Kd Kh"], 1: ["7c 7d 7h 7s 7c"]},
    )
    engine = score_hand(finished(mixed, 0))
    ns_m = points(V, "Jk Jk Jk 2c 2d 2h 2s Kc Kd Kh Ks Kc Kd Kh")
    entry = f"NS m {ns_m} n 1 w 1 out; EW m 25 u7 1 h 10"
    assert _rows(tallied(entry)) == _rows(engine)
    assert engine[0].wild_canastas == 2000 and engine[1].penalties == -2500


def test_cj_four_aces_and_three_sevens_cost_3000() -> None:
    """CJ: a player holding four aces and three sevens at the end costs the side 3000, two sets
    (CCP, WUS: 1500 each); their cards count in the hand points too."""
    s = position(
        V,
        hands={"N": "", "S": "", "E": "Ac Ad Ah As 7c 7d 7h", "W": "6c"},
        melds={0: ["Kc Kd Kh Ks Kc Kd Kh", "Qc Qd Qh Qs Qc Qd Qh"]},
    )
    engine = score_hand(finished(s, 0))
    ns_m = points(V, "Kc Kd Kh Ks Kc Kd Kh Qc Qd Qh Qs Qc Qd Qh")
    ew_h = points(V, "Ac Ad Ah As 7c 7d 7h 6c")
    scores = tallied(f"NS m {ns_m} n 2 out; EW h {ew_h} hA 1 h7 1")
    assert _rows(scores) == _rows(engine)
    assert scores[1].sets_in_hand == -3000


def _read_off(r: Rules, s: State) -> str:
    """The entry line a table would write from the cards of the finished hand ``s``: each meld
    on the table by its cards (seven or more make a canasta), the threes laid out by colour,
    the cards left in each hand, the sets each player holds."""
    special = {k for k in C.NATURAL_RANKS if r.special_wild[k]}
    sets = {k: count for k, count, _ in r.hand_sets}
    names = side_names(r.players, r.sides)
    parts = []
    for side, name in enumerate(names):
        e: dict[str, int] = {}

        def add(key: str, n: int = 1, e: dict[str, int] = e) -> None:
            e[key] = e.get(key, 0) + n

        for m in s.melds[side].values():
            cards = m.cards
            add("m", sum(r.value[c] for c in cards))
            wild = sum(1 for c in cards if C.is_wild(c))
            rank = next((C.RANK_OF[c] for c in cards if not C.is_wild(c)), 0)
            key = C.RANK_CHARS.get(rank, "")
            if len(cards) >= r.canasta_size:
                if wild == len(cards):
                    jokers = sum(1 for c in cards if c == C.JOKER)
                    add("w2" if not jokers else "wj" if jokers == 4 else "w")
                elif wild:
                    add("x")
                else:
                    add(f"c{key}" if rank in special else "n")
            elif wild == len(cards):
                add("uw")
            elif not wild and rank in special:
                add(f"u{key}")
        for c in s.red3[side]:
            add("b" if C.is_black_three(c) else "r")
        for p in r.members[side]:
            for c, n in enumerate(s.hands[p]):
                add("h", r.value[c] * n)
            for k, count in sets.items():
                if sum(s.hands[p][c] for c in range(C.NUM_CARD_IDS) if C.RANK_OF[c] == k) >= count:
                    add(f"h{C.RANK_CHARS[k]}")
        words = [name] + [f"{k} {v}" for k, v in e.items() if v]
        if s.out_player >= 0 and r.side_of[s.out_player] == side:
            words.append("concealed" if s.concealed else "out")
        parts.append(" ".join(words))
    return "; ".join(parts)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_bot_game_read_off_the_cards(seed: int) -> None:
    """Every hand of a bot game of Modern American, read off the cards at its end as a table
    would, scores in the tally what the engine scored, row by row, and the game ends alike."""
    game = Game(load_variant(V), seed)
    result = game.play(make_bot("greedy", seed))
    sheet = Sheet.new(V)
    for h in result.hands:
        assert h.end is not None
        line = _read_off(game.rules, h.end)
        tallied = sheet.add(line)
        assert _rows(tallied.scores) == _rows(h.score), line
    assert sheet.totals == result.scores
    assert sheet.winner == result.winner


# ------------------------------------------------------------------------------------------------
# A house ruleset with a special rank of its own


def _house(tmp_path: Path) -> str:
    path = tmp_path / "kings.toml"
    path.write_text(
        'extends = "classic"\nname = "kings"\n'
        '[[canastas.special]]\nrank = "king"\nwild = "never"\nbonus = 1000\n'
        "unfinished_penalty = 300\n"
        '[[canastas.special]]\nrank = "eight"\nwild = "opening_only"\nbonus = 700\n'
        "unfinished_penalty = 200\n",
        encoding="utf-8",
    )
    return str(path)


def test_a_house_special_rank_is_read_from_the_variant(tmp_path: Path) -> None:
    """Nothing in the tally names Modern American: a house ruleset whose kings and eights are
    special scores ``cK`` and ``u8`` from its own tables, and refuses sevens."""
    ref = _house(tmp_path)
    s = position(
        ref,
        hands={"N": "", "S": "5c", "E": "6d", "W": ""},
        melds={0: ["Kc Kd Kh Ks Kc Kd Kh", "Qc Qd Qh Qs Qc 2c Jk"], 1: ["8c 8d 8h"]},
        red3={0: "3h"},
    )
    engine = score_hand(finished(s, 0))
    ns_m = points("classic", "Kc Kd Kh Ks Kc Kd Kh Qc Qd Qh Qs Qc 2c Jk")
    scores = tallied(f"NS m {ns_m} cK 1 x 1 r 1 h 5 out; EW m 30 u8 1 h 5", ref)
    assert _rows(scores) == _rows(engine)
    assert (scores[0].natural_canastas, scores[1].penalties) == (1000, -200)
    with pytest.raises(
        TallyError,
        match=r"sevens have no rule of their own in this ruleset \(canastas.special: eights, "
        r"kings\)",
    ):
        Sheet.new(ref).add("NS m 300 c7 1")


# ------------------------------------------------------------------------------------------------
# Refusals


@pytest.mark.parametrize(
    ("entry", "reason"),
    [
        (
            "NS m 100 c9 1",
            "NS: c9 1: nines have no rule of their own in this ruleset (canastas.special: sevens, "
            "aces)",
        ),
        ("NS m 100 u9 1", "NS: u9 1: nines have no rule of their own"),
        (
            "NS m 100 c7 1; EW m 100 c7 1",
            "2 canastas of sevens entered; once one is made nobody melds sevens again "
            "(canastas.dead_ranks)",
        ),
        (
            "NS m 300 c7 1; EW m 30 u7 1",
            "the sevens entered need at least 10 of them (each canasta 7, each unfinished meld "
            "3); the pack of 108 cards holds 8",
        ),
        (
            "NS m 300 cA 1 h 60 hA 1",
            "the aces entered need at least 10 of them (each canasta 7, each set held 3)",
        ),
        (
            "NS m 300 cA 1 uA 1",
            "NS: 2 melds of aces: a closed canasta of a rank is not melded again "
            "(canastas.reopen_closed_rank)",
        ),
        ("NS m 300 u7 2", "NS: u7 2: a side has one meld of sevens at a time"),
        (
            "NS m 300 n 1 c7 1 uw 1 out",
            "NS went out with a meld of wild cards unfinished; this ruleset forbids it "
            "(melds.wild_melds.open_blocks_going_out)",
        ),
        ("NS m 300 uw 2", "NS: uw 2: a side has one meld of wild cards at a time"),
        (
            "NS m 300 w 1 x 6; EW m 100 uw 1",
            "x, w, uw: the canastas entered need at least 16 wild cards (each wild canasta 7, each "
            "mixed one 1, each unfinished meld of wild cards 3); the pack of 108 cards holds 12",
        ),
        ("NS b 3; EW b 2", "5 black threes entered (NS 3, EW 2); the pack of 108 cards holds 4"),
        (
            "NS m 100; EW h 60 hK 1",
            "EW: hK 1: this ruleset charges no set of kings held at the end "
            "(penalties.in_hand_sets; it charges sevens, aces)",
        ),
        (
            "NS m 300 n 1 c7 1 h 120 hA 2 out",
            "NS: hA 2: a side of 2 players, one of whom went out, holds at most 1 set of aces",
        ),
        ("EW m 100; NS h 20 hA 1", "NS: the sets held are at least 60 points of cards in hand"),
        (
            "NS m 30 uA 1",
            "NS: 1 unfinished meld is worth at least 60 in meld points, but m is 30",
        ),
        ("NS m 30 c7 1", "NS: 1 canasta of 7 cards is worth at least 35 in meld points"),
        ("NS m 100 c2 1", "NS: 'c2' is not one of the tally's counts"),
        ("NS m 100 c71", "NS: 'c71': put a space between 'c7' and its number: 'c7 1'"),
        ("NS m 100 c7 1 C7 1", "NS: c7 is given twice"),
    ],
)
def test_impossible_entries_refused(entry: str, reason: str) -> None:
    sheet = Sheet.new(V)
    with pytest.raises(TallyError) as info:
        sheet.add(entry)
    message = str(info.value)
    assert reason in message
    assert "\n" not in message
    assert sheet.hands == []


@pytest.mark.parametrize(
    ("entry", "reason"),
    [
        (
            "NS m 300 w2 1; EW m 300 w2 1",
            "the canastas of wild cards entered (w2, wj) need at least 14 twos; the pack of 110 "
            "cards holds 8",
        ),
        (
            "NS m 500 wj 1; EW m 500 wj 1",
            "only one canasta of wild cards can hold all 6 jokers of the pack (wj)",
        ),
    ],
)
def test_twos_and_jokers_counted_apart(entry: str, reason: str) -> None:
    """With two packs the wild cards run out before the twos or the jokers do; with three
    jokers a pack (a house setting: 14 wild cards) two canastas of twos alone need 14 of the 8
    twos, and every joker can be in one canasta only."""
    with pytest.raises(TallyError) as info:
        Sheet.new(V, ("deck.jokers_per_deck=3",)).add(entry)
    assert reason in str(info.value)


@pytest.mark.parametrize(
    ("variant", "entry", "reason"),
    [
        ("classic", "NS m 300 c7 1", "NS: c7 1: this ruleset has no special canastas by rank"),
        ("classic", "NS m 300 uA 1", "NS: uA 1: this ruleset has no special melds by rank"),
        ("classic", "NS m 300 uw 1", "NS: uw 1: this ruleset has no melds of wild cards"),
        ("classic", "NS m 300 w2 1", "NS: w2 1: this ruleset has no melds of wild cards"),
        ("classic", "NS b 1", "NS: b 1: this ruleset does not lay black threes out"),
        ("classic", "NS h 60 hA 1", "NS: hA 1: this ruleset charges no set of aces held"),
        (
            "uruguayan",
            "NS m 300 w2 1",
            "NS: w2 1: this ruleset gives no canasta of wild cards a bonus by its make-up "
            "(melds.wild_melds.twos_bonus); enter it under w",
        ),
        (
            "uruguayan",
            "NS m 300 w 1 uw 1",
            "NS: uw 1 beside a canasta of wild cards: a side keeps one meld of wild cards",
        ),
    ],
)
def test_items_without_their_rule_refused(variant: str, entry: str, reason: str) -> None:
    with pytest.raises(TallyError) as info:
        Sheet.new(variant).add(entry)
    assert reason in str(info.value)
    assert "\n" not in str(info.value)


def test_only_forming_partnerships_are_refused() -> None:
    """Modern American is tallied now; cutthroat's partnerships formed during the hand (BCT)
    are still refused when the sheet is started."""
    assert Sheet.new(V).rules.special_scoring
    with pytest.raises(TallyError, match=r"seating.forming"):
        Sheet.new("three-hand-cutthroat")


# ------------------------------------------------------------------------------------------------
# The entry line, the prompt and the command


def test_new_items_round_trip() -> None:
    r = Sheet.new(V).rules
    entries = parse_entry(r, "ew ha 1 h 80 UW 1 c10 0 ua 1; ns CA 1 n 1 w2 1 b 2 h7 1 h 5 out")
    assert entries[0] == SideEntry(
        natural=1, twos=1, black=2, hand=5, out=True, special=((14, 1),), sets=((7, 1),)
    )
    text = entry_text(r, entries)
    assert text == "NS n 1 cA 1 w2 1 b 2 h 5 h7 1 out; EW uA 1 uw 1 h 80 hA 1"
    assert parse_entry(r, text) == entries
    assert entries[1].unfinished_melds == 2 and entries[1].melded


def test_guided_prompt_asks_the_ruleset_items() -> None:
    """The prompt asks for canastas of sevens and aces, the wild canastas by make-up, the
    unfinished melds, the black threes and the sets only where the ruleset has them."""
    asked: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        answers = {
            "NS meld points (cards on the table): ": "250",
            "NS other natural canastas: ": "1",
            "NS canastas of pure sevens: ": "1",
            "NS red threes: ": "2",
            "NS black threes: ": "1",
            "EW meld points (cards on the table): ": "195",
            "EW mixed canastas: ": "1",
            "EW unfinished melds of pure aces: ": "1",
            "EW unfinished melds of wild cards: ": "1",
            "EW points left in hands: ": "80",
            "EW players holding 3 or more aces: ": "1",
            "who went out (NS, EW, or blank if nobody did)? ": "ns",
        }
        return answers.get(prompt, "")

    sheet = Sheet.new(V)
    text = guided_entry(sheet, ask)
    assert text == "NS m 250 n 1 c7 1 r 2 b 1 out; EW m 195 x 1 uA 1 uw 1 h 80 hA 1"
    keys = [p.split(" ", 1)[1] for p in asked if p.startswith("NS ")]
    assert keys == [
        "meld points (cards on the table): ",
        "other natural canastas: ",
        "canastas of pure sevens: ",
        "canastas of pure aces: ",
        "mixed canastas: ",
        "canastas of wild cards, all twos: ",
        "canastas of wild cards with every joker: ",
        "other canastas of wild cards: ",
        "unfinished melds of pure sevens: ",
        "unfinished melds of pure aces: ",
        "unfinished melds of wild cards: ",
        "red threes: ",
        "black threes: ",
        "points left in hands: ",
        "players holding 3 or more aces: ",
        "players holding 3 or more sevens: ",
    ]
    assert sheet.add(text).scores[0].total == 250 + 3500


def test_cli_two_hands_of_modern_american(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A whole sheet through the command: two hands entered, the sheet file, the totals (CCP's
    counts; game to 8500, POC) and the minimums (125 below 3000, 155 below 5000: cat, CLA)."""
    sheet = tmp_path / "ma.toml"
    one = "NS m 250 c7 1 n 1 r 2 b 1 out; EW m 195 x 1 uA 1 uw 1 h 80 hA 1"
    two = "NS m 180 x 1 u7 1 h 40; EW m 400 w2 1 cA 1 r 1 concealed"
    code, out, err = run_cli(
        capsys, "tally", V, "--sheet", str(sheet), "--hand", one, "--hand", two
    )
    assert code == 0, err
    first = 250 + 100 + 500 + 2500 + 300 + 100
    second_ew = 400 + 3000 + 2500 + 100 + 100  # one red three with two canastas: 100
    assert "Black threes laid out" in out and "Sets in hand" in out
    assert f"totals after 2 hands: NS {first + 180 + 300 - 2500 - 40}" in out
    ew_total = 195 + 300 - 80 - 4500 - 1500 + second_ew
    assert f"EW {ew_total} (target 8500)" in out
    assert "minimum to open next hand: NS 125, EW 125" in out
    data = tomllib.loads(sheet.read_text(encoding="utf-8"))
    assert data["variant"] == V
    assert data["hands"] == [
        "NS m 250 n 1 c7 1 r 2 b 1 out; EW m 195 x 1 uA 1 uw 1 h 80 hA 1",
        "NS m 180 x 1 u7 1 h 40; EW m 400 cA 1 w2 1 r 1 concealed",
    ]
    code, out, err = run_cli(capsys, "tally", "--sheet", str(sheet), "--print")
    assert code == 0, err
    assert f"EW {ew_total}" in out
    code, out, err = run_cli(capsys, "tally", "--sheet", str(sheet), "--hand", "NS m 100 c8 1")
    assert code == 2
    assert err.strip().splitlines() == [
        "canasta: --hand 1: NS: c8 1: eights have no rule of their own in this ruleset "
        "(canastas.special: sevens, aces)"
    ]


def test_score_entries_takes_the_rules_alone() -> None:
    """score_entries checks before it scores, with the new counts too."""
    r = Sheet.new(V).rules
    with pytest.raises(TallyError, match="black threes"):
        score_entries(r, [SideEntry(black=5), SideEntry()])
    assert cs("Ac") == (C.card(C.ACE, 0),)


def test_no_second_meld_of_wild_cards_after_a_closed_wild_canasta() -> None:
    """Modern American (POC, WUS: a side never melds a closed canasta's kind again;
    canastas.reopen_closed_rank = false): an unfinished meld of wild cards beside the side's wild
    canasta cannot be, as the engine refuses to begin one; Bolivia (pinned: another meld of wild
    cards may follow a finished bolivia) keeps it."""
    with pytest.raises(TallyError, match=r"canastas\.reopen_closed_rank"):
        Sheet.new("modern-american").add("NS m 700 w 1 uw 1 n 1 x 1; EW m 100")
    Sheet.new("bolivia").add("NS m 700 w 1 uw 1 n 1 x 1; EW m 100")


def test_going_out_with_pure_sevens_unfinished_is_refused() -> None:
    """CJ, 'Aces & 7s in Canasta' (docs/family/modern-american.md): no going out while the side's
    pure aces or sevens are unfinished; the opponents may still have them unfinished when a side
    goes out (and pay 2500)."""
    with pytest.raises(TallyError) as e:
        Sheet.new("modern-american").add("NS m 300 n 1 x 1 u7 1 out")
    assert str(e.value) == (
        "NS went out with a pure meld of sevens unfinished (u7 1); this ruleset forbids it "
        "(canastas.special: open_blocks_going_out)"
    )
    hand = Sheet.new("modern-american").add("NS m 300 n 1 x 1 out; EW m 100 uA 1")
    assert hand.scores[1].penalties == -2500
