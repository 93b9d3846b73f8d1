"""Long random-play runs of a game under each setting of its options (measured, never
asserted; the short runs are tests):

    python benchmarks/fuzz_options.py --scenario gwite/brusilov-teaching --games 300

plays ``--games`` random games with every option at its default, then with each option
switched from its default, then with all switched at once (options that exclude each
other taken in turn), and prints one line per setting: games, failures, rulings
resolved as previewed.  Failed games are recorded under ``--out``.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

import greatwar
from greatwar.sim.fuzz import fuzz


def settings(scenario: str) -> list[tuple[str, dict[str, Any]]]:
    """Every setting to fuzz: defaults, each boolean option switched, all switched."""
    game = greatwar.load(scenario)
    specs = game.system.options_for(game.scenario)
    flags = sorted(n for n, s in specs.items() if isinstance(s.default, bool))
    out: list[tuple[str, dict[str, Any]]] = [("defaults", {})]
    out += [(f"{n}={not specs[n].default}", {n: not specs[n].default}) for n in flags]
    every = {n: not specs[n].default for n in flags}
    effects = game.scenario.file.option_effects
    exclusive = sorted(
        {n for n, e in effects.items() for x in e.excludes if every.get(n) and every.get(x)}
        | {x for n, e in effects.items() for x in e.excludes if every.get(n) and every.get(x)}
    )
    if not exclusive:
        return [*out, ("all switched", every)]
    for keep in exclusive:  # options that exclude each other: one of them at a time
        chosen = {**every, **{n: False for n in exclusive if n != keep}}
        out.append((f"all switched ({keep})", chosen))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenario", default="gwite/brusilov-teaching")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("fuzz-failures"))
    args = parser.parse_args()
    table = Table(title=f"random play of {args.scenario}, {args.games} games a setting")
    for column in ("setting", "games", "failures", "rulings as previewed"):
        table.add_column(column)
    runs = settings(args.scenario)
    with Progress() as progress:
        task = progress.add_task("settings", total=len(runs))
        for label, options in runs:
            report = fuzz(args.scenario, args.games, args.seed, out_dir=args.out, options=options)
            table.add_row(label, str(report.games), str(len(report.failures)), str(report.rulings))
            progress.advance(task)
    Console().print(table)


if __name__ == "__main__":
    main()
