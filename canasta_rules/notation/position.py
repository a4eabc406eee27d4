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

The parts live beside this module: :mod:`.position_table` (the ruleset and seats, and the
result), :mod:`.position_checks` (the checks against the ruleset beyond one line) and
:mod:`.position_turns` (the turn lines played from the position). This module reads the lines
and builds the engine's position from them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import cards as C
from ..engine.penalties import set_pending
from ..engine.position import UNDRAWN, Position, TurnState, askers_of
from ..engine.rules import Rules
from ..engine.state import DealError, Permission, Phase, State, regrouped
from ..errors import IllegalMoveError, quoted
from . import ast as A
from .parser import parse_side_values
from .position_checks import _Checks
from .position_table import ReadPosition
from .position_turns import _Turns, answering, unseen_foot
from .turnwords import TurnWordError, apply_entry

__all__ = ["ReadPosition", "answering", "read_position", "unseen_foot"]

_PHASES = {
    "draw": Phase.DRAW,
    "play": Phase.PLAY,
    "answer": Phase.ANSWER,
    "expose": Phase.EXPOSE,
    "over": Phase.OVER,
    "foot": Phase.FOOT,
}


@dataclass
class _Lines:
    """A position's lines, collected by kind as they are read (each kind at most once, but the
    penalties and the turn lines that follow), with the cards they write."""

    hands: list[list[int] | None]
    hand_at: list[A.PosHand | None]
    melds: list[list[tuple[int, ...]]]
    reds: list[list[int]]
    feet: list[list[int] | None]
    meld_at: dict[tuple[int, int], tuple[A.PosMelds, int]] = field(default_factory=dict)
    """(side, index of the meld in the side's list) -> its line and column."""
    unseen_feet: dict[int, A.FootLine] = field(default_factory=dict)
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
    penalties: list[A.PenaltyLine] = field(default_factory=list)
    turns: list[A.Turn] = field(default_factory=list)
    counts: list[int] = field(default_factory=lambda: [0] * C.NUM_CARD_IDS)
    """Card counts, to point at the card that goes past the pack."""

    @classmethod
    def at_table(cls, r: Rules) -> _Lines:
        """No lines yet, at the table of ruleset ``r``."""
        return cls(
            hands=[None] * r.players,
            hand_at=[None] * r.players,
            melds=[[] for _ in range(r.sides)],
            reds=[[] for _ in range(r.sides)],
            feet=[None] * r.players,
        )


@dataclass
class _Derived:
    """What the lines make of the moment, filled step by step once they are all collected."""

    move_line: A.PosToMove | A.PosOut
    """Who is to move (or who went out): a position always says."""
    pile: list[int] = field(default_factory=list)
    unseen: int = 0
    """Unseen cards at the bottom of the pile."""
    stock_count: int | None = None
    scores: list[int] = field(default_factory=list)
    previous: list[int] | None = None
    hand_no: int = 1
    dealer: int = -1
    phase: Phase = Phase.OVER
    turn: int = -1
    actor: int = -1
    """Who acts: the player to move, or partner answering the question."""
    went_out: int = -1
    concealed: bool = False
    answerer: int = -1
    alone: int = -1
    melded: list[bool] | None = None
    asked: list[bool] | None = None
    pile_takers: int = 0
    ts: TurnState | None = None


class _Reader(_Checks, _Turns):
    """One position document read against one ruleset."""

    # -------------------------------------------------------------------- reading
    def read(self) -> ReadPosition:
        lines = self._collect()
        d = _Derived(self._check_complete(lines))
        self._pile_and_stock(lines, d)
        self._tags(d)
        self._who_moves(d)
        self._alone(lines, d)
        self._who_melded(lines, d)
        self._who_asked(lines, d)
        self._who_took(lines, d)
        self._turn_in_progress(lines, d)
        self._check_phase(lines, d)

        # ---- build, and check with the engine's own invariants
        pos = self._position(lines, d)
        state = self._state(lines, pos)
        self._penalties(lines, state)
        self._engine_checks(state, pos.meld_keys, lines.meld_at, lines.hand_at)
        rp = ReadPosition(
            self.loaded,
            self.rules,
            state,
            [(t.name, t.value) for t in self.doc.tags()],
            pos,
            state,
            unseen=d.unseen,
            taken=d.ts.taken if d.ts else (),
            names=self.names,
            unseen_feet=frozenset(lines.unseen_feet),
        )
        if lines.turns:
            self._play(rp, lines.turns)
        return rp

    # -------------------------------------------------------------------- the lines, by kind
    def _collect(self) -> _Lines:
        """Every line of the document, each checked on its own and kept by kind."""
        r = self.rules
        err = self.err
        lines = _Lines.at_table(r)
        for ln in self.doc.lines:
            it = ln.item
            if lines.turns and not isinstance(it, A.Turn | A.CommentOnly):
                raise err(it.at, "the position's lines come before the turn lines played from it")
            if isinstance(it, A.PosHand):
                self._read_hand(lines, it)
            elif isinstance(it, A.PosMelds):
                self._read_melds(lines, it)
            elif isinstance(it, A.FootLine):
                self._read_foot(lines, it)
            elif isinstance(it, A.PosRed):
                self._read_reds(lines, it)
            elif isinstance(it, A.UpcardLine):
                if it.word != "pile":
                    raise err(it.at, "a position writes its discard pile as 'pile: CARDS'")
                if lines.pile_line is not None:
                    raise err(it.at, "the pile is listed twice")
                lines.pile_line = it
                self._count(lines, it.cards, it.cols, it.at)
            elif isinstance(it, A.PosToMove | A.PosOut):
                if lines.move_line is not None:
                    what = "who is to move" if isinstance(it, A.PosToMove) else "who went out"
                    said = self._said(lines.move_line)
                    raise err(it.at, f"the position already says {said}: {what}?")
                lines.move_line = it
            elif isinstance(it, A.PosMelded):
                if lines.melded_line is not None:
                    raise err(it.at, "'melded:' is listed twice")
                lines.melded_line = it
            elif isinstance(it, A.PosAsked | A.PosTaken):
                self._read_asked_or_taken(lines, it)
            elif isinstance(it, A.PosAlone):
                if lines.alone_line is not None:
                    raise err(it.at, "'alone:' is listed twice")
                lines.alone_line = it
            elif isinstance(it, A.PosTurn):
                if lines.turn_line is not None:
                    raise err(it.at, "'turn:' is listed twice")
                lines.turn_line = it
            elif isinstance(it, A.Assertion) and it.kind == "frozen":
                lines.frozen = it
            elif isinstance(it, A.Assertion) and it.kind == "stock":
                if lines.stock_line is not None:
                    raise err(it.at, "the stock is given twice")
                lines.stock_line = it
            elif isinstance(it, A.PenaltyLine):
                lines.penalties.append(it)
            elif isinstance(it, A.Turn):
                if lines.move_line is None:
                    msg = (
                        "turn lines follow a position: first say who is to move ('to move: N draw')"
                    )
                    raise err(it.at, msg)
                lines.turns.append(it)
            elif isinstance(it, A.Tag | A.CommentOnly):
                continue
            else:
                raise err(it.at, "this line belongs in a game record, not in a position")
        return lines

    def _count(
        self, lines: _Lines, cards: tuple[int, ...], cols: tuple[int, ...], at: A.Where
    ) -> None:
        """Count ``cards`` as written, at the card that goes past the pack."""
        r = self.rules
        counts = lines.counts
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
                raise self.err(at, msg, col)

    def _read_hand(self, lines: _Lines, it: A.PosHand) -> None:
        """``hand N: CARDS``."""
        r = self.rules
        p = self.seat(it.seat, it.at)
        if lines.hands[p] is not None:
            raise self.err(it.at, f"{self.who(p)}'s hand is listed twice")
        lines.hands[p] = list(it.cards)
        lines.hand_at[p] = it
        self._count(lines, it.cards, it.cols, it.at)
        for i, c in enumerate(it.cards):
            if r.bonus[c] and not r.red3_first_turn:
                col = it.cols[i] if i < len(it.cols) else 0
                colour = "red" if C.is_red_three(c) else "black"
                msg = (
                    f"{self.who(p)} holds {C.name(c)}, but this ruleset lays a {colour} "
                    "three down as soon as it is dealt or drawn: list it on the side's "
                    "'red' line (red_threes.exposed, black_threes.bonus)"
                )
                raise self.err(it.at, msg, col)

    def _read_melds(self, lines: _Lines, it: A.PosMelds) -> None:
        """``melds SIDE: ...``, each meld checked against the ruleset."""
        side = self.side(it.side, it.at)
        melds = lines.melds
        for j, g in enumerate(it.melds):
            cols = it.cols[j] if j < len(it.cols) else ()
            self._check_meld_cards(it, g, cols, side, melds, lines.meld_at, len(melds[side]))
            self._count(lines, g, cols, it.at)
            melds[side].append(g)

    def _read_foot(self, lines: _Lines, it: A.FootLine) -> None:
        """``foot N: CARDS`` (or ``foot N: 13 unseen``)."""
        r = self.rules
        p = self.seat(it.seat, it.at)
        if not r.foot:
            raise self.err(it.at, "this ruleset deals no foot (foot.kind)")
        if lines.feet[p] is not None:
            raise self.err(it.at, f"{it.seat}'s foot is listed twice")
        if it.unseen:
            size = r.foot_size
            if it.unseen != size:
                msg = f"a foot face down holds {size} cards, not {it.unseen} (foot.size)"
                raise self.err(it.at, msg)
            lines.unseen_feet[p] = it
        self._count(lines, it.cards, it.cols, it.at)
        lines.feet[p] = list(it.cards)

    def _read_reds(self, lines: _Lines, it: A.PosRed) -> None:
        """``red SIDE: CARDS``: the red threes (and bonus black ones) a side laid down."""
        r = self.rules
        side = self.side(it.side, it.at)
        for i, c in enumerate(it.cards):
            if not r.bonus[c]:  # red threes, and black ones where black_threes.bonus
                col = it.cols[i] if i < len(it.cols) else 0
                raise self.err(it.at, f"{C.name(c)} is not a red three", col)
        self._count(lines, it.cards, it.cols, it.at)
        lines.reds[side].extend(it.cards)

    def _read_asked_or_taken(self, lines: _Lines, it: A.PosAsked | A.PosTaken) -> None:
        """``asked: SEATS`` or ``taken: SIDES``, each where the ruleset keeps track of it."""
        r = self.rules
        err = self.err
        if isinstance(it, A.PosAsked):
            if lines.asked_line is not None:
                raise err(it.at, "'asked:' is listed twice")
            if not r.ask_once:
                msg = (
                    "this ruleset does not limit asking to once a hand, so a position does "
                    "not list who asked (going_out.permission.once_per_hand)"
                )
                raise err(it.at, msg)
            lines.asked_line = it
        else:
            if lines.taken_line is not None:
                raise err(it.at, "'taken:' is listed twice")
            if not r.frozen_at_start:
                msg = (
                    "in this ruleset a pickup does not unfreeze the pile side by side, so a "
                    "position does not list who took it (pile.frozen_at_start)"
                )
                raise err(it.at, msg)
            lines.taken_line = it

    # -------------------------------------------------------------------- what the lines make
    def _check_complete(self, lines: _Lines) -> A.PosToMove | A.PosOut:
        """Every hand is given, and who is to move (or who went out): that line."""
        r = self.rules
        missing = [self.who(p) for p in range(r.players) if lines.hands[p] is None]
        if missing:
            last = self.hands_lines[-1]
            raise self.err(last.at, f"the position gives no hand for {', '.join(missing)}")
        if lines.move_line is None:
            msg = "say who is to move ('to move: N draw') or who went out ('out N')"
            raise self.err(self.hands_lines[-1].at, msg)
        return lines.move_line

    def _pile_and_stock(self, lines: _Lines, d: _Derived) -> None:
        """The pile, its unseen cards and the stock, against the cards written nowhere else."""
        r, err = self.rules, self.err
        pile_line, stock_line = lines.pile_line, lines.stock_line
        d.pile = pile = list(pile_line.cards) if pile_line is not None else []
        d.unseen = unseen = pile_line.unseen if pile_line is not None else 0
        self._fill_unseen_feet(lines.unseen_feet, lines.feet, lines.counts)
        placed = sum(lines.counts)
        rest = len(r.deck) - placed
        if stock_line is not None:
            d.stock_count = stock_count = stock_line.number
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
            self._check_unseen(pile_line, lines.counts, rest - unseen, pile, lines.frozen)

    def _tags(self, d: _Derived) -> None:
        """The tags that place the position in its game: scores, previous, hand, dealer."""
        r = self.rules
        d.scores = self._side_tag("Scores", "NS 1600, EW 0") or [0] * r.sides
        d.previous = self._side_tag("Previous", "NS 120, EW -50")
        d.hand_no = self._hand_tag()
        d.dealer = r.players - 1
        dtag = self.doc.tag("Dealer")
        if dtag is not None:
            d.dealer = self.seat(dtag.value, dtag.at)

    def _who_moves(self, d: _Derived) -> None:
        """Who moves, in which phase (or who went out); partner answering a question."""
        r = self.rules
        move_line = d.move_line
        if isinstance(move_line, A.PosToMove):
            d.turn = self.seat(move_line.seat, move_line.at)
            d.phase = _PHASES[move_line.phase]
        else:
            d.turn = d.went_out = self.seat(move_line.seat, move_line.at)
            d.concealed = move_line.concealed
        d.actor = actor = d.turn
        if d.phase == Phase.ANSWER:
            if not r.permission:
                msg = "this ruleset has no asking permission to go out (going_out.permission)"
                raise self.err(move_line.at, msg)
            askers = askers_of(r, actor)
            if len(askers) != 1:
                msg = f"{self.who(actor)} answers nobody's question at this table"
                raise self.err(move_line.at, msg)
            d.answerer, d.turn = actor, askers[0]

    def _alone(self, lines: _Lines, d: _Derived) -> None:
        """The sides regrouped this hand (seating.forming)."""
        r = self.rules
        alone_line, melds = lines.alone_line, lines.melds
        if alone_line is None:
            return
        d.alone = alone = self.seat(alone_line.seat, alone_line.at, alone_line.col)
        if not r.lone_pickup:
            msg = (
                "this ruleset's sides stay as seated: nobody plays alone "
                "(seating.forming is 'fixed')"
            )
            raise self.err(alone_line.at, msg, alone_line.col)
        self.side_of = regrouped(r, alone)
        for side in range(r.sides):
            if melds[side] and side not in self.side_of:
                line, col = lines.meld_at[(side, 0)]
                keep = next(self.sides[self.side_of[p]] for p in range(r.players) if p != alone)
                msg = (
                    f"{self.sides[side]} now plays in a partnership ('alone: "
                    f"{self.seats[alone]}'): list these melds under {keep}"
                )
                raise self.err(line.at, msg, col)

    def _who_melded(self, lines: _Lines, d: _Derived) -> None:
        """Who has melded: only players whose side has melds, at least one on each such side."""
        r, err = self.rules, self.err
        melded_line, melds = lines.melded_line, lines.melds
        if melded_line is None:
            return
        members = [[p for p in range(r.players) if self.side_of[p] == q] for q in range(r.sides)]
        d.melded = melded = [False] * r.players
        for name, col in zip(melded_line.seats, melded_line.cols, strict=False):
            p = self.seat(name, melded_line.at, col)
            if melded[p]:
                raise err(melded_line.at, f"{name} is listed twice", col)
            if not melds[self.side_of[p]]:
                msg = (
                    f"{self.who(p)} cannot have melded: {self.sides[self.side_of[p]]} has no melds"
                )
                raise err(melded_line.at, msg, col)
            melded[p] = True
        for side in range(r.sides):
            if melds[side] and not any(melded[p] for p in members[side]):
                who = " or ".join(self.who(p) for p in members[side])
                msg = f"{self.sides[side]} has melds, so {who} has melded: list them"
                raise err(melded_line.at, msg)

    def _who_asked(self, lines: _Lines, d: _Derived) -> None:
        """Who has asked to go out this hand (going_out.permission.once_per_hand)."""
        asked_line = lines.asked_line
        if asked_line is None:
            return
        d.asked = asked = [False] * self.rules.players
        for name, col in zip(asked_line.seats, asked_line.cols, strict=False):
            p = self.seat(name, asked_line.at, col)
            if asked[p]:
                raise self.err(asked_line.at, f"{name} is listed twice", col)
            asked[p] = True

    def _who_took(self, lines: _Lines, d: _Derived) -> None:
        """The sides that have taken the pile this hand (pile.frozen_at_start)."""
        taken_line = lines.taken_line
        if taken_line is None:
            return
        for name, col in zip(taken_line.sides, taken_line.cols, strict=False):
            side = self.side(name, taken_line.at, col)
            if d.pile_takers >> side & 1:
                raise self.err(taken_line.at, f"{name} is listed twice", col)
            d.pile_takers |= 1 << side

    def _turn_in_progress(self, lines: _Lines, d: _Derived) -> None:
        """The turn in progress ('turn:'), word by word, checked against the rest."""
        turn_line, phase = lines.turn_line, d.phase
        if turn_line is None:
            return
        if phase not in (Phase.PLAY, Phase.ANSWER, Phase.DRAW, Phase.FOOT):
            msg = "'turn:' describes a turn in progress: 'to move: SEAT play' (or answer)"
            raise self.err(turn_line.at, msg)
        ts = TurnState()
        for word, args, col in turn_line.entries:
            try:
                ts = apply_entry(ts, word, args)
            except TurnWordError as e:
                spot = col
                if e.index >= 0:
                    spot = self._arg_col(turn_line, col, word, args, e.index)
                raise self.err(turn_line.at, str(e), spot) from None
        if phase == Phase.DRAW and (ts.drew != UNDRAWN or ts.permission == Permission.NONE):
            msg = (
                "'turn:' before the draw says only that partner was asked and answered: "
                "'turn: drew nothing, asked yes' (or no)"
            )
            raise self.err(turn_line.at, msg)
        d.ts = ts
        self._check_turn(turn_line, ts, d.turn, phase, lines.hands, lines.melds, d.melded)

    def _check_phase(self, lines: _Lines, d: _Derived) -> None:
        """What the phase needs: a red three to expose, a foot to take up, a hand over (or
        not), a stock to draw from."""
        r, err = self.rules, self.err
        hands, feet = lines.hands, lines.feet
        move_line, phase, turn, actor, went_out = d.move_line, d.phase, d.turn, d.actor, d.went_out
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
            self._check_over(
                move_line, went_out, d.concealed, hands, lines.hand_at, lines.melds, d.melded
            )
            if went_out >= 0 and r.foot_needed and feet[went_out]:
                msg = (
                    f"{self.who(went_out)} cannot have gone out with the foot still face down: "
                    "a player must take up the foot to go out (foot.needed_to_go_out)"
                )
                raise err(move_line.at, msg)
        else:
            self._check_hands_in_play(lines, d)
        if d.stock_count == 0 and r.stock_out_last_turn and phase == Phase.DRAW:
            assert lines.stock_line is not None
            msg = (
                "the stock is empty: under this ruleset the hand ended when the last card's "
                f"drawer finished the turn (write 'to move: {self.seats[turn]} over')"
            )
            raise err(lines.stock_line.at, msg)

    def _check_hands_in_play(self, lines: _Lines, d: _Derived) -> None:
        """While the hand is not over, every player holds cards (or is to take up the foot)."""
        hands, feet, phase, turn = lines.hands, lines.feet, d.phase, d.turn
        for p in range(self.rules.players):
            h = lines.hand_at[p]
            if phase == Phase.FOOT and p == turn and feet[p]:
                if hands[p] and h is not None:
                    msg = f"{self.who(p)} is to take up the foot, so the hand is used up"
                    raise self.err(h.at, msg)
                continue  # the hand is used up and the foot waits (foot.kind = "foot")
            if not hands[p] and h is not None:
                msg = (
                    f"{self.who(p)} holds no cards, but the hand is not over: a player who "
                    f"runs out of cards has gone out ('out {self.seats[p]}')"
                )
                raise self.err(h.at, msg)

    # -------------------------------------------------------------------- the engine's position
    def _position(self, lines: _Lines, d: _Derived) -> Position:
        """The engine's position the lines describe."""
        r, feet, frozen = self.rules, lines.feet, lines.frozen
        return Position(
            rules=r,
            hands=[h or [] for h in lines.hands],
            melds=lines.melds,
            red_threes=lines.reds,
            pile=d.pile,
            scores=d.scores,
            dealer=d.dealer,
            turn=d.turn,
            phase=d.phase,
            frozen=frozen.flag if frozen is not None and not frozen.against else None,
            frozen_against=self._frozen_against(frozen),
            melded=d.melded,
            asked=d.asked,
            pile_takers=d.pile_takers,
            went_out=d.went_out,
            concealed=d.concealed,
            turn_state=d.ts,
            answerer=d.answerer,
            stock_count=d.stock_count,
            pile_unseen=d.unseen,
            previous=d.previous,
            hand_no=d.hand_no,
            alone=d.alone,
            feet=[f or [] for f in feet] if r.foot and all(f is not None for f in feet) else None,
        )

    def _state(self, lines: _Lines, pos: Position) -> State:
        """The engine's state of ``pos``, its deal problems worded as the table names seats."""
        r = self.rules
        try:
            state = pos.to_state()
        except DealError as e:
            # The engine names seats by number: name them as the table does, at that seat's hand.
            at, text = self.hands_lines[0].at, str(e)
            for p in range(r.players):
                if f"seat {p} " in text:
                    text = text.replace(f"seat {p} ", f"{self.who(p)} ")
                    h = lines.hand_at[p]
                    at = h.at if h is not None else at
            raise self.err(at, text) from None
        if state.phase in (Phase.PLAY, Phase.ANSWER, Phase.FOOT) and not state.stock:
            state.last_drawer = state.turn
        return state

    def _penalties(self, lines: _Lines, state: State) -> None:
        """The penalty lines, set on ``state``."""
        r = self.rules
        for pen in lines.penalties:
            p = self.seat(pen.seat, pen.at)
            if pen.kind in ("extra_card", "forgot_draw", "exposed_stock", "exposed"):
                try:
                    set_pending(state, p, pen.kind, pen.card)
                except IllegalMoveError as e:
                    raise self.err(pen.at, str(e.refusal)) from None
                continue
            if pen.kind != "wild_returned" or r.wild_returned_penalty <= 0:
                raise self.err(pen.at, f"this ruleset has no penalty {quoted(pen.kind)}")
            state.penalties[r.side_of[p]] += r.wild_returned_penalty

    def _frozen_against(self, frozen: A.Assertion | None) -> tuple[int, ...] | None:
        """The sides a ``frozen against SIDES`` line names (None for ``frozen yes|no``, or no
        line): only where a discard freezes the pile against the discarder's opponents."""
        if frozen is None or not frozen.against:
            return None
        if not self.rules.freeze_spares_discarder:
            msg = (
                "'frozen against' names the sides a discard froze the pile against, and here a "
                "freezing card freezes it against every side (pile.discard_freezes_against): "
                "write 'frozen yes' or 'frozen no'"
            )
            raise self.err(frozen.at, msg)
        return tuple(self.side(name, frozen.at) for name in frozen.against)

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


def read_position(
    doc: A.Document, variant: str | None = None, sets: tuple[str, ...] = ()
) -> ReadPosition:
    """The state a position document describes, checked against its ruleset (``variant`` and
    ``sets`` replace or extend the document's own), with any turn lines that follow played."""
    return _Reader(doc, variant, sets).read()
