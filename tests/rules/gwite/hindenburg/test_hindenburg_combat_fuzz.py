"""Short random-play runs of the Von Hindenburg teaching scenario with the options of
the combat, command and depletion rules switched (hindenburg 16.3, AV8, AV12): every game
ends without a crash, dead end or broken invariant, and every attack resolves as its
odds were shown."""

from __future__ import annotations

from pathlib import Path

import pytest

from greatwar.rules.gwite.hindenburg.command import NINTH_ARMY_ANY_TIME
from greatwar.rules.gwite.hindenburg.depletion import DEPLETION_OPTION, ROUND_REDUCTION
from greatwar.sim.fuzz import fuzz

TEACHING = "gwite/hindenburg-teaching"
SETTINGS: list[dict[str, object]] = [
    {DEPLETION_OPTION: True},
    {DEPLETION_OPTION: True, ROUND_REDUCTION: True},
    {NINTH_ARMY_ANY_TIME: True},
]


@pytest.mark.parametrize("options", SETTINGS, ids=lambda o: "+".join(sorted(o)))
def test_random_games_with_the_combat_options_switched_are_clean(
    options: dict[str, object], tmp_path: Path
) -> None:
    report = fuzz(TEACHING, 2, seed=3, out_dir=tmp_path, options=options)
    assert report.failures == [], options
    assert report.rulings > 0
