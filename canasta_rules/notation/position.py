"""Reading positions: one moment of a hand, written out (docs/notation.md, "Positions").

A position names its ruleset with the same tags as a record, then lists every hand, each side's
melds and red threes, the pile from bottom to top, who has melded, the turn in progress, and who is
to move in which phase (or who went out, for a finished hand). What it leaves out is derived: the
stock is the rest of the pack, in an unknown order (or a count, with the rest unseen at the bottom
of the pile); a side with melds has opened; the pile is frozen when it holds a card that freezes.

A position is checked against its ruleset as it is read: every card count, every meld (by the
engine's own invariants, so every meld kind the engine knows is covered), red threes where the
ruleset lays them down, the turn, and an ``out`` claim against the layout. Each problem is a
:class:`NotationError` at the line and column of the slip, naming seats as the table does.

Turn lines may follow the position: they are played from it, each move checked, so a record can
start from a position.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import cards as C
from ..engine.apply import apply_unchecked
from ..engine.invariants import card_problems, meld_problems
from ..engine.legality import check_new_meld, refusal
from ..engine.meldkinds import NEW_RUN, plural, run_span
from ..engine.moves import Ask, Discard, Draw, Expose, Foot, Move, TakePile
from ..engine.penalties import set_pending, settle
from ..engine.position import (
    UNDRAWN,
    Position,
    TurnState,
    askers_of,
    bring_to_stock,
    meld_key,
    opening_value,
)
from ..engine.rules import KEY_OF, RED3_KEY, RUN_REF0, Rules, rules_for, run_ref_parts
from ..engine.state import DealError, Permission, Phase, State, regrouped
from ..errors import IllegalMoveError, NotationError, Refusal, VariantError, quoted, shorten_path
from ..seats import seat_names, side_names
from ..variant import LoadedVariant, load
from . import ast as A
from .parser import parse_side_values
from .turnwords import TurnWordError, apply_entry
from .wording import worded

_PHASES = {
    "draw": Phase.DRAW,
    "play": Phase.PLAY,
    "answer": Phase.ANSWER,
    "expose": Phase.EXPOSE,
    "over": Phase.OVER,
    "foot": Phase.FOOT,
}


def unseen_foot() -> Refusal:
    """The refusal of a move made after taking up a foot whose cards a position does not write."""
    return Refusal(
        "foot.cards_unknown",
        "",
        "the foot just taken up is written as a count (foot N: 13 unseen), so what follows "
        "cannot be judged: write its cards",
    )


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


class _Reader:
    """One position document read against one ruleset."""

    def __init__(self, doc: A.Document, variant: str | None, sets: tuple[str, ...]):
        self.doc = doc
        self.loaded = _load(doc, variant, sets)
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

    # -------------------------------------------------------------------- reading
    def read(self) -> ReadPosition:
        doc, r = self.doc, self.rules
        err = self.err
        hands: list[list[int] | None] = [None] * r.players
        hand_at: list[A.PosHand | None] = [None] * r.players
        melds: list[list[tuple[int, ...]]] = [[] for _ in range(r.sides)]
        meld_at: dict[tuple[int, int], tuple[A.PosMelds, int]] = {}
        """(side, index of the meld in the side's list) -> its line and column."""
        reds: list[list[int]] = [[] for _ in range(r.sides)]
        feet: list[list[int] | None] = [None] * r.players
        unseen_feet: dict[int, A.FootLine] = {}
        """Seats whose foot is written as a count (``foot N: 13 unseen``), filled further down."""
        pile_line: A.UpcardLine | None = None
        move_line: A.PosToMove | A.PosOut | None = None
        melded_line: A.PosMelded | None = None
        asked_line: A.PosAsked | None = None
        taken_line: A.PosTaken | None = None
        alone_line: A.PosAlone | None = None
        turn_line: A.PosTurn | None = None
        frozen: A.Assertion | None = None
        stock_line: A.Assertion | None = None
        penalties: list[A.PenaltyLine] = []
        turns: list[A.Turn] = []
        # Card counts, to point at the card that goes past the pack.
        counts = [0] * C.NUM_CARD_IDS

        def count(cards: tuple[int, ...], cols: tuple[int, ...], at: A.Where) -> None:
            for i, c in enumerate(cards):
                counts[c] += 1
                if counts[c] > r.deck_counts[c]:
                    col = cols[i] if i < len(cols) else 0
                    have = r.deck_counts[c]
                    msg = (
                        f"one {C.name(c)} too many: the pack holds {have}"
                        if have
                        else f"there is no {C.name(c)} in this ruleset's pack"
                    )
                    raise err(at, msg, col)

        for ln in doc.lines:
            it = ln.item
            if turns and not isinstance(it, A.Turn | A.CommentOnly):
                raise err(it.at, "the position's lines come before the turn lines played from it")
            if isinstance(it, A.PosHand):
                p = self.seat(it.seat, it.at)
                if hands[p] is not None:
                    raise err(it.at, f"{self.who(p)}'s hand is listed twice")
                hands[p] = list(it.cards)
                hand_at[p] = it
                count(it.cards, it.cols, it.at)
                for i, c in enumerate(it.cards):
                    if r.bonus[c] and not r.red3_first_turn:
                        col = it.cols[i] if i < len(it.cols) else 0
                        colour = "red" if C.is_red_three(c) else "black"
                        msg = (
                            f"{self.who(p)} holds {C.name(c)}, but this ruleset lays a {colour} "
                            "three down as soon as it is dealt or drawn: list it on the side's "
                            "'red' line (red_threes.exposed, black_threes.bonus)"
                        )
                        raise err(it.at, msg, col)
            elif isinstance(it, A.PosMelds):
                side = self.side(it.side, it.at)
                for j, g in enumerate(it.melds):
                    cols = it.cols[j] if j < len(it.cols) else ()
                    self._check_meld_cards(it, g, cols, side, melds, meld_at, len(melds[side]))
                    count(g, cols, it.at)
                    melds[side].append(g)
            elif isinstance(it, A.FootLine):
                p = self.seat(it.seat, it.at)
                if not r.foot:
                    raise err(it.at, "this ruleset deals no foot (foot.kind)")
                if feet[p] is not None:
                    raise err(it.at, f"{it.seat}'s foot is listed twice")
                if it.unseen:
                    size = r.foot_size
                    if it.unseen != size:
                        msg = f"a foot face down holds {size} cards, not {it.unseen} (foot.size)"
                        raise err(it.at, msg)
                    unseen_feet[p] = it
                count(it.cards, it.cols, it.at)
                feet[p] = list(it.cards)
            elif isinstance(it, A.PosRed):
                side = self.side(it.side, it.at)
                for i, c in enumerate(it.cards):
                    if not r.bonus[c]:  # red threes, and black ones where black_threes.bonus
                        col = it.cols[i] if i < len(it.cols) else 0
                        raise err(it.at, f"{C.name(c)} is not a red three", col)
                count(it.cards, it.cols, it.at)
                reds[side].extend(it.cards)
            elif isinstance(it, A.UpcardLine):
                if it.word != "pile":
                    raise err(it.at, "a position writes its discard pile as 'pile: CARDS'")
                if pile_line is not None:
                    raise err(it.at, "the pile is listed twice")
                pile_line = it
                count(it.cards, it.cols, it.at)
            elif isinstance(it, A.PosToMove | A.PosOut):
                if move_line is not None:
                    what = "who is to move" if isinstance(it, A.PosToMove) else "who went out"
                    raise err(it.at, f"the position already says {self._said(move_line)}: {what}?")
                move_line = it
            elif isinstance(it, A.PosMelded):
                if melded_line is not None:
                    raise err(it.at, "'melded:' is listed twice")
                melded_line = it
            elif isinstance(it, A.PosAsked):
                if asked_line is not None:
                    raise err(it.at, "'asked:' is listed twice")
                if not r.ask_once:
                    msg = (
                        "this ruleset does not limit asking to once a hand, so a position does "
                        "not list who asked (going_out.permission.once_per_hand)"
                    )
                    raise err(it.at, msg)
                asked_line = it
            elif isinstance(it, A.PosTaken):
                if taken_line is not None:
                    raise err(it.at, "'taken:' is listed twice")
                if not r.frozen_at_start:
                    msg = (
                        "in this ruleset a pickup does not unfreeze the pile side by side, so a "
                        "position does not list who took it (pile.frozen_at_start)"
                    )
                    raise err(it.at, msg)
                taken_line = it
            elif isinstance(it, A.PosAlone):
                if alone_line is not None:
                    raise err(it.at, "'alone:' is listed twice")
                alone_line = it
            elif isinstance(it, A.PosTurn):
                if turn_line is not None:
                    raise err(it.at, "'turn:' is listed twice")
                turn_line = it
            elif isinstance(it, A.Assertion) and it.kind == "frozen":
                frozen = it
            elif isinstance(it, A.Assertion) and it.kind == "stock":
                if stock_line is not None:
                    raise err(it.at, "the stock is given twice")
                stock_line = it
            elif isinstance(it, A.PenaltyLine):
                penalties.append(it)
            elif isinstance(it, A.Turn):
                if move_line is None:
                    msg = (
                        "turn lines follow a position: first say who is to move ('to move: N draw')"
                    )
                    raise err(it.at, msg)
                turns.append(it)
            elif isinstance(it, A.Tag | A.CommentOnly):
                continue
            else:
                raise err(it.at, "this line belongs in a game record, not in a position")
        missing = [self.who(p) for p in range(r.players) if hands[p] is None]
        if missing:
            last = self.hands_lines[-1]
            raise err(last.at, f"the position gives no hand for {', '.join(missing)}")
        if move_line is None:
            msg = "say who is to move ('to move: N draw') or who went out ('out N')"
            raise err(self.hands_lines[-1].at, msg)
        pile = list(pile_line.cards) if pile_line is not None else []
        unseen = pile_line.unseen if pile_line is not None else 0
        self._fill_unseen_feet(unseen_feet, feet, counts)
        placed = sum(counts)
        rest = len(r.deck) - placed
        stock_count: int | None = None
        if stock_line is not None:
            stock_count = stock_line.number
            if stock_count + unseen > rest:
                msg = (
                    f"{rest} cards are not written anywhere, so the stock cannot hold "
                    f"{stock_count}" + (f" with {unseen} unseen in the pile" if unseen else "")
                )
                raise err(stock_line.at, msg)
            if stock_count + unseen < rest:
                more = rest - stock_count
                msg = (
                    f"{rest} cards are not written anywhere: with a stock of {stock_count}, the "
                    f"other {more} lie unseen in the pile (write 'pile: {more} unseen, ...')"
                )
                raise err(stock_line.at, msg)
        elif unseen > rest:
            assert pile_line is not None
            msg = f"only {rest} cards are not written anywhere; the pile cannot hide {unseen}"
            raise err(pile_line.at, msg)
        if unseen:
            assert pile_line is not None
            self._check_unseen(pile_line, counts, rest - unseen, pile, frozen)

        # ---- tags
        scores = self._side_tag("Scores", "NS 1600, EW 0") or [0] * r.sides
        previous = self._side_tag("Previous", "NS 120, EW -50")
        hand_no = self._hand_tag()
        dealer = r.players - 1
        dtag = doc.tag("Dealer")
        if dtag is not None:
            dealer = self.seat(dtag.value, dtag.at)

        # ---- who moves
        phase = Phase.OVER
        went_out = -1
        concealed = False
        answerer = -1
        if isinstance(move_line, A.PosToMove):
            turn = self.seat(move_line.seat, move_line.at)
            phase = _PHASES[move_line.phase]
        else:
            turn = went_out = self.seat(move_line.seat, move_line.at)
            concealed = move_line.concealed
        actor = turn
        if phase == Phase.ANSWER:
            if not r.permission:
                msg = "this ruleset has no asking permission to go out (going_out.permission)"
                raise err(move_line.at, msg)
            askers = askers_of(r, actor)
            if len(askers) != 1:
                msg = f"{self.who(actor)} answers nobody's question at this table"
                raise err(move_line.at, msg)
            answerer, turn = actor, askers[0]

        # ---- sides regrouped this hand (seating.forming)
        alone = -1
        if alone_line is not None:
            alone = self.seat(alone_line.seat, alone_line.at, alone_line.col)
            if not r.lone_pickup:
                msg = (
                    "this ruleset's sides stay as seated: nobody plays alone "
                    "(seating.forming is 'fixed')"
                )
                raise err(alone_line.at, msg, alone_line.col)
            self.side_of = regrouped(r, alone)
            for side in range(r.sides):
                if melds[side] and side not in self.side_of:
                    line, col = meld_at[(side, 0)]
                    keep = next(self.sides[self.side_of[p]] for p in range(r.players) if p != alone)
                    msg = (
                        f"{self.sides[side]} now plays in a partnership ('alone: "
                        f"{self.seats[alone]}'): list these melds under {keep}"
                    )
                    raise err(line.at, msg, col)
        members = [[p for p in range(r.players) if self.side_of[p] == q] for q in range(r.sides)]

        # ---- who has melded
        melded: list[bool] | None = None
        if melded_line is not None:
            melded = [False] * r.players
            for name, col in zip(melded_line.seats, melded_line.cols, strict=False):
                p = self.seat(name, melded_line.at, col)
                if melded[p]:
                    raise err(melded_line.at, f"{name} is listed twice", col)
                if not melds[self.side_of[p]]:
                    msg = (
                        f"{self.who(p)} cannot have melded: "
                        f"{self.sides[self.side_of[p]]} has no melds"
                    )
                    raise err(melded_line.at, msg, col)
                melded[p] = True
            for side in range(r.sides):
                if melds[side] and not any(melded[p] for p in members[side]):
                    who = " or ".join(self.who(p) for p in members[side])
                    msg = f"{self.sides[side]} has melds, so {who} has melded: list them"
                    raise err(melded_line.at, msg)

        # ---- who has asked to go out this hand (going_out.permission.once_per_hand)
        asked: list[bool] | None = None
        if asked_line is not None:
            asked = [False] * r.players
            for name, col in zip(asked_line.seats, asked_line.cols, strict=False):
                p = self.seat(name, asked_line.at, col)
                if asked[p]:
                    raise err(asked_line.at, f"{name} is listed twice", col)
                asked[p] = True

        # ---- the sides that have taken the pile this hand (pile.frozen_at_start)
        pile_takers = 0
        if taken_line is not None:
            for name, col in zip(taken_line.sides, taken_line.cols, strict=False):
                side = self.side(name, taken_line.at, col)
                if pile_takers >> side & 1:
                    raise err(taken_line.at, f"{name} is listed twice", col)
                pile_takers |= 1 << side

        # ---- the turn in progress
        ts: TurnState | None = None
        if turn_line is not None:
            if phase not in (Phase.PLAY, Phase.ANSWER, Phase.DRAW, Phase.FOOT):
                msg = "'turn:' describes a turn in progress: 'to move: SEAT play' (or answer)"
                raise err(turn_line.at, msg)
            ts = TurnState()
            for word, args, col in turn_line.entries:
                try:
                    ts = apply_entry(ts, word, args)
                except TurnWordError as e:
                    spot = col
                    if e.index >= 0:
                        spot = self._arg_col(turn_line, col, word, args, e.index)
                    raise err(turn_line.at, str(e), spot) from None
            if phase == Phase.DRAW and (ts.drew != UNDRAWN or ts.permission == Permission.NONE):
                msg = (
                    "'turn:' before the draw says only that partner was asked and answered: "
                    "'turn: drew nothing, asked yes' (or no)"
                )
                raise err(turn_line.at, msg)
            self._check_turn(turn_line, ts, turn, phase, hands, melds, melded)

        # ---- what the phase needs
        actor_hand = hands[actor] or []
        if phase == Phase.EXPOSE:
            if not r.red3_first_turn:
                msg = "this ruleset lays red threes down during the deal: there is no expose turn"
                raise err(move_line.at, msg)
            if not any(C.is_red_three(c) for c in actor_hand):
                raise err(move_line.at, f"{self.who(actor)} has no red three to lay down")
        elif (
            r.red3_first_turn
            and phase != Phase.OVER
            and any(C.is_red_three(c) for c in hands[turn] or [])
        ):
            msg = (
                f"{self.who(turn)} holds a red three, which is laid down first thing in the "
                f"turn: write 'to move: {self.seats[turn]} expose'"
            )
            raise err(move_line.at, msg)
        if phase == Phase.FOOT and not feet[turn]:
            msg = f"{self.who(turn)} has no foot face down to take up ('foot {self.seats[turn]}:')"
            raise err(move_line.at, msg)
        if phase == Phase.OVER:
            self._check_over(move_line, went_out, concealed, hands, hand_at, melds, melded)
            if went_out >= 0 and r.foot_needed and feet[went_out]:
                msg = (
                    f"{self.who(went_out)} cannot have gone out with the foot still face down: "
                    "a player must take up the foot to go out (foot.needed_to_go_out)"
                )
                raise err(move_line.at, msg)
        else:
            for p in range(r.players):
                h = hand_at[p]
                if phase == Phase.FOOT and p == turn and feet[p]:
                    if hands[p] and h is not None:
                        msg = f"{self.who(p)} is to take up the foot, so the hand is used up"
                        raise err(h.at, msg)
                    continue  # the hand is used up and the foot waits (foot.kind = "foot")
                if not hands[p] and h is not None:
                    msg = (
                        f"{self.who(p)} holds no cards, but the hand is not over: a player who "
                        f"runs out of cards has gone out ('out {self.seats[p]}')"
                    )
                    raise err(h.at, msg)
        if stock_count == 0 and r.stock_out_last_turn and phase == Phase.DRAW:
            assert stock_line is not None
            msg = (
                "the stock is empty: under this ruleset the hand ended when the last card's "
                f"drawer finished the turn (write 'to move: {self.seats[turn]} over')"
            )
            raise err(stock_line.at, msg)

        # ---- build, and check with the engine's own invariants
        pos = Position(
            rules=r,
            hands=[h or [] for h in hands],
            melds=melds,
            red_threes=reds,
            pile=pile,
            scores=scores,
            dealer=dealer,
            turn=turn,
            phase=phase,
            frozen=frozen.flag if frozen is not None else None,
            melded=melded,
            asked=asked,
            pile_takers=pile_takers,
            went_out=went_out,
            concealed=concealed,
            turn_state=ts,
            answerer=answerer,
            stock_count=stock_count,
            pile_unseen=unseen,
            previous=previous,
            hand_no=hand_no,
            alone=alone,
            feet=[f or [] for f in feet] if r.foot and all(f is not None for f in feet) else None,
        )
        try:
            state = pos.to_state()
        except DealError as e:
            # The engine names seats by number: name them as the table does, at that seat's hand.
            at, text = self.hands_lines[0].at, str(e)
            for p in range(r.players):
                if f"seat {p} " in text:
                    text = text.replace(f"seat {p} ", f"{self.who(p)} ")
                    h = hand_at[p]
                    at = h.at if h is not None else at
            raise err(at, text) from None
        if state.phase in (Phase.PLAY, Phase.ANSWER, Phase.FOOT) and not state.stock:
            state.last_drawer = state.turn
        for pen in penalties:
            p = self.seat(pen.seat, pen.at)
            if pen.kind in ("extra_card", "forgot_draw", "exposed_stock", "exposed"):
                try:
                    set_pending(state, p, pen.kind, pen.card)
                except IllegalMoveError as e:
                    raise err(pen.at, str(e.refusal)) from None
                continue
            if pen.kind != "wild_returned" or r.wild_returned_penalty <= 0:
                raise err(pen.at, f"this ruleset has no penalty {quoted(pen.kind)}")
            state.penalties[r.side_of[p]] += r.wild_returned_penalty
        self._engine_checks(state, pos.meld_keys, meld_at, hand_at)
        rp = ReadPosition(
            self.loaded,
            r,
            state,
            [(t.name, t.value) for t in doc.tags()],
            pos,
            state,
            unseen=unseen,
            taken=ts.taken if ts else (),
            names=self.names,
            unseen_feet=frozenset(unseen_feet),
        )
        if turns:
            self._play(rp, turns)
        return rp

    def _fill_unseen_feet(
        self, unseen: dict[int, A.FootLine], feet: list[list[int] | None], counts: list[int]
    ) -> None:
        """Give each foot written as a count (``foot N: 13 unseen``) cards from those written
        nowhere else. Which cards they are is not known, and no ruling here depends on it: the
        stock is in an unknown order too, and taking such a foot up is refused
        (``ReadPosition.unknown``). Cards that need no replacement are given first."""
        r = self.rules
        for p, line in sorted(unseen.items()):
            free = [
                c
                for c in sorted(range(C.NUM_CARD_IDS), key=lambda c: (r.bonus[c], c))
                for _ in range(r.deck_counts[c] - counts[c])
            ]
            if len(free) < line.unseen:
                msg = (
                    f"only {len(free)} cards are written nowhere, so {line.seat}'s foot cannot "
                    f"hold {line.unseen}"
                )
                raise self.err(line.at, msg)
            cards = free[: line.unseen]
            for c in cards:
                counts[c] += 1
            feet[p] = cards

    def _check_unseen(
        self,
        pile_line: A.UpcardLine,
        counts: list[int],
        room: int,
        pile: list[int],
        frozen: A.Assertion | None,
    ) -> None:
        """The unseen cards of the pile must be cards a pile can hold: no red three (laid down
        when drawn) and, in a pile that is not frozen, no card that freezes it."""
        r = self.rules
        left = [r.deck_counts[c] - counts[c] for c in range(C.NUM_CARD_IDS)]
        reds = sum(n for c, n in enumerate(left) if C.is_red_three(c))
        if reds > room:
            msg = (
                f"{reds} red threes are not written anywhere and a stock of {room} cannot hold "
                "them; one in the pile would have been laid down: write it on its side's 'red' line"
            )
            raise self.err(pile_line.at, msg)
        freezing = sum(
            n
            for c, n in enumerate(left)
            if C.is_wild(c) or (r.black3_freezes and C.is_black_three(c))
        )
        is_frozen = (
            frozen.flag
            if frozen is not None
            else any(
                C.is_wild(c) or C.is_red_three(c) or (r.black3_freezes and C.is_black_three(c))
                for c in pile
            )
        )
        if not is_frozen and freezing > room - reds:
            wild = sum(n for c, n in enumerate(left) if C.is_wild(c))
            black = freezing - wild  # black threes, where they freeze the pile (bicycle)
            what = " and ".join(
                plural(n, word) for n, word in ((wild, "wild card"), (black, "black three")) if n
            )
            verb = "is" if freezing == 1 else "are"
            msg = (
                f"{what} {verb} not written anywhere and the stock has room for "
                f"{max(0, room - reds)}; one in the pile would freeze it: place them, or write "
                "'frozen yes'"
            )
            raise self.err(pile_line.at, msg)

    def err(self, at: A.Where, msg: str, column: int = 0) -> NotationError:
        return _err(self.doc, at, msg, column)

    def _said(self, it: A.PosToMove | A.PosOut) -> str:
        if isinstance(it, A.PosOut):
            return f"'out {it.seat}'"
        return f"'to move: {it.seat} {it.phase}'"

    def _arg_col(
        self, line: A.PosTurn, col: int, word: str, args: tuple[str, ...], index: int
    ) -> int:
        """The column of argument ``index`` of the entry at ``col``, found in the line's text."""
        src = self.doc.source[line.at.line - 1] if 0 < line.at.line <= len(self.doc.source) else ""
        pos = col - 1 + len(word)
        for i, a in enumerate(args):
            found = src.find(a, pos)
            if found < 0:
                return col
            if i == index:
                return found + 1
            pos = found + len(a)
        return col

    def _check_meld_cards(
        self,
        it: A.PosMelds,
        g: tuple[int, ...],
        cols: tuple[int, ...],
        side: int,
        melds: list[list[tuple[int, ...]]],
        meld_at: dict[tuple[int, int], tuple[A.PosMelds, int]],
        index: int,
    ) -> None:
        r = self.rules
        col = cols[0] if cols else 0
        # The engine's own reading of the cards: which meld they form, if any. Its limits for a
        # new meld are not applied here (a meld on the table may have grown past them); the
        # engine's invariants judge the meld as it lies, below.
        ref, key, _, _ = check_new_meld(self.rules, g)
        if not key or (ref is not None and ref.code == "meld.black_threes.never"):
            assert ref is not None
            spot = col
            for i, c in enumerate(g):
                if KEY_OF[c] == RED3_KEY and ref.code == "meld.red_three":
                    spot = cols[i] if i < len(cols) else col
                    break
            raise self.err(it.at, f"{C.names(g)}: {ref}", spot)
        for j, other_cards in enumerate(melds[side]):
            if key == NEW_RUN or meld_key(r, other_cards) != key:
                continue
            if r.canasta_closed and (self._closed(g) or self._closed(other_cards)):
                continue  # a closed canasta lies aside; a new meld of its rank may be begun
            other, _ = meld_at[(side, j)]
            word = C.rank_word(key, True) if key != 3 else "black threes"
            msg = (
                f"{self.sides[side]} has two melds of {word} (the other on line {other.at.line}): "
                "a side has one meld of each rank"
            )
            raise self.err(it.at, msg, col)
        meld_at[(side, index)] = (it, col)

    def _closed(self, g: tuple[int, ...]) -> bool:
        """Whether a group is a complete canasta (closed, where the variant closes them)."""
        return self.rules.is_canasta(sum(1 for c in g if not C.is_wild(c)), len(g))

    def _hand_tag(self) -> int:
        """The hand of the game the position is in (tag ``Hand``, default 1): the initial-meld
        minimum of a game played in rounds depends on it (``initial_meld.basis = "round"``)."""
        tag = self.doc.tag("Hand")
        if tag is None:
            return 1
        text = tag.value.strip()
        if not text.isdigit() or int(text) < 1:
            raise self.err(
                tag.at, f"Hand is the hand's number in the game: 1, 2, ..., not {text!r}"
            )
        number = int(text)
        rounds = self.rules.rounds
        if rounds and number > rounds:
            msg = f"this game has {rounds} hands (game.rounds), so there is no hand {number}"
            raise self.err(tag.at, msg)
        return number

    def _side_tag(self, name: str, example: str) -> list[int] | None:
        """The per-side values of tag ``name`` ('NS 1600, EW 0'), None if the tag is absent."""
        tag = self.doc.tag(name)
        if tag is None:
            return None
        try:
            pairs = parse_side_values(tag.value)
        except ValueError:
            raise self.err(tag.at, f"{name} should read like '{example}'") from None
        out = [0] * self.rules.sides
        for side_name, value in pairs:
            out[self.side(side_name, tag.at)] = value
        return out

    def _check_turn(
        self,
        line: A.PosTurn,
        ts: TurnState,
        turn: int,
        phase: Phase,
        hands: list[list[int] | None],
        melds: list[list[tuple[int, ...]]],
        melded: list[bool] | None,
    ) -> None:
        r = self.rules
        side = self.side_of[turn]
        cols = {word: col for word, _, col in line.entries}
        words = [w for w, _, _ in line.entries]
        if "drew" in words and "took" in words:
            raise self.err(
                line.at, "'took' already says the turn began with the pile", cols["took"]
            )
        if ts.taken:
            have = list(hands[turn] or []) + [c for g in melds[side] for c in g]
            for c in ts.taken:
                if c in have:
                    have.remove(c)
                else:
                    msg = (
                        f"{C.name(c)} came with the pile, so it is in {self.who(turn)}'s hand "
                        f"or {self.sides[side]}'s melds, but it is in neither"
                    )
                    raise self.err(line.at, msg, cols["took"])
        kinds = {meld_key(r, g) for g in melds[side]}
        spans = [run_span(g) for g in melds[side] if meld_key(r, g) == NEW_RUN]
        for k in ts.new_melds:
            if k >= RUN_REF0:
                suit, rank = run_ref_parts(k)
                if not any(sp and sp[0] == suit and sp[1] <= rank <= sp[2] for sp in spans):
                    word = C.RANK_CHARS[rank] + C.SUITS[suit]
                    msg = f"{self.sides[side]} has no run holding {word} to have begun this turn"
                    raise self.err(line.at, msg, cols["new"])
            elif k not in kinds:
                word = C.RANK_CHARS.get(k, str(k))
                msg = f"{self.sides[side]} has no meld of rank {word} begun this turn"
                raise self.err(line.at, msg, cols["new"])
        if ts.opening is not None:
            self._check_opening(line, ts, side, melds[side], cols["opening"])
        if ts.drew == UNDRAWN:
            if not r.ask_before_draw:
                msg = "this ruleset asks partner only after the draw (going_out.permission.when)"
                raise self.err(line.at, msg, cols["drew"])
            if ts.new_melds or ts.added_old or ts.first_melds or ts.meld_action or ts.taken:
                msg = "nothing is melded before the draw"
                raise self.err(line.at, msg, cols["drew"])
        if (ts.new_melds or ts.added_old or ts.first_melds) and not melds[side]:
            raise self.err(line.at, f"{self.sides[side]} has no melds", cols.get("new", 0))
        if ts.first_melds and melded is not None and not melded[turn]:
            msg = f"'first' says {self.who(turn)} has melded: list the seat on the 'melded:' line"
            raise self.err(line.at, msg, cols["first"])
        if "asked" in words:
            if not r.permission:
                msg = "this ruleset has no asking permission to go out (going_out.permission)"
                raise self.err(line.at, msg, cols["asked"])
            if phase == Phase.ANSWER:
                msg = "partner has not answered yet ('to move: ... answer')"
                raise self.err(line.at, msg, cols["asked"])

    def _check_opening(
        self, line: A.PosTurn, ts: TurnState, side: int, melds: list[tuple[int, ...]], col: int
    ) -> None:
        """``opening N``: the side began opening this turn, so every meld it has was begun this
        turn, and N is the count of their cards."""
        r = self.rules
        if not melds or ts.added_old:
            why = "'added' says it had" if melds else f"{self.sides[side]} has none"
            msg = (
                f"'opening' says {self.sides[side]} began opening this turn, so it had no melds "
                f"before it: {why}"
            )
            raise self.err(line.at, msg, col)
        if len(ts.new_melds) < len(melds):
            msg = (
                f"'opening' says {self.sides[side]} began opening this turn, so each of its "
                f"{len(melds)} melds was begun this turn: list them after 'new'"
            )
            raise self.err(line.at, msg, col)
        want = opening_value(r, melds)
        if ts.opening != want:
            msg = f"the cards {self.sides[side]} has melded count {want}, not {ts.opening}"
            raise self.err(line.at, msg, col)

    def _check_over(
        self,
        line: A.PosToMove | A.PosOut,
        went_out: int,
        concealed: bool,
        hands: list[list[int] | None],
        hand_at: list[A.PosHand | None],
        melds: list[list[tuple[int, ...]]],
        melded: list[bool] | None,
    ) -> None:
        r = self.rules
        if went_out < 0:
            return
        h = hand_at[went_out]
        if hands[went_out] and h is not None:
            msg = (
                f"{self.who(went_out)} went out, so holds no cards: 'hand {self.seats[went_out]}:'"
            )
            raise self.err(h.at, msg)
        side = self.side_of[went_out]
        canastas = sum(
            1 for g in melds[side] if r.is_canasta(sum(1 for c in g if not C.is_wild(c)), len(g))
        )
        if canastas < r.canastas_to_go_out:
            need = r.canastas_to_go_out
            msg = (
                f"{self.who(went_out)} cannot have gone out: {self.sides[side]} has {canastas} "
                f"canasta{'s' if canastas != 1 else ''} and going out needs {need} "
                "(going_out.canastas)"
            )
            raise self.err(line.at, msg)
        if concealed:
            partners = [p for p in r.partners(went_out) if melded is not None and melded[p]]
            # Where the whole side goes out concealed, no partner can have melded; where one
            # player does (going_out.concealed = player_first_meld), partner's melds are allowed.
            if partners and not r.concealed_player:
                msg = (
                    f"{self.who(went_out)} cannot have gone out concealed: "
                    f"{self.who(partners[0])} had melded (going_out.concealed)"
                )
                raise self.err(line.at, msg)

    def _engine_checks(
        self,
        s: State,
        keys: list[list[int]],
        meld_at: dict[tuple[int, int], tuple[A.PosMelds, int]],
        hand_at: list[A.PosHand | None],
    ) -> None:
        """The engine's invariants, each problem at the line it concerns."""
        for (side, index), (it, col) in meld_at.items():
            key = keys[side][index]
            if key not in s.melds[side]:
                # Joined into a partner's side when the sides regrouped (a cutthroat player
                # went out, seating.forming): the joined melds are checked below.
                continue
            one = s.copy()
            one.melds = [{} for _ in s.melds]
            one.melds[side] = {key: s.melds[side][key]}
            problems = meld_problems(one)
            if problems:
                _, _, why = problems[0].partition(": ")
                raise self.err(it.at, f"{self.sides[side]}'s meld: {why} in this ruleset", col)
        if s.sides_formed:
            for problem in meld_problems(s):
                side = int(problem.split()[1]) if problem.startswith("side ") else 0
                # meld_at is by side as seated; the problem names a side as it plays now
                seated = self.rules.members
                where = [v for (sd, _), v in meld_at.items() if s.side_of[seated[sd][0]] == side]
                it, col = where[0] if where else next(iter(meld_at.values()))
                _, _, why = problem.partition(": ")
                raise self.err(it.at, f"{self.sides[side]}'s melds joined: {why}", col)
        for problem in card_problems(s):
            at = self.hands_lines[0].at
            for p in range(self.rules.players):
                if f"seat {p} " in problem:
                    problem = problem.replace(f"seat {p} ", f"{self.who(p)} ")
                    h = hand_at[p]
                    at = h.at if h is not None else at
            raise self.err(at, problem)

    # -------------------------------------------------------------------- turns that follow
    def _play(self, rp: ReadPosition, turns: list[A.Turn]) -> None:
        s = rp.state.copy()
        unseen = rp.unseen
        blind = False  # a foot written as a count was taken up: nothing after it can be judged
        count = 0
        prev: A.Turn | None = None
        for t in turns:
            p = self.seat(t.seat, t.at)
            continuing = (
                prev is not None
                and p == s.turn
                and self.seat(prev.seat, prev.at) == p
                and _continues(s, prev)
            )
            if s.over:
                raise self.err(t.at, f"the hand is over ({s.end_reason.replace('_', ' ')})")
            if not continuing:
                last = -1 if prev is None else self.seat(prev.seat, prev.at)
                if prev is not None and last == s.turn and s.phase == Phase.PLAY:
                    msg = f"{self.who(s.turn)}'s turn is not over: a turn ends with a discard"
                    raise self.err(prev.at, msg)
                count += 1
                if p != s.actor and not _asker_line(s, t, p):
                    wrong = Refusal(
                        "turn.out_of_turn", "", f"it is {self.who(s.actor)}'s turn, not {t.seat}'s"
                    )
                    raise IllegalMoveError(wrong, self._where(t.at, count, t.seat))
            prev = t
            for act, moves in answering(s, t):
                for m in moves:
                    unseen = rp.prepare(s, m, unseen)
                    ref = unseen_foot() if blind else refusal(s, m)
                    if ref is not None:
                        ref = worded(s, m, ref)
                        raise IllegalMoveError(ref, self._where(act.at, count, t.seat), act.text)
                    blind = blind or rp.takes_unseen_foot(s, m)
                    actor = s.actor
                    rp.moves.append((actor, apply_unchecked(s, m)))
            settle(s)  # face-up cards melded or discarded (engine/penalties.py)
        rp.state = s
        rp.unseen = unseen

    def _where(self, at: A.Where, turn: int, seat: str) -> str:
        file = shorten_path(self.doc.file)  # as NotationError shows it
        return f"{file}:{at.line}:{at.column}: turn {turn} from the position, {seat}"


def _asker_line(s: State, t: A.Turn, p: int) -> bool:
    """Whether line ``t`` by seat ``p`` is the asker's, written while partner answers: a
    position in the ANSWER phase is followed by the asker's ``ask yes`` (or ``ask no``)."""
    return (
        s.phase == Phase.ANSWER
        and p == s.turn
        and bool(t.actions)
        and isinstance(t.actions[0], A.AskAct)
    )


def answering(s: State, t: A.Turn) -> list[tuple[A.Action, tuple[Move, ...]]]:
    """The moves of turn line ``t``, action by action. In a position where partner is answering,
    the line's first action ``ask yes`` stands for the answer alone (the question was asked)."""
    out = [(act, act.moves) for act in t.actions]
    if out and s.phase == Phase.ANSWER and isinstance(t.actions[0], A.AskAct):
        act, moves = out[0]
        out[0] = (act, tuple(m for m in moves if not isinstance(m, Ask)))
    return out


def _continues(s: State, prev: A.Turn) -> bool:
    """Whether a line by the same seat continues the turn of ``prev``: the turn is still in play,
    or ``prev`` only laid red threes down (its draw follows on the next line)."""
    if s.phase in (Phase.PLAY, Phase.ANSWER, Phase.FOOT):
        return True
    return s.phase == Phase.DRAW and all(isinstance(a, A.ExposeAct) for a in prev.actions)


def read_position(
    doc: A.Document, variant: str | None = None, sets: tuple[str, ...] = ()
) -> ReadPosition:
    """The state a position document describes, checked against its ruleset (``variant`` and
    ``sets`` replace or extend the document's own), with any turn lines that follow played."""
    return _Reader(doc, variant, sets).read()
