"""The lines of a position document, collected by kind (:class:`_Lines`), each checked on its
own as it is read: who and what it names, the cards it writes counted against the pack.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import cards as C
from ..engine.rules import Rules
from . import ast as A
from .position_checks import _Checks


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
    unseen_hands: dict[int, A.PosHand] = field(default_factory=dict)
    """Seats whose hand has cards written as a count (``hand E: 11 unseen``), filled further
    down with cards written nowhere."""
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


class _Collect(_Checks):
    """The position reader's part that collects the lines, each problem at its line."""

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
        if it.unseen:
            lines.unseen_hands[p] = it
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
            raise self.err(it.at, f"{self.who(p)}'s foot is listed twice")
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
                if self.retold:
                    return
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
                if self.retold:
                    return
                msg = (
                    "in this ruleset a pickup does not unfreeze the pile side by side, so a "
                    "position does not list who took it (pile.frozen_at_start)"
                )
                raise err(it.at, msg)
            lines.taken_line = it

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

    def _said(self, it: A.PosToMove | A.PosOut) -> str:
        if isinstance(it, A.PosOut):
            return f"'out {it.seat}'"
        return f"'to move: {it.seat} {it.phase}'"
