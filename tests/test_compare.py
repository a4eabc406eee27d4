"""``canasta compare``: one bundled record replayed under several rulesets, every divergence.

Three pairs of rulesets on two bundled records (docs/examples): classic against general (the
pickups general refuses, each with its parameter's value under both), two-hand against online
(online draws one card, so its setup cannot follow the record: each hand says so and the report
goes on), classic against bicycle (a written deal with red threes laid down during the deal cannot
be dealt where they go down on the first turn), and a house ruleset that scores differently (the
breakdowns side by side).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from canasta_rules.notation import read
from canasta_rules.notation.compare import compare
from tests.helpers import run_cli

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
CLASSIC_GAME = str(EXAMPLES / "classic-game.can")
TWO_HAND_GAME = str(EXAMPLES / "two-hand-game.can")


def test_classic_against_general_reports_every_refusal() -> None:
    """general allows a pickup onto a meld of the top card's rank only with a pair from hand
    (pile.unfrozen); the record's pickups of that kind are each reported, in every hand."""
    cmp = compare(read(CLASSIC_GAME), ["classic", "general"])
    refused = [r for r in cmp.refused if r.refusal.code == "pile.way_not_allowed"]
    assert len({r.hand for r in refused}) >= 3  # not only the first divergence
    first = refused[0]
    assert (first.hand, first.turn, first.seat, first.move) == (1, 13, "S", "take 8c")
    assert first.ruleset == 1 and first.refusal.parameter == "pile.unfrozen"
    assert first.values == (
        '["natural_pair", "natural_and_wild", "add_to_meld"]',
        '["natural_pair", "natural_and_wild"]',
    )
    assert all(r.ruleset == 1 for r in cmp.refused)  # classic, the record's own, refuses nothing


def test_compare_cli_prints_the_divergences(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "compare", CLASSIC_GAME, "--variant", "general")
    assert code == 1
    assert "comparing classic / general" in out
    assert re.search(r"refused under general: turn 13, S: take 8c \(line 27\)", out)
    assert (
        'pile.unfrozen: classic ["natural_pair", "natural_and_wild", "add_to_meld"], general' in out
    )
    assert re.search(r"\d+ divergences\n$", out)


def test_a_setup_that_cannot_follow_the_record_is_reported_per_hand() -> None:
    """online draws one card (draw.count = 1); the two-hand record draws two: each hand is
    reported at its first such draw, and the comparison goes on to the next hand."""
    cmp = compare(read(TWO_HAND_GAME), [None, "online"])
    assert cmp.rulesets == ["two-hand", "online"]
    stopped = [h.stopped[1] for h in cmp.hands]
    assert len(stopped) == len(cmp.hands) >= 2
    assert all(s is not None and "cannot be followed" in s for s in stopped)
    draws = [r for r in cmp.refused if r.refusal.code == "draw.too_many"]
    assert {r.hand for r in draws} == {h.number for h in cmp.hands}
    assert draws[0].values == ("2", "1") and draws[0].refusal.parameter == "draw.count"
    assert all(h.stopped[0] is None for h in cmp.hands)


def test_a_written_deal_the_other_setup_cannot_deal(capsys: pytest.CaptureFixture[str]) -> None:
    """bicycle keeps dealt red threes in the hand until the first turn; the classic record
    writes them laid down during the deal, so those hands are not replayable under bicycle,
    and the hands without one still are."""
    cmp = compare(read(CLASSIC_GAME), ["classic", "bicycle"])
    why = [h.stopped[1] for h in cmp.hands]
    assert any(w is not None and "red threes" in w for w in why)
    assert all(h.stopped[0] is None for h in cmp.hands)
    code, out, _ = run_cli(
        capsys, "compare", CLASSIC_GAME, "--variant", "classic", "--variant", "bicycle"
    )
    assert code == 1 and "not replayable under bicycle: this variant lays dealt red threes" in out


def test_same_rules_agree(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "compare", TWO_HAND_GAME, "--variant", "two-hand")
    assert code == 0 and out.rstrip().endswith("0 divergences")
    assert "the same under every ruleset" in out


def test_a_hand_scored_differently_shows_both_breakdowns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    house = tmp_path / "big-bonus.toml"
    house.write_text(
        'extends = "classic"\nname = "big-bonus"\ntitle = "Big bonus"\nsources = ["house"]\n\n'
        "[canastas]\nnatural_bonus = 700\nmixed_bonus = 400\n"
    )
    cmp = compare(read(CLASSIC_GAME), ["classic", str(house)])
    # The bigger bonuses change the play only through the running totals, which set each
    # side's initial-meld minimum.
    assert {r.refusal.parameter for r in cmp.refused} <= {"initial_meld.tiers"}
    differing = [h for h in cmp.hands if h.differs]
    assert differing
    h = differing[0]
    a, b = h.scores
    assert a is not None and b is not None
    assert [x.mixed_canastas for x in b] == [400 * x.mixed_count for x in a]
    code, out, _ = run_cli(
        capsys, "compare", CLASSIC_GAME, "--variant", "classic", "--variant", str(house)
    )
    assert code == 1 and "the score differs:" in out
    assert re.search(r"Mixed canastas\s+\d+\s+\d+", out)


def test_seeded_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A record that names each hand's seed is dealt again under each ruleset: general deals the
    same hands as classic (its refusals are reported), bicycle does not (its dealt red threes
    stay in the hand), and each such hand says so."""
    rec = tmp_path / "seeded.can"
    code, _, err = run_cli(
        capsys,
        "record",
        "classic",
        "--seed",
        "3",
        "--bots",
        "greedy",
        "--seeded-deals",
        "--out",
        str(rec),
    )
    assert code == 0, err
    doc = read(str(rec))
    general = compare(doc, [None, "general"])
    assert general.refused and all(h.stopped == [None, None] for h in general.hands)
    bicycle = compare(doc, [None, "bicycle"])
    assert any(
        h.stopped[1] is not None and "seed deals other hands" in h.stopped[1] for h in bicycle.hands
    )


def test_flatten_at_is_flatten_cut_to_one_key() -> None:
    """A ruling shows one parameter, found by walking down to it: the same entries as
    flattening the whole variant and keeping that key's, for every key, table and miss."""
    from canasta_rules.variant import builtin, load_variant
    from canasta_rules.variant.compare import flatten, flatten_at

    for name in builtin.names():
        v = load_variant(name)
        flat = flatten(v)
        keys = set(flat)
        tables = {k.rsplit(".", n)[0] for k in flat for n in range(1, k.count(".") + 1)}
        misses = {"nope", "pile.nope", "name", "title", "pile.frozen.nope"}
        for key in sorted(keys | tables | misses):
            want = {k: x for k, x in flat.items() if k == key or k.startswith(key + ".")}
            assert flatten_at(v, key) == want, (name, key)
        assert tables and keys
