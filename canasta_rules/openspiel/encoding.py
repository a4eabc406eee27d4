"""The fixed action encoding of the OpenSpiel game: every legal move to one action id and back.

``legal_moves`` lists each position's moves in canonical form (docs/engine.md). An action id
names a *form* of move; applied to a position, the form picks out its cards (which natural queens,
which wild cards) exactly as the move generator does, so that every canonical move of a position
has its own id. The layout, for a pack with ``N`` naturals of a rank, ``T`` twos and ``J`` jokers
and a meld cap of ``W`` wild cards (all read from the variant's ``Rules``):

=================  ======================  ==================================================
ids                 move                    cards
=================  ======================  ==================================================
0                   ``Draw``                the stock decides (chance nodes follow)
1                   ``Expose``              the red threes held (replacements: chance nodes)
2                   ``Ask``
3, 4                ``Answer`` no, yes
5 + c               ``Discard``             card id ``c`` (0..52)
TAKE + x            ``TakePile``            shown cards: ``n`` naturals of the top card's rank,
                                            ``t`` twos, ``j`` jokers,
                                            ``x = (n * (T'+1) + t) * (J'+1) + j``; any opening
                                            melds laid with it are those ``legal_moves`` lays
ADD + (k-4)         ``Meld`` add            every natural of rank ``k`` held, onto the side's meld
NEW + (k-4)(W'+1)   ``Meld`` new            every natural of rank ``k`` held plus ``w`` wild
    + w                                     cards, twos first
WILD + key          ``Meld`` add            one wild card (a two if held, else a joker) onto the
                                            side's meld ``key`` (0..15)
OPEN + mask         ``Meld`` opening        the opening groups (docs/engine.md) of the ranks in
                                            ``mask`` (bit ``k-4`` for rank ``k``)
RUN + (s, lo, hi)   ``Meld`` new run        the cards of suit ``s`` from rank ``lo`` to ``hi``
                                            (``(s*11 + lo-4)*11 + hi-4``; only with runs)
EXTEND + (s,lo,hi)  ``Meld`` add to a run   the cards that make the side's run of suit ``s``
                                            reach ranks ``lo`` to ``hi`` (same numbering)
TAKE_RUN + (s, lo)  ``TakePile`` onto a run the top card alone onto the side's run of suit
                                            ``s`` whose lowest rank is ``lo`` (``s*11 + lo-4``;
                                            only with runs)
WILD_MELD           ``Meld`` new            a meld of wild cards: every wild card held, twos
                                            first, up to the most such a meld holds (only with
                                            melds of wild cards)
GO_OUT              ``Meld``                the going-out planner's first meld action, where it is
                                            none of the forms above
FOOT                ``Foot``                taking up the foot (only with a foot; replacements for
                                            its red threes: chance nodes)
=================  ======================  ==================================================

with ``T' = min(T, W)``, ``J' = min(J, W)``, ``W' = min(W, T + J)``. ``TAKE`` is 58 and each block
follows the one before, so ``num_distinct_actions`` is ``GO_OUT + 1`` (``FOOT + 1`` with a foot).
Chance outcomes are card ids (0..52): the next card off the stock.
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import cards as C
from ..engine.checks import open_meld, resolve_key
from ..engine.moves import (
    FORM_ADD,
    FORM_NEW,
    FORM_OPEN,
    FORM_WILD,
    FORM_WILD_MELD,
    Answer,
    Ask,
    Discard,
    Draw,
    Expose,
    Foot,
    Meld,
    Move,
    TakePile,
)
from ..engine.pile import opening_groups
from ..engine.rules import (
    CARDS_OF_KEY,
    IS_WILD,
    KEY_OF,
    RUN,
    RUN_REF0,
    Rules,
    run_ref,
    run_ref_parts,
)
from ..engine.state import State, TableMeld

DRAW, EXPOSE, ASK, ANSWER_NO, ANSWER_YES = 0, 1, 2, 3, 4
DISCARD = 5
TAKE = DISCARD + C.NUM_CARD_IDS
_NATURAL_KEYS = tuple(range(4, 15))


class Encoding:
    """The action layout for one variant's pack and wild-card cap."""

    def __init__(self, rules: Rules):
        counts = rules.deck_counts
        self.naturals = max(sum(counts[c] for c in CARDS_OF_KEY[k]) for k in _NATURAL_KEYS)
        twos = sum(counts[c] for c in CARDS_OF_KEY[C.TWO])
        jokers = counts[C.JOKER]
        cap = rules.max_wild
        self.t = min(twos, cap)
        self.j = min(jokers, cap)
        self.w = min(cap, twos + jokers)
        self.add = TAKE + (self.naturals + 1) * (self.t + 1) * (self.j + 1)
        self.new = self.add + len(_NATURAL_KEYS)
        self.wild = self.new + len(_NATURAL_KEYS) * (self.w + 1)
        self.open = self.wild + 16
        self.run = self.open + (1 << len(_NATURAL_KEYS))
        self.extend = self.run + (_RUN_FORMS if rules.runs else 0)
        self.take_run = self.extend + (_RUN_FORMS if rules.runs else 0)
        self.wild_meld = self.take_run + (_TAKE_RUN_FORMS if rules.runs else 0)
        self.go_out = self.wild_meld + (1 if rules.wild_melds else 0)
        self.wild_meld_max = rules.wild_meld_max
        self.closed = rules.canasta_closed
        self.foot = self.go_out + 1 if rules.foot else -1
        self.size = self.go_out + 1 + (1 if rules.foot else 0)
        self.forms = self._form_ids(rules)

    def _form_ids(self, rules: Rules) -> dict[int, int]:
        """The ids of the forms the move generator names (``Meld.form``), where the form alone
        decides the id. Under runs a new meld's shape may read as a run, and a closed canasta
        caps what a form takes: such melds are worked out from their cards (``_meld_action``).
        The tests hold both ways to the same ids."""
        out: dict[int, int] = {}
        if not rules.runs:
            for mask in range(1, 1 << len(_NATURAL_KEYS)):
                out[FORM_OPEN | mask] = self.open + mask
        if rules.canasta_closed:
            return out
        for k in _NATURAL_KEYS:
            out[FORM_ADD | k] = self.add + k - 4
            if not rules.runs:
                for w in range(self.w + 1):
                    out[FORM_NEW | k << 6 | w] = self.new + (k - 4) * (self.w + 1) + w
        for k in range(16):
            out[FORM_WILD | k] = self.wild + k
        if self.wild_meld < self.go_out:
            out[FORM_WILD_MELD] = self.wild_meld
        return out

    # ------------------------------------------------------------------ moves to ids
    def actions(self, s: State, moves: Sequence[Move]) -> dict[int, Move]:
        """The legal moves ``moves`` of position ``s`` by their ids: :meth:`action` for each, with
        what the hand holds worked out once for all the melds among them."""
        out: dict[int, Move] = {}
        view: _HandView | None = None
        forms = self.forms
        for m in moves:
            if type(m) is Discard:  # the exact type: quicker than isinstance, and moves are final
                out[DISCARD + m.card] = m
            elif type(m) is Meld:
                a = forms.get(m.form)
                if a is None:
                    if view is None:
                        view = _HandView(s)
                    a = self._meld_action(s, m, view)
                out[a] = m
            else:
                out[self.action(s, m)] = m
        if len(out) != len(moves):  # pragma: no cover - the encoding's promise; tests check it
            ids = [self.action(s, m) for m in moves]
            raise AssertionError(f"two moves share an action id: {ids}, {[str(m) for m in moves]}")
        return out

    def action(self, s: State, m: Move) -> int:
        """The id of the legal move ``m`` in position ``s``."""
        if isinstance(m, Discard):  # the most frequent first
            return DISCARD + m.card
        if isinstance(m, Meld):
            return self._meld_action(s, m, _HandView(s))
        if isinstance(m, Draw):
            return DRAW
        if isinstance(m, Expose):
            return EXPOSE
        if isinstance(m, Foot):
            return self.foot
        if isinstance(m, Ask):
            return ASK
        if isinstance(m, Answer):
            return ANSWER_YES if m.yes else ANSWER_NO
        if isinstance(m, TakePile) and m.onto:
            suit, rank = run_ref_parts(m.onto)
            run = _run_of(s, s.side_of[s.turn], suit, rank)
            if run is None:  # pragma: no cover - a legal move names a run of the side
                raise ValueError(f"no action id for {m}")
            return self.take_run + suit * 11 + run.low - 4
        if isinstance(m, TakePile):
            n = sum(1 for c in m.shown if not IS_WILD[c])
            t = sum(1 for c in m.shown if KEY_OF[c] == C.TWO)
            j = len(m.shown) - n - t
            if n > self.naturals or t > self.t or j > self.j:  # pragma: no cover - by the caps
                raise ValueError(f"no action id for {m}")
            return TAKE + (n * (self.t + 1) + t) * (self.j + 1) + j
        raise ValueError(f"no action id for {m}")  # pragma: no cover - every kind is above

    def _meld_action(self, s: State, m: Meld, view: _HandView) -> int:
        """A meld's form, if the form picks out exactly its cards; else ``go_out``."""
        melds, adds = m.melds, m.adds
        if view.opened and not self.closed:
            # The common forms of an opened side, decided here as ``_meld_form`` and ``_parts``
            # decide them (the tests hold the two ways to the same ids).
            if not melds and len(adds) == 1 and adds[0][0] < RUN_REF0:
                k, g = adds[0]
                if len(g) == 1 and IS_WILD[g[0]]:  # WILD + key: one wild card, a two first
                    wild = view.wilds()
                    ok = 0 <= k < 16 and wild and g == wild[:1]
                    return self.wild + k if ok else self.go_out
                if 4 <= k <= 14:  # ADD: every natural of the rank held
                    return self.add + k - 4 if g == view.of_key(k) else self.go_out
                return self.go_out
            if not adds and len(melds) == 1 and self.run == self.extend:
                g = melds[0]
                w = sum(IS_WILD[c] for c in g)
                if w < len(g):  # NEW: every natural of the rank held and w wild cards
                    k = next(KEY_OF[c] for c in g if not IS_WILD[c])
                    if 4 <= k <= 14 and w <= self.w and g == view.of_key(k) + view.wilds()[:w]:
                        return self.new + (k - 4) * (self.w + 1) + w
                    return self.go_out
        a = self._meld_form(s, m, view.side)
        if a is not None and self._parts(s, a, view) == (m.melds, m.adds):
            return a
        return self.go_out

    def _meld_form(self, s: State, m: Meld, side: int) -> int | None:
        if not s.opened[side]:
            if m.adds or not m.melds:
                return None
            mask = 0
            for g in m.melds:
                k = next(KEY_OF[c] for c in g if not IS_WILD[c])
                if k not in _NATURAL_KEYS:
                    return None
                mask |= 1 << (k - 4)
            return self.open + mask
        if len(m.melds) + len(m.adds) != 1:
            return None
        if m.adds:
            k, g = m.adds[0]
            if k >= RUN_REF0:
                suit, rank = run_ref_parts(k)
                run = _run_of(s, side, suit, rank)
                if run is None or self.extend == self.wild_meld:
                    return None
                ranks = [run.low, run.high, *(C.RANK_OF[c] for c in g)]
                return self.extend + _run_form(suit, min(ranks), max(ranks))
            if len(g) == 1 and IS_WILD[g[0]]:
                return self.wild + k if 0 <= k < 16 else None
            return self.add + k - 4 if k in _NATURAL_KEYS else None
        g = m.melds[0]
        if all(IS_WILD[c] for c in g):
            return self.wild_meld if self.wild_meld < self.go_out else None
        suits = {C.SUIT_OF[c] for c in g}
        if self.run < self.extend and len(suits) == 1 and len({KEY_OF[c] for c in g}) == len(g):
            ranks = [C.RANK_OF[c] for c in g]
            return self.run + _run_form(suits.pop(), min(ranks), max(ranks))
        k = next((KEY_OF[c] for c in g if not IS_WILD[c]), -1)
        w = sum(1 for c in g if IS_WILD[c])
        if k not in _NATURAL_KEYS or w > self.w:
            return None
        return self.new + (k - 4) * (self.w + 1) + w

    # ------------------------------------------------------------------ ids to meld moves
    def meld(self, s: State, a: int) -> Meld | None:
        """The canonical meld action of form ``a`` in ``s`` (None: not a meld form)."""
        parts = self._parts(s, a, _HandView(s))
        return None if parts is None else Meld(melds=parts[0], adds=parts[1])

    def _parts(self, s: State, a: int, view: _HandView) -> _MeldParts | None:
        """``meld(s, a)`` as its two fields, new melds and adds (None: not a meld form)."""
        r = s.rules
        if self.add <= a < self.new:
            k = a - self.add + 4
            nat = view.of_key(k)
            if r.canasta_closed:  # as the generator: only what the canasta still takes
                old = open_meld(s, view.side, k)
                nat = nat[: max(0, r.canasta_size - old.size)] if old is not None else ()
            return (), ((k, nat),)
        if self.new <= a < self.wild:
            k, w = divmod(a - self.new, self.w + 1)
            nat = view.of_key(k + 4)
            if r.canasta_closed:
                nat = nat[: r.canasta_size]
            return (nat + view.wilds()[:w],), ()
        if self.wild <= a < self.open:
            wild = view.wilds()
            return ((), ((a - self.wild, wild[:1]),)) if wild else None
        if self.open <= a < self.run:
            mask = a - self.open
            chosen = tuple(g for g, k in view.groups() if mask >> (k - 4) & 1)
            return (chosen, ()) if chosen else None
        if self.run <= a < self.extend:
            suit, lo, hi = _run_parts(a - self.run)
            return (tuple(C.card(k, suit) for k in range(lo, hi + 1)),), ()
        if self.extend <= a < self.wild_meld:
            suit, lo, hi = _run_parts(a - self.extend)
            run = next(
                (
                    m
                    for m in s.melds[view.side].values()
                    if m.kind == RUN and m.suit == suit and lo <= m.low and m.high <= hi
                ),
                None,
            )
            if run is None:
                return None
            ext = [C.card(k, suit) for k in range(lo, hi + 1) if not run.low <= k <= run.high]
            return ((), ((run_ref(suit, run.low), tuple(sorted(ext))),)) if ext else None
        if a == self.wild_meld and self.wild_meld < self.go_out:
            return (view.wilds()[: self.wild_meld_max],), ()
        return None

    def describe(self, a: int) -> str:
        """The form of action ``a`` in words (for ``action_to_string``)."""
        if a == DRAW:
            return "draw"
        if a == EXPOSE:
            return "expose"
        if a == self.foot:
            return "foot"
        if a == ASK:
            return "ask"
        if a in (ANSWER_NO, ANSWER_YES):
            return "answer " + ("yes" if a == ANSWER_YES else "no")
        if DISCARD <= a < TAKE:
            return f"discard {C.name(a - DISCARD)}"
        if TAKE <= a < self.add:
            x = a - TAKE
            nt, j = divmod(x, self.j + 1)
            n, t = divmod(nt, self.t + 1)
            return f"take showing {n} natural(s), {t} two(s), {j} joker(s)"
        if self.add <= a < self.new:
            return f"add {C.rank_word(a - self.add + 4, True)}"
        if self.new <= a < self.wild:
            k, w = divmod(a - self.new, self.w + 1)
            return f"meld {C.rank_word(k + 4, True)} with {w} wild card(s)"
        if self.wild <= a < self.open:
            return f"add a wild card to meld {a - self.wild}"
        if self.open <= a < self.run:
            mask = a - self.open
            ranks = [C.rank_word(k, True) for k in _NATURAL_KEYS if mask >> (k - 4) & 1]
            return "open with " + ", ".join(ranks)
        if self.run <= a < self.extend:
            suit, lo, hi = _run_parts(a - self.run)
            return f"meld the run {C.name(C.card(lo, suit))} to {C.name(C.card(hi, suit))}"
        if self.extend <= a < self.wild_meld:
            suit, lo, hi = _run_parts(a - self.extend)
            return f"extend a run to {C.name(C.card(lo, suit))} to {C.name(C.card(hi, suit))}"
        if self.take_run <= a < self.wild_meld:
            suit, low = divmod(a - self.take_run, 11)
            return f"take the pile onto the run from {C.name(C.card(low + 4, suit))}"
        if a == self.wild_meld and a < self.go_out:
            return "meld wild cards"
        if a == self.go_out:
            return "go-out meld"
        return f"action {a}"


_RUN_FORMS = 4 * 11 * 11
"""Runs (or run extensions) by suit, lowest and highest rank (4..14)."""
_TAKE_RUN_FORMS = 4 * 11
"""Pickups onto a run, by the run's suit and lowest rank."""


def _run_form(suit: int, lo: int, hi: int) -> int:
    return (suit * 11 + lo - 4) * 11 + hi - 4


def _run_parts(x: int) -> tuple[int, int, int]:
    sl, hi = divmod(x, 11)
    suit, lo = divmod(sl, 11)
    return suit, lo + 4, hi + 4


def _run_of(s: State, side: int, suit: int, rank: int) -> TableMeld | None:
    """The side's run of ``suit`` holding ``rank`` that an ``add`` names (checks.resolve_key)."""
    key = resolve_key(s, side, run_ref(suit, rank))
    return None if key is None else s.melds[side][key]


_MeldParts = tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, tuple[int, ...]], ...]]
"""A meld action's ``melds`` and ``adds``."""


class _HandView:
    """What the player to move holds, as the meld forms read it, worked out once a position."""

    __slots__ = ("_groups", "_keys", "_s", "_wilds", "hand", "opened", "side")

    def __init__(self, s: State):
        self._s = s
        self.hand = s.hands[s.turn]
        self.side = s.side_of[s.turn]
        """The mover's side at this point of the hand, whose melds the forms read (sides may
        regroup during a hand, ``seating.forming``: then it is not the seat's first side)."""
        self.opened = s.opened[self.side]
        self._keys: dict[int, tuple[int, ...]] = {}
        self._wilds: tuple[int, ...] | None = None
        self._groups: list[tuple[tuple[int, ...], int]] | None = None

    def of_key(self, key: int) -> tuple[int, ...]:
        """Every card of ``key`` held, in card order."""
        got = self._keys.get(key)
        if got is None:
            got = self._keys[key] = _of_key(self.hand, key)
        return got

    def wilds(self) -> tuple[int, ...]:
        """The wild cards held, twos first."""
        if self._wilds is None:
            self._wilds = self.of_key(C.TWO) + self.of_key(C.JOKER_RANK)
        return self._wilds

    def groups(self) -> list[tuple[tuple[int, ...], int]]:
        """The opening groups of the hand, each with its rank."""
        if self._groups is None:
            self._groups = [
                (g, next(KEY_OF[c] for c in g if not IS_WILD[c]))
                for g in opening_groups(self._s, self.hand)
            ]
        return self._groups


def _of_key(hand: list[int], key: int) -> tuple[int, ...]:
    out: list[int] = []
    for c in CARDS_OF_KEY[key]:
        out.extend([c] * hand[c])
    return tuple(out)
