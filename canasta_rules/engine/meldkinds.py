"""Kinds of meld, in one place: what each kind of meld is made of, how a new one and an addition
to one are judged, how one is built and filed on the table, and what an invariant check finds
wrong with one.

The kinds (``rules.GROUP``, ``RUN``, ``WILD``, the ``kind`` of a :class:`~.state.TableMeld`):

- a **group** of one rank with its wild cards, filed under its rank (black threes under 3);
- a **run** of one suit in sequence, four up to ace (``melds.sequences``: Samba, Bolivia), filed
  under a free key from ``RUN_KEY0``;
- a meld of **wild cards** alone (``melds.wild_melds``), filed under ``WILD_KEY``.

:func:`recognise` tells from a new meld's cards which kind they try to be; ``KIND[kind]`` then
judges and builds it. The legality rules (``legality``, ``pile``), the move's effect
(``mutate``), positions (``position``) and the invariants (``invariants``) all go through here.
To add a kind of meld: a constant in ``rules``, a class here with the five methods of
:class:`MeldKind`, its case in :func:`recognise`, and (if it is a kind of canasta of its own)
its case in ``canastas.kind_of``. The move generator offers it (``generate``) and positions
write it (``notation/writer``), as docs/architecture.md says.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence

from .. import cards as C
from ..errors import Refusal
from .rules import (
    BLACK3_KEY,
    CLOSED_KEY0,
    GROUP,
    IS_WILD,
    KEY_OF,
    RED3_KEY,
    RUN,
    RUN_KEY0,
    WILD,
    WILD_KEY,
    Rules,
)
from .state import TableMeld, free_key

NEW_RUN = RUN_KEY0 - 1
"""The key ``checks.check_new_meld`` gives a new run (its real key is chosen when it is laid)."""


def plural(n: int, word: str, one: str = "1") -> str:
    """``2 canastas``; for 1, ``one`` before the word, as the sentence reads it aloud: "until
    your side has a canasta" (``one="a"``), "at most one wild card" (``one="one"``)."""
    return f"{one} {word}" if n == 1 else f"{n} {word}s"


def rank_name(rank: int, plural: bool = True) -> str:
    if rank == BLACK3_KEY:
        return "black threes" if plural else "black three"
    return C.rank_word(rank, plural)


class MeldKind(ABC):
    """One kind of meld. ``key`` below is where a meld is filed in ``State.melds[side]``."""

    code: int

    @abstractmethod
    def judge_new(self, r: Rules, cards: Sequence[int], rank: int, nat: int) -> Refusal | None:
        """A new meld of this kind: ``rank`` as :func:`recognise` found it, ``nat`` its naturals
        (``len(cards) - nat`` are wild)."""

    @abstractmethod
    def judge_add(
        self, r: Rules, meld: TableMeld, cards: Sequence[int]
    ) -> tuple[Refusal | None, int, int]:
        """Adding ``cards`` to ``meld`` (not a closed canasta: ``checks.check_add`` says so
        first). Returns (refusal, naturals after, wilds after)."""

    def full(self, r: Rules, meld: TableMeld) -> Refusal | None:
        """Why ``meld`` takes no card at all by a limit of its kind (judged before
        ``canastas.closed``, so that the refusal cites the kind's own rule), or None."""
        return None

    def home(self, melds: dict[int, TableMeld], rank: int) -> int:
        """The key a new meld of this kind, of ``rank``, is filed under."""
        return rank

    def build(self, key: int, cards: tuple[int, ...], wild: int) -> TableMeld:
        """A new meld of this kind filed under ``key``."""
        return TableMeld(key, cards, len(cards) - wild, wild, self.code)

    def extended(self, m: TableMeld, cards: tuple[int, ...], wild: int) -> TableMeld:
        """``m`` with ``cards`` (``wild`` of them wild) added."""
        # Built field by field: NamedTuple._replace costs several times a plain construction.
        return TableMeld(
            m.rank, m.cards + cards, m.naturals + len(cards) - wild, m.wilds + wild, m.kind
        )

    @abstractmethod
    def problems(self, r: Rules, side: int, key: int, m: TableMeld, joined: int) -> list[str]:
        """What is wrong with ``m``, filed under ``key`` on ``side``'s part of the table
        (``invariants.meld_problems``); ``joined``: the players whose melds of one rank were
        joined into it (``seating.forming``)."""


# ---- groups -------------------------------------------------------------------------------------


def wild_limits(r: Rules, nat: int, wild: int) -> Refusal | None:
    """The wild cards a group of ``nat`` naturals may hold (``melds.max_wild`` and its kin)."""
    if wild > r.max_wild:
        return Refusal(
            "meld.too_many_wild",
            "melds.max_wild",
            f"a meld may hold at most {plural(r.max_wild, 'wild card', 'one')}; "
            f"this would hold {wild}",
        )
    if r.wild_le_nat and wild > nat - r.wild_margin:
        if r.wild_margin:
            return Refusal(
                "meld.wild_not_fewer_than_natural",
                "melds.wild_fewer_than_natural",
                f"a meld must hold fewer wild cards than natural ones ({wild} wild, {nat} natural)",
            )
        return Refusal(
            "meld.more_wild_than_natural",
            "melds.wild_not_more_than_natural",
            f"a meld may not hold more wild cards than natural ones ({wild} wild, {nat} natural)",
        )
    return None


def _black_threes_wild() -> Refusal:
    return Refusal(
        "meld.black_threes.wild",
        "black_threes.meld_when_going_out",
        "a meld of black threes cannot hold wild cards",
    )


class Group(MeldKind):
    """Cards of one rank with wild cards (black threes: never with wild cards)."""

    code = GROUP

    def judge_new(self, r: Rules, cards: Sequence[int], rank: int, nat: int) -> Refusal | None:
        wild = len(cards) - nat
        if rank == BLACK3_KEY:
            if r.black3_bonus:
                return Refusal(
                    "meld.black_threes.bonus",
                    "black_threes.bonus",
                    "black threes are laid out as bonus cards here, never melded",
                )
            if not r.black3_meldable:
                return Refusal(
                    "meld.black_threes.never",
                    "black_threes.meld_when_going_out",
                    "black threes cannot be melded in this ruleset",
                )
            if wild:
                return _black_threes_wild()
        if r.canasta_closed and len(cards) > r.canasta_size:
            return Refusal(
                "meld.canasta_closed",
                "canastas.closed",
                f"a canasta is closed at {r.canasta_size} cards: a meld holds no more",
            )
        if len(cards) < r.min_size:
            return Refusal(
                "meld.too_small",
                "melds.min_size",
                f"a new meld needs at least {r.min_size} cards; this has {len(cards)}",
            )
        if nat < r.min_naturals:
            return Refusal(
                "meld.too_few_naturals",
                "melds.min_naturals",
                f"a meld needs at least {r.min_naturals} natural cards; this has {nat}",
            )
        return wild_limits(r, nat, wild)

    def judge_add(
        self, r: Rules, meld: TableMeld, cards: Sequence[int]
    ) -> tuple[Refusal | None, int, int]:
        if r.canasta_closed and meld.size + len(cards) > r.canasta_size:
            return (
                Refusal(
                    "meld.canasta_closed",
                    "canastas.closed",
                    f"a canasta is closed at {r.canasta_size} cards: this would make "
                    f"{meld.size + len(cards)}",
                ),
                meld.naturals,
                meld.wilds,
            )
        nat, wild = meld.naturals, meld.wilds
        for c in cards:
            if IS_WILD[c]:
                wild += 1
            elif KEY_OF[c] == meld.rank:  # black threes too: the going-out turn laid that meld
                nat += 1
            else:
                return (
                    Refusal(
                        "meld.wrong_rank",
                        "",
                        f"{C.name(c)} cannot go on your meld of {rank_name(meld.rank)}",
                    ),
                    nat,
                    wild,
                )
        if wild > meld.wilds:
            if meld.rank == BLACK3_KEY:
                return _black_threes_wild(), nat, wild
            unlimited = r.canasta_unlimited and r.is_canasta(meld.naturals, meld.size)
            if not unlimited:
                ref = wild_limits(r, nat, wild)
                if ref is not None:
                    return ref, nat, wild
        return None, nat, wild

    def problems(self, r: Rules, side: int, key: int, m: TableMeld, joined: int) -> list[str]:
        out: list[str] = []
        where = f"side {side} meld of {C.rank_word(m.rank, True)}"
        wild = sum(1 for c in m.cards if IS_WILD[c])
        nat = len(m.cards) - wild
        if key != m.rank and not (key >= CLOSED_KEY0 and r.canasta_closed):
            out.append(f"{where}: filed under the wrong rank")
        if any(not IS_WILD[c] and KEY_OF[c] != m.rank for c in m.cards):
            out.append(f"{where}: holds a card of another rank")
        if len(m.cards) < r.min_size:
            out.append(f"{where}: {len(m.cards)} cards, below the minimum {r.min_size}")
        if nat < r.min_naturals:
            out.append(f"{where}: {nat} naturals, below {r.min_naturals}")
        if m.rank == BLACK3_KEY and wild:
            out.append(f"{where}: black threes with wild cards")
        if r.canasta_closed and len(m.cards) > r.canasta_size * joined:
            out.append(f"{where}: {len(m.cards)} cards in a canasta closed at {r.canasta_size}")
        if not (r.canasta_unlimited and r.is_canasta(nat, len(m.cards))):
            if wild > r.max_wild * joined:
                out.append(f"{where}: {wild} wild cards, above {r.max_wild}")
            if r.wild_le_nat and wild > nat - r.wild_margin:
                more = "as many wild cards as natural" if wild == nat else "more wild than"
                out.append(f"{where}: {more} natural cards")
        return out


# ---- runs ---------------------------------------------------------------------------------------


def run_span(cards: Iterable[int]) -> tuple[int, int, int] | None:
    """(suit, lowest rank, highest rank) if ``cards`` are natural cards of one suit whose ranks
    are distinct and consecutive within four to ace; None otherwise."""
    suits = set()
    ranks = []
    for c in cards:
        if IS_WILD[c] or KEY_OF[c] < 4:
            return None
        suits.add(C.SUIT_OF[c])
        ranks.append(C.RANK_OF[c])
    if len(suits) != 1 or len(set(ranks)) != len(ranks):
        return None
    lo, hi = min(ranks), max(ranks)
    if hi - lo + 1 != len(ranks):
        return None
    return suits.pop(), lo, hi


def _run_refusal(cards: Sequence[int]) -> Refusal:
    """Why ``cards`` (for which :func:`run_span` found nothing) are not a run."""
    if any(IS_WILD[c] for c in cards):
        return Refusal("meld.run.wild", "melds.sequences", "a run holds no wild cards")
    if any(KEY_OF[c] < 4 for c in cards):
        return Refusal("meld.run.threes", "melds.sequences", "threes never belong to a run")
    if len({C.SUIT_OF[c] for c in cards}) > 1:
        return Refusal("meld.run.suits", "melds.sequences", "a run is all of one suit")
    return Refusal(
        "meld.run.gap",
        "melds.sequences",
        "a run's cards follow one another in rank, each rank once, four up to ace",
    )


def _too_long(r: Rules, size: int, would: bool) -> Refusal:
    verb = "would hold" if would else "has"
    return Refusal(
        "meld.run.too_long",
        "melds.sequences",
        f"a run holds at most {r.run_max} cards; this {verb} {size}",
    )


class Run(MeldKind):
    """Natural cards of one suit in sequence, four up to ace, each rank once."""

    code = RUN

    def judge_new(self, r: Rules, cards: Sequence[int], rank: int, nat: int) -> Refusal | None:
        if run_span(cards) is None:
            return _run_refusal(cards)
        if len(cards) < r.run_min:
            return Refusal(
                "meld.run.too_short",
                "melds.sequences",
                f"a new run needs at least {r.run_min} cards; this has {len(cards)}",
            )
        if len(cards) > r.run_max:
            return _too_long(r, len(cards), would=False)
        return None

    def judge_add(
        self, r: Rules, meld: TableMeld, cards: Sequence[int]
    ) -> tuple[Refusal | None, int, int]:
        size = meld.naturals + len(cards)
        held = [C.card(k, meld.suit) for k in range(meld.low, meld.high + 1)]
        if run_span([*cards, *held]) is None:
            return _run_refusal([*cards, *held]), meld.naturals, 0
        if size > r.run_max:
            return _too_long(r, size, would=True), meld.naturals, 0
        return None, size, 0

    def home(self, melds: dict[int, TableMeld], rank: int) -> int:
        return free_key(melds, RUN_KEY0)

    def build(self, key: int, cards: tuple[int, ...], wild: int) -> TableMeld:
        ranks = [C.RANK_OF[c] for c in cards]
        suit = C.SUIT_OF[cards[0]]
        return TableMeld(key, cards, len(cards), 0, RUN, suit, min(ranks), max(ranks))

    def extended(self, m: TableMeld, cards: tuple[int, ...], wild: int) -> TableMeld:
        ranks = [C.RANK_OF[c] for c in cards]
        low, high = min(m.low, *ranks), max(m.high, *ranks)
        return TableMeld(
            m.rank, m.cards + cards, m.naturals + len(cards), 0, RUN, m.suit, low, high
        )

    def problems(self, r: Rules, side: int, key: int, m: TableMeld, joined: int) -> list[str]:
        where = f"side {side} meld {key}"
        span = run_span(m.cards)
        if not r.runs or key < RUN_KEY0 or key >= CLOSED_KEY0 or span is None:
            return [f"{where}: not a run this variant allows"]
        if span != (m.suit, m.low, m.high) or not r.run_min <= len(m.cards) <= r.run_max:
            return [f"{where}: run bounds out of step or length outside the limits"]
        return []


# ---- melds of wild cards ------------------------------------------------------------------------


def _wild_size(r: Rules, size: int, new: bool) -> Refusal | None:
    if new and size < r.wild_meld_min:
        return Refusal(
            "meld.wild.too_small",
            "melds.wild_melds",
            f"a new meld of wild cards needs at least {r.wild_meld_min} cards; this has {size}",
        )
    if size > r.wild_meld_max:
        return Refusal(
            "meld.wild.too_big",
            "melds.wild_melds",
            f"a meld of wild cards holds at most {r.wild_meld_max} cards; this would hold {size}",
        )
    return None


class Wild(MeldKind):
    """Wild cards alone (``melds.wild_melds``): one such meld per side at a time."""

    code = WILD

    def judge_new(self, r: Rules, cards: Sequence[int], rank: int, nat: int) -> Refusal | None:
        return _wild_size(r, len(cards), new=True)

    def judge_add(
        self, r: Rules, meld: TableMeld, cards: Sequence[int]
    ) -> tuple[Refusal | None, int, int]:
        if any(not IS_WILD[c] for c in cards):
            return (
                Refusal("meld.wrong_rank", "", "only wild cards go on the meld of wild cards"),
                meld.naturals,
                meld.wilds,
            )
        size = meld.wilds + len(cards)
        return _wild_size(r, size, new=False), 0, size

    def full(self, r: Rules, meld: TableMeld) -> Refusal | None:
        # melds.wild_melds.max_size: a finished canasta of wild cards takes nothing more (RGB:
        # nothing may be added to a bolivia), whatever canastas.closed says of other canastas.
        if meld.size < r.wild_meld_max or meld.size < r.canasta_size:
            return None
        return Refusal(
            "meld.wild.too_big",
            "melds.wild_melds",
            f"a canasta of wild cards takes no more cards: a meld of wild cards holds at most "
            f"{r.wild_meld_max}",
        )

    def problems(self, r: Rules, side: int, key: int, m: TableMeld, joined: int) -> list[str]:
        where = f"side {side} meld {key}"
        aside = key >= CLOSED_KEY0 and r.canasta_closed and len(m.cards) == r.canasta_size
        if not r.wild_melds or (key != WILD_KEY and not aside) or m.naturals:
            return [f"{where}: a meld of wild cards this variant cannot hold"]
        if not r.wild_meld_min <= len(m.cards) <= r.wild_meld_max:
            return [f"{where}: {len(m.cards)} wild cards, outside the limits"]
        return []


KIND: tuple[MeldKind, ...] = (Group(), Run(), Wild())
"""The kinds, indexed by their code (``rules.GROUP``, ``RUN``, ``WILD``)."""
assert all(k.code == i for i, k in enumerate(KIND))


# ---- telling a new meld's kind from its cards ----------------------------------------------------


def recognise(r: Rules, cards: Sequence[int]) -> tuple[Refusal | None, int, int, int]:
    """Which kind of meld a new meld's cards try to be: (refusal for cards that can be no meld
    in this variant, kind, rank, naturals). The rank is the group's (3 for black threes),
    ``WILD_KEY`` for wild cards alone and ``NEW_RUN`` for a run.

    Remembered per ruleset (``Rules.recognised``) by the cards, as a tuple: the same groups come
    back from position to position (the move generator hands out shared melds)."""
    key = cards if type(cards) is tuple else tuple(cards)
    memo = r.recognised
    got = memo.get(key)
    if got is None:
        got = _recognise(r, key)
        if len(memo) >= _RECOGNISED_MAX:
            memo.clear()
        memo[key] = got
    return got


_RECOGNISED_MAX = 4096


def _recognise(r: Rules, cards: tuple[int, ...]) -> tuple[Refusal | None, int, int, int]:
    if not cards:
        return Refusal("meld.empty", "", "a meld needs cards"), GROUP, 0, 0
    keys = set()
    wild = 0
    for c in cards:
        if IS_WILD[c]:
            wild += 1
        else:
            keys.add(KEY_OF[c])
    nat = len(cards) - wild
    if RED3_KEY in keys:
        return (
            Refusal("meld.red_three", "", "red threes are laid apart, never melded"),
            GROUP,
            0,
            nat,
        )
    if len(keys) > 1:
        if r.runs:
            return None, RUN, NEW_RUN, nat
        ranks = ", ".join(rank_name(k) for k in sorted(keys))
        return Refusal("meld.mixed_ranks", "", f"a meld holds one rank, not {ranks}"), GROUP, 0, nat
    if not keys:
        if r.wild_melds:
            return None, WILD, WILD_KEY, 0
        refusal = Refusal(
            "meld.all_wild", "melds.min_naturals", "wild cards cannot be melded on their own"
        )
        return refusal, GROUP, 0, nat
    return None, GROUP, keys.pop(), nat


def kind_of_new(rank: int) -> int:
    """The kind of a new meld from the rank :func:`recognise` gave it."""
    return RUN if rank == NEW_RUN else WILD if rank == WILD_KEY else GROUP


def closed_group(r: Rules, m: TableMeld) -> bool:
    """Whether ``m`` is a group, or a meld of wild cards, closed as a canasta
    (``canastas.closed``): a new meld of its rank (of wild cards) may be started, and it moves
    aside to a key from ``CLOSED_KEY0``."""
    return r.canasta_closed and m.kind != RUN and r.is_canasta(m.naturals, m.size)


def set_aside(melds: dict[int, TableMeld], key: int) -> int:
    """Move the closed canasta filed under ``key`` aside (it keeps its rank); its new key."""
    aside = free_key(melds, CLOSED_KEY0)
    melds[aside] = melds.pop(key)
    return aside
