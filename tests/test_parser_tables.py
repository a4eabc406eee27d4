"""The notation's parser tables ship as plain data (canasta_rules/notation/tables.py, issue 26:
no pickle anywhere). lark's ``cache=True`` pickled them into the shared temporary folder, where
another user could plant a pickle that runs code; the tables now come from ``tables.json`` in
the package, made by ``python -m canasta_rules.notation.ship_tables --write``."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from lark import Lark

from canasta_rules.notation import tables
from canasta_rules.notation.ship_tables import main as ship_main

ROOT = Path(__file__).resolve().parent.parent
TEXTS = sorted(
    p
    for folder in (ROOT / "docs" / "examples", ROOT / "tests" / "records")
    if folder.is_dir()
    for p in folder.iterdir()
    if p.suffix in (".can", ".pos")
)


def test_the_shipped_tables_fit_the_grammar() -> None:
    """tables.json was made from the grammar as it is (else: run ship_tables --write)."""
    assert tables.shipped(tables.grammar_text()) is not None
    assert ship_main(["--check"]) == 0


@pytest.fixture(scope="module")
def both() -> tuple[Lark, Lark]:
    data = tables.shipped(tables.grammar_text())
    assert data is not None
    loaded = Lark._load_from_dict(data["data"], data["memo"])  # type: ignore[no-untyped-call]
    return loaded, Lark(tables.grammar_text(), **tables.OPTIONS)


def test_the_shipped_tables_read_every_example_as_a_fresh_build_does(
    both: tuple[Lark, Lark],
) -> None:
    loaded, built = both
    assert len(TEXTS) >= 10
    for path in TEXTS:
        text = path.read_text(encoding="utf-8")
        assert loaded.parse(text) == built.parse(text), path.name


def test_the_shipped_tables_refuse_what_a_fresh_build_refuses(both: tuple[Lark, Lark]) -> None:
    loaded, built = both
    for bad in ("hand N: 4c 5c\nto move: X\n", "[Variant classic]\n", "N take with, meld\n"):
        outcomes = []
        for parser in (loaded, built):
            try:
                outcomes.append(("read", parser.parse(bad)))
            except Exception as e:  # the kind and place of the refusal
                outcomes.append((type(e).__name__, getattr(e, "line", None)))
        assert outcomes[0] == outcomes[1], bad


_PROBE = """
import sys, time
from canasta_rules.notation import tables
tables.TABLES = __import__("pathlib").Path(sys.argv[1])
p = tables.parser()
print(type(p).__name__, tables.shipped(tables.grammar_text()) is None)
print(p.parse("[Variant \\"classic\\"]\\n") is not None)
"""


@pytest.mark.parametrize("kind", ["garbage", "truncated", "other key", "fifo", "dev-zero", "gone"])
def test_an_odd_tables_file_is_ignored_and_the_parser_built(kind: str, tmp_path: Path) -> None:
    """Tables that are garbage, cut short, made for another grammar or lark, a FIFO, a device
    or missing are not used, without blocking: the parser is built from the grammar. Each runs
    in a process of its own with a timeout, so a hang fails the test instead of stalling it."""
    path = tmp_path / "tables.json"
    good = tables.TABLES.read_text(encoding="utf-8")
    if kind == "garbage":
        path.write_bytes(os.urandom(4096))
    elif kind == "truncated":
        path.write_text(good[: len(good) // 2])
    elif kind == "other key":
        path.write_text(good.replace(tables.key(tables.grammar_text()), "0" * 64))
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, str(path)],
        capture_output=True,
        text=True,
        timeout=30,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["Lark", "True", "True"]


def test_reading_a_record_writes_and_reads_no_lark_cache() -> None:
    """No ``.lark_cache*`` file is made in the temporary folder, and nothing is unpickled while
    a record is read (lark imports ``pickle`` for its own cache, which is not used: the probe
    makes every unpickling fail)."""
    temp = Path(tempfile.gettempdir())
    planted = temp / f".lark_cache_planted_{os.getpid()}.tmp"
    planted.write_bytes(b"not a pickle")
    before = set(temp.glob(".lark_cache*"))
    script = (
        "import pickle\n"
        "def refuse(*a, **k):\n"
        "    raise SystemExit('unpickled')\n"
        "pickle.load = pickle.loads = pickle.Unpickler = refuse\n"
        "from canasta_rules.notation import parse\n"
        f"parse(open({str(ROOT / 'docs/examples/classic-game.can')!r}).read())\n"
        "print('read')\n"
    )
    try:
        done = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, timeout=60
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == "read"
        assert set(temp.glob(".lark_cache*")) == before
    finally:
        planted.unlink()
