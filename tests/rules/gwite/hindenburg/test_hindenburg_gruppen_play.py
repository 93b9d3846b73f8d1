"""Hidden movement (hindenburg 18.0) in whole games: random play with the optional rule on
and off ends cleanly and, with it on, uses every Gruppen action; the computer player of
the Central Powers hides its units and sends dummies forward (the long runs are
``greatwar fuzz gwite/hindenburg-teaching -o hidden_movement=true``)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import greatwar
from greatwar.ai import HeuristicAgent, decide
from greatwar.ai.random_agent import RandomAgent
from greatwar.rules.gwite.hindenburg import gruppen as G
from greatwar.rules.gwite.hindenburg.gruppen_moves import ACTIONS
from greatwar.sim.fuzz import fuzz
from greatwar.sim.play import play_game
from tests.rules.gwite.hindenburg.gruppen_kit import CP, hidden

TEACHING = "gwite/hindenburg-teaching"


def test_18_0_random_games_with_hidden_movement_on_and_off_are_clean(tmp_path: Path) -> None:
    for setting in (True, False):
        report = fuzz(TEACHING, 3, seed=7, out_dir=tmp_path, options={G.OPTION: setting})
        assert report.failures == [], setting
        assert report.rulings > 0


def test_18_0_random_games_with_the_gruppen_options_switched_are_clean(tmp_path: Path) -> None:
    for name in ("extra_gruppen_hold_units", "gruppen_revealed_if_ever_adjacent"):
        options = {G.OPTION: True, name: True}
        report = fuzz(TEACHING, 2, seed=9, out_dir=tmp_path, options=options)
        assert report.failures == [], name


def test_18_0_random_play_uses_every_gruppen_action() -> None:
    game = greatwar.load(TEACHING, {G.OPTION: True})
    game.checking = True
    used: Counter[str] = Counter()
    for seed in range(4):
        agents = {role: RandomAgent(seed + n) for n, role in enumerate(game.roles())}
        played = play_game(game, seed, agents, max_steps=20_000, check_invariants=True)
        used.update(a["type"] for _, a in played.state.data["actions"])
    assert {kind for kind in ACTIONS if used[kind] == 0} == set()


def test_18_0_the_computer_central_powers_hide_their_units_and_send_dummies_forward(
    hindenburg_position: Any,
) -> None:
    st = hidden(
        hindenburg_position,
        {"G-35": "0406", "G-36": "0406", "G-5K": "0404", "G-HQ-9A": "0306", "R-XIV": "1007"},
        phasing=CP,
    )
    agent = HeuristicAgent(seed=1)
    segment = st.top()
    for _ in range(200):
        if st.top() is not segment:
            break
        st.apply(CP, decide(agent, st, CP))
    assert st.top() is not segment  # it ended its Movement Segment
    concealed = G.concealed(st)
    assert {"G-35", "G-36", "G-5K"} <= concealed  # none in contact: all hidden
    dummies = [box for box in G.markers(st) if G.is_dummy(st, box)]
    assert len(dummies) == 2
