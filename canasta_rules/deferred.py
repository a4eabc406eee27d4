"""``dataclass``, made when the class is first instantiated rather than when it is defined.

The standard decorator writes each class's ``__init__``, ``__repr__``, ``__eq__``, ``__hash__``
and frozen ``__setattr__`` as source text and compiles it, about 0.6 ms a class; a module of many
small node classes (``notation/ast.py``, 29 of them) pays that on every start of a command,
although a ruling makes only a few kinds of node. This decorator takes the same arguments, marks
the class, and runs :func:`dataclasses.dataclass` on it in place the first time an instance is
made; from then on the class is exactly the standard dataclass (the same generated methods, at
the same speed). Until then nothing reads its fields: no code here asks a class that was never
instantiated for its fields.

``slots=True`` is refused: it needs a new class, which cannot replace one already in use. An
instance unpickled before any was made (unpickling skips ``__init__``) makes the class too.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable
from typing import Any, TypeVar, dataclass_transform, overload

T = TypeVar("T", bound=type)

_OPTIONS = "__deferred_dataclass__"
_LOCK = threading.RLock()
_FINISHED: set[type] = set()
"""Classes :func:`made` has answered, which it answers again without the lock (code that makes
instances without ``__init__`` asks for every one: ``notation.ast.unplaced_turn``)."""


@overload
def dataclass(cls: T, /) -> T: ...


@overload
def dataclass(
    *,
    init: bool = True,
    repr: bool = True,
    eq: bool = True,
    order: bool = False,
    unsafe_hash: bool = False,
    frozen: bool = False,
    match_args: bool = True,
    kw_only: bool = False,
) -> Callable[[T], T]: ...


@dataclass_transform(field_specifiers=(dataclasses.field, dataclasses.Field))
def dataclass(cls: T | None = None, /, **options: Any) -> T | Callable[[T], T]:
    """As :func:`dataclasses.dataclass` (without ``slots``), made on first instantiation."""
    if options.get("slots"):
        raise TypeError("a deferred dataclass cannot have slots: use dataclasses.dataclass")

    def wrap(c: T) -> T:
        if "__init__" in c.__dict__ or "__setstate__" in c.__dict__:
            raise TypeError(
                f"{c.__name__} defines __init__ or __setstate__: use dataclasses.dataclass"
            )
        setattr(c, _OPTIONS, options)
        c.__init__ = _first_init  # type: ignore[misc]
        c.__setstate__ = _first_setstate  # type: ignore[attr-defined]
        return c

    return wrap if cls is None else wrap(cls)


def _first_init(self: Any, *args: Any, **kwargs: Any) -> None:
    """The first instance of a deferred dataclass: make the dataclass (and any deferred base),
    then initialise the instance with the ``__init__`` it generated."""
    made(type(self))
    self.__init__(*args, **kwargs)


def _first_setstate(self: Any, state: Any) -> None:
    """An instance unpickled in a process that made none yet (unpickling skips ``__init__``):
    make the class, then restore the instance as pickle does by default."""
    made(type(self))
    if isinstance(state, tuple):  # (dict, slots), as object.__reduce_ex__ gives it
        state, slots = state
        for name, value in (slots or {}).items():
            object.__setattr__(self, name, value)
    if state:
        self.__dict__.update(state)


def made(cls: T) -> T:
    """``cls`` as a finished dataclass, whether or not an instance was made yet (for code that
    reads a class's fields before making one)."""
    if cls in _FINISHED:
        return cls
    with _LOCK:
        for c in reversed(cls.__mro__):
            options = c.__dict__.get(_OPTIONS)
            if options is not None:
                delattr(c, _OPTIONS)
                del c.__init__  # type: ignore[misc]
                del c.__setstate__  # type: ignore[attr-defined]
                dataclasses.dataclass(c, **options)
        _FINISHED.add(cls)
    return cls
