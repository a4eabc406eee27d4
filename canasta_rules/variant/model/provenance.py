"""Provenance: where one value of a variant comes from, its sources and a note in our own words,
as a variant's ``provenance`` table gives it for each dotted parameter path (or table) it sets.
"""

from __future__ import annotations

from pydantic import Field

from .. import plain
from .base import Model, SourceId


class Provenance(Model, plain.Provenance):
    """Where one value of a variant comes from."""

    sources: tuple[SourceId, ...] = Field(
        min_length=1, description="The sources that give (or, when pinned, bear on) this value."
    )
    note: str = Field(
        min_length=1,
        description="In our own words: what the source says, or why this reading was pinned.",
    )
    pinned: bool = Field(
        default=False,
        description=(
            "True when the source is silent or contradicts itself and the variant pins a reading."
        ),
    )
