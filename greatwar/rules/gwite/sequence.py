"""4.0 Sequence of Play, as frames of the phase stack.

Game-Turn = first Player-Turn, second Player-Turn, Game-Turn Record
Interphase.  Player-Turn = Movement Phase (Initial Supply Determination,
Reinforcement, Command Control, Movement and Attrition Segments), Cavalry
Withdrawal Before Combat Phase, Combat Phase (Command Control and Combat
Resolution Segments).  Stacking is checked at the end of every Phase (6.14).

13.0 speaks of a Step Replacement Phase that 4.0 does not place.  Its
criteria ("not moved in the preceding Movement Phase of this Game-Turn")
put it after a Movement Phase within the phasing player's turn: it is the
last phase of each Player-Turn here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.phases import Frame, Handler, Sequence, frame_of
from greatwar.rules.gwite import agreement, rail
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.attack import Attack
from greatwar.rules.gwite.cavalry import CavalryWithdrawal, clear_withdrawn
from greatwar.rules.gwite.combat import CombatResolution
from greatwar.rules.gwite.combat_result import CombatResult
from greatwar.rules.gwite.command import (
    CombatCommandSegment,
    HqDisplacement,
    MovementCommandSegment,
    end_combat_phase,
)
from greatwar.rules.gwite.movement import MovementSegment
from greatwar.rules.gwite.names import side_name
from greatwar.rules.gwite.reinforcement import ReinforcementSegment
from greatwar.rules.gwite.replacement import StepReplacement
from greatwar.rules.gwite.stacking import EndOfPhaseStacking
from greatwar.rules.gwite.supply import AttritionSegment, InitialSupplySegment

if TYPE_CHECKING:
    from greatwar.engine.state import State

# Phase name (as a scenario position names it) -> frame kind, and its segments.
PHASES: dict[str, str] = {
    "movement": "movement_phase",
    "cavalry_withdrawal": "cavalry_withdrawal_phase",
    "combat": "combat_phase",
    "step_replacement": "step_replacement_phase",
}
SEGMENTS: dict[str, dict[str, str]] = {
    "movement_phase": {
        "initial_supply": "initial_supply",
        "reinforcement": "reinforcement",
        "command_control": "movement_command_control",
        "movement": "movement",
        "attrition": "attrition",
    },
    "cavalry_withdrawal_phase": {"cavalry_withdrawal": "cavalry_withdrawal"},
    "combat_phase": {
        "command_control": "combat_command_control",
        "combat_resolution": "combat_resolution",
    },
    "step_replacement_phase": {"step_replacement": "step_replacement"},
}


class SequenceRules:
    """The variation points of 4.0 (a game's rules class may override them): the sides
    of each Game-Turn's Player-Turns, the phases of a Player-Turn and the segments of a
    phase (a game adds its own, registering their handlers: :meth:`handlers`), steps
    before the first Game-Turn (deployment, pre-game rolls) and steps of the Interphase
    before the turn marker advances.  Positions and their validation use the same
    methods."""

    def phases(self) -> dict[str, str]:
        """Phase names (as a position names them) -> frame kinds, in Player-Turn order."""
        return dict(PHASES)

    def segments(self, phase_kind: str) -> dict[str, str]:
        """Segment names -> frame kinds of one phase, in order."""
        return dict(SEGMENTS.get(phase_kind, {}))

    def player_turn_sides(self, st: State) -> list[str]:
        """The Player-Turns of this Game-Turn, first player first (4.0; Serbia/Galicia
        4.0 has no Allied Player-Turn on Game-Turn 1)."""
        first = U.static(st).first_side
        return [first, U.enemy_of(st, first)]

    def player_turn_children(self, st: State, side: str) -> list[str]:
        """The phases of ``side``'s Player-Turn (frame kinds), in order."""
        return list(self.phases().values())

    def phase_children(self, st: State, phase_kind: str) -> list[str]:
        """The segments of a phase, then the end-of-phase stacking check (6.14)."""
        return [*self.segments(phase_kind).values(), "end_of_phase"]

    def pregame_steps(self, st: State) -> list[str | Frame]:
        """Steps before the first Game-Turn (deployment, pre-game rolls); none here."""
        return []

    def interphase_steps(self, st: State) -> list[str | Frame]:
        """Steps of the Game-Turn Record Interphase before the turn marker advances."""
        return []

    def ends_by_agreement(self, st: State) -> str | None:
        """The case that lets the Players end the game before its last Game-Turn by
        mutual agreement (Caporetto 4.1), or None: the standard rules play every
        Game-Turn (:mod:`agreement`)."""
        return None

    @classmethod
    def handlers(cls) -> list[Handler]:
        """The handlers of the frame kinds this game adds, each kind named after the game
        (``brusilov_contagion``); the standard rules' are the system's own."""
        return []


class GameHandler(Handler):
    """The whole game: one Game-Turn after another until the last is played."""

    kind = "game"
    case = "4.0"

    def run(self, st: State, frame: Frame) -> None:
        steps = U.rules(st).pregame_steps(st)
        done = frame.get("pregame", 0)
        if done < len(steps):  # before the first Game-Turn (a game's deployment)
            frame["pregame"] = done + 1
            st.push(frame_of(steps[done]))
            return
        if st.data["turn"] > st.game.scenario.info.turns:
            st.pop()
            return
        st.push({"kind": "game_turn"})

    def title(self, st: State, frame: Frame) -> str:
        return "Game"


def _game_turn_children(st: State, frame: Frame) -> list[str | Frame]:
    turns: list[str | Frame] = [
        {"kind": "player_turn", "side": s} for s in U.rules(st).player_turn_sides(st)
    ]
    return [*turns, "interphase"]


def _start_player_turn(st: State, frame: Frame) -> None:
    st.data["phasing"] = frame["side"]
    st.log(
        f"Game-Turn {st.data['turn']}: {side_name(st, frame['side'])} Player-Turn begins.",
        case="4.0",
    )


class Interphase(Handler):
    """4.0 C Game-Turn Record Interphase: a game's steps, then (where the game allows it)
    a proposal to end the game by agreement, then the turn marker advances."""

    kind = "interphase"
    case = "4.0"

    def run(self, st: State, frame: Frame) -> None:
        steps = [*U.rules(st).interphase_steps(st), *agreement.steps(st)]
        done = frame.get("i", 0)
        if done < len(steps):
            frame["i"] = done + 1
            st.push(frame_of(steps[done]))
            return
        st.log(f"Game-Turn {st.data['turn']} ends.", case="4.0")
        st.data["turn"] += 1
        st.pop()

    def title(self, st: State, frame: Frame) -> str:
        return "Game-Turn Record Interphase"


class GameTurn(Sequence):
    """4.0 a Game-Turn; its title says which (for the phase track of views)."""

    def title(self, st: State, frame: Frame) -> str:
        return f"Game-Turn {st.data['turn']} of {st.game.scenario.info.turns}"


class PlayerTurn(Sequence):
    """4.0 A/B a Player-Turn; its title says whether first or second, and whose."""

    def title(self, st: State, frame: Frame) -> str:
        order = "First" if U.rules(st).player_turn_sides(st).index(frame["side"]) == 0 else "Second"
        return f"{order} Player-Turn: {side_name(st, frame['side'])}"


def _end_player_turn(st: State, frame: Frame) -> None:
    """Markers that last until the end of the Player-Turn go (5.34 moved by rail)."""
    rail.end_player_turn(st, frame["side"])


def _end_combat_phase(st: State, frame: Frame) -> None:
    """12.17 / 8.66: units withdrawn into a stack are set apart only in the ensuing Combat
    Phase; their markers go when it ends."""
    clear_withdrawn(st)
    end_combat_phase(st, frame)  # 10.36 the Combat Phase's command markers go too


def _phase_children(st: State, frame: Frame) -> list[str]:
    return U.rules(st).phase_children(st, frame["kind"])  # type: ignore[no-any-return]


def handlers() -> list[Handler]:
    side = ("side",)
    return [
        GameHandler(),
        GameTurn("game_turn", _game_turn_children, title="Game-Turn", case="4.0"),
        PlayerTurn(
            "player_turn",
            lambda st, frame: U.rules(st).player_turn_children(st, frame["side"]),
            inherit=side,
            on_enter=_start_player_turn,
            on_exit=_end_player_turn,
            title="Player-Turn",
            case="4.0",
        ),
        Sequence(
            "movement_phase",
            _phase_children,
            inherit=side,
            title="Movement Phase",
            case="5.0",
        ),
        Sequence(
            "cavalry_withdrawal_phase",
            _phase_children,
            inherit=side,
            title="Cavalry Withdrawal Before Combat Phase",
            case="12.1",
        ),
        Sequence(
            "combat_phase",
            _phase_children,
            inherit=side,
            on_exit=_end_combat_phase,
            title="Combat Phase",
            case="8.0",
        ),
        Sequence(
            "step_replacement_phase",
            _phase_children,
            inherit=side,
            title="Step Replacement Phase",
            case="13.0",
        ),
        Interphase(),
        agreement.AgreedEnd(),
        InitialSupplySegment(),
        MovementCommandSegment(),
        AttritionSegment(),
        CavalryWithdrawal(),
        CombatCommandSegment(),
        HqDisplacement(),
        CombatResolution(),
        Attack(),
        CombatResult(),
        StepReplacement(),
        ReinforcementSegment(),
        MovementSegment(),
        EndOfPhaseStacking(),
    ]


def stack_for_position(st: State, phasing: str, phase: str, segment: str) -> list[Frame]:
    """The phase stack of a mid-game position: Game-Turn, Player-Turn, Phase, Segment
    (the game's pre-game steps are over)."""
    rules = U.rules(st)
    sides = rules.player_turn_sides(st)
    phase_kind = rules.phases()[phase]
    game: Frame = {"kind": "game"}
    if rules.pregame_steps(st):
        game["pregame"] = len(rules.pregame_steps(st))
    stack: list[Frame] = [
        game,
        {"kind": "game_turn", "i": sides.index(phasing) + 1},
        {
            "kind": "player_turn",
            "side": phasing,
            "i": rules.player_turn_children(st, phasing).index(phase_kind) + 1,
            "entered": True,
        },
    ]
    if not segment:
        stack.append({"kind": phase_kind, "side": phasing})
        return stack
    segment_kind = rules.segments(phase_kind)[segment]
    index = rules.phase_children(st, phase_kind).index(segment_kind)
    stack.append({"kind": phase_kind, "side": phasing, "i": index + 1})
    stack.append({"kind": segment_kind, "side": phasing})
    return stack


def phase_track(st: State) -> list[dict[str, Any]]:
    """The steps of play now in progress, outermost first, for views."""
    out = []
    for frame in st.data["stack"]:
        handler = st.handler(frame)
        out.append({"kind": frame["kind"], "title": handler.title(st, frame)})
    return out
