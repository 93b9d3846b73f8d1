"""The Brusilov Offensive, 23.1-23.2: a Russian attack's result on the surprise turn.

:class:`PanicResult` is the standard result frame (:class:`CombatResult`) with two
stages of its own, in this order (the Defender acts in both; the Central Powers
Player chooses every retreat path among the legal ones, 8.62):

1. ``panic`` — the panicking A-H defenders (23.11: not Germans, 23.41, nor the Sud
   Armee's, 23.42) have no 8.9 option (23.13): each of their stacks retreats as many
   hexes as the defender's result (E: 4 hexes, never eliminated by it), whatever the
   sizes of the forces (23.14); a division loses a step once its retreat is done, a
   brigade none (23.12); a stack with no legal path is eliminated (23.15), Enemy
   zones of control barring a path only while another is open (23.24);
2. the standard defender stages for the defenders that do not panic (23.41, 23.42),
   with the steps they have (module docstring of :mod:`combat_result`);
3. ``contagion`` — A-H units adjacent (at the moment of combat) to a unit retreating
   from the combat retreat one hex, divisions losing a step (23.21); units in a hex the
   defeated units retreated through or into (not adjacent) retreat one hex and lose
   nothing (23.25); none retreats into the defeated units' path (23.22, AB6); a unit
   panics only once (23.26);
4. the Russian result is applied normally (23.14), then the advance: along the path
   of a panic retreat, stopping anywhere on it (23.16), never into a hex vacated by
   contagion alone (23.23).  "Ils ne passeront pas" never follows a panic (23.15).

The options of :mod:`.panic` decide the readings AB1-AB6.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from greatwar.engine.phases import Action, Frame, Handler
from greatwar.rules.gwite import command, crt, fortress
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.brusilov import panic as P
from greatwar.rules.gwite.combat import alive, combat_units, force_steps
from greatwar.rules.gwite.combat_result import STAGE_TITLES, CombatResult
from greatwar.rules.gwite.retreat import retreat_options
from greatwar.rules.gwite.stacking import stacking_points

if TYPE_CHECKING:
    from greatwar.engine.state import State

#: 23.13 an E result retreats panicking units four hexes instead of eliminating them
E_RETREAT = 4
PANIC_STAGES = frozenset({"panic", "contagion"})


def _number(case: str) -> str:
    """A citation's case number ("brusilov 23.21" -> "brusilov 23.21"), for log text."""
    return case.split()[-1]


def _hexes(n: int) -> str:
    return f"{n} hex{'es' if n != 1 else ''}"


class PanicResult(CombatResult):
    """A Russian attack's result on the surprise turn (see the module docstring)."""

    kind = "brusilov_panic_result"
    case = "brusilov 23.1"
    stages = (
        "panic",
        "def_affected",
        "def_option",
        "def_losses",
        "retreat",
        "contagion",
        "att_losses",
        "advance",
    )
    stage_titles: ClassVar[dict[str, str]] = {
        **STAGE_TITLES,
        "panic": "the panicking defenders retreat (brusilov 23.1)",
        "contagion": "the panic spreads to the units nearby (brusilov 23.2)",
    }

    def setup(self, st: State, frame: Frame) -> None:
        frame.update(
            panic_units=self._panickers(st, frame),  # defenders under 23.12-23.15
            combat_affected=frame["affected"],  # the Russians' affected steps (23.14)
            near=self._neighbours(st, frame),  # 23.21 adjacent at the moment of combat
            queue=[],  # panic retreats still to make
            pending=None,  # the retreat whose step loss follows its end (23.12)
            routes=[],  # 23.16 the panic retreats' paths, origin first
            trail=[],  # 23.25 hexes entered by units retreating from the combat
            triggers=[],  # 23.21 target hexes a unit retreated from
            standard_from=[],  # target hexes the non-panicking defenders left (8.71)
            contagion_hexes=[],  # 23.23 hexes left by contagion alone
            advanced=[],  # attackers that have advanced
            gone=[],  # the units that left in panic (the standard stages leave them be)
        )
        super().setup(st, frame)

    # -- who panics ----------------------------------------------------------------------

    def _panickers(self, st: State, frame: Frame) -> list[str]:
        """23.11-23.14 the defending units that panic: A-H, not 23.42's, not yet
        panicked (23.26 under AB3's default), with an adverse result."""
        if frame["def_result"] == "-":
            return []
        once = bool(P.option(st, P.ONCE_ONLY))
        return [
            u
            for u in frame["defenders"]
            if P.panic_subject(st, u)
            and not U.info(st, u).hq  # a lone HQ takes the standard result (10.53)
            and not (once and P.panicked(st, u))
        ]

    def _neighbours(self, st: State, frame: Frame) -> dict[str, dict[str, str]]:
        """23.21 the defender's units adjacent to each defending hex at the moment of
        combat (unit -> hex)."""
        board = U.static(st).scenario.board
        out: dict[str, dict[str, str]] = {}
        for t in frame["targets"]:
            near: dict[str, str] = {}
            for h in board.neighbours[t]:
                if h in frame["targets"]:
                    continue
                for uid in U.units_in(st, h):
                    if U.info(st, uid).side == frame["defender"]:
                        near[uid] = h
            out[t] = near
        return out

    def _distance(self, st: State, frame: Frame) -> int:
        """23.13 the defender's result in hexes, E being 4 (AB4: the result as 10.43
        worsened it, or the printed one)."""
        result = frame["def_result"]
        if P.option(st, P.PRINTED_RESULT):
            report = frame["report"]
            look = crt.table().lookup(report["tcr"], report["column"], report["modified"])
            result = look.defender
        return E_RETREAT if result == "E" else int(result)

    def _role(self, frame: Frame) -> str:
        if frame["stage"] in PANIC_STAGES:
            return str(frame["defender"])
        return super()._role(frame)

    # -- 1. the panic retreat -------------------------------------------------------------

    def _enter_panic(self, st: State, frame: Frame) -> bool:
        panickers = frame["panic_units"]
        if not panickers:
            return False
        n = self._distance(st, frame)
        split = bool(P.option(st, P.SPLIT_MIXED_STACKS))
        entries = []
        gone: list[str] = []
        for t in frame["targets"]:
            here = [u for u in panickers if U.record(st, u)["hex"] == t]
            if not here:
                continue
            stack = self._retreating_units(st, frame, t)
            group = [u for u in stack if u in here or (U.info(st, u).hq and P.panic_subject(st, u))]
            if not split:
                group = stack  # AB1 (b): the whole stack goes with the panic
            entries.append(
                {"from": t, "units": group, "hexes": n, "case": "brusilov 23.13", "lose": True}
            )
            gone += group
        names = ", ".join(U.info(st, u).name for u in panickers)
        result = frame["def_result"]
        st.log(
            f"23.13 panic: {names} must retreat {_hexes(n)} (defender's result {result}"
            f"{', not eliminated' if result == 'E' else ''}); no option of 8.9, whatever"
            " the forces' sizes (23.14).",
            case="brusilov 23.13",
        )
        P.mark_panicked(st, [u for u in gone if P.panic_subject(st, u)])
        # the defenders that stay take their result by the standard stages (23.41, 23.42)
        rest = [u for u in frame["defenders"] if u not in gone]
        frame["defenders"] = rest
        frame["def_size"] = force_steps(st, rest) + sum(
            fortress.steps_left(st, t) for t in frame["fortresses"]
        )
        frame["affected"] = min(frame["att_size"], frame["def_size"])
        frame["panic_units"] = [u for u in gone if not U.info(st, u).hq]
        frame["gone"] = gone
        frame["queue"] = entries
        return self._next_queued(st, frame)

    def _standard_part(self, st: State, frame: Frame) -> bool:
        """Whether some defending combat unit (or fortress) is left for the 8.9 stages."""
        return bool(combat_units(st, frame["defenders"]) or frame["fortresses"])

    def _enter_def_affected(self, st: State, frame: Frame) -> bool:
        if not self._standard_part(st, frame):
            return False
        return super()._enter_def_affected(st, frame)

    def _enter_def_option(self, st: State, frame: Frame) -> bool:
        if not self._standard_part(st, frame):
            return False
        return super()._enter_def_option(st, frame)

    def _retreating_units(self, st: State, frame: Frame, hex_label: str) -> list[str]:
        """8.9 the stack's units, but none that panicked in this combat."""
        done = frame["gone"]
        return [u for u in super()._retreating_units(st, frame, hex_label) if u not in done]

    # -- the retreat queue (panic and contagion) ---------------------------------------------

    def _queued_units(self, st: State, entry: dict[str, Any]) -> list[str]:
        return [u for u in alive(st, entry["units"]) if U.record(st, u)["hex"] == entry["from"]]

    def _avoid(self, st: State, frame: Frame, entry: dict[str, Any]) -> frozenset[str]:
        """23.22 (AB6) contagion keeps out of the defeated units' path of retreat."""
        if entry["case"] == "brusilov 23.13" or not P.option(st, P.AVOID_PATH):
            return frozenset()
        hexes = {h for route in frame["routes"] for h in route}
        return frozenset(hexes | set(frame["standard_from"]))

    def _options(self, st: State, frame: Frame, entry: dict[str, Any]) -> list[list[str]]:
        units = self._queued_units(st, entry)
        avoid = self._avoid(st, frame, entry)
        return retreat_options(st, entry["from"], units, entry["hexes"], avoid)[0]

    def _next_queued(self, st: State, frame: Frame) -> bool:
        """The next panic retreat with a path to choose; 23.15 eliminates stacks with none."""
        while frame["queue"]:
            entry = frame["queue"][0]
            units = self._queued_units(st, entry)
            if units and self._options(st, frame, entry):
                return True
            frame["queue"].pop(0)
            for uid in units:
                U.eliminate_unit(
                    st,
                    uid,
                    "brusilov 23.15",
                    f"forced to retreat {_hexes(entry['hexes'])} in panic, it has no legal"
                    " path of retreat",
                )
        return False

    def _legal_queue(self, st: State, frame: Frame) -> list[Action]:
        if frame["overstack"]:
            return self._legal_retreat(st, frame)  # 6.15, as in the standard retreat
        if not frame["queue"]:
            return []
        entry = frame["queue"][0]
        return [
            {"type": "retreat", "from": entry["from"], "path": p}
            for p in self._options(st, frame, entry)
        ]

    _legal_panic = _legal_queue
    _legal_contagion = _legal_queue

    def _apply_queue(self, st: State, frame: Frame, action: Action) -> None:
        if action["type"] == "eliminate":
            self._eliminate_overstacked(st, frame, action["unit"])
            return
        entry = frame["queue"].pop(0)
        origin, path = action["from"], action["path"]
        units = self._queued_units(st, entry)
        self._move(st, frame, units, origin, path)
        names = ", ".join(U.info(st, u).name for u in units)
        what = {
            "brusilov 23.13": "panic",
            "brusilov 23.21": "contagion of panic",
            "brusilov 23.25": "panic passing through",
        }[entry["case"]]
        st.log(
            f"{_number(entry['case'])} {what}: {names} retreat{'s' if len(units) == 1 else ''}"
            f" {_hexes(len(path))} {origin}→{'→'.join(path)}.",
            case=entry["case"],
        )
        if entry["case"] == "brusilov 23.13":
            frame["routes"].append([origin, *path])
            self._note_trigger(st, frame, origin, path, units)
        elif entry["case"] == "brusilov 23.21":
            frame["contagion_hexes"].append(origin)
        loss_case = "brusilov 23.12" if entry["case"] == "brusilov 23.13" else entry["case"]
        frame["pending"] = {"units": units, "lose": entry["lose"], "case": loss_case}
        self._end_retreat(st, frame, units, path[-1])

    _apply_panic = _apply_queue
    _apply_contagion = _apply_queue

    def _move(
        self, st: State, frame: Frame, units: list[str], origin: str, path: list[str]
    ) -> None:
        side = frame["defender"]
        for h in path:
            if h in command.hq_only_hexes(st, frame["side"]):
                command.displace_hqs(st, h, side)  # 10.52 retreats displace Enemy HQs
        end = path[-1]
        joins = any(U.info(st, u).side == side and u not in units for u in U.units_in(st, end))
        for uid in units:
            U.place(st, uid, end)
            U.rules(st).entered_hexes(st, uid, path)
            if joins:
                U.add_marker(st, uid, "retreated")  # 8.66

    def _after_retreat(self, st: State, frame: Frame) -> None:
        if frame["stage"] not in PANIC_STAGES:
            super()._after_retreat(st, frame)
            return
        pending, frame["pending"] = frame["pending"], None
        if pending and pending["lose"]:
            for uid in alive(st, pending["units"]):
                if P.panic_subject(st, uid) and P.loses_panic_step(st, uid):  # 23.41
                    U.lose_steps(
                        st,
                        uid,
                        1,
                        pending["case"],
                        f"{_number(pending['case'])} panic: a step lost at the end of its retreat",
                    )
        if not self._next_queued(st, frame):
            self._next_stage(st, frame)

    # -- 2. the standard part: who retreated -----------------------------------------------

    def _apply_retreat(self, st: State, frame: Frame, action: Action) -> None:
        if action["type"] == "retreat":
            units = self._retreating_units(st, frame, action["from"])
            frame["standard_from"].append(action["from"])
            self._note_trigger(st, frame, action["from"], action["path"], units)
        super()._apply_retreat(st, frame, action)

    def _note_trigger(
        self, st: State, frame: Frame, origin: str, path: list[str], units: list[str]
    ) -> None:
        """23.21 a unit retreating from the combat spreads the panic: an A-H unit (the
        Sud Armee's too), a German one only under AB2's option; 23.25 its path."""
        german = bool(P.option(st, P.GERMAN_CONTAGION))
        if any(
            U.info(st, u).nationality == P.AUSTRIA_HUNGARY or german
            for u in combat_units(st, units)
        ):
            if origin not in frame["triggers"]:
                frame["triggers"].append(origin)
            frame["trail"].extend(h for h in path if h not in frame["trail"])

    # -- 3. contagion --------------------------------------------------------------------

    def _catches(self, st: State, uid: str, where: str) -> bool:
        """23.21, 23.26 an A-H unit subject to panic, still where it was, not yet panicked."""
        return (
            U.record(st, uid)["status"] == "on_map"
            and U.record(st, uid)["hex"] == where
            and P.panic_subject(st, uid)
            and not P.panicked(st, uid)
        )

    def _enter_contagion(self, st: State, frame: Frame) -> bool:
        adjacent: dict[str, list[str]] = {}
        for t in frame["triggers"]:
            for uid, h in frame["near"][t].items():
                if self._catches(st, uid, h) and uid not in adjacent.get(h, []):
                    adjacent.setdefault(h, []).append(uid)
        crossed: dict[str, list[str]] = {}
        caught = {u for group in adjacent.values() for u in group}
        for h in frame["trail"]:
            for uid in U.units_in(st, h):
                if uid not in caught and self._catches(st, uid, h):
                    crossed.setdefault(h, []).append(uid)
        entries: list[dict[str, Any]] = [
            {"from": h, "units": us, "hexes": 1, "case": "brusilov 23.21", "lose": True}
            for h, us in sorted(adjacent.items())
        ]
        entries += [
            {"from": h, "units": us, "hexes": 1, "case": "brusilov 23.25", "lose": False}
            for h, us in crossed.items()
        ]
        if not entries:
            return False
        everyone = [u for e in entries for u in e["units"]]
        if adjacent:
            names = ", ".join(U.info(st, u).name for h in sorted(adjacent) for u in adjacent[h])
            st.log(
                f"23.21 contagion of panic: {names}, adjacent to units retreating from"
                f" {', '.join(frame['triggers'])}, must retreat one hex (divisions then lose a"
                " step), before the Russian advance (23.22).",
                case="brusilov 23.21",
            )
        if crossed:
            names = ", ".join(U.info(st, u).name for us in crossed.values() for u in us)
            st.log(
                f"23.25 {names}: in a hex the defeated units retreated through or into, must"
                " retreat one hex, losing no step.",
                case="brusilov 23.25",
            )
        P.mark_panicked(st, everyone)
        frame["queue"] = entries
        return self._next_queued(st, frame)

    # -- 4. the Russian result and the advance ---------------------------------------------

    def _enter_att_losses(self, st: State, frame: Frame) -> bool:
        frame["affected"] = frame["combat_affected"]  # 23.14 the Russian result as usual
        return super()._enter_att_losses(st, frame)

    def _ils_ne_passeront_pas(self, frame: Frame) -> bool:
        """23.15 panicking units never hold to the last man: no 8.75 after a panic."""
        return not frame["panic_units"] and super()._ils_ne_passeront_pas(frame)

    def _route_hexes(self, st: State, frame: Frame, route: list[str]) -> list[str]:
        """23.16 the hexes of a panic retreat's path the Russians may advance to, in order:
        up to the first holding an Enemy unit or left by contagion alone (23.23)."""
        out = []
        for h in route:
            occupied = any(U.info(st, u).side == frame["defender"] for u in U.units_in(st, h))
            if occupied or h in frame["contagion_hexes"]:
                break
            out.append(h)
        return out

    def _advance_moves(self, st: State, frame: Frame) -> list[Action]:
        routes = {r[0]: self._route_hexes(st, frame, r) for r in frame["routes"]}
        limit = U.rules(st).stacking_limit
        moves: list[Action] = []
        for uid in alive(st, frame["attackers"]):
            here = U.record(st, uid)["hex"]
            if uid in frame["advanced"] or here in frame["vacated"]:
                continue
            size = U.info(st, uid).stacking
            for t in frame["vacated"]:
                hexes = routes.get(t, [t])
                for i, h in enumerate(hexes):
                    if U.rules(st).terrain_refusal(st, uid, h) is not None:
                        break  # never into nor through (24.41 the armored car, mountains)
                    if stacking_points(st, h) + size > limit(st, h):
                        continue
                    move: Action = {"type": "advance", "unit": uid, "to": h}
                    if t in routes:
                        move["path"] = hexes[: i + 1]
                    moves.append(move)
        return moves

    def _apply_advance(self, st: State, frame: Frame, action: Action) -> None:
        if action["type"] == "advance":
            frame["advanced"].append(action["unit"])
        if action["type"] != "advance" or "path" not in action:
            super()._apply_advance(st, frame, action)
            return
        uid, path = action["unit"], action["path"]
        start = U.record(st, uid)["hex"]
        U.place(st, uid, path[-1])
        U.rules(st).entered_hexes(st, uid, path)
        st.log(
            f"23.16 {U.info(st, uid).name} advances along the panic retreat's path"
            f" {start}→{'→'.join(path)}.",
            case="brusilov 23.16",
        )
        if not self._advance_moves(st, frame):
            self._next_stage(st, frame)

    # -- what the player reads --------------------------------------------------------------

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        stage = frame["stage"]
        if stage in PANIC_STAGES and frame["overstack"]:
            return (
                f"The panic retreat ends over the stacking limit in {frame['overstack']}:"
                " choose a retreating unit to eliminate (6.15)."
            )
        if stage in PANIC_STAGES and frame["queue"]:
            entry = frame["queue"][0]
            names = ", ".join(U.info(st, u).name for u in self._queued_units(st, entry))
            why = {
                "brusilov 23.13": "panic (23.13)",
                "brusilov 23.21": "contagion of panic (23.21)",
                "brusilov 23.25": "panic passing through (23.25)",
            }[entry["case"]]
            return (
                f"Result {frame['att_result']}/{frame['def_result']}: {why}: choose the path"
                f" of {names} from {entry['from']} ({_hexes(entry['hexes'])})."
            )
        if stage == "advance" and frame["routes"]:
            return (
                f"Result {frame['att_result']}/{frame['def_result']}: advance into"
                f" {', '.join(frame['vacated'])} or along the panic retreat's path (23.16),"
                " or stop."
            )
        return super().prompt(st, frame, role)

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        stage = frame["stage"]
        if stage in PANIC_STAGES and action.get("type") == "retreat" and frame["queue"]:
            case = frame["queue"][0]["case"]
            if case != "brusilov 23.13":
                return (
                    "a unit catching the panic retreats one hex by the retreat rules, never"
                    " into the defeated units' path of retreat",
                    "brusilov 23.22",
                )
            return (
                f"the panic retreat is {_hexes(frame['queue'][0]['hexes'])} by the retreat"
                " rules (8.63, 23.24)",
                "brusilov 23.13",
            )
        if stage == "panic":
            return (
                "panicking Austro-Hungarian units have no option of 8.9: they retreat as"
                " many hexes as the result",
                "brusilov 23.13",
            )
        if stage == "contagion":
            return "units catching the panic retreat one hex", "brusilov 23.21"
        if action.get("type") == "advance" and frame["routes"]:
            return (
                "attackers advance into the vacated hex or along the panic retreat's path,"
                " never into a hex left by contagion alone, within the stacking limit",
                "brusilov 23.16",
            )
        return super().explain(st, frame, role, action)

    def title(self, st: State, frame: Frame) -> str:
        title = f"Combat result {frame['att_result']}/{frame['def_result']}"
        return f"{title} (panic, 23.1)" if frame["panic_units"] else title


class PanicStages:
    """The part of :class:`BrusilovRules` that applies a Russian attack's result on the
    surprise turn by :class:`PanicResult` (23.1-23.2; the standard result where nobody
    panics)."""

    @classmethod
    def handlers(cls) -> list[Handler]:
        return [*super().handlers(), PanicResult()]  # type: ignore[misc]

    def result_kind(self, st: State, report: dict[str, Any]) -> str:
        """23.1-23.2 a Russian attack on the surprise turn is applied by the panic
        result."""
        if P.russian_attack(st, report):
            return PanicResult.kind
        return super().result_kind(st, report)  # type: ignore[misc,no-any-return]
