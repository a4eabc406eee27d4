"""A rule sheet as data: sections of paragraphs, lists and tables made of statements.

The builder (:mod:`.builder`) turns a :class:`~canasta_rules.variant.model.Variant` into a
:class:`Sheet`; the renderers (:mod:`.render`) turn a sheet into Markdown, HTML or plain text. Every
statement names the parameters it is generated from (its *claims*), which is what lets ``--diff``
mark exactly the statements whose parameters differ from a base ruleset, and lets a test check that
every parameter of a variant is stated somewhere. The claims also give each statement its
*origin* (:mod:`.origin`): the variant's ``provenance`` entries for the claimed parameters say
whether the variant's own source states the rule, another source filled it in, or the project
pinned a reading.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Literal

from ..variant.plain import Words
from ..variant.spoken import setting_name
from .words import renamed


def claims_key(claim: str, key: str) -> bool:
    """Whether a claim covers a flattened parameter key: the key itself, or a table above it.

    A rule whose shape can change (``stock_out``, ``going_out.concealed``) is claimed as a whole
    table, so that a key which only the other shape has is still covered.
    """
    return key == claim or key.startswith(claim + ".")


OriginKind = Literal["stated", "filled", "pinned", "common", "unsourced"]
"""Where a rule comes from.

``stated``: a source the variant names in its ``sources`` states it. ``filled``: another source
states it and the variant takes it from there. ``pinned``: the sources are silent, unclear or
disagree, and the project chose a reading. ``common``: a rule the sources share, stated without a
parameter. ``unsourced``: no provenance entry covers it (a file without notes, or ``--set``).
"""


@dataclass(frozen=True)
class Origin:
    """One part of a statement's origin (a statement claiming several parameters may have more)."""

    kind: OriginKind
    sources: tuple[str, ...] = ()
    """Source ids (``001``, ``P``): those that state the rule, or that bear on a pinned reading."""
    keys: tuple[str, ...] = ()
    """The provenance entries behind it (parameter keys or tables), or a reading's topic."""
    note: str = ""
    """For a pinned reading: why (the provenance entry's note, or the project's own)."""
    reading: bool = False
    """A pinned reading of a statement that no parameter states (``keys`` is its id)."""


@dataclass(frozen=True)
class Reading:
    """The project's reading of a rule that no parameter states, given with its reasons.

    A statement carrying one is marked as pinned whatever its claims' notes say: it states
    something that the variant's sources leave open (or that only some of them say).
    """

    topic: str
    """What the reading is about, as the notes on pinned readings name it."""
    note: str
    sources: tuple[str, ...] = ()
    """The sources that bear on the reading; empty when none says anything."""


@dataclass(frozen=True)
class Dissent:
    """Sources that do not state a fixed rule (silent, or reading it otherwise): in a variant
    that names one of them among its ``sources``, the rule is marked as the project's reading."""

    topic: str
    sources: tuple[str, ...]
    note: str


@dataclass(frozen=True)
class Said:
    """The sources (of 000-004) that state a fixed rule in so many words: in a variant that names
    one of them among its ``sources``, the rule is marked as stated by it rather than common."""

    topic: str
    sources: tuple[str, ...]


@dataclass(frozen=True)
class House:
    """The mark of a statement that departs from the base ruleset of ``--diff``."""

    keys: tuple[str, ...]
    """The differing parameters this statement states, in model order."""
    base_name: str
    base_text: str
    """How the base ruleset puts it: its own statement, or its raw values."""
    sources: tuple[str, ...] = ()
    """Where this variant's differing rule comes from, when a note cites a source for it (the
    sources that state it, else those it was filled in from, else ``pinned``): such a change is
    the source's own rule, not a house rule. Empty for a house rule (a note citing ``house``, no
    note at all, or a value changed with ``--set``)."""

    @property
    def label(self) -> str:
        """The mark's words: ``House rule`` or ``Changed (002)``."""
        return f"Changed ({', '.join(self.sources)})" if self.sources else "House rule"


@dataclass(frozen=True)
class Sentence:
    """One statement of a rule, in words."""

    id: str
    """Stable within a sheet: the same slot in two sheets has the same id."""
    text: str
    claims: tuple[str, ...] = ()
    """Parameters (dotted keys, or tables) the text is generated from; empty for a fixed rule."""
    house: House | None = None
    gist: str = ""
    """A compact restatement, shown as the base's rule by ``--diff`` (for table captions)."""
    role: Literal["rule", "caption", "note"] = "rule"
    """A ``caption`` only introduces a table and a ``note`` explains the project's tools; neither
    states a rule of play, so neither gets an origin marker."""
    reading: Reading | None = None
    dissent: Dissent | None = None
    said: Said | None = None
    origins: tuple[Origin, ...] = ()
    """Filled in by the builder from the variant's provenance (empty for captions and notes)."""

    @property
    def plain(self) -> str:
        return self.text


@dataclass(frozen=True)
class Row:
    """One row of a table; a statement like a sentence."""

    id: str
    cells: tuple[str, ...]
    claims: tuple[str, ...] = ()
    house: House | None = None
    header: tuple[str, ...] = ()
    """The table's header, kept so that the row can be read on its own."""
    origins: tuple[Origin, ...] = ()
    """From its claims; a row that claims nothing is covered by its table's caption."""

    @property
    def plain(self) -> str:
        """The row as a phrase: ``Ace: 20``, or ``Pile frozen: two naturals yes; ...``."""
        if len(self.cells) <= 2 or len(self.header) != len(self.cells):
            return f"{self.cells[0]}: {', '.join(self.cells[1:])}"
        parts = [f"{h.lower()} {c}" for h, c in zip(self.header[1:], self.cells[1:], strict=True)]
        return f"{self.cells[0]}: {'; '.join(parts)}"


Statement = Sentence | Row


@dataclass(frozen=True)
class Para:
    """A paragraph of sentences. ``note`` paragraphs are footnotes, set smaller."""

    sentences: tuple[Sentence, ...]
    style: Literal["text", "note"] = "text"


@dataclass(frozen=True)
class Bullets:
    """A list; ``lead`` is the sentence that introduces it, if any."""

    items: tuple[Sentence, ...]
    lead: Sentence | None = None


@dataclass(frozen=True)
class Table:
    """A table with a caption sentence (which may itself state a parameter)."""

    caption: Sentence
    header: tuple[str, ...]
    rows: tuple[Row, ...]


@dataclass(frozen=True)
class Heading:
    """A sub-heading inside a section."""

    text: str


Block = Para | Bullets | Table | Heading


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    blocks: tuple[Block, ...]


@dataclass(frozen=True)
class Sheet:
    """A whole rule sheet (``kind="rules"``) or quick-reference card (``kind="card"``)."""

    kind: Literal["rules", "card"]
    title: str
    name: str
    sources: tuple[str, ...]
    """The sources, spelled out (file names for 000-004)."""
    sections: tuple[Section, ...]
    overrides: tuple[str, ...] = ()
    """``--set`` overrides applied to the variant, as given."""
    base: str | None = None
    """With ``--diff``: the base ruleset's name."""
    base_title: str | None = None
    house_keys: tuple[str, ...] = field(default=())
    """With ``--diff``: the parameters that differ from the base (from ``differences``)."""
    source_ids: tuple[str, ...] = ()
    """The variant's own sources, as ids (``001``, ``B``): what a ``stated`` origin may name."""
    pinned: tuple[Origin, ...] = ()
    """The pinned readings the sheet marks, each once, in reading order: the notes that
    ``[pinned N]`` refers to (N counts from 1)."""
    words: Words | None = None
    """What the variant calls its canastas (Hand and Foot: books), for the names of settings
    the sheet gives outside its sentences (None: the common words)."""

    def setting_name(self, key: str) -> str:
        """A setting's name in words (:func:`~canasta_rules.variant.spoken.setting_name`), in
        the variant's words for a canasta: ``Books needed to go out``."""
        name = setting_name(key)
        return renamed(name, self.words) if self.words is not None else name

    def statements(self) -> list[Statement]:
        """Every statement of the sheet, in reading order."""
        out: list[Statement] = []
        for section in self.sections:
            for block in section.blocks:
                out.extend(block_statements(block))
        return out

    def statement(self, id_: str) -> Statement | None:
        return next((s for s in self.statements() if s.id == id_), None)

    def claimed(self, keys: list[str]) -> set[str]:
        """Those of ``keys`` that some statement claims."""
        return {k for k in keys for s in self.statements() for c in s.claims if claims_key(c, k)}

    def marked_keys(self) -> set[str]:
        """The parameters stated by statements marked as house rules."""
        return {k for s in self.statements() if s.house for k in s.house.keys}


def block_statements(block: Block) -> list[Statement]:
    if isinstance(block, Para):
        return [*block.sentences]
    if isinstance(block, Bullets):
        return [*([block.lead] if block.lead else []), *block.items]
    if isinstance(block, Table):
        return [block.caption, *block.rows]
    return []


def map_statements(
    sections: tuple[Section, ...],
    sentence: Callable[[Sentence], Sentence],
    row: Callable[[Row], Row],
) -> tuple[Section, ...]:
    """``sections`` with every sentence and row passed through ``sentence`` and ``row``."""
    out: list[Section] = []
    for sec in sections:
        blocks: list[Block] = []
        for b in sec.blocks:
            if isinstance(b, Para):
                blocks.append(replace(b, sentences=tuple(sentence(s) for s in b.sentences)))
            elif isinstance(b, Bullets):
                blocks.append(
                    Bullets(
                        tuple(sentence(s) for s in b.items),
                        sentence(b.lead) if b.lead else None,
                    )
                )
            elif isinstance(b, Table):
                blocks.append(Table(sentence(b.caption), b.header, tuple(row(r) for r in b.rows)))
            else:
                blocks.append(b)
        out.append(replace(sec, blocks=tuple(blocks)))
    return tuple(out)
