"""14.1 Reinforcements as Von Hindenburg changes them: entrained on arrival, counted
against Rail Capacity for the Russians only (hindenburg 14.1).

* Every reinforcement arrives entrained (on a rail hex of its entry, 14.12), whatever its
  counter says.
* Russian reinforcements count toward the Russian Rail Capacity in the Game-Turn they
  arrive, German and Austro-Hungarian ones do not.  Read as written, a Russian arrival
  counts whatever it then does: its Stacking Points are charged to the Russian Rail
  Capacity as it arrives (it came by rail), and its own rail movement that Player-Turn
  counts no second time; an arrival the capacity has no room for counts as any unit
  (5.31: it may not move by rail and must detrain if it can).  With the option
  ``russian_arrivals_count_by_use`` every Russian arrival counts as any unit does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import rail
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.hindenburg.data import option

if TYPE_CHECKING:
    from greatwar.engine.state import State

#: 14.1 read as 5.31 would count any unit: only if it moves by rail or stays entrained
ARRIVALS_BY_USE_OPTION = "russian_arrivals_count_by_use"
CASE = "hindenburg 14.1"
RUSSIA = "russia"

#: this section's optional rules (merged into :attr:`HindenburgRules.options`)
OPTIONS: dict[str, OptionSpec] = {
    ARRIVALS_BY_USE_OPTION: OptionSpec(
        False,
        "Russian reinforcements count toward Rail Capacity on arrival only if they move by"
        " rail or stay entrained, as any unit (5.31; default: they count as they arrive)",
        CASE,
    ),
}


class HindenburgReinforcement:
    """14.1 Reinforcements as Von Hindenburg changes them"""

    def reinforcement_entrained(self, st: State, uid: str) -> bool:
        """14.1 all reinforcements are entrained at the instant of arrival."""
        return True

    def reinforcement_counts(self, st: State, uid: str) -> bool:
        """14.1 Russian reinforcements count toward Rail Capacity on their Game-Turn of
        arrival, German and Austro-Hungarian ones do not."""
        return bool(U.info(st, uid).nationality == RUSSIA)

    def reinforcement_arrived(self, st: State, uid: str) -> None:
        """14.1 a Russian arrival is charged to the Russian Rail Capacity as it arrives (it
        then counts no second time this Player-Turn); one the capacity has no room for
        counts as any unit (5.31): it may not move by rail, and detrains if it can."""
        super().reinforcement_arrived(st, uid)  # type: ignore[misc]
        ui = U.info(st, uid)
        if option(st, ARRIVALS_BY_USE_OPTION) or not self.reinforcement_counts(st, uid):
            return
        if ui.hq or not ui.stacking:
            return  # 5.31 HQs count nothing
        pool = rail.capacity_pool(st, uid)
        capacity = rail.capacity(st, pool)
        room = rail.capacity_left(st, ui.side).get(pool, 0)
        if rail.entrained(st, uid):
            room += ui.stacking  # the room before its own Entrained marker counts it
        if room < ui.stacking:
            st.log(
                f"{ui.name} arrived by rail and the Russian Rail Capacity has room for {room}"
                f" of its {ui.stacking} Stacking Points this Game-Turn: it counts as any unit"
                " (5.31), moving by rail or staying entrained only within the capacity.",
                case=CASE,
            )
            return
        rail.charge_capacity(st, uid)
        U.add_marker(st, uid, rail.RAIL_EXEMPT)  # counted once, as it arrives: not again
        st.log(
            f"{ui.name} arrived by rail: its {ui.stacking} Stacking Points count toward the"
            f" Russian Rail Capacity this Game-Turn ({room - ui.stacking} of {capacity} left).",
            case=CASE,
        )
