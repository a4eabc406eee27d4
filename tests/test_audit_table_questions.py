"""A new user at a card table asks "is this move legal, and what does it score?".

Each test is a short position written by hand from README.md, docs/notation.md, docs/cli.md and
docs/examples/ only, then put to the command line as a player would (`canasta ruling`, `moves`,
`score`, `compare`). The expected answer is read from the ruleset's source text, never from the
engine:

- classic family: /work/shared/sources/000-004 (cited by file name and the passage paraphrased);
- the rest of the family: the pages named in canasta_rules/sources.py, cited by id, title and
  address (BC, BCB, RGB, BNC, RGU, RG3, RG6 = Rummy-Games "Canasta For Six Players"
  http://www.rummy-games.com/rules/canasta-for-six.html, B2 = Bicycle "Two-Hand Canasta"
  http://www.bicyclecards.ca/game-rules/two-hand-canasta/115.php?page_id=32, POC, CJ, RDC, TX).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import run_cli

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"

# ---------------------------------------------------------------------------------------------
# helpers: write a position, ask the command line, read the answer as a player reads it


def _ask(tmp_path: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    """Run canasta with ``args``; a first argument that is a position text is written to a
    file first."""
    argv = list(args)
    if "\n" in argv[1]:
        path = tmp_path / "table.pos"
        path.write_text(argv[1])
        argv[1] = str(path)
    code, out, err = run_cli(capsys, *argv)
    return code, out + err


def _verdict(out: str) -> tuple[str, str | None]:
    """The first word of a ruling and the rule code in brackets at the end of its first line."""
    first = out.splitlines()[0]
    word = first.split(":")[0].split()[0]
    code = first.rsplit("(", 1)[1].rstrip(")") if first.endswith(")") else None
    return word, code


def _table(out: str) -> dict[str, tuple[str, str | None]]:
    """The rows of a ruling asked under several rulesets: ruleset -> (ruling, rule code)."""
    rows: dict[str, tuple[str, str | None]] = {}
    for line in out.splitlines()[1:]:
        if not line.strip() or line.startswith("-"):
            break
        cells = line.split()
        rows[cells[0]] = (cells[1], cells[2] if len(cells) > 2 and "." in cells[2] else None)
    return rows


def _score(out: str) -> dict[str, list[int]]:
    """A score breakdown: row name -> the sides' figures."""
    rows: dict[str, list[int]] = {}
    for line in out.splitlines()[1:]:
        words = line.split()
        nums = [w for w in words if w.lstrip("-").isdigit()]
        if nums:
            rows[" ".join(w for w in words if w not in nums)] = [int(n) for n in nums]
    return rows


def _rule(tmp_path: Path, capsys: pytest.CaptureFixture[str], pos: str, move: str, *opts: str):
    code, out = _ask(tmp_path, capsys, "ruling", pos, move, *opts)
    return code, out


# ---------------------------------------------------------------------------------------------
# positions a table writes (four seats unless said)

TAIL = "hand E: 4c 5d 8h\nhand S: Ac 6c 8d\nhand W: 4d 5h 6h\n"

# North-South have opened (three queens); North to draw; the pile shows a seven.
OPENED = (
    '[Variant "classic"]\n[Scores "NS 700, EW 400"]\n'
    "hand N: 7c Jk 5s 9h Kd\n" + TAIL + "melds NS: Qc Qd Qh\npile: 4s 7h\nto move: N draw\n"
)


def test_unfrozen_pile_natural_and_wild(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """001, "Taking the discard pile" table: an unfrozen pile is taken with one matching natural
    and one wild card from the hand."""
    code, out = _rule(tmp_path, capsys, OPENED, "take with 7c Jk")
    assert (code, _verdict(out)) == (0, ("legal", None))


def test_frozen_by_a_two_needs_the_pair(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """001, "What freezes it?": a buried two freezes the pile for both sides; then only a
    natural pair from the hand takes it."""
    pos = OPENED.replace("pile: 4s 7h", "pile: 2c 4s 7h")
    code, out = _rule(tmp_path, capsys, pos, "take with 7c Jk")
    assert (code, _verdict(out)) == (1, ("refused", "pile.frozen.needs_natural_pair"))


def test_black_three_on_top_blocks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """001: "A wild card or black three on top always blocks pickup"."""
    pos = OPENED.replace("pile: 4s 7h", "pile: 4s 7h 3s")
    code, out = _rule(tmp_path, capsys, pos, "take with 7c Jk")
    assert (code, _verdict(out)) == (1, ("refused", "pile.top_black_three"))


def test_covered_black_three_classic_against_bicycle(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """001: a covered black three imposes nothing further under Pagat's rules, while Bicycle's
    account (named in 001's "Variants") treats black threes as freezing cards."""
    pos = OPENED.replace("pile: 4s 7h", "pile: 4s 3s 7h")
    code, out = _rule(
        tmp_path, capsys, pos, "take with 7c Jk", "--variant", "classic", "--variant", "bicycle"
    )
    assert code == 1
    assert _table(out) == {
        "classic": ("legal", None),
        "bicycle": ("refused", "pile.frozen.needs_natural_pair"),
    }


def test_uruguayan_pile_always_needs_a_pair(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """RGU (Rummy-Games, Uruguay Rules, http://www.rummy-games.com/rules/uruguay.html): the pile
    is always "frozen" and is taken only with a natural pair matching the upcard."""
    pos = OPENED.replace("classic", "uruguayan")
    code, out = _rule(
        tmp_path, capsys, pos, "take with 7c Jk", "--variant", "uruguayan", "--variant", "classic"
    )
    assert code == 1
    assert _table(out) == {
        "uruguayan": ("refused", "pile.way_not_allowed"),
        "classic": ("legal", None),
    }


ONE_CARD = (
    '[Variant "classic"]\n[Scores "NS 700, EW 400"]\nhand N: 7c\n'
    + TAIL
    + "melds NS: Qc Qd Qh Qs Qc Qd Qh, 7d 7s 7s\npile: 7h\nto move: N draw\n"
)


def test_one_card_hand_one_card_pile(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """001: "A player holding only one card cannot take a discard pile containing only one
    card" (004 rule 9 says the same)."""
    code, out = _rule(tmp_path, capsys, ONE_CARD, "take 7h", "--variant", "general")
    assert (code, _verdict(out)) == (1, ("refused", "pile.one_card"))


def test_uruguayan_top_card_onto_meld_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """RGU: the pile is taken only with a natural pair, so the top card alone onto the side's
    sevens does not take it; under 001 it does (unfrozen: "adding the top card directly to an
    existing team meld")."""
    pos = (
        '[Variant "uruguayan"]\n[Scores "NS 700, EW 400"]\nhand N: 7c 5s 9h Kd\n'
        + TAIL
        + "melds NS: 7d 7s 7s\npile: 4s 7h\nto move: N draw\n"
    )
    code, out = _rule(tmp_path, capsys, pos, "take 7h", "--variant", "uruguayan", "--all")
    rows = _table(out)
    assert code == 1
    assert rows["uruguayan"] == ("refused", "pile.way_not_allowed")
    assert rows["classic"] == ("legal", None)


# ---- the initial meld


def test_opening_at_90_with_the_pile(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """001, "Pickup example: opening at 90": two aces with the top ace (60) and three kings (30)
    reach 90 and take the pile; the aces alone do not."""
    pos = (
        '[Variant "classic"]\n[Scores "NS 1600, EW 400"]\nhand N: Ac Ad Kc Kd Ks 5s 9h\n'
        "hand E: 4c 5d 8h\nhand S: 6c 8d 9d\nhand W: 4d 5h 6h\npile: 4s Kh Ah\nto move: N draw\n"
    )
    code, out = _rule(tmp_path, capsys, pos, "take Ah with Ac Ad and Kc Kd Ks")
    assert (code, _verdict(out)) == (0, ("legal", None))
    code, out = _rule(tmp_path, capsys, pos, "take Ah with Ac Ad")
    assert (code, _verdict(out)) == (1, ("refused", "open.below_minimum"))
    assert "at least 90" in out and "count 60" in out


ENC_1600 = (
    '[Variant "encyclopedia"]\n[Scores "NS 1600, EW 400"]\n'
    "hand N: 6c 6d 6h Kc Kd Ks 2c Ac Ad Ah 9h\nhand E: 4c 5d 8h\nhand S: 7c 8d 9d\n"
    "hand W: 4d 5h 7h\npile: 4s 9c\nturn: drew stock\nto move: N play\n"
)


def test_000_initial_meld_example(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """000, the initial-meld example at a team score of 1600: 6-6-6 with K-K-K-2 (65) cannot be
    laid against 90; 6-6-6 with A-A-A-2 (95) can."""
    code, out = _rule(tmp_path, capsys, ENC_1600, "meld 6c 6d 6h, Ac Ad Ah 2c discard 9h")
    assert (code, _verdict(out)) == (0, ("legal", None))
    code, out = _rule(tmp_path, capsys, ENC_1600, "meld 6c 6d 6h, Kc Kd Ks 2c discard 9h")
    assert (code, _verdict(out)) == (1, ("refused", "open.below_minimum"))
    assert "count 65" in out


def test_000_example_below_1500_both_pass(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """000: "both initial melds could be played if the team's total score were below 1500"."""
    pos = ENC_1600.replace("NS 1600", "NS 1400")
    code, out = _rule(tmp_path, capsys, pos, "meld 6c 6d 6h, Kc Kd Ks 2c discard 9h")
    assert (code, _verdict(out)) == (0, ("legal", None))


def test_000_example_at_3000_neither(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """000: "neither could be played if the team's total score were 3000 or higher" (120)."""
    pos = ENC_1600.replace("NS 1600", "NS 3000")
    code, out = _rule(tmp_path, capsys, pos, "meld 6c 6d 6h, Ac Ad Ah 2c discard 9h")
    assert (code, _verdict(out)) == (1, ("refused", "open.below_minimum"))
    assert "at least 120" in out


NEGATIVE = (
    '[Variant "novice"]\n[Scores "NS -200, EW 400"]\nhand N: 4c 4d 4h 9h Kd\n'
    "hand E: 4s 5d 8h\nhand S: Ac 6c 8d\nhand W: 4d 5h 6h\npile: 4s 7h\n"
    "turn: drew stock\nto move: N play\n"
)


def test_negative_score_minimum(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A side below zero: 001 and 000 ask only 15, so three fours open; 003 lists no negative
    tier (its lowest is 0-1499: 50), so under the novice rules they do not."""
    code, out = _rule(
        tmp_path,
        capsys,
        NEGATIVE,
        "meld 4c 4d 4h",
        *("--variant", "novice", "--variant", "classic", "--variant", "encyclopedia"),
    )
    assert code == 1
    assert _table(out) == {
        "novice": ("refused", "open.below_minimum"),
        "classic": ("legal", None),
        "encyclopedia": ("legal", None),
    }


def test_general_minimum_from_previous_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """004, "Initial meld requirement": the count requirement is set by the partners' score in
    the previous hand. A side at 2000 that scored -50 last hand needs 15 under 004, 90 under
    001 (side total)."""
    pos = NEGATIVE.replace('"novice"', '"general"').replace(
        '[Scores "NS -200, EW 400"]', '[Scores "NS 2000, EW 400"]\n[Previous "NS -50, EW 100"]'
    )
    code, out = _rule(
        tmp_path, capsys, pos, "meld 4c 4d 4h", "--variant", "general", "--variant", "classic"
    )
    assert code == 1
    assert _table(out) == {
        "general": ("legal", None),
        "classic": ("refused", "open.below_minimum"),
    }


# ---- melds


WILD = (
    '[Variant "classic"]\n[Scores "NS 700, EW 400"]\nhand N: 9c 9d 2c 2d Jk Jk 5c 8h\n'
    + TAIL
    + "melds NS: Qc Qd Qh\npile: 4h 7h\nturn: drew stock\nto move: N play\n"
)


def test_three_wild_two_natural(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """9-9-2-2-Jk: 001 and 003 allow up to three wild cards with two naturals; 004 says wild
    cards can never exceed the natural cards in a meld."""
    code, out = _rule(
        tmp_path,
        capsys,
        WILD,
        "meld 9c 9d 2c 2d Jk",
        *("--variant", "classic", "--variant", "novice", "--variant", "general"),
    )
    assert code == 1
    assert _table(out) == {
        "classic": ("legal", None),
        "novice": ("legal", None),
        "general": ("refused", "meld.more_wild_than_natural"),
    }


def test_four_wild_cards(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """000: 9-9-2-2-2-Joker is not legal, more than three wild cards."""
    code, out = _rule(tmp_path, capsys, WILD, "meld 9c 9d 2c 2d Jk Jk", "--variant", "encyclopedia")
    assert (code, _verdict(out)) == (1, ("refused", "meld.too_many_wild"))


def test_one_natural(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """000: 5-2-2 is not a legal meld, it has only one natural card."""
    code, out = _rule(tmp_path, capsys, WILD, "meld 5c 2c 2d", "--variant", "encyclopedia")
    assert (code, _verdict(out)) == (1, ("refused", "meld.too_few_naturals"))


def test_all_wild_meld_classic(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """001: "An all-wild meld is not allowed"."""
    code, out = _rule(tmp_path, capsys, WILD, "meld 2c 2d Jk")
    assert (code, _verdict(out)) == (1, ("refused", "meld.all_wild"))


ONLINE = (
    '[Variant "online"]\n[Scores "N 700, S 400"]\nhand N: 9c 9d 2c 2d Jk 5c 8h\n'
    "hand S: Ac 6c 8s 7d\nmelds N: Qc Qd Qh\npile: 4h 7h\nturn: drew stock\nto move: N play\n"
)


def test_online_more_wild_than_natural(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """002, "Special Cards": no meld may contain more than three wild cards or more wild than
    natural cards; two of each is allowed."""
    code, out = _rule(tmp_path, capsys, ONLINE, "meld 9c 9d 2c 2d Jk")
    assert (code, _verdict(out)) == (1, ("refused", "meld.more_wild_than_natural"))
    code, out = _rule(tmp_path, capsys, ONLINE, "meld 9c 9d 2c 2d")
    assert (code, _verdict(out)) == (0, ("legal", None))


GENERAL_CANASTA = (
    '[Variant "general"]\n[Scores "NS 700, EW 400"]\nhand N: 2h 5c 8h 9s\n'
    + TAIL
    + "melds NS: Qc Qd Qh Qs 2c 2d Jk\npile: 4h 7h\nturn: drew stock\nto move: N play\n"
)


def test_fourth_wild_on_a_finished_canasta(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """004, melds: once formed, a canasta may take any number of wild cards; 001 keeps the
    three-wild-card limit on a canasta too, as does 000."""
    code, out = _rule(
        tmp_path,
        capsys,
        GENERAL_CANASTA,
        "add Q: 2h",
        *("--variant", "general", "--variant", "classic", "--variant", "encyclopedia"),
    )
    assert code == 1
    assert _table(out) == {
        "general": ("legal", None),
        "classic": ("refused", "meld.too_many_wild"),
        "encyclopedia": ("refused", "meld.too_many_wild"),
    }


BLACK = (
    '[Variant "classic"]\n[Scores "NS 700, EW 400"]\nhand N: 3c 3s 3s 2d 8c 8d 9h\n'
    + TAIL.replace("8d", "8s")
    + "melds NS: Qc Qd Qh Qs Qc Qd Qh\npile: 4h 7h\nturn: drew stock\nto move: N play\n"
)


def test_black_threes_only_going_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """001: three or four black threes may be melded only when going out; going out with them
    (after the side's canasta) is legal."""
    code, out = _rule(tmp_path, capsys, BLACK, "meld 3c 3s 3s discard 9h")
    assert (code, _verdict(out)) == (1, ("refused", "meld.black_threes.not_going_out"))
    code, out = _rule(tmp_path, capsys, BLACK, "meld 3c 3s 3s, 8c 8d 2d discard 9h")
    assert (code, _verdict(out)) == (0, ("legal", None))


def test_black_threes_with_a_wild(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """000: wild cards may not be used in a meld of black threes."""
    code, out = _rule(
        tmp_path, capsys, BLACK, "meld 3c 3s 3s 2d, 8c 8d 9h", "--variant", "encyclopedia"
    )
    assert (code, _verdict(out)) == (1, ("refused", "meld.black_threes.wild"))


# ---- going out

NO_CANASTA = (
    '[Variant "classic"]\n[Scores "NS 700, EW 400"]\nhand N: 9c 9d 9h 4s\n'
    + TAIL
    + "melds NS: Qc Qd Qh Qs 2c\npile: 4h 7h\nturn: drew stock\nto move: N play\n"
)


def test_no_canasta_keep_a_card(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """001, "Going out": without a team canasta, keep at least one card after discarding."""
    code, out = _rule(tmp_path, capsys, NO_CANASTA, "meld 9c 9d 9h discard 4s")
    assert (code, _verdict(out)) == (1, ("refused", "meld.keep_a_card"))


def test_going_out_score_shown(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """001, "Scoring": melded cards + canasta bonus (mixed 300) + 100 for going out - the
    partner's hand. Queens 5x10 + two twos 40 and nines 30 = 120; South holds 35: 485."""
    pos = NO_CANASTA.replace("Qc Qd Qh Qs 2c", "Qc Qd Qh Qs Qd 2c 2d")
    code, out = _rule(tmp_path, capsys, pos, "meld 9c 9d 9h discard 4s", "--show")
    assert code == 0 and out.startswith("legal")
    assert "North goes out: the hand ends" in out
    score = _score(out)
    assert score["Total"] == [485, -35]
    assert score["Going out"] == [100, 0]


def test_out_without_discard_classic_against_general(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """001: going out may meld every card, the final discard is optional; 004 says the player
    cannot meld the last card and must discard it to go out."""
    pos = NO_CANASTA.replace("Qc Qd Qh Qs 2c", "Qc Qd Qh Qs Qd 2c 2d").replace(
        "9c 9d 9h 4s", "9c 9d 9h"
    )
    code, out = _rule(
        tmp_path, capsys, pos, "meld 9c 9d 9h", "--variant", "classic", "--variant", "general"
    )
    rows = _table(out)
    assert code == 1
    assert rows["classic"] == ("legal", None)
    assert rows["general"] == ("refused", "out.final_discard")


SIX_ONE = (
    '[Variant "six-hand"]\n[Scores "ACE 700, BDF 400"]\nhand A: 9c 9d 9h 4s\n'
    "hand B: 4c 5d\nhand C: 6c\nhand D: 4d\nhand E: 8h\nhand F: 5h\n"
    "melds ACE: Kc Kd Kh Ks Kc Kd Kh\nmelds BDF: Qc Qd Qh\npile: 4h 7h\n"
    "turn: drew stock\nto move: A play\n"
)


def test_six_hand_needs_two_canastas(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """RG6 (Rummy-Games, Canasta For Six Players): two canastas are required to go out."""
    code, out = _rule(tmp_path, capsys, SIX_ONE, "meld 9c 9d 9h discard 4s")
    assert (code, _verdict(out)) == (1, ("refused", "meld.keep_a_card"))
    assert "2 canastas" in out


TWO_HAND = (
    '[Variant "two-hand"]\n[Scores "N 700, S 400"]\nhand N: 9c 9d 9h 5s\n'
    "hand S: Ac 6c 8s 7d\nmelds N: Qc Qd Qh Qs Qc Qd Qh\nmelds S: Kc Kd Kh\n"
    "pile: 4h 7h\nto move: N draw\n"
)


def test_two_hand_draws_two(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """B2 (Bicycle, Two-Hand Canasta): a draw from the stock is two cards, one discarded."""
    code, out = _rule(tmp_path, capsys, TWO_HAND, "draw 5c discard 5s")
    assert (code, _verdict(out)) == (1, ("refused", "draw.too_few"))
    code, out = _rule(tmp_path, capsys, TWO_HAND, "draw 5c 6c discard 5c")
    assert (code, _verdict(out)) == (0, ("legal", None))


def test_two_hand_two_canastas_to_go_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """B2: "A player must have two canastas to go out"; 002's base game asks one."""
    code, out = _rule(tmp_path, capsys, TWO_HAND, "draw 5c 5d meld 9c 9d 9h, 5c 5d 5s")
    assert (code, _verdict(out)) == (1, ("refused", "out.canastas"))
    pos = TWO_HAND.replace('"two-hand"', '"online-draw-two"')
    code, out = _rule(tmp_path, capsys, pos, "draw 5c 5d meld 9c 9d 9h, 5c 5d 5s")
    assert (code, _verdict(out)) == (0, ("legal", None))


THREE = (
    '[Variant "three-hand"]\n[Scores "N 700, E 400, W 300"]\nhand N: 9c 9d 9h 5s\n'
    "hand E: Ac 6c 8s 7d\nhand W: 4d 5h 6h\nmelds N: Qc Qd Qh Qs Qc Qd Qh\n"
    "melds E: Kc Kd Kh\npile: 4h 7h\nto move: N draw\n"
)


def test_three_hand_plain_against_cutthroat_draw(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """RG3 (Rummy-Games, Canasta For Three Players): the plain three-hand game plays as the
    four-hand one (a draw of one); in the cutthroat game the player draws two and discards
    one."""
    code, out = _rule(
        tmp_path,
        capsys,
        THREE,
        "draw 5c meld 9c 9d 9h discard 5s",
        *("--variant", "three-hand", "--variant", "three-hand-cutthroat"),
    )
    assert code == 1
    assert _table(out) == {
        "three-hand": ("legal", None),
        "three-hand-cutthroat": ("refused", "draw.too_few"),
    }


def test_cutthroat_two_canastas(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """RG3, cutthroat: two canastas are required to go out; the plain game needs one."""
    pos = THREE.replace('"three-hand"', '"three-hand-cutthroat"')
    code, out = _rule(tmp_path, capsys, pos, "draw 5c 5d meld 9c 9d 9h, 5c 5d 5s")
    assert (code, _verdict(out)) == (1, ("refused", "out.canastas"))
    code, out = _rule(tmp_path, capsys, THREE, "draw 5c meld 9c 9d 9h discard 5s")
    assert (code, _verdict(out)) == (0, ("legal", None))


def test_cutthroat_partners_example(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """RG3, cutthroat: the first to take the pile plays alone and the other two combine their
    melds, so West may add to the kings East melded (docs/examples/cutthroat-partners.pos)."""
    code, out = _ask(
        tmp_path,
        capsys,
        "ruling",
        str(EXAMPLES / "cutthroat-partners.pos"),
        "add K: Ks",
        "--variant",
        "three-hand-cutthroat",
    )
    assert (code, _verdict(out)) == (0, ("legal", None))


# ---- asking partner, the stock running out


def test_asking_yes_obliges(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """000: if the partner answers yes, the player must go out this turn; if no, may not."""
    pos = str(EXAMPLES / "asking.pos")
    code, out = _ask(tmp_path, capsys, "ruling", pos, "N ask yes discard 4s")
    assert (code, _verdict(out)) == (1, ("refused", "out.permission_obliges"))
    code, out = _ask(tmp_path, capsys, "ruling", pos, "N ask no meld 5c 5d 5h, K: Kd discard 4s")
    assert (code, _verdict(out)) == (1, ("refused", "out.permission_refused"))
    code, out = _ask(tmp_path, capsys, "ruling", pos, "N ask yes meld 5c 5d 5h, K: Kd discard 4s")
    assert (code, _verdict(out)) == (0, ("legal", None))


def test_stock_out_forced_pickup(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """001, "When the stock runs out": with an unfrozen pile a player must take it when its top
    card fits a team meld (docs/examples/stock-out.pos: 9s on NS's nines)."""
    code, out = _ask(tmp_path, capsys, "ruling", str(EXAMPLES / "stock-out.pos"), "draw")
    assert (code, _verdict(out)) == (1, ("refused", "stock.forced_pickup"))


ONLINE_OUT = (
    '[Variant "online"]\n[Scores "N 700, S 400"]\nhand N: 4c 5d 6h Kd\n'
    "hand S: 6c 7d 8s Th 2c 2d 2d 2h 2h 2s Jk Jk Jk\n"
    "melds N: 9c 9d 9h 2c, Qc Qd Qh Qs Qs 2s Jk\nmelds S: Ad Ah As\n"
    "red N: 3d 3h\nred S: 3d 3h\npile: 70 unseen, 7c 8h 9s\nstock 0\nto move: N over\n"
)


def test_online_stock_out_no_bonus(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """002, "End of a hand": when the stock runs out the hand ends after the last drawer's turn,
    "no player will score the going out bonus"; red threes count plus for a player who melded.
    N: 50 + 120 melded - 25 in hand + 300 mixed canasta + 200 red threes = 645."""
    code, out = _ask(tmp_path, capsys, "score", ONLINE_OUT)
    score = _score(out)
    assert code == 0
    assert score["Going out"] == [0, 0]
    assert score["Total"] == [645, -40]


def test_online_stock_out_position_to_draw_is_over(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """002: with the stock used up the hand is already over (no pile play as in 001), so a
    position with North to draw from an empty stock is refused at its 'to move' line, naming
    the fix."""
    pos = ONLINE_OUT.replace("to move: N over", "to move: N draw")
    code, out = _ask(tmp_path, capsys, "ruling", pos, "take 9s discard 4c")
    assert code == 2 and "the hand ended when the last card's drawer" in out


# ---- scores


def test_e3_encyclopedia_example(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """000's scoring example: N-S 1630, E-W 575."""
    code, out = _ask(tmp_path, capsys, "score", str(EXAMPLES / "e3-end-of-hand.pos"))
    assert code == 0 and _score(out)["Total"] == [1630, 575]


def test_e4_classic_example(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """001's worked scoring example: 800 + 160 + 200 + 100 - 25 = 1235."""
    code, out = _ask(tmp_path, capsys, "score", str(EXAMPLES / "e4-end-of-hand.pos"))
    assert code == 0 and _score(out)["Total"][0] == 1235


CONCEALED = (
    '[Variant "classic"]\n[Scores "NS 700, EW 400"]\nhand N:\nhand E: 4c 5d 8h\n'
    "hand S: Ac 6c\nhand W: 4d 5h 6h\nmelds NS: Kc Kd Kh Ks Kc Kd Kh, 5c 5d 5h\n"
    "melds EW: Ad Ah As\npile: 4h 7h\nout N concealed\n"
)


@pytest.mark.parametrize("variant", ["classic", "encyclopedia", "novice", "general"])
def test_concealed_200(tmp_path: Path, capsys: pytest.CaptureFixture[str], variant: str) -> None:
    """Going out concealed: 001 "200 points total instead of 100"; 000 "additional 100"; 003
    "extra 100"; 004 "100 bonus points ... a bonus to the points earned for going out".
    Kings 70 + fives 15 - 25 + 500 + 200 = 760."""
    code, out = _ask(tmp_path, capsys, "score", CONCEALED, "--variant", variant)
    score = _score(out)
    assert code == 0 and score["Going out"] == [200, 0] and score["Total"] == [760, 25]


RED4 = (
    '[Variant "classic"]\n[Scores "NS 700, EW 400"]\nhand N:\nhand E: 4c 5d 8h\n'
    "hand S: Ac 6c\nhand W: 4d 5h 6h\nmelds NS: Kc Kd Kh Ks Kc Kd Kh, 5c 5d 5h\n"
    "red EW: 3d 3d 3h 3h\npile: 4h 7h\nout N\n"
)


@pytest.mark.parametrize("variant", ["classic", "encyclopedia", "novice", "bicycle"])
def test_four_red_threes_no_meld(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], variant: str
) -> None:
    """All four red threes with a side that never melded: -800 (001 table; 000 "subtracted";
    003 negative if not opened, 200 each for all four)."""
    code, out = _ask(tmp_path, capsys, "score", RED4, "--variant", variant)
    score = _score(out)
    assert code == 0 and score["Red threes"] == [0, -800] and score["Total"] == [660, -835]


def test_four_red_threes_with_meld(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """001: all four red threes with at least one meld: +800 total."""
    pos = RED4.replace("red EW:", "red NS:")
    code, out = _ask(tmp_path, capsys, "score", pos)
    assert code == 0 and _score(out)["Red threes"] == [800, 0]


def test_six_hand_red_threes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """RG6: a side holding five red threes gets 1000, six 1200."""
    pos = (
        '[Variant "six-hand"]\n[Scores "ACE 700, BDF 400"]\nhand A:\nhand B: 4c 5d\n'
        "hand C: 6c\nhand D: 4d\nhand E: 8h\nhand F: 5h\n"
        "melds ACE: Kc Kd Kh Ks Kc Kd Kh, Qc Qd Qh Qs Qc Qd Qh\nmelds BDF: 9c 9d 9h\n"
        "red ACE: 3d 3d 3d 3h 3h 3h\npile: 4h 7h\nout A\n"
    )
    code, out = _ask(tmp_path, capsys, "score", pos)
    assert code == 0 and _score(out)["Red threes"] == [1200, 0]
    code, out = _ask(tmp_path, capsys, "score", pos.replace("3h 3h 3h", "3h 3h"))
    assert code == 0 and _score(out)["Red threes"] == [1000, 0]


# ---- Samba, Bolivia, Uruguayan

SAMBA = (
    '[Variant "samba"]\n[Scores "NS 700, EW 400"]\nhand N: 5h 6h 7h 2c Jk 9c 9d 4s Kd 2d\n'
    + TAIL
    + "melds NS: Qc Qd Qh\npile: 4h 7c\nturn: drew stock\nto move: N play\n"
)


def test_samba_run_meld(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """BC (Bicycle, Samba): three or more cards of one suit in sequence may be melded; classic
    has no runs (001: "a suited sequence such as 4-5-6 is not")."""
    code, out = _rule(
        tmp_path, capsys, SAMBA, "meld 5h 6h 7h", "--variant", "samba", "--variant", "classic"
    )
    assert code == 1
    assert _table(out) == {"samba": ("legal", None), "classic": ("refused", "meld.mixed_ranks")}


def test_samba_run_no_wild(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """BC: no sequence meld may contain any wild card."""
    code, out = _rule(tmp_path, capsys, SAMBA, "meld 5h 6h 7h 2c")
    assert (code, _verdict(out)) == (1, ("refused", "meld.run.wild"))


def test_samba_group_two_wild_max(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """BC: no regular meld may contain more than two wild cards."""
    code, out = _rule(tmp_path, capsys, SAMBA, "meld 9c 9d 2c Jk")
    assert (code, _verdict(out)) == (0, ("legal", None))
    code, out = _rule(tmp_path, capsys, SAMBA, "meld 9c 9d 2c 2d Jk")
    assert (code, _verdict(out)) == (1, ("refused", "meld.too_many_wild"))


def test_bolivia_meld_of_wild_cards(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """BCB (Bicycle, Bolivia): three or more wild cards may be melded; BC (Samba): wild cards
    may not be melded separately."""
    pos = SAMBA.replace('"samba"', '"bolivia"')
    code, out = _rule(
        tmp_path, capsys, pos, "meld 2c 2d Jk", "--variant", "bolivia", "--variant", "samba"
    )
    assert code == 1
    assert _table(out) == {"bolivia": ("legal", None), "samba": ("refused", "meld.all_wild")}


SAMBA_PILE = (
    '[Variant "samba"]\n[Scores "NS 700, EW 400"]\nhand N: 9h 9c 4s Kd 4c\n'
    + TAIL
    + "melds NS: 5h 6h 7h, Qc Qd Qh Qs Qc Qd Qh\npile: 4h 7c 8h\nto move: N draw\n"
)


def test_samba_top_card_onto_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """BC: when the pile is not frozen its top card may go onto a meld below a canasta,
    including a sequence meld, but may not join cards from the hand on one."""
    code, out = _rule(tmp_path, capsys, SAMBA_PILE, "take 8h")
    assert (code, _verdict(out)) == (0, ("legal", None))
    code, out = _rule(tmp_path, capsys, SAMBA_PILE, "take 8h with 9h")
    assert _verdict(out)[0] == "refused" and code == 1


def test_samba_top_card_not_onto_canasta(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """BC: the top card goes only onto a meld "that is less than a canasta"; HSW: "You may not
    pick up the upcard to add to a canasta"."""
    pos = SAMBA_PILE.replace("pile: 4h 7c 8h", "pile: 4h 7c Qs")
    code, out = _rule(tmp_path, capsys, pos, "take Qs")
    # The refusal names the closed canasta (canastas.closed), not a meld to put the card on.
    assert (code, _verdict(out)) == (1, ("refused", "pile.onto_closed_canasta"))
    assert "canasta of queens is closed" in out and "meld of queens" not in out


def test_samba_score(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """BC: a samba (seven in sequence) earns 1500, going out 200, and no bonus for a concealed
    hand. Run 4h-Th 50 + queens 70 - 25 + 500 + 1500 + 200 = 2295."""
    pos = (
        '[Variant "samba"]\n[Scores "NS 700, EW 400"]\nhand N:\n'
        + TAIL.replace("Ac 6c 8d", "Ac 6c")
        + "melds NS: 4h 5h 6h 7h 8h 9h Th, Qc Qd Qh Qs Qc Qd Qh\nmelds EW: Kc Kd Kh\n"
        "pile: 4s 7c\nout N\n"
    )
    code, out = _ask(tmp_path, capsys, "score", pos)
    score = _score(out)
    assert code == 0 and score["Run canastas"] == [1500, 0] and score["Total"] == [2295, -5]
    code, out = _ask(tmp_path, capsys, "score", pos.replace("out N", "out N concealed"))
    assert _score(out)["Going out"] == [200, 0]


def test_bolivia_needs_an_escalera(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """BCB: at least one of the two canastas needed to go out must be an escalera."""
    pos = (
        '[Variant "bolivia"]\n[Scores "NS 700, EW 400"]\nhand N: 2c 2d Jk 9c 9d 9h 5s\n'
        + TAIL.replace("8d", "8s")
        + "melds NS: Qc Qd Qh Qs Qc Qd Qh, Kc Kd Kh Ks Kc Kd Kh\npile: 4h 7c\n"
        "turn: drew stock\nto move: N play\n"
    )
    code, out = _rule(tmp_path, capsys, pos, "meld 2c 2d Jk, 9c 9d 9h discard 5s")
    assert (code, _verdict(out)) == (1, ("refused", "meld.keep_a_card"))


def test_bolivia_score(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """BCB: a bolivia (seven wild cards) counts 2500, an escalera 1500 (as Samba's samba);
    a black three left in hand when another player goes out counts minus 100."""
    pos = (
        '[Variant "bolivia"]\n[Scores "NS 700, EW 400"]\nhand N:\nhand E: 3c 5d\n'
        "hand S: Ac 6c\nhand W: 4d 5h 6h\n"
        "melds NS: 2c 2d 2h 2s Jk Jk 2c, 4h 5h 6h 7h 8h 9h Th\nmelds EW: Kc Kd Kh\n"
        "pile: 4s 7c\nout N\n"
    )
    code, out = _ask(tmp_path, capsys, "score", pos)
    score = _score(out)
    assert code == 0
    assert score["Wild canastas"] == [2500, 0] and score["Run canastas"] == [1500, 0]
    assert score["Black threes in hand"] == [0, -100]
    assert score["Total"] == [4425, -90]


def test_uruguayan_wild_canasta_2000(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """RGU: a canasta of seven wild cards earns 2000."""
    pos = (
        '[Variant "uruguayan"]\n[Scores "NS 700, EW 400"]\nhand N:\nhand E: 4c 5d\n'
        "hand S: Ac 6c\nhand W: 4d 5h 6h\n"
        "melds NS: 2c 2d 2h 2s Jk Jk 2c, Kc Kd Kh Ks Kc Kd Kh\nmelds EW: Qc Qd Qh\n"
        "pile: 4s 7c\nout N\n"
    )
    code, out = _ask(tmp_path, capsys, "score", pos)
    score = _score(out)
    assert code == 0 and score["Wild canastas"] == [2000, 0] and score["Total"] == [2845, 5]


# ---- Modern American

MA = (
    '[Variant "modern-american"]\n[Scores "NS 700, EW 400"]\n'
    "hand N: 7c 7d 2c 9c 9d 2d Jk 4s Kd 5h\n"
    + TAIL
    + "melds NS: Qc Qd Qh\npile: 4s 8h\nturn: drew stock\nto move: N play\n"
)


def test_modern_sevens_take_no_wild(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """POC (Play Online Canasta): you can never use a wild card when melding sevens."""
    code, out = _rule(tmp_path, capsys, MA, "meld 7c 7d 2c")
    assert (code, _verdict(out)) == (1, ("refused", "meld.special.wild"))


def test_modern_two_wild_max(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """POC: at most two wild cards in a single meld."""
    code, out = _rule(tmp_path, capsys, MA, "meld 9c 9d 2c 2d Jk")
    assert (code, _verdict(out)) == (1, ("refused", "meld.too_many_wild"))


MA_PILE = (
    '[Variant "modern-american"]\n[Scores "NS 700, EW 400"]\nhand N: Qh Qs 8c Jk 4s Kd 5h\n'
    + TAIL
    + "melds NS: Qc Qd Qh Qs Qc\npile: 4s 9c 8h\nto move: N draw\n"
)


def test_modern_pack_needs_a_pair(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """CJ (Canasta Junction, Picking the pack): a player must hold a matching pair for the top
    card; a natural and a joker do not do."""
    code, out = _rule(tmp_path, capsys, MA_PILE, "take 8h with 8c Jk")
    assert (code, _verdict(out)) == (1, ("refused", "pile.way_not_allowed"))


def test_modern_pack_past_seven(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """CJ: a canasta holds at most seven cards, so the pack may not be picked when the pair and
    the top card would push a meld of five past seven."""
    pos = MA_PILE.replace("pile: 4s 9c 8h", "pile: 4s 9c Qd")
    code, out = _rule(tmp_path, capsys, pos, "take Qd with Qh Qs")
    assert (code, _verdict(out)) == (1, ("refused", "meld.canasta_closed"))


# ---- Hand and Foot

HF = (
    '[Variant "hand-and-foot"]\n[Hand "2"]\n[Scores "NS 0, EW 0"]\n'
    "hand N: Kc Kd Ks Qc Qd Qh 4c 5d 9h\nhand E: 4c 5d 7h 7s 9c Td Jh\n"
    "hand S: 6c 7d 8s Th Jc Qd Ac\nhand W: 4d 5h 6h 8c 9h Ts Kh\n"
    "foot N: 13 unseen\nfoot E: 13 unseen\nfoot S: 13 unseen\nfoot W: 13 unseen\n"
    "melds EW: Ac Ad Ah\npile: 7c 4s 9d\nturn: drew stock\nto move: N play\n"
)


@pytest.mark.parametrize(("hand", "minimum"), [("1", None), ("2", 90), ("4", 150)])
def test_hand_and_foot_minimum_by_round(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], hand: str, minimum: int | None
) -> None:
    """RDC, TX (Hand and Foot): the first meld must count 50, 90, 120, 150 in rounds one to
    four, whatever the score. Kings and queens count 60."""
    pos = HF.replace('[Hand "2"]', f'[Hand "{hand}"]')
    code, out = _rule(tmp_path, capsys, pos, "meld Kc Kd Ks, Qc Qd Qh")
    if minimum is None:
        assert (code, _verdict(out)) == (0, ("legal", None))
    else:
        assert (code, _verdict(out)) == (1, ("refused", "open.below_minimum"))
        assert f"at least {minimum}" in out


def test_hand_and_foot_no_fifth_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """RDC, BW: a game is four rounds; a position in a fifth is refused as unreadable."""
    code, out = _rule(tmp_path, capsys, HF.replace('"2"]', '"5"]'), "meld Kc Kd Ks, Qc Qd Qh")
    assert code == 2 and "no hand 5" in out


def test_hand_and_foot_foot_unseen(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/examples/hand-and-foot-unseen-feet.pos: a foot written as a count may be taken up,
    and what follows it cannot be judged without its cards."""
    pos = str(EXAMPLES / "hand-and-foot-unseen-feet.pos")
    code, out = _ask(tmp_path, capsys, "ruling", pos, "N foot")
    assert (code, _verdict(out)) == (0, ("legal", None))
    code, out = _ask(tmp_path, capsys, "ruling", pos, "N foot meld 4c 4d 4h")
    assert (code, _verdict(out)) == (1, ("refused", "foot.cards_unknown"))


# ---- the other commands a table uses


def test_partner_melded_general_against_classic(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """002 / 004: the pile is frozen against a player who has not yet melded (general's pinned
    reading, per player); 001: the side's melds unfreeze it, so a nine and a joker do."""
    code, out = _ask(
        tmp_path,
        capsys,
        "ruling",
        str(EXAMPLES / "partner-melded.pos"),
        "take with 9c Jk",
        *("--variant", "general", "--variant", "classic"),
    )
    assert code == 1
    assert _table(out) == {
        "general": ("refused", "pile.frozen.needs_natural_pair"),
        "classic": ("legal", None),
    }


def test_moves_lists_forced_pickup(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """001: with the stock used up and the 9s fitting NS's nines, the pickup is the only way
    on: `moves` lists no draw."""
    code, out = _ask(tmp_path, capsys, "moves", str(EXAMPLES / "stock-out.pos"))
    assert code == 0 and "take" in out and "draw" not in out


def test_json_answer(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/cli.md: --json gives the same answer as data (001's frozen-pile example)."""
    import json

    code, out = _ask(
        tmp_path,
        capsys,
        "ruling",
        str(EXAMPLES / "e5-frozen-pile.pos"),
        "take with Qc Jk",
        "--json",
    )
    data = json.loads(out)
    assert code == 1
    assert (data["verdict"], data["code"]) == ("refused", "pile.frozen.needs_natural_pair")


def test_compare_general_on_black_threes_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """compare on docs/examples/black-threes-out.can: 004 caps wild cards at the naturals, so
    South's add of a joker to 5-5-2-2 is refused there (3 wild, 2 natural)."""
    code, out = _ask(
        tmp_path,
        capsys,
        "compare",
        str(EXAMPLES / "black-threes-out.can"),
        "--variant",
        "general",
    )
    assert code == 1
    assert "meld.more_wild_than_natural" in out


# ---- a few more table questions: the stock, dealt red threes, concealed going out


def test_stock_out_any_legal_pickup_forced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Stock used up, East holds a natural pair of the top 7c, and East-West have no sevens.
    000: a player who can legally pick up the pile must do so; 001: only a pickup onto an
    existing team meld is forced, "other legal pickups remain optional"."""
    text = (EXAMPLES / "stock-out.pos").read_text()
    pos = text.replace("pile: 54 unseen, 7c 8h 9s", "pile: 54 unseen, 8h 9s 7c").replace(
        "to move: N draw", "to move: E draw"
    )
    code, out = _rule(
        tmp_path, capsys, pos, "draw", "--variant", "classic", "--variant", "encyclopedia"
    )
    assert code == 1
    assert _table(out) == {
        "classic": ("legal", None),
        "encyclopedia": ("refused", "stock.forced_pickup"),
    }


def test_red_three_as_last_stock_card(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """001: if the last stock card is a red three, it is exposed and the hand ends at once; the
    player cannot meld or discard, and nobody gets a going-out bonus."""
    pos = (
        '[Variant "classic"]\n[Scores "NS 700, EW 400"]\nhand N: 4c 5d 6h Kd\n'
        "hand E: 4d 5s 7h 7s 9d Td Jh\nhand S: 6c 7d 8s Th\nhand W: 4h 6d 8c 9h Ts Kh\n"
        "melds NS: 9c 9d 9h 2c, Qc Qd Qh Qs Qs 2s Jk\nmelds EW: Ad Ah As 2h, Jc Jd Js\n"
        "red NS: 3d 3h\nred EW: 3h\nfrozen yes\npile: 62 unseen, 7c 8h 9s\nstock 1\n"
        "to move: N draw\n"
    )
    code, out = _rule(tmp_path, capsys, pos, "draw 3d", "--show")
    assert code == 0 and "the hand ends: the stock ran out on a red three" in out
    score = _score(out)
    assert score["Going out"] == [0, 0] and score["Red threes"] == [300, 100]
    code, out = _rule(tmp_path, capsys, pos, "draw 3d discard 4c")
    assert (code, _verdict(out)) == (1, ("refused", "hand.over"))


def test_bicycle_red_three_on_first_turn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """001, "Variants": Bicycle's account exposes dealt red threes on each player's first turn,
    so North, dealt the 3h, lays it down and replaces it before drawing."""
    pos = (
        '[Variant "bicycle"]\n[Scores "NS 0, EW 0"]\n'
        "hand N: 3h 4c 5d 6h Kd 9c 9d Qs Js Td 8c\nhand E: 4d 5s 7h 7s 9d Td Jh 8s 8h 5c 6c\n"
        "hand S: 6c 7d 8s Th 4s 4h 6s 7c Jc Qc Kc\nhand W: 4h 6d 8c 9h Ts Kh Qh Qd Jd 5h 5s\n"
        "pile: 7d\nto move: N expose\n"
    )
    code, out = _rule(tmp_path, capsys, pos, "expose 2c draw 9s discard 4c")
    assert (code, _verdict(out)) == (0, ("legal", None))
    code, out = _rule(tmp_path, capsys, pos, "draw 9s discard 4c")
    assert (code, _verdict(out)) == (1, ("refused", "expose.first"))


def test_concealed_waiver_after_stock_draw(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Side at 3000 (120) not opened; North drew and lays the whole hand: a natural canasta of
    fours and three fives (50). 001: a concealed finish after a stock draw waives the minimum;
    002 likewise ("regardless of whether the minimum requirement is satisfied"); 000 defines
    concealed as making the team's initial meld and going out in one turn, so the minimum
    stands."""
    pos = (
        '[Variant "classic"]\n[Scores "NS 3000, EW 400"]\n'
        "hand N: 4c 4d 4h 4s 4c 4d 4h 5c 5d 5h 6s\nhand E: 4s 5s 8h\nhand S: Ac 6c 8d\n"
        "hand W: 9d 5h 6h\npile: 7s 7h\nturn: drew stock\nto move: N play\n"
    )
    move = "meld 4c 4d 4h 4s 4c 4d 4h, 5c 5d 5h discard 6s"
    code, out = _rule(
        tmp_path, capsys, pos, move, "--variant", "classic", "--variant", "encyclopedia"
    )
    assert code == 1
    assert _table(out) == {
        "classic": ("legal", None),
        "encyclopedia": ("refused", "open.below_minimum"),
    }
    code, out = _rule(tmp_path, capsys, pos, move, "--show")
    assert _score(out)["Total"] == [715, -40]


def test_concealed_after_partner_opened(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """South has opened; North, who has not melded, lays the whole hand in one turn without
    touching South's melds. 001 and 004 ask only that the player himself has not melded or
    added to partner's melds: concealed, 200. 000 asks that the player make the team's initial
    meld in that turn: an ordinary 100."""
    pos = (
        '[Variant "classic"]\n[Scores "NS 700, EW 400"]\n'
        "hand N: 4c 4d 4h 4s 4c 4d 4h 5c 5d 5h 6s\nhand E: 4s 5s 8h\nhand S: Ac 6c 8d\n"
        "hand W: 9d 5h 6h\nmelds NS: Kc Kd Kh\nmelded: S\npile: 7s 7h\n"
        "turn: drew stock\nto move: N play\n"
    )
    move = "meld 4c 4d 4h 4s 4c 4d 4h, 5c 5d 5h discard 6s"
    for variant, bonus in [("classic", 200), ("general", 200), ("encyclopedia", 100)]:
        code, out = _rule(tmp_path, capsys, pos, move, "--variant", variant, "--show")
        assert code == 0 and _score(out)["Going out"] == [bonus, 0], variant
