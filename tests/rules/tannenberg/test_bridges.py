"""Tannenberg 6.0 destruction of bridges over the Vistula.

The FICTIONAL teaching map has two Vistula bridges: the rail bridge of the Ostbahn,
A4 B22/A5 B21 (Weichselburg-Kreuzau), and a road bridge, A4 B16/A5 B15.  The German
8th Army HQ at Kreuzau (A7 B21, range 5) reaches A5 B21 (2 hexes) but not A5 B15
(dA = -2, dB = -6: 8 hexes).
"""

from __future__ import annotations

from typing import Any

from greatwar.engine.state import State
from greatwar.rules.tannenberg import rail

RAIL_BRIDGE = "A4 B22/A5 B21"
ROAD_BRIDGE = "A4 B16/A5 B15"


def offered(st: State, role: str = "german") -> list[dict[str, Any]]:
    frame = st.top()
    assert frame is not None
    return [a for a in rail.actions(st, frame, role) if a["type"] == "destroy_bridge"]


def attempt(st: State, bridge: str, role: str = "german") -> None:
    action = {"type": "destroy_bridge", "bridge": bridge}
    assert action in offered(st, role)
    frame = st.top()
    assert frame is not None
    rail.apply(st, frame, action, role)


def refusal(st: State, bridge: str, role: str = "german") -> tuple[str, str]:
    frame = st.top()
    assert frame is not None
    action = {"type": "destroy_bridge", "bridge": bridge}
    assert action not in offered(st, role)
    return rail.explain(st, frame, role, action)


def test_6_0_only_vistula_bridges(at_movement: Any) -> None:
    st = at_movement({})
    assert rail.bridges(st) == [ROAD_BRIDGE, RAIL_BRIDGE]
    # the Drewe (a large river) has no bridge to destroy
    assert refusal(st, "A5 B16/A5 B15")[1] == "tannenberg 6.0"


def test_6_0_a_six_destroys_the_bridge_for_good(at_movement: Any, fixed_dice: Any) -> None:
    fixed_dice(6)
    st = at_movement({"G-HQ-8A": "A7 B21"})
    assert offered(st) == [{"type": "destroy_bridge", "bridge": RAIL_BRIDGE}]
    attempt(st, RAIL_BRIDGE)
    assert rail.bridge_destroyed(st, "A4 B22", "A5 B21")
    assert rail.bridge_destroyed(st, "A5 B21", "A4 B22")
    st.data["stage"] += 1
    # never repaired, never attempted again
    assert rail.bridge_destroyed(st, "A4 B22", "A5 B21")
    assert "already destroyed" in refusal(st, RAIL_BRIDGE)[0]


def test_6_0_a_five_fails(at_movement: Any, fixed_dice: Any) -> None:
    fixed_dice(5)
    st = at_movement({"G-HQ-8A": "A7 B21"})
    attempt(st, RAIL_BRIDGE)
    assert not rail.bridge_destroyed(st, "A4 B22", "A5 B21")


def test_6_0_one_attempt_a_stage(at_movement: Any, fixed_dice: Any) -> None:
    # The XVII Corps HQ (MARCH, range 3) at A6 B15 reaches the road bridge's A5 B15.
    fixed_dice(2, 6)
    st = at_movement({"G-HQ-8A": "A7 B21", "G-HQ-XVII": {"hex": "A6 B15", "markers": ["march"]}})
    assert len(offered(st)) == 2
    attempt(st, RAIL_BRIDGE)
    assert offered(st) == []
    assert "one attempt" in refusal(st, ROAD_BRIDGE)[0]
    st.data["stage"] += 1
    attempt(st, ROAD_BRIDGE)
    assert rail.bridge_destroyed(st, "A4 B16", "A5 B15")


def test_6_0_beyond_every_hq_range_no_attempt(at_movement: Any) -> None:
    # The I Corps HQ at A16 B19 (range 4) is far from both bridges; no army HQ.
    st = at_movement({"G-HQ-I": {"hex": "A16 B19", "markers": ["march"]}})
    assert offered(st) == []
    reason, case = refusal(st, RAIL_BRIDGE)
    assert case == "tannenberg 6.0" and "command range" in reason


def test_6_0_each_side_attempts_once_a_stage(at_movement: Any, fixed_dice: Any) -> None:
    fixed_dice(1)
    st = at_movement({"G-HQ-8A": "A7 B21"})
    attempt(st, RAIL_BRIDGE)
    tried = st.data["rail"]["bridge_tried"]
    assert tried == {"german": 1}  # the Russian attempt of the stage is still open


def test_6_0_a_destroyed_rail_bridge_stops_trains(at_movement: Any, fixed_dice: Any) -> None:
    fixed_dice(6)
    st = at_movement({"G-HQ-8A": "A7 B21", "G-1-1-I": {"hex": "A6 B21", "markers": ["entrained"]}})
    assert "A3 B22" in rail.rail_paths(st, "G-1-1-I")
    attempt(st, RAIL_BRIDGE)
    reach = rail.rail_paths(st, "G-1-1-I")
    assert "A5 B21" in reach and "A4 B22" not in reach and "A3 B22" not in reach


def test_6_0_a_loaded_hq_gives_no_range(at_movement: Any) -> None:
    # 5.3.4: an HQ on a train commands nothing, so its range allows no attempt.
    st = at_movement({"G-HQ-8A": {"hex": "A7 B21", "markers": ["entrained"]}})
    assert offered(st) == []
