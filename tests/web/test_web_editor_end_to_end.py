"""An evening with the scenario editor, end to end in a real browser (issue 16's "done
when"): a blank map started from the chooser; a generated backdrop 'scan' loaded and the
grid aligned to it by three drags; every hex painted (brush strokes), a few forests, a
river, a rail line and a city; the numbers the rules need entered on the Scenario tab;
three counters typed into the counter sheet; the page reloaded; the saved files checked
with ``greatwar validate``; then Play, and the first action of the new scenario played
on the game page.  Everything entered is INVENTED test data, not a real map."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

from tests.web.editor_kit import (
    add_counter,
    backdrop,
    choose_tool,
    click_hex,
    click_near_side,
    drag_marker,
    draw_rail,
    draw_scan,
    has_side,
    open_project,
    place_city,
    rail,
    revision,
    state,
    wait_revision,
)
from tests.web.kit import api

PROJECT = "evening-sketch"


def start_blank_map(page: Any, base: str, artifacts: Path) -> None:
    """The chooser: a blank GWitE map of 6 columns and 5 rows."""
    page.goto(f"{base}/edit")
    page.wait_for_selector(".start-blank")
    page.locator(".blank-system").select_option("gwite")
    page.fill(".blank-name", "Evening sketch")
    page.fill(".blank-col-last", "6")
    page.fill(".blank-row-last", "5")
    page.fill(".blank-id", PROJECT)
    page.screenshot(path=str(artifacts / "editor-chooser.png"))
    page.click(".start-blank")
    page.wait_for_url(f"**/edit/{PROJECT}")
    open_project(page, base, PROJECT)


def align_backdrop(page: Any, tmp_path: Path) -> list[float]:
    """Load the generated scan and drag the three markers onto its hex centres."""
    scan = tmp_path / "evening-scan.png"
    draw_scan(state(page), scan)
    page.set_input_files('input[name="backdrop-file"]', str(scan))
    page.wait_for_function(
        "() => (window.editor.state.backdrop[''] || {}).image === 'evening-scan.png'"
    )
    page.check('input[name="backdrop-align"]')
    labels = [page.input_value(f'input[name="align-hex-{i}"]') for i in range(3)]
    for i, label in enumerate(labels):
        drag_marker(page, i, label)
    page.uncheck('input[name="backdrop-align"]')  # back to the map's tools
    return list(backdrop(page)["matrix"])


def paint_everything(page: Any) -> None:
    """Clear terrain everywhere with the seven-hex brush, then two forests by clicks."""
    choose_tool(page, "terrain")
    page.click('.swatch[data-value="clear"]')
    page.select_option('select[name="brush"]', "7")
    while unknown := [
        h for h, v in state(page)["map"]["hexes"].items() if v["terrain"] == "unknown"
    ]:
        rev = revision(page)
        click_hex(page, unknown[0])
        wait_revision(page, rev)
    page.select_option('select[name="brush"]', "1")
    page.click('.swatch[data-value="forest"]')
    for label in ("0302", "0303"):
        rev = revision(page)
        click_hex(page, label)
        wait_revision(page, rev)


def draw_river_rail_city(page: Any) -> None:
    choose_tool(page, "hexside")
    page.select_option('select[name="hexside-kind"]', "minor_river")
    page.fill('input[name="hexside-name"]', "Abendbach")
    click_near_side(page, "0404", "0405")
    draw_rail(page, "Abendbahn", ["0101", "0201", "0301"])
    place_city(page, "Abendstadt", 2, "0505")


def set_datum(page: Any, path: str, value: str) -> None:
    """The Scenario tab's "any other datum" form: one ``set`` op."""
    page.click('.tabs [data-tab="tab-scenario"]')
    page.fill("#tab-scenario .datum-path", path)
    page.fill("#tab-scenario .datum-value", value)
    rev = revision(page)
    page.click("#tab-scenario .apply-datum")
    wait_revision(page, rev)


COUNTERS = [
    (
        {"id": "R-HQ-1", "name": "1st Army HQ", "side": "allied", "nationality": "russia"}
        | {"type": "hq", "size": "army", "movement": "6", "setup": "0504"},
        [{"attack_shift": "1", "command_radius": "3", "command_strength": "6"}],
    ),
    (
        {"id": "R-1", "name": "I Corps", "side": "allied", "nationality": "russia"}
        | {"type": "infantry", "size": "corps", "movement": "4", "setup": "0503"},
        [{"attack": "4", "defense": "4"}, {"attack": "2", "defense": "2"}],
    ),
    (
        {"id": "G-1", "name": "1st Division", "side": "central", "nationality": "germany"}
        | {"type": "infantry", "size": "division", "movement": "5", "setup": "0202"},
        [{"attack": "4", "defense": "5"}, {"attack": "2", "defense": "3"}],
    ),
]


def validate_files(base: str, tmp_path: Path) -> str:
    """``greatwar validate`` on the project's saved files, laid out as the server keeps them."""
    files = api(base, f"/api/editor/projects/{PROJECT}/files")
    root = tmp_path / "saved"
    for relative, text in files.items():
        target = root / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        tomllib.loads(text)  # each file is TOML
    scenario = next(root.glob("gwite/scenarios/*.toml"))
    done = subprocess.run(
        [sys.executable, "-m", "greatwar.cli", "validate", str(scenario)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_an_evening_with_the_editor_from_a_blank_map_to_the_first_move_of_a_game(
    editor_server: str, new_page: Any, artifacts: Path, tmp_path: Path
) -> None:
    page = new_page()
    start_blank_map(page, editor_server, artifacts)
    assert not state(page)["playable"]  # every hex is still '?'

    matrix = align_backdrop(page, tmp_path)
    assert matrix != [1, 0, 0, 1, 0, 0]
    paint_everything(page)
    draw_river_rail_city(page)
    page.screenshot(path=str(artifacts / "editor-evening-map.png"))

    # the numbers the rules need, refused until given: TCR (2.4) and Supply Range (9.12)
    set_datum(page, "parameters.tcr", '{"russia": 3, "germany": 1}')
    set_datum(page, "parameters.supply_range", '{"russia": 3, "germany": 5}')
    page.click('.tabs [data-tab="tab-counters"]')
    for fields, steps in COUNTERS:
        add_counter(page, fields, steps, fields["setup"])
    page.screenshot(path=str(artifacts / "editor-evening-counters.png"))

    # reload: everything is in the project the server saved
    open_project(page, editor_server, PROJECT)
    st = state(page)
    assert {h["terrain"] for h in st["map"]["hexes"].values()} == {"clear", "forest"}
    assert st["map"]["hexes"]["0302"]["terrain"] == "forest"
    assert has_side(st, "minor_river", "Abendbach", "0404", "0405")
    assert rail(st, "Abendbahn") == ["0101", "0201", "0301"]
    assert any(c["hex"] == "0505" and c["vp"] == 2 for c in st["features"]["city"])
    assert {c["id"]: c["setup"] for c in st["counters"]} == {
        "R-HQ-1": "0504",
        "R-1": "0503",
        "G-1": "0202",
    }
    assert st["backdrop"][""]["matrix"] == matrix
    assert st["playable"] and not st["problems"]

    # the saved TOML: one character a hex, and `greatwar validate` finds it valid
    files = api(editor_server, f"/api/editor/projects/{PROJECT}/files")
    grid = tomllib.loads(files["gwite/maps/evening-sketch.toml"])["terrain"]["grid"]
    rows = [row.split()[1] for row in grid.strip().splitlines()]
    assert rows == ["......", "..f...", "..f...", "......", "......"]  # 0302, 0303 forest
    said = validate_files(editor_server, tmp_path)
    assert "valid scenario" in said and "30 hexes, 3 counters" in said

    # play it: the game page opens on the Allies' seat, and the first move is made by clicks
    page.click('.tabs [data-tab="tab-map"]')
    page.click("#play")
    page.wait_for_url("**/game/**")
    page.wait_for_selector(".layer-counters .ctr", state="attached")
    page.wait_for_function("window.greatwar && window.greatwar.view !== null")
    assert "select a unit" in page.inner_text("#prompt")
    version = int(page.evaluate("window.greatwar.version"))
    click_game_hex(page, "0503")
    page.wait_for_function(f"window.greatwar.version > {version} && !window.greatwar.busy")
    assert page.locator('.layer-highlight [data-target="0403"]').count() == 1
    version = int(page.evaluate("window.greatwar.version"))
    click_game_hex(page, "0403")
    page.wait_for_function(f"window.greatwar.version > {version} && !window.greatwar.busy")
    moved = page.get_attribute('.layer-counters [data-unit="R-1"]', "data-hex")
    assert moved == "0403"
    page.screenshot(path=str(artifacts / "editor-evening-game.png"))


def click_game_hex(page: Any, label: str) -> None:
    point = page.evaluate("h => window.greatwar.map.screenPoint(h)", label)
    page.mouse.click(point["x"], point["y"])
