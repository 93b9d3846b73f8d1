"""Retreat in Caporetto (caporetto 8.61, 8.62, 8.63, 23.32): ridges, the stack's TCR,
overstacking kept until the next Movement Phase, the Italians' first-turn retreat.

* caporetto 8.61: only a TCR 1 stack retreats across a Ridge hexside; a stack holding
  an artillery brigade or a supply depot never does (5.4: Ridge hexsides are impassable
  to them; AC6 reading (a), docs/readings.md, Caporetto).
* caporetto 8.62: a retreating stack's TCR is that of the majority of its Stacking
  Points, as in caporetto 8.4 (:func:`.combat.majority_tcr`): it decides 8.61 and which
  stacks 8.64 (Enemy zones of control) binds.
* caporetto 8.63: a retreat may end over the stacking limit; the hex must be relieved by
  the end of the owner's next Movement Phase, where the end-of-phase check has the owner
  eliminate excess units of his choice (:class:`OverstackRelief` marks the retreating
  units with that deadline; the stacking check lets the hex be until then).
* caporetto 23.32: on Game-Turn 1 an Italian TCR 2 stack never retreats into or through
  an Enemy-controlled hex, a Friendly unit (or fortress) there or not (no 7.24).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.phases import Frame
from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite import zoc
from greatwar.rules.gwite.caporetto.combat import ITALY, majority_tcr
from greatwar.rules.gwite.names import side_name
from greatwar.rules.gwite.stacking import stacking_points

if TYPE_CHECKING:
    from greatwar.engine.state import State

#: this section's optional rules (merged into :attr:`CaporettoRules.options`)
OPTIONS: dict[str, OptionSpec] = {}

#: the hexside feature of caporetto 5.4 and 8.61
RIDGE = "ridge"
#: caporetto 5.4 unit types a Ridge hexside is impassable to
RIDGE_BARRED_TYPES = frozenset({"artillery", "supply_depot"})
#: caporetto 23.32 the Game-Turn of the Italian reaction
REACTION_TURN = 1
#: caporetto 8.63 the unit record's note: the Game-Turn of the owner's Movement Phase by
#: whose end the overstack a retreat made must be relieved
RELIEF_NOTE = "overstack_relief_turn"


def stack_tcr(st: State, units: list[str]) -> int:
    """caporetto 8.62 a retreating stack's TCR as in caporetto 8.4; a stack of artillery or
    HQs alone takes its worst TCR (the standard reading)."""
    majority = majority_tcr(st, units)
    if majority is not None:
        return majority
    return max((U.tcr(st, u) for u in units), default=1)


def ridge_refusal(st: State, a: str, b: str, units: list[str]) -> bool:
    """caporetto 8.61 (and 5.4): a Ridge hexside between ``a`` and ``b`` closed to this
    retreating stack."""
    if RIDGE not in U.static(st).scenario.board.features(a, b):
        return False
    if stack_tcr(st, units) != 1:
        return True  # caporetto 8.61 only TCR 1 units retreat over Ridge hexsides
    return any(U.info(st, u).type in RIDGE_BARRED_TYPES for u in units)  # 5.4, AC6 (a)


def italian_reaction(st: State, units: list[str]) -> bool:
    """caporetto 23.32 the stack is an Italian TCR 2 stack on Game-Turn 1."""
    if st.data["turn"] != REACTION_TURN:
        return False
    italian = any(U.info(st, u).nationality == ITALY for u in units if not U.info(st, u).hq)
    return italian and stack_tcr(st, units) == 2


# --- caporetto 8.63: when the overstack must be relieved ------------------------------------


def _moment(st: State) -> tuple[int, int, int, int]:
    """Where play stands, in sequence order: Game-Turn, Player-Turn, Phase, and whether
    the phase's end-of-phase check is under way."""
    rules = U.rules(st)
    sides = rules.player_turn_sides(st)
    kinds = list(rules.phases().values())
    stack = st.data["stack"]
    phase = next((f for f in reversed(stack) if f["kind"] in kinds), None)
    if phase is None:
        return st.data["turn"], len(sides), 0, 0  # the Interphase
    at_end = int(bool(stack) and stack[-1]["kind"] == "end_of_phase")
    return st.data["turn"], sides.index(phase["side"]), kinds.index(phase["kind"]), at_end


def _deadline(st: State, owner: str, turn: int) -> tuple[int, int, int, int]:
    """The end-of-phase check of ``owner``'s Movement Phase in Game-Turn ``turn``."""
    rules = U.rules(st)
    movement = list(rules.phases().values()).index(rules.phases()["movement"])
    return turn, rules.player_turn_sides(st).index(owner), movement, 1


def relief_turn(st: State, owner: str) -> int:
    """caporetto 8.63 the Game-Turn of ``owner``'s next Movement Phase from now."""
    turn: int = st.data["turn"]
    return turn if _moment(st) < _deadline(st, owner, turn) else turn + 1


def _relief_deadlines(st: State, hex_label: str) -> list[tuple[int, int, int, int]]:
    out = []
    for uid in U.units_in(st, hex_label):
        turn = U.record(st, uid).get(RELIEF_NOTE)
        if turn is not None:
            out.append(_deadline(st, U.info(st, uid).side, int(turn)))
    return out


class CaporettoRetreat:
    """A part of :class:`CaporettoRules` (every override calls ``super()`` and keeps what
    the parts after it in the rules' bases give)."""

    def retreat_step(
        self, st: State, side: str, a: str, b: str, strict: bool, retreating: list[str]
    ) -> bool:
        """caporetto 8.61 Ridge hexsides; caporetto 23.32 Enemy zones of control barring an
        Italian TCR 2 stack on Game-Turn 1 even where Friendly units are; then the rest."""
        if ridge_refusal(st, a, b, retreating):
            return False
        if italian_reaction(st, retreating) and b in zoc.enemy_controlled(st, side):
            return False  # caporetto 23.32, an exception to 7.24
        return bool(super().retreat_step(st, side, a, b, strict, retreating))  # type: ignore[misc]

    def retreat_closed_case(self, st: State, origin: str, units: list[str], hexes: int) -> str:
        """The case that closed a stack's every retreat: caporetto 8.61 or 23.32 when one
        of them closed a first step the other rules leave open, else the others' case."""
        case = str(super().retreat_closed_case(st, origin, units, hexes))  # type: ignore[misc]
        side = U.info(st, units[0]).side
        strict = self.retreat_strict(st, units)
        for nxt in U.static(st).scenario.board.neighbours[origin]:
            if not super().retreat_step(st, side, origin, nxt, strict, units):  # type: ignore[misc]
                continue  # closed by the rules the game shares
            if ridge_refusal(st, origin, nxt, units):
                return "caporetto 8.61"
            if italian_reaction(st, units) and nxt in zoc.enemy_controlled(st, side):
                return "caporetto 23.32"
        return case

    def retreat_strict(self, st: State, units: list[str]) -> bool:
        """caporetto 8.62 8.64 binds a stack whose TCR (as in caporetto 8.4) is 2 or more;
        a stack with no weighed unit keeps the rule of the parts after this one."""
        if majority_tcr(st, units) is None:
            return bool(super().retreat_strict(st, units))  # type: ignore[misc]
        return stack_tcr(st, units) >= 2

    def retreat_fits(self, st: State, path: list[str], units: list[str]) -> bool:
        """caporetto 8.63 units may be overstacked as a result of retreat: every path
        fits (the excess goes only if not relieved by the next Movement Phase)."""
        return True

    def overstack_tolerated(self, st: State, hex_label: str) -> bool:
        """caporetto 8.63 a retreat's overstack stays until the end of the owner's next
        Movement Phase."""
        now = _moment(st)
        if any(now < d for d in _relief_deadlines(st, hex_label)):
            return True
        return bool(super().overstack_tolerated(st, hex_label))  # type: ignore[misc]

    def overstack_case(self, st: State, hex_label: str) -> str:
        """caporetto 8.63 the owner eliminates the excess a retreat made when his Movement
        Phase ends with it unrelieved."""
        if _moment(st) in _relief_deadlines(st, hex_label):
            return "caporetto 8.63"
        return str(super().overstack_case(st, hex_label))  # type: ignore[misc]


class OverstackRelief:
    """The part of Caporetto's combat result frame that applies caporetto 8.63 at the end
    of a retreat (a mixin of :class:`~greatwar.rules.gwite.combat_result.CombatResult`)."""

    def _end_retreat(self, st: State, frame: Frame, units: list[str], end: str) -> None:
        if stacking_points(st, end) <= U.rules(st).stacking_limit(st, end):
            super()._end_retreat(st, frame, units, end)  # type: ignore[misc]
            return
        owner = frame["defender"]
        turn = relief_turn(st, owner)
        for uid in units:
            U.set_note(st, uid, RELIEF_NOTE, turn)
        st.log(
            f"{end} is over the stacking limit after the retreat: {side_name(st, owner)}"
            f" must relieve it by the end of their Movement Phase of Game-Turn {turn}, or"
            " eliminate the excess units of their choice.",
            case="caporetto 8.63",
        )
        self._after_retreat(st, frame)  # type: ignore[attr-defined]
