"""Static lints: rules a variant file states that no game could ever satisfy or use.

The model (``variant/model/``) already rejects what is contradictory on its face: a deck too
small for the deal, seats that do not divide into sides, tiers out of order. These lints reason a
step further, about what play can reach, and each gives a level, the dotted key and the reason:

- ``error``: the ruleset cannot be played as written. A tier minimum that no opening could reach,
  a canasta count for going out that the pack cannot supply. ``canasta check`` exits 1.
- ``warning``: a rule that can never take effect (it "never fires"), such as a black-three meld
  smaller than the black threes in the pack, or asking a partner at a table without partners. The
  ruleset is playable; the setting is probably a slip. ``canasta check`` still exits 0 (``--strict``
  makes warnings fail too).

Every bound here is an upper bound on what play can reach, so an error is never a false alarm: if
the lint says "unreachable", no hand can reach it. (A loose bound may miss a real problem, which
the dynamic part of ``check`` may still find.)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from .. import cards as C
from ..variant.loaded import LoadedVariant
from ..variant.plain import ConcealedPlayer, PermissionAsk, Variant

Level = Literal["error", "warning"]


@dataclass(frozen=True, order=True)
class Finding:
    """One lint result: how bad, which key, why (and where the key was written)."""

    level: Level
    key: str
    code: str
    message: str
    where: str = ""
    """``FILE:LINE`` (or ``builtin:NAME:LINE``, ``--set``, ``default``) of the key's value."""

    def __str__(self) -> str:
        at = f" ({self.where})" if self.where else ""
        return f"{self.level}: {self.key}{at}: {self.message} [{self.code}]"

    def as_dict(self) -> dict[str, str]:
        return {
            "level": self.level,
            "key": self.key,
            "code": self.code,
            "message": self.message,
            "where": self.where,
        }


# --------------------------------------------------------------------------------------------
# Facts about the pack


NATURAL_RANKS = C.NATURAL_RANKS  # four to ace: the ranks of ordinary melds


def _naturals_per_rank(v: Variant) -> int:
    return 4 * v.deck.decks


def _wild_cards(v: Variant) -> int:
    return v.deck.decks * (4 + v.deck.jokers_per_deck)


def _wild_cap(v: Variant, naturals: int) -> int:
    """Most wild cards a meld with ``naturals`` natural cards may hold before it is a canasta."""
    cap = v.melds.max_wild
    if v.melds.wild_not_more_than_natural:
        cap = min(cap, naturals)
    return cap


def _wilds_for_canasta(v: Variant) -> int | None:
    """Fewest wild cards a canasta of one natural rank needs, or None if none can be made."""
    n = _naturals_per_rank(v)
    c = v.canastas
    if n < c.min_naturals:
        return None
    need = max(0, c.size - n)
    # Until a meld is a canasta the wild-card limits apply, even under canasta_wild = unlimited.
    if need > _wild_cap(v, n):
        return None
    return need


def _black_three_canasta(v: Variant) -> bool:
    n = v.deck.black_threes
    c = v.canastas
    return (
        v.black_threes.meld_when_going_out
        and n >= v.melds.min_size
        and n >= c.size
        and n >= c.min_naturals
    )


def max_canastas(v: Variant) -> int:
    """Most canastas one side could ever hold at once (an upper bound).

    Each natural rank can make one canasta, using all its naturals and the fewest wild cards; the
    wild cards of the whole pack are shared between those canastas. A meld of black threes counts
    when it is big enough (it is laid when going out, which still counts toward going out).
    """
    need = _wilds_for_canasta(v)
    total = 0
    if need is not None:
        total = len(NATURAL_RANKS) if need == 0 else min(len(NATURAL_RANKS), _wild_cards(v) // need)
    return total + int(_black_three_canasta(v))


def meld_capacity(v: Variant) -> int:
    """Most cards a meld of one natural rank can hold before it is a canasta."""
    n = _naturals_per_rank(v)
    return n + min(_wild_cap(v, n), _wild_cards(v))


def _values_desc(v: Variant, wild: bool) -> list[int]:
    """The card values of every wild (or natural) card of the pack that can be melded, highest
    first. Black threes count as naturals where they may be melded (when going out)."""
    out: list[int] = []
    for c in sorted(set(C.deck(v.deck.decks, v.deck.jokers_per_deck))):
        if C.is_red_three(c) or C.is_wild(c) != wild:
            continue
        if C.is_black_three(c) and not v.black_threes.meld_when_going_out:
            continue
        copies = v.deck.decks * (v.deck.jokers_per_deck if c == C.JOKER else 1)
        out.extend([v.card_values.of_rank(C.RANK_OF[c])] * copies)
    return sorted(out, reverse=True)


def opening_bound(v: Variant, cards: int) -> int:
    """An upper bound on the points of a side's first meld action laid from ``cards`` cards.

    The best wild cards and the best naturals of the pack, as many of each as meld shapes allow:
    each meld needs ``melds.min_naturals`` naturals and holds at most ``melds.max_wild`` wild
    cards, and there is one meld per rank (the eleven natural ranks, and black threes where they
    may be melded when going out, which can be a side's first meld action).
    """
    wilds, naturals = _values_desc(v, True), _values_desc(v, False)
    m = v.melds
    ranks = len(NATURAL_RANKS) + int(v.black_threes.meld_when_going_out)
    best = 0
    for w in range(0, min(cards, len(wilds)) + 1):
        n = min(cards - w, len(naturals))
        melds = min(ranks, n // m.min_naturals)
        if melds == 0:
            continue
        cap = melds * m.max_wild
        if m.wild_not_more_than_natural:
            cap = min(cap, n)
        if w > cap:
            continue
        best = max(best, sum(wilds[:w]) + sum(naturals[:n]))
    return best


def opening_cards(v: Variant, hand_size: int, players: int) -> int:
    """Most cards a player could hold when making the side's first meld action.

    Before a side opens the pile is frozen against it and can only be taken to open, so a hand
    grows only by draws: by ``draw.count - 1`` cards a turn. With one card a draw that is the hand
    plus the card just drawn (or the top of the pile, taken to open); with two, any number of
    turns could pass, so every stock card is counted. Under ``initial_meld.pile_cards =
    "whole_pile"`` every card of a taken pile may count too.
    """
    stock = v.deck.size - players * hand_size - 1
    if v.initial_meld.pile_cards == "whole_pile":
        return v.deck.size
    if v.draw.count == 1:
        return hand_size + 1
    return hand_size + max(v.draw.count, stock)


# --------------------------------------------------------------------------------------------
# Where a key was written


def _holds(data: Any, path: tuple[str | int, ...]) -> bool:
    node = data
    for p in path:
        if isinstance(node, dict) and isinstance(p, str):
            if p not in node:
                return False
        elif not (isinstance(node, list) and isinstance(p, int) and 0 <= p < len(node)):
            return False
        node = node[p]
    return True


def _path(key: str) -> tuple[str | int, ...]:
    return tuple(int(p) if p.isdigit() else p for p in key.split("."))


def where(lv: LoadedVariant | None, key: str) -> str:
    """The layer (file, built-in or ``--set``) that wrote ``key`` (or the array holding it)."""
    if lv is None:
        return ""
    path = _path(key)
    for i in range(len(lv.chain) - 1, -1, -1):
        layer = lv.chain[i]
        for k in range(len(path), 0, -1):
            if _holds(layer.data, path[:k]):
                line = layer.line(path)
                return f"{layer.label}:{line}" if line else layer.label
    return "default"


# --------------------------------------------------------------------------------------------
# The lints


class _Collector:
    def __init__(self, lv: LoadedVariant | None):
        self.lv = lv
        self.out: list[Finding] = []

    def add(self, level: Level, key: str, code: str, message: str) -> None:
        self.out.append(Finding(level, key, code, message, where(self.lv, key)))


def _initial_meld(v: Variant, f: _Collector) -> None:
    bounds = [(opening_bound(v, opening_cards(v, s.hand_size, s.players)), s) for s in v.seating]
    for i, tier in enumerate(v.initial_meld.tiers):
        for bound, s in bounds:
            if tier.minimum > bound:
                concealed = (
                    " (only going out concealed after a stock draw, which waives the minimum, "
                    "could open)"
                    if v.going_out.concealed_waives_minimum == "after_stock_draw"
                    else ""
                )
                f.add(
                    "error",
                    f"initial_meld.tiers.{i}.minimum",
                    "initial_meld.unreachable",
                    f"a first meld must count {tier.minimum}, but with {s.hand_size} cards "
                    f"({s.players} players) no first meld action can count more than "
                    f"{bound}{concealed}",
                )
                break
    target = v.game.target
    tiers = v.initial_meld.tiers
    for i in range(1, len(tiers)):
        start = tiers[i - 1].below
        assert start is not None
        if start >= target:
            f.add(
                "warning",
                f"initial_meld.tiers.{i}",
                "initial_meld.tier_after_target",
                f"this tier applies from a score of {start}, but a side reaching game.target "
                f"({target}) ends the game; only sides tied at or above it play on",
            )


def _canastas(v: Variant, f: _Collector) -> None:
    most = max_canastas(v)
    c = v.canastas
    n = _naturals_per_rank(v)
    if most == 0:
        f.add(
            "warning" if v.going_out.canastas == 0 else "error",
            "canastas.size",
            "canastas.impossible",
            f"no meld can become a canasta: a canasta needs {c.size} cards with "
            f"{c.min_naturals} natural, but a meld of one rank holds at most {meld_capacity(v)} "
            f"({n} naturals and {_wild_cap(v, n)} wild cards); canasta bonuses never score",
        )
    if v.going_out.canastas > most:
        f.add(
            "error",
            "going_out.canastas",
            "going_out.too_many_canastas",
            f"going out needs {v.going_out.canastas} canastas, but the pack lets one side make "
            f"at most {most}: nobody could ever go out",
        )
    if most and n < c.size and c.natural_bonus:
        f.add(
            "warning",
            "canastas.natural_bonus",
            "canastas.natural_impossible",
            f"a natural canasta needs {c.size} naturals of one rank, but the pack holds only {n}: "
            "the natural bonus never scores",
        )
    if most and c.mixed_bonus and v.melds.max_wild == 0 and v.melds.canasta_wild == "capped":
        f.add(
            "warning",
            "canastas.mixed_bonus",
            "canastas.mixed_impossible",
            "no meld may hold a wild card (melds.max_wild is 0, and the limit still applies to a "
            "canasta): the mixed bonus never scores",
        )
    if (
        most == 0
        and isinstance(v.going_out.concealed, ConcealedPlayer)
        and v.going_out.concealed.own_canasta
    ):
        f.add(
            "warning",
            "going_out.concealed.own_canasta",
            "concealed.never",
            "going out concealed needs a canasta of one's own, and no canasta can be made",
        )


def _black_threes(v: Variant, f: _Collector) -> None:
    n = v.deck.black_threes
    if v.black_threes.meld_when_going_out and n < v.melds.min_size:
        f.add(
            "warning",
            "black_threes.meld_when_going_out",
            "black_threes.never_melded",
            f"black threes may be melded when going out, but a meld needs {v.melds.min_size} "
            f"cards and the pack holds only {n} black threes",
        )


def _wild_rules(v: Variant, f: _Collector) -> None:
    m = v.melds
    wild = _wild_cards(v)
    if v.penalties.wild_returned and m.max_wild + 1 > wild:
        f.add(
            "warning",
            "penalties.wild_returned",
            "penalty.never",
            f"the penalty is for a wild card laid beyond the limit of {m.max_wild}, but the pack "
            f"holds only {wild} wild cards, so no meld can ever be offered one too many",
        )
    if m.wild_not_more_than_natural and m.max_wild <= m.min_naturals:
        f.add(
            "warning",
            "melds.wild_not_more_than_natural",
            "melds.wild_rule_never",
            f"a meld has at least {m.min_naturals} naturals and at most {m.max_wild} wild cards, "
            "so it can never hold more wild cards than naturals: this rule never applies",
        )
    if m.canasta_wild == "unlimited" and m.max_wild >= wild:
        f.add(
            "warning",
            "melds.canasta_wild",
            "melds.unlimited_never",
            f"max_wild ({m.max_wild}) already allows every wild card of the pack ({wild}) in one "
            "meld: 'unlimited' changes nothing",
        )
    if m.max_wild == 0:
        for table in ("unfrozen", "frozen"):
            if "natural_and_wild" in getattr(v.pile, table):
                f.add(
                    "warning",
                    f"pile.{table}",
                    "pile.wild_way_never",
                    "taking the pile with a natural and a wild card can never happen: melds "
                    "may hold no wild card (melds.max_wild is 0)",
                )


def _pile(v: Variant, f: _Collector) -> None:
    extra = [w for w in v.pile.frozen if w not in v.pile.unfrozen]
    if extra:
        f.add(
            "warning",
            "pile.frozen",
            "pile.frozen_easier",
            f"a frozen pile may be taken by {', '.join(extra)}, which an unfrozen pile does not "
            "allow: freezing the pile makes it easier to take",
        )


def _draw(v: Variant, f: _Collector) -> None:
    if v.draw.count == 1 and v.draw.short_stock == "end_hand":
        f.add(
            "warning",
            "draw.short_stock",
            "draw.short_stock_never",
            "with one card drawn per turn the stock is never shorter than a draw: "
            "'end_hand' never applies",
        )


def _partners(v: Variant, f: _Collector) -> None:
    if all(s.side_size == 1 for s in v.seating):
        tables = ", ".join(str(s.players) for s in v.seating)
        if isinstance(v.going_out.permission, PermissionAsk):
            f.add(
                "warning",
                "going_out.permission",
                "permission.no_partner",
                f"asking partner's permission to go out never happens: every table ({tables} "
                "players) has everyone playing for themself",
            )
        concealed = v.going_out.concealed
        if isinstance(concealed, ConcealedPlayer) and concealed.partner_melds:
            f.add(
                "warning",
                "going_out.concealed.partner_melds",
                "concealed.no_partner",
                "there are no partners' melds to add to at any table of this variant",
            )


def lint(v: Variant, lv: LoadedVariant | None = None) -> list[Finding]:
    """Every finding for ``v``, errors first, then by key. ``lv`` locates keys in their files."""
    f = _Collector(lv)
    _initial_meld(v, f)
    _canastas(v, f)
    _black_threes(v, f)
    _wild_rules(v, f)
    _pile(v, f)
    _draw(v, f)
    _partners(v, f)
    return sorted(f.out, key=lambda x: (x.level != "error", x.key, x.code))
