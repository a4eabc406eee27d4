"""Every variant as an OpenSpiel game (``pyspiel.load_game("canasta", {"variant": "classic"})``).

The game wraps the engine: a Python ``pyspiel.Game`` and ``pyspiel.State`` whose moves are the
engine's ``legal_moves``, numbered by :mod:`.encoding`. Chance nodes deal the cards one by one (in
the order a dealer deals them: round the table, then the upcards, then replacements for red threes
laid down during the deal) and give every card a draw takes from the stock. A chance outcome is the
card id of the next stock card, with probability proportional to how many of that card the stock
holds.

Parameters: ``variant`` (a built-in name or a variant file), ``set`` (``KEY=VALUE`` overrides
separated by ``;``), ``players`` (0: the variant's first table size) and ``whole_game`` (false: one
hand, returns are each side's hand score minus the other sides' mean; true: hands until the
variant's target, returns +1 for the winning side, -1/(sides-1) for the others, 0 for a tie).

Information: a player sees their own hand, the table (melds, red threes, the pile, hand sizes, the
stock's size, scores) and the cards known to be in other hands (taken with the pile and not yet
played). The information-state string adds the public history of the hand (who drew, what was
melded, discarded, asked); the observation string and both tensors hold the current view only.
``resample_from_infostate`` deals the unseen cards afresh among the other hands and the stock, so
OpenSpiel's ISMCTS can search the game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from itertools import compress
from typing import Any

import numpy as np
import pyspiel

from .. import cards as C
from ..engine.apply import apply_unchecked
from ..engine.checks import talon_size
from ..engine.dealing import from_layout
from ..engine.generate import legal_moves
from ..engine.legality import draw_ends_hand
from ..engine.moves import Discard, Draw, Expose, Foot, Meld, Move, TakePile
from ..engine.rules import RED3_KEY, Rules, rules_for
from ..engine.scoring import score_hand
from ..engine.state import Phase, State
from ..variant import load
from .encoding import Encoding

SHORT_NAME = "canasta"
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_CHANCE = int(pyspiel.PlayerId.CHANCE)

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Canasta (canasta-rules, any variant)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"variant": "classic", "set": "", "players": 0, "whole_game": False},
)


class CanastaGame(pyspiel.Game):  # type: ignore[misc]
    """A variant at a table size, as an OpenSpiel game."""

    def __init__(self, params: dict[str, Any] | None = None):
        params = dict(params or {})
        ref = str(params.get("variant", "classic"))
        sets = tuple(x.strip() for x in str(params.get("set", "")).split(";") if x.strip())
        players = int(params.get("players", 0)) or None
        self.variant = load(ref, sets).variant
        self.rules: Rules = rules_for(self.variant, players)
        self.whole_game = bool(params.get("whole_game", False))
        self.encoding = Encoding(self.rules)
        r = self.rules
        self.most_copies = max(r.deck_counts)
        self.shares: dict[int, list[float]] = {}
        """``shares[total][n]`` is ``n / total``: a chance outcome's probability, for ``n``
        copies of a card among ``total`` cards left (made as chance nodes ask)."""
        hands = r.max_hands if self.whole_game else 1
        bound = 100_000.0
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.size,
            max_chance_outcomes=C.NUM_CARD_IDS,
            num_players=r.players,
            min_utility=-1.0 if self.whole_game else -bound,
            max_utility=1.0 if self.whole_game else bound,
            utility_sum=0.0,
            max_game_length=r.max_moves_per_hand * hands,
        )
        super().__init__(GAME_TYPE, info, params)

    def new_initial_state(self) -> CanastaState:
        return CanastaState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> CanastaObserver:
        perfect = iig_obs_type is None or iig_obs_type.perfect_recall
        return CanastaObserver(self.rules, perfect)


class Table:
    """Everything a position of the OpenSpiel game holds: an engine ``State`` (once dealt), the
    deal and draw in progress, the public log and the cards known in hands. Plain Python, so that
    copying it (``copy.deepcopy``, which OpenSpiel's ``clone`` uses) is cheap."""

    def __init__(self, game: CanastaGame):
        self.g = game
        self.rules = game.rules
        self.enc = game.encoding
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
        self._stock: list[int] | None = None
        """The stock's count of each card while its size is ``_stock_len`` (chance outcomes)."""
        self._stock_len = -1
        self._start_deal()

    # ------------------------------------------------------------------ dealing
    def _start_deal(self) -> None:
        r = self.rules
        self.remaining = list(r.deck_counts)
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
            if reds and sum(self.remaining):
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

    # ------------------------------------------------------------------ chance during play
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
        counts = self._stock
        took_chosen = len(s.stock) == before - len(self.pending_cards)
        if counts is not None and self._stock_len == before and took_chosen:
            # The move took the cards chosen, no more: count them out of the stock's counts.
            for c in self.pending_cards:
                counts[c] -= 1
            self._stock_len = len(s.stock)
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
            return int(pyspiel.PlayerId.TERMINAL)
        if self.s is None or self.pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
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

    def chance_outcomes(self) -> list[tuple[int, float]]:
        s = self.s
        if s is None:
            counts = self.remaining
        else:
            stock = s.stock
            counts = self._stock  # type: ignore[assignment]
            if counts is None or self._stock_len != len(stock):
                counts = [0] * C.NUM_CARD_IDS
                for c in stock:
                    counts[c] += 1
                self._stock, self._stock_len = counts, len(stock)
            if self.pending_cards:
                counts = counts[:]
                for c in self.pending_cards:
                    counts[c] -= 1
        # [(c, n / total) for c, n in enumerate(counts) if n], with the loops in C and each
        # n / total worked out once a game. (Outcome tuples made once a game and shared measured
        # slower in play: fewer instructions, but scattered in memory.)
        total = sum(counts)
        share = self.g.shares.get(total)
        if share is None:
            share = self.g.shares[total] = [n / total for n in range(self.g.most_copies + 1)]
        held = map(share.__getitem__, filter(None, counts))
        return list(zip(compress(_CARD_IDS, counts), held, strict=True))

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
        if not self.g.whole_game:
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
        if self.g.whole_game:
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

    def __str__(self) -> str:
        s = self.s
        if s is None:
            return f"dealing hand {self.hand_no}"
        lines = [f"hand {self.hand_no}, seat {s.actor} to move, phase {s.phase.name}"]
        for p in range(self.rules.players):
            lines.append(f"seat {p}: {C.names(s.hand_cards(p))}")
        lines.append(_table(s))
        return "\n".join(lines)

    # ------------------------------------------------------------------ what a player sees
    def resample(self, player_id: int, rng: random.Random) -> None:
        """A state ``player_id`` cannot tell from this one: the cards it has not seen (other
        hands, except cards known from pile pickups, and the stock) dealt afresh at random."""
        t = self
        s = t.s
        if s is None or self.pending is not None:
            return  # pragma: no cover - ISMCTS resamples at decision nodes
        r = self.rules
        pool: list[int] = list(s.stock)
        if r.foot:  # nobody has seen a foot still waiting, its owner included
            pool.extend(c for foot in s.feet for c in foot)
        slots: dict[int, int] = {}
        for q in range(r.players):
            if q == player_id:
                continue
            hidden = s.hand_len[q] - sum(t.known[q])
            slots[q] = hidden
            for c in range(C.NUM_CARD_IDS):
                extra = s.hands[q][c] - t.known[q][c]
                pool.extend([c] * extra)
        rng.shuffle(pool)
        if r.foot:
            feet: list[tuple[int, ...]] = []
            for foot in s.feet:
                feet.append(tuple(pool[: len(foot)]))
                pool = pool[len(foot) :]
            s.feet = feet
        # Red threes unseen are in the stock: a hand holds one only before its first turn
        # under red_threes.exposed = "first_turn", so dealing them to hands would make
        # positions play cannot reach. (Such a hand is redealt without them: still a world
        # consistent with what the player saw.)
        reds = [c for c in pool if r.bonus[c]]  # black threes too, where they are bonus cards
        pool = [c for c in pool if not r.bonus[c]]
        i = 0
        for q, n in slots.items():
            for c in range(C.NUM_CARD_IDS):
                while s.hands[q][c] > t.known[q][c]:
                    s.remove_card(q, c)
            for c in pool[i : i + n]:
                s.add_card(q, c)
            i += n
        stock = pool[i:] + reds
        rng.shuffle(stock)
        s.stock = stock
        t._legal = None
        t._stock = None

    def view(self, player: int) -> str:
        """The current view of ``player``: own hand, the table, cards known in other hands."""
        s = self.s
        head = f"seat {player}; hand {self.hand_no}; scores {self.scores}"
        if s is None:
            mine = [c for c in self.deal_hands[player]]
            mine.sort(key=C.sort_key)
            return f"{head}; dealing; own {C.names(mine)}; upcards {C.names(self.deal_pile)}"
        parts = [head, f"own {C.names(s.hand_cards(player))}", _table(s)]
        for q in range(self.rules.players):
            k = self.known[q]
            if q != player and any(k):
                parts.append(f"seat {q} holds {C.names(c for c in range(53) for _ in range(k[c]))}")
        if self.pending is not None:
            parts.append(f"seat {s.turn} drawing")
        return "; ".join(parts)

    def information_state(self, player: int) -> str:
        log, words = self.log, self.words
        if len(words) < len(log):
            words.extend(map(_log_text, log[len(words) :]))
        seen = (-1, player)
        history = [text for entry, text in zip(log, words, strict=True) if entry[0] in seen]
        return self.view(player) + "\n" + "\n".join(history)

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
        t._stock = None
        return t


class CanastaState(pyspiel.State):  # type: ignore[misc]
    """A position of the OpenSpiel game (its bookkeeping is a :class:`Table`, ``self.d``)."""

    def __init__(self, game: CanastaGame):
        super().__init__(game)
        self.d = Table(game)

    def current_player(self) -> int:
        d = self.d  # Table.current_player, inlined: OpenSpiel asks several times an action
        if d.done:
            return _TERMINAL
        if d.s is None or d.pending is not None:
            return _CHANCE
        return d.s.actor

    def _legal_actions(self, player: int) -> list[int]:
        return self.d.legal_actions()

    # OpenSpiel's C++ ``State`` answers ``legal_actions`` and ``is_chance_node`` by calling back
    # into Python for ``current_player``, ``is_terminal`` and ``_legal_actions`` (four or five
    # calls across the language boundary, about 4 us). Defined here, a Python caller (random
    # play, ISMCTS, MCTS rollouts) gets the same answer without the round trip, as it already
    # does for ``current_player``, ``is_terminal`` and ``chance_outcomes``; C++ callers still go
    # through ``_legal_actions``. The rules are OpenSpiel's (``PyState::LegalActions``).
    def legal_actions(self, player: int | None = None) -> list[int]:
        d = self.d
        if d.done:
            return []
        if d.s is None or d.pending is not None:
            return [a for a, _ in d.chance_outcomes()]
        if player is None or player == d.s.actor:
            return d.legal_actions()
        if player < 0:
            raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")
        return []

    def is_chance_node(self) -> bool:
        d = self.d
        return not d.done and (d.s is None or d.pending is not None)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.d.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.d.apply_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return self.d.action_to_string(player, action)

    def is_terminal(self) -> bool:
        return self.d.done

    def returns(self) -> list[float]:
        return self.d.returns()

    def __str__(self) -> str:
        return str(self.d)

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float] | None = None
    ) -> CanastaState:
        """A state ``player_id`` cannot tell from this one: the cards it has not seen (other
        hands, except cards known from pile pickups, and the stock) dealt afresh at random."""
        seed = int(probability_sampler() * 2**31) if probability_sampler else random.random()
        t: CanastaState = self.clone()
        t.d.resample(player_id, random.Random(seed))
        return t


LogEntry = tuple[int, str, int | Move | None]
"""A line of a hand's history: who may see it (-1: everyone), then its words: the text alone, or
followed by a card's name or what everyone sees of a move."""

_SEAT = [f"seat {p}: " for p in range(GAME_TYPE.max_num_players)]
_CARD_IDS = range(C.NUM_CARD_IDS)


def _log_text(entry: LogEntry) -> str:
    _, text, item = entry
    if item is None:
        return text
    if isinstance(item, int):
        return text + C.name(item)
    return text + _public(item)


def _public(m: Move) -> str:
    """What everyone sees of a move: not the cards drawn."""
    if isinstance(m, Draw):
        return "draw"
    if isinstance(m, Expose):
        return "expose"
    if isinstance(m, Foot):
        return "foot"
    if isinstance(m, TakePile):
        return str(TakePile(m.shown, m.melds, None, m.onto))
    return str(m)


def _table(s: State) -> str:
    r = s.rules
    parts = []
    for side in range(r.sides):
        melds = " | ".join(C.names(m.cards) for _, m in sorted(s.melds[side].items()))
        parts.append(f"side {side} melds [{melds}] red3 {len(s.red3[side])}")
    parts.append(f"pile {C.names(s.pile)}{' frozen' if s.frozen else ''}")
    parts.append(f"stock {len(s.stock)}; hand sizes {s.hand_len}")
    parts.append(f"turn {s.turn} phase {s.phase.name} permission {s.permission.name}")
    return "; ".join(parts)


# --------------------------------------------------------------------------------------------
# Tensors

_PHASES = len(Phase)


class CanastaObserver:
    """The tensor and string views of a state (both the information state and the observation
    use this layout; the information-state string adds the public history)."""

    def __init__(self, rules: Rules, perfect_recall: bool):
        n = rules.players
        sides = rules.sides
        self.perfect = perfect_recall
        pieces = [
            ("player", n),
            ("hand", C.NUM_CARD_IDS),
            ("known", n * C.NUM_CARD_IDS),
            ("pile", C.NUM_CARD_IDS),
            ("top", C.NUM_CARD_IDS),
            ("melds", sides * 16 * 2),
            ("red3", sides),
            ("opened", sides),
            ("hand_sizes", n),
            ("stock", 1),
            ("frozen", 1),
            ("phase", _PHASES),
            ("turn", n),
            ("permission", 3),
            ("scores", sides),
            # Cards in each player's foot still face down (foot.kind = "foot"; none otherwise).
            ("feet", n if rules.foot else 0),
        ]
        size = sum(k for _, k in pieces)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {}
        i = 0
        for name, k in pieces:
            self.dict[name] = self.tensor[i : i + k]
            i += k

    def set_from(self, state: CanastaState, player: int) -> None:
        self.tensor.fill(0)
        d = self.dict
        d["player"][player] = 1
        table = state.d
        s = table.s
        if s is None:
            for c in table.deal_hands[player]:
                d["hand"][c] += 1
            return
        d["hand"][:] = s.hands[player]
        for q in range(s.rules.players):
            if q != player:
                base = q * C.NUM_CARD_IDS
                d["known"][base : base + C.NUM_CARD_IDS] = table.known[q]
        for c in s.pile:
            d["pile"][c] += 1
        if s.pile:
            d["top"][s.pile[-1]] = 1
        for side, melds in enumerate(s.melds):
            for k, m in melds.items():
                if 0 <= k < 16:
                    d["melds"][(side * 16 + k) * 2] = m.naturals
                    d["melds"][(side * 16 + k) * 2 + 1] = m.wilds
            d["red3"][side] = len(s.red3[side])
            d["opened"][side] = s.opened[side]
            d["scores"][side] = s.scores[side] / 1000
        d["hand_sizes"][:] = s.hand_len
        d["stock"][0] = len(s.stock)
        d["frozen"][0] = s.pile_frozen(s.side_of[player])  # against the observer
        d["phase"][int(s.phase)] = 1
        d["turn"][s.actor] = 1
        d["permission"][int(s.permission)] = 1
        if s.feet:
            d["feet"][:] = [len(f) for f in s.feet]

    def string_from(self, state: CanastaState, player: int) -> str:
        table = state.d
        return table.information_state(player) if self.perfect else table.view(player)


def register() -> None:
    """Register the game with OpenSpiel (once; importing this package does it)."""
    if SHORT_NAME not in pyspiel.registered_names():
        pyspiel.register_game(GAME_TYPE, CanastaGame)
