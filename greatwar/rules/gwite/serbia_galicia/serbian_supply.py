"""The Serbian Supply Points track (serbia-galicia 20.0): one point per Serbian attacker,
the replenishment roll, the initial four points.

* 20.1 every Serbian unit involved in an attack costs one Supply Point, expended when the
  attack is resolved; a Serbian unit may not join an attack (nor the attack be resolved)
  beyond the points on the track.  Which units are "involved" is reading AS6: the
  attacking units and the Serbian HQs lending their Attack Shift to it (Putnik too,
  when his shift is among the attack's shifts); the option ``serbian_shifts_free``
  charges the attacking units only.
* 20.2 the replenishment die in the Allied Initial Supply Determination Segment.
* 20.3 four points at the start; a scenario that starts at a set ``[position]`` may give
  another count (``[special] serbian_supply_points``).

The track is shown in every view (``serbian_supply``: the points, and what the attack
being put together would cost)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.serbia_galicia import data as D

if TYPE_CHECKING:
    from greatwar.engine.phases import Action, Frame
    from greatwar.engine.state import Game, State
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems

#: state record: the Serbian Supply Points on the track (20.1)
POINTS = "serbia_galicia_serbian_supply"
#: the nationality whose attacks cost Supply Points (20.1)
SERBIAN = "serbia"
#: 20.3 the Allied Player's Serbian Supply Points at the start of the game
INITIAL_POINTS = 4
#: 20.2 Supply Points added by each replenishment roll
REPLENISHMENT = {1: 0, 2: 0, 3: 1, 4: 2, 5: 2, 6: 4}
#: AS6 (b): a Serbian HQ lending its Attack Shift costs no Supply Point
SHIFTS_FREE = "serbian_shifts_free"

CASE_SPEND = "serbia-galicia 20.1"
CASE_REPLENISH = "serbia-galicia 20.2"
CASE_INITIAL = "serbia-galicia 20.3"

#: this section's optional rules (merged into :attr:`SerbiaGaliciaRules.options`)
OPTIONS: dict[str, OptionSpec] = {
    SHIFTS_FREE: OptionSpec(
        False,
        "Serbian HQs lending their Attack Shift (and Putnik) cost no Serbian Supply Point;"
        " only the attacking units do (AS6 b; off: every Serbian unit involved pays)",
        CASE_SPEND,
    ),
}


def points(st: State) -> int:
    """20.1 the Serbian Supply Points on the track now."""
    return int(st.data.get(POINTS, INITIAL_POINTS))


def is_serbian(st: State, uid: str) -> bool:
    return U.info(st, uid).nationality == SERBIAN  # type: ignore[no-any-return]


def involved(st: State, attack: Frame) -> list[str]:
    """20.1 (AS6) the Serbian units involved in an attack, each costing one point: its
    attacking units and, unless :data:`SHIFTS_FREE`, the HQs lending it their shift."""
    units = list(attack.get("attackers", []))
    if not D.option(st, SHIFTS_FREE):
        units += [h for h in attack.get("shifts", []) if h not in units]
    return [u for u in units if is_serbian(st, u)]


def shortfall(st: State, attack: Frame, adding: str | None = None) -> tuple[str, str] | None:
    """20.1 why the attack (with ``adding`` joining it) would need more Serbian Supply
    Points than the track holds (reason, case), or None."""
    units = involved(st, attack)
    if adding is not None and adding not in units and is_serbian(st, adding):
        units.append(adding)
    have = points(st)
    if len(units) <= have:
        return None
    return (
        f"{len(units)} Serbian unit{'s' if len(units) > 1 else ''} involved need"
        f" {len(units)} Serbian Supply Point{'s' if len(units) > 1 else ''};"
        f" the track holds {have}",
        CASE_SPEND,
    )


def replenish(st: State) -> None:
    """20.2 the Allied Player's replenishment roll: 1-2 nothing, 3 +1, 4-5 +2, 6 +4."""
    die = st.roll("Serbian supply replenishment", case=CASE_REPLENISH)
    added = REPLENISHMENT[die]
    st.data[POINTS] = points(st) + added
    if added:
        st.log(
            f"Serbian supply: die {die}, {added} Supply Point{'s' if added > 1 else ''}"
            f" added; the track holds {points(st)}.",
            case=CASE_REPLENISH,
        )
    else:
        st.log(
            f"Serbian supply: die {die}, no Supply Point added; the track holds {points(st)}.",
            case=CASE_REPLENISH,
        )


def spend(st: State, attack: Frame) -> None:
    """20.1 one Supply Point expended for each Serbian unit involved in the attack."""
    units = involved(st, attack)
    if not units:
        return
    st.data[POINTS] = points(st) - len(units)
    names = ", ".join(U.info(st, u).name for u in units)
    st.log(
        f"{len(units)} Serbian Supply Point{'s' if len(units) > 1 else ''} expended ({names});"
        f" the track holds {points(st)}.",
        case=CASE_SPEND,
    )


def track_view(st: State) -> dict[str, Any]:
    """The Serbian Supply Track as a view shows it, with the cost of the attack being
    put together (20.1)."""
    out: dict[str, Any] = {"points": points(st), "case": CASE_SPEND}
    for frame in reversed(st.data["stack"]):
        if frame["kind"] == "attack":
            out["attack_cost"] = len(involved(st, frame))
            break
    return out


class SerbianSupplyPoints:
    """A part of :class:`SerbiaGaliciaRules` (every override calls ``super()`` and keeps
    what the parts after it in the rules' bases give)."""

    def validate(self, scenario: Scenario, problems: Problems) -> None:
        """20.3 another count of Supply Points only for a game starting at a position."""
        super().validate(scenario, problems)  # type: ignore[misc]
        special = D.parsed(scenario)
        if special is None or special.serbian_supply_points is None:
            return
        if scenario.file.position is None:
            problems.add(
                ("special", "serbian_supply_points"),
                "Serbian Supply Points other than 20.3's four are given only for a game that"
                " starts at a set [position] (serbia-galicia 20.3)",
            )

    def start_data(self, game: Game, data: dict[str, Any]) -> None:
        """20.3 the track starts at four (or at a position's own count)."""
        super().start_data(game, data)  # type: ignore[misc]
        special = D.parse(game.scenario)
        given = special.serbian_supply_points
        data[POINTS] = INITIAL_POINTS if given is None else given

    def supply_determined(self, st: State, side: str, segment: str) -> None:
        """20.2 the replenishment roll in the Allied Initial Supply Determination Segment."""
        super().supply_determined(st, side, segment)  # type: ignore[misc]
        if segment == "initial_supply" and side == _serbian_side(st):
            replenish(st)

    def attacker_refusal(self, st: State, attack: Frame, uid: str) -> tuple[str, str] | None:
        """20.1 a Serbian unit joins an attack only with a Supply Point left for it."""
        why = super().attacker_refusal(st, attack, uid)  # type: ignore[misc]
        if why is not None:
            return why  # type: ignore[no-any-return]
        return shortfall(st, attack, uid) if is_serbian(st, uid) else None

    def odds_refusal(
        self, st: State, attack: Frame, report: dict[str, Any]
    ) -> tuple[str, str] | None:
        """20.1 no Serbian attack without enough Supply Points (HQs lending their shift
        included, AS6)."""
        why = super().odds_refusal(st, attack, report)  # type: ignore[misc]
        return why if why is not None else shortfall(st, attack)

    def combat_action_refusal(
        self, st: State, attack: Frame, role: str, action: Action
    ) -> tuple[str, str] | None:
        """20.1 a Serbian HQ's shift refused for want of a Supply Point."""
        why = super().combat_action_refusal(st, attack, role, action)  # type: ignore[misc]
        if why is not None:
            return why  # type: ignore[no-any-return]
        hq = action.get("hq")
        if action.get("type") != "add_shift" or not isinstance(hq, str):
            return None
        if hq not in st.data["units"] or D.option(st, SHIFTS_FREE):
            return None
        return shortfall(st, attack, hq) if is_serbian(st, hq) else None

    def attack_rolled(self, st: State, attack: Frame, report: dict[str, Any]) -> None:
        """20.1 the points are expended once the attack is made."""
        super().attack_rolled(st, attack, report)  # type: ignore[misc]
        spend(st, attack)

    def redact_view(self, st: State, role: str | None, view: dict[str, Any]) -> dict[str, Any]:
        """20.1 the Serbian Supply Track, seen by both Players."""
        out: dict[str, Any] = super().redact_view(st, role, view)  # type: ignore[misc]
        return {**out, "serbian_supply": track_view(st)}


def _serbian_side(st: State) -> str | None:
    """The side the Serbian units play on (the Allied Player's, 2.3)."""
    for uid in st.data["units"]:
        if is_serbian(st, uid):
            return U.info(st, uid).side  # type: ignore[no-any-return]
    return None
