"""Messages read as a player hears them read aloud: "a canasta", not "1 canasta"; "one wild
card"; counts in words a player uses. Each case is the exact answer of ``canasta ruling``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import run_cli

# North has opened with kings (no canasta yet) and has drawn.
POSITION = """\
[Variant "classic"]
[Scores "NS 0, EW 0"]

hand N: {hand}
hand E: 11 unseen
hand S: 11 unseen
hand W: 11 unseen
melds NS: Kc Kd Kh
pile: 6h 8s
turn: drew stock
to move: N play
"""

CANASTA_001 = (
    "source: Pagat's Classic Canasta, teaching page [001]: The side needs one canasta, which may "
    "be completed on the turn of going out."
)


@pytest.mark.parametrize(
    ("hand", "move", "sets", "answer"),
    [
        (
            "5c 5d 5h 9s",
            "meld 5c 5d 5h",
            (),
            [
                "refused: you must keep two cards (one to discard, one to hold) until your side "
                "has a canasta to go out (meld.keep_a_card)",
                "setting: Canastas needed to go out: 1 canasta (going_out.canastas)",
                CANASTA_001,
            ],
        ),
        (
            "5c 5d 5h 9c 9d 9h",
            "meld 5c 5d 5h, 9c 9d 9h",
            (),
            [
                "refused: you cannot go out: your side needs a canasta first (out.canastas)",
                "setting: Canastas needed to go out: 1 canasta (going_out.canastas)",
                CANASTA_001,
            ],
        ),
        (
            "5c 5d 5h 9c 9d 9h",
            "meld 5c 5d 5h, 9c 9d 9h",
            ("going_out.canastas=2",),
            [
                "refused: you cannot go out: your side needs 2 canastas first (out.canastas)",
                "setting: Canastas needed to go out: 2 canastas (going_out.canastas)",
            ],
        ),
        (
            "5c 5d 5h 9s",
            "meld 5c 5d 5h",
            ("going_out.canastas=2",),
            [
                "refused: you must keep two cards (one to discard, one to hold) until your side "
                "has 2 canastas to go out (meld.keep_a_card)",
                "setting: Canastas needed to go out: 2 canastas (going_out.canastas)",
            ],
        ),
        (
            "5c 5d 2h Jk 9s 9h",
            "meld 5c 5d 2h Jk",
            ("melds.max_wild=1",),
            [
                "refused: a meld may hold at most one wild card; this would hold 2 "
                "(meld.too_many_wild)",
                "setting: Most wild cards in a meld: 1 wild card (melds.max_wild)",
            ],
        ),
    ],
)
def test_counts_of_one_read_as_words(
    hand: str,
    move: str,
    sets: tuple[str, ...],
    answer: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Built from ``needs_text`` and ``plural`` in engine/checks.py and meldkinds.py: it said
    "until your side has 1 canasta to go out"."""
    monkeypatch.chdir(tmp_path)
    Path("north.pos").write_text(POSITION.format(hand=hand))
    args = [a for s in sets for a in ("--set", s)]
    status, out, err = run_cli(capsys, "ruling", "north.pos", move, *args)
    assert (status, err) == (1, "")
    assert out.splitlines()[: len(answer)] == answer
