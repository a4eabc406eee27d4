"""``canasta serve``: the local web page for choosing, comparing and printing house rules."""

from __future__ import annotations

import threading
import webbrowser
from typing import Annotated

import typer

from ..errors import CanastaError


class ServeError(CanastaError):
    """The server could not start (the port is taken, the address is not this computer's)."""


def _port(text: str) -> int:
    """A port as a person types it: a whole number from 1 to 65535, said so in words where it
    is not (click's own answer is ``1<=x<=65535``)."""
    word = text.strip()
    if not (word.isascii() and word.isdigit() and len(word) <= 6 and 1 <= int(word) <= 65535):
        shown = word if len(word) <= 20 else word[:20] + "\u2026"
        raise typer.BadParameter(f"the port is a whole number from 1 to 65535, not {shown!r}")
    return int(word)


def serve(
    port: Annotated[
        int,
        typer.Option(
            "--port", metavar="PORT", help="The port to listen on (1 to 65535).", parser=_port
        ),
    ] = 8000,
    host: Annotated[
        str,
        typer.Option(
            "--host",
            metavar="ADDRESS",
            help="The address to listen on. The default, 127.0.0.1, is reachable from this "
            "computer only; give 0.0.0.0 to let others on your network in.",
        ),
    ] = "127.0.0.1",
    open_: Annotated[
        bool, typer.Option("--open", help="Open the page in your web browser.")
    ] = False,
) -> None:
    """Choose, compare and print house rules in your web browser.

    The page is served from this computer and works offline."""
    import socket

    import uvicorn

    from ..serve.app import create_app

    try:  # a taken port or a foreign address is one line, before uvicorn starts
        with socket.create_server((host, port)):
            pass
    except OSError as e:
        raise ServeError(f"cannot listen on {host}:{port}: {e.strerror or e}") from None
    url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}/"
    typer.echo(f"canasta-rules is at {url} (Ctrl-C stops it)")
    if open_:
        threading.Timer(1.0, webbrowser.open, args=(url,)).start()
    uvicorn.run(create_app(), host=host, port=port, log_level="warning")


def register(app: typer.Typer) -> None:
    """Add ``serve`` to the main ``canasta`` app."""
    app.command("serve")(serve)
