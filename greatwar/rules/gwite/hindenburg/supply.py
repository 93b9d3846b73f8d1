"""16.0-16.2 Supply: depots supply their own nationality, rail hexes by national boundary
and control; ranges by nationality (hindenburg 9.1, 16.1, 16.21-16.23, 17.54).

* 9.1, 16.1, 16.21 Supply Ranges are the scenario's ``parameters.supply_range`` by
  nationality (German 6 hexes, Russian and Austro-Hungarian 3), from a depot as from a
  rail hex, for units and for depots alike.
* 16.0, 16.1 a supply depot supplies only units (and depots) of its own nationality: each
  nationality traces as its own supply class (:meth:`supply_class`), and a depot serves
  only its own (:meth:`depot_serves`), so depot chains stay within one army too.
* 16.22 the rail hexes each army draws on are those of its own countries
  (``parameters.friendly_countries`` by nationality: Russians in Poland, Germans in
  Germany and Austria-Hungary, Austro-Hungarians in Austria-Hungary).
* 16.23, 17.54 only rail hexes Friendly to the Player (17.5, :mod:`.control`), and only
  from the Game-Turn after they became so (17.52), supply his units.
* 9.15 still applies (16.0 restricts the sources, it does not lift 9.15's path of
  usable rail hexes to a Friendly map edge); with the option ``rail_supply_anywhere``
  every usable rail hex of the army's countries is a source (16.22 "any Rail hex").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.hindenburg.data import option
from greatwar.rules.gwite.supply import SupplyClass

if TYPE_CHECKING:
    from greatwar.engine.state import State

#: 16.22 read as "any Rail hex", without 9.15's path to a Friendly map edge
RAIL_SUPPLY_ANYWHERE_OPTION = "rail_supply_anywhere"

#: this section's optional rules (merged into :attr:`HindenburgRules.options`)
OPTIONS: dict[str, OptionSpec] = {
    RAIL_SUPPLY_ANYWHERE_OPTION: OptionSpec(
        False,
        "Any Friendly rail hex of a unit's own country supplies it, joined to a map edge or"
        " not (16.22 'any Rail hex'; default: 9.15's path of rail hexes to a Friendly map"
        " edge still applies)",
        "hindenburg 16.22",
    ),
}


class HindenburgSupply:
    """16.0-16.2 Supply"""

    def supply_class(self, st: State, uid: str) -> SupplyClass:
        """16.0, 16.22 each army traces supply apart: its own rail, its own depots."""
        ui = U.info(st, uid)
        return SupplyClass(ui.side, ui.nationality)

    def depot_serves(self, st: State, depot: str, cls: SupplyClass) -> bool:
        """16.0, 16.1 a depot supplies only units and depots of its own nationality."""
        ui = U.info(st, depot)
        return bool(ui.side == cls.side and ui.nationality == cls.nationality)

    def rail_source_needs_edge(self, st: State, cls: SupplyClass) -> bool:
        """9.15 stands (the option ``rail_supply_anywhere`` reads 16.22 without it)."""
        if option(st, RAIL_SUPPLY_ANYWHERE_OPTION):
            return False
        return super().rail_source_needs_edge(st, cls)  # type: ignore[misc, no-any-return]
