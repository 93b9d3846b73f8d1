"""The statistics of a batch of games: win rates with confidence intervals, spreads.

:func:`summarize` turns the outcomes of :mod:`greatwar.sim.simulate` (one
JSON-able dict per game) into the summary that ``greatwar simulate`` prints
and saves.  It is a pure function of the outcomes, so a run's summary can be
rebuilt from its ``results.jsonl``; only the ``speed`` part depends on the
machine.

Readings:

* a win rate counts finished games only (draws count as games not won);
  games cut short by ``--max-actions`` (*unfinished*) and games that failed
  are counted apart;
* victory points are the scenario's one index (``vp`` in a result, counted
  for the victory conditions' ``index_side``); a side's points are the index
  from its point of view: the index for the index side, its negative for the
  other;
* an agent's record counts the games in which it played exactly one side
  (an agent named once for every side plays against itself: no record).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

#: the normal quantile of a two-sided 95% interval
Z95 = 1.959963984540054

Outcome = dict[str, Any]


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) for no trials."""
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes} of {trials}")
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z / (1 + z2 / trials) * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Spread:
    """Mean, sample standard deviation, least and greatest of some numbers."""

    n: int
    mean: float | None
    sd: float | None
    min: float | None
    max: float | None

    @classmethod
    def of(cls, values: Iterable[float]) -> Spread:
        xs = list(values)
        if not xs:
            return cls(0, None, None, None, None)
        mean = math.fsum(xs) / len(xs)
        var = math.fsum((x - mean) ** 2 for x in xs) / (len(xs) - 1) if len(xs) > 1 else 0.0
        return cls(len(xs), mean, math.sqrt(var), min(xs), max(xs))

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class WinRate:
    """Games won of games decided or drawn, with the 95% Wilson interval."""

    wins: int
    games: int

    @property
    def rate(self) -> float | None:
        return self.wins / self.games if self.games else None

    def as_dict(self) -> dict[str, Any]:
        low, high = wilson_interval(self.wins, self.games)
        return {"wins": self.wins, "games": self.games, "rate": self.rate, "ci95": [low, high]}


def side_vp(outcome: Outcome, side: str) -> float:
    """The game's victory points from ``side``'s point of view."""
    vp: float = outcome["vp"]
    return vp if side == outcome["index_side"] else -vp


def agent_sides(outcome: Outcome) -> dict[str, set[str]]:
    """Each agent label of the game -> the sides its seats belong to."""
    sides: dict[str, set[str]] = {}
    for seat in outcome["seats"].values():
        sides.setdefault(seat["label"], set()).add(seat["side"])
    return sides


def _record(games: Sequence[tuple[Outcome, str]]) -> dict[str, Any]:
    """Win rate and victory points over ``(outcome, side played)`` pairs."""
    wins = sum(1 for o, side in games if o["winner"] == side)
    vps = [side_vp(o, side) for o, side in games if o["vp"] is not None]
    return {**WinRate(wins, len(games)).as_dict(), "vp": Spread.of(vps).as_dict()}


def side_records(finished: Sequence[Outcome], sides: Sequence[str]) -> dict[str, Any]:
    """Per side: its win rate and victory points over the finished games."""
    return {side: _record([(o, side) for o in finished]) for side in sides}


def agent_records(finished: Sequence[Outcome], labels: Sequence[str]) -> dict[str, Any]:
    """Per agent label: its record overall and on each side, over the finished games in
    which it played exactly one side."""
    out: dict[str, Any] = {}
    for label in labels:
        played = [(o, s) for o in finished for s in [agent_sides(o).get(label, set())]]
        games = [(o, next(iter(s))) for o, s in played if len(s) == 1]
        if not games:
            continue
        by_side = sorted({side for _, side in games})
        out[label] = {
            **_record(games),
            "sides": {side: _record([g for g in games if g[1] == side]) for side in by_side},
        }
    return out


def speed(outcomes: Sequence[Outcome], wall_seconds: float | None) -> dict[str, Any]:
    """Decisions per second overall (per worker) and per agent; games per wall second."""
    decisions = sum(o["actions"] for o in outcomes)
    seconds = math.fsum(o["seconds"] for o in outcomes)
    per_agent: dict[str, list[float]] = {}
    for o in outcomes:
        for seat in o["seats"].values():
            tally = per_agent.setdefault(seat["label"], [0, 0.0])
            tally[0] += seat["decisions"]
            tally[1] += seat["seconds"]
    return {
        "wall_seconds": wall_seconds,
        "games_per_second": len(outcomes) / wall_seconds if wall_seconds else None,
        "decisions": decisions,
        "decisions_per_second": decisions / seconds if seconds else None,
        "agents": {
            label: {"decisions": n, "decisions_per_second": n / t if t else None}
            for label, (n, t) in sorted(per_agent.items())
        },
    }


def summarize(
    outcomes: Iterable[Outcome],
    *,
    sides: Sequence[str],
    labels: Sequence[str],
    wall_seconds: float | None = None,
) -> dict[str, Any]:
    """The summary of a batch: counts, win rates per side and per agent, victory points,
    game length and speed.  ``sides`` and ``labels`` fix the order of the tables."""
    games = sorted(outcomes, key=lambda o: o["index"])
    finished = [o for o in games if o["status"] == "finished"]
    failed = [o for o in games if o["status"] == "failed"]
    return {
        "games": len(games),
        "finished": len(finished),
        "unfinished": sum(1 for o in games if o["status"] == "unfinished"),
        "failed": len(failed),
        "draws": sum(1 for o in finished if o["winner"] is None),
        "sides": side_records(finished, sides),
        "agents": agent_records(finished, labels),
        "length": {
            "actions": Spread.of(o["actions"] for o in finished).as_dict(),
            "turns": Spread.of(o["turns"] for o in finished).as_dict(),
        },
        "failures": [
            {
                "game": o["index"],
                "seed": o["seed"],
                "kind": o["failure"]["kind"],
                "message": o["failure"]["message"],
                "record": o.get("record"),
            }
            for o in failed
        ],
        "speed": speed(games, wall_seconds),
    }
