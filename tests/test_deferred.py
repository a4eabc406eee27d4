"""canasta_rules/deferred.py: a dataclass made on first instantiation, then the standard one."""

from __future__ import annotations

import dataclasses

import pytest

from canasta_rules.deferred import dataclass, made
from canasta_rules.notation import ast as A


def test_a_class_becomes_the_standard_dataclass_when_first_made() -> None:
    @dataclass(frozen=True)
    class Point:
        x: int
        y: int = 0
        tags: tuple[str, ...] = dataclasses.field(default_factory=tuple)

    assert not dataclasses.is_dataclass(Point)  # nothing generated yet
    p = Point(1)
    assert dataclasses.is_dataclass(Point) and "__deferred_dataclass__" not in vars(Point)
    assert p == Point(1, 0, ()) and hash(p) == hash(Point(1)) and p != Point(2)
    assert repr(p).endswith("Point(x=1, y=0, tags=())")
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.x = 2  # type: ignore[misc]
    assert dataclasses.replace(p, y=3) == Point(1, 3)
    with pytest.raises(TypeError):
        Point()  # type: ignore[call-arg]  # the generated __init__ checks its arguments


def test_made_gives_the_fields_before_any_instance() -> None:
    @dataclass
    class Box:
        size: int

    assert [f.name for f in dataclasses.fields(made(Box))] == ["size"]
    box = Box(3)
    box.size = 4  # not frozen
    assert box == Box(4)


def test_slots_and_an_own_init_are_refused() -> None:
    with pytest.raises(TypeError):
        dataclass(slots=True)  # type: ignore[call-overload]
    with pytest.raises(TypeError):

        @dataclass
        class Own:
            def __init__(self) -> None:
                pass


def test_the_notation_nodes_are_the_dataclasses_they_were() -> None:
    node = A.Where(3, 4)
    assert node == A.Where(3, 4, 0) and dataclasses.fields(node)[2].name == "end_column"
    # Plain, not frozen: a record makes several for each line, and a frozen dataclass sets each
    # field through object.__setattr__, about three times the cost (docs/architecture.md).
    assert type(node).__dataclass_params__.eq
    assert not type(node).__dataclass_params__.frozen
    assert made(A.Document) is A.Document and dataclasses.is_dataclass(A.Document)


def test_an_instance_unpickled_first_makes_its_class() -> None:
    """In a process that made no instance yet, unpickling one (which skips __init__) makes the
    class, so it compares and prints as the dataclass it is."""
    import pickle
    import subprocess
    import sys

    data = pickle.dumps(A.Where(5, 1, 9))
    code = (
        "import pickle, sys, dataclasses\n"
        "from canasta_rules.notation import ast as A\n"
        "w = pickle.loads(sys.stdin.buffer.read())\n"
        "assert dataclasses.is_dataclass(A.Where)\n"
        "print(repr(w), w == A.Where(5, 1, 9))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], input=data, capture_output=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode().split() == ["Where(line=5,", "column=1,", "end_column=9)", "True"]
