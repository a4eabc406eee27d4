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
from canasta_rules.play.commands import undone_text
from canasta_rules.play.session import IllegalMove, Options, Session, move_text
from canasta_rules.seats import side_word


def _script(opts: Options) -> tuple[list[str], Session]:
    """The lines a person at the human seats would type to play ``opts``'s game as the greedy
    bot would (an empty line at the pause after each hand), and the finished session (no record)
    they lead to."""
    sess = Session.new(opts, None)
    me = make_bot("greedy", 99)
    lines: list[str] = []
    while True:
        sess.run_bots()
        if sess.hand_over:
            if sess.game_over:
                return lines, sess
            sess.next_hand()
            lines.append("")
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
    assert f"result: {side_word(names[expected.winner or 0])} won, {totals}" in p.stdout
    # the table is printed before each of the person's moves; each hand ends on a pause
    assert p.stdout.count("N (you) to move") == len([x for x in lines if x])
    assert p.stdout.count("(Enter deals hand ") == len(expected.hands) - 1
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
    assert f"result: {side_word(names[expected.winner or 0])} won, {totals}" in replayed.stdout


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
    assert lines[1].startswith("setting: ") and lines[1].endswith(f" ({param})")
    assert "Pagat's Classic Canasta, teaching page [001]" in lines[2]
    assert explain(sess.loaded, sess.refusals, "going_out.canastas")[0] == (
        "setting: Canastas needed to go out: 1 canasta (going_out.canastas)"
    )
    assert "neither a rule code" in explain(sess.loaded, sess.refusals, "no.such")[0]
    # A rule code not met yet is explained from the package's table of refusals (docs/engine.md).
    lines = explain(sess.loaded, {}, "pile.frozen.needs_natural_pair")
    assert lines[0] == "pile.frozen.needs_natural_pair: a rule code (not met in this game yet)"
    assert lines[1] == "setting: Ways to take a frozen pile: pair of naturals (pile.frozen)"
    assert explain(sess.loaded, {}, "card.not_in_hand")[1] == (
        "rule: the same in every ruleset (no setting changes it)"
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


# ------------------------------------------------------------------------------ the commands


def test_a_piped_game_with_help_hint_undo_and_quit(tmp_path: Path) -> None:
    """Issue 24: 'help' was an unknown action that ended a piped game. The commands are read in
    line mode as in the app; undo takes back N's turn and the bots' after it, and the record
    resumes to the table the undo left."""
    rec = tmp_path / "g.can"
    sess = Session.new(Options(seed=3), None)
    sess.run_bots()
    hinted = _hinted(sess)
    script = ["help", "hint", "draw", "moves", "undo", hinted, "quit"]
    p = _play(["--seed", "3", "--record", str(rec)], "\n".join(script) + "\n", tmp_path)
    assert p.returncode == 0, p.stderr
    out = p.stdout
    for command in ("moves", "hint", "undo", "? CODE", "help", "quit"):
        assert f"\n  {command} " in out, command
    assert f"hint: {hinted}\n  why: " in out
    # the draw alone was played: undo takes the turn back to its start (said in turns, not as
    # "undone: 1 move taken back")
    assert "\ntaken back: what N has played of this turn; N plays it again from the start\n" in out
    assert out.count("N (you) to move: draw or take the pile") == 2  # again after the undo
    assert out.rstrip().endswith(f"stopped; resume with: canasta play --resume {rec}")
    # the record holds the hinted move, not the draw taken back
    rp = replay(read(str(rec)))
    n_moves = [m for seat, m in rp.hands[0].moves if seat == 0]
    assert len(n_moves) == 1
    assert move_text(rp.seats, 0, n_moves[0]).startswith(hinted)


WORDS = (
    "Moves: draw, take, meld, add, discard, ask. Commands: moves, hint, undo, ? CODE, help, quit."
)
"""What a line that is neither a move nor a command is answered with, after the word (classic:
asking partner is an action there; no expose, no foot)."""


def test_a_word_that_is_no_move_lists_the_moves_and_the_commands() -> None:
    """At the keyboard an unknown word listed only the notation's actions; it now lists play's
    commands too, with the closest word where one is close, and the same player types again."""
    import io

    from canasta_rules.play import line

    sess = Session.new(Options(seed=3), None)
    out = io.StringIO()
    mode = line.LineMode(sess, io.StringIO("helo\nfoo 4c\nN mled 4c\nquit\n"), out, strict=False)
    assert mode.run() == 0
    shown = out.getvalue().splitlines()
    said = [t.removeprefix("N> ") for t in shown if t.startswith("N> cannot read")]
    assert said == [
        f"cannot read: 'helo' is not a move or a command; did you mean 'help'? {WORDS}",
        f"cannot read: 'foo' is not a move or a command. {WORDS}",
        f"cannot read: 'mled' is not a move or a command; did you mean 'meld'? {WORDS}",
    ]


def test_a_piped_word_that_is_no_move_stops_the_game_with_one_line(tmp_path: Path) -> None:
    p = _play(["--seed", "3", "--record", "g.can"], "draw\nhelo\n", tmp_path)
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert p.stderr == (
        f"canasta: <stdin>:2: hand 1, N: 'helo' is not a move or a command; did you mean "
        f"'help'? {WORDS}\n"
    )


def _hinted(sess: Session) -> str:
    from canasta_rules.play.hint import hint

    return hint(sess)[0].removeprefix("hint: ")


def test_help_lists_every_command_the_table_answers() -> None:
    """Each command help lists is answered (none falls through to the move reader), and the
    move reader is what answers anything else."""
    from canasta_rules.play.commands import command, help_lines

    sess = Session.new(Options(seed=3), None)
    sess.run_bots()
    listed = [ln.split()[0] for ln in help_lines(sess) if ln.startswith("  ") and ln[2] != " "]
    listed = [w.rstrip(":") for w in listed]
    assert {"moves", "hint", "undo", "?", "help", "quit"} <= set(listed)
    for word in ("moves", "hint", "undo", "? pile.frozen", "help", "quit"):
        assert command(sess, word) is not None, word
    assert command(sess, "draw") is None and command(sess, "discard 4c") is None
    reply = command(sess, "undo 2 turns")
    assert reply is not None and reply.lines == ["type undo alone, with nothing after it"]


def test_the_pause_after_a_hand(tmp_path: Path, classic_game: tuple[list[str], Session]) -> None:
    """A hand ends on its breakdown and a pause: an empty line deals the next hand; a move typed
    there is refused (from a pipe: one line, exit 2)."""
    lines, _ = classic_game
    first_hand = lines[: lines.index("")]
    p = _play(
        ["--seed", "3", "--set", SHORT[0], "--record", str(tmp_path / "g.can")],
        "\n".join([*first_hand, "draw"]) + "\n",
        tmp_path,
    )
    assert p.returncode == 2
    assert "hand 1 over: " in p.stdout and "Total" in p.stdout
    assert p.stdout.rstrip().endswith("(Enter deals hand 2; or undo, help, quit)")
    assert p.stderr == (
        f"canasta: <stdin>:{len(first_hand) + 1}: hand 1 is over: an empty line (Enter) deals "
        "the next one\n"
    )


def test_a_move_typed_for_another_seat_is_refused() -> None:
    """'E draw' with N to move was played for N. It is refused, naming whose turn it is."""
    sess = Session.new(Options(seed=3), None)
    sess.run_bots()
    assert sess.seats[sess.actor] == "N"
    moves = len(sess.hand.moves)
    for typed in ("E draw", "e draw", "S draw discard 4c"):
        with pytest.raises(IllegalMove) as info:
            sess.play_text(typed)
        assert info.value.refusal.code == "turn.out_of_turn"
        seat = {"E": "East", "S": "South"}[typed[0].upper()]
        assert str(info.value) == f"{typed}: it is North's turn, not {seat}'s (turn.out_of_turn)"
    assert len(sess.hand.moves) == moves
    sess.play_text("N draw")
    assert len(sess.hand.moves) == moves + 1


def test_a_refused_line_shows_its_legal_way_where_there_is_one() -> None:
    """A refused line carries the legal form that ``canasta ruling`` would name (the same
    search), and line mode shows it under the reason; where none exists, nothing is shown.

    Seed 26 deals North 7c 7d with a 7s on the pile and 8h 8s 2h in hand; North-South have not
    opened, so the pair counts 15 of 50 (001: the pile is taken only by a side that meets its
    minimum, with the cards laid with the pickup), and laying the eights with it reaches 50."""
    import io

    from canasta_rules.play import line

    sess = Session.new(Options(seed=26), None)
    sess.run_bots()
    with pytest.raises(IllegalMove) as info:
        sess.play_text("take with 7c 7d")
    assert info.value.refusal.code == "open.below_minimum"
    assert info.value.legal is not None
    way, why = info.value.legal
    assert way == "take 7s with 7c 7d and 8h 8s 2h"
    assert "count toward the minimum" in why
    sess.play_text(way)  # the form named is legal as typed
    assert sess.state.opened[sess.state.side_of[0]]

    again = Session.new(Options(seed=26), None)
    again.run_bots()
    out = io.StringIO()
    mode = line.LineMode(
        again, io.StringIO("take with 7c 7d\ndiscard Ks\nquit\n"), out, strict=False
    )
    assert mode.run() == 0
    shown = out.getvalue()
    assert "refused: take with 7c 7d: " in shown
    assert f"\n  legal instead: {way}  ({why})\n" in shown
    assert "refused: discard Ks: draw from the stock or take the pile first" in shown
    assert shown.count("legal instead:") == 1, shown  # no legal form of a discard before drawing


# ------------------------------------------------------------------------------ undo


def _bot_line(sess: Session, seed: int) -> str:
    return move_text(sess.seats, sess.actor, make_bot("greedy", seed)(sess.state.copy()))


def test_undo_then_resume_plays_as_a_game_without_the_undo(tmp_path: Path) -> None:
    """After an undo the record holds the game as if the undone turn had never been played, so
    the bots choose as they would on resuming it: a game with an undo and a game played straight
    with the same kept moves hold the same moves, and their records resume to the same game.
    (The files differ in layout only: the undo wrote the record whole, a turn a line, where the
    straight game appended a move a line.)"""
    undone = tmp_path / "undone.can"
    straight = tmp_path / "straight.can"
    a = Session.new(Options(seed=5), undone)  # a hand long enough for six turns of N's
    a.save()
    b = Session.new(Options(seed=5), straight)
    b.save()
    for turn in range(6):
        for s in (a, b):
            s.run_bots()
        if turn in (2, 4):  # play a turn in a, take it back, then both play on alike
            while a.actor == 0 and not a.hand_over:
                a.play_text(_bot_line(a, 100 + turn))
            a.run_bots()
            done = a.undo()
            assert done.seat == 0 and done.moves > 0 and not done.partial
            assert a.state.hand_cards(0) == b.state.hand_cards(0)
        while b.actor == 0 and not b.hand_over:
            text = _bot_line(b, turn)
            b.play_text(text)
            a.play_text(text)
    for s in (a, b):
        s.run_bots()
    assert a.hand.moves == b.hand.moves
    assert a.record_text() == b.record_text()
    again, other = Session.resume(undone), Session.resume(straight)
    assert again.hand.moves == other.hand.moves == a.hand.moves
    assert again.record_text() == other.record_text()


def test_undo_before_anyone_has_played_says_so() -> None:
    from canasta_rules.play.session import PlayError

    sess = Session.new(Options(seed=3), None)
    sess.run_bots()
    with pytest.raises(PlayError, match="nothing to take back"):
        sess.undo()


def test_undo_into_the_hand_before(tmp_path: Path, classic_game: tuple[list[str], Session]) -> None:
    """With the next hand dealt and only bots having played in it, undo takes that hand back and
    the turn of N's that ended the hand before: its score and the totals go with it."""
    rec = tmp_path / "g.can"
    sess = Session.new(Options(seed=3, sets=SHORT), rec)
    sess.save()
    lines, _ = classic_game
    for text in lines[: lines.index("")]:
        sess.run_bots()
        sess.play_text(text)
    sess.run_bots()
    assert sess.hand_over
    sess.next_hand()
    sess.run_bots()
    assert sess.hand.number == 2 and sess.totals != [0, 0]
    # N had not played in hand 2: undo goes back into hand 1 (when N's own turn began there)
    if any(seat == 0 for seat, _ in sess.hand.moves):
        pytest.skip("N moved in hand 2 at this seed")  # pragma: no cover
    # the turns after N's last one in hand 1 (a turn is a run of one seat's moves here: no
    # asking in these bots' play), and every turn of hand 2
    hand1 = [seat for seat, _ in sess.hands[0].moves]
    last = max(i for i, seat in enumerate(hand1) if seat == 0 and (i == 0 or hand1[i - 1] != 0))
    runs = [seat for i, seat in enumerate(hand1) if i > last and seat != hand1[i - 1]]
    hand2 = [seat for seat, _ in sess.hand.moves]
    runs += [seat for i, seat in enumerate(hand2) if i == 0 or seat != hand2[i - 1]]
    text = undone_text(sess, sess.undo())
    assert text == (
        f"taken back: N's last turn and the {len(runs)} turns after it, and hand 1's score; "
        "back in hand 1, N plays that turn again"
    )
    assert sess.hand.number == 1 and not sess.hand_over and sess.totals == [0, 0]
    rp = replay(read(str(rec)))
    assert len(rp.hands) == 1 and rp.hands[0].score is None


# ------------------------------------------------------------------------------ the record file


def _record_after(tmp_path: Path, moves: int) -> tuple[Path, Session]:
    rec = tmp_path / "g.can"
    sess = Session.new(Options(seed=11), rec)
    sess.save()
    me = make_bot("greedy", 1)
    for _ in range(moves):
        sess.run_bots()
        sess.play_text(move_text(sess.seats, sess.actor, me(sess.state.copy())))
    return rec, sess


def test_a_move_is_appended_not_the_record_rewritten(tmp_path: Path) -> None:
    """Issue 26: the record was rewritten whole after every move. Now a move appends its line:
    the file's inode, its mode and every byte before stay as they were."""
    import os

    rec, sess = _record_after(tmp_path, 3)
    os.chmod(rec, 0o640)
    before = rec.read_bytes()
    inode = os.stat(rec).st_ino
    seat = sess.seats[sess.actor]
    text = move_text(sess.seats, sess.actor, make_bot("greedy", 1)(sess.state.copy()))
    (played,) = sess.play_text(text)
    after = rec.read_bytes()
    assert after.startswith(before)
    # the move's line, as the record writes it (a draw with the card it drew)
    assert after[len(before) :].decode() == f"{seat} {move_text(sess.seats, 0, played)}\n"
    assert os.stat(rec).st_ino == inode and os.stat(rec).st_mode & 0o777 == 0o640


def test_a_record_changed_by_another_program_is_written_whole(tmp_path: Path) -> None:
    """A move is appended only to the file as the game left it: a record changed meanwhile
    (here, a line added in an editor) is written whole from the game instead."""
    rec, sess = _record_after(tmp_path, 3)
    rec.write_text(rec.read_text() + "# a note added in an editor\n")
    sess.play_text(move_text(sess.seats, sess.actor, make_bot("greedy", 1)(sess.state.copy())))
    assert rec.read_text() == sess.record_text()
    assert "a note" not in rec.read_text()


def test_a_last_line_cut_short_by_a_crash_is_left_out_on_resume(tmp_path: Path) -> None:
    """A crash mid-append leaves a last line without its end of line. Cut at every byte of the
    last line (and of the line before, whole), the record still resumes: to the moves before the
    cut line, which is left out (even where what is left reads as a legal move), and said so."""
    rec, sess = _record_after(tmp_path, 8)
    data = rec.read_bytes()
    last = data.rstrip(b"\n").rfind(b"\n") + 1
    whole = Session.resume(rec)
    assert whole.hand.moves == sess.hand.moves
    for cut in range(last, len(data)):
        rec.write_bytes(data[:cut])
        got = Session.resume(rec)
        if cut == last:
            assert got.notes == []
        else:
            assert len(got.notes) == 1 and "left out" in got.notes[0]
        assert got.hand.moves == sess.hand.moves[: len(got.hand.moves)]
        assert len(got.hand.moves) >= len(sess.hand.moves) - 2
        got.save()  # written whole without the torn line: it reads back clean
        assert Session.resume(rec).notes == []


def test_the_piped_game_in_the_docs(tmp_path: Path) -> None:
    """docs/play-and-tally.md's line-mode script runs, and prints the lines it quotes."""
    doc = (Path(__file__).parent.parent / "docs" / "play-and-tally.md").read_text()
    block = doc.split("A piped game is a script of what a person would type:", 1)[1]
    block = block.split("```", 2)[1].strip().splitlines()
    command, quoted = block[0], [ln for ln in block[1:] if ln != "..."]
    assert command.startswith("$ printf '") and command.endswith(" --seed 3 --record g.can")
    script = command.split("'")[1].replace("\\n", "\n")
    p = _play(["--seed", "3", "--record", "g.can"], script, tmp_path)
    assert p.returncode == 0, p.stderr
    for line in quoted:
        assert line in p.stdout.splitlines(), line
