"""A searching agent against the heuristic, playing each side in turn: win rates (measured,
never asserted).

    python benchmarks/search_match.py --scenario gwite/teaching --agent rollout --games 10

At 2 s a decision a game would take hours on this machine, so the searching agent gets an
iteration budget and thinks only about the decisions that matter (``FOCUS``: where units
go, combat, retreats, cards, clashes, reserves ...) and takes the heuristic agent's pick
elsewhere; the defaults are what the closing note of issue 6 reports. Each finished game
prints one JSON line, then a summary line; ``--workers`` plays games in parallel.
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from typing import Any

import greatwar
from greatwar.ai import Budget, HeuristicAgent
from greatwar.ai.base import Agent
from greatwar.ai.rollout import DECISIVE, RolloutAgent, RolloutSettings
from greatwar.ai.search import SearchAgent, Settings
from greatwar.sim.play import GameFailure, play_game

#: the decisions searched, per rule system (the rest are the heuristic's): the rollout
#: agent's own choice of the decisions that matter
FOCUS = DECISIVE
#: tree iterations a searched decision for ``search``
SEARCH_ITERATIONS = 40
#: rollouts a searched decision for ``rollout``, and its settings per rule system:
#: Tannenberg's actions are finer (some 1,600 a game against GWitE's 500) and three times
#: slower, so its rollouts are shorter and fewer
ROLLOUT = {
    "gwite": RolloutSettings(horizon=150, margin=0.1),
    "tannenberg": RolloutSettings(horizon=40, margin=0.0),
}
ROLLOUT_ITERATIONS = {"gwite": 6, "tannenberg": 4}


@dataclass(frozen=True)
class Searcher:
    """The searching agent of a match: ``rollout`` (rollouts of the heuristic) or ``search``
    (tree search), with an iteration budget, thinking only about decisions offering
    ``focus`` kinds (every decision when None); for ``rollout``, its horizon and margin
    when given (else the measured ones of the rule system)."""

    kind: str
    iterations: int
    focus: frozenset[str] | None
    horizon: int | None = None
    margin: float | None = None

    def make(self, seed: int, system: str) -> Agent:
        budget = Budget(iterations=self.iterations)
        if self.kind == "search":
            return SearchAgent(seed, budget, settings=Settings(focus=self.focus))
        # the focus says what to think about (None: every decision)
        base = ROLLOUT.get(system, RolloutSettings())
        settings = replace(base, focus=self.focus, decisive_only=False)
        if self.horizon is not None:
            settings = replace(settings, horizon=self.horizon)
        if self.margin is not None:
            settings = replace(settings, margin=self.margin)
        return RolloutAgent(seed, budget, settings=settings)


def play_one(scenario: str, seed: int, searcher: str, agent: Searcher) -> dict[str, Any]:
    """One game with the searching agent on every seat of side ``searcher``."""
    game = greatwar.load(scenario)
    agents: dict[str, Agent] = {}
    for n, role in enumerate(game.roles()):
        if role.startswith(searcher):
            agents[role] = agent.make(seed + n, game.system.name)
        else:
            agents[role] = HeuristicAgent(seed + n)
    start = time.perf_counter()
    try:
        played = play_game(game, seed, agents)
    except GameFailure as exc:
        return {"seed": seed, "search_side": searcher, "error": str(exc)}
    result = played.state.result() or {}
    return {
        "scenario": scenario,
        "agent": agent.kind,
        "seed": seed,
        "search_side": searcher,
        "winner": result.get("winner"),
        "search_won": result.get("winner") == searcher,
        "vp": result.get("vp"),
        "result": result.get("summary") or result.get("level"),
        "steps": played.steps,
        "searched": sum(getattr(a, "searched", 0) for a in agents.values()),
        "overruled": sum(getattr(a, "overruled", 0) for a in agents.values()),
        "seconds": round(time.perf_counter() - start, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--scenario", default="gwite/teaching")
    parser.add_argument("--agent", choices=["rollout", "search"], default="rollout")
    parser.add_argument("--games", type=int, default=6, help="games per side")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, help="per searched decision")
    parser.add_argument("--all-decisions", action="store_true", help="search every decision")
    parser.add_argument("--sides", help="only these sides (comma-separated)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--horizon", type=int, help="rollout length (rollout agent)")
    parser.add_argument("--margin", type=float, help="how much better to overrule (rollout)")
    args = parser.parse_args()
    game = greatwar.load(args.scenario)
    focus = None if args.all_decisions else FOCUS.get(game.system.name)
    iterations = args.iterations or (
        ROLLOUT_ITERATIONS.get(game.system.name, 6)
        if args.agent == "rollout"
        else SEARCH_ITERATIONS
    )
    sides = args.sides.split(",") if args.sides else [s.id for s in game.scenario.sides]
    agent = Searcher(args.agent, iterations, focus, args.horizon, args.margin)
    jobs = [
        (args.scenario, args.seed + n, side, agent) for n in range(args.games) for side in sides
    ]
    wins = dict.fromkeys(sides, 0)
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for row in pool.map(_play, jobs):
            wins[row["search_side"]] += bool(row.get("search_won"))
            print(json.dumps(row), flush=True)
    summary = {side: f"{wins[side]}/{args.games}" for side in sides}
    print(
        json.dumps({"search_wins_by_side": summary, "agent": args.agent, "iterations": iterations})
    )


def _play(job: tuple[Any, ...]) -> dict[str, Any]:
    return play_one(*job)


if __name__ == "__main__":
    main()
