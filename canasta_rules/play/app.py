"""The full-screen table of ``canasta play`` (Textual).

The screen shows the hand of the person to move (sorted by rank, wild cards apart), both sides'
melds with canastas marked natural or mixed, red threes, the pile's top card and whether and why
it is frozen, the stock, each side's score and the minimum it needs to open, and whose turn it is.

A move is typed in the notation (completion from the legal moves: the suggestion shows greyed,
the right arrow takes it) or picked from the list of legal moves with the arrow keys and Enter,
or the mouse. The commands of line mode work in the box too (``help``, ``moves``, ``? CODE``,
``hint``, ``undo``, ``quit``: ``play/commands.py``). A refused move shows its reason and rule
code; ``? CODE`` shows the rule's parameter, its value and its source. Bots play at once. With
several people at the keyboard (hot seat) the hand is hidden between turns until the next player
presses Enter. At the end of a hand the score breakdown is shown until Enter (``u`` takes back the
turn that ended it); at the end of the game, the result.

The screen is laid out for 80x24 and up. The log takes the height that is left, and every
message in it is wrapped whole at the log's width, again whenever the width changes (Textual's
``RichLog`` renders each line once, at least 78 cells wide, which cut messages at the panel's
edge). Each side's melds are packed several to a line. Below 100 columns the list of legal moves
shows only while F2 picks from it, so that the log has the width.
"""

from __future__ import annotations

from collections import deque
from typing import ClassVar

from rich.markup import escape
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.events import Resize
from textual.screen import ModalScreen
from textual.suggester import Suggester
from textual.widgets import Footer, Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from ..errors import NotationError
from .commands import command
from .complete import complete
from .session import IllegalMove, NotAMove, Session, move_text
from .view import hand_end_lines, public_text, table_for

NARROW = 100
"""Below this many columns the legal moves show only while F2 picks from them."""

MELD_GAP = "   "
"""Between two melds packed on one line."""


def pack(items: list[str], width: int, gap: str = MELD_GAP) -> list[str]:
    """``items`` several to a line, in order, each line at most ``width`` cells where they fit
    (an item longer than that has a line of its own, and the screen wraps it)."""
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + len(gap) + len(item) <= width:
            lines[-1] += gap + item
        else:
            lines.append(item)
    return lines


class PlayLog(RichLog):
    """The log: every message wrapped whole at the log's width, and wrapped again when the
    width changes (it keeps the last ``KEEP`` messages to do so)."""

    KEEP = 2000
    DEFAULT_CSS = "PlayLog { scrollbar-gutter: stable; overflow-x: hidden; }"

    def __init__(self, id: str | None = None):
        super().__init__(id=id, wrap=True, markup=False, min_width=1, max_lines=self.KEEP * 2)
        self.texts: deque[str] = deque(maxlen=self.KEEP)
        self._width = 0

    def add(self, text: str) -> None:
        self.texts.append(text)
        self.write(text)

    def on_resize(self, event: Resize) -> None:
        # Runs before RichLog's own handler, which renders what was written before the size
        # was known. Lines already rendered at another width are rendered again.
        width = event.size.width
        if self._width and width != self._width:
            self.clear()
            for text in self.texts:
                self.write(text)
        self._width = width


class MoveSuggester(Suggester):
    """Completes a typed move from the legal moves, then word by word and card by card."""

    def __init__(self, legal: list[str], held: list[int]):
        super().__init__(use_cache=False, case_sensitive=True)
        self.legal = legal
        self.held = held

    async def get_suggestion(self, value: str) -> str | None:
        return complete(value, self.legal, self.held)


class Notice(ModalScreen[str]):
    """A message that hides the table until Enter (hand over, pass the keyboard). With
    ``undo``, the key u closes it asking to take back the last turn instead."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close", "Continue"),
        Binding("escape", "close", "Continue"),
        Binding("u", "undo", "Take back your last turn", show=False),
    ]

    def __init__(self, text: str, name: str | None = None, undo: bool = False):
        super().__init__(name=name)
        self.text = text
        self.undo = undo

    def compose(self) -> ComposeResult:
        keys = "[b]Enter[/b] to continue" + (
            ", [b]u[/b] to take back your last turn" if self.undo else ""
        )
        with Vertical(id="notice"):
            yield Static(escape(self.text), id="notice-text")
            yield Static(keys, id="notice-hint")

    def action_close(self) -> None:
        self.dismiss("")

    def action_undo(self) -> None:
        if self.undo:
            self.dismiss("undo")


class PlayApp(App[None]):
    """One game of ``canasta play`` on the screen."""

    TITLE = "canasta play"
    CSS = """
    #status { height: auto; padding: 0 1; background: $boost; }
    #melds { height: auto; }
    .side { width: 1fr; height: auto; border: round $primary; padding: 0 1; }
    #pile { height: auto; padding: 0 1; }
    #handbox { height: auto; border: round $accent; padding: 0 1; }
    #hand { height: auto; }
    #move { border: none; height: 1; padding: 0; background: $boost; }
    #move:focus { background: $primary 30%; }
    #bottom { height: 1fr; min-height: 5; }
    #log { width: 1fr; border: round $secondary; }
    #moves { width: 40; max-width: 40%; height: 100%; border: round $secondary; }
    .narrow #moves { display: none; }
    .narrow.picking #moves { display: block; }
    #notice { width: 72; max-width: 100%; height: auto; max-height: 100%;
              border: thick $accent; background: $surface; padding: 1 2; }
    Notice { align: center middle; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit (the record is saved)"),
        Binding("f2", "focus_moves", "Pick a move"),
        Binding("f3", "focus_input", "Type a move"),
    ]

    def __init__(self, session: Session):
        super().__init__()
        self.session = session
        self.viewer: int = min(session.opts.humans) if session.opts.humans else 0
        self.shown_hand = 0
        self.passing = False
        """The keyboard passes to another person: every hand is hidden until they are ready."""
        self.transcript: list[str] = []
        """Every line written to the log (moves, refusals, explanations, scores)."""

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="melds"):
            for i in range(len(self.session.sides)):
                yield Static(id=f"side-{i}", classes="side")
        yield Static(id="pile")
        with Vertical(id="handbox"):
            yield Static(id="hand")
            yield Input(placeholder="a move (draw, discard 4c ...), or help, hint, undo", id="move")
        with Horizontal(id="bottom"):
            yield PlayLog(id="log")
            yield OptionList(id="moves")
        yield Footer()

    def on_mount(self) -> None:
        s = self.session
        self.query_one("#handbox").border_title = "your hand"
        self.query_one("#log", PlayLog).border_title = "play (type help for the commands)"
        self.query_one("#moves", OptionList).border_title = "legal moves (F2)"
        self.set_class(self.size.width < NARROW, "narrow")
        for note in s.notes:
            self.log_line(f"note: {note}")
        if s.record_path is not None:
            self.log_line(f"record: {s.record_path} (written after every move)")
        s.save()
        self.advance()

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width < NARROW, "narrow")
        self.call_after_refresh(self.refresh_table)

    # ------------------------------------------------------------------ helpers
    def log_line(self, text: str) -> None:
        self.transcript.append(text)
        self.query_one("#log", PlayLog).add(text)

    def refresh_table(self) -> None:
        s = self.session
        t = table_for(s, self.viewer)
        status = self.query_one("#status", Static)
        scores = "    ".join(escape(x) for x in t.scores)
        status.update(f"[b]{escape(t.title)}[/b]\n{scores}\n[b]{escape(t.turn)}[/b]")
        # One box per side; where sides regroup (cutthroat) a side left without players has none.
        boxes = list(self.query(".side").results(Static))
        for i, widget in enumerate(boxes):
            widget.display = i < len(t.melds)
            if i >= len(t.melds):
                continue
            name, melds, reds = t.melds[i]
            width = widget.content_size.width or max(20, self.size.width // len(t.melds) - 4)
            body = "\n".join(escape(x) for x in pack(melds, width)) if melds else "(no melds)"
            widget.border_title = f"{escape(name)}  red threes: {escape(reds)}"
            widget.update(body)
        self.query_one("#pile", Static).update(escape(f"{t.pile}\n{t.stock}    {t.others}"))
        self.query_one("#hand", Static).update("(hidden)" if self.passing else escape(t.hand))
        moves = self.query_one("#moves", OptionList)
        moves.clear_options()
        texts = s.legal_texts() if s.human_to_move else []
        moves.add_options([Option(text) for text in texts])
        held = s.state.hand_cards(s.actor) if s.human_to_move else []
        self.query_one("#move", Input).suggester = MoveSuggester(texts, held)

    def advance(self) -> None:
        """Bots play; then the hand's end, a pass of the keyboard, or the next person's turn."""
        s = self.session
        for actor, m, top in s.run_bots():
            self.log_line(f"{s.seats[actor]}: {public_text(s.seats, actor, m, top)}")
        if s.hand_over:
            self.refresh_table()
            self.show_hand_end()
            return
        seat = s.actor
        if seat != self.viewer and len(s.opts.humans) > 1:
            self.viewer = seat
            self.passing = True
            self.refresh_table()
            self.push_screen(Notice(f"Pass the keyboard to {s.seats[seat]}."), self._unblock)
            return
        self.viewer = seat
        self.refresh_table()
        self.query_one("#move", Input).focus()

    def _unblock(self, _: str | None = None) -> None:
        self.passing = False
        self.refresh_table()
        self.query_one("#move", Input).focus()

    def show_hand_end(self) -> None:
        s = self.session
        text = "\n".join(hand_end_lines(s))
        for line in hand_end_lines(s):
            self.log_line(line)
        self.push_screen(Notice(text, undo=bool(s.opts.humans)), self._after_hand)

    def _after_hand(self, choice: str | None = None) -> None:
        s = self.session
        if choice == "undo":
            self.answer("undo")
            return
        if s.game_over:
            self.exit()
            return
        s.next_hand()
        self.log_line(f"hand {s.hand.number}, dealer {s.seats[s.hand.dealer]}")
        self.advance()

    # ------------------------------------------------------------------ input
    def answer(self, text: str) -> bool:
        """Answer a command typed in the box (``help``, ``hint``, ``undo`` ...); False if the
        text is not one."""
        reply = command(self.session, text, keys=True)
        if reply is None:
            return False
        self.log_line(f"> {text}")
        for line in reply.lines:
            self.log_line(line)
        if reply.quit:
            self.exit()
        elif reply.changed:
            self.advance()
        return True

    def submit(self, text: str) -> None:
        s = self.session
        text = text.strip()
        if not text or self.answer(text):
            return
        if s.hand_over or not s.human_to_move:
            return
        seat = s.seats[s.actor]
        try:
            played = s.play_text(text)
        except IllegalMove as e:
            self.log_line(f"refused: {e}")
            if e.legal:
                self.log_line(f"  legal instead: {e.legal[0]}  ({e.legal[1]})")
            self.log_line(f"  (type ? {e.refusal.code} for the rule and its source)")
            self.notify(escape(str(e.refusal)), title="illegal move", severity="error")
            return
        except NotationError as e:
            more = "" if isinstance(e, NotAMove) else "  (type help for the commands)"
            self.log_line(f"cannot read: {e.message}{more}")
            return
        self.log_line(f"{seat}: " + " ".join(move_text(s.seats, 0, m) for m in played))
        self.advance()

    @on(Input.Submitted, "#move")
    def _typed(self, event: Input.Submitted) -> None:
        event.input.value = ""
        self.submit(event.value)

    @on(OptionList.OptionSelected, "#moves")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.remove_class("picking")
        self.submit(str(event.option.prompt))
        self.query_one("#move", Input).focus()

    def action_focus_moves(self) -> None:
        self.add_class("picking")
        self.query_one("#moves", OptionList).focus()

    def action_focus_input(self) -> None:
        self.remove_class("picking")
        self.query_one("#move", Input).focus()
