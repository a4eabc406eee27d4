"""Where the built-in variant files and the grammar live, installed or in a source checkout.

In a wheel, ``variants/`` and ``grammar/`` are shipped inside the package as ``_data/``
(pyproject.toml force-includes them); in a source checkout they are the top-level folders.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


@cache
def data_dir(name: str) -> Path:
    """The folder ``variants`` or ``grammar``, wherever this copy of the package finds it."""
    installed = _PACKAGE / "_data" / name
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / name


def variants_dir() -> Path:
    return data_dir("variants")


@cache
def names() -> list[str]:
    """Names of the built-in variants, in alphabetical order."""
    return sorted(p.stem for p in variants_dir().glob("*.toml"))


def looks_like_path(ref: str) -> bool:
    """Whether a variant reference names a file rather than a built-in variant."""
    return ref.endswith(".toml") or "/" in ref or "\\" in ref


def path_of(name: str) -> Path | None:
    p = variants_dir() / f"{name}.toml"
    return p if name in names() else None
