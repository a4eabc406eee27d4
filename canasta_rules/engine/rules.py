"""Per-variant tables the engine reads in its hot paths, computed once per variant and seat count.

The engine never branches on a variant's name: every rule it applies is read from these fields,
which are plain attributes (ints, bools, tuples) so that move generation stays fast.
"""

from __future__ import annotations

from .. import cards as C
from ..errors import Refusal
from ..variant.plain import (
    RANK_OF_NAME,
    ConcealedPlayer,
    FootDealt,
    PermissionAsk,
    SequencesSameSuit,
    StockOutPilePlay,
    Variant,
    WildMeldsAllowed,
)

# Key of a card in per-hand rank counts: naturals 4..14 by rank, twos 2, jokers 15,
# black threes 3 and red threes 1.
RED3_KEY = 1
BLACK3_KEY = 3
KEY_OF: tuple[int, ...] = tuple(
    RED3_KEY if C.is_red_three(c) else (C.JOKER_RANK if c == C.JOKER else C.RANK_OF[c])
    for c in range(C.NUM_CARD_IDS)
)
WILD_KEYS = (C.TWO, C.JOKER_RANK)

# Keys of melds on the table (``State.melds[side]``). A group of one rank is filed under its rank
# (4..14, and 3 for black threes); the side's meld of wild cards under WILD_KEY (the twos' rank,
# which never names a group); runs under RUN_KEY0 + n; a closed canasta that a new meld of its
# rank displaced under CLOSED_KEY0 + n. A move adding to a run names it by RUN_REF0 + a card of
# the run (its suit and a rank it holds), since the run's key depends on the history.
GROUP, RUN, WILD = 0, 1, 2
WILD_KEY = C.TWO
RUN_KEY0 = 32
CLOSED_KEY0 = 64
RUN_REF0 = 128

# Rules.special_wild: how a special rank (canastas.special) takes wild cards.
NEVER, OPENING_ONLY = 1, 2


def run_ref(suit: int, rank: int) -> int:
    """The reference an ``add`` uses for the side's run of ``suit`` holding ``rank``."""
    return RUN_REF0 + suit * 16 + rank


def run_ref_parts(ref: int) -> tuple[int, int]:
    """(suit, rank) of a run reference."""
    return divmod(ref - RUN_REF0, 16)


CARDS_OF_KEY: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in range(C.NUM_CARD_IDS) if KEY_OF[c] == k) for k in range(16)
)
IS_WILD: tuple[bool, ...] = tuple(C.is_wild(c) for c in range(C.NUM_CARD_IDS))


class Rules:
    """A variant at a given table size, flattened into what the engine needs."""

    def __init__(self, variant: Variant, players: int | None = None):
        v = variant
        self.variant = v
        seat = v.seating_for(players)
        self.players = seat.at_table
        """Seats at the table in each hand (the engine's players)."""
        self.people = seat.players
        """Players in the game: one more than ``players`` when one sits out each hand
        (``seating.sit_out``; ``seats.roster`` says who plays where)."""
        self.sit_out = seat.sit_out != "none"
        self.hand_size = seat.hand_size
        self.side_size = seat.side_size
        self.sides = seat.sides
        self.side_of: tuple[int, ...] = tuple(p % self.sides for p in range(self.players))
        self.members: tuple[tuple[int, ...], ...] = tuple(
            tuple(p for p in range(self.players) if p % self.sides == s) for s in range(self.sides)
        )
        # seating.forming = "first_pickup_alone": sides of one that regroup during a hand
        # (State.side_of holds the sides in play; these tables are the seating at the deal).
        self.lone_pickup = seat.forming == "first_pickup_alone"
        self.step = 1 if v.deal.rotation == "clockwise" else -1
        self.deck: tuple[int, ...] = tuple(C.deck(v.deck.decks, v.deck.jokers_per_deck))
        self.deck_counts: tuple[int, ...] = tuple(self.deck.count(c) for c in range(C.NUM_CARD_IDS))

        cv = v.card_values
        self.value: tuple[int, ...] = tuple(
            0 if C.is_red_three(c) else cv.of_rank(C.RANK_OF[c]) for c in range(C.NUM_CARD_IDS)
        )
        self.key_value: tuple[int, ...] = tuple(
            0 if k in (0, RED3_KEY) else cv.of_rank(k) for k in range(16)
        )
        self.cover: tuple[bool, ...] = tuple(
            C.kind_of(c) in v.deal.upcard_covered for c in range(C.NUM_CARD_IDS)
        )
        self.upcard_freezes: tuple[bool, ...] = tuple(
            C.kind_of(c) in v.deal.upcard_freezes for c in range(C.NUM_CARD_IDS)
        )
        self.upcard = v.deal.upcard == "turned"

        rt = v.red_threes
        self.red3_first_turn = rt.exposed == "first_turn"
        self.red3_replaced_from_pile = rt.replaced_from_pile
        self.red3_totals = rt.totals
        self.red3_against_no_canasta = rt.count_against == "no_canasta"
        self.red3_against_too_few = rt.count_against == "too_few_canastas"
        self.red3_against_opponents_out = rt.against_when_opponents_out
        self.red3_never_against = rt.count_against == "never"

        self.black3_freezes = v.black_threes.discarded == "freeze"
        self.discard_freezes: tuple[bool, ...] = tuple(
            IS_WILD[c] or (self.black3_freezes and C.is_black_three(c))
            for c in range(C.NUM_CARD_IDS)
        )
        """Cards that freeze the pile when discarded: wild cards, and black threes where they do."""
        self.pile_card_freezes: tuple[bool, ...] = tuple(
            self.discard_freezes[c] or C.is_red_three(c) for c in range(C.NUM_CARD_IDS)
        )
        """Cards whose presence in the pile says it is frozen: those, and a red three turned up."""
        self.black3_meldable = v.black_threes.meld_when_going_out
        self.black3_last = self.black3_meldable and v.black_threes.meld_last
        """After black threes are laid, only black threes and the final discard follow."""
        self.black3_in_hand_penalty = v.black_threes.in_hand_penalty
        # Bonus cards: laid out for the side and replaced from the stock (red threes always;
        # black threes too where black_threes.bonus). Threes score by colour at the end.
        self.black3_bonus = v.black_threes.bonus
        self.bonus: tuple[bool, ...] = tuple(
            C.is_red_three(c) or (self.black3_bonus and C.is_black_three(c))
            for c in range(C.NUM_CARD_IDS)
        )
        self.bonus_cards: tuple[int, ...] = tuple(c for c in range(C.NUM_CARD_IDS) if self.bonus[c])
        self.black3_totals = v.black_threes.totals
        self.threes_from_canastas = rt.count_from_canastas

        m = v.melds
        self.min_size = m.min_size
        self.min_naturals = m.min_naturals
        self.max_wild = m.max_wild
        self.wild_le_nat = m.wild_not_more_than_natural or m.wild_fewer_than_natural
        # melds.wild_fewer_than_natural: wild cards stay at least one below the naturals.
        self.wild_margin = 1 if m.wild_fewer_than_natural else 0
        self.canasta_unlimited = m.canasta_wild == "unlimited"

        seq = m.sequences
        self.runs = isinstance(seq, SequencesSameSuit)
        self.run_min = seq.min_length if isinstance(seq, SequencesSameSuit) else 0
        self.run_max = seq.max_length if isinstance(seq, SequencesSameSuit) else 0
        self.run_bonus = seq.canasta_bonus if isinstance(seq, SequencesSameSuit) else 0
        wm = m.wild_melds
        self.wild_melds = isinstance(wm, WildMeldsAllowed)
        self.wild_meld_min = wm.min_size if isinstance(wm, WildMeldsAllowed) else 0
        self.wild_meld_max = wm.max_size if isinstance(wm, WildMeldsAllowed) else 0
        self.wild_canasta_bonus = wm.canasta_bonus if isinstance(wm, WildMeldsAllowed) else 0

        c = v.canastas
        self.canasta_closed = c.closed
        self.canasta_size = c.size
        self.canasta_base = c.min_naturals
        self.natural_bonus = c.natural_bonus
        self.mixed_bonus = c.mixed_bonus
        # Modern American's melding rules (engine/limits.py applies them). ``meld_limits`` is
        # the one flag the hot paths test: False for every ruleset without these rules.
        self.no_reopen = c.closed and not c.reopen_closed_rank
        self.dead_ranks = c.dead_ranks
        self.wild_add_min = m.wild_add_min_naturals
        special = {RANK_OF_NAME[sp.rank]: sp for sp in c.special}
        self.special_wild: tuple[int, ...] = tuple(
            0 if k not in special else (NEVER if special[k].wild == "never" else OPENING_ONLY)
            for k in range(16)
        )
        """Per key: 0 an ordinary rank, NEVER no wild card, OPENING_ONLY wild only as opened."""
        self.special_pile_pure: tuple[bool, ...] = tuple(
            k in special and special[k].pile_stays_pure for k in range(16)
        )
        """Per key: a meld begun by taking the pile stays pure (canastas.special)."""
        self.special_bonus: tuple[int, ...] = tuple(
            special[k].bonus if k in special else c.natural_bonus for k in range(16)
        )
        """Per key: the bonus of a canasta without wild cards."""
        self.special_penalty: tuple[int, ...] = tuple(
            special[k].unfinished_penalty if k in special else 0 for k in range(16)
        )
        """Per key: the cost of a pure meld of a special rank left unfinished."""
        self.special_blocks_out: tuple[int, ...] = tuple(
            k for k in range(16) if k in special and special[k].open_blocks_going_out
        )
        """Keys whose pure meld, unfinished, stops the side going out."""
        self.has_special = bool(special)
        self.wild_twos_bonus: int | None = None
        self.wild_jokers_bonus: int | None = None
        self.wild_unfinished_penalty = 0
        self.wild_lock = self.wild_blocks_out = False
        if isinstance(wm, WildMeldsAllowed):
            self.wild_twos_bonus = wm.twos_bonus
            self.wild_jokers_bonus = wm.jokers_bonus
            self.wild_unfinished_penalty = wm.unfinished_penalty
            self.wild_lock = wm.open_locks_wild
            self.wild_blocks_out = wm.open_blocks_going_out
        im = v.initial_meld
        self.clean_triple = im.clean_triple
        self.opening_no_mixed = not im.mixed_canasta
        self.meld_limits = (
            self.no_reopen
            or self.dead_ranks
            or self.wild_add_min > 0
            or self.has_special
            or self.wild_lock
            or self.wild_blocks_out
            or self.clean_triple
            or self.opening_no_mixed
        )
        """Whether any of the rules above applies (the one test the hot paths make)."""
        self.special_scoring = (
            self.has_special
            or self.wild_unfinished_penalty > 0
            or (self.wild_twos_bonus is not None or self.wild_jokers_bonus is not None)
        )

        self.tiers = tuple((t.below, t.minimum) for t in v.initial_meld.tiers)
        self.opening_whole_pile = v.initial_meld.pile_cards == "whole_pile"
        self.minimum_basis = v.initial_meld.basis

        p = v.pile
        self.unfrozen_ways = frozenset(p.unfrozen)
        self.frozen_ways = frozenset(p.frozen)
        self.freeze_until_player_melds = p.frozen_before_opening == "player"
        self.one_card_ban = p.one_card_ban
        self.frozen_at_start = p.frozen_at_start
        self.freeze_spares_discarder = p.discard_freezes_against == "opponents"
        bans = frozenset(p.empty_discard_bans)
        self.empty_bans = bool(bans)
        self.empty_ban_dead = "dead" in bans
        """A card of a dead rank is banned too (limits.banned_on_empty reads the table)."""
        self.empty_banned: tuple[bool, ...] = tuple(
            ("wild" in bans and C.is_wild(c))
            or ("seven" in bans and C.RANK_OF[c] == 7)
            or ("ace" in bans and C.RANK_OF[c] == 14)
            for c in range(C.NUM_CARD_IDS)
        )

        self.draw_count = v.draw.count
        tl = v.talons
        self.talons: tuple[int, ...] = tl.sizes if any(tl.sizes) else ()
        self.talon_min_stock = tl.min_stock
        self.talon_after_pickup = tl.after_pickup
        self.short_stock_ends = v.draw.short_stock == "end_hand"

        g = v.going_out
        self.canastas_to_go_out = g.canastas
        self.run_canastas_to_go_out = g.sequence_canastas
        # going_out.natural/mixed/wild_canastas: the contract by kind (Hand and Foot's books).
        self.natural_to_go_out = g.natural_canastas
        self.mixed_to_go_out = g.mixed_canastas
        self.wild_to_go_out = g.wild_canastas
        self.kinds_contract = bool(g.natural_canastas or g.mixed_canastas or g.wild_canastas)
        self.discard_required = g.final_discard != "optional"
        self.discard_unless_concealed = g.final_discard == "required_unless_concealed"
        self.out_bonus = g.bonus
        self.concealed_bonus = g.concealed_bonus
        self.concealed_player = isinstance(g.concealed, ConcealedPlayer)
        self.concealed_own_canasta = (
            g.concealed.own_canasta if isinstance(g.concealed, ConcealedPlayer) else False
        )
        self.concealed_partner_melds = (
            g.concealed.partner_melds if isinstance(g.concealed, ConcealedPlayer) else True
        )
        self.concealed_waives = g.concealed_waives_minimum == "after_stock_draw"
        self.permission = isinstance(g.permission, PermissionAsk) and self.side_size > 1
        self.yes_obliges = isinstance(g.permission, PermissionAsk) and g.permission.yes_obliges
        perm = g.permission
        when = frozenset(perm.when) if isinstance(perm, PermissionAsk) else frozenset()
        self.ask_before_draw = self.permission and "before_draw" in when
        self.ask_after_draw = self.permission and "after_draw" in when
        self.ask_after_melding = self.permission and "after_melding" in when
        self.ask_only_when_able = isinstance(perm, PermissionAsk) and perm.only_when_able
        self.ask_once = isinstance(perm, PermissionAsk) and perm.once_per_hand
        # Going out needs partner's yes (going_out.permission.required): only with a partner.
        self.ask_required = self.permission and isinstance(perm, PermissionAsk) and perm.required

        so = v.stock_out
        self.stock_out_last_turn = not isinstance(so, StockOutPilePlay)
        self.forced = so.forced if isinstance(so, StockOutPilePlay) else "none"

        self.wild_returned_penalty = v.penalties.wild_returned
        self.hand_sets: tuple[tuple[int, int, int], ...] = tuple(
            (RANK_OF_NAME[h.rank], h.count, h.points) for h in v.penalties.in_hand_sets
        )
        self.no_canasta_melds_minus = v.penalties.no_canasta_melds == "minus"
        self.target = v.game.target
        self.win_first_to_reach = v.game.win == "first_to_reach"
        self.tie_shared = v.game.tie == "shared"
        self.first_seat_leads = v.deal.first_dealer == "first_seat_leads"
        self.max_hands = v.game.max_hands
        self.rounds = v.game.rounds
        self.by_round: tuple[int, ...] = v.initial_meld.by_round
        # foot.kind = "foot": a second hand per player (Hand and Foot). ``foot`` is the one flag
        # the engine tests before any foot rule.
        ft = v.foot
        self.foot = isinstance(ft, FootDealt)
        self.foot_size = ft.size if isinstance(ft, FootDealt) else 0
        self.foot_needed = ft.needed_to_go_out if isinstance(ft, FootDealt) else False
        # Guard against a hand that never ends: far beyond any real hand's length.
        self.max_moves_per_hand = 40 * len(self.deck)
        self.wild_caps: tuple[int, ...] = tuple(
            self.meld_wild_cap(n) for n in range(len(self.deck) + 1)
        )
        """``meld_wild_cap`` by the number of naturals, for every count a pack allows."""
        self.wild_add_memo: dict[tuple[int, int, int, bool], int | None] = {}
        """The move generator's memo of what one wild card added to a meld does, by the meld's
        kind, naturals, wild cards and whether it is of black threes (``generate``)."""
        self.recognised: dict[tuple[int, ...], tuple[Refusal | None, int, int, int]] = {}
        """``meldkinds.recognise``'s memo: what kind of meld each group of cards tries to be.
        Emptied when it grows past a few thousand entries."""

    def round_minimum(self, hand_no: int) -> int:
        """The initial-meld minimum of hand ``hand_no`` (``initial_meld.basis = "round"``)."""
        rounds = self.by_round
        return rounds[min(max(hand_no, 1), len(rounds)) - 1]

    def minimum(self, score: int) -> int:
        """The initial-meld minimum for a side whose cumulative score is ``score``."""
        for below, minimum in self.tiers:
            if below is None or score < below:
                return minimum
        raise AssertionError("the last tier has no bound")  # pragma: no cover

    def next_seat(self, p: int) -> int:
        return (p + self.step) % self.players

    def partners(self, p: int) -> tuple[int, ...]:
        return tuple(q for q in self.members[self.side_of[p]] if q != p)

    def meld_wild_cap(self, naturals: int) -> int:
        """Most wild cards a meld with ``naturals`` natural cards may hold (not yet a canasta)."""
        cap = self.max_wild
        if self.wild_le_nat and naturals - self.wild_margin < cap:
            cap = max(naturals - self.wild_margin, 0)
        return cap

    def is_canasta(self, naturals: int, size: int) -> bool:
        """Whether a meld of ``size`` cards, ``naturals`` of them natural, is a canasta. A meld
        with no natural card is a meld of wild cards (no group or run has none)."""
        if naturals == 0:
            return self.wild_melds and size >= self.canasta_size
        return size >= self.canasta_size and naturals >= self.canasta_base


_CACHE: dict[tuple[int, int | None], Rules] = {}


def rules_for(variant: Variant, players: int | None = None) -> Rules:
    """The (cached) engine tables of ``variant`` at ``players`` seats (default: its first).

    Keyed by the variant object's identity (variants hold a dict, so they are not hashable); the
    cached ``Rules`` keeps the variant alive, so an id is never reused while it is cached.
    """
    key = (id(variant), players)
    r = _CACHE.get(key)
    if r is None or r.variant is not variant:
        r = _CACHE[key] = Rules(variant, players)
    return r
