"""Issue 18: the movement tables memoised on what they read follow every change of it.

Each table is compared with the same table computed on a copy of the state with an
empty memo, before and after each of its inputs changes.  Positions are on the
FICTIONAL teaching map.
"""

from __future__ import annotations

import copy
from typing import Any

from greatwar import State
from greatwar.rules import pieces
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite import zoc
from greatwar.rules.gwite.movement import MovementSegment, reachable, standard_movers
from greatwar.rules.gwite.movement_extension import EXTRA_MP, blocked_for


def uncached(st: State) -> State:
    """The same state with nothing memoised."""
    return State(st.game, copy.deepcopy(st.data))


def movable(st: State) -> list[str]:
    frame = st.top()
    assert frame is not None and frame["kind"] == "movement"
    return MovementSegment().movable(st, frame)


def test_blocked_hexes_of_attackers_follow_the_enemy_hqs(position: Any) -> None:
    # FALK alone at 1606 (10.52: R-1G, attack 4, may enter; the depot R-D1 may not)
    st = position({"G-HQ-FALK": "1606", "G-35R": "1608", "R-1G": "1506", "R-D1": "1406"})
    for hq_at, open_to_attackers in (("1606", "1606"), ("1608", None), ("1607", "1607")):
        pieces.place(st, "G-HQ-FALK", hq_at)
        for uid in ("R-1G", "R-D1"):
            assert blocked_for(st, uid) == blocked_for(uncached(st), uid)
        assert "1608" in blocked_for(st, "R-1G")
        if open_to_attackers is not None:
            assert open_to_attackers not in blocked_for(st, "R-1G")
            assert open_to_attackers in blocked_for(st, "R-D1")
    pieces.eliminate(st, "G-HQ-FALK")
    assert blocked_for(st, "R-1G") == blocked_for(uncached(st), "R-1G")


def test_zones_of_a_side_follow_its_units(position: Any) -> None:
    st = position({"G-35R": "1608", "R-1G": "1506"})
    before = zoc.controlled_by(st, "central")
    pieces.place(st, "G-35R", "1204")
    after = zoc.controlled_by(st, "central")
    assert after != before
    assert after == zoc.controlled_by(uncached(st), "central")
    assert zoc.controlled_by(st, "allied") == zoc.controlled_by(uncached(st), "allied")


def test_movable_units_follow_finishing_moving_and_unfinishing(position: Any) -> None:
    st = position({"R-1G": "1506", "R-3S": "1406", "R-62R": "1305", "G-35R": "1608"})
    assert movable(st) == movable(uncached(st)) == ["R-1G", "R-3S", "R-62R"]
    st.apply("allied", {"type": "select", "unit": "R-1G"})
    st.apply("allied", {"type": "select", "unit": "R-3S"})  # R-1G finished: carried over
    assert movable(st) == movable(uncached(st)) == ["R-3S", "R-62R"]
    move = next(a for a in st.legal_actions("allied") if a["type"] == "move")
    st.apply("allied", move)  # a unit moved: found afresh
    assert movable(st) == movable(uncached(st))
    frame = st.top()
    assert frame is not None
    frame["done"].remove("R-1G")  # a rule lets a finished unit move on (Hindenburg 18.24)
    assert "R-1G" in movable(st)
    assert movable(st) == movable(uncached(st))


def test_every_path_of_a_reach_is_its_path(position: Any) -> None:
    st = position({"R-1G": "1506", "G-35R": "1608"})
    reach = reachable(st, "R-1G", "1506", 6, True)
    paths = reach.paths()
    assert set(paths) == set(reach.cost)
    for to in reach.cost:
        assert paths[to] == reach.path(to)
        assert paths[to][-1] == to
    assert U.record(st, "R-1G")["hex"] == "1506"  # (asking moved nothing)


def test_whether_a_unit_may_move_on_follows_each_thing_it_reads(position: Any) -> None:
    # the verdict memoised per unit in a game of the standard movement rules
    # (movement.standard_movers): its record, its place in the segment, the Enemy's units
    st = position({"R-1G": "1506", "R-3S": "1406", "R-62R": "1305", "G-35R": "1608"})
    assert standard_movers(st)
    frame = st.top()
    assert frame is not None and frame["kind"] == "movement"
    seen = movable(st)

    def check() -> None:
        nonlocal seen
        seen = movable(st)
        assert seen == movable(uncached(st))

    U.add_marker(st, "R-3S", "out_of_command")  # 10.4 out of command: it may not move
    check()
    assert "R-3S" not in seen
    U.remove_marker(st, "R-3S", "out_of_command")
    check()
    assert "R-3S" in seen
    frame["spent"]["R-62R"] = 99  # it has spent all it had (5.14): no step left
    check()
    assert "R-62R" not in seen
    frame.setdefault(EXTRA_MP, {})["R-62R"] = 200  # an extension adds Movement Points
    check()
    assert "R-62R" in seen
    del frame["spent"]["R-62R"], frame[EXTRA_MP]
    U.record(st, "R-1G")["lost"] = 1  # steps lost (the record changes, then the count)
    pieces._touch(st, "R-1G")
    check()
    for enemy_at in ("1507", "1505", "1405", "1406"):  # the Enemy gathers round (5.13)
        pieces.place(st, "G-35R", enemy_at)
        check()
    pieces.place(st, "R-1G", "0909")  # it stands elsewhere
    check()
    st.data["turn"] += 1
    check()
