"""Names of seats and sides, as records and messages print them.

Four players sit N, E, S, W (clockwise, partners opposite, as the sources' N-S / E-W tables);
two sit N and S; three N, E and W; five and six are lettered A to F. A side is named by its
members' seats: NS and EW; with everyone for themself, a side is one seat.
"""

from __future__ import annotations

SEAT_NAMES: dict[int, tuple[str, ...]] = {
    2: ("N", "S"),
    3: ("N", "E", "W"),
    4: ("N", "E", "S", "W"),
    5: ("A", "B", "C", "D", "E"),
    6: ("A", "B", "C", "D", "E", "F"),
}


def seat_names(players: int) -> tuple[str, ...]:
    return SEAT_NAMES[players]


def side_names(players: int, sides: int) -> tuple[str, ...]:
    names = SEAT_NAMES[players]
    return tuple("".join(names[p] for p in range(players) if p % sides == s) for s in range(sides))


SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}
"""The compass seats (two, three and four players) by name; five and six sit A to F."""


def seat_word(seat: str) -> str:
    """A seat as a player says it: ``North`` for ``N``; ``player A`` at a table of five or six."""
    return SEAT_WORDS.get(seat, f"player {seat}")


def side_word(side: str) -> str:
    """A side as a player says it: ``North-South`` for ``NS``, ``East-West`` for ``EW``, one
    seat alone (everyone for themself) by its name, ``players A, C and E`` at five or six."""
    if all(c in SEAT_WORDS for c in side):
        return "-".join(SEAT_WORDS[c] for c in side)
    if len(side) == 1:
        return seat_word(side)
    return "players " + ", ".join(side[:-1]) + " and " + side[-1]


def seat_index(players: int, name: str) -> int:
    """The seat called ``name`` (ValueError if there is none)."""
    try:
        return SEAT_NAMES[players].index(name)
    except ValueError:
        raise ValueError(
            f"no seat {name!r} at a {players}-player table (seats: "
            f"{', '.join(SEAT_NAMES[players])})"
        ) from None


def side_index(players: int, sides: int, name: str) -> int:
    names = side_names(players, sides)
    canon = "".join(sorted(name))
    for i, n in enumerate(names):
        if "".join(sorted(n)) == canon:
            return i
    raise ValueError(f"no side {name!r} (sides: {', '.join(names)})")


# Five players, a side of three taking turns to sit out (seating.sit_out, RG5): the side of two
# (B1, B2) sits N and S every hand; two of the three (A1, A2, A3) sit E and W in their listed
# order, and the third sits out: A3 in the first hand, then A2, then A1, and again.
SIDE_OF_THREE = ("A1", "A2", "A3")
SIDE_OF_TWO = ("B1", "B2")


def sitting_out(hand_no: int) -> str:
    """Who of the side of three sits out hand ``hand_no`` (1, 2, ...)."""
    return SIDE_OF_THREE[2 - (hand_no - 1) % 3]


def roster(hand_no: int) -> tuple[str, ...]:
    """Who plays at N, E, S and W in hand ``hand_no`` of a five-player game."""
    out = sitting_out(hand_no)
    first, second = (a for a in SIDE_OF_THREE if a != out)
    return (SIDE_OF_TWO[0], first, SIDE_OF_TWO[1], second)


def roster_note(hand_no: int) -> str:
    """``A3 sits out: N B1, E A1, S B2, W A2``: the table of one hand, for records and replays."""
    seats = ", ".join(f"{s} {p}" for s, p in zip(SEAT_NAMES[4], roster(hand_no), strict=True))
    return f"{sitting_out(hand_no)} sits out: {seats}"
