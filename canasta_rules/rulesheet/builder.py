"""Building a rule sheet from a variant: every rule sentence is generated from its parameters.

Nothing here is a fixed text with blanks: where a parameter changes the shape of a rule (a black
three that stops or freezes, a stock that ends the hand or plays on through the pile), the builder
writes a different sentence. Rules that are not parameters, because every source agrees on them,
are stated once, as fixed sentences that claim no parameter.

The sentences describe what the engine (``canasta_rules.engine``) enforces, in a player's words.

Each section's sentences are written in its own module of :mod:`.sections` (the quick
reference's in :mod:`.sections.card`); this module puts them together in one builder, marks the
rules that differ from a base, and holds the entry points.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..variant.compare import differences, flatten
from ..variant.plain import FootDealt, Variant, Words
from ..variant.spoken import red_three_scale, tier_label, value_words
from .document import (
    Heading,
    House,
    Row,
    Section,
    Sentence,
    Sheet,
    Statement,
    Table,
    claims_key,
    map_statements,
)
from .origin import HOUSE as HOUSE_SOURCE
from .origin import attach, pinned_notes
from .sections.base import BLACK_THREE_ON_TOP
from .sections.card import CardSections
from .sections.deal import DealSection
from .sections.game import GameSection
from .sections.going_out import GoingOutSection
from .sections.melds import MeldsSection, wild_meld_extras
from .sections.pile import PileSection
from .sections.scoring import PENALTY_KEY, SLIP_KEYS, SLIP_NONE, SLIP_SENTENCES, ScoringSection
from .sections.tables import wild_canasta_label
from .sections.threes import ThreesSection
from .sections.turn import TurnSection
from .words import renamed, source_name

__all__ = [
    "BLACK_THREE_ON_TOP",
    "PENALTY_KEY",
    "SLIP_KEYS",
    "SLIP_NONE",
    "SLIP_SENTENCES",
    "build",
    "red_three_scale",
    "tier_label",
    "unstated_keys",
    "wild_canasta_label",
    "wild_meld_extras",
]


class _Builder(
    DealSection,
    TurnSection,
    MeldsSection,
    PileSection,
    ThreesSection,
    GoingOutSection,
    ScoringSection,
    GameSection,
    CardSections,
):
    """Builds the sections of one variant's sheet."""

    # ------------------------------------------------------------------ the full sheet
    def sections(self) -> list[Section]:
        return [
            self.section_deal(),
            self.section_turn(),
            self.section_melds(),
            self.section_pile(),
            self.section_threes(),
            self.section_going_out(),
            self.section_scoring(),
            *self.section_irregularities(),
            self.section_game(),
        ]


# --------------------------------------------------------------------------------------------
# Marking the rules that differ from a base (house rules, or a source's own)


def _claimed(st: Statement, diffs: list[tuple[str, Any, Any]]) -> tuple[str, ...]:
    return tuple(k for k, _, _ in diffs if any(claims_key(c, k) for c in st.claims))


def _gist(st: Statement) -> str:
    if isinstance(st, Sentence) and st.gist:
        return st.gist
    return st.plain


def _change_sources(st: Statement, keys: tuple[str, ...]) -> tuple[str, ...]:
    """Where the variant's rule for the differing ``keys`` comes from, by the origins of the
    notes covering them: the sources that state it, else those it was filled in from, else
    ``pinned``. Empty (a house rule) when any of them is unsourced or cites ``house``."""
    parts = [
        o
        for o in st.origins
        if any(claims_key(n, k) or claims_key(k, n) for n in o.keys for k in keys)
    ] or [o for o in st.origins if o.kind != "common"]  # (a reading speaks for its claims)
    if not parts or any(
        o.kind == "unsourced" or (o.kind == "stated" and HOUSE_SOURCE in o.sources) for o in parts
    ):
        return ()
    for kind in ("stated", "filled"):
        found = tuple(dict.fromkeys(x for o in parts if o.kind == kind for x in o.sources))
        if found:
            return found
    return ("pinned",)


def _houses(sheet: Sheet, base_sheet: Sheet, diffs: list[tuple[str, Any, Any]]) -> dict[str, House]:
    """Statement id -> its house-rule mark.

    A statement is marked when it states a differing parameter and reads differently from the
    base's statement in the same place (or the base has none there). A differing parameter that
    no such statement covers (its statements read the same in both) marks every statement that
    claims it, so that the marks always cover exactly the parameters ``differences`` lists.
    """
    base = {s.id: s for s in base_sheet.statements()}
    old = {k: a for k, a, _ in diffs}
    name = base_sheet.name

    def house(st: Statement, keys: tuple[str, ...]) -> House:
        b = base.get(st.id)
        if b is not None and _gist(b) != _gist(st):
            text = _gist(b)
        else:
            text = "; ".join(f"{sheet.setting_name(k)}: {value_words(k, old[k])}" for k in keys)
        return House(keys, name, text, _change_sources(st, keys))

    out: dict[str, House] = {}
    statements = sheet.statements()
    for st in statements:
        keys = _claimed(st, diffs)
        b = base.get(st.id)
        if keys and (b is None or _gist(b) != _gist(st)):
            out[st.id] = house(st, keys)
    covered = {k for h in out.values() for k in h.keys}
    for st in statements:
        keys = _claimed(st, diffs)
        if st.id not in out and any(k not in covered for k in keys):
            out[st.id] = house(st, keys)
    return out


def _mark(sheet: Sheet, base_sheet: Sheet, diffs: list[tuple[str, Any, Any]]) -> Sheet:
    houses = _houses(sheet, base_sheet, diffs)

    def sentence(st: Sentence) -> Sentence:
        h = houses.get(st.id)
        return st if h is None else replace(st, house=h)

    def row(st: Row) -> Row:
        h = houses.get(st.id)
        return st if h is None else replace(st, house=h)

    return replace(
        sheet,
        sections=map_statements(sheet.sections, sentence, row),
        base=base_sheet.name,
        base_title=base_sheet.title,
        house_keys=tuple(k for k, _, _ in diffs),
    )


# --------------------------------------------------------------------------------------------
# Public entry points


def _named(sections: tuple[Section, ...], words: Words) -> tuple[Section, ...]:
    """``sections`` in the variant's own words (``words``: Hand and Foot's books), headings,
    table headers and every statement alike."""

    def sentence(s: Sentence) -> Sentence:
        return replace(s, text=renamed(s.text, words), gist=renamed(s.gist, words))

    def row(r: Row) -> Row:
        cells = tuple(renamed(c, words) for c in r.cells)
        return replace(r, cells=cells, header=tuple(renamed(h, words) for h in r.header))

    out = []
    for sec in map_statements(sections, sentence, row):
        blocks = tuple(
            Heading(renamed(b.text, words))
            if isinstance(b, Heading)
            else replace(b, header=tuple(renamed(h, words) for h in b.header))
            if isinstance(b, Table)
            else b
            for b in sec.blocks
        )
        out.append(replace(sec, title=renamed(sec.title, words), blocks=blocks))
    return tuple(out)


def _sheet(v: Variant, kind: str, diff_keys: frozenset[str], overrides: Sequence[str]) -> Sheet:
    b = _Builder(v, diff_keys)
    built = tuple(b.sections() if kind == "rules" else b.card_sections())
    sections = attach(_named(built, v.words), v)
    sheet = Sheet(
        kind="rules" if kind == "rules" else "card",
        title=v.title,
        name=v.name,
        sources=tuple(source_name(s) for s in v.sources),
        sections=sections,
        overrides=tuple(overrides),
        source_ids=tuple(v.sources),
        words=v.words,
    )
    return replace(sheet, pinned=pinned_notes(sheet.statements()))


def build(
    variant: Variant,
    *,
    card: bool = False,
    base: Variant | None = None,
    overrides: Sequence[str] = (),
) -> Sheet:
    """The rule sheet of ``variant`` (or its quick-reference card).

    With ``base``, every statement whose parameters differ from ``base`` (as
    :func:`~canasta_rules.variant.compare.differences` lists them) is marked as changed, with
    the base's own statement (or value) for comparison. The mark names the source the variant's
    notes cite for the change; a change no note sources (or one citing ``house``) is a house rule.
    """
    kind = "card" if card else "rules"
    if base is None:
        return _sheet(variant, kind, frozenset(), overrides)
    diffs = differences(base, variant)
    keys = frozenset(k for k, _, _ in diffs)
    sheet = _sheet(variant, kind, keys, overrides)
    base_sheet = _sheet(base, kind, keys, ())
    return _mark(sheet, base_sheet, diffs)


def unstated_keys(variant: Variant) -> set[str]:
    """Parameters of ``variant`` that its sheet deliberately leaves out: a zero penalty, the
    irregularities the variant has no remedy for, and the rounds of a game that has none (no
    fixed number of hands; no minimums by round)."""
    flat = flatten(variant)
    out = {PENALTY_KEY} if flat.get(PENALTY_KEY) == 0 else set()
    out |= {k for k in SLIP_KEYS if flat.get(k) == "none"}
    if not variant.game.rounds:
        out.add("game.rounds")
    if not variant.melds.wild_fewer_than_natural:
        out.add("melds.wild_fewer_than_natural")
    if not variant.initial_meld.by_round:
        out.add("initial_meld.by_round")
    # Modern American's threes, discard bans and end-of-hand penalties: stated only where set.
    if variant.deal.upcard != "none":
        out.add("deal.upcard")  # (with no upcard, its sentence also claims the covering keys)
    if variant.deal.upcard == "none":
        out.add("red_threes.replaced_from_pile")  # no red three ever reaches the pile
    if not variant.black_threes.bonus:
        out |= {"black_threes.bonus", "black_threes.totals"}
    else:
        out |= {
            "black_threes.discarded",
            "black_threes.meld_when_going_out",
            "black_threes.meld_last",
            "black_threes.in_hand_penalty",
        }
    if not variant.red_threes.count_from_canastas:
        out.add("red_threes.count_from_canastas")
    if not variant.pile.empty_discard_bans:
        out.add("pile.empty_discard_bans")
    if not any(variant.talons.sizes):
        out |= {"talons.sizes", "talons.min_stock", "talons.after_pickup"}
    if variant.penalties.no_canasta_melds == "plus":
        out.add("penalties.no_canasta_melds")
    if not variant.penalties.in_hand_sets:
        out.add("penalties.in_hand_sets")
    # Modern American's melding rules are stated only where a variant uses them.
    c, im = variant.canastas, variant.initial_meld
    if not c.closed or c.reopen_closed_rank:
        out.add("canastas.reopen_closed_rank")
    defaults = {
        "canastas.dead_ranks": not c.dead_ranks,
        "canastas.special": not c.special,
        "melds.wild_add_min_naturals": not variant.melds.wild_add_min_naturals,
        "initial_meld.clean_triple": not im.clean_triple,
        "initial_meld.mixed_canasta": im.mixed_canasta,
    }
    out |= {k for k, unused in defaults.items() if unused}
    if variant.game.rounds:
        out.add("game.target")  # a game of fixed rounds ends after them, whatever the score
    if variant.initial_meld.basis == "round":
        out.add("initial_meld.tiers")  # the minimums go by round (initial_meld.by_round)
    if not isinstance(variant.foot, FootDealt):
        out.add("foot.kind")
    g = variant.going_out
    if not (g.natural_canastas or g.mixed_canastas or g.wild_canastas):
        out |= {"going_out.natural_canastas", "going_out.mixed_canastas", "going_out.wild_canastas"}
    elif variant.melds.sequences.kind == "none":
        out.add("going_out.sequence_canastas")  # a contract in a game with no runs names none
    # The names of things: the sheet speaks in them (_named), no sentence states them.
    out |= {"words.canasta", "words.canastas", "words.run_canasta", "words.wild_canasta"}
    return out
