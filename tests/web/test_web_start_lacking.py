"""The start page in a real browser: a scenario whose map and counters are still to be
entered is shown as not yet playable, with what it lacks, and offers no game; a server
with the scenario editor links to it there."""

from __future__ import annotations

from typing import Any


def test_the_start_page_shows_what_a_scenario_lacks_and_offers_no_game(
    server: str, new_page: Any
) -> None:
    page = new_page()
    page.goto(server + "/")
    page.wait_for_selector("#scenario option", state="attached")
    page.select_option("#system", "gwite")
    label = page.locator('#scenario option[value="gwite/brusilov-historical"]').text_content()
    assert label is not None and "not yet playable" in label
    page.select_option("#scenario", "gwite/brusilov-historical")
    lacks = page.locator("#scenario-lacks")
    assert lacks.is_visible()
    text = lacks.inner_text()
    assert "Not yet playable" in text and "hexes without terrain" in text
    assert "brusilov 26.11" in text
    assert page.locator("#create").is_disabled()
    assert "14 km" in page.inner_text("#scenario-note")  # 15.0 the scale
    page.select_option("#scenario", "gwite/brusilov-teaching")
    assert not lacks.is_visible()
    assert page.locator("#create").is_enabled()
    assert "FICTIONAL" in page.inner_text("#scenario-note")
    boxes = page.locator("[data-option=better_commanders]")
    assert boxes.count() == 1 and not boxes.is_checked()


def test_without_the_editor_the_start_page_links_to_no_editor(server: str, new_page: Any) -> None:
    page = new_page()
    page.goto(server + "/")
    page.wait_for_selector("#scenario option", state="attached")
    page.select_option("#system", "gwite")
    page.select_option("#scenario", "gwite/brusilov-historical")
    assert page.locator("#scenario-lacks").is_visible()
    assert page.locator("#edit-scenario").count() == 0
    assert page.locator("#editor-link").is_hidden()


def test_with_the_editor_a_scenario_not_yet_playable_links_to_it(
    editor_server: str, new_page: Any
) -> None:
    page = new_page()
    page.goto(editor_server + "/")
    page.wait_for_selector("#scenario option", state="attached")
    assert page.locator("#editor-link").is_visible()
    page.select_option("#system", "gwite")
    page.select_option("#scenario", "gwite/brusilov-historical")
    link = page.locator("#scenario-lacks #edit-scenario")
    assert link.is_visible()
    assert link.get_attribute("href") == "/edit?from=gwite/brusilov-historical"
    assert page.locator("#create").is_disabled()  # not offered: its data are to be entered
    page.select_option("#scenario", "gwite/brusilov-teaching")
    assert not link.is_visible() and page.locator("#create").is_enabled()
    page.select_option("#scenario", "gwite/brusilov-historical")
    page.locator("#scenario-lacks #edit-scenario").click()
    page.wait_for_url("**/edit?from=gwite/brusilov-historical")
    assert "scenario editor" in page.title()
