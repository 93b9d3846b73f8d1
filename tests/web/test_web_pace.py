"""Issue 17, pace: the computer plays its player-turn as fast as it thinks; the page then
shows its moves as a short animation the player can skip and replay, and the computer's
reasons go to a collapsible view of their own, out of the main log."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from tests.web.kit import end_player_turn, get, new_game
from tests.web.page_kit import open_game

#: seconds to wait for the computer's player-turn: a bound for a loaded machine, not a
#: measure of speed (the pace is measured in benchmarks/, never asserted by a timed test)
PLAYER_TURN_WAIT = 120.0


def animation_state(page: Any) -> str | None:
    return page.get_attribute("#move-animation", "data-state")


def running_animations(page: Any) -> int:
    return int(page.evaluate("document.getAnimations().length"))


def test_the_computer_s_turn_is_shown_as_an_animation(
    server: str, new_page: Any, artifacts: Path
) -> None:
    game = new_game(
        server, "gwite/teaching", seed=4, seats={"allied": "human", "central": "computer"}
    )
    page = new_page()
    open_game(page, server + game["seats"]["allied"]["url"])
    assert page.locator("#move-animation").is_hidden()  # nothing moved while we waited

    ended = end_player_turn(server, game, "allied")
    page.wait_for_function(
        f"window.greatwar.version > {ended} && window.greatwar.view.legal_actions.length > 0",
        timeout=PLAYER_TURN_WAIT * 1000,
    )
    assert animation_state(page) == "playing"
    steps = int(page.evaluate("window.greatwar.animation.steps.length"))
    assert steps > 1
    assert all(
        side == "central"
        for side in page.evaluate("window.greatwar.animation.steps.map((s) => s.side)")
    )
    assert running_animations(page) > 0
    assert "of" in page.inner_text("#move-animation .replay-caption")
    page.wait_for_timeout(450)
    page.screenshot(path=str(artifacts / "computer-animation.png"))

    page.click("#anim-skip")
    assert animation_state(page) == "done"
    assert running_animations(page) == 0
    assert page.locator("#anim-skip").is_hidden()
    assert f"{steps} move(s)" in page.inner_text("#move-animation")

    page.click("#anim-replay")
    assert animation_state(page) == "playing"
    assert running_animations(page) > 0
    page.wait_for_function(
        "document.querySelector('#move-animation').dataset.state === 'done'",
        timeout=steps * 300 + 10_000,
    )
    assert running_animations(page) == 0


def test_the_computer_s_reasons_are_in_a_collapsed_view_of_their_own(
    server: str, new_page: Any, artifacts: Path
) -> None:
    # issue 6 gave the computer's reasons; issue 17 takes them out of the main log
    game = new_game(
        server, "gwite/teaching", seed=4, seats={"allied": "computer", "central": "human"}
    )
    page = new_page()
    page.goto(f"{server}/game/{game['game_id']}?token={game['seats']['central']['token']}")
    page.wait_for_selector("#reasons li", state="attached", timeout=60_000)
    assert page.get_attribute("#reasons", "open") is None  # collapsed by default
    page.click("[data-tab=log]")
    assert page.locator("#reasons li").first.is_hidden()
    first = page.locator("#reasons li").first.text_content() or ""
    assert first.startswith("Allies: "), first
    assert page.locator("#log li.note").count() == 0
    assert page.locator("#recent li.note").count() == 0
    assert "Computer (" not in page.inner_text("#log")
    page.click("#reasons summary")
    assert page.locator("#reasons li").first.is_visible()
    page.screenshot(path=str(artifacts / "computer-reasons.png"))


def test_a_returning_player_sees_the_moves_made_while_he_was_away(
    server: str, new_page: Any
) -> None:
    game = new_game(
        server, "gwite/teaching", seed=4, seats={"allied": "human", "central": "computer"}
    )
    page = new_page()
    url = server + game["seats"]["allied"]["url"]
    open_game(page, url)
    page.goto("about:blank")  # the player leaves; the computer plays meanwhile
    ended = end_player_turn(server, game, "allied")
    for _ in range(150):
        if "allied" in get(server, game, "allied")["view"]["active_roles"]:
            break
        time.sleep(0.1)
    assert get(server, game, "allied")["version"] > ended
    open_game(page, url)
    page.wait_for_selector("#move-animation:not([hidden])")
    assert animation_state(page) == "playing"
    assert int(page.evaluate("window.greatwar.animation.steps.length")) > 1
    page.click("#anim-skip")
    assert animation_state(page) == "done"
