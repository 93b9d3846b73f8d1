"""The player's reference beside the map (issue 17, notation and references).

* :func:`scenario_tables` -- the tables that are not grids in the data directory, in the
  same shape as :func:`greatwar.server.mapdata.table_entry`: the Combat Result Option
  Table (GWitE 8.9), the terrain chart of the scenario (GWitE 5.4, costs per TCR 1-4;
  Tannenberg's TERRAIN CHARACTERISTICS, 4.3 and 9.7) and Tannenberg's command values
  (13.0); provisional entries marked as in the grids.
* :func:`legend_features` -- every feature the map picture draws on this scenario's map
  (borders, railroads, roads, entry letters, supply sources, fortresses, off-map rail
  links, trenches, cities and towns), each with what it means, and the notes on the
  notation (TCR, the provisional star, whom the victory points count for).
"""

from __future__ import annotations

import tomllib
from typing import Any

from greatwar.model.loader import DATA_ROOT, Scenario
from greatwar.render.borders import national_border_sides
from greatwar.render.edges import entry_marker, supply_marker
from greatwar.render.hexsides import border_marks, side_color
from greatwar.render.lines import rail_marks, road_marks
from greatwar.render.places import city_marker, fortress_sample
from greatwar.render.trenches import trench_marks

TCR_WORDS = "TCR: Tactical Combat Rating (1-4), printed on each unit"
PROVISIONAL_WORDS = (
    "* or shading: provisional, a value the project supplied where the printed rules or"
    " tables lack it (replaced when the printed value is known)."
)


#: the names the rulebooks give the tables, by the id the Tables tab knows them by
TABLE_TITLES = {
    "crt": "Combat Results Table",
    "combat_options": "Combat Result Option Table",
    "terrain_effects": "Terrain Effects Chart",
    "combat_results": "Combat Results",
    "retreat_attempt": "Retreat Attempt",
    "independence": "Independence of Command",
    "terrain_characteristics": "Terrain Characteristics",
    "command": "Command",
}


def table_title(table_id: str) -> str:
    """The table's printed name (its id in words where the rules give none)."""
    return TABLE_TITLES.get(table_id, table_id.replace("_", " "))


def _row(key: str, values: list[str], provisional: list[int], source: str) -> dict[str, Any]:
    return {"key": key, "values": values, "provisional": provisional, "source": source}


def _table(
    table_id: str, source: str, description: str, row_label: str, columns: list[str]
) -> dict[str, Any]:
    return {
        "id": table_id,
        "title": table_title(table_id),
        "table": table_id,
        "source": source,
        "description": description,
        "row_label": row_label,
        "column_label": "",
        "columns": columns,
        "column_groups": [],
        "rows": [],
    }


# --- GWitE 8.9 -----------------------------------------------------------------------------------


def combat_options_table() -> dict[str, Any]:
    """The Combat Result Option Table (8.9): per result, the Attacker's loss and each of the
    Defender's options (he chooses one for his whole force)."""
    data = tomllib.loads((DATA_ROOT / "gwite" / "combat_options.toml").read_text("utf-8"))
    width = max(len(v) for v in data["defender"].values())
    table = _table(
        "combat_options",
        "8.9",
        "Look up each number of a CRT result here. Affected steps are the steps of the smaller"
        " force at the moment of combat; halves are rounded up. The Defender chooses one option"
        " for his whole force and applies his result first (8.54).",
        "result",
        ["Attacker", *(f"Defender option {i + 1}" for i in range(width))],
    )
    for result in sorted(set(data["attacker"]) | set(data["defender"])):
        attacker = [o["text"] for o in data["attacker"].get(result, [])]
        defender = [o["text"] for o in data["defender"].get(result, [])]
        values = [attacker[0] if attacker else "-", *defender]
        values += [""] * (width + 1 - len(values))
        table["rows"].append(_row(result, values, [], "8.9"))
    return table


def _costs(move: list[int] | str) -> list[str]:
    return [str(c) for c in move] if isinstance(move, list) else [str(move)] * 4


def gwite_terrain_table(sc: Scenario) -> dict[str, Any]:
    """The Terrain Effects Chart (5.4) of the scenario: cost per TCR 1-4, combat effect."""
    table = _table(
        "terrain_effects",
        "5.4",
        "Movement Points to enter a hex (hexsides: extra points to cross) for units of TCR 1, 2,"
        f" 3 and 4 ({TCR_WORDS}). Entering an enemy zone of control costs"
        f" +{sc.terrain.enemy_zoc_cost} ({sc.terrain.enemy_zoc_source}).",
        "terrain",
        ["TCR 1", "TCR 2", "TCR 3", "TCR 4", "combat"],
    )
    kinds = [*sc.terrain.terrain.values(), *sc.terrain.hexside.values()]
    for kind in kinds:
        effects = [getattr(kind, f, None) for f in ("defense", "attack_halved", "die")]
        if kind.source == "provisional":
            marked = [0, 1, 2, 3, 4]
        else:
            marked = [4] if any(e is not None and e.provisional for e in effects) else []
        values = [*_costs(kind.move), kind.combat]
        table["rows"].append(_row(kind.name, values, marked, kind.source))
    return table


# --- Tannenberg -----------------------------------------------------------------------------------


def _provisional_columns(source: str, columns: dict[str, int]) -> list[int]:
    """Columns a Tannenberg ``source`` marks provisional ("provisional", or "...;
    provisional: move")."""
    if source.strip() == "provisional":
        return sorted(columns.values())
    if "provisional:" not in source:
        return []
    named = source.split("provisional:", 1)[1]
    return sorted(i for word, i in columns.items() if word in named)


def tannenberg_terrain_table(sc: Scenario) -> dict[str, Any]:
    """TERRAIN CHARACTERISTICS (tannenberg 4.3, 9.7): cost and the defender's ratio shift."""
    terrain = sc.terrain
    table = _table(
        "terrain_characteristics",
        "tannenberg 4.3, 9.7",
        "Movement Points to enter (hexsides: extra points to cross) and the combat ratio shift"
        " for the defender (negative helps the defender). The printed table is lost: shaded"
        " values are provisional. Entering an enemy control zone costs"
        f" +{terrain.enemy_zoc_cost} ({terrain.enemy_zoc_source}).",
        "terrain",
        ["move (MP)", "combat (columns)"],
    )
    for kind in [*terrain.terrain.values(), *terrain.hexside.values()]:
        marked = _provisional_columns(kind.source, {"move": 0, "combat": 1})
        values = [str(kind.move), f"{kind.combat:+d}" if kind.combat else "0"]
        table["rows"].append(_row(kind.name, values, marked, kind.source))
    return table


def tannenberg_command_table() -> dict[str, Any]:
    """The numbers of command (tannenberg 13.0): HQ movement, ranges, displacement, the
    independence modifiers and support, each with its case (all printed)."""
    data = tomllib.loads((DATA_ROOT / "tannenberg" / "constants.toml").read_text("utf-8"))
    table = _table(
        "command",
        "tannenberg 13.0",
        "The numbers of command and control; each corps HQ's command range is printed on it"
        " (13.2). The Independence of Command table follows (13.3.1).",
        "value",
        ["number", "case"],
    )
    for name, entry in data["values"].items():
        source = str(entry.get("source", ""))
        if not source.startswith("tannenberg 13."):
            continue
        value = entry["value"]
        text = (
            ", ".join(f"{k} {v}" for k, v in value.items())
            if isinstance(value, dict)
            else ", ".join(map(str, value))
            if isinstance(value, list)
            else str(value)
        )
        table["rows"].append(_row(name.replace("_", " "), [text, source], [], source))
    return table


def scenario_tables(sc: Scenario) -> list[dict[str, Any]]:
    """The tables of ``sc``'s system that are not grids of the data directory."""
    if sc.info.system == "gwite":
        return [combat_options_table(), gwite_terrain_table(sc)]
    if sc.info.system == "tannenberg":
        return [tannenberg_terrain_table(sc), tannenberg_command_table()]
    return []


# --- the legend ----------------------------------------------------------------------------------


#: the legend's sample box (SVG units, the map's hex size 40)
SAMPLE_W, SAMPLE_H, SAMPLE_SIZE = 36.0, 25.0, 40.0
_MIDDLE = (SAMPLE_W / 2, SAMPLE_H / 2)
_ACROSS = [(0.05 * SAMPLE_W, SAMPLE_H / 2), (0.95 * SAMPLE_W, SAMPLE_H / 2)]


def _item(kind: str, text: str, sample: str) -> dict[str, str]:
    """One legend row: the feature's kind, what it means, and its sample as the map draws it."""
    return {"kind": kind, "text": text, "sample": sample}


def _offmap_sample() -> str:
    dash = f"{0.2 * SAMPLE_SIZE:g} {0.12 * SAMPLE_SIZE:g}"
    return (
        f'<path d="M2,20 Q18,0 34,20" fill="none" stroke="#222" stroke-width="2"'
        f' stroke-dasharray="{dash}"/>'
    )


def _line_features(sc: Scenario) -> list[dict[str, str]]:
    board = sc.board
    tracks = {line.track for line in board.rails}
    size = SAMPLE_SIZE
    (p, q) = _ACROSS
    out = []
    if national_border_sides(board):
        color = side_color(sc, "border")
        text = "National border: a pale band under a dashed line along the hexsides."
        out.append(_item("border", text, border_marks(p, q, color, size)))
    if "single" in tracks:
        text = "Railroad, single track (rail movement, 5.3)."
        out.append(_item("rail_single", text, rail_marks(_ACROSS, "single", size)))
    if "double" in tracks:
        text = "Railroad, double track (rail movement, 5.3)."
        out.append(_item("rail_double", text, rail_marks(_ACROSS, "double", size)))
    if board.roads:
        out.append(_item("road", "Road: a dashed brown line.", road_marks(_ACROSS, size)))
    if board.offmap_links:
        names = ", ".join(
            f"{link.name or 'off-map rail'} {link.hexes[0]}-{link.hexes[1]} ({link.cost} MP)"
            for link in board.offmap_links
        )
        text = f"Off-map rail link: a dashed curve between map-exit hexes, its cost: {names}."
        out.append(_item("offmap_rail", text, _offmap_sample()))
    return out


def _place_features(sc: Scenario) -> list[dict[str, str]]:
    board = sc.board
    size = SAMPLE_SIZE
    mx, my = _MIDDLE
    sizes = {c.size for c in board.cities.values()}
    out = []
    if "city" in sizes:
        text = "City (red square): its name and victory points (VP)."
        out.append(_item("city", text, city_marker(mx, my, "city", size)))
    if "town" in sizes:
        text = "Town (black dot): its name and victory points (VP)."
        out.append(_item("town", text, city_marker(mx, my, "town", size)))
    if board.fortresses:
        text = (
            "Fortress (star): its name and defence strength, full/after two step losses"
            " (e.g. 8/4; 11.11, 11.14)."
        )
        out.append(_item("fortress", text, fortress_sample(mx, my, SAMPLE_H, size)))
    if board.trenches:
        text = "Trench hex printed on the map."
        out.append(_item("trench", text, trench_marks(mx, my - 0.5 * size, size * 0.8)))
    if board.entries:
        text = "Entry hex: reinforcements with this letter enter here."
        out.append(_item("entry", text, entry_marker(mx, my, "A", size * 0.9)))
    if board.supply_sources:
        text = "Supply source (S in the side's colour): supply is traced from here."
        out.append(_item("supply_source", text, supply_marker(mx, my, "#555555", size)))
    return out


def _vp_note(sc: Scenario) -> str:
    victory = sc.file.victory
    names = {s.id: s.name for s in sc.sides}
    if victory is None:
        return "Victory points: this scenario scores none on the map."
    first = names.get(victory.index_side, victory.index_side)
    others = " and ".join(n for i, n in names.items() if i != victory.index_side) or "other side"
    scoring = {
        "index_side": f"only the {first} score a place's VP, while they control it",
        "net": f"the side that controls a place scores its VP (the {others} subtract)",
        "none": "places score as the game's rules say, not at the end",
    }[victory.cities]
    return (
        f"VP on a city or town: victory points; {scoring}. The VP total counts for the {first}:"
        f" positive favours the {first}, negative the {others}."
    )


def legend_features(sc: Scenario) -> dict[str, Any]:
    """What the map draws on this scenario and the notes on its notation."""
    terrain_note = (
        "Terrain costs are Movement Points per TCR 1-4: a/b/c/d is the cost for TCR 1/2/3/4."
        f" {TCR_WORDS}."
        if sc.info.system == "gwite"
        else "Terrain costs are Movement Points to enter a hex (hexsides: extra to cross)."
    )
    return {
        "features": [*_line_features(sc), *_place_features(sc)],
        "notes": [terrain_note, PROVISIONAL_WORDS, _vp_note(sc)],
    }


__all__ = ["legend_features", "scenario_tables", "table_title"]
