"""Short random-play runs of the Brusilov teaching scenarios: every game ends without a
crash, dead end or broken invariant, and every attack resolves as its odds were shown,
with each of the game's options at its default and switched (the long runs, 300 games
a setting, are ``benchmarks/fuzz_options.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from greatwar.rules.gwite.brusilov import BrusilovRules
from greatwar.sim.fuzz import fuzz

TEACHING = "gwite/brusilov-teaching"


def flipped(name: str) -> dict[str, object]:
    """The option switched from its default (26.32 and 26.33 exclude each other)."""
    settings: dict[str, object] = {name: not BrusilovRules.options[name].default}
    if name == "west_front":
        settings["increased_supply"] = False
    return settings


def test_random_games_of_the_teaching_scenarios_are_clean(tmp_path: Path) -> None:
    for scenario, games in ((TEACHING, 6), ("gwite/brusilov-teaching-schedule", 3)):
        report = fuzz(scenario, games, seed=3, out_dir=tmp_path)
        assert report.failures == [], scenario
        assert report.rulings > 0  # attacks were resolved and compared with their odds


@pytest.mark.parametrize("name", sorted(BrusilovRules.options))
def test_random_games_with_each_option_switched_are_clean(name: str, tmp_path: Path) -> None:
    report = fuzz(TEACHING, 2, seed=5, out_dir=tmp_path, options=flipped(name))
    assert report.failures == [], name
