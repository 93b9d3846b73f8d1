"""What every game's pre-game deployment shares (a game's :meth:`pregame_steps`): the
hexes a unit may be set up in, whether it fits there now (6.0: the Stacking Limit; no
hex holding enemy units), and the step in which one Player sets up (:class:`SetUpStep`:
``deploy`` a unit in a hex, ``end_deployment``; each game says which units may go
where, when the step may end, and what a placement does).  Caporetto 25.2-25.33 and
Serbia/Galicia 26.2-26.31 use them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from greatwar.engine.phases import Action, Frame, Handler
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.names import side_name
from greatwar.rules.gwite.stacking import stacking_points

if TYPE_CHECKING:
    from greatwar.engine.state import State

DEPLOY, END = "deploy", "end_deployment"


def land(st: State, hexes: Iterable[str]) -> list[str]:
    """The hexes of ``hexes`` a unit may stand in (no prohibited terrain), sorted."""
    scenario = U.static(st).scenario
    board, table = scenario.board, scenario.terrain
    out = []
    for h in hexes:
        terrain = table.terrain.get(board.terrain.get(h, ""))
        if terrain is not None and terrain.move != "prohibited":
            out.append(h)
    return sorted(out)


def region_hexes(st: State, name: str) -> list[str]:
    """The land hexes of the map's region ``name`` (none when it has no such region)."""
    return land(st, U.static(st).scenario.board.regions.get(name, frozenset()))


def fits(st: State, uid: str, hex_label: str) -> str | None:
    """Why ``uid`` may not be set up in ``hex_label`` now, or None (6.0; no hex holding
    an enemy unit)."""
    side = U.info(st, uid).side
    occupant = U.hex_side(st).get(hex_label)
    if occupant is not None and occupant != side:
        return f"{hex_label} holds enemy units"
    here = U.record(st, uid)["hex"] == hex_label
    points = stacking_points(st, hex_label) - (U.info(st, uid).stacking if here else 0)
    limit = U.rules(st).stacking_limit(st, hex_label)
    if points + U.info(st, uid).stacking > limit:
        return (
            f"{hex_label} holds {points} Stacking Points and {U.info(st, uid).name} has"
            f" {U.info(st, uid).stacking}: the limit is {limit}"
        )
    if here:
        return f"{U.info(st, uid).name} is already in {hex_label}"
    return None


class SetUpStep(Handler):
    """One Player's set-up before Game-Turn 1 (frame locals: ``side``; ``placed``, the units
    set up in this step, each once).  A game's step says which units may be set up now
    and where (:meth:`candidates`), why the step may not end yet (:meth:`why_not_end`),
    what a placement and the end do (:meth:`apply`), and the words and cases of its
    refusals (:meth:`waiting_case`, :meth:`where`, :meth:`unit_refusal`)."""

    #: the case of the Stacking Limit a set-up must keep
    stacking_case = "6.0"

    def actors(self, st: State, frame: Frame) -> list[str]:
        return [frame["side"]]

    def title(self, st: State, frame: Frame) -> str:
        return f"Deployment: {side_name(st, frame['side'])}"

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        return f"{side_name(st, role)}: set up your units, then finish the deployment."

    # --- what a game says ---

    def candidates(self, st: State, frame: Frame) -> dict[str, tuple[list[str], str]]:
        """Each unit the Player may set up now, with its hexes (before the Stacking
        Limit) and the case that lets him."""
        raise NotImplementedError

    def why_not_end(self, st: State, frame: Frame) -> tuple[str, str | None] | None:
        """Why the Player may not finish his set-up yet (reason, case), or None."""
        return None

    def waiting_case(self, st: State, frame: Frame) -> str | None:
        """The case named when the other Player acts during this set-up."""
        return self.case_of(st, frame)

    def where(self, case: str) -> str:
        """Where a unit set up under ``case`` may go, in words (for refusals)."""
        return "where the scenario lets it set up"

    def cite(self, text: str, case: str) -> tuple[str, str | None]:
        """A refusal with its case (a game may name an unnumbered case in the text)."""
        return text, case

    def unit_refusal(self, st: State, frame: Frame, uid: str) -> tuple[str, str | None]:
        """Why a unit of the Player's is not one he may set up now."""
        return f"{U.info(st, uid).name} is set up as the scenario prints it", self.case_of(
            st, frame
        )

    # --- the actions ---

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        actions: list[Action] = []
        for uid, (hexes, _case) in sorted(self.candidates(st, frame).items()):
            actions += [
                {"type": DEPLOY, "unit": uid, "hex": h} for h in hexes if fits(st, uid, h) is None
            ]
        if self.why_not_end(st, frame) is None:
            actions.append({"type": END})
        return actions

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        """Why a deployment action is refused, with the case that forbids it."""
        if role != frame["side"]:
            side = side_name(st, frame["side"])
            return f"the {side} Player is setting up now", self.waiting_case(st, frame)
        kind = action.get("type")
        if kind == END:
            why = self.why_not_end(st, frame)
            return why if why is not None else super().explain(st, frame, role, action)
        uid = action.get("unit")
        if kind != DEPLOY or not isinstance(uid, str) or uid not in st.data["units"]:
            return "set up a unit in a hex, or finish the deployment", self.case_of(st, frame)
        return self._why_not_deploy(st, frame, role, uid, action.get("hex"))

    def _why_not_deploy(
        self, st: State, frame: Frame, role: str, uid: str, hex_label: Any
    ) -> tuple[str, str | None]:
        ui = U.info(st, uid)
        case = self.case_of(st, frame)
        if ui.side != role:
            return f"{ui.name} is not yours", case
        if uid in frame["placed"]:
            return f"{ui.name} has already been set up in this deployment", case
        found = self.candidates(st, frame).get(uid)
        if found is None:
            return self.unit_refusal(st, frame, uid)
        hexes, unit_case = found
        if hex_label not in hexes:
            text = f"{ui.name} may not be set up in {hex_label}: not {self.where(unit_case)}"
            return self.cite(text, unit_case)
        why = fits(st, uid, hex_label)
        if why is not None:
            return why, self.stacking_case
        return super().explain(st, frame, role, {"type": DEPLOY})
