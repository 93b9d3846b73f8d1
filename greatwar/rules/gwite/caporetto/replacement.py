"""Step replacement in Caporetto (caporetto 13.0; 25.1 is the scenario's): brigades, the
distance and the fortress exception, corps rebuilt one step at a time.

* caporetto 13.0 brigades are eligible (besides std 13.0's divisions and corps); corps
  replace one step at a time and only while two steps or more remain ("Corps with only
  2 steps remaining can be rebuilt": one left, no more); every other unit regains its one
  lost step.
* The rolls (Central Powers 1; Italians none on Game-Turns 1-2, 1 on 3-9, 1-2 on 10-12,
  1-3 on 13-15; French and British never) are the scenario's
  ``parameters.replacement.rolls``, each row citing caporetto 13.0.
* Only supplied Enemy units bar replacement, the monitor never; they bar it within 4
  hexes (AC5 reading (a): "a minimum distance of 5 hexes" allows an Enemy unit exactly 5
  hexes away); the option ``replacement_five_hexes_bars`` takes reading (b): 5 bars,
  save by the fortress exception ("within 5 hexes").
* The fortress exception: in a Friendly, undestroyed Fortress hex a unit replaces steps
  near a supplied Enemy unit if a line of supply (within the unit's Supply Range) runs
  from the fortress to a Friendly supply source through no Enemy unit, no Enemy zone of
  control (save where Friendly units stand, std 7.24), no prohibited terrain or hexside
  and across no Ridge hexside.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import replacement, supply, zoc
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.caporetto.data import option
from greatwar.rules.gwite.caporetto.supply import is_monitor, ridge_free_links
from greatwar.rules.gwite.supply import per_game

if TYPE_CHECKING:
    from greatwar.engine.state import State

#: AC5 reading (b): a supplied Enemy unit exactly 5 hexes away bars replacement
FIVE_HEXES_BARS_OPTION = "replacement_five_hexes_bars"

#: this section's optional rules (merged into :attr:`CaporettoRules.options`)
OPTIONS: dict[str, OptionSpec] = {
    FIVE_HEXES_BARS_OPTION: OptionSpec(
        False,
        "A supplied Enemy unit exactly 5 hexes away bars step replacement (but in a fortress"
        " with a clear line of supply): 13.0 'within 5 hexes' (AC5 b; default: 'a minimum"
        " distance of 5 hexes' allows it)",
        "caporetto 13.0",
    ),
}

CASE = "caporetto 13.0"
#: caporetto 13.0: sizes whose lost steps may be replaced (std 13.0's divisions, and more)
REPLACEABLE_SIZES = ("division", "brigade", "corps")
#: caporetto 13.0: a corps is rebuilt only while it has this many steps or more
CORPS_STEPS_TO_REBUILD = 2


def fortress_line(st: State, uid: str) -> bool:
    """caporetto 13.0 the unit stands in a Friendly undestroyed fortress from which a line
    of supply runs to a Friendly source, free of Enemy units and zones of control (7.24:
    Friendly units open them), prohibited terrain and hexsides and Ridge hexsides, within
    the unit's Supply Range."""
    ui = U.info(st, uid)
    here = U.record(st, uid)["hex"]
    stat = U.static(st)
    if stat.fortress_side.get(here) != ui.side or zoc.fortress_destroyed(st, here):
        return False
    tab = supply.table(st, ui.side)
    closed = tab.blocked | tab.enemy_zones
    links = per_game(
        st, "caporetto-fortress-links", lambda: ridge_free_links(st, supply.network(st).links)
    )
    seen = {here}
    frontier = [here]
    for _ in range(supply.supply_range(st, uid)):
        following = []
        for h in frontier:
            for n in links[h]:
                if n in seen or n in closed:
                    continue
                if n in tab.sources:
                    return True
                seen.add(n)
                following.append(n)
        frontier = following
    return False


class CaporettoReplacement:
    """A part of :class:`CaporettoRules` (every override calls ``super()`` and keeps what
    the parts after it in the rules' bases give)."""

    def kind_refusal(self, st: State, uid: str) -> str | None:
        """caporetto 13.0 brigades (and corps: see :meth:`replacement_refusal`) with a lost
        step are eligible; the standard rules judge every other unit."""
        ui = U.info(st, uid)
        lost = U.record(st, uid)["lost"]
        if lost and ui.size in REPLACEABLE_SIZES and ui.type not in replacement.NEVER_REPLACED:
            return None
        return super().kind_refusal(st, uid)  # type: ignore[misc,no-any-return]

    def replacement_refusal(self, st: State, uid: str) -> tuple[str, str] | None:
        """caporetto 13.0 a corps with fewer than 2 steps left cannot be rebuilt."""
        ui = U.info(st, uid)
        left = U.steps_left(st, uid)
        if ui.size == "corps" and left < CORPS_STEPS_TO_REBUILD:
            return (
                f"{ui.name} has only {left} step left: a corps is rebuilt only while"
                f" {CORPS_STEPS_TO_REBUILD} steps or more remain",
                CASE,
            )
        return super().replacement_refusal(st, uid)  # type: ignore[misc,no-any-return]

    def steps_restored(self, st: State, uid: str) -> int:
        """caporetto 13.0 one step at a time (corps; every other unit has lost one)."""
        return min(1, int(super().steps_restored(st, uid)))  # type: ignore[misc]

    def counts_for_distance(self, st: State, enemy_uid: str) -> bool:
        """caporetto 13.0 only supplied Enemy units bar replacement, the monitor never."""
        if is_monitor(st, enemy_uid) or not supply.in_supply(st, enemy_uid):
            return False
        return bool(super().counts_for_distance(st, enemy_uid))  # type: ignore[misc]

    def barring_distance(self, st: State) -> int:
        """caporetto 13.0 (AC5) "a minimum distance of 5 hexes": an Enemy unit 5 hexes away
        does not bar, unless the option reads "within 5 hexes"."""
        reach = int(super().barring_distance(st))  # type: ignore[misc]
        return reach if option(st, FIVE_HEXES_BARS_OPTION) else reach - 1

    def replaces_near_enemy(self, st: State, uid: str) -> bool:
        """caporetto 13.0 the fortress exception."""
        return fortress_line(st, uid) or bool(super().replaces_near_enemy(st, uid))  # type: ignore[misc]

    def replace(self, st: State, uid: str, case: str) -> None:
        """Log the fortress exception when it let the unit replace a step."""
        if U.record(st, uid)["hex"] in replacement.near_enemy(st, U.info(st, uid).side):
            st.log(
                f"{U.info(st, uid).name} replaces a step in its fortress, near the Enemy: a"
                " line of supply runs from the fortress to a Friendly source.",
                case=CASE,
            )
        super().replace(st, uid, case)  # type: ignore[misc]
