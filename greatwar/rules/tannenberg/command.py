"""13.0 Command: orders (MARCH/STOP), command ranges and lines, independence of command,
HQ displacement and return, HQ combat modifiers; and the orders phase (3.1 phase 1).

State kept here (all in the unit records, so the derived tables below are
cached on the units' revision counters):

- markers ``march`` / ``stop`` on corps HQs: the order of the stage (13.3.1); the
  marker stays until the next orders phase, where it is the "last order";
- marker ``hq_back`` on a Russian army HQ turned to its back side (13.2.9);
- markers ``independent`` / ``uncommanded`` on units that rolled for independent
  command this stage (13.3.2), ``arrived`` on reinforcements of this stage (17.2.7);
  all three are removed at the start of the next orders phase;
- note ``attached`` on a unit of no corps: the corps HQ it is one of the two units of
  no corps of (13.2.5);
- note ``return_stage`` on an eliminated HQ: the stage it may come back (13.1.7).

Other modules' actions in the orders phase (16.1.2 masking) come through
:class:`OrdersHook`: a module calls :func:`register_orders_hook` when it is
imported (every module of the package is imported with it).  Its actions are
offered beside this module's, to each role at once, until the role ends its
orders.

Choices made here where the rules are silent (each also in its docstring):

- A command line is a chain of adjacent hexes no longer than the range (13.2.1),
  never through lake or sea hexes nor across a lake drawn along a hexside (13.2.2),
  nor through hexes holding enemy units (or an enemy garrisoned fortification, which
  defends like a unit, 12.3.3), nor enemy-controlled hexes without a friendly unit
  (13.2.2, 13.2.3; an HQ does not free a hex, as in the zoc module); the Vistula does
  not stop it (13.2.2 does not name it).
- An army HQ commands units of its own army and units of no army; a corps HQ is
  commanded by the army HQ of its own army (13.2.4, 13.2.7: "the" army HQ).
- A corps HQ itself is commanded (may move) while it holds MARCH; army HQs always are.
- Which two units of no corps a corps HQ commands (13.2.5) is the owner's choice,
  made in the orders phase (``attach``), among units its range reaches then; it lasts
  until he changes it.
- 13.2.8: the range is doubled when the Russian army HQ stands on Russian territory.
- 13.3.2: units whose corps HQ is off the map (eliminated, not yet arrived) may try
  independence like units of no corps; a unit that failed stays uncommanded all stage.
- 13.1.5: "lone" means no friendly infantry, cavalry or artillery (nor a friendly
  mask, nor a friendly garrison) in the hex; the danger is an adjacent enemy unit that
  is not an HQ or a supply train, or an enemy control zone (8.2.4, masks' too); every
  HQ goes to the nearest hex (in hexes) holding a unit of its corps (army HQ: of its
  army); if there is none it is eliminated.
- Supply trains need no command (4.1 moves them in a step of their own, like HQs; they
  have no effectiveness to roll with).
- 13.5: the HQ needs only its range (13.5.1 does not ask for MARCH); of several HQs
  the one with the largest modifier supports the clash (13.5.3).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from greatwar.engine.phases import Action, Frame, Handler
from greatwar.engine.state import content_key
from greatwar.rules.tannenberg import fog, fortified, masks, movement, railways, seats, zoc
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.movement import hq_movement  # noqa: F401  (13.1.3, re-exported)
from greatwar.rules.tannenberg.static import derived_table
from greatwar.rules.tannenberg.tables import constant, lookup

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario

MARCH = "march"
STOP = "stop"
HQ_BACK = "hq_back"
INDEPENDENT = "independent"
UNCOMMANDED = "uncommanded"
ARRIVED = "arrived"
#: markers that last one stage (removed at the start of the orders phase)
STAGE_MARKERS = (INDEPENDENT, UNCOMMANDED, ARRIVED)
ATTACHED = "attached"
RETURN_STAGE = "return_stage"

CASE_ORDERS = "tannenberg 13.3.1"
CASE_ALONE = "tannenberg 13.3.2"
ARMY = "army"
RUSSIA = "russia"
#: terrain a command line may not cross (13.2.2); hexside features likewise
BLOCKING_TERRAIN = frozenset({"lake", "sea"})
BLOCKING_HEXSIDES = frozenset({"lake_shore"})
SUPPLY_TRAIN = "supply_train"
#: pieces whose presence keeps an HQ from being "lone" (13.1.5; a mask: the enemy sees a
#: counter with a zone there until 16.2.8 reveals it)
ESCORT_TYPES = frozenset({"infantry", "cavalry", "artillery", "mask"})
#: enemy pieces that do not threaten a lone HQ by standing next to it (13.1.5: not combat
#: units; a mask threatens through its control zone, 16.2.5 and 8.2.4)
HARMLESS_TYPES = frozenset({"hq", SUPPLY_TRAIN, "mask"})


# --- other modules' actions in the orders phase ---------------------------------------


@dataclass(frozen=True)
class OrdersHook:
    """Actions another module offers in the orders phase (3.1 phase 1; 16.1.2 masking).

    ``actions(st, role)`` lists the role's legal actions now (each with a ``type`` in
    ``types``); ``apply(st, role, action)`` carries one out; ``explain`` says why an
    action of one of its types is refused (reason, case); ``finish(st)`` runs once when
    every role has ended its orders, before the phase ends (choices made in secret are
    carried out there).
    """

    name: str
    types: frozenset[str]
    actions: Callable[[State, str], list[Action]]
    apply: Callable[[State, str, Action], None]
    explain: Callable[[State, str, Action], tuple[str, str | None]] | None = None
    finish: Callable[[State], None] | None = None


_ORDERS_HOOKS: dict[str, OrdersHook] = {}


def register_orders_hook(hook: OrdersHook) -> None:
    """Offer a module's actions in the orders phase (call at import; idempotent)."""
    _ORDERS_HOOKS[hook.name] = hook


def orders_hooks() -> list[OrdersHook]:
    """The registered hooks, by name (never by registration order)."""
    return [_ORDERS_HOOKS[name] for name in sorted(_ORDERS_HOOKS)]


# --- static tables ----------------------------------------------------------------------


@dataclass(frozen=True)
class CommandStatic:
    """What the map says about command lines (built once per game)."""

    #: hex -> neighbours a command line may step to from it (13.2.2: no lakes, no sea)
    steps: dict[str, tuple[str, ...]]
    #: hexes of Russian territory (13.2.8)
    russian: frozenset[str]
    #: (side, corps) -> the corps' HQs, in counter order
    corps_hqs: dict[tuple[str, str], tuple[str, ...]]


def _build_static(scenario: Scenario) -> CommandStatic:
    board = scenario.board
    open_hexes = {h for h in board.hexes if board.terrain.get(h) not in BLOCKING_TERRAIN}
    steps = {
        h: tuple(
            n
            for n in board.neighbours[h]
            if n in open_hexes and not board.features(h, n) & BLOCKING_HEXSIDES
        )
        for h in board.hexes
    }
    russian = frozenset(h for h, c in board.country.items() if c == RUSSIA)
    corps_hqs: dict[tuple[str, str], tuple[str, ...]] = {}
    for c in scenario.counters.values():
        if c.hq is not None and c.hq.level != ARMY and c.corps:
            corps_hqs[(c.side, c.corps)] = (*corps_hqs.get((c.side, c.corps), ()), c.id)
    return CommandStatic(steps=steps, russian=russian, corps_hqs=corps_hqs)


def command_static(st: State) -> CommandStatic:
    return derived_table(U.static(st), "command", _build_static)  # type: ignore[no-any-return]


# --- HQs and their ranges ----------------------------------------------------------------


def is_army_hq(st: State, uid: str) -> bool:
    return st.game.static.units[uid].hq_level == ARMY  # type: ignore[no-any-return]


def is_corps_hq(st: State, uid: str) -> bool:
    """Every HQ that is not an army HQ commands like a corps HQ."""
    ui = st.game.static.units[uid]
    return bool(ui.hq and ui.hq_level != ARMY)


def hqs_of(st: State, side: str) -> list[str]:
    """HQs of ``side`` on the map, in counter order (memoised on the side's units)."""
    return list(st.memo(("tb_hqs_of", side, st.data["rev"][side]), _hqs_of, st, side))


def _hqs_of(st: State, side: str) -> tuple[str, ...]:
    units = U.static(st).units
    return tuple(uid for uid in U.on_map(st, side) if units[uid].hq)


def units_on_map(st: State, side: str) -> list[str]:
    """Units and HQs of ``side`` on the map, masking counters aside (a masked unit keeps
    its hex and is counted), in counter order."""
    units = U.static(st).units
    return [uid for uid in U.on_map(st, side) if units[uid].type != masks.MASK]


def _same_army(a: str, b: str) -> bool:
    """Units of no army belong to every army (13.2.4, 13.2.7; our reading)."""
    return not a or not b or a == b


def _russian_army_hq(st: State, uid: str) -> bool:
    ui = U.info(st, uid)
    return bool(ui.hq_level == ARMY and ui.nationality == RUSSIA)


def order_marker(st: State, hq: str) -> str | None:
    """The MARCH or STOP counter on the corps HQ (the last order given, 13.3.1), or None."""
    markers = U.record(st, hq)["markers"]
    if MARCH in markers:
        return MARCH
    if STOP in markers:
        return STOP
    return None


def order(st: State, hq: str) -> str | None:
    """The corps HQ's order this stage: ``march``, ``stop`` or None (13.3.1).

    A corps HQ on the map without an order counter (a position set up in the middle
    of a stage) holds the order the orders phase gives without a roll: MARCH within
    its army HQ's range, none otherwise.
    """
    if U.record(st, hq)["status"] != "on_map" or not is_corps_hq(st, hq):
        return order_marker(st, hq)
    return _order(st, hq, command_table(st, U.info(st, hq).side))


def _order(st: State, hq: str, table: CommandTable) -> str | None:
    given = order_marker(st, hq)
    if given is None and _army_hqs_reaching(st, hq, table, corps=True):
        return MARCH
    return given


def command_range(st: State, hq: str) -> int:
    """13.2.1 the range printed on the side of the HQ counter showing (13.2.9: a Russian
    army HQ turned to its back side after moving; a counter without a printed back
    uses the constant ``russian_army_hq_range``)."""
    ui = U.info(st, hq)
    if not U.has_marker(st, hq, HQ_BACK):
        return int(ui.values(0).command_radius or 0)
    if len(ui.levels) > 1:
        return int(ui.values(1).command_radius or 0)
    return int(constant("russian_army_hq_range")[1])


def corps_hq_range(st: State, army_hq: str) -> int:
    """13.2.8 a Russian army HQ on Russian territory doubles its range for corps HQs."""
    reach = command_range(st, army_hq)
    here = U.record(st, army_hq)["hex"]
    if _russian_army_hq(st, army_hq) and here in command_static(st).russian:
        reach *= int(constant("russian_army_hq_range_multiplier"))
    return reach


def combat_modifier(st: State, hq: str) -> int:
    """13.5.1 the modifier printed on the HQ (one or two symbols)."""
    return int(U.info(st, hq).values(0).combat_modifier or 0)


def may_command(st: State, hq: str) -> bool:
    """An HQ on the map commands unless it is carried by rail (5.3.4) or is a corps HQ
    without a MARCH order (13.3.1 note)."""
    if U.record(st, hq)["status"] != "on_map" or railways.entrained(st, hq):
        return False
    return is_army_hq(st, hq) or order(st, hq) == MARCH


# --- command lines -------------------------------------------------------------------------


def line_blocks(st: State, side: str) -> frozenset[str]:
    """Hexes a command line of ``side`` may not enter (13.2.2-13.2.3): enemy units,
    unneutralised enemy zones and enemy garrisons (memoised on the units and the
    destroyed fortifications)."""
    key = ("tb_line_blocks", side, U.revision(st), fortified.destroyed_key(st))
    return st.memo(key, lambda: _line_blocks(st, side))  # type: ignore[no-any-return]


def _line_blocks(st: State, side: str) -> frozenset[str]:
    # the enemy's units and garrisons (kept on his units), his zones not neutralised
    return movement.enemy_held(st, side, captures=False) | zoc.enemy_controlled(st, side)


def _distances(st: State, hq: str, radius: int, side: str) -> dict[str, int]:
    """Hexes a command line of at most ``radius`` hexes reaches from the HQ, with their
    distance along it (13.2.1-13.2.3; see the module docstring for the line's rules):
    memoised on all it reads, the start, the radius and the hexes closed to it (an HQ
    whose surroundings have not changed keeps its lines)."""
    start = U.record(st, hq)["hex"]
    blocks = line_blocks(st, side)
    key = ("tb_command_lines", start, radius, blocks)
    return st.memo(key, lambda: _lines_from(st, start, radius, blocks))  # type: ignore[no-any-return]


def _line_reach(st: State, hq: str, radius: int, side: str, within: int) -> frozenset[str]:
    """The hexes :func:`_distances` finds at most ``within`` hexes away (memoised alike)."""
    key = ("tb_command_reach", U.record(st, hq)["hex"], radius, within, line_blocks(st, side))
    return st.memo(  # type: ignore[no-any-return]
        key,
        lambda: frozenset(h for h, d in _distances(st, hq, radius, side).items() if d <= within),
    )


def _lines_from(st: State, start: str, radius: int, blocks: frozenset[str]) -> dict[str, int]:
    steps = command_static(st).steps
    seen = {start: 0}
    frontier = [start]
    for distance in range(1, radius + 1):
        step = []
        for here in frontier:
            for there in steps[here]:
                if there in seen or there in blocks:
                    continue
                seen[there] = distance
                step.append(there)
        frontier = step
    return seen


@dataclass
class CommandTable:
    """One side's command, derived from the position (cached on the units' revisions)."""

    #: HQ -> hexes its command line reaches for commanding units
    reach: dict[str, frozenset[str]]
    #: army HQ -> hexes it reaches for commanding corps HQs (13.2.8)
    corps_reach: dict[str, frozenset[str]]
    #: unit (on the map) -> (commanded, why): why names the HQ or the rule
    status: dict[str, tuple[bool, str]]


def _build_table(st: State, side: str) -> CommandTable:
    reach: dict[str, frozenset[str]] = {}
    corps_reach: dict[str, frozenset[str]] = {}
    for hq in hqs_of(st, side):
        if railways.entrained(st, hq):
            continue  # 5.3.4
        unit_radius = command_range(st, hq)
        corps_radius = corps_hq_range(st, hq) if is_army_hq(st, hq) else unit_radius
        radius = max(unit_radius, corps_radius)
        reach[hq] = _line_reach(st, hq, radius, side, unit_radius)
        if is_army_hq(st, hq):
            corps_reach[hq] = _line_reach(st, hq, radius, side, radius)
    table = CommandTable(reach=reach, corps_reach=corps_reach, status={})
    for uid in units_on_map(st, side):
        table.status[uid] = _status(st, uid, table)
    return table


def command_table(st: State, side: str) -> CommandTable:
    """The side's ranges and who is commanded, computed once per position."""
    return U.cached(st, f"tannenberg_command:{side}", lambda s: _table_now(s, side))  # type: ignore[no-any-return]


def _table_now(st: State, side: str) -> CommandTable:
    """The side's command table: the last one worked out updated when only units other
    than HQs changed since and the hexes closed to command lines are the same (the
    ranges then stand, and a unit's status reads only its own record, its HQs and the
    ranges: only the changed units' are worked out again); else built afresh."""
    blocks = line_blocks(st, side)
    last = st.recall(("tb_command_last", side))
    table = None
    if last is not None and last[1] == blocks:
        changed = U.changed_since(st, side, last[0])
        units = st.game.static.units
        if changed is not None and not any(units[u].hq for u in changed):
            table = _updated_table(st, side, last[2], changed)
    if table is None:
        table = _build_table(st, side)
    st.remember(("tb_command_last", side), (st.data["rev"][side], blocks, table))
    return table


def _updated_table(st: State, side: str, old: CommandTable, changed: set[str]) -> CommandTable:
    table = CommandTable(reach=old.reach, corps_reach=old.corps_reach, status={})
    before = old.status
    for uid in units_on_map(st, side):
        table.status[uid] = _status(st, uid, table) if uid in changed else before[uid]
    return table


def _army_hqs_reaching(st: State, uid: str, table: CommandTable, corps: bool) -> list[str]:
    ui = U.info(st, uid)
    where = U.record(st, uid)["hex"]
    ranges = table.corps_reach if corps else table.reach
    return [
        hq
        for hq, hexes in ranges.items()
        if is_army_hq(st, hq) and where in hexes and _same_army(U.info(st, hq).army, ui.army)
    ]


def _corps_hqs_of(st: State, uid: str) -> list[str]:
    """The HQs of the unit's corps on the map (none for a unit of no corps)."""
    ui = U.info(st, uid)
    if not ui.corps:
        return []
    units = st.data["units"]
    hqs = command_static(st).corps_hqs.get((ui.side, ui.corps), ())
    return [hq for hq in hqs if units[hq]["status"] == "on_map"]


def _status(st: State, uid: str, table: CommandTable) -> tuple[bool, str]:
    """Whether the unit is commanded now, and why (13.2.4-13.2.7, 13.3, 17.2.7)."""
    ui = U.info(st, uid)
    markers = U.record(st, uid)["markers"]
    if ARRIVED in markers:
        return True, "it arrived as a reinforcement this stage (tannenberg 17.2.7)"
    if ui.type == SUPPLY_TRAIN:
        return True, "supply trains need no command (our reading of tannenberg 4.1)"
    if ui.hq:
        if is_army_hq(st, uid):
            return True, "an army HQ (tannenberg 13.2.6)"
        held = _order(st, uid, table)
        if held == MARCH:
            return True, "it holds a MARCH order (tannenberg 13.3.1)"
        return False, f"it holds {'a STOP' if held else 'no'} order (tannenberg 13.3.1)"
    if INDEPENDENT in markers:
        return True, "it gained independence of command this stage (tannenberg 13.3.2)"
    if UNCOMMANDED in markers:
        return False, "its independent command roll failed this stage (tannenberg 13.3.2)"
    where = U.record(st, uid)["hex"]
    armies = _army_hqs_reaching(st, uid, table, corps=False)
    if armies:
        return True, f"within the command range of {U.info(st, armies[0]).name} (tannenberg 13.2.6)"
    for hq in _corps_hqs_of(st, uid):
        if hq in table.reach and where in table.reach[hq] and _order(st, hq, table) == MARCH:
            return True, f"within the command range of {U.info(st, hq).name} (tannenberg 13.2.4)"
    attached = U.record(st, uid).get(ATTACHED)
    if attached is not None and _attachment_commands(st, uid, attached, table):
        name = U.info(st, attached).name
        return True, f"one of the two units of no corps of {name} (tannenberg 13.2.5)"
    return False, _why_not(st, uid, table)


def _attachment_commands(st: State, uid: str, hq: str | None, table: CommandTable) -> bool:
    """13.2.5 the unit of no corps is one of the corps HQ's two, within its range, and
    the HQ holds MARCH."""
    if hq is None or U.info(st, uid).corps or hq not in table.reach:
        return False
    where = U.record(st, uid)["hex"]
    return where in table.reach[hq] and _order(st, hq, table) == MARCH


def _why_not(st: State, uid: str, table: CommandTable) -> str:
    ui = U.info(st, uid)
    corps_hqs = _corps_hqs_of(st, uid)
    if ui.corps and any(_order(st, hq, table) == STOP for hq in corps_hqs):
        return "its corps HQ holds a STOP order (tannenberg 13.3.1)"
    where = U.record(st, uid)["hex"]
    for hq in corps_hqs:
        if hq in table.reach and where in table.reach[hq]:
            name = U.info(st, hq).name
            return f"within the command range of {name}, which holds no order (tannenberg 13.3.1)"
    if ui.corps and corps_hqs:
        return "outside the command range of its corps HQ and of its army HQ (tannenberg 13.2.4)"
    if ui.corps:
        return "its corps HQ is not on the map and no army HQ reaches it (tannenberg 13.2.4)"
    return (
        "of no corps, outside every army HQ's range and not one of a corps HQ's two"
        " units of no corps (tannenberg 13.2.5)"
    )


# --- the questions other modules ask ------------------------------------------------------


def commanded(st: State, uid: str) -> bool:
    """13.2.4 / 13.3.2: the unit is commanded now (may move, repair track, fight as
    artillery, reorganise: 13.4.1).  Cheap: one table per side and position.  A masking
    counter is commanded when every unit it hides is (13.4.1); an empty mask belongs to
    no corps and needs no command (reading)."""
    if masks.is_mask(st, uid):
        return all(commanded(st, u) for u in masks.contents(st, uid))
    side = U.info(st, uid).side
    found = command_table(st, side).status.get(uid)
    return bool(found and found[0])


def why_uncommanded(st: State, uid: str) -> tuple[str, str]:
    """For refusals: why the unit is not commanded, and the case (13.4.1)."""
    if U.record(st, uid)["status"] != "on_map":
        return f"{U.info(st, uid).name} is not on the map", "tannenberg 13.2.4"
    is_commanded, why = command_table(st, U.info(st, uid).side).status[uid]
    state = "is commanded" if is_commanded else "is not commanded"
    return f"{U.info(st, uid).name} {state}: {why}", "tannenberg 13.4.1"


def commanded_units(st: State, side: str) -> list[str]:
    """Units of ``side`` on the map that are commanded now, in counter order."""
    status = command_table(st, side).status
    return [uid for uid in units_on_map(st, side) if status[uid][0]]


def in_army_range(st: State, hq: str) -> bool:
    """13.2.7 the corps HQ is within the command range of its army HQ (5.1.4 asks it of
    a unit's corps HQ before loading)."""
    if U.record(st, hq)["status"] != "on_map":
        return False
    table = command_table(st, U.info(st, hq).side)
    return bool(_army_hqs_reaching(st, hq, table, corps=True))


def command_reach(st: State, hq: str) -> frozenset[str]:
    """Hexes the HQ's command lines reach now (empty when it commands nothing: a corps HQ
    without MARCH, an HQ carried by rail)."""
    side = U.info(st, hq).side
    if not may_command(st, hq):
        return frozenset()
    return command_table(st, side).reach.get(hq, frozenset())


def range_hexes(st: State, hq: str) -> frozenset[str]:
    """Hexes within the HQ's command range now, whatever its order (13.2.1-13.2.3; empty
    while it is carried by rail, 5.3.4, or off the map)."""
    if U.record(st, hq)["status"] != "on_map":
        return frozenset()
    return command_table(st, U.info(st, hq).side).reach.get(hq, frozenset())


# --- 13.3.2 independent command ----------------------------------------------------------


def may_seek_independence(st: State, uid: str) -> bool:
    """13.3.2 whether the unit may roll for independent command now: uncommanded, not
    yet rolled this stage, and either of a corps whose HQ holds MARCH (or is off the
    map: our reading) or of no corps and out of range of every HQ that could command
    it.  Units of a corps under a STOP order are grounded (13.3.1)."""
    ui = U.info(st, uid)
    if ui.hq or U.record(st, uid)["status"] != "on_map" or commanded(st, uid):
        return False
    if U.has_marker(st, uid, UNCOMMANDED):
        return False
    corps_hqs = _corps_hqs_of(st, uid)
    if ui.corps and corps_hqs:
        return any(order(st, hq) == MARCH for hq in corps_hqs)
    if ui.corps:
        return True
    table = command_table(st, ui.side)
    where = U.record(st, uid)["hex"]
    return not any(
        where in hexes and may_command(st, hq) and _same_army(U.info(st, hq).army, ui.army)
        for hq, hexes in table.reach.items()
    )


def independence_candidates(st: State, side: str) -> list[str]:
    """Units of ``side`` that may roll for independent command now, in counter order."""
    return [uid for uid in units_on_map(st, side) if may_seek_independence(st, uid)]


def independent_command(st: State, uid: str) -> bool:
    """13.3.2 roll for the unit: a die above its effectiveness leaves it uncommanded,
    at most gives it command for the rest of the stage.  Records the result on the
    unit (markers ``independent`` / ``uncommanded``) and returns it.

    For the movement phase (4.1): call it when the player has moved his commanded
    units, for the units of :func:`independence_candidates` (rolling never hurts).
    """
    effectiveness = U.effectiveness(st, uid)
    name = U.info(st, uid).name
    pips = fog.roll_about(
        st, uid, f"independent command of {name} (effectiveness {effectiveness})", CASE_ALONE
    )
    gained = pips <= effectiveness
    U.add_marker(st, uid, INDEPENDENT if gained else UNCOMMANDED)
    outcome = "gains independence: commanded" if gained else "stays uncommanded"
    fog.log_unit(
        st,
        uid,
        f"{name} {outcome} this stage ({pips} {'≤' if gained else '>'} {effectiveness}).",
        CASE_ALONE,
    )
    return gained


def roll_independence(st: State, side: str) -> list[str]:
    """13.3.2 for every candidate of ``side``; the units that gained command."""
    return [uid for uid in independence_candidates(st, side) if independent_command(st, uid)]


# --- 13.2.9 Russian army HQs turn over when they move --------------------------------------


def hq_moved(st: State, hq: str) -> None:
    """13.2.9 call after an HQ's move: a Russian army HQ turns to its back side (range 2)."""
    if _russian_army_hq(st, hq) and not U.has_marker(st, hq, HQ_BACK):
        U.add_marker(st, hq, HQ_BACK)
        fog.log_unit(
            st,
            hq,
            f"{U.info(st, hq).name} moved: it turns to its back side (command range"
            f" {command_range(st, hq)}).",
            "tannenberg 13.2.9",
        )


def end_movement_phase(st: State, side: str) -> None:
    """13.2.9 call at the end of ``side``'s own movement phase: its Russian army HQs that
    did not move this stage turn to their front side; those that moved to their back."""
    for hq in hqs_of(st, side):
        if not _russian_army_hq(st, hq):
            continue
        if movement.moved_this_stage(st, hq):
            hq_moved(st, hq)
        elif U.has_marker(st, hq, HQ_BACK):
            U.remove_marker(st, hq, HQ_BACK)
            fog.log_unit(
                st,
                hq,
                f"{U.info(st, hq).name} did not move: it turns to its front side (command"
                f" range {command_range(st, hq)}).",
                "tannenberg 13.2.9",
            )


# --- 17.2.6-17.2.7 reinforcements ----------------------------------------------------------


def reinforcement_arrived(st: State, uid: str) -> None:
    """Call when a unit enters as a reinforcement: it is commanded this stage (17.2.7);
    a corps HQ holds a MARCH order (17.2.6)."""
    U.add_marker(st, uid, ARRIVED)
    if is_corps_hq(st, uid):
        _set_order(st, uid, MARCH)


def _set_order(st: State, hq: str, given: str) -> None:
    U.remove_marker(st, hq, STOP if given == MARCH else MARCH)
    U.add_marker(st, hq, given)


# --- 13.5 HQs in combat ---------------------------------------------------------------------


def supporting_hqs(st: State, units: Iterable[str]) -> list[str]:
    """13.5.1-13.5.2 corps HQs whose range reaches a unit of their own corps (or, for
    units of no corps, any unit of no corps) among ``units``; HQs carried by rail add
    nothing (5.3.3)."""
    units = [u for u in units if not U.info(st, u).hq]
    if not units:
        return []
    side = U.info(st, units[0]).side
    table = command_table(st, side)
    found = []
    for hq in hqs_of(st, side):
        if not is_corps_hq(st, hq) or hq not in table.reach or combat_modifier(st, hq) <= 0:
            continue
        hq_ui = U.info(st, hq)
        for uid in units:
            ui = U.info(st, uid)
            own = ui.corps == hq_ui.corps if ui.corps else _same_army(hq_ui.army, ui.army)
            if own and U.record(st, uid)["hex"] in table.reach[hq]:
                found.append(hq)
                break
    return found


def hq_modifier(st: State, units: list[str], attacking: bool) -> tuple[int, str | None]:
    """13.5 the combat modifier one corps HQ gives a clash (+ attacking, - defending),
    and which HQ gives it.  13.5.3 only one HQ: the one with the largest modifier (a
    choice no player would make otherwise), the first in counter order among equals."""
    candidates = supporting_hqs(st, units)
    if not candidates:
        return 0, None
    best = max(candidates, key=lambda hq: combat_modifier(st, hq))
    value = combat_modifier(st, best)
    return (value if attacking else -value), best


# --- 13.1.5-13.1.8 HQs displaced, eliminated and returning ---------------------------------


class _Danger:
    """What 13.1.5 asks of an HQ's hex and its neighbours, read once for one side."""

    def __init__(self, st: State, side: str) -> None:
        self.side, self.enemy = side, U.enemy_of(st, side)
        self.units = U.static(st).units
        self.neighbours = U.static(st).scenario.board.neighbours
        self.occupancy = U.occupancy(st)
        self.st = st
        self.garrisoned = fortified.garrisoned_hexes(st, side)

    def lone(self, here: str) -> bool:
        """13.1.5 no friendly infantry, cavalry, artillery (or mask) shares the HQ's hex,
        nor is it a friendly garrisoned fortification (its garrison defends like a unit,
        12.3.3)."""
        if here in self.garrisoned:
            return False
        units, side = self.units, self.side
        return not any(
            units[u].side == side and units[u].type in ESCORT_TYPES
            for u in self.occupancy.get(here, ())
        )

    def threatened(self, here: str) -> bool:
        """13.1.5 an enemy unit (not an HQ or a supply train) stands next to the HQ, or
        8.2.4 the HQ stands in an enemy control zone (a mask's too, 16.2.5).  (The
        neighbours are asked first: the enemy's zone may be a table still to build.)"""
        units, enemy, occupancy = self.units, self.enemy, self.occupancy
        return any(
            units[u].side == enemy and units[u].type not in HARMLESS_TYPES
            for n in self.neighbours[here]
            for u in occupancy.get(n, ())
        ) or zoc.controls(self.st, enemy, here)


def _own_unit(st: State, hq: str, uid: str) -> bool:
    """A unit of the HQ's corps (corps HQ) or army (army HQ) (13.1.5, 13.1.8)."""
    hq_ui, ui = U.info(st, hq), U.info(st, uid)
    if ui.hq or ui.side != hq_ui.side:
        return False
    if is_army_hq(st, hq):
        return _same_army(hq_ui.army, ui.army)
    return bool(hq_ui.corps) and ui.corps == hq_ui.corps


def _own_unit_hexes(st: State, hq: str) -> list[str]:
    """Hexes holding a unit of the HQ's corps (army HQ: of its army), sorted."""
    side = U.info(st, hq).side
    return sorted({U.record(st, u)["hex"] for u in units_on_map(st, side) if _own_unit(st, hq, u)})


def escape_hexes(st: State, hq: str) -> list[str]:
    """13.1.5 the nearest hexes (counted in hexes) holding a unit of the HQ's corps
    (army HQ: of its army)."""
    board = U.static(st).scenario.board
    here = U.record(st, hq)["hex"]
    hexes = [h for h in _own_unit_hexes(st, hq) if h != here]
    if not hexes:
        return []
    nearest = min(board.distance(here, h) for h in hexes)
    return [h for h in hexes if board.distance(here, h) == nearest]


def lone_hqs_in_danger(st: State) -> list[str]:
    """13.1.5 HQs of either side alone next to an enemy unit, in counter order."""
    pending = _pending_escapes(st)
    found = []
    for side in U.static(st).side_ids:
        danger = _Danger(st, side)
        for hq in hqs_of(st, side):
            here = U.record(st, hq)["hex"]
            if hq not in pending and danger.lone(here) and danger.threatened(here):
                found.append(hq)
    return found


def _pending_escapes(st: State) -> set[str]:
    return {
        p["unit"]
        for frame in st.data["stack"]
        if frame["kind"] == HqEscape.kind
        for p in frame.get("pending", [])
    }


def check_lone_hqs(st: State) -> None:
    """13.1.5 lone HQs with an enemy unit adjacent roll to displace or are eliminated.

    Call it whenever units have moved or been placed (any phase).  Each such HQ rolls
    at once (5-6 Russian, 4-6 German); an HQ that escapes goes to the nearest hex of
    its own units, and when several are equally near its owner chooses: then an
    ``hq_escape`` frame is pushed on top of the caller's, so call this as the last
    thing an action does to the stack.
    """
    choices = []
    for hq in lone_hqs_in_danger(st):
        ui = U.info(st, hq)
        escape = constant(f"hq_displacement_escape_{ui.nationality}")
        pips = st.roll(
            f"{ui.name}, alone next to an enemy unit, escapes on {_pips(escape)}",
            "tannenberg 13.1.5",
        )
        if pips not in escape:
            eliminate_hq(st, hq, "tannenberg 13.1.5", "caught alone next to an enemy unit")
            continue
        options = escape_hexes(st, hq)
        if not options:
            eliminate_hq(
                st, hq, "tannenberg 13.1.5", "no unit of its own to escape to is on the map"
            )
        elif len(options) == 1:
            _escape(st, hq, options[0])
        else:
            choices.append({"unit": hq, "options": options})
    if choices:
        st.push({"kind": HqEscape.kind, "pending": choices})


def _pips(values: list[int]) -> str:
    return f"{values[0]}-{values[-1]}" if len(values) > 1 else str(values[0])


def _escape(st: State, hq: str, to: str) -> None:
    start = U.record(st, hq)["hex"]
    U.place(st, hq, to)
    st.log(
        f"{U.info(st, hq).name} escapes {start}→{to}, the nearest hex of its own units.",
        case="tannenberg 13.1.5",
    )


def eliminate_hq(st: State, hq: str, case: str, why: str) -> None:
    """Eliminate an HQ (13.1.5); its return is rolled by :func:`unit_lost` (13.1.7)."""
    U.eliminate_unit(st, hq, case, why)


def _corps_lost(st: State, corps: str, side: str) -> bool:
    """13.1.6 every unit of the corps (HQs aside) has been eliminated."""
    units = st.data["units"]
    members = [
        uid
        for uid, ui in U.static(st).units.items()
        if ui.side == side and ui.corps == corps and not ui.hq
    ]
    return bool(members) and all(units[u]["status"] == "eliminated" for u in members)


def unit_lost(st: State, uid: str) -> None:
    """Follows every elimination (:func:`units.eliminate_unit`, ``units.FOLLOW_UPS``).

    13.1.6: when the last unit of a corps is lost its HQ is gone for good; 13.1.7 an
    eliminated army HQ, or a corps HQ whose corps still has units, rolls the stages
    until it returns (+1 for the Russians).  Attachments (13.2.5) to or of the unit end.
    """
    ui = U.info(st, uid)
    _end_attachments(st, uid)
    if ui.hq:
        _hq_lost(st, uid)
        return
    if not ui.corps or not _corps_lost(st, ui.corps, ui.side):
        return
    for hq, hq_ui in U.static(st).units.items():
        if not (hq_ui.hq and hq_ui.side == ui.side and hq_ui.corps == ui.corps):
            continue
        if is_army_hq(st, hq):
            continue
        record = U.record(st, hq)
        if record["status"] == "on_map":
            U.eliminate_unit(st, hq, "tannenberg 13.1.6", f"the last unit of {hq_ui.corps} is lost")
        elif record.get(RETURN_STAGE) is not None:
            U.set_note(st, hq, RETURN_STAGE, None)
            st.log(
                f"{hq_ui.name} will not return: the last unit of its corps is lost.",
                case="tannenberg 13.1.6",
            )


def _hq_lost(st: State, hq: str) -> None:
    ui = U.info(st, hq)
    if is_corps_hq(st, hq) and ui.corps and _corps_lost(st, ui.corps, ui.side):
        st.log(f"{ui.name} is gone for good: its corps has no units left.", "tannenberg 13.1.6")
        return
    delay = constant("hq_return_delay_modifier")
    extra = int(delay.get(ui.nationality, 0)) if isinstance(delay, dict) else int(delay)
    pips = st.roll(
        f"stages until {ui.name} returns" + (f" (+{extra})" if extra else ""),
        "tannenberg 13.1.7",
    )
    stage = st.data["stage"] + pips + extra
    U.set_note(st, hq, RETURN_STAGE, stage)
    st.log(f"{ui.name} may return in the orders phase of stage {stage}.", "tannenberg 13.1.7")


def _end_attachments(st: State, uid: str) -> None:
    U.set_note(st, uid, ATTACHED, None)
    if U.info(st, uid).hq:
        for other, record in st.data["units"].items():
            if record.get(ATTACHED) == uid:
                U.set_note(st, other, ATTACHED, None)


def hq_replaced(st: State, old: str, new: str) -> None:
    """A new commander's counter took the old one's place (17.3.1, 18.1.2): the units of
    no corps the old HQ had taken are the new one's (13.2.5)."""
    for uid in attached_to(st, old):
        U.set_note(st, uid, ATTACHED, new)


def returning_hqs(st: State, side: str | None = None) -> list[str]:
    """HQs due back this stage or earlier (13.1.7), in counter order."""
    units = st.data["units"]
    return [
        hq
        for hq, ui in U.static(st).units.items()
        if ui.hq
        and (side is None or ui.side == side)
        and units[hq]["status"] == "eliminated"
        and units[hq].get(RETURN_STAGE) is not None
        and units[hq][RETURN_STAGE] <= st.data["stage"]
    ]


def return_hexes(st: State, hq: str) -> list[str]:
    """13.1.8 hexes the HQ may return to: those holding a unit of its corps (army HQ:
    of its army)."""
    return _own_unit_hexes(st, hq)


def place_returning_hq(st: State, hq: str, hex_label: str) -> None:
    U.set_note(st, hq, RETURN_STAGE, None)
    U.place(st, hq, hex_label)
    st.log(f"{U.info(st, hq).name} returns to the game in {hex_label}.", "tannenberg 13.1.8")


def _return_without_choice(st: State) -> None:
    """13.1.8 HQs with one hex to return to are placed; with none, they wait a stage."""
    for hq in returning_hqs(st):
        options = return_hexes(st, hq)
        if len(options) == 1:
            place_returning_hq(st, hq, options[0])
        elif not options:
            U.set_note(st, hq, RETURN_STAGE, st.data["stage"] + 1)
            st.log(
                f"{U.info(st, hq).name} cannot return yet: no unit of its own is on the map.",
                case="tannenberg 13.1.8",
            )


def _returns_to_choose(st: State, role: str) -> list[str]:
    return [
        hq
        for hq in returning_hqs(st, seats.side_of_role(role))
        if seats.role_of_unit(st, hq) == role and len(return_hexes(st, hq)) > 1
    ]


# --- 13.3.1 orders -----------------------------------------------------------------------


def give_orders(st: State, side: str) -> None:
    """13.3.1 MARCH for corps HQs within range of their army HQ; the others roll on the
    INDEPENDENCE OF COMMAND table (-1 after MARCH, +1 after STOP)."""
    table = command_table(st, side)
    for hq in hqs_of(st, side):
        if not is_corps_hq(st, hq):
            continue
        armies = _army_hqs_reaching(st, hq, table, corps=True)
        if armies:
            _set_order(st, hq, MARCH)
            # the army HQ is not named: it may be masked (16.2.1)
            fog.log_unit(
                st,
                hq,
                f"{U.info(st, hq).name} is within its army HQ's command range: MARCH.",
                CASE_ORDERS,
            )
        else:
            _roll_for_orders(st, hq)


def _roll_for_orders(st: State, hq: str) -> None:
    ui = U.info(st, hq)
    last = order_marker(st, hq)
    modifier = 0
    if last == MARCH:
        modifier = int(constant("independence_march_modifier"))
    elif last == STOP:
        modifier = int(constant("independence_stop_modifier"))
    activity = ui.activity or "N"
    name = ui.name
    pips = fog.roll_about(st, hq, f"independence of command of {name}", CASE_ORDERS)
    result, provisional = lookup("independence", pips + modifier, activity)
    given = MARCH if result == "M" else STOP
    _set_order(st, hq, given)
    after = f", last order {last.upper()} {modifier:+d}" if last else ""
    fog.log_unit(
        st,
        hq,
        f"{name} is outside its army HQ's range: die {pips}{after} = {pips + modifier},"
        f" activity {activity}: {given.upper()}"
        + (" (provisional table entry)" if provisional else "")
        + ".",
        CASE_ORDERS,
        provisional=provisional or None,
    )


# --- 13.2.5 units of no corps ---------------------------------------------------------------


def attached_to(st: State, hq: str) -> list[str]:
    """Units of no corps commanded through this corps HQ (13.2.5), in counter order."""
    units = st.data["units"]
    return [u for u in U.static(st).units if units[u].get(ATTACHED) == hq]


def _room(st: State, hq: str) -> int:
    return int(constant("corps_hq_units_of_no_corps")) - len(attached_to(st, hq))


def _loose_units(st: State, role: str) -> list[str]:
    """The role's units of no corps on the map that no corps HQ has taken (13.2.5);
    supply trains need no command."""
    side = seats.side_of_role(role)
    if side not in U.static(st).side_ids:
        return []
    units, records = U.static(st).units, st.data["units"]
    return [
        uid
        for uid in units_on_map(st, side)
        if not units[uid].hq
        and not units[uid].corps
        and units[uid].type != SUPPLY_TRAIN
        and not records[uid].get(ATTACHED)
        and seats.role_of_unit(st, uid) == role
    ]


def _marching_corps_hqs(st: State, side: str) -> list[str]:
    return [hq for hq in hqs_of(st, side) if is_corps_hq(st, hq) and order(st, hq) == MARCH]


def _attach_options(st: State, role: str) -> list[tuple[str, str]]:
    """(unit, corps HQ) pairs the role may attach: a unit of no corps not taken, that a
    corps HQ holding MARCH of its army reaches now and has room for (13.2.5)."""
    side = seats.side_of_role(role)
    loose = _loose_units(st, role)
    if not loose:
        return []
    table = command_table(st, side)
    hqs = [hq for hq in _marching_corps_hqs(st, side) if _room(st, hq) > 0]
    return [
        (uid, hq)
        for uid in loose
        for hq in hqs
        if U.record(st, uid)["hex"] in table.reach.get(hq, ())
        and _same_army(U.info(st, hq).army, U.info(st, uid).army)
    ]


def _detach_options(st: State, role: str) -> list[str]:
    """Attached units the role may release: only from a corps HQ that is full while a unit
    of no corps it reaches waits (otherwise releasing would change nothing)."""
    side = seats.side_of_role(role)
    loose = _loose_units(st, role)
    if not loose:
        return []
    table = command_table(st, side)
    full = [
        hq
        for hq in _marching_corps_hqs(st, side)
        if _room(st, hq) <= 0
        and any(U.record(st, u)["hex"] in table.reach.get(hq, ()) for u in loose)
    ]
    return [
        uid for hq in full for uid in attached_to(st, hq) if seats.role_of_unit(st, uid) == role
    ]


def _attachment_choices(st: State, role: str) -> list[Action]:
    """The role's attach and detach actions (13.2.5), memoised on what they read: the
    units (their hexes, orders and attachments), the destroyed fortifications (the
    command ranges' lines, :func:`line_blocks`) and the stage; a masking plan made in
    the orders phase leaves them standing."""
    stage = st.data["stage"]
    key = ("tb_attachment_choices", role, U.revision(st), fortified.destroyed_key(st), stage)
    return st.memo(key, lambda: _build_attachment_choices(st, role))  # type: ignore[no-any-return]


def _build_attachment_choices(st: State, role: str) -> list[Action]:
    actions: list[Action] = [
        {"type": "attach", "unit": u, "hq": hq} for u, hq in _attach_options(st, role)
    ]
    actions.extend({"type": "detach", "unit": u} for u in _detach_options(st, role))
    return actions


def attach(st: State, uid: str, hq: str) -> None:
    U.set_note(st, uid, ATTACHED, hq)
    st.log(
        f"{U.info(st, hq).name} takes {U.info(st, uid).name} as one of its two units of no corps.",
        case="tannenberg 13.2.5",
        to=seats.roles_of_side(st.game, U.info(st, uid).side),
    )


def detach(st: State, uid: str) -> None:
    hq = U.record(st, uid)[ATTACHED]  # (offered only for a unit taken by a corps HQ)
    U.set_note(st, uid, ATTACHED, None)
    st.log(
        f"{U.info(st, uid).name} is no longer one of {U.info(st, hq).name}'s units of no corps.",
        case="tannenberg 13.2.5",
        to=seats.roles_of_side(st.game, U.info(st, uid).side),
    )


# --- the orders phase ---------------------------------------------------------------------

START, RETURN, ORDERS, FREE = "start", "return", "orders", "free"
END_ORDERS: Action = {"type": "end_orders"}


def _plans_key(st: State, role: str) -> bytes:
    """The masking plans of the role's side and the masks' handles (16.1: all of the
    masking state its choices read), as text."""
    masking = st.data.get("masking")
    if masking is None:
        return b""
    roles = seats.roles_of_side(st.game, seats.side_of_role(role))
    return content_key(([masking["plan"].get(r) for r in roles], masking.get("handles")))


class OrdersPhase(Handler):
    """3.1 phase 1, for all roles at once.

    Steps (``frame["step"]``): ``start`` removes the last stage's command markers;
    ``return`` places the HQs due back (13.1.8: the owner chooses the hex when there
    are several); ``orders`` gives MARCH or rolls for STOP (13.3.1, automatic); ``free``
    offers each role its choices of this phase (masking through the orders hooks,
    16.1.2; units of no corps, 13.2.5) until it ends its orders (``done``).
    """

    kind = "orders_phase"
    case = "tannenberg 13.3.1"

    def setup(self, st: State, frame: Frame) -> None:
        frame.setdefault("step", START)
        frame.setdefault("done", [])

    # -- who acts, and on what --

    def actors(self, st: State, frame: Frame) -> list[str]:
        step = frame["step"]
        roles = seats.roles(st.game)
        if step == RETURN:
            return [r for r in roles if _returns_to_choose(st, r)]
        if step == FREE:
            return [r for r in roles if r not in frame["done"] and self._choices(st, r)]
        return []

    def _choices(self, st: State, role: str) -> list[Action]:
        """The role's orders (memoised: asked by ``actors`` and ``legal`` alike), keyed on
        what they read: the units, the stage and its side's masking plans (the other
        side's choices leave this one's standing)."""
        key = ("tb_orders_choices", role, U.revision(st), st.data["stage"], _plans_key(st, role))
        return st.memo(key, lambda: self._build_choices(st, role))  # type: ignore[no-any-return]

    def _build_choices(self, st: State, role: str) -> list[Action]:
        actions: list[Action] = []
        for hook in orders_hooks():
            actions.extend(hook.actions(st, role))
        actions.extend(_attachment_choices(st, role))
        return actions

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        if frame["step"] == RETURN:
            hq = _returns_to_choose(st, role)[0]
            return [{"type": "place_hq", "unit": hq, "hex": h} for h in return_hexes(st, hq)]
        return [*self._choices(st, role), dict(END_ORDERS)]

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        kind = action["type"]
        if kind == "place_hq":
            place_returning_hq(st, action["unit"], action["hex"])
        elif kind == "attach":
            attach(st, action["unit"], action["hq"])
        elif kind == "detach":
            detach(st, action["unit"])
        elif kind == "end_orders":
            frame["done"] = sorted([*frame["done"], role])
        else:
            hook = next(h for h in orders_hooks() if kind in h.types)
            hook.apply(st, role, action)

    def run(self, st: State, frame: Frame) -> None:
        step = frame["step"]
        if step == START:
            for marker in STAGE_MARKERS:
                U.clear_marker(st, marker)
            frame["step"] = RETURN
        elif step == RETURN:
            _return_without_choice(st)
            if not any(_returns_to_choose(st, r) for r in seats.roles(st.game)):
                frame["step"] = ORDERS
        elif step == ORDERS:
            for side in U.static(st).side_ids:
                give_orders(st, side)
            frame["step"] = FREE
        else:
            for hook in orders_hooks():
                if hook.finish is not None:
                    hook.finish(st)
            st.pop()

    # -- words --

    def title(self, st: State, frame: Frame) -> str:
        return "Orders phase"

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        if frame["step"] == RETURN:
            hq = _returns_to_choose(st, role)[0]
            return (
                f"{U.info(st, hq).name} returns to the game: choose a hex holding one of its"
                " own units (13.1.8)."
            )
        return (
            "Orders phase: mask units (16.1.2), choose the units of no corps each corps HQ"
            " commands (13.2.5), then end your orders."
        )

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        """Why an action of the orders phase is refused, with the case."""
        kind = action.get("type")
        if frame["step"] == RETURN:
            hq = _returns_to_choose(st, role)[0]
            places = ", ".join(return_hexes(st, hq))
            return (
                f"{U.info(st, hq).name} must first return to a hex holding one of its own"
                f" units: {places}",
                "tannenberg 13.1.8",
            )
        for hook in orders_hooks():
            if kind in hook.types and hook.explain is not None:
                return hook.explain(st, role, action)
        if kind == "attach":
            return _why_not_attach(st, role, action)
        if kind == "detach":
            return (
                "a unit of no corps may be released only from a corps HQ that is full while"
                " another unit of no corps it reaches waits",
                "tannenberg 13.2.5",
            )
        if kind == "place_hq":
            return "no HQ of yours is due to return now", "tannenberg 13.1.8"
        return (
            f"{kind!r} is not an action of the orders phase (attach, detach, masking, end_orders)",
            self.case,
        )


def _why_not_attach(st: State, role: str, action: Action) -> tuple[str, str | None]:
    uid, hq = action.get("unit"), action.get("hq")
    units = st.data["units"]
    if not isinstance(uid, str) or uid not in units:
        return f"there is no unit {uid!r}", "tannenberg 13.2.5"
    ui = U.info(st, uid)
    if seats.role_of_unit(st, uid) != role:
        return f"{ui.name} is not yours", "tannenberg 13.2.5"
    if ui.corps or ui.hq:
        return (
            f"{ui.name} belongs to a corps: only units of no corps are taken",
            "tannenberg 13.2.5",
        )
    if U.record(st, uid).get(ATTACHED):
        return f"{ui.name} is already taken by another corps HQ", "tannenberg 13.2.5"
    if hq is None:  # a unit pointed at (a refusal's probe): why no HQ takes it
        return (
            f"no corps HQ of yours with a MARCH order and room for a unit of no corps has"
            f" {ui.name} within its command range",
            "tannenberg 13.2.5",
        )
    if not isinstance(hq, str) or hq not in units:
        return f"there is no HQ {hq!r}", "tannenberg 13.2.5"
    hq_ui = U.info(st, hq)
    if not is_corps_hq(st, hq) or hq_ui.side != ui.side:
        return f"{hq_ui.name} is not one of your corps HQs", "tannenberg 13.2.5"
    if order(st, hq) != MARCH:
        return f"{hq_ui.name} holds no MARCH order: it commands nothing", "tannenberg 13.3.1"
    if _room(st, hq) <= 0:
        return f"{hq_ui.name} already commands two units of no corps", "tannenberg 13.2.5"
    return f"{ui.name} is outside {hq_ui.name}'s command range", "tannenberg 13.2.2"


class HqEscape(Handler):
    """13.1.5 an HQ that escaped goes to the nearest hex of its own units; the owner
    chooses among equally near ones.  ``pending``: [{"unit", "options"}]."""

    kind = "hq_escape"
    case = "tannenberg 13.1.5"

    def actors(self, st: State, frame: Frame) -> list[str]:
        pending = frame["pending"]
        return [seats.role_of_unit(st, pending[0]["unit"])] if pending else []

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        first = frame["pending"][0]
        return [{"type": "escape", "unit": first["unit"], "hex": h} for h in first["options"]]

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        frame["pending"].pop(0)
        _escape(st, action["unit"], action["hex"])

    def run(self, st: State, frame: Frame) -> None:
        st.pop()

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        first = frame["pending"][0]
        return (
            f"{U.info(st, first['unit']).name} escapes: choose one of the nearest hexes of"
            f" its own units ({', '.join(first['options'])}) (13.1.5)."
        )

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        first = frame["pending"][0]
        return (
            f"{U.info(st, first['unit']).name} escapes to one of the nearest hexes of its own"
            f" units: {', '.join(first['options'])}",
            self.case,
        )

    def title(self, st: State, frame: Frame) -> str:
        return "HQ escape"


def extra_handlers() -> list[Handler]:
    return [HqEscape()]


# --- views ----------------------------------------------------------------------------------


def view(st: State, role: str) -> dict[str, Any]:
    """The viewer's command: its HQs' ranges, orders, commanded units, units of no corps
    taken by corps HQs and HQs waiting to return (nothing of the enemy's beyond the
    board's public MARCH/STOP counters, which the units' markers show)."""
    side = seats.side_of_role(role)
    if side not in U.static(st).side_ids:
        return {}
    table = command_table(st, side)
    units = st.data["units"]
    own = [u for u, ui in U.static(st).units.items() if ui.side == side]
    return {
        "ranges": {hq: sorted(command_reach(st, hq)) for hq in hqs_of(st, side)},
        "orders": {hq: order(st, hq) for hq in hqs_of(st, side) if is_corps_hq(st, hq)},
        "commanded": [u for u in units_on_map(st, side) if table.status[u][0]],
        "attached": {u: units[u][ATTACHED] for u in own if units[u].get(ATTACHED)},
        "returning": {
            hq: units[hq][RETURN_STAGE] for hq in own if units[hq].get(RETURN_STAGE) is not None
        },
    }


U.follow_up("eliminated", "command", unit_lost)  # 13.1.6-13.1.8
