"""The set-ups of Serbia/Galicia (serbia-galicia 26.2, 26.3): free deployment, the
September 1 start line and its pre-game attrition.

Before the first Game-Turn each Player with something to set up has a deployment step
(a frame of :meth:`pregame_steps`, the mechanism Caporetto's deployment shares through
:mod:`greatwar.rules.gwite.deployment`); his legal actions are each unit with each hex
it may be set up in (``deploy``) and ``end_deployment``.

* 26.2 free deployment (``[special] free_deployment``): 26.21 the Allied Player first
  sets up the Serbian units anywhere in Serbia; then 26.22 the Austro-Hungarian Player
  his initial units anywhere in Austria on either map, but the 5th and 6th (Balkan)
  armies' units on the Serbian map.  A unit not set up again stays in its printed hex
  (which is in its country).  26.23 (option): 12 more Stacking Points of his
  reinforcements anywhere in Austria (they then never arrive as printed).
* 26.31 the Sept. 1 start line (``[special] start_line``, ``army_boundaries``): the
  Austro-Hungarian Player first, then the Allied; each unit within its army's
  boundaries (the region of its Superior Unit Designation: start-line hexes and its
  side of the line); the Player may not finish while a start-line hex is neither
  occupied by nor in the Zone of Control of his units and a unit is still to be set up.
* 26.32 (``[special] pregame_attrition``): after each side's set-up, one die for each of
  its units (HQs and supply depots, which have no combat steps, excepted: see the
  readings): A-H 2 two steps, 1 one step; Russian 1-2 one step.
* 26.3, 26.33: the game starts on ``[special] start_turn`` with ``start_vp`` Allied
  Victory Points (:meth:`start_data`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.phases import Action, Frame, Handler
from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import reinforcement as R
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite import zoc
from greatwar.rules.gwite.deployment import SetUpStep, fits, land, region_hexes
from greatwar.rules.gwite.names import side_name
from greatwar.rules.gwite.serbia_galicia import data as D

if TYPE_CHECKING:
    from greatwar.engine.state import Game, State
    from greatwar.model.loader import Scenario

KIND = "serbia_galicia_deployment"
ATTRITION = "serbia_galicia_pregame_attrition"

FREE = "free"
START_LINE = "start_line"

CASE_FREE = "serbia-galicia 26.2"
CASE_SERBIAN = "serbia-galicia 26.21"
CASE_AUSTRIAN = "serbia-galicia 26.22"
CASE_EXTRA = "serbia-galicia 26.23"
CASE_ENTRY = "serbia-galicia 26.24"
CASE_LINE = "serbia-galicia 26.31"
CASE_ATTRITION = "serbia-galicia 26.32"
CASE_START = "serbia-galicia 26.3"
CASE_VP = "serbia-galicia 26.33"

AUSTRIA = "austria-hungary"
SERBIA = "serbia"

#: serbia-galicia 26.23 the Stacking Points of reinforcements set up in addition
EXTRA_AUSTRIAN = "extra_austrian_set_up"
EXTRA_POINTS = 12
#: serbia-galicia 26.24 the delay of another railroad entry hex on the same map edge,
#: and of another map edge
SAME_EDGE_DELAY = 1
OTHER_EDGE_DELAY = 3
#: serbia-galicia 26.32 the steps each die roll takes, by nationality
ATTRITION_STEPS: dict[str, dict[int, int]] = {
    AUSTRIA: {1: 1, 2: 2},
    "russia": {1: 1, 2: 1},
}

#: this section's optional rules (merged into :attr:`SerbiaGaliciaRules.options`)
OPTIONS: dict[str, OptionSpec] = {
    EXTRA_AUSTRIAN: OptionSpec(
        False,
        "Free deployment: by mutual agreement the Austro-Hungarian Player sets up 12 more"
        " Stacking Points of his reinforcements anywhere in Austria (serbia-galicia 26.23)",
        "",
    ),
}


# --- what the scenario gives ---------------------------------------------------------


def mode(st: State) -> str | None:
    """The scenario's set-up: free deployment (26.2), the start line (26.31) or none."""
    special = D.data(st)
    if special.start_line:
        return START_LINE
    return FREE if special.free_deployment else None


def order(st: State) -> list[str]:
    """26.21 the Serbians before the A-H; 26.31 the A-H first."""
    return ["central", "allied"] if mode(st) == START_LINE else ["allied", "central"]


def _country_hexes(st: State, country: str, map_prefix: str = "") -> list[str]:
    board = U.static(st).scenario.board
    return land(
        st,
        (
            h
            for h, c in board.country.items()
            if c == country and (not map_prefix or board.map_of(h) == map_prefix)
        ),
    )


def superior(st: State, uid: str) -> str:
    """2.3 the unit's Superior Unit Designation: its army."""
    return st.game.scenario.counters[uid].superior


def _free_hexes(st: State, uid: str) -> tuple[list[str], str] | None:
    """26.21 Serbians anywhere in Serbia; 26.22 the A-H anywhere in Austria, the Balkan
    armies on the Serbian map; others (the Russians) as printed (see the readings)."""
    ui = U.info(st, uid)
    special = D.data(st)
    if ui.nationality == SERBIA:
        return _country_hexes(st, SERBIA), CASE_SERBIAN
    if ui.nationality == AUSTRIA:
        balkan = superior(st, uid) in special.balkan_armies
        return _country_hexes(st, AUSTRIA, special.serbia_map if balkan else ""), CASE_AUSTRIAN
    return None


def line_hexes(st: State, uid: str) -> list[str]:
    """26.31 the hexes of the unit's army boundaries (its Superior Unit Designation's
    region)."""
    side = U.info(st, uid).side
    region = D.data(st).army_boundaries.get(side, {}).get(superior(st, uid), "")
    return region_hexes(st, region)


def start_line(st: State) -> list[str]:
    """26.31 the hexes of the Sept. 1 Scenario Start Line."""
    return sorted(U.static(st).scenario.board.regions.get(D.data(st).start_line, frozenset()))


def uncovered(st: State, side: str) -> list[str]:
    """26.31 the start-line hexes neither occupied by nor in the Zone of Control of the
    side's units."""
    held = {h for h, s in U.hex_side(st).items() if s == side}
    covered = held | set(zoc.controlled_by(st, side))
    return [h for h in start_line(st) if h not in covered]


# --- the deployment step -------------------------------------------------------------


class DeploymentStep(SetUpStep):
    """One Player's set-up before play (26.2-26.31)."""

    kind = KIND
    case = CASE_FREE
    stacking_case = "serbia-galicia 6.11"

    def setup(self, st: State, frame: Frame) -> None:
        frame.setdefault("placed", [])  # units set up in this step (each once)
        frame.setdefault("extra", 0)  # 26.23 Stacking Points of reinforcements set up

    def case_of(self, st: State, frame: Frame) -> str | None:
        """26.31 on the start line; 26.21 the Serbians' set-up, 26.22 the A-H's."""
        if frame.get("mode") == START_LINE:
            return CASE_LINE
        return CASE_SERBIAN if frame["side"] == "allied" else CASE_AUSTRIAN

    def candidates(self, st: State, frame: Frame) -> dict[str, tuple[list[str], str]]:
        """Each unit the Player may set up now, with its hexes (before 6.0) and case."""
        side, placed = frame["side"], set(frame["placed"])
        out: dict[str, tuple[list[str], str]] = {}
        if frame["mode"] == START_LINE:
            for uid in self._line_units(st, side):
                out[uid] = (line_hexes(st, uid), CASE_LINE)
        else:
            for uid in U.on_map(st, side):
                found = _free_hexes(st, uid)
                if found is not None:
                    out[uid] = found
            out.update(self._extra_candidates(st, frame))
        return {uid: c for uid, c in out.items() if uid not in placed}

    def _line_units(self, st: State, side: str) -> list[str]:
        """26.31 the side's counters set up on the start line (printed without set-up
        hexes, out of play until placed)."""
        deployed = U.rules(st).deployed_counters(st.game.scenario)
        return [uid for uid in deployed if U.info(st, uid).side == side]

    def _extra_candidates(self, st: State, frame: Frame) -> dict[str, tuple[list[str], str]]:
        """26.23 (option) A-H reinforcements up to 12 Stacking Points, anywhere in Austria
        (the Balkan armies' on the Serbian map, as 26.22)."""
        if frame["side"] != "central" or not D.option(st, EXTRA_AUSTRIAN):
            return {}
        out: dict[str, tuple[list[str], str]] = {}
        for uid, rec in st.data["units"].items():
            ui = U.info(st, uid)
            if ui.side != "central" or rec["status"] != "pending":
                continue
            if frame["extra"] + ui.stacking > EXTRA_POINTS:
                continue
            found = _free_hexes(st, uid)
            if found is not None:
                out[uid] = (found[0], CASE_EXTRA)
        return out

    def _unplaced(self, st: State, frame: Frame) -> list[str]:
        """26.31 the start-line counters not yet set up that still have a hex to go to."""
        if frame["mode"] != START_LINE:
            return []
        return [
            uid
            for uid, (hexes, _c) in self.candidates(st, frame).items()
            if U.record(st, uid)["status"] != "on_map"
            and any(fits(st, uid, h) is None for h in hexes)
        ]

    def why_not_end(self, st: State, frame: Frame) -> tuple[str, str | None] | None:
        """26.31 the deployment waits for every counter that can still be set up, and
        while one can, for every start-line hex to be covered."""
        missing = self._unplaced(st, frame)
        if not missing:
            return None
        names = ", ".join(U.info(st, u).name for u in missing)
        open_hexes = uncovered(st, frame["side"])
        if open_hexes:
            return (
                f"start-line hexes {', '.join(open_hexes)} are neither occupied nor in a"
                f" Zone of Control of your units; still to be set up: {names}",
                CASE_LINE,
            )
        return f"still to be set up: {names}", CASE_LINE

    def waiting_case(self, st: State, frame: Frame) -> str | None:
        """26.31 the start line's set-up; in free deployment the Serbians' first (26.21)."""
        return CASE_LINE if frame["mode"] == START_LINE else CASE_SERBIAN

    def where(self, case: str) -> str:
        return _where(case)

    # --- what an action does ---

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        if action["type"] == "end_deployment":
            self._finish(st, frame)
            return
        uid, hex_label = action["unit"], action["hex"]
        _hexes, case = self.candidates(st, frame)[uid]
        before = U.record(st, uid)["hex"]
        if U.record(st, uid)["status"] != "on_map":
            U.set_status(st, uid, "on_map")
        U.place(st, uid, hex_label)
        frame["placed"].append(uid)
        if case == CASE_EXTRA:
            frame["extra"] += U.info(st, uid).stacking
        moved = f" from {before}" if before else ""
        st.log(f"{U.info(st, uid).name} is set up in {hex_label}{moved}.", case=case)

    def _finish(self, st: State, frame: Frame) -> None:
        side = frame["side"]
        if frame["mode"] == START_LINE:
            for uid in self._line_units(st, side):
                if U.record(st, uid)["status"] != "on_map":
                    name = U.info(st, uid).name
                    st.log(f"{name} has no hex left to set up in: out of play.", case=CASE_LINE)
            open_hexes = uncovered(st, side)
            if open_hexes:
                st.log(
                    f"Start-line hexes left uncovered (no unit left to set up):"
                    f" {', '.join(open_hexes)}.",
                    case=CASE_LINE,
                )
        st.log(f"{side_name(st, side)}: the set-up is done.", case=self.case_of(st, frame))
        st.pop()

    # --- refusals ---

    def unit_refusal(self, st: State, frame: Frame, uid: str) -> tuple[str, str | None]:
        name = U.info(st, uid).name
        if U.record(st, uid)["status"] == "pending" and D.option(st, EXTRA_AUSTRIAN):
            return (
                f"{name} would set up more than {EXTRA_POINTS} extra Stacking Points",
                self.case_of(st, frame),
            )
        return f"{name} is set up as the scenario prints it", self.case_of(st, frame)


def _where(case: str) -> str:
    return {
        CASE_SERBIAN: "in Serbia",
        CASE_AUSTRIAN: "in Austria (the 5th and 6th armies' units: on the Serbian map)",
        CASE_EXTRA: "in Austria (the 5th and 6th armies' units: on the Serbian map)",
        CASE_LINE: "within its army's boundaries on its side of the start line",
    }.get(case, "where the scenario lets it set up")


# --- 26.24 reinforcements at another entry -------------------------------------------


def reroutes(st: State, uid: str) -> dict[str, tuple[int, str]]:
    """26.24 in free deployment: the other railroad entry hexes of the unit's own country
    on its scheduled entry's map, each with its delay (1 Game-Turn on the same map edge,
    3 on another edge); none once the unit has been re-routed."""
    if not D.data(st).free_deployment or U.record(st, uid).get(R.ALTERNATIVE):
        return {}
    scenario = U.static(st).scenario
    board = scenario.board
    entry = board.entries.get(U.info(st, uid).arrive_entry or "")
    if entry is None:
        return {}
    rails = U.static(st).rail_hexes
    own = U.info(st, uid).nationality
    out: dict[str, tuple[int, str]] = {}
    for other in board.entries.values():
        h = other.hexes[0]
        if other.letter == entry.letter or h not in rails or board.country.get(h) != own:
            continue
        if board.map_of(h) != board.map_of(entry.hexes[0]):
            continue
        delay = SAME_EDGE_DELAY if other.edge == entry.edge else OTHER_EDGE_DELAY
        out[h] = (delay, CASE_ENTRY)
    return out


# --- 26.32 the pre-game attrition ----------------------------------------------------


class PregameAttrition(Handler):
    """26.32 one die for each of the side's units once it is set up."""

    kind = ATTRITION
    case = CASE_ATTRITION

    def run(self, st: State, frame: Frame) -> None:
        for uid in sorted(U.on_map(st, frame["side"])):
            losses = ATTRITION_STEPS.get(U.info(st, uid).nationality)
            if losses is None or not attrited(st, uid):
                continue
            name = U.info(st, uid).name
            die = st.roll(f"pre-game attrition of {name}", case=CASE_ATTRITION)
            steps = losses.get(die, 0)
            if steps:
                U.lose_steps(st, uid, steps, CASE_ATTRITION, "pre-game attrition")
        st.pop()

    def title(self, st: State, frame: Frame) -> str:
        return f"Pre-game attrition: {side_name(st, frame['side'])}"


def attrited(st: State, uid: str) -> bool:
    """26.32 the units that roll: combat units (HQs and supply depots excepted)."""
    ui = U.info(st, uid)
    return not ui.hq and ui.type != "supply_depot"


class SerbiaGaliciaDeployment:
    """A part of :class:`SerbiaGaliciaRules` (every override calls ``super()`` and keeps
    what the parts after it in the rules' bases give)."""

    @classmethod
    def handlers(cls) -> list[Handler]:
        return [*super().handlers(), DeploymentStep(), PregameAttrition()]  # type: ignore[misc]

    def pregame_steps(self, st: State) -> list[str | Frame]:
        """26.21 the Serbians then the A-H; 26.31-26.32 the A-H, their attrition, the
        Russians, theirs."""
        steps: list[str | Frame] = list(super().pregame_steps(st))  # type: ignore[misc]
        kind = mode(st)
        if kind is None:
            return steps
        for side in order(st):
            steps.append({"kind": KIND, "side": side, "mode": kind})
            if D.data(st).pregame_attrition:
                steps.append({"kind": ATTRITION, "side": side})
        return steps

    def reinforcement_reroutes(self, st: State, uid: str) -> dict[str, tuple[int, str]]:
        """26.24 in free deployment another railroad entry hex, with a delay."""
        out: dict[str, tuple[int, str]] = dict(super().reinforcement_reroutes(st, uid))  # type: ignore[misc]
        for h, reroute in reroutes(st, uid).items():
            out.setdefault(h, reroute)
        return out

    def start_data(self, game: Game, data: dict[str, Any]) -> None:
        """26.3 the Game-Turn the scenario starts with; 26.33 the Allied Victory Points it
        begins with."""
        super().start_data(game, data)  # type: ignore[misc]
        special = D.parsed(game.scenario)
        if special is None or game.scenario.file.position is not None:
            return
        data["turn"] = max(data["turn"], special.start_turn)
        data["vp"] += special.start_vp

    def deployed_counters(self, scenario: Scenario) -> dict[str, str]:
        """26.31 the counters set up on the start line: printed with neither set-up hex
        nor arrival."""
        out: dict[str, str] = dict(super().deployed_counters(scenario))  # type: ignore[misc]
        special = D.parsed(scenario)
        if special is None or not special.start_line:
            return out
        for uid, c in scenario.counters.items():
            if c.setup is None and c.arrive is None:
                out[uid] = CASE_LINE
        return out
