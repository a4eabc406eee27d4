"""The rule sheet's first section, the players and the deal: the pack, the seating (sides,
partnerships, the hand sizes and what is left for the stock), the foot where one is dealt, who
deals and how, and how the discard pile starts.
"""

from __future__ import annotations

from ...variant.plain import FootDealt, Seating
from ..document import Block, Bullets, Heading, Para, Section, Sentence
from ..words import capital, count, join, number, special_cards
from .base import BuilderBase


def _layout(seat: Seating) -> str:
    if seat.forming == "first_pickup_alone":
        return (
            ", each alone at the start of a hand; the first player to take the discard pile plays "
            "alone for the rest of the hand and the others become partners, joining their melds "
            "(if someone goes out before the pile is taken, that player is the one alone). "
            "A partner scores the partnership's whole total for the hand, plus or minus their own "
            "red threes"
        )
    if seat.side_size == 1:
        return ", each playing for themself"
    if seat.sides == 2 and seat.side_size == 2:
        return " in two partnerships of two, partners sitting opposite each other"
    kind = "partnerships" if seat.side_size == 2 else "teams"
    return (
        f" in {number(seat.sides)} {kind} of {number(seat.side_size)}, seated so that the "
        f"{kind} alternate around the table"
    )


class DealSection(BuilderBase):
    """The section "The players and the deal"."""

    def deck_sentence(self) -> Sentence:
        d = self.v.deck
        packs = (
            "one standard 52-card pack"
            if d.decks == 1
            else f"{number(d.decks)} standard 52-card packs"
        )
        jokers = d.decks * d.jokers_per_deck
        if jokers == 0:
            text = f"The game is played with {packs} and no jokers, {d.size} cards in all."
        else:
            per = "" if d.decks == 1 else f" ({number(d.jokers_per_deck)} per pack)"
            text = (
                f"The game is played with {packs} and {count(jokers, 'joker')}{per}, "
                f"{d.size} cards in all."
            )
        return self.s("deck", text, "deck.decks", "deck.jokers_per_deck")

    def foot_sentences(self, ft: FootDealt) -> tuple[Sentence, ...]:
        """``foot.kind = "foot"``: the second hand, how it is taken up, how it scores."""
        return (
            self.s(
                "foot.dealt",
                f"Each player is dealt two hands: the hand, played first, and the foot, "
                f"{count(ft.size, 'card')} dealt after the hands in the same way, which stays "
                "face down and unseen until its owner's hand is used up.",
                "foot.kind",
                "foot.size",
            ),
            self.s(
                "foot.taken",
                "A player who melds the last card of the hand takes up the foot at once and "
                "plays on in the same turn (running); one who discards it takes up the foot as "
                "the turn ends and plays it next turn (walking). Red threes in the foot are laid "
                "down then and replaced from the stock. A hand used up while the foot waits is "
                "not going out, and until then the player need not keep cards back. Cards left "
                "in a player's hand and foot both count against the side when the hand ends.",
                "foot.kind",
            ),
        )

    def threes_in_pack(self) -> Sentence:
        n = self.v.deck.red_threes
        return self.s(
            "deck.threes",
            f"The pack holds {count(n, 'red three')} and {count(n, 'black three')}.",
            "deck.decks",
        )

    def seating_phrase(self, seat: Seating) -> str:
        ft = self.v.foot
        foot = ft.size if isinstance(ft, FootDealt) else 0
        left = self.v.deck.size - seat.at_table * (seat.hand_size + foot)
        # deal.upcard = "none": the undealt cards are the stock alone.
        rest = "the upcard and the stock" if self.v.deal.upcard == "turned" else "the stock"
        if foot:
            return (
                f"{capital(number(seat.players))} players{_layout(seat)}; each is dealt "
                f"{seat.hand_size} cards, and a foot of {foot} more (see The foot), which leaves "
                f"{left} for {rest}."
            )
        if seat.sit_out != "none":
            return (
                f"Five players, a side of three and a side of two. Each hand one player of the "
                f"three sits out in turn (the third, then the second, then the first, and "
                f"again); the sitter takes no part in the hand. The other four play as two "
                f"partnerships of two, partners opposite each other; each is dealt "
                f"{seat.hand_size} cards, which leaves {left} for {rest}. "
                f"Scores are kept per side."
            )
        return (
            f"{capital(number(seat.players))} players{_layout(seat)}; each is dealt "
            f"{seat.hand_size} cards, which leaves {left} for {rest}."
        )

    def section_deal(self) -> Section:
        v = self.v
        d = v.deal
        blocks: list[Block] = []
        pack = [
            self.deck_sentence(),
            self.fixed(
                "wild",
                "Jokers and twos are wild: in a meld they stand in for natural cards of the "
                "meld's rank. All other cards are natural, but threes have roles of their own "
                "(see Red and black threes).",
            ),
            self.threes_in_pack(),
        ]
        blocks.append(Para(tuple(pack)))
        if len(v.seating) == 1:
            seat = v.seating[0]
            # Who sits out, and where the others sit, is a reading of its own (five-hand).
            sit_out = ("seating.sit_out",) if seat.sit_out != "none" else ()
            blocks.append(
                Para(
                    (
                        self.s(
                            f"seating.{seat.players}",
                            self.seating_phrase(seat),
                            "seating",
                            *sit_out,
                        ),
                    )
                )
            )
        else:
            counts = join([str(n) for n in sorted(s.players for s in v.seating)], "or")
            blocks.append(
                Bullets(
                    tuple(
                        self.s(f"seating.{s.players}", self.seating_phrase(s), "seating")
                        for s in v.seating
                    ),
                    lead=self.s("seating", f"This ruleset is for {counts} players:", "seating"),
                )
            )
        if self.partners and self.solo:
            side = (
                "A side is a partnership, or a single player where everyone plays alone. "
                "Partners meld together and share one score."
            )
        elif self.partners:
            side = "Partners form a side: they meld together and share one score."
        else:
            side = "Each player is a side of their own, with their own melds and score."
        blocks.append(Para((self.s("seating.sides", side, "seating"),)))
        if isinstance(v.foot, FootDealt):
            blocks.append(Heading("The foot"))
            blocks.append(Para(self.foot_sentences(v.foot)))

        two_only = all(s.at_table == 2 for s in v.seating)
        if two_only:
            rot = "The two players take turns, and deal in turn: the dealer's opponent plays first."
        elif d.rotation == "clockwise":
            rot = (
                "Play passes clockwise, to the left: the player on the dealer's left plays "
                "first, and the deal passes to the left after each hand."
            )
        else:
            rot = (
                "Play passes counterclockwise, to the right: the player on the dealer's right "
                "plays first, and the deal passes to the right after each hand."
            )
        dealer = (
            "The dealer shuffles the pack and deals."
            if d.dealer == "shuffler"
            else "One player shuffles the pack, and the player on the shuffler's left deals."
        )
        cutter = {
            "right": "The player on the dealer's right cuts the pack before the deal.",
            "left": "The player on the dealer's left cuts the pack before the deal.",
            "none": "The pack is not cut.",
        }[d.cutter]
        blocks.append(Heading("Dealing"))
        blocks.append(
            Para(
                (
                    self.s(
                        "deal.first_dealer",
                        "The first dealer is chosen at random."
                        if d.first_dealer == "random"
                        else "In the first hand the player in the first seat (N in the "
                        "notation) plays first; the deal then passes as usual.",
                        "deal.first_dealer",
                    ),
                    self.s("deal.rotation", rot, "deal.rotation"),
                    self.s("deal.dealer", dealer, "deal.dealer"),
                    self.s("deal.cutter", cutter, "deal.cutter"),
                    self.fixed(
                        "deal",
                        "Cards are dealt face down, one at a time, starting with the player "
                        "who plays first.",
                    ),
                )
            )
        )
        if d.upcard_covered:
            covered = (
                f"If that card is {special_cards(d.upcard_covered)}, another card is turned up "
                "on top of it, and so on until a card of another kind shows."
            )
        else:
            covered = "That first card stays on top, whatever it is."
        if d.upcard_freezes and self.v.pile.frozen_at_start:
            freezes = (
                f"The pile begins every hand frozen anyway (see The discard pile); "
                f"{special_cards(d.upcard_freezes)} among the cards turned up at the start "
                "also keeps it frozen after a side has taken it, as one discarded would."
            )
        elif d.upcard_freezes:
            freezes = (
                f"If {special_cards(d.upcard_freezes)} is among the cards turned up at the "
                "start, the pile begins frozen (see The discard pile)."
            )
        else:
            freezes = "No card turned up at the start freezes the pile."
        if d.upcard == "none":
            blocks.append(
                Para(
                    (
                        self.s(
                            "deal.upcard",
                            "The undealt cards are stacked face down as the stock, and no card "
                            "is turned up: each hand starts with no discard pile, so the first "
                            "player draws from the stock.",
                            "deal.upcard",
                            # with no upcard, nothing is covered and no upcard freezes the pile
                            "deal.upcard_covered",
                            "deal.upcard_freezes",
                        ),
                    )
                )
            )
            return Section("deal", "The players and the deal", tuple(blocks))
        blocks.append(
            Para(
                (
                    self.fixed(
                        "upcard",
                        "The undealt cards are stacked face down as the stock, and its top "
                        "card is turned face up beside it to start the discard pile.",
                    ),
                    self.s("deal.upcard_covered", covered, "deal.upcard_covered"),
                    self.s("deal.upcard_freezes", freezes, "deal.upcard_freezes"),
                )
            )
        )
        return Section("deal", "The players and the deal", tuple(blocks))
