"""The built-in variants, validated once and shipped in the package as plain data.

The folder ``shipped/`` beside this module holds one JSON file per built-in variant, as the
loader would return it: the validated variant (tagged JSON, see
:func:`~canasta_rules.variant.plain.to_data`), its chain of files, the file that set each value,
and the TOML document of the variant's own file. ``python -m canasta_rules.variant.ship --write``
(:mod:`.ship`) writes them by validating the files with pydantic; a command then builds a built-in
variant straight into the plain objects of :mod:`.plain`, without pydantic, reading only the files
of its own chain (a ruling under ``classic`` reads ``classic.json``, about 40 kB).

A file is used only while it was made from exactly what is here: its first field is a hash of the
package version, the code that turns variant files into values (the model, :mod:`.plain` and the
merging of an ``extends`` chain) and the variant files of its chain, recomputed from them on every
run (reading them costs about a millisecond). Anything else (a variant file or the model changed
since, another version's data, a file cut short, not JSON, a FIFO or a device in its place,
unreadable) makes :func:`parts` answer None, and the loader validates the variant files as it
does any file: slower, never wrong. The data names only the classes of :mod:`.plain` and JSON
values, so it cannot run code. It is part of the package, as its code is, and no other copy is
read: nothing in the user's folders (no cache) can change a built-in rule.
``tests/test_variant_shipped.py`` fails when a file is not what ``--write`` makes now.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

from .. import __version__, limits
from . import builtin
from .layer import Layer
from .plain import Variant, from_tagged

DATA_DIR = Path(__file__).with_name("shipped")
FORMAT = 1
MAX_BYTES = 4 << 20
"""A bound on a file's size, far above a real one's, so that an odd file is refused unread."""

_PACKAGE = Path(__file__).resolve().parent.parent

Parts = tuple[Variant, tuple[Layer, ...], dict[str, int]]


def code_files() -> list[Path]:
    """The code whose change can change a built-in variant's values."""
    here = _PACKAGE / "variant"
    return [*sorted((here / "model").glob("*.py")), here / "plain.py", here / "merge.py"]


@cache
def _code_hash() -> bytes | None:
    h = hashlib.sha256(f"canasta-rules {__version__}\0format {FORMAT}\0".encode())
    try:
        for path in code_files():
            h.update(f"{path.relative_to(_PACKAGE).as_posix()}\0".encode())
            h.update(limits.read_limited(path, limits.MAX_VARIANT_BYTES).encode())
            h.update(b"\0")
    except limits.ReadRefused:
        return None
    return h.digest()


@cache
def variant_text(name: str) -> str | None:
    """The text of the built-in file ``name`` (None: it cannot be read)."""
    try:
        return limits.read_limited(
            builtin.variants_dir() / f"{name}.toml", limits.MAX_VARIANT_BYTES
        )
    except limits.ReadRefused:
        return None


def inputs_key(chain: list[str]) -> str | None:
    """The hash the file of a variant whose chain of files is ``chain`` must carry to be used
    here (None: a file cannot be read)."""
    code = _code_hash()
    if code is None:
        return None
    h = hashlib.sha256(code)
    for name in chain:
        text = variant_text(name)
        if text is None:
            return None
        h.update(f"{name}.toml\0{text}\0".encode())
    return h.hexdigest()


@cache
def _entry(name: str) -> dict[str, Any] | None:
    """The shipped file of ``name``, when it is well formed and made from the inputs here."""
    if builtin.path_of(name) is None:
        return None
    try:
        data = json.loads(limits.read_limited(DATA_DIR / f"{name}.json", MAX_BYTES))
    except (limits.ReadRefused, ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return None
    chain = data.get("chain")
    if not isinstance(chain, list) or not chain or chain[-1] != name:
        return None
    if not all(isinstance(n, str) for n in chain) or data.get("inputs") != inputs_key(chain):
        return None
    return data


def parts(name: str) -> Parts | None:
    """The built-in variant ``name`` from its shipped file, as the parts of a
    :class:`~canasta_rules.variant.loaded.LoadedVariant`; None when the file cannot be used."""
    data = _entry(name)
    if data is None:
        return None
    try:
        variant = from_tagged(data["variant"])
        chain = tuple(_layer(str(n)) for n in data["chain"])
        origins = {str(k): int(v) for k, v in data["origins"].items()}
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    if not isinstance(variant, Variant) or variant.name != name:
        return None
    return variant, chain, origins


def _layer(name: str) -> Layer:
    """The layer of the built-in file ``name``: its document from its shipped file."""
    data = _entry(name)
    path = builtin.path_of(name)
    text = variant_text(name)
    if data is None or path is None or text is None or not isinstance(data.get("layer"), dict):
        raise ValueError(f"no usable shipped data for {name}")
    return Layer(f"builtin:{name}", data["layer"], text, path, builtin_name=name)
