"""8.6 Retreat after combat, 6.15 overstacking at the end of a retreat, 8.7 advance after
combat.

Positions are on the FICTIONAL teaching map (see test_combat.py for the northern arena
around 1005: the Germans attack from 0904, 0905 and 1004, which control 1006 and 1104,
leaving 1105 as the only hex a Russian stack of TCR 3 may retreat into, and 1106, a
Russian rail hex held by the XIX Corps HQ, as the nearest Russian supply source).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from kit import (
    SPARE,
    alive,
    assert_in_radius,
    assert_in_supply,
    attack,
    choose,
    fight,
    logged,
    lost,
    north,
    passenger_position,
    resolve,
    stage,
    where,
)

from greatwar import IllegalAction, State
from greatwar.rules.gwite import command, retreat, supply, zoc
from greatwar.rules.gwite import units as U

Action = dict[str, Any]
Refuse = Callable[[State, str, Action], IllegalAction]

#: the standard northern attack: 4 + 4 + 8 = 16 against the 1st Guards' 5, 3-1 at TCR 1
GERMANS = {"G-35R": "0904", "G-36R": "0905", "G-I": "1004"}
ATTACKERS = ["G-35R", "G-36R", "G-I"]


def north_attack(position: Any, fixed_dice: Any, die: int, **units: Any) -> State:
    """The 1st Guards in 1005 attacked at 3-1: die 1 -/3, die 2 -/2, die 5 1/1."""
    st = fight(position, north(**{"R-1G": "1005", **GERMANS, **units}))
    assert_in_radius(st, "R-1G")
    fixed_dice(die)
    attack(st, "central", "1005", ATTACKERS)
    resolve(st, "central")
    return st


def retreat_paths(st: State) -> list[list[str]]:
    return [a["path"] for a in st.legal_actions(st.active_roles()[0]) if a["type"] == "retreat"]


def no_worsening(monkeypatch: pytest.MonkeyPatch) -> None:
    """10.43 is the command module's to decide; these tests want the table's result."""
    monkeypatch.setattr(command, "result_worsens", lambda st, uid, attacking: False)


# --- 8.61 who retreats, and where never -----------------------------------------------------


def test_8_61_only_defenders_retreat(position: Any, fixed_dice: Any) -> None:
    st = north_attack(position, fixed_dice, 5)  # 1/1
    assert st.active_roles() == ["allied"]
    choose(st, "allied", "option", index=1)  # retreat one hex
    assert where(st, "R-1G") == "1105"
    # the Attacker's 1 costs steps (half of 2: 1), never a retreat
    assert stage(st) == "att_losses"
    assert all(a["type"] == "lose" for a in st.legal_actions("central"))


def test_8_61_never_into_enemy_units_or_prohibited_terrain(position: Any, fixed_dice: Any) -> None:
    # G-35R (TCR 1: Enemy zones of control would not stop it) in 1207: Russians in 1106,
    # 1107, 1206, 1306 and 1307; the sixth neighbour, 1208, is a lake
    russians = {"R-1G": "1106", "R-3S": "1107", "R-62R": "1206", "R-65R": "1306", "R-V": "1307"}
    st = fight(position, {"G-35R": "1207", **russians, **SPARE}, phasing="allied")
    fixed_dice(1)
    attack(st, "allied", "1207", ["R-62R", "R-65R"])  # 6 to 5: 1-1 (TCR 3), die 1: -/1
    resolve(st, "allied")
    choose(st, "central", "option", index=1)  # retreat one hex: there is none
    assert not alive(st, "G-35R")
    assert any("no retreat" in t for t in logged(st, "8.61"))


# --- 8.62 the stack retreats together, its owner chooses ---------------------------------


def test_8_62_a_stack_retreats_together_along_the_path_its_owner_chooses(
    position: Any, fixed_dice: Any
) -> None:
    # G-35R and G-XVII attack from 0904, which controls 0905 and 1004.  Of the open hexes,
    # 1006 and 1105 are each one hex from a Russian rail hex (1007, 1106): a tie
    units = {"R-1G": "1005", "R-3S": "1005", "G-35R": "0904", "G-XVII": "0904"}
    st = fight(position, north(**units))
    fixed_dice(3)
    attack(st, "central", "1005", ["G-35R", "G-XVII"])  # 12 to 9: 1-1, die 3: 1/1
    resolve(st, "central")
    choose(st, "allied", "option", index=1)  # retreat one hex
    assert retreat_paths(st) == [["1006"], ["1105"]]
    choose(st, "allied", "retreat", path=["1006"])
    assert where(st, "R-1G") == where(st, "R-3S") == "1006"


def test_8_62_the_owner_chooses_among_equal_paths(position: Any, fixed_dice: Any) -> None:
    units = {"R-1G": "1005", "R-3S": "1005", "G-I": "0904", "G-XVII": "0904"}
    st = fight(position, north(**units))
    fixed_dice(2)
    attack(st, "central", "1005", ["G-I", "G-XVII"])  # 16 to 9: 1-1, die 2: 1/2
    resolve(st, "central")
    choose(st, "allied", "option", index=2)  # retreat two hexes
    paths = retreat_paths(st)
    assert len(paths) > 1, "the owner has a choice"
    choose(st, "allied", "retreat", path=paths[-1])
    end = paths[-1][-1]
    assert where(st, "R-1G") == where(st, "R-3S") == end


# --- 8.63 retreat priorities ------------------------------------------------------------------


def test_8_63_priority_1_toward_the_nearest_supply_source(position: Any, fixed_dice: Any) -> None:
    # G-I alone in 0904 controls 0905 and 1004: of the open hexes, 1104 is two hexes from
    # a Russian supply source, 1006 and 1105 one (1007, 1106)
    st = fight(position, north(**{"R-1G": "1005", "G-I": "0904"}))
    assert supply.source_distance(st, "allied", "1104") == 2
    fixed_dice(3)
    attack(st, "central", "1005", ["G-I"])  # 8 to 5: 1-1, die 3: 1/1
    resolve(st, "central")
    choose(st, "allied", "option", index=1)
    assert sorted(p[-1] for p in retreat_paths(st)) == ["1006", "1105"]


def test_8_63_priority_2_tcr_1_units_avoid_enemy_control(position: Any, fixed_dice: Any) -> None:
    # G-35R (TCR 1) in 1005, attacked from 1006 and 1105.  Two hexes back, 0905-0806 and
    # 0905-0906 both end one hex from a German supply source, but 0906 lies in the Russian
    # zone of control (of 1006) and 0806 does not: only 0905-0806 is offered.  0904-0805
    # enters no Enemy-controlled hex at all but ends two hexes from a source: priority 1
    # comes first.
    russians = {"R-XIX": "1006", "R-1G": "1006", "R-3S": "1105"}
    st = fight(position, {"G-35R": "1005", **russians, **SPARE}, phasing="allied")
    assert_in_supply(st, "G-35R", *russians)
    fixed_dice(1)
    attack(st, "allied", "1005", list(russians))  # 13 to 5: 2-1 (TCR 3), die 1: -/2
    resolve(st, "allied")
    choose(st, "central", "option", index=2)  # retreat two hexes
    assert where(st, "G-35R") == "0806"


def test_8_63_no_elimination_for_not_keeping_the_priorities(position: Any, fixed_dice: Any) -> None:
    # G-35R in 1206, deep in Russia: Russians hold 1105, 1106, 1205 and 1207.  Both open
    # hexes lead away from every German supply source, and both are Russian-controlled:
    # the unit still retreats (TCR 1, 8.64), to the nearer of them
    russians = {"R-1G": "1207", "R-3S": "1105", "R-62R": "1106", "R-65R": "1205"}
    st = fight(position, {"G-35R": "1206", **russians, **SPARE}, phasing="allied")
    fixed_dice(1)
    attack(st, "allied", "1206", ["R-1G"])  # 4 to 5: 1-2 (TCR 3), die 1: 1/1
    resolve(st, "allied")
    choose(st, "central", "option", index=1)
    assert alive(st, "G-35R") and where(st, "G-35R") == "1305"


def test_8_63_retreating_units_never_end_overstacked(position: Any) -> None:
    # 1105 holds 8 stacking points: a one-hex retreat from 1005 has nowhere else to go
    units = {"R-XIX": "1005", "R-V": "1105", "R-XXV": "1105", **GERMANS}
    st = fight(position, north(**units))
    assert retreat.legal_paths(st, "1005", ["R-XIX"], 1) == []
    paths, over = retreat.retreat_options(st, "1005", ["R-XIX"], 1)
    assert (paths, over) == ([["1105"]], True)


# --- 8.64 Enemy zones of control ---------------------------------------------------------------


def test_8_64_tcr_2_to_4_units_are_eliminated_rather_than_enter_enemy_control(
    position: Any, fixed_dice: Any
) -> None:
    # the TCR-2 test division in 1206: its open hexes 1305 and 1306 are Russian-controlled
    russians = {"R-1G": "1207", "R-3S": "1105", "R-62R": "1106", "R-65R": "1205"}
    st = fight(
        position, {"X-G2": "1206", **russians, **SPARE}, phasing="allied", test_counters=True
    )
    fixed_dice(1)
    attack(st, "allied", "1206", ["R-1G"])  # 4 to 5: 1-2, die 1: 1/1
    resolve(st, "allied")
    choose(st, "central", "option", index=1)
    assert not alive(st, "X-G2")
    assert logged(st, "8.64")


def test_8_64_tcr_1_units_retreat_through_enemy_control_when_forced(
    position: Any, fixed_dice: Any
) -> None:
    russians = {"R-1G": "1207", "R-3S": "1105", "R-62R": "1106", "R-65R": "1205"}
    st = fight(position, {"G-35R": "1206", **russians, **SPARE}, phasing="allied")
    assert {"1305", "1306"} <= zoc.enemy_controlled(st, "central")
    fixed_dice(1)
    attack(st, "allied", "1206", ["R-1G"])
    resolve(st, "allied")
    choose(st, "central", "option", index=1)
    assert where(st, "G-35R") == "1305"


def test_8_64_a_friendly_unit_negates_enemy_control(position: Any, fixed_dice: Any) -> None:
    # as above, but a German unit stands in 1305: the TCR-2 division may join it (7.24)
    russians = {"R-1G": "1207", "R-3S": "1105", "R-62R": "1106", "R-65R": "1205"}
    units = {"X-G2": "1206", "G-35R": "1305", **russians, **SPARE}
    st = fight(position, units, phasing="allied", test_counters=True)
    fixed_dice(1)
    attack(st, "allied", "1206", ["R-1G"])
    resolve(st, "allied")
    choose(st, "central", "option", index=1)
    assert where(st, "X-G2") == "1305"
    assert U.has_marker(st, "X-G2", "retreated")  # 8.66: it joined a Friendly stack


def test_8_64_a_friendly_fortress_negates_enemy_control(
    position: Any, fixed_dice: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # R-1G in 1311, next to the empty Zalesie fortress (1312).  Germans in 1212, 1310 and
    # 1411 control every other open hex, and 1312 too; the fortress negates that (7.24).
    no_worsening(monkeypatch)
    germans = {"G-35R": "1212", "G-36R": "1310", "G-I": "1411", "G-D1": "1010"}
    st = fight(position, {"R-1G": "1311", **germans, **SPARE})
    assert "1312" in zoc.enemy_controlled(st, "allied")
    fixed_dice(5)
    attack(st, "central", "1311", ["G-35R", "G-36R", "G-I"])  # 16 to 5: 3-1, die 5: 1/1
    resolve(st, "central")
    choose(st, "allied", "option", index=1)
    assert where(st, "R-1G") == "1312"


# --- 8.65 retreating through Friendly units ---------------------------------------------------


def test_8_65_retreat_through_friendly_units_without_moving_them(
    position: Any, fixed_dice: Any
) -> None:
    st = north_attack(position, fixed_dice, 2, **{"R-3S": "1105"})  # -/2
    choose(st, "allied", "option", index=2)  # retreat two hexes, through 1105
    assert where(st, "R-1G") == "1106"
    assert where(st, "R-3S") == "1105"


def test_6_15_units_may_overstack_while_retreating(position: Any, fixed_dice: Any) -> None:
    # 1105 is full (8 stacking points): the Guards pass through it to 1106
    st = north_attack(position, fixed_dice, 2, **{"R-V": "1105", "R-XXV": "1105"})
    choose(st, "allied", "option", index=2)
    assert where(st, "R-1G") == "1106" and alive(st, "R-1G")


def test_6_15_a_unit_forced_to_overstack_at_the_end_of_its_retreat_is_eliminated(
    position: Any, fixed_dice: Any
) -> None:
    # the XIX Corps and a regiment (5 points) must retreat one hex, into 1105 where the
    # V Corps stands (4): 9 points.  One of them is eliminated, its owner choosing.
    units = {"R-XIX": "1005", "R-RR1": "1005", "R-V": "1105", "G-XVII": "0905", "G-35R": "1004"}
    st = fight(position, north(**units))
    fixed_dice(2)
    attack(st, "central", "1005", ["G-XVII"])  # 8 to 10: 1-2, die 2: 1/1
    resolve(st, "central")
    # 5 defending steps against 4: the Defender chooses 4 affected steps: the corps
    choose(st, "allied", "affect", unit="R-XIX")
    choose(st, "allied", "option", index=1)  # retreat: the whole stack goes (8.9)
    assert where(st, "R-XIX") == where(st, "R-RR1") == "1105"
    assert stage(st) == "retreat"
    assert {a["unit"] for a in st.legal_actions("allied")} == {"R-XIX", "R-RR1"}
    choose(st, "allied", "eliminate", unit="R-RR1")
    assert not alive(st, "R-RR1") and alive(st, "R-XIX") and alive(st, "R-V")
    assert logged(st, "6.15")


# --- 8.66 units that retreated into a stack ----------------------------------------------------


def test_8_66_a_retreated_unit_adds_no_strength_and_no_steps(
    position: Any, fixed_dice: Any
) -> None:
    st = passenger_position(position, fixed_dice, 3)
    odds = attack(st, "central", "1105", ["G-I"])
    assert [d["unit"] for d in odds["defenders"]] == ["R-1G"]
    assert (odds["attack"], odds["defense"], odds["odds"]) == (8, 5, "1-1")
    resolve(st, "central")  # die 3: 1/1
    assert st.top()["def_size"] == 2  # the Guards' two steps only


def test_8_66_a_retreated_unit_loses_half_when_its_stack_does(
    position: Any, fixed_dice: Any
) -> None:
    st = passenger_position(position, fixed_dice, 3)
    attack(st, "central", "1105", ["G-I"])
    resolve(st, "central")
    choose(st, "allied", "option", index=0)  # half of 2 affected steps: the Guards lose 1
    assert lost(st, "R-1G") == 1
    assert lost(st, "R-3S") == 1  # half of its 2 steps (rounded up)


def test_8_66_a_retreated_unit_is_eliminated_when_its_stack_retreats(
    position: Any, fixed_dice: Any
) -> None:
    st = passenger_position(position, fixed_dice, 3)
    attack(st, "central", "1105", ["G-I"])
    resolve(st, "central")
    choose(st, "allied", "option", index=1)
    if stage(st) == "retreat":
        st.apply("allied", st.legal_actions("allied")[0])
    assert alive(st, "R-1G") and where(st, "R-1G") != "1105"
    assert not alive(st, "R-3S")
    assert logged(st, "8.66")


# --- 8.7 advance after combat ---------------------------------------------------------------------


def test_8_71_victorious_attackers_may_advance_within_the_stacking_limit(
    position: Any, fixed_dice: Any
) -> None:
    # G-1K, stacked with G-35R in 0904, is adjacent to 1005 but takes no part
    st = north_attack(position, fixed_dice, 2, **{"G-1K": "0904"})
    choose(st, "allied", "option", index=2)  # -/2: retreat two hexes, 1005 is vacated
    assert stage(st) == "advance"
    movers = {a["unit"] for a in st.legal_actions("central") if a["type"] == "advance"}
    assert movers == set(ATTACKERS)
    choose(st, "central", "advance", unit="G-I")  # 4 points
    choose(st, "central", "advance", unit="G-35R")  # 6
    choose(st, "central", "advance", unit="G-36R")  # 8: the limit
    assert {where(st, u) for u in ATTACKERS} == {"1005"}
    assert logged(st, "8.71")


def test_8_71_no_advance_beyond_the_stacking_limit(position: Any, fixed_dice: Any) -> None:
    st = fight(
        position,
        north(**{"R-1G": "1005", **GERMANS}),
        stacking_limit=6,
    )
    fixed_dice(2)
    attack(st, "central", "1005", ATTACKERS)
    resolve(st, "central")
    choose(st, "allied", "option", index=2)
    choose(st, "central", "advance", unit="G-I")  # 4 of 6
    choose(st, "central", "advance", unit="G-35R")  # 6 of 6: no one else fits
    assert stage(st) is None and where(st, "G-36R") == "0905"


def test_8_72_advancing_units_ignore_enemy_zones_of_control(position: Any, fixed_dice: Any) -> None:
    # R-62R in 1005 is eliminated (E); R-3S in 1006, not attacked, controls 1005
    st = fight(position, north(**{"R-62R": "1005", "R-3S": "1006", **GERMANS}))
    assert "1005" in zoc.enemy_controlled(st, "central")
    fixed_dice(1)
    attack(st, "central", "1005", ATTACKERS)  # 16 to 4: 4-1, die 1: -/E
    resolve(st, "central")
    choose(st, "central", "advance", unit="G-I")
    assert where(st, "G-I") == "1005"


def test_8_73_the_advance_comes_at_once_and_may_be_declined(position: Any, fixed_dice: Any) -> None:
    st = north_attack(position, fixed_dice, 2, **{"R-3S": "1006"})
    choose(st, "allied", "option", index=2)
    choose(st, "allied", "retreat", path=["1105", "1106"])
    assert stage(st) == "advance"
    # no other attack may be declared before the advance is settled
    assert not any(a["type"] == "declare" for a in st.legal_actions("central"))
    choose(st, "central", "end_advance")
    assert st.top()["kind"] == "combat_resolution"
    assert where(st, "G-I") == "1004"


def test_8_73_advanced_units_may_not_attack_again_but_cut_off_retreats(
    position: Any, fixed_dice: Any, refuse: Refuse
) -> None:
    # G-1K in 0906 takes no part in the first attack, and is adjacent to R-3S in 1006
    st = north_attack(position, fixed_dice, 2, **{"R-3S": "1006", "G-1K": "0906"})
    before = retreat.legal_paths(st, "1006", ["R-3S"], 1)
    choose(st, "allied", "option", index=2)
    choose(st, "allied", "retreat", path=["1105", "1106"])
    assert ["1105"] in before
    choose(st, "central", "advance", unit="G-I")
    # G-I in 1005 now controls 1105: R-3S (TCR 3) may no longer retreat there
    assert ["1105"] not in retreat.legal_paths(st, "1006", ["R-3S"], 1)
    choose(st, "central", "end_advance")
    st.apply("central", {"type": "declare", "target": "1006"})
    assert refuse(st, "central", {"type": "add_attacker", "unit": "G-I"}).case == "8.14"


def test_8_74_victorious_defenders_never_advance(position: Any, fixed_dice: Any) -> None:
    st = fight(position, north(**{"R-3S": "1005", "G-LW7": "0904"}))
    fixed_dice(4)
    attack(st, "central", "1005", ["G-LW7"])  # 1 to 4: 1-4, die 4: 2/- (provisional)
    resolve(st, "central")
    assert not alive(st, "G-LW7")  # 0904 is vacated, but no one advances into it
    assert st.top()["kind"] == "combat_resolution"
    assert st.legal_actions("allied") == []
    assert where(st, "R-3S") == "1005"


# --- 8.75 Ils ne passeront pas ------------------------------------------------------------------


@pytest.mark.parametrize("die", [2, 1])  # -/2 and -/3
def test_8_75_no_advance_after_a_last_stand_in_supply(
    position: Any, fixed_dice: Any, die: int
) -> None:
    st = north_attack(position, fixed_dice, die)
    assert_in_supply(st, "R-1G")
    choose(st, "allied", "option", index=0)  # all eliminated, holding their ground
    assert not alive(st, "R-1G")
    assert stage(st) is None and st.top()["kind"] == "combat_resolution"
    assert any("Ils ne passeront pas" in t for t in logged(st, "8.75"))


def test_8_75_out_of_supply_defenders_do_not_stop_the_advance(
    position: Any, fixed_dice: Any
) -> None:
    # G-35R in 1206, deep in Russia, is out of supply.  10 to 5 at TCR 3: 2-1, die 1: -/2
    russians = {"R-1G": "1207", "R-XIX": "1305", "R-3S": "1105", "R-62R": "1106"}
    st = fight(position, {"G-35R": "1206", **russians, **SPARE}, phasing="allied")
    assert not supply.in_supply(st, "G-35R")
    assert_in_supply(st, "R-1G", "R-XIX")
    fixed_dice(1)
    odds = attack(st, "allied", "1206", ["R-1G", "R-XIX"])
    assert odds["column"] == "2-1"
    resolve(st, "allied")
    choose(st, "central", "option", index=0)
    assert not alive(st, "G-35R")
    assert stage(st) == "advance"
    assert not any("Ils ne passeront pas" in t for t in logged(st, "8.75"))


def test_8_75_an_e_result_allows_the_advance(position: Any, fixed_dice: Any) -> None:
    st = fight(position, north(**{"R-62R": "1005", **GERMANS}))
    fixed_dice(1)
    attack(st, "central", "1005", ATTACKERS)  # 16 to 4: 4-1, die 1: -/E
    resolve(st, "central")
    assert stage(st) == "advance"
