"""The Brusilov Offensive, 20.0 Reinforcements: entrained arrival at any entry hex, supply
depots by schedule (20.2); and the Central Powers' permanent withholding (25.16).

* 20.11 every reinforcement arrives entrained (when it enters on a rail hex: 14.12) and
  counts against its side's Rail Capacity on its turn of arrival (18.23), whatever the
  counter or the scenario's ``rail_capacity_counts_reinforcements`` say.
* 20.12 a reinforcement may enter at any of the appropriate Friendly entry hexes: the
  hexes of its printed entry and of every entry Friendly to its side (the scenario's
  ``[special] entries`` by side or nationality; none given: the entries whose hexes lie
  in a country Friendly to the side, 18.27).  Since it must enter entrained (20.11), only
  rail hexes among them are offered when there are any.  The player chooses the hex.
* 20.13 any reinforcement may be withheld as in 14.24, a supply depot never.
* 20.2 depots come by the scenario's schedule (:mod:`.depots`): in the Reinforcement
  Segment the player takes each depot due (choosing its kind and entry hex) or refuses
  it; one not taken is lost (20.22).
* 25.16 in the Central Powers' Reinforcement Segment, a unit due may be withheld for good
  (:func:`.victory.withhold_permanently`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.phases import Action, Frame, Handler
from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import reinforcement as R
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.brusilov import depots
from greatwar.rules.gwite.brusilov import victory as V
from greatwar.rules.gwite.brusilov.data import data, parsed
from greatwar.rules.gwite.names import side_name

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems

#: this section's optional rules (merged into :attr:`BrusilovRules.options`)
OPTIONS: dict[str, OptionSpec] = {}

KIND = "brusilov_reinforcement"
DEPOT_ACTIONS = ("depot", "refuse_depot")
WITHHOLD_FOR_GOOD = "withhold_permanently"


def friendly_entry_hexes(st: State, side: str, nationality: str) -> list[str]:
    """20.12 the hexes of the entries Friendly to ``side``'s units of ``nationality``."""
    board = U.static(st).scenario.board
    given = data(st).entries
    letters = given.get(nationality, given.get(side))
    if letters is not None:
        return [h for letter in letters for h in board.entries[letter].hexes]
    countries = U.rules(st).friendly_countries(st, side, nationality)
    return [h for e in board.entries.values() for h in e.hexes if board.country.get(h) in countries]


def _depot_hexes(st: State, side: str, uid: str) -> list[str]:
    """Where a depot may enter now: a Friendly entry hex not blocked (20.12, 14.21)."""
    return [
        h
        for h in U.rules(st).reinforcement_entry_hexes(st, uid)
        if R.entry_blocked(st, side, h) is None
    ]


class BrusilovReinforcementSegment(R.ReinforcementSegment):
    """4.0 A.b the Reinforcement Segment with 20.2's depots and 25.16's withholding."""

    kind = KIND
    case = "14.1"

    def setup(self, st: State, frame: Frame) -> None:
        super().setup(st, frame)
        frame["depots_due"] = depots.due_count(st, frame["side"]) if depots.scheduled(st) else 0
        frame["depots_done"] = 0

    # --- 20.2 depots --------------------------------------------------------------------

    def _depots_left(self, frame: Frame) -> int:
        return int(frame.get("depots_due", 0)) - int(frame.get("depots_done", 0))

    def _depot_actions(self, st: State, frame: Frame) -> list[Action]:
        side = frame["side"]
        if self._depots_left(frame) <= 0 or depots.why_none(st, side) is not None:
            return []
        out: list[Action] = [
            {"type": "depot", "unit": uid, "hex": h}
            for uid in depots.choices(st, side)
            for h in _depot_hexes(st, side, uid)
        ]
        if out:
            out.append({"type": "refuse_depot"})  # 20.22 "may elect not to receive"
        return out

    def _withhold_actions(self, st: State, frame: Frame) -> list[Action]:
        side = frame["side"]
        if side != V.central_side(st) or V.withholding_points(st) is None:
            return []
        return [
            {"type": WITHHOLD_FOR_GOOD, "unit": uid}
            for uid in self._undecided(st, frame)
            if not depots.is_depot(st, uid)  # 20.13 depots are never withheld
        ]

    def actors(self, st: State, frame: Frame) -> list[str]:
        if super().actors(st, frame) or self._depot_actions(st, frame):
            return [frame["side"]]
        return []

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        return [
            *super().legal(st, frame, role),
            *self._withhold_actions(st, frame),
            *self._depot_actions(st, frame),
        ]

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        kind = action["type"]
        if kind == "depot":
            self._receive(st, frame, action["unit"], action["hex"])
        elif kind == "refuse_depot":
            frame["depots_done"] += 1
            st.log(
                f"{side_name(st, role)} declines a supply depot this Game-Turn; it is lost.",
                case="brusilov 20.22",
            )
        elif kind == WITHHOLD_FOR_GOOD:
            frame["decided"].append(action["unit"])
            V.withhold_permanently(st, action["unit"])
        else:
            super().apply(st, frame, role, action)

    def _receive(self, st: State, frame: Frame, uid: str, hex_label: str) -> None:
        """20.21 a depot arrives at a Friendly entry hex, entrained (20.11)."""
        frame["depots_done"] += 1
        record = U.record(st, uid)
        record["lost"] = 0  # a depot counter back in play is a new depot
        record["markers"] = []
        U.set_note(st, uid, R.ALTERNATIVE, None)
        left = self._depots_left(frame)
        st.log(
            f"{side_name(st, frame['side'])} receives a supply depot ({U.info(st, uid).name})"
            f" for Game-Turn {st.data['turn']}"
            + (f"; {left} more may be received this Game-Turn." if left > 0 else "."),
            case="brusilov 20.21",
        )
        self._enter(st, uid, hex_label)

    def _enter(self, st: State, uid: str, hex_label: str, entrain: bool = True) -> None:
        """14.11 as the standard rules, saying when 20.12 gave the hex."""
        printed = R.printed_entry_hexes(st, uid)
        super()._enter(st, uid, hex_label, entrain)
        if hex_label not in printed:
            st.log(
                f"{U.info(st, uid).name} enters at {hex_label}, one of the Friendly entry"
                " hexes any reinforcement may use (20.12).",
                case="brusilov 20.12",
            )

    def run(self, st: State, frame: Frame) -> None:
        """20.22 depots not received this Game-Turn are lost (never accumulated)."""
        left = self._depots_left(frame)
        if left > 0:
            side = frame["side"]
            why = depots.why_none(st, side)
            if why is None:
                why = ("every Friendly entry hex is blocked", "14.21")
            plural = "s" if left > 1 else ""
            st.log(
                f"{side_name(st, side)} cannot receive {left} supply depot{plural} this"
                f" Game-Turn: {why[0]}; not received, they are lost (20.22).",
                case=why[1],
            )
            frame["depots_done"] += left
        super().run(st, frame)

    # --- refusals and prompts -------------------------------------------------------------

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        kind = action.get("type")
        if kind in DEPOT_ACTIONS:
            return self._why_not_depot(st, frame, role, action)
        if kind == WITHHOLD_FOR_GOOD:
            why = self._why_not_for_good(st, frame, role, action.get("unit"))
            if why is not None:
                return why
            # whose unit, and whether it is due: as for any withholding (14.0, 14.24)
            return super().explain(st, frame, role, {**action, "type": "withhold"})
        return super().explain(st, frame, role, action)

    def _why_not_depot(
        self, st: State, frame: Frame, role: str, action: Action
    ) -> tuple[str, str | None]:
        due = int(frame.get("depots_due", 0))
        if due == 0:
            return (
                f"{side_name(st, role)} receives no supply depot on Game-Turn {st.data['turn']}",
                "brusilov 20.21",
            )
        if self._depots_left(frame) <= 0:
            return (
                f"{side_name(st, role)} has received or declined its {due} supply depot(s) of"
                " this Game-Turn: depots are never accumulated",
                "brusilov 20.22",
            )
        why = depots.why_none(st, role)
        if why is not None:
            return why
        uid = action.get("unit")
        if action["type"] == "depot":
            if uid not in depots.choices(st, role):
                listed = ", ".join(depots.choices(st, role))
                return f"the supply depots {role} may receive are: {listed}", "brusilov 20.2"
            hexes = _depot_hexes(st, role, uid)
            if action.get("hex") not in hexes:
                listed = ", ".join(hexes) or "none is free"
                return f"a depot enters at a Friendly entry hex: {listed}", "brusilov 20.12"
        return super().explain(st, frame, role, action)

    def _why_not_for_good(
        self, st: State, frame: Frame, role: str, uid: Any
    ) -> tuple[str, str] | None:
        if role != V.central_side(st):
            return "only the Central Powers Player withholds units permanently", "brusilov 25.16"
        if isinstance(uid, str) and uid in st.data["units"] and depots.is_depot(st, uid):
            return "supply depots may not be withheld", "brusilov 20.13"
        if not isinstance(uid, str) or uid not in self._undecided(st, frame):
            return None  # the standard refusals say why
        if V.withholding_points(st) is None:
            return (
                f"25.2 gives points for permanent withholding on Game-Turns"
                f" {V.withholding_turns(st)} only, not on Game-Turn {st.data['turn']}"
                " (reading AB14)",
                "brusilov 25.16",
            )
        return None

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        parts = []
        if self._undecided(st, frame):
            parts.append(super().prompt(st, frame, role))
        left = self._depots_left(frame)
        if left > 0 and self._depot_actions(st, frame):
            parts.append(
                f"Receive or decline {left} supply depot{'s' if left > 1 else ''}"
                " (brusilov 20.21-20.22)."
            )
        return " ".join(parts) or "Reinforcement Segment."


# --- the rules --------------------------------------------------------------------------


class BrusilovReinforcement:
    """The Brusilov Offensive's reinforcement rules (a part of :class:`BrusilovRules`)."""

    def reinforcement_entry_hexes(self, st: State, uid: str) -> list[str]:
        """20.12 any of the appropriate Friendly entry hexes (on a rail line, 20.11)."""
        ui = U.info(st, uid)
        hexes = R.printed_entry_hexes(st, uid)
        for h in friendly_entry_hexes(st, ui.side, ui.nationality):
            if h not in hexes:
                hexes.append(h)
        rail_hexes = U.static(st).rail_hexes
        on_rail = [h for h in hexes if h in rail_hexes]
        return on_rail or hexes

    def reinforcement_entrained(self, st: State, uid: str) -> bool:
        """20.11 all reinforcements enter the map entrained."""
        return True

    def reinforcement_counts_rail(self, st: State, uid: str) -> bool:
        """20.11, 18.23 reinforcements count against Rail Capacity on their turn of arrival."""
        return True

    def arrives_by_schedule(self, st: State, uid: str) -> bool:
        """20.2 with a depot schedule, supply depots arrive by it, not by a printed turn."""
        return not (depots.is_depot(st, uid) and depots.scheduled(st))

    def withhold_refusal(self, st: State, uid: str) -> tuple[str, str] | None:
        """20.13 the arrival of supply units may not be delayed."""
        if depots.is_depot(st, uid):
            return "the arrival of supply depots may not be delayed", "brusilov 20.13"
        return super().withhold_refusal(st, uid)  # type: ignore[misc,no-any-return]

    def segments(self, phase_kind: str) -> dict[str, str]:
        """4.0 the Reinforcement Segment with depots (20.2) and withholding (25.16)."""
        out: dict[str, str] = super().segments(phase_kind)  # type: ignore[misc]
        if out.get("reinforcement") == "reinforcement":
            out["reinforcement"] = KIND
        return out

    @classmethod
    def handlers(cls) -> list[Handler]:
        return [*super().handlers(), BrusilovReinforcementSegment()]  # type: ignore[misc]

    def lacks(self, scenario: Scenario) -> list[str]:
        """A historical scenario without 20.2's depot schedule or 20.23's caps lacks them
        (a FICTIONAL one may do without)."""
        out: list[str] = super().lacks(scenario)  # type: ignore[misc]
        if scenario.fictional:
            return out
        special = parsed(scenario)
        if special is None:
            return out
        if not special.depots:
            out.append("the supply depots received per Game-Turn ([special] depots, 20.21)")
        if not special.depot_caps:
            out.append("the most supply depots on the map ([special] depot_caps, 20.23)")
        return out

    def validate(self, scenario: Scenario, problems: Problems) -> None:
        """20.2 the depot schedule names sides, options and entry letters of the game."""
        super().validate(scenario, problems)  # type: ignore[misc]
        special = parsed(scenario)
        if special is None:
            return  # reported by place (the game's scenario check)
        sides = {s.id for s in scenario.sides}
        keys = sides | {n for s in scenario.sides for n in s.nationalities}
        for i, row in enumerate(special.depots):
            if row.side not in sides:
                problems.add(("special", "depots", i, "side"), f"{row.side!r} is not a side")
            if row.option is not None and row.option not in type(self).options:  # type: ignore[attr-defined]
                problems.add(("special", "depots", i, "option"), f"{row.option!r} is not an option")
        for side in special.depot_caps:
            if side not in sides:
                problems.add(("special", "depot_caps", side), f"{side!r} is not a side")
        for key, letters in special.entries.items():
            if key not in keys:
                problems.add(("special", "entries", key), f"{key!r} is no side or nationality")
            for letter in letters:
                if letter not in scenario.board.entries:
                    problems.add(("special", "entries", key), f"no entry lettered {letter!r}")
