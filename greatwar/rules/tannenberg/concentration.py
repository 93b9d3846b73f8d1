"""14.0 Concentration of divisions.

A division is the set of counters sharing a ``division`` field (14.1.1; the
note to 14.2.4: the brigades' numbering names their division) on one side and
in one corps: the corps is part of the key because a division number alone is
not unique (the German 1st Infantry Division of I Corps and the 1st Cavalry
Division of no corps).  A division usually has two brigades, the German 1st and
8th Cavalry Divisions three (14.1.1): the counters say how many, and a
``division`` shared by fewer than ``division_brigades`` counters (a scenario
that lists only part of a division) is no division to concentrate.

When every brigade of a division takes part in the same clash on the same side
the ratio is shifted: +1 for an attacking division, -1 for a defending one
(14.2.1), wherever the brigades stand (14.2.2), once per division and
cumulatively (14.2.4).  A division one of whose brigades has been eliminated
can never concentrate again (14.2.3), even when that brigade would return.

Reading where the rules are silent: a brigade that takes part in the clash but
is not counted across a strait (9.7.7) still takes part, so its division still
concentrates (it suffers the results, 9.7.7).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.static import derived_table
from greatwar.rules.tannenberg.tables import constant

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario

CASE = "tannenberg 14.2.1"


def _key(side: str, corps: str, division: str) -> str | None:
    return f"{side}/{corps}/{division}" if division else None


def division_key(st: State, uid: str) -> str | None:
    """The division a unit belongs to (side, corps and division), or None."""
    ui = U.info(st, uid)
    return _key(ui.side, ui.corps, ui.division)


def _build_divisions(scenario: Scenario) -> dict[str, tuple[str, ...]]:
    members: dict[str, list[str]] = {}
    for uid, c in scenario.counters.items():  # counter order: never the state's dict order
        key = _key(c.side, c.corps, c.division)
        if key is not None:
            members.setdefault(key, []).append(uid)
    least = int(constant("division_brigades"))
    return {k: tuple(v) for k, v in members.items() if len(v) >= least}


def divisions(st: State) -> dict[str, tuple[str, ...]]:
    """14.1.1 every division of the scenario and its brigades (static for a game)."""
    return derived_table(U.static(st), "divisions", _build_divisions)  # type: ignore[no-any-return]


def division_name(st: State, key: str) -> str:
    _side, corps, number = key.split("/", 2)
    return f"{number} Division" + (f" ({corps} Corps)" if corps else "")


def broken(st: State, key: str) -> bool:
    """14.2.3 one of the division's brigades has been eliminated."""
    return any(U.record(st, uid)["status"] == "eliminated" for uid in divisions(st)[key])


def concentrated(st: State, units: Iterable[str]) -> list[str]:
    """14.2.1-14.2.3 the divisions all of whose brigades are among ``units`` (one side's
    units taking part in a clash), in counter order."""
    present = set(units)
    found = []
    for key, brigades in divisions(st).items():
        if present.issuperset(brigades) and not broken(st, key):
            found.append(key)
    return found


def concentration_modifiers(
    st: State, attackers: Iterable[str], defenders: Iterable[str]
) -> list[dict[str, Any]]:
    """14.2.1 +1 per concentrated attacking division, -1 per concentrated defending
    division, each one entry (14.2.4 cumulative)."""
    step = int(constant("concentration_modifier"))
    mods = []
    for units, sign, role in ((attackers, 1, "attacking"), (defenders, -1, "defending")):
        for key in concentrated(st, units):
            mods.append(
                {
                    "why": f"{division_name(st, key)} concentrated, {role}",
                    "value": sign * step,
                    "case": CASE,
                    "division": key,
                }
            )
    return mods
