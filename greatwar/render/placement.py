"""Which units stand where: a state's units on the map, or the scenario's set-up
(its ``[position]``, else each counter's ``setup`` hex), stacked in drawing order.

Reads a state's plain data only (a ``data`` dict); knows nothing of the rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from greatwar.model.schema import Counter
from greatwar.render.geometry import canonical_label

if TYPE_CHECKING:
    from greatwar.model.loader import Scenario


SIZE_RANK = {
    "army": 7,
    "corps": 6,
    "division": 5,
    "brigade": 4,
    "regiment": 3,
    "battalion": 2,
    "detachment": 1,
}
TYPE_RANK = {"artillery": 1, "hq": 2, "supply_depot": 3, "supply_train": 3}


@dataclass(frozen=True)
class Placed:
    """A unit to draw: its counter, and how many steps it has lost."""

    uid: str
    counter: Counter
    lost: int


def placements(scenario: Scenario, data: Mapping[str, Any] | None) -> dict[str, list[Placed]]:
    """Units on the map by hex, in drawing order (top counter first).

    ``data`` is a state's data (its units with status ``on_map``); without it the
    scenario's set-up: its ``[position]`` if it has one, else each counter's ``setup``.
    """
    if data is not None:
        found = _on_map(scenario, data)
    elif scenario.file.position is not None:
        found = _in_position(scenario)
    else:
        found = _at_setup(scenario)
    stacks: dict[str, list[Placed]] = {}
    for label, placed in found:
        if label is not None:
            stacks.setdefault(label, []).append(placed)
    for units in stacks.values():
        units.sort(key=_stack_order)
    return stacks


def _on_map(scenario: Scenario, data: Mapping[str, Any]) -> list[tuple[str | None, Placed]]:
    """A state's units on the map (``lost``: steps lost), at the map's spelling of their hex."""
    found: list[tuple[str | None, Placed]] = []
    for uid, rec in (data.get("units") or {}).items():
        counter = scenario.counters.get(uid)
        if counter is None or not isinstance(rec, Mapping) or rec.get("status") != "on_map":
            continue
        lost = int(rec.get("lost") or 0)
        found.append((canonical_label(scenario.board, rec.get("hex")), Placed(uid, counter, lost)))
    return found


def _in_position(scenario: Scenario) -> list[tuple[str | None, Placed]]:
    """The units the scenario's ``[position]`` puts on the map."""
    position = scenario.file.position
    found: list[tuple[str | None, Placed]] = []
    for uid, pos in position.units.items() if position is not None else ():
        counter = scenario.counters.get(uid)
        if counter is not None and pos.status == "on_map":
            placed = Placed(uid, counter, pos.steps_lost)
            found.append((canonical_label(scenario.board, pos.hex), placed))
    return found


def _at_setup(scenario: Scenario) -> list[tuple[str | None, Placed]]:
    """Every counter with a ``setup`` hex, at full strength."""
    return [
        (canonical_label(scenario.board, counter.setup), Placed(uid, counter, 0))
        for uid, counter in scenario.counters.items()
        if counter.setup is not None
    ]


def _stack_order(placed: Placed) -> tuple[int, int]:
    """Combat units on top, the biggest first; HQs and depots underneath."""
    c = placed.counter
    return TYPE_RANK.get(c.type, 0), -SIZE_RANK.get(c.size, 0)
