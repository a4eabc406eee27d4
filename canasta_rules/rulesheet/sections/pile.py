"""The rule sheet's section on the discard pile: taking it, the ways its top card may be melded
frozen or not, what freezes it and for whom, and what may not be discarded onto an empty pile.
"""

from __future__ import annotations

from ..document import Block, Para, Said, Section, Sentence
from .base import BLACK_THREE_ON_TOP
from .tables import Tables, _ways


class PileSection(Tables):
    """The section "The discard pile"."""

    def section_pile(self) -> Section:
        p = self.v.pile
        blocks: list[Block] = []
        blocks.append(
            Para(
                (
                    self.fixed(
                        "take_pile",
                        "Instead of drawing from the stock, a player may take the whole "
                        "discard pile. They must meld its top card at once, and the rest of the "
                        "pile goes into their hand.",
                    ),
                    self.fixed(
                        "pile_blocked",
                        "A wild card, a black three or a red three on top of the pile can never "
                        "be taken."
                        if not self.threes_never_in_pile
                        else "A wild card on top of the pile can never be taken (no three ever "
                        "reaches the pile: threes are laid out, and no card is turned up).",
                        BLACK_THREE_ON_TOP,
                    ),
                    self.s(
                        "pile.unfrozen",
                        "While the pile is not frozen, the top card may be melded "
                        f"{_ways(p.unfrozen)}.",
                        "pile.unfrozen",
                    ),
                    self.s(
                        "pile.frozen",
                        f"While it is frozen, only {_ways(p.frozen)}.",
                        "pile.frozen",
                    ),
                )
            )
        )
        blocks.append(self.pickup_table("pile.table"))
        if p.frozen_before_opening == "side":
            fbo = (
                "Until a side has made its initial meld, the pile counts as frozen against its "
                "players."
            )
        else:
            fbo = "Until a player has melded cards themself, the pile counts as frozen against them"
            fbo += ", even when a partner has already melded." if self.partners else "."
        always: tuple[str, ...] = ()
        if p.frozen_at_start:
            fas = (
                "At the start of every hand the pile is frozen against every side, and stays "
                "frozen against a side until that side has taken it once (another side's pickup "
                "does not unfreeze it for them)."
            )
        elif set(p.unfrozen) == set(p.frozen):
            # Taken only as a frozen pile is taken (uruguayan, modern-american): always frozen.
            always = ("pile.unfrozen", "pile.frozen")
            fas = (
                "In effect the pile is always frozen: whether or not a card freezes it, it is "
                "taken only the way a frozen pile is."
            )
        else:
            fas = "A hand's pile starts unfrozen, unless a card turned up to start it freezes it."
        dfa = "pile.discard_freezes_against"
        if p.one_card_ban:
            ocb = "A player holding a single card may not take a pile of a single card."
        else:
            ocb = "A player may take a pile of a single card even when holding a single card."
        blocks.append(
            Para(
                (
                    self.s("pile.discard_freezes_against", self._discard_freeze(), dfa),
                    self.fixed(
                        "freeze_shown",
                        "A card that freezes the pile is laid crosswise (turned sideways), so "
                        "that it shows when others cover it.",
                        said=Said("The freezing card is laid sideways", ("001",)),
                    ),
                    self.s("pile.frozen_at_start", fas, "pile.frozen_at_start", *always),
                    self.s("pile.frozen_before_opening", fbo, "pile.frozen_before_opening"),
                    self.s("pile.one_card_ban", ocb, "pile.one_card_ban"),
                    *self.empty_pile_sentences(),
                    self.fixed(
                        "pile_order",
                        "A side that has already opened melds the top card first and lays any "
                        "other melds afterwards. A side that has not opened lays the top card's "
                        "meld and its other opening melds together, and together they must reach "
                        "the initial-meld minimum.",
                    ),
                )
            )
        )
        return Section("pile", "The discard pile", tuple(blocks))

    def _discard_freeze(self) -> str:
        """Whom a discarded wild card freezes the pile against (discard_freezes_against)."""
        if self.v.pile.discard_freezes_against == "everyone":
            return (
                "A wild card discarded on the pile freezes it against everyone, the discarder's "
                f"{'side ' if self.partners else ''}included. A frozen pile stays frozen until "
                "someone takes it."
            )
        opp = "side" if self.partners and not self.solo else "side or player"
        own = "the discarder's side" if self.partners else "the discarder"
        return (
            "A wild card discarded on the pile freezes it only against the discarder's "
            f"opponents. {own.capitalize()} may still take the pile "
            "as an unfrozen one once a natural card covers the wild card, unless the pile is "
            "frozen against it for another reason. When another "
            f"{opp} discards a wild card on it too, the pile is frozen against everyone. A "
            "frozen pile stays frozen until someone takes it."
        )

    def empty_pile_sentences(self) -> tuple[Sentence, ...]:
        """``pile.empty_discard_bans``, stated only where the list is not empty."""
        bans = self.v.pile.empty_discard_bans
        if not bans:
            return ()
        words = {
            "seven": "a seven",
            "ace": "an ace",
            "wild": "a wild card",
            "dead": "a dead card (of a rank with a canasta on the table)",
        }
        listed = [words[b] for b in bans]
        cards = listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " or " + listed[-1]
        return (
            self.s(
                "pile.empty_discard_bans",
                f"Nobody may discard {cards} onto an empty discard pile (at the start of a hand "
                "with no upcard, or just after the pile was taken), unless they hold nothing "
                "else.",
                "pile.empty_discard_bans",
            ),
        )
