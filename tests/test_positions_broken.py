"""Deliberately broken positions: each slip is reported at its line and column, exit status 2,
one line, no traceback (issue 11, "Done when").

Each case is a position with the mark ``«`` just before the spot the error must name; the test
removes the mark, runs ``canasta moves`` on the file, and checks ``FILE:LINE:COL: ...`` and a
fragment of the message.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import placed, run_cli

TAGS = '[Variant "classic"]\n[Scores "NS 1200, EW 900"]\n'
HANDS = """\
hand N: Qc Jk 5c 6d 8h 9s Kd
hand E: 4c 5d 7h 7s 9c Td Jh
hand S: Ac 6c 7d 8s Th Jc Qd
hand W: 4d 5h 6h 8c 9h Ts Kh
"""
MELDS = "melds NS: Qc Qd Qh Qs, Kc Kh Ks\nmelds EW: Ad Ah As 2h\n"
PILE = "pile: 7c 2c 9d Qh\n"
MOVE = "to move: N draw\n"
BASE = TAGS + HANDS + MELDS + PILE + MOVE
# North has gone out: an empty hand, and North-South holding a canasta of queens.
OUT_BASE = TAGS + HANDS.replace("Qc Jk 5c 6d 8h 9s Kd", "").replace(
    "Ac 6c 7d 8s Th Jc Qd", "Ac 6c 7d 8s Th Jc"
)

CASES: dict[str, tuple[str, str]] = {
    # ---- seats, sides and lines
    "seat not at the table": (BASE + "«hand A: 4s\n", "no seat 'A'"),
    "hand listed twice": (BASE + "«hand N: 4s\n", "North's hand is listed twice"),
    "hand missing": (
        TAGS
        + HANDS.replace("hand W: 4d 5h 6h 8c 9h Ts Kh\n", "").replace("hand S", "«hand S")
        + MELDS
        + PILE
        + MOVE,
        "no hand for W",
    ),
    "unknown side": (BASE + "«melds NE: 4s 4s 4h\n", "no side 'NE'"),
    "record line in a position": (BASE + "«deal N: 4c\n", "belongs in a game record"),
    "upcard instead of pile": (BASE.replace(PILE, "«upcard 7c\n"), "pile: CARDS"),
    "pile twice": (BASE + "«pile: 4s\n", "the pile is listed twice"),
    "nobody to move": (BASE.replace(MOVE, "").replace("hand W", "«hand W"), "who is to move"),
    "to move twice": (BASE + "«to move: E draw\n", "already says 'to move: N draw'"),
    "to move and out": (BASE + "«out N\n", "already says"),
    # ---- cards
    "one card too many": (
        BASE.replace("hand S: Ac", "hand S: Qc Ac").replace("NS: Qc", "NS: «Qc"),
        "one Qc too many",
    ),
    "not a red three": (BASE + "red NS: 3h «4c\n", "4c is not a red three"),
    "red three in a meld": (
        BASE + "melds EW: 7c 7d 7h, «3h 3d 2c\n",
        "red threes are laid apart, never melded (meld.red_three)",
    ),
    "red three in a hand": (BASE.replace("Kd\n", "Kd «3h\n", 1), "lays a red three down"),
    # ---- melds, judged by the variant
    "meld mixes ranks": (BASE.replace("melds EW: Ad", "melds EW: «Kd Ad"), "a meld holds one rank"),
    "meld of wild cards": (
        BASE.replace("2h\n", "2h, «2c 2d Jk\n", 1),
        "wild cards cannot be melded on their own",
    ),
    "two melds of a rank": (BASE.replace("Kc Kh Ks\n", "Kc Kh Ks, «Kd Kd Ks\n"), "two melds of"),
    "meld too small": (BASE.replace("2h\n", "2h, «7c 7d\n", 1), "below the minimum 3"),
    "too many wild cards": (BASE.replace("2h\n", "2h, «9c 9d 2d 2c 2s Jk\n", 1), "above 3"),
    "black threes with a wild card": (
        BASE.replace("2h\n", "2h, «3c 3s 3c 2d\n", 1),
        "black threes with wild cards",
    ),
    "more wild than natural (online)": (
        '[Variant "online"]\nhand N: 4c 5c\nhand S: 6c 7c\n'
        "melds N: «Kc Kd 2c 2d 2h\npile: 9d\nto move: N draw\n",
        "more wild than natural",
    ),
    # ---- stock and pile
    "stock larger than the unplaced cards": (BASE + "«stock 200\n", "cannot hold 200"),
    "short stock without unseen pile cards": (BASE + "«stock 5\n", "unseen in the pile"),
    "pile hides too many cards": (
        BASE.replace(PILE, "«pile: 500 unseen, 7c 2c 9d Qh\n"),
        "cannot hide 500",
    ),
    "stock given twice": (BASE + "stock 65\n«stock 65\n", "the stock is given twice"),
    # ---- who is to move, and how the turn began
    "expose where red threes go down at the deal": (
        BASE.replace(MOVE, "«to move: N expose\n"),
        "during the deal",
    ),
    "empty hand in a live hand": (
        BASE.replace("hand E: 4c 5d 7h 7s 9c Td Jh", "«hand E:"),
        "holds no cards",
    ),
    "turn line in the draw phase": (BASE + "«turn: drew stock\n", "before the draw says only"),
    "unknown turn entry": (
        BASE.replace(MOVE, "turn: drew stock, «flew pile\nto move: N play\n"),
        "unknown turn entry 'flew'",
    ),
    "opening count that the melds do not make": (
        BASE.replace(
            MOVE, "turn: drew stock, new Q K, first, melded, «opening 100\nto move: N play\n"
        ),
        "the cards North-South has melded count 70, not 100",
    ),
    "new run where there is none": (
        BASE.replace(MOVE, "turn: drew stock, «new 5h\nto move: N play\n"),
        "North-South has no run holding 5h",
    ),
    "asked before the draw where asking comes after it": (
        BASE.replace(MOVE, "turn: «drew nothing, asked no\nto move: N draw\n"),
        "asks partner only after the draw",
    ),
    "drew from nowhere": (
        BASE.replace(MOVE, "turn: drew «deck\nto move: N play\n"),
        "'stock', 'pile' or 'nothing'",
    ),
    "took a card not held": (
        BASE.replace(MOVE, "turn: «took 4s 4s\nto move: N play\n"),
        "4s came with the pile",
    ),
    "took something not a card": (
        BASE.replace(MOVE, "turn: took Qc   «Zq\nto move: N play\n"),
        "Zq",
    ),
    "new meld the side lacks": (
        BASE.replace(MOVE, "turn: drew stock, «new 7\nto move: N play\n"),
        "no meld of rank 7",
    ),
    "asked while partner is answering": (
        BASE.replace(MOVE, "turn: drew stock, «asked yes\nto move: S answer\n"),
        "but the 'to move' line says partner is still to answer",
    ),
    "answer where nobody can ask": (
        '[Variant "two-hand"]\nhand N: 4c 5c\nhand S: 6c 7c\npile: 9d\n«to move: S answer\n',
        "no asking permission",
    ),
    # ---- who has melded
    "melded seat twice": (BASE + "melded: N «N E\n", "North is listed twice"),
    "melded seat whose side has no melds": (
        BASE.replace("melds EW: Ad Ah As 2h\n", "") + "melded: N «E\n",
        "East-West has no melds",
    ),
    "a side with melds but nobody melded": (BASE + "«melded: N\n", "so East or West has melded"),
    # ---- going out
    "out while holding cards": (
        BASE.replace(MOVE, "out N\n").replace("hand N:", "«hand N:"),
        "holds no cards",
    ),
    "out without a canasta": (
        OUT_BASE + MELDS + PILE + "«out N\n",
        "North-South has 0 canastas and going out needs 1",
    ),
    "out concealed after partner melded (side concealment)": (
        OUT_BASE.replace("classic", "encyclopedia")
        + "melds NS: Qc Qd Qh Qs Qd 2c 2d, Kc Kh Ks\nmelds EW: Ad Ah As 2h\nmelded: N S E\n"
        + PILE
        + "«out N concealed\n",
        "South had melded",
    ),
    # ---- tags
    "names a player by name": (
        '[Players "N Ana, E Ben, S Cy, W Dee"]\n'
        + BASE.replace("hand E: 4c 5d 7h 7s 9c Td Jh", "«hand E:"),
        "East (Ben) holds no cards",
    ),
    "unknown variant": ('«[Variant "nope"]\n' + HANDS + PILE + MOVE, "no built-in variant"),
    "scores unreadable": (
        BASE.replace('[Scores "NS 1200, EW 900"]', '«[Scores "NS lots"]'),
        "Scores should read",
    ),
    "dealer not a seat": (BASE + '«[Dealer "X"]\n', "no seat 'X'"),
    "penalty the ruleset lacks": (BASE + "«penalty N wild_returned\n", "no penalty"),
    # ---- turn lines after the position
    "turn line before who is to move": (
        BASE.replace(MOVE, "«N draw 5s\n" + MOVE),
        "first say who is to move",
    ),
    "illegal move after the position": (
        BASE + "N draw 5s «discard As\n",
        "you do not hold As",
    ),
    "out of turn after the position": (BASE + "«E draw 5s\n", "it is North's turn, not East's"),
    "hand number not a number": ('«[Hand "three"]\n' + BASE, "Hand is the hand's number"),
    "hand number beyond the game's rounds": (
        '[Set "game.rounds=4"]\n«[Hand "5"]\n' + BASE,
        "this game has 4 hands (game.rounds), so there is no hand 5",
    ),
    "position line after the turn lines": (
        BASE + "N draw 5s discard 5s\n«frozen yes\n",
        "come before the turn lines",
    ),
}


def _spot(text: str) -> tuple[str, int, int]:
    """The text without the mark, and the mark's line and column."""
    i = text.index("«")
    line = text.count("\n", 0, i) + 1
    col = i - (text.rfind("\n", 0, i) + 1) + 1
    return text.replace("«", "", 1), line, col


def test_at_least_thirty_kinds() -> None:
    assert len(CASES) >= 30


@pytest.mark.parametrize("name", sorted(CASES))
def test_broken_position(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text, fragment = CASES[name]
    clean, line, col = _spot(text)
    p = tmp_path / "broken.pos"
    p.write_text(clean)
    code, out, err = run_cli(capsys, "moves", str(p))
    assert code == 2, (name, out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    assert lines[0].startswith("canasta: "), lines[0]
    where = lines[0].removeprefix("canasta: ")
    assert placed(where, p, f"{line}:{col}: ", first=True), (name, lines[0], line, col)
    assert fragment in lines[0], (name, lines[0])


def test_the_base_position_is_sound(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every broken case starts from this position, which reads."""
    p = tmp_path / "base.pos"
    p.write_text(BASE)
    code, _, err = run_cli(capsys, "moves", str(p))
    assert code == 0, err
