"""3.1 The stage of eight phases, as frames of the phase stack.

A stage: 1 orders, 2 initiative, 3 reconnaissance, 4 reserve movement,
5 movement of the player holding the initiative, 6 movement of the other
player, 7 rest and reorganisation, 8 clash; then the stage ends (unused
RESERVE counters are removed, victory points for the stage are scored and
the stage marker advances, 3.1).  Each phase's handler lives in the module
of its rules section.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.phases import Frame, Handler, Sequence
from greatwar.rules.tannenberg import (
    artillery,
    clash,
    command,
    fortifications,
    initiative,
    masking,
    movement_phase,
    reconnaissance,
    reserve,
    rest,
    victory,
)
from greatwar.rules.tannenberg.initiative import moving_side  # noqa: F401  (re-exported)

if TYPE_CHECKING:
    from greatwar.engine.state import State

STAGE_CHILDREN: list[str | Frame] = [
    "orders_phase",
    "masking",  # the end of phase 1: the masks planned in secret go down at once (16.1.2)
    "initiative_phase",
    "reconnaissance_phase",
    "reserve_phase",
    {"kind": "movement_phase", "order": 1},
    {"kind": "movement_phase", "order": 2},
    "rest_phase",
    "clash_phase",
    "end_of_stage",
]
#: phase names a scenario position may start at -> index in the stage
PHASES = {
    "orders": 0,
    "initiative": 2,
    "reconnaissance": 3,
    "reserve": 4,
    "movement_1": 5,
    "movement_2": 6,
    "rest": 7,
    "clash": 8,
}


class GameHandler(Handler):
    """The whole game: one stage after another (3.0)."""

    kind = "game"
    case = "tannenberg 3.0"

    def run(self, st: State, frame: Frame) -> None:
        if st.data["stage"] > st.game.scenario.info.turns:
            st.pop()
            return
        st.push({"kind": "stage"})

    def title(self, st: State, frame: Frame) -> str:
        return "Game"


class Stage(Sequence):
    def title(self, st: State, frame: Frame) -> str:
        return f"Stage {st.data['stage']} of {st.game.scenario.info.turns}"


class EndOfStage(Handler):
    """3.1 after phase 8: RESERVE counters go, the stage's victory points, the next stage."""

    kind = "end_of_stage"
    case = "tannenberg 3.1"

    def run(self, st: State, frame: Frame) -> None:
        reserve.clear_reserve(st)
        victory.end_of_stage(st)
        st.log(f"Stage {st.data['stage']} ends.", case="tannenberg 3.1")
        st.data["stage"] += 1
        st.pop()

    def title(self, st: State, frame: Frame) -> str:
        return "End of stage"


def handlers() -> list[Handler]:
    return [
        GameHandler(),
        Stage("stage", STAGE_CHILDREN, title="Stage", case="tannenberg 3.1"),
        EndOfStage(),
        command.OrdersPhase(),
        initiative.InitiativePhase(),
        reconnaissance.ReconnaissancePhase(),
        reserve.ReservePhase(),
        movement_phase.MovementPhase(),
        rest.RestPhase(),
        clash.ClashPhase(),
        *command.extra_handlers(),
        *masking.extra_handlers(),
        *reserve.extra_handlers(),
        *movement_phase.extra_handlers(),
        *clash.extra_handlers(),
        *artillery.extra_handlers(),
        *fortifications.extra_handlers(),
    ]


def stack_for_position(phase: str) -> list[Frame]:
    """The phase stack of a mid-game position starting at ``phase``."""
    index = PHASES[phase]
    child = STAGE_CHILDREN[index]
    frame: Frame = {"kind": child} if isinstance(child, str) else dict(child)
    return [{"kind": "game"}, {"kind": "stage", "i": index + 1}, frame]


def phase_track(st: State) -> list[dict[str, Any]]:
    return [{"kind": f["kind"], "title": st.handler(f).title(st, f)} for f in st.data["stack"]]
