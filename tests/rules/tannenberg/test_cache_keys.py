"""The keys of the memoised tables (issue 18): each table follows every input it reads.

A table is asked on a state whose cache is warm, one of its inputs is changed, and the
table is asked again: it must equal the table worked out afresh (a state sharing the
data with an empty cache).  Positions are the FICTIONAL teaching scenario's set-up.
"""

from __future__ import annotations

from typing import Any

import greatwar
from greatwar.ai import RandomAgent
from greatwar.ai.base import decide
from greatwar.engine.state import State
from greatwar.rules.tannenberg import (
    command,
    fortified,
    movement,
    rail,
    railways,
    seats,
    stacking,
    supply,
    zoc,
)
from greatwar.rules.tannenberg import units as U

GERMAN, RUSSIAN = "german", "russian"
KOWAL = "A22 B12"  # the Russian garrisoned fortress
BRIDGE = "A4 B16/A5 B15"


def _start() -> State:
    return greatwar.load("tannenberg/teaching").new_state(1)


def fresh(st: State) -> State:
    """The same data without any memoised table."""
    return State(st.game, st.data)


def _destroy_kowal(st: State) -> None:
    fortified.lose_levels(st, KOWAL, fortified.DESTROYED, "tannenberg 12.2.7")


# --- garrisons and control zones -------------------------------------------------------


def test_garrisons_follow_the_destroyed_fortifications() -> None:
    st = _start()
    assert KOWAL in fortified.garrison_hexes(st, RUSSIAN)
    zone = fortified.garrison_zoc(st, RUSSIAN)
    assert zone
    _destroy_kowal(st)
    assert KOWAL not in fortified.garrison_hexes(st, RUSSIAN)
    assert fortified.garrison_zoc(st, RUSSIAN) == fortified.garrison_zoc(fresh(st), RUSSIAN)
    assert fortified.garrison_zoc(st, RUSSIAN) != zone


def test_garrisons_follow_the_data_even_without_a_revision() -> None:
    st = _start()
    assert KOWAL in fortified.garrison_hexes(st, RUSSIAN)
    st.data.setdefault(fortified.FORTIFICATIONS, {})[KOWAL] = {"lost": fortified.DESTROYED}
    assert KOWAL not in fortified.garrison_hexes(st, RUSSIAN)


def test_a_control_zone_follows_its_sides_units_and_garrisons() -> None:
    st = _start()
    before = {side: zoc.controlled_by(st, side) for side in (GERMAN, RUSSIAN)}
    U.place(st, "R-1-27-III", "A18 B15")  # a Russian unit moves
    assert zoc.controlled_by(st, RUSSIAN) == zoc.controlled_by(fresh(st), RUSSIAN)
    assert zoc.controlled_by(st, RUSSIAN) != before[RUSSIAN]
    assert zoc.controlled_by(st, GERMAN) == zoc.controlled_by(fresh(st), GERMAN)
    for uid in ("G-3-2-I", "G-4-2-I"):  # 5.3.1 an entrained unit has no zone
        U.add_marker(st, uid, railways.ENTRAINED)
    assert zoc.controlled_by(st, GERMAN) == zoc.controlled_by(fresh(st), GERMAN)
    assert zoc.controlled_by(st, GERMAN) != before[GERMAN]
    zone = zoc.controlled_by(st, RUSSIAN)
    _destroy_kowal(st)
    assert zoc.controlled_by(st, RUSSIAN) == zoc.controlled_by(fresh(st), RUSSIAN)
    assert zoc.controlled_by(st, RUSSIAN) != zone


# --- command lines ------------------------------------------------------------------------


def _reach(st: State, side: str) -> dict[str, frozenset[str]]:
    return command.command_table(st, side).reach


def test_command_lines_follow_the_hq_and_what_closes_them() -> None:
    st = _start()
    _reach(st, GERMAN), _reach(st, RUSSIAN)
    U.place(st, "G-HQ-I", "A15 B18")  # the HQ moves
    assert _reach(st, GERMAN) == _reach(fresh(st), GERMAN)
    lines = _reach(st, GERMAN)["G-HQ-I"]
    U.place(st, "R-1-25-III", "A14 B19")  # an enemy unit closes hexes of its lines
    assert _reach(st, GERMAN) == _reach(fresh(st), GERMAN)
    assert _reach(st, GERMAN)["G-HQ-I"] != lines
    U.add_marker(st, "G-HQ-I", command.HQ_BACK)  # its range changes
    assert command.command_table(st, GERMAN) == command.command_table(fresh(st), GERMAN)
    _reach(st, GERMAN)
    _destroy_kowal(st)  # the enemy garrison no longer closes its hex
    assert command.command_table(st, GERMAN) == command.command_table(fresh(st), GERMAN)


def test_the_roles_command_hexes_follow_the_hqs() -> None:
    st = _start()
    hexes = rail.role_command_hexes(st, GERMAN)
    U.place(st, "G-HQ-I", "A12 B19")
    assert rail.role_command_hexes(st, GERMAN) == rail.role_command_hexes(fresh(st), GERMAN)
    assert rail.role_command_hexes(st, GERMAN) != hexes
    U.add_marker(st, "G-HQ-I", railways.ENTRAINED)  # 5.3.4 it commands nothing
    assert rail.role_command_hexes(st, GERMAN) == rail.role_command_hexes(fresh(st), GERMAN)


# --- rail and supply ------------------------------------------------------------------------


def test_a_first_rail_step_is_what_the_rail_search_finds() -> None:
    st = _start()
    net = railways.rail_net(st)
    for uid in U.on_map(st, GERMAN):
        U.add_marker(st, uid, railways.ENTRAINED)
    for h in sorted(net.next)[:40]:
        U.place(st, "G-3-2-I", h)
        for uid in U.on_map(st, GERMAN):
            assert rail.has_rail_path(st, uid) == bool(rail.rail_paths(st, uid)), (uid, h)


def test_supply_follows_the_destroyed_bridges() -> None:
    st = _start()
    supply.table(st, GERMAN), supply.table(st, RUSSIAN)
    railways.to_change(st)["bridges_destroyed"].append(BRIDGE)
    U.place(st, "G-3-2-I", U.record(st, "G-3-2-I")["hex"])  # what destroys one bumps revisions
    for side in (GERMAN, RUSSIAN):
        assert supply.table(st, side) == supply.table(fresh(st), side)


# --- the orders phase ------------------------------------------------------------------------


def test_the_orders_choices_follow_the_masking_plans() -> None:
    st = _start()
    assert st.top()["kind"] == "orders_phase"
    others = st.legal_actions(RUSSIAN)
    mask = next(a for a in st.legal_actions(GERMAN) if a["type"] == "mask")
    st.apply(GERMAN, mask)
    assert st.legal_actions(GERMAN) == fresh(st).legal_actions(GERMAN)
    assert any(a["type"] == "cancel_mask" for a in st.legal_actions(GERMAN))
    assert st.legal_actions(RUSSIAN) == others == fresh(st).legal_actions(RUSSIAN)


# --- everything at once: random play --------------------------------------------------------


def _same_as_fresh(st: State) -> None:
    new = fresh(st)
    for role in st.active_roles():
        assert st.legal_actions(role) == new.legal_actions(role), role
        assert st.prompt(role) == new.prompt(role), role  # 7.1.2 the stacking warning
    assert stacking.overstacked(st) == stacking.overstacked(new)
    for side in (GERMAN, RUSSIAN):
        assert stacking.overstacked(st, side) == stacking.overstacked(new, side)
        assert zoc.controlled_by(st, side) == zoc.controlled_by(new, side)
        assert command.command_table(st, side) == command.command_table(new, side)
        assert fortified.garrison_hexes(st, side) == fortified.garrison_hexes(new, side)
        assert supply.table(st, side) == supply.table(new, side)


def test_random_play_tables_equal_fresh_ones_at_every_step() -> None:
    for options in ({}, {"three_players": True}):
        game = greatwar.load("tannenberg/teaching", options)
        st = game.new_state(5)
        agents: dict[str, Any] = {r: RandomAgent(11 + n) for n, r in enumerate(game.roles())}
        for _ in range(400):
            if st.is_over():
                break
            _same_as_fresh(st)
            role = next(r for r in st.active_roles() if st.legal_actions(r))
            st.apply(role, decide(agents[role], st, role))


def test_the_ground_follows_units_fortifications_and_bridges() -> None:
    st = _start()
    uid = "G-3-2-I"

    def same() -> bool:
        return movement.ground(st, uid) == movement.ground(fresh(st), uid)

    movement.ground(st, uid)
    U.place(st, "R-1-27-III", "A18 B15")
    assert same()
    _destroy_kowal(st)
    assert same()
    cut = movement.ground(st, uid).cut
    st.data.setdefault("rail", {"cut": [], "bridges_destroyed": [], "bridge_tried": {}})
    st.data["rail"]["bridges_destroyed"].append(BRIDGE)  # even without a revision
    assert same()
    assert movement.ground(st, uid).cut != cut


def test_the_ground_follows_each_side_s_trains_escorts_and_lone_trains() -> None:
    # 15.3.6 a lone enemy train's hex is open to a piece that overruns trains, closed to
    # an HQ (4.2.1); 4.4.3 one's own trains; 8.2.3 one's escorts for support pieces
    st = _start()
    lone = "A18 B5"  # R-Train-3 alone
    infantry, hq, artillery = "G-3-2-I", "G-HQ-I", "R-III-art"

    def same(uid: str) -> bool:
        return movement.ground(st, uid) == movement.ground(fresh(st), uid)

    assert lone not in movement.ground(st, infantry).blocked
    assert lone in movement.ground(st, hq).blocked
    U.place(st, "R-1-27-III", lone)  # the train is escorted now: closed to both
    assert same(infantry) and lone in movement.ground(st, infantry).blocked
    trains = movement.ground(st, "R-1-25-III").trains
    U.place(st, "R-Train-2", "A14 B7")  # an own train moves
    assert same("R-1-25-III") and movement.ground(st, "R-1-25-III").trains != trains
    blocked = movement.ground(st, artillery).blocked
    U.place(st, "R-1-25-III", "A19 B15")  # an escort moves: the artillery's ground
    U.place(st, "G-1-1-I", "A20 B15")
    assert same(artillery) and movement.ground(st, artillery).blocked != blocked
    assert same(infantry) and same(hq)


def test_supply_lines_follow_the_open_hexes() -> None:
    st = _start()
    before = supply.table(st, RUSSIAN)
    U.place(st, "G-3-2-I", "A20 B12")  # a German unit deep among the Russians
    U.place(st, "G-4-2-I", "A21 B11")
    assert supply.table(st, RUSSIAN) == supply.table(fresh(st), RUSSIAN)
    assert supply.table(st, RUSSIAN).open != before.open
    assert supply.table(st, GERMAN) == supply.table(fresh(st), GERMAN)


# --- what is movable: the position key ------------------------------------------------------


def test_the_position_key_follows_the_data_but_the_piece_in_hand() -> None:
    from greatwar.rules.tannenberg.movement_phase import position_key

    st = _start()
    frame = {"kind": "movement_phase", "side": GERMAN, "step": "commanded", "current": {}}
    key = position_key(st, frame)
    frame["current"][GERMAN] = "G-3-2-I"  # the piece in hand is not read
    assert position_key(st, frame) == key
    frame["done"] = ["G-3-2-I"]  # the rest of the frame is
    assert position_key(st, frame) != key
    key = position_key(st, frame)
    st.data["stage"] += 1  # and every part of the data but the units, log and actions
    assert position_key(st, frame) != key
    key = position_key(st, frame)
    railways.to_change(st)["cut"].append("A18 B15")
    assert position_key(st, frame) != key
    key = position_key(st, frame)
    st.data["stack"].append({"kind": "other"})  # the frames below it
    assert position_key(st, frame) != key
    key = position_key(st, frame)
    st.log("no rule reads the log")
    st.data["control"]["A18 B15"] = RUSSIAN  # nor, but to score, the control of hexes
    assert position_key(st, frame) == key


def test_a_hex_in_a_zone_found_from_its_neighbours_is_the_zone_s() -> None:
    st = _start()
    board = st.game.static.scenario.board
    U.place(st, "R-1-27-III", "A18 B15")
    U.add_marker(st, "G-3-2-I", railways.ENTRAINED)  # 5.3.1 no zone
    for side in (GERMAN, RUSSIAN):
        zone = zoc.controlled_by(fresh(st), side)
        assert zoc.controlled_by(st, side) == zone  # memoised: read from the memo
        for h in board.hexes:
            new = fresh(st)  # the zone not memoised: worked out from the neighbours
            assert zoc.controls(new, side, h) == (h in zone), (side, h)
            assert zoc.controls(st, side, h) == (h in zone), (side, h)


# --- clones start with their parent's memo ------------------------------------------------


def test_clones_share_the_memo_and_play_as_fresh_states() -> None:
    """A clone starts with its parent's memo (clones_share_memo): clones taken along a
    random game, played on a few actions each, offer what a state without a memo offers;
    and the parent, played on after them, too."""
    game = greatwar.load("tannenberg/teaching")
    st = game.new_state(9)
    agents: dict[str, Any] = {r: RandomAgent(3 + n) for n, r in enumerate(game.roles())}
    for step in range(300):
        if st.is_over():
            break
        if step % 7 == 0:
            _same_as_fresh(st)
            twin = st.clone()
            assert twin._cache.old  # the parent's tables
            twin_agents = {r: RandomAgent(step + n) for n, r in enumerate(game.roles())}
            for _ in range(12):
                if twin.is_over():
                    break
                _same_as_fresh(twin)
                role = next(r for r in twin.active_roles() if twin.legal_actions(r))
                twin.apply(role, decide(twin_agents[role], twin, role))
        role = next(r for r in st.active_roles() if st.legal_actions(r))
        st.apply(role, decide(agents[role], st, role))
    _same_as_fresh(st)
    shown = st.view(GERMAN)["log"]  # its log view is kept beside the memo: never shared
    assert st._logs[GERMAN].size == len(st.data["log"])
    twin = st.clone()
    assert twin._logs == {}
    assert twin.view(GERMAN)["log"] == shown  # the clone reads its own, the same


def test_a_step_s_cost_without_the_ground_is_the_ground_s() -> None:
    """movement.step_cost read from one hex (no ground memoised) equals the cost the
    piece's whole ground gives, for every piece and step, along random games."""
    game = greatwar.load("tannenberg/teaching")
    st = game.new_state(13)
    agents: dict[str, Any] = {r: RandomAgent(7 + n) for n, r in enumerate(game.roles())}
    board = st.game.static.scenario.board
    checked = 0
    for step in range(500):
        if st.is_over():
            break
        if step % 25 == 0:
            for uid in U.on_map(st):
                here = U.record(st, uid)["hex"]
                with_ground = fresh(st)
                movement.ground(with_ground, uid)
                for there in board.neighbours[here]:
                    alone = movement.step_cost(fresh(st), uid, here, there)
                    assert alone == movement.step_cost(with_ground, uid, here, there)
                    checked += 1
        role = next(r for r in st.active_roles() if st.legal_actions(r))
        st.apply(role, decide(agents[role], st, role))
    assert checked > 1000


def test_the_command_table_updated_for_the_units_changed_is_the_one_built_afresh() -> None:
    st = _start()
    command.command_table(st, GERMAN)
    U.place(st, "G-3-2-I", "A15 B18")  # a unit moves: only its status is worked out again
    assert command.command_table(st, GERMAN) == command.command_table(fresh(st), GERMAN)
    U.add_marker(st, "G-3-2-I", command.INDEPENDENT)  # its own markers
    assert command.command_table(st, GERMAN) == command.command_table(fresh(st), GERMAN)
    U.place(st, "G-HQ-I", "A15 B18")  # an HQ moves: built afresh
    assert command.command_table(st, GERMAN) == command.command_table(fresh(st), GERMAN)
    U.place(st, "R-1-25-III", "A14 B19")  # an enemy closes hexes of the lines
    assert command.command_table(st, GERMAN) == command.command_table(fresh(st), GERMAN)
    st.data["rev"][GERMAN] += 1  # a change not noted unit by unit: built afresh
    U.set_status(st, "G-4-2-I", "eliminated")
    assert command.command_table(st, GERMAN) == command.command_table(fresh(st), GERMAN)


# --- what is movable, at every step ----------------------------------------------------------


def _movement_frames(st: State) -> list[dict[str, Any]]:
    return [f for f in st.data["stack"] if f["kind"] == "movement_phase" and "step" in f]


def test_4_2_2_the_pieces_movable_are_those_every_rule_allows_at_every_step() -> None:
    """MovementPhase.movable (memoised on the position): along random games (both options,
    three seeds), at every step of a movement phase the pieces it offers are those
    why_not_move, asked afresh with every reason worded, lets move (4.1, 4.2.2, 4.2.6,
    5.1.3, 8.2.5, 13.4.1, 18.1)."""
    from greatwar.rules.tannenberg.movement_phase import MovementPhase, pieces_of, why_not_move

    movable = MovementPhase().movable
    checked = 0
    for seed, options in ((5, {}), (6, {"three_players": True}), (8, {})):
        game = greatwar.load("tannenberg/teaching", options)
        st = game.new_state(seed)
        agents: dict[str, Any] = {r: RandomAgent(seed + n) for n, r in enumerate(game.roles())}
        for _ in range(1500):
            if st.is_over():
                break
            for frame in _movement_frames(st):
                for role in seats.roles_of_side(st.game, frame["side"]):
                    found = movable(st, frame, role)
                    new = fresh(st)
                    expected = [
                        uid for uid in pieces_of(new, role) if why_not_move(new, frame, uid) is None
                    ]
                    assert found == expected, (role, frame["step"])
                    checked += 1
            role = next(r for r in st.active_roles() if st.legal_actions(r))
            st.apply(role, decide(agents[role], st, role))
    assert checked > 1000
