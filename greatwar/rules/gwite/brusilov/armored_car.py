"""The Brusilov Offensive, 24.0 the Russian armored car: withdrawal, stacking, mountains,
breakdown, repair.

The counter (type ``armored_car``) gives its faces in ``steps``: the first is its one
step (24.32); a second, when given, is its back, the "breakdown" face, which is not a
step.  A broken-down car carries the ``broken_down`` marker (24.42): it then moves and
defends with the back face's values where the counter gives them; losing its step
eliminates it whichever face is up.

* 24.21-24.22 it may withdraw before combat as cavalry does (12.1), with no die roll.
* 24.31 it has no stacking points.
* 24.41 it never enters a mountain hex (its own move table; nor by rail, nor by
  withdrawal); a retreat into a mountain hex eliminates it, and when it retreats alone
  it takes a path free of mountains if one is open.
* 24.42 at the end of a Movement Segment in which it spent 5 Movement Points a die of 1
  breaks it down, 6 or more: 1-2 (Movement Points of moves and of entraining).
* 24.43 a broken-down car is repaired as a Russian unit replaces steps (22.0, 22.2).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.movement_extension import MovementExtension
from greatwar.rules.gwite.static import MoveCosts

if TYPE_CHECKING:
    from greatwar.engine.phases import Frame
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario
    from greatwar.model.schema import Counter
    from greatwar.rules.gwite.static import UnitInfo

#: this section's optional rules (merged into :attr:`BrusilovRules.options`)
OPTIONS: dict[str, OptionSpec] = {}

ARMORED_CAR = "armored_car"
#: 24.42 the marker of a broken-down armored car (its counter flipped)
BROKEN_DOWN = "broken_down"
#: the armored car's movement class (24.41: no mountain hexes)
CAR_CLASS = "armored_car"
MOUNTAIN = "mountain"
#: 24.42 die rolls that break the car down, by Movement Points spent (6 or more: 1-2)
BREAKDOWN_ROLLS: dict[int, tuple[int, ...]] = {5: (1,), 6: (1, 2)}


def is_car(st: State, uid: str) -> bool:
    return U.info(st, uid).type == ARMORED_CAR  # type: ignore[no-any-return]


def broken_down(st: State, uid: str) -> bool:
    return U.has_marker(st, uid, BROKEN_DOWN)


def mountain_hexes(st: State) -> frozenset[str]:
    """24.41 the map's mountain hexes."""
    found = U.static(st).derived.get("brusilov_mountains")
    if found is None:
        board = U.static(st).scenario.board
        found = frozenset(h for h in board.hexes if board.terrain.get(h) == MOUNTAIN)
        U.static(st).derived["brusilov_mountains"] = found
    return found  # type: ignore[no-any-return]


def breakdown_rolls(mp: int) -> tuple[int, ...]:
    """24.42 the rolls that break the car down after it spent ``mp`` Movement Points: none
    up to 4, 1 for 5, 1-2 for 6 or more (our reading of 7 or more)."""
    if mp < min(BREAKDOWN_ROLLS):
        return ()
    return BREAKDOWN_ROLLS[min(mp, max(BREAKDOWN_ROLLS))]


class Breakdown(MovementExtension):
    """24.42 the breakdown roll at the end of the Movement Segment (a movement extension
    with no actions of its own: it acts when the segment closes)."""

    def close(self, st: State, frame: Frame) -> None:
        for uid in U.on_map(st, frame["side"]):
            if is_car(st, uid) and not broken_down(st, uid):
                _breakdown_roll(st, uid, int(frame["spent"].get(uid, 0)))


def _breakdown_roll(st: State, uid: str, mp: int) -> None:
    rolls = breakdown_rolls(mp)
    if not rolls:
        return
    name = U.info(st, uid).name
    shown = "-".join(map(str, (rolls[0], rolls[-1]))) if len(rolls) > 1 else str(rolls[0])
    die = st.roll(f"{name} spent {mp} MP: breakdown on {shown}", case="brusilov 24.42")
    if die in rolls:
        U.add_marker(st, uid, BROKEN_DOWN)
        st.log(f"{name} breaks down (die {die}): its counter is flipped.", case="brusilov 24.42")
    else:
        st.log(f"{name} does not break down (die {die}).", case="brusilov 24.42")


BREAKDOWN = Breakdown()


class ArmoredCar:
    """The Brusilov Offensive's armored car rules (a part of :class:`BrusilovRules`)."""

    # --- 24.3 its counter ---------------------------------------------------------------

    def unit_info(self, scenario: Scenario, counter: Counter, info: UnitInfo) -> UnitInfo:
        """24.31 no stacking points; 24.32 one step, its back a breakdown face."""
        info = super().unit_info(scenario, counter, info)  # type: ignore[misc]
        if info.type != ARMORED_CAR:
            return info
        back = info.steps[1] if len(info.steps) > 1 else None
        return replace(
            info, stacking=0, steps=info.steps[:1], movement=info.movement[:1], back=back
        )

    def allowance(self, st: State, uid: str) -> int:
        """24.42 a broken-down car moves with its back face's Movement Allowance (when the
        counter gives one)."""
        allowance: int = super().allowance(st, uid)  # type: ignore[misc]
        if is_car(st, uid) and broken_down(st, uid):
            back = U.info(st, uid).back
            if back is not None and back.movement is not None:
                return min(allowance, back.movement)  # type: ignore[no-any-return]
        return allowance

    def defense_base(self, st: State, uid: str, hex_label: str) -> tuple[int, list[dict[str, Any]]]:
        """24.42 a broken-down car defends with its back face's strength (when given)."""
        if is_car(st, uid) and broken_down(st, uid):
            back = U.info(st, uid).back
            if back is not None and back.defense is not None:
                why = {"why": "broken down: its back face's strength", "case": "brusilov 24.42"}
                return back.defense, [why]
        return super().defense_base(st, uid, hex_label)  # type: ignore[misc, no-any-return]

    def position_markers(self) -> dict[str, str]:
        """24.42 a position may show the car broken down."""
        return {**super().position_markers(), BROKEN_DOWN: "brusilov 24.42"}  # type: ignore[misc]

    def attack_base(self, st: State, uid: str) -> tuple[int, list[dict[str, Any]]]:
        """24.42 a broken-down car attacks with its back face's strength (when given)."""
        if is_car(st, uid) and broken_down(st, uid):
            back = U.info(st, uid).back
            if back is not None and back.attack is not None:
                why = {"why": "broken down: its back face's strength", "case": "brusilov 24.42"}
                return back.attack, [why]
        return super().attack_base(st, uid)  # type: ignore[misc, no-any-return]

    # --- 24.2 withdrawal before combat -----------------------------------------------------

    def may_withdraw(self, st: State, uid: str) -> bool:
        """24.21 the armored car may withdraw before combat in the Russian Player's
        cavalry withdrawal phase (when adjacent to an Enemy unit, as cavalry)."""
        return is_car(st, uid) or super().may_withdraw(st, uid)  # type: ignore[misc]

    def needs_roll(self, st: State, uid: str) -> bool:
        """24.22 its withdrawal is automatic: no die roll."""
        return not is_car(st, uid) and super().needs_roll(st, uid)  # type: ignore[misc]

    # --- 24.41 mountains ------------------------------------------------------------------

    def movement_class(self, st: State, uid: str) -> str:
        """24.41 the armored car's own move table: its TCR's, without mountain hexes."""
        if is_car(st, uid):
            return CAR_CLASS
        return super().movement_class(st, uid)  # type: ignore[misc, no-any-return]

    def build_movement_table(self, st: State, name: str) -> MoveCosts:
        if name != CAR_CLASS:
            return super().build_movement_table(st, name)  # type: ignore[misc, no-any-return]
        car = next(u for u, ui in U.static(st).units.items() if ui.type == ARMORED_CAR)
        column: MoveCosts = U.static(st).column(U.info(st, car).tcr)
        mountains = mountain_hexes(st)
        return MoveCosts(
            enter={
                a: {b: c for b, c in enter.items() if b not in mountains}
                for a, enter in column.enter.items()
            },
            provisional=set(column.provisional),
            zoc_cost=column.zoc_cost,
            zoc_reach=column.zoc_reach,
        )

    def terrain_refusal(self, st: State, uid: str, hex_label: str) -> tuple[str, str] | None:
        """24.41 the armored car can never enter a mountain hex."""
        if is_car(st, uid) and hex_label in mountain_hexes(st):
            return (
                f"{U.info(st, uid).name} can never enter a mountain hex ({hex_label})",
                "brusilov 24.41",
            )
        return super().terrain_refusal(st, uid, hex_label)  # type: ignore[misc, no-any-return]

    def rail_barred(self, st: State, uid: str) -> frozenset[str]:
        """24.41 nor by rail."""
        if is_car(st, uid):
            return mountain_hexes(st) | super().rail_barred(st, uid)  # type: ignore[misc, no-any-return]
        return super().rail_barred(st, uid)  # type: ignore[misc, no-any-return]

    def rail_case(self, st: State, uid: str, limit: str) -> str:
        if limit == "barred" and is_car(st, uid):
            return "brusilov 24.41"
        return super().rail_case(st, uid, limit)  # type: ignore[misc, no-any-return]

    def retreat_fits(self, st: State, path: Any, units: list[str]) -> bool:
        """24.41 a car retreating alone takes a path free of mountain hexes when one is
        open (it is eliminated only if *forced* into one)."""
        fits: bool = super().retreat_fits(st, path, units)  # type: ignore[misc]
        if not fits or not units or not all(is_car(st, u) for u in units):
            return fits
        mountains = mountain_hexes(st)
        if not any(h in mountains for h in path):
            return True
        return not _clear_retreat_exists(st, path, units, mountains)

    def entered_hexes(self, st: State, uid: str, path: list[str]) -> None:
        """24.41 the armored car forced to retreat into a mountain hex is eliminated (it
        enters none otherwise)."""
        super().entered_hexes(st, uid, path)  # type: ignore[misc]
        if is_car(st, uid) and U.record(st, uid)["status"] == "on_map":
            into = [h for h in path if h in mountain_hexes(st)]
            if into:
                U.eliminate_unit(
                    st,
                    uid,
                    "brusilov 24.41",
                    f"the armored car is forced into the mountain hex {into[0]}",
                )  # (an advance after combat into one is not barred yet: combat_result's)

    # --- 24.42 breakdown, 24.43 repair -------------------------------------------------------

    def movement_extensions(self, st: State) -> tuple[MovementExtension, ...]:
        """24.42 the breakdown roll at the end of the Movement Segment (when the game has
        an armored car)."""
        exts: tuple[MovementExtension, ...] = super().movement_extensions(st)  # type: ignore[misc]
        if any(ui.type == ARMORED_CAR for ui in U.static(st).units.values()):
            return (*exts, BREAKDOWN)
        return exts

    def needs_replacement(self, st: State, uid: str) -> bool:
        """24.43 a broken-down car may be repaired."""
        if is_car(st, uid):
            return broken_down(st, uid)
        return super().needs_replacement(st, uid)  # type: ignore[misc, no-any-return]

    def kind_refusal(self, st: State, uid: str) -> str | None:
        """24.43 the armored car is repaired as Russian units replace steps."""
        if is_car(st, uid):
            return None if broken_down(st, uid) else f"{U.info(st, uid).name} has not broken down"
        return super().kind_refusal(st, uid)  # type: ignore[misc, no-any-return]

    def replace(self, st: State, uid: str, case: str) -> None:
        """24.43 a successful roll repairs the car: its counter is turned face up."""
        if is_car(st, uid):
            U.remove_marker(st, uid, BROKEN_DOWN)
            st.log(
                f"{U.info(st, uid).name} is repaired: its counter is turned face up.",
                case="brusilov 24.43",
            )
            return
        super().replace(st, uid, case)  # type: ignore[misc]


def _clear_retreat_exists(
    st: State, path: Any, units: list[str], mountains: frozenset[str]
) -> bool:
    """Whether the car could retreat as far along a path without mountain hexes."""
    from greatwar.rules.gwite import retreat

    origin = U.record(st, units[0])["hex"]
    rules = U.rules(st)
    strict = rules.retreat_strict(st, units)
    for other in retreat._paths(st, origin, units, len(path), strict):
        if not any(h in mountains for h in other) and super(ArmoredCar, rules).retreat_fits(
            st, other, units
        ):
            return True
    return False
