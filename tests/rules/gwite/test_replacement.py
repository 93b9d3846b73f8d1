"""13.0 Replacement of Lost Steps.

Positions are on the FICTIONAL teaching map and start in the Step
Replacement Phase (the last phase of each Player-Turn, see sequence.py).  The
teaching scenario's parameters (FICTIONAL, after Brusilov 22.0): no Enemy unit
within 3 hexes; at most 2 units roll per phase; Russians succeed on 1-2 from
Game-Turn 2, Germans on 1-3 from Game-Turn 2, Austro-Hungarians on 1 from
Game-Turn 3.  Units of the other side stand far to the west (column 03) unless
a test says otherwise.  Die rolls are seeded (:func:`seed_rolling`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from kit import seed_rolling

from greatwar import IllegalAction, State
from greatwar.model.loader import DATA_ROOT
from greatwar.rules.gwite import replacement
from greatwar.rules.gwite import units as U

Action = dict[str, Any]
Refuse = Callable[[State, str, Action], IllegalAction]

COUNTERS = DATA_ROOT / "gwite" / "counters" / "teaching.toml"
PHASE = {"phase": "step_replacement", "segment": "step_replacement"}

# FICTIONAL counter for these tests only: a supply depot with two steps.
TEST_DEPOT = """
[[counter]]
id = "X-D2"
name = "Test supply depot with two steps"
side = "allied"
nationality = "russia"
type = "supply_depot"
stacking = 1
movement = 4
steps = [[0, 2], [0, 1]]
setup = "2001"
"""


def reduced(hex_label: str, lost: int = 1) -> dict[str, Any]:
    return {"hex": hex_label, "steps_lost": lost}


def at_phase(
    position: Any, units: dict[str, Any], phasing: str, *rolls: Any, turn: int = 2, **kw: Any
) -> State:
    """A position in ``phasing``'s Step Replacement Phase of ``turn``; the next rolls are
    ``rolls``."""
    seed = seed_rolling(*rolls) if rolls else 1
    st = position(units, phasing=phasing, seed=seed, turn=turn, **PHASE, **kw)
    if rolls:
        assert st.data["dice"]["n"] == 0, "a roll before the phase would shift the seeded rolls"
    return st


def rollers(st: State, role: str) -> set[str]:
    return {a["unit"] for a in st.legal_actions(role) if a["type"] == "replace"}


def in_phase(st: State) -> bool:
    return any(f["kind"] == "step_replacement" for f in st.data["stack"])


def lost(st: State, uid: str) -> int:
    return U.record(st, uid)["lost"]  # type: ignore[no-any-return]


# --- the roll -------------------------------------------------------------------------


def test_13_0_a_division_that_lost_a_step_returns_to_full_strength(position: Any) -> None:
    # Game-Turn 2, Russians succeed on 1 or 2: a 2 restores R-1G
    st = at_phase(position, {"R-1G": reduced("1806"), "G-35R": "0305"}, "allied", 2)
    assert st.active_roles() == ["allied"]
    assert st.legal_actions("allied") == [
        {"type": "replace", "unit": "R-1G"},
        {"type": "end_phase"},
    ]
    st.apply("allied", {"type": "replace", "unit": "R-1G"})
    assert lost(st, "R-1G") == 0
    first = next(e for e in st.data["log"] if "roll" in e)
    assert (first["roll"], first["case"]) == (2, "13.0")


def test_13_0_a_failed_roll_leaves_the_unit_reduced(position: Any) -> None:
    # a 3 is not among the Russian 1-2
    st = at_phase(position, {"R-1G": reduced("1806"), "G-35R": "0305"}, "allied", 3)
    st.apply("allied", {"type": "replace", "unit": "R-1G"})
    assert lost(st, "R-1G") == 1
    assert not in_phase(st)  # nobody else may roll: the phase is over


def test_13_0_a_roll_cannot_be_taken_back(position: Any) -> None:
    units = {"R-1G": reduced("1806"), "R-62R": reduced("1808"), "G-35R": "0305"}
    st = at_phase(position, units, "allied", 3)
    st.apply("allied", {"type": "replace", "unit": "R-1G"})
    assert not st.can_undo("allied")


def test_13_0_the_phasing_player_may_decline(position: Any) -> None:
    st = at_phase(position, {"R-1G": reduced("1806"), "G-35R": "0305"}, "allied")
    st.apply("allied", {"type": "end_phase"})
    assert not in_phase(st)
    assert lost(st, "R-1G") == 1


def test_13_0_only_the_phasing_player_replaces(position: Any, refuse: Refuse) -> None:
    # Allied phase: G-35R (German, reduced, far from the enemy) may not roll now
    units = {"R-1G": reduced("1806"), "G-35R": reduced("0305")}
    st = at_phase(position, units, "allied")
    assert st.active_roles() == ["allied"]
    assert refuse(st, "central", {"type": "replace", "unit": "G-35R"}).case == "13.0"
    assert refuse(st, "allied", {"type": "replace", "unit": "G-35R"}).case == "13.0"


# --- which units (13.0 General Rule) -----------------------------------------------------


def test_13_0_corps_that_lost_one_or_two_steps_return_to_full_strength(position: Any) -> None:
    # R-XIX lost 1, R-V lost 2: both roll, 1 and 2 both succeed; both end at full strength
    units = {"R-XIX": reduced("1804", 1), "R-V": reduced("1808", 2), "G-35R": "0305"}
    st = at_phase(position, units, "allied", 1, 2)
    assert rollers(st, "allied") == {"R-XIX", "R-V"}
    st.apply("allied", {"type": "replace", "unit": "R-V"})
    assert lost(st, "R-V") == 0
    st.apply("allied", {"type": "replace", "unit": "R-XIX"})
    assert lost(st, "R-XIX") == 0


def test_13_0_a_corps_that_lost_three_steps_may_not(position: Any, refuse: Refuse) -> None:
    units = {"R-XXV": reduced("1804", 3), "R-1G": reduced("1806"), "G-35R": "0305"}
    st = at_phase(position, units, "allied")
    assert rollers(st, "allied") == {"R-1G"}
    assert refuse(st, "allied", {"type": "replace", "unit": "R-XXV"}).case == "13.0"


def test_13_0_cavalry_depots_and_hqs_are_not_eligible(
    position: Any, refuse: Refuse, tmp_path: Path
) -> None:
    # R-7C (cavalry division), X-D2 (two-step depot) and R-HQ-5A (army HQ, 10.54
    # reverse side), each one step down; R-1G keeps the phase open
    extra = tmp_path / "depot-test-counter.toml"
    extra.write_text(TEST_DEPOT, encoding="utf-8")
    units = {
        "R-7C": reduced("1802"),
        "X-D2": reduced("1804"),
        "R-HQ-5A": reduced("1806"),
        "R-1G": reduced("1808"),
        "G-35R": "0305",
    }
    st = at_phase(position, units, "allied", counters=(COUNTERS, extra))
    assert rollers(st, "allied") == {"R-1G"}
    for uid in ("R-7C", "X-D2", "R-HQ-5A"):
        assert refuse(st, "allied", {"type": "replace", "unit": uid}).case == "13.0"


def test_13_0_brigades_are_not_eligible_unless_a_game_says_so(
    position: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Central Game-Turn 3: AH-GB1 (two-step mountain brigade) lost one step; AH-12 keeps
    # the phase open.  Caporetto 13.0 makes brigades eligible: the size table says so.
    units = {"AH-GB1": reduced("0309"), "AH-12": reduced("0311"), "R-1G": "1806"}
    st = at_phase(position, units, "central", turn=3)
    assert rollers(st, "central") == {"AH-12"}
    monkeypatch.setitem(replacement.REPLACEABLE_LOSSES, "brigade", (1,))
    st = at_phase(position, units, "central", turn=3)
    assert rollers(st, "central") == {"AH-12", "AH-GB1"}


def test_13_0_a_unit_with_no_lost_step_does_not_roll(position: Any, refuse: Refuse) -> None:
    units = {"R-1G": reduced("1806"), "R-62R": "1808", "G-35R": "0305"}
    st = at_phase(position, units, "allied")
    assert rollers(st, "allied") == {"R-1G"}
    assert refuse(st, "allied", {"type": "replace", "unit": "R-62R"}).case == "13.0"


# --- the criteria ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("enemy", "at", "barred"),
    [
        ("G-35R", "1603", True),  # 3 hexes up the column from 1606: within 3
        ("G-35R", "1602", False),  # 4 hexes: far enough
        ("G-HQ-XVII", "1603", True),  # an HQ is an Enemy unit too
    ],
)
def test_13_0_no_enemy_unit_within_the_distance(
    position: Any, refuse: Refuse, enemy: str, at: str, barred: bool
) -> None:
    # R-1G in 1606 (reduced); R-62R far south keeps the phase open
    units = {"R-1G": reduced("1606"), "R-62R": reduced("1813"), enemy: at}
    st = at_phase(position, units, "allied")
    assert ("R-1G" in rollers(st, "allied")) is not barred
    if barred:
        err = refuse(st, "allied", {"type": "replace", "unit": "R-1G"})
        assert err.case == "13.0" and "within 3 hexes" in err.reason


@pytest.mark.parametrize(
    ("turn", "fought", "barred"),
    [
        (3, 2, True),  # combat in the preceding Game-Turn
        (3, 3, True),  # combat in this Game-Turn (see replacement.py)
        (3, 1, False),  # two Game-Turns ago
    ],
)
def test_13_0_no_combat_in_the_preceding_game_turn(
    position: Any, refuse: Refuse, turn: int, fought: int, barred: bool
) -> None:
    units = {"R-1G": reduced("1806"), "R-62R": reduced("1808"), "G-35R": "0305"}
    st = at_phase(position, units, "allied", turn=turn)
    # the combat module records the Game-Turn a unit last attacked or defended (13.0)
    U.record(st, "R-1G")["combat_turn"] = fought
    assert ("R-1G" in rollers(st, "allied")) is not barred
    if barred:
        err = refuse(st, "allied", {"type": "replace", "unit": "R-1G"})
        assert err.case == "13.0" and "combat" in err.reason


def test_13_0_not_moved_in_the_movement_phase_of_this_game_turn(
    position: Any, refuse: Refuse
) -> None:
    # Allied Movement Segment of Game-Turn 2: R-1G moves 1806-1807; R-62R stays.  In
    # the Step Replacement Phase of this Player-Turn only R-62R may roll.
    units = {"R-1G": reduced("1806"), "R-62R": reduced("1808"), "G-35R": "0305"}
    st = position(units, phasing="allied", turn=2)
    st.apply("allied", {"type": "select", "unit": "R-1G"})
    move = next(a for a in st.legal_actions("allied") if a.get("to") == "1807")
    st.apply("allied", move)
    st.apply("allied", {"type": "end_segment"})
    while not in_phase(st):
        (role,) = st.active_roles()
        st.apply(role, next(a for a in st.legal_actions(role) if a["type"].startswith("end")))
    assert rollers(st, "allied") == {"R-62R"}
    err = refuse(st, "allied", {"type": "replace", "unit": "R-1G"})
    assert err.case == "13.0" and "moved" in err.reason


def test_13_0_a_move_in_an_earlier_game_turn_does_not_count(position: Any) -> None:
    units = {"R-1G": reduced("1806"), "G-35R": "0305"}
    st = at_phase(position, units, "allied", turn=3)
    U.record(st, "R-1G")["moved_turn"] = 2  # as movement.py records a move of Game-Turn 2
    assert rollers(st, "allied") == {"R-1G"}


# --- how many, and the die roll by nationality and Game-Turn -------------------------------------


def test_13_0_at_most_max_units_roll_each_phase(position: Any) -> None:
    # three eligible Russian units, two may roll (teaching max_units = 2); both fail (3, 4)
    units = {
        "R-1G": reduced("1806"),
        "R-62R": reduced("1808"),
        "R-3S": reduced("1810"),
        "G-35R": "0305",
    }
    st = at_phase(position, units, "allied", 3, 4)
    assert rollers(st, "allied") == {"R-1G", "R-62R", "R-3S"}
    st.apply("allied", {"type": "replace", "unit": "R-1G"})
    assert rollers(st, "allied") == {"R-62R", "R-3S"}
    st.apply("allied", {"type": "replace", "unit": "R-3S"})
    assert not in_phase(st)  # the limit is reached: the phase ends by itself
    assert lost(st, "R-62R") == 1


def test_13_0_a_unit_rolls_once_a_phase(position: Any, refuse: Refuse) -> None:
    units = {"R-1G": reduced("1806"), "R-62R": reduced("1808"), "G-35R": "0305"}
    st = at_phase(position, units, "allied", 3)
    st.apply("allied", {"type": "replace", "unit": "R-1G"})
    assert rollers(st, "allied") == {"R-62R"}
    assert refuse(st, "allied", {"type": "replace", "unit": "R-1G"}).case == "13.0"


def test_13_0_no_russian_replacement_on_game_turn_1(position: Any) -> None:
    # Russians from Game-Turn 2: on Game-Turn 1 nothing may roll and the phase passes
    st = at_phase(position, {"R-1G": reduced("1806"), "G-35R": "0305"}, "allied", turn=1)
    assert not in_phase(st)
    assert lost(st, "R-1G") == 1


def test_13_0_austro_hungarians_from_game_turn_3_germans_from_2(position: Any) -> None:
    # Central Game-Turn 2: G-35R may roll, AH-12 not yet; a 3 succeeds for Germans
    units = {"G-35R": reduced("0305"), "AH-12": reduced("0311"), "R-1G": "1806"}
    st = at_phase(position, units, "central", 3)
    assert rollers(st, "central") == {"G-35R"}
    st.apply("central", {"type": "replace", "unit": "G-35R"})
    assert lost(st, "G-35R") == 0


@pytest.mark.parametrize(("roll", "restored"), [(1, True), (2, False)])
def test_13_0_austro_hungarians_succeed_on_1_only(position: Any, roll: int, restored: bool) -> None:
    units = {"AH-12": reduced("0311"), "R-1G": "1806"}
    st = at_phase(position, units, "central", roll, turn=3)
    st.apply("central", {"type": "replace", "unit": "AH-12"})
    assert (lost(st, "AH-12") == 0) is restored


def test_13_0_russians_fail_on_3(position: Any) -> None:
    # the same 3 that restores a German division fails for a Russian one (1-2)
    st = at_phase(position, {"R-1G": reduced("1806"), "G-35R": "0305"}, "allied", 3)
    st.apply("allied", {"type": "replace", "unit": "R-1G"})
    assert lost(st, "R-1G") == 1
