"""Von Hindenburg in Poland in the browser: breaking a Russian corps down into its
divisions and reconstituting it (hindenburg 21.11, 21.12) are offered in a player's
words, from a real position on the FICTIONAL teaching map."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import greatwar
from tests.rules.gwite.hindenburg.conftest import write_hindenburg_position
from tests.web.test_web_client_modules import run


def test_21_11_breakdown_and_reconstitution_are_labelled(
    server: str, new_page: Any, tmp_path: Path
) -> None:
    spare = {"status": "spare"}
    units: dict[str, Any] = {"R-XIV": "0907", "R-XIV-18": spare, "R-XIV-45": spare}
    st = greatwar.load(write_hindenburg_position(tmp_path, units)).new_state(1)
    names = {uid: info.name for uid, info in st.game.static.units.items()}
    (down,) = [a for a in st.legal_actions("allied") if a["type"] == "break_down"]
    st.apply("allied", down)
    (back,) = [a for a in st.legal_actions("allied") if a["type"] == "reconstitute"]
    page = new_page()
    page.goto(server + "/")
    labels = run(
        page,
        "actions.js",
        f"{json.dumps([down, back])}.map((a) => m.describe(a, {json.dumps(names)}))",
    )
    assert labels == [
        "Break down XIV Corps (fictional) into 18 Division (XIV Corps; fictional) and"
        " 45 Division (XIV Corps; fictional)",
        "Reconstitute XIV Corps (fictional) from 18 Division (XIV Corps; fictional) and"
        " 45 Division (XIV Corps; fictional) in 0907",
    ]


def test_23_0_the_page_shows_both_totals_and_their_difference(
    server: str, new_page: Any, tmp_path: Path
) -> None:
    st = greatwar.load("gwite/hindenburg-teaching").new_state(1)
    view = st.game.system.view(st, "allied")
    view["vp"]["totals"] = {"allied": 7, "central": 3}
    view["vp"]["difference"] = 4
    page = new_page()
    page.goto(server + "/")
    text = run(page, "panels.js", f"m.vpText({json.dumps(view)})")
    assert text == "VP Russians 7 · Central Powers 3 (difference +4 for the Russians)"
