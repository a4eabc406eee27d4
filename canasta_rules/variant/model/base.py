"""The base of every part of a variant: the frozen :class:`Model` each section's models derive
from, :func:`conflict`, the error for a broken cross-field rule naming the keys involved (so that
the loader can blame the file that wrote one), and the value types the sections' fields are
declared with: a source id, the special cards, the natural ranks, the bans on an empty discard pile
and the ways to take the pile.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic_core import PydanticCustomError

from ...sources import SOURCE_PATTERN

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

SpecialCard = Literal["joker", "two", "red_three", "black_three"]
EmptyPileBan = Literal["seven", "ace", "wild", "dead"]
NaturalRank = Literal[
    "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"
]
PickupWay = Literal["natural_pair", "natural_and_wild", "add_to_meld"]


class Model(BaseModel):
    """Base for every part of a variant: frozen, and unknown keys are errors."""

    # defer_build: a model's schema is built when it first validates, not when the module is
    # imported, so that a variant read back from the cache (variant/cache.py) costs no schema.
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
