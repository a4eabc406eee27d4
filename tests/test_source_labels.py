"""A person reads a source by its label, never its file name (issue 24, point 3).

Every id a variant may cite has a label in canasta_rules/sources.py, and no user-facing output of
a built-in ruleset (rule sheets and cards in every format, ``variants show`` and ``list`` and
their JSON, ``diff``, ``export``, ``new``, a ruling's and ``?``'s provenance, the docs) contains a
source's file name: those stay in docs/sources.md alone, as its key."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import run_cli

from canasta_rules.play.explain import explain_parameter
from canasta_rules.rulesheet import build, render
from canasta_rules.sources import FAMILY, LABELS, SOURCE_FILES, SOURCE_IDS, cite, label, legend
from canasta_rules.variant import builtin, load
from canasta_rules.variant.compare import flatten

FILE_NAME = re.compile(r"\d{3}_[0-9a-f]{16}(\.txt)?")
ROOT = Path(__file__).resolve().parent.parent


def no_file_name(text: str, where: str) -> None:
    found = FILE_NAME.search(text)
    assert found is None, f"{where}: {found.group(0) if found else ''}"
    for name in SOURCE_FILES.values():
        assert name not in text, where


def test_every_id_has_a_label_a_player_knows() -> None:
    for source in SOURCE_IDS:
        text = label(source)
        assert text and text != source and not FILE_NAME.search(text), source
    assert label("001") == "Pagat's Classic Canasta, teaching page"
    assert label("BC") == FAMILY["BC"].title
    assert set(LABELS) == {s for s in SOURCE_IDS if s not in FAMILY}
    assert cite("001") == "Pagat's Classic Canasta, teaching page [001]"
    assert cite("house") == "house rule"
    assert legend(["B", "001", "B"]) == ["[B] Bicycle/Hoyle", f"[001] {label('001')}"]


@pytest.mark.parametrize("name", builtin.names())
def test_no_output_of_a_builtin_names_a_source_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    lv = load(name)
    for card in (False, True):
        sheet = build(lv.variant, card=card)
        for fmt in ("md", "html", "txt"):
            no_file_name(render(sheet, fmt), f"{name} sheet card={card} {fmt}")
    diffed = build(lv.variant, base=load("classic").variant)
    no_file_name(render(diffed, "txt"), f"{name} sheet --diff classic")
    monkeypatch.chdir(tmp_path)
    for args in (
        ("variants", "show", name),
        ("variants", "show", name, "--json"),
        ("variants", "diff", "classic", name),
        ("variants", "export", name),
        ("variants", "new", "ours", "--from", name, "-o", "ours.toml", "--force"),
    ):
        status, out, err = run_cli(capsys, *args)
        assert status == 0, (args, err)
        no_file_name(out + err, " ".join(args))
    no_file_name(
        (tmp_path / "ours.toml").read_text(encoding="utf-8"), f"variants new --from {name}"
    )
    # What a ruling and '?' at the table say of each parameter's source.
    for key in flatten(lv.variant):
        lines = explain_parameter(lv, key) or []
        no_file_name("\n".join(lines), f"{name} ? {key}")
        prov = lv.provenance(key)
        if prov is not None:
            no_file_name(", ".join(cite(s) for s in prov.sources) + prov.note, f"{name} {key}")


def test_the_lists_name_no_source_file(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (("variants", "list"), ("variants", "list", "--json")):
        status, out, _err = run_cli(capsys, *args)
        assert status == 0
        no_file_name(out, " ".join(args))


def test_a_ruling_cites_the_label(capsys: pytest.CaptureFixture[str]) -> None:
    pos = str(ROOT / "docs" / "examples" / "e5-frozen-pile.pos")
    status, out, _err = run_cli(capsys, "ruling", pos, "take with Qc Jk", "--json")
    assert status == 1
    assert '"source": "Pagat\'s Classic Canasta, teaching page [001]: ' in out
    no_file_name(out, "ruling --json")


def test_docs_name_source_files_only_in_the_key() -> None:
    """docs/sources.md is the key from id to file name; no other page, example or built-in
    variant file names one (they cite ids and labels)."""
    pages = [
        *(ROOT / "docs").rglob("*.md"),
        *(ROOT / "docs" / "examples").rglob("*.*"),
        *(ROOT / "variants").glob("*.toml"),
        ROOT / "README.md",
    ]
    for page in pages:
        if page.name == "sources.md" and page.parent.name == "docs":
            continue
        no_file_name(page.read_text(encoding="utf-8"), str(page.relative_to(ROOT)))
    key = (ROOT / "docs" / "sources.md").read_text(encoding="utf-8")
    for source, file in SOURCE_FILES.items():
        assert f"| {source} | {label(source)} | `{file}` |" in key
