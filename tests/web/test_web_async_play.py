"""Asynchronous play in a real browser: the chat between two seats, live and kept with the
game; the page title and a notification when the other seat's move makes it one's turn; the
hover stack viewer (an enemy mask stays a mask); "My games" across ports of ``play``."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from tests.web.kit import api, get, new_game
from tests.web.page_kit import (
    act_button,
    click_hex,
    counter_hex,
    open_game,
    tannenberg_pages,
    version,
    wait_version_after,
)
from tests.web.play_kit import free_port, playing

#: a Notification the test can see (the permission prompt of a real browser cannot be clicked)
NOTIFICATION_STUB = """
window.shownNotifications = [];
window.Notification = class {
  constructor(title, options) { window.shownNotifications.push([title, (options || {}).body]); }
  static requestPermission() {
    window.Notification.permission = "granted";
    return Promise.resolve("granted");
  }
};
window.Notification.permission = "default";
window.pageHidden = false;
Object.defineProperty(document, "hidden", { configurable: true, get: () => window.pageHidden });
"""


def send_chat(page: Any, text: str) -> None:
    page.click("[data-tab=chat]")
    page.fill("#chat-input", text)
    page.press("#chat-input", "Enter")


def chat_texts(page: Any) -> list[str]:
    return [t.strip() for t in page.locator("#chat-list .chat-text").all_inner_texts()]


def test_two_seats_chat_live_and_the_chat_is_kept(
    server: str, new_page: Any, artifacts: Path
) -> None:
    game = new_game(server, "gwite/teaching", seed=1, seats={"allied": "human", "central": "human"})
    allied, central, watcher = new_page(), new_page(), new_page()
    open_game(allied, server + game["seats"]["allied"]["url"])
    open_game(central, server + game["seats"]["central"]["url"])
    open_game(watcher, server + game["spectator"]["url"])

    send_chat(allied, "Shall we play on tonight?")
    central.wait_for_selector("[data-tab=chat]:has-text('(1)')")  # unread, shown on the tab
    send_chat(central, "Yes, after dinner.")
    allied.wait_for_function("document.querySelectorAll('#chat-list .chat-message').length === 2")
    assert chat_texts(allied) == ["Shall we play on tonight?", "Yes, after dinner."]
    first = allied.locator("#chat-list .chat-message").first
    assert first.get_attribute("data-seat") == "allied"
    assert first.locator(".chat-seat").inner_text() == "Allies"
    assert first.locator(".chat-time").get_attribute("datetime")
    allied.screenshot(path=str(artifacts / "chat.png"))

    # a spectator reads, live, and has nothing to write with
    watcher.click("[data-tab=chat]")
    watcher.wait_for_function("document.querySelectorAll('#chat-list .chat-message').length === 2")
    assert watcher.locator("#chat-input").count() == 0
    assert "only the players write" in watcher.inner_text("#chat")

    # too long: refused by the page's limit, and by the server if the page is bypassed
    assert allied.get_attribute("#chat-input", "maxlength") == "500"
    allied.evaluate("document.getElementById('chat-input').removeAttribute('maxlength')")
    send_chat(allied, "x" * 501)
    allied.wait_for_selector("#chat-error:has-text('at most 500')")
    assert len(chat_texts(allied)) == 2

    allied.reload()  # kept with the game
    allied.click("[data-tab=chat]")
    allied.wait_for_function("document.querySelectorAll('#chat-list .chat-message').length === 2")


def test_the_title_and_a_notification_say_your_turn_when_the_other_seat_moves(
    server: str, new_page: Any
) -> None:
    game = new_game(server, "gwite/teaching", seed=1, seats={"allied": "human", "central": "human"})
    central = new_page()
    central.add_init_script(NOTIFICATION_STUB)
    open_game(central, server + game["seats"]["central"]["url"])
    assert central.evaluate("window.greatwar.view.legal_actions.length") == 0
    assert central.is_visible("#notify-allow")
    central.click("#notify-allow")  # the player allows notifications
    central.wait_for_selector("#notify-allow", state="hidden")
    central.evaluate("window.pageHidden = true")  # the player looks at another tab

    for _ in range(12):  # the Allies end their segments until the Central Powers must act
        if get(server, game, "central")["view"]["legal_actions"]:
            break
        payload = get(server, game, "allied")
        end = [a for a in payload["view"]["legal_actions"] if a["type"].startswith("end")][-1]
        body = {
            "token": game["seats"]["allied"]["token"],
            "version": payload["version"],
            "action": end,
            "submission_id": f"async-{payload['version']}",
        }
        api(server, f"/api/games/{game['game_id']}/actions", body)
    central.wait_for_function("document.title.startsWith('(Your turn) ')")
    assert central.evaluate("window.shownNotifications.length") == 1
    assert central.evaluate("window.shownNotifications[0][0]") == "greatwar: your turn"

    # back on the page: the title is the game's again
    central.evaluate(
        "window.pageHidden = false; document.dispatchEvent(new Event('visibilitychange'))"
    )
    central.wait_for_function("!document.title.startsWith('(Your turn)')")


def hover_hex(page: Any, hex_label: str) -> None:
    point = page.evaluate("h => window.greatwar.map.screenPoint(h)", hex_label)
    page.mouse.move(point["x"] - 40, point["y"] - 40)
    page.mouse.move(point["x"], point["y"], steps=4)
    page.wait_for_selector(f"#stack-hover[data-hex='{hex_label}']:not([hidden])")


def test_hovering_a_stack_shows_its_units_and_an_enemy_mask_stays_a_mask(
    server: str, new_page: Any, artifacts: Path
) -> None:
    _game, german, russian = tannenberg_pages(server, new_page)
    hidden = "G-1-1-I"
    where = counter_hex(german, hidden)
    assert where

    hover_hex(russian, where)  # before the mask: the Russians see the German stack
    assert russian.locator(f"#stack-hover li[data-unit='{hidden}']").count() == 1

    before = version(german)
    click_hex(german, where)
    german.locator(f'#stack [data-unit="{hidden}"] button.act-mask').first.click()
    wait_version_after(german, before)
    german.keyboard.press("Escape")
    act_button(german, "end_orders")
    russian.wait_for_selector("#actions button.act-end_orders")
    act_button(russian, "end_orders")
    russian.wait_for_selector(f'.layer-counters .ctr.mask[data-hex="{where}"]', state="attached")
    german.wait_for_selector(f'.layer-counters .ctr.mask[data-hex="{where}"]', state="attached")

    hover_hex(german, where)  # the owner sees the mask and what it hides
    mine = german.inner_text("#stack-hover")
    assert german.locator(f"#stack-hover li[data-unit='{hidden}']").count() == 1
    assert german.locator("#stack-hover .ctr.mask").count() >= 1
    german.screenshot(path=str(artifacts / "stack-hover-own.png"))

    hover_hex(russian, where)  # the enemy sees the mask only
    assert russian.locator("#stack-hover .ctr.mask").count() >= 1
    assert russian.locator(f"#stack-hover li[data-unit='{hidden}']").count() == 0
    assert hidden not in russian.inner_html("#stack-hover")
    assert russian.inner_text("#stack-hover") != mine
    russian.screenshot(path=str(artifacts / "stack-hover-enemy.png"))


def test_my_games_lists_the_games_of_play_whatever_its_port(tmp_path: Path, new_page: Any) -> None:
    db = tmp_path / "games.sqlite3"
    with playing(db, free_port()) as (_, url):
        game_id = urlparse(url).path.removeprefix("/game/")
    with playing(db, free_port()) as (_, again):  # another port: a browser that never saw it
        assert urlparse(again).path == urlparse(url).path
        base = f"http://127.0.0.1:{urlparse(again).port}"
        page = new_page()
        page.goto(base + "/")
        page.wait_for_selector(f"#game-list a:has-text('{game_id}')")
        assert "allied" in page.inner_text("#game-list")
