"""One figure of ``benchmarks/run.py --baseline``, measured in this process (CPU time).

``python benchmarks/figures.py NAME [--scale S] [--big PATH] [--profile N]`` prints one
line of JSON: the figure's value, and with ``--profile`` the top N functions by self time.
``run.py`` runs it with ``PYTHONPATH`` set to the tree being measured (the baseline's
worktree or the current tree), so it uses only what both trees offer: ``greatwar.load``,
``State.legal_actions/apply/view/is_over/active_roles``, the agents and ``play_game``.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import json
import math
import pstats
import random
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import greatwar
from greatwar.ai import Budget, HeuristicAgent, RandomAgent, decide
from greatwar.ai.rollout import RolloutAgent
from greatwar.ai.search import usable
from greatwar.engine.phases import Action
from greatwar.engine.state import Game, State
from greatwar.sim.play import play_game

#: the digests of the games a figure played (not timed): both trees must play the same
PLAYED: list[str] = []


def played_digest(state: State) -> str:
    """What says two trees played the same game: the actions taken (an option's words left
    out) and where the game ended (every unit's record, the victory points, whether it is
    over) — not the log's words, which a tree may word otherwise for the same game.  (The
    words are named here, not taken from ``engine.state.WORDING_FIELDS``: the baseline's
    tree may be older than it.)"""
    actions = [
        [role, {k: v for k, v in a.items() if k != "text"}] for role, a in state.data["actions"]
    ]
    ended = [actions, state.data["units"], state.data.get("vp"), state.data.get("over")]
    return hashlib.sha256(json.dumps(ended, sort_keys=True).encode()).hexdigest()


GWITE = "gwite/teaching"
TANNENBERG = "tannenberg/teaching"
HINDENBURG = "gwite/hindenburg-teaching"


@dataclass
class Walk:
    """Random play: actions taken, CPU seconds in all, views asked and their CPU seconds."""

    steps: int = 0
    seconds: float = 0.0
    views: int = 0
    view_seconds: float = 0.0
    states: list[State] | None = None

    @property
    def action_us(self) -> float:
        """CPU microseconds per action (legal actions, choice and apply), views excluded."""
        return (self.seconds - self.view_seconds) / max(1, self.steps) * 1e6

    @property
    def view_us(self) -> float:
        return self.view_seconds / max(1, self.views) * 1e6


@dataclass
class RandomGame:
    """The ``number``-th random game of the figures (the same in every tree whose rules
    agree): its state, each seat's random agent, and the draw of who acts when several
    seats may."""

    state: State
    agents: dict[str, RandomAgent]
    order: random.Random

    @classmethod
    def start(cls, game: Game, number: int) -> RandomGame:
        seed = 7 + number
        agents = {r: RandomAgent(seed * 10 + n) for n, r in enumerate(game.roles())}
        return cls(game.new_state(seed), agents, random.Random(seed ^ 0x5EED))

    def choose(self) -> tuple[str, Action]:
        """The seat that acts next and its random agent's action."""
        state = self.state
        candidates = [r for r in state.active_roles() if state.legal_actions(r)]
        role = candidates[0] if len(candidates) == 1 else self.order.choice(candidates)
        return role, decide(self.agents[role], state, role)


def walk(
    scenario: str, games: int, *, limit: int = 0, view_every: int = 0, keep_every: int = 0
) -> Walk:
    """Random games of ``scenario`` (the same games in every tree whose rules agree): up to
    ``limit`` actions each (0: to the end), a view for the acting seat after every
    ``view_every``-th action (0: none), and a clone of every ``keep_every``-th state (the
    clones are timed too; ``new_state`` is not)."""
    game = greatwar.load(scenario)
    out = Walk(states=[])
    for g in range(games):
        played = RandomGame.start(game, g)
        state = played.state
        start = time.process_time()  # the actions, not the setting up
        steps = 0
        while not state.is_over() and not (limit and steps >= limit):
            role, action = played.choose()
            state.apply(role, action)
            steps += 1
            if view_every and steps % view_every == 0:
                seen = time.process_time()
                state.view(role)
                out.view_seconds += time.process_time() - seen
                out.views += 1
            if keep_every and steps % keep_every == 0 and out.states is not None:
                out.states.append(state.clone())
        out.steps += steps
        out.seconds += time.process_time() - start
        PLAYED.append(played_digest(state))
    return out


def big_scenario(path: str | None) -> str:
    if path:
        return path
    from big_scenario import generate  # benchmarks/ is on sys.path when run as a script

    return str(generate(Path(tempfile.mkdtemp(prefix="greatwar-big-")), seed=1))


def random_play(scenario: str, games: int) -> float:
    played = walk(scenario, games)
    return played.steps / played.seconds


def view_and_apply(scenario: str, games: int) -> float:
    played = walk(scenario, games, view_every=1)
    return played.steps / played.seconds


def heuristic_game(scenario: str) -> float:
    return _heuristic_game(scenario)[0]


def heuristic_action_ms(scenario: str) -> float:
    """CPU milliseconds per action of :func:`heuristic_game` (both agents' thinking and
    the engine): the fair figure when the two trees' heuristics play games of other
    lengths."""
    seconds, actions = _heuristic_game(scenario)
    return seconds / max(1, actions) * 1e3


def _heuristic_game(scenario: str) -> tuple[float, int]:
    """The CPU seconds of one heuristic v heuristic game (seed 7) and its actions."""
    game = greatwar.load(scenario)
    agents = {r: HeuristicAgent(7 + n) for n, r in enumerate(game.roles())}
    start = time.process_time()
    played = play_game(game, 7, agents)
    seconds = time.process_time() - start
    PLAYED.append(played_digest(played.state))
    return seconds, len(played.state.data["actions"])


def rollouts(scenario: str, decisions: int, per_decision: int) -> float:
    """Rollouts per CPU-second of the rollout agent over ``decisions`` decisions where it
    searches (met along a random game), ``per_decision`` rollouts each."""
    states = walk(scenario, 1, keep_every=11).states or []
    agent = RolloutAgent(1, Budget(iterations=per_decision))
    done, seconds = 0, 0.0
    for state in states:
        role = next(
            (r for r in state.active_roles() if len(usable(state.legal_actions(r))) > 1), None
        )
        if role is None:
            continue
        start = time.process_time()
        decide(agent, state, role)
        if not agent.last_iterations:  # the agent searches only decisive choices
            continue
        seconds += time.process_time() - start
        done += agent.last_iterations
        decisions -= 1
        if decisions <= 0:
            break
    return done / seconds if seconds else 0.0


def big_limit(scale: float) -> int:
    """Actions of the big game: all of it (about a thousand), fewer when scaled down."""
    return 0 if scale >= 1 else max(50, round(1000 * scale))


def relative_cost(big: str, scale: float, what: str) -> float:
    """Cost per action (``what="action"``) or per view on the big map, as a multiple of the
    same on gwite/teaching."""
    every = 0 if what == "action" else 5
    small = walk(GWITE, max(1, round(2 * scale)), view_every=every)
    large = walk(big, 1, limit=big_limit(scale), view_every=every)
    if what == "action":
        return large.action_us / small.action_us
    return large.view_us / small.view_us


def absolute_cost(big: str, scale: float, what: str) -> float:
    large = walk(big, 1, limit=big_limit(scale), view_every=0 if what == "action" else 5)
    return large.action_us if what == "action" else large.view_us


#: name -> (what it measures, unit, higher is better, target ratio of the issue, measure)
FIGURES: dict[str, tuple[str, str, bool, str, Callable[[float, str], float]]] = {
    "random-gwite": (
        "random play, gwite/teaching",
        "actions/CPU-s",
        True,
        ">= 3x",
        lambda s, b: random_play(GWITE, max(1, round(4 * s))),
    ),
    "random-tannenberg": (
        "random play, tannenberg/teaching",
        "actions/CPU-s",
        True,
        ">= 3x",
        lambda s, b: random_play(TANNENBERG, max(1, round(2 * s))),
    ),
    "view-gwite": (
        "view + apply, gwite/teaching",
        "actions/CPU-s",
        True,
        ">= 3x",
        lambda s, b: view_and_apply(GWITE, max(1, round(2 * s))),
    ),
    "view-tannenberg": (
        "view + apply, tannenberg/teaching",
        "actions/CPU-s",
        True,
        ">= 3x",
        lambda s, b: view_and_apply(TANNENBERG, max(1, round(1 * s))),
    ),
    "heuristic-gwite": (
        "heuristic v heuristic game, gwite/teaching",
        "CPU-s/game",
        False,
        ">= 2x",
        lambda s, b: heuristic_game(GWITE),
    ),
    "heuristic-tannenberg": (
        "heuristic v heuristic game, tannenberg/teaching",
        "CPU-s/game",
        False,
        ">= 2x",
        lambda s, b: heuristic_game(TANNENBERG),
    ),
    "heuristic-gwite-ms": (
        "heuristic v heuristic, gwite/teaching, per action",
        "CPU-ms/action",
        False,
        ">= 2x",
        lambda s, b: heuristic_action_ms(GWITE),
    ),
    "heuristic-tannenberg-ms": (
        "heuristic v heuristic, tannenberg/teaching, per action",
        "CPU-ms/action",
        False,
        ">= 2x",
        lambda s, b: heuristic_action_ms(TANNENBERG),
    ),
    "rollout-gwite": (
        "rollout agent, gwite/teaching",
        "rollouts/CPU-s",
        True,
        ">= 3x",
        lambda s, b: rollouts(GWITE, max(1, round(4 * s)), 8),
    ),
    "rollout-tannenberg": (
        "rollout agent, tannenberg/teaching",
        "rollouts/CPU-s",
        True,
        ">= 3x",
        lambda s, b: rollouts(TANNENBERG, max(1, round(3 * s)), 4),
    ),
    "heuristic-hindenburg-ms": (
        "heuristic v heuristic, gwite/hindenburg-teaching (the ladders' even scenario), per action",
        "CPU-ms/action",
        False,
        "",
        lambda s, b: heuristic_action_ms(HINDENBURG),
    ),
    "rollout-hindenburg": (
        "rollout agent, gwite/hindenburg-teaching (the ladders' even scenario)",
        "rollouts/CPU-s",
        True,
        "",
        lambda s, b: rollouts(HINDENBURG, max(1, round(4 * s)), 8),
    ),
    "big-action": (
        "big map: action cost / teaching's",
        "x teaching",
        False,
        "value <= 1.5",
        lambda s, b: relative_cost(b, s, "action"),
    ),
    "big-view": (
        "big map: view cost / teaching's",
        "x teaching",
        False,
        "value <= 3",
        lambda s, b: relative_cost(b, s, "view"),
    ),
    "big-action-us": (
        "big map: one action",
        "CPU-us",
        False,
        "",
        lambda s, b: absolute_cost(b, s, "action"),
    ),
    "big-view-us": (
        "big map: one view",
        "CPU-us",
        False,
        "",
        lambda s, b: absolute_cost(b, s, "view"),
    ),
}


def profile_summary(run: Callable[[], float], top: int) -> tuple[float, list[dict[str, Any]]]:
    """The figure, and its ``top`` functions by self time (share of the profiled time)."""
    profiler = cProfile.Profile()
    value = profiler.runcall(run)
    # (``Stats.stats``, the table pstats prints from, is not in its type stubs)
    table: dict[Any, Any] = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    total = math.fsum(row[2] for row in table.values()) or 1.0
    rows = sorted(table.items(), key=lambda kv: kv[1][2], reverse=True)[:top]
    summary = [
        {
            "function": f"{Path(file).name}:{line}({name})",
            "self_share": tt / total,
            "calls": nc,
        }
        for (file, line, name), (_cc, nc, tt, _ct, _callers) in rows
    ]
    return value, summary


def warm(figure: str, big: str) -> None:
    """Load the figure's scenarios and take a first step, so that neither the timing nor
    the profile counts reading the data files and first-use imports."""
    scenarios = [GWITE] if "gwite" in figure or big else []
    scenarios += [TANNENBERG] if "tannenberg" in figure else []
    scenarios += [HINDENBURG] if "hindenburg" in figure else []
    scenarios += [big] if big else []
    for scenario in scenarios:
        state = greatwar.load(scenario).new_state(1)
        role = state.active_roles()[0]
        state.apply(role, state.legal_actions(role)[0])
        state.view(role)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("figure", choices=sorted(FIGURES))
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--big", default=None, help="the generated big scenario's path")
    parser.add_argument("--profile", type=int, default=0, help="top N functions by self time")
    args = parser.parse_args()
    measure = FIGURES[args.figure][4]
    big = big_scenario(args.big) if args.figure.startswith("big") else ""
    warm(args.figure, big)
    out: dict[str, Any] = {"figure": args.figure, "greatwar": str(Path(greatwar.__file__).parent)}
    if args.profile:
        out["value"], out["profile"] = profile_summary(
            lambda: measure(args.scale, big), args.profile
        )
    else:
        out["value"] = measure(args.scale, big)
    out["games"] = hashlib.sha256("\n".join(PLAYED).encode()).hexdigest()[:16]
    print(json.dumps(out))


if __name__ == "__main__":
    main()
