"""Pursuit (caporetto 20.0): TCR 1 attackers follow a unit that retreats more than one hex,
in place of the advance after combat.

Caporetto's result frame (:class:`CaporettoResult`) is the standard one (8.5-8.7) with
the parts of this game: the Ils ne passeront pas roll (caporetto 8.75,
:class:`.combat.IlsNePasseront`), the overstack a retreat may leave (caporetto 8.63,
:class:`.retreat.OverstackRelief`) and, at the advance stage, the pursuit:

* every attacker may still advance into the vacated hex (8.71);
* when a stack retreated more than one hex, each attacking TCR 1 unit may go on along
  the retreat's route, as many hexes as the stack retreated: the vacated hex, then the
  hexes the stack passed through (the last hex of the route holds the retreated stack);
* never into or through a hex holding an Enemy unit other than a supply depot or an HQ,
  nor a hex of an undestroyed Enemy fortress, nor where the unit may not go (5.4); the
  hex it stops in must be within the stacking limit;
* entering a hex holding only supply depots eliminates them; entering one holding only
  HQs displaces them to the hex of the retreated stack (caporetto 20.0).

Readings (docs/readings.md, Caporetto, AC4): the pursuer may stop anywhere on the
route ("may advance"; with retreats of at most two hexes and 8.71 still open to every
attacker, "exactly" and "up to" give the same moves); it never passes through a hex it
may not stop in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.phases import Action, Frame, Handler
from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import fortress
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.caporetto.combat import IlsNePasseront
from greatwar.rules.gwite.caporetto.retreat import OverstackRelief
from greatwar.rules.gwite.combat import alive
from greatwar.rules.gwite.combat_result import CombatResult
from greatwar.rules.gwite.stacking import stacking_points

if TYPE_CHECKING:
    from greatwar.engine.state import State

#: this section's optional rules (merged into :attr:`CaporettoRules.options`)
OPTIONS: dict[str, OptionSpec] = {}

#: caporetto 20.0 a pursuer's TCR
PURSUER_TCR = 1
#: caporetto 20.0 Enemy units a pursuer may enter a hex with when they are alone there
DEPOT = "supply_depot"


def _enemies(st: State, frame: Frame, hex_label: str) -> list[str]:
    return [u for u in U.units_in(st, hex_label) if U.info(st, u).side == frame["defender"]]


def passable(st: State, frame: Frame, hex_label: str) -> bool:
    """caporetto 20.0 a pursuer may enter the hex: no Enemy unit but supply depots alone
    or HQs alone, and no undestroyed Enemy fortress."""
    if fortress.owner(st, hex_label) == frame["defender"]:
        return False
    enemies = _enemies(st, frame, hex_label)
    return all(U.info(st, u).type == DEPOT for u in enemies) or all(
        U.info(st, u).hq for u in enemies
    )


class CaporettoResult(IlsNePasseront, OverstackRelief, CombatResult):
    """A combat result under Caporetto's rules (see the module docstring)."""

    kind = "caporetto_result"

    def setup(self, st: State, frame: Frame) -> None:
        frame.update(routes=[], advanced=[])  # caporetto 20.0 retreat routes; 8.71 movers
        super().setup(st, frame)

    def _apply_retreat(self, st: State, frame: Frame, action: Action) -> None:
        if action["type"] == "retreat":
            frame["routes"].append([action["from"], *action["path"]])
        super()._apply_retreat(st, frame, action)

    # -- caporetto 20.0 the pursuit ---------------------------------------------------------

    def _pursuit_hexes(self, st: State, frame: Frame, route: list[str]) -> list[str]:
        """The hexes a pursuer may enter along one retreat's route, in order: the vacated
        hex and the hexes passed through, up to the first it may not enter."""
        out = []
        for h in route[:-1]:  # the last hex holds the retreated stack
            if not passable(st, frame, h):
                break
            out.append(h)
        return out

    def _pursuers(self, st: State, frame: Frame) -> list[str]:
        """caporetto 20.0 attacking TCR 1 units that have not advanced nor pursued yet."""
        return [
            u
            for u in alive(st, frame["attackers"])
            if U.tcr(st, u) == PURSUER_TCR and not U.info(st, u).hq and u not in frame["advanced"]
        ]

    def _pursuit_moves(self, st: State, frame: Frame) -> list[Action]:
        rules = U.rules(st)
        moves: list[Action] = []
        for route in frame["routes"]:
            if len(route) <= 2:
                continue  # a retreat of one hex: the advance of 8.71 only
            hexes = self._pursuit_hexes(st, frame, route)
            for uid in self._pursuers(st, frame):
                size = U.info(st, uid).stacking
                for i, h in enumerate(hexes):
                    if rules.terrain_refusal(st, uid, h) is not None:
                        break
                    if i == 0:
                        continue  # the vacated hex alone is the advance after combat (8.71)
                    own = stacking_points(st, h) - sum(
                        U.info(st, u).stacking for u in _enemies(st, frame, h)
                    )
                    if own + size <= rules.stacking_limit(st, h):
                        moves.append(
                            {"type": "pursue", "unit": uid, "to": h, "path": hexes[: i + 1]}
                        )
        return moves

    def _advance_moves(self, st: State, frame: Frame) -> list[Action]:
        """8.71 the advance into the vacated hex, and caporetto 20.0 the pursuit: one move
        after combat for each attacker."""
        moves = [m for m in super()._advance_moves(st, frame) if m["unit"] not in frame["advanced"]]
        return moves + self._pursuit_moves(st, frame)

    def _apply_advance(self, st: State, frame: Frame, action: Action) -> None:
        if action["type"] != "pursue":
            if action["type"] == "advance":
                frame["advanced"].append(action["unit"])  # one move after combat each
            super()._apply_advance(st, frame, action)
            return
        uid, path = action["unit"], action["path"]
        start = U.record(st, uid)["hex"]
        frame["advanced"].append(uid)
        retreated_to = next(r[-1] for r in frame["routes"] if path[0] == r[0])
        for h in path:
            self._clear_for_pursuer(st, frame, h, retreated_to)
        U.place(st, uid, path[-1])
        U.rules(st).entered_hexes(st, uid, path)
        st.log(
            f"{U.info(st, uid).name} pursues along the retreat route {start}→{'→'.join(path)}.",
            case="caporetto 20.0",
        )
        if not self._advance_moves(st, frame):
            self._next_stage(st, frame)

    def _clear_for_pursuer(self, st: State, frame: Frame, h: str, retreated_to: str) -> None:
        """caporetto 20.0 a hex of supply depots alone: they are eliminated; of HQs alone:
        they are displaced to the hex of the retreated stack."""
        for uid in _enemies(st, frame, h):
            if U.info(st, uid).type == DEPOT:
                U.eliminate_unit(st, uid, "caporetto 20.0", "a pursuer entered its hex")
            else:
                U.place(st, uid, retreated_to)
                st.log(
                    f"{U.info(st, uid).name} is displaced {h}→{retreated_to} by the pursuit.",
                    case="caporetto 20.0",
                )

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        if frame["stage"] == "advance" and self._pursuit_moves(st, frame):
            return (
                f"Result {frame['att_result']}/{frame['def_result']}: advance into"
                f" {', '.join(frame['vacated']) or 'the vacated hex'}, pursue along the"
                " retreat route (TCR 1 units, caporetto 20.0), or stop."
            )
        return str(super().prompt(st, frame, role))

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        if action.get("type") == "pursue":
            return (
                "only attacking TCR 1 units pursue, along the route of a retreat of more than"
                " one hex, never into a hex with Enemy units other than depots or HQs alone,"
                " within the stacking limit",
                "caporetto 20.0",
            )
        return super().explain(st, frame, role, action)


class Pursuit:
    """A part of :class:`CaporettoRules` (every override calls ``super()`` and keeps what
    the parts after it in the rules' bases give): every combat result is applied by
    :class:`CaporettoResult`."""

    @classmethod
    def handlers(cls) -> list[Handler]:
        return [*super().handlers(), CaporettoResult()]  # type: ignore[misc]

    def result_kind(self, st: State, report: dict[str, Any]) -> str:
        """caporetto 8.63, 8.75, 20.0 Caporetto's result frame, unless a part before this
        one gave its own."""
        kind = super().result_kind(st, report)  # type: ignore[misc]
        return CaporettoResult.kind if kind == CombatResult.kind else str(kind)
