"""A ladder: a round robin of agents with swapped sides, rated by Bradley–Terry
(``greatwar ladder``).

Every pairing of the agents named plays ``games`` games, half with each agent
on the scenario's first side (alternately).  The games are
:class:`~greatwar.sim.simulate.GameJob` s played by
:func:`~greatwar.sim.simulate.run_job` on any backend of
:mod:`greatwar.sim.backends` (this process, a process pool, Ray).

Reproducibility: a game's seed derives from the master seed, the two agents'
labels and the game's number in the pairing only (every game its own seed:
the intervals assume independent games), so the same seed gives the same
games with any backend or worker count, and adding an agent to a ladder
leaves the other pairings' games as they were (agents thinking against the
clock, ``think``, excepted).

The ratings (:mod:`greatwar.sim.bradley_terry`) count finished games only: a
draw is half a win; games cut at ``max_actions`` (*unfinished*) and failed
games are counted apart and not rated.
"""

from __future__ import annotations

import json
import subprocess
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field, fields
from itertools import combinations
from pathlib import Path
from typing import TYPE_CHECKING, Any

from greatwar.api import load
from greatwar.sim import bradley_terry
from greatwar.sim.bradley_terry import ELO_PER_LOGIT, Fit
from greatwar.sim.simulate import (
    GameJob,
    PlanError,
    check_agents,
    check_budgets,
    derive_seed,
    labels_of,
    lost_game,
    own_budget,
    own_budgets,
    record_name,
    run_job,
    seat_agents,
)
from greatwar.sim.stats import Outcome

if TYPE_CHECKING:
    from greatwar.engine.state import Game
    from greatwar.sim.backends import Backend

#: what the ratings and their intervals are, for the results file
METHOD = {
    "model": "Bradley-Terry with a first-side advantage: P(i on the first side beats j) = "
    "1 / (1 + exp(-(r_i - r_j + h)))",
    "fit": "maximum likelihood (Newton's method); strengths centred to mean 0",
    "intervals": "95% Wald intervals from the observed Fisher information "
    "(inverse Hessian of the log-likelihood at the maximum)",
    "draws": "a draw counts as half a win",
    "prior_draws": "virtual drawn games added to every pairing, half each way round",
    "elo": "elo = logit * 400 / ln 10",
    "rated": "finished games only; unfinished and failed games are counted apart",
}


@dataclass(frozen=True)
class LadderPlan:
    """A round robin: scenario, agents, games a pairing, seeds and budgets."""

    scenario: str
    agents: tuple[str, ...]
    games: int
    seed: int = 1
    options: dict[str, Any] = field(default_factory=dict)
    think: float | None = None
    iterations: int | None = None
    max_actions: int | None = None
    prior_draws: float = 1.0
    #: an agent's own budget, by its name or label (``--iterations planner=40,rollout=16``)
    agent_think: dict[str, float] = field(default_factory=dict)
    agent_iterations: dict[str, int] = field(default_factory=dict)

    @property
    def labels(self) -> list[str]:
        """Each agent's label: its name, numbered where a name repeats."""
        return labels_of(self.agents)

    def as_dict(self) -> dict[str, Any]:
        """The plan for the results file (``games`` named ``games_per_pairing`` there)."""
        plan = asdict(self)
        plan["games_per_pairing"] = plan.pop("games")
        return {**plan, "agents": list(self.agents), "labels": self.labels}

    @classmethod
    def from_dict(cls, named: dict[str, Any], games: int | None = None) -> LadderPlan:
        """The plan :meth:`as_dict` wrote (a results file), with ``games`` a pairing when
        given (to play a stopped ladder on)."""
        kept = {f.name: named[f.name] for f in fields(cls) if f.name in named}
        kept["agents"] = tuple(named["agents"])
        kept["games"] = named["games_per_pairing"] if games is None else games
        return cls(**kept)


def ladder_seed(master: int, first: str, second: str, game: int) -> int:
    """The seed of the ``game``-th game between two agents (by label)."""
    return derive_seed("greatwar-ladder", master, first, second, game)


def two_sides(game: Game) -> list[str]:
    """The scenario's two sides, in its order; a ladder needs exactly two."""
    sides = [s.id for s in game.scenario.sides]
    if len(sides) != 2:
        name = game.scenario.info.name
        raise PlanError(f"a ladder needs a two-sided scenario; {name} has {len(sides)} sides")
    return sides


def plan_ladder(plan: LadderPlan) -> list[GameJob]:
    """Every game of the round robin, pairing after pairing; within a pairing the games
    alternate sides (``pair`` numbers the pairs of games, ``swapped`` the second of a
    pair).  Each game has its own seed: the intervals assume independent games, and
    two agents alike (``random,random``) given one seed would play one game twice."""
    if len(plan.agents) < 2:
        raise PlanError("a ladder needs at least two agents")
    if plan.games < 2 or plan.games % 2:
        raise PlanError(f"games a pairing must be even (half on each side), not {plan.games}")
    if plan.prior_draws < 0:
        raise PlanError(f"prior draws must be 0 or more, not {plan.prior_draws}")
    check_agents(plan.agents)
    check_budgets(plan.agents, plan.agent_think, plan.agent_iterations)
    game = load(plan.scenario, plan.options)
    two_sides(game)
    entrants = list(zip(plan.agents, plan.labels, strict=True))
    jobs: list[GameJob] = []
    for (a, a_label), (b, b_label) in combinations(entrants, 2):
        orders = [((a, b), (a_label, b_label)), ((b, a), (b_label, a_label))]
        for number in range(plan.games):
            names, labels = orders[number % 2]
            seed = ladder_seed(plan.seed, a_label, b_label, number)
            jobs.append(
                _job(plan, len(jobs), number // 2, bool(number % 2), seed, game, names, labels)
            )
    return jobs


def _job(
    plan: LadderPlan,
    index: int,
    pair: int,
    swapped: bool,
    seed: int,
    game: Game,
    names: Sequence[str],
    labels: Sequence[str],
) -> GameJob:
    return GameJob(
        index=index,
        pair=pair,
        swapped=swapped,
        scenario=plan.scenario,
        options=dict(plan.options),
        seed=seed,
        seats=own_budgets(
            seat_agents(game, names, labels), plan.agent_think, plan.agent_iterations
        ),
        think=plan.think,
        iterations=plan.iterations,
        max_actions=plan.max_actions,
    )


# --- playing ---------------------------------------------------------------------------


def play_ladder(
    plan: LadderPlan,
    backend: Backend,
    *,
    jobs: Sequence[GameJob] | None = None,
    on_game: Callable[[Outcome, int, int], None] | None = None,
    failures: Path | None = None,
    journal: Journal | None = None,
) -> tuple[list[Outcome], float]:
    """Play every game of ``plan`` (or ``jobs``) on ``backend``: the outcomes in game
    order (without their records) and the wall seconds.  A failed game's record goes to
    ``failures`` (a directory) if given; each other game to ``journal`` as it ends."""
    jobs = plan_ladder(plan) if jobs is None else jobs
    started = time.perf_counter()
    outcomes: list[Outcome] = []
    backend.start()
    try:
        for outcome in backend.map(run_job, jobs, on_error=lost_game):
            outcomes.append(_keep_failure(outcome, failures))
            if journal is not None:
                journal.add(outcome)
            if on_game is not None:
                on_game(outcome, len(outcomes), len(jobs))
    finally:
        backend.stop()
    outcomes.sort(key=lambda o: o["index"])
    return outcomes, time.perf_counter() - started


def _keep_failure(outcome: Outcome, failures: Path | None) -> Outcome:
    """The outcome without its record; a failed game's record saved to ``failures``."""
    record = outcome.pop("record", None)
    outcome["record"] = None
    if outcome["status"] == "failed" and failures is not None and record is not None:
        failures.mkdir(parents=True, exist_ok=True)
        path = failures / record_name(outcome)
        path.write_text(json.dumps(record, indent=1), encoding="utf-8")
        outcome["record"] = str(path)
    return outcome


# --- the journal: a long ladder stopped part way and resumed ---------------------------

JOURNAL_FORMAT = 1


def journal_path(out: Path) -> Path:
    """Where the games of the ladder whose results go to ``out`` are kept as they end."""
    return out.with_name(f"{out.stem}-games.jsonl")


def game_key(seed: int, labels_by_role: Iterable[tuple[str, str]]) -> tuple[object, ...]:
    """What names one game of a ladder whatever the number of games a pairing: its seed
    (from the master seed, the two agents and the game's number) and who plays which
    role."""
    return (seed, *sorted(labels_by_role))


def job_key(job: GameJob) -> tuple[object, ...]:
    return game_key(job.seed, ((s.role, s.label) for s in job.seats))


def outcome_key(outcome: Outcome) -> tuple[object, ...]:
    return game_key(outcome["seed"], ((r, s["label"]) for r, s in outcome["seats"].items()))


def _journal_plan(plan: LadderPlan) -> dict[str, Any]:
    """The plan as a journal's header names it: all but the games a pairing (a ladder
    may be resumed with more, to play on)."""
    named = json.loads(json.dumps(plan.as_dict()))  # (as read back: lists, not tuples)
    named.pop("games_per_pairing")
    return named  # type: ignore[no-any-return]


class Journal:
    """The games of a ladder as they end, one JSON line each after a header naming the
    plan and the code that plays: a ladder stopped part way (hours of search agents)
    keeps them, and resumed plays only the rest (every game's seed is its own, so the
    games are those an unbroken run plays; agents thinking against the clock excepted).
    Failed games are not kept: a resumed ladder plays them again."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def start(self, plan: LadderPlan, code: str | None) -> None:
        """Begin a new journal (over any old one)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        header = {"journal": JOURNAL_FORMAT, "plan": _journal_plan(plan), "code": code}
        self.path.write_text(json.dumps(header) + "\n", encoding="utf-8")

    def read(self) -> tuple[dict[str, Any], list[Outcome]]:
        """The journal's header and its games as kept; refused (:class:`PlanError`, naming
        the file) if it is unreadable or no ladder's journal."""
        name = self.path
        try:
            lines = name.read_text(encoding="utf-8").splitlines()
            header = json.loads(lines[0]) if lines else None
            games = [json.loads(line) for line in lines[1:] if line.strip()]
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise PlanError(f"{name}: not a ladder's journal ({exc})") from None
        if not isinstance(header, dict) or header.get("journal") != JOURNAL_FORMAT:
            raise PlanError(f"{name}: not a ladder's journal (no header of format 1)")
        return header, games

    def played(self, plan: LadderPlan, code: str | None) -> dict[tuple[object, ...], Outcome]:
        """The games kept, by :func:`game_key`; refused (:class:`PlanError`) if the journal
        is of another ladder or another code, or unreadable."""
        name = self.path
        header, games = self.read()
        ours = _journal_plan(plan)
        if header.get("plan") != ours:
            theirs = header.get("plan")
            if not isinstance(theirs, dict):
                theirs = {}
            differ = sorted(k for k in set(theirs) | set(ours) if theirs.get(k) != ours.get(k))
            raise PlanError(
                f"{name} holds the games of another ladder (it differs in"
                f" {', '.join(differ)}): resume with the same scenario, agents, seed, options"
                " and budgets, or start anew with --replace"
            )
        if header.get("code") != code:
            raise PlanError(
                f"{name} holds games played by code {header.get('code')}, this is {code}:"
                " games of two versions are not rated together; start anew with --replace"
            )
        return {outcome_key(o): o for o in games}

    def add(self, outcome: Outcome) -> None:
        """Keep a game that ended (a failed one is not kept), written through at once."""
        if outcome["status"] == "failed":
            return
        with self.path.open("a", encoding="utf-8") as file:
            file.write(json.dumps(outcome, separators=(",", ":")) + "\n")


def still_to_play(
    jobs: Sequence[GameJob], played: dict[tuple[object, ...], Outcome]
) -> tuple[list[GameJob], list[Outcome]]:
    """The games of ``jobs`` not yet played, and the outcomes of those that were
    (numbered as in ``jobs``)."""
    todo: list[GameJob] = []
    done: list[Outcome] = []
    for job in jobs:
        outcome = played.get(job_key(job))
        if outcome is None:
            todo.append(job)
        else:
            done.append({**outcome, "index": job.index, "pair": job.pair, "swapped": job.swapped})
    return todo, done


# --- rating ----------------------------------------------------------------------------


def seat_labels(outcome: Outcome) -> dict[str, str]:
    """Side -> the label of the agent playing it (every seat of a side has one agent)."""
    return {seat["side"]: seat["label"] for seat in outcome["seats"].values()}


def score_of(outcome: Outcome, side: str) -> float:
    """``side``'s score in a finished game: 1 won, 1/2 drawn, 0 lost."""
    winner = outcome["winner"]
    return 0.5 if winner is None else float(winner == side)


def rated_games(
    outcomes: Sequence[Outcome], labels: Sequence[str], sides: Sequence[str]
) -> list[bradley_terry.Game]:
    """The finished games as Bradley–Terry games (players numbered as ``labels``)."""
    number = {label: n for n, label in enumerate(labels)}
    first, second = sides
    games = []
    for outcome in outcomes:
        if outcome["status"] != "finished":
            continue
        by_side = seat_labels(outcome)
        games.append(
            bradley_terry.Game(
                number[by_side[first]], number[by_side[second]], score_of(outcome, first)
            )
        )
    return games


def win_matrix(
    outcomes: Sequence[Outcome], labels: Sequence[str], sides: Sequence[str]
) -> dict[str, dict[str, dict[str, dict[str, float]]]]:
    """``side -> row agent -> column agent -> {games, won, drawn, lost, score}``: the row
    agent's record playing ``side`` against the column agent (finished games)."""
    matrix = {
        side: {row: {col: _cell() for col in labels if col != row} for row in labels}
        for side in sides
    }
    for outcome in outcomes:
        if outcome["status"] != "finished":
            continue
        by_side = seat_labels(outcome)
        for side in sides:
            (other,) = (s for s in sides if s != side)
            _count(matrix[side][by_side[side]][by_side[other]], score_of(outcome, side))
    return matrix


def _cell() -> dict[str, float]:
    return {"games": 0, "won": 0, "drawn": 0, "lost": 0, "score": 0.0}


def _count(cell: dict[str, float], score: float) -> None:
    cell["games"] += 1
    cell["score"] += score
    cell[{1.0: "won", 0.5: "drawn", 0.0: "lost"}[score]] += 1


def rating_rows(fit: Fit, labels: Sequence[str], agents: Sequence[str]) -> list[dict[str, Any]]:
    """One row per agent, strongest first: strength (logit and Elo) with its 95% interval,
    and the difference to the next agent down with that difference's 95% interval."""
    order = sorted(range(len(labels)), key=lambda n: -fit.strengths[n])
    rows = []
    for rank, n in enumerate(order, start=1):
        low, high = fit.strength_interval(n)
        row: dict[str, Any] = {
            "rank": rank,
            "label": labels[n],
            "agent": agents[n],
            "logit": fit.strengths[n],
            "logit_ci95": [low, high],
            "elo": fit.strengths[n] * ELO_PER_LOGIT,
            "elo_ci95": [low * ELO_PER_LOGIT, high * ELO_PER_LOGIT],
            "above_next": None,
        }
        if rank < len(order):
            below = order[rank]
            d_low, d_high = fit.difference_interval(n, below)
            row["above_next"] = {
                "label": labels[below],
                "elo": (fit.strengths[n] - fit.strengths[below]) * ELO_PER_LOGIT,
                "elo_ci95": [d_low * ELO_PER_LOGIT, d_high * ELO_PER_LOGIT],
            }
        rows.append(row)
    return rows


def side_row(fit: Fit, sides: Sequence[str]) -> dict[str, Any]:
    """The first side's advantage (logit and Elo) with its 95% interval."""
    low, high = fit.side_interval()
    return {
        "side": sides[0],
        "over": sides[1],
        "logit": fit.side_advantage,
        "logit_ci95": [low, high],
        "elo": fit.side_advantage * ELO_PER_LOGIT,
        "elo_ci95": [low * ELO_PER_LOGIT, high * ELO_PER_LOGIT],
    }


def ratings(outcomes: Sequence[Outcome], plan: LadderPlan, sides: list[str]) -> dict[str, Any]:
    """The ratings and the side's advantage; if the games allow no fit, no ratings and
    the reason (``fit_error``), so that the games played are kept all the same."""
    labels = plan.labels
    games = rated_games(outcomes, labels, sides)
    try:
        fit = bradley_terry.fit(games, len(labels), prior_draws=plan.prior_draws)
    except bradley_terry.FitError as exc:
        return {"ratings": [], "side_advantage": None, "fit_error": str(exc)}
    return {
        "ratings": rating_rows(fit, labels, plan.agents),
        "side_advantage": side_row(fit, sides),
        "fit_error": None,
    }


def counts(outcomes: Sequence[Outcome]) -> dict[str, int]:
    """Games played, finished, drawn, unfinished (cut) and failed."""
    finished = [o for o in outcomes if o["status"] == "finished"]
    return {
        "games": len(outcomes),
        "finished": len(finished),
        "draws": sum(1 for o in finished if o["winner"] is None),
        "unfinished": sum(1 for o in outcomes if o["status"] == "unfinished"),
        "failed": sum(1 for o in outcomes if o["status"] == "failed"),
    }


#: what a results file keeps of a game's outcome as it is (besides its seats, seconds,
#: digest and any failure: :func:`game_line`)
GAME_KEYS = ("index", "pair", "swapped", "seed", "status", "winner", "vp", "actions", "turns")


def game_line(outcome: Outcome) -> dict[str, Any]:
    """What the results file keeps of a game: enough to rate it again and replay it."""
    line = {key: outcome[key] for key in GAME_KEYS}
    line["sides"] = seat_labels(outcome)
    line["seconds"] = thinking_seconds(outcome)
    line["digest"] = outcome["digest"]
    if outcome["failure"] is not None:
        line["failure"] = {k: outcome["failure"][k] for k in ("kind", "message")}
        line["record"] = outcome["record"]
    return line


def thinking_seconds(outcome: Outcome) -> dict[str, float]:
    """Label -> the seconds its seats took over their decisions in the game (a decision's
    time includes applying it)."""
    spent: dict[str, float] = {}
    for seat in outcome["seats"].values():
        label = seat["label"]
        spent[label] = round(spent.get(label, 0.0) + seat.get("seconds", 0.0), 3)
    return spent


def thinking(plan: LadderPlan, outcomes: Sequence[Outcome]) -> dict[str, dict[str, Any]]:
    """Each agent's budget (its own, else the ladder's) and the mean seconds it took a
    game: how much thought its strength cost (machine-dependent)."""
    found: dict[str, dict[str, Any]] = {}
    for agent, label in zip(plan.agents, plan.labels, strict=True):
        spent = [
            thinking_seconds(o)[label]
            for o in outcomes
            if o["status"] != "failed" and label in seat_labels(o).values()
        ]
        iterations = own_budget(plan.agent_iterations, agent, label)
        think = own_budget(plan.agent_think, agent, label)
        found[label] = {
            "iterations": plan.iterations if iterations is None else iterations,
            "think": plan.think if think is None else think,
            "seconds_per_game": sum(spent) / len(spent) if spent else None,
        }
    return found


def summarize_ladder(
    plan: LadderPlan,
    outcomes: Sequence[Outcome],
    *,
    command: str | None = None,
    backend: str | None = None,
    wall_seconds: float | None = None,
    code: str | None = None,
    resumed: int = 0,
) -> dict[str, Any]:
    """The results file's content: what was asked and how (``code``: the commit that
    played, see :func:`code_version`), the ratings with their intervals, the side's
    advantage, the win matrix by side, and every game (``resumed``: how many of them
    an earlier run played, kept in its journal; ``wall_seconds`` is this run's)."""
    sides = two_sides(load(plan.scenario, plan.options))
    labels = plan.labels
    return {
        "command": command,
        **plan.as_dict(),
        "sides": sides,
        "code": code,
        "backend": backend,
        "wall_seconds": wall_seconds,
        "resumed": resumed,
        "method": METHOD,
        "counts": counts(outcomes),
        **ratings(outcomes, plan, sides),
        "thinking": thinking(plan, outcomes),
        "matrix": win_matrix(outcomes, labels, sides),
        "games": [game_line(o) for o in outcomes],
    }


def code_version() -> str | None:
    """The commit of the greatwar tree that played (``-dirty`` with local changes), if
    it is a git checkout."""
    here = Path(__file__).resolve().parent
    try:
        done = subprocess.run(
            ["git", "describe", "--always", "--dirty", "--abbrev=12"],
            cwd=here,
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout.strip() or None


def write_results(summary: dict[str, Any], path: Path) -> Path:
    """Save the ladder's results (JSON)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    return path
