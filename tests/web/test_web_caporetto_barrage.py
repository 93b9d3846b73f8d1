"""Caporetto 1917's artillery barrage in the browser: the attacker's barrage (17.11,
17.15) and the defender's allocation (17.21, 17.25) offered in a player's words and
shown in the odds panel as they will be resolved.

The reports are real: positions of the rules tests on the FICTIONAL teaching map,
played by the rules; the page's own modules draw them in chromium."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import greatwar
from greatwar import State
from tests.rules.gwite.caporetto.conftest import write_caporetto_position
from tests.rules.gwite.kit import COMBAT, attack, resolve
from tests.web.test_web_client_modules import run

#: the German 12th Division and Artillery Brigade 1 (barrage 6) in 1710 attack the
#: Italian 46th Division in 1810; the Italian 2nd Artillery Brigade (barrage 4) in 1910
UNITS = {"I-46": "1810", "G-12": "1710", "G-A1": "1710", "I-A2": "1910"}


@pytest.fixture
def position(tmp_path: Path) -> State:
    path = write_caporetto_position(tmp_path, UNITS, phasing="central", turn=3, **COMBAT)
    return greatwar.load(path).new_state(1)


def names(st: State) -> dict[str, str]:
    return {uid: info.name for uid, info in st.game.static.units.items()}


def panel_text(page: Any, combat: dict[str, Any]) -> str:
    return str(run(page, "panels.js", f"m.combatPanel({json.dumps(combat)}).textContent"))


def labels(page: Any, actions: list[dict[str, Any]], st: State) -> list[str]:
    body = f"{json.dumps(actions)}.map((a) => m.describe(a, {json.dumps(names(st))}))"
    return list(run(page, "actions.js", body))


def test_the_attackers_barrage_is_offered_and_shown_in_the_odds(
    server: str, new_page: Any, position: State
) -> None:
    st = position
    attack(st, "central", "1810", ["G-12"])
    page = new_page()
    page.goto(server + "/")
    offered = [a for a in st.legal_actions("central") if "barrage" in a["type"]]
    assert labels(page, offered, st) == [
        "Barrage support from German Artillery Brigade 1 (fictional) points 6"
    ]
    st.apply("central", offered[0])
    st.apply("central", {"type": "reduce_barrage", "unit": "G-A1", "points": 5})
    text = panel_text(page, st.view("central")["combat"])
    assert "German Artillery Brigade 1 (fictional) (barrage)" in text
    assert "6→5" in text
    assert (
        "Barrage Strength 6 added to the attack (not affected by rivers) [caporetto 17.11]" in text
    )
    assert "reduced by the attacker to 5 [caporetto 17.15]" in text
    assert "9 : 3" in text and "column 3-1" in text


def test_the_defenders_allocation_is_offered_after_the_attack_is_committed(
    server: str, new_page: Any, position: State
) -> None:
    st = position
    attack(st, "central", "1810", ["G-12"])
    st.apply("central", {"type": "barrage", "unit": "G-A1", "points": 6})
    resolve(st, "central")  # committed: the Allies allocate, seeing the attacker's barrage
    page = new_page()
    page.goto(server + "/")
    offered = st.legal_actions("allied")
    assert labels(page, offered, st) == [
        "Defensive barrage from 2nd Artillery Brigade (fictional) → 1810",
        "Let the die be rolled",
    ]
    st.apply("allied", offered[0])
    text = panel_text(page, st.view("allied")["combat"])
    assert "2nd Artillery Brigade (fictional) (barrage)" in text
    assert "added to the defense of 1810 (not affected by rivers) [caporetto 17.21]" in text
    assert "10 : 7" in text and "column 1-1" in text
