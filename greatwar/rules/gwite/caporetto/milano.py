"""The Milano strike (caporetto 22.0): the Italian 41st and 42nd Cavalry Divisions
(``[special] milano_units``) arrive two Game-Turns after the strike is crushed.

At the beginning of each Allied Player-Turn, while the strike goes on, the Allied
Player rolls a die (a step of play of its own, before the Movement Phase, logged with
the case); a result no greater than the Game-Turn number crushes it.  The units'
printed Game-Turn of arrival is not used: they are due on the Game-Turn two after the
one the strike was crushed in (none after the last), and then arrive as other Allied
reinforcements do (14.3: at the Allied entry hex, by the reinforcement rules).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.phases import Frame, Handler
from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.caporetto import data as D

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems

#: this section's optional rules (merged into :attr:`CaporettoRules.options`)
OPTIONS: dict[str, OptionSpec] = {}

#: the step of play of the roll, first in each Allied Player-Turn
MILANO_FRAME = "caporetto_milano"
#: state record: the Game-Turn the strike was crushed in (absent while it goes on)
CRUSHED = "caporetto_milano_crushed"
#: caporetto 22.0: the units arrive this many Game-Turns after the strike is crushed
DELAY = 2


def milano_units(st: State) -> list[str]:
    return D.data(st).milano_units


def strikers_side(st: State) -> str | None:
    """The side whose Player-Turns begin with the roll: the Milano units' (the Allies)."""
    units = milano_units(st)
    return U.info(st, units[0]).side if units else None


def crushed_turn(st: State) -> int | None:
    """The Game-Turn the strike was crushed in, or None while it goes on."""
    return st.data.get(CRUSHED)


def arrival(st: State) -> int | None:
    """caporetto 22.0: the Game-Turn the Milano units are due, None while the strike goes
    on."""
    crushed = crushed_turn(st)
    return None if crushed is None else crushed + DELAY


class MilanoRoll(Handler):
    """caporetto 22.0: the Allied Player's roll at the beginning of his Player-Turn."""

    kind = MILANO_FRAME
    case = "caporetto 22.0"

    def run(self, st: State, frame: Frame) -> None:
        st.pop()
        if crushed_turn(st) is not None:
            return
        turn = st.data["turn"]
        die = st.roll("Milano strike", case="caporetto 22.0")
        names = " and ".join(U.info(st, uid).name for uid in milano_units(st))
        if die > turn:
            st.log(
                f"Milano strike: die {die}, more than the Game-Turn ({turn}): the strike goes"
                f" on; {names} stay in Milano.",
                case="caporetto 22.0",
            )
            return
        st.data[CRUSHED] = turn
        when = turn + DELAY
        later = (
            f"arrive as reinforcements on Game-Turn {when}"
            if when <= st.game.scenario.info.turns
            else "cannot arrive before the game ends"
        )
        st.log(
            f"Milano strike: die {die}, no more than the Game-Turn ({turn}): the strike is"
            f" crushed; {names} {later}.",
            case="caporetto 22.0",
        )

    def title(self, st: State, frame: Frame) -> str:
        return "The Milano strike"


class MilanoStrike:
    """A part of :class:`CaporettoRules` (every override calls ``super()`` and keeps what
    the parts after it in the rules' bases give)."""

    @classmethod
    def handlers(cls) -> list[Handler]:
        return [*super().handlers(), MilanoRoll()]  # type: ignore[misc]

    def validate(self, scenario: Scenario, problems: Problems) -> None:
        """caporetto 22.0: the Milano units are counters of one side, each arriving as a
        reinforcement (a printed arrival, whose Game-Turn is not used)."""
        super().validate(scenario, problems)  # type: ignore[misc]
        found = D.parsed(scenario)
        if found is None:
            return  # reported by place by the standard check of [special]
        sides = set()
        for i, cid in enumerate(found.milano_units):
            counter = scenario.counters.get(cid)
            if counter is None or counter.arrive is None:
                problems.add(
                    ("special", "milano_units", i),
                    f"{cid!r} is not a counter with an arrival: the Milano units arrive as"
                    " reinforcements (caporetto 22.0)",
                )
                continue
            sides.add(counter.side)
        if len(sides) > 1:
            problems.add(
                ("special", "milano_units"),
                "the Milano units are all of one side (caporetto 22.0)",
            )

    def player_turn_children(self, st: State, side: str) -> list[str]:
        """caporetto 22.0: each Allied Player-Turn begins with the Milano roll (a step
        that does nothing once the strike is crushed, so the list never changes)."""
        children: list[str] = super().player_turn_children(st, side)  # type: ignore[misc]
        if side == strikers_side(st):
            return [MILANO_FRAME, *children]
        return children

    def arrives_by_schedule(self, st: State, uid: str) -> bool:
        """caporetto 22.0: the Milano units wait for the strike to be crushed."""
        if uid in milano_units(st):
            return crushed_turn(st) is not None
        return super().arrives_by_schedule(st, uid)  # type: ignore[misc, no-any-return]

    def arrival_turn(self, st: State, uid: str) -> int | None:
        """caporetto 22.0: two Game-Turns after the strike is crushed (not the printed
        Game-Turn)."""
        if uid in milano_units(st):
            return arrival(st)
        return super().arrival_turn(st, uid)  # type: ignore[misc, no-any-return]

    def arrival_refusal(self, st: State, uid: str) -> tuple[str, str]:
        """caporetto 22.0: why a Milano unit has not arrived yet."""
        if uid not in milano_units(st):
            return super().arrival_refusal(st, uid)  # type: ignore[misc, no-any-return]
        name, when = U.info(st, uid).name, arrival(st)
        if when is None:
            return (
                f"{name} arrives two Game-Turns after the Milano strike is crushed, and it goes on",
                "caporetto 22.0",
            )
        return f"{name} is due on Game-Turn {when}, two after the strike was crushed", (
            "caporetto 22.0"
        )
