"""The Brusilov Offensive, 20.0 Reinforcements: entrained arrival at any Friendly entry hex
(20.1), supply depots by schedule (20.2).

On the FICTIONAL teaching map the Friendly entry hexes on a rail line are A (0106,
Germany) and B (0114, Austria-Hungary) for the Central Powers, C (2006) for the
Russians; D (1201, Russia) has no rail line.  G-3R is due on Game-Turn 2 at A; X-R1 (a
test corps) on Game-Turn 2 at C, not entrained by its counter.  With every unit not
named eliminated, the depot counters (R-D1, R-D2; G-D1, AH-D2) are all out of play.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from greatwar import IllegalAction, State
from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import rail
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.brusilov import BrusilovRules
from tests.rules.gwite.kit import logged

Action = dict[str, Any]
Refuse = Callable[[State, str, Action], IllegalAction]

PENDING = {"status": "pending"}
A, B, C, D = "0106", "0114", "2006", "1201"
#: 20.21 the historical schedule; 20.23 the caps
HISTORICAL = {
    "depots": [
        {"side": "allied", "from_turn": 2, "count": 1},
        {"side": "central", "from_turn": 1, "to_turn": 2, "count": 1},
        {"side": "central", "from_turn": 3, "count": 2},
    ],
    "depot_caps": {"allied": 11, "central": 10},
}

#: a FICTIONAL supply depot arriving by its counter (no depot schedule given), and a
#: FICTIONAL Russian division due on Game-Turn 1
EXTRA_COUNTERS = """
[[counter]]
id = "X-RD9"
name = "Test Russian supply depot arriving on turn 2 at C"
side = "allied"
nationality = "russia"
type = "supply_depot"
stacking = 2
movement = 4
steps = [[0, 1]]
arrive = { turn = 2, entry = "C" }

[[counter]]
id = "X-R9"
name = "Test Russian division arriving on turn 1 at C"
side = "allied"
nationality = "russia"
type = "infantry"
size = "division"
movement = 4
steps = [[3, 4], [1, 2]]
arrive = { turn = 1, entry = "C" }
"""


def arriving(brusilov_position: Any, units: dict[str, Any], side: str = "allied", **kw: Any):  # type: ignore[no-untyped-def]
    """The Reinforcement Segment of ``side`` (Game-Turn 2 unless ``turn``)."""
    kw.setdefault("turn", 2)
    return brusilov_position(units, phasing=side, segment="reinforcement", test_counters=True, **kw)


def extra_counters(tmp_path: Path) -> tuple[Path, ...]:
    from tests.rules.gwite.conftest import COUNTERS

    extra = tmp_path / "extra-counters.toml"
    extra.write_text(EXTRA_COUNTERS, encoding="utf-8")
    return (COUNTERS, extra)


def of_type(st: State, role: str, kind: str) -> list[Action]:
    return [a for a in st.legal_actions(role) if a["type"] == kind]


def status(st: State, uid: str) -> str:
    return U.record(st, uid)["status"]  # type: ignore[no-any-return]


# --- 20.1 arrival of reinforcements -------------------------------------------------------


def test_20_11_every_reinforcement_enters_entrained(brusilov_position: Any) -> None:
    # X-R1's counter does not say "entrained" (it would arrive on foot under 14.12)
    st = arriving(brusilov_position, {"X-R1": PENDING})
    assert st.top()["kind"] == "brusilov_reinforcement"
    st.apply("allied", {"type": "enter", "unit": "X-R1", "hex": C})
    assert U.has_marker(st, "X-R1", rail.ENTRAINED)
    assert any("arrives entrained" in t for t in logged(st, "14.12"))


def test_20_11_reinforcements_count_against_rail_capacity(brusilov_position: Any) -> None:
    # the teaching scenario exempts Central Powers arrivals (14.12 data): 20.11 does not
    st = arriving(brusilov_position, {"G-3R": PENDING}, side="central")
    before = rail.capacity_left(st, "central")["central"]
    st.apply("central", {"type": "enter", "unit": "G-3R", "hex": A})
    assert not U.has_marker(st, "G-3R", rail.RAIL_EXEMPT)
    stacking = U.info(st, "G-3R").stacking
    assert rail.capacity_left(st, "central")["central"] == before - stacking


def test_20_12_any_friendly_entry_hex_is_offered(brusilov_position: Any) -> None:
    st = arriving(brusilov_position, {"G-3R": PENDING}, side="central")
    enters = {a["hex"] for a in of_type(st, "central", "enter")}
    assert enters == {A, B}  # its own A, and B: both Friendly, both on a rail line
    st.apply("central", {"type": "enter", "unit": "G-3R", "hex": B})
    assert U.record(st, "G-3R")["hex"] == B
    assert any("20.12" in t for t in logged(st, "brusilov 20.12"))


def test_20_12_the_entry_keeps_the_standard_choice_not_to_entrain(brusilov_position: Any) -> None:
    # the Brusilov segment's entry (which says when 20.12 gave the hex) passes the standard
    # segment's entrain choice on: a game built on it that offers an entry off the train
    # (as Serbia/Galicia 14.1 does) gets a unit placed, not entrained, and the 20.12 note
    from greatwar.rules.gwite.brusilov.reinforcement import BrusilovReinforcementSegment

    st = arriving(brusilov_position, {"G-3R": PENDING}, side="central")
    BrusilovReinforcementSegment()._enter(st, "G-3R", B, entrain=False)
    assert U.record(st, "G-3R")["hex"] == B
    assert not U.has_marker(st, "G-3R", rail.ENTRAINED)
    assert any("20.12" in t for t in logged(st, "brusilov 20.12"))
    BrusilovReinforcementSegment()._enter(st, "G-3R", A)
    assert U.has_marker(st, "G-3R", rail.ENTRAINED)  # (the default: 20.11 entrained)


def test_20_12_an_enemy_entry_hex_is_refused(brusilov_position: Any, refuse: Refuse) -> None:
    st = arriving(brusilov_position, {"G-3R": PENDING}, side="central")
    error = refuse(st, "central", {"type": "enter", "unit": "G-3R", "hex": C})
    assert error.case == "14.11"


def test_20_12_entries_off_the_rail_are_not_offered(brusilov_position: Any) -> None:
    # D (1201) is a Friendly entry but no rail line: 20.11's entrained arrival needs one
    st = arriving(brusilov_position, {"X-R1": PENDING})
    assert {a["hex"] for a in of_type(st, "allied", "enter")} == {C}


def test_20_12_the_scenario_may_name_the_friendly_entries(brusilov_position: Any) -> None:
    special = {"entries": {"germany": ["A"], "austria-hungary": ["B"]}}
    st = arriving(brusilov_position, {"G-3R": PENDING}, side="central", special=special)
    assert {a["hex"] for a in of_type(st, "central", "enter")} == {A}


def test_20_12_a_blocked_friendly_entry_is_not_offered(brusilov_position: Any) -> None:
    # a Russian cavalry division in 0113 controls 0114 (B): G-3R may enter at A only
    st = arriving(brusilov_position, {"G-3R": PENDING, "R-7C": "0113"}, side="central")
    assert {a["hex"] for a in of_type(st, "central", "enter")} == {A}


def test_20_13_a_reinforcement_may_be_delayed(brusilov_position: Any) -> None:
    st = arriving(brusilov_position, {"X-R1": PENDING})
    st.apply("allied", {"type": "withhold", "unit": "X-R1"})
    assert status(st, "X-R1") == "pending"
    assert logged(st, "14.24")


def test_20_13_a_supply_depot_may_not_be_delayed(
    brusilov_position: Any, refuse: Refuse, tmp_path: Path
) -> None:
    st = arriving(brusilov_position, {"X-RD9": PENDING}, counters=extra_counters(tmp_path))
    assert {"type": "withhold", "unit": "X-RD9"} not in st.legal_actions("allied")
    error = refuse(st, "allied", {"type": "withhold", "unit": "X-RD9"})
    assert error.case == "brusilov 20.13"
    st.apply("allied", {"type": "enter", "unit": "X-RD9", "hex": C})
    assert status(st, "X-RD9") == "on_map"


# --- 20.2 supply reinforcements -------------------------------------------------------------


def test_20_21_the_russians_receive_no_depot_on_game_turn_one(
    brusilov_position: Any, refuse: Refuse, tmp_path: Path
) -> None:
    counters = extra_counters(tmp_path)
    st = arriving(
        brusilov_position, {"X-R9": PENDING}, turn=1, special=HISTORICAL, counters=counters
    )
    assert not of_type(st, "allied", "depot")
    error = refuse(st, "allied", {"type": "depot", "unit": "R-D1", "hex": C})
    assert error.case == "brusilov 20.21"


def test_20_21_the_russians_receive_one_depot_from_game_turn_two(
    brusilov_position: Any,
) -> None:
    st = arriving(brusilov_position, {}, special=HISTORICAL)
    assert st.active_roles() == ["allied"]
    assert of_type(st, "allied", "depot") == [{"type": "depot", "unit": "R-D1", "hex": C}]
    st.apply("allied", {"type": "depot", "unit": "R-D1", "hex": C})
    assert U.record(st, "R-D1")["hex"] == C and status(st, "R-D1") == "on_map"
    assert U.has_marker(st, "R-D1", rail.ENTRAINED)  # 20.11 entrained too
    assert logged(st, "brusilov 20.21")
    assert st.top()["kind"] != "brusilov_reinforcement"  # nothing more to receive


def test_20_21_the_central_powers_receive_one_depot_on_game_turns_one_and_two(
    brusilov_position: Any,
) -> None:
    st = arriving(brusilov_position, {}, side="central", turn=1, special=HISTORICAL)
    offered = {(a["unit"], a["hex"]) for a in of_type(st, "central", "depot")}
    # either kind of depot (German, Austro-Hungarian), at either Friendly entry hex
    assert offered == {("G-D1", A), ("G-D1", B), ("AH-D2", A), ("AH-D2", B)}
    st.apply("central", {"type": "depot", "unit": "AH-D2", "hex": B})
    assert st.top()["kind"] != "brusilov_reinforcement"


def test_20_21_the_central_powers_receive_two_depots_thereafter(
    brusilov_position: Any,
) -> None:
    st = arriving(brusilov_position, {}, side="central", turn=3, special=HISTORICAL)
    st.apply("central", {"type": "depot", "unit": "G-D1", "hex": A})
    assert of_type(st, "central", "depot") == [
        {"type": "depot", "unit": "AH-D2", "hex": A},
        {"type": "depot", "unit": "AH-D2", "hex": B},
    ]
    st.apply("central", {"type": "depot", "unit": "AH-D2", "hex": B})
    assert status(st, "G-D1") == status(st, "AH-D2") == "on_map"
    assert len(logged(st, "brusilov 20.21")) == 2


def test_20_21_attack_on_schedule_and_the_increased_supply_option(
    brusilov_position: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 26.23 Russians one depot on Game-Turns 6-18; 26.33 (an option) two per Game-Turn
    monkeypatch.setitem(
        BrusilovRules.options, "test_more_depots", OptionSpec(False, "FICTIONAL test option")
    )
    special = {
        "depots": [
            {"side": "allied", "from_turn": 6, "to_turn": 18, "count": 1},
            {"side": "allied", "from_turn": 6, "count": 2, "option": "test_more_depots"},
        ],
        "depot_caps": {"allied": 11},
    }
    st = arriving(brusilov_position, {}, turn=5, special=special)
    assert not of_type(st, "allied", "depot")
    st = arriving(brusilov_position, {}, turn=6, special=special)
    assert st.top()["depots_due"] == 1
    st = arriving(
        brusilov_position, {}, turn=6, special=special, options={"test_more_depots": True}
    )
    st.apply("allied", {"type": "depot", "unit": "R-D1", "hex": C})
    st.apply("allied", {"type": "depot", "unit": "R-D2", "hex": C})
    assert status(st, "R-D1") == status(st, "R-D2") == "on_map"


def test_20_22_never_more_than_the_depots_of_the_turn(
    brusilov_position: Any, refuse: Refuse
) -> None:
    st = arriving(brusilov_position, {"X-R1": PENDING}, special=HISTORICAL)
    st.apply("allied", {"type": "depot", "unit": "R-D1", "hex": C})
    assert not of_type(st, "allied", "depot")  # R-D2 is still out of play: one a turn
    error = refuse(st, "allied", {"type": "depot", "unit": "R-D2", "hex": C})
    assert error.case == "brusilov 20.22"


def test_20_22_a_player_may_decline_a_depot_and_it_is_lost(brusilov_position: Any) -> None:
    st = arriving(brusilov_position, {}, special=HISTORICAL)
    st.apply("allied", {"type": "refuse_depot"})
    assert status(st, "R-D1") == "eliminated"  # still out of play
    assert any("lost" in t for t in logged(st, "brusilov 20.22"))
    assert st.top()["kind"] != "brusilov_reinforcement"


def test_20_22_a_depot_not_received_is_not_accumulated(brusilov_position: Any) -> None:
    # the Russians decline on Game-Turn 2; on Game-Turn 3 they still receive one only
    st = arriving(brusilov_position, {"R-HQ-5A": "1906"}, special=HISTORICAL)
    st.apply("allied", {"type": "refuse_depot"})
    for _ in range(200):
        top = st.top()
        if top["kind"] == "brusilov_reinforcement" and st.data["turn"] == 3:
            break
        role = st.active_roles()[0]
        actions = st.legal_actions(role)
        passive = ("end_segment", "end_phase", "refuse_depot", "end_allocation", "decline")
        st.apply(role, next((a for t in passive for a in actions if a["type"] == t), actions[0]))
    assert st.data["phasing"] == "allied" and st.top()["depots_due"] == 1


def test_20_23_no_depot_beyond_the_cap(
    brusilov_position: Any, refuse: Refuse, tmp_path: Path
) -> None:
    # a FICTIONAL cap of 2 and a FICTIONAL third Russian depot counter: two are on the
    # map, the one due is lost
    special = {**HISTORICAL, "depot_caps": {"allied": 2}}
    counters = extra_counters(tmp_path)
    units = {"R-D1": "1507", "R-D2": "1608", "X-R1": PENDING}
    st = arriving(brusilov_position, units, special=special, counters=counters)
    assert not of_type(st, "allied", "depot")
    error = refuse(st, "allied", {"type": "depot", "unit": "X-RD9", "hex": C})
    assert error.case == "brusilov 20.23"
    st.apply("allied", {"type": "enter", "unit": "X-R1", "hex": C})
    lost = logged(st, "brusilov 20.23")
    assert lost and "2 supply depots on the map" in lost[0]


def test_20_23_a_depot_burned_comes_back_as_a_later_depot(brusilov_position: Any) -> None:
    # a FICTIONAL cap of 2, both Russian depots on the map: none may be received ...
    special = {**HISTORICAL, "depot_caps": {"allied": 2}}
    units = {"R-D1": "1507", "R-D2": "1608", "X-R1": PENDING}
    st = arriving(brusilov_position, units, special=special)
    assert not of_type(st, "allied", "depot")
    # ... until one is burned for Massed Artillery Fire (19.21): its counter is free again
    U.remove_from_play(st, "R-D2", "brusilov 19.21", "burned for Massed Artillery Fire")
    st._cache.clear()  # (changed outside an action: what is legal is asked afresh)
    assert of_type(st, "allied", "depot") == [{"type": "depot", "unit": "R-D2", "hex": C}]
    st.apply("allied", {"type": "depot", "unit": "R-D2", "hex": C})
    assert status(st, "R-D2") == "on_map" and U.record(st, "R-D2")["hex"] == C


def test_20_2_a_depot_at_a_blocked_entry_is_lost(brusilov_position: Any) -> None:
    # a German cavalry division next to C (2006): no Friendly entry hex is free
    st = arriving(brusilov_position, {"G-1K": "2005"}, special=HISTORICAL)
    assert st.top()["kind"] != "brusilov_reinforcement"
    assert any("lost" in t for t in logged(st, "14.21"))


def test_20_2_the_depot_schedule_is_checked(tmp_path: Path) -> None:
    import greatwar
    from greatwar.model.problems import ScenarioError
    from tests.rules.gwite.brusilov.conftest import special_table
    from tests.rules.gwite.conftest import write_position

    special = {
        "depots": [{"side": "austria", "count": 1, "option": "nope"}],
        "depot_caps": {"russia": 3},
        "entries": {"allied": ["Q"]},
    }
    path = write_position(tmp_path, {}, game="brusilov", extra=special_table(special))
    with pytest.raises(ScenarioError) as info:
        greatwar.load(path)
    text = str(info.value)
    for word in ("'austria'", "'nope'", "'russia'", "'Q'"):
        assert word in text


def test_20_21_a_historical_scenario_without_the_depot_schedule_lacks_it(
    tmp_path: Path,
) -> None:
    import greatwar
    from tests.rules.gwite.conftest import MAP, write_position

    real_map = tmp_path / "map.toml"  # (the teaching map, not marked fictional)
    real_map.write_text(MAP.read_text(encoding="utf-8").replace("fictional = true", ""))
    path = write_position(tmp_path, {}, game="brusilov", map_path=real_map)
    path.write_text(path.read_text(encoding="utf-8").replace("fictional = true", ""))
    lacks = greatwar.load(path).scenario.lacks
    assert any("20.21" in line for line in lacks) and any("20.23" in line for line in lacks)
