"""Positions for the tests/test_audit_rulings_*.py files: a four-seat position in the notation
whose other seats hold low spot cards clear of the ranks a case plays with (no threes, fives,
queens, kings, aces or wild cards), and a position at the end of the stock whose unseen cards are
counted into the pile."""

from __future__ import annotations

import re

from helpers import classic_pos

from canasta_rules.errors import NotationError
from canasta_rules.notation import parse, read_position

FILL = {"e": "4c 6d 7h 8c Tc", "s": "6c 7d 8s Th Td", "w": "4d 6h 7s 8d Ts"}


def pos(variant: str, **kw: str | None) -> str:
    """A four-seat position (``classic_pos``) with the fillers above; East-West have melded
    aces unless ``ew`` says otherwise."""
    for k, v in FILL.items():
        kw.setdefault(k, v)
    kw.setdefault("ew", "Ad Ah As Ac")
    return classic_pos(variant, **kw)  # type: ignore[arg-type]


def to_draw(variant: str, **kw: str | None) -> str:
    """:func:`pos` at the start of North's turn."""
    kw.setdefault("turn", None)
    kw.setdefault("to_move", "N draw")
    return pos(variant, **kw)


def stock_out(variant: str, *, n: str, ns: str, pile: str, **kw: str | None) -> str:
    """North to draw from a used-up stock; the cards written nowhere lie unseen at the bottom
    of the pile, and every wild card and red three is written (East and West hold the wild
    cards, each side has two red threes laid out)."""
    kw.setdefault("e", "2c 2h 2s 2d Jk Jk 4c")
    kw.setdefault("w", "2c 2h 2s 2d Jk Jk 4h")
    kw.setdefault("red_ns", "3d 3h")
    kw.setdefault("red_ew", "3d 3h")
    kw.setdefault("melded", "N S E W")
    text = to_draw(variant, n=n, ns=ns, pile="0 unseen, " + pile, stock="0", **kw)
    try:
        read_position(parse(text))
    except NotationError as e:
        found = re.search(r"the other (\d+) lie unseen", str(e))
        if found is None:
            raise
        text = text.replace("pile: 0 unseen,", f"pile: {found.group(1)} unseen,")
    return text
