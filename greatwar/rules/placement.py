"""Where a scenario's pieces stand when a game starts, checked the same way by both rule
systems: the counters' ``setup`` hexes, overridden by a ``[position]``'s units, plus any
piece a system adds (Tannenberg's masking counters).

Each placement remembers where it was written (the counter file's ``setup`` or the
position's entry), so that a refusal names the file, the line and the rule:

* a hex holding pieces of both sides (no unit ever enters an enemy-occupied hex);
* a piece in a hex whose terrain no unit may enter (the terrain table's ``prohibited``,
  citing the table entry's source).

The position format also carries values one rule system uses and the other has no use
for: :func:`refuse_unused` refuses those (a value the loader accepts is a value the
game uses).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from greatwar.model.board import canonical

if TYPE_CHECKING:
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems

Loc = tuple[str | int, ...]


@dataclass(frozen=True)
class Placed:
    """A piece on the map at the start: its id, side, hex (canonical), and where the
    placement was written (that file's problems and the location in it)."""

    uid: str
    side: str
    hex: str
    problems: Problems
    loc: Loc


def _hex(scenario: Scenario, label: str | None) -> str | None:
    if label is None:
        return None
    try:
        return canonical(scenario.board, label)
    except (KeyError, ValueError):  # reported where the hex is checked
        return None


def start_placements(scenario: Scenario, problems: Problems) -> list[Placed]:
    """Every unit on the map when the game starts, in counter order: the position's hex
    for a unit it names, else the counter's set-up hex (``problems`` is the scenario
    file's)."""
    pos = scenario.file.position
    named = pos.units if pos is not None else {}
    out: list[Placed] = []
    for uid, counter in scenario.counters.items():
        if uid in named:
            entry = named[uid]
            where = _hex(scenario, entry.hex) if entry.status == "on_map" else None
            loc: Loc = ("position", "units", uid, "hex")
            file = problems
        else:
            where = _hex(scenario, counter.setup)
            origin = scenario.origins.get(uid)
            if origin is None:
                continue
            file, index = origin
            loc = ("counter", index, "setup")
        if where is not None:
            out.append(Placed(uid, counter.side, where, file, loc))
    return out


def stacks(placed: Iterable[Placed]) -> dict[str, list[Placed]]:
    """The pieces placed in each hex, in placement order."""
    out: dict[str, list[Placed]] = {}
    for p in placed:
        out.setdefault(p.hex, []).append(p)
    return out


def check_placements(
    scenario: Scenario,
    placed: Iterable[Placed],
    enemy_case: str,
    label: str = "unit",
    on_water: Callable[[str], bool] | None = None,
) -> None:
    """Refuse a hex holding pieces of both sides (``enemy_case``: the rule that no unit
    enters an enemy-occupied hex) and a piece on terrain no unit may enter, unless
    ``on_water`` says the piece moves there by its own rules (a unit id -> True:
    Caporetto 17.31, the monitor at sea)."""
    first: dict[str, Placed] = {}
    reported: set[str] = set()
    for p in placed:
        if on_water is None or not on_water(p.uid):
            _check_terrain(scenario, p, label)
        seen = first.setdefault(p.hex, p)
        if seen.side != p.side and p.hex not in reported:
            reported.add(p.hex)
            # said where the position puts a piece, if it does (that is what changed)
            at, other = (seen, p) if _in_position(seen) and not _in_position(p) else (p, seen)
            at.problems.add(
                at.loc,
                f"{label} {at.uid} ({at.side}) is set up in {at.hex} with {other.uid}"
                f" ({other.side}): a hex never holds units of both sides ({enemy_case})",
            )


def _in_position(p: Placed) -> bool:
    return p.loc[0] == "position"


def _check_terrain(scenario: Scenario, p: Placed, label: str) -> None:
    name = scenario.board.terrain.get(p.hex)
    terrain = scenario.terrain.terrain.get(name) if name else None
    if terrain is not None and terrain.move == "prohibited":
        p.problems.add(
            p.loc,
            f"{label} {p.uid} is set up in {p.hex}, {terrain.name}: no unit may enter it"
            f" ({terrain.source})",
        )


def refuse_unused(
    scenario: Scenario,
    problems: Problems,
    system: str,
    used: Iterable[str],
    unit_used: Iterable[str],
) -> None:
    """Refuse the ``[position]`` fields (and unit fields) this rule system does not use."""
    pos = scenario.file.position
    if pos is None:
        return
    allowed = set(used)
    for name in sorted(pos.model_fields_set - allowed):
        problems.add(("position", name), f"{name} is not used by the {system} rules")
    allowed_unit = set(unit_used)
    for uid, unit in pos.units.items():
        for name in sorted(unit.model_fields_set - allowed_unit):
            problems.add(
                ("position", "units", uid, name), f"{name} is not used by the {system} rules"
            )
