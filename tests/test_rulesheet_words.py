"""Rule sheets speak the game's own words, read from the variant (``[words]``), and say no
sentence that does not belong to the game (issue 23, point 5).

- Hand and Foot calls its canastas books (RGH, BGA, NWP: docs/family/hand-and-foot.md), and has
  no runs, so its going-out rule says nothing of runs.
- Bolivia's run of seven is an escalera and its canasta of wild cards a bolivia (BNC, SC, WKB,
  BCB, RGB: docs/family/bolivia.md); its going-out rule is a sentence with a verb; its bolivia's
  2500, which every source states, is not marked as a pinned reading.
- Samba's run of seven is a samba (BC, HSW).
"""

from __future__ import annotations

import re

from canasta_rules.rulesheet import build, render
from canasta_rules.rulesheet.document import Row, Sentence
from canasta_rules.rulesheet.words import renamed
from canasta_rules.variant import load_variant
from canasta_rules.variant.model import Words


def _sheet(name: str, *, card: bool = False) -> str:
    return render(build(load_variant(name), card=card), "md")


def _sentence(name: str, id_: str) -> Sentence:
    st = build(load_variant(name)).statement(id_)
    assert isinstance(st, Sentence), id_
    return st


def test_hand_and_foot_says_books() -> None:
    text = _sheet("hand-and-foot")
    assert "## 3. Melds and books" in text and "### Books" in text
    assert "until it is a closed book" in text
    assert "at least four books" in text
    assert "| Book of wild cards | 1500 |" in text
    # "canasta" is left only where it names the game ("as in Canasta") or a parameter's key.
    left = re.findall(r"(?<![\w.])canastas?(?![\w])", text)
    assert left == [], left
    card = _sheet("hand-and-foot", card=True)
    assert "needs four books" in card
    # the sources' labels name the game ("Pagat's Classic Canasta"): only the meld word is checked
    assert re.findall(r"(?<![\w.])canastas?(?![\w])", card) == []


def test_hand_and_foot_says_nothing_of_runs_when_going_out() -> None:
    """A game with no runs: no 'No run need be among them.' beside its contract of books."""
    text = _sheet("hand-and-foot")
    assert "No run need be among them" not in text
    assert build(load_variant("hand-and-foot")).statement("going_out.sequence_canastas") is None
    # Samba melds runs and asks for none: there the sentence still says that every kind counts.
    samba = _sentence("samba", "going_out.sequence_canastas")
    assert samba.text == "Canastas of every kind count toward going out."


def test_bolivia_names_its_escalera_and_bolivia_and_its_going_out_rule_has_a_verb() -> None:
    going_out = _sentence("bolivia", "going_out.sequence_canastas")
    assert going_out.text == (
        "At least one of those canastas must be an escalera: a run as long as a canasta."
    )
    melds = _sentence("bolivia", "melds.sequences").text
    assert "A run as long as a canasta is a canasta, called an escalera, worth 1500." in melds
    wild = _sentence("bolivia", "melds.wild_melds").text
    assert "a canasta of wild cards, called a bolivia, is worth 2500." in wild
    text = _sheet("bolivia")
    assert "| Run as long as a canasta (escalera) | 1500 |" in text


def test_bolivias_2500_is_stated_not_pinned() -> None:
    """Every Bolivia source gives the bolivia 2500 (BCB, RGB, BNC, SC, WKB): the bonus row cites
    them, while the one open meld of wild cards at a time stays a pinned reading."""
    sheet = build(load_variant("bolivia"))
    row = next(
        st for st in sheet.statements() if isinstance(st, Row) and "(bolivia)" in st.cells[0]
    )
    assert row.cells[1] == "2500"
    assert [o.kind for o in row.origins] == ["stated"]
    assert set(row.origins[0].sources) == {"BCB", "RGB", "BNC", "SC", "WKB"}
    wild = _sentence("bolivia", "melds.wild_melds")
    assert {o.kind for o in wild.origins} == {"stated", "pinned"}


def test_samba_names_its_samba() -> None:
    melds = _sentence("samba", "melds.sequences").text
    assert "is a canasta, called a samba, worth 1500." in melds


def test_renamed_leaves_the_game_and_keys_alone() -> None:
    books = Words(canasta="book", canastas="books")
    assert renamed("Canasta of wild cards", books) == "Book of wild cards"
    assert renamed("as in Canasta (001).", books) == "as in Canasta (001)."
    assert renamed("going_out.canastas: four canastas.", books) == (
        "going_out.canastas: four books."
    )
    assert renamed("A closed canasta. Canastas count.", books) == "A closed book. Books count."
    assert renamed("A canasta.", Words()) == "A canasta."
