"""Rule sheets: a variant's rules in words, generated from its parameters.

``build(variant)`` gives a :class:`Sheet`: sections of statements, each naming the parameters it
states. ``render(sheet, fmt)`` writes it out as ``md``, ``html`` or ``txt``. With ``card=True``,
``build`` gives the one-page quick reference; with ``base=other`` it marks the rules that
depart from ``other`` (by the source the variant's notes cite for each, or as house rules).
``docs/rules/`` holds one generated sheet per built-in (see :mod:`.docs`).
"""

from .builder import build, unstated_keys
from .document import Sheet
from .render import FORMATS, Format, render

__all__ = ["FORMATS", "Format", "Sheet", "build", "render", "unstated_keys"]
