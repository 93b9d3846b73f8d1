"""An SVG picture of a scenario's map with its counters.

``render_svg(scenario, state)`` draws the compiled :class:`~greatwar.model.board.Board`
(terrain, national borders, hexside features, railroads and roads, cities,
fortresses, trenches, entry hexes, supply sources and hex numbers) and the
units: those on the map in ``state``, or the set-up positions of the scenario
when no state is given.  The result is one standalone SVG 1.1 document: no
external resources, no scripts, standard library only.

Every hex polygon carries ``data-hex="<label>"`` and every counter group
``data-unit="<id>"`` and ``data-hex="<label>"``, so a browser client can find
them.  The map is drawn in the pixel coordinates of :mod:`greatwar.hexgrid`
inside one translated group; a counter group's ``transform`` is the centre of
its hex in those coordinates (shifted a little when several units share it).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any

from greatwar import hexgrid
from greatwar.hexgrid import Hexside
from greatwar.model.board import Board
from greatwar.model.schema import Counter, StepValues

if TYPE_CHECKING:
    from greatwar.model.loader import Scenario

Point = tuple[float, float]

SVG_NS = "http://www.w3.org/2000/svg"
FICTIONAL_LABEL = "FICTIONAL teaching scenario"

FONT = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif"
GRID_COLOR = "#6b6b6b"
UNKNOWN_FILL = "url(#gw-unknown)"
DEFAULT_BORDER_COLOR = "#b03060"
RAIL_COLOR = "#1a1a1a"
ROAD_COLOR = "#8a5a2b"
FORTRESS_COLOR = "#8b1a1a"
TRENCH_COLOR = "#4a3214"

# Hexside types the terrain table may not list (or may list without a colour).
DEFAULT_SIDE_COLORS = {
    "minor_river": "#3b7dd8",
    "major_river": "#1f4fa8",
    "ridge": "#7a4a1e",
    "prohibited": "#202020",
    "blocked": "#6a1b9a",
    "lake_shore": "#2b6cb0",
    "strait": "#5fa8e8",
    "wire": "#333333",
    "fortified_edge": "#8b1a1a",
    "bridge": "#6b4f2a",
    "border": DEFAULT_BORDER_COLOR,
}
DEFAULT_SIDE_NAMES = {
    "lake_shore": "Lake shore",
    "strait": "Strait",
    "wire": "Wire",
    "fortified_edge": "Fortified hexside",
    "bridge": "Bridge",
}
# Drawing order of hexside features: water first, crossings (bridges) last.
SIDE_ORDER = (
    "strait",
    "lake_shore",
    "major_river",
    "minor_river",
    "border",
    "ridge",
    "wire",
    "fortified_edge",
    "prohibited",
    "blocked",
    "bridge",
)

SIZE_MARKS = {
    "detachment": "I",
    "battalion": "II",
    "regiment": "III",
    "brigade": "X",
    "division": "XX",
    "corps": "XXX",
    "army": "XXXX",
}
HQ_LEVEL_MARKS = {"army": "XXXX", "corps": "XXX", "front": "XXXXX"}
SIZE_RANK = {
    "army": 7,
    "corps": 6,
    "division": 5,
    "brigade": 4,
    "regiment": 3,
    "battalion": 2,
    "detachment": 1,
}
TYPE_RANK = {"artillery": 1, "hq": 2, "supply_depot": 3, "supply_train": 3}
TYPE_NAMES = {
    "infantry": "Infantry",
    "cavalry": "Cavalry",
    "artillery": "Artillery",
    "naval_infantry": "Naval infantry",
    "mountain_infantry": "Mountain infantry",
    "supply_depot": "Supply depot",
    "hq": "Headquarters (HQ)",
    "armored_car": "Armored car",
    "monitor": "Monitor",
    "supply_train": "Supply train",
}

# Terrains drawn with a light texture over their colour (see _terrain_pattern).
TERRAIN_PATTERNS = ("forest", "swamp", "rough", "broken", "mountain", "city")

MAX_STACK_DEPTH = 4  # counters of a stack drawn offset; any more lie under the last


# --- small SVG helpers ------------------------------------------------------------


def _num(x: float) -> str:
    """A coordinate written short: one decimal, no trailing ``.0``."""
    text = f"{x:.1f}"
    if text.endswith(".0"):
        text = text[:-2]
    return "0" if text == "-0" else text


def _attr_value(value: object) -> str:
    if isinstance(value, float):
        return _num(value)
    return escape(str(value), quote=True)


def _el(tag: str, attrs: Mapping[str, object] | None = None, text: str | None = None) -> str:
    """One element; ``None`` attributes are left out, text is escaped."""
    parts = [tag]
    for key, value in (attrs or {}).items():
        if value is not None:
            parts.append(f'{key}="{_attr_value(value)}"')
    head = " ".join(parts)
    if text is None:
        return f"<{head}/>"
    return f"<{head}>{escape(text, quote=False)}</{tag}>"


def _group(attrs: Mapping[str, object] | None, children: Iterable[str]) -> str:
    head = _el("g", attrs)[:-2]
    return f"{head}>{''.join(children)}</g>"


def _points(pts: Iterable[Point]) -> str:
    return " ".join(f"{_num(x)},{_num(y)}" for x, y in pts)


def _line(p: Point, q: Point, **attrs: object) -> str:
    return _el(
        "line",
        {"x1": p[0], "y1": p[1], "x2": q[0], "y2": q[1], **_css_names(attrs)},
    )


def _css_names(attrs: Mapping[str, object]) -> dict[str, object]:
    """``stroke_width=2`` -> ``{"stroke-width": 2}`` (``class_`` -> ``class``)."""
    return {k.rstrip("_").replace("_", "-"): v for k, v in attrs.items()}


def _text(x: float, y: float, text: str, **attrs: object) -> str:
    return _el("text", {"x": x, "y": y, **_css_names(attrs)}, text)


def _text_width(text: str, font_size: float) -> float:
    """A rough width of ``text`` in a sans-serif font (for layout only)."""
    return 0.6 * font_size * len(text)


def _text_color_on(fill: str) -> str:
    """Black or white, whichever reads better on ``fill`` (a ``#rrggbb`` colour)."""
    rgb = _parse_hex_color(fill)
    if rgb is None:
        return "#ffffff"
    r, g, b = rgb
    luminance = 0.299 * r + 0.587 * g + 0.114 * b
    return "#111111" if luminance > 150 else "#ffffff"


def _parse_hex_color(color: str) -> tuple[int, int, int] | None:
    text = color.strip().lstrip("#")
    if len(text) == 3:
        text = "".join(ch * 2 for ch in text)
    if len(text) != 6:
        return None
    try:
        return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)
    except ValueError:
        return None


# --- geometry -----------------------------------------------------------------------


@dataclass(frozen=True)
class _Geometry:
    """Pixel positions of a board's hexes for one hex size."""

    board: Board
    size: float

    @property
    def orientation(self) -> hexgrid.Orientation:
        return self.board.orientation

    def center(self, label: str) -> Point:
        return hexgrid.center(self.board.coord[label], self.size, self.orientation)

    def corners(self, label: str) -> list[Point]:
        return hexgrid.corners(self.board.coord[label], self.size, self.orientation)

    def side(self, side: Hexside) -> tuple[Point, Point]:
        """End points of a hexside (whichever of its hexes is on the map)."""
        first, second = hexgrid.hexside_hexes(side)
        if first in self.board.label_at or second not in self.board.label_at:
            return hexgrid.side_segment(first, side.d, self.size, self.orientation)
        return hexgrid.side_segment(second, side.d + 3, self.size, self.orientation)

    def bounds(self) -> tuple[float, float, float, float]:
        """Smallest box around every hex: min x, min y, max x, max y."""
        xs: list[float] = []
        ys: list[float] = []
        for label in self.board.hexes:
            for x, y in self.corners(label):
                xs.append(x)
                ys.append(y)
        if not xs:
            return 0.0, 0.0, self.size, self.size
        return min(xs), min(ys), max(xs), max(ys)

    def edge_of(self, label: str) -> str:
        """The map edge a hex lies on (``west``, ``east``, ``north``, ``south``) or ``""``."""
        for edge in ("west", "east", "north", "south"):
            if label in self.board.edges.get(edge, frozenset()):
                return edge
        return ""


def _canonical(board: Board, label: str | None) -> str | None:
    """The map's own spelling of a hex label, or ``None`` if it is not on the map."""
    if label is None:
        return None
    if label in board.coord:
        return label
    try:
        return board.label_at.get(board.numbering.parse(label))
    except ValueError:
        return None


def _unit_vector(p: Point, q: Point) -> tuple[Point, Point]:
    """Unit direction from ``p`` to ``q`` and the unit normal to it."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    return (ux, uy), (-uy, ux)


def _along(p: Point, q: Point, t: float) -> Point:
    return p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t


def _star(cx: float, cy: float, outer: float, inner: float, points: int, turn: float) -> str:
    pts = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = math.radians(turn + 180.0 * i / points) - math.pi / 2
        pts.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return _points(pts)


# --- the document -------------------------------------------------------------------


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
    board = scenario.board
    geo = _Geometry(board, float(hex_size))
    size = geo.size
    margin = 0.6 * size

    data = _state_data(state)
    title_lines = _title_lines(scenario, data)
    title_h = _title_height(title_lines, size)
    min_x, min_y, max_x, max_y = geo.bounds()
    map_w, map_h = max_x - min_x, max_y - min_y

    legend_w, legend_h, legend_body = 0.0, 0.0, ""
    if legend:
        legend_body, legend_w, legend_h = _legend(scenario, geo)

    content_w = map_w + (0.8 * size + legend_w if legend else 0.0)
    width = 2 * margin + max(content_w, _title_width(title_lines, size))
    height = title_h + max(map_h, legend_h) + margin
    map_dx, map_dy = margin - min_x, title_h - min_y

    layers = [
        _hex_layer(scenario, geo),
        _trench_layer(geo),
        _border_layer(scenario, geo),
        _hexside_layer(scenario, geo),
        _road_layer(geo),
        _rail_layer(geo),
        _offmap_layer(geo),
        _place_layer(scenario, geo),
        _hex_number_layer(geo) if numbers else "",
    ]
    if counters:
        layers.append(_counter_layer(scenario, geo, _placements(scenario, state, data)))
    # names above the counters, so that a neighbouring stack never hides them
    layers.append(_place_label_layer(geo))
    layers.append(_edge_marker_layer(scenario, geo))

    body = [
        _el("rect", {"width": "100%", "height": "100%", "fill": "#fbf8ef"}),
        _title_block(title_lines, margin, size),
        _group(
            {"class": "map", "transform": f"translate({_num(map_dx)},{_num(map_dy)})"},
            layers,
        ),
    ]
    if legend:
        lx = margin + map_w + 0.8 * size
        body.append(
            _group(
                {"class": "legend", "transform": f"translate({_num(lx)},{_num(title_h)})"},
                [legend_body],
            )
        )
    return _document(width, height, _defs(size), body, scenario)


def _document(width: float, height: float, defs: str, body: list[str], scenario: Scenario) -> str:
    head = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="{SVG_NS}" version="1.1" width="{_num(width)}" height="{_num(height)}"'
        f' viewBox="0 0 {_num(width)} {_num(height)}">\n'
    )
    title = _el("title", None, _document_title(scenario))
    return head + title + "\n" + defs + "\n" + "\n".join(b for b in body if b) + "\n</svg>\n"


def _document_title(scenario: Scenario) -> str:
    text = f"{scenario.info.name} — {scenario.board.info.name}"
    return f"{text} ({FICTIONAL_LABEL})" if scenario.fictional else text


def _state_data(state: Any) -> Mapping[str, Any] | None:
    if state is None:
        return None
    if isinstance(state, Mapping):
        return state
    data = getattr(state, "data", None)
    if not isinstance(data, Mapping):
        raise TypeError("state must be a game State or its data dict")
    return data


# --- defs: styles and patterns --------------------------------------------------------


def _defs(size: float) -> str:
    style = (
        f"text{{font-family:{FONT}}}"
        f".hx{{stroke:{GRID_COLOR};stroke-width:{_num(max(0.5, size / 50))};stroke-opacity:.7}}"
        ".tx{pointer-events:none}"
        f".hn{{font-size:{_num(0.2 * size)}px;fill:#3a3a3a;text-anchor:middle}}"
        ".halo{paint-order:stroke;stroke:#fbf8ef;stroke-linejoin:round}"
        ".ctr text{text-anchor:middle}"
    )
    patterns = [
        _hatch_pattern(size),
        *(_terrain_pattern(name, size) for name in TERRAIN_PATTERNS),
    ]
    return "<defs>" + _el("style", {"type": "text/css"}, style) + "".join(patterns) + "</defs>"


def _hatch_pattern(size: float) -> str:
    step = 0.25 * size
    return (
        f'<pattern id="gw-unknown" patternUnits="userSpaceOnUse" width="{_num(step)}"'
        f' height="{_num(step)}" patternTransform="rotate(45)">'
        + _el("rect", {"width": step, "height": step, "fill": "#cfcfcf"})
        + _line((0, 0), (0, step), stroke="#8a8a8a", stroke_width=0.06 * size)
        + "</pattern>"
    )


def _terrain_pattern(name: str, size: float) -> str:
    """A light texture for some terrains, drawn over the terrain colour."""
    s = size
    if name == "forest":
        w, h = 0.5 * s, 0.45 * s
        marks = _el(
            "circle",
            {"cx": 0.15 * s, "cy": 0.15 * s, "r": 0.07 * s, "fill": "#4f8a3c", "opacity": 0.6},
        ) + _el(
            "circle",
            {"cx": 0.4 * s, "cy": 0.37 * s, "r": 0.07 * s, "fill": "#4f8a3c", "opacity": 0.6},
        )
    elif name == "swamp":
        w, h = 0.5 * s, 0.3 * s
        marks = _el(
            "path",
            {
                "d": f"M{_num(0.05 * s)},{_num(0.15 * s)}h{_num(0.2 * s)}"
                f"M{_num(0.1 * s)},{_num(0.1 * s)}v{_num(0.05 * s)}"
                f"M{_num(0.15 * s)},{_num(0.08 * s)}v{_num(0.07 * s)}"
                f"M{_num(0.2 * s)},{_num(0.1 * s)}v{_num(0.05 * s)}",
                "stroke": "#3f7f6e",
                "stroke-width": 0.03 * s,
                "fill": "none",
            },
        )
    elif name in ("rough", "broken"):
        w = h = (0.3 if name == "rough" else 0.4) * s
        marks = _el(
            "circle",
            {"cx": w / 2, "cy": h / 2, "r": 0.03 * s, "fill": "#6b4a2a", "opacity": 0.55},
        )
    elif name == "mountain":
        w, h = 0.5 * s, 0.42 * s
        marks = _el(
            "path",
            {
                "d": f"M{_num(0.08 * s)},{_num(0.3 * s)}l{_num(0.12 * s)},{_num(-0.17 * s)}"
                f"l{_num(0.12 * s)},{_num(0.17 * s)}",
                "stroke": "#5a4330",
                "stroke-width": 0.035 * s,
                "fill": "none",
                "opacity": 0.7,
            },
        )
    else:  # city: a faint street grid
        w = h = 0.2 * s
        marks = _el(
            "path",
            {
                "d": f"M0,0h{_num(w)}M0,0v{_num(h)}",
                "stroke": "#a86f66",
                "stroke-width": 0.02 * s,
                "fill": "none",
            },
        )
    return (
        f'<pattern id="gw-tex-{name}" patternUnits="userSpaceOnUse"'
        f' width="{_num(w)}" height="{_num(h)}">{marks}</pattern>'
    )


# --- title ------------------------------------------------------------------------------


@dataclass(frozen=True)
class _TitleLine:
    text: str
    font: float  # relative to the hex size
    kind: str  # "title", "sub" or "fictional"


def _title_lines(scenario: Scenario, data: Mapping[str, Any] | None) -> list[_TitleLine]:
    lines = [_TitleLine(scenario.info.name, 0.6, "title")]
    caption = _state_caption(scenario, data) or "set-up"
    lines.append(_TitleLine(f"{scenario.board.info.name} · {caption}", 0.4, "sub"))
    if scenario.fictional:
        lines.append(
            _TitleLine(
                f"{FICTIONAL_LABEL} — invented map and units, not history", 0.42, "fictional"
            )
        )
    return lines


def _state_caption(scenario: Scenario, data: Mapping[str, Any] | None) -> str:
    if data is None:
        return ""
    parts = []
    turn = data.get("turn")
    if isinstance(turn, int):
        parts.append(f"Turn {turn} of {scenario.info.turns}")
    phasing = data.get("phasing")
    names = {s.id: s.name for s in scenario.sides}
    if isinstance(phasing, str) and phasing:
        parts.append(f"{names.get(phasing, phasing)} phasing")
    if data.get("over"):
        parts.append("game over")
    return ", ".join(parts)


def _title_height(lines: Sequence[_TitleLine], size: float) -> float:
    return size * (0.5 + sum(line.font * 1.45 for line in lines) + 0.5)


def _title_width(lines: Sequence[_TitleLine], size: float) -> float:
    return max(_text_width(line.text, line.font * size) + 0.6 * size for line in lines)


def _title_block(lines: Sequence[_TitleLine], margin: float, size: float) -> str:
    out = []
    y = 0.5 * size
    for line in lines:
        font = line.font * size
        y += font * 1.45
        if line.kind == "fictional":
            pad = 0.2 * size
            out.append(
                _el(
                    "rect",
                    {
                        "x": margin - pad,
                        "y": y - font * 1.05,
                        "width": _text_width(line.text, font) + 2 * pad,
                        "height": font * 1.4,
                        "rx": 0.1 * size,
                        "fill": "#fff0f0",
                        "stroke": "#c0392b",
                        "stroke-width": 0.05 * size,
                    },
                )
            )
            out.append(
                _text(margin, y, line.text, font_size=font, font_weight="bold", fill="#b0281b")
            )
        elif line.kind == "title":
            out.append(_text(margin, y, line.text, font_size=font, font_weight="bold", fill="#222"))
        else:
            out.append(_text(margin, y, line.text, font_size=font, fill="#555"))
    return _group({"class": "title"}, out)


# --- hexes --------------------------------------------------------------------------------


def _terrain_fill(scenario: Scenario, label: str) -> tuple[str, str | None]:
    """Fill colour of a hex and its texture pattern (if any)."""
    name = scenario.board.terrain.get(label)
    kind = scenario.terrain.terrain.get(name) if name else None
    if kind is None:
        return UNKNOWN_FILL, None
    texture = f"url(#gw-tex-{name})" if name in TERRAIN_PATTERNS else None
    return kind.color, texture


def _hex_layer(scenario: Scenario, geo: _Geometry) -> str:
    fills, textures, outlines = [], [], []
    for label in geo.board.hexes:
        pts = _points(geo.corners(label))
        fill, texture = _terrain_fill(scenario, label)
        terrain = geo.board.terrain.get(label, "unknown")
        fills.append(
            _el(
                "polygon", {"points": pts, "fill": fill, "data-hex": label, "data-terrain": terrain}
            )
        )
        if texture:
            textures.append(_el("polygon", {"points": pts, "fill": texture}))
        outlines.append(pts)
    grid = _el(
        "path",
        {"d": "".join(f"M{pts}Z" for pts in outlines), "fill": "none", "class": "hx"},
    )
    return (
        _group({"class": "hexes"}, fills)
        + _group({"class": "terrain-texture", "pointer-events": "none"}, textures)
        + _group({"class": "grid", "pointer-events": "none"}, [grid])
    )


def _hex_number_layer(geo: _Geometry) -> str:
    size = geo.size
    out = []
    for label in geo.board.hexes:
        cx, cy = geo.center(label)
        font = min(0.2 * size, 1.05 * size / max(1, 0.6 * len(label)))
        y = cy - (0.64 if geo.orientation == "flat" else 0.58) * size
        attrs: dict[str, object] = {"class": "hn"}
        if font < 0.2 * size:
            attrs["font-size"] = font
        out.append(_text(cx, y, label, **attrs))
    return _group({"class": "hex-numbers tx"}, out)


# --- hexsides ---------------------------------------------------------------------------


def _side_color(scenario: Scenario, kind: str) -> str:
    known = scenario.terrain.hexside.get(kind)
    if known is not None and "color" in known.model_fields_set:
        return known.color
    if kind in DEFAULT_SIDE_COLORS:
        return DEFAULT_SIDE_COLORS[kind]
    return known.color if known is not None else "#000000"


def _side_name(scenario: Scenario, kind: str) -> str:
    known = scenario.terrain.hexside.get(kind)
    if known is not None:
        return known.name
    return DEFAULT_SIDE_NAMES.get(kind, kind.replace("_", " ").capitalize())


def _national_border_sides(board: Board) -> list[Hexside]:
    """Hexsides whose two hexes lie in different countries."""
    out = []
    for label in board.hexes:
        mine = board.country.get(label)
        if mine is None:
            continue
        h = board.coord[label]
        for d in range(3):
            other = board.label_at.get(hexgrid.neighbour(h, d))
            theirs = board.country.get(other) if other else None
            if theirs is not None and theirs != mine:
                out.append(hexgrid.hexside(h, d))
    return out


def _border_marks(p: Point, q: Point, color: str, size: float) -> str:
    band = _line(
        p, q, stroke=color, stroke_width=0.24 * size, stroke_opacity=0.28, stroke_linecap="round"
    )
    dash = _line(
        p,
        q,
        stroke=color,
        stroke_width=0.08 * size,
        stroke_dasharray=f"{_num(0.2 * size)} {_num(0.1 * size)}",
    )
    return band + dash


def _border_layer(scenario: Scenario, geo: _Geometry) -> str:
    color = _side_color(scenario, "border")
    out = []
    for side in _national_border_sides(geo.board):
        p, q = geo.side(side)
        out.append(_border_marks(p, q, color, geo.size))
    return _group({"class": "borders", "pointer-events": "none"}, out)


def _hexside_marks(kind: str, p: Point, q: Point, color: str, size: float) -> str:
    """The picture of one hexside feature along the segment ``p``-``q``."""
    (ux, uy), (nx, ny) = _unit_vector(p, q)
    if kind in ("minor_river", "major_river", "lake_shore"):
        width = {"minor_river": 0.09, "major_river": 0.17, "lake_shore": 0.07}[kind]
        return _line(p, q, stroke=color, stroke_width=width * size, stroke_linecap="round")
    if kind == "strait":
        return _line(p, q, stroke=color, stroke_width=0.2 * size, stroke_linecap="round") + _line(
            p,
            q,
            stroke="#ffffff",
            stroke_width=0.05 * size,
            stroke_dasharray=f"{_num(0.12 * size)} {_num(0.1 * size)}",
        )
    if kind == "ridge":
        ticks = []
        for t in (0.2, 0.4, 0.6, 0.8):
            mx, my = _along(p, q, t)
            a = (mx - nx * 0.13 * size, my - ny * 0.13 * size)
            b = (mx + nx * 0.13 * size, my + ny * 0.13 * size)
            ticks.append(f"M{_num(a[0])},{_num(a[1])}L{_num(b[0])},{_num(b[1])}")
        return _line(p, q, stroke=color, stroke_width=0.1 * size, stroke_linecap="round") + _el(
            "path", {"d": "".join(ticks), "stroke": color, "stroke-width": 0.05 * size}
        )
    if kind == "prohibited":
        return _line(p, q, stroke=color, stroke_width=0.2 * size, stroke_linecap="round")
    if kind == "blocked":
        return _line(p, q, stroke=color, stroke_width=0.16 * size, stroke_linecap="round") + _line(
            p,
            q,
            stroke="#ffffff",
            stroke_width=0.05 * size,
            stroke_dasharray=f"{_num(0.06 * size)} {_num(0.1 * size)}",
        )
    if kind == "wire":
        crosses = []
        r = 0.07 * size
        for t in (0.2, 0.5, 0.8):
            mx, my = _along(p, q, t)
            crosses.append(
                f"M{_num(mx - r)},{_num(my - r)}l{_num(2 * r)},{_num(2 * r)}"
                f"M{_num(mx - r)},{_num(my + r)}l{_num(2 * r)},{_num(-2 * r)}"
            )
        return _line(p, q, stroke=color, stroke_width=0.035 * size) + _el(
            "path", {"d": "".join(crosses), "stroke": color, "stroke-width": 0.03 * size}
        )
    if kind == "fortified_edge":
        teeth = []
        for t in (0.15, 0.45, 0.75):
            a, b = _along(p, q, t), _along(p, q, t + 0.15)
            m = _along(p, q, t + 0.075)
            tip = (m[0] + nx * 0.14 * size, m[1] + ny * 0.14 * size)
            teeth.append(_points([a, tip, b]))
        return _line(p, q, stroke=color, stroke_width=0.06 * size) + "".join(
            _el("polygon", {"points": pts, "fill": color}) for pts in teeth
        )
    if kind == "bridge":
        mx, my = _along(p, q, 0.5)
        half_len, half_w = 0.2 * size, 0.08 * size
        corners = [
            (mx - nx * half_len - ux * half_w, my - ny * half_len - uy * half_w),
            (mx + nx * half_len - ux * half_w, my + ny * half_len - uy * half_w),
            (mx + nx * half_len + ux * half_w, my + ny * half_len + uy * half_w),
            (mx - nx * half_len + ux * half_w, my - ny * half_len + uy * half_w),
        ]
        return _el(
            "polygon",
            {
                "points": _points(corners),
                "fill": "#f3ead2",
                "stroke": color,
                "stroke-width": 0.04 * size,
            },
        )
    if kind == "border":
        return _border_marks(p, q, color, size)
    return _line(p, q, stroke=color, stroke_width=0.08 * size, stroke_linecap="round")


def _side_rank(kind: str) -> int:
    return SIDE_ORDER.index(kind) if kind in SIDE_ORDER else len(SIDE_ORDER)


def _hexside_layer(scenario: Scenario, geo: _Geometry) -> str:
    items = [
        (kind, side) for side, kinds in geo.board.side_features.items() for kind in sorted(kinds)
    ]
    items.sort(key=lambda item: (_side_rank(item[0]), item[1]))
    out = []
    for kind, side in items:
        p, q = geo.side(side)
        color = _side_color(scenario, kind)
        out.append(
            _group(
                {"data-side": kind},
                [_hexside_marks(kind, p, q, color, geo.size)],
            )
        )
    return _group({"class": "hexsides", "pointer-events": "none"}, out)


# --- lines: rails and roads ------------------------------------------------------------------


def _rail_marks(points: Sequence[Point], track: str, size: float) -> str:
    pts = _points(points)
    ties = _el(
        "polyline",
        {
            "points": pts,
            "fill": "none",
            "stroke": RAIL_COLOR,
            "stroke-width": (0.3 if track == "double" else 0.22) * size,
            "stroke-dasharray": f"{_num(0.04 * size)} {_num(0.2 * size)}",
        },
    )
    if track == "double":
        rails = _el(
            "polyline",
            {
                "points": pts,
                "fill": "none",
                "stroke": RAIL_COLOR,
                "stroke-width": 0.17 * size,
                "stroke-linejoin": "round",
            },
        ) + _el(
            "polyline",
            {
                "points": pts,
                "fill": "none",
                "stroke": "#f4efe0",
                "stroke-width": 0.07 * size,
                "stroke-linejoin": "round",
            },
        )
    else:
        rails = _el(
            "polyline",
            {
                "points": pts,
                "fill": "none",
                "stroke": RAIL_COLOR,
                "stroke-width": 0.06 * size,
                "stroke-linejoin": "round",
            },
        )
    return ties + rails


def _road_marks(points: Sequence[Point], size: float) -> str:
    return _el(
        "polyline",
        {
            "points": _points(points),
            "fill": "none",
            "stroke": ROAD_COLOR,
            "stroke-width": 0.09 * size,
            "stroke-dasharray": f"{_num(0.22 * size)} {_num(0.12 * size)}",
            "stroke-linecap": "round",
            "stroke-linejoin": "round",
        },
    )


def _rail_layer(geo: _Geometry) -> str:
    out = []
    # single track first so that double track lies on top where they share hexes
    for ln in sorted(geo.board.rails, key=lambda r: r.track == "double"):
        points = [geo.center(h) for h in ln.hexes]
        if ln.track == "road":
            marks = _road_marks(points, geo.size)
        else:
            marks = _rail_marks(points, ln.track, geo.size)
        out.append(_group({"data-rail": ln.name or None, "data-track": ln.track}, [marks]))
    return _group({"class": "rails", "pointer-events": "none"}, out)


def _offmap_layer(geo: _Geometry) -> str:
    """5.37 rail links off the map: a dashed curve bulging out beyond the edge."""
    if not geo.board.offmap_links:
        return ""
    min_x, min_y, max_x, max_y = geo.bounds()
    mid_x, mid_y = (min_x + max_x) / 2, (min_y + max_y) / 2
    out = []
    for link in geo.board.offmap_links:
        (ax, ay), (bx, by) = geo.center(link.hexes[0]), geo.center(link.hexes[1])
        cx, cy = (ax + bx) / 2, (ay + by) / 2
        dx, dy = cx - mid_x, cy - mid_y
        norm = max(1e-9, (dx * dx + dy * dy) ** 0.5)
        bulge = 1.6 * geo.size
        qx, qy = cx + dx / norm * bulge, cy + dy / norm * bulge
        label = f"off-map rail {link.cost} MP"
        out.append(
            _group(
                {"data-offmap": f"{link.hexes[0]}/{link.hexes[1]}"},
                [
                    _el(
                        "path",
                        {
                            "d": f"M{_num(ax)},{_num(ay)} Q{_num(qx)},{_num(qy)}"
                            f" {_num(bx)},{_num(by)}",
                            "fill": "none",
                            "stroke": "#222",
                            "stroke-width": 0.05 * geo.size,
                            "stroke-dasharray": f"{_num(0.2 * geo.size)} {_num(0.12 * geo.size)}",
                        },
                    ),
                    _text(
                        (cx + qx) / 2,
                        (cy + qy) / 2,
                        label,
                        font_size=0.22 * geo.size,
                        text_anchor="middle",
                        fill="#222",
                        transform=f"rotate(-90 {_num((cx + qx) / 2)} {_num((cy + qy) / 2)})"
                        if abs(dx) > abs(dy)
                        else None,
                    ),
                ],
            )
        )
    return _group({"class": "offmap-links", "pointer-events": "none"}, out)


def _road_layer(geo: _Geometry) -> str:
    out = []
    for ln in geo.board.roads:
        points = [geo.center(h) for h in ln.hexes]
        out.append(_group({"data-road": ln.name or None}, [_road_marks(points, geo.size)]))
    return _group({"class": "roads", "pointer-events": "none"}, out)


def _trench_marks(cx: float, cy: float, size: float) -> str:
    y = cy + 0.5 * size
    x0, x1 = cx - 0.5 * size, cx + 0.5 * size
    teeth = 6
    step = (x1 - x0) / teeth
    pts = [(x0 + i * step, y + (0.07 * size if i % 2 else -0.07 * size)) for i in range(teeth + 1)]
    return _el(
        "polyline",
        {
            "points": _points(pts),
            "fill": "none",
            "stroke": TRENCH_COLOR,
            "stroke-width": 0.06 * size,
            "stroke-linejoin": "miter",
        },
    )


def _trench_layer(geo: _Geometry) -> str:
    out = []
    for label in sorted(geo.board.trenches):
        cx, cy = geo.center(label)
        out.append(_trench_marks(cx, cy, geo.size))
    return _group({"class": "trenches", "pointer-events": "none"}, out)


# --- places: cities, fortresses, entries, supply sources ------------------------------------


def _city_marker(cx: float, cy: float, size_kind: str, size: float) -> str:
    if size_kind == "town":
        return _el(
            "circle",
            {
                "cx": cx,
                "cy": cy,
                "r": 0.12 * size,
                "fill": "#222222",
                "stroke": "#ffffff",
                "stroke-width": 0.03 * size,
            },
        )
    half = 0.16 * size
    return _el(
        "rect",
        {
            "x": cx - half,
            "y": cy - half,
            "width": 2 * half,
            "height": 2 * half,
            "fill": "#c0392b",
            "stroke": "#222222",
            "stroke-width": 0.05 * size,
        },
    )


def _fortress_marker(cx: float, cy: float, size: float) -> str:
    return _el(
        "polygon",
        {
            "points": _star(cx, cy, 0.64 * size, 0.46 * size, 8, 22.5),
            "fill": FORTRESS_COLOR,
            "fill-opacity": 0.12,
            "stroke": FORTRESS_COLOR,
            "stroke-width": 0.06 * size,
            "stroke-linejoin": "miter",
        },
    )


def _place_layer(scenario: Scenario, geo: _Geometry) -> str:
    board = geo.board
    out = []
    for label in sorted(board.fortresses):
        cx, cy = geo.center(label)
        out.append(_group({"data-fortress": label}, [_fortress_marker(cx, cy, geo.size)]))
    for label, city in sorted(board.cities.items()):
        cx, cy = geo.center(label)
        out.append(_group({"data-city": label}, [_city_marker(cx, cy, city.size, geo.size)]))
    return _group({"class": "places", "pointer-events": "none"}, out)


def _fitted_font(text: str, preferred: float, max_width: float) -> float:
    """``preferred`` font size, made smaller if ``text`` would be wider than ``max_width``."""
    return min(preferred, max_width / max(1.0, 0.62 * len(text)))


def _place_name(x: float, y: float, text: str, font: float, label: str, fortress: bool) -> str:
    return _text(
        x,
        y,
        text,
        class_="halo",
        font_size=font,
        font_weight="bold",
        font_style="italic" if fortress else None,
        fill=FORTRESS_COLOR if fortress else "#1a1a1a",
        stroke_width=0.4 * font,
        text_anchor="middle",
        data_hex=label,
    )


def _fortress_badge(x: float, y: float, text: str, size: float) -> str:
    """The defence strength of a fortress (full/reduced) in a small plate."""
    font = 0.2 * size
    w, h = _text_width(text, font) + 0.1 * size, 0.28 * size
    return _el(
        "rect",
        {
            "x": x - w / 2,
            "y": y - h / 2,
            "width": w,
            "height": h,
            "rx": 0.05 * size,
            "fill": FORTRESS_COLOR,
            "stroke": "#ffffff",
            "stroke-width": 0.03 * size,
        },
    ) + _text(
        x, y + 0.07 * size, text, font_size=font, font_weight="bold", fill="#ffffff",
        text_anchor="middle",
    )  # fmt: skip


def _place_label_layer(geo: _Geometry) -> str:
    """City names with their victory points; fortress names and defence strengths.

    Names are kept about two hexes wide so that they do not run under the
    counters of the neighbouring hexes.
    """
    size = geo.size
    width = 2.0 * size
    out = []
    for label in geo.board.hexes:
        city = geo.board.cities.get(label)
        fortress = geo.board.fortresses.get(label)
        if city is None and fortress is None:
            continue
        cx, cy = geo.center(label)
        y = cy + 0.7 * size
        if city is not None:
            text = f"{city.name} {city.vp}"
            out.append(
                _place_name(cx, y, text, _fitted_font(text, 0.28 * size, width), label, False)
            )
            y += 0.22 * size
        if fortress is not None:
            font = _fitted_font(fortress.name, 0.18 * size, width)
            out.append(_place_name(cx, y, fortress.name, font, label, True))
            full, reduced = fortress.defense
            out.append(
                _fortress_badge(cx + 0.68 * size, cy + 0.28 * size, f"{full}/{reduced}", size)
            )
    return _group({"class": "place-labels tx"}, out)


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


def _entry_marker(x: float, y: float, letter: str, size: float) -> str:
    r = 0.2 * size
    return _el(
        "circle",
        {
            "cx": x,
            "cy": y,
            "r": r,
            "fill": "#ffffff",
            "stroke": "#1a1a1a",
            "stroke-width": 0.05 * size,
        },
    ) + _text(
        x,
        y + 0.09 * size,
        letter,
        font_size=0.26 * size,
        font_weight="bold",
        text_anchor="middle",
        fill="#1a1a1a",
    )


def _supply_marker(x: float, y: float, color: str, size: float) -> str:
    half = 0.13 * size
    return _el(
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
    ) + _text(
        x,
        y + 0.08 * size,
        "S",
        font_size=0.22 * size,
        font_weight="bold",
        text_anchor="middle",
        fill=_text_color_on(color),
    )


def _side_color_of_country(scenario: Scenario, country: str) -> str:
    side = scenario.side_of_nationality(country)
    for s in scenario.sides:
        if s.id == side:
            return s.color
    return "#555555"


def _edge_marker_layer(scenario: Scenario, geo: _Geometry) -> str:
    """Entry letters and supply-source marks (drawn above the counters)."""
    board = geo.board
    out = []
    for letter, entry in sorted(board.entries.items()):
        label = _canonical(board, entry.hex)
        if label is None:
            continue
        cx, cy = geo.center(label)
        dx, dy = _edge_offset(entry.edge or geo.edge_of(label), geo.size, "entry")
        out.append(
            _group(
                {"data-entry": letter, "data-hex": label},
                [_entry_marker(cx + dx, cy + dy, letter, geo.size)],
            )
        )
    for source in board.supply_sources:
        label = _canonical(board, source.hex)
        if label is None:
            continue
        cx, cy = geo.center(label)
        dx, dy = _edge_offset(geo.edge_of(label), geo.size, "supply")
        color = _side_color_of_country(scenario, source.country)
        out.append(
            _group(
                {"data-supply": source.country, "data-hex": label},
                [_supply_marker(cx + dx, cy + dy, color, geo.size)],
            )
        )
    return _group({"class": "edge-marks"}, out)


# --- counters ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Placed:
    """A unit to draw: its counter, and how many steps it has lost."""

    uid: str
    counter: Counter
    lost: int


def _placements(
    scenario: Scenario, state: Any, data: Mapping[str, Any] | None
) -> dict[str, list[_Placed]]:
    """Units on the map by hex, in drawing order (top counter first)."""
    board = scenario.board
    found: list[tuple[str | None, _Placed]] = []
    if state is not None and data is not None:
        for uid, rec in (data.get("units") or {}).items():
            counter = scenario.counters.get(uid)
            if counter is None or not isinstance(rec, Mapping) or rec.get("status") != "on_map":
                continue
            lost = int(rec.get("lost") or 0)
            found.append((_canonical(board, rec.get("hex")), _Placed(uid, counter, lost)))
    elif scenario.file.position is not None:
        for uid, pos in scenario.file.position.units.items():
            counter = scenario.counters.get(uid)
            if counter is not None and pos.status == "on_map":
                found.append((_canonical(board, pos.hex), _Placed(uid, counter, pos.steps_lost)))
    else:
        for uid, counter in scenario.counters.items():
            if counter.setup is not None:
                found.append((_canonical(board, counter.setup), _Placed(uid, counter, 0)))
    stacks: dict[str, list[_Placed]] = {}
    for label, placed in found:
        if label is not None:
            stacks.setdefault(label, []).append(placed)
    for units in stacks.values():
        units.sort(key=_stack_order)
    return stacks


def _stack_order(placed: _Placed) -> tuple[int, int]:
    """Combat units on top, the biggest first; HQs and depots underneath."""
    c = placed.counter
    return TYPE_RANK.get(c.type, 0), -SIZE_RANK.get(c.size, 0)


def _step(counter: Counter, lost: int) -> StepValues:
    if not counter.steps:
        return StepValues()
    return counter.steps[max(0, min(lost, len(counter.steps) - 1))]


def _value(v: int | None) -> str:
    return "?" if v is None else str(v)


def _values_line(counter: Counter, lost: int) -> str:
    """``attack-defense-movement`` of the current step, or ``shift-radius-strength`` of an HQ."""
    step = _step(counter, lost)
    if counter.type == "hq":
        return "-".join(
            _value(v) for v in (step.attack_shift, step.command_radius, step.command_strength)
        )
    movement = step.movement if step.movement is not None else counter.movement
    if step.attack is None and step.defense is None:
        strength = step.strength if step.strength is not None else step.combat_strength
        if strength is not None:
            return f"{strength}-{_value(movement)}"
    return f"{_value(step.attack)}-{_value(step.defense)}-{_value(movement)}"


def _size_mark(counter: Counter) -> str:
    if counter.type == "hq" and counter.hq is not None and counter.size == "none":
        return HQ_LEVEL_MARKS.get(counter.hq.level, "")
    return SIZE_MARKS.get(counter.size, "")


def _short_name(counter: Counter) -> str:
    """A counter's short designation, from its id: ``G-XVII`` -> ``XVII``, ``R-HQ-5A`` -> ``5A``."""
    parts = [p for p in counter.id.replace("_", "-").split("-") if p]
    if len(parts) > 1 and len(parts[0]) <= 3 and parts[0].isalpha() and parts[0].isupper():
        parts = parts[1:]
    if len(parts) > 1 and parts[0].upper() == "HQ":
        parts = parts[1:]
    text = "-".join(parts) or counter.id
    return text if len(text) <= 7 else text[:6] + "…"


def _unit_symbol(kind: str, box: tuple[float, float, float, float], ink: str, c: float) -> str:
    """The NATO-style unit-type symbol inside ``box`` (x, y, width, height)."""
    x, y, w, h = box
    stroke = 0.045 * c
    frame = _el(
        "rect",
        {
            "x": x,
            "y": y,
            "width": w,
            "height": h,
            "fill": "none",
            "stroke": ink,
            "stroke-width": stroke,
        },
    )
    x1, y1 = x + w, y + h
    cx, cy = x + w / 2, y + h / 2

    def path(d: str, fill: str = "none") -> str:
        return _el("path", {"d": d, "stroke": ink, "stroke-width": stroke, "fill": fill})

    cross = f"M{_num(x)},{_num(y)}L{_num(x1)},{_num(y1)}M{_num(x)},{_num(y1)}L{_num(x1)},{_num(y)}"
    if kind == "infantry":
        marks = path(cross)
    elif kind == "cavalry":
        marks = path(f"M{_num(x)},{_num(y1)}L{_num(x1)},{_num(y)}")
    elif kind == "artillery":
        marks = _el("circle", {"cx": cx, "cy": cy, "r": 0.22 * h, "fill": ink})
    elif kind == "mountain_infantry":
        tri = _points([(cx - 0.2 * w, y1), (cx, y1 - 0.45 * h), (cx + 0.2 * w, y1)])
        marks = path(cross) + _el("polygon", {"points": tri, "fill": ink})
    elif kind == "naval_infantry":
        marks = _anchor(cx, cy, h, ink, stroke)
    elif kind == "armored_car":
        marks = _el(
            "ellipse",
            {
                "cx": cx,
                "cy": cy,
                "rx": 0.34 * w,
                "ry": 0.28 * h,
                "fill": "none",
                "stroke": ink,
                "stroke-width": stroke,
            },
        ) + path(f"M{_num(x)},{_num(y1)}L{_num(x1)},{_num(y)}")
    elif kind == "hq":
        staff = path(f"M{_num(x)},{_num(y1)}v{_num(0.55 * h)}")
        marks = staff + _text(
            cx,
            cy + 0.25 * h,
            "HQ",
            font_size=0.68 * h,
            font_weight="bold",
            fill=ink,
            text_anchor="middle",
        )
    else:
        letter = {"supply_depot": "S", "supply_train": "ST", "monitor": "M"}.get(kind, "?")
        marks = _text(
            cx,
            cy + 0.3 * h,
            letter,
            font_size=0.8 * h,
            font_weight="bold",
            fill=ink,
            text_anchor="middle",
        )
    return frame + marks


def _anchor(cx: float, cy: float, h: float, ink: str, stroke: float) -> str:
    top, bottom, r = cy - 0.36 * h, cy + 0.34 * h, 0.3 * h
    d = (
        f"M{_num(cx)},{_num(top)}V{_num(bottom)}"
        f"M{_num(cx - 0.18 * h)},{_num(top + 0.14 * h)}h{_num(0.36 * h)}"
        f"M{_num(cx - r)},{_num(bottom - r)}A{_num(r)},{_num(r)} 0 0 0 {_num(cx + r)},"
        f"{_num(bottom - r)}"
    )
    return _el("path", {"d": d, "stroke": ink, "stroke-width": stroke, "fill": "none"})


def _heroic_star(x: float, y: float, c: float) -> str:
    return _el(
        "polygon",
        {
            "points": _star(x, y, 0.09 * c, 0.04 * c, 5, 0.0),
            "fill": "#f2c230",
            "stroke": "#5a4300",
            "stroke-width": 0.015 * c,
        },
    )


def _counter_body(placed: _Placed, fill: str, c: float) -> list[str]:
    """The face of one counter of side ``c``, centred on (0, 0)."""
    counter = placed.counter
    ink = _text_color_on(fill)
    half = c / 2
    out = [
        _el(
            "rect",
            {
                "x": -half,
                "y": -half,
                "width": c,
                "height": c,
                "rx": 0.07 * c,
                "fill": fill,
                "stroke": "#111111",
                "stroke-width": 0.035 * c,
            },
        ),
        _unit_symbol(counter.type, (-0.27 * c, -0.24 * c, 0.54 * c, 0.32 * c), ink, c),
    ]
    mark = _size_mark(counter)
    if mark:
        out.append(_text(0, -0.29 * c, mark, font_size=0.17 * c, font_weight="bold", fill=ink))
    out.append(_text(0, 0.23 * c, _short_name(counter), font_size=0.17 * c, fill=ink))
    values = _values_line(counter, placed.lost)
    font = min(0.23 * c, 0.95 * c / max(1, 0.6 * len(values)))
    out.append(_text(0, 0.44 * c, values, font_size=font, font_weight="bold", fill=ink))
    if counter.hq is not None and counter.hq.heroic:
        out.append(_heroic_star(0.38 * c, -0.08 * c, c))
    if placed.lost > 0:
        out.append(_step_marker(placed.lost, c))
    return out


def _step_marker(lost: int, c: float) -> str:
    x, y, s = -0.5 * c + 0.04 * c, -0.5 * c + 0.04 * c, 0.2 * c
    return _el(
        "rect",
        {
            "x": x,
            "y": y,
            "width": s,
            "height": s,
            "rx": 0.03 * c,
            "fill": "#d62020",
            "stroke": "#ffffff",
            "stroke-width": 0.02 * c,
        },
    ) + _text(
        x + s / 2, y + 0.78 * s, str(lost), font_size=0.18 * c, font_weight="bold", fill="#ffffff"
    )


def _count_badge(n: int, x: float, y: float, c: float) -> str:
    r = 0.15 * c
    return _group(
        {"class": "stack-count"},
        [
            _el(
                "circle",
                {
                    "cx": x,
                    "cy": y,
                    "r": r,
                    "fill": "#ffffff",
                    "stroke": "#111111",
                    "stroke-width": 0.03 * c,
                },
            ),
            _text(
                x,
                y + 0.07 * c,
                str(n),
                font_size=0.2 * c,
                font_weight="bold",
                fill="#111111",
                text_anchor="middle",
            ),
        ],
    )


def _counter_title(placed: _Placed) -> str:
    counter = placed.counter
    name = counter.name or counter.id
    text = f"{name} ({counter.id}): {_values_line(counter, placed.lost)}"
    if placed.lost:
        text += f", {placed.lost} step{'s' if placed.lost > 1 else ''} lost"
    return text


def _counter_layer(scenario: Scenario, geo: _Geometry, stacks: Mapping[str, list[_Placed]]) -> str:
    colors = {s.id: s.color for s in scenario.sides}
    c = 0.88 * geo.size
    offset = 0.08 * geo.size
    out = []
    for label in geo.board.hexes:
        units = stacks.get(label)
        if not units:
            continue
        cx, cy = geo.center(label)
        depth = min(len(units), MAX_STACK_DEPTH) - 1
        shift = depth * offset / 2
        # drawn bottom first: lower counters peek out up and to the right
        for i in reversed(range(len(units))):
            placed = units[i]
            k = min(i, depth)
            x, y = cx - shift + k * offset, cy + shift - k * offset
            body = _counter_body(placed, colors.get(placed.counter.side, "#888888"), c)
            out.append(
                _group(
                    {
                        "class": "ctr",
                        "data-unit": placed.uid,
                        "data-hex": label,
                        "data-side": placed.counter.side,
                        "transform": f"translate({_num(x)},{_num(y)})",
                    },
                    [_el("title", None, _counter_title(placed)), *body],
                )
            )
        if len(units) > 1:
            bx, by = cx + shift + c / 2, cy - shift - c / 2
            out.append(_count_badge(len(units), bx, by, c))
    return _group({"class": "counters"}, out)


# --- legend -----------------------------------------------------------------------------------


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

    def heading(self, text: str) -> None:
        self.y += 0.35 * self.size if self.out else 0.0
        self.y += self.font * 1.3
        self.out.append(
            _text(0, self.y, text, font_size=self.font * 1.05, font_weight="bold", fill="#222")
        )
        self.width = max(self.width, _text_width(text, self.font * 1.05))
        self.y += 0.2 * self.size

    def item(self, sample: str, text: str) -> None:
        """One row: a sample drawn in a box at (0, top) of ``swatch_w`` x ``row``, then text."""
        top = self.y
        self.out.append(_group({"transform": f"translate(0,{_num(top)})"}, [sample]))
        tx = self.swatch_w + 0.25 * self.size
        self.out.append(
            _text(
                tx, top + self.row * 0.5 + self.font * 0.35, text, font_size=self.font, fill="#222"
            )
        )
        self.width = max(self.width, tx + _text_width(text, self.font))
        self.y += self.row + 0.08 * self.size

    def note(self, text: str) -> None:
        self.y += self.font * 1.25
        self.out.append(_text(0, self.y, text, font_size=self.font * 0.9, fill="#444"))
        self.width = max(self.width, _text_width(text, self.font * 0.9))


def _legend(scenario: Scenario, geo: _Geometry) -> tuple[str, float, float]:
    """The legend's markup, width and height."""
    lw = _LegendWriter(geo.size)
    _legend_terrain(scenario, geo, lw)
    _legend_hexsides(scenario, geo, lw)
    _legend_lines_and_places(scenario, geo, lw)
    _legend_counters(scenario, lw)
    height = lw.y + 0.3 * geo.size
    frame = _el(
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


def _legend_terrain(scenario: Scenario, geo: _Geometry, lw: _LegendWriter) -> None:
    used = set(geo.board.terrain.values())
    lw.heading("Terrain")
    w, h = lw.swatch_w, lw.row
    for key, kind in scenario.terrain.terrain.items():
        if key not in used:
            continue
        rect = {"width": w, "height": h, "stroke": GRID_COLOR, "stroke-width": 0.03 * geo.size}
        sample = _el("rect", {**rect, "fill": kind.color})
        if key in TERRAIN_PATTERNS:
            sample += _el("rect", {**rect, "fill": f"url(#gw-tex-{key})"})
        lw.item(sample, kind.name)
    if geo.board.unknown_terrain or any(t not in scenario.terrain.terrain for t in used):
        sample = _el("rect", {"width": w, "height": h, "fill": UNKNOWN_FILL, "stroke": GRID_COLOR})
        lw.item(sample, "Terrain not yet entered")


def _legend_hexsides(scenario: Scenario, geo: _Geometry, lw: _LegendWriter) -> None:
    kinds = {k for ks in geo.board.side_features.values() for k in ks}
    borders = bool(_national_border_sides(geo.board))
    if not kinds and not borders:
        return
    lw.heading("Hexsides")
    p, q = (0.05 * lw.swatch_w, lw.row / 2), (0.95 * lw.swatch_w, lw.row / 2)
    if borders:
        color = _side_color(scenario, "border")
        lw.item(_border_marks(p, q, color, geo.size), "National border")
    ordered = sorted(kinds, key=lambda k: (_side_rank(k), k))
    for kind in ordered:
        if kind == "border" and borders:
            continue
        sample = _hexside_marks(kind, p, q, _side_color(scenario, kind), geo.size)
        lw.item(sample, _side_name(scenario, kind))


def _legend_lines_and_places(scenario: Scenario, geo: _Geometry, lw: _LegendWriter) -> None:
    board = geo.board
    size = geo.size
    w, h = lw.swatch_w, lw.row
    line = [(0.05 * w, h / 2), (0.95 * w, h / 2)]
    tracks = {ln.track for ln in board.rails}
    if board.roads:
        tracks.add("road")
    if tracks:
        lw.heading("Railroads and roads")
        if "single" in tracks:
            lw.item(_rail_marks(line, "single", size), "Railroad, single track")
        if "double" in tracks:
            lw.item(_rail_marks(line, "double", size), "Railroad, double track")
        if "road" in tracks:
            lw.item(_road_marks(line, size), "Road")
    sizes = {c.size for c in board.cities.values()}
    has_places = (
        sizes or board.fortresses or board.trenches or board.entries or board.supply_sources
    )
    if not has_places:
        return
    lw.heading("Places")
    mx, my = w / 2, h / 2
    if "city" in sizes:
        lw.item(_city_marker(mx, my, "city", size), "City (name, victory points)")
    if "town" in sizes:
        lw.item(_city_marker(mx, my, "town", size), "Town (name, victory points)")
    if board.fortresses:
        star = _el(
            "polygon",
            {
                "points": _star(mx, my, 0.42 * h, 0.3 * h, 8, 22.5),
                "fill": FORTRESS_COLOR,
                "fill-opacity": 0.12,
                "stroke": FORTRESS_COLOR,
                "stroke-width": 0.05 * size,
            },
        )
        lw.item(star, "Fortress (name, defence full/reduced)")
    if board.trenches:
        lw.item(_trench_marks(mx, my - 0.5 * size, size * 0.8), "Trench hex")
    if board.entries:
        lw.item(_entry_marker(mx, my, "A", size * 0.9), "Entry hex (letter)")
    if board.supply_sources:
        lw.item(_supply_marker(mx, my, "#555555", size), "Supply source (side colour)")


def _legend_counters(scenario: Scenario, lw: _LegendWriter) -> None:
    size = lw.size
    w, h = lw.swatch_w, lw.row
    lw.heading("Counters")
    for side in scenario.sides:
        sample = _el(
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
        lw.item(_unit_symbol(kind, box, "#222222", size * 0.9), TYPE_NAMES[kind])
    lw.note("Size above the symbol: III regiment, X brigade,")
    lw.note("XX division, XXX corps, XXXX army.")
    lw.note("Bottom line: attack-defence-movement;")
    lw.note("HQ: attack shift-command radius-strength.")
    lw.note("Red square: steps lost. Badge: units in hex.")


__all__ = ["FICTIONAL_LABEL", "render_svg"]
