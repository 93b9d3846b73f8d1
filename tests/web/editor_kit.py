"""Helpers of the scenario editor's browser tests (issue 16): opening a project, reading
its state, clicking hexes and sides of its map, and a generated 'scan' of the map sheet
(a hex grid drawn with Pillow) with the markers that align it."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from tests.web.kit import api

SCENARIO = "gwite/teaching"
#: the scan's pixels from map coordinates: 0.9 scale, turned 3 degrees, shifted
SCAN_SCALE = 0.9
SCAN_TURN = math.radians(3.0)
SCAN_SHIFT = (60.0, -90.0)


def open_project(page: Any, base: str, project_id: str) -> None:
    page.goto(f"{base}/edit/{project_id}")
    page.wait_for_function("() => window.editor && window.editor.state && window.editor.map")
    page.wait_for_selector(".map-view svg.board polygon[data-hex]")


def state(page: Any) -> Any:
    return page.evaluate("() => window.editor.state")


def revision(page: Any) -> int:
    return int(page.evaluate("() => window.editor.state.project.revision"))


def wait_revision(page: Any, after: int) -> None:
    page.wait_for_function("r => window.editor.state.project.revision > r", arg=after)


def screen_of(page: Any, point: tuple[float, float]) -> tuple[float, float]:
    """Where a point of the map picture is on the screen."""
    p = page.evaluate(
        """([x, y]) => { const root = window.editor.map.view.root;
            const pt = root.createSVGPoint(); pt.x = x; pt.y = y;
            const s = pt.matrixTransform(root.getScreenCTM()); return [s.x, s.y]; }""",
        list(point),
    )
    return float(p[0]), float(p[1])


def hex_centre(page: Any, label: str) -> tuple[float, float]:
    h = page.evaluate("l => window.editor.state.map.hexes[l]", label)
    return float(h["x"]), float(h["y"])


def click_at(page: Any, point: tuple[float, float]) -> None:
    page.mouse.click(*screen_of(page, point))


def click_hex(page: Any, label: str) -> None:
    click_at(page, hex_centre(page, label))


def choose_tool(page: Any, tool: str) -> None:
    page.click(f'.map-toolbar [data-tool="{tool}"]')


def clear_column_run(st: dict[str, Any], length: int) -> list[str]:
    """``length`` clear hexes one under another in a column (a brush stroke's path)."""
    hexes = st["map"]["hexes"]
    for label in sorted(hexes):
        run = [label]
        while len(run) < length:
            below = f"{run[-1][:2]}{int(run[-1][2:]) + 1:02d}"
            if below not in hexes or hexes[below]["terrain"] != "clear":
                break
            run.append(below)
        if len(run) == length and hexes[label]["terrain"] == "clear":
            return run
    raise AssertionError("no run of clear hexes")


def has_side(st: dict[str, Any], kind: str, name: str, a: str, b: str) -> bool:
    wanted = {a, b}
    return any(
        f["type"] == kind and f["name"] == name and wanted in [set(s.split("/")) for s in sides]
        for f in st["features"]["hexside"]
        if (sides := f["sides"])
    )


def rail(st: dict[str, Any], name: str) -> list[str] | None:
    line = next((r for r in st["features"]["rail"] if r["name"] == name), None)
    return None if line is None else list(line["hexes"])


def new_project(base: str, project_id: str, scenario: str = SCENARIO) -> dict[str, Any]:
    request = {"from": scenario, "id": project_id}
    return api(base, "/api/editor/projects", request)  # type: ignore[no-any-return]


def scan_point(x: float, y: float) -> tuple[float, float]:
    """Where the generated scan shows the map point (x, y)."""
    c, s = math.cos(SCAN_TURN) * SCAN_SCALE, math.sin(SCAN_TURN) * SCAN_SCALE
    return c * x - s * y + SCAN_SHIFT[0], s * x + c * y + SCAN_SHIFT[1]


def draw_scan(st: dict[str, Any], path: Path) -> None:
    """A 'scan' of the map sheet: every hex outlined where scan_point puts it."""
    size = st["map"]["hex_size"]
    image = Image.new("RGB", (1300, 1200), "#f3ecd6")
    draw = ImageDraw.Draw(image)
    for label, h in st["map"]["hexes"].items():
        corners = [
            scan_point(
                h["x"] + size * math.cos(math.radians(60 * i)),
                h["y"] + size * math.sin(math.radians(60 * i)),
            )
            for i in range(6)
        ]
        draw.polygon(corners, outline="#5a4a2a")
        cx, cy = scan_point(h["x"], h["y"])
        draw.text((cx - 12, cy - 20), label, fill="#333333")
        draw.ellipse((cx - 3, cy - 3, cx + 3, cy + 3), fill="#aa2222")
    image.save(path)


def image_to_screen(page: Any, point: tuple[float, float]) -> tuple[float, float]:
    p = page.evaluate(
        """([x, y]) => { const img = document.querySelector('image[data-backdrop=""]');
            const pt = img.ownerSVGElement.createSVGPoint(); pt.x = x; pt.y = y;
            const s = pt.matrixTransform(img.getScreenCTM()); return [s.x, s.y]; }""",
        list(point),
    )
    return float(p[0]), float(p[1])


def backdrop(page: Any) -> Any:
    return page.evaluate("() => window.editor.state.backdrop['']")


def drag_marker(page: Any, i: int, label: str) -> None:
    """Drag marker i onto the scan's centre of hex ``label``."""
    before = page.evaluate("() => JSON.stringify(window.editor.state.backdrop[''].matrix)")
    box = page.locator(f'[data-align-marker="{i}"] .ring').bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(*image_to_screen(page, scan_point(*hex_centre(page, label))), steps=8)
    page.mouse.up()
    page.wait_for_function(
        "m => JSON.stringify(window.editor.state.backdrop[''].matrix) !== m", arg=before
    )


def image_transform(page: Any) -> list[float]:
    attr = page.get_attribute('image[data-backdrop=""]', "transform")
    assert attr and attr.startswith("matrix(")
    return [float(v) for v in attr[len("matrix(") : -1].split(",")]


def inverse(m: list[float]) -> list[float]:
    a, b, c, d, e, f = m
    det = a * d - b * c
    return [d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det]


# --- the counter sheet -----------------------------------------------------------------


def form_field(page: Any, name: str) -> Any:
    return page.locator(f'.counter-form [data-field="{name}"]')


def step_input(page: Any, step: int, key: str) -> Any:
    return page.locator(f'.counter-form input[data-step="{step}"][data-key="{key}"]')


def add_counter(page: Any, fields: dict[str, str], steps: list[dict[str, str]], setup: str) -> None:
    """Type a new counter into the form (checking the preview follows) and create it."""
    page.click(".add-counter")
    form_field(page, "id").fill(fields["id"])
    for key in ("side", "nationality", "type", "size"):
        form_field(page, key).select_option(fields[key])
    if fields["type"] == "hq":
        form_field(page, "hq.level").select_option(fields["size"])
    form_field(page, "name").fill(fields["name"])
    if "movement" in fields:
        form_field(page, "movement").fill(fields["movement"])
    for i, step in enumerate(steps):
        page.click(".counter-form .add-step")
        for key, value in step.items():
            step_input(page, i, key).fill(value)
    form_field(page, "setup").fill(setup)
    before = revision(page)
    page.click(".counter-form .save-counter")
    wait_revision(page, before)


# --- the map's tools ----------------------------------------------------------------------


def click_near_side(page: Any, a: str, b: str) -> None:
    """Click inside hex ``a``, toward ``b``: the side between them (the hexside tool)."""
    (ax, ay), (bx, by) = hex_centre(page, a), hex_centre(page, b)
    rev = revision(page)
    click_at(page, (ax + 0.4 * (bx - ax), ay + 0.4 * (by - ay)))
    wait_revision(page, rev)


def draw_rail(page: Any, name: str, line: list[str]) -> None:
    """A rail line by clicks on its hexes (the first click only starts it)."""
    choose_tool(page, "rail")
    page.fill('input[name="rail-name"]', name)
    for i, label in enumerate(line):
        rev = revision(page)
        click_hex(page, label)
        if i:
            wait_revision(page, rev)


def place_city(page: Any, name: str, vp: int, label: str) -> None:
    """A city with its Victory Points, placed by a click."""
    choose_tool(page, "place")
    page.select_option('select[name="place-kind"]', "city")
    page.fill('.place-form input[name="name"]', name)
    page.fill('.place-form input[name="vp"]', str(vp))
    rev = revision(page)
    click_hex(page, label)
    wait_revision(page, rev)
