"""Austro-Hungarian intermap transfer between the Galician and Serbian maps (serbia-galicia
2.1, 17.4), and who may not use it (17.41, 17.42).

17.4 a transfer "works like Off-Map Movement" (std 5.37, 5.38): the scenario's
``[[offmap_link]]`` joins a rail map-exit hex of one map to one of the other, at a cost in
Movement Points (the rules give none: the teaching scenario's 8 is provisional); a unit
leaves entrained, pays the cost off the map (carrying it over Game-Turns, 5.38) and
re-enters entrained.  A link that joins two hexes of one map is no transfer.

* 17.4 only the Austro-Hungarian Player transfers: an Allied unit is refused.
* 17.41 units whose Superior Unit Designation is a Balkan army (``[special]
  balkan_armies``), and those armies' HQs and depots (their counters' ``superior``)
  never transfer.
* 17.42 the ``late_army``'s units, HQ and depots may not leave the Serbian map before
  Game-Turn ``late_army_turn``.

The refusals are the standard rules' :meth:`RailRules.off_map_refusal`, asked for a unit
on the map (5.37) as for a reinforcement whose entry is blocked (14.23).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import reinforcement
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.serbia_galicia import data as D

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems

#: this section's optional rules (merged into :attr:`SerbiaGaliciaRules.options`)
OPTIONS: dict[str, OptionSpec] = {}

#: 17.4 the only nationality that transfers between the maps
TRANSFERS = "austria-hungary"

Why = tuple[str, str]


def superior(st: State, uid: str) -> str:
    """2.3 the unit's Superior Unit Designation (its army; an army HQ's own)."""
    counter = U.static(st).scenario.counters.get(uid)
    return "" if counter is None else counter.superior


def _origin(st: State, uid: str) -> str | None:
    """The hex the unit would leave from: its own, or a pending reinforcement's scheduled
    entry hex (14.23)."""
    here: str | None = U.record(st, uid)["hex"]
    if here is not None:
        return here
    scheduled = reinforcement.scheduled_hexes(st, uid)
    return scheduled[0] if scheduled else None


def transfer(st: State, uid: str, to: Any) -> tuple[str, str] | None:
    """(from map, to map) when travelling toward ``to`` moves the unit between the maps
    (17.4), else None."""
    board = U.static(st).scenario.board
    origin = _origin(st, uid)
    if origin is None or not isinstance(to, str) or not board.on_map(to):
        return None
    start, end = board.map_of(origin), board.map_of(to)
    return None if start == end else (start, end)


def transfer_refusal(st: State, uid: str, to: Any) -> Why | None:
    """Why the unit may not transfer between the maps toward ``to`` (17.4, 17.41, 17.42),
    or None (it may, or it is no transfer)."""
    maps = transfer(st, uid, to)
    if maps is None:
        return None
    ui, d = U.info(st, uid), D.data(st)
    if ui.nationality != TRANSFERS:
        return (
            f"only the Austro-Hungarian Player transfers units between the maps; {ui.name} may not",
            "serbia-galicia 17.4",
        )
    army = superior(st, uid)
    if army in d.balkan_armies:
        return (
            f"{ui.name} belongs to the {army}, a Balkan army: it never transfers between the maps",
            "serbia-galicia 17.41",
        )
    turn = st.data["turn"]
    if army == d.late_army and maps[0] == d.serbia_map and turn < d.late_army_turn:
        return (
            f"{ui.name} belongs to the {army}: it may not leave the Serbian map before"
            f" Game-Turn {d.late_army_turn} (this is Game-Turn {turn})",
            "serbia-galicia 17.42",
        )
    return None


def validate_armies(scenario: Scenario, problems: Problems) -> None:
    """17.41, 17.42 the armies ``[special]`` names are Superior Unit Designations of the
    scenario's counters."""
    d = D.parsed(scenario)
    if d is None:
        return  # the game's own check reports malformed [special] data
    armies = {c.superior for c in scenario.counters.values() if c.superior}
    known = ", ".join(sorted(armies)) or "none"
    for index, army in enumerate(d.balkan_armies):
        if army not in armies:
            problems.add(
                ("special", "balkan_armies", index),
                f"no counter's superior is {army!r} (17.41; the armies: {known})",
            )
    if d.late_army and d.late_army not in armies:
        problems.add(
            ("special", "late_army"),
            f"no counter's superior is {d.late_army!r} (17.42; the armies: {known})",
        )


class IntermapTransfer:
    """A part of :class:`SerbiaGaliciaRules` (every override calls ``super()`` and keeps
    what the parts after it in the rules' bases give)."""

    def off_map_refusal(self, st: State, uid: str, to: Any) -> Why | None:
        """serbia-galicia 17.4 Austro-Hungarians only; 17.41 never the Balkan armies;
        17.42 the late army not before its Game-Turn."""
        given: Why | None = super().off_map_refusal(st, uid, to)  # type: ignore[misc]
        return given or transfer_refusal(st, uid, to)

    def validate(self, scenario: Scenario, problems: Problems) -> None:
        """serbia-galicia 17.41, 17.42 the armies named in ``[special]`` exist."""
        super().validate(scenario, problems)  # type: ignore[misc]
        validate_armies(scenario, problems)
