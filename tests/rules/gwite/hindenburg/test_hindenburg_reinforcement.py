"""Von Hindenburg in Poland, 14.1 Reinforcements: entrained at the instant of arrival;
Russian ones count toward the Rail Capacity in their Game-Turn of arrival, German and
Austro-Hungarian ones do not.

FICTIONAL positions on the Von Hindenburg teaching map: the Russian II Siberian Corps
arrives on Game-Turn 4 at R (1805, 1808), the German 25th Reserve Division on Game-Turn 3
at A (0106, 0201).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from greatwar.rules.gwite import rail
from tests.rules.gwite.brusilov.brusilov_kit import of_type, select
from tests.rules.gwite.hindenburg.hindenburg_rail_kit import (
    hex_of,
    left,
    logged,
    long_game,
    rail_to,
)
from tests.rules.gwite.kit import play_until

CASE = "hindenburg 14.1"
PENDING = {"status": "pending"}

#: a FICTIONAL Russian division arriving on Game-Turn 2 at R, not marked entrained
UNMARKED = """
[[counter]]
id = "X-R61"
name = "Test Russian division arriving at R, its counter not marked entrained"
side = "allied"
nationality = "russia"
type = "infantry"
size = "division"
movement = 4
steps = [[3, 3], [2, 2]]
arrive = { turn = 2, entry = "R" }
"""


def arrive(st: Any, role: str, uid: str, hex_label: str) -> None:
    st.apply(role, {"type": "enter", "unit": uid, "hex": hex_label})


def to_movement(st: Any) -> None:
    play_until(st, lambda s: s.top() is not None and s.top()["kind"] == "movement")


def test_14_1_a_russian_reinforcement_counts_toward_the_rail_capacity_as_it_arrives(
    hindenburg_position: Any,
) -> None:
    units = {"R-IIS": PENDING, "R-HQ-5A": "1705"}
    st = hindenburg_position(units, turn=4, segment="reinforcement")
    arrive(st, "allied", "R-IIS", "1805")
    assert rail.entrained(st, "R-IIS")
    assert left(st, "allied") == {"russia": 4}
    assert any("4 of 8 left" in t for t in logged(st, CASE))
    to_movement(st)
    select(st, "allied", "R-IIS")
    st.apply("allied", {"type": "detrain", "unit": "R-IIS"})
    assert not rail.entrained(st, "R-IIS")
    assert left(st, "allied") == {"russia": 4}  # it came by rail: it counts all the same


def test_14_1_its_own_rail_movement_counts_no_second_time(hindenburg_position: Any) -> None:
    units = {"R-IIS": PENDING, "R-HQ-5A": "1705"}
    st = hindenburg_position(units, turn=4, segment="reinforcement")
    arrive(st, "allied", "R-IIS", "1805")
    to_movement(st)
    rail_to(st, "allied", "R-IIS", "1105")
    assert hex_of(st, "R-IIS") == "1105"
    assert left(st, "allied") == {"russia": 4}


def test_14_1_with_the_option_a_russian_arrival_counts_only_if_it_uses_the_rail(
    hindenburg_position: Any,
) -> None:
    units = {"R-IIS": PENDING, "R-HQ-5A": "1705"}
    options = {"russian_arrivals_count_by_use": True}
    st = hindenburg_position(units, turn=4, segment="reinforcement", options=options)
    arrive(st, "allied", "R-IIS", "1805")
    assert rail.entrained(st, "R-IIS")
    assert left(st, "allied") == {"russia": 4}  # entrained: it counts (5.31) ...
    to_movement(st)
    select(st, "allied", "R-IIS")
    st.apply("allied", {"type": "detrain", "unit": "R-IIS"})
    assert left(st, "allied") == {"russia": 8}  # ... until it detrains without moving


def test_14_1_german_reinforcements_do_not_count_toward_the_rail_capacity(
    hindenburg_position: Any,
) -> None:
    st = hindenburg_position(
        {"G-25R": PENDING, "G-HQ-9A": "0306"}, phasing="central", turn=3, segment="reinforcement"
    )
    arrive(st, "central", "G-25R", "0201")
    assert rail.entrained(st, "G-25R")
    to_movement(st)
    rail_to(st, "central", "G-25R", "0213")
    assert hex_of(st, "G-25R") == "0213"
    assert left(st, "central") == {"germany": 12, "austria-hungary": 9}
    assert not logged(st, CASE)


def test_14_1_every_reinforcement_arrives_entrained(tmp_path: Path) -> None:
    st = long_game(
        tmp_path,
        {"X-R61": PENDING, "R-HQ-5A": "1705"},
        extra_counters=UNMARKED,
        turn=2,
        segment="reinforcement",
    )
    enter = of_type(st.legal_actions("allied"), "enter")
    assert {a["hex"] for a in enter} == {"1805", "1808"}
    arrive(st, "allied", "X-R61", "1808")
    assert rail.entrained(st, "X-R61")
    assert left(st, "allied") == {"russia": 6}


#: FICTIONAL Russian corps arriving together on Game-Turn 2 at R, with X-R61
CROWD = UNMARKED + "".join(
    f"""
[[counter]]
id = "{uid}"
name = "Test Russian corps {uid} arriving at R"
side = "allied"
nationality = "russia"
type = "infantry"
size = "corps"
movement = 4
steps = [[6, 6], [5, 5], [3, 3], [2, 2]]
arrive = {{ turn = 2, entry = "R", entrained = true }}
"""
    for uid in ("X-R62", "X-R63")
)


def test_14_1_an_arrival_the_capacity_has_no_room_for_counts_as_any_unit(
    tmp_path: Path, refuse: Any
) -> None:
    units = {"X-R61": PENDING, "X-R62": PENDING, "X-R63": PENDING, "R-HQ-5A": "1705"}
    st = long_game(tmp_path, units, extra_counters=CROWD, turn=2, segment="reinforcement")
    arrive(st, "allied", "X-R62", "1805")
    arrive(st, "allied", "X-R63", "1808")  # 8 of 8
    arrive(st, "allied", "X-R61", "1805")  # no room for its 2
    assert any("has room for 0 of its 2" in t for t in logged(st, CASE))
    assert left(st, "allied") == {"russia": -2}  # entrained, it counts (5.31)
    to_movement(st)
    select(st, "allied", "X-R61")
    assert not of_type(st.legal_actions("allied"), "rail_move")
    err = refuse(
        st, "allied", {"type": "rail_move", "unit": "X-R61", "to": "1705", "path": [], "hexes": 1}
    )
    assert err.case == "hindenburg 17.11"
    st.apply("allied", {"type": "end_segment"})  # 5.31: first detrain what is over
    assert of_type(st.legal_actions("allied"), "detrain") == [{"type": "detrain", "unit": "X-R61"}]
    st.apply("allied", {"type": "detrain", "unit": "X-R61"})
    assert left(st, "allied") == {"russia": 0}
