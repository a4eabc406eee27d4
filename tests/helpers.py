"""Helpers shared by the tests: positions built from short card names, positions written in the
notation and ruled on, and the command line run in-process."""

from __future__ import annotations

import json
import re
from collections import Counter
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from canasta_rules import cards as C
from canasta_rules.engine import Phase, State
from canasta_rules.engine.position import Position
from canasta_rules.engine.rules import Rules, rules_for
from canasta_rules.engine.scoring import SideScore, score_hand
from canasta_rules.errors import CanastaError, shorten_path, visible
from canasta_rules.notation import parse, read_position, replay
from canasta_rules.notation.ruling import Verdict, rule_on
from canasta_rules.seats import seat_index, seat_names
from canasta_rules.variant import load, load_variant


def cs(text: str) -> tuple[int, ...]:
    """Cards from short names: ``cs("Kh Kd 2c")``."""
    return tuple(C.parse(t) for t in text.split())


def rules_of(variant: str, players: int | None = None, sets: tuple[str, ...] = ()) -> Rules:
    """The rules of ``variant`` at a table of ``players``, with the ``--set`` overrides ``sets``."""
    v = load(variant, sets).variant if sets else load_variant(variant)
    return rules_for(v, players)


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
    r = rules_of(variant, players, sets)
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


_KEY = re.compile(r"[a-z_]+(?:\.[a-z_]+)*")


def shown_settings(out: str | list[str]) -> dict[str, tuple[str, str]]:
    """``canasta variants show``'s settings, read back from its output: key -> (the value in
    words, where it comes from: ``from builtin:classic (001)``). Each setting is a row
    of two lines (its name over its key, its value over its origin); a long value folds onto
    more lines, which are joined again here."""
    lines = out.splitlines() if isinstance(out, str) else list(out)
    found: dict[str, tuple[str, str]] = {}
    off: int | None = None
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("setting ") and line.rstrip().endswith("value"):
            off = line.index("value")
            i += 1
            continue
        if off is None or not line or line[0] == " " or line.startswith("["):
            off = None if not line or line.startswith("[") else off
            i += 1
            continue
        block = [line]
        i += 1
        while i < len(lines) and lines[i].startswith("  ") and not lines[i].startswith("  note on"):
            block.append(lines[i])
            i += 1
        left = [b[:off].strip() for b in block]
        right = [b[off:].strip() for b in block]
        key = next(x for x in left[1:] if _KEY.fullmatch(x))
        at = max(n for n, x in enumerate(right) if x.startswith("from "))
        origin = " ".join(right[at:])
        right = right[:at]
        value = " ".join(x for x in right if x)
        found[key] = (value, origin)
    return found


def diff_settings(out: str | list[str]) -> dict[str, list[str]]:
    """``canasta variants diff``'s settings, read back from its output (a table, or a block a
    setting where the terminal is too narrow): key -> [value in a, value in b, sources]."""
    lines = out.splitlines() if isinstance(out, str) else list(out)
    lines = lines[: lines.index("")] if "" in lines else lines  # the key to the sources follows
    found: dict[str, list[str]] = {}
    if lines and lines[0].startswith("setting "):
        head = lines[0]
        cols = [m.start() for m in re.finditer(r"(?<=\s\s)\S", head)]
        cuts = [0, *cols, None]
        key = ""
        for line in lines[1:]:
            cells = [line[a:b].strip() for a, b in pairwise(cuts)]
            if not line.startswith(" "):
                name_cells = cells
                continue
            if _KEY.fullmatch(cells[0]) and cells[0] not in found:
                key = cells[0]
                found[key] = name_cells[1:]
            for n, extra in enumerate(cells[1:]):
                if extra:
                    found[key][n] += " " + extra
        return found
    key = ""
    for line in lines:
        m = re.fullmatch(r"(.*) \(([a-z_.]+)\)", line)
        if m and not line.startswith(" "):
            key = m.group(2)
            found[key] = []
        elif line.startswith("    "):
            found[key][-1] += " " + line.strip()
        elif line.startswith("  "):
            found[key].append(re.split(r"\s{2,}", line.strip(), maxsplit=1)[1])
    return found


def code(s: State, move: Any) -> str | None:
    """The rule code refusing ``move`` in ``s`` (None: legal)."""
    from canasta_rules.engine import refusal

    ref = refusal(s, move)
    return None if ref is None else ref.code


def finished(s: State, out_player: int = -1, concealed: bool | None = None) -> State:
    """End the hand of ``s`` as it stands: ``out_player`` went out, or (-1) the stock ran out;
    ``concealed``, when given, says whether that going out was concealed."""
    s.phase = Phase.OVER
    s.out_player = out_player
    if concealed is not None:
        s.concealed = concealed
    s.end_reason = "went_out" if out_player >= 0 else "stock_exhausted"
    return s


def points(variant: str, text: str) -> int:
    """What the cards ``text`` count under ``variant``."""
    return sum(rules_of(variant).value[c] for c in cs(text))


def with_stock(s: State, text: str) -> State:
    """Give the stock exactly these cards (top last), in a known order; the rest of the pack is
    out of play for the test."""
    s.stock = list(cs(text))
    s.stock_known = True
    return s


# --------------------------------------------------------------------------------------------
# Positions and records written in the notation (docs/notation.md)


# Seat fillers that never touch the ranks the tests play with (queens, aces, low cards).
E_HAND = "8c 9c Td Jh Kc"
W_HAND = "8d 9h Ts Jd Ks"
S_HAND = "8s 9s Th Jc Kh"
EW_MELDS = "Ad Ah As 2h"  # 80 points


def classic_pos(
    variant: str,
    *,
    n: str,
    s: str = S_HAND,
    e: str = E_HAND,
    w: str = W_HAND,
    ns: str = "",
    ew: str = EW_MELDS,
    red_ns: str = "",
    red_ew: str = "",
    melded: str | None = None,
    pile: str = "7c 9d",
    stock: str | None = None,
    turn: str | None = "drew stock",
    to_move: str = "N play",
    scores: str = "NS 1200, EW 900",
    previous: str | None = None,
    extra: str = "",
) -> str:
    """A four-player position in the notation, its seats filled with cards clear of the ranks
    the tests play with; ``turn=None`` leaves the 'turn:' line out."""
    lines = [f'[Variant "{variant}"]', f'[Scores "{scores}"]']
    if previous:
        lines.append(f'[Previous "{previous}"]')
    lines += ["", f"hand N: {n}", f"hand E: {e}", f"hand S: {s}", f"hand W: {w}"]
    if ns:
        lines.append(f"melds NS: {ns}")
    if ew:
        lines.append(f"melds EW: {ew}")
    if red_ns:
        lines.append(f"red NS: {red_ns}")
    if red_ew:
        lines.append(f"red EW: {red_ew}")
    if melded is not None:
        lines.append(f"melded: {melded}")
    if extra:
        lines.append(extra)
    lines.append(f"pile: {pile}")
    if stock is not None:
        lines.append(f"stock {stock}")
    if turn:
        lines.append(f"turn: {turn}")
    lines.append(f"to move: {to_move}")
    return "\n".join(lines) + "\n"


def read_state(text: str, variant: str | None = None) -> State:
    """The state the position ``text`` describes (``variant`` replaces its own)."""
    return read_position(parse(text), variant).state


def ruling(text: str, move: str, variant: str | None = None) -> Verdict:
    """The ruling on ``move`` in the position ``text`` (``variant`` replaces its own)."""
    return rule_on(read_position(parse(text), variant), move)


def refused(text: str, move: str, variant: str | None = None) -> str | None:
    """The rule code refusing ``move`` (None: legal)."""
    v = ruling(text, move, variant)
    return v.refusal.code if v.refusal else None


def ruled_legal(text: str, move: str, variant: str | None = None) -> Verdict:
    """The ruling on ``move``, which must be legal: it carries the state after the move."""
    v = ruling(text, move, variant)
    assert v.legal, v.text
    assert v.after is not None
    return v


def after(text: str, move: str, variant: str | None = None) -> State:
    """The state after the legal ``move`` from the position ``text``."""
    v = ruled_legal(text, move, variant)
    assert v.after is not None
    return v.after


def hand_scores(text: str, move: str, variant: str | None = None) -> list[SideScore]:
    """The scores of the hand that ``move`` ends."""
    v = ruled_legal(text, move, variant)
    assert v.after is not None and v.after.over
    return score_hand(v.after)


def scored(text: str, variant: str | None = None) -> list[SideScore]:
    """The scores of a finished-hand position ('out SEAT')."""
    state = read_state(text, variant)
    assert state.over
    return score_hand(state)


def breakdown(sc: SideScore) -> dict[str, int]:
    """A side's score: its non-zero rows and the total."""
    return {label: value for label, value in sc.rows() if value} | {"Total": sc.total}


def replay_error(text: str) -> str | None:
    """The message at which a record's replay stops (None: it replays to the end)."""
    try:
        replay(parse(text))
    except CanastaError as e:
        return str(e)
    return None


def code_of(message: str | None) -> str | None:
    """The rule code that ends an error message (the message itself if none does)."""
    if message is None:
        return None
    m = re.search(r"\(([a-z_.]+)\)$", message)
    return m.group(1) if m else message


def replay_code(text: str) -> str | None:
    """The rule code at which a record's replay stops (the message if it has none; None: it
    replays to the end)."""
    return code_of(replay_error(text))


# --------------------------------------------------------------------------------------------
# The command line on positions written to files


def write(tmp_path: Path, text: str, name: str = "p.pos") -> Path:
    """``text`` written to the file ``name`` in ``tmp_path``."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def cli_verdict(capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, move: str) -> str:
    """``canasta ruling POS MOVE``: 'legal', or the rule code of the refusal."""
    status, out, err = run_cli(capsys, "ruling", str(write(tmp_path, text)), move)
    assert status in (0, 1), err
    first = out.splitlines()[0]
    if first == "legal":
        assert status == 0
        return "legal"
    assert status == 1 and first.startswith("refused:"), out
    found = re.search(r"\(([a-z_.]+)\)$", first)
    assert found, first
    return found.group(1)


def cli_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, move: str
) -> str | None:
    """``canasta ruling POS MOVE --json``: None when legal, else the refusal's rule code."""
    status, out, err = run_cli(capsys, "ruling", str(write(tmp_path, text)), move, "--json")
    assert status in (0, 1), err
    data = json.loads(out)
    assert data["legal"] == (status == 0)
    return None if data["legal"] else str(data["code"])


def cli_score(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str
) -> dict[str, dict[str, int]]:
    """``canasta score POS --json``: each side's rows."""
    status, out, err = run_cli(capsys, "score", str(write(tmp_path, text)), "--json")
    assert status == 0, err
    data: dict[str, dict[str, int]] = json.loads(out)
    return data


def cli_tally(capsys: pytest.CaptureFixture[str], variant: str, *hands: str) -> str:
    """``canasta tally VARIANT --hand HAND ...``: the output (the command must succeed)."""
    args = [a for h in hands for a in ("--hand", h)]
    status, out, err = run_cli(capsys, "tally", variant, *args)
    assert status == 0, err
    return out


def sheet_text(capsys: pytest.CaptureFixture[str], variant: str, *extra: str) -> str:
    """``canasta rules VARIANT -f txt``, its words joined by single spaces so that a sentence
    wrapped over two lines reads as one."""
    status, out, err = run_cli(capsys, "rules", variant, "-f", "txt", *extra)
    assert status == 0, err
    return " ".join(out.split())
