"""Rulings: is this move legal in this position, and which rule (and source) says so.

The answer's first word is ``legal`` or ``refused`` (never ``illegal``, which contains
``legal``), so a script can read it with a plain string comparison; :meth:`Verdict.as_json` gives
the same answer as data. :func:`rule_under` asks one question under several rulesets.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .. import cards as C
from ..engine.apply import apply_unchecked
from ..engine.checks import talon_size
from ..engine.legality import refusal_on_line
from ..engine.moves import Discard, Draw, Foot, Move, TakePile
from ..engine.owed import Owed, owed
from ..engine.state import Phase, State, TableMeld
from ..errors import CanastaError, NotationError, Refusal
from ..seats import seat_names, seat_word
from ..sources import cite
from ..variant.compare import flatten_at, show_value
from ..variant.spoken import setting_words
from . import ast as A
from .position import ReadPosition, answering, read_position, unseen_foot
from .reading import parse
from .wording import TO_DO, hand_ended, worded

if TYPE_CHECKING:
    from .remedy import Suggestion
    from .unseen import Depends


@dataclass(frozen=True)
class Verdict:
    legal: bool
    refusal: Refusal | None
    text: str
    """The ruling in words: 'legal' (or 'legal so far:' and what the turn still owes), or
    'refused: ' and the reason, the parameter with its value in this ruleset, the source, and a
    legal form of the move where there is one; then any fact about unseen cards it depends on."""
    value: str | None = None
    """The refusing parameter's value in this ruleset, as a variant file writes it."""
    source: str | None = None
    """The sources behind that parameter's value (and the note), if the variant gives them."""
    before: State | None = field(default=None, repr=False)
    after: State | None = field(default=None, repr=False)
    """The position after the move (a legal move only)."""
    moves: tuple[tuple[int, Move], ...] = ()
    """The engine moves of a legal move, as applied (seat, move)."""
    owed: tuple[Owed, ...] = ()
    """What the turn still owes after a legal move (engine/owed.py)."""
    depends: tuple[Depends, ...] = ()
    """Facts about unseen cards the answer takes for granted."""
    remedy: Suggestion | None = None
    """For a refused move: a legal form with the same intent, if there is one."""
    unnamed: str = ""
    """For a legal draw from a stock of unknown order that names no card ("may I draw?"): that
    nothing after the draw is judged, and how to go on; ``after`` is then None."""

    @property
    def word(self) -> str:
        return "legal" if self.legal else "refused"

    def as_json(self) -> dict[str, Any]:
        ref = self.refusal
        return {
            "verdict": self.word,
            "legal": self.legal,
            "code": ref.code if ref else None,
            "reason": ref.message if ref else None,
            "parameter": (ref.parameter or None) if ref else None,
            "value": self.value,
            "source": self.source,
            "owed": [o.as_json() for o in self.owed],
            "depends": [d.as_json() for d in self.depends],
            "remedy": self.remedy.as_json() if self.remedy else None,
            "unnamed": self.unnamed or None,
        }


def _text(
    head: str,
    owed: Sequence[Owed] = (),
    depends: Sequence[Depends] = (),
    remedy: Suggestion | None = None,
) -> str:
    """A ruling's words: ``head`` ('legal', or the refusal's lines), then what the turn still
    owes (the first word stays 'legal': 'legal so far: ...'), a legal form of a refused move,
    and the facts about unseen cards the answer depends on."""
    lines = head.split("\n")
    if owed:
        lines[0] = f"legal so far: {owed[0].message}"
        lines[1:1] = [f"and {o.message}" for o in owed[1:]]
    if remedy is not None:
        lines.append(f"legal instead: {remedy.text} ({remedy.why})")
    lines.extend(f"depends on: {d.text}" for d in depends)
    return "\n".join(lines)


def _with_seat(pos: ReadPosition, move: str) -> tuple[str, int]:
    """The move as a turn line (the seat to move put in front where it is not written), and how
    far its columns lie right of the same characters in ``move`` as typed."""
    names = seat_names(pos.rules.players)
    text = move.strip()
    shift = -(len(move) - len(move.lstrip()))
    if not text or text.split()[0] not in names:
        seat = names[pos.state.actor]
        text = f"{seat} {text}"
        shift += len(seat) + 1
    return text, shift


def _move_line(text: str) -> A.Turn:
    doc = parse(text + "\n", "<move>")
    turn = doc.lines[0].item if len(doc.lines) == 1 else None
    if not isinstance(turn, A.Turn):
        raise NotationError("expected one move, such as 'discard 4c'", "<move>", 1, 1)
    return turn


def rule_on(pos: ReadPosition, move: str) -> Verdict:
    """Rule on ``move`` (notation text, with or without the seat) in position ``pos``.

    The move may be several actions (``draw 7s discard 4c``): they are checked in order and the
    first illegal one is the ruling. The position itself is not changed. A slip in the move is a
    NotationError whose column counts in ``move`` as typed."""
    text, shift = _with_seat(pos, move)
    try:
        return _rule_on(pos, text)
    except NotationError as e:
        if e.file != "<move>" or shift == 0:
            raise
        raise NotationError(e.message, "<move>", e.line, max(1, e.column - shift)) from None


def _rule_on(pos: ReadPosition, text: str) -> Verdict:
    turn = _move_line(text)
    s = pos.state.copy()
    names = seat_names(pos.rules.players)
    if s.over:
        ended = Refusal("hand.over", "", "the hand is over; nothing more can be played")
        return _refused(pos, ended)
    asker = s.phase == Phase.ANSWER and turn.seat == names[s.turn]
    if turn.seat != names[s.actor] and not asker:
        wrong = Refusal(
            "turn.out_of_turn",
            "",
            f"it is {seat_word(names[s.actor])}'s turn, not {seat_word(turn.seat)}'s",
        )
        return _refused(pos, wrong)
    mover = names.index(turn.seat)
    owner = s.turn  # the turn the move plays in (the asker's while partner answers)
    done: list[tuple[int, Move]] = []
    depends: list[Depends] = list(pos.depends)  # from the turn lines after the position
    blind = False  # a foot written as a count was taken up: nothing after it can be judged
    unseen = pos.unseen
    steps = [(act, m) for act, moves in answering(s, turn) for m in moves]
    for i, (act, m) in enumerate(steps):
        if isinstance(act, A.TakeAct) and act.top is not None and s.pile and act.top != s.pile[-1]:
            msg = f"the top of the pile is {C.name(s.pile[-1])}, not {C.name(act.top)}"
            bad = Refusal("pile.top_mismatch", "", msg)
            return _refused(pos, bad, tuple(depends))
        hidden = pos.blind_move(s, m)
        if hidden is not None:
            raise NotationError(hidden, "<move>", act.at.line, act.at.column)
        if pos.unseen_hands:  # what the answer rests on about cards nobody has seen
            from .unseen import stock_facts

            depends.extend(stock_facts(pos, s, m, unseen))
        unseen = pos.prepare(s, m, unseen)
        ref = unseen_foot() if blind else refusal_on_line(s, owner, m)
        if ref is not None and i == len(steps) - 1 and _unnamed_draw(ref, m):
            return _may_draw(pos, s, tuple(depends))
        if ref is not None:
            _name_the_cards(s, act, m, ref)
            remedy = None
            if not blind:
                # The acts before the refused one stay as written; the refused one and those
                # after it give way to the legal form.
                acts = {
                    id(a): a for a, _ in steps[:i]
                }.values()  # by identity: nodes are unhashable
                before = [a.text for a in acts if a is not act]
                remedy = _remedy(s, m, [x for _, x in steps[i + 1 :]], before)
            return _refused(pos, worded(s, m, ref), tuple(depends), remedy)
        blind = blind or pos.takes_unseen_foot(s, m)
        actor = s.actor
        done.append((actor, apply_unchecked(s, m)))
    owing: tuple[Owed, ...] = ()
    if s.turn == mover and not blind:
        known = not pos.hidden(s, mover)
        owing = owed(s, known)
        if not known:
            from .unseen import turn_facts

            depends.extend(turn_facts(pos, s))
    return Verdict(
        True,
        None,
        _text("legal", owing, depends),
        before=pos.state,
        after=s,
        moves=tuple(done),
        owed=owing,
        depends=tuple(depends),
    )


def _remedy(s: State, m: Move, rest: list[Move], before: list[str]) -> Suggestion | None:
    """A legal form of refused move ``m`` (and the moves written after it) in ``s``, written
    after the actions ``before`` it as they were written."""
    # Loaded with a refusal only: a legal ruling needs neither the search nor the writer.
    from ..engine.remedy import legal_form
    from .remedy import Suggestion, line_text

    found = legal_form(s, m, rest)
    if found is None:
        return None
    return Suggestion(found, " ".join([*before, line_text(s, found.moves)]))


def _unnamed_draw(ref: Refusal, m: Move) -> bool:
    """A draw that names no card from a stock whose order is unknown: the engine refuses it only
    for want of the card (every other rule of the draw is checked first), so drawing is legal."""
    return ref.code == "draw.cards_unknown" and isinstance(m, Draw) and m.cards is None


def _may_draw(pos: ReadPosition, s: State, depends: tuple[Depends, ...]) -> Verdict:
    """ "May I draw?" asked without the card, as a player at the table asks it: legal, and
    nothing after the draw judged, since what follows depends on the card."""
    n = min(s.rules.draw_count, len(s.stock))
    what = "the card drawn is not named" if n == 1 else f"the {n} cards drawn are not named"
    them = "it" if n == 1 else "them"
    lines = [
        f"{what}, so nothing after the draw is judged",
        f"to ask about the rest of the turn, name {them}, as in 'draw {_example(s, n)}'",
    ]
    note = "; ".join(lines)
    text = _text("\n".join(["legal", *lines]), (), depends)
    return Verdict(True, None, text, before=pos.state, depends=depends, unnamed=note)


def _name_the_cards(s: State, act: A.Action, m: Move, ref: Refusal) -> None:
    """A draw (or a talon) that names no cards from a stock whose order is unknown is not
    refused by a rule: it is legal once its cards are named, so the move is an input error that
    says what to write (exit status 2), never a ``refused`` a script would take for a ruling."""
    if ref.code == "draw.cards_unknown" and isinstance(m, Draw) and m.cards is None:
        n = min(s.rules.draw_count, len(s.stock))
        what = "the card drawn" if n == 1 else f"the {n} cards drawn"
        write = f"draw {_example(s, n)}"
    elif ref.code == "talon.cards_unknown" and isinstance(m, Discard) and m.talon is None:
        n = talon_size(s)
        what = f"the talon's {n} cards"
        write = f"discard {C.name(m.card)} talon {_example(s, n)}"
    else:
        return
    raise NotationError(
        f"name {what}, as in '{write}': the order of this stock is not known",
        "<move>",
        act.at.line,
        act.at.column,
    )


def _example(s: State, n: int) -> str:
    """``n`` cards the stock may give, for an example: different unseen cards of the ranks four
    to ace where the stock has enough, else any but bonus threes (a draw lays those down and
    replaces them)."""
    bonus = s.rules.bonus
    plain = sorted({c for c in s.stock if C.RANK_OF[c] in C.NATURAL_RANKS}, key=C.sort_key)
    if len(plain) < n:
        plain = sorted((c for c in s.stock if not bonus[c]), key=C.sort_key)
    return C.names(plain[:n]) if len(plain) >= n else " ".join(["CARD"] * n)


def _parameter_value(pos: ReadPosition, parameter: str) -> str:
    flat = flatten_at(pos.loaded.variant, parameter)
    if parameter in flat:
        return show_value(flat[parameter])
    # A table of parameters (a rule with several fields): show its fields.
    inner = {k[len(parameter) + 1 :]: v for k, v in flat.items() if k.startswith(parameter + ".")}
    if inner:
        return "{" + ", ".join(f"{k} = {show_value(v)}" for k, v in inner.items()) + "}"
    return "not set in this ruleset"


def _refused(
    pos: ReadPosition,
    ref: Refusal,
    depends: tuple[Depends, ...] = (),
    remedy: Suggestion | None = None,
) -> Verdict:
    lines = [f"refused: {ref}"]
    if not ref.parameter:
        lines.append("rule: the same in every ruleset (no setting changes it)")
        text = _text("\n".join(lines), (), depends, remedy)
        return Verdict(False, ref, text, depends=depends, remedy=remedy)
    shown = _parameter_value(pos, ref.parameter)
    # The setting in words for the player; its key (for a rule writer) in brackets, and the
    # file's value in --json ("value").
    said = setting_words(ref.parameter, flatten_at(pos.loaded.variant, ref.parameter))
    lines.append(f"setting: {said} ({ref.parameter})")
    prov = pos.loaded.provenance(ref.parameter)
    source = None
    if prov is not None:
        pinned = " (pinned reading)" if prov.pinned else ""
        cited = ", ".join(cite(x) for x in prov.sources)
        source = f"{cited}{pinned}: {prov.note}"
        lines.append(f"source: {source}")
    text = _text("\n".join(lines), (), depends, remedy)
    return Verdict(False, ref, text, shown, source, depends=depends, remedy=remedy)


@dataclass(frozen=True)
class RulingRow:
    """One ruleset's answer in a ruling under several rulesets."""

    ruleset: str
    verdict: Verdict | None
    error: str | None = None
    """Why the question cannot be put under this ruleset (the position does not fit it)."""
    exception: CanastaError | None = None


def rule_under(
    doc: A.Document, move: str, rulesets: Sequence[str | None], sets: tuple[str, ...] = ()
) -> list[RulingRow]:
    """The ruling on ``move`` in the position ``doc`` under each ruleset (None: the position's
    own). A position that does not fit a ruleset (too many cards for its pack, a meld it does
    not allow) gives that row an error instead of a verdict; the other rows are still answered.
    A move that cannot be read is an error for every ruleset, so it is raised."""
    rows: list[RulingRow] = []
    for ref in rulesets:
        label = ref if ref is not None else doc.ruleset(None)[0]
        try:
            pos = read_position(doc, ref, sets)
        except CanastaError as e:
            rows.append(RulingRow(label, None, str(e), e))
            continue
        rows.append(RulingRow(label, rule_on(pos, move)))
    return rows


_SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")  # in the order of cards.SUITS


def _meld_words(m: TableMeld) -> str:
    """How the consequences name a meld: its rank, "wild cards", or the run and its suit."""
    from .. import cards as C
    from ..engine.meldkinds import rank_name
    from ..engine.rules import RUN, WILD

    if m.kind == WILD:
        return "wild cards"
    if m.kind == RUN:
        return f"run of {_SUIT_WORDS[m.suit]} from {C.RANK_CHARS[m.low]} to {C.RANK_CHARS[m.high]}"
    return rank_name(m.rank)


def _table_changes(before: State, after: State) -> list[str]:
    """The melds, canastas and red threes that changed from ``before`` to ``after``, in words."""
    from ..engine.canastas import KINDS, NOT_A_CANASTA, bonus_of, kind_of
    from ..engine.rules import GROUP, WILD
    from ..seats import side_names, side_word

    r = before.rules
    sides = [side_word(x) for x in side_names(r.players, r.sides)]
    out: list[str] = []
    for side in range(r.sides):
        old, new = before.melds[side], after.melds[side]
        for key, m in new.items():
            was = old.get(key)
            what = _meld_words(m)
            if was is None and any(o.cards == m.cards for o in old.values()):
                continue  # a closed canasta set aside by a new meld of its rank
            if was is not None and was.cards != m.cards[: len(was.cards)]:
                was = None  # the key now holds a new meld; the old one was set aside
            if was is None:
                out.append(f"{sides[side]} melds {what}: {C.names(m.cards)}")
            elif len(m.cards) != len(was.cards):
                added = C.names(m.cards[len(was.cards) :])
                out.append(f"{sides[side]} adds {added} to the {what}")
            now = kind_of(r, m)
            was_kind = NOT_A_CANASTA if was is None else kind_of(r, was)
            of = f" of {what}" if m.kind == GROUP else ("" if m.kind == WILD else f": the {what}")
            if now != NOT_A_CANASTA and was_kind == NOT_A_CANASTA:
                out.append(f"{sides[side]} completes a {KINDS[now]} canasta{of}")
            elif was is not None and now != was_kind != NOT_A_CANASTA:
                # A wild card added to a natural canasta: it turns mixed and earns less.
                then_bonus, now_bonus = bonus_of(r, was, was_kind), bonus_of(r, m, now)
                out.append(
                    f"{sides[side]}'s {KINDS[was_kind]} canasta{of} turns {KINDS[now]} "
                    f"({KINDS[was_kind]} {then_bonus} \u2192 {KINDS[now]} {now_bonus} bonus)"
                )
        if len(after.red3[side]) > len(before.red3[side]):
            laid = C.names(after.red3[side][len(before.red3[side]) :])
            out.append(f"{sides[side]} lays down red three {laid}")
    return out


def _feet_taken(before: State, after: State) -> list[str]:
    """The feet taken up from ``before`` to ``after``, in words."""
    r = before.rules
    seats = [seat_word(x) for x in seat_names(r.players)]
    out: list[str] = []
    for p in range(r.players):
        if r.foot and before.feet[p] and not after.feet[p]:
            n = len(before.feet[p])
            out.append(f"{seats[p]} takes up the foot ({n} card{'s' if n != 1 else ''})")
    return out


def consequences(
    before: State, after: State, moves: Sequence[tuple[int, Move]] | None = None
) -> list[str]:
    """What a legal move changed, in words: melds and canastas, the pile, the stock, the hand's
    end. (The score of an ended hand is for the caller to print.) ``moves``, the engine moves
    applied, say what happened to the pile; without them it is read from the two states (a
    position's unseen pile cards may be exchanged with the stock's, so the moves are surer)."""
    r = before.rules
    seats = [seat_word(x) for x in seat_names(r.players)]
    out: list[str] = []
    foot_at = next((i for i, (_, mv) in enumerate(moves or ()) if isinstance(mv, Foot)), -1)
    if moves is not None and foot_at >= 0:
        # The foot taken up comes between the melds laid before it and those laid from its
        # cards: the table is compared on each side of it.
        pre = before.copy()
        for _, mv in moves[:foot_at]:
            apply_unchecked(pre, mv)
        out += _table_changes(before, pre)
        out += _feet_taken(before, after)
        out += _table_changes(pre, after)
    else:
        out += _table_changes(before, after)
        out += _feet_taken(before, after)
    if moves is not None:
        for _, mv in moves:
            if isinstance(mv, TakePile):
                taken = len(before.pile)
                out.append(f"the pile is taken ({taken} card{'s' if taken != 1 else ''})")
            elif isinstance(mv, Discard):
                out.append(f"{C.name(mv.card)} is discarded")
    elif after.pile != before.pile:
        if len(after.pile) < len(before.pile):
            taken = len(before.pile)
            out.append(f"the pile is taken ({taken} card{'s' if taken != 1 else ''})")
        elif after.pile:
            out.append(f"{C.name(after.pile[-1])} is discarded")
    if after.frozen != before.frozen:
        out.append("the pile is now frozen" if after.frozen else "the pile is no longer frozen")
    if len(after.stock) != len(before.stock):
        out.append(f"the stock goes from {len(before.stock)} to {len(after.stock)} cards")
    if after.over and not before.over:
        if after.out_player >= 0:
            how = " concealed" if after.concealed else ""
            out.append(f"{seats[after.out_player]} goes out{how}: the hand ends")
        else:
            out.append(f"the hand ends: {hand_ended(after.end_reason)}")
    elif after.actor != before.actor or after.phase != before.phase:
        out.append(f"{seats[after.actor]} is {TO_DO[after.phase]}")
    return out
