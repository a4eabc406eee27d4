"""Replaying a record: every move checked against the record's ruleset, every hand scored.

The first problem stops the replay with an error that points at it: a syntax error (from the
parser), a record that does not hang together (a missing deal, a wrong dealer, a failed
assertion), or an illegal move, reported as
``FILE:LINE:COL: hand 2, turn 14, W: take 9h: <reason> (<rule code>)``.

With ``keep_going`` a problem inside a hand (a refused move, a line that cannot be followed, a
written score or total the replay does not give) is noted as a :class:`Slip` and the replay goes
on: with the next hand, dealt from its written deal or its seed, after a hand it could not
follow, and with the next line after a score. The error a replay raises for such a problem
carries the same :class:`Slip` as its ``context``, with the table as it stood, so that the command
can show it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from .. import cards as C
from ..engine import penalties
from ..engine.apply import apply_unchecked
from ..engine.dealing import deal, from_layout
from ..engine.game import after_hand, hand_seed, opening_dealer
from ..engine.invariants import card_problems
from ..engine.legality import refusal_on_line
from ..engine.moves import Move
from ..engine.rules import Rules, rules_for
from ..engine.scoring import SideScore, score_hand
from ..engine.state import ANSWER, DRAW, FOOT, OVER, PLAY, DealError, State
from ..errors import (
    CanastaError,
    IllegalMoveError,
    NotationError,
    Refusal,
    quoted,
    shorten,
    shorten_path,
)
from ..seats import seat_names, seat_word, side_names
from ..variant import LoadedVariant, load
from . import ast as A
from .parser import parse_side_values
from .wording import how_ended, worded


@dataclass
class ReplayedHand:
    number: int
    dealer: int
    scores_before: list[int]
    start: State
    moves: list[tuple[int, Move]] = field(default_factory=list)
    """(seat, move as it happened)."""
    end: State | None = None
    score: list[SideScore] | None = None
    turns: int = 0
    explicit_deal: bool = False
    seed: str | None = None
    followed: bool = True
    """False where a problem stopped the replay of this hand (``keep_going``)."""
    totals: list[int] | None = None
    """The game's totals after this hand, where they are known: the replay's own, or for a hand
    not followed the record's ``total`` (or its ``score`` added); None where the record writes
    neither."""


@dataclass
class Slip:
    """One problem a replay found, with what is needed to show it at the table.

    ``kind``: ``refused`` (a move the rules refuse: ``state`` is the table just before it and
    ``seat`` the player), ``score`` or ``total`` (a written score or total the replay does not
    give: ``written`` by side, ``score`` the hand's breakdown, ``before`` the totals before the
    hand), ``result`` (the Result tag), or ``record`` (a line the replay cannot follow)."""

    kind: str
    error: CanastaError
    hand: int = 0
    turn: int = 0
    seat: int = -1
    state: State | None = None
    written: dict[int, int] = field(default_factory=dict)
    got: list[int] = field(default_factory=list)
    score: list[SideScore] | None = None
    before: list[int] | None = None
    line: int = 0
    column: int = 0
    """Where a refused move is written (a NotationError carries its own place)."""
    sides: tuple[str, ...] = ()
    """The sides' names, as the record's table has them."""


@dataclass
class Replay:
    """The outcome of replaying a record."""

    document: A.Document
    loaded: LoadedVariant
    rules: Rules
    seats: tuple[str, ...]
    sides: tuple[str, ...]
    hands: list[ReplayedHand]
    totals: list[int]
    winner: int | None
    game_over: bool
    stopped: State | None = None
    """With ``at``: the state right after that turn."""
    stop_turn: int = 0
    """With ``at``: the turn the replay stopped after (less than asked when the hand ended
    first)."""
    slips: list[Slip] = field(default_factory=list)
    """With ``keep_going``: every problem found, in the order of the record."""
    complete: bool = True
    """False where the replay stopped at its first problem (``stop_at_first``): the totals are
    those before the hand it stopped in."""
    totals_checked: bool = True
    """False where a hand not followed wrote no total, so that later totals (and the Result)
    could not be checked."""

    @property
    def moves(self) -> int:
        return sum(len(h.moves) for h in self.hands)


def _err(doc: A.Document, at: A.Where, message: str) -> NotationError:
    return NotationError(message, doc.file, at.line, at.column)


def _forgot_draw_follows(body: list[A.Line], i: int, turn: A.Turn) -> bool:
    """Whether the turn line ``body[i]`` opens without a draw and the next penalty or turn line
    is that seat's ``penalty SEAT forgot_draw``."""
    acts = A.unplaced(turn)
    first = acts[0] if acts else None
    if first is None or isinstance(first, _DRAWS):
        return False
    for ln in body[i + 1 :]:
        nxt = ln.item
        if isinstance(nxt, A.PenaltyLine):
            return nxt.kind == "forgot_draw" and nxt.seat == turn.seat
        if isinstance(nxt, A.Turn):
            return False
    return False


_DRAWS = (A.DrawAct, A.TakeAct, A.ExposeAct, A.AskAct)
"""The actions a turn may open with besides a draw (:func:`_forgot_draw_follows`)."""


def moves_of(act: A.Action) -> tuple[Move, ...]:
    """The engine moves one written action stands for (``ask yes`` is two: ask, answer)."""
    return act.moves


_POSITION_LINES = (
    A.PosHand,
    A.PosMelds,
    A.PosRed,
    A.PosToMove,
    A.PosOut,
    A.PosMelded,
    A.PosAsked,
    A.PosTaken,
    A.PosAlone,
    A.PosTurn,
)

OnRefusal = Callable[["ReplayedHand", int, str, A.Action, Refusal], None]
"""(hand, turn, seat, action, refusal)."""


class _Replayer:
    def __init__(
        self,
        doc: A.Document,
        variant: str | None,
        sets: tuple[str, ...],
        at: tuple[int, int] | None,
        keep_going: bool = False,
        stop_at_first: bool = False,
    ):
        self.doc = doc
        self.at = at
        self.noting = keep_going or stop_at_first
        """Whether a problem in a hand is noted as a slip rather than raised."""
        self.halt = stop_at_first and not keep_going
        """Whether the first slip noted ends the replay (what was replayed is returned)."""
        self.slips: list[Slip] = []
        self.on_refusal: OnRefusal | None = None
        """Set by a comparison: called for each refused move, which is then played anyway."""
        tags = {t.name: t for t in doc.tags()}
        ref, own_sets = doc.ruleset(variant)
        self.loaded = load(ref, own_sets + sets)
        players: int | None = None
        self.player_names: dict[str, str] = {}
        ptag = tags.get("Players")
        if ptag is not None:
            entries = [e.strip() for e in ptag.value.split(",") if e.strip()]
            players = len(entries)
            for e in entries:
                seat, _, who = e.partition(" ")
                self.player_names[seat] = who.strip()
        try:
            self.rules = rules_for(self.loaded.variant, players)
        except ValueError as e:
            where = ptag.at if ptag is not None else A.Where(1, 1)
            raise _err(doc, where, str(e)) from None
        r = self.rules
        self.seats = seat_names(r.players)
        self.seat_index = {name: p for p, name in enumerate(self.seats)}
        self.sides = side_names(r.players, r.sides)
        if ptag is not None:
            for seat in self.player_names:
                if seat not in self.seats:
                    msg = f"Players names seat {quoted(seat)}; seats are {', '.join(self.seats)}"
                    raise _err(doc, ptag.at, msg)
        part = tags.get("Partnerships")
        if part is not None:
            want = {"".join(sorted(s)) for s in self.sides}
            got = {"".join(sorted(s)) for s in part.value.replace(",", " ").split()}
            if want != got:
                msg = (
                    f"Partnerships {quoted(part.value)} does not match this variant's seating "
                    f"({' '.join(self.sides)})"
                )
                raise _err(doc, part.at, msg)
        self.seed: int | None = None
        stag = tags.get("Seed")
        if stag is not None:
            try:
                self.seed = int(stag.value)
            except ValueError:
                raise _err(
                    doc, stag.at, f"Seed must be a whole number, not {quoted(stag.value)}"
                ) from None
        self.scores = [0] * r.sides
        self.previous = [0] * r.sides
        """The sides' scores in the previous hand (for ``initial_meld.basis = previous_hand``)."""
        sc = tags.get("Scores")
        if sc is not None:
            self.scores = self._side_values(sc.value, sc.at, "Scores")
        pv = tags.get("Previous")
        if pv is not None:  # a game recorded from its middle: the hand before the first written
            self.previous = self._side_values(pv.value, pv.at, "Previous")
        self.first_previous = list(self.previous)
        self.first_dealer: int | None = None
        dtag = tags.get("Dealer")
        if dtag is not None:
            self.first_dealer = self._seat(dtag.value, dtag.at)
        self.result_tag = tags.get("Result")

    # -------------------------------------------------------------- helpers
    def _seat(self, name: str, at: A.Where) -> int:
        p = self.seat_index.get(name)
        if p is None:
            msg = f"no seat {quoted(name)} at this table (seats: {', '.join(self.seats)})"
            raise _err(self.doc, at, msg)
        return p

    def _side(self, name: str, at: A.Where) -> int:
        canon = "".join(sorted(name))
        for i, s in enumerate(self.sides):
            if "".join(sorted(s)) == canon:
                return i
        raise _err(self.doc, at, f"no side {quoted(name)} (sides: {', '.join(self.sides)})")

    def _seats_named(self, message: str) -> str:
        """An engine message with "seat 2" written as a player names the seat (South)."""
        return re.sub(r"\bseat (\d)\b", lambda m: seat_word(self.seats[int(m.group(1))]), message)

    def _side_values(self, text: str, at: A.Where, what: str) -> list[int]:
        try:
            pairs = parse_side_values(text)
        except ValueError:
            raise _err(self.doc, at, f"{what} should read like 'NS 1600, EW 0'") from None
        out = [0] * self.rules.sides
        for side, value in pairs:
            out[self._side(side, at)] = value
        return out

    # -------------------------------------------------------------- hands
    def sections(self) -> list[tuple[A.HandHeader, list[A.Line]]]:
        """The record's hands: each header with the lines that follow it."""
        doc = self.doc
        sections: list[tuple[A.HandHeader, list[A.Line]]] = []
        for ln in doc.lines:
            it = ln.item
            if type(it) is A.Turn and sections:  # most lines
                sections[-1][1].append(ln)
            elif isinstance(it, A.HandHeader):
                sections.append((it, []))
            elif isinstance(it, A.Tag | A.CommentOnly):
                if isinstance(it, A.Tag) and sections:
                    msg = "header tags belong before the first hand"
                    raise _err(doc, it.at, msg)
            elif isinstance(it, _POSITION_LINES):
                raise _err(doc, it.at, "this line belongs in a position, not in a game record")
            elif not sections:
                raise _err(doc, it.at, "a 'hand N' line must come before the hand's deal and turns")
            else:
                sections[-1][1].append(ln)
        return sections

    def dealer_of(self, index: int, header: A.HandHeader, previous: int | None) -> int:
        """Who deals hand ``index`` (from 0), given the previous hand's dealer."""
        r, doc = self.rules, self.doc
        if header.number != index + 1:
            raise _err(doc, header.at, f"expected hand {index + 1}, not hand {header.number}")
        if header.dealer is not None:
            d = self._seat(header.dealer, header.at)
            if previous is not None and d != r.next_seat(previous):
                nxt = seat_word(self.seats[r.next_seat(previous)])
                msg = f"the deal passes to {nxt}, not {seat_word(header.dealer)}"
                raise _err(doc, header.at, msg)
            return d
        if previous is not None:
            return r.next_seat(previous)
        if self.first_dealer is not None:
            return self.first_dealer
        if self.seed is not None:
            return opening_dealer(r, self.seed)
        if r.first_seat_leads and not any(self.scores):
            # The game's first hand: the first seat plays first (002), so its dealer is known.
            return opening_dealer(r, 0)
        msg = "say who deals: 'hand 1 dealer S', a [Dealer] tag, or a [Seed]"
        raise _err(doc, header.at, msg)

    def run(self) -> Replay:
        doc = self.doc
        r = self.rules
        sections = self.sections()
        hands: list[ReplayedHand] = []
        scores = list(self.scores)
        known = True  # whether ``scores`` are the game's totals (see ReplayedHand.totals)
        dealer: int | None = None
        game_over = False
        winner: int | None = None
        self.previous = list(self.first_previous)
        stopped: State | None = None
        stop_turn = 0
        complete = True
        try:
            for index, (header, body) in enumerate(sections):
                if game_over:
                    over = _err(doc, header.at, f"the game was over after hand {hands[-1].number}")
                    if not self.noting:
                        raise over
                    self._note(over, "record", header.number)
                    break
                dealer = self.dealer_of(index, header, dealer)
                try:
                    hand = self._deal(header, body, dealer, scores)
                except CanastaError as e:
                    if not self.noting:
                        raise
                    # No hand to show: the slip names it (hand numbers in the Replay skip it).
                    self._note(e, "record", header.number)
                    scores, known = self._carry(None, body, scores, known)
                    continue
                hands.append(hand)
                try:
                    stop = self._play(hand, body)
                except CanastaError as e:
                    if not self.noting:
                        raise
                    hand.followed = False
                    kind = "refused" if isinstance(e, IllegalMoveError) else "record"
                    self._note(e, kind, hand.number)
                    scores, known = self._carry(hand, body, scores, known)
                    continue
                if stop is not None:
                    stopped = stop
                    stop_turn = hand.turns
                    break
                end = hand.end
                assert end is not None
                before = list(scores)
                if end.over:
                    hand.score = score_hand(end)
                    scores = [a + b.total for a, b in zip(scores, hand.score, strict=True)]
                    self.previous = [b.total for b in hand.score]
                    out_side = r.side_of[end.out_player] if end.out_player >= 0 else -1
                    game_over, winner = after_hand(r, scores, out_side, header.number)
                    hand.totals = list(scores) if known else None
                self._check_assertions(hand, body, scores, before, known)
                if not end.over:
                    last = body[-1].item.at if body else header.at
                    if index + 1 < len(sections):
                        unended = _err(
                            doc, last, f"hand {hand.number} does not end before the next hand"
                        )
                        if not self.noting:
                            raise unended
                        hand.followed = False
                        self._note(unended, "record", hand.number)
                        scores, known = self._carry(hand, body, scores, known)
            if self.result_tag is not None and stopped is None and known:
                try:
                    pairs = parse_side_values(self.result_tag.value)
                except ValueError:
                    pairs = []
                if pairs:
                    want = self._side_values(self.result_tag.value, self.result_tag.at, "Result")
                    if want != scores:
                        shown = ", ".join(
                            f"{s} {v}" for s, v in zip(self.sides, scores, strict=True)
                        )
                        msg = (
                            f"Result says {quoted(self.result_tag.value)}; the replay gives {shown}"
                        )
                        wrong = _err(doc, self.result_tag.at, msg)
                        written = dict(enumerate(want))
                        wrong.context = Slip(
                            "result", wrong, written=written, got=list(scores), sides=self.sides
                        )
                        if not self.noting:
                            raise wrong
                        self._note(wrong, "result")
        except _Halt:  # stop_at_first: the slip is noted, the replay ends there
            complete = False
        return Replay(
            doc,
            self.loaded,
            r,
            self.seats,
            self.sides,
            hands,
            scores,
            winner,
            game_over,
            stopped,
            stop_turn,
            self.slips,
            complete,
            known,
        )

    def _note(self, e: CanastaError, kind: str, hand: int = 0) -> None:
        """Keep going past ``e``: note it as a slip (the one the error carries, if any)."""
        slip = e.context
        self.slips.append(slip if isinstance(slip, Slip) else Slip(kind, e, hand, sides=self.sides))
        if self.halt:
            raise _Halt

    def _carry(
        self, hand: ReplayedHand | None, body: list[A.Line], scores: list[int], known: bool
    ) -> tuple[list[int], bool]:
        """The totals the game goes on with after a hand the replay could not follow: the
        record's ``total`` for the hand, else the totals before it plus its written ``score``,
        else the totals before it, which are then no longer the game's (``known`` False).
        The previous hand's score (``initial_meld.basis``) is the written one, or 0."""
        written: dict[str, dict[int, int]] = {}
        for ln in body:
            it = ln.item
            if isinstance(it, A.Assertion) and it.kind in ("score", "total"):
                try:
                    values = {self._side(name, it.at): v for name, v in it.sides}
                except NotationError:
                    continue
                written[it.kind] = values
        sides = range(self.rules.sides)
        score = written.get("score", {})
        self.previous = [score.get(x, 0) for x in sides]
        total = written.get("total", {})
        if len(total) == self.rules.sides:
            out = [total[x] for x in sides]
        elif len(score) == self.rules.sides:
            out = [a + score[x] for x, a in zip(sides, scores, strict=True)]
        else:
            return scores, False
        if hand is not None:
            hand.totals = list(out)
        return out, known

    def _deal(
        self, header: A.HandHeader, body: list[A.Line], dealer: int, scores: list[int]
    ) -> ReplayedHand:
        r = self.rules
        deals: list[A.DealLine] = []
        ups: list[A.UpcardLine] = []
        for ln in body:  # one pass: most of a body is turns
            it = ln.item
            if type(it) is A.Turn:
                continue
            if isinstance(it, A.DealLine):
                deals.append(it)
            elif isinstance(it, A.UpcardLine):
                ups.append(it)
        if deals or ups:
            if len(ups) != 1:
                where = deals[0].at if deals else ups[1].at
                raise _err(self.doc, where, "a written-out deal needs exactly one upcard line")
            hands: list[list[int] | None] = [None] * r.players
            reds: list[list[int]] = [[] for _ in range(r.players)]
            feet = self._feet(body) if r.foot else None
            for d in deals:
                p = self._seat(d.seat, d.at)
                if hands[p] is not None:
                    raise _err(self.doc, d.at, f"{seat_word(d.seat)} is dealt twice")
                if d.red_threes and r.red3_first_turn:
                    msg = (
                        "this variant lays dealt red threes down on the player's first turn: "
                        "leave them in the hand"
                    )
                    raise _err(self.doc, d.at, msg)
                hands[p] = list(d.cards)
                reds[p] = list(d.red_threes)
            missing = [self.seats[p] for p, h in enumerate(hands) if h is None]
            if missing:
                where = deals[-1].at if deals else ups[0].at
                raise _err(self.doc, where, f"the deal does not give {', '.join(missing)} a hand")
            try:
                state = from_layout(
                    r,
                    [h or [] for h in hands],
                    list(ups[0].cards),
                    reds,
                    dealer,
                    scores,
                    header.number,
                    previous=self.previous,
                    feet=feet,
                )
            except DealError as e:
                at = (deals or ups)[0].at
                named = re.search(r"\bseat (\d)\b", str(e))
                if named is not None:  # point at that seat's deal line
                    seat = self.seats[int(named.group(1))]
                    at = next((d.at for d in deals if d.seat == seat), at)
                raise _err(self.doc, at, self._seats_named(str(e))) from None
            return ReplayedHand(
                header.number, dealer, list(scores), state.copy(), end=state, explicit_deal=True
            )
        if header.seed is not None:
            seed: str | None = header.seed
        elif self.seed is not None:
            seed = hand_seed(self.seed, header.number)
        else:
            msg = f"hand {header.number} has neither a written-out deal nor a seed"
            raise _err(self.doc, header.at, msg)
        assert seed is not None
        state = deal(r, seed, dealer, scores, header.number, self.previous)
        return ReplayedHand(header.number, dealer, list(scores), state.copy(), end=state, seed=seed)

    def _play(self, hand: ReplayedHand, body: list[A.Line]) -> State | None:
        doc = self.doc
        s = hand.end
        assert s is not None
        last_turn_line: A.Turn | None = None
        last_seat = -1
        forgot = -1  # the seat whose last turn had no draw, awaiting its forgot_draw line
        moves = hand.moves
        if self.at == (hand.number, 0):  # the table as dealt, before the first turn
            return s.copy()
        # The loop below runs for every line and move of a record: the names it uses are local.
        on_refusal = self.on_refusal
        seat_index = self.seat_index
        at = self.at
        check, play, Turn, TakeAct, unplaced = (
            refusal_on_line,
            apply_unchecked,
            A.Turn,
            A.TakeAct,
            A.unplaced,
        )
        for i, ln in enumerate(body):
            it = ln.item
            if type(it) is not Turn:
                self._other_line(s, it, forgot)
                if type(it) is A.PenaltyLine and it.kind == "forgot_draw":
                    forgot = -1
                continue
            seat = seat_index.get(it.seat, -1)
            if seat < 0:
                seat = self._seat(it.seat, it.at)  # raises: no such seat
            phase = s.phase
            # A line by the same seat continues its turn: after a draw, or after a line that only
            # laid dealt red threes down (the draw that follows is the same turn).
            continuing = (
                last_turn_line is not None
                and seat == s.turn
                and seat == last_seat
                and (
                    phase == PLAY
                    or phase == FOOT  # a line that took up the foot may follow
                    or (phase == DRAW and _exposed(last_turn_line))
                )
            )
            if phase == OVER:
                ended = how_ended(s, tuple(seat_word(x) for x in self.seats))
                raise _err(doc, it.at, f"the hand is over: {ended}")
            if not continuing:
                if phase == PLAY and last_turn_line is not None and s.turn == last_seat:
                    who = seat_word(self.seats[s.turn])
                    msg = f"{who}'s turn is not over: a turn ends with a discard, or going out"
                    raise _err(doc, last_turn_line.at, msg)
                if seat != s.turn:
                    now = seat_word(self.seats[s.turn])
                    msg = f"it is {now}'s turn, not {seat_word(it.seat)}'s"
                    why = Refusal("turn.out_of_turn", "", msg)
                    raise self._refused(s, why, it.at, hand, hand.turns + 1, seat, "")
                hand.turns += 1
                acts = unplaced(it)
                if acts and type(acts[0]) not in _DRAWS and _forgot_draw_follows(body, i, it):
                    try:  # a turn the record says was played without a draw (penalties.py)
                        penalties.start_without_draw(s)
                    except IllegalMoveError as e:
                        raise _err(doc, it.at, str(e.refusal)) from None
                    forgot = seat
            last_turn_line = it
            last_seat = seat
            owner = s.turn  # the turn this line plays (the asker's while partner answers)
            # The actions as read, their places made only to report one (ast.Turn).
            for k, act in enumerate(unplaced(it)):
                if s.phase == OVER:
                    msg = "the hand is over; nothing more can be played"
                    why = Refusal("hand.over", "", msg)
                    act = it.actions[k]
                    raise self._refused(s, why, act.at, hand, hand.turns, seat, act.text)
                if type(act) is TakeAct and act.top is not None and s.pile:
                    top = s.pile[-1]
                    if act.top != top:
                        msg = f"the top of the pile is {C.name(top)}, not {C.name(act.top)}"
                        why = Refusal("pile.top_mismatch", "", msg)
                        act = it.actions[k]
                        raise self._refused(s, why, act.at, hand, hand.turns, seat, act.text)
                for m in act.moves:
                    actor = s.answerer if s.phase == ANSWER else s.turn
                    ref = check(s, owner, m)
                    if ref is None:
                        moves.append((actor, play(s, m)))
                        continue
                    act = it.actions[k]  # placed: its place is reported
                    if s.turn != owner:  # the line went on past its discard: its player's slip
                        actor = owner
                    if on_refusal is None:
                        why = worded(s, m, ref)
                        raise self._refused(s, why, act.at, hand, hand.turns, actor, act.text)
                    # Comparing rulesets: note the refusal and play the move as written.
                    on_refusal(hand, hand.turns, it.seat, act, ref)
                    try:
                        moves.append((actor, play(s, m)))
                        broken = bool(card_problems(s))
                    except Exception:
                        broken = True
                    if broken:
                        msg = "the game cannot be followed past this move"
                        raise IllegalMoveError(
                            ref, self._where(act.at, hand, hand.turns, it.seat), msg
                        )
            if s.face_up:
                penalties.settle(s)
            if at is not None and at == (hand.number, hand.turns) and _at_end(s, seat, it):
                return s.copy()
        if at is not None and at[0] == hand.number:
            return s.copy()
        return None

    def _other_line(self, s: State, it: A.Item, forgot: int) -> None:
        """A line of a hand's body other than a turn: a penalty is applied, a ``stock`` or
        ``frozen`` assertion checked (``score`` and ``total`` are checked at the hand's end)."""
        if isinstance(it, A.PenaltyLine):
            p = self._seat(it.seat, it.at)
            if it.kind == "forgot_draw" and forgot != p and penalties.allowed(s, it.kind):
                msg = f"forgot_draw follows a turn {seat_word(it.seat)} played without drawing"
                raise _err(self.doc, it.at, msg)
            try:
                penalties.apply_penalty(s, p, it.kind, it.card)
            except IllegalMoveError as e:
                raise _err(self.doc, it.at, str(e.refusal)) from None
        elif (
            isinstance(it, A.Assertion)
            and it.kind in ("stock", "frozen")
            and self.on_refusal is None
        ):
            self._check_now(s, it)

    def _feet(self, body: list[A.Line]) -> list[list[int]]:
        """A written-out deal's feet (``foot N: CARDS``), one per seat."""
        feet: list[list[int] | None] = [None] * self.rules.players
        lines = [ln.item for ln in body if isinstance(ln.item, A.FootLine)]
        for f in lines:
            p = self._seat(f.seat, f.at)
            if feet[p] is not None or f.taken:
                what = "is dealt a foot twice" if feet[p] is not None else "is dealt no foot"
                raise _err(self.doc, f.at, f"{seat_word(f.seat)} {what}")
            if f.unseen:
                msg = (
                    f"a written-out deal lists the cards of {seat_word(f.seat)}'s foot, not a count"
                )
                raise _err(self.doc, f.at, msg)
            feet[p] = list(f.cards)
        missing = [seat_word(self.seats[p]) for p, f in enumerate(feet) if f is None]
        if missing:
            at = lines[-1].at if lines else A.Where(0, 0)
            msg = (
                "this variant deals every player a foot: the deal gives none to "
                f"{', '.join(missing)} (write 'foot N: cards')"
            )
            raise _err(self.doc, at, msg)
        return [f or [] for f in feet]

    def _refused(
        self,
        s: State,
        ref: Refusal,
        at: A.Where,
        hand: ReplayedHand,
        turn: int,
        seat: int,
        move: str,
    ) -> IllegalMoveError:
        """The error for a move refused in ``s``, carrying its :class:`Slip`: the table just
        before the move (a copy: a replay that keeps going leaves this hand)."""
        e = IllegalMoveError(ref, self._where(at, hand, turn, self.seats[seat]), move)
        e.context = Slip(
            "refused",
            e,
            hand.number,
            turn,
            seat,
            s.copy(),
            line=at.line,
            column=at.column,
            sides=self.sides,
        )
        return e

    def _where(self, at: A.Where, hand: ReplayedHand, turn: int, seat: str) -> str:
        file = shorten_path(self.doc.file)  # as NotationError shows it
        return f"{file}:{at.line}:{at.column}: hand {hand.number}, turn {turn}, {shorten(seat)}"

    def _check_now(self, s: State, it: A.Assertion) -> None:
        if it.kind == "stock" and len(s.stock) != it.number:
            msg = f"the record says the stock holds {it.number}; the replay has {len(s.stock)}"
            raise _err(self.doc, it.at, msg)
        if it.kind == "frozen" and it.against:
            names = side_names(s.rules.players, s.rules.sides)
            against = [names[x] for x in range(s.rules.sides) if s.card_frozen(x)]
            if sorted(against) != sorted(it.against):
                is_ = f"frozen against {' '.join(against)}" if against else "not frozen by a card"
                said = " ".join(it.against)
                raise _err(
                    self.doc,
                    it.at,
                    f"the record says the pile is frozen against {said}; it is {is_}",
                )
            return
        frozen = s.pile_frozen(s.side_of[s.turn])
        if it.kind == "frozen" and frozen != it.flag:
            said = "frozen" if it.flag else "not frozen"
            is_ = "frozen" if frozen else "not frozen"
            raise _err(self.doc, it.at, f"the record says the pile is {said}; it is {is_}")

    def _check_assertions(
        self,
        hand: ReplayedHand,
        body: list[A.Line],
        totals: list[int],
        before: list[int],
        known: bool = True,
    ) -> None:
        """The hand's written ``score`` and ``total`` lines against the replay's (totals only
        where ``known``). A line that differs raises, or with ``keep_going`` is a slip."""
        for ln in body:
            it = ln.item
            if not isinstance(it, A.Assertion) or it.kind not in ("score", "total"):
                continue
            if hand.score is None:
                msg = f"hand {hand.number} has not ended, so it has no score"
                if not self.noting:
                    raise _err(self.doc, it.at, msg)
                self._note(_err(self.doc, it.at, msg), "record", hand.number)
                continue
            if it.kind == "total" and not known:
                continue
            got = [sc.total for sc in hand.score] if it.kind == "score" else totals
            named = [(self._side(name, it.at), name, value) for name, value in it.sides]
            written = {x: value for x, _, value in named}
            wrong = [(x, name, v) for x, name, v in named if got[x] != v]
            if not wrong:
                continue
            what = "scored" if it.kind == "score" else "has a total of"
            said = " and ".join(
                f"{name} {what} {v}" if i == 0 else f"{name} {v}"
                for i, (_, name, v) in enumerate(wrong)
            )
            gives = " and ".join(str(got[x]) for x, _, _ in wrong)
            msg = f"the record says {said} in hand {hand.number}; the replay gives {gives}"
            e = _err(self.doc, it.at, msg)
            e.context = Slip(
                it.kind,
                e,
                hand.number,
                written=written,
                got=list(got),
                score=hand.score,
                before=list(before),
                sides=self.sides,
            )
            if not self.noting:
                raise e
            self._note(e, it.kind, hand.number)


class _Halt(Exception):
    """The first slip was noted, and the replay was asked to stop at it."""


def _at_end(s: State, seat: int, it: A.Turn) -> bool:
    """Whether the turn line ``it`` by ``seat`` ended its turn."""
    return s.turn != seat or not (
        s.phase == PLAY or s.phase == FOOT or (s.phase == DRAW and _exposed(it))
    )


def _exposed(turn: A.Turn) -> bool:
    """Whether a turn line only laid dealt red threes down."""
    acts = A.unplaced(turn)
    return bool(acts) and all(isinstance(a, A.ExposeAct) for a in acts)


def replay(
    doc: A.Document,
    variant: str | None = None,
    sets: tuple[str, ...] = (),
    at: tuple[int, int] | None = None,
    keep_going: bool = False,
    stop_at_first: bool = False,
) -> Replay:
    """Replay a parsed record. ``variant`` replaces the record's own ruleset (and its ``Set``
    tags); ``sets`` adds overrides; ``at`` = (hand, turn) stops after that turn (turn 0: the
    table as dealt). ``keep_going``: note each problem in a hand (:class:`Slip`) and go on.
    ``stop_at_first``: note the first problem as a slip and stop there, returning what was
    replayed up to it."""
    return _Replayer(doc, variant, sets, at, keep_going, stop_at_first).run()
