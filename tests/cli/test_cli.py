"""The ``greatwar`` command line."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

import greatwar
from greatwar.cli import app
from greatwar.model.loader import DATA_ROOT

runner = CliRunner()
SCENARIO = DATA_ROOT / "gwite" / "scenarios" / "teaching.toml"


def test_validate_a_valid_scenario_reports_what_it_is() -> None:
    result = runner.invoke(app, ["validate", str(SCENARIO)])
    assert result.exit_code == 0, result.output
    assert "valid scenario" in result.output
    assert "320 hexes" in result.output


def test_validate_lists_every_problem_with_file_and_line_and_exits_nonzero(tmp_path: Path) -> None:
    root = tmp_path / "gwite"
    shutil.copytree(DATA_ROOT / "gwite", root)
    counters = root / "counters" / "teaching.toml"
    text = counters.read_text(encoding="utf-8")
    text = text.replace('setup = "0506"', 'setup = "4499"', 1)  # off the map
    counters.write_text(text, encoding="utf-8")
    map_file = root / "maps" / "teaching.toml"
    map_text = map_file.read_text(encoding="utf-8").replace('"~" = "lake"', '"~" = "lava"')
    map_file.write_text(map_text, encoding="utf-8")
    result = runner.invoke(app, ["validate", str(root / "scenarios" / "teaching.toml")])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    off_map = next(line for line in lines if "4499" in line)
    assert "counters/teaching.toml:" in off_map and "not on the map" in off_map
    assert "counter[0].setup" in off_map
    lava = next(line for line in lines if "lava" in line)
    assert "maps/teaching.toml:" in lava and "terrain.legend" in lava


def test_validate_reports_bad_toml_with_its_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[scenario]\nid = "x"\nname = = "oops"\n', encoding="utf-8")
    result = runner.invoke(app, ["validate", str(bad)])
    assert result.exit_code == 1
    assert f"{bad}:3:" in result.output
    assert "not valid TOML" in result.output


def test_fuzz_plays_games_and_ends_with_the_count(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["fuzz", "gwite/teaching", "--games", "3", "--seed", "5", "--out", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    last = result.output.strip().splitlines()[-1]
    assert last.startswith("3 games, 0 failures; ") and last.endswith(
        " rulings resolved as previewed"
    )


def test_autoplay_writes_a_record_that_replay_reproduces(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["autoplay", "gwite/teaching", "--seed", "3", "--out", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    record = tmp_path / "gwite-teaching-seed3.json"
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data["format"] == "greatwar-record/1"
    state = greatwar.replay(data)
    assert state.is_over()
    again = runner.invoke(app, ["replay", str(record)])
    assert again.exit_code == 0, again.output
    assert state.digest() in again.output.replace("\n", "")
    assert "result:" in again.output


def test_replay_refuses_an_illegal_action_naming_its_step(tmp_path: Path) -> None:
    record = greatwar.load("gwite/teaching").new_state(1).record()
    record["actions"] = [["allied", {"type": "end_segment"}], ["allied", {"type": "end_segment"}]]
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    assert "action 2" in result.output


def test_unknown_scenario_is_a_clear_error() -> None:
    result = runner.invoke(app, ["fuzz", "gwite/nowhere", "--games", "1"])
    assert result.exit_code == 1
    assert "no such scenario" in result.output
    assert "gwite/teaching" in result.output


def test_scenarios_lists_the_teaching_scenario_as_fictional() -> None:
    result = runner.invoke(app, ["scenarios"])
    assert result.exit_code == 0
    assert "gwite/teaching" in result.output and "yes" in result.output


def test_play_level_names_the_agent_of_each_difficulty() -> None:
    from greatwar.ai import AGENTS, LEVELS
    from greatwar.cli import _level_agent

    assert {name: level.agent for name, level in LEVELS.items()} == {
        "easy": "heuristic",
        "normal": "rollout",
        "hard": "planner",
    }
    assert all(level.agent in AGENTS and level.think for level in LEVELS.values())
    assert _level_agent("hard", None) == "planner"
    assert _level_agent(None, "random") == "random"


def test_play_refuses_an_unknown_level_or_a_level_with_an_agent() -> None:
    unknown = runner.invoke(app, ["play", "--level", "brutal", "--no-browser"])
    assert unknown.exit_code == 1
    assert "no level brutal; levels: easy, normal, hard" in unknown.output
    both = runner.invoke(app, ["play", "--level", "hard", "--agent", "random", "--no-browser"])
    assert both.exit_code == 1
    assert "--level or --agent, not both" in both.output
