"""Refusals on the page (issue 17): a click on a unit or hex no legal action is about shows
the rules' reason and case in a dismissable box under the prompt, and changes nothing.

GWitE teaching (seed 1), both seats human: the Allied V Corps (1209) is out of Command
Control (10.4); XXV Corps (1311) can reach 1111 but not 0101; the Central Powers' AOK Nord
stands in 0506.  Tannenberg teaching (seed 1): the Russian 1st Army HQ stands alone in
A23 B12 during the orders phase.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.web.kit import new_game
from tests.web.page_kit import (
    click_hex,
    counter_hex,
    open_game,
    version,
    wait_version_after,
)

GWITE, TANNENBERG = "gwite/teaching", "tannenberg/teaching"


def refusal_after(page: Any, click: Any, expected: str) -> str:
    """Click, wait for the refusal box to show ``expected``; its text (nothing changed)."""
    before = version(page)
    page.evaluate(
        "document.getElementById('refusal') && (document.getElementById('refusal').hidden = true)"
    )
    click()
    page.wait_for_function(
        "t => { const b = document.getElementById('refusal');"
        " return b && !b.hidden && b.textContent.includes(t); }",
        arg=expected,
    )
    assert version(page) == before  # the refusal changed nothing
    text = page.inner_text("#refusal")
    page.evaluate("document.getElementById('stack').hidden = true")  # a stack it opened
    return text


def seat_url(server: str, game: dict[str, Any], role: str) -> str:
    return server + game["seats"][role]["url"]


def test_gwite_clicks_that_cannot_act_say_why_with_the_case(
    server: str, new_page: Any, artifacts: Path
) -> None:
    game = new_game(server, GWITE, seed=1, seats={"allied": "human", "central": "human"})
    page = new_page()
    open_game(page, seat_url(server, game, "allied"))

    text = refusal_after(page, lambda: click_hex(page, "1209"), "out of Command Control")
    assert "V Corps is out of Command Control: it may not move" in text and "[10.4]" in text
    page.screenshot(path=str(artifacts / "refusal.png"))
    page.click("#refusal .refusal-close")  # dismissable
    assert page.locator("#refusal").is_hidden()

    text = refusal_after(page, lambda: click_hex(page, "0506"), "Central Powers' piece")
    assert "[5.11]" in text

    before = version(page)
    click_hex(page, "1311")  # select XXV Corps
    wait_version_after(page, before)
    text = refusal_after(page, lambda: click_hex(page, "0101"), "cannot reach 0101")
    assert "[5.14]" in text

    before = version(page)
    click_hex(page, "1111")  # its whole move: it has finished moving
    wait_version_after(page, before)
    assert counter_hex(page, "R-XXV") == "1111"
    text = refusal_after(page, lambda: click_hex(page, "1111"), "has finished moving this phase")
    assert "[5.0]" in text
    before = version(page)
    page.locator("#actions button.act-end_segment").click()  # a legal action clears it
    wait_version_after(page, before)
    page.wait_for_function("document.getElementById('refusal').hidden")


def test_tannenberg_a_click_on_an_enemy_piece_says_why(
    server: str, new_page: Any, artifacts: Path
) -> None:
    game = new_game(server, TANNENBERG, seed=1, seats={"german": "human", "russian": "human"})
    page = new_page()
    open_game(page, seat_url(server, game, "german"))
    text = refusal_after(page, lambda: click_hex(page, "A23 B12"), "Russians' piece")
    assert "1st Army HQ" in text and "[tannenberg " in text
    page.screenshot(path=str(artifacts / "refusal-tannenberg.png"))
