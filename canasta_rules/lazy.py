"""Names of a package that load with the submodule defining them (PEP 562), for start-up speed.

A package whose ``__init__`` imports every submodule makes each command pay for all of them;
with :func:`lazy_names`, ``from canasta_rules.engine import Game`` loads ``engine/game.py`` when
it runs, and ``canasta ruling`` never loads the game loop. One catch is handled here: the import
system binds a loaded submodule to its package under its own name, which would hide a function
of the same name (``engine.apply``, ``notation.replay``). The package's module class keeps the
function there instead, so the name means the function however it is reached, as it did when
the package imported it at once.
"""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Callable
from typing import Any


def lazy_names(package: str, homes: dict[str, str]) -> Callable[[str], Any]:
    """The ``__getattr__`` of ``package``, which finds each name of ``homes`` (name ->
    submodule) in its submodule when first asked for; names that are also submodules' names
    stay bound to the function or class."""
    module = sys.modules[package]
    shadowed = frozenset(name for name in homes if homes[name] == name)

    class _Package(types.ModuleType):
        def __setattr__(self, name: str, value: Any) -> None:
            if name in shadowed and isinstance(value, types.ModuleType):
                value = getattr(value, name)
            super().__setattr__(name, value)

    module.__class__ = _Package

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f".{home}", package), name)
        setattr(module, name, value)
        return value

    return __getattr__
