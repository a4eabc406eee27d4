"""Fuzzing the table's readers (issue 27, point 6): tally sheets, ``--hand`` lines, and the
moves ``canasta play`` reads in line mode, beside the records and variant files of
:mod:`canasta_rules.fuzz`, with the same harness (accepted, rejected with the project's own
error and checked for shape, or crashed).

Seeds are real: the hands of bot games entered as the tally takes them, the sheets those hands
make, and the lines a person would type in a game as it goes (each a legal move there).
"""

from __future__ import annotations

import io
import random
from pathlib import Path

from .bots import make_bot
from .engine import Game
from .errors import placed
from .fuzz import COMMON_MUTATIONS, VARIANT_MUTATIONS, Outcome, mutate, random_number, run
from .play.line import LineMode
from .play.session import Options, Session
from .seats import side_names
from .tally import Sheet, TallyError
from .tally.entry import SideEntry
from .tally.sheet import hand_table_rows, status_lines
from .variant import load_variant

SHEET_FILE = "sheet.toml"
TALLY_VARIANTS = ("classic", "six-hand", "samba", "modern-american")
PLAY_VARIANTS = ("classic", "three-hand", "samba")

_DOC_LINES = [
    ("classic", "NS m 380 n 1 x 1 r 2 out; EW m 200 x 1 h 35"),
    ("classic", "NS m 2 jokers 4 aces 8 K-8 n 1 r 1 out; EW m 5 7-4 h 1 twos 3 K-8"),
    ("encyclopedia", "NS m 305 h 75 x 2 n 1 r 2 out; EW m 295 h 120 x 1 r 1"),
    ("classic", "NS m 140 h 55; EW m 410 n 1 x 1 r 1 concealed"),
    ("modern-american", "NS m 250 c7 1 n 1 r 2 b 1 out; EW m 195 x 1 uA 1 uw 1 h 80 hA 1"),
    ("hand-and-foot", "NS m 900 n 2 x 3 w 1 out; EW m 700 n 1 x 2 h 120"),
    ("samba", "NS m 600 s 1 n 1 x 1 out; EW m 300 x 1 h 40"),
]


# --------------------------------------------------------------------------------------------
# Seeds


def seed_hand_lines(games: int = 1) -> list[tuple[str, str]]:
    """``(variant, line)``: the hands of greedy bot games read off as the tally's entries, and
    the entry lines of the documentation."""
    out = list(_DOC_LINES)
    for name in TALLY_VARIANTS[:3]:
        v = load_variant(name)
        for seed in range(1, games + 1):
            game = Game(v, seed)
            result = game.play(make_bot("greedy", seed))
            r = game.rules
            names = side_names(r.players, r.sides)
            for h in result.hands:
                end = h.end
                assert end is not None
                parts = []
                for side, (n, sc) in enumerate(zip(names, h.score, strict=True)):
                    went_out = end.out_player >= 0 and r.side_of[end.out_player] == side
                    e = SideEntry(
                        meld=sc.melds,
                        natural=sc.natural_count,
                        mixed=sc.mixed_count,
                        red=sc.red_three_count,
                        hand=-sc.hands,
                        out=went_out,
                        concealed=went_out and end.concealed,
                    )
                    parts.append(e.text(n))
                out.append((name, "; ".join(parts)))
    return out


def seed_sheets(hand_lines: list[tuple[str, str]]) -> list[str]:
    """Sheet files (TOML text) holding runs of those hands, as ``tally --sheet`` saves them."""
    by_variant: dict[str, list[str]] = {}
    for name, line in hand_lines:
        by_variant.setdefault(name, []).append(line)
    out = []
    for name, lines in by_variant.items():
        sheet = Sheet.new(name)
        for line in lines:
            try:
                sheet.add(line)
            except ValueError:
                break  # the game is over (or the line was for another table)
        out.append(sheet.to_toml())
    return out


# --------------------------------------------------------------------------------------------
# Mutations

_SHEET_LINES = [
    'variant = "../secret.toml"',
    'variant = "up/secret.toml"',
    'variant = "linked.toml"',
    'variant = "house.toml"',
    'variant = "sub/house.toml"',
    'variant = "pipe.toml"',
    'variant = "/dev/zero"',
    'variant = "/etc/passwd"',
    'variant = "' + "v" * 3000 + '"',
    'variant = "nope"',
    "variant = 3",
    "players = " + "9" * 19,
    "players = true",
    "players = -4",
    'set = ["game.target=' + "9" * 5000 + '"]',
    'set = ["' + "a." * 2000 + 'b=1"]',
    "set = 7",
    'hands = ["NS m ' + "9" * 5000 + '"]',
    'hands = ["' + "NS " * 3000 + '"]',
    "hands = [" + '"NS m 100; EW m 50", ' * 2000 + "]",
    "hands = " + "[" * 3000 + "]" * 3000,
]


def _sheet_line(rng: random.Random, t: str) -> str:
    lines = t.split("\n")
    lines.insert(rng.randrange(len(lines) + 1), rng.choice(_SHEET_LINES))
    return "\n".join(lines)


SHEET_MUTATIONS = [*VARIANT_MUTATIONS, _sheet_line, _sheet_line]

_ENTRY_WORDS = [
    *["m", "n", "x", "s", "w", "r", "h", "p", "b", "w2", "wj", "uw", "c7", "cA", "u7", "uA"],
    *["hA", "h7", "c", "u", "h", "cZ"],
    *["jokers", "twos", "aces", "K-8", "7-4", "black", "threes", "black threes", "kings"],
    "m 3 jokers 2 aces",
    "h 2 twos 1 black threes",
    "m " + "1 aces " * 300,
    "out",
    "concealed",
    "OUT",
    ";",
    ";;",
    "NS",
    "EW",
    "N",
    "SN",
    "WE",
    "-5",
    "0",
    "+5",
    "1_000",
    "\u0665",
    "x" * 3000,
]


def _entry_word(rng: random.Random, t: str) -> str:
    """A word of the entry language (or one close to it) put somewhere."""
    words = t.split(" ")
    word = rng.choice(_ENTRY_WORDS) if rng.random() < 0.7 else random_number(rng)
    words.insert(rng.randrange(len(words) + 1), word)
    return " ".join(words)


HAND_MUTATIONS = [*COMMON_MUTATIONS, _entry_word, _entry_word, _entry_word]

_PLAY_LINES = [
    "moves",
    "? ",
    "? out.permission_obliges",
    "? melds.max_wild",
    "? " + "x" * 3000,
    "quit",
    "N draw",
    "E draw",
    "draw draw draw",
    "meld " + "7h 7c 7s, " * 200,
    "discard " + "9" * 400,
    "take with " + "Kc " * 500,
    "ask yes",
    "ask no",
    "yes",
    "# a comment",
    "\t",
]


def _play_line(rng: random.Random, t: str) -> str:
    lines = t.split("\n")
    lines.insert(rng.randrange(len(lines) + 1), rng.choice(_PLAY_LINES))
    return "\n".join(lines)


PLAY_MUTATIONS = [*COMMON_MUTATIONS, _play_line, _play_line]


def mutate_sheet(rng: random.Random, text: str) -> str:
    return mutate(rng, text, SHEET_MUTATIONS)


def mutate_hand(rng: random.Random, text: str) -> str:
    return mutate(rng, text, HAND_MUTATIONS)


# --------------------------------------------------------------------------------------------
# The harness


def try_sheet(text: str, folder: Path) -> Outcome:
    """Write ``text`` as a tally sheet in ``folder`` and read it as ``tally --sheet`` does; on
    success show it as ``--print`` does and save it again."""
    path = folder / SHEET_FILE
    path.write_text(text, encoding="utf-8", errors="surrogatepass")

    def act() -> None:
        sheet = Sheet.read(path)
        status_lines(sheet)
        hand_table_rows(sheet)
        sheet.save(path)

    return run(act, (str(path),))


def try_hand(variant: str, text: str) -> Outcome:
    """Each line of ``text`` as a ``--hand`` under ``variant``, as ``canasta tally`` adds
    them (a refusal is a :class:`~canasta_rules.tally.TallyError`, located by its hand)."""

    def act() -> None:
        sheet = Sheet.new(variant)
        for i, line in enumerate(text.split("\n"), 1):
            try:
                sheet.add(line)
            except TallyError as e:  # placed as the command places it
                raise TallyError(placed(f"--hand {i}", str(e))) from None
            status_lines(sheet)
        hand_table_rows(sheet)

    return run(act, ("--hand ",))


def play_input(rng: random.Random, variant: str, seed: int, turns: int) -> str:
    """What a person types for North in a game of ``variant`` dealt from ``seed``: a legal move
    at each of North's first ``turns`` turns (one of the kinds ``moves`` lists), and now and
    then a question."""
    sess = Session.new(Options(ref=variant, seed=seed, humans=frozenset({0})))
    lines: list[str] = []
    for _ in range(turns):
        sess.run_bots()
        if sess.hand_over:
            break
        texts = sess.legal_texts()
        if not texts:
            break
        if rng.random() < 0.1:
            lines.append(rng.choice(["moves", "? melds.max_wild", "# thinking"]))
        text = rng.choice(texts)
        sess.play_text(text)
        lines.append(text)
    return "\n".join(lines) + "\n"


def try_play(variant: str, seed: int, text: str, strict: bool) -> Outcome:
    """``text`` as the input of ``canasta play --line`` (North human, greedy bots): ``strict``
    as from a pipe (a refused line stops the game with its error), else as at the keyboard
    (refused lines are said and the game goes on)."""

    def act() -> None:
        sess = Session.new(Options(ref=variant, seed=seed, humans=frozenset({0})))
        LineMode(sess, io.StringIO(text), io.StringIO(), strict=strict).run()

    return run(act, ("<stdin>",))
