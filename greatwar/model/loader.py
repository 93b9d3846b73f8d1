"""Load and validate scenario, map, counter and table files.

``load_scenario`` either returns a complete :class:`Scenario` or raises
:class:`ScenarioError` listing every problem found, each with its file, line
(where it can be found), field and what was expected.  ``validate_file``
does the same for any single data file and also reports what a valid
scenario still lacks (hexes without terrain, counters without strengths).

A scenario may start mid-game from a ``[position]`` (schema ``Position``,
written out in the README's "Positions" section): the turn or stage, the
phase, each named unit's hex, status, losses and markers, and the state of
the board the rules keep (fortress losses, trenches, masks, the initiative
...).  This module checks what both rule systems share (sides, turn, control,
each unit's counter and hex); the rule system checks the rest and where every
piece starts (``RuleSystem.validate``: :mod:`greatwar.rules.gwite.position`,
:mod:`greatwar.rules.tannenberg.position`, :mod:`greatwar.rules.placement`),
refusing any field it would not use, with the rule case that forbids what it
refuses.  ``Scenario.origins`` lets it point at a counter's own ``setup`` line.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from pydantic import ValidationError

from greatwar.model.board import (
    ANY_ENTRY,
    UNKNOWN,
    Board,
    canonical,
    check_hex,
    compile_board,
    compile_offmap_links,
)
from greatwar.model.composite import check_parts, compose
from greatwar.model.counter_checks import check_references, check_steps, check_unique_ids
from greatwar.model.files import (
    DATA_ROOT,
    FILE_KINDS,
    check_model,
    file_kind,
    parse_file,
    read_toml,
)
from greatwar.model.problems import Problem, Problems, ScenarioError, dotted
from greatwar.model.schema import (
    CombatOptionsTable,
    CombatResultsTable,
    Counter,
    CounterFile,
    GridTable,
    MapFile,
    RuleConstants,
    ScenarioFile,
    ScenarioInfo,
    SideInfo,
    TerrainCharacteristics,
    TerrainTable,
)

#: the terrain table model of each rule system (GWitE 5.4 by TCR; Tannenberg 4.3, 9.7)
TERRAIN_TABLES: dict[str, type[TerrainTable] | type[TerrainCharacteristics]] = {
    "gwite": TerrainTable,
    "tannenberg": TerrainCharacteristics,
}


@dataclass
class Scenario:
    """A loaded, validated scenario with its compiled map and counters."""

    id: str
    path: Path
    info: ScenarioInfo
    sides: list[SideInfo]
    board: Board
    counters: dict[str, Counter]
    terrain: TerrainTable | TerrainCharacteristics
    file: ScenarioFile
    lacks: list[str] = field(default_factory=list)
    #: what of ``lacks`` keeps the scenario from being played at all (hexes without
    #: terrain, counters without values, what its rule system lacks): the start page
    #: offers it as not yet playable
    blocking: list[str] = field(default_factory=list)
    #: what a valid scenario says of itself beyond its summary: the spare counters its
    #: rules substitute for others in play (R12), which lack nothing
    notes: list[str] = field(default_factory=list)
    #: where each counter was read: its file's problems and its index there (so that a
    #: rule system's validation can point at a counter's ``setup``)
    origins: dict[str, tuple[Problems, int]] = field(default_factory=dict)

    @property
    def fictional(self) -> bool:
        return self.info.fictional or bool(self.board.info.fictional)

    def side_of_nationality(self, nationality: str) -> str | None:
        for s in self.sides:
            if nationality in s.nationalities:
                return s.id
        return None


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


class SystemChecks(Protocol):
    """What the loader asks of a scenario's rule system (:class:`greatwar.engine.system.
    RuleSystem` provides it): the model knows no game, the caller names the systems."""

    def validate(self, scenario: Scenario, problems: Problems) -> None: ...

    def lacks(self, scenario: Scenario) -> list[str]: ...

    def spare_counters(self, scenario: Scenario) -> dict[str, str]: ...

    def deployed_counters(self, scenario: Scenario) -> dict[str, str]: ...


#: the rule system of a name (``gwite``), raising ValueError for an unknown one
Systems = Callable[[str], SystemChecks]


def load_scenario(scenario: str | Path, systems: Systems) -> Scenario:
    """Load a scenario and everything it refers to, or raise with every problem; its rule
    system (found by ``systems``) checks what the model cannot.

    Every file the scenario names is read and checked even when another one
    has problems, so that one run lists all of them.
    """
    scenario_id, path = resolve(scenario)
    sp = Problems(path)
    all_problems: list[Problems] = [sp]
    result = None
    data = read_toml(path, sp)
    if data is not None:
        sc = check_model(ScenarioFile, data, sp)
        result = _assemble(scenario_id, path, data, sc, sp, all_problems, systems)
    problems = [p for group in all_problems for p in group.items]
    if problems or result is None:
        if not problems:
            problems = [Problem(str(path), None, "", "the scenario could not be assembled")]
        raise ScenarioError(problems)
    return result


@dataclass
class _Refs:
    """What a scenario file refers to, taken from the raw data if it failed validation."""

    system: str | None = None
    map: str | None = None
    maps: list[str] = field(default_factory=list)
    counters: list[str] = field(default_factory=list)
    terrain_table: str = ""
    turns: int | None = None
    sides: list[SideInfo] | None = None  # None unless every side is valid


def _refs(data: dict[str, Any], sc: ScenarioFile | None) -> _Refs:
    if sc is not None:
        info = sc.scenario
        return _Refs(
            info.system,
            info.map or None,
            list(info.maps),
            list(info.counters),
            info.terrain_table,
            info.turns,
            sc.side,
        )
    raw = data.get("scenario")
    raw = raw if isinstance(raw, dict) else {}

    def text(key: str) -> str | None:
        value = raw.get(key)
        return value if isinstance(value, str) and value else None

    counters = raw.get("counters")
    maps = raw.get("maps")
    turns = raw.get("turns")
    sides: list[SideInfo] | None = None
    raw_sides = data.get("side")
    if isinstance(raw_sides, list) and raw_sides:
        try:
            sides = [SideInfo.model_validate(s) for s in raw_sides]
        except ValidationError:
            sides = None
    return _Refs(
        system=text("system"),
        map=text("map"),
        maps=[m for m in maps if isinstance(m, str)] if isinstance(maps, list) else [],
        counters=[c for c in counters if isinstance(c, str)] if isinstance(counters, list) else [],
        terrain_table=text("terrain_table") or "",
        turns=turns if isinstance(turns, int) and not isinstance(turns, bool) else None,
        sides=sides,
    )


Loc = tuple[str | int, ...]
#: the files a scenario has named so far, each with where it first names it
Named = dict[Path, Loc]


def _referenced(base: Path, name: str, loc: Loc, problems: Problems) -> Path | None:
    """The file a scenario names, or None (reported at ``loc``) if there is none."""
    target = (base / name).resolve()
    if not target.is_file():
        problems.add(loc, f"file not found: {name} (looked for {target})")
        return None
    return target


def _named_again(target: Path, name: str, loc: Loc, problems: Problems, named: Named) -> bool:
    """Whether the scenario read the file already, for what it names before ``loc``
    (reported at ``loc``: a file is read once)."""
    first = named.get(target)
    if first is None:
        return False
    problems.add(
        loc, f"{name} is named twice (also at {dotted(first)}): the scenario reads a file once"
    )
    return True


def _read_part(
    path: Path, name: str, kind: str, loc: Loc, sp: Problems, all_problems: list[Problems]
) -> tuple[dict[str, Any], Problems] | None:
    """The data of a file the scenario names at ``loc`` as a ``kind`` file (a key of
    :data:`FILE_KINDS`), and its problems; None when it cannot be read (reported in it)
    or is another kind of file (reported once, at the scenario's ``loc``)."""
    problems = Problems(path)
    data = read_toml(path, problems)
    found = None if data is None else file_kind(data)
    if found is not None and found != kind:
        sp.add(loc, f"{name} is {FILE_KINDS[found]}, not {FILE_KINDS[kind]}")
        return None
    all_problems.append(problems)
    return None if data is None else (data, problems)


def _read_named(
    base: Path,
    name: str,
    kind: str,
    loc: Loc,
    sp: Problems,
    all_problems: list[Problems],
    named: Named,
) -> tuple[dict[str, Any], Problems] | None:
    """The data and problems of the ``kind`` file the scenario names at ``loc``, read once
    (:func:`_named_again`), or None (reported: no such file, another kind of file, a file
    named before, or one that cannot be read)."""
    path = _referenced(base, name, loc, sp)
    if path is None or _named_again(path, name, loc, sp, named):
        return None
    part = _read_part(path, name, kind, loc, sp, all_problems)
    if part is not None:
        named[path] = loc
    return part


def _assemble(
    scenario_id: str,
    path: Path,
    data: dict[str, Any],
    sc: ScenarioFile | None,
    sp: Problems,
    all_problems: list[Problems],
    systems: Systems,
) -> Scenario | None:
    base = path.parent
    refs = _refs(data, sc)
    named: Named = {}

    maps = _load_maps(base, refs, sc, sp, all_problems, named)
    board = _board_of(maps, 1 if refs.map else len(refs.maps), sc, sp)
    table = _load_table(base, refs, sp, all_problems, named)
    if table is not None:
        for mf, mp, _ in maps:
            _check_terrain_known(mf, table, mp)

    counters: dict[str, Counter] = {}
    origins: dict[str, tuple[Problems, int]] = {}
    complete = True  # every counter of every file is known
    for i, name in enumerate(refs.counters):
        loc = ("scenario", "counters", i)
        again = (base / name).resolve() in named  # its counters are read already
        part = _read_named(base, name, "counters", loc, sp, all_problems, named)
        if part is None:
            complete = complete and again
            continue
        cdata, cp = part
        cf = check_model(CounterFile, cdata, cp)
        if cf is not None:
            items = list(enumerate(cf.counter))
        else:
            complete = False
            items = _salvage_counters(cdata)
        for _, c in items:
            counters.setdefault(c.id, c)
        check_unique_ids(items, cp, origins)
        check_steps(items, cp, refs.system)
        _check_counters(items, refs, board, cp)
    if complete:
        check_references(counters, origins)

    if sc is not None:
        _check_sides(sc, sp)
    if sc is None or board is None or table is None:
        return None
    try:
        system = systems(sc.scenario.system)
    except ValueError as exc:
        sp.add(("scenario", "system"), str(exc))
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
        origins=origins,
    )
    _check_position(scenario, sp, complete)
    system.validate(scenario, sp)
    spares = system.spare_counters(scenario)
    deployed = system.deployed_counters(scenario)  # set up before Game-Turn 1 by a rule
    own, rules = _lacks(scenario, {*spares, *deployed}), system.lacks(scenario)
    scenario.lacks = own + rules
    scenario.notes = _spare_notes(spares) + _deployed_notes(deployed)
    scenario.blocking = _blocking(scenario) + rules
    return scenario


def _load_maps(
    base: Path,
    refs: _Refs,
    sc: ScenarioFile | None,
    sp: Problems,
    all_problems: list[Problems],
    named: Named,
) -> list[tuple[MapFile, Problems, Board | None]]:
    """The map files the scenario names (``map``, or ``maps``: several), each compiled on
    its own (None where it has no hexes: checking hexes against it would only cascade)."""
    listed: list[tuple[str, Loc]]
    if refs.map:
        listed = [(refs.map, ("scenario", "map"))]
    elif refs.maps:
        listed = [(name, ("scenario", "maps", i)) for i, name in enumerate(refs.maps)]
    else:
        if sc is not None:
            sp.add(("scenario", "map"), "no map file named")
        listed = []
    out: list[tuple[MapFile, Problems, Board | None]] = []
    for name, loc in listed:
        part = _read_named(base, name, "map", loc, sp, all_problems, named)
        if part is None:
            continue
        data, mp = part
        mf = check_model(MapFile, data, mp)
        if mf is not None:
            board = compile_board(mf, mp)
            out.append((mf, mp, board if board.hexes else None))
    return out


def _load_table(
    base: Path, refs: _Refs, sp: Problems, all_problems: list[Problems], named: Named
) -> TerrainTable | TerrainCharacteristics | None:
    """The terrain table the scenario names, else its system's; None if there is none
    or it has problems (reported)."""
    loc: Loc = ("scenario", "terrain_table")
    model = TERRAIN_TABLES.get(refs.system or "", TerrainTable)
    if refs.terrain_table:
        part = _read_named(base, refs.terrain_table, "table", loc, sp, all_problems, named)
        return None if part is None else check_model(model, *part)
    if not refs.system:
        return None
    path = DATA_ROOT / refs.system / "terrain.toml"
    if not path.is_file():
        sp.add(loc, f"system {refs.system!r} ships no terrain effects chart; name one here")
        return None
    table, problems = parse_file(path, model)
    all_problems.append(problems)
    return table


def _board_of(
    maps: list[tuple[MapFile, Problems, Board | None]],
    named: int,
    sc: ScenarioFile | None,
    sp: Problems,
) -> Board | None:
    """The scenario's board: its one map's, or the composite of its ``named`` several
    (:mod:`greatwar.model.composite`) with the off-map links between them; None if a map
    failed (reported; checking hexes against the others would only cascade)."""
    boards = [(board, mp) for _, mp, board in maps if board is not None]
    if len(boards) != named or not boards:
        return None
    if len(boards) == 1:
        return boards[0][0]
    if not check_parts(boards):
        return None
    board = compose(boards)
    if sc is not None:
        board.offmap_links += compile_offmap_links(sc.offmap_link, board, sp)
    return board


def _salvage_counters(data: dict[str, Any]) -> list[tuple[int, Counter]]:
    """The valid counters of a counter file that failed validation (for further checks)."""
    items = data.get("counter")
    out: list[tuple[int, Counter]] = []
    if not isinstance(items, list):
        return out
    for j, item in enumerate(items):
        try:
            out.append((j, Counter.model_validate(item)))
        except ValidationError:
            continue
    return out


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
    items: list[tuple[int, Counter]], refs: _Refs, board: Board | None, problems: Problems
) -> None:
    """Check each counter against the scenario's sides and turns and against the map."""
    sides = {s.id: s for s in refs.sides} if refs.sides is not None else None
    for j, c in items:
        who = f"counter {c.id}"
        if sides is not None:
            side = sides.get(c.side)
            if side is None:
                problems.add(
                    ("counter", j, "side"),
                    f"{who}: {c.side!r} is not a side of this scenario ({', '.join(sides)})",
                )
            elif c.nationality not in side.nationalities:
                problems.add(
                    ("counter", j, "nationality"),
                    f"{who}: {c.nationality!r} is not a nationality of side {c.side}"
                    f" ({', '.join(side.nationalities)})",
                )
        if c.setup is not None and board is not None:
            check_hex(board, c.setup, ("counter", j, "setup"), problems, who)
        if c.arrive is not None:
            entry = c.arrive.entry
            loc = ("counter", j, "arrive", "entry")
            if entry in (UNKNOWN, ANY_ENTRY):  # '?': not yet entered (listed as lacking);
                pass  # 'any': no letter, the game's rules say where (RuleSystem.validate)
            elif board is not None and entry not in board.entries:
                try:
                    board.numbering.parse(entry)
                except ValueError:
                    known = ", ".join(sorted(board.entries)) or "none"
                    problems.add(
                        loc,
                        f"{who}: entry {entry!r} is neither a lettered entry hex of the map"
                        f" ({known}) nor a hex",
                    )
                else:
                    check_hex(board, entry, loc, problems, who)
            if refs.turns is not None and c.arrive.turn > refs.turns:
                problems.add(
                    ("counter", j, "arrive", "turn"),
                    f"{who} arrives on turn {c.arrive.turn}, after the last turn ({refs.turns})",
                )


def _check_terrain_known(
    mf: MapFile, table: TerrainTable | TerrainCharacteristics, problems: Problems
) -> None:
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


def _check_position(scenario: Scenario, problems: Problems, complete: bool = True) -> None:
    """Check what every rule system's ``[position]`` shares (sides, turn, control, each
    unit's counter, status and hex); ``complete`` says every counter could be read.  The
    rule system checks the rest (``RuleSystem.validate``)."""
    pos = scenario.file.position
    if pos is None:
        return
    sides = [s.id for s in scenario.sides]
    if pos.phasing and pos.phasing not in sides:
        problems.add(("position", "phasing"), f"{pos.phasing!r} is not one of {sides}")
    if pos.turn > scenario.info.turns:
        problems.add(
            ("position", "turn"),
            f"turn {pos.turn} is after the last turn ({scenario.info.turns})",
        )
    for hex_label, side in pos.control.items():
        loc = ("position", "control", hex_label)
        check_hex(scenario.board, hex_label, loc, problems)
        if side not in sides:
            problems.add(loc, f"{side!r} is not one of {sides}")
    for uid, unit in pos.units.items():
        loc = ("position", "units", uid)
        counter = scenario.counters.get(uid)
        if counter is None:
            if complete:
                problems.add(loc, f"no counter with id {uid!r} in the scenario's counter files")
            continue
        if unit.status == "on_map":
            if unit.hex is None:
                problems.add(loc, f"unit {uid} is on the map, so it needs a hex")
            else:
                check_hex(scenario.board, unit.hex, (*loc, "hex"), problems, f"unit {uid}")
        elif unit.hex is not None:
            problems.add((*loc, "hex"), f"unit {uid} has status {unit.status!r}, so it has no hex")


def _lacks(scenario: Scenario, spares: Collection[str] = ()) -> list[str]:
    """What a valid scenario still lacks before it can be played faithfully (``spares``:
    counters its rules substitute for others in play, placed by no set-up or arrival)."""
    out: list[str] = []
    out += _lacks_terrain(scenario.board)
    out += _lacks_strengths(list(scenario.counters.values()))
    out += _lacks_movement(scenario)
    no_entry = [c.id for c in scenario.counters.values() if c.arrive and c.arrive.entry == UNKNOWN]
    if no_entry:
        out.append(
            f"{len(no_entry)} reinforcements whose entry hex is not yet entered ('?'):"
            f" {_sample(no_entry)}"
        )
    swapped_in = _replacements(scenario)  # out of play unless an option swaps them in
    unplaced = [
        c.id
        for c in scenario.counters.values()
        if c.setup is None
        and c.arrive is None
        and not _in_position(scenario, c.id)
        and c.id not in swapped_in
        and c.id not in spares  # a rule substitutes it for others in play (R12)
        and c.type != "supply_depot"  # a pool a game's depot schedule draws from (Brusilov 20.2)
    ]
    if unplaced:
        out.append(
            f"{len(unplaced)} counters with neither set-up hex nor arrival:"
            f" {', '.join(unplaced[:10])}"
        )
    return out


def _spare_notes(spares: dict[str, str]) -> list[str]:
    """One note per case: the spare counters it substitutes for others in play."""
    by_case: dict[str, list[str]] = {}
    for uid, case in spares.items():
        by_case.setdefault(case, []).append(uid)
    return [
        f"{len(ids)} spare counters wait off the map to substitute for others in play"
        f" ({case}): {_sample(ids)}"
        for case, ids in by_case.items()
    ]


def _deployed_notes(deployed: dict[str, str]) -> list[str]:
    """One note per case: the counters its Player sets up before Game-Turn 1."""
    by_case: dict[str, list[str]] = {}
    for uid, case in deployed.items():
        by_case.setdefault(case, []).append(uid)
    return [
        f"{len(ids)} counters are set up by their Player before Game-Turn 1 ({case}):"
        f" {_sample(ids)}"
        for case, ids in by_case.items()
    ]


def _blocking(scenario: Scenario) -> list[str]:
    """What keeps a valid scenario from being played at all: a map without terrain, units
    without strengths or Movement Allowances (counters not yet placed only miss the game)."""
    counters = list(scenario.counters.values())
    return _lacks_terrain(scenario.board) + _lacks_strengths(counters) + _lacks_movement(scenario)


def without_movement(counters: Iterable[Counter]) -> list[str]:
    """Ids of the counters with no Movement Allowance, on the counter or on a step."""
    return [
        c.id
        for c in counters
        if c.movement is None and not any(s.movement is not None for s in c.steps)
    ]


def without_strengths(counters: Iterable[Counter]) -> list[str]:
    """Ids of the counters other than HQs whose steps lack their strengths."""
    return [c.id for c in counters if c.type != "hq" and not _has_strengths(c)]


def _lacks_movement(scenario: Scenario) -> list[str]:
    no_move = without_movement(scenario.counters.values())
    if not no_move:
        return []
    return [f"{len(no_move)} counters without a movement allowance: {', '.join(no_move[:10])}"]


def _replacements(scenario: Scenario) -> set[str]:
    """Counters an option swaps in at the start (``[option_effects] substitute``)."""
    out: set[str] = set()
    for eff in scenario.file.option_effects.values():
        for part in (eff, *eff.with_option.values()):
            out.update(part.substitute.values())
    return out


def _sample(items: list[str] | tuple[str, ...], limit: int = 10) -> str:
    more = f" and {len(items) - limit} more" if len(items) > limit else ""
    return ", ".join(items[:limit]) + more


def _lacks_terrain(board: Board) -> list[str]:
    if not board.unknown_terrain:
        return []
    n = len(board.unknown_terrain)
    return [f"{n} hexes without terrain: {_sample(board.unknown_terrain)}"]


def _lacks_strengths(counters: list[Counter]) -> list[str]:
    missing = without_strengths(counters)
    if not missing:
        return []
    return [f"{len(missing)} counters without strengths: {_sample(missing)}"]


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
    #: what a valid file says of itself beyond its summary (a scenario's spares, R12)
    notes: list[str] = field(default_factory=list)


def validate_file(path: str | Path, systems: Systems) -> Report:
    """Validate one data file of any kind, listing every problem and what is lacking (a
    scenario's rule system, found by ``systems``, checks it too)."""
    path = Path(path)
    probe = Problems(path)
    data = read_toml(path, probe)
    if data is None:
        return Report("unknown", probe.items, [])
    kind = file_kind(data)
    if kind == "scenario":
        try:
            sc = load_scenario(path, systems)
        except ScenarioError as exc:
            return Report("scenario", exc.problems, [])
        summary = (
            f"scenario {sc.info.name}: {len(sc.board.hexes)} hexes, {len(sc.counters)} counters,"
            f" {sc.info.turns} turns" + (" (fictional)" if sc.fictional else "")
        )
        return Report("scenario", [], sc.lacks, summary, sc.notes)
    if kind == "map":
        mf = check_model(MapFile, data, probe)
        lacks: list[str] = []
        summary = ""
        if mf is not None:
            board = compile_board(mf, probe)
            lacks += _lacks_terrain(board)
            summary = f"map {mf.map.name}: {len(board.hexes)} hexes"
        return Report("map", probe.items, lacks, summary)
    if kind == "counters":
        return _validate_counters(data, probe)
    if data.get("table") == "terrain_effects":
        tt = check_model(TerrainTable, data, probe)
        summary = "" if tt is None else f"terrain effects chart: {len(tt.terrain)} terrains"
        return Report("table", probe.items, [], summary)
    if data.get("table") == "terrain_characteristics":
        tc = check_model(TerrainCharacteristics, data, probe)
        summary = "" if tc is None else f"terrain characteristics: {len(tc.terrain)} terrains"
        return Report("table", probe.items, [], summary)
    if data.get("table") == "constants":
        rc = check_model(RuleConstants, data, probe)
        summary = "" if rc is None else f"rule constants: {len(rc.values)} values"
        return Report("table", probe.items, [], summary)
    if "columns" in data and "rows" in data and "table" in data:
        gt = check_model(GridTable, data, probe)
        summary = ""
        if gt is not None:
            provisional = sum(len(r.provisional) for r in gt.rows)
            total = sum(len(r.values) for r in gt.rows)
            summary = f"table {gt.table}: {total} entries, {provisional} provisional"
        return Report("table", probe.items, [], summary)
    if data.get("table") == "combat_results":
        crt = check_model(CombatResultsTable, data, probe)
        summary = ""
        if crt is not None:
            provisional = sum(len(r.provisional) for r in crt.rows)
            total = sum(len(r.results) for r in crt.rows)
            summary = f"combat results table: {total} entries, {provisional} provisional"
        return Report("table", probe.items, [], summary)
    if data.get("table") == "combat_options":
        options = check_model(CombatOptionsTable, data, probe)
        summary = "" if options is None else "combat result option table"
        return Report("table", probe.items, [], summary)
    if kind == "cases":
        from greatwar.model.cases import load_cases

        try:
            cases = load_cases(path)
        except ScenarioError as exc:
            return Report("cases", exc.problems, [])
        return Report("cases", [], [], f"rule-case index: {len(cases)} cases")
    probe.add(
        (),
        "not a scenario, map, counter or table file"
        " (no [scenario], [map], [[counter]] or table = ...)",
    )
    return Report("unknown", probe.items, [])


def _validate_counters(data: dict[str, Any], problems: Problems) -> Report:
    """A counter file validated alone: its schema, its ids used twice and its steps (the
    rule cases of both systems: its scenario's is not known)."""
    cf = check_model(CounterFile, data, problems)
    items = list(enumerate(cf.counter)) if cf is not None else _salvage_counters(data)
    check_unique_ids(items, problems, {})
    check_steps(items, problems, None)
    if problems.items or cf is None:
        return Report("counters", problems.items, [])
    return Report("counters", [], _lacks_strengths(cf.counter), f"{len(cf.counter)} counters")


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
