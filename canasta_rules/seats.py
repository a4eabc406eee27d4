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
