"""Line numbers of keys in a TOML document, for error messages.

``tomllib`` parses TOML but keeps no positions, and no maintained TOML library reports the line of
a key, so this module scans the text for table headers and ``key = value`` lines and records where
each key path starts. It only has to be right about where things are, never about what they mean:
the values always come from ``tomllib``.
"""

from __future__ import annotations

import re

Path = tuple[str | int, ...]

_HEADER = re.compile(r"^\s*(\[\[?)\s*(.+?)\s*(\]\]?)\s*(#.*)?$")
_BARE = re.compile(r"[A-Za-z0-9_-]+")


def _split_key(text: str) -> tuple[str, ...] | None:
    """Split a dotted TOML key (``a."b.c".d``) into its parts; None if it is not a key."""
    parts: list[str] = []
    i, n = 0, len(text)
    while i < n:
        while i < n and text[i] in " \t":
            i += 1
        if i >= n:
            return None
        if text[i] in "\"'":
            q = text[i]
            j = text.find(q, i + 1)
            if j < 0:
                return None
            parts.append(text[i + 1 : j])
            i = j + 1
        else:
            m = _BARE.match(text, i)
            if not m:
                return None
            parts.append(m.group(0))
            i = m.end()
        while i < n and text[i] in " \t":
            i += 1
        if i < n:
            if text[i] != ".":
                return None
            i += 1
    return tuple(parts) if parts else None


def _key_and_rest(line: str) -> tuple[tuple[str, ...], str] | None:
    """For ``key = value`` return the key parts and the value text."""
    in_q: str | None = None
    for i, ch in enumerate(line):
        if in_q:
            if ch == in_q:
                in_q = None
        elif ch in "\"'":
            in_q = ch
        elif ch == "=":
            key = _split_key(line[:i])
            return (key, line[i + 1 :]) if key else None
        elif ch == "#":
            return None
    return None


def _inline_keys(value: str, base: Path, line: int, out: dict[Path, int]) -> None:
    """Record keys inside inline tables and arrays on one line (``{ a = 1, b = [{c = 2}] }``)."""
    stack: list[Path] = []
    counters: list[int] = []
    cur: Path = base
    i, n = 0, len(value)
    token_start = 0
    while i < n:
        ch = value[i]
        if ch in "\"'":
            j = value.find(ch, i + 1)
            i = n if j < 0 else j + 1
            continue
        if ch == "#":
            break
        if ch == "{":
            if counters:
                cur = (*stack[-1], counters[-1])
            stack.append(cur)
            counters.append(-1)
            counters[-1] = -2  # marks a table (not an array)
            token_start = i + 1
        elif ch == "[":
            stack.append(cur)
            counters.append(0)
            out.setdefault((*cur, 0), line)
            token_start = i + 1
        elif ch in "}]":
            if stack:
                cur = stack.pop()
                counters.pop()
        elif ch == "," and counters and counters[-1] >= 0:
            counters[-1] += 1
            out.setdefault((*stack[-1], counters[-1]), line)
        elif ch == "=" and counters and counters[-1] == -2:
            key = _split_key(value[token_start:i].split(",")[-1].strip("{ \t"))
            if key:
                cur = (*stack[-1], *key)
                out.setdefault(cur, line)
        if ch in "{,":
            token_start = i + 1
        i += 1


def key_lines(text: str) -> dict[Path, int]:
    """Map every key path in ``text`` to the 1-based line where it is defined."""
    out: dict[Path, int] = {}
    table: Path = ()
    array_counts: dict[tuple[str, ...], int] = {}
    in_multiline: str | None = None
    depth = 0
    array_base: Path = ()
    array_index = 0
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw
        if in_multiline:
            if in_multiline in line:
                in_multiline = None
            continue
        if depth > 0:
            # Inside a multi-line array: count its elements.
            for ch in line:
                if ch == "[" or ch == "{":
                    if depth == 1 and ch == "{":
                        out.setdefault((*array_base, array_index), lineno)
                    depth += 1
                elif ch == "]" or ch == "}":
                    depth -= 1
                elif ch == "," and depth == 1:
                    array_index += 1
                elif ch == "#":
                    break
            continue
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        m = _HEADER.match(line)
        if m and not _key_and_rest(line):
            key = _split_key(m.group(2))
            if key is None:
                continue
            if m.group(1) == "[[":
                idx = array_counts.get(key, 0)
                array_counts[key] = idx + 1
                out.setdefault(key, lineno)
                table = (*key, idx)
            else:
                table = key
            out.setdefault(table, lineno)
            continue
        kv = _key_and_rest(line)
        if kv is None:
            continue
        key, rest = kv
        path = (*table, *key)
        out.setdefault(path, lineno)
        for k in range(1, len(key)):
            out.setdefault((*table, *key[:k]), lineno)
        value = rest.strip()
        for q in ('"""', "'''"):
            if value.startswith(q) and value.count(q) == 1:
                in_multiline = q
        if value.startswith("["):
            opened = value.count("[") + value.count("{")
            closed = value.count("]") + value.count("}")
            if opened > closed:
                depth = opened - closed
                array_base = path
                array_index = 0
                if "{" in value:
                    out.setdefault((*path, 0), lineno)
                continue
        _inline_keys(value, path, lineno, out)
    return out


def line_of(lines: dict[Path, int], path: Path) -> int | None:
    """The line of ``path``, or of its nearest ancestor that appears in the text."""
    for k in range(len(path), 0, -1):
        if path[:k] in lines:
            return lines[path[:k]]
    return None


def dotted(path: Path) -> str:
    """A key path as a dotted key: ``seating.0.hand_size``, ``provenance."melds.max_wild"``."""
    parts = []
    for p in path:
        s = str(p)
        parts.append(f'"{s}"' if isinstance(p, str) and not _BARE.fullmatch(s) else s)
    return ".".join(parts)
