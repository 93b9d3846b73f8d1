"""Von Hindenburg in Poland, 18.1-18.2 and 18.4 the Central Powers' Gruppen in their
Movement Phase: forming, joining, leaving, combining, splitting, moving, dummies, the
Hidden Unit Display (hindenburg 18.0, 18.11, 18.21-18.24, 18.33, 18.42, 18.43).

FICTIONAL positions on the teaching map (see gruppen_kit).  German divisions move 5,
German cavalry 8; the Russian XIV Corps stands in 0807 where a test needs a Zone of
Control: it controls 0706 0707 0806 0808 0906 0907.
"""

from __future__ import annotations

from typing import Any

from greatwar import State
from greatwar.rules.gwite import supply
from greatwar.rules.gwite.hindenburg import gruppen as G
from tests.rules.gwite.hindenburg.gruppen_kit import (
    CP,
    RU,
    apply,
    contents,
    hex_of,
    hidden,
    moves,
    of_type,
    offered,
    private,
    public,
    spent,
)
from tests.rules.gwite.kit import Refuse, play_until


def cp(position: Any, units: dict[str, Any], **kw: Any) -> State:
    """A position in the Central Powers Movement Segment under hidden movement."""
    return hidden(position, units, phasing=CP, **kw)


# --- 18.0 the optional rule, German units only ------------------------------------------------


def test_18_0_hidden_movement_is_an_optional_rule_off_unless_chosen(
    hindenburg_position: Any,
) -> None:
    units = {"G-35": "0506", "R-XIV": "0907"}
    off = hindenburg_position(units, phasing=CP)
    assert "gruppen" not in off.data
    assert not [a for a in off.legal_actions(CP) if a["type"].startswith("gruppe_")]

    on = cp(hindenburg_position, units)
    assert G.off_map(on) == [str(n) for n in range(1, 14)]  # 18.43 thirteen boxes
    apply(on, CP, "gruppe_form", unit="G-35")
    assert contents(on) == {"1": ("0506", ["G-35"])}


def test_18_0_only_german_units_hide_never_austro_hungarian_ones(
    hindenburg_position: Any, refuse: Refuse
) -> None:
    st = cp(hindenburg_position, {"G-35": "0611", "AH-12": "0611"})
    assert offered(st, CP, "gruppe_form", unit="G-35")
    assert not offered(st, CP, "gruppe_form", unit="AH-12")
    err = refuse(st, CP, {"type": "gruppe_form", "unit": "AH-12"})
    assert err.case == "hindenburg 18.0"
    apply(st, CP, "gruppe_form", unit="G-35")
    assert not offered(st, CP, "gruppe_join", unit="AH-12", gruppe="1")
    err = refuse(st, CP, {"type": "gruppe_join", "unit": "AH-12", "gruppe": "1"})
    assert err.case == "hindenburg 18.0"
    assert contents(st) == {"1": ("0611", ["G-35"])}


def test_18_0_a_dummy_is_placed_with_a_german_unit_and_moves_as_a_gruppe_could(
    hindenburg_position: Any, refuse: Refuse
) -> None:
    st = cp(hindenburg_position, {"G-35": "0506", "R-XIV": "0807"})
    dummies = {a["hex"] for a in of_type(st.legal_actions(CP), "gruppe_dummy")}
    assert dummies == {"0506"}  # with the German unit; none elsewhere
    err = refuse(st, CP, {"type": "gruppe_dummy", "hex": "0606"})
    assert err.case == "hindenburg 18.0"
    apply(st, CP, "gruppe_dummy", hex="0506")
    assert contents(st) == {"1": ("0506", [])}
    assert G.is_dummy(st, "1")
    apply(st, CP, "gruppe_select", gruppe="1")
    reach = moves(st, CP, "gruppe_move")
    # provisional: a dummy moves as far as the fastest German combat unit (cavalry, 8)
    assert max(a["cost"] for a in reach.values()) == 8
    apply(st, CP, "gruppe_move", gruppe="1", to="0508")
    assert contents(st) == {"1": ("0508", [])}
    assert public(st, "hindenburg 18.24") == ["A Gruppe marker (gruppe-1) moves 0506→0507→0508."]


# --- 18.11 forming a Gruppe -----------------------------------------------------------------


def test_18_1_18_11_german_units_in_one_hex_go_under_a_gruppe_marker(
    hindenburg_position: Any,
) -> None:
    st = cp(hindenburg_position, {"G-35": "0506", "G-36": "0506", "R-XIV": "0907"})
    apply(st, CP, "gruppe_form", unit="G-35")
    apply(st, CP, "gruppe_join", unit="G-36", gruppe="1")
    assert contents(st) == {"1": ("0506", ["G-35", "G-36"])}
    assert G.concealed(st) == {"G-35", "G-36"}
    assert hex_of(st, "G-35") == hex_of(st, "G-36") == "0506"  # the units keep their hex
    assert "1" not in G.off_map(st)
    # the composition is logged for the Central Powers only; the map shows a marker
    assert private(st, "hindenburg 18.11") == [
        "35th Infantry Division (fictional) goes under Gruppe 1 (gruppe-1) in 0506."
    ]
    assert public(st, "hindenburg 18.11") == [
        "The Central Powers place a Gruppe marker (gruppe-1) in 0506."
    ]
    assert private(st, "hindenburg 18.21")
    assert not public(st, "hindenburg 18.21")


def test_18_11_gruppen_are_formed_only_in_the_central_powers_movement_phase(
    hindenburg_position: Any, refuse: Refuse
) -> None:
    st = hidden(hindenburg_position, {"G-35": "0506", "R-XIV": "0907"}, phasing=RU)
    err = refuse(st, RU, {"type": "gruppe_form", "unit": "G-35"})
    assert err.case == "hindenburg 18.11"
    assert not G.markers(st)


def test_18_11_no_gruppe_is_formed_in_a_hex_over_the_stacking_limit(
    hindenburg_position: Any, refuse: Refuse
) -> None:
    stack = {"G-35": "0506", "G-36": "0506", "G-1GR": "0506", "G-3GR": "0506"}  # 8 points
    st = cp(hindenburg_position, {**stack, "G-41": "0505", "R-XIV": "0907"})
    assert offered(st, CP, "gruppe_form", unit="G-35")
    apply(st, CP, "select", unit="G-41")
    apply(st, CP, "move", unit="G-41", to="0506")  # 10 points: over the limit of 9 (19.1)
    assert not offered(st, CP, "gruppe_form", unit="G-35")
    err = refuse(st, CP, {"type": "gruppe_form", "unit": "G-35"})
    assert err.case == "hindenburg 18.11"
    apply(st, CP, "move", unit="G-41", to="0505")  # (still selected, 4 MP left)
    apply(st, CP, "gruppe_form", unit="G-35")
    assert contents(st) == {"1": ("0506", ["G-35"])}


# --- 18.2 movement ----------------------------------------------------------------------------


def test_18_21_joining_and_leaving_cost_no_movement_points(hindenburg_position: Any) -> None:
    st = cp(hindenburg_position, {"G-35": "0506", "G-36": "0508", "R-XIV": "0907"})
    apply(st, CP, "select", unit="G-35")
    apply(st, CP, "move", unit="G-35", to="0508")  # 2 MP
    apply(st, CP, "gruppe_form", unit="G-36")
    apply(st, CP, "gruppe_join", unit="G-35", gruppe="1")
    assert spent(st, "G-35") == 2 and spent(st, "G-36") == 0
    assert contents(st) == {"1": ("0508", ["G-35", "G-36"])}
    apply(st, CP, "gruppe_leave", unit="G-35")
    assert spent(st, "G-35") == 2
    assert contents(st) == {"1": ("0508", ["G-36"])}
    # in view again, it may move on alone with the 3 Movement Points it has left
    apply(st, CP, "select", unit="G-35")
    assert max(a["cost"] for a in moves(st, CP).values()) == 3
    apply(st, CP, "move", unit="G-35", to="0511")
    assert hex_of(st, "G-35") == "0511" and spent(st, "G-35") == 5


def test_18_22_two_gruppen_in_one_hex_combine_into_one(
    hindenburg_position: Any, refuse: Refuse
) -> None:
    st = cp(hindenburg_position, {"G-35": "0506", "G-36": "0506", "G-41": "0505", "R-XIV": "0907"})
    apply(st, CP, "gruppe_form", unit="G-35")
    apply(st, CP, "gruppe_form", unit="G-36")
    apply(st, CP, "gruppe_form", unit="G-41")
    assert contents(st) == {
        "1": ("0506", ["G-35"]),
        "2": ("0506", ["G-36"]),
        "3": ("0505", ["G-41"]),
    }
    err = refuse(st, CP, {"type": "gruppe_merge", "gruppe": "3", "into": "1"})  # not one hex
    assert err.case == "hindenburg 18.22"
    apply(st, CP, "gruppe_merge", gruppe="2", into="1")
    assert contents(st) == {"1": ("0506", ["G-35", "G-36"]), "3": ("0505", ["G-41"])}
    assert "2" in G.off_map(st)
    assert public(st, "hindenburg 18.22") == [
        "A Gruppe marker (gruppe-2) is taken off the map in 0506."
    ]


def test_18_23_a_gruppe_splits_into_two(hindenburg_position: Any) -> None:
    st = cp(
        hindenburg_position,
        {"G-35": "0506", "G-36": "0506", "G-5K": "0506", "R-XIV": "0907"},
        markers={"1": ("0506", ["G-35", "G-36", "G-5K"])},
    )
    apply(st, CP, "gruppe_split", unit="G-5K")
    assert contents(st) == {"1": ("0506", ["G-35", "G-36"]), "2": ("0506", ["G-5K"])}
    apply(st, CP, "gruppe_select", gruppe="2")
    apply(st, CP, "gruppe_move", gruppe="2", to="0513")  # the cavalry goes its own way
    assert hex_of(st, "G-5K") == "0513"
    assert contents(st)["2"] == ("0513", ["G-5K"])
    assert contents(st)["1"] == ("0506", ["G-35", "G-36"])
    assert public(st, "hindenburg 18.11") == [
        "The Central Powers place a Gruppe marker (gruppe-2) in 0506."
    ]


def test_18_24_a_gruppe_moves_as_far_as_its_slowest_unit_and_drops_it_off(
    hindenburg_position: Any, refuse: Refuse
) -> None:
    st = cp(
        hindenburg_position,
        {"G-35": "0506", "G-5K": "0506", "R-XIV": "1307"},
        markers={"1": ("0506", ["G-35", "G-5K"])},
    )
    refuse(st, CP, {"type": "select", "unit": "G-5K"})  # it moves with its marker
    apply(st, CP, "gruppe_select", gruppe="1")
    reach = moves(st, CP, "gruppe_move")
    assert max(a["cost"] for a in reach.values()) == 5  # the infantry's 5, not 8
    err = refuse(st, CP, {"type": "gruppe_move", "gruppe": "1", "to": "0512"})  # 6 hexes
    assert err.case == "hindenburg 18.24"
    apply(st, CP, "gruppe_move", gruppe="1", to="0509")  # 3 MP
    assert hex_of(st, "G-35") == hex_of(st, "G-5K") == "0509"
    assert spent(st, "G-35") == spent(st, "G-5K") == 3
    apply(st, CP, "gruppe_leave", unit="G-35")  # the slower unit dropped off
    onward = moves(st, CP, "gruppe_move")
    assert max(a["cost"] for a in onward.values()) == 5  # 8 - 3
    far = min(h for h, a in onward.items() if a["cost"] == 5)
    apply(st, CP, "gruppe_move", gruppe="1", to=far)
    assert hex_of(st, "G-5K") == far and spent(st, "G-5K") == 8
    assert hex_of(st, "G-35") == "0509" and spent(st, "G-35") == 3


def test_18_2_18_24_units_that_have_moved_keep_the_movement_points_they_spent(
    hindenburg_position: Any,
) -> None:
    st = cp(hindenburg_position, {"G-35": "0506", "G-36": "0509", "R-XIV": "1307"})
    apply(st, CP, "select", unit="G-35")
    apply(st, CP, "move", unit="G-35", to="0509")  # 3 MP
    apply(st, CP, "gruppe_form", unit="G-36")
    apply(st, CP, "gruppe_join", unit="G-35", gruppe="1")
    apply(st, CP, "gruppe_select", gruppe="1")
    assert max(a["cost"] for a in moves(st, CP, "gruppe_move").values()) == 2
    apply(st, CP, "gruppe_move", gruppe="1", to="0511")
    assert spent(st, "G-35") == 5 and spent(st, "G-36") == 2
    assert not offered(st, CP, "gruppe_select", gruppe="1")  # nothing left to the Gruppe


# --- 18.33 markers removed come back later ------------------------------------------------


def test_18_3_18_33_a_removed_marker_comes_back_in_a_later_central_powers_movement_phase(
    hindenburg_position: Any, refuse: Refuse
) -> None:
    st = cp(
        hindenburg_position,
        {"G-35": "0506", "G-36": "0506", "G-D1": "0206", "R-XIV": "1307"},
        special={"gruppen_boxes": 2},
    )
    apply(st, CP, "gruppe_form", unit="G-35")
    apply(st, CP, "gruppe_form", unit="G-36")
    apply(st, CP, "gruppe_merge", gruppe="2", into="1")  # marker 2 leaves the map
    assert G.off_map(st) == ["2"]
    assert not offered(st, CP, "gruppe_split", unit="G-36")
    err = refuse(st, CP, {"type": "gruppe_split", "unit": "G-36"})
    assert err.case == "hindenburg 18.33"
    turn = st.data["turn"]
    play_until(  # to the next Central Powers Movement Segment
        st,
        lambda s: (
            s.data["turn"] > turn and s.top()["kind"] == "movement" and s.data["phasing"] == CP
        ),
    )
    # back, with a German Gruppe (the split leaves the units in one hex with marker 1)
    apply(st, CP, "gruppe_split", unit="G-36")
    assert contents(st) == {"1": ("0506", ["G-35"]), "2": ("0506", ["G-36"])}


def test_18_33_a_marker_comes_back_only_with_a_gruppe_or_a_supplied_german_unit(
    hindenburg_position: Any, refuse: Refuse
) -> None:
    # the German 35th, alone in the north-east far from its rail and depots, is out of
    # supply (16.1, 16.21: six hexes); box 1 was on the map before and was removed
    st = cp(
        hindenburg_position,
        {"G-35": "1602", "G-36": "0506", "R-XIV": "1307"},
        special={"gruppen_boxes": 1},
    )
    st.data["gruppen"]["removed"]["1"] = 0  # removed in an earlier phase (the position's)
    assert not supply.in_supply(st, "G-35") and supply.in_supply(st, "G-36")
    assert not offered(st, CP, "gruppe_form", unit="G-35")
    err = refuse(st, CP, {"type": "gruppe_form", "unit": "G-35"})
    assert err.case == "hindenburg 18.33"
    apply(st, CP, "gruppe_form", unit="G-36")  # a supplied German unit
    assert contents(st) == {"1": ("0506", ["G-36"])}


# --- 18.42 dummies and HQ-only Gruppen keep out of Enemy zones --------------------------------


def test_18_4_18_42_dummies_and_hq_only_gruppen_never_move_into_an_enemy_zone(
    hindenburg_position: Any, refuse: Refuse
) -> None:
    st = cp(
        hindenburg_position,
        {"G-HQ-XVII": "0607", "G-35": "0608", "R-XIV": "0807"},
        markers={"1": ("0607", []), "2": ("0607", ["G-HQ-XVII"]), "3": ("0608", ["G-35"])},
    )
    for box in ("1", "2"):
        apply(st, CP, "gruppe_select", gruppe=box)
        assert "0707" not in moves(st, CP, "gruppe_move")  # in the XIV Corps' zone
        assert "0706" not in moves(st, CP, "gruppe_move")
        err = refuse(
            st,
            CP,
            {"type": "gruppe_move", "gruppe": box, "to": "0707", "path": ["0707"], "cost": 2},
        )
        assert err.case == "hindenburg 18.42"
    apply(st, CP, "gruppe_select", gruppe="3")  # a Gruppe of a division may
    apply(st, CP, "gruppe_move", gruppe="3", to="0707")
    assert contents(st)["3"] == ("0707", ["G-35"]) and hex_of(st, "G-35") == "0707"
    assert spent(st, "G-35") == 2  # 1 + 1 for the Enemy zone (7.21)


def test_18_42_a_dummy_is_never_placed_in_an_enemy_zone(
    hindenburg_position: Any, refuse: Refuse
) -> None:
    st = cp(hindenburg_position, {"G-35": "0707", "G-36": "0506", "R-XIV": "0807"})
    assert not offered(st, CP, "gruppe_dummy", hex="0707")
    err = refuse(st, CP, {"type": "gruppe_dummy", "hex": "0707"})
    assert err.case == "hindenburg 18.42"
    apply(st, CP, "gruppe_dummy", hex="0506")
    assert contents(st) == {"1": ("0506", [])}


# --- 18.43 the Hidden Unit Display and the extra markers (AV7) ---------------------------------


def test_18_43_thirteen_boxes_then_extra_markers_which_are_dummies(
    hindenburg_position: Any, refuse: Refuse
) -> None:
    st = cp(hindenburg_position, {"G-35": "0506", "G-36": "0506", "R-XIV": "1307"})
    for _ in range(13):
        apply(st, CP, "gruppe_dummy", hex="0506")
    assert sorted(G.markers(st), key=int) == [str(n) for n in range(1, 14)]
    apply(st, CP, "gruppe_dummy", hex="0506")  # 18.0 as many more as he wants
    assert "14" in G.markers(st) and G.is_extra(st, "14")
    assert not offered(st, CP, "gruppe_join", unit="G-35", gruppe="14")
    err = refuse(st, CP, {"type": "gruppe_join", "unit": "G-35", "gruppe": "14"})
    assert err.case == "hindenburg 18.43"
    apply(st, CP, "gruppe_join", unit="G-35", gruppe="13")  # a numbered box holds it
    assert contents(st)["13"] == ("0506", ["G-35"])
    assert not offered(st, CP, "gruppe_form", unit="G-36")  # no numbered box free
    err = refuse(st, CP, {"type": "gruppe_form", "unit": "G-36"})
    assert err.case == "hindenburg 18.43"


def test_18_43_with_the_option_the_extra_markers_hold_units_too(hindenburg_position: Any) -> None:
    st = cp(
        hindenburg_position,
        {"G-35": "0506", "R-XIV": "1307"},
        options={"extra_gruppen_hold_units": True},
        special={"gruppen_boxes": 1},
    )
    apply(st, CP, "gruppe_dummy", hex="0506")
    apply(st, CP, "gruppe_form", unit="G-35")  # box 1 is taken: an extra marker, box 2
    assert contents(st) == {"1": ("0506", []), "2": ("0506", ["G-35"])}
    assert G.is_extra(st, "2")
