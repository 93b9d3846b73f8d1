"""Search against the heuristic, playing each side in turn: win rates (measured, never
asserted). ``python benchmarks/search_match.py --scenario gwite/teaching --games 6``.

At 2 s a decision a game would take hours on this machine, so the search agent here gets an
iteration budget and searches only the decisions that matter (``--focus``: combat, retreats,
cards, clashes, reserve ...) and leaves the rest to the heuristic agent; the defaults are
what the closing note of issue 6 reports. Each finished game prints one JSON line.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import greatwar
from greatwar.ai import Budget, HeuristicAgent
from greatwar.ai.base import Agent
from greatwar.ai.rollout import RolloutAgent, RolloutSettings
from greatwar.ai.search import SearchAgent, Settings
from greatwar.sim.play import GameFailure, play_game

#: decisions searched by default, per rule system (the rest are the heuristic's)
FOCUS = {
    "gwite": frozenset(
        {"declare", "add_attacker", "resolve", "retreat", "option", "advance", "occupy"}
    ),
    "tannenberg": frozenset(
        {"card", "clash", "fight", "flee", "pursue", "stay", "escape", "react", "shell", "fire"}
    ),
}


def search_side_label(game: greatwar.Game, searcher: str) -> str:
    return ",".join(r for r in game.roles() if r.startswith(searcher))


def searching_agent(kind: str, seed: int, iterations: int, focus: frozenset[str] | None) -> Agent:
    """The ``search`` (tree search) or ``rollout`` agent with an iteration budget."""
    budget = Budget(iterations=iterations)
    if kind == "rollout":
        return RolloutAgent(seed, budget, settings=RolloutSettings(focus=focus))
    return SearchAgent(seed, budget, settings=Settings(focus=focus))


def play_one(
    scenario: str,
    seed: int,
    searcher: str,
    iterations: int,
    focus: frozenset[str] | None,
    kind: str = "search",
) -> dict[str, Any]:
    """One game with the searching agent on every seat of side ``searcher``."""
    game = greatwar.load(scenario)
    agents: dict[str, Agent] = {}
    for n, role in enumerate(game.roles()):
        if role.startswith(searcher):
            agents[role] = searching_agent(kind, seed + n, iterations, focus)
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
        "seed": seed,
        "search_side": searcher,
        "winner": result.get("winner"),
        "search_won": result.get("winner") == searcher,
        "vp": result.get("vp"),
        "steps": played.steps,
        "searched": sum(getattr(a, "searched", 0) for a in agents.values()),
        "overruled": sum(getattr(a, "overruled", 0) for a in agents.values()),
        "seconds": round(time.perf_counter() - start, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--scenario", default="gwite/teaching")
    parser.add_argument("--games", type=int, default=6, help="games per side")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=40)
    parser.add_argument("--all-decisions", action="store_true", help="search every decision")
    parser.add_argument("--agent", choices=["search", "rollout"], default="search")
    parser.add_argument("--sides", help="only these sides (comma-separated)")
    args = parser.parse_args()
    game = greatwar.load(args.scenario)
    focus = None if args.all_decisions else FOCUS.get(game.system.name)
    sides = args.sides.split(",") if args.sides else [s.id for s in game.scenario.sides]
    wins = dict.fromkeys(sides, 0)
    for n in range(args.games):
        for side in sides:
            row = play_one(args.scenario, args.seed + n, side, args.iterations, focus, args.agent)
            wins[side] += bool(row.get("search_won"))
            print(json.dumps(row), flush=True)
    summary = {side: f"{wins[side]}/{args.games}" for side in sides}
    print(json.dumps({"search_wins_by_side": summary, "iterations": args.iterations}))


if __name__ == "__main__":
    main()
