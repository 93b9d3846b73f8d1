"""Von Hindenburg in Poland, 17.0-17.3 Rail Movement: each army's Rail Capacity and
Railroad Movement Rate (5.31, 17.11, 17.21, 17.31), the rail each army uses (17.12,
17.22, 17.32), the entrain die rolls (17.13-17.14, 17.23-17.24, 17.33).

FICTIONAL positions on the Von Hindenburg teaching map (its rail lines are listed in
hindenburg_rail_kit).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from greatwar.model.problems import ScenarioError
from greatwar.rules.gwite import rail
from greatwar.rules.gwite import units as U
from tests.rules.gwite.brusilov.brusilov_kit import of_type, select
from tests.rules.gwite.hindenburg.hindenburg_rail_kit import (
    Refuse,
    entrain,
    entrained,
    hex_of,
    left,
    logged,
    long_game,
    rail_moves,
    rail_to,
    rolls,
)

#: Poland's Tschenstochau branch and 0606, made Russian (they are the Central Powers' at
#: the start, 17.53)
RUSSIAN_SOUTH_WEST = {h: "allied" for h in ("0506", "0507", "0508", "0509", "0510", "0511")}


# --- 5.31 one Rail Capacity per army ---------------------------------------------------


def test_5_31_each_army_draws_on_its_own_rail_capacity(
    hindenburg_position: Any, fixed_dice: Any, refuse: Refuse
) -> None:
    germans = ["G-35", "G-36", "G-1GR", "G-3GR", "G-41", "G-5K"]
    units = {uid: f"020{i + 2}" for i, uid in enumerate(germans)}
    units.update({"G-8K": "0209", "AH-12": "0212"})
    st = hindenburg_position(units, phasing="central")
    assert left(st, "central") == {"germany": 12, "austria-hungary": 9}
    for uid in germans:
        entrain(st, "central", uid)  # 6 units of 2 Stacking Points: the German 12
    assert left(st, "central") == {"germany": 0, "austria-hungary": 9}
    st.apply("central", {"type": "select", "unit": "G-8K"})
    err = refuse(st, "central", {"type": "entrain", "unit": "G-8K", "cost": 1})
    assert err.case == "hindenburg 17.31"
    assert "0 of 12 are left" in err.reason
    fixed_dice(3)
    entrain(st, "central", "AH-12")  # the Austro-Hungarians still have their 9
    assert rail.entrained(st, "AH-12")
    assert left(st, "central") == {"germany": 0, "austria-hungary": 7}


# --- 17.1 Russian rail movement ----------------------------------------------------------


def test_17_11_the_russian_rail_capacity_is_eight_stacking_points(
    hindenburg_position: Any, fixed_dice: Any, refuse: Refuse
) -> None:
    st = hindenburg_position({"R-XIV": "1305", "R-XVII": "1405", "R-5K": "1505"})
    fixed_dice(4, 5)
    entrain(st, "allied", "R-XIV")
    entrain(st, "allied", "R-XVII")  # two corps: 8 of 8
    assert left(st, "allied") == {"russia": 0}
    st.apply("allied", {"type": "select", "unit": "R-5K"})
    err = refuse(st, "allied", {"type": "entrain", "unit": "R-5K", "cost": 3})
    assert err.case == "hindenburg 17.11"
    assert "0 of 8 are left" in err.reason


def test_17_1_a_russian_unit_moves_no_more_than_18_rail_hexes(
    hindenburg_position: Any, refuse: Refuse
) -> None:
    # 1805 (Brest line) ... 1105, Warschau-Iwanowo to 1009, Radom line east: 1708 is the
    # 18th rail hex, 1808 the 19th
    st = hindenburg_position({"R-5K": entrained("1805")})
    select(st, "allied", "R-5K")
    reach = rail_moves(st, "allied")
    assert reach["1708"]["hexes"] == 18
    assert "1808" not in reach
    err = refuse(
        st, "allied", {"type": "rail_move", "unit": "R-5K", "to": "1808", "path": [], "hexes": 19}
    )
    assert err.case == "hindenburg 17.11"
    st.apply("allied", reach["1708"])
    assert hex_of(st, "R-5K") == "1708"
    assert rail_moves(st, "allied") == {}  # the rate is spent for this phase


def test_17_12_on_game_turns_1_to_10_the_russians_use_only_their_rail_region(
    tmp_path: Path, refuse: Refuse
) -> None:
    control = {**RUSSIAN_SOUTH_WEST, "0606": "allied"}
    st = long_game(tmp_path, {"R-5K": entrained("0506"), "R-8K": "0508"}, control=control, turn=10)
    select(st, "allied", "R-5K")
    reach = rail_moves(st, "allied")
    assert "0606" in reach  # the Lodsch line: in the region
    assert "0507" not in reach  # the Tschenstochau branch: south-west of it
    err = refuse(
        st, "allied", {"type": "rail_move", "unit": "R-5K", "to": "0507", "path": [], "hexes": 1}
    )
    assert err.case == "hindenburg 17.12"
    st.apply("allied", {"type": "select", "unit": "R-8K"})
    err = refuse(st, "allied", {"type": "entrain", "unit": "R-8K", "cost": 3})
    assert err.case == "hindenburg 17.12"
    assert "0508 is not one" in err.reason


def test_17_12_from_game_turn_11_the_russians_use_any_rail_in_poland(
    tmp_path: Path, fixed_dice: Any
) -> None:
    control = {**RUSSIAN_SOUTH_WEST, "0606": "allied"}
    st = long_game(tmp_path, {"R-5K": entrained("0506"), "R-8K": "0508"}, control=control, turn=11)
    select(st, "allied", "R-5K")
    reach = rail_moves(st, "allied")
    assert {"0507", "0511", "0606"} <= set(reach)
    assert "0512" not in reach  # Austria-Hungary (17.12 "inside Poland")
    st.apply("allied", reach["0511"])
    assert hex_of(st, "R-5K") == "0511"
    fixed_dice(3)
    entrain(st, "allied", "R-8K")
    assert rail.entrained(st, "R-8K")


def test_17_13_a_russian_unit_entrains_on_a_roll_of_3_to_6(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    st = hindenburg_position({"R-XIV": "1305"})
    fixed_dice(3)
    entrain(st, "allied", "R-XIV")  # the player's action; the game rolls
    assert rolls(st, "hindenburg 17.13") == [3]
    assert not st.can_undo("allied")  # undo stops at the roll
    assert rail.entrained(st, "R-XIV")
    assert any("entrains in 1305" in t for t in logged(st, "hindenburg 17.13"))
    assert left(st, "allied") == {"russia": 4}


def test_17_13_a_russian_unit_that_rolls_1_or_2_moves_no_more_this_game_turn(
    hindenburg_position: Any, fixed_dice: Any, refuse: Refuse
) -> None:
    st = hindenburg_position({"R-XIV": "1305", "R-5K": "1505"})
    fixed_dice(2)
    entrain(st, "allied", "R-XIV")
    assert rolls(st, "hindenburg 17.13") == [2]
    assert not rail.entrained(st, "R-XIV")
    assert hex_of(st, "R-XIV") == "1305"
    assert any("incapable of any further movement" in t for t in logged(st, "hindenburg 17.13"))
    # finished: it may be selected no more, so it neither moves nor tries again
    assert {"type": "select", "unit": "R-XIV"} not in st.legal_actions("allied")
    err = refuse(st, "allied", {"type": "select", "unit": "R-XIV"})
    assert err.case == "5.0"
    assert not any(a.get("unit") == "R-XIV" for a in st.legal_actions("allied"))


def test_17_14_a_failed_russian_attempt_still_uses_the_rail_capacity(
    hindenburg_position: Any, fixed_dice: Any, refuse: Refuse
) -> None:
    st = hindenburg_position({"R-XIV": "1305", "R-XVII": "1405", "R-5K": "1505"})
    fixed_dice(1, 6)
    entrain(st, "allied", "R-XIV")  # fails: its 4 Stacking Points are spent all the same
    assert left(st, "allied") == {"russia": 4}
    assert any("count against the Rail Capacity" in t for t in logged(st, "hindenburg 17.13"))
    entrain(st, "allied", "R-XVII")  # 4 more: 8 of 8
    assert left(st, "allied") == {"russia": 0}
    st.apply("allied", {"type": "select", "unit": "R-5K"})
    err = refuse(st, "allied", {"type": "entrain", "unit": "R-5K", "cost": 3})
    assert err.case == "hindenburg 17.11"


# --- 17.2 Austro-Hungarian rail movement --------------------------------------------------


def test_17_21_the_austro_hungarian_rail_capacity_is_nine_stacking_points(
    hindenburg_position: Any, fixed_dice: Any, refuse: Refuse
) -> None:
    army = ["AH-12", "AH-24", "AH-46L", "AH-106L"]
    units: dict[str, Any] = {uid: f"{i + 3:02d}13" for i, uid in enumerate(army)}
    units["AH-7K"] = "0713"
    st = hindenburg_position(units, phasing="central")
    fixed_dice(2, 3, 4, 5)
    for uid in army:
        entrain(st, "central", uid)  # 4 divisions: 8 of 9
    assert left(st, "central") == {"germany": 12, "austria-hungary": 1}
    st.apply("central", {"type": "select", "unit": "AH-7K"})
    err = refuse(st, "central", {"type": "entrain", "unit": "AH-7K", "cost": 4})
    assert err.case == "hindenburg 17.21"
    assert "1 of 9 are left" in err.reason


def test_17_2_an_austro_hungarian_unit_moves_no_more_than_12_rail_hexes(
    hindenburg_position: Any, refuse: Refuse
) -> None:
    st = hindenburg_position({"AH-7K": entrained("0113")}, phasing="central")
    select(st, "central", "AH-7K")
    reach = rail_moves(st, "central")
    assert reach["1313"]["hexes"] == 12  # along the Galizische Bahn
    assert "1413" not in reach
    err = refuse(
        st,
        "central",
        {"type": "rail_move", "unit": "AH-7K", "to": "1413", "path": [], "hexes": 13},
    )
    assert err.case == "hindenburg 17.21"


def test_17_22_austro_hungarian_units_use_only_the_rail_of_austria_hungary(
    hindenburg_position: Any, refuse: Refuse
) -> None:
    st = hindenburg_position({"AH-7K": entrained("0212"), "AH-3K": "0211"}, phasing="central")
    select(st, "central", "AH-7K")
    reach = rail_moves(st, "central")
    assert {"0213", "0214", "0113"} <= set(reach)
    assert "0211" not in reach  # Germany
    err = refuse(
        st, "central", {"type": "rail_move", "unit": "AH-7K", "to": "0211", "path": [], "hexes": 1}
    )
    assert err.case == "hindenburg 17.22"
    st.apply("central", {"type": "select", "unit": "AH-3K"})
    err = refuse(st, "central", {"type": "entrain", "unit": "AH-3K", "cost": 4})
    assert err.case == "hindenburg 17.22"
    assert not rail.entrained(st, "AH-3K")


def test_17_23_an_austro_hungarian_unit_entrains_on_2_to_5_and_fails_on_1(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    st = hindenburg_position({"AH-12": "0212", "AH-24": "0313"}, phasing="central")
    fixed_dice(2, 1)
    entrain(st, "central", "AH-12")
    entrain(st, "central", "AH-24")
    assert rolls(st, "hindenburg 17.23") == [2, 1]
    assert rail.entrained(st, "AH-12")
    assert not rail.entrained(st, "AH-24")
    assert any("incapable of any further movement" in t for t in logged(st, "hindenburg 17.23"))
    assert {"type": "select", "unit": "AH-24"} not in st.legal_actions("central")


def test_17_23_av1_an_austro_hungarian_roll_of_6_succeeds_unless_the_option_says_it_fails(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    st = hindenburg_position({"AH-12": "0212"}, phasing="central")
    fixed_dice(6)
    entrain(st, "central", "AH-12")
    assert rail.entrained(st, "AH-12")  # AV1 (a): the text names only the 1 a failure
    st = hindenburg_position(
        {"AH-12": "0212"}, phasing="central", options={"ah_entrain_six_fails": True}
    )
    fixed_dice(6)
    entrain(st, "central", "AH-12")
    assert not rail.entrained(st, "AH-12")  # AV1 (b)
    assert left(st, "central") == {"germany": 12, "austria-hungary": 7}


def test_17_24_a_failed_austro_hungarian_attempt_uses_the_austro_hungarian_capacity(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    # AV2 (a): "the Russian Player's" capacity is printed; the army that tried pays
    st = hindenburg_position({"AH-12": "0212", "R-5K": "1505"}, phasing="central")
    fixed_dice(1)
    entrain(st, "central", "AH-12")
    assert left(st, "central") == {"germany": 12, "austria-hungary": 7}
    assert left(st, "allied") == {"russia": 8}
    assert st.data[rail.RAIL_CHARGED] == {"central": {"austria-hungary": 2}}


# --- 17.3 German rail movement ------------------------------------------------------------


def test_17_3_a_german_unit_moves_up_to_30_rail_hexes_in_one_phase(
    hindenburg_position: Any,
) -> None:
    # 0201 down the Schlesische Bahn into Austria-Hungary, then east along the Galizische
    # Bahn: 1813 is 28 rail hexes away (more than any other army's rate)
    st = hindenburg_position({"G-5K": entrained("0201")}, phasing="central")
    rail_to(st, "central", "G-5K", "1813")
    assert hex_of(st, "G-5K") == "1813"
    assert st.data["stack"][-1]["rail_hexes"]["G-5K"] == 28
    assert rail.rail_rate(st, "G-5K") == 30
    assert any("28 of 30 this phase" in t for t in logged(st, "5.33"))


def test_17_31_the_german_rail_capacity_is_twelve_stacking_points(
    hindenburg_position: Any, refuse: Refuse
) -> None:
    germans = ["G-35", "G-36", "G-1GR", "G-3GR", "G-41", "G-5K"]
    units: dict[str, Any] = {uid: entrained(f"020{i + 2}") for i, uid in enumerate(germans)}
    units["G-8K"] = entrained("0209")
    st = hindenburg_position(units, phasing="central")
    for uid in germans:
        rail_to(st, "central", uid, "0106")  # 12 Stacking Points moved by rail
    select(st, "central", "G-8K")
    assert rail_moves(st, "central") == {}
    err = refuse(
        st, "central", {"type": "rail_move", "unit": "G-8K", "to": "0210", "path": [], "hexes": 1}
    )
    assert err.case == "hindenburg 17.31"


def test_17_32_german_units_use_the_rail_of_germany_and_austria_hungary(
    hindenburg_position: Any, refuse: Refuse
) -> None:
    st = hindenburg_position({"G-5K": entrained("0406")}, phasing="central")
    select(st, "central", "G-5K")
    reach = rail_moves(st, "central")
    assert {"0306", "0213", "1013", "1813"} <= set(reach)  # Germany and Austria-Hungary
    assert "0506" not in reach  # Poland (though the Central Powers hold it, 17.53)
    err = refuse(
        st, "central", {"type": "rail_move", "unit": "G-5K", "to": "0506", "path": [], "hexes": 1}
    )
    assert err.case == "hindenburg 17.32"


def test_17_33_german_units_entrain_without_a_die_roll(hindenburg_position: Any) -> None:
    st = hindenburg_position({"G-35": "0406"}, phasing="central")
    (action,) = of_type(select(st, "central", "G-35"), "entrain")
    st.apply("central", action)
    assert rail.entrained(st, "G-35")
    assert not any("roll" in e for e in st.data["log"])
    assert any("entrains in 0406 for 1 MP" in t for t in logged(st, "hindenburg 17.33"))


def test_17_0_the_phasing_player_moves_as_many_units_by_rail_as_his_capacity_allows(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    # 17.0: any number of units, up to the Rail Capacity; those that stay entrained count
    st = hindenburg_position({"R-XIV": "1305", "R-5K": "1505", "R-8K": "1605"})
    fixed_dice(5, 6)
    entrain(st, "allied", "R-XIV")
    rail_to(st, "allied", "R-XIV", "1101")
    entrain(st, "allied", "R-5K")  # stays entrained
    assert left(st, "allied") == {"russia": 2}
    st.apply("allied", {"type": "end_segment"})
    assert U.record(st, "R-8K")["hex"] == "1605"  # the player chose to leave it
    assert hex_of(st, "R-XIV") == "1101"


def test_17_12_a_rail_region_the_map_lacks_is_refused_naming_the_place(
    hindenburg_position: Any,
) -> None:
    with pytest.raises(ScenarioError) as err:
        hindenburg_position({}, special={"rail_region": "Mazovia", "offmap_band": "Kurland"})
    text = str(err.value)
    assert "special.rail_region" in text and "Mazovia" in text
    assert "special.offmap_band" in text and "Kurland" in text
