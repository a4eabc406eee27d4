"""The TOML key locator: the line of every key path, whatever TOML syntax wrote it."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from canasta_rules.variant import builtin
from canasta_rules.variant.tomlpos import MAX_PARTS, dotted, key_lines, line_of
from canasta_rules.variant.tomlpos import Path as KeyPath


def _paths(node: Any, prefix: KeyPath = ()) -> Iterator[KeyPath]:
    """Every key path tomllib sees in a document: tables, keys and array elements."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield (*prefix, k)
            yield from _paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield (*prefix, i)
            yield from _paths(v, (*prefix, i))


def _lines(text: str) -> dict[KeyPath, int]:
    tomllib.loads(text)  # every text here is valid TOML
    return key_lines(text)


def test_plain_keys_and_tables() -> None:
    text = "a = 1\n\n[melds]\n# a comment\nmax_wild = 2\nmin_size = 3 # trailing\n"
    lines = _lines(text)
    assert lines[("a",)] == 1
    assert lines[("melds",)] == 3
    assert lines[("melds", "max_wild")] == 5
    assert lines[("melds", "min_size")] == 6


def test_dotted_keys_record_each_prefix() -> None:
    lines = _lines('x = 0\ngoing_out.permission.kind = "ask"\n')
    assert lines[("going_out",)] == 2
    assert lines[("going_out", "permission")] == 2
    assert lines[("going_out", "permission", "kind")] == 2


def test_quoted_keys_are_unescaped_like_tomllib() -> None:
    text = (
        "[provenance]\n"
        '"melds.max_wild" = { sources = ["001"], note = "x" }\n'
        "'deck' = 1\n"
        '"a\\u0041" = 2\n'
        '[t."dotted.name".u]\n'
        "v = 1\n"
    )
    lines = _lines(text)
    assert lines[("provenance", "melds.max_wild")] == 2
    assert lines[("provenance", "melds.max_wild", "sources", 0)] == 2
    assert lines[("provenance", "deck")] == 3
    assert lines[("provenance", "aA")] == 4
    assert lines[("t", "dotted.name", "u", "v")] == 6


def test_quoted_keys_without_escapes_are_taken_as_written() -> None:
    """Quoted keys are read without tomllib unless they have escapes: a literal key keeps its
    backslash, an empty key is a key, and a basic key with an escape is still unescaped."""
    text = '\'C:\\dir\' = 1\n"" = 2\n"q\\"t" = 3\n"plain key" = 4\n'
    assert set(tomllib.loads(text)) == {"C:\\dir", "", 'q"t', "plain key"}
    lines = _lines(text)
    assert lines[("C:\\dir",)] == 1
    assert lines[("",)] == 2
    assert lines[('q"t',)] == 3
    assert lines[("plain key",)] == 4


def test_a_key_of_thousands_of_parts_is_located_by_its_first_parts() -> None:
    """A header or dotted key deeper than MAX_PARTS: its first parts are recorded (the loader's
    nesting error names the 17th), the rest of the text is not followed."""
    deep = ".".join(["t"] * 3000)
    for text in (f"a = 1\n[{deep}]\nb = 2\n", f"a = 1\n{deep} = 1\nb = 2\n"):
        lines = _lines(text)
        assert lines[("a",)] == 1
        assert lines[("t",) * 17] == 2
        assert lines[("t",) * MAX_PARTS] == 2
        assert ("t",) * (MAX_PARTS + 2) not in lines
        assert ("b",) not in lines and ("t",) * 3000 + ("b",) not in lines


def test_nested_inline_tables() -> None:
    lines = _lines("x = { y = 1, z = { w = 2, v = [3, { u = 4 }] } }\n")
    assert lines[("x", "z", "w")] == 1
    assert lines[("x", "z", "v", 1, "u")] == 1


def test_multiline_arrays_record_each_element_on_its_line() -> None:
    text = (
        "arr = [\n"
        "  1,\n"
        "  2, # a comment, with a comma and a ] bracket\n"
        '  "a, string [with] = signs # too",\n'
        "  3,\n"
        "]\n"
        "after = 1\n"
    )
    lines = _lines(text)
    assert [lines[("arr", i)] for i in range(4)] == [2, 3, 4, 5]
    assert lines[("after",)] == 7


def test_multiline_array_of_inline_tables() -> None:
    """The shape tomli_w writes for arrays of tables (and so ``variants export``)."""
    text = (
        "[initial_meld]\n"
        "tiers = [\n"
        "    { below = 0, minimum = 15 },\n"
        "\n"
        "    { below = 1500, minimum = 50 }, # a comment\n"
        "    { minimum = 120 },\n"
        "]\n"
    )
    lines = _lines(text)
    assert lines[("initial_meld", "tiers")] == 2
    assert lines[("initial_meld", "tiers", 0, "below")] == 3
    assert lines[("initial_meld", "tiers", 1)] == 5
    assert lines[("initial_meld", "tiers", 1, "minimum")] == 5
    assert lines[("initial_meld", "tiers", 2, "minimum")] == 6


def test_nested_arrays() -> None:
    text = "f = [[1, 2], [3, 4]]\ng = [ # c\n  [1,\n   2],\n  [3],\n]\n"
    lines = _lines(text)
    assert lines[("f", 1, 0)] == 1
    assert lines[("g", 0)] == 3
    assert lines[("g", 0, 1)] == 4
    assert lines[("g", 1)] == 5


def test_arrays_of_tables_count_their_elements() -> None:
    text = (
        "[[seating]]\n"
        "players = 4\n"
        "\n"
        "[[seating]]\n"
        "players = 6\n"
        "hand_size = 13\n"
        "[[ initial_meld.tiers ]] # spaced, with a comment\n"
        "minimum = 15\n"
    )
    lines = _lines(text)
    assert lines[("seating",)] == 1
    assert lines[("seating", 0)] == 1
    assert lines[("seating", 0, "players")] == 2
    assert lines[("seating", 1)] == 4
    assert lines[("seating", 1, "hand_size")] == 6
    assert lines[("initial_meld", "tiers", 0, "minimum")] == 8


def test_sub_table_of_an_array_element_belongs_to_the_last_element() -> None:
    text = "[[a]]\nm = 1\n[[a]]\nm = 2\n[a.sub]\nn = 3\n[[a.b]]\nk = 1\n[[a]]\n[[a.b]]\nk = 2\n"
    lines = _lines(text)
    assert lines[("a", 1, "sub", "n")] == 6
    assert lines[("a", 1, "b", 0, "k")] == 8
    assert lines[("a", 2, "b", 0, "k")] == 11


def test_multiline_strings_hide_what_looks_like_structure() -> None:
    text = (
        's = """\n[notaheader]\nk = 1\n"""\n'
        "lit = '''\n[[nor_this]]\n'''\n"
        'q = """ends with quotes"""""\n'
        'esc = """a \\""" b"""\n'
        "after = 5\n"
    )
    lines = _lines(text)
    assert ("notaheader",) not in lines
    assert ("nor_this",) not in lines
    assert ("k",) not in lines
    assert lines[("after",)] == 10


def test_strings_with_comment_and_equals_signs() -> None:
    lines = _lines("e = \"a # not a comment = x\"\nf = 'C:\\dir # [x]' \ng = 1\n")
    assert lines[("e",)] == 1
    assert lines[("g",)] == 3


def test_crlf_line_endings() -> None:
    lines = _lines("a = 1\r\n[t]\r\nb = [\r\n  1,\r\n  2,\r\n]\r\n")
    assert lines[("t", "b", 1)] == 5


def test_dates_and_other_scalars() -> None:
    text = "d = 1979-05-27 07:32:00Z\nx = 0x1F\ny = inf\nz = true\nw = 1_000\n"
    lines = _lines(text)
    assert [lines[(k,)] for k in "dxyzw"] == [1, 2, 3, 4, 5]


def test_bare_digit_keys_stay_strings() -> None:
    lines = _lines("[t]\n1 = 2\n")
    assert lines[("t", "1")] == 2
    assert ("t", 1) not in lines


@pytest.mark.parametrize(
    "path", sorted(builtin.variants_dir().glob("*.toml")), ids=lambda p: p.stem
)
def test_every_path_of_every_builtin_is_located(path: Path) -> None:
    """The locator finds exactly the key paths tomllib sees, in every built-in file."""
    text = path.read_text(encoding="utf-8")
    lines = key_lines(text)
    assert set(lines) == set(_paths(tomllib.loads(text)))
    n = text.count("\n") + 1
    assert all(1 <= line <= n for line in lines.values())


def test_invalid_text_gives_what_was_found_without_raising() -> None:
    lines = key_lines("a = 1\n[b\nc = 2\n")
    assert lines == {("a",): 1}
    assert key_lines('a = "unterminated\n') == {("a",): 1}


def test_line_of_falls_back_to_the_nearest_ancestor() -> None:
    lines = _lines("[melds]\nmax_wild = 2\n")
    assert line_of(lines, ("melds", "max_wild")) == 2
    assert line_of(lines, ("melds", "min_size")) == 1
    assert line_of(lines, ("deck", "decks")) is None


def test_dotted_quotes_parts_that_are_not_bare() -> None:
    assert dotted(("seating", 0, "hand_size")) == "seating.0.hand_size"
    assert dotted(("provenance", "melds.max_wild")) == 'provenance."melds.max_wild"'
    assert dotted(("a b",)) == '"a b"'
