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

    for name in ("notation", "check", "rules"):
        try:
            mod = importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as e:
            if e.name != f"{__name__}.{name}":
                raise
            continue
        mod.register(app)


_register_optional()


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``canasta`` console script."""
    try:
        app(args=argv, standalone_mode=True)
    except CanastaError as e:
        for line in e.lines():
            print(f"canasta: {line}", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        print("canasta: interrupted", file=sys.stderr)
        sys.exit(130)
    except Exception as e:  # an internal error, not bad input
        if os.environ.get("CANASTA_DEBUG"):
            raise
        print(
            f"canasta: internal error: {type(e).__name__}: {e} (set CANASTA_DEBUG=1 for details)",
            file=sys.stderr,
        )
        sys.exit(70)
