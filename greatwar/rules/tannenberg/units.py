"""Units of Tannenberg: combat-efficiency levels and endurance (2.3).

A unit's record in ``state.data["units"]``::

    {"hex": "A12 B30", "status": "on_map", "level": 0, "lost": 1, "markers": []}

``level`` is 0 on the front of the counter and 1 on the back (2.3.1);
``lost`` is the endurance points lost on the current level, the number of
the endurance counter beneath the unit (0-4, 2.3.3-2.3.4).  The shared
machinery (occupancy, markers, caches, placing) is :mod:`greatwar.rules.pieces`.

A lost level and an elimination set off rules of other sections: 18.1.2 counts a
corps' lost levels (:mod:`special`), 19.3 scores an eliminated unit (:mod:`victory`),
13.1.6-13.1.7 end a corps HQ whose last unit is gone and roll an eliminated HQ's
return (:mod:`command`).  Those modules stand above this one (they eliminate units
themselves), so each registers its rule here when it is imported
(:func:`follow_up`); a loss calls them in the order :data:`FOLLOW_UPS` gives,
whatever the order of the imports.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from greatwar.rules.pieces import (  # noqa: F401  (the shared machinery, re-exported)
    _touch,
    _touch_in_place,
    add_marker,
    cached,
    cached_of,
    changed_between,
    changed_since,
    clear_marker,
    counts,
    eliminate,
    enemy_of,
    has_marker,
    hex_side,
    info,
    occupancy,
    on_map,
    place,
    record,
    remove_marker,
    revision,
    set_note,
    set_status,
    static,
    units_in,
)
from greatwar.rules.tannenberg import fog, masks
from greatwar.rules.tannenberg.tables import constant

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.schema import StepValues

#: what follows a loss in other sections, in this order: the sections' names for each event
FOLLOW_UPS: dict[str, tuple[str, ...]] = {
    "level_lost": ("special",),  # 2.3.5: 18.1.2
    "eliminated": ("special", "victory", "command"),  # 2.3.6: 18.1.2, 19.3, 13.1.6-13.1.8
}
_follow_ups: dict[tuple[str, str], Callable[[State, str], None]] = {}


def follow_up(event: str, section: str, rule: Callable[[State, str], None]) -> None:
    """``rule(st, uid)`` of ``section`` follows every ``event`` of :data:`FOLLOW_UPS`
    (the section's module calls this when it is imported)."""
    _follow_ups[(event, section)] = rule


def _follow(st: State, event: str, uid: str) -> None:
    for section in FOLLOW_UPS[event]:
        _follow_ups[(event, section)](st, uid)


def values(st: State, uid: str) -> StepValues:
    """The printed values of the unit's current combat-efficiency level."""
    return info(st, uid).values(record(st, uid)["level"])  # type: ignore[no-any-return]


def strength(st: State, uid: str) -> int:
    return values(st, uid).strength or 0


def effectiveness(st: State, uid: str) -> int:
    return values(st, uid).effectiveness or 0


def endurance_per_level() -> int:
    """2.3.3 four endurance points on each combat-efficiency level."""
    return int(constant("endurance_per_level"))


def lose_endurance(
    st: State, uid: str, points: int, case: str, why: str = "", may_lower_level: bool = True
) -> None:
    """A unit loses endurance points (2.3.4), flipping to its second level when it loses
    more than four (2.3.5) and eliminated when it loses more than four on its last
    level (2.3.6).  With ``may_lower_level`` false (unsupplied movement, 2.3.7) the loss
    stops at the bottom of the current level."""
    if points <= 0:
        return
    u = record(st, uid)
    ui = info(st, uid)
    per_level = endurance_per_level()
    if not may_lower_level:
        taken = min(points, per_level - u["lost"])
        if taken > 0:
            u["lost"] += taken
            _touch_in_place(st, uid)  # endurance and level: not where it stands
            _log(st, uid, f"{ui.name} loses {taken} endurance ({why}).", case)
        return
    lost = u["lost"] + points
    level = u["level"]
    while lost > per_level and level + 1 < ui.level_count:
        level += 1  # 2.3.5 flipped to the second level; the rest is marked there
        lost -= per_level
    if lost > per_level or ui.level_count == 0:
        eliminate_unit(st, uid, "tannenberg 2.3.6", why)
        return
    flipped = level != u["level"]
    u["level"], u["lost"] = level, lost
    _touch_in_place(st, uid)  # endurance and level: not where it stands
    text = f"{ui.name} loses {points} endurance" + (f" ({why})" if why else "")
    if flipped:
        text += "; it drops to its second combat-efficiency level"
    _log(st, uid, f"{text}; {lost} lost at this level.", "tannenberg 2.3.5" if flipped else case)
    if flipped:
        _follow(st, "level_lost", uid)  # 18.1.2 a corps' lost levels


def _log(st: State, uid: str, text: str, case: str) -> None:
    """A log entry about the unit: while it is masked only its own side reads it (16.1,
    15.4.2: the endurance counter goes under the mask)."""
    fog.log_unit(st, uid, text, case)


def recover_endurance(st: State, uid: str, case: str = "tannenberg 2.3.8") -> None:
    """2.3.8 one lost endurance point regained, within the current level."""
    u = record(st, uid)
    if u["lost"] > 0:
        u["lost"] -= 1
        _touch_in_place(st, uid)  # endurance and level: not where it stands
        _log(st, uid, f"{info(st, uid).name} recovers one endurance point.", case)


def regain_level(st: State, uid: str, case: str = "tannenberg 2.3.9") -> None:
    """2.3.9 the unit is flipped front side up with an endurance counter of 4 beneath it."""
    u = record(st, uid)
    if u["level"] > 0:
        u["level"] -= 1
        u["lost"] = endurance_per_level()
        _touch_in_place(st, uid)  # endurance and level: not where it stands
        _log(st, uid, f"{info(st, uid).name} regains a combat-efficiency level.", case)


def eliminate_unit(st: State, uid: str, case: str, why: str = "") -> None:
    """Eliminate a unit, log it with the case; then the rules that follow (18.1.2, 19.3
    points, 13.1.6-13.1.7: :data:`FOLLOW_UPS`)."""
    where = record(st, uid)["hex"]
    masked = masks.is_masked(st, uid)
    eliminate(st, uid)
    text = f"{info(st, uid).name} is eliminated" + (f" in {where}" if where else "")
    text = f"{text}{': ' + why if why else ''}."
    if masked:  # 16.2.1: the enemy learns only that some masked unit is gone
        side = info(st, uid).side
        fog.log_hidden(st, side, f"A masked {side} unit is eliminated.", text, case)
    else:
        st.log(text, case=case)
    _follow(st, "eliminated", uid)  # 18.1.2; 19.3; 13.1.6 a corps' last unit, 13.1.7 an HQ
    set_note(st, uid, masks.NOTE, None)  # 16.1 off its mask (kept till now: fog.unit_name)
