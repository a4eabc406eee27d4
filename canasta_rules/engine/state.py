"""The state of one hand of Canasta: what each player holds, the table, the pile and the stock,
whose turn it is and what the turn has done, and how sides regroup (``seating.forming``).

Seats are numbered 0..n-1 in the direction of play; sides are ``seat % sides``, so partners sit
alternately. A hand holds counts per card id (and per rank, kept in step), so copying a state is
copying a few short lists. The deal that starts a hand is in :mod:`.dealing`.
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

from .. import cards as C
from ..errors import CanastaError
from .rules import BLACK3_KEY, CLOSED_KEY0, IS_WILD, KEY_OF, RED3_KEY, RUN, RUN_KEY0, Rules

NO_DRAW = 3
"""``State.drew`` for a turn that began with no draw (a penalty; 1 and 2 are a stock draw and
taking the pile, see checks.py)."""


class Phase(IntEnum):
    EXPOSE = 0
    """A player's first turn, holding dealt red threes the variant exposes now."""
    DRAW = 1
    """Start of a turn: draw from the stock or take the pile."""
    PLAY = 2
    """After drawing: meld, ask permission, discard."""
    ANSWER = 3
    """A partner answers "may I go out?"."""
    OVER = 4
    """The hand has ended."""
    FOOT = 5
    """A player's hand is used up and the foot waits: the player takes it up (``Foot``)."""


class Permission(IntEnum):
    NONE = 0
    YES = 1
    NO = 2


# The members by plain names, for the paths every move takes. In Python 3.11 reading a member off
# its class (``Phase.DRAW``) goes through the enum metaclass's ``__getattr__`` hook, about 0.17 us
# a read, several times a move; a module's global is read in a few nanoseconds. Same objects.
EXPOSE, DRAW, PLAY, ANSWER, OVER, FOOT = (
    Phase.EXPOSE,
    Phase.DRAW,
    Phase.PLAY,
    Phase.ANSWER,
    Phase.OVER,
    Phase.FOOT,
)
NOT_ASKED, ANSWER_YES, ANSWER_NO = Permission.NONE, Permission.YES, Permission.NO


class TableMeld(NamedTuple):
    """A meld on the table: its key (for a group, its rank; 3 for black threes), cards, how many
    are wild, and its kind (``rules.GROUP``, ``RUN`` or ``WILD``); a run also has its suit and
    lowest and highest rank."""

    rank: int
    cards: tuple[int, ...]
    naturals: int
    wilds: int
    kind: int = 0
    suit: int = -1
    low: int = 0
    high: int = 0

    @property
    def size(self) -> int:
        return self.naturals + self.wilds


class DealError(CanastaError):
    """A written-out deal that the variant's pack cannot produce."""


class State:
    """One hand in progress. Mutable; ``copy()`` is cheap. Apply moves with ``engine.apply``."""

    __slots__ = (
        "answerer",
        "asked_hand",
        "concealed",
        "dealer",
        "dealt_red3",
        "drew",
        "end_reason",
        "face_up",
        "feet",
        "freeze_card",
        "freeze_spared",
        "frozen",
        "had_turn",
        "hand_len",
        "hand_no",
        "hands",
        "last_drawer",
        "melds",
        "moves",
        "no_draw",
        "opened",
        "out_player",
        "penalties",
        "permission",
        "phase",
        "pile",
        "pile_takers",
        "player_melded",
        "player_scores",
        "previous",
        "prior_melded",
        "rc",
        "red3",
        "rules",
        "scores",
        "side_of",
        "stock",
        "stock_known",
        "turn",
        "turn_added_old",
        "turn_black3",
        "turn_melded",
        "turn_new",
        "turn_opened",
        "turn_value",
        "walking",
    )

    rules: Rules
    hands: list[list[int]]
    rc: list[list[int]]
    hand_len: list[int]
    stock: list[int]
    stock_known: bool
    pile: list[int]
    frozen: bool
    """Frozen by a card in the pile (a wild card, a red three turned up) or as a position says."""
    freeze_card: int
    freeze_spared: int
    """Bit per side: the sides a card in the pile does not freeze it against. Under
    ``pile.discard_freezes_against = "opponents"`` (003) a freezing discard spares the
    discarder's side, until a freezing card of another side lands on it; 0 otherwise."""
    pile_takers: int
    """Bit per side: the sides that have taken the pile this hand. Under ``pile.frozen_at_start``
    (003) the pile stays frozen against a side until it has taken it once."""
    melds: list[dict[int, TableMeld]]
    """Each side's melds, by key. A side absorbed when sides regroup keeps none."""
    red3: list[list[int]]
    """Red threes laid down, by the side seated at the deal (they stay their owner's when sides
    regroup: cutthroat red threes are personal)."""
    side_of: tuple[int, ...]
    """The side each player plays for now: ``rules.side_of`` (the same object) until sides
    regroup under ``seating.forming``; then the lone player keeps their side and the others
    share the side of the first of them in seat order."""
    opened: list[bool]
    asked_hand: int
    """Seats that have asked partner's permission this hand, as a bit mask (1 << seat), for
    ``going_out.permission.once_per_hand``."""
    player_melded: list[bool]
    prior_melded: bool
    scores: list[int]
    """Each side's cumulative score before this hand."""
    previous: list[int]
    """Each side's score in the previous hand (0 in the first)."""
    player_scores: list[int]
    """Each player's own cumulative score before this hand (in fixed partnerships, the side's)."""
    penalties: list[int]
    dealer: int
    dealt_red3: list[list[int]]
    """Red threes each seat laid down during the deal (for writing the deal out)."""
    hand_no: int
    turn: int
    phase: Phase
    answerer: int
    had_turn: list[bool]
    drew: int
    turn_melded: bool
    turn_added_old: bool
    turn_new: list[int]
    turn_opened: bool
    """The side of the player to move made its first melds this turn (judged over the turn)."""
    turn_value: int
    """While ``turn_opened``: the count of every card the side laid this turn."""
    turn_black3: bool
    """Black threes were melded this turn, so the turn must end by going out."""
    permission: Permission
    last_drawer: int
    end_reason: str
    out_player: int
    concealed: bool
    moves: int
    no_draw: int
    """Seats (a bit each) whose next turn begins with no draw: a record's ``extra_card``
    penalty (``penalties.extra_card``; engine/penalties.py)."""
    face_up: tuple[tuple[int, ...], ...]
    """Cards each player has face up on the table after a record's ``exposed`` penalty
    (``penalties.exposed_card``), still counted in their hand; ``()`` while nobody has any."""
    feet: list[tuple[int, ...]]
    """Each player's foot, unseen until taken up (``foot.kind = "foot"``); ``()`` once taken.
    ``[]`` in a variant without a foot. Copied on write: a state replaces the list, never
    changes it in place, so ``copy`` shares it."""
    walking: bool
    """In ``Phase.FOOT``: the hand ended with a discard, so the turn ends when the foot is taken
    up ('walking'); otherwise the player plays on ('running')."""

    def copy(self) -> State:
        s = State.__new__(State)
        s.rules = self.rules
        s.hands = [h[:] for h in self.hands]
        s.rc = [r[:] for r in self.rc]
        s.hand_len = self.hand_len[:]
        s.stock = self.stock[:]
        s.stock_known = self.stock_known
        s.pile = self.pile[:]
        s.frozen = self.frozen
        s.freeze_card = self.freeze_card
        s.freeze_spared = self.freeze_spared
        s.pile_takers = self.pile_takers
        s.melds = [m.copy() for m in self.melds]
        s.red3 = [r[:] for r in self.red3]
        s.side_of = self.side_of
        s.opened = self.opened[:]
        s.player_melded = self.player_melded[:]
        s.asked_hand = self.asked_hand
        s.prior_melded = self.prior_melded
        s.scores = self.scores
        s.previous = self.previous
        s.player_scores = self.player_scores
        s.penalties = self.penalties[:]
        s.dealer = self.dealer
        s.dealt_red3 = self.dealt_red3
        s.hand_no = self.hand_no
        s.turn = self.turn
        s.phase = self.phase
        s.answerer = self.answerer
        s.had_turn = self.had_turn[:]
        s.drew = self.drew
        s.turn_melded = self.turn_melded
        s.turn_added_old = self.turn_added_old
        s.turn_new = self.turn_new[:]
        s.turn_opened = self.turn_opened
        s.turn_value = self.turn_value
        s.turn_black3 = self.turn_black3
        s.permission = self.permission
        s.last_drawer = self.last_drawer
        s.end_reason = self.end_reason
        s.out_player = self.out_player
        s.concealed = self.concealed
        s.moves = self.moves
        s.no_draw = self.no_draw
        s.face_up = self.face_up
        s.feet = self.feet
        s.walking = self.walking
        return s

    # ------------------------------------------------------------------ queries
    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def actor(self) -> int:
        """The seat whose move it is (the answering partner during ``ANSWER``)."""
        return self.answerer if self.phase == ANSWER else self.turn

    def side(self, player: int) -> int:
        """The side ``player`` plays for now (see ``side_of``)."""
        return self.side_of[player]

    def members(self, side: int) -> list[int]:
        """The players of ``side`` now, in seat order."""
        return [p for p, q in enumerate(self.side_of) if q == side]

    def partners(self, player: int) -> list[int]:
        """The players on ``player``'s side now, other than ``player``."""
        side = self.side_of[player]
        return [p for p, q in enumerate(self.side_of) if q == side and p != player]

    @property
    def sides_formed(self) -> bool:
        """Whether the sides have regrouped this hand (``seating.forming``)."""
        return self.side_of is not self.rules.side_of

    def hand_cards(self, player: int) -> list[int]:
        """The cards in a player's hand, sorted for printing."""
        out = []
        for c, n in enumerate(self.hands[player]):
            out.extend([c] * n)
        out.sort(key=C.sort_key)
        return out

    def canastas(self, side: int) -> int:
        """How many canastas the side holds (of every kind)."""
        # Rules.is_canasta, inlined: a meld with naturals is a canasta at the size and base; one
        # without is a meld of wild cards.
        r = self.rules
        csize = r.canasta_size
        base = r.canasta_base
        n = 0
        for m in self.melds[side].values():
            nat = m.naturals
            if m.wilds + nat >= csize and (nat >= base if nat else r.wild_melds):
                n += 1
        return n

    def run_canastas(self, side: int) -> int:
        """The side's runs as long as a canasta (``going_out.sequence_canastas`` counts them)."""
        r = self.rules
        return sum(1 for m in self.melds[side].values() if m.kind == 1 and m.size >= r.canasta_size)

    def minimum(self, side: int) -> int:
        """The side's initial-meld minimum, read from the score ``initial_meld.basis`` names (for
        a player's own total: the player to move, if on that side, else the side's first)."""
        basis = self.rules.minimum_basis
        if basis == "side_total":
            return self.rules.minimum(self.scores[side])
        if basis == "previous_hand":
            return self.rules.minimum(self.previous[side])
        if basis == "round":
            return self.rules.round_minimum(self.hand_no)
        # A side left without players when sides regrouped (seating.forming) reads its seated
        # player's own total.
        p = (
            self.turn
            if self.side_of[self.turn] == side
            else (self.members(side) or self.rules.members[side])[0]
        )
        return self.rules.minimum(self.player_scores[p])

    def opening_now(self, side: int) -> bool:
        """Whether melds laid now count toward the side's initial-meld minimum: the side has not
        opened, or it began opening this turn (the minimum is judged over the whole turn)."""
        return self.turn_opened or not self.opened[side]

    def opening_short(self, side: int) -> int:
        """Points the side still needs this turn to reach its minimum (0 once it has)."""
        if not self.opening_now(side):
            return 0
        return max(0, self.minimum(side) - self.turn_value)

    def start_frozen(self, side: int) -> bool:
        """``pile.frozen_at_start`` (003): frozen against ``side`` until it first takes the pile
        this hand (the other sides' pickups do not unfreeze it for this one)."""
        return self.rules.frozen_at_start and not self.pile_takers >> side & 1

    def card_frozen(self, side: int) -> bool:
        """Whether a card in the pile freezes it against ``side`` (a wild card, a red three turned
        up; ``freeze_spared`` names the sides a discard froze it for only the opponents of)."""
        return self.frozen and not self.freeze_spared >> side & 1

    def pile_frozen(self, side: int) -> bool:
        """Whether the pile itself is frozen against ``side``: by a card in it, or by the start of
        the hand (what a record's or position's ``frozen yes|no`` says, for the side to move)."""
        return self.card_frozen(side) or self.start_frozen(side)

    def frozen_for(self, player: int) -> bool:
        """Whether the pile counts as frozen against ``player`` now (also before opening)."""
        side = self.side_of[player]
        r = self.rules
        # pile_frozen(side), inlined (every draw asks): card_frozen, then start_frozen.
        if self.frozen and not self.freeze_spared >> side & 1:
            return True
        if r.frozen_at_start and not self.pile_takers >> side & 1:
            return True
        if r.freeze_until_player_melds:
            return not self.player_melded[player]
        return not self.opened[side]

    def card_total(self) -> int:
        """Every card this state holds anywhere; always the size of the pack."""
        return (
            sum(self.hand_len)
            + len(self.stock)
            + len(self.pile)
            + sum(len(m.cards) for side in self.melds for m in side.values())
            + sum(len(r) for r in self.red3)
            + sum(len(f) for f in self.feet)
        )

    def card_counts(self) -> list[int]:
        """How many of each card id this state holds anywhere (compare with the pack)."""
        counts = [0] * C.NUM_CARD_IDS
        for h in self.hands:
            for c, n in enumerate(h):
                counts[c] += n
        for c in self.stock:
            counts[c] += 1
        for c in self.pile:
            counts[c] += 1
        for side in self.melds:
            for m in side.values():
                for c in m.cards:
                    counts[c] += 1
        for reds in self.red3:
            for c in reds:
                counts[c] += 1
        for foot in self.feet:
            for c in foot:
                counts[c] += 1
        return counts

    def foot_waiting(self, player: int) -> bool:
        """Whether ``player``'s foot is still face down (never, in a variant without a foot)."""
        return bool(self.feet) and bool(self.feet[player])

    # ------------------------------------------------------------------ mutation helpers
    def add_card(self, player: int, c: int) -> None:
        self.hands[player][c] += 1
        self.rc[player][KEY_OF[c]] += 1
        self.hand_len[player] += 1

    def remove_card(self, player: int, c: int) -> None:
        self.hands[player][c] -= 1
        self.rc[player][KEY_OF[c]] -= 1
        self.hand_len[player] -= 1

    def take_from_stock(self, want: int | None) -> int:
        """Remove and return the top stock card, or ``want`` where the order is unknown."""
        if want is None:
            return self.stock.pop()
        if self.stock_known:
            top = self.stock.pop()
            if top != want:  # pragma: no cover - legality checks this first
                raise AssertionError("drew a card that is not on top of the stock")
            return top
        self.stock.remove(want)
        return want

    def end(self, reason: str) -> None:
        self.phase = OVER
        self.end_reason = reason


def form_sides(s: State, lone: int) -> None:
    """Regroup the sides (``seating.forming = "first_pickup_alone"``): ``lone`` plays alone for
    the rest of the hand; everyone else joins the side of the first of them in seat order, their
    melds joined into that side's (two melds of one rank become one meld, which keeps every card
    even past a wild-card limit: the sources do not say, and this keeps every card in play), and
    the side counts as opened if any of them had melded. Red threes stay with their owners."""
    if s.sides_formed:
        return
    rules = s.rules
    new = regrouped(rules, lone)
    keep = new[0 if lone != 0 else 1]
    into = s.melds[keep]
    for p in range(rules.players):
        side = s.side_of[p]
        if p == lone or side == keep:
            continue
        for key, m in s.melds[side].items():
            old = into.get(key)
            if key >= RUN_KEY0:
                # A run or a closed canasta stays a meld of its own, under a free key.
                free = free_key(into, RUN_KEY0 if key < CLOSED_KEY0 else CLOSED_KEY0)
                into[free] = m._replace(rank=free) if m.kind == RUN else m
            elif old is None:
                into[key] = m
            else:
                into[key] = old._replace(
                    cards=old.cards + m.cards,
                    naturals=old.naturals + m.naturals,
                    wilds=old.wilds + m.wilds,
                )
        s.melds[side] = {}
        s.opened[keep] = s.opened[keep] or s.opened[side]
        s.opened[side] = False
    s.side_of = new


def free_key(melds: dict[int, TableMeld], first: int) -> int:
    """The first key from ``first`` on that ``melds`` does not use (runs, closed canastas)."""
    k = first
    while k in melds:
        k += 1
    return k


def regrouped(rules: Rules, lone: int) -> tuple[int, ...]:
    """The sides after ``lone`` is left alone (``seating.forming``): ``lone`` keeps its seated
    side; every other player plays for the side of the first of them in seat order."""
    keep = rules.side_of[0 if lone != 0 else 1]
    return tuple(rules.side_of[p] if p == lone else keep for p in range(rules.players))


def clear_turn(s: State) -> None:
    """Forget what the turn so far has done: nothing drawn, melded, asked or answered."""
    s.drew = 0
    s.turn_melded = False
    s.turn_added_old = False
    s.turn_new = []
    s.turn_opened = False
    s.turn_value = 0
    s.turn_black3 = False
    s.permission = NOT_ASKED
    s.answerer = -1


def begin_turn(s: State, player: int) -> None:
    """Make ``player`` the one to move, at the start of their turn."""
    s.turn = player
    clear_turn(s)
    s.prior_melded = s.player_melded[player]
    if s.rules.red3_first_turn and not s.had_turn[player] and s.rc[player][RED3_KEY]:
        s.phase = EXPOSE
    elif s.no_draw and s.no_draw >> player & 1:  # a penalty turn with no draw (penalties.py)
        s.no_draw &= ~(1 << player)
        s.drew = NO_DRAW
        s.phase = PLAY
    else:
        s.phase = DRAW


def is_black_three_key(key: int) -> bool:
    return key == BLACK3_KEY


def wild_count(cards: tuple[int, ...] | list[int]) -> int:
    return sum(1 for c in cards if IS_WILD[c])
