"""Every ``--json`` documented in docs/json.md has the shape the page shows (issue 24): the
same keys at every level, values of the same JSON types (a key in angle brackets stands for
keys that depend on the data, ``"<any>"`` for any value; ``null`` in the page, or a value
that is ``null``, matches any)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from helpers import run_cli

ROOT = Path(__file__).resolve().parent.parent
PAGE = (ROOT / "docs" / "json.md").read_text(encoding="utf-8")


def documented(heading: str, n: int = 0) -> Any:
    """The ``n``-th JSON example under the section whose heading starts with ``heading``."""
    section = PAGE.split(f"## `{heading}", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```json\n(.*?)```", section, re.S)
    return json.loads(blocks[n].replace("...", ""))


def conforms(doc: Any, actual: Any, where: str = "$") -> None:
    if doc is None or doc == "<any>" or actual is None:
        return
    if isinstance(doc, dict):
        assert isinstance(actual, dict), where
        fixed = {k for k in doc if not k.startswith("<")}
        pattern = [v for k, v in doc.items() if k.startswith("<")]
        if pattern:
            assert fixed <= set(actual), (where, sorted(fixed - set(actual)))
        else:
            assert set(actual) == fixed, (where, sorted(set(actual) ^ fixed))
        for k, v in actual.items():
            conforms(doc[k] if k in fixed else pattern[0], v, f"{where}.{k}")
    elif isinstance(doc, list):
        assert isinstance(actual, list), where
        if doc:
            for i, item in enumerate(actual):
                conforms(doc[0], item, f"{where}[{i}]")
    elif isinstance(doc, bool):
        assert isinstance(actual, bool), where
    elif isinstance(doc, (int, float)):
        assert isinstance(actual, (int, float)) and not isinstance(actual, bool), where
    else:
        assert isinstance(actual, type(doc)), where


def output(capsys: pytest.CaptureFixture[str], *args: str, status: int = 0) -> Any:
    code, out, err = run_cli(capsys, *args)
    assert code == status, err
    return json.loads(out)


def test_conforms_catches_a_missing_key_and_a_wrong_type() -> None:
    with pytest.raises(AssertionError):
        conforms({"a": 1, "b": "x"}, {"a": 1})
    with pytest.raises(AssertionError):
        conforms({"a": 1}, {"a": "1"})
    conforms({"<side>": 1, "tie": 0}, {"NS": 3, "EW": 2, "tie": 0})


def test_variants_list(capsys: pytest.CaptureFixture[str]) -> None:
    conforms(
        documented("canasta variants list --json"), output(capsys, "variants", "list", "--json")
    )


@pytest.mark.parametrize(
    "name", ["classic", "samba", "docs/examples/house-rules/thursday-club.toml"]
)
def test_variants_show(capsys: pytest.CaptureFixture[str], name: str) -> None:
    ref = str(ROOT / name) if name.endswith(".toml") else name
    data = output(capsys, "variants", "show", ref, "--json")
    conforms(documented("canasta variants show"), data)
    assert data["parameters"][0]["key"] == "deck.decks"


def test_check(capsys: pytest.CaptureFixture[str]) -> None:
    data = output(capsys, "check", "classic", "-n", "3", "--set", "melds.max_wild=0", "--json")
    assert data["static"]["findings"]
    conforms(documented("canasta check"), data)
    record = str(ROOT / "docs" / "examples" / "classic-game.can")
    conforms(documented("canasta check", 1), output(capsys, "check", "--replay", record, "--json"))


def test_simulate(capsys: pytest.CaptureFixture[str]) -> None:
    doc = documented("canasta simulate")
    conforms(doc, output(capsys, "simulate", "classic", "-n", "2", "--bots", "greedy", "--json"))
    both = output(
        capsys, "simulate", "online", "-n", "1", "--bots", "random", "--vs", "online-3000", "--json"
    )
    assert set(both) == {"a", "b"}
    conforms(doc, both["a"])
    conforms(doc, both["b"])
