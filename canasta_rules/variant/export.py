"""Exporting a loaded variant as one standalone TOML file: every parameter spelled out, in the
style of the built-in files, with the provenance notes that cover it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .compare import flatten
from .loaded import LoadedVariant, covering, load
from .plain import Provenance, to_data


def _toml_value(value: Any) -> str:
    """A value as inline TOML: arrays on one line, tables as inline tables."""
    import tomli_w

    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        inner = ", ".join(f"{_toml_key(k)} = {_toml_value(v)}" for k, v in value.items())
        return "{ " + inner + " }" if inner else "{}"
    if isinstance(value, bool):
        return "true" if value else "false"
    if type(value) is int:
        return str(value)  # as tomli_w writes it, without building a document
    return tomli_w.dumps({"v": value}).removeprefix("v = ").rstrip("\n")


def _toml_key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else _toml_value(key)


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def _is_table_array(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, Mapping) for v in value)


def _emit(data: Mapping[str, Any], path: tuple[str, ...], out: list[str]) -> None:
    """``data`` in the style of the built-in files: values first, then sub-tables, and arrays of
    tables as ``[[header]]`` tables."""
    for k, v in data.items():
        if not isinstance(v, Mapping) and not _is_table_array(v):
            out.append(f"{_toml_key(k)} = {_toml_value(v)}")
    for k, v in data.items():
        header = ".".join(_toml_key(p) for p in (*path, k))
        if isinstance(v, Mapping):
            out += ["", f"[{header}]"]
            _emit(v, (*path, k), out)
        elif _is_table_array(v):
            for item in v:
                out += ["", f"[[{header}]]"]
                _emit(item, (*path, k), out)


def export_provenance(loaded: LoadedVariant) -> dict[str, Provenance]:
    """The notes an exported file carries: the variant's own, plus classic's notes for values
    left at the model's defaults (which are classic's values), so that the standalone file cites
    everything that ``variants show`` cites for the original."""
    prov = dict(loaded.variant.provenance)
    if loaded.variant.name == "classic":
        return prov
    classic = load("classic").variant.provenance
    keys = list(flatten(loaded.variant))
    defaulted = [
        k for k in keys if loaded.is_default(k) and covering(loaded.variant.provenance, k) is None
    ]
    for key in defaulted:
        found = covering(classic, key)
        if found is None:
            continue
        have = covering(prov, key)
        if have is not None and len(have[0]) >= len(found[0]):
            continue  # already covered, at least as closely as classic covers it
        table, note = found
        under = [k for k in keys if k == table or k.startswith(table + ".")]
        prov[table if all(k in defaulted for k in under) else key] = note
    return prov


def _without_none(data: Any) -> Any:
    """``data`` without the tables' keys whose value is None (an unset optional value)."""
    if isinstance(data, dict):
        return {k: _without_none(v) for k, v in data.items() if v is not None}
    if isinstance(data, list):
        return [_without_none(v) for v in data]
    return data


def export_toml(loaded: LoadedVariant) -> str:
    """The resolved variant as one standalone TOML file (no ``extends``)."""
    from .schema import SCHEMA_FILE

    v = loaded.variant
    chain = " -> ".join(layer.label for layer in loaded.chain).replace("\n", " ")
    lines = [
        f"#:schema ./{SCHEMA_FILE}",
        f"# The variant {v.name!r}, resolved from: {chain}",
        "# Exported by canasta-rules: every parameter is spelled out, nothing is inherited.",
        "",
    ]
    data = _without_none(to_data(v))
    del data["provenance"]
    _emit(data, (), lines)
    prov = export_provenance(loaded)
    if prov:
        lines += ["", "[provenance]"]
        for key, note in prov.items():
            fields = to_data(note)
            if not note.pinned:
                del fields["pinned"]  # left out where it is the default, as the built-ins do
            lines.append(f"{_toml_value(key)} = {_toml_value(fields)}")  # quoted, as built-ins do
    return "\n".join(lines) + "\n"
