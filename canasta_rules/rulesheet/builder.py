"""Building a rule sheet from a variant: every rule sentence is generated from its parameters.

Nothing here is a fixed text with blanks: where a parameter changes the shape of a rule (a black
three that stops or freezes, a stock that ends the hand or plays on through the pile), the builder
writes a different sentence. Rules that are not parameters, because every source agrees on them,
are stated once, as fixed sentences that claim no parameter.

The sentences describe what the engine (``canasta_rules.engine``) enforces, in a player's words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..cards import rank_word
from ..variant.compare import differences, flatten, show_value
from ..variant.model import (
    RANK_OF_NAME,
    ConcealedPlayer,
    FootDealt,
    PermissionAsk,
    Seating,
    SequencesSameSuit,
    StockOutPilePlay,
    Tier,
    Variant,
    WildMeldsAllowed,
)
from .document import (
    Block,
    Bullets,
    Dissent,
    Heading,
    House,
    Para,
    Reading,
    Row,
    Said,
    Section,
    Sentence,
    Sheet,
    Statement,
    Table,
    claims_key,
    map_statements,
)
from .origin import HOUSE as HOUSE_SOURCE
from .origin import attach, pinned_notes
from .words import capital, count, digits_count, join, number, source_name, special_cards

PENALTY_KEY = "penalties.wild_returned"
SLIP_KEYS = (
    "penalties.extra_card",
    "penalties.forgotten_draw",
    "penalties.exposed_stock_card",
    "penalties.exposed_card",
)
"""004's remedies for slips at the table; a sheet states them only where the ruleset has them
(or where a comparison needs them)."""
SLIP_SENTENCES = {
    ("penalties.extra_card", "skip_next_draw"): (
        "A player who by mistake draws an extra card from the stock keeps it, and plays their "
        "next turn without drawing: they may meld, then they discard."
    ),
    ("penalties.forgotten_draw", "draw_after_discard"): (
        "A player who discards without having drawn takes the top card of the stock before the "
        "next player's turn begins."
    ),
    ("penalties.exposed_stock_card", "shown_and_returned"): (
        "A stock card turned face up by mistake while drawing is shown to every player and put "
        "back on top of the stock."
    ),
    ("penalties.exposed_card", "left_face_up"): (
        "A card a player exposes by mistake lies face up on the table, still one of their cards, "
        "until they meld it or discard it."
    ),
}
SLIP_NONE = {
    "penalties.extra_card": "an extra card drawn from the stock by mistake",
    "penalties.forgotten_draw": "a discard made without drawing first",
    "penalties.exposed_stock_card": "a stock card turned face up while drawing",
    "penalties.exposed_card": "a card exposed by mistake from a hand",
}
"""Stated only when it is not zero (or when ``--diff`` finds it changed)."""

BLACK_THREE_ON_TOP = Dissent(
    "A black three on top of the pile",
    ("003",),
    "003 gives a discarded black three no rule of its own; the project keeps the other sources' "
    "rule that it cannot be taken from the top of the pile.",
)
"""The full sheet and the quick reference both say the pile cannot be taken with a black three
on top; both carry this, so that they mark it alike."""

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
_WAY_HEADERS = ("Pair of naturals", "Natural + wild", "Onto side's meld")


def _ways(ways: Sequence[str]) -> str:
    return join([_WAY_PHRASES[w] for w in _WAY_ORDER if w in ways], "or")


def red_three_scale(totals: Sequence[int]) -> str:
    """Red-three scores in words: ``100 each; all four together 800``."""
    n = len(totals) - 1
    if n <= 0:
        return "nothing"
    per = totals[1]
    k = 1
    while k < n and totals[k + 1] == (k + 1) * per:
        k += 1
    if k == n:
        return f"{per} each" if per else "nothing"
    rest = n - k
    upto = f" up to {number(k)}" if rest > 1 else ""
    parts = [f"{per} each{upto}" if per else f"nothing for up to {number(k)}"]
    if k == 1 and per:
        parts = [f"one {per}"]  # a scale that rises at once (CCP: 100, 300, 500, 1000)
    for i in range(k + 1, n + 1):
        who = f"all {number(i)} together" if i == n else f"{number(i)} together"
        parts.append(f"{who} {totals[i]}")
    return "; ".join(parts)


_BASIS_HEADER = {
    "side_total": "Side's total score before the deal",
    "previous_hand": "Side's score in the previous hand",
    "player_total": "Player's own total score before the deal",
    "round": "Round",
}
_BASIS_SENTENCE = {
    "side_total": "The minimum is read from the side's total score before the deal.",
    "previous_hand": "The minimum is read from the side's score in the previous hand alone "
    "(0 in the first hand), not from its running total.",
    "player_total": "The minimum is read from the opening player's own total score before the "
    "deal, which in fixed partnerships is the side's.",
    "round": "The minimum follows the round (the hand's number), not any score; after the last "
    "round listed, its minimum stays.",
}


def tier_label(tiers: Sequence[Tier], i: int) -> str:
    """The scores a tier covers: ``below 0``, ``0 to 1499``, ``3000 and above``."""
    t = tiers[i]
    prev = tiers[i - 1].below if i > 0 else None
    if t.below is None:
        return "any score" if prev is None else f"{prev} and above"
    if prev is None:
        return "below 0 (a negative score)" if t.below == 0 else f"below {t.below}"
    return f"{prev} to {t.below - 1}"


def _minimum(m: int) -> str:
    return str(m) if m else "no minimum"


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


def _short_layout(seat: Seating) -> str:
    if seat.sit_out != "none":
        return f"{seat.players} players, three against two, one of the three sitting out"
    if seat.forming == "first_pickup_alone":
        return f"{seat.players} players, the first to take the pile alone against the rest"
    if seat.side_size == 1:
        return f"{seat.players} players, each alone"
    kind = "partnerships" if seat.side_size == 2 else "teams"
    return f"{seat.players} players in {number(seat.sides)} {kind} of {number(seat.side_size)}"


class _Builder:
    """Builds the sections of one variant's sheet."""

    def __init__(self, v: Variant, diff_keys: frozenset[str]):
        self.v = v
        self.diff_keys = diff_keys
        self.partners = any(s.side_size > 1 for s in v.seating)
        self.solo = any(s.side_size == 1 for s in v.seating)

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def s(id_: str, text: str, *claims: str, gist: str = "") -> Sentence:
        return Sentence(id_, text, tuple(claims), gist=gist)

    @staticmethod
    def fixed(
        id_: str, text: str, dissent: Dissent | None = None, said: Said | None = None
    ) -> Sentence:
        """A rule the sources share, so no parameter states it (``dissent``: those that don't;
        ``said``: those that state it in so many words)."""
        return Sentence(f"fixed.{id_}", text, dissent=dissent, said=said)

    @staticmethod
    def caption(id_: str, text: str) -> Sentence:
        """Words that only introduce a table: no rule, so no origin marker."""
        return Sentence(f"fixed.{id_}", text, role="caption")

    @staticmethod
    def reading(
        id_: str, topic: str, text: str, note: str, *claims: str, sources: tuple[str, ...] = ()
    ) -> Sentence:
        """The project's reading of a rule no parameter pins down: always marked as pinned."""
        return Sentence(id_, text, tuple(claims), reading=Reading(topic, note, sources))

    # ------------------------------------------------------------------ pieces used twice
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
            last = len(im.by_round) - 1
            labels = [
                f"{i + 1}" + (" and later" if i == last else "") for i in range(len(im.by_round))
            ]
            gist = "; ".join(
                f"round {lab}: {m}" for lab, m in zip(labels, im.by_round, strict=True)
            )
            cap = self.s(id_, lead, "initial_meld.by_round", gist=gist)
            header = (_BASIS_HEADER["round"], "Minimum")
            return Table(
                cap,
                header,
                tuple(
                    Row(f"{id_}.{i}", (lab, _minimum(m)), header=header)
                    for i, (lab, m) in enumerate(zip(labels, im.by_round, strict=True))
                ),
            )
        tiers = self.v.initial_meld.tiers
        gist = "; ".join(
            f"{tier_label(tiers, i)}: {_minimum(t.minimum)}" for i, t in enumerate(tiers)
        )
        cap = self.s(id_, lead, "initial_meld.tiers", gist=gist)
        header = (_BASIS_HEADER[self.v.initial_meld.basis], "Minimum")
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
                        ("Run as long as a canasta", str(v.melds.sequences.canasta_bonus)),
                        ("melds.sequences",),
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
                            wild_canasta_label(v.melds.wild_melds),
                            str(v.melds.wild_melds.canasta_bonus),
                        ),
                        ("melds.wild_melds",),
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
            return "completed fewer canastas than going out needs"
        return "completed no canasta"

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

    # ------------------------------------------------------------------ the full sheet
    def sections(self) -> list[Section]:
        return [
            self.section_deal(),
            self.section_turn(),
            self.section_melds(),
            self.section_pile(),
            self.section_threes(),
            self.section_going_out(),
            self.section_scoring(),
            self.section_game(),
        ]

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

        if d.rotation == "clockwise":
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
                        else "In the first hand the first seat (N) plays first; the deal then "
                        "passes as usual.",
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
        if d.upcard_freezes:
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
                        f"A meld of {c.size} or more cards, at least {c.min_naturals} of them "
                        "natural, is a canasta.",
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
        seq, wm = m.sequences, m.wild_melds
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
                + f". A run as long as a canasta is a canasta worth {seq.canasta_bonus}."
            )
        else:
            runs = "Runs of one suit are not melds: every meld is of one rank."
        if isinstance(wm, WildMeldsAllowed):
            alone = (
                f"A side may meld wild cards on their own: one such meld, of {wm.min_size} to "
                f"{wm.max_size} wild cards; a canasta of wild cards is worth {wm.canasta_bonus}."
            ) + wild_meld_extras(v, wm)
        else:
            alone = "Wild cards are never melded on their own."
        blocks.append(
            Para(
                (
                    self.s("melds.sequences", runs, "melds.sequences"),
                    self.s("melds.wild_melds", alone, "melds.wild_melds"),
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
            text += f": a canasta of {word} without wild cards earns {sp.bonus}"
            if sp.unfinished_penalty:
                text += (
                    f", and such a meld still unfinished at the end of the hand costs its side "
                    f"{sp.unfinished_penalty}"
                )
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
                        "be taken.",
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
        if p.one_card_ban:
            ocb = "A player holding a single card may not take a pile of a single card."
        else:
            ocb = "A player may take a pile of a single card even when holding a single card."
        blocks.append(
            Para(
                (
                    self.fixed(
                        "freeze",
                        "A wild card discarded on the pile freezes it; it is laid crosswise to "
                        "show this. A frozen pile stays frozen until someone takes it.",
                        Dissent(
                            "A wild card discarded freezes the pile",
                            ("003", "004"),
                            "003 has the pile frozen against everyone at the start of each hand, "
                            "and words a discarded wild card as freezing it against the "
                            "discarder's opponents, keeping it from the next player until a "
                            "natural card covers it; 004's list of what freezes "
                            "the pile is missing. The project keeps 000, 001 and 002's rule: a "
                            "discarded wild card freezes the pile until someone takes it.",
                        ),
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
            against = (
                "If the side has completed fewer canastas than going out needs by the end of "
                "the hand, its red threes count that much against it instead."
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
                self.s("red_threes.exposed", exposed, "red_threes.exposed"),
                self.s("red_threes.replaced_from_pile", rfp, "red_threes.replaced_from_pile"),
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
            text = "Nobody asks a partner's permission before going out."
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
            "The question may be asked " + join([moments[w] for w in perm.when]) + ".",
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
                    self.s(
                        "going_out.sequence_canastas",
                        f"Of those canastas, at least {count(g.sequence_canastas, 'run')} "
                        "as long as a canasta."
                        if g.sequence_canastas
                        else "Canastas of every kind count toward going out."
                        if not (g.natural_canastas or g.mixed_canastas or g.wild_canastas)
                        else "No run need be among them.",
                        "going_out.sequence_canastas",
                    ),
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

    def section_scoring(self) -> Section:
        blocks: list[Block] = [
            Bullets(
                (
                    self.fixed(
                        "score_melds",
                        "the card values of every card in its melds, black threes included;",
                    ),
                    self.fixed(
                        "score_bonuses",
                        "its bonuses for canastas, red threes and going out (below);",
                    ),
                    self.fixed(
                        "score_hands",
                        "minus the card values of every card left in its players' hands.",
                    ),
                ),
                lead=self.caption("score", "When a hand ends, each side scores:"),
            )
        ]
        pen = self.v.penalties.wild_returned
        if pen or PENALTY_KEY in self.diff_keys:
            # 004, penalty item 7: the extra wild card is moved or discarded; only taking it
            # back into hand is charged.
            if pen:
                text = (
                    "A player who by mistake lays more wild cards on a meld than it may hold must "
                    "remove the extra wild card and either add it to another meld or discard it. "
                    f"A player who takes it back into hand instead costs their side {pen}."
                )
            else:
                text = (
                    "A player who by mistake lays more wild cards on a meld than it may hold "
                    "removes the extra wild card, and may take it back into hand at no cost in "
                    "points."
                )
            blocks.append(Para((self.s("penalties.wild_returned", text, PENALTY_KEY),)))
            if pen:
                blocks.append(
                    Para(
                        (
                            Sentence(
                                "fixed.penalty_engine",
                                "The rules engine never lets such a meld be laid, so its own "
                                "games never incur this penalty; a game played with cards "
                                "charges it with a line penalty SEAT wild_returned in its record "
                                "or position.",
                                role="note",
                            ),
                        ),
                        style="note",
                    )
                )
        slips = flatten(self.v)
        for key in SLIP_KEYS:
            value = slips[key]
            if value == "none" and key not in self.diff_keys:
                continue
            text = SLIP_SENTENCES.get((key, value)) or (
                f"These rules give no remedy for {SLIP_NONE[key]}."
            )
            blocks.append(Para((self.s(key, text, key),)))
        blocks.extend(Para((s,)) for s in self.end_penalty_sentences())
        cap = self.caption("bonuses", "The bonuses:")
        blocks.append(Table(cap, ("Bonus", "Points"), tuple(self.bonus_rows("bonuses"))))
        blocks.append(Para((self.fixed("negative", "A side's score for a hand may be negative."),)))
        return Section("scoring", "Scoring", tuple(blocks))

    def end_penalty_sentences(self) -> list[Sentence]:
        """``penalties.in_hand_sets`` and ``no_canasta_melds``, stated where they are not the
        default."""
        pen = self.v.penalties
        out: list[Sentence] = []
        if pen.no_canasta_melds == "minus":
            out.append(
                self.s(
                    "penalties.no_canasta_melds",
                    "A side that completed no canasta in the hand counts its melded cards "
                    "against it too, as if they were left in hand.",
                    "penalties.no_canasta_melds",
                )
            )
        if pen.in_hand_sets:
            sets = "; ".join(
                f"{number(h.count)} or more {'sixes' if h.rank == 'six' else h.rank + 's'} "
                f"cost {h.points}"
                for h in pen.in_hand_sets
            )
            out.append(
                self.s(
                    "penalties.in_hand_sets",
                    "When a hand ends, each player's hand is checked for sets of one rank, each "
                    f"costing the side on top of the cards' values: {sets}.",
                    "penalties.in_hand_sets",
                )
            )
        return out

    def section_game(self) -> Section:
        g = self.v.game
        return Section(
            "game",
            "The end of the game",
            (
                Para(
                    (
                        self.fixed("totals", "Each hand's scores are added to the sides' totals."),
                        self.s(
                            "game.target",
                            f"When, after a hand, a side's total has reached {g.target} or "
                            "more, the game ends.",
                            "game.target",
                        )
                        if not g.rounds
                        else self.s(
                            "game.rounds",
                            f"The game is {number(g.rounds)} rounds (hands); after the last, "
                            "the side with the highest total wins.",
                            "game.rounds",
                        ),
                        self.s(
                            "game.win",
                            "The side with the highest total wins."
                            if g.rounds
                            else "The side with the highest total wins, even if another side "
                            "has also passed the target."
                            if g.win == "higher_total"
                            else "The first side to reach the target wins. When several reach "
                            "it in the same hand, the side whose player went out reached it "
                            "first; if nobody went out, the highest total wins.",
                            "game.win",
                        ),
                        self.s(
                            "game.tie",
                            "If the winning totals are equal, another hand is played."
                            if g.tie == "play_on"
                            else "If the winning totals are equal, the game is shared.",
                            "game.tie",
                        ),
                    )
                ),
                Para(
                    (
                        self.s(
                            "game.max_hands",
                            "For computer play only: a simulated game still undecided after "
                            f"{g.max_hands} hands stops there, the highest total winning (no "
                            "winner on a tie). This guard is not a rule of play.",
                            "game.max_hands",
                        ),
                    ),
                    style="note",
                ),
            ),
        )

    # ------------------------------------------------------------------ the quick reference
    def card_sections(self) -> list[Section]:
        v = self.v
        g = v.going_out
        header = ("Rule", "In short")
        rows = [
            Row(
                "card.players",
                (
                    "Players",
                    "; ".join(f"{_short_layout(s)}, {s.hand_size} cards each" for s in v.seating),
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


# --------------------------------------------------------------------------------------------
# Marking the rules that differ from a base (house rules, or a source's own)


def _claimed(st: Statement, diffs: list[tuple[str, Any, Any]]) -> tuple[str, ...]:
    return tuple(k for k, _, _ in diffs if any(claims_key(c, k) for c in st.claims))


def _gist(st: Statement) -> str:
    if isinstance(st, Sentence) and st.gist:
        return st.gist
    return st.plain


def _change_sources(st: Statement, keys: tuple[str, ...]) -> tuple[str, ...]:
    """Where the variant's rule for the differing ``keys`` comes from, by the origins of the
    notes covering them: the sources that state it, else those it was filled in from, else
    ``pinned``. Empty (a house rule) when any of them is unsourced or cites ``house``."""
    parts = [
        o
        for o in st.origins
        if any(claims_key(n, k) or claims_key(k, n) for n in o.keys for k in keys)
    ] or [o for o in st.origins if o.kind != "common"]  # (a reading speaks for its claims)
    if not parts or any(
        o.kind == "unsourced" or (o.kind == "stated" and HOUSE_SOURCE in o.sources) for o in parts
    ):
        return ()
    for kind in ("stated", "filled"):
        found = tuple(dict.fromkeys(x for o in parts if o.kind == kind for x in o.sources))
        if found:
            return found
    return ("pinned",)


def _houses(sheet: Sheet, base_sheet: Sheet, diffs: list[tuple[str, Any, Any]]) -> dict[str, House]:
    """Statement id -> its house-rule mark.

    A statement is marked when it states a differing parameter and reads differently from the
    base's statement in the same place (or the base has none there). A differing parameter that
    no such statement covers (its statements read the same in both) marks every statement that
    claims it, so that the marks always cover exactly the parameters ``differences`` lists.
    """
    base = {s.id: s for s in base_sheet.statements()}
    old = {k: a for k, a, _ in diffs}
    name = base_sheet.name

    def house(st: Statement, keys: tuple[str, ...]) -> House:
        b = base.get(st.id)
        if b is not None and _gist(b) != _gist(st):
            text = _gist(b)
        else:
            text = "; ".join(f"{k} = {show_value(old[k])}" for k in keys)
        return House(keys, name, text, _change_sources(st, keys))

    out: dict[str, House] = {}
    statements = sheet.statements()
    for st in statements:
        keys = _claimed(st, diffs)
        b = base.get(st.id)
        if keys and (b is None or _gist(b) != _gist(st)):
            out[st.id] = house(st, keys)
    covered = {k for h in out.values() for k in h.keys}
    for st in statements:
        keys = _claimed(st, diffs)
        if st.id not in out and any(k not in covered for k in keys):
            out[st.id] = house(st, keys)
    return out


def _mark(sheet: Sheet, base_sheet: Sheet, diffs: list[tuple[str, Any, Any]]) -> Sheet:
    houses = _houses(sheet, base_sheet, diffs)

    def sentence(st: Sentence) -> Sentence:
        h = houses.get(st.id)
        return st if h is None else replace(st, house=h)

    def row(st: Row) -> Row:
        h = houses.get(st.id)
        return st if h is None else replace(st, house=h)

    return replace(
        sheet,
        sections=map_statements(sheet.sections, sentence, row),
        base=base_sheet.name,
        base_title=base_sheet.title,
        house_keys=tuple(k for k, _, _ in diffs),
    )


# --------------------------------------------------------------------------------------------
# Public entry points


def _sheet(v: Variant, kind: str, diff_keys: frozenset[str], overrides: Sequence[str]) -> Sheet:
    b = _Builder(v, diff_keys)
    sections = attach(tuple(b.sections() if kind == "rules" else b.card_sections()), v)
    sheet = Sheet(
        kind="rules" if kind == "rules" else "card",
        title=v.title,
        name=v.name,
        sources=tuple(source_name(s) for s in v.sources),
        sections=sections,
        overrides=tuple(overrides),
        source_ids=tuple(v.sources),
    )
    return replace(sheet, pinned=pinned_notes(sheet.statements()))


def build(
    variant: Variant,
    *,
    card: bool = False,
    base: Variant | None = None,
    overrides: Sequence[str] = (),
) -> Sheet:
    """The rule sheet of ``variant`` (or its quick-reference card).

    With ``base``, every statement whose parameters differ from ``base`` (as
    :func:`~canasta_rules.variant.compare.differences` lists them) is marked as changed, with
    the base's own statement (or value) for comparison. The mark names the source the variant's
    notes cite for the change; a change no note sources (or one citing ``house``) is a house rule.
    """
    kind = "card" if card else "rules"
    if base is None:
        return _sheet(variant, kind, frozenset(), overrides)
    diffs = differences(base, variant)
    keys = frozenset(k for k, _, _ in diffs)
    sheet = _sheet(variant, kind, keys, overrides)
    base_sheet = _sheet(base, kind, keys, ())
    return _mark(sheet, base_sheet, diffs)


def wild_canasta_label(wm: WildMeldsAllowed) -> str:
    """The bonus table's label for the ordinary canasta of wild cards."""
    by_make_up = wm.twos_bonus is not None or wm.jokers_bonus is not None
    return "Wild canasta: any other mix" if by_make_up else "Canasta of wild cards"


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


def unstated_keys(variant: Variant) -> set[str]:
    """Parameters of ``variant`` that its sheet deliberately leaves out: a zero penalty, the
    irregularities the variant has no remedy for, and the rounds of a game that has none (no
    fixed number of hands; no minimums by round)."""
    flat = flatten(variant)
    out = {PENALTY_KEY} if flat.get(PENALTY_KEY) == 0 else set()
    out |= {k for k in SLIP_KEYS if flat.get(k) == "none"}
    if not variant.game.rounds:
        out.add("game.rounds")
    if not variant.melds.wild_fewer_than_natural:
        out.add("melds.wild_fewer_than_natural")
    if not variant.initial_meld.by_round:
        out.add("initial_meld.by_round")
    # Modern American's threes, discard bans and end-of-hand penalties: stated only where set.
    if variant.deal.upcard != "none":
        out.add("deal.upcard")  # (with no upcard, its sentence also claims the covering keys)
    if not variant.black_threes.bonus:
        out |= {"black_threes.bonus", "black_threes.totals"}
    else:
        out |= {
            "black_threes.discarded",
            "black_threes.meld_when_going_out",
            "black_threes.in_hand_penalty",
        }
    if not variant.red_threes.count_from_canastas:
        out.add("red_threes.count_from_canastas")
    if not variant.pile.empty_discard_bans:
        out.add("pile.empty_discard_bans")
    if not any(variant.talons.sizes):
        out |= {"talons.sizes", "talons.min_stock", "talons.after_pickup"}
    if variant.penalties.no_canasta_melds == "plus":
        out.add("penalties.no_canasta_melds")
    if not variant.penalties.in_hand_sets:
        out.add("penalties.in_hand_sets")
    # Modern American's melding rules are stated only where a variant uses them.
    c, im = variant.canastas, variant.initial_meld
    if not c.closed or c.reopen_closed_rank:
        out.add("canastas.reopen_closed_rank")
    defaults = {
        "canastas.dead_ranks": not c.dead_ranks,
        "canastas.special": not c.special,
        "melds.wild_add_min_naturals": not variant.melds.wild_add_min_naturals,
        "initial_meld.clean_triple": not im.clean_triple,
        "initial_meld.mixed_canasta": im.mixed_canasta,
    }
    out |= {k for k, unused in defaults.items() if unused}
    if variant.game.rounds:
        out.add("game.target")  # a game of fixed rounds ends after them, whatever the score
    if variant.initial_meld.basis == "round":
        out.add("initial_meld.tiers")  # the minimums go by round (initial_meld.by_round)
    if not isinstance(variant.foot, FootDealt):
        out.add("foot.kind")
    g = variant.going_out
    if not (g.natural_canastas or g.mixed_canastas or g.wild_canastas):
        out |= {"going_out.natural_canastas", "going_out.mixed_canastas", "going_out.wild_canastas"}
    return out
