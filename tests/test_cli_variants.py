"""``canasta variants``: list, diff, show, export (with ``--out`` and ``--set``), and the guide's
worked example."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from helpers import cli_lines, diff_settings, shown_settings

from canasta_rules import fileio
from canasta_rules.cli import common
from canasta_rules.sources import FAMILY
from canasta_rules.variant import builtin, load
from canasta_rules.variant.compare import differences, flatten

DOCS = Path(__file__).resolve().parent.parent / "docs"


@pytest.fixture(autouse=True)
def _wide_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables as a wide terminal shows them, one row per line."""
    monkeypatch.setattr(common.console.real(), "width", 250)  # type: ignore[attr-defined]


cli = cli_lines


def row(lines: list[str], key: str) -> list[str]:
    """The cells of the table row for ``key`` (cells are separated by two or more spaces)."""
    found = [line for line in lines if line.split(" ", 1)[0] == key]
    assert len(found) == 1, (key, found)
    return re.split(r"\s{2,}", found[0].strip())


# --------------------------------------------------------------------------------------------
# list


def test_list_shows_every_builtin(capsys: pytest.CaptureFixture[str]) -> None:
    """Two lines a variant: its name and title, then its players, sources and parent."""
    code, out, _ = cli(capsys, "variants", "list")
    assert code == 0
    names = builtin.names()
    assert len(names) >= 9
    table = out[1 : out.index("")]
    listed = [line.split()[0] for line in table if not line.startswith(" ")]
    assert listed == names
    i = next(n for n, line in enumerate(table) if line.startswith("six-hand-pairs "))
    assert row(table, "six-hand-pairs")[1].startswith("Six-hand Canasta, three sides of two")
    about = " ".join(line.strip() for line in table[i + 1 :] if line.startswith(" "))
    assert about.startswith(
        "Bicycle/Hoyle) 6 players in three partnerships of two; sources RG6, B; extends six-hand"
    )
    at = {name: n for n, line in enumerate(table) if (name := line.split(" ", 1)[0])}
    assert table[at["classic"] + 1].strip() == "4 players in two partnerships of two; sources 001"
    assert [line.strip() for line in table[at["novice"] + 1 : at["novice"] + 3]] == [
        "4 players in two partnerships of two, or 2 or 3 players",
        "each alone; sources 003",
    ]
    assert [line for line in out if line != line.rstrip()] == []


def test_list_fits_80_columns_and_keys_its_sources(capsys: pytest.CaptureFixture[str]) -> None:
    """However wide the terminal, the list keeps to 80 columns, and it ends with the key to every
    source id it shows: the id and the label a player knows it by, never a file name."""
    code, out, _ = cli(capsys, "variants", "list")
    assert code == 0
    assert max(len(line.rstrip()) for line in out) <= 80
    legend = out[out.index("Sources (docs/sources.md has their addresses):") + 1 :]
    keyed = {line.split()[0] for line in legend if not line.startswith(" ")}
    shown = {s for name in builtin.names() for s in load(name).variant.sources}
    assert keyed == shown
    assert "001   Pagat's Classic Canasta, teaching page" in [line.rstrip() for line in legend]
    assert "RG3   Rummy-Games (Randy Rasa), Canasta For Three Players" in [
        line.rstrip() for line in legend
    ]
    assert not any(re.search(r"\d{3}_[0-9a-f]{16}", line) for line in out)


def test_list_json(capsys: pytest.CaptureFixture[str]) -> None:
    """The documented shape (docs/json.md): one object per built-in, in the list's order."""
    code, out, _ = cli(capsys, "variants", "list", "--json")
    assert code == 0
    data = json.loads("\n".join(out))
    assert [d["name"] for d in data] == builtin.names()
    five = next(d for d in data if d["name"] == "five-hand")
    assert five["extends"] == "classic"
    assert five["sources"][0] == {"id": "RG5", "label": FAMILY["RG5"].title}
    assert five["seating"] == [
        {
            "players": 5,
            "hand_size": 11,
            "side_size": 2,
            "forming": "fixed",
            "sit_out": "rotate_side_of_three",
        }
    ]
    assert next(d for d in data if d["name"] == "classic")["extends"] is None


def test_every_builtin_loads() -> None:
    for name in builtin.names():
        assert load(name).variant.name == name


# --------------------------------------------------------------------------------------------
# diff


def test_diff_classic_bicycle(capsys: pytest.CaptureFixture[str]) -> None:
    """Each setting named in words over its key, each value in words as a player says it."""
    code, out, _ = cli(capsys, "variants", "diff", "classic", "bicycle")
    assert code == 0
    assert re.split(r"\s{2,}", out[0].strip()) == [
        "setting",
        "classic",
        "bicycle",
        "sources (a / b)",
    ]
    rows = diff_settings(out)
    # Nothing that is the same is listed: exactly the parameters whose values differ.
    a, b = flatten(load("classic").variant), flatten(load("bicycle").variant)
    assert list(rows) == [k for k in a if a[k] != b[k]]
    assert list(rows) == [
        "deal.cutter",
        "deal.upcard_covered",
        "deal.upcard_freezes",
        "red_threes.exposed",
        "black_threes.discarded",
        "going_out.permission.when",
    ]
    assert [line.rstrip() for line in out[1:3]] == [
        "Who cuts the pack                the player on the dealer's right     "
        "the player on the dealer's left            001 / B",
        "  deal.cutter",
    ]
    assert rows["black_threes.discarded"] == [
        "stops the next player, nothing more",
        "freezes the pile",
        "001 / B, 001",
    ]
    assert rows["red_threes.exposed"][:2] == ["during the deal", "at the player's first turn"]
    assert rows["deal.upcard_freezes"] == [
        "jokers, twos and red threes",
        "jokers, twos, red threes and black threes",
        "001 / B (pinned)",
    ]
    assert rows["going_out.permission.when"][:2] == [
        "after drawing",
        "before drawing or after drawing",
    ]
    # No value is printed as a file writes it.
    assert not any(
        re.search(r'"|\[|\btrue\b|\bfalse\b|_', cell) for r in rows.values() for cell in r[:2]
    )


def test_diff_too_wide_for_a_table_gives_each_parameter_a_block(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """classic against hand-and-foot has long setting names and long lists of sources: at 80
    columns a table would leave the values a few characters each (a letter a line), so each
    setting gets a block: its name and key, then each ruleset's value and the sources beneath."""
    monkeypatch.setattr(common.console.real(), "_width", 80)
    code, out, _ = cli(capsys, "variants", "diff", "classic", "hand-and-foot")
    assert code == 0
    assert [ln for ln in out if len(ln.rstrip()) > 80] == []
    i = out.index("Packs shuffled together (deck.decks)")
    assert [line.rstrip() for line in out[i + 1 : i + 4]] == [
        "  classic        2 packs",
        "  hand-and-foot  5 packs",
        "  sources        001 / BW, RGH, NWP, DNX",
    ]
    i = out.index("Table sizes (seating)")
    assert [line.rstrip() for line in out[i + 1 : i + 3]] == [
        "  classic        4 players in two partnerships of two, 11 cards each",
        "  hand-and-foot  4 players in two partnerships of two, 13 cards each",
    ]
    rows = differences(load("classic").variant, load("hand-and-foot").variant)
    assert list(diff_settings(out)) == [key for key, _, _ in rows]


def test_diff_of_the_same_rules(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "variants", "diff", "classic", "classic")
    assert (code, out) == (0, ["classic and classic have the same rules"])


def test_diff_set_applies_to_the_second(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(
        capsys, "variants", "diff", "classic", "classic", "--set", "game.target=3000"
    )
    assert code == 0
    assert diff_settings(out) == {"game.target": ["5000 points", "3000 points", "001 / -"]}
    assert out.index("") == 3  # one row of two lines, then the key to its sources


# --------------------------------------------------------------------------------------------
# show


def test_show_gives_each_value_its_origin_and_sources(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "variants", "show", "bicycle")
    assert code == 0
    assert out[0] == "bicycle: Classic Canasta, Bicycle/Hoyle rules"
    # The summary is prose wrapped at the terminal's width; the next line names the layers.
    (chain,) = [line for line in out[1:8] if line.startswith("sources: ")]
    assert "resolved from: builtin:classic -> builtin:bicycle" in chain
    shown = shown_settings(out)
    i = out.index("[deal] The deal")
    assert [line.rstrip() for line in out[i + 1 : i + 4]] == [
        "setting                           value",
        "Direction of play                 clockwise",
        "  deal.rotation                   from builtin:classic (001)",
    ]
    assert shown["deal.cutter"] == ("the player on the dealer's left", "from builtin:bicycle (B)")
    assert shown["deal.upcard_freezes"] == (
        "jokers, twos, red threes and black threes",
        "from builtin:bicycle (B; pinned)",
    )
    assert shown["card_values.joker"] == ("50 points", "from builtin:classic (001)")
    assert shown["black_threes.discarded"][0] == "freezes the pile"
    assert shown["pile.unfrozen"][0] == "pair of naturals, natural + wild or onto side's meld"
    assert shown["red_threes.totals"][0] == "100 each; all four together 800"
    assert shown["foot.kind"] == ("none", "from the default")
    assert shown["pile.one_card_ban"][0] == "yes"
    # Grouped by table, each group followed by its notes.
    assert "[black_threes] Black threes" in out
    cutter = "The player on the dealer's left cuts (P and 001 have the right)."
    assert f"  note on deal.cutter (B): {cutter}" in out
    assert any(line.startswith("  note on deal.upcard_freezes (B; pinned): ") for line in out)
    # Every parameter appears once, and no value as a file writes it.
    assert list(shown) == list(flatten(load("bicycle").variant))
    assert not any(re.search(r'"|\[|\btrue\b|\bfalse\b|_', v) for v, _ in shown.values())


def test_show_at_80_columns_keeps_to_them(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A setting's name and its longest key fit beside a value at 80 columns; a long value folds
    under itself."""
    monkeypatch.setattr(common.console.real(), "_width", 80)
    code, out, _ = cli(capsys, "variants", "show", "modern-american")
    assert code == 0
    notes = [ln for ln in out if ln.startswith("  note on ") or ln.startswith(("sources:", "Four"))]
    assert [ln for ln in out if len(ln) > 80 and ln not in notes] == []
    i = out.index("Unfinished wild meld bars going out       yes")
    assert out[i + 1].startswith("  melds.wild_melds.open_blocks_going_out  from builtin:")
    assert shown_settings(out)["going_out.permission.once_per_hand"] == (
        "yes",
        "from builtin:modern-american (cat; pinned)",
    )


def test_show_a_file_with_set(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("house.toml").write_text(
        'extends = "classic"\n[melds]\nmax_wild = 2\n'
        '[provenance]\n"melds.max_wild" = { sources = ["house"], note = "Ours." }\n',
        encoding="utf-8",
    )
    code, out, _ = cli(capsys, "variants", "show", "house.toml", "--set", "game.target=7500")
    assert code == 0
    assert out[0] == "house: Classic Canasta (Pagat's rules), with house rules"
    assert "resolved from: builtin:classic -> house.toml -> --set" in out[1]
    shown = shown_settings(out)
    assert shown["melds.max_wild"] == ("2 wild cards", "from house.toml (house)")
    assert shown["game.target"] == ("7500 points", "from --set")
    assert shown["melds.min_size"] == ("3 cards", "from builtin:classic")
    assert "  note on melds.max_wild (house): Ours." in out


def test_show_of_a_file_without_extends_cites_classic_for_defaults(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("bare.toml").write_text('name = "bare"\n[game]\ntarget = 3000\n', encoding="utf-8")
    code, out, _ = cli(capsys, "variants", "show", "bare.toml")
    assert code == 0
    shown = shown_settings(out)
    assert shown["game.target"] == ("3000 points", "from bare.toml")
    assert shown["deck.decks"] == ("2 packs", "from the default (001)")


def test_show_json_keeps_the_values_as_a_file_writes_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The words are for people; --json keeps each value as a variant file writes it."""
    code, out, _ = cli(capsys, "variants", "show", "bicycle", "--json")
    assert code == 0
    params = {p["key"]: p["value"] for p in json.loads("\n".join(out))["parameters"]}
    assert params["pile.unfrozen"] == ["natural_pair", "natural_and_wild", "add_to_meld"]
    assert params["black_threes.discarded"] == "freeze"
    assert params["pile.one_card_ban"] is True


# --------------------------------------------------------------------------------------------
# export


def test_export_round_trips(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for name in builtin.names():
        code, out, _ = cli(capsys, "variants", "export", name)
        assert code == 0
        f = tmp_path / f"{name}.toml"
        f.write_text("\n".join(out) + "\n", encoding="utf-8")
        original, again = load(name), load(f)
        assert again.variant.rules_only() == original.variant.rules_only(), name
        assert again.variant.provenance == original.variant.provenance, name
        assert again.variant == original.variant, name  # validated again, and as shipped
        assert [lay.label for lay in again.chain] == [str(f)]


def test_export_of_a_bare_file_carries_classics_notes_for_defaults(tmp_path: Path) -> None:
    from canasta_rules.variant.export import export_toml

    bare = tmp_path / "bare.toml"
    bare.write_text('name = "bare"\n[melds]\nmax_wild = 2\n', encoding="utf-8")
    lv = load(bare)
    out = tmp_path / "out.toml"
    out.write_text(export_toml(lv), encoding="utf-8")
    again = load(out)
    assert again.variant.rules_only() == lv.variant.rules_only()
    for key in flatten(lv.variant):
        assert again.provenance(key) == lv.provenance(key), key
    assert again.provenance("melds.max_wild") is None
    assert again.provenance("deck.decks") == load("classic").provenance("deck.decks")


def test_export_out_writes_the_whole_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "six.toml"
    target.write_text("old contents, much longer than nothing at all\n" * 200, encoding="utf-8")
    code, out, err = cli(capsys, "variants", "export", "six-hand", "--out", str(target))
    assert (code, out, err) == (0, [], [])
    code, printed, _ = cli(capsys, "variants", "export", "six-hand")
    assert target.read_text(encoding="utf-8") == "\n".join(printed) + "\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["six.toml"]  # no temporary left


def test_export_out_into_a_missing_directory(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "missing" / "x.toml"
    code, out, err = cli(capsys, "variants", "export", "classic", "--out", str(target))
    assert code == 2
    assert out == []
    assert err == [f"canasta: {target}: cannot write: No such file or directory"]
    assert not target.parent.exists()


def test_failed_write_leaves_the_old_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "keep.toml"
    target.write_text("the old file\n", encoding="utf-8")

    def fail(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(fileio.os, "replace", fail)
    code, _, err = cli(capsys, "variants", "export", "classic", "--out", str(target))
    assert code == 2
    assert err == [f"canasta: {target}: cannot write: No space left on device"]
    assert target.read_text(encoding="utf-8") == "the old file\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.toml"]


def test_export_with_set(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "quick.toml"
    code, _, _ = cli(
        capsys,
        "variants",
        "export",
        "bicycle",
        "--set",
        "stock_out.kind=last_turn",
        "--set",
        "melds.max_wild=2",
        "--out",
        str(target),
    )
    assert code == 0
    v = load(target)
    assert v.variant.stock_out.kind == "last_turn"
    assert v.variant.melds.max_wild == 2
    assert v.variant.black_threes.discarded == "freeze"
    assert v.provenance("melds.max_wild") is None  # classic's note on melds no longer applies
    assert v.provenance("stock_out") is None
    assert differences(load("bicycle").variant, v.variant) == [
        ("melds.max_wild", 3, 2),
        ("stock_out.kind", "pile_play", "last_turn"),
        ("stock_out.forced", "fits_meld", None),
    ]


@pytest.mark.parametrize("command", ["show", "export"])
def test_bad_set_is_one_line_naming_set_and_the_key(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    code, out, err = cli(capsys, "variants", command, "classic", "--set", "melds.max_wlid=2")
    assert code == 2
    assert out == []
    assert err == [
        "canasta: --set: melds.max_wlid: unknown key (did you mean 'max_wild'?) [melds.max_wlid=2]"
    ]


# --------------------------------------------------------------------------------------------
# The worked example of docs/variant-files.md


def _doc_example() -> str:
    text = (DOCS / "variant-files.md").read_text(encoding="utf-8")
    section = text.split("## A worked example", 1)[1]
    m = re.search(r"```toml\n(.*?)```", section, re.S)
    assert m is not None
    return m.group(1)


def test_guide_example_validates(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "thursday.toml"
    f.write_text(_doc_example(), encoding="utf-8")
    code, out, _ = cli(capsys, "variants", "validate", str(f))
    assert (code, out) == (0, [f"{f}: ok (thursday)"])
    # It changes exactly the three keys the guide says it does.
    changed = [k for k, _, _ in differences(load("classic").variant, load(f).variant)]
    assert changed == ["black_threes.discarded", "going_out.canastas", "game.target"]


def test_guide_example_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The guide shows the error for canastas = "two": same line, same message."""
    f = tmp_path / "thursday.toml"
    f.write_text(_doc_example().replace("canastas = 2", 'canastas = "two"'), encoding="utf-8")
    code, out, _ = cli(capsys, "variants", "validate", str(f))
    assert code == 2
    assert out == [f'{f}:15: going_out.canastas: must be a whole number, got "two"']
    guide = (DOCS / "variant-files.md").read_text(encoding="utf-8")
    assert 'thursday.toml:15: going_out.canastas: must be a whole number, got "two"' in guide


# --------------------------------------------------------------------------------------------
# The generated parameter reference


def test_parameter_reference_is_up_to_date() -> None:
    """Regenerate with: python -m canasta_rules.docgen --write docs"""
    from canasta_rules.variant.reference import parameters_markdown

    assert (DOCS / "parameters.md").read_text(encoding="utf-8") == parameters_markdown()


def test_parameter_reference_lists_every_parameter() -> None:
    from canasta_rules.variant.model import parameter_paths
    from canasta_rules.variant.reference import parameters

    paths = parameter_paths()
    leaves = {p for p in paths if not any(q.startswith(p + ".") for q in paths)}
    listed = {key.replace("[]", "") for rows in parameters().values() for key, *_ in rows}
    assert leaves <= listed <= paths


def test_show_and_diff_end_with_the_key_to_their_sources(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Every id `show` and `diff` print (the ruleset's sources and its notes') is in the key at
    the end, with its label."""
    code, out, _ = cli(capsys, "variants", "show", "two-hand")
    assert code == 0
    legend = [
        line.rstrip()
        for line in out[out.index("Sources (docs/sources.md has their addresses):") + 1 :]
    ]
    assert legend == [
        "001    Pagat's Classic Canasta, teaching page",
        "P      Pagat, as other accounts quote it",
        "B      Bicycle/Hoyle",
        "W      Wikipedia and its copies",
        "house  house rule, from no published source",
    ]
    code, out, _ = cli(capsys, "variants", "diff", "classic", "bicycle")
    assert code == 0
    assert [line.rstrip() for line in out[-2:]] == [
        "001  Pagat's Classic Canasta, teaching page",
        "B    Bicycle/Hoyle",
    ]
