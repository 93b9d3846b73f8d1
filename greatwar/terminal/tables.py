"""Tables printed in the terminal: the units with their printed values, and the breakdown
of a fight before it is committed (odds, shifts, column, what each die roll gives).

Everything comes from a seat's view (what the seat may know) and the counter sheet (what
is printed on the counters, public to both players).
"""

from __future__ import annotations

from typing import Any

from rich.table import Table

from greatwar.model.loader import Scenario
from greatwar.model.schema import StepValues

#: printed values in the order shown, with their column headings
VALUE_NAMES: dict[str, str] = {
    "attack": "att",
    "defense": "def",
    "strength": "str",
    "barrage": "bar",
    "attack_fire": "att fire",
    "defence_fire": "def fire",
    "effectiveness": "eff",
    "movement": "MP",
    "tcr": "TCR",
    "attack_shift": "shift",
    "combat_modifier": "mod",
    "command_radius": "radius",
    "command_strength": "cmd",
    "combat_strength": "c.str",
}


def side_of(scenario: Scenario, role: str) -> str | None:
    """The side a seat plays (Tannenberg with three players: ``russian-1`` plays
    ``russian``)."""
    for side in scenario.sides:
        if role == side.id or role.startswith(f"{side.id}-"):
            return side.id
    return None


def losses(unit: dict[str, Any]) -> str:
    """Steps lost (GWitE) or level and endurance lost (Tannenberg), as the view gives them."""
    if "steps_lost" in unit:
        return str(unit["steps_lost"])
    if unit.get("level") is not None and unit.get("endurance_lost") is not None:
        return f"level {unit['level']}, endurance -{unit['endurance_lost']}"
    return ""


def current_step(scenario: Scenario, unit: dict[str, Any]) -> StepValues | None:
    """The printed values of the unit's present step (None for a counter not on the sheet,
    such as a mask, or a unit whose losses the view does not give: its values unknown)."""
    counter = scenario.counters.get(unit["id"])
    if counter is None or not counter.steps:
        return None
    lost = unit.get("steps_lost", unit.get("level"))  # GWitE steps, Tannenberg levels lost
    if not isinstance(lost, int):
        return None
    return counter.steps[min(lost, len(counter.steps) - 1)]


def values_text(scenario: Scenario, unit: dict[str, Any]) -> str:
    """``att 8 · def 6 · MP 4 · TCR 2``: the present step's printed values."""
    step = current_step(scenario, unit)
    counter = scenario.counters.get(unit["id"])
    if step is None or counter is None:
        return ""
    parts = []
    for field, heading in VALUE_NAMES.items():
        value = getattr(step, field)
        if value is None and field in ("movement", "tcr", "effectiveness"):
            value = getattr(counter, field, None)
        if value is not None:
            parts.append(f"{heading} {value}")
    return " · ".join(parts)


def units_table(
    scenario: Scenario, view: dict[str, Any], role_side: str | None, title: str
) -> Table:
    """Own units fully (on the map, to come, eliminated); enemy units on the map, as the
    view shows them."""
    table = Table("unit", "side", "where", "values", "losses", "markers", title=title)
    names = {s.id: s.name for s in scenario.sides}
    own = [u for u in view.get("units", []) if u.get("side") == role_side]
    enemy = [
        u
        for u in view.get("units", [])
        if u.get("side") != role_side and u.get("status") == "on_map"
    ]
    for unit in own + enemy:
        where = unit.get("hex") if unit.get("status") == "on_map" else unit.get("status", "")
        table.add_row(
            unit["name"],
            names.get(unit.get("side", ""), unit.get("side", "")),
            str(where or ""),
            values_text(scenario, unit),
            losses(unit),
            ", ".join(m.replace("_", " ") for m in unit.get("markers", [])),  # in words
        )
    return table
