"""``canasta tally`` at the prompt, or reading a pipe: a hand a line, or asked count by count,
and the commands that keep the sheet (edit, delete, undo, team names).

At the keyboard every hand is scored and shown before it is saved, and a slip is asked again;
from a pipe a line is saved as it comes, and the first refused line stops the reading with its
line number. The sheet file is written after every change, and only then: looking at a sheet,
or quitting before the first hand, writes nothing."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

from ..errors import placed
from .cards import card_groups
from .entry import TallyError, find_side
from .prompt import Ask, Draft, Guide, Say, Stopped
from .sheet import Sheet, TallyHand

HELP = """\
Type a hand on one line, the sides apart with ';', for example
  NS m 380 n 1 x 1 r 2 out; EW m 200 x 1 h 35
  NS m 2 jokers 3 twos 14 K-8 n 1 x 1 r 2 out; EW m 4 aces 6 7-4 h 2 K-8
or have the tally ask you each count:
  ask        points in melds and in hands, canastas, threes, who went out
  count      the same, with the cards counted by kind (jokers, twos, aces...)
Keeping the sheet:
  edit N     change hand N                delete N   take hand N off
  undo       take the last hand off       sheet      show the sheet
  team NS Anna and Bob                    name a team (team NS alone: no name)
  help       this list                    quit       stop
The items of a line: m meld points, or m and counts of cards; n natural and
x mixed canastas; r red threes; h points left in hands, or h and counts of
cards; p penalty points; out, or concealed, for the side that went out."""


def help_text(sheet: Sheet) -> str:
    """The prompt's help, with the items of this ruleset beyond the common ones."""
    from .prompt import prompts_for

    common = {"m", "n", "x", "r", "h"}
    own = [f"{key} {words}" for key, words in prompts_for(sheet.rules) if key not in common]
    groups = ", ".join(g.name for g in card_groups(sheet.rules))
    more = [f"The kinds of card counted: {groups}."]
    if own:
        more.append("This ruleset's own items: " + "; ".join(own) + ".")
    return "\n".join([HELP, *(textwrap.fill(p, 79) for p in more)])


class Session:
    """Reads hands and commands (``ask`` gives one line; at the end of the input it raises
    EOFError) and keeps ``sheet``, saved to ``path`` after each change. ``interactive``: a
    person at the keyboard (hands shown before saving, slips asked again); otherwise a pipe.
    ``show_hand`` shows a hand's breakdown (with its number), ``show_sheet`` the sheet, ``warn``
    a warning about a hand saved from a pipe (on standard error)."""

    def __init__(
        self,
        sheet: Sheet,
        path: str | Path | None,
        ask: Ask,
        say: Say,
        *,
        interactive: bool,
        show_hand: Callable[[TallyHand, int], None],
        show_sheet: Callable[[], None],
        warn: Callable[[str], None] | None = None,
    ):
        self.sheet = sheet
        self.path = path
        self.say = say
        self.interactive = interactive
        self.show_hand = show_hand
        self.show_sheet = show_sheet
        self.warn = warn or say
        self.line_no = 0
        self._ask = ask

    # -------------------------------------------------------------- input
    def ask(self, prompt: str) -> str:
        answer = self._ask(prompt)
        self.line_no += 1
        return answer

    def lines(self) -> Iterator[str]:
        while True:
            try:
                yield self.ask(f"hand {len(self.sheet.hands) + 1}> ")
            except EOFError:
                return

    def run(self) -> None:
        """Read until ``quit``, the end of the input, or the end of the game."""
        if self.interactive:
            self.say("Type a hand, 'ask' or 'count' to be asked each count, or 'help'.")
        for raw in self.lines():
            try:
                if self.command(raw.strip()) == "quit":
                    return
            except EOFError:
                if self.interactive:
                    return
                raise TallyError(
                    f"<stdin>:{self.line_no}: the input ended in the middle of a hand; the hand "
                    "was not saved"
                ) from None
            except TallyError as e:
                if self.interactive:
                    self.say(f"refused: {e}")
                    continue
                raise TallyError(placed(f"<stdin>:{self.line_no}", str(e))) from None
            if self.sheet.result[0]:
                return

    # -------------------------------------------------------------- commands
    def command(self, line: str) -> str:
        """Carry out one line: a command or a hand. 'quit' when it asks to stop."""
        word, _, rest = line.partition(" ")
        word = word.lower()
        rest = rest.strip()
        if not line or line.startswith("#"):
            return ""
        if word in ("quit", "q", "exit") and not rest:
            return "quit"
        if word in ("help", "?") and not rest:
            self.say(help_text(self.sheet))
        elif word in ("sheet", "print") and not rest:
            self.show_sheet()
        elif word in ("ask", "count") and not rest:
            self.guided(by_cards=word == "count")
        elif word == "undo" and not rest:
            self.undo()
        elif word in ("edit", "delete"):
            self.edit_or_delete(word, rest)
        elif word == "team":
            side, _, name = rest.partition(" ")
            if not side:
                raise TallyError("name a side and its team: team NS Anna and Bob")
            self.sheet.set_team(side, name)
            self.save()
            i = self._side(side)
            team = self.sheet.teams.get(i)
            named = f"is now {team}" if team else "has no team name now"
            self.say(f"{self.sheet.sides[i]} {named}")
        else:
            self.offer(line)
        return ""

    def _side(self, word: str) -> int:
        return find_side(self.sheet.rules, word)

    def guided(self, by_cards: bool) -> None:
        guide = Guide(
            self.sheet, self.ask, self.say, by_cards=by_cards, strict=not self.interactive
        )
        number = len(self.sheet.hands) + 1
        try:
            line = guide.fill()
            if self.interactive:
                chosen = guide.review(
                    lambda hand: self.show_hand(hand, number), name=f"hand {number}"
                )
                line = chosen or ""
        except Stopped:
            self.say(f"not saved; the counts typed so far: {guide.draft.line()}")
            return
        except (EOFError, KeyboardInterrupt):
            if self.interactive:
                self.say(f"\nstopped; the counts typed so far: {guide.draft.line()}")
            raise
        if line:
            self.added(self.sheet.add(line))

    def offer(self, line: str) -> None:
        """A hand typed as a line: at the keyboard, shown and saved once confirmed."""
        if not self.interactive:
            self.added(self.sheet.add(line))
            return
        hand = self.sheet.preview(line)
        number = len(self.sheet.hands) + 1
        self.show_hand(hand, number)
        for doubt in hand.doubts:
            self.say(f"  warning: {doubt}")
        question = f"save hand {number}" + (" anyway" if hand.doubts else "")
        if self.confirm(question, default=not hand.doubts):
            self.added(self.sheet.add(line))
        else:
            self.say("not saved")

    def added(self, hand: TallyHand) -> None:
        self.save()
        number = len(self.sheet.hands)
        if not self.interactive:
            for doubt in hand.doubts:
                self.warn(f"warning: hand {number}: {doubt} (scored as entered)")
            self.show_hand(hand, number)
        else:
            self.say(f"hand {len(self.sheet.hands)} saved")
        self.show_status()

    def undo(self) -> None:
        number = len(self.sheet.hands)
        dropped = self.sheet.undo()
        if dropped is None:
            self.say("nothing to undo")
            return
        self.save()
        self.say(f"hand {number} taken off the sheet")
        self.show_status()

    def edit_or_delete(self, word: str, rest: str) -> None:
        number_text, _, entry = rest.partition(" ")
        if not (number_text.isascii() and number_text.isdigit()):
            raise TallyError(f"say which hand: {word} 2")
        number = int(number_text)
        self.sheet.check_number(number)
        old = self.sheet.lines()[number - 1]
        if word == "delete":
            if entry:
                raise TallyError(f"delete takes a hand's number alone: delete {number}")
            if self.interactive:
                self.say(f"hand {number} is: {old}")
                if not self.confirm(f"take hand {number} off the sheet", False):
                    return
            self.sheet.delete(number)
            self.save()
            self.say(f"hand {number} taken off the sheet; the hands after it are scored again")
            self.show_status()
            return
        if not entry and not self.interactive:
            raise TallyError(f"give hand {number}'s new line: edit {number} NS m 120 ...")
        line = entry or self.edited(number, old)
        if line is None:
            return
        try:
            self.sheet.edit(number, line)
        except TallyError as e:
            raise TallyError(
                f"{e}; hand {number} is left as it was (the new line: {line})"
            ) from None
        self.save()
        self.say(f"hand {number} changed; the hands after it are scored again")
        self.show_status()

    def edited(self, number: int, old: str) -> str | None:
        """Hand ``number``'s new line, asked at the keyboard: its counts shown to change one by
        one, or a new line typed whole."""
        self.say(f"hand {number} is: {old}")
        draft = Draft.of(self.sheet, self.sheet.hands[number - 1].entries)
        guide = Guide(self.sheet, self.ask, self.say, draft=draft, number=number)
        try:
            line = guide.review(lambda hand: self.show_hand(hand, number), leave="leave")
        except (EOFError, KeyboardInterrupt):
            self.say(f"\nhand {number} left as it was; the counts typed: {guide.draft.line()}")
            raise
        if line is None:
            self.say(f"hand {number} left as it was")
        return line

    def confirm(self, question: str, default: bool) -> bool:
        hint = "Y/n" if default else "y/N"
        while True:
            answer = self.ask(f"{question} ({hint})? ").strip().lower()
            if not answer:
                return default
            if answer in ("y", "yes", "n", "no"):
                return answer.startswith("y")
            self.say("answer yes or no")

    # -------------------------------------------------------------- the sheet
    def save(self) -> None:
        if self.path:
            self.sheet.save(self.path)

    def show_status(self) -> None:
        from .sheet import status_lines

        for line in status_lines(self.sheet):
            self.say(line)
