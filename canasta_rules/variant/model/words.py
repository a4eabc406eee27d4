"""What a variant's players call its things (:class:`Words`): the words its rule sheet uses where
the game has a name of its own, such as Hand and Foot's books or Bolivia's escaleras. Words change
no ruling; the engine and its messages keep the common words."""

from __future__ import annotations

from pydantic import Field

from .. import plain
from .base import Model

_WORD = r"^[a-z][a-z '-]{0,29}$"


class Words(Model, plain.Words):
    """The names a rule sheet gives a variant's canastas. Left out: the common words."""

    canasta: str = Field(
        default="canasta",
        pattern=_WORD,
        description="What a canasta is called, in the singular (Hand and Foot: 'book').",
    )
    canastas: str = Field(
        default="canastas",
        pattern=_WORD,
        description="The same word in the plural (Hand and Foot: 'books').",
    )
    run_canasta: str = Field(
        default="",
        pattern=r"^$|" + _WORD,
        description=(
            "The name of a run as long as a canasta, where the game has one (Samba: 'samba', "
            "Bolivia: 'escalera'); empty: none."
        ),
    )
    wild_canasta: str = Field(
        default="",
        pattern=r"^$|" + _WORD,
        description=(
            "The name of a canasta of wild cards, where the game has one (Bolivia: 'bolivia'); "
            "empty: none."
        ),
    )
