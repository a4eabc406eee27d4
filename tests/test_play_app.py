"""The Textual table of ``canasta play``, driven by Textual's test pilot: a whole hand played
through the real app with keys and typed moves, an illegal move refused with its rule code, the
record written after every move, resume from the record, the hot seat hiding hands."""

from __future__ import annotations

import asyncio
from pathlib import Path

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
            assert "parameter: pile.frozen = " in "\n".join(app.transcript)
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
    for words in ("mixed", "canasta", "frozen", "minimum", "wild:", "legal"):
        assert words in table, words
    end = html.unescape((tmp_path / "play-hand-end.svg").read_text()).replace("\xa0", " ")
    assert "Natural" in end and "Total" in end
