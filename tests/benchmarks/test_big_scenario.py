"""The benchmarks' generated full-size scenario (benchmarks/big_scenario.py): valid,
reproducible and playable; its speed is measured by benchmarks/run.py, never here."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

import greatwar
from greatwar.rules import validate_file

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "big_scenario.py"


def _module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("big_scenario", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def scenario(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path: Path = _module().generate(tmp_path_factory.mktemp("big"), seed=3)
    return path


def test_it_validates_at_full_size(scenario: Path) -> None:
    report = validate_file(scenario)
    assert report.problems == []
    assert report.kind == "scenario"
    assert "2500 hexes" in report.summary
    assert "300 counters" in report.summary


def test_the_same_seed_writes_the_same_files(scenario: Path, tmp_path: Path) -> None:
    again = _module().generate(tmp_path, seed=3)
    for name in ("map.toml", "counters.toml", "scenario.toml"):
        assert (again.parent / name).read_text() == (scenario.parent / name).read_text()
    other = _module().generate(tmp_path / "other", seed=4)
    assert (other.parent / "map.toml").read_text() != (scenario.parent / "map.toml").read_text()


def test_random_actions_apply(scenario: Path) -> None:
    state = greatwar.load(scenario).new_state(1)
    rng = random.Random(1)
    for _ in range(40):
        role = state.active_roles()[0]
        state.apply(role, rng.choice(state.legal_actions(role)))
    assert len(state.data["actions"]) == 40
