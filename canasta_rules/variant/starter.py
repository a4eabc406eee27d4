"""A commented starter house-rules file (``canasta variants new NAME --from BASE``).

The file ``extends`` BASE and lists the rules the published sources argue about most (the rows of
RULE-PARAMETERS.md, as :data:`ARGUED` names them), each commented out at BASE's value, with the
parameter's description, its allowed values and what each built-in ruleset of the classic game
plays, with the sources its note cites: so a table can see that a black three freezes the pile in
``bicycle`` [B] and only stops it in ``classic`` [001] before choosing. Everything in it is derived
from the model (descriptions and allowed values: :mod:`.reference`) and the built-in variants
(values and provenance); only the choice of rules is written here.

As written, the file plays exactly as BASE does (a test checks it): uncommenting a line and
changing its value makes the house rule.
"""

from __future__ import annotations

import re
import textwrap
from functools import cache
from typing import Any

from ..sources import FAMILY, SOURCE_IDS, label
from . import builtin
from .compare import flatten, show_value
from .loaded import LoadedVariant, load
from .reference import parameters

ARGUED: tuple[str, ...] = (
    "game.target",
    "game.win",
    "draw.count",
    "deal.cutter",
    "deal.upcard_covered",
    "deal.upcard_freezes",
    "initial_meld.tiers",
    "initial_meld.basis",
    "initial_meld.pile_cards",
    "melds.max_wild",
    "melds.wild_not_more_than_natural",
    "melds.canasta_wild",
    "pile.unfrozen",
    "pile.frozen_before_opening",
    "pile.one_card_ban",
    "black_threes.discarded",
    "red_threes.exposed",
    "red_threes.replaced_from_pile",
    "red_threes.totals",
    "red_threes.count_against",
    "going_out.canastas",
    "going_out.final_discard",
    "going_out.concealed_bonus",
    "going_out.concealed_waives_minimum",
)
"""The most-argued rules, in the order of a game: RULE-PARAMETERS.md's rows (target and win,
stock draw, cut and upcard, initial meld tiers, basis and pile cards, the wild-card limits,
pickups, black and red threes, going out and concealed), by the model's names. The catalog's
other rows (hand size by table, stock exhaustion, permission to go out) are tables whose shape
changes with their ``kind``; docs/parameters.md describes them."""

WIDTH = 99
"""The widest comment line (TOML files of the project keep to 100 columns)."""


@cache
def _described() -> dict[str, tuple[str, str]]:
    """Each parameter's allowed values and description, as docs/parameters.md gives them."""
    return {
        key: (typ.replace("`", ""), desc.replace("`", ""))
        for rows in parameters().values()
        for key, typ, _default, desc in rows
    }


@cache
def _classic_family() -> tuple[tuple[str, LoadedVariant], ...]:
    """The built-in rulesets of the classic game: those that cite no family source."""
    out = []
    for name in builtin.names():
        lv = load(name)
        if not any(s in FAMILY for s in lv.variant.sources):
            out.append((name, lv))
    return tuple(out)


def readings(key: str, players: frozenset[int]) -> list[tuple[str, str]]:
    """Which source says what for ``key``: each value a built-in ruleset of the classic game
    plays, as a variant file writes it, and the sources whose notes state it for that ruleset
    (a pinned reading, where the sources are silent or unclear, states nothing). A ruleset for
    other table sizes than ``players`` adds them: ``P, B, W for 2 players``."""
    order = {i: n for n, i in enumerate(SOURCE_IDS)}
    # A source speaks through the rulesets that follow it first (001 through classic): bicycle's
    # notes cite 001 too, where 001 tells how Bicycle differs, which is not 001's own rule.
    home: dict[str, set[str]] = {}
    for name, lv in _classic_family():
        home.setdefault(lv.variant.sources[0], set()).add(name)
    said: dict[str, dict[str, list[str]]] = {}
    for name, lv in _classic_family():
        values = flatten(lv.variant)
        entry = lv.provenance_entry(key)
        if key not in values or entry is None or entry[1].pinned:
            continue
        own = [
            s for s in entry[1].sources if s in lv.variant.sources and name in home.get(s, {name})
        ]
        if not own:
            continue
        seats = sorted({s.players for s in lv.variant.seating})
        where = "" if players & set(seats) else f" for {' or '.join(map(str, seats))} players"
        ids = said.setdefault(show_value(values[key]), {}).setdefault(where, [])
        ids += [s for s in own if s not in ids]
    return [
        (
            value,
            "; ".join(
                ", ".join(sorted(ids, key=lambda i: order.get(i, len(order)))) + where
                for where, ids in groups.items()
            ),
        )
        for value, groups in said.items()
    ]


def _comment(text: str, indent: str = "") -> list[str]:
    return textwrap.wrap(
        text,
        WIDTH,
        initial_indent=f"# {indent}",
        subsequent_indent=f"#   {indent}",
        break_long_words=False,
        break_on_hyphens=False,
    )


def _toml(value: Any) -> str:
    """A value as a TOML file writes it, tables inline (a key left out where it is None)."""
    if isinstance(value, dict):
        inner = ", ".join(f"{k} = {_toml(v)}" for k, v in value.items() if v is not None)
        return "{ " + inner + " }"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return show_value(value)


def _option(key: str, base: LoadedVariant) -> list[str]:
    typ, desc = _described()[key]
    leaf = key.rsplit(".", 1)[1]
    out = [*_comment(desc), *_comment(f"Allowed: {typ}.")]
    players = frozenset(s.players for s in base.variant.seating)
    said = [f"{value}: {ids}" for value, ids in readings(key, players)]
    if said:
        out += _comment("Sources say " + "; ".join(said).replace(": ", " (", 0) + ".")
    value = flatten(base.variant)[key]
    line = f"{leaf} = {_toml(value)}"
    if len(line) > WIDTH - 2:  # an array of tables: one inline table a line
        out += [f"# {leaf} = [", *[f"#   {_toml(v)}," for v in value], "# ]"]
    else:
        out.append(f"# {line}")
    return out


def starter_text(name: str, base: str) -> str:
    """The starter file for a house ruleset ``name`` that extends the built-in ``base``."""
    lv = load(base)
    v = lv.variant
    cited = sorted(
        {s for _n, other in _classic_family() for s in other.variant.sources},
        key=lambda s: (not s.isdigit(), s),
    )
    head = [
        f"# {name}: house rules on {base} ({v.title}).",
        "#",
        *_comment(
            f"Below are the rules the published sources argue about most, each commented out at "
            f"{base}'s value. To play one your way, remove the '# ' before its key and change "
            f"the value; a rule left out stays {base}'s. Check the file with `canasta variants "
            f"validate {name}.toml`; `canasta rules {name}.toml --diff {base}` shows your rules "
            "in words, each change marked."
        ),
        "#",
        *_comment(
            "'Sources say' gives each value a published source states, as the built-in "
            "rulesets of the classic game read them (a source silent or unclear on a rule is "
            "left out). The sources:"
        ),
        *[f"#   [{s}] {label(s)}" for s in cited],
        "",
        f'name = "{name}"',
        f'extends = "{base}"',
        f'# title = "{_title(name)}"',
        "",
    ]
    tables: dict[str, list[str]] = {}
    for key in ARGUED:
        table = key.rsplit(".", 1)[0]
        tables.setdefault(table, []).extend([*_option(key, lv), ""])
    body: list[str] = []
    for table, lines in tables.items():
        body += [f"[{table}]", *lines]
    example = {"sources": ["house"], "note": "Our club's rule: what we play and why."}
    tail = [
        "[provenance]",
        *_comment(
            "Say where each rule you change comes from: the rule sheet marks it with the "
            "sources given here (house: your own), and shows the note. For example:"
        ),
        f'# "black_threes.discarded" = {_toml(example)}',
    ]
    return "\n".join([*head, *body, *tail]) + "\n"


def _title(name: str) -> str:
    words = re.split(r"-+", name)
    return " ".join(words).capitalize()
