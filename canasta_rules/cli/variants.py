"""``canasta variants``: list, show, diff, validate, export the rulesets, and print the schema."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from ..errors import VariantError
from ..variant import builtin, load
from ..variant.compare import differences, flatten, show_value
from ..variant.plain import Provenance, Seating, Variant
from .common import SetOption, console, emit, load_ref

app = typer.Typer(
    help="The built-in rulesets and house-rules files: list, show, compare, check, export.",
    no_args_is_help=True,
)

VariantArg = Annotated[str, typer.Argument(metavar="NAME|FILE", help="A built-in name or a file.")]
OutOption = Annotated[
    str | None, typer.Option("--out", "-o", help="Write to this file instead of printing.")
]


def _players(v: Variant) -> str:
    def one(s: Seating) -> str:
        if s.sit_out != "none":
            return f"{s.players} (3 v 2, one sits out)"
        if s.forming != "fixed":
            return f"{s.players} (cutthroat)"
        return f"{s.players}" + (" solo" if s.side_size == 1 else f" ({s.sides}x{s.side_size})")

    return ", ".join(one(s) for s in v.seating)


def _table(*columns: str, wrap: tuple[str, ...] = ()) -> Table:
    """A borderless table; columns in ``wrap`` fold long values instead of cutting them."""
    table = Table(box=None, pad_edge=False)
    for c in columns:
        if c in wrap:
            table.add_column(c, overflow="fold")
        else:
            table.add_column(c, no_wrap=True)
    return table


@app.command("list")
def list_() -> None:
    """The built-in variants: name, title, players and sources."""
    table = _table("name", "title", "players", "sources", wrap=("title", "players", "sources"))
    for name in builtin.names():
        lv = load(name)
        v = lv.variant
        parent = lv.chain[-2].label.removeprefix("builtin:") if len(lv.chain) > 1 else ""
        src = ", ".join(v.sources) + (f" (extends {parent})" if parent else "")
        table.add_row(Text(name), Text(v.title), Text(_players(v)), Text(src))
    console.print(table)


def _cites(prov: Provenance | None) -> str:
    if prov is None:
        return "-"
    return ", ".join(prov.sources) + (" (pinned)" if prov.pinned else "")


@app.command()
def show(ref: VariantArg, set_: SetOption = None) -> None:
    """The resolved ruleset, table by table, with where each value comes from.

    For each parameter: its value, the file (or --set, or the model default) that set it, and
    the sources its provenance note cites; the notes follow each table."""
    lv = load_ref(ref, set_)
    v = lv.variant
    console.print(Text(f"{v.name}: {v.title}", style="bold"))
    if v.summary:
        console.print(Text(v.summary))
    chain = " -> ".join(layer.label for layer in lv.chain)
    console.print(Text(f"sources: {', '.join(v.sources)}    resolved from: {chain}"))
    values = flatten(v)
    groups: dict[str, list[str]] = {}
    for key in values:
        groups.setdefault(key.split(".")[0], []).append(key)
    for group, keys in groups.items():
        console.print()
        console.print(Text(f"[{group}]", style="bold"))
        table = _table("parameter", "value", "set by", "sources", wrap=("value",))
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
            table.add_row(
                Text(key),
                Text(show_value(values[key])),
                Text(lv.origin_label(key)),
                Text(_cites(prov)),
            )
        console.print(table)
        for pkey, prov in notes.items():
            cites = ", ".join(prov.sources) + ("; pinned" if prov.pinned else "")
            console.print(Text(f"  note on {pkey} ({cites}): {prov.note}", style="dim"))


@app.command()
def diff(a: VariantArg, b: VariantArg, set_: SetOption = None) -> None:
    """Only the parameters on which two rulesets differ, side by side, with their sources.

    --set applies to B (the ruleset being compared with A)."""
    la, lb = load_ref(a, None), load_ref(b, set_)
    rows = differences(la.variant, lb.variant)
    if not rows:
        console.print(Text(f"{la.variant.name} and {lb.variant.name} have the same rules"))
        return
    table = _table(
        "parameter",
        la.variant.name,
        lb.variant.name,
        "sources (a / b)",
        wrap=(la.variant.name, lb.variant.name),
    )
    for key, va, vb in rows:
        srcs = f"{_cites(la.provenance(key))} / {_cites(lb.provenance(key))}"
        table.add_row(Text(key), Text(show_value(va)), Text(show_value(vb)), Text(srcs))
    console.print(table)


@app.command()
def validate(
    files: Annotated[list[Path], typer.Argument(metavar="FILE...", help="Variant files.")],
) -> None:
    """Check variant files. Exit 0 if all are valid; else one line per problem and exit 2."""
    bad = False
    for f in files:
        try:
            lv = load(str(f))
        except VariantError as e:
            bad = True
            for line in e.lines():
                typer.echo(line)
        else:
            typer.echo(f"{f}: ok ({lv.variant.name})")
    if bad:
        raise typer.Exit(code=2)


@app.command()
def schema(out: OutOption = None) -> None:
    """Print the JSON Schema of variant files (for editors: taplo, Even Better TOML)."""
    from ..variant.schema import schema_text  # pydantic: only when asked

    emit(schema_text(), out)


@app.command()
def export(ref: VariantArg, set_: SetOption = None, out: OutOption = None) -> None:
    """The resolved ruleset as one standalone TOML file."""
    from ..variant.export import export_toml  # only when asked

    emit(export_toml(load_ref(ref, set_)), out)
