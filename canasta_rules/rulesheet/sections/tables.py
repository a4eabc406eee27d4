"""The tables a rule sheet shows in both its forms, the full sheet and the quick reference: card
values, the initial-meld minimums, the ways to take the discard pile, and the bonuses; with the
words those tables (and the red-three sentences) share.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import rank_word
from ...variant.plain import RANK_OF_NAME, SequencesSameSuit, WildMeldsAllowed
from ...variant.spoken import (
    BASIS_LABELS,
    WAY_LABELS,
    by_round_labels,
    by_round_words,
    red_three_scale,
    tier_label,
    tiers_words,
)
from ...variant.spoken import minimum_words as _minimum
from ..document import Row, Table
from ..words import capital, join, number
from .base import BuilderBase

# Card values in the order players list them, with the labels a table shows.
_VALUE_FIELDS: tuple[tuple[str, str], ...] = (
    ("joker", "Joker"),
    ("two", "Two"),
    ("ace", "Ace"),
    ("king", "King"),
    ("queen", "Queen"),
    ("jack", "Jack"),
    ("ten", "Ten"),
    ("nine", "Nine"),
    ("eight", "Eight"),
    ("seven", "Seven"),
    ("six", "Six"),
    ("five", "Five"),
    ("four", "Four"),
    ("black_three", "Black three"),
)
_RUN_RANKS = (
    "ace",
    "king",
    "queen",
    "jack",
    "ten",
    "nine",
    "eight",
    "seven",
    "six",
    "five",
    "four",
)
"""Ranks that a table may give as a run ("King to eight")."""

_WAY_PHRASES = {
    "natural_pair": "with two natural cards of its rank from their hand",
    "natural_and_wild": "with one natural card of its rank and one wild card from their hand",
    "add_to_meld": "by adding it to their side's meld of that rank",
}
_WAY_ORDER = ("natural_pair", "natural_and_wild", "add_to_meld")
_WAY_HEADERS = tuple(capital(WAY_LABELS[w]) for w in _WAY_ORDER)


def _ways(ways: Sequence[str]) -> str:
    return join([_WAY_PHRASES[w] for w in _WAY_ORDER if w in ways], "or")


def wild_canasta_label(wm: WildMeldsAllowed) -> str:
    """The bonus table's label for the ordinary canasta of wild cards."""
    by_make_up = wm.twos_bonus is not None or wm.jokers_bonus is not None
    return "Wild canasta: any other mix" if by_make_up else "Canasta of wild cards"


class Tables(BuilderBase):
    """The tables used twice: by a section of the full sheet and by the quick reference."""

    def value_rows(self, see: str) -> list[Row]:
        cv = self.v.card_values
        groups: list[list[str]] = []
        for field, _label in _VALUE_FIELDS:
            val = getattr(cv, field)
            if groups and getattr(cv, groups[-1][-1]) == val:
                groups[-1].append(field)
            else:
                groups.append([field])
        labels = dict(_VALUE_FIELDS)
        header = ("Card", "Points")
        rows: list[Row] = []
        for g in groups:
            run = [f for f in g if f in _RUN_RANKS]
            if len(run) >= 3 and run == g[: len(run)]:
                head = f"{labels[run[0]]} to {labels[run[-1]].lower()}"
                rest = [labels[f].lower() for f in g[len(run) :]]
                label = join([head, *rest], "and")
            else:
                label = capital(join([labels[f].lower() for f in g], "and"))
            val = getattr(cv, g[0])
            rows.append(
                Row(
                    "card_values." + "+".join(g),
                    (label, str(val)),
                    tuple(f"card_values.{f}" for f in g),
                    header=header,
                )
            )
        rows.append(
            Row(
                "card_values.red_three",
                ("Red three", f"bonus only (see {see})"),
                header=header,
            )
        )
        return rows

    def values_table(self, see: str = "Red and black threes") -> Table:
        cap = self.fixed(
            "card_values",
            "Each card counts for its side when melded, and against it when left in a hand:",
        )
        return Table(cap, ("Card", "Points"), tuple(self.value_rows(see)))

    def tiers_table(self, id_: str, lead: str) -> Table:
        im = self.v.initial_meld
        if im.basis == "round":
            labels = by_round_labels(im.by_round)
            cap = self.s(id_, lead, "initial_meld.by_round", gist=by_round_words(im.by_round))
            header = (capital(BASIS_LABELS["round"]), "Minimum")
            return Table(
                cap,
                header,
                tuple(
                    Row(f"{id_}.{i}", (lab, _minimum(m)), header=header)
                    for i, (lab, m) in enumerate(zip(labels, im.by_round, strict=True))
                ),
            )
        tiers = self.v.initial_meld.tiers
        gist = tiers_words(tiers)
        cap = self.s(id_, lead, "initial_meld.tiers", gist=gist)
        header = (capital(BASIS_LABELS[self.v.initial_meld.basis]), "Minimum")
        rows = tuple(
            Row(f"{id_}.{i}", (tier_label(tiers, i), _minimum(t.minimum)), header=header)
            for i, t in enumerate(tiers)
        )
        return Table(cap, header, rows)

    def pickup_table(self, id_: str) -> Table:
        p = self.v.pile
        header = ("Pile", *_WAY_HEADERS)

        def cells(ways: Sequence[str]) -> tuple[str, ...]:
            return tuple("yes" if w in ways else "no" for w in _WAY_ORDER)

        unopened = (
            "Side not opened yet" if p.frozen_before_opening == "side" else "Player not melded yet"
        )
        rows = (
            Row(
                f"{id_}.unfrozen",
                ("Pile not frozen", *cells(p.unfrozen)),
                ("pile.unfrozen",),
                header=header,
            ),
            Row(
                f"{id_}.frozen", ("Pile frozen", *cells(p.frozen)), ("pile.frozen",), header=header
            ),
            Row(
                f"{id_}.unopened",
                (unopened, *cells(p.frozen)),
                ("pile.frozen", "pile.frozen_before_opening"),
                header=header,
            ),
        )
        cap = self.fixed(
            id_, "Ways to take the discard pile (its top card must be melded at once):"
        )
        return Table(cap, header, rows)

    def bonus_rows(self, id_: str) -> list[Row]:
        v = self.v
        header = ("Bonus", "Points")
        reds = v.deck.red_threes
        rows = [
            Row(
                f"{id_}.natural",
                ("Natural canasta (no wild card)", str(v.canastas.natural_bonus)),
                ("canastas.natural_bonus",),
                header=header,
            ),
            Row(
                f"{id_}.mixed",
                ("Mixed canasta (with wild cards)", str(v.canastas.mixed_bonus)),
                ("canastas.mixed_bonus",),
                header=header,
            ),
            *(
                [
                    Row(
                        f"{id_}.runs",
                        (
                            "Run as long as a canasta"
                            + (f" ({v.words.run_canasta})" if v.words.run_canasta else ""),
                            str(v.melds.sequences.canasta_bonus),
                        ),
                        ("melds.sequences.canasta_bonus",),
                        header=header,
                    )
                ]
                if isinstance(v.melds.sequences, SequencesSameSuit)
                else []
            ),
            *(
                [
                    Row(
                        f"{id_}.wild",
                        (
                            wild_canasta_label(v.melds.wild_melds)
                            + (f" ({v.words.wild_canasta})" if v.words.wild_canasta else ""),
                            str(v.melds.wild_melds.canasta_bonus),
                        ),
                        ("melds.wild_melds.canasta_bonus",),
                        header=header,
                    )
                ]
                if isinstance(v.melds.wild_melds, WildMeldsAllowed)
                else []
            ),
            *self.special_bonus_rows(id_, header),
            Row(
                f"{id_}.red_threes",
                (
                    "Red threes",
                    red_three_scale(v.red_threes.totals).replace(
                        f"all {number(reds)} together", f"all {number(reds)}"
                    ),
                ),
                ("red_threes.totals",),
                header=header,
            ),
            Row(
                f"{id_}.red_threes_against",
                ("Red threes of a side that " + self.against_phrase(), "count minus instead")
                if v.red_threes.count_against != "never"
                else ("Red threes never count minus", "whatever the side melded"),
                ("red_threes.count_against",),
                header=header,
            ),
            *(
                [
                    Row(
                        f"{id_}.red_threes_opponents_out",
                        ("Red threes of a side whose opponents went out", "count minus too"),
                        ("red_threes.against_when_opponents_out",),
                        header=header,
                    )
                ]
                if v.red_threes.against_when_opponents_out
                else []
            ),
            Row(
                f"{id_}.out",
                ("Going out", str(v.going_out.bonus)),
                ("going_out.bonus",),
                header=header,
            ),
            Row(
                f"{id_}.concealed",
                ("Going out concealed (instead of the above)", str(v.going_out.concealed_bonus)),
                ("going_out.concealed_bonus",),
                header=header,
            ),
        ]
        return rows

    def special_bonus_rows(self, id_: str, header: tuple[str, str]) -> list[Row]:
        """Rows for the special ranks and the wild canastas by make-up (Modern American)."""
        v = self.v
        rows: list[Row] = []
        for sp in v.canastas.special:
            word = rank_word(RANK_OF_NAME[sp.rank], True)
            cells = [(f"Canasta of pure {word}", str(sp.bonus))]
            if sp.unfinished_penalty:
                cells.append((f"Pure {word} unfinished", f"-{sp.unfinished_penalty}"))
            rows += [
                Row(f"{id_}.special.{sp.rank}.{i}", cell, ("canastas.special",), header=header)
                for i, cell in enumerate(cells)
            ]
        wm = v.melds.wild_melds
        if isinstance(wm, WildMeldsAllowed):
            jokers = v.deck.decks * v.deck.jokers_per_deck
            cells = []
            if wm.twos_bonus is not None:
                cells.append(("Wild canasta: twos only", str(wm.twos_bonus)))
            if wm.jokers_bonus is not None:
                cells.append((f"Wild canasta: all {number(jokers)} jokers", str(wm.jokers_bonus)))
            if wm.unfinished_penalty:
                cells.append(("Wild meld unfinished", f"-{wm.unfinished_penalty}"))
            rows += [
                Row(f"{id_}.wild.{i}", cell, ("melds.wild_melds",), header=header)
                for i, cell in enumerate(cells)
            ]
        return rows

    def against_phrase(self) -> str:
        if self.v.red_threes.count_against == "never":
            return "melded nothing"
        if self.v.red_threes.count_against == "no_meld":
            return "made no meld"
        if self.v.red_threes.count_against == "too_few_canastas":
            return f"completed fewer than {self.v.going_out.canastas} canastas (of any kind)"
        return "completed no canasta"
