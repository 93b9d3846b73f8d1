"""The summary's statistics on known inputs."""

from __future__ import annotations

import math
from typing import Any

import pytest

from greatwar.sim.stats import Spread, WinRate, summarize, wilson_interval


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        (5, 10, 0.2366, 0.7634),  # the textbook 5 of 10
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (81, 263, 0.2553, 0.3662),
        (1, 1, 0.2065, 1.0),
    ],
)
def test_wilson_interval_known_values(wins: int, games: int, low: float, high: float) -> None:
    got = wilson_interval(wins, games)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_wilson_interval_of_no_games_is_everything_and_bad_counts_are_refused() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError, match="successes <= trials"):
        wilson_interval(3, 2)
    with pytest.raises(ValueError):
        wilson_interval(-1, 2)


def test_wilson_interval_narrows_with_more_games_around_the_same_rate() -> None:
    small = wilson_interval(6, 10)
    large = wilson_interval(600, 1000)
    assert small[0] < large[0] < 0.6 < large[1] < small[1]


def test_spread_mean_sample_sd_min_max() -> None:
    spread = Spread.of([2, 4, 4, 4, 5, 5, 7, 9])
    assert spread.n == 8 and spread.mean == 5 and spread.min == 2 and spread.max == 9
    assert spread.sd == pytest.approx(math.sqrt(32 / 7))


def test_spread_of_one_value_and_of_none() -> None:
    assert Spread.of([3]).as_dict() == {"n": 1, "mean": 3, "sd": 0.0, "min": 3, "max": 3}
    assert Spread.of([]).as_dict() == {"n": 0, "mean": None, "sd": None, "min": None, "max": None}


def test_win_rate_carries_its_interval() -> None:
    assert WinRate(5, 10).as_dict() == {
        "wins": 5,
        "games": 10,
        "rate": 0.5,
        "ci95": list(wilson_interval(5, 10)),
    }
    assert WinRate(0, 0).rate is None


def _game(
    index: int,
    winner: str | None,
    vp: int | None,
    labels: tuple[str, str] = ("A", "B"),
    status: str = "finished",
    actions: int = 100,
    turns: int = 6,
) -> dict[str, Any]:
    """An outcome of a game between sides red (the index side) and blue."""
    seats = {
        side: {"side": side, "agent": label, "label": label, "decisions": actions // 2}
        for side, label in zip(("red", "blue"), labels, strict=True)
    }
    for seat in seats.values():
        seat["seconds"] = 1.0
    return {
        "index": index,
        "seed": 100 + index,
        "status": status,
        "winner": winner,
        "vp": vp,
        "index_side": "red",
        "seats": seats,
        "actions": actions,
        "turns": turns,
        "seconds": 2.0,
        "failure": {"kind": "exception", "message": "boom"} if status == "failed" else None,
        "record": f"games/{index}.json",
    }


def test_summarize_counts_wins_draws_points_and_sets_aside_unfinished_and_failed() -> None:
    outcomes = [
        _game(0, "red", 3, actions=100, turns=6),
        _game(1, "blue", -2, labels=("B", "A"), actions=200, turns=4),
        _game(2, None, 0, actions=300, turns=6),
        _game(3, "red", 1, labels=("B", "A"), actions=400, turns=5),
        _game(4, None, None, status="unfinished", actions=50, turns=1),
        _game(5, None, None, status="failed", actions=10, turns=1),
    ]
    summary = summarize(reversed(outcomes), sides=["red", "blue"], labels=["A", "B"])
    assert (summary["games"], summary["finished"], summary["draws"]) == (6, 4, 1)
    assert (summary["unfinished"], summary["failed"]) == (1, 1)
    red, blue = summary["sides"]["red"], summary["sides"]["blue"]
    assert (red["wins"], red["games"], blue["wins"], blue["games"]) == (2, 4, 1, 4)
    assert red["ci95"] == list(wilson_interval(2, 4))
    assert red["vp"]["mean"] == pytest.approx(0.5) and blue["vp"]["mean"] == pytest.approx(-0.5)
    assert (red["vp"]["min"], red["vp"]["max"]) == (-2, 3)
    a, b = summary["agents"]["A"], summary["agents"]["B"]
    # A: won as red (game 0) and as blue (game 1), drew game 2, lost game 3 as blue
    assert (a["wins"], a["games"], b["wins"], b["games"]) == (2, 4, 1, 4)
    assert a["vp"]["mean"] == pytest.approx((3 + 2 + 0 - 1) / 4)
    assert a["sides"]["red"]["wins"] == 1 and a["sides"]["blue"]["wins"] == 1
    assert summary["length"]["actions"]["mean"] == 250
    assert summary["length"]["turns"]["min"] == 4
    assert summary["failures"] == [
        {"game": 5, "seed": 105, "kind": "exception", "message": "boom", "record": "games/5.json"}
    ]
    speed = summary["speed"]
    assert speed["decisions"] == 1060 and speed["decisions_per_second"] == pytest.approx(1060 / 12)


def test_an_agent_playing_every_side_gets_no_record() -> None:
    outcome = _game(0, "red", 2, labels=("A", "A"))
    summary = summarize([outcome], sides=["red", "blue"], labels=["A"])
    assert summary["agents"] == {}
    assert summary["sides"]["red"]["wins"] == 1
