"""The game notation: parsing, writing, replaying, errors, and the notation commands."""

from __future__ import annotations

import contextlib
import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canasta_rules import cards as C
from canasta_rules.bots import make_bot
from canasta_rules.engine import Game
from canasta_rules.errors import CanastaError, IllegalMoveError, NotationError
from canasta_rules.notation import format_document, parse, read_position, replay
from canasta_rules.notation.record import game_record
from canasta_rules.variant import load_variant
from canasta_rules.variant.builtin import names

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"

# (variant, table size) for every seating of every built-in variant
TABLES = [(n, s.players) for n in names() for s in load_variant(n).seating]


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    return run_cli(capsys, *args)


def record(variant: str, players: int, seed: int, bot: str, written: bool = True) -> tuple:
    v = load_variant(variant)
    g = Game(v, seed, players)
    result = g.play(make_bot(bot, seed))
    text = game_record(g.rules, result, variant, (), seed, written_deals=written)
    return g, result, text


# ------------------------------------------------------------------------------ round trip


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    table=st.sampled_from(TABLES),
    seed=st.integers(0, 10_000),
    bot=st.sampled_from(["random", "greedy"]),
    written=st.booleans(),
)
def test_written_games_replay_to_the_same_states_and_scores(
    table: tuple[str, int], seed: int, bot: str, written: bool
) -> None:
    variant, players = table
    _, result, text = record(variant, players, seed, bot, written)
    doc = parse(text, "game.can")
    assert format_document(doc) == text  # the writer's output is already canonical
    rp = replay(doc)
    assert rp.totals == result.scores
    assert len(rp.hands) == len(result.hands)
    for mine, theirs in zip(rp.hands, result.hands, strict=True):
        assert [m for _, m in mine.moves] == [m for _, m in theirs.moves]
        a, b = mine.end, theirs.end
        assert a is not None and b is not None
        assert a.hands == b.hands and a.melds == b.melds and a.red3 == b.red3
        assert a.pile == b.pile and sorted(a.stock) == sorted(b.stock)
        assert a.end_reason == b.end_reason and a.out_player == b.out_player
        assert [x.total for x in mine.score or []] == [x.total for x in theirs.score]


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.*")), ids=lambda p: p.name)
def test_fmt_is_idempotent_on_every_example(path: Path) -> None:
    once = format_document(parse(path.read_text(), str(path)))
    assert format_document(parse(once, str(path))) == once


def test_fmt_keeps_every_comment() -> None:
    for path in sorted(EXAMPLES.glob("*.*")):
        text = path.read_text()
        out = format_document(parse(text, str(path)))
        comments = [ln[ln.index("#") :] for ln in text.splitlines() if "#" in ln]
        assert [ln[ln.index("#") :] for ln in out.splitlines() if "#" in ln] == comments


def test_fmt_canonical_spelling() -> None:
    text = '[Variant   "classic"]\nhand 1 dealer S\n  N   draw  10s kh   discard ts # x\n'
    out = format_document(parse(text))
    assert out == '[Variant "classic"]\n\nhand 1 dealer S\nN draw Ts Kh discard Ts  # x\n'


# ------------------------------------------------------------------------------ examples

EXPECTED_EVENTS = {
    # file: (end reason, text that must appear on the commented line)
    "frozen-pickup.can": ("went_out", "take"),
    "permission-refused.can": ("went_out", "ask no"),
    "stock-out-forced-pickup.can": ("stock_exhausted", "take"),
    "black-threes-out.can": ("went_out", "meld 3"),
    "red-three-last.can": ("red_three_last", "draw"),
    "concealed.can": ("went_out", "meld"),
}


@pytest.mark.parametrize("name", sorted(EXPECTED_EVENTS))
def test_special_event_examples(name: str) -> None:
    """Each example replays, ends as documented, and shows its event on the commented line."""
    path = EXAMPLES / name
    doc = parse(path.read_text(), str(path))
    rp = replay(doc)
    end = rp.hands[-1].end
    assert end is not None
    reason, action = EXPECTED_EVENTS[name]
    assert end.end_reason == reason
    commented = [
        line for line in path.read_text().splitlines() if "#" in line and not line.startswith("#")
    ]
    assert len(commented) == 1 and action in commented[0]
    if name == "concealed.can":
        assert end.concealed
    if name == "permission-refused.can":
        seat = commented[0].split()[0]
        assert rp.seats.index(seat) != end.out_player or "discard" in commented[0]


def test_special_event_examples_state_the_rule() -> None:
    """The frozen pickup really is frozen, and the forced pickup really is forced."""
    from canasta_rules.engine.apply import apply_unchecked
    from canasta_rules.engine.legality import forced_pickup
    from canasta_rules.engine.moves import TakePile

    for name, check in (("frozen-pickup.can", "frozen"), ("stock-out-forced-pickup.can", "forced")):
        rp = replay(parse((EXAMPLES / name).read_text(), name))
        hand = rp.hands[0]
        s = hand.start.copy()
        seen = False
        for _, m in hand.moves:
            if isinstance(m, TakePile):
                if check == "frozen" and s.frozen:
                    seen = True
                if check == "forced" and not s.stock and forced_pickup(s):
                    seen = True
            apply_unchecked(s, m)
        assert seen, name


def test_full_game_examples_replay(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["replay", str(EXAMPLES / "classic-game.can")], capsys)
    assert code == 0
    assert "result: North-South won, NS 5395, EW 2870" in out
    code, out, _ = run(["replay", str(EXAMPLES / "two-hand-game.can")], capsys)
    assert code == 0 and "result: South won, N 5080, S 6270" in out


def test_e3_position_scores_as_000(capsys: pytest.CaptureFixture[str]) -> None:
    """000_1e7ce48765e073b7.txt: N-S 1630, E-W 575."""
    code, out, _ = run(["score", str(EXAMPLES / "e3-end-of-hand.pos")], capsys)
    assert code == 0
    assert re.search(r"Total\s+1630\s+575", out)
    assert re.search(r"Melds\s+305\s+295", out) and re.search(r"Cards in hand\s+-75\s+-120", out)


def test_e4_position_scores_as_001(capsys: pytest.CaptureFixture[str]) -> None:
    """001_0cb887cc6d824426.txt: 800 + 160 + 200 + 100 - 25 = 1235."""
    code, out, _ = run(["score", str(EXAMPLES / "e4-end-of-hand.pos")], capsys)
    assert code == 0 and re.search(r"Total\s+1235\s", out)


def test_ruling_frozen_pile(capsys: pytest.CaptureFixture[str]) -> None:
    pos = str(EXAMPLES / "e5-frozen-pile.pos")
    code, out, _ = run(["ruling", pos, "take with Qc Jk"], capsys)
    assert code == 1
    assert "(pile.frozen.needs_natural_pair)" in out
    assert "setting: Ways to take a frozen pile: pair of naturals (pile.frozen)" in out
    assert "source: Pagat's Classic Canasta, teaching page [001]: " in out
    code, out, _ = run(["ruling", pos, "N draw 5h discard 5h"], capsys)
    assert code == 0 and out.strip() == "legal"
    code, out, _ = run(["ruling", pos, "E draw 5h"], capsys)
    assert code == 1 and "turn.out_of_turn" in out


# ------------------------------------------------------------------------------ errors


def _bad(tmp_path: Path, text: str, name: str = "bad.can") -> Path:
    p = tmp_path / name
    p.write_text(text)
    return p


GAME_HEAD = (EXAMPLES / "classic-game.can").read_text().split("\nN ")[0]


def test_illegal_move_error_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """FILE:LINE:COL: hand H, turn T, SEAT: action: reason (code), exit 2, no traceback."""
    lines = (EXAMPLES / "classic-game.can").read_text().splitlines()
    # Make turn 3 of hand 1 try to take the pile without the cards for it.
    first = next(i for i, ln in enumerate(lines) if ln.startswith("hand 1"))
    turns = [i for i in range(first, len(lines)) if re.match(r"[NESW] ", lines[i])]
    i = turns[2]
    seat = lines[i][0]
    lines[i] = f"{seat} take with Jk discard 4c"
    p = _bad(tmp_path, "\n".join(lines) + "\n")
    code, _out, err = run(["replay", str(p)], capsys)
    assert code == 2
    assert "Traceback" not in err
    first, *details = err.splitlines()
    assert re.fullmatch(
        rf"canasta: {re.escape(str(p))}:{i + 1}:3: hand 1, turn 3, {seat}: take with Jk: .+ "
        r"\([a-z_.]+\)",
        first,
    ), err
    # Under the one located line, indented: the table as the player saw it (notation/report.py).
    assert details and all(d.startswith("  ") for d in details), err
    assert details[-1].endswith("--at 1.2"), err


def test_out_of_turn(tmp_path: Path) -> None:
    text = (EXAMPLES / "concealed.can").read_text().replace("\nN draw", "\nE draw")
    with pytest.raises(IllegalMoveError) as e:
        replay(parse(text, "x.can"))
    assert "hand 1, turn 1, E" in str(e.value) and "it is North's turn, not East's" in str(e.value)
    assert e.value.refusal.code == "turn.out_of_turn"


def test_missing_discard(tmp_path: Path) -> None:
    text = (EXAMPLES / "frozen-pickup.can").read_text()
    lines = text.splitlines()
    i = next(i for i, ln in enumerate(lines) if re.match(r"[NESW] draw", ln))
    lines[i] = re.sub(r" discard \S+", "", lines[i])
    with pytest.raises(NotationError) as e:
        replay(parse("\n".join(lines) + "\n", "x.can"))
    assert e.value.line == i + 1
    assert "turn is not over: a turn ends with a discard" in e.value.message


@pytest.mark.parametrize(
    ("text", "col", "words"),
    [
        ("N draw Kx\n", 8, "'Kx' is not a card"),
        ("N drw 7s\n", 3, "unknown action 'drw'"),
        ("N discard 4c 5d\n", 14, "discard names exactly one card"),
        ("draw 7s\n", 1, "a line starts with a seat"),
        ("N draw 7s add Qh 2c\n", 11, "add names the meld's rank"),
        ("N draw 7s ask discard 4c\n", 11, "'ask yes' or 'ask no'"),
        ("[Variant classic]\n", 10, "double quotes"),
        ("hand x\n", 6, "a hand starts with its number"),
        ("N meld 7s 7h, \n", 13, "a comma must be followed"),
    ],
)
def test_syntax_errors_point_at_the_slip(text: str, col: int, words: str) -> None:
    with pytest.raises(NotationError) as e:
        parse(text, "bad.can")
    assert (e.value.file, e.value.line, e.value.column) == ("bad.can", 1, col)
    assert words in e.value.message


def test_syntax_error_through_the_cli(tmp_path: Path) -> None:
    p = _bad(tmp_path, '[Variant "classic"]\nhand 1 dealer S seed 1\nN draw Kx\n')
    proc = subprocess.run(
        [sys.executable, "-m", "canasta_rules", "replay", str(p)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert proc.returncode == 2
    assert proc.stderr == (
        f"canasta: {p}:3:8: 'Kx' is not a card: the suit must be 'c', 'd', 'h' or 's' "
        "(lower case)\n"
    )


def test_record_structure_errors(tmp_path: Path) -> None:
    cases = {
        "hand 2 seed 1\n": "expected hand 1, not hand 2",
        "hand 1\nN draw\n": "say who deals",
        '[Seed "1"]\nhand 1\ndeal N: 4c\n': "a written-out deal needs exactly one upcard line",
        '[Seed "1"]\nhand 1 dealer N\nhand 2 dealer W\n': "does not end before the next hand",
        '[Seed "1"]\nhand 1\nscore NS 10 EW 0\n': "has not ended",
        '[Variant "clasic"]\n': "no built-in variant 'clasic'; did you mean 'classic'?",
    }
    for text, words in cases.items():
        with pytest.raises(CanastaError) as e:
            replay(parse(text, "x.can"))
        assert words in str(e.value), (text, str(e.value))


def test_assertions_are_checked() -> None:
    text = (EXAMPLES / "concealed.can").read_text()
    bad = re.sub(r"score NS (\d+)", lambda m: f"score NS {int(m.group(1)) + 5}", text)
    with pytest.raises(NotationError) as e:
        replay(parse(bad, "x.can"))
    assert "the replay gives" in e.value.message


# ------------------------------------------------------------------------------ fuzzing

_VALID = [(EXAMPLES / n).read_text() for n in sorted(EXPECTED_EVENTS)]


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=200))
def test_random_text_raises_only_our_errors(text: str) -> None:
    with contextlib.suppress(CanastaError):
        replay(parse(text, "fuzz.can"))


@settings(max_examples=200, deadline=None)
@given(
    base=st.sampled_from(_VALID),
    cut=st.integers(0, 5000),
    junk=st.text(alphabet='NESWdrawtkemlisc23456789TJQKAhsx:,| \n#[]"', max_size=12),
    swap=st.booleans(),
)
def test_mutated_records_raise_only_our_errors(base: str, cut: int, junk: str, swap: bool) -> None:
    cut %= max(1, len(base))
    text = base[:cut] + junk + base[cut + (len(junk) if swap else 0) :]
    with contextlib.suppress(CanastaError):
        replay(parse(text, "fuzz.can"))


@settings(max_examples=60, deadline=None)
@given(base=st.sampled_from(_VALID), data=st.data())
def test_mutated_cards_raise_only_our_errors(base: str, data: st.DataObject) -> None:
    """Swap one card name for another: the record usually becomes illegal, never a crash."""
    spots = [m.span() for m in re.finditer(r"\b(?:[2-9TJQKA][cdhs]|Jk)\b", base)]
    start, end = data.draw(st.sampled_from(spots))
    card = C.name(data.draw(st.integers(0, C.NUM_CARD_IDS - 1)))
    with contextlib.suppress(CanastaError):
        replay(parse(base[:start] + card + base[end:], "fuzz.can"))


# ------------------------------------------------------------------------------ commands


def test_record_command_writes_a_replayable_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "g.can"
    code, _, _ = run(
        ["record", "two-hand", "--seed", "4", "--bots", "random", "-o", str(out)], capsys
    )
    assert code == 0
    text = out.read_text()
    assert text.startswith('[Event "random bots, seed 4"]\n[Variant "two-hand"]\n')
    code, stdout, _ = run(["replay", str(out)], capsys)
    assert code == 0 and ("result:" in stdout or "totals:" in stdout)
    code, _, _ = run(["record", "classic", "--seed", "4", "--seeded-deals", "-o", str(out)], capsys)
    assert code == 0 and "deal N:" not in out.read_text() and "seed 4:1" in out.read_text()
    code, _, err = run(["record", "classic", "--players", "3"], capsys)
    assert code == 2 and "is for 4 players, not 3" in err


def test_fmt_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = _bad(tmp_path, '[Variant "classic"]\nhand 1 dealer S seed 1\n  N   draw  kh\n', "f.can")
    code, out, _ = run(["fmt", str(p)], capsys)
    assert code == 0 and out == '[Variant "classic"]\n\nhand 1 dealer S seed 1\nN draw Kh\n'
    code, _, err = run(["fmt", "--check", str(p)], capsys)
    assert code == 1 and "not in the standard layout (canasta fmt -i rewrites it)" in err
    code, _, _ = run(["fmt", "-i", str(p)], capsys)
    assert code == 0 and p.read_text() == out
    code, _, _ = run(["fmt", "--check", str(p)], capsys)
    assert code == 0


def test_replay_at_shows_a_position(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["replay", str(EXAMPLES / "classic-game.can"), "--at", "2.5"], capsys)
    assert code == 0
    assert out.startswith('[Variant "classic"]\n')
    assert "to move: " in out and "hand N: " in out
    # The position it prints is itself a valid position.
    pos = read_position(parse(out, "at.pos"))
    assert not pos.state.over


def test_replay_under_another_ruleset(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--set and --variant replay the same record under other rules: here a record in which a
    player goes out with one canasta is refused once two are needed."""
    p = EXAMPLES / "concealed.can"
    code, _, err = run(["replay", str(p), "--set", "going_out.canastas=2"], capsys)
    assert code == 2
    assert "hand 1, turn 1, N: meld Qc Qs 2c" in err
    assert "until your side has 2 canastas to go out (meld.keep_a_card)" in err
    code, out, _ = run(["replay", str(p), "--variant", "encyclopedia"], capsys)
    assert code == 0 and "North went out" in out
