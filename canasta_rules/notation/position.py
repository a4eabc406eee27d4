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

from .. import cards as C
from ..engine.penalties import set_pending
from ..engine.position import UNDRAWN, Position, TurnState, askers_of
from ..engine.state import DealError, Permission, Phase, regrouped
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


class _Reader(_Checks, _Turns):
    """One position document read against one ruleset."""

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
            frozen=frozen.flag if frozen is not None and not frozen.against else None,
            frozen_against=self._frozen_against(frozen),
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
