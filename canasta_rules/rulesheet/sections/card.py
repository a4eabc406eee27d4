"""The quick reference (``canasta rules --card``): a table of the rules at a glance, then the
card values, the initial-meld minimums, the bonuses and the ways to take the discard pile, the
tables it shares with the full sheet.
"""

from __future__ import annotations

from ...variant.plain import FootDealt
from ...variant.spoken import seating_words
from ..document import Para, Row, Section, Table
from ..words import count, digits_count
from .base import BLACK_THREE_ON_TOP
from .tables import Tables


class CardSections(Tables):
    """The sections of the quick reference."""

    def kinds_short(self) -> str:
        """The quick reference's words for the canastas going out needs by kind."""
        g = self.v.going_out
        kinds = [
            (g.natural_canastas, "natural"),
            (g.mixed_canastas, "mixed"),
            (g.wild_canastas, "of wild cards"),
        ]
        parts = [f"{n} {word}" for n, word in kinds if n]
        return f" ({', '.join(parts)})" if parts else ""

    def meld_limits(self) -> str:
        m = self.v.melds
        text = (
            f"{m.min_size}+ cards of one rank, {m.min_naturals}+ natural, at most {m.max_wild} wild"
        )
        if m.wild_fewer_than_natural:
            text += ", always fewer wild than natural"
        elif m.wild_not_more_than_natural:
            text += ", never more wild than natural"
        return text

    def card_sections(self) -> list[Section]:
        v = self.v
        g = v.going_out
        header = ("Rule", "In short")
        rows = [
            Row(
                "card.players",
                (
                    "Players",
                    "; ".join(f"{seating_words(s)}, {s.hand_size} cards each" for s in v.seating),
                ),
                ("seating",),
                header=header,
            ),
            Row(
                "card.pack",
                (
                    "Pack",
                    f"{v.deck.size} cards: {digits_count(v.deck.decks, 'pack')} + "
                    f"{digits_count(v.deck.decks * v.deck.jokers_per_deck, 'joker')}",
                ),
                ("deck.decks", "deck.jokers_per_deck"),
                header=header,
            ),
            Row(
                "card.turn",
                ("Turn", f"draw {v.draw.count} from the stock or take the pile; meld; discard 1"),
                ("draw.count",),
                header=header,
            ),
            Row(
                "card.meld",
                ("Meld", self.meld_limits()),
                (
                    "melds.min_size",
                    "melds.min_naturals",
                    "melds.max_wild",
                    "melds.wild_not_more_than_natural",
                    *(
                        ("melds.wild_fewer_than_natural",)
                        if self.v.melds.wild_fewer_than_natural
                        else ()
                    ),
                ),
                header=header,
            ),
            Row(
                "card.canasta",
                (
                    "Canasta",
                    f"{v.canastas.size}+ cards, {v.canastas.min_naturals}+ natural"
                    + (
                        "; any number of wild cards once complete"
                        if v.melds.canasta_wild == "unlimited"
                        else ""
                    ),
                ),
                ("canastas.size", "canastas.min_naturals", "melds.canasta_wild"),
                header=header,
            ),
            Row(
                "card.going_out",
                (
                    "Going out",
                    (f"needs {count(g.canastas, 'canasta')}" if g.canastas else "no canasta needed")
                    + self.kinds_short()
                    + (
                        "; final discard optional"
                        if g.final_discard == "optional"
                        else "; must end with a discard"
                        + ("" if g.final_discard == "required" else " (unless concealed)")
                    ),
                ),
                (
                    "going_out.canastas",
                    "going_out.final_discard",
                    # The canastas by kind only where the variant asks for some (as the full
                    # sheet states them): at 0 they are not used, and have no note of their own.
                    *(
                        (
                            "going_out.natural_canastas",
                            "going_out.mixed_canastas",
                            "going_out.wild_canastas",
                        )
                        if g.natural_canastas or g.mixed_canastas or g.wild_canastas
                        else ()
                    ),
                ),
                header=header,
            ),
            Row(
                "card.black_three",
                (
                    "Black three discarded",
                    "blocks the next player"
                    + ("" if v.black_threes.discarded == "stop" else " and freezes the pile"),
                ),
                ("black_threes.discarded",),
                header=header,
            ),
            Row("card.game", ("Game", f"to {v.game.target}"), ("game.target",), header=header)
            if not v.game.rounds
            else Row(
                "card.game",
                ("Game", f"{count(v.game.rounds, 'round')}, the higher total winning"),
                ("game.rounds",),
                header=header,
            ),
        ]
        if isinstance(v.foot, FootDealt):
            rows.insert(
                1,
                Row(
                    "card.foot",
                    (
                        "Foot",
                        f"a second hand of {v.foot.size}, taken up when the hand is used up"
                        + ("; needed to go out" if v.foot.needed_to_go_out else ""),
                    ),
                    ("foot.kind", "foot.size", "foot.needed_to_go_out"),
                    header=header,
                ),
            )
        glance = Table(self.caption("card.glance", ""), header, tuple(rows))
        return [
            Section("card.glance", "At a glance", (glance,)),
            Section("card.values", "Card values", (self.values_table("Bonuses"),)),
            Section(
                "card.initial_meld",
                "Initial meld",
                (self.tiers_table("card.tiers", "Minimum for a side's first meld of the hand:"),),
            ),
            Section(
                "card.bonuses",
                "Bonuses",
                (
                    Table(
                        self.caption("card.bonuses", ""),
                        ("Bonus", "Points"),
                        tuple(self.bonus_rows("card.bonuses")),
                    ),
                ),
            ),
            Section(
                "card.pile",
                "Taking the discard pile",
                (
                    self.pickup_table("card.pickup"),
                    Para(
                        (
                            self.fixed(
                                "card.blocked",
                                "Never with a wild card, a black three or a red three on top.",
                                BLACK_THREE_ON_TOP,
                            ),
                        ),
                    ),
                ),
            ),
        ]
