"""Comparing rulesets on a real game: one record replayed under several rulesets, every divergence.

Each ruleset replays the record on its own. A move a ruleset refuses is noted (with its rule code
and the parameter behind it, and that parameter's value in every ruleset compared) and then played
as written, so the comparison goes on; a move that cannot be played at all under a ruleset (a
card that is not there) ends that hand for that ruleset, as does a deal its setup cannot produce
(a written-out deal under another pack or hand size). Each hand that every ruleset finished is
scored under each, and a hand whose scores differ is reported with its breakdowns side by side.
Each ruleset decides after each hand whether the game is over (its target, ``game.win`` and
``game.tie``): a hand the record plays after that is not followed under it, and where the
rulesets end the game after different hands, or name different winners, that is a divergence too.
Assertions written in the record (``score``, ``stock`` ...) belong to its own ruleset and are not
checked here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..engine.game import after_hand
from ..engine.scoring import SideScore, score_hand
from ..errors import CanastaError, Refusal
from ..variant.compare import flatten, show_value
from . import ast as A
from .replay import ReplayedHand, _Replayer


@dataclass(frozen=True)
class Refused:
    """A move of the record that one ruleset refuses."""

    ruleset: int
    hand: int
    turn: int
    seat: str
    move: str
    at: A.Where
    refusal: Refusal
    values: tuple[str, ...]
    """The refusing parameter's value under each ruleset compared ("-" where it has none)."""
    behind: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Where that value is the same under every ruleset: the parameters that do differ and bear
    on the refusal (named in its message, or in the refusing parameter's table), with their
    value under each ruleset."""


@dataclass(frozen=True)
class GameEnd:
    """A game over under one ruleset: after which hand of the record, and who won."""

    hand: int
    winner: int | None
    """The winning side's index (None: shared)."""


@dataclass
class HandResult:
    number: int
    scores: list[list[SideScore] | None]
    """Per ruleset: the hand's score, or None where it did not finish."""
    stopped: list[str | None]
    """Per ruleset: why the hand could not be followed to its end (None: it was)."""

    @property
    def differs(self) -> bool:
        totals = [[sc.total for sc in s] for s in self.scores if s is not None]
        return len(totals) == len(self.scores) and any(t != totals[0] for t in totals)


@dataclass
class Comparison:
    rulesets: list[str]
    sides: tuple[str, ...]
    refused: list[Refused] = field(default_factory=list)
    hands: list[HandResult] = field(default_factory=list)
    totals: list[list[int]] = field(default_factory=list)
    """Per ruleset: each side's total after the hands that ruleset could follow (the scores
    before the first hand, plus those hands' scores): see :meth:`unfollowed`."""
    ends: list[GameEnd | None] = field(default_factory=list)
    """Per ruleset: where its game ended within the record (None: it goes on after the last
    hand, or a hand could not be followed before it ended)."""

    @property
    def results_differ(self) -> bool:
        """Whether the rulesets end the game after different hands or with different winners
        (among those that followed every hand they played: a hand not followed is its own
        divergence)."""
        ends = [e for i, e in enumerate(self.ends) if self.followed(i)]
        return any(e != ends[0] for e in ends)

    def followed(self, ruleset: int) -> bool:
        """Whether the ruleset followed every hand of the record until its game was over."""
        return self.unfollowed(ruleset) == 0

    def unfollowed(self, ruleset: int) -> int:
        """How many hands the ruleset could not follow to their end, so that its totals leave
        them out (every hand: its totals are only the scores before the first hand). A hand
        after its game was over is not played, not unfollowed."""
        return sum(
            1
            for h in self.hands
            if h.stopped[ruleset] is not None and not self.after_end(ruleset, h.number)
        )

    def after_end(self, ruleset: int, hand: int) -> bool:
        """Whether hand number ``hand`` comes after the ruleset's game was over."""
        end = self.ends[ruleset] if self.ends else None
        return end is not None and hand > end.hand

    @property
    def divergences(self) -> int:
        return (
            int(self.results_differ)
            + len(self.refused)
            + sum(1 for h in self.hands if h.differs)
            # Hands after a ruleset's game was over are in results_differ, not counted again.
            + sum(self.unfollowed(i) for i in range(len(self.rulesets)))
        )


def compare(
    doc: A.Document, rulesets: Sequence[str | None], sets: tuple[str, ...] = ()
) -> Comparison:
    """Replay ``doc`` under each ruleset (None: the record's own) and collect every divergence."""
    players = [_Replayer(doc, ref, sets, None) for ref in rulesets]
    labels = [ref if ref is not None else doc.ruleset(None)[0] for ref in rulesets]
    first = players[0]
    for rp in players[1:]:
        if rp.rules.players != first.rules.players or rp.sides != first.sides:
            msg = (
                f"{labels[0]} and {labels[players.index(rp)]} seat the table differently "
                f"({' '.join(first.sides)} and {' '.join(rp.sides)}): nothing to compare"
            )
            raise CanastaError(msg)
    flats = [flatten(rp.loaded.variant) for rp in players]
    out = Comparison(labels, first.sides)
    sections = first.sections()
    totals = [list(rp.scores) for rp in players]
    ends: list[GameEnd | None] = [None] * len(players)
    dealer: int | None = None
    for index, (header, body) in enumerate(sections):
        dealer = first.dealer_of(index, header, dealer)
        result = HandResult(header.number, [None] * len(players), [None] * len(players))
        first_deal: tuple[list[list[int]], list[int]] | None = None
        for i, rp in enumerate(players):
            done = ends[i]
            if done is not None:
                won = "shared" if done.winner is None else f"{out.sides[done.winner]} won"
                result.stopped[i] = f"the game was over after hand {done.hand} ({won})"
                continue

            def note(
                hand: ReplayedHand, turn: int, seat: str, act: A.Action, ref: Refusal, i: int = i
            ) -> None:
                values = tuple(
                    show_value(f.get(ref.parameter)) if ref.parameter else "-" for f in flats
                )
                behind = _behind(ref, flats) if len(set(values)) == 1 else ()
                out.refused.append(
                    Refused(i, hand.number, turn, seat, act.text, act.at, ref, values, behind)
                )

            rp.on_refusal = note
            try:
                hand = rp._deal(header, body, dealer, totals[i])
                dealt = (hand.start.hands, hand.start.pile)
                if first_deal is None:
                    first_deal = dealt
                elif not hand.explicit_deal and dealt != first_deal:
                    result.stopped[i] = (
                        "the seed deals other hands under this ruleset's setup (its pack, hand "
                        "size or dealt red threes differ), so the record's moves do not apply"
                    )
                    continue
                rp._play(hand, body)
            except CanastaError as e:
                result.stopped[i] = _short(e)
                continue
            end = hand.end
            assert end is not None
            if end.over:
                sc = score_hand(end)
                result.scores[i] = sc
                totals[i] = [a + b.total for a, b in zip(totals[i], sc, strict=True)]
                rp.previous = [b.total for b in sc]
                out_side = rp.rules.side_of[end.out_player] if end.out_player >= 0 else -1
                over, winner = after_hand(rp.rules, totals[i], out_side, header.number)
                if over:
                    ends[i] = GameEnd(header.number, winner)
            elif index + 1 < len(sections):
                result.stopped[i] = "the hand does not end where the record's does"
        out.hands.append(result)
    out.totals = totals
    out.ends = ends
    return out


def _behind(
    ref: Refusal, flats: list[dict[str, object]]
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The parameters that differ between the rulesets and bear on ``ref``: those its message
    names, and those in the refusing parameter's table (``initial_meld.basis`` beside
    ``initial_meld.tiers``)."""
    table = ref.parameter.rsplit(".", 1)[0] if "." in ref.parameter else ref.parameter
    keys = sorted({k for f in flats for k in f})
    out = []
    for k in keys:
        if k == ref.parameter:
            continue
        near = bool(table) and k.startswith(table + ".")
        if not (near or re.search(rf"(?<![\w.]){re.escape(k)}(?![\w])", ref.message)):
            continue
        shown = tuple(show_value(f.get(k)) for f in flats)
        if len(set(shown)) > 1:
            out.append((k, shown))
    return tuple(out)


def _short(e: CanastaError) -> str:
    """An error without the file and line prefix (the report gives the hand)."""
    text = str(e)
    parts = text.split(": ", 1)
    head = parts[0]
    if len(parts) == 2 and head.count(":") >= 2:
        return parts[1]
    return text
