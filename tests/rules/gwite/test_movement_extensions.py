"""The Movement Segment's variation points (R4), each shown with a FICTIONAL test game:
a second movement extension beside rail movement (a forced march that adds Movement
Points), a movement class with its own move table, zones of control and Movement
Allowances decided by the game's rules, and a move applied hex by hex that a die roll
may stop.  The standard rules have none of these; each test also shows that.

Positions are on the FICTIONAL teaching map: R-1G (Russia, TCR 3, MA 4) starts in
1606, in open Clear terrain (see test_movement.py); Forest 1405 costs TCR 3 units 2 MP
and TCR 1 units 1 (5.4).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, ClassVar

from greatwar import IllegalAction, State
from greatwar.engine.phases import Action, Frame
from greatwar.rules.gwite import movement
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.movement_extension import (
    MovementExtension,
    Why,
    add_movement_points,
)
from greatwar.rules.gwite.rules import StandardRules
from greatwar.rules.gwite.static import MoveCosts

Refuse = Callable[[State, str, Action], IllegalAction]

FORCED_MARCH = "test_forced_march"
FORCED = "test_forced"  # the test extension's local in the segment's frame


def select(st: State, uid: str) -> dict[str, Action]:
    """Select an Allied unit; return its legal moves by destination hex."""
    st.apply("allied", {"type": "select", "unit": uid})
    return moves(st, uid)


def moves(st: State, uid: str) -> dict[str, Action]:
    return {a["to"]: a for a in st.legal_actions("allied") if a["type"] == "move"}


def hex_of(st: State, uid: str) -> str | None:
    return U.record(st, uid)["hex"]  # type: ignore[no-any-return]


def texts(st: State) -> list[str]:
    return [entry["text"] for entry in st.data["log"]]


# --- a second movement extension ---------------------------------------------------------


class ForcedMarch(MovementExtension):
    """A fictional forced march: once a phase the unit being moved may add 2 Movement
    Points to its allowance; when it finishes moving, the log says it was force-marched."""

    action_types: ClassVar[frozenset[str]] = frozenset({FORCED_MARCH})

    def actions(self, st: State, frame: Frame, uid: str) -> list[Action]:
        if uid in frame.get(FORCED, []) or not movement.can_move(st, uid):
            return []
        return [{"type": FORCED_MARCH, "unit": uid}]

    def apply(self, st: State, frame: Frame, action: Action) -> None:
        uid = action["unit"]
        frame.setdefault(FORCED, []).append(uid)
        add_movement_points(frame, uid, 2)
        st.log(f"{U.info(st, uid).name} is force-marched: 2 MP more.", case="test")

    def explain(self, st: State, frame: Frame, action: Action) -> Why:
        if action.get("unit") in frame.get(FORCED, []):
            return "the unit is already force-marched this phase", "test"
        return "select the unit before force-marching it", "5.0"

    def finished(self, st: State, frame: Frame, uid: str) -> None:
        if uid in frame.get(FORCED, []):
            st.log(f"{U.info(st, uid).name} ends its forced march.", case="test")

    def prompt_note(self, st: State, frame: Frame, uid: str | None) -> str:
        return "A unit may be force-marched once."


class ForcedMarchRules(StandardRules):
    """A test game whose units may be force-marched, beside rail movement."""

    def movement_extensions(self, st: State) -> tuple[MovementExtension, ...]:
        return (*super().movement_extensions(st), ForcedMarch())


def test_5_0_a_game_adds_a_movement_extension_after_rail_movement(
    position: Any, refuse: Refuse
) -> None:
    st = position({"R-1G": "1606"}, rules=ForcedMarchRules())
    reach = select(st, "R-1G")
    assert "1611" not in reach  # five Clear hexes: more than MA 4
    offered = [a["type"] for a in st.legal_actions("allied")]
    assert offered[-3:] == [FORCED_MARCH, "finish", "end_segment"]
    assert st.view("allied")["prompt"].endswith("A unit may be force-marched once.")
    st.apply("allied", {"type": FORCED_MARCH, "unit": "R-1G"})
    assert texts(st)[-1] == "1st Guards Division is force-marched: 2 MP more."
    err = refuse(st, "allied", {"type": FORCED_MARCH, "unit": "R-1G"})
    assert (err.reason, err.case) == ("the unit is already force-marched this phase", "test")
    reach = moves(st, "R-1G")
    assert reach["1711"]["cost"] == 6  # six Clear hexes: MA 4 + 2
    st.apply("allied", reach["1711"])
    assert hex_of(st, "R-1G") == "1711"
    assert texts(st)[-2:] == [
        "1st Guards Division moves 1606→1607→1608→1609→1610→1611→1711, 6 MP (6 of 6 spent).",
        "1st Guards Division ends its forced march.",
    ]
    assert st.top()["extra_mp"] == {"R-1G": 2}


def test_5_0_the_standard_rules_have_no_forced_march(position: Any, refuse: Refuse) -> None:
    st = position({"R-1G": "1606"})
    select(st, "R-1G")
    assert FORCED_MARCH not in [a["type"] for a in st.legal_actions("allied")]
    err = refuse(st, "allied", {"type": FORCED_MARCH, "unit": "R-1G"})
    assert err.case == "5.0"
    assert "extra_mp" not in st.top()  # the standard rules write nothing new


# --- movement classes --------------------------------------------------------------------


class LightInfantryRules(StandardRules):
    """A test game: Russian infantry divisions are "light infantry", a movement class that
    pays the TCR 1 column of the chart and nothing to enter an Enemy zone of control."""

    def movement_class(self, st: State, uid: str) -> str:
        ui = U.info(st, uid)
        if ui.nationality == "russia" and ui.type == "infantry" and ui.size == "division":
            return "test_light"
        return super().movement_class(st, uid)

    def build_movement_table(self, st: State, name: str) -> MoveCosts:
        if name == "test_light":
            return replace(U.static(st).column(1), zoc_cost=0)
        return super().build_movement_table(st, name)  # type: ignore[no-any-return]


def test_5_4_a_movement_class_prices_a_move_by_its_own_table(position: Any) -> None:
    # 1505 -> Forest 1405: 2 MP for TCR 3, 1 MP in the light infantry's (TCR 1) table
    st = position({"R-1G": "1505"})
    assert select(st, "R-1G")["1405"]["cost"] == 2
    st = position({"R-1G": "1505"}, rules=LightInfantryRules())
    reach = select(st, "R-1G")
    assert reach["1405"]["cost"] == 1
    st.apply("allied", reach["1405"])
    assert texts(st)[-1] == "1st Guards Division moves 1505→1405, 1 MP (1 of 4 spent)."


def test_7_21_a_movement_class_sets_the_cost_of_entering_an_enemy_zone(position: Any) -> None:
    # G-35R in 1608 controls 1607 and 1507: 1 (Clear) + 1 (7.21) in the standard rules,
    # 1 for the light infantry; a corps (R-XIX) keeps its TCR 3 table and pays 2
    units = {"R-1G": "1606", "R-XIX": "1506", "G-35R": "1608"}
    assert select(position(units), "R-1G")["1607"]["cost"] == 2
    st = position(units, rules=LightInfantryRules())
    assert select(st, "R-1G")["1607"]["cost"] == 1
    assert select(st, "R-XIX")["1507"]["cost"] == 2
    assert movement.move_costs(st, "R-XIX") is U.static(st).column(3)


# --- zones of control and Movement Allowances by the game's rules ------------------------


class DepotZoneRules(StandardRules):
    """A test game whose supply depots exert a zone of control (as Brusilov 19.3's do)."""

    def exerts_zoc(self, st: State, uid: str) -> bool:
        if U.info(st, uid).type == "supply_depot":
            return True
        return super().exerts_zoc(st, uid)  # type: ignore[no-any-return]


def test_7_26_the_game_decides_which_units_exert_a_zone_of_control(position: Any) -> None:
    units = {"R-1G": "1606", "G-D1": "1608"}
    assert select(position(units), "R-1G")["1607"]["cost"] == 1  # 7.26 a depot has none
    reach = select(position(units, rules=DepotZoneRules()), "R-1G")
    assert reach["1607"]["cost"] == 2  # 1 + 1 for the depot's zone (7.21)


class FastRussiansRules(StandardRules):
    """A test game: Russian infantry moves 2 MP further than printed."""

    def allowance(self, st: State, uid: str) -> int:
        bonus = 2 if U.info(st, uid).nationality == "russia" else 0
        return super().allowance(st, uid) + bonus  # type: ignore[no-any-return]


def test_5_14_the_game_decides_the_movement_allowance(position: Any) -> None:
    st = position({"R-1G": "1606"}, rules=FastRussiansRules())
    assert movement.allowance(st, "R-1G") == 6
    reach = select(st, "R-1G")
    assert reach["1711"]["cost"] == 6 and "1612" not in reach  # Rough 1612: 7 MP
    st.apply("allied", reach["1611"])
    assert texts(st)[-1].endswith(", 5 MP (5 of 6 spent).")


# --- moves applied hex by hex ------------------------------------------------------------


class AmbushRules(StandardRules):
    """A test game: each hex a Russian unit enters, a die is rolled; a 1 eliminates the
    unit, a 2 stops its move there."""

    def hex_by_hex(self, st: State, uid: str) -> bool:
        return U.info(st, uid).nationality == "russia"

    def hex_entered(self, st: State, frame: Frame, uid: str, hex_label: str, spent: int) -> bool:
        die = st.roll(f"ambush in {hex_label} ({spent} MP spent)", case="test")
        if die == 1:
            U.eliminate_unit(st, uid, "test", "ambushed")
        return die > 2


def test_5_0_a_move_applied_hex_by_hex_stops_where_the_rules_say(
    position: Any, fixed_dice: Any
) -> None:
    st = position({"R-1G": "1606"}, rules=AmbushRules())
    reach = select(st, "R-1G")
    fixed_dice(6, 2)
    st.apply("allied", reach["1610"])  # 1607 (die 6), then 1608 (die 2): stops
    assert hex_of(st, "R-1G") == "1608"
    assert st.top()["spent"] == {"R-1G": 2}
    assert st.top()["done"] == ["R-1G"]  # stopped: it has finished moving
    assert texts(st)[-3:] == [
        "Die roll 6: ambush in 1607 (1 MP spent)",
        "Die roll 2: ambush in 1608 (2 MP spent)",
        "1st Guards Division moves 1606→1607→1608, 2 MP (2 of 4 spent); the move stops there.",
    ]
    assert {"type": "select", "unit": "R-1G"} not in st.legal_actions("allied")


def test_5_0_a_unit_eliminated_while_moving_hex_by_hex_goes_no_further(
    position: Any, fixed_dice: Any
) -> None:
    st = position({"R-1G": "1606"}, rules=AmbushRules())
    reach = select(st, "R-1G")
    fixed_dice(1)
    st.apply("allied", reach["1609"])
    assert U.record(st, "R-1G")["status"] == "eliminated"
    assert "1st Guards Division is eliminated in 1607: ambushed." in texts(st)
    assert st.top()["current"] is None and st.top()["done"] == ["R-1G"]


def test_5_0_a_move_applied_hex_by_hex_that_nothing_stops_ends_as_a_whole_move(
    position: Any, fixed_dice: Any
) -> None:
    st = position({"R-1G": "1606"}, rules=AmbushRules())
    reach = select(st, "R-1G")
    fixed_dice(4, 5)
    st.apply("allied", reach["1608"])
    assert hex_of(st, "R-1G") == "1608"
    assert texts(st)[-1] == "1st Guards Division moves 1606→1607→1608, 2 MP (2 of 4 spent)."
    assert "1609" in moves(st, "R-1G")  # 2 MP left: it goes on
