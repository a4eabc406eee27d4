"""A compiled cache of the built-in variants, so that a command does not validate them each run.

Validating a variant builds the pydantic schema of the whole rules model and checks every value;
a ruling pays that on every call. A built-in variant, once loaded and validated, is kept here as
a pickle of its :class:`~canasta_rules.variant.loading.LoadedVariant` in the user's cache folder
(``$CANASTA_CACHE_DIR``, else ``$XDG_CACHE_HOME/canasta-rules``, else ``~/.cache/canasta-rules``;
``CANASTA_CACHE_DIR=off`` turns the cache off).

The cache is never a source of a wrong answer: a file's name carries a hash of everything the
loaded variant is made from, namely every built-in variant file (one may extend another), the
source of the code that reads and validates them (this package's ``variant`` modules, the limits
and the error messages), the folder the files were read from (errors and provenance name it), and
the Python and pydantic versions. Change any of them and the old file is simply not found; it is
rebuilt from the files and validated as usual. A file that cannot be read back as the variant it
names (cut short, corrupt, another version's) is ignored and rewritten. Files are written whole
(a temporary file renamed over), so a reader never sees half of one. Only the built-in variants
are cached: a house-rules file or ``--set`` is validated every time.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import sys
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from . import builtin

if TYPE_CHECKING:
    from .loading import LoadedVariant

CACHE_ENV = "CANASTA_CACHE_DIR"
_PACKAGE = Path(__file__).resolve().parent.parent


def cache_dir() -> Path | None:
    """The folder of the cache, or None when it is turned off."""
    env = os.environ.get(CACHE_ENV)
    if env is not None:
        return None if env.strip().lower() in ("", "off", "0", "no") else Path(env)
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "canasta-rules"


@cache
def inputs_key() -> str:
    """A hash of everything a loaded built-in variant is made from (see the module's notes)."""
    import pydantic

    h = hashlib.sha256()
    h.update(f"{sys.version}\0{pydantic.VERSION}\0{builtin.variants_dir()}\0".encode())
    code = [*sorted((_PACKAGE / "variant").rglob("*.py")), _PACKAGE / "limits.py"]
    code.append(_PACKAGE / "errors.py")
    for path in [*code, *sorted(builtin.variants_dir().glob("*.toml"))]:
        inside = path.is_relative_to(_PACKAGE)
        label = path.relative_to(_PACKAGE).as_posix() if inside else path.name
        h.update(f"{label}\0".encode())
        h.update(path.read_bytes())
        h.update(b"\0")
    return h.hexdigest()[:32]


def _file(folder: Path, name: str) -> Path:
    return folder / f"{name}-{inputs_key()}.pickle"


def cached_builtin(name: str, build: Callable[[str], LoadedVariant]) -> LoadedVariant:
    """The built-in variant ``name``: from the cache when it holds it for the current inputs,
    else ``build(name)`` (which validates it), stored for the next time."""
    folder = cache_dir()
    if folder is None:
        return build(name)
    path = _file(folder, name)
    found = _read(path, name)
    if found is not None:
        return found
    loaded = build(name)
    _write(folder, path, loaded)
    return loaded


def _read(path: Path, name: str) -> LoadedVariant | None:
    from .compare import KNOWN_FLAT
    from .loading import LoadedVariant

    try:
        data = path.read_bytes()
    except OSError:
        return None
    try:
        found, flat = pickle.loads(data)
    except Exception:  # cut short, corrupt or unreadable: rebuilt and rewritten
        return None
    if not isinstance(found, LoadedVariant) or found.variant.name != name:
        return None
    if not isinstance(flat, dict):
        return None
    KNOWN_FLAT[id(found.variant)] = (found.variant, flat)
    return found


def _write(folder: Path, path: Path, loaded: LoadedVariant) -> None:
    """Store ``loaded`` (with its flattened parameters) whole, or not at all: a cache that cannot
    be written is no error."""
    from .compare import flatten

    with contextlib.suppress(OSError, pickle.PicklingError):
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=".pickle")
        try:
            with os.fdopen(fd, "wb") as f:
                pickle.dump((loaded, flatten(loaded.variant)), f, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        # The files of earlier inputs will not be read again: drop them.
        name = path.name.rsplit("-", 1)[0]
        for old in folder.glob(f"{name}-*.pickle"):
            key = old.name[len(name) + 1 : -len(".pickle")]
            if old != path and len(key) == 32 and all(c in "0123456789abcdef" for c in key):
                with contextlib.suppress(OSError):
                    old.unlink()
