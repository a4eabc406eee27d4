"""The rule sheet's section on going out and the end of a hand: the canastas going out needs
(by kind too, and the foot), the final discard, going out concealed, asking a partner's
permission, and what happens when the stock runs out.
"""

from __future__ import annotations

from ...variant.plain import (
    ConcealedPlayer,
    FootDealt,
    PermissionAsk,
    SequencesSameSuit,
    StockOutPilePlay,
)
from ..document import Block, Dissent, Heading, Para, Said, Section, Sentence
from ..words import article, count, join, number
from .base import BuilderBase


class GoingOutSection(BuilderBase):
    """The section "Going out, and the end of a hand"."""

    def run_contract_sentences(self) -> list[Sentence]:
        """How many of the canastas going out needs must be runs (going_out.sequence_canastas);
        nothing where the game has no runs and a contract names the kinds it needs."""
        g = self.v.going_out
        name = self.v.words.run_canasta
        contract = g.natural_canastas or g.mixed_canastas or g.wild_canastas
        n = g.sequence_canastas
        if n:
            runs = "a run" if n == 1 else "runs"
            what = f"{runs} as long as a canasta"
            if name:
                called = f"{article(name)} {name}" if n == 1 else f"{name}s"
                what = f"{called}: {what}"
            text = f"At least {number(n)} of those canastas must be {what}."
        elif not contract:
            text = "Canastas of every kind count toward going out."
        elif isinstance(self.v.melds.sequences, SequencesSameSuit):
            text = "No run need be among them."
        else:
            return []  # no runs in the game: nothing to say of them
        return [self.s("going_out.sequence_canastas", text, "going_out.sequence_canastas")]

    def contract_sentences(self) -> tuple[Sentence, ...]:
        """The canastas going out needs by kind (``going_out.natural_canastas`` ...), and
        whether the player must have taken up the foot (``foot.needed_to_go_out``)."""
        g = self.v.going_out
        out: list[Sentence] = []
        kinds = [
            (g.natural_canastas, "natural canasta", "natural canastas"),
            (g.mixed_canastas, "mixed canasta", "mixed canastas"),
            (g.wild_canastas, "canasta of wild cards", "canastas of wild cards"),
        ]
        wanted = [count(n, word, plural) for n, word, plural in kinds if n]
        if wanted:
            out.append(
                self.s(
                    "going_out.kinds",
                    f"Among them the side must have at least {join(wanted, 'and')}.",
                    "going_out.natural_canastas",
                    "going_out.mixed_canastas",
                    "going_out.wild_canastas",
                )
            )
        ft = self.v.foot
        if isinstance(ft, FootDealt):
            out.append(
                self.s(
                    "foot.needed",
                    "A player must have taken up the foot to go out."
                    if ft.needed_to_go_out
                    else "A player need not reach the foot: using up the hand goes out when the "
                    "side has the canastas going out needs (and the last card is discarded, "
                    "where a final discard is required); otherwise the foot is taken up.",
                    "foot.needed_to_go_out",
                )
            )
        return tuple(out)

    def concealed_sentences(self) -> list[Sentence]:
        g = self.v.going_out
        c = g.concealed
        if isinstance(c, ConcealedPlayer):
            text = (
                "A player goes out concealed when they meld their whole hand (but for any final "
                "discard) in a single turn, having melded nothing earlier in the hand"
            )
            if c.own_canasta:
                text += "; their own melds of that turn must include a complete canasta."
            else:
                text += "; they need no canasta of their own, as long as the side has enough."
            lead = " With partners, they" if self.solo else " They"
            may = "may" if c.partner_melds else "may not"
            text += f"{lead} {may} add cards to melds their partners made earlier."
        else:
            text = (
                "A player goes out concealed when their side had no melds before that turn: the "
                "player lays the side's initial meld and goes out in the same turn."
            )
        out = [self.s("going_out.concealed", text, "going_out.concealed")]
        out.append(
            self.s(
                "going_out.concealed_bonus",
                f"Going out concealed earns {g.concealed_bonus} instead of {g.bonus}."
                if g.concealed_bonus != g.bonus
                else f"Going out concealed earns no more than going out: {g.bonus}.",
                "going_out.concealed_bonus",
                "going_out.bonus",
            )
        )
        if g.concealed_waives_minimum == "after_stock_draw":
            w = (
                "A player who goes out concealed after drawing from the stock needs no "
                "initial-meld minimum; one who took the discard pile must still reach it"
            )
            if isinstance(c, ConcealedPlayer) and self.partners:
                # A partner may already have opened the side (004: held to the minimum only if
                # the partner too has not made the initial meld); then there is none to reach.
                w += ", unless a partner has already made the side's initial meld."
            else:
                w += "."
        else:
            w = (
                "Going out concealed never lifts the initial-meld minimum: a side that had not "
                "opened must still reach it."
            )
        out.append(
            self.s("going_out.concealed_waives_minimum", w, "going_out.concealed_waives_minimum")
        )
        return out

    def permission_sentences(self) -> list[Sentence]:
        perm = self.v.going_out.permission
        if not isinstance(perm, PermissionAsk):
            text = (
                "Nobody asks a partner's permission before going out."
                if self.partners
                else "Players have no partners, so nobody asks permission to go out."
            )
            return [self.s("going_out.permission", text, "going_out.permission")]
        if perm.required:
            text = (
                "A player must ask a partner “May I go out?” and be told yes before going out "
                "(or melding down to a last card to discard). The answer binds: after a no the "
                "player may not go out in that turn"
            )
        else:
            text = (
                "A player may ask a partner “May I go out?”, but need not ask before going out. "
                "The answer binds: after a no the player may not go out in that turn"
            )
        if perm.yes_obliges:
            text += ", and after a yes they must."
        else:
            text += "; after a yes they may go out but need not."
        if not self.partners:
            text += " (This needs a partner, so it never arises at this ruleset's tables.)"
        elif self.solo:
            text += " Players without partners go out without asking."
        moments = {
            "before_draw": "before drawing",
            "after_draw": "just after drawing from the stock or taking the pile, before melding "
            "anything more",
            "after_melding": "after melding",
        }
        when = self.s(
            "going_out.permission.when",
            "The question may be asked "
            + join([moments[w] for w in perm.when])
            + (
                ", but not by a player down to a single card: a no would leave that card "
                "nothing to do but be discarded, which goes out."
                if "after_melding" in perm.when
                else "."
            ),
            "going_out.permission.when",
        )
        able = self.s(
            "going_out.permission.only_when_able",
            "Only a player who could go out in that turn may ask (judged once they have drawn)."
            if perm.only_when_able
            else "A player may ask whether or not they could go out in that turn.",
            "going_out.permission.only_when_able",
            # (the sentence below says so when a player asks only once a hand)
            "going_out.permission.once_per_hand",
        )
        claims = (
            "going_out.permission.kind",
            "going_out.permission.yes_obliges",
            "going_out.permission.required",
        )
        out = [self.s("going_out.permission", text, *claims), when, able]
        if perm.once_per_hand:
            out.append(
                self.s(
                    "going_out.permission.once_per_hand",
                    "Each player may ask only once in a hand; a second question is refused.",
                    "going_out.permission.once_per_hand",
                )
            )
        if any(s.side_size == 3 for s in self.v.seating):
            out.append(
                self.reading(
                    "going_out.permission.who",
                    "Which of two partners answers",
                    "With two partners, the next of them in turn answers.",
                    "The sources describe asking one partner; with two, the project has the "
                    "next of them in turn answer.",
                    "going_out.permission.kind",
                    "seating",
                )
            )
        return out

    def section_going_out(self) -> Section:
        v = self.v
        g = v.going_out
        blocks: list[Block] = []
        if g.canastas:
            need = (
                f"A player may go out only when their side has at least "
                f"{count(g.canastas, 'canasta')}, which may be completed in the same turn."
            )
        else:
            need = "A side needs no canasta to go out."
        if g.final_discard == "optional":
            fd = (
                "A player goes out by getting rid of every card: melding them all, or melding "
                "all but one and discarding it."
            )
        elif g.final_discard == "required":
            fd = (
                "A player goes out by melding every card but one and then discarding that last "
                "card; melding the last card instead is not allowed."
            )
        else:
            fd = (
                "A player goes out by melding every card but one and then discarding that last "
                "card, except that a player going out concealed melds the whole hand."
            )
        blocks.append(
            Para(
                (
                    self.s("going_out.canastas", need, "going_out.canastas"),
                    *self.run_contract_sentences(),
                    *self.contract_sentences(),
                    self.s("going_out.final_discard", fd, "going_out.final_discard"),
                    self.fixed(
                        "keep_two",
                        "A player who may not go out in a turn must keep at least two cards "
                        "after melding: one to discard and one to hold.",
                    ),
                    self.s(
                        "going_out.bonus",
                        "Going out ends the hand and earns the player's side a bonus of "
                        f"{g.bonus}.",
                        "going_out.bonus",
                    ),
                )
            )
        )
        blocks.append(Para(tuple(self.concealed_sentences())))
        blocks.append(Para(tuple(self.permission_sentences())))
        so = v.stock_out
        if isinstance(so, StockOutPilePlay):
            stock = (
                "When the stock is used up, play goes on without it: a player whose turn comes "
                "may take the discard pile if the rules allow, and a player who does not take it "
                "ends the hand."
            )
            forced = {
                "none": " Nobody is obliged to take the pile.",
                "fits_meld": (
                    " A player must take it when they are allowed to, it is not frozen against "
                    "them, and its top card goes on a meld their side already has."
                ),
                "any_legal": " A player must take it whenever they are allowed to.",
            }[so.forced]
            stock += forced
        else:
            stock = (
                "When a player draws the last card of the stock, they play out that turn "
                "(melding, then discarding or going out), and then the hand ends."
            )
        if v.draw.short_stock == "draw_rest":
            short = (
                "A draw that finds fewer cards in the stock than it takes gets what is left, "
                "and that counts as a full draw."
            )
        else:
            short = (
                "The hand ends as soon as a full draw is impossible: when a turn leaves fewer "
                "cards in the stock than a draw takes (but at least one), the hand ends with "
                "that turn."
            )
        if v.draw.count == 1:
            short += " With one card drawn a turn, this never arises."
        blocks.append(Heading("When the stock runs out"))
        blocks.append(
            Para(
                (
                    self.s("stock_out", stock, "stock_out"),
                    self.s("draw.short_stock", short, "draw.short_stock", "draw.count"),
                    self.fixed(
                        "stock_out_no_bonus",
                        "A hand that ends this way, with nobody out, earns nobody the going-out "
                        "bonus.",
                        said=Said("No going-out bonus when the stock runs out", ("001", "002")),
                    ),
                    self.fixed(
                        "red_three_last",
                        "A red three drawn as the last card of the stock ends the hand at once: "
                        "its player can neither meld nor discard.",
                        Dissent(
                            "A red three drawn as the last stock card",
                            ("003",),
                            "003 does not say what happens when the stock runs out; the project "
                            "keeps the rule 000, 001, 002 and 004 give for a red three drawn as "
                            "the last stock card.",
                        ),
                        # 000: the hand ends, no meld; 001 and 002: no meld or discard; 004
                        # (item 2): the game ends without delay, no discard.
                        Said(
                            "A red three drawn as the last stock card", ("000", "001", "002", "004")
                        ),
                    ),
                )
            )
        )
        return Section("going_out", "Going out, and the end of a hand", tuple(blocks))
