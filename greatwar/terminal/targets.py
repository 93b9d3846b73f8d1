"""Hex numbers and unit names as input: ``0503`` acts on the unit in hex 0503 (selects it),
then ``0403`` moves the selected unit there, when these are legal actions.

A typed target is matched against the legal actions only, so nothing the rules forbid
can be done this way; what the matching finds is one action (applied), several (listed
for the player to choose by number), or none (the terminal says why it cannot act).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from greatwar.model.board import Board

#: keys of an action that name the hex it acts on
HEX_KEYS = ("to", "hex", "target", "destination")
#: keys of an action that name the unit it acts on
UNIT_KEYS = ("unit", "hq")


@dataclass(frozen=True)
class Target:
    """What a typed line names: a hex (``hex``) or a unit (``unit``, its id)."""

    text: str
    hex: str | None = None
    unit: str | None = None


def hex_label(board: Board, line: str) -> str | None:
    """The hex a line names, spelt as the map spells it (``a18b19`` is ``A18 B19``)."""
    compact = "".join(line.split()).upper()
    for label in board.hexes:
        if "".join(label.split()).upper() == compact:
            return label
    return None


def unit_named(units: list[dict[str, Any]], line: str) -> str | None:
    """The unit a line names (its name, case and spaces aside), among the units the seat
    sees."""
    wanted = " ".join(line.split()).casefold()
    for unit in units:
        if unit.get("name", "").casefold() == wanted:
            return str(unit["id"])
    return None


def parse(board: Board, units: list[dict[str, Any]], line: str) -> Target | None:
    label = hex_label(board, line)
    if label is not None:
        return Target(line, hex=label)
    uid = unit_named(units, line)
    return Target(line, unit=uid) if uid is not None else None


def _names_hex(action: dict[str, Any], label: str) -> bool:
    if any(action.get(key) == label for key in HEX_KEYS):
        return True
    targets = action.get("targets")
    return isinstance(targets, list) and label in targets


def _names_unit(action: dict[str, Any], uid: str) -> bool:
    if any(action.get(key) == uid for key in UNIT_KEYS):
        return True
    return any(isinstance(v, list) and uid in v for v in action.values())


def _cheapest(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Of several ways into the same hex by one unit, the cheapest (the first of equals)."""
    units = {a.get("unit") for a in actions}
    if len(units) == 1 and all(isinstance(a.get("cost"), int) for a in actions):
        return [min(actions, key=lambda a: a["cost"])]
    return actions


def matching(
    target: Target,
    actions: list[dict[str, Any]],
    units: list[dict[str, Any]],
    selected: str | None,
) -> list[dict[str, Any]]:
    """The legal actions a target names.  A hex: the actions into it (the selected unit's
    first), else the actions on the units in it.  A unit: the actions on it."""
    if target.unit is not None:
        return [a for a in actions if _names_unit(a, target.unit)]
    label = target.hex or ""
    into = [a for a in actions if _names_hex(a, label)]
    own = [a for a in into if selected is not None and a.get("unit") == selected]
    if own or into:
        return _cheapest(own or into)
    present = {u["id"] for u in units if u.get("status") == "on_map" and u.get("hex") == label}
    return [a for a in actions if any(_names_unit(a, uid) for uid in present)]
