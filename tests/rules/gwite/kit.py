"""Helpers shared by the rules tests of The Great War in the East.

Combat positions on the FICTIONAL teaching map (see test_combat.py for the
arena), die-roll seeds, and small queries on a state.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from greatwar import IllegalAction, State
from greatwar.engine.dice import nth_roll
from greatwar.model.loader import DATA_ROOT
from greatwar.rules.gwite import command, supply
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.combat import DEFENDING, END_DEFENSE, ruling_numbers

Action = dict[str, Any]
Refuse = Callable[[State, str, Action], IllegalAction]


#: actions that pass: end segments, phases and allocations, decline choices
PASSIVE = ("end_segment", "end_allocation", "end_phase", "end_occupy", "end_advance", "decline")


def play_until(st: State, done: Callable[[State], bool], limit: int = 400) -> None:
    """Apply passive actions (ending segments, phases, allocations) until ``done``."""
    for _ in range(limit):
        if done(st):
            return
        role = st.active_roles()[0]
        actions = st.legal_actions(role)
        chosen = next((a for t in PASSIVE for a in actions if a["type"] == t), actions[0])
        st.apply(role, chosen)
    raise AssertionError("the game did not reach the expected point")


def seed_rolling(*wanted: set[int] | int) -> int:
    """The smallest seed whose first die rolls are in ``wanted`` (a value or a set each)."""
    sets = [w if isinstance(w, set) else {w} for w in wanted]
    return next(
        s for s in range(1, 100_000) if all(nth_roll(s, n) in w for n, w in enumerate(sets))
    )


#: the fortress of Zalesie (1312), and German units besieging it with a Russian HQ beyond
ZALESIE = "1312"
BESIEGERS = {"G-I": "1212", "G-XVII": "1311", "G-D1": "1010", "R-HQ-XIX": "1413"}
#: a Marine Brigade and a Naval Brigade face each other far from every test (2001/2002)
SPARE = {"G-MB": "2001", "R-BNB": "2002"}
#: the Russian XIX Corps HQ: 1005 lies within its Command Radius of 3 (10.43 stays off)
RUSSIAN_HQ = {"R-HQ-XIX": "1106"}
COMBAT = {"phase": "combat", "segment": "combat_resolution"}
#: a FICTIONAL Minor River between 1202 and Wolnowo (1302), a City (5.4 Notes: cumulative)
BROOK_AT_WOLNOWO = '[[hexside]]\ntype = "minor_river"\nname = "Test brook"\nsides = ["1202/1302"]\n'

#: a German supply depot in 1003 keeps German units around Wolnowo (1302) in supply (9.16)
DEPOT = {"G-D1": "1003"}
MAP = DATA_ROOT / "gwite" / "maps" / "teaching.toml"
COUNTERS = DATA_ROOT / "gwite" / "counters" / "teaching.toml"


def map_with(tmp_path: Path, toml: str) -> Path:
    """A copy of the FICTIONAL teaching map with ``toml`` appended (a feature a test needs)."""
    path = tmp_path / "edited-map.toml"
    path.write_text(MAP.read_text(encoding="utf-8") + "\n" + toml, encoding="utf-8")
    return path


# --- helpers ---------------------------------------------------------------------------------


def fight(position: Any, units: dict[str, Any], phasing: str = "central", **kw: Any) -> State:
    """A position in the phasing player's Combat Resolution Segment."""
    return position(units, phasing=phasing, **COMBAT, **kw)  # type: ignore[no-any-return]


def attack(
    st: State, side: str, target: str, attackers: list[str], more_targets: tuple[str, ...] = ()
) -> dict[str, Any]:
    """Declare an attack on ``target``, add the attackers (then more targets, 8.23) and
    return the odds preview of the view."""
    st.apply(side, {"type": "declare", "target": target})
    for uid in attackers:
        st.apply(side, {"type": "add_attacker", "unit": uid})
    for t in more_targets:
        st.apply(side, {"type": "add_target", "hex": t})
    return st.view(side)["combat"]  # type: ignore[no-any-return]


def resolve(st: State, side: str) -> None:
    st.apply(side, {"type": "resolve"})


def choose(st: State, role: str, kind: str, **fields: Any) -> Action:
    """Apply the legal action of ``kind`` whose fields match."""
    for a in st.legal_actions(role):
        if a["type"] == kind and all(a.get(k) == v for k, v in fields.items()):
            st.apply(role, a)
            return a
    raise AssertionError(f"no {kind} {fields} among {st.legal_actions(role)}")


#: the kinds of frame that apply a combat result: the standard one and Caporetto's (20.0)
RESULT_KINDS = ("combat_result", "caporetto_result")


def stage(st: State) -> str | None:
    """The stage of the combat result frame on top, if any."""
    top = st.top()
    return top.get("stage") if top and top["kind"] in RESULT_KINDS else None


def lost(st: State, uid: str) -> int:
    return U.record(st, uid)["lost"]  # type: ignore[no-any-return]


def where(st: State, uid: str) -> str | None:
    return U.record(st, uid)["hex"]  # type: ignore[no-any-return]


def steps(st: State, *uids: str) -> int:
    """Steps the units have left (none when eliminated)."""
    return sum(U.steps_left(st, u) for u in uids if alive(st, u))


def alive(st: State, uid: str) -> bool:
    return U.record(st, uid)["status"] == "on_map"  # type: ignore[no-any-return]


def logged(st: State, case: str) -> list[str]:
    return [e["text"] for e in st.data["log"] if e.get("case") == case]


def attack_log(st: State) -> dict[str, Any]:
    """The log entry of the last resolved attack (8.8)."""
    return next(
        e for e in reversed(st.data["log"]) if e.get("case") == "8.8" and "column" in e["text"]
    )


def resolve_with(st: State, side: str, fixed_dice: Any, *rolls: int) -> dict[str, Any]:
    """Resolve the attack being prepared with the die rolls fixed (any 9.23 attrition rolls
    first, then the attack's own) and return the attack's 8.8 log entry; where the game
    gives the defender a step before the die (a defensive shift, a barrage), he declines."""
    fixed_dice(*rolls)
    resolve(st, side)
    top = st.top()
    if top is not None and top["kind"] == "attack" and top.get("stage") == DEFENDING:
        st.apply(st.active_roles()[0], {"type": END_DEFENSE})
    return attack_log(st)


def numbers(entry: dict[str, Any]) -> dict[str, Any]:
    """The numbers a resolution's log entry says it applied (8.8 ruling)."""
    return entry["ruling"]["numbers"]  # type: ignore[no-any-return]


def assert_resolved_as_shown(shown: dict[str, Any], entry: dict[str, Any]) -> None:
    """The attack was resolved with the numbers its preview showed (issue 11)."""
    assert numbers(entry) == ruling_numbers(shown)


def lose_steps(st: State, role: str, *uids: str) -> None:
    """Take the steps the combat result asks for, one from each unit named (in order)."""
    for uid in uids:
        choose(st, role, "lose", unit=uid)


def assert_in_supply(st: State, *uids: str) -> None:
    """The position is set up so that supply (9.0) changes nothing in the test."""
    for uid in uids:
        assert supply.in_supply(st, uid), f"{uid} should be in supply in this position"


def assert_in_radius(st: State, *uids: str) -> None:
    """The defenders are within a Friendly HQ's Command Radius: 10.43 changes nothing."""
    for uid in uids:
        assert command.in_radius(st, uid), f"{uid} should be within an HQ's radius here"


def modifier_cases(entry: dict[str, Any]) -> set[str]:
    return {m["case"] for m in entry.get("modifiers", [])}


def north(**extra: str) -> dict[str, Any]:
    """The northern arena: Germans in 0904, 0905, 1004 around 1005."""
    return {**RUSSIAN_HQ, **SPARE, **extra}


def passenger_position(position: Any, fixed_dice: Any, *later: int) -> State:
    """8.66: R-3S in 1005 retreats into 1105, where R-1G stands; then 1105 may be attacked
    (its attack is resolved with the die rolls ``later``)."""
    units = {"R-3S": "1005", "R-1G": "1105", "G-XVII": "0905", "G-35R": "1004", "G-I": "1104"}
    st = fight(position, north(**units))
    fixed_dice(4, *later)
    attack(st, "central", "1005", ["G-XVII"])  # 8 to 4: 2-1, die 4: 1/1 (provisional)
    resolve(st, "central")
    choose(st, "allied", "option", index=1)  # retreat one hex: only 1105 (7.24)
    assert where(st, "R-3S") == "1105" and U.has_marker(st, "R-3S", "retreated")
    if stage(st) == "advance":
        choose(st, "central", "end_advance")
    return st
