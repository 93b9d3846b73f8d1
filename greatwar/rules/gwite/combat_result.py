"""8.5-8.7 Applying a combat result: affected steps, options, losses, retreat, advance.

The die is rolled when an attack is resolved (:func:`attack.resolve`); the result
is then applied on a ``combat_result`` frame in stages, the Defender first
(8.54):

1. ``def_affected`` — a larger defending force chooses which units are
   affected (8.9 Explanation);
2. ``def_option`` — the Defender chooses one option of 8.9 for his force;
3. ``def_losses`` — he takes the steps lost from the units of the affected
   stacks (a fortress step counts two, 11.13);
4. ``retreat`` — each affected stack retreats along a path he chooses (8.6),
   and loses the units that would end it over the stacking limit (6.15);
5. ``att_losses`` — then the Attacker's result;
6. ``advance`` — victorious attackers may advance into vacated hexes (8.7),
   except after "Ils ne passeront pas" (8.75).

A stage with exactly one possible choice is carried out automatically and
logged; so are losses that take every step there is to take.  Readings
where the rules are silent:

* the size of a force counts its combat units' steps and its fortresses'
  steps (11.13's example counts a fortress as four steps), not HQs (they
  have no steps to lose in combat: they share their stack's fate, 10.53);
* a larger force is affected only for as many steps as the smaller force
  has (8.9 Explanation): losses asked of it are reckoned on those affected
  steps.  Half losses may come from any unit of the affected stacks (8.9:
  "from any unit or combination of units in each affected stack").  An E,
  or "all affected units are eliminated", costs a larger force exactly the
  affected steps, taken from the units it chose as affected: a corps chosen
  to absorb two affected steps loses two steps, not four;
* the Attacker's result E (only 10.43 makes one, from a 2) is "lose all
  affected steps", the same as a 2 under the reading above;
* a fortress defending without units cannot retreat: each hex of retreat
  its option asks is taken as a further half of its affected steps — the
  reading that gives 11.13's second example (a 3 against a lone fortress:
  6 steps); when units defend with it, they retreat and the fortress stays;
* units that retreated into a stack (8.66) share the fate of the affected
  stack they are in: eliminated when it retreats or is eliminated, half
  their steps when it loses half, taken automatically from the largest of
  them first;
* 8.75 applies to every hex an option 1 of a 2 or 3 empties, when every
  defending combat unit was in supply at the moment of combat;
* 10.43 worsens the Attacker's (Defender's) result if any attacking
  (defending) combat unit qualifies: results belong to a whole force.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, ClassVar

from greatwar.engine.phases import Action, Frame, Handler
from greatwar.model.schema import CombatOption
from greatwar.rules.gwite import command, crt, fortress
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.combat import (
    alive,
    combat_units,
    defenders_in,
    fighting_units_in,
    force_steps,
)
from greatwar.rules.gwite.fortress import UNIT_STEPS_PER_FORTRESS_STEP
from greatwar.rules.gwite.names import side_name
from greatwar.rules.gwite.retreat import no_retreat_case, retreat_options
from greatwar.rules.gwite.stacking import stacking_points

if TYPE_CHECKING:
    from greatwar.engine.state import State

STAGES = (
    "def_affected",
    "def_option",
    "def_losses",
    "retreat",
    "att_losses",
    "advance",
)
#: the stage of a result frame pushed but not yet run (:meth:`CombatResult.setup`)
BEGIN = "begin"
#: stages the Defender acts in (the others are the Attacker's)
DEFENDER_STAGES = frozenset({"def_affected", "def_option", "def_losses", "retreat"})
#: what the combat view calls each stage, in a player's words
STAGE_TITLES = {
    BEGIN: "applying the result (8.9)",
    "def_affected": "the Defender chooses the affected units (8.9)",
    "def_option": "the Defender chooses his option (8.9)",
    "def_losses": "the Defender's losses (8.9)",
    "retreat": "the Defender's retreat (8.6)",
    "att_losses": "the Attacker's losses (8.9)",
    "advance": "advance after combat (8.7)",
}
#: the case each stage applies, for refusals
STAGE_CASES = {
    "def_affected": "8.9",
    "def_option": "8.9",
    "def_losses": "8.9",
    "retreat": "8.63",
    "att_losses": "8.9",
    "advance": "8.71",
}


# --- the result frame -----------------------------------------------------------------------------


class CombatResult(Handler):
    """Applying one combat result, stage by stage (see the module docstring)."""

    kind = "combat_result"
    case = "8.9"
    #: the stages in order: a game replaces some (Brusilov 23.1 panic, Caporetto 20
    #: pursuit) with a subclass registered under its own kind (``rules.result_kind``)
    stages: tuple[str, ...] = STAGES
    #: the combat view's title of each stage (a game with stages of its own adds theirs)
    stage_titles: ClassVar[dict[str, str]] = STAGE_TITLES
    #: marks a frame that applies a combat result (the combat view looks for it)
    applies_result = True

    def setup(self, st: State, frame: Frame) -> None:
        frame.update(
            stage="",
            def_affected=[],  # affected defending units (8.9)
            def_affected_forts=[],
            def_hexes=[],  # hexes of the affected stacks (8.9), fixed once chosen
            option=None,  # index of the Defender's option (8.9)
            due=0,  # unit steps still to lose
            due_total=0,  # unit steps to lose in all (the prompt says where they come from)
            due_why=[],  # where they come from, each with its case (8.9, 11.12)
            pool="stacks",  # losses from the affected stacks, or the affected units only
            retreat=0,  # hexes each affected stack retreats
            to_retreat=[],  # hexes whose stacks still have to retreat
            overstack=None,  # 6.15 the hex a retreat ended in over the limit
            retreaters=[],  # the units that retreated there
            vacated=[],
        )
        # the first stage is entered when the frame first runs, on the stack: what it
        # applies at once (an E, 8.9; losses with no choice) is then "in combat" for
        # the rules that ask (Serbia/Galicia 25.2)
        frame["stage"] = BEGIN

    # -- who acts --------------------------------------------------------------------------

    def _role(self, frame: Frame) -> str:
        return frame["defender"] if frame["stage"] in DEFENDER_STAGES else frame["side"]  # type: ignore[no-any-return]

    def actors(self, st: State, frame: Frame) -> list[str]:
        if frame["stage"] in ("", BEGIN):
            return []
        role = self._role(frame)
        if len(self.legal(st, frame, role)) <= 1:
            return []  # nothing to choose: carried out by run()
        return [role]

    def run(self, st: State, frame: Frame) -> None:
        if frame["stage"] == BEGIN:
            self._next_stage(st, frame, start=0)
            return
        if not frame["stage"]:
            self._finish(st, frame)
            return
        role = self._role(frame)
        options = self.legal(st, frame, role)
        if options:
            self.apply(st, frame, role, options[0])
        else:
            self._next_stage(st, frame)

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        if frame["stage"] in ("", BEGIN) or role != self._role(frame):
            return []
        return getattr(self, f"_legal_{frame['stage']}")(st, frame)  # type: ignore[no-any-return]

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        getattr(self, f"_apply_{frame['stage']}")(st, frame, action)

    # -- stage order -----------------------------------------------------------------------

    def _next_stage(self, st: State, frame: Frame, start: int | None = None) -> None:
        index = self.stages.index(frame["stage"]) + 1 if start is None else start
        for stage in self.stages[index:]:
            if getattr(self, f"_enter_{stage}")(st, frame):
                frame["stage"] = stage
                return
        frame["stage"] = ""

    def _larger_defender(self, frame: Frame) -> bool:
        return bool(frame["def_size"] > frame["att_size"])

    # -- 1. which defending units are affected ------------------------------------------------

    def _enter_def_affected(self, st: State, frame: Frame) -> bool:
        if frame["def_result"] == "-":
            return False
        if not self._larger_defender(frame):
            # 8.9: a force no larger than its opponent is affected whole
            frame["def_affected"] = combat_units(st, frame["defenders"])
            frame["def_affected_forts"] = list(frame["fortresses"])
            self._fix_def_hexes(st, frame)
            return False
        return True  # 8.9: the owner of the larger force chooses its affected units

    def _fix_def_hexes(self, st: State, frame: Frame) -> None:
        hexes = {U.record(st, u)["hex"] for u in frame["def_affected"]}
        frame["def_hexes"] = sorted(hexes | set(frame["def_affected_forts"]))

    def _chosen_def_steps(self, st: State, frame: Frame) -> int:
        return force_steps(st, frame["def_affected"]) + sum(
            fortress.steps_left(st, t) for t in frame["def_affected_forts"]
        )

    def _legal_def_affected(self, st: State, frame: Frame) -> list[Action]:
        if self._chosen_def_steps(st, frame) >= frame["affected"]:
            return []
        actions: list[Action] = [
            {"type": "affect", "unit": u}
            for u in combat_units(st, frame["defenders"])
            if u not in frame["def_affected"]
        ]
        actions += [
            {"type": "affect", "fortress": t}
            for t in frame["fortresses"]
            if t not in frame["def_affected_forts"]
        ]
        return actions

    def _apply_def_affected(self, st: State, frame: Frame, action: Action) -> None:
        if "unit" in action:
            frame["def_affected"].append(action["unit"])
            name = U.info(st, action["unit"]).name
        else:
            frame["def_affected_forts"].append(action["fortress"])
            name = fortress.describe(st, action["fortress"])
        st.log(
            f"{side_name(st, frame['defender'])}: {name} is affected by the result"
            f" ({frame['affected']} affected steps).",
            case="8.9",
        )
        if self._chosen_def_steps(st, frame) >= frame["affected"]:
            self._fix_def_hexes(st, frame)
            self._next_stage(st, frame)

    # -- 2. the Defender's option ------------------------------------------------------------------

    def _enter_def_option(self, st: State, frame: Frame) -> bool:
        result = frame["def_result"]
        if result == "-":
            return False
        if result == "E":
            self._lose_all(st, frame, "8.9")
            return False
        return True

    def _legal_def_option(self, st: State, frame: Frame) -> list[Action]:
        options = crt.table().defender_options(frame["def_result"])
        return [{"type": "option", "index": i, "text": o.text} for i, o in enumerate(options)]

    def _apply_def_option(self, st: State, frame: Frame, action: Action) -> None:
        option = crt.table().defender_options(frame["def_result"])[action["index"]]
        frame["option"] = action["index"]
        st.log(
            f"{side_name(st, frame['defender'])}: option {action['index'] + 1}"
            f" of result {frame['def_result']}: {option.text}",
            case=option.case or "8.9",
        )
        half = math.ceil(frame["affected"] / 2)  # 8.9: fractions rounded up
        frame["retreat"] = option.retreat
        if option.lose == "all":
            self._lose_all(st, frame, option.case or "8.9")
        elif option.lose == "half":
            self._owe(
                frame, half, f"half of {_affected_words(frame)}, rounded up", frame["def_result"]
            )
        lone = self._lone_fortress_steps(st, frame)
        if option.retreat and lone:
            # 11.12, 11.13: a fortress alone cannot retreat; each hex is half its steps
            extra = option.retreat * math.ceil(lone / 2)
            _add_due(frame, extra, f"{extra} for a fortress that cannot retreat (11.12)")
            st.log("A fortress never retreats: it loses fortress steps instead.", case="11.12")
        self._next_stage(st, frame)

    def _owe(self, frame: Frame, steps: int, why: str, result: str) -> None:
        """``steps`` more to lose for ``result`` of the 8.9 table, and where they come from."""
        _add_due(frame, steps, f"{why} (result {result}, 8.9)")

    def _lone_fortress_steps(self, st: State, frame: Frame) -> int:
        """Affected steps of affected fortresses with no defending combat unit in their hex."""
        lone = sum(
            fortress.steps_left(st, t)
            for t in frame["def_affected_forts"]
            if not combat_units(st, defenders_in(st, t, frame["defender"]))
        )
        return min(lone, frame["affected"])  # type: ignore[no-any-return]

    def _lose_all(self, st: State, frame: Frame, case: str) -> None:
        """E, or option 1 of a 2 or 3: all affected units are eliminated (8.9); a larger
        force loses the affected steps from the units it chose (module docstring)."""
        if self._larger_defender(frame):
            self._owe(
                frame, frame["affected"], f"all {_affected_words(frame)}", frame["def_result"]
            )
            frame["pool"] = "affected"
            return
        for uid in alive(st, frame["def_affected"]):
            U.eliminate_unit(st, uid, case, "combat result")
        for t in frame["def_affected_forts"]:
            fortress.lose_steps(st, t, fortress.steps_left(st, t), case="11.12")

    # -- 3. the Defender's step losses -----------------------------------------------------------

    def _loss_pool(self, st: State, frame: Frame) -> tuple[list[str], list[str]]:
        """Units and fortresses the Defender's losses may be taken from now."""
        defender = frame["defender"]
        if frame["pool"] == "affected":
            units = alive(st, frame["def_affected"])
            forts = list(frame["def_affected_forts"])
        else:
            units = [
                u
                for h in frame["def_hexes"]
                for u in combat_units(st, defenders_in(st, h, defender))
            ]
            forts = [h for h in frame["def_hexes"] if h in frame["fortresses"]]
        return units, [h for h in forts if fortress.owner(st, h) == defender]

    def _enter_def_losses(self, st: State, frame: Frame) -> bool:
        if frame["due"] <= 0:
            return False
        units, forts = self._loss_pool(st, frame)
        capacity = force_steps(st, units) + UNIT_STEPS_PER_FORTRESS_STEP * sum(
            fortress.steps_left(st, t) for t in forts
        )
        if frame["due"] >= capacity:
            # every step there is must go: no choice to make
            for uid in units:
                U.eliminate_unit(st, uid, "8.9", "combat losses")
            for t in forts:
                fortress.lose_steps(st, t, fortress.steps_left(st, t))
            frame["due"] = 0
            return False
        return True

    def _legal_def_losses(self, st: State, frame: Frame) -> list[Action]:
        if frame["due"] <= 0:
            return []
        units, forts = self._loss_pool(st, frame)
        actions: list[Action] = [{"type": "lose", "unit": u} for u in units]
        actions += [{"type": "lose", "fortress": h} for h in forts]
        return actions

    def _apply_def_losses(self, st: State, frame: Frame, action: Action) -> None:
        if "unit" in action:
            frame["due"] -= U.lose_steps(st, action["unit"], 1, "8.9", "combat losses")
        else:
            lost = fortress.lose_steps(st, action["fortress"], 1)
            frame["due"] -= lost * UNIT_STEPS_PER_FORTRESS_STEP  # 11.13
        if not self._legal_def_losses(st, frame):
            frame["due"] = 0
            self._next_stage(st, frame)

    def _option(self, frame: Frame) -> CombatOption | None:
        if frame["option"] is None:
            return None
        return crt.table().defender_options(frame["def_result"])[frame["option"]]

    def _passengers_share(self, st: State, frame: Frame) -> None:
        """8.66 / 12.17 units that had retreated (or withdrawn) into an affected stack share
        its fate."""
        option = self._option(frame)
        for t in frame["def_hexes"]:
            riders = alive(st, frame["passengers"].get(t, []))
            if not riders:
                continue
            hosts = combat_units(
                st, [u for u in defenders_in(st, t, frame["defender"]) if u not in riders]
            )
            if not hosts or (option is not None and option.retreat):
                for uid in riders:
                    U.eliminate_unit(st, uid, "8.66", "the stack it had retreated into gave way")
            elif option is not None and option.lose == "half":
                due = math.ceil(force_steps(st, riders) / 2)
                for uid in sorted(riders, key=lambda u: -U.steps_left(st, u)):
                    due -= U.lose_steps(
                        st,
                        uid,
                        min(due, U.steps_left(st, uid)),
                        "8.66",
                        "shares the losses of its stack",
                    )
                    if due <= 0:
                        break

    # -- 4. retreat ------------------------------------------------------------------------

    def _enter_retreat(self, st: State, frame: Frame) -> bool:
        # the Defender's losses are taken: passengers share them, lone HQs go (10.53)
        self._passengers_share(st, frame)
        for t in frame["targets"]:
            command.after_combat(st, t)
        if not frame["retreat"]:
            return False
        frame["to_retreat"] = list(frame["def_hexes"])
        return self._next_retreat(st, frame)

    def _retreating_units(self, st: State, frame: Frame, hex_label: str) -> list[str]:
        """8.9 every unit of the stack retreats, HQs with it (10.53); not passengers (8.66)."""
        riders = frame["passengers"].get(hex_label, [])
        return [u for u in fighting_units_in(st, hex_label, frame["defender"]) if u not in riders]

    def _next_retreat(self, st: State, frame: Frame) -> bool:
        """Move on to the next stack that must retreat; eliminate stacks that cannot."""
        while frame["to_retreat"]:
            h = frame["to_retreat"][0]
            units = self._retreating_units(st, frame, h)
            if not combat_units(st, units):
                frame["to_retreat"].pop(0)  # a fortress alone stays (11.12)
                continue
            if retreat_options(st, h, units, frame["retreat"])[0]:
                return True
            case = no_retreat_case(st, h, units, frame["retreat"])
            for uid in units:
                U.eliminate_unit(st, uid, case, "no retreat is open to it")
            frame["to_retreat"].pop(0)
        return False

    def _legal_retreat(self, st: State, frame: Frame) -> list[Action]:
        if frame["overstack"]:
            return [
                {"type": "eliminate", "unit": u}
                for u in alive(st, frame["retreaters"])
                if U.info(st, u).stacking > 0
            ]
        if not frame["to_retreat"]:
            return []
        h = frame["to_retreat"][0]
        units = self._retreating_units(st, frame, h)
        paths, _ = retreat_options(st, h, units, frame["retreat"])
        return [{"type": "retreat", "from": h, "path": p} for p in paths]

    def _apply_retreat(self, st: State, frame: Frame, action: Action) -> None:
        if action["type"] == "eliminate":
            self._eliminate_overstacked(st, frame, action["unit"])
            return
        origin, path = action["from"], action["path"]
        units = self._retreating_units(st, frame, origin)
        side = frame["defender"]
        for h in path:
            if h in command.hq_only_hexes(st, frame["side"]):
                command.displace_hqs(st, h, side)  # 10.52 retreats displace Enemy HQs
        end = path[-1]
        joins = any(U.info(st, u).side == side for u in U.units_in(st, end))
        for uid in units:
            U.place(st, uid, end)
            U.rules(st).entered_hexes(st, uid, path)
            if joins:
                U.add_marker(st, uid, "retreated")  # 8.66
        names = ", ".join(U.info(st, u).name for u in units)
        st.log(f"{names} retreat {origin}→{'→'.join(path)}.", case="8.63")
        frame["to_retreat"].pop(0)
        self._end_retreat(st, frame, units, end)

    def _end_retreat(self, st: State, frame: Frame, units: list[str], end: str) -> None:
        """A retreat has ended in ``end``: 6.15 the retreating units overstacking it are
        eliminated until it is within the limit, then the result goes on."""
        if stacking_points(st, end) > U.rules(st).stacking_limit(st, end):
            frame["overstack"] = end
            frame["retreaters"] = units
            st.log(
                f"No retreat ends within the stacking limit: units that retreated into {end}"
                " are eliminated until it is within the limit.",
                case="6.15",
            )
            return
        self._after_retreat(st, frame)

    def _eliminate_overstacked(self, st: State, frame: Frame, uid: str) -> None:
        """6.15 a unit forced to overstack at the end of its retreat is eliminated."""
        end = frame["overstack"]
        U.eliminate_unit(st, uid, "6.15", f"forced to overstack {end} at the end of its retreat")
        if stacking_points(st, end) <= U.rules(st).stacking_limit(
            st, end
        ) or not self._legal_retreat(st, frame):
            frame["overstack"] = None
            frame["retreaters"] = []
            self._after_retreat(st, frame)

    def _after_retreat(self, st: State, frame: Frame) -> None:
        if not self._next_retreat(st, frame):
            self._next_stage(st, frame)

    # -- 5. the Attacker's result -------------------------------------------------------------

    def _enter_att_losses(self, st: State, frame: Frame) -> bool:
        result = frame["att_result"]
        if result == "-":
            return False
        base = frame["affected"]
        # 8.9 attacker 1: half the affected steps (rounded up); 2 (and E, 10.43): all of them
        frame["due"], frame["due_total"], frame["due_why"] = 0, 0, []
        if result == "1":
            half = math.ceil(base / 2)
            self._owe(frame, half, f"half of {_affected_words(frame)}, rounded up", result)
        else:
            self._owe(frame, base, f"all {_affected_words(frame)}", result)
        if frame["due"] <= 0:
            return False  # no affected steps (a hex of HQs alone, 10.53)
        units = combat_units(st, alive(st, frame["attackers"]))
        if frame["due"] >= force_steps(st, units):
            for uid in units:
                U.eliminate_unit(st, uid, "8.9", f"attacker's combat result {result}")
            frame["due"] = 0
            return False
        return True

    def _legal_att_losses(self, st: State, frame: Frame) -> list[Action]:
        if frame["due"] <= 0:
            return []
        return [
            {"type": "lose", "unit": u} for u in combat_units(st, alive(st, frame["attackers"]))
        ]

    def _apply_att_losses(self, st: State, frame: Frame, action: Action) -> None:
        frame["due"] -= U.lose_steps(st, action["unit"], 1, "8.9", "attacker's combat losses")
        if not self._legal_att_losses(st, frame):
            frame["due"] = 0
            self._next_stage(st, frame)

    # -- 6. advance after combat ----------------------------------------------------------------

    def _ils_ne_passeront_pas(self, frame: Frame) -> bool:
        """8.75 defenders eliminated by option 1 of a 2 or 3 while in supply."""
        return frame["def_result"] in ("2", "3") and frame["option"] == 0 and frame["supplied"]

    def _enter_advance(self, st: State, frame: Frame) -> bool:
        defender = frame["defender"]
        vacated = [  # no Defender's unit left at all (not even Caporetto 17.32's monitor)
            t
            for t in frame["targets"]
            if U.hex_side(st).get(t) != defender and fortress.owner(st, t) != defender
        ]
        if not vacated:
            return False
        if self._ils_ne_passeront_pas(frame):
            st.log(
                "Ils ne passeront pas! No attacker may advance into the vacated hex.", case="8.75"
            )
            return False
        frame["vacated"] = vacated
        return bool(self._advance_moves(st, frame))

    def _advance_moves(self, st: State, frame: Frame) -> list[Action]:
        """8.71 attackers of this combat into a vacated hex, within the stacking limit and
        where the unit may go at all (a game's terrain refusal: Brusilov 24.41); 8.72
        Enemy zones of control do not matter."""
        rules = U.rules(st)
        moves: list[Action] = []
        for uid in alive(st, frame["attackers"]):
            here = U.record(st, uid)["hex"]
            if here in frame["vacated"]:
                continue
            for t in frame["vacated"]:
                if rules.terrain_refusal(st, uid, t) is not None:
                    continue
                if stacking_points(st, t) + U.info(st, uid).stacking <= rules.stacking_limit(st, t):
                    moves.append({"type": "advance", "unit": uid, "to": t})
        return moves

    def _legal_advance(self, st: State, frame: Frame) -> list[Action]:
        moves = self._advance_moves(st, frame)
        return [*moves, {"type": "end_advance"}] if moves else []

    def _apply_advance(self, st: State, frame: Frame, action: Action) -> None:
        if action["type"] == "end_advance":
            self._next_stage(st, frame)
            return
        uid, to = action["unit"], action["to"]
        start = U.record(st, uid)["hex"]
        U.place(st, uid, to)
        U.rules(st).entered_hexes(st, uid, [to])
        st.log(f"{U.info(st, uid).name} advances {start}→{to}.", case="8.71")
        if not self._advance_moves(st, frame):
            self._next_stage(st, frame)

    # -- done ------------------------------------------------------------------------------------

    def _finish(self, st: State, frame: Frame) -> None:
        for t in frame["targets"]:
            command.after_combat(st, t)
        st.pop()

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        stage = frame["stage"]
        result = f"{frame['att_result']}/{frame['def_result']}"
        if stage == "retreat" and frame["overstack"]:
            return (
                f"Result {result}: the retreat ends over the stacking limit in"
                f" {frame['overstack']}: choose a retreating unit to eliminate (6.15)."
            )
        texts = {
            "def_affected": f"Result {result}: choose which of your units are affected"
            f" ({frame['affected']} steps).",
            "def_option": f"Result {result}: choose your option.",
            "def_losses": f"Result {result}: choose the next step to lose {_due_words(frame)}.",
            "retreat": f"Result {result}: choose the retreat path of the stack in"
            f" {frame['to_retreat'][0] if frame['to_retreat'] else '?'}.",
            "att_losses": f"Result {result}: choose the next attacking step to lose"
            f" {_due_words(frame)}.",
            "advance": f"Result {result}: advance into {', '.join(frame['vacated'])}, or stop.",
        }
        return texts.get(stage, "")

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        stage = frame["stage"]
        kind = action.get("type")
        if stage == "retreat" and kind == "retreat":
            return "that path breaks the retreat rules or priorities", "8.63"
        if stage == "retreat" and kind == "eliminate":
            return "only units that retreated into the overstacked hex are eliminated", "6.15"
        if kind == "advance":
            return "only attackers of this combat may advance, within the stacking limit", "8.71"
        if kind == "lose" and stage == "att_losses" and role == frame["side"]:
            return "only units that took part in the attack lose steps", "8.12"
        return (
            f"the combat result now asks for something else ({self.prompt(st, frame, role)})",
            STAGE_CASES.get(stage, "8.9"),
        )

    def title(self, st: State, frame: Frame) -> str:
        return f"Combat result {frame['att_result']}/{frame['def_result']}"


def _add_due(frame: Frame, steps: int, why: str) -> None:
    """``steps`` more to lose, and the words that say where they come from."""
    frame["due"] += steps
    frame["due_total"] = frame.get("due_total", 0) + steps
    frame.setdefault("due_why", []).append(why)


def _affected_words(frame: Frame) -> str:
    """8.9 the affected steps: the smaller force's, named by whose they are."""
    if frame["att_size"] == frame["def_size"]:
        return f"the {frame['affected']} steps of either force (the forces are equal)"
    whose = "attacker" if frame["att_size"] < frame["def_size"] else "defender"
    return f"the {whose}'s {frame['affected']} steps (the smaller force)"


def _due_words(frame: Frame) -> str:
    """The steps still to lose, and where the count comes from: "(3 to go of 4: half of
    the attacker's 8 steps (the smaller force), rounded up (result 1, 8.9))"."""
    why = "; ".join(frame.get("due_why", []))
    total = frame.get("due_total", 0)
    if not why or not total:
        return f"({frame['due']} to go)"
    return f"({frame['due']} to go of {total}: {why})"


def resolve_report(frame: Frame) -> dict[str, Any]:
    return dict(frame["report"])
