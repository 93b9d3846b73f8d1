"""12.1 Cavalry Withdrawal Before Combat (12.11-12.17).

Positions are on the FICTIONAL teaching map (greatwar/data/gwite/maps/teaching.toml)
and start in the Cavalry Withdrawal Before Combat Phase of the phasing player
named.  Cavalry: G-1K (Germany, TCR 1), AH-4K (Austria-Hungary, TCR 4), R-7C
and R-DC (Russia, TCR 3).  Hexes are odd-q: an odd column's neighbours in the
next columns are on rows r and r+1, an even column's on rows r-1 and r.

Around 1606 (all Clear): neighbours 1605 N, 1705 NE, 1706 SE, 1607 S, 1506 SW,
1505 NW.  The twelve hexes two away, with the hexes a path passes through:
1604 (1605), 1504 (1605 or 1505), 1704 (1605 or 1705), 1805 (1705), 1806 (1705
or 1706), 1807 (1706), 1707 (1706 or 1607), 1608 (1607), 1507 (1607 or 1506),
1407 (1506), 1406 (1506 or 1505), 1405 (1505): eighteen two-hex paths.

Die rolls are seeded: :func:`seed_rolling` finds a seed whose first rolls are
the ones a test needs (the position makes no roll before the phase).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from kit import seed_rolling

from greatwar import IllegalAction, State
from greatwar.model.loader import DATA_ROOT
from greatwar.rules.gwite import cavalry, supply
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.rules import StandardRules

Action = dict[str, Any]
Refuse = Callable[[State, str, Action], IllegalAction]

COUNTERS = DATA_ROOT / "gwite" / "counters" / "teaching.toml"
PHASE = {"phase": "cavalry_withdrawal", "segment": "cavalry_withdrawal"}

# FICTIONAL counters for these tests only: a cavalry division with a Movement
# Allowance of 1 (12.14), TCR 3 as every Russian unit.
TEST_CAVALRY = """
[[counter]]
id = "X-C1"
name = "Test cavalry division with 1 MP"
side = "allied"
nationality = "russia"
type = "cavalry"
size = "division"
movement = 1
steps = [[2, 1], [1, 1]]
setup = "2001"
"""


def at_phase(position: Any, units: dict[str, Any], phasing: str, *rolls: Any, **kw: Any) -> State:
    """A position in ``phasing``'s Cavalry Withdrawal Phase; the next rolls are ``rolls``."""
    seed = seed_rolling(*rolls) if rolls else 1
    st = position(units, phasing=phasing, seed=seed, **PHASE, **kw)
    if rolls:
        assert st.data["dice"]["n"] == 0, "a roll before the phase would shift the seeded rolls"
    return st


@pytest.fixture
def no_preference(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every hex is as far from a supply source as any other: no path is "toward" it, so
    every legal path is offered (12.13); the tests of 12.13's other limits use this."""
    monkeypatch.setattr(supply, "source_distance", lambda st, side, h: 0)


def paths(st: State, role: str) -> set[tuple[str, str]]:
    """The offered withdrawals as (hex passed through, end hex)."""
    return {(a["path"][0], a["to"]) for a in st.legal_actions(role) if a["type"] == "withdraw"}


def ends(st: State, role: str) -> set[str]:
    return {to for _, to in paths(st, role)}


def hex_of(st: State, uid: str) -> str:
    return U.record(st, uid)["hex"]  # type: ignore[no-any-return]


def logged(st: State, case: str) -> list[str]:
    return [e["text"] for e in st.data["log"] if e.get("case") == case]


def withdraw(st: State, role: str, uid: str, mid: str, to: str) -> None:
    st.apply(role, {"type": "withdraw", "unit": uid, "to": to, "path": [mid, to]})


# --- 12.1 the phase ------------------------------------------------------------------


def test_12_1_the_non_phasing_player_acts_after_the_enemy_movement_phase(position: Any) -> None:
    # Allied Movement Segment; G-1K (Central) in 1606 is next to R-1G in 1607
    st = position({"R-1G": "1607", "G-1K": "1606"}, phasing="allied")
    st.apply("allied", {"type": "end_segment"})
    assert st.top()["kind"] == "cavalry_withdrawal"
    assert st.top()["side"] == "allied"  # the phasing side's phase
    assert st.active_roles() == ["central"]
    assert st.legal_actions("allied") == []
    assert {"type": "attempt", "unit": "G-1K"} in st.legal_actions("central")
    assert {"type": "end_phase"} in st.legal_actions("central")


def test_12_1_the_phase_passes_when_no_cavalry_is_next_to_the_enemy(position: Any) -> None:
    # G-1K in 1604 is two hexes from R-1G in 1606: nothing to decide
    st = at_phase(position, {"R-1G": "1606", "G-1K": "1604"}, "allied")
    assert all(f["kind"] != "cavalry_withdrawal" for f in st.data["stack"])


def test_12_1_end_phase_ends_the_withdrawals(position: Any) -> None:
    st = at_phase(position, {"R-1G": "1607", "G-1K": "1606"}, "allied")
    st.apply("central", {"type": "end_phase"})
    assert all(f["kind"] != "cavalry_withdrawal" for f in st.data["stack"])
    assert hex_of(st, "G-1K") == "1606"


# --- 12.11 who may withdraw ---------------------------------------------------------------


def test_12_11_only_cavalry_next_to_an_enemy_unit_may_attempt(
    position: Any, refuse: Refuse
) -> None:
    # R-1G in 1607: G-1K (1606) and G-35R (1506) are next to it, AH-4K (1806) is not
    units = {"R-1G": "1607", "G-1K": "1606", "G-35R": "1506", "AH-4K": "1806"}
    st = at_phase(position, units, "allied")
    attempts = {a["unit"] for a in st.legal_actions("central") if a["type"] == "attempt"}
    assert attempts == {"G-1K"}
    assert refuse(st, "central", {"type": "attempt", "unit": "G-35R"}).case == "12.11"
    assert refuse(st, "central", {"type": "attempt", "unit": "AH-4K"}).case == "12.11"


def test_12_11_whether_or_not_in_command_control(position: Any) -> None:
    units = {"R-1G": "1607", "G-1K": {"hex": "1606", "markers": ["out_of_command"]}}
    st = at_phase(position, units, "allied")
    assert {"type": "attempt", "unit": "G-1K"} in st.legal_actions("central")


def test_12_11_the_phasing_players_cavalry_never_withdraws(position: Any, refuse: Refuse) -> None:
    # Allied phase: R-7C (Allied) next to G-35R may not withdraw; G-1K may
    st = at_phase(position, {"R-7C": "1306", "G-35R": "1206", "G-1K": "1207"}, "allied")
    assert st.active_roles() == ["central"]
    assert refuse(st, "central", {"type": "attempt", "unit": "R-7C"}).case == "12.11"
    assert refuse(st, "allied", {"type": "attempt", "unit": "R-7C"}).case == "12.1"


def test_12_11_withdrawal_is_two_hexes_no_more_or_less(
    position: Any, refuse: Refuse, no_preference: None
) -> None:
    # G-1K (TCR 1) in 1606, R-1G in 1607: every end hex is two hexes away, by adjacent hexes
    st = at_phase(position, {"R-1G": "1607", "G-1K": "1606"}, "allied", 2)
    st.apply("central", {"type": "attempt", "unit": "G-1K"})
    board = st.game.scenario.board
    offered = paths(st, "central")
    assert offered
    for mid, to in offered:
        assert mid in board.neighbours["1606"] and to in board.neighbours[mid]
        assert board.distance("1606", to) == 2
    # one hex, three hexes, or doubling back beside the start: refused
    for mid, to in (("1605", "1605"), ("1605", "1705"), ("1605", "1603")):
        action = {"type": "withdraw", "unit": "G-1K", "to": to, "path": [mid, to]}
        assert refuse(st, "central", action).case == "12.11"
    action = {"type": "withdraw", "unit": "G-1K", "to": "1604", "path": ["1604"]}
    assert refuse(st, "central", action).case == "12.11"


class TcrOneWithdraws(StandardRules):
    """A game whose rules let every TCR-1 unit withdraw as cavalry (as Caporetto 12.1)."""

    def may_withdraw(self, st: State, uid: str) -> bool:
        return U.tcr(st, uid) == 1


def test_12_11_who_may_withdraw_is_a_method_a_game_overrides(position: Any) -> None:
    # Caporetto 12.1: every TCR-1 unit withdraws as cavalry; its rules class says so
    units = {"R-1G": "1607", "G-35R": "1606", "AH-4K": "1506"}
    st = at_phase(position, units, "allied", rules=TcrOneWithdraws())
    attempts = {a["unit"] for a in st.legal_actions("central") if a["type"] == "attempt"}
    assert attempts == {"G-35R"}


# --- 12.12 the die roll -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("uid", "roll", "succeeds"),
    [
        ("G-1K", 2, True),  # TCR 1: 2 is higher
        ("G-1K", 1, False),  # TCR 1: 1 is not
        ("AH-4K", 5, True),  # TCR 4: 5 is higher
        ("AH-4K", 4, False),  # TCR 4: 4 is not higher
    ],
)
def test_12_12_a_roll_higher_than_the_tcr_succeeds(
    position: Any, uid: str, roll: int, succeeds: bool
) -> None:
    st = at_phase(position, {"R-1G": "1607", uid: "1606"}, "allied", roll)
    st.apply("central", {"type": "attempt", "unit": uid})
    first = next(e for e in st.data["log"] if "roll" in e)
    assert (first["roll"], first["case"]) == (roll, "12.12")
    withdrawing = any(a["type"] == "withdraw" for a in st.legal_actions("central"))
    assert withdrawing is succeeds
    assert hex_of(st, uid) == "1606"  # not moved until its path is chosen


def test_12_12_russian_cavalry_rated_3_needs_4(position: Any) -> None:
    # R-7C and R-DC next to G-35R in 1607; rolls 3 (fails) then 4 (succeeds)
    st = at_phase(position, {"G-35R": "1607", "R-7C": "1606", "R-DC": "1608"}, "central", 3, 4)
    st.apply("allied", {"type": "attempt", "unit": "R-7C"})
    assert logged(st, "12.15")  # failed: it stays
    st.apply("allied", {"type": "attempt", "unit": "R-DC"})
    assert all(a["unit"] == "R-DC" for a in st.legal_actions("allied"))
    assert {a["type"] for a in st.legal_actions("allied")} == {"withdraw"}


def test_12_12_each_unit_rolls_once_and_the_roll_is_final(position: Any) -> None:
    st = at_phase(position, {"R-1G": "1607", "G-1K": "1606"}, "allied", 1)
    st.apply("central", {"type": "attempt", "unit": "G-1K"})
    assert not st.can_undo("central")
    # the phase is over: no other unit may try, and G-1K may not try again
    assert all(f["kind"] != "cavalry_withdrawal" for f in st.data["stack"])


def test_12_12_a_unit_that_failed_may_not_roll_again(position: Any, refuse: Refuse) -> None:
    # two cavalry next to R-1G: G-1K fails (1), AH-4K is still to decide
    st = at_phase(position, {"R-1G": "1607", "G-1K": "1606", "AH-4K": "1608"}, "allied", 1)
    st.apply("central", {"type": "attempt", "unit": "G-1K"})
    assert refuse(st, "central", {"type": "attempt", "unit": "G-1K"}).case == "12.12"
    assert {"type": "attempt", "unit": "AH-4K"} in st.legal_actions("central")


def test_12_12_a_withdrawal_must_follow_a_successful_roll(position: Any, refuse: Refuse) -> None:
    st = at_phase(position, {"R-1G": "1607", "G-1K": "1606"}, "allied")
    action = {"type": "withdraw", "unit": "G-1K", "to": "1604", "path": ["1605", "1604"]}
    assert refuse(st, "central", action).case == "12.12"


# --- 12.13 where a unit may withdraw -----------------------------------------------------


def test_12_13_tcr1_withdraws_into_and_through_enemy_controlled_hexes(
    position: Any, no_preference: None
) -> None:
    # G-1K (TCR 1) in 1606; R-1G in 1607 controls 1606, 1608, 1506, 1507, 1706, 1707.
    # Every path is open but those through R-1G's own hex (to 1608, and 1507 and 1707
    # by way of 1607): 18 - 3 = 15 paths.
    st = at_phase(position, {"R-1G": "1607", "G-1K": "1606"}, "allied", 2)
    st.apply("central", {"type": "attempt", "unit": "G-1K"})
    assert len(paths(st, "central")) == 15
    assert ("1506", "1507") in paths(st, "central")  # through and into Enemy control
    assert ("1706", "1707") in paths(st, "central")
    assert "1608" not in ends(st, "central")


def test_12_13_tcr3_may_not_withdraw_into_or_through_enemy_controlled_hexes(
    position: Any, refuse: Refuse, no_preference: None
) -> None:
    # The same position mirrored: R-7C (TCR 3) in 1606, G-35R in 1607.  1506, 1706
    # (and 1607 itself) are closed as first hexes; 1507, 1608, 1707 as end hexes.
    # Left: 1604, 1504 (2 ways), 1704 (2 ways), 1805, 1806 (by 1705), 1405, 1406 (by 1505).
    st = at_phase(position, {"G-35R": "1607", "R-7C": "1606"}, "central", 4)
    st.apply("allied", {"type": "attempt", "unit": "R-7C"})
    assert ends(st, "allied") == {"1604", "1504", "1704", "1805", "1806", "1405", "1406"}
    assert len(paths(st, "allied")) == 9
    err = refuse(
        st, "allied", {"type": "withdraw", "unit": "R-7C", "to": "1807", "path": ["1706", "1807"]}
    )
    assert err.case == "12.13"


def test_12_13_friendly_units_negate_the_enemy_zone_for_a_withdrawal(
    position: Any, no_preference: None
) -> None:
    # As above, with R-1G in 1506 (in G-35R's zone): R-7C may now pass through 1506
    # to 1407 and to 1406; 1507 (controlled, empty) stays closed.
    units = {"G-35R": "1607", "R-7C": "1606", "R-1G": "1506"}
    st = at_phase(position, units, "central", 4)
    st.apply("allied", {"type": "attempt", "unit": "R-7C"})
    assert ("1506", "1407") in paths(st, "allied")
    assert ("1506", "1406") in paths(st, "allied")
    assert "1507" not in ends(st, "allied")


def test_12_13_never_into_enemy_units_nor_across_prohibited_hexsides(
    position: Any, refuse: Refuse, no_preference: None
) -> None:
    # G-1K in 1215 (mountain), R-1G in 1214.  1215/1115 and 1215/1216 are prohibited
    # hexsides: 1016 and 1116 lie beyond them only; 1213 lies beyond R-1G only.
    # Left: 1014, 1015, 1113 (by 1114), 1313, 1414, 1415, 1316, 1416.
    st = at_phase(position, {"R-1G": "1214", "G-1K": "1215"}, "allied", 2)
    st.apply("central", {"type": "attempt", "unit": "G-1K"})
    assert ends(st, "central") == {"1014", "1015", "1113", "1313", "1414", "1415", "1316", "1416"}
    err = refuse(
        st, "central", {"type": "withdraw", "unit": "G-1K", "to": "1116", "path": ["1216", "1116"]}
    )
    assert err.case == "5.4"
    err = refuse(
        st, "central", {"type": "withdraw", "unit": "G-1K", "to": "1213", "path": ["1214", "1213"]}
    )
    assert err.case == "5.13"


def test_12_13_never_into_prohibited_terrain(position: Any, no_preference: None) -> None:
    # G-1K in 1308, R-1G in 1309: lakes 1208, 1108 and 1109 are never entered, so
    # 1107 (reached only through lake 1208) is closed too; 1310 lies beyond R-1G.
    st = at_phase(position, {"R-1G": "1309", "G-1K": "1308"}, "allied", 2)
    st.apply("central", {"type": "attempt", "unit": "G-1K"})
    assert ends(st, "central") == {"1207", "1210", "1306", "1407", "1410", "1507", "1508", "1509"}


def test_12_13_toward_the_friendly_supply_source_first(
    position: Any, monkeypatch: pytest.MonkeyPatch, refuse: Refuse
) -> None:
    # R-7C (TCR 3) in 1606, G-35R in 1605 (controls 1604, 1504, 1505, 1704, 1705).
    # Legal ends: 1806, 1807, 1707 (by 1706), 1608, 1507 (by 1607), 1407, 1406 (by 1506).
    # With the Allied source in 2006 (4 hexes from 1606): 1806 and 1807 are 2 from it,
    # 1707 is 3; 1608 (4), 1507 (5), 1407 and 1406 (6) are not nearer.
    def toward_2006(st: State, side: str, h: str) -> int:
        return st.game.scenario.board.distance(h, "2006")  # type: ignore[no-any-return]

    monkeypatch.setattr(supply, "source_distance", toward_2006)
    st = at_phase(position, {"G-35R": "1605", "R-7C": "1606"}, "central", 4)
    st.apply("allied", {"type": "attempt", "unit": "R-7C"})
    assert ends(st, "allied") == {"1806", "1807", "1707"}
    assert paths(st, "allied") == {
        ("1706", "1806"),
        ("1706", "1807"),
        ("1706", "1707"),
        ("1607", "1707"),
    }
    err = refuse(
        st, "allied", {"type": "withdraw", "unit": "R-7C", "to": "1608", "path": ["1607", "1608"]}
    )
    assert err.case == "12.13"


def test_12_13_another_hex_when_none_is_toward_the_source(
    position: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The source in 1602, north beyond G-35R: no legal end hex (all south of 1605's
    # zone) is nearer than 1606 (4 hexes), so every legal path is offered.
    monkeypatch.setattr(
        supply, "source_distance", lambda st, side, h: st.game.scenario.board.distance(h, "1602")
    )
    st = at_phase(position, {"G-35R": "1605", "R-7C": "1606"}, "central", 4)
    st.apply("allied", {"type": "attempt", "unit": "R-7C"})
    assert ends(st, "allied") == {"1806", "1807", "1707", "1608", "1507", "1407", "1406"}


def test_12_13_the_real_supply_source_decides_the_direction(position: Any) -> None:
    # R-7C (TCR 3) in 1606, G-35R in 1605: legal ends 1806, 1807, 1707, 1608, 1507, 1407,
    # 1406 (see above).  The Allied railroads are Friendly supply sources (9.13): the
    # Imperial Line runs 1807-1707-1607-1507-1407, the Wolnowo line 1507-1506-1406.
    # 1606 is one hex from them; the ends on them are nearer (0), 1806 and 1608 are not.
    st = at_phase(position, {"G-35R": "1605", "R-7C": "1606"}, "central", 4)
    st.apply("allied", {"type": "attempt", "unit": "R-7C"})
    assert ends(st, "allied") == {"1807", "1707", "1507", "1407", "1406"}


def test_12_13_a_unit_with_nowhere_to_go_may_not_attempt(
    position: Any, refuse: Refuse, no_preference: None
) -> None:
    # R-7C (TCR 3) in 1606 with Central units in 1605, 1607, 1506 and 1706: its only
    # open neighbours 1505 and 1705 are in their zones, so no path is open.  (R-DC, next
    # to G-MB far away, keeps the phase open.)
    units = {
        "R-7C": "1606",
        "G-35R": "1605",
        "G-36R": "1607",
        "G-I": "1506",
        "G-XVII": "1706",
        "R-DC": "1810",
        "G-MB": "1811",
    }
    st = at_phase(position, units, "central")
    attempts = {a["unit"] for a in st.legal_actions("allied") if a["type"] == "attempt"}
    assert attempts == {"R-DC"}
    assert refuse(st, "allied", {"type": "attempt", "unit": "R-7C"}).case == "12.13"


def test_12_13_a_single_path_is_taken_at_once(position: Any, no_preference: None) -> None:
    # G-1K in 2001, the map's north-east corner: its neighbours are 2002 and 1901 (R-1G).
    # From 2002 the hexes two away from 2001 are 1902 and 2003 (R-62R): one path only.
    st = at_phase(position, {"R-1G": "1901", "R-62R": "2003", "G-1K": "2001"}, "allied", 2)
    st.apply("central", {"type": "attempt", "unit": "G-1K"})
    assert hex_of(st, "G-1K") == "1902"
    assert any("one path" in t for t in logged(st, "12.13"))


# --- 12.14 no Movement Points -------------------------------------------------------


def test_12_14_withdrawal_costs_no_movement_points(
    position: Any, tmp_path: Path, no_preference: None
) -> None:
    # X-C1 (TCR 3, Movement Allowance 1) in 1613, G-35R in 1612 north of it.  Its path
    # 1614 (mountain, across the 1613/1614 ridge: 3 + 2 MP) then 1615 (mountain, 3 MP)
    # would cost 8 MP; a withdrawal costs none.
    extra = tmp_path / "cavalry-test-counters.toml"
    extra.write_text(TEST_CAVALRY, encoding="utf-8")
    units = {"G-35R": "1612", "X-C1": "1613"}
    st = at_phase(position, units, "central", 4, counters=(COUNTERS, extra))
    st.apply("allied", {"type": "attempt", "unit": "X-C1"})
    action = next(a for a in st.legal_actions("allied") if a["path"] == ["1614", "1615"])
    assert "cost" not in action
    st.apply("allied", action)
    assert hex_of(st, "X-C1") == "1615"
    assert any("no Movement Points" in t for t in logged(st, "12.14"))


# --- 12.15 units that stay, or end in an Enemy zone --------------------------------------


def test_12_15_a_unit_that_fails_stays_where_it_is(position: Any) -> None:
    st = at_phase(position, {"R-1G": "1607", "G-1K": "1606", "AH-4K": "1608"}, "allied", 4)
    st.apply("central", {"type": "attempt", "unit": "AH-4K"})  # TCR 4: 4 fails
    assert hex_of(st, "AH-4K") == "1608"
    assert any("may be attacked" in t for t in logged(st, "12.15"))


def test_12_15_a_tcr1_unit_may_end_in_an_enemy_controlled_hex(
    position: Any, no_preference: None
) -> None:
    # G-1K withdraws 1606-1706-1707: 1707 is next to R-1G in 1607, which may attack it
    st = at_phase(position, {"R-1G": "1607", "G-1K": "1606"}, "allied", 2)
    st.apply("central", {"type": "attempt", "unit": "G-1K"})
    withdraw(st, "central", "G-1K", "1706", "1707")
    assert hex_of(st, "G-1K") == "1707"
    assert any("may be attacked" in t for t in logged(st, "12.15"))


# --- 12.16 the phasing player moves into the vacated hex -----------------------------------


def test_12_16_adjacent_phasing_units_may_move_into_the_vacated_hex(
    position: Any, refuse: Refuse, no_preference: None
) -> None:
    # G-1K leaves 1606 for 1405.  R-1G (1607) and R-62R (1705) are next to 1606,
    # R-V (1805) is not.
    units = {"R-1G": "1607", "R-62R": "1705", "R-V": "1805", "G-1K": "1606"}
    st = at_phase(position, units, "allied", 2)
    st.apply("central", {"type": "attempt", "unit": "G-1K"})
    withdraw(st, "central", "G-1K", "1505", "1405")
    assert st.active_roles() == ["allied"]
    assert st.legal_actions("allied") == [
        {"type": "occupy", "unit": "R-1G", "hex": "1606"},
        {"type": "occupy", "unit": "R-62R", "hex": "1606"},
        {"type": "end_occupy"},
    ]
    err = refuse(st, "allied", {"type": "occupy", "unit": "R-V", "hex": "1606"})
    assert err.case == "12.16"
    assert refuse(st, "central", {"type": "end_phase"}).case == "12.1"
    st.apply("allied", {"type": "occupy", "unit": "R-1G", "hex": "1606"})
    assert hex_of(st, "R-1G") == "1606"
    assert U.record(st, "R-1G")["moved_turn"] == st.data["turn"]
    assert st.legal_actions("allied") == [
        {"type": "occupy", "unit": "R-62R", "hex": "1606"},
        {"type": "end_occupy"},
    ]
    st.apply("allied", {"type": "end_occupy"})
    assert hex_of(st, "R-62R") == "1705"
    assert all(f["kind"] != "cavalry_withdrawal" for f in st.data["stack"])


def test_12_16_no_move_when_the_hex_is_not_vacated(position: Any, no_preference: None) -> None:
    # G-1K leaves 1606, but G-35R stays there: nothing is vacated
    units = {"R-1G": "1607", "G-1K": "1606", "G-35R": "1606"}
    st = at_phase(position, units, "allied", 2)
    st.apply("central", {"type": "attempt", "unit": "G-1K"})
    withdraw(st, "central", "G-1K", "1505", "1405")
    assert all(f["kind"] != "cavalry_withdrawal" for f in st.data["stack"])
    assert hex_of(st, "R-1G") == "1607"


def test_12_16_not_across_a_prohibited_hexside(position: Any, no_preference: None) -> None:
    # G-1K leaves 1215: R-1G (1214) may follow; R-62R (1115) is next to 1215 only
    # across the prohibited 1115/1215 hexside.
    units = {"R-1G": "1214", "R-62R": "1115", "G-1K": "1215"}
    st = at_phase(position, units, "allied", 2)
    st.apply("central", {"type": "attempt", "unit": "G-1K"})
    withdraw(st, "central", "G-1K", "1314", "1414")
    occupiers = {a.get("unit") for a in st.legal_actions("allied") if a["type"] == "occupy"}
    assert occupiers == {"R-1G"}


def test_12_16_never_into_an_enemy_fortress(position: Any, no_preference: None) -> None:
    # R-DC leaves Zalesie (1312, a Russian fortress) for 1512 by 1412; AH-12 next to it
    # in 1212 may not move into the undestroyed Enemy fortress (5.13)
    st = at_phase(position, {"AH-12": "1212", "R-DC": "1312"}, "central", 4)
    st.apply("allied", {"type": "attempt", "unit": "R-DC"})
    withdraw(st, "allied", "R-DC", "1412", "1512")
    assert hex_of(st, "R-DC") == "1512"
    assert all(f["kind"] != "cavalry_withdrawal" for f in st.data["stack"])
    assert hex_of(st, "AH-12") == "1212"


def test_12_16_stacking_is_checked_at_the_end_of_the_phase(
    position: Any, no_preference: None
) -> None:
    # Three Russian corps (4 stacking points each) next to 1606 all move in: 12 points
    # over the limit of 8 at the end of the phase, so the owner eliminates one (6.14).
    units = {"R-XIX": "1607", "R-V": "1705", "R-XXV": "1505", "G-1K": "1606"}
    st = at_phase(position, units, "allied", 2)
    st.apply("central", {"type": "attempt", "unit": "G-1K"})
    withdraw(st, "central", "G-1K", "1706", "1807")
    for uid in ("R-XIX", "R-V", "R-XXV"):
        st.apply("allied", {"type": "occupy", "unit": uid, "hex": "1606"})
    assert st.top()["kind"] == "end_of_phase"
    assert st.active_roles() == ["allied"]
    assert {a["unit"] for a in st.legal_actions("allied")} == {"R-XIX", "R-V", "R-XXV"}


# --- 12.17 withdrawing into a Friendly stack ------------------------------------------------


def test_12_17_a_unit_withdrawn_into_a_friendly_stack_is_marked_for_the_combat_phase(
    position: Any, no_preference: None
) -> None:
    # G-1K withdraws 1606-1505-1504 into G-35R's hex, still next to R-1G (1605): it adds
    # nothing to the defense there in the coming Combat Phase and shares the hex's
    # results (8.66)
    st = at_phase(position, {"R-1G": "1605", "G-1K": "1606", "G-35R": "1504"}, "allied", 2)
    st.apply("central", {"type": "attempt", "unit": "G-1K"})
    withdraw(st, "central", "G-1K", "1505", "1504")
    assert cavalry.withdrawn_into_stack(st, "G-1K")
    assert not cavalry.withdrawn_into_stack(st, "G-35R")
    assert logged(st, "12.17")
    st.apply("allied", {"type": "end_occupy"})  # 12.16: R-1G stays out of 1606
    # the phase is over; the mark lasts into the Combat Phase ...
    assert any(f["kind"] == "combat_phase" for f in st.data["stack"])
    assert cavalry.withdrawn_into_stack(st, "G-1K")
    # ... and is gone when it ends (the Allies attack nothing)
    while any(f["kind"] == "combat_phase" for f in st.data["stack"]):
        (role,) = st.active_roles()
        ending = [a for a in st.legal_actions(role) if a["type"].startswith("end")]
        st.apply(role, ending[0])
    assert not cavalry.withdrawn_into_stack(st, "G-1K")


def test_12_17_no_mark_when_withdrawing_into_an_empty_hex(
    position: Any, no_preference: None
) -> None:
    st = at_phase(position, {"R-1G": "1607", "G-1K": "1606"}, "allied", 2)
    st.apply("central", {"type": "attempt", "unit": "G-1K"})
    withdraw(st, "central", "G-1K", "1605", "1604")
    assert not cavalry.withdrawn_into_stack(st, "G-1K")
    assert not logged(st, "12.17")


def test_12_17_a_withdrawing_unit_has_moved_this_game_turn(
    position: Any, no_preference: None
) -> None:
    # withdrawal counts as a move for 13.0 (the unit's moved_turn)
    st = at_phase(position, {"R-1G": "1607", "G-1K": "1606"}, "allied", 2, turn=3)
    st.apply("central", {"type": "attempt", "unit": "G-1K"})
    withdraw(st, "central", "G-1K", "1605", "1604")
    assert U.record(st, "G-1K")["moved_turn"] == 3
