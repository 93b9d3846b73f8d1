"""One side of a ladder's games played again by another agent, against the same opponent
on the same seeds (measured, never asserted):

    python benchmarks/paired_side.py docs/ladder/LADDER.json --side german \
        --agent planner --instead rollout --iterations 4 --out paired.json

takes the games of a ladder's results file in which ``--agent`` played ``--side``, plays
each again (its seed, its seats, the opponent's agent and budget, the opponent's agent
seed) with ``--instead`` on that side, and prints how often each won there, the games
only one of them won, and the two-sided sign test of those.  It says what the agent adds
on a side against the ladder's opponent, apart from how the scenario favours the side
between equal players (what a swapped-sides ladder mixes in).  ``--workers`` games at
once, ``--limit`` the first few only.  The opponent's decisions differ once the
position does: the same opponent and dice seed, not the same game.
"""

from __future__ import annotations

import argparse
import json
from concurrent.futures import ProcessPoolExecutor
from math import comb
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import Progress

from greatwar.sim.simulate import GameJob, Seat, run_job


def games_of(results: dict[str, Any], side: str, agent: str) -> list[dict[str, Any]]:
    """The ladder's games in which ``agent`` played ``side``."""
    return [g for g in results["games"] if g["sides"].get(side) == agent]


def job_for(results: dict[str, Any], game: dict[str, Any], side: str, instead: str) -> GameJob:
    """The game again with ``instead`` on ``side`` (seats in the ladder's order)."""
    budgets = results.get("agent_iterations") or {}
    seats = []
    for role, agent in game["sides"].items():
        name = instead if role == side else agent
        seats.append(Seat(role, role, name, name, iterations=budgets.get(name)))
    return GameJob(
        index=game["index"],
        pair=game["pair"],
        swapped=game["swapped"],
        scenario=results["scenario"],
        options=results.get("options") or {},
        seed=game["seed"],
        seats=tuple(seats),
    )


def sign_test(only_first: int, only_second: int) -> float:
    """Two-sided sign test of the games only one of two agents won."""
    n = only_first + only_second
    if n == 0:
        return 1.0
    tail: float = sum(comb(n, k) for k in range(min(only_first, only_second) + 1)) / 2**n
    return min(1.0, 2 * tail)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", type=Path)
    parser.add_argument("--side", required=True)
    parser.add_argument("--agent", required=True, help="the ladder's agent on that side")
    parser.add_argument("--instead", required=True, help="the agent that plays it again")
    parser.add_argument("--iterations", type=int, default=None, help="--instead's budget")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--limit", type=int, default=0, help="the first N games only")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    results = json.loads(args.results.read_text(encoding="utf-8"))
    if args.iterations is not None:
        results.setdefault("agent_iterations", {})[args.instead] = args.iterations
    games = games_of(results, args.side, args.agent)[: args.limit or None]
    jobs = [job_for(results, g, args.side, args.instead) for g in games]
    outcomes: dict[int, dict[str, Any]] = {}
    with Progress() as progress, ProcessPoolExecutor(args.workers) as pool:
        task = progress.add_task(f"{args.instead} as {args.side}", total=len(jobs))
        for outcome in pool.map(run_job, jobs):
            outcomes[outcome["index"]] = outcome
            progress.advance(task)
    rows = []
    for g in games:
        again = outcomes[g["index"]]
        rows.append(
            {
                "index": g["index"],
                "seed": g["seed"],
                args.agent: g["winner"],
                args.instead: again["winner"],
                "status": again["status"],
                "turns": again["turns"],
                "result": again.get("result"),
            }
        )
    first = sum(r[args.agent] == args.side for r in rows)
    second = sum(r[args.instead] == args.side for r in rows)
    only_first = sum(r[args.agent] == args.side != r[args.instead] for r in rows)
    only_second = sum(r[args.instead] == args.side != r[args.agent] for r in rows)
    summary = {
        "command": "python benchmarks/paired_side.py "
        + " ".join(f"{k}={v}" for k, v in vars(args).items()),
        "side": args.side,
        "games": len(rows),
        "wins": {args.agent: first, args.instead: second},
        "only": {args.agent: only_first, args.instead: only_second},
        "sign_test_p": sign_test(only_first, only_second),
        "rows": rows,
    }
    Console().print(
        f"{len(rows)} games as {args.side}: {args.agent} won {first}, {args.instead} {second};"
        f" only {args.agent} {only_first}, only {args.instead} {only_second}"
        f" (sign test p = {summary['sign_test_p']:.3f})"
    )
    if args.out:
        args.out.write_text(json.dumps(summary, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
