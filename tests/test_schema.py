"""The JSON Schema of variant files: generated from the model, committed, and named by every file.

Editors (taplo / Even Better TOML) check a variant file against the schema that its
``#:schema`` first line names, so the committed copy must be the model's, and every file the
project ships or exports must pass it.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from canasta_rules.cli import main
from canasta_rules.variant import builtin, load
from canasta_rules.variant.export import export_toml
from canasta_rules.variant.schema import SCHEMA_FILE, file_schema, schema_text

DIRECTIVE = f"#:schema ./{SCHEMA_FILE}"
COMMITTED = builtin.variants_dir() / SCHEMA_FILE
BUILTIN_FILES = sorted(builtin.variants_dir().glob("*.toml"))


def _validator() -> jsonschema.protocols.Validator:
    schema = json.loads(COMMITTED.read_text(encoding="utf-8"))
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def _errors(doc: dict[str, Any]) -> list[tuple[str, str]]:
    """(dotted path, validator keyword) of each top-level schema error."""
    return sorted(
        (".".join(str(p) for p in e.absolute_path), e.validator)
        for e in _validator().iter_errors(doc)
    )


def test_committed_schema_is_the_models() -> None:
    """Regenerate with: canasta variants schema --out variants/canasta-variant.schema.json"""
    assert COMMITTED.read_text(encoding="utf-8") == schema_text()


def test_schema_is_draft_2020_12() -> None:
    schema = file_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["additionalProperties"] is False
    assert "extends" in schema["properties"]


def test_schema_requires_nothing_so_partial_files_pass() -> None:
    def required_lists(node: Any) -> list[Any]:
        """Every ``required`` keyword (a list of names), not a property called ``required``."""
        if isinstance(node, dict):
            own = [v for k, v in node.items() if k == "required" and isinstance(v, list)]
            return own + [x for v in node.values() for x in required_lists(v)]
        if isinstance(node, list):
            return [x for v in node for x in required_lists(v)]
        return []

    schema = file_schema()
    assert required_lists(schema) == []
    # going_out.permission.required is a parameter, and stays in the schema.
    assert "required" in schema["$defs"]["PermissionAsk"]["properties"]
    assert _errors({"extends": "classic", "melds": {"max_wild": 2}}) == []


@pytest.mark.parametrize("path", BUILTIN_FILES, ids=lambda p: p.stem)
def test_first_line_names_the_schema(path: Path) -> None:
    assert path.read_text(encoding="utf-8").split("\n", 1)[0] == DIRECTIVE


@pytest.mark.parametrize("path", BUILTIN_FILES, ids=lambda p: p.stem)
def test_builtin_passes_the_schema(path: Path) -> None:
    assert _errors(tomllib.loads(path.read_text(encoding="utf-8"))) == []


@pytest.mark.parametrize("name", builtin.names())
def test_export_passes_the_schema_and_names_it(name: str) -> None:
    text = export_toml(load(name))
    assert text.split("\n", 1)[0] == DIRECTIVE
    assert _errors(tomllib.loads(text)) == []


def test_export_with_overrides_passes_the_schema() -> None:
    lv = load("bicycle", ("going_out.concealed.kind=side_first_meld", "melds.max_wild=2"))
    assert _errors(tomllib.loads(export_toml(lv))) == []


@pytest.mark.parametrize(
    ("doc", "expected"),
    [
        ({"extends": "classic", "melds": {"max_wlid": 2}}, [("melds", "additionalProperties")]),
        ({"extends": "classic", "colour": "red"}, [("", "additionalProperties")]),
        ({"black_threes": {"discarded": "frozen"}}, [("black_threes.discarded", "enum")]),
        ({"deal": {"rotation": "widdershins"}}, [("deal.rotation", "enum")]),
        ({"deck": {"decks": 9}}, [("deck.decks", "maximum")]),
        ({"deck": {"decks": "2"}}, [("deck.decks", "type")]),
        ({"stock_out": {"kind": "sudden"}}, [("stock_out", "oneOf")]),
        ({"sources": ["Hoyle"]}, [("sources.0", "pattern")]),
    ],
)
def test_invalid_files_fail_the_schema(
    doc: dict[str, Any], expected: list[tuple[str, str]]
) -> None:
    assert _errors(doc) == expected


def test_schema_command_prints_and_writes_the_schema(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["variants", "schema"])
    assert exc.value.code == 0
    assert capsys.readouterr().out == schema_text()
    out = tmp_path / SCHEMA_FILE
    with pytest.raises(SystemExit) as exc:
        main(["variants", "schema", "--out", str(out)])
    assert exc.value.code == 0
    assert out.read_text(encoding="utf-8") == schema_text()
