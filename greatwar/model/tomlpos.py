"""Find the line of a value in a TOML text, so error messages can point at it.

``tomllib`` gives values but not positions.  This module scans a TOML text
for its statements (``[table]`` and ``[[array]]`` headers, ``key = value``
lines, dotted keys included) and the structure of each value (the elements of
arrays and the keys of inline tables, even when they span several lines), so
that a validation error's location path -- keys and array indices, as
pydantic reports them -- can be turned into a line number.

The scan is lenient: on text that is not valid TOML it still finds what it
can and never raises.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

_BARE = re.compile(r"[A-Za-z0-9_\-]+")
_SPACE = " \t"


@dataclass
class _Value:
    """A value's start offset and, for arrays and inline tables, its parts."""

    start: int
    items: list[_Value] | None = None  # array elements
    keys: list[tuple[tuple[str, ...], int, _Value]] | None = None  # inline table entries


@dataclass
class _Block:
    """A table (the root, ``[table]`` or an ``[[array]]`` element) and its key lines."""

    path: tuple[str | int, ...]
    start: int  # offset of the header, -1 for the root table
    keys: list[tuple[tuple[str, ...], int, _Value]] = field(default_factory=list)


@dataclass
class _Doc:
    text: str
    line_starts: list[int]
    blocks: list[_Block]

    def line(self, offset: int) -> int:
        """1-based line of a character offset."""
        return bisect_right(self.line_starts, offset)


# --- scanning -----------------------------------------------------------------------


def _skip_space(text: str, i: int, newlines: bool) -> int:
    """Skip blanks (and newlines and comments when ``newlines``)."""
    n = len(text)
    while i < n:
        ch = text[i]
        if ch in _SPACE or (newlines and ch in "\r\n"):
            i += 1
        elif newlines and ch == "#":
            i = _line_end(text, i)
        else:
            break
    return i


def _line_end(text: str, i: int) -> int:
    end = text.find("\n", i)
    return len(text) if end < 0 else end


def _string_end(text: str, i: int) -> int:
    """Offset just after the string starting at ``i``."""
    quote = text[i]
    n = len(text)
    if text.startswith(quote * 3, i):
        j = i + 3
        while j < n:
            if quote == '"' and text[j] == "\\":
                j += 2
            elif text.startswith(quote * 3, j):
                # up to two more quotes belong to the content ('''a'''' is "a'")
                extra = 0
                while extra < 2 and j + 3 < n and text[j + 3] == quote:
                    j += 1
                    extra += 1
                return j + 3
            else:
                j += 1
        return n
    j = i + 1
    while j < n and text[j] != "\n":
        if quote == '"' and text[j] == "\\":
            j += 2
            continue
        if text[j] == quote:
            return j + 1
        j += 1
    return j


def _unquote(raw: str) -> str:
    if len(raw) >= 2 and raw[0] == raw[-1] and raw[0] in "\"'":
        inner = raw[1:-1]
        if raw[0] == '"':
            inner = inner.replace('\\"', '"').replace("\\\\", "\\")
        return inner
    return raw


def _key(text: str, i: int) -> tuple[tuple[str, ...], int]:
    """Parse a (dotted) key at ``i``; return its parts and the offset after it."""
    parts: list[str] = []
    n = len(text)
    while True:
        i = _skip_space(text, i, newlines=False)
        if i >= n:
            break
        if text[i] in "\"'":
            end = _string_end(text, i)
            parts.append(_unquote(text[i:end]))
            i = end
        else:
            m = _BARE.match(text, i)
            if not m:
                break
            parts.append(m.group(0))
            i = m.end()
        j = _skip_space(text, i, newlines=False)
        if j < n and text[j] == ".":
            i = j + 1
            continue
        i = j
        break
    return tuple(parts), i


def _value(text: str, i: int, depth: int = 0) -> tuple[_Value, int]:
    """Parse the value at ``i``; return it and the offset after it."""
    n = len(text)
    node = _Value(i)
    if i >= n or depth > 100:
        return node, n
    ch = text[i]
    if ch == "[":
        node.items = []
        i += 1
        while i < n:
            i = _skip_space(text, i, newlines=True)
            if i >= n or text[i] == "]":
                return node, min(i + 1, n)
            if text[i] == ",":
                i += 1
                continue
            item, after = _value(text, i, depth + 1)
            node.items.append(item)
            i = max(after, i + 1)
        return node, n
    if ch == "{":
        node.keys = []
        i += 1
        while i < n:
            i = _skip_space(text, i, newlines=True)
            if i >= n or text[i] == "}":
                return node, min(i + 1, n)
            if text[i] == ",":
                i += 1
                continue
            key_start = i
            parts, i = _key(text, i)
            i = _skip_space(text, i, newlines=False)
            if not parts or i >= n or text[i] != "=":
                return node, _line_end(text, i)
            i = _skip_space(text, i + 1, newlines=False)
            value, after = _value(text, i, depth + 1)
            node.keys.append((parts, key_start, value))
            i = max(after, i + 1)
        return node, n
    if ch in "\"'":
        return node, _string_end(text, i)
    # a scalar: number, boolean, date
    j = i
    while j < n and text[j] not in ",]}\n#":
        j += 1
    return node, max(j, i + 1)


@lru_cache(maxsize=16)
def _scan(text: str) -> _Doc:
    line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
    root = _Block((), -1)
    blocks = [root]
    current = root
    latest: dict[tuple[str | int, ...], int] = {}  # array-of-tables path -> latest index
    n = len(text)
    i = 0
    while i < n:
        i = _skip_space(text, i, newlines=True)
        if i >= n:
            break
        if text[i] == "[":
            double = text.startswith("[[", i)
            keys, after = _key(text, i + (2 if double else 1))
            path: list[str | int] = []
            for depth, k in enumerate(keys):
                path.append(k)
                here = tuple(path)
                if depth == len(keys) - 1 and double:
                    index = latest.get(here, -1) + 1
                    latest[here] = index
                    # arrays nested in the previous element start again
                    for other in [
                        o for o in latest if len(o) > len(here) and o[: len(here)] == here
                    ]:
                        del latest[other]
                    path.append(index)
                elif here in latest:
                    path.append(latest[here])
            current = _Block(tuple(path), i)
            blocks.append(current)
            i = _line_end(text, after)
            continue
        parts, after = _key(text, i)
        j = _skip_space(text, after, newlines=False)
        if parts and j < n and text[j] == "=":
            start = _skip_space(text, j + 1, newlines=False)
            value, end = _value(text, start)
            current.keys.append((parts, i, value))
            i = _line_end(text, max(end, start))
        else:
            i = _line_end(text, i + 1)
    return _Doc(text, line_starts, blocks)


# --- locating -------------------------------------------------------------------------


def _descend(
    doc: _Doc, value: _Value, rest: Sequence[str | int], line: int
) -> tuple[int, int, _Value | None]:
    """Follow ``rest`` into an array or inline table: (line, parts matched, value reached)."""
    matched = 0
    while matched < len(rest):
        part = rest[matched]
        if isinstance(part, int) and value.items is not None and 0 <= part < len(value.items):
            value = value.items[part]
            line = doc.line(value.start)
            matched += 1
            continue
        if isinstance(part, str) and value.keys is not None:
            hit = _match_keys(value.keys, rest[matched:])
            if hit is not None:
                parts, offset, inner, count = hit
                line = doc.line(offset)
                matched += count
                if count < len(parts):
                    return line, matched, None
                value = inner
                continue
        break
    return line, matched, value


def _match_keys(
    keys: list[tuple[tuple[str, ...], int, _Value]], rest: Sequence[str | int]
) -> tuple[tuple[str, ...], int, _Value, int] | None:
    """The first key whose parts start ``rest`` (or that ``rest`` starts), and how many match."""
    for parts, offset, value in keys:
        k = len(parts)
        if tuple(rest[:k]) == parts:
            return parts, offset, value, k
        if len(rest) < k and parts[: len(rest)] == tuple(rest):
            return parts, offset, value, len(rest)
    return None


def locate(text: str, loc: Sequence[str | int]) -> int | None:
    """1-based line number of the value at ``loc`` (keys and array indices), if found.

    An array element or a key of an inline table is found on its own line
    when the value spans several.  Falls back on the nearest enclosing table
    or key that can be found, and, for a path that names a whole table or
    array of tables, on its first header.
    """
    if not text:
        return None
    doc = _scan(text)
    want = tuple(loc)
    best_line: int | None = None
    best_len = 0
    for block in doc.blocks:
        size = len(block.path)
        if want[:size] != block.path:
            continue
        line = doc.line(block.start) if block.start >= 0 else None
        matched = size
        rest = want[size:]
        if rest and isinstance(rest[0], str):
            hit = _match_keys(block.keys, rest)
            if hit is not None:
                parts, offset, value, count = hit
                line, matched = doc.line(offset), size + count
                if count == len(parts):
                    line, extra, _ = _descend(doc, value, rest[count:], line)
                    matched += extra
        if line is not None and matched > best_len:
            best_line, best_len = line, matched
    if best_line is None and want:
        # the path names a table (or array of tables) that only has sub-headers
        for block in doc.blocks:
            if block.start >= 0 and block.path[: len(want)] == want:
                return doc.line(block.start)
    return best_line


def string_first_line(text: str, loc: Sequence[str | int]) -> int | None:
    """1-based line where the content of the string at ``loc`` begins.

    For a multi-line string that opens with a newline (``grid = \"\"\"`` then
    the rows), that is the line after the key, since TOML drops that newline.
    """
    if not text:
        return None
    doc = _scan(text)
    want = tuple(loc)
    for block in doc.blocks:
        size = len(block.path)
        if want[:size] != block.path or len(want) == size:
            continue
        hit = _match_keys(block.keys, want[size:])
        if hit is None:
            continue
        parts, offset, value, count = hit
        if count != len(parts):
            continue
        _, extra, reached = _descend(doc, value, want[size + count :], doc.line(offset))
        if reached is None or size + count + extra != len(want):
            continue
        start = reached.start
        line = doc.line(start)
        if text.startswith(('"""', "'''"), start):
            after = start + 3
            if text.startswith("\n", after) or text.startswith("\r\n", after):
                line += 1
        return line
    return None


def statement_lines(text: str) -> list[int]:
    """1-based lines on which the headers and ``key = value`` statements begin, in order."""
    doc = _scan(text)
    lines = {doc.line(b.start) for b in doc.blocks if b.start >= 0}
    lines.update(doc.line(offset) for b in doc.blocks for _, offset, _ in b.keys)
    return sorted(lines)
