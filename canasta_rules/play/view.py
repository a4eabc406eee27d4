"""What a player sees at the table, in words: used by the line mode and by the Textual screen.

Everything here reads the engine's public state; nothing decides a rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import cards as C
from ..engine.moves import Draw, Expose, Foot, Move, TakePile
from ..engine.rules import GROUP
from ..engine.scoring import OPTIONAL_ROWS, SideScore
from ..engine.state import Phase, State, TableMeld
from ..notation.wording import how_ended
from ..seats import seat_word, side_word
from .session import Session, move_text

PHASE_WORDS = {
    Phase.EXPOSE: "lay down red threes",
    Phase.DRAW: "draw or take the pile",
    Phase.PLAY: "meld, then discard",
    Phase.ANSWER: "answer: may partner go out? (yes/no)",
    Phase.OVER: "the hand is over",
    Phase.FOOT: "take up your foot (foot)",
}

_FREEZERS = {
    "joker": "a joker",
    "two": "a two",
    "red_three": "a red three",
    "black_three": "a black three",
}


def public_text(seats: tuple[str, ...], actor: int, m: Move, top: int | None = None) -> str:
    """A move as the other players see it: drawn cards hidden, a pickup's top card shown
    (``take 7h with 7c 7d``), as the record writes it."""
    if isinstance(m, Draw) and m.cards:
        m = Draw(None)
    elif isinstance(m, Expose) and m.replacements:
        m = Expose(None)
    elif isinstance(m, Foot) and m.replacements:
        m = Foot(None)
    elif isinstance(m, TakePile) and m.replacements:
        m = TakePile(m.shown, m.melds, None, m.onto)
    text = move_text(seats, actor, m)
    if top is not None and isinstance(m, TakePile) and text.startswith("take"):
        text = f"take {C.name(top)}" + text[len("take") :]
    return text


def hand_groups(s: State, seat: int) -> tuple[list[int], list[int]]:
    """A seat's cards sorted by rank, and its wild cards apart (twos, then jokers)."""
    cards = s.hand_cards(seat)
    naturals = [c for c in cards if not C.is_wild(c)]
    wilds = sorted((c for c in cards if C.is_wild(c)), key=C.sort_key)
    return naturals, wilds


def hand_text(s: State, seat: int) -> str:
    naturals, wilds = hand_groups(s, seat)
    text = C.names(naturals)
    if wilds:
        text += ("  |  " if naturals else "") + "wild: " + C.names(wilds)
    return text or "(no cards)"


def meld_kind(s: State, m: TableMeld) -> str:
    """'natural canasta', 'mixed canasta' or '' for a meld that is not a canasta."""
    if not s.rules.is_canasta(m.naturals, m.size):
        return ""
    return "mixed canasta" if m.wilds else "natural canasta"


def meld_texts(s: State, side: int) -> list[str]:
    """Each of the side's melds: its cards, and a canasta as the table sees one, squared up:
    its rank, its kind and size and the wild cards in it (``kings: mixed canasta of 8, 2c Jk``),
    which is what its points are counted from."""
    out = []
    for _, m in sorted(s.melds[side].items()):
        cards = sorted(m.cards, key=lambda c: (C.is_wild(c), C.sort_key(c)))
        kind = meld_kind(s, m)
        if kind and m.kind == GROUP and m.rank in C.RANK_WORDS:
            wild = ", " + C.names(c for c in cards if C.is_wild(c)) if m.wilds else ""
            out.append(f"{C.rank_word(m.rank, plural=True)}: {kind} of {m.size}{wild}")
        else:
            out.append(C.names(cards) + (f"  [{kind}]" if kind else ""))
    return out


def _cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def pile_text(s: State, seat: int) -> str:
    """The pile's top card, its size, and whether and why it is frozen (for ``seat``)."""
    if not s.pile:
        return "pile: empty"
    top = s.pile[-1]
    head = f"pile: {C.name(top)} on top, {_cards(len(s.pile))}"
    if s.frozen:
        kind = C.kind_of(s.freeze_card) if s.freeze_card >= 0 else None
        why = f" ({_FREEZERS[kind]} is in it)" if kind in _FREEZERS else ""
        state = f"frozen{why}"
    elif s.start_frozen(s.side_of[seat]):
        state = "frozen against you from the start of the hand until your side first takes it"
    elif s.frozen_for(seat):
        state = (
            "frozen against you until you have melded"
            if s.rules.freeze_until_player_melds
            else "frozen against your side until it has melded"
        )
    else:
        state = "not frozen"
    blocked = ""
    if C.is_wild(top) or C.is_red_three(top):
        blocked = "; a wild card or red three on top cannot be taken"
    elif C.is_black_three(top):
        blocked = "; a black three on top cannot be taken"
    return f"{head}: {state}{blocked}"


@dataclass(frozen=True)
class Table:
    """The screen's content for the player ``seat``."""

    title: str
    turn: str
    scores: list[str]
    hand: str
    others: str
    melds: list[tuple[str, list[str], str]]
    """(side, meld lines, red threes)."""
    pile: str
    stock: str


def table_for(sess: Session, seat: int) -> Table:
    s = sess.state
    r = sess.rules
    seats, sides = sess.seats, sess.sides
    mins = sess.minimums()
    who = seats[s.actor]
    person = "you" if sess.is_human(s.actor) else sess.opts.bots
    turn = f"{who} ({person}) to move: {PHASE_WORDS[s.phase]}"
    if s.over:
        turn = "the hand is over"
    scores = []
    for side, name in enumerate(sides):
        # The side this score column plays for now (sides may regroup: seating.forming).
        now = s.side_of[r.members[side][0]]
        opened = f"opened, minimum {mins[side]}" if s.opened[now] else f"needs {mins[side]} to open"
        scores.append(f"{name} {sess.totals[side]} ({opened})")
    others = ", ".join(f"{seats[p]} {s.hand_len[p]}" for p in range(r.players) if p != seat)
    melds = []
    for side, name in enumerate(sides):
        members = s.members(side)
        if not members:
            continue  # its player now plays for a partner's side
        if s.sides_formed:
            name = "+".join(seats[p] for p in members)
        if len(members) > 1 and r.lone_pickup:  # personal red threes: say whose
            reds = ", ".join(
                f"{seats[p]} {C.names(s.red3[r.side_of[p]])}"
                for p in members
                if s.red3[r.side_of[p]]
            )
        else:
            # red3 is kept by the side seated at the deal: each such side once, not per member
            dealt_sides = dict.fromkeys(r.side_of[p] for p in members)
            reds = C.names(c for d in dealt_sides for c in s.red3[d])
        reds = reds or "-"
        melds.append((name, meld_texts(s, side), reds))
    return Table(
        title=f"{r.variant.title}: hand {s.hand_no}, dealer {seats[s.dealer]}",
        turn=turn,
        scores=scores,
        hand=f"{seats[seat]}: {hand_text(s, seat)}",
        others=f"cards held: {others}",
        melds=melds,
        pile=pile_text(s, seat),
        stock=f"stock: {_cards(len(s.stock))}",
    )


def table_lines(sess: Session, seat: int) -> list[str]:
    t = table_for(sess, seat)
    lines = [t.title, "scores: " + "   ".join(t.scores)]
    for name, melds, reds in t.melds:
        lines.append(f"{name} melds: " + ("; ".join(melds) if melds else "-") + f"   red: {reds}")
    lines += [t.pile, t.stock, t.others, t.hand, t.turn]
    return lines


def breakdown_lines(sides: tuple[str, ...], scores: list[SideScore]) -> list[str]:
    """A hand's score, row by row as the sources' tables, in plain text."""
    width = max(len(label) for label, _ in scores[0].rows()) + 2
    lines = ["".ljust(width) + "".join(n.rjust(8) for n in sides)]
    for i, (label, _) in enumerate(scores[0].rows()):
        values = [sc.rows()[i][1] for sc in scores]
        if label in OPTIONAL_ROWS and not any(values):
            continue
        lines.append(label.ljust(width) + "".join(str(v).rjust(8) for v in values))
    lines.append("Total".ljust(width) + "".join(str(sc.total).rjust(8) for sc in scores))
    return lines


def hand_end_lines(sess: Session) -> list[str]:
    """How the hand ended, its score breakdown, the totals and (at the end) the result."""
    s = sess.state
    h = sess.hand
    lines = [f"hand {h.number} over: {how_ended(s, tuple(seat_word(x) for x in sess.seats))}"]
    lines += breakdown_lines(sess.sides, h.score)
    totals = ", ".join(f"{n} {v}" for n, v in zip(sess.sides, sess.totals, strict=True))
    if sess.game_over:
        if sess.winner is not None:
            lines.append(f"result: {side_word(sess.sides[sess.winner])} won, {totals}")
        else:
            lines.append(f"result: no winner after {h.number} hands, {totals}")
    else:
        lines.append(f"totals: {totals}")
    return lines
