"""Victory in Serbia/Galicia (serbia-galicia 25.0): one index, city points each Interphase
while in supply, points per step lost and per Stacking Point eliminated, the levels of
victory.

One index, the net Allied total (25.0; ``[victory] index_side``): the points of 25.2 are
written here signed for it (the Austro-Hungarian awards negative).  The towns and cities
score by the signed points printed with their names on the map (25.11: the Allies only
the positive ones, Austria-Hungary only the negative ones), each Game-Turn Record
Interphase while controlled and in supply (25.12, 25.13): the scenario's ``[victory]
cities = "none"`` (nothing more at the end).  Every other award is made as it occurs
(25.14); the total may be negative (25.15); the Victory Point Track shows it with a ×10
and a ×1 marker (25.4).

Readings (docs/readings.md, Serbia/Galicia):

* AS7: the +1 (-1) per Stacking Point of a unit entirely eliminated is "in addition to"
  the step award, which is for steps lost in combat: only units eliminated in combat
  score (option ``sg_noncombat_eliminations_score``: any elimination scores its
  Stacking Points, steps lost out of combat still scoring nothing).  A step is lost "in
  combat" while a combat result is being applied (any loss, retreat or elimination it
  brings about: an HQ eliminated with its stack, 10.53, too).
* AS8: 25.3's bands overlap at 15 (Draw and Austro-Hungarian Marginal) and at 5
  (Austro-Hungarian Marginal and Substantive, "-10-5" read as -10 to 5). The scenario
  writes the bands as printed; a total on an overlap takes the band printed first, the
  higher (option ``sg_victory_overlap_lower_band``: the lower).
* AS11: a supply depot is 2 Stacking Points (provisional, as Brusilov 18.24: the
  counters' ``stacking``); it scores its Stacking Points like any unit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.phases import Frame, Handler
from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.combat_result import CombatResult
from greatwar.rules.gwite.names import side_name
from greatwar.rules.gwite.serbia_galicia.data import data, option
from greatwar.rules.gwite.towns import town_in_supply

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems
    from greatwar.model.schema import Victory, VictoryLevel

NONCOMBAT = "sg_noncombat_eliminations_score"
LOWER_BAND = "sg_victory_overlap_lower_band"

#: this section's optional rules (merged into :attr:`SerbiaGaliciaRules.options`)
OPTIONS: dict[str, OptionSpec] = {
    NONCOMBAT: OptionSpec(
        False,
        "A unit eliminated out of combat (attrition, overstacking, set-up rolls) scores"
        " its Stacking Points too (reading AS7 b; off: only units eliminated in combat)",
        "serbia-galicia 25.2",
    ),
    LOWER_BAND: OptionSpec(
        False,
        "A total of 15 or 5, on two of 25.3's overlapping bands, takes the lower band"
        " (reading AS8 b: 15 Austro-Hungarian Marginal, 5 Austro-Hungarian Substantive;"
        " off: the band printed first, Draw and Austro-Hungarian Marginal)",
        "serbia-galicia 25.3",
    ),
}

AUSTRIA = "austria-hungary"
RUSSIA = "russia"
SERBIA = "serbia"

#: 25.2 points on the Allied index for each step lost in combat, by nationality
STEP_POINTS = {AUSTRIA: 2, RUSSIA: -1, SERBIA: -2}
#: 25.2 points in addition for each Stacking Point of a unit entirely eliminated
STACKING_POINTS = {AUSTRIA: 1, RUSSIA: -1, SERBIA: -1}
#: 25.2 -20 if 10 or fewer Serbian Stacking Points remain on the map at the end (the 10:
#: ``[special] serbian_remnant``)
SERBIAN_REMNANT_POINTS = -20

CASE_SCHEDULE = "serbia-galicia 25.2"
CASE_TOWNS = "serbia-galicia 25.13"
CASE_CONTROL = "serbia-galicia 25.12"
CASE_AT_ONCE = "serbia-galicia 25.14"

#: frame kinds of the Game-Turn Record Interphase
TOWNS_KIND = "serbia_galicia_town_points"
REMNANT_KIND = "serbia_galicia_serbian_remnant"


def _victory(st: State) -> Victory | None:
    return st.game.scenario.file.victory


# --- 25.14 awards as they occur ------------------------------------------------------------


def in_combat(st: State) -> bool:
    """25.2 "lost in combat": a combat result is being applied (its losses, retreats and
    the eliminations they bring about)."""
    handlers = st.game.system.handlers
    return any(isinstance(handlers.get(f["kind"]), CombatResult) for f in st.data["stack"])


def score(st: State, points: int, why: str, case: str = CASE_SCHEDULE) -> None:
    """Add ``points`` (signed for the Allies) to the index at once (25.14) and log it."""
    st.data["vp"] += points
    st.log(
        f"Victory points {points:+d} for {why}; the Allied total is now {st.data['vp']}"
        f" ({track_text(st.data['vp'])}).",
        case=case,
    )


def score_steps(st: State, uid: str, steps: int) -> None:
    """25.2 +2 per Austro-Hungarian, -1 per Russian, -2 per Serbian step lost in combat."""
    ui = U.info(st, uid)
    rate = STEP_POINTS.get(ui.nationality, 0)
    if not rate or not steps or not in_combat(st):
        return
    plural = "s" if steps > 1 else ""
    score(st, rate * steps, f"{ui.name}: {steps} step{plural} lost in combat at {rate:+d}")


def score_elimination(st: State, uid: str) -> None:
    """25.2 in addition, per Stacking Point of a unit entirely eliminated: +1 for an
    Austro-Hungarian unit, -1 for a Russian or Serbian (in combat: AS7)."""
    ui = U.info(st, uid)
    rate = STACKING_POINTS.get(ui.nationality, 0)
    if not rate or not ui.stacking:
        return
    if not in_combat(st) and not option(st, NONCOMBAT):
        st.log(
            f"No victory points for the Stacking Points of {ui.name}: eliminated out of"
            " combat (reading AS7).",
            case=CASE_SCHEDULE,
        )
        return
    score(
        st,
        rate * ui.stacking,
        f"{ui.name} entirely eliminated: {ui.stacking} Stacking Points at {rate:+d}",
    )


# --- 25.11-25.13 towns and cities ------------------------------------------------------------


def scorer(st: State, points: int) -> str:
    """25.11 the side a town's points go to: the Allies the positive, Austria-Hungary the
    negative."""
    victory = _victory(st)
    assert victory is not None
    return victory.index_side if points > 0 else U.enemy_of(st, victory.index_side)


def town_points(st: State) -> list[dict[str, Any]]:
    """25.11, 25.12 every town or city with points: who would score it, whether he
    controls it (his units the last to occupy or move through it, or there now) and
    whether it is in supply for him."""
    if _victory(st) is None:
        return []
    occupied = U.hex_side(st)
    out = []
    for h, city in U.static(st).scenario.board.cities.items():
        if not city.vp:
            continue
        side = scorer(st, city.vp)
        here = occupied.get(h)
        controlled = here == side or (here is None and st.data["control"].get(h) == side)
        supplied = controlled and town_in_supply(st, side, h)
        out.append(
            {
                "hex": h,
                "name": city.name,
                "vp": city.vp,
                "side": side,
                "controlled": controlled,
                "in_supply": supplied,
                "scored": controlled and supplied,
            }
        )
    return out


def score_towns(st: State) -> None:
    """25.13 in the Game-Turn Record Interphase each town or city controlled and in supply
    yields its points (25.14: only these awards are made here)."""
    towns = town_points(st)
    for t in towns:
        if t["controlled"] and not t["in_supply"]:
            st.log(
                f"{t['name']} ({t['hex']}) yields nothing: {side_name(st, t['side'])} control"
                " it, but it is not in supply.",
                case=CASE_CONTROL,
            )
    scored = [t for t in towns if t["scored"]]
    turn = st.data["turn"]
    if not scored:
        st.log(f"Game-Turn {turn}: no town or city yields victory points.", case=CASE_TOWNS)
        return
    for t in scored:
        score(
            st,
            t["vp"],
            f"{side_name(st, t['side'])} control of {t['name']} ({t['hex']}) in supply,"
            f" Game-Turn {turn}",
            CASE_TOWNS,
        )


# --- 25.2 the Serbian remnant ------------------------------------------------------------------


def serbian_stacking_points(st: State) -> int:
    """25.2 the Serbian Stacking Points on the map."""
    side = scorer(st, 1)
    return sum(
        U.info(st, uid).stacking or 0
        for uid in U.on_map(st, side)
        if U.info(st, uid).nationality == SERBIA
    )


def score_serbian_remnant(st: State) -> None:
    """25.2 -20 if 10 or fewer Serbian Stacking Points remain on the map at the end."""
    left = serbian_stacking_points(st)
    remnant = data(st).serbian_remnant
    if not remnant_falls(st):
        st.log(
            f"{left} Serbian Stacking Points remain on the map: more than {remnant}, no award.",
            case=CASE_SCHEDULE,
        )
        return
    score(
        st,
        SERBIAN_REMNANT_POINTS,
        f"only {left} Serbian Stacking Points on the map at the end ({remnant} or fewer)",
    )


def remnant_falls(st: State) -> bool:
    """25.2 10 (the scenario's ``serbian_remnant``) or fewer Serbian Stacking Points on
    the map."""
    return serbian_stacking_points(st) <= data(st).serbian_remnant


def projected_remnant(st: State) -> int:
    """25.2 the Serbian remnant's award were the game to end now: -20 while 10 or fewer
    Serbian Stacking Points are on the map, until the game's end has scored it (no
    decision falls between its last Interphase's award and the end)."""
    if _victory(st) is None or st.data.get("over"):
        return 0
    return SERBIAN_REMNANT_POINTS if remnant_falls(st) else 0


class TownPoints(Handler):
    """25.13 the towns' and cities' points in the Game-Turn Record Interphase (automatic)."""

    kind = TOWNS_KIND
    case = CASE_TOWNS

    def run(self, st: State, frame: Frame) -> None:
        st.pop()
        score_towns(st)

    def title(self, st: State, frame: Frame) -> str:
        return "Victory points for towns and cities"


class SerbianRemnant(Handler):
    """25.2 the Serbian Stacking Points left at the end of the game (automatic, in the
    last Interphase)."""

    kind = REMNANT_KIND
    case = CASE_SCHEDULE

    def run(self, st: State, frame: Frame) -> None:
        st.pop()
        score_serbian_remnant(st)

    def title(self, st: State, frame: Frame) -> str:
        return "Serbian Stacking Points left"


# --- 25.3 levels, 25.4 the track -----------------------------------------------------------------


def level(st: State, total: int) -> VictoryLevel | None:
    """25.3 the level of victory holding ``total``: the first band printed, or the last
    under the option (AS8)."""
    victory = _victory(st)
    assert victory is not None
    held = [
        lv
        for lv in victory.levels
        if (lv.min is None or total >= lv.min) and (lv.max is None or total <= lv.max)
    ]
    if not held:
        return None
    return held[-1] if option(st, LOWER_BAND) else held[0]


def track_markers(total: int) -> dict[str, dict[str, Any]]:
    """25.4 the boxes and sides of the ×10 and ×1 markers that show ``total`` (the
    positive sides from 1 up, the negative below zero; 0: both in box 0, positive)."""
    side = "negative" if total < 0 else "positive"
    tens, ones = divmod(abs(total), 10)
    return {"x10": {"box": tens, "side": side}, "x1": {"box": ones, "side": side}}


def track_total(markers: dict[str, dict[str, Any]]) -> int:
    """25.4 the total two markers show (×10 in box 6 and ×1 in box 3, positive: 63)."""
    tens, ones = markers["x10"], markers["x1"]
    if tens["side"] != ones["side"]:
        raise ValueError("serbia-galicia 25.4: both markers show the same side")
    value = 10 * int(tens["box"]) + int(ones["box"])
    return -value if tens["side"] == "negative" else value


def track_text(total: int) -> str:
    m = track_markers(total)
    return (
        f"×10 {m['x10']['side']} in box {m['x10']['box']},"
        f" ×1 {m['x1']['side']} in box {m['x1']['box']}"
    )


# --- checking the data ---------------------------------------------------------------------------


def validate_victory_data(scenario: Scenario, problems: Problems) -> None:
    """25.2 eliminations score by step and Stacking Point here; 25.13 towns score each
    Interphase (never again at the end)."""
    victory = scenario.file.victory
    if victory is None:
        return
    if victory.per_stacking_point_eliminated or victory.per_hq_eliminated:
        problems.add(
            ("victory",),
            "eliminated units score by serbia-galicia 25.2: [victory]"
            " per_stacking_point_eliminated and per_hq_eliminated must stay 0",
        )
    if victory.cities != "none":
        problems.add(
            ("victory", "cities"),
            f"{victory.cities!r}: towns score each Interphase by serbia-galicia 25.13, the"
            ' [victory] cities must be "none"',
        )


# --- the rules ---------------------------------------------------------------------------------


class SerbiaGaliciaVictory:
    """A part of :class:`SerbiaGaliciaRules` (every override calls ``super()`` and keeps
    what the parts after it in the rules' bases give)."""

    @classmethod
    def handlers(cls) -> list[Handler]:
        return [*super().handlers(), TownPoints(), SerbianRemnant()]  # type: ignore[misc]

    def interphase_steps(self, st: State) -> list[str | Frame]:
        """25.13 the towns' points each Interphase; 25.2 the Serbian remnant in the last."""
        steps: list[str | Frame] = super().interphase_steps(st)  # type: ignore[misc]
        if _victory(st) is None:
            return steps
        steps = [*steps, TOWNS_KIND]
        if st.data["turn"] == st.game.scenario.info.turns:
            steps.append(REMNANT_KIND)
        return steps

    def before_eliminated(self, st: State, uid: str, case: str) -> None:
        """25.2 a unit eliminated in combat loses the steps it has left."""
        super().before_eliminated(st, uid, case)  # type: ignore[misc]
        if _victory(st) is not None and U.record(st, uid)["status"] == "on_map":
            score_steps(st, uid, U.steps_left(st, uid))

    def steps_lost(self, st: State, uid: str, steps: int, case: str) -> None:
        """25.2 steps lost in combat by a unit that stays on the map."""
        super().steps_lost(st, uid, steps, case)  # type: ignore[misc]
        if _victory(st) is not None:
            score_steps(st, uid, steps)

    def unit_eliminated(self, st: State, uid: str, case: str) -> None:
        """25.2 the Stacking Points of a unit entirely eliminated."""
        super().unit_eliminated(st, uid, case)  # type: ignore[misc]
        if _victory(st) is not None:
            score_elimination(st, uid)

    def projected_vp(self, st: State) -> float:
        """The index with what the towns would yield in this Interphase (25.13) and, until
        it is scored at the end, the Serbian remnant's -20 were the game to end now (25.2)."""
        base: float = super().projected_vp(st)  # type: ignore[misc]
        towns = sum(t["vp"] for t in town_points(st) if t["scored"])
        return base + towns + projected_remnant(st)  # type: ignore[no-any-return]

    def town_scorings_left(self, st: State) -> int:
        """25.13 the towns score in every Game-Turn Record Interphase: this Game-Turn's
        and each one left."""
        base: int = super().town_scorings_left(st)  # type: ignore[misc]
        if _victory(st) is None:
            return base
        return max(base, int(st.game.scenario.info.turns) - int(st.data["turn"]) + 1)

    def towns_scored_in_supply(self, st: State, side: str) -> dict[str, int]:
        """25.11-25.13 the towns that yield ``side`` points each Interphase while in its
        supply (the Allies the positive, Austria-Hungary the negative), with their worth."""
        towns: dict[str, int] = super().towns_scored_in_supply(st, side)  # type: ignore[misc]
        if _victory(st) is None:
            return towns
        cities = U.static(st).scenario.board.cities
        ours = (h for h, city in cities.items() if city.vp and scorer(st, city.vp) == side)
        return {**towns, **{h: abs(cities[h].vp) for h in ours}}

    def step_loss_points(self, st: State, uid: str) -> float:
        """25.2 what the enemy scores for each step ``uid`` loses in combat."""
        base: float = super().step_loss_points(st, uid)  # type: ignore[misc]
        return base + abs(STEP_POINTS.get(U.info(st, uid).nationality, 0))

    def vp_view(self, st: State) -> Any:
        """25.4 the total with the track's markers, and the towns (25.11-25.13)."""
        total = super().vp_view(st)  # type: ignore[misc]
        if _victory(st) is None or not isinstance(total, int):
            return total
        return {
            "total": total,
            "track": track_markers(total),
            "towns": town_points(st),
            "serbian_stacking_points": serbian_stacking_points(st),
        }

    def result(self, st: State) -> dict[str, Any]:
        """25.3 the level of victory (AS8 on the overlapping bands), the track (25.4)."""
        out: dict[str, Any] = super().result(st)  # type: ignore[misc]
        if _victory(st) is None or out.get("vp") is None:
            return out
        lv = level(st, out["vp"])
        name = lv.result if lv else "no level of victory matches"
        out.update(
            winner=lv.winner if lv else None,
            level=name,
            summary=f"{name} ({side_name(st, out['index_side'])} victory points {out['vp']})",
            track=track_markers(out["vp"]),
            case="serbia-galicia 25.3",
        )
        return out

    def validate(self, scenario: Scenario, problems: Problems) -> None:
        """25.2, 25.13 the scenario's ``[victory]``."""
        super().validate(scenario, problems)  # type: ignore[misc]
        validate_victory_data(scenario, problems)
