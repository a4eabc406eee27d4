"""What the web page accepts from a person: a bounded request body, and uploaded files kept in a
folder of their own for the length of one request.

Nothing uploaded can make the server read a file of its disk. An uploaded file is written, under a
plain name of our choosing, into a new private folder that holds only that request's uploads, and
read back through the same readers the command line uses (:mod:`canasta_rules.limits`: size,
nesting, integers, encoding). A name a file gives inside it (a house file's ``extends``, a record's
``[Variant]`` tag) then obeys the readers' one confinement rule: a built-in ruleset, or a file in
the same folder, which here means another file uploaded in the same request.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .. import limits

MAX_BODY_BYTES = 2 * limits.MAX_VARIANT_BYTES
"""A request body: 2 MiB. A variant file may hold 1 MiB; a whole game record is a few KB."""

MAX_FILES = 8
"""Files in one upload (a house file and the parents it extends, or a record and its ruleset)."""

_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,79}")


class TooLarge(Exception):
    """The request body is over :data:`MAX_BODY_BYTES`."""


class BodyLimit:
    """ASGI middleware: a request whose body is over ``limit`` bytes gets 413, whether it says
    its length up front or streams past it."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    too_long = int(value) > self.limit
                except ValueError:
                    too_long = True
                if too_long:
                    await _refuse(send, self.limit)
                    return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise TooLarge()
            return message

        await self.app(scope, counted, send)


async def _refuse(send: Send, limit: int) -> None:
    body = (
        f"The upload is too large: the limit is {limit // 1024} KB. "
        "A variant file or a game record is far smaller."
    ).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [(b"content-type", b"text/plain; charset=utf-8")],
        }
    )
    await send({"type": "http.response.body", "body": body})


def safe_name(given: str | None, default: str, suffixes: tuple[str, ...]) -> str:
    """A plain file name for an upload: the name given, where it is a plain name with one of
    ``suffixes`` (no folder, no leading dot), else ``default``."""
    name = os.path.basename((given or "").replace("\\", "/"))
    if _NAME.fullmatch(name) and name.endswith(suffixes) and ".." not in name:
        return name
    return default


@contextmanager
def workspace() -> Iterator[Path]:
    """A new private folder for one request's uploads, removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="canasta-serve-") as d:
        os.chmod(d, 0o700)
        yield Path(d)


def put(folder: Path, name: str, data: bytes) -> Path:
    """Write an upload into ``folder`` (a new file: an existing one is never written through)."""
    path = folder / name
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
    return path
