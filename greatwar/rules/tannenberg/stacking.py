"""7.1 Stacking.

Any number of units may pass through a hex (4.4.1); the limit holds after the
end of each movement phase (7.1.2), for the units of both sides (a reserve
reaction, 4.5.4, may have crowded the other side's hexes too): at most 6
units when all belong to one corps, else at most 4 (units of different corps,
or of no corps).  HQs do not count (7.1.3, 13.1.4); supply trains count as
units, and at most one may stand in a hex (7.1.4); units on rail transport
count (7.1.5).  Masking counters never count: the units they hide are in
their hex and count there (16.2.4).

Reading where the rules are silent: what becomes of units over the limit.  The
rules forbid the situation rather than punish it, so the movement phase warns
its player of every hex over the limit before he ends it; if he ends it so
all the same, the owner eliminates units of his choice in each hex until it
is within the limits (as the Great War in the East does, 6.14), one action a
unit.  The eliminations score as any other (19.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.phases import Action, Frame, Handler
from greatwar.rules.tannenberg import seats
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.tables import constant

if TYPE_CHECKING:
    from greatwar.engine.state import State

CASE = "tannenberg 7.1.2"
TRAIN = "supply_train"
MASK = "mask"


def counts(st: State, uid: str) -> bool:
    """Whether the piece counts toward the limit: not an HQ (7.1.3), not a masking
    counter (16.2.4)."""
    ui = U.info(st, uid)
    return not ui.hq and ui.type != MASK


def counted_units(st: State, hex_label: str) -> list[str]:
    return [uid for uid in U.units_in(st, hex_label) if counts(st, uid)]


def limit(st: State, units: list[str]) -> int:
    """7.1.2 six units of one corps, four otherwise (different corps, or of no corps)."""
    corps = {U.info(st, uid).corps for uid in units}
    if len(corps) == 1 and "" not in corps:
        return int(constant("stacking_same_corps"))
    return int(constant("stacking_mixed"))


def trains(st: State, units: list[str]) -> list[str]:
    return [uid for uid in units if U.info(st, uid).type == TRAIN]


def excess(st: State, hex_label: str) -> tuple[int, int]:
    """Units over the limit (7.1.2) and supply trains over one (7.1.4) in the hex."""
    units = counted_units(st, hex_label)
    over = max(0, len(units) - limit(st, units))
    trains_over = max(0, len(trains(st, units)) - int(constant("supply_trains_per_hex")))
    return over, trains_over


def overstacked(st: State, side: str | None = None) -> list[str]:
    """Hexes over the limits, of one side or both (sorted; a new list)."""
    found = U.cached(st, "tannenberg_overstacked", _overstacked)
    if side is None:
        return list(found)
    sides = U.hex_side(st)
    return [h for h in found if sides[h] == side]


def _overstacked(st: State) -> tuple[str, ...]:
    """Every hex over the limits (7.1.2, 7.1.4; sorted), found once per revision of the
    units (the movement phase's prompt asks it after every action).  A hex's excess reads
    only which units stand in it (their counters: HQ, type, corps) and the scenario's
    constants, so it is kept per stack (:func:`_stack_over`): after a move only the
    stacks it made are counted."""
    memo = st.memo
    return tuple(
        sorted(
            h
            for h, ids in U.occupancy(st).items()
            if memo(("tb_stack_over", *ids), _stack_over, st, h)
        )
    )


def _stack_over(st: State, hex_label: str) -> bool:
    """Whether the units in the hex are over a limit (7.1.2, 7.1.4)."""
    return any(excess(st, hex_label))


def choices(st: State, hex_label: str) -> list[str]:
    """Units whose removal relieves the hex: any counted unit while there are too many
    units, else the supply trains."""
    units = counted_units(st, hex_label)
    over, trains_over = excess(st, hex_label)
    if over:
        return units
    return trains(st, units) if trains_over else []


def warning(st: State, role: str) -> str:
    """A line for the movement phase's prompt: the role's hexes over the limit now."""
    hexes = overstacked(st, seats.side_of_role(role))
    if not hexes:
        return ""
    return (
        f" Over the stacking limit now: {', '.join(hexes)} (7.1.2: at the end of the phase"
        " units over the limit are eliminated)."
    )


def check(st: State) -> None:
    """Called at the end of a movement phase: push the check when some hex is over."""
    if overstacked(st):
        st.push({"kind": StackingCheck.kind})


class StackingCheck(Handler):
    """7.1.2 after the movement phase each owner eliminates units over the limits."""

    kind = "stacking_check"
    case = CASE

    def actors(self, st: State, frame: Frame) -> list[str]:
        roles = []
        for role in seats.roles(st.game):
            if self.legal(st, frame, role)[:1]:
                roles.append(role)
        return roles

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        actions: list[Action] = []
        for h in overstacked(st, seats.side_of_role(role)):
            for uid in choices(st, h):
                if seats.role_of_unit(st, uid) == role:
                    actions.append({"type": "eliminate", "unit": uid, "hex": h})
        return actions

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        uid, h = action["unit"], action["hex"]
        units = counted_units(st, h)
        over = excess(st, h)[0]
        why = (
            f"{len(units)} units in {h}, over the limit of {limit(st, units)}"
            if over
            else f"{len(trains(st, units))} supply trains in {h}, over the limit of one"
        )
        U.eliminate_unit(st, uid, CASE if over else "tannenberg 7.1.4", f"stacking: {why}")

    def run(self, st: State, frame: Frame) -> None:
        st.pop()

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        hexes = ", ".join(overstacked(st, seats.side_of_role(role)))
        return f"End of the movement phase: {hexes} over the stacking limit; eliminate units."

    def title(self, st: State, frame: Frame) -> str:
        return "Stacking check"

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        uid, h = action.get("unit"), action.get("hex")
        if action.get("type") != "eliminate":
            return "only units over the stacking limit are eliminated now", CASE
        if not isinstance(uid, str) or uid not in st.data["units"]:
            return f"there is no unit {uid!r}", CASE
        if seats.role_of_unit(st, uid) != role:
            return f"{U.info(st, uid).name} is not yours: the owner chooses", CASE
        if U.record(st, uid)["hex"] != h:
            return f"{U.info(st, uid).name} is not in {h}", CASE
        if not counts(st, uid):
            return f"{U.info(st, uid).name} does not count toward the limit", "tannenberg 7.1.3"
        return f"{h} is within the stacking limits", CASE


def handlers() -> list[Handler]:
    return [StackingCheck()]
