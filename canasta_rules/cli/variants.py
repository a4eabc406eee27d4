"""``canasta variants``: list, show, diff, validate, export the rulesets, and print the schema."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from ..errors import VariantError
from ..variant import builtin, load
from ..variant.compare import differences, flatten, show_value
from ..variant.loading import export_toml
from ..variant.schema import schema_text
from .common import SetOption, console, emit, load_ref

app = typer.Typer(
    help="The built-in rulesets and house-rules files: list, show, compare, check, export.",
    no_args_is_help=True,
)

VariantArg = Annotated[str, typer.Argument(metavar="NAME|FILE", help="A built-in name or a file.")]
OutOption = Annotated[
    str | None, typer.Option("--out", "-o", help="Write to this file instead of printing.")
]


def _players(v: object) -> str:
    from ..variant.model import Variant

    assert isinstance(v, Variant)
    return ", ".join(
        f"{s.players}" + (" solo" if s.side_size == 1 else f" ({s.sides}x{s.side_size})")
        for s in v.seating
    )


@app.command("list")
def list_() -> None:
    """The built-in variants: name, title, players and sources."""
    table = Table(box=None, pad_edge=False)
    table.add_column("name", no_wrap=True)
    table.add_column("title")
    table.add_column("players", no_wrap=True)
    table.add_column("sources")
    for name in builtin.names():
        lv = load(name)
        v = lv.variant
        parent = lv.chain[-2].label.removeprefix("builtin:") if len(lv.chain) > 1 else ""
        src = ", ".join(v.sources) + (f" (extends {parent})" if parent else "")
        table.add_row(name, v.title, _players(v), src)
    console.print(table)


@app.command()
def show(ref: VariantArg, set_: SetOption = None) -> None:
    """The resolved ruleset, table by table, with where each value comes from."""
    lv = load_ref(ref, set_)
    v = lv.variant
    console.print(f"[bold]{v.name}[/bold]: {v.title}")
    if v.summary:
        console.print(v.summary)
    chain = " -> ".join(layer.label for layer in lv.chain)
    console.print(f"sources: {', '.join(v.sources)}    resolved from: {chain}\n")
    groups: dict[str, list[str]] = {}
    for key in flatten(v):
        groups.setdefault(key.split(".")[0], []).append(key)
    values = flatten(v)
    for group, keys in groups.items():
        table = Table(title=f"[{group}]", title_justify="left", box=None, pad_edge=False)
        table.add_column("parameter", no_wrap=True)
        table.add_column("value")
        table.add_column("set by", no_wrap=True)
        table.add_column("sources", no_wrap=True)
        table.add_column("note")
        for key in keys:
            prov = lv.provenance(key)
            src = ""
            note = ""
            if prov is not None:
                src = ", ".join(prov.sources) + (" (pinned)" if prov.pinned else "")
                note = prov.note
            table.add_row(key, show_value(values[key]), lv.origin_label(key), src, note)
        console.print(table)
        console.print()


@app.command()
def diff(a: VariantArg, b: VariantArg, set_: SetOption = None) -> None:
    """Only the parameters on which two rulesets differ, side by side, with their sources.

    --set applies to B (the ruleset being compared with A)."""
    la, lb = load_ref(a, None), load_ref(b, set_)
    rows = differences(la.variant, lb.variant)
    if not rows:
        console.print(f"{la.variant.name} and {lb.variant.name} have the same rules")
        return
    table = Table(box=None, pad_edge=False)
    table.add_column("parameter", no_wrap=True)
    table.add_column(la.variant.name)
    table.add_column(lb.variant.name)
    table.add_column("sources (a / b)", no_wrap=True)
    for key, va, vb in rows:
        pa, pb = la.provenance(key), lb.provenance(key)
        srcs = f"{', '.join(pa.sources) if pa else '-'} / {', '.join(pb.sources) if pb else '-'}"
        table.add_row(key, show_value(va), show_value(vb), srcs)
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
    emit(schema_text(), out)


@app.command()
def export(ref: VariantArg, set_: SetOption = None, out: OutOption = None) -> None:
    """The resolved ruleset as one standalone TOML file."""
    emit(export_toml(load_ref(ref, set_)), out)
