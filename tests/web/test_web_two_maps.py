"""A game on two maps in a real browser (the groundwork of Serbia/Galicia 2.1): the
FICTIONAL scenario gwite/two-maps-teaching draws both maps side by side, each with its
title and its prefixed hex numbers, units on each, the off-map rail links between them
drawn and listed; the Allied player moves a unit on each map by clicks.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.web.kit import api, new_game
from tests.web.page_kit import move_by_clicks, open_game

SCENARIO = "gwite/two-maps-teaching"
NORTH_MOVE = ("R-41", "n0603")
SOUTH_MOVE = ("R-V", "s0605")


def test_two_maps_side_by_side_a_unit_on_each_a_move_on_each(
    server: str, new_page: Any, artifacts: Path
) -> None:
    game = new_game(server, SCENARIO, seed=1, seats={"allied": "human", "central": "human"})
    page = new_page()
    open_game(page, server + game["seats"]["allied"]["url"])
    # both maps' hexes are on the page, their labels prefixed
    labels = page.eval_on_selector_all("[data-hex]", "els => els.map(e => e.dataset.hex)")
    assert {"n0101", "n0808", "s0101", "s0808"} <= set(labels)
    assert not [h for h in labels if h[0] not in "ns"]
    # each map's title with its prefix, and the off-map links between them
    titles = page.eval_on_selector_all(
        ".map-titles [data-map]", "els => els.map(e => e.textContent)"
    )
    assert titles == ["North map (fictional) — hexes nCCRR", "South map (fictional) — hexes sCCRR"]
    links = page.eval_on_selector_all(
        ".offmap-links [data-intermap]", "els => els.map(e => e.dataset.offmap)"
    )
    assert links == ["n0104/s0104", "n0804/s0804"]
    # a unit on each map
    where = dict(
        page.eval_on_selector_all(
            ".layer-counters [data-unit]", "els => els.map(e => [e.dataset.unit, e.dataset.hex])"
        )
    )
    assert where["R-41"] == "n0602" and where["R-V"] == "s0604"
    assert where["G-I"] == "n0304" and where["A-VI"] == "s0304"
    # the north map's hexes lie left of the south map's
    north = page.evaluate("h => window.greatwar.map.screenPoint(h)", "n0808")
    south = page.evaluate("h => window.greatwar.map.screenPoint(h)", "s0101")
    assert north["x"] < south["x"]
    # a move on each map, by clicks
    move_by_clicks(page, *NORTH_MOVE)
    move_by_clicks(page, *SOUTH_MOVE)
    page.screenshot(path=str(artifacts / "two-maps.png"))
    # the map data the page reads lists the maps and the off-map links between them
    data = api(server, f"/api/scenarios/{SCENARIO}/map.json")
    assert data["maps"] == [
        {"prefix": "n", "name": "North map (fictional)"},
        {"prefix": "s", "name": "South map (fictional)"},
    ]
    assert data["hexes"]["s0101"]["map"] == "s"
    assert [link["hexes"] for link in data["places"]["offmap_links"]] == [
        ["n0104", "s0104"],
        ["n0804", "s0804"],
    ]
