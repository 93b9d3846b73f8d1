"""The Brusilov Offensive, 25.0 Victory: control in supply, surrounded eliminations, minus
awards, permanent withholding, levels.

One index, the net Russian total (25.0): the points of the side the scenario's
``[victory] index_side`` names (the Russians) are added, the Central Powers' are
subtracted from it the moment they are earned (25.14); it may be negative (25.15,
26.25).  The levels of 25.3 are the scenario's ``[[victory.levels]]``.

Choices made where the rules are silent (docs/readings.md, The Brusilov Offensive):

* AB12: a unit eliminated while surrounded scores 2 per Stacking Point *instead of* 1
  (option ``surrounded_points_in_addition``: 3).  Its line (25.13) is counted as a line
  of supply is (9.13): the unit's own hex not counted, the hex it reaches counted
  (option ``surrounded_line_counts_destination`` off: up to seven hexes with the
  destination); Friendly units negate Enemy zones of control in their hexes, as for
  supply (7.24; option ``surrounded_friendly_units_negate_zoc``).  Any Enemy unit, an
  HQ too, blocks the line ("free of Enemy units"), as does an undestroyed Enemy
  fortress.  A "supplied Friendly unit" is one that can trace a line of supply (9.12);
  an HQ is surrounded or not like any unit but scores its HQ point (25.2 gives no
  surrounded rate for HQs).
* AB13: a unit removed from play (:func:`greatwar.rules.gwite.units.remove_from_play`,
  a depot burned for Massed Artillery Fire, 19.21) scores nothing; only eliminations do.
* AB14: outside the Game-Turns 25.2 prices, the Central Powers may not withhold a unit
  permanently (option ``withhold_outside_schedule``: they may, for no points).
* 25.12: a town is in supply when a Russian unit standing in it would be (9.0).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import supply, zoc
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.brusilov.data import data, option
from greatwar.rules.gwite.names import side_name
from greatwar.rules.gwite.towns import reaches as _reaches
from greatwar.rules.gwite.towns import town_in_supply

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.schema import Victory

IN_ADDITION = "surrounded_points_in_addition"
COUNTS_DESTINATION = "surrounded_line_counts_destination"
NEGATE_ZOC = "surrounded_friendly_units_negate_zoc"
WITHHOLD_ANY_TURN = "withhold_outside_schedule"

#: this section's optional rules (merged into :attr:`BrusilovRules.options`)
OPTIONS: dict[str, OptionSpec] = {
    IN_ADDITION: OptionSpec(
        False,
        "A unit eliminated while surrounded scores 2 per Stacking Point in addition to the"
        " 1 of any elimination, 3 in all (reading AB12 b; off: 2 instead of 1)",
        "brusilov 25.2",
    ),
    COUNTS_DESTINATION: OptionSpec(
        True,
        "The six hexes of a surrounded unit's line include the hex it reaches (reading"
        " AB12, as a line of supply 9.13; off: six hexes between, seven with it)",
        "brusilov 25.13",
    ),
    NEGATE_ZOC: OptionSpec(
        True,
        "Friendly units negate Enemy zones of control in their hexes for a surrounded"
        " unit's line, as for supply (reading AB12, 7.24; off: every Enemy zone blocks)",
        "brusilov 25.13",
    ),
    WITHHOLD_ANY_TURN: OptionSpec(
        False,
        "The Central Powers may withhold reinforcements permanently on Game-Turns 25.2"
        " gives no points for, for no points (reading AB14 a; off: not allowed)",
        "brusilov 25.16",
    ),
}

#: unit record note: the unit was surrounded when it was eliminated (25.13)
SURROUNDED = "surrounded_when_eliminated"
#: 25.13 a surrounded unit's line: six hexes or less
LINE = 6


def _victory(st: State) -> Victory | None:
    return st.game.scenario.file.victory


# --- 25.13 surrounded --------------------------------------------------------------------


def surrounded(st: State, uid: str) -> bool:
    """25.13 the unit (on the map) cannot trace a line of six hexes or less, free of Enemy
    units and their zones of control, to a Friendly supply source or a supplied Friendly
    unit (the readings of AB12: see the module)."""
    side = U.info(st, uid).side
    here = U.record(st, uid)["hex"]
    blocked, zones, targets = _line_terms(st, side, uid)
    if here in targets:
        return False
    limit = LINE if option(st, COUNTS_DESTINATION) else LINE + 1
    return not _reaches(st, here, limit, blocked | zones, targets)


def _line_terms(st: State, side: str, uid: str) -> tuple[set[str], frozenset[str], set[str]]:
    """Hexes a surrounded unit's line may not enter (Enemy units, Enemy fortresses; Enemy
    zones), and the hexes it may end in (sources, supplied Friendly units)."""
    stat = U.static(st)
    blocked: set[str] = set()
    present: set[str] = set()
    for h, ids in U.occupancy(st).items():
        (present if stat.units[ids[0]].side == side else blocked).add(h)
    for h, owner in stat.fortress_side.items():
        if not zoc.fortress_destroyed(st, h):
            (present if owner == side else blocked).add(h)
    zones = zoc.enemy_controlled(st, side)
    if option(st, NEGATE_ZOC):
        zones = zones - present  # 7.24
    targets = set(supply.sources(st, side))
    for friend in U.on_map(st, side):
        if friend != uid and (supply.has_line(st, friend) or supply.fortress_fed(st, friend)):
            targets.add(U.record(st, friend)["hex"])
    return blocked, zones, targets


# --- 25.12 towns in supply ---------------------------------------------------------------


def town_points(st: State) -> list[dict[str, Any]]:
    """25.11, 25.12 every town with points: whether the Russians would score it now."""
    victory = _victory(st)
    if victory is None:
        return []
    side = victory.index_side
    occupied = U.hex_side(st)
    out = []
    for h, city in U.static(st).scenario.board.cities.items():
        if not city.vp:
            continue
        # 25.12 last to occupy or move through it, or occupying it now
        controlled = st.data["control"].get(h) == side or occupied.get(h) == side
        supplied = controlled and town_in_supply(st, side, h)
        out.append(
            {
                "hex": h,
                "name": city.name,
                "vp": city.vp,
                "controlled": controlled,
                "in_supply": supplied,
                "scored": controlled and supplied,
            }
        )
    return out


# --- 25.16 permanent withholding ---------------------------------------------------------


def central_side(st: State) -> str | None:
    """The side whose awards are subtracted from the index (the Central Powers, 25.0)."""
    victory = _victory(st)
    if victory is None:
        return None
    return U.enemy_of(st, victory.index_side)


def withholding_points(st: State) -> int | None:
    """25.2 points of a unit permanently withheld on this Game-Turn; None when withholding
    is not allowed now (AB14)."""
    turn = st.data["turn"]
    for row in data(st).withholding:
        if row.covers(turn):
            return row.vp
    return 0 if option(st, WITHHOLD_ANY_TURN) else None


def withholding_turns(st: State) -> str:
    rows = data(st).withholding
    spans = [f"{r.from_turn}-{r.to_turn}" if r.to_turn else f"{r.from_turn}+" for r in rows]
    return ", ".join(spans) or "none"


def withhold_permanently(st: State, uid: str) -> None:
    """25.16 the Central Powers withhold a reinforcement for good: it never enters, and the
    Russian total drops at once (25.14) by the points of this Game-Turn (25.2)."""
    points = withholding_points(st) or 0
    name = U.info(st, uid).name
    U.remove_from_play(st, uid, "brusilov 25.16", "permanently withheld; it will never enter")
    turn = st.data["turn"]
    if points:
        st.data["vp"] += points
        st.log(
            f"Victory points {points:+d} for withholding {name} permanently on Game-Turn"
            f" {turn} (25.2), subtracted from the Russian total at once (25.14); the total"
            f" is now {st.data['vp']}.",
            case="brusilov 25.16",
        )
    else:
        st.log(
            f"No victory points for withholding {name} on Game-Turn {turn}: 25.2 prices"
            f" Game-Turns {withholding_turns(st)} only (reading AB14).",
            case="brusilov 25.16",
        )


# --- the rules --------------------------------------------------------------------------


class BrusilovVictory:
    """The Brusilov Offensive's victory rules (a part of :class:`BrusilovRules`)."""

    def before_eliminated(self, st: State, uid: str, case: str) -> None:
        """25.13 whether the unit is surrounded is judged where it stands, before it goes."""
        super().before_eliminated(st, uid, case)  # type: ignore[misc]
        if _victory(st) is None or U.record(st, uid)["status"] != "on_map":
            return
        if U.info(st, uid).hq or not data(st).surrounded_per_stacking_point:
            return
        if surrounded(st, uid):
            U.set_note(st, uid, SURROUNDED, True)

    def unit_eliminated(self, st: State, uid: str, case: str) -> None:
        """25.2 points for an eliminated unit: per Stacking Point (2 while surrounded,
        25.13), per HQ; the Central Powers' subtracted at once (25.14)."""
        was_surrounded = bool(U.record(st, uid).get(SURROUNDED))
        U.set_note(st, uid, SURROUNDED, None)
        victory = _victory(st)
        if victory is None:
            return
        ui = U.info(st, uid)
        if ui.hq:
            points, how = victory.per_hq_eliminated, "HQ"
        elif was_surrounded:
            rate = data(st).surrounded_per_stacking_point
            if option(st, IN_ADDITION):
                rate += victory.per_stacking_point_eliminated
            points = rate * ui.stacking
            how = (
                f"{ui.stacking} Stacking Points at {rate} each, eliminated while surrounded, 25.13"
            )
        else:
            rate = victory.per_stacking_point_eliminated
            points = rate * ui.stacking
            how = f"{ui.stacking} Stacking Points at {rate} each"
        if not points:
            return
        signed = points if ui.side != victory.index_side else -points
        st.data["vp"] += signed
        at_once = (
            f"; subtracted from the {side_name(st, victory.index_side)} total at once (25.14)"
            if signed < 0
            else ""
        )
        st.log(
            f"Victory points {signed:+d} for the elimination of {ui.name} ({how}){at_once};"
            f" the total is now {st.data['vp']} (25.2).",
            case="brusilov 25.2",
        )

    def city_points(self, st: State) -> int:
        """25.11, 25.12 the towns the Russians control and can supply (only the Russians
        score towns: the Central Powers' towns count nothing)."""
        return sum(t["vp"] for t in town_points(st) if t["scored"])

    def towns_scored_in_supply(self, st: State, side: str) -> dict[str, int]:
        """25.11, 25.12 the Russians' towns score at the end only while in supply."""
        towns: dict[str, int] = super().towns_scored_in_supply(st, side)  # type: ignore[misc]
        victory = _victory(st)
        if victory is None or side != victory.index_side:
            return towns
        cities = U.static(st).scenario.board.cities
        return {**towns, **{h: city.vp for h, city in cities.items() if city.vp}}

    def result(self, st: State) -> dict[str, Any]:
        """25.3 the level of victory from the final total, and which towns scored (25.11)."""
        out: dict[str, Any] = super().result(st)  # type: ignore[misc]
        towns = town_points(st)
        if towns:
            out["towns"] = towns
        return out
