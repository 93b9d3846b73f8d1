"""9.0 Supply and 11.2 Fortress Supply (with the supply parts of 7.24 and 10.35).

Positions on the FICTIONAL teaching map (odd-q: an even column's hex
touches (c, r±1), (c±1, r-1) and (c±1, r); an odd column's touches
(c, r±1), (c±1, r) and (c±1, r+1)).  Supply Ranges (scenario parameters):
Russian 3, Austro-Hungarian 3, German 5 hexes.  Russian units are TCR 3,
German TCR 1, Austro-Hungarian TCR 4.

The east corner used throughout: the Imperial Line leaves the map at 2006,
a Russian rail hex and Friendly map edge (9.13).  From 2003 the only line
of three hexes is 2004, 2005, 2006 (2003 touches 2002, 2004, 1902, 1903;
2006 touches 2005, 2007, 1905, 1906, and 1905 and 1906 are three hexes
from 2003); every other Russian rail hex is four or more hexes away.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from kit import (
    SPARE,
    assert_in_radius,
    assert_resolved_as_shown,
    attack,
    fight,
    lost,
    resolve_with,
    where,
)

from greatwar import IllegalAction, State
from greatwar.engine import dice
from greatwar.model.loader import DATA_ROOT
from greatwar.rules import validate_file
from greatwar.rules.gwite import movement, supply, zoc
from greatwar.rules.gwite import units as U

Action = dict[str, Any]
Refuse = Callable[[State, str, Action], IllegalAction]

MAP = DATA_ROOT / "gwite" / "maps" / "teaching.toml"
COUNTERS = DATA_ROOT / "gwite" / "counters" / "teaching.toml"
OUT = supply.OUT_OF_SUPPLY

# FICTIONAL counter for these tests only: a Russian division rated TCR 1.
TCR1_COUNTER = """
[[counter]]
id = "X-RT1"
name = "Test Russian division rated TCR 1"
side = "allied"
nationality = "russia"
type = "infantry"
size = "division"
tcr = 1
movement = 4
steps = [[3, 4], [1, 2]]
setup = "2001"
"""

# 11.22: the Südbahn on both sides of Festung Tarnovice (0611) was last occupied
# by the Allies, so 0611 is joined to no map edge (9.15) and every Central
# Powers source left (0313, 0507, 0607, 0707) is four hexes or more from 0611:
# an Austro-Hungarian unit there (range 3) has no line of supply.
SUDBAHN_CUT = {h: "allied" for h in ("0708", "0709", "0610", "0511", "0412", "0413")}
TARNOVICE = "0611"


def seed_rolling(*values: int) -> int:
    """A game seed whose first die rolls are ``values`` (a roll is a pure function of the
    seed and its number)."""
    for seed in range(1, 100_000):
        if all(dice.nth_roll(seed, n) == v for n, v in enumerate(values)):
            return seed
    raise AssertionError(f"no seed rolls {values}")


def supplied(st: State, *uids: str) -> list[bool]:
    return [supply.in_supply(st, uid) for uid in uids]


def logged(st: State, case: str) -> list[str]:
    return [e["text"] for e in st.data["log"] if e.get("case") == case]


def attrition_rolls(st: State, case: str = "9.22") -> list[str]:
    """Texts of the die rolls made for attrition under ``case``."""
    return [
        e["text"]
        for e in st.data["log"]
        if e.get("case") == case and "roll" in e and "attrition" in e["text"]
    ]


def edited_map(tmp_path: Path, *, append: str = "", lake: str | None = None, drop_sources=False):  # type: ignore[no-untyped-def]
    """A copy of the teaching map with extra TOML, a hex turned to lake, or without its
    ``supply_source`` entries."""
    text = MAP.read_text(encoding="utf-8")
    if drop_sources:
        text = re.sub(r"\[\[supply_source\]\]\n(?:\w+ = .*\n)+", "", text)
        assert "[[supply_source]]" not in text
    if lake is not None:
        col, row = int(lake[:2]), lake[2:]
        start = text.index(f"\n{row} ", text.index("[terrain]")) + 4
        at = start + col - 1
        text = text[:at] + "~" + text[at + 1 :]
    path = tmp_path / "edited-map.toml"
    path.write_text(text + append, encoding="utf-8")
    return path


@pytest.fixture
def tcr1(tmp_path: Path) -> tuple[Path, ...]:
    path = tmp_path / "supply-counters.toml"
    path.write_text(TCR1_COUNTER, encoding="utf-8")
    return (COUNTERS, path)


# --- 9.1 supply determination ---------------------------------------------------------


def test_9_1_teaching_scenario_starts_in_supply() -> None:
    import greatwar

    st = greatwar.load("gwite/teaching").new_state(1)
    # Every Allied unit is in supply at the start.  Two Austro-Hungarian units are
    # not: AH-12 (1013) is four hexes from the nearest Central Powers source
    # (Tarnovice, 0611) and AH-GB1 (0914) five, beyond their range of 3 (a fact of
    # the teaching data, reported rather than changed).
    assert set(supply.out_of_supply_units(st)) <= {"AH-12", "AH-GB1"}


def test_9_1_view_lists_the_units_out_of_supply(position: Any) -> None:
    # R-1G in 2002 is four hexes from 2006; R-3S in 2003 three
    st = position({"R-1G": "2002", "R-3S": "2003"})
    assert st.view("allied")["out_of_supply"] == ["R-1G"]
    assert st.view("central")["out_of_supply"] == ["R-1G"]


def test_9_11_initial_supply_segment_marks_units_out_of_supply(position: Any) -> None:
    # German units deep in Russia, far from any Central Powers source; G-36R on
    # the Lindenau rail hex (0707) is in supply.
    st = position(
        {"G-35R": "2002", "G-A1": "2001", "X-LS1": "2004", "G-36R": "0707"},
        phasing="central",
        segment="initial_supply",
        test_counters=True,
    )
    assert [U.has_marker(st, u, OUT) for u in ("G-35R", "G-A1", "X-LS1", "G-36R")] == [
        True,
        True,
        True,
        False,
    ]
    (line,) = logged(st, "9.11")
    for uid in ("G-35R", "G-A1", "X-LS1"):
        assert U.info(st, uid).name in line
    assert U.info(st, "G-36R").name not in line


def test_9_11_initial_supply_segment_logs_when_all_are_in_supply(position: Any) -> None:
    st = position({"R-1G": "2003"}, segment="initial_supply")
    (line,) = logged(st, "9.11")
    assert "every Allies unit is in supply" in line
    assert not U.has_marker(st, "R-1G", OUT)


def test_9_11_a_marker_of_an_earlier_phase_goes_when_in_supply(position: Any) -> None:
    st = position({"R-1G": {"hex": "2003", "markers": [OUT]}}, segment="initial_supply")
    assert not U.has_marker(st, "R-1G", OUT)
    assert movement.allowance(st, "R-1G") == 4


def test_9_11_attrition_uses_supply_determined_in_the_attrition_segment(position: Any) -> None:
    # R-1G was marked in the Initial Supply Segment but is in supply now (2003);
    # R-3S was not marked but is out of supply now (2002): only R-3S rolls.
    st = position(
        {"R-1G": {"hex": "2003", "markers": [OUT]}, "R-3S": "2002"},
        segment="attrition",
        seed=seed_rolling(6),
    )
    (roll,) = attrition_rolls(st)
    assert U.info(st, "R-3S").name in roll
    assert not U.has_marker(st, "R-1G", OUT)


def test_9_11_combat_uses_supply_at_the_instant_of_combat(position: Any) -> None:
    # the marker says what the Initial Supply Segment found; attacks look at now
    st = position({"R-1G": {"hex": "2003", "markers": [OUT]}, "R-3S": "2002"})
    assert not supply.attack_halved(st, "R-1G")
    assert supply.attack_halved(st, "R-3S")


# --- 9.12, 9.13 lines and sources ------------------------------------------------------


def test_9_12_a_line_may_not_exceed_the_supply_range(position: Any) -> None:
    # 2003: 2004, 2005, 2006 = 3 hexes (range 3); 2002: four to 2006, five to 1906
    st = position({"R-1G": "2003", "R-3S": "2002"})
    assert supplied(st, "R-1G", "R-3S") == [True, False]


def test_9_12_the_supply_range_is_the_nationality_s(position: Any) -> None:
    # 1013 is four hexes from Tarnovice (0611: 1013-0912-0812-0711-0611), the
    # nearest Central Powers source: in range for a German (5), not for an
    # Austro-Hungarian unit (3).
    st = position({"G-35R": "1013", "AH-12": "1013"}, phasing="central")
    assert supplied(st, "G-35R", "AH-12") == [True, False]


def test_9_13_the_unit_s_own_hex_is_not_counted(position: Any) -> None:
    # on the source itself the line is empty; next to it, one hex
    st = position({"R-1G": "2006", "R-3S": "2005", "R-62R": "2003"})
    assert supplied(st, "R-1G", "R-3S", "R-62R") == [True, True, True]
    assert supply.source_distance(st, "allied", "2003") == 3


def test_9_13_only_friendly_railroads_supply(position: Any) -> None:
    # 0404 touches the German rail hexes 0304 and 0405: a source for a German
    # unit, none for a Russian one (the nearest Russian rail hex, 1007, is six away)
    st = position({"R-1G": "0404"})
    assert supplied(st, "R-1G") == [False]
    st = position({"G-35R": "0404"}, phasing="central")
    assert supplied(st, "G-35R") == [True]


def test_9_13_where_a_friendly_rail_line_exits_the_map_is_a_source(
    position: Any, tmp_path: Path
) -> None:
    # without the map's supply_source entries, 2006 (where the Imperial Line
    # leaves the map in Russia) is still a Friendly map edge
    st = position({"R-1G": "2003"}, map_path=edited_map(tmp_path, drop_sources=True))
    assert supplied(st, "R-1G") == [True]
    assert "2006" in supply.sources(st, "allied")
    assert "0106" in supply.sources(st, "central")


def test_9_13_a_map_supply_source_of_a_friendly_country(position: Any, tmp_path: Path) -> None:
    russian = '\n[[supply_source]]\nhex = "2001"\ncountry = "russia"\nkind = "map_edge"\n'
    st = position({"R-1G": "2002"}, map_path=edited_map(tmp_path, append=russian))
    assert supplied(st, "R-1G") == [True]  # one hex to 2001
    german = russian.replace("russia", "germany")
    st = position({"R-1G": "2002"}, map_path=edited_map(tmp_path, append=german))
    assert supplied(st, "R-1G") == [False]  # a German source is no Russian one


def test_9_13_a_supply_depot_in_supply_is_a_source(position: Any) -> None:
    # R-D1 (0806) is two hexes from the Russian rail hex 1007 (0906, 1007);
    # R-62R in 0605 is two from R-D1 (0705, 0806) and four from 1007
    assert supplied(position({"R-62R": "0605"}), "R-62R") == [False]
    st = position({"R-D1": "0806", "R-62R": "0605"})
    assert supplied(st, "R-D1", "R-62R") == [True, True]


# --- 9.14 what a line may cross -------------------------------------------------------


def test_9_14_no_line_through_an_enemy_occupied_hex(position: Any) -> None:
    # a German supply depot in 2005 exerts no zone of control (7.26) but
    # occupies the hex: the only three-hex line from 2003 is cut
    st = position({"R-1G": "2003", "G-D1": "2005"})
    assert supplied(st, "R-1G") == [False]


def test_9_14_no_line_through_an_enemy_controlled_hex(position: Any) -> None:
    # G-35R in 1904 controls 1903, 1905, 1804, 2004, 1805 and 2005
    st = position({"R-1G": "2003", "G-35R": "1904"})
    assert supplied(st, "R-1G") == [False]


def test_9_14_tcr1_traces_through_two_enemy_controlled_hexes(
    position: Any, tcr1: tuple[Path, ...]
) -> None:
    # the line 2004 (controlled), 2005 (controlled), 2006 (free) crosses two
    st = position({"X-RT1": "2003", "G-35R": "1904"}, counters=tcr1)
    assert supplied(st, "X-RT1") == [True]


def test_9_14_tcr1_not_through_three_enemy_controlled_hexes(
    position: Any, tcr1: tuple[Path, ...]
) -> None:
    # G-36R in 2007 also controls 2006: the line crosses three (and 2006 is no
    # longer a rail source, 9.15: it is a map edge the line would enter controlled)
    st = position({"X-RT1": "2003", "G-35R": "1904", "G-36R": "2007"}, counters=tcr1)
    assert supplied(st, "X-RT1") == [False]


def test_9_14_prohibited_hexsides_block_lines(position: Any, tmp_path: Path) -> None:
    wall = '\n[[hexside]]\ntype = "prohibited"\nsides = ["2004/2005"]\n'
    st = position({"R-1G": "2003"}, map_path=edited_map(tmp_path, append=wall))
    assert supplied(st, "R-1G") == [False]


def test_9_14_prohibited_terrain_blocks_lines(position: Any, tmp_path: Path) -> None:
    st = position({"R-1G": "2003"}, map_path=edited_map(tmp_path, lake="2005"))
    assert supplied(st, "R-1G") == [False]


# --- 9.15 friendly rail hexes ---------------------------------------------------------

# The Wolnowo line (1507-1506-1406-1405-1404-1303-1302) joins 1302 and 1303 to
# the other lines only through 1404.  From 1301 the Russian rail hexes within
# three hexes are 1302 (1), 1303 (2) and 1404 (3); 1405 is four away.


def test_9_15_rail_path_cut_by_an_enemy_zone_of_control(position: Any) -> None:
    assert supplied(position({"R-1G": "1301"}), "R-1G") == [True]
    # G-35R in 1504 controls 1404 and 1405 (and 1503, 1505, 1604, 1605)
    st = position({"R-1G": "1301", "G-35R": "1504"})
    assert supplied(st, "R-1G") == [False]
    assert not {"1302", "1303", "1404"} & supply.sources(st, "allied")


def test_9_15_rail_path_cut_by_an_enemy_unit(position: Any) -> None:
    # a German depot (no zone of control) on 1404 cuts the line there
    st = position({"R-1G": "1301", "G-D1": "1404"})
    assert supplied(st, "R-1G") == [False]


def test_9_15_rail_hex_last_occupied_by_the_enemy_cuts_the_path(position: Any) -> None:
    st = position({"R-1G": "1301"}, control={"1404": "central"})
    assert supplied(st, "R-1G") == [False]
    assert not {"1302", "1303", "1404"} & supply.sources(st, "allied")


def test_9_15_rail_hex_last_occupied_by_the_enemy_is_no_source(position: Any) -> None:
    # from 1601 the only Russian rail hex within three is 1302 (1501, 1402, 1302)
    assert supplied(position({"R-1G": "1601"}), "R-1G") == [True]
    st = position({"R-1G": "1601"}, control={"1302": "central"})
    assert supplied(st, "R-1G") == [False]


def test_9_15_enemy_passing_through_makes_a_rail_hex_last_occupied(position: Any) -> None:
    st = position({"R-1G": "1601", "G-1K": "1103"}, phasing="central")
    assert supplied(st, "R-1G") == [True]
    st.apply("central", {"type": "select", "unit": "G-1K"})
    into = {a["to"]: a for a in st.legal_actions("central") if a["type"] == "move"}
    st.apply("central", into["1303"])  # by 1203: the Wolnowo line at 1303
    away = {a["to"]: a for a in st.legal_actions("central") if a["type"] == "move"}
    st.apply("central", away["1103"])  # back where it started
    # 1302 is now joined to the map edge only through 1303, last occupied by the
    # enemy: no longer a source
    assert supplied(st, "R-1G") == [False]


# --- 9.16 supply depots ---------------------------------------------------------------

# R-D1 in 0806 is two hexes (0906, 1007) from the Russian rail hex 1007; R-D2 in
# 0505 is three from R-D1 (0605, 0705, 0806) and far from any rail; R-1G in 0303
# is three from R-D2 (0404, 0504, 0505) and seven from 1007.


def test_9_16_depots_form_a_chain_from_a_rail_hex(position: Any) -> None:
    st = position({"R-1G": "0303", "R-D1": "0806", "R-D2": "0505"})
    assert supplied(st, "R-D1", "R-D2", "R-1G") == [True, True, True]


def test_9_16_a_depot_out_of_supply_supplies_nothing(position: Any) -> None:
    st = position({"R-1G": "0303", "R-D2": "0505"})
    assert supplied(st, "R-D2", "R-1G") == [False, False]


def test_9_16_depot_lines_never_cross_enemy_controlled_hexes(position: Any) -> None:
    # 0601 touches only 0602, 0501 and 0701.  R-1G in 0602 occupies one and
    # controls the other two.  G-35R (TCR 1) in 0601 traces 0501 (controlled),
    # 0402, 0303, 0304 (German rail): four hexes, one controlled (9.14).  The
    # German depot in the same hex may cross no controlled hex (9.16).
    st = position({"G-D1": "0601", "G-35R": "0601", "R-1G": "0602"}, phasing="central")
    assert supplied(st, "G-35R", "G-D1") == [True, False]


# --- 9.17 Enemy HQs -------------------------------------------------------------------


def test_9_17_lines_pass_hexes_holding_only_enemy_hqs(position: Any) -> None:
    st = position({"R-1G": "2003", "G-HQ-XVII": "2005"})
    assert supplied(st, "R-1G") == [True]
    # an HQ with a (depot) unit: the hex is Enemy-occupied
    st = position({"R-1G": "2003", "G-HQ-XVII": "2005", "G-D1": "2005"})
    assert supplied(st, "R-1G") == [False]


# --- 7.24 Friendly units and fortresses -----------------------------------------------


def test_7_24_friendly_units_negate_enemy_control_for_supply(position: Any) -> None:
    # 2004 and 2005 are controlled by G-35R (1904); a Russian unit in each of
    # them reopens the line 2004, 2005, 2006
    st = position({"R-1G": "2003", "G-35R": "1904", "R-3S": "2004", "R-62R": "2005"})
    assert supplied(st, "R-1G") == [True]
    # one of them is not enough: 2005 stays Enemy-controlled
    st = position({"R-1G": "2003", "G-35R": "1904", "R-3S": "2004"})
    assert supplied(st, "R-1G") == [False]


def test_7_24_friendly_zones_of_control_do_not_negate(position: Any) -> None:
    # R-3S in 1905 controls 2005 too (and R-1G itself 2004): still cut
    st = position({"R-1G": "2003", "G-35R": "1904", "R-3S": "1905"})
    assert supplied(st, "R-1G") == [False]


def test_7_24_a_friendly_fortress_negates_enemy_control_for_supply(position: Any) -> None:
    # R-1G in 0511 controls Festung Tarnovice (0611).  AH-13 in 0813 traces
    # 0712, 0711, 0611 (three hexes) to the fortress's rail hex, which is still a
    # source: the fortress negates the Enemy control, and the rail path 0610,
    # 0709, 0708, 0707 ... 0106 is free.  The next sources, 0610 and 0709, are
    # four hexes away.
    st = position({"AH-13": "0813", "R-1G": "0511"}, phasing="central")
    assert TARNOVICE in zoc.enemy_controlled(st, "central")
    assert supplied(st, "AH-13") == [True]
    assert TARNOVICE in supply.sources(st, "central")


# --- 9.21 effects ---------------------------------------------------------------------


def test_9_21_movement_allowance_halved_rounded_down_never_below_one(position: Any) -> None:
    # MA 5 -> 2, 3 -> 1, 1 -> 1 (never below one); in supply: 5
    st = position(
        {"G-35R": "2002", "G-A1": "2001", "X-LS1": "2004", "G-36R": "0707"},
        phasing="central",
        segment="initial_supply",
        test_counters=True,
    )
    allowances = [movement.allowance(st, u) for u in ("G-35R", "G-A1", "X-LS1", "G-36R")]
    assert allowances == [2, 1, 1, 5]
    (line,) = logged(st, "9.11")
    assert "MA 5→2" in line and "MA 3→1" in line and "MA 1→1" in line


def test_9_21_attack_strength_halved_when_out_of_supply(position: Any) -> None:
    st = position({"R-1G": "2003", "R-3S": "2002"})
    assert not supply.attack_halved(st, "R-1G")
    assert supply.attack_halved(st, "R-3S")


# --- 9.22 attrition -------------------------------------------------------------------


def test_9_22_attrition_costs_half_the_remaining_steps_rounded_up(position: Any) -> None:
    # rolls in counter order: R-XIX (4 steps) 1, R-V (3 steps left) 2, R-RR1 (1 step) 3;
    # all three are five hexes from a source
    st = position(
        {"R-XIX": "2001", "R-V": {"hex": "2002", "steps_lost": 1}, "R-RR1": "1901"},
        segment="attrition",
        seed=seed_rolling(1, 2, 3),
    )
    assert len(attrition_rolls(st)) == 3
    assert U.record(st, "R-XIX")["lost"] == 2  # half of 4
    assert U.record(st, "R-V")["lost"] == 3  # half of 3, rounded up: 2
    assert U.record(st, "R-RR1")["status"] == "eliminated"  # half of 1, rounded up
    assert any("eliminated" in text for text in logged(st, "9.22"))


def test_9_22_a_roll_of_4_to_6_has_no_effect(position: Any) -> None:
    st = position(
        {"R-XIX": "2001", "R-V": "2002", "R-RR1": "1901"},
        segment="attrition",
        seed=seed_rolling(4, 5, 6),
    )
    assert len(attrition_rolls(st)) == 3
    assert [U.record(st, u)["lost"] for u in ("R-XIX", "R-V", "R-RR1")] == [0, 0, 0]


def test_9_22_only_phasing_units_roll(position: Any) -> None:
    # G-35R is out of supply in Russia but it is not the Central Powers' turn
    st = position({"R-XIX": "2001", "G-35R": "2004"}, segment="attrition", seed=seed_rolling(6))
    (roll,) = attrition_rolls(st)
    assert U.info(st, "R-XIX").name in roll


def test_9_22_markers_removed_at_the_end_of_the_attrition_segment(position: Any) -> None:
    st = position(
        {"R-XIX": {"hex": "2001", "markers": [OUT]}}, segment="attrition", seed=seed_rolling(6)
    )
    assert not U.has_marker(st, "R-XIX", OUT)


def test_9_22_same_seed_same_rolls(position: Any) -> None:
    units = {"R-XIX": "2001", "R-V": "2002", "R-RR1": "1901"}
    first = position(units, segment="attrition", seed=77)
    again = position(units, segment="attrition", seed=77)
    assert attrition_rolls(first) == attrition_rolls(again)
    assert first.digest() == again.digest()


# --- 9.23, 9.24 attackers and HQs -----------------------------------------------------


def test_9_23_attackers_out_of_supply_roll_before_the_odds(position: Any) -> None:
    # R-XIX (out of supply) rolls a 2 and loses two steps; R-1G (in supply in
    # 2003) does not roll, nor does the HQ (9.24)
    st = position({"R-XIX": "2001", "R-1G": "2003", "R-HQ-XIX": "2002"}, seed=seed_rolling(2))
    supply.check_attacker_attrition(st, ["R-1G", "R-HQ-XIX", "R-XIX"])
    (roll,) = attrition_rolls(st, "9.23")
    assert U.info(st, "R-XIX").name in roll
    assert U.record(st, "R-XIX")["lost"] == 2
    assert st.data["dice"]["n"] == 1


def test_9_23_rolls_go_in_counter_order(position: Any) -> None:
    # R-XIX comes before R-V among the counters: it gets the first roll (1), R-V the 5
    st = position({"R-XIX": "2001", "R-V": "2002"}, seed=seed_rolling(1, 5))
    supply.check_attacker_attrition(st, ["R-V", "R-XIX"])
    assert [U.record(st, u)["lost"] for u in ("R-XIX", "R-V")] == [2, 0]


def test_9_24_hqs_are_immune_from_attrition(position: Any) -> None:
    st = position({"R-HQ-XIX": "2002", "R-XIX": "2001"}, segment="attrition", seed=seed_rolling(6))
    (roll,) = attrition_rolls(st)
    assert U.info(st, "R-XIX").name in roll  # the corps rolls, the HQ does not
    assert U.record(st, "R-HQ-XIX")["lost"] == 0


def test_10_35_out_of_supply_has_no_effect_on_hqs(position: Any) -> None:
    st = position(
        {"G-HQ-XVII": "2005", "G-35R": "2002"}, phasing="central", segment="initial_supply"
    )
    assert supply.in_supply(st, "G-HQ-XVII")
    assert not U.has_marker(st, "G-HQ-XVII", OUT)
    assert movement.allowance(st, "G-HQ-XVII") == 6
    assert not supply.attack_halved(st, "G-HQ-XVII")
    assert supply.out_of_supply_units(st) == ["G-35R"]


# --- 11.22 feeding off a fortress -----------------------------------------------------


def test_11_22_one_unit_feeds_off_a_friendly_fortress(position: Any) -> None:
    st = position(
        {"AH-13": TARNOVICE}, phasing="central", segment="initial_supply", control=SUDBAHN_CUT
    )
    assert not supply.has_line(st, "AH-13")
    assert supply.fortress_fed(st, "AH-13")
    assert supplied(st, "AH-13") == [True]
    assert not U.has_marker(st, "AH-13", OUT)
    assert logged(st, "11.22")  # no choice to make: applied and logged


def test_11_22_the_choice_is_made_again_in_the_attrition_segment(position: Any) -> None:
    st = position(
        {"AH-13": TARNOVICE, "AH-LS32": TARNOVICE},
        phasing="central",
        segment="attrition",
        control=SUDBAHN_CUT,
        seed=seed_rolling(6),
    )
    assert st.top()["kind"] == "attrition"
    st.apply("central", {"type": "feed", "unit": "AH-13", "fortress": TARNOVICE})
    (roll,) = attrition_rolls(st)
    assert U.info(st, "AH-LS32").name in roll  # the unit not fed rolls


def test_11_22_hqs_do_not_count_among_the_units_fed(position: Any) -> None:
    st = position(
        {"AH-13": TARNOVICE, "AH-HQ-VI": TARNOVICE}, phasing="central", control=SUDBAHN_CUT
    )
    assert supplied(st, "AH-13", "AH-HQ-VI") == [True, True]


def test_11_22_the_owner_chooses_which_of_several_feeds(position: Any) -> None:
    st = position(
        {"AH-13": TARNOVICE, "AH-LS32": TARNOVICE},
        phasing="central",
        segment="initial_supply",
        control=SUDBAHN_CUT,
    )
    assert st.top()["kind"] == "initial_supply"
    assert st.active_roles() == ["central"]
    assert st.legal_actions("central") == [
        {"type": "feed", "unit": "AH-13", "fortress": TARNOVICE},
        {"type": "feed", "unit": "AH-LS32", "fortress": TARNOVICE},
    ]
    assert supplied(st, "AH-13", "AH-LS32") == [False, False]  # neither until chosen
    st.apply("central", {"type": "feed", "unit": "AH-LS32", "fortress": TARNOVICE})
    assert supplied(st, "AH-13", "AH-LS32") == [False, True]
    assert U.has_marker(st, "AH-13", OUT)
    assert not U.has_marker(st, "AH-LS32", OUT)
    assert logged(st, "11.22")


def test_11_22_only_one_of_the_units_there_may_feed(position: Any, refuse: Refuse) -> None:
    st = position(
        {"AH-13": TARNOVICE, "AH-LS32": TARNOVICE, "G-35R": "0505"},
        phasing="central",
        segment="initial_supply",
        control=SUDBAHN_CUT,
    )
    err = refuse(st, "central", {"type": "feed", "unit": "G-35R", "fortress": TARNOVICE})
    assert err.case == "11.22"
    err = refuse(st, "central", {"type": "end_segment"})
    assert err.case == "11.22"


def test_11_22_a_fed_unit_that_attacks_rolls_for_attrition(position: Any) -> None:
    st = position(
        {"AH-13": TARNOVICE}, phasing="central", control=SUDBAHN_CUT, seed=seed_rolling(3)
    )
    assert supply.attack_halved(st, "AH-13")  # attacking, it is not fed
    supply.check_attacker_attrition(st, ["AH-13"])
    assert len(attrition_rolls(st, "11.22")) == 1
    assert U.record(st, "AH-13")["lost"] == 1  # half of 2


def test_11_22_a_fed_unit_that_attacks_rolls_and_is_halved_at_resolution(
    position: Any, fixed_dice: Any
) -> None:
    # AH-13 feeds off Festung Tarnovice.  Attacking the 1st Rifle Regiment in 0612 it gives
    # that up: its attrition roll (11.22) comes first (a 6, no effect), and its 3 are halved
    # to 1 (9.21).  1 to 2 is 1-2, the TCR 4 row's lowest column, die 3: 1/- (fed and whole,
    # 3 to 2 would be 1-1 and 1/1).
    units = {"AH-13": TARNOVICE, "R-RR1": "0612", "R-HQ-XIX": "0813", **SPARE}
    st = fight(position, units, control=SUDBAHN_CUT)
    assert supply.fortress_fed(st, "AH-13") and not supply.has_line(st, "AH-13")
    assert_in_radius(st, "R-RR1")
    shown = attack(st, "central", "0612", ["AH-13"])
    entry = resolve_with(st, "central", fixed_dice, 6, 3)
    assert len(attrition_rolls(st, "11.22")) == 1
    assert "1 to 2 (1-2), column 1-2, die 3: 1/-." in entry["text"]
    assert_resolved_as_shown(shown, entry)
    assert lost(st, "R-RR1") == 0 and where(st, "R-RR1") == "0612"
    assert lost(st, "AH-13") == 1  # the Attacker's 1: half of one affected step, rounded up


# --- nearest source (8.63, 12.13) -----------------------------------------------------


def test_9_13_distance_to_the_nearest_source_goes_around_enemy_units(position: Any) -> None:
    # the German depot in 2005 is walked round: 1903, 1904, 1905, 2006
    st = position({"R-1G": "2003", "G-D1": "2005"})
    assert supply.source_distance(st, "allied", "2003") == 4
    # zones of control do not lengthen it (retreats have their own rule for them)
    st = position({"R-1G": "2003", "G-35R": "1904"})
    assert supply.source_distance(st, "allied", "2003") == 3
    # an Enemy fortress is never entered
    assert supply.source_distance(st, "allied", TARNOVICE) is None


def test_9_13_no_distance_when_surrounded(position: Any) -> None:
    ring = dict(
        zip(
            ("G-I", "G-XVII", "G-35R", "G-36R", "G-1K", "G-A1"),
            ("1605", "1607", "1505", "1506", "1705", "1706"),
            strict=True,
        )
    )
    st = position({"R-1G": "1606", **ring})
    assert supply.source_distance(st, "allied", "1606") is None
    assert supplied(st, "R-1G") == [False]


# --- scenario validation --------------------------------------------------------------


def test_9_12_a_scenario_must_give_every_nationality_a_supply_range(
    position: Any, tmp_path: Path
) -> None:
    position({"R-1G": "2003"})  # writes tmp_path / "position.toml"
    path = tmp_path / "position.toml"
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"\nsupply_range = .*\n", "\nsupply_range = { russia = 3 }\n", text)
    path.write_text(text, encoding="utf-8")
    messages = [p.message for p in validate_file(path).problems]
    assert any("supply range for nationality germany" in m and "9.12" in m for m in messages)
    assert any("austria-hungary" in m for m in messages)
    assert not any("nationality russia" in m for m in messages)
