"""Rail movement's variation points (R6), shown with FICTIONAL test games on the FICTIONAL
teaching map: track limits per hexside per line, an entrain roll (with the stacking points
of a failed attempt charged all the same), and Rail Capacity by Game-Turn.

The standard rules have neither track limits nor an entrain roll; the test games give
them as Brusilov 18.3, Serbia/Galicia 17.5 and Hindenburg 17.4 (track limits) and
Serbia/Galicia 17.11-17.12, Hindenburg 17.13-17.14 and Brusilov 23.53 (entrain rolls) will.

The Nordbahn (double track, the map's first line) and the Königsfeld branch (single
track, its second) both cross the hexside 0607/0707; the branch goes on 0607-0606-0505,
the Nordbahn 0707-0807.  1607 and 1507 are on the Imperial Line, in Russia.  Corps are 4
stacking points, divisions 2.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from kit import SPARE

import greatwar
from greatwar import IllegalAction, State
from greatwar.engine.phases import Frame
from greatwar.rules import validate_file
from greatwar.rules.gwite import games, rail
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.rail import EntrainRoll
from greatwar.rules.gwite.rules import StandardRules
from tests.rules.gwite.conftest import write_position
from tests.rules.gwite.test_parameters import with_parameters

Action = dict[str, Any]
Refuse = Callable[[State, str, Action], IllegalAction]

TRACK_LIMITS = "{ single = { central = 2 }, double = { central = 4 } }"


def scenario(tmp_path: Path, units: dict[str, Any], **params: str) -> Path:
    """A teaching-map position (Central Powers moving) with these parameters (TOML)."""
    path = write_position(tmp_path, {**units, **SPARE}, phasing="central")
    return with_parameters(path, **params)


def started(path: Path) -> State:
    game = greatwar.load(path)
    game.checking = True
    return game.new_state(1)


def select(st: State, role: str, uid: str) -> list[Action]:
    st.apply(role, {"type": "select", "unit": uid})
    return st.legal_actions(role)


def entrain(st: State, role: str, uid: str) -> None:
    (action,) = [a for a in select(st, role, uid) if a["type"] == "entrain"]
    st.apply(role, action)


def rail_moves(st: State, role: str) -> dict[str, Action]:
    return {a["to"]: a for a in st.legal_actions(role) if a["type"] == "rail_move"}


# --- track limits -----------------------------------------------------------------------


class TrackLimitRules(StandardRules):
    """A test game with track limits always on (their numbers are the scenario's)."""

    def track_limit_case(self, st: State) -> str | None:
        return "test 18.3"


@pytest.fixture
def track_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test game stands in for the standard rules while the test runs (its scenario
    gives track limits, which the standard rules refuse)."""
    monkeypatch.setitem(games.GAMES, "standard", TrackLimitRules)


CORPS_AND_DIVISION = {"G-I": "0607", "G-XVII": "0607", "G-35R": "0606"}


def test_5_33_a_game_limits_the_stacking_points_crossing_a_hexside_on_each_line(
    tmp_path: Path, track_limits: None, refuse: Refuse
) -> None:
    path = scenario(
        tmp_path, CORPS_AND_DIVISION, track_limit=TRACK_LIMITS, rail_capacity="{ central = 20 }"
    )
    st = started(path)
    entrain(st, "central", "G-I")
    st.apply("central", rail_moves(st, "central")["0807"])  # on the double track: 4 of 4
    assert st.top()[rail.TRACK_USED] == {"0:0607/0707": 4, "0:0707/0807": 4}
    entrain(st, "central", "G-XVII")
    moves = rail_moves(st, "central")
    assert "0707" not in moves  # the double track is full, the single one takes 2
    assert "0507" in moves  # another hexside: room on its line
    err = refuse(
        st, "central", {"type": "rail_move", "unit": "G-XVII", "to": "0707", "path": ["0707"]}
    )
    assert err.case == "test 18.3"
    assert "has carried its limit of stacking points" in err.reason
    st.apply("central", {"type": "detrain", "unit": "G-XVII"})
    # the division fits the single track's 2 beside the full double track
    entrain(st, "central", "G-35R")
    moves = rail_moves(st, "central")
    assert moves["0707"]["path"] == ["0607", "0707"]
    assert "0807" not in moves  # 0707/0807 has the double track only, full
    st.apply("central", moves["0707"])
    assert st.top()[rail.TRACK_USED]["1:0607/0707"] == 2


def test_5_33_the_standard_rules_have_no_track_limits(tmp_path: Path, refuse: Refuse) -> None:
    st = started(scenario(tmp_path, CORPS_AND_DIVISION, rail_capacity="{ central = 20 }"))
    entrain(st, "central", "G-I")
    st.apply("central", rail_moves(st, "central")["0807"])
    entrain(st, "central", "G-XVII")
    assert "0707" in rail_moves(st, "central")
    assert rail.TRACK_USED not in st.top()


def test_the_standard_rules_refuse_track_limits_in_a_scenario(tmp_path: Path) -> None:
    path = scenario(tmp_path, CORPS_AND_DIVISION, track_limit=TRACK_LIMITS)
    found = [f"{p.field}: {p.message}" for p in validate_file(path).problems]
    assert any(p.startswith("parameters.track_limit: ") and "no track limits" in p for p in found)


# --- the entrain roll -------------------------------------------------------------------


class TrainRollRules(StandardRules):
    """A test game: units other than HQs roll to entrain and succeed on 3-6."""

    def entrain_roll(self, st: State, uid: str) -> EntrainRoll | None:
        return None if U.info(st, uid).hq else EntrainRoll((3, 4, 5, 6), "test 17.11")


class DeadlyTrainRollRules(TrainRollRules):
    """A test game: a unit that fails its entrain roll is eliminated."""

    def entrain_failed(self, st: State, frame: Frame, uid: str, case: str) -> None:
        U.eliminate_unit(st, uid, case, "it failed to entrain")


def roll_to_entrain(position: Any, game: StandardRules) -> State:
    st = position({"R-1G": "1607", "R-3S": "1507", **SPARE}, rules=game)
    st.apply("allied", {"type": "select", "unit": "R-1G"})
    st.apply("allied", {"type": "entrain", "unit": "R-1G", "cost": 3})
    return st


def test_5_32_a_game_may_make_units_roll_to_entrain(position: Any, fixed_dice: Any) -> None:
    fixed_dice(3)
    st = roll_to_entrain(position, TrainRollRules())
    assert rail.entrained(st, "R-1G")
    assert [e["roll"] for e in st.data["log"] if e.get("case") == "test 17.11"] == [3]
    assert rail.capacity_left(st, "allied") == {"allied": 4}


def test_5_31_a_failed_entrain_roll_still_charges_rail_capacity(
    position: Any, fixed_dice: Any
) -> None:
    fixed_dice(2)
    st = roll_to_entrain(position, TrainRollRules())
    assert not rail.entrained(st, "R-1G")
    assert rail.capacity_left(st, "allied") == {"allied": 4}  # 2 of the 6 spent all the same
    assert "R-1G" in st.top()["done"]  # it ends its movement for the phase
    texts = [e["text"] for e in st.data["log"] if e.get("case") == "test 17.11"]
    assert "fails to entrain; its 2 stacking points count against the Rail Capacity" in texts[1]
    rail.end_player_turn(st, "allied")  # the charge lasts the Player-Turn
    assert rail.RAIL_CHARGED not in st.data
    assert rail.capacity_left(st, "allied") == {"allied": 6}


def test_5_31_a_unit_eliminated_by_its_entrain_roll_still_charges_rail_capacity(
    position: Any, fixed_dice: Any
) -> None:
    fixed_dice(1)
    st = roll_to_entrain(position, DeadlyTrainRollRules())
    assert U.record(st, "R-1G")["status"] == "eliminated"
    assert rail.capacity_left(st, "allied") == {"allied": 4}


def test_5_32_the_standard_rules_entrain_without_a_roll(position: Any) -> None:
    st = position({"R-1G": "1607", **SPARE})
    st.apply("allied", {"type": "select", "unit": "R-1G"})
    st.apply("allied", {"type": "entrain", "unit": "R-1G", "cost": 3})
    assert rail.entrained(st, "R-1G")
    assert not any("roll" in e for e in st.data["log"])
    assert rail.RAIL_CHARGED not in st.data


# --- Rail Capacity by Game-Turn ---------------------------------------------------------


def test_5_31_rail_capacity_read_on_the_game_turn(position: Any, refuse: Refuse) -> None:
    # the Allies have 6 stacking points on Game-Turn 1 and 2 from Game-Turn 2 on
    capacity = (
        "{ central = 8, allied = [{ to_turn = 1, value = 6 }, { from_turn = 2, value = 2 }] }"
    )
    st = position({"R-1G": "1607", "R-3S": "1507", **SPARE}, turn=2)
    path = Path(st.game.scenario.path)
    text = re.sub(
        r"^rail_capacity = .*$", f"rail_capacity = {capacity}", path.read_text(), flags=re.M
    )
    path.write_text(text, encoding="utf-8")
    st = started(path)
    entrain(st, "allied", "R-1G")
    err = refuse(st, "allied", {"type": "entrain", "unit": "R-3S", "cost": 3})
    assert (err.case, err.reason) == (
        "5.31",
        "3rd Siberian Division needs 2 stacking points of Rail Capacity and 0 of 2 are left this"
        " phase",
    )
