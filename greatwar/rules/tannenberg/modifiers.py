"""Combat modifiers of a clash: flanking (9.2.1), surrounded (9.2.2), cavalry against
infantry (9.2.3), terrain (9.7), trenches, fortifications and wire (12.x),
concentration of divisions (14.x) and headquarters (13.5); the die modifiers of a
retreat attempt (9.8 and the list under the RETREAT ATTEMPT table).

What the clash module calls:

* :func:`clash_modifiers` — every ratio modifier (2.2's column shifts), each
  ``{"why", "value", "case"}`` and ``"provisional": true`` when a supplied
  value decided it (the card shifts of 9.3.5 and 9.3.7 are the clash's own);
* :func:`clash_strengths` — each side's total strength with every step named:
  the units (5.3.2 halved on rail), doubled when surrounded (9.2.2) or in a
  fortification attacked through its fortified edges (12.2.4), the cavalry's
  total halved against infantry (9.2.3), the garrison (12.3.7, 12.3.8) and the
  supporting artillery's fire (11.2.1, 11.3.1, 11.1.9);
* :func:`strait_choices` — where 9.7.7 lets only some units count, which units
  each side chooses from and how many (the clash turns them into actions and
  passes the chosen ones back as ``counted``);
* :func:`retreat_die_modifiers` — the die modifiers of a retreat attempt.

A masked unit's part is named "a masked unit" without its id (a view may show
parts before the masks are revealed, 16.2.9).  Attackers and defenders are unit
ids; artillery, HQs and supply trains among them add no strength of their own
(artillery fires through the support lists, 11.5.1), and decide no flank or
edge.  ``defender_hexes`` names the defending hexes when a garrison defends
alone (12.3.3).

Readings where the rules are silent:

* 9.2.1 counts the hexes of the attacking units in contact (not of artillery
  supporting from range).
* 9.2.2 (its diagram is lost): a defending hex is surrounded when none of its
  six neighbours is a way out for the defender: each holds an attacking-side
  unit, or lies in the attacker's control zone with no defending unit there
  (8.1.4), or is off the map, a lake or sea, or across a hexside no unit
  crosses (a lake along the hexside, the Vistula away from a standing bridge).
  The attack doubles only when every defending hex is surrounded.  Supporting
  artillery fire is not doubled.
* 9.2.3 applies to either side: its cavalry's total is halved when the other
  side has infantry (a garrison counts as infantry) among its units.
  Multipliers (9.2.2, 12.2.4) apply to each unit before the cavalry's total is
  halved and rounded up, so rounding never gains a point.
* 9.7.4: the rivers of the edges attacked through count when every attacking
  unit attacks across one; the weakest of them counts (all attackers are
  across at least that one).  A hexside with a bridge counts as the bridge
  (terrain.toml), the Vistula as a great river.  Wire (12.4.4) likewise needs
  every attacker across wire.  Independent artillery fire (11.4) decides the
  edges by its line of fire.
* 9.7.5: when defenders stand on several hexes, each hex's terrain, rivers,
  wire, trenches and fortification are added up and the total most favourable
  to the defender is taken (the log names the hex).
* 9.7.2 and 9.3.7: no terrain, rivers or wire in an encounter battle;
  trenches and fortifications help only a defender who laid down DEFENCE
  (12.1.7, 12.2.3); flanking, concentration and headquarters count in every
  clash.
* 9.7.7: each strait edge lets two units of each side count; a hex attacked,
  or attacking, only across strait edges counts two units per such edge (the
  example: a second strait edge lets all three defenders count), chosen by
  their owner.  Supporting artillery fire is not limited.
* 9.8: the retreating player names the route (or at least its first hex)
  before the die is rolled; the route's first hex decides 9.8.3 (swamp) and
  every river hexside crossed without a bridge decides 9.8.4, the worst one
  counting; 9.8.2 takes the start hex's terrain modifier reversed.  With
  stacks on several hexes each of these is taken for the stack it hurts most
  (9.8.1).  Swamp and a large river add up (two cases).  The table's printed
  modifications: -2 when any retreating unit is isolated, -1 against ASSAULT,
  +2 when every retreating unit is cavalry and no attacking unit is.
* 13.5.1: artillery firing in a clash takes part in it (11.1.5: it "took an
  active part"), so a gun within its own corps HQ's range brings that HQ's
  modifier, to the attacker and to the defender alike; independent fire
  (11.4) has no defending guns (11.4.5).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from greatwar import hexgrid
from greatwar.rules.tannenberg import (
    artillery,
    command,
    concentration,
    fortified,
    masks,
    railways,
    supply,
    zoc,
)
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.tables import constant

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.schema import Characteristic

DEFENCE = "defence"
ATTACKING_CARDS = frozenset({"attack", "assault"})
#: unit types that add no strength of their own to a clash (artillery fires instead)
NO_STRENGTH_TYPES = frozenset({"artillery", "hq", "supply_train", "mask"})
RIVERS = ("minor_river", "major_river", "great_river")
Modifier = dict[str, Any]


# --- small helpers ------------------------------------------------------------------------


def _board(st: State) -> Any:
    return U.static(st).scenario.board


def _table(st: State) -> Any:
    return U.static(st).scenario.terrain


def _hex_of(st: State, uid: str) -> str:
    return U.record(st, uid)["hex"]  # type: ignore[no-any-return]


def fights(st: State, uid: str) -> bool:
    """The unit adds a strength of its own (not artillery, HQs, trains, 11.5.1)."""
    return U.info(st, uid).type not in NO_STRENGTH_TYPES


def _provisional(entry: Characteristic, what: str) -> bool:
    """Whether ``what`` (move, combat) of a terrain-table entry is a supplied value."""
    source = entry.source
    if source.strip() == "provisional":
        return True
    _, sep, supplied = source.partition("provisional:")
    return bool(sep) and what in supplied


def _modifier(why: str, value: int, case: str, provisional: bool = False, **extra: Any) -> Modifier:
    entry: Modifier = {"why": why, "value": value, "case": case}
    if provisional:
        entry["provisional"] = True
    entry.update(extra)
    return entry


def _is_encounter(encounter: bool, cards: dict[str, str] | None) -> bool:
    if encounter or not cards:
        return encounter
    return all(str(cards.get(k, "")).lower() in ATTACKING_CARDS for k in ("attacker", "defender"))


def _defence(encounter: bool, cards: dict[str, str] | None) -> bool:
    """Whether the defender laid down DEFENCE (9.3.4, 9.3.5); the default when no cards
    are given and the clash is no encounter battle."""
    if encounter:
        return False
    if cards and "defender" in cards:
        return str(cards["defender"]).lower() == DEFENCE
    return True


def defending_hexes(
    st: State, defenders: Iterable[str], defender_hexes: Sequence[str] | None = None
) -> list[str]:
    """The hexes defended: the defenders' hexes and any named (a lone garrison)."""
    hexes = {_hex_of(st, uid) for uid in defenders}
    hexes.update(defender_hexes or ())
    return sorted(hexes)


def contact_hexes(st: State, attackers: Iterable[str]) -> list[str]:
    """Hexes of the attacking units that fight (9.2.1; artillery only fires)."""
    return sorted({_hex_of(st, uid) for uid in attackers if fights(st, uid)})


def _attacking_from(st: State, target: str, attacker_hexes: Sequence[str]) -> list[str]:
    """The attacker hexes whose attack on ``target`` comes through its edges: those in
    contact, or (artillery firing alone, 11.4) every firing hex."""
    board = _board(st)
    near = [h for h in attacker_hexes if h in board.neighbours[target]]
    return near or [h for h in attacker_hexes if h != target]


# --- terrain (9.7) --------------------------------------------------------------------------


def terrain_modifier(st: State, hex_label: str) -> Modifier | None:
    """9.7.1-9.7.3 the modifier of the terrain the defender stands on (cumulative
    terrains such as a forest on a hill are one entry of the table, 9.7.3)."""
    name = _board(st).terrain.get(hex_label, "")
    entry = _table(st).terrain.get(name)
    if entry is None or entry.combat == 0:
        return None
    return _modifier(
        f"terrain {entry.name.lower()} ({hex_label})",
        entry.combat,
        "tannenberg 9.7.3",
        _provisional(entry, "combat"),
    )


def _edge_river(st: State, features: frozenset[str]) -> Characteristic | None:
    """The river effect of one hexside: a bridge where there is one (terrain.toml), else
    the river's; None when no river runs along it."""
    table = _table(st)
    if not any(f in features for f in RIVERS):
        return None
    if "bridge" in features:
        return table.hexside.get("bridge")  # type: ignore[no-any-return]
    rivers = [table.hexside[f] for f in RIVERS if f in features and f in table.hexside]
    return min(rivers, key=lambda c: c.combat) if rivers else None


def _attack_features(st: State, target: str, sources: Sequence[str]) -> list[frozenset[str]]:
    """The hexside features of each edge of ``target`` attacked through."""
    board = _board(st)
    here = board.coord[target]
    out = []
    for h in sources:
        d = fortified.attack_direction(st, target, h)
        out.append(board.side_features.get(hexgrid.hexside(here, d), frozenset()))
    return out


def hexside_modifiers(st: State, target: str, sources: Sequence[str]) -> list[Modifier]:
    """9.7.4 rivers and bridges, 12.4.4 wire: only when every attacking unit attacks
    across one; the weakest river crossed counts."""
    edges = _attack_features(st, target, sources)
    if not edges:
        return []
    mods = []
    rivers = [_edge_river(st, f) for f in edges]
    if all(r is not None for r in rivers):
        weakest = max(rivers, key=lambda c: c.combat)  # type: ignore[union-attr]
        assert weakest is not None
        if weakest.combat:
            mods.append(
                _modifier(
                    f"every attacker across {weakest.name.lower()} ({target})",
                    weakest.combat,
                    "tannenberg 9.7.4",
                    _provisional(weakest, "combat"),
                )
            )
    if all("wire" in f for f in edges):
        mods.append(
            _modifier(
                f"every attacker across wire entanglements ({target})",
                int(constant("wire_modifier")),
                "tannenberg 12.4.4",
            )
        )
    return mods


def hex_modifiers(
    st: State,
    target: str,
    attacker_hexes: Sequence[str],
    defending_side: str,
    *,
    encounter: bool,
    defence: bool,
) -> tuple[list[Modifier], dict[str, Any]]:
    """The ratio modifiers one defending hex gives (terrain 9.7, rivers and wire 9.7.4 /
    12.4.4 outside encounter battles; trenches 12.1 and fortifications 12.2-12.3 when
    defending), and its fortification's strength effects (``double``, ``garrison``)."""
    sources = _attacking_from(st, target, attacker_hexes)
    mods: list[Modifier] = []
    if not encounter:
        terrain = terrain_modifier(st, target)
        if terrain is not None:
            mods.append(terrain)
        mods.extend(hexside_modifiers(st, target, sources))
    works = fortified.hex_defence(st, target, sources, defending_side, defence)
    mods.extend(works["modifiers"])
    return mods, works


def _most_favourable(per_hex: dict[str, list[Modifier]]) -> list[Modifier]:
    """9.7.5 the hex whose modifiers together favour the defender most."""
    if not per_hex:
        return []
    best = min(sorted(per_hex), key=lambda h: sum(m["value"] for m in per_hex[h]))
    mods = per_hex[best]
    if len(per_hex) > 1 and mods:
        return [{**m, "why": f"{m['why']}; the most favourable hex (9.7.5)"} for m in mods]
    return mods


# --- flanking and surrounding (9.2) --------------------------------------------------------


def flanking_modifier(
    st: State, attackers: Iterable[str], attack_hexes: Sequence[str] = ()
) -> Modifier | None:
    """9.2.1 an attack from 3, 4, 5 or 6 hexes: +1, +2, +3 or +4."""
    contact = set(contact_hexes(st, attackers))
    hexes = contact & set(attack_hexes) if attack_hexes else contact
    table = constant("flank_attack_modifier")
    value = table.get(str(len(hexes)))
    if not value:
        return None
    return _modifier(f"attack from {len(hexes)} hexes", int(value), "tannenberg 9.2.1")


def _closed_to(st: State, side: str, here: str, there: str | None) -> bool:
    """One neighbour of a defending hex is no way out for ``side`` (9.2.2, our reading)."""
    if there is None:
        return True  # off the map
    scenario = U.static(st).scenario
    terrain = scenario.terrain.terrain.get(scenario.board.terrain.get(there, ""))
    if terrain is None or terrain.move == "prohibited":
        return True
    features = scenario.board.features(here, there)
    for f in features:
        entry = scenario.terrain.hexside.get(f)
        if entry is None or entry.move != "prohibited":
            continue
        bridged = f == "great_river" and "bridge" in features
        if bridged and not railways.bridge_destroyed(st, here, there):
            continue
        return True
    enemy = U.enemy_of(st, side)
    if U.hex_side(st).get(there) == enemy:
        return True
    return there in zoc.enemy_controlled(st, side)


def surrounded(st: State, hex_label: str, side: str) -> bool:
    """9.2.2 the units of ``side`` in ``hex_label`` have no way out (our reading, see the
    module docstring)."""
    board = _board(st)
    here = board.coord[hex_label]
    return all(
        _closed_to(st, side, hex_label, board.label_at.get(n)) for n in hexgrid.neighbours(here)
    )


# --- the ratio modifiers of a clash ----------------------------------------------------------


def clash_modifiers(
    st: State,
    attackers: list[str],
    defenders: list[str],
    attack_hexes: list[str],
    *,
    encounter: bool = False,
    cards: dict[str, str] | None = None,
    defender_hexes: Sequence[str] | None = None,
    attacker_artillery: Sequence[Any] = (),
    defender_artillery: Sequence[Any] = (),
    hq: bool = True,
) -> list[dict[str, Any]]:
    """Every modifier of the ratio for this clash: ``{"why", "value", "case"}``
    (``"provisional": true`` when a supplied table value decided it).

    ``attack_hexes`` are the attacking units' hexes (flanking counts those holding a
    fighting unit); ``attacker_artillery`` the artillery firing for the attacker (their
    hexes decide the edges when no unit attacks, 11.4, and they count for the HQ,
    13.5.1), ``defender_artillery`` the artillery firing for the defender (it counts for
    the defending HQ, 13.5.1); ``cards`` maps "attacker" / "defender" to the card laid
    down (an encounter battle when both attack, 9.3.7); ``hq=False`` leaves out the HQ
    modifiers."""
    encounter = _is_encounter(encounter, cards)
    defence = _defence(encounter, cards)
    mods: list[Modifier] = []
    flank = flanking_modifier(st, attackers, attack_hexes)
    if flank is not None:
        mods.append(flank)
    sources = contact_hexes(st, attackers) or sorted(
        {_hex_of(st, _artillery_id(a)) for a in attacker_artillery}
    )
    targets = defending_hexes(st, defenders, defender_hexes)
    side = _defending_side(st, defenders, targets)
    per_hex = {}
    for t in targets:
        per_hex[t], _ = hex_modifiers(st, t, sources, side, encounter=encounter, defence=defence)
    mods.extend(_most_favourable(per_hex))
    mods.extend(concentration.concentration_modifiers(st, attackers, defenders))
    if hq:
        mods.extend(_hq_modifiers(st, attackers, defenders, attacker_artillery, defender_artillery))
    return mods


def _hq_modifiers(
    st: State,
    attackers: list[str],
    defenders: list[str],
    attacker_artillery: Sequence[Any],
    defender_artillery: Sequence[Any] = (),
) -> list[Modifier]:
    """13.5 one corps HQ for each side (the command module chooses it); a side's firing
    artillery takes part in the clash (11.1.5) and counts like its units (13.5.1)."""
    mods = []
    a_fire = [_artillery_id(a) for a in attacker_artillery]
    d_fire = [_artillery_id(a) for a in defender_artillery]
    for units, attacking in ((attackers + a_fire, True), (defenders + d_fire, False)):
        value, hq = command.hq_modifier(st, units, attacking)
        if value:
            name = U.info(st, hq).name if hq else "headquarters"
            role = "attacking" if attacking else "defending"
            mods.append(_modifier(f"{name} supports the {role} units", value, "tannenberg 13.5.1"))
    return mods


def _defending_side(st: State, defenders: Sequence[str], targets: Sequence[str]) -> str:
    if defenders:
        return U.info(st, defenders[0]).side  # type: ignore[no-any-return]
    for t in targets:
        side = fortified.fortification_side(st, t)
        if side is not None:
            return side
    return ""


# --- strengths -----------------------------------------------------------------------------


def unit_strength(st: State, uid: str) -> int:
    """A fighting unit's strength on its current level; 5.3.2 halved, rounded up, on rail
    transport."""
    return railways.clash_strength(st, uid, U.strength(st, uid))


def _artillery_id(entry: Any) -> str:
    return entry if isinstance(entry, str) else str(entry["unit"])


def _triple(entry: Any) -> bool:
    return not isinstance(entry, str) and bool(entry.get("triple"))


def cavalry_halved(
    st: State, units: Iterable[str], opponents: Iterable[str], garrison: bool
) -> bool:
    """9.2.3 the side has cavalry and the other side infantry (or a garrison)."""
    has_cavalry = any(U.info(st, u).type == "cavalry" for u in units)
    infantry = garrison or any(U.info(st, u).type == "infantry" for u in opponents)
    return has_cavalry and infantry


def _units_total(
    st: State,
    units: Sequence[str],
    counted: set[str] | None,
    base: dict[str, int] | None,
    multiplier: dict[str, int],
    halve_cavalry: bool,
) -> tuple[int, list[Modifier]]:
    """The fighting units' total: each unit's strength times its multiplier, the cavalry's
    total halved and rounded up (9.2.3)."""
    parts: list[Modifier] = []
    foot = cavalry = 0
    for uid in units:
        if not fights(st, uid):
            continue
        hidden = masks.is_masked(st, uid)
        name = "a masked unit" if hidden else U.info(st, uid).name
        if counted is not None and uid not in counted:
            parts.append(_modifier(f"{name} not counted across the strait", 0, "tannenberg 9.7.7"))
            continue
        value = (base or {}).get(uid, unit_strength(st, uid)) * multiplier.get(uid, 1)
        parts.append(
            {"why": name, "value": value} if hidden else {"why": name, "value": value, "unit": uid}
        )
        if U.info(st, uid).type == "cavalry":
            cavalry += value
        else:
            foot += value
    if halve_cavalry and cavalry:
        halved = -(-cavalry // int(constant("cavalry_against_infantry_divisor")))
        parts.append(
            _modifier(
                f"cavalry against infantry: {cavalry} halved to {halved}",
                halved - cavalry,
                "tannenberg 9.2.3",
            )
        )
        cavalry = halved
    return foot + cavalry, parts


def _fire(
    st: State, entries: Sequence[Any], mode: str, encounter: bool
) -> tuple[int, list[Modifier]]:
    total = 0
    parts = []
    for entry in entries:
        uid = _artillery_id(entry)
        triple = _triple(entry)
        value = artillery.fire_strength(st, uid, mode, triple=triple, encounter=encounter)
        case = "tannenberg 11.1.9" if triple else artillery.support_case(mode)
        what = "triple fire" if triple else "fire"
        parts.append(_modifier(f"{U.info(st, uid).name}: {what}", value, case, unit=uid))
        total += value
    return total, parts


def clash_strengths(
    st: State,
    attackers: list[str],
    defenders: list[str],
    *,
    attacker_artillery: Sequence[Any] = (),
    defender_artillery: Sequence[Any] = (),
    encounter: bool = False,
    cards: dict[str, str] | None = None,
    counted: Iterable[str] | None = None,
    defender_hexes: Sequence[str] | None = None,
    base: dict[str, int] | None = None,
) -> dict[str, dict[str, Any]]:
    """Each side's total strength (9.1.9 c) with its parts named:
    ``{"attacker": {"total", "parts"}, "defender": {...}}``.

    Artillery entries are unit ids or ``{"unit": id, "triple": bool}`` (11.1.9);
    ``counted`` lists the units that count across a strait (9.7.7; None: all);
    ``base`` overrides units' strengths (e.g. what a masked stack shows)."""
    encounter = _is_encounter(encounter, cards)
    defence = _defence(encounter, cards)
    chosen = None if counted is None else set(counted)
    targets = defending_hexes(st, defenders, defender_hexes)
    side = _defending_side(st, defenders, targets)
    sources = contact_hexes(st, attackers) or sorted(
        {_hex_of(st, _artillery_id(a)) for a in attacker_artillery}
    )
    works = {
        t: hex_modifiers(st, t, sources, side, encounter=encounter, defence=defence)[1]
        for t in targets
    }
    garrisons = {t: w["garrison"] for t, w in works.items() if w["garrison"]}

    # the attacker: 9.2.2 doubled when every defending hex is surrounded, 9.2.3 cavalry
    encircled = bool(targets) and all(surrounded(st, t, side) for t in targets)
    factor = int(constant("surrounded_attack_multiplier")) if encircled else 1
    fighting = [u for u in attackers if fights(st, u)]
    a_total, a_parts = _units_total(
        st,
        fighting,
        chosen,
        base,
        {u: factor for u in fighting},
        cavalry_halved(st, fighting, defenders, bool(garrisons)),
    )
    if encircled and fighting:
        a_parts.insert(
            0, _modifier("the defenders are surrounded: attackers doubled", 0, "tannenberg 9.2.2")
        )
    fire, fire_parts = _fire(st, attacker_artillery, "attack", encounter)
    attacker = {"total": a_total + fire, "parts": a_parts + fire_parts}

    # the defender: 12.2.4 doubled in a fortification, 12.3.7 garrisons, 9.2.3 cavalry
    doubling = int(constant("fortification_defender_multiplier"))
    multiplier = {u: doubling for u in defenders if works.get(_hex_of(st, u), {}).get("double")}
    d_total, d_parts = _units_total(
        st,
        defenders,
        chosen,
        base,
        multiplier,
        cavalry_halved(st, defenders, fighting, False),
    )
    for t in sorted({_hex_of(st, u) for u in multiplier}):
        d_parts.insert(
            0,
            _modifier(f"fortification {t}: defenders doubled", 0, "tannenberg 12.2.4"),
        )
    for t, value in sorted(garrisons.items()):
        case = "tannenberg 12.3.7" if works[t]["through"] else "tannenberg 12.3.8"
        d_parts.append(_modifier(f"garrison of {t}", value, case))
        d_total += value
    mode = "attack" if encounter else "defence"
    fire, fire_parts = _fire(st, defender_artillery, mode, encounter)
    defender = {"total": d_total + fire, "parts": d_parts + fire_parts}
    return {"attacker": attacker, "defender": defender}


def strength_factors(
    st: State,
    attackers: list[str],
    defenders: list[str],
    *,
    encounter: bool = False,
    cards: dict[str, str] | None = None,
    defender_hexes: Sequence[str] | None = None,
) -> dict[str, Any]:
    """The strength effects of a clash as data, for a view or an agent: whether the
    attack doubles (9.2.2), which side's cavalry is halved (9.2.3), which hexes' defenders
    double (12.2.4) and the garrisons added (12.3.7, 12.3.8)."""
    encounter = _is_encounter(encounter, cards)
    defence = _defence(encounter, cards)
    targets = defending_hexes(st, defenders, defender_hexes)
    side = _defending_side(st, defenders, targets)
    sources = contact_hexes(st, attackers)
    works = {
        t: hex_modifiers(st, t, sources, side, encounter=encounter, defence=defence)[1]
        for t in targets
    }
    garrisons = {t: w["garrison"] for t, w in works.items() if w["garrison"]}
    fighting = [u for u in attackers if fights(st, u)]
    return {
        "surrounded": bool(targets) and all(surrounded(st, t, side) for t in targets),
        "attacker_cavalry_halved": cavalry_halved(st, fighting, defenders, bool(garrisons)),
        "defender_cavalry_halved": cavalry_halved(st, defenders, fighting, False),
        "doubled_hexes": sorted(t for t, w in works.items() if w["double"]),
        "garrisons": garrisons,
    }


# --- straits (9.7.7) ---------------------------------------------------------------------------


def _strait_limit(st: State, here: str, others: Iterable[str]) -> int | None:
    """How many units of ``here`` count when every edge it fights across toward
    ``others`` is a strait (two per strait edge), else None (no limit)."""
    board = _board(st)
    edges = [board.features(here, o) for o in others if o in board.neighbours[here]]
    if not edges or not all("strait" in f for f in edges):
        return None
    return int(constant("strait_units_counted")) * len(edges)


def strait_choices(st: State, attackers: list[str], defenders: list[str]) -> list[dict[str, Any]]:
    """9.7.7 where an attack or a defence goes only across straits between lakes, at most
    two units of each side per strait edge count (all suffer the results).  One entry per
    hex holding more: ``{"side": "attacker"|"defender", "hex", "units", "count"}`` — the
    owner chooses ``count`` of ``units`` to count; the rest fight uncounted."""
    a_hexes = contact_hexes(st, attackers)
    d_hexes = defending_hexes(st, defenders)
    out = []
    for role, units, mine, theirs in (
        ("attacker", attackers, a_hexes, d_hexes),
        ("defender", defenders, d_hexes, a_hexes),
    ):
        for h in mine:
            limit = _strait_limit(st, h, theirs)
            here = [u for u in units if fights(st, u) and _hex_of(st, u) == h]
            if limit is not None and len(here) > limit:
                out.append({"side": role, "hex": h, "units": here, "count": limit})
    return out


# --- retreat attempts (9.8) ----------------------------------------------------------------------


def _river_crossed(st: State, a: str, b: str) -> str | None:
    """The river (minor or major) crossed between two hexes without a bridge, if any."""
    features = _board(st).features(a, b)
    if "bridge" in features:
        return None
    if "major_river" in features or "great_river" in features:
        return "major_river"
    if "minor_river" in features:
        return "minor_river"
    return None


def _route_modifiers(st: State, origin: str, route: Sequence[str]) -> tuple[int, int]:
    """9.8.3 (swamp as the first hex) and 9.8.4 (the worst river crossed) for one route."""
    swamp = 0
    if route and _board(st).terrain.get(route[0]) == "swamp":
        swamp = int(constant("retreat_swamp_or_major_river"))
    river = 0
    here = origin
    for nxt in route:
        crossed = _river_crossed(st, here, nxt)
        if crossed == "major_river":
            river = min(river, int(constant("retreat_swamp_or_major_river")))
        elif crossed == "minor_river":
            river = min(river, int(constant("retreat_minor_river")))
        here = nxt
    return swamp, river


def retreat_die_modifiers(
    st: State,
    retreaters: list[str],
    attackers: list[str],
    *,
    routes: dict[str, Sequence[str]] | None = None,
    assault: bool = False,
) -> list[dict[str, Any]]:
    """The die modifiers of a retreat attempt (9.3.6 c): 9.8.2 the start hex's terrain
    reversed, 9.8.3 swamp as the first hex, 9.8.4 rivers crossed, each the least
    favourable over the retreating hexes (9.8.1); and the table's printed ones.

    ``routes`` maps each retreating hex to the hexes of its route (the first hex first),
    as far as the player has named it before the roll."""
    mods: list[Modifier] = []
    origins = sorted({_hex_of(st, u) for u in retreaters})
    sign = int(constant("retreat_terrain_sign"))
    start = []
    for h in origins:
        terrain = terrain_modifier(st, h)
        value = 0 if terrain is None else sign * terrain["value"]
        start.append((value, h, terrain))
    if start:
        value, h, terrain = min(start, key=lambda e: e[0])
        if terrain is not None and value:
            mods.append(
                _modifier(
                    f"retreat from {terrain['why']}",
                    value,
                    "tannenberg 9.8.2",
                    terrain.get("provisional", False),
                )
            )
    swamp = river = 0
    for h in origins:
        s, r = _route_modifiers(st, h, (routes or {}).get(h, ()))
        swamp, river = min(swamp, s), min(river, r)
    if swamp:
        mods.append(_modifier("the retreat's first hex is swamp", swamp, "tannenberg 9.8.3"))
    if river:
        mods.append(_modifier("the retreat crosses a river", river, "tannenberg 9.8.4"))
    mods.extend(_printed_retreat_modifiers(st, retreaters, attackers, assault))
    return mods


def _printed_retreat_modifiers(
    st: State, retreaters: list[str], attackers: list[str], assault: bool
) -> list[Modifier]:
    """The modifications printed under the RETREAT ATTEMPT table (9.3.6)."""
    mods = []
    if any(supply.isolated(st, u) for u in retreaters):
        mods.append(
            _modifier(
                "a retreating unit is isolated",
                int(constant("retreat_isolated")),
                "tannenberg 9.3.6",
            )
        )
    if assault:
        mods.append(
            _modifier(
                "the opponent plays ASSAULT",
                int(constant("retreat_against_assault")),
                "tannenberg 9.3.6",
            )
        )
    fighting = [u for u in retreaters if fights(st, u)]
    mounted = fighting and all(U.info(st, u).type == "cavalry" for u in fighting)
    foot_only = not any(U.info(st, u).type == "cavalry" for u in attackers)
    if mounted and foot_only:
        mods.append(
            _modifier(
                "cavalry retreating from infantry and artillery",
                int(constant("retreat_cavalry_from_foot")),
                "tannenberg 9.3.6",
            )
        )
    return mods
