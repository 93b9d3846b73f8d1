"""Caporetto 1917 in the browser: the pre-game set-up (caporetto 25.21-25.33) is offered
in a player's words, each hex drawn as a place to set a unit up, from a real game of the
FICTIONAL teaching Tyrol Offensive."""

from __future__ import annotations

import json
from typing import Any

import greatwar
from tests.web.kit import new_game
from tests.web.page_kit import open_game
from tests.web.test_web_client_modules import run


def test_25_33_the_set_up_is_labelled_and_drawn(server: str, new_page: Any) -> None:
    st = greatwar.load("gwite/caporetto-teaching-tyrol").new_state(1)
    names = {uid: info.name for uid, info in st.game.static.units.items()}
    deploy = next(a for a in st.legal_actions("allied") if a["type"] == "deploy")
    st.apply("allied", deploy)
    st.apply("allied", next(a for a in st.legal_actions("allied") if a["type"] == "deploy"))
    (done,) = [a for a in st.legal_actions("allied") if a["type"] == "end_deployment"]
    page = new_page()
    page.goto(server + "/")
    actions = json.dumps([deploy, done])
    labels = run(page, "actions.js", f"{actions}.map((a) => m.describe(a, {json.dumps(names)}))")
    assert labels == [f"Set up {names[deploy['unit']]} → 0807", "Finish the set-up"]
    kinds = run(page, "actions.js", f"{actions}.map((a) => m.targetKind(a))")
    assert kinds == ["enter", "other"]


def test_2_33_the_units_tab_names_a_unit_type_in_words(server: str, new_page: Any) -> None:
    # the counter sheet's types are data ids ("mountain_infantry", "supply_depot"): the
    # Units tab shows them as words (the German Alpine Brigade arrives on Game-Turn 4)
    game = new_game(
        server,
        "gwite/caporetto-teaching",
        seed=1,
        seats={"allied": "human", "central": "human"},
    )
    page = new_page()
    open_game(page, server + game["seats"]["allied"]["url"])
    page.click("[data-tab=units]")
    due = page.inner_text("#reinforcements")
    assert "German Alpine Brigade (fictional) (Central Powers) mountain infantry" in due
    assert "_" not in due
