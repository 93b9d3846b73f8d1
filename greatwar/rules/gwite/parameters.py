"""The numbers a game's exclusive rules give (``[parameters]``), as the rules read them.

A game's parameters are its scenario's, changed by the options that are on
(``[option_effects]``, :mod:`option_effects`): the rules read them through
:func:`parameters`, never from the scenario file.  A number given by side or
nationality, and optionally by Game-Turn (``SideValues``: Rail Capacity, Railroad
Movement Rate, Supply Range, track limits) is read by one function,
:func:`for_unit` (a unit's nationality, else its side) or :func:`for_key` (one
key), on the current Game-Turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from greatwar.model.schema import Parameters, SideValues, side_value
from greatwar.rules.gwite import units as U

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems


def parameters(st: State) -> Parameters:
    """The game's parameters (the scenario's, with the changes of the options that are on)."""
    return U.static(st).scenario.file.parameters  # type: ignore[no-any-return]


def unit_keys(st: State, uid: str) -> tuple[str, str]:
    """The keys a table gives a unit's number under: its nationality, then its side."""
    ui = U.info(st, uid)
    return ui.nationality, ui.side


def for_unit(st: State, table: SideValues, uid: str, default: int = 0) -> int:
    """The number ``table`` gives ``uid`` now: by its nationality, else by its side, on the
    current Game-Turn; ``default`` when the table gives none."""
    value = side_value(table, unit_keys(st, uid), st.data["turn"])
    return default if value is None else value


def for_key(st: State, table: SideValues, key: str, default: int = 0) -> int:
    """The number ``table`` gives ``key`` (a side id or nationality) on the current
    Game-Turn; ``default`` when it gives none."""
    value = side_value(table, (key,), st.data["turn"])
    return default if value is None else value


# --- checks ----------------------------------------------------------------------------------

#: the fields of ``Parameters`` keyed by side id or nationality
KEYED_BY_SIDE = (
    "supply_range",
    "rail_capacity",
    "rail_rate",
    "friendly_countries",
    "rail_capacity_counts_reinforcements",
)


def validate(
    scenario: Scenario,
    params: Parameters,
    problems: Problems,
    where: tuple[str | int, ...] = ("parameters",),
) -> None:
    """Tables by side or nationality name sides and nationalities of the scenario (a
    misspelt key would silently give no number); ``tcr`` is by nationality only."""
    sides = {s.id for s in scenario.sides}
    nationalities = {n for s in scenario.sides for n in s.nationalities}
    known = sides | nationalities
    tables: list[tuple[tuple[str | int, ...], Mapping[str, object]]] = [
        ((*where, name), getattr(params, name)) for name in KEYED_BY_SIDE
    ]
    tables += [((*where, "track_limit", track), t) for track, t in params.track_limit.items()]
    for loc, table in tables:
        for key in sorted(set(table) - known):
            problems.add(
                (*loc, key),
                f"{key!r} is neither a side nor a nationality of this scenario"
                f" ({', '.join(sorted(known))})",
            )
    for key in sorted(set(params.tcr) - nationalities):
        problems.add(
            (*where, "tcr", key),
            f"{key!r} is not a nationality of this scenario ({', '.join(sorted(nationalities))})",
        )
