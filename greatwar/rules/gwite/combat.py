"""8.0 Combat: declaring attacks and working out the odds (8.1-8.4, 11.11, 12.21).

In the Combat Resolution Segment the phasing player declares attacks one at
a time (8.0 procedure: each is resolved before the next).  An attack is
built stepwise on its own frame: choose a defending hex, add attackers, add
more defending hexes they are all adjacent to (8.23), add HQ attack shifts
(10.21, 10.22); the odds, with every modifier named, are in the view before
the player commits.  Resolving rolls the die; :mod:`combat_result` then
applies the result (8.5-8.7).

Readings where the standard rules are silent (each marked in the code):

* the CRT row of an attack by units of different TCRs is that of the worst
  (highest) TCR among them (Brusilov 17.0 and Caporetto 8.4 give their own
  rules through ``CombatRules.attack_tcr``);
* "may not attack at less than the minimum ratios listed" (8.8) is read on
  the odds before column shifts;
* units do not attack across prohibited hexsides (no rule lets them, and
  zones of control do not cross them, 7.11);
* a unit attacking into any target across a Minor River is halved, and the
  attack gets the Ridge (+1) or Major River die modifier if any attacker
  attacks across one (5.4);
* halving a unit's Attack Strength rounds down: 9.21 (out of supply) keeps
  its printed "never below one"; the halvings of 10.42 (out of command) and
  of a Minor River are rounded down like any fraction of Attack Strength
  (12.21: fractional Attack Strengths are ignored), so they may reach zero;
* a hex may be attacked only while none of its defending units (nor its
  fortress) has been attacked this phase: 8.21 forbids attacking some units
  of a hex without the others, and 8.14 attacking any of them twice;
* a City (or provisional Mountain) doubles every defending unit in the hex,
  HQs' Combat Strength included (10.53 they defend as units); a fortress
  defends with its printed strength only (11.11), never doubled;
* an entrained defender is halved (rounded down, 5.36) before terrain
  doubles it: the unit's own strength first, then the hex's effect;
* 12.21: the cavalry's total (after each unit's own halvings) is reduced to
  a quarter, fractions dropped; a target hex with an Enemy fortress counts
  as holding "other" units (a fortress is none of cavalry, depot or HQ);
* a heroic leader adds its strength to an attack its stack takes part in
  (10.23): an attack needs at least one attacking combat unit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.phases import Action, Frame, Handler
from greatwar.rules.gwite import cavalry, command, crt, fortress, rail, supply
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.names import side_name

if TYPE_CHECKING:
    from greatwar.engine.state import State

#: markers of units that entered a Friendly stack this phase and do not defend (8.66, 12.17)
PASSENGER_MARKERS = ("retreated", "withdrawn")
#: unit types a cavalry attack may strike at full strength (12.21)
CAVALRY_FULL_TARGETS = frozenset({"cavalry", "supply_depot", "hq"})


# --- the segment and what has been attacked ---------------------------------------------


def segment(st: State) -> Frame:
    """The Combat Resolution Segment frame (it holds who has attacked and been attacked)."""
    for frame in reversed(st.data["stack"]):
        if frame["kind"] == "combat_resolution":
            return frame
    raise LookupError("not in a Combat Resolution Segment")


def adjacent_for_combat(st: State, a: str, b: str) -> bool:
    """8.11 adjacent, and not across a prohibited hexside (our reading, see the docstring)."""
    return b in U.static(st).combat_reach[a]


def is_passenger(st: State, uid: str) -> bool:
    """8.66 / 12.17: retreated or withdrew into this stack this phase: does not defend."""
    return any(U.has_marker(st, uid, m) for m in PASSENGER_MARKERS) or cavalry.withdrawn_into_stack(
        st, uid
    )


def defenders_in(st: State, hex_label: str, side: str) -> list[str]:
    """Units of ``side`` defending a hex (8.21): all but passengers (8.66), unless
    passengers are all that is left."""
    units = [uid for uid in U.units_in(st, hex_label) if U.info(st, uid).side == side]
    hosts = [uid for uid in units if not is_passenger(st, uid)]
    return hosts or units


def passengers_in(st: State, hex_label: str, side: str) -> list[str]:
    units = [uid for uid in U.units_in(st, hex_label) if U.info(st, uid).side == side]
    hosts = [uid for uid in units if not is_passenger(st, uid)]
    return [uid for uid in units if uid not in hosts] if hosts else []


def targetable(st: State, seg: Frame, hex_label: str) -> bool:
    """8.14, 8.21: a hex holding Enemy units or an undestroyed Enemy fortress (11.13 shows
    fortresses alone can be attacked), none of which has been attacked this phase."""
    enemy = U.enemy_of(st, seg["side"])
    defenders = defenders_in(st, hex_label, enemy)
    has_fortress = fortress.owner(st, hex_label) == enemy
    if not defenders and not has_fortress:
        return False
    if has_fortress and hex_label in seg["fortresses"]:
        return False
    return not any(uid in seg["defended"] for uid in defenders)


def attack_refusal(st: State, seg: Frame, uid: str) -> tuple[str, str] | None:
    """Why a unit may not attack at all this phase (reason, case), or None."""
    ui = U.info(st, uid)
    name = ui.name
    if ui.side != seg["side"] or U.record(st, uid)["status"] != "on_map":
        return f"{name} is not one of the phasing player's units on the map", "8.11"
    if uid in seg["attacked"]:
        return f"{name} has already attacked this phase", "8.14"
    if ui.hq and not ui.heroic:
        return f"{name} is an HQ: HQs never attack (only heroic leaders add strength)", "8.12"
    if rail.entrained(st, uid):
        return f"{name} is entrained: entrained units may not attack", "5.36"
    if not rail.may_attack_after_rail(st, uid):
        return f"{name} moved by rail this turn: only TCR-1 units attack after that", "5.34"
    if not ui.hq and U.printed_attack(st, uid) <= 0:
        return f"{name} has no attack strength", "8.12"
    return None


class CombatRules:
    """The variation points of 8.0 (a game's rules class may override them)."""

    def attack_tcr(self, st: State, attackers: list[str]) -> int:
        """The TCR whose CRT row an attack uses (8.4).  Standard rules: the worst
        (highest) TCR of the attacking combat units (our reading; Brusilov 17.0 and
        Caporetto 8.4 give their own)."""
        rated = [U.tcr(st, uid) for uid in attackers if not U.info(st, uid).hq]
        return max(rated) if rated else 1


# --- the odds, with every modifier named ----------------------------------------------------


def _modifier(why: str, case: str, provisional: bool = False) -> dict[str, Any]:
    entry: dict[str, Any] = {"why": why, "case": case}
    if provisional:
        entry["provisional"] = True
    return entry


def _crossings(st: State, uid: str, targets: list[str]) -> set[str]:
    """Hexside features the unit attacks across (any target)."""
    board = U.static(st).scenario.board
    here = U.record(st, uid)["hex"]
    found: set[str] = set()
    for t in targets:
        if t in board.neighbours[here]:
            found |= board.features(here, t)
    return found


def attacker_strength(st: State, uid: str, targets: list[str]) -> dict[str, Any]:
    """One attacking unit's strength with its modifiers (9.21, 10.42, 5.4 Minor River)."""
    ui = U.info(st, uid)
    if ui.hq:
        value = command.heroic_attack(st, uid, U.units_in(st, U.record(st, uid)["hex"]))
        return {
            "unit": uid,
            "name": ui.name,
            "printed": value,
            "strength": value,
            "modifiers": [_modifier("heroic leader's combat strength", "10.23")],
        }
    printed = U.printed_attack(st, uid)
    value = printed
    mods = []
    if supply.attack_halved(st, uid):
        value = max(1, value // 2)
        mods.append(_modifier("out of supply: halved, never below 1", "9.21"))
    if command.attack_halved(st, uid):
        value //= 2
        mods.append(_modifier("out of command control: halved", "10.42"))
    for effect in _crossed_effects(st, _crossings(st, uid, targets), "attack_halved"):
        value //= 2  # 5.4 (Minor River) and any hexside the terrain table halves across
        mods.append(_modifier(effect.why, effect.case, effect.provisional))
    return {
        "unit": uid,
        "name": ui.name,
        "printed": printed,
        "strength": value,
        "modifiers": mods,
        "cavalry": ui.type == "cavalry",
    }


def cavalry_reduced(st: State, targets: list[str], defender: str) -> bool:
    """12.21 cavalry attacks at a quarter unless every target holds only Enemy cavalry,
    depots or HQs (a fortress is not one of those).  What the hex *contains* counts: a
    unit that retreated into it (8.66) does not defend but is there."""
    for t in targets:
        if fortress.owner(st, t) == defender:
            return True
        for uid in U.units_in(st, t):
            ui = U.info(st, uid)
            if ui.side == defender and ui.type not in CAVALRY_FULL_TARGETS:
                return True
    return False


def defender_strength(st: State, uid: str, hex_label: str) -> dict[str, Any]:
    """One defending unit's strength with its modifiers (5.36, 5.4 City)."""
    ui = U.info(st, uid)
    printed = U.printed_defense(st, uid)
    value = printed
    mods = []
    if rail.defense_halved(st, uid):
        value //= 2
        mods.append(_modifier("entrained: half defense, rounded down", "5.36"))
    factor, terrain_mods = terrain_defense(st, hex_label)
    return {
        "unit": uid,
        "name": ui.name,
        "printed": printed,
        "strength": value * factor,
        "modifiers": mods + terrain_mods,
    }


def terrain_defense(st: State, hex_label: str) -> tuple[int, list[dict[str, Any]]]:
    """5.4 the factor the hex's terrain multiplies its defending units by, and why (the
    terrain table's ``defense``: a City doubles)."""
    scenario = U.static(st).scenario
    terrain = scenario.terrain.terrain.get(scenario.board.terrain.get(hex_label, ""))
    effect = None if terrain is None else terrain.defense
    if effect is None:
        return 1, []
    return effect.factor, [_modifier(effect.why, effect.case, effect.provisional)]


def _crossed_effects(st: State, crossed: set[str], kind: str) -> list[Any]:
    """The combat effects of kind ``kind`` (``attack_halved``, ``die``) of the hexside
    features crossed, in the terrain table's order."""
    table = U.static(st).scenario.terrain.hexside
    found = (getattr(table[f], kind) for f in table if f in crossed)
    return [e for e in found if e is not None]


def assess(
    st: State, seg: Frame, targets: list[str], attackers: list[str], shifts: list[str]
) -> dict[str, Any]:
    """The whole odds calculation of an attack, as plain data for views and agents."""
    side = seg["side"]
    defender = U.enemy_of(st, side)
    table = crt.table()
    out: dict[str, Any] = {"targets": list(targets), "attackers": [], "defenders": []}
    normal, mounted = 0, 0
    for uid in attackers:
        entry = attacker_strength(st, uid, targets)
        out["attackers"].append(entry)
        if entry.get("cavalry"):
            mounted += entry["strength"]
        else:
            normal += entry["strength"]
    if mounted and cavalry_reduced(st, targets, defender):
        out["cavalry"] = {
            "total": mounted,
            "reduced_to": mounted // 4,
            "case": "12.21",
            "why": "cavalry attacking other than cavalry, depots or HQs: reduced by 75%",
        }
        mounted //= 4
    attack = normal + mounted
    defense = 0
    for t in targets:
        units = [u for u in defenders_in(st, t, defender) if not U.info(st, u).hq]
        for uid in units:
            entry = defender_strength(st, uid, t)
            out["defenders"].append(entry)
            defense += entry["strength"]
        hq_value = command.hq_defense(st, t, defenders_in(st, t, defender))
        if hq_value:
            factor, terrain_mods = terrain_defense(st, t)
            out["defenders"].append(
                {
                    "hq": t,
                    "name": "HQ combat strength",
                    "printed": hq_value,
                    "strength": hq_value * factor,
                    "modifiers": [
                        _modifier("HQ stacked with 2+ stacking points", "10.53"),
                        *terrain_mods,
                    ],
                }
            )
            defense += hq_value * factor
        if fortress.owner(st, t) == defender:
            value = fortress.defense(st, t)
            out["defenders"].append(
                {
                    "fortress": t,
                    "name": fortress.describe(st, t),
                    "strength": value,
                    "modifiers": [
                        _modifier(
                            "fortress defense",
                            "11.11" if fortress.steps_lost(st, t) < 2 else "11.14",
                        )
                    ],
                }
            )
            defense += value
    out["attack"] = attack
    out["defense"] = defense
    tcr = U.rules(st).attack_tcr(st, attackers) if attackers else 1
    out["tcr"] = tcr
    out["columns"] = table.columns(tcr)
    if attackers and all(U.info(st, uid).hq for uid in attackers):
        out.update(
            legal=False,
            reason="a heroic leader adds its strength only to an attack by its stack",
            case="10.23",
        )
        return out
    if attack <= 0:
        out.update(legal=False, reason="the attackers have no attack strength", case="8.12")
        return out
    raw = crt.odds_ordinal(attack, defense)
    out["odds"] = crt.odds_label(raw)
    shift_total = 0
    out["shifts"] = []
    candidates = {c["hq"]: c for c in command.shift_candidates(st, attackers, seg["shifts_used"])}
    for hq in shifts:
        c = candidates.get(hq, {"hq": hq, "shift": 0, "level": U.info(st, hq).hq_level})
        out["shifts"].append({**c, "case": "10.21"})
        shift_total += int(c["shift"])  # type: ignore[call-overload]
    final = raw + shift_total
    out["final_odds"] = crt.odds_label(final)
    mods = []
    crossings: set[str] = set()
    for uid in attackers:
        crossings |= _crossings(st, uid, targets)
    for effect in _crossed_effects(st, crossings, "die"):  # 5.4 Ridge, Major River
        mod: dict[str, Any] = {"why": effect.why, "value": effect.value, "case": effect.case}
        if effect.provisional:
            mod["provisional"] = True
        mods.append(mod)
    out["die_modifiers"] = mods
    out["result_modifiers"] = result_modifiers(st, attackers, targets, defender)
    if raw < table.lowest(tcr):
        lowest = table.columns(tcr)[0]
        out.update(
            legal=False,
            reason=f"odds of {out['odds']} are below the lowest column ({lowest})",
            case="8.8",
        )
        return out
    column = table.column_for(tcr, final)
    if column is None:
        out.update(
            legal=False, reason=f"odds of {out['final_odds']} are below the table", case="8.8"
        )
        return out
    out.update(column=column, legal=True)
    return out


def result_modifiers(
    st: State, attackers: list[str], targets: list[str], defender: str
) -> list[dict[str, Any]]:
    """10.43 TCR 3-4 units out of command (attacking) or beyond every HQ's radius
    (defending) add one to their force's result (3 becoming E): one entry per force."""
    out = []
    if any(command.result_worsens(st, u, True) for u in attackers if not U.info(st, u).hq):
        out.append(
            {"force": "attacker", "why": "attacking TCR 3-4 units out of command", "value": 1}
        )
    defending = [u for t in targets for u in defenders_in(st, t, defender)]
    if any(command.result_worsens(st, u, False) for u in defending if not U.info(st, u).hq):
        out.append(
            {
                "force": "defender",
                "why": "defending TCR 3-4 units beyond any HQ's radius",
                "value": 1,
            }
        )
    return [{**m, "case": "10.43"} for m in out]


# --- the preview, and the numbers a ruling is held to --------------------------------------------


def attack_key(st: State, frame: Frame) -> str:
    """The attack's name in rulings: Game-Turn, side and its number in the segment."""
    return f"turn {st.data['turn']} {frame['side']} attack {frame.get('n', 0)}"


def preview(st: State, frame: Frame) -> dict[str, Any]:
    """The odds of the attack being put together, every modifier named: what the view
    shows before the player commits, and what :func:`combat_result.resolve` applies
    (one computation: the resolution calls this, after 9.23, before spending anything)."""
    return {
        "key": attack_key(st, frame),
        **assess(st, segment(st), frame["targets"], frame["attackers"], frame["shifts"]),
    }


def ruling_numbers(report: dict[str, Any]) -> dict[str, Any]:
    """The numbers of an attack a preview promises and a resolution applies (8.4, 8.8)."""
    keep = ("legal", "attack", "defense", "odds", "final_odds", "tcr", "column")
    out = {k: report[k] for k in keep if k in report}
    out["shifts"] = [[s["hq"], int(s["shift"])] for s in report.get("shifts", [])]
    out["die_modifiers"] = [[m["case"], m["value"]] for m in report.get("die_modifiers", [])]
    out["result_modifiers"] = [
        [m["force"], m["case"], m["value"]] for m in report.get("result_modifiers", [])
    ]
    if "cavalry" in report:
        out["cavalry"] = report["cavalry"]["reduced_to"]
    return out


# --- frames -----------------------------------------------------------------------------------


class CombatResolution(Handler):
    """4.0 A.3.b Combat Resolution Segment: the phasing player declares attacks one by one."""

    kind = "combat_resolution"
    case = "8.0"

    def setup(self, st: State, frame: Frame) -> None:
        frame.setdefault("attacked", [])  # units that have attacked (8.14)
        frame.setdefault("defended", [])  # Enemy units that have been attacked (8.14)
        frame.setdefault("fortresses", [])  # Enemy fortresses attacked (8.14, 11.1)
        frame.setdefault("shifts_used", [])  # HQs whose attack shift is spent (10.21)
        frame.setdefault("declared", 0)  # attacks declared so far (they name the rulings)

    def targets(self, st: State, frame: Frame) -> list[str]:
        """Hexes some unit of the phasing player may attack now."""
        key = ("combat targets", U.revision(st), repr(frame))
        return st.memo(key, lambda: self._targets(st, frame))  # type: ignore[no-any-return]

    def _targets(self, st: State, frame: Frame) -> list[str]:
        side = frame["side"]
        board = U.static(st).scenario.board
        found = set()
        for uid in U.on_map(st, side):
            if attack_refusal(st, frame, uid) is not None:
                continue
            here = U.record(st, uid)["hex"]
            for h in board.neighbours[here]:
                if adjacent_for_combat(st, here, h) and targetable(st, frame, h):
                    found.add(h)
        return sorted(found)

    def actors(self, st: State, frame: Frame) -> list[str]:
        return [frame["side"]] if self.targets(st, frame) else []

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        actions: list[Action] = [{"type": "declare", "target": h} for h in self.targets(st, frame)]
        actions.append({"type": "end_segment"})
        return actions

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        if action["type"] == "end_segment":
            st.log(f"{side_name(st, role)} ends the Combat Resolution Segment.", case="4.0")
            self.finish(st, frame)
            return
        frame["declared"] = frame.get("declared", 0) + 1
        st.push(
            {
                "kind": "attack",
                "side": frame["side"],
                "targets": [action["target"]],
                "n": frame["declared"],
            }
        )

    def run(self, st: State, frame: Frame) -> None:
        self.finish(st, frame)

    def finish(self, st: State, frame: Frame) -> None:
        # 8.66 / 12.17: units that retreated or withdrew into a stack count again
        for marker in PASSENGER_MARKERS:
            U.clear_marker(st, marker)
        st.pop()

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        return "Combat Resolution Segment: choose a hex to attack, or end the segment."

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        target = action.get("target")
        if action.get("type") == "declare" and isinstance(target, str):
            if not U.static(st).scenario.board.on_map(target):
                return f"{target!r} is not a hex on this map", "8.11"
            enemy = U.enemy_of(st, frame["side"])
            if not defenders_in(st, target, enemy) and fortress.owner(st, target) != enemy:
                return f"{target} holds no Enemy unit or fortress", "8.11"
            if not targetable(st, frame, target):
                return f"the units in {target} have already been attacked this phase", "8.14"
            return f"no unit of yours that may attack is adjacent to {target}", "8.11"
        return super().explain(st, frame, role, action)

    def title(self, st: State, frame: Frame) -> str:
        return "Combat Resolution Segment"


class Attack(Handler):
    """One attack being put together: targets, attackers, shifts; then resolve or cancel."""

    kind = "attack"
    case = "8.0"

    def setup(self, st: State, frame: Frame) -> None:
        frame.setdefault("attackers", [])
        frame.setdefault("shifts", [])

    def actors(self, st: State, frame: Frame) -> list[str]:
        return [frame["side"]]

    # -- what may be added ----------------------------------------------------------------

    def eligible_attackers(self, st: State, frame: Frame) -> list[str]:
        seg = segment(st)
        out = []
        for uid in U.on_map(st, frame["side"]):
            if uid in frame["attackers"] or attack_refusal(st, seg, uid) is not None:
                continue
            here = U.record(st, uid)["hex"]
            if all(adjacent_for_combat(st, here, t) for t in frame["targets"]):
                if U.info(st, uid).hq and not command.heroic_attack(st, uid, U.units_in(st, here)):
                    continue  # 10.23 a heroic leader needs two stacking points with it
                if U.info(st, uid).hq and uid in seg["shifts_used"]:
                    continue  # 10.24 its shift already went to another combat
                out.append(uid)
        return out

    def extra_targets(self, st: State, frame: Frame) -> list[str]:
        """8.23 more defending hexes: adjacent to every attacker already chosen."""
        seg = segment(st)
        board = U.static(st).scenario.board
        attackers = frame["attackers"]
        if not attackers:
            return []
        hexes = [U.record(st, uid)["hex"] for uid in attackers]
        common = set(board.neighbours[hexes[0]])
        for h in hexes[1:]:
            common &= set(board.neighbours[h])
        return sorted(
            t
            for t in common
            if t not in frame["targets"]
            and targetable(st, seg, t)
            and all(adjacent_for_combat(st, h, t) for h in hexes)
        )

    def shift_options(self, st: State, frame: Frame) -> list[dict[str, Any]]:
        """10.21 HQ shifts open to this attack; 10.22 one per command level."""
        seg = segment(st)
        levels = {U.info(st, hq).hq_level for hq in frame["shifts"]}
        out = []
        for c in command.shift_candidates(st, frame["attackers"], seg["shifts_used"]):
            if c["hq"] in frame["shifts"] or c["level"] in levels:
                continue
            if c["hq"] in seg["attacked"]:
                continue  # 10.24 a heroic leader fighting in another combat
            out.append(c)
        return out

    def assessment(self, st: State, frame: Frame) -> dict[str, Any]:
        return preview(st, frame)

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        actions: list[Action] = []
        for t in self.extra_targets(st, frame):
            actions.append({"type": "add_target", "hex": t})
        if len(frame["targets"]) > 1:
            actions += [{"type": "remove_target", "hex": t} for t in frame["targets"]]
        actions += [{"type": "add_attacker", "unit": u} for u in self.eligible_attackers(st, frame)]
        actions += [{"type": "remove_attacker", "unit": u} for u in frame["attackers"]]
        for c in self.shift_options(st, frame):
            actions.append({"type": "add_shift", "hq": c["hq"], "shift": c["shift"]})
        actions += [{"type": "remove_shift", "hq": h} for h in frame["shifts"]]
        if frame["attackers"] and self.assessment(st, frame).get("legal"):
            actions.append({"type": "resolve"})
        actions.append({"type": "cancel"})
        return actions

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        kind = action["type"]
        if kind == "add_target":
            frame["targets"].append(action["hex"])
        elif kind == "remove_target":
            frame["targets"].remove(action["hex"])
            self._drop_unadjacent(st, frame)
        elif kind == "add_attacker":
            frame["attackers"].append(action["unit"])
        elif kind == "remove_attacker":
            frame["attackers"].remove(action["unit"])
            self._drop_unusable_shifts(st, frame)
        elif kind == "add_shift":
            frame["shifts"].append(action["hq"])
        elif kind == "remove_shift":
            frame["shifts"].remove(action["hq"])
        elif kind == "cancel":
            st.pop()
        elif kind == "resolve":
            from greatwar.rules.gwite.combat_result import resolve

            resolve(st, frame)

    def _drop_unadjacent(self, st: State, frame: Frame) -> None:
        keep = []
        for uid in frame["attackers"]:
            here = U.record(st, uid)["hex"]
            if all(adjacent_for_combat(st, here, t) for t in frame["targets"]):
                keep.append(uid)
        frame["attackers"] = keep
        self._drop_unusable_shifts(st, frame)

    def _drop_unusable_shifts(self, st: State, frame: Frame) -> None:
        seg = segment(st)
        allowed = {
            c["hq"] for c in command.shift_candidates(st, frame["attackers"], seg["shifts_used"])
        }
        frame["shifts"] = [h for h in frame["shifts"] if h in allowed]

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        targets = ", ".join(frame["targets"])
        if not frame["attackers"]:
            return f"Attack on {targets}: add attacking units adjacent to it."
        a = self.assessment(st, frame)
        if a.get("legal"):
            return (
                f"Attack on {targets}: {a['attack']} to {a['defense']} ({a['odds']}),"
                f" column {a['column']}: add units or shifts, resolve, or cancel."
            )
        return f"Attack on {targets}: {a.get('reason', '')} — add units, or cancel."

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        kind = action.get("type")
        uid = action.get("unit")
        if kind == "add_attacker" and isinstance(uid, str) and uid in st.data["units"]:
            why = attack_refusal(st, segment(st), uid)
            if why:
                return why
            if uid in frame["attackers"]:
                return f"{U.info(st, uid).name} is already one of the attackers", "8.24"
            if U.info(st, uid).hq and uid in segment(st)["shifts_used"]:
                return f"{U.info(st, uid).name} lent its Attack Shift to another combat", "10.24"
            here = U.units_in(st, U.record(st, uid)["hex"])
            if U.info(st, uid).hq and not command.heroic_attack(st, uid, here):
                return (
                    f"{U.info(st, uid).name} needs two Friendly stacking points with it",
                    "10.23",
                )
            if len(frame["targets"]) == 1:
                return f"{U.info(st, uid).name} is not adjacent to {frame['targets'][0]}", "8.11"
            return f"{U.info(st, uid).name} is not adjacent to every defending hex", "8.23"
        if kind == "resolve":
            a = self.assessment(st, frame)
            if not frame["attackers"]:
                return "an attack needs at least one attacking unit", "8.11"
            return a.get("reason", "the attack cannot be resolved"), a.get("case", "8.8")
        if kind == "add_target":
            return "every attacking unit must be adjacent to every defending hex", "8.23"
        if kind == "add_shift":
            return (
                "that HQ may not shift this attack (radius, one per level, once a phase)",
                "10.21",
            )
        return super().explain(st, frame, role, action)

    def title(self, st: State, frame: Frame) -> str:
        return f"Attack on {', '.join(frame['targets'])}"


def view(st: State, role: str) -> dict[str, Any] | None:
    """The attack being prepared or resolved, for every role (combat is open information)."""
    for frame in reversed(st.data["stack"]):
        if frame["kind"] == "attack":
            return {"stage": "preparing", **preview(st, frame)}
        if frame["kind"] == "combat_result":
            return {"stage": frame["stage"], **frame["report"]}
    return None
