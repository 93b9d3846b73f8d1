"""The Brusilov Offensive, Supply: 19.1 sources and ranges, 19.3 depots' zones of control,
19.4 cavalry living off the land.

19.1 is data: the Supply Ranges by nationality (``parameters.supply_range``: Russian and
Austro-Hungarian 3, German 5) and the Friendly rail lines by the start line (the map's
``[countries]`` grid names the two sides of the start line, and
``parameters.friendly_countries`` gives each side its own); the standard tracing of 9.12-9.17
does the rest (9.15 still applies: 19.1 refers to it).

19.4: a cavalry unit south of both the Dniester and hex row 1900 (the scenario's
``forage_region``) and out of supply lives off the land.  It suffers no attrition in the
Attrition Segment (19.41) when the hex holds no more than two Stacking Points, moves
normally (19.42: its Movement Allowance is not halved), attacks at half (19.42, the combat
rules) and checks for attrition when it attacks (19.42, 9.23), and exerts no Zone of Control
(19.43).  Its zone depends on supply, and supply on the Enemy's zones: so that neither waits
on the other, the no-zone status is the one found when its side's supply was last
determined (9.11: the Initial Supply and Attrition Segments), kept as the
:data:`LIVING_OFF_THE_LAND` marker until its side's next determination.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import rail, supply
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.brusilov import data as D
from greatwar.rules.gwite.brusilov.data import option
from greatwar.rules.gwite.stacking import stacking_points

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems

#: marker: cavalry found living off the land when its side's supply was last determined
LIVING_OFF_THE_LAND = "living_off_the_land"
#: 19.41 the most Stacking Points in the hex of cavalry living off the land
FORAGE_STACKING = 2
#: AB9: whether an entrained depot exerts a Zone of Control (19.3 vs 5.36)
ENTRAINED_DEPOT_ZOC = "entrained_depot_zoc"

#: AB10 i: whether more than two Stacking Points with cavalry living off the land at the
#: end of the Movement Phase are over the stacking limit (instead of losing the exemption)
FORAGE_STACKING_LIMIT = "forage_stacking_limit"

#: this section's optional rules (merged into :attr:`BrusilovRules.options`)
OPTIONS: dict[str, OptionSpec] = {
    ENTRAINED_DEPOT_ZOC: OptionSpec(
        False,
        "An entrained supply depot exerts a Zone of Control (19.3 'all depots' read over"
        " 5.36; default: entrained units have none)",
        "brusilov 19.3",
    ),
    FORAGE_STACKING_LIMIT: OptionSpec(
        False,
        "A hex of cavalry living off the land may hold no more than two Stacking Points at"
        " the end of the Movement Phase: the excess is eliminated as over the stacking"
        " limit (6.14) (default: the cavalry loses its exemption from attrition)",
        "brusilov 19.41",
    ),
}


def _end_of_movement_phase(st: State) -> bool:
    """The end-of-phase stacking check of a Movement Phase is being made (6.14)."""
    stack = st.data["stack"]
    return (
        bool(stack)
        and stack[-1].get("kind") == "end_of_phase"
        and any(f.get("kind") == "movement_phase" for f in stack)
    )


def forage_hexes(st: State) -> frozenset[str]:
    """19.41 the hexes south of both the Dniester and hex row 1900 (the scenario's
    ``forage_region``; none when the scenario names none)."""
    name = D.data(st).forage_region
    if name is None:
        return frozenset()
    return U.static(st).scenario.board.regions.get(name, frozenset())  # type: ignore[no-any-return]


def _foraging_cavalry(st: State, uid: str) -> bool:
    """A cavalry unit on the map in the forage region (19.41)."""
    rec = st.data["units"][uid]
    return (
        U.info(st, uid).type == "cavalry"
        and rec["status"] == "on_map"
        and rec["hex"] in forage_hexes(st)
    )


class BrusilovSupply:
    """The Brusilov Offensive's supply rules (a part of :class:`BrusilovRules`)."""

    def position_markers(self) -> dict[str, str]:
        """19.41 a position may show cavalry living off the land (as its side's last
        supply determination found it)."""
        return {**super().position_markers(), LIVING_OFF_THE_LAND: "brusilov 19.41"}  # type: ignore[misc]

    def living_off_the_land(self, st: State, uid: str) -> bool:
        """19.41 whether a unit is cavalry living off the land: south of both the
        Dniester and hex row 1900 (the scenario's ``forage_region``) and out of supply
        (it then suffers no attrition, 19.42 attacks at half, 19.43 exerts no Zone of
        Control), with no more than two Stacking Points in its hex (19.41; AB10 i: more
        loses the exemption)."""
        if not _foraging_cavalry(st, uid) or supply.in_supply(st, uid):
            return False
        if option(st, FORAGE_STACKING_LIMIT):
            return True  # AB10 i b: the excess is eliminated instead (stacking_limit)
        return stacking_points(st, U.record(st, uid)["hex"]) <= FORAGE_STACKING

    # --- 19.41, 19.42 attrition -------------------------------------------------------

    def attrition_exempt(self, st: State, uid: str) -> bool:
        """19.41 cavalry living off the land suffer no attrition (9.22)."""
        return self.living_off_the_land(st, uid) or super().attrition_exempt(st, uid)  # type: ignore[misc]

    def attack_attrition_exempt(self, st: State, uid: str) -> bool:
        """19.42 cavalry living off the land that attack check for attrition (9.23): only
        the standard exemptions apply."""
        return bool(super().attrition_exempt(st, uid))  # type: ignore[misc]

    def attack_attrition_reason(self, st: State, uid: str) -> tuple[str, str]:
        """19.42 names the check of cavalry living off the land that attack (9.23)."""
        if self.living_off_the_land(st, uid):
            return "attacks while living off the land, as 9.23", "brusilov 19.42"
        return super().attack_attrition_reason(st, uid)  # type: ignore[misc,no-any-return]

    def supply_halves_movement(self, st: State, uid: str) -> bool:
        """19.42 cavalry living off the land (as found in the Initial Supply Segment) move
        normally: their Movement Allowance is not halved (9.21)."""
        if U.has_marker(st, uid, LIVING_OFF_THE_LAND):
            return False
        return bool(super().supply_halves_movement(st, uid))  # type: ignore[misc]

    def supply_determined(self, st: State, side: str, segment: str) -> None:
        """9.11, 19.4: mark the side's cavalry living off the land now (the marker keeps
        19.42's normal movement and 19.43's lost zone until the next determination)."""
        super().supply_determined(st, side, segment)  # type: ignore[misc]
        # all found before any marker changes (each change would rebuild the supply table)
        units = U.on_map(st, side)
        living = [uid for uid in units if self.living_off_the_land(st, uid)]
        lost = [
            uid
            for uid in units
            if uid not in living and _foraging_cavalry(st, uid) and not supply.in_supply(st, uid)
        ]
        for uid in units:
            if uid in living:
                U.add_marker(st, uid, LIVING_OFF_THE_LAND)
            else:
                U.remove_marker(st, uid, LIVING_OFF_THE_LAND)
        names = ", ".join(U.info(st, uid).name for uid in living)
        if living and segment == "initial_supply":
            st.log(
                f"19.41 living off the land (out of supply south of the Dniester): {names}"
                " move normally (19.42) and exert no Zone of Control (19.43).",
                case="brusilov 19.41",
            )
        elif living:
            st.log(
                f"19.41 living off the land: {names} suffer no attrition and exert no Zone"
                " of Control (19.43).",
                case="brusilov 19.41",
            )
        crowded = [
            uid
            for uid in living
            if option(st, FORAGE_STACKING_LIMIT)
            and stacking_points(st, U.record(st, uid)["hex"]) > FORAGE_STACKING
        ]
        if crowded and segment == "attrition":
            st.log(
                "19.41 no more than two Stacking Points may be in the hex of cavalry living"
                f" off the land at the end of the Movement Phase: the excess with"
                f" {', '.join(U.info(st, uid).name for uid in crowded)} is over the"
                " stacking limit (6.14).",
                case="brusilov 19.41",
            )
        if lost and segment == "attrition":
            st.log(
                "19.41 more than two Stacking Points in the hex at the end of the Movement"
                f" Phase: {', '.join(U.info(st, uid).name for uid in lost)} did not live"
                " off the land (attrition as 9.22).",
                case="brusilov 19.41",
            )

    def validate(self, scenario: Scenario, problems: Problems) -> None:
        """19.41 the forage region the scenario names must be one of the map's regions."""
        super().validate(scenario, problems)  # type: ignore[misc]
        found = D.parsed(scenario)
        if found is None:
            return  # the game's own check reports malformed [special] data
        name = found.forage_region
        if name is not None and name not in scenario.board.regions:
            known = ", ".join(sorted(scenario.board.regions)) or "none"
            problems.add(
                ("special", "forage_region"),
                f"19.41: the map has no region {name!r} (its regions: {known})",
            )

    def stacking_limit(self, st: State, hex_label: str) -> int:
        """19.41 with the AB10 i option: two Stacking Points at the end of the Movement
        Phase in a hex of cavalry living off the land."""
        limit = int(super().stacking_limit(st, hex_label))  # type: ignore[misc]
        if not option(st, FORAGE_STACKING_LIMIT) or not _end_of_movement_phase(st):
            return limit
        if any(
            _foraging_cavalry(st, uid) and not supply.in_supply(st, uid)
            for uid in U.units_in(st, hex_label)
        ):
            return min(limit, FORAGE_STACKING)
        return limit

    # --- 19.3, 19.43 zones of control -------------------------------------------------

    def exerts_zoc(self, st: State, uid: str) -> bool:
        """19.3 all supply depots exert Zones of Control (an exception to 7.26), entrained
        ones only with the AB9 option (5.36); 19.43 cavalry living off the land exert
        none (as found at their side's last supply determination)."""
        ui = st.game.static.units[uid]
        markers = st.data["units"][uid]["markers"]
        if ui.type == "supply_depot":
            if rail.ENTRAINED in markers:
                return bool(option(st, ENTRAINED_DEPOT_ZOC))
            return True
        if LIVING_OFF_THE_LAND in markers and _foraging_cavalry(st, uid):
            return False
        return bool(super().exerts_zoc(st, uid))  # type: ignore[misc]
