"""12.0 Fortifications on the FICTIONAL teaching map.

Places used:

* the arena A16 B21: clear, six clear neighbours (N A16 B22, NE A17 B21, SE A17 B20,
  S A16 B20, SW A15 B21, NW A15 B22), no hexside features;
* Fort Ost A11 B22 (German, clear, garrison 2): fortified edges toward A12 B22 (NE,
  with wire), A12 B21 (SE, with wire) and A11 B21 (S); free edges toward A11 B23 (N),
  A10 B22 (Fort Süd) and A10 B23 (Nordheim);
* Nordheim A10 B23 (German, a town, garrison 4): fortified edges toward A11 B23 and
  A9 B23;
* Fort Süd A10 B22 (German, garrison 2): fortified edges toward A10 B21, A9 B22 and
  A11 B21;
* Twierdza Kowal A22 B12 (Russian, a town, garrison 3): fortified edges toward
  A22 B13, A21 B12 and A21 B13; free toward A23 B12;
* Feste Lötzau A14 B15 (German, a town, no garrison);
* Seeburg A14 B19 (a town) with wire toward A15 B19 and A15 B18.

German infantry brigades have strength 6, Russian ones 6; G-33L 3.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from greatwar.engine.state import State
from greatwar.rules.tannenberg import fortifications as F
from greatwar.rules.tannenberg import modifiers, movement, zoc
from greatwar.rules.tannenberg import units as U
from tests.rules.tannenberg.clash_kit import (
    at_clash,
    at_clash_with,
    fight,
    form,
    lost,
    play_cards,
    previewed_encounter,
    resolution,
    stand,
    top_kind,
)

ARENA = "A16 B21"
N, NE, SE, S, SW, NW = "A16 B22", "A17 B21", "A17 B20", "A16 B20", "A15 B21", "A15 B22"
OST, NORDHEIM, SUED, KOWAL, LOETZAU = "A11 B22", "A10 B23", "A10 B22", "A22 B12", "A14 B15"
MINE = frozenset({"trench_building", "artillery_displacement"})


@pytest.fixture
def mine_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Settle only this module's frames: the phase below them stays paused."""

    def settle(self: State) -> None:
        while True:
            top = self.top()
            if top is None or top["kind"] not in MINE:
                return
            handler = self.handler(top)
            if handler.actors(self, top):
                return
            handler.run(self, top)

    monkeypatch.setattr(State, "_settle", settle)


def values(mods: list[dict], case: str) -> list[int]:
    return [m["value"] for m in mods if m["case"] == case]


def build(st: State, uid: str, facing: int) -> None:
    """Build trenches with ``uid`` through the trench-building frame."""
    F.begin_trench_building(st, "german")
    st.apply("german", {"type": "build_trench", "unit": uid, "hex": U.record(st, uid)["hex"]})
    facing_action = next(a for a in st.legal_actions("german") if a.get("facing") == facing)
    st.apply("german", facing_action)


# --- 12.1 trenches -------------------------------------------------------------------------


def test_12_1_1_trenches_are_built_and_shown(position, mine_only) -> None:
    st = position({"G-1-1-I": ARENA}, phase="movement_1")
    build(st, "G-1-1-I", 0)
    st.apply("german", {"type": "end_trenches"})
    assert st.top()["kind"] == "movement_phase"
    # facing north: the effective edges are NW, N and NE (directions 5, 0, 1)
    assert F.trench(st, ARENA) == {"facing": 0, "edges": [0, 1, 5], "side": "german"}
    assert F.view(st)["trenches"] == [
        {"hex": ARENA, "facing": 0, "edges": [0, 1, 5], "side": "german"}
    ]


def test_12_1_2_who_may_build(position, mine_only, refuse) -> None:
    units = {
        "G-1-1-I": ARENA,  # infantry that did not move: builds
        "G-1-8-kaw": "A13 B22",  # cavalry: builds
        "G-I-art": "A13 B21",  # artillery: not
        "G-2-1-I": "A12 B21",  # moved this stage: not
        "G-3-2-I": "A18 B19",  # in an enemy control zone: not
        "R-1-25-III": "A18 B18",
    }
    st = position(units, phase="movement_1")
    U.set_note(st, "G-2-1-I", "moved_stage", st.data["stage"])
    assert zoc.in_enemy_zoc(st, "G-3-2-I")
    assert F.builders(st, "german") == ["G-1-1-I", "G-1-8-kaw"]
    F.begin_trench_building(st, "german")
    for uid, case in (
        ("G-I-art", "tannenberg 12.1.2"),
        ("G-2-1-I", "tannenberg 12.1.2"),
        ("G-3-2-I", "tannenberg 12.1.2"),
    ):
        action = {"type": "build_trench", "unit": uid, "hex": units[uid]}
        assert refuse(st, "german", action).case == case
    for forged in (["G-1-1-I"], 1, {"id": "G-1-1-I"}):  # no unit id: refused, never a crash
        action = {"type": "build_trench", "unit": forged, "hex": ARENA}
        assert refuse(st, "german", action).case
    st.apply("german", {"type": "build_trench", "unit": "G-1-1-I", "hex": ARENA})
    st.apply("german", next(a for a in st.legal_actions("german") if a.get("facing") == 3))
    # the builder built trenches this stage (it may not rest, 2.3.8)
    assert F.built_trench_this_stage(st, "G-1-1-I")


def test_12_1_3_not_on_fortifications_and_usable_by_both(position, mine_only) -> None:
    st = position({"G-6L": LOETZAU, "G-1-1-I": ARENA}, phase="movement_1")
    # G-6L stands in Feste Lötzau: no trenches in a fortification hex
    assert F.build_refusal(st, "G-6L")[1] == "tannenberg 12.1.3"
    build(st, "G-1-1-I", 0)
    st.apply("german", {"type": "end_trenches"})
    # the German trenches shelter a Russian brigade that stands in them later
    U.place(st, "G-1-1-I", N)
    U.place(st, "R-1-25-III", ARENA)
    mods = modifiers.clash_modifiers(st, ["G-1-1-I"], ["R-1-25-III"], [N])
    assert values(mods, "tannenberg 12.1.9") == [-2]


def test_12_1_4_trenches_destroyed_by_a_unit_standing_or_passing(position, mine_only) -> None:
    st = position({"G-1-1-I": ARENA}, phase="movement_1")
    build(st, "G-1-1-I", 0)
    # the builder stands on them: it may destroy them in the same frame
    destroy = {"type": "destroy_trench", "unit": "G-1-1-I", "hex": ARENA}
    assert destroy in st.legal_actions("german")
    st.apply("german", destroy)
    assert F.trench(st, ARENA) is None
    # a unit passing through (the movement module offers the choice)
    st.data["trenches"] = {N: {"facing": 3, "edges": [2, 3, 4], "side": "german"}}
    assert F.destroy_trench_action(st, "R-1-25-III", N) == {
        "type": "destroy_trench",
        "unit": "R-1-25-III",
        "hex": N,
    }
    assert F.destroy_trench_action(st, "R-1-25-III", ARENA) is None
    F.destroy_trench(st, N, "R-1-25-III")
    assert F.trench(st, N) is None


def test_12_1_5_trenches_may_be_rebuilt(position, mine_only) -> None:
    st = position({"G-1-1-I": ARENA, "G-2-1-I": ARENA}, phase="movement_1")
    build(st, "G-1-1-I", 0)
    st.apply("german", {"type": "destroy_trench", "unit": "G-1-1-I", "hex": ARENA})
    # built again in the same place, by the other brigade, facing south now
    st.apply("german", {"type": "build_trench", "unit": "G-2-1-I", "hex": ARENA})
    st.apply("german", next(a for a in st.legal_actions("german") if a.get("facing") == 3))
    assert F.trench_edges(st, ARENA) == frozenset({2, 3, 4})


def test_12_1_6_no_movement_cost(position) -> None:
    st = position({"G-1-1-I": N}, phase="movement_1", paused=True)
    before = movement.step_cost(st, "G-1-1-I", N, ARENA)
    st.data["trenches"] = {ARENA: {"facing": 0, "edges": [0, 1, 5], "side": "russian"}}
    assert movement.step_cost(st, "G-1-1-I", N, ARENA) == before


def test_12_1_7_trenches_help_only_a_defence(position) -> None:
    st = position({"G-1-1-I": N, "R-1-25-III": ARENA}, phase="clash", paused=True)
    st.data["trenches"] = {ARENA: {"facing": 0, "edges": [0, 1, 5], "side": "russian"}}
    defence = modifiers.clash_modifiers(st, ["G-1-1-I"], ["R-1-25-III"], [N])
    assert values(defence, "tannenberg 12.1.9") == [-2]
    cards = {"attacker": "attack", "defender": "attack"}
    encounter = modifiers.clash_modifiers(st, ["G-1-1-I"], ["R-1-25-III"], [N], cards=cards)
    assert values(encounter, "tannenberg 12.1.9") == []


def test_12_1_8_only_through_the_effective_edges(position, mine_only) -> None:
    st = position({"R-1-25-III": ARENA}, phase="movement_1")
    # the facing is the builder's choice: six ways
    F.begin_trench_building(st, "russian")
    st.apply("russian", {"type": "build_trench", "unit": "R-1-25-III", "hex": ARENA})
    facings = [a for a in st.legal_actions("russian") if a["type"] == "trench_facing"]
    assert [a["facing"] for a in facings] == [0, 1, 2, 3, 4, 5]
    assert facings[0]["edges"] == ["N", "NE", "NW"] and facings[0]["toward"] == N
    st.apply("russian", facings[0])
    U.place(st, "G-1-1-I", N)
    U.place(st, "G-2-1-I", S)
    through = modifiers.clash_modifiers(st, ["G-1-1-I"], ["R-1-25-III"], [N])
    assert values(through, "tannenberg 12.1.9") == [-2]
    # one attacker through a free edge: no shelter at all
    both = modifiers.clash_modifiers(st, ["G-1-1-I", "G-2-1-I"], ["R-1-25-III"], [N, S])
    assert values(both, "tannenberg 12.1.9") == []


def test_12_1_9_minus_two_added_to_terrain(position) -> None:
    st = position({"G-1-1-I": "A10 B18", "R-1-25-III": "A9 B18"}, phase="clash", paused=True)
    # A10 B18 lies north-east of A9 B18 (direction 1): trenches facing it
    st.data["trenches"] = {"A9 B18": {"facing": 1, "edges": [0, 1, 2], "side": "russian"}}
    mods = modifiers.clash_modifiers(st, ["G-1-1-I"], ["R-1-25-III"], ["A10 B18"])
    # forest -1 and trenches -2: -3
    assert values(mods, "tannenberg 9.7.3") == [-1]
    assert values(mods, "tannenberg 12.1.9") == [-2]
    assert sum(m["value"] for m in mods) == -3


# --- 12.2 permanent fortifications ------------------------------------------------------


def test_12_2_1_fortifications_come_from_the_map(position) -> None:
    st = position({}, paused=True)
    forts = {f["hex"]: f for f in F.view(st)["fortifications"]}
    assert sorted(forts) == sorted([OST, NORDHEIM, SUED, KOWAL, LOETZAU])
    assert forts[KOWAL]["side"] == "russian" and forts[KOWAL]["state"] == "intact"
    assert F.fortified_edges(st, OST) == frozenset({1, 2, 3})


def test_12_2_2_no_effect_on_movement(position) -> None:
    st = position({"R-1-25-III": "A14 B14"}, phase="movement_1", paused=True)
    # into Feste Lötzau across a fortified edge, or across a plain edge: the same cost
    fortified = movement.step_cost(st, "R-1-25-III", "A14 B14", LOETZAU)
    U.place(st, "R-1-25-III", "A13 B16")
    assert movement.step_cost(st, "R-1-25-III", "A13 B16", LOETZAU) == fortified


def test_12_2_3_defence_only(position) -> None:
    st = position({"R-1-25-III": "A11 B21", "G-1-1-I": OST}, phase="clash", paused=True)
    encounter = modifiers.clash_modifiers(st, ["R-1-25-III"], ["G-1-1-I"], [], encounter=True)
    assert encounter == []
    strengths = modifiers.clash_strengths(st, ["R-1-25-III"], ["G-1-1-I"], encounter=True)
    # no doubling and no garrison when the defender did not lay down DEFENCE
    assert strengths["defender"]["total"] == 6


def test_12_2_4_fortified_edge_doubles_and_minus_two(position) -> None:
    st = position({"R-1-25-III": "A11 B21", "G-1-1-I": OST}, phase="clash", paused=True)
    mods = modifiers.clash_modifiers(st, ["R-1-25-III"], ["G-1-1-I"], ["A11 B21"])
    assert values(mods, "tannenberg 12.2.4") == [-2]
    strengths = modifiers.clash_strengths(st, ["R-1-25-III"], ["G-1-1-I"])
    # 6 doubled is 12, and the garrison's own 2 undoubled (12.3.7): 14
    assert strengths["defender"]["total"] == 14


def test_12_2_5_free_edge_minus_two_only(position) -> None:
    units = {"R-1-25-III": "A11 B23", "R-2-25-III": "A11 B21", "G-1-1-I": OST}
    st = position(units, phase="clash", paused=True)
    mods = modifiers.clash_modifiers(st, ["R-1-25-III"], ["G-1-1-I"], ["A11 B23"])
    assert values(mods, "tannenberg 12.2.5") == [-2]
    strengths = modifiers.clash_strengths(st, ["R-1-25-III"], ["G-1-1-I"])
    # not doubled: 6, and half the garrison's 2 (12.3.8): 7
    assert strengths["defender"]["total"] == 7
    # one attacker through a fortified edge and one through a free edge: a free attack
    both = modifiers.clash_strengths(st, ["R-1-25-III", "R-2-25-III"], ["G-1-1-I"])
    assert both["defender"]["total"] == 7


def test_12_2_6_terrain_and_fortification_add_up(position) -> None:
    st = position({"R-1-25-III": "A11 B23", "G-33L": NORDHEIM}, phase="clash", paused=True)
    mods = modifiers.clash_modifiers(st, ["R-1-25-III"], ["G-33L"], ["A11 B23"])
    # Nordheim is a town (-1) and a fortification attacked through a fortified edge (-2)
    assert values(mods, "tannenberg 9.7.3") == [-1]
    assert values(mods, "tannenberg 12.2.4") == [-2]


def test_12_2_7_two_levels_damaged_then_destroyed(position) -> None:
    st = position({"R-1-25-III": "A11 B21", "G-1-1-I": OST}, phase="clash", paused=True)
    F.lose_levels(st, OST, 1, "tannenberg 12.2.9")
    assert F.damaged(st, OST) and F.active(st, OST)
    mods = modifiers.clash_modifiers(st, ["R-1-25-III"], ["G-1-1-I"], ["A11 B21"])
    # damaged: the -2 remains, the doubling goes (our reading); the garrison's 2 is
    # halved to 1 (12.3.5): 6 + 1
    assert values(mods, "tannenberg 12.2.4") == [-2]
    assert modifiers.clash_strengths(st, ["R-1-25-III"], ["G-1-1-I"])["defender"]["total"] == 7
    F.lose_levels(st, OST, 1, "tannenberg 12.2.9")
    assert F.destroyed(st, OST)
    mods = modifiers.clash_modifiers(st, ["R-1-25-III"], ["G-1-1-I"], ["A11 B21"])
    assert mods == []
    assert F.view(st)["fortifications"][2]["state"] == "destroyed"


def test_12_2_8_an_enemy_unit_entering_destroys_it(position) -> None:
    st = position({}, paused=True)
    F.entered(st, LOETZAU, "german")  # its own side: nothing
    assert not F.destroyed(st, LOETZAU)
    F.entered(st, LOETZAU, "russian")
    assert F.destroyed(st, LOETZAU)
    assert F.captures(st) == {LOETZAU: "russian"}


def test_12_2_9_losses_are_half_the_defenders_rounded_down(position) -> None:
    st = position({}, paused=True)
    # a result of 1 point: 1 // 2 = 0 levels
    F.clash_losses(st, [OST], 1)
    assert F.levels_lost(st, OST) == 0
    # 3 points: 1 level, damaged; then 2 more points: another level, destroyed
    F.clash_losses(st, [OST], 3)
    assert F.damaged(st, OST)
    F.clash_losses(st, [OST], 2)
    assert F.destroyed(st, OST)
    # 6 points at once: 3 levels, so destroyed (two levels are all it has)
    F.clash_losses(st, [NORDHEIM, "A16 B21"], 6)
    assert F.destroyed(st, NORDHEIM)


# --- 12.3 garrisons ----------------------------------------------------------------------------


def test_12_3_1_garrison_strength_from_the_map(position) -> None:
    st = position({}, paused=True)
    assert F.garrison_strength(st, NORDHEIM) == 4
    assert F.garrison_strength(st, OST) == 2
    assert not F.garrisoned(st, LOETZAU)
    assert F.garrison_hexes(st, "russian") == [KOWAL]


def test_12_3_2_garrison_control_zone_toward_fortified_edges(position) -> None:
    st = position({}, paused=True)
    zone = F.garrison_zoc(st, "german")
    # Nordheim's forefield A11 B23 and A9 B23, Fort Ost's and Fort Süd's
    for h in ("A11 B23", "A9 B23", "A12 B22", "A12 B21", "A11 B21", "A10 B21", "A9 B22"):
        assert h in zone
    # not across a free edge, and Lötzau has no garrison
    assert "A10 B24" not in zone and "A15 B15" not in zone
    F.lose_levels(st, NORDHEIM, 2, "tannenberg 12.2.9")
    assert "A9 B23" not in F.garrison_zoc(st, "german")


def test_12_3_3_a_garrison_defends_like_a_unit(position) -> None:
    st = position({"G-1-1-I": "A21 B13"}, phase="clash", paused=True)
    # Kowal with no Russian unit in it: the garrison's 3 alone, doubled nothing
    strengths = modifiers.clash_strengths(st, ["G-1-1-I"], [], defender_hexes=[KOWAL])
    assert strengths["defender"]["total"] == 3
    mods = modifiers.clash_modifiers(st, ["G-1-1-I"], [], ["A21 B13"], defender_hexes=[KOWAL])
    assert values(mods, "tannenberg 12.2.4") == [-2]


def test_12_3_4_no_entry_until_destroyed(position) -> None:
    st = position({"G-1-1-I": "A21 B13"}, phase="movement_1", paused=True)
    assert F.blocks_entry(st, KOWAL, "german")
    assert not F.blocks_entry(st, KOWAL, "russian")
    # 12.3.5: pursuit after the defenders fled may enter
    assert not F.blocks_entry(st, KOWAL, "german", pursuit=True)
    assert movement.step_cost(st, "G-1-1-I", "A21 B13", KOWAL) is None
    F.lose_levels(st, KOWAL, 2, "tannenberg 12.2.9")
    assert not F.blocks_entry(st, KOWAL, "german")


def test_12_3_5_damaged_garrison_halved_rounding_up(position) -> None:
    st = position({}, paused=True)
    F.lose_levels(st, KOWAL, 1, "tannenberg 12.2.9")
    assert F.garrison_strength(st, KOWAL) == 2  # 3 / 2 = 1.5, rounded up
    F.lose_levels(st, NORDHEIM, 1, "tannenberg 12.2.9")
    assert F.garrison_strength(st, NORDHEIM) == 2


def test_12_3_6_terrain_and_garrison_add_up(position) -> None:
    st = position({"G-1-1-I": "A22 B13", "R-1-25-III": KOWAL}, phase="clash", paused=True)
    mods = modifiers.clash_modifiers(st, ["G-1-1-I"], ["R-1-25-III"], ["A22 B13"])
    assert sum(m["value"] for m in mods) == -3  # town -1, fortification -2


def test_12_3_7_doubled_units_and_undoubled_garrison(position) -> None:
    st = position({"G-1-1-I": "A22 B13", "R-1-25-III": KOWAL}, phase="clash", paused=True)
    strengths = modifiers.clash_strengths(st, ["G-1-1-I"], ["R-1-25-III"])
    # 6 doubled and the garrison's 3: 15
    assert strengths["defender"]["total"] == 15


def test_12_3_8_free_edge_half_the_garrison(position) -> None:
    st = position({"G-1-1-I": "A23 B12", "R-1-25-III": KOWAL}, phase="clash", paused=True)
    strengths = modifiers.clash_strengths(st, ["G-1-1-I"], ["R-1-25-III"])
    # 6 undoubled and 3 / 2 rounded up: 8
    assert strengths["defender"]["total"] == 8
    mods = modifiers.clash_modifiers(st, ["G-1-1-I"], ["R-1-25-III"], ["A23 B12"])
    assert values(mods, "tannenberg 12.2.5") == [-2]


# --- 12.4 wire ------------------------------------------------------------------------------------


def test_12_4_1_wire_lies_on_hexsides(position) -> None:
    st = position({}, paused=True)
    board = st.game.scenario.board
    assert "wire" in board.features(OST, "A12 B22")
    assert "wire" in board.features("A14 B19", "A15 B19")


def test_12_4_2_wire_is_never_destroyed(position) -> None:
    st = position({"R-1-25-III": "A12 B22", "G-1-1-I": OST}, phase="clash", paused=True)
    F.entered(st, OST, "russian")  # the fortification falls, the wire stays
    mods = modifiers.clash_modifiers(st, ["R-1-25-III"], ["G-1-1-I"], ["A12 B22"])
    assert values(mods, "tannenberg 12.4.4") == [-1]


def test_12_4_3_one_more_movement_point_across_wire(position) -> None:
    st = position({"G-1-1-I": "A15 B19"}, phase="movement_1", paused=True)
    across = movement.step_cost(st, "G-1-1-I", "A15 B19", "A14 B19")
    U.place(st, "G-1-1-I", "A14 B20")
    plain = movement.step_cost(st, "G-1-1-I", "A14 B20", "A14 B19")
    assert across - plain == movement.HALF * 1  # step costs are in half points


def test_12_4_4_minus_one_when_every_attacker_crosses_wire(position) -> None:
    units = {"R-1-25-III": "A12 B22", "R-2-25-III": "A12 B21", "R-1-27-III": "A11 B21"}
    st = position(units | {"G-1-1-I": OST}, phase="clash", paused=True)
    wired = modifiers.clash_modifiers(
        st, ["R-1-25-III", "R-2-25-III"], ["G-1-1-I"], ["A12 B22", "A12 B21"]
    )
    assert values(wired, "tannenberg 12.4.4") == [-1]
    assert values(wired, "tannenberg 12.2.4") == [-2]
    # A11 B21 has no wire: one attacker not across wire, no -1
    mixed = modifiers.clash_modifiers(
        st, ["R-1-25-III", "R-1-27-III"], ["G-1-1-I"], ["A12 B22", "A11 B21"]
    )
    assert values(mixed, "tannenberg 12.4.4") == []


def test_12_4_5_wire_serves_both_players(position) -> None:
    for attacker, defender in (("G-1-1-I", "R-1-25-III"), ("R-1-25-III", "G-1-1-I")):
        st = position({attacker: "A15 B19", defender: "A14 B19"}, phase="clash", paused=True)
        mods = modifiers.clash_modifiers(st, [attacker], [defender], ["A15 B19"])
        assert values(mods, "tannenberg 12.4.4") == [-1]


# --- at resolution: the clash played through with fixed dice ---------------------------------
#
# Each effect above is checked again where it changes a result (clash_kit.resolution: the
# logged strengths, ratio, modifiers and column, and the endurance lost), and the German
# card matrix's numbers for the cards played are those resolved.  Provisional COMBAT
# RESULTS: die 1 gives 1:3 "2/1", 1:2 "1/2", 1:1 "1/3", 2:1 "-/4", 3:1 "-/5".

#: three Russian brigades of three divisions (no concentration, 14.1): 18 points
RUSSIANS = ("R-1-25-III", "R-1-27-III", "R-1-28-XX")
#: four German brigades of four divisions of two corps (7.1.2): 24 points
GERMANS = ("G-1-1-I", "G-3-2-I", "G-70-35-XVII", "G-69-36-XVII")


def _trenched(facing: int) -> Callable[[State], None]:
    def prepare(st: State) -> None:
        edges = F.facing_edges(facing)
        st.data["trenches"] = {ARENA: {"facing": facing, "edges": edges, "side": "russian"}}

    return prepare


def test_12_1_9_trenches_shift_the_resolution_two_columns_left(position, fixed_dice) -> None:
    # the Russian's trenches face north (N, NE, NW); the German attacks from N: 1:1 -2 is
    # 1:3, where a die of 1 gives "2/1" (1:1 would give "1/3")
    fixed_dice(1)
    st = at_clash_with(position, {"G-1-1-I": N, "R-1-25-III": ARENA}, _trenched(0))
    shown = fight(st, ARENA, "attack", "defence")
    stand(st, "russian")
    got = resolution(st)
    assert got.numbers == shown
    assert (got.ratio, got.column) == ("1:1", "1:3")
    assert got.modifier("trenches in A16 B21") == -2
    assert lost(st, "G-1-1-I") == ("on_map", 0, 2)
    assert lost(st, "R-1-25-III") == ("on_map", 0, 1)


def test_12_1_8_one_attacker_through_a_free_edge_and_the_trenches_give_nothing(
    position, fixed_dice
) -> None:
    # the trenches face north; a second German attacks from SE, a free edge: 12 to 6 is
    # 2:1, unshifted, where a die of 1 gives "-/4"
    fixed_dice(1)
    units = {"G-1-1-I": N, "G-3-2-I": SE, "R-1-25-III": ARENA}
    st = at_clash_with(position, units, _trenched(0))
    shown = fight(st, ARENA, "attack", "defence")
    stand(st, "russian")
    got = resolution(st)
    assert got.numbers == shown
    assert (got.attack, got.ratio, got.modifiers, got.column) == (12, "2:1", (), "2:1")
    assert lost(st, "R-1-25-III") == ("on_map", 0, 4)


def test_12_1_7_trenches_give_nothing_in_an_encounter_battle(position, fixed_dice) -> None:
    # both attack: the German wins the encounter roll (6 + 4 + 1 against 1 + 3) and
    # attacks at 1:1 +2, 3:1; the trenches facing him count for nothing; a die of 1 gives
    # "-/5" (with the trenches' -2 it would be "1/3"); then the rolls after the battle
    fixed_dice(6, 1, 1, 6, 1)
    st = at_clash_with(position, {"G-1-1-I": N, "R-1-25-III": ARENA}, _trenched(0))
    form(st, ARENA)
    shown = previewed_encounter(st, "attack", "attack", "german")
    play_cards(st, "attack", "attack")
    got = resolution(st)
    assert got.numbers == shown
    assert (got.column, got.shifts) == ("3:1", [2])
    assert lost(st, "R-1-25-III") == ("on_map", 1, 1)  # 5 points: to its back, 1 there


def test_12_2_4_a_fortified_edge_doubles_the_defenders_and_shifts_two_left(
    position, fixed_dice
) -> None:
    # 18 Russians attack G-33L (3) in Fort Süd through its fortified edge from A10 B21:
    # 3 doubled and the garrison's 2 undoubled (12.3.7) make 8; 18 to 8 is 2:1, -2 is 1:2,
    # where a die of 1 gives "1/2" (18 to 3, 6:1, would give "-/8")
    fixed_dice(1)
    st = at_clash(position, {"G-33L": SUED, **dict.fromkeys(RUSSIANS, "A10 B21")})
    shown = fight(st, SUED, "defence", "attack")
    stand(st, "german")
    got = resolution(st)
    assert got.numbers == shown
    assert (got.attacker, got.attack, got.defence, got.ratio, got.column) == (
        "Russians",
        18,
        8,
        "2:1",
        "1:2",
    )
    assert got.modifiers == (("fortification Fort Süd (A10 B22)", -2),)
    assert [lost(st, u) for u in RUSSIANS] == [("on_map", 0, 1)] * 3
    assert lost(st, "G-33L") == ("on_map", 0, 2)
    # 12.2.9: the defenders held at 2 points: 2 // 2 = one level, the fort is damaged
    assert F.damaged(st, SUED) and not F.destroyed(st, SUED)


def test_12_2_5_a_free_edge_gives_only_the_minus_two_and_half_the_garrison(
    position, fixed_dice
) -> None:
    # four German brigades attack Kowal (a town, garrison 3) through its free edge from
    # A23 B12: the Russian brigade undoubled, 6, and half the garrison rounded up, 2
    # (12.3.8): 8; 24 to 8 is 3:1; town -1 and fortification -2: 1:2, where a die of 1
    # gives "1/2" (through a fortified edge the Russians would be 15)
    fixed_dice(1)
    st = at_clash(position, {"R-1-25-III": KOWAL, **dict.fromkeys(GERMANS, "A23 B12")})
    shown = fight(st, KOWAL, "attack", "defence")
    stand(st, "russian")
    got = resolution(st)
    assert got.numbers == shown
    assert (got.attack, got.defence, got.ratio, got.column) == (24, 8, "3:1", "1:2")
    assert sorted(got.shifts) == [-2, -1]
    assert got.modifier("fortification Twierdza Kowal") == -2
    assert [lost(st, u) for u in GERMANS] == [("on_map", 0, 1)] * 4
    assert lost(st, "R-1-25-III") == ("on_map", 0, 2)
    assert F.damaged(st, KOWAL)  # 12.2.9: 2 // 2 = one level


def test_12_2_7_a_damaged_fortification_no_longer_doubles(position, fixed_dice) -> None:
    # Fort Süd damaged before the clash: G-33L is not doubled, the garrison's 2 is halved
    # to 1 (12.3.5): 4; 18 to 4 is 4:1, the -2 remains: 2:1, where a die of 1 gives "-/4";
    # the 4 points held take the fort's last two levels (12.2.9): destroyed
    fixed_dice(1)
    st = at_clash_with(
        position,
        {"G-33L": SUED, **dict.fromkeys(RUSSIANS, "A10 B21")},
        lambda st: F.lose_levels(st, SUED, 1, "tannenberg 12.2.9"),
    )
    shown = fight(st, SUED, "defence", "attack")
    stand(st, "german")
    got = resolution(st)
    assert got.numbers == shown
    assert (got.defence, got.ratio, got.shifts, got.column) == (4, "4:1", [-2], "2:1")
    assert lost(st, "G-33L") == ("on_map", 0, 4)
    assert F.destroyed(st, SUED)


def test_12_3_3_a_garrison_alone_defends_and_loses_levels(position, fixed_dice) -> None:
    # Fort Süd's garrison alone (2) against the Russian brigade in its forefield: 6 to 2 is
    # 3:1, -2 for the fortified edge is 1:1, where a die of 1 gives "1/3"; the garrison
    # held 3 points: one level lost (12.3.5 by 12.2.9), its strength halved to 1
    fixed_dice(1)
    st = at_clash(position, {"R-1-25-III": "A10 B21"})
    shown = fight(st, SUED, "defence", "attack")
    got = resolution(st)
    assert got.numbers == shown
    assert (got.attack, got.defence, got.ratio, got.shifts, got.column) == (
        6,
        2,
        "3:1",
        [-2],
        "1:1",
    )
    assert lost(st, "R-1-25-III") == ("on_map", 0, 1)
    assert F.damaged(st, SUED) and F.garrison_strength(st, SUED) == 1


def test_12_2_9_defenders_fleeing_a_fortification_lose_it_to_the_pursuit(
    position, fixed_dice
) -> None:
    # as in 12.2.4's test, G-33L flees the 2 points instead: the fort loses no level in the
    # clash (12.2.9 counts only defenders who stay), then the Russians pursue into it and
    # it is destroyed (12.2.8), the garrison with it (12.3.5); 9.5.9's die is 1
    fixed_dice(1, 1)
    st = at_clash(position, {"G-33L": SUED, **dict.fromkeys(RUSSIANS, "A10 B21")})
    form(st, SUED)
    play_cards(st, "defence", "attack")
    st.apply("german", {"type": "flee", "hexes": 2})
    assert F.levels_lost(st, SUED) == 0
    while top_kind(st) == "withdrawal":
        st.apply("german", st.legal_actions("german")[0])
    assert lost(st, "G-33L") == ("on_map", 0, 0)
    assert top_kind(st) == "pursuit"
    st.apply("russian", {"type": "pursue", "unit": "R-1-25-III", "to": SUED})
    assert F.destroyed(st, SUED) and not F.garrisoned(st, SUED)


def test_12_4_4_wire_and_terrain_shift_the_resolution(position, fixed_dice) -> None:
    # the German attacks Seeburg (a town, -1) across its wire (-1): 1:1 to 1:3, where a die
    # of 1 gives "2/1" (1:1 would give "1/3")
    fixed_dice(1)
    st = at_clash(position, {"G-1-1-I": "A15 B19", "R-1-25-III": "A14 B19"})
    shown = fight(st, "A14 B19", "attack", "defence")
    stand(st, "russian")
    got = resolution(st)
    assert got.numbers == shown
    assert got.modifier("wire entanglements") == -1
    assert (got.column, sorted(got.shifts)) == ("1:3", [-1, -1])
    assert lost(st, "G-1-1-I") == ("on_map", 0, 2)
    assert lost(st, "R-1-25-III") == ("on_map", 0, 1)
