"""Writing the canonical text of records and positions.

``format_document`` is what ``canasta fmt`` does: the same lines, comments kept, in canonical
spelling and spacing (cards as ``Kh``, ``Ts``, ``Jk``; single spaces; a blank line before each
hand). Applying it twice gives the same text. ``hand_items`` turns played hands (from a bot game
or a replay) into lines, so a game written, parsed and replayed gives the same game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from .. import cards as C
from ..engine.moves import Answer, Discard, Draw, Expose, Foot, Meld, Move, TakePile
from ..engine.penalties import face_up
from ..engine.position import live_turn, turn_state_of
from ..engine.rules import RUN_REF0, Rules, run_ref_parts
from ..engine.state import Phase, State
from ..seats import seat_names, side_names
from . import ast as A
from .turnwords import entries_of

_NOWHERE = A.Where(0, 0)


def _cards(cards: Iterable[int]) -> str:
    return " ".join(C.name(c) for c in cards)


def _rank(rank: int) -> str:
    """How an ``add`` names its meld: the rank, or for a run a card of it (``5h``)."""
    if rank >= RUN_REF0:
        suit, r = run_ref_parts(rank)
        return C.RANK_CHARS[r] + C.SUITS[suit]
    return C.RANK_CHARS.get(rank, str(rank))


def _action(act: A.Action) -> str:
    if isinstance(act, A.DrawAct):
        return "draw" + (" " + _cards(act.cards) if act.cards else "")
    if isinstance(act, A.TakeAct):
        s = "take"
        if act.top is not None:
            s += " " + C.name(act.top)
        if act.onto:
            suit, rank = run_ref_parts(act.onto)
            s += " on " + C.name(C.card(rank, suit))
        if act.shown:
            s += " with " + _cards(act.shown)
        if act.melds:
            s += " and " + ", ".join(_cards(g) for g in act.melds)
        if act.replacements:
            s += " replace " + _cards(act.replacements)
        return s
    if isinstance(act, A.ExposeAct):
        return "expose" + (" " + _cards(act.replacements) if act.replacements else "")
    if isinstance(act, A.FootAct):
        return "foot" + (" " + _cards(act.replacements) if act.replacements else "")
    if isinstance(act, A.MeldAct):
        adds = [f"{_rank(r)}: {_cards(g)}" for r, g in act.adds]
        if act.verb == "add" and not act.melds:
            return "add " + ", ".join(adds)
        return "meld " + ", ".join([_cards(g) for g in act.melds] + adds)
    if isinstance(act, A.DiscardAct):
        if act.talon:
            return f"discard {C.name(act.card)} talon {_cards(act.talon)}"
        return "discard " + C.name(act.card)
    return "ask " + ("yes" if act.yes else "no")


def action_text(act: A.Action) -> str:
    """One action in canonical notation (``take 7c with 7h 7d``, ``meld Kc Kd Kh``)."""
    return _action(act)


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def format_item(item: A.Item) -> str:
    if isinstance(item, A.Tag):
        return f"[{item.name} {_quote(item.value)}]"
    if isinstance(item, A.HandHeader):
        s = f"hand {item.number}"
        if item.dealer:
            s += f" dealer {item.dealer}"
        if item.seed:
            s += f" seed {item.seed}"
        return s
    if isinstance(item, A.FootLine):
        if item.unseen:
            return f"foot {item.seat}: {item.unseen} unseen"
        return f"foot {item.seat}: " + ("taken" if item.taken else _cards(item.cards))
    if isinstance(item, A.DealLine):
        reds = _cards(item.red_threes) + " | " if item.red_threes else ""
        return f"deal {item.seat}: {reds}{_cards(item.cards)}".rstrip()
    if isinstance(item, A.UpcardLine):
        word = "pile:" if item.word == "pile" else "upcard"
        if item.unseen:
            rest = f", {_cards(item.cards)}" if item.cards else ""
            return f"{word} {item.unseen} unseen{rest}"
        return f"{word} {_cards(item.cards)}".rstrip()
    if isinstance(item, A.Turn):
        return " ".join([item.seat, *(_action(a) for a in item.actions)])
    if isinstance(item, A.Assertion):
        if item.kind in ("score", "total"):
            return item.kind + "".join(f" {s} {v}" for s, v in item.sides)
        if item.kind == "stock":
            return f"stock {item.number}"
        if item.against:
            return "frozen against " + " ".join(item.against)
        return "frozen " + ("yes" if item.flag else "no")
    if isinstance(item, A.PenaltyLine):
        card = "" if item.card is None else " " + C.name(item.card)
        return f"penalty {item.seat} {item.kind}{card}"
    if isinstance(item, A.PosHand):
        if item.unseen:
            rest = f", {_cards(item.cards)}" if item.cards else ""
            return f"hand {item.seat}: {item.unseen} unseen{rest}"
        return f"hand {item.seat}: {_cards(item.cards)}".rstrip()
    if isinstance(item, A.PosMelds):
        return (f"melds {item.side}: " + ", ".join(_cards(g) for g in item.melds)).rstrip()
    if isinstance(item, A.PosRed):
        return f"red {item.side}: {_cards(item.cards)}".rstrip()
    if isinstance(item, A.PosToMove):
        return f"to move: {item.seat} {item.phase}"
    if isinstance(item, A.PosOut):
        return f"out {item.seat}" + (" concealed" if item.concealed else "")
    if isinstance(item, A.PosMelded):
        return "melded: " + " ".join(item.seats) if item.seats else "melded:"
    if isinstance(item, A.PosAsked):
        return "asked: " + " ".join(item.seats) if item.seats else "asked:"
    if isinstance(item, A.PosTaken):
        return "taken: " + " ".join(item.sides) if item.sides else "taken:"
    if isinstance(item, A.PosAlone):
        return f"alone: {item.seat}"
    if isinstance(item, A.PosTurn):
        entries = [" ".join([word, *args]) for word, args, _ in item.entries]
        return "turn: " + ", ".join(entries) if entries else "turn:"
    return ""


def format_document(doc: A.Document) -> str:
    """The canonical text of a parsed document (``canasta fmt``)."""
    out: list[str] = []
    prev: A.Item | None = None
    for ln in doc.lines:
        item = ln.item
        text = format_item(item)
        comment = ln.comment.rstrip() if ln.comment else ""
        if isinstance(item, A.CommentOnly):
            text = comment
        elif comment:
            text = f"{text}  {comment}"
        starts_block = isinstance(item, A.HandHeader) or (
            prev is not None
            and isinstance(prev, A.Tag)
            and not isinstance(item, A.Tag | A.CommentOnly)
        )
        if out and starts_block and out[-1] != "":
            out.append("")
        out.append(text)
        if not isinstance(item, A.CommentOnly):
            prev = item
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n"


# ------------------------------------------------------------------------------------------------
# From played hands to a document


def turn_lines(seats: Sequence[str], moves: Sequence[tuple[int, Move]]) -> list[A.Turn]:
    """Group a hand's moves into turn lines (a partner's answer joins the asker's line)."""
    turns: list[A.Turn] = []
    seat = -1
    acts: list[A.Action] = []
    started = False

    def flush() -> None:
        if acts:
            turns.append(A.Turn(seats[seat], tuple(acts), _NOWHERE))

    for actor, m in moves:
        if isinstance(m, Answer):  # the question and its answer are one action: "ask yes"
            acts.append(A.AskAct(m.yes, _NOWHERE))
            continue
        begins = isinstance(m, Expose) or (
            isinstance(m, Draw | TakePile) and not (started and acts and _only_expose(acts))
        )
        if begins or actor != seat:
            flush()
            acts = []
            seat = actor
            started = True
        if isinstance(m, Draw):
            acts.append(A.DrawAct(m.cards, _NOWHERE))
        elif isinstance(m, TakePile):
            acts.append(
                A.TakeAct(None, m.shown, m.melds, m.replacements or None, _NOWHERE, onto=m.onto)
            )
        elif isinstance(m, Expose):
            acts.append(A.ExposeAct(m.replacements or None, _NOWHERE))
        elif isinstance(m, Meld):
            verb = "add" if not m.melds else "meld"
            acts.append(A.MeldAct(m.melds, m.adds, verb, _NOWHERE))
        elif isinstance(m, Discard):
            acts.append(A.DiscardAct(m.card, _NOWHERE, talon=m.talon))
        elif isinstance(m, Foot):
            acts.append(A.FootAct(m.replacements or None, _NOWHERE))
    flush()
    return turns


def _only_expose(acts: list[A.Action]) -> bool:
    return all(isinstance(a, A.ExposeAct) for a in acts)


def _with_tops(start: State, moves: Sequence[tuple[int, Move]], turns: list[A.Turn]) -> None:
    """Fill in the top card of each pickup (readers like to see what was taken)."""
    from ..engine.apply import apply_unchecked

    s = start.copy()
    tops: list[int] = []
    for _, m in moves:
        if isinstance(m, TakePile):
            tops.append(s.pile[-1])
        apply_unchecked(s, m)
    it = iter(tops)
    for i, t in enumerate(turns):
        acts = tuple(
            A.TakeAct(next(it), a.shown, a.melds, a.replacements, a.at, onto=a.onto)
            if isinstance(a, A.TakeAct)
            else a
            for a in t.actions
        )
        turns[i] = A.Turn(t.seat, acts, t.at)


def deal_lines(start: State) -> list[A.Item]:
    """The written-out deal of a hand's starting state."""
    r = start.rules
    seats = seat_names(r.players)
    items: list[A.Item] = []
    for p in range(r.players):
        items.append(
            A.DealLine(seats[p], tuple(start.dealt_red3[p]), tuple(start.hand_cards(p)), _NOWHERE)
        )
    if r.foot:
        for p in range(r.players):
            items.append(foot_line(seats[p], start.feet[p]))
    items.append(A.UpcardLine(tuple(start.pile), _NOWHERE))
    return items


def foot_line(seat: str, foot: tuple[int, ...]) -> A.FootLine:
    """A player's foot as a ``foot`` line: its cards sorted, or ``taken``."""
    return A.FootLine(seat, tuple(sorted(foot, key=C.sort_key)), not foot, _NOWHERE)


def hand_items(
    rules: Rules,
    number: int,
    dealer: int,
    start: State,
    moves: Sequence[tuple[int, Move]],
    seed: str | None,
    scores: Sequence[int] | None,
    totals: Sequence[int] | None,
) -> list[A.Item]:
    """The lines of one hand: header, deal (written out unless ``seed``), turns, scores."""
    seats = seat_names(rules.players)
    sides = side_names(rules.players, rules.sides)
    items: list[A.Item] = [
        A.HandHeader(number, seats[dealer], seed, _NOWHERE),
    ]
    if seed is None:
        items.extend(deal_lines(start))
    turns = turn_lines(seats, moves)
    _with_tops(start, moves, turns)
    items.extend(turns)
    if scores is not None:
        items.append(A.Assertion("score", tuple(zip(sides, scores, strict=True)), at=_NOWHERE))
    if totals is not None:
        items.append(A.Assertion("total", tuple(zip(sides, totals, strict=True)), at=_NOWHERE))
    return items


def document(tags: Sequence[tuple[str, str]], items: Sequence[A.Item]) -> A.Document:
    lines = [A.Line(A.Tag(n, v, _NOWHERE)) for n, v in tags]
    lines.extend(A.Line(it) for it in items)
    return A.Document(lines)


# ------------------------------------------------------------------------------------------------
# Positions


_PHASE_WORDS = {
    Phase.EXPOSE: "expose",
    Phase.DRAW: "draw",
    Phase.PLAY: "play",
    Phase.ANSWER: "answer",
    Phase.OVER: "over",
    Phase.FOOT: "foot",
}


def position_items(
    s: State,
    unseen: int = 0,
    taken: Sequence[int] = (),
    unseen_feet: frozenset[int] = frozenset(),
    unseen_hands: Mapping[int, Sequence[int]] | None = None,
) -> list[A.Item]:
    """The lines of a position for state ``s`` (after its tags): every field a ruling depends
    on. ``unseen``: cards at the bottom of the pile written as a count; ``taken``: the cards that
    came with the pile this turn, if known; ``unseen_feet``: seats whose foot, still face down, is
    written as a count (its cards in ``s`` are stand-ins); ``unseen_hands``: seats whose hand is
    written as a count, each with the cards of it that are known (``hand E: 8 unseen, 7c``)."""
    r = s.rules
    seats = seat_names(r.players)
    sides = side_names(r.players, r.sides)
    items: list[A.Item] = []
    hidden = unseen_hands or {}
    for p in range(r.players):
        if p in hidden:
            # A card lying face up (a penalty) is known to be in the hand, written or not.
            shown = face_up(s, p)
            extra = [
                c
                for c in dict.fromkeys(shown)
                for _ in range(shown.count(c) - list(hidden[p]).count(c))
            ]
            known = tuple(sorted([*hidden[p], *extra], key=C.sort_key))
            n = s.hand_len[p] - len(known)
            items.append(A.PosHand(seats[p], known, _NOWHERE, unseen=n))
            continue
        items.append(A.PosHand(seats[p], tuple(s.hand_cards(p)), _NOWHERE))
    if r.foot:
        for p in range(r.players):
            if p in unseen_feet and s.feet[p]:
                items.append(A.FootLine(seats[p], (), False, _NOWHERE, unseen=len(s.feet[p])))
            else:
                items.append(foot_line(seats[p], s.feet[p]))
    if s.sides_formed:
        lone = next(p for p in range(r.players) if not s.partners(p))
        items.append(A.PosAlone(seats[lone], _NOWHERE))
    for side in range(r.sides):
        melds = s.melds[side]
        groups = tuple(
            tuple(sorted(m.cards, key=lambda c: (C.is_wild(c), C.sort_key(c))))
            for _, m in sorted(melds.items())
        )
        # An absent row reads as an empty one: a side with no melds or red threes gets none.
        if groups:
            items.append(A.PosMelds(sides[side], groups, _NOWHERE))
        if s.red3[side]:
            items.append(A.PosRed(sides[side], tuple(s.red3[side]), _NOWHERE))
    melded = tuple(seats[p] for p in range(r.players) if s.player_melded[p])
    items.append(A.PosMelded(melded, _NOWHERE))
    if r.ask_once and s.asked_hand:
        asked = tuple(seats[p] for p in range(r.players) if s.asked_hand >> p & 1)
        items.append(A.PosAsked(asked, _NOWHERE))
    if r.frozen_at_start and s.pile_takers:
        takers = tuple(sides[side] for side in range(r.sides) if s.pile_takers >> side & 1)
        items.append(A.PosTaken(takers, _NOWHERE))
    for side in range(r.sides):
        if r.wild_returned_penalty > 0:
            seat = seats[r.members[side][0]]
            for _ in range(s.penalties[side] // r.wild_returned_penalty):
                items.append(A.PenaltyLine(seat, "wild_returned", _NOWHERE))
    for p in range(r.players):  # penalties still in force (engine/penalties.py)
        if s.no_draw >> p & 1:
            items.append(A.PenaltyLine(seats[p], "extra_card", _NOWHERE))
        items.extend(A.PenaltyLine(seats[p], "exposed", _NOWHERE, c) for c in face_up(s, p))
    items.append(A.UpcardLine(tuple(s.pile[unseen:]), _NOWHERE, "pile", unseen))
    items.append(A.Assertion("stock", number=len(s.stock), at=_NOWHERE))
    computed = _frozen_by_cards(s, unseen)
    mover = s.side_of[s.turn]
    frozen = s.card_frozen(mover)  # as the mover finds it ('frozen' speaks for the mover)
    # 'frozen no' also says the mover's side has taken the pile (pile.frozen_at_start); while it
    # has not, the start of the hand freezes the pile for it anyway, and a discard that spared
    # it (pile.discard_freezes_against) is gone with the pile before it can matter.
    moot = not frozen and s.start_frozen(mover)
    if s.frozen and s.freeze_spared:
        # A discard froze it against some sides only (pile.discard_freezes_against): name them.
        against = tuple(sides[x] for x in range(r.sides) if s.card_frozen(x))
        items.append(A.Assertion("frozen", flag=True, against=against, at=_NOWHERE))
    elif frozen != computed and not moot:
        items.append(A.Assertion("frozen", flag=frozen, at=_NOWHERE))
    if s.over:
        if s.out_player >= 0:
            items.append(A.PosOut(seats[s.out_player], s.concealed, _NOWHERE))
        else:
            items.append(A.PosToMove(seats[s.turn], "over", _NOWHERE))
        return items
    if live_turn(s):
        ts = turn_state_of(s)
        if taken:
            ts = replace(ts, taken=tuple(taken))
        entries = tuple((w, args, 0) for w, args in entries_of(ts))
        items.append(A.PosTurn(entries, _NOWHERE))
    items.append(A.PosToMove(seats[s.actor], _PHASE_WORDS[s.phase], _NOWHERE))
    return items


def _frozen_by_cards(s: State, unseen: int) -> bool:
    """Whether a reader would find the pile frozen from its written cards alone."""
    return any(s.rules.pile_card_freezes[c] for c in s.pile[unseen:])


def position_text(
    s: State,
    tags: Sequence[tuple[str, str]],
    unseen: int = 0,
    taken: Sequence[int] = (),
    unseen_feet: frozenset[int] = frozenset(),
    unseen_hands: Mapping[int, Sequence[int]] | None = None,
) -> str:
    r = s.rules
    sides = side_names(r.players, r.sides)
    all_tags = list(tags)
    if not any(n == "Scores" for n, _ in all_tags):
        all_tags.append(
            ("Scores", ", ".join(f"{n} {v}" for n, v in zip(sides, s.scores, strict=True)))
        )
    if any(s.previous) and not any(n == "Previous" for n, _ in all_tags):
        # The previous hand's scores: the initial-meld minimum may be read from them.
        all_tags.append(
            ("Previous", ", ".join(f"{n} {v}" for n, v in zip(sides, s.previous, strict=True)))
        )
    if s.hand_no != 1 and not any(n == "Hand" for n, _ in all_tags):
        # The hand of the game: a game in rounds reads its initial-meld minimum from it.
        all_tags.append(("Hand", str(s.hand_no)))
    if not any(n == "Dealer" for n, _ in all_tags):
        all_tags.append(("Dealer", seat_names(r.players)[s.dealer]))
    doc = document(all_tags, position_items(s, unseen, taken, unseen_feet, unseen_hands))
    return format_document(doc)
