"""21.2 Russian Garrison Restrictions (optional): the garrisons and the automatic defeat
(hindenburg 21.21-21.23).

With the option ``russian_garrison`` on, the Russians must keep what the scenario's
``[special] garrison`` rows say (21.21: a map region, the cavalry divisions and infantry
corps to keep in it, or on or adjacent to it with ``adjacent``).  Disrupted units count,
and so does any Russian unit of the right type by its Stacking Points: a cavalry
division's 2 for each cavalry division, a corps's 4 for each infantry corps (6.11), so
that two infantry divisions stand for a corps (21.22).

The requirements are checked once a Game-Turn, in the Game-Turn Record Interphase (a
step of the Interphase, :class:`GarrisonCheck`; with the option
``garrison_check_after_russian_turn``, at the end of each Russian Player-Turn).  A check
that finds them short warns the Russian Player in the log; the next check finding them
short again ends the game: the Russians have failed them for more than one complete
Game-Turn and lose (21.23), the Central Powers winning.  The checks missed in a row are kept in
``state.data["hindenburg_garrison"]`` (written only while the option is on).

Readings (docs/readings.md, Von Hindenburg): the moment of the check (the end of each
Game-Turn, after both Player-Turns: the Russians have their whole next Player-Turn to
mend what the Central Powers broke); a unit counts toward every requirement whose area
it stands in (the printed areas do not overlap).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.phases import Frame, Handler
from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.hindenburg import data as D
from greatwar.rules.gwite.hindenburg.data import option
from greatwar.rules.gwite.names import side_name
from greatwar.rules.gwite.static import STACKING_BY_SIZE

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems

OPTION = "russian_garrison"
AFTER_RUSSIAN_TURN = "garrison_check_after_russian_turn"

#: this section's optional rules (merged into :attr:`HindenburgRules.options`)
OPTIONS: dict[str, OptionSpec] = {
    OPTION: OptionSpec(
        False,
        "Russian garrison restrictions: the Russians keep the scenario's garrisons, and"
        " lose when short at two Game-Turn ends in a row (optional rule)",
        "hindenburg 21.2",
    ),
    AFTER_RUSSIAN_TURN: OptionSpec(
        False,
        "The Russian garrisons are checked at the end of each Russian Player-Turn"
        " (reading; off: at the end of each Game-Turn)",
        "hindenburg 21.23",
    ),
}

#: the Interphase step of the check, and its state key
KIND = "hindenburg_garrison"
#: the nationality whose units garrison (the Russian Player's)
RUSSIA = "russia"
CASE_AREA = "hindenburg 21.21"
CASE_COUNT = "hindenburg 21.22"
CASE_DEFEAT = "hindenburg 21.23"
#: 21.22 the Stacking Points of each required unit (6.11)
CAVALRY_DIVISION = STACKING_BY_SIZE["division"]
INFANTRY_CORPS = STACKING_BY_SIZE["corps"]


def russian_side(st: State) -> str | None:
    """The side the Russian units belong to."""
    return st.game.scenario.side_of_nationality(RUSSIA)


def area(st: State, row: D.GarrisonRow) -> frozenset[str]:
    """21.21 the hexes a requirement counts: the region's, and with ``adjacent`` those next
    to it."""
    board = U.static(st).scenario.board
    hexes = set(board.regions[row.region])
    if row.adjacent:
        for h in list(hexes):
            hexes.update(board.neighbours[h])
    return frozenset(hexes)


def garrisoned(st: State, row: D.GarrisonRow) -> dict[str, int]:
    """21.22 the Russian Stacking Points of cavalry and of infantry in the area of one
    requirement (disrupted units count like any)."""
    side = russian_side(st)
    hexes = area(st, row)
    points = {"cavalry": 0, "infantry": 0}
    for uid in U.on_map(st, side):
        ui = U.info(st, uid)
        if ui.type in points and U.record(st, uid)["hex"] in hexes:
            points[ui.type] += ui.stacking
    return points


def shortfalls(st: State) -> list[str]:
    """What the garrisons lack now, one line per requirement not met (21.21, 21.22)."""
    out = []
    for row in D.data(st).garrison:
        have = garrisoned(st, row)
        need = {
            "cavalry": row.cavalry_divisions * CAVALRY_DIVISION,
            "infantry": row.infantry_corps * INFANTRY_CORPS,
        }
        short = [
            f"{have[kind]} of {need[kind]} Stacking Points of {kind}"
            for kind in ("cavalry", "infantry")
            if have[kind] < need[kind]
        ]
        if short:
            where = "on or adjacent to" if row.adjacent else "in"
            out.append(f"{where} {row.region}: {', '.join(short)}")
    return out


def _record(st: State) -> dict[str, Any]:
    found: dict[str, Any] = st.data.setdefault(KIND, {"missed": 0, "defeat": None})
    return found


def check(st: State) -> None:
    """21.23 the check of one Game-Turn: a warning at the first miss, the game lost at the
    second in a row."""
    rec = _record(st)
    short = shortfalls(st)
    turn = st.data["turn"]
    russians = side_name(st, russian_side(st) or "")
    if not short:
        rec["missed"] = 0
        st.log(f"Game-Turn {turn}: the {russians} keep every garrison.", case=CASE_AREA)
        return
    rec["missed"] += 1
    st.log(
        f"Game-Turn {turn}: the {russians}' garrisons are short — {'; '.join(short)}"
        " (disrupted units and equal Stacking Points of the type count).",
        case=CASE_COUNT,
    )
    if rec["missed"] == 1:
        st.log(
            f"Warning to the {russians}: if the garrisons are still short at the next check,"
            f" on Game-Turn {turn + 1}, the {russians} lose the game.",
            case=CASE_DEFEAT,
        )
        return
    rec["defeat"] = {"turn": turn, "short": short}
    st.log(
        f"The {russians}' garrisons have been short for more than one complete Game-Turn:"
        f" the {russians} lose the game.",
        case=CASE_DEFEAT,
    )
    st.finish()


def _checked(st: State) -> bool:
    """Whether the garrisons are checked in this game (the option on, and some given)."""
    return bool(option(st, OPTION) and D.data(st).garrison)


class GarrisonCheck(Handler):
    """21.23 the garrison check of the Game-Turn Record Interphase (automatic)."""

    kind = KIND
    case = CASE_DEFEAT

    def run(self, st: State, frame: Frame) -> None:
        st.pop()
        check(st)

    def title(self, st: State, frame: Frame) -> str:
        return "Russian garrison check"


class Garrison:
    """21.2 Russian Garrison Restrictions (optional)"""

    @classmethod
    def handlers(cls) -> list[Handler]:
        return [*super().handlers(), GarrisonCheck()]  # type: ignore[misc]

    def interphase_steps(self, st: State) -> list[str | Frame]:
        """21.23 with the option on, the garrisons are checked at the end of each
        Game-Turn (unless the reading that checks them after the Russian Player-Turn is
        chosen)."""
        steps: list[str | Frame] = super().interphase_steps(st)  # type: ignore[misc]
        if _checked(st) and not option(st, AFTER_RUSSIAN_TURN):
            return [*steps, KIND]
        return steps

    def player_turn_children(self, st: State, side: str) -> list[str]:
        """21.23 the reading that checks the garrisons at the end of each Russian
        Player-Turn."""
        children: list[str] = super().player_turn_children(st, side)  # type: ignore[misc]
        if _checked(st) and option(st, AFTER_RUSSIAN_TURN) and side == russian_side(st):
            return [*children, KIND]
        return children

    def result(self, st: State) -> dict[str, Any]:
        """21.23 the Russians lost automatically: the Central Powers win."""
        out: dict[str, Any] = super().result(st)  # type: ignore[misc]
        defeat = st.data.get(KIND, {}).get("defeat")
        if not defeat:
            return out
        russians = russian_side(st) or ""
        winner = U.enemy_of(st, russians)
        return {
            **out,
            "winner": winner,
            "level": "automatic defeat",
            "case": CASE_DEFEAT,
            "summary": (
                f"{side_name(st, winner)} win: the {side_name(st, russians)}' garrisons were"
                f" short at the checks of Game-Turns {defeat['turn'] - 1} and {defeat['turn']}"
                f" ({CASE_DEFEAT})"
            ),
        }

    def validate(self, scenario: Scenario, problems: Problems) -> None:
        """21.21 each garrison names a region of the map; the Russians are a side."""
        super().validate(scenario, problems)  # type: ignore[misc]
        found = D.parsed(scenario)
        if found is None:
            return  # reported by place (HindenburgRules.validate)
        rows = found.garrison
        regions = scenario.board.regions
        for i, row in enumerate(rows):
            if row.region not in regions:
                known = ", ".join(sorted(regions)) or "none"
                problems.add(
                    ("special", "garrison", i, "region"),
                    f"21.21: the map has no region {row.region!r} (its regions: {known})",
                )
        if rows and scenario.side_of_nationality(RUSSIA) is None:
            problems.add(
                ("special", "garrison"),
                f"21.21: no side has the nationality {RUSSIA!r}, whose units garrison",
            )
