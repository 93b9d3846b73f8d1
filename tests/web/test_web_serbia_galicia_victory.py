"""Serbia/Galicia in the browser: the victory points shown as the Victory Point Track's
markers (serbia-galicia 25.4) and the Serbian Supply Points (20.1), from the FICTIONAL
teaching scenario's view."""

from __future__ import annotations

import json
from typing import Any

import greatwar
from greatwar.rules.gwite.serbia_galicia import victory as V
from tests.web.test_web_client_modules import run


def test_25_4_the_page_shows_the_total_and_the_track_markers(server: str, new_page: Any) -> None:
    st = greatwar.load("gwite/serbia-galicia-teaching").new_state(1)
    view = st.game.system.view(st, "allied")
    view["vp"]["total"] = 63
    view["vp"]["track"] = V.track_markers(63)
    page = new_page()
    page.goto(server + "/")
    text = run(page, "panels.js", f"m.vpText({json.dumps(view)})")
    # and the Serbian Supply Points the track holds (serbia-galicia 20.1, 20.3: four)
    assert text == "VP 63 (×10 positive in box 6, ×1 positive in box 3) · Serbian Supply Points 4"
