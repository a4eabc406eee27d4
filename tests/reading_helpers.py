"""What the tests of the line readers share (tests/test_notation_fastlines.py, a record's common
lines; tests/test_notation_fastpos.py, a position's lines): a line read both ways, the common
lines to start from, and the ways a line is changed before it is read."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import strategies as st

from canasta_rules.errors import NotationError
from canasta_rules.notation.fastlines import Budget, read_lines
from canasta_rules.notation.fastpos import read_position_lines
from canasta_rules.notation.parser import _lark_lines, _parser


def both_ways(line: str, *, position: bool = False) -> tuple[object, object]:
    """``line`` read without lark (None when left to lark) and by lark (the error's text when
    lark refuses it): as a record's common line by notation/fastlines.py, or with ``position``
    as a position's line by notation/fastpos.py (None too for a line fastlines reads)."""
    raws = [line, ""]
    fast, rest = read_lines(raws, _parser(), Budget())
    if position:
        mine = None
        if rest:
            got = read_position_lines(raws, rest, _parser(), Budget())
            mine = got[0] if got else None
    else:
        mine = fast[0] if fast else None
    try:
        larks = _lark_lines(raws, [1], "x.pos" if position else "x.can")
    except NotationError as e:
        return mine, str(e)
    return mine, larks[0] if larks else None


LINE_SAMPLES = [
    '[Variant "classic"]',
    '[Event "Club #3 \\"final\\""]  # a comment',
    "hand 1 dealer N",
    "hand 12 dealer W seed 7:2",
    "hand 3 seed abc.1_x-2",
    "deal N: 4h 4s 5h 8c 9d Td Th Ts Ts Jh Qc",
    "deal S: 3d | 3c 4d 5h 8h 8h 8s 9h Jd Kc Ks As",
    "deal S: 3d 3h |",
    "deal E:",
    "upcard 8s",
    "upcard: 8s 9c",
    "pile: 7c 2c 9d Qh",
    "pile: 40 unseen, 7c 2c",
    "score NS 740 EW 555",
    "total NS -35 EW 1205",
    "E draw Js discard 8c",
    "W take Qd with Qc Qd and Jc Jh 2c add Q: Qh discard 7d",
    "N draw Tc add 8: 8c add 8: Jk discard Tc",
    "S take 8h on 5h",
    "N draw 2h add K: 2h add 9: 9c",
    "E draw 3h 3s discard 6h",
    "N ask yes",
    "W expose 9c draw 4h meld 5h 5d 5s, Q: Qh 2c discard 4c talon 5d 6h 9s Kc",
    "E foot 9c discard 4h",
    "# only a comment",
    "N draw 4h discard 4h   # trailing comment",
    "stock 40",
    "frozen against NS",
    "penalty N forgot_draw",
    "to move: N draw",
    "melds NS: Qc Qd Qh Qs, Kc Kh Ks",
]
"""A record's common lines, each read without lark."""

_CHANGES: list[tuple[Callable[[str], str], bool]] = [
    (lambda s: s, True),
    (lambda s: "  " + s, True),
    (lambda s: "\t" + s, True),
    (lambda s: s + "  ", True),
    (lambda s: s + "\r", True),
    (lambda s: s + " # note\r", True),
    (lambda s: s + "# note", False),
    (lambda s: s.replace(" ", "  "), True),
    (lambda s: s.replace(" ", "\t"), True),
    (lambda s: s.replace(": ", ":"), True),
    (lambda s: s.replace(":", " :"), False),
    (lambda s: s.replace(":", ""), False),
    (lambda s: s.replace(",", ""), False),
    (lambda s: s.replace(", ", " ,"), False),
    (lambda s: s + ",", False),
    (lambda s: s.replace(" ", "", 1), True),
    (lambda s: s + "x", True),
    (lambda s: s + " 10h", True),
    (lambda s: s + " N", False),
    (lambda s: s.replace("N", "NS"), False),
    (lambda s: s.replace("NS", "N"), False),
    (lambda s: s.replace("h", "H"), True),
    (lambda s: s.replace("d", "x", 1), True),
    (lambda s: s[:-1], True),
    (lambda s: s + " 4" + "5" * 9, True),
    (lambda s: s.replace("1", "1" * 12), True),
    (lambda s: s.replace("unseen", "unseenx"), False),
]
"""Spacing, tabs, CRLF, comments, slips and long numbers; True: a change for a record's common
lines too (the position's lines take every one)."""

LINE_CHANGES = st.sampled_from([f for f, common in _CHANGES if common])
POSITION_CHANGES = st.sampled_from([f for f, _ in _CHANGES])
