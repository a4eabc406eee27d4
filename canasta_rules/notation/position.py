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
result), :mod:`.position_lines` (the lines collected by kind, each checked on its own),
:mod:`.position_checks` (the checks against the ruleset beyond one line) and
:mod:`.position_turns` (the turn lines played from the position). This module reads the lines
step by step (:meth:`_Reader.read`) and builds the engine's position from them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .. import cards as C
from ..engine.penalties import set_pending
from ..engine.position import PILE, UNDRAWN, Position, TurnState, askers_of
from ..engine.state import DealError, Permission, Phase, State, regrouped
from ..errors import IllegalMoveError, quoted
from . import ast as A
from .position_lines import _Collect, _Lines
from .position_table import ReadPosition
from .position_turns import _Turns, answering, unseen_foot
from .reading import parse_side_values
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


class _Reader(_Collect, _Turns):
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
        self._check_out_layout(state, d.move_line, d.went_out)
        self._check_question(state, d.move_line, d.turn in lines.unseen_hands)
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
            unseen_hands={p: it.cards for p, it in lines.unseen_hands.items()},
            file=self.doc.file,
            hand_at={p: it.at for p, it in lines.unseen_hands.items()},
        )
        if lines.turns:
            self._play(rp, lines.turns)
        return rp

    # -------------------------------------------------------------------- what the lines make
    def _pile_and_stock(self, lines: _Lines, d: _Derived) -> None:
        """The pile, its unseen cards and the stock, against the cards written nowhere else."""
        r, err = self.rules, self.err
        pile_line, stock_line = lines.pile_line, lines.stock_line
        d.pile = pile = list(pile_line.cards) if pile_line is not None else []
        d.unseen = unseen = pile_line.unseen if pile_line is not None else 0
        self._fill_unseen_feet(lines.unseen_feet, lines.feet, lines.counts)
        self._fill_unseen_hands(lines.unseen_hands, lines.hands, lines.counts)
        placed = sum(lines.counts)
        rest = len(r.deck) - placed
        # With hands (or feet) written as counts, their cards are not written either: say what
        # is left for the stock and the pile once they are counted.
        nowhere = (
            f"{rest} cards are left for the stock and the pile once the unseen cards of the "
            "hands are counted"
            if lines.unseen_hands
            else f"{rest} cards are not written anywhere"
        )
        if stock_line is not None:
            d.stock_count = stock_count = stock_line.number
            if stock_count + unseen > rest:
                msg = f"{nowhere}, so the stock cannot hold {stock_count}" + (
                    f" with {unseen} unseen in the pile" if unseen else ""
                )
                raise err(stock_line.at, msg)
            if stock_count + unseen < rest:
                more = rest - stock_count
                msg = (
                    f"{nowhere}: with a stock of {stock_count}, the other {more} lie unseen in "
                    f"the pile (write 'pile: {more} unseen, ...')"
                )
                raise err(stock_line.at, msg)
        elif unseen > rest:
            assert pile_line is not None
            msg = (
                f"only {rest} cards are left once the unseen cards of the hands are counted; "
                f"the pile cannot hide {unseen}"
                if lines.unseen_hands
                else f"only {rest} cards are not written anywhere; the pile cannot hide {unseen}"
            )
            raise err(pile_line.at, msg)
        if unseen:
            assert pile_line is not None
            self._check_unseen(pile_line, lines.counts, rest - unseen, pile, lines.frozen)
        self._check_frozen_no(lines.frozen, pile)

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
                    f"{self.side_name(side)} now plays in a partnership ('alone: "
                    f"{self.seats[alone]}'): list these melds under 'melds {keep}:'"
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
                raise err(melded_line.at, f"{self.who(p)} is listed twice", col)
            if not melds[self.side_of[p]]:
                theirs = self.side_name(self.side_of[p])
                msg = f"{self.who(p)} cannot have melded: {theirs} has no melds"
                raise err(melded_line.at, msg, col)
            melded[p] = True
        for side in range(r.sides):
            if melds[side] and not any(melded[p] for p in members[side]):
                who = " or ".join(self.who(p) for p in members[side])
                msg = f"{self.side_name(side)} has melds, so {who} has melded: list them"
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
        red = next((c for c in d.pile if C.is_red_three(c)), None)
        if d.pile_takers and red is not None:
            # A red three lies in the pile only as a card turned up to start it: any pickup
            # would have taken it.
            msg = (
                f"the pile still holds the {C.name(red)} turned up to start it, so nobody has "
                "taken it this hand"
            )
            raise self.err(taken_line.at, msg, taken_line.cols[0] if taken_line.cols else 0)

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
        if phase == Phase.OVER and went_out < 0 and lines.stock_line is not None:
            self._check_stock_out(lines.stock_line)
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
        if (
            d.stock_count == 0
            and r.stock_out_last_turn
            and phase in (Phase.PLAY, Phase.ANSWER)
            and d.ts is not None
            and d.ts.drew == PILE
        ):
            assert lines.stock_line is not None
            msg = (
                "the stock is empty, but this turn began by taking the pile: under this ruleset "
                "the hand ended when the last card's drawer finished the turn, so only that "
                "drawer plays on (write 'turn: drew stock', or the hand as over)"
            )
            raise err(lines.stock_line.at, msg)

    def _check_stock_out(self, stock_line: A.Assertion) -> None:
        """A hand over with nobody out ended with the stock: a written stock is empty, or
        (``draw.short_stock = "end_hand"``) too short for a full draw (000, 001, 002, 004 end a
        hand with nobody out only when the stock is gone). With no 'stock' line the position
        says nothing of the stock, and the cards written nowhere are taken as out of play."""
        r = self.rules
        left = stock_line.number
        if left == 0 or (r.short_stock_ends and left < r.draw_count):
            return
        more = f"'stock {r.draw_count - 1}' or less" if r.short_stock_ends else "'stock 0'"
        msg = (
            f"the hand cannot be over with nobody out while the stock holds {left} cards: a hand "
            f"ends so only when the stock runs out (write {more}), or when a player goes out "
            "('out SEAT')"
        )
        raise self.err(stock_line.at, msg)

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
                    f"runs out of cards has gone out ('out {self.seats[p]}'); cards nobody has "
                    f"seen are written as a count ('hand {self.seats[p]}: "
                    f"{self.rules.hand_size} unseen')"
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
            frozen_against=(against := self._frozen_against(frozen)),
            # 'frozen against' read under a ruleset where a discard freezes the pile against
            # every side (a comparison of rulesets) says what 'frozen yes' says there.
            frozen=None if frozen is None or against is not None else frozen.flag,
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
                if re.search(rf"\bseat {p}\b", text):
                    text = re.sub(rf"\bseat {p}\b", self.who(p).replace("\\", r"\\"), text)
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
            if self.retold:
                return None
            msg = (
                "'frozen against' names the sides a discard froze the pile against, and here a "
                "freezing card freezes it against every side (pile.discard_freezes_against): "
                "write 'frozen yes' or 'frozen no'"
            )
            raise self.err(frozen.at, msg)
        return tuple(self.side(name, frozen.at) for name in frozen.against)

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
