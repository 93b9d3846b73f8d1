"""Rail movement in Caporetto (caporetto 5.31, 5.32, 5.32b) on the FICTIONAL teaching
map: the Austro-Hungarian lines east of the Isonzo trenches (the Sudbahn 2007-1507, the
Karstbahn 2013-1512, the Tal line 1705-1707) and in the Tyrol (the Brennerbahn 0101-0501)
are the Central Powers'; the Italian lines (the Veneto line 0109-1309, the Laguna,
Carnia and Litorale lines) are the Allies'."""

from __future__ import annotations

from typing import Any

from greatwar import State
from greatwar.rules.gwite import rail
from greatwar.rules.gwite import units as U
from tests.rules.gwite.kit import choose, logged

Action = dict[str, Any]

#: Austro-Hungarian and German units on Austro-Hungarian rail hexes, their HQs with them
CENTRAL_ON_RAIL = {
    "AH-HQ-IS": "1807",
    "G-HQ-14A": "1813",
    "AH-XV": "1807",
    "AH-22S": "1907",
    "AH-10C": "1707",
    "AH-T1": "1706",
    "G-5": "1813",
    "G-117": "1913",
    "G-200": "1712",
}
#: Italian units on the Veneto line, the 2nd Army HQ in Utina (1109)
ALLIED_ON_RAIL = {
    "I-HQ-2A": "1109",
    "I-IV": "1009",
    "I-XXVII": "0909",
    "I-43": "1209",
    "I-46": "0809",
    "I-34": "1109",
    "I-19": "0709",
}


def select(st: State, role: str, uid: str) -> None:
    st.apply(role, {"type": "select", "unit": uid})


def entrain_all(st: State, role: str, refuse: Any, units: list[str]) -> tuple[int, str, Any]:
    """Entrain the units in turn until one is refused: (stacking points entrained, the
    refused unit, its refusal)."""
    total = 0
    for uid in units:
        select(st, role, uid)
        offered = [a for a in st.legal_actions(role) if a["type"] == "entrain"]
        if not offered:
            return total, uid, refuse(st, role, {"type": "entrain", "unit": uid, "cost": 2})
        st.apply(role, offered[0])
        total += U.info(st, uid).stacking
    raise AssertionError("every unit entrained")


# --- 5.31 rate and capacity -----------------------------------------------------------------


def test_5_31_the_teaching_scenario_gives_the_rates_and_capacities(
    caporetto_position: Any,
) -> None:
    st = caporetto_position({**CENTRAL_ON_RAIL, **ALLIED_ON_RAIL})
    assert rail.rail_rate(st, "AH-22S") == 44 and rail.rail_rate(st, "G-5") == 44
    assert rail.rail_rate(st, "I-43") == 36
    assert rail.capacity_left(st, "central") == {"central": 12}
    assert rail.capacity_left(st, "allied") == {"allied": 16}


def test_5_31_central_powers_capacity_is_12_stacking_points(
    caporetto_position: Any, refuse: Any
) -> None:
    st = caporetto_position(CENTRAL_ON_RAIL)
    order = ["AH-XV", "AH-22S", "AH-10C", "AH-T1", "G-5", "G-117", "G-200"]
    total, refused, why = entrain_all(st, "central", refuse, order)
    assert total <= 12 < total + U.info(st, refused).stacking
    assert why.case == "caporetto 5.31"
    assert rail.capacity_left(st, "central") == {"central": 12 - total}


def test_5_31_allied_capacity_is_16_stacking_points(caporetto_position: Any, refuse: Any) -> None:
    st = caporetto_position(ALLIED_ON_RAIL, phasing="allied")
    order = ["I-IV", "I-XXVII", "I-19", "I-43", "I-46", "I-34"]
    total, refused, why = entrain_all(st, "allied", refuse, order)
    assert total <= 16 < total + U.info(st, refused).stacking
    assert why.case == "caporetto 5.31"


def test_5_31_the_rate_limits_rail_moves_and_names_the_case(
    caporetto_position: Any, refuse: Any
) -> None:
    """The 44 hexes outrun every line of the small teaching map; a rate of 3 (a test
    value) shows the rate applied under Caporetto's case."""
    st = caporetto_position(CENTRAL_ON_RAIL)
    select(st, "central", "AH-22S")
    choose(st, "central", "entrain", unit="AH-22S")
    offered = {a["to"] for a in st.legal_actions("central") if a["type"] == "rail_move"}
    assert "1507" in offered  # the whole Sudbahn, 4 hexes away
    short = caporetto_position(
        CENTRAL_ON_RAIL, parameters={"rail_rate": {"central": 3, "allied": 36}}
    )
    select(short, "central", "AH-22S")
    choose(short, "central", "entrain", unit="AH-22S")
    offered = {a["to"] for a in short.legal_actions("central") if a["type"] == "rail_move"}
    assert "1607" in offered and "1507" not in offered
    why = refuse(
        short,
        "central",
        {
            "type": "rail_move",
            "unit": "AH-22S",
            "to": "1507",
            "path": ["1807", "1707", "1607", "1507"],
        },
    )
    assert why.case == "caporetto 5.31"


# --- 5.32 friendly rail lines -------------------------------------------------------------


def test_5_32_central_powers_units_cannot_use_italian_lines(
    caporetto_position: Any, refuse: Any
) -> None:
    st = caporetto_position({"G-5": "1209", "G-HQ-14A": "1209"}, control={"1209": "central"})
    select(st, "central", "G-5")
    assert not [a for a in st.legal_actions("central") if a["type"] == "entrain"]
    why = refuse(st, "central", {"type": "entrain", "unit": "G-5", "cost": 2})
    assert why.case == "caporetto 5.32" and "Friendly railroad line" in why.reason


def test_5_32_allied_units_cannot_use_austro_hungarian_lines(
    caporetto_position: Any, refuse: Any
) -> None:
    st = caporetto_position(
        {"I-43": "1607", "I-HQ-2A": "1607"}, phasing="allied", control={"1607": "allied"}
    )
    select(st, "allied", "I-43")
    why = refuse(st, "allied", {"type": "entrain", "unit": "I-43", "cost": 2})
    assert why.case == "caporetto 5.32"


def test_5_32_each_side_uses_its_own_lines(caporetto_position: Any) -> None:
    st = caporetto_position({"AH-22S": "1807", "AH-HQ-IS": "1807"})
    select(st, "central", "AH-22S")
    choose(st, "central", "entrain", unit="AH-22S")
    choose(st, "central", "rail_move", unit="AH-22S", to="1507")
    assert U.record(st, "AH-22S")["hex"] == "1507"
    italian = caporetto_position({"I-43": "1209", "I-HQ-2A": "1109"}, phasing="allied")
    select(italian, "allied", "I-43")
    choose(italian, "allied", "entrain", unit="I-43")
    choose(italian, "allied", "rail_move", unit="I-43", to="0609")
    assert U.record(italian, "I-43")["hex"] == "0609"


# --- 5.32b entrainment ----------------------------------------------------------------------


def test_5_32b_every_unit_pays_2_mp_to_entrain_whatever_its_tcr(caporetto_position: Any) -> None:
    st = caporetto_position(CENTRAL_ON_RAIL)
    for uid in ("AH-10C", "AH-22S"):  # TCR 1 and TCR 2
        select(st, "central", uid)
        action = choose(st, "central", "entrain", unit=uid)
        assert action["cost"] == 2
        assert st.top()["spent"][uid] == 2  # type: ignore[index]
    texts = logged(st, "caporetto 5.32b")
    assert any("AH-10C" in t or "10th" in t for t in texts) and len(texts) == 2
    assert all("for 2 MP" in t for t in texts)


def test_5_32b_a_unit_with_1_mp_left_cannot_entrain(caporetto_position: Any, refuse: Any) -> None:
    """The 22nd Division (MA 6) marches 5 MP from 2008 to the Karstbahn at 2013."""
    st = caporetto_position({"AH-22S": "2008", "AH-HQ-IS": "1807"})
    select(st, "central", "AH-22S")
    choose(st, "central", "move", unit="AH-22S", to="2013")
    assert st.top()["spent"]["AH-22S"] == 5  # type: ignore[index]
    assert not [a for a in st.legal_actions("central") if a["type"] == "entrain"]
    why = refuse(st, "central", {"type": "entrain", "unit": "AH-22S", "cost": 2})
    assert why.case == "caporetto 5.32b" and "costs 2 MP and 1 are left" in why.reason
