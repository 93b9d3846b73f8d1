"""The Brusilov Offensive, Movement: 18.1 first-turn Russian movement, 23.52 reduced
Austro-Hungarian units' elimination rolls.

* 18.1 on the surprise turn (Game-Turn 1; 5 in "Attack On Schedule") only Russian HQs
  move in the Russian Movement Segment, normally or by rail (other units are not
  offered, and are refused naming 18.1).
* 23.52 a reduced Austro-Hungarian unit moves hex by hex: the first hex of its moves in
  a Movement Phase is always safe, and a second while it has spent no more than two
  Movement Points (two clear hexes); every hex entered beyond, a die: 1-2 eliminates on
  the surprise turn, 1 later.  Counted: the hexes and Movement Points of its normal
  moves (not the cost of entraining nor rail hexes: 23.53 rolls for those).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.brusilov import data as D
from greatwar.rules.gwite.brusilov import reduced

if TYPE_CHECKING:
    from greatwar.engine.phases import Frame
    from greatwar.engine.state import State

#: this section's optional rules (merged into :attr:`BrusilovRules.options`)
OPTIONS: dict[str, OptionSpec] = {}

#: Movement Segment local: reduced Austro-Hungarian units' normal moves this phase,
#: uid -> {"hexes": hexes entered, "mp": Movement Points they cost, "spent": the
#: segment's count of its Movement Points after the last hex}
REDUCED_MOVES = "brusilov_reduced_moves"
#: 23.52 always safe: one hex; two while no more than two Movement Points are spent
SAFE_HEXES = 1
SAFE_MP = 2


class BrusilovMovement:
    """The Brusilov Offensive's movement rules (a part of :class:`BrusilovRules`)."""

    def movement_refusal(self, st: State, uid: str) -> tuple[str, str] | None:
        """18.1 on the surprise turn only Russian HQ units move in the Russian Movement
        Phase."""
        if D.surprise_turn(st):
            ui = U.info(st, uid)
            if ui.side == reduced.russian_side(st) and not ui.hq:
                return (
                    f"on Game-Turn {st.data['turn']} only Russian HQ units may move:"
                    f" {ui.name} stays where it is",
                    "brusilov 18.1",
                )
        return super().movement_refusal(st, uid)  # type: ignore[misc, no-any-return]

    def hex_by_hex(self, st: State, uid: str) -> bool:
        """23.52 a reduced Austro-Hungarian unit's moves are walked hex by hex."""
        return reduced.subject(st, uid) or super().hex_by_hex(st, uid)  # type: ignore[misc]

    def hex_entered(self, st: State, frame: Frame, uid: str, hex_label: str, spent: int) -> bool:
        """23.52 the elimination roll for each hex entered beyond the safe limit."""
        if not reduced.subject(st, uid):
            return super().hex_entered(st, frame, uid, hex_label, spent)  # type: ignore[misc, no-any-return]
        moves: dict[str, Any] = frame.setdefault(REDUCED_MOVES, {})
        record = moves.setdefault(uid, {"hexes": 0, "mp": 0, "spent": 0})
        # the hex's cost: from the last hex, or from what the unit had spent when this
        # move began (entraining between moves costs Movement Points not counted here)
        base = max(record["spent"], frame["spent"].get(uid, 0))
        record["hexes"] += 1
        record["mp"] += spent - base
        record["spent"] = spent
        if record["hexes"] <= SAFE_HEXES or record["mp"] <= SAFE_MP:
            return True
        return self._reduced_roll(st, uid, hex_label, record["hexes"], record["mp"])

    def move_risk(self, st: State, frame: Frame, uid: str, path: list[str]) -> float:
        """23.52 the chance a reduced Austro-Hungarian unit is eliminated on this move: one
        roll for each hex entered beyond the safe limit, counted as :meth:`hex_entered`
        counts them (the hexes and Movement Points it has already moved this phase)."""
        if not reduced.subject(st, uid):
            return super().move_risk(st, frame, uid, path)  # type: ignore[misc, no-any-return]
        done = frame.get(REDUCED_MOVES, {}).get(uid, {"hexes": 0, "mp": 0})
        hexes, mp = done["hexes"], done["mp"]
        costs = movement_table_enter(st, uid)
        here = U.record(st, uid)["hex"]
        survive = 1.0
        lose = len(reduced.eliminating_rolls(st)) / 6.0
        for h in path:
            hexes += 1
            mp += costs.get(here, {}).get(h, 1)
            here = h
            if hexes > SAFE_HEXES and mp > SAFE_MP:
                survive *= 1.0 - lose
        return 1.0 - survive

    def _reduced_roll(self, st: State, uid: str, hex_label: str, hexes: int, mp: int) -> bool:
        """23.52 roll for one hex beyond the limit: False when the unit is eliminated."""
        name = U.info(st, uid).name
        lose = reduced.eliminating_rolls(st)
        when = "the surprise turn" if D.surprise_turn(st) else "after the surprise turn"
        die = st.roll(
            f"{name}, reduced, enters {hex_label} ({hexes} hexes, {mp} MP this phase):"
            f" eliminated on {reduced.rolls_text(lose)} ({when})",
            case="brusilov 23.52",
        )
        if die in lose:
            U.eliminate_unit(
                st,
                uid,
                "brusilov 23.52",
                f"a reduced Austro-Hungarian unit entering {hex_label} beyond one hex"
                f" and two Movement Points rolls {die}",
            )
            return False
        st.log(f"{name} enters {hex_label} safely (die {die}).", case="brusilov 23.52")
        return True


def movement_table_enter(st: State, uid: str) -> dict[str, dict[str, int]]:
    """The cost of entering each adjacent hex for this unit (its move table, 5.4)."""
    return U.rules(st).movement_table(st, uid).enter  # type: ignore[no-any-return]
