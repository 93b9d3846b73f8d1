"""Von Hindenburg's hidden Gruppen in the browser (18.12): both pages draw the markers on
the map; the Central Powers' page shows which box each is and the Hidden Unit Display,
the Russian's page neither, nor any unit they conceal; reveals are lines of the log,
citing their case.

A FICTIONAL teaching game with hidden movement on is played at random through the API
until a marker conceals units and a reveal has happened (18.31); then both seats' pages
are opened in chromium."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from tests.web.kit import api, get, new_game

SCENARIO = "gwite/hindenburg-teaching"
RUSSIAN, CENTRAL = "allied", "central"
REVEAL = "hindenburg 18.31"


def concealed(view: dict[str, Any]) -> dict[str, str]:
    """unit -> the handle of its marker, in the Central Powers' view."""
    return {u["id"]: u["masked_by"] for u in view["units"] if u.get("masked_by")}


def markers(view: dict[str, Any]) -> dict[str, str]:
    """handle -> hex of every marker a view shows."""
    return {u["id"]: u["hex"] for u in view["units"] if u.get("type") == "mask"}


def play_until_revealed(base: str, game: dict[str, Any], rng: random.Random) -> None:
    """Random legal actions through the API until units are concealed (in the Central
    Powers' view) and the Russian has read a reveal."""
    for step in range(3000):
        seen = {role: get(base, game, role) for role in (RUSSIAN, CENTRAL)}
        revealed = any(e.get("case") == REVEAL for e in seen[RUSSIAN]["view"]["log"])
        if revealed and concealed(seen[CENTRAL]["view"]):
            return
        role = rng.choice(seen[RUSSIAN]["view"]["active_roles"])
        actions = [a for a in seen[role]["view"]["legal_actions"] if a["type"] != "undo"]
        body = {
            "token": game["seats"][role]["token"],
            "version": seen[role]["version"],
            "action": rng.choice(actions),
            "submission_id": f"hindenburg-{step}",
        }
        api(base, f"/api/games/{game['game_id']}/actions", body)
    raise AssertionError("no Gruppe concealed units after a reveal within 3000 actions")


def open_game(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(".layer-counters .ctr.mask", state="attached")
    page.wait_for_function("window.greatwar && window.greatwar.view !== null")


def drawn_markers(page: Any) -> dict[str, tuple[str, str]]:
    """handle -> (hex, text) of every marker drawn on the page's map."""
    found = page.eval_on_selector_all(
        ".layer-counters .ctr.mask",
        "els => els.map(e => [e.dataset.unit, e.dataset.hex, e.textContent])",
    )
    return {unit: (hex_label, text) for unit, hex_label, text in found}


def test_18_12_markers_on_both_maps_the_display_to_its_owner_reveals_in_the_log(
    server: str, new_page: Any, artifacts: Path
) -> None:
    game = new_game(
        server,
        SCENARIO,
        seed=11,
        seats={RUSSIAN: "human", CENTRAL: "human"},
        options={"hidden_movement": True},
    )
    play_until_revealed(server, game, random.Random(11))
    truth = get(server, game, CENTRAL)["view"]
    hidden = concealed(truth)

    central = new_page()
    open_game(central, server + game["seats"][CENTRAL]["url"])
    own = drawn_markers(central)
    assert {h: where for h, (where, _) in own.items()} == markers(truth)
    boxes = {u["id"]: u["box"] for u in truth["units"] if u.get("type") == "mask"}
    for handle, (_, text) in own.items():  # its owner reads each marker's box
        assert f"Gruppe {boxes[handle]}" in text
    display = central.locator("#hidden-unit-display li")
    assert display.count() >= 2  # the boxes in use, and how many are free
    held = central.locator("#hidden-unit-display").text_content() or ""
    assert any(names_in(truth, uid) in held for uid in hidden)
    central.screenshot(path=str(artifacts / "hindenburg-central-gruppen.png"))

    russian = new_page()
    open_game(russian, server + game["seats"][RUSSIAN]["url"])
    seen = drawn_markers(russian)
    assert {h: where for h, (where, _) in seen.items()} == markers(truth)
    for _, text in seen.values():  # the numbered side face down (18.12)
        assert text.strip().endswith("Gruppe")
    assert russian.locator("#hidden-unit-display").count() == 0
    page_text = russian.content()
    for uid in hidden:
        assert russian.locator(f'.layer-counters [data-unit="{uid}"]').count() == 0
        assert uid not in page_text
    log = russian.locator("#log li").all_text_contents()
    reveals = [line for line in log if REVEAL in line]
    assert reveals and all(("revealed" in r or "dummy" in r) for r in reveals)
    russian.screenshot(path=str(artifacts / "hindenburg-russian-sees-markers.png"))


def names_in(view: dict[str, Any], uid: str) -> str:
    """A unit's name as the view gives it."""
    return next(str(u["name"]) for u in view["units"] if u["id"] == uid)
