"""Positions for the family games' tests: melds that the position format cannot write yet, and
four-player positions written in the notation.

A position (tests/helpers.py) lists melds of one rank only. Runs of one suit and melds of wild
cards are laid here by playing: N lays them in a turn and discards, E draws and discards the
card that is to top the pile, and S (N's partner) is to move.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import cs, position, run_cli

from canasta_rules import cards as C
from canasta_rules.bots import make_bot
from canasta_rules.engine import Discard, Draw, Game, Meld, Phase, State, apply
from canasta_rules.notation import parse, replay
from canasta_rules.variant import load_variant


def laid(
    variant: str,
    lay: list[str],
    *,
    top: str,
    s_hand: str,
    melds: list[str] | None = None,
    **kw: Any,
) -> State:
    """S to draw: side N-S holds ``melds`` (groups, in the position) and ``lay`` (laid by N in a
    turn, each a new meld), and E has just discarded ``top``."""
    n_hand = " ".join([*lay, "8s 8h"])
    s = position(
        variant,
        hands={"N": n_hand, "E": f"{top} 7c 7d", "S": s_hand},
        melds={0: melds or ["Qc Qd Qh"]},
        turn="N",
        phase=Phase.PLAY,
        **kw,
    )
    for m in lay:
        apply(s, Meld((cs(m),)))
    apply(s, Discard(C.parse("8s")))
    plain = [c for c in s.stock if not C.is_red_three(c)]
    apply(s, Draw(tuple(plain[: s.rules.draw_count])))
    apply(s, Discard(C.parse(top)))
    assert s.turn == 2 and s.phase == Phase.DRAW
    return s


# Filler hands for the seats a case does not care about (low spot cards, no threes, no wilds).
FILL = {"E": "4c 5d 7h", "S": "6c 7d 8s", "W": "4d 5h 6h"}


def family_pos(
    variant: str,
    *,
    hands: dict[str, str],
    ns: str = "",
    ew: str = "",
    red_ns: str = "",
    red_ew: str = "",
    pile: str = "4c",
    scores: str = "NS 0, EW 0",
    end: str = "to move: N draw",
    turn: str = "",
) -> str:
    """A four-player position in the notation: N-S and E-W melds, the pile, who is to move."""
    lines = [f'[Variant "{variant}"]', f'[Scores "{scores}"]', '[Dealer "W"]', ""]
    for seat in "NESW":
        cards = hands[seat] if seat in hands else FILL[seat]
        lines.append(f"hand {seat}: {cards}")
    for side, melds, red in (("NS", ns, red_ns), ("EW", ew, red_ew)):
        if melds:
            lines.append(f"melds {side}: {melds}")
        if red:
            lines.append(f"red {side}: {red}")
    lines.append(f"pile: {pile}")
    if turn:
        lines.append(f"turn: {turn}")
    lines.append(end)
    return "\n".join(lines) + "\n"


def replays_identically(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, variant: str, bots: str, seed: int
) -> None:
    """``canasta record`` writes a whole bot game; replaying the record gives the game the bots
    played: the same moves in every hand, the same end of each hand, the same totals."""
    out = tmp_path / f"{variant}.can"
    code, _, err = run_cli(
        capsys, "record", variant, "--bots", bots, "--seed", str(seed), "-o", str(out)
    )
    assert code == 0, err
    rp = replay(parse(out.read_text(encoding="utf-8"), str(out)))
    v = load_variant(variant)
    result = Game(v, seed).play(make_bot(bots, seed))
    assert rp.game_over and result.reason == "target"
    assert rp.totals == result.scores and max(rp.totals) >= v.game.target
    assert len(rp.hands) == len(result.hands)
    for mine, theirs in zip(rp.hands, result.hands, strict=True):
        assert [m for _, m in mine.moves] == [m for _, m in theirs.moves]
        a, b = mine.end, theirs.end
        assert a is not None and b is not None
        assert a.hands == b.hands and a.melds == b.melds and a.red3 == b.red3
        assert a.end_reason == b.end_reason and a.out_player == b.out_player
