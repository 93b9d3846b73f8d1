"""Tannenberg 1914 as a rule system for the engine."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.model.board import canonical
from greatwar.rules.system import OptionSpec, RuleSystem
from greatwar.rules.tannenberg import seats, sequence, victory
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.static import build_static

if TYPE_CHECKING:
    from greatwar.engine.state import Game, State
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems


def new_unit_record(hex_label: str | None, status: str) -> dict[str, Any]:
    """A unit's record in the state (see :mod:`greatwar.rules.tannenberg.units`)."""
    return {"hex": hex_label, "status": status, "level": 0, "lost": 0, "markers": []}


class TannenbergSystem(RuleSystem):
    name = "tannenberg"

    def __init__(self) -> None:
        super().__init__()
        self.register(*sequence.handlers())
        self.options = {
            "three_players": OptionSpec(
                False, "Two Russian players, one per army, and one German (1.0)", "tannenberg 1.0"
            ),
            "guards_held": OptionSpec(
                True, "The Russian 3rd Guards Division waits to move (18.1.1)", "tannenberg 18.1.1"
            ),
            "artamonov_replaced": OptionSpec(
                True, "Artamonov is replaced by Sirelius (18.1.2)", "tannenberg 18.1.2"
            ),
            "pappritz_stays": OptionSpec(
                True, "The governor of Konigsberg stays in Konigsberg (18.1.3)", "tannenberg 18.1.3"
            ),
        }

    # --- scenarios ----------------------------------------------------------

    def validate(self, scenario: Scenario, problems: Problems) -> None:
        sides = {s.id for s in scenario.sides}
        if sides != {seats.GERMAN, seats.RUSSIAN}:
            problems.add(
                ("side",), f"Tannenberg is played by 'german' and 'russian', not {sorted(sides)}"
            )
        pos = scenario.file.position
        if pos is not None and pos.phase not in sequence.PHASES:
            problems.add(
                ("position", "phase"),
                f"{pos.phase!r}; a phase is one of {', '.join(sequence.PHASES)}",
            )

    # --- games --------------------------------------------------------------

    def prepare(self, game: Game) -> Any:
        return build_static(game.scenario)

    def roles(self, game: Game) -> list[str]:
        return seats.roles(game)

    def role_name(self, game: Game, role: str) -> str:
        return seats.role_name(game, role)

    def initial_data(self, game: Game) -> dict[str, Any]:
        scenario = game.scenario
        board = scenario.board
        units: dict[str, dict[str, Any]] = {}
        for uid, ui in game.static.units.items():
            if ui.setup is not None:
                units[uid] = new_unit_record(canonical(board, ui.setup), "on_map")
            else:
                units[uid] = new_unit_record(None, "pending")
        data: dict[str, Any] = {
            "stage": 1,
            "initiative": None,  # the side holding the initiative this stage (10.1)
            "units": units,
            "rev": {side.id: 0 for side in scenario.sides},
            "control": {},  # hex -> side that last occupied or passed through it (19.3)
            "vp": 0,  # Russian points positive, German negative (19.3)
        }
        pos = scenario.file.position
        if pos is not None:
            data["stage"] = pos.turn
            data["vp"] = pos.vp
            data["control"].update({canonical(board, h): s for h, s in pos.control.items()})
            for uid, p in pos.units.items():
                units[uid] = new_unit_record(canonical(board, p.hex) if p.hex else None, p.status)
                units[uid]["markers"] = sorted(p.markers)
        return data

    def start(self, st: State) -> None:
        if st.game.scenario.fictional:
            name = st.game.scenario.info.name
            st.log(f"{name}: a FICTIONAL teaching scenario, not a historical one.")
        pos = st.game.scenario.file.position
        if pos is None:
            st.push({"kind": "game"})
            return
        for frame in sequence.stack_for_position(pos.phase):
            st.push(frame)

    def result(self, st: State) -> dict[str, Any]:
        return victory.result(st)

    def view(self, st: State, role: str) -> dict[str, Any]:
        static = st.game.static
        units = []
        for uid, ui in static.units.items():
            u = st.data["units"][uid]
            units.append(
                {
                    "id": uid,
                    "name": ui.name,
                    "side": ui.side,
                    "status": u["status"],
                    "hex": u["hex"],
                    "level": u["level"],
                    "endurance_lost": u["lost"],
                    "markers": list(u["markers"]),
                }
            )
        return {
            "system": "tannenberg",
            "stage": st.data["stage"],
            "stages": st.game.scenario.info.turns,
            "initiative": st.data["initiative"],
            "phase_track": sequence.phase_track(st),
            "sides": [{"id": s.id, "name": s.name} for s in st.game.scenario.sides],
            "units": units,
            "vp": st.data["vp"],
        }

    def invariants(self, st: State, moment: str) -> list[str]:
        broken = []
        static = st.game.static
        board = st.game.scenario.board
        for uid, u in st.data["units"].items():
            ui = static.units[uid]
            if u["status"] == "on_map" and not board.on_map(u["hex"] or ""):
                broken.append(f"{uid} is on the map at {u['hex']!r}, which is not a hex")
            if not 0 <= u["lost"] <= 4:
                broken.append(f"{uid} has {u['lost']} endurance points lost on its level")
            if ui.level_count and not 0 <= u["level"] < ui.level_count:
                broken.append(f"{uid} is on level {u['level']} of {ui.level_count}")
        for h, ids in U.occupancy(st).items():
            sides = {static.units[uid].side for uid in ids}
            if len(sides) > 1:
                broken.append(f"hex {h} holds units of both sides: {sorted(ids)}")
        return broken
