"""The rule sheet's last section, the end of the game: the target or the fixed number of rounds,
who wins, a tie, and the guard that stops a simulated game.
"""

from __future__ import annotations

from ..document import Para, Section
from ..words import number
from .base import BuilderBase


class GameSection(BuilderBase):
    """The section "The end of the game"."""

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
