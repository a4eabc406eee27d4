"""The table a position is read at: its ruleset (from the document's tags, or as given), the
seats and sides it names and the players' names, and the result of reading (:class:`ReadPosition`).
Every part of the position reader builds on :class:`_Table`, which also words a problem as a
:class:`NotationError` at the line and column of the slip.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.moves import Discard, Draw, Expose, Foot, Move, TakePile
from ..engine.position import Position, bring_to_stock
from ..engine.rules import Rules, rules_for
from ..engine.state import State
from ..errors import NotationError, VariantError, quoted
from ..seats import seat_names, side_names
from ..variant import LoadedVariant, load
from . import ast as A


@dataclass
class ReadPosition:
    loaded: LoadedVariant
    rules: Rules
    state: State
    """The state the position describes, after any turn lines that follow it."""
    tags: list[tuple[str, str]]
    position: Position | None = None
    start: State | None = None
    """The state before the turn lines (the same as ``state`` when there are none)."""
    moves: list[tuple[int, Move]] = field(default_factory=list)
    """The moves of the turn lines, as applied (seat, move)."""
    unseen: int = 0
    """Unseen cards at the bottom of ``state``'s pile."""
    taken: tuple[int, ...] = ()
    """The cards the turn's ``took`` entry names."""
    names: dict[int, str] = field(default_factory=dict)
    """Players' names by seat, from a Players tag."""
    unseen_feet: frozenset[int] = frozenset()
    """Seats whose foot the position gives as a count (``foot N: 13 unseen``)."""

    def takes_unseen_foot(self, s: State, m: Move) -> bool:
        """Whether ``m`` takes up a foot the position gives as a count. Taking it up is legal
        (it is the only move then), but nothing after it can be judged: the cards standing in
        for the foot's are any."""
        return isinstance(m, Foot) and s.turn in self.unseen_feet

    def prepare(self, s: State, m: Move, unseen: int | None = None) -> int:
        """Before judging ``m`` in ``s``: bring the stock cards it names out of the unseen part
        of the pile (which unplaced card is where is not known). Returns the unseen count after
        the move (a pickup takes the unseen cards into the hand)."""
        n = self.unseen if unseen is None else unseen
        named: tuple[int, ...] = ()
        if isinstance(m, Draw | Expose | Foot):
            named = (m.cards if isinstance(m, Draw) else m.replacements) or ()
        elif isinstance(m, TakePile):
            named = m.replacements or ()
        elif isinstance(m, Discard):
            named = m.talon or ()  # the stock cards of a talon taken after it (talons)
        if named and n:
            bring_to_stock(s, named, n)
        return 0 if isinstance(m, TakePile) else n


def _err(doc: A.Document, at: A.Where, msg: str, column: int = 0) -> NotationError:
    return NotationError(msg, doc.file, at.line, column or at.column)


def _load(doc: A.Document, variant: str | None, sets: tuple[str, ...]) -> LoadedVariant:
    ref, own_sets = doc.ruleset(variant)
    try:
        return load(ref, own_sets + sets)
    except VariantError as e:
        vtag = doc.tag("Variant")
        if variant is None and vtag is not None and not e.problems[0].line:
            # A name that is not a ruleset: point at the tag that names it.
            raise _err(doc, vtag.at, e.lines()[0]) from None
        raise


def _players(doc: A.Document) -> tuple[int | None, dict[str, str], A.Where | None]:
    ptag = doc.tag("Players")
    if ptag is None:
        return None, {}, None
    entries = [e.strip() for e in ptag.value.split(",") if e.strip()]
    names = {}
    for e in entries:
        seat, _, who = e.partition(" ")
        names[seat] = who.strip()
    return len(entries), names, ptag.at


class _Table:
    """The ruleset and the seats and sides of one position document; its problems, located."""

    def __init__(self, doc: A.Document, variant: str | None, sets: tuple[str, ...]):
        self.doc = doc
        self.loaded = _load(doc, variant, sets)
        self.retold = variant is not None or bool(sets)
        """Read under rules other than its own (``--variant``, ``--set``): then a line only
        another ruleset keeps track of ('taken:', 'asked:', 'frozen against') says nothing
        here, and is let be, so that one position can be ruled on under several rulesets."""
        hands_lines = [ln.item for ln in doc.lines if isinstance(ln.item, A.PosHand)]
        if not hands_lines:
            raise _err(doc, A.Where(1, 1), "a position lists every hand ('hand N: ...')")
        self.hands_lines = hands_lines
        tag_players, names, ptag_at = _players(doc)
        players = tag_players or len({h.seat for h in hands_lines})
        try:
            self.rules = r = rules_for(self.loaded.variant, players)
        except ValueError as e:
            if tag_players is not None:
                raise _err(doc, ptag_at or hands_lines[0].at, str(e)) from None
            # A hand too many or too few: read the table the variant seats, so that the error
            # names the seat at fault, unless the variant seats several table sizes.
            if len(self.loaded.variant.seating) != 1:
                raise _err(doc, hands_lines[0].at, f"{players} hands: {e}") from None
            self.rules = r = rules_for(self.loaded.variant, None)
        self.seats = seat_names(r.players)
        self.sides = side_names(r.players, r.sides)
        self.side_of: tuple[int, ...] = r.side_of
        """The side each seat plays for in the position (regrouped after an 'alone:' line)."""
        self.names = {self.seats.index(s): n for s, n in names.items() if s in self.seats and n}
        if ptag_at is not None:
            for s in names:
                if s not in self.seats:
                    msg = f"Players names seat {quoted(s)}; seats are {', '.join(self.seats)}"
                    raise _err(doc, ptag_at, msg)

    # -------------------------------------------------------------------- names
    def who(self, p: int) -> str:
        seat = self.seats[p]
        n = self.names.get(p)
        return f"{seat} ({n})" if n else seat

    def seat(self, name: str, at: A.Where, column: int = 0) -> int:
        if name not in self.seats:
            msg = f"no seat {quoted(name)} at this table (seats: {', '.join(self.seats)})"
            raise _err(self.doc, at, msg, column)
        return self.seats.index(name)

    def side(self, name: str, at: A.Where, column: int = 0) -> int:
        canon = "".join(sorted(name))
        for i, s in enumerate(self.sides):
            if "".join(sorted(s)) == canon:
                return i
        msg = f"no side {quoted(name)} (sides: {', '.join(self.sides)})"
        raise _err(self.doc, at, msg, column)

    def err(self, at: A.Where, msg: str, column: int = 0) -> NotationError:
        return _err(self.doc, at, msg, column)
