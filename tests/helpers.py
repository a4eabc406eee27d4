"""Building positions for tests from short card names."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

from canasta_rules import cards as C
from canasta_rules.engine import Phase, State
from canasta_rules.engine.position import Position
from canasta_rules.engine.rules import rules_for
from canasta_rules.errors import shorten_path, visible
from canasta_rules.seats import seat_index, seat_names
from canasta_rules.variant import load_variant


def cs(text: str) -> tuple[int, ...]:
    """Cards from short names: ``cs("Kh Kd 2c")``."""
    return tuple(C.parse(t) for t in text.split())


def position(
    variant: str = "classic",
    *,
    hands: dict[str, str] | None = None,
    melds: dict[int, list[str]] | None = None,
    red3: dict[int, str] | None = None,
    pile: str = "4c",
    turn: str = "N",
    phase: Phase = Phase.DRAW,
    drew: int = 1,
    scores: list[int] | None = None,
    players: int | None = None,
    sets: tuple[str, ...] = (),
    melded: list[bool] | None = None,
    frozen: bool | None = None,
    feet: dict[str, str] | None = None,
) -> State:
    """A position under ``variant``. Hands not given get harmless filler (low spot cards).
    ``feet``: in a variant with a foot, each seat's foot (a seat not named has taken its foot
    up)."""
    from canasta_rules.variant import load

    v = load(variant, sets).variant if sets else load_variant(variant)
    r = rules_for(v, players)
    names = seat_names(r.players)
    hands = hands or {}
    meld_lists = [[cs(m) for m in (melds or {}).get(side, [])] for side in range(r.sides)]
    reds = [list(cs((red3 or {}).get(side, ""))) for side in range(r.sides)]
    used = Counter(cs(pile))
    for text in hands.values():
        used.update(cs(text))
    for side_melds in meld_lists:
        for m in side_melds:
            used.update(m)
    for side_reds in reds:
        used.update(side_reds)
    for text in (feet or {}).values():
        used.update(cs(text))
    spare = [
        c
        for c in cs("5c 6d 7h 8s 9c Td 5d 6h 7s 8c 9d Th 5h 6s 7c 8d 9h Ts 5s 6c 7d 8h 9s Tc")
        for _ in range(max(0, r.deck_counts[c] - used[c]))
    ]
    filler = iter(spare)
    hand_lists: list[list[int]] = []
    for name in names:
        if name in hands:
            hand_lists.append(list(cs(hands[name])))
        else:
            hand_lists.append([next(filler), next(filler), next(filler)])
    return Position(
        rules=r,
        hands=hand_lists,
        melds=meld_lists,
        red_threes=reds,
        pile=list(cs(pile)),
        scores=scores,
        turn=seat_index(r.players, turn),
        phase=phase,
        drew=drew,
        melded=melded,
        frozen=frozen,
        feet=[list(cs((feet or {}).get(name, ""))) for name in names] if r.foot else None,
    ).to_state()


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run ``canasta ARGS`` in-process: exit status, standard output, standard error."""
    from canasta_rules.cli import main

    try:
        main(list(args))
        code = 0
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    out, err = capsys.readouterr()
    return code, out, err


def shown(path: object) -> str:
    """A file's path as a one-line error names it: long paths lose their start (``\u2026/x.pos``),
    as the temporary folders of parallel test workers make them."""
    return shorten_path(str(path))


def placed(text: str, path: object, where: str, *, first: bool = False) -> bool:
    """Whether ``text`` names ``path`` followed by ``:WHERE`` (``"6:"``, ``"3:30: "``) as a
    one-line error does: the path whole, or its end after an ellipsis. Errors shorten a long path,
    and shorten it further where the message needs the room to keep its advice, so the path shown
    depends on the message. ``first``: the place opens ``text``."""
    full = visible(str(path))
    pattern = ("^" if first else r"(?:^|\s)") + r"(\u2026?)(\S+?):" + re.escape(where)
    for m in re.finditer(pattern, text):
        ellipsis, named = m.groups()
        if (named == full and not ellipsis) or (ellipsis and full.endswith(named)):
            return True
    return False


def cli_lines(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str], list[str]]:
    """:func:`run_cli`, with the output split into lines."""
    code, out, err = run_cli(capsys, *args)
    return code, out.splitlines(), err.splitlines()


def code(s: State, move: Any) -> str | None:
    """The rule code refusing ``move`` in ``s`` (None: legal)."""
    from canasta_rules.engine import refusal

    ref = refusal(s, move)
    return None if ref is None else ref.code


def finished(s: State, out_player: int = -1) -> State:
    """End the hand of ``s`` as it stands: ``out_player`` went out, or (-1) the stock ran out."""
    s.phase = Phase.OVER
    s.out_player = out_player
    s.end_reason = "went_out" if out_player >= 0 else "stock_exhausted"
    return s
