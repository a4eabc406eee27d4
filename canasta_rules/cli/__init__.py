"""The ``canasta`` command: thin typer commands over the library (no rule logic here).

Bad input of any kind (a variant file, a record, a move) is a :class:`CanastaError`; ``main``
prints it as one line per problem on standard error and exits with status 2, never with a
traceback. Set ``CANASTA_DEBUG=1`` to see the traceback of an unexpected internal error.
"""

from __future__ import annotations

import contextlib
import errno
import os
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from ..errors import CanastaError
from ..variant.loading import ALLOW_EXTENDS_ENV
from . import variants as _variants

app = typer.Typer(
    name="canasta",
    help="The rules of Canasta as checkable data: variants, replays, checks and rule sheets.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.add_typer(_variants.app, name="variants")


@app.callback()
def _options(
    allow_extends: Annotated[
        list[Path] | None,
        typer.Option(
            "--allow-extends",
            metavar="DIR",
            help="Let a variant file's extends name files under DIR too (repeatable); by default "
            "only built-in names and files in the naming file's own folder.",
            file_okay=False,
        ),
    ] = None,
) -> None:
    """The rules of Canasta as checkable data: variants, replays, checks and rule sheets."""
    if allow_extends:
        # Through the environment, so that worker processes (--jobs) see the same folders.
        os.environ[ALLOW_EXTENDS_ENV] = os.pathsep.join(str(d) for d in allow_extends)


def _register_optional() -> None:
    """Command modules register themselves here as they exist."""
    import importlib

    for name in ("notation", "check", "rules", "tally", "play"):
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


def _main(argv: list[str] | None) -> None:
    try:
        with _watch_ctrl_c():
            code = app(args=argv, prog_name="canasta", standalone_mode=False)
    except CanastaError as e:
        for line in e.lines():
            print(f"canasta: {line}", file=sys.stderr)
        sys.exit(2)
    except (KeyboardInterrupt, typer.Abort):
        _interrupted()
    except OSError as e:
        if e.errno not in (errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EFBIG):
            _internal(e)
        _stdout_failed(e)
    except Exception as e:
        if type(e).__name__ == "NoArgsIsHelpError":
            sys.exit(0)  # `canasta` alone, or a group alone: the help has been printed
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
