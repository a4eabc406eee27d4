"""The checks of a position against its ruleset that go beyond reading one line: the cards
written as counts (an unseen foot, the unseen part of the pile), each meld, the turn in
progress, an ``out`` claim against the layout, and the engine's own invariants on the state built.
"""

from __future__ import annotations

import re

from .. import cards as C
from ..engine.checks import contract_refusal, runs_refusal
from ..engine.invariants import card_problems, meld_problems
from ..engine.legality import check_new_meld, refusal
from ..engine.limits import out_refusal
from ..engine.meldkinds import NEW_RUN, plural, run_span
from ..engine.moves import Ask
from ..engine.position import UNDRAWN, TurnState, meld_key, opening_value
from ..engine.rules import KEY_OF, RED3_KEY, RUN_REF0, run_ref_parts
from ..engine.state import Phase, State
from . import ast as A
from .position_table import _Table

_NOTHING_TO_ASK = {
    "ask.one_card": "{asker} holds one card, and with one card left there is nothing to ask",
    "ask.cannot_go_out": (
        "{asker} could not go out this turn, and a player asks only when able to "
        "(going_out.permission.only_when_able)"
    ),
}
"""Why the player whose turn it is cannot have asked "may I go out?", said of that player (the
engine's refusals of the question say "you"); the moments of the turn are worded from the
refusal itself."""


class _Checks(_Table):
    """The position reader's checks, each problem at the line (and column) it concerns."""

    def _fill_unseen_feet(
        self, unseen: dict[int, A.FootLine], feet: list[list[int] | None], counts: list[int]
    ) -> None:
        """Give each foot written as a count (``foot N: 13 unseen``) cards from those written
        nowhere else. Which cards they are is not known, and no ruling here depends on it: the
        stock is in an unknown order too, and taking such a foot up is refused
        (``ReadPosition.unknown``). Cards that need no replacement are given first."""
        r = self.rules
        for p, line in sorted(unseen.items()):
            free = [
                c
                for c in sorted(range(C.NUM_CARD_IDS), key=lambda c: (r.bonus[c], c))
                for _ in range(r.deck_counts[c] - counts[c])
            ]
            if len(free) < line.unseen:
                msg = (
                    f"only {len(free)} cards are written nowhere, so {self.who(p)}'s foot cannot "
                    f"hold {line.unseen}"
                )
                raise self.err(line.at, msg)
            cards = free[: line.unseen]
            for c in cards:
                counts[c] += 1
            feet[p] = cards

    def _fill_unseen_hands(
        self,
        unseen: dict[int, A.PosHand],
        hands: list[list[int] | None],
        counts: list[int],
    ) -> None:
        """Give each hand written partly as a count (``hand E: 11 unseen``) as many cards from
        those written nowhere. Which cards they are is not known, and no ruling on the moves of
        others depends on them (a move of that seat itself is not judged: ``ReadPosition.
        unseen_hands``): they stand in for the real ones. No stand-in is a card the ruleset
        lays down at once (a red three); wild cards and black threes come first, since the
        unseen part of a pile that is not frozen may hold none of them."""
        r = self.rules
        if not unseen:
            return
        left = [r.deck_counts[c] - counts[c] for c in range(C.NUM_CARD_IDS)]
        order = sorted(
            range(C.NUM_CARD_IDS), key=lambda c: (not (C.is_wild(c) or C.RANK_OF[c] == 3), c)
        )
        free = [c for c in order if not r.bonus[c] for _ in range(left[c])]
        i = 0
        for p, it in sorted(unseen.items()):
            cards = free[i : i + it.unseen]
            if len(cards) < it.unseen:
                msg = (
                    f"only {len(cards)} cards that a hand may hold are left written nowhere, so "
                    f"{self.who(p)}'s hand cannot hide {it.unseen}"
                )
                raise self.err(it.at, msg)
            i += it.unseen
            for c in cards:
                counts[c] += 1
            hands[p] = list(it.cards) + cards

    def _check_frozen_no(self, frozen: A.Assertion | None, pile: list[int]) -> None:
        """'frozen no' cannot stand beside a card discarded on the pile that froze it against
        every side (pile.discard_freezes_against = "everyone"). The cards at the bottom that may
        have been turned up to start the pile (wild cards and threes, covered or not as
        deal.upcard_freezes says) are passed over."""
        r = self.rules
        if frozen is None or frozen.flag or r.freeze_spares_discarder or self.retold:
            return
        start = 0
        while start < len(pile) and (C.is_wild(pile[start]) or C.RANK_OF[pile[start]] == 3):
            start += 1
        for c in pile[start + 1 :]:
            if r.discard_freezes[c]:
                msg = (
                    f"'frozen no', but the {C.name(c)} discarded on the pile froze it against "
                    "every side until it is taken (pile.discard_freezes_against)"
                )
                raise self.err(frozen.at, msg)

    def _check_unseen(
        self,
        pile_line: A.UpcardLine,
        counts: list[int],
        room: int,
        pile: list[int],
        frozen: A.Assertion | None,
    ) -> None:
        """The unseen cards of the pile must be cards a pile can hold: no red three (laid down
        when drawn) and, in a pile that is not frozen, no card that freezes it."""
        r = self.rules
        left = [r.deck_counts[c] - counts[c] for c in range(C.NUM_CARD_IDS)]
        reds = sum(n for c, n in enumerate(left) if C.is_red_three(c))
        if reds > room:
            msg = (
                f"{reds} red threes are not written anywhere and a stock of {room} cannot hold "
                "them; one in the pile would have been laid down: write it on its side's 'red' line"
            )
            raise self.err(pile_line.at, msg)
        freezing = sum(n for c, n in enumerate(left) if r.discard_freezes[c])
        is_frozen = frozen.flag if frozen is not None else any(r.pile_card_freezes[c] for c in pile)
        # Where a discard freezes the pile only against the discarder's opponents (003), 'frozen
        # no' may stand beside wild cards the mover's side discarded: unseen ones too.
        spared = frozen is not None and r.freeze_spares_discarder
        if not is_frozen and not spared and freezing > room - reds:
            wild = sum(n for c, n in enumerate(left) if C.is_wild(c))
            black = freezing - wild  # black threes, where they freeze the pile (bicycle)
            what = " and ".join(
                plural(n, word, "one")
                for n, word in ((wild, "wild card"), (black, "black three"))
                if n
            )
            verb = "is" if freezing == 1 else "are"
            msg = (
                f"{what} {verb} not written anywhere and the stock has room for "
                f"{max(0, room - reds)}; one in the pile would freeze it: place them, or write "
                "'frozen yes'"
            )
            raise self.err(pile_line.at, msg)

    def _check_meld_cards(
        self,
        it: A.PosMelds,
        g: tuple[int, ...],
        cols: tuple[int, ...],
        side: int,
        melds: list[list[tuple[int, ...]]],
        meld_at: dict[tuple[int, int], tuple[A.PosMelds, int]],
        index: int,
    ) -> None:
        r = self.rules
        col = cols[0] if cols else 0
        # The engine's own reading of the cards: which meld they form, if any. Its limits for a
        # new meld are not applied here (a meld on the table may have grown past them); the
        # engine's invariants judge the meld as it lies, below.
        ref, key, _, _ = check_new_meld(self.rules, g)
        if not key or (ref is not None and ref.code == "meld.black_threes.never"):
            assert ref is not None
            spot = col
            for i, c in enumerate(g):
                if KEY_OF[c] == RED3_KEY and ref.code == "meld.red_three":
                    spot = cols[i] if i < len(cols) else col
                    break
            raise self.err(it.at, f"{C.names(g)}: {ref}", spot)
        for j, other_cards in enumerate(melds[side]):
            if key == NEW_RUN or meld_key(r, other_cards) != key:
                continue
            if r.canasta_closed and (self._closed(g) or self._closed(other_cards)):
                continue  # a closed canasta lies aside; a new meld of its rank may be begun
            other, _ = meld_at[(side, j)]
            word = C.rank_word(key, True) if key != 3 else "black threes"
            msg = (
                f"{self.side_name(side)} has two melds of {word} (the other on line "
                f"{other.at.line}): a side has one meld of each rank"
            )
            raise self.err(it.at, msg, col)
        meld_at[(side, index)] = (it, col)

    def _closed(self, g: tuple[int, ...]) -> bool:
        """Whether a group is a complete canasta (closed, where the variant closes them)."""
        return self.rules.is_canasta(sum(1 for c in g if not C.is_wild(c)), len(g))

    def _check_turn(
        self,
        line: A.PosTurn,
        ts: TurnState,
        turn: int,
        phase: Phase,
        hands: list[list[int] | None],
        melds: list[list[tuple[int, ...]]],
        melded: list[bool] | None,
    ) -> None:
        r = self.rules
        side = self.side_of[turn]
        cols = {word: col for word, _, col in line.entries}
        words = [w for w, _, _ in line.entries]
        if "drew" in words and "took" in words:
            raise self.err(
                line.at, "'took' already says the turn began with the pile", cols["took"]
            )
        if ts.taken:
            have = list(hands[turn] or []) + [c for g in melds[side] for c in g]
            for c in ts.taken:
                if c in have:
                    have.remove(c)
                else:
                    msg = (
                        f"{C.name(c)} came with the pile, so it is in {self.who(turn)}'s hand "
                        f"or {self.side_name(side)}'s melds, but it is in neither"
                    )
                    raise self.err(line.at, msg, cols["took"])
        kinds = {meld_key(r, g) for g in melds[side]}
        spans = [run_span(g) for g in melds[side] if meld_key(r, g) == NEW_RUN]
        for k in ts.new_melds:
            if k >= RUN_REF0:
                suit, rank = run_ref_parts(k)
                if not any(sp and sp[0] == suit and sp[1] <= rank <= sp[2] for sp in spans):
                    word = C.RANK_CHARS[rank] + C.SUITS[suit]
                    msg = (
                        f"{self.side_name(side)} has no run holding {word} to have begun this turn"
                    )
                    raise self.err(line.at, msg, cols["new"])
            elif k not in kinds:
                word = C.RANK_CHARS.get(k, str(k))
                msg = f"{self.side_name(side)} has no meld of rank {word} begun this turn"
                raise self.err(line.at, msg, cols["new"])
        if ts.opening is not None:
            self._check_opening(line, ts, side, melds[side], cols["opening"])
        if ts.drew == UNDRAWN:
            if not r.ask_before_draw:
                msg = "this ruleset asks partner only after the draw (going_out.permission.when)"
                raise self.err(line.at, msg, cols["drew"])
            if ts.new_melds or ts.added_old or ts.first_melds or ts.meld_action or ts.taken:
                msg = "nothing is melded before the draw"
                raise self.err(line.at, msg, cols["drew"])
        if (ts.new_melds or ts.added_old or ts.first_melds) and not melds[side]:
            raise self.err(line.at, f"{self.side_name(side)} has no melds", cols.get("new", 0))
        if ts.first_melds and melded is not None and not melded[turn]:
            msg = f"'first' says {self.who(turn)} has melded: list the seat on the 'melded:' line"
            raise self.err(line.at, msg, cols["first"])
        if "asked" in words:
            if not r.permission:
                msg = "this ruleset has no asking permission to go out (going_out.permission)"
                raise self.err(line.at, msg, cols["asked"])
            if phase == Phase.ANSWER:
                asker = self.who(turn)
                msg = (
                    f"'asked' says partner has answered {asker}, but the 'to move' line says "
                    f"partner is still to answer: leave 'asked' out until then, or write "
                    f"'to move: {self.seats[turn]} play' after the answer"
                )
                raise self.err(line.at, msg, cols["asked"])

    def _check_opening(
        self, line: A.PosTurn, ts: TurnState, side: int, melds: list[tuple[int, ...]], col: int
    ) -> None:
        """``opening N``: the side began opening this turn, so every meld it has was begun this
        turn, and N is the count of their cards."""
        r = self.rules
        if not melds or ts.added_old:
            why = "'added' says it had" if melds else f"{self.side_name(side)} has none"
            msg = (
                f"'opening' says {self.side_name(side)} began opening this turn, so it had no "
                f"melds before it: {why}"
            )
            raise self.err(line.at, msg, col)
        if len(ts.new_melds) < len(melds):
            msg = (
                f"'opening' says {self.side_name(side)} began opening this turn, so each of its "
                f"{len(melds)} melds was begun this turn: list them after 'new'"
            )
            raise self.err(line.at, msg, col)
        want = opening_value(r, melds)
        if ts.opening != want:
            msg = f"the cards {self.side_name(side)} has melded count {want}, not {ts.opening}"
            raise self.err(line.at, msg, col)

    def _check_over(
        self,
        line: A.PosToMove | A.PosOut,
        went_out: int,
        concealed: bool,
        hands: list[list[int] | None],
        hand_at: list[A.PosHand | None],
        melds: list[list[tuple[int, ...]]],
        melded: list[bool] | None,
    ) -> None:
        r = self.rules
        if went_out < 0:
            return
        h = hand_at[went_out]
        if hands[went_out] and h is not None:
            msg = (
                f"{self.who(went_out)} went out, so holds no cards: 'hand {self.seats[went_out]}:'"
            )
            raise self.err(h.at, msg)
        side = self.side_of[went_out]
        canastas = sum(
            1 for g in melds[side] if r.is_canasta(sum(1 for c in g if not C.is_wild(c)), len(g))
        )
        if canastas < r.canastas_to_go_out:
            need = r.canastas_to_go_out
            msg = (
                f"{self.who(went_out)} cannot have gone out: {self.side_name(side)} has {canastas} "
                f"canasta{'s' if canastas != 1 else ''} and going out needs {need} "
                "(going_out.canastas)"
            )
            raise self.err(line.at, msg)
        if concealed:
            partners = [p for p in r.partners(went_out) if melded is not None and melded[p]]
            # Where the whole side goes out concealed, no partner can have melded; where one
            # player does (going_out.concealed = player_first_meld), partner's melds are allowed.
            if partners and not r.concealed_player:
                msg = (
                    f"{self.who(went_out)} cannot have gone out concealed: "
                    f"{self.who(partners[0])} had melded (going_out.concealed)"
                )
                raise self.err(line.at, msg)

    def _check_out_layout(self, s: State, line: A.PosToMove | A.PosOut, went_out: int) -> None:
        """What going out needs beyond the number of canastas (checked from the lines): the
        runs and kinds of canasta a contract names, and no meld left open that the ruleset says
        stops going out (a meld of wild cards, pure sevens or aces: Modern American)."""
        if went_out < 0:
            return
        r = self.rules
        side = s.side_of[went_out]
        ref = None
        if s.run_canastas(side) < r.run_canastas_to_go_out:
            ref = runs_refusal(r, 0)
        elif r.kinds_contract:
            ref = contract_refusal(s, side, 0)
        if ref is None and r.meld_limits:
            ref = out_refusal(s, side)
        if ref is not None:
            msg = f"{self.who(went_out)} cannot have gone out: {ref.message} ({ref.code})"
            raise self.err(line.at, msg)

    def _engine_checks(
        self,
        s: State,
        keys: list[list[int]],
        meld_at: dict[tuple[int, int], tuple[A.PosMelds, int]],
        hand_at: list[A.PosHand | None],
    ) -> None:
        """The engine's invariants, each problem at the line it concerns."""
        for (side, index), (it, col) in meld_at.items():
            key = keys[side][index]
            if key not in s.melds[side]:
                # Joined into a partner's side when the sides regrouped (a cutthroat player
                # went out, seating.forming): the joined melds are checked below.
                continue
            one = s.copy()
            one.melds = [{} for _ in s.melds]
            one.melds[side] = {key: s.melds[side][key]}
            problems = meld_problems(one)
            if problems:
                _, _, why = problems[0].partition(": ")
                raise self.err(it.at, f"{self.side_name(side)}'s meld: {why} in this ruleset", col)
        if s.sides_formed:
            for problem in meld_problems(s):
                side = int(problem.split()[1]) if problem.startswith("side ") else 0
                # meld_at is by side as seated; the problem names a side as it plays now
                seated = self.rules.members
                where = [v for (sd, _), v in meld_at.items() if s.side_of[seated[sd][0]] == side]
                it, col = where[0] if where else next(iter(meld_at.values()))
                _, _, why = problem.partition(": ")
                raise self.err(it.at, f"{self.side_name(side)}'s melds joined: {why}", col)
        for problem in card_problems(s):
            at = self.hands_lines[0].at
            for p in range(self.rules.players):
                if re.search(rf"\bseat {p}\b", problem):
                    problem = re.sub(rf"\bseat {p}\b", self.who(p).replace("\\", r"\\"), problem)
                    h = hand_at[p]
                    at = h.at if h is not None else at
            raise self.err(at, problem)

    def _check_question(self, s: State, line: A.PosToMove | A.PosOut, asker_unseen: bool) -> None:
        """``to move: N answer`` says that N's partner, whose turn it is, has just asked "may I go
        out?". The engine's rules for asking must let that player ask at this point: a question
        asked after melding where the ruleset asks before it, with one card left, or by a player
        who could not go out (where only such a player asks) was never asked, and nothing waits
        for an answer. (The engine would refuse every move there with "your partner must answer
        first".) The asker's hand written as a count is not judged on whether it could go out."""
        if s.phase != Phase.ANSWER:
            return
        asker = s.turn
        before = s.copy()  # the moment before the question
        before.phase = Phase.PLAY if s.drew else Phase.DRAW
        before.answerer = -1
        before.asked_hand &= ~(1 << asker)  # the question itself (once_per_hand)
        ref = refusal(before, Ask())
        if ref is None or (asker_unseen and ref.code == "ask.cannot_go_out"):
            return
        who = self.who(asker)
        if ref.code in _NOTHING_TO_ASK:
            why = _NOTHING_TO_ASK[ref.code].format(asker=who)
        elif ref.code in ("ask.too_early", "ask.too_late"):
            moment = ref.message.replace("in this ruleset you ask", "a player asks")
            done = "has melded this turn" if s.turn_melded else "is at this point of the turn"
            why = f"{who} {done}, and in this ruleset {moment}"
        else:
            why = ref.message
        msg = (
            f'nobody can have asked "may I go out?", so {self.who(s.answerer)} has nothing to '
            f"answer: {why}"
        )
        raise self.err(line.at, msg)
