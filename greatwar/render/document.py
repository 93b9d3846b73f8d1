"""The SVG document: the layers stacked in drawing order under the title block,
the legend beside them, styles and patterns in ``<defs>``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from greatwar.render.borders import border_layer
from greatwar.render.counters import counter_layer
from greatwar.render.edges import edge_marker_layer
from greatwar.render.geometry import Geometry
from greatwar.render.hexsides import hexside_layer
from greatwar.render.legend import legend_block
from greatwar.render.lines import offmap_layer, rail_layer, road_layer
from greatwar.render.maps import map_title_layer
from greatwar.render.numbers import hex_number_layer
from greatwar.render.placement import placements
from greatwar.render.places import place_label_layer, place_layer
from greatwar.render.svg import SVG_NS, el, group, num
from greatwar.render.terrain import (
    GRID_COLOR,
    TERRAIN_PATTERNS,
    hatch_pattern,
    hex_layer,
    terrain_pattern,
)
from greatwar.render.title import (
    TitleLine,
    document_title,
    title_block,
    title_height,
    title_lines,
    title_width,
)
from greatwar.render.trenches import trench_layer

if TYPE_CHECKING:
    from greatwar.model.loader import Scenario

FONT = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif"


def render_svg(
    scenario: Scenario,
    state: Any = None,
    *,
    hex_size: float = 30.0,
    numbers: bool = True,
    counters: bool = True,
    legend: bool = True,
) -> str:
    """A standalone SVG picture of the scenario's map with its counters.

    ``state`` is a game state (or its ``data`` dict): its units with status
    ``on_map`` are drawn at their hexes.  Without a state, the scenario's
    set-up positions are drawn (its ``[position]`` if it has one, else each
    counter's ``setup`` hex).  ``numbers``, ``counters`` and ``legend`` turn
    the hex numbers, the units and the legend on or off.
    """
    if hex_size <= 0:
        raise ValueError("hex_size must be positive")
    geo = Geometry(scenario.board, float(hex_size))
    data = _state_data(state)
    heading = title_lines(scenario, data)
    key = legend_block(scenario, geo) if legend else None
    layout = _Layout.of(geo, heading, key)
    size = geo.size
    body = [
        el("rect", {"width": "100%", "height": "100%", "fill": "#fbf8ef"}),
        title_block(heading, layout.margin, size),
        group(
            {"class": "map", "transform": f"translate({num(layout.map_dx)},{num(layout.map_dy)})"},
            _map_layers(scenario, geo, data, numbers=numbers, counters=counters),
        ),
    ]
    if key is not None:
        lx = layout.margin + layout.map_w + 0.8 * size
        body.append(
            group(
                {"class": "legend", "transform": f"translate({num(lx)},{num(layout.title_h)})"},
                [key[0]],
            )
        )
    return _document(layout.width, layout.height, _defs(size), body, scenario)


@dataclass(frozen=True)
class _Layout:
    """Where the title block, the map and the legend go, and the size of the picture."""

    margin: float
    title_h: float
    map_w: float
    map_dx: float  # the map group's translation
    map_dy: float
    width: float
    height: float

    @classmethod
    def of(
        cls, geo: Geometry, heading: Sequence[TitleLine], key: tuple[str, float, float] | None
    ) -> _Layout:
        """The layout of a map under ``heading``, with the legend ``key`` (markup, width,
        height) beside it if there is one."""
        size = geo.size
        margin = 0.6 * size
        title_h = title_height(heading, size)
        min_x, min_y, max_x, max_y = geo.bounds()
        map_w, map_h = max_x - min_x, max_y - min_y
        content_w = map_w + (0.8 * size + key[1] if key is not None else 0.0)
        legend_h = key[2] if key is not None else 0.0
        return cls(
            margin=margin,
            title_h=title_h,
            map_w=map_w,
            map_dx=margin - min_x,
            map_dy=title_h - min_y,
            width=2 * margin + max(content_w, title_width(heading, size)),
            height=title_h + max(map_h, legend_h) + margin,
        )


def _map_layers(
    scenario: Scenario,
    geo: Geometry,
    data: Mapping[str, Any] | None,
    *,
    numbers: bool,
    counters: bool,
) -> list[str]:
    """The map's layers, bottom first."""
    layers = [
        hex_layer(scenario, geo),
        trench_layer(geo),
        border_layer(scenario, geo),
        hexside_layer(scenario, geo),
        road_layer(geo),
        rail_layer(geo),
        offmap_layer(geo),
        place_layer(scenario, geo),
        hex_number_layer(geo) if numbers else "",
    ]
    if counters:
        layers.append(counter_layer(scenario, geo, placements(scenario, data)))
    # names above the counters, so that a neighbouring stack never hides them
    layers.append(place_label_layer(geo))
    layers.append(edge_marker_layer(scenario, geo))
    layers.append(map_title_layer(geo))
    return layers


def _document(width: float, height: float, defs: str, body: list[str], scenario: Scenario) -> str:
    """The XML declaration, the ``<svg>`` element, its title, defs and body."""
    head = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="{SVG_NS}" version="1.1" width="{num(width)}" height="{num(height)}"'
        f' viewBox="0 0 {num(width)} {num(height)}">\n'
    )
    title = el("title", None, document_title(scenario))
    return head + title + "\n" + defs + "\n" + "\n".join(b for b in body if b) + "\n</svg>\n"


def _state_data(state: Any) -> Mapping[str, Any] | None:
    """A state's plain data: the dict itself, or a State's ``data``."""
    if state is None:
        return None
    if isinstance(state, Mapping):
        return state
    data = getattr(state, "data", None)
    if not isinstance(data, Mapping):
        raise TypeError("state must be a game State or its data dict")
    return data


def _defs(size: float) -> str:
    """The style sheet and the fill patterns."""
    style = (
        f"text{{font-family:{FONT}}}"
        f".hx{{stroke:{GRID_COLOR};stroke-width:{num(max(0.5, size / 50))};stroke-opacity:.7}}"
        ".tx{pointer-events:none}"
        f".hn{{font-size:{num(0.2 * size)}px;fill:#3a3a3a;text-anchor:middle}}"
        ".halo{paint-order:stroke;stroke:#fbf8ef;stroke-linejoin:round}"
        ".ctr text{text-anchor:middle}"
    )
    patterns = [
        hatch_pattern(size),
        *(terrain_pattern(name, size) for name in TERRAIN_PATTERNS),
    ]
    return "<defs>" + el("style", {"type": "text/css"}, style) + "".join(patterns) + "</defs>"
