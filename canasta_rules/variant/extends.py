"""Following ``extends``: the chain of layers from a variant reference (a built-in name or a
file) up to its root, each parent looked up as a built-in or as a file kept inside the child's
folder (or a folder allowed by ``--allow-extends``), with cycles refused.
"""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path

from .. import limits
from ..errors import Problem, VariantError, quoted
from . import builtin
from .builtin import looks_like_path as _looks_like_path
from .layer import Layer, _brief
from .tomlread import _parse_toml, _read_toml


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
