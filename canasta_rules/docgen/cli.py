"""``docs/cli.md``: the reference of the ``canasta`` command, generated from the typer app.

The page is built by walking the command tree that typer builds from the app
(``typer.main.get_command``), in the order ``--help`` lists the commands, so a command added to
the app appears here after regeneration without any change to this module. Nothing depends on
the terminal: the usage line is assembled from its pieces rather than wrapped by a help
formatter, and no ANSI styling is ever produced.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from typing import Any

import typer
import typer.main
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

from ..rulesheet.render import md_escape

ROOT_NAME = "canasta"

Command = TyperCommand | TyperGroup
Param = TyperArgument | TyperOption


@dataclass(frozen=True)
class Node:
    """One command of the tree, with the context ``--help`` would give it."""

    path: str
    """The full command, e.g. ``canasta variants list``."""
    command: Command
    ctx: typer.Context
    depth: int
    """0 for the root, 1 for ``canasta replay``, 2 for ``canasta variants list``."""


def _as_command(obj: object, name: str) -> Command:
    if not isinstance(obj, (TyperCommand, TyperGroup)):
        raise TypeError(f"{name}: not a typer command ({type(obj).__name__})")
    return obj


def walk(app: typer.Typer, root_name: str = ROOT_NAME) -> Iterator[Node]:
    """Every visible command of ``app``, depth first, sub-commands in ``--help`` order."""
    root = _as_command(typer.main.get_command(app), root_name)
    ctx = typer.Context(root, info_name=root_name)

    def visit(cmd: Command, ctx: typer.Context, depth: int) -> Iterator[Node]:
        yield Node(ctx.command_path, cmd, ctx, depth)
        if isinstance(cmd, TyperGroup):
            for name in cmd.list_commands(ctx):
                sub = cmd.get_command(ctx, name)
                if sub is None or sub.hidden:
                    continue
                child = _as_command(sub, f"{ctx.command_path} {name}")
                yield from visit(child, typer.Context(child, info_name=name, parent=ctx), depth + 1)

    yield from visit(root, ctx, 0)


def command_paths(app: typer.Typer | None = None) -> list[str]:
    """The full name of every visible command, the root included."""
    return [n.path for n in walk(_app(app))]


def _app(app: typer.Typer | None) -> typer.Typer:
    if app is not None:
        return app
    from ..cli import app as canasta_app

    return canasta_app


# --------------------------------------------------------------------------------------------
# Pieces of one command


def usage(node: Node) -> str:
    """The usage line, unwrapped: ``canasta variants diff [OPTIONS] {NAME|FILE} {NAME|FILE}``."""
    return " ".join([node.path, *node.command.collect_usage_pieces(node.ctx)])


_CODE_SPAN = re.compile(r"(`[^`\n]+`)")


def help_md(text: str) -> str:
    """Help text as Markdown: its `code spans` kept, every other special character escaped."""
    return "".join(
        part if _CODE_SPAN.fullmatch(part) else md_escape(part) for part in _CODE_SPAN.split(text)
    )


def help_paragraphs(text: str | None) -> list[str]:
    """Help text as Markdown paragraphs: click's rules (``\\f`` ends it, ``\\b`` keeps a
    paragraph's lines), each other paragraph joined onto one line."""
    if not text:
        return []
    text = inspect.cleandoc(text).split("\f", 1)[0]
    out: list[str] = []
    for para in text.split("\n\n"):
        lines = [line.strip() for line in para.strip("\n").splitlines()]
        if lines and lines[0] == "\b":
            kept = [help_md(line) for line in lines[1:] if line]
            if kept:
                out.append(" \\\n".join(kept))
            continue
        joined = " ".join(line for line in lines if line)
        if joined:
            out.append(help_md(joined))
    return out


def _visible_params(node: Node) -> list[Param]:
    params: list[Param] = []
    for p in node.command.params:
        if not isinstance(p, (TyperArgument, TyperOption)):
            raise TypeError(f"{node.path}: parameter {p.name!r} is not a typer parameter")
        if not p.hidden:
            params.append(p)
    return params


def _type_label(p: Param, ctx: typer.Context) -> str:
    """The metavar when the command names one, else the type's, as ``--help`` shows it."""
    if p.metavar is not None:
        return p.metavar
    return p.make_metavar(ctx)


def _default_text(p: Param, ctx: typer.Context) -> str | None:
    """The default as ``--help`` would state it, or None when there is nothing to state."""
    if p.show_default is False:
        return None
    if isinstance(p.show_default, str):
        return p.show_default
    value: Any = p.get_default(ctx, call=False)
    if callable(value):
        return "(dynamic)"
    if isinstance(p, TyperOption) and p.is_bool_flag:
        if p.secondary_opts:
            return _long_first(p.opts if value else p.secondary_opts)[0].lstrip("-")
        return "on" if value else None
    if value is None or (isinstance(value, (list, tuple)) and not value):
        return None
    if isinstance(value, (list, tuple)):
        return ", ".join(_scalar(v) for v in value)
    return _scalar(value)


def _scalar(value: object) -> str:
    if isinstance(value, Enum):
        return str(value.value)
    return str(value)


def _long_first(opts: list[str]) -> list[str]:
    return sorted(opts, key=lambda o: (not o.startswith("--"), o))


def _short_first(opts: list[str]) -> list[str]:
    return sorted(opts, key=lambda o: (o.startswith("--"), o))


def _code(text: str) -> str:
    tick = "``" if "`" in text else "`"
    pad = " " if tick == "``" else ""
    return f"{tick}{pad}{text}{pad}{tick}"


def _facts(p: Param, ctx: typer.Context) -> list[str]:
    facts: list[str] = []
    if isinstance(p, TyperArgument):
        if p.nargs == -1:
            facts.append("one or more" if p.required else "any number")
        elif p.required:
            facts.append("required")
        else:
            facts.append("optional")
    else:
        if p.required:
            facts.append("required")
        if p.multiple:
            facts.append("repeatable")
    default = _default_text(p, ctx)
    if default is not None and not (isinstance(p, TyperArgument) and p.required):
        facts.append(f"default: {_code(default)}")
    envvar = p.envvar
    if envvar:
        names = [envvar] if isinstance(envvar, str) else list(envvar)
        facts.append("environment: " + ", ".join(_code(n) for n in names))
    return facts


def param_line(p: Param, ctx: typer.Context) -> str:
    """One Markdown bullet: names and type, then the facts, then the help."""
    if isinstance(p, TyperArgument):
        # the metavar the command names, as --help shows it; else the name and its type
        shown = p.metavar or f"{(p.name or '').upper()} <{p.type.name}>"
    else:
        names = ", ".join(_short_first(p.opts))
        if p.secondary_opts:
            names += " / " + ", ".join(_short_first(p.secondary_opts))
        shown = names if p.is_flag else f"{names} {_type_label(p, ctx)}"
    line = f"- {_code(shown)}"
    facts = _facts(p, ctx)
    if facts:
        line += f" ({'; '.join(facts)})"
    helptext = " ".join(help_paragraphs(p.help))
    if helptext:
        line += f": {helptext}"
    return line


# --------------------------------------------------------------------------------------------
# The page

GENERATED = (
    "<!-- Generated by `python -m canasta_rules.docgen --write docs` from the typer app "
    "(canasta_rules.cli); do not edit. -->"
)


def _anchor(path: str) -> str:
    """GitHub's anchor for a heading that is the command in backticks."""
    return path.lower().replace(" ", "-")


def _heading(node: Node) -> str:
    return "#" * min(2 + max(node.depth - 1, 0), 6) + f" {_code(node.path)}"


def _section(node: Node, children: list[Node]) -> list[str]:
    cmd, ctx = node.command, node.ctx
    out = [_heading(node), "", "```text", usage(node), "```", ""]
    if cmd.deprecated:
        out += ["**Deprecated.**", ""]
    for para in help_paragraphs(cmd.help):
        out += [para, ""]
    params = _visible_params(node)
    arguments = [p for p in params if isinstance(p, TyperArgument)]
    options = [p for p in params if isinstance(p, TyperOption)]
    if arguments:
        out += ["Arguments:", "", *(param_line(p, ctx) for p in arguments), ""]
    if options:
        out += ["Options:", "", *(param_line(p, ctx) for p in options), ""]
    if children:
        out += ["Commands:", ""]
        for c in children:
            short = help_md(c.command.get_short_help_str(limit=10_000))
            out.append(f"- [{_code(c.path)}](#{_anchor(c.path)})" + (f": {short}" if short else ""))
        out.append("")
    for para in help_paragraphs(cmd.epilog):
        out += [para, ""]
    return out


def page(app: typer.Typer | None = None) -> str:
    """The text of ``docs/cli.md`` for ``app`` (the ``canasta`` app by default)."""
    nodes = list(walk(_app(app)))
    root = nodes[0]
    out = [
        GENERATED,
        "",
        f"# The {_code(root.path)} command",
        "",
        "Every command and sub-command, with its usage line, its help, and its arguments and "
        "options as the command's own `--help` states them. Every command also takes `--help`.",
        "",
        "In a usage line, `[OPTIONS]` stands for the options listed below it; an argument in "
        "braces is required, one in brackets is optional, and `...` after it means it may be "
        "given more than once.",
        "",
    ]
    for node in nodes:
        children = [
            n for n in nodes if n.depth == node.depth + 1 and n.path.rsplit(" ", 1)[0] == node.path
        ]
        out += _section(node, children)
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n"
