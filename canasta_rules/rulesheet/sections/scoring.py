"""The rule sheet's section on scoring a hand: what a side scores, the penalties for slips at the
table (stated only where the ruleset has them, or a comparison needs them), the end-of-hand
penalties, and the bonus table.
"""

from __future__ import annotations

from ...variant.compare import flatten
from ..document import Block, Bullets, Para, Section, Sentence, Table
from ..words import number
from .tables import Tables

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


class ScoringSection(Tables):
    """The section "Scoring"."""

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
        blocks.extend(Para((s,)) for s in self.end_penalty_sentences())
        cap = self.caption("bonuses", "The bonuses:")
        blocks.append(Table(cap, ("Bonus", "Points"), tuple(self.bonus_rows("bonuses"))))
        blocks.append(Para((self.fixed("negative", "A side's score for a hand may be negative."),)))
        return Section("scoring", "Scoring", tuple(blocks))

    def section_irregularities(self) -> list[Section]:
        """The remedies for slips at the table (``penalties``: 004's list), as a section of their
        own after scoring; none where the ruleset gives none."""
        blocks: list[Block] = []
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
        if not blocks:
            return []
        return [Section("irregularities", "Irregularities", tuple(blocks))]

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
