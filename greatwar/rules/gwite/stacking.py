"""6.0 Stacking.

Stacking points are counted per hex at the end of every Phase (6.14), not
during it (5.22, 6.21).  HQs count 0, regiments and brigades 1, divisions 2,
corps 4 (6.11); fortresses and markers never count (6.12).  Units over the
limit at the end of a Phase are eliminated, the owner choosing which.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.phases import Action, Frame, Handler
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.names import side_name
from greatwar.rules.gwite.static import unit_tcr

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario
    from greatwar.model.schema import Counter
    from greatwar.rules.gwite.static import UnitInfo


def stacking_points(st: State, hex_label: str) -> int:
    units = st.game.static.units
    total = 0
    for uid in U.units_in(st, hex_label):  # (a hot path: no generator)
        total += units[uid].stacking
    return total


class StackingRules:
    """The variation points of 6.0 (a game's rules class may override them)."""

    def stacking_limit(self, st: State, hex_label: str) -> int:
        """The limit in a hex (a number from each game's exclusive rules)."""
        return U.static(st).stacking_limit  # type: ignore[no-any-return]

    def counter_tcr(self, scenario: Scenario, counter: Counter) -> int | None:
        """A counter's Tactical Competence Rating (2.4): the counter's own, else its
        nationality's (``parameters.tcr``); None when neither gives one (Caporetto 2.4
        derives it from the Movement Allowance)."""
        return unit_tcr(scenario, counter)

    def unit_info(self, scenario: Scenario, counter: Counter, info: UnitInfo) -> UnitInfo:
        """A unit's values as this game reads its counter (once per game, when the static
        tables are built): the standard rules take the printed ones (stacking points 6.11;
        Brusilov 18.24 gives every depot 2, 24.31-24.32 the armored car 0 and one step)."""
        return info

    def overstack_tolerated(self, st: State, hex_label: str) -> bool:
        """Whether a hex over the limit is let be for now (no elimination at this end of
        phase): never in the standard rules (6.14); Caporetto 8.63 keeps a retreat's
        overstack until the end of the owner's next Movement Phase."""
        return False

    def overstack_case(self, st: State, hex_label: str) -> str:
        """The case that eliminates the excess in an overstacked hex at the end of a phase
        (6.14; Caporetto 8.63 for an overstack a retreat made)."""
        return "6.14"


def overstacked(st: State, side: str | None = None) -> list[str]:
    """Hexes over the stacking limit, of one side or both (sorted), that the game's rules
    do not let be for now (``overstack_tolerated``)."""
    sides = U.hex_side(st)
    stat = st.game.static
    rules, units = stat.rules, stat.units
    return sorted(
        h
        for h, ids in U.occupancy(st).items()
        if (side is None or sides[h] == side)
        and sum(units[uid].stacking for uid in ids) > rules.stacking_limit(st, h)  # (points)
        and not rules.overstack_tolerated(st, h)
    )


class EndOfPhaseStacking(Handler):
    """6.14 at the end of each Phase, the owner eliminates units over the limit."""

    kind = "end_of_phase"
    case = "6.14"

    def actors(self, st: State, frame: Frame) -> list[str]:
        sides = U.hex_side(st)
        owners = {sides[h] for h in overstacked(st)}
        return [s for s in U.static(st).side_ids if s in owners]

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        units = U.static(st).units
        actions = []
        for h in overstacked(st, role):
            for uid in sorted(U.units_in(st, h)):
                if units[uid].stacking > 0:  # removing a 0-point HQ relieves nothing
                    actions.append({"type": "eliminate", "unit": uid, "hex": h})
        return actions

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        uid, h = action["unit"], action["hex"]
        limit = U.rules(st).stacking_limit(st, h)
        points = stacking_points(st, h)
        case = U.rules(st).overstack_case(st, h)
        U.rules(st).before_eliminated(st, uid, "6.14")
        U.eliminate(st, uid)
        st.log(
            f"{side_name(st, role)} eliminates {U.info(st, uid).name} in {h}:"
            f" {points} stacking points over the limit of {limit} at the end of the phase.",
            case=case,
        )
        U.rules(st).unit_eliminated(st, uid, "6.14")

    def run(self, st: State, frame: Frame) -> None:
        st.pop()
        st.checkpoint("end_of_phase")

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        """Why an action is refused during the end-of-phase stacking check."""
        kind = action.get("type")
        if kind != "eliminate":
            return "the phase is over: only units over the stacking limit are eliminated now", "4.0"
        uid, h = action.get("unit"), action.get("hex")
        if not isinstance(uid, str) or uid not in st.data["units"]:
            return f"there is no unit {uid!r}", "6.14"
        ui = U.info(st, uid)
        if ui.side != role:
            return f"{ui.name} is not yours: the owner chooses which units to eliminate", "6.14"
        if U.record(st, uid)["hex"] != h:
            return f"{ui.name} is not in {h}", "6.14"
        if h not in overstacked(st, role):
            return (
                f"{h} is within the stacking limit of {U.rules(st).stacking_limit(st, h)}",
                "6.14",
            )
        if ui.stacking == 0:
            return f"{ui.name} has no stacking points: removing it relieves nothing", "6.11"
        return super().explain(st, frame, role, action)

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        hexes = ", ".join(overstacked(st, role))
        return f"End of phase: hexes {hexes} are over the stacking limit; eliminate units there."

    def title(self, st: State, frame: Frame) -> str:
        return "End-of-phase stacking check"
