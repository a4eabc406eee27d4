"""The generated pages docs/cli.md and docs/sources.md: committed copies are up to date, the CLI
reference covers every command of the app, and the sources page lists exactly the parameters on
which the built-in variants disagree, with their provenance.

Regenerate the pages with: python -m canasta_rules.docgen --write docs
"""

from __future__ import annotations

import re
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import pytest
import typer
import typer.main
from typer.core import TyperGroup

from canasta_rules import sources as src
from canasta_rules.cli import app as canasta_app
from canasta_rules.docgen import PAGES, expected, stale, write
from canasta_rules.docgen import cli as cli_doc
from canasta_rules.docgen import sources as sources_doc
from canasta_rules.docgen.__main__ import main as docgen_main
from canasta_rules.rulesheet.render import md_escape
from canasta_rules.variant import builtin, load
from canasta_rules.variant.compare import flatten

DOCS = Path(__file__).resolve().parent.parent / "docs"


def committed(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


def section(text: str, heading: str) -> str:
    """The lines under ``heading`` up to the next heading of the same or a higher level."""
    level = len(heading) - len(heading.lstrip("#"))
    lines = text.splitlines()
    start = lines.index(heading)
    out: list[str] = []
    for line in lines[start + 1 :]:
        m = re.match(r"^(#+) ", line)
        if m and len(m.group(1)) <= level:
            break
        out.append(line)
    return "\n".join(out)


def as_cell(text: str) -> str:
    """A note as a table cell shows it."""
    return md_escape(" ".join(text.split()))


def rows(table_text: str) -> list[list[str]]:
    """The cells of every body row of the Markdown tables in ``table_text``."""
    lines = table_text.splitlines()
    out = []
    for i, line in enumerate(lines):
        header = i + 1 < len(lines) and lines[i + 1].startswith("| ---")
        if line.startswith("| ") and not line.startswith("| ---") and not header:
            out.append([c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]])
    return out


# --------------------------------------------------------------------------------------------
# Committed pages


@pytest.mark.parametrize("name", sorted(PAGES))
def test_committed_page_is_up_to_date(name: str) -> None:
    """Regenerate with: python -m canasta_rules.docgen --write docs"""
    assert committed(name) == expected()[name], f"docs/{name} is stale"


def test_check_reports_nothing_for_docs() -> None:
    assert stale(DOCS) == []


def test_pages_are_deterministic() -> None:
    assert expected() == expected()


def test_module_entry_point(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert docgen_main(["--check", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    for page in ("cli.md", "sources.md", "parameters.md", "rules/classic.md"):
        assert f"{tmp_path / page}: missing" in err
    assert docgen_main(["--write", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "cli.md",
        "parameters.md",
        "rules",
        "sources.md",
    ]
    assert sorted(p.name for p in (tmp_path / "rules").iterdir()) == sorted(
        p.name for p in (DOCS / "rules").glob("*.md")
    )
    assert docgen_main(["--check", str(tmp_path)]) == 0
    (tmp_path / "sources.md").write_text("old\n", encoding="utf-8")
    (tmp_path / "rules" / "classic.md").write_text("old\n", encoding="utf-8")
    assert docgen_main(["--check", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert f"{tmp_path / 'sources.md'}: out of date" in err
    assert f"{tmp_path / 'rules' / 'classic.md'}: out of date" in err


def test_write_rewrites_only_what_changed(tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text("# mine\n", encoding="utf-8")
    first = write(tmp_path)
    assert first[:3] == [tmp_path / "cli.md", tmp_path / "sources.md", tmp_path / "parameters.md"]
    assert tmp_path / "rules" / "classic.md" in first
    assert write(tmp_path) == []
    (tmp_path / "cli.md").write_text("old\n", encoding="utf-8")
    assert write(tmp_path) == [tmp_path / "cli.md"]
    assert (tmp_path / "notes.md").read_text(encoding="utf-8") == "# mine\n"
    assert stale(tmp_path) == []


# --------------------------------------------------------------------------------------------
# docs/cli.md


def _app_commands(group: TyperGroup, prefix: str) -> list[str]:
    """Every command path of a group, walked here independently of the generator."""
    ctx = typer.Context(group, info_name=prefix.rsplit(" ", 1)[-1])
    out = []
    for name in group.list_commands(ctx):
        sub = group.get_command(ctx, name)
        assert sub is not None
        if sub.hidden:
            continue
        out.append(f"{prefix} {name}")
        if isinstance(sub, TyperGroup):
            out += _app_commands(sub, f"{prefix} {name}")
    return out


def test_cli_page_has_every_command_of_the_app() -> None:
    root = typer.main.get_command(canasta_app)
    assert isinstance(root, TyperGroup)
    paths = _app_commands(root, "canasta")
    for cmd in ("replay", "score", "ruling", "fmt", "record", "rules", "variants"):
        assert f"canasta {cmd}" in paths
    for sub in ("list", "show", "diff", "validate", "schema", "export"):
        assert f"canasta variants {sub}" in paths
    text = committed("cli.md")
    headings = [m.group(1) for m in re.finditer(r"^#{2,6} `([^`]+)`$", text, flags=re.MULTILINE)]
    assert headings == ["canasta", *paths]
    assert cli_doc.command_paths() == ["canasta", *paths]
    for path in paths:
        assert f"\n```text\n{path} [OPTIONS]" in text, path


def test_cli_page_lists_arguments_and_options() -> None:
    text = committed("cli.md")
    diff = section(text, "### `canasta variants diff`")
    assert "```text\ncanasta variants diff [OPTIONS] {NAME|FILE} {NAME|FILE}\n```" in diff
    assert diff.count("- `NAME|FILE` (required): A built-in name or a file.") == 2
    assert "- `--set KEY=VALUE` (repeatable): Override one parameter" in diff
    rules = section(text, "## `canasta rules`")
    assert (
        "- `-f, --format <md|html|txt>`: md (Markdown), html (one printable page) or txt. "
        "Without it a terminal shows the sheet drawn, and a pipe or --out gets Markdown." in rules
    )
    assert "- `--card`: A one-page quick reference" in rules
    assert "- `--diff BASE`: Mark every rule that departs from BASE" in rules
    assert "- `-o, --out FILE`: Write to this file instead of printing." in rules
    record = section(text, "## `canasta record`")
    assert "- `--seed SEED` (default: `0`): Seed for the deals and the bots." in record
    assert "- `--seeded-deals`: Name each hand's seed" in record
    validate = section(text, "### `canasta variants validate`")
    assert "(one or more): Variant files." in validate
    group = section(text, "## `canasta variants`")
    assert "- [`canasta variants list`](#canasta-variants-list): The built-in rulesets" in group


def test_cli_page_does_not_depend_on_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    plain = cli_doc.page()
    monkeypatch.setenv("COLUMNS", "40")
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("TERM", "xterm-256color")
    assert cli_doc.page() == plain
    assert "\x1b" not in plain


class Shape(StrEnum):
    round = "round"
    square = "square"


def _toy_app() -> typer.Typer:
    toy = typer.Typer(help="A toy.", add_completion=False)
    inner = typer.Typer(help="Inner things.\n\nMore about them.")

    @toy.command("draw")
    def draw(
        what: Annotated[str, typer.Argument(metavar="WHAT", help="What to draw.")],
        shape: Annotated[Shape, typer.Option("--shape", "-s", help="The shape.")] = Shape.round,
        tags: Annotated[list[str] | None, typer.Option("--tag", help="A tag.")] = None,
        count: Annotated[int, typer.Option(help="How many.")] = 3,
        loud: Annotated[bool, typer.Option("--loud", help="Shout.")] = False,
        name: Annotated[str, typer.Option("--name", help="Required.")] = ...,
    ) -> None:
        """Draw something.

        Use `toy draw x` for an x; * and _ are literal."""

    @toy.command("secret", hidden=True)
    def secret() -> None:
        """Hidden."""

    @inner.command("one")
    def one(
        files: Annotated[list[str], typer.Argument(metavar="F...", help="Files.")],
    ) -> None:
        """The first inner thing."""

    @inner.command("two")
    def two() -> None:
        """The second."""

    toy.add_typer(inner, name="inner")
    return toy


def test_cli_generator_on_a_toy_app() -> None:
    text = cli_doc.page(_toy_app())
    assert cli_doc.command_paths(_toy_app()) == [
        "canasta",
        "canasta draw",
        "canasta inner",
        "canasta inner one",
        "canasta inner two",
    ]
    assert "secret" not in text
    draw = section(text, "## `canasta draw`")
    assert "```text\ncanasta draw [OPTIONS] {WHAT}\n```" in draw
    assert "Use `toy draw x` for an x; \\* and \\_ are literal." in draw
    assert "- `WHAT` (required): What to draw." in draw
    assert "- `-s, --shape <round|square>` (default: `round`): The shape." in draw
    assert "- `--tag <str>` (repeatable): A tag." in draw
    assert "- `--count <int>` (default: `3`): How many." in draw
    assert "- `--loud`: Shout." in draw
    assert "- `--name <str>` (required): Required." in draw
    inner = section(text, "## `canasta inner`")
    assert "Inner things.\n\nMore about them." in inner
    assert "- [`canasta inner one`](#canasta-inner-one): The first inner thing." in inner
    one = section(text, "### `canasta inner one`")
    assert "- `F...` (one or more): Files." in one


# --------------------------------------------------------------------------------------------
# docs/sources.md


def test_sources_intro_names_the_files_and_letters() -> None:
    text = committed("sources.md")
    assert text.splitlines()[2] == "# The sources and where they disagree"
    files = rows(section(text, "## The five source files"))
    assert [r[0] for r in files] == ["000", "001", "002", "003", "004"]
    for r in files:
        assert r[1] == src.label(r[0])
        assert r[2] == f"`{src.SOURCE_FILES[r[0]]}`"
        assert r[3] == src.DESCRIPTIONS[r[0]]
    letters = rows(section(text, "## The catalog letters"))
    assert [r[0] for r in letters] == ["`P`", "`B`", "`W`", "`Brit`", "`house`"]
    assert [r[1] for r in letters] == [src.label(k.strip("`")) for k in (r[0] for r in letters)]
    variants = rows(section(text, "## The built-in variants"))
    assert sorted(r[0].strip("`") for r in variants) == builtin.names()


def test_sources_lists_the_family_sources_with_title_and_address() -> None:
    family = rows(section(committed("sources.md"), "## The family sources"))
    assert [r[0].strip("`") for r in family] == list(src.FAMILY)
    for r in family:
        f = src.FAMILY[r[0].strip("`")]
        assert r[1:] == [f.game, f.title, f"<{f.address}>"]
    cited = {s for n in builtin.names() for s in load(n).variant.sources}
    assert {"BC", "BCB", "RGU"} <= cited <= {*src.SOURCE_IDS}


def test_sources_black_threes_discarded() -> None:
    table = rows(section(committed("sources.md"), "### `black_threes.discarded`"))
    by_variant = {v: r for r in table for v in r[1].split(", ")}
    assert set(by_variant) == set(builtin.names())
    classic, bicycle = by_variant["classic"], by_variant["bicycle"]
    assert classic[0] == '`"stop"`' and classic[2] == "001"
    # the family games that extend classic inherit its note
    assert classic[1] == (
        "classic, bolivia, five-hand, hand-and-foot, hand-and-foot-six, modern-american, samba, "
        "uruguayan"
    )
    assert classic[3] == as_cell(load("classic").variant.provenance["black_threes.discarded"].note)
    assert bicycle[0] == '`"freeze"`' and bicycle[1] == "bicycle" and bicycle[2] == "B, 001"
    assert bicycle[3].startswith("A discarded black three freezes the pile")
    novice = by_variant["novice"]
    assert novice[0] == '`"stop"`' and novice[2] == "003, 001; **pinned**"
    two_hand = by_variant["two-hand"]
    assert two_hand[3].startswith("On `black_threes`: ")
    # The default ruleset's value comes first.
    assert table[0][1].split(", ")[0] == "classic"


def test_sources_lists_exactly_the_disagreements() -> None:
    text = committed("sources.md")
    part = section(text, "## Where the variants disagree")
    listed = re.findall(r"^### `([^`]+)`$", part, flags=re.MULTILINE)
    flats = [flatten(load(n).variant) for n in builtin.names()]
    keys = list(dict.fromkeys(k for f in flats for k in f))
    differing = [k for k in keys if len({repr(f.get(k, "<absent>")) for f in flats}) > 1]
    assert listed == differing
    assert "black_threes.discarded" in listed and "game.target" in listed
    assert "canastas.size" not in listed  # every built-in has seven-card canastas
    # Every variant appears once in each parameter's table.
    for key in listed:
        table = rows(section(text, f"### `{key}`"))
        named = [v for r in table for v in r[1].split(", ")]
        assert sorted(named) == builtin.names(), key


def test_sources_game_target_values() -> None:
    table = rows(section(committed("sources.md"), "### `game.target`"))
    values = {r[0] for r in table}
    assert {"`5000`", "`3000`"} <= values
    three = [r for r in table if r[0] == "`3000`"]
    assert any("online-3000" in r[1].split(", ") for r in three)


def test_sources_lists_every_pinned_reading() -> None:
    text = committed("sources.md")
    pinned = section(text, "## Pinned readings")
    for name in builtin.names():
        lv = load(name)
        table = rows(section(pinned, f"### {name}"))
        want = sorted(k for k, p in lv.variant.provenance.items() if p.pinned)
        assert sorted(r[0].strip("`") for r in table) == want, name
        for r in table:
            prov = lv.variant.provenance[r[0].strip("`")]
            assert r[2] == ", ".join(prov.sources)
            assert r[3] == as_cell(prov.note) or re.fullmatch(
                r"As in \[[a-z0-9-]+\]\(#[a-z0-9-]+\)\.", r[3]
            )


def test_pinned_readings_values_and_inheritance() -> None:
    pins = sources_doc.pinned_readings()
    bicycle = {p.key: p for p in pins["bicycle"]}
    assert bicycle["going_out.permission"].value == (
        '{kind = "ask", when = ["before_draw", "after_draw"], only_when_able = true, '
        "once_per_hand = false, yes_obliges = true, required = false}"
    )
    assert bicycle["going_out.permission"].same_as is None
    # bicycle keeps classic's guard unchanged; six-hand-pairs goes back through six-hand.
    assert bicycle["game.max_hands"].same_as == "classic"
    pairs = {p.key: p for p in pins["six-hand-pairs"]}
    assert pairs["game.tie"].same_as is None  # its own note (7500, three sides)
    assert pairs["game.max_hands"].same_as == "classic"
    online = {p.key: p for p in pins["online"]}
    assert all(p.same_as is None for p in online.values())
    assert {p.key: p for p in pins["online-3000"]}["deal.cutter"].same_as == "online"
    encyclopedia = {p.key: p for p in pins["encyclopedia"]}
    assert encyclopedia["deck"].value == "{decks = 2, jokers_per_deck = 2}"


def test_disagreement_backings_match_provenance() -> None:
    found = {d.key: d for d in sources_doc.disagreements()}
    d = found["black_threes.discarded"]
    values = [r.value for r in d.readings]
    assert values == ["stop", "freeze"]
    freeze = d.readings[1]
    assert freeze.variants == ("bicycle",)
    (backing,) = freeze.backings
    assert backing.filed_under == "black_threes.discarded"
    assert backing.provenance == load("bicycle").provenance("black_threes.discarded")
    absent = [r for r in found["going_out.permission.yes_obliges"].readings if not r.present]
    assert absent and "novice" in absent[0].variants


def test_sources_lists_pinned_and_unexpressed_rules_source_by_source() -> None:
    """Issue 9: docs/sources.md says, source by source, what is still pinned or not expressed.
    The cutthroat game is now a variant, so B no longer carries three-hand's pinned seating."""
    from canasta_rules import sources as src

    text = committed("sources.md")
    table = rows(section(text, "## Source by source: pinned, and not expressed"))
    by_id = {r[0].strip("`"): r for r in table}
    assert "three-hand: `seating`" not in by_id["B"][1]
    assert by_id["W"][1] == "novice: `seating`"
    for source, missing in src.NOT_EXPRESSED.items():
        assert by_id[source][2].startswith(missing[0][:40])
