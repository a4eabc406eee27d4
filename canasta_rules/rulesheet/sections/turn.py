"""The rule sheet's section on a turn: the draw (one card or more, or the discard pile), the meld
and the discard, a red three drawn, and the talons where a side's opening earns extra cards.
"""

from __future__ import annotations

from ..document import Block, Para, Section, Sentence
from ..words import count, number
from .base import BuilderBase


class TurnSection(BuilderBase):
    """The section "A turn"."""

    def section_turn(self) -> Section:
        n = self.v.draw.count
        if n == 1:
            draw = (
                "A turn begins with a draw: the player takes the top card of the stock, or "
                "else takes the whole discard pile (see The discard pile)."
            )
        else:
            draw = (
                f"A turn begins with a draw: the player takes the top {number(n)} cards of the "
                "stock, or else takes the whole discard pile (see The discard pile). Drawing "
                f"{number(n)} does not change the discard: it is still one card."
            )
        blocks: list[Block] = [
            Para(
                (
                    self.s("draw.count", draw, "draw.count"),
                    self.fixed(
                        "turn",
                        "Next the player may meld (see Melds and canastas). The turn ends when "
                        "they discard one card face up on the discard pile, or when they go out.",
                    ),
                    self.fixed(
                        "red_three_drawn",
                        "A red three drawn from the stock is laid face up at once and replaced "
                        "by the next card of the stock.",
                    ),
                )
            )
        ]
        blocks.extend(Para((s,)) for s in self.talon_sentences())
        return Section("turn", "A turn", tuple(blocks))

    def talon_sentences(self) -> list[Sentence]:
        """``talons``, stated only where talons are taken."""
        t = self.v.talons
        if not any(t.sizes):
            return []
        order = ["first", "second", "third", "fourth", "fifth", "sixth"]
        each = "; ".join(
            f"the {order[i]} side to open {count(n, 'card')}" for i, n in enumerate(t.sizes)
        )
        pickup = (
            "An opening made by taking the discard pile earns one too."
            if t.after_pickup
            else "An opening made by taking the discard pile earns none."
        )
        return [
            self.s(
                "talons.sizes",
                "The player whose melds open their side's hand takes a talon, extra cards from "
                f"the top of the stock, right after that turn's discard: {each}.",
                "talons.sizes",
            ),
            self.s(
                "talons.min_stock",
                f"No talon is taken once the stock holds fewer than {t.min_stock} cards.",
                "talons.min_stock",
            ),
            self.s("talons.after_pickup", pickup, "talons.after_pickup"),
        ]
