"""Reading variant files: ``extends`` chains, deep merging, ``--set`` overrides, located errors.

A variant reference is either the name of a built-in variant (``classic``) or the path of a TOML
file. A file may name a parent with ``extends`` (a built-in name, or a path relative to the file);
the parent is resolved first and the file's tables are merged into it key by key. Arrays (such as
``seating`` and ``initial_meld.tiers``) are replaced as a whole, never merged element by element.

``name``, ``title`` and ``summary`` describe one file and are not inherited; everything else is.
A ``provenance`` entry inherited from a parent is dropped when a later file changes a value under
it without giving provenance of its own, so a note never vouches for a value it did not describe.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ..errors import Problem, VariantError
from . import builtin
from .model import METADATA_KEYS, Provenance, Variant
from .tomlpos import Path as KeyPath
from .tomlpos import dotted, key_lines, line_of

SET_LABEL = "--set"
DEFAULT_LABEL = "default"


@dataclass(frozen=True)
class Layer:
    """One step of an ``extends`` chain: a file, or the ``--set`` overrides."""

    label: str
    """How errors name it: the file's path as given, ``builtin:NAME`` or ``--set``."""
    data: dict[str, Any]
    text: str = ""
    path: Path | None = None
    builtin_name: str | None = None
    set_keys: dict[KeyPath, str] = field(default_factory=dict)
    """For ``--set``: each key path and the override text it came from."""

    def line(self, key: KeyPath) -> int | None:
        if not self.text:
            return None
        return line_of(_lines(self.text), key)


@cache
def _lines(text: str) -> dict[KeyPath, int]:
    return key_lines(text)


@dataclass(frozen=True)
class LoadedVariant:
    """A validated variant, with the chain of files it came from and each value's origin."""

    variant: Variant
    chain: tuple[Layer, ...]
    origins: dict[str, int]
    """Dotted leaf key -> index in ``chain`` of the layer that set it (absent: model default)."""

    def origin_label(self, key: str) -> str:
        i = self.origins.get(key)
        return DEFAULT_LABEL if i is None else self.chain[i].label

    def provenance(self, key: str) -> Provenance | None:
        """The provenance note that covers ``key`` (its own, or its nearest table's)."""
        prov = self.variant.provenance
        parts = key.split(".")
        for k in range(len(parts), 0, -1):
            p = prov.get(".".join(parts[:k]))
            if p is not None:
                return p
        if key not in self.origins and self.variant.name != "classic":
            return default_provenance(key)
        return None


def default_provenance(key: str) -> Provenance | None:
    """Provenance of a model default: the note ``classic.toml`` gives for it."""
    try:
        classic = load("classic")
    except VariantError:  # pragma: no cover - the built-ins are tested
        return None
    return classic.provenance(key)


# --------------------------------------------------------------------------------------------
# Merging


def deep_merge(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    """``over`` merged into ``base``: tables merge key by key, anything else is replaced.

    A table that names a different ``kind`` from its parent's (a discriminated union such as
    ``stock_out``) replaces the parent's table whole, since its keys belong to another shape.
    """
    out = dict(base)
    for k, v in over.items():
        old = out.get(k)
        if isinstance(v, Mapping) and isinstance(old, Mapping):
            if "kind" in v and v["kind"] != old.get("kind"):
                # A different kind of rule has a different shape: replace, do not merge.
                out[k] = dict(v)
            else:
                out[k] = deep_merge(old, v)
        else:
            out[k] = v
    return out


def leaf_keys(data: Mapping[str, Any], prefix: KeyPath = ()) -> Iterable[KeyPath]:
    """Every leaf key path of a TOML document; arrays count as leaves."""
    for k, v in data.items():
        if isinstance(v, Mapping):
            yield from leaf_keys(v, (*prefix, k))
        else:
            yield (*prefix, k)


def _rules_part(data: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in METADATA_KEYS and k != "extends"}


# --------------------------------------------------------------------------------------------
# Reading files


def _looks_like_path(ref: str) -> bool:
    return ref.endswith(".toml") or "/" in ref or "\\" in ref


def _read_toml(path: Path, label: str) -> tuple[dict[str, Any], str]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise VariantError([Problem(label, None, "", "no such file")]) from None
    except OSError as e:
        raise VariantError([Problem(label, None, "", f"cannot read: {e.strerror}")]) from None
    except UnicodeDecodeError:
        raise VariantError([Problem(label, None, "", "not UTF-8 text")]) from None
    try:
        data: dict[str, Any] = tomllib.loads(text)
        return data, text
    except tomllib.TOMLDecodeError as e:
        msg = str(e)
        m = re.search(r"\(at line (\d+), column (\d+)\)", msg)
        line = int(m.group(1)) if m else None
        msg = re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)", "", msg)
        problem = Problem(label, line, "", f"not valid TOML: {msg[:1].lower()}{msg[1:]}")
        raise VariantError([problem]) from None


def _read_ref(ref: str, base_dir: Path | None, referrer: tuple[str, int | None] | None) -> Layer:
    if not _looks_like_path(ref):
        path = builtin.path_of(ref)
        if path is None:
            local = (base_dir or Path.cwd()) / ref
            if local.is_file():
                data, text = _read_toml(local, str(ref))
                return Layer(str(ref), data, text, local.resolve())
            names = builtin.names()
            close = difflib.get_close_matches(ref, names, n=1)
            hint = f" (did you mean {close[0]}?)" if close else ""
            msg = f"no built-in variant {ref!r}{hint}; built-ins: {', '.join(names)}"
            if referrer:
                raise VariantError([Problem(referrer[0], referrer[1], "extends", msg)])
            raise VariantError([Problem(ref, None, "", msg)])
        data, text = _read_toml(path, f"builtin:{ref}")
        return Layer(f"builtin:{ref}", data, text, path, builtin_name=ref)
    path = (base_dir / ref) if base_dir is not None else Path(ref)
    label = str(path) if base_dir is not None and referrer else ref
    if referrer and not path.is_file():
        raise VariantError(
            [Problem(referrer[0], referrer[1], "extends", f"parent file {str(path)!r} not found")]
        )
    data, text = _read_toml(path, label)
    return Layer(label, data, text, path.resolve())


def _chain(ref: str | Path) -> list[Layer]:
    """The layers from the root ancestor down to ``ref``."""
    layers: list[Layer] = []
    seen: dict[Path, str] = {}
    layer = _read_ref(str(ref), None, None)
    while True:
        assert layer.path is not None
        if layer.path in seen:
            cycle = " -> ".join([*[lay.label for lay in reversed(layers)], layer.label])
            child = layers[-1]
            raise VariantError(
                [Problem(child.label, child.line(("extends",)), "extends", f"cycle: {cycle}")]
            )
        seen[layer.path] = layer.label
        layers.append(layer)
        parent = layer.data.get("extends")
        if parent is None:
            break
        if not isinstance(parent, str) or not parent:
            raise VariantError(
                [
                    Problem(
                        layer.label,
                        layer.line(("extends",)),
                        "extends",
                        "must be a built-in variant name or a relative path to a TOML file",
                    )
                ]
            )
        base_dir = layer.path.parent
        layer = _read_ref(parent, base_dir, (layer.label, layer.line(("extends",))))
    layers.reverse()
    return layers


# --------------------------------------------------------------------------------------------
# --set


def parse_set(item: str) -> tuple[KeyPath, Any]:
    """``dotted.key=value`` as a key path and a TOML value (bare words are strings)."""
    if "=" not in item:
        raise VariantError(
            [
                Problem(
                    SET_LABEL, None, item, "expected dotted.key=value, for example melds.max_wild=2"
                )
            ]
        )
    key_text, value_text = item.split("=", 1)
    key_text, value_text = key_text.strip(), value_text.strip()
    parts: list[str | int] = []
    for p in key_text.split("."):
        if not p:
            raise VariantError([Problem(SET_LABEL, None, key_text, "empty part in dotted key")])
        parts.append(int(p) if p.isdigit() else p)
    try:
        value = tomllib.loads(f"v = {value_text}")["v"]
    except tomllib.TOMLDecodeError:
        value = value_text
    return tuple(parts), value


def _assign(data: dict[str, Any], path: KeyPath, value: Any, label: str) -> None:
    node: Any = data
    for i, p in enumerate(path[:-1]):
        nxt = path[i + 1]
        if isinstance(node, dict):
            if p not in node or not isinstance(node[p], (dict, list)):
                node[p] = [] if isinstance(nxt, int) else {}
            node = node[p]
        elif isinstance(node, list) and isinstance(p, int) and p < len(node):
            node = node[p]
        else:
            raise VariantError([Problem(SET_LABEL, None, dotted(path), f"no such key ({label})")])
    last = path[-1]
    if isinstance(node, dict) and isinstance(last, str):
        node[last] = value
        return
    if isinstance(node, list) and isinstance(last, int) and last < len(node):
        node[last] = value
        return
    raise VariantError([Problem(SET_LABEL, None, dotted(path), f"no such key ({label})")])


def _set_layer(base: dict[str, Any], sets: Sequence[str]) -> Layer:
    data: dict[str, Any] = {}
    keys: dict[KeyPath, str] = {}
    import copy

    merged = copy.deepcopy(base)
    for item in sets:
        path, value = parse_set(item)
        _assign(merged, path, value, item)
        keys[path] = item
        # Record the override as a sparse document so that origins can be computed.
        node = data
        for p in path[:-1]:
            node = node.setdefault(str(p), {})
        node[str(path[-1])] = value
    return Layer(SET_LABEL, merged, set_keys=keys)


# --------------------------------------------------------------------------------------------
# Validation with located errors


def _clean_loc(loc: tuple[str | int, ...], data: Any) -> KeyPath:
    """Drop the discriminator tags pydantic adds to union locations."""
    out: list[str | int] = []
    node = data
    for part in loc:
        if isinstance(node, dict):
            if part in node:
                out.append(part)
                node = node[part]
            elif node.get("kind") == part:
                continue
            else:
                out.append(part)
                node = None
        elif isinstance(node, list) and isinstance(part, int):
            out.append(part)
            node = node[part] if part < len(node) else None
        else:
            out.append(part)
            node = None
    return tuple(out)


_FIELD_NAMES: dict[tuple[str, ...], list[str]] = {}


def _known_keys(path: KeyPath) -> list[str]:
    """Field names allowed at ``path`` in the model (for 'did you mean' hints)."""
    from pydantic import BaseModel

    model: Any = Variant
    for p in path:
        if isinstance(p, int):
            continue
        info = getattr(model, "model_fields", {}).get(p)
        if info is None:
            return []
        ann = info.annotation
        model = _model_in(ann)
        if model is None:
            return []
    if isinstance(model, list):
        names: list[str] = []
        for m in model:
            names.extend(m.model_fields)
        return names
    if isinstance(model, type) and issubclass(model, BaseModel):
        return list(model.model_fields)
    return []


def _model_in(ann: Any) -> Any:
    from typing import get_args

    from pydantic import BaseModel

    if isinstance(ann, type) and issubclass(ann, BaseModel):
        return ann
    found = []
    for a in get_args(ann):
        m = _model_in(a)
        if isinstance(m, list):
            found.extend(m)
        elif m is not None:
            found.append(m)
    if not found:
        return None
    return found[0] if len(found) == 1 else found


def _message(err: Any, path: KeyPath) -> str:
    typ = err["type"]
    if typ == "extra_forbidden":
        key = str(path[-1]) if path else ""
        close = difflib.get_close_matches(key, _known_keys(path[:-1]), n=1)
        hint = f" (did you mean {close[0]}?)" if close else ""
        return f"unknown key{hint}"
    if typ == "missing":
        return "required key is missing"
    if typ == "union_tag_invalid":
        ctx = err.get("ctx", {})
        return f"unknown kind {ctx.get('tag')!r}; expected one of {ctx.get('expected_tags')}"
    if typ == "union_tag_not_found":
        return "needs a 'kind' key"
    msg: str = err["msg"]
    if typ.startswith("value_error"):
        msg = msg.removeprefix("Value error, ")
    inp = err.get("input")
    if typ in ("literal_error", "enum") or typ.endswith("_type") or typ.endswith("_parsing"):
        return f"{msg[:1].lower()}{msg[1:]}, got {inp!r}"
    return msg[:1].lower() + msg[1:]


def _step(node: Any, key: str | int) -> Any:
    """``node[key]`` for a table or an array, or None when there is no such entry."""
    if isinstance(node, dict):
        return node.get(key)
    if isinstance(node, list) and isinstance(key, int) and key < len(node):
        return node[key]
    return None


def _origin_layer(path: KeyPath, layers: Sequence[Layer]) -> int | None:
    """Index of the last layer whose data sets ``path`` or something under or above it."""
    for i in range(len(layers) - 1, -1, -1):
        node: Any = layers[i].data if layers[i].label != SET_LABEL else None
        if layers[i].label == SET_LABEL:
            if any(k[: len(path)] == path or path[: len(k)] == k for k in layers[i].set_keys):
                return i
            continue
        for p in path:
            node = _step(node, p)
            if node is None:
                break
        if node is not None:
            return i
    return None


def _problems(e: ValidationError, merged: dict[str, Any], layers: Sequence[Layer]) -> list[Problem]:
    out: list[Problem] = []
    for err in e.errors():
        ctx = err.get("ctx") or {}
        if "key" in ctx:
            path: KeyPath = tuple(int(p) if p.isdigit() else p for p in str(ctx["key"]).split("."))
        else:
            path = _clean_loc(tuple(err["loc"]), merged)
        i = _origin_layer(path, layers)
        layer = layers[i] if i is not None else layers[-1]
        if layer.label == SET_LABEL:
            src = next(
                (
                    v
                    for k, v in layer.set_keys.items()
                    if k[: len(path)] == path or path[: len(k)] == k
                ),
                "",
            )
            out.append(Problem(SET_LABEL, None, dotted(path), f"{_message(err, path)} [{src}]"))
        else:
            out.append(Problem(layer.label, layer.line(path), dotted(path), _message(err, path)))
    return out


def _resolve_provenance(layers: Sequence[Layer]) -> dict[str, Any]:
    """Merge the layers' provenance tables, dropping notes that a later layer made stale."""
    result: dict[str, tuple[int, Any]] = {}
    for i, layer in enumerate(layers):
        if layer.label == SET_LABEL:
            changed = [tuple(str(p) for p in k if not isinstance(p, int)) for k in layer.set_keys]
        else:
            changed = [tuple(str(p) for p in k) for k in leaf_keys(_rules_part(layer.data))]
        if changed:
            for key in list(result):
                kp = tuple(key.split("."))
                if any(c[: len(kp)] == kp or kp[: len(c)] == c for c in changed):
                    del result[key]
        prov = layer.data.get("provenance", {}) if layer.label != SET_LABEL else {}
        if isinstance(prov, dict):
            for key, note in prov.items():
                result[key] = (i, note)
    return {k: v for k, (_, v) in result.items()}


def load(ref: str | Path, sets: Sequence[str] = ()) -> LoadedVariant:
    """Load a built-in variant by name, or a variant file by path, with ``--set`` overrides."""
    if not sets:
        return _load_cached(str(ref))
    return _load(str(ref), tuple(sets))


@cache
def _load_cached(ref: str) -> LoadedVariant:
    return _load(ref, ())


def _load(ref: str, sets: tuple[str, ...]) -> LoadedVariant:
    layers = _chain(ref)
    merged: dict[str, Any] = {}
    for layer in layers:
        merged = deep_merge(merged, _rules_part(layer.data))
    leaf = layers[-1]
    meta: dict[str, Any] = {k: leaf.data[k] for k in ("name", "title", "summary") if k in leaf.data}
    if "name" not in meta:
        stem = (leaf.path.stem if leaf.path else "custom").lower()
        meta["name"] = re.sub(r"[^a-z0-9-]+", "-", stem).strip("-") or "custom"
    if "title" not in meta:
        parent_title = next(
            (lay.data["title"] for lay in reversed(layers[:-1]) if "title" in lay.data), None
        )
        meta["title"] = f"{parent_title}, with house rules" if parent_title else meta["name"]
    sources = next((lay.data["sources"] for lay in reversed(layers) if "sources" in lay.data), None)
    if sources is not None:
        meta["sources"] = sources
    all_layers = list(layers)
    if sets:
        set_layer = _set_layer(merged, sets)
        merged = set_layer.data
        all_layers.append(set_layer)
    document = {**merged, **meta, "provenance": _resolve_provenance(all_layers)}
    try:
        variant = Variant.model_validate(document)
    except ValidationError as e:
        raise VariantError(_problems(e, document, all_layers)) from None
    origins: dict[str, int] = {}
    for i, layer in enumerate(all_layers):
        keys = (
            [tuple(str(p) for p in k) for k in layer.set_keys]
            if layer.label == SET_LABEL
            else list(leaf_keys(_rules_part(layer.data)))
        )
        for k in keys:
            origins[".".join(str(p) for p in k)] = i
    return LoadedVariant(variant, tuple(all_layers), origins)


def load_variant(ref: str | Path = "classic", sets: Sequence[str] = ()) -> Variant:
    """The validated ``Variant`` for a built-in name or a file path."""
    return load(ref, sets).variant


def export_toml(loaded: LoadedVariant) -> str:
    """The resolved variant as one standalone TOML file (no ``extends``)."""
    import tomli_w

    from .schema import SCHEMA_FILE

    v = loaded.variant
    data = v.model_dump(mode="json", exclude_none=True)
    prov = data.pop("provenance", {})
    chain = " -> ".join(layer.label for layer in loaded.chain)
    head = (
        f"#:schema ./{SCHEMA_FILE}\n"
        f"# The variant {v.name!r}, resolved from: {chain}\n"
        "# Exported by canasta-rules: every parameter is spelled out, nothing is inherited.\n\n"
    )
    body = tomli_w.dumps(data)
    if prov:
        body += "\n" + tomli_w.dumps({"provenance": prov})
    return head + body
