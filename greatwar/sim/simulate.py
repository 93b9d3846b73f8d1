"""Batch simulation: many games between agents, for balance studies (``greatwar simulate``).

A run is planned as a list of :class:`GameJob` — plain, picklable data — and
each job is played by :func:`run_job`, the one job function every backend
(:mod:`greatwar.sim.backends`: in this process, a local process pool, Ray)
runs.  A job's outcome is a JSON-able dict that carries the game record back,
so the driver saves every record itself, wherever the game was played.

Reproducibility: game ``i``'s seed is derived from the master seed and ``i``
alone (with ``swap_sides``, both games of a pair share the seed of the pair),
and each agent's seed from the game seed and its seat, never from a worker;
so the same seed and agents give the same records whatever the backend and
worker count (agents thinking against the clock, ``Budget(seconds=...)``,
excepted: use an iteration budget to reproduce those).

Agents and seats: the agents named are given one per side, in the order of the
scenario's sides (``--agents heuristic,random``: the first side's seats to
the heuristic agent, the second's to random; with Tannenberg's three seats
the second agent plays both Russian seats), or one per seat (the order of
``game.roles()``), or one for every side.  ``swap_sides`` plays every game
twice, the second time with the list of agents reversed.
"""

from __future__ import annotations

import hashlib
import json
import time
import traceback
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from greatwar.ai import Budget, make_agent
from greatwar.api import load
from greatwar.engine.state import RECORD_FORMAT
from greatwar.sim.fuzz import failure_record
from greatwar.sim.play import GameFailure, play_game
from greatwar.sim.stats import Outcome, summarize

if TYPE_CHECKING:
    from greatwar.engine.state import Game, State
    from greatwar.sim.backends import Backend

#: a game not over after this many actions is a runaway (a failure) unless cut on purpose
RUNAWAY = 50_000
RESULTS = "results.jsonl"
SUMMARY = "summary.json"
RUN = "run.json"
GAMES = "games"


class PlanError(ValueError):
    """A simulation that cannot be planned: unknown agent, wrong number of agents, ..."""


def derive_seed(*parts: object) -> int:
    """A 31-bit seed from ``parts`` (the same on every platform and Python)."""
    text = "/".join(str(p) for p in parts).encode("utf-8")
    return int.from_bytes(hashlib.sha256(text).digest()[:4], "big") & 0x7FFFFFFF


def game_seed(master: int, pair: int) -> int:
    """The seed of the ``pair``-th game (both sides' games with ``swap_sides``)."""
    return derive_seed("greatwar-simulate", master, pair)


def agent_seed(seed: int, seat: int) -> int:
    """The seed of the agent in the ``seat``-th seat of a game seeded ``seed``."""
    return derive_seed("greatwar-agent", seed, seat)


@dataclass(frozen=True)
class Seat:
    """Who plays a role: the agent's registry name and its label in the summary."""

    role: str
    side: str
    agent: str
    label: str
    #: this seat's agent's own budget, where one was named for it (else the job's)
    think: float | None = None
    iterations: int | None = None


@dataclass(frozen=True)
class GameJob:
    """One game to play: everything a worker needs, as plain data."""

    index: int
    pair: int
    swapped: bool
    scenario: str
    options: dict[str, Any]
    seed: int
    seats: tuple[Seat, ...]
    think: float | None = None
    iterations: int | None = None
    max_actions: int | None = None


@dataclass(frozen=True)
class Plan:
    """A simulation: scenario, how many games, which agents, seeds and budgets."""

    scenario: str
    games: int
    agents: tuple[str, ...]
    seed: int = 1
    swap_sides: bool = False
    options: dict[str, Any] = field(default_factory=dict)
    think: float | None = None
    iterations: int | None = None
    max_actions: int | None = None
    #: an agent's own budget, by its name or label (``--iterations planner=40,rollout=16``)
    agent_think: dict[str, float] = field(default_factory=dict)
    agent_iterations: dict[str, int] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {**asdict(self), "agents": list(self.agents)}


def side_of(game: Game, role: str) -> str:
    """The side a role plays for: the side of that id, or the side whose id prefixes the
    role (Tannenberg's ``russian-1`` plays for ``russian``)."""
    sides = [s.id for s in game.scenario.sides]
    if role in sides:
        return role
    for side in sorted(sides, key=len, reverse=True):
        if role.startswith(f"{side}-"):
            return side
    raise PlanError(f"role {role!r} belongs to no side ({', '.join(sides)})")


def labels_of(agents: Sequence[str]) -> list[str]:
    """Each agent's label in the summary: its name, numbered where a name repeats."""
    if len(set(agents)) == len(agents):
        return list(agents)
    return [f"{name}#{n}" for n, name in enumerate(agents, start=1)]


def agent_list(game: Game, agents: Sequence[str]) -> list[str]:
    """The agents named, one for every side if only one is named."""
    if not agents:
        raise PlanError("name at least one agent")
    return list(agents) * len(game.scenario.sides) if len(agents) == 1 else list(agents)


def seat_agents(game: Game, names: Sequence[str], labels: Sequence[str]) -> tuple[Seat, ...]:
    """The seats of a game with agents (and their labels) given per side or per seat."""
    roles = game.roles()
    sides = [s.id for s in game.scenario.sides]
    pairs = list(zip(names, labels, strict=True))
    if len(pairs) == len(roles):
        chosen = dict(zip(roles, pairs, strict=True))
    elif len(pairs) == len(sides):
        by_side = dict(zip(sides, pairs, strict=True))
        chosen = {r: by_side[side_of(game, r)] for r in roles}
    else:
        raise PlanError(
            f"give one agent per side ({', '.join(sides)}) or per seat ({', '.join(roles)}), "
            f"not {len(pairs)}"
        )
    return tuple(Seat(r, side_of(game, r), *chosen[r]) for r in roles)


def own_budgets(
    seats: tuple[Seat, ...], think: Mapping[str, float], iterations: Mapping[str, int]
) -> tuple[Seat, ...]:
    """The seats, each given its agent's own budget where one is named for it: by its
    label (``heuristic#2``), else by its agent's name."""
    if not think and not iterations:
        return seats
    return tuple(
        replace(
            s,
            think=own_budget(think, s.agent, s.label),
            iterations=own_budget(iterations, s.agent, s.label),
        )
        for s in seats
    )


def own_budget(budgets: Mapping[str, Any], agent: str, label: str) -> Any:
    """The budget named for an agent: by its label (``heuristic#2``), else by its name;
    None when none is."""
    return budgets.get(label, budgets.get(agent))


def check_budgets(
    agents: Sequence[str], think: Mapping[str, float], iterations: Mapping[str, int]
) -> None:
    """Refuse an agent's own budget that names no agent of the plan, or is not positive."""
    known = set(agents) | set(labels_of(agents))
    for flag, budgets in (("think", think), ("iterations", iterations)):
        for who, value in budgets.items():
            if who not in known:
                raise PlanError(
                    f"--{flag} names {who!r}, which is not among the agents"
                    f" ({', '.join(sorted(known))})"
                )
            if value <= 0:
                raise PlanError(f"--{flag} for {who} must be positive, not {value}")


def check_agents(names: Sequence[str]) -> None:
    """Refuse an unknown agent name before any game is played."""
    for name in dict.fromkeys(names):
        try:
            make_agent(name, 0)
        except ValueError as exc:
            raise PlanError(str(exc)) from None


def plan_jobs(plan: Plan) -> list[GameJob]:
    """Every game of ``plan``, numbered from 0; with ``swap_sides`` the pair's two games
    (same seed, agents reversed, each agent keeping its label) are next to each other."""
    if plan.games < 1:
        raise PlanError("play at least one game")
    check_agents(plan.agents)
    game = load(plan.scenario, plan.options)
    names = agent_list(game, plan.agents)
    labels = labels_of(names)
    check_budgets(names, plan.agent_think, plan.agent_iterations)
    orders = [seat_agents(game, names, labels)]
    if plan.swap_sides:
        if names == names[::-1]:
            raise PlanError("--swap-sides needs agents that differ when their order is reversed")
        orders.append(seat_agents(game, names[::-1], labels[::-1]))
    orders = [own_budgets(seats, plan.agent_think, plan.agent_iterations) for seats in orders]
    jobs: list[GameJob] = []
    for pair in range(plan.games):
        seed = game_seed(plan.seed, pair)
        for swapped, seats in enumerate(orders):
            jobs.append(
                GameJob(
                    index=len(jobs),
                    pair=pair,
                    swapped=bool(swapped),
                    scenario=plan.scenario,
                    options=dict(plan.options),
                    seed=seed,
                    seats=seats,
                    think=plan.think,
                    iterations=plan.iterations,
                    max_actions=plan.max_actions,
                )
            )
    return jobs


# --- playing one game (the job function) ------------------------------------------------


class SeatClock:
    """Decisions and seconds per role, from the play loop's step callback (a decision's
    time includes applying it)."""

    def __init__(self) -> None:
        self.mark = time.perf_counter()
        self.decisions: dict[str, int] = {}
        self.seconds: dict[str, float] = {}

    def tick(self, state: State, role: str, action: dict[str, Any]) -> None:
        now = time.perf_counter()
        self.decisions[role] = self.decisions.get(role, 0) + 1
        self.seconds[role] = self.seconds.get(role, 0.0) + now - self.mark
        self.mark = now


def run_job(job: GameJob) -> Outcome:
    """Play one game; never raises: a failure is reported in the outcome with its record."""
    start = time.perf_counter()
    clock = SeatClock()
    state: State | None = None
    failure: GameFailure | None = None
    try:
        game = load(job.scenario, job.options)
        agents = {
            seat.role: make_agent(seat.agent, agent_seed(job.seed, n), _budget(job, seat))
            for n, seat in enumerate(job.seats)
        }
        limit = job.max_actions or RUNAWAY
        state = play_game(game, job.seed, agents, max_steps=limit, on_step=clock.tick).state
    except GameFailure as exc:
        failure, state = exc, exc.state
    except Exception as exc:  # the game could not even start
        return lost_game(job, exc, clock, start)
    if failure is None:
        return _outcome(job, clock, start, state, "finished", state.record(), None)
    if failure.kind == "runaway game" and job.max_actions:
        return _outcome(job, clock, start, state, "unfinished", state.record(), None)
    record = failure_record(failure, job.index)
    return _outcome(job, clock, start, state, "failed", record, record["failure"])


def _budget_of(job: GameJob, seat: Seat) -> dict[str, float | int]:
    """The seat's budget for its outcome: ``think`` and ``iterations`` where given."""
    budget = _budget(job, seat)
    if budget is None:
        return {}
    given = {"think": budget.seconds, "iterations": budget.iterations}
    return {k: v for k, v in given.items() if v is not None}


def _budget(job: GameJob, seat: Seat) -> Budget | None:
    """The seat's agent's budget: its own where one was named, else the job's."""
    think = job.think if seat.think is None else seat.think
    iterations = job.iterations if seat.iterations is None else seat.iterations
    if think is None and iterations is None:
        return None
    return Budget(seconds=think, iterations=iterations)


def lost_game(
    job: GameJob, exc: BaseException, clock: SeatClock | None = None, start: float | None = None
) -> Outcome:
    """The outcome of a game that failed with no state to show: it could not start, or
    its worker was lost.  Its record is the game's start, with the failure."""
    failure = {
        "kind": "exception",
        "message": f"{type(exc).__name__}: {exc}",
        "game": job.index,
        "traceback": traceback.format_exception(exc),
    }
    record = {
        "format": RECORD_FORMAT,
        "scenario": job.scenario,
        "options": dict(job.options),
        "seed": job.seed,
        "actions": [],
        "failure": failure,
    }
    clock = clock or SeatClock()
    begun = time.perf_counter() if start is None else start
    return _outcome(job, clock, begun, None, "failed", record, failure)


def _outcome(
    job: GameJob,
    clock: SeatClock,
    start: float,
    state: State | None,
    status: str,
    record: dict[str, Any] | None,
    failure: dict[str, Any] | None,
) -> Outcome:
    result = (state.result() if state is not None and status == "finished" else None) or {}
    return {
        "index": job.index,
        "pair": job.pair,
        "swapped": job.swapped,
        "seed": job.seed,
        "scenario": job.scenario,
        "options": job.options,
        "seats": {
            s.role: {
                "side": s.side,
                "agent": s.agent,
                "label": s.label,
                **_budget_of(job, s),
                "decisions": clock.decisions.get(s.role, 0),
                "seconds": clock.seconds.get(s.role, 0.0),
            }
            for s in job.seats
        },
        "status": status,
        "winner": result.get("winner"),
        "vp": result.get("vp"),
        "index_side": _index_side(state),
        "level": result.get("level"),
        "result": result.get("summary"),
        "actions": state.version if state is not None else 0,
        "turns": _turns(state),
        "digest": state.digest() if state is not None else None,
        "seconds": time.perf_counter() - start,
        "failure": failure,
        "record": record,
    }


def _index_side(state: State | None) -> str | None:
    victory = state.game.scenario.file.victory if state is not None else None
    return victory.index_side if victory is not None else None


def _turns(state: State | None) -> int:
    """Game-Turns (GWitE) or stages (Tannenberg) begun, up to the scenario's last."""
    if state is None:
        return 0
    turn = state.data.get("turn", state.data.get("stage", 0))
    return min(int(turn), state.game.scenario.info.turns)


# --- the driver -----------------------------------------------------------------------


#: outcome fields that depend on the machine, not on the game
TIMING_FIELDS = ("seconds",)


@dataclass
class Simulation:
    """A finished run: its outcomes (in game order), summary and output directory."""

    plan: Plan
    outcomes: list[Outcome]
    summary: dict[str, Any]
    out_dir: Path


def check_out_dir(out_dir: Path) -> None:
    """Refuse an output directory that already holds a simulation (or is a file)."""
    if (out_dir / RESULTS).exists() or (out_dir / RUN).exists():
        raise PlanError(f"{out_dir} already holds a simulation; choose another --out")
    if out_dir.exists() and not out_dir.is_dir():
        raise PlanError(f"{out_dir} is not a directory")


def prepare_out_dir(out_dir: Path) -> None:
    """Create ``out_dir`` with its ``games`` directory, after :func:`check_out_dir`."""
    check_out_dir(out_dir)
    (out_dir / GAMES).mkdir(parents=True, exist_ok=True)


def simulate(
    plan: Plan,
    backend: Backend,
    out_dir: Path,
    *,
    on_game: Callable[[Outcome, int, int], None] | None = None,
    jobs: Sequence[GameJob] | None = None,
) -> Simulation:
    """Play every game of ``plan`` on ``backend``; save each record and outcome as it
    arrives, then the summary.  ``on_game(outcome, done, total)`` follows progress;
    ``jobs`` are the plan's, if already made by :func:`plan_jobs`."""
    jobs = plan_jobs(plan) if jobs is None else jobs
    check_out_dir(out_dir)
    backend.start()
    try:
        return _play_and_save(plan, backend, out_dir, jobs, on_game)
    finally:
        backend.stop()


def _play_and_save(
    plan: Plan,
    backend: Backend,
    out_dir: Path,
    jobs: Sequence[GameJob],
    on_game: Callable[[Outcome, int, int], None] | None,
) -> Simulation:
    prepare_out_dir(out_dir)
    (out_dir / RUN).write_text(
        json.dumps({**plan.as_dict(), "backend": backend.describe()}, indent=1), "utf-8"
    )
    sides = list(dict.fromkeys(s.side for s in jobs[0].seats))
    labels = list(dict.fromkeys(s.label for s in jobs[0].seats))
    started = time.perf_counter()
    outcomes = []
    with (out_dir / RESULTS).open("w", encoding="utf-8") as results:
        for outcome in backend.map(run_job, jobs, on_error=lost_game):
            save_outcome(out_dir, outcome, results)
            outcomes.append(outcome)
            if on_game is not None:
                on_game(outcome, len(outcomes), len(jobs))
    wall = time.perf_counter() - started
    outcomes.sort(key=lambda o: o["index"])
    write_results(out_dir / RESULTS, outcomes)
    summary = {
        "scenario": plan.scenario,
        "options": plan.options,
        "seed": plan.seed,
        "matchup": list(plan.agents),
        "swap_sides": plan.swap_sides,
        "out": str(out_dir),
        **summarize(outcomes, sides=sides, labels=labels, wall_seconds=wall),
    }
    (out_dir / SUMMARY).write_text(json.dumps(summary, indent=1), encoding="utf-8")
    return Simulation(plan, outcomes, summary, out_dir)


def record_name(outcome: Outcome) -> str:
    """The file name of a game's record inside the run's ``games`` directory."""
    return f"game{outcome['index']:05d}-seed{outcome['seed']}.json"


def save_outcome(out_dir: Path, outcome: Outcome, results: Any) -> None:
    """Write the game's record and replace it in ``outcome`` by its path (relative to the
    run's directory); append the outcome to the open results file."""
    record = outcome.pop("record")
    if record is not None:
        path = Path(GAMES) / record_name(outcome)
        (out_dir / path).write_text(json.dumps(record, indent=1), encoding="utf-8")
        outcome["record"] = path.as_posix()
    else:
        outcome["record"] = None
    results.write(json.dumps(outcome, sort_keys=True) + "\n")
    results.flush()


def write_results(path: Path, outcomes: Sequence[Outcome]) -> None:
    """Rewrite the results file in game order (it was written in order of arrival)."""
    tmp = path.with_suffix(".tmp")
    tmp.write_text("".join(json.dumps(o, sort_keys=True) + "\n" for o in outcomes), "utf-8")
    tmp.replace(path)


def read_results(path: Path) -> Iterator[Outcome]:
    """The outcomes of a results file, one per line."""
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                yield json.loads(line)
