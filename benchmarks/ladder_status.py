"""Where a ladder stands, read from its journal while it plays or after it stopped:

    python benchmarks/ladder_status.py /work/ladders/LADDER-games.jsonl [--games N]

prints the plan and the code that plays it (a file that is no journal is refused by
name), each pairing's games played of the ``N`` a
pairing planned (default: the most any pairing has), its record by side (the row agent's
won-drawn-lost playing that side), and the ratings the games so far give, **marked
partial**: a ladder of unequal pairings short of its plan is not a result to quote (the
README quotes a ladder's results file only, issue 19).  ``--pairing A,B`` reads one
pairing alone (two labels of the plan): its games, record and the two agents' ratings,
complete once that pairing has played its ``N`` games — a two-agent ladder of its own,
at the journal's code, while the round robin plays on.  Nothing is played or written.
"""

from __future__ import annotations

import argparse
import itertools
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from greatwar.api import load
from greatwar.sim import ladder as round_robin


def pairing_of(outcome: dict[str, Any]) -> tuple[str, str]:
    """The two agents' labels of a game, in label order."""
    a, b = sorted(round_robin.seat_labels(outcome).values())
    return a, b


def status(
    path: Path, games: int | None = None, pairing: tuple[str, str] | None = None
) -> dict[str, Any]:
    """What :func:`main` prints, as data: the plan, the code, each pairing's games played
    and planned, the win matrix by side and the ratings so far (partial); of one
    ``pairing`` (two labels) alone when given."""
    header, outcomes = round_robin.Journal(path).read()
    if pairing is not None:
        wanted = (min(pairing), max(pairing))
        outcomes = [outcome for outcome in outcomes if pairing_of(outcome) == wanted]
    played = Counter(pairing_of(outcome) for outcome in outcomes)
    planned = games if games is not None else max(played.values(), default=0)
    whole = round_robin.LadderPlan.from_dict(header["plan"], games=planned)
    plan: Any = whole if pairing is None else pairing_plan(whole, pairing, path)
    sides = round_robin.two_sides(load(whole.scenario, whole.options))
    labels = plan.labels
    pairings = [(a, b) if a < b else (b, a) for a, b in itertools.combinations(labels, 2)]
    return {
        "plan": whole.as_dict(),
        "labels": labels,  # (the pairing's alone, when read alone)
        "code": header.get("code"),
        "pairings": [
            {"agents": list(p), "played": played.get(p, 0), "planned": planned} for p in pairings
        ],
        "complete": all(played.get(p, 0) >= planned for p in pairings),
        "counts": round_robin.counts(outcomes),
        "matrix": round_robin.win_matrix(outcomes, labels, sides),
        **round_robin.ratings(outcomes, plan, sides),
    }


@dataclass(frozen=True)
class PairingPlan:
    """One pairing of a plan, as the ratings read a plan: its two labels, their agents
    and the plan's virtual draws."""

    labels: list[str]
    agents: tuple[str, ...]
    prior_draws: float


def pairing_plan(plan: round_robin.LadderPlan, pairing: tuple[str, str], path: Path) -> PairingPlan:
    """The plan of one pairing of ``plan`` (ValueError naming the journal for a label the
    plan has not)."""
    by_label = dict(zip(plan.labels, plan.agents, strict=True))
    if any(label not in by_label for label in pairing) or pairing[0] == pairing[1]:
        raise ValueError(
            f"{path.name}: its agents are {', '.join(plan.labels)};"
            f" no pairing {' v '.join(pairing)}"
        )
    labels = sorted(pairing)
    return PairingPlan(labels, tuple(by_label[label] for label in labels), plan.prior_draws)


def _record(cell: dict[str, float]) -> str:
    return f"{cell['won']:g}-{cell['drawn']:g}-{cell['lost']:g}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("journal", type=Path, help="the ladder's journal (OUT-games.jsonl)")
    parser.add_argument("--games", type=int, default=None, help="games a pairing planned")
    parser.add_argument("--pairing", default=None, help="one pairing alone: two labels, A,B")
    args = parser.parse_args()
    pairing = tuple(args.pairing.split(",")) if args.pairing else None
    if pairing is not None and len(pairing) != 2:
        parser.error("--pairing takes two labels: A,B")
    found = status(args.journal, args.games, pairing)
    plan = found["plan"]
    print(f"{plan['scenario']}: {', '.join(found['labels'])} (code {found['code']})")
    for p in found["pairings"]:
        print(f"  {' v '.join(p['agents'])}: {p['played']} of {p['planned']} games")
    for side, rows in found["matrix"].items():
        for row, cells in rows.items():
            shown = ", ".join(
                f"v {col} {_record(cell)}" for col, cell in cells.items() if cell["games"]
            )
            if shown:
                print(f"  as {side}, {row}: {shown}")
    state = "complete" if found["complete"] else "PARTIAL: not a result to quote"
    print(f"ratings so far ({state}):")
    for r in found["ratings"]:
        low, high = r["elo_ci95"]
        line = f"  {r['label']}: {r['elo']:+.0f} ({low:+.0f} to {high:+.0f})"
        lead = r["above_next"]
        if lead is not None:
            d_low, d_high = lead["elo_ci95"]
            line += f"; over {lead['label']} {lead['elo']:+.0f} ({d_low:+.0f} to {d_high:+.0f})"
        print(line)
    if found["fit_error"]:
        print(f"  no fit: {found['fit_error']}")


if __name__ == "__main__":
    main()
