"""Hostile and careless input: every bad file, record or override gets the project's own located
error, naming the limit it broke (issue 14, point 1), on one short line (point 3)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from canasta_rules import limits
from canasta_rules.errors import CanastaError, NotationError, VariantError
from canasta_rules.notation import parse, read, replay
from canasta_rules.variant import load
from canasta_rules.variant.compare import show_value

EXAMPLES = Path(__file__).parent.parent / "docs" / "examples"


def variant_problem(
    tmp_path: Path, text: str | bytes, name: str = "v.toml"
) -> tuple[int | None, str, str]:
    f = tmp_path / name
    if isinstance(text, bytes):
        f.write_bytes(text)
    else:
        f.write_text(text, encoding="utf-8")
    with pytest.raises(VariantError) as e:
        load(f)
    [p] = e.value.problems
    assert p.file == str(f)
    assert "\n" not in str(p) and len(str(p)) <= 200, str(p)
    return (p.line, p.key, p.message)


# ------------------------------------------------------------------------------ variant files


def test_deeply_nested_arrays_are_refused_at_their_line(tmp_path: Path) -> None:
    text = 'extends = "classic"\n# deep\nseating = ' + "[" * 3000 + "]" * 3000 + "\n"
    line, key, msg = variant_problem(tmp_path, text)
    assert (line, key) == (3, "")
    assert msg == "nested too deeply: the limit is 16 levels of tables and arrays"


def test_deep_arrays_that_tomllib_can_read_are_refused_at_their_key(tmp_path: Path) -> None:
    text = 'extends = "classic"\n[melds]\nmax_wild = ' + "[" * 30 + "]" * 30 + "\n"
    line, key, msg = variant_problem(tmp_path, text)
    assert (line, msg.split(":")[0]) == (3, "nested too deeply")
    assert key.startswith("melds.max_wild.0.0.")


def test_deep_table_headers_are_refused(tmp_path: Path) -> None:
    header = ".".join(["t"] * 3000)
    line, key, msg = variant_problem(tmp_path, f'extends = "classic"\n\n[{header}]\nx = 1\n')
    assert line == 3
    assert key == ".".join(["t"] * 17)
    assert msg.startswith("nested too deeply")


def test_integer_with_thousands_of_digits(tmp_path: Path) -> None:
    text = 'extends = "classic"\n[game]\ntarget = ' + "9" * 5000 + "\n"
    assert variant_problem(tmp_path, text) == (3, "", "integer too large: TOML integers are 64-bit")


def test_integer_beyond_64_bits(tmp_path: Path) -> None:
    text = f'extends = "classic"\n[game]\ntarget = {2**64}\n'
    assert variant_problem(tmp_path, text) == (
        3,
        "game.target",
        "integer out of range: TOML integers are 64-bit",
    )


def test_nan_and_infinity_are_type_errors(tmp_path: Path) -> None:
    for value in ("nan", "inf", "-inf"):
        line, key, msg = variant_problem(
            tmp_path, f'extends = "classic"\n[game]\ntarget = {value}\n'
        )
        assert (line, key) == (3, "game.target")
        assert msg == f"must be a whole number, got {value}"


def test_long_line(tmp_path: Path) -> None:
    text = 'extends = "classic"\n# ' + "x" * limits.MAX_LINE_CHARS + "\n"
    msg = f"line too long: the limit is {limits.MAX_LINE_CHARS} characters"
    assert variant_problem(tmp_path, text) == (2, "", msg)


def test_file_too_large(tmp_path: Path) -> None:
    text = 'extends = "classic"\n' + ("# padding\n" * (limits.MAX_VARIANT_BYTES // 10 + 1))
    line, key, msg = variant_problem(tmp_path, text)
    assert (line, key) == (None, "")
    assert msg.startswith("file too large: ") and msg.endswith(f"the limit is {1 << 20}")


def test_not_utf8(tmp_path: Path) -> None:
    line, _, msg = variant_problem(tmp_path, b'extends = "classic"\n# caf\xe9\n')
    assert (line, msg) == (None, "not UTF-8 text (byte 25)")


def test_a_device_is_refused_without_reading() -> None:
    with pytest.raises(VariantError) as e:
        load("/dev/zero")
    assert str(e.value) == "/dev/zero: is a character device, not a regular file"


def test_a_fifo_is_refused_without_opening(tmp_path: Path) -> None:
    fifo = tmp_path / "v.toml"
    os.mkfifo(fifo)
    with pytest.raises(VariantError) as e:
        load(fifo)  # opening it would wait for a writer
    assert str(e.value) == f"{fifo}: is a FIFO, not a regular file"


def test_long_values_are_shortened_in_messages(tmp_path: Path) -> None:
    text = 'extends = "classic"\n[game]\ntarget = "' + "x" * 5000 + '"\n'
    line, key, msg = variant_problem(tmp_path, text)
    assert (line, key) == (3, "game.target")
    # both ends show, around an ellipsis: the closing quote tells the value was a string
    shown = '"' + "x" * 14 + "\u2026" + "x" * 13 + '"'
    assert msg == f"must be a whole number, got {shown} (5002 characters)"


@pytest.mark.parametrize(
    ("item", "message"),
    [
        ("game.target=" + "9" * 10_001, "value too long: the limit is 10000"),
        ("game.target=" + "9" * 4400, "integer too large: TOML integers are 64-bit"),
        (f"game.target={2**70}", "integer out of range: TOML integers are 64-bit"),
        ("game.target=" + "[" * 3000, "value nested too deeply: the limit is 16"),
        ("seating." + "9" * 5000 + ".players=2", "array index too large"),
        ("a" + ".a" * 40 + "=1", "key nested too deeply: the limit is 16"),
    ],
)
def test_hostile_set_overrides(item: str, message: str) -> None:
    with pytest.raises(VariantError) as e:
        load("classic", [item])
    [p] = e.value.problems
    assert p.file == "--set"
    assert p.message.startswith(message), p.message
    assert len(str(p)) <= 200


def test_show_value_of_a_huge_integer() -> None:
    assert show_value(10**5000) == "<an integer of about 5000 digits>"
    assert show_value(-(10**5000)) == "-<an integer of about 5000 digits>"


# ------------------------------------------------------------------------------ notation


def notation_error(text: str) -> NotationError:
    with pytest.raises(NotationError) as e:
        parse(text, "x.can")
    assert len(str(e.value)) <= 200 and "\n" not in str(e.value)
    return e.value


@pytest.mark.parametrize(
    ("text", "line", "column"),
    [
        ("hand " + "1" * 5000 + "\n", 1, 6),
        ('[Seed "1"]\nhand 1 dealer N\nstock ' + "9" * 20 + "\n", 3, 7),
        ('[Seed "1"]\nhand 1 dealer N\nscore NS 1 EW -' + "9" * 4400 + "\n", 3, 15),
    ],
)
def test_numbers_with_too_many_digits(text: str, line: int, column: int) -> None:
    e = notation_error(text)
    assert (e.line, e.column) == (line, column)
    assert e.message.startswith("number too long: ") and e.message.endswith("the limit is 9")


def test_seed_too_long() -> None:
    e = notation_error("hand 1 seed " + "7" * 100 + "\n")
    assert (e.line, e.column, e.message) == (
        1,
        13,
        "seed too long: 100 characters, the limit is 40",
    )


def test_line_too_long() -> None:
    e = notation_error('[Event "x"]\n# ' + "x" * limits.MAX_LINE_CHARS + "\n")
    assert (e.line, e.message) == (2, "line too long: 10002 characters, the limit is 10000")


def test_too_many_hands() -> None:
    text = "".join(f"hand {i + 1} seed 1\n" for i in range(limits.MAX_HANDS + 1))
    e = notation_error(text)
    assert (e.line, e.message) == (1001, "too many hands: the limit is 1000 in one record")


def test_too_many_turns() -> None:
    text = "hand 1 dealer N\n" + "N draw\n" * (limits.MAX_TURNS + 1)
    e = notation_error(text)
    assert (e.line, e.message) == (10_002, "too many turns in one hand: the limit is 10000")


def test_long_words_are_shortened_in_syntax_errors() -> None:
    e = notation_error("hand 1 dealer N\nN draw " + "x" * 3000 + "\n")
    assert e.line == 2
    assert "(3000 characters)" in e.message


def test_record_naming_a_device_as_its_variant(monkeypatch: pytest.MonkeyPatch) -> None:
    doc = parse('[Variant "/dev/zero"]\nhand 1 seed 1\n', "x.can")
    with pytest.raises(NotationError) as n:
        replay(doc)
    assert str(n.value) == "x.can:1:1: '/dev/zero' is an absolute path; see --allow-extends"
    monkeypatch.setenv("CANASTA_ALLOW_EXTENDS", "/dev")
    with pytest.raises(VariantError) as e:
        replay(doc)
    assert str(e.value) == "/dev/zero: is a character device, not a regular file"


def test_reading_a_fifo_or_a_device_as_a_record(tmp_path: Path) -> None:
    fifo = tmp_path / "r.can"
    os.mkfifo(fifo)
    with pytest.raises(NotationError) as e:
        read(str(fifo))
    assert str(e.value) == f"{fifo}: is a FIFO, not a regular file"
    with pytest.raises(NotationError) as e:
        read("/dev/zero")
    assert str(e.value) == "/dev/zero: is a character device, not a regular file"


def test_non_utf8_record(tmp_path: Path) -> None:
    f = tmp_path / "r.can"
    f.write_bytes(b'[Event "\xff"]\n')
    with pytest.raises(CanastaError) as e:
        read(str(f))
    assert str(e.value) == f"{f}: not UTF-8 text (byte 8)"


def test_control_characters_in_names_are_shown_escaped() -> None:
    doc = parse('[Variant "a\x00b.toml"]\n[Seed "1"]\nhand 1\n', "x.can")
    with pytest.raises(NotationError) as e:
        replay(doc)
    assert str(e.value) == "x.can:1:1: path too long or not a file name: 'a\\x00b.toml'"
