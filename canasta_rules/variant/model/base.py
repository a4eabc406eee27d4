"""The base of every part of a variant: the frozen :class:`Model` each section's models derive
from, :func:`conflict`, the error for a broken cross-field rule naming the keys involved (so that
the loader can blame the file that wrote one), and the value types the sections' fields are
declared with: a source id, the special cards, the natural ranks, the bans on an empty discard pile
and the ways to take the pile.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field
from pydantic_core import PydanticCustomError

from ...sources import SOURCE_PATTERN
from .. import plain

SourceId = Annotated[
    str,
    Field(
        pattern=SOURCE_PATTERN,
        description=(
            "A source: 000-004 are the files in shared/sources/ (by their numeric prefix); "
            "P, B, W and Brit are Pagat, Bicycle/Hoyle, Wikipedia and Britannica as "
            "RULE-PARAMETERS.md reports them; 'house' is a group's own rule; the other ids are "
            "the public rule texts of the family games (Samba, Bolivia, Uruguayan Canasta) "
            "listed in docs/sources.md."
        ),
    ),
]

SpecialCard = plain.SpecialCard
EmptyPileBan = plain.EmptyPileBan
NaturalRank = plain.NaturalRank
PickupWay = plain.PickupWay


class Model(BaseModel):
    """Base for every part of a variant: frozen, and unknown keys are errors."""

    # defer_build: a model's schema is built when it first validates, not when the module is
    # imported, so that a command that only writes the schema or reads a field's description
    # does not build the validators too.
    model_config = ConfigDict(frozen=True, extra="forbid", validate_default=True, defer_build=True)


KeyPath = tuple[str | int, ...]


def conflict(code: str, message: str, ctx: dict[str, Any], *keys: KeyPath) -> PydanticCustomError:
    """A broken cross-field rule, naming the keys involved.

    ``keys`` are paths relative to the model whose validator raises (pydantic gives that model's
    location). The loader reports the problem at the one of them that the latest file or
    ``--set`` wrote, so a file is blamed for what it changed, not for what it inherited.
    """
    return PydanticCustomError(code, message, {**ctx, "keys": keys})


def _unique(values: tuple[object, ...], field: str) -> None:
    seen: set[object] = set()
    for i, v in enumerate(values):
        if v in seen:
            raise conflict("duplicate", "lists {value} twice", {"value": f'"{v}"'}, (field, i))
        seen.add(v)
