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


@pytest.mark.parametrize("port", ["99999", "0", "-5", "abc", "1e3", "\uff16"])
def test_a_port_out_of_range_is_said_in_words(
    capsys: pytest.CaptureFixture[str], port: str
) -> None:
    """Not click's '1<=x<=65535': what a port is, in words, and what was given."""
    code, out, err = run_cli(capsys, "serve", "--port", port)
    assert (code, out) == (2, "")
    assert err == (
        "canasta serve: Invalid value for '--port': the port is a whole number from 1 to 65535, "
        f"not {port!r} (see 'canasta serve --help')\n"
    )
