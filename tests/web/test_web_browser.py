"""The game in a real browser: start page, moves and attacks by clicks, live updates between
two seats, the hotseat handover and the spectator's read-only page.

Positions come from the GWitE teaching scenario (seed 1): the Allied XXV Corps can
reach 1111, next to the Central Powers' stack in 1011, and then attack it.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from tests.web.kit import new_game, play_until
from tests.web.page_kit import (
    DESTINATION,
    MOVER,
    TARGET,
    act_button,
    click_hex,
    click_unit,
    counter_hex,
    create_from_start_page,
    log_size,
    move_by_clicks,
    open_game,
    tannenberg_pages,
    version,
    wait_version_after,
)

# --- tests ----------------------------------------------------------------------------------------


def test_start_page_creates_a_game_and_lists_it(
    server: str, new_page: Any, artifacts: Path
) -> None:
    page = new_page()
    create_from_start_page(page, server, hotseat=False, central="computer")
    links = page.locator("#links li")
    assert links.count() == 2  # the human seat and the spectator
    assert "/game/" in page.locator("[data-link=seat-allied]").get_attribute("href")
    page.wait_for_selector("#game-list a")
    assert page.locator("#game-list a").count() >= 1
    page.wait_for_function(
        "document.querySelector('#game-list li').textContent.includes('your move')"
    )
    assert "as Allies" in page.inner_text("#game-list li")
    page.screenshot(path=str(artifacts / "start-created.png"))


def test_the_seats_offer_the_computer_s_three_levels(server: str, new_page: Any) -> None:
    page = new_page()
    page.goto(server + "/")
    page.wait_for_selector("#seat-central option", state="attached")
    options = page.eval_on_selector_all(
        "#seat-central option", "os => os.map((o) => [o.value, o.textContent])"
    )
    assert [value for value, _ in options] == [
        "human",
        "computer",
        "computer:rollout",
        "computer:planner",
    ]
    assert [text.split(" (")[0] for _, text in options[1:]] == [
        "computer: easy",
        "computer: normal",
        "computer: hard",
    ]
    assert "5 s a player-turn" in options[3][1]  # each level states its think time
    assert page.input_value("#seat-central") == "computer"  # easy, the default opponent
    create_from_start_page(page, server, hotseat=False, central="computer:planner")
    assert page.locator("#links li").count() == 2


def test_move_and_attack_by_clicks_against_the_computer(
    server: str, new_page: Any, artifacts: Path
) -> None:
    page = new_page()
    create_from_start_page(page, server, hotseat=False, central="computer")
    page.click("[data-link=seat-allied]")
    page.wait_for_selector(".layer-counters .ctr", state="attached")
    page.wait_for_function("window.greatwar && window.greatwar.view !== null")
    assert "select a unit" in page.inner_text("#prompt")
    page.screenshot(path=str(artifacts / "game-start.png"))

    move_by_clicks(page, MOVER, DESTINATION)
    page.screenshot(path=str(artifacts / "game-moved.png"))

    act_button(page, "end_segment")
    page.wait_for_function(
        "window.greatwar.view.legal_actions.some(a => a.type === 'declare')", timeout=30_000
    )
    assert page.locator(f'.layer-highlight .target-attack[data-target="{TARGET}"]').count() == 1

    before = version(page)
    click_hex(page, TARGET)  # declare the attack
    wait_version_after(page, before)
    assert page.locator("#combat").is_visible()
    before = version(page)
    click_unit(page, MOVER, "add_attacker")
    wait_version_after(page, before)
    odds = page.inner_text("#combat .odds")
    assert ":" in odds and "odds" in odds, odds
    page.screenshot(path=str(artifacts / "game-attack-odds.png"))

    before_log = log_size(page)
    act_button(page, "resolve")
    page.wait_for_function(f"document.querySelectorAll('#log li').length > {before_log}")
    assert "Die roll" in page.inner_text("#log") or "die" in page.inner_text("#log").lower()
    page.screenshot(path=str(artifacts / "game-attack-resolved.png"))


def test_two_seats_see_each_other_live(server: str, new_page: Any, artifacts: Path) -> None:
    game = new_game(server, "gwite/teaching", seed=1, seats={"allied": "human", "central": "human"})
    allied, central = new_page(), new_page()
    open_game(allied, server + game["seats"]["allied"]["url"])
    open_game(central, server + game["seats"]["central"]["url"])
    assert central.locator("#actions button").count() == 0
    assert "Allies" in central.inner_text("#waiting")

    start = counter_hex(allied, MOVER)
    move_by_clicks(allied, MOVER, DESTINATION)
    # undo takes the move back (no die was rolled), on both pages
    assert allied.locator("#undo").is_visible()
    before = version(allied)
    allied.click("#undo")
    wait_version_after(allied, before)
    allied.wait_for_function(
        f"window.greatwar.view.units.find(u => u.id === '{MOVER}').hex === '{start}'"
    )
    assert counter_hex(allied, MOVER) == start
    move_by_clicks(allied, MOVER, DESTINATION)
    central.wait_for_function(
        f"document.querySelector('.layer-counters [data-unit=\"{MOVER}\"]')"
        f".getAttribute('data-hex') === '{DESTINATION}'"
    )
    central.screenshot(path=str(artifacts / "remote-central-sees-move.png"))

    # overlays: command radii and zones of control shade hexes when toggled
    assert central.locator(".layer-overlay .ov-command polygon").count() == 0
    central.check("[data-overlay=command]")
    central.check("[data-overlay=zoc]")
    assert central.locator(".layer-overlay .ov-command polygon").count() > 0
    assert central.locator(".layer-overlay .ov-zoc polygon").count() > 0
    assert central.locator(".layer-moves line").count() >= 1  # the Allied move seen
    central.screenshot(path=str(artifacts / "remote-central-overlays.png"))
    central.click("[data-tab=units]")
    assert "turn 2, entry A by rail" in central.inner_text("#reinforcements")
    central.click("[data-tab=play]")

    # the Allies end their turn's segments until the Central Powers must act
    for _ in range(10):
        if central.evaluate("window.greatwar.view.legal_actions.length") > 0:
            break
        allied.locator("#actions .group button").last.click()
        allied.wait_for_timeout(300)
    central.wait_for_selector("#promptbar.your-turn")
    assert "your move" in central.inner_text("#waiting")
    before = version(allied)
    central.locator("#actions .group button").last.click()
    wait_version_after(allied, before)


def test_hotseat_hands_the_screen_over(server: str, new_page: Any, artifacts: Path) -> None:
    game = new_game(
        server,
        "tannenberg/teaching",
        seed=1,
        seats={"german": "human", "russian": "human"},
        hotseat=True,
    )
    page = new_page()
    page.goto(server + game["table"]["url"])
    page.wait_for_selector("#handover:not([hidden])")
    assert page.inner_text("#handover-name") == "Germans"
    assert not page.locator("#map-pane").is_visible()
    page.screenshot(path=str(artifacts / "hotseat-handover.png"))

    page.click("#handover-go")
    page.wait_for_selector("#handover", state="hidden")
    page.wait_for_function("window.greatwar.role === 'german'")
    assert page.locator("#map-pane").is_visible()
    page.wait_for_selector("#actions button.act-end_orders")
    page.screenshot(path=str(artifacts / "hotseat-germans.png"))

    page.locator("#actions button.act-end_orders").click()
    page.wait_for_selector("#handover:not([hidden])")
    assert page.inner_text("#handover-name") == "Russians"
    page.click("#handover-go")
    page.wait_for_function("window.greatwar.role === 'russian'")
    page.wait_for_selector("#actions button.act-end_orders")
    assert page.inner_text("#seat") == "hotseat: Russians"


def test_spectator_page_is_read_only(server: str, new_page: Any, artifacts: Path) -> None:
    game = new_game(
        server, "tannenberg/teaching", seed=2, seats={"german": "human", "russian": "computer"}
    )
    page = new_page()
    open_game(page, server + game["spectator"]["url"])
    assert page.locator("#actions button").count() == 0
    assert "read-only" in page.inner_text("#actions")
    assert page.locator("#undo").is_hidden()
    assert page.locator(".layer-counters .ctr").count() > 10
    page.click("[data-tab=tables]")
    assert page.locator(".rules-table td.prov").count() > 0
    page.screenshot(path=str(artifacts / "spectator-tannenberg.png"))


def test_a_mask_placed_by_clicks_hides_its_unit_from_the_enemy_page(
    server: str, new_page: Any, artifacts: Path
) -> None:
    _game, german, russian = tannenberg_pages(server, new_page)
    hidden = "G-1-1-I"
    where = counter_hex(german, hidden)
    assert where and counter_hex(russian, hidden) == where

    before = version(german)
    click_hex(german, where)  # a stack: it opens, and the unit's "mask" button masks it
    german.locator(f'#stack [data-unit="{hidden}"] button.act-mask').first.click()
    wait_version_after(german, before)
    # the masks go on the map when both sides have ended their orders (16.1.2)
    act_button(german, "end_orders")
    russian.wait_for_selector("#actions button.act-end_orders")
    act_button(russian, "end_orders")
    german.wait_for_selector(f'.layer-counters .ctr.mask[data-hex="{where}"]', state="attached")
    german.screenshot(path=str(artifacts / "tannenberg-german-masked.png"))

    russian.wait_for_selector(f'.layer-counters .ctr.mask[data-hex="{where}"]', state="attached")
    assert russian.locator(f'.layer-counters [data-unit="{hidden}"]').count() == 0
    assert hidden not in russian.content()
    russian.screenshot(path=str(artifacts / "tannenberg-russian-sees-mask.png"))


def test_start_page_offers_three_seats_with_the_three_player_option(
    server: str, new_page: Any
) -> None:
    page = new_page()
    page.goto(server + "/")
    page.wait_for_selector("#scenario option", state="attached")
    page.select_option("#system", "tannenberg")
    page.select_option("#scenario", "tannenberg/teaching")
    assert page.locator("[data-role]").count() == 2
    page.check("[data-option=three_players]")
    page.wait_for_selector("#seat-russian-2", state="attached")
    assert page.locator("[data-role]").count() == 3
    page.click("#create")
    page.wait_for_selector("#links a")
    assert page.locator("[data-link=seat-german]").count() == 1


def test_combat_cards_are_played_from_both_pages(
    server: str, new_page: Any, artifacts: Path
) -> None:
    game = new_game(
        server, "tannenberg/teaching", seed=3, seats={"german": "human", "russian": "human"}
    )
    play_until(server, game, random.Random(5), "card")
    pages = {role: new_page() for role in ("german", "russian")}
    for role, page in pages.items():
        open_game(page, server + game["seats"][role]["url"])
    for page in pages.values():
        page.wait_for_selector("#actions button.act-card")
        assert page.locator("#combat .pairings tr").count() > 1  # what each pair of cards gives
    pages["russian"].screenshot(path=str(artifacts / "tannenberg-clash-cards.png"))

    before_log = log_size(pages["german"])
    for page in pages.values():
        before = version(page)
        page.locator("#actions button.act-card").first.click()
        wait_version_after(page, before)
    german = pages["german"]
    german.wait_for_function(f"document.querySelectorAll('#log li').length > {before_log}")
    assert german.locator("#actions button.act-card").count() == 0
    german.screenshot(path=str(artifacts / "tannenberg-clash-after-cards.png"))


def test_a_forged_seat_link_is_refused_clearly(server: str, new_page: Any) -> None:
    game = new_game(
        server, "gwite/teaching", seed=4, seats={"allied": "human", "central": "computer"}
    )
    page = new_page()
    page.goto(f"{server}/game/{game['game_id']}?token=forged")
    page.wait_for_selector("#error:not([hidden])")
    assert "Cannot open this game" in page.inner_text("#prompt")
    assert page.locator(".layer-counters .ctr").count() == 0


def ring_count(page: Any, state: str) -> int:
    return int(page.locator(f".layer-overlay .ov-supply-{state} polygon").count())


def test_the_supply_overlay_shows_a_seat_its_own_units_supply(
    server: str, new_page: Any, artifacts: Path
) -> None:
    # Tannenberg 15.0: at the teaching set-up two German units (the heavy artillery and
    # the 6th Landwehr) have no line within reach; every Russian unit has one
    _game, german, russian = tannenberg_pages(server, new_page)
    out = german.evaluate(
        """() => window.greatwar.view.units
          .filter((u) => u.supply === "out_of_supply").map((u) => [u.id, u.hex])"""
    )
    assert {uid for uid, _ in out} == {"G-1-schw-art", "G-6L"}
    assert ring_count(german, "out_of_supply") == len({h for _, h in out})
    for uid, _ in out:
        chip = german.locator(f'.layer-counters [data-unit="{uid}"] .marker-out_of_supply')
        assert chip.count() == 1
    german.click("[data-tab=units]")
    assert "out of supply" in german.inner_text('#units [data-supply-state="out_of_supply"]')
    german.click("[data-tab=legend]")
    assert german.locator("#legend [data-supply-state]").count() == 4
    german.locator("#legend [data-supply-state]").last.scroll_into_view_if_needed()
    hex_label = out[0][1]
    german.evaluate(
        "h => { const m = window.greatwar.map; m.zoom(2.5, ...m.centre(h)); m.reveal(h); }",
        hex_label,
    )
    german.screenshot(path=str(artifacts / "tannenberg-supply-overlay.png"))

    # the Russian page rings nothing: its units are in supply, the Germans' are not its to see
    assert sum(ring_count(russian, s) for s in ("out_of_supply", "isolated", "fortification")) == 0
    assert russian.locator(".layer-counters .marker-out_of_supply").count() == 0
    assert russian.evaluate(
        "() => window.greatwar.view.units.every((u) => u.side === 'russian' || !('supply' in u))"
    )
    # the overlay toggles off
    german.uncheck('[data-overlay="supply"]')
    assert ring_count(german, "out_of_supply") == 0
