"""The heuristic takes over any position the rules allow, not only those it plays into
itself: random play for a while (units off the map by rail, odd stacks, attacks half
declared), then the heuristic for both sides to the end of the game, without an error.
(The rollout agent hands the heuristic such positions: each candidate it tries is played
out by the heuristic, 5.37's off-map rail movement among them.)"""

from __future__ import annotations

import pytest

import greatwar
from greatwar.ai import HeuristicAgent, RandomAgent, decide

#: (scenario, game number, random actions first): gwite/teaching's games 0 and 1 left a
#: unit off the map in the heuristic's hand (5.37), which it could not value
CASES = [
    ("gwite/teaching", 0, 400),
    ("gwite/teaching", 1, 400),
    ("gwite/two-maps-teaching", 0, 60),
    ("gwite/hindenburg-teaching", 0, 300),
    ("gwite/caporetto-teaching", 0, 300),
    ("gwite/serbia-galicia-teaching", 0, 300),
    ("gwite/brusilov-teaching", 0, 300),
    ("tannenberg/teaching", 0, 400),
]


@pytest.mark.parametrize(("scenario", "number", "prefix"), CASES)
def test_the_heuristic_finishes_a_game_from_where_random_play_left_it(
    scenario: str, number: int, prefix: int
) -> None:
    game = greatwar.load(scenario)
    state = game.new_state(100 + number)
    roles = game.roles()
    randoms = {r: RandomAgent(number * 7 + n) for n, r in enumerate(roles)}
    heuristics = {r: HeuristicAgent(number * 7 + n) for n, r in enumerate(roles)}
    steps = 0
    while not state.is_over() and steps < 6000:
        role = next(r for r in state.active_roles() if state.legal_actions(r))
        agents = randoms if steps < prefix else heuristics
        state.apply(role, decide(agents[role], state, role))
        steps += 1
    assert steps > prefix  # the heuristic played
    assert state.is_over()
