"""Where random play spends its time, by kind of action (measured, never asserted):

    python benchmarks/by_action.py --scenario gwite/teaching --games 6

plays the random games of ``benchmarks/figures.py``'s random-play figure (the same seeds)
and charges each step's CPU time (the acting seat's legal actions, its choice, the
action applied and everything the engine then runs until someone must act) to the kind
of the frame it was taken in and the action's type.  Issue 18's figures say how fast;
this says which actions cost: a ``movement end_segment`` that runs the rest of a
player-turn, or an attack declared and taken back, costs many times a move.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter, defaultdict
from dataclasses import dataclass

from figures import RandomGame  # benchmarks/ is on sys.path when run as a script
from rich.console import Console
from rich.table import Table

import greatwar


@dataclass(frozen=True)
class Row:
    """One kind of action: where it was taken (the top frame's kind), its type, how many
    were taken and their CPU seconds."""

    frame: str
    action: str
    count: int
    seconds: float

    @property
    def micros(self) -> float:
        """CPU microseconds per action of this kind."""
        return self.seconds / self.count * 1e6


def by_action(scenario: str, games: int, limit: int = 0) -> list[Row]:
    """Random games of ``scenario`` (seeds as the random-play figure's), up to ``limit``
    actions each (0: to the end): each kind of action with its count and CPU seconds,
    dearest first."""
    game = greatwar.load(scenario)
    seconds: defaultdict[tuple[str, str], float] = defaultdict(float)
    counts: Counter[tuple[str, str]] = Counter()
    for g in range(games):
        played = RandomGame.start(game, g)
        state = played.state
        steps = 0
        while not state.is_over() and not (limit and steps >= limit):
            start = time.process_time()
            role, action = played.choose()
            top = state.top()
            key = (str(top["kind"]) if top is not None else "-", str(action.get("type")))
            state.apply(role, action)
            seconds[key] += time.process_time() - start
            counts[key] += 1
            steps += 1
    rows = [Row(f, a, counts[(f, a)], s) for (f, a), s in seconds.items()]
    return sorted(rows, key=lambda r: r.seconds, reverse=True)


def table(rows: list[Row], top: int) -> Table:
    total = sum(r.seconds for r in rows) or 1.0
    actions = sum(r.count for r in rows) or 1
    out = Table(
        title=f"{actions} actions, {total / actions * 1e6:,.0f} CPU-µs each on average",
        caption="share: of all the steps' CPU time; a step is the seat's legal actions, its"
        " choice and the action applied with all the engine then runs",
    )
    for name in ("where", "action", "count", "share", "µs each"):
        out.add_column(name, justify="left" if name in ("where", "action") else "right")
    for r in rows[:top]:
        out.add_row(
            r.frame, r.action, f"{r.count:,}", f"{r.seconds / total:.1%}", f"{r.micros:,.0f}"
        )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenario", default="gwite/teaching")
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--limit", type=int, default=0, help="actions a game at most (0: all)")
    parser.add_argument("--top", type=int, default=20)
    args = parser.parse_args()
    rows = by_action(args.scenario, args.games, args.limit)
    Console().print(table(rows, args.top))


if __name__ == "__main__":
    main()
