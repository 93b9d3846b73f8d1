"""The evaluation's weights fitted from self-play (issue 19), and the fit checked in play.

    python benchmarks/fit_weights.py --games 150 --seed 1 --out greatwar/data/ai/weights-fitted.toml

plays ``--games`` games on each teaching scenario named (``--scenario``, repeatable; both
rule systems' by default): three in four the heuristic against itself, one in four the
heuristic against random (sides alternating), for outcomes of every kind.  At the start
of each Game-Turn (GWitE) or stage (Tannenberg) it records, for each side, the features
of :mod:`greatwar.ai.evaluate` as that side's seat may know them (on a determinization
drawn from its view, :class:`greatwar.ai.base.World`: no hidden information), and at the
end the side's result (1 won, 0.5 drawn, 0 lost).  Per rule system it fits a logistic
model ``P(win) = sigmoid(sum_i w_i f_i)`` by Newton's method with a small L2 penalty (no
intercept: the features are one side's less the other's, so a position scored 0 is even),
and prints:

* the fitted weights with two standard errors: the model's own (inverse Hessian, which
  treats every row as independent) and one clustered by game (a sandwich over games: the
  rows of one game, both sides and every turn, are not independent; that is the one to
  read);
* the log-loss on held-out games (every fifth game of each scenario, never fitted) of the
  fitted weights, of the guessed ones (the evaluation read as an expected share, as
  :func:`~greatwar.ai.evaluate.as_percent` does; and with a fitted scale,
  ``sigmoid(k * total)``, which asks only whether the guessed *direction* is as good) and
  of a coin (0.693);
* the weights for the data file: the fit on every game, scaled so that vp + material +
  supply + objectives add up to 1 as the evaluation's sum does; a feature that is zero in
  every row (Tannenberg's supply: traced only with ``thorough``, which no agent asks for;
  the automatic victory in GWitE) cannot be fitted and keeps its guessed weight.

``--out FILE`` writes those weights (``[default]``: the guessed ones; ``[gwite]``,
``[tannenberg]``: the fitted), with the command, the games and the date in a comment;
``--rows FILE.json`` keeps the recorded rows with the command that played them
(``--from-rows``, repeatable, refits them without playing; the weights file then names
the commands that played the games too).

    python benchmarks/fit_weights.py --match greatwar/data/ai/weights-fitted.toml --games 60

plays instead the heuristic scoring with the weights of that file against the heuristic
scoring with the guessed ones (the ``[default]`` table of ``--against``, default the
shipped file), ``--games`` games a scenario, sides swapped game by game (the same seed for
both games of a pair), and prints the candidate's wins, draws and losses on each side with
the Wilson 95% interval.  Measured, never asserted.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import random
import shlex
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import numpy as np
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from greatwar.ai import evaluate, make_agent
from greatwar.ai.base import Action, Agent, SearchingAgent, View, World
from greatwar.api import load
from greatwar.sim.play import GameFailure, play_game
from greatwar.sim.simulate import agent_seed, derive_seed, side_of
from greatwar.sim.stats import wilson_interval

SCENARIOS = ("gwite/teaching", "tannenberg/teaching")
FEATURES = evaluate.FEATURES
SUMMED = evaluate.SUMMED
#: the L2 penalty's strength (on the log-likelihood summed over rows)
L2 = 1.0
#: every HOLD_OUT-th game of a scenario is held out of the fit
HOLD_OUT = 5
#: the evaluation's cap read as a probability (as_percent of CAP)
CAP = evaluate.CAP


@dataclass(frozen=True)
class Row:
    """One side's features at the start of one turn of one game, and its result."""

    system: str
    game: str
    held_out: bool
    features: tuple[float, ...]
    result: float


# --- playing and recording --------------------------------------------------------------


def matchup(index: int) -> tuple[str, str]:
    """The agents of a scenario's ``index``-th game, in the order of its sides."""
    if index % 4 != 3:
        return "heuristic", "heuristic"
    return ("heuristic", "random") if (index // 4) % 2 == 0 else ("random", "heuristic")


def turn_of(state: Any) -> int:
    return int(state.data.get("turn", state.data.get("stage", 0)))


def side_roles(game: Any) -> dict[str, str]:
    """Each side's first seat (whose view stands for the side)."""
    roles: dict[str, str] = {}
    for role in game.roles():
        roles.setdefault(side_of(game, role), role)
    return roles


def play_and_record(scenario: str, index: int, master: int) -> list[Row]:
    """Play one game and return its rows (none if the game failed)."""
    game = load(scenario, {})
    seed = derive_seed("fit-weights", master, scenario, index)
    names = dict(zip([s.id for s in game.scenario.sides], matchup(index), strict=True))
    agents = {
        role: make_agent(names[side_of(game, role)], agent_seed(seed, n))
        for n, role in enumerate(game.roles())
    }
    roles = side_roles(game)
    rng = random.Random(seed ^ 0xFEA7)
    seen: set[int] = set()
    snapshots: list[tuple[str, tuple[float, ...]]] = []

    def on_step(state: Any, role: str, action: dict[str, Any]) -> None:
        turn = turn_of(state)
        if turn in seen or state.is_over():
            return
        seen.add(turn)
        for side, seat in roles.items():
            sample = World(state, seat).sample(rng)  # what the seat may know, no more
            f = evaluate.features(sample, side)
            snapshots.append((side, tuple(float(getattr(f, name)) for name in FEATURES)))

    try:
        played = play_game(game, seed, agents, on_step=on_step)
    except GameFailure:
        return []
    winner = (played.state.result() or {}).get("winner")
    system = game.system.name
    tag = f"{scenario}#{index}"
    held = index % HOLD_OUT == 0
    return [
        Row(system, tag, held, f, 0.5 if winner is None else float(winner == side))
        for side, f in snapshots
    ]


def _job(job: tuple[str, int, int]) -> list[Row]:
    return play_and_record(*job)


def collect(scenarios: Sequence[str], games: int, seed: int, workers: int) -> list[Row]:
    jobs = [(s, i, seed) for s in scenarios for i in range(games)]
    rows: list[Row] = []
    with Progress() as progress:
        task = progress.add_task("self-play games", total=len(jobs))
        for got in _map(jobs, workers):
            rows += got
            progress.advance(task)
    return rows


def _map(jobs: list[tuple[str, int, int]], workers: int) -> Iterator[list[Row]]:
    if workers <= 1:
        yield from map(_job, jobs)
        return
    from multiprocessing import Pool

    with Pool(workers) as pool:
        yield from pool.imap(_job, jobs)


# --- the logistic fit -------------------------------------------------------------------


@dataclass
class Fit:
    weights: np.ndarray
    #: the model's standard errors (rows independent) and the game-clustered ones
    se: np.ndarray
    se_clustered: np.ndarray


def sigmoid(z: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-z))  # type: ignore[no-any-return]


def fit_logistic(
    x: np.ndarray, y: np.ndarray, groups: Sequence[str] | None = None, l2: float = L2
) -> Fit:
    """Weights maximising the log-likelihood of ``y`` (in [0, 1]) under
    ``sigmoid(x @ w)`` less ``l2 / 2 * |w|^2``, by Newton's method; with standard errors
    from the inverse Hessian and, clustered by ``groups``, from the sandwich."""
    k = x.shape[1]
    w = np.zeros(k)
    for _ in range(100):
        p = sigmoid(x @ w)
        grad = x.T @ (y - p) - l2 * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + l2 * np.eye(k)
        step = np.linalg.solve(hess, grad)
        w += step
        if np.max(np.abs(step)) < 1e-10:
            break
    p = sigmoid(x @ w)
    hess = (x * (p * (1 - p))[:, None]).T @ x + l2 * np.eye(k)
    cov = np.linalg.inv(hess)
    scores = x * (y - p)[:, None]
    if groups is not None:
        labels = {g: i for i, g in enumerate(dict.fromkeys(groups))}
        summed = np.zeros((len(labels), k))
        np.add.at(summed, [labels[g] for g in groups], scores)
        scores = summed
    meat = scores.T @ scores
    sandwich = cov @ meat @ cov
    return Fit(w, np.sqrt(np.diag(cov)), np.sqrt(np.diag(sandwich)))


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-12, 1 - 1e-12)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def guessed_totals(x: np.ndarray, weights: dict[str, float]) -> np.ndarray:
    """The evaluation's score of each row with ``weights`` (capped as it is)."""
    w = np.array([weights[f] for f in FEATURES])
    return np.clip(x @ w, -CAP, CAP)  # type: ignore[no-any-return]


def normalised(fitted: dict[str, float], guessed: dict[str, float]) -> dict[str, float]:
    """Fitted weights on the evaluation's scale: the summed ones adding up to 1 (those
    not fitted keep their guessed share), the automatic victory scaled alike."""
    fixed = sum(guessed[f] for f in SUMMED if f not in fitted)
    free = sum(max(0.0, fitted[f]) for f in SUMMED if f in fitted)
    scale = (1.0 - fixed) / free if free > 0 else 0.0
    out = {}
    for f in FEATURES:
        out[f] = guessed[f] if f not in fitted else min(1.0, max(0.0, fitted[f]) * scale)
    out = {f: round(v, 3) for f, v in out.items()}
    largest = max(SUMMED, key=lambda f: out[f])  # the rounding's remainder goes there
    out[largest] = round(out[largest] + 1.0 - sum(out[f] for f in SUMMED), 3)
    return out


@dataclass
class SystemFit:
    system: str
    features: list[str]
    rows: int
    games: int
    held_out_games: int
    fit: Fit
    all_games: Fit
    losses: dict[str, float]
    weights: dict[str, float]


def fit_system(system: str, rows: list[Row], guessed: dict[str, float]) -> SystemFit:
    x_all = np.array([r.features for r in rows])
    y = np.array([r.result for r in rows])
    held = np.array([r.held_out for r in rows])
    used = [i for i, _ in enumerate(FEATURES) if np.any(x_all[:, i] != 0)]
    x = x_all[:, used]
    groups = [r.game for r in rows]
    train = ~held
    fit = fit_logistic(x[train], y[train], [g for g, t in zip(groups, train, strict=True) if t])
    everything = fit_logistic(x, y, groups)
    g_train = guessed_totals(x_all[train], guessed)
    scale = fit_logistic(g_train[:, None], y[train], l2=0.0).weights[0]
    g_test = guessed_totals(x_all[held], guessed)
    losses = {
        "fitted": log_loss(sigmoid(x[held] @ fit.weights), y[held]),
        "guessed, as a share": log_loss((g_test + 1) / 2, y[held]),
        f"guessed, scaled (k = {scale:.2f})": log_loss(sigmoid(scale * g_test), y[held]),
        "a coin": log_loss(np.full(held.sum(), 0.5), y[held]),
    }
    fitted = {FEATURES[i]: float(everything.weights[j]) for j, i in enumerate(used)}
    return SystemFit(
        system,
        [FEATURES[i] for i in used],
        len(rows),
        len(set(groups)),
        len({g for g, h in zip(groups, held, strict=True) if h}),
        fit,
        everything,
        losses,
        normalised(fitted, guessed),
    )


def report(console: Console, result: SystemFit, guessed: dict[str, float]) -> None:
    table = Table(
        title=f"{result.system}: {result.rows} rows from {result.games} games "
        f"({result.held_out_games} held out)"
    )
    for column in (
        "feature",
        "w (train)",
        "se",
        "se by game",
        "w (all games)",
        "se by game",
        "weight (file)",
        "guessed",
    ):
        table.add_column(column, justify="right")
    for j, name in enumerate(result.features):
        table.add_row(
            name,
            f"{result.fit.weights[j]:+.2f}",
            f"{result.fit.se[j]:.2f}",
            f"{result.fit.se_clustered[j]:.2f}",
            f"{result.all_games.weights[j]:+.2f}",
            f"{result.all_games.se_clustered[j]:.2f}",
            f"{result.weights[name]:.3f}",
            f"{guessed[name]:.3f}",
        )
    for name in FEATURES:
        if name not in result.features:
            table.add_row(name, "zero in every row: not fitted", "", "", "", "", "", "")
    console.print(table)
    losses = Table(title=f"{result.system}: log-loss on the held-out games (lower is better)")
    losses.add_column("model")
    losses.add_column("log-loss", justify="right")
    for name, value in result.losses.items():
        losses.add_row(name, f"{value:.3f}")
    console.print(losses)


def this_command() -> str:
    return "python benchmarks/fit_weights.py " + shlex.join(sys.argv[1:])


def write_weights(
    path: Path, results: list[SystemFit], guessed: dict[str, float], played: Sequence[str] = ()
) -> None:
    """The weights file: ``[default]`` the guessed weights, a table for each rule system
    fitted; ``played``: the commands that played the games, if not this one."""
    command = this_command()
    today = datetime.datetime.now(datetime.UTC).date().isoformat()
    lines = [
        "# Weights of the evaluation's features (greatwar/ai/evaluate.py), fitted by",
        "# benchmarks/fit_weights.py (issue 19).  The evaluation reads",
        "# greatwar/data/ai/weights.toml: a fitted table is adopted by copying it there.",
        "#",
        "# [default] is for every rule system; a table named after a rule system ([gwite],",
        "# [tannenberg]) replaces it there.  Each table gives all five features, each a number",
        "# from 0 to 1; vp + material + supply + objectives add up to 1 (the sum's scale),",
        "# automatic is added on top (it is zero where a scenario has no automatic victory).",
        "#",
        "# [default]: the weights first guessed by hand (before issue 19's fit).",
        f"# The rule systems' tables: fitted on {today} by",
        f"#   {command}",
    ]
    lines += [f"# from the games played by\n#   {c}" for c in played]
    for r in results:
        kept = [f for f in FEATURES if f not in r.features]
        lines.append(
            f"# {r.system}: {r.games} games, {r.rows} rows; held-out log-loss "
            + ", ".join(f"{k} {v:.3f}" for k, v in r.losses.items())
            + (f"; not fitted (zero in every row), guessed: {', '.join(kept)}" if kept else "")
        )
    lines.append("")
    tables = [("default", guessed)] + [(r.system, r.weights) for r in results]
    for name, weights in tables:
        lines.append(f"[{name}]")
        lines += [f"{f} = {weights[f]:g}" for f in FEATURES]
        lines.append("")
    path.write_text("\n".join(lines), encoding="utf-8")
    evaluate.load_weights(path)  # what was written must load


# --- the fitted weights in play ---------------------------------------------------------


class Weighted:
    """The heuristic agent scoring with its own weights (swapped in while it decides)."""

    def __init__(self, agent: Agent, tables: dict[str, dict[str, float]], name: str) -> None:
        self.agent = agent
        self.tables = tables
        self.name = name

    def choose_in(self, view: View, world: World) -> Action:
        kept = evaluate.WEIGHTS_BY_SYSTEM
        evaluate.WEIGHTS_BY_SYSTEM = self.tables
        try:
            return cast(SearchingAgent, self.agent).choose_in(view, world)
        finally:
            evaluate.WEIGHTS_BY_SYSTEM = kept


def play_match(job: tuple[str, int, int, bool, dict[str, Any], dict[str, Any]]) -> float | None:
    """The candidate's score in one game (1, 0.5, 0; None if it failed)."""
    scenario, index, master, swapped, candidate, incumbent = job
    game = load(scenario, {})
    seed = derive_seed("fit-weights-match", master, scenario, index)
    sides = [s.id for s in game.scenario.sides]
    tables = [candidate, incumbent][::-1] if swapped else [candidate, incumbent]
    by_side = dict(zip(sides, tables, strict=True))
    agents = {
        role: Weighted(
            make_agent("heuristic", agent_seed(seed, n)), by_side[side_of(game, role)], "w"
        )
        for n, role in enumerate(game.roles())
    }
    try:
        state = play_game(game, seed, agents).state
    except GameFailure:
        return None
    winner = (state.result() or {}).get("winner")
    own = sides[1] if swapped else sides[0]
    return 0.5 if winner is None else float(winner == own)


def match(args: argparse.Namespace, console: Console) -> None:
    candidate = evaluate.load_weights(Path(args.match))
    guessed = evaluate.load_weights(Path(args.against))["default"]
    incumbent = {"default": guessed}
    jobs = [
        (scenario, pair, args.seed, swapped, candidate, incumbent)
        for scenario in args.scenario
        for pair in range(args.games // 2)
        for swapped in (False, True)
    ]
    scores: dict[tuple[str, bool], list[float | None]] = {}
    with Progress() as progress:
        task = progress.add_task("fitted against guessed", total=len(jobs))
        for job, score in zip(jobs, _map_match(jobs, args.workers), strict=True):
            scores.setdefault((job[0], job[3]), []).append(score)
            progress.advance(task)
    table = Table(title=f"heuristic with {args.match} against the guessed weights")
    for column in ("scenario", "candidate's side", "games", "won-drawn-lost", "win rate (95%)"):
        table.add_column(column)
    for (scenario, swapped), got in scores.items():
        side = [s.id for s in load(scenario, {}).scenario.sides][int(swapped)]
        done = [s for s in got if s is not None]
        won, drawn = done.count(1.0), done.count(0.5)
        low, high = wilson_interval(won, len(done)) if done else (math.nan, math.nan)
        rate = won / len(done) if done else math.nan
        table.add_row(
            scenario,
            side,
            _games(len(done), len(got)),
            f"{won}-{drawn}-{len(done) - won - drawn}",
            f"{rate:.0%} ({low:.0%}-{high:.0%})",
        )
    console.print(table)
    for scenario in args.scenario:
        mine = [s for (name, _), got in scores.items() if name == scenario for s in got]
        console.print(f"{scenario}: {score_line([s for s in mine if s is not None])}")
    every = [s for got in scores.values() for s in got if s is not None]
    console.print(f"every scenario: {score_line(every)}")


def score_line(scores: list[float]) -> str:
    """The candidate's mean score (a draw half) with a normal 95% interval (games taken
    as independent: both games of a pair share a seed, so this is a little wide)."""
    if not scores:
        return "no games"
    mean = sum(scores) / len(scores)
    spread = math.sqrt(sum((s - mean) ** 2 for s in scores) / max(1, len(scores) - 1))
    half = 1.96 * spread / math.sqrt(len(scores))
    return f"score {mean:.3f} over {len(scores)} games (95%: {mean - half:.3f}-{mean + half:.3f})"


def _games(done: int, played: int) -> str:
    return str(done) if done == played else f"{done} (+{played - done} failed)"


def _map_match(jobs: list[Any], workers: int) -> Iterator[float | None]:
    if workers <= 1:
        yield from map(play_match, jobs)
        return
    from multiprocessing import Pool

    with Pool(workers) as pool:
        yield from pool.imap(play_match, jobs)


# --- the command ------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenario", action="append", help="teaching scenario (repeatable)")
    parser.add_argument("--games", type=int, default=40, help="games a scenario")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", type=Path, help="write the weights file here")
    parser.add_argument("--rows", type=Path, help="keep the recorded rows here (JSON)")
    parser.add_argument(
        "--from-rows", type=Path, action="append", help="fit these rows (repeatable), no play"
    )
    parser.add_argument("--match", help="play this weights file against the guessed weights")
    parser.add_argument("--against", default=str(evaluate.WEIGHTS_FILE))
    args = parser.parse_args()
    args.scenario = args.scenario or list(SCENARIOS)
    console = Console(width=max(Console().width, 110))
    if args.match:
        match(args, console)
        return
    played: list[str] = []
    if args.from_rows:
        rows = []
        for path in args.from_rows:
            saved = json.loads(path.read_text(encoding="utf-8"))
            played.append(saved["command"])
            rows += [Row(**{**r, "features": tuple(r["features"])}) for r in saved["rows"]]
    else:
        rows = collect(args.scenario, args.games, args.seed, args.workers)
        if args.rows:
            saved = {"command": this_command(), "rows": [r.__dict__ for r in rows]}
            args.rows.write_text(json.dumps(saved), encoding="utf-8")
    guessed = evaluate.load_weights(evaluate.WEIGHTS_FILE)["default"]
    results = []
    for system in sorted({r.system for r in rows}):
        result = fit_system(system, [r for r in rows if r.system == system], guessed)
        report(console, result, guessed)
        results.append(result)
    if args.out:
        write_weights(args.out, results, guessed, played)
        console.print(f"weights written to {args.out}")


if __name__ == "__main__":
    main()
