"""Arrays that a house file replaces whole: a note naming what the parent had and is dropped.

An array in a variant file (``[[seating]]``, ``pile.unfrozen``) replaces
the parent's array as a whole; nothing is merged element by element (see :mod:`.merge`). That is
what a file that lists every table size means, but a writer who adds one ``[[seating]]`` to
classic may expect the 4-player game to stay: it does not. So every loader notes such a
replacement where it drops something the parent had: ``seating: replaces classic's table size
(4 players) with 2 players; 4 players can no longer play``. It is a note, not an error (the file
may mean it): :func:`~canasta_rules.variant.loading.load` issues it as a
:class:`~canasta_rules.errors.VariantWarning`, the command line prints it on standard error, and
``canasta variants validate`` beside its verdict.

Only files a person wrote are noted: the built-in rulesets replace arrays on purpose, and their
notes say why.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import Problem
from .layer import SET_LABEL, Layer
from .merge import _overlay, _rules_part, leaf_keys
from .model import Variant
from .spoken import value_words
from .tomlpos import Path as KeyPath


@dataclass(frozen=True)
class Kind:
    """How a note speaks of the entries of one array of tables."""

    one: str
    many: str
    name: Callable[[Mapping[str, Any]], str]
    """An entry as a player names it (``4 players``)."""
    lost: tuple[str, str]
    """What one dropped entry, and several, no longer do (``can no longer play``)."""


def _players(e: Mapping[str, Any]) -> str:
    return f"{e.get('players', '?')} players"


KINDS: dict[str, Kind] = {
    "seating": Kind("table size", "table sizes", _players, ("can no longer play",) * 2),
}
"""Arrays of tables whose entries have a name a player knows, noted when an entry's name is
dropped (a table size). Other arrays of tables (the minimum tiers, the special ranks) and arrays
of numbers (red three totals) are whole tables of values, replaced as a whole on purpose; an
array of words (the cards that freeze the pile) is noted when a word is dropped."""


def _at(data: Mapping[str, Any], path: KeyPath) -> Any:
    node: Any = data
    for p in path:
        if not isinstance(node, Mapping) or p not in node:
            return None
        node = node[p]
    return node


def _default(path: KeyPath) -> Any:
    return _at(Variant().model_dump(mode="json", exclude_none=True), path)


def _parent_name(layer: Layer) -> str:
    return layer.builtin_name or layer.label


def _joined(names: Sequence[str]) -> str:
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def _note(key: str, parent: str, old: list[Any], new: list[Any]) -> str | None:
    """The note on ``key``'s array ``old`` (the parent's) replaced by ``new``, or None when the
    new array keeps everything the old one had."""
    kind = KINDS.get(key)
    if kind is not None and all(isinstance(e, Mapping) for e in [*old, *new]):
        names_old = [kind.name(e) for e in old]
        names_new = [kind.name(e) for e in new]
        dropped = [n for n in dict.fromkeys(names_old) if n not in names_new]
        if not dropped:
            return None
        what = kind.one if len(old) == 1 else kind.many
        many = len(dropped) > 1
        return (
            f"replaces {parent}'s {what} ({_short(names_old)}) with "
            f"{_short(names_new) if new else 'none'}; "
            f"{_joined(dropped)} {kind.lost[many]}"
        )
    if not all(isinstance(e, str) for e in [*old, *new]):
        return None
    gone = [e for e in old if e not in new]
    if not gone:
        return None
    return (
        f"replaces {parent}'s {_words(key, old)} with {_words(key, new)} (a list is replaced "
        f"whole, not merged); dropped: {_words(key, gone)}"
    )


def _words(key: str, items: Sequence[str]) -> str:
    """A list of words in a player's words, every item said (``jokers, twos and red threes``)."""
    return _joined([value_words(key, [e]) for e in items]) or "nothing"


def _short(names: list[str]) -> str:
    """``2, 3, 4 and 6 players`` from ``2 players``, ``3 players``... (one unit said once)."""
    units = {n.split(" ", 1)[1] if " " in n else "" for n in names}
    if len(units) == 1 and all(n.split(" ", 1)[0].isdigit() for n in names):
        return f"{', '.join(n.split(' ', 1)[0] for n in names)} {units.pop()}"
    return ", ".join(names)


def replaced_arrays(layers: Sequence[Layer]) -> list[Problem]:
    """A note for each array a file of the chain (not a built-in, not ``--set``) writes that
    drops something its parent's resolved value had, at the file's line and dotted key."""
    notes: list[Problem] = []
    merged: dict[str, Any] = {}
    for i, layer in enumerate(layers):
        part = _rules_part(layer.data)
        written = layer.builtin_name is None and layer.label != SET_LABEL and i > 0
        if written:
            for path in leaf_keys(part):
                new = _at(part, path)
                if not isinstance(new, list):
                    continue
                old = _at(merged, path)
                if old is None:
                    old = _default(path)
                if not isinstance(old, list | tuple) or not old:
                    continue
                key = ".".join(str(p) for p in path)
                text = _note(key, _parent_name(layers[i - 1]), list(old), new)
                if text is not None:
                    notes.append(Problem(layer.label, layer.line(path), key, text))
        merged = _overlay(merged, part, {}, i)
    return notes
