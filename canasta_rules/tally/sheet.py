"""The tally's sheet: a game's hands as entered, their scores and running totals, the sheet's
TOML file, the running sheet and status in words, and the guided prompt that asks each count."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli_w

from .. import limits
from ..engine.game import game_end
from ..engine.rules import Rules, rules_for
from ..engine.scoring import SideScore
from ..errors import Problem, VariantError, placed, shorten, shorten_path
from ..fileio import write_text_atomic
from ..seats import side_names, side_word
from ..variant import LoadedVariant, load
from ..variant.confine import OutsideError, allowed_folders, confine
from ..variant.layer import SET_LABEL
from ..variant.tomlpos import Path as KeyPath
from ..variant.tomlpos import dotted, key_lines, line_of
from ..variant.tomlread import read_toml
from .checks import _unscored, hand_doubts
from .entry import SideEntry, TallyError, entry_text, find_side, parse_entry
from .score import score_entries

# ------------------------------------------------------------------------------------------------
# The sheet

TEAM_NAME_MAX = 40
"""The longest team name, in characters: it heads a column of the printed sheet."""


@dataclass
class TallyHand:
    entries: list[SideEntry]
    scores: list[SideScore]
    totals: list[int]
    """Each side's total after this hand."""
    doubts: tuple[str, ...] = ()
    """What no deal can produce but was scored as entered (``score.hand_doubts``)."""


@dataclass
class Sheet:
    """A game's score sheet: the ruleset and the hands entered so far."""

    ref: str
    sets: tuple[str, ...]
    loaded: LoadedVariant
    rules: Rules
    hands: list[TallyHand] = field(default_factory=list)
    teams: dict[int, str] = field(default_factory=dict)
    """The teams' names by side, where they were given."""

    @classmethod
    def new(cls, ref: str, sets: tuple[str, ...] = (), players: int | None = None) -> Sheet:
        loaded = load(ref, sets)
        try:
            rules = rules_for(loaded.variant, players)
        except ValueError as e:
            raise TallyError(str(e)) from None
        unscored = _unscored(rules)
        if unscored:
            raise TallyError(
                f"{loaded.variant.name}: the tally cannot score {unscored} from per-side counts "
                "yet; record the game (canasta play, or a record), or write the finished hand as "
                "a position and use canasta score"
            )
        return cls(ref, sets, loaded, rules)

    @property
    def sides(self) -> tuple[str, ...]:
        return side_names(self.rules.players, self.rules.sides)

    @property
    def totals(self) -> list[int]:
        return list(self.hands[-1].totals) if self.hands else [0] * self.rules.sides

    def minimums(self) -> list[int]:
        """Each side's initial-meld minimum for the next hand, from the score
        ``initial_meld.basis`` names (a side's total, or its score in the last hand)."""
        if self.rules.minimum_basis == "round":
            return [self.rules.round_minimum(len(self.hands) + 1)] * len(self.totals)
        if self.rules.minimum_basis == "previous_hand":
            basis = (
                [s.total for s in self.hands[-1].scores] if self.hands else [0] * len(self.totals)
            )
        else:
            basis = self.totals
        return [self.rules.minimum(t) for t in basis]

    @property
    def result(self) -> tuple[bool, int | None]:
        """Whether the game is over, and the winning side (None: not yet, or shared), by the
        variant's ``game.win`` and ``game.tie`` as the engine's games decide them."""
        if not self.hands:
            return False, None
        out_side = next((i for i, e in enumerate(self.hands[-1].entries) if e.out), -1)
        return game_end(self.rules, self.totals, out_side, len(self.hands))

    @property
    def winner(self) -> int | None:
        """The winning side once the game is over (None while it goes on, or if shared)."""
        over, side = self.result
        return side if over else None

    def preview(self, text: str, number: int | None = None) -> TallyHand:
        """Score one hand's entry line without adding it (TallyError if impossible): as the next
        hand, or in place of hand ``number`` (from 1), the totals those before it make."""
        if number is None and self.result[0]:
            who = "it is shared" if self.winner is None else f"{self.said(self.winner)} won"
            raise TallyError(f"the game is over: {who}")
        entries = parse_entry(self.rules, text)
        scores = score_entries(self.rules, entries)
        before = self.totals
        if number is not None:
            self.check_number(number)
            before = self.hands[number - 2].totals if number > 1 else [0] * len(scores)
        totals = [a + b.total for a, b in zip(before, scores, strict=True)]
        return TallyHand(entries, scores, totals, tuple(hand_doubts(self.rules, entries)))

    def add(self, text: str) -> TallyHand:
        """Score one hand's entry line and add it (TallyError if impossible)."""
        hand = self.preview(text)
        self.hands.append(hand)
        return hand

    def undo(self) -> TallyHand | None:
        return self.hands.pop() if self.hands else None

    def lines(self) -> list[str]:
        """Each hand's entry line, as the sheet file keeps them."""
        return [entry_text(self.rules, h.entries) for h in self.hands]

    def edit(self, number: int, text: str) -> TallyHand:
        """Put ``text`` in place of hand ``number`` (from 1) and score the hands after it again:
        the minimums and the end of the game follow. TallyError, the sheet unchanged, when the
        new entry or a later hand cannot be scored after the change."""
        self.check_number(number)
        lines = self.lines()
        lines[number - 1] = text
        self._rebuild(lines, number)
        return self.hands[number - 1]

    def delete(self, number: int) -> TallyHand:
        """Take hand ``number`` (from 1) off the sheet and score the hands after it again."""
        self.check_number(number)
        dropped = self.hands[number - 1]
        lines = self.lines()
        del lines[number - 1]
        self._rebuild(lines, number)
        return dropped

    def check_number(self, number: int) -> None:
        """TallyError unless the sheet has a hand ``number`` (from 1)."""
        if not self.hands:
            raise TallyError("no hand on the sheet yet")
        if not 1 <= number <= len(self.hands):
            raise TallyError(f"no hand {number}: the sheet has hands 1 to {len(self.hands)}")

    def _rebuild(self, lines: list[str], changed: int) -> None:
        """Score ``lines`` afresh in place of the hands; the hands stay as they were when one
        of them is refused."""
        again = Sheet(self.ref, self.sets, self.loaded, self.rules)
        for i, line in enumerate(lines, 1):
            try:
                again.add(line)
            except TallyError as e:
                if i == changed:
                    raise TallyError(f"hand {i}: {e}") from None
                raise TallyError(f"after the change to hand {changed}, hand {i}: {e}") from None
        self.hands = again.hands

    # -------------------------------------------------------------- teams
    def read_teams(self, path: Path, teams: object) -> None:
        """Name the teams as a sheet file's ``teams`` table does (``NS = "Anna and Bob"``)."""
        if not isinstance(teams, dict) or not all(isinstance(x, str) for x in teams.values()):
            raise TallyError(f'{path}: teams: expected a table of side = "name"')
        for side, name in teams.items():
            try:
                self.set_team(side, name)
            except TallyError as e:
                raise TallyError(f"{path}: teams: {e}") from None

    def set_team(self, side: str, name: str) -> None:
        """Name the team of ``side`` (``NS``); an empty name takes the name off."""
        i = find_side(self.rules, side)
        name = " ".join(name.split())
        if not name:
            self.teams.pop(i, None)
            return
        if len(name) > TEAM_NAME_MAX or not name.isprintable():
            raise TallyError(
                f"{self.sides[i]}: a team's name is up to {TEAM_NAME_MAX} letters, digits, "
                "spaces or signs on one line"
            )
        self.teams[i] = name

    def label(self, side: int) -> str:
        """How the sheet names a side: its team's name and seats (``Anna and Bob (NS)``), or its
        seats alone."""
        team = self.teams.get(side)
        return f"{team} ({self.sides[side]})" if team else self.sides[side]

    def said(self, i: int) -> str:
        """Side ``i`` as a player says it: its team's name, else ``North-South``."""
        label = self.label(i)
        return side_word(label) if label == self.sides[i] else label

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(self.label(i) for i in range(len(self.sides)))

    # -------------------------------------------------------------- file
    def to_toml(self, path: str | Path | None = None) -> str:
        ref = self.ref
        if path is not None and _looks_like_path(ref):
            base = Path(path).resolve().parent
            try:
                ref = os.path.relpath(Path(ref).resolve(), base)
            except ValueError:  # another drive (Windows)
                ref = str(Path(ref).resolve())
        data: dict[str, Any] = {
            "variant": ref,
            "set": list(self.sets),
            "players": self.rules.players,
            "hands": self.lines(),
        }
        if self.teams:
            data["teams"] = {self.sides[i]: n for i, n in sorted(self.teams.items())}
        head = "# A canasta tally sheet: `canasta tally --sheet FILE` resumes it.\n"
        return head + tomli_w.dumps(data)

    def save(self, path: str | Path) -> None:
        write_text_atomic(path, self.to_toml(path))

    @classmethod
    def read(cls, path: str | Path) -> Sheet:
        """The sheet in the file at ``path``, read as variant files are (the limits of
        :func:`~canasta_rules.variant.tomlread.read_toml`: size, nesting, 64-bit integers,
        UTF-8, no FIFOs or devices), its ``variant`` held to the one rule of
        :mod:`~canasta_rules.variant.confine` (a built-in, or a file in the sheet's folder or
        an allowed one), and its hands scored again one by one. Every refusal is a
        :class:`TallyError` of one line naming the sheet, the line and the key."""
        p = Path(path)
        try:
            data, text = read_toml(p, str(p), limits.MAX_SHEET_BYTES)
        except VariantError as e:
            problem = e.problems[0]
            what = problem.message if problem.key else f"not a tally sheet: {problem.message}"
            raise TallyError(str(Problem(problem.file, problem.line, problem.key, what))) from None
        lines = key_lines(text)

        def refuse(key: KeyPath, message: str) -> TallyError:
            return TallyError(Problem(str(p), line_of(lines, key), dotted(key), message).fitted())

        ref = data.get("variant")
        sets = data.get("set", [])
        players = data.get("players")
        hands = data.get("hands", [])
        if not isinstance(ref, str):
            if "name" in data or "extends" in data:  # a variant file, not a sheet
                raise TallyError(
                    f"{p}: a variant file, not a tally sheet: name it as the ruleset "
                    f"('canasta tally {p} --sheet SHEET.toml')"
                )
            raise refuse(("variant",), "expected the ruleset's name or file")
        if not isinstance(sets, list) or not all(isinstance(x, str) for x in sets):
            raise refuse(("set",), "expected a list of KEY=VALUE strings")
        if players is not None and (not isinstance(players, int) or isinstance(players, bool)):
            raise refuse(("players",), "expected a whole number")
        if not isinstance(hands, list) or not all(isinstance(x, str) for x in hands):
            raise refuse(("hands",), "expected a list of entry lines")
        try:
            named = confine(ref, p, allowed_folders())
        except OutsideError as e:
            raise refuse(("variant",), e.reason) from None
        try:
            sheet = cls.new(str(named), tuple(sets), players)
        except TallyError as e:  # a table size the ruleset has no seating for, or a ruleset
            # the tally cannot score
            raise TallyError(placed(shorten_path(str(p)), str(e))) from None
        except VariantError as e:
            first = e.problems[0]
            if first.file != SET_LABEL:
                raise  # placed in the variant file
            raise refuse(("set",), f"{shorten(first.key, 40)}: {first.message}") from None
        sheet.read_teams(p, data.get("teams", {}))
        for i, line in enumerate(hands, 1):
            try:
                sheet.add(line)
            except TallyError as e:
                where = line_of(lines, ("hands", i - 1))
                at = shorten_path(str(p)) + (f":{where}" if where else "")
                raise TallyError(placed(f"{at}: hand {i}", str(e))) from None
        return sheet


def _looks_like_path(ref: str) -> bool:
    return "/" in ref or "\\" in ref or ref.endswith(".toml")


# ------------------------------------------------------------------------------------------------
# Text


def hand_table_rows(sheet: Sheet) -> list[list[str]]:
    """Rows of the running sheet: hand number, each side's score and total."""
    rows: list[list[str]] = []
    for i, h in enumerate(sheet.hands, 1):
        row = [str(i)]
        for sc, tot in zip(h.scores, h.totals, strict=True):
            row += [str(sc.total), str(tot)]
        rows.append(row)
    return rows


def status_lines(sheet: Sheet) -> list[str]:
    """Totals, the next minimums and the result, in words."""
    names = sheet.labels
    totals = ", ".join(f"{n} {t}" for n, t in zip(names, sheet.totals, strict=True))
    over, w = sheet.result
    if over:
        if w is None:
            return [f"result: shared, {totals}"]
        return [f"result: {sheet.said(w)} won, {totals}"]
    mins = ", ".join(f"{n} {m}" for n, m in zip(names, sheet.minimums(), strict=True))
    r = sheet.rules
    goal = f"{r.rounds} hands in all" if r.rounds else f"target {r.target}"
    return [
        f"totals after {_hands(len(sheet.hands))}: {totals} ({goal})",
        f"minimum to open next hand: {mins}",
    ]


def _hands(n: int) -> str:
    return "1 hand" if n == 1 else f"{n} hands"
