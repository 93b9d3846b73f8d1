"""Caporetto 1917 in the browser: the pursuit (caporetto 20.0) is offered in a player's
words, aimed at the hex it ends in with its route drawn, and taken as the page sends it.

The position is the pursuit test's (tests/rules/gwite/caporetto/test_caporetto_pursuit.py,
the FICTIONAL teaching map): G-12 (TCR 1) and G-5 (TCR 2) attack the Italian 46th
Division in 1111, which retreats two hexes, 1011 then 1010."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import greatwar
from greatwar import State
from greatwar.engine import dice
from tests.rules.gwite.caporetto.combat_kit import COMBAT, SPARE
from tests.rules.gwite.caporetto.conftest import write_caporetto_position
from tests.rules.gwite.kit import attack, choose
from tests.web.test_web_client_modules import run


@pytest.fixture
def pursuit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> State:
    """The Central Powers' advance stage after the 46th Division's two-hex retreat."""
    queue = [2]

    def roll(record: dict[str, int], sides: int = 6) -> int:
        record["n"] += 1
        return queue.pop(0)

    monkeypatch.setattr(dice, "roll", roll)
    units = {**SPARE, "I-46": "1111", "G-12": "1211", "G-5": "1212"}
    st = greatwar.load(write_caporetto_position(tmp_path, units, turn=6, **COMBAT)).new_state(1)
    attack(st, "central", "1111", ["G-12", "G-5"])
    st.apply("central", {"type": "resolve"})  # 7 to 3, 2-1, die 2: -/2
    choose(st, "allied", "option", index=2)
    choose(st, "allied", "retreat", path=["1011", "1010"])
    return st


def test_20_0_the_pursuit_is_offered_on_the_map_in_a_player_s_words(
    server: str, new_page: Any, pursuit: State
) -> None:
    st = pursuit
    names = {uid: info.name for uid, info in st.game.static.units.items()}
    (pursue,) = [a for a in st.legal_actions("central") if a["type"] == "pursue"]
    hexes = {h: {} for h in ("1211", "1111", "1011", "1010")}
    page = new_page()
    page.goto(server + "/")
    out = run(
        page,
        "actions.js",
        f"""{{
          label: m.describe({json.dumps(pursue)}, {json.dumps(names)}),
          hex: m.actionHex({json.dumps(pursue)}, {json.dumps(hexes)}),
          kind: m.targetKind({json.dumps(pursue)}),
          route: m.actionRoute({json.dumps(pursue)}, "1211"),
        }}""",
    )
    assert out["label"] == f"Pursue {names['G-12']} → 1011"
    assert out["hex"] == "1011" and out["kind"] == "retreat"
    assert out["route"] == ["1211", "1111", "1011"]
    st.apply("central", pursue)  # what the page sends back is the legal action itself
    assert st.data["units"]["G-12"]["hex"] == "1011"
