"""The random-play fuzzer: whole games of random legal actions, looking for bugs.

A game fails on an exception, a dead end (no legal action for any active
role while the game is not over), a broken invariant, or a runaway game
(past the step bound).  Each failure writes a game record that
``greatwar replay`` reproduces.
"""

from __future__ import annotations

import json
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from greatwar.ai.random_agent import RandomAgent
from greatwar.api import load
from greatwar.sim.play import GameFailure, play_game


@dataclass
class Failure:
    game: int
    seed: int
    kind: str
    message: str
    record: Path


@dataclass
class FuzzReport:
    games: int = 0
    actions: int = 0
    #: attacks and clashes whose resolution was held to the preview (greatwar.sim.rulings)
    rulings: int = 0
    failures: list[Failure] = field(default_factory=list)


def game_seed(master: int, index: int) -> int:
    """The seed of game ``index`` of a fuzz run seeded ``master``."""
    return (master * 1_000_003 + index * 7_919) & 0xFFFFFFFF


def fuzz(
    scenario: str,
    games: int,
    seed: int = 0,
    *,
    max_steps: int = 20_000,
    out_dir: Path = Path("fuzz-failures"),
    options: dict[str, Any] | None = None,
    progress: Callable[[int, FuzzReport], None] | None = None,
) -> FuzzReport:
    """Play ``games`` random games of ``scenario``; report and record every failure."""
    game = load(scenario, options or {})
    game.checking = True  # invariants at the moments rules name (end of each phase)
    report = FuzzReport()
    for index in range(games):
        s = game_seed(seed, index)
        agents = {role: RandomAgent(s + n) for n, role in enumerate(game.roles())}
        try:
            played = play_game(game, s, agents, max_steps=max_steps, check_invariants=True)
            report.actions += played.steps
            report.rulings += played.rulings
        except GameFailure as failure:
            path = write_failure(out_dir, scenario, index, failure)
            report.failures.append(Failure(index, s, failure.kind, failure.message, path))
            report.actions += failure.state.version
        report.games += 1
        if progress is not None:
            progress(index + 1, report)
    return report


def write_failure(out_dir: Path, scenario: str, index: int, failure: GameFailure) -> Path:
    """Write the record of a failed game; ``greatwar replay`` reproduces the failure."""
    out_dir.mkdir(parents=True, exist_ok=True)
    record = failure_record(failure, index)
    safe = scenario.replace("/", "-").replace("\\", "-").removesuffix(".toml")
    path = out_dir / f"{safe}-game{index}-seed{record['seed']}.json"
    path.write_text(json.dumps(record, indent=1), encoding="utf-8")
    return path


def failure_record(failure: GameFailure, index: int) -> dict[str, Any]:
    """The record of a failed game with what failed (``failure``: kind, message, game,
    traceback); ``greatwar replay`` reproduces the failure from it."""
    record = failure.record()
    cause = failure.__cause__
    record["failure"] = {
        "kind": failure.kind,
        "message": failure.message,
        "game": index,
        "traceback": traceback.format_exception(cause) if cause else [],
    }
    return record
