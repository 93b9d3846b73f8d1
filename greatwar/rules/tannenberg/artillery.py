"""11.0 Artillery: support of attacks and defences, independent attacks, ammunition,
and the displacement of lone artillery.

Each artillery unit may act once a combat phase (11.1.1): support an attack
(11.2), support a defence (11.3) or attack independently (11.4), within two
hexes (11.1.2), normal fire or triple fire (11.1.9).  Each player decides his
own artillery's part in a clash (11.1.3): the clash module asks
:func:`support_options` for the choices of each role and turns them into
actions; the chosen fire goes into :func:`modifiers.clash_strengths`; once the
clash is resolved it calls :func:`spend_ammunition` with the artillery that
fired (11.1.5, 11.1.6, 11.1.9: endurance lost whatever the result).
Artillery suffers no result of the COMBAT RESULTS table (11.1.4, 11.5.2)
unless the units of its hex flee: then :func:`stack_fled` applies 11.1.8 to it
(11.5.3).  Independent attacks: :func:`independent_targets` and
:func:`independent_options` (11.4).

State: each artillery unit's record notes ``fired_stage``, the stage it last
fired in (11.1.1: once a combat phase; 2.3.8: it fought), and
``data["artillery"]`` = ``{"stage": n, "displaced": [...], "pinned": [...]}``
the artillery displaced during this stage's combat phase (11.1.8: it may not
fight after) and that stood in an enemy control zone when the combat phase
began (11.4.2, 11.5 note; recorded by :func:`begin_clash_phase`).

11.1.8: when an enemy infantry or cavalry unit enters a hex next to a lone
artillery unit (no friendly infantry, cavalry or masking counter with it), its
owner rolls: above its effectiveness it loses 4 endurance points, else 1, and
it withdraws 4 hexes: the ``artillery_displacement`` frame, where the owner
picks each hex (a flight, 9.5.4-9.5.8).  :func:`check_lone_artillery` pushes
it; the caller returns and lets the stack settle (the moving unit may go on
afterwards).

Readings where the rules are silent:

* Ranges are counted in hexes, through anything (no line of sight).
* 11.2.3 / 11.3.6 "the same corps": the artillery's ``corps`` equals a
  supported unit's; artillery of no corps is army artillery (supports anyone).
* 11.1.9 triple fire costs its 4 (Russian) or 3 (German) endurance points
  instead of the ordinary 11.1.5 / 11.1.6 cost, doubled without supply.
* 11.5 note: artillery that stood in an enemy zone when the phase began may
  support only a clash its own hex's units take part in; its hex-mates' side
  is the side it supports.
* 11.4.5: when artillery alone attacks a hex, no artillery supports the
  target's defence (and 11.4 needs the holder of the initiative).
* 11.1.8's withdrawal follows the rules of flight, with the paths of a flight
  (:func:`routes.flight_steps`): each hex one farther from the start
  (9.5.4), never into enemy units or an enemy garrisoned fortification, off
  the map, into a lake or sea, or across a lake or the Vistula away from a
  standing bridge (9.5.8); the owner chooses among the ways that end outside
  enemy control zones if any (9.5.6), then enter the fewest (9.5.7), each
  costing one endurance point unless another friendly unit holds it.  With no
  way at all the unit is eliminated (9.5.8).  The loss of 11.1.8 comes first
  (if it eliminates the unit, there is nothing to withdraw).  The hex it ends
  in does not set off 11.1.8 again.
* "Lone": no friendly infantry, cavalry or masking counter in the hex (HQs and
  supply trains do not protect it), and not a friendly garrisoned fortification
  (its garrison is treated as a unit, 12.3.3); several artillery units alone
  in a hex are each displaced.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from greatwar.engine.phases import Action, Frame, Handler
from greatwar.rules.tannenberg import (
    combatants,
    command,
    fortified,
    initiative,
    masks,
    railways,
    routes,
    seats,
    supply,
    zoc,
)
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.tables import constant

if TYPE_CHECKING:
    from greatwar.engine.state import State

ARTILLERY = "artillery"
RECORD = "artillery"
#: unit note: the stage in which the artillery last fired (11.1.1; 2.3.8)
FIRED_NOTE = "fired_stage"
#: units whose presence keeps an artillery unit from being "lone" (11.1.8)
COVER_TYPES = frozenset({"infantry", "cavalry", "mask"})
#: enemy units whose arrival next to lone artillery displaces it (11.1.8)
DISPLACING_TYPES = frozenset({"infantry", "cavalry"})
ATTACK = "attack"
DEFENCE = "defence"


def case(n: str) -> str:
    return f"tannenberg {n}"


# --- the stage's record --------------------------------------------------------------------


def _fresh(stage: int) -> dict[str, Any]:
    return {"stage": stage, "displaced": [], "pinned": []}


def _record(st: State) -> dict[str, Any]:
    """This stage's record (read only: a fresh one when none is kept for the stage)."""
    rec = st.data.get(RECORD)
    if rec is None or rec.get("stage") != st.data["stage"]:
        return _fresh(st.data["stage"])
    return rec  # type: ignore[no-any-return]


def _writable(st: State) -> dict[str, Any]:
    rec = st.data.get(RECORD)
    if rec is None or rec.get("stage") != st.data["stage"]:
        rec = st.data[RECORD] = _fresh(st.data["stage"])
    return rec


def _add(st: State, key: str, uid: str) -> None:
    entries = _writable(st)[key]
    if uid not in entries:
        entries.append(uid)
        entries.sort()


def fired_stage(st: State, uid: str) -> int | None:
    """The last stage in which the unit fired in a clash (2.3.8: it fought then)."""
    return U.record(st, uid).get(FIRED_NOTE)


def fired_this_stage(st: State, uid: str) -> bool:
    """11.1.1 the unit has supported or attacked in this stage's combat phase."""
    return fired_stage(st, uid) == st.data["stage"]  # type: ignore[no-any-return]


def displaced_this_stage(st: State, uid: str) -> bool:
    """11.1.8 the unit was displaced during this stage's combat phase."""
    return uid in _record(st)["displaced"]


def is_artillery(st: State, uid: str) -> bool:
    return U.info(st, uid).type == ARTILLERY  # type: ignore[no-any-return]


def begin_clash_phase(st: State) -> None:
    """Called by the clash module when the combat phase begins: records which artillery
    stands in an enemy control zone now (11.4.2, 11.5 note)."""
    rec = _writable(st)
    rec["pinned"] = sorted(
        uid for uid in U.on_map(st) if is_artillery(st, uid) and zoc.in_enemy_zoc(st, uid)
    )
    rec["clash_phase"] = True


def pinned(st: State, uid: str) -> bool:
    """The unit stood in an enemy control zone when this stage's combat phase began
    (before it began: stands in one now)."""
    rec = _record(st)
    if rec.get("clash_phase"):
        return uid in rec["pinned"]
    return zoc.in_enemy_zoc(st, uid)


# --- what an artillery unit may do -----------------------------------------------------------


def fire_refusal(st: State, uid: str) -> tuple[str, str] | None:
    """Why the artillery unit may not fire in a clash now (reason, case), or None."""
    ui = U.info(st, uid)
    if not is_artillery(st, uid):
        return f"{ui.name} is not artillery", case("11.1.1")
    if U.record(st, uid)["status"] != "on_map":
        return f"{ui.name} is not on the map", case("11.1.1")
    if not railways.takes_part(st, uid):
        return f"{ui.name} is on rail transport", case("5.3.3")
    if not command.commanded(st, uid):
        return f"{ui.name} is not commanded", case("13.4.1")
    if fired_this_stage(st, uid):
        return f"{ui.name} has already fired this combat phase", case("11.1.1")
    if displaced_this_stage(st, uid):
        return f"{ui.name} was displaced in this combat phase", case("11.1.8")
    return None


def in_range(st: State, uid: str, hexes: Iterable[str]) -> bool:
    """11.1.2 at least one of the hexes is within two hexes (11.2.2, 11.3.3, 11.3.5)."""
    board = U.static(st).scenario.board
    here = U.record(st, uid)["hex"]
    reach = int(constant("artillery_range"))
    return any(board.distance(here, h) <= reach for h in hexes)


def corps_match(st: State, uid: str, units: Iterable[str]) -> bool:
    """11.2.3, 11.3.6 a supported unit belongs to the artillery's corps; army artillery
    (of no corps) supports anyone."""
    corps = U.info(st, uid).corps
    return not corps or any(U.info(st, u).corps == corps for u in units)


def fire_strength(
    st: State, uid: str, mode: str, triple: bool = False, encounter: bool = False
) -> int:
    """11.2.1 attack fire, 11.3.1 defence fire (11.3.2: attack fire on both sides of an
    encounter battle), 11.1.9 tripled."""
    values = U.values(st, uid)
    fire = values.attack_fire if mode == ATTACK or encounter else values.defence_fire
    factor = int(constant("artillery_intense_fire_multiplier")) if triple else 1
    return (fire or 0) * factor


def support_case(mode: str) -> str:
    return case("11.2.1") if mode == ATTACK else case("11.3.1")


def _by_nationality(st: State, uid: str, name: str) -> int:
    table = constant(name)
    return int(table.get(U.info(st, uid).nationality, 0))


def ammunition_cost(st: State, uid: str, triple: bool = False) -> int:
    """Endurance the unit loses for firing: 11.1.5 Russian 1 (2 unsupplied), 11.1.6 German
    none (1 unsupplied); 11.1.9 triple fire Russian 4, German 3, doubled unsupplied."""
    supplied = supply.supplied(st, uid)
    if triple:
        cost = _by_nationality(st, uid, "artillery_intense_fire_loss")
        if not supplied:
            cost *= int(constant("artillery_unsupplied_loss_multiplier"))
        return cost
    name = "artillery_ammunition_loss" if supplied else "artillery_ammunition_loss_unsupplied"
    return _by_nationality(st, uid, name)


def _option(st: State, uid: str, mode: str, encounter: bool) -> dict[str, Any]:
    return {
        "unit": uid,
        "name": U.info(st, uid).name,
        "hex": U.record(st, uid)["hex"],
        "mode": ATTACK if encounter else mode,
        "fire": fire_strength(st, uid, mode, encounter=encounter),
        "triple_fire": fire_strength(st, uid, mode, triple=True, encounter=encounter),
        "ammunition": ammunition_cost(st, uid),
        "triple_ammunition": ammunition_cost(st, uid, triple=True),
    }


def may_support(
    st: State, uid: str, supported: Sequence[str], targets: Sequence[str], mode: str = ATTACK
) -> tuple[str, str] | None:
    """Why the artillery may not support ``supported`` units against ``targets`` (hexes),
    or None (11.1.2, 11.2.2, 11.2.3, 11.3.3, 11.3.5, 11.3.6, 11.5 note)."""
    refusal = fire_refusal(st, uid)
    if refusal is not None:
        return refusal
    name = U.info(st, uid).name
    if not supported or U.info(st, supported[0]).side != U.info(st, uid).side:
        return f"{name} has no friendly unit in this clash to support", case("11.1.3")
    here = U.record(st, uid)["hex"]
    if pinned(st, uid) and not any(U.record(st, u)["hex"] == here for u in supported):
        return (
            f"{name} stood in an enemy zone when the phase began: it supports only its own"
            " hex's units",
            case("11.5.1"),
        )
    if not in_range(st, uid, targets):
        return f"{name} is more than two hexes away", case("11.1.2")
    if not corps_match(st, uid, supported):
        rule = "11.2.3" if mode == ATTACK else "11.3.6"
        return f"{name} belongs to another corps than the units it would support", case(rule)
    return None


def support_options(
    st: State,
    role: str,
    *,
    attackers: Sequence[str],
    defenders: Sequence[str],
    attacking: bool,
    encounter: bool = False,
    independent: bool = False,
    defender_hexes: Sequence[str] = (),
) -> list[dict[str, Any]]:
    """11.1.3 the artillery of ``role`` that may fire in this clash, as data the clash
    module turns into actions: ``{"unit", "name", "hex", "mode", "fire", "triple_fire",
    "ammunition", "triple_ammunition"}``.

    ``attacking``: the role's side is the attacker (11.2: in range of a defender, 11.2.2;
    a unit of its corps attacks, 11.2.3) or the defender (11.3: in range of a defending
    unit, 11.3.3, 11.3.5; of its corps, 11.3.6).  ``independent``: the attack is by
    artillery alone, so the defender's artillery may not fire (11.4.5).  In an encounter
    battle both sides fire attack fire (11.3.2)."""
    if independent and not attacking:
        return []
    side = seats.side_of_role(role)
    if attacking:
        supported, targets = list(attackers), _hexes(st, defenders, defender_hexes)
    else:
        supported, targets = list(defenders), _hexes(st, defenders, defender_hexes)
    supported = [u for u in supported if U.info(st, u).side == side]
    if not supported:
        return []
    mode = ATTACK if attacking else DEFENCE
    out = []
    for uid in U.on_map(st, side):
        if not is_artillery(st, uid) or seats.role_of_unit(st, uid) != role:
            continue
        if may_support(st, uid, supported, targets, mode) is None:
            out.append(_option(st, uid, mode, encounter))
    return out


def _hexes(st: State, units: Iterable[str], extra: Iterable[str] = ()) -> list[str]:
    hexes = {U.record(st, u)["hex"] for u in units if U.record(st, u)["status"] == "on_map"}
    hexes.update(extra)
    return sorted(hexes)


# --- independent attacks (11.4) ------------------------------------------------------------


def independent_refusal(st: State, uid: str) -> tuple[str, str] | None:
    """Why the artillery unit may not attack independently now (11.4.1, 11.4.2)."""
    refusal = fire_refusal(st, uid)
    if refusal is not None:
        return refusal
    name = U.info(st, uid).name
    if initiative.holder(st) != U.info(st, uid).side:
        return f"{name}'s side does not hold the initiative", case("11.4.1")
    if pinned(st, uid):
        return f"{name} stood in an enemy control zone when the phase began", case("11.4.2")
    return None


def independent_attackers(st: State, role: str) -> list[str]:
    """11.4.1-11.4.2 artillery of ``role`` that may attack on its own this phase."""
    side = seats.side_of_role(role)
    return [
        uid
        for uid in U.on_map(st, side)
        if is_artillery(st, uid)
        and seats.role_of_unit(st, uid) == role
        and independent_refusal(st, uid) is None
    ]


def independent_targets(
    st: State, role: str, may_be_attacked: Iterable[str] | None = None
) -> list[str]:
    """11.4.3 the hexes one of ``role``'s artillery may shell: enemy-held hexes within
    range (``may_be_attacked`` narrows them, e.g. to hexes whose units have not fought
    this stage, 9.1.5)."""
    side = seats.side_of_role(role)
    enemy = U.enemy_of(st, side)
    guns = independent_attackers(st, role)
    if not guns:
        return []
    held = U.hex_side(st)
    candidates = (
        sorted(may_be_attacked)
        if may_be_attacked is not None
        else sorted(h for h, s in held.items() if s == enemy)
    )
    return [h for h in candidates if any(in_range(st, g, [h]) for g in guns)]


def independent_options(st: State, role: str, target: str) -> list[dict[str, Any]]:
    """11.4.3-11.4.4 the artillery of ``role`` that may join an attack on ``target``."""
    return [
        _option(st, uid, ATTACK, False)
        for uid in independent_attackers(st, role)
        if in_range(st, uid, [target])
    ]


# --- after the clash ---------------------------------------------------------------------


def spend_ammunition(st: State, fired: Sequence[Any]) -> None:
    """11.1.1 the artillery has acted this phase; 11.1.5, 11.1.6, 11.1.9 it loses endurance
    for the ammunition, whatever the result.  ``fired``: unit ids or ``{"unit", "triple"}``."""
    for entry in fired:
        uid = entry if isinstance(entry, str) else str(entry["unit"])
        triple = not isinstance(entry, str) and bool(entry.get("triple"))
        U.set_note(st, uid, FIRED_NOTE, st.data["stage"])
        cost = ammunition_cost(st, uid, triple)
        if cost <= 0:
            continue
        nationality = U.info(st, uid).nationality
        rule = "11.1.9" if triple else ("11.1.5" if nationality == "russia" else "11.1.6")
        why = "triple fire" if triple else "ammunition"
        U.lose_endurance(st, uid, cost, case(rule), why)


def takes_combat_results(st: State, uid: str) -> bool:
    """11.1.4, 11.5.2 artillery suffers no result of the COMBAT RESULTS table."""
    return not is_artillery(st, uid)


def stack_fled(st: State, hex_label: str, side: str) -> None:
    """11.5.3 the units of ``hex_label`` fled: its artillery of ``side`` (fired or not,
    11.5 note) goes through 11.1.8.  Call it once the flight is carried out."""
    guns = [
        uid
        for uid in U.units_in(st, hex_label)
        if U.info(st, uid).side == side and is_artillery(st, uid)
    ]
    _push_displacement(st, guns, case("11.5.3"))


# --- lone artillery (11.1.8) -------------------------------------------------------------


def lone(st: State, uid: str) -> bool:
    """No friendly infantry, cavalry or masking counter shares the artillery's hex, nor
    does it stand in a friendly garrisoned fortification (12.3.3: the garrison is treated
    as a unit)."""
    side = U.info(st, uid).side
    here = U.record(st, uid)["hex"]
    if here in fortified.garrisoned_hexes(st, side):
        return False
    return not any(
        U.info(st, u).side == side and U.info(st, u).type in COVER_TYPES
        for u in U.units_in(st, here)
    )


def _queued(st: State) -> set[str]:
    return {
        uid
        for frame in st.data["stack"]
        if frame["kind"] == Displacement.kind
        for uid in [*frame["queue"], *([frame["current"]["unit"]] if frame["current"] else [])]
    }


def check_lone_artillery(st: State, hex_entered: str, by_side: str) -> None:
    """11.1.8 lone artillery next to a hex an enemy unit entered rolls and withdraws.

    Call it whenever an infantry or cavalry unit of ``by_side`` enters ``hex_entered``
    (movement, reserve movement, pursuit, rail).  It pushes the displacement frame when
    some artillery must withdraw: the caller returns and lets the stack settle."""
    if not any(
        U.info(st, u).side == by_side and U.info(st, u).type in DISPLACING_TYPES
        for u in U.units_in(st, hex_entered)
    ):
        return
    owner = U.enemy_of(st, by_side)
    board = U.static(st).scenario.board
    waiting = _queued(st)
    guns = [
        uid
        for h in sorted(board.neighbours[hex_entered])
        for uid in U.units_in(st, h)
        if U.info(st, uid).side == owner
        and is_artillery(st, uid)
        and not masks.is_masked(st, uid)
        and lone(st, uid)
        and uid not in waiting
    ]
    _push_displacement(st, guns, case("11.1.8"))


def _push_displacement(st: State, guns: list[str], rule: str) -> None:
    if guns:
        st.push({"kind": Displacement.kind, "queue": guns, "case": rule})


def _in_clash_phase(st: State) -> bool:
    return any(f["kind"] == "clash_phase" for f in st.data["stack"])


class Displacement(Handler):
    """11.1.8 (and 11.5.3) each queued artillery unit rolls, loses endurance and withdraws
    four hexes, its owner choosing each hex among the best (9.5.4-9.5.8)."""

    kind = "artillery_displacement"
    case = "tannenberg 11.1.8"

    def setup(self, st: State, frame: Frame) -> None:
        frame.setdefault("current", None)

    def _options(self, st: State, frame: Frame) -> list[str]:
        """The next hexes of the withdrawal: those of the best ways on (the flight's rules,
        9.5.4-9.5.8)."""
        cur = frame["current"]
        uid = cur["unit"]
        here = U.record(st, uid)["hex"]
        left = cur["hexes"] - len(cur["path"])
        if left <= 0:
            return []
        side = U.info(st, uid).side
        return routes.flight_steps(st, side, cur["origin"], here, left, [uid])

    def actors(self, st: State, frame: Frame) -> list[str]:
        cur = frame["current"]
        if cur is None or len(self._options(st, frame)) < 2:
            return []
        return [seats.role_of_unit(st, cur["unit"])]

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        cur = frame["current"]
        return [
            {"type": "withdraw_artillery", "unit": cur["unit"], "hex": h}
            for h in self._options(st, frame)
        ]

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        self._step(st, frame, action["hex"])

    def run(self, st: State, frame: Frame) -> None:
        cur = frame["current"]
        if cur is None:
            if not frame["queue"]:
                st.pop()
                return
            self._start(st, frame, frame["queue"].pop(0))
            return
        uid = cur["unit"]
        if len(cur["path"]) >= cur["hexes"]:
            self._finish(st, frame)
            return
        options = self._options(st, frame)
        if not options:
            U.eliminate_unit(st, uid, case("9.5.8"), "it has no way to withdraw")
            frame["current"] = None
            return
        (only,) = options
        st.log(f"{U.info(st, uid).name} withdraws to {only}, its only way (9.5.6).", case=self.case)
        self._step(st, frame, only)

    def _start(self, st: State, frame: Frame, uid: str) -> None:
        u = U.record(st, uid)
        if u["status"] != "on_map":
            return
        name = U.info(st, uid).name
        effectiveness = U.effectiveness(st, uid)
        roll = st.roll(f"{name} is displaced (effectiveness {effectiveness})", frame["case"])
        failed = roll > effectiveness
        loss_name = (
            "artillery_displacement_loss_failed" if failed else "artillery_displacement_loss_passed"
        )
        U.lose_endurance(st, uid, int(constant(loss_name)), case("11.1.8"), "displaced")
        if _in_clash_phase(st):
            _add(st, "displaced", uid)
        if u["status"] != "on_map":
            return
        frame["current"] = {
            "unit": uid,
            "origin": u["hex"],
            "path": [],
            "hexes": int(constant("artillery_displacement_hexes")),
        }

    def _step(self, st: State, frame: Frame, there: str) -> None:
        """One hex of the withdrawal: an enemy-controlled hex no other friendly unit holds
        costs an endurance point (9.5.7); what entering does (12.2.8, 19.3)."""
        cur = frame["current"]
        uid = cur["unit"]
        side = U.info(st, uid).side
        into_zone = combatants.in_enemy_zone(st, side, there, [uid])
        U.place(st, uid, there)
        cur["path"].append(there)
        routes.entered(st, side, there)
        if into_zone:
            U.lose_endurance(
                st,
                uid,
                int(constant("flight_enemy_zone_endurance")),
                case("9.5.7"),
                f"withdrew into an enemy control zone at {there}",
            )
        if U.record(st, uid)["status"] != "on_map":
            frame["current"] = None

    def _finish(self, st: State, frame: Frame) -> None:
        cur = frame["current"]
        path = "→".join([cur["origin"], *cur["path"]])
        st.log(f"{U.info(st, cur['unit']).name} withdraws {path}.", case=frame["case"])
        frame["current"] = None

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        cur = frame["current"]
        done = len(cur["path"])
        return (
            f"Withdraw {U.info(st, cur['unit']).name}: hex {done + 1} of {cur['hexes']} (11.1.8)."
        )

    def title(self, st: State, frame: Frame) -> str:
        return "Displacement of lone artillery"


def extra_handlers() -> list[Handler]:
    return [Displacement()]


def view(st: State) -> dict[str, Any]:
    """The artillery that has fired or been displaced this stage (public: both are seen
    on the board, 11.1.1, 11.1.8)."""
    fired = [u for u in U.on_map(st) if is_artillery(st, u) and fired_this_stage(st, u)]
    return {"fired": fired, "displaced": list(_record(st)["displaced"])}
