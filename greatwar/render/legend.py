"""The legend beside the map: the terrain, hexside features, lines, places and
counter types this scenario uses, each with a sample drawn by its own layer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from greatwar.render.borders import national_border_sides
from greatwar.render.edges import entry_marker, supply_marker
from greatwar.render.geometry import Geometry
from greatwar.render.hexsides import border_marks, hexside_marks, side_color, side_name, side_rank
from greatwar.render.lines import rail_marks, road_marks
from greatwar.render.places import city_marker, fortress_sample
from greatwar.render.svg import el, group, num, text, text_width
from greatwar.render.symbols import TYPE_NAMES, unit_symbol
from greatwar.render.terrain import GRID_COLOR, TERRAIN_PATTERNS, UNKNOWN_FILL
from greatwar.render.trenches import trench_marks

if TYPE_CHECKING:
    from greatwar.model.loader import Scenario


@dataclass
class _LegendWriter:
    """Rows of the legend, stacked downwards."""

    size: float
    y: float = 0.0
    width: float = 0.0

    def __post_init__(self) -> None:
        self.out: list[str] = []
        self.row = 0.62 * self.size
        self.font = 0.36 * self.size
        self.swatch_w = 0.9 * self.size

    def heading(self, words: str) -> None:
        """A bold heading above a group of rows."""
        self.y += 0.35 * self.size if self.out else 0.0
        self.y += self.font * 1.3
        self.out.append(
            text(0, self.y, words, font_size=self.font * 1.05, font_weight="bold", fill="#222")
        )
        self.width = max(self.width, text_width(words, self.font * 1.05))
        self.y += 0.2 * self.size

    def item(self, sample: str, words: str) -> None:
        """One row: a sample drawn in a box at (0, top) of ``swatch_w`` x ``row``, then words."""
        top = self.y
        self.out.append(group({"transform": f"translate(0,{num(top)})"}, [sample]))
        tx = self.swatch_w + 0.25 * self.size
        self.out.append(
            text(
                tx, top + self.row * 0.5 + self.font * 0.35, words, font_size=self.font, fill="#222"
            )
        )
        self.width = max(self.width, tx + text_width(words, self.font))
        self.y += self.row + 0.08 * self.size

    def note(self, words: str) -> None:
        """A line of small print under the rows."""
        self.y += self.font * 1.25
        self.out.append(text(0, self.y, words, font_size=self.font * 0.9, fill="#444"))
        self.width = max(self.width, text_width(words, self.font * 0.9))


def legend_block(scenario: Scenario, geo: Geometry) -> tuple[str, float, float]:
    """The legend's markup, width and height."""
    lw = _LegendWriter(geo.size)
    _legend_terrain(scenario, geo, lw)
    _legend_hexsides(scenario, geo, lw)
    _legend_lines(geo, lw)
    _legend_places(geo, lw)
    _legend_counters(scenario, lw)
    height = lw.y + 0.3 * geo.size
    frame = el(
        "rect",
        {
            "x": -0.3 * geo.size,
            "y": -0.1 * geo.size,
            "width": lw.width + 0.6 * geo.size,
            "height": height + 0.1 * geo.size,
            "rx": 0.15 * geo.size,
            "fill": "#ffffff",
            "fill-opacity": 0.7,
            "stroke": "#999999",
            "stroke-width": 0.03 * geo.size,
        },
    )
    return frame + "".join(lw.out), lw.width + 0.3 * geo.size, height


def _legend_terrain(scenario: Scenario, geo: Geometry, lw: _LegendWriter) -> None:
    """The terrains on this map, textured as on the map; hatching if any is not entered."""
    used = set(geo.board.terrain.values())
    lw.heading("Terrain")
    w, h = lw.swatch_w, lw.row
    for key, kind in scenario.terrain.terrain.items():
        if key not in used:
            continue
        rect = {"width": w, "height": h, "stroke": GRID_COLOR, "stroke-width": 0.03 * geo.size}
        sample = el("rect", {**rect, "fill": kind.color})
        if key in TERRAIN_PATTERNS:
            sample += el("rect", {**rect, "fill": f"url(#gw-tex-{key})"})
        lw.item(sample, kind.name)
    if geo.board.unknown_terrain or any(t not in scenario.terrain.terrain for t in used):
        sample = el("rect", {"width": w, "height": h, "fill": UNKNOWN_FILL, "stroke": GRID_COLOR})
        lw.item(sample, "Terrain not yet entered")


def _legend_hexsides(scenario: Scenario, geo: Geometry, lw: _LegendWriter) -> None:
    """National borders and the hexside features on this map, in drawing order."""
    kinds = {k for ks in geo.board.side_features.values() for k in ks}
    borders = bool(national_border_sides(geo.board))
    if not kinds and not borders:
        return
    lw.heading("Hexsides")
    p, q = (0.05 * lw.swatch_w, lw.row / 2), (0.95 * lw.swatch_w, lw.row / 2)
    if borders:
        color = side_color(scenario, "border")
        lw.item(border_marks(p, q, color, geo.size), "National border")
    ordered = sorted(kinds, key=lambda k: (side_rank(k), k))
    for kind in ordered:
        if kind == "border" and borders:
            continue
        sample = hexside_marks(kind, p, q, side_color(scenario, kind), geo.size)
        lw.item(sample, side_name(scenario, kind))


def _legend_lines(geo: Geometry, lw: _LegendWriter) -> None:
    """The kinds of railroad on this map, and roads."""
    board = geo.board
    w, h = lw.swatch_w, lw.row
    path = [(0.05 * w, h / 2), (0.95 * w, h / 2)]
    tracks = {ln.track for ln in board.rails}
    if board.roads:
        tracks.add("road")
    if not tracks:
        return
    lw.heading("Railroads and roads")
    if "single" in tracks:
        lw.item(rail_marks(path, "single", geo.size), "Railroad, single track")
    if "double" in tracks:
        lw.item(rail_marks(path, "double", geo.size), "Railroad, double track")
    if "road" in tracks:
        lw.item(road_marks(path, geo.size), "Road")


def _legend_places(geo: Geometry, lw: _LegendWriter) -> None:
    """Cities, towns, fortresses, trenches, entry hexes and supply sources on this map."""
    board = geo.board
    size = geo.size
    sizes = {c.size for c in board.cities.values()}
    if not (sizes or board.fortresses or board.trenches or board.entries or board.supply_sources):
        return
    lw.heading("Places")
    mx, my = lw.swatch_w / 2, lw.row / 2
    if "city" in sizes:
        lw.item(city_marker(mx, my, "city", size), "City (name, victory points)")
    if "town" in sizes:
        lw.item(city_marker(mx, my, "town", size), "Town (name, victory points)")
    if board.fortresses:
        lw.item(fortress_sample(mx, my, lw.row, size), "Fortress (name, defence full/reduced)")
    if board.trenches:
        lw.item(trench_marks(mx, my - 0.5 * size, size * 0.8), "Trench hex")
    if board.entries:
        lw.item(entry_marker(mx, my, "A", size * 0.9), "Entry hex (letter)")
    if board.supply_sources:
        lw.item(supply_marker(mx, my, "#555555", size), "Supply source (side colour)")


def _legend_counters(scenario: Scenario, lw: _LegendWriter) -> None:
    """The sides' colours, the unit types of this scenario's counters, how to read one."""
    size = lw.size
    w, h = lw.swatch_w, lw.row
    lw.heading("Counters")
    for side in scenario.sides:
        sample = el(
            "rect",
            {
                "x": (w - h) / 2,
                "y": 0,
                "width": h,
                "height": h,
                "rx": 0.05 * size,
                "fill": side.color,
                "stroke": "#111111",
                "stroke-width": 0.03 * size,
            },
        )
        lw.item(sample, side.name)
    types = [t for t in TYPE_NAMES if any(c.type == t for c in scenario.counters.values())]
    for kind in types:
        box = ((w - 1.1 * h) / 2, 0.15 * h, 1.1 * h, 0.7 * h)
        lw.item(unit_symbol(kind, box, "#222222", size * 0.9), TYPE_NAMES[kind])
    lw.note("Size above the symbol: III regiment, X brigade,")
    lw.note("XX division, XXX corps, XXXX army.")
    lw.note("Bottom line: attack-defence-movement;")
    lw.note("HQ: attack shift-command radius-strength.")
    lw.note("Red square: steps lost. Badge: units in hex.")
