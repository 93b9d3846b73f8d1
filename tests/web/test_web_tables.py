"""The Tables tab and the legend in a real browser (issue 17, notation and references).

Mid-fight (an attack declared, an attacker added so the odds show) the Tables tab
highlights the CRT column the fight uses; the legend lists every feature the map draws.
Positions as in test_web_browser.py (GWitE teaching scenario, seed 1).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.web.kit import new_game
from tests.web.page_kit import (
    DESTINATION,
    MOVER,
    TARGET,
    act_button,
    click_hex,
    click_unit,
    create_from_start_page,
    move_by_clicks,
    open_game,
    version,
    wait_version_after,
)


def _attack_with_odds(page: Any, server: str) -> dict[str, Any]:
    """Move the XXV Corps next to 1011, declare the attack, add it: the view's combat."""
    create_from_start_page(page, server, hotseat=False, central="computer")
    page.click("[data-link=seat-allied]")
    page.wait_for_selector(".layer-counters .ctr", state="attached")
    page.wait_for_function("window.greatwar && window.greatwar.view !== null")
    move_by_clicks(page, MOVER, DESTINATION)
    act_button(page, "end_segment")
    page.wait_for_function(
        "window.greatwar.view.legal_actions.some(a => a.type === 'declare')", timeout=30_000
    )
    before = version(page)
    click_hex(page, TARGET)
    wait_version_after(page, before)
    before = version(page)
    click_unit(page, MOVER, "add_attacker")
    wait_version_after(page, before)
    combat: dict[str, Any] = page.evaluate("window.greatwar.view.combat")
    assert combat["column"], combat
    return combat


def test_the_tables_tab_highlights_the_crt_column_in_use_mid_fight(
    server: str, new_page: Any, artifacts: Path
) -> None:
    page = new_page()
    combat = _attack_with_odds(page, server)
    page.click("[data-tab=tables]")
    crt = page.locator('#tables table[data-table="crt"]')
    crt.scroll_into_view_if_needed()
    index = combat["columns"].index(combat["column"])
    header = crt.locator("tr.head th.in-use")
    assert header.count() == 1
    # the header shows the columns of the attacker's TCR (8.8), the one in use highlighted
    assert header.inner_text() == combat["column"]
    assert crt.locator("tr.head th").nth(index + 1).get_attribute("class") == "in-use"
    heads = crt.locator("tr.head th").all_inner_texts()[1:]
    assert heads == combat["columns"]
    rows = crt.locator("tr[data-key]")
    assert rows.count() >= 6
    for i in range(rows.count()):
        cells = rows.nth(i).locator("td")
        assert "in-use" in (cells.nth(index).get_attribute("class") or "")
        others = [c for c in range(cells.count()) if c != index]
        assert all("in-use" not in (cells.nth(c).get_attribute("class") or "") for c in others)
    note = page.locator("#tables .in-use-note").first.inner_text()
    assert f"column {combat['column']}" in note and f"TCR {combat['tcr']}" in note
    # every table of the system is there, provisional entries starred
    ids = page.eval_on_selector_all("#tables table", "ts => ts.map(t => t.dataset.table)")
    assert set(ids) == {"crt", "combat_options", "terrain_effects"}
    assert page.locator("#tables td.prov").first.inner_text().endswith("*")
    page.screenshot(path=str(artifacts / "tables-mid-fight.png"), full_page=True)


def _highlight(page: Any, server: str, scenario: str, view: dict[str, Any]) -> dict[str, Any]:
    """The tables of ``scenario``'s map.json drawn by panels.js, highlighted by tables.js for
    a view with this combat data (``combat``, or ``clash.current`` with its numbers)."""
    page.goto(server + "/")
    script = """async ([scenario, view]) => {
      const panels = await import('/static/js/panels.js');
      const tables = await import('/static/js/tables.js');
      const data = await (await fetch(`/api/scenarios/${scenario}/map.json`)).json();
      const box = document.createElement('div');
      box.append(...data.tables.map(panels.tableBlock));
      document.body.append(box);
      tables.highlightTables(box, view);
      const used = [...box.querySelectorAll('table')].filter((t) => t.querySelector('.in-use'));
      return {
        tables: used.map((t) => t.dataset.table),
        heads: [...box.querySelectorAll('tr.head th.in-use')].map((th) => th.textContent),
        rows: [...box.querySelectorAll('tr.in-use')].map((tr) => tr.dataset.key),
        cells: [...box.querySelectorAll('td.in-use-cell')].map((td) => td.textContent),
        note: (box.querySelector('.in-use-note') || {}).textContent,
      };
    }"""
    return dict(page.evaluate(script, [scenario, view]))


def _tannenberg_highlight(page: Any, server: str, numbers: dict[str, Any]) -> dict[str, Any]:
    """As :func:`_highlight` for a Tannenberg clash's numbers (``preview`` or ``report``)."""
    return _highlight(page, server, "tannenberg/teaching", {"clash": {"current": numbers}})


def test_a_tannenberg_clash_highlights_its_combat_results_column_then_its_cell(
    server: str, new_page: Any
) -> None:
    page = new_page()
    before_die = _tannenberg_highlight(page, server, {"preview": {"column": "2:1"}})
    assert before_die["tables"] == ["combat_results"]
    assert before_die["heads"] == ["2:1"] and before_die["rows"] == []
    assert before_die["note"] == "In use: column 2:1, before the die roll"
    resolved = {"report": {"column": "4:1", "die": 2, "result": "1/6"}}
    after = _tannenberg_highlight(page, server, resolved)
    assert after["heads"] == ["4:1"] and after["rows"] == ["2"]
    assert after["cells"] == ["1/6*"]  # 9.3.5's entry, in the provisional table
    attempt = {"preview": {"kind": "retreat_attempt", "column": "+1", "die": 0}}
    retreat = _tannenberg_highlight(page, server, attempt)
    assert retreat["tables"] == ["retreat_attempt"]
    assert retreat["heads"] == ["+1"] and retreat["rows"] == ["0"]


def test_a_resolved_gwite_attack_highlights_its_crt_cell_and_its_8_9_rows(
    server: str, new_page: Any
) -> None:
    page = new_page()
    columns = ["1-4", "1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1"]
    combat = {"columns": columns, "column": "1-1", "tcr": 1, "die": 2, "result": "1/2"}
    got = _highlight(page, server, "gwite/teaching", {"combat": combat})
    assert got["tables"] == ["crt", "combat_options"]
    assert got["heads"] == ["1-1"]
    assert got["cells"] == ["1/2"]  # 8.8, die 2 in the TCR 1 column 1-1
    assert got["rows"] == ["2", "1", "2"]  # the CRT's die row; 8.9's rows 1 and 2


def test_the_legend_lists_every_feature_the_map_draws(
    server: str, new_page: Any, artifacts: Path
) -> None:
    game = new_game(server, "gwite/teaching", seed=1, seats={"allied": "human", "central": "human"})
    page = new_page()
    open_game(page, server + game["seats"]["allied"]["url"])
    page.click("[data-tab=legend]")
    legend = page.locator("#legend")
    shown = legend.locator("[data-feature]")
    kinds = {shown.nth(i).get_attribute("data-feature") for i in range(shown.count())}
    assert kinds >= {
        "border",
        "rail_single",
        "rail_double",
        "road",
        "offmap_rail",
        "entry",
        "supply_source",
        "fortress",
        "trench",
        "city",
        "town",
    }
    assert legend.locator('[data-feature="rail_double"] svg.legend-sample *').count() > 0
    text = legend.inner_text()
    assert "movement cost for TCR 1/2/3/4" in text
    assert "TCR: Tactical Combat Rating" in text
    assert "* or shading: provisional" in text
    assert "positive favours the Allies, negative the Central Powers" in text
    legend.screenshot(path=str(artifacts / "legend.png"))
