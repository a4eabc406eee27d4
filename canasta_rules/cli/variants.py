"""``canasta variants``: list, show, diff, validate, export the rulesets, and print the schema."""

from __future__ import annotations

import difflib
import json
import re
import warnings
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..errors import VariantError, VariantWarning
from ..fileio import OutputError, write_text_atomic
from ..sources import SOURCE_IDS, label
from ..variant import LoadedVariant, builtin, load
from ..variant.compare import differences, flatten
from ..variant.plain import Provenance, Seating, Variant, to_data
from .common import (
    OutOption,
    SetOption,
    console,
    emit,
    load_ref,
    plain_folded_table,
    plain_width,
)

if TYPE_CHECKING:  # rich loads when a table is drawn with it (start-up speed)
    from rich.table import Table

app = typer.Typer(
    help="Rulesets: list, show, compare, check, export, new.\n\n"
    "The built-in rulesets, and house-rules files of your own.",
    no_args_is_help=True,
)

VariantArg = Annotated[str, typer.Argument(metavar="NAME|FILE", help="A built-in name or a file.")]


def _players(v: Variant) -> str:
    """The table sizes in words: ``4 players in two partnerships of two, or 2 or 3 players each
    alone`` (the sizes at which everyone plays alone said together)."""
    from ..variant.spoken import join, seating_words

    alone = [s.players for s in v.seating if _alone(s)]
    said: list[str] = []
    for s in v.seating:
        if not _alone(s):
            said.append(seating_words(s))
        elif s.players == alone[0]:
            said.append(f"{join([str(n) for n in alone])} players each alone")
    return ", or ".join(said)


def _alone(s: Seating) -> bool:
    return s.side_size == 1 and s.forming == "fixed" and s.sit_out == "none"


def _table(*columns: str, wrap: tuple[str, ...] = ()) -> Table:
    """A borderless table; columns in ``wrap`` fold long values instead of cutting them."""
    from rich.table import Table

    table = Table(box=None, pad_edge=False)
    for c in columns:
        if c in wrap:
            table.add_column(c, overflow="fold")
        else:
            table.add_column(c, no_wrap=True)
    return table


LIST_WIDTH = 80
"""``variants list`` keeps to 80 columns, whatever the terminal's width."""

JsonOption = Annotated[
    bool, typer.Option("--json", help="Print JSON instead (its shape: docs/json.md).")
]


def _parent(lv: LoadedVariant) -> str | None:
    if len(lv.chain) < 2:
        return None
    return lv.chain[-2].builtin_name or lv.chain[-2].label


def _source_items(ids: Iterable[str]) -> list[dict[str, str]]:
    return [{"id": i, "label": label(i)} for i in dict.fromkeys(ids)]


def _print_json(data: object) -> None:
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False))


def _legend(ids: Iterable[str]) -> Table:
    """The key to source ids: ``[ID]`` and its label, one a line."""
    from rich.table import Table
    from rich.text import Text

    table = Table(box=None, pad_edge=False, show_header=False)
    table.add_column(no_wrap=True)
    table.add_column(overflow="fold")
    for i, text in _legend_rows(ids):
        table.add_row(Text(i), Text(text))
    return table


def _legend_rows(ids: Iterable[str]) -> list[tuple[str, str]]:
    """The rows of :func:`_legend`: each source id once, in the order of the key."""
    order = {i: n for n, i in enumerate(SOURCE_IDS)}  # the five files, the letters, the family
    return [(i, label(i)) for i in sorted(set(ids), key=lambda i: order.get(i, len(order)))]


@app.command("list")
def list_(json_: JsonOption = False) -> None:
    """The built-in rulesets: name, title, players and sources.

    A key to the sources ends the list."""
    loaded = [(name, load(name)) for name in builtin.names()]
    if json_:
        _print_json(
            [
                {
                    "name": name,
                    "title": lv.variant.title,
                    "summary": lv.variant.summary,
                    "seating": [to_data(s) for s in lv.variant.seating],
                    "sources": _source_items(lv.variant.sources),
                    "extends": _parent(lv),
                }
                for name, lv in loaded
            ]
        )
        return
    rows = []
    for name, lv in loaded:
        v = lv.variant
        parent = _parent(lv)
        about = f"{_players(v)}; sources {', '.join(v.sources)}"
        about += f"; extends {parent}" if parent else ""
        rows.append((name, f"{v.title}\n{about}"))
    legend = _legend_rows(i for _, lv in loaded for i in lv.variant.sources)
    key = "Sources (docs/sources.md has their addresses):"
    # Where rich would print plain text (not a terminal), the tables as rich draws them,
    # without importing rich (start-up speed; tests/test_cli_plain_table.py compares the two).
    room = plain_width()
    if room is not None:
        width = min(room, LIST_WIDTH)
        head = [("name", "title; players; sources")]
        table = plain_folded_table(head + rows, width, header=True)
        key_table = plain_folded_table(legend, width)
        if table is not None and key_table is not None:
            typer.echo("\n".join(line.rstrip() for line in [*table, "", key, *key_table]))
            return
    from rich.table import Table
    from rich.text import Text

    width = min(console.width, LIST_WIDTH)
    rich_table = Table(box=None, pad_edge=False)
    rich_table.add_column("name", no_wrap=True)
    rich_table.add_column("title; players; sources", overflow="fold")
    for name, text in rows:
        rich_table.add_row(Text(name), Text(text))
    with _unpadded():
        console.print(rich_table, width=width)
        console.print()
        console.print(Text(key))
        console.print(_legend(i for i, _ in legend), width=width)


def _cites(prov: Provenance | None) -> str:
    if prov is None:
        return "-"
    return ", ".join(prov.sources) + (" (pinned)" if prov.pinned else "")


def _show_json(lv: LoadedVariant) -> None:
    v = lv.variant
    values = flatten(v)
    params = []
    notes: dict[str, Provenance] = {}
    for key, value in values.items():
        entry = lv.provenance_entry(key)
        if entry is not None:
            notes.setdefault(*entry)
        for pkey, p in v.provenance.items():
            if pkey.startswith(key + "."):
                notes.setdefault(pkey, p)
        params.append(
            {
                "key": key,
                "value": value,
                "set_by": lv.origin_label(key),
                "note": entry[0] if entry else None,
            }
        )
    cited = [*v.sources, *(s for p in notes.values() for s in p.sources)]
    _print_json(
        {
            "name": v.name,
            "title": v.title,
            "summary": v.summary,
            "sources": _source_items(v.sources),
            "chain": [layer.label for layer in lv.chain],
            "parameters": params,
            "notes": {
                k: {"sources": list(p.sources), "pinned": p.pinned, "note": p.note}
                for k, p in notes.items()
            },
            "legend": _source_items(cited),
        }
    )


def _words(key: str, value: object) -> str:
    from ..variant.spoken import value_words

    return value_words(key, value)


@app.command()
def show(ref: VariantArg, set_: SetOption = None, json_: JsonOption = False) -> None:
    """Every setting of a ruleset in words, and where each comes from.

    Table by table.

    For each setting: its name and its key in a variant file, its value in words, the file
    that set it (or --set, or the default) and the sources the file's note on it cites; the
    notes follow each table, and a key to the sources ends the list. --json gives the values
    as a variant file writes them."""
    from rich.text import Text

    from ..variant.spoken import setting_name

    lv = load_ref(ref, set_)
    if json_:
        _show_json(lv)
        return
    v = lv.variant
    console.print(Text(f"{v.name}: {v.title}", style="bold"))
    if v.summary:
        _prose(v.summary)
    chain = " -> ".join(layer.label for layer in lv.chain)
    console.print(Text(f"sources: {', '.join(v.sources)}    resolved from: {chain}"))
    values = flatten(v)
    groups: dict[str, list[str]] = {}
    for key in values:
        groups.setdefault(key.split(".")[0], []).append(key)
    cited: list[str] = list(v.sources)
    for group, keys in groups.items():
        console.print()
        console.print(Text(f"[{group}] {setting_name(group)}", style="bold"))
        rows: list[tuple[str, str, str]] = []
        notes: dict[str, Provenance] = {}
        for key in keys:
            entry = lv.provenance_entry(key)
            if entry is not None:
                notes.setdefault(*entry)
            # Notes on a field inside an array (seating.sit_out), which is shown as one value.
            for pkey, p in v.provenance.items():
                if pkey.startswith(key + "."):
                    notes.setdefault(pkey, p)
            prov = entry[1] if entry else None
            setter = lv.origin_label(key)
            origin = "from " + ("the default" if setter == "default" else setter)
            if prov is not None:
                origin += f" ({', '.join(prov.sources)}{'; pinned' if prov.pinned else ''})"
            rows.append((key, _words(key, values[key]), origin))
        _print_settings(rows)
        for pkey, prov in notes.items():
            cites = ", ".join(prov.sources) + ("; pinned" if prov.pinned else "")
            _prose(f"note on {pkey} ({cites}): {prov.note}", indent=2, style="dim")
            cited += prov.sources
    console.print()
    console.print(Text("Sources (docs/sources.md has their addresses):"))
    with _unpadded():
        console.print(_legend(cited))


def _prose(text: str, indent: int = 0, style: str = "") -> None:
    """A sentence or two of prose, wrapped at the terminal's width with no space left at the
    ends of lines (the console keeps every other line whole, for notation and tables)."""
    import textwrap

    from rich.text import Text

    pad = " " * indent
    width = max(40, console.width)
    hang = pad + "  " if indent else ""  # a note hangs under its first line
    for line in textwrap.wrap(text, width, initial_indent=pad, subsequent_indent=hang):
        console.print(Text(line, style=style))


def _print_settings(rows: list[tuple[str, str, str]]) -> None:
    """``variants show``'s table: for each (key, value in words, origin) a row of two lines,
    the setting's name over its key beside the value over where it comes from."""
    from rich.table import Table
    from rich.text import Text

    from ..variant.spoken import setting_name

    table = Table(box=None, pad_edge=False)
    table.add_column("setting", no_wrap=True, overflow="fold")
    table.add_column("value", overflow="fold")
    for key, words, origin in rows:
        name = Text(setting_name(key))
        name.append(f"\n  {key}", style="dim")
        value = Text(words)
        value.append(f"\n{origin}", style="dim")
        table.add_row(name, value)
    with _unpadded():
        console.print(table)


VALUE_WIDTH = 12
"""The least room a value gets in ``variants diff``'s side-by-side table; where the terminal is
too narrow for that (long setting names and sources), each setting gets a block of its own
instead."""


def _print_rows(
    headers: tuple[str, ...],
    rows: list[tuple[str, tuple[str, ...]]],
    wrap: tuple[int, ...],
    labels: tuple[str, ...],
) -> None:
    """``rows`` (a setting's key and its cells) under ``headers`` as a table, the first column
    naming each setting over its key, the columns ``wrap`` folding long values; or, where the
    table would leave a value column less than its whole width and less than
    :data:`VALUE_WIDTH`, a block a setting: its name and key, then each cell beneath them after
    its label (``labels``)."""
    from rich.table import Table
    from rich.text import Text

    from ..variant.spoken import setting_name

    firsts = [(setting_name(key), key) for key, _ in rows]
    widths = [max(len(headers[0]), *(max(len(n), len(k) + 2) for n, k in firsts))]
    widths += [max(len(h), *(len(r[1][i - 1]) for r in rows)) for i, h in enumerate(headers) if i]
    fixed = sum(w for i, w in enumerate(widths) if i not in wrap)
    room = console.width - fixed - 2 * (len(headers) - 1)
    need = sum(min(widths[i], max(VALUE_WIDTH, len(headers[i]))) for i in wrap)
    with _unpadded():
        if room >= need:
            table = _table(*headers, wrap=tuple(headers[i] for i in wrap))
            for (name, key), (_, cells) in zip(firsts, rows, strict=True):
                first = Text(name)
                first.append(f"\n  {key}", style="dim")
                table.add_row(first, *(Text(cell) for cell in cells))
            console.print(table)
        else:
            for (name, key), (_, cells) in zip(firsts, rows, strict=True):
                console.print(Text(f"{name} ({key})"))
                grid = Table.grid(padding=(0, 2))
                grid.add_column(no_wrap=True)
                grid.add_column(overflow="fold")
                for label, cell in zip(labels, cells, strict=True):
                    grid.add_row(Text(f"  {label}"), Text(cell))
                console.print(grid)


@contextmanager
def _unpadded() -> Iterator[None]:
    """What the console prints inside, printed without the spaces at the ends of its lines
    (rich pads every cell of a table or grid to its column's width): a copied line, or a file
    the output goes to, carries no trailing spaces."""
    with console.capture() as captured:
        yield
    for line in captured.get().splitlines():
        typer.echo(line.rstrip())


@app.command()
def diff(a: VariantArg, b: VariantArg, set_: SetOption = None) -> None:
    """The settings on which two rulesets differ, side by side.

    Each value in words, with the sources behind it.

    --set applies to the second ruleset (the one compared with the first). 'variants export'
    writes either ruleset as a file, its values as the file writes them."""
    from rich.text import Text

    la, lb = load_ref(a, None), load_ref(b, set_)
    rows = differences(la.variant, lb.variant)
    if not rows:
        console.print(Text(f"{la.variant.name} and {lb.variant.name} have the same rules"))
        return
    cited: list[str] = []
    lines: list[tuple[str, tuple[str, ...]]] = []
    for key, va, vb in rows:
        pa, pb = la.provenance(key), lb.provenance(key)
        cited += [s for p in (pa, pb) if p is not None for s in p.sources]
        lines.append((key, (_words(key, va), _words(key, vb), f"{_cites(pa)} / {_cites(pb)}")))
    a_name, b_name = la.variant.name, lb.variant.name
    headers = ("setting", a_name, b_name, "sources (a / b)")
    _print_rows(headers, lines, (1, 2), (a_name, b_name, "sources"))
    if cited:
        console.print()
        console.print(Text("Sources (docs/sources.md has their addresses):"))
        with _unpadded():
            console.print(_legend(cited))


@app.command()
def validate(
    files: Annotated[list[Path], typer.Argument(metavar="FILE...", help="Variant files.")],
) -> None:
    """Check variant files. Exit 0 if all are valid; else one line per problem and exit 2."""
    bad = False
    for f in files:
        with warnings.catch_warnings(record=True) as noted:
            warnings.simplefilter("always", VariantWarning)
            try:
                lv = load(str(f))
            except VariantError as e:
                bad = True
                for line in e.lines():
                    typer.echo(line)
                continue
        typer.echo(f"{f}: ok ({lv.variant.name})")
        for n in dict.fromkeys(str(w.message) for w in noted if w.category is VariantWarning):
            typer.echo(f"note: {n}")
    if bad:
        raise typer.Exit(code=2)


NAME_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]*$")
"""A variant's name (the model's pattern for ``name``)."""


@app.command()
def new(
    name: Annotated[
        str,
        typer.Argument(
            metavar="NAME", help="The house ruleset's name: lower-case letters, digits, hyphens."
        ),
    ],
    base: Annotated[
        str,
        typer.Option("--from", metavar="BASE", help="The built-in ruleset it starts from."),
    ] = "classic",
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            "-o",
            metavar="FILE",
            help="Where to write it (default: NAME.toml in this folder).",
        ),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace a file already there.")] = False,
) -> None:
    """Write a commented starter house-rules file that extends BASE.

    It lists the rules the published sources argue about most, each commented out at BASE's
    value, with what the rule does, its allowed values and which source says what. Uncomment a
    line and change its value to make it a house rule. As written it plays exactly as BASE."""
    if not NAME_PATTERN.match(name):
        raise typer.BadParameter(
            f"{name!r} is not a ruleset name: use lower-case letters, digits and hyphens",
            param_hint="NAME",
        )
    if builtin.path_of(base) is None:
        close = difflib.get_close_matches(base, builtin.names(), n=1)
        hint = f"; did you mean '{close[0]}'?" if close else " (see 'canasta variants list')"
        raise typer.BadParameter(f"no built-in ruleset {base!r}{hint}", param_hint="--from")
    target = out if out is not None else Path(f"{name}.toml")
    if target.exists() and not force:
        raise OutputError(f"{target}: already exists; give another --out, or --force to replace it")
    from ..variant.starter import starter_text

    text = starter_text(name, base)
    write_text_atomic(target, text)
    typer.echo(f"{target}: written ({name}, extends {base})")
    typer.echo(f"check it with: canasta variants validate {target}")


@app.command()
def schema(out: OutOption = None) -> None:
    """Print the JSON Schema of variant files, for editors.

    Editors that read it (taplo, Even Better TOML) check a house file as it is typed."""
    from ..variant.schema import schema_text  # pydantic: only when asked

    emit(schema_text(), out)


@app.command()
def export(ref: VariantArg, set_: SetOption = None, out: OutOption = None) -> None:
    """A ruleset as one file that stands alone.

    Every setting written out, nothing taken from another file by 'extends'."""
    from ..variant.export import export_toml  # only when asked

    emit(export_toml(load_ref(ref, set_)), out)
