"""16.3 Cavalry reconnaissance (3.1 phase 3), and 16.2.7: empty masks in enemy zones.

The phase opens by removing every empty mask standing in an enemy control
zone (16.2.7).  Then the players of both sides, at the same time, may each
send cavalry to reconnoitre: a cavalry unit picks one hex within two hexes
(16.3.2, 16.3.3) holding enemy masking counters; a die roll not above its
effectiveness reveals every mask there (16.3.4, 16.3.1).  Each role decides
for its own cavalry (three seats: the army's player) and ends when it wishes.

Readings where the rules are silent:

* The "line" of 16.3.2 is a shortest chain of hexes from the cavalry to the
  hex (one or two steps): it may not cross a lake (a lake hex between them, a
  lake along a hexside) nor the Vistula except by an intact bridge (6.0);
  several such chains may exist and one free chain is enough.
* Only hexes holding enemy masking counters are offered (reconnaissance of
  another hex could reveal nothing).
* A cavalry unit hidden under a mask is on the MASKING card, not on the
  board: it does not reconnoitre.  A cavalry unit in an enemy control zone may.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.phases import Action, Frame, Handler
from greatwar.rules.tannenberg import masking, masks, rail, seats
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.tables import constant

if TYPE_CHECKING:
    from greatwar.engine.state import State

CASE = "tannenberg 16.3.4"
#: terrain no reconnaissance line crosses (16.3.2: lakes)
BLOCKING_TERRAIN = frozenset({"lake"})
#: hexside features no reconnaissance line crosses (16.3.2), unless by a bridge (Vistula)
LAKE_SIDES = frozenset({"lake_shore"})
GREAT_RIVER = "great_river"
BRIDGE = "bridge"


def _crossable(st: State, a: str, b: str) -> bool:
    """16.3.2 the line may go from ``a`` to the adjacent ``b``: no lake along the hexside,
    the Vistula only by a bridge that still stands."""
    board = U.static(st).scenario.board
    features = board.features(a, b)
    if features & LAKE_SIDES:
        return False
    if GREAT_RIVER in features:
        return BRIDGE in features and not rail.bridge_destroyed(st, a, b)
    return True


def line_free(st: State, start: str, target: str) -> bool:
    """16.3.2 some shortest chain of hexes from ``start`` to ``target`` crosses no lake and
    the Vistula only by bridges (``target`` within the reconnaissance range)."""
    board = U.static(st).scenario.board
    terrain = board.terrain

    def free(here: str) -> bool:
        if here == target:
            return True
        left = board.distance(here, target)
        return any(
            board.distance(step, target) == left - 1
            and _crossable(st, here, step)
            and (step == target or terrain.get(step) not in BLOCKING_TERRAIN)
            and free(step)
            for step in board.neighbours[here]
        )

    return free(start)


def reconnaissance_range() -> int:
    return int(constant("recon_range"))


def targets(st: State, uid: str) -> list[str]:
    """16.3.2 hexes holding enemy masks that the cavalry unit ``uid`` may reconnoitre."""
    board = U.static(st).scenario.board
    here = U.record(st, uid)["hex"]
    enemy = U.enemy_of(st, U.info(st, uid).side)
    masked_hexes = {st.data["units"][m]["hex"] for m in masks.on_map_masks(st, enemy)}
    return sorted(
        h
        for h in masked_hexes
        if 0 < board.distance(here, h) <= reconnaissance_range() and line_free(st, here, h)
    )


def scouts(st: State, role: str, tried: list[str]) -> list[str]:
    """The role's cavalry on the board that has not reconnoitred this phase (16.3.3)."""
    side = seats.side_of_role(role)
    return [
        uid
        for uid in U.on_map(st, side)
        if U.info(st, uid).type == "cavalry"
        and uid not in tried
        and seats.role_of_unit(st, uid) == role
        and not masks.is_masked(st, uid)
    ]


def reconnoitre(st: State, uid: str, hex_label: str) -> list[str]:
    """16.3.4 the cavalry unit reconnoitres a hex: a die roll not above its effectiveness
    reveals every enemy mask there (16.3.1).  Returns the units revealed."""
    ui = U.info(st, uid)
    effectiveness = U.effectiveness(st, uid)
    roll = st.roll(
        f"{ui.name} reconnoitres {hex_label} (effectiveness {effectiveness}:"
        f" {effectiveness} or less succeeds)",
        CASE,
    )
    if roll > effectiveness:
        st.log(f"The reconnaissance of {hex_label} by {ui.name} fails.", case=CASE)
        return []
    enemy = U.enemy_of(st, ui.side)
    return masks.reveal_hex(st, hex_label, enemy, "tannenberg 16.3.1", f"reconnoitred by {ui.name}")


class ReconnaissancePhase(Handler):
    """3.1 phase 3.  Frame locals: ``swept`` (16.2.7 done), ``tried`` (cavalry that have
    reconnoitred, 16.3.3), ``done`` (roles that have ended the phase)."""

    kind = "reconnaissance_phase"
    case = "tannenberg 16.3.1"

    def setup(self, st: State, frame: Frame) -> None:
        frame.setdefault("swept", False)
        frame.setdefault("tried", [])
        frame.setdefault("done", [])

    def _options(self, st: State, frame: Frame, role: str) -> list[Action]:
        return [
            {"type": "reconnoitre", "unit": uid, "hex": h}
            for uid in scouts(st, role, frame["tried"])
            for h in targets(st, uid)
        ]

    def actors(self, st: State, frame: Frame) -> list[str]:
        if not frame["swept"]:
            return []
        return [
            r
            for r in seats.roles(st.game)
            if r not in frame["done"] and self._options(st, frame, r)
        ]

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        return [*self._options(st, frame, role), {"type": "end_phase"}]

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        if action["type"] == "end_phase":
            frame["done"] = sorted([*frame["done"], role])
            return
        frame["tried"].append(action["unit"])
        reconnoitre(st, action["unit"], action["hex"])

    def run(self, st: State, frame: Frame) -> None:
        if not frame["swept"]:
            masking.remove_empty_in_enemy_zones(st)  # 16.2.7
            frame["swept"] = True
            return
        st.pop()

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        return (
            "Reconnaissance phase: choose a cavalry unit and a hex within two hexes holding"
            " enemy masks (16.3.2), or end the phase."
        )

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        uid = action.get("unit")
        if action.get("type") != "reconnoitre":
            return f"{action.get('type')!r} is not an action here (reconnoitre, end_phase)", CASE
        if role in frame["done"]:
            return "you have ended this reconnaissance phase", self.case
        if not isinstance(uid, str) or uid not in st.data["units"] or masks.is_mask(st, uid):
            return f"there is no unit {uid!r}", CASE
        ui = U.info(st, uid)
        if seats.role_of_unit(st, uid) != role:
            return f"{ui.name} is not yours", CASE
        if ui.type != "cavalry":
            return f"{ui.name} is not cavalry: only cavalry reconnoitres", "tannenberg 16.3.2"
        if uid in frame["tried"]:
            return f"{ui.name} has reconnoitred once this phase", "tannenberg 16.3.3"
        if st.data["units"][uid]["status"] != "on_map" or masks.is_masked(st, uid):
            return f"{ui.name} is not on the board", CASE
        h = action.get("hex")
        board = U.static(st).scenario.board
        if not isinstance(h, str) or not board.on_map(h):
            return f"{h!r} is not a hex of this map", CASE
        here = U.record(st, uid)["hex"]
        if board.distance(here, h) > reconnaissance_range():
            return f"{h} is more than {reconnaissance_range()} hexes away", "tannenberg 16.3.2"
        if not line_free(st, here, h):
            return (
                f"the line from {here} to {h} crosses a lake or the Vistula away from a bridge",
                "tannenberg 16.3.2",
            )
        return f"{h} holds no enemy masking counter", "tannenberg 16.3.2"

    def title(self, st: State, frame: Frame) -> str:
        return "Reconnaissance phase"
