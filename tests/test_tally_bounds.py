"""Counts that no deal of the ruleset's pack can produce. Warned about and scored as entered
(a sheet may be used to try out a game's end): more meld and hand points than every card
together counts, more canastas of ranks than the pack's natural cards make. Refused: a canasta
of wild cards worth less than its make-up allows, and numbers written in any form but plain
digits. The pack and card values are the rulesets' own (000_1e7ce48765e073b7.txt
and 001_0cb887cc6d824426.txt for classic: two packs and four jokers, joker 50, ace and two 20,
eight to king 10, four to seven and black threes 5; Modern American's in
docs/family/modern-american.md: CCP, CJ, NVSO); these bounds follow from them by counting."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import run_cli

from canasta_rules.tally import Sheet, TallyError


def refusal(variant: str, entry: str) -> str:
    with pytest.raises(TallyError) as e:
        Sheet.new(variant).add(entry)
    return str(e.value)


def totals(variant: str, entry: str) -> list[int]:
    return [sc.total for sc in Sheet.new(variant).add(entry).scores]


# Two packs with four jokers: 4 jokers x 50, 8 twos x 20, 8 aces x 20, 48 eights to kings x 10,
# 32 fours to sevens x 5, 4 black threes x 5; red threes are scored as bonuses, never as cards.
PACK_POINTS = 200 + 160 + 160 + 480 + 160 + 20


def doubts(variant: str, entry: str) -> tuple[str, ...]:
    """What the tally warns about in one hand entered on a new sheet (it still scores it)."""
    return Sheet.new(variant).add(entry).doubts


@pytest.mark.parametrize("variant", ["classic", "modern-american"])
def test_one_side_counting_more_than_the_pack_is_warned_about(variant: str) -> None:
    """A typo (3050 for 305) is named, with the side and both counts, and scored as entered."""
    hand = Sheet.new(variant).add("NS m 3050 n 1 x 1 out")
    assert hand.doubts == (
        f"NS: m 3050 and h 0 make 3050; every card of the pack of 108 together counts "
        f"{PACK_POINTS}",
    )
    assert hand.scores[0].melds == 3050


def test_the_sides_together_counting_more_than_the_pack_is_warned_about() -> None:
    (msg,) = doubts("classic", "NS m 600 n 1 x 1 h 100; EW m 500 n 1 x 1 h 100")
    assert msg.startswith("the sides' meld and hand points make 1300 (NS m 600 h 100; EW m 500")
    assert msg.endswith(f"counts {PACK_POINTS}")
    # Within the pack's worth: no doubt, scored as usual.
    hand = Sheet.new("classic").add("NS m 600 n 1 x 1 out; EW m 500 n 1 x 1 h 80")
    assert hand.doubts == ()
    assert [sc.total for sc in hand.scores] == [600 + 500 + 300 + 100, 500 + 500 + 300 - 80]


def test_black_threes_held_count_at_their_in_hand_charge() -> None:
    """Bolivia charges a black three left in hand 100 (docs/family/bolivia.md: BCB, RGB), added
    to h (docs/play-and-tally.md), so the pack's worth counts each at 100, not 5."""
    # Three packs and six jokers: 300 + 240 + 240 + 720 + 240, and six black threes at 100.
    (msg,) = doubts("bolivia", "NS m 1400 n 1 s 1 out; EW m 300 h 650")
    assert msg.endswith("counts 2340")
    assert doubts("bolivia", "NS m 1400 n 1 s 1 out; EW m 300 h 600") == ()


def test_natural_canastas_are_bounded_by_the_plain_ranks() -> None:
    """Modern American: sevens and aces without wild cards are c7/cA items, never n; a natural
    canasta holds seven natural cards and two packs hold eight of a rank, so the nine other
    ranks (four to king but seven) make nine natural canastas at most."""
    assert doubts("modern-american", "NS m 630 n 10") == (
        "10 natural canastas entered (n); the pack's fours, fives, sixes, eights, nines, tens, "
        "jacks, queens, kings make at most 9 of 7 natural cards each",
    )


def test_canastas_of_ranks_are_bounded_across_the_table() -> None:
    """Five natural cards of a rank at least in each canasta (Modern American) and eight of a
    rank in the pack: one canasta a rank on the whole table. Sevens never take a wild card, so
    ten ranks make the n, x and cA canastas together."""
    (msg,) = doubts("modern-american", "NS m 750 n 9 x 1; EW m 100 x 1")
    assert msg.startswith("11 natural and mixed canastas (n, x, c) entered; with at least 5")
    assert msg.endswith("make at most 10")
    assert "sevens" not in msg
    # Nine natural and one mixed, split between the sides, can be.
    assert doubts("modern-american", "NS m 700 n 9; EW m 100 x 1") == ()


def test_classic_two_canastas_of_a_rank_on_the_table() -> None:
    """Classic: four natural cards make a canasta (001: at least four natural cards), so eight
    of a rank can make two, one each side: 22 canastas of ranks are possible, 23 are not."""
    (msg,) = doubts("classic", "NS m 560 n 6 x 6; EW m 520 n 5 x 6")
    assert msg.endswith("make at most 22")


def test_a_wild_canasta_of_any_other_make_up_holds_a_joker() -> None:
    """Modern American scores all twos (w2) and all four jokers (wj) on their own, so a `w`
    canasta holds a joker at least: 50 + 6 x 20 = 170 points of cards."""
    assert refusal("modern-american", "NS m 165 w 1") == (
        "NS: 1 canasta of 7 cards is worth at least 170 in meld points, but m is 165"
    )
    assert totals("modern-american", "NS m 170 w 1")


@pytest.mark.parametrize("raw", ["1_0_0", "+100", "\u0661\u0660\u0660", "1e2"])
def test_numbers_are_plain_digits(raw: str) -> None:
    assert refusal("classic", f"NS m {raw}") == f"NS: m needs a whole number, not {raw!r}"


def test_the_command_warns_in_one_line_and_scores(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    sheet = str(tmp_path / "s.toml")
    code, out, err = run_cli(
        capsys, "tally", "modern-american", "--sheet", sheet, "--hand", "NS m 3050 n 1 x 1 out"
    )
    assert code == 0
    assert err.strip().splitlines() == [
        "canasta: warning: hand 1: NS: m 3050 and h 0 make 3050; every card of the pack of 108 "
        "together counts 1180 (scored as entered)"
    ]
    assert "totals after 1 hand: NS 3950, EW 0" in out


def test_a_typed_wild_canasta_below_its_make_up_is_refused_with_status_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    sheet = str(tmp_path / "s.toml")
    code, _out, err = run_cli(
        capsys, "tally", "modern-american", "--sheet", sheet, "--hand", "NS m 140 w 1"
    )
    assert code == 2
    assert err.strip().splitlines() == [
        "canasta: --hand 1: NS: 1 canasta of 7 cards is worth at least 170 in meld points, "
        "but m is 140"
    ]
