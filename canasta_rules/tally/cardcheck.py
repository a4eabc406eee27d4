"""The checks only counts of cards by kind allow (``tally.cards``): no kind counted more often
than the pack holds it, black threes melded only where and when the ruleset melds them,
canastas and melds with the wild and natural cards they are made of."""

from __future__ import annotations

from ..engine.rules import Rules
from ..seats import side_names
from .cards import card_groups
from .entry import SideEntry, TallyError, counted


def _counted(entries: list[SideEntry], group: str) -> list[int]:
    return [dict(e.melded_cards).get(group, 0) + dict(e.held_cards).get(group, 0) for e in entries]


def check_card_bounds(rules: Rules, entries: list[SideEntry]) -> None:
    """Refuse card counts that no deal can hold, whatever else is entered: a kind counted more
    often than the pack holds it (melded and held, every side together), black threes melded
    where the ruleset never melds them."""
    names = side_names(rules.players, rules.sides)
    pack = f"the pack of {rules.variant.deck.size} cards holds"
    for g in card_groups(rules):
        found = _counted(entries, g.name)
        if sum(found) > g.in_pack:
            each = ", ".join(f"{n} {c}" for n, c in zip(names, found, strict=True) if c)
            raise TallyError(f"{sum(found)} {g.name} counted ({each}); {pack} {g.in_pack}")
    for name, e in zip(names, entries, strict=True):
        black = dict(e.melded_cards).get("black threes", 0)
        if not black:
            continue
        if not rules.black3_meldable:
            raise TallyError(
                f"{name}: {counted(black, 'black three')} in melds: this ruleset never melds "
                "black threes (black_threes.meld_when_going_out); count them in the hand"
            )


def check_card_counts(rules: Rules, entries: list[SideEntry]) -> None:
    """Refuse card counts the rest of the entry contradicts: black threes melded by a side that
    did not go out (they are melded only in going out), or fewer than a meld holds; canastas
    and melds without the wild or natural cards they hold."""
    names = side_names(rules.players, rules.sides)
    groups = card_groups(rules)
    size = rules.canasta_size
    for name, e in zip(names, entries, strict=True):
        if not e.melded_cards:
            continue
        melded = dict(e.melded_cards)
        black = melded.get("black threes", 0)
        if black and not e.out:
            raise TallyError(
                f"{name}: black threes in melds, but {name} did not go out; black threes are "
                "melded only in going out (black_threes.meld_when_going_out)"
            )
        if 0 < black < rules.min_size:
            raise TallyError(
                f"{name}: {counted(black, 'black three')} in melds: a meld of black threes holds "
                f"at least {rules.min_size} (melds.min_size)"
            )
        wild = sum(melded.get(g.name, 0) for g in groups if g.wild)
        natural = sum(melded.get(g.name, 0) for g in groups if not g.wild and not g.black_three)
        need_wild = e.mixed + e.wild_canastas * size + e.wild_open * rules.wild_meld_min
        if wild < need_wild:
            parts = []
            if e.mixed:
                holds = "holds" if e.mixed == 1 else "hold"
                parts.append(f"{counted(e.mixed, 'mixed canasta')} {holds} one or more")
            if e.wild_canastas:
                kind = counted(e.wild_canastas, "canasta")
                parts.append(
                    f"{kind} of wild cards hold{'s' if e.wild_canastas == 1 else ''} {size}"
                )
            if e.wild_open:
                parts.append(f"an unfinished meld of them holds {rules.wild_meld_min}")
            raise TallyError(
                f"{name}: {counted(wild, 'wild card')} counted in melds, but {'; '.join(parts)}"
            )
        need_natural = (
            (e.naturals + e.runs) * size
            + e.mixed * rules.canasta_base
            + sum(n for _, n in e.unfinished) * rules.min_size
        )
        if natural < need_natural:
            raise TallyError(
                f"{name}: {counted(natural, 'natural card')} counted in melds, but the canastas "
                f"and melds entered hold at least {need_natural}"
            )
