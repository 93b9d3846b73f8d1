"""Where a problem or a lack is: the hexes and counters the page highlights.

A loader :class:`~greatwar.model.problems.Problem` names its file and field
(``counter[3].setup``); the field leads to the counter (and its set-up hex) or to the
map entry (a city's hex, a rail line's hex, a hexside's two hexes); hex labels and
counter ids written in the message are places too.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import tomlkit

from greatwar.editor.errors import problem
from greatwar.model.loader import Scenario, without_movement, without_strengths
from greatwar.model.problems import Problem

_INDEX = re.compile(r"\[(\d+)\]")
_SPI = re.compile(r"\b[a-z]?\d{4}\b")
_TANNENBERG = re.compile(r"\bA-?\d+ B-?\d+\b")
#: a rule case cited in a message: "(8.63)", "(serbia-galicia 25.11)", "case 6.11", "in 6.11"
_CASE = re.compile(r"(?:\(|\bcase |\bin |\brule )(?:[a-z-]+ )?(\d{1,2}\.\d{1,3}[a-z]?)\b")


def field_path(dotted: str) -> list[str | int]:
    """``counter[3].setup`` -> ``["counter", 3, "setup"]``."""
    text = _INDEX.sub(r".\1", dotted)
    return [int(p) if p.isdigit() else p for p in text.split(".") if p]


def _at(data: Any, path: list[str | int]) -> Any:
    for key in path:
        try:
            data = data[key]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def hexes_in(text: str) -> list[str]:
    """Hex labels written in a message (SPI ``0712``/``g0512``, Tannenberg ``A53 B4``)."""
    return list(dict.fromkeys(_SPI.findall(text) + _TANNENBERG.findall(text)))


def _places_of_field(data: Any, path: list[str | int]) -> tuple[list[str], list[str]]:
    """Hexes and counters of the entry a field names in a file's data."""
    if len(path) < 2 or not isinstance(path[1], int):
        return [], []
    entry = _at(data, path[:2])
    if not isinstance(entry, dict):
        return [], []
    hexes: list[str] = []
    counters: list[str] = []
    if path[0] == "counter":
        counters.append(str(entry.get("id", "")))
        if isinstance(entry.get("setup"), str):
            hexes.append(entry["setup"])
        return hexes, counters
    value = _at(data, path)
    if isinstance(value, str):
        hexes += value.split("/") if "/" in value else [value]
    elif isinstance(entry.get("hex"), str):
        hexes.append(entry["hex"])
    return hexes, counters


def problem_dict(
    p: Problem,
    base: Path,
    texts: dict[str, str],
    known_counters: set[str],
    known_hexes: set[str] | None = None,
) -> dict[str, Any]:
    """A loader Problem as the contract's Problem dict with its places."""
    try:
        rel = Path(p.file).resolve().relative_to(base.resolve()).as_posix()
    except ValueError:
        rel = p.file
    path = field_path(p.field)
    hexes: list[str] = []
    counters: list[str] = []
    if rel in texts and path:
        try:
            data = tomlkit.parse(texts[rel]).unwrap()
        except Exception:
            data = None
        if data is not None:
            hexes, counters = _places_of_field(data, path)
    # a label in the message is a place when the map has it (not a year such as 1914)
    hexes += [h for h in hexes_in(p.message) if known_hexes is None or h in known_hexes]
    counters += sorted(c for c in known_counters if c and _names(p.message, c))
    found = _CASE.search(p.message)
    case = found.group(1) if found else None
    return problem(
        p.message,
        file=rel,
        field=".".join(str(x) for x in path),
        line=p.line,
        case=case,
        hexes=list(dict.fromkeys(hexes)),
        counters=list(dict.fromkeys(counters)),
    )


def _lacking_counters(sc: Scenario, text: str) -> list[str] | None:
    """Every counter a lack about counters means (its message names only a sample)."""
    if "counters without strengths" in text:
        return without_strengths(sc.counters.values())
    if "counters without a movement allowance" in text:
        return without_movement(sc.counters.values())
    return None


def lack_dicts(sc: Scenario) -> list[dict[str, Any]]:
    """The scenario's lacks with their places (every hex, every counter, not a sample)."""
    out = []
    ids = set(sc.counters)
    for text in sc.lacks:
        hexes: list[str] = []
        counters = _lacking_counters(sc, text)
        if "hexes without terrain" in text:
            hexes = list(sc.board.unknown_terrain)
        elif counters is None:
            hexes = [h for h in hexes_in(text) if h in sc.board.coord]
            counters = [c for c in ids if _names(text, c)]
        out.append(
            {
                "message": text,
                "hexes": hexes,
                "counters": sorted(counters or []),
                "blocking": text in sc.blocking,
            }
        )
    return out


def _names(text: str, uid: str) -> bool:
    """Whether ``text`` names the counter ``uid`` (not as part of a longer id)."""
    return re.search(rf"(?<![\w-]){re.escape(uid)}(?![\w-])", text) is not None
