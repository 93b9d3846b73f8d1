"""23.0 Victory Conditions: points for destroyed units and for geographical objectives,
recaptures subtracted (hindenburg 23.11-23.23).

Two totals, one per Player (23.0, R7), and the result by their difference: the Russian
total minus the Central Powers' (the scenario's ``[victory] index_side`` is the side whose
total comes first; its levels of victory are read against the difference).

* 23.11-23.13 destroyed units: the enemy of the destroyed unit's side scores its Stacking
  Points times the rate the scenario gives its nationality (``[special]
  destroyed_points``: German 2, Austro-Hungarian 1 for the Russians; Russian 1 for the
  Central Powers); supply depots score nothing (23.13); an HQ has no Stacking Points
  (6.11), so it scores nothing either.  Kept in ``state.data["hindenburg_destroyed_vp"]``
  (side -> points).
* 23.21-23.23 geographical objectives: each area is one map city (its Victory Points are
  the map's), scored by the side whose list holds it (``[special] objectives``: side ->
  hexes).  The Player whose unit was the last to pass through or occupy an area holds it
  (``state.data["hindenburg_areas"]``: hex -> side; at the start, the side of the units
  set up in it, else whoever the position or the map's country gives it to).  A side
  scores the areas of its own list that it holds; when the enemy then passes through or
  occupies one, its points are subtracted from the side's total (they were counted while
  it held the area), and the enemy gains nothing for it: the lists are different and each
  side scores only its own (reading of 23.21, docs/readings.md, Von Hindenburg).
  Every change of holder goes through :func:`take_area`, the one call that logs it (AV14:
  what the Russian Player is told when a concealed Gruppe takes an area is decided there).

The text breaks off in 23.2: no levels of victory are printed, Bondhem (23.22) has no
value and the Central Powers' table (23.23) ends at Ivangorod.  What a scenario supplies
for them is labelled provisional in its data and in the result (:func:`provisional`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from greatwar.engine.system import OptionSpec
from greatwar.model.board import canonical
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.hindenburg import data as D
from greatwar.rules.gwite.names import side_name
from greatwar.rules.gwite.victory import (
    index_and_other,
    totals_difference,
    totals_result,
    totals_text,
)

if TYPE_CHECKING:
    from greatwar.engine.state import Game, State
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems
    from greatwar.model.schema import Victory

#: this section's optional rules (merged into :attr:`HindenburgRules.options`)
OPTIONS: dict[str, OptionSpec] = {}

#: state key: objective hex -> the side whose unit last passed through or occupied it (23.21)
AREAS = "hindenburg_areas"
#: state key: side -> points scored for destroyed enemy units (23.11, 23.12)
DESTROYED = "hindenburg_destroyed_vp"
AREA_CASE = "hindenburg 23.21"
#: 23.22 the Russian Player's list of areas, 23.23 the Central Powers Player's
RUSSIAN_LIST, CENTRAL_LIST = "hindenburg 23.22", "hindenburg 23.23"
DEPOT_CASE = "hindenburg 23.13"
PROVISIONAL = "provisional"


def _victory(st: State) -> Victory | None:
    return st.game.scenario.file.victory


# --- the areas ----------------------------------------------------------------------------


def scored_by(scenario: Scenario) -> dict[str, str]:
    """Objective hex -> the side whose list holds it (23.22, 23.23), as the scenario's
    ``[special] objectives`` give them (hexes written as the map numbers them)."""
    out: dict[str, str] = {}
    board = scenario.board
    for side, hexes in D.parse(scenario).objectives.items():
        for h in hexes:
            out[canonical(board, h)] = side
    return out


def objectives(st: State) -> dict[str, str]:
    """Objective hex -> the side that scores it (parsed once per game)."""
    derived = U.static(st).derived
    found = derived.get("hindenburg_objectives")
    if found is None:
        found = derived["hindenburg_objectives"] = scored_by(U.static(st).scenario)
    return found  # type: ignore[no-any-return]


def holder(st: State, hex_label: str) -> str | None:
    """23.21 the side whose unit was the last to pass through or occupy the area."""
    return st.data.get(AREAS, {}).get(hex_label)  # type: ignore[no-any-return]


def area_points(st: State, side: str) -> int:
    """23.21 the points of the areas of ``side``'s list that ``side`` holds now."""
    cities = U.static(st).scenario.board.cities
    held = [h for h, scorer in objectives(st).items() if scorer == side == holder(st, h)]
    return sum(cities[h].vp for h in held)


def destroyed_points(st: State, side: str) -> int:
    """23.11, 23.12 the points ``side`` has scored for destroyed enemy units."""
    return int(st.data.get(DESTROYED, {}).get(side, 0))


def total(st: State, side: str) -> int:
    """23.0 a Player's Victory Point total: destroyed enemy units and the areas he holds."""
    return destroyed_points(st, side) + area_points(st, side)


def totals(st: State) -> dict[str, int]:
    """Both Players' totals, by side id."""
    return {side: total(st, side) for side in U.static(st).side_ids}


def first_and_second(st: State) -> tuple[str, str]:
    """The side whose total the difference counts (``[victory] index_side``) and the other."""
    return index_and_other(st)


def difference(st: State) -> int:
    """23.0 the difference of the totals: the index side's minus the other's (with any
    points a ``[position]`` gives the index at the start, none in this game's rules)."""
    return totals_difference(st, totals(st))


def _totals_text(st: State) -> str:
    return totals_text(st, totals(st))


def take_area(st: State, side: str, hex_label: str) -> None:
    """23.21 a unit of ``side`` passes through or occupies the area in ``hex_label``: it
    becomes the area's holder, and the points of the area move with it.

    The one place where an area changes hands, and the one log line that says so (AV14:
    the hidden-movement rules decide here what a concealed Gruppe's capture shows)."""
    before = holder(st, hex_label)
    if before == side:
        return
    st.data.setdefault(AREAS, {})[hex_label] = side
    city = U.static(st).scenario.board.cities[hex_label]
    scorer = objectives(st)[hex_label]
    who = side_name(st, side)
    place = f"{city.name} ({hex_label})"
    if side == scorer:
        change = f"{city.vp} points to the {side_name(st, scorer)}"
    elif before == scorer:
        change = f"its {city.vp} points are subtracted from the {side_name(st, scorer)}' total"
    else:
        change = (
            f"it is an objective of the {side_name(st, scorer)} only, who do not hold it:"
            " no points change"
        )
    st.log(
        f"{who} are the last to pass through or occupy {place}: {change}"
        f" (totals: {_totals_text(st)}).",
        case=AREA_CASE,
    )


def start_holders(game: Game, data: dict[str, Any]) -> dict[str, str]:
    """23.21 who holds each area at the start: the side of the units set up in it (they
    occupy it), else whoever the position or the map's country gives its control to."""
    try:
        areas = scored_by(game.scenario)
    except ValidationError:
        return {}
    static = game.static
    occupied: dict[str, str] = {}
    for uid, u in data["units"].items():
        if u["status"] == "on_map" and u["hex"] in areas:
            occupied[u["hex"]] = static.units[uid].side
    out: dict[str, str] = {}
    for h in areas:
        side = occupied.get(h) or data["control"].get(h)
        if side is not None:
            out[h] = side
    return out


# --- destroyed units -----------------------------------------------------------------------


def destroyed_rate(st: State, nationality: str) -> D.DestroyedPoints | None:
    """23.11, 23.12 the scenario's points per Stacking Point for a destroyed unit of this
    nationality, with its case."""
    return next((r for r in D.data(st).destroyed_points if r.nationality == nationality), None)


def score_destroyed(st: State, uid: str) -> None:
    """23.11-23.13 the enemy of a destroyed unit's side scores it."""
    ui = U.info(st, uid)
    scorer = U.enemy_of(st, ui.side)
    if ui.type == "supply_depot":
        st.log(
            f"No Victory Points for the destruction of {ui.name}: supply units score nothing.",
            case=DEPOT_CASE,
        )
        return
    rate = destroyed_rate(st, ui.nationality)
    if rate is None:
        return  # refused by validation: every nationality has its rate
    points = rate.per_stacking_point * ui.stacking
    if not points:
        st.log(
            f"No Victory Points for the destruction of {ui.name}: it has no Stacking Points.",
            case=rate.case,
        )
        return
    scored = st.data.setdefault(DESTROYED, {})
    scored[scorer] = scored.get(scorer, 0) + points
    st.log(
        f"{side_name(st, scorer)} score {points} Victory Points for the destruction of"
        f" {ui.name} ({ui.stacking} Stacking Points at {rate.per_stacking_point} each)"
        f" (totals: {_totals_text(st)}).",
        case=rate.case,
    )


# --- what the text leaves out --------------------------------------------------------------


def provisional(scenario: Scenario) -> list[str]:
    """The victory data a scenario supplies where the text is cut off, each labelled
    provisional in its data: levels of victory, areas' values (23.0, 23.22)."""
    out: list[str] = []
    victory = scenario.file.victory
    if victory is not None and any(PROVISIONAL in lv.result for lv in victory.levels):
        out.append("the levels of victory (hindenburg 23.0: the text ends before any are printed)")
    for h, side in _scored_or_empty(scenario).items():
        city = scenario.board.cities.get(h)
        if city is not None and PROVISIONAL in city.source:
            out.append(
                f"the value of {city.name} ({h}): {city.vp} Victory Points"
                f" ({list_case(scenario, side)} prints none)"
            )
    return out


def list_case(scenario: Scenario, side: str) -> str:
    """The case listing the areas ``side`` scores: the Russians' 23.22, the Central
    Powers' 23.23."""
    russian = any("russia" in s.nationalities for s in scenario.sides if s.id == side)
    return RUSSIAN_LIST if russian else CENTRAL_LIST


def _scored_or_empty(scenario: Scenario) -> dict[str, str]:
    try:
        return scored_by(scenario)
    except (ValidationError, KeyError, ValueError):
        return {}


# --- checking the data -------------------------------------------------------------------


def validate_objectives(scenario: Scenario, problems: Problems) -> None:
    """23.22, 23.23 each objective names a side and a map city with Victory Points, on one
    list only; every city with Victory Points is on a list."""
    special = D.parse(scenario)
    board = scenario.board
    sides = {s.id for s in scenario.sides}
    listed: dict[str, str] = {}
    for side, hexes in special.objectives.items():
        where = ("special", "objectives", side)
        if side not in sides:
            problems.add(where, f"{side!r} is not a side ({', '.join(sorted(sides))})")
            continue
        for h in hexes:
            try:
                label = canonical(board, h)
            except (KeyError, ValueError):
                problems.add(where, f"{h!r} is not a hex of the map (hindenburg 23.2)")
                continue
            city = board.cities.get(label)
            if city is None or not city.vp:
                problems.add(
                    where,
                    f"{h} is not a city of the map with Victory Points: give it a [[city]]"
                    " with its vp (hindenburg 23.22, 23.23)",
                )
            if label in listed:
                problems.add(
                    where,
                    f"{h} is already an objective of {listed[label]}: each area is on one"
                    " list (hindenburg 23.22, 23.23)",
                )
            listed[label] = side
    for h, city in board.cities.items():
        if city.vp and h not in listed:
            problems.add(
                ("special", "objectives"),
                f"{city.name} ({h}) has {city.vp} Victory Points on the map but is on neither"
                " side's list: name the side that scores it (hindenburg 23.22, 23.23)",
            )


def validate_destroyed_points(scenario: Scenario, problems: Problems) -> None:
    """23.11, 23.12 one rate for every nationality of the scenario, none for another."""
    rows = D.parse(scenario).destroyed_points
    nationalities = [n for s in scenario.sides for n in s.nationalities]
    given: set[str] = set()
    for i, row in enumerate(rows):
        where = ("special", "destroyed_points", i, "nationality")
        if row.nationality not in nationalities:
            problems.add(where, f"{row.nationality!r} is no nationality of this scenario")
        elif row.nationality in given:
            problems.add(where, f"{row.nationality} is given twice")
        given.add(row.nationality)
    victory = scenario.file.victory
    if victory is None:
        return
    if victory.per_stacking_point_eliminated or victory.per_hq_eliminated:
        problems.add(
            ("victory",),
            "destroyed units score by [special] destroyed_points, per nationality"
            " (hindenburg 23.11-23.13): [victory] per_stacking_point_eliminated and"
            " per_hq_eliminated must stay 0",
        )
    for nationality in nationalities:
        if nationality not in given:
            problems.add(
                ("special", "destroyed_points"),
                f"no Victory Points for destroyed {nationality} units: give a row"
                f" {{ nationality = {nationality!r}, per_stacking_point = ..., case = ... }}"
                " (hindenburg 23.11, 23.12)",
            )


# --- the rules ---------------------------------------------------------------------------


class HindenburgVictory:
    """23.0 Victory Conditions (a part of :class:`HindenburgRules`)."""

    def start_data(self, game: Game, data: dict[str, Any]) -> None:
        """23.21 who holds each area when the game starts."""
        super().start_data(game, data)  # type: ignore[misc]
        data[AREAS] = start_holders(game, data)
        data[DESTROYED] = {side.id: 0 for side in game.scenario.sides}

    def entered_hexes(self, st: State, uid: str, path: list[str]) -> None:
        """23.21 a unit passing through or entering an area takes it for its side."""
        super().entered_hexes(st, uid, path)  # type: ignore[misc]
        areas = objectives(st)
        side = U.info(st, uid).side
        for h in path:
            if h in areas:
                take_area(st, side, h)

    def city_control_changed(self, st: State, hex_label: str, side: str, case: str) -> None:
        """The areas of 23.22-23.23 are logged by :func:`take_area`; other cities as usual."""
        if hex_label in objectives(st):
            return
        super().city_control_changed(st, hex_label, side, case)  # type: ignore[misc]

    def unit_eliminated(self, st: State, uid: str, case: str) -> None:
        """23.11-23.13 points for a destroyed unit, to the enemy's total."""
        if _victory(st) is not None:
            score_destroyed(st, uid)

    def city_points(self, st: State) -> int:
        """23.21 the areas' points as the difference counts them: the index side's areas
        held minus the other side's."""
        first, second = first_and_second(st)
        return area_points(st, first) - area_points(st, second)

    def projected_vp(self, st: State) -> float:
        """The difference of the totals if the game ended now (23.0)."""
        return float(difference(st))

    def vp_view(self, st: State) -> Any:
        """23.0 both totals and their difference, and who holds each area (23.21)."""
        first, _ = first_and_second(st)
        return {
            "totals": totals(st),
            "difference": difference(st),
            "difference_for": first,
            "areas": {h: holder(st, h) for h in sorted(objectives(st))},
        }

    def result(self, st: State) -> dict[str, Any]:
        """23.0 the level of victory from the difference of the two totals."""
        victory = _victory(st)
        if victory is None:
            return super().result(st)  # type: ignore[misc,no-any-return]
        out = totals_result(st, totals(st))
        notes = provisional(st.game.scenario)
        if notes:
            out["summary"] += "; provisional: " + "; ".join(notes)
        return {**out, "areas": _areas_report(st), "provisional": notes}

    def validate(self, scenario: Scenario, problems: Problems) -> None:
        """23.1-23.2 the objectives and the points for destroyed units."""
        super().validate(scenario, problems)  # type: ignore[misc]
        if D.parsed(scenario) is None:
            return  # reported by place (the game's scenario check)
        validate_objectives(scenario, problems)
        validate_destroyed_points(scenario, problems)


def _areas_report(st: State) -> list[dict[str, Any]]:
    cities = U.static(st).scenario.board.cities
    out = []
    for h, scorer in sorted(objectives(st).items()):
        held = holder(st, h)
        out.append(
            {
                "hex": h,
                "name": cities[h].name,
                "vp": cities[h].vp,
                "scored_by": scorer,
                "held_by": held,
                "scored": held == scorer,
            }
        )
    return out
