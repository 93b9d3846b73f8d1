"""Helpers of the game page's browser tests: open a seat's page, click hexes and counters
as a player would, wait for the next version, and open both seats of a Tannenberg game."""

from __future__ import annotations

from typing import Any

from tests.web.kit import new_game

#: positions of the GWitE teaching scenario (seed 1): the Allied XXV Corps can reach 1111,
#: next to the Central Powers' stack in 1011, and then attack it
MOVER, DESTINATION, TARGET = "R-XXV", "1111", "1011"


def open_game(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(".layer-counters .ctr", state="attached")
    page.wait_for_function("window.greatwar && window.greatwar.view !== null")


def counter_hex(page: Any, unit: str) -> str | None:
    return page.get_attribute(f'.layer-counters [data-unit="{unit}"]', "data-hex")


def log_size(page: Any) -> int:
    return page.locator("#log li").count()


def click_hex(page: Any, hex_label: str) -> None:
    """Click the centre of a hex on the map, as a player would."""
    point = page.evaluate("h => window.greatwar.map.screenPoint(h)", hex_label)
    assert point is not None, f"no hex {hex_label} on the map"
    page.mouse.click(point["x"], point["y"])


def click_unit(page: Any, unit: str, action_type: str) -> None:
    """Click a unit's counter; in a stack, use the opened stack's button for the unit."""
    click_hex(page, counter_hex(page, unit) or "")
    stack = page.locator(f'#stack [data-unit="{unit}"] button.act-{action_type}')
    if page.locator("#stack").is_visible() and stack.count():
        stack.first.click()


def version(page: Any) -> int:
    return int(page.evaluate("window.greatwar.version"))


def wait_version_after(page: Any, before: int) -> None:
    """Wait for a newer state, and for the page to be ready for the next click."""
    page.wait_for_function(f"window.greatwar.version > {before} && !window.greatwar.busy")


def act_button(page: Any, action_type: str) -> None:
    before = version(page)
    page.locator(f"#actions button.act-{action_type}").first.click()
    wait_version_after(page, before)


def create_from_start_page(page: Any, base: str, *, hotseat: bool, central: str) -> None:
    page.goto(base + "/")
    page.wait_for_selector("#scenario option", state="attached")
    page.select_option("#system", "gwite")
    page.select_option("#scenario", "gwite/teaching")
    page.fill("#seed", "1")
    page.select_option("#seat-allied", "human")
    page.select_option("#seat-central", central)
    if hotseat:
        page.check("#hotseat")
    page.click("#create")
    page.wait_for_selector("#links a")


def move_by_clicks(page: Any, unit: str, destination: str) -> None:
    """Select a unit on the map, check its destination is offered with a cost, click it."""
    before_log, before = log_size(page), version(page)
    focused = page.locator(f'.layer-counters .ctr.focused[data-unit="{unit}"]').count()
    if not focused:
        click_unit(page, unit, "select")
        wait_version_after(page, before)
    target = page.locator(f'.layer-highlight [data-target="{destination}"]')
    assert target.count() == 1, "the destination hex is not highlighted"
    cost = (target.locator("text.cost").text_content() or "").strip()
    assert cost.rstrip("*").isdigit(), cost  # movement points; * when a provisional entry
    assert page.get_attribute(f'.layer-counters [data-unit="{unit}"]', "class").count("focused")
    point = page.evaluate("h => window.greatwar.map.screenPoint(h)", destination)
    page.mouse.move(point["x"], point["y"])
    assert page.locator(".layer-focus polyline.route").count() == 1  # the route it would take
    before = version(page)
    click_hex(page, destination)
    wait_version_after(page, before)
    assert counter_hex(page, unit) == destination
    assert log_size(page) > before_log


def tannenberg_pages(server: str, new_page: Any) -> tuple[dict[str, Any], Any, Any]:
    """A Tannenberg teaching game (seed 1) between two human seats, both pages open:
    (the game, the German page, the Russian page)."""
    game = new_game(
        server, "tannenberg/teaching", seed=1, seats={"german": "human", "russian": "human"}
    )
    german, russian = new_page(), new_page()
    open_game(german, server + game["seats"]["german"]["url"])
    open_game(russian, server + game["seats"]["russian"]["url"])
    return game, german, russian
