"""The scenario editor's sheets in a real browser (issue 16): the chooser, the counter
sheet (table, form, preview as you type, CSV out and in), the scenario's data and what
is still lacking.  Each change is checked in the STATE the server returns (and after a
reload), each refusal shown with nothing changed."""

from __future__ import annotations

import csv
import io
import tomllib
from pathlib import Path
from typing import Any

from greatwar.model.schema import Counter
from greatwar.server import mapdata
from tests.web.editor_kit import add_counter, form_field, step_input
from tests.web.kit import api

DATA = Path(__file__).resolve().parents[2] / "greatwar" / "data"


# --- helpers ----------------------------------------------------------------------------------


def new_project(base: str, project_id: str) -> dict[str, Any]:
    """A project made from the FICTIONAL teaching scenario, through the API."""
    state: dict[str, Any] = api(
        base, "/api/editor/projects", {"from": "gwite/teaching", "id": project_id}
    )
    return state


def open_project(page: Any, base: str, project_id: str, tab: str = "tab-counters") -> None:
    page.goto(f"{base}/edit/{project_id}")
    page.wait_for_function("window.editor && window.editor.state !== null")
    page.click(f'.tabs [data-tab="{tab}"]')


def state(page: Any) -> Any:
    return page.evaluate("window.editor.state")


def revision(page: Any) -> int:
    return int(page.evaluate("window.editor.state.project.revision"))


def wait_revision_after(page: Any, before: int) -> None:
    page.wait_for_function(f"window.editor.state.project.revision > {before}")


def counter(page: Any, counter_id: str) -> dict[str, Any] | None:
    found = [c for c in state(page)["counters"] if c["id"] == counter_id]
    return found[0] if found else None


def preview_values(page: Any) -> str:
    return str(page.locator(".counter-preview .values").text_content())


def as_csv(rows: list[list[str]]) -> str:
    out = io.StringIO()
    csv.writer(out).writerows(rows)
    return out.getvalue()


# --- the chooser ------------------------------------------------------------------------------


def test_the_chooser_starts_a_project_from_a_scenario_and_then_offers_to_open_it(
    editor_server: str, new_page: Any
) -> None:
    source = "gwite/hindenburg-teaching"
    made_before = [p for p in api(editor_server, "/api/editor/projects") if p["source"] == source]
    page = new_page()
    page.goto(f"{editor_server}/edit?from={source}")
    select = page.locator(".scenario-select")
    select.wait_for()
    assert select.input_value() == source
    assert page.locator(".open-existing").count() == len(made_before)
    page.fill(".from-scenario .project-id", "sheet-chooser")
    page.click(".start-from")
    page.wait_for_url("**/edit/sheet-chooser")
    page.wait_for_function("window.editor && window.editor.state !== null")
    made = state(page)["project"]
    assert made["id"] == "sheet-chooser"
    assert made["source"] == source
    # the chooser lists it, and for the same scenario offers to open it
    page.goto(f"{editor_server}/edit?from={source}")
    page.locator(".project-list [data-id=sheet-chooser] a").wait_for()
    links = page.locator(".open-existing")
    assert links.count() == len(made_before) + 1
    assert "/edit/sheet-chooser" in [
        links.nth(i).get_attribute("href") for i in range(links.count())
    ]
    assert "Start another" in page.inner_text(".start-from")


def test_the_chooser_starts_a_blank_map_and_shows_a_refusal(
    editor_server: str, new_page: Any
) -> None:
    page = new_page()
    page.goto(f"{editor_server}/edit")
    page.locator(".blank-system").select_option("tannenberg")
    assert page.locator(".blank-numbering").input_value() == "tannenberg"
    page.fill(".blank-name", "Masurian sketch")
    page.fill(".blank-col-last", "6")
    page.fill(".blank-row-last", "5")
    page.fill(".blank-id", "sheet-blank")
    page.click(".start-blank")
    page.wait_for_url("**/edit/sheet-blank")
    page.wait_for_function("window.editor && window.editor.state !== null")
    blank = state(page)
    assert blank["counters"] == []
    assert blank["project"]["system"] == "tannenberg"
    assert len(blank["map"]["hexes"]) == 30
    assert not blank["playable"]
    page.click('.tabs [data-tab="tab-lacks"]')
    assert page.inner_text(".verdict") == "Not yet playable: 1 item blocks it"
    assert "30 hexes without terrain" in page.inner_text(".lacks-list")
    # a Tannenberg counter has its affiliation (corps, division, army)
    page.click('.tabs [data-tab="tab-counters"]')
    page.click(".add-counter")
    for key in ("corps", "division", "army"):
        assert form_field(page, key).count() == 1
    assert form_field(page, "side").input_value() == "german"
    # the same id again: the server's refusal is shown, and the page stays
    page.goto(f"{editor_server}/edit")
    page.locator(".project-list [data-id=sheet-blank]").wait_for()
    page.fill(".blank-id", "sheet-blank")
    page.click(".start-blank")
    error = page.locator(".chooser-error")
    error.wait_for(state="visible")
    assert "sheet-blank" in error.inner_text()
    assert page.url.endswith("/edit")


# --- the counter sheet ------------------------------------------------------------------------


INFANTRY = {
    "id": "G-XXV",
    "name": "XXV Reserve Corps",
    "side": "central",
    "nationality": "germany",
    "type": "infantry",
    "size": "corps",
    "movement": "4",
}
CAVALRY = {
    "id": "G-8K",
    "name": "8th Cavalry Division",
    "side": "central",
    "nationality": "germany",
    "type": "cavalry",
    "size": "division",
    "movement": "6",
}
HQ = {
    "id": "G-HQ-XXV",
    "name": "XXV Corps HQ",
    "side": "central",
    "nationality": "germany",
    "type": "hq",
    "size": "corps",
    "movement": "6",
}


def test_counters_added_and_edited_through_the_table_are_the_server_s(
    editor_server: str, new_page: Any, artifacts: Path
) -> None:
    new_project(editor_server, "sheet-counters")
    page = new_page()
    open_project(page, editor_server, "sheet-counters")
    count = len(state(page)["counters"])

    # the preview follows the typing, before anything is saved
    page.click(".add-counter")
    form_field(page, "type").select_option("infantry")
    page.click(".counter-form .add-step")
    step_input(page, 0, "attack").fill("6")
    step_input(page, 0, "defense").fill("5")
    assert preview_values(page).startswith("6-5")
    step_input(page, 0, "attack").fill("9")
    assert preview_values(page).startswith("9-5")
    form_field(page, "id").fill("G-XXV")
    assert page.locator(".counter-preview .desig").text_content() == "XXV"
    assert counter(page, "G-XXV") is None  # nothing sent yet
    assert form_field(page, "corps").count() == 0  # a Tannenberg field only
    page.click(".counter-form .revert-counter")

    add_counter(
        page, INFANTRY, [{"attack": "9", "defense": "8"}, {"attack": "5", "defense": "4"}], "0303"
    )
    add_counter(page, CAVALRY, [{"attack": "2", "defense": "2"}], "0403")
    page.click(".add-counter")
    form_field(page, "type").select_option("hq")
    page.click(".counter-form .add-step")
    # an HQ's steps print its values (attack shift, command radius and strength)
    assert step_input(page, 0, "command_radius").count() == 1
    assert step_input(page, 0, "attack").count() == 0
    page.click(".counter-form .revert-counter")
    assert page.locator(".counter-form").count() == 0
    add_counter(
        page,
        HQ,
        [
            {
                "attack_shift": "1",
                "command_radius": "3",
                "command_strength": "6",
                "combat_strength": "1",
            }
        ],
        "0305",
    )
    infantry = counter(page, "G-XXV")
    assert infantry is not None
    assert infantry["setup"] == "0303" and infantry["movement"] == 4
    assert [
        list(s) if isinstance(s, list) else [s["attack"], s["defense"]] for s in infantry["steps"]
    ] == [[9, 8], [5, 4]]
    cavalry = counter(page, "G-8K")
    assert cavalry is not None and cavalry["type"] == "cavalry" and cavalry["setup"] == "0403"
    hq = counter(page, "G-HQ-XXV")
    assert hq is not None and hq["hq"]["level"] == "corps"
    assert hq["steps"][0]["command_radius"] == 3
    assert len(state(page)["counters"]) == count + 3
    assert page.locator(".counters-table tr[data-id='G-HQ-XXV']").count() == 1
    page.click(".counters-table tr[data-id='G-HQ-XXV']")
    assert "null" not in page.inner_text(".counter-form")

    # edit a value of a saved counter: one op, the state holds it
    page.click(".counters-table tr[data-id='G-XXV']")
    step_input(page, 1, "attack").fill("6")
    assert preview_values(page).startswith("9-8")  # the preview shows the full step
    before = revision(page)
    page.click(".counter-form .save-counter")
    wait_revision_after(page, before)
    assert revision(page) == before + 1
    steps = counter(page, "G-XXV")["steps"]  # type: ignore[index]
    assert steps[1] in ([6, 4], {"attack": 6, "defense": 4})

    # the server kept it all: read after a reload
    open_project(page, editor_server, "sheet-counters")
    reloaded = {c["id"]: c for c in state(page)["counters"]}
    assert {"G-XXV", "G-8K", "G-HQ-XXV"} <= set(reloaded)
    assert reloaded["G-XXV"]["steps"][1] in ([6, 4], {"attack": 6, "defense": 4})
    assert reloaded["G-8K"]["name"] == "8th Cavalry Division"

    # a counter set up off the map is refused with the message, and nothing changes
    page.click(".counters-table tr[data-id='G-8K']")
    form_field(page, "setup").fill("9999")
    before_state = state(page)
    page.click(".counter-form .save-counter")
    error = page.locator("#error")
    error.wait_for(state="visible")
    assert "9999" in error.inner_text()
    assert state(page) == before_state
    assert counter(page, "G-8K")["setup"] == "0403"  # type: ignore[index]
    assert form_field(page, "setup").input_value() == "9999"  # what was typed stays
    page.locator(".counters-table tr.highlighted[data-id='G-8K']").wait_for()

    # a cell edited in place: one op
    page.locator(".counters-table tr[data-id='G-8K'] td.cell-name").dblclick()
    page.locator(".counters-table .cell-input").fill("8. Kavallerie-Division")
    before = revision(page)
    page.locator(".counters-table .cell-input").press("Enter")
    wait_revision_after(page, before)
    assert counter(page, "G-8K")["name"] == "8. Kavallerie-Division"  # type: ignore[index]

    # duplicate, rename, remove: one op each (a rename and its fields: one batch)
    page.click(".counters-table tr[data-id='G-HQ-XXV']")
    page.click(".duplicate-counter")
    assert form_field(page, "id").input_value() == "G-HQ-XXV-copy"
    form_field(page, "setup").fill("0306")
    before = revision(page)
    page.click(".counter-form .save-counter")
    wait_revision_after(page, before)
    copy = counter(page, "G-HQ-XXV-copy")
    assert copy is not None and copy["setup"] == "0306" and copy["hq"]["level"] == "corps"
    form_field(page, "id").fill("G-HQ-XXVI")
    form_field(page, "name").fill("XXVI Corps HQ")
    before = revision(page)
    page.click(".counter-form .save-counter")
    wait_revision_after(page, before)
    assert revision(page) == before + 1
    assert counter(page, "G-HQ-XXV-copy") is None
    renamed = counter(page, "G-HQ-XXVI")
    assert renamed is not None and renamed["name"] == "XXVI Corps HQ"
    assert page.locator(".counters-table tr.selected").get_attribute("data-id") == "G-HQ-XXVI"
    before = revision(page)
    page.click(".remove-counter")
    wait_revision_after(page, before)
    assert counter(page, "G-HQ-XXVI") is None
    assert len(state(page)["counters"]) == count + 3

    # sorted by a column's heading (numbers in ids as numbers), and back
    def row_ids() -> list[str]:
        rows = page.locator(".counters-table tbody tr")
        return [str(rows.nth(i).get_attribute("data-id")) for i in range(rows.count())]

    unsorted = row_ids()
    page.click(".counters-table th[data-column=id]")
    ascending = row_ids()
    assert ascending != unsorted and sorted(ascending) == sorted(unsorted)
    assert ascending.index("AH-4K") < ascending.index("AH-10K")
    page.click(".counters-table th[data-column=id]")
    assert row_ids() == ascending[::-1]

    page.click(".counters-table tr[data-id='G-HQ-XXV']")
    page.screenshot(path=str(artifacts / "editor-counters.png"))


def test_counters_go_out_and_come_back_as_csv_all_or_nothing(
    editor_server: str, new_page: Any, tmp_path: Path
) -> None:
    new_project(editor_server, "sheet-csv")
    page = new_page()
    open_project(page, editor_server, "sheet-csv")
    with page.expect_download() as download:
        page.click(".export-csv")
    rows = list(csv.reader(io.StringIO(Path(download.value.path()).read_text("utf-8-sig"))))
    header = rows[0]
    assert "id" in header and "setup" in header
    name_col = header.index("name")
    row = next(i for i, r in enumerate(rows) if r and r[0] == "G-I")
    assert rows[row][name_col] == "I Corps"

    # one changed value and one bad row: refused, nothing changed
    rows[row][name_col] = "I Reserve Corps"
    changed = as_csv(rows)
    bad_row = ["X-BAD" if h == "id" else "nowhere" if h == "side" else "" for h in header]
    bad = as_csv([*rows, bad_row])
    before = state(page)
    page.set_input_files(
        ".import-csv",
        files=[{"name": "bad.csv", "mimeType": "text/csv", "buffer": bad.encode()}],
    )
    error = page.locator("#error")
    error.wait_for(state="visible")
    assert "row" in error.inner_text().lower()
    assert state(page) == before
    assert counter(page, "G-I")["name"] == "I Corps"  # type: ignore[index]

    # the good one is applied
    rev = revision(page)
    page.set_input_files(
        ".import-csv",
        files=[{"name": "good.csv", "mimeType": "text/csv", "buffer": changed.encode()}],
    )
    wait_revision_after(page, rev)
    assert counter(page, "G-I")["name"] == "I Reserve Corps"  # type: ignore[index]
    assert len(state(page)["counters"]) == len(before["counters"])
    assert page.locator("#error").is_hidden()


# --- the scenario and what is lacking ---------------------------------------------------------


def test_the_scenario_s_data_and_what_is_lacking_follow_the_edits(
    editor_server: str, new_page: Any, artifacts: Path
) -> None:
    new_project(editor_server, "sheet-scenario")
    page = new_page()
    open_project(page, editor_server, "sheet-scenario", tab="tab-scenario")
    turns = page.locator('#tab-scenario [data-path="scenario.turns"]')
    assert turns.input_value() == "6"
    before = revision(page)
    turns.fill("8")
    turns.press("Enter")
    wait_revision_after(page, before)
    assert state(page)["scenario"]["scenario"]["turns"] == 8
    # a side's name, and a table given as a JSON snippet
    name = page.locator('#tab-scenario [data-path="side.0.name"]')
    before = revision(page)
    name.fill("Russians")
    name.press("Enter")
    wait_revision_after(page, before)
    assert state(page)["scenario"]["side"][0]["name"] == "Russians"
    tcr = page.locator('#tab-scenario textarea[data-path="parameters.tcr"]')
    tcr.fill("not json")
    tcr.locator("xpath=..").locator(".apply-snippet").click()
    assert "not JSON" in tcr.locator("xpath=..").inner_text()
    tcr = page.locator('#tab-scenario textarea[data-path="parameters.tcr"]')
    tcr.fill('{"germany": 2, "austria-hungary": 4, "russia": 3}')
    before = revision(page)
    tcr.locator("xpath=..").locator(".apply-snippet").click()
    wait_revision_after(page, before)
    assert state(page)["scenario"]["parameters"]["tcr"]["germany"] == 2
    page.screenshot(path=str(artifacts / "editor-scenario.png"))

    page.click('.tabs [data-tab="tab-lacks"]')
    assert page.inner_text(".verdict") == "Playable: nothing blocks it"
    lacks_before = len(state(page)["lacks"])
    # a hex made unknown (as the map's paint would): the list says what now blocks
    before = revision(page)
    page.evaluate(
        'window.editor.apply([{op: "terrain", hexes: ["0303", "0404"], value: "unknown"}])'
    )
    wait_revision_after(page, before)
    assert not state(page)["playable"]
    assert len(state(page)["lacks"]) > lacks_before
    verdict = page.inner_text(".verdict")
    assert verdict.startswith("Not yet playable:") and "block" in verdict
    item = page.locator(".lacks-list li.blocking", has_text="without terrain").first
    page.evaluate(
        "window.__highlighted = null;"
        " window.editor.onHighlight((hexes, counters) => { window.__highlighted = hexes; })"
    )
    item.click()
    assert sorted(page.evaluate("window.__highlighted")) == ["0303", "0404"]
    assert "active" in str(item.get_attribute("class"))
    # a lack naming a counter opens the counter sheet on its row
    before = revision(page)
    page.evaluate(
        'window.editor.apply([{op: "counter", id: "G-SLOW", fields: {side: "central",'
        ' nationality: "germany", type: "infantry", size: "division", steps: [[1, 1]],'
        ' setup: "0303"}}])'
    )
    wait_revision_after(page, before)
    lack = page.locator(".lacks-list li", has_text="without a movement allowance")
    assert "G-SLOW" in lack.inner_text()
    page.screenshot(path=str(artifacts / "editor-lacking.png"))
    lack.locator(".show-counters").click()
    assert page.locator("#tab-counters").is_visible()
    page.locator(".counters-table tr.highlighted[data-id='G-SLOW']").wait_for()


# --- the preview's sheet entry is the server's ---------------------------------------------


def shipped_counters() -> list[dict[str, Any]]:
    """Every counter of every shipped counter file, as the file writes it."""
    out = []
    for path in sorted(DATA.glob("*/counters/*.toml")):
        out.extend(tomllib.loads(path.read_text("utf-8")).get("counter", []))
    return out


def test_the_preview_draws_what_the_sheet_prints_for_every_shipped_counter(
    editor_server: str, new_page: Any
) -> None:
    counters = shipped_counters()
    assert len(counters) > 400
    page = new_page()
    page.goto(f"{editor_server}/edit")
    drawn = page.evaluate(
        """async (counters) => {
          const m = await import('/static/js/editor/counter-model.js');
          return counters.map(({ id, ...fields }) => m.sheetEntry(id, fields));
        }""",
        counters,
    )
    for raw, entry in zip(counters, drawn, strict=True):
        assert entry == mapdata.counter_entry(Counter.model_validate(raw)), raw["id"]


def test_a_saved_counter_keeps_the_written_form_of_the_steps_it_did_not_change(
    editor_server: str, new_page: Any
) -> None:
    page = new_page()
    page.goto(f"{editor_server}/edit")
    out = page.evaluate(
        """async () => {
          const m = await import('/static/js/editor/counter-model.js');
          const read = [{attack: 1, defense: 2}, {attack: 3, defense: 3}, {strength: 4}];
          return {
            gwite: m.writtenSteps("gwite", read, [{attack: 1, defense: 2}, [4, 4]]),
            tannenberg: m.writtenSteps("tannenberg", [{attack: 3, defense: 3}], []),
          };
        }"""
    )
    assert out["gwite"] == [{"attack": 1, "defense": 2}, [3, 3], {"strength": 4}]
    assert out["tannenberg"] == [{"attack": 3, "defense": 3}]
