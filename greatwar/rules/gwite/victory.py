"""Victory: control of cities and the victory point index.

Cities and towns are controlled by the side whose unit last occupied or
moved through them (Brusilov 25.12).  Eliminated units earn points per
stacking point and per HQ when the scenario's schedule says so (Brusilov
25.2).  The total is read against the scenario's levels of victory (25.3).
The standard rules have no victory conditions of their own: the numbers and
the cases the log cites come from the scenario's ``[victory]``, and a game's
rules class changes the rest through :class:`VictoryRules` (R7): an event
before a unit is eliminated (while it still stands where it was: Brusilov
25.13's surrounded units), after it is, when a unit loses steps (by cause:
Caporetto 24, Serbia/Galicia 25.2), the cities' points and the result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.names import side_name

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.schema import Victory, VictoryLevel


#: state key, written only where the game's rules ask for it (Hindenburg 17.52): hex ->
#: the Game-Turn its control last changed
CONTROL_TURN = "control_turn"


def passed_through(st: State, uid: str, path: list[str]) -> None:
    """A unit entered these hexes: its side is now the last to occupy them.

    That decides control of cities and towns (Brusilov 25.12) and, through the
    game's :meth:`RailRules.rail_hexes_entered`, who last occupied a rail hex
    (5.33, 9.15: in the standard rules the same record, ``state.data["control"]``,
    the change stamped with the turn, ``state.data["control_turn"]``, where the
    game makes a hex usable only from the next Game-Turn; Hindenburg 17.51 keeps
    its own record).
    """
    board = U.static(st).scenario.board
    cities = board.cities
    rail_hexes = U.static(st).rail_hexes
    side = U.info(st, uid).side
    control = st.data["control"]
    taken = [h for h in dict.fromkeys(path) if h in cities and control.get(h) != side]
    rails = [h for h in path if h in rail_hexes]
    if rails:
        U.rules(st).rail_hexes_entered(st, uid, rails)
    if not taken:
        return
    victory = st.game.scenario.file.victory
    case = victory.control_case if victory is not None else ""
    for h in taken:
        control[h] = side
        U.rules(st).city_control_changed(st, h, side, case)


def usable_control(st: State, side: str, hex_label: str) -> bool:
    """Whether ``side`` may use a hex for rail movement and supply as far as who last
    occupied it goes (the game's :meth:`RailRules.usable_control`: in the standard rules
    not last occupied by an Enemy unit, 5.33, 9.15)."""
    return st.game.static.rules.usable_control(st, side, hex_label)  # type: ignore[no-any-return]


def level_for(victory: Victory, total: int) -> VictoryLevel | None:
    """The scenario's level of victory whose range holds ``total`` (the first), or None."""
    return next(
        (
            lv
            for lv in victory.levels
            if (lv.min is None or total >= lv.min) and (lv.max is None or total <= lv.max)
        ),
        None,
    )


# --- two totals, one per Player (Hindenburg 23.0, Caporetto 24.0) --------------------------


def index_and_other(st: State) -> tuple[str, str]:
    """In a game with one total per Player: the side whose total the difference counts
    first (``[victory] index_side``) and the other."""
    victory = st.game.scenario.file.victory
    first = victory.index_side if victory is not None else U.static(st).side_ids[0]
    return first, U.enemy_of(st, first)


def totals_difference(st: State, totals: dict[str, int]) -> int:
    """The difference of the two totals: the index side's minus the other's (with any
    points a ``[position]`` gives the index at the start)."""
    first, second = index_and_other(st)
    return int(st.data["vp"]) + totals[first] - totals[second]


def totals_text(st: State, totals: dict[str, int]) -> str:
    """Both totals as the log shows them, the index side's first."""
    first, second = index_and_other(st)
    return f"{side_name(st, first)} {totals[first]}, {side_name(st, second)} {totals[second]}"


def totals_result(st: State, totals: dict[str, int]) -> dict[str, Any]:
    """The result of a game with one total per Player: the scenario's level of victory
    read against the difference of the totals (the game adds what is its own)."""
    victory = st.game.scenario.file.victory
    assert victory is not None
    first, _ = index_and_other(st)
    diff = totals_difference(st, totals)
    level = level_for(victory, diff)
    name = level.result if level else "no level of victory matches"
    return {
        "winner": level.winner if level else None,
        "vp": diff,
        "index_side": first,
        "totals": totals,
        "level": name,
        "summary": (
            f"{name} ({totals_text(st, totals)}: difference {diff:+d} for the"
            f" {side_name(st, first)})"
        ),
        "source": victory.source,
    }


class VictoryRules:
    """The variation points of victory (a game's rules class may override them)."""

    def city_control_changed(self, st: State, hex_label: str, side: str, case: str) -> None:
        """``side`` has taken control of the city in ``hex_label`` (:func:`passed_through`):
        logged with the scenario's control case (Brusilov 25.12).  A game that keeps its
        own record of the places that score (Hindenburg 23.21) logs it there instead."""
        city = U.static(st).scenario.board.cities[hex_label]
        st.log(
            f"{side_name(st, side)} takes control of {city.name} ({hex_label}).",
            case=case or None,
        )

    def before_eliminated(self, st: State, uid: str, case: str) -> None:
        """A unit is about to be eliminated and still stands where it was (Brusilov 25.13
        scores surrounded units double).  Nothing in the standard rules."""

    def unit_eliminated(self, st: State, uid: str, case: str) -> None:
        """Score an eliminated unit on the victory point index (the scenario's points per
        stacking point and per HQ, the Brusilov 25.2 pattern)."""
        victory = st.game.scenario.file.victory
        if victory is None:
            return
        ui = U.info(st, uid)
        points = (
            victory.per_hq_eliminated
            if ui.hq
            else victory.per_stacking_point_eliminated * ui.stacking
        )
        if not points:
            return
        signed = points if ui.side != victory.index_side else -points
        st.data["vp"] += signed
        st.log(
            f"Victory points {signed:+d} for the elimination of {ui.name}.",
            case=victory.elimination_case or None,
        )

    def fortress_destroyed(self, st: State, hex_label: str) -> None:
        """The fortress in ``hex_label`` has just lost its last step (11.15).  Nothing in
        the standard rules (Caporetto 24.12 scores it)."""

    def steps_lost(self, st: State, uid: str, steps: int, case: str) -> None:
        """A unit lost steps (by the rule ``case``) and is still on the map.  Nothing in the
        standard rules (Caporetto 24 and Serbia/Galicia 25.2 score them)."""

    def city_points(self, st: State) -> int:
        """The cities' and towns' points on the index now (the scenario's ``cities``;
        ``none``: the game scores them otherwise, Serbia/Galicia 25.13)."""
        victory = st.game.scenario.file.victory
        if victory is None or victory.cities == "none":
            return 0
        cities = U.static(st).scenario.board.cities
        total = 0
        for h, city in cities.items():
            owner = st.data["control"].get(h)
            if owner == victory.index_side:
                total += city.vp
            elif owner is not None and victory.cities == "net":
                total -= city.vp
        return total

    def vp_view(self, st: State) -> Any:
        """The victory points a view shows: the index with the cities' points (a game with
        one total per side shows both and their difference: Hindenburg 23.0)."""
        return st.data["vp"] + self.city_points(st)

    def projected_vp(self, st: State) -> float:
        """The index as it would stand if the game ended now (for the computer players)."""
        return float(st.data["vp"] + self.city_points(st))

    def vp_swing(self, st: State) -> float | None:
        """The typical swing of :meth:`projected_vp`, for the computer players; None: the
        scenario's levels of victory give it (a game whose points run larger says so)."""
        return None

    def step_loss_points(self, st: State, uid: str) -> float:
        """The victory points the enemy scores for each step ``uid`` loses, for the
        computer players (a game that scores some units' steps says so: Caporetto 24.13,
        24.22); none in the standard rules' reckoning."""
        return 0.0

    def scoring_places(self, st: State, side: str) -> list[tuple[list[str], float]]:
        """Where ``side``'s units score at the end beyond the cities' points (a game that
        scores units in a region says so: Caporetto 24.11), each with the points a step
        there scores, for the computer players; the standard rules have none."""
        return []

    def town_scorings_left(self, st: State) -> int:
        """How many more times the towns' and cities' points will be scored, this Game-Turn
        included (a game that scores them every Game-Turn says so: Serbia/Galicia 25.13),
        for the computer players; the standard rules score them once, at the end."""
        return 1

    def towns_scored_in_supply(self, st: State, side: str) -> dict[str, int]:
        """The towns and cities ``side`` scores only while they are in its supply (a game
        whose towns score so says so: Brusilov 25.12, Serbia/Galicia 25.12), hex -> the
        points they are worth to it, for the computer players; the standard rules score a
        city by who holds it, supplied or not."""
        return {}

    def result(self, st: State) -> dict[str, Any]:
        """Winner, points and level of victory (the scenario's levels, 25.3)."""
        victory = st.game.scenario.file.victory
        if victory is None:
            return {
                "winner": None,
                "vp": None,
                "level": "no victory conditions",
                "summary": "no result",
            }
        total = st.data["vp"] + self.city_points(st)
        level = level_for(victory, total)
        name = level.result if level else "no level of victory matches"
        winner = level.winner if level else None
        return {
            "winner": winner,
            "vp": total,
            "index_side": victory.index_side,
            "level": name,
            "summary": f"{name} ({side_name(st, victory.index_side)} victory points {total})",
            "source": victory.source,
        }
