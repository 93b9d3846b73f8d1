"""Issue 17, overlays and one's own hidden pieces: "last moves" draws the last player-turn's
moves only and an undone move leaves no arrow; the overlay choices survive a reload; a
Tannenberg mask planned in the orders phase shows at once on its owner's map, never on the
enemy's before the rules reveal it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.web.kit import api, end_player_turn, get, new_game
from tests.web.page_kit import (
    DESTINATION,
    MOVER,
    act_button,
    click_hex,
    counter_hex,
    move_by_clicks,
    open_game,
    tannenberg_pages,
    version,
    wait_version_after,
)


def arrows(page: Any) -> list[str]:
    """The sides of the move arrows drawn."""
    return list(
        page.evaluate(
            """() => [...document.querySelectorAll('.layer-moves line')]
              .map((l) => l.getAttribute('class'))"""
        )
    )


def post(base: str, game: dict[str, Any], role: str, action: dict[str, Any]) -> int:
    payload = get(base, game, role)
    body = {
        "token": game["seats"][role]["token"],
        "version": payload["version"],
        "action": action,
        "submission_id": f"overlays-{role}-{payload['version']}",
    }
    return int(api(base, f"/api/games/{game['game_id']}/actions", body)["version"])


def move_a_unit(base: str, game: dict[str, Any], role: str) -> int:
    """Command what may be commanded (10.x), then select ``role``'s first unit that may
    move and move it to its first destination."""
    for _ in range(60):
        legal = [a for a in get(base, game, role)["view"]["legal_actions"] if a["type"] != "undo"]
        select = [a for a in legal if a["type"] == "select"]
        if select:
            break
        command = [a for a in legal if a["type"] == "command"]
        ends = [a for a in legal if a["type"].startswith("end")]
        post(base, game, role, (command or ends or legal)[0])
    post(base, game, role, select[0])
    legal = get(base, game, role)["view"]["legal_actions"]
    return post(base, game, role, next(a for a in legal if a["type"] == "move"))


def test_last_moves_shows_the_last_player_turn_and_no_undone_move(
    server: str, new_page: Any, artifacts: Path
) -> None:
    game = new_game(server, "gwite/teaching", seed=1, seats={"allied": "human", "central": "human"})
    page = new_page()
    open_game(page, server + game["seats"]["allied"]["url"])
    assert page.is_checked("[data-overlay=moves]")  # on by default
    move_by_clicks(page, MOVER, DESTINATION)
    assert arrows(page) == ["move-arrow side-allied"]
    before = version(page)
    page.click("#undo")
    wait_version_after(page, before)
    assert counter_hex(page, MOVER) != DESTINATION
    assert arrows(page) == []  # no backwards arrow for the move taken back
    move_by_clicks(page, MOVER, DESTINATION)
    assert arrows(page) == ["move-arrow side-allied"]

    end_player_turn(server, game, "allied")
    moved = move_a_unit(server, game, "central")
    page.wait_for_function(f"window.greatwar.version >= {moved}")
    # the Central Powers' player-turn: their move only, the Allies' arrows gone
    assert arrows(page) == ["move-arrow side-central"]
    page.screenshot(path=str(artifacts / "last-moves-last-player-turn.png"))


def test_overlay_choices_survive_a_reload(server: str, new_page: Any) -> None:
    game = new_game(server, "gwite/teaching", seed=1, seats={"allied": "human", "central": "human"})
    page = new_page()
    open_game(page, server + game["seats"]["allied"]["url"])
    page.uncheck("[data-overlay=moves]")
    page.uncheck("[data-overlay=supply]")
    page.check("[data-overlay=zoc]")
    page.reload()
    open_game(page, page.url)
    assert not page.is_checked("[data-overlay=moves]")
    assert not page.is_checked("[data-overlay=supply]")
    assert page.is_checked("[data-overlay=zoc]")
    assert not page.is_checked("[data-overlay=command]")
    assert page.locator(".layer-overlay .ov-zoc polygon").count() > 0


def test_the_owner_sees_his_planned_mask_at_once_and_the_enemy_does_not(
    server: str, new_page: Any, artifacts: Path
) -> None:
    _game, german, russian = tannenberg_pages(server, new_page)
    hidden = "G-1-1-I"
    where = counter_hex(german, hidden)
    before = version(german)
    click_hex(german, where or "")
    german.locator(f'#stack [data-unit="{hidden}"] button.act-mask').first.click()
    wait_version_after(german, before)
    # during the orders phase, before anyone ends his orders (16.1.2)
    assert german.locator("#actions button.act-end_orders").count() > 0
    german.wait_for_selector(
        f'.layer-counters .ctr.mask.planned[data-hex="{where}"]', state="attached"
    )
    german.screenshot(path=str(artifacts / "tannenberg-planned-mask-owner.png"))
    russian.wait_for_function(f"window.greatwar.version >= {version(german)}")
    assert russian.locator(f'.layer-counters .ctr.mask[data-hex="{where}"]').count() == 0
    assert russian.locator(f'.layer-counters [data-unit="{hidden}"]').count() == 1
    assert "mask-german" not in russian.content()
    # the rules reveal the masks when both have ended their orders: the enemy sees one then
    act_button(german, "end_orders")
    russian.wait_for_selector("#actions button.act-end_orders")
    act_button(russian, "end_orders")
    russian.wait_for_selector(f'.layer-counters .ctr.mask[data-hex="{where}"]', state="attached")
    german.wait_for_function("!document.querySelector('.layer-counters .ctr.planned')")
    assert german.locator(f'.layer-counters .ctr.mask[data-hex="{where}"]').count() == 1
