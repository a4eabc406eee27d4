"""Bad variant files: every kind of problem is one line ``FILE:LINE: dotted.key: message``.

Each case is checked twice: through ``canasta variants validate`` (exit status 2, one line per
problem, no traceback) and through ``canasta_rules.variant.load`` (the ``VariantError``'s
problems carry the file, the line and the dotted key).
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from helpers import cli_lines, shown

from canasta_rules.errors import Problem, VariantError
from canasta_rules.variant import load

REPO = Path(__file__).resolve().parent.parent


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


cli = cli_lines


def problems(ref: str | Path, sets: tuple[str, ...] = ()) -> list[Problem]:
    with pytest.raises(VariantError) as exc:
        load(ref, sets)
    return exc.value.problems


def check(
    capsys: pytest.CaptureFixture[str], path: Path, expected: list[tuple[str, int | None, str, str]]
) -> None:
    """``path`` fails with exactly these problems (file, line, key, message), both ways."""
    assert [(p.file, p.line, p.key, p.message) for p in problems(path)] == expected
    code, out, err = cli(capsys, "variants", "validate", str(path))
    assert code == 2
    lines = [
        (f"{shown(f)}:{line}" if line is not None else shown(f))
        + (f": {key}" if key else "")
        + f": {msg}"
        for f, line, key, msg in expected
    ]
    assert out == lines
    assert not any("Traceback" in line for line in out + err)


# --------------------------------------------------------------------------------------------
# The kinds of problem


def test_misspelt_key(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = write(
        tmp_path,
        "house.toml",
        """
        extends = "classic"
        name = "house"

        [melds]
        max_wlid = 2
        """,
    )
    check(capsys, f, [(str(f), 5, "melds.max_wlid", "unknown key (did you mean 'max_wild'?)")])


def test_misspelt_table(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = write(tmp_path, "house.toml", 'extends = "classic"\n\n[meld]\nmax_wild = 2\n')
    check(capsys, f, [(str(f), 3, "meld", "unknown key (did you mean 'melds'?)")])


def test_wrong_type(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = write(tmp_path, "house.toml", 'extends = "classic"\n\n[going_out]\nbonus = "lots"\n')
    check(capsys, f, [(str(f), 4, "going_out.bonus", 'must be a whole number, got "lots"')])


@pytest.mark.parametrize(
    ("line", "key", "message"),
    [
        ('[deck]\ndecks = "2"', "deck.decks", 'must be a whole number, got "2"'),
        ("[deck]\ndecks = 2.0", "deck.decks", "must be a whole number, got 2.0"),
        ("[pile]\none_card_ban = 1", "pile.one_card_ban", "must be true or false, got 1"),
        ('[pile]\none_card_ban = "yes"', "pile.one_card_ban", 'must be true or false, got "yes"'),
        (
            '[deal]\nupcard_covered = "joker"',
            "deal.upcard_covered",
            'must be an array, got "joker"',
        ),
        ("deck = 3", "deck", "must be a table, got 3"),
    ],
)
def test_types_are_strict_as_toml_types_them(
    tmp_path: Path, line: str, key: str, message: str
) -> None:
    """A TOML string, float or integer where another type belongs is an error, not converted."""
    f = write(tmp_path, "house.toml", f'extends = "classic"\n{line}\n')
    [p] = problems(f)
    assert (p.line, p.key, p.message) == (line.count("\n") + 2, key, message)


def test_out_of_range(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = write(tmp_path, "house.toml", 'extends = "classic"\n[deck]\ndecks = 9\n')
    check(capsys, f, [(str(f), 3, "deck.decks", "must be at most 8, got 9")])


def test_bad_choice(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = write(tmp_path, "house.toml", 'extends = "classic"\n[black_threes]\ndiscarded = "frozen"\n')
    msg = "must be 'stop' or 'freeze', got \"frozen\""
    check(capsys, f, [(str(f), 3, "black_threes.discarded", msg)])


def test_cross_field_conflict(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = write(
        tmp_path,
        "house.toml",
        """
        extends = "classic"

        [melds]
        min_size = 3
        min_naturals = 4
        """,
    )
    msg = "a meld cannot need 4 natural cards when a new meld may have 3 cards (melds.min_size)"
    check(capsys, f, [(str(f), 5, "melds.min_naturals", msg)])


def test_cross_field_conflict_is_blamed_on_the_file_that_made_it(tmp_path: Path) -> None:
    """The parent sets canastas.size = 4 (valid with classic's melds); the child raises
    melds.min_size to 5. The child's key is reported, at the child's line."""
    write(tmp_path, "parent.toml", 'extends = "classic"\n[canastas]\nsize = 4\n')
    child = write(tmp_path, "child.toml", 'extends = "parent.toml"\n\n[melds]\nmin_size = 5\n')
    [p] = problems(child)
    assert (p.file, p.line, p.key) == (str(child), 4, "melds.min_size")
    assert p.message == (
        "a canasta of 4 cards is smaller than a new meld, which needs 5 cards (melds.min_size)"
    )


def test_deck_too_small_names_the_seating_entry(tmp_path: Path) -> None:
    f = write(
        tmp_path,
        "house.toml",
        """
        extends = "classic"

        [[seating]]
        players = 4
        hand_size = 11

        [[seating]]
        players = 6
        hand_size = 20
        side_size = 3
        """,
    )
    [p] = problems(f)
    assert (p.line, p.key) == (9, "seating.1.hand_size")
    assert "cannot deal 20 cards to 6 players" in p.message


def test_a_foot_that_leaves_no_stock_is_blamed_on_the_file_that_deals_it(tmp_path: Path) -> None:
    """The parent deals 11 cards to four from one pack without jokers (48 cards are enough); the
    child only deals a foot of 13 as well, which needs 98. The child is to blame, at its foot
    line, and the message counts the foot. (Found by the extends property.)"""
    write(
        tmp_path,
        "parent.toml",
        """
        extends = "classic"

        [deck]
        decks = 1
        jokers_per_deck = 0

        [[seating]]
        players = 4
        hand_size = 11
        """,
    )
    child = write(tmp_path, "child.toml", 'extends = "parent.toml"\n\n[foot]\nkind = "foot"\n')
    [p] = problems(child)
    assert (p.file, p.line, p.key) == (str(child), 4, "foot.kind")
    assert p.message == (
        "a 52-card pack cannot deal 11 cards and a 13-card foot to 4 players and still turn an "
        "upcard and leave a stock (needs at least 98)"
    )


def test_tiers_out_of_order_name_the_tier(tmp_path: Path) -> None:
    f = write(
        tmp_path,
        "house.toml",
        """
        extends = "classic"
        [[initial_meld.tiers]]
        below = 1500
        minimum = 50
        [[initial_meld.tiers]]
        below = 1000
        minimum = 90
        [[initial_meld.tiers]]
        minimum = 120
        """,
    )
    [p] = problems(f)
    assert (p.line, p.key) == (6, "initial_meld.tiers.1.below")
    assert p.message == (
        "the tiers must go up: this tier's upper bound (1000) is not above the previous tier's "
        "(1500)"
    )


def test_key_of_another_kind(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = write(
        tmp_path,
        "house.toml",
        """
        extends = "classic"
        [going_out.concealed]
        kind = "side_first_meld"
        own_canasta = false
        """,
    )
    msg = "unknown key for kind 'side_first_meld' (it belongs to kind 'player_first_meld')"
    check(capsys, f, [(str(f), 4, "going_out.concealed.own_canasta", msg)])


def test_unknown_kind(tmp_path: Path) -> None:
    f = write(tmp_path, "house.toml", 'extends = "classic"\n[stock_out]\nkind = "sudden"\n')
    [p] = problems(f)
    assert (p.line, p.key) == (2, "stock_out")
    assert p.message.startswith("unknown kind 'sudden'; expected one of")


def test_missing_parent(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = write(tmp_path, "house.toml", '# my rules\nextends = "nothere.toml"\n')
    parent = str(tmp_path / "nothere.toml")
    check(capsys, f, [(str(f), 2, "extends", f"parent file {parent!r} not found")])


def test_parent_named_relative_to_a_relative_child(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "sub").mkdir()
    write(tmp_path, "sub/house.toml", 'extends = "rules/../base.toml"\n')
    monkeypatch.chdir(tmp_path)
    code, out, _ = cli(capsys, "variants", "validate", "sub/house.toml")
    assert code == 2
    assert out == ["sub/house.toml:1: extends: parent file 'sub/base.toml' not found"]


def test_extends_cycle(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    a = write(tmp_path, "a.toml", 'extends = "b.toml"\n')
    b = write(tmp_path, "b.toml", '# b\n\nextends = "a.toml"\n')
    check(capsys, a, [(str(b), 3, "extends", "cycle: a.toml -> b.toml -> a.toml")])


def test_extends_itself(tmp_path: Path) -> None:
    a = write(tmp_path, "a.toml", 'name = "a"\nextends = "a.toml"\n')
    assert problems(a) == [Problem(str(a), 2, "extends", "cycle: a.toml -> a.toml")]


def test_extends_of_the_wrong_type(tmp_path: Path) -> None:
    a = write(tmp_path, "a.toml", "extends = 3\n")
    [p] = problems(a)
    assert (p.line, p.key) == (1, "extends")
    assert p.message.endswith("got 3")


def test_unknown_builtin_in_extends(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = write(tmp_path, "house.toml", 'name = "house"\nextends = "clasic"\n')
    [p] = problems(f)
    assert (p.file, p.line, p.key) == (str(f), 2, "extends")
    assert p.message == "no built-in variant 'clasic'; did you mean 'classic'?"
    code, out, _ = cli(capsys, "variants", "validate", str(f))
    assert code == 2
    assert out == [f"{shown(f)}:2: extends: {p.message}"]


def test_invalid_toml(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = write(tmp_path, "house.toml", 'extends = "classic"\n[melds\nmax_wild = 2\n')
    msg = "not valid TOML: expected ']' at the end of a table declaration"
    check(capsys, f, [(str(f), 2, "", msg)])


def test_invalid_toml_at_the_end(tmp_path: Path) -> None:
    f = write(tmp_path, "house.toml", 'extends = "classic"\nname = \n')
    [p] = problems(f)
    assert p.line == 2
    assert p.message.startswith("not valid TOML")


def test_duplicate_key_is_invalid_toml(tmp_path: Path) -> None:
    f = write(tmp_path, "house.toml", "[melds]\nmax_wild = 2\nmax_wild = 3\n")
    [p] = problems(f)
    assert p.line == 3
    assert p.message.startswith("not valid TOML")


def test_provenance_key_that_is_not_a_parameter(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    f = write(
        tmp_path,
        "house.toml",
        """
        extends = "classic"

        [melds]
        max_wild = 2

        [provenance]
        "melds.max_wild" = { sources = ["house"], note = "We play with two." }
        "melds.max_wlid" = { sources = ["house"], note = "A typo." }
        """,
    )
    key = 'provenance."melds.max_wlid"'
    msg = "names no parameter or table (did you mean 'melds.max_wild'?)"
    check(capsys, f, [(str(f), 8, key, msg)])


def test_bad_provenance_entry(tmp_path: Path) -> None:
    f = write(
        tmp_path,
        "house.toml",
        """
        extends = "classic"
        [melds]
        max_wild = 2
        [provenance]
        "melds.max_wild" = { sources = ["Hoyle"], note = "" }
        """,
    )
    found = [(p.line, p.key, p.message) for p in problems(f)]
    assert found == [
        (
            5,
            'provenance."melds.max_wild".sources.0',
            "not a source: use 000 to 004, P, B, W, Brit, house or an id in docs/sources.md, "
            'got "Hoyle"',
        ),
        (5, 'provenance."melds.max_wild".note', "must not be empty"),
    ]


def test_provenance_that_is_not_a_table(tmp_path: Path) -> None:
    f = write(tmp_path, "house.toml", 'extends = "classic"\nprovenance = "Pagat"\n')
    assert problems(f) == [
        Problem(str(f), 2, "provenance", 'must be a table of notes, got "Pagat"')
    ]


def test_problem_in_a_parent_is_reported_in_the_parent(tmp_path: Path) -> None:
    parent = write(tmp_path, "parent.toml", 'extends = "classic"\n[game]\ntarget = 50\n')
    child = write(tmp_path, "child.toml", 'extends = "parent.toml"\n[melds]\nmax_wild = 2\n')
    assert problems(child) == [
        Problem(str(parent), 3, "game.target", "must be at least 100, got 50")
    ]


def test_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "absent.toml"
    check(capsys, f, [(str(f), None, "", "no such file")])


def test_several_problems_one_line_each_in_line_order(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    f = write(
        tmp_path,
        "house.toml",
        """
        extends = "classic"

        [melds]
        max_wlid = 2
        min_size = "three"

        [deck]
        decks = 0

        [[seating]]
        players = 4
        hand_size = 40

        [going_out]
        bonus = -5
        """,
    )
    check(
        capsys,
        f,
        [
            (str(f), 4, "melds.max_wlid", "unknown key (did you mean 'max_wild'?)"),
            (str(f), 5, "melds.min_size", 'must be a whole number, got "three"'),
            (str(f), 8, "deck.decks", "must be at least 1, got 0"),
            (str(f), 12, "seating.0.hand_size", "must be at most 30, got 40"),
            (str(f), 15, "going_out.bonus", "must be at least 0, got -5"),
        ],
    )


def test_validate_reports_each_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    good = write(tmp_path, "good.toml", 'extends = "classic"\nname = "good"\n')
    bad = write(tmp_path, "bad.toml", 'extends = "classic"\n[deck]\ndecks = 9\n')
    code, out, _ = cli(capsys, "variants", "validate", str(good), str(bad))
    assert code == 2
    assert out == [f"{good}: ok (good)", f"{shown(bad)}:3: deck.decks: must be at most 8, got 9"]
    code, out, _ = cli(capsys, "variants", "validate", str(good))
    assert (code, out) == (0, [f"{good}: ok (good)"])


# --------------------------------------------------------------------------------------------
# --set


@pytest.mark.parametrize(
    ("item", "key", "message"),
    [
        ("melds.max_wild=9", "melds.max_wild", "must be at most 7, got 9"),
        ("melds.max_wlid=2", "melds.max_wlid", "unknown key (did you mean 'max_wild'?)"),
        ("melds.max_wild=two", "melds.max_wild", 'must be a whole number, got "two"'),
        (
            "melds.max_wild",
            "melds.max_wild",
            "expected dotted.key=value, for example melds.max_wild=2",
        ),
        ("melds..x=1", "melds..x", "empty part in dotted key"),
        ("melds.max_wild.x=1", "melds.max_wild.x", "melds.max_wild is a value, not a table"),
        ("seating.3.players=4", "seating.3", "no such entry: seating has 1"),
        ("seating.0.players=5", "seating.0.players", "5 players cannot form sides of 2"),
        (
            "melds.min_naturals=4",
            "melds.min_naturals",
            "a meld cannot need 4 natural cards when a new meld may have 3 cards (melds.min_size)",
        ),
        (
            "provenance.deck=1",
            "provenance.deck",
            "--set changes rule settings (and name, title, summary, sources), not provenance",
        ),
        (
            "going_out.wild_canastas=1",
            "going_out.wild_canastas",
            "going out asks for canastas of wild cards, but no meld of wild cards is allowed "
            "(melds.wild_melds)",
        ),
        (
            "going_out.sequence_canastas=2",
            "going_out.sequence_canastas",
            "going out cannot need 2 runs among 1 canasta (going_out.canastas)",
        ),
        (
            "canastas.min_naturals=1",
            "canastas.min_naturals",
            "a canasta cannot need fewer natural cards (1) than any meld needs (2, "
            "melds.min_naturals): every canasta is a meld",
        ),
        (
            "words.canasta=Book",
            "words.canasta",
            "must be a word of up to 30 lower-case letters (spaces, hyphens and apostrophes "
            'allowed), got "Book"',
        ),
        (
            "name=Bad Name",
            "name",
            "must be lower-case letters, digits and hyphens, starting with a letter or digit, "
            'got "Bad Name"',
        ),
    ],
)
def test_bad_set(item: str, key: str, message: str) -> None:
    assert problems("classic", (item,)) == [Problem("--set", None, key, f"{message} [{item}]")]


def test_limits_of_a_kind_of_meld_said_in_words() -> None:
    """A run or a meld of wild cards whose largest size is below its least: said in words, at
    the key --set wrote."""
    assert problems("samba", ("melds.sequences.max_length=2",)) == [
        Problem(
            "--set",
            None,
            "melds.sequences.max_length",
            "must be at least 3, got 2 [melds.sequences.max_length=2]",
        )
    ]
    [p] = problems("samba", ("melds.sequences.min_length=5", "melds.sequences.max_length=4"))
    assert p.message == (
        "the longest run (4 cards) is shorter than a new run must be (5 cards, min_length) "
        "[melds.sequences.max_length=4]"
    )
    [p] = problems("bolivia", ("melds.wild_melds.min_size=6", "melds.wild_melds.max_size=5"))
    assert p.message == (
        "the largest meld of wild cards (5 cards) is smaller than a new one must be (6 cards, "
        "min_size) [melds.wild_melds.max_size=5]"
    )


def test_bad_set_through_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "variants", "show", "classic", "--set", "deck.decks=9")
    assert code == 2
    assert out == []
    assert err == ["canasta: --set: deck.decks: must be at most 8, got 9 [deck.decks=9]"]


def test_set_on_a_file_is_blamed_on_set_not_the_file(tmp_path: Path) -> None:
    f = write(tmp_path, "house.toml", 'extends = "classic"\n[melds]\nmin_size = 4\n')
    [p] = problems(f, ("canastas.size=3",))
    assert (p.file, p.line, p.key) == ("--set", None, "canastas.size")


# --------------------------------------------------------------------------------------------
# No traceback, from a real process


def test_python_m_validate_exits_2_without_traceback(tmp_path: Path) -> None:
    bad = write(tmp_path, "bad.toml", 'extends = "classic"\n[melds]\nmax_wlid = 2\n')
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    env.pop("CANASTA_DEBUG", None)
    run = subprocess.run(
        [sys.executable, "-m", "canasta_rules", "variants", "validate", str(bad)],
        capture_output=True,
        text=True,
        cwd=REPO,
        env=env,
        timeout=120,
    )
    assert run.returncode == 2
    assert "Traceback" not in run.stdout + run.stderr
    assert run.stdout.splitlines() == [
        f"{shown(bad)}:3: melds.max_wlid: unknown key (did you mean 'max_wild'?)"
    ]


def test_a_built_in_parent_read_once_is_never_changed_by_its_children(tmp_path: Path) -> None:
    """Built-in files are parsed once per process and shared by every file that extends them:
    a child's changes (a merged table, a replaced array, a new kind) stay in that child."""
    classic = load("classic").variant
    a = tmp_path / "a.toml"
    a.write_text(
        'extends = "classic"\n[melds]\nmax_wild = 1\n'
        "[[seating]]\nplayers = 2\nhand_size = 15\nside_size = 1\n"
    )
    b = tmp_path / "b.toml"
    b.write_text('extends = "classic"\n[game]\ntarget = 7000\n')
    assert load(a).variant.melds.max_wild == 1
    assert load(a, ["melds.max_wild=3"]).variant.melds.max_wild == 3
    vb = load(b).variant
    assert (vb.game.target, vb.melds.max_wild, vb.seating) == (
        7000,
        classic.melds.max_wild,
        classic.seating,
    )
    assert load(a).variant.melds.max_wild == 1
    assert load("classic", ["game.target=9000"]).variant.game.target == 9000
    assert load("classic").variant == classic
