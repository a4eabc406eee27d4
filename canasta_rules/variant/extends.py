"""Following ``extends``: the chain of layers from a variant reference (a built-in name or a
file) up to its root, each parent looked up as a built-in or as a file kept inside the child's
folder (or a folder allowed by ``--allow-extends``), by the one rule of :mod:`.confine`, with
cycles refused.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from .. import limits
from ..errors import Problem, VariantError, quoted
from . import builtin
from .builtin import looks_like_path
from .confine import ALLOW_EXTENDS_ENV, OutsideError, allowed_folders, confine, no_builtin
from .layer import Layer, _brief
from .tomlread import _parse_toml, _read_toml

__all__ = ["ALLOW_EXTENDS_ENV", "allowed_extends"]


def _child_label(child: Layer, ref: str, path: Path) -> str:
    """How to name a parent file: relative to the child's label when the child is a file."""
    if child.builtin_name is not None:
        return str(path)
    return os.path.normpath(os.path.join(os.path.dirname(child.label), ref))


allowed_extends = allowed_folders
"""The folders outside a file's own that its ``extends`` may name: see
:func:`.confine.allowed_folders`."""


def _sandboxed(ref: str, child: Layer, allowed: tuple[Path, ...]) -> str | Path:
    """What ``extends = ref`` in ``child`` names, by the one rule of :mod:`.confine` (a
    built-in's name, or a file kept inside the child's folder or an allowed one), the refusal
    placed at the ``extends`` line."""
    assert child.path is not None
    try:
        return confine(ref, child.path, allowed)
    except OutsideError as e:
        line = child.line(("extends",))
        raise VariantError([Problem(child.label, line, "extends", e.reason)]) from None


def _read_ref(ref: str, child: Layer | None, allowed: tuple[Path, ...] = ()) -> Layer:
    """The layer for ``ref``: a top-level reference, or the ``extends`` of ``child``."""

    def at_extends(message: str) -> VariantError:
        assert child is not None
        return VariantError([Problem(child.label, child.line(("extends",)), "extends", message)])

    if child is not None and child.path is None:  # pragma: no cover - --set never extends
        raise at_extends("only a file can extend another")
    if child is not None:
        named = _sandboxed(ref, child, allowed)
        if isinstance(named, str):
            return _builtin_layer(named)
        label = _child_label(child, ref, named)
        if not _is_file(named):
            raise at_extends(f"parent file {quoted(label, 80)} not found")
        data, text = _read_toml(named, label)
        return Layer(label, data, text, named.resolve())
    # the reference the user gave (the command line's): a built-in, else a file, anywhere
    if not looks_like_path(ref):
        if builtin.path_of(ref) is not None:
            return _builtin_layer(ref)
        local = Path.cwd() / ref if len(ref) <= limits.MAX_NAME_CHARS else None
        if local is None or not _is_file(local):
            raise VariantError([Problem(ref, None, "", no_builtin(ref))])
        path = local
    else:
        path = Path(ref)
    data, text = _read_toml(path, ref)
    return Layer(ref, data, text, path.resolve())


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
