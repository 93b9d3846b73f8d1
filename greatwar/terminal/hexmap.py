"""The map drawn in the terminal: each hex a small block of text in its terrain's colour,
the units in it by short designation in their side's colour, hex numbers on the edges.

Only a seat's view is drawn (:meth:`State.view`), so nothing hidden from the seat appears.
Flat-topped hexes stand in columns, every other column half a hex lower; pointy-topped
hexes in rows, every other row half a hex to the right.  Each hex is :data:`CELL` characters
wide and two lines high: the first unit in it, then the second (or ``+n`` for more).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from rich.text import Text

from greatwar import hexgrid
from greatwar.model.board import Board
from greatwar.model.loader import Scenario

#: characters a hex is wide
CELL = 6
#: hexes around the chosen one that ``map HEX`` draws
AROUND = 5

#: the character a terrain is drawn with (others: their first letter)
TERRAIN_CHARS: dict[str, str] = {
    "clear": ".",
    "forest": "f",
    "forest_hill": "F",
    "hill": "h",
    "broken": "b",
    "swamp": "s",
    "rough": "r",
    "mountain": "M",
    "city": "C",
    "town": "T",
    "lake": "~",
    "sea": "~",
    "lagoon": "~",
}


@dataclass(frozen=True)
class Spot:
    """Where a hex is drawn: its first line and first character."""

    line: int
    col: int


def terrain_char(kind: str) -> str:
    return TERRAIN_CHARS.get(kind, kind[:1] or "?")


#: words a short designation leaves out
FILLER = {"Division", "Corps", "Brigade", "Regiment", "HQ", "Infantry", "Depot", "counter"}
#: words a short designation shortens
SHORTER = {"Masking": "Mask"}
_ORDINAL = re.compile(r"^(\d+)(st|nd|rd|th)$")


def _token(word: str, first: bool) -> str:
    """A word of a unit's name in its short designation: numbers and short words whole
    (``XIX``, ``1/1``), ordinals as numbers (``35th`` 35), other words by their initial."""
    ordinal = _ORDINAL.match(word)
    if ordinal:
        return ordinal.group(1)
    if word.count("/") >= 2:
        return "/".join(word.split("/")[:2])
    if any(c.isdigit() for c in word) or (first and len(word) <= 4):
        return word
    return word[0]


def short_name(name: str, hq: bool = False) -> str:
    """A unit's short designation, at most :data:`CELL` characters: ``XIX`` (XIX Corps),
    ``35R`` (35th Reserve Division), ``70/35`` (70/35/XVII), ``*AOKN`` (AOK Nord, an HQ),
    ``SD1`` (Supply Depot 1), ``Marin`` (Marine Brigade)."""
    head = re.split(r"[(,;]", name)[0]
    prefix, colon, _ = head.partition(":")
    if colon and len(prefix) <= 5:  # "SA: Sud Armee HQ": the counter's own letters
        head = prefix.replace(" ", "")
    kept = [w for w in head.split() if w not in FILLER] or head.split()[:1] or ["?"]
    words = [SHORTER.get(w, w) for w in kept]
    if len(words) == 1 and words[0].isalpha():
        short = words[0][: CELL - 1]
    else:
        short = "".join(_token(w, n == 0) for n, w in enumerate(words))
    return (("*" if hq else "") + short)[: CELL - 1]


def spots(board: Board, hexes: list[str]) -> dict[str, Spot]:
    """Line and character of each hex, the top-left one at (0, 0)."""
    size = 1.0
    raw: dict[str, tuple[int, int]] = {}
    for label in hexes:
        x, y = hexgrid.center(board.coord[label], size, board.orientation)
        if board.orientation == "flat":  # columns 1.5 apart, half-rows sqrt(3)/2 apart
            raw[label] = (round(y / (math.sqrt(3) / 2)), round(x / 1.5) * CELL)
        else:  # rows 1.5 apart (two lines each, one between), half-columns sqrt(3)/2 apart
            raw[label] = (round(y / 1.5) * 2, round(x / (math.sqrt(3) / 2)) * CELL // 2)
    top = min(line for line, _ in raw.values())
    left = min(col for _, col in raw.values())
    return {label: Spot(line - top, col - left) for label, (line, col) in raw.items()}


class Canvas:
    """Lines of styled characters, written cell by cell."""

    def __init__(self, lines: int, width: int) -> None:
        self.chars = [[" "] * width for _ in range(lines)]
        self.styles: list[list[str]] = [[""] * width for _ in range(lines)]

    def write(self, line: int, col: int, text: str, style: str) -> None:
        row, styles = self.chars[line], self.styles[line]
        for i, char in enumerate(text):
            if 0 <= col + i < len(row):
                row[col + i] = char
                styles[col + i] = style

    def lines(self) -> list[Text]:
        out = []
        for row, styles in zip(self.chars, self.styles, strict=True):
            text = Text(no_wrap=True, overflow="crop")
            for char, style in zip(row, styles, strict=True):
                text.append(char, style=style or None)
            text.rstrip()
            out.append(text)
        return out


def _stack_lines(units: list[dict[str, Any]], hq: set[str]) -> list[dict[str, Any]]:
    """The (at most two) units or ``+n`` drawn in a hex, top to bottom."""
    shown = [{"text": short_name(u["name"], u["id"] in hq), "side": u["side"]} for u in units]
    if len(shown) > 2:
        shown = [shown[0], {"text": f"+{len(shown) - 1}", "side": shown[0]["side"]}]
    return shown


def draw(
    board: Board,
    terrain_colors: dict[str, str],
    side_colors: dict[str, str],
    units: list[dict[str, Any]],
    hq: set[str],
    around: str | None = None,
) -> list[Text]:
    """The map (or the hexes within :data:`AROUND` of ``around``) as lines of text."""
    hexes = list(board.within(around, AROUND) if around else board.hexes)
    where = spots(board, hexes)
    by_hex: dict[str, list[dict[str, Any]]] = {}
    for unit in units:
        if unit.get("status") == "on_map" and unit.get("hex") in where:
            by_hex.setdefault(unit["hex"], []).append(unit)
    margin = max(len(label) for label in hexes) + 1
    height = max(s.line for s in where.values()) + 2
    width = max(s.col for s in where.values()) + CELL
    canvas = Canvas(height + 2, 2 * margin + width)  # room for the last column's number
    _number_edges(canvas, where, margin)
    for label, spot in where.items():
        kind = board.terrain.get(label, "")
        color = terrain_colors.get(kind, "#dddddd")
        ground = f"black on {color}"
        if label == around:
            ground = f"bold black on {color} underline"
        fill = (terrain_char(kind) * CELL)[: CELL - 1] + " "
        for dy in (0, 1):
            canvas.write(spot.line + 2 + dy, margin + spot.col, fill, ground)
        for dy, shown in enumerate(_stack_lines(by_hex.get(label, []), hq)):
            style = f"bold white on {side_colors.get(shown['side'], '#444444')}"
            canvas.write(
                spot.line + 2 + dy, margin + spot.col, shown["text"].ljust(CELL - 1), style
            )
    return canvas.lines()


def _number_edges(canvas: Canvas, where: dict[str, Spot], margin: int) -> None:
    """Hex numbers: the top hex of each column above the map (on two lines, so long labels
    fit), the leftmost hex of each line in the margin."""
    top: dict[int, tuple[int, str]] = {}
    left: dict[int, tuple[int, str]] = {}
    for label, spot in where.items():
        if spot.col not in top or spot.line < top[spot.col][0]:
            top[spot.col] = (spot.line, label)
        if spot.line not in left or spot.col < left[spot.line][0]:
            left[spot.line] = (spot.col, label)
    for n, col in enumerate(sorted(top)):
        canvas.write(n % 2, margin + col, top[col][1], "dim")
    for line, (col, label) in left.items():
        if col < CELL:  # the first column (flat hexes) or either half of it (pointy)
            canvas.write(line + 2, 0, label.rjust(margin - 1), "dim")


def legend(scenario: Scenario, used: set[str]) -> Text:
    """The terrain characters and side colours of the map drawn."""
    text = Text("Terrain: ", style="dim")
    for key, kind in scenario.terrain.terrain.items():
        if key in used:
            text.append(f" {terrain_char(key)} ", style=f"black on {kind.color}")
            text.append(f" {kind.name}  ")
    text.append("\nUnits: ", style="dim")
    for side in scenario.sides:
        text.append(f" {side.name} ", style=f"bold white on {side.color}")
        text.append("  ")
    text.append("*HQ; +n: n more units in the hex (units, or map HEX for a closer look)")
    return text


def map_lines(scenario: Scenario, view: dict[str, Any], around: str | None) -> list[Text]:
    """The map of a seat's view (only the units the view shows), with its legend."""
    board = scenario.board
    hq = {uid for uid, counter in scenario.counters.items() if counter.type == "hq"}
    lines = draw(
        board,
        {key: kind.color for key, kind in scenario.terrain.terrain.items()},
        {side.id: side.color for side in scenario.sides},
        view.get("units", []),
        hq,
        around,
    )
    hexes = board.within(around, AROUND) if around else board.hexes
    return [*lines, legend(scenario, {board.terrain.get(h, "") for h in hexes})]
