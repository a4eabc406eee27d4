"""Reading the TOML of one variant file within the limits of :mod:`canasta_rules.limits`: too
long a line, nesting too deep, an integer past 64 bits or a syntax error is a located problem.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .. import limits
from ..errors import Problem, VariantError, elide
from .layer import _lines
from .tomlpos import Path as KeyPath
from .tomlpos import dotted, line_of


def read_toml(
    path: Path, label: str, max_bytes: int = limits.MAX_VARIANT_BYTES
) -> tuple[dict[str, Any], str]:
    """The TOML document of the file at ``path`` and its text, read within the limits (a
    regular file of at most ``max_bytes``, UTF-8, lines, nesting, 64-bit integers: FIFOs and
    devices are refused before they are opened). Every refusal is a one-problem
    :class:`~canasta_rules.errors.VariantError` named ``label``, with the line where there is
    one. Variant files and tally sheets are read with it."""
    try:
        text = limits.read_limited(path, max_bytes)
    except limits.ReadRefused as e:
        raise VariantError([Problem(label, None, "", str(e))]) from None
    return _parse_toml(text, label), text


_read_toml = read_toml


def _parse_toml(text: str, label: str) -> dict[str, Any]:
    """The TOML document in ``text``, within the limits of :mod:`canasta_rules.limits`."""
    long = limits.long_line(text)
    if long is not None:
        msg = f"line too long: the limit is {limits.MAX_LINE_CHARS} characters"
        raise VariantError([Problem(label, long, "", msg)])
    try:
        data: dict[str, Any] = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        msg = str(e)
        line: int | None = getattr(e, "lineno", None)
        m = re.search(r"\(at line (\d+), column (\d+)\)", msg)
        if line is None and m:
            line = int(m.group(1))
        if line is None and "end of document" in msg:
            line = max(1, text.count("\n") + (0 if text.endswith("\n") else 1))
        msg = getattr(e, "msg", None) or re.sub(
            r"\s*\(at (line \d+, column \d+|end of document)\)", "", msg
        )
        key, said = _twice(msg, text, line)
        if said:
            raise VariantError([Problem(label, line, key, said)]) from None
        msg = elide(msg, 100)  # it may quote a whole key: ('t', 't', 't', ...)
        problem = Problem(label, line, "", f"not valid TOML: {msg[:1].lower()}{msg[1:]}")
        raise VariantError([problem]) from None
    except RecursionError:
        msg = f"nested too deeply: the limit is {limits.MAX_DEPTH} levels of tables and arrays"
        raise VariantError([Problem(label, _deepest_line(text), "", msg)]) from None
    except ValueError:  # tomllib's int() on thousands of digits
        msg = "integer too large: TOML integers are 64-bit"
        raise VariantError([Problem(label, _longest_number_line(text), "", msg)]) from None
    _check_document(data, text, label)
    return data


_HEADER = re.compile(r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$")
_ASSIGN = re.compile(r"^\s*([A-Za-z0-9_.\-\" ]+?)\s*=")


def _twice(msg: str, text: str, line: int | None) -> tuple[str, str]:
    """For tomllib's "cannot overwrite a value" and "cannot declare (...) twice": the dotted key
    written twice and a message in words ('' where the error is another)."""
    m = re.search(r"[Cc]annot declare \((.*)\) twice", msg)
    if m:
        parts = re.findall(r"'((?:[^'\\]|\\.)*)'", m.group(1))
        if parts:
            key = ".".join(parts)
            return key, "not valid TOML: this table is written twice (write each table once)"
    if "overwrite a value" not in msg or line is None:
        return "", ""
    lines = text.split("\n")
    if not 0 < line <= len(lines):
        return "", ""
    a = _ASSIGN.match(lines[line - 1])
    if a is None:
        return "", ""
    table = next(
        (h.group(1) for h in map(_HEADER.match, reversed(lines[: line - 1])) if h is not None),
        "",
    )
    name = a.group(1).replace('"', "").replace(" ", "")
    key = f"{table}.{name}" if table else name
    return key, "not valid TOML: set twice (write each key once)"


def _deepest_line(text: str) -> int:
    """The line with the most opening brackets (where a nesting error most likely is)."""
    counts = [ln.count("[") + ln.count("{") for ln in text.splitlines()] or [0]
    return counts.index(max(counts)) + 1


def _longest_number_line(text: str) -> int:
    runs = [
        max((len(m) for m in re.findall(r"[0-9_]+", ln)), default=0) for ln in text.splitlines()
    ]
    runs = runs or [0]
    return runs.index(max(runs)) + 1


def _check_document(data: Mapping[str, Any], text: str, label: str) -> None:
    """Refuse nesting deeper than :data:`~canasta_rules.limits.MAX_DEPTH` and integers outside
    TOML's 64 bits, at the key where they are, without recursion (the document may be deep)."""
    stack: list[tuple[Any, KeyPath]] = [(data, ())]
    while stack:
        node, path = stack.pop()
        if len(path) > limits.MAX_DEPTH:
            msg = f"nested too deeply: the limit is {limits.MAX_DEPTH} levels of tables and arrays"
            raise _problem_at(label, text, path[: limits.MAX_DEPTH + 1], msg)
        if isinstance(node, dict):
            stack.extend((v, (*path, k)) for k, v in reversed(node.items()))
        elif isinstance(node, list):
            stack.extend((v, (*path, i)) for i, v in reversed(list(enumerate(node))))
        elif isinstance(node, int) and not isinstance(node, bool) and abs(node) > limits.MAX_INT:
            raise _problem_at(label, text, path, "integer out of range: TOML integers are 64-bit")


def _problem_at(label: str, text: str, path: KeyPath, message: str) -> VariantError:
    line = line_of(_lines(text), path) if text else None
    return VariantError([Problem(label, line, dotted(path), message)])
