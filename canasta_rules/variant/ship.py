"""Writing ``shipped/``, the built-in variants validated (:mod:`.shipped` reads them).

    python -m canasta_rules.variant.ship --write    # after changing a variant file or the model
    python -m canasta_rules.variant.ship --check    # exit 1 when a file is stale

Each built-in is read and validated with pydantic (:func:`.loading.validate`), exactly as a
variant file is, and written with its chain of files and the file that set each value.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from ..fileio import stale_pages, write_pages
from . import builtin, shipped
from .loading import validate
from .plain import to_data


def files() -> dict[str, str]:
    """File name -> text, for every file ``shipped/`` should hold."""
    out: dict[str, str] = {}
    for name in builtin.names():
        variant, chain, origins = validate(name)
        names = [layer.builtin_name for layer in chain]
        if None in names or names[-1] != name:
            raise SystemExit(f"{name}: a built-in variant extends something else")
        key = shipped.inputs_key([n for n in names if n is not None])
        if key is None:
            raise SystemExit(f"{name}: a file of its chain cannot be read")
        data = {
            "inputs": key,
            "format": shipped.FORMAT,
            "chain": names,
            "origins": origins,
            "layer": chain[-1].data,
            "variant": to_data(variant, tagged=True),
        }
        out[f"{name}.json"] = json.dumps(data, ensure_ascii=False, indent=0, default=_refuse) + "\n"
    return out


def _refuse(value: Any) -> Any:
    raise TypeError(f"a built-in variant holds a value JSON cannot write: {value!r}")


def stale() -> list[str]:
    """What is missing, out of date or left over in ``shipped/``, one problem a line."""
    want = files()
    problems = stale_pages(shipped.DATA_DIR, want)
    if shipped.DATA_DIR.is_dir():
        extra = sorted(p.name for p in shipped.DATA_DIR.iterdir() if p.name not in want)
        problems += [f"{shipped.DATA_DIR / n}: not a built-in variant's" for n in extra]
    return problems


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args == ["--check"]:
        problems = stale()
        for line in problems:
            print(line, file=sys.stderr)
        return 1 if problems else 0
    if args != ["--write"]:
        print("usage: python -m canasta_rules.variant.ship --write | --check", file=sys.stderr)
        return 2
    want = files()
    for p in write_pages(shipped.DATA_DIR, want):
        print(f"updated {p}")
    for p in sorted(shipped.DATA_DIR.iterdir()):
        if p.name not in want:
            p.unlink()
            print(f"removed {p}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
