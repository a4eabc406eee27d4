"""``canasta check``: every built-in passes; planted faults, static and dynamic, are caught.

The dynamic faults are test-only patches of the engine (monkeypatch): a meld that loses a card, a
meld allowed one wild card too many, a generator that offers a move the rules refuse, an engine
that raises. For each, check must exit 1, shrink the hand with hypothesis, and write a record that
``canasta check --replay`` shows failing in the same way (while the patch is on).
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

import pytest
from helpers import run_cli

from canasta_rules.check import check_record, run_check
from canasta_rules.check.lints import lint, max_canastas, opening_bound
from canasta_rules.check.play import play_fast, setup_for, signature
from canasta_rules.engine.moves import Discard
from canasta_rules.engine.rules import Rules, rules_for
from canasta_rules.errors import Refusal
from canasta_rules.notation import read, replay
from canasta_rules.variant import builtin, load, load_variant

apply_mod = importlib.import_module("canasta_rules.engine.mutate")
legality_mod = importlib.import_module("canasta_rules.engine.legality")
meldkinds_mod = importlib.import_module("canasta_rules.engine.meldkinds")


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    return run_cli(capsys, *args)


def run_json(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, Any]:
    code, out, err = run([*args, "--json"], capsys)
    assert err == ""
    return code, json.loads(out)


# ------------------------------------------------------------------------------ built-ins


@pytest.mark.parametrize("name", builtin.names())
def test_every_builtin_variant_passes(name: str) -> None:
    report = run_check(name, games=40, seed=11)
    assert report.errors == []
    assert report.failure is None
    assert report.consistent and report.exit_code() == 0
    assert len(report.outcomes) == 40
    assert {o.bot for o in report.outcomes} == {"random", "greedy"}
    assert {o.players for o in report.outcomes} == {s.players for s in load_variant(name).seating}
    assert all(o.end in ("went_out", "stock_exhausted", "red_three_last") for o in report.outcomes)


def test_check_command_on_classic(capsys: pytest.CaptureFixture[str]) -> None:
    code, data = run_json(["check", "classic", "--games", "30"], capsys)
    assert code == 0
    assert data["consistent"] is True
    assert data["static"] == {"errors": 0, "warnings": 0, "findings": []}
    dyn = data["dynamic"]
    assert dyn["games"] == dyn["played"] == 30
    assert dyn["bots"] == {"greedy": 15, "random": 15}
    assert dyn["failure"] is None and dyn["moves"] > 30 * 20
    code, out, _ = run(["check", "classic", "--games", "10", "--full"], capsys)
    assert code == 0
    assert "every check held after every move" in out and out.rstrip().endswith("consistent")


def test_results_depend_on_the_seed_only(capsys: pytest.CaptureFixture[str]) -> None:
    one = run_check("novice", games=24, seed=5).as_dict()
    two = run_check("novice", games=24, seed=5, jobs=2).as_dict()
    assert json.dumps(one) == json.dumps(two)
    other = run_check("novice", games=24, seed=6).as_dict()
    assert other["dynamic"] != one["dynamic"]


def test_check_games_cover_tiers_dealers_bots_and_tables() -> None:
    v = load_variant("novice")  # tables of 4 (partners), 2 and 3
    setups = [setup_for(v, 0, g) for g in range(120)]
    assert {s.players for s in setups} == {2, 3, 4}
    assert {s.bot for s in setups} == {"random", "greedy"}
    for players in (2, 3, 4):
        rules = rules_for(v, players)
        at = [s for s in setups if s.players == players]
        assert {s.dealer for s in at} == set(range(players))
        minimums = {rules.minimum(x) for s in at for x in s.scores}
        assert minimums == {t.minimum for t in v.initial_meld.tiers}
    assert setup_for(v, 0, 7) == setup_for(v, 0, 7) != setup_for(v, 1, 7)


# ------------------------------------------------------------------------------ static lints


LINTS = [
    # (--set overrides, level, key, code)
    (["initial_meld.tiers.3.minimum=500"], "error", "initial_meld.tiers.3.minimum",
     "initial_meld.unreachable"),
    (["deck.decks=1", "red_threes.totals=[0, 100, 300]", "going_out.canastas=3"], "error",
     "going_out.canastas", "going_out.too_many_canastas"),
    (["canastas.size=15", "going_out.canastas=0"], "warning", "canastas.size",
     "canastas.impossible"),
    (["deck.decks=1", "red_threes.totals=[0, 100, 300]"], "warning",
     "black_threes.meld_when_going_out", "black_threes.never_melded"),
    (["deck.decks=1", "deck.jokers_per_deck=1", "red_threes.totals=[0, 100, 300]",
      "melds.max_wild=5", "penalties.wild_returned=50"], "warning", "penalties.wild_returned",
     "penalty.never"),
    (["draw.short_stock=end_hand"], "warning", "draw.short_stock", "draw.short_stock_never"),
    (["seating=[{players = 2, hand_size = 15, side_size = 1}]"], "warning",
     "going_out.permission", "permission.no_partner"),
    (["melds.wild_not_more_than_natural=true", "melds.max_wild=2"], "warning",
     "melds.wild_not_more_than_natural", "melds.wild_rule_never"),
    (["melds.max_wild=0"], "warning", "pile.unfrozen", "pile.wild_way_never"),
    (["pile.unfrozen=[\"natural_pair\"]", "pile.frozen=[\"natural_pair\", \"add_to_meld\"]"],
     "warning", "pile.frozen", "pile.frozen_easier"),
    (["game.target=3000"], "warning", "initial_meld.tiers.3", "initial_meld.tier_after_target"),
]  # fmt: skip


@pytest.mark.parametrize(("sets", "level", "key", "code"), LINTS, ids=[x[3] for x in LINTS])
def test_lints_name_the_key_and_the_reason(
    sets: list[str], level: str, key: str, code: str
) -> None:
    lv = load("classic", tuple(sets))
    found = [(f.level, f.key, f.code) for f in lint(lv.variant, lv)]
    assert (level, key, code) in found


def test_no_builtin_variant_has_a_lint_error() -> None:
    for name in builtin.names():
        lv = load(name)
        assert [f for f in lint(lv.variant, lv) if f.level == "error"] == [], name


def test_bounds_on_what_play_can_reach() -> None:
    v = load_variant("classic")
    assert max_canastas(v) == 11  # one per natural rank: 8 naturals each
    # 12 cards: the four jokers and eight twos would be 360 points in melds of 3 wild cards each
    assert opening_bound(v, 12) == 4 * 50 + 8 * 20
    one_deck = load_variant("classic", ("deck.decks=1", "red_threes.totals=[0, 100, 300]"))
    assert max_canastas(one_deck) == 2  # each needs 3 of the 6 wild cards


def test_an_impossible_file_fails_with_its_key_and_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    house = tmp_path / "house.toml"
    house.write_text(
        'extends = "classic"\n\n[initial_meld]\npile_cards = "top_only"\n\n'
        "[[initial_meld.tiers]]\nminimum = 400\n"
    )
    code, out, _ = run(["check", str(house), "--games", "2"], capsys)
    assert code == 1
    assert f"error initial_meld.tiers.0.minimum ({house}:7)" in out
    assert "no first meld action can count more than 360" in out
    assert out.rstrip().endswith("inconsistent")


def test_a_layout_without_partners_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["check", "classic", "--set", "seating.0.side_size=3"], capsys)
    assert code == 2 and out == ""
    assert err.strip() == (
        "canasta: --set: seating.0.side_size: 4 players cannot form sides of 3 "
        "[seating.0.side_size=3]"
    )


def test_warnings_pass_unless_strict(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["check", "classic", "--set", "draw.short_stock=end_hand", "--games", "2"]
    code, out, _ = run(args, capsys)
    assert code == 0 and "warning draw.short_stock (--set)" in out
    code, _, _ = run([*args, "--strict"], capsys)
    assert code == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["check", "no-such-variant"], "no built-in variant 'no-such-variant'"),
        (["check", "classic", "--games", "-1"], "--games must be at least 1, not -1"),
        (["check", "classic", "--jobs", "0"], "--jobs must be at least 1, not 0"),
        (["check", "--replay", "missing.can"], "missing.can"),
        (["simulate", "classic", "--bots", "clever"], "--bots must be one of random, greedy"),
    ],
)
def test_bad_input_exits_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(args, capsys)
    assert code == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1


def test_check_needs_a_variant_or_a_record(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["check"], capsys)
    assert code == 2 and "name a variant or a file" in err


# ------------------------------------------------------------------------------ planted faults


def _lose_a_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """A meld of four or more cards laid at once loses its first card."""
    original = apply_mod._lay

    def lay(s: Any, side: int, rank: int, cards: tuple[int, ...], *kind: int) -> None:
        original(s, side, rank, cards[1:] if len(cards) >= 4 else cards, *kind)

    monkeypatch.setattr(apply_mod, "_lay", lay)


def _one_wild_too_many(monkeypatch: pytest.MonkeyPatch) -> None:
    """The generator and the legality check both let a meld hold one wild card too many."""
    monkeypatch.setattr(Rules, "meld_wild_cap", lambda self, naturals: self.max_wild + 1)
    monkeypatch.setattr(meldkinds_mod, "wild_limits", lambda r, nat, wild: None)


def _refuse_discarding_kings(monkeypatch: pytest.MonkeyPatch) -> None:
    """Legality refuses a king's discard, which the generator still offers."""
    original = legality_mod._check_discard

    def check_discard(s: Any, m: Discard) -> Refusal | None:
        if m.card // 4 + 2 == 13:
            return Refusal("test.no_kings", "", "no kings (a planted fault)")
        return original(s, m)  # type: ignore[no-any-return]

    monkeypatch.setattr(legality_mod, "_check_discard", check_discard)


def _crash_on_a_big_meld(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine raises when five or more cards are laid on one meld at once."""
    original = apply_mod._lay

    def lay(s: Any, side: int, rank: int, cards: tuple[int, ...], *kind: int) -> None:
        if len(cards) >= 5:
            raise KeyError("planted")
        original(s, side, rank, cards, *kind)

    monkeypatch.setattr(apply_mod, "_lay", lay)


def _fail_to_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The deal raises when the first upcard would be a jack."""
    dealing_mod = importlib.import_module("canasta_rules.engine.dealing")
    original = dealing_mod._turn_upcard

    def turn_upcard(s: Any) -> None:
        if s.stock[-1] // 4 + 2 == 11:
            raise ValueError("planted: no jacks up")
        original(s)

    monkeypatch.setattr(dealing_mod, "_turn_upcard", turn_upcard)


FAULTS = [
    # (patch, --set overrides, kind, signature, the record re-checked without the patch)
    (_lose_a_card, [], "invariant", "card count: <card> appears # times; the pack has #", None),
    (_one_wild_too_many, ["melds.max_wild=1"], "invariant",
     "side # meld of <rank>: # wild cards, above #", "refused:meld.too_many_wild"),
    (_refuse_discarding_kings, [], "refused", "refused:test.no_kings", None),
    (_crash_on_a_big_meld, [], "exception", "exception:KeyError:'planted'", None),
    (_fail_to_deal, [], "exception", "exception:ValueError:planted: no <rank> up", None),
]  # fmt: skip


@pytest.mark.parametrize(
    ("patch", "sets", "kind", "sig", "unpatched"),
    FAULTS,
    ids=[f[0].__name__.strip("_") for f in FAULTS],
)
def test_a_broken_engine_is_caught_shrunk_and_recorded(
    patch: Any,
    sets: list[str],
    kind: str,
    sig: str,
    unpatched: str | None,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    patch(monkeypatch)
    out = tmp_path / "failure.can"
    set_args = [a for s in sets for a in ("--set", s)]
    code, data = run_json(
        ["check", "classic", *set_args, "--games", "60", "--out", str(out)], capsys
    )
    assert code == 1 and data["consistent"] is False
    fr = data["dynamic"]["failure"]
    assert fr["failure"]["kind"] == kind and fr["failure"]["signature"] == sig
    assert fr["found"]["signature"] == sig
    assert fr["verified"] is True
    assert fr["moves"] <= fr["original_moves"]
    assert fr["shrunk"] == (fr["moves"] < fr["original_moves"])
    assert data["dynamic"]["played"] == fr["game"] + 1  # the run stops at the first failure
    assert fr["record"] == str(out) and out.is_file()
    assert fr["replay_command"] == f"canasta check --replay {out}"
    text = out.read_text()
    assert f"#   {fr['replay_command']}" in text
    assert f'[Set "{sets[0]}"]' in text if sets else "[Set" not in text

    # The record replays to the same failure, with the command it names.
    code, again = run_json(["check", "--replay", str(out)], capsys)
    assert code == 1 and again["consistent"] is False
    assert again["failure"]["signature"] == sig
    if kind == "invariant":
        assert again["moves"] == fr["moves"]
        assert again["failure"]["problems"] == fr["failure"]["problems"]

    # The record is an ordinary record. Without the fault it replays clean, or (when the fault
    # let an illegal move through) the real rules refuse that move.
    monkeypatch.undo()
    rc = check_record(str(out))
    if unpatched is None:
        assert rc.failure is None
        rp = replay(read(str(out)))
        assert rp.moves == fr["moves"] and len(rp.hands) == 1
    else:
        assert rc.failure is not None and rc.failure.signature == unpatched


def test_shrinking_finds_a_shorter_hand(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A fault that strikes late in the bot's hand: hypothesis finds an earlier one."""
    _one_wild_too_many(monkeypatch)
    report = run_check("classic", ("melds.max_wild=1",), games=10, out=str(tmp_path / "f.can"))
    fr = report.failure
    assert fr is not None and fr.verified
    assert fr.shrunk and fr.moves < fr.original_moves
    rc = check_record(str(tmp_path / "f.can"))
    assert rc.failure is not None and rc.moves == fr.moves == fr.failure.moves
    # Without shrinking, the record is the bot's own hand up to the failing move.
    plain = run_check("classic", ("melds.max_wild=1",), games=10, shrink_failures=False)
    assert plain.failure is not None and not plain.failure.shrunk
    assert plain.failure.moves == fr.original_moves


def test_human_output_of_a_failure(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _lose_a_card(monkeypatch)
    out = tmp_path / "f.can"
    code, text, _ = run(["check", "classic", "--games", "5", "-o", str(out)], capsys)
    assert code == 1
    assert "card count:" in text and "appears 1 times; the pack has 2" in text
    assert f"record written to {out}; show it again with:" in text
    assert f"canasta check --replay {out}" in text
    code, text, _ = run(["check", "--replay", str(out)], capsys)
    assert code == 1 and text.startswith(f"{out}: hand 1, at move ")
    monkeypatch.undo()
    code, text, _ = run(["check", "--replay", str(out)], capsys)
    assert code == 0 and "every check held after every move" in text


def test_a_record_of_a_file_variant_names_it_relative_to_the_record(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "rules").mkdir()
    (tmp_path / "out").mkdir()
    house = tmp_path / "rules" / "house.toml"
    house.write_text('extends = "classic"\n[draw]\ncount = 2\n')
    _lose_a_card(monkeypatch)
    out = tmp_path / "out" / "f.can"
    report = run_check(str(house), games=5, out=str(out))
    assert report.failure is not None and report.failure.verified
    assert '[Variant "../rules/house.toml"]' in report.failure.record_text
    # A record may not name a file outside its folder (variant/confine.py): the command that
    # shows the failure again names the ruleset itself.
    assert report.failure.replay_command == f"canasta check {house} --replay {out}"
    assert f"  canasta check {house} --replay {out}" in report.failure.record_text
    inside = tmp_path / "rules" / "f.can"
    report = run_check(str(house), games=5, out=str(inside))
    assert report.failure is not None and report.failure.verified
    assert '[Variant "house.toml"]' in report.failure.record_text
    assert report.failure.replay_command == f"canasta check --replay {inside}"


# ------------------------------------------------------------------------------ pieces


def test_signature_drops_what_varies_between_games() -> None:
    assert signature("card count: Kh appears 1 times; the pack has 2") == signature(
        "card count: 7c appears 3 times; the pack has 2"
    )
    assert signature("side 1 meld of sevens: 2 wild cards, above 1") == (
        "side # meld of <rank>: # wild cards, above #"
    )
    assert signature("side 0 meld of black threes: black threes with wild cards") == (
        "side # meld of <rank>: <rank> with wild cards"
    )


def test_full_mode_checks_every_move_and_agrees() -> None:
    v = load_variant("bicycle")
    for g in range(6):
        fast, full = play_fast(v, setup_for(v, 3, g)), play_fast(v, setup_for(v, 3, g), True)
        assert fast == full and fast.failure is None
