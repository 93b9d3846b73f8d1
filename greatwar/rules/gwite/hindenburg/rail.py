"""17.1-17.4 Rail Movement: capacities and rates per army, the Russian rail region of
Game-Turns 1-10, entrain die rolls, German off-map rail movement, track limits
(hindenburg 5.31, 17.11-17.43).

* 5.31, 17.11, 17.21, 17.31 Rail Capacity and Railroad Movement Rate are the scenario's
  ``parameters.rail_capacity`` and ``rail_rate`` by nationality (Russian 8 SP and 18
  hexes, Austro-Hungarian 9 and 12, German 12 and 30): each army draws on its own pool
  (:func:`rail.capacity_pool` by nationality); the refusals name the army's case.
* 17.12 on Game-Turns 1-10 the Russians use only the rail hexes of the scenario's
  ``rail_region``: the others are barred to their rail movement (:meth:`rail_barred`)
  and they may not entrain there; from Game-Turn 11 any rail in Poland.
* 17.22, 17.32 (and 17.12 "inside of Poland") the rail each army uses is
  ``parameters.friendly_countries`` by nationality: Austro-Hungarians in
  Austria-Hungary, Germans in Germany and Austria-Hungary, Russians in Poland; who holds
  each rail hex is 17.5's (:mod:`.control`).
* 17.13, 17.23 a Russian unit entrains on a die roll of 3-6, an Austro-Hungarian one on
  2-5 and, by AV1 (a), 6 (option ``ah_entrain_six_fails``: AV1 (b)).  The attempt is the
  player's ``entrain`` action; the game rolls.  On a failure the unit's Stacking Points
  are charged to its own army's Rail Capacity all the same (17.14, 17.24 by AV2 (a)) and
  it moves no more this Game-Turn (AV11 (b): a retreat or a cavalry withdrawal is not
  movement, 5.11).
* 17.33 German units entrain without a roll.
* 17.34 German off-map rail movement: :mod:`.offmap`.
* 17.4 (optional, ``track_limits``) Stacking Points per hexside, rail line and Movement
  Phase: the scenario's ``parameters.track_limit`` (Russian 4 single / 12 double, German
  5 / 14; Austro-Hungarian units by AV3 (b) the German column: option
  ``ah_track_unlimited`` for AV3 (a)); each line through a hexside has its own count
  (17.43), kept by the standard rail module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import supply
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.hindenburg import data as D
from greatwar.rules.gwite.hindenburg.control import validate_region
from greatwar.rules.gwite.hindenburg.data import option
from greatwar.rules.gwite.hindenburg.offmap import OFFMAP_RAIL
from greatwar.rules.gwite.movement_extension import mp_left
from greatwar.rules.gwite.rail import EntrainRoll

if TYPE_CHECKING:
    from greatwar.engine.phases import Frame
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems
    from greatwar.rules.gwite.movement_extension import MovementExtension

TRACK_LIMITS_OPTION = "track_limits"
#: AV1 (b): an Austro-Hungarian entrain roll of 6 fails
AH_SIX_FAILS_OPTION = "ah_entrain_six_fails"
#: AV3 (a): the optional track limits do not bind Austro-Hungarian units
AH_TRACK_UNLIMITED_OPTION = "ah_track_unlimited"

#: this section's optional rules (merged into :attr:`HindenburgRules.options`)
OPTIONS: dict[str, OptionSpec] = {
    TRACK_LIMITS_OPTION: OptionSpec(
        False,
        "Rail movement limitations: Stacking Points per hexside and rail line per"
        " Movement Phase (optional rule)",
        "hindenburg 17.41",
    ),
    AH_SIX_FAILS_OPTION: OptionSpec(
        False,
        "An Austro-Hungarian entrain roll of 6 fails as a 1 does (AV1 b; default: it"
        " succeeds, the text naming only the 1 a failure)",
        "hindenburg 17.23",
    ),
    AH_TRACK_UNLIMITED_OPTION: OptionSpec(
        False,
        "With the track limits, Austro-Hungarian units cross hexsides without limit (AV3 a;"
        " default: the German column, as Serbia/Galicia's Austro-Hungarian limits are)",
        "hindenburg 17.41",
    ),
}

RUSSIA = "russia"
AUSTRIA_HUNGARY = "austria-hungary"
GERMANY = "germany"

#: 17.12 the last Game-Turn on which the Russians use only the rail of the rail region
RUSSIAN_RAIL_REGION_LAST_TURN = 10
#: 17.13, 17.23 the entrain rolls that succeed (17.33: the Germans roll none)
RUSSIAN_ENTRAIN = (3, 4, 5, 6)
AH_ENTRAIN = (2, 3, 4, 5)
AH_SIX = 6

#: the case each army's rail limits name: capacity and rate (17.11, 17.21, 17.31),
#: Friendly railroads (17.12, 17.22, 17.32), entrainment (17.13, 17.23, 17.33)
CASES: dict[str, dict[str, str]] = {
    RUSSIA: {
        "capacity": "hindenburg 17.11",
        "rate": "hindenburg 17.11",
        "friendly": "hindenburg 17.12",
        "barred": "hindenburg 17.12",
        "entrain": "hindenburg 17.13",
    },
    AUSTRIA_HUNGARY: {
        "capacity": "hindenburg 17.21",
        "rate": "hindenburg 17.21",
        "friendly": "hindenburg 17.22",
        "entrain": "hindenburg 17.23",
    },
    GERMANY: {
        "capacity": "hindenburg 17.31",
        "rate": "hindenburg 17.31",
        "friendly": "hindenburg 17.32",
        "entrain": "hindenburg 17.33",
    },
}


def rail_region(st: State) -> frozenset[str]:
    """17.12 the rail hexes the Russians may use on Game-Turns 1-10 (the scenario's
    ``rail_region``; every one when it names none)."""
    name = D.data(st).rail_region
    if name is None:
        return U.static(st).rail_hexes  # type: ignore[no-any-return]
    return U.static(st).scenario.board.regions.get(name, frozenset())  # type: ignore[no-any-return]


def _outside_region(st: State) -> frozenset[str]:
    def build() -> frozenset[str]:
        return frozenset(U.static(st).rail_hexes - rail_region(st))

    return supply.per_game(st, "hindenburg-rail-outside-region", build)  # type: ignore[no-any-return]


def region_applies(st: State, uid: str) -> bool:
    """17.12 the unit is Russian and it is Game-Turn 1-10."""
    return (  # type: ignore[no-any-return]
        U.info(st, uid).nationality == RUSSIA and st.data["turn"] <= RUSSIAN_RAIL_REGION_LAST_TURN
    )


class HindenburgRail:
    """17.1-17.4 Rail Movement"""

    def rail_case(self, st: State, uid: str, limit: str) -> str:
        """17.11, 17.21, 17.31 capacity and rate; 17.12, 17.22, 17.32 the rail each army
        uses; 17.13, 17.23, 17.33 entrainment."""
        case = CASES.get(U.info(st, uid).nationality, {}).get(limit)
        if case is not None:
            return case
        return super().rail_case(st, uid, limit)  # type: ignore[misc, no-any-return]

    # --- 17.12 the Russian rail region of Game-Turns 1-10 ---------------------------------

    def rail_barred(self, st: State, uid: str) -> frozenset[str]:
        """17.12 on Game-Turns 1-10 the rail hexes outside the Russian rail region."""
        barred: frozenset[str] = super().rail_barred(st, uid)  # type: ignore[misc]
        if region_applies(st, uid):
            return barred | _outside_region(st)
        return barred

    def entrain_refusal(self, st: State, frame: Frame, uid: str) -> tuple[str, str] | None:
        """17.12 nor may a Russian unit entrain in a rail hex outside the region then."""
        here = U.record(st, uid)["hex"]
        if region_applies(st, uid) and here in _outside_region(st):
            return (
                f"on Game-Turns 1-{RUSSIAN_RAIL_REGION_LAST_TURN} the Russians use only the rail"
                f" hexes of the {D.data(st).rail_region or 'rail region'}, and {here} is not one",
                "hindenburg 17.12",
            )
        return super().entrain_refusal(st, frame, uid)  # type: ignore[misc, no-any-return]

    # --- 17.13, 17.23, 17.33 entraining -------------------------------------------------------

    def entrain_roll(self, st: State, uid: str) -> EntrainRoll | None:
        """17.13 Russians entrain on 3-6; 17.23 Austro-Hungarians on 2-5 (and 6, AV1);
        17.33 Germans automatically."""
        nationality = U.info(st, uid).nationality
        if nationality == RUSSIA:
            return EntrainRoll(RUSSIAN_ENTRAIN, "hindenburg 17.13")
        if nationality == AUSTRIA_HUNGARY:
            six = () if option(st, AH_SIX_FAILS_OPTION) else (AH_SIX,)
            return EntrainRoll((*AH_ENTRAIN, *six), "hindenburg 17.23")
        return super().entrain_roll(st, uid)  # type: ignore[misc, no-any-return]

    def entrain_failed(self, st: State, frame: Frame, uid: str, case: str) -> None:
        """17.13, 17.23 the unit that failed is incapable of any further movement this
        Game-Turn: it spends what Movement Points it has left (its side moves in no other
        Movement Segment this Game-Turn; AV11 (b): retreats and withdrawals are no movement,
        5.11).  Its Stacking Points were charged already (17.14, 17.24)."""
        if case not in ("hindenburg 17.13", "hindenburg 17.23"):
            super().entrain_failed(st, frame, uid, case)  # type: ignore[misc]
            return
        frame["spent"][uid] = frame["spent"].get(uid, 0) + max(0, mp_left(st, frame, uid))
        st.log(
            f"{U.info(st, uid).name} may not move by rail and is incapable of any further"
            " movement this Game-Turn.",
            case=case,
        )

    # --- 17.34 off-map rail movement ------------------------------------------------------

    def movement_extensions(self, st: State) -> tuple[MovementExtension, ...]:
        """17.34 German off-map rail movement beside the standard rail movement."""
        exts: tuple[MovementExtension, ...] = super().movement_extensions(st)  # type: ignore[misc]
        return (*exts, OFFMAP_RAIL)

    # --- 17.4 track limits --------------------------------------------------------------

    def track_limit_case(self, st: State) -> str | None:
        """17.41 track limits apply while the optional rule 17.4 is on."""
        if option(st, TRACK_LIMITS_OPTION):
            return "hindenburg 17.41"
        return None

    def track_limit(self, st: State, uid: str, track: str) -> int | None:
        """17.41 the scenario's limits by nationality; with ``ah_track_unlimited`` (AV3 a)
        none for Austro-Hungarian units."""
        if U.info(st, uid).nationality == AUSTRIA_HUNGARY and option(st, AH_TRACK_UNLIMITED_OPTION):
            return None
        return super().track_limit(st, uid, track)  # type: ignore[misc, no-any-return]

    def validate(self, scenario: Scenario, problems: Problems) -> None:
        """17.12, 17.34 the regions the scenario names are map regions."""
        super().validate(scenario, problems)  # type: ignore[misc]
        d = D.parsed(scenario)
        if d is None:
            return  # the game's own check reports malformed [special] data
        validate_region(scenario, problems, "rail_region", d.rail_region)
        validate_region(scenario, problems, "offmap_band", d.offmap_band)
