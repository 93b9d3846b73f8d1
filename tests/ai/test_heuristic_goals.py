"""The heuristic agent moves toward the regions where a game scores its units at the end
(the rules' ``scoring_places`` hook: Caporetto 24.11, 24.21)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import greatwar
from greatwar.ai.base import decide
from greatwar.ai.heuristic import HeuristicAgent
from greatwar.ai.heuristic_gwite import (
    GOOD_ATTACK,
    attack_value,
    expected_result,
    front,
    goals,
    loss_weights,
    step_weight,
)
from greatwar.engine.state import State
from greatwar.rules.gwite.combat import view as combat_view

CAPORETTO_KIT = Path(__file__).parents[1] / "rules" / "gwite" / "caporetto" / "conftest.py"


def _position(tmp_path: Path, units: dict[str, str], **kw: Any) -> State:
    """A Caporetto teaching position (tests/rules/gwite/caporetto/conftest.py)."""
    spec = importlib.util.spec_from_file_location("caporetto_positions", CAPORETTO_KIT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    path = module.write_caporetto_position(tmp_path, units, **kw)
    return greatwar.load(path).new_state(1)


def test_caporetto_scores_its_regions_for_the_computer_players(tmp_path: Path) -> None:
    st = _position(tmp_path, {"G-12": "1109", "I-MON": "1314"})
    central = st.game.system.scoring_places(st, "central")
    allied = st.game.system.scoring_places(st, "allied")
    # 24.11 beyond the Taglia, 10 a step; 24.21 behind the lines, 5 a step; 24.23 the
    # two cities, 40 for one unit
    assert [points for _, points in central] == [10.0]
    assert "0909" in central[0][0]
    assert [points for _, points in allied] == [5.0, 40.0, 40.0]
    # the agent's goals: the regions, on the game's scale; the cities pull no unit
    assert [len(hexes) for hexes, _ in goals(st, "allied")] == [len(allied[0][0])]
    assert goals(st, "central")[0][1] > 0


def test_a_central_unit_prefers_the_scoring_region_beyond_the_taglia(tmp_path: Path) -> None:
    # a German division east of the Taglia with no enemy near: west, into the region
    # where its steps score at the end, is better than east, away from it
    st = _position(tmp_path, {"G-12": "1109", "AH-D1": "1209", "I-MON": "1314"})
    f = front(st, "central")
    assert f.hex_value("G-12", "0909", "1109") > f.hex_value("G-12", "1209", "1109")
    assert f.objective_pull(f.coord("0909")) > f.objective_pull(f.coord("1309"))


def test_the_standard_game_has_no_scoring_regions() -> None:
    st = greatwar.load("gwite/teaching").new_state(1)
    for side in st.game.static.side_ids:
        assert st.game.system.scoring_places(st, side) == []
        assert goals(st, side) == []


def _attack_on(st: State, target: str, attackers: list[str]) -> State:
    st.apply("central", {"type": "declare", "target": target})
    for uid in attackers:
        st.apply("central", {"type": "add_attacker", "unit": uid})
    return st


def test_a_step_that_scores_for_the_enemy_weighs_more_in_an_attack(tmp_path: Path) -> None:
    combat = {"phase": "combat", "segment": "combat_resolution"}
    units = {"G-12": "1109", "AH-XV": "1009", "I-46": "1110", "I-MON": "1314"}
    # caporetto 24.22: a Stosstruppen step lost scores 5 for the Allies; 24.13 a British
    # step 5 for the Central Powers; an Italian or Austro-Hungarian step nothing
    st = _position(tmp_path, units, **combat)
    rules = st.game.static.rules
    assert [rules.step_loss_points(st, u) for u in ("G-12", "AH-XV", "I-46")] == [5.0, 0, 0]
    assert step_weight(st, ["G-12"]) > 1.0
    assert step_weight(st, ["G-12", "AH-XV"]) == 1.0  # the cheaper steps go first
    # the Stosstruppen alone: each of its steps the attack may cost weighs more, and the
    # attack is worth less to the agent than the same odds would be with plain steps
    alone = _attack_on(st, "1110", ["G-12"])
    assert loss_weights(alone) == (step_weight(alone, ["G-12"]), 1.0)
    preview = combat_view(alone, "central")
    assert attack_value(alone, "central") < GOOD_ATTACK <= expected_result(preview)


def test_the_agent_spares_its_stosstruppen_an_attack_plain_troops_would_make(
    tmp_path: Path,
) -> None:
    # 2-1 against the Italian 46th Division: worth making with steps that score nothing
    # when lost, not with Stosstruppen whose every step lost scores 5 for the Allies
    units = {"G-12": "1109", "I-46": "1110", "I-MON": "1314"}
    st = _position(tmp_path, units, phase="combat", segment="combat_resolution")
    action = decide(HeuristicAgent(5), st, "central")
    assert action["type"] == "end_segment"


def test_the_standard_game_weighs_every_step_alike() -> None:
    st = greatwar.load("gwite/teaching").new_state(1)
    units = list(st.game.static.units)
    assert all(st.game.static.rules.step_loss_points(st, u) == 0 for u in units)
    assert step_weight(st, units) == 1.0


def test_24_13_the_enemy_prey_is_the_units_whose_steps_score(tmp_path: Path) -> None:
    # Caporetto 24.13: a French or British step lost scores for the Central Powers, an
    # Italian step nothing; 24.22: a Stosstruppen step lost scores for the Allies, an
    # Austro-Hungarian division's nothing.  Only those whose steps score are prey (where
    # nothing is left to take, Front.prey), each worth its points a step.
    from greatwar.ai.heuristic_gwite import HUNT_WORTH, prey
    from greatwar.rules.gwite import units as U

    units = {"G-12": "1109", "AH-28": "1110", "I-IV": "1314", "F-64": "1312"}
    st = _position(tmp_path, units)
    rules = U.rules(st)
    assert rules.step_loss_points(st, "I-IV") == rules.step_loss_points(st, "AH-28") == 0
    french, stoss = rules.step_loss_points(st, "F-64"), rules.step_loss_points(st, "G-12")
    assert prey(st, "central") == [(["1312"], french * HUNT_WORTH)]
    assert prey(st, "allied") == [(["1109"], stoss * HUNT_WORTH)]
