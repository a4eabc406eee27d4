"""The rule sheet's section on melds and canastas: what a meld may hold (naturals, wild cards),
one meld per rank, what makes a canasta and its bonus, runs and melds of wild cards, the card
values, and the initial meld's minimum; with Modern American's rules on wild cards, dead and
special ranks, and the opening.
"""

from __future__ import annotations

from ...cards import rank_word
from ...variant.plain import RANK_OF_NAME, SequencesSameSuit, Variant, WildMeldsAllowed
from ..document import Block, Heading, Para, Said, Section, Sentence
from ..words import article, capital, count, number
from .tables import Tables

_BASIS_SENTENCE = {
    "side_total": "The minimum is read from the side's total score before the deal.",
    "previous_hand": "The minimum is read from the side's score in the previous hand alone "
    "(0 in the first hand), not from its running total.",
    "player_total": "The minimum is read from the opening player's own total score before the "
    "deal, which in fixed partnerships is the side's.",
    "round": "The minimum follows the round (the hand's number), not any score; after the last "
    "round listed, its minimum stays.",
}


def wild_meld_extras(v: Variant, wm: WildMeldsAllowed) -> str:
    """The rest of the sentence on melds of wild cards: bonuses by make-up, the penalty when
    unfinished, and what an unfinished one forbids (Modern American)."""
    text = ""
    if wm.twos_bonus is not None:
        text += f" A canasta of twos only is worth {wm.twos_bonus}."
    if wm.jokers_bonus is not None:
        jokers = v.deck.decks * v.deck.jokers_per_deck
        text += f" One holding all {number(jokers)} jokers of the pack is worth {wm.jokers_bonus}."
    if wm.unfinished_penalty:
        text += (
            " A meld of wild cards still unfinished at the end of the hand costs its side "
            f"{wm.unfinished_penalty}."
        )
    bans = []
    if wm.open_locks_wild:
        bans.append("the side puts no wild card on any other meld")
    if wm.open_blocks_going_out:
        bans.append("none of its players may go out")
    if bans:
        text += " While it is unfinished, " + " and ".join(bans) + "."
    return text


class MeldsSection(Tables):
    """The section "Melds and canastas"."""

    def section_melds(self) -> Section:
        v = self.v
        m, c = v.melds, v.canastas
        blocks: list[Block] = []
        if m.max_wild == 0:
            max_wild = "No meld may hold a wild card."
        else:
            max_wild = f"A meld may hold at most {count(m.max_wild, 'wild card')}."
        more_possible = m.max_wild > m.min_naturals
        if m.wild_fewer_than_natural:
            nat = m.min_naturals
            wild = min(nat, m.max_wild)
            if wild:
                example = "-".join(["5"] * nat + ["2"] * wild)
                wnm = (
                    "A meld must always hold fewer wild cards than natural ones, so "
                    f"{example} is not a meld."
                )
            else:
                wnm = "A meld must always hold fewer wild cards than natural ones."
        elif m.wild_not_more_than_natural:
            if more_possible:
                nat, wild = m.min_naturals, m.min_naturals + 1
                example = "-".join(["5"] * nat + ["2"] * wild)
                wnm = (
                    "A meld may never hold more wild cards than natural ones, so "
                    f"{example} is not a meld."
                )
            else:
                wnm = (
                    "A meld may never hold more wild cards than natural ones (with these "
                    "limits that cannot happen anyway)."
                )
        elif more_possible:
            nat = m.min_naturals
            wild = min(m.max_wild, max(nat + 1, m.min_size - nat))
            example = "-".join(["5"] * nat + ["2"] * wild)
            wnm = (
                "Within that limit a meld may hold more wild cards than natural ones: "
                f"{example} is a meld."
            )
        else:
            wnm = (
                "Nothing else limits the wild cards in a meld (with these limits it can never "
                "hold more wild cards than natural ones)."
            )
        blocks.append(
            Para(
                (
                    self.fixed(
                        "meld",
                        "A meld is a group of cards of one rank laid face up on the table: "
                        "natural cards of that rank, with or without wild cards.",
                    ),
                    self.fixed(
                        "melds_stay",
                        "Cards once melded stay where they are: none goes back into a hand or "
                        "moves to another meld, wild cards included.",
                        said=Said("Melded cards stay where they are", ("001",)),
                    ),
                    self.s(
                        "melds.min_size",
                        f"A new meld needs at least {count(m.min_size, 'card')}.",
                        "melds.min_size",
                    ),
                    self.s(
                        "melds.min_naturals",
                        f"Every meld must hold at least {count(m.min_naturals, 'natural card')}"
                        + (
                            " (except a meld of wild cards alone, below)."
                            if isinstance(m.wild_melds, WildMeldsAllowed)
                            else ", so wild cards can never be melded on their own."
                        ),
                        "melds.min_naturals",
                    ),
                    self.s("melds.max_wild", max_wild, "melds.max_wild"),
                    self.s(
                        "melds.wild_not_more_than_natural",
                        wnm,
                        "melds.wild_not_more_than_natural",
                        *(("melds.wild_fewer_than_natural",) if m.wild_fewer_than_natural else ()),
                    ),
                    *self.wild_add_sentences(),
                )
            )
        )
        blocks.append(
            Para(
                (
                    self.fixed(
                        "one_meld_per_rank",
                        "A side keeps one meld of each rank: more cards of a rank it has "
                        "already melded are added to that meld, by any member of the side.",
                    )
                    if not c.closed
                    else self.s(
                        "one_meld_per_rank",
                        "A side keeps one open meld of each rank: more cards of that rank go on "
                        "it, by any member of the side, until it is a closed canasta; then the "
                        "side may start another.",
                        "canastas.closed",
                    )
                    if c.reopen_closed_rank
                    else self.s(
                        "one_meld_per_rank",
                        "A side keeps one open meld of each rank: more cards of that rank go on "
                        "it, by any member of the side, until it is a closed canasta; after that "
                        "the side never melds that rank again in the hand.",
                        "canastas.closed",
                        "canastas.reopen_closed_rank",
                    ),
                    self.fixed(
                        "melding",
                        "A player melds only in their own turn, after drawing, and may lay "
                        "new melds and add to the side's melds in the same turn.",
                    ),
                    self.fixed(
                        "threes_not_melded",
                        "Red threes are never melded; black threes only as described under Red "
                        "and black threes.",
                    ),
                )
            )
        )
        if m.canasta_wild == "capped":
            cw = (
                "The wild-card limits still apply once a meld is a canasta: a canasta too may "
                f"hold at most {count(m.max_wild, 'wild card')}."
            )
        else:
            cw = (
                "Once a meld is a complete canasta, any number of wild cards may be added to "
                "it, beyond the usual limits."
            )
        blocks.append(Heading("Canastas"))
        blocks.append(
            Para(
                (
                    self.s(
                        "canastas.size",
                        f"A meld of {'exactly ' if c.closed else ''}{c.size}"
                        f"{'' if c.closed else ' or more'} cards, at least {c.min_naturals} of "
                        "them natural, is a canasta.",
                        "canastas.size",
                        "canastas.min_naturals",
                    ),
                    self.s(
                        "canastas.natural_bonus",
                        f"A natural canasta, with no wild card, earns its side a bonus of "
                        f"{c.natural_bonus}.",
                        "canastas.natural_bonus",
                    ),
                    self.s(
                        "canastas.mixed_bonus",
                        f"A mixed canasta, with one or more wild cards, earns {c.mixed_bonus}.",
                        "canastas.mixed_bonus",
                    ),
                    self.s(
                        "canastas.closed",
                        "A canasta may keep growing; a wild card added to a natural canasta "
                        "makes it mixed."
                        if not c.closed
                        else f"A canasta is closed once complete: no meld holds more than "
                        f"{c.size} cards, and nothing is added to a finished canasta.",
                        "canastas.closed",
                    ),
                    self.s("melds.canasta_wild", cw, "melds.canasta_wild"),
                    *self.rank_rule_sentences(),
                )
            )
        )
        seq, wm, w = m.sequences, m.wild_melds, v.words
        if isinstance(seq, SequencesSameSuit):
            runs = (
                f"A side may also meld runs: {seq.min_length} to {seq.max_length} natural cards "
                "of one suit in sequence, from four up to the ace (the ace is high only; threes "
                "and wild cards never belong to a run). Two runs of one suit share no rank while "
                "both can still take cards. The pile's top card never starts a run"
                + (
                    "; from an unfrozen pile it may extend one of the side's runs, alone"
                    if "add_to_meld" in v.pile.unfrozen
                    else " nor extends one"
                )
                + ". A run as long as a canasta is a canasta"
                + (f", called {article(w.run_canasta)} {w.run_canasta}," if w.run_canasta else "")
                + f" worth {seq.canasta_bonus}."
            )
        else:
            runs = "Runs of one suit are not melds: every meld is of one rank."
        if isinstance(wm, WildMeldsAllowed):
            called = (
                f", called {article(w.wild_canasta)} {w.wild_canasta}," if w.wild_canasta else ""
            )
            alone = (
                "A side may meld wild cards on their own: one such meld open at a time, of "
                f"{wm.min_size} to {wm.max_size} wild cards; a canasta of wild cards{called} is "
                f"worth {wm.canasta_bonus}."
            ) + wild_meld_extras(v, wm)
        else:
            alone = "Wild cards are never melded on their own."
        blocks.append(
            Para(
                (
                    self.s("melds.sequences", runs, "melds.sequences"),
                    self.s(
                        "melds.wild_melds",
                        alone,
                        "melds.wild_melds",
                        "melds.wild_melds.canasta_bonus",  # a note of its own in Bolivia
                    ),
                )
            )
        )
        blocks.append(Heading("Card values"))
        blocks.append(self.values_table())
        blocks.append(Heading("The initial meld"))
        blocks.append(
            self.tiers_table(
                "initial_meld.tiers",
                "A side's first melds of the hand, its initial meld, must count at least a "
                + (
                    "minimum that depends on the round:"
                    if v.initial_meld.basis == "round"
                    else "minimum that depends on a score (see below):"
                ),
            )
        )
        blocks.append(
            Para(
                (
                    self.s(
                        "initial_meld.basis",
                        _BASIS_SENTENCE[v.initial_meld.basis],
                        "initial_meld.basis",
                    ),
                )
            )
        )
        if v.initial_meld.pile_cards == "top_only":
            pc = (
                "A side that opens by taking the discard pile may use the pile's top card toward "
                "the minimum, but none of the cards beneath it: those join the player's hand "
                "only after the opening melds are laid."
            )
        else:
            pc = (
                "A side that opens by taking the discard pile may use any cards of the pile in "
                "its opening melds, and they all count toward the minimum."
            )
        blocks.append(
            Para(
                (
                    self.fixed(
                        "initial_meld",
                        "The melds laid together for the initial meld count together, by the "
                        "card values above; bonuses and red threes do not count. Once a side has "
                        "opened, its later melds need no minimum.",
                    ),
                    self.s("initial_meld.pile_cards", pc, "initial_meld.pile_cards"),
                    *self.opening_sentences(),
                )
            )
        )
        return Section("melds", "Melds and canastas", tuple(blocks))

    # ------------------------------------------------------------------ Modern American
    def wild_add_sentences(self) -> list[Sentence]:
        """When a wild card may join a meld (melds.wild_add_min_naturals), where it is set."""
        n = self.v.melds.wild_add_min_naturals
        if not n:
            return []
        return [
            self.s(
                "melds.wild_add_min_naturals",
                "A wild card may join a meld in the turn its side opens; after that, only a meld "
                f"holding at least {count(n, 'natural card')} (those laid with it included).",
                "melds.wild_add_min_naturals",
            )
        ]

    def rank_rule_sentences(self) -> list[Sentence]:
        """Dead ranks and the special ranks (canastas.dead_ranks, canastas.special)."""
        c = self.v.canastas
        out: list[Sentence] = []
        if c.dead_ranks:
            out.append(
                self.s(
                    "canastas.dead_ranks",
                    "Once either side has a canasta of a rank, that rank is dead: neither side "
                    "may start or add to a meld of it, and the discard pile cannot be taken while "
                    "a card of that rank is on top.",
                    "canastas.dead_ranks",
                )
            )
        for sp in c.special:
            word = rank_word(RANK_OF_NAME[sp.rank], True)
            if sp.wild == "never":
                text = f"{capital(word)} never take a wild card"
            else:
                text = (
                    f"A meld of {word} takes wild cards only if it is laid with one in the turn "
                    "its side opens, and is then an ordinary meld; any other meld of "
                    f"{word} stays pure, without wild cards"
                )
                if sp.pile_stays_pure:
                    text += f", and so does one begun by taking the discard pile with {word}"
            text += f": a canasta of {word} without wild cards earns {sp.bonus}"
            if sp.unfinished_penalty:
                text += (
                    f", and such a meld still unfinished at the end of the hand costs its side "
                    f"{sp.unfinished_penalty}"
                )
            if sp.open_blocks_going_out:
                text += "; while it is unfinished, no player of the side may go out"
            out.append(self.s(f"canastas.special.{sp.rank}", text + ".", "canastas.special"))
        return out

    def opening_sentences(self) -> list[Sentence]:
        """The clean triple and the mixed canasta in the opening, where a variant asks them."""
        im = self.v.initial_meld
        out: list[Sentence] = []
        if im.clean_triple:
            out.append(
                self.s(
                    "initial_meld.clean_triple",
                    "The melds that open a side's account must include a clean triple: a new "
                    "meld of three or more natural cards of one rank, with no wild card.",
                    "initial_meld.clean_triple",
                )
            )
        if not im.mixed_canasta:
            out.append(
                self.s(
                    "initial_meld.mixed_canasta",
                    "The turn in which a side opens may complete a natural canasta, but not one "
                    "holding wild cards.",
                    "initial_meld.mixed_canasta",
                )
            )
        return out
