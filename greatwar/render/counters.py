"""Counters: each unit's face (side colour, unit symbol, size, name, values of its
current step, steps lost, heroic star) and stacks (offset counters, a count badge).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from greatwar.model.schema import Counter, StepValues
from greatwar.render.geometry import Geometry
from greatwar.render.placement import Placed
from greatwar.render.svg import el, group, num, text, text_color_on
from greatwar.render.symbols import heroic_star, unit_symbol

if TYPE_CHECKING:
    from greatwar.model.loader import Scenario


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

MAX_STACK_DEPTH = 4  # counters of a stack drawn offset; any more lie under the last


def _step(counter: Counter, lost: int) -> StepValues:
    """The printed values of a counter's current step (its last after more losses)."""
    if not counter.steps:
        return StepValues()
    return counter.steps[max(0, min(lost, len(counter.steps) - 1))]


def _value(v: int | None) -> str:
    """A printed value, ``?`` where the counter sheet is not yet entered."""
    return "?" if v is None else str(v)


def values_line(counter: Counter, lost: int) -> str:
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
    """The unit size above the symbol (``XX``); an HQ without a size shows its level."""
    if counter.type == "hq" and counter.hq is not None and counter.size == "none":
        return HQ_LEVEL_MARKS.get(counter.hq.level, "")
    return SIZE_MARKS.get(counter.size, "")


def _short_name(counter: Counter) -> str:
    """A counter's short designation (:meth:`Counter.designation`), cut to fit the face."""
    short = counter.designation()
    return short if len(short) <= 7 else short[:6] + "…"


def _counter_body(placed: Placed, fill: str, c: float) -> list[str]:
    """The face of one counter of side ``c``, centred on (0, 0)."""
    counter = placed.counter
    ink = text_color_on(fill)
    half = c / 2
    out = [
        el(
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
        unit_symbol(counter.type, (-0.27 * c, -0.24 * c, 0.54 * c, 0.32 * c), ink, c),
    ]
    mark = _size_mark(counter)
    if mark:
        out.append(text(0, -0.29 * c, mark, font_size=0.17 * c, font_weight="bold", fill=ink))
    out.append(text(0, 0.23 * c, _short_name(counter), font_size=0.17 * c, fill=ink))
    values = values_line(counter, placed.lost)
    font = min(0.23 * c, 0.95 * c / max(1, 0.6 * len(values)))
    out.append(text(0, 0.44 * c, values, font_size=font, font_weight="bold", fill=ink))
    if counter.hq is not None and counter.hq.heroic:
        out.append(heroic_star(0.38 * c, -0.08 * c, c))
    if placed.lost > 0:
        out.append(_step_marker(placed.lost, c))
    return out


def _step_marker(lost: int, c: float) -> str:
    """The red square with the number of steps lost, top left."""
    x, y, s = -0.5 * c + 0.04 * c, -0.5 * c + 0.04 * c, 0.2 * c
    return el(
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
    ) + text(
        x + s / 2, y + 0.78 * s, str(lost), font_size=0.18 * c, font_weight="bold", fill="#ffffff"
    )


def _count_badge(n: int, x: float, y: float, c: float) -> str:
    """The number of units in a hex, in a white disc at a stack's top right corner."""
    r = 0.15 * c
    return group(
        {"class": "stack-count"},
        [
            el(
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
            text(
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


def _counter_title(placed: Placed) -> str:
    """The tooltip of a counter: its name, id, values and steps lost."""
    counter = placed.counter
    name = counter.name or counter.id
    title = f"{name} ({counter.id}): {values_line(counter, placed.lost)}"
    if placed.lost:
        title += f", {placed.lost} step{'s' if placed.lost > 1 else ''} lost"
    return title


def counter_layer(scenario: Scenario, geo: Geometry, stacks: Mapping[str, list[Placed]]) -> str:
    """Every stack in its hex, bottom counter first; ``data-unit``, ``data-hex``, ``data-side``."""
    colors = {s.id: s.color for s in scenario.sides}
    out: list[str] = []
    for label in geo.board.hexes:
        units = stacks.get(label)
        if units:
            out.extend(_stack(geo, label, units, colors))
    return group({"class": "counters"}, out)


def _stack(geo: Geometry, label: str, units: list[Placed], colors: Mapping[str, str]) -> list[str]:
    """The counters in one hex, each a little offset, and a badge if there are several."""
    c = 0.88 * geo.size
    offset = 0.08 * geo.size
    cx, cy = geo.center(label)
    depth = min(len(units), MAX_STACK_DEPTH) - 1
    shift = depth * offset / 2
    out = []
    # drawn bottom first: lower counters peek out up and to the right
    for i in reversed(range(len(units))):
        placed = units[i]
        k = min(i, depth)
        x, y = cx - shift + k * offset, cy + shift - k * offset
        body = _counter_body(placed, colors.get(placed.counter.side, "#888888"), c)
        attrs = {
            "class": "ctr",
            "data-unit": placed.uid,
            "data-hex": label,
            "data-side": placed.counter.side,
            "transform": f"translate({num(x)},{num(y)})",
        }
        out.append(group(attrs, [el("title", None, _counter_title(placed)), *body]))
    if len(units) > 1:
        bx, by = cx + shift + c / 2, cy - shift - c / 2
        out.append(_count_badge(len(units), bx, by, c))
    return out
