"""8.0 One attack: put together, committed, the defender's step, and the die (8.8).

An attack is built stepwise on its own frame: a defending hex, attackers, more
defending hexes they are all adjacent to (8.23), HQ attack shifts (10.21, 10.22);
the odds, every modifier named, are in the view before the player commits
(:func:`combat.preview`).  Where the game's rules give the defender a step before the
die (none in the standard rules), he acts on the same frame.  Resolving takes the
odds with the preview's own function once 9.23's attrition has acted, spends what
the attack used, rolls the die and pushes the frame that applies the result
(:mod:`combat_result`, or a game's own, ``rules.result_kind``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.phases import Action, Frame, Handler
from greatwar.rules.gwite import command, crt, fortress, rail, supply
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.combat import (
    DEFENDING,
    END_DEFENSE,
    adjacent_for_combat,
    alive,
    attack_key,
    attack_refusal,
    combat_units,
    defenders_in,
    force_steps,
    passengers_in,
    preview,
    ready_attackers,
    ruling_numbers,
    segment,
    shown_preview,
    targetable,
)
from greatwar.rules.gwite.names import side_name

if TYPE_CHECKING:
    from greatwar.engine.state import State


class Attack(Handler):
    """One attack being put together: targets, attackers, shifts; then resolve or cancel.

    Where the game's rules give the defender a step before the die (R3; none in the
    standard rules), "resolve" commits the attack and the defender acts on the same
    frame (``stage`` = ``defending``) until he ends his step; then the die is rolled."""

    kind = "attack"
    case = "8.0"

    def setup(self, st: State, frame: Frame) -> None:
        frame.setdefault("attackers", [])
        frame.setdefault("shifts", [])

    def actors(self, st: State, frame: Frame) -> list[str]:
        if frame.get("stage") == DEFENDING:
            return [U.enemy_of(st, frame["side"])]
        return [frame["side"]]

    def _defender_actions(self, st: State, frame: Frame) -> list[Action]:
        return U.rules(st).defender_actions(st, segment(st), frame)  # type: ignore[no-any-return]

    # -- what may be added ----------------------------------------------------------------

    def eligible_attackers(self, st: State, frame: Frame) -> list[str]:
        seg = segment(st)
        rules = U.rules(st)
        out = []
        attackers = frame["attackers"]
        for uid in ready_attackers(st, seg):
            if uid in attackers:
                continue
            here = U.record(st, uid)["hex"]
            if not all(adjacent_for_combat(st, here, t) for t in frame["targets"]):
                continue  # 8.23 adjacent to every defending hex
            if rules.attacker_refusal(st, frame, uid) is not None:
                continue  # a game's rule keeps it out of this attack (Hindenburg 20.12)
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
        return shown_preview(st, frame)

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        if frame.get("stage") == DEFENDING:
            return [*self._defender_actions(st, frame), {"type": END_DEFENSE}]
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
        actions += U.rules(st).attack_actions(st, segment(st), frame)
        unitless = U.rules(st).attack_without_units(st, frame) is not None
        if (frame["attackers"] or unitless) and self.assessment(st, frame).get("legal"):
            actions.append({"type": "resolve"})
        actions.append({"type": "cancel"})
        return actions

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        kind = action["type"]
        if kind == "add_target":
            frame["targets"].append(action["hex"])
            U.rules(st).attack_joined(st, frame, [action["hex"]], [])
        elif kind == "remove_target":
            frame["targets"].remove(action["hex"])
            self._drop_unadjacent(st, frame)
        elif kind == "add_attacker":
            frame["attackers"].append(action["unit"])
            U.rules(st).attack_joined(st, frame, [], [action["unit"]])
        elif kind == "remove_attacker":
            frame["attackers"].remove(action["unit"])
            self._drop_unusable_shifts(st, frame)
        elif kind == "add_shift":
            frame["shifts"].append(action["hq"])
            # 10.21 an HQ lending its Attack Shift takes part in the attack
            U.rules(st).attack_joined(st, frame, [], [action["hq"]])
        elif kind == "remove_shift":
            frame["shifts"].remove(action["hq"])
        elif kind == "cancel":
            st.pop()
        elif kind == "resolve" and self._defender_actions(st, frame):
            frame["stage"] = DEFENDING  # committed: the defender's step comes first
            st.log(
                f"{side_name(st, frame['side'])} commit the attack on"
                f" {', '.join(frame['targets'])}; the defender acts before the die.",
                case=self.case,
            )
        elif kind in ("resolve", END_DEFENSE):
            resolve(st, frame)
        elif frame.get("stage") == DEFENDING:
            U.rules(st).apply_defender_action(st, frame, action)
        else:
            U.rules(st).apply_attack_action(st, frame, action)

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
        if frame.get("stage") == DEFENDING:
            a = self.assessment(st, frame)
            odds = (
                f" ({a['attack']} to {a['defense']}, column {a['column']})"
                if a.get("legal")
                else ""
            )
            return f"Attack on {targets}{odds}: act before the die, or end your step."
        if not frame["attackers"] and U.rules(st).attack_without_units(st, frame) is None:
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
        why_not = U.rules(st).combat_action_refusal(st, frame, role, action)
        if why_not is not None:
            return why_not  # type: ignore[no-any-return]
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
            joining = U.rules(st).attacker_refusal(st, frame, uid)
            if joining is not None:
                return joining  # type: ignore[no-any-return]
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
            hq = action.get("hq")
            if isinstance(hq, str) and hq in st.data["units"] and U.info(st, hq).hq:
                refused = U.rules(st).shift_refusal(st, hq, frame["attackers"])
                if refused is not None:
                    return refused  # type: ignore[no-any-return]
            return (
                "that HQ may not shift this attack (radius, one per level, once a phase)",
                "10.21",
            )
        return super().explain(st, frame, role, action)

    def title(self, st: State, frame: Frame) -> str:
        return f"Attack on {', '.join(frame['targets'])}"


# --- resolving an attack ----------------------------------------------------------------------


def resolve(st: State, frame: Frame) -> None:
    """Resolve the attack on top of the stack: attrition, odds, die, result (8.0 procedure).

    The attack frame stays on the stack until the numbers are taken: 9.23 acts first
    (it may change the attackers, and says so), then the odds come from
    :func:`combat.preview` — the function the view's preview uses — and only then are
    the attackers and the HQs' shifts spent (8.14, 10.21).
    """
    seg = segment(st)
    side = frame["side"]
    defender = U.enemy_of(st, side)
    key = attack_key(st, frame)
    declared = list(frame["attackers"])
    targets = list(frame["targets"])
    # a game's attack by no unit (Serbia/Galicia 21.0 the flotilla alone)
    unitless = not declared and U.rules(st).attack_without_units(st, frame) is not None
    _attrition(st, frame, key)  # 9.23, immediately before the odds are computed
    attackers = frame["attackers"]
    if combat_units(st, attackers) or unitless:
        st.taking_numbers(key)
        report = preview(st, frame)  # the numbers the view showed, taken before any spending
    st.pop()  # the attack frame: from here on the attack is committed
    seg["attacked"].extend(declared)  # 8.14 each unit attacks once
    seg["shifts_used"].extend(frame["shifts"])  # 10.21 each HQ shifts one attack
    if not combat_units(st, attackers) and not unitless:
        st.log(
            f"The attack on {', '.join(targets)} falls through: no attacker is left.", case="9.23"
        )
        return
    if not report.get("legal"):
        st.log(
            f"The attack on {', '.join(targets)} cannot be made: {report['reason']}.",
            case=report.get("case", "8.8"),
        )
        return
    defenders = [u for t in targets for u in defenders_in(st, t, defender)]
    fortresses = [t for t in targets if fortress.owner(st, t) == defender]
    seg["defended"].extend(u for u in defenders if u not in seg["defended"])
    seg["fortresses"].extend(t for t in fortresses if t not in seg["fortresses"])
    supplied = all(supply.in_supply(st, u) for u in combat_units(st, defenders))
    for uid in defenders:
        if rail.entrained(st, uid):
            rail.detrain_when_attacked(st, uid)
            st.log(f"{U.info(st, uid).name} is attacked while entrained and detrains.", case="5.36")
    modifier = sum(m["value"] for m in report["die_modifiers"])
    die = st.roll(f"attack on {', '.join(targets)} at {report['column']}", case="8.8")
    look = crt.table().lookup(report["tcr"], report["column"], die + modifier)
    att_result, def_result = _worsened(st, look.attacker, look.defender, report)
    att_size = force_steps(st, attackers)
    def_size = force_steps(st, defenders) + sum(fortress.steps_left(st, t) for t in fortresses)
    notes = ["provisional table entry"] if look.provisional else []
    if any(m.get("provisional") for m in report["die_modifiers"]):
        notes.append("provisional die modifier")
    mods = f" {modifier:+d}" if modifier else ""
    shifted = "".join(
        f", {s['shift']:+d} shift of {U.info(st, s.get('hq') or s['unit']).name}"
        for s in report["shifts"]
    )
    st.log(
        f"{side_name(st, side)} attack {', '.join(targets)}: {report['attack']} to"
        f" {report['defense']} ({report['odds']}){shifted}, column {report['column']},"
        f" die {die}{mods}: {att_result}/{def_result}"
        f"{' (' + '; '.join(notes) + ')' if notes else ''}.",
        case="8.8",
        provisional=True if notes else None,
        ruling={"key": key, "condition": "", "numbers": ruling_numbers(report)},
    )
    U.rules(st).attack_rolled(st, frame, report)
    outcome = {
        "att_result": att_result,
        "def_result": def_result,
        "att_size": att_size,
        "def_size": def_size,
        "affected": min(att_size, def_size),
    }
    U.rules(st).result_outcome(st, frame, report, outcome)
    turn = st.data["turn"]
    for uid in attackers + defenders:
        U.record(st, uid)["combat_turn"] = turn  # 13.0
    report.update(
        die=die,
        modified=die + modifier,
        result=f"{att_result}/{def_result}",
        provisional_entry=look.provisional,
    )
    st.push(
        {
            "kind": U.rules(st).result_kind(st, report),
            "side": side,
            "defender": defender,
            "targets": targets,
            "attackers": attackers,
            "defenders": defenders,
            "passengers": {t: passengers_in(st, t, defender) for t in targets},
            "fortresses": fortresses,
            "supplied": supplied,
            **outcome,
            "report": report,
        }
    )


def _attrition(st: State, frame: Frame, key: str) -> None:
    """9.23 (11.22) attrition of unsupplied attackers; the log says what it changed."""
    before = {u: U.steps_left(st, u) for u in frame["attackers"]}
    supply.check_attacker_attrition(st, frame["attackers"])
    frame["attackers"] = alive(st, frame["attackers"])
    changed = []
    for uid, steps in before.items():
        name = U.info(st, uid).name
        if uid not in frame["attackers"]:
            changed.append(f"{name} is eliminated")
        elif U.steps_left(st, uid) != steps:
            changed.append(f"{name} has {U.steps_left(st, uid)} steps left of {steps}")
    if changed:
        st.log(
            f"Attrition before the odds changes the attack: {'; '.join(changed)}.",
            case="9.23",
            alters=key,
        )


_WORSENED = {
    "attacker": "Attacking TCR 3-4 units are out of command",
    "defender": "Defending TCR 3-4 units are beyond any HQ's radius",
}


def _worsened(
    st: State, att_result: str, def_result: str, report: dict[str, Any]
) -> tuple[str, str]:
    """10.43 the result modifiers the odds named: each adds one to its force's result."""
    for m in report["result_modifiers"]:
        attacking = m["force"] == "attacker"
        before = att_result if attacking else def_result
        worse = crt.worsen(before, attacking)
        if worse != before:
            st.log(f"{_WORSENED[m['force']]}: result {before} becomes {worse}.", case="10.43")
        if attacking:
            att_result = worse
        else:
            def_result = worse
    return att_result, def_result
