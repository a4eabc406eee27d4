"""``canasta play`` without a terminal: a whole game from a script of moves, its record replayed
to the same scores, resume from a stopped game, refusals with their rule codes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from canasta_rules import cards as C
from canasta_rules.bots import make_bot
from canasta_rules.engine.moves import Discard
from canasta_rules.notation import read, replay
from canasta_rules.play.session import IllegalMove, Options, Session, move_text


def _script(opts: Options) -> tuple[list[str], Session]:
    """The lines a person at the human seats would type to play ``opts``'s game as the greedy
    bot would, and the finished session (no record) they lead to."""
    sess = Session.new(opts, None)
    me = make_bot("greedy", 99)
    lines: list[str] = []
    while True:
        sess.run_bots()
        if sess.hand_over:
            if sess.game_over:
                return lines, sess
            sess.next_hand()
            continue
        m = me(sess.state.copy())
        text = move_text(sess.seats, sess.actor, m)
        lines.append(text)
        sess.play_text(text)


def _play(args: list[str], stdin: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "canasta_rules", "play", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=120,
    )


SHORT = ("game.target=1500",)
"""A shorter game keeps the tests quick; the rules are classic's otherwise."""


@pytest.fixture(scope="module")
def classic_game() -> tuple[list[str], Session]:
    return _script(Options(seed=3, sets=SHORT, humans=frozenset({0})))


def test_whole_game_from_a_script_replays_to_the_same_scores(
    tmp_path: Path, classic_game: tuple[list[str], Session]
) -> None:
    lines, expected = classic_game
    assert expected.game_over and len(expected.hands) > 1
    rec = tmp_path / "g.can"
    p = _play(
        ["--seed", "3", "--set", SHORT[0], "--record", str(rec)], "\n".join(lines) + "\n", tmp_path
    )
    assert p.returncode == 0, p.stderr
    names = expected.sides
    totals = ", ".join(f"{n} {v}" for n, v in zip(names, expected.totals, strict=True))
    assert f"result: {names[expected.winner or 0]} wins, {totals}" in p.stdout
    # the table is printed before each of the person's moves
    assert p.stdout.count("N (you) to move") == len(lines)
    rp = replay(read(str(rec)))
    assert rp.game_over and rp.totals == expected.totals
    assert [[sc.total for sc in h.score or []] for h in rp.hands] == [
        [sc.total for sc in h.score] for h in expected.hands
    ]
    replayed = subprocess.run(
        [sys.executable, "-m", "canasta_rules", "replay", str(rec)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert replayed.returncode == 0, replayed.stderr
    assert f"result: {names[expected.winner or 0]} wins, {totals}" in replayed.stdout


def test_stop_and_resume_gives_the_same_game(
    tmp_path: Path, classic_game: tuple[list[str], Session]
) -> None:
    """Stopped part-way (the input ends), then resumed with the rest of the moves: the record
    is the one an unbroken game writes, byte for byte."""
    lines, _ = classic_game
    whole = tmp_path / "whole.can"
    assert (
        _play(
            ["--seed", "3", "--set", SHORT[0], "--record", str(whole)], "\n".join(lines), tmp_path
        ).returncode
        == 0
    )
    part = tmp_path / "part.can"
    cut = len(lines) // 2 + 1  # mid-turn: after a draw, before its discard, somewhere
    first = _play(
        ["--seed", "3", "--set", SHORT[0], "--record", str(part)], "\n".join(lines[:cut]), tmp_path
    )
    assert first.returncode == 0, first.stderr
    assert f"resume with: canasta play --resume {part}" in first.stdout
    assert "Result" not in part.read_text()
    second = _play(["--resume", str(part)], "\n".join(lines[cut:]), tmp_path)
    assert second.returncode == 0, second.stderr
    assert part.read_text() == whole.read_text()


def test_record_is_written_after_every_move(tmp_path: Path) -> None:
    rec = tmp_path / "g.can"
    sess = Session.new(Options(seed=11), rec)
    me = make_bot("greedy", 1)
    for _ in range(12):
        sess.run_bots()
        if sess.hand_over:
            break
        sess.play_text(move_text(sess.seats, sess.actor, me(sess.state.copy())))
        rp = replay(read(str(rec)))
        assert len(rp.hands[-1].moves) == len(sess.hand.moves)
        assert rp.hands[-1].end is not None
        assert rp.hands[-1].end.hand_len == sess.state.hand_len


def _not_held(sess: Session, seat: int) -> str:
    held = {C.name(c) for c in sess.state.hand_cards(seat)}
    return next(n for n in ("Kh", "Ks", "Kc", "Kd", "Qh", "Qs", "Qc", "Qd") if n not in held)


def test_illegal_move_from_a_pipe_stops_with_its_rule(tmp_path: Path) -> None:
    rec = tmp_path / "g.can"
    sess = Session.new(Options(seed=3), None)
    sess.run_bots()
    missing = _not_held(sess, 0)
    p = _play(
        ["--seed", "3", "--set", SHORT[0], "--record", str(rec)],
        f"draw\ndiscard {missing}\n",
        tmp_path,
    )
    assert p.returncode == 2
    err = p.stderr.strip().splitlines()
    assert len(err) == 1
    assert err[0].startswith("canasta: <stdin>:2: hand 1, N: discard ")
    assert err[0].endswith("(card.not_in_hand)")
    # the record keeps the moves before the refused one: it replays, N has drawn
    rp = replay(read(str(rec)))
    assert rp.hands[0].moves[-1][0] == 0


def test_refusal_reason_and_rule_source(tmp_path: Path) -> None:
    """At the table a refused move changes nothing; ``?`` on its code shows the parameter with
    its value and the source (001 for classic's frozen pile)."""
    from canasta_rules.play.explain import explain

    sess = Session.new(Options(seed=3), None)
    sess.run_bots()
    before = sess.state.hand_len[0]
    with pytest.raises(IllegalMove) as info:
        sess.play_text("take")
    code = info.value.refusal.code
    assert code.startswith("pile.")
    assert sess.state.hand_len[0] == before
    lines = explain(sess.loaded, sess.refusals, f" {code}")
    assert lines[0].startswith(f"{code}: ")
    param = info.value.refusal.parameter
    assert lines[1].startswith(f"parameter: {param} = ")
    assert "Pagat's Classic Canasta, teaching page [001]" in lines[2]
    assert explain(sess.loaded, sess.refusals, "going_out.canastas")[0] == (
        "parameter: going_out.canastas = 1"
    )
    assert "neither a rule code" in explain(sess.loaded, sess.refusals, "no.such")[0]
    # A rule code not met yet is explained from the package's table of refusals (docs/engine.md).
    lines = explain(sess.loaded, {}, "pile.frozen.needs_natural_pair")
    assert lines[0] == "pile.frozen.needs_natural_pair: a rule code (not met in this game yet)"
    assert lines[1] == 'parameter: pile.frozen = ["natural_pair"]'
    assert explain(sess.loaded, {}, "card.not_in_hand")[1] == (
        "rule: shared by every variant (not a parameter)"
    )


def test_a_refused_line_changes_nothing() -> None:
    """'draw discard X' with X not held: the draw is not made either."""
    sess = Session.new(Options(seed=3), None)
    sess.run_bots()
    moves, stock = len(sess.hand.moves), len(sess.state.stock)
    with pytest.raises(IllegalMove) as info:
        sess.play_text(f"draw discard {_not_held(sess, 0)}")
    assert info.value.refusal.code == "card.not_in_hand"
    assert (len(sess.hand.moves), len(sess.state.stock)) == (moves, stock)


def test_hot_seat_two_people_script(tmp_path: Path) -> None:
    """Two people (N and S) at one keyboard under the two-player online rules: the script plays
    both seats and the record replays to the same totals."""
    lines, expected = _script(Options(ref="online", seed=5, sets=SHORT, humans=frozenset({0, 1})))
    rec = tmp_path / "g.can"
    p = _play(
        ["online", "--seed", "5", "--set", SHORT[0], "--humans", "N S", "--record", str(rec)],
        "\n".join(lines) + "\n",
        tmp_path,
    )
    assert p.returncode == 0, p.stderr
    assert "S (you) to move" in p.stdout and "N (you) to move" in p.stdout
    rp = replay(read(str(rec)))
    assert rp.totals == expected.totals and rp.game_over
    assert '[Players "N human, S human"]' in rec.read_text()


def test_resume_refuses_a_record_without_seed(tmp_path: Path) -> None:
    rec = tmp_path / "x.can"
    rec.write_text('[Variant "classic"]\n\nhand 1 dealer N seed abc\n')
    p = _play(["--resume", str(rec)], "", tmp_path)
    assert p.returncode == 2
    assert "no Seed tag" in p.stderr and len(p.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "variant",
    sorted(p.stem for p in (Path(__file__).parent.parent / "variants").glob("*.toml")),
)
def test_every_move_typed_as_text_in_every_builtin_variant(tmp_path: Path, variant: str) -> None:
    """Everyone at the keyboard: every move of a hand, written as a person types it and read
    back, plays the same hand; the record replays to the session's score."""
    rec = tmp_path / "g.can"
    probe = Session.new(Options(ref=variant, seed=2), None)
    everyone = frozenset(range(probe.rules.players))
    sess = Session.new(Options(ref=variant, seed=2, humans=everyone), rec)
    bot = make_bot("greedy", 4)
    kinds = set()
    while not sess.hand_over:
        m = bot(sess.state.copy())
        kinds.add(type(m).__name__)
        played = sess.play_text(move_text(sess.seats, sess.actor, m))
        assert len(played) == 1
        if isinstance(m, Discard) and m.talon is None:
            # A talon (talons.sizes) is chance, like a draw: it comes back with its cards.
            assert isinstance(played[0], Discard) and played[0].card == m.card
        elif type(m).__name__ not in ("Draw", "Expose", "TakePile", "Foot"):
            assert played[0] == m  # draws come back with the cards they took
    assert {"Draw", "Discard"} <= kinds
    rp = replay(read(str(rec)))
    assert [sc.total for sc in rp.hands[0].score or []] == [sc.total for sc in sess.hand.score]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "clever"], "canasta: --bots: unknown bot 'clever'"),
        (["--humans", "NX"], "canasta: --humans: no seat 'X' at a 4-player table"),
        (["online", "--players", "4"], "canasta: variant 'online' is for 2 players, not 4"),
    ],
)
def test_bad_options_are_one_line(tmp_path: Path, args: list[str], message: str) -> None:
    p = _play([*args, "--record", str(tmp_path / "g.can")], "", tmp_path)
    assert p.returncode == 2
    assert len(p.stderr.strip().splitlines()) == 1 and p.stderr.startswith(message)
    assert not (tmp_path / "g.can").exists()


def test_cutthroat_table_shows_the_partnership_once_sides_form() -> None:
    """Cutthroat (BCT: the first to take the pile plays alone; the other two join their melds):
    once someone has taken the pile the table shows the pair's melds together, each partner's
    red threes by name, and the lone player's side on its own."""
    from canasta_rules.play.view import table_lines

    opts = Options(ref="three-hand-cutthroat", seed=3, humans=frozenset({0, 1, 2}))
    sess = Session.new(opts, None)
    bot = make_bot("greedy", 1)
    while not sess.state.sides_formed and not sess.hand_over:  # play until the first pickup
        sess.play_text(move_text(sess.seats, sess.actor, bot(sess.state.copy())))
    assert sess.state.sides_formed
    s = sess.state
    lone = next(p for p in range(3) if not s.partners(p))
    pair = "+".join(sess.seats[p] for p in range(3) if p != lone)
    lines = table_lines(sess, 0)
    meld_lines = [line for line in lines if " melds: " in line]
    assert [line.split(" melds: ")[0] for line in meld_lines] == sorted(
        [pair, sess.seats[lone]], key=lambda name: "NEW".index(name[0])
    )


def test_table_lists_each_red_three_once_for_a_fixed_partnership() -> None:
    """001: red threes are laid out in front of the side; the table lists each once (it used to
    repeat a side's red threes for every partner, showing 3d 3d 3d 3d where the pack holds two)."""
    from canasta_rules.play.view import table_for

    for seed in range(30):
        sess = Session.new(Options(ref="classic", seed=seed, humans=frozenset({0})), None)
        s = sess.state
        if s.red3[0] or s.red3[1]:
            break
    table = table_for(sess, 0)
    for side, (_, _, reds) in enumerate(table.melds):
        expected = C.names(s.red3[side]) or "-"
        assert reds == expected
