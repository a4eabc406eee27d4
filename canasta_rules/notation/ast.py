"""What a record or position says, line by line, with where each thing was written.

The parser turns text into a :class:`Document`: a list of :class:`Line` items, each carrying its
line and column so that a replay can point at the exact spot of an illegal move. Nothing here knows
the rules; the replayer (``replay.py``) and the position reader (``position.py``) give it meaning.
"""

from __future__ import annotations

from dataclasses import field

from ..deferred import dataclass, made  # made on first use: 29 classes, few per command
from ..engine.moves import Move


@dataclass
class Where:
    line: int
    column: int
    end_column: int = 0


# ---- actions of a turn ------------------------------------------------------------------------


@dataclass
class DrawAct:
    cards: tuple[int, ...] | None
    at: Where
    text: str = ""
    """The action as written (for error messages)."""
    moves: tuple[Move, ...] = ()
    """The engine moves it stands for (``ask yes`` is two: the question and the answer)."""


@dataclass
class TakeAct:
    top: int | None
    shown: tuple[int, ...]
    melds: tuple[tuple[int, ...], ...]
    replacements: tuple[int, ...] | None
    at: Where
    text: str = ""
    """The action as written (for error messages)."""
    moves: tuple[Move, ...] = ()
    """The engine moves it stands for (``ask yes`` is two: the question and the answer)."""
    onto: int = 0
    """``take 7h on 4h``: the run the top card goes onto, named by one of its cards
    (``TakePile.onto``, a run reference); 0 when not named."""


@dataclass
class ExposeAct:
    replacements: tuple[int, ...] | None
    at: Where
    text: str = ""
    """The action as written (for error messages)."""
    moves: tuple[Move, ...] = ()
    """The engine moves it stands for (``ask yes`` is two: the question and the answer)."""


@dataclass
class MeldAct:
    """``meld`` (new melds, and adds written ``Q: Qh 2c``) or ``add`` (adds only)."""

    melds: tuple[tuple[int, ...], ...]
    adds: tuple[tuple[int, tuple[int, ...]], ...]
    verb: str
    at: Where
    text: str = ""
    """The action as written (for error messages)."""
    moves: tuple[Move, ...] = ()
    """The engine moves it stands for (``ask yes`` is two: the question and the answer)."""


@dataclass
class DiscardAct:
    card: int
    at: Where
    text: str = ""
    """The action as written (for error messages)."""
    moves: tuple[Move, ...] = ()
    """The engine moves it stands for (``ask yes`` is two: the question and the answer)."""
    talon: tuple[int, ...] | None = None
    """``discard 4c talon 5d 6h 9s Kc``: the talon taken after the discard (``talons``)."""


@dataclass
class AskAct:
    yes: bool
    at: Where
    text: str = ""
    """The action as written (for error messages)."""
    moves: tuple[Move, ...] = ()
    """The engine moves it stands for (``ask yes`` is two: the question and the answer)."""


@dataclass
class FootAct:
    """``foot``: taking up the foot (Hand and Foot), with replacements for its red threes."""

    replacements: tuple[int, ...] | None
    at: Where
    text: str = ""
    """The action as written (for error messages)."""
    moves: tuple[Move, ...] = ()
    """The engine moves it stands for."""


Action = DrawAct | TakeAct | ExposeAct | MeldAct | DiscardAct | AskAct | FootAct


# ---- lines ------------------------------------------------------------------------------------


@dataclass
class Tag:
    name: str
    value: str
    at: Where


@dataclass
class HandHeader:
    number: int
    dealer: str | None
    seed: str | None
    at: Where


@dataclass
class DealLine:
    seat: str
    red_threes: tuple[int, ...]
    cards: tuple[int, ...]
    at: Where


@dataclass
class UpcardLine:
    """``upcard`` (a record's deal) or ``pile:`` (a position's whole pile), bottom to top."""

    cards: tuple[int, ...]
    at: Where
    word: str = "upcard"
    unseen: int = 0
    """``pile: 40 unseen, 7c 2c``: cards at the bottom of a position's pile left unknown."""
    cols: tuple[int, ...] = ()
    """The column of each card (0 where not read from text)."""


@dataclass
class Turn:
    """A turn line: its seat and actions, each action with its own place.

    A turn read on its own line (:mod:`.fastlines`) is made holding its actions unplaced: the
    values read once for each text and shared by every line that writes it, with their columns
    (:func:`unplaced`). The placed copies are made the first time something reads ``actions``,
    so a replay, which needs an action's place only to report it, makes none."""

    seat: str
    actions: tuple[Action, ...]
    at: Where

    def __getattr__(self, name: str) -> tuple[Action, ...]:
        # Only called when ``actions`` (or another name) is not set: an unplaced turn.
        got = self.__dict__.get(_UNPLACED) if name == "actions" else None
        if got is None:
            raise AttributeError(name)
        shared, cols, line = got
        acts = tuple(
            placed(a, Where(line, c, c + len(a.text))) for a, c in zip(shared, cols, strict=True)
        )
        self.actions = acts
        return acts


_UNPLACED = "_unplaced"
"""The attribute of an unplaced :class:`Turn`: (shared actions, their columns, the line)."""


def unplaced_turn(seat: str, shared: tuple[Action, ...], cols: tuple[int, ...], at: Where) -> Turn:
    """A :class:`Turn` whose actions are ``shared`` (placed nowhere; each action's text is what
    was written) at columns ``cols`` of the turn's line."""
    turn: Turn = object.__new__(made(Turn))
    turn.seat = seat
    turn.at = at
    setattr(turn, _UNPLACED, (shared, cols, at.line))
    return turn


def unplaced(turn: Turn) -> tuple[Action, ...]:
    """The actions of ``turn`` as written, their places left out where they were never made:
    for reading what an action says (its moves, its text, its kind), not where it is."""
    got = turn.__dict__.get(_UNPLACED)
    return got[0] if got is not None else turn.actions


def placed(t: Action, at: Where) -> Action:
    """``t`` (an action read once, placed nowhere) at ``at``."""
    if type(t) is DiscardAct:
        return DiscardAct(t.card, at, t.text, t.moves, t.talon)
    if type(t) is DrawAct:
        return DrawAct(t.cards, at, t.text, t.moves)
    if type(t) is MeldAct:
        return MeldAct(t.melds, t.adds, t.verb, at, t.text, t.moves)
    if type(t) is TakeAct:
        return TakeAct(t.top, t.shown, t.melds, t.replacements, at, t.text, t.moves, t.onto)
    if type(t) is AskAct:
        return AskAct(t.yes, at, t.text, t.moves)
    if type(t) is FootAct:
        return FootAct(t.replacements, at, t.text, t.moves)
    assert type(t) is ExposeAct
    return ExposeAct(t.replacements, at, t.text, t.moves)


@dataclass
class Assertion:
    """``score``, ``total`` (side -> figure), ``stock`` (a count) or ``frozen`` (yes/no, or
    ``frozen against SIDES``: frozen by a card against those sides only, ``against``)."""

    kind: str
    sides: tuple[tuple[str, int], ...] = ()
    number: int = 0
    flag: bool = False
    against: tuple[str, ...] = ()
    at: Where = field(default_factory=lambda: Where(0, 0))


@dataclass
class PenaltyLine:
    """``penalty SEAT KIND [CARD]`` (engine/penalties.py)."""

    seat: str
    kind: str
    at: Where
    card: int | None = None


@dataclass
class PosHand:
    seat: str
    cards: tuple[int, ...]
    """The cards written (all of the hand, unless ``unseen``)."""
    at: Where
    cols: tuple[int, ...] = ()
    """The column of each card (empty where not read from text)."""
    unseen: int = 0
    """``hand E: 8 unseen, 7c 7d``: how many of the hand's cards are not written (nobody at the
    table has seen them); ``cards`` are the others."""


@dataclass
class PosMelds:
    side: str
    melds: tuple[tuple[int, ...], ...]
    at: Where
    cols: tuple[tuple[int, ...], ...] = ()
    """The column of each card of each meld (empty where not read from text)."""


@dataclass
class PosRed:
    side: str
    cards: tuple[int, ...]
    at: Where
    cols: tuple[int, ...] = ()


@dataclass
class FootLine:
    """``foot N: CARDS`` (a foot dealt, or still waiting) or ``foot N: taken`` (Hand and Foot):
    in a written-out deal and in a position."""

    seat: str
    cards: tuple[int, ...]
    taken: bool
    at: Where
    cols: tuple[int, ...] = ()
    unseen: int = 0
    """``foot N: 13 unseen`` (positions only): a foot still face down whose cards are not known."""


@dataclass
class PosToMove:
    seat: str
    phase: str
    at: Where


@dataclass
class PosOut:
    seat: str
    concealed: bool
    at: Where


@dataclass
class PosAlone:
    """``alone: E``: the seat playing alone once the sides regrouped this hand
    (``seating.forming``)."""

    seat: str
    at: Where
    col: int = 0


@dataclass
class PosAsked:
    """``asked: N``: the seats that have asked partner's permission to go out this hand
    (``going_out.permission.once_per_hand``)."""

    seats: tuple[str, ...]
    at: Where
    cols: tuple[int, ...] = ()


@dataclass
class PosTaken:
    """``taken: NS``: the sides that have taken the pile this hand (``pile.frozen_at_start``)."""

    sides: tuple[str, ...]
    at: Where
    cols: tuple[int, ...] = ()


@dataclass
class PosMelded:
    """``melded: N S``: the seats that have melded this hand."""

    seats: tuple[str, ...]
    at: Where
    cols: tuple[int, ...] = ()


@dataclass
class PosTurn:
    """``turn: drew pile, took Kh Kd, new K, first, asked yes``: the turn in progress.

    Each entry is (word, its arguments as written, its column)."""

    entries: tuple[tuple[str, tuple[str, ...], int], ...]
    at: Where


@dataclass
class CommentOnly:
    at: Where


Item = (
    Tag
    | HandHeader
    | DealLine
    | UpcardLine
    | Turn
    | Assertion
    | PenaltyLine
    | PosHand
    | PosMelds
    | PosRed
    | FootLine
    | PosToMove
    | PosOut
    | PosMelded
    | PosAsked
    | PosTaken
    | PosAlone
    | PosTurn
    | CommentOnly
)


@dataclass
class Line:
    item: Item
    comment: str | None = None


@dataclass
class Document:
    """A parsed record or position: its lines in order, and the file it came from."""

    lines: list[Line]
    file: str = "<text>"
    source: list[str] = field(default_factory=list)
    """The text's lines, for quoting a move in an error message: split at newlines only, as
    lark counts lines (:func:`~.fastlines.source_lines`), so that line N is the error's line N."""

    def tags(self) -> list[Tag]:
        return [it for ln in self.lines if type(it := ln.item) is Tag]

    def tag(self, name: str) -> Tag | None:
        return next((t for t in self.tags() if t.name == name), None)

    def ruleset(self, variant: str | None = None) -> tuple[str, tuple[str, ...]]:
        """The ruleset this document is read under: (reference, overrides).

        By default its ``Variant`` tag (a built-in name, or a file relative to the document,
        kept to the document's folder: ``variant/confine.py``) and its ``Set`` tags;
        ``variant`` (the user's own choice) replaces both. Without a tag: ``classic``."""
        if variant is not None:
            return variant, ()
        tags = self.tags()  # one pass over the lines
        vtag = next((t for t in tags if t.name == "Variant"), None)
        ref = "classic"
        if vtag is not None:
            from ..variant.confine import document_ruleset

            ref = document_ruleset(vtag.value, self.file, vtag.at.line, vtag.at.column)
        return ref, tuple(t.value for t in tags if t.name == "Set")
