"""The guided prompt: a hand's entry asked count by count, as a score pad's boxes, by points
(``ask``) or by the cards counted by kind (``count``).

Each answer is checked as it is given, against what no deal can hold whatever the other answers
are (``checks.check_bounds``): a slip asks again for that answer alone, saying why and how many
are possible, and keeps every other answer. Once every count is in, the whole hand is checked
(``checks.check_hand``) and shown before it is saved; a count can then be changed by naming it
(``NS red threes``, ``NS r``, ``out``), again without losing the others. Reading answers from
a pipe, a slip stops instead (:class:`Guide` with ``strict``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .. import cards as C
from ..engine.rules import Rules
from .cards import card_groups, say_count
from .checks import check_bounds, check_points
from .entry import COUNT_KEYS, RANK_KEYS, SideEntry, TallyError, find_side, parse_entry, rank_key
from .sheet import Sheet, TallyHand


class Stopped(Exception):
    """The person typed ``stop`` at a question of the guided prompt: the hand is left."""


STOP_WORDS = ("stop", "quit")
"""Answers that leave the hand being asked (the counts typed so far are shown)."""

Ask = Callable[[str], str]
"""Shows a prompt and returns the line typed (EOFError at the end of the input)."""
Say = Callable[[Any], None]
"""Shows a line (or a rich renderable) to the person at the keyboard."""


def prompts_for(
    rules: Rules,
    by_cards: bool = False,
    *,
    hand_by_cards: bool | None = None,
    penalty: bool = False,
) -> list[tuple[str, str]]:
    """The counts the guided prompt asks for under ``rules``, in order, as (key, words): the
    common ones, and the others only where the ruleset has the rule they count. ``by_cards``:
    the cards in melds and in hands counted by kind (keys ``m jokers``, ``h K-8``) in place of
    their points (``m``, ``h``); ``hand_by_cards`` apart for the cards in hands, where it
    differs. ``penalty``: penalty points too (``p``), which the prompt asks only in changing a
    hand that has them."""
    held_by_cards = by_cards if hand_by_cards is None else hand_by_cards
    r = rules
    held = "left in hands and feet" if r.foot else "left in hands"
    special = [k for k in C.NATURAL_RANKS if r.special_wild[k]]
    groups = card_groups(r)
    if by_cards:
        prompts = [(f"m {g.name}", f"{g.words} in melds ({g.value} each)") for g in groups]
        if not r.black3_meldable:  # black threes are never melded: counted in hand alone
            prompts = [p for p in prompts if p[0] != "m black threes"]
    else:
        prompts = [("m", "meld points (cards on the table)")]
    prompts.append(("n", "other natural canastas" if special else "natural canastas"))
    prompts += [(rank_key("c", k), f"canastas of pure {C.RANK_WORDS[k][1]}") for k in special]
    prompts.append(("x", "mixed canastas"))
    if r.wild_melds:
        # melds.wild_melds.twos_bonus / jokers_bonus: canastas of wild cards by make-up.
        twos = r.wild_twos_bonus is not None
        jokers = r.wild_jokers_bonus is not None and r.deck_counts[C.JOKER] > 0
        if twos:
            prompts.append(("w2", "canastas of wild cards, all twos"))
        if jokers:
            prompts.append(("wj", "canastas of wild cards with every joker"))
        other = "other canastas" if twos or jokers else "canastas"
        prompts.append(("w", f"{other} of wild cards"))
    if r.runs:
        prompts.append(("s", "canastas that are runs"))
    prompts += [
        (rank_key("u", k), f"unfinished melds of pure {C.RANK_WORDS[k][1]}") for k in special
    ]
    if r.wild_melds and r.wild_unfinished_penalty:
        prompts.append(("uw", "unfinished melds of wild cards"))
    prompts.append(("r", "red threes"))
    if r.black3_bonus:
        prompts.append(("b", "black threes"))
    if held_by_cards:
        prompts += [(f"h {g.name}", f"{g.words} {held} ({g.value} each)") for g in groups]
    else:
        prompts.append(("h", f"points {held}"))
    if penalty:
        prompts.append(("p", "penalty points"))
    prompts += [
        (rank_key("h", k), f"players holding {count} or more {C.RANK_WORDS[k][1]}")
        for k, count, _ in r.hand_sets
    ]
    return prompts


OUT = "out"
"""The key of the question who went out (and whether concealed)."""


@dataclass(frozen=True)
class Mode:
    """How a side's counts are asked: its melds' and hands' cards by kind or as points, and
    whether penalty points are asked too."""

    melds_by_cards: bool = False
    hand_by_cards: bool = False
    penalty: bool = False


@dataclass
class Draft:
    """A hand's entry as far as it has been answered: each side's counts by key (whole
    numbers), and who went out."""

    sheet: Sheet
    modes: list[Mode]
    answers: dict[tuple[int, str], int]
    out: int | None = None
    concealed: bool = False

    @classmethod
    def start(cls, sheet: Sheet, by_cards: bool) -> Draft:
        mode = Mode(by_cards, by_cards)
        return cls(sheet, [mode] * len(sheet.sides), {})

    @classmethod
    def of(cls, sheet: Sheet, entries: list[SideEntry]) -> Draft:
        """A draft holding ``entries`` (a hand on the sheet, to be changed): counts of cards
        where they were counted, points where points were entered."""
        modes = [Mode(bool(e.melded_cards), bool(e.held_cards), bool(e.penalty)) for e in entries]
        draft = cls(sheet, modes, {})
        for i, e in enumerate(entries):
            for key, _ in draft.prompts(i):
                value = _value_of(e, key)
                if value:
                    draft.answers[(i, key)] = value
            if e.out:
                draft.out, draft.concealed = i, e.concealed
        return draft

    def prompts(self, side: int) -> list[tuple[str, str]]:
        m = self.modes[side]
        return prompts_for(
            self.sheet.rules, m.melds_by_cards, hand_by_cards=m.hand_by_cards, penalty=m.penalty
        )

    def line(self) -> str:
        """The hand's one-line entry as the answers so far make it."""
        parts = []
        for i, name in enumerate(self.sheet.sides):
            words = [name]
            opened = ""  # 'm' or 'h' while counts of cards follow it
            for key, _ in self.prompts(i):
                n = self.answers.get((i, key), 0)
                if not n:
                    continue
                where, _, group = key.partition(" ")
                if group:  # a count of cards: 'm jokers'
                    if opened != where:
                        words.append(where)
                        opened = where
                    words.append(say_count(group, n))
                else:
                    words += [key, str(n)]
                    opened = ""
            if self.out == i:
                words.append("concealed" if self.concealed else "out")
            parts.append(" ".join(words))
        return "; ".join(parts)

    def entries(self) -> list[SideEntry]:
        return parse_entry(self.sheet.rules, self.line())


def _value_of(e: SideEntry, key: str) -> int:
    """What entry ``e`` holds for the prompt ``key``."""
    where, _, group = key.partition(" ")
    if group:
        return dict(e.melded_cards if where == "m" else e.held_cards).get(group, 0)
    if key in COUNT_KEYS:
        return int(getattr(e, COUNT_KEYS[key]))
    rank = RANK_OF_KEY[key[1:].upper()]
    by_rank: dict[int, int] = dict(getattr(e, RANK_KEYS[key[0]]))
    return by_rank.get(rank, 0)


RANK_OF_KEY = {ch: rank for rank, ch in C.RANK_CHARS.items()}


class Guide:
    """Asks a hand's counts one by one (:meth:`fill`), then shows the hand and asks whether to
    save it (:meth:`review`). ``strict``: answers come from a pipe, and a slip raises
    TallyError instead of asking again."""

    def __init__(
        self,
        sheet: Sheet,
        ask: Ask,
        say: Say,
        *,
        by_cards: bool = False,
        strict: bool = False,
        draft: Draft | None = None,
        number: int | None = None,
    ):
        self.sheet = sheet
        self.number = number
        """The hand on the sheet being changed, or None for a new hand."""
        self.ask = ask
        self.say = say
        self.strict = strict
        self.draft = draft if draft is not None else Draft.start(sheet, by_cards)

    # -------------------------------------------------------------- asking
    def fill(self) -> str:
        """Ask every count, side by side, then who went out; the hand's entry line."""
        by_cards = any(m.melds_by_cards for m in self.draft.modes)
        if not self.strict:
            what = "Count each side's cards by kind." if by_cards else "Each side's counts in turn."
            self.say(f"{what} A blank answer is 0; 'stop' leaves the hand.")
        for i, name in enumerate(self.sheet.sides):
            prompts = self.draft.prompts(i)
            for key, words in prompts:
                self.ask_count(i, key, words)
                if not self.strict and _last_of(prompts, key):
                    self.say(f"  {name} {_points_said(self.draft, i, key[0])}")
        self.ask_out()
        return self.draft.line()

    def ask_count(self, side: int, key: str, words: str, *, keep: bool = False) -> None:
        """Ask one count until the answer is possible. ``keep``: the count is being changed, so
        its value is shown and a blank answer keeps it."""
        name = self.sheet.sides[side]
        now = self.draft.answers.get((side, key), 0)
        shown = f"{name} {words}" + (f" [{now}]" if keep else "")
        while True:
            raw = self._answer(f"{shown}: ")
            if not raw:
                value = now if keep else 0
            elif raw.isascii() and raw.isdigit() and len(raw) <= 6:
                value = int(raw)
            elif raw.isascii() and raw.isdigit():
                self._slip(shown, f"{raw} is more than any hand holds", "Type it again.")
                continue
            else:
                self._slip(shown, f"{raw!r} is not a number", "Type a whole number, such as 3.")
                continue
            problem = self._try(side, key, value)
            if problem is None:
                return
            best = self._most(side, key, value)
            if best is not None:
                problem += (
                    f". {name} can have {best} at most" if best else f". {name} can have none"
                )
            self._slip(shown, problem)

    def ask_out(self) -> None:
        """Ask who went out, until the answer is a side (or blank: nobody), then whether
        concealed."""
        names = self.sheet.sides
        question = f"who went out ({', '.join(names)}, or blank if nobody did)"
        while True:
            raw = self._answer(f"{question}? ")
            before = self.draft.out
            try:
                side = find_side(self.sheet.rules, raw) if raw else None
            except TallyError as e:
                self._slip(question, str(e), "Type a side, or nothing if nobody went out.")
                continue
            self.draft.out = side
            try:
                check_bounds(self.sheet.rules, self.draft.entries())
                break
            except TallyError as e:
                self.draft.out = before
                self._slip(question, str(e))
        if self.draft.out is None:
            self.draft.concealed = False
            return
        while True:
            who = self.sheet.sides[self.draft.out]
            raw = self._answer(f"did {who} go out concealed (y/N)? ")
            if raw.lower() in ("", "n", "no", "y", "yes"):
                self.draft.concealed = raw.lower() in ("y", "yes")
                return
            self._slip("concealed", f"{raw!r} is not yes or no", "Answer y or n.")

    def _answer(self, prompt: str) -> str:
        """One answer; Stopped when it is ``stop`` (at the keyboard)."""
        raw = self.ask(prompt).strip()
        if not self.strict and raw.lower() in STOP_WORDS:
            raise Stopped
        return raw

    def _try(self, side: int, key: str, value: int) -> str | None:
        """Set the answer if the draft stays possible; else leave it and say why not."""
        before = self.draft.answers.get((side, key))
        self.draft.answers[(side, key)] = value
        try:
            entries = self.draft.entries()
            check_bounds(self.sheet.rules, entries)
            if key in ("m", "h"):
                check_points(self.sheet.rules, entries)
        except TallyError as e:
            if before is None:
                del self.draft.answers[(side, key)]
            else:
                self.draft.answers[(side, key)] = before
            return str(e)
        return None

    def _most(self, side: int, key: str, value: int) -> int | None:
        """The largest count below ``value`` that the other answers leave possible (the checks
        only refuse more as a count grows); None for points, which are refused for their
        amount, not their size."""
        if key in ("m", "h"):
            return None
        now = self.draft.answers.get((side, key))
        lo, hi = 0, value - 1  # 0 is always possible: the draft was before this answer
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self._try(side, key, mid) is None:
                lo = mid
            else:
                hi = mid - 1
        if now is None:
            self.draft.answers.pop((side, key), None)
        else:
            self.draft.answers[(side, key)] = now
        return lo

    def _slip(self, what: str, problem: str, advice: str = "") -> None:
        """Say why an answer is refused and ask again (from a pipe: stop, naming the question).
        Without ``advice`` the answer is possible as typed but not with the rest of the hand."""
        if self.strict:
            raise TallyError(f"{what}: {problem}")
        if advice:
            self.say(f"  {problem}. {advice}")
        else:
            self.say(f"  not possible: {problem}. Type it again.")

    # -------------------------------------------------------------- checking the whole hand
    def review(
        self, show: Callable[[TallyHand], None], leave: str = "drop", name: str = ""
    ) -> str | None:
        """Score the whole hand and show it (``show``, then its warnings); ask whether to save
        it, letting any count be changed first. The entry line to save, or None when the person
        answers ``leave`` (``drop``, or ``leave`` for a hand on the sheet being changed); the
        counts are shown then, so that nothing typed is lost. ``name``: how to call the hand
        (``hand 3``)."""
        told = False
        what = name or (f"hand {self.number}" if self.number else "the hand")
        while True:
            line = self.draft.line()
            try:
                hand = self.sheet.preview(line, self.number)
            except TallyError as e:
                self.say(f"  not possible: {e}")
                question = f"change which count (such as NS red threes, or out), or {leave}? "
                default = ""
            else:
                show(hand)
                for doubt in hand.doubts:
                    self.say(f"  warning: {doubt}")
                if not told:
                    hint = "to change a count, type its name"
                    self.say(f"Enter saves {what}; '{leave}' leaves it; {hint}.")
                    told = True
                question = f"save {what} anyway (y/N)? " if hand.doubts else f"save {what}? "
                default = "drop" if hand.doubts else "save"
            answer = self.ask(question).strip()
            word = answer.lower() or default
            if word in ("save", "yes", "y") and default:
                return line
            yes_no = default in ("save", "drop")  # a yes-or-no question was asked
            if word in ("drop", leave, *STOP_WORDS) or (yes_no and word in ("no", "n")):
                self.say(f"  not saved; the counts were: {line}")
                return None
            if answer:
                self.change(answer)

    def change(self, which: str) -> None:
        """Ask again the count ``which`` names: a side and the words or key a prompt uses
        (``NS red threes``, ``EW r``, ``NS jokers in melds``), or ``out``."""
        if which.lower() in (OUT, "who went out", "concealed"):
            self.ask_out()
            return
        first, _, rest = which.partition(" ")
        try:
            side = find_side(self.sheet.rules, first)
        except TallyError as e:
            self.say(f"  {e}; name a side and a count, as 'NS red threes', or 'out'")
            return
        prompts = self.draft.prompts(side)
        found = _matching(prompts, rest.strip().lower())
        if len(found) != 1:
            names = ", ".join(_plain(words) for _, words in prompts)
            what = "no count" if not found else "more than one count"
            self.say(
                f"  {what} of {self.sheet.sides[side]} is called {rest!r}; the counts: {names}"
            )
            return
        key, words = found[0]
        self.ask_count(side, key, words, keep=True)


def _plain(words: str) -> str:
    """A prompt's words without the value in brackets: ``jokers in melds``."""
    return words.split(" (")[0]


def _matching(prompts: list[tuple[str, str]], said: str) -> list[tuple[str, str]]:
    """The prompts ``said`` names: by key, by its words whole, or by their start."""
    if not said:
        return []
    exact = [p for p in prompts if said in (p[0].lower(), _plain(p[1]).lower())]
    if exact:
        return exact
    return [p for p in prompts if _plain(p[1]).lower().startswith(said)]


def _last_of(prompts: list[tuple[str, str]], key: str) -> bool:
    """Whether ``key`` is the last count of cards in melds (``m ...``) or in hands (``h ...``)."""
    if " " not in key:
        return False
    later = [k for k, _ in prompts[[k for k, _ in prompts].index(key) + 1 :]]
    return not any(k.startswith(key[:2]) for k in later)


def _points_said(draft: Draft, side: int, where: str) -> str:
    """``meld points: 2 x 50 + 3 x 20 = 160``: the points of the cards counted so far."""
    groups = card_groups(draft.sheet.rules)
    terms = [
        (n, g.value) for g in groups if (n := draft.answers.get((side, f"{where} {g.name}"), 0))
    ]
    total = sum(n * v for n, v in terms)
    held = "left in hands and feet" if draft.sheet.rules.foot else "left in hands"
    what = "meld points" if where == "m" else f"points {held}"
    if not terms:
        return f"{what}: 0"
    sums = " + ".join(f"{n} x {v}" for n, v in terms)
    return f"{what}: {sums} = {total}"


def guided_entry(sheet: Sheet, ask: Ask, say: Say | None = None, *, by_cards: bool = False) -> str:
    """Ask every count of one hand (blank is 0; a slip is asked again) and who went out; the
    hand's one-line entry, not yet checked as a whole (:class:`Guide`)."""
    return Guide(sheet, ask, say or (lambda _: None), by_cards=by_cards).fill()
