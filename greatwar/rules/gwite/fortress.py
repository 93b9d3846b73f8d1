"""11.0 Fortresses: printed on the map, four steps, worth two unit steps each.

A fortress belongs to the side of the country it is printed in (static
``fortress_side``).  It never attacks or retreats (11.11, 11.12), adds its
defense to units defending in it (11.11), uses its smaller defense once it
has lost two steps (11.14) and is gone for good when its steps are lost
(11.15).  Its losses are kept in ``state.data["fortress_lost"]``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.names import side_name

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.schema import Fortress

#: 11.13 for absorbing losses (only), a fortress step is worth two unit steps
UNIT_STEPS_PER_FORTRESS_STEP = 2


def printed(st: State, hex_label: str) -> Fortress | None:
    return U.static(st).scenario.board.fortresses.get(hex_label)  # type: ignore[no-any-return]


def steps_lost(st: State, hex_label: str) -> int:
    return st.data["fortress_lost"].get(hex_label, 0)  # type: ignore[no-any-return]


def steps_left(st: State, hex_label: str) -> int:
    f = printed(st, hex_label)
    return 0 if f is None else max(0, f.steps - steps_lost(st, hex_label))


def destroyed(st: State, hex_label: str) -> bool:
    """11.15 a fortress that has lost all its steps is gone for good."""
    return steps_left(st, hex_label) == 0


def owner(st: State, hex_label: str) -> str | None:
    """The side of an undestroyed fortress in ``hex_label``, if any."""
    side: str | None = U.static(st).fortress_side.get(hex_label)
    if side is None or destroyed(st, hex_label):
        return None
    return side


def defense(st: State, hex_label: str) -> int:
    """11.11 printed defense; 11.14 the smaller one after two steps are lost."""
    f = printed(st, hex_label)
    if f is None or destroyed(st, hex_label):
        return 0
    full, weakened = f.defense
    return weakened if steps_lost(st, hex_label) >= 2 else full


def lose_steps(st: State, hex_label: str, steps: int, case: str = "11.13") -> int:
    """The fortress loses fortress steps (never replaced, 11.15); returns the steps lost."""
    left = steps_left(st, hex_label)
    taken = min(steps, left)
    if taken <= 0:
        return 0
    side = U.static(st).fortress_side[hex_label]
    st.data["fortress_lost"][hex_label] = steps_lost(st, hex_label) + taken
    st.data["rev"][side] += 1  # zones of control and blocked hexes depend on fortresses
    f = printed(st, hex_label)
    assert f is not None
    if destroyed(st, hex_label):
        st.log(f"{f.name} ({hex_label}) is destroyed.", case="11.15")
        U.rules(st).fortress_destroyed(st, hex_label)
    else:
        st.log(
            f"{f.name} ({hex_label}) loses {taken} fortress step{'s' if taken > 1 else ''}"
            f" ({steps_left(st, hex_label)} left; defense {defense(st, hex_label)}).",
            case=case,
        )
    return taken


def describe(st: State, hex_label: str) -> str:
    f = printed(st, hex_label)
    side = U.static(st).fortress_side.get(hex_label)
    name = f.name if f else hex_label
    return f"{name} ({side_name(st, side) if side else 'no side'})"


#: the fortress markers of a game's map (Caporetto 2.32, Serbia/Galicia 2.32)
FORT_DESTROYED = "Fort Destroyed"
FORT_WEAKENED = "Fort Weakened"


def markers(st: State) -> dict[str, str]:
    """The marker on each fortress that has lost steps: Fort Destroyed once it has none
    left (11.15), Fort Weakened once it defends with its smaller value (11.14) or has lost
    any step."""
    out: dict[str, str] = {}
    for h in st.game.scenario.board.fortresses:
        if destroyed(st, h):
            out[h] = FORT_DESTROYED
        elif steps_lost(st, h):
            out[h] = FORT_WEAKENED
    return out
