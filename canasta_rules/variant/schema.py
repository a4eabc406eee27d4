"""The JSON Schema of variant files, generated from the model.

The committed copy is ``variants/canasta-variant.schema.json``; every built-in file names it on its
first line (``#:schema ./canasta-variant.schema.json``) so that editors using taplo (Even Better
TOML) check a file as it is typed. A test fails when the committed copy drifts from the model.
Regenerate it with ``canasta variants schema --out variants/canasta-variant.schema.json``.

A file may extend another and set only a few keys, so the schema requires nothing: the model's
own validation, run when the file is loaded, is the last word.
"""

from __future__ import annotations

import json
from typing import Any

from .model import Variant

SCHEMA_FILE = "canasta-variant.schema.json"


def _strip_required(node: Any) -> Any:
    """The schema without its ``required`` lists (a parameter named ``required`` stays)."""
    if isinstance(node, dict):
        return {
            k: _strip_required(v)
            for k, v in node.items()
            if not (k == "required" and isinstance(v, list))
        }
    if isinstance(node, list):
        return [_strip_required(v) for v in node]
    return node


def file_schema() -> dict[str, Any]:
    schema: dict[str, Any] = _strip_required(Variant.model_json_schema())
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = "https://canasta-rules.invalid/" + SCHEMA_FILE
    schema["title"] = "canasta-rules variant file"
    schema["description"] = (
        "A Canasta ruleset. A file may extend a built-in variant or another file and set only "
        "the keys that differ."
    )
    props = dict(schema["properties"])
    props = {
        "extends": {
            "type": "string",
            "description": (
                "A built-in variant's name (classic, bicycle, ...) or a path to another variant "
                "file, relative to this one. This file's keys are merged into it."
            ),
        },
        **props,
    }
    schema["properties"] = props
    return schema


def schema_text() -> str:
    return json.dumps(file_schema(), indent=2, sort_keys=False) + "\n"


if __name__ == "__main__":  # pragma: no cover
    print(schema_text(), end="")
