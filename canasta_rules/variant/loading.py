"""Reading variant files: ``extends`` chains, deep merging, ``--set`` overrides, located errors.

A variant reference is either the name of a built-in variant (``classic``) or the path of a TOML
file. A file may name a parent with ``extends`` (a built-in name, or a path relative to the file);
the parent is resolved first and the file's tables are merged into it key by key. Arrays (such as
``seating`` and ``initial_meld.tiers``) are replaced as a whole, never merged element by element,
and a table that names a different ``kind`` from its parent's replaces the parent's table.

``name``, ``title`` and ``summary`` describe one file and are not inherited; everything else is.
A ``provenance`` entry inherited from a parent is dropped when a later file changes a value under
it without giving provenance of its own, so a note never vouches for a value it did not describe.

Values are checked strictly, as TOML types them: ``decks = "2"`` is a string where an integer
belongs, and is an error rather than a silent conversion. Every problem is reported as a
:class:`~canasta_rules.errors.Problem` with the file, the line and the dotted key; a rule broken
between several keys is reported at the one that the latest file (or ``--set``) wrote.
"""

from __future__ import annotations

import copy
import difflib
import os
import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property, lru_cache
from pathlib import Path
from typing import Any, get_args

from pydantic import BaseModel, ValidationError

from .. import limits
from ..errors import Problem, VariantError, elide, quoted, shorten
from ..sources import SOURCE_PATTERN
from . import builtin
from .compare import flatten, show_value
from .model import METADATA_KEYS, Provenance, Variant
from .tomlpos import Path as KeyPath
from .tomlpos import dotted, key_lines, line_of

SET_LABEL = "--set"
DEFAULT_LABEL = "default"
SET_METADATA = ("name", "title", "summary", "sources")
"""Descriptive keys that ``--set`` may change besides the rule parameters."""


@dataclass(frozen=True)
class Layer:
    """One step of an ``extends`` chain: a file, or the ``--set`` overrides."""

    label: str
    """How errors name it: the file's path as given, ``builtin:NAME`` or ``--set``."""
    data: dict[str, Any]
    """The file's TOML document; for ``--set``, a sparse document of what the overrides set
    (a changed array element stands for its whole array, since arrays are replaced whole)."""
    text: str = ""
    path: Path | None = None
    builtin_name: str | None = None
    set_keys: dict[KeyPath, str] = field(default_factory=dict)
    """For ``--set``: each key path and the override text it came from."""

    def line(self, key: KeyPath) -> int | None:
        if not self.text:
            return None
        return line_of(_lines(self.text), key)


@lru_cache(maxsize=64)
def _lines(text: str) -> dict[KeyPath, int]:
    return key_lines(text)


@dataclass(frozen=True)
class LoadedVariant:
    """A validated variant, with the chain of files it came from and each value's origin."""

    variant: Variant
    chain: tuple[Layer, ...]
    origins: dict[str, int]
    """Dotted leaf key -> index in ``chain`` of the layer that set it (absent: model default).
    Arrays are leaves: ``seating``, not ``seating.0.players``."""

    def origin_label(self, key: str) -> str:
        i = self.origins.get(key)
        return DEFAULT_LABEL if i is None else self.chain[i].label

    def provenance(self, key: str) -> Provenance | None:
        """The provenance note that covers ``key`` (its own, or its nearest table's)."""
        found = self.provenance_entry(key)
        return None if found is None else found[1]

    def provenance_entry(self, key: str) -> tuple[str, Provenance] | None:
        """Like :meth:`provenance`, with the key the note is filed under (``key`` or a table).

        A value left at the model's default has the note ``classic.toml`` gives for it, since
        the defaults are classic's values."""
        found = covering(self.variant.provenance, key)
        if found is None and self.is_default(key) and self.variant.name != "classic":
            found = _default_provenance_entry(key)
        return found

    def is_default(self, key: str) -> bool:
        """Whether no layer set ``key`` (a parameter or a table) or anything in it (nor a table
        or an array that holds it)."""
        parts = key.split(".")
        return key not in self._set_prefixes and not any(
            ".".join(parts[:i]) in self.origins for i in range(1, len(parts))
        )

    @cached_property
    def _set_prefixes(self) -> frozenset[str]:
        """Each key a layer set, and each table above it."""
        out: set[str] = set()
        for k in self.origins:
            parts = k.split(".")
            out.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
        return frozenset(out)


def covering(prov: Mapping[str, Provenance], key: str) -> tuple[str, Provenance] | None:
    """The entry of ``prov`` for ``key`` or its nearest enclosing table."""
    parts = key.split(".")
    for k in range(len(parts), 0, -1):
        name = ".".join(parts[:k])
        p = prov.get(name)
        if p is not None:
            return name, p
    return None


def _default_provenance_entry(key: str) -> tuple[str, Provenance] | None:
    try:
        classic = load("classic")
    except VariantError:  # pragma: no cover - the built-ins are tested
        return None
    return covering(classic.variant.provenance, key)


def default_provenance(key: str) -> Provenance | None:
    """Provenance of a model default: the note ``classic.toml`` gives for it."""
    found = _default_provenance_entry(key)
    return None if found is None else found[1]


# --------------------------------------------------------------------------------------------
# Merging


def _forget(origins: dict[KeyPath, int], path: KeyPath) -> None:
    for k in [k for k in origins if k[: len(path)] == path]:
        del origins[k]


def _overlay(
    base: Mapping[str, Any],
    over: Mapping[str, Any],
    origins: dict[KeyPath, int],
    index: int,
    prefix: KeyPath = (),
) -> dict[str, Any]:
    """``over`` merged into ``base``, recording in ``origins`` the leaves that ``over`` sets."""
    out = dict(base)
    for k, v in over.items():
        path = (*prefix, k)
        old = out.get(k)
        if isinstance(v, Mapping) and isinstance(old, Mapping):
            if "kind" in v and v["kind"] != old.get("kind"):
                # A different kind of rule has a different shape: replace, do not merge.
                _forget(origins, path)
                out[k] = dict(v)
                for leaf in leaf_keys(v, path):
                    origins[leaf] = index
            else:
                out[k] = _overlay(old, v, origins, index, path)
        else:
            _forget(origins, path)
            out[k] = v
            if isinstance(v, Mapping):
                for leaf in leaf_keys(v, path):
                    origins[leaf] = index
            else:
                origins[path] = index
    return out


def deep_merge(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    """``over`` merged into ``base``: tables merge key by key, anything else is replaced.

    A table that names a different ``kind`` from its parent's (a discriminated union such as
    ``stock_out``) replaces the parent's table whole, since its keys belong to another shape.
    """
    return _overlay(base, over, {}, 0)


def leaf_keys(data: Mapping[str, Any], prefix: KeyPath = ()) -> Iterable[KeyPath]:
    """Every leaf key path of a TOML document; arrays count as leaves."""
    for k, v in data.items():
        if isinstance(v, Mapping):
            yield from leaf_keys(v, (*prefix, k))
        else:
            yield (*prefix, k)


def _brief(value: Any) -> str:
    """A value as a message shows it: as written in TOML, shortened when long."""
    return shorten(show_value(value))


def _rules_part(data: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in METADATA_KEYS and k != "extends"}


# --------------------------------------------------------------------------------------------
# Reading files


def _looks_like_path(ref: str) -> bool:
    return ref.endswith(".toml") or "/" in ref or "\\" in ref


def _read_toml(path: Path, label: str) -> tuple[dict[str, Any], str]:
    try:
        text = limits.read_limited(path, limits.MAX_VARIANT_BYTES)
    except limits.ReadRefused as e:
        raise VariantError([Problem(label, None, "", str(e))]) from None
    return _parse_toml(text, label), text


def _parse_toml(text: str, label: str) -> dict[str, Any]:
    """The TOML document in ``text``, within the limits of :mod:`canasta_rules.limits`."""
    long = limits.long_line(text)
    if long is not None:
        msg = f"line too long: the limit is {limits.MAX_LINE_CHARS} characters"
        raise VariantError([Problem(label, long, "", msg)])
    try:
        data: dict[str, Any] = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        msg = str(e)
        line: int | None = getattr(e, "lineno", None)
        m = re.search(r"\(at line (\d+), column (\d+)\)", msg)
        if line is None and m:
            line = int(m.group(1))
        if line is None and "end of document" in msg:
            line = max(1, text.count("\n") + (0 if text.endswith("\n") else 1))
        msg = getattr(e, "msg", None) or re.sub(
            r"\s*\(at (line \d+, column \d+|end of document)\)", "", msg
        )
        msg = elide(msg, 100)  # it may quote a whole key: ('t', 't', 't', ...)
        problem = Problem(label, line, "", f"not valid TOML: {msg[:1].lower()}{msg[1:]}")
        raise VariantError([problem]) from None
    except RecursionError:
        msg = f"nested too deeply: the limit is {limits.MAX_DEPTH} levels of tables and arrays"
        raise VariantError([Problem(label, _deepest_line(text), "", msg)]) from None
    except ValueError:  # tomllib's int() on thousands of digits
        msg = "integer too large: TOML integers are 64-bit"
        raise VariantError([Problem(label, _longest_number_line(text), "", msg)]) from None
    _check_document(data, text, label)
    return data


def _deepest_line(text: str) -> int:
    """The line with the most opening brackets (where a nesting error most likely is)."""
    counts = [ln.count("[") + ln.count("{") for ln in text.splitlines()] or [0]
    return counts.index(max(counts)) + 1


def _longest_number_line(text: str) -> int:
    runs = [
        max((len(m) for m in re.findall(r"[0-9_]+", ln)), default=0) for ln in text.splitlines()
    ]
    runs = runs or [0]
    return runs.index(max(runs)) + 1


def _check_document(data: Mapping[str, Any], text: str, label: str) -> None:
    """Refuse nesting deeper than :data:`~canasta_rules.limits.MAX_DEPTH` and integers outside
    TOML's 64 bits, at the key where they are, without recursion (the document may be deep)."""
    stack: list[tuple[Any, KeyPath]] = [(data, ())]
    while stack:
        node, path = stack.pop()
        if len(path) > limits.MAX_DEPTH:
            msg = f"nested too deeply: the limit is {limits.MAX_DEPTH} levels of tables and arrays"
            raise _problem_at(label, text, path[: limits.MAX_DEPTH + 1], msg)
        if isinstance(node, dict):
            stack.extend((v, (*path, k)) for k, v in reversed(node.items()))
        elif isinstance(node, list):
            stack.extend((v, (*path, i)) for i, v in reversed(list(enumerate(node))))
        elif isinstance(node, int) and not isinstance(node, bool) and abs(node) > limits.MAX_INT:
            raise _problem_at(label, text, path, "integer out of range: TOML integers are 64-bit")


def _problem_at(label: str, text: str, path: KeyPath, message: str) -> VariantError:
    line = line_of(_lines(text), path) if text else None
    return VariantError([Problem(label, line, dotted(path), message)])


def _child_label(child: Layer, ref: str, path: Path) -> str:
    """How to name a parent file: relative to the child's label when the child is a file."""
    if child.builtin_name is not None:
        return str(path)
    return os.path.normpath(os.path.join(os.path.dirname(child.label), ref))


ALLOW_EXTENDS_ENV = "CANASTA_ALLOW_EXTENDS"
"""Folders (separated by ``os.pathsep``) that ``extends`` may also name files in; the command
line's ``--allow-extends DIR`` sets it, so that worker processes see the same folders."""


def allowed_extends(extra: Sequence[str | Path] = ()) -> tuple[Path, ...]:
    """The folders outside a file's own that its ``extends`` may name: ``extra`` and those in
    :data:`ALLOW_EXTENDS_ENV`, each resolved (symbolic links followed)."""
    env = [d for d in os.environ.get(ALLOW_EXTENDS_ENV, "").split(os.pathsep) if d]
    return tuple(Path(os.path.realpath(d)) for d in [*extra, *env])


def _inside(path: str, folders: Iterable[Path]) -> bool:
    return any(path == str(f) or path.startswith(str(f).rstrip(os.sep) + os.sep) for f in folders)


def _sandboxed(ref: str, child: Layer, allowed: tuple[Path, ...]) -> Path:
    """The file that ``extends = ref`` in ``child`` names, once it is known to be inside the
    child's folder (or an allowed one), lexically and with symbolic links followed.

    Nothing is opened here: only the names are looked at (and links read), so a refused target
    is never read and nothing of its content can reach a message."""
    assert child.path is not None

    def refuse(why: str) -> VariantError:
        return VariantError([Problem(child.label, child.line(("extends",)), "extends", why)])

    parts = re.split(r"[/\\]", ref)
    if (
        "\x00" in ref
        or len(ref) > limits.MAX_PATH_CHARS
        or any(len(p) > limits.MAX_NAME_CHARS for p in parts)
    ):
        raise refuse(f"path too long or not a file name: {quoted(ref)}")
    if "\\" in ref:
        raise refuse(f"{quoted(ref)}: write paths with '/'")
    folder = Path(os.path.realpath(child.path.parent))
    lanes = (folder, *allowed)
    q = quoted(ref)
    if os.path.isabs(ref) and not _inside(os.path.normpath(ref), allowed):
        raise refuse(f"{q} is an absolute path; see --allow-extends")
    lexical = os.path.normpath(os.path.join(folder, ref))
    if not _inside(lexical, lanes):
        raise refuse(f"{q} is outside this file's folder; see --allow-extends")
    try:
        real = os.path.realpath(lexical)
    except (OSError, ValueError):
        raise refuse(f"path cannot be resolved: {q}") from None
    if not _inside(real, lanes):
        raise refuse(f"{q} leads outside this file's folder through a symbolic link")
    return Path(lexical)


def _read_ref(ref: str, child: Layer | None, allowed: tuple[Path, ...] = ()) -> Layer:
    """The layer for ``ref``: a top-level reference, or the ``extends`` of ``child``."""

    def at_extends(message: str) -> VariantError:
        assert child is not None
        return VariantError([Problem(child.label, child.line(("extends",)), "extends", message)])

    if child is not None and child.path is None:  # pragma: no cover - --set never extends
        raise at_extends("only a file can extend another")
    if not _looks_like_path(ref):
        if builtin.path_of(ref) is not None:
            return _builtin_layer(ref)
        if child is not None:
            local = _sandboxed(ref, child, allowed)
        elif len(ref) <= limits.MAX_NAME_CHARS:
            local = Path.cwd() / ref
        else:
            local = None
        if local is not None and _is_file(local):
            label = _child_label(child, ref, local) if child is not None else ref
            data, text = _read_toml(local, label)
            return Layer(label, data, text, local.resolve())
        names = builtin.names()
        close = difflib.get_close_matches(ref[:100], names, n=1)
        # the list of all built-ins would not fit on the line: the command that lists them
        more = f"did you mean {close[0]}?" if close else "'canasta variants list' names them all"
        msg = f"no built-in variant {quoted(ref, 30)}; {more}"
        if child is not None:
            raise at_extends(msg)
        raise VariantError([Problem(ref, None, "", msg)])
    if child is None:
        path = Path(ref)
        label = ref
    else:
        path = _sandboxed(ref, child, allowed)
        label = _child_label(child, ref, path)
        if not _is_file(path):
            raise at_extends(f"parent file {quoted(label, 80)} not found")
    data, text = _read_toml(path, label)
    return Layer(label, data, text, path.resolve())


def _builtin_layer(name: str) -> Layer:
    """The layer of a built-in file. The file is read each time (it may have changed on disk), but
    a text already seen is not parsed again: built-ins are the parents of most files."""
    path = builtin.path_of(name)
    assert path is not None
    label = f"builtin:{name}"
    try:
        text = limits.read_limited(path, limits.MAX_VARIANT_BYTES)
    except limits.ReadRefused as e:
        raise VariantError([Problem(label, None, "", str(e))]) from None
    return _parsed_layer(label, path, text, name)


@lru_cache(maxsize=64)
def _parsed_layer(label: str, path: Path, text: str, name: str) -> Layer:
    """Shared by every load of the same text. Nothing changes a layer's document after it is
    read: merging copies what it changes."""
    return Layer(label, _parse_toml(text, label), text, path, builtin_name=name)


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def _chain(ref: str | Path, allowed: tuple[Path, ...] = ()) -> list[Layer]:
    """The layers from the root ancestor down to ``ref``."""
    layers: list[Layer] = []
    seen: set[Path] = set()
    layer = _read_ref(str(ref), None, allowed)
    while True:
        assert layer.path is not None
        if layer.path in seen:
            child = layers[-1]
            # named relative to the folder of the file that closes the cycle, to stay short
            here = os.path.dirname(child.label)
            names = [*(lay.label for lay in layers), layer.label]
            cycle = " -> ".join(os.path.relpath(n, here) if n != "-" else n for n in names)
            raise VariantError(
                [Problem(child.label, child.line(("extends",)), "extends", f"cycle: {cycle}")]
            )
        seen.add(layer.path)
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
                        "must be a built-in variant name or a relative path to a TOML file, "
                        f"got {_brief(parent)}",
                    )
                ]
            )
        layer = _read_ref(parent, layer, allowed)
    layers.reverse()
    return layers


# --------------------------------------------------------------------------------------------
# --set


def _set_error(path: KeyPath | str, message: str, item: str) -> VariantError:
    key = path if isinstance(path, str) else dotted(path)
    return VariantError([Problem(SET_LABEL, None, key, f"{message} [{shorten(item)}]")])


def parse_set(item: str) -> tuple[KeyPath, Any]:
    """``dotted.key=value`` as a key path and a TOML value (bare words are strings)."""
    if "=" not in item:
        raise _set_error(item, "expected dotted.key=value, for example melds.max_wild=2", item)
    key_text, value_text = item.split("=", 1)
    key_text, value_text = key_text.strip(), value_text.strip()
    if not key_text:
        raise _set_error(key_text, "no key before '='", item)
    parts: list[str | int] = []
    for p in key_text.split("."):
        p = p.strip()
        if not p:
            raise _set_error(key_text, "empty part in dotted key", item)
        if p.isdigit() and len(p) > limits.MAX_DIGITS:
            raise _set_error(key_text, "array index too large", item)
        parts.append(int(p) if p.isdigit() else p)
    if isinstance(parts[0], int):
        raise _set_error(key_text, "a key cannot start with an array index", item)
    if len(parts) > limits.MAX_DEPTH:
        raise _set_error(key_text, f"key nested too deeply: the limit is {limits.MAX_DEPTH}", item)
    if not value_text:
        raise _set_error(key_text, "no value after '='", item)
    if len(value_text) > limits.MAX_LINE_CHARS:
        raise _set_error(key_text, f"value too long: the limit is {limits.MAX_LINE_CHARS}", item)
    try:
        value = tomllib.loads(f"v = {value_text}")["v"]
    except tomllib.TOMLDecodeError:
        value = value_text
    except RecursionError:
        raise _set_error(
            key_text, f"value nested too deeply: the limit is {limits.MAX_DEPTH}", item
        ) from None
    except ValueError:
        raise _set_error(key_text, "integer too large: TOML integers are 64-bit", item) from None
    try:
        _check_document({"v": value}, "", SET_LABEL)
    except VariantError as e:
        why = e.problems[0].message
        raise _set_error(key_text, why, item) from None
    return tuple(parts), value


def _replace_in(node: Any, rest: KeyPath, value: Any, done: KeyPath, item: str) -> Any:
    """``node`` (a copy) with ``rest`` set to ``value``; ``done`` is the path to ``node``."""
    p = rest[0]
    if isinstance(p, int):
        if not isinstance(node, list):
            raise _set_error((*done, p), f"{dotted(done)} is not an array", item)
        if p >= len(node):
            raise _set_error((*done, p), f"no such entry: {dotted(done)} has {len(node)}", item)
    elif not isinstance(node, dict):
        raise _set_error((*done, p), f"{dotted(done)} is a value, not a table", item)
    if len(rest) == 1:
        node[p] = value
        return node
    if isinstance(node, dict) and p not in node:
        node[p] = {}
    node[p] = _replace_in(node[p], rest[1:], value, (*done, p), item)
    return node


def _set_document(merged: Mapping[str, Any], path: KeyPath, value: Any, item: str) -> Any:
    """The override ``path = value`` as a sparse document to merge into ``merged``.

    Down to the first array index the document is a chain of one-key tables; from there it holds
    the whole array with the one element changed, since arrays are replaced whole."""
    cut = next((j for j, p in enumerate(path) if isinstance(p, int)), len(path))
    node: Any = merged
    for j in range(cut):
        if node is None:
            break
        if not isinstance(node, Mapping):
            raise _set_error(path, f"{dotted(path[:j])} is a value, not a table", item)
        node = node.get(path[j])
    leaf = value
    if cut < len(path):
        leaf = _replace_in(copy.deepcopy(node), path[cut:], value, path[:cut], item)
    for p in reversed(path[:cut]):
        leaf = {p: leaf}
    return leaf


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


def _models_in(ann: Any) -> list[type[BaseModel]]:
    if isinstance(ann, type) and issubclass(ann, BaseModel):
        return [ann]
    found: list[type[BaseModel]] = []
    for a in get_args(ann):
        found.extend(_models_in(a))
    return found


def _kind_of(model: type[BaseModel]) -> str | None:
    info = model.model_fields.get("kind")
    args = get_args(info.annotation) if info is not None else ()
    return str(args[0]) if args else None


def _models_at(path: KeyPath, data: Any) -> list[type[BaseModel]]:
    """The models a table at ``path`` may be: one, or the kinds of a union that fit the data."""
    models: list[type[BaseModel]] = [Variant]
    node = data
    for p in path:
        if isinstance(p, int):
            node = node[p] if isinstance(node, list) and p < len(node) else None
            continue
        found: list[type[BaseModel]] = []
        for m in models:
            info = m.model_fields.get(p)
            if info is not None:
                found.extend(_models_in(info.annotation))
        if p == "provenance" and models == [Variant]:
            return []
        node = node.get(p) if isinstance(node, dict) else None
        kind = node.get("kind") if isinstance(node, dict) else None
        chosen = [m for m in found if _kind_of(m) == kind]
        models = chosen or found
        if not models:
            return []
    return models


def _unknown_key(path: KeyPath, data: Any) -> str:
    key = str(path[-1]) if path else ""
    here = _models_at(path[:-1], data)
    if path[:1] == ("provenance",) and len(path) == 3:
        here = [Provenance]
    known = [name for m in here for name in m.model_fields]
    if here == [Variant]:
        known.append("extends")
    if len(here) == 1 and (kind := _kind_of(here[0])) is not None:
        others = [m for m in _models_at(path[:-2], data) for m in _field_models(m, path[-2])]
        owner = next((_kind_of(m) for m in others if key in m.model_fields), None)
        if owner is not None and owner != kind:
            return f"unknown key for kind {kind!r} (it belongs to kind {owner!r})"
    close = difflib.get_close_matches(key, known, n=1)
    return f"unknown key (did you mean {close[0]}?)" if close else "unknown key"


def _field_models(model: type[BaseModel], name: str | int) -> list[type[BaseModel]]:
    info = model.model_fields.get(name) if isinstance(name, str) else None
    return _models_in(info.annotation) if info is not None else []


_SOURCE_PATTERN = SOURCE_PATTERN
_TYPE_WORDS = {
    "int_type": "must be an integer",
    "bool_type": "must be true or false",
    "string_type": "must be a string",
    "tuple_type": "must be an array",
    "list_type": "must be an array",
    "model_type": "must be a table",
    "model_attributes_type": "must be a table",
    "dict_type": "must be a table",
}


def _choices(expected: str, width: int = 60) -> str:
    """pydantic's list of allowed values ("'a', 'b' or 'c'"), shortened when long (a rank name
    has eleven) so that the message keeps to one short line: its first two and its last."""
    if len(expected) <= width:
        return expected
    head, _, last = expected.rpartition(" or ")
    items = [*head.split(", "), last]
    return f"one of {len(items)}: {items[0]}, {items[1]} ... {items[-1]}"


def _entries(n: Any) -> str:
    return f"{n} entry" if n == 1 else f"{n} entries"


def _message(err: Any, path: KeyPath, data: Any) -> str:
    typ: str = err["type"]
    ctx: dict[str, Any] = err.get("ctx") or {}
    inp = err.get("input")
    got = f", got {_brief(inp)}"
    if typ == "extra_forbidden":
        return _unknown_key(path, data)
    if typ == "missing":
        return "required key is missing"
    if typ == "union_tag_invalid":
        kind = quoted(str(ctx.get("tag")))
        return f"unknown kind {kind}; expected one of {ctx.get('expected_tags')}"
    if typ == "union_tag_not_found":
        return "needs a 'kind' key"
    if typ in _TYPE_WORDS:
        return _TYPE_WORDS[typ] + got
    if typ == "greater_than_equal":
        return f"must be at least {ctx['ge']}{got}"
    if typ == "less_than_equal":
        return f"must be at most {ctx['le']}{got}"
    if typ == "too_short":
        return f"must have at least {_entries(ctx['min_length'])}, got {ctx['actual_length']}"
    if typ == "string_too_short":
        n = ctx["min_length"]
        return "must not be empty" if n == 1 else f"must have at least {n} characters{got}"
    if typ == "too_long":
        return f"must have at most {_entries(ctx['max_length'])}, got {ctx['actual_length']}"
    if typ == "literal_error":
        return f"must be {_choices(str(ctx['expected']))}{got}"
    if typ == "string_pattern_mismatch":
        if ctx.get("pattern") == _SOURCE_PATTERN:
            ids = "000 to 004, P, B, W, Brit, house or an id in docs/sources.md"
            return f"not a source: use {ids}{got}"
        return f"must match {ctx.get('pattern')}{got}"
    msg: str = err["msg"]
    if "keys" in ctx:  # a cross-field rule: its message is complete
        return msg
    msg = msg.removeprefix("Value error, ")
    return f"{msg[:1].lower()}{msg[1:]}{got}"


def _step(node: Any, key: str | int) -> Any:
    """``node[key]`` for a table or an array, or None when there is no such entry."""
    if isinstance(node, dict):
        return node.get(key)
    if isinstance(node, list) and isinstance(key, int) and key < len(node):
        return node[key]
    return None


def _origin_layer(path: KeyPath, layers: Sequence[Layer]) -> int | None:
    """Index of the last layer whose data holds ``path`` (or an array that contains it).

    A provenance note is replaced whole, never merged: what is wrong inside one (a missing
    ``note``) belongs to the last layer that wrote the note, even where a parent's note had it."""
    if len(path) > 2 and path[0] == "provenance":
        path = path[:2]
    for i in range(len(layers) - 1, -1, -1):
        node: Any = layers[i].data
        for p in path:
            node = _step(node, p)
            if node is None:
                break
        if node is not None:
            return i
    return None


def _set_item(layer: Layer, path: KeyPath) -> str:
    """The ``--set`` text behind ``path``."""
    for k, item in layer.set_keys.items():
        if k[: len(path)] == path or path[: len(k)] == k:
            return item
    for k, item in layer.set_keys.items():
        cut = next((j for j, p in enumerate(k) if isinstance(p, int)), len(k))
        if path[:cut] == k[:cut]:
            return item
    return ""


def _blame(candidates: Sequence[KeyPath], layers: Sequence[Layer]) -> KeyPath:
    """Of the keys a cross-field rule involves, the one the latest layer wrote (preferring, in
    that layer, a key an override named exactly; then the order the rule lists them)."""

    def rank(j: int) -> tuple[int, bool, int]:
        i = _origin_layer(candidates[j], layers)
        named = i is not None and candidates[j] in layers[i].set_keys
        return (-1 if i is None else i, named, -j)

    return candidates[max(range(len(candidates)), key=rank)]


def _problems(e: ValidationError, document: Any, layers: Sequence[Layer]) -> list[Problem]:
    errors = e.errors()
    paths = [_clean_loc(tuple(err["loc"]), document) for err in errors]
    out: list[tuple[int, int, Problem]] = []
    for err, path in zip(errors, paths, strict=True):
        if err["type"] == "too_short" and any(
            len(p) > len(path) and p[: len(path)] == path for p in paths
        ):
            continue  # an array emptied by its own bad entries: those are the problems
        ctx = err.get("ctx") or {}
        if "keys" in ctx:
            candidates = [(*path, *k) for k in ctx["keys"]]
            path = _blame(candidates, layers)
        i = _origin_layer(path, layers)
        if i is None:
            i = max(j for j, lay in enumerate(layers) if lay.label != SET_LABEL)
        layer = layers[i]
        message = _message(err, path, document)
        if layer.label == SET_LABEL:
            item = _set_item(layer, path)
            problem = Problem(SET_LABEL, None, dotted(path), f"{message} [{shorten(item)}]")
        else:
            problem = Problem(layer.label, layer.line(path), dotted(path), message)
        out.append((i, problem.line or 0, problem))
    out.sort(key=lambda t: (t[0], t[1]))  # by file, then by line
    return [p for _, _, p in out]


def _resolve_provenance(layers: Sequence[Layer]) -> dict[str, Any]:
    """Merge the layers' provenance tables, dropping notes that a later layer made stale."""
    result: dict[str, Any] = {}
    for layer in layers:
        changed = [tuple(str(p) for p in k) for k in leaf_keys(_rules_part(layer.data))]
        if changed:
            for key in list(result):
                kp = tuple(key.split("."))
                if any(c[: len(kp)] == kp or kp[: len(c)] == c for c in changed):
                    del result[key]
        if layer.label == SET_LABEL:
            continue
        prov = layer.data.get("provenance", {})
        if not isinstance(prov, dict):
            problem = Problem(
                layer.label,
                layer.line(("provenance",)),
                "provenance",
                f"must be a table of notes, got {_brief(prov)}",
            )
            raise VariantError([problem])
        result.update(prov)
    return result


def _strict_input(value: Any) -> Any:
    """TOML arrays as tuples, so that the model can be validated strictly."""
    if isinstance(value, list):
        return tuple(_strict_input(v) for v in value)
    if isinstance(value, dict):
        return {k: _strict_input(v) for k, v in value.items()}
    return value


def load(
    ref: str | Path, sets: Sequence[str] = (), allow_extends: Sequence[str | Path] = ()
) -> LoadedVariant:
    """Load a built-in variant by name, or a variant file by path, with ``--set`` overrides.

    ``extends`` in a file may name a built-in variant or a file inside that file's folder; files
    under the folders of ``allow_extends`` (and of :data:`ALLOW_EXTENDS_ENV`) are allowed too.
    Raises :class:`~canasta_rules.errors.VariantError` listing every problem found."""
    ref = str(ref)
    if not sets and not _looks_like_path(ref) and builtin.path_of(ref) is not None:
        return _load_builtin(ref)  # files may change on disk, so only built-ins are cached
    return _load(ref, tuple(sets), allowed_extends(allow_extends))


@cache
def _load_builtin(name: str) -> LoadedVariant:
    from .cache import cached_builtin  # validated once, then read back (variant/cache.py)

    return cached_builtin(name, lambda n: _load(n, ()))


def _load(ref: str, sets: tuple[str, ...], allowed: tuple[Path, ...] = ()) -> LoadedVariant:
    layers = _chain(ref, allowed)
    merged: dict[str, Any] = {}
    origins: dict[KeyPath, int] = {}
    for i, layer in enumerate(layers):
        merged = _overlay(merged, _rules_part(layer.data), origins, i)
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
        index = len(layers)
        sparse: dict[str, Any] = {}
        keys: dict[KeyPath, str] = {}
        for item in sets:
            path, value = parse_set(item)
            head = path[0]
            if head in ("provenance", "extends"):
                raise _set_error(
                    path,
                    f"--set changes rule parameters (and {', '.join(SET_METADATA)}), not {head}",
                    item,
                )
            keys[path] = item
            if head in SET_METADATA:
                if len(path) > 1:
                    raise _set_error(path, f"{head} is a value, not a table", item)
                meta[str(head)] = value
                sparse[str(head)] = value
                continue
            doc = _set_document(merged, path, value, item)
            merged = _overlay(merged, doc, origins, index)
            sparse = deep_merge(sparse, doc)
        all_layers.append(Layer(SET_LABEL, sparse, set_keys=keys))
    document = {**merged, **meta, "provenance": _resolve_provenance(all_layers)}
    try:
        variant = Variant.model_validate(_strict_input(document), strict=True)
    except ValidationError as e:
        raise VariantError(_problems(e, document, all_layers)) from None
    return LoadedVariant(
        variant,
        tuple(all_layers),
        {".".join(str(p) for p in k): i for k, i in origins.items()},
    )


def load_variant(
    ref: str | Path = "classic", sets: Sequence[str] = (), allow_extends: Sequence[str | Path] = ()
) -> Variant:
    """The validated ``Variant`` for a built-in name or a file path."""
    return load(ref, sets, allow_extends).variant


# --------------------------------------------------------------------------------------------
# Export


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
    _emit(v.model_dump(mode="json", exclude_none=True, exclude={"provenance"}), (), lines)
    prov = export_provenance(loaded)
    if prov:
        lines += ["", "[provenance]"]
        for key, note in prov.items():
            fields = note.model_dump(mode="json", exclude_defaults=True)
            lines.append(f"{_toml_value(key)} = {_toml_value(fields)}")  # quoted, as built-ins do
    return "\n".join(lines) + "\n"
