"""The ``canasta`` command: thin typer commands over the library (no rule logic here).

Bad input of any kind (a variant file, a record, a move) is a :class:`CanastaError`; ``main``
prints it as one line per problem on standard error and exits with status 2, never with a
traceback. Set ``CANASTA_DEBUG=1`` to see the traceback of an unexpected internal error.
"""

from __future__ import annotations

import os
import sys

import typer

from ..errors import CanastaError
from . import variants as _variants

app = typer.Typer(
    name="canasta",
    help="The rules of Canasta as checkable data: variants, replays, checks and rule sheets.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.add_typer(_variants.app, name="variants")


def _register_optional() -> None:
    """Command modules register themselves here as they exist."""
    import importlib

    for name in ("notation", "positions", "check", "rules"):
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
    return f"{where}: {fmt()} (see '{where} --help')", code


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``canasta`` console script."""
    try:
        code = app(args=argv, prog_name="canasta", standalone_mode=False)
    except CanastaError as e:
        for line in e.lines():
            print(f"canasta: {line}", file=sys.stderr)
        sys.exit(2)
    except (KeyboardInterrupt, typer.Abort):
        print("canasta: interrupted", file=sys.stderr)
        sys.exit(130)
    except Exception as e:
        if type(e).__name__ == "NoArgsIsHelpError":
            sys.exit(0)  # `canasta` alone, or a group alone: the help has been printed
        usage = _usage_error(e)
        if usage is not None:
            print(usage[0], file=sys.stderr)
            sys.exit(usage[1])
        # an internal error, not bad input
        if os.environ.get("CANASTA_DEBUG"):
            raise
        print(
            f"canasta: internal error: {type(e).__name__}: {e} (set CANASTA_DEBUG=1 for details)",
            file=sys.stderr,
        )
        sys.exit(70)
    sys.exit(code if isinstance(code, int) else 0)
