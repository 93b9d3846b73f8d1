"""15.1-15.5 a side's supply table updated from its last rather than built afresh (issue
18): when only some of the side's own units (no supply train) changed and the hexes
closed to lines, the lost bridges, the cut track and the own garrisons are as they were,
only the changed units' own lines and isolation are traced again, and corps HQs' relays
(15.2.6) and fortifications' feeding (15.1.2) worked out again from every unit's.

Along games of the FICTIONAL teaching scenario (random and heuristic players, two and
three players), the table asked after every action equals the one built afresh, and
the update is taken often enough to be what is checked."""

from __future__ import annotations

from typing import Any

import pytest

import greatwar
from greatwar.ai import HeuristicAgent, RandomAgent
from greatwar.ai.base import decide
from greatwar.engine.state import State
from greatwar.rules.tannenberg import railways, supply, zoc
from greatwar.rules.tannenberg import units as U

SIDES = ("german", "russian")


def _afresh(st: State, side: str) -> supply.SupplyTable:
    """The table built from nothing: a state with the same data and an empty memo."""
    new = State(st.game, st.data)
    return supply._build_table(new, side, supply._Lines(new, side))


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Whether each update asked for was made (True) or the table built afresh."""
    updated: list[bool] = []
    update = supply._updated_table

    def counted(*args: Any) -> supply.SupplyTable | None:
        table = update(*args)
        updated.append(table is not None)
        return table

    monkeypatch.setattr(supply, "_updated_table", counted)
    return updated


@pytest.mark.parametrize(
    ("agent", "options", "seed", "every"),
    [
        (RandomAgent, {}, 3, 1),
        (RandomAgent, {}, 12, 6),
        (RandomAgent, {"three_players": True}, 8, 3),
        (HeuristicAgent, {}, 4, 1),
        (HeuristicAgent, {}, 5, 5),
    ],
)
def test_15_2_8_15_2_6_15_1_2_15_5_1_a_table_updated_by_own_moves_equals_one_built_afresh(
    agent: Any, options: dict[str, Any], seed: int, every: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Asked after every ``every`` actions (the update covers the units changed since)."""
    updated = _counting(monkeypatch)
    game = greatwar.load("tannenberg/teaching", options)
    st = game.new_state(seed)
    agents = {r: agent(seed + n) for n, r in enumerate(game.roles())}
    for n in range(900):
        if st.is_over():
            break
        if n % every == 0:
            for side in SIDES:
                assert supply.table(st, side) == _afresh(st, side), side
        role = next(r for r in st.active_roles() if st.legal_actions(r))
        st.apply(role, decide(agents[role], st, role))
    assert sum(updated) >= 40  # (the update, not the build, is what was compared)


def _placed_outside(st: State, uid: str) -> str:
    """A free hex for the own ``uid`` where its line is not what it is now and placing it
    closes nothing to lines (no enemy zone there): the first on the board."""
    side = U.info(st, uid).side
    enemy = U.enemy_of(st, side)
    now = supply.table(st, side)
    for h in st.game.scenario.board.hexes:
        if h in now.closed or h in zoc.controlled_by(st, enemy) or U.units_in(st, h):
            continue
        if h not in supply.network(st).open_terrain:
            continue
        trial = st.clone()
        U.place(trial, uid, h)
        if _afresh(trial, side).lined[uid] != now.lined[uid]:
            return h
    raise AssertionError("no such hex")


@pytest.mark.parametrize("uid", ["G-3-2-I", "R-1-27-III", "R-Train-2", "R-HQ-III"])
def test_15_2_8_15_3_7_a_unit_or_train_moved_where_its_line_changes_is_traced_again(
    uid: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A unit, an HQ or a supply train placed where its own line is not what it was: the
    table asked then equals the one built afresh (a unit's by the update, a train's, which
    changes the network, afresh)."""
    st = greatwar.load("tannenberg/teaching").new_state(1)
    side = U.info(st, uid).side
    hex_label = _placed_outside(st, uid)
    updated = _counting(monkeypatch)
    before = supply.table(st, side)
    U.place(st, uid, hex_label)
    after = supply.table(st, side)
    assert after == _afresh(st, side)
    assert after.lined[uid] != before.lined[uid]
    assert updated == [U.info(st, uid).type != supply.SUPPLY_TRAIN]


def test_15_3_9_a_train_an_enemy_change_frees_of_its_zone_extends_the_network_at_once() -> None:
    """An enemy unit entrained (5.3.1: no control zone) takes its zone off a Russian supply
    train's hex while every hex of that zone is held by a Russian piece (8.1.4), so the
    hexes closed to lines stay as they were: the train, no longer in an enemy zone, now
    extends the network (15.3.9), and the table asked then is the one built afresh (an
    enemy change is never taken as an update)."""
    st = greatwar.load("tannenberg/teaching").new_state(1)
    side, train = "russian", "R-Train-2"
    enemy = U.enemy_of(st, side)

    def fighting(uid: str) -> bool:
        info = U.info(st, uid)
        return not info.hq and info.type not in (supply.SUPPLY_TRAIN, "mask")

    def freed(uid: str) -> list[str]:  # the hexes only ``uid``'s zone covers
        trial = st.clone()
        before = zoc.controlled_by(trial, enemy)
        U.add_marker(trial, uid, railways.ENTRAINED)
        return sorted(before - zoc.controlled_by(trial, enemy))

    def extends_from(hex_label: str, entrained: str) -> bool:
        trial = st.clone()
        U.add_marker(trial, entrained, railways.ENTRAINED)
        U.place(trial, train, hex_label)
        return train in _afresh(trial, side).trains

    setting = next(
        (uid, h, hexes)
        for uid in U.on_map(st, enemy)
        if fighting(uid)
        for hexes in [freed(uid)]
        for h in hexes
        if not U.units_in(st, h) and extends_from(h, uid)
    )
    uid, hex_label, zone = setting
    U.place(st, train, hex_label)  # a train neutralises its own hex (8.1.4)
    spare = [u for u in U.on_map(st, side) if fighting(u)]
    for h in zone:
        if h != hex_label and h not in zoc.held_by(st, side):
            U.place(st, spare.pop(), h)
    before = supply.table(st, side)
    assert train not in before.trains  # in an enemy zone: it extends nothing
    U.add_marker(st, uid, railways.ENTRAINED)
    after = supply.table(st, side)
    assert after.closed == before.closed  # (what an update would compare: as it was)
    assert train in after.trains
    assert after == _afresh(st, side)
