"""The bookkeeping of one position of the OpenSpiel game (:class:`Table`): the deal card by card,
the stock cards a move waits for (chance nodes), the engine's ``State`` once dealt, the hand's
public log and the cards known to be in hands. :mod:`.game` wraps a Table as a ``pyspiel.State``;
:mod:`.seen` says what a player sees of it.

Plain Python, so that copying a position (``copy.deepcopy``, which OpenSpiel's ``clone`` uses) is
cheap; and on the path of every action, so it is written for speed where measured
(``bench/openspiel_speed.py``).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from itertools import compress
from typing import Any

import pyspiel

from .. import cards as C
from ..engine.apply import apply_unchecked
from ..engine.checks import talon_size
from ..engine.dealing import from_layout
from ..engine.generate import legal_moves
from ..engine.legality import draw_ends_hand
from ..engine.moves import Discard, Draw, Expose, Foot, Meld, Move, TakePile
from ..engine.rules import RED3_KEY, Rules
from ..engine.scoring import score_hand
from ..engine.state import State
from .encoding import Encoding

LogEntry = tuple[int, str, int | Move | None]
"""A line of a hand's history: who may see it (-1: everyone), then its words: the text alone, or
followed by a card's name or what everyone sees of a move (:func:`.seen.log_text`)."""

MAX_PLAYERS = 6
_SEAT = [f"seat {p}: " for p in range(MAX_PLAYERS)]
_CARD_IDS = range(C.NUM_CARD_IDS)
TERMINAL = int(pyspiel.PlayerId.TERMINAL)
CHANCE = int(pyspiel.PlayerId.CHANCE)


def _count_out(ids: list[int], held: list[int], c: int) -> None:
    """Take one card ``c`` out of the counts ``held`` of the cards ``ids`` (in order of id)."""
    i = bisect_left(ids, c)
    if held[i] == 1:
        del ids[i], held[i]
    else:
        held[i] -= 1


class Setup:
    """What every position of one game shares: the rules at the table's size, the action
    encoding, whether a game is one hand or a whole game, and the chance probabilities."""

    def __init__(self, rules: Rules, whole_game: bool):
        self.rules = rules
        self.encoding = Encoding(rules)
        self.whole_game = whole_game
        self.most_copies = max(rules.deck_counts)
        self.deck_ids = [c for c in _CARD_IDS if rules.deck_counts[c]]
        self.deck_held = [rules.deck_counts[c] for c in self.deck_ids]
        self.shares: dict[int, list[float]] = {}
        """``shares[total][n]`` is ``n / total``: a chance outcome's probability, for ``n``
        copies of a card among ``total`` cards left (made as chance nodes ask)."""


class Table:
    """Everything a position of the OpenSpiel game holds: an engine ``State`` (once dealt), the
    deal and draw in progress, the public log and the cards known in hands. Plain Python, so that
    copying it (``copy.deepcopy``, which OpenSpiel's ``clone`` uses) is cheap."""

    def __init__(self, setup: Setup):
        self.setup = setup
        self.rules = setup.rules
        self.enc = setup.encoding
        r = self.rules
        self.scores = [0] * r.sides
        self.hand_no = 1
        self.dealer = 0
        self.totals: list[int] = [0] * r.sides
        self.done = False
        self.s: State | None = None
        self.log: list[LogEntry] = []
        """The hand's history: (seat who may see it, -1 for everyone; its words, see
        :func:`_log_text`), put into words only when an information state asks for it."""
        self.words: list[str] = []
        """The words of the first ``len(words)`` entries of ``log``, kept once made."""
        self.known: list[list[int]] = [[0] * C.NUM_CARD_IDS for _ in range(r.players)]
        self._legal: dict[int, Move] | None = None
        self._ids: list[int] = []
        """The cards chance deals from (before the deal ends, the cards not dealt; then the
        stock), in order of card id, each once: what chance outcomes list."""
        self._held: list[int] = []
        """How many of each card of ``_ids`` there are."""
        self._total = 0
        """How many cards there are in all. In play, the counts hold while this is the
        stock's size; -1 or another size means count the stock again."""
        self._start_deal()

    # ------------------------------------------------------------------ dealing
    def _start_deal(self) -> None:
        r = self.rules
        self.remaining = list(r.deck_counts)
        self._ids = self.setup.deck_ids[:]
        self._held = self.setup.deck_held[:]
        self._total = sum(self._held)
        self.deal_hands: list[list[int]] = [[] for _ in range(r.players)]
        self.deal_pile: list[int] = []
        self.deal_red3: list[list[int]] = [[] for _ in range(r.players)]
        self.deal_feet: list[list[int]] = [[] for _ in range(r.players)]
        self.dealt = 0  # cards dealt to the hands and feet so far
        self.deal_stage = 0  # 0 hands, 1 upcards, 2 red-three replacements, 3 dealt
        self.deal_next = r.next_seat(self.dealer)
        self.expose_seat = r.next_seat(self.dealer)
        self.expose_done = 0
        self.pending: Move | None = None
        self.pending_need = 0
        self.pending_cards: list[int] = []
        self.s = None
        self.log = []
        self.words = []
        self.known = [[0] * C.NUM_CARD_IDS for _ in range(r.players)]

    def _deal_card(self, c: int) -> None:
        r = self.rules
        self.remaining[c] -= 1
        self._count_out(c)
        if self.deal_stage == 0:
            p = self.deal_next
            if self.dealt < r.hand_size * r.players:
                self.deal_hands[p].append(c)
                self.log.append((p, "dealt ", c))
            else:  # the feet, dealt after the hands and seen by nobody (foot.kind = "foot")
                self.deal_feet[p].append(c)
                self.log.append((-1, "dealt a foot card, face down", None))
            self.deal_next = r.next_seat(p)
            self.dealt += 1
            if self.dealt == (r.hand_size + r.foot_size) * r.players:
                self.deal_stage = 1
                if not r.upcard:  # deal.upcard = "none": no upcard to turn
                    self.deal_stage = 2
                    self._advance_exposure()
            return
        if self.deal_stage == 1:
            self.deal_pile.append(c)
            self.log.append((-1, "upcard ", c))
            if not r.cover[c]:
                self.deal_stage = 2
                self._advance_exposure()
            return
        # A replacement for a red three laid down during the deal.
        p = self.expose_seat
        self.deal_hands[p].append(c)
        self.log.append((p, "replacement ", c))
        self._advance_exposure()

    def _advance_exposure(self) -> None:
        """Lay down dealt red threes in turn order; stop when a replacement is owed."""
        r = self.rules
        if r.red3_first_turn:
            self._finish_deal()
            return
        while self.expose_done < r.players:
            p = self.expose_seat
            reds = [c for c in self.deal_hands[p] if r.bonus[c]]
            if reds and self._total:
                c = reds[0]
                self.deal_hands[p].remove(c)
                self.deal_red3[p].append(c)
                self.log.append((-1, f"seat {p} lays down ", c))
                return  # a chance node gives the replacement
            self.expose_done += 1
            self.expose_seat = r.next_seat(p)
        self._finish_deal()

    def _finish_deal(self) -> None:
        r = self.rules
        stock = [c for c in range(C.NUM_CARD_IDS) for _ in range(self.remaining[c])]
        self.s = from_layout(
            r,
            self.deal_hands,
            self.deal_pile,
            self.deal_red3,
            self.dealer,
            self.scores,
            self.hand_no,
            stock=stock,
            feet=self.deal_feet if r.foot else None,
        )
        self.deal_stage = 3
        self._legal = None

    # ------------------------------------------------------------------ chance
    def _count_out(self, c: int) -> None:
        """One card ``c`` has left what chance deals from (the counts of ``_ids``)."""
        _count_out(self._ids, self._held, c)
        self._total -= 1

    def _count_stock(self, stock: list[int]) -> None:
        counts = [0] * C.NUM_CARD_IDS
        for c in stock:
            counts[c] += 1
        self._ids = list(compress(_CARD_IDS, counts))
        self._held = list(filter(None, counts))
        self._total = len(stock)

    def _stock_need(self, m: Move) -> int:
        """How many non-red-three stock cards ``m`` takes (0: none)."""
        s = self.s
        assert s is not None
        r = self.rules
        if type(m) is Discard:  # moves are final classes; the most frequent first
            # Talons: the opening discard draws a talon.
            return talon_size(s) if r.talons and s.hand_len[s.turn] > 1 else 0
        if type(m) is Draw:
            return 0 if draw_ends_hand(s) else r.draw_count
        if type(m) is TakePile:
            return sum(1 for c in s.pile[:-1] if r.bonus[c]) if r.red3_replaced_from_pile else 0
        if type(m) is Expose:
            return s.rc[s.turn][RED3_KEY]
        if type(m) is Foot:
            return sum(1 for c in s.feet[s.turn] if C.is_red_three(c))
        return 0

    def _apply_pending(self) -> None:
        s = self.s
        m = self.pending
        assert s is not None and m is not None
        # Put the chosen cards on top of the stock, first drawn last in the list.
        before = len(s.stock)
        for c in self.pending_cards:
            s.stock.remove(c)
        s.stock.extend(reversed(self.pending_cards))
        actor = s.turn
        taken = s.pile[:-1] if isinstance(m, TakePile) else None
        done = apply_unchecked(s, m)
        bonus = self.rules.bonus
        log = self.log
        if self._total == before and len(s.stock) == before - len(self.pending_cards):
            # The move took the cards chosen, no more: count them out of the stock's counts.
            for c in self.pending_cards:
                self._count_out(c)
        for c in self.pending_cards:
            log.append((-1 if bonus[c] else actor, "drew ", c))
        if isinstance(m, TakePile):
            assert taken is not None
            self._note_take(actor, m, taken)
        elif isinstance(m, Discard):
            self._note_played(actor, m)
        log.append((-1, _SEAT[actor], done))
        self.pending = None
        self.pending_cards = []
        self._after_move()

    # ------------------------------------------------------------------ OpenSpiel API
    def current_player(self) -> int:
        if self.done:
            return TERMINAL
        if self.s is None or self.pending is not None:
            return CHANCE
        return self.s.actor

    def _legal_map(self) -> dict[int, Move]:
        """The legal moves by action id, worked out once a position (``apply_action`` reads
        them again)."""
        legal = self._legal
        if legal is None:
            s = self.s
            assert s is not None
            legal = self._legal = self.enc.actions(s, legal_moves(s))
        return legal

    def legal_actions(self) -> list[int]:
        return sorted(self._legal_map())

    def _chance_counts(self) -> tuple[list[int], list[int], int]:
        """What chance deals from now: the cards (in order of id), how many of each, and how
        many in all; in play, the stock less the cards already chosen for the move waiting."""
        s = self.s
        if s is not None and self._total != len(s.stock):
            self._count_stock(s.stock)
        ids, held, total = self._ids, self._held, self._total
        if self.pending_cards:
            ids, held = ids[:], held[:]
            for c in self.pending_cards:
                _count_out(ids, held, c)
            total -= len(self.pending_cards)
        return ids, held, total

    def chance_actions(self) -> list[int]:
        """The outcomes of this chance node, without their probabilities."""
        return self._chance_counts()[0][:]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        ids, held, total = self._chance_counts()
        if not total:
            return []
        # [(c, n / total) for c, n in zip(ids, held)], with the loop in C and each n / total
        # worked out once a game. (Outcome tuples made once a game and shared measured slower
        # in play: fewer instructions, but scattered in memory.)
        shares = self.setup.shares
        share = shares.get(total)
        if share is None:
            share = shares[total] = [n / total for n in range(self.setup.most_copies + 1)]
        return list(zip(ids, map(share.__getitem__, held), strict=True))

    def apply_action(self, action: int) -> None:
        if self.s is None:
            self._deal_card(action)
            return
        s = self.s
        if self.pending is not None:
            # A card of the stock for the move waiting: it is complete with as many cards that
            # are not red threes as it needs, or when the stock runs out.
            chosen = self.pending_cards
            chosen.append(action)
            if not self.rules.bonus[action]:
                self.pending_need -= 1
            if self.pending_need <= 0 or len(s.stock) == len(chosen):
                self._apply_pending()
            return
        legal = self._legal
        m = (legal if legal is not None else self._legal_map())[action]
        # Moves are final classes: ``type(m) is`` is their quickest test (a hot path).
        if type(m) is not Meld:  # a meld takes nothing from the stock
            need = self._stock_need(m)
            if need and s.stock:
                self.pending = m
                self.pending_need = need
                self.pending_cards = []
                return
        actor = s.actor
        if type(m) is TakePile:
            taken = s.pile[:-1]
            done = apply_unchecked(s, m)
            self._note_take(actor, m, taken)
        else:
            done = apply_unchecked(s, m)
            if type(m) is Discard:  # _note_played, for the one card
                c, known = m.card, self.known[actor]
                if known[c] > s.hands[actor][c]:
                    known[c] = s.hands[actor][c]
            elif type(m) is Meld:
                self._note_played(actor, m)
        self.log.append((-1, _SEAT[actor], done))
        self._legal = None
        if s.over:
            self._after_move()

    def _note_take(self, p: int, m: TakePile, taken: list[int]) -> None:
        """Cards taken with the pile (``taken``: the pile under its top card) are known to be
        in the taker's hand (less those melded)."""
        s = self.s
        assert s is not None
        known, hand = self.known[p], s.hands[p]
        laid = (*m.shown, *(c for g in m.melds for c in g))
        for c in taken:
            known[c] += 1
        for c in laid:
            if known[c]:
                known[c] -= 1
        # The hand bounds what is known of it. Only these cards can have gone past it: the
        # others were within it before, and the take added to the hand what it added here.
        for c in (*taken, *laid):
            if known[c] > hand[c]:
                known[c] = hand[c]

    def _note_played(self, p: int, m: Meld | Discard) -> None:
        """Known cards that ``m`` played leave the list (the hand's counts bound it; only the
        cards ``m`` played can have gone below it)."""
        s = self.s
        assert s is not None
        known, hand = self.known[p], s.hands[p]
        if isinstance(m, Discard):
            played: Iterable[int] = (m.card,)  # a talon adds cards to the hand
        else:
            played = [c for g in m.melds for c in g] + [c for _, g in m.adds for c in g]
        for c in played:
            if known[c] > hand[c]:
                known[c] = hand[c]

    def _after_move(self) -> None:
        s = self.s
        assert s is not None
        self._legal = None
        if not s.over:
            return
        hand = [x.total for x in score_hand(s)]
        if not self.setup.whole_game:
            self.totals = hand
            self.done = True
            return
        r = self.rules
        self.scores = [a + b for a, b in zip(self.scores, hand, strict=True)]
        self.totals = list(self.scores)
        top = max(self.scores)
        if (top >= r.target and self.scores.count(top) == 1) or self.hand_no >= r.max_hands:
            self.done = True
            return
        self.hand_no += 1
        self.dealer = r.next_seat(self.dealer)
        self._start_deal()

    def is_terminal(self) -> bool:
        return self.done

    def returns(self) -> list[float]:
        r = self.rules
        if not self.done:
            return [0.0] * r.players
        t = self.totals
        sides = r.sides
        if self.setup.whole_game:
            top = max(t)
            if t.count(top) > 1:
                return [0.0] * r.players
            win = t.index(top)
            return [1.0 if r.side_of[p] == win else -1.0 / (sides - 1) for p in range(r.players)]
        total = sum(t)
        return [
            float(t[r.side_of[p]] - (total - t[r.side_of[p]]) / (sides - 1))
            for p in range(r.players)
        ]

    def action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"card {C.name(action)}"
        return self.enc.describe(action)

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        t: Table = Table.__new__(Table)
        t.__dict__.update(self.__dict__)
        t.s = self.s.copy() if self.s is not None else None
        t.remaining = self.remaining[:]
        t.deal_hands = [h[:] for h in self.deal_hands]
        t.deal_pile = self.deal_pile[:]
        t.deal_red3 = [h[:] for h in self.deal_red3]
        t.deal_feet = [f[:] for f in self.deal_feet]
        t.pending_cards = self.pending_cards[:]
        t.log = self.log[:]
        t.words = self.words[:]
        t.known = [k[:] for k in self.known]
        t.scores = self.scores[:]
        t.totals = self.totals[:]
        t._legal = None
        t._ids = self._ids[:]
        t._held = self._held[:]
        return t
