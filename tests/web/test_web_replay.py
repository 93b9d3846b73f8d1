"""The replay in a real browser (issue 17): enter it, step back and forward one action or
one phase, the map redrawn from the seat's view at each step, nothing to act on
meanwhile, and back to the game; the download link gives the seat's document."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from tests.web.kit import api, get, new_game

#: actions played through the API before the page is opened
PLAYED = 40


def play_some(base: str, game: dict[str, Any], rng: random.Random, until_role: str) -> None:
    """Play random legal actions (moves rather than ends), at least :data:`PLAYED`, until
    ``until_role`` has something to do."""
    first = next(iter(game["seats"]))
    for n in range(PLAYED * 20):
        roles = get(base, game, first)["view"]["active_roles"]
        if n >= PLAYED and until_role in roles:
            return
        role = rng.choice(roles)
        payload = get(base, game, role)
        actions = [a for a in payload["view"]["legal_actions"] if a["type"] != "undo"]
        moves = [a for a in actions if not a["type"].startswith("end")]
        action = rng.choice(moves if moves and rng.random() < 0.85 else actions)
        body = {
            "token": game["seats"][role]["token"],
            "version": payload["version"],
            "action": action,
            "submission_id": f"replay-{payload['version']}",
        }
        api(base, f"/api/games/{game['game_id']}/actions", body)
    raise AssertionError(f"{until_role} never had anything to do")


def counter_hexes(page: Any) -> dict[str, str]:
    return dict(
        page.evaluate(
            """() => Object.fromEntries([...document.querySelectorAll('.layer-counters .ctr')]
                 .map(c => [c.dataset.unit, c.dataset.hex]))"""
        )
    )


def shown_step(page: Any) -> int:
    return int(page.get_attribute("#replay-step", "data-step") or "-1")


def go(page: Any, button: str, before: int) -> int:
    """Click a replay button and wait until another step is drawn; the step shown."""
    page.click(f"#{button}")
    page.wait_for_function(f"document.querySelector('#replay-step').dataset.step !== '{before}'")
    return shown_step(page)


def test_replay_steps_through_the_history_read_only(
    server: str, new_page: Any, artifacts: Any
) -> None:
    game = new_game(server, "gwite/teaching", seed=1, seats={"allied": "human", "central": "human"})
    play_some(server, game, random.Random(17), until_role="allied")
    url = server + game["seats"]["allied"]["url"]
    page = new_page()
    page.goto(url)
    page.wait_for_selector(".layer-counters .ctr", state="attached")
    page.wait_for_function("window.greatwar && window.greatwar.view !== null")
    version = int(page.evaluate("window.greatwar.version"))
    assert page.locator("#actions button.act").count() > 0, "the seat has actions live"
    live_hexes = counter_hexes(page)
    assert page.locator("#replay-bar").is_hidden()

    page.click("#replay-open")
    page.wait_for_selector("#replay-bar:not([hidden])")
    page.wait_for_function(f"document.querySelector('#replay-step').dataset.step === '{version}'")
    assert page.locator("#actions button.act").count() == 0, "no actions in a replay"
    assert "Replay" in page.inner_text("#actions")
    assert counter_hexes(page) == live_hexes  # the last step is the game now

    assert go(page, "replay-start", version) == 0
    start = counter_hexes(page)
    assert start != live_hexes, "the map is redrawn at the start of the game"
    assert page.locator("#replay-start").is_disabled()
    assert "start of the game" in page.inner_text("#replay-step")

    assert go(page, "replay-forward", 0) == 1
    assert "Step 1 of" in page.inner_text("#replay-step")
    phase_step = go(page, "replay-phase-forward", 1)
    token = game["seats"]["allied"]["token"]
    steps = api(server, f"/api/games/{game['game_id']}/replay?token={token}")
    phases = [s["phase"] for s in steps["steps"]]
    assert phase_step > 1 and phases[phase_step] != phases[phase_step - 1], (
        "forward a phase stops where the next action is of the next phase"
    )
    assert go(page, "replay-back", phase_step) == phase_step - 1
    back = go(page, "replay-phase-back", phase_step - 1)
    assert back == 0 or phases[back] != phases[back - 1]

    # somewhere in the middle, the map differs from both ends; clicking it does nothing
    middle = go(page, "replay-forward", shown_step(page))
    while counter_hexes(page) in (start, live_hexes) and middle < version:
        middle = go(page, "replay-forward", middle)
    hexes = counter_hexes(page)
    assert page.locator(".move-arrow").count() > 0, "the step's moves are drawn"
    unit, hex_label = next(iter(hexes.items()))
    point = page.evaluate("h => window.greatwar.map.screenPoint(h)", hex_label)
    page.mouse.click(point["x"], point["y"])
    assert page.locator("#stack button.act").count() == 0
    page.keyboard.press("Escape")
    page.screenshot(path=str(artifacts / "replay.png"))
    assert int(page.evaluate("window.greatwar.version")) == version, "nothing was submitted"

    # the game goes on meanwhile: kept aside, and the replay can reach the new step
    payload = get(server, game, "allied")
    action = next(a for a in payload["view"]["legal_actions"] if a["type"] != "undo")
    body = {"token": token, "version": version, "action": action, "submission_id": "during"}
    api(server, f"/api/games/{game['game_id']}/actions", body)
    page.wait_for_function(
        f"window.greatwar.replay.live && window.greatwar.replay.live.version === {version + 1}"
    )
    assert int(page.evaluate("window.greatwar.version")) == version
    assert go(page, "replay-end", shown_step(page)) == version + 1

    page.click("#replay-exit")
    page.wait_for_selector("#replay-bar", state="hidden")
    page.wait_for_function(f"window.greatwar.version === {version + 1}")
    assert page.locator("#actions button.act").count() > 0 or action["type"].startswith("end")
    assert unit in hexes


def test_the_download_link_gives_the_seats_document(server: str, new_page: Any) -> None:
    game = new_game(server, "gwite/teaching", seed=2, seats={"allied": "human", "central": "human"})
    page = new_page()
    page.goto(server + game["seats"]["central"]["url"])
    page.wait_for_function("window.greatwar && window.greatwar.view !== null")
    with page.expect_download() as info:
        page.click("#download")
    assert info.value.suggested_filename.startswith(f"greatwar-{game['game_id']}-central")
    doc = json.loads(Path(info.value.path()).read_text(encoding="utf-8"))
    assert doc["format"] == "greatwar-download/1" and doc["role"] == "central"
    assert "seed" not in json.dumps(doc)


def test_phase_steps(server: str, new_page: Any) -> None:
    """The phase buttons' targets: a phase starts before its first action."""
    page = new_page()
    page.goto(server + "/")
    steps = [{"phase": p} for p in ["a", "a", "b", "b", "b", "c"]]
    got = page.evaluate(
        f"""async () => {{
          const m = await import('/static/js/replay.js');
          const s = {json.dumps(steps)};
          return {{
            starts: m.phaseStarts(s),
            back: [0, 1, 2, 3, 5, 6].map((k) => m.phaseBack(s, k)),
            forward: [0, 1, 2, 4, 5, 6].map((k) => m.phaseForward(s, k)),
          }};
        }}"""
    )
    assert got["starts"] == [0, 2, 5]
    assert got["back"] == [0, 0, 0, 2, 2, 5]
    assert got["forward"] == [2, 2, 5, 5, 6, 6]
