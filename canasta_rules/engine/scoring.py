"""Scoring a finished hand, side by side, in the rows the sources' score tables use."""

from __future__ import annotations

from .. import cards as C
from ..deferred import dataclass as deferred_dataclass
from .canastas import MIXED, NATURAL, RUN_CANASTA, WILD_CANASTA, Tally
from .rules import Rules
from .state import State

ROWS = (
    ("melds", "Melds"),
    ("hands", "Cards in hand"),
    ("mixed_canastas", "Mixed canastas"),
    ("natural_canastas", "Natural canastas"),
    ("run_canastas", "Run canastas"),
    ("wild_canastas", "Wild canastas"),
    ("red_threes", "Red threes"),
    ("laid_black_threes", "Black threes laid out"),
    ("black_threes", "Black threes in hand"),
    ("going_out", "Going out"),
    ("penalties", "Penalties"),
    ("sets_in_hand", "Sets in hand"),
)

OPTIONAL_ROWS = frozenset(
    {
        "Run canastas",
        "Wild canastas",
        "Black threes in hand",
        "Penalties",
        "Black threes laid out",
        "Sets in hand",
    }
)
"""Rows a score table leaves out when every side has 0 there (rules most variants lack)."""


def hand_rows(r: Rules) -> frozenset[str]:
    """The rows of a score that count the cards left in the players' hands (and feet) under
    ruleset ``r``: not known where a hand is given with unseen cards. Red threes count too where
    a player dealt one may end the hand before laying it down (``red_threes.exposed =
    "first_turn"``)."""
    rows = {"Cards in hand"}
    if r.black3_in_hand_penalty > 0:
        rows.add("Black threes in hand")
    if r.hand_sets:
        rows.add("Sets in hand")
    if r.red3_first_turn:
        rows.add("Red threes")
    return frozenset(rows)


@deferred_dataclass(frozen=True)  # made on first use (start-up speed)
class SideScore:
    """One side's score for a hand. ``total`` is the sum of the rows."""

    melds: int
    hands: int
    mixed_canastas: int
    natural_canastas: int
    red_threes: int
    going_out: int
    penalties: int
    mixed_count: int = 0
    natural_count: int = 0
    red_three_count: int = 0
    run_canastas: int = 0
    wild_canastas: int = 0
    black_threes: int = 0
    run_count: int = 0
    wild_count: int = 0
    laid_black_threes: int = 0
    """Black threes laid out as bonus cards (``black_threes.bonus``), plus or minus."""
    sets_in_hand: int = 0
    """``penalties.in_hand_sets``: sets of one rank held at the end (minus)."""
    black_three_count: int = 0

    @property
    def total(self) -> int:
        return (
            self.melds
            + self.hands
            + self.mixed_canastas
            + self.natural_canastas
            + self.run_canastas
            + self.wild_canastas
            + self.red_threes
            + self.black_threes
            + self.going_out
            + self.penalties
            + self.laid_black_threes
            + self.sets_in_hand
        )

    def rows(self) -> list[tuple[str, int]]:
        return [(label, getattr(self, key)) for key, label in ROWS]


def threes_sign(r: Rules, melded: bool, canastas: int, opponents_out: bool) -> int:
    """Whether a side's threes count plus (1), minus (-1) or nothing (0): minus where
    ``red_threes.count_against`` (no meld, no canasta, too few canastas) or
    ``against_when_opponents_out`` says so; nothing with fewer canastas than
    ``red_threes.count_from_canastas`` (CCP: one canasta); plus otherwise. Always plus where
    ``count_against = "never"`` (a flat value: Hand and Foot)."""
    if r.red3_never_against:
        return 1
    if r.red3_against_too_few:
        against = canastas < r.canastas_to_go_out
    else:
        against = canastas == 0 if r.red3_against_no_canasta else not melded
    if r.red3_against_opponents_out and opponents_out:
        against = True
    if against:
        return -1
    return 0 if canastas < r.threes_from_canastas else 1


def red_three_points(r: Rules, count: int, melded: bool, canastas: int, opponents_out: bool) -> int:
    """What a side's ``count`` red threes score: plus, or minus where ``red_threes.count_against``
    (no meld, or no canasta) or ``against_when_opponents_out`` says so, or nothing where
    ``red_threes.count_from_canastas`` says so."""
    totals = r.red3_totals
    red = totals[min(count, len(totals) - 1)]
    return red * threes_sign(r, melded, canastas, opponents_out)


def black_three_points(
    r: Rules, count: int, melded: bool, canastas: int, opponents_out: bool
) -> int:
    """What a side's ``count`` laid-out black threes score (``black_threes.bonus``): their
    ``black_threes.totals`` entry, with the red threes' sign (CCP scores "threes" alike)."""
    totals = r.black3_totals
    return totals[min(count, len(totals) - 1)] * threes_sign(r, melded, canastas, opponents_out)


_RED_THREE = tuple(C.is_red_three(c) for c in range(C.NUM_CARD_IDS))
_BLACK_THREE = tuple(C.is_black_three(c) for c in range(C.NUM_CARD_IDS))


def score_hand(s: State) -> list[SideScore]:
    """Each side's score for the hand as it stands (normally a finished hand), one per side as
    seated at the deal (a score column).

    Red threes still in a hand at the end (dealt to a player who never had a turn, under
    ``red_threes.exposed = "first_turn"``) count as if laid down: the player would have laid them
    down at the first chance, and no source charges them as cards in hand.

    When sides regrouped during the hand (``seating.forming``), each column scores the side its
    player played for at the end: that side's melds, canastas and going out, minus the cards
    left in all its players' hands, in full for each of them (BCT: each partner receives the
    partnership's total), and the column's own red threes, plus or minus by that side's melds.
    """
    r = s.rules
    return [_column(s, side) for side in range(r.sides)]


def _column(s: State, seated: int) -> SideScore:
    r = s.rules
    # The side this column plays for now, and its players (in fixed partnerships: the same).
    side = s.side_of[r.members[seated][0]]
    melds = s.melds[side]
    meld_points = sum(r.value[c] for m in melds.values() for c in m.cards)
    tally = Tally(r, melds.values())  # canastas by kind, bonuses, unfinished charges
    natural, mixed, runs, wilds = (
        tally.counts[k] for k in (NATURAL, MIXED, RUN_CANASTA, WILD_CANASTA)
    )
    hand_points = 0
    black = 0
    reds = len(s.red3[seated])
    laid_black = 0
    if r.black3_bonus:  # s.red3 holds the side's laid-out threes of both colours
        laid_black = sum(1 for c in s.red3[seated] if C.is_black_three(c))
        reds -= laid_black
    sets = 0
    # black_threes.in_hand_penalty: a black three left in hand when a player goes out costs the
    # penalty in place of its value (BCB: it "counts minus 100"; BNC: minus 100 in hand, 5 melded).
    charged_black = r.black3_in_hand_penalty > 0 and s.out_player >= 0
    for p in s.members(side):
        own = r.side_of[p] == seated
        held = s.hands[p]
        if r.foot and s.feet[p]:
            # A foot never taken up counts against its owner like the hand (TX, BGA: the cards
            # left in hand and foot). A red three in it was never laid down: it counts against
            # at a red three's value (BGA; GSF and Rarepike charge one caught in hand or foot),
            # unlike one a player held when the hand ended (see above).
            held = list(held)
            for c in s.feet[p]:
                if C.is_red_three(c):
                    hand_points -= r.red3_totals[1] if len(r.red3_totals) > 1 else 0
                else:
                    held[c] += 1
        for c, n in enumerate(held):
            if n:
                if _RED_THREE[c]:
                    reds += n if own else 0
                elif _BLACK_THREE[c] and charged_black:
                    black += n  # charged in place of its value, below
                else:
                    hand_points -= r.value[c] * n
        if r.hand_sets:
            rc = s.rc[p]
            sets -= sum(points for key, count, points in r.hand_sets if rc[key] >= count)
    opponents_out = s.out_player >= 0 and s.side_of[s.out_player] != side
    canastas = natural + mixed + runs + wilds
    red = red_three_points(r, reds, bool(melds), canastas, opponents_out)
    laid = (
        black_three_points(r, laid_black, bool(melds), canastas, opponents_out)
        if r.black3_bonus
        else 0
    )
    if canastas == 0 and r.no_canasta_melds_minus:
        meld_points = -meld_points  # penalties.no_canasta_melds = "minus" (CJ)
    black_points = -black * r.black3_in_hand_penalty
    out_points = 0
    if s.out_player >= 0 and s.side_of[s.out_player] == side:
        out_points = r.concealed_bonus if s.concealed else r.out_bonus
    # A special rank's unfinished meld and an unfinished meld of wild cards (Modern American)
    # are charged in the Penalties row, as the irregularities are.
    penalties = -s.penalties[seated] - tally.unfinished
    return SideScore(
        melds=meld_points,
        hands=hand_points,
        mixed_canastas=tally.bonuses[MIXED],
        natural_canastas=tally.bonuses[NATURAL],
        run_canastas=tally.bonuses[RUN_CANASTA],
        wild_canastas=tally.bonuses[WILD_CANASTA],
        black_threes=black_points,
        run_count=runs,
        wild_count=wilds,
        red_threes=red,
        going_out=out_points,
        penalties=penalties,
        mixed_count=mixed,
        natural_count=natural,
        red_three_count=reds,
        laid_black_threes=laid,
        sets_in_hand=sets,
        black_three_count=laid_black,
    )
