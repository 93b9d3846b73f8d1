"""The scenario editor's map in a real browser (issue 16): terrain by click and by a
brush stroke (one undo step), a river hexside, a rail line by clicks (a gap refused at
the place, nothing changed), a city with VP; a backdrop scan (a hex grid drawn with
Pillow) loaded from disk, aligned by dragging three markers, its opacity set; every
change checked in the state the server returns, and again after reloading the page.
"""

from __future__ import annotations

import itertools
import math
import re
from pathlib import Path
from typing import Any

import pytest

from tests.web.editor_kit import (
    SCAN_SCALE,
    SCAN_SHIFT,
    SCAN_TURN,
    backdrop,
    choose_tool,
    clear_column_run,
    click_at,
    click_hex,
    drag_marker,
    draw_rail,
    draw_scan,
    has_side,
    hex_centre,
    image_transform,
    inverse,
    new_project,
    open_project,
    place_city,
    rail,
    revision,
    scan_point,
    screen_of,
    state,
    wait_revision,
)
from tests.web.kit import api

# --- the map tools ---------------------------------------------------------------------


def test_map_tools_terrain_stroke_river_rail_city_reach_the_server_and_survive_a_reload(
    editor_server: str, new_page: Any
) -> None:
    created = new_project(editor_server, "map-tools")
    page = new_page()
    open_project(page, editor_server, created["project"]["id"])
    st = state(page)
    run = clear_column_run(st, 4)
    one, stroke = run[0], run[1:]

    # terrain: forest by a click
    choose_tool(page, "terrain")
    page.click('.swatch[data-value="forest"]')
    rev = revision(page)
    click_hex(page, one)
    wait_revision(page, rev)
    assert state(page)["map"]["hexes"][one]["terrain"] == "forest"

    # a brush stroke over three hexes: one batch, one undo step
    rev = revision(page)
    page.mouse.move(*screen_of(page, hex_centre(page, stroke[0])))
    page.mouse.down()
    for label in stroke[1:]:
        page.mouse.move(*screen_of(page, hex_centre(page, label)), steps=6)
    page.mouse.up()
    wait_revision(page, rev)
    st = state(page)
    assert st["project"]["revision"] == rev + 1
    assert [st["map"]["hexes"][h]["terrain"] for h in stroke] == ["forest"] * 3
    page.click("#undo")
    wait_revision(page, rev + 1)
    st = state(page)
    assert [st["map"]["hexes"][h]["terrain"] for h in stroke] == ["clear"] * 3
    assert st["map"]["hexes"][one]["terrain"] == "forest"
    page.click("#redo")
    page.wait_for_function(
        "h => window.editor.state.map.hexes[h].terrain === 'forest'", arg=stroke[-1]
    )

    # a river: click near the side between two hexes (inside the first, toward the second)
    choose_tool(page, "hexside")
    page.select_option('select[name="hexside-kind"]', "minor_river")
    page.fill('input[name="hexside-name"]', "Testfluss")
    a, b = "0303", "0304"
    (ax, ay), (bx, by) = hex_centre(page, a), hex_centre(page, b)
    rev = revision(page)
    click_at(page, (ax + 0.4 * (bx - ax), ay + 0.4 * (by - ay)))
    wait_revision(page, rev)
    assert has_side(state(page), "minor_river", "Testfluss", a, b)
    assert page.locator(".side-mark").count() >= 1
    # a second click near the same side takes it away; a third puts it back
    for present in (False, True):
        rev = revision(page)
        click_at(page, (ax + 0.4 * (bx - ax), ay + 0.4 * (by - ay)))
        wait_revision(page, rev)
        assert has_side(state(page), "minor_river", "Testfluss", a, b) is present

    # rail: three hexes by clicks, each next to the one before
    line = ["0812", "0912", "1012"]
    assert all(n in state(page)["map"]["hexes"][m]["n"] for m, n in itertools.pairwise(line))
    draw_rail(page, "Testbahn", line)
    assert rail(state(page), "Testbahn") == line

    # a gap is refused: the message shows, the place is outlined, nothing changes
    rev = revision(page)
    click_hex(page, "1015")
    page.wait_for_selector("#error:not([hidden])")
    assert page.inner_text("#error").strip()
    assert "not adjacent" in page.inner_text("#error")
    assert "1015" in page.eval_on_selector_all(
        "[data-outline]", "els => els.map(e => e.dataset.outline)"
    )
    assert revision(page) == rev
    assert rail(state(page), "Testbahn") == line
    assert rail(api(editor_server, "/api/editor/projects/map-tools"), "Testbahn") == line

    # a city with its victory points
    place_city(page, "Teststadt", 2, "1005")
    city = {"hex": "1005", "name": "Teststadt", "size": "city", "vp": 2}
    assert city in [{k: c[k] for k in city} for c in state(page)["features"]["city"]]

    # a feature of the list outlines its hexes on the map
    page.click('.feature-list details[data-kind="rail"] summary')
    page.click('.feature-list button.feature[data-hexes="0812 0912 1012"]')
    outlined = page.eval_on_selector_all("[data-outline]", "els => els.map(e => e.dataset.outline)")
    assert outlined == line

    # everything is in the project on the server: reload the page and look again
    open_project(page, editor_server, "map-tools")
    st = state(page)
    assert st["map"]["hexes"][one]["terrain"] == "forest"
    assert [st["map"]["hexes"][h]["terrain"] for h in stroke] == ["forest"] * 3
    assert has_side(st, "minor_river", "Testfluss", a, b)
    assert rail(st, "Testbahn") == line
    assert any(c["hex"] == "1005" and c["vp"] == 2 for c in st["features"]["city"])


def test_country_brush_of_seven_a_region_by_clicks_and_a_fortress_edited_and_removed(
    editor_server: str, new_page: Any
) -> None:
    new_project(editor_server, "map-places")
    page = new_page()
    open_project(page, editor_server, "map-places")

    # country: a brush of seven hexes (the hex and its neighbours) in one click
    choose_tool(page, "country")
    page.click('.swatch[data-value="russia"]')
    page.select_option('select[name="brush"]', "7")
    rev = revision(page)
    click_hex(page, "0505")
    wait_revision(page, rev)
    st = state(page)
    seven = ["0505", *st["map"]["hexes"]["0505"]["n"]]
    assert len(seven) == 7
    assert {st["features"]["countries"].get(h) for h in seven} == {"russia"}
    assert page.locator('.country-tint[data-country="russia"]').count() >= 7

    # a region: clicks add hexes, a second click on one takes it out
    choose_tool(page, "area")
    page.select_option('select[name="area-kind"]', "region")
    page.fill('input[name="area-name"]', "Testgebiet")
    for label in ["0303", "0404", "0303"]:
        rev = revision(page)
        click_hex(page, label)
        wait_revision(page, rev)
    region = next(r for r in state(page)["features"]["region"] if r["name"] == "Testgebiet")
    assert region["hexes"] == ["0404"]

    # a fortress: set by a click, shown in the form by another, edited, removed
    choose_tool(page, "place")
    page.select_option('select[name="place-kind"]', "fortress")
    page.fill('.place-form input[name="name"]', "Testfeste")
    page.select_option('.place-form select[name="country"]', "russia")
    page.fill('.place-form input[name="defense0"]', "6")
    page.fill('.place-form input[name="defense1"]', "3")
    rev = revision(page)
    click_hex(page, "0808")
    wait_revision(page, rev)
    fortress = {"hex": "0808", "name": "Testfeste", "country": "russia", "defense": [6, 3]}
    assert fortress in [{k: f[k] for k in fortress} for f in state(page)["features"]["fortress"]]
    choose_tool(page, "terrain")
    choose_tool(page, "place")
    click_hex(page, "0808")
    assert page.input_value('.place-form input[name="name"]') == "Testfeste"
    page.fill('.place-form input[name="defense0"]', "7")
    rev = revision(page)
    page.click('.place-form button[type="submit"]')
    wait_revision(page, rev)
    got = next(f for f in state(page)["features"]["fortress"] if f["hex"] == "0808")
    assert got["defense"] == [7, 3]
    rev = revision(page)
    page.click(".place-form button.remove")
    wait_revision(page, rev)
    assert not [f for f in state(page)["features"]["fortress"] if f["hex"] == "0808"]
    served = api(editor_server, "/api/editor/projects/map-places")
    assert not [f for f in served["features"]["fortress"] if f["hex"] == "0808"]
    assert served["features"]["countries"]["0505"] == "russia"


# --- the backdrop ------------------------------------------------------------------------


def test_backdrop_loaded_aligned_by_three_drags_and_its_opacity_kept(
    editor_server: str, new_page: Any, artifacts: Path, tmp_path: Path
) -> None:
    created = new_project(editor_server, "map-backdrop")
    page = new_page()
    open_project(page, editor_server, "map-backdrop")
    scan = tmp_path / "scan.png"
    draw_scan(created, scan)

    # the scan is read in the browser; the server keeps only its name and alignment
    page.set_input_files('input[name="backdrop-file"]', str(scan))
    page.wait_for_function("() => (window.editor.state.backdrop[''] || {}).image === 'scan.png'")
    page.wait_for_selector('image[data-backdrop=""]', state="attached")
    files = api(editor_server, "/api/editor/projects/map-backdrop/files")
    assert not [p for p in files if not p.endswith(".toml")]

    # three far-apart corners by default; drag each marker onto the scan's hex centre
    page.check('input[name="backdrop-align"]')
    labels = [page.input_value(f'input[name="align-hex-{i}"]') for i in range(3)]
    assert labels == ["0101", "2001", "2016"]
    for i, label in enumerate(labels):
        drag_marker(page, i, label)
    expected = [
        math.cos(SCAN_TURN) * SCAN_SCALE,
        math.sin(SCAN_TURN) * SCAN_SCALE,
        -math.sin(SCAN_TURN) * SCAN_SCALE,
        math.cos(SCAN_TURN) * SCAN_SCALE,
        *SCAN_SHIFT,
    ]
    matrix = backdrop(page)["matrix"]
    assert matrix[:4] == pytest.approx(expected[:4], abs=0.01)
    for label in api(editor_server, "/api/editor/projects/map-backdrop")["map"]["hexes"]:
        x, y = hex_centre(page, label)
        got = (matrix[0] * x + matrix[2] * y + matrix[4], matrix[1] * x + matrix[3] * y + matrix[5])
        assert math.dist(got, scan_point(x, y)) < 4.0, label
    said = re.search(r"a hex is ([\d.]+) px on the scan", page.inner_text(".map-status"))
    assert said and float(said.group(1)) == pytest.approx(SCAN_SCALE * 40, abs=0.5)
    # the image is drawn with the inverse: map -> scan -> map is the identity
    assert image_transform(page) == pytest.approx(inverse(matrix), rel=1e-3, abs=0.05)

    # opacity of the map's fill over the scan
    page.evaluate(
        """() => { const s = document.querySelector('input[name="backdrop-opacity"]');
            s.value = '0.3'; s.dispatchEvent(new Event('input'));
            s.dispatchEvent(new Event('change')); }"""
    )
    page.wait_for_function("() => window.editor.state.backdrop[''].opacity === 0.3")
    fill = page.evaluate(
        """() => getComputedStyle(document.querySelector('g.hexes polygon[data-hex="0505"]'))
            .fillOpacity"""
    )
    assert float(fill) == pytest.approx(0.3)
    page.screenshot(path=str(artifacts / "editor-backdrop.png"))

    # three hexes in a line cannot align a grid: the server's refusal is shown
    page.fill('input[name="align-hex-1"]', "0102")
    page.press('input[name="align-hex-1"]', "Enter")
    page.fill('input[name="align-hex-2"]', "0103")
    page.press('input[name="align-hex-2"]', "Enter")
    box = page.locator('[data-align-marker="2"] .ring').bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + 4, box["y"] + 2, steps=4)
    page.mouse.up()
    page.wait_for_selector("#error:not([hidden])")
    assert "alignment refused" in page.inner_text("#error")
    assert backdrop(page)["matrix"] == matrix

    # a reload has it all: the alignment from the server, the image from this browser
    open_project(page, editor_server, "map-backdrop")
    page.wait_for_selector('image[data-backdrop=""]', state="attached")
    assert backdrop(page) == {"matrix": matrix, "opacity": 0.3, "image": "scan.png"}
    assert image_transform(page) == pytest.approx(inverse(matrix), rel=1e-3, abs=0.05)


def test_two_maps_each_has_its_own_backdrop_and_alignment_hexes_in_its_numbering(
    editor_server: str, new_page: Any
) -> None:
    new_project(editor_server, "map-two-maps", "gwite/two-maps-teaching")
    page = new_page()
    open_project(page, editor_server, "map-two-maps")
    options = page.eval_on_selector_all(
        'select[name="backdrop-map"] option', "els => els.map(e => e.value)"
    )
    assert options == ["n", "s"]
    labels = [page.input_value(f'input[name="align-hex-{i}"]') for i in range(3)]
    assert all(label.startswith("n") for label in labels)
    page.select_option('select[name="backdrop-map"]', "s")
    labels = [page.input_value(f'input[name="align-hex-{i}"]') for i in range(3)]
    assert all(label.startswith("s") for label in labels)
    assert len(set(labels)) == 3
    # a label typed without its map's prefix is read in that map's numbering
    page.evaluate(
        """() => { const i = document.querySelector('input[name="align-hex-0"]');
            i.disabled = false; i.value = '0202'; i.dispatchEvent(new Event('change')); }"""
    )
    assert page.input_value('input[name="align-hex-0"]') == "s0202"
    # a label that is no hex of this map is refused with a message, the old one kept
    page.evaluate(
        """() => { const i = document.querySelector('input[name="align-hex-1"]');
            i.disabled = false; i.value = 'n0101'; i.dispatchEvent(new Event('change')); }"""
    )
    page.wait_for_selector("#error:not([hidden])")
    assert "not a hex of this map" in page.inner_text("#error")
    assert page.input_value('input[name="align-hex-1"]') == labels[1]
