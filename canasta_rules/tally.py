"""A scorekeeper for a table playing with real cards (``canasta tally``).

Each hand is entered per side as counts that a table can read off the cards: the points of the
cards melded, how many natural and mixed canastas, how many red threes, who went out (and whether
concealed), the points left in hands and any penalty. The variant's scoring turns them into the
rows of the sources' score tables (:class:`~canasta_rules.engine.scoring.SideScore`), with the
same arithmetic as the engine's ``score_hand``: canasta bonuses, red-three totals (counted against
a side that did not meld, or made no canasta, as the variant says), the going-out or concealed
bonus. The running totals set each side's minimum for the next hand, and the target decides the
winner (a tie at the top plays another hand, as the engine's games do).

One hand is one line, sides separated by semicolons::

    NS m 380 n 1 x 1 r 2 out; EW m 200 x 1 h 35

``m`` meld points (cards on the table, not bonuses), ``n`` natural canastas, ``x`` mixed
canastas, ``s`` canastas that are runs (Samba's sambas, Bolivia's escaleras: rulesets with
runs), ``w`` canastas of wild cards (rulesets with melds of wild cards), ``r`` red threes, ``h``
points left in the side's hands (entered as a positive number, subtracted), ``p`` penalty points
(subtracted), ``out`` or ``concealed`` for the side whose player went out. A side that is not
named entered nothing: it did not meld and holds no counted cards.

A ruleset whose score needs more than these counts is refused when the sheet is started, in
one line naming the rule: special canastas by rank or by make-up and the charges for unfinished
ones (Modern American's ``canastas.special``, ``wild_melds`` bonuses), black threes laid out as
bonus cards, sets of cards held at the end (``penalties.in_hand_sets``), and a going-out contract
by kind of canasta is checked from ``n``, ``x`` and ``w``.

An entry the cards cannot produce is refused with a one-line reason: more red threes than the
pack holds, two sides going out, going out (or going out concealed) without the canastas the
variant requires, canastas without the meld points their cards are worth, points that no set of
cards adds up to, a lone player with cards left after going out.

The sheet is a small TOML file (the ruleset and each hand's entry line), rewritten whole after
every hand; the totals are computed again when it is read, so a sheet is never out of step.
"""

from __future__ import annotations

import math
import os
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli_w

from . import cards as C
from .engine.game import game_end
from .engine.rules import Rules, rules_for
from .engine.scoring import SideScore, red_three_points
from .errors import CanastaError
from .fileio import write_text_atomic
from .seats import side_names
from .variant import LoadedVariant, load
from .variant.model import ConcealedPlayer


class TallyError(CanastaError):
    """An entry or a sheet that cannot be scored."""


COUNT_KEYS = {
    "m": "meld",
    "n": "natural",
    "x": "mixed",
    "s": "runs",
    "w": "wild",
    "r": "red",
    "h": "hand",
    "p": "penalty",
}
"""One-letter keys of an entry and the field each sets."""

FLAGS = ("out", "concealed")


@dataclass(frozen=True)
class SideEntry:
    """What one side has at the end of a hand, as counted at the table."""

    meld: int = 0
    natural: int = 0
    mixed: int = 0
    runs: int = 0
    wild: int = 0
    red: int = 0
    hand: int = 0
    penalty: int = 0
    out: bool = False
    concealed: bool = False

    @property
    def canastas(self) -> int:
        return self.natural + self.mixed + self.runs + self.wild

    @property
    def melded(self) -> bool:
        return self.meld > 0 or self.canastas > 0

    def text(self, name: str) -> str:
        parts = [name]
        for key, attr in COUNT_KEYS.items():
            value = getattr(self, attr)
            if value:
                parts.append(f"{key} {value}")
        if self.concealed:
            parts.append("concealed")
        elif self.out:
            parts.append("out")
        return " ".join(parts)


def entry_text(rules: Rules, entries: list[SideEntry]) -> str:
    """The canonical one-line form of a hand's entries."""
    names = side_names(rules.players, rules.sides)
    return "; ".join(e.text(n) for n, e in zip(names, entries, strict=True))


def parse_entry(rules: Rules, text: str) -> list[SideEntry]:
    """The per-side entries of one hand, one line as in the module docstring."""
    names = side_names(rules.players, rules.sides)
    canon = {"".join(sorted(n)): i for i, n in enumerate(names)}
    found: dict[int, SideEntry] = {}
    parts = [p.strip() for p in text.split(";")]
    if not any(parts):
        raise TallyError("an empty entry: write e.g. 'NS m 380 n 1 r 2 out; EW m 200 h 35'")
    for part in parts:
        if not part:
            continue
        words = part.split()
        side = canon.get("".join(sorted(words[0].upper())))
        if side is None:
            raise TallyError(f"{words[0]!r} is not a side at this table (sides: {' '.join(names)})")
        if side in found:
            raise TallyError(f"{names[side]} is entered twice")
        found[side] = _side_entry(names[side], words[1:])
    return [found.get(i, SideEntry()) for i in range(rules.sides)]


def _side_entry(name: str, words: list[str]) -> SideEntry:
    values: dict[str, Any] = {}
    i = 0
    while i < len(words):
        w = words[i].lower()
        if w in FLAGS:
            if "out" in values:
                raise TallyError(f"{name}: say 'out' or 'concealed' once")
            values["out"] = True
            values["concealed"] = w == "concealed"
            i += 1
            continue
        attr = COUNT_KEYS.get(w)
        if attr is None:
            keys = ", ".join(COUNT_KEYS)
            raise TallyError(
                f"{name}: unknown item {words[i]!r} (use {keys} with a number, or out/concealed)"
            )
        if attr in values:
            raise TallyError(f"{name}: {w} is given twice")
        if i + 1 >= len(words):
            raise TallyError(f"{name}: {w} needs a number")
        raw = words[i + 1]
        try:
            number = int(raw)
        except ValueError:
            raise TallyError(f"{name}: {w} needs a whole number, not {raw!r}") from None
        if number < 0:
            what = "hand points are entered as a positive number" if w == "h" else "no negatives"
            raise TallyError(f"{name}: {w} {number}: {what}")
        values[attr] = number
        i += 2
    return SideEntry(**values)


# ------------------------------------------------------------------------------------------------
# Checks and arithmetic


def _card_gcd(rules: Rules) -> int:
    g = 0
    for v in rules.value:
        g = math.gcd(g, v)
    return g


def _lowest_canasta_points(rules: Rules, natural: int, mixed: int, runs: int, wild: int) -> int:
    """The fewest meld points that these canastas can be worth."""
    naturals = [rules.value[c] for c in range(C.NUM_CARD_IDS) if _is_natural_card(c)]
    wilds = [rules.value[c] for c in range(C.NUM_CARD_IDS) if C.is_wild(c)]
    low_nat = min(naturals) if naturals else 0
    low_wild = min(wilds) if wilds else low_nat
    size = rules.canasta_size
    return (
        (natural + runs) * size * low_nat
        + mixed * ((size - 1) * low_nat + low_wild)
        + wild * size * low_wild
    )


def _is_natural_card(c: int) -> bool:
    return not C.is_wild(c) and C.RANK_OF[c] >= 4


def _unscored(rules: Rules) -> str:
    """The rules of a ruleset the tally's counts cannot score ('' when it can score them all)."""
    if rules.special_scoring:
        return "special canastas and unfinished-meld charges (canastas.special, melds.wild_melds)"
    if rules.black3_bonus:
        return "black threes laid out as bonus cards (black_threes.bonus)"
    if rules.hand_sets:
        return "sets of cards held at the end (penalties.in_hand_sets)"
    if rules.lone_pickup:
        # BCT: once the pile is taken the two partners pool their result and each is credited
        # the whole; a line of counts cannot say who played alone (score a position instead).
        return "partnerships formed during the hand (seating.forming)"
    return ""


def check_hand(rules: Rules, entries: list[SideEntry]) -> None:
    """Refuse entries that no deal of the variant's cards can produce (TallyError)."""
    v = rules.variant
    names = side_names(rules.players, rules.sides)
    outs = [i for i, e in enumerate(entries) if e.out]
    if len(outs) > 1:
        raise TallyError(f"{' and '.join(names[i] for i in outs)} cannot both go out")
    reds = sum(e.red for e in entries)
    if reds > v.deck.red_threes:
        raise TallyError(
            f"{reds} red threes entered; the pack of {v.deck.size} cards holds "
            f"{v.deck.red_threes} (deck.decks = {v.deck.decks})"
        )
    # Canastas of wild cards take canasta-size wild cards each, and a mixed canasta at least one.
    wild_cards = v.deck.wild_cards
    need_wild = sum(e.wild for e in entries) * rules.canasta_size + sum(e.mixed for e in entries)
    if need_wild > wild_cards:
        raise TallyError(
            f"the canastas entered need at least {need_wild} wild cards (each wild canasta "
            f"{rules.canasta_size}, each mixed one 1); the pack of {v.deck.size} cards holds "
            f"{wild_cards}"
        )
    step = _card_gcd(rules)
    for name, e in zip(names, entries, strict=True):
        if e.out:
            need = rules.canastas_to_go_out
            why = "going_out.canastas"
            if (
                e.concealed
                and isinstance(v.going_out.concealed, ConcealedPlayer)
                and v.going_out.concealed.own_canasta
                and need < 1
            ):
                need, why = 1, "going_out.concealed.own_canasta"
            if e.canastas < need:
                how = "out concealed" if e.concealed else "out"
                have = "no canasta" if not e.canastas else f"only {e.canastas} canasta(s)"
                raise TallyError(
                    f"{name} went {how} with {have}; this ruleset needs {need} canasta(s) "
                    f"to go {how} ({why})"
                )
            if e.runs < rules.run_canastas_to_go_out:
                raise TallyError(
                    f"{name} went out with {e.runs} run canasta(s); this ruleset needs "
                    f"{rules.run_canastas_to_go_out} (going_out.sequence_canastas)"
                )
            for count, want, kind in (
                (e.natural, rules.natural_to_go_out, "natural"),
                (e.mixed, rules.mixed_to_go_out, "mixed"),
                (e.wild, rules.wild_to_go_out, "wild"),
            ):
                if count < want:
                    raise TallyError(
                        f"{name} went out with {count} {kind} canasta(s); this ruleset needs "
                        f"{want} (going_out.{kind}_canastas)"
                    )
            if rules.side_size == 1 and e.hand:
                raise TallyError(
                    f"{name} went out, so holds no cards: h {e.hand} is impossible "
                    "(a player alone has no partner holding cards)"
                )
        if e.runs and not rules.runs:
            raise TallyError(f"{name}: s {e.runs}: this ruleset has no runs (melds.sequences)")
        if e.wild and not rules.wild_melds:
            raise TallyError(
                f"{name}: w {e.wild}: this ruleset has no melds of wild cards (melds.wild_melds)"
            )
        if e.wild > 1 and not rules.canasta_closed:
            raise TallyError(
                f"{name}: w {e.wild}: a side keeps one meld of wild cards, and an open canasta is "
                "never closed for a second (melds.wild_melds, canastas.closed)"
            )
        low = _lowest_canasta_points(rules, e.natural, e.mixed, e.runs, e.wild)
        if e.meld < low:
            raise TallyError(
                f"{name}: {e.canastas} canasta(s) of {rules.canasta_size} cards are worth at "
                f"least {low} in meld points, but m is {e.meld}"
            )
        if step > 1:
            for key, value in (("m", e.meld), ("h", e.hand)):
                if value % step:
                    raise TallyError(
                        f"{name}: {key} {value} is not a multiple of {step}; every card "
                        f"counts a multiple of {step} in this ruleset"
                    )


def score_entries(rules: Rules, entries: list[SideEntry]) -> list[SideScore]:
    """Each side's score for the hand, row by row, after :func:`check_hand`."""
    check_hand(rules, entries)
    out: list[SideScore] = []
    someone_out = any(e.out for e in entries)
    for e in entries:
        red = red_three_points(rules, e.red, e.melded, e.canastas, someone_out and not e.out)
        going = 0
        if e.out:
            going = rules.concealed_bonus if e.concealed else rules.out_bonus
        # penalties.no_canasta_melds = "minus" (CJ): no canasta, the melded cards count minus.
        melds = -e.meld if rules.no_canasta_melds_minus and not e.canastas else e.meld
        out.append(
            SideScore(
                melds=melds,
                hands=-e.hand,
                mixed_canastas=e.mixed * rules.mixed_bonus,
                natural_canastas=e.natural * rules.natural_bonus,
                run_canastas=e.runs * rules.run_bonus,
                wild_canastas=e.wild * rules.wild_canasta_bonus,
                run_count=e.runs,
                wild_count=e.wild,
                red_threes=red,
                going_out=going,
                penalties=-e.penalty,
                mixed_count=e.mixed,
                natural_count=e.natural,
                red_three_count=e.red,
            )
        )
    return out


# ------------------------------------------------------------------------------------------------
# The sheet


@dataclass
class TallyHand:
    entries: list[SideEntry]
    scores: list[SideScore]
    totals: list[int]
    """Each side's total after this hand."""


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
        hand = TallyHand(entries, scores, totals)
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
        p = Path(path)
        try:
            data = tomllib.loads(p.read_text(encoding="utf-8"))
        except OSError as e:
            raise TallyError(f"{p}: cannot read: {e.strerror or e}") from None
        except tomllib.TOMLDecodeError as e:
            raise TallyError(f"{p}: not a tally sheet: {e}") from None
        ref = data.get("variant")
        sets = data.get("set", [])
        players = data.get("players")
        hands = data.get("hands", [])
        if not isinstance(ref, str):
            raise TallyError(f"{p}: variant: expected the ruleset's name or file")
        if not isinstance(sets, list) or not all(isinstance(x, str) for x in sets):
            raise TallyError(f"{p}: set: expected a list of KEY=VALUE strings")
        if players is not None and not isinstance(players, int):
            raise TallyError(f"{p}: players: expected a whole number")
        if not isinstance(hands, list) or not all(isinstance(x, str) for x in hands):
            raise TallyError(f"{p}: hands: expected a list of entry lines")
        if _looks_like_path(ref) and not Path(ref).is_absolute():
            ref = str(p.resolve().parent / ref)
        sheet = cls.new(ref, tuple(sets), players)
        for i, line in enumerate(hands, 1):
            try:
                sheet.add(line)
            except TallyError as e:
                raise TallyError(f"{p}: hand {i}: {e}") from None
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

PROMPTS = (
    ("m", "meld points (cards on the table)"),
    ("n", "natural canastas"),
    ("x", "mixed canastas"),
    ("r", "red threes"),
    ("h", "points left in hands"),
)


def guided_entry(sheet: Sheet, ask: Callable[[str], str]) -> str:
    """Ask for each side's counts one by one (blank means 0) and who went out; the answer is
    the hand's one-line entry. ``ask`` shows a prompt and returns what was typed."""
    parts = []
    names = sheet.sides
    for name in names:
        words = [name]
        prompts = list(PROMPTS)
        # Runs and melds of wild cards are asked for only where the ruleset has them.
        if sheet.rules.runs:
            prompts.insert(3, ("s", "canastas that are runs"))
        if sheet.rules.wild_melds:
            prompts.insert(3, ("w", "canastas of wild cards"))
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
