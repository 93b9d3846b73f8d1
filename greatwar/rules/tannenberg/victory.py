"""19.0 Victory conditions: automatic victories (19.2) and victory points (19.3).

The numbers are the scenario's (``[special.victory_points]`` and
``[[special.automatic_victory]]``, documented in the teaching scenario's
file); this module is the behaviour.  One index, ``state.data["vp"]``: the
points of the scenario's ``[victory] index_side`` (the Russians) count up,
the other side's count down (19.3).  After the last stage a positive index is
a Russian victory, a negative one a German victory (19.3); the scenario's
levels of victory name the result, and 0, which 19.3 leaves open, is a draw.

Points (19.3), each with the moment it is scored:

* towns, at the end of every stage, for the side the scenario names while it
  controls them (the last unit to occupy or pass through the town was its
  own): ``state.data["control"]``, which every piece entering a hex updates
  through :func:`passed_through` and which is brought up to date from the units'
  hexes at the end of the movement phases and of every stage;
* units in the enemy's country after given stages (``units_in_enemy_country``);
* eliminated units, corps HQs and army HQs, as they are eliminated
  (:func:`unit_eliminated`, which follows ``units.eliminate_unit``);
* enemy fortification hexes with their own garrison captured (entered), once
  each, scored when the capture is seen (end of the movement phases, end of
  stage);
* special reinforcements (17.3), as they enter (:mod:`.special`);
* after the last stage: enemy units without supply, and a side's country clear
  of enemy units.

The points and the special rules (:mod:`special`) interlock: a lead on the index
calls special reinforcements (17.3.1-17.3.2) whose entry scores points (19.3); a hex
a unit enters is controlled (19.3) and may be the border crossing that frees the
held division (18.1.1); the end of a stage settles both.  :mod:`special` scores with
:func:`award` and counts with :func:`units_in`, so this module calls it from inside
the functions where the rules meet (:func:`award`, :func:`passed_through`,
:func:`end_of_movement`, :func:`end_of_stage`): the one two-way dependency between
the package's modules.

Readings where the rules are silent:

* "Units" that count for the stage awards, the end-of-game awards and the
  automatic victories are the units with combat-efficiency levels (infantry,
  cavalry, artillery): HQs and supply trains are counters of another kind
  (2.3.2) unless a clause names its ``types``.  An eliminated supply train
  scores as a unit: the rules call it a "supply train unit" (15.3).
* An HQ scores every time it is eliminated, also after it has returned
  (13.1.7): each is an elimination.
* A fortification hex is captured when a unit of the other side enters it
  (12.2.8, 12.3.4); it scores once, even if it changes hands again.
* Automatic victories (19.2 "at any moment") are checked whenever units may
  have moved: at the end of both movement phases (the start of the rest
  phase), at the end of every stage (after pursuit and retreats), and when a
  module calls :func:`check_automatic`.  When conditions of both sides hold
  at one check, the first in the scenario's order decides.
* The stage awards and town points count control and positions as they are
  after the clash phase, when the stage ends (3.1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.rules.tannenberg import fortified, supply
from greatwar.rules.tannenberg import units as U

if TYPE_CHECKING:
    from greatwar.engine.state import Game, State

CASE = "tannenberg 19.3"
#: types a clause or award counts when it names none: units with combat-efficiency levels
NOT_UNITS = frozenset({"hq", "supply_train", "mask"})


def initial_data(game: Game) -> dict[str, Any]:
    """The record kept in ``state.data["victory"]``."""
    return {"captured": [], "automatic": None}


# --- the scenario's numbers -----------------------------------------------------------


def points_table(st: State) -> dict[str, Any]:
    return st.game.scenario.file.special.get("victory_points", {})  # type: ignore[no-any-return]


def index_side(st: State) -> str:
    victory = st.game.scenario.file.victory
    return victory.index_side if victory is not None else "russian"


def side_name(st: State, side: str) -> str:
    return next((s.name for s in st.game.scenario.sides if s.id == side), side)


def award(st: State, side: str, points: int, why: str, case: str = CASE) -> None:
    """``side`` scores ``points``: the index moves up for the index side, down for the
    other (19.3); a lead that calls special reinforcements is noticed (17.3)."""
    from greatwar.rules.tannenberg import special

    if not points:
        return
    signed = points if side == index_side(st) else -points
    st.data["vp"] += signed
    st.log(
        f"{side_name(st, side)} score {points} victory points ({why}); the index is now"
        f" {st.data['vp']:+d}.",
        case=case,
    )
    special.index_changed(st)


def is_unit(st: State, uid: str, types: list[str] | None = None) -> bool:
    """Whether the piece counts as a unit for a victory condition (see the readings)."""
    kind = U.info(st, uid).type
    return kind in types if types else kind not in NOT_UNITS


def units_in(st: State, side: str, hexes: frozenset[str], types: list[str] | None = None) -> int:
    """How many units of ``side`` stand in ``hexes``."""
    return sum(
        1
        for uid in U.on_map(st, side)
        if U.record(st, uid)["hex"] in hexes and is_unit(st, uid, types)
    )


def country_hexes(st: State, country: str) -> frozenset[str]:
    board = st.game.scenario.board

    def build() -> frozenset[str]:
        return frozenset(h for h, c in board.country.items() if c == country)

    return st.memo(("tannenberg-country", country), build)  # type: ignore[no-any-return]


# --- control of hexes ------------------------------------------------------------------


def passed_through(st: State, side: str, hexes: list[str]) -> None:
    """Units of ``side`` entered these hexes: it is now the last to occupy them (19.3).

    Every piece entering a hex calls this (:mod:`entering`, :mod:`routes`: passing
    through a town controls it); the units' hexes are also noted at the end of the
    movement phases and of every stage."""
    from greatwar.rules.tannenberg import special

    cities = st.game.scenario.board.cities
    control = st.data["control"]
    for h in hexes:
        if control.get(h) == side:
            continue
        control[h] = side
        if h in cities and cities[h].vp:
            st.log(f"{side_name(st, side)} take control of {cities[h].name} ({h}).", case=CASE)
    special.hexes_entered(st, side, hexes)


def note_presence(st: State) -> None:
    """Every hex holding units is controlled by their side (19.3)."""
    stat = U.static(st)
    for h, ids in sorted(U.occupancy(st).items()):
        passed_through(st, stat.units[ids[0]].side, [h])


# --- points as they happen -------------------------------------------------------------


def unit_eliminated(st: State, uid: str) -> None:
    """19.3 points for an eliminated unit, corps HQ or army HQ (to the other side): follows
    every elimination (``units.FOLLOW_UPS``)."""
    ui = U.info(st, uid)
    if ui.type == "mask":
        return
    if ui.hq:
        kind = "eliminated_army_hq" if ui.hq_level == "army" else "eliminated_corps_hq"
    else:
        kind = "eliminated_unit"
    scorer = U.enemy_of(st, ui.side)
    points = int(points_table(st).get(kind, {}).get(scorer, 0))
    award(st, scorer, points, f"{ui.name} eliminated")


def score_captures(st: State) -> None:
    """19.3 each enemy fortification hex with its own garrison, once captured (entered by
    a unit of the other side), scores once."""
    table = points_table(st).get("captured_fortification", {})
    board = st.game.scenario.board
    record = st.data["victory"]
    entered = fortified.captures(st)  # 12.2.8 the side whose unit first entered it
    for h in sorted(board.fortifications):
        fort = board.fortifications[h]
        holder = entered.get(h) or st.data["control"].get(h)
        if not fort.strength or holder is None or h in record["captured"]:
            continue
        if fort.country in _countries(st, holder):
            continue
        record["captured"].append(h)
        award(st, holder, int(table.get(holder, 0)), f"fortification {fort.name} ({h}) captured")


def _countries(st: State, side: str) -> list[str]:
    return [n for s in st.game.scenario.sides if s.id == side for n in s.nationalities]


# --- the end of a stage ----------------------------------------------------------------


def end_of_movement(st: State) -> None:
    """After both movement phases (the rest phase's start): control, captures, entries of
    special reinforcements, automatic victory."""
    from greatwar.rules.tannenberg import special

    note_presence(st)
    score_captures(st)
    special.check_entries(st)
    check_automatic(st)


def end_of_stage(st: State) -> None:
    """19.3 points scored at the end of each stage (towns, stage awards, and after the last
    stage the end-of-game awards); 17.3 triggers; 19.2 automatic victory."""
    from greatwar.rules.tannenberg import special

    if st.data["over"]:
        return
    note_presence(st)
    score_captures(st)
    special.check_entries(st)
    _score_towns(st)
    _score_stage_awards(st)
    special.end_of_stage(st)
    if st.data["stage"] >= st.game.scenario.info.turns:
        _score_end_of_game(st)
    check_automatic(st)


def _score_towns(st: State) -> None:
    scorer = points_table(st).get("towns")
    if not scorer:
        return
    control = st.data["control"]
    cities = st.game.scenario.board.cities
    for h in sorted(cities):
        town = cities[h]
        if town.vp and control.get(h) == scorer:
            award(st, scorer, town.vp, f"control of {town.name} at the end of the stage")


def _score_stage_awards(st: State) -> None:
    stage = st.data["stage"]
    for entry in points_table(st).get("units_in_enemy_country", []):
        if int(entry["after_stage"]) != stage:
            continue
        side, country = entry["side"], entry["country"]
        count = units_in(st, side, country_hexes(st, country))
        if count >= int(entry["units"]):
            why = f"{count} units in {country} after stage {stage}"
            award(st, side, int(entry["vp"]), why)


def _score_end_of_game(st: State) -> None:
    """19.3 after the last stage: enemy units without supply; a country clear of enemies."""
    table = points_table(st)
    for scorer, per_unit in sorted(table.get("unsupplied_at_end", {}).items()):
        enemy = U.enemy_of(st, scorer)
        hungry = [uid for uid in supply.unsupplied(st, enemy) if is_unit(st, uid)]
        if hungry:
            why = f"{len(hungry)} enemy units without supply after the last stage"
            award(st, scorer, int(per_unit) * len(hungry), why)
    for entry in table.get("clear_of_enemy_at_end", []):
        side, country = entry["side"], entry["country"]
        if not units_in(st, U.enemy_of(st, side), country_hexes(st, country)):
            why = f"no enemy unit in {country} after the last stage"
            award(st, side, int(entry["vp"]), why)


# --- automatic victory (19.2) ----------------------------------------------------------


def automatic_conditions(st: State) -> list[dict[str, Any]]:
    return st.game.scenario.file.special.get("automatic_victory", [])  # type: ignore[no-any-return]


def _clause_holds(st: State, side: str, clause: dict[str, Any]) -> bool:
    hexes = st.game.scenario.board.regions.get(clause["region"], frozenset())
    types = clause.get("types") or None
    count = int(clause.get("count", 1))
    if clause.get("counts", "units") == "hexes":
        held = {
            U.record(st, uid)["hex"]
            for uid in U.on_map(st, side)
            if U.record(st, uid)["hex"] in hexes and is_unit(st, uid, types)
        }
        return len(held) >= count
    return units_in(st, side, hexes, types) >= count


def automatic_winner(st: State) -> dict[str, Any] | None:
    """The first condition of 19.2 (in the scenario's order) that holds now, or None."""
    for condition in automatic_conditions(st):
        if all(_clause_holds(st, condition["side"], c) for c in condition["clauses"]):
            return condition
    return None


def check_automatic(st: State) -> bool:
    """19.2 end the game at once if a side's automatic victory condition holds."""
    if st.data["over"]:
        return True
    condition = automatic_winner(st)
    if condition is None:
        return False
    side = condition["side"]
    st.data["victory"]["automatic"] = {
        "side": side,
        "case": condition.get("case", "tannenberg 19.2"),
        "description": condition.get("description", ""),
    }
    st.log(
        f"Automatic victory for the {side_name(st, side)}: {condition.get('description', '')}",
        case=condition.get("case", "tannenberg 19.2"),
    )
    st.data["result"] = result(st)
    st.data["over"] = True  # the engine clears the phase stack when it next settles
    st.log(f"The game is over: {st.data['result']['summary']}")
    return True


# --- the result --------------------------------------------------------------------------


def result(st: State) -> dict[str, Any]:
    """Winner, victory points and level of victory (19.1-19.3)."""
    vp = st.data["vp"]
    auto = st.data.get("victory", {}).get("automatic")
    if auto:
        name = side_name(st, auto["side"])
        return {
            "winner": auto["side"],
            "vp": vp,
            "level": "automatic victory",
            "case": auto["case"],
            "summary": f"automatic victory for the {name} ({auto['case']}): {auto['description']}",
        }
    winner = index_side(st) if vp > 0 else _other(st, index_side(st)) if vp < 0 else None
    level = _level(st, vp)
    name = level.result if level else ("draw" if winner is None else f"{winner} victory")
    return {
        "winner": level.winner if level else winner,
        "vp": vp,
        "level": name,
        "case": CASE,
        "summary": f"{name}, victory points {vp:+d}",
    }


def _other(st: State, side: str) -> str:
    return next(s.id for s in st.game.scenario.sides if s.id != side)


def _level(st: State, vp: int) -> Any:
    victory = st.game.scenario.file.victory
    if victory is None:
        return None
    return next(
        (
            lv
            for lv in victory.levels
            if (lv.min is None or vp >= lv.min) and (lv.max is None or vp <= lv.max)
        ),
        None,
    )


U.follow_up("eliminated", "victory", unit_eliminated)  # 19.3


def projected_vp(st: State) -> float:
    """The index as it would stand at the end: the points scored, and the towns' points
    their holder would still score at the end of this stage and the ones after it if
    control stayed as it is (19.3), for the computer players."""
    scorer = points_table(st).get("towns")
    if not scorer:
        return float(st.data["vp"])
    stages_left = max(0, st.game.scenario.info.turns - st.data["stage"] + 1)
    control = st.data["control"]
    cities = st.game.scenario.board.cities
    per_stage = sum(c.vp for h, c in cities.items() if c.vp and control.get(h) == scorer)
    signed = per_stage if scorer == index_side(st) else -per_stage
    return float(st.data["vp"] + signed * stages_left)
