"""Von Hindenburg in Poland, 17.4 Rail Movement Limitations (optional): Stacking Points per
hexside, rail line and Movement Phase (17.41), the printed example (17.42), one limit per
line (17.43), and AV3 (the Austro-Hungarians, who have no column).

FICTIONAL positions on the Von Hindenburg teaching map (lines: hindenburg_rail_kit).
"""

from __future__ import annotations

from typing import Any

from greatwar.rules.gwite import rail
from tests.rules.gwite.brusilov.brusilov_kit import select
from tests.rules.gwite.hindenburg.hindenburg_rail_kit import (
    Refuse,
    entrained,
    hex_of,
    rail_moves,
    rail_to,
)

LIMITS = {"track_limits": True}
#: the map's line indexes (hindenburg_rail_kit)
LODSCH, NOWY_DWOR, MLAWA, TSCHENSTOCHAU, GALIZISCHE = 1, 4, 6, 7, 8


def used(st: Any) -> dict[str, int]:
    return dict(st.data["stack"][-1].get(rail.TRACK_USED, {}))


def test_17_42_no_more_than_4_russian_stacking_points_cross_a_single_track_hexside(
    hindenburg_position: Any, refuse: Refuse
) -> None:
    # the printed example: the Mlawa line is single track
    st = hindenburg_position(
        {"R-XIV": entrained("1104"), "R-5K": entrained("1104")}, options=LIMITS
    )
    rail_to(st, "allied", "R-XIV", "1102")  # a corps: 4 across 1104/1103 and 1103/1102
    assert used(st) == {f"{MLAWA}:1103/1104": 4, f"{MLAWA}:1102/1103": 4}
    select(st, "allied", "R-5K")
    reach = rail_moves(st, "allied")
    assert "1103" not in reach and "1101" not in reach
    assert "1105" in reach  # another hexside of the line: its own count
    err = refuse(
        st, "allied", {"type": "rail_move", "unit": "R-5K", "to": "1103", "path": [], "hexes": 1}
    )
    assert err.case == "hindenburg 17.41"
    assert "carried its limit" in err.reason


def test_17_4_the_limits_are_an_optional_rule(hindenburg_position: Any) -> None:
    st = hindenburg_position({"R-XIV": entrained("1104"), "R-5K": entrained("1104")})
    rail_to(st, "allied", "R-XIV", "1102")
    rail_to(st, "allied", "R-5K", "1101")  # 6 across one single-track hexside: no limit
    assert hex_of(st, "R-5K") == "1101"
    assert used(st) == {}


def test_17_41_five_german_stacking_points_cross_a_single_track_hexside(
    hindenburg_position: Any, refuse: Refuse
) -> None:
    # 0513/0512: the Tschenstochau branch in Austria-Hungary, single track
    units = {"G-35": entrained("0513"), "G-36": entrained("0513"), "G-5K": entrained("0613")}
    st = hindenburg_position(units, phasing="central", options=LIMITS)
    rail_to(st, "central", "G-35", "0512")
    rail_to(st, "central", "G-36", "0512")  # 4 of 5
    assert used(st) == {f"{TSCHENSTOCHAU}:0512/0513": 4}
    select(st, "central", "G-5K")
    assert "0512" not in rail_moves(st, "central")  # 2 more would make 6
    err = refuse(
        st,
        "central",
        {"type": "rail_move", "unit": "G-5K", "to": "0512", "path": [], "hexes": 2},
    )
    assert err.case == "hindenburg 17.41"


def _galizische_crossing(st: Any) -> None:
    """Six German units (12 SP) and one Austro-Hungarian division (2) cross 0313/0413."""
    for uid in ("G-35", "G-36", "G-1GR", "G-3GR", "G-41", "G-5K"):
        rail_to(st, "central", uid, "0513")
    rail_to(st, "central", "AH-12", "0613")
    assert used(st)[f"{GALIZISCHE}:0313/0413"] == 14


CROSSING = {
    "G-35": entrained("0113"),
    "G-36": entrained("0113"),
    "AH-12": entrained("0113"),
    "G-1GR": entrained("0213"),
    "G-3GR": entrained("0213"),
    "AH-24": entrained("0213"),
    "G-41": entrained("0313"),
    "G-5K": entrained("0313"),
}


def test_17_41_av3_austro_hungarian_units_count_with_the_german_column(
    hindenburg_position: Any, refuse: Refuse
) -> None:
    # AV3 (b): 14 Stacking Points across a double-track hexside, Germans and
    # Austro-Hungarians together; the next Austro-Hungarian division may not cross
    st = hindenburg_position(CROSSING, phasing="central", options=LIMITS)
    _galizische_crossing(st)
    select(st, "central", "AH-24")
    reach = rail_moves(st, "central")
    assert "0313" in reach and "0413" not in reach
    err = refuse(
        st,
        "central",
        {"type": "rail_move", "unit": "AH-24", "to": "0513", "path": [], "hexes": 3},
    )
    assert err.case == "hindenburg 17.41"


def test_17_41_av3_with_the_option_austro_hungarian_units_cross_without_limit(
    hindenburg_position: Any,
) -> None:
    options = {**LIMITS, "ah_track_unlimited": True}
    st = hindenburg_position(CROSSING, phasing="central", options=options)
    _galizische_crossing(st)
    rail_to(st, "central", "AH-24", "0713")  # AV3 (a)
    assert hex_of(st, "AH-24") == "0713"


def test_17_43_each_rail_line_through_a_hexside_has_its_own_limit(
    hindenburg_position: Any,
) -> None:
    # 1105/1005 is crossed by the Lodsch line (double) and the Nowy Dwor branch (single)
    st = hindenburg_position(
        {"R-XIV": entrained("1105"), "R-XVII": entrained("1105")}, options=LIMITS
    )
    rail_to(st, "allied", "R-XIV", "1005")  # fills the branch: 4 of 4
    assert used(st) == {f"{NOWY_DWOR}:1005/1105": 4}
    rail_to(st, "allied", "R-XVII", "1005")  # the branch is used up: the Lodsch line
    assert used(st) == {f"{NOWY_DWOR}:1005/1105": 4, f"{LODSCH}:1005/1105": 4}
    assert hex_of(st, "R-XVII") == "1005"
