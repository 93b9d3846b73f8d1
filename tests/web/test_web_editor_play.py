"""A game made from an editor project, in a real browser (issue 16): the game page draws
the project's map (served from the game's frozen snapshot) and its counters."""

from __future__ import annotations

from typing import Any

from tests.web.kit import api


def test_a_game_played_from_a_project_shows_its_map_and_counters(
    editor_server: str, new_page: Any
) -> None:
    state = api(editor_server, "/api/editor/projects", {"from": "gwite/teaching", "id": "web-play"})
    assert state["playable"] is True
    seats = {"allied": "human", "central": "computer"}
    made = api(editor_server, "/api/editor/projects/web-play/play", {"seats": seats})
    page = new_page()
    page.goto(editor_server + made["url"])
    page.wait_for_selector(".layer-counters .ctr", state="attached")
    page.wait_for_function("window.greatwar && window.greatwar.view !== null")
    drawn = page.eval_on_selector_all("[data-hex]", "nodes => nodes.map(n => n.dataset.hex)")
    assert set(drawn) == set(state["map"]["hexes"])
    assert page.locator(".layer-counters .ctr").count() > 0
