"""`canasta serve` on the command line: its one-line error for a port it cannot take."""

from __future__ import annotations

import socket

import pytest
from helpers import run_cli


def test_a_taken_port_is_one_line_and_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        code, _, err = run_cli(capsys, "serve", "--port", str(port))
    assert code == 2
    assert err.startswith(f"canasta: cannot listen on 127.0.0.1:{port}:")
    assert err.count("\n") == 1


def test_the_help_says_it_is_local_and_offline(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "serve", "--help")
    assert code == 0
    assert "127.0.0.1" in out and "offline" in out
