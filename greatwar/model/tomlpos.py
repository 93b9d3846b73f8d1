"""Find the line of a value in a TOML text, so error messages can point at it.

``tomllib`` gives values but not positions.  The data files are written in a
plain style (``[table]``, ``[[array]]``, ``key = value``), and for that style
a light scan finds where a validation error's location path lives.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r'^\s*("[^"]*"|\'[^\']*\'|[A-Za-z0-9_\-]+)\s*=')


def _split_dotted(name: str) -> list[str]:
    parts = re.findall(r'"[^"]*"|\'[^\']*\'|[^.\s]+', name)
    return [p.strip("\"'") for p in parts]


def _table_blocks(lines: list[str]) -> list[tuple[list[str | int], int]]:
    """Every table header as (its path with array indices, its 0-based line)."""
    blocks: list[tuple[list[str | int], int]] = [([], -1)]
    latest: dict[tuple[str | int, ...], int] = {}  # array-of-tables path -> latest index
    for i, raw in enumerate(lines):
        m = _HEADER.match(raw)
        if not m:
            continue
        keys = _split_dotted(m.group(2))
        path: list[str | int] = []
        for depth, k in enumerate(keys):
            path.append(k)
            here = tuple(path)
            last_key = depth == len(keys) - 1
            if last_key and m.group(1) == "[[":
                index = latest.get(here, -1) + 1
                latest[here] = index
                # nested arrays start again under a new element
                for other in [o for o in latest if len(o) > len(here) and o[: len(here)] == here]:
                    del latest[other]
                path.append(index)
            elif here in latest:
                path.append(latest[here])
        blocks.append((path, i))
    return blocks


def locate(text: str, loc: Sequence[str | int]) -> int | None:
    """1-based line number of the value at ``loc`` (keys and array indices), if found.

    Falls back on the nearest enclosing table or key that can be found.
    """
    lines = text.splitlines()
    blocks = _table_blocks(lines)
    want = list(loc)
    best_line: int | None = None
    best_len = -1
    for index, (path, start) in enumerate(blocks):
        if want[: len(path)] != path:
            continue
        end = blocks[index + 1][1] if index + 1 < len(blocks) else len(lines)
        line = start + 1 if start >= 0 else None
        matched = len(path)
        rest = want[len(path) :]
        if rest and isinstance(rest[0], str):
            found = _find_key(lines, start + 1, end, rest[0])
            if found is not None:
                line, matched = found, matched + 1
        if line is not None and matched > best_len:
            best_line, best_len = line, matched
    return best_line


def _find_key(lines: list[str], start: int, end: int, key: str) -> int | None:
    for i in range(start, end):
        m = _KEY.match(lines[i])
        if m and m.group(1).strip("\"'") == key:
            return i + 1
    return None
