"""What an answer from a position with unseen hands depends on, said as facts a player can read.

A position may give hands as counts (``hand E: 11 unseen``); the position reader fills them with
stand-ins (``ReadPosition.unseen_hands``), and nothing a ruling says about another player's move
reads them. Three things can still rest on the unseen cards, and each answer says which:

- ``stock_card``: a card a move names from the stock (a draw, a red three's replacement, a
  talon) is taken to be there; an unseen hand may hold it instead, and then every copy would be
  accounted for and the draw refused;
- ``turn_owed``: after partner's answer, what the asker's turn owes where that reads the asker's
  unseen cards (a binding "yes" binds only while going out is possible);
- ``hand_count``: a score counts the cards left in the hands, so a side with unseen cards in
  hand (or a foot given as a count) has rows, and a total, that are not known.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import cards as C
from ..engine.moves import Discard, Draw, Expose, Foot, Move, TakePile
from ..engine.owed import CONCEALED, GO_OUT, unknown_owed
from ..engine.state import State
from ..seats import seat_names, seat_word, side_names, side_word
from .position_table import ReadPosition


@dataclass(frozen=True)
class Depends:
    """A fact about unseen cards that an answer depends on, in a player's words."""

    kind: str
    """``stock_card``, ``turn_owed`` or ``hand_count`` (the module's notes)."""
    text: str
    card: str = ""
    seats: tuple[str, ...] = ()

    def as_json(self) -> dict[str, object]:
        out: dict[str, object] = {"kind": self.kind, "text": self.text}
        if self.card:
            out["card"] = self.card
        if self.seats:
            out["seats"] = list(self.seats)
        return out


def _either(names: list[str]) -> str:
    """'East', 'East or West', 'East, South or West'."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def stock_facts(rp: ReadPosition, s: State, m: Move, unseen: int | None = None) -> list[Depends]:
    """What a ruling on ``m`` in ``s`` takes for granted about unseen cards: each card it
    names from the stock (a draw, a replacement, a talon) of which a copy is unseen could lie in
    a hand given as a count instead of the stock, and the answer (which rule refuses the move,
    or whether any does) would then be another."""
    if not rp.unseen_hands or s.stock_known:
        return []
    named: tuple[int, ...] = ()
    if isinstance(m, Draw | Expose | Foot):
        named = (m.cards if isinstance(m, Draw) else m.replacements) or ()
    elif isinstance(m, TakePile):
        named = m.replacements or ()
    elif isinstance(m, Discard):
        named = m.talon or ()
    seats = seat_names(rp.rules.players)
    holders = [seats[p] for p in sorted(rp.unseen_hands) if rp.hidden(s, p)]
    if not holders:
        return []
    out = []
    for c in dict.fromkeys(named):
        if rp.unseen_copies(s, c, unseen):
            who = _either([seat_word(h) for h in holders])
            out.append(
                Depends(
                    "stock_card",
                    f"the {C.name(c)} being in the stock: {who} may hold it instead",
                    C.name(c),
                    tuple(holders),
                )
            )
    return out


def turn_facts(rp: ReadPosition, s: State) -> list[Depends]:
    """What the turn in ``s`` still owes that depends on the unseen cards of its player's
    hand (a partner's answer ruled on where the asker's hand is given as a count)."""
    seat = seat_names(rp.rules.players)[s.turn]
    name = seat_word(seat)
    words = {
        CONCEALED: f"whether {name}'s unseen cards could go out concealed instead, which needs "
        "no minimum here",
        GO_OUT: f"whether {name} can go out this turn with the unseen cards: partner's yes "
        "binds only then",
    }
    return [Depends("turn_owed", words[kind], seats=(seat,)) for kind in unknown_owed(s)]


def unscored(rp: ReadPosition, s: State) -> dict[int, Depends]:
    """The score columns (each side as seated) whose score in ``s`` counts unseen cards: the
    cards left in a hand given with unseen cards (or a foot given as a count) count against
    the side, so its rows for cards in hand, and its total, are not known."""
    r = rp.rules
    seats = seat_names(r.players)
    sides = side_names(r.players, r.sides)
    out: dict[int, Depends] = {}
    for seated in range(r.sides):
        side = s.side_of[r.members[seated][0]]
        who: list[str] = []
        feet = False
        for p in s.members(side):
            foot = p in rp.unseen_feet and bool(s.feet) and bool(s.feet[p])
            if rp.hidden(s, p) or foot:
                who.append(seats[p])
                feet = feet or foot
        if not who:
            continue
        places = "hand and foot" if feet else "hand"
        if len(who) > 1:
            places += "s"
        names = " and ".join(f"{seat_word(w)}'s" for w in who)
        text = (
            f"{side_word(sides[seated])}'s score counts the cards left in {names} {places}, "
            "which are unseen: write them to score it"
        )
        out[seated] = Depends("hand_count", text, seats=tuple(who))
    return out
