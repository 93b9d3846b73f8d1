"""Position evaluation: how good a game state is for one role, roughly in [-1, 1].

:func:`evaluate` is the leaf value of the searching agents and the yardstick of
the heuristic agent. It reads a *full* state (a determinization, never the
true state behind a seat's view) and works for every rule system:

* a finished game is worth +1 (won), -1 (lost) or 0 (drawn);
* otherwise a weighted sum of features, each in [-1, 1] from ``role``'s side (the
  weights are read from ``greatwar/data/ai/weights.toml``, per rule system where it
  gives them; fitted from self-play by ``benchmarks/fit_weights.py``):

  - **victory points**: the scenario's index as it would be scored now
    (GWitE: the index plus the cities' points; Tannenberg: the index plus the
    towns' points for the stages still to come), signed for ``role``'s side;
  - **material**: the share of its full strength each side still has (steps in
    GWitE, combat-efficiency levels and endurance in Tannenberg), own minus
    enemy;
  - **supply** (and command in GWitE): the share of each side's units cut off,
    enemy minus own. Tannenberg's supply lines cost some 15 ms a side to trace
    after every move, so there they count only with ``thorough=True``;
  - **objectives**: for each city or town that scores, which side is nearer to
    it with its combat units (who holds or threatens it);
  - **automatic victory** (Tannenberg 19.2, where a scenario has such conditions): how
    close each side's units are to fulfilling one of its conditions (the units each
    region needs, each nearer the fewer hexes it has to go), own minus enemy; it is
    added on top of the others, so it only counts where there is such a condition.

The sum is kept inside (-1, 1) so that a real win always counts for more.
Everything is cheap: a pass over the units and the objective hexes, and the
rule systems' own supply tables, which they cache until units move.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from greatwar import hexgrid
from greatwar.ai import tables
from greatwar.rules import pieces

if TYPE_CHECKING:
    from greatwar.engine.state import State

#: the features, in the order of :class:`Features`
FEATURES = ("vp", "material", "supply", "objectives", "automatic")
#: the features whose weights add up to 1 (the automatic victory is added on top)
SUMMED = ("vp", "material", "supply", "objectives")
#: how far from 1 the summed weights may add up (they are written to three decimals)
SUM_TOLERANCE = 0.005
#: where the weights are kept: fitted by ``benchmarks/fit_weights.py`` (issue 19)
WEIGHTS_FILE = Path(__file__).resolve().parents[1] / "data" / "ai" / "weights.toml"


class WeightsError(ValueError):
    """A weights file that cannot be used: the file, the place and what was expected."""


def load_weights(path: Path = WEIGHTS_FILE) -> dict[str, dict[str, float]]:
    """The weights of each table of ``path`` (``default`` and any rule system's own),
    checked: every feature a number from 0 to 1, the summed ones adding up to 1."""
    from greatwar.rules import systems

    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise WeightsError(f"{path}: {exc}") from None
    if not isinstance(data.get("default"), dict):
        raise WeightsError(f"{path}: expected a [default] table of the features' weights")
    for name in data:
        if name != "default" and name not in systems():
            known = ", ".join(["default", *systems()])
            raise WeightsError(f"{path}: [{name}]: expected a table named one of {known}")
    return {name: _checked_table(path, name, table) for name, table in data.items()}


def _checked_table(path: Path, name: str, table: object) -> dict[str, float]:
    where = f"{path}: [{name}]"
    if not isinstance(table, dict):
        raise WeightsError(f"{where}: expected a table of weights, got {table!r}")
    unknown = sorted(set(table) - set(FEATURES))
    missing = [f for f in FEATURES if f not in table]
    if unknown or missing:
        raise WeightsError(
            f"{where}: expected exactly the features {', '.join(FEATURES)}"
            + (f"; unknown {', '.join(unknown)}" if unknown else "")
            + (f"; missing {', '.join(missing)}" if missing else "")
        )
    for feature, value in table.items():
        number = isinstance(value, int | float) and not isinstance(value, bool)
        if not number or not 0.0 <= value <= 1.0:
            raise WeightsError(f"{where} {feature}: expected a number from 0 to 1, got {value!r}")
    total = sum(table[f] for f in SUMMED)
    if abs(total - 1.0) > SUM_TOLERANCE:
        raise WeightsError(f"{where}: expected {' + '.join(SUMMED)} to add up to 1, got {total:g}")
    return {f: float(table[f]) for f in FEATURES}


#: the weights of each rule system that has its own, and ``default`` for the others
WEIGHTS_BY_SYSTEM = load_weights()
#: the default weights of the features in the sum (they add up to 1 without the automatic
#: victory, which is zero where a scenario has none)
WEIGHTS = WEIGHTS_BY_SYSTEM["default"]


def weights_for(system: str) -> Mapping[str, float]:
    """The weights a rule system's positions are scored with."""
    return WEIGHTS_BY_SYSTEM.get(system, WEIGHTS_BY_SYSTEM["default"])


#: how near (hexes) units must come to a region of an automatic victory to count at all
AUTOMATIC_REACH = 4
#: the largest region of an automatic victory one unit wins that is held hex by hex
GARRISONED_REGION = 4
#: a non-final position never scores beyond this
CAP = 0.95
#: unit types that are not fighting units (their strength is not material)
NOT_COMBAT = frozenset({"hq", "supply_train", "mask"})


@dataclass(frozen=True)
class Features:
    """The features of one position from one side's point of view, each in [-1, 1]."""

    vp: float
    material: float
    supply: float
    objectives: float
    automatic: float = 0.0

    def total(self, weights: Mapping[str, float] | None = None) -> float:
        """The weighted sum (``weights``: the default ones if not given), capped."""
        weights = WEIGHTS if weights is None else weights
        raw: float = sum(weights[name] * getattr(self, name) for name in FEATURES)
        return max(-CAP, min(CAP, raw))


def side_of(state: State, role: str) -> str:
    """The side a role plays (Tannenberg's three-player seats ``russian-1``... are Russian)."""
    sides = state.game.static.side_ids
    if role in sides:
        return role
    return next((s for s in sides if role.startswith(s)), role)


def evaluate(
    state: State,
    role: str,
    *,
    thorough: bool = False,
    reach: int = AUTOMATIC_REACH,
    ways: bool = False,
) -> float:
    """How good ``state`` is for ``role``: +1 won, -1 lost, else a value in (-1, 1).

    ``thorough`` also traces supply lines where that is slow (Tannenberg); ``reach``: how
    near (hexes) units must come to a region of an automatic victory to count at all;
    ``ways``: that nearness measured along the way there (:func:`ways_to`), not as the
    crow flies."""
    side = side_of(state, role)
    if state.is_over():
        return terminal_value(state, side)
    weights = weights_for(state.game.system.name)
    return features(state, side, thorough=thorough, reach=reach, ways=ways).total(weights)


def terminal_value(state: State, side: str) -> float:
    """+1 if ``side`` won the finished game, -1 if it lost, 0 for a draw."""
    result = state.result() or {}
    winner = result.get("winner")
    if winner is None:
        return 0.0
    return 1.0 if winner == side else -1.0


def features(
    state: State,
    side: str,
    *,
    thorough: bool = False,
    reach: int = AUTOMATIC_REACH,
    ways: bool = False,
) -> Features:
    """Every feature of ``state`` for ``side`` (see the module's docstring; ``reach`` and
    ``ways``: the automatic victory's, :func:`automatic_feature`)."""
    system = state.game.system.name
    enemy = state.game.static.enemy[side]
    with_supply = thorough or system == "gwite"
    return Features(
        vp=vp_feature(state, side, system),
        material=_own_minus_enemy(material_share, state, side, enemy),
        supply=_own_minus_enemy(cut_off_share, state, enemy, side) if with_supply else 0.0,
        objectives=objectives_feature(state, side),
        automatic=automatic_feature(state, side, enemy, reach, ways),
    )


def _own_minus_enemy(measure: Any, state: State, first: str, second: str) -> float:
    return float(measure(state, first) - measure(state, second))


# --- victory points ----------------------------------------------------------------


def projected_vp(state: State, system: str) -> float:
    """The victory-point index as it would stand at the end (index side positive): the
    rule system says (its games' rules, R7)."""
    return state.game.system.projected_vp(state)


def vp_scale(state: State) -> float:
    """The index's typical swing: the game's own (:meth:`RuleSystem.vp_swing`), else the
    widest finite bound of the levels of victory, or 4."""
    swing = state.game.system.vp_swing(state)
    if swing:
        return float(swing)
    victory = state.game.scenario.file.victory
    levels = victory.levels if victory else []
    scale = max((abs(b) for lv in levels for b in (lv.min, lv.max) if b), default=0)
    if state.game.system.name == "tannenberg":
        scale = max(scale, 20)  # points there come in fives: eliminations, towns each stage
    return float(max(scale, 4))


def vp_feature(state: State, side: str, system: str) -> float:
    victory = state.game.scenario.file.victory
    if victory is None:
        return 0.0
    vp = projected_vp(state, system)
    signed = vp if side == victory.index_side else -vp
    return math.tanh(signed / vp_scale(state))


# --- material ---------------------------------------------------------------------


#: statuses of units that will not fight again: eliminated, or taken out of play by a
#: rule (GWitE ``removed``: a depot burned, a reinforcement withheld for good, Brusilov
#: 19.21, 25.16; ``out_of_play``: a counter an option swaps out)
GONE = frozenset({"eliminated", "removed", "out_of_play"})
#: the status of a counter waiting off the map to substitute for others (GWitE R12: a
#: Russian corps's divisions, Hindenburg 21.1): its strength is on the map in their
#: counters, so it counts neither as strength left nor as strength lost
SPARE = "spare"


def unit_health(state: State, uid: str) -> tuple[float, float]:
    """(strength left, full strength) of a fighting unit; (0, 0) for other pieces."""
    info = state.game.static.units[uid]
    rec = state.data["units"][uid]
    if info.type in NOT_COMBAT or rec["status"] == SPARE:
        return 0.0, 0.0
    if state.game.system.name == "gwite":
        weight = float(info.stacking or 1)
        total = info.step_count
        left = 0 if rec["status"] in GONE else total - rec["lost"]
    else:
        front = info.levels[0] if info.levels else None
        weight = float(getattr(front, "strength", None) or 1)
        per_level = 5  # 2.3.3-2.3.6: four endurance points, the fifth drops a level
        total = max(1, info.level_count) * per_level
        left = (
            0 if rec["status"] == "eliminated" else total - rec["level"] * per_level - rec["lost"]
        )
    return weight * max(0, left) / total, weight


def material_share(state: State, side: str) -> float:
    """The share of its full fighting strength ``side`` still has (pending units count)."""
    have = full = 0.0
    for uid in _side_units(state, side):
        left, total = unit_health(state, uid)
        have += left
        full += total
    return have / full if full else 0.0


def _side_units(state: State, side: str) -> list[str]:
    def build() -> list[str]:
        units = state.game.static.units
        return [uid for uid, ui in units.items() if ui.side == side]

    return state.memo(("eval-side-units", side), build)  # type: ignore[no-any-return]


# --- supply and command ---------------------------------------------------------------


def cut_off_share(state: State, side: str) -> float:
    """The share of ``side``'s fighting units on the map out of supply (and, in GWitE,
    half-weighted, out of command)."""
    fighting = [
        uid
        for uid in _side_units(state, side)
        if state.data["units"][uid]["status"] == "on_map"
        and state.game.static.units[uid].type not in NOT_COMBAT
    ]
    if not fighting:
        return 0.0
    if state.game.system.name == "gwite":
        from greatwar.rules.gwite import supply

        cut = sum(1.0 for uid in fighting if not supply.in_supply(state, uid))
        cut += sum(
            0.5 for uid in fighting if "out_of_command" in state.data["units"][uid]["markers"]
        )
    else:
        from greatwar.rules.tannenberg import supply as tsupply

        cut = sum(1.0 for uid in fighting if not tsupply.supplied(state, uid))
    return min(1.0, cut / len(fighting))


# --- objectives -------------------------------------------------------------------------


def objective_hexes(state: State) -> list[tuple[str, int]]:
    """Cities and towns worth victory points, with their points."""

    def build() -> list[tuple[str, int]]:
        cities = state.game.scenario.board.cities
        # points signed for the side that scores them (Serbia/Galicia 25.11): a town is
        # worth as much to deny as to hold
        return sorted((h, abs(c.vp)) for h, c in cities.items() if c.vp)

    return state.memo(("eval-objectives",), build)  # type: ignore[no-any-return]


def _combat_hexes(state: State, side: str) -> list[hexgrid.Hex]:
    coord = state.game.scenario.board.coord
    units = state.game.static.units
    out = []
    for uid in _side_units(state, side):
        rec = state.data["units"][uid]
        if rec["status"] == "on_map" and rec["hex"] and units[uid].type not in NOT_COMBAT:
            out.append(coord[rec["hex"]])
    return out


def nearest(target: hexgrid.Hex, hexes: list[hexgrid.Hex], cap: int = 12) -> int:
    """Hexes from ``target`` to the nearest of ``hexes`` (``cap`` when there are none)."""
    if not hexes:
        return cap
    tq, tr = target  # hexgrid.distance, inline: this is the evaluation's inner loop
    return min((abs(tq - q) + abs(tr - r) + abs(tq - q + tr - r)) // 2 for q, r in hexes)


def objectives_feature(state: State, side: str) -> float:
    """Who is nearer to each scoring city, weighted by its points: +1 if ``side`` is
    nearer to all of them, -1 if the enemy is."""
    objectives = objective_hexes(state)
    if not objectives:
        return 0.0
    enemy = state.game.static.enemy[side]
    own, theirs = _combat_hexes(state, side), _combat_hexes(state, enemy)
    coord = state.game.scenario.board.coord
    score = total = 0.0
    for h, vp in objectives:
        target = coord[h]
        gap = nearest(target, theirs) - nearest(target, own)
        score += vp * math.tanh(gap / 2)
        total += vp
    return score / total


# --- automatic victory ------------------------------------------------------------------


def automatic_feature(
    state: State, side: str, enemy: str, reach: int = AUTOMATIC_REACH, ways: bool = False
) -> float:
    """How near ``side`` is to an automatic victory, less how near the enemy is (units
    farther than ``reach`` hexes from a region do not count for it; ``ways``: hexes along
    the way there through the position, :func:`ways_to`)."""
    conditions = state.game.scenario.file.special.get("automatic_victory", [])
    if not conditions:
        return 0.0
    nearness = {own: 0.0 for own in (side, enemy)}
    for condition in conditions:
        who = condition["side"]
        if who in nearness:
            clauses = [_clause_nearness(state, who, c, reach, ways) for c in condition["clauses"]]
            nearness[who] = max(nearness[who], min(clauses, default=0.0))
    return nearness[side] - nearness[enemy]


class Clause(NamedTuple):
    """19.2 one clause of an automatic victory: a region and what of it the side needs."""

    region: str
    #: the region's hexes, sorted
    hexes: tuple[str, ...]
    #: how many units (or hexes, by ``counts``) of the side the clause needs there (not
    #: ``count``, which would hide the tuple's method)
    needed: int
    #: "units" or "hexes"
    counts: str
    #: the unit types that count (empty: every unit but HQs and supply trains)
    types: tuple[str, ...]
    #: the rule case of the condition the clause belongs to
    case: str

    def garrisoned(self) -> bool:
        """Whether one unit there wins and the region is small enough to hold by a
        garrison in each of its hexes (which keeps the enemy out)."""
        return self.needed == 1 and 0 < len(self.hexes) <= GARRISONED_REGION


def automatic_regions(state: State, side: str) -> list[Clause]:
    """19.2 each clause of ``side``'s automatic victories (none where the scenario has
    none)."""
    return [clause for condition in automatic_conditions(state, side) for clause in condition]


def automatic_conditions(state: State, side: str) -> list[tuple[Clause, ...]]:
    """19.2 ``side``'s automatic victories, each the clauses that must all hold together
    (none where the scenario has none)."""
    regions = state.game.scenario.board.regions
    return [
        tuple(
            Clause(
                clause["region"],
                tuple(sorted(regions.get(clause["region"], ()))),
                max(1, int(clause.get("count", 1))),
                str(clause.get("counts", "units")),
                tuple(clause.get("types") or ()),
                str(condition.get("case", "19.2")),
            )
            for clause in condition["clauses"]
        )
        for condition in state.game.scenario.file.special.get("automatic_victory", [])
        if condition["side"] == side
    ]


def _clause_nearness(
    state: State, side: str, clause: dict[str, Any], reach: int, ways: bool = False
) -> float:
    """In [0, 1]: 1 when the clause holds, less the farther its units have to go (the
    ``count`` nearest units that count for it, each by its distance to the nearest hex of
    the region the enemy does not hold: a garrison in every hex keeps a side out; with
    ``ways``, by :func:`ways_to` them)."""
    from greatwar.rules.tannenberg import victory

    board = state.game.scenario.board
    holder = pieces.hex_side(state)
    region = board.regions.get(clause["region"], ())
    open_labels = sorted(h for h in region if holder.get(h, side) == side)
    if not open_labels:
        return 0.0
    open_hexes = [board.coord[h] for h in open_labels]
    types = clause.get("types") or None
    count = max(1, int(clause.get("count", 1)))
    far = reach + 1
    units = state.data["units"]
    # each hex's distance to the open hexes: kept per game for these hexes, or found
    # along the ways through this position
    if ways:
        near = ways_to(state, side, open_labels, far)
    else:
        near = tables.kept(state.game, "eval-near-region", (tuple(open_hexes), far), dict)
    distances = []
    for uid in pieces.on_map(state, side):
        if victory.is_unit(state, uid, types):
            h = units[uid]["hex"]
            d = near.get(h)
            if d is None:
                d = far if ways else min(far, nearest(board.coord[h], open_hexes, far))
                near[h] = d
            distances.append(d)
    distances = sorted(distances)[:count]
    distances += [far] * (count - len(distances))
    return sum(1.0 - d / far for d in distances) / count


#: the steps a hex next to an enemy unit adds to a way (his zone: entering it ends a move,
#: Tannenberg 8.2.1, and leaving it takes a won clash, 8.2.5; GWitE 7.0 alike)
ZONE_STEPS = 2


def ways_to(state: State, side: str, goals: list[str], far: int) -> dict[str, int]:
    """The steps from each hex to the nearest of ``goals`` for a unit of ``side``, fewer
    than ``far``: a hex apiece, never through a hex an enemy unit holds, and
    :data:`ZONE_STEPS` more for a hex next to one that a unit of ``side`` does not hold
    (his zone of control; a rough, rule-free measure: terrain and the zones' exceptions
    left out).  Searched back from the goals (each at 0)."""
    board = state.game.scenario.board
    neighbours = board.neighbours
    holder = pieces.hex_side(state)
    held = {h for h, who in holder.items() if who != side}
    zone = {n for h in held for n in neighbours[h]} - holder.keys()  # (held hexes too)
    steps = {h: 0 for h in goals if h not in held}
    frontier = sorted(steps)
    buckets: list[list[str]] = [frontier] + [[] for _ in range(far + ZONE_STEPS + 1)]
    for cost, bucket in enumerate(buckets):
        if cost >= far:
            break
        for here in bucket:
            if steps.get(here) != cost:
                continue  # (found cheaper since)
            entering = cost + 1 + (ZONE_STEPS if here in zone else 0)  # (to step into here)
            for there in neighbours[here]:
                if there in held or steps.get(there, far) <= entering:
                    continue
                if entering < far:
                    steps[there] = entering
                    buckets[entering].append(there)
    return steps


def as_percent(score: float) -> str:
    """A score on the evaluation's scale (-1 a loss, +1 a win) as an expected share, in
    the words the agents' reasons give."""
    return f"{(score + 1) * 50:.0f}%"
