"""The table a position is read at: its ruleset (from the document's tags, or as given), the
seats and sides it names and the players' names, and the result of reading (:class:`ReadPosition`).
Every part of the position reader builds on :class:`_Table`, which also words a problem as a
:class:`NotationError` at the line and column of the slip.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..engine.moves import Answer, Discard, Draw, Expose, Foot, Move, TakePile
from ..engine.position import Position, bring_to_stock
from ..engine.rules import Rules, rules_for
from ..engine.state import Phase, State
from ..errors import NotationError, VariantError, quoted
from ..seats import seat_names, seat_word, side_names, side_word
from ..variant import LoadedVariant, load
from . import ast as A

if TYPE_CHECKING:
    from .unseen import Depends


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
    unseen_hands: dict[int, tuple[int, ...]] = field(default_factory=dict)
    """Seats whose hand the position gives with cards as a count (``hand E: 8 unseen, 7c``),
    with the cards written for it. The rest of that hand in ``state`` are stand-ins: cards
    written nowhere, any of which the real ones may be. Nothing a ruling says about another
    player's move depends on them; a move of that seat itself is not judged
    (:meth:`blind_move`)."""

    depends: list[Depends] = field(default_factory=list)
    """Facts about unseen cards the turn lines after the position rest on (a card a draw names
    that a hand given as a count may hold); every ruling there
    rests on them too."""
    file: str = "<text>"
    """The document the position was read from (for errors at its lines)."""
    hand_at: dict[int, A.Where] = field(default_factory=dict)
    """Where each hand given with unseen cards is written."""

    def moves_unseen(self) -> NotationError | None:
        """The error for listing the legal moves of a player whose hand has unseen cards (they
        depend on what the player holds), at that hand's line; None where the moves can be
        listed (partner answering "may I go out?" reads no hand)."""
        s = self.state
        if s.phase == Phase.ANSWER or s.over:
            return None
        msg = self._hidden_hand(s, s.actor, "{}'s legal moves depend")
        if msg is None:
            return None
        at = self.hand_at.get(s.actor, A.Where(0, 0))
        return NotationError(msg, self.file, at.line, at.column)

    def stand_ins(self, s: State, p: int) -> list[int]:
        """How many of each card of seat ``p``'s hand in ``s`` stand in for unseen ones."""
        held = list(s.hands[p])
        for c in self.unseen_hands.get(p, ()):
            held[c] -= 1
        return held

    def hidden(self, s: State, p: int) -> int:
        """How many of seat ``p``'s cards in ``s`` are unseen (0 for a hand written out)."""
        if p not in self.unseen_hands:
            return 0
        return s.hand_len[p] - len(self.unseen_hands[p])

    def blind_move(self, s: State, m: Move) -> str | None:
        """Why move ``m`` in ``s`` cannot be judged: its player's hand holds cards the position
        gives as a count, and whether a move is legal reads the player's hand (what it holds,
        whether the rest can still go out or reach the minimum). None where it can be judged
        (partner's answer to "may I go out?" reads no hand)."""
        if isinstance(m, Answer):
            return None
        return self._hidden_hand(s, s.actor, "a ruling on {}'s move depends")

    def _hidden_hand(self, s: State, p: int, subject: str) -> str | None:
        n = self.hidden(s, p)
        if not n:
            return None
        seat = seat_names(self.rules.players)[p]
        who = self.names.get(p)
        name = f"{seat_word(seat)} ({who})" if who else seat_word(seat)
        cards = "card" if n == 1 else "cards"
        return (
            f"{name}'s hand has {n} unseen {cards}, and {subject.format(name)} on what {name} "
            f"holds: write {name}'s cards ('hand {seat}: ...')"
        )

    def unseen_copies(self, s: State, c: int, unseen: int | None = None) -> int:
        """How many copies of card ``c`` lie in ``s`` where nobody has seen them: the stock, the
        unseen bottom of the pile, the stand-ins of hands and feet given as counts."""
        n = self.unseen if unseen is None else unseen
        count = s.stock.count(c) + s.pile[:n].count(c)
        for p in self.unseen_hands:
            count += max(0, self.stand_ins(s, p)[c])
        for p in self.unseen_feet:
            if s.feet and s.feet[p]:
                count += s.feet[p].count(c)
        return count

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
        if named and self.unseen_hands:
            self._bring_from_hands(s, named)
        return 0 if isinstance(m, TakePile) else n

    def _bring_from_hands(self, s: State, named: tuple[int, ...]) -> None:
        """Where the stock lacks a card ``named`` that a hand given as a count holds as a
        stand-in, swap it with a stock card the move does not name (one a hand may hold): which
        unseen card is where is not known."""
        if s.stock_known:
            return
        bonus = s.rules.bonus
        for c in set(named):
            short = named.count(c) - s.stock.count(c)
            for p in self.unseen_hands:
                while short > 0 and self.stand_ins(s, p)[c] > 0:
                    j = next(
                        (k for k, x in enumerate(s.stock) if x not in named and not bonus[x]), None
                    )
                    if j is None:
                        return
                    x = s.stock[j]
                    s.remove_card(p, c)
                    s.add_card(p, x)
                    s.stock[j] = c
                    short -= 1


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
        """Seat ``p`` as a message names it: ``North``, or ``North (Alice)`` where the Players
        tag names the player."""
        seat = seat_word(self.seats[p])
        n = self.names.get(p)
        return f"{seat} ({n})" if n else seat

    def side_name(self, side: int) -> str:
        """Side ``side`` as a message names it: ``North-South``."""
        return side_word(self.sides[side])

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
