"""A game at the terminal: people and bots at one table, every move written to a record.

A :class:`Session` owns the game: the current hand's state, the hands played, the totals, who
is a person and who a bot. Every move goes through ``refusal`` and ``apply``; every move is
written to the record as it is played (a line appended: ``play/record.py``), so a game can be
stopped at any point and resumed from its record, which ``canasta replay`` replays.

Each hand of the record names its seed (``hand 2 dealer E seed 7:2``) instead of writing the
deal out: a seeded deal knows the order of the stock, so a resumed hand goes on drawing the same
cards. The seed's shuffle is the same on every machine (see docs/engine.md), so the record
replays anywhere. Who sits where is kept in the ``Players`` tag: ``human`` for a person, else the
kind of bot (``N human, E greedy, S human, W greedy``).

Bots are seeded afresh for every move, from the game's seed, the hand and the move number, so a
resumed game plays on exactly as it would have without the stop. ``undo`` takes the moves back
from the record too, so after it the bots choose as they would on resuming that record: the same
position, the same move number, the same seed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from .. import cards as C
from ..bots import make_bot
from ..engine.apply import apply_unchecked
from ..engine.dealing import deal
from ..engine.game import HandRecord, first_dealer, hand_seed
from ..engine.generate import legal_moves
from ..engine.legality import refusal, refusal_on_line
from ..engine.moves import Answer, Ask, Move, TakePile
from ..engine.rules import Rules, rules_for
from ..engine.scoring import SideScore, score_hand
from ..engine.state import State
from ..errors import CanastaError, NotationError, Refusal, quoted
from ..notation import ast as A
from ..notation import replay
from ..notation.parser import parse
from ..notation.slips import ACTIONS
from ..notation.writer import format_item, turn_lines
from ..seats import seat_names, seat_word, side_names
from ..variant import LoadedVariant, load
from .record import (
    HUMAN,
    RecordFile,
    header_line,
    move_line,
    read_record_text,
    score_lines,
    torn_note,
    whole_text,
)

Bot = Callable[[State], Move]


COMMANDS = ("moves", "hint", "undo", "help", "quit")
"""The words typed alone that are commands, not moves (``play/commands.py`` answers them)."""
COMMANDS_SHOWN = (*COMMANDS[:3], "? CODE", *COMMANDS[3:])
"""The commands as a message lists them."""


class NotAMove(NotationError):
    """A typed line that starts with neither an action nor a command: its message lists both."""


class PlayError(CanastaError):
    """A game that cannot be started or resumed as asked."""


@dataclass(frozen=True)
class Undone:
    """What ``undo`` took back."""

    seat: int
    """The seat whose turn it now is: the person's, who plays that turn again."""
    moves: int
    """The moves taken back (a draw, a meld, a discard ... each one)."""
    later: int
    """The turns after the person's that were taken back with it (the bots', and any hand
    dealt since)."""
    partial: bool
    """The person's turn was not over: it goes back to its start."""
    scored: bool
    """The turn taken back ended its hand: the hand's score is taken back too."""
    earlier_hand: bool
    """The game went back into the hand before (no turn of a person's in the new one yet)."""


class IllegalMove(CanastaError):
    """A move the rules refuse here; carries the refusal (reason, code, parameter) and, where
    the line has a legal form with the same intent, that form (``legal``: the line as typed,
    and why it is legal)."""

    def __init__(self, refusal: Refusal, move: str = "", legal: tuple[str, str] | None = None):
        self.refusal = refusal
        self.move = move
        self.legal = legal
        super().__init__(f"{move}: {refusal}" if move else str(refusal))


def legal_way(s: State, moves: Sequence[Move]) -> tuple[str, str] | None:
    """The legal form of a refused line: the line of ``moves`` typed from ``s`` (the state
    before its first move) as it could legally be played, without the seat, and why
    (``("take 8s with 8c 8d and Kh Kd Ks", "a side opening with the pile lays ...")``), or
    None where the line has no legal form with the same intent (nothing is invented). The
    search is the one ``canasta ruling`` uses (:func:`canasta_rules.notation.remedy.suggest`)."""
    from ..notation.remedy import suggest  # loaded on a refusal only

    found = suggest(s, moves)
    return None if found is None else (found.text, found.why)


@dataclass
class Options:
    ref: str = "classic"
    """The ruleset as the record's Variant tag writes it (a name, or a file)."""
    sets: tuple[str, ...] = ()
    players: int | None = None
    seed: int = 0
    humans: frozenset[int] = frozenset({0})
    bots: str = "greedy"


def move_text(seats: Sequence[str], actor: int, m: Move) -> str:
    """One move in the notation, without the seat (``take with 9c 9d``, ``discard 4c``).

    ``ask`` and the answer ``yes``/``no`` are written as a person types them; in the record they
    join as ``ask yes``."""
    if isinstance(m, Ask):
        return "ask"
    if isinstance(m, Answer):
        return "yes" if m.yes else "no"
    turns = turn_lines(seats, [(actor, m)])
    return format_item(turns[0]).split(" ", 1)[1]


class Session:
    """One game in progress."""

    def __init__(self, opts: Options, loaded: LoadedVariant):
        self.opts = opts
        self.loaded = loaded
        try:
            self.rules: Rules = rules_for(loaded.variant, opts.players)
        except ValueError as e:
            raise PlayError(str(e)) from None
        r = self.rules
        self.seats = seat_names(r.players)
        self.sides = side_names(r.players, r.sides)
        bad = [p for p in opts.humans if not 0 <= p < r.players]
        if bad:
            raise PlayError(f"no seat {bad[0]} at a {r.players}-player table")
        try:
            make_bot(opts.bots, 0)  # an unknown kind fails here, before any move
        except ValueError as e:
            raise PlayError(f"--bots: {e}") from None
        self.hands: list[HandRecord] = []
        self.totals: list[int] = [0] * r.sides
        self.winner: int | None = None
        self.game_over = False
        self.state: State = State.__new__(State)
        self.record_path: Path | None = None
        self._file: RecordFile | None = None
        self._asker: int | None = None
        """A seat that has asked to go out and waits for the answer: the question is written
        to the record with its answer (``N ask yes``), as the notation has it."""
        self.refusals: dict[str, Refusal] = {}
        """Every rule code refused in this game, for ``?``."""
        self.notes: list[str] = []
        """What resuming noticed about the record and worked around (a last line cut short)."""

    # -------------------------------------------------------------- starting
    @classmethod
    def new(cls, opts: Options, record: str | Path | None = None) -> Session:
        s = cls(opts, load(opts.ref, opts.sets))
        s._set_record(record)
        s._deal(first_dealer(opts.seed, s.rules.players))
        return s

    @classmethod
    def resume(cls, path: str | Path, bots: str | None = None) -> Session:
        """The game recorded in ``path`` (written by ``canasta play``), ready to go on.

        A last line without its end of line is what a write stopped part-way leaves: it is left
        out (and said so in ``notes``), and the next save writes the record whole without it."""
        text, torn = read_record_text(str(path))
        doc = parse(text, str(path))
        rp = replay(doc)
        tags = {t.name: t.value for t in doc.tags()}
        if "Seed" not in tags:
            raise PlayError(
                f"{path}: the record has no Seed tag; only a game started by 'canasta play' "
                "can be resumed"
            )
        seats = rp.seats
        humans: set[int] = set()
        kinds: set[str] = set()
        for entry in tags.get("Players", "").split(","):
            seat, _, who = entry.strip().partition(" ")
            if seat in seats and who.strip() == HUMAN:
                humans.add(seats.index(seat))
            elif seat in seats and who.strip():
                kinds.add(who.strip())
        kind = bots or (sorted(kinds)[0] if kinds else "greedy")
        ref, sets = doc.ruleset()
        opts = Options(
            ref=ref,
            sets=sets,
            players=rp.rules.players,
            seed=int(tags["Seed"]),
            humans=frozenset(humans),
            bots=kind,
        )
        s = cls(opts, rp.loaded)
        s._set_record(path)
        if torn is not None:
            s.notes.append(torn_note(str(path), torn))
        for h in rp.hands:
            if h.seed != hand_seed(opts.seed, h.number):
                raise PlayError(
                    f"{path}: hand {h.number} is not dealt from the game's seed; "
                    "'canasta play' resumes only its own records"
                )
            end = h.end
            assert end is not None
            rec = HandRecord(h.number, h.dealer, list(h.scores_before), h.start, list(h.moves))
            rec.end = end
            rec.score = h.score or []
            s.hands.append(rec)
        s.totals = list(rp.totals)
        s.game_over = rp.game_over
        s.winner = rp.winner
        if s.hands:
            s.state = s.hands[-1].end or s.hands[-1].start.copy()
            if s.state.over and not s.game_over:
                s.next_hand()
        else:
            s._deal(first_dealer(opts.seed, s.rules.players))
        return s

    def _set_record(self, path: str | Path | None) -> None:
        self.record_path = Path(path) if path is not None else None
        self._file = RecordFile(self.record_path) if self.record_path is not None else None

    def _deal(self, dealer: int) -> None:
        number = len(self.hands) + 1
        st = deal(self.rules, hand_seed(self.opts.seed, number), dealer, list(self.totals), number)
        self.hands.append(HandRecord(number, dealer, list(self.totals), st.copy()))
        self.state = st
        self.hands[-1].end = st

    def next_hand(self) -> None:
        """Deal the next hand (after a finished one, while the game goes on)."""
        if self.game_over:
            raise PlayError("the game is over")
        if not self.state.over:
            raise PlayError("the hand is not over yet")
        self._deal(self.rules.next_seat(self.hands[-1].dealer))
        h = self.hand
        seed = hand_seed(self.opts.seed, h.number)
        self._append(["", header_line(h.number, self.seats[h.dealer], seed)])

    # -------------------------------------------------------------- queries
    @property
    def hand(self) -> HandRecord:
        return self.hands[-1]

    @property
    def actor(self) -> int:
        return self.state.actor

    def is_human(self, seat: int) -> bool:
        return seat in self.opts.humans

    @property
    def human_to_move(self) -> bool:
        return not self.state.over and self.is_human(self.state.actor)

    @property
    def hand_over(self) -> bool:
        return self.state.over

    @property
    def last_score(self) -> list[SideScore]:
        return self.hand.score

    def minimums(self) -> list[int]:
        return [self.state.minimum(side) for side in range(self.rules.sides)]

    def legal_texts(self) -> list[str]:
        """The canonical legal moves here, as a person would type them."""
        s = self.state
        return [move_text(self.seats, s.actor, m) for m in legal_moves(s)]

    # -------------------------------------------------------------- moves
    def play(self, m: Move) -> Move:
        """Check and apply one move (IllegalMove if refused); the record is saved after it."""
        s = self.state
        if s.over:
            raise IllegalMove(Refusal("hand.over", "", "the hand is over"))
        ref = refusal(s, m)
        if ref is not None:
            raise self._refused(ref, move_text(self.seats, s.actor, m))
        actor = s.actor
        top = s.pile[-1] if isinstance(m, TakePile) and s.pile else None
        done = apply_unchecked(s, m)
        self.hand.moves.append((actor, done))
        if s.over:
            self._finish_hand()
        self._record(actor, done, top)
        return done

    def parse_moves(self, text: str) -> list[Move]:
        """The engine moves a typed line stands for (NotationError if it does not read).

        A line holds one or more actions in the notation, with or without the seat
        (``draw``, ``meld 7c 7d 7s, 4c 4d 2d discard 6s``); ``ask`` asks partner, and ``yes`` or
        ``no`` is the partner's answer."""
        s = self.state
        words = text.split()
        if words and words[0].upper() in self.seats:
            named = words[0].upper()
            if named != self.seats[s.actor]:
                # A move typed for another seat is refused, never played for the one to move.
                msg = f"it is {seat_word(self.seats[s.actor])}'s turn, not {seat_word(named)}'s"
                raise self._refused(Refusal("turn.out_of_turn", "", msg), " ".join(words))
            words = words[1:]
        low = [w.lower() for w in words]
        if low == ["ask"]:
            return [Ask()]
        if low in (["yes"], ["no"], ["answer", "yes"], ["answer", "no"]):
            return [Answer(low[-1] == "yes")]
        if not words:
            raise NotationError("type a move, such as 'draw' or 'discard 4c'", "<move>", 1, 1)
        if low[0] not in ACTIONS:
            raise NotAMove(self._not_a_move(words[0]), "<move>", 1, 1)
        seat = self.seats[s.actor]
        line = f"{seat} {' '.join(words)}"
        try:
            doc = parse(line + "\n", "<move>")
        except NotationError as e:
            # columns count from the seat the program added
            raise NotationError(e.message, "<move>", 1, max(1, e.column - len(seat) - 1)) from None
        turn = doc.lines[0].item if doc.lines else None
        if not isinstance(turn, A.Turn):
            raise NotationError("expected a move, such as 'discard 4c'", "<move>", 1, 1)
        moves: list[Move] = []
        for act in turn.actions:
            if isinstance(act, A.AskAct):
                raise NotationError(
                    "type 'ask'; your partner answers 'yes' or 'no'", "<move>", 1, 1
                )
            top = act.top if isinstance(act, A.TakeAct) else None
            if top is not None and s.pile and top != s.pile[-1]:
                msg = f"the top of the pile is {C.name(s.pile[-1])}, not {C.name(top)}"
                raise self._refused(Refusal("pile.top_mismatch", "", msg), act.text)
            moves.extend(act.moves)
        return moves

    def _not_a_move(self, word: str) -> str:
        """A typed line whose first word is neither an action nor a command: both, briefly
        (the actions this ruleset has), with the closest word where one is close."""
        r = self.rules
        actions = ["draw", "take", "meld", "add", "discard"]
        actions += ["ask"] * r.permission + ["expose"] * r.red3_first_turn + ["foot"] * r.foot
        from difflib import get_close_matches

        close = get_close_matches(word.lower(), [*actions, *COMMANDS], n=1)
        mean = f"; did you mean '{close[0]}'?" if close else "."
        # Brief, so that the line fits where a piped game stops on it: the words unquoted, as
        # 'help' lists them.
        return (
            f"{quoted(word)} is not a move or a command{mean} Moves: {', '.join(actions)}. "
            f"Commands: {', '.join(COMMANDS_SHOWN)}."
        )

    def play_text(self, text: str) -> list[Move]:
        """Play a typed line: every action is checked first (on a copy), then all are applied,
        so a refused line changes nothing."""
        moves = self.parse_moves(text)
        trial = self.state.copy()
        owner = trial.turn  # the turn the line plays in (the asker's while partner answers)
        for m in moves:
            if trial.over:
                raise IllegalMove(Refusal("hand.over", "", "the hand is over"))
            ref = refusal_on_line(trial, owner, m)
            if ref is not None:
                way = legal_way(self.state, moves)
                raise self._refused(ref, move_text(self.seats, trial.actor, m), way)
            apply_unchecked(trial, m)
        return [self.play(m) for m in moves]

    def _refused(
        self, ref: Refusal, text: str, legal: tuple[str, str] | None = None
    ) -> IllegalMove:
        self.refusals[ref.code] = ref
        return IllegalMove(ref, text, legal)

    # -------------------------------------------------------------- undo
    def undo(self) -> Undone:
        """Take back the last turn a person played, and every move after it (the bots'), back
        to the start of that turn; a turn part-played is taken back to its start. A hand with no
        turn of a person's yet is taken back whole, into the hand before it (whose score is
        then taken back too). The record is written whole without the moves taken back.

        Returns what was taken back (:class:`Undone`); PlayError if no person has played yet."""
        for back in range(len(self.hands) - 1, -1, -1):
            h = self.hands[back]
            starts = self._turn_starts(h)
            start = next((i for i in reversed(starts) if self.is_human(h.moves[i][0])), None)
            if start is not None:
                break
        else:
            raise PlayError("nothing to take back: no turn of yours has been played yet")
        later = sum(1 for i in starts if i > start)
        later += sum(len(self._turn_starts(x)) for x in self.hands[back + 1 :])
        before = len(self.hands)
        scored = bool(h.score)
        partial = not later and not scored
        taken = len(h.moves) - start + sum(len(x.moves) for x in self.hands[back + 1 :])
        del self.hands[back + 1 :]
        del h.moves[start:]
        s = h.start.copy()
        for _, m in h.moves:
            apply_unchecked(s, m)
        self.state = h.end = s
        h.score = []
        self.totals = list(h.scores_before)
        self.game_over = False
        self.winner = None
        self._asker = None
        self.save()
        return Undone(s.turn, taken, later, partial, scored, back + 1 < before)

    @staticmethod
    def _turn_starts(h: HandRecord) -> list[int]:
        """The indexes in ``h.moves`` where a turn begins."""
        s = h.start.copy()
        starts: list[int] = []
        prev = -1
        for i, (_, m) in enumerate(h.moves):
            if s.turn != prev:
                starts.append(i)
            prev = s.turn
            apply_unchecked(s, m)
        return starts

    def bot_move(self) -> tuple[int, Move]:
        """Let the bot in the seat to move play once."""
        s = self.state
        seed = (self.opts.seed * 1_000_003 + self.hand.number) * 10_007 + len(self.hand.moves)
        bot: Bot = make_bot(self.opts.bots, seed)
        actor = s.actor
        return actor, self.play(bot(s.copy()))

    def run_bots(self) -> list[tuple[int, Move, int | None]]:
        """Bots move until a person must, or the hand ends: each move with its seat and, for a
        pickup, the top card it took (which the table saw)."""
        done: list[tuple[int, Move, int | None]] = []
        while not self.state.over and not self.is_human(self.state.actor):
            top = self.state.pile[-1] if self.state.pile else None
            actor, m = self.bot_move()
            done.append((actor, m, top if isinstance(m, TakePile) else None))
        return done

    def _finish_hand(self) -> None:
        s = self.state
        rec = self.hand
        rec.end = s
        rec.score = score_hand(s)
        self.totals = [a + b.total for a, b in zip(self.totals, rec.score, strict=True)]
        best = max(self.totals)
        if best >= self.rules.target and self.totals.count(best) == 1:
            self.game_over = True
            self.winner = self.totals.index(best)
        elif rec.number >= self.rules.max_hands:
            self.game_over = True

    # -------------------------------------------------------------- the record
    def record_text(self) -> str:
        """The whole record of the game so far, a turn a line (as ``canasta fmt`` writes it)."""
        return whole_text(self)

    def save(self) -> None:
        """Write the record whole (atomically): at the start, after an undo, at the game's end."""
        if self._file is not None:
            self._file.write_whole(self.record_text())

    def _append(self, lines: list[str]) -> None:
        """Append whole lines to the record, or write it whole if the file is not as left."""
        if self._file is not None and not self._file.append("".join(x + "\n" for x in lines)):
            self.save()

    def _record(self, actor: int, m: Move, top: int | None) -> None:
        """Write one move just played (``top``: the pile's top card it took, if a pickup)."""
        if self._file is None:
            return
        if self.game_over:
            self.save()  # the Result tag heads the record
            return
        if isinstance(m, Ask):
            self._asker = actor  # written with its answer
            return
        moves: list[tuple[int, Move]] = [(actor, m)]
        if isinstance(m, Answer) and self._asker is not None:
            moves.insert(0, (self._asker, Ask()))
            self._asker = None
        lines = [move_line(self.seats, moves, top)]
        if self.state.over:
            scores = [sc.total for sc in self.hand.score]
            lines += score_lines(self.sides, scores, self.totals)
        self._append(lines)
