"""The computer players under the Brusilov rules: the heuristic agent takes every
defensive shift its HQs give (21.1) and then lets the die be rolled; it moves its depots
to keep the towns it holds in supply (9.16, 25.12) and does not burn for an attack (19.21)
on the last Game-Turn a depot such a town needs."""

from __future__ import annotations

from typing import Any

from greatwar.ai import HeuristicAgent, decide
from greatwar.rules.gwite import supply
from greatwar.rules.gwite.brusilov import victory as V
from tests.rules.gwite.brusilov.brusilov_kit import hex_of, status
from tests.rules.gwite.brusilov.test_brusilov_combat import defensive_position
from tests.rules.gwite.kit import COMBAT, attack, resolve


def test_the_heuristic_defender_takes_his_defensive_shift_then_ends_defense(
    brusilov_position: Any,
) -> None:
    st = defensive_position(brusilov_position)
    attack(st, "central", "1005", ["G-35R", "G-36R"])
    resolve(st, "central")  # committed: the defender's step
    agent = HeuristicAgent(seed=1)
    first = decide(agent, st, "allied")
    assert first == {"type": "defensive_shift", "hq": "R-HQ-XIX", "shift": -1}
    assert "defensive shift" in (agent.last_explanation or "")
    st.apply("allied", first)
    assert st.view("allied")["combat"]["column"] == "1-1"
    assert decide(agent, st, "allied")["type"] == "end_defense"


# --- 9.16, 25.12 depots that keep the Russians' towns in supply ------------------------------

#: Königsfeld (0204, 3 points), held by the Russians, is eight hexes from their nearest
#: rail hex: only a chain of depots can feed it (9.16, 25.12)
KOENIGSFELD = "0204"
HELD = {KOENIGSFELD: "allied"}
#: depot R-D1 in 0404 feeds it (two hexes), R-D2 in 0705 feeds R-D1 (three hexes from
#: the rail hex 1007); the HQ keeps the corps in command
CHAIN = {"R-D1": "0404", "R-D2": "0705", "R-HQ-XIX": "1106", "G-MB": "2001"}
#: a German division in 0402 between two Russian corps, within three hexes of R-D1
#: (19.22)
FIGHT = {"G-35R": "0402", "R-XIX": "0401", "R-V": "0403"}


def _town_scored(st: Any, hex_label: str) -> bool:
    return any(t["hex"] == hex_label and t["scored"] for t in V.town_points(st))


def _play_allied(st: Any, agent: HeuristicAgent, done: Any, limit: int = 60) -> None:
    for _ in range(limit):
        if done(st):
            return
        st.apply("allied", decide(agent, st, "allied"))
    raise AssertionError("the Russian player did not get there")


def _in_combat(st: Any) -> bool:
    return any(a["type"] == "resolve" for a in st.legal_actions("allied"))


def test_9_16_25_12_the_heuristic_moves_a_depot_to_feed_a_held_town(
    brusilov_position: Any,
) -> None:
    # R-D1 in 0605 is four hexes from Königsfeld: the town is held but scores nothing; the
    # Russian corps stands far to the east, where an HQ's or depot's pull to the troops
    # would lead
    units = {**CHAIN, "R-D1": "0605", "R-XIX": "1205"}
    st = brusilov_position(units, turn=3, control=HELD)
    assert not _town_scored(st, KOENIGSFELD)
    agent = HeuristicAgent(seed=1)
    _play_allied(st, agent, lambda s: hex_of(s, "R-D1") != "0605")
    _play_allied(
        st, agent, lambda s: not any(a["type"] == "select" for a in s.legal_actions("allied"))
    )
    # the ruling: with the depots where the agent left them the town is in supply, and
    # the depot feeding it is itself in supply (9.16)
    assert _town_scored(st, KOENIGSFELD)
    assert supply.table(st, "allied").line["R-D1"]


def _attack_with_the_chain(brusilov_position: Any, turn: int) -> Any:
    st = brusilov_position({**CHAIN, **FIGHT}, turn=turn, control=HELD, **COMBAT)
    attack(st, "allied", "0402", ["R-XIX", "R-V"])
    return st


def test_19_21_25_12_on_the_last_game_turn_the_heuristic_keeps_a_depot_its_town_needs(
    brusilov_position: Any,
) -> None:
    # Game-Turn 5 of 6: the doubling is worth the depot (another comes, 20.21)
    st = _attack_with_the_chain(brusilov_position, turn=5)
    agent = HeuristicAgent(seed=1)
    assert decide(agent, st, "allied") == {"type": "massed_artillery", "depot": "R-D1"}
    # Game-Turn 6, the last: burned, R-D1 would leave Königsfeld unfed at the end (25.12)
    st = _attack_with_the_chain(brusilov_position, turn=6)
    assert _town_scored(st, KOENIGSFELD)
    _play_allied(st, agent, lambda s: not _in_combat(s))
    assert status(st, "R-D1") == "on_map"
    assert _town_scored(st, KOENIGSFELD)


def test_19_21_on_the_last_game_turn_a_side_scoring_no_town_still_burns_a_depot(
    brusilov_position: Any,
) -> None:
    # the Central Powers score no town (25.11): their depots are theirs to burn to the end
    units = {"R-1G": "1005", "G-35R": "0904", "G-36R": "0905", "G-D1": "0803"}
    spare = {"G-MB": "2001", "R-BNB": "2002", "R-HQ-XIX": "1106"}
    choices = []
    for turn in (5, 6):
        st = brusilov_position({**units, **spare}, phasing="central", turn=turn, **COMBAT)
        attack(st, "central", "1005", ["G-35R", "G-36R"])
        choices.append(decide(HeuristicAgent(seed=1), st, "central"))
    assert choices == [{"type": "massed_artillery", "depot": "G-D1"}] * 2


def test_25_12_on_the_last_game_turn_supply_weighs_in_full_for_the_side_scoring_towns(
    brusilov_position: Any,
) -> None:
    # the Russians' towns score only in supply at the end, and attrition (9.22) follows the
    # last move: ending out of supply weighs as on any Game-Turn; the Central Powers score
    # no town, and for them it weighs as in the standard rules' last Game-Turn
    from greatwar.ai.heuristic_gwite import front, last_turn

    st = brusilov_position({**CHAIN, "R-XIX": "1205"}, turn=6, control=HELD)
    assert last_turn(st)
    earlier = brusilov_position({**CHAIN, "R-XIX": "1205"}, turn=5, control=HELD)
    assert front(st, "allied").supply_weight == front(earlier, "allied").supply_weight
    assert front(st, "central").supply_weight < front(earlier, "central").supply_weight
