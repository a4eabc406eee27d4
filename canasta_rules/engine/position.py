"""A position: one moment of a hand, written out in full (the engine side of the position format).

Used for rulings, puzzles, tests and scoring a finished hand. A position lists what is on the table
and in every hand; what it leaves out is derived: the stock is the rest of the pack (in an unknown
order, unless given), a side that has melds has opened, the pile is frozen when it holds a card
that freezes it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import cards as C
from .rules import BLACK3_KEY, IS_WILD, KEY_OF, RED3_KEY, Rules
from .state import DealError, Permission, Phase, State, TableMeld, _empty_state, fill_stock

_THREES = {RED3_KEY: "red threes", BLACK3_KEY: "black threes"}


@dataclass
class Position:
    rules: Rules
    hands: list[list[int]]
    """Each seat's cards."""
    melds: list[list[tuple[int, ...]]] = field(default_factory=list)
    """Each side's melds, as card tuples (rank read from the naturals)."""
    red_threes: list[list[int]] = field(default_factory=list)
    """Each side's red threes laid down."""
    pile: list[int] = field(default_factory=list)
    """The discard pile, bottom to top."""
    stock: list[int] | None = None
    """The stock, top last; None: the rest of the pack, order unknown."""
    scores: list[int] | None = None
    """Each side's cumulative score before this hand."""
    dealer: int = 0
    hand_no: int = 1
    turn: int = 0
    phase: Phase = Phase.DRAW
    drew: int = 0
    """In the PLAY phase: 1 if the turn began with a stock draw, 2 with the pile."""
    frozen: bool | None = None
    """None: frozen when the pile holds a wild card (or a black three that freezes)."""
    melded: list[bool] | None = None
    """Which seats have melded this hand (None: every member of a side with melds)."""
    permission: Permission = Permission.NONE
    went_out: int = -1
    concealed: bool = False

    def to_state(self) -> State:
        r = self.rules
        n = r.players
        s = _empty_state(r, self.dealer, self.scores or [0] * r.sides, self.hand_no)
        if len(self.hands) != n:
            raise DealError(f"the position lists {len(self.hands)} hands for {n} players")
        counts = [0] * C.NUM_CARD_IDS
        for p, h in enumerate(self.hands):
            for c in h:
                s.add_card(p, c)
                counts[c] += 1
        for side, melds in enumerate(self.melds):
            if side >= r.sides:
                raise DealError(f"melds listed for side {side}, but there are {r.sides} sides")
            for g in melds:
                keys = {KEY_OF[c] for c in g if not IS_WILD[c]}
                if len(keys) != 1:
                    raise DealError(f"meld {C.names(g)} does not have one natural rank")
                rank = keys.pop()
                if rank in s.melds[side]:
                    # a meld of threes has a key, not a rank: the red or the black threes
                    word = _THREES.get(rank) or C.rank_word(rank, True)
                    raise DealError(f"side {side} has two melds of {word}")
                wild = sum(1 for c in g if IS_WILD[c])
                s.melds[side][rank] = TableMeld(rank, tuple(g), len(g) - wild, wild)
                for c in g:
                    counts[c] += 1
            s.opened[side] = bool(melds)
        for side, reds in enumerate(self.red_threes):
            for c in reds:
                if not C.is_red_three(c):
                    raise DealError(f"{C.name(c)} is not a red three")
                s.red3[side].append(c)
                counts[c] += 1
        for c in self.pile:
            s.pile.append(c)
            counts[c] += 1
        if self.frozen is None:
            s.frozen = False
            for c in self.pile:
                if IS_WILD[c] or C.is_red_three(c) or (r.black3_freezes and C.is_black_three(c)):
                    s.frozen = True
                    s.freeze_card = c
                    break
        else:
            s.frozen = self.frozen
        fill_stock(s, counts, self.stock, "position")
        if self.melded is None:
            s.player_melded = [s.opened[r.side_of[p]] for p in range(n)]
        else:
            s.player_melded = list(self.melded)
        s.had_turn = [True] * n
        s.turn = self.turn % n
        s.prior_melded = s.player_melded[s.turn]
        s.phase = self.phase
        s.drew = self.drew if self.phase == Phase.PLAY else 0
        if self.phase == Phase.PLAY and not s.drew:
            s.drew = 1
        s.permission = self.permission
        if self.went_out >= 0 or self.phase == Phase.OVER:
            s.phase = Phase.OVER
            s.out_player = self.went_out
            s.concealed = self.concealed
            s.end_reason = "went_out" if self.went_out >= 0 else "stock_exhausted"
        return s
