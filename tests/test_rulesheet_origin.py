"""Rule sheets say where each rule comes from (issue 9, point 4).

Every marker is derived from the variant's ``provenance`` entries. These tests check the markers
against the loader's own reading of the notes (``LoadedVariant.provenance_entry``), not against
the rule-sheet code that wrote them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from canasta_rules.rulesheet import build, render
from canasta_rules.rulesheet.document import Sentence, Sheet, Statement, claims_key
from canasta_rules.rulesheet.render import PINNED_TITLE, marker, md_escape
from canasta_rules.variant import builtin, load, load_variant
from canasta_rules.variant.compare import flatten
from canasta_rules.variant.loaded import LoadedVariant
from canasta_rules.variant.model import Provenance
from canasta_rules.variant.plain import replaced

BUILTINS = builtin.names()
LEGEND = "Where each rule comes from"


def _entries(lv: LoadedVariant, claim: str) -> list[tuple[str, Provenance]]:
    """The notes behind a claim, as the loader finds them (for a table, the notes under it)."""
    keys = [k for k in flatten(lv.variant) if claims_key(claim, k)] or [claim]
    out: dict[str, Provenance] = {}
    for k in keys:
        found = lv.provenance_entry(k)
        if found is not None:
            out[found[0]] = found[1]
    return list(out.items())


def _sheets(name: str) -> list[Sheet]:
    v = load_variant(name)
    return [build(v), build(v, card=True)]


@pytest.mark.parametrize("name", BUILTINS)
def test_every_source_marker_is_backed_by_a_note_naming_that_source(name: str) -> None:
    lv = load(name)
    own = set(lv.variant.sources)
    checked = 0
    for sheet in _sheets(name):
        for st in sheet.statements():
            notes = [p for c in st.claims for _, p in _entries(lv, c)]
            # A fixed rule (no parameter) is stated by the sources its sentence names (Said).
            said = st.said.sources if isinstance(st, Sentence) and st.said else ()
            for o in st.origins:
                if o.kind not in ("stated", "filled"):
                    continue
                assert o.sources, st.id
                if not st.claims:
                    assert o.kind == "stated" and set(o.sources) <= set(said) & own, st.id
                    continue
                for src in o.sources:
                    backing = [p for p in notes if src in p.sources and not p.pinned]
                    assert backing, (st.id, src)
                    checked += 1
                if o.kind == "stated":
                    assert set(o.sources) <= own, st.id
                else:
                    assert not set(o.sources) & own, st.id
    assert checked > 20


@pytest.mark.parametrize("name", BUILTINS)
def test_a_pinned_parameter_gives_a_pinned_marker(name: str) -> None:
    lv = load(name)
    sheet = build(lv.variant)
    md = render(sheet, "md")
    pinned_seen = 0
    for st in sheet.statements():
        if not st.origins:
            continue
        for c in st.claims:
            for key, p in _entries(lv, c):
                if not p.pinned:
                    continue
                parts = [o for o in st.origins if o.kind == "pinned" and key in o.keys]
                assert parts, (st.id, key)
                n = sheet.pinned.index(parts[0]) + 1
                assert f"pinned {n}" in marker(sheet, st.origins)
                # Its note is the numbered note the marker points to.
                # named in words: "1. Ask only when able to go out (001): ..."
                assert f"\n{n}. {md_escape(sheet.setting_name(key))}" in md
                pinned_seen += 1
    if any(p.pinned for p in lv.variant.provenance.values()):
        assert pinned_seen


@pytest.mark.parametrize("name", BUILTINS)
def test_unpinned_notes_never_give_a_pinned_marker(name: str) -> None:
    lv = load(name)
    for sheet in _sheets(name):
        for st in sheet.statements():
            for o in st.origins:
                if o.kind == "pinned" and not o.reading:
                    for key in o.keys:
                        found = [p for c in st.claims for k, p in _entries(lv, c) if k == key]
                        assert found and all(p.pinned for p in found), (st.id, key)


@pytest.mark.parametrize("name", BUILTINS)
@pytest.mark.parametrize("card", [False, True])
def test_the_legend_appears_once(name: str, card: bool) -> None:
    sheet = build(load_variant(name), card=card)
    for fmt in ("md", "html", "txt"):
        text = " ".join(render(sheet, fmt).split())
        assert text.count(LEGEND) == 1, fmt
        # The legend explains every kind of marker the sheet uses, and no other.
        used = {o.kind for st in sheet.statements() for o in st.origins}
        common = md_escape("[common]") if fmt == "md" else "[common]"
        assert (common in text) == ("common" in used)
        assert ("the project pinned" in text) == ("pinned" in used)


@pytest.mark.parametrize("name", BUILTINS)
def test_every_rule_is_marked_in_every_format(name: str) -> None:
    sheet = build(load_variant(name))
    md, txt = render(sheet, "md"), " ".join(render(sheet, "txt").split())
    html = render(sheet, "html")
    for st in sheet.statements():
        if not isinstance(st, Sentence) or not st.text:
            continue
        m = marker(sheet, st.origins)
        if st.role != "rule":
            assert m == "", st.id
            continue
        assert m, st.id
        assert f"{md_escape(st.text)} {md_escape(m)}" in md, st.id
        assert " ".join(f"{st.text} {m}".split()) in txt, st.id
        assert f'<span class="src">{m}</span>' in html, st.id


@pytest.mark.parametrize("name", BUILTINS)
def test_pinned_notes_are_numbered_in_order(name: str) -> None:
    sheet = build(load_variant(name))
    md = render(sheet, "md")
    body, notes = md.split(f"## {PINNED_TITLE}\n", 1)
    numbers = [int(n) for n in re.findall(r"pinned (\d+)", body)]
    assert numbers, name
    # Each note is first referred to in reading order, and every note is referred to.
    firsts = list(dict.fromkeys(numbers))
    assert firsts == list(range(1, len(sheet.pinned) + 1))
    assert len(re.findall(r"^\d+\. ", notes, re.M)) == len(sheet.pinned)


def test_fixed_rules_are_marked_common_unless_a_source_of_the_variant_reads_otherwise() -> None:
    classic = build(load_variant("classic"))
    novice = build(load_variant("novice"))
    general = build(load_variant("general"))
    for sheet in (classic, novice, general):
        wild = sheet.statement("fixed.wild")
        assert wild is not None and [o.kind for o in wild.origins] == ["common"]
    # Whom a discarded wild card freezes the pile against is a parameter: each variant's own
    # source states it (001: both teams; 003: the discarder's opponents), and 004, whose list of
    # what freezes the pile is missing, is pinned to 001.
    freeze = "pile.discard_freezes_against"
    (o,) = _st(classic, freeze).origins
    assert (o.kind, o.sources) == ("stated", ("001",))
    (o,) = _st(novice, freeze).origins
    assert (o.kind, o.sources) == ("stated", ("003",))
    assert [o.kind for o in _st(general, freeze).origins] == ["pinned"]


def _st(sheet: Sheet, id_: str) -> Statement:
    st = sheet.statement(id_)
    assert st is not None, id_
    return st


@pytest.mark.parametrize("name", BUILTINS)
def test_the_tie_rule_is_the_projects_reading(name: str) -> None:
    """No source says what a tie at the end of the game does (001 and 000 say the higher wins)."""
    sheet = build(load_variant(name))
    (o,) = _st(sheet, "game.tie").origins
    assert o.kind == "pinned" and o.sources == ("house",)
    # Another hand, except where the game is a fixed number of hands (Hand and Foot: shared).
    said = "the game is shared" if load_variant(name).game.rounds else "another hand is played"
    assert re.search(said + r"\. \\\[pinned \d+\\\]", render(sheet, "md"))


def test_inherited_notes_of_another_source_are_filled_in() -> None:
    """A variant that cites B but inherits classic's notes, which cite 001."""
    sheet = build(load_variant("six-hand"))
    # six-hand cites B; its canasta's seven cards come from classic's note on 001 (the
    # canastas table), while B gives the four naturals the sentence also states.
    stated, filled = _st(sheet, "canastas.size").origins
    assert (stated.kind, stated.sources) == ("stated", ("B",))
    assert (filled.kind, filled.sources) == ("filled", ("001",))
    txt = " ".join(render(sheet, "txt").split())
    assert "[from 001]" in txt
    assert "[from 001] filled in from another source" in txt


def test_a_value_changed_with_set_has_no_source() -> None:
    sheet = build(load("classic", ["game.target=3000"]).variant)
    (o,) = _st(sheet, "game.target").origins
    assert o.kind == "unsourced"
    txt = " ".join(render(sheet, "txt").split())
    assert "reached 3000 or more, the game ends" in txt
    assert "[no source] the variant file cites none" in txt


def test_markers_follow_the_notes_not_the_sentence() -> None:
    """Marking a note as pinned, or citing another source, changes the marker by itself."""
    v = load_variant("classic")
    prov = dict(v.provenance)
    prov["game.target"] = Provenance(sources=("001",), note="pinned for the test", pinned=True)
    prov["pile.one_card_ban"] = Provenance(sources=("P",), note="from elsewhere")
    changed = replaced(v, provenance=prov)
    sheet = build(changed)
    assert [o.kind for o in _st(sheet, "game.target").origins] == ["pinned"]
    (o,) = _st(sheet, "pile.one_card_ban").origins
    assert (o.kind, o.sources) == ("filled", ("P",))
    assert "Target score (001): pinned for the test" in render(sheet, "md")


def test_a_file_without_notes_falls_back_on_classic_for_default_values(tmp_path: Path) -> None:
    f = tmp_path / "mine.toml"
    f.write_text(
        'name = "mine"\ntitle = "Ours"\nsources = ["004"]\n[game]\ntarget = 4000\n',
        encoding="utf-8",
    )
    sheet = build(load(str(f)).variant)
    assert [o.kind for o in _st(sheet, "game.target").origins] == ["unsourced"]
    (o,) = _st(sheet, "pile.one_card_ban").origins
    assert (o.kind, o.sources) == ("filled", ("001",))


# --------------------------------------------------------------------------------------------
# Sentences that said more than their sources


def test_general_wild_card_penalty() -> None:
    """004_747f80dc7edc8b8b.txt, penalty (7): an unintentional fourth wild card is removed and
    added to another meld or discarded; returning it to hand costs 100."""
    text = _st(build(load_variant("general")), "penalties.wild_returned").plain
    assert "by mistake" in text
    assert "either add it to another meld or discard it" in text
    assert "takes it back into hand instead costs their side 100" in text
    assert "must take the extra wild card back" not in text


@pytest.mark.parametrize("name", ["classic", "bicycle", "encyclopedia", "six-hand", "general"])
def test_asking_permission_keeps_taking_the_pile(name: str) -> None:
    """001_0cb887cc6d824426.txt: ask just after drawing or taking the pile; asking is optional."""
    sheet = build(load_variant(name))
    ask = _st(sheet, "going_out.permission").plain
    assert "need not ask" in ask
    when = _st(sheet, "going_out.permission.when")
    assert "just after drawing from the stock or taking the pile" in when.plain
    assert when.origins and not any(o.reading for o in when.origins)


def test_online_draw_two_short_stock() -> None:
    """002_d58438592396a398.txt: drawing two, the hand may end with one card left in the stock."""
    text = _st(build(load_variant("online-draw-two")), "draw.short_stock").plain
    assert text.startswith("The hand ends as soon as a full draw is impossible")


def test_novice_start_of_hand_freeze_is_marked_as_a_reading() -> None:
    """003_6d7b9b19ffba82c5.txt: the pile is frozen against everyone at the start of a round
    (``pile.frozen_at_start``, stated by 003); before a side opens it is frozen against it too,
    a reading pinned from 001."""
    sheet = build(load_variant("novice"))
    st = _st(sheet, "pile.frozen_at_start")
    assert st.plain.startswith("At the start of every hand the pile is frozen against every side")
    assert "until that side has taken it once" in st.plain
    (o,) = st.origins
    assert o.kind == "stated" and o.sources == ("003",)
    (p,) = _st(sheet, "pile.frozen_before_opening").origins
    assert p.kind == "pinned"


@pytest.mark.parametrize("name", BUILTINS)
def test_the_card_refers_only_to_its_own_sections(name: str) -> None:
    sheet = build(load_variant(name), card=True)
    titles = {sec.title for sec in sheet.sections}
    text = " ".join(render(sheet, "txt").split())
    refs = re.findall(r"\(see ([^)]*)\)", text)
    assert refs
    for ref in refs:
        assert ref in titles or ref == "the full rule sheet", ref


def test_a_house_note_states_the_house_rule(tmp_path: Path) -> None:
    f = tmp_path / "house.toml"
    f.write_text(
        'extends = "classic"\nname = "house"\ntitle = "Our table"\n[going_out]\ncanastas = 2\n'
        '[provenance]\n"going_out.canastas" = { sources = ["house"], note = "Longer hands." }\n',
        encoding="utf-8",
    )
    sheet = build(load(str(f)).variant)
    (o,) = _st(sheet, "going_out.canastas").origins
    assert (o.kind, o.sources) == ("stated", ("house",))
    txt = " ".join(render(sheet, "txt").split())
    assert "at least two canastas, which may be completed in the same turn. [house]" in txt
    assert "[house] a house rule of this variant's own" in txt
