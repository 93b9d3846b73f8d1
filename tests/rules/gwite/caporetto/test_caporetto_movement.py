"""Caporetto 1917, movement: TCR by Movement Allowance (caporetto 2.4), ridge hexsides
(5.4), stacking (6.0, 6.11), the Stosstruppen's allowances (9.21, 23.2), rivers (18.1,
18.2).

FICTIONAL positions on the teaching map: 1005 is a mountain hex below the ridge 1005/1006
(1006 clear); the Sontia (minor river) runs between 1308 and 1208; the Taglia (the
costly major river, a fictional Tagliamento) between 1008 and 0908; the Lenta (another
major river) between 0608 and 0508; rows 09-13 are clear plain.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import greatwar
from greatwar import IllegalAction, State
from greatwar.model.problems import ScenarioError
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.caporetto.movement import HALF_OF_TEMPORARY
from greatwar.rules.gwite.stacking import overstacked, stacking_points
from greatwar.rules.gwite.supply import OUT_OF_SUPPLY
from tests.rules.gwite.caporetto.caporetto_moves import (
    at_movement,
    hex_of,
    left,
    move,
    moves,
    refused,
)
from tests.rules.gwite.caporetto.conftest import COUNTERS, MAP, SCENARIO
from tests.rules.gwite.game_position import write_game_position
from tests.rules.gwite.kit import play_until

# --- 2.4 TCR by Movement Allowance ----------------------------------------------------


def test_2_4_tcr_follows_the_movement_allowance_the_counters_carry_none(
    caporetto_position: Any,
) -> None:
    st = at_movement(caporetto_position, {"G-12": "1010"})
    scenario = st.game.scenario
    assert all(c.tcr is None for c in scenario.counters.values())  # derived, not printed
    # 8 or 10 -> 1; 4 or 6 -> 2 (caporetto 2.4)
    assert {uid: U.info(st, uid).tcr for uid in ("G-12", "I-1C", "I-IV", "G-A1", "I-D1")} == {
        "G-12": 1,  # MA 8
        "I-1C": 1,  # MA 8
        "I-IV": 2,  # MA 6
        "G-A1": 2,  # MA 4
        "I-D1": 2,  # MA 4
    }


def _broken_map(tmp_path: Path) -> Path:
    """The teaching map with one Broken hex, 1010 (5.4: TCR 1 pays 1, TCR 2 pays 2)."""
    text = MAP.read_text(encoding="utf-8")
    text = text.replace('"w" = "sea",', '"w" = "sea", "b" = "broken",', 1)
    text = text.replace("\n10 ....................", "\n10 .........b..........", 1)
    path = tmp_path / "broken-map.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_2_4_the_derived_tcr_prices_moves_broken_terrain_1_for_ma_8_and_2_for_ma_6(
    tmp_path: Path,
) -> None:
    units = {"G-12": "1110", "G-5": "1109"}
    path = write_game_position(
        tmp_path, SCENARIO, _broken_map(tmp_path), COUNTERS, units, phasing="central", turn=3
    )
    game = greatwar.load(path)
    game.checking = True
    st: State = game.new_state(1)
    assert st.game.scenario.board.terrain["1010"] == "broken"
    assert move(st, "G-12", "1010")["cost"] == 1  # MA 8: TCR 1
    assert left(st, "G-12") == 7
    assert move(st, "G-5", "1010")["cost"] == 2  # MA 6: TCR 2
    assert left(st, "G-5") == 4


# --- 5.4 ridge hexsides ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("uid", "cost", "after"),
    [
        ("AH-EDW", 2, 4),  # Alpine (mountain infantry), MA 6: clear 1 + ridge 1
        ("G-5", 3, 3),  # infantry, MA 6: clear 1 + ridge 2
        ("AH-10C", 3, 5),  # cavalry, MA 8: clear 1 + ridge 2
    ],
)
def test_5_4_ridge_costs_alpine_units_1_infantry_and_cavalry_2(
    caporetto_position: Any, uid: str, cost: int, after: int
) -> None:
    st = at_movement(caporetto_position, {uid: "1005"})
    action = move(st, uid, "1006")
    assert action["cost"] == cost
    assert action["path"] == ["1006"]
    assert "provisional" not in action  # printed costs (caporetto 5.4)
    assert hex_of(st, uid) == "1006"
    assert left(st, uid) == after


def test_5_4_an_hq_pays_the_infantrys_2_provisionally(caporetto_position: Any) -> None:
    st = at_movement(caporetto_position, {"G-HQ-14A": "1005"})
    action = move(st, "G-HQ-14A", "1006")
    assert action["cost"] == 3
    assert action["provisional"] is True  # the HQs' ridge cost is our reading
    assert left(st, "G-HQ-14A") == 3


@pytest.mark.parametrize(("uid", "side"), [("G-A1", "central"), ("I-D1", "allied")])
def test_5_4_ridges_are_impassable_to_artillery_and_supply_depots(
    caporetto_position: Any, uid: str, side: str
) -> None:
    st = at_movement(caporetto_position, {uid: "1005"}, phasing=side)
    assert "1006" not in moves(st, uid)
    err = refused(st, uid, "1006")
    assert err.case == "caporetto 5.4"
    assert "impassable to artillery and supply depots" in err.reason
    assert left(st, uid) == 4  # nothing spent


# --- 6.0, 6.11 stacking ----------------------------------------------------------------------


def test_6_0_the_stacking_limit_is_12_points(caporetto_position: Any) -> None:
    # a corps (9) and a division (2) in 1213; an Italian brigade (1) enters: 12
    units = {"I-IV": "1213", "I-46": "1213", "I-BERS": "1113"}
    st = at_movement(caporetto_position, units, phasing="allied")
    assert U.rules(st).stacking_limit(st, "1213") == 12
    move(st, "I-BERS", "1213")
    assert stacking_points(st, "1213") == 12
    st.apply("allied", {"type": "end_segment"})  # the end of the phase: nothing to remove
    assert overstacked(st) == []
    assert all(U.record(st, u)["status"] == "on_map" for u in units)


def test_6_11_a_corps_is_9_stacking_points(caporetto_position: Any) -> None:
    # a corps (9) and a division (2) in 1310; a second division enters: 13 points
    units = {"AH-XV": "1310", "G-5": "1310", "G-117": "1210"}
    st = at_movement(caporetto_position, units)
    assert U.info(st, "AH-XV").stacking == 9
    assert stacking_points(st, "1310") == 11
    move(st, "G-117", "1310")
    assert stacking_points(st, "1310") == 13
    play_until(st, lambda s: s.top()["kind"] == "end_of_phase")
    actions = st.legal_actions("central")
    assert {"type": "eliminate", "unit": "G-117", "hex": "1310"} in actions
    st.apply("central", {"type": "eliminate", "unit": "G-117", "hex": "1310"})
    assert U.record(st, "G-117")["status"] == "eliminated"
    (entry,) = [e for e in st.data["log"] if e.get("case") == "6.14"]
    assert "13 stacking points over the limit of 12" in entry["text"]
    assert stacking_points(st, "1310") == 11


def test_6_11_the_monitor_has_no_stacking_points(caporetto_position: Any) -> None:
    # a corps (9), a division (2) and a brigade (1): 12, the limit, with the monitor
    units = {"I-IV": "1214", "I-46": "1214", "I-BERS": "1214", "I-MON": "1315"}
    st = at_movement(caporetto_position, units, phasing="allied")
    move(st, "I-MON", "1214")
    assert hex_of(st, "I-MON") == "1214"
    assert U.info(st, "I-MON").stacking == 0
    assert stacking_points(st, "1214") == 12
    st.apply("allied", {"type": "end_segment"})  # the end of the phase: nothing to remove
    assert overstacked(st) == []
    assert all(U.record(st, u)["status"] == "on_map" for u in ("I-IV", "I-46", "I-BERS", "I-MON"))


# --- 9.21, 23.2 Stosstruppen allowances ------------------------------------------------------


def _out_of_supply(hex_label: str) -> dict[str, Any]:
    return {"hex": hex_label, "markers": [OUT_OF_SUPPLY]}


def test_9_21_stosstruppen_out_of_supply_move_6_not_4(caporetto_position: Any) -> None:
    units = {"G-12": _out_of_supply("1910"), "G-5": _out_of_supply("1912")}
    st = at_movement(caporetto_position, units)
    assert move(st, "G-12", "1310")["cost"] == 6  # six clear hexes west
    assert left(st, "G-12") == 0
    # a unit that is not Stosstruppen: halved (std 9.21), 6 -> 3
    assert max(a["cost"] for a in moves(st, "G-5").values()) == 3
    assert move(st, "G-5", "1612")["cost"] == 3
    assert left(st, "G-5") == 0


def test_9_21_a_move_beyond_the_6_is_refused_naming_the_case(caporetto_position: Any) -> None:
    st = at_movement(caporetto_position, {"G-12": _out_of_supply("1910")})
    assert "1210" not in moves(st, "G-12")
    err = refused(st, "G-12", "1210", cost=8)  # seven columns and the Sontia
    assert err.case == "caporetto 9.21"
    assert "8 MP and 6 are left" in err.reason


@pytest.mark.parametrize(("options", "allowance"), [({}, 6), ({HALF_OF_TEMPORARY: True}, 5)])
def test_9_21_ac2_on_game_turn_1_out_of_supply_stosstruppen_move_6_or_by_option_5(
    caporetto_position: Any, options: dict[str, bool], allowance: int
) -> None:
    st = at_movement(caporetto_position, {"G-12": _out_of_supply("1910")}, turn=1, options=options)
    reach = moves(st, "G-12")
    assert max(a["cost"] for a in reach.values()) == allowance
    target = f"{19 - allowance:02d}10"
    move(st, "G-12", target)
    assert left(st, "G-12") == 0


@pytest.mark.parametrize(
    ("turn", "allowance", "target"), [(1, 10, "1110"), (2, 10, "1110"), (3, 8, "1306")]
)
def test_23_2_stosstruppen_have_a_temporary_10_on_game_turns_1_and_2(
    caporetto_position: Any, turn: int, allowance: int, target: str
) -> None:
    units = {"G-12": "2010", "AH-10C": "2012"}
    st = at_movement(caporetto_position, units, turn=turn)
    assert max(a["cost"] for a in moves(st, "G-12").values()) == allowance
    assert move(st, "G-12", target)["cost"] == allowance  # 1110: nine columns, the Sontia
    assert left(st, "G-12") == 0
    # other units of Movement Allowance 8 (cavalry): 8 on every Game-Turn
    assert max(a["cost"] for a in moves(st, "AH-10C").values()) == 8
    assert "1112" not in moves(st, "AH-10C")


def test_23_2_a_move_beyond_the_10_is_refused_naming_the_case(caporetto_position: Any) -> None:
    st = at_movement(caporetto_position, {"G-12": "2010"}, turn=1)
    st.apply("central", {"type": "select", "unit": "G-12"})
    with pytest.raises(IllegalAction) as err:
        st.apply(
            "central",
            {"type": "move", "unit": "G-12", "to": "1010", "path": ["1010"], "cost": 11},
        )
    assert err.value.case == "caporetto 23.2"
    assert hex_of(st, "G-12") == "2010"


# --- 18.1, 18.2 rivers ----------------------------------------------------------------------


@pytest.mark.parametrize(("uid", "side"), [("G-5", "central"), ("I-46", "allied")])
def test_18_1_a_minor_river_costs_every_unit_1(
    caporetto_position: Any, uid: str, side: str
) -> None:
    st = at_movement(caporetto_position, {uid: "1308"}, phasing=side)
    action = move(st, uid, "1208")  # across the Sontia: clear 1 + river 1
    assert action["cost"] == 2
    assert "provisional" not in action
    assert left(st, uid) == 4


@pytest.mark.parametrize(
    ("uid", "side", "start", "to", "cost"),
    [
        ("G-5", "central", "1008", "0908", 4),  # the Taglia (costly): clear 1 + 3
        ("G-5", "central", "0608", "0508", 3),  # the Lenta: clear 1 + 2
        ("I-46", "allied", "1008", "0908", 2),  # the Allies: 1 for every major river
        ("I-46", "allied", "0608", "0508", 2),
    ],
)
def test_18_2_major_rivers_cost_the_central_powers_3_or_2_the_allies_1(
    caporetto_position: Any, uid: str, side: str, start: str, to: str, cost: int
) -> None:
    st = at_movement(caporetto_position, {uid: start}, phasing=side)
    action = move(st, uid, to)
    assert action["cost"] == cost
    assert "provisional" not in action
    assert left(st, uid) == 6 - cost


def test_18_2_which_rivers_cost_3_is_the_scenarios_data(caporetto_position: Any) -> None:
    st = at_movement(caporetto_position, {"G-5": "1008"}, special={"costly_rivers": []})
    assert move(st, "G-5", "0908")["cost"] == 3  # the Taglia now an ordinary major river


def test_2_4_a_counter_with_another_allowance_needs_a_printed_tcr(tmp_path: Path) -> None:
    # the German 5th Division printed with a Movement Allowance of 5: no TCR in 2.4
    text = COUNTERS.read_text(encoding="utf-8")
    start = text.index('id = "G-5"')
    end = text.index("movement = 6", start)
    counters = tmp_path / "counters.toml"
    counters.write_text(text[:end] + "movement = 5" + text[end + 12 :], encoding="utf-8")
    path = write_game_position(tmp_path, SCENARIO, MAP, counters, {}, phasing="central")
    with pytest.raises(ScenarioError, match="no TCR for counter G-5"):
        greatwar.load(path)
    # with its own tcr it loads, and keeps it
    fixed = text[:end] + "movement = 5\ntcr = 2" + text[end + 12 :]
    counters.write_text(fixed, encoding="utf-8")
    st = greatwar.load(path).new_state(1)
    assert U.info(st, "G-5").tcr == 2
