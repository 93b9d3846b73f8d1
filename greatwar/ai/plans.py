"""The turn planner's candidate plans (:mod:`.planner`): what the units of a player-turn
may be told, as per-unit scripts, and the enemy's race for his automatic victories.

A *script* is a rule for one unit's movement this turn: ``front`` (the heuristic agent's
choice), ``hold`` (stay where it stands) or ``toward H`` (close on hex ``H``).  A *plan*
gives scripts to some units (the rest play ``front``):

- a *concentration* sends every fighting unit within reach of an enemy-held hex toward
  it (those inside either side's automatic-victory regions first);
- *hold the line* keeps the units in contact with the enemy where they stand;
- where the scenario has automatic victories (Tannenberg 19.2): a *guard* holds the
  enemy's small regions hex by hex, *make for* sends the units a region of one's own
  needs, *bar the way* and *hold the enemy short* meet the enemy units nearest his larger
  regions, at the region's hex nearest each or at the unit itself;
- :func:`race_scripts`, the planner's model of an enemy who races for his automatic
  victories, however far (the rules of thumb alone seldom do).

The planner scores them (:mod:`.planner`); this module only makes them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from greatwar.ai.evaluate import Clause, automatic_conditions, automatic_regions
from greatwar.ai.heuristic import Choice
from greatwar.ai.heuristic_moves import NOT_COMBAT
from greatwar.ai.search import side_of
from greatwar.rules import pieces

if TYPE_CHECKING:
    from greatwar.engine.state import State

FRONT, HOLD, TOWARD = "front", "hold", "toward"
#: pieces a plan does not send toward the enemy (they follow the troops)
NOT_SENT = NOT_COMBAT | {"supply_depot"}


class PlanLimits(Protocol):
    """What making the plans reads of the planner's settings (:class:`.PlannerSettings`)."""

    @property
    def reach(self) -> int:
        """How far (hexes) from a target a unit may be to be sent toward it."""

    @property
    def targets(self) -> int:
        """Enemy-held hexes a concentration may aim at."""

    @property
    def reinforce(self) -> int:
        """Units a guard plan sends into a hex of its own next to the enemy."""

    @property
    def bar_reach(self) -> int:
        """How far (hexes) the enemy's units coming at his larger regions of automatic
        victory, and one's units sent to meet them, may be (0: twice :attr:`reach`)."""


@dataclass
class Plan:
    """Scripts for the units of one player-turn, with how the plan scored."""

    label: str
    scripts: dict[str, str]
    target: str | None = None
    scores: list[float] = field(default_factory=list)
    #: the agent's actions (with the reasons for them) when the plan played its turn in
    #: the first sampled future: the steps it is played by when not played as a policy
    #: (:attr:`.PlannerSettings.live`), and the attacks its reason names
    line: list[Choice] = field(default_factory=list)

    def mean(self) -> float:
        return sum(self.scores) / len(self.scores) if self.scores else float("-inf")

    def with_script(self, unit: str, script: str) -> Plan:
        return Plan(self.label, {**self.scripts, unit: script}, self.target)


def candidate_plans(start: State, role: str, units: list[str], settings: PlanLimits) -> list[Plan]:
    """The concentrations on the enemy hexes most of the moving units can reach, and
    holding the line (the rule-of-thumb turn is scored first, apart)."""
    if not units:
        return []
    static = start.game.static.units
    records = start.data["units"]
    own = side_of(role)
    board = start.game.scenario.board
    fighting = [u for u in units if static[u].type not in NOT_SENT and records[u]["hex"]]
    enemy_hexes = sorted(
        {
            rec["hex"]
            for uid, rec in records.items()
            if rec["status"] == "on_map"
            and rec["hex"]
            and static[uid].side != own
            and not static[uid].side.startswith(own)
            and static[uid].type not in NOT_COMBAT
        }
    )
    reach = settings.reach
    stakes = automatic_stakes(start, own)
    ranked = []
    for h in enemy_hexes:
        near = [u for u in fighting if board.distance(records[u]["hex"], h) <= reach]
        if len(near) >= 2:
            closest = min(board.distance(records[u]["hex"], h) for u in near)
            ranked.append((h not in stakes, -len(near), closest, h, near))
    ranked.sort()
    plans = [
        Plan(f"concentrate on {h}", {u: f"{TOWARD} {h}" for u in near}, h)
        for *_, h, near in ranked[: settings.targets]
    ]
    guarding = guard(start, own, fighting, settings)
    if guarding is not None:
        plans.append(guarding)
    plans.extend(make_for(start, own, fighting, settings))
    for meet in (bar_the_way, hold_short):
        plan = meet(start, own, fighting, settings)
        if plan is not None:
            plans.append(plan)
    in_contact = [
        u for u in fighting if any(board.distance(records[u]["hex"], h) <= 1 for h in enemy_hexes)
    ]
    if in_contact:
        plans.append(Plan("hold the line", dict.fromkeys(in_contact, HOLD)))
    return plans


def guard(start: State, own: str, fighting: list[str], settings: PlanLimits) -> Plan | None:
    """19.2 hold the hexes of the enemy's small automatic-victory regions (one unit
    there wins him the game): the nearest fighting unit within reach sent to each open
    hex an enemy unit is near, and :attr:`PlanLimits.reinforce` more into each
    hex of one's own an enemy unit stands next to (a clash lost there lets him in),
    never the last fighting unit garrisoning one of those hexes; None: no such hex, or
    no unit to send.  Enemy-held hexes there are the concentrations' (aimed at
    first)."""
    board = start.game.scenario.board
    records = start.data["units"]
    held = pieces.hex_side(start)
    enemy = start.game.static.enemy[own]
    theirs = [rec["hex"] for rec in records_of(start, enemy)]
    reach = settings.reach
    small = to_garrison(start, own)
    garrisons = {h for clause in small for h in clause.hexes}
    # the fighting units standing in each of those hexes and not sent
    kept = Counter(records[u]["hex"] for u in fighting if records[u]["hex"] in garrisons)

    def may_go(uid: str) -> bool:  # (not the last one left in a hex to garrison)
        where = records[uid]["hex"]
        return where not in kept or kept[where] > 1

    scripts: dict[str, str] = {}
    for clause in small:
        for h in clause.hexes:
            holder = held.get(h)
            near = min((board.distance(t, h) for t in theirs), default=reach + 1)
            if holder is None and near <= reach:
                wanted = 1
            elif holder == own and near <= 1:
                wanted = settings.reinforce
            else:
                continue
            for _ in range(wanted):
                free = [
                    u for u in fighting if u not in scripts and records[u]["hex"] != h and may_go(u)
                ]
                found = min(((board.distance(records[u]["hex"], h), u) for u in free), default=None)
                if found is None or found[0] > reach:
                    break
                unit = found[1]
                scripts[unit] = f"{TOWARD} {h}"
                if records[unit]["hex"] in kept:
                    kept[records[unit]["hex"]] -= 1
    if not scripts:
        return None
    targets = sorted({s.split(" ", 1)[1] for s in scripts.values()})
    return Plan(f"guard {listing(targets)}", scripts)


def make_for(start: State, own: str, fighting: list[str], settings: PlanLimits) -> list[Plan]:
    """19.2 make for each region of one's own automatic victories: the units the clause
    needs (those of its types nearest the region's hexes the enemy does not hold,
    within twice the reach), each sent toward its nearest such hex (a hex apiece where
    the clause counts hexes)."""
    return dashes(start, own, fighting, 2 * settings.reach)


def bar_the_way(start: State, own: str, fighting: list[str], settings: PlanLimits) -> Plan | None:
    """19.2 stand in the way of the enemy's other automatic victories (the regions the
    guard plan does not garrison hex by hex): for each of the enemy units nearest such
    a region (:func:`coming`), the nearest fighting unit of one's own within
    :func:`meeting_reach` of the region's hex nearest that enemy unit is sent toward that
    hex (toward the enemy unit itself once it stands in the region)."""
    board = start.game.scenario.board
    return _meet(
        start,
        own,
        fighting,
        lambda clause, there: nearest(board, there, clause.hexes),
        lambda regions: f"bar the way to {regions}",
        settings,
    )


def hold_short(start: State, own: str, fighting: list[str], settings: PlanLimits) -> Plan | None:
    """19.2 stop the enemy units nearest his larger regions of automatic victory short
    of them (:func:`coming`): the nearest fighting unit of one's own within
    :func:`meeting_reach` of each is sent toward the enemy unit itself.  It stops next to
    him (8.2.1), and a unit in an enemy zone may leave it only as a result of combat
    (8.2.5): he is held where he stands until he wins a clash."""
    return _meet(
        start,
        own,
        fighting,
        lambda clause, there: there,
        lambda regions: f"hold the enemy short of {regions}",
        settings,
    )


def _meet(
    start: State,
    own: str,
    fighting: list[str],
    target: Callable[[Clause, str], str],
    label: Callable[[str], str],
    settings: PlanLimits,
) -> Plan | None:
    """For each enemy unit :func:`coming` lists, the nearest free fighting unit within
    :func:`meeting_reach` of ``target(clause, his hex)`` sent toward it (None: none)."""
    board = start.game.scenario.board
    records = start.data["units"]
    far = meeting_reach(settings)
    scripts: dict[str, str] = {}
    regions = []
    for clause, there in coming(start, own, settings):
        way = target(clause, there)
        free = [u for u in fighting if u not in scripts]
        mine = sorted((board.distance(records[u]["hex"], way), u) for u in free)
        if mine and mine[0][0] <= far:
            scripts[mine[0][1]] = f"{TOWARD} {way}"
            regions.append(f"{clause.region.replace('_', ' ')} ({clause.case})")
    if not scripts:
        return None
    return Plan(label(listing(sorted(set(regions)))), scripts)


def meeting_reach(settings: PlanLimits) -> int:
    """How far (hexes) the plans that meet the enemy's race for his larger regions of
    automatic victory look (:func:`coming`) and send units from (:func:`_meet`)."""
    return settings.bar_reach or 2 * settings.reach


def coming(start: State, own: str, settings: PlanLimits) -> list[tuple[Clause, str]]:
    """The enemy units nearest each region of his automatic victories the guard plan
    does not garrison hex by hex: as many as its clause needs, of its types, within
    :func:`meeting_reach`, each with its clause and hex."""
    board = start.game.scenario.board
    records = start.data["units"]
    static = start.game.static.units
    enemy = start.game.static.enemy[own]
    far = meeting_reach(settings)
    found = []
    for clause in automatic_regions(start, enemy):
        if clause.garrisoned() or not clause.hexes:
            continue  # the guard's (or a region the map lacks)
        coming = sorted(
            (min(board.distance(rec["hex"], h) for h in clause.hexes), rec["hex"])
            for uid, rec in records.items()
            if rec["status"] == "on_map"
            and rec["hex"]
            and static[uid].side == enemy
            and static[uid].type not in NOT_SENT
            and (not clause.types or static[uid].type in clause.types)
        )
        for distance, there in coming[: clause.needed]:
            if distance > far:
                break
            found.append((clause, there))
    return found


def automatic_stakes(state: State, side: str) -> frozenset[str]:
    """19.2 the hexes of either side's automatic-victory regions (none where the
    scenario has no automatic victory): concentrations on enemy units there come first."""
    enemy = state.game.static.enemy[side]
    return frozenset(
        h for who in (side, enemy) for clause in automatic_regions(state, who) for h in clause.hexes
    )


def records_of(state: State, side: str) -> list[dict[str, Any]]:
    """The records of ``side``'s units on the map."""
    static = state.game.static.units
    return [
        rec
        for uid, rec in state.data["units"].items()
        if rec["status"] == "on_map" and rec["hex"] and static[uid].side == side
    ]


def dashes(start: State, own: str, fighting: list[str], far: float) -> list[Plan]:
    """19.2 make for each region of ``own``'s automatic victories (:func:`dash`), each
    region ``fighting`` has the units for."""
    plans = []
    for clause in automatic_regions(start, own):
        scripts = dash(start, own, clause, fighting, far)
        if scripts is not None:
            where = clause.region.replace("_", " ")
            plans.append(Plan(f"make for {where} ({clause.case})", scripts))
    return plans


def dash(
    start: State, own: str, clause: Clause, fighting: list[str], far: float
) -> dict[str, str] | None:
    """19.2 the units of ``fighting`` the clause needs (those of its types nearest the
    region's hexes the enemy does not hold, each at most ``far`` hexes from one), each sent
    toward its nearest such hex (a hex apiece where the clause counts hexes); None: too
    few such units, or no such hex."""
    board = start.game.scenario.board
    records = start.data["units"]
    static = start.game.static.units
    held = pieces.hex_side(start)
    open_hexes = [h for h in clause.hexes if held.get(h, own) == own]
    if not open_hexes:
        return None
    scripts: dict[str, str] = {}
    ranked = sorted(
        (min(board.distance(records[u]["hex"], h) for h in open_hexes), u)
        for u in fighting
        if not clause.types or static[u].type in clause.types
    )
    for distance, unit in ranked[: clause.needed]:
        taken = {s.split(" ", 1)[1] for s in scripts.values()}
        left = [h for h in open_hexes if clause.counts != "hexes" or h not in taken]
        if distance > far or not left:
            break
        scripts[unit] = f"{TOWARD} {nearest(board, records[unit]['hex'], left)}"
    return scripts if len(scripts) == clause.needed else None


def race_scripts(start: State, side: str) -> dict[str, str]:
    """19.2 ``side`` racing for its automatic victories, however far: for each victory,
    every clause's dash (:func:`dash`) with units of its own; the victory whose units are
    nearest their hexes first, each later one with the units the earlier ones left; a
    victory some clause of which has no open hex or too few units is not raced for.  The
    units garrisoning the hexes of the other side's small regions (where one unit of his
    wins) stay on guard.  The planner's model of an enemy who races, which the rules of
    thumb alone do not (the threat would not show in a plan's score)."""
    records = start.data["units"]
    guarded = {h for clause in to_garrison(start, side) for h in clause.hexes}
    fighting = [uid for uid in fighting_units(start, side) if records[uid]["hex"] not in guarded]
    conditions = automatic_conditions(start, side)
    races = [(n, _race(start, side, condition, fighting)) for n, condition in enumerate(conditions)]
    ranked = sorted((_race_length(start, s), n, s) for n, s in races if s is not None)
    chosen: dict[str, str] = {}
    for _, n, scripts in ranked:
        if chosen.keys() & scripts.keys():  # an earlier race took some of its units
            again = _race(start, side, conditions[n], [u for u in fighting if u not in chosen])
            if again is None:
                continue
            scripts = again
        chosen.update(scripts)
    return chosen


def guard_scripts(start: State, side: str, limits: PlanLimits) -> dict[str, str]:
    """19.2 ``side`` guarding the hexes of the other side's small regions of automatic
    victory against his units within ``limits.reach`` (the scripts of :func:`guard`,
    with every fighting unit of ``side`` on the map): the planner's model of an enemy
    who garrisons such a hex when one's units come near, which the rules of thumb alone
    may leave open."""
    plan = guard(start, side, fighting_units(start, side), limits)
    return {} if plan is None else plan.scripts


def to_garrison(start: State, side: str) -> list[Clause]:
    """19.2 the other side's small regions of automatic victory (one unit of his wins),
    which ``side`` must hold hex by hex."""
    enemy = start.game.static.enemy[side]
    return [clause for clause in automatic_regions(start, enemy) if clause.garrisoned()]


def fighting_units(start: State, side: str) -> list[str]:
    """The units of ``side`` on the map a plan may send (not :data:`NOT_SENT`)."""
    static = start.game.static.units
    return [
        uid
        for uid, rec in start.data["units"].items()
        if rec["status"] == "on_map"
        and rec["hex"]
        and static[uid].side == side
        and static[uid].type not in NOT_SENT
    ]


def _race(
    start: State, side: str, condition: tuple[Clause, ...], fighting: list[str]
) -> dict[str, str] | None:
    """The scripts of every clause of one automatic victory, a unit for one clause only
    (None: some clause cannot be raced for)."""
    scripts: dict[str, str] = {}
    for clause in condition:
        free = [u for u in fighting if u not in scripts]
        more = dash(start, side, clause, free, float("inf"))
        if more is None:
            return None
        scripts.update(more)
    return scripts


def _race_length(start: State, scripts: dict[str, str]) -> int:
    """How far, in hexes all told, the units of a race have to go."""
    board = start.game.scenario.board
    records = start.data["units"]
    return sum(board.distance(records[u]["hex"], s.split(" ", 1)[1]) for u, s in scripts.items())


def nearest(board: Any, here: str, hexes: Sequence[str]) -> str:
    """The hex of ``hexes`` nearest ``here`` (ties: the first in order)."""
    return min(hexes, key=lambda h: (board.distance(here, h), h))


def listing(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"
