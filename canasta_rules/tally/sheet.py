"""The tally's sheet: a game's hands as entered, their scores and running totals, the sheet's
TOML file, the running sheet and status in words, and the guided prompt that asks each count."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli_w

from .. import cards as C
from .. import limits
from ..engine.game import game_end
from ..engine.rules import Rules, rules_for
from ..engine.scoring import SideScore
from ..errors import Problem, VariantError, placed, shorten_path
from ..fileio import write_text_atomic
from ..seats import side_names
from ..variant import LoadedVariant, load
from ..variant.confine import OutsideError, allowed_folders, confine
from ..variant.layer import SET_LABEL
from ..variant.tomlpos import Path as KeyPath
from ..variant.tomlpos import dotted, key_lines, line_of
from ..variant.tomlread import read_toml
from .entry import SideEntry, TallyError, entry_text, parse_entry, rank_key
from .score import _unscored, hand_doubts, score_entries

# ------------------------------------------------------------------------------------------------
# The sheet


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

    def add(self, text: str) -> TallyHand:
        """Score one hand's entry line and add it (TallyError if impossible)."""
        if self.result[0]:
            who = "it is shared" if self.winner is None else f"{self.sides[self.winner]} has won"
            raise TallyError(f"the game is over: {who}")
        entries = parse_entry(self.rules, text)
        scores = score_entries(self.rules, entries)
        totals = [a + b.total for a, b in zip(self.totals, scores, strict=True)]
        hand = TallyHand(entries, scores, totals, tuple(hand_doubts(self.rules, entries)))
        self.hands.append(hand)
        return hand

    def undo(self) -> TallyHand | None:
        return self.hands.pop() if self.hands else None

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
            "hands": [entry_text(self.rules, h.entries) for h in self.hands],
        }
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
            return TallyError(str(Problem(str(p), line_of(lines, key), dotted(key), message)))

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
            raise refuse(("set",), f"{first.key}: {first.message}") from None
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
    names = sheet.sides
    totals = ", ".join(f"{n} {t}" for n, t in zip(names, sheet.totals, strict=True))
    over, w = sheet.result
    if over:
        return [
            f"result: {names[w]} wins, {totals}" if w is not None else f"result: shared, {totals}"
        ]
    mins = ", ".join(f"{n} {m}" for n, m in zip(names, sheet.minimums(), strict=True))
    r = sheet.rules
    goal = f"{r.rounds} hands in all" if r.rounds else f"target {r.target}"
    return [
        f"totals after {len(sheet.hands)} hand(s): {totals} ({goal})",
        f"minimum to open next hand: {mins}",
    ]


# ------------------------------------------------------------------------------------------------
# The guided prompt


def prompts_for(rules: Rules) -> list[tuple[str, str]]:
    """The counts the guided prompt asks for under ``rules``, in order: the common ones, and
    the others only where the ruleset has the rule they count."""
    r = rules
    special = [k for k in C.NATURAL_RANKS if r.special_wild[k]]
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
    prompts.append(("h", "points left in hands"))
    prompts += [
        (rank_key("h", k), f"players holding {count} or more {C.RANK_WORDS[k][1]}")
        for k, count, _ in r.hand_sets
    ]
    return prompts


def guided_entry(sheet: Sheet, ask: Callable[[str], str]) -> str:
    """Ask for each side's counts one by one (blank means 0) and who went out; the answer is
    the hand's one-line entry. ``ask`` shows a prompt and returns what was typed."""
    parts = []
    names = sheet.sides
    for name in names:
        words = [name]
        prompts = prompts_for(sheet.rules)
        for key, label in prompts:
            raw = ask(f"{name} {label}: ").strip()
            if raw:
                words += [key, raw]
        parts.append(words)
    out = ask(f"who went out ({', '.join(names)} or blank)? ").strip()
    if out:
        canon = {"".join(sorted(n)): i for i, n in enumerate(names)}
        i = canon.get("".join(sorted(out.split()[0].upper())))
        if i is None:
            raise TallyError(f"{out!r} is not a side at this table (sides: {' '.join(names)})")
        concealed = ask("concealed (y/N)? ").strip().lower() in ("y", "yes")
        parts[i].append("concealed" if concealed else "out")
    return "; ".join(" ".join(w) for w in parts)
