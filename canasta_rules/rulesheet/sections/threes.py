"""The rule sheet's section on red and black threes: how red threes are laid down and replaced,
what they score and when they count against their side, and what a black three does discarded,
melded or left in hand (or, where black threes are bonus cards, what they score).
"""

from __future__ import annotations

from ...variant.spoken import red_three_scale
from ..document import Heading, Para, Row, Said, Section, Sentence, Table
from ..words import number
from .base import BuilderBase


class ThreesSection(BuilderBase):
    """The section "Red and black threes"."""

    def section_threes(self) -> Section:
        v = self.v
        rt, bt = v.red_threes, v.black_threes
        if rt.exposed == "deal":
            exposed = (
                "Red threes dealt to a player are laid face up in front of them during the "
                "deal, in turn, and each is replaced by a card from the stock."
            )
        else:
            exposed = (
                "A player dealt red threes keeps them until their first turn, then lays them "
                "face up before drawing and takes a replacement from the stock for each. If the "
                "hand ends before that turn, they still count for the side."
            )
        if rt.replaced_from_pile:
            rfp = (
                "Red threes found in a discard pile a player takes are laid down too, and each "
                "is replaced by a card from the stock."
            )
        else:
            rfp = (
                "Red threes found in a discard pile a player takes are laid down too, without "
                "replacement."
            )
        n = v.deck.red_threes
        totals = self.s(
            "red_threes.totals",
            f"At the end of the hand a side scores its red threes: {red_three_scale(rt.totals)}.",
            "red_threes.totals",
        )
        if rt.count_against == "no_meld":
            against = (
                "If the side has made no meld at all by the end of the hand, its red threes "
                "count that much against it instead."
            )
        elif rt.count_against == "too_few_canastas":
            need = v.going_out.canastas
            against = (
                f"If the side has completed fewer than {number(need)} canastas of any kind (the "
                "number going out needs) by the end of the hand, its red threes count that much "
                "against it instead."
            )
        elif rt.count_against == "never":
            against = (
                "Red threes always count for their side, never against it, whatever it melded."
            )
        else:
            against = (
                "If the side has not completed a canasta by the end of the hand, its red threes "
                "count that much against it instead."
            )
        red = Para(
            (
                self.fixed(
                    "red_threes",
                    "Red threes are bonus cards: they are never melded or kept in the hand, but "
                    "laid face up in front of their owner for the side.",
                )
                if rt.exposed == "deal"
                else self.s(
                    "red_threes.kept",
                    "Red threes are bonus cards: they are never melded, but laid face up in front "
                    "of their owner for the side; only those dealt to a player stay in the hand, "
                    "until that player's first turn (below).",
                    "red_threes.exposed",
                ),
                self.fixed(
                    "red_threes_not_melds",
                    "Laying red threes down is not melding: it does not open a side, counts "
                    "nothing toward the initial meld, and does not stop a player from going out "
                    "concealed.",
                    said=Said("Red threes are not melds", ("001",)),
                ),
                self.s("red_threes.exposed", exposed, "red_threes.exposed"),
                # With no upcard a red three never reaches the pile (none is ever discarded), so
                # the sheet leaves the rule out (builder.unstated_keys).
                *(
                    (self.s("red_threes.replaced_from_pile", rfp, "red_threes.replaced_from_pile"),)
                    if v.deal.upcard != "none"
                    else ()
                ),
                totals,
                self.s("red_threes.count_against", against, "red_threes.count_against"),
                *self.threes_from_canastas_sentences(),
                self.s(
                    "red_threes.against_when_opponents_out",
                    "Whatever it melded, a side whose opponents went out also counts its red "
                    "threes against it."
                    if rt.against_when_opponents_out
                    else "An opponent going out does not by itself turn a side's red threes "
                    "against it.",
                    "red_threes.against_when_opponents_out",
                ),
            )
        )
        table = Table(
            self.s("red_threes.table", "Red threes held by a side:", "red_threes.totals"),
            ("Red threes", "Score"),
            tuple(
                Row(
                    f"red_threes.table.{i}",
                    (str(i), str(rt.totals[i])),
                    header=("Red threes", "Score"),
                )
                for i in range(1, n + 1)
            ),
        )
        if bt.discarded == "stop":
            disc = (
                "A black three discarded on the pile stops the next player: nobody can take the "
                "pile while it is on top. Once another card covers it, it has no further effect."
            )
        else:
            disc = (
                "A black three discarded on the pile stops the next player, since nobody can "
                "take the pile while it is on top, and it also freezes the pile until someone "
                "takes it."
            )
        if bt.meld_when_going_out:
            meld = (
                "Black threes can be melded only by a player who goes out in that turn: "
                f"{number(v.melds.min_size)} or more of them together, with no wild card."
            )
            if bt.meld_last:
                meld += (
                    " They are the last meld of that turn: once they are down, only more black "
                    "threes and the final discard may follow (other melds go down before them, "
                    "or with them)."
                )
        else:
            meld = "Black threes can never be melded; they leave a hand only as discards."
        if bt.bonus:  # never discarded, melded or kept: the rules below do not arise
            return Section(
                "threes",
                "Red and black threes",
                (
                    Heading("Red threes"),
                    red,
                    table,
                    Heading("Black threes"),
                    Para(self.black_bonus_sentences()),
                ),
            )
        black = Para(
            (
                self.s("black_threes.discarded", disc, "black_threes.discarded"),
                self.s(
                    "black_threes.meld_when_going_out",
                    meld,
                    "black_threes.meld_when_going_out",
                    "black_threes.meld_last",
                    "melds.min_size",
                ),
                self.s(
                    "black_threes.in_hand_penalty",
                    f"Each black three left in a side's hands when a player goes out costs the "
                    f"side {bt.in_hand_penalty} in place of its card value (when the stock runs "
                    "out, only its card value)."
                    if bt.in_hand_penalty
                    else "A black three left in a hand counts only its card value against the "
                    "side.",
                    "black_threes.in_hand_penalty",
                ),
            )
        )
        return Section(
            "threes",
            "Red and black threes",
            (Heading("Red threes"), red, table, Heading("Black threes"), black),
        )

    def threes_from_canastas_sentences(self) -> tuple[Sentence, ...]:
        """``red_threes.count_from_canastas``, stated only where it is not 0."""
        n = self.v.red_threes.count_from_canastas
        if not n:
            return ()
        return (
            self.s(
                "red_threes.count_from_canastas",
                f"Otherwise a side with fewer than {number(n)} canastas scores nothing for its "
                f"threes; with {number(n)} or more they count plus.",
                "red_threes.count_from_canastas",
            ),
        )

    def black_bonus_sentences(self) -> tuple[Sentence, ...]:
        """``black_threes.bonus`` and ``totals``, stated only where black threes are bonus
        cards."""
        bt = self.v.black_threes
        if not bt.bonus:
            return ()
        return (
            self.s(
                "black_threes.bonus",
                "Black threes are bonus cards too: like red threes they are laid face up for "
                "the side during the deal and whenever drawn, each replaced by a card from the "
                "stock, and never melded, discarded or kept in the hand.",
                "black_threes.bonus",
            ),
            self.s(
                "black_threes.totals",
                f"A side scores its black threes: {red_three_scale(bt.totals)}, plus or minus "
                "by the same rule as its red threes.",
                "black_threes.totals",
            ),
        )
