"""What every section of a rule sheet is built from: the variant being described, the keys a
comparison found changed, and the four ways to write a statement (a sentence claiming parameters,
a fixed rule the sources share, a table's caption, the project's reading of an unpinned rule).
The mark for the black-three dissent lives here too, since the full sheet and the quick reference
both carry it.
"""

from __future__ import annotations

from ...variant.plain import Variant
from ..document import Dissent, Reading, Said, Sentence

BLACK_THREE_ON_TOP = Dissent(
    "A black three on top of the pile",
    ("003",),
    "003 gives a discarded black three no rule of its own; the project keeps the other sources' "
    "rule that it cannot be taken from the top of the pile.",
)
"""The full sheet and the quick reference both say the pile cannot be taken with a black three
on top; both carry this, so that they mark it alike."""


class BuilderBase:
    """The variant a sheet describes, and the helpers every section writes its sentences with."""

    def __init__(self, v: Variant, diff_keys: frozenset[str]):
        self.v = v
        self.diff_keys = diff_keys
        self.partners = any(s.side_size > 1 for s in v.seating)
        self.solo = any(s.side_size == 1 for s in v.seating)
        self.threes_never_in_pile = v.deal.upcard == "none" and v.black_threes.bonus
        """No three can be on the pile: every three is laid out as a bonus card, and no upcard
        is turned (Modern American)."""

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def s(id_: str, text: str, *claims: str, gist: str = "") -> Sentence:
        return Sentence(id_, text, tuple(claims), gist=gist)

    @staticmethod
    def fixed(
        id_: str, text: str, dissent: Dissent | None = None, said: Said | None = None
    ) -> Sentence:
        """A rule the sources share, so no parameter states it (``dissent``: those that don't;
        ``said``: those that state it in so many words)."""
        return Sentence(f"fixed.{id_}", text, dissent=dissent, said=said)

    @staticmethod
    def caption(id_: str, text: str) -> Sentence:
        """Words that only introduce a table: no rule, so no origin marker."""
        return Sentence(f"fixed.{id_}", text, role="caption")

    @staticmethod
    def reading(
        id_: str, topic: str, text: str, note: str, *claims: str, sources: tuple[str, ...] = ()
    ) -> Sentence:
        """The project's reading of a rule no parameter pins down: always marked as pinned."""
        return Sentence(id_, text, tuple(claims), reading=Reading(topic, note, sources))
