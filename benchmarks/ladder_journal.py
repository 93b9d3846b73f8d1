"""A ladder's journal written again from its results file, so that a ladder whose journal
is gone (kept in a temporary folder, as the long ones are) can be played on:

    python benchmarks/ladder_journal.py docs/ladder/LADDER.json /tmp/lad/LADDER.json \
        [--omit 0,1]
    greatwar ladder ... --games N --resume --out /tmp/lad/LADDER.json   # same plan and code

The results file keeps, of each game, what the ladder rates (seed, seats, winner, points,
length, digest) and each agent's seconds (an older file only their mean a game, which each
rebuilt game is given), not the decisions a seat took: a rebuilt game counts its agent's
seconds but no decisions.  The journal's header names the results'
plan and the code that played them (``code``, ``-dirty`` included): ``--resume`` refuses
it unless the tree that resumes is that code (a worktree of that commit, with the same
local change for a ``-dirty`` one).  ``--omit`` leaves games out of the journal to be
played again: their digests, compared with the results file's, check that the tree
plays the same games.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from greatwar.sim import ladder as round_robin


def outcomes_of(
    results: dict[str, Any], plan: round_robin.LadderPlan, omit: set[int]
) -> list[dict[str, Any]]:
    """The results' games as the journal keeps them (but those of ``omit``), each checked
    against the plan's game of its number (its seed and seats)."""
    jobs = {job.index: job for job in round_robin.plan_ladder(plan)}
    found = []
    for line in results["games"]:
        if line["index"] in omit:
            continue
        job = jobs.get(line["index"])
        if job is None or job.seed != line["seed"]:
            raise ValueError(f"game {line['index']} is not the plan's game of that number")
        seats: dict[str, dict[str, Any]] = {}
        for seat in job.seats:
            if line["sides"].get(seat.side) != seat.label:
                raise ValueError(f"game {line['index']}: {seat.side} was not {seat.label}")
            seats[seat.role] = {
                "side": seat.side,
                "agent": seat.agent,
                "label": seat.label,
                "seconds": _seconds(results, line, seat.label),
            }
        outcome = {key: line[key] for key in round_robin.GAME_KEYS}
        outcome.update(seats=seats, digest=line["digest"], failure=None)
        found.append(outcome)
    return found


def _seconds(results: dict[str, Any], line: dict[str, Any], label: str) -> float:
    """The agent's seconds in the game; for a results file that kept none a game (before
    they were kept), its mean a game over the file's games."""
    kept = line.get("seconds")
    if kept is not None:
        return float(kept[label])
    mean = (results.get("thinking") or {}).get(label, {}).get("seconds_per_game")
    return float(mean or 0.0)


def rebuild(results: dict[str, Any], out: Path, games: int, omit: set[int]) -> int:
    """Write the journal of the ladder ``out`` (its ``--out``) from ``results``; the number
    of games kept."""
    plan = round_robin.LadderPlan.from_dict(results, games)
    outcomes = outcomes_of(results, plan, omit)
    journal = round_robin.Journal(round_robin.journal_path(out))
    journal.start(plan, results["code"])
    for outcome in outcomes:
        journal.add(outcome)
    return len(outcomes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", type=Path, help="a ladder's results file")
    parser.add_argument("out", type=Path, help="the --out of the ladder to resume")
    parser.add_argument("--games", type=int, help="games a pairing to play to (default: as many)")
    parser.add_argument("--omit", default="", help="game numbers to play again, e.g. 0,1")
    args = parser.parse_args()
    results = json.loads(args.results.read_text(encoding="utf-8"))
    games = args.games or results["games_per_pairing"]
    omit = {int(n) for n in args.omit.split(",") if n.strip()}
    kept = rebuild(results, args.out, games, omit)
    print(f"{round_robin.journal_path(args.out)}: {kept} games kept, code {results['code']}")


if __name__ == "__main__":
    main()
