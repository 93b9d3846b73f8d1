"""A game on two maps under the standard rules (the groundwork of Serbia/Galicia 2.1 and
17.4): the FICTIONAL scenario gwite/two-maps-teaching at set positions.  Units move on
each map as on any map; they pass from one map to the other only by an off-map rail
link (5.37, 5.38) joining an exit hex of the north map (n) to one of the south map (s).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from kit import play_until

import greatwar
from greatwar import IllegalAction, State
from greatwar.model.loader import DATA_ROOT
from greatwar.rules.gwite import units as U
from tests.rules.toml_text import toml_value

SCENARIO = DATA_ROOT / "gwite" / "scenarios" / "two-maps-teaching.toml"
COUNTERS = DATA_ROOT / "gwite" / "counters" / "two-maps-teaching.toml"
Action = dict[str, Any]


def two_maps_position(
    directory: Path, units: dict[str, str | dict[str, Any]], phasing: str = "central"
) -> State:
    """The two-maps scenario in ``phasing``'s Movement Phase of Game-Turn 1, only
    ``units`` on the maps."""
    import tomllib

    text = SCENARIO.read_text(encoding="utf-8")
    text = text.replace('"../maps/', f'"{SCENARIO.parent.parent}/maps/')
    text = text.replace('"../counters/', f'"{SCENARIO.parent.parent}/counters/')
    placed: dict[str, Any] = dict(units)
    for counter in tomllib.loads(COUNTERS.read_text(encoding="utf-8"))["counter"]:
        placed.setdefault(counter["id"], {"status": "eliminated"})
    lines = [
        "[position]",
        "turn = 1",
        f"phasing = {toml_value(phasing)}",
        'phase = "movement"',
        'segment = "movement"',
        "[position.units]",
    ]
    for uid, where in placed.items():
        entry = {"hex": where} if isinstance(where, str) else where
        lines.append(f"{toml_value(uid)} = {toml_value(entry)}")
    path = directory / "two-maps-position.toml"
    path.write_text(text + "\n" + "\n".join(lines) + "\n", encoding="utf-8")
    game = greatwar.load(path)
    game.checking = True
    return game.new_state(1)


@pytest.fixture
def position(tmp_path: Path):  # type: ignore[no-untyped-def]
    def make(units: dict[str, str | dict[str, Any]], phasing: str = "central") -> State:
        return two_maps_position(tmp_path, units, phasing)

    return make


def of_type(actions: list[Action], kind: str) -> list[Action]:
    return [a for a in actions if a["type"] == kind]


def select(st: State, role: str, uid: str) -> list[Action]:
    st.apply(role, {"type": "select", "unit": uid})
    return st.legal_actions(role)


def hex_of(st: State, uid: str) -> str | None:
    return U.record(st, uid)["hex"]  # type: ignore[no-any-return]


def movement_of(side: str, turn: int) -> Callable[[State], bool]:
    def done(st: State) -> bool:
        top = st.top()
        return (
            top is not None
            and top["kind"] == "movement"
            and st.data["phasing"] == side
            and st.data["turn"] == turn
        )

    return done


def test_5_1_a_unit_moves_on_the_north_map_and_another_on_the_south_map(position: Any) -> None:
    st = position({"G-35R": "n0302", "A-12": "s0306"})
    north = {a["to"]: a for a in of_type(select(st, "central", "G-35R"), "move")}
    assert north and all(h.startswith("n") for h in north)
    st.apply("central", north["n0402"])
    assert hex_of(st, "G-35R") == "n0402"
    south = {a["to"]: a for a in of_type(select(st, "central", "A-12"), "move")}
    assert south and all(h.startswith("s") for h in south)
    st.apply("central", south["s0406"])
    assert hex_of(st, "A-12") == "s0406"
    assert st.top()["spent"] == {"G-35R": 1, "A-12": 1}  # clear terrain on each map


def test_5_37_a_unit_leaves_the_north_map_by_rail_and_reenters_the_south_map(
    position: Any,
) -> None:
    # G-35R (MA 5) entrains at n0104 (1 MP) and leaves the north map: 4 MP paid of the
    # link's 6; in the next Central Movement Phase it pays 2 more and re-enters the south
    # map at s0104 (5.38).
    st = position({"G-35R": "n0104"})
    (entrain,) = of_type(select(st, "central", "G-35R"), "entrain")
    st.apply("central", entrain)
    leave = of_type(st.legal_actions("central"), "off_map")
    assert leave == [{"type": "off_map", "unit": "G-35R", "to": "s0104"}]
    st.apply("central", leave[0])
    assert U.record(st, "G-35R")["status"] == "off_map"
    st.apply("central", {"type": "end_segment"})
    assert U.record(st, "G-35R")["off_map"] == {"link": 0, "from": "n0104", "to": "s0104", "mp": 4}
    play_until(st, movement_of("central", 2))
    assert select(st, "central", "G-35R")[0] == {"type": "reenter", "unit": "G-35R", "hex": "s0104"}
    st.apply("central", {"type": "reenter", "unit": "G-35R", "hex": "s0104"})
    assert hex_of(st, "G-35R") == "s0104"
    assert st.game.scenario.board.map_of(hex_of(st, "G-35R")) == "s"
    assert any(e.get("case") == "5.37" and "s0104" in e["text"] for e in st.data["log"])


def test_5_37_the_link_between_maps_serves_only_the_sides_it_names(position: Any) -> None:
    # the Russian lateral line (n0804-s0804) is the Allies': a German at n0804 may not use it
    st = position({"G-35R": {"hex": "n0804", "markers": ["entrained"]}})
    select(st, "central", "G-35R")
    assert of_type(st.legal_actions("central"), "off_map") == []
    before = st.digest()
    with pytest.raises(IllegalAction) as refused:
        st.apply("central", {"type": "off_map", "unit": "G-35R", "to": "s0804"})
    assert refused.value.case == "5.37"
    assert st.digest() == before


def test_5_1_no_move_from_one_map_to_the_other_by_land(position: Any) -> None:
    # n0804 is the north map's east edge and s0104 the south map's west edge: no move
    # joins them but the off-map link
    st = position({"R-2C": "n0804"}, phasing="allied")
    moves = of_type(select(st, "allied", "R-2C"), "move")
    assert moves and all(a["to"].startswith("n") for a in moves)
    with pytest.raises(IllegalAction):
        st.apply("allied", {"type": "move", "unit": "R-2C", "to": "s0101"})
    assert hex_of(st, "R-2C") == "n0804"


@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_the_two_maps_game_plays_to_its_end(agent: str) -> None:
    from greatwar.ai import HeuristicAgent, RandomAgent
    from greatwar.sim.play import play_game

    game = greatwar.load("gwite/two-maps-teaching")
    make = RandomAgent if agent == "random" else HeuristicAgent
    for seed in (1, 2):
        agents = {r: make(seed * 10 + n) for n, r in enumerate(game.roles())}
        played = play_game(game, seed, agents, check_invariants=True)
        assert played.state.is_over() and played.state.result() is not None
