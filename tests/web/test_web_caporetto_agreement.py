"""Caporetto 1917 in the browser: ending the game early by mutual agreement (caporetto
4.1) is offered in a player's words, from a real game of the FICTIONAL teaching
scenario at its first Game-Turn Record Interphase."""

from __future__ import annotations

import json
from typing import Any

import greatwar
from greatwar.rules.gwite import agreement
from tests.rules.gwite.kit import play_until
from tests.web.test_web_client_modules import run


def test_4_1_the_agreement_is_labelled(server: str, new_page: Any) -> None:
    st = greatwar.load("gwite/caporetto-teaching").new_state(1)
    play_until(st, lambda s: (s.top() or {}).get("kind") == agreement.KIND, limit=2000)
    asked = st.legal_actions("central")
    st.apply("central", {"type": "propose_end"})
    answers = st.legal_actions("allied")
    page = new_page()
    page.goto(server + "/")
    actions = json.dumps([*asked, *answers])
    labels = run(page, "actions.js", f"{actions}.map((a) => m.describe(a, {{}}))")
    assert labels == [
        "Play on",
        "Propose to end the game now",
        "Decline: play on",
        "Accept: end the game now",
    ]
    kinds = run(page, "actions.js", f"{actions}.map((a) => m.targetKind(a))")
    assert kinds == ["other"] * 4
