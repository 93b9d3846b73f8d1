"""The Tables tab's and the legend's data in map.json (issue 17, notation and references)."""

from __future__ import annotations

import re

import pytest

from greatwar.model.loader import scenario_ids
from greatwar.server import mapdata

TEACHING = [s for s in scenario_ids() if "teaching" in s]
TABLES = {
    "gwite": {"crt", "combat_options", "terrain_effects"},
    "tannenberg": {
        "combat_results",
        "retreat_attempt",
        "independence",
        "terrain_characteristics",
        "command",
    },
}


def _tables(scenario_id: str) -> dict[str, dict]:  # type: ignore[type-arg]
    return {t["id"]: t for t in mapdata.map_json(scenario_id)["tables"]}


def _row(table: dict, key: str) -> dict:  # type: ignore[type-arg]
    return next(r for r in table["rows"] if r["key"] == key)


@pytest.mark.parametrize("scenario_id", ["gwite/teaching", "tannenberg/teaching"])
def test_every_table_of_the_system_is_in_the_tables_tab(scenario_id: str) -> None:
    system = scenario_id.split("/")[0]
    assert set(_tables(scenario_id)) == TABLES[system]


def test_gwite_tables_mark_their_provisional_entries() -> None:
    tables = _tables("gwite/teaching")
    crt = tables["crt"]
    assert _row(crt, "3")["provisional"] == [4, 5, 6, 7]  # printed up to die 3's fourth column
    assert _row(crt, "1")["provisional"] == []
    options = tables["combat_options"]
    assert [r["key"] for r in options["rows"]] == ["1", "2", "3", "E"]
    assert (
        _row(options, "2")["values"][3] == "Each affected unit (or its stack) retreats two hexes."
    )
    assert all(not r["provisional"] for r in options["rows"])  # 8.9 is printed whole
    terrain = tables["terrain_effects"]
    assert terrain["columns"] == ["TCR 1", "TCR 2", "TCR 3", "TCR 4", "combat"]
    assert "Tactical Combat Rating" in terrain["description"]
    assert _row(terrain, "Forest")["values"][:4] == ["1", "1", "2", "2"]
    assert _row(terrain, "Forest")["provisional"] == []
    assert _row(terrain, "Major river")["provisional"] == [0, 1, 2, 3, 4]


def test_tannenberg_tables_mark_their_provisional_entries() -> None:
    tables = _tables("tannenberg/teaching")
    assert all(r["provisional"] for r in tables["combat_results"]["rows"])  # the table is lost
    terrain = tables["terrain_characteristics"]
    assert _row(terrain, "Forest") == {
        "key": "Forest",
        "values": ["2", "-1"],
        "provisional": [0],  # 9.7.3 prints the combat modifier; the cost is ours
        "source": "tannenberg 9.7.3 (combat); provisional: move",
    }
    assert _row(terrain, "Small river")["provisional"] == [1]
    assert _row(terrain, "Clear")["provisional"] == []
    command = tables["command"]
    assert _row(command, "hq movement")["values"] == ["6", "tannenberg 13.1.3"]
    assert all(r["source"].startswith("tannenberg 13.") for r in command["rows"])


def _layer_drawn(svg: str, layer: str) -> bool:
    found = re.search(rf'<g class="{layer}"[^>]*>(</g>)?', svg)
    return bool(found) and not found.group(1)


def _drawn_features(scenario_id: str) -> set[str]:
    """The feature kinds the map picture of ``scenario_id`` draws, read from the picture."""
    svg = mapdata.map_svg(scenario_id)
    drawn = {
        kind
        for layer, kind in [
            ("borders", "border"),
            ("roads", "road"),
            ("offmap-links", "offmap_rail"),
            ("trenches", "trench"),
        ]
        if _layer_drawn(svg, layer)
    }
    drawn |= {f"rail_{t}" for t in re.findall(r'data-track="(single|double)"', svg)}
    marks = {"data-entry=": "entry", "data-supply=": "supply_source", "data-fortress=": "fortress"}
    drawn |= {kind for attr, kind in marks.items() if attr in svg}
    cities = re.findall(r'<g data-city="[^"]+"><(\w+)', svg)
    drawn |= {{"rect": "city", "circle": "town"}[shape] for shape in cities}
    return drawn


@pytest.mark.parametrize("scenario_id", TEACHING)
def test_the_legend_explains_every_feature_the_map_draws(scenario_id: str) -> None:
    legend = mapdata.map_json(scenario_id)["legend"]
    listed = {f["kind"] for f in legend["features"]}
    drawn = _drawn_features(scenario_id)
    assert drawn and drawn <= listed, drawn - listed
    assert all(f["sample"].startswith("<") and f["text"] for f in legend["features"])


@pytest.mark.parametrize("scenario_id", ["gwite/teaching", "tannenberg/teaching"])
def test_the_legend_notes_tcr_the_provisional_star_and_whom_vp_favour(scenario_id: str) -> None:
    notes = " ".join(mapdata.map_json(scenario_id)["legend"]["notes"])
    assert "* or shading: provisional" in notes
    if scenario_id.startswith("gwite"):
        assert "per TCR 1-4" in notes and "TCR: Tactical Combat Rating" in notes
        assert "positive favours the Allies, negative the Central Powers" in notes
    else:
        assert "positive favours the Russians, negative the Germans" in notes
