"""Fuzzing the readers: mutations of real records and variant files, and a harness that sorts what
each input did (accepted, rejected with the project's own error, or crashed).

Both the derandomized hypothesis tests (``tests/test_fuzz_*.py``) and the long run
(``python bench/fuzz.py --minutes N``) use these. A *crash* is any exception that is not a
:class:`~canasta_rules.errors.CanastaError`; a rejection is also checked for shape: one line per
problem, at most :data:`MESSAGE_TARGET` characters, and a location (a file, with a line or a key
where the problem has one).
"""

from __future__ import annotations

import os
import random
import re
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .engine.scoring import score_hand
from .errors import MESSAGE_TARGET, CanastaError, IllegalMoveError, NotationError, VariantError
from .notation import format_document, parse, read_position, replay
from .notation.ruling import rule_on
from .variant import builtin, load
from .variant.compare import differences, show_value
from .variant.export import export_toml

RECORD_FILE = "fuzz.can"
POSITION_FILE = "fuzz.pos"
VARIANT_FILE = "v.toml"


@dataclass(frozen=True)
class Outcome:
    """What one input did: ``accepted``, ``rejected`` or ``crashed``; for a rejection, the flaws
    of its message (empty when it is well formed: see :data:`FLAWS`) and the lines that have
    them; for a crash, the traceback."""

    kind: str
    detail: str = ""
    flaws: tuple[str, ...] = ()
    flawed_lines: tuple[str, ...] = ()


LONG = f"over {MESSAGE_TARGET} characters"
SPLIT = "more than one line"
UNLOCATED = "no location"
LEAK = "an outside file's value shown"
FLAWS = (LONG, SPLIT, UNLOCATED, LEAK)
"""The ways a rejection's message can break the rules of issues 14 and 27 (one line per problem,
about 200 characters at most, a location, nothing read from a file outside the input's folder)."""

SECRET_MARK = "SECRET-VALUE-27"
"""In the ruleset :func:`prepare` puts outside the inputs' folder: a value no parameter takes, so
that a reader that loaded it would quote it in its error."""


def prepare(base: Path) -> Path:
    """The folder the fuzzed inputs live in, made under ``base``: ``base/game/``, with a ruleset
    file inside (``house.toml``, ``sub/house.toml``), a FIFO (``pipe.toml``), a link to the
    folder above (``up``) and one to the secret ruleset ``base/secret.toml`` outside it
    (``linked.toml``). A record, sheet or variant file naming the secret by any road must be
    refused without its value (:data:`LEAK`)."""
    game = base / "game"
    (game / "sub").mkdir(parents=True, exist_ok=True)
    (base / "secret.toml").write_text(
        f'extends = "classic"\nname = "secret"\n[game]\ntarget = "{SECRET_MARK}"\n'
    )
    house = 'extends = "classic"\nname = "house"\n[melds]\nmax_wild = 2\n'
    (game / "house.toml").write_text(house)
    (game / "sub" / "house.toml").write_text(house)
    for link, to in (("up", base), ("linked.toml", base / "secret.toml")):
        if not (game / link).is_symlink():
            (game / link).symlink_to(to)
    if not (game / "pipe.toml").exists() and hasattr(os, "mkfifo"):
        os.mkfifo(game / "pipe.toml")
    return game


# --------------------------------------------------------------------------------------------
# Seeds


def seed_records(examples: Path) -> list[tuple[str, str]]:
    """``(kind, text)`` of the records (``.can``) and positions (``.pos``) in ``examples`` (the
    repository's docs/examples)."""
    out = []
    for p in sorted(examples.glob("*")):
        if p.suffix in (".can", ".pos"):
            out.append(("position" if p.suffix == ".pos" else "record", p.read_text()))
    return out


def seed_variants(examples: Path) -> list[str]:
    """The built-in variant files, and the variant files under ``examples``."""
    files = sorted(builtin.variants_dir().glob("*.toml")) + sorted(examples.rglob("*.toml"))
    return [p.read_text() for p in files]


# --------------------------------------------------------------------------------------------
# Mutations

_ODD = [
    "\x00",
    "\u202e",
    "\ufeff",
    "\U0001f0a1",
    "é",
    "\r",
    "\t",
    "\\",
    '"',
    "'",
    "#",
    "[",
    "]",
    "{",
    "}",
    ",",
    ":",
    "=",
    ".",
    "-",
    "\n",
]


def random_number(rng: random.Random) -> str:
    return rng.choice(
        [
            "0",
            "-1",
            str(2**63),
            str(2**64 + 1),
            "9" * rng.choice([10, 19, 40, 400, 4400, 9000]),
            "1e999",
            "nan",
            "inf",
            "-inf",
            "0x7f",
            "1_000",
        ]
    )


def _flip(rng: random.Random, t: str) -> str:
    if not t:
        return t
    i = rng.randrange(len(t))
    c = rng.choice(_ODD) if rng.random() < 0.5 else chr(rng.randrange(32, 0x2FFF))
    return t[:i] + c + t[i + 1 :]


def _truncate(rng: random.Random, t: str) -> str:
    return t[: rng.randrange(len(t) + 1)]


def _swap_tokens(rng: random.Random, t: str) -> str:
    words = t.split(" ")
    if len(words) < 2:
        return t
    i, j = rng.randrange(len(words)), rng.randrange(len(words))
    words[i], words[j] = words[j], words[i]
    return " ".join(words)


def _insert_number(rng: random.Random, t: str) -> str:
    i = rng.randrange(len(t) + 1)
    return t[:i] + random_number(rng) + t[i:]


def _replace_number(rng: random.Random, t: str) -> str:
    """A digit, chosen uniformly among the text's digits, replaced by a number."""
    i = -1
    for _ in range(32):  # a random spot until it is a digit: still uniform, and no full scan
        j = rng.randrange(len(t)) if t else 0
        if t and t[j].isdigit():
            i = j
            break
    if i < 0:
        digits = [m.start() for m in _DIGIT.finditer(t)]
        if not digits:
            return _insert_number(rng, t)
        i = rng.choice(digits)
    return t[:i] + random_number(rng) + t[i + 1 :]


_DIGIT = re.compile(r"\d")


def _repeat(rng: random.Random, t: str) -> str:
    """Deep repetition: a piece of the text, or a bracket, many times over."""
    i = rng.randrange(len(t) + 1)
    piece = rng.choice([t[i : i + rng.randint(1, 30)], "[", "{", "a.", "[[", "a=[", "\n"])
    return t[:i] + piece * rng.choice([2, 50, 1000, 6000]) + t[i:]


def _lines(rng: random.Random, t: str) -> str:
    """Delete, duplicate or move a line."""
    lines = t.split("\n")
    i = rng.randrange(len(lines))
    op = rng.randrange(3)
    if op == 0:
        del lines[i]
    elif op == 1:
        lines.insert(i, lines[i])
    else:
        lines.insert(rng.randrange(len(lines) + 1), lines.pop(i))
    return "\n".join(lines)


def _unicode(rng: random.Random, t: str) -> str:
    i = rng.randrange(len(t) + 1)
    junk = "".join(chr(rng.randrange(0x80, 0x10FFFF)) for _ in range(rng.randint(1, 8)))
    junk = junk.encode("utf-8", "replace").decode("utf-8", "replace")
    return t[:i] + junk + t[i:]


_RECORD_LINES = [
    '[Variant "/dev/zero"]',
    '[Variant "../../../etc/passwd"]',
    '[Variant "' + "v" * 3000 + '.toml"]',
    '[Set "melds.max_wild=' + "9" * 5000 + '"]',
    '[Set "game.target=' + "[" * 2000 + '"]',
    '[Seed "' + "7" * 5000 + '"]',
    '[Scores "NS ' + "9" * 50 + ', EW 0"]',
    "hand " + "9" * 30,
    "hand 1 seed " + "7:" * 40,
    "score NS -" + "9" * 30 + " EW 0",
    "stock " + "9" * 5000,
    "N " + "draw " * 500,
    "N meld " + ", ".join(["7h 7c 7s"] * 300),
    "to move: N over",
    "out N concealed",
    "penalty N " + "x" * 200,
]


def _record_line(rng: random.Random, t: str) -> str:
    lines = t.split("\n")
    lines.insert(rng.randrange(len(lines) + 1), rng.choice(_RECORD_LINES))
    return "\n".join(lines)


VARIANT_PATHS = [
    "house.toml",
    "sub/house.toml",
    "./house.toml",
    "sub/../house.toml",
    "house",
    "../secret.toml",
    "sub/../../secret.toml",
    "up/secret.toml",
    "up/game/house.toml",
    "linked.toml",
    "pipe.toml",
    "sub",
    "missing.toml",
    "/dev/zero",
    "/etc/passwd",
    "~/secret.toml",
    "..",
    "",
    "a\\b.toml",
    "sub//house.toml",
    "h" * 300 + ".toml",
]
"""Names a ``[Variant]`` tag may give, relative to the folder :func:`prepare` makes: inside it,
out of it by every road, and not names of files at all."""


def _variant_path(rng: random.Random, t: str) -> str:
    """The record's ``Variant`` tag made to name a path (or a tag put first)."""
    tag = f'[Variant "{rng.choice(VARIANT_PATHS)}"]'
    if rng.random() < 0.2:
        tag = tag.replace("secret", "..%2fsecret" if rng.random() < 0.5 else "SECRET")
    lines = t.split("\n")
    for i, line in enumerate(lines):
        if line.startswith("[Variant "):
            lines[i] = tag
            return "\n".join(lines)
    return "\n".join([tag, *lines])


_TOML_LINES = [
    'extends = "v.toml"',
    'extends = "../secret.toml"',
    'extends = "/etc/passwd"',
    'extends = "' + "a" * 5000 + '.toml"',
    'extends = "a/' * 400 + 'x.toml"',
    'extends = "nope"',
    "extends = 3",
    "[" + ".".join(["t"] * 3000) + "]",
    "deep = " + "[" * 3000 + "]" * 3000,
    "deep = " + "{a=" * 500 + "1" + "}" * 500,
    "target = " + "9" * 5000,
    "[game]\ntarget = nan",
    "[game]\ntarget = inf",
    "[game]\ntarget = 1e999",
    "[melds]\nmax_wild = " + str(2**64),
    "[provenance]\nx = 3",
    '[provenance]\n"melds.max_wild" = { sources = ["nope"] }',
    "[[seating]]\nplayers = -1",
    "seating = []",
    'name = "' + "n" * 4000 + '"',
]

_WRONG = [
    "true",
    "3",
    "-7",
    "1.5",
    '"text"',
    "[]",
    "[1, 2]",
    "{}",
    "{ kind = 3 }",
    "1979-05-27",
    '"' + "x" * 3000 + '"',
    "nan",
]


def _toml_line(rng: random.Random, t: str) -> str:
    lines = t.split("\n")
    lines.insert(rng.randrange(len(lines) + 1), rng.choice(_TOML_LINES))
    return "\n".join(lines)


def _wrong_type(rng: random.Random, t: str) -> str:
    """A value of the wrong type at some key."""
    lines = t.split("\n")
    keyed = [i for i, ln in enumerate(lines) if "=" in ln and not ln.lstrip().startswith("#")]
    if not keyed:
        return t
    i = rng.choice(keyed)
    key = lines[i].split("=", 1)[0]
    lines[i] = f"{key}= {rng.choice(_WRONG)}"
    return "\n".join(lines)


COMMON_MUTATIONS: list[Callable[[random.Random, str], str]] = [
    _flip,
    _truncate,
    _swap_tokens,
    _insert_number,
    _replace_number,
    _repeat,
    _lines,
    _unicode,
]
RECORD_MUTATIONS = [*COMMON_MUTATIONS, _record_line, _record_line, _variant_path]
VARIANT_MUTATIONS = [*COMMON_MUTATIONS, _toml_line, _toml_line, _wrong_type, _wrong_type]


def mutate(
    rng: random.Random, text: str, mutations: list[Callable[[random.Random, str], str]]
) -> str:
    """``text`` after one to four random mutations."""
    for _ in range(rng.randint(1, 4)):
        text = rng.choice(mutations)(rng, text)
    return text


def random_text(rng: random.Random) -> str:
    """Not a mutation: random characters, sometimes from the notation's own alphabet."""
    alphabet = rng.choice(
        ['NESW draw meld take discard 7h Kc 2c Jk:,#\n[]"', "".join(_ODD) + "abc123", ""]
    )
    n = rng.choice([0, 1, 10, 200, 3000])
    if not alphabet:
        return "".join(chr(rng.randrange(1, 0x3000)) for _ in range(n))
    return "".join(rng.choice(alphabet) for _ in range(n))


# --------------------------------------------------------------------------------------------
# The harness


def _flaws(e: CanastaError, files: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The flaws of a rejection's message (each named once) and the lines that have them."""
    flaws: dict[str, None] = {}
    bad: dict[str, None] = {}
    lines = e.lines()
    for line in lines:
        if "\n" in line or "\r" in line:
            flaws[SPLIT] = bad[line] = None
        if len(line) > MESSAGE_TARGET:
            flaws[LONG] = bad[line] = None
    located = True
    if isinstance(e, VariantError):
        located = all(p.file for p in e.problems)
    elif isinstance(e, NotationError):
        located = bool(e.file)
    elif isinstance(e, IllegalMoveError):
        located = bool(e.where)
    else:
        located = any(str(e).startswith(f) for f in files)
    if not located:
        flaws[UNLOCATED] = None
        bad.update(dict.fromkeys(lines))
    for line in lines:
        if SECRET_MARK in line:
            flaws[LEAK] = bad[line] = None
    return tuple(flaws), tuple(bad)


def run(action: Callable[[], None], files: tuple[str, ...]) -> Outcome:
    try:
        action()
    except CanastaError as e:
        return Outcome("rejected", str(e), *_flaws(e, files))
    except Exception:
        return Outcome("crashed", traceback.format_exc())
    return Outcome("accepted")


def try_record(kind: str, text: str, folder: Path) -> Outcome:
    """Run a record (or a position) through the public API: parse, replay (or read the position,
    score it and rule on a move), format. ``folder`` holds the record's file, for its relative
    ``Variant`` tag."""
    name = POSITION_FILE if kind == "position" else RECORD_FILE
    path = str(folder / name)

    def act() -> None:
        doc = parse(text, path)
        if kind == "position":
            pos = read_position(doc)
            if pos.state.over:
                score_hand(pos.state)
            else:
                rule_on(pos, "draw")
                rule_on(pos, text.split("\n", 1)[0][:200])
        else:
            replay(doc)
        format_document(doc)

    return run(act, (path,))


def try_variant(text: str, folder: Path, sets: tuple[str, ...] = ()) -> Outcome:
    """Write ``text`` as a variant file in ``folder`` and load it (then export it and compare it
    with ``classic``, as ``variants export`` and ``diff`` would)."""
    f = folder / VARIANT_FILE
    f.write_text(text, encoding="utf-8", errors="surrogatepass")

    def act() -> None:
        lv = load(f, sets)
        export_toml(lv)
        for _, a, b in differences(lv.variant, load("classic").variant):
            show_value(a)
            show_value(b)

    return run(act, (str(f), "--set"))
