"""The Textual table of ``canasta play``, driven by Textual's test pilot: a whole hand played
through the real app with keys and typed moves, an illegal move refused with its rule code, the
record written after every move, resume from the record, the hot seat hiding hands."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Static

from canasta_rules import cards as C
from canasta_rules.bots import make_bot
from canasta_rules.engine.moves import Discard, Draw
from canasta_rules.notation import read, replay
from canasta_rules.play.app import Notice, PlayApp
from canasta_rules.play.session import Options, Session, move_text

SIZE = (110, 40)


async def _type(pilot: Pilot[None], text: str) -> None:
    """Type ``text`` into the move box key by key, then Enter."""
    await pilot.press("f3")
    keys = ["space" if ch == " " else ("colon" if ch == ":" else ch) for ch in text]
    await pilot.press(*keys, "enter")
    await pilot.pause()


async def _pick(pilot: Pilot[None], app: PlayApp, text: str) -> None:
    """Pick ``text`` from the list of legal moves with the arrow keys and Enter."""
    options = app.query_one("#moves", OptionList)
    prompts = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
    index = prompts.index(text)
    await pilot.press("f2", "home")
    await pilot.press(*(["down"] * index), "enter")
    await pilot.pause()


def _hand_text(app: PlayApp) -> str:
    return str(app.query_one("#hand", Static).render())


def _moves_in_record(path: Path) -> int:
    return len(replay(read(str(path))).hands[-1].moves)


async def _play_hand(app: PlayApp, pilot: Pilot[None], rec: Path) -> int:
    """Play N's turns as the greedy bot would, until the hand ends: draws picked from the list,
    discards typed key by key, other moves typed too. Returns the number of N's moves. After
    every move the record on disk holds exactly the moves played."""
    sess = app.session
    me = make_bot("greedy", 7)
    played = 0
    while not sess.hand_over:
        assert sess.human_to_move and sess.actor == 0
        m = me(sess.state.copy())
        text = move_text(sess.seats, 0, m)
        before = len(sess.hand.moves)
        if isinstance(m, Draw):
            await _pick(pilot, app, text)
        elif isinstance(m, Discard):
            await _type(pilot, text)
        else:
            box = app.query_one("#move", Input)
            box.focus()
            box.value = text
            await pilot.press("enter")
            await pilot.pause()
        played += 1
        assert len(sess.hand.moves) > before, f"{text!r} was not played: {app.transcript[-2:]}"
        assert _moves_in_record(rec) == len(sess.hand.moves)
    return played


def test_a_whole_hand_through_the_app(tmp_path: Path) -> None:
    rec = tmp_path / "g.can"

    async def run() -> None:
        sess = Session.new(Options(seed=15), rec)  # a seed whose first hand is short
        app = PlayApp(sess)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            # the screen: N's hand sorted by rank with the wild cards apart, scores, minimums
            held = sess.state.hand_cards(0)
            naturals = [c for c in held if not C.is_wild(c)]
            wilds = [c for c in held if C.is_wild(c)]
            assert _hand_text(app).startswith("N: " + C.names(naturals))
            assert _hand_text(app).endswith("wild: " + C.names(wilds) if wilds else "")
            status = str(app.query_one("#status", Static).render())
            assert "NS 0 (needs 50 to open)" in status and "N (you) to move" in status
            # an illegal move: refused with its reason and rule code, nothing changes
            moves = len(sess.hand.moves)
            await _type(pilot, "take")
            assert len(sess.hand.moves) == moves
            refused = [t for t in app.transcript if t.startswith("refused: ")]
            assert refused and refused[-1].endswith("(pile.frozen.needs_natural_pair)")
            await _type(pilot, "? pile.frozen.needs_natural_pair")
            assert "setting: Ways to take a frozen pile: " in "\n".join(app.transcript)
            assert any("Classic Canasta, teaching page [001]" in t for t in app.transcript)
            played = await _play_hand(app, pilot, rec)
            assert played > 3
            # end of hand: the breakdown on a notice, then the next hand
            assert isinstance(app.screen, Notice)
            assert sess.hand.score
            text = "\n".join(app.transcript)
            assert "hand 1 over: " in text and "Red threes" in text
            await pilot.press("enter")
            await pilot.pause()
            assert sess.hand.number == 2
        rp = replay(read(str(rec)))
        assert [sc.total for sc in rp.hands[0].score or []] == [
            sc.total for sc in sess.hands[0].score
        ]
        assert len(rp.hands) == 2

    asyncio.run(run())


def test_resume_in_the_app(tmp_path: Path) -> None:
    rec = tmp_path / "g.can"

    async def first() -> tuple[int, list[int]]:
        sess = Session.new(Options(seed=21), rec)
        app = PlayApp(sess)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await _type(pilot, "draw")
            hand = sess.state.hand_len[0]
            await pilot.press("ctrl+q")
        return hand, sess.state.hand_cards(0)

    hand_len, cards = asyncio.run(first())

    async def second() -> None:
        sess = Session.resume(rec)
        assert sess.state.hand_len[0] == hand_len and sess.actor == 0
        app = PlayApp(sess)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            naturals = [c for c in cards if not C.is_wild(c)]
            assert _hand_text(app).startswith("N: " + C.names(naturals))
            assert "meld, then discard" in str(app.query_one("#status", Static).render())
            # completion: a partly typed move, the right arrow takes the suggestion
            await pilot.press("f3", "d", "i", "s", "c")
            await pilot.pause()
            await pilot.press("right")
            box = app.query_one("#move", Input)
            assert box.value.startswith("discard ") and len(box.value) > len("discard ")
            box.value = ""
            await _pick(pilot, app, f"discard {C.name(cards[0])}")
            assert sess.state.hand_len[0] == hand_len - 1
        assert _moves_in_record(rec) == len(sess.hand.moves)

    asyncio.run(second())


def test_hot_seat_hides_the_hand_between_turns(tmp_path: Path) -> None:
    async def run() -> None:
        sess = Session.new(Options(ref="online", seed=5, humans=frozenset({0, 1})), None)
        app = PlayApp(sess)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            if isinstance(app.screen, Notice):  # the first player is asked for the keyboard
                await pilot.press("enter")
            first = sess.actor
            await _type(pilot, "draw")
            await _type(pilot, f"discard {C.name(sess.state.hand_cards(first)[0])}")
            assert sess.actor != first
            assert isinstance(app.screen, Notice)
            assert _hand_text(app) == "(hidden)"
            await pilot.press("enter")
            await pilot.pause()
            assert not isinstance(app.screen, Notice)
            assert _hand_text(app).startswith(f"{sess.seats[sess.actor]}: ")

    asyncio.run(run())


def test_screenshot_command_draws_the_table(tmp_path: Path) -> None:
    """The documented command that makes docs/images/*.svg runs, and the picture shows what
    the page says it shows."""
    import html

    from canasta_rules.play.screenshot import main

    main([str(tmp_path)])
    table = html.unescape((tmp_path / "play-table.svg").read_text()).replace("\xa0", " ")
    for words in ("mixed canasta", "frozen", "minimum", "wild:", "hint: ", "why: "):
        assert words in table, words
    end = html.unescape((tmp_path / "play-hand-end.svg").read_text()).replace("\xa0", " ")
    assert "Natural" in end and "Total" in end


# ------------------------------------------------------------------------------ the log, 80x24 up


def _screen_lines(app: PlayApp) -> list[str]:
    """The text of every row on the screen, as the terminal shows it."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def _log_rows(app: PlayApp) -> list[str]:
    """The rows of the log panel's inside, as shown (border and scrollbar left out)."""
    region = app.query_one("#log").content_region
    rows = _screen_lines(app)[region.y : region.y + region.height]
    return [row[region.x : region.x + region.width] for row in rows]


def _shown_whole(rows: list[str], message: str) -> bool:
    """Whether ``message`` is on screen whole in ``rows``, wrapped at spaces."""
    return " ".join(message.split()) in " ".join(" ".join(rows).split())


FROZEN = (
    "refused: take: the pile is frozen against your side until it has melded; you must show "
    "two natural fours from your hand (pile.frozen.needs_natural_pair)"
)
"""Seed 15's first refusal: 'take' at once, the pile frozen with a four on top (141 characters:
two lines of the log at 80 columns)."""


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40)])
def test_a_long_refusal_is_shown_whole(size: tuple[int, int]) -> None:
    """Issue 24: the log cut refusals at the panel's edge ("... frozen against your si"), and at
    80x24 it was 4 lines tall. Every message is wrapped whole at the log's width."""

    async def run() -> None:
        sess = Session.new(Options(seed=15), None)
        app = PlayApp(sess)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await _type(pilot, "take")
            await pilot.pause()
            assert FROZEN in app.transcript
            rows = _log_rows(app)
            assert _shown_whole(rows, FROZEN), rows
            assert len(rows) >= 8  # room for the play, at the smallest size too
            # the log has the width the legal moves leave (below 100 columns, all of it)
            assert len(rows[0]) >= size[0] - 4 - (40 if size[0] >= 100 else 0)

    asyncio.run(run())


def test_the_log_is_wrapped_again_when_the_terminal_shrinks() -> None:
    async def run() -> None:
        sess = Session.new(Options(seed=15), None)
        app = PlayApp(sess)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await _type(pilot, "take")
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            await pilot.pause()
            rows = _log_rows(app)
            assert len(rows[0]) < 80
            assert _shown_whole(rows, FROZEN), rows

    asyncio.run(run())


def test_melds_pack_several_to_a_line() -> None:
    from canasta_rules.play.app import pack

    melds = ["4c 4d 4h 2h", "5h 5s 5s", "6c 6d 6h 6s", "Kc Kd Kh Ks Ks 2c Jk  [mixed canasta]"]
    assert pack(melds, 36) == [
        "4c 4d 4h 2h   5h 5s 5s   6c 6d 6h 6s",
        "Kc Kd Kh Ks Ks 2c Jk  [mixed canasta]",
    ]
    assert pack(melds, 20) == melds[:2] + melds[2:]
    assert pack([], 20) == []


# ------------------------------------------------------------------------------ commands


def test_help_hint_and_undo_in_the_app(tmp_path: Path) -> None:
    """The box takes the commands line mode takes: help lists them, hint shows the strategy
    bot's move and why, undo takes back the person's last turn (and the record with it)."""
    rec = tmp_path / "g.can"

    async def run() -> None:
        sess = Session.new(Options(seed=15), rec)
        app = PlayApp(sess)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await _type(pilot, "help")
            text = "\n".join(app.transcript)
            for word in ("moves", "hint", "undo", "? CODE", "help", "quit", "F2"):
                assert f"\n  {word}" in text or f" {word} " in text, word
            await _type(pilot, "hint")
            hint = next(t for t in app.transcript if t.startswith("hint: "))
            assert app.transcript[app.transcript.index(hint) + 1].startswith("  why: ")
            before = [m for _, m in sess.hand.moves]
            start = sess.state.hand_cards(0)
            await _type(pilot, "draw")
            discard = C.name(sess.state.hand_cards(0)[-1])
            await _type(pilot, f"discard {discard}")
            assert len(sess.hand.moves) > len(before) + 2  # N's turn, and the bots' after it
            await _type(pilot, "undo")
            assert [m for _, m in sess.hand.moves] == before
            assert sess.state.hand_cards(0) == start and sess.human_to_move
            assert (
                "taken back: N's last turn and the 3 turns after it; N plays that turn again"
                in (app.transcript)
            )
            assert _moves_in_record(rec) == len(before)

    asyncio.run(run())


def test_u_at_the_end_of_a_hand_takes_back_the_turn_that_ended_it(tmp_path: Path) -> None:
    rec = tmp_path / "g.can"

    async def run() -> None:
        sess = Session.new(Options(seed=15), rec)
        app = PlayApp(sess)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            me = make_bot("greedy", 7)
            while not sess.hand_over:  # N's moves played straight on the session, to be quick
                sess.play_text(move_text(sess.seats, 0, me(sess.state.copy())))
                app.advance()
            await pilot.pause()
            assert isinstance(app.screen, Notice) and sess.hand_over
            totals = list(sess.totals)
            assert "u to take back your last turn" in str(
                app.screen.query_one("#notice-hint", Static).render()
            )
            await pilot.press("u")
            await pilot.pause()
            assert not isinstance(app.screen, Notice)
            assert not sess.hand_over and sess.human_to_move and sess.hand.number == 1
            assert sess.totals == [0, 0] != totals
            rp = replay(read(str(rec)))
            assert len(rp.hands) == 1 and rp.hands[0].score is None

    asyncio.run(run())
