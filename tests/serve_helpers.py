"""A real `canasta serve` app on a free port of 127.0.0.1, in a thread, for the tests that talk to
it over the network (the browser tests, the burst of requests)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn

from canasta_rules.serve.app import create_app


@contextmanager
def running_server() -> Iterator[str]:
    """The server's base address (``http://127.0.0.1:PORT``) while it runs."""
    server = uvicorn.Server(
        uvicorn.Config(create_app(), host="127.0.0.1", port=0, log_level="error")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(400):
        if server.started:
            break
        time.sleep(0.05)
    assert server.started, "the server did not start"
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
