"""Fuzzing the readers (issue 14, point 4): mutated real records and variant files, random text,
and the corpus of former crashes. Derandomized (tests/conftest.py) with a modest budget; the long
run is ``python bench/fuzz.py --minutes N``."""

from __future__ import annotations

import os
import random
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from canasta_rules.errors import MESSAGE_TARGET
from canasta_rules.fuzz import (
    RECORD_MUTATIONS,
    VARIANT_MUTATIONS,
    Outcome,
    mutate,
    random_text,
    seed_records,
    seed_variants,
    try_record,
    try_variant,
)

CORPUS = Path(__file__).parent / "fuzz" / "corpus"
EXAMPLES = Path(__file__).parent.parent / "docs" / "examples"
RECORDS = seed_records(EXAMPLES)
VARIANTS = seed_variants(EXAMPLES)


@pytest.fixture(scope="module")
def folder() -> Iterator[Path]:
    """A folder with a short name, as bench/fuzz.py uses (/dev/shm/tmpXXXXXXXX): messages are
    written to fit in 200 characters with a file name of ordinary length, and pytest's own
    temporary folders have long ones."""
    base = "/tmp" if os.path.isdir("/tmp") else None
    with tempfile.TemporaryDirectory(prefix="fz", dir=base) as tmp:
        d = Path(tmp)
        (d / "secret.toml").write_text('name = "secret"\n')
        yield d


def assert_answered(out: Outcome) -> None:
    """The project's own answer: accepted, or rejected on lines with a location, each one line
    of at most 200 characters (issue 14, point 2)."""
    assert out.kind != "crashed", out.detail
    assert out.flaws == (), (out.flaws, out.flawed_lines)
    for line in out.detail.splitlines():
        assert len(line) <= MESSAGE_TARGET


@settings(max_examples=120)
@given(st.sampled_from(RECORDS), st.randoms(use_true_random=False))
def test_mutated_records(folder: Path, seed: tuple[str, str], rng: random.Random) -> None:
    kind, text = seed
    assert_answered(try_record(kind, mutate(rng, text, RECORD_MUTATIONS), folder))


@settings(max_examples=80)
@given(st.sampled_from(VARIANTS), st.randoms(use_true_random=False))
def test_mutated_variant_files(folder: Path, text: str, rng: random.Random) -> None:
    assert_answered(try_variant(mutate(rng, text, VARIANT_MUTATIONS), folder))


@settings(max_examples=40)
@given(st.randoms(use_true_random=False), st.sampled_from(["record", "position", "variant"]))
def test_random_text(folder: Path, rng: random.Random, kind: str) -> None:
    text = random_text(rng)
    out = try_variant(text, folder) if kind == "variant" else try_record(kind, text, folder)
    assert_answered(out)


def test_the_harness_tells_a_crash_from_a_rejection(folder: Path) -> None:
    """The fuzz tests would pass vacuously if every input came back 'rejected'."""
    kind, text = next(r for r in RECORDS if r[0] == "record")
    assert try_record(kind, text, folder).kind == "accepted"
    assert try_record(kind, "hand x\n", folder).kind == "rejected"
    assert try_variant('extends = "classic"\n', folder).kind == "accepted"
    out = try_variant('extends = "classic"\n[game]\ntarget = "x"\n', folder)
    assert (out.kind, out.flaws) == ("rejected", ())
    assert "v.toml:3: game.target: must be an integer" in out.detail


@pytest.mark.parametrize(
    "path",
    sorted([*CORPUS.rglob("*.toml"), *CORPUS.rglob("*.can"), *CORPUS.rglob("*.pos")]),
    ids=lambda p: f"{p.parent.name}/{p.name}",
)
def test_corpus_of_former_crashes(path: Path, folder: Path) -> None:
    text = path.read_text()
    expect = text.split("\n", 1)[0].removeprefix("# expect: ")
    sub = folder / path.stem  # each in a folder of its own, as a file would be
    sub.mkdir(exist_ok=True)
    is_variant = path.suffix == ".toml"
    kind = "position" if path.suffix == ".pos" else "record"
    out = try_variant(text, sub) if is_variant else try_record(kind, text, sub)
    assert out.kind == "rejected", out.detail
    assert expect in out.detail
    assert out.flaws == (), out.flaws


def test_a_wrong_type_at_every_key_is_reported_at_that_line(folder: Path) -> None:
    """Every value of classic.toml in turn replaced by a date, a type no parameter takes: each is
    rejected at its own line, with the project's error."""
    text = (Path(__file__).parent.parent / "variants" / "classic.toml").read_text()
    lines = text.split("\n")
    tried = 0
    table, table_line = "", 0
    for i, ln in enumerate(lines):
        if ln.startswith("["):
            table, table_line = ln, i + 1
        if table == "[provenance]" or "=" not in ln or ln.lstrip().startswith("#"):
            continue
        if ln.rstrip().endswith(("[", "{", '"""')):
            continue  # a value spread over several lines
        key = ln.split("=", 1)[0]
        if key.strip() in ("name", "title", "summary"):
            continue  # descriptive strings take any text: a date is still refused, elsewhere
        bad = "\n".join([*lines[:i], f"{key}= 1979-05-27", *lines[i + 1 :]])
        out = try_variant(bad, folder)
        assert out.kind == "rejected", (ln, out.detail)
        assert out.flaws == ()
        # an unknown kind is reported at its table (tests/test_variant_files.py, test_unknown_kind)
        where = table_line if key.strip() == "kind" else i + 1
        assert f"v.toml:{where}:" in out.detail, (ln, out.detail)
        tried += 1
    assert tried > 40
