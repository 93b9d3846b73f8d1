"""7.1 Stacking: the limits after the end of a movement phase, and what becomes of units
over them (our reading: their owner eliminates units of his choice, 7.1.2).

Positions are on the FICTIONAL teaching map, in the German movement phase; the
crowded hex is A11 B20, near the Ostbahn under the 8th Army HQ.  The I Corps has
five counters besides its HQ; FICTIONAL test brigades X-I-5 .. X-I-7 of the same
corps make up larger stacks.
"""

from __future__ import annotations

from typing import Any

from masking_kit import masked
from movement_kit import ARMY_HQ, GERMAN, RUSSIAN, frame_of, hex_of, move, moving, select

from greatwar.rules.tannenberg import stacking
from greatwar.rules.tannenberg import units as U

# FICTIONAL brigades of the German I Corps, for the rules tests only.
TEST_BRIGADES = "\n".join(
    f"""
[[counter]]
id = "X-I-{n}"
name = "Test brigade {n}/I"
side = "german"
nationality = "germany"
type = "infantry"
size = "brigade"
corps = "I"
army = "8"
steps = [{{ strength = 6, effectiveness = 4, movement = 5 }}]
"""
    for n in (5, 6, 7)
)
CORPS_I = ["G-1-1-I", "G-2-1-I", "G-3-2-I", "G-4-2-I", "G-I-art", "X-I-5", "X-I-6", "X-I-7"]
HEX = "A11 B20"


def crowd(units: list[str], where: str = HEX) -> dict[str, str]:
    return {uid: where for uid in units}


def end_phase(st: Any) -> None:
    st.apply(GERMAN, {"type": "end_phase"})


def eliminations(st: Any, role: str = GERMAN) -> list[dict[str, Any]]:
    return [a for a in st.legal_actions(role) if a["type"] == "eliminate"]


def test_7_1_1_several_units_may_share_a_hex(position: Any) -> None:
    st = moving(position, {**ARMY_HQ, **crowd(["G-1-1-I", "G-6L"]), "G-33L": "A11 B21"})
    move(st, GERMAN, "G-33L", HEX)  # a third unit joins them: 3 units, within 4
    assert sorted(U.units_in(st, HEX)) == ["G-1-1-I", "G-33L", "G-6L"]
    end_phase(st)
    assert st.top()["kind"] != "stacking_check"


def test_7_1_2_six_units_of_one_corps_may_stand_together(position: Any) -> None:
    st = moving(position, {**ARMY_HQ, **crowd(CORPS_I[:6])}, extra_counters=TEST_BRIGADES)
    assert stacking.overstacked(st) == []
    end_phase(st)
    assert st.top()["kind"] != "stacking_check"


def test_7_1_2_a_seventh_unit_of_the_corps_is_one_too_many(position: Any) -> None:
    st = moving(position, {**ARMY_HQ, **crowd(CORPS_I[:7])}, extra_counters=TEST_BRIGADES)
    assert stacking.overstacked(st) == [HEX]
    assert "Over the stacking limit now: A11 B20" in st.prompt(GERMAN)
    end_phase(st)
    assert st.top()["kind"] == "stacking_check"
    # the owner chooses which of the seven goes
    assert sorted(a["unit"] for a in eliminations(st)) == sorted(CORPS_I[:7])
    st.apply(GERMAN, {"type": "eliminate", "unit": "X-I-6", "hex": HEX})
    assert U.record(st, "X-I-6")["status"] == "eliminated"
    assert st.top()["kind"] != "stacking_check"
    assert any(e.get("case") == "tannenberg 7.1.2" for e in st.data["log"])


def test_7_1_2_units_of_different_corps_four_at_most(position: Any) -> None:
    # 3 of the I Corps, the 33rd Landwehr (no corps) and a XVII Corps brigade: 5 of
    # different corps, limit 4: one must go
    units = ["G-1-1-I", "G-2-1-I", "G-3-2-I", "G-33L", "G-70-35-XVII"]
    st = moving(position, {**ARMY_HQ, **crowd(units)})
    end_phase(st)
    assert st.top()["kind"] == "stacking_check"
    assert len(eliminations(st)) == 5
    st.apply(GERMAN, {"type": "eliminate", "unit": "G-33L", "hex": HEX})
    assert st.top()["kind"] != "stacking_check"
    assert len(U.units_in(st, HEX)) == 4


def test_7_1_2_units_of_no_corps_four_at_most(position: Any) -> None:
    units = ["G-6L", "G-33L", "G-1-8-kaw", "G-2-8-kaw", "G-3-8-kaw"]
    st = moving(position, {**ARMY_HQ, **crowd(units)})
    assert stacking.limit(st, units) == 4
    assert stacking.overstacked(st) == [HEX]


def test_7_1_2_the_limit_holds_after_the_phase_not_during_it(position: Any) -> None:
    # G-33L moves into the hex of four units of different corps, then out again
    units = ["G-1-1-I", "G-6L", "G-1-8-kaw", "G-70-35-XVII"]
    st = moving(position, {**ARMY_HQ, **crowd(units), "G-33L": "A11 B21"})
    move(st, GERMAN, "G-33L", HEX)
    assert stacking.overstacked(st) == [HEX]
    assert "Over the stacking limit now: A11 B20" in st.prompt(GERMAN)
    move(st, GERMAN, "G-33L", "A11 B19")
    assert stacking.overstacked(st) == []  # the warning follows the stack
    assert "Over the stacking limit" not in st.prompt(GERMAN)
    end_phase(st)
    assert st.top()["kind"] != "stacking_check"
    assert hex_of(st, "G-33L") == "A11 B19"


def test_7_1_2_the_other_side_is_held_to_the_limit_too(position: Any) -> None:
    # a reserve reaction (4.5.4) may crowd the side that is not moving: its hexes are
    # checked after the enemy's movement phase as well (here: five Russians set up so)
    russians = ["R-1-25-III", "R-2-25-III", "R-1-27-III", "R-2-27-III", "R-1-1G-kaw"]
    st = moving(position, {**ARMY_HQ, "G-1-1-I": HEX, **crowd(russians, "A20 B12")})
    end_phase(st)
    assert st.active_roles() == [RUSSIAN]
    assert len(eliminations(st, RUSSIAN)) == 5


def test_7_1_3_hqs_do_not_count(position: Any) -> None:
    units = ["G-1-1-I", "G-6L", "G-1-8-kaw", "G-70-35-XVII", "G-HQ-I", "G-HQ-XVII"]
    st = moving(position, {"G-HQ-8A": HEX, **crowd(units)})
    assert stacking.overstacked(st) == []
    assert stacking.counted_units(st, HEX) == ["G-1-1-I", "G-70-35-XVII", "G-1-8-kaw", "G-6L"]


def test_7_1_4_supply_trains_count_and_one_a_hex(position: Any) -> None:
    # two trains in a hex: one is too many; only a train's removal helps
    st = moving(
        position,
        {"R-HQ-2A": "A16 B8", "R-Train-2": "A17 B7", "R-Train-3": "A17 B7", "R-1-6-XV": "A17 B7"},
        side=RUSSIAN,
    )
    assert stacking.excess(st, "A17 B7") == (0, 1)
    st.apply(RUSSIAN, {"type": "end_phase"})
    assert st.top()["kind"] == "stacking_check"
    assert {a["unit"] for a in eliminations(st, RUSSIAN)} == {"R-Train-2", "R-Train-3"}
    st.apply(RUSSIAN, {"type": "eliminate", "unit": "R-Train-3", "hex": "A17 B7"})
    assert any(e.get("case") == "tannenberg 7.1.4" for e in st.data["log"])
    # a train counts as a unit: 4 of different corps with it is the limit, 5 too many
    st = moving(
        position,
        {
            "R-HQ-2A": "A16 B8",
            "R-Train-2": "A17 B7",
            **crowd(["R-1-6-XV", "R-2-6-XV", "R-1-8-XV", "R-2-8-XV"], "A17 B7"),
        },
        side=RUSSIAN,
    )
    assert stacking.excess(st, "A17 B7") == (1, 0)


def test_7_1_5_units_on_rail_transport_count(position: Any) -> None:
    units = {uid: HEX for uid in ["G-1-1-I", "G-6L", "G-1-8-kaw", "G-70-35-XVII"]}
    units["G-33L"] = {"hex": HEX, "markers": ["entrained"]}  # type: ignore[assignment]
    st = moving(position, {**ARMY_HQ, **units})
    assert stacking.overstacked(st) == [HEX]


def test_7_1_6_forming_a_stack_costs_nothing_more(position: Any) -> None:
    # entering the clear A11 B20 where four units stand costs 1, as an empty clear hex
    st = moving(position, {**ARMY_HQ, **crowd(CORPS_I[:4]), "G-I-art": "A11 B21"})
    options = select(st, GERMAN, "G-I-art")
    assert options[HEX]["cost"] == "1"
    assert options["A12 B21"]["cost"] == "1"


def test_7_1_7_a_stack_is_no_formation_its_units_move_apart(position: Any) -> None:
    st = moving(position, {**ARMY_HQ, **crowd(["G-1-1-I", "G-2-1-I"])})
    move(st, GERMAN, "G-1-1-I", "A11 B21")
    move(st, GERMAN, "G-2-1-I", "A12 B19")
    assert hex_of(st, "G-1-1-I") == "A11 B21" and hex_of(st, "G-2-1-I") == "A12 B19"
    assert "G-1-1-I" in frame_of(st)["done"]


def test_16_2_4_masks_do_not_count_their_units_do(position: Any) -> None:
    units = ["G-1-1-I", "G-6L", "G-1-8-kaw", "G-70-35-XVII"]
    st = masked(
        position,
        {**ARMY_HQ, **crowd(units)},
        {"mask-german-1": (HEX, ["G-1-1-I", "G-6L"]), "mask-german-2": (HEX, [])},
        phase="movement_1",
        first_side=GERMAN,
    )
    assert stacking.counted_units(st, HEX) == ["G-1-1-I", "G-70-35-XVII", "G-1-8-kaw", "G-6L"]
    assert stacking.overstacked(st) == []
