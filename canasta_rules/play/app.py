"""The full-screen table of ``canasta play`` (Textual).

The screen shows the hand of the person to move (sorted by rank, wild cards apart), both sides'
melds with canastas marked natural or mixed, red threes, the pile's top card and whether and why
it is frozen, the stock, each side's score and the minimum it needs to open, and whose turn it is.

A move is typed in the notation (completion from the legal moves: the suggestion shows greyed,
the right arrow takes it) or picked from the list of legal moves with the arrow keys and Enter,
or the mouse. A refused move shows its reason and rule code; ``? CODE`` shows the rule's
parameter, its value and its source. Bots play at once. With several people at the keyboard (hot
seat) the hand is hidden between turns until the next player presses Enter. At the end of a hand
the score breakdown is shown; at the end of the game, the result.
"""

from __future__ import annotations

from typing import ClassVar

from rich.markup import escape
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.suggester import Suggester
from textual.widgets import Footer, Header, Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from ..errors import NotationError
from .complete import complete
from .explain import explain
from .line import _public
from .session import IllegalMove, Session, move_text
from .view import hand_end_lines, table_for


class MoveSuggester(Suggester):
    """Completes a typed move from the legal moves, then word by word and card by card."""

    def __init__(self, legal: list[str], held: list[int]):
        super().__init__(use_cache=False, case_sensitive=True)
        self.legal = legal
        self.held = held

    async def get_suggestion(self, value: str) -> str | None:
        return complete(value, self.legal, self.held)


class Notice(ModalScreen[None]):
    """A message that hides the table until Enter (hand over, pass the keyboard)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close", "Continue"),
        Binding("escape", "close", "Continue"),
    ]

    def __init__(self, text: str, name: str | None = None):
        super().__init__(name=name)
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(id="notice"):
            yield Static(escape(self.text), id="notice-text")
            yield Static("[b]Enter[/b] to continue", id="notice-hint")

    def action_close(self) -> None:
        self.dismiss(None)


class PlayApp(App[None]):
    """One game of ``canasta play`` on the screen."""

    TITLE = "canasta play"
    CSS = """
    #status { height: auto; padding: 0 1; background: $boost; }
    #melds { height: auto; }
    .side { width: 1fr; height: auto; border: round $primary; padding: 0 1; }
    #pile { height: auto; padding: 0 1; }
    #hand { height: auto; border: round $accent; padding: 0 1; }
    #bottom { height: 1fr; }
    #log { width: 2fr; border: round $secondary; }
    #moves { width: 1fr; border: round $secondary; }
    #notice { width: 72; height: auto; border: thick $accent; background: $surface; padding: 1 2; }
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
        yield Header()
        yield Static(id="status")
        with Horizontal(id="melds"):
            for side in self.session.sides:
                yield Static(id=f"side-{side}", classes="side")
        yield Static(id="pile")
        yield Static(id="hand")
        yield Input(
            placeholder="a move: draw, take with 9c 9d, meld ..., discard 4c, ? CODE", id="move"
        )
        with Horizontal(id="bottom"):
            yield RichLog(id="log", wrap=True, markup=False)
            yield OptionList(id="moves")
        yield Footer()

    def on_mount(self) -> None:
        s = self.session
        self.query_one("#hand", Static).border_title = "your hand"
        self.query_one("#log", RichLog).border_title = "play"
        self.query_one("#moves", OptionList).border_title = "legal moves (F2)"
        if s.record_path is not None:
            self.log_line(f"record: {s.record_path} (written after every move)")
        s.save()
        self.advance()

    # ------------------------------------------------------------------ helpers
    def log_line(self, text: str) -> None:
        self.transcript.append(text)
        self.query_one("#log", RichLog).write(text)

    def refresh_table(self) -> None:
        s = self.session
        t = table_for(s, self.viewer)
        status = self.query_one("#status", Static)
        scores = "    ".join(escape(x) for x in t.scores)
        status.update(f"[b]{escape(t.title)}[/b]\n{scores}\n[b]{escape(t.turn)}[/b]")
        for name, melds, reds in t.melds:
            body = "\n".join(escape(m) for m in melds) if melds else "(no melds)"
            widget = self.query_one(f"#side-{name}", Static)
            widget.update(f"[b]{name}[/b]  red threes: {escape(reds)}\n{body}")
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
        for actor, m in s.run_bots():
            self.log_line(f"{s.seats[actor]}: {move_text(s.seats, actor, _public(m))}")
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

    def _unblock(self, _: None = None) -> None:
        self.passing = False
        self.refresh_table()
        self.query_one("#move", Input).focus()

    def show_hand_end(self) -> None:
        s = self.session
        text = "\n".join(hand_end_lines(s))
        for line in hand_end_lines(s):
            self.log_line(line)
        self.push_screen(Notice(text), self._after_hand)

    def _after_hand(self, _: None = None) -> None:
        s = self.session
        if s.game_over:
            self.exit()
            return
        s.next_hand()
        self.log_line(f"hand {s.hand.number}, dealer {s.seats[s.hand.dealer]}")
        self.advance()

    # ------------------------------------------------------------------ input
    def submit(self, text: str) -> None:
        s = self.session
        text = text.strip()
        if not text:
            return
        if text.startswith("?"):
            for line in explain(s.loaded, s.refusals, text[1:]):
                self.log_line(line)
            return
        if s.hand_over or not s.human_to_move:
            return
        seat = s.seats[s.actor]
        try:
            played = s.play_text(text)
        except IllegalMove as e:
            self.log_line(f"refused: {e}")
            self.log_line(f"  (type ? {e.refusal.code} for the rule and its source)")
            self.notify(escape(str(e.refusal)), title="illegal move", severity="error")
            return
        except NotationError as e:
            self.log_line(f"cannot read: {e.message}")
            return
        self.log_line(f"{seat}: " + " ".join(move_text(s.seats, 0, m) for m in played))
        self.advance()

    @on(Input.Submitted, "#move")
    def _typed(self, event: Input.Submitted) -> None:
        event.input.value = ""
        self.submit(event.value)

    @on(OptionList.OptionSelected, "#moves")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.submit(str(event.option.prompt))

    def action_focus_moves(self) -> None:
        self.query_one("#moves", OptionList).focus()

    def action_focus_input(self) -> None:
        self.query_one("#move", Input).focus()
