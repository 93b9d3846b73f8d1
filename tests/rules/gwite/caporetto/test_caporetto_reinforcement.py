"""Reinforcements in Caporetto (caporetto 14.12, 14.3, 14.4; 5.31 their Rail Capacity) on
the FICTIONAL teaching map: the Central Powers' lettered entries A (2007, the Sudbahn), B
(2013, the Karstbahn) and C (0101, the Brennerbahn), their unlettered entries 2004 and
2010 (``[special] unlettered_entries``); the Allies' one entry hex 0109 on the Veneto line
(``[special] allied_entry``, lettered I).  AH-28 (turn 3) is printed without a letter;
the French 64th Division (F-64) arrives on turn 4."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import greatwar
from greatwar.model.loader import DATA_ROOT
from greatwar.model.problems import ScenarioError
from greatwar.rules.gwite import rail, zoc
from greatwar.rules.gwite import units as U
from tests.rules.gwite.caporetto.conftest import COUNTERS, MAP, SCENARIO
from tests.rules.gwite.game_position import write_game_position
from tests.rules.gwite.kit import choose, logged

Action = dict[str, Any]
PENDING = {"status": "pending"}
ARRIVALS = {"segment": "reinforcement"}


def of_type(st: Any, role: str, kind: str) -> list[Action]:
    return [a for a in st.legal_actions(role) if a["type"] == kind]


def central_arrival(position: Any, **units: Any) -> Any:
    return position({"AH-28": PENDING, "AH-HQ-IS": "1807", **units}, turn=3, **ARRIVALS)


def allied_arrival(position: Any, **units: Any) -> Any:
    return position(
        {"F-64": PENDING, "I-HQ-2A": "0309", **units}, phasing="allied", turn=4, **ARRIVALS
    )


# --- 14.4 Central Powers reinforcements without a letter ----------------------------------


def test_14_4_an_unlettered_arrival_may_use_any_lettered_hex_or_the_listed_ones(
    caporetto_position: Any,
) -> None:
    st = central_arrival(caporetto_position)
    hexes = {a["hex"] for a in of_type(st, "central", "enter") if a["unit"] == "AH-28"}
    assert hexes == {"2007", "2013", "0101", "2004", "2010"}  # not the Allies' 0109
    choose(st, "central", "enter", unit="AH-28", hex="2004")
    assert U.record(st, "AH-28")["hex"] == "2004"
    (text,) = logged(st, "caporetto 14.4")
    assert "printed without a letter, arrives at 2004" in text


def test_14_4_an_unlettered_arrival_is_refused_elsewhere(
    caporetto_position: Any, refuse: Any
) -> None:
    st = central_arrival(caporetto_position)
    why = refuse(st, "central", {"type": "enter", "unit": "AH-28", "hex": "0109"})
    assert why.case == "caporetto 14.4"
    assert "2007" in why.reason and "2010" in why.reason


def test_14_4_only_central_powers_counters_may_be_printed_without_a_letter(
    tmp_path: Path,
) -> None:
    text = COUNTERS.read_text(encoding="utf-8").replace(
        'arrive = { turn = 4, entry = "I", entrained = true }',
        'arrive = { turn = 4, entry = "any" }',
    )
    counters = tmp_path / "counters.toml"
    counters.write_text(text, encoding="utf-8")
    path = write_game_position(tmp_path, SCENARIO, MAP, counters, {}, phasing="central")
    with pytest.raises(ScenarioError) as info:
        greatwar.load(path)
    found = [p for p in info.value.problems if "F-64" in p.message]
    assert found and found[0].field == "counters.F-64.arrive.entry"
    assert "Caporetto 14.4" in found[0].message


def test_14_4_the_standard_rules_refuse_a_counter_without_a_letter(tmp_path: Path) -> None:
    scenario = DATA_ROOT / "gwite" / "scenarios" / "teaching.toml"
    text = scenario.read_text(encoding="utf-8")
    counters_file = DATA_ROOT / "gwite" / "counters" / "teaching.toml"
    counters_text = counters_file.read_text(encoding="utf-8")
    first = re.search(r'arrive = \{ turn = (\d+), entry = "[^"]*"', counters_text)
    assert first is not None
    edited = counters_text.replace(
        first.group(0), f'arrive = {{ turn = {first.group(1)}, entry = "any"', 1
    )
    (tmp_path / "counters.toml").write_text(edited, encoding="utf-8")
    text = re.sub(r"counters = \[[^\]]*\]", 'counters = ["counters.toml"]', text)
    text = text.replace('map = "../maps/', f'map = "{DATA_ROOT / "gwite" / "maps"}/')
    (tmp_path / "scenario.toml").write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        greatwar.load(tmp_path / "scenario.toml")
    assert any(
        "'any'" in p.message and p.field.endswith("arrive.entry") for p in info.value.problems
    )


# --- 14.12 entrained arrival -----------------------------------------------------------------


def test_14_12_all_reinforcements_arrive_entrained_and_count_for_the_central_powers(
    caporetto_position: Any,
) -> None:
    """AH-28's counter carries no ``entrained`` flag: 14.12 entrains it all the same, and
    a Central Powers reinforcement counts against the 12 Stacking Points (5.31)."""
    st = central_arrival(caporetto_position)
    assert not st.game.scenario.counters["AH-28"].arrive.entrained  # type: ignore[union-attr]
    choose(st, "central", "enter", unit="AH-28", hex="2007")
    assert rail.entrained(st, "AH-28")
    assert not U.has_marker(st, "AH-28", rail.RAIL_EXEMPT)
    assert rail.capacity_left(st, "central") == {"central": 12 - U.info(st, "AH-28").stacking}
    assert any("counts against its Rail Capacity" in t for t in logged(st, "caporetto 14.12"))


def test_14_12_allied_reinforcements_do_not_count_on_their_arrival_turn(
    caporetto_position: Any,
) -> None:
    st = allied_arrival(caporetto_position)
    choose(st, "allied", "enter", unit="F-64", hex="0109")
    assert rail.entrained(st, "F-64") and U.has_marker(st, "F-64", rail.RAIL_EXEMPT)
    assert rail.capacity_left(st, "allied") == {"allied": 16}
    assert any("does not count against Rail Capacity" in t for t in logged(st, "caporetto 14.12"))


def test_5_31_central_powers_reinforcements_count_against_the_capacity_when_moving(
    caporetto_position: Any, refuse: Any
) -> None:
    """The arrival still counts once it moves by rail in the Movement Segment."""
    st = central_arrival(caporetto_position)
    choose(st, "central", "enter", unit="AH-28", hex="2007")
    while st.top()["kind"] != "movement":  # type: ignore[index]
        st.apply(
            "central",
            {"type": "end_segment"}
            if of_type(st, "central", "end_segment")
            else st.legal_actions("central")[0],
        )
    choose(st, "central", "select", unit="AH-28")
    choose(st, "central", "rail_move", unit="AH-28", to="1607")
    assert rail.capacity_left(st, "central") == {"central": 12 - U.info(st, "AH-28").stacking}


# --- 14.3 the Allies' one entry hex ------------------------------------------------------------


def test_14_3_allied_reinforcements_arrive_at_their_hex_in_an_enemy_zone(
    caporetto_position: Any,
) -> None:
    st = allied_arrival(caporetto_position, **{"G-5": "0210", "G-HQ-14A": "0310"})
    assert "0109" in zoc.enemy_controlled(st, "allied")
    (enter,) = of_type(st, "allied", "enter")
    assert enter["hex"] == "0109"
    assert not of_type(st, "allied", "delay") and not of_type(st, "allied", "off_map")
    st.apply("allied", enter)
    assert U.record(st, "F-64")["hex"] == "0109"
    (text,) = logged(st, "caporetto 14.3")
    assert "in an Enemy Zone of Control" in text


def test_14_3_allied_reinforcements_wait_while_their_hex_is_enemy_occupied(
    caporetto_position: Any, refuse: Any
) -> None:
    st = allied_arrival(caporetto_position, **{"G-5": "0109", "G-HQ-14A": "0310"})
    assert [a["type"] for a in st.legal_actions("allied")] == ["withhold"]
    why = refuse(st, "allied", {"type": "enter", "unit": "F-64", "hex": "0109"})
    assert why.case == "caporetto 14.3" and "Enemy-occupied" in why.reason
    why = refuse(st, "allied", {"type": "delay", "unit": "F-64", "hex": "0110"})
    assert why.case == "caporetto 14.3" and "0109 only" in why.reason
    st.apply("allied", {"type": "withhold", "unit": "F-64"})
    assert U.record(st, "F-64")["status"] == "pending"
    assert any("waits for a later turn" in t for t in logged(st, "caporetto 14.3"))


def test_14_3_allied_reinforcements_use_no_other_lettered_hex(
    caporetto_position: Any, refuse: Any
) -> None:
    st = allied_arrival(caporetto_position)
    why = refuse(st, "allied", {"type": "enter", "unit": "F-64", "hex": "2007"})
    assert why.case == "caporetto 14.3" and "0109" in why.reason


def test_14_3_14_4_entry_hexes_off_the_map_are_named_by_place(tmp_path: Path) -> None:
    path = write_game_position(
        tmp_path,
        SCENARIO,
        MAP,
        COUNTERS,
        {},
        phasing="central",
        special={"allied_entry": "3399", "unlettered_entries": ["2004", "2099"]},
    )
    with pytest.raises(ScenarioError) as info:
        greatwar.load(path)
    fields = {p.field: p.message for p in info.value.problems}
    assert "not a hex of the map" in fields["special.allied_entry"]
    assert "caporetto 14.3" in fields["special.unlettered_entries.1"]


def test_14_12_the_allied_exemption_lasts_only_the_turn_of_arrival(
    caporetto_position: Any,
) -> None:
    """F-64, arrived on turn 4 and still entrained on turn 5, now counts (5.31)."""
    st = caporetto_position(
        {"F-64": {"hex": "0109", "markers": ["entrained"]}, "I-HQ-2A": "0309"},
        phasing="allied",
        turn=5,
    )
    assert rail.capacity_left(st, "allied") == {"allied": 16 - U.info(st, "F-64").stacking}
