"""Von Hindenburg in Poland, 17.5 Friendly Rail Hexes: the last unit in a rail hex during a
Movement Segment makes it Friendly (17.51), usable for rail movement and supply from the
next Game-Turn (17.52, 17.54), and who holds each rail hex at the start (17.53); 5.3 the
Friendly railroads are those of 17.0 and 17.5.

FICTIONAL positions on the Von Hindenburg teaching map.  At the start the Central Powers
hold the rail of Germany, Austria-Hungary and Poland's 0506-0511, 0606, 0706, 0806 (south
and west of the Wisla), the Russians the rest of Poland's, 0905 and 0906 among it (the
scenario's exceptions).
"""

from __future__ import annotations

from typing import Any

import pytest

from greatwar.model.problems import ScenarioError
from greatwar.rules.gwite import rail, supply
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.hindenburg import control
from tests.rules.gwite.brusilov.brusilov_kit import moves, of_type, select
from tests.rules.gwite.hindenburg.hindenburg_rail_kit import (
    Refuse,
    entrained,
    logged,
    owner,
    rail_moves,
    to_movement_segment,
)

LAST_UNIT = "hindenburg 17.51"


def test_17_53_the_central_powers_hold_the_rail_south_and_west_of_the_wisla_at_the_start(
    hindenburg_position: Any, refuse: Refuse
) -> None:
    st = hindenburg_position({"R-5K": entrained("0906")})
    assert owner(st, "0406") == ("central", 0)  # Germany
    assert owner(st, "0213") == ("central", 0)  # Austria-Hungary
    assert owner(st, "0806") == ("central", 0)  # Poland, south and west of the Wisla
    assert owner(st, "0507") == ("central", 0)
    assert owner(st, "0906") == ("allied", 0)  # one of the scenario's exceptions
    assert owner(st, "1105") == ("allied", 0)  # the rest of Poland
    select(st, "allied", "R-5K")
    reach = rail_moves(st, "allied")
    assert "0905" in reach and "0806" not in reach
    err = refuse(
        st, "allied", {"type": "rail_move", "unit": "R-5K", "to": "0806", "path": [], "hexes": 1}
    )
    assert err.case == "hindenburg 17.53"
    assert "from the start" in err.reason
    assert "0806" not in supply.table(st, "allied").rail
    assert "0906" in supply.table(st, "allied").rail


def test_17_51_a_unit_passing_through_a_rail_hex_in_a_movement_segment_takes_it(
    hindenburg_position: Any,
) -> None:
    st = hindenburg_position({"R-5K": "0906"})
    select(st, "allied", "R-5K")
    for h in ("0806", "0706", "0606"):  # three legs, one hex each
        st.apply("allied", moves(st, "allied")[h])
    for h in ("0806", "0706", "0606"):
        assert owner(st, h) == ("allied", 1)
    texts = logged(st, LAST_UNIT)
    assert [t.split()[3] for t in texts] == ["0806", "0706", "0606"]
    assert "from Game-Turn 2" in texts[0]
    assert st.data[control.RAIL_CONTROL] == {h: ["allied", 1] for h in ("0806", "0706", "0606")}


def test_17_51_a_unit_that_stands_in_a_rail_hex_takes_it_in_the_next_movement_segment(
    hindenburg_position: Any,
) -> None:
    # as if it had advanced into Warschau in a Combat Phase: that is no Movement Segment
    # (the Russian cavalry beside it keeps the Russian Combat Phase open)
    st = hindenburg_position(
        {"G-35": "1105", "R-5K": "1205"}, phase="combat", segment="combat_resolution"
    )
    assert st.top()["kind"] == "combat_resolution"
    assert owner(st, "1105") == ("allied", 0)
    to_movement_segment(st, "central", 1)
    assert owner(st, "1105") == ("central", 1)
    taken = "The rail hex 1105 is Friendly to the Central Powers"
    assert any(t.startswith(taken) for t in logged(st, LAST_UNIT))


def test_17_52_a_rail_hex_that_became_friendly_serves_from_the_next_game_turn(
    hindenburg_position: Any, fixed_dice: Any, refuse: Refuse
) -> None:
    st = hindenburg_position({"R-5K": "0906", "R-HQ-4A": "0905"})
    select(st, "allied", "R-5K")
    st.apply("allied", moves(st, "allied")["0806"])
    assert owner(st, "0806") == ("allied", 1)
    # not for rail movement this Game-Turn ...
    assert not of_type(st.legal_actions("allied"), "entrain")
    err = refuse(st, "allied", {"type": "entrain", "unit": "R-5K", "cost": 3})
    assert err.case == "hindenburg 17.52"
    assert "0806 became Friendly this Game-Turn" in err.reason
    # ... nor for supply (17.54)
    assert "0806" not in supply.table(st, "allied").rail
    to_movement_segment(st, "allied", 2)
    assert "0806" in supply.table(st, "allied").rail
    fixed_dice(3)
    (action,) = of_type(select(st, "allied", "R-5K"), "entrain")
    st.apply("allied", action)
    assert rail.entrained(st, "R-5K")


def test_17_54_a_friendly_rail_hex_supplies_as_16_2_says(hindenburg_position: Any) -> None:
    # 0406 is the one German rail hex within 6 hexes of 1005; the Russians held it, and a
    # German unit takes it back in the Central Powers' Movement Segment
    st = hindenburg_position(
        {"G-41": "1005", "G-36": "0306"}, phasing="central", control={"0406": "allied"}
    )
    assert not supply.in_supply(st, "G-41")
    select(st, "central", "G-36")
    st.apply("central", moves(st, "central")["0406"])
    assert owner(st, "0406") == ("central", 1)
    assert not supply.in_supply(st, "G-41")  # 17.52: from the next Game-Turn
    to_movement_segment(st, "allied", 2)
    assert supply.in_supply(st, "G-41")  # 16.21: six hexes from a Friendly rail hex


def test_5_3_friendly_railroads_are_those_of_17_0_and_17_5(
    hindenburg_position: Any, refuse: Refuse
) -> None:
    # a Russian unit uses rail in Poland (17.12) held by the Russians (17.5)
    st = hindenburg_position({"R-5K": entrained("0905")}, control={"0806": "allied"})
    select(st, "allied", "R-5K")
    reach = rail_moves(st, "allied")
    assert {"0906", "0806", "1105"} <= set(reach)
    assert "0706" not in reach  # the Central Powers' (17.53)
    assert "0406" not in reach  # Germany
    st.apply("allied", reach["0806"])
    err = refuse(
        st, "allied", {"type": "rail_move", "unit": "R-5K", "to": "0706", "path": [], "hexes": 1}
    )
    assert err.case == "hindenburg 17.53"


def test_17_5_the_last_unit_in_a_rail_hex_decides_whose_it_is(hindenburg_position: Any) -> None:
    # 0806 changes hands twice in one Game-Turn: the Russians take it, the Germans take it
    # back; it is the Central Powers' again, but newly (17.52: usable from Game-Turn 2)
    st = hindenburg_position({"R-5K": "0906", "G-5K": "0606"})
    select(st, "allied", "R-5K")
    st.apply("allied", moves(st, "allied")["0806"])
    st.apply("allied", moves(st, "allied")["0905"])  # and rides back across the rail
    assert owner(st, "0806") == ("allied", 1)
    to_movement_segment(st, "central", 1)
    select(st, "central", "G-5K")
    st.apply("central", moves(st, "central")["0806"])
    assert owner(st, "0806") == ("central", 1)
    assert control.view(st)["0806"] == "central"
    assert not U.rules(st).usable_control(st, "central", "0806")
    assert [t.split()[3] for t in logged(st, LAST_UNIT)] == ["0806", "0806"]


def test_17_53_bad_start_data_is_refused_naming_the_place(hindenburg_position: Any) -> None:
    with pytest.raises(ScenarioError) as err:
        hindenburg_position({}, special={"start_friendly_region": "Silesia"})
    assert "special.start_friendly_region" in str(err.value) and "Silesia" in str(err.value)
    with pytest.raises(ScenarioError) as err:
        hindenburg_position({}, special={"start_friendly_exceptions": ["0905", "0101"]})
    assert "special.start_friendly_exceptions.1" in str(err.value)
    assert "'0101' is not a rail hex" in str(err.value)


def test_17_5_the_usable_rail_kept_per_game_is_each_hexs_own_reading_throughout_a_game() -> None:
    """The rail hexes that serve each side (17.51-17.53), kept per game on the record of
    changes and the Game-Turn, are at every step of a random game what reading each hex's
    holder gives (the memo's key covers all it reads: the record changes, the turn goes
    on, and the answers follow)."""
    import random

    import greatwar
    from greatwar.ai import RandomAgent
    from greatwar.rules.gwite.rail import RailRules

    st = greatwar.load("gwite/hindenburg-teaching").new_state(3)
    rules = U.rules(st)
    agents = {r: RandomAgent(n) for n, r in enumerate(st.game.roles())}
    order = random.Random(3)
    nets = {side: supply.friendly_rail(st, side, "") for side in ("allied", "central")}
    seen_changes, turns = set(), set()
    for _ in range(400):
        if st.is_over():
            break
        for side, net in nets.items():
            closed = frozenset(sorted(net)[::7])
            kept = rules.usable_rail(st, side, net, closed)
            assert kept == RailRules.usable_rail(rules, st, side, net, closed)
        seen_changes.add(len(st.data.get(control.RAIL_CONTROL) or {}))
        turns.add(st.data["turn"])
        roles = [r for r in st.active_roles() if st.legal_actions(r)]
        role = order.choice(roles)
        st.apply(role, agents[role].choose({"role": role, "legal_actions": st.legal_actions(role)}))
    assert len(seen_changes) > 1 and len(turns) > 1  # the record and the turn both moved
