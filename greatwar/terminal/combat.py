"""The breakdown of a fight before it is committed, from the seat's view: strengths, odds,
shifts, the column, the modifiers with their cases, and what each die roll gives.

GWitE's view (``combat``) names the column; the results of each roll are read from the
8.8 Combat Results Table, with the die and result modifiers the view lists.  Tannenberg's
view (``clash``) gives the results of each roll itself (a bombardment's ``preview``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

DIE = range(1, 7)
#: the names of the fights a Tannenberg clash view previews, by their key in it
FIGHTS = {"shelling": "Bombardment", "current": "Clash", "forming": "Clash being formed"}


def _case(entry: dict[str, Any]) -> str:
    return f" [{entry['case']}]" if entry.get("case") else ""


def _signed(value: Any) -> str:
    return f"{int(value):+d}" if isinstance(value, int | float) else str(value)


def gwite_lines(combat: dict[str, Any], names: dict[str, str]) -> list[str]:
    """GWitE 8.0: the attack being put together."""
    out = [f"Attack on {', '.join(combat.get('targets', []))}:"]
    for force, key in (("attackers", "attack"), ("defenders", "defense")):
        units = ", ".join(
            f"{u.get('name', names.get(u.get('unit', ''), '?'))} {u.get('strength')}"
            for u in combat.get(force, [])
        )
        out.append(f"  {force}: {units or 'none'} = {combat.get(key)}")
    out.append(f"  odds {combat.get('odds', '-')}, attacker's TCR {combat.get('tcr')}")
    for shift in combat.get("shifts", []):
        who = names.get(shift.get("hq") or shift.get("unit") or "", "a shift")
        out.append(f"  shift {_signed(shift.get('shift'))} by {who}{_case(shift)}")
    if combat.get("final_odds"):
        out.append(f"  final odds {combat['final_odds']}, column {combat.get('column', '-')}")
    for mod in combat.get("die_modifiers", []):
        out.append(f"  die roll {_signed(mod.get('value'))}: {mod.get('why')}{_case(mod)}")
    for mod in combat.get("result_modifiers", []):
        out.append(
            f"  {mod.get('force')}'s result {_signed(mod.get('value'))}: {mod.get('why')}"
            f"{_case(mod)}"
        )
    if combat.get("legal") is False:
        out.append(f"  cannot be resolved: {combat.get('reason')}{_case(combat)}")
        return out
    if combat.get("column"):
        out += [f"  {line}" for line in gwite_rolls(combat)]
    return out


def gwite_rolls(combat: dict[str, Any]) -> list[str]:
    """What each die roll gives on the column (attacker/defender), modifiers applied; a
    provisional entry of the table is marked ``*``."""
    from greatwar.rules.gwite import crt

    table = crt.table()
    shift = sum(int(m.get("value", 0)) for m in combat.get("die_modifiers", []))
    cells = []
    for die in DIE:
        found = table.lookup(int(combat["tcr"]), combat["column"], die + shift)
        attacker, defender = found.attacker, found.defender
        for mod in combat.get("result_modifiers", []):
            for _ in range(int(mod.get("value", 0))):
                if mod.get("force") == "attacker":
                    attacker = crt.worsen(attacker, attacking=True)
                else:
                    defender = crt.worsen(defender, attacking=False)
        mark = "*" if found.provisional else ""
        cells.append(f"{die}: {attacker}/{defender}{mark}")
    return ["die roll → attacker/defender:  " + "  ".join(cells), *_provisional_note(cells)]


def _provisional_note(cells: list[str]) -> list[str]:
    if any(c.endswith("*") for c in cells):
        return ["(* a provisional entry of the table)"]
    return []


def previews(data: Any) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every ``preview`` with results in a Tannenberg clash view, with where it was found."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "preview" and isinstance(value, dict) and "results" in value:
                yield "", value
            else:
                for where, found in previews(value):
                    yield where or key, found
    elif isinstance(data, list):
        for item in data:
            yield from previews(item)


def preview_lines(kind: str, preview: dict[str, Any]) -> list[str]:
    """Tannenberg: a fight's ratio, modifiers, shift, column and results by die roll."""
    out = [
        f"{FIGHTS.get(kind, kind.replace('_', ' ').capitalize() or 'Fight')}:"
        f" {preview.get('attack')} to {preview.get('defence')},"
        f" ratio {preview.get('ratio')}"
    ]
    for mod in preview.get("modifiers", []):
        out.append(f"  {_signed(mod.get('value'))}: {mod.get('why')}{_case(mod)}")
    out.append(f"  shift {_signed(preview.get('shift', 0))}, column {preview.get('column')}")
    rolls = "  ".join(f"{die}: {result}" for die, result in preview.get("results", {}).items())
    out.append(f"  die roll → result:  {rolls}")
    return out


def breakdown(view: dict[str, Any], names: dict[str, str]) -> list[str]:
    """The lines of every fight being prepared in the view (none outside a fight)."""
    if view.get("combat"):
        return gwite_lines(view["combat"], names)
    out: list[str] = []
    for kind, preview in previews(view.get("clash")):
        out += preview_lines(kind, preview)
    return out
