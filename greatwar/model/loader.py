"""Load and validate scenario, map, counter and table files.

``load_scenario`` either returns a complete :class:`Scenario` or raises
:class:`ScenarioError` listing every problem found, each with its file, line
(where it can be found), field and what was expected.  ``validate_file``
does the same for any single data file and also reports what a valid
scenario still lacks (hexes without terrain, counters without strengths).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from greatwar.model.board import Board, canonical, check_hex, compile_board
from greatwar.model.problems import Problem, Problems, ScenarioError
from greatwar.model.schema import (
    Counter,
    CounterFile,
    MapFile,
    ScenarioFile,
    ScenarioInfo,
    SideInfo,
    TerrainTable,
)

M = TypeVar("M", bound=BaseModel)

DATA_ROOT = Path(str(resources.files("greatwar") / "data"))


@dataclass
class Scenario:
    """A loaded, validated scenario with its compiled map and counters."""

    id: str
    path: Path
    info: ScenarioInfo
    sides: list[SideInfo]
    board: Board
    counters: dict[str, Counter]
    terrain: TerrainTable
    file: ScenarioFile
    lacks: list[str] = field(default_factory=list)

    @property
    def fictional(self) -> bool:
        return self.info.fictional or bool(self.board.info.fictional)

    def side_of_nationality(self, nationality: str) -> str | None:
        for s in self.sides:
            if nationality in s.nationalities:
                return s.id
        return None


# --- reading files --------------------------------------------------------------


def read_toml(path: Path, problems: Problems) -> dict[str, Any] | None:
    """Parse a TOML file; a syntax error becomes a problem with its line."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        problems.add((), f"cannot read file: {exc.strerror or exc}")
        return None
    problems.text = text
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line = getattr(exc, "lineno", None)
        message = str(exc)
        if line is None and "(at line " in message:
            try:
                line = int(message.split("(at line ")[1].split(",")[0])
            except (IndexError, ValueError):
                line = None
        problems.add((), f"not valid TOML: {message}", line)
        return None


def check_model(model: type[M], data: dict[str, Any], problems: Problems) -> M | None:
    """Validate ``data`` against a pydantic model, turning each error into a problem."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        for err in exc.errors():
            loc = tuple(
                p for p in err["loc"] if not isinstance(p, str) or not p.startswith("function-")
            )
            loc = _strip_union_tags(loc)
            problems.add(loc, _message(err))
        return None


def _strip_union_tags(loc: tuple[Any, ...]) -> tuple[str | int, ...]:
    # pydantic adds the union member tried ("list[int]", "literal['x']") to the path
    return tuple(p for p in loc if isinstance(p, int) or ("[" not in p and "literal" not in p))


def _message(err: Any) -> str:
    kind = err["type"]
    if kind == "missing":
        return "required field is missing"
    if kind == "extra_forbidden":
        return "unknown field (check the spelling)"
    if kind == "literal_error":
        return f"got {err.get('input')!r}; {err['msg'].lower()}"
    return f"{err['msg']} (got {err.get('input')!r})"


def parse_file(path: Path, model: type[M]) -> tuple[M | None, Problems]:
    problems = Problems(path)
    data = read_toml(path, problems)
    if data is None:
        return None, problems
    return check_model(model, data, problems), problems


# --- scenario ids -----------------------------------------------------------------


def resolve(scenario: str | Path) -> tuple[str, Path]:
    """Scenario id and path from ``gwite/teaching`` or a path to a scenario file."""
    candidate = Path(scenario)
    if candidate.suffix == ".toml" or candidate.exists():
        return str(scenario), candidate
    system, sep, name = str(scenario).partition("/")
    if not sep or not system or not name:
        raise ScenarioError(
            [Problem(str(scenario), None, "", "a scenario is '<system>/<name>' or a .toml file")]
        )
    path = DATA_ROOT / system / "scenarios" / f"{name}.toml"
    if not path.exists():
        known = ", ".join(scenario_ids()) or "none"
        raise ScenarioError(
            [Problem(str(scenario), None, "", f"no such scenario; known scenarios: {known}")]
        )
    return str(scenario), path


def scenario_ids() -> list[str]:
    """Ids of the scenarios shipped inside the package."""
    out = []
    for system_dir in sorted(DATA_ROOT.iterdir()):
        folder = system_dir / "scenarios"
        if folder.is_dir():
            out += [f"{system_dir.name}/{p.stem}" for p in sorted(folder.glob("*.toml"))]
    return out


# --- scenarios ----------------------------------------------------------------------


def load_scenario(scenario: str | Path) -> Scenario:
    """Load a scenario and everything it refers to, or raise with every problem."""
    scenario_id, path = resolve(scenario)
    sc, sp = parse_file(path, ScenarioFile)
    all_problems: list[Problems] = [sp]
    result = None
    if sc is not None:
        result = _assemble(scenario_id, path, sc, sp, all_problems)
    problems = [p for group in all_problems for p in group.items]
    if problems or result is None:
        raise ScenarioError(problems)
    return result


def _assemble(
    scenario_id: str,
    path: Path,
    sc: ScenarioFile,
    sp: Problems,
    all_problems: list[Problems],
) -> Scenario | None:
    from greatwar.rules import system_for

    base = path.parent
    map_path = (base / sc.scenario.map).resolve()
    mf, mp = parse_file(map_path, MapFile)
    all_problems.append(mp)
    if mf is None:
        return None
    board = compile_board(mf, mp)

    table_name = sc.scenario.terrain_table or str(DATA_ROOT / sc.scenario.system / "terrain.toml")
    table_path = (base / table_name).resolve()
    table, tp = parse_file(table_path, TerrainTable)
    all_problems.append(tp)

    counters: dict[str, Counter] = {}
    for name in sc.scenario.counters:
        cpath = (base / name).resolve()
        cf, cp = parse_file(cpath, CounterFile)
        all_problems.append(cp)
        if cf is None:
            continue
        for j, c in enumerate(cf.counter):
            if c.id in counters:
                cp.add(("counter", j, "id"), f"counter id {c.id!r} is used twice")
            counters[c.id] = c
        _check_counters(cf.counter, sc, board, cp)

    _check_sides(sc, sp)
    if table is not None:
        _check_terrain_known(mf, table, mp)
    if table is None:
        return None
    scenario = Scenario(
        id=scenario_id,
        path=path,
        info=sc.scenario,
        sides=sc.side,
        board=board,
        counters=counters,
        terrain=table,
        file=sc,
    )
    _check_position(scenario, sp)
    system = system_for(sc.scenario.system)
    system.validate(scenario, sp)
    scenario.lacks = _lacks(scenario) + system.lacks(scenario)
    return scenario


def _check_sides(sc: ScenarioFile, problems: Problems) -> None:
    ids = [s.id for s in sc.side]
    if len(set(ids)) != len(ids):
        problems.add(("side",), f"side ids must be distinct, got {ids}")
    if sc.scenario.first_side not in ids:
        problems.add(("scenario", "first_side"), f"{sc.scenario.first_side!r} is not one of {ids}")
    seen: dict[str, str] = {}
    for i, s in enumerate(sc.side):
        for nat in s.nationalities:
            if nat in seen:
                problems.add(("side", i, "nationalities"), f"{nat} already belongs to {seen[nat]}")
            seen[nat] = s.id
    if sc.victory is not None and sc.victory.index_side not in ids:
        problems.add(("victory", "index_side"), f"{sc.victory.index_side!r} is not one of {ids}")


def _check_counters(
    counters: list[Counter], sc: ScenarioFile, board: Board, problems: Problems
) -> None:
    sides = {s.id: s for s in sc.side}
    for j, c in enumerate(counters):
        side = sides.get(c.side)
        if side is None:
            problems.add(("counter", j, "side"), f"{c.side!r} is not a side of this scenario")
        elif c.nationality not in side.nationalities:
            problems.add(
                ("counter", j, "nationality"),
                f"{c.nationality!r} is not a nationality of side {c.side} {side.nationalities}",
            )
        if c.setup is not None:
            check_hex(board, c.setup, ("counter", j, "setup"), problems)
        if c.arrive is not None:
            entry = c.arrive.entry
            if entry not in board.entries:
                try:
                    board.numbering.parse(entry)
                    check_hex(board, entry, ("counter", j, "arrive"), problems)
                except ValueError:
                    known = ", ".join(sorted(board.entries)) or "none"
                    problems.add(
                        ("counter", j, "arrive"),
                        f"entry {entry!r} is neither a lettered entry hex ({known}) nor a hex",
                    )
            if c.arrive.turn > sc.scenario.turns:
                problems.add(
                    ("counter", j, "arrive"),
                    f"arrives on turn {c.arrive.turn}, after the last turn ({sc.scenario.turns})",
                )


def _check_terrain_known(mf: MapFile, table: TerrainTable, problems: Problems) -> None:
    for ch, name in mf.terrain.legend.items():
        if name not in table.terrain:
            known = ", ".join(sorted(table.terrain))
            problems.add(
                ("terrain", "legend", ch),
                f"unknown terrain {name!r}; the terrain effects chart knows: {known}",
            )
    for i, feat in enumerate(mf.hexside):
        if feat.type not in table.hexside:
            known = ", ".join(sorted(table.hexside))
            problems.add(
                ("hexside", i, "type"),
                f"hexside type {feat.type!r} is not in this system's terrain effects chart"
                f" ({known})",
            )


def _check_position(scenario: Scenario, problems: Problems) -> None:
    pos = scenario.file.position
    if pos is None:
        return
    sides = [s.id for s in scenario.sides]
    if pos.phasing not in sides:
        problems.add(("position", "phasing"), f"{pos.phasing!r} is not one of {sides}")
    if pos.turn > scenario.info.turns:
        problems.add(("position", "turn"), f"turn {pos.turn} is after the last turn")
    for hex_label, side in pos.control.items():
        loc = ("position", "control", hex_label)
        check_hex(scenario.board, hex_label, loc, problems)
        if side not in sides:
            problems.add(loc, f"{side!r} is not one of {sides}")
    for uid, unit in pos.units.items():
        loc = ("position", "units", uid)
        counter = scenario.counters.get(uid)
        if counter is None:
            problems.add(loc, f"no counter with id {uid!r}")
            continue
        if unit.status == "on_map":
            if unit.hex is None:
                problems.add(loc, "a unit on the map needs a hex")
            else:
                check_hex(scenario.board, unit.hex, loc, problems)
        elif unit.hex is not None:
            problems.add(loc, f"a unit with status {unit.status!r} has no hex")
        steps = len(counter.steps)
        if steps and unit.steps_lost >= steps:
            problems.add(loc, f"steps_lost {unit.steps_lost}: the counter has {steps} steps")


def _lacks(scenario: Scenario) -> list[str]:
    """What a valid scenario still lacks before it can be played faithfully."""
    out: list[str] = []
    board = scenario.board
    if board.unknown_terrain:
        sample = ", ".join(board.unknown_terrain[:10])
        more = (
            ""
            if len(board.unknown_terrain) <= 10
            else f" and {len(board.unknown_terrain) - 10} more"
        )
        out.append(f"{len(board.unknown_terrain)} hexes without terrain: {sample}{more}")
    no_strength = [
        c.id for c in scenario.counters.values() if c.type != "hq" and not _has_strengths(c)
    ]
    if no_strength:
        out.append(f"{len(no_strength)} counters without strengths: {', '.join(no_strength[:10])}")
    no_move = [
        c.id
        for c in scenario.counters.values()
        if c.movement is None and not any(s.movement is not None for s in c.steps)
    ]
    if no_move:
        out.append(
            f"{len(no_move)} counters without a movement allowance: {', '.join(no_move[:10])}"
        )
    unplaced = [
        c.id
        for c in scenario.counters.values()
        if c.setup is None and c.arrive is None and not _in_position(scenario, c.id)
    ]
    if unplaced:
        out.append(
            f"{len(unplaced)} counters with neither set-up hex nor arrival:"
            f" {', '.join(unplaced[:10])}"
        )
    return out


def _has_strengths(c: Counter) -> bool:
    if not c.steps:
        return False
    return all(
        (s.attack is not None and s.defense is not None) or s.strength is not None for s in c.steps
    )


def _in_position(scenario: Scenario, uid: str) -> bool:
    pos = scenario.file.position
    return pos is not None and uid in pos.units


# --- any single file ------------------------------------------------------------------


@dataclass
class Report:
    """Outcome of ``greatwar validate``."""

    kind: str
    problems: list[Problem]
    lacks: list[str]
    summary: str = ""


def validate_file(path: str | Path) -> Report:
    """Validate one data file of any kind, listing every problem and what is lacking."""
    path = Path(path)
    probe = Problems(path)
    data = read_toml(path, probe)
    if data is None:
        return Report("unknown", probe.items, [])
    if "scenario" in data:
        try:
            sc = load_scenario(path)
        except ScenarioError as exc:
            return Report("scenario", exc.problems, [])
        summary = (
            f"scenario {sc.info.name}: {len(sc.board.hexes)} hexes, {len(sc.counters)} counters,"
            f" {sc.info.turns} turns" + (" (fictional)" if sc.fictional else "")
        )
        return Report("scenario", [], sc.lacks, summary)
    if "map" in data:
        mf = check_model(MapFile, data, probe)
        lacks: list[str] = []
        summary = ""
        if mf is not None:
            board = compile_board(mf, probe)
            if board.unknown_terrain:
                lacks.append(f"{len(board.unknown_terrain)} hexes without terrain")
            summary = f"map {mf.map.name}: {len(board.hexes)} hexes"
        return Report("map", probe.items, lacks, summary)
    if "counter" in data:
        cf = check_model(CounterFile, data, probe)
        lacks = []
        summary = ""
        if cf is not None:
            missing = [c.id for c in cf.counter if c.type != "hq" and not _has_strengths(c)]
            if missing:
                lacks.append(
                    f"{len(missing)} counters without strengths: {', '.join(missing[:10])}"
                )
            summary = f"{len(cf.counter)} counters"
        return Report("counters", probe.items, lacks, summary)
    if data.get("table") == "terrain_effects":
        tt = check_model(TerrainTable, data, probe)
        summary = "" if tt is None else f"terrain effects chart: {len(tt.terrain)} terrains"
        return Report("table", probe.items, [], summary)
    probe.add(
        (),
        "not a scenario, map, counter or table file"
        " (no [scenario], [map], [[counter]] or table = ...)",
    )
    return Report("unknown", probe.items, [])


__all__ = [
    "DATA_ROOT",
    "Report",
    "Scenario",
    "ScenarioError",
    "canonical",
    "load_scenario",
    "resolve",
    "scenario_ids",
    "validate_file",
]
