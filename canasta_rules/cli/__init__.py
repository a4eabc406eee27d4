"""The ``canasta`` command: thin typer commands over the library (no rule logic here).

Bad input of any kind (a variant file, a record, a move) is a :class:`CanastaError`; ``main``
prints it as one line per problem on standard error and exits with status 2, never with a
traceback. Set ``CANASTA_DEBUG=1`` to see the traceback of an unexpected internal error.
"""

from __future__ import annotations

import contextlib
import copy
import errno
import importlib
import inspect
import os
import signal
import sys
import threading
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, NoReturn

# pydantic looks for plugins among every installed package's entry points when the first model
# is built, which costs a command more than reading its ruleset; the command uses none.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
# typer draws --help in rich panels when rich is installed, which imports rich, markdown-it and
# pygments (about 0.1 s, most of a command's start-up); the plain help says the same. Set
# TYPER_USE_RICH=1 for the panels.
os.environ.setdefault("TYPER_USE_RICH", "0")

import typer
from typer.core import TyperCommand, TyperGroup

from ..errors import CanastaError, CanastaWarning, VariantWarning

ALLOW_EXTENDS_ENV = "CANASTA_ALLOW_EXTENDS"
"""The environment variable ``--allow-extends`` sets: the same name as
:data:`canasta_rules.variant.loading.ALLOW_EXTENDS_ENV` (a test keeps them equal), written here so
that the command's start-up does not import the variant loader and pydantic."""

LAZY: dict[str, tuple[str, str]] = {
    "replay": (
        "notation",
        "Replay a record, checking every move; each hand's score.",
    ),
    "score": ("notation", "The score breakdown of a finished-hand position."),
    "ruling": (
        "notation",
        "Is this move legal here, and why: the rule and its source.",
    ),
    "moves": (
        "positions",
        "The legal moves in a position, in the notation and in words.",
    ),
    "compare": ("positions", "Replay one game under several rulesets: where they differ."),
    "fmt": ("notation", "Rewrite a record or position in the standard layout."),
    "record": ("notation", "A game played by bots, written as a record."),
    "check": (
        "check",
        "Is a ruleset sound? Its settings, then test games by bots.",
    ),
    "simulate": ("check", "How a ruleset plays: statistics over whole games played by bots."),
    "rules": ("rules", "The rules of a variant in words, generated from its settings."),
    "play": (
        "play",
        "Play against bots (friends too); every move is recorded.",
    ),
    "tally": (
        "tally",
        "Keep the score of a game played with real cards.",
    ),
    "serve": (
        "serve",
        "Choose, compare and print house rules in your web browser.",
    ),
    "variants": (
        "variants",
        "Rulesets: list, show, compare, check, export, new.",
    ),
}
"""Commands loaded when they run (start-up speed): name -> (module under ``cli``, the first line
of its help, which ``canasta --help`` lists without importing the module; a test keeps these in
step with the commands' own help)."""

EAGER: tuple[str, ...] = ()
"""Command modules imported at start-up, each with a ``register(app)`` (for modules not in LAZY)."""


def load_command(name: str) -> Any:
    """The real click command ``name`` of LAZY, built by its module's ``register``."""
    module = importlib.import_module(f"{__name__}.{LAZY[name][0]}")
    if name == "variants":
        return for_panels(typer.main.get_group(module.app))
    scratch = typer.Typer()
    module.register(scratch)
    # Only the command asked for is built: typer reads each command's signature and options,
    # and a module registers several.
    scratch.registered_commands = [c for c in scratch.registered_commands if c.name == name]
    return for_panels(typer.main.get_group(scratch).commands[name])


def _no_type(param: Any = None, ctx: Any = None) -> str:
    return ""


def for_panels(cmd: Any) -> Any:
    """``cmd`` (and its subcommands) made to read in typer's rich panels (``TYPER_USE_RICH=1``)
    as in the plain help. An argument's column of types showed ``<str>`` or ``<path>`` beside
    its name: it now shows nothing there, since the name column already shows the argument's
    metavar (POSITION, VARIANT|FILE); options show theirs in that column already. And the panels
    keep the single line breaks of a command's help, which the plain help rewraps: each
    paragraph is joined into one line, for the panel to wrap at the terminal's width."""
    for param in getattr(cmd, "params", ()):
        if param.param_type_name == "argument" and param.metavar:
            shown = copy.copy(param.type)
            vars(shown)["get_metavar"] = _no_type  # the plain help never asks an argument's type
            param.type = shown
    if typer.core.HAS_RICH and cmd.help:
        cmd.help = "\n\n".join(
            " ".join(p.split()) for p in inspect.cleandoc(cmd.help).split("\n\n")
        )
    for sub in getattr(cmd, "commands", {}).values():
        for_panels(sub)
    return cmd


class LazyGroup(TyperGroup):
    """The root group: commands of LAZY are imported when they are run, completed or documented;
    the command list of ``--help`` is drawn from LAZY's one-line helps without importing them."""

    listing = False

    def list_commands(self, ctx: Any) -> list[str]:
        names = list(super().list_commands(ctx))
        return names + [n for n in LAZY if n not in names]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        cmd = super().get_command(ctx, cmd_name)
        if cmd is not None or cmd_name not in LAZY:
            return cmd
        if self.listing:
            return TyperCommand(name=cmd_name, help=LAZY[cmd_name][1], callback=None)
        cmd = load_command(cmd_name)
        self.add_command(cmd, cmd_name)
        return cmd

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        """As click's, with a did-you-mean among every command, the lazy ones included
        (typer's looks only among the commands already loaded)."""
        try:
            return super().resolve_command(ctx, args)
        except Exception as e:
            message = getattr(e, "message", None)
            if isinstance(message, str) and args and "Did you mean" not in message:
                from difflib import get_close_matches

                close = get_close_matches(args[0], self.list_commands(ctx))
                if close:
                    e.message = f"{message.rstrip('.')}. Did you mean {_either(close)}?"  # type: ignore[attr-defined]
            raise

    def format_help(self, ctx: Any, formatter: Any) -> None:
        self.listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self.listing = False


app = typer.Typer(
    name="canasta",
    help="The rules of Canasta as checkable data: variants, replays, checks and rule sheets.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    cls=LazyGroup,
)


@app.callback()
def _options(
    allow_extends: Annotated[
        list[Path] | None,
        typer.Option(
            "--allow-extends",
            metavar="DIR",
            help="Let files name rulesets under DIR too (a variant file's extends, a record's "
            "or position's Variant tag, a tally sheet's variant; repeatable); by default only "
            "built-in names and files in the naming file's own folder.",
            file_okay=False,
        ),
    ] = None,
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            help="Print the version and exit.",
            callback=_version,
            is_eager=True,
        ),
    ] = False,
) -> None:
    """The rules of Canasta as checkable data: variants, replays, checks and rule sheets."""
    if allow_extends:
        # Through the environment, so that worker processes (--jobs) see the same folders.
        os.environ[ALLOW_EXTENDS_ENV] = os.pathsep.join(str(d) for d in allow_extends)


def _either(names: list[str]) -> str:
    """``'rules'`` or ``'rules' or 'ruling'``."""
    return " or ".join(repr(n) for n in names)


def _version(value: bool) -> None:
    """``canasta --version``: the package's version, and Python's."""
    if not value:
        return
    from importlib.metadata import PackageNotFoundError, version

    try:
        mine = version("canasta-rules")
    except PackageNotFoundError:  # pragma: no cover - run from a checkout never installed
        mine = "(not installed)"
    typer.echo(f"canasta {mine} (canasta-rules; Python {sys.version.split()[0]})")
    raise typer.Exit()


def _register_optional() -> None:
    """Command modules that register themselves at start-up (see EAGER)."""
    for name in EAGER:
        try:
            mod = importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as e:
            if e.name != f"{__name__}.{name}":
                raise
            continue
        mod.register(app)


_register_optional()


def _usage_error(e: Exception) -> tuple[str, int] | None:
    """A command-line usage error (bad option, unknown command) as one line, or None.

    Typer's own usage errors print a framed, multi-line message; the project's rule is one line.
    They are recognised by shape, as click and the copy of it some typer versions bundle both
    give them ``format_message()`` and an ``exit_code``."""
    fmt = getattr(e, "format_message", None)
    code = getattr(e, "exit_code", None)
    if not callable(fmt) or not isinstance(code, int):
        return None
    ctx = getattr(e, "ctx", None)
    where = getattr(ctx, "command_path", None) or "canasta"
    text = fmt()
    option, close = getattr(e, "option_name", None), getattr(e, "possibilities", None)
    if option and close:  # click's own wording varies between its copies: one form for all
        text = f"No such option: {option}. Did you mean {_either(close)}?"
    return f"{where}: {text} (see '{where} --help')", code


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``canasta`` console script."""
    saved = os.environ.get(ALLOW_EXTENDS_ENV)
    try:
        _main(argv)
    finally:  # --allow-extends holds for one command (main runs many times in the tests)
        if saved is None:
            os.environ.pop(ALLOW_EXTENDS_ENV, None)
        else:
            os.environ[ALLOW_EXTENDS_ENV] = saved


class _Interrupted:
    """Whether Ctrl-C arrived during this command (typer turns it into a plain exit code 130)."""

    seen = False

    @classmethod
    def handler(cls, signum: int, frame: object) -> None:
        cls.seen = True
        raise KeyboardInterrupt


@contextmanager
def _watch_ctrl_c() -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():
        yield  # signals reach the main thread only
        return
    _Interrupted.seen = False
    old = signal.signal(signal.SIGINT, _Interrupted.handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


def _interrupted() -> NoReturn:
    print("canasta: interrupted", file=sys.stderr)
    sys.exit(130)


@contextmanager
def _notes() -> Iterator[None]:
    """The library's warnings to the user as one line each on standard error: a note on a valid
    variant file (a :class:`VariantWarning`: an array that replaces the parent's, dropping part
    of it) once per command, ``canasta: note: ...``; a :class:`CanastaWarning` (a file's hard
    links broken by a rewrite: fileio.py) as ``canasta: warning: ...``; other warnings as
    Python shows them."""
    shown: set[str] = set()
    python_shows = warnings.showwarning

    def show(message: Any, category: Any, *rest: Any, **kw: Any) -> None:
        if issubclass(category, CanastaWarning):
            print(f"canasta: warning: {message}", file=sys.stderr)
        elif not issubclass(category, VariantWarning):
            python_shows(message, category, *rest, **kw)
        elif str(message) not in shown:
            shown.add(str(message))
            print(f"canasta: note: {message}", file=sys.stderr)

    with warnings.catch_warnings():
        warnings.simplefilter("always", VariantWarning)
        warnings.simplefilter("always", CanastaWarning)
        warnings.showwarning = show
        yield


def _main(argv: list[str] | None) -> None:
    try:
        with _watch_ctrl_c(), _notes():
            code = app(args=argv, prog_name="canasta", standalone_mode=False)
    except CanastaError as e:
        print_error(e)
        sys.exit(2)
    except (KeyboardInterrupt, typer.Abort):
        _interrupted()
    except OSError as e:
        if e.errno not in (errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EFBIG):
            _internal(e)
        _stdout_failed(e)
    except Exception as e:
        if type(e).__name__ == "NoArgsIsHelpError":
            # `canasta` alone, or a group alone: the help (printed already where typer draws it
            # with rich; in the plain help it is the exception's message)
            fmt = getattr(e, "format_message", None)
            text = fmt() if callable(fmt) else ""
            if text:
                print(text.rstrip("\n"))
            sys.exit(0)
        usage = _usage_error(e)
        if usage is not None:
            print(usage[0], file=sys.stderr)
            sys.exit(usage[1])
        _internal(e)
    if _Interrupted.seen:
        _interrupted()
    try:
        sys.stdout.flush()
    except OSError as e:
        _stdout_failed(e)
    sys.exit(code if isinstance(code, int) else 0)


def print_error(e: CanastaError) -> None:
    """An error on standard error: one line per problem, then its details, indented."""
    for line in e.lines():
        print(f"canasta: {line}", file=sys.stderr)
    for line in e.details:
        print(f"  {line}", file=sys.stderr)


def _internal(e: Exception) -> NoReturn:
    """An internal error, not bad input."""
    if os.environ.get("CANASTA_DEBUG"):
        raise e
    print(
        f"canasta: internal error: {type(e).__name__}: {e} (set CANASTA_DEBUG=1 for details)",
        file=sys.stderr,
    )
    sys.exit(70)


def _stdout_failed(e: OSError) -> NoReturn:
    """Standard output could not be written (``> /dev/full``, a full disk): exit 2, like a failed
    ``--out``. What was buffered is dropped, so that Python does not fail again at exit."""
    print(f"canasta: standard output: cannot write: {e.strerror or e}", file=sys.stderr)
    with contextlib.suppress(OSError):
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - replaces stdout until exit
    sys.exit(2)
