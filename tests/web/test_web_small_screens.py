"""Small screens (issue 17): a laptop (1280x720) and a tablet (1024x768 landscape, 768x1024
portrait) show the map and every panel without the page scrolling, the prompt and the action
buttons in view; hex numbers follow the zoom (hidden on the whole map, shown zoomed in) and
pointing at (or touching) a hex whose number is hidden shows its label.

Both systems: the GWitE teaching scenario (four-digit hex numbers) and the Tannenberg teaching
scenario (two coordinates per hex, "A1 B29").
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.kit import new_game

LAPTOP = {"width": 1280, "height": 720}
TABLET = {"width": 1024, "height": 768}
PORTRAIT = {"width": 768, "height": 1024}
TOUCH_TARGET_PX = 40  # about a fingertip
IN_VIEW = ("#map-pane", ".side", "#prompt", "#actions button:visible", ".map-tools", "#zoom-in")
TOUCH_TARGETS = (
    "#zoom-in",
    "#zoom-fit",
    ".tabs button",
    "#actions button:visible",
    "#actions summary:visible",
)
SCENARIOS = {
    "gwite": ("gwite/teaching", {"allied": "human", "central": "human"}),
    "tannenberg": ("tannenberg/teaching", {"german": "human", "russian": "human"}),
}


# --- helpers ----------------------------------------------------------------------------------


def open_seat(browser: Any, base: str, system: str, viewport: dict[str, int], touch: bool) -> Any:
    """A fresh page of the first seat of a new game of ``system``, at ``viewport``."""
    scenario, seats = SCENARIOS[system]
    game = new_game(base, scenario, seed=1, seats=seats)
    context = browser.new_context(viewport=viewport, has_touch=touch)
    page = context.new_page()
    page.set_default_timeout(20_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(base + next(iter(game["seats"].values()))["url"])
    page.wait_for_selector(".layer-counters .ctr", state="attached")
    page.wait_for_function("window.greatwar && window.greatwar.view !== null")
    page.wait_for_function("window.greatwar.map.zoomLabels !== undefined")
    page.errors = errors
    return page


@pytest.fixture
def pages() -> Any:
    """Open pages (closed after the test; script errors fail it)."""
    opened: list[Any] = []

    def track(page: Any) -> Any:
        opened.append(page)
        return page

    yield track
    for page in opened:
        errors = page.errors
        page.context.close()
        assert not errors, f"script errors in the page: {errors}"


def box(page: Any, selector: str) -> dict[str, float]:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, f"{selector} is not shown"
    return found


def assert_in_view(page: Any, selector: str) -> None:
    """The element is shown and lies wholly inside the window."""
    b = box(page, selector)
    view = page.viewport_size
    assert b["width"] > 0 and b["height"] > 0, selector
    assert b["x"] >= 0 and b["y"] >= 0, (selector, b)
    assert b["x"] + b["width"] <= view["width"] + 0.5, (selector, b, view)
    assert b["y"] + b["height"] <= view["height"] + 0.5, (selector, b, view)


def assert_no_page_scroll(page: Any) -> None:
    sizes = page.evaluate(
        "(() => { const d = document.documentElement;"
        " return [d.scrollWidth, d.clientWidth, d.scrollHeight, d.clientHeight]; })()"
    )
    width, client_width, height, client_height = sizes
    assert width <= client_width, f"the page scrolls sideways: {width} > {client_width}"
    assert height <= client_height, f"the page scrolls down: {height} > {client_height}"


def assert_layout(page: Any) -> None:
    """Map, panels, prompt and action buttons all in view, and nothing to scroll."""
    assert_no_page_scroll(page)
    for selector in IN_VIEW:
        assert_in_view(page, selector)
    for tab in page.locator(".tabs button[data-tab]").all():
        b = tab.bounding_box()
        assert b is not None and b["x"] + b["width"] <= page.viewport_size["width"] + 0.5
    side, pane = box(page, ".side"), box(page, "#map-pane")
    assert pane["width"] * pane["height"] > side["width"] * side["height"], "the map is the larger"


def central_hex(page: Any) -> str:
    """The hex at the centre of the map pane."""
    return str(
        page.evaluate(
            "(() => { const m = window.greatwar.map; const r = m.root.getBoundingClientRect();"
            " const p = m.toMap(r.left + r.width / 2, r.top + r.height / 2);"
            " return m.hexAt(p.x, p.y); })()"
        )
    )


def number_of(page: Any, hex_label: str) -> Any:
    return page.locator(".hex-numbers text.hn").filter(has_text=hex_label).first


def point_of(page: Any, hex_label: str) -> dict[str, float]:
    point = page.evaluate("h => window.greatwar.map.screenPoint(h)", hex_label)
    assert point is not None
    return dict(point)


def number_px(page: Any) -> float:
    return float(page.get_attribute("svg.board", "data-hex-number-px") or 0)


def zoom_in_until_numbers_show(page: Any, hex_label: str) -> None:
    for _ in range(12):
        if number_of(page, hex_label).is_visible():
            return
        page.click("#zoom-in")
    raise AssertionError(f"hex numbers still hidden at {number_px(page)} px")


def check_numbers_follow_zoom(page: Any, *, touch: bool) -> str:
    """Whole map: numbers hidden, the pointed hex's label in the tip; zoomed in: shown."""
    page.click("#zoom-fit")
    hex_label = central_hex(page)
    assert number_px(page) < 9, "the whole map should be too small to read numbers"
    assert not number_of(page, hex_label).is_visible()
    assert page.locator(".hex-numbers text.hn:visible").count() == 0
    point = point_of(page, hex_label)
    if touch:
        page.touchscreen.tap(point["x"], point["y"])
    else:
        page.mouse.move(point["x"], point["y"])
    tip = page.locator("#hex-tip")
    tip.wait_for(state="visible")
    assert tip.get_attribute("data-hex") == hex_label
    assert hex_label in tip.inner_text()
    assert "·" in tip.inner_text()  # and its terrain
    tip_box = box(page, "#hex-tip")
    assert abs(tip_box["x"] - point["x"]) < 200 and abs(tip_box["y"] - point["y"]) < 80

    zoom_in_until_numbers_show(page, hex_label)
    assert number_px(page) >= 9
    page.mouse.move(*[point_of(page, hex_label)[k] for k in ("x", "y")])
    page.wait_for_timeout(150)
    assert not tip.is_visible(), "the tip is not needed where the number shows"
    page.click("#zoom-fit")
    assert not number_of(page, hex_label).is_visible()
    return hex_label


# --- tests ------------------------------------------------------------------------------------


@pytest.mark.parametrize("system", ["gwite", "tannenberg"])
def test_laptop_layout_and_zoom_labels(
    server: str, browser: Any, pages: Any, artifacts: Path, system: str
) -> None:
    page = pages(open_seat(browser, server, system, LAPTOP, touch=False))
    assert_layout(page)
    name = "layout-1280x720.png" if system == "gwite" else f"layout-1280x720-{system}.png"
    page.screenshot(path=str(artifacts / name))
    hex_label = check_numbers_follow_zoom(page, touch=False)
    if system == "tannenberg":
        assert " " in hex_label  # two coordinates
        assert number_of(page, hex_label).get_attribute("data-coords") == "pair"
        # at 10 px a four-digit number would show, but a pair of coordinates is too crowded
        page.evaluate("f => window.greatwar.map.zoom(f)", 10 / number_px(page))
        assert 9 <= number_px(page) < 11
        assert not number_of(page, hex_label).is_visible()
        assert "hn-hidden" not in (page.get_attribute("svg.board", "class") or "")
        page.click("#zoom-fit")
    zoom_in_until_numbers_show(page, hex_label)
    assert_no_page_scroll(page)
    page.screenshot(path=str(artifacts / name.replace(".png", "-zoomed.png")))


@pytest.mark.parametrize("system", ["gwite", "tannenberg"])
def test_tablet_layout_touch_sized_and_zoom_labels(
    server: str, browser: Any, pages: Any, artifacts: Path, system: str
) -> None:
    page = pages(open_seat(browser, server, system, TABLET, touch=True))
    assert_layout(page)
    for selector in TOUCH_TARGETS:
        for element in page.locator(selector).all():
            b = element.bounding_box()
            if b is not None:
                assert b["height"] >= TOUCH_TARGET_PX, (selector, b)
    name = "layout-tablet.png" if system == "gwite" else f"layout-tablet-{system}.png"
    page.screenshot(path=str(artifacts / name))
    check_numbers_follow_zoom(page, touch=True)


@pytest.mark.parametrize("system", ["gwite", "tannenberg"])
def test_tablet_portrait_puts_the_panels_under_the_map(
    server: str, browser: Any, pages: Any, artifacts: Path, system: str
) -> None:
    page = pages(open_seat(browser, server, system, PORTRAIT, touch=True))
    assert_layout(page)
    side, pane = box(page, ".side"), box(page, "#map-pane")
    assert side["y"] >= pane["y"] + pane["height"] - 1, "the panels are below the map"
    assert side["width"] >= PORTRAIT["width"] - 2
    assert_in_view(page, ".track .step.now")  # the step in play stays in the top bar
    page.screenshot(path=str(artifacts / f"layout-tablet-portrait-{system}.png"))


def test_panels_fold_away_for_more_map_and_stay_folded(
    server: str, browser: Any, pages: Any
) -> None:
    page = pages(open_seat(browser, server, "gwite", LAPTOP, touch=False))
    wide = box(page, "#map-pane")["width"]
    page.click(".side-toggle")
    assert box(page, "#map-pane")["width"] > wide + 200
    assert not page.locator("#actions").is_visible()
    assert_no_page_scroll(page)
    page.reload()
    page.wait_for_selector(".layer-counters .ctr", state="attached")
    assert page.evaluate("document.body.classList.contains('panels-collapsed')")
    page.click(".side-toggle")
    assert_in_view(page, "#actions button:visible")
    assert abs(box(page, "#map-pane")["width"] - wide) < 2


def touch(cdp: Any, kind: str, points: list[tuple[float, float]]) -> None:
    """Fingers on the screen (Chromium's touch events, which make pointer events)."""
    touch_points = [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]
    cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": touch_points})


def view_width(page: Any) -> float:
    return float(page.evaluate("window.greatwar.map.box.w"))


def test_two_fingers_zoom_the_map_on_a_tablet(server: str, browser: Any, pages: Any) -> None:
    page = pages(open_seat(browser, server, "tannenberg", TABLET, touch=True))
    cdp = page.context.new_cdp_session(page)
    pane = box(page, "#map-pane")
    cx, cy = pane["x"] + pane["width"] / 2, pane["y"] + pane["height"] / 2
    before, version = view_width(page), page.evaluate("window.greatwar.version")

    def pinch(start: float, end: float) -> None:
        touch(cdp, "touchStart", [(cx - start, cy)])
        touch(cdp, "touchStart", [(cx - start, cy), (cx + start, cy)])
        for step in range(1, 9):
            gap = start + (end - start) * step / 8
            touch(cdp, "touchMove", [(cx - gap, cy), (cx + gap, cy)])
        touch(cdp, "touchEnd", [])

    pinch(40, 160)  # spread: zoom in
    zoomed = view_width(page)
    assert zoomed < before / 2.5, (before, zoomed)
    assert page.evaluate("window.greatwar.version") == version  # no tap, no action
    pinch(160, 40)  # pinch: zoom out again
    assert view_width(page) > zoomed * 2.5
