"""24.0 Victory Conditions in Caporetto (caporetto 24.11-24.4): two totals, one per
Player, and the result by the Player with more (24.31), Decisive when 24.32 or 24.33
also holds.

Points scored as things happen are kept in ``state.data["caporetto_vp"]`` (side -> case
-> points):

* 24.13 the Central Powers: 5 per French or British step lost, 2 per Italian corps
  eliminated, 1 per Italian division or artillery brigade eliminated;
* 24.22 the Allies: 5 per Stosstruppen step lost;
* 24.4 (optional ``rommel_victory_points``): Rommel eliminated, the Central Powers -20,
  the Allies +20 (AC9).

A unit eliminated loses the steps it had left (counted before it goes, by
``before_eliminated``); a unit losing steps and staying on the map by ``steps_lost``.
The German Stosstruppen divisions eliminated are listed in
``state.data["caporetto_stoss_eliminated"]`` (24.33).

Points read from the position as it stands (what they would be if the game ended now):

* 24.11 the Central Powers: 10 per supplied division, corps or artillery step in
  ``[special] central_vp_region``;
* 24.12 the Central Powers: 20 per Italian fortress destroyed (11.15);
* 24.21 the Allies: 5 per supplied division, corps or artillery step in ``[special]
  allied_vp_region``, two brigade steps counting as one division step (artillery
  excepted) (AC10);
* 24.23 the Allies: 40 for a supplied unit in Trieste or Trent (``[special]
  allied_vp_cities``), once (AC11).

The readings are in docs/readings.md, Caporetto.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from greatwar.engine.system import OptionSpec
from greatwar.model.board import canonical
from greatwar.rules.gwite import fortress, supply
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.caporetto import data as D
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

ROMMEL_POINTS = "rommel_victory_points"

#: this section's optional rules (merged into :attr:`CaporettoRules.options`)
OPTIONS: dict[str, OptionSpec] = {
    ROMMEL_POINTS: OptionSpec(
        False,
        "Special Rommel Victory Points: if the Rommel counter is eliminated, the Central"
        " Powers lose 20 Victory Points and the Allies gain 20 (Italy -20, Britain and"
        " France +20 each)",
        "caporetto 24.4",
    ),
}

#: state key: side -> case -> points scored as things happen (24.13, 24.22, 24.4)
SCORED = "caporetto_vp"
#: state key: the German Stosstruppen divisions eliminated, in order (24.33)
STOSS_ELIMINATED = "caporetto_stoss_eliminated"

SUPPLIED_STEPS_CENTRAL = "caporetto 24.11"
FORTRESSES = "caporetto 24.12"
LOSSES_CENTRAL = "caporetto 24.13"
SUPPLIED_STEPS_ALLIED = "caporetto 24.21"
STOSS_LOSSES = "caporetto 24.22"
CITIES = "caporetto 24.23"
MORE_POINTS = "caporetto 24.31"
CENTRAL_DECISIVE = "caporetto 24.32"
ALLIED_DECISIVE = "caporetto 24.33"
ROMMEL_CASE = "caporetto 24.4"

#: 24.11 per supplied step in the region, 24.12 per fortress destroyed
CENTRAL_STEP_POINTS, FORTRESS_POINTS = 10, 20
#: 24.13 per French or British step lost, per Italian corps, per Italian division or
#: artillery brigade eliminated
ANGLO_FRENCH_STEP_POINTS, ITALIAN_CORPS_POINTS, ITALIAN_DIVISION_POINTS = 5, 2, 1
#: 24.21 per supplied step in the region, 24.22 per Stosstruppen step lost, 24.23 once
ALLIED_STEP_POINTS, STOSS_STEP_POINTS, CITY_POINTS = 5, 5, 40
#: 24.21 two brigades count as a division (AC10: two brigade steps as one step)
BRIGADE_STEPS_PER_STEP = 2
#: 24.33 German Stosstruppen divisions the Allies must eliminate for a Decisive Victory
DECISIVE_STOSS_DIVISIONS = 5
#: 24.4 (AC9 a): the Germans and the Italians each lose 20, the British and the French
#: each gain 20: the Central Powers -20, the Allies -20 + 20 + 20
ROMMEL_POINTS_PER_NATION = 20

ITALY, GERMANY = "italy", "germany"
ANGLO_FRENCH = ("france", "britain")


# --- what counts -------------------------------------------------------------------------


def is_stosstruppen(st: State, uid: str) -> bool:
    """2.4 Stosstruppen (the counter's diagonal stripe: ``stosstruppen = true``)."""
    return bool(U.static(st).scenario.counters[uid].stosstruppen)


def side_of(st: State, nationality: str) -> str:
    """The side a nationality fights for (2.4: the Allies, the Central Powers)."""
    return next(s.id for s in st.game.scenario.sides if nationality in s.nationalities)


def is_artillery(st: State, uid: str) -> bool:
    return U.info(st, uid).type == "artillery"  # type: ignore[no-any-return]


def counts_as_step(st: State, uid: str) -> bool:
    """24.11, 24.21 a division, corps or artillery unit (the Italian 19th Division is a
    corps, 2.3; its counter says so)."""
    ui = U.info(st, uid)
    return not ui.hq and (ui.size in ("division", "corps") or is_artillery(st, uid))


def is_brigade(st: State, uid: str) -> bool:
    """24.21 a non-artillery brigade (two count as a division)."""
    ui = U.info(st, uid)
    return not ui.hq and ui.size == "brigade" and not is_artillery(st, uid)


def region(st: State, name: str) -> frozenset[str]:
    return U.static(st).scenario.board.regions.get(name, frozenset())  # type: ignore[no-any-return]


def supplied_units_in(st: State, side: str, hexes: frozenset[str]) -> list[str]:
    """The side's units on the map in these hexes that are in supply now (the end of the
    game: supply found as it stands, 9.1), HQs excepted (in supply by 10.35 only because
    supply has no effect on them)."""
    units = st.data["units"]
    return [
        uid
        for uid, ui in U.static(st).units.items()
        if ui.side == side
        and not ui.hq
        and units[uid]["status"] == "on_map"
        and units[uid]["hex"] in hexes
        and supply.in_supply(st, uid)
    ]


# --- points read from the position ----------------------------------------------------------


@dataclass(frozen=True)
class Line:
    """One line of a Player's total, with its case."""

    side: str
    case: str
    points: int
    text: str


def central_steps_line(st: State) -> Line:
    """24.11 10 per supplied division, corps or artillery step in the region."""
    side = side_of(st, GERMANY)
    units = supplied_units_in(st, side, region(st, D.data(st).central_vp_region))
    steps = sum(U.steps_left(st, u) for u in units if counts_as_step(st, u))
    return Line(
        side,
        SUPPLIED_STEPS_CENTRAL,
        steps * CENTRAL_STEP_POINTS,
        f"{steps} supplied division, corps or artillery steps in"
        f" {D.data(st).central_vp_region} at {CENTRAL_STEP_POINTS} each",
    )


def italian_fortresses(st: State) -> list[str]:
    """The hexes of the Italian fortresses (24.12, 24.32)."""
    board = U.static(st).scenario.board
    return sorted(h for h, f in board.fortresses.items() if f.country == ITALY)


def destroyed_fortresses(st: State) -> list[str]:
    """11.15 the Italian fortresses that have lost all their steps."""
    return [h for h in italian_fortresses(st) if fortress.destroyed(st, h)]


def fortresses_line(st: State) -> Line:
    """24.12 20 per Italian fortress destroyed."""
    gone = destroyed_fortresses(st)
    return Line(
        side_of(st, GERMANY),
        FORTRESSES,
        len(gone) * FORTRESS_POINTS,
        f"{len(gone)} Italian fortresses destroyed at {FORTRESS_POINTS} each",
    )


def allied_steps(st: State) -> tuple[int, int]:
    """24.21 the Allies' supplied division, corps or artillery steps in the region, and
    their supplied non-artillery brigade steps there."""
    side = side_of(st, ITALY)
    units = supplied_units_in(st, side, region(st, D.data(st).allied_vp_region))
    steps = sum(U.steps_left(st, u) for u in units if counts_as_step(st, u))
    brigade_steps = sum(U.steps_left(st, u) for u in units if is_brigade(st, u))
    return steps, brigade_steps


def allied_steps_line(st: State) -> Line:
    """24.21 5 per supplied division, corps or artillery step in the region; two brigade
    steps count as one division step (AC10), an odd one left over counts nothing."""
    steps, brigade_steps = allied_steps(st)
    counted = steps + brigade_steps // BRIGADE_STEPS_PER_STEP
    text = f"{steps} supplied division, corps or artillery steps"
    if brigade_steps:
        text += f" and {brigade_steps} brigade steps (two count as one)"
    return Line(
        side_of(st, ITALY),
        SUPPLIED_STEPS_ALLIED,
        counted * ALLIED_STEP_POINTS,
        f"{text} in {D.data(st).allied_vp_region} at {ALLIED_STEP_POINTS} each",
    )


def city_hexes(st: State) -> list[str]:
    board = U.static(st).scenario.board
    return [canonical(board, h) for h in D.data(st).allied_vp_cities]


def held_cities(st: State) -> list[str]:
    """24.23 Trieste and Trent, where the Allies have a supplied unit."""
    side = side_of(st, ITALY)
    return [h for h in city_hexes(st) if supplied_units_in(st, side, frozenset({h}))]


def cities_line(st: State) -> Line:
    """24.23 40 for a supplied unit in Trieste or Trent (once, AC11)."""
    held = held_cities(st)
    board = U.static(st).scenario.board
    names = [board.cities[h].name if h in board.cities else h for h in held]
    text = (
        f"a supplied unit in {' and '.join(names)}"
        if held
        else "no supplied unit in " + " or ".join(_city_names(st))
    )
    return Line(side_of(st, ITALY), CITIES, CITY_POINTS if held else 0, text)


def _city_names(st: State) -> list[str]:
    board = U.static(st).scenario.board
    return [board.cities[h].name if h in board.cities else h for h in city_hexes(st)]


# --- points scored as things happen -------------------------------------------------------


def scored(st: State, side: str, case: str) -> int:
    return int(st.data.get(SCORED, {}).get(side, {}).get(case, 0))


def score(st: State, side: str, case: str, points: int, why: str) -> None:
    """Add ``points`` to ``side``'s total under ``case`` and log it with the totals."""
    by_case = st.data.setdefault(SCORED, {}).setdefault(side, {})
    by_case[case] = by_case.get(case, 0) + points
    verb = "score" if points >= 0 else "lose"
    st.log(
        f"{side_name(st, side)} {verb} {abs(points)} Victory"
        f" Point{'' if abs(points) == 1 else 's'}: {why}"
        f" (totals: {totals_text(st, totals(st))}).",
        case=case,
    )


def event_lines(st: State) -> list[Line]:
    texts = {
        LOSSES_CENTRAL: "French and British steps lost, Italian corps, divisions and"
        " artillery brigades eliminated",
        STOSS_LOSSES: "Stosstruppen steps lost",
        ROMMEL_CASE: "Rommel eliminated",
    }
    return [
        Line(side, case, points, texts.get(case, case))
        for side, by_case in st.data.get(SCORED, {}).items()
        for case, points in by_case.items()
    ]


def score_steps(st: State, uid: str, steps: int) -> None:
    """24.13 French or British steps lost: 5 each to the Central Powers; 24.22
    Stosstruppen steps lost: 5 each to the Allies."""
    ui = U.info(st, uid)
    plural = "s" if steps > 1 else ""
    if ui.nationality in ANGLO_FRENCH:
        score(
            st,
            U.enemy_of(st, ui.side),
            LOSSES_CENTRAL,
            steps * ANGLO_FRENCH_STEP_POINTS,
            f"{ui.name} lost {steps} step{plural} at {ANGLO_FRENCH_STEP_POINTS} each",
        )
    if is_stosstruppen(st, uid):
        score(
            st,
            U.enemy_of(st, ui.side),
            STOSS_LOSSES,
            steps * STOSS_STEP_POINTS,
            f"{ui.name} lost {steps} step{plural} at {STOSS_STEP_POINTS} each",
        )


def step_loss_points(st: State, uid: str) -> float:
    """24.13, 24.22 what the enemy scores for each step ``uid`` loses."""
    points = 0.0
    if U.info(st, uid).nationality in ANGLO_FRENCH:
        points += ANGLO_FRENCH_STEP_POINTS
    if is_stosstruppen(st, uid):
        points += STOSS_STEP_POINTS
    return points


def italian_elimination_points(st: State, uid: str) -> int:
    """24.13 2 for an Italian corps, 1 for an Italian division or artillery brigade."""
    ui = U.info(st, uid)
    if ui.nationality != ITALY or ui.hq:
        return 0
    if ui.size == "corps":
        return ITALIAN_CORPS_POINTS
    if ui.size == "division" or is_artillery(st, uid):
        return ITALIAN_DIVISION_POINTS
    return 0


def score_italian_elimination(st: State, uid: str) -> None:
    points = italian_elimination_points(st, uid)
    if points:
        ui = U.info(st, uid)
        score(st, U.enemy_of(st, ui.side), LOSSES_CENTRAL, points, f"{ui.name} eliminated")


def record_stoss_division(st: State, uid: str) -> None:
    """24.33 a German Stosstruppen division eliminated (the Allies need five)."""
    ui = U.info(st, uid)
    if ui.nationality != GERMANY or ui.size != "division" or not is_stosstruppen(st, uid):
        return
    gone = st.data.setdefault(STOSS_ELIMINATED, [])
    if uid in gone:
        return
    gone.append(uid)
    st.log(
        f"{ui.name} is the {_ordinal(len(gone))} German Stosstruppen division eliminated"
        f" ({DECISIVE_STOSS_DIVISIONS} make an Allied Decisive Victory).",
        case=ALLIED_DECISIVE,
    )


def score_rommel(st: State, uid: str) -> None:
    """24.4 (optional) Rommel eliminated: the Germans and the Italians each lose 20, the
    British and the French each gain 20 (AC9 a: the Central Powers -20, the Allies +20)."""
    if not D.option(st, ROMMEL_POINTS) or uid != D.data(st).rommel:
        return
    central, allied = side_of(st, GERMANY), side_of(st, ITALY)
    n = ROMMEL_POINTS_PER_NATION
    score(st, central, ROMMEL_CASE, -n, "Rommel eliminated (the Germans -20)")
    score(
        st,
        allied,
        ROMMEL_CASE,
        -n + n * len(ANGLO_FRENCH),
        "Rommel eliminated (the Italians -20, the British +20, the French +20)",
    )


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def scoring_places(st: State, side: str) -> list[tuple[list[str], float]]:
    """Where ``side``'s supplied units score at the end of the game (24.11, 24.21,
    24.23), each with the points one step (one unit in a city) scores there."""
    if side == side_of(st, GERMANY):
        return [(sorted(region(st, D.data(st).central_vp_region)), float(CENTRAL_STEP_POINTS))]
    allied = sorted(region(st, D.data(st).allied_vp_region))
    cities = [([h], float(CITY_POINTS)) for h in city_hexes(st)]
    return [(allied, float(ALLIED_STEP_POINTS)), *cities]


# --- the totals -------------------------------------------------------------------------------


def lines(st: State) -> list[Line]:
    """Every line of both totals, as they stand now (the end-of-game lines as if the game
    ended now)."""
    return [
        central_steps_line(st),
        fortresses_line(st),
        allied_steps_line(st),
        cities_line(st),
        *event_lines(st),
    ]


def totals(st: State, scored_lines: list[Line] | None = None) -> dict[str, int]:
    """24.0 both Players' totals, by side id (from ``scored_lines`` when the caller has
    them already: each reckoning traces supply)."""
    out = {side: 0 for side in U.static(st).side_ids}
    for line in lines(st) if scored_lines is None else scored_lines:
        out[line.side] += line.points
    return out


def difference(st: State) -> int:
    """24.31 the index side's total minus the other's."""
    return totals_difference(st, totals(st))


def decisive(st: State, winner: str | None) -> str | None:
    """24.32, 24.33 the case that makes the winner's victory Decisive, if any."""
    if winner is None:
        return None
    if winner == side_of(st, GERMANY):
        forts = italian_fortresses(st)
        return CENTRAL_DECISIVE if forts and destroyed_fortresses(st) == forts else None
    gone = len(st.data.get(STOSS_ELIMINATED, []))
    return ALLIED_DECISIVE if gone >= DECISIVE_STOSS_DIVISIONS else None


DECISIVE_NAMES = {
    CENTRAL_DECISIVE: "Central Powers Decisive Victory",
    ALLIED_DECISIVE: "Allied Decisive Victory",
}


# --- checking the data ---------------------------------------------------------------------


def validate_victory_data(scenario: Scenario, problems: Problems) -> None:
    """24.11, 24.21 the regions, 24.23 the cities, 24.4 Rommel: each names what the map or
    the counters hold; destroyed units score only by 24.13."""
    special = D.parsed(scenario)
    if special is None:
        return
    board = scenario.board
    for key in ("central_vp_region", "allied_vp_region"):
        name = getattr(special, key)
        if name not in board.regions:
            problems.add(
                ("special", key),
                f"{name!r} is not a [[region]] of the map: name the region where the"
                " supplied steps score (caporetto 24.11, 24.21)",
            )
    for h in special.allied_vp_cities:
        try:
            canonical(board, h)
        except (KeyError, ValueError):
            problems.add(
                ("special", "allied_vp_cities"),
                f"{h!r} is not a hex of the map (caporetto 24.23: Trieste, Trent)",
            )
    victory = scenario.file.victory
    if victory is not None and (victory.per_stacking_point_eliminated or victory.per_hq_eliminated):
        problems.add(
            ("victory",),
            "eliminated units score by caporetto 24.13 and 24.22: [victory]"
            " per_stacking_point_eliminated and per_hq_eliminated must stay 0",
        )


# --- the rules --------------------------------------------------------------------------------


class CaporettoVictory:
    """24.0 Victory Conditions (a part of :class:`CaporettoRules`; every override calls
    ``super()`` and keeps what the parts after it in the rules' bases give)."""

    def start_data(self, game: Game, data: dict[str, Any]) -> None:
        """24.13, 24.22, 24.4 nothing scored yet; 24.33 no Stosstruppen division gone."""
        super().start_data(game, data)  # type: ignore[misc]
        data[SCORED] = {side.id: {} for side in game.scenario.sides}
        data[STOSS_ELIMINATED] = []

    def before_eliminated(self, st: State, uid: str, case: str) -> None:
        """24.13, 24.22 a unit eliminated loses the steps it has left."""
        super().before_eliminated(st, uid, case)  # type: ignore[misc]
        if not U.info(st, uid).hq and U.record(st, uid)["status"] == "on_map":
            score_steps(st, uid, U.steps_left(st, uid))

    def steps_lost(self, st: State, uid: str, steps: int, case: str) -> None:
        """24.13, 24.22 steps lost by a unit that stays on the map."""
        super().steps_lost(st, uid, steps, case)  # type: ignore[misc]
        score_steps(st, uid, steps)

    def unit_eliminated(self, st: State, uid: str, case: str) -> None:
        """24.13 Italian corps, divisions and artillery brigades; 24.33 German
        Stosstruppen divisions; 24.4 Rommel (optional)."""
        super().unit_eliminated(st, uid, case)  # type: ignore[misc]
        score_italian_elimination(st, uid)
        record_stoss_division(st, uid)
        score_rommel(st, uid)

    def fortress_destroyed(self, st: State, hex_label: str) -> None:
        """24.12 an Italian fortress destroyed: 20 to the Central Powers."""
        super().fortress_destroyed(st, hex_label)  # type: ignore[misc]
        if hex_label not in italian_fortresses(st):
            return
        name = U.static(st).scenario.board.fortresses[hex_label].name
        st.log(
            f"{side_name(st, side_of(st, GERMANY))} score {FORTRESS_POINTS} Victory Points:"
            f" the Italian fortress {name} ({hex_label}) is destroyed"
            f" (totals: {totals_text(st, totals(st))}).",
            case=FORTRESSES,
        )

    def projected_vp(self, st: State) -> float:
        """24.31 the difference of the totals if the game ended now."""
        return float(difference(st))

    def vp_swing(self, st: State) -> float | None:
        """Caporetto's totals run in tens (10 or 5 points a step, 20 a fortress, 40 for
        Trieste or Trent) while its only level bounds are 24.31's more/equal/fewer: the
        computer players weigh the difference on this scale (a tuning value, not a rule)."""
        return 50.0

    def scoring_places(self, st: State, side: str) -> list[tuple[list[str], float]]:
        """24.11 the Central Powers' region (10 a step); 24.21 the Allies' region (5 a
        step) and 24.23 Trieste and Trent (40 for one unit), for the computer players."""
        # (a part of the rules: super() is the rules' next base, which mypy cannot see here)
        standard = super().scoring_places(st, side)  # type: ignore[misc]
        return [*standard, *scoring_places(st, side)]

    def step_loss_points(self, st: State, uid: str) -> float:
        """24.13 a French or British step lost, 24.22 a Stosstruppen step lost: 5 to the
        enemy (for the computer players)."""
        return super().step_loss_points(st, uid) + step_loss_points(st, uid)  # type: ignore[misc,no-any-return]

    def vp_view(self, st: State) -> Any:
        """24.0 both totals, their difference, and each line with its case."""
        first, _ = index_and_other(st)
        scored_lines = lines(st)
        both = totals(st, scored_lines)
        return {
            "totals": both,
            "difference": totals_difference(st, both),
            "difference_for": first,
            "lines": [line.__dict__ for line in scored_lines],
            "stosstruppen_divisions_eliminated": list(st.data.get(STOSS_ELIMINATED, [])),
            "italian_fortresses_destroyed": destroyed_fortresses(st),
        }

    def result(self, st: State) -> dict[str, Any]:
        """24.31 the Player with more Victory Points wins, equal is a draw; 24.32, 24.33
        Decisive."""
        if st.game.scenario.file.victory is None:
            return super().result(st)  # type: ignore[misc,no-any-return]
        scored_lines = lines(st)
        out = totals_result(st, totals(st, scored_lines))
        why = decisive(st, out["winner"])
        if why is not None:
            out["level"] = DECISIVE_NAMES[why]
            out["summary"] = f"{out['level']} ({why}); {out['summary']}"
        out["decisive"] = why
        out["case"] = why or MORE_POINTS
        out["lines"] = [line.__dict__ for line in scored_lines]
        breakdown = "; ".join(
            f"{side_name(st, x.side)} {x.points:+d} for {x.text} ({x.case})"
            for x in scored_lines
            if x.points
        )
        if breakdown:
            out["summary"] += f": {breakdown}"
        return out

    def validate(self, scenario: Scenario, problems: Problems) -> None:
        """24.11, 24.21, 24.23 the regions and cities the scenario names."""
        super().validate(scenario, problems)  # type: ignore[misc]
        validate_victory_data(scenario, problems)
