"""``hint`` at the table: the strategy bot's move for the person to move, and why, in words.

The strategy bot (``bots/strategy.py``) decides by weighing heuristics and keeps no reasons, so
the reason is read off what the move does, from the mover's seat: what it lays and what that is
worth toward the side's opening or a canasta, what a pickup gains, and why a discard is the safe
one (a black three stops the next player, a card the next side has not melded and the mover holds
one of). Everything it looks at is what the mover may see: their own hand, the table, the pile,
the stock's size and the hand sizes.

The bot is seeded as a bot in that seat would be (the game's seed, the hand, the move number),
so asking twice gives the same hint, and asking changes nothing: not the game, not the record.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from .. import cards as C
from ..bots.strategy import StrategyBot
from ..engine.apply import apply_unchecked
from ..engine.canastas import NOT_A_CANASTA, bonus_of, kind_of
from ..engine.checks import resolve_key
from ..engine.generate import legal_moves
from ..engine.goingout import going_out_plan
from ..engine.moves import Answer, Ask, Discard, Draw, Expose, Foot, Meld, Move, TakePile
from ..engine.rules import GROUP, KEY_OF
from ..engine.state import State, TableMeld
from .session import Session, move_text

_COUNT = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}
_KIND = {0: "natural", 1: "mixed", 2: "run", 3: "wild"}


def hint(sess: Session) -> list[str]:
    """The lines ``hint`` shows: the move as it is typed, then the reason."""
    s = sess.state
    if s.over:
        return ["no hint: the hand is over"]
    if not sess.human_to_move:
        return ["no hint: it is not your turn"]
    seed = (sess.opts.seed * 1_000_003 + sess.hand.number) * 10_007 + len(sess.hand.moves)
    m = StrategyBot(seed)(s.copy())
    return [f"hint: {move_text(sess.seats, s.actor, m)}", f"  why: {reason(s, m, sess.seats)}"]


def reason(s: State, m: Move, seats: Sequence[str]) -> str:
    """Why ``m`` is a good move for the player to move in ``s``, in a sentence."""
    if isinstance(m, Expose):
        return "your red threes go on the table first, and each one scores"
    if isinstance(m, Foot):
        return "your hand is used up: take up your foot and play on"
    if isinstance(m, Ask):
        return "you can go out this turn; these rules have you ask your partner first"
    if isinstance(m, Answer):
        return _answer(s, m, seats)
    plan = going_out_plan(s)
    if plan and plan[0] == m and len(plan) > 1:
        rest = "; then ".join(move_text(seats, s.turn, x) for x in plan[1:])
        return f"you can go out this turn: after this, {rest}"
    if isinstance(m, Draw):
        return _draw(s)
    if isinstance(m, TakePile):
        return _take(s, m)
    if isinstance(m, Meld):
        return _meld(s, m)
    if isinstance(m, Discard):
        return _discard(s, m, seats)
    return "the strategy bot's choice"  # pragma: no cover - every kind of move is named above


# ------------------------------------------------------------------------------ words


def _cards_in_words(cards: Iterable[int], own: bool = False) -> str:
    """``three kings and a joker``: naturals by rank, then the wild cards. ``own``: the words
    follow "your", so a single first card takes no article (``your seven and a two``)."""
    by_rank = Counter(C.RANK_OF[c] for c in cards)
    parts: list[str] = []
    for rank in sorted(by_rank, key=lambda r: (r in (C.TWO, C.JOKER_RANK), r)):
        n = by_rank[rank]
        if n == 1:
            word = C.rank_word(rank)
            article = "" if own and not parts else ("an " if word[0] in "aeiou" else "a ")
            parts.append(article + word)
        else:
            parts.append(f"{_COUNT.get(n, str(n))} {C.rank_word(rank, plural=True)}")
    return " and ".join(parts)


def _new_meld_words(g: Sequence[int]) -> str:
    """A new meld's cards in words; a run (one suit, several ranks) by its cards."""
    naturals = [c for c in g if not C.is_wild(c)]
    suits = {C.SUIT_OF[c] for c in naturals}
    if len({C.RANK_OF[c] for c in naturals}) > 1 and len(suits) == 1:
        suit = ("clubs", "diamonds", "hearts", "spades")[suits.pop()]
        return f"run of {suit} ({C.names(g)})"
    return _cards_in_words(g, own=True)


def _new_meld_name(g: Sequence[int]) -> str:
    """A new meld named by its rank (``kings``), or a run by its suit."""
    words = _new_meld_words(g)
    if words.startswith("run of "):
        return words.split(" (")[0]
    naturals = [c for c in g if not C.is_wild(c)]
    return C.rank_word(C.RANK_OF[naturals[0]], plural=True) if naturals else "wild cards"


def _meld_name(m: TableMeld) -> str:
    """How a player names a meld on the table: ``your kings``, ``your run of hearts``."""
    if m.kind == GROUP and m.rank in C.RANK_WORDS:
        return "your " + C.rank_word(m.rank, plural=True)
    if m.suit >= 0:
        return "your run of " + ("clubs", "diamonds", "hearts", "spades")[m.suit]
    return "your meld of wild cards"


def _points(n: int) -> str:
    return f"{n} point" + ("" if n == 1 else "s")


# ------------------------------------------------------------------------------ by kind of move


def _gains(s: State, m: Move) -> list[str]:
    """What applying ``m`` brings the mover's side: canastas made, the opening, going out, or
    else how near a canasta the melds it touched come."""
    r = s.rules
    side = s.side_of[s.turn]
    after = s.copy()
    apply_unchecked(after, m)
    out = []

    # Melds are compared as values, not by their place: where a rank may be melded twice
    # (Hand and Foot), a new meld may be filed where an older one was.
    def canastas(st: State) -> Counter[tuple[int, str, int]]:
        found: Counter[tuple[int, str, int]] = Counter()
        for meld in st.melds[side].values():
            kind = kind_of(r, meld)
            if kind != NOT_A_CANASTA:
                found[kind, _meld_name(meld).removeprefix("your "), bonus_of(r, meld, kind)] += 1
        return found

    for kind, name, bonus in sorted((canastas(after) - canastas(s)).elements()):
        out.append(f"it makes a {_KIND[kind]} canasta of {name} ({bonus} bonus)")
    before = list(s.melds[side].values())
    changed = [x for x in after.melds[side].values() if x not in before]
    unfinished = [x for x in changed if kind_of(r, x) == NOT_A_CANASTA]
    nearest = max(unfinished, key=lambda x: x.size, default=None)
    if s.opening_now(side) and s.opening_short(side) > 0:  # not once the turn has opened
        need = after.minimum(side)
        laid = f"that makes {_points(after.turn_value)} this turn"
        needs = "you need" if len(s.members(side)) == 1 else "your side needs"
        if after.opening_short(side) == 0:
            out.append(f"{laid}: enough to open ({needs} {need})")
        else:
            out.append(f"{laid}, toward the {need} {needs} to open")
    if after.over and after.out_player == s.turn:
        out.append("you go out")
    if not out and nearest is not None:
        size = r.canasta_size
        name = _meld_name(nearest)
        verb = "reach" if nearest.kind == GROUP else "reaches"
        out.append(f"{name} {verb} {nearest.size} of the {size} cards of a canasta")
    elif not out:
        n = s.hand_len[s.turn] - after.hand_len[s.turn]
        fewer = "one card fewer" if n == 1 else f"{n} cards fewer"
        would = "it would" if n == 1 else "they would"
        out.append(f"{fewer} in your hand, where {would} count against you")
    return out


def _meld(s: State, m: Meld) -> str:
    side = s.side_of[s.turn]
    said = []
    if len(m.melds) == 1:
        said.append(f"meld your {_new_meld_words(m.melds[0])}")
    elif m.melds:
        names = [_new_meld_name(g) for g in m.melds]
        said.append(f"meld your {', '.join(names[:-1])} and {names[-1]}")
    for ref, g in m.adds:
        key = resolve_key(s, side, ref)
        target = _meld_name(s.melds[side][key]) if key is not None else "your meld"
        said.append(f"add your {_cards_in_words(g, own=True)} to {target}")
    gains = _gains(s, m)
    return "; ".join(said) + (": " + "; ".join(gains) if gains else "")


def _take(s: State, m: TakePile) -> str:
    n = len(s.pile)
    what = "the pile brings you " + ("its one card" if n == 1 else f"{n} cards")
    if m.shown:
        what += f" for your {_cards_in_words(m.shown, own=True)}"
        if m.melds:
            laid = " and ".join(_new_meld_words(g) for g in m.melds)
            what += f", laying your {laid} with it"
    else:
        side = s.side_of[s.turn]
        key = KEY_OF[s.pile[-1]]
        home = s.melds[side].get(key)
        if home is not None:
            card = "it goes" if n == 1 else "its top card going"
            what += f", {card} onto {_meld_name(home)}"
    gains = _gains(s, m)
    return what + ("; " + "; ".join(gains) if gains else "")


def _draw(s: State) -> str:
    takes = [x for x in legal_moves(s) if isinstance(x, TakePile)]
    if not s.pile:
        return "the pile is empty"
    if not takes:
        top = s.pile[-1]
        if C.is_wild(top) or C.is_red_three(top) or C.is_black_three(top):
            kind = "a wild card"
            if not C.is_wild(top):
                kind = "a red three" if C.is_red_three(top) else "a black three"
            return f"{kind} on top ({C.name(top)}) stops you taking the pile"
        if s.frozen_for(s.turn):
            return "the pile is frozen, and the cards you hold cannot take it"
        return "the cards you hold cannot take the pile"
    wild = min(
        sum(C.is_wild(c) for c in (*t.shown, *(c for g in t.melds for c in g))) for t in takes
    )
    n = len(s.pile)
    cards = f"{n} card" + ("" if n == 1 else "s")
    if wild:
        return f"taking the pile ({cards}) would cost a wild card, worth more than the pile"
    return f"the pile is only {cards}: keep your pairs for a bigger one"


def _discard(s: State, m: Discard, seats: Sequence[str]) -> str:
    r = s.rules
    p = s.turn
    c = m.card
    if s.hand_len[p] == 1:
        return "your last card: you go out"
    nxt = r.next_seat(p)
    who = seats[nxt]
    if C.is_wild(c):
        n = len(s.pile) + 1
        return f"a wild card freezes the pile ({n} cards), which makes it harder for {who} to take"
    if C.is_black_three(c):
        return f"a black three on top stops {who} taking the pile"
    rank = C.RANK_OF[c]
    key = KEY_OF[c]
    plural = C.rank_word(rank, plural=True)
    facts = []
    if s.rc[p][key] == 1:
        facts.append(f"your only {C.rank_word(rank)}")
    if s.side_of[nxt] != s.side_of[p] and key not in s.melds[s.side_of[nxt]]:
        facts.append(f"{who}'s side has no {plural} melded")
    in_pile = sum(1 for x in s.pile if KEY_OF[x] == key)
    if in_pile:
        count = _COUNT.get(in_pile, str(in_pile))
        some = f"a {C.rank_word(rank)} is" if in_pile == 1 else f"{count} {plural} are"
        facts.append(f"{some} in the pile already, so {who} is less likely to hold a pair")
    head = f"the card least likely to give {who} the pile, and of least use to you"
    return head + (": " + "; ".join(facts) if facts else "")


def _answer(s: State, m: Answer, seats: Sequence[str]) -> str:
    asker = seats[s.turn]
    if m.yes:
        if StrategyBot.opponents_close(s, s.answerer):
            return "yes: the other side is close to going out, so end the hand now"
        return "yes: your side gains more by ending the hand now than by playing on"
    held = sum(s.rules.value[c] * n for c, n in enumerate(s.hands[s.answerer]) if n)
    return (
        f"no: the stock is deep and you can still meld; going out now would leave the "
        f"{_points(held)} in your hand against your side (your partner {asker} plays on)"
    )
