"""The hash of every view of every seat along fixed random games (issue 18: cheaper views
must show the same).

``python benchmarks/view_hashes.py [--games N] [--steps S] [--fresh]`` plays ``N`` random
games of each scenario of :data:`GAMES` (each seat choosing at random among its legal
actions, up to ``S`` actions a game), asks ``state.view(role)`` of every seat after every
action, and prints one line of JSON per scenario: the number of views and the SHA-256 of
their canonical JSON in order.  Run it with ``PYTHONPATH`` naming two trees (a baseline
and the current tree): equal hashes, the same views.  ``--fresh`` also checks each view
against the one a fresh copy of the state (read back from its JSON: no memo, no log view
kept) shows, and fails at the first difference.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from typing import Any

import greatwar
from greatwar.engine.state import State

#: (scenario, options): the teaching scenarios of both systems and an exclusive game's,
#: with the hidden information it may have
GAMES: list[tuple[str, dict[str, Any]]] = [
    ("gwite/teaching", {}),
    ("tannenberg/teaching", {}),
    ("gwite/hindenburg-teaching", {"hidden_movement": True}),
    ("gwite/caporetto-teaching", {}),
]


def canonical(view: dict[str, Any]) -> bytes:
    return json.dumps(view, sort_keys=True, separators=(",", ":")).encode("utf-8")


def fresh(state: State) -> State:
    """The same state with nothing memoised (read back from its JSON)."""
    return State.from_json(state.to_json())


def play(ref: str, options: dict[str, Any], seed: int, steps: int, check: bool) -> tuple[int, Any]:
    """Views of every seat after every action of one random game: their count and hash."""
    game = greatwar.load(ref, options)
    state = game.new_state(seed)
    rng = random.Random(seed)
    digest = hashlib.sha256()
    count = 0
    for step in range(steps + 1):
        for role in game.roles():
            shown = canonical(state.view(role))
            if check:
                again = canonical(fresh(state).view(role))
                if shown != again:
                    raise SystemExit(f"{ref} seed {seed} step {step} {role}: view differs")
            digest.update(shown)
            count += 1
        if state.is_over() or step == steps:
            break
        role = rng.choice([r for r in state.active_roles() if state.legal_actions(r)])
        state.apply(role, rng.choice(state.legal_actions(role)))
    return count, digest


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--steps", type=int, default=400)
    parser.add_argument("--fresh", action="store_true", help="check against a fresh state")
    parser.add_argument("--only", help="only the scenarios whose reference contains this")
    args = parser.parse_args(argv)
    for ref, options in GAMES:
        if args.only and args.only not in ref:
            continue
        total = hashlib.sha256()
        views = 0
        for g in range(args.games):
            count, digest = play(ref, options, 11 + g, args.steps, args.fresh)
            views += count
            total.update(digest.digest())
        print(json.dumps({"scenario": ref, "views": views, "sha256": total.hexdigest()[:16]}))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
