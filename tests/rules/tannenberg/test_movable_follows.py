"""The pieces offered to move follow every input the rules read (issue 18: the list is
memoised on the position, ``MovementPhase.movable``).

Each test offers the pieces once (the list is kept), changes one thing the rules read and
nothing else, and checks that the piece is offered or not as the rules say and as a
state without any kept table offers (the same data, an empty memo), and as
why_not_move, asked afresh piece by piece, allows.  Positions are on the FICTIONAL
teaching map, in the German movement phase's commanded step, the 8th Army HQ in A10 B19
commanding (13.2.6) unless said.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from masking_kit import masked
from movement_kit import ARMY_HQ, GERMAN, RUSSIAN, frame_of, moving, near, selectable, toggle_marker

import greatwar
from greatwar.ai import RandomAgent
from greatwar.ai.base import decide
from greatwar.engine.state import State
from greatwar.rules.tannenberg import (
    command,
    fortified,
    masks,
    railways,
    reserve,
    seats,
    supply,
    zoc,
)
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.movement_phase import MovementPhase, pieces_of, why_not_move

INFANTRY = "G-1-1-I"
#: the pieces the movement phase offers (memoised on the position)
_movable = MovementPhase().movable


def fresh(st: State) -> State:
    """The same data without any kept table."""
    return State(st.game, st.data)


def offered(st: State, role: str = GERMAN) -> list[str]:
    """The pieces offered now (asked of the phase directly: the legal actions are kept
    per action taken, and these tests change the state between actions), checked
    against a state without kept tables and against why_not_move piece by piece."""
    frame = frame_of(st)
    found = _movable(st, frame, role)
    new = fresh(st)
    assert found == _movable(new, frame, role)
    assert found == [u for u in pieces_of(new, role) if why_not_move(new, frame, u) is None]
    return found


def _open(position: Any, **more: str) -> State:
    st = moving(position, {**ARMY_HQ, INFANTRY: "A12 B20", "G-2-1-I": "A11 B20", **more})
    assert INFANTRY in selectable(st, GERMAN) and INFANTRY in offered(st)
    return st


def test_4_5_7_a_piece_given_a_reserve_counter_is_offered_no_more(position: Any) -> None:
    st = _open(position)
    U.add_marker(st, INFANTRY, reserve.RESERVE)  # its own record alone changes
    assert INFANTRY not in offered(st)
    assert "G-2-1-I" in offered(st)


def test_4_2_6_a_finished_piece_is_offered_no_more(position: Any) -> None:
    st = _open(position)
    frame_of(st)["done"].append(INFANTRY)
    assert INFANTRY not in offered(st)


def test_4_2_2_a_piece_whose_points_are_spent_is_offered_no_more(position: Any) -> None:
    st = _open(position)
    frame_of(st)["spent"][INFANTRY] = 10  # the phase's record of its points (half points)
    assert INFANTRY not in offered(st)


def test_4_2_2_a_piece_whose_allowance_is_fixed_at_nothing_is_offered_no_more(
    position: Any,
) -> None:
    st = _open(position)
    frame_of(st)["allowance"][INFANTRY] = 0  # 15.4.1 fixed when it first moves
    assert INFANTRY not in offered(st)


def test_5_1_3_a_piece_that_used_the_railway_is_offered_no_more(position: Any) -> None:
    st = _open(position)
    book = railways.book_to_change(st)
    book["ops"][INFANTRY] = ["load"]  # the stage's rail record: data, not the units
    assert INFANTRY not in offered(st)


def test_8_2_5_a_piece_an_enemy_zone_reaches_is_offered_no_more(position: Any) -> None:
    st = _open(position)
    U.place(st, "R-1-25-III", "A13 B20")  # next to A12 B20: the enemy's units alone change
    assert INFANTRY not in offered(st)
    assert "G-2-1-I" in offered(st)


def test_13_4_1_a_piece_its_hq_no_longer_commands_is_offered_no_more(position: Any) -> None:
    st = _open(position)
    U.place(st, "G-HQ-8A", "A3 B27")  # far off: the HQ's record and the command table change
    assert INFANTRY not in offered(st)


def test_8_2_3_artillery_whose_escort_leaves_is_offered_no_more(position: Any) -> None:
    # G-I-art in A14 B20: Russians in five of its neighbours, the sixth (A14 B21) in
    # their zone, open to artillery only while German infantry stands there (8.2.3); the
    # 8th Army HQ with it (a command line through the zones would need that infantry too)
    russians = {
        "R-1-25-III": "A15 B20",
        "R-2-25-III": "A15 B19",
        "R-1-27-III": "A14 B19",
        "R-2-27-III": "A13 B20",
        "R-1-28-XX": "A13 B21",
    }
    art = {"G-I-art": "A14 B20", INFANTRY: "A14 B21"}
    st = moving(position, {"G-HQ-8A": "A14 B20", **russians, **art})
    assert "G-I-art" in offered(st)
    U.place(st, INFANTRY, "A11 B20")  # the escort leaves: no record of the artillery changes
    assert "G-I-art" not in offered(st)


def test_15_4_1_a_piece_whose_supply_an_own_unit_opened_is_offered_no_more(position: Any) -> None:
    # G-1-schw-art (allowance 3) in A9 B17 with the 8th Army HQ: Russians in five of its
    # neighbours; the sixth, A8 B18, costs 3 and is open to it beside the infantry there
    # (8.2.3).  Without supply its allowance would be 2 (15.4.1): whether it may move reads its
    # supply, which runs through A7 B19, in the zone of the Russians in A6 B19 but for
    # the German infantry standing there (15.2.4).  That infantry leaves: no hex next to
    # the artillery changes, yet it is out of supply and has no move.
    art = "G-1-schw-art"
    russians = {
        "R-1-25-III": "A9 B18",
        "R-2-25-III": "A10 B17",
        "R-1-27-III": "A10 B16",
        "R-2-27-III": "A9 B16",
        "R-1-28-XX": "A8 B17",
        "R-1-6-XV": "A6 B19",
    }
    germans = {"G-HQ-8A": "A9 B17", art: "A9 B17", INFANTRY: "A8 B18", "G-2-1-I": "A7 B19"}
    st = moving(position, {**germans, **russians})
    assert art in offered(st)
    U.place(st, "G-2-1-I", "A3 B27")
    assert not supply.supplied(st, art)
    assert art not in offered(st)


def test_13_4_1_a_mask_that_comes_to_hide_an_uncommanded_unit_is_offered_no_more(
    position: Any,
) -> None:
    # mask-german-3 hides G-1-1-I (commanded) in A12 B20; G-2-1-I there failed its
    # independent command roll (13.3.2).  It goes under the mask: only its own record
    # changes, and the mask now hides an uncommanded unit (13.4.1)
    mask, joining = "mask-german-3", "G-2-1-I"
    units = {**ARMY_HQ, INFANTRY: "A12 B20", joining: "A12 B20"}
    st = masked(position, units, {mask: ("A12 B20", [INFANTRY])}, phase="movement_1")
    U.add_marker(st, joining, command.UNCOMMANDED)
    assert mask in offered(st) and joining not in offered(st)
    U.set_note(st, joining, masks.NOTE, mask)
    assert masks.contents(st, mask) == [INFANTRY, joining]
    assert mask not in offered(st)


# --- the enemy's units and the data: the ground, the bridges, the Guard --------------------

#: Russian units without control zones (HQs, artillery: 8.1.2) hemming in A12 B20 on five
#: sides, A11 B20 left open
ZONELESS = {
    "R-HQ-1A": "A12 B21",
    "R-HQ-III": "A13 B20",
    "R-III-art": "A13 B19",
    "R-HQ-XX": "A12 B19",
    "R-XX-art": "A11 B21",
}


def _hemmed(position: Any) -> State:
    """G-1-1-I in A12 B20 with the 8th Army HQ (commanded whatever the lines), hemmed in
    but for A11 B20 (clear, 1 MP), already moving with 1 MP left (4.2.2)."""
    st = moving(position, {"G-HQ-8A": "A12 B20", INFANTRY: "A12 B20", **ZONELESS})
    frame = frame_of(st)
    frame["allowance"][INFANTRY], frame["spent"][INFANTRY] = 10, 8  # (half points)
    assert INFANTRY in offered(st)
    return st


def test_4_2_1_a_piece_whose_last_open_neighbour_an_enemy_hq_enters_is_offered_no_more(
    position: Any,
) -> None:
    st = _hemmed(position)
    zone = zoc.controlled_by(st, RUSSIAN)  # (Kowal's forefield, 12.3.2)
    U.place(st, "R-HQ-XV", "A11 B20")  # no zone (8.1.2): only the hexes the enemy holds change
    assert zoc.controlled_by(fresh(st), RUSSIAN) == zone
    assert INFANTRY not in offered(st)


def test_8_2_2_a_piece_whose_last_open_neighbour_falls_in_an_enemy_zone_is_offered_no_more(
    position: Any,
) -> None:
    st = _hemmed(position)
    U.place(st, "R-1-25-III", "A11 B19")  # two hexes off: its zone covers A11 B20 (1 MP more)
    assert "A11 B20" in zoc.controlled_by(st, RUSSIAN)
    assert INFANTRY not in offered(st)


def test_6_0_a_piece_whose_one_way_is_a_destroyed_bridge_is_offered_no_more(
    position: Any,
) -> None:
    # G-1-1-I in A5 B21 by the bridge to A4 B22, hemmed in on the east bank, moving
    bridge = "A4 B22/A5 B21"
    hem = dict(zip(ZONELESS, ("A5 B20", "A5 B22", "A6 B20", "A6 B21"), strict=False))
    st = moving(position, {"G-HQ-8A": "A5 B21", INFANTRY: "A5 B21", **hem})
    frame = frame_of(st)
    frame["allowance"][INFANTRY], frame["spent"][INFANTRY] = 10, 6
    assert INFANTRY in offered(st)
    railways.to_change(st)["bridges_destroyed"].append(bridge)  # the data: no unit changes
    assert INFANTRY not in offered(st)


def _guards(position: Any, **units: str) -> State:
    from tests.rules.tannenberg.test_special import NEW_COMMANDER, SUPPLEMENTARY

    # (R-1-6-XV, free to move, keeps the phase in its commanded step)
    guards = {
        "R-HQ-2A": "A14 B9",
        "R-1-3G-XXIII": "A14 B9",
        "R-2-3G-XXIII": "A14 B9",
        "R-1-6-XV": "A14 B9",
    }
    return moving(
        position,
        {**guards, **units},
        side=RUSSIAN,
        extra=SUPPLEMENTARY,
        extra_counters=NEW_COMMANDER,
    )


def test_18_1_1_the_guard_is_offered_once_an_enemy_crosses_the_border(position: Any) -> None:
    st = _guards(position, **{"G-1-1-I": "A12 B13"})  # in Germany
    assert "R-1-3G-XXIII" not in offered(st, RUSSIAN)
    U.place(st, "G-1-1-I", "A9 B10")  # in Russia: an enemy's unit, nowhere near the Guard
    assert "R-1-3G-XXIII" in offered(st, RUSSIAN)


def test_18_1_1_the_guard_is_offered_once_released(position: Any) -> None:
    st = _guards(position)
    assert "R-1-3G-XXIII" not in offered(st, RUSSIAN)
    st.data["special"]["guards_free"] = True  # the data: no unit changes
    assert "R-1-3G-XXIII" in offered(st, RUSSIAN)


# --- every input, changed at random ----------------------------------------------------------

#: the teaching map's Vistula bridges and fortress (FICTIONAL)
BRIDGES = ("A4 B16/A5 B15", "A4 B22/A5 B21")
KOWAL = "A22 B12"


def _change_one_input(st: State, frame: dict[str, Any], role: str, rng: random.Random) -> str:
    """Change one thing the rules of movement read, as they or a hand would: a unit of
    either side moved near a piece, a marker, the frame's record of a piece, the rail
    book, a bridge or the fortress destroyed, a unit put under a mask.  Returns what."""
    side = frame["side"]
    enemy = U.enemy_of(st, side)
    pieces = U.on_map(st, side) or list(U.static(st).units)
    piece = rng.choice(pieces)
    where = U.record(st, piece)["hex"] or "A12 B20"
    kind = rng.choice(
        ("own", "enemy", "enemy", "marker", "frame", "book", "bridge", "fortress", "mask")
    )
    if kind in ("own", "enemy"):
        movers = [
            u
            for u in U.static(st).units
            if U.info(st, u).side == (side if kind == "own" else enemy) and not masks.is_mask(st, u)
        ]
        unit = rng.choice(movers)
        to = near(st, where, rng)
        occupants = U.units_in(st, to)
        if occupants and U.info(st, occupants[0]).side != U.info(st, unit).side:
            return "none"
        U.place(st, unit, to)
        return f"{kind} {unit} to {to}"
    if kind == "marker":
        marker = rng.choice((reserve.RESERVE, command.UNCOMMANDED, command.INDEPENDENT))
        toggle_marker(st, piece, marker)
        return f"marker {marker} on {piece}"
    if kind == "frame":
        entry = rng.choice(("spent", "allowance", "done"))
        if entry == "done":
            frame["done"].append(piece)
        else:
            frame[entry][piece] = rng.choice((0, 2, 4, 6, 10))
        return f"frame {entry} of {piece}"
    if kind == "book":
        book = railways.book_to_change(st)
        entry = rng.choice(("ops", "tried", "repaired"))
        if entry == "ops":
            book["ops"][piece] = ["load"]
        else:
            book[entry].append(piece)
        return f"book {entry} of {piece}"
    if kind == "bridge":
        destroyed = railways.to_change(st)["bridges_destroyed"]
        destroyed.append(rng.choice([b for b in BRIDGES if b not in destroyed] or [BRIDGES[0]]))
        return "bridge"
    if kind == "fortress":
        fortified.lose_levels(st, KOWAL, fortified.DESTROYED, "tannenberg 12.2.7")
        return "fortress"
    mask = rng.choice(masks.mask_ids(st, side))
    if U.record(st, mask)["status"] != "on_map":
        U.place(st, mask, where)
    U.set_note(st, piece, masks.NOTE, mask)
    U.place(st, piece, U.record(st, mask)["hex"])
    return f"{piece} under {mask}"


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_4_2_the_pieces_offered_follow_every_input_changed_at_random(seed: int) -> None:
    """In the movement phases of a random game, one input of the rules changed at a time
    (:func:`_change_one_input`), again and again: the pieces offered are those a state
    without kept tables offers and those why_not_move lets move (issue 18: the kept
    list follows everything the rules read)."""
    rng = random.Random(seed)
    game = greatwar.load("tannenberg/teaching")
    st = game.new_state(seed)
    agents: dict[str, Any] = {r: RandomAgent(seed * 10 + n) for n, r in enumerate(game.roles())}
    changes = 0
    while not st.is_over() and changes < 150:
        frames = [f for f in st.data["stack"] if f["kind"] == "movement_phase" and "step" in f]
        if frames and rng.random() < 0.5:
            work = st.clone()  # (the game itself plays on unchanged)
            frame = next(f for f in work.data["stack"] if f["kind"] == "movement_phase")
            role = rng.choice(seats.roles_of_side(work.game, frame["side"]))
            for _ in range(6):
                _movable(work, frame, role)  # (kept)
                what = _change_one_input(work, frame, role, rng)
                new = fresh(work)
                expected = [u for u in pieces_of(new, role) if why_not_move(new, frame, u) is None]
                assert _movable(work, frame, role) == expected, what
                changes += 1
        role = next(r for r in st.active_roles() if st.legal_actions(r))
        st.apply(role, decide(agents[role], st, role))
    assert changes >= 100
