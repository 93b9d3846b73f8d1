"""9.0 Combat: the clash phase (3.1 phase 8).

Every unit and masking counter standing in an enemy control zone when the
phase begins must fight (9.1.2).  The holder of the initiative forms the
clashes one at a time and decides their order (9.1.7, 10.2.2): he names a
hex, the *focal* hex, and the enemy-held hexes next to it whose units fight
its units (9.1.4; one of the two sides on one hex, 9.1.6); every unit of each
hex named takes part, a stack is never split (9.1.8); no unit fights twice in
a stage (9.1.5).  Clashes go on until every unit that must fight has fought
or can no longer (its opponents fled or fought, 9.1.4-9.1.5).

A clash (``clash`` frame) is a short program of steps:

1. both sides lay down a card at once (:mod:`cards`, 9.3);
2. the pairing decides (9.3.1-9.3.7): nothing; a free retreat; a clash; a
   retreat attempt; or an encounter battle;
3. for a combat, the masks are revealed, the attacker's first; the attacker
   declares his artillery (and 9.7.7 choices) before the defender's masks are
   revealed and the defender declares his (16.2.9);
4. the ratio, the die, the losses (9.1.9, 9.4), flight (9.5), pursuit (9.6).

Interactive steps push their own frames (cards, artillery, flight, retreat,
pursuit); the clash frame itself is automatic and runs the next step.

Readings where the rules are silent (the modules of the parts list theirs):

* A clash must take in at least one unit that must still fight, and may not
  leave a unit that must fight without any opponent it could still meet
  (9.1.2: clashes go on until every such unit has fought) — unless every
  clash the holder could form would; then any clash may be formed.
* The holder names the focal hex; every enemy hex next to it that may fight
  is taken by default, and he may leave some out (or add them back).
* 16.2.9 reveals masks "during clashes": when the cards make no clash (both
  DEFENCE, a free retreat) the masks stay masked (9.3.1-9.3.3: "no clash
  occurs"), and masked stacks retreat masked.  In a combat, the attacker's
  masks are revealed first, then the defender's — in an encounter battle the
  holder's first, then the other's, both before the encounter roll (it adds
  their effectiveness).  Masks found empty are removed; a side left with
  nothing in the clash has nothing to fight with: the clash ends, and if the
  other side was attacking it may enter the empty hexes (as after 9.6.4).
* The card, the artillery of a hex-mate, flight and retreat of a side are
  decided by the role deciding for its units (:func:`seats.deciding_role`).
* A shelling by artillery alone (11.4) is a clash in which the holder
  attacks with ATTACK and the target defends with DEFENCE (no cards are
  laid down: artillery alone cannot do otherwise, and the target cannot run
  from fire it does not see coming); the target's units have then fought
  this stage (9.1.5) and may flee (9.5).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from greatwar.engine.phases import Action, Frame, Handler
from greatwar.rules.tannenberg import (
    artillery,
    cards,
    command,
    encounter,
    fortified,
    initiative,
    masks,
    retreat,
    seats,
    strength,
    support,
    zoc,
)
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.combatants import (
    alive,
    case,
    clash_key,
    clash_sides,
    contents,
    deciding_role,
    forms_clash,
    fronts,
    garrison_available,
    has_fought,
    is_piece,
    mark_fought,
    passengers,
    pieces,
    side_name,
)
from greatwar.rules.tannenberg.flight import (
    FLIGHT,
    RETREAT,
    WITHDRAW,
    Pursuit,
    Withdrawal,
    withdrawal,
)
from greatwar.rules.tannenberg.tables import constant

if TYPE_CHECKING:
    from greatwar.engine.state import State

#: units that may flee with a fleeing stack but need not (15.3.5)
TRAIN_TYPES = frozenset({"supply_train"})


# --- who must fight ---------------------------------------------------------------------------


def must_fight(st: State) -> tuple[list[str], list[str]]:
    """9.1.2 the pieces (units and masks) and garrisons standing in an enemy control zone
    now, in counter order."""
    found = [uid for uid in U.on_map(st) if is_piece(st, uid) and zoc.in_enemy_zoc(st, uid)]
    forts: list[str] = []
    for side in U.static(st).side_ids:
        zone = zoc.controlled_by(st, U.enemy_of(st, side))
        forts.extend(h for h in fortified.garrison_hexes(st, side) if h in zone)
    return found, sorted(forts)


def pending_hexes(st: State, phase: Frame) -> set[str]:
    """Hexes holding a piece or garrison that must fight and has not yet."""
    units = st.data["units"]
    hexes = {
        units[p]["hex"]
        for p in phase["must"]
        if units[p]["status"] == "on_map" and not has_fought(st, p)
    }
    hexes.update(
        h
        for h in phase["must_forts"]
        if h not in phase["forts_fought"] and fortified.garrisoned(st, h)
    )
    return hexes


def _key(st: State, phase: Frame, name: str) -> tuple[Any, ...]:
    return (name, st.data["stage"], U.revision(st), len(phase["forts_fought"]), phase["count"])


def focal_hexes(st: State, phase: Frame) -> dict[str, list[str]]:
    """Hexes the holder may name as a clash's focal hex -> the enemy hexes next to it
    whose units may fight its units (9.1.4-9.1.6); only clashes taking in a unit that
    must fight (9.1.2)."""
    return st.memo(_key(st, phase, "clash-focals"), lambda: _focal_hexes(st, phase))  # type: ignore[no-any-return]


def _focal_hexes(st: State, phase: Frame) -> dict[str, list[str]]:
    sides = clash_sides(st, phase)
    pending = pending_hexes(st, phase)
    out: dict[str, list[str]] = {}
    for h in sorted(sides):
        enemy = U.enemy_of(st, sides[h])
        opposite = [o for o in fronts(st, h) if sides.get(o) == enemy]
        if opposite and (h in pending or any(o in pending for o in opposite)):
            out[h] = sorted(opposite)
    return out


def orphans(st: State, phase: Frame, focal: str, opposing: list[str]) -> list[str]:
    """Hexes that must still fight and would have no opponent left after this clash."""
    sides = clash_sides(st, phase)
    taken = {focal, *opposing}
    left = []
    for h in sorted(pending_hexes(st, phase) - taken):
        side = sides.get(h)
        if side is None:
            continue
        enemy = U.enemy_of(st, side)
        opponents = [o for o in fronts(st, h) if sides.get(o) == enemy]
        if opponents and all(o in taken for o in opponents):
            left.append(h)
    return left


def _takes_pending(st: State, phase: Frame, focal: str, opposing: list[str]) -> bool:
    pending = pending_hexes(st, phase)
    return focal in pending or any(o in pending for o in opposing)


def clean_clash_exists(st: State, phase: Frame) -> bool:
    """Whether some clash takes in a unit that must fight and leaves no other without
    an opponent (when none does, any clash may be formed)."""

    def build() -> bool:
        for focal, opposite in focal_hexes(st, phase).items():
            for n in range(1, len(opposite) + 1):
                for chosen in combinations(opposite, n):
                    hexes = list(chosen)
                    if _takes_pending(st, phase, focal, hexes) and not orphans(
                        st, phase, focal, hexes
                    ):
                        return True
        return False

    return st.memo(_key(st, phase, "clash-clean"), build)  # type: ignore[no-any-return]


def commit_refusal(st: State, phase: Frame) -> tuple[str, str] | None:
    """Why the clash being formed may not be fought (reason, case), or None."""
    forming = phase["forming"]
    focal, opposing = forming["focal"], forming["opposing"]
    if not opposing:
        return "name at least one enemy hex next to the focal hex", case("9.1.4")
    if not _takes_pending(st, phase, focal, opposing):
        return "a clash must take in a unit that must fight", case("9.1.2")
    left = orphans(st, phase, focal, opposing)
    if left and clean_clash_exists(st, phase):
        return (
            f"the units in {', '.join(left)} must fight and would have no opponent left",
            case("9.1.2"),
        )
    return None


# --- the phase ----------------------------------------------------------------------------------


def designating_role(st: State) -> str:
    """9.1.7, 10.2.2 the holder of the initiative forms the clashes (with three seats, the
    senior player of his side)."""
    return seats.senior_role(st.game, initiative.holder(st))


class ClashPhase(Handler):
    """3.1 phase 8: the holder of the initiative forms the clashes one at a time.

    Locals: ``must`` (pieces that must fight, 9.1.2), ``must_forts`` (garrisons),
    ``forts_fought``, ``count`` (clashes formed), ``forming`` (the clash being formed:
    ``{"focal", "side", "opposing"}``) and ``shelling`` (an artillery attack being formed,
    11.4: ``{"target", "guns"}``)."""

    kind = "clash_phase"
    case = case("9.1.7")

    def setup(self, st: State, frame: Frame) -> None:
        if "must" not in frame:
            frame["must"], frame["must_forts"] = must_fight(st)
        frame.setdefault("forts_fought", [])
        frame.setdefault("count", 0)
        frame.setdefault("forming", None)
        frame.setdefault("shelling", None)
        frame.setdefault("ended", False)
        artillery.begin_clash_phase(st)

    def actors(self, st: State, frame: Frame) -> list[str]:
        if frame["ended"]:
            return []
        if frame["forming"] or frame["shelling"] or focal_hexes(st, frame):
            return [designating_role(st)]
        return [designating_role(st)] if may_shell(st, frame) else []

    def run(self, st: State, frame: Frame) -> None:
        left = sorted(pending_hexes(st, frame))
        if left:
            st.log(
                f"The units in {', '.join(left)} had to fight but no enemy unit that may"
                " still fight is next to them.",
                case=case("9.1.5"),
            )
        st.log("The clash phase ends: every unit that had to fight has fought.", case=case("9.1.2"))
        st.pop()

    # -- actions --------------------------------------------------------------------------------

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        if role != designating_role(st):
            return []
        if frame["shelling"]:
            return shelling_actions(st, frame)
        forming = frame["forming"]
        if forming is None:
            focals = focal_hexes(st, frame)
            actions: list[Action] = [{"type": "clash", "hex": h} for h in focals]
            actions.extend({"type": "shell", "hex": h} for h in shelling_targets(st, frame, role))
            if not focals:
                actions.append({"type": "end_clashes"})  # only shelling is left: optional
            return actions
        focal = forming["focal"]
        opposite = focal_hexes(st, frame).get(focal, [])
        actions = [{"type": "add_hex", "hex": h} for h in opposite if h not in forming["opposing"]]
        if len(forming["opposing"]) > 1:
            actions.extend({"type": "drop_hex", "hex": h} for h in forming["opposing"])
        if commit_refusal(st, frame) is None:
            actions.append({"type": "fight"})
        actions.append({"type": "cancel"})
        return actions

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        kind = action["type"]
        if frame["shelling"] or kind == "shell":
            apply_shelling(st, frame, action)
            return
        if kind == "clash":
            focal = action["hex"]
            side = clash_sides(st, frame)[focal]
            opposite = focal_hexes(st, frame)[focal]
            frame["forming"] = {"focal": focal, "side": side, "opposing": list(opposite)}
        elif kind == "add_hex":
            frame["forming"]["opposing"] = sorted([*frame["forming"]["opposing"], action["hex"]])
        elif kind == "drop_hex":
            frame["forming"]["opposing"].remove(action["hex"])
        elif kind == "cancel":
            frame["forming"] = None
        elif kind == "end_clashes":
            frame["ended"] = True
            st.log(f"{side_name(st, initiative.holder(st))} shell no more.", case=case("11.4.1"))
        elif kind == "fight":
            forming = frame["forming"]
            frame["forming"] = None
            start_clash(st, frame, forming["focal"], forming["side"], forming["opposing"])

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        if frame["shelling"]:
            target = frame["shelling"]["target"]
            return f"Shelling of {target}: add artillery, then fire, or cancel."
        forming = frame["forming"]
        if forming is None:
            left = ", ".join(sorted(pending_hexes(st, frame)))
            return f"Clash phase: name the hex of the next clash (units must fight in {left})."
        refusal = commit_refusal(st, frame)
        against = ", ".join(forming["opposing"]) or "nothing yet"
        tail = "fight it" if refusal is None else refusal[0]
        return f"Clash at {forming['focal']} against {against}: add or drop hexes, {tail}."

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        kind = action.get("type")
        if kind == "fight" and frame["forming"]:
            refusal = commit_refusal(st, frame)
            if refusal is not None:
                return refusal
        if kind == "clash":
            h = action.get("hex")
            sides = clash_sides(st, frame)
            if h not in sides:
                return f"{h} holds no unit that may still fight this stage", case("9.1.5")
            return f"no enemy unit that may fight is next to {h}", case("9.1.4")
        if kind in ("add_hex", "drop_hex"):
            return (
                "a clash joins the focal hex with enemy hexes next to it (one side on one hex)",
                case("9.1.6"),
            )
        if role != designating_role(st):
            return "the holder of the initiative forms the clashes", case("9.1.7")
        return super().explain(st, frame, role, action)

    def title(self, st: State, frame: Frame) -> str:
        return "Clash phase"


# --- forming a clash -----------------------------------------------------------------------------


def _side_entry(st: State, phase: Frame, side: str, hexes: list[str]) -> dict[str, Any]:
    found = [p for h in hexes for p in pieces(st, h, side)]
    # the fighting units: a mask's HQs, artillery or trains follow it but do not fight
    units = [u for p in found for u in contents(st, p) if forms_clash(st, u)]
    return {
        "hexes": list(hexes),
        "pieces": found,
        "units": units,
        "masks": [p for p in found if masks.is_mask(st, p)],
        "garrisons": [h for h in hexes if garrison_available(st, phase, h, side)],
        "passengers": [u for h in hexes for u in passengers(st, h, side)],
        "role": deciding_role(st, side, found),
        "artillery": [],
        "not_counted": [],
    }


def start_clash(st: State, phase: Frame, focal: str, side: str, opposing: list[str]) -> None:
    """9.1.9 a: the clash is formed; its units have taken part this stage (9.1.5)."""
    enemy = U.enemy_of(st, side)
    sides = {
        side: _side_entry(st, phase, side, [focal]),
        enemy: _side_entry(st, phase, enemy, opposing),
    }
    _open(st, phase, sides, focal)
    st.log(
        f"Clash {phase['count']}: {side_name(st, initiative.holder(st))} name {focal}"
        f" ({side_name(st, side)}) against {', '.join(opposing)} ({side_name(st, enemy)}).",
        case=case("9.1.7"),
    )


def _open(st: State, phase: Frame, sides: dict[str, Any], focal: str, **extra: Any) -> None:
    for entry in sides.values():
        mark_fought(st, [*entry["pieces"], *entry["units"]])
        phase["forts_fought"].extend(entry["garrisons"])
    phase["count"] += 1
    frame: Frame = {
        "kind": Clash.kind,
        "n": phase["count"],
        "holder": initiative.holder(st),
        "focal": focal,
        "sides": sides,
        "cards": {},
        "outcome": None,
        "attacker": None,
        "defender": None,
        "routes": {},
        "steps": ["cards", "plan"],
        **extra,
    }
    st.push(frame)


# --- shelling: artillery attacking alone (11.4) -----------------------------------------------


def shelling_targets(st: State, phase: Frame, role: str) -> list[str]:
    """11.4.1-11.4.3 enemy hexes whose units have not fought this stage (9.1.5) that the
    holder's artillery may shell."""

    def build() -> list[str]:
        sides = clash_sides(st, phase)
        enemy = U.enemy_of(st, seats.side_of_role(role))
        allowed = [h for h, s in sides.items() if s == enemy]
        return artillery.independent_targets(st, role, allowed)

    return st.memo((*_key(st, phase, "clash-shelling"), role), build)  # type: ignore[no-any-return]


def may_shell(st: State, phase: Frame) -> bool:
    """The holder has artillery that may attack on its own (11.4)."""
    return bool(shelling_targets(st, phase, designating_role(st)))


def shelling_actions(st: State, phase: Frame) -> list[Action]:
    shelling = phase["shelling"]
    role = designating_role(st)
    chosen = {g["unit"] for g in shelling["guns"]}
    actions: list[Action] = []
    for option in artillery.independent_options(st, role, shelling["target"]):
        if option["unit"] not in chosen:
            actions.append({"type": "add_gun", "unit": option["unit"], "triple": False})
            actions.append({"type": "add_gun", "unit": option["unit"], "triple": True})
    actions.extend({"type": "drop_gun", "unit": u} for u in sorted(chosen))
    if chosen:
        actions.append({"type": "fire"})
    actions.append({"type": "cancel"})
    return actions


def apply_shelling(st: State, phase: Frame, action: Action) -> None:
    kind = action["type"]
    if kind == "shell":
        phase["shelling"] = {"target": action["hex"], "guns": []}
        return
    shelling = phase["shelling"]
    if kind == "add_gun":
        role = designating_role(st)
        shelling["guns"].append({"unit": action["unit"], "triple": action["triple"], "role": role})
    elif kind == "drop_gun":
        shelling["guns"] = [g for g in shelling["guns"] if g["unit"] != action["unit"]]
    elif kind == "cancel":
        phase["shelling"] = None
    elif kind == "fire":
        phase["shelling"] = None
        start_shelling(st, phase, shelling["target"], shelling["guns"])


def _shelling_sides(
    st: State, phase: Frame, target: str, guns: list[dict[str, Any]]
) -> dict[str, Any]:
    """11.4 the two sides of a shelling: the holder's guns alone against the target hex."""
    holder = initiative.holder(st)
    enemy = U.enemy_of(st, holder)
    attacker = {
        "hexes": [],
        "pieces": [],
        "units": [],
        "masks": [],
        "garrisons": [],
        "passengers": [],
        "role": designating_role(st),
        "artillery": list(guns),
        "not_counted": [],
    }
    return {holder: attacker, enemy: _side_entry(st, phase, enemy, [target])}


def _shelling_cards(st: State) -> dict[str, str]:
    holder = initiative.holder(st)
    return {holder: cards.ATTACK, U.enemy_of(st, holder): cards.DEFENCE}


def shelling_clash(st: State, phase: Frame) -> Frame | None:
    """The clash the shelling being formed would open, as it stands (never pushed: its
    preview is the ratio the holder sees before he fires)."""
    shelling = phase["shelling"]
    if not shelling or not shelling["guns"]:
        return None
    holder = initiative.holder(st)
    return {
        "kind": Clash.kind,
        "n": phase["count"] + 1,
        "holder": holder,
        "focal": shelling["target"],
        "sides": _shelling_sides(st, phase, shelling["target"], shelling["guns"]),
        "cards": _shelling_cards(st),
        "outcome": cards.CLASH,
        "attacker": holder,
        "defender": U.enemy_of(st, holder),
        "routes": {},
        "independent": True,
    }


def start_shelling(st: State, phase: Frame, target: str, guns: list[dict[str, Any]]) -> None:
    """11.4 an artillery attack on one hex: ATTACK against DEFENCE, no cards."""
    support.reveal_guns(st, [g["unit"] for g in guns])
    holder = initiative.holder(st)
    sides = _shelling_sides(st, phase, target, guns)
    _open(st, phase, sides, target, independent=True, cards=_shelling_cards(st))
    clash = st.top()
    assert clash is not None
    clash["steps"] = ["plan"]
    names = ", ".join(U.info(st, g["unit"]).name for g in guns)
    st.log(
        f"Clash {clash['n']}: {side_name(st, holder)} shell {target} with {names}.",
        case=case("11.4.3"),
    )


# --- the clash -----------------------------------------------------------------------------------


class Clash(Handler):
    """One clash, step by step (see the module docstring); automatic: its interactive
    steps push their own frames."""

    kind = "clash"
    case = case("9.1.9")

    def run(self, st: State, frame: Frame) -> None:
        if not frame["steps"]:
            finish(st, frame)
            return
        step = frame["steps"].pop(0)
        name, _, arg = step.partition(":")
        STEPS[name](st, frame, arg)

    def title(self, st: State, frame: Frame) -> str:
        return f"Clash {frame['n']}"


def other(st: State, side: str) -> str:
    return U.enemy_of(st, side)


def _plan(st: State, clash: Frame, _: str) -> None:
    """9.3 what the pairing of the cards makes of the clash."""
    sides = U.static(st).side_ids
    result = cards.outcome(clash["cards"], clash["holder"], (sides[0], sides[1]))
    clash["outcome"] = result.kind
    if result.kind == cards.FREE_RETREAT or result.kind == cards.BOTH_RETREAT:
        clash["steps"] = [f"retreat:{s}" for s in result.retreating]
    elif result.kind == cards.CLASH:
        att = result.attacker or ""
        dfn = other(st, att)
        clash["attacker"], clash["defender"] = att, dfn
        if clash.get("independent"):  # 11.4: the guns are out already
            clash["steps"] = [f"reveal:{dfn}", f"support:{dfn}", "combat"]
        else:
            clash["steps"] = [*_declarations(att, dfn), "combat"]
    elif result.kind == cards.RETREAT_ATTEMPT:
        att = result.attacker or ""
        ret = result.retreating[0]
        clash["attacker"], clash["defender"] = att, ret
        clash["steps"] = [f"reveal:{att}", f"reveal:{ret}", f"route:{ret}", "attempt"]
        clash["steps"] += [f"retreat:{ret}", f"pursuit:{att}"]
    elif result.kind == cards.ENCOUNTER:
        holder = clash["holder"]
        clash["steps"] = [f"reveal:{holder}", f"reveal:{other(st, holder)}", "encounter"]
    else:
        clash["steps"] = []


def _declarations(att: str, dfn: str) -> list[str]:
    """16.2.9 the attacker's masks, artillery and strait choices; then the defender's."""
    return [
        f"reveal:{att}",
        f"support:{att}",
        f"strait:{att}",
        f"reveal:{dfn}",
        f"support:{dfn}",
        f"strait:{dfn}",
    ]


def _force(st: State, clash: Frame, side: str) -> bool:
    """The side still has something to fight with: a unit, or a standing garrison."""
    entry = clash["sides"][side]
    if alive(st, entry["units"]):
        return True
    return any(fortified.garrisoned(st, h) for h in entry["garrisons"]) or bool(
        entry["artillery"] and clash.get("independent")
    )


def _reveal(st: State, clash: Frame, side: str) -> None:
    """16.2.9, 16.3.1 the side's masks in the clash are revealed."""
    for mask in clash["sides"][side]["masks"]:
        if U.record(st, mask)["status"] == "on_map":
            masks.reveal(st, mask, case("16.2.9"), f"clash {clash['n']}")
    if not _force(st, clash, side):
        _nothing_there(st, clash, side)


def _nothing_there(st: State, clash: Frame, side: str) -> None:
    """The side turned out to have nothing in the clash (empty masks): the clash ends;
    an attacking enemy may enter the empty hexes (reading of 9.6.4)."""
    enemy = other(st, side)
    st.log(
        f"Clash {clash['n']}: the {side_name(st, side)} side has nothing to fight with.",
        case=case("16.3.1"),
    )
    attacking = clash["cards"].get(enemy) in cards.OFFENSIVE
    clash["steps"] = [f"pursuit:{enemy}"] if attacking and _force(st, clash, enemy) else []


def _support(st: State, clash: Frame, side: str) -> None:
    """11.1.3 each role of the side with artillery that may fire declares it."""
    for role in reversed(support.support_roles(st, clash, side)):
        st.push({"kind": support.ArtillerySupport.kind, "side": side, "role": role})


def _strait(st: State, clash: Frame, side: str) -> None:
    entries = support.strait_entries(st, clash, side)
    if entries:
        role = clash["sides"][side]["role"]
        st.push({"kind": support.StraitChoice.kind, "side": side, "role": role, "entries": entries})


def _combat(st: State, clash: Frame, _: str) -> None:
    """9.1.9 c-h: ratio, die, losses."""
    att, dfn = clash["attacker"], clash["defender"]
    if not _force(st, clash, att) or not _force(st, clash, dfn):
        _nothing_there(st, clash, dfn if _force(st, clash, att) else att)
        return
    key = clash_key(st, clash)
    st.taking_numbers(key)
    report = strength.assess(st, clash)  # the function the card matrix and previews use
    column = report["column"]
    die = st.roll(f"clash {clash['n']}, column {column}", case("9.1.9"))
    a_loss, d_loss, provisional = strength.combat_result(die, column)
    a_card, d_card = clash["cards"][att], clash["cards"][dfn]
    a_loss *= strength.loss_multiplier(a_card)
    d_loss *= strength.loss_multiplier(d_card)
    report.update(die=die, result=f"{a_loss}/{d_loss}", provisional_entry=provisional)
    clash["report"] = report
    _log_result(st, clash, report, a_loss, d_loss, key)
    _losses(st, clash, att, a_loss, "9.3.5" if a_card == cards.ASSAULT else "9.4.2")
    clash["defender_loss"] = d_loss
    enc = clash["outcome"] == cards.ENCOUNTER
    if enc or d_card != cards.DEFENCE or d_loss <= 0 or not alive(st, clash["sides"][dfn]["units"]):
        clash["steps"] = ["stand", *clash["steps"]]
        return
    clash["flee_max"] = flee_limit(st, clash)
    clash["flee"] = 0
    clash["steps"] = ["flight_choice", "stand", *clash["steps"]]


def _log_result(st: State, clash: Frame, report: dict[str, Any], a: int, d: int, key: str) -> None:
    mods = "; ".join(f"{m['why']} {int(m['value']):+d}" for m in report["modifiers"])
    notes = []
    if report["provisional_entry"]:
        notes.append("provisional table entry")
    if report["provisional_modifier"]:
        notes.append("provisional modifier")
    tail = f" ({'; '.join(notes)})" if notes else ""
    st.log(
        f"Clash {clash['n']}: {side_name(st, clash['attacker'])} attack {report['attack']} to"
        f" {report['defence']} ({report['ratio']}){f', {mods}' if mods else ''}: column"
        f" {report['column']}, die {report['die']}: attacker loses {a}, defender {d}{tail}.",
        case=case("9.1.9"),
        provisional=True if notes else None,
        ruling={
            "key": key,
            "condition": strength.condition(clash["attacker"], clash["cards"]),
            "numbers": strength.ruling_numbers(report),
        },
    )


def _losses(st: State, clash: Frame, side: str, points: int, rule: str) -> None:
    """9.4.2 each unit of the side loses the points; so do the units that fought before
    and share its hexes (9.5.5)."""
    if points <= 0:
        return
    entry = clash["sides"][side]
    for uid in alive(st, [*entry["units"], *entry["passengers"]]):
        why = "the clash" if uid in entry["units"] else "it shares the hex (9.5.5)"
        U.lose_endurance(st, uid, points, case(rule), why)


def flee_limit(st: State, clash: Frame) -> int:
    """9.5.1, 9.5.2 the most hexes the defenders may flee: no more than the points lost,
    4 for infantry and artillery, 5 for cavalry, the same for all."""
    limits = constant("flight_max_hexes")
    units = alive(st, clash["sides"][clash["defender"]]["units"])
    most = min(int(limits.get(U.info(st, u).type, limits["infantry"])) for u in units)
    return min(most, int(clash["defender_loss"]))


def _flight_choice(st: State, clash: Frame, _: str) -> None:
    st.push({"kind": support.FlightChoice.kind})


def _stand(st: State, clash: Frame, _: str) -> None:
    """The defender's losses, less the hexes fled; 12.2.9 fortifications held; then
    flight, the extra hex (9.5.9) and pursuit."""
    dfn, att = clash["defender"], clash["attacker"]
    fled = int(clash.get("flee", 0))
    loss = int(clash.get("defender_loss", 0)) - fled
    rule = "9.5.1" if fled else ("9.3.7" if clash["outcome"] == cards.ENCOUNTER else "9.4.2")
    _losses(st, clash, dfn, loss, rule)
    entry = clash["sides"][dfn]
    if not fled and clash["cards"][dfn] == cards.DEFENCE:
        held = sorted({*entry["hexes"]} | set(entry["garrisons"]))
        fortified.clash_losses(st, held, int(clash.get("defender_loss", 0)))
    steps: list[str] = []
    if clash["outcome"] == cards.ENCOUNTER:
        steps = ["encounter_end"]
    elif fled and alive(st, entry["units"]):
        initiative.record_clash_outcome(st, att, initiative.FLIGHT)
        steps = ["flee", "flight_roll", "guns_fled", f"pursuit:{att}"]
    elif not _force(st, clash, dfn) and clash["cards"][att] in cards.OFFENSIVE:
        steps = [f"pursuit:{att}"]  # 9.6.4
    clash["steps"] = [*steps, *clash["steps"]]


def _fleeing(st: State, clash: Frame) -> tuple[list[str], list[str]]:
    entry = clash["sides"][clash["defender"]]
    return alive(st, entry["units"]), alive(st, entry["passengers"])


def _trains(st: State, clash: Frame) -> list[str]:
    """15.3.5 the defender's supply trains sharing the fleeing units' hexes: they may flee
    with them (or stay)."""
    dfn = clash["defender"]
    return [
        uid
        for h in clash["sides"][dfn]["hexes"]
        for uid in U.units_in(st, h)
        if U.info(st, uid).side == dfn and U.info(st, uid).type in TRAIN_TYPES
    ]


def _flee(st: State, clash: Frame, _: str) -> None:
    units, riders = _fleeing(st, clash)
    trains = _trains(st, clash)
    dfn = clash["defender"]
    st.push(
        withdrawal(
            FLIGHT,
            dfn,
            clash["sides"][dfn]["role"],
            [*units, *riders, *trains],
            length=int(clash["flee"]),
            passengers=riders,
            optional=trains,
        )
    )


def _flight_roll(st: State, clash: Frame, _: str) -> None:
    """9.5.9 a die above the best effectiveness of the fleeing units: one hex more."""
    units, riders = _fleeing(st, clash)
    if not units and not riders:
        return
    best = retreat.best_effectiveness(st, [*units, *riders])
    die = st.roll(
        f"clash {clash['n']}: after the flight, above {best} means one hex more", case("9.5.9")
    )
    if die <= best:
        return
    extra = int(constant("flight_extra_hexes"))
    st.log(
        f"Clash {clash['n']}: the fleeing units must go {extra} hex further.", case=case("9.5.9")
    )
    dfn = clash["defender"]
    moves = clash.get("moves", {})
    st.push(
        withdrawal(
            FLIGHT,
            dfn,
            clash["sides"][dfn]["role"],
            [*units, *riders, *_fled_trains(st, clash)],
            length=int(clash["flee"]) + extra,
            passengers=riders,
            moves=moves,
        )
    )


def _fled_trains(st: State, clash: Frame) -> list[str]:
    """The supply trains that fled with the units (they go the extra hex too)."""
    moves = clash.get("moves", {})
    fled = [p for p, move in sorted(moves.items()) if move["path"]]
    return [p for p in alive(st, fled) if U.info(st, p).type in TRAIN_TYPES]


def _guns_fled(st: State, clash: Frame, _: str) -> None:
    """11.5.3 artillery whose hex-mates fled goes through 11.1.8."""
    dfn = clash["defender"]
    for h in clash["sides"][dfn]["hexes"]:
        artillery.stack_fled(st, h, dfn)


def pursuers(st: State, clash: Frame, side: str) -> list[str]:
    """9.6.2 the side's pieces of the clash that may pursue: its units (never artillery),
    and masks still unrevealed (the clash ended before their reveal) hiding only
    fighting units — a mask moves with what it hides."""
    entry = clash["sides"][side]
    units = [u for u in alive(st, entry["units"]) if not masks.is_masked(st, u)]
    carriers = [
        m
        for m in entry["masks"]
        if U.record(st, m)["status"] == "on_map"
        and masks.contents(st, m)
        and all(forms_clash(st, u) for u in masks.contents(st, m))
    ]
    return [*units, *carriers]


def _pursuit(st: State, clash: Frame, side: str) -> None:
    """9.6 the hexes the other side held, now empty, may be entered by the side's
    non-artillery units of the clash."""
    if not clash.get("hqs_checked"):
        # 13.1.5 HQs the defeated units left alone next to the enemy go first
        clash["hqs_checked"] = True
        command.check_lone_hqs(st)
        if st.top() is not clash:
            clash["steps"].insert(0, f"pursuit:{side}")
            return
    loser = other(st, side)
    hexes = list(clash["sides"][loser]["hexes"])
    units = pursuers(st, clash, side)
    if hexes and units:
        st.push(
            {
                "kind": Pursuit.kind,
                "side": side,
                "role": clash["sides"][side]["role"],
                "units": units,
                "hexes": hexes,
                "after_flight": int(clash.get("flee", 0)) > 0,
            }
        )


def _retreat(st: State, clash: Frame, side: str) -> None:
    """9.3.2 the side's pieces retreat (those that declared a first hex begin there)."""
    movers = retreat.retreating_pieces(st, clash, side)
    if not movers:
        return
    first = clash["routes"] if clash["outcome"] == cards.RETREAT_ATTEMPT else {}
    st.push(withdrawal(RETREAT, side, clash["sides"][side]["role"], movers, first=first))


def _route(st: State, clash: Frame, side: str) -> None:
    if retreat.retreating_pieces(st, clash, side):
        st.push(
            {"kind": retreat.RetreatRoute.kind, "side": side, "role": clash["sides"][side]["role"]}
        )


def _attempt(st: State, clash: Frame, _: str) -> None:
    retreat.attempt(st, clash, clash["defender"])


def _encounter(st: State, clash: Frame, _: str) -> None:
    """9.3.7 the roll for the attacker, then the battle."""
    att = encounter.attacker_roll(st, clash)
    dfn = other(st, att)
    clash["steps"] = [f"support:{att}", f"strait:{att}", f"support:{dfn}", f"strait:{dfn}"]
    clash["steps"].append("combat")


def _encounter_end(st: State, clash: Frame, _: str) -> None:
    """9.3.7 after the losses: the loser withdraws one hex, the winner may enter."""
    found = encounter.victor(st, clash)
    if found is None:
        return
    winner, loser = found
    st.log(
        f"Clash {clash['n']}: {side_name(st, loser)} lose the encounter battle.", case=case("9.3.7")
    )
    clash["steps"] = [f"pursuit:{winner}"]
    movers = alive(st, [*clash["sides"][loser]["units"], *clash["sides"][loser]["passengers"]])
    if movers:
        length = int(constant("encounter_withdrawal_hexes"))
        role = clash["sides"][loser]["role"]
        st.push(withdrawal(WITHDRAW, loser, role, movers, length=length))


STEPS = {
    "plan": _plan,
    "cards": lambda st, clash, _: st.push({"kind": cards.CardsFrame.kind}),
    "reveal": _reveal,
    "support": _support,
    "strait": _strait,
    "combat": _combat,
    "flight_choice": _flight_choice,
    "stand": _stand,
    "flee": _flee,
    "flight_roll": _flight_roll,
    "guns_fled": _guns_fled,
    "pursuit": _pursuit,
    "retreat": _retreat,
    "route": _route,
    "attempt": _attempt,
    "encounter": _encounter,
    "encounter_end": _encounter_end,
}


def finish(st: State, clash: Frame) -> None:
    """The clash is over: the artillery that fired spends its ammunition (11.1.5,
    11.1.6, 11.1.9); lone HQs next to enemy units are displaced (13.1.5)."""
    fired = [e for s in U.static(st).side_ids for e in clash["sides"][s]["artillery"]]
    st.pop()
    artillery.spend_ammunition(st, fired)
    command.check_lone_hqs(st)


def extra_handlers() -> list[Handler]:
    return [
        Clash(),
        cards.CardsFrame(),
        support.ArtillerySupport(),
        support.StraitChoice(),
        support.FlightChoice(),
        Withdrawal(),
        Pursuit(),
        retreat.RetreatRoute(),
    ]
