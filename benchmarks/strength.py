"""Playing strength, measured (never asserted): an agent against another, each side in
turn, with its win rate on each side and the target it is measured against.

    python benchmarks/strength.py --scenario gwite/brusilov-teaching --games 50

plays ``--games`` pairs (``greatwar simulate --swap-sides``: 2 x games games) of
``--agent`` against ``--opponent`` and prints, per side, how often the agent won, with
its 95% interval, beside the target (issue 12: the heuristic agent beats the random one
on each side in at least 90% of 100 games).  ``--option NAME=VALUE`` sets rule options.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from rich.console import Console
from rich.table import Table


def measure(args: argparse.Namespace, out: Path) -> dict:
    command = [
        sys.executable,
        "-c",
        "from greatwar.cli import main; main()",
        "simulate",
        args.scenario,
        "--games",
        str(args.games),
        "--agents",
        f"{args.agent},{args.opponent}",
        "--swap-sides",
        "--seed",
        str(args.seed),
        "--out",
        str(out),
        "--json",
    ]
    for option in args.option:
        command += ["--option", option]
    done = subprocess.run(command, check=True, capture_output=True, text=True)
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenario", default="gwite/brusilov-teaching")
    parser.add_argument("--games", type=int, default=50, help="pairs of games (sides swapped)")
    parser.add_argument("--agent", default="heuristic")
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--target", type=float, default=0.9)
    parser.add_argument("--option", action="append", default=[])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        summary = measure(args, Path(tmp) / "run")
    sides = summary["agents"][args.agent]["sides"]
    table = Table(title=f"{args.agent} against {args.opponent}: {args.scenario} {args.option}")
    for column in ("side", "games", "wins", "rate", "95% interval", f"target {args.target:.0%}"):
        table.add_column(column)
    for side, row in sorted(sides.items()):
        low, high = row["ci95"]
        table.add_row(
            side,
            str(row["games"]),
            str(row["wins"]),
            f"{row['rate']:.0%}",
            f"{low:.0%}-{high:.0%}",
            "met" if row["rate"] >= args.target else "NOT met",
        )
    Console().print(table)
    print(f"failed games: {summary['failed']}, unfinished: {summary['unfinished']}")


if __name__ == "__main__":
    main()
