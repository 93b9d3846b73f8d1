"""benchmarks/paired_side.py plays one side of a ladder's games again with another agent:
the games it picks, the jobs it builds (the seeds, the seats in the ladder's order, the
opponent's budget kept) and its sign test (no game is played here)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import paired_side  # benchmarks/ is a folder of scripts, not a package

RESULTS = {
    "scenario": "tannenberg/teaching",
    "options": {},
    "agent_iterations": {"planner": 40, "rollout": 4},
    "games": [
        {
            "index": 0,
            "pair": 0,
            "swapped": False,
            "seed": 11,
            "winner": "german",
            "sides": {"german": "rollout", "russian": "planner"},
        },
        {
            "index": 1,
            "pair": 0,
            "swapped": True,
            "seed": 12,
            "winner": "russian",
            "sides": {"german": "planner", "russian": "rollout"},
        },
    ],
}


def test_the_games_of_the_agent_on_the_side_are_played_by_the_other_agent() -> None:
    games = paired_side.games_of(RESULTS, "german", "planner")
    assert [g["index"] for g in games] == [1]
    job = paired_side.job_for(RESULTS, games[0], "german", "rollout")
    assert job.seed == 12 and job.index == 1 and job.swapped
    assert [(s.role, s.agent, s.iterations) for s in job.seats] == [
        ("german", "rollout", 4),
        ("russian", "rollout", 4),
    ]


@pytest.mark.parametrize(
    ("only_first", "only_second", "p"),
    [(0, 0, 1.0), (3, 3, 1.0), (4, 0, 0.125), (17, 5, 0.0169)],
)
def test_the_sign_test_of_the_games_only_one_won(
    only_first: int, only_second: int, p: float
) -> None:
    assert paired_side.sign_test(only_first, only_second) == pytest.approx(p, abs=1e-4)
    assert paired_side.sign_test(only_second, only_first) == pytest.approx(p, abs=1e-4)
