"""Edge markers, drawn above the counters: entry-hex letters and supply-source
marks in the colour of the side they supply, set towards the map edge.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.render.geometry import Geometry, canonical_label
from greatwar.render.svg import Point, el, group, text, text_color_on

if TYPE_CHECKING:
    from greatwar.model.loader import Scenario


def _edge_offset(edge: str, size: float, which: str) -> Point:
    """Where an entry letter (``which="entry"``) or a supply mark sits in its hex."""
    entry = {
        "west": (-0.66, 0.0),
        "east": (0.66, 0.0),
        "north": (-0.52, -0.36),
        "south": (0.52, 0.36),
        "": (-0.66, 0.0),
    }
    supply = {
        "west": (-0.5, 0.44),
        "east": (0.5, 0.44),
        "north": (0.52, -0.36),
        "south": (-0.52, 0.36),
        "": (0.5, 0.44),
    }
    dx, dy = (entry if which == "entry" else supply)[edge]
    return dx * size, dy * size


def entry_marker(x: float, y: float, letter: str, size: float) -> str:
    """An entry hex's letter in a white disc."""
    r = 0.2 * size
    return el(
        "circle",
        {
            "cx": x,
            "cy": y,
            "r": r,
            "fill": "#ffffff",
            "stroke": "#1a1a1a",
            "stroke-width": 0.05 * size,
        },
    ) + text(
        x,
        y + 0.09 * size,
        letter,
        font_size=0.26 * size,
        font_weight="bold",
        text_anchor="middle",
        fill="#1a1a1a",
    )


def supply_marker(x: float, y: float, color: str, size: float) -> str:
    """An ``S`` on a small square of ``color``."""
    half = 0.13 * size
    return el(
        "rect",
        {
            "x": x - half,
            "y": y - half,
            "width": 2 * half,
            "height": 2 * half,
            "rx": 0.04 * size,
            "fill": color,
            "stroke": "#ffffff",
            "stroke-width": 0.03 * size,
        },
    ) + text(
        x,
        y + 0.08 * size,
        "S",
        font_size=0.22 * size,
        font_weight="bold",
        text_anchor="middle",
        fill=text_color_on(color),
    )


def _side_color_of_country(scenario: Scenario, country: str) -> str:
    """The colour of the side a country's units belong to (grey if none)."""
    side = scenario.side_of_nationality(country)
    for s in scenario.sides:
        if s.id == side:
            return s.color
    return "#555555"


def edge_marker_layer(scenario: Scenario, geo: Geometry) -> str:
    """Entry letters and supply-source marks (drawn above the counters)."""
    board = geo.board
    out = []
    for letter, entry in sorted(board.entries.items()):
        for hex_label in entry.hexes or [entry.hex]:  # an entry of several hexes: each
            label = canonical_label(board, hex_label)
            if label is None:
                continue
            cx, cy = geo.center(label)
            dx, dy = _edge_offset(entry.edge or geo.edge_of(label), geo.size, "entry")
            out.append(
                group(
                    {"data-entry": letter, "data-hex": label},
                    [entry_marker(cx + dx, cy + dy, letter, geo.size)],
                )
            )
    for source in board.supply_sources:
        label = canonical_label(board, source.hex)
        if label is None:
            continue
        cx, cy = geo.center(label)
        dx, dy = _edge_offset(geo.edge_of(label), geo.size, "supply")
        color = _side_color_of_country(scenario, source.country)
        out.append(
            group(
                {"data-supply": source.country, "data-hex": label},
                [supply_marker(cx + dx, cy + dy, color, geo.size)],
            )
        )
    return group({"class": "edge-marks"}, out)
