"""2.3.8-2.3.9 Rest and reorganisation (3.1 phase 7).

The phase is automatic.  It first settles what the two movement phases did
for victory (control of towns, captured fortifications, special
reinforcements that entered, automatic victory: :func:`victory.end_of_movement`),
then, for both sides' units in the scenario's counter order:

1. Rest (2.3.8): a unit that did not move in phases 5 and 6, did not build
   trenches, did not fight and stands in no enemy control zone recovers one
   lost endurance point, within its level.
2. Reorganisation (2.3.9): a unit on its second level, with supply, commanded,
   at least 3 hexes from every enemy unit, that did not move and took part in
   no clash, and has no endurance point lost on its level rolls the die:
   Russians regain the front level on 1-2, Germans on 1-3, with 4 endurance
   points lost.

Readings where the rules are silent:

* Both rest and the reorganisation roll are made for every unit that
  qualifies, without asking: each costs nothing and can only help (a unit
  regaining its front level with 4 points lost can take exactly as many
  points before elimination as on its back with none, at a higher strength),
  so no player would decline; asking for every unit every stage would only
  slow play.  The rulebook's "may" is read as permission, as for recovery.
* Rest comes before the roll in the same phase ("may both recover ... and
  attempt"): a unit whose only lost point on its second level is recovered
  may then roll.
* "Did not fight" and "did not take part in any clash during this stage":
  the clash phase (8) comes after this phase, so both mean the clash phase
  just played, the previous stage's (and any clash of this stage before this
  phase, were there one).  The clash module records the stage of a unit's
  last clash in its record (``combatants.CLASH_NOTE``); trench building is
  the fortifications module's ``built_trench_this_stage``.
* "3 hexes from an enemy unit" counts hexes on the grid, whatever lies
  between; every enemy piece on the map counts (HQs, supply trains and masks:
  a player cannot tell an empty mask, and counting them leaks nothing).
* HQs and supply trains have no levels and no endurance (2.3.2): they neither
  rest nor reorganise.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.phases import Frame, Handler
from greatwar.rules.tannenberg import (
    combatants,
    command,
    fog,
    fortified,
    movement,
    supply,
    victory,
    zoc,
)
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.tables import constant

if TYPE_CHECKING:
    from greatwar.engine.state import State

CASE_REST = "tannenberg 2.3.8"
CASE_REGAIN = "tannenberg 2.3.9"


# --- what the other phases recorded ------------------------------------------------------


def moved(st: State, uid: str) -> bool:
    return movement.moved_this_stage(st, uid)


def fought(st: State, uid: str) -> bool:
    """The unit took part in a clash in the last clash phase (the previous stage's) or
    in this stage."""
    stage = U.record(st, uid).get(combatants.CLASH_NOTE)  # the clash module's record
    return stage is not None and stage >= st.data["stage"] - 1


def built_trenches(st: State, uid: str) -> bool:
    """The unit built trenches at the end of a movement phase of this stage (12.1.2)."""
    return fortified.built_trench_this_stage(st, uid)


def in_enemy_zone(st: State, uid: str) -> bool:
    return zoc.in_enemy_zoc(st, uid)


# --- 2.3.8 rest ---------------------------------------------------------------------------


def rest_refusal(st: State, uid: str) -> str | None:
    """Why the unit does not recover endurance this phase (2.3.8), or None."""
    ui = U.info(st, uid)
    if not ui.level_count:
        return f"{ui.name} has no endurance (2.3.2)"
    if U.record(st, uid)["lost"] == 0:
        return f"{ui.name} has lost no endurance on its level"
    if moved(st, uid):
        return f"{ui.name} moved this stage"
    if built_trenches(st, uid):
        return f"{ui.name} built trenches this stage"
    if fought(st, uid):
        return f"{ui.name} fought in the last clash phase"
    if in_enemy_zone(st, uid):
        return f"{ui.name} is in an enemy control zone"
    return None


def rest(st: State, uid: str) -> None:
    """2.3.8 recover the endurance points one phase gives, within the unit's level."""
    for _ in range(int(constant("rest_endurance_recovered"))):
        U.recover_endurance(st, uid, CASE_REST)


# --- 2.3.9 reorganisation -----------------------------------------------------------------


def _near_enemy(st: State, side: str) -> frozenset[str]:
    board = st.game.scenario.board
    radius = int(constant("regain_level_min_enemy_distance")) - 1
    hexes: set[str] = set()
    for uid in U.on_map(st, U.enemy_of(st, side)):
        hexes.update(board.within(U.record(st, uid)["hex"], radius))
    return frozenset(hexes)


def near_enemy(st: State, side: str) -> frozenset[str]:
    """Hexes closer than 3 hexes to an enemy piece of ``side`` (2.3.9)."""
    enemy = U.enemy_of(st, side)
    return U.cached(  # type: ignore[no-any-return]
        st, f"tannenberg-near-enemy-{side}", lambda s: _near_enemy(s, side), side=enemy
    )


def regain_refusal(st: State, uid: str) -> str | None:
    """Why the unit may not try to regain a level now (2.3.9), or None."""
    ui = U.info(st, uid)
    rec = U.record(st, uid)
    if not ui.level_count or rec["level"] == 0:
        return f"{ui.name} is on its front level"
    if rec["lost"]:
        return f"{ui.name} has lost endurance on its level"
    if moved(st, uid):
        return f"{ui.name} moved this stage"
    if fought(st, uid):
        return f"{ui.name} took part in a clash"
    if rec["hex"] in near_enemy(st, ui.side):
        distance = constant("regain_level_min_enemy_distance")
        return f"{ui.name} is less than {distance} hexes from an enemy unit"
    if not supply.supplied(st, uid):
        return f"{ui.name} has no supply (15.2.8)"
    if not command.commanded(st, uid):
        return f"{ui.name} is not commanded (13.2.4, 13.4.1)"
    return None


def success_rolls(st: State, uid: str) -> list[int]:
    """2.3.9 the die rolls that regain a level: Russians 1-2, Germans 1-3."""
    return [int(v) for v in constant(f"regain_level_success_{U.info(st, uid).nationality}")]


def try_regain(st: State, uid: str) -> bool:
    """2.3.9 roll to regain the front level; True on success."""
    ui = U.info(st, uid)
    readers = fog.readers_of(st, uid)
    whose = ui.name if readers is None else f"a masked {ui.side} unit"
    wins = success_rolls(st, uid)
    value = st.roll(f"{whose} tries to regain a level (needs {_listed(wins)})", case=CASE_REGAIN)
    if value in wins:
        U.regain_level(st, uid, CASE_REGAIN)
        return True
    st.log(f"{ui.name} does not regain its level.", case=CASE_REGAIN, to=readers)
    return False


def _listed(values: list[int]) -> str:
    return ", ".join(str(v) for v in values)


# --- the phase -------------------------------------------------------------------------------


class RestPhase(Handler):
    """3.1 phase 7: rest (2.3.8) and reorganisation (2.3.9) of both sides' units."""

    kind = "rest_phase"
    case = CASE_REST

    def run(self, st: State, frame: Frame) -> None:
        st.pop()
        victory.end_of_movement(st)
        if st.data["over"]:
            return
        units = [uid for uid in U.on_map(st) if U.info(st, uid).level_count]
        resting = [uid for uid in units if rest_refusal(st, uid) is None]
        for uid in resting:
            rest(st, uid)
        trying = [uid for uid in units if regain_refusal(st, uid) is None]
        for uid in trying:
            if U.record(st, uid)["status"] == "on_map":
                try_regain(st, uid)

    def title(self, st: State, frame: Frame) -> str:
        return "Rest and reorganisation phase"
