"""Speed of the forward model, measured (never asserted): ``make bench``.

Random-play actions per second, the time of ``legal_actions`` and ``apply``
on states met in random games, replay time, clone and digest time, and the
search agent's iterations per second (``--search-states`` decisions of
``--search-iterations`` iterations each), the heuristic agent's play (the rollout
agent's forward model) in actions per second, and the rollout agent's rollouts per
second.

``--baseline REF`` measures instead the figures of issue 18 against a baseline commit,
side by side, as ratios (``compare.py``; ``--profile`` adds each figure's top functions).
"""

from __future__ import annotations

import argparse
import statistics
import time

from compare import compare
from figures import FIGURES
from rich.console import Console
from rich.table import Table

import greatwar
from greatwar.ai import Budget, HeuristicAgent, RandomAgent, decide
from greatwar.ai.rollout import RolloutAgent
from greatwar.ai.search import SearchAgent, usable
from greatwar.engine.state import State
from greatwar.sim.play import play_game


def random_games(scenario: str, games: int, seed: int) -> tuple[list[State], float, int]:
    game = greatwar.load(scenario)
    finals = []
    actions = 0
    start = time.perf_counter()
    for i in range(games):
        agents = {r: RandomAgent(seed + i * 10 + n) for n, r in enumerate(game.roles())}
        played = play_game(game, seed + i, agents)
        finals.append(played.state)
        actions += played.steps
    return finals, time.perf_counter() - start, actions


def sample_states(final: State, every: int) -> list[State]:
    """States along a finished game, rebuilt from its record."""
    game = final.game
    state = game.new_state(final.data["dice"]["seed"])
    out = []
    for n, (role, action) in enumerate(final.data["actions"]):
        if n % every == 0:
            out.append(state.clone())
        state.apply(role, action)
    return out


def per_call(fn, items, repeat: int = 1) -> float:
    """Mean microseconds per call of ``fn`` over ``items``."""
    times = []
    for item in items:
        start = time.perf_counter()
        for _ in range(repeat):
            fn(item)
        times.append((time.perf_counter() - start) / repeat)
    return statistics.fmean(times) * 1e6


def heuristic_games(scenario: str, games: int, seed: int) -> tuple[float, int]:
    """Seconds and actions of heuristic-against-heuristic games."""
    game = greatwar.load(scenario)
    actions = 0
    start = time.perf_counter()
    for i in range(games):
        agents = {r: HeuristicAgent(seed + i * 10 + n) for n, r in enumerate(game.roles())}
        actions += play_game(game, seed + i, agents).steps
    return time.perf_counter() - start, actions


def search_rate(states: list[State], iterations: int, kind: str = "search") -> tuple[float, int]:
    """Iterations (tree search) or rollouts (rollout agent) per second over decisions with a
    choice, and how many were timed."""
    budget = Budget(iterations=iterations)
    agent = RolloutAgent(1, budget) if kind == "rollout" else SearchAgent(1, budget)
    done = 0
    seconds = 0.0
    for state in states:
        role = next(
            (r for r in state.active_roles() if len(usable(state.legal_actions(r))) > 1), None
        )
        if role is None:
            continue
        start = time.perf_counter()
        decide(agent, state, role)
        seconds += time.perf_counter() - start
        done += agent.last_iterations
    return (done / seconds if seconds else 0.0), done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--scenario", default="gwite/teaching")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--search-states", type=int, default=6)
    parser.add_argument("--search-iterations", type=int, default=20)
    side = parser.add_argument_group(
        "side by side (issue 18)", "the figures against a baseline commit, as ratios"
    )
    side.add_argument("--baseline", metavar="REF", help="a commit, e.g. main or main~3")
    side.add_argument("--rounds", type=int, default=3, help="baseline/current rounds")
    side.add_argument("--scale", type=float, default=1.0, help="more (or less) work per run")
    side.add_argument("--figures", default="", help=f"comma-separated, of: {', '.join(FIGURES)}")
    side.add_argument("--profile", type=int, nargs="?", const=8, default=0, metavar="TOP")
    args = parser.parse_args()
    if args.baseline:
        names = [n.strip() for n in args.figures.split(",") if n.strip()] or list(FIGURES)
        unknown = sorted(set(names) - set(FIGURES))
        if unknown:
            parser.error(f"unknown figures: {', '.join(unknown)}")
        compare(args.baseline, names, args.rounds, args.scale, args.profile)
        return

    finals, seconds, actions = random_games(args.scenario, args.games, args.seed)
    states = [s for final in finals[:5] for s in sample_states(final, 7)]

    def legal(state: State) -> None:
        fresh = state.clone()  # no cached results
        for role in fresh.active_roles():
            fresh.legal_actions(role)

    def apply_first(state: State) -> None:
        fresh = state.clone()
        role = fresh.active_roles()[0]
        fresh.apply(role, fresh.legal_actions(role)[0])

    replay_start = time.perf_counter()
    for final in finals:
        greatwar.replay(final.record())
    replay_seconds = time.perf_counter() - replay_start

    table = Table(title=f"greatwar forward model — {args.scenario}, {args.games} random games")
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_row("random play", f"{actions / seconds:,.0f} actions/s")
    table.add_row("actions per game (mean)", f"{actions / len(finals):,.0f}")
    table.add_row("game (mean)", f"{seconds / len(finals) * 1000:,.1f} ms")
    table.add_row("legal_actions (clone + all active roles)", f"{per_call(legal, states):,.0f} µs")
    table.add_row("clone", f"{per_call(lambda s: s.clone(), states, 5):,.0f} µs")
    table.add_row(
        "legal + apply of one action (incl. clone)", f"{per_call(apply_first, states):,.0f} µs"
    )
    table.add_row("digest", f"{per_call(lambda s: s.digest(), states, 3):,.0f} µs")
    table.add_row(
        "replay", f"{replay_seconds / actions * 1e6:,.0f} µs/action ({replay_seconds:.2f} s in all)"
    )
    step = max(1, len(states) // max(1, args.search_states))
    rate, iterations = search_rate(states[::step][: args.search_states], args.search_iterations)
    table.add_row("search", f"{rate:,.1f} iterations/s ({iterations} iterations)")
    chosen = states[::step][: args.search_states]
    rate, rollouts = search_rate(chosen, max(4, args.search_iterations // 2), "rollout")
    table.add_row("rollout agent", f"{rate:,.1f} rollouts/s ({rollouts} rollouts)")
    heuristic_seconds, heuristic_actions = heuristic_games(args.scenario, 3, args.seed)
    table.add_row("heuristic play", f"{heuristic_actions / heuristic_seconds:,.0f} actions/s")
    table.add_row("states sampled", str(len(states)))
    Console().print(table)


if __name__ == "__main__":
    main()
