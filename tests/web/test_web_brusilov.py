"""The Brusilov Offensive in the browser: the page's odds panel and log show what the
rules decided — massed artillery (19.2) and the defender's HQ shift (21.1) in the odds
as they will be resolved, the panic's defence of 1 (23.11), and the panic retreat (23.13)
and its step loss (23.12) in the log.

The reports are real: each comes from a Brusilov position played by the rules (the
positions of the rules tests, on the FICTIONAL teaching map), and the page's own modules
draw them in chromium."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import greatwar
from greatwar import State
from greatwar.engine import dice
from tests.rules.gwite.brusilov.conftest import special_table
from tests.rules.gwite.brusilov.test_brusilov_combat import defensive_position
from tests.rules.gwite.brusilov.test_brusilov_panic import end_defense, panic_fight, retreat_paths
from tests.rules.gwite.conftest import write_position
from tests.rules.gwite.kit import attack, choose, resolve
from tests.web.test_web_client_modules import run


@pytest.fixture
def brusilov(tmp_path: Path):  # type: ignore[no-untyped-def]
    """``brusilov(units, special=..., **kw)``: a state under the Brusilov rules."""
    count = iter(range(100))

    def make(units: dict[str, Any], special: dict[str, Any] | None = None, **kw: Any) -> State:
        folder = tmp_path / str(next(count))
        folder.mkdir()
        extra = special_table(special) if special else ""
        path = write_position(folder, units, game="brusilov", extra=extra, **kw)
        return greatwar.load(path).new_state(1)

    return make


@pytest.fixture
def fixed(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    def load(*values: int) -> None:
        queue = list(values)

        def roll(record: dict[str, int], sides: int = 6) -> int:
            record["n"] += 1
            return queue.pop(0)

        monkeypatch.setattr(dice, "roll", roll)

    return load


def panel_text(page: Any, combat: dict[str, Any]) -> str:
    return str(run(page, "panels.js", f"m.combatPanel({json.dumps(combat)}).textContent"))


def log_text(page: Any, entries: list[dict[str, Any]]) -> str:
    body = (
        f"(() => {{ const ul = document.createElement('ul');"
        f" m.renderLog(ul, {json.dumps(entries)}); return ul.textContent; }})()"
    )
    return str(run(page, "panels.js", body))


def test_the_odds_panel_shows_massed_artillery_and_the_defensive_shift(
    server: str, new_page: Any, brusilov: Any
) -> None:
    st = defensive_position(brusilov)
    attack(st, "central", "1005", ["G-35R", "G-36R"])
    st.apply("central", {"type": "massed_artillery", "depot": "G-D1"})
    resolve(st, "central")  # committed: the Russian defender's step before the die
    st.apply("allied", {"type": "defensive_shift", "hq": "R-HQ-XIX", "shift": -1})
    page = new_page()
    page.goto(server + "/")
    text = panel_text(page, st.view("allied")["combat"])
    assert "35thReserveDivision4→8" in text.replace(" ", "")
    assert "Massed Artillery Fire (Supply Depot 1): doubled [brusilov 19.21]" in text
    assert "XIX Corps HQ's defensive shift -1 [brusilov 21.12]" in text
    assert "16 : 4" in text and "odds 4-1 → 3-1" in text and "column 3-1" in text


def test_the_panic_shows_in_the_odds_and_its_retreat_in_the_log(
    server: str, new_page: Any, brusilov: Any, fixed: Any
) -> None:
    st = panic_fight(brusilov, {"AH-12": "0808", "R-1G": "0908"})
    shown = attack(st, "allied", "0808", ["R-1G"])
    page = new_page()
    page.goto(server + "/")
    odds = panel_text(page, shown)
    assert "12thInfantryDivision4→1" in odds.replace(" ", "")
    assert "23.11 panic: defends with 1 [brusilov 23.11]" in odds
    before = len(st.data["log"])
    fixed(1)  # 4 to 1 (4-1), die 1: -/3
    st.apply("allied", {"type": "resolve"})
    end_defense(st)
    choose(st, "central", "retreat", path=retreat_paths(st)[0])
    log = log_text(page, st.data["log"][before:])
    assert "23.13 panic: 12th Infantry Division retreats 3 hexes" in log
    assert "loses 1 step (23.12 panic: a step lost at the end of its retreat)" in log


def test_the_brusilov_choices_are_offered_in_a_player_s_words(
    server: str, new_page: Any, brusilov: Any
) -> None:
    st = defensive_position(brusilov)
    attack(st, "central", "1005", ["G-35R", "G-36R"])
    names = {uid: info.name for uid, info in st.game.static.units.items()}
    fire = [a for a in st.legal_actions("central") if a["type"] == "massed_artillery"]
    resolve(st, "central")  # the defender's step
    defend = st.legal_actions("allied")
    page = new_page()
    page.goto(server + "/")
    labels = run(
        page,
        "actions.js",
        f"{json.dumps(fire + defend)}.map((a) => m.describe(a, {json.dumps(names)}))",
    )
    assert labels[0] == "Massed Artillery Fire from Supply Depot 1"
    assert "Add the defensive shift of XIX Corps HQ shift -1" in labels
    assert "Let the die be rolled" in labels
