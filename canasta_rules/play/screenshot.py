"""The play screen as an SVG for the docs, made with Textual's screenshot support.

Regenerate the committed pictures with::

    python -m canasta_rules.play.screenshot docs/images

It plays a fixed game (classic rules, seed 24, you at N against greedy bots) through the real
app with Textual's test pilot, on a terminal of 80x24 (the smallest the screen is laid out for),
your moves chosen as the greedy bot would. It saves the table at the first moment you are to
meld holding seven cards or more, with melds on both sides, a canasta among them and the pile
frozen, after asking for a hint (``play-table.svg``), and the end-of-hand breakdown
(``play-hand-end.svg``).
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from ..bots import make_bot
from ..engine.state import Phase
from .app import Notice, PlayApp
from .session import Options, Session, move_text

SIZE = (80, 24)
SEED = 24


async def _shoot(out: Path) -> list[Path]:
    sess = Session.new(Options(seed=SEED), None)
    app = PlayApp(sess)
    me = make_bot("greedy", SEED)
    written: list[Path] = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table_done = False
        while not isinstance(app.screen, Notice):
            s = sess.state
            if not table_done and _worth_showing(sess):
                box = app.query_one("#move")
                box.focus()
                box.value = "hint"  # type: ignore[attr-defined]
                await pilot.press("enter")
                await pilot.pause()
                written.append(Path(app.save_screenshot("play-table.svg", str(out))))
                table_done = True
            box = app.query_one("#move")
            box.focus()
            box.value = move_text(sess.seats, 0, me(s.copy()))  # type: ignore[attr-defined]
            await pilot.press("enter")
            await pilot.pause()
        written.append(Path(app.save_screenshot("play-hand-end.svg", str(out))))
    if not table_done:
        raise RuntimeError(f"seed {SEED} never shows the table worth a picture; pick another")
    return written


def _worth_showing(sess: Session) -> bool:
    s = sess.state
    r = sess.rules
    canasta = any(r.is_canasta(m.naturals, m.size) for side in s.melds for m in side.values())
    return (
        s.phase == Phase.PLAY
        and s.actor == 0
        and all(s.melds)
        and s.hand_len[0] >= 7
        and s.frozen
        and canasta
    )


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0] if args else "docs/images")
    out.mkdir(parents=True, exist_ok=True)
    for p in asyncio.run(_shoot(out)):
        print(f"wrote {p}")


if __name__ == "__main__":
    main()
