"""A position: one moment of a hand, written out (the engine side of the position format).

Used for rulings, puzzles, tests and scoring a finished hand. A position lists what is on the table
and in every hand; what it leaves out is derived: the stock is the rest of the pack (in an unknown
order, unless given), a side that has melds has opened, the pile is frozen when it holds a card
that freezes it.

The state of the turn in progress (how it began, what has been melded in it, what partner
answered) is a :class:`TurnState`, read from a state by :func:`turn_state_of` and written into one
by :meth:`Position.to_state`. A new kind of turn-level state in the engine is one more field there
(and one more word in the notation's ``turn:`` line), nothing else.

Meld kinds: a position lists a side's melds as card groups; :func:`file_melds` files them under
the keys the engine uses (a group under its rank, the meld of wild cards under ``WILD_KEY``, runs
under ``RUN_KEY0 + n`` and closed canastas moved aside under ``CLOSED_KEY0 + n``, each in the order
listed), so melds written in key order read back under the same keys.

The opening judged over the whole turn (issue 9): whether the side began opening this turn, and
the count laid so far, follow from the layout and the turn's new melds, since a side that opens
this turn had no melds when the turn began: every meld it has was begun this turn, and every card
in them counts. Black threes melded this turn are a ``new`` meld of key 3.

Unseen cards: with ``stock_count`` the stock is a number of cards, not the whole rest of the pack;
the other unplaced cards lie unseen at the bottom of the pile (``pile_unseen`` of them). Which
unplaced cards are where is not known: :func:`bring_to_stock` moves a card a move names into the
stock (swapping it with an unseen pile card) before the move is judged.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import cards as C
from .checks import check_new_meld, resolve_key
from .dealing import empty_state, fill_stock
from .meldkinds import KIND, closed_group, kind_of_new, run_span, set_aside
from .rules import (
    BLACK3_KEY,
    CLOSED_KEY0,
    IS_WILD,
    KEY_OF,
    RED3_KEY,
    RUN,
    RUN_REF0,
    Rules,
    run_ref,
)
from .state import (
    DealError,
    Permission,
    Phase,
    State,
    TableMeld,
    form_sides,
    free_key,
    regrouped,
)

STOCK, PILE = 1, 2
UNDRAWN = -1
"""``TurnState.drew`` for a turn that has not drawn yet: the player asked partner before drawing
(``going_out.permission.when`` with ``before_draw``)."""


@dataclass(frozen=True)
class TurnState:
    """What has happened so far in the turn in progress (PLAY and ANSWER phases, and DRAW after
    partner answered a question asked before the draw)."""

    drew: int = 0
    """1: the turn began with a stock draw; 2: with taking the pile; ``UNDRAWN``: not yet (asked
    before drawing); 0: not said (a stock draw)."""
    taken: tuple[int, ...] = ()
    """The cards that came with the pile, when the turn began by taking it (for the reader)."""
    new_melds: tuple[int, ...] = ()
    """The melds begun this turn: for a group its rank (3: black threes, which oblige the turn to
    end by going out), ``WILD_KEY`` for the meld of wild cards, and for a run a reference to a card
    of it (``run_ref(suit, rank)``), since a run's key depends on the order runs were laid."""
    added_old: bool = False
    """Cards were added this turn to melds from before it."""
    first_melds: bool = False
    """The player's own first melds of the hand were laid this turn."""
    meld_action: bool = False
    """The player has made a meld action this turn (a pickup's melds do not count: asking
    permission must come before any meld action)."""
    permission: Permission = Permission.NONE
    """Partner's answer to "may I go out?" this turn."""
    opening: int | None = None
    """The count the side has laid this turn toward its initial-meld minimum, when it began
    opening this turn (the minimum is judged over the whole turn); None: not said, and then
    derived from the layout (see the module's notes). Said, it must agree with the layout."""
    walking: bool = False
    """In the FOOT phase: the hand ended with a discard, so the turn ends once the foot is taken
    up (``State.walking``); otherwise the player plays on."""


def live_turn(s: State) -> bool:
    """Whether ``s`` has a turn in progress worth writing: drawn (PLAY), asking (ANSWER), or
    answered before the draw (DRAW with partner's answer)."""
    if s.phase in (Phase.PLAY, Phase.ANSWER, Phase.FOOT):
        return True
    return s.phase == Phase.DRAW and s.permission != Permission.NONE


def turn_state_of(s: State) -> TurnState:
    """The turn-level state of ``s`` (``taken`` is not kept by the engine, so it is empty)."""
    if not live_turn(s):
        return TurnState()
    side = s.side_of[s.turn]
    new = []
    for k in s.turn_new:
        m = s.melds[side].get(k)
        if m is not None and m.kind == RUN:
            k = run_ref(m.suit, m.low)
        new.append(k)
    return TurnState(
        drew=s.drew or UNDRAWN,
        new_melds=tuple(new),
        added_old=s.turn_added_old,
        first_melds=s.player_melded[s.turn] and not s.prior_melded,
        meld_action=s.turn_melded,
        permission=s.permission,
        opening=s.turn_value if s.turn_opened else None,
        walking=s.walking,
    )


def opening_value(r: Rules, melds: list[tuple[int, ...]]) -> int:
    """The count of every card in a side's melds: what a side that began opening this turn has
    laid toward its minimum so far."""
    return sum(r.value[c] for g in melds for c in g)


def answerer_of(r: Rules, asker: int) -> int:
    """The partner who answers ``asker``'s question (the next one in the direction of play)."""
    partners = r.partners(asker)
    best = partners[0]
    for q in partners:
        if (q - asker) * r.step % r.players < (best - asker) * r.step % r.players:
            best = q
    return best


def askers_of(r: Rules, answerer: int) -> list[int]:
    """The seats whose question ``answerer`` would answer."""
    return [p for p in r.partners(answerer) if r.partners(p) and answerer_of(r, p) == answerer]


def meld_key(rules: Rules, cards: tuple[int, ...] | list[int]) -> int | None:
    """What kind of meld the cards form, as the engine's new-meld check reads them: the rank of
    a group, ``WILD_KEY`` for wild cards alone, ``NEW_RUN`` for a run (its key is given when it
    is filed); None for cards that form no meld of any kind."""
    _, key, _, _ = check_new_meld(rules, cards)
    return key or None


def file_melds(r: Rules, groups: list[tuple[int, ...]]) -> tuple[dict[int, TableMeld], list[int]]:
    """A side's melds filed under the engine's keys, and each group's key in the order given.

    Raises DealError for cards that form no meld, or for two open groups of one rank (a second
    group of a rank is allowed where the variant closes canastas and one of the two is a closed
    canasta, which is filed aside as the engine files it)."""
    melds: dict[int, TableMeld] = {}
    keys: list[int] = []
    for g in groups:
        rank = meld_key(r, g)
        if rank is None:
            raise DealError(f"meld {C.names(g)} does not have one natural rank")
        kind = KIND[kind_of_new(rank)]
        if kind.code == RUN and run_span(g) is None:
            raise DealError(f"meld {C.names(g)} is not a run")
        key = kind.home(melds, rank)
        meld = kind.build(key, tuple(g), sum(1 for c in g if IS_WILD[c]))
        old = melds.get(key)
        if old is not None:
            if closed_group(r, meld):
                key = free_key(melds, CLOSED_KEY0)
            elif closed_group(r, old):
                keys[keys.index(key)] = set_aside(melds, key)
            else:
                word = "black threes" if rank == BLACK3_KEY else C.rank_word(rank, True)
                raise DealError(f"two melds of {word} on one side")
        melds[key] = meld
        keys.append(key)
    return melds, keys


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
    """The discard pile, bottom to top (the cards written; see ``pile_unseen``)."""
    stock: list[int] | None = None
    """The stock, top last; None: the rest of the pack, order unknown."""
    scores: list[int] | None = None
    """Each side's cumulative score before this hand."""
    dealer: int = 0
    hand_no: int = 1
    turn: int = 0
    phase: Phase = Phase.DRAW
    drew: int = 0
    """In the PLAY phase: 1 if the turn began with a stock draw, 2 with the pile (kept for callers
    that set it alone; ``turn_state.drew`` wins when set)."""
    frozen: bool | None = None
    """None: frozen when the pile holds a wild card (or a black three that freezes). False under
    ``pile.frozen_at_start`` also says the side to move has taken the pile this hand."""
    frozen_against: tuple[int, ...] | None = None
    """The sides a card in the pile freezes it against, when not every side
    (``pile.discard_freezes_against = "opponents"``): the others are spared. Wins over
    ``frozen``."""
    melded: list[bool] | None = None
    """Which seats have melded this hand (None: every member of a side with melds)."""
    asked: list[bool] | None = None
    """Which seats have asked to go out this hand (``going_out.permission.once_per_hand``;
    None: nobody)."""
    pile_takers: int = 0
    """Bit per side: the sides that have taken the pile this hand (``pile.frozen_at_start``)."""
    permission: Permission = Permission.NONE
    went_out: int = -1
    concealed: bool = False
    turn_state: TurnState | None = None
    """The turn in progress; None: only ``drew`` and ``permission`` above."""
    answerer: int = -1
    """In the ANSWER phase: the partner answering (``turn`` is the one who asked)."""
    had_turn: list[bool] | None = None
    """Which seats have had a turn this hand (None: all, except, where dealt red threes are laid
    down on the first turn, a seat still holding one)."""
    stock_count: int | None = None
    """The stock as a number of unseen cards (None: every unplaced card)."""
    pile_unseen: int = 0
    """Unseen cards at the bottom of the pile, below ``pile``."""
    previous: list[int] | None = None
    """Each side's score in the previous hand (for ``initial_meld.basis = "previous_hand"``)."""
    alone: int = -1
    """Under ``seating.forming = "first_pickup_alone"``: the seat playing alone once the sides
    have regrouped this hand (-1: not yet). The others' melds are then listed under the side of
    the first of them in seat order; red threes stay on their owners' lines."""
    meld_keys: list[list[int]] = field(default_factory=list)
    """Set by :meth:`to_state`: the key each listed meld was filed under, per side."""
    feet: list[list[int]] | None = None
    """Each seat's foot (``foot.kind = "foot"``), ``[]`` once taken up; None in a variant
    without a foot."""

    def to_state(self) -> State:
        r = self.rules
        n = r.players
        s = empty_state(
            r, self.dealer, self.scores or [0] * r.sides, self.hand_no, self.previous or None
        )
        if len(self.hands) != n:
            raise DealError(f"the position lists {len(self.hands)} hands for {n} players")
        counts = [0] * C.NUM_CARD_IDS
        for p, h in enumerate(self.hands):
            for c in h:
                s.add_card(p, c)
                counts[c] += 1
        self.meld_keys = []
        for side, melds in enumerate(self.melds):
            if side >= r.sides:
                raise DealError(f"melds listed for side {side}, but there are {r.sides} sides")
            s.melds[side], keys = file_melds(r, melds)
            self.meld_keys.append(keys)
            for g in melds:
                for c in g:
                    counts[c] += 1
            s.opened[side] = bool(melds)
        if self.alone >= 0:
            if not r.lone_pickup:
                raise DealError("this ruleset's sides do not regroup in a hand (seating.forming)")
            s.side_of = regrouped(r, self.alone % n)
            for side in range(r.sides):
                if s.melds[side] and not s.members(side):
                    raise DealError(
                        f"melds listed for side {side}, whose player now plays for a partner's "
                        "side: list them there"
                    )
        for side, reds in enumerate(self.red_threes):
            for c in reds:
                if not r.bonus[c]:  # red threes, and black ones where black_threes.bonus
                    raise DealError(f"{C.name(c)} is not a red three")
                s.red3[side].append(c)
                counts[c] += 1
        if r.foot:
            if self.feet is None or len(self.feet) != n:
                raise DealError(
                    "this ruleset deals every player a foot: the position lists each one"
                )
            for p, foot in enumerate(self.feet):
                if foot and len(foot) != r.foot_size:
                    raise DealError(
                        f"seat {p}'s foot holds {len(foot)} cards; this ruleset deals "
                        f"{r.foot_size} (or none once taken up)"
                    )
                for c in foot:
                    counts[c] += 1
            s.feet = [tuple(f) for f in self.feet]
        elif self.feet:
            raise DealError("this ruleset deals no foot")
        for c in self.pile:
            counts[c] += 1
        if self.frozen is None:
            s.frozen = False
            for c in self.pile:
                if r.pile_card_freezes[c]:
                    s.frozen = True
                    s.freeze_card = c
                    break
        else:
            s.frozen = self.frozen
        fill_stock(s, counts, self.stock, "position")
        unseen = self._unseen_in_pile(s)
        s.pile = unseen + list(self.pile)
        if self.melded is None:
            s.player_melded = [s.opened[s.side_of[p]] for p in range(n)]
        else:
            s.player_melded = list(self.melded)
        s.asked_hand = sum(1 << p for p, a in enumerate(self.asked or ()) if a)
        s.pile_takers = self.pile_takers
        if self.had_turn is not None:
            s.had_turn = list(self.had_turn)
        else:
            s.had_turn = [not (r.red3_first_turn and s.rc[p][RED3_KEY]) for p in range(n)]
        s.turn = self.turn % n
        if self.frozen is False and r.freeze_spares_discarder:
            # Where a discard freezes the pile only against the discarder's opponents (003),
            # 'frozen no' beside a freezing card in the pile says the mover's side laid it.
            for c in self.pile:
                if r.discard_freezes[c]:
                    s.frozen = True
                    s.freeze_card = c
                    s.freeze_spared = 1 << s.side_of[s.turn]
                    break
        if self.frozen_against is not None:
            s.frozen = True
            s.freeze_spared = sum(1 << x for x in range(r.sides) if x not in self.frozen_against)
            s.freeze_card = next((c for c in self.pile if r.discard_freezes[c]), -1)
        if self.frozen is False and r.frozen_at_start:
            # 'frozen no' speaks for the player to move, as in records: where the pile starts
            # each hand frozen (003), it says that the mover's side has taken it this hand.
            s.pile_takers |= 1 << s.side_of[s.turn]
        s.phase = self.phase
        ts = self.turn_state or TurnState(drew=self.drew, permission=self.permission)
        live = self.phase in (Phase.PLAY, Phase.ANSWER, Phase.FOOT)
        s.prior_melded = s.player_melded[s.turn] and not (live and ts.first_melds)
        if live:
            s.drew = 0 if ts.drew == UNDRAWN else ts.drew or STOCK
            if s.drew == PILE:  # the side has taken the pile this hand: this turn
                s.pile_takers |= 1 << s.side_of[s.turn]
            self._turn_melds(s, ts)
            s.turn_added_old = ts.added_old
            s.turn_melded = ts.meld_action
            s.walking = self.phase == Phase.FOOT and ts.walking
        if live or self.phase == Phase.DRAW:
            s.permission = ts.permission
        if self.phase == Phase.ANSWER:
            s.answerer = self.answerer if self.answerer >= 0 else answerer_of(r, s.turn)
        if self.went_out >= 0 or self.phase == Phase.OVER:
            s.phase = Phase.OVER
            s.out_player = self.went_out
            s.concealed = self.concealed
            s.end_reason = "went_out" if self.went_out >= 0 else "stock_exhausted"
            if r.lone_pickup and self.went_out >= 0:
                form_sides(s, self.went_out)  # as the engine does when a player goes out
        return s

    def _turn_melds(self, s: State, ts: TurnState) -> None:
        """The turn's new melds (run references resolved to keys) and the opening so far."""
        side = s.side_of[s.turn]
        new = []
        for ref in ts.new_melds:
            key = resolve_key(s, side, ref) if ref >= RUN_REF0 else ref
            if key is None or (key not in s.melds[side] and ref < RUN_REF0):
                raise DealError("a meld begun this turn is not among the side's melds")
            new.append(key)
        s.turn_new = new
        s.turn_black3 = BLACK3_KEY in new
        melds = self.melds[side] if side < len(self.melds) else []
        # The side began opening this turn when every meld it has was begun this turn.
        begun = bool(melds) and not ts.added_old and set(s.melds[side]) <= set(new)
        if ts.opening is not None:
            s.turn_opened = True
            s.turn_value = ts.opening
        elif begun:
            s.turn_opened = True
            s.turn_value = opening_value(self.rules, melds)

    def _unseen_in_pile(self, s: State) -> list[int]:
        """Move the unplaced cards that are not in the stock to the bottom of the pile.

        Which cards those are is unknown; cards that would freeze the pile or change a ruling by
        their kind (wild cards, threes) stay in the stock as long as it has room, so that the
        unseen part of the pile is plain cards."""
        if self.stock_count is None and not self.pile_unseen:
            return []
        if self.stock is not None:
            raise DealError("a stock given card by card has no unseen cards")
        total = len(s.stock)
        want = total - self.pile_unseen if self.stock_count is None else self.stock_count
        if want < 0 or want + self.pile_unseen != total:
            raise DealError(
                f"{total} cards are not written anywhere: the stock ({want}) and the unseen "
                f"cards of the pile ({self.pile_unseen}) must hold them all"
            )

        # Red threes first (one in the pile would have been laid down), then wild cards and
        # black threes (one in the pile would freeze it), then the plain cards.
        def rank(c: int) -> int:
            return 0 if KEY_OF[c] == RED3_KEY else 1 if IS_WILD[c] or KEY_OF[c] == 3 else 2

        order = sorted(s.stock, key=rank)  # the stock takes them first
        s.stock = order[:want]
        return order[want:]


def bring_to_stock(s: State, cards: tuple[int, ...], unseen: int) -> int:
    """Make sure each of ``cards`` is in ``s``'s unknown-order stock, swapping it with an unseen
    card at the bottom of the pile (one of the lowest ``unseen``) where it lies there instead.

    Returns how many unseen pile cards remain (unchanged: a swap keeps the counts)."""
    if s.stock_known or not unseen:
        return unseen
    for c in cards:
        need = cards.count(c)
        have = s.stock.count(c)
        while have < need:
            try:
                i = s.pile.index(c, 0, unseen)
            except ValueError:
                break
            # Swap with a stock card that the move does not name.
            j = next((k for k, x in enumerate(s.stock) if x not in cards), None)
            if j is None:
                break
            s.pile[i], s.stock[j] = s.stock[j], s.pile[i]
            have += 1
    return unseen
