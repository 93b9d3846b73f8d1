"""Rail movement in Serbia/Galicia (serbia-galicia 5.3, 14.1, 17.1-17.3, 17.5): rates,
capacities by Game-Turn, own-country railroads, the entrain roll, forced detraining, the
optional track limits.

The numbers are the scenario's data, which the standard rail rules (:mod:`..rail`)
apply; this part names Serbia/Galicia's cases in their rulings and adds its own:

* 5.3 ``parameters.rail_rate`` (Austro-Hungarian 20 hexes, Russian 18, Serbian 14).
* 5.3b ``parameters.rail_capacity`` by nationality: the Austro-Hungarian and Russian by
  Game-Turn (the Game-Turn Track's "18/13"), the Serbian 5 Stacking Points.
* 5.3c ``parameters.friendly_countries`` by nationality: each nationality's own country
  only, for rail movement and for supply (the standard rules read it for both, 9.15).
* 14.1, 17.32 every reinforcement may arrive entrained (on a rail entry hex), at the
  owning Player's option (an ``enter`` action with ``entrained: false`` brings it on not
  entrained, to move by normal movement); one arriving entrained is charged to its
  nationality's Rail Capacity as it arrives (it counts no second time that Player-Turn),
  and needs no entrain roll on its Game-Turn of arrival.  Delaying arrival is the
  standard withholding (14.24).
* 17.11 an Austro-Hungarian or Russian unit rolls one die to entrain once it is in the
  rail hex (the errata): 3-6 it entrains, 1-2 it ends its movement for the phase; an
  entrained unit never rolls.  17.12 a failed attempt counts against Rail Capacity.
  Serbian units entrain without a roll (the standard rules).
* 17.2 Austro-Hungarian reinforcements that entered the Galician map entrained complete
  that Movement Phase entrained and are then detrained (:data:`GALICIAN_ARRIVALS`, at the
  end of the Movement Segment); units transferred from the other map are not concerned.
* 17.31 supply depots and HQs entrain without a roll; depots count against Rail Capacity,
  HQs do not (the standard rules, 5.31).
* 17.5 (optional, ``track_limits``) the scenario's ``parameters.track_limit`` (single
  track Russian and Serbian 4, Austro-Hungarian 5; double 12 and 14) per hexside, rail
  line and Movement Phase, each line counted apart (17.53): the standard mechanism.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import rail
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.movement_extension import MovementExtension
from greatwar.rules.gwite.rail import EntrainRoll
from greatwar.rules.gwite.serbia_galicia import data as D
from greatwar.rules.gwite.serbia_galicia.data import option

if TYPE_CHECKING:
    from greatwar.engine.phases import Frame
    from greatwar.engine.state import State

TRACK_LIMITS_OPTION = "track_limits"

#: this section's optional rules (merged into :attr:`SerbiaGaliciaRules.options`)
OPTIONS: dict[str, OptionSpec] = {
    TRACK_LIMITS_OPTION: OptionSpec(
        False,
        "Rail movement limitation: Stacking Points per hexside and rail line per Movement"
        " Phase (optional rule)",
        "serbia-galicia 17.51",
    ),
}

AUSTRIA_HUNGARY = "austria-hungary"
#: 17.11 the nationalities that roll to entrain, and the rolls that succeed
ENTRAIN_ROLLERS = frozenset({AUSTRIA_HUNGARY, "russia"})
ENTRAIN_SUCCESS = (3, 4, 5, 6)
ENTRAIN_CASE = "serbia-galicia 17.11"

#: unit record field: the Game-Turn a reinforcement arrived and the map it arrived on
#: (17.32 no roll that Game-Turn; 17.2 Austro-Hungarians entering Galicia entrained)
ARRIVAL = "sg_arrival"

#: the standard rules' case of each rail limit Serbia/Galicia gives its own case for
STANDARD_CASES = {"capacity": "5.31", "rate": "5.31", "friendly": "5.32"}
#: the case each rail limit's ruling names in Serbia/Galicia (``rail_case`` keys)
CASES = {
    "capacity": "serbia-galicia 5.3b",
    "rate": "serbia-galicia 5.3",
    "friendly": "serbia-galicia 5.3c",
}


def arrived_this_turn(st: State, uid: str) -> bool:
    """17.32 the unit is a reinforcement brought into play this Game-Turn."""
    arrival = U.record(st, uid).get(ARRIVAL)
    return arrival is not None and arrival["turn"] == st.data["turn"]


def _free_entrainer(st: State, uid: str) -> str | None:
    """The case that lets the unit entrain without a roll: 17.31 a supply depot or HQ,
    17.32 a reinforcement on its Game-Turn of arrival; None: it rolls (17.11)."""
    ui = U.info(st, uid)
    if ui.hq or ui.type == "supply_depot":
        return "serbia-galicia 17.31"
    if arrived_this_turn(st, uid):
        return "serbia-galicia 17.32"
    return None


def _rolls(st: State, uid: str) -> bool:
    return U.info(st, uid).nationality in ENTRAIN_ROLLERS


def galician_arrivals(st: State, side: str) -> list[str]:
    """17.2 ``side``'s Austro-Hungarian reinforcements that entered the Galician map
    entrained this Game-Turn and are entrained on the map still."""
    galicia = D.data(st).galicia_map
    out = []
    for uid in U.static(st).units:
        ui, u = U.info(st, uid), U.record(st, uid)
        arrival = u.get(ARRIVAL)
        if (
            ui.side == side
            and ui.nationality == AUSTRIA_HUNGARY
            and arrived_this_turn(st, uid)
            and arrival is not None
            and arrival["map"] == galicia
            and arrival["entrained"]
            and u["status"] == "on_map"
            and rail.entrained(st, uid)
        ):
            out.append(uid)
    return out


class GalicianArrivals(MovementExtension):
    """17.2 at the end of the Movement Segment, Austro-Hungarian reinforcements that
    entered the Galician map entrained are detrained (they moved as they might)."""

    def close(self, st: State, frame: Frame) -> None:
        for uid in galician_arrivals(st, frame["side"]):
            U.remove_marker(st, uid, rail.ENTRAINED)
            st.log(
                f"{U.info(st, uid).name} entered the Galician front map entrained: it is"
                f" detrained in {U.record(st, uid)['hex']} at the end of the Movement Phase.",
                case="serbia-galicia 17.2",
            )
            U.rules(st).unit_detrained(st, uid)


GALICIAN_ARRIVALS = GalicianArrivals()


class SerbiaGaliciaRail:
    """A part of :class:`SerbiaGaliciaRules` (every override calls ``super()`` and keeps
    what the parts after it in the rules' bases give)."""

    def rail_case(self, st: State, uid: str, limit: str) -> str:
        """serbia-galicia 5.3 rate, 5.3b capacity, 5.3c own-country railroads; the case of
        an entrainment: 17.11 after its roll, 17.31, 17.32 without one."""
        given: str = super().rail_case(st, uid, limit)  # type: ignore[misc]
        if limit in CASES and given == STANDARD_CASES[limit]:
            return CASES[limit]
        if limit == "entrain" and given == "5.32" and _rolls(st, uid):
            return _free_entrainer(st, uid) or ENTRAIN_CASE
        return given  # another limit, or a later part's own case

    # --- 17.1, 17.3 entraining ------------------------------------------------------------

    def entrain_roll(self, st: State, uid: str) -> EntrainRoll | None:
        """serbia-galicia 17.11 Austro-Hungarian and Russian units roll, 3-6 entrains;
        17.31 depots and HQs, 17.32 reinforcements on their turn of arrival do not."""
        given: EntrainRoll | None = super().entrain_roll(st, uid)  # type: ignore[misc]
        if given is not None or not _rolls(st, uid) or _free_entrainer(st, uid):
            return given
        return EntrainRoll(ENTRAIN_SUCCESS, ENTRAIN_CASE)

    def entrain_failed(self, st: State, frame: Frame, uid: str, case: str) -> None:
        """serbia-galicia 17.11 the unit ends its movement for the phase (the standard
        rules' failure); 17.12 its Stacking Points were charged all the same."""
        super().entrain_failed(st, frame, uid, case)  # type: ignore[misc]
        if case == ENTRAIN_CASE:
            ui = U.info(st, uid)
            st.log(
                f"{ui.name}'s failed attempt counts its {ui.stacking} Stacking Points against"
                " the Rail Capacity.",
                case="serbia-galicia 17.12",
            )

    # --- 14.1, 17.32 reinforcements ---------------------------------------------------------

    def reinforcement_entrained(self, st: State, uid: str) -> bool:
        """serbia-galicia 14.1, 17.32 every reinforcement may be considered entrained."""
        super().reinforcement_entrained(st, uid)  # type: ignore[misc]
        return True

    def reinforcement_entrain_optional(self, st: State, uid: str) -> bool:
        """serbia-galicia 14.1 entrained at arrival at the owning Player's option."""
        super().reinforcement_entrain_optional(st, uid)  # type: ignore[misc]
        return True

    def reinforcement_arrived(self, st: State, uid: str) -> None:
        """serbia-galicia 14.1 an entrained arrival counts against its nationality's Rail
        Capacity on its Game-Turn of arrival (charged now, once); 17.2, 17.32 the arrival
        is remembered."""
        super().reinforcement_arrived(st, uid)  # type: ignore[misc]
        here = U.record(st, uid)["hex"]
        board = U.static(st).scenario.board
        entrained = rail.entrained(st, uid)
        U.set_note(
            st,
            uid,
            ARRIVAL,
            {"turn": st.data["turn"], "map": board.map_of(here), "entrained": entrained},
        )
        if entrained and not U.has_marker(st, uid, rail.RAIL_EXEMPT):
            self._charge_arrival(st, uid)

    def _charge_arrival(self, st: State, uid: str) -> None:
        """14.1 charge an entrained arrival to the Rail Capacity: it counts this Game-Turn
        whatever it does (HQs count nothing, 17.31)."""
        ui = U.info(st, uid)
        if ui.hq or not ui.stacking:
            return
        pool = rail.capacity_pool(st, uid)
        room = rail.capacity_left(st, ui.side).get(pool, 0) + ui.stacking  # before its own
        if room < ui.stacking:
            st.log(
                f"{ui.name} arrives entrained with {max(0, room)} Stacking Points of Rail"
                " Capacity left: it counts as any entrained unit (5.31), detraining if the"
                " capacity is over at the end of the Movement Segment.",
                case="serbia-galicia 14.1",
            )
            return
        rail.charge_capacity(st, uid)
        U.add_marker(st, uid, rail.RAIL_EXEMPT)  # counted once, as it arrives: not again
        st.log(
            f"{ui.name} arrives entrained: its {ui.stacking} Stacking Points count against"
            f" the Rail Capacity this Game-Turn ({rail.capacity_left(st, ui.side)} left).",
            case="serbia-galicia 14.1",
        )

    # --- 17.2 the Austro-Hungarian rail net ---------------------------------------------------

    def movement_extensions(self, st: State) -> tuple[MovementExtension, ...]:
        """serbia-galicia 17.2 Austro-Hungarian arrivals in Galicia detrain at the end of
        the Movement Segment."""
        exts: tuple[MovementExtension, ...] = super().movement_extensions(st)  # type: ignore[misc]
        return (*exts, GALICIAN_ARRIVALS)

    # --- 17.5 track limits ---------------------------------------------------------------

    def track_limit_case(self, st: State) -> str | None:
        """serbia-galicia 17.51 track limits apply while the optional rule 17.5 is on."""
        given: str | None = super().track_limit_case(st)  # type: ignore[misc]
        if given is None and option(st, TRACK_LIMITS_OPTION):
            return "serbia-galicia 17.51"
        return given
