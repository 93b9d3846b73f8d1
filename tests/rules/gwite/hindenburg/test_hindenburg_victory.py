"""Von Hindenburg in Poland, 23.0 Victory Conditions: two totals and their difference
(23.0), points for destroyed units (23.11-23.13) and for geographical objectives, held by
the last Player to pass through or occupy them (23.21-23.23).

Positions on the FICTIONAL teaching map.  The Russians score Lodsch 0606 (5), Oppelnau
0205 (7) and Kreuzberg 0209 (5); the Central Powers score Warschau 1105 (8) and Iwanowo
1009 (4) (``[special] objectives``).  Destroyed units are worth 2 Victory Points per
Stacking Point (German) or 1 (Austro-Hungarian) to the Russians, 1 (Russian) to the
Central Powers (``[special] destroyed_points``).  Units far from every supply source
(1503, 1603) roll for attrition (9.22): with one step left, a roll of 1 destroys them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import greatwar
from greatwar import State
from greatwar.model.problems import ScenarioError
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.hindenburg import victory as V
from tests.rules.gwite.hindenburg.conftest import write_hindenburg_position
from tests.rules.gwite.kit import attack, choose, play_until, resolve

FAR_RUSSIAN = {"R-5K": "1602"}
FAR_GERMAN = {"G-8K": "0202"}
#: sixes for whatever the game rolls after the die rolls a test fixes
SIXES = [6] * 60


def totals(st: State) -> dict[str, int]:
    return V.totals(st)


def logged(st: State, case: str) -> list[str]:
    return [e["text"] for e in st.data["log"] if e.get("case") == case]


def moves(st: State, role: str, uid: str) -> dict[str, dict[str, Any]]:
    st.apply(role, {"type": "select", "unit": uid})
    return {a["to"]: a for a in st.legal_actions(role) if a["type"] == "move"}


def move(st: State, role: str, uid: str, *hexes: str) -> None:
    """Move ``uid`` into each hex in turn (one move action each), then finish."""
    for h in hexes:
        reachable = moves(st, role, uid) if h == hexes[0] else _moves(st, role)
        st.apply(role, reachable[h])
    st.apply(role, {"type": "finish", "unit": uid})


def _moves(st: State, role: str) -> dict[str, dict[str, Any]]:
    return {a["to"]: a for a in st.legal_actions(role) if a["type"] == "move"}


def at(kind: str, side: str) -> Callable[[State], bool]:
    def check(st: State) -> bool:
        top = st.top()
        return top is not None and top["kind"] == kind and st.data["phasing"] == side

    return check


def moving(position: Any, units: dict[str, Any], side: str = "allied", **kw: Any) -> State:
    """``side``'s Movement Segment of Game-Turn 2."""
    return position(  # type: ignore[no-any-return]
        units, phasing=side, phase="movement", segment="movement", turn=2, **kw
    )


def attrition(position: Any, fixed_dice: Any, units: dict[str, Any], side: str, die: int) -> State:
    """``side``'s Attrition Segment of Game-Turn 2 with the first die fixed."""
    fixed_dice(die, *SIXES)
    return position(  # type: ignore[no-any-return]
        units, phasing=side, phase="movement", segment="attrition", turn=2
    )


def one_step_left(hex_label: str) -> dict[str, Any]:
    return {"hex": hex_label, "steps_lost": 1}


# --- 23.0 two totals, and their difference ----------------------------------------------------


def test_23_0_the_result_is_the_difference_of_the_two_totals(
    hindenburg_position: Any,
) -> None:
    # the last Game-Turn's last Combat Phase: the Russians hold Lodsch (5), the Central
    # Powers Warschau (8): 5 - 8 = -3, a Central Powers victory (provisional levels)
    st = hindenburg_position(
        {**FAR_RUSSIAN, **FAR_GERMAN},
        phasing="central",
        phase="combat",
        segment="combat_resolution",
        turn=8,
        control={"0606": "allied", "1105": "central"},
    )
    shown = st.view("allied")["vp"]
    assert shown["totals"] == {"allied": 5, "central": 8} and shown["difference"] == -3
    assert shown["areas"]["0606"] == "allied" and shown["areas"]["1105"] == "central"
    play_until(st, lambda s: s.is_over(), limit=200)
    result = st.result()
    assert result is not None
    assert result["totals"] == {"allied": 5, "central": 8} and result["vp"] == -3
    assert result["winner"] == "central"
    assert result["level"] == "Central Powers Victory (provisional)"
    assert "Russians 5, Central Powers 8: difference -3" in result["summary"]
    assert "provisional" in result["summary"] and result["provisional"]
    scored = {a["hex"]: a["scored"] for a in result["areas"]}
    assert scored == {"0205": False, "0209": False, "0606": True, "1009": False, "1105": True}


def test_23_0_equal_totals_draw(hindenburg_position: Any) -> None:
    st = hindenburg_position(
        {**FAR_RUSSIAN, **FAR_GERMAN},
        phasing="central",
        phase="combat",
        segment="combat_resolution",
        turn=8,
        control={"0606": "allied", "0209": "allied", "1105": "central", "1009": "central"},
    )
    play_until(st, lambda s: s.is_over(), limit=200)
    result = st.result()
    assert result is not None and result["totals"] == {"allied": 10, "central": 12}
    assert result["level"] == "Central Powers Victory (provisional)"
    st = hindenburg_position(
        {**FAR_RUSSIAN, **FAR_GERMAN},
        phasing="central",
        phase="combat",
        segment="combat_resolution",
        turn=8,
        control={"0606": "allied", "0209": "allied", "1105": "central"},
    )
    play_until(st, lambda s: s.is_over(), limit=200)
    result = st.result()
    assert result is not None and result["vp"] == 2 and result["winner"] == "allied"
    st = hindenburg_position(
        {**FAR_RUSSIAN, **FAR_GERMAN},
        phasing="central",
        phase="combat",
        segment="combat_resolution",
        turn=8,
        control={"1105": "central", "0209": "allied", "1009": "central", "0205": "allied"},
    )
    play_until(st, lambda s: s.is_over(), limit=200)
    result = st.result()
    assert result is not None and result["vp"] == 0 and result["winner"] is None
    assert result["level"] == "Draw (provisional)"


# --- 23.1 destroyed units ----------------------------------------------------------------------


def test_23_1_destroyed_units_score_for_the_enemy_only(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    st = attrition(
        hindenburg_position,
        fixed_dice,
        {**FAR_RUSSIAN, "AH-12": one_step_left("1503")},
        "central",
        1,
    )
    assert U.record(st, "AH-12")["status"] == "eliminated"
    assert totals(st) == {"allied": 2, "central": 0}


def test_23_11_a_destroyed_german_unit_gives_the_russians_twice_its_points(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    st = attrition(
        hindenburg_position,
        fixed_dice,
        {**FAR_RUSSIAN, "G-41": one_step_left("1503")},
        "central",
        1,
    )
    assert U.record(st, "G-41")["status"] == "eliminated"
    assert totals(st) == {"allied": 4, "central": 0}  # 2 Stacking Points x 2
    assert logged(st, "hindenburg 23.11") == [
        "Russians score 4 Victory Points for the destruction of 41st Infantry Division"
        " (fictional) (2 Stacking Points at 2 each) (totals: Russians 4, Central Powers 0)."
    ]
    assert st.view("central")["vp"]["difference"] == 4


def test_23_11_a_destroyed_austro_hungarian_unit_gives_its_points(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    st = attrition(
        hindenburg_position,
        fixed_dice,
        {**FAR_RUSSIAN, "AH-12": one_step_left("1503")},
        "central",
        1,
    )
    assert totals(st) == {"allied": 2, "central": 0}  # 2 Stacking Points x 1
    assert "2 Stacking Points at 1 each" in logged(st, "hindenburg 23.11")[0]


def test_23_11_no_destruction_no_points(hindenburg_position: Any, fixed_dice: Any) -> None:
    st = attrition(
        hindenburg_position,
        fixed_dice,
        {**FAR_RUSSIAN, "G-41": one_step_left("1503")},
        "central",
        4,
    )
    assert U.record(st, "G-41")["status"] == "on_map"
    assert totals(st) == {"allied": 0, "central": 0} and not logged(st, "hindenburg 23.11")


def test_23_12_a_destroyed_russian_unit_gives_the_central_powers_its_points(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    st = attrition(
        hindenburg_position,
        fixed_dice,
        {**FAR_GERMAN, "R-5K": one_step_left("0203")},
        "allied",
        2,
    )
    assert U.record(st, "R-5K")["status"] == "eliminated"
    assert totals(st) == {"allied": 0, "central": 2}
    assert "Central Powers score 2 Victory Points" in logged(st, "hindenburg 23.12")[0]


def test_23_12_a_russian_corps_destroyed_in_combat(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    # the XIV Corps, one step left, holds Lodsch; the Germans destroy it at 2-1 (die 1)
    st = hindenburg_position(
        {
            **FAR_RUSSIAN,
            "R-XIV": {"hex": "0606", "steps_lost": 3},
            "G-35": "0506",
            "G-36": "0505",
            "G-HQ-XVII": "0406",
        },
        phasing="central",
        phase="combat",
        segment="combat_resolution",
        turn=2,
    )
    assert totals(st) == {"allied": 5, "central": 0}  # it occupies Lodsch (23.21)
    attack(st, "central", "0606", ["G-35", "G-36"])
    fixed_dice(1, *SIXES)
    resolve(st, "central")
    assert U.record(st, "R-XIV")["status"] == "eliminated"
    assert totals(st) == {"allied": 5, "central": 4}  # 4 Stacking Points x 1
    # the advance after combat occupies Lodsch: the Russians lose its 5 points (23.21)
    choose(st, "central", "advance", unit="G-35", to="0606")
    assert totals(st) == {"allied": 0, "central": 4}
    assert "subtracted from the Russians' total" in logged(st, "hindenburg 23.21")[-1]


def test_23_13_destroyed_supply_depots_score_nothing(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    st = attrition(
        hindenburg_position,
        fixed_dice,
        {**FAR_RUSSIAN, "G-D1": "1503"},
        "central",
        1,
    )
    assert U.record(st, "G-D1")["status"] == "eliminated"
    assert totals(st) == {"allied": 0, "central": 0}
    assert logged(st, "hindenburg 23.13") == [
        "No Victory Points for the destruction of German Supply Depot 1: supply units score"
        " nothing."
    ]


# --- 23.2 geographical objectives ----------------------------------------------------------


def test_23_2_each_side_scores_only_its_own_areas(hindenburg_position: Any) -> None:
    # a Russian unit in Warschau (a Central Powers area) and a German one in Oppelnau (a
    # Russian area) score nothing for their sides
    st = moving(hindenburg_position, {"R-5K": "1105", "G-35": "0205"})
    assert V.holder(st, "1105") == "allied" and V.holder(st, "0205") == "central"
    assert totals(st) == {"allied": 0, "central": 0}


def test_23_21_passing_through_takes_the_area_and_recapture_subtracts(
    hindenburg_position: Any,
) -> None:
    st = moving(hindenburg_position, {"R-5K": "0807", "R-HQ-4A": "0907", "G-35": "0405"})
    move(st, "allied", "R-5K", "0606", "0706")  # through Lodsch and on
    assert U.record(st, "R-5K")["hex"] == "0706"
    assert V.holder(st, "0606") == "allied" and totals(st)["allied"] == 5
    assert logged(st, "hindenburg 23.21") == [
        "Russians are the last to pass through or occupy Lodsch (fictional Lodz) (0606):"
        " 5 points to the Russians (totals: Russians 5, Central Powers 0)."
    ]
    play_until(st, at("movement", "central"), limit=400)
    move(st, "central", "G-35", "0606")
    assert V.holder(st, "0606") == "central"
    assert totals(st) == {"allied": 0, "central": 0}  # subtracted, and not added to theirs
    assert logged(st, "hindenburg 23.21")[-1] == (
        "Central Powers are the last to pass through or occupy Lodsch (fictional Lodz)"
        " (0606): its 5 points are subtracted from the Russians' total (totals: Russians 0,"
        " Central Powers 0)."
    )


def test_23_21_a_unit_set_up_in_an_area_holds_it_after_it_leaves(
    hindenburg_position: Any,
) -> None:
    st = moving(hindenburg_position, {"R-5K": "0606", "R-HQ-4A": "0907", "G-35": "0203"})
    assert V.holder(st, "0606") == "allied" and totals(st)["allied"] == 5
    move(st, "allied", "R-5K", "0707")
    assert V.holder(st, "0606") == "allied" and totals(st)["allied"] == 5  # last to occupy


def test_23_22_the_russians_score_their_areas_in_germany(
    hindenburg_position: Any,
) -> None:
    # Oppelnau (0205) lies in Germany: the Central Powers hold it until a Russian comes
    st = moving(hindenburg_position, {"R-5K": "0605", "R-HQ-4A": "0907", "G-35": "0410"})
    assert V.holder(st, "0205") == "central" and totals(st)["allied"] == 0
    move(st, "allied", "R-5K", "0405", "0305", "0205")
    assert V.holder(st, "0205") == "allied"
    assert totals(st) == {"allied": 7, "central": 0}
    assert V.objectives(st) == {
        "0606": "allied",
        "0205": "allied",
        "0209": "allied",
        "1105": "central",
        "1009": "central",
    }


def test_23_23_the_central_powers_score_warschau(hindenburg_position: Any) -> None:
    st = moving(hindenburg_position, {"G-5K": "1104", **FAR_RUSSIAN}, side="central")
    move(st, "central", "G-5K", "1105", "1204")  # through Warschau
    assert V.holder(st, "1105") == "central"
    assert totals(st) == {"allied": 0, "central": 8}
    assert st.view("allied")["vp"]["difference"] == -8
    assert "8 points to the Central Powers" in logged(st, "hindenburg 23.21")[0]


# --- the data ----------------------------------------------------------------------------------


def broken(tmp_path: Path, special: dict[str, Any]) -> str:
    path = write_hindenburg_position(tmp_path, FAR_RUSSIAN, special=special)
    with pytest.raises(ScenarioError) as info:
        greatwar.load(path)
    return str(info.value)


def test_23_22_a_bad_objective_is_refused_by_place(tmp_path: Path) -> None:
    said = broken(
        tmp_path,
        {"objectives": {"allied": ["0606", "0205", "0209", "0707"], "central": ["1105", "1009"]}},
    )
    assert "special.objectives.allied" in said and "0707 is not a city" in said
    said = broken(tmp_path, {"objectives": {"allied": ["0606", "0205"], "central": ["1105"]}})
    assert "Kreuzberg (fictional) (0209) has 5 Victory Points" in said
    assert "Iwanowo" in said
    said = broken(
        tmp_path,
        {"objectives": {"allied": ["0606", "0205", "0209", "1105"], "central": ["1105", "1009"]}},
    )
    assert "1105 is already an objective of allied" in said


def test_23_23_objectives_name_the_sides_of_the_scenario(tmp_path: Path) -> None:
    said = broken(
        tmp_path,
        {"objectives": {"allied": ["0606", "0205", "0209"], "germans": ["1105", "1009"]}},
    )
    assert "special.objectives.germans" in said and "'germans' is not a side" in said


def test_23_11_every_nationality_needs_its_rate(tmp_path: Path) -> None:
    said = broken(
        tmp_path,
        {
            "destroyed_points": [
                {"nationality": "germany", "per_stacking_point": 2, "case": "hindenburg 23.11"}
            ]
        },
    )
    assert "no Victory Points for destroyed russia units" in said
    assert "no Victory Points for destroyed austria-hungary units" in said


def test_23_11_the_standard_elimination_points_stay_unused(tmp_path: Path) -> None:
    path = write_hindenburg_position(tmp_path, FAR_RUSSIAN)
    text = path.read_text(encoding="utf-8")
    assert '"index_side" = "allied"\n' in text
    text = text.replace(
        '"index_side" = "allied"\n', '"index_side" = "allied"\n"per_hq_eliminated" = 1\n'
    )
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        greatwar.load(path)
    assert "per_hq_eliminated must stay 0" in str(info.value)
