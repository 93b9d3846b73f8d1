"""Playing strength against think time (issue 19), measured, never asserted.

    python benchmarks/think_time.py --scenario gwite/teaching --agent rollout \\
        --iterations 1,2,4 --games 4 --out docs/think-time-gwite.json \\
        --plot docs/think-time-gwite.png

plays each ``--agent`` (``rollout``, ``planner``: the agents that think) at each budget of
``--iterations`` (rollouts a searched decision, playouts a plan: iteration budgets make
the games reproducible, where a time budget would not) against the heuristic agent,
``--games`` games a point, sides swapped game by game (``greatwar simulate
--swap-sides``: both games of a pair have the same seed).  Each point's think time is
what it took on this machine: the thinking agent's seconds over its decisions, and over
its games (the play loop's clock: a decision's time includes applying it).  It prints
every point (won-drawn-lost on each side, the win rate with its Wilson 95% interval,
the think time), writes them to ``--out`` (JSON, with the command and the commit;
``--from-results A.json --from-results B.json --out C.json`` merges runs, each point
keeping its command and commit) and
plots the win rate with its interval against the think time a game to ``--plot`` (a
game's time, not a decision's: the planner thinks once a player-turn, the rollout agent
at each decision that matters, so only their time over a game compares).
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import tempfile
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from greatwar.api import load
from greatwar.sim.backends import make_backend
from greatwar.sim.ladder import code_version
from greatwar.sim.simulate import Plan, simulate
from greatwar.sim.stats import wilson_interval


def point(
    scenario: str, agent: str, iterations: int, games: int, seed: int, workers: int
) -> dict[str, Any]:
    """One budget of one agent against the heuristic: its games' results and times."""
    plan = Plan(
        scenario=scenario,
        games=max(1, games // 2),
        agents=(agent, "heuristic"),
        seed=seed,
        swap_sides=True,
        iterations=iterations,
    )
    with tempfile.TemporaryDirectory() as tmp, Progress() as progress:
        task = progress.add_task(f"{agent} at {iterations} iterations", total=plan.games * 2)
        run = simulate(
            plan,
            make_backend(workers),
            Path(tmp) / "run",
            on_game=lambda outcome, done, total: progress.advance(task),
        )
    return summarise(run.outcomes, agent, iterations)


def summarise(outcomes: list[dict[str, Any]], agent: str, iterations: int) -> dict[str, Any]:
    sides: dict[str, dict[str, int]] = {}
    decisions = seconds = 0.0
    games = []
    for o in outcomes:
        seats = [s for s in o["seats"].values() if s["agent"] == agent]
        side = seats[0]["side"]
        decisions += sum(s["decisions"] for s in seats)
        seconds += sum(s["seconds"] for s in seats)
        cell = sides.setdefault(side, {"won": 0, "drawn": 0, "lost": 0, "failed": 0})
        if o["status"] != "finished":
            cell["failed"] += 1
        elif o["winner"] is None:
            cell["drawn"] += 1
        else:
            cell["won" if o["winner"] == side else "lost"] += 1
        games.append(
            {"seed": o["seed"], "side": side, "winner": o["winner"], "status": o["status"]}
        )
    total = {k: sum(c[k] for c in sides.values()) for k in ("won", "drawn", "lost", "failed")}
    played = total["won"] + total["drawn"] + total["lost"]
    return {
        "agent": agent,
        "iterations": iterations,
        "sides": sides,
        "total": total,
        "games": played,
        "win_rate": total["won"] / played if played else None,
        "ci95": list(wilson_interval(total["won"], played)) if played else None,
        "seconds_a_decision": seconds / decisions if decisions else None,
        "seconds_a_game": seconds / len(outcomes) if outcomes else None,
        "played": games,
    }


def label(point: dict[str, Any]) -> str:
    """A point's series: its ``label`` if it has one, else its agent."""
    return str(point.get("label") or point["agent"])


def table_of(points: list[dict[str, Any]], scenario: str) -> Table:
    table = Table(title=f"the thinking agents against the heuristic: {scenario}")
    for column in (
        "agent",
        "iterations",
        "s a decision",
        "s a game",
        "games",
        "won-drawn-lost by side",
        "win rate (95%)",
    ):
        table.add_column(column)
    for p in points:
        by_side = "; ".join(
            f"{side} {c['won']}-{c['drawn']}-{c['lost']}"
            + (f" ({c['failed']} failed)" if c["failed"] else "")
            for side, c in sorted(p["sides"].items())
        )
        low, high = p["ci95"] or (0.0, 0.0)
        table.add_row(
            label(p),
            str(p["iterations"]),
            f"{p['seconds_a_decision']:.2f}",
            f"{p['seconds_a_game']:.0f}",
            str(p["games"]),
            by_side,
            f"{p['win_rate']:.0%} ({low:.0%}-{high:.0%})" if p["games"] else "-",
        )
    return table


def plot(points: list[dict[str, Any]], scenario: str, path: Path) -> None:
    import matplotlib
    import matplotlib.ticker

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.6))
    for agent in dict.fromkeys(label(p) for p in points):
        mine = [p for p in points if label(p) == agent and p["games"]]
        x = [p["seconds_a_game"] for p in mine]
        y = [p["win_rate"] for p in mine]
        low = [p["win_rate"] - p["ci95"][0] for p in mine]
        high = [p["ci95"][1] - p["win_rate"] for p in mine]
        games = sorted({p["games"] for p in mine})
        name = f"{agent} ({'/'.join(map(str, games))} games a point)"
        ax.errorbar(x, y, yerr=[low, high], marker="o", capsize=4, label=name)
        for p, xi, yi in zip(mine, x, y, strict=True):
            ax.annotate(
                f"{p['iterations']}",
                (xi, yi),
                textcoords="offset points",
                xytext=(6, 6),
                fontsize=8,
            )
    ax.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")
    ax.set_xscale("log")
    seconds = [p["seconds_a_game"] for p in points if p["games"]]
    ticks = [
        t
        for t in (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000)
        if t >= min(seconds) / 2 and t <= max(seconds) * 2
    ]
    ax.xaxis.set_minor_formatter(matplotlib.ticker.NullFormatter())
    ax.set_xticks(ticks, [f"{t:g}" for t in ticks])
    ax.set_ylim(0, 1)
    ax.set_xlabel(
        "think time: the agent's seconds a game (all its decisions, this machine); "
        "numbers: iterations"
    )
    ax.set_ylabel("win rate against the heuristic (95% Wilson)")
    ax.set_title(f"Strength against think time: {scenario}, both sides")
    ax.legend(loc="upper left")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def this_command() -> str:
    return "python benchmarks/think_time.py " + shlex.join(sys.argv[1:])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenario", default="gwite/teaching")
    parser.add_argument("--agent", action="append", help="rollout, planner (repeatable)")
    parser.add_argument("--iterations", default="1,2,4", help="budgets, comma-separated")
    parser.add_argument("--games", type=int, default=4, help="games a point (even: sides swapped)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="0: this process")
    parser.add_argument("--out", type=Path, help="results (JSON)")
    parser.add_argument("--plot", type=Path, help="the plot (PNG)")
    parser.add_argument("--label", help="the series' name in the plot (default: the agent)")
    parser.add_argument(
        "--from-results", type=Path, action="append", help="redraw from results (repeatable)"
    )
    args = parser.parse_args()
    console = Console(width=max(Console().width, 120))
    if args.from_results:
        runs = [json.loads(path.read_text(encoding="utf-8")) for path in args.from_results]
        scenario = runs[0]["scenario"]
        if any(run["scenario"] != scenario for run in runs):
            parser.error("the results files are of different scenarios")
        points = [
            dict(p, command=run["command"], code=run["code"]) for run in runs for p in run["points"]
        ]
        if args.out:
            saved = {"command": this_command(), "code": None, "scenario": scenario}
            args.out.write_text(json.dumps({**saved, "points": points}, indent=1), "utf-8")
    else:
        load(args.scenario, {})  # refuse an unknown scenario before playing
        scenario = args.scenario
        points = []
        for agent in args.agent or ["rollout"]:
            for n in (int(i) for i in args.iterations.split(",")):
                points.append(point(scenario, agent, n, args.games, args.seed, args.workers))
                if args.label:
                    points[-1]["label"] = f"{agent}, {args.label}"
                console.print(table_of(points[-1:], scenario))
        if args.out:
            saved = {"command": this_command(), "code": code_version(), "scenario": scenario}
            args.out.write_text(json.dumps({**saved, "points": points}, indent=1), "utf-8")
    console.print(table_of(points, scenario))
    if args.plot:
        plot(points, scenario, args.plot)
        console.print(f"plot written to {args.plot}")


if __name__ == "__main__":
    main()
