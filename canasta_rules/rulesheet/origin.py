"""Where each rule of a sheet comes from, derived from the variant's ``provenance`` entries.

A statement's origin is worked out from the parameters it claims, never written by hand, so a
sentence for a new parameter is marked as soon as the variant files give that parameter a note.
For each claimed parameter the entry that covers it (its own, or its nearest table's; for a table
claim, the entries under it) gives one part:

- ``pinned`` when the entry is pinned: the sources are silent, unclear or disagree and the project
  chose a reading (the entry's note says why);
- ``stated`` when the entry names one of the variant's own ``sources`` (or ``house``, the file's
  own rule): that source states it;
- ``filled`` when it names only other sources: the project filled the rule in from them;
- ``unsourced`` when no entry covers it (a file without notes, or a value changed with ``--set``,
  whose inherited note the loader drops).

A value left at the model's default, with no note of its own, has the note ``classic.toml`` gives
it, since the defaults are classic's values (the loader's ``provenance_entry`` does the same).

A statement that claims nothing is a rule the sources share (``common``), unless it carries a
:class:`~.document.Dissent` naming one of the variant's sources (then that variant pins it), or a
:class:`~.document.Said` naming one (then that source states it). A
statement carrying a :class:`~.document.Reading` (the project's own reading of something no
parameter states yet) is always ``pinned``, together with any pinned notes of its claims.
Captions and tool notes state no rule and get no origin.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cache
from typing import Any

from ..variant import load
from ..variant.compare import flatten
from ..variant.loaded import covering
from ..variant.plain import Provenance, Variant
from .document import Origin, Row, Section, Sentence, Statement, claims_key, map_statements

Entry = tuple[str, Provenance]
HOUSE = "house"
"""A note citing ``house`` is the file's own rule: it states it, whatever its ``sources`` say."""


@cache
def _default_values() -> dict[str, Any]:
    from ..variant.model import Variant as Defaults  # the model's defaults (pydantic)

    return flatten(Defaults())


@cache
def _classic_notes() -> dict[str, Provenance]:
    return dict(load("classic").variant.provenance)


def _under(prov: Mapping[str, Provenance], claim: str) -> list[Entry]:
    return sorted((k, p) for k, p in prov.items() if k.startswith(claim + "."))


def entries(v: Variant, claim: str) -> list[Entry]:
    """The provenance entries behind a claim (a parameter or a table)."""
    found = covering(v.provenance, claim)
    if found is not None:
        return [found]
    under = _under(v.provenance, claim)
    if under:
        return under
    values = flatten(v)
    defaults = _default_values()
    keys = [k for k in values if claims_key(claim, k)]
    if keys and all(k in defaults and defaults[k] == values[k] for k in keys):
        classic = _classic_notes()
        found = covering(classic, claim)
        return [found] if found is not None else _under(classic, claim)
    return []


def entry_origin(entry: Entry, own: tuple[str, ...]) -> Origin:
    """The origin one provenance entry gives, for a variant whose own sources are ``own``."""
    key, p = entry
    if p.pinned:
        return Origin("pinned", p.sources, (key,), p.note)
    stated = tuple(s for s in p.sources if s in own or s == HOUSE)
    if stated:
        return Origin("stated", stated, (key,))
    return Origin("filled", p.sources, (key,))


def _merge(kind: str, parts: list[Origin]) -> list[Origin]:
    same = [o for o in parts if o.kind == kind]
    if not same:
        return []
    sources = tuple(dict.fromkeys(s for o in same for s in o.sources))
    keys = tuple(dict.fromkeys(k for o in same for k in o.keys))
    return [Origin(same[0].kind, sources, keys)]


def statement_origins(st: Statement, v: Variant) -> tuple[Origin, ...]:
    """The origin of one statement: one part per kind, pinned readings kept apart."""
    own = tuple(v.sources)
    reading: Origin | None = None
    if isinstance(st, Sentence):
        if st.role != "rule" or not st.text:
            return ()
        if st.reading is not None:
            r = st.reading
            reading = Origin("pinned", r.sources, (r.topic,), r.note, True)
        elif not st.claims:
            d = st.dissent
            if d is not None and set(d.sources) & set(own):
                return (Origin("pinned", d.sources, (d.topic,), d.note, True),)
            said = st.said
            stating = tuple(x for x in own if said is not None and x in said.sources)
            if said is not None and stating:
                return (Origin("stated", stating, (said.topic,)),)
            return (Origin("common"),)
    elif not st.claims:
        return ()
    parts: list[Origin] = []
    missing: list[str] = []
    for claim in st.claims:
        found = entries(v, claim)
        if not found:
            missing.append(claim)
        parts += [entry_origin(e, own) for e in found]
    pinned = list({o.keys: o for o in parts if o.kind == "pinned"}.values())
    if reading is not None:
        # The project's reading speaks for the sentence; its parameters' own pinned readings
        # still show, since the sentence states them too.
        return (reading, *pinned)
    out = [*_merge("stated", parts), *_merge("filled", parts), *pinned]
    if missing:
        out.append(Origin("unsourced", (), tuple(missing)))
    return tuple(out)


def attach(sections: tuple[Section, ...], v: Variant) -> tuple[Section, ...]:
    """``sections`` with every statement's origin filled in."""

    def sentence(s: Sentence) -> Sentence:
        return replace(s, origins=statement_origins(s, v))

    def row(r: Row) -> Row:
        return replace(r, origins=statement_origins(r, v))

    return map_statements(sections, sentence, row)


def pinned_notes(statements: list[Statement]) -> tuple[Origin, ...]:
    """Each pinned reading the statements mark, once, in reading order."""
    seen: dict[tuple[str, ...], Origin] = {}
    for st in statements:
        for o in st.origins:
            if o.kind == "pinned" and o.keys not in seen:
                seen[o.keys] = o
    return tuple(seen.values())
