"""13.2-13.3 the command table follows every input it reads (issue 18: it is kept per
position and worked out again for the units changed).

Each test asks the table on a state whose memo is warm, changes one thing (an HQ moved,
its order, its back side, its train, a unit attached, an enemy unit closing lines) and
checks the table against the one a state without kept tables builds afresh, and what
the change must do to the units' command.  Positions are the FICTIONAL teaching
scenario's.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from movement_kit import near, toggle_marker

import greatwar
from greatwar.ai import RandomAgent
from greatwar.ai.base import decide
from greatwar.engine.state import State
from greatwar.rules.tannenberg import command, railways
from greatwar.rules.tannenberg import units as U

GERMAN, RUSSIAN = "german", "russian"


def fresh(st: State) -> State:
    """The same data without any memoised table."""
    return State(st.game, st.data)


def table_of(st: State, side: str) -> tuple[Any, ...]:
    """The side's command table as compared: ranges and every unit's status, in order."""
    table = command.command_table(st, side)
    return table.reach, table.corps_reach, list(table.status.items())


def same_as_fresh(st: State) -> None:
    for side in (GERMAN, RUSSIAN):
        assert table_of(st, side) == table_of(fresh(st), side), side


def _start() -> State:
    return greatwar.load("tannenberg/teaching").new_state(1)


def _corps_hq_and_army_hq(st: State, side: str) -> tuple[str, str]:
    hqs = command.hqs_of(st, side)
    corps = next(h for h in hqs if command.is_corps_hq(st, h))
    army = next(h for h in hqs if command.is_army_hq(st, h))
    return corps, army


def test_13_2_4_a_corps_hq_moved_away_leaves_its_units_uncommanded() -> None:
    st = _start()
    members = ["G-1-1-I", "G-2-1-I", "G-3-2-I", "G-4-2-I", "G-I-art"]
    assert all(command.commanded(st, u) for u in members)  # I Corps HQ holds MARCH
    U.place(st, "G-HQ-I", "A1 B13")  # far from its corps and its army HQ
    same_as_fresh(st)
    assert not any(command.commanded(st, u) for u in members)
    assert command.commanded(st, "G-HQ-I")
    U.place(st, "G-HQ-I", "A16 B19")  # back: the units are commanded again
    same_as_fresh(st)
    assert all(command.commanded(st, u) for u in members)


def test_13_3_1_a_corps_hq_out_of_its_army_hqs_reach_no_longer_holds_march() -> None:
    st = _start()
    corps, army = _corps_hq_and_army_hq(st, GERMAN)
    U.remove_marker(st, corps, command.MARCH)
    U.remove_marker(st, corps, command.STOP)
    U.place(st, army, U.record(st, corps)["hex"])
    same_as_fresh(st)
    assert command.commanded(st, corps)  # its army HQ reaches it: MARCH (13.3.1)
    U.place(st, army, "A1 B13")  # the army HQ goes: the corps HQ's order is none
    same_as_fresh(st)
    assert not command.commanded(st, corps)


def test_5_3_4_an_entrained_hq_commands_nothing() -> None:
    st = _start()
    same_as_fresh(st)
    assert command.commanded(st, "G-33L")  # of no corps, within the 8th Army HQ's range
    U.add_marker(st, "G-HQ-8A", railways.ENTRAINED)
    same_as_fresh(st)
    assert "G-HQ-8A" not in command.command_table(st, GERMAN).reach
    assert not command.commanded(st, "G-33L")
    U.remove_marker(st, "G-HQ-8A", railways.ENTRAINED)
    same_as_fresh(st)
    assert command.commanded(st, "G-33L")


def test_13_2_9_an_army_hq_turned_to_its_back_changes_its_range() -> None:
    st = _start()
    _corps, army = _corps_hq_and_army_hq(st, RUSSIAN)
    same_as_fresh(st)
    U.add_marker(st, army, command.HQ_BACK)
    same_as_fresh(st)


def test_13_1_5_an_hq_eliminated_leaves_its_corps_without_it() -> None:
    st = _start()
    corps, _army = _corps_hq_and_army_hq(st, RUSSIAN)
    U.add_marker(st, corps, command.MARCH)
    same_as_fresh(st)
    U.set_status(st, corps, "eliminated")
    same_as_fresh(st)


def test_13_3_1_a_stop_order_grounds_the_corps() -> None:
    st = _start()
    corps, _army = _corps_hq_and_army_hq(st, GERMAN)
    same_as_fresh(st)
    U.remove_marker(st, corps, command.MARCH)
    U.add_marker(st, corps, command.STOP)
    same_as_fresh(st)


def test_13_2_5_a_unit_attached_to_a_corps_hq_follows_its_order() -> None:
    st = _start()
    U.set_note(st, "G-1-8-kaw", command.ATTACHED, "G-HQ-I")  # within I Corps HQ's range
    same_as_fresh(st)
    assert command.commanded(st, "G-1-8-kaw")
    U.remove_marker(st, "G-HQ-I", command.MARCH)  # the HQ alone changes: a STOP order
    U.add_marker(st, "G-HQ-I", command.STOP)
    same_as_fresh(st)
    assert not command.commanded(st, "G-1-8-kaw")


def test_13_3_1_a_corps_hq_its_army_hq_no_longer_reaches_no_longer_commands_its_units() -> None:
    """The Russian 2nd Army HQ's doubled range for corps HQs (13.2.8) gives the XV Corps
    HQ, holding no order, MARCH; the army HQ steps away and the unit, in a hex that no
    range gained or lost, is no longer commanded: its corps HQ's order changed."""
    st = _start()
    U.remove_marker(st, "R-HQ-XV", command.MARCH)
    U.place(st, "R-HQ-XV", "A24 B4")
    U.place(st, "R-1-6-XV", "A24 B7")
    same_as_fresh(st)
    assert command.commanded(st, "R-1-6-XV")
    table = command.command_table(st, RUSSIAN)
    assert "A24 B4" in table.corps_reach["R-HQ-2A"]
    assert "A24 B7" not in table.corps_reach["R-HQ-2A"] | table.reach["R-HQ-2A"]
    U.place(st, "R-HQ-2A", "A13 B7")
    same_as_fresh(st)
    table = command.command_table(st, RUSSIAN)
    assert "A24 B7" not in table.corps_reach["R-HQ-2A"] | table.reach["R-HQ-2A"]
    assert not command.commanded(st, "R-HQ-XV")
    assert not command.commanded(st, "R-1-6-XV")


# --- every input, changed at random ----------------------------------------------------------


def _change_one_input(st: State, rng: random.Random) -> str:
    """Change one thing command reads: an HQ moved, an HQ's order, back side, train or
    presence, a unit moved near an HQ (either side's: the enemy closes lines), a unit's
    attachment (13.2.5) or its stage markers.  Returns what."""
    units = U.static(st).units
    hqs = [u for u in units if units[u].hq]
    hq = rng.choice(hqs)
    side = units[hq].side
    where = U.record(st, hq)["hex"] or "A12 B20"
    kind = rng.choice(("hq", "hq", "order", "back", "train", "gone", "unit", "unit", "attach"))
    if kind in ("hq", "unit"):
        movers = hqs if kind == "hq" else [u for u in units if not units[u].hq]
        unit = rng.choice(movers)
        to = near(st, where, rng, 3)
        occupants = U.units_in(st, to)
        if occupants and units[occupants[0]].side != units[unit].side:
            return "none"
        U.place(st, unit, to)
        return f"{unit} to {to}"
    if kind == "order":
        for marker in (command.MARCH, command.STOP):
            U.remove_marker(st, hq, marker)
        order = rng.choice((command.MARCH, command.STOP, None))
        if order is not None:
            U.add_marker(st, hq, order)
        return f"{hq} order {order}"
    if kind in ("back", "train"):
        marker = command.HQ_BACK if kind == "back" else railways.ENTRAINED
        toggle_marker(st, hq, marker)
        return f"{hq} {marker}"
    if kind == "gone":
        if U.record(st, hq)["status"] == "on_map":
            U.set_status(st, hq, "eliminated")
            return f"{hq} eliminated"
        U.place(st, hq, near(st, "A12 B20", rng, 3))
        return f"{hq} back"
    lone = [u for u in units if units[u].side == side and not units[u].corps and not units[u].hq]
    if not lone:
        return "none"
    unit = rng.choice(lone)
    U.set_note(st, unit, command.ATTACHED, rng.choice((hq, None)))
    return f"{unit} attached"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_13_2_the_command_table_follows_every_input_changed_at_random(seed: int) -> None:
    """Along a random game, one input of command changed at a time, again and again
    (:func:`_change_one_input`): both sides' tables, kept and updated, are those a state
    without kept tables builds."""
    rng = random.Random(seed)
    game = greatwar.load("tannenberg/teaching")
    st = game.new_state(seed)
    agents: dict[str, Any] = {r: RandomAgent(seed * 10 + n) for n, r in enumerate(game.roles())}
    changes = 0
    kinds: set[str] = set()
    while not st.is_over() and changes < 240:
        if rng.random() < 0.3:
            work = st.clone()  # (the game itself plays on unchanged)
            for _ in range(8):
                same_as_fresh(work)  # (kept)
                what = _change_one_input(work, rng)
                kinds.add(what.split(" ")[-1])
                for side in (GERMAN, RUSSIAN):
                    assert table_of(work, side) == table_of(fresh(work), side), what
                changes += 1
        role = next(r for r in st.active_roles() if st.legal_actions(r))
        st.apply(role, decide(agents[role], st, role))
    assert changes >= 200
